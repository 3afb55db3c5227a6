#!/usr/bin/env bash
# The README's first command: make the project's .venv if needed, then serve the browser game
# (arguments go to `cadogan serve`, e.g. `bash scripts/serve.sh --open --port 8001`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/venv.sh
exec .venv/bin/cadogan serve "$@"
