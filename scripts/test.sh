#!/usr/bin/env bash
# The test suite: engines, service (real PostgreSQL and Redis) and browser tests.
#
#   scripts/test.sh          the default suite: every test but the slow ones
#   scripts/test.sh --slow   the slow ones only (marked `slow`: pytest.ini and the README say which)
#   scripts/test.sh ARGS     one pytest run, as given
#
# The default suite and the slow tests each run as two pytest runs, one after the other: all
# but the browser tests (the default suite's in two workers, each with its own test database and
# Redis prefix; the slow ones, which kill processes and time them, in one), then the browser
# tests, in two workers that each drive a server and a Chromium of their own (their own database
# and Redis prefix). Either run keeps both cores busy; run side by side on two cores they took
# longer than one after the other (1361 s against 403 + 679 s for the default suite).
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
status=0
.venv/bin/python -m pytest -m "not e2e and $selection" "${workers[@]}" || status=$?
echo
echo "=== browser tests (pytest -m \"e2e and $selection\" -n 2) ==="
browser_status=0
.venv/bin/python -m pytest -m "e2e and $selection" -n 2 --durations=15 || browser_status=$?  # the slowest, to keep the suite's time in hand
echo "=== $selection: $(( $(date +%s) - started )) s in all ==="
if [ "$status" -eq 0 ]; then
  status=$browser_status
fi
exit "$status"
