.PHONY: run test bench

run:  ## set up and run the service (embedded profile: SQLite, no services needed)
	scripts/run.sh

test:  ## set up and run the whole test suite
	scripts/test.sh

bench:  ## engine benchmarks (on demand, not in CI)
	scripts/ensure-env.sh dev && .venv/bin/python tests/bench/engine_bench.py
