#!/usr/bin/env bash
# Sets up and runs Sampan on this machine with no services to install (the embedded profile):
# SQLite in WAL mode, an in-process channel layer, AI turns inline after commit, and the
# deadline ticker on the server's event loop. HOST and PORT may be set in the environment.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-env.sh
mkdir -p var
export SAMPAN_PROFILE=embedded
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py demo_account
echo "Sampan runs at http://$HOST:$PORT/  (log in as demo / demo; Ctrl-C stops it)"
exec .venv/bin/uvicorn config.asgi:application --host "$HOST" --port "$PORT" --lifespan on --no-access-log
