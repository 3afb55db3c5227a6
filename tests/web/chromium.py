"""Debian's headless Chromium for the browser tests: where it is, its flags, one browser per module.

Import ``browser`` into a test module to use it as a fixture; ``needs_chromium`` skips the module
where Chromium is not installed.
"""

from __future__ import annotations

import os

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
