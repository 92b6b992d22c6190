#!/usr/bin/env bash
# Starts one ASGI server of Sampan: scripts/serve.sh uvicorn|daphne HOST PORT [APP]
# Every server starts here: `make run`, the README's production commands, the tests and the
# benchmarks. The profile (SAMPAN_PROFILE) picks uvicorn's flags: production's fast loop, HTTP
# parser and websockets; the embedded profile's lifespan, which runs its deadline ticker.
#
# Neither server may read X-Forwarded-For or X-Forwarded-Proto: the service decides the
# client's address and scheme itself (accounts.network.client_ip, SAMPAN_TRUSTED_PROXIES).
# uvicorn rewrites both from any request that comes from 127.0.0.1 unless told not to
# (--no-proxy-headers), which would let a local client pick its address and dodge the login
# lockout and the sign-up quota; daphne reads them only with --proxy-headers, never given here.
set -euo pipefail
cd "$(dirname "$0")/.."
server=$1 host=$2 port=$3 app=${4:-config.asgi:application}
case "$server" in
  uvicorn)
    case "${SAMPAN_PROFILE:-embedded}" in
      production) profile=(--loop uvloop --http httptools --ws websockets-sansio --lifespan off) ;;
      embedded) profile=(--lifespan on) ;;
      *) profile=(--lifespan off) ;;
    esac
    exec .venv/bin/uvicorn "$app" --host "$host" --port "$port" --no-proxy-headers --no-access-log "${profile[@]}" ;;
  daphne)
    exec .venv/bin/daphne -b "$host" -p "$port" "$app" ;;
  *)
    echo "usage: scripts/serve.sh uvicorn|daphne HOST PORT [APP]" >&2
    exit 2 ;;
esac
