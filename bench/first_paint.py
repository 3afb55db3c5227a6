"""Time to the first card drawn in the browser game (target: under 1 s on this machine).

Starts ``cadogan serve`` on a free port with a fresh database, opens the page in Debian's headless
Chromium (Playwright) a few times, each in a fresh profile (nothing cached, first visit), and prints
the time from navigation start to the first frame painted after the first card enters the page.

    python3 bench/first_paint.py [--runs 5] [--game british-square]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
WATCH = """
new MutationObserver((_, observer) => {
  if (!document.querySelector('#board .card')) return;
  observer.disconnect();
  requestAnimationFrame(() => requestAnimationFrame(() => { window.__firstCard = performance.now(); }));
}).observe(document, {childList: true, subtree: true});
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(db: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "cadogan.cli", "serve", "--port", str(port), "--db", db],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start in 20 s")


def first_card_ms(browser, url: str) -> float:
    """Milliseconds from navigation start to the frame after the first card appeared."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(url)
    deadline = time.monotonic() + 20
    # polled, not wait_for_function: that evals in the page, which the server's CSP forbids
    while (ms := page.evaluate("window.__firstCard ?? null")) is None:
        if time.monotonic() > deadline:
            raise SystemExit("no card was drawn within 20 s")
        page.wait_for_timeout(20)
    context.close()
    return ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="british-square")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server, url = start_server(str(Path(tmp) / "games.sqlite3"))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
                first_card_ms(browser, f"{url}/#/{args.game}")  # warm the server (imports, first game)
                times = [first_card_ms(browser, f"{url}/#/{args.game}") for _ in range(args.runs)]
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"first card drawn ({args.game}, 1366x768, fresh profile, {args.runs} runs): "
          f"median {statistics.median(times):.0f} ms, best {min(times):.0f} ms, worst {max(times):.0f} ms")


if __name__ == "__main__":
    main()
