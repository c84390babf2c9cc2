#!/usr/bin/env bash
# Sets up the project and runs the main job. Until the web app lands, that is a demo game
# of Copenhagen Roll & Write played by bots and printed in the terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/copenhagen demo "$@"
