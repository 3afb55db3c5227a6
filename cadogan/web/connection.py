"""Connections under real clients: bounded time to send a request head, a bounded number of
connections, and protocol errors answered in the API's JSON form.

uvicorn (h11) holds a connection for as long as its client keeps it open before the first request,
and resets its keep-alive timer at every byte, so idle or dribbling clients could hold every file
descriptor; asyncio then logs "socket.accept() out of system resource" with a traceback for every
connection waiting in the backlog, many times a second. Here:

- **Head timeout**: a request line and headers must arrive within ``HEAD_SECONDS`` of the connection
  opening (or of the previous answer on a kept-alive connection), however the bytes dribble in.
  A partial head that runs out of time gets 408 ``head-timeout``; an idle connection is just closed.
- **Connection limit**: at most ``max_connections`` connections, enough fewer than the file
  descriptors the process may open (``connection_limit``) that accepting never runs out of them. A connection
  beyond the limit closes the one that has waited longest for its request head; when every
  connection is busy with a request, the newcomer is closed instead.
- **Protocol errors** (a request h11 cannot parse) get 400 ``malformed-request`` as JSON with the
  security headers, instead of uvicorn's plain text.
- **Log**: the event loop's "out of system resource" reports (should the process run out of
  descriptors anyway, e.g. through other files) are one line without traceback, at most one per
  ``LOG_EVERY`` seconds.
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import time
from http import HTTPStatus
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from cadogan.web.security import SECURITY_HEADERS

log = logging.getLogger("cadogan.web")
HEAD_SECONDS = 10.0
KEEP_ALIVE_SECONDS = 5
MAX_CONNECTIONS = 1000
# asyncio accepts up to BACKLOG connections at each turn of its loop, and closes the ones they push out
# a turn or two later, so 3 x BACKLOG descriptors are kept free beyond FD_RESERVE (the games file, the
# solver's workers, static files, the log); BACKLOG is also the kernel's queue of connections not yet
# accepted.
BACKLOG = 32
FD_RESERVE = 64
LOG_EVERY = 10.0


def connection_limit(reserve: int = FD_RESERVE + 3 * BACKLOG, most: int = MAX_CONNECTIONS) -> int:
    """How many connections to hold at once: ``most``, or fewer so that ``reserve`` file descriptors
    stay free for everything else (at least 8).

    >>> 8 <= connection_limit() <= MAX_CONNECTIONS
    True
    """
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return most
    return max(8, min(most, soft - reserve))


def error_answer(status: int, message: str, code: str) -> bytes:
    r"""A whole HTTP/1.1 answer: the JSON error (SPEC.md "Errors") with the security headers, closing
    the connection (written as bytes: h11 may be in no state to answer).

    >>> error_answer(400, "bad", "malformed-request").split(b"\r\n")[0]
    b'HTTP/1.1 400 Bad Request'
    """
    body = json.dumps({"error": message, "code": code}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               (b"connection", b"close"), *SECURITY_HEADERS]
    head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}".encode(), *(k + b": " + v for k, v in headers)]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with this module's head timeout, connection limit and JSON errors.

    ``guarded_protocol`` makes a subclass with the limits set; uvicorn makes one instance per connection.
    """

    head_seconds = HEAD_SECONDS
    max_connections = MAX_CONNECTIONS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_timer: asyncio.TimerHandle | None = None
        self.waiting_since = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_timer()
        if len(self.connections) > self.max_connections:
            self._make_room()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a whole request head arrived: the app's own limits take over
            self._cancel_head_timer()

    def on_response_complete(self) -> None:
        if not self.transport.is_closing():
            self._arm_head_timer()  # the next request's head, on a kept-alive connection
        super().on_response_complete()

    def send_400_response(self, msg: str) -> None:
        self._send_error(400, "malformed HTTP request: the request line or a header is not valid HTTP/1.1",
                         "malformed-request")

    # --- the limits ------------------------------------------------------------------------------
    def _arm_head_timer(self) -> None:
        self._cancel_head_timer()
        self.waiting_since = time.monotonic()
        self.head_timer = self.loop.call_later(self.head_seconds, self._head_timeout)

    def _cancel_head_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _head_timeout(self) -> None:
        self.head_timer = None
        if self.transport.is_closing():
            return
        started = bool(self.conn.trailing_data[0]) and self.conn.our_state is h11.IDLE
        if started:  # part of a head arrived: say why the connection closes
            self._send_error(408, f"the request head did not arrive within {self.head_seconds:g} s", "head-timeout")
        else:
            self.transport.close()

    def _make_room(self) -> None:
        """Over the limit: close the connection that has waited longest for its head (this one if
        every other is busy with a request)."""
        waiting = [c for c in self.connections if isinstance(c, GuardedH11Protocol) and c is not self
                   and c.head_timer is not None and not c.transport.is_closing()]
        victim = min(waiting, key=lambda c: c.waiting_since) if waiting else self
        victim._cancel_head_timer()
        victim.transport.close()

    def _send_error(self, status: int, message: str, code: str) -> None:
        self.transport.write(error_answer(status, message, code))
        self._cancel_head_timer()
        self.transport.close()


def guarded_protocol(max_connections: int | None = None, head_seconds: float = HEAD_SECONDS) -> type[GuardedH11Protocol]:
    """``GuardedH11Protocol`` with these limits (``max_connections`` default: ``connection_limit()``)."""
    limit = connection_limit() if max_connections is None else max_connections
    return type("GuardedH11", (GuardedH11Protocol,), {"max_connections": limit, "head_seconds": head_seconds})


class AcceptLogLimit:
    """An event loop exception handler that words "out of system resource" reports as one line, at
    most one per ``every`` seconds, and leaves every other report to the default handler.

    >>> lines = []
    >>> limit = AcceptLogLimit(every=10.0, write=lines.append)
    >>> for now in (0.0, 1.0, 2.0, 11.0):
    ...     limit.report({"message": "socket.accept() out of system resource", "exception": OSError(24, "Too many open files")}, now)
    >>> lines
    ['socket.accept() out of system resource: Too many open files (reported at most every 10 s)', 'socket.accept() out of system resource: Too many open files (2 more since)']
    """

    def __init__(self, every: float = LOG_EVERY, write: Any = None) -> None:
        self.every = every
        self.write = write or log.warning
        self.last = -float("inf")
        self.skipped = 0

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if "out of system resource" in str(context.get("message", "")):
            self.report(context, time.monotonic())
        else:
            loop.default_exception_handler(context)

    def report(self, context: dict[str, Any], now: float) -> None:
        if now - self.last < self.every:
            self.skipped += 1
            return
        err = context.get("exception")
        why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        tail = f"({self.skipped} more since)" if self.skipped else f"(reported at most every {self.every:g} s)"
        self.write(f"{context.get('message')}: {why} {tail}")
        self.last, self.skipped = now, 0


def serve(app: Any, host: str, port: int, max_connections: int | None = None,
          head_seconds: float = HEAD_SECONDS) -> None:
    """Serve ``app`` with uvicorn on ``host``:``port`` under this module's limits, until Ctrl+C."""
    import uvicorn

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_keep_alive=KEEP_ALIVE_SECONDS,
                            backlog=BACKLOG, http=guarded_protocol(max_connections, head_seconds))

    class Server(uvicorn.Server):
        async def serve(self, sockets: Any = None) -> None:
            asyncio.get_running_loop().set_exception_handler(AcceptLogLimit())
            await super().serve(sockets)

    try:
        Server(config).run()
    except KeyboardInterrupt:
        pass
