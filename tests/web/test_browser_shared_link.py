"""A shared deal link opened from another site keeps the player, in a real headless Chromium.

README invites sharing a deal by its URL. Opened from mail or chat, that is a cross-site navigation:
with a SameSite=Strict cookie the browser sent no cookie, the server made a new player and the
browser replaced the old cookie, so the player's statistics and games were gone.
"""

from __future__ import annotations

import http.server
import threading

import pytest
from tests.web.chromium import CHROMIUM, FLAGS, needs_chromium
from ports import free_port

pytestmark = needs_chromium
OTHER_SITE = "127.0.0.2"  # all of 127/8 is this computer on Linux; another IP host is another site


@pytest.fixture()
def other_site():
    """A page on another site (another host, not only another port) that links to ``target``."""
    page = {"html": b""}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page["html"])))
            self.end_headers()
            self.wfile.write(page["html"])

        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer((OTHER_SITE, free_port()), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def linking_to(target: str) -> str:
        page["html"] = f'<!doctype html><title>chat</title><a id="link" href="{target}">a deal for you</a>'.encode()
        return f"http://{OTHER_SITE}:{server.server_address[1]}/"

    yield linking_to
    server.shutdown()
    server.server_close()


def _fetch_json(page, method: str, path: str, body: dict | None = None):
    return page.evaluate(
        """async ([method, path, body]) => {
             const options = {method, headers: {"Content-Type": "application/json"}};
             if (body) options.body = JSON.stringify(body);
             const answer = await fetch(path, options);
             return [answer.status, await answer.json()];
           }""", [method, path, body])


def test_a_shared_link_opened_from_another_site_keeps_the_players_statistics(server_factory, other_site, tmp_path):
    from playwright.sync_api import sync_playwright

    server = server_factory()
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                        headless=True, args=FLAGS)
        try:
            context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(f"{server.url}/")
            page.wait_for_selector("body[data-ready='1']", timeout=15000)
            status, game = _fetch_json(page, "POST", "/api/games", {"game": "precedence", "deal": 3})
            assert status == 201
            assert _fetch_json(page, "POST", f"/api/games/{game['id']}/moves", {"move": "deal"})[0] == 200
            status, before = _fetch_json(page, "GET", "/api/stats")
            assert status == 200 and [row["played"] for row in before if row["game"] == "precedence"] == [1]
            cookie = [c for c in context.cookies(server.url) if c["name"] == "cadogan_player"]
            assert len(cookie) == 1 and cookie[0]["sameSite"] == "Lax"

            page.goto(other_site(f"{server.url}/#/british-square/piles/42"))
            page.click("#link")
            page.wait_for_url(f"{server.url}/**", timeout=15000)
            page.wait_for_selector("body[data-ready='1']", timeout=15000)
            page.wait_for_function("document.getElementById('share').textContent === '42'", timeout=15000)

            after_cookie = [c for c in context.cookies(server.url) if c["name"] == "cadogan_player"]
            assert [c["value"] for c in after_cookie] == [cookie[0]["value"]]  # the same player
            status, after = _fetch_json(page, "GET", "/api/stats")
            assert status == 200 and [row["played"] for row in after if row["game"] == "precedence"] == [1]
            assert _fetch_json(page, "GET", f"/api/games/{game['id']}")[1]["moves"] == ["deal"]
        finally:
            context.close()


def test_a_write_from_another_site_is_still_refused(server_factory):
    """Lax sends the cookie with top-level GET navigations only; the Origin check refuses writes."""
    server = server_factory()
    for origin in (f"http://{OTHER_SITE}:{server.port}", "http://evil.example"):
        import urllib.error
        import urllib.request

        request = urllib.request.Request(f"{server.url}/api/games", data=b'{"game": "square"}', method="POST",
                                         headers={"Content-Type": "application/json", "Origin": origin})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(request, timeout=30)
        assert err.value.code == 403 and b'"reason": "origin"' in err.value.read()
