#!/usr/bin/env bash
# Creates .venv with pinned requirements: the service's (requirements.txt), or with `dev` also
# those of the tests and benchmarks (requirements-dev.txt). Installs only when the files changed.
set -euo pipefail
cd "$(dirname "$0")/.."
file=requirements.txt
if [ "${1:-}" = dev ]; then
  file=requirements-dev.txt
fi
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.$file.sha256
want=$(cat requirements.txt "$file" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/pip install --quiet --upgrade pip
  .venv/bin/pip install --quiet -r "$file"
  echo "$want" > "$stamp"
fi
# The engines' compiled modules (engines/native.py); without them the engines run as pure Python.
.venv/bin/python scripts/build_native.py || echo "ensure-env: the engines run as pure Python (see above)" >&2
