#!/usr/bin/env bash
# The README's second command: install everything the tests need (the project's .venv with the
# test dependencies, Debian's chromium) and run all tests.  Arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi
bash scripts/venv.sh dev
exec .venv/bin/python -m pytest -n 2 -q "$@"
