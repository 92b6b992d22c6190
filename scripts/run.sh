#!/usr/bin/env bash
# Sets up and runs Sampan on this machine with no services to install (the embedded profile):
# SQLite in WAL mode, an in-process channel layer, AI turns inline after commit, and the
# deadline ticker on the server's event loop. HOST and PORT may be set in the environment.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-env.sh
mkdir -p var
export SAMPAN_PROFILE=embedded
# HOST decides who can reach it: the settings derive the allowed hosts and websocket origins
# from it (and SAMPAN_PUBLIC_HOSTS), and the demo account exists only on loopback.
export HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py demo_account
case "$HOST" in
  127.*|localhost|::1) ;;
  *) echo "Serving on $HOST: other machines can reach it. Set SAMPAN_PUBLIC_HOSTS to the names or addresses" \
          "players use (e.g. SAMPAN_PUBLIC_HOSTS=192.168.1.20,sampan.lan); see README, Security." ;;
esac
echo "Sampan runs at http://$HOST:$PORT/  (Ctrl-C stops it)"
exec scripts/serve.sh uvicorn "$HOST" "$PORT"
