#!/usr/bin/env bash
# Creates .venv, installs the project with what the given extras need, and fetches the local
# copy of htmx (static/vendor/, not committed) from the npm registry; with the `test` extras
# also axe-core for the browser tests' accessibility checks (tests/browser/vendor/).
# Usage: scripts/setup.sh [extras]   e.g. scripts/setup.sh test
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
if [ -n "$extras" ]; then
    .venv/bin/python -m pip install --quiet -e ".[$extras]"
else
    .venv/bin/python -m pip install --quiet -e .
fi
bash scripts/fetch-htmx.sh
case ",$extras," in
    *,test,*) bash scripts/fetch-axe.sh ;;
esac
