#!/usr/bin/env bash
# The test suite: engines, service (real PostgreSQL and Redis) and browser tests.
#
#   scripts/test.sh          the default suite: every test but the slow ones
#   scripts/test.sh --slow   the slow ones only (marked `slow`: pytest.ini and the README say which)
#   scripts/test.sh ARGS     one pytest run, as given
#
# The default suite and the slow tests each run as two pytest runs side by side: the browser
# tests, in two workers that each wait on a server and Chromium of their own (their own
# database and Redis prefix), and all the rest. The browser tests' report follows the rest's.
# The rest of the default suite runs in two workers too (each its own test database and Redis
# prefix), so that both cores stay busy once the browser tests are done; the slow ones, which
# kill processes and time them, run in one.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-env.sh dev
scripts/ensure-services.sh
selection="not slow"
workers=(-n 2)
if [ "$*" = "--slow" ]; then
  selection="slow"
  workers=()
elif [ $# -gt 0 ]; then
  exec .venv/bin/python -m pytest "$@"
fi
started=$(date +%s)
browser_log=$(mktemp)
trap 'rm -f "$browser_log"' EXIT
.venv/bin/python -m pytest -m "e2e and $selection" -n 2 >"$browser_log" 2>&1 &
browser_tests=$!
status=0
.venv/bin/python -m pytest -m "not e2e and $selection" "${workers[@]}" || status=$?
browser_status=0
wait "$browser_tests" || browser_status=$?
echo
echo "=== browser tests (pytest -m \"e2e and $selection\" -n 2, run beside the rest) ==="
cat "$browser_log"
echo "=== $selection: $(( $(date +%s) - started )) s in all ==="
if [ "$status" -eq 0 ]; then
  status=$browser_status
fi
exit "$status"
