#!/usr/bin/env bash
# Install everything the tests need (Python deps, Debian chromium) and run all tests.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi
python3 -m pip install -q --disable-pip-version-check -e '.[dev]'
python3 -m pytest -n 2 -q "$@"
