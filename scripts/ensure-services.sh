#!/usr/bin/env bash
# Starts PostgreSQL and Redis on loopback when they are not running, and installs Debian's
# chromium for the browser tests and GNU gettext for the catalog check when they are missing.
set -euo pipefail
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  if ! command -v pg_ctlcluster >/dev/null; then
    apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
  fi
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  for _ in $(seq 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if ! command -v redis-server >/dev/null; then
    apt-get update -qq && apt-get install -y -qq redis-server >/dev/null
  fi
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
if ! command -v msgfmt >/dev/null || ! command -v xgettext >/dev/null; then
  apt-get update -qq && apt-get install -y -qq gettext >/dev/null
fi
