"""``cadogan serve``: the browser game on http://127.0.0.1:8000/ (SPEC.md, HTTP API).

Imports Starlette and uvicorn only when the server starts, so ``cadogan --help`` stays fast.
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
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
    _check_host_text(args.host)
    if args.db:
        _check_directory(args.db)
    _check_port_free(args.host, args.port)
    from cadogan.store import Store, default_path
    from cadogan.web.app import make_app
    from cadogan.web.security import host_names

    path = args.db or default_path()
    try:
        store = Store(path)
    except Exception as err:  # sqlite3.Error, OSError: a file that is not a games database
        raise BadInput(f"cannot use {path!r} as the games database: {err}") from None
    from cadogan.web.solver_service import SolverService

    addresses = listening_addresses(args.host)
    hosts = set().union(*(host_names(a, args.port) for a in addresses))
    app = make_app(store, hosts=hosts, solver=SolverService(processes=True))
    urls = [f"http://{_shown(a)}:{args.port}/" for a in addresses if a != "localhost"]
    if not is_loopback(args.host):
        print(f"cadogan: warning: listening on {args.host}, so other computers on the network can reach this game "
              "(each browser is its own player; use --host 127.0.0.1 to keep it on this computer)", file=sys.stderr)
    print(f"Cadogan is at {' '.join(urls)}  (games saved in {path}; Ctrl+C stops)", file=sys.stderr)
    if args.open:
        import webbrowser

        threading.Timer(0.8, webbrowser.open, args=(urls[0],)).start()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("cadogan: %(message)s"))
    web_log = logging.getLogger("cadogan.web")
    web_log.addHandler(handler)
    web_log.setLevel(logging.INFO)
    web_log.propagate = False
    from cadogan.web.connection import serve

    serve(app, args.host, args.port)
    return 0


def _check_host_text(host: str) -> None:
    """A host name or address must be text a resolver can take (IDNA or ASCII), else BadInput.

    >>> _check_host_text("127.0.0.1"); _check_host_text("\\udcff")  # the byte 0xff of a command line
    Traceback (most recent call last):
    cadogan.errors.BadInput: cannot listen on \\xff: not a host name or address
    """
    try:
        host.encode("idna")
    except UnicodeError:
        shown = host.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")
        raise BadInput(f"cannot listen on {shown}: not a host name or address") from None


def _check_directory(path: str) -> None:
    """The games file's directory must exist (as ``survey`` asks of its database): a typo in --db
    is not silently made into new directories."""
    import os

    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise BadInput(f"cannot create the games database {path!r}: no directory {directory!r}")


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable only from this computer.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0")
    (True, True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def listening_addresses(host: str) -> list[str]:
    """The addresses a browser can use to reach a server listening on ``host``, loopback ones included.

    >>> listening_addresses("127.0.0.1")
    ['127.0.0.1', 'localhost']
    >>> "127.0.0.1" in listening_addresses("0.0.0.0") and "0.0.0.0" not in listening_addresses("0.0.0.0")
    True
    """
    if host in ("0.0.0.0", "::", ""):
        found = _own_addresses(socket.AF_INET6 if host == "::" else socket.AF_INET)
        loopback = ["::1"] if host == "::" else ["127.0.0.1"]
        return [*found, *loopback, "localhost", socket.gethostname()]
    if is_loopback(host):
        return [host, "localhost"] if host != "localhost" else ["127.0.0.1", "localhost"]
    return [host]


def _own_addresses(family: socket.AddressFamily) -> list[str]:
    """This computer's non-loopback addresses of ``family`` (the outbound one first)."""
    found: list[str] = []
    probe = "2001:db8::1" if family == socket.AF_INET6 else "192.0.2.1"  # documentation addresses: nothing is sent
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect((probe, 9))
            found.append(sock.getsockname()[0])
    except OSError:
        pass
    try:
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, family):
            found.append(str(sockaddr[0]))
    except OSError:
        pass
    return [a for a in dict.fromkeys(found) if not is_loopback(a)]


def _shown(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def _check_port_free(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as err:
            raise BadInput(f"cannot listen on {host}:{port}: {err.strerror} (try --port {port + 1})") from None
