.PHONY: run test test-slow bench balance

run:  ## set up and run the service (embedded profile: SQLite, no services needed)
	scripts/run.sh

test:  ## set up and run the default test suite (all but the slow tests)
	scripts/test.sh

test-slow:  ## the tests marked slow (the README says which); CI runs them after `make test`
	scripts/test.sh --slow

bench:  ## engine benchmarks (on demand, not in CI)
	scripts/ensure-env.sh dev && .venv/bin/python tests/bench/engine_bench.py

balance:  ## the site's balance pages: bot games of every game, measures to frontend/balance/ (about 10 min on two free cores)
	scripts/ensure-env.sh dev && nice -n 5 .venv/bin/python -m engines balance --site --jobs 2
