"""The page's service worker: it lists every file of the page, is served at the root, and opens the
page from its cache when the server is stopped (then the "server is not running" bar shows)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.chromium import browser, needs_chromium  # noqa: F401  (browser: a fixture)

STATIC = Path(__file__).resolve().parents[2] / "cadogan" / "web" / "static"


def test_the_service_worker_keeps_every_file_of_the_page():
    listed = set(re.findall(r'"(/[^"]*)"', (STATIC / "sw.js").read_text().split("const FILES = [", 1)[1].split("];", 1)[0]))
    present = {f"/static/{p.name}" for p in STATIC.iterdir() if p.is_file() and p.name != "sw.js"}
    assert listed == present | {"/"}, listed ^ (present | {"/"})


def test_the_service_worker_is_served_at_the_root_as_javascript(server_factory):
    import urllib.request

    server = server_factory()
    with urllib.request.urlopen(f"{server.url}/sw.js", timeout=30) as response:
        assert response.status == 200
        assert response.headers["content-type"].startswith("text/javascript")
        assert b"caches.open" in response.read()


@needs_chromium
def test_the_page_opens_from_its_cache_when_the_server_is_stopped(browser, server_factory):  # noqa: F811
    server = server_factory()
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    page = context.new_page()
    page.goto(f"{server.url}/#/precedence/king-out/5")
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)", timeout=20000)
    page.wait_for_function("""caches.open('cadogan-page-1').then((c) => c.keys()).then((k) => k.length >= 20)""",
                           timeout=20000)
    server.stop()
    page.reload()
    page.wait_for_selector("#offline:not([hidden])", timeout=20000)
    assert page.is_visible("#offline-retry")
    assert page.title()  # the page itself came from the cache, not an error page
    context.close()
