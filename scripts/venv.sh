#!/usr/bin/env bash
# Make (or refresh) the project's virtual environment .venv with Cadogan installed in it, so that
# the README's commands work on a distribution's own python3 (PEP 668 forbids pip there), on pyenv
# and on conda alike.  Usage: bash scripts/venv.sh [EXTRAS]   e.g. `bash scripts/venv.sh dev`.
# Prints nothing but errors; installs Debian's python3-venv first where it is missing (as root or
# through sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
python="${PYTHON:-python3}"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ ! -x .venv/bin/python ]; then
    if ! "$python" -m venv .venv >/dev/null 2>&1; then
        # Debian and Ubuntu ship venv's pip bootstrap in a package of its own.
        rm -rf .venv
        if command -v apt-get >/dev/null 2>&1; then
            as_root apt-get update -qq
            as_root apt-get install -y -qq python3-venv python3-dev >/dev/null
        fi
        "$python" -m venv .venv
    fi
fi
spec="."
[ -n "$extras" ] && spec=".[$extras]"
# A stamp of what was installed, so the second run of a README command starts at once.
stamp=".venv/.cadogan-installed"
want="$extras $(cat pyproject.toml setup.py | cksum)"
if [ ! -f "$stamp" ] || ! grep -qxF -- "$want" "$stamp" 2>/dev/null; then
    .venv/bin/python -m pip install -q --disable-pip-version-check -e "$spec"
    printf '%s\n' "$want" > "$stamp"
fi
