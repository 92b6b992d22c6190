#!/usr/bin/env bash
# The whole test suite: engines, service (real PostgreSQL and Redis) and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-env.sh dev
scripts/ensure-services.sh
exec .venv/bin/python -m pytest "$@"
