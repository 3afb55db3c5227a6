"""Debian's headless Chromium for the browser tests: where it is, its flags, one browser per module.

Import ``browser`` into a test module to use it as a fixture; ``needs_chromium`` skips the module
where Chromium is not installed; ``axe_script`` installs axe-core from npm (once) for the accessibility tests;
``start_game`` and ``open_game`` set up a game mid-way through the API and open the page on it.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]
needs_chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium (Playwright) for the whole test module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield launched
        launched.close()


AXE_VERSION = "4.14.1"
AXE_DIR = Path(__file__).resolve().parent / ".axe"  # npm's folder for axe-core (ignored by git)


@pytest.fixture(scope="session")
def axe_script() -> str:
    """The path of axe-core's axe.min.js, installed from npm into tests/web/.axe on first use."""
    script = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
    npm = shutil.which("npm")
    if not script.exists() and npm is None:
        pytest.skip("npm is not installed: no axe-core")
    AXE_DIR.mkdir(exist_ok=True)
    with open(AXE_DIR / ".lock", "w") as lock:  # xdist's workers install it once, one after the other
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not script.exists():
            subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save", "--silent", "--prefix", str(AXE_DIR),
                            f"axe-core@{AXE_VERSION}"], check=True, timeout=300)
    return str(script)


def start_game(server, game_id: str, variant: str, deal, moves: list[str]) -> str:
    """Start the deal through the API and play ``moves``; the game's id."""
    status, obj = server.request("POST", "/api/games", {"game": game_id, "variant": variant, "deal": deal})
    assert status == 201, obj
    for move in moves:
        assert server.request("POST", f"/api/games/{obj['id']}/moves", {"move": move})[0] == 200, move
    return obj["id"]


def open_game(page, server, game_id: str, variant: str, deal, moves: list[str], *, settle_ms: int = 0) -> str:
    """``start_game``, then open the page on that game and wait until it is ready, and ``settle_ms``
    more (for the late redraw once the stats line, guidance and verdict arrive); the game's id."""
    gid = start_game(server, game_id, variant, deal, moves)
    page.add_init_script(f"localStorage.setItem('cadogan.current', {json.dumps(gid)})")
    page.goto(f"{server.url}/")
    page.wait_for_selector("body[data-ready='1']", timeout=15000)
    if settle_ms:
        page.wait_for_timeout(settle_ms)
    return gid
