#!/usr/bin/env bash
# Sets up the project and starts the web app on http://127.0.0.1:8000 (gunicorn, embedded
# SQLite database in instance/). Extra arguments go to `copenhagen serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/copenhagen migrate  # the schema, once: the servers refuse an old one
exec .venv/bin/copenhagen serve --host 127.0.0.1 --port 8000 "$@"
