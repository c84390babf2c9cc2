#!/usr/bin/env bash
# Sets up everything the tests need (venv, pip packages, Debian packages), then runs
# ruff and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-packages.sh
bash scripts/setup.sh test
.venv/bin/ruff check .
exec .venv/bin/python -m pytest "$@"
