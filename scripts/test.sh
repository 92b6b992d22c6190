#!/usr/bin/env bash
# The whole test suite: engines, service (real PostgreSQL and Redis) and browser tests.
#
# With no arguments, two pytest runs go side by side: the browser tests, in two workers that
# each wait on a server and Chromium of their own (their own database and Redis prefix), and
# all the rest.
# The browser tests' report follows the rest's. With arguments, one pytest runs them as given.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-env.sh dev
scripts/ensure-services.sh
if [ $# -gt 0 ]; then
  exec .venv/bin/python -m pytest "$@"
fi
browser_log=$(mktemp)
trap 'rm -f "$browser_log"' EXIT
.venv/bin/python -m pytest -m e2e -n 2 >"$browser_log" 2>&1 &
browser_tests=$!
status=0
.venv/bin/python -m pytest -m "not e2e" || status=$?
browser_status=0
wait "$browser_tests" || browser_status=$?
echo
echo "=== browser tests (pytest -m e2e -n 2, run beside the rest) ==="
cat "$browser_log"
if [ "$status" -eq 0 ]; then
  status=$browser_status
fi
exit "$status"
