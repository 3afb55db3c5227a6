"""``cadogan serve``: the browser game on http://127.0.0.1:8000/ (SPEC.md, HTTP API).

Imports Starlette and uvicorn only when the server starts, so ``cadogan --help`` stays fast.
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading

from cadogan.errors import BadInput


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--db", metavar="FILE", help="SQLite file of saved games and statistics "
                                                    "(default: games.sqlite3 in your data directory)")
    parser.add_argument("--open", action="store_true", help="open the game in your web browser")


def run_serve(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise BadInput(f"port {args.port} is out of range: use 1..65535")
    _check_port_free(args.host, args.port)
    import uvicorn

    from cadogan.store import Store, default_path
    from cadogan.web.app import make_app

    path = args.db or default_path()
    try:
        store = Store(path)
    except Exception as err:  # sqlite3.Error, OSError: a file that is not a games database
        raise BadInput(f"cannot use {path!r} as the games database: {err}") from None
    app = make_app(store)
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown_host}:{args.port}/"
    print(f"Cadogan is at {url}  (games saved in {path}; Ctrl+C stops)", file=sys.stderr)
    if args.open:
        import webbrowser

        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def _check_port_free(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as err:
            raise BadInput(f"cannot listen on {host}:{port}: {err.strerror} (try --port {port + 1})") from None
