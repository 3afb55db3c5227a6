"""What guards every request: Host and Origin checks, security headers, the player cookie, rate limits.

``Guard`` is an ASGI middleware around the whole app:

- **Host**: when the server knows the names it is reached by (``hosts``, e.g. ``127.0.0.1:8000``),
  a request naming another host is refused (403, ``forbidden``, reason ``host``): a page on another
  site cannot reach this server through DNS rebinding.
- **Origin**: a request that changes something (not GET, HEAD or OPTIONS) and says where it comes
  from must come from this server, scheme included (``http://`` + one of ``hosts``, or + its own
  Host header when ``hosts`` is not given); else 403 ``forbidden``, reason ``origin``. Clients that
  send no Origin (curl, scripts) are not affected.
- **Headers** on every answer: ``X-Content-Type-Options: nosniff``, a ``Content-Security-Policy``
  allowing scripts only from this server's files (no inline script; eval is allowed for the browser
  tests' Playwright; inline style is allowed, the board sets sizes in style attributes), ``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``,
  ``Referrer-Policy: no-referrer``.
- **Framing**: a request with both ``Content-Length`` and ``Transfer-Encoding`` is refused (400
  ``malformed-request``) and its connection closed (RFC 9112 section 6.1): a proxy in front may
  have read its body otherwise, and what follows on the connection cannot be trusted.
- **Player**: each browser gets an unguessable id in an HttpOnly, SameSite=Lax cookie
  (``cadogan_player``); the app finds it in ``request.state.player``. Lax, not Strict: a shared deal
  link opened from mail or chat (a cross-site navigation) must reach the player's own games and
  statistics, not mint a new player. Writes stay guarded by the Origin check above (and Lax never
  sends the cookie with a cross-site POST).
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import time
from typing import Any, Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("cadogan.web")
PLAYER_COOKIE = "cadogan_player"
PLAYER_AGE = 10 * 365 * 24 * 3600
_PLAYER_ID = re.compile(r"^[A-Za-z0-9_-]{32}$")
# 'unsafe-eval': the browser tests' Playwright evaluates its wait conditions with eval in the page; the
# front end itself never evals. Inline script stays blocked (no 'unsafe-inline' for scripts).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; media-src 'self' data: blob:; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def new_player_id() -> str:
    """32 URL-safe characters from 24 random bytes.

    >>> valid_player_id(new_player_id()), valid_player_id("guess"), valid_player_id("a" * 31 + "=")
    (True, False, False)
    """
    return secrets.token_urlsafe(24)


def valid_player_id(text: str) -> bool:
    return bool(_PLAYER_ID.match(text))


def cookie_value(header: str, name: str) -> str | None:
    """The value of cookie ``name`` in a Cookie header, or None.

    >>> cookie_value("a=1; cadogan_player=xyz; b=2", "cadogan_player")
    'xyz'
    >>> cookie_value("cadogan_playerx=1", "cadogan_player") is None
    True
    """
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value.strip()
    return None


def host_names(host: str, port: int) -> set[str]:
    """The Host header values that name ``host``:``port`` (the port may be left out when it is 80).

    >>> sorted(host_names("::1", 80))
    ['[::1]', '[::1]:80']
    """
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    names = {f"{shown}:{port}".lower()}
    if port == 80:
        names.add(shown.lower())
    return names


def error_body(status: int, message: str, code: str, **fields: str) -> tuple[int, bytes]:
    return status, json.dumps({"error": message, "code": code, **fields}).encode()


class Guard:
    """The ASGI middleware of this module's docstring."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] | None = None) -> None:
        self.app = app
        self.hosts = {h.lower() for h in hosts} if hosts is not None else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.refusal(scope["method"], headers)
        player = cookie_value(headers.get("cookie", ""), PLAYER_COOKIE)
        new_player = player is None or not valid_player_id(player)
        if new_player:
            player = new_player_id()
        scope.setdefault("state", {})
        scope["state"]["player"] = player
        scope["state"]["new_player"] = new_player

        broken = False

        async def send_guarded(message: Message) -> None:
            nonlocal broken
            if message["type"] == "http.response.start":
                extra = list(SECURITY_HEADERS)
                if new_player and refusal is None:
                    extra.append((b"set-cookie", (f"{PLAYER_COOKIE}={player}; Path=/; Max-Age={PLAYER_AGE}; "
                                                  "HttpOnly; SameSite=Lax").encode()))
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            if broken:
                return
            try:
                await send(message)
            except Exception as err:  # the connection broke (e.g. the server already answered a garbled body)
                broken = True
                log.info("could not answer %s %s: %s", scope["method"], scope["path"][:100], str(err)[:200])

        if refusal is not None:
            status, body = refusal
            closing = [(b"connection", b"close")] if status == 400 else []
            await send_guarded({"type": "http.response.start", "status": status,
                                "headers": [(b"content-type", b"application/json"),
                                            (b"content-length", str(len(body)).encode()), *closing]})
            await send_guarded({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send_guarded)

    def refusal(self, method: str, headers: dict[str, str]) -> tuple[int, bytes] | None:
        """(status, body) of the 403 for a request from elsewhere (or the 400 of an ambiguous body
        framing), or None to let it through."""
        if "content-length" in headers and "transfer-encoding" in headers:
            return error_body(400, "refused: a request may not have both Content-Length and Transfer-Encoding",
                              "malformed-request")
        host = headers.get("host", "").lower()
        if self.hosts is not None and host not in self.hosts:
            return error_body(403, "refused: this request names another host than this server", "forbidden",
                              reason="host")
        origin = headers.get("origin")
        if origin is not None and method not in SAFE_METHODS:
            allowed = self.hosts if self.hosts is not None else {host}
            if origin.lower() not in {f"http://{h}" for h in allowed}:
                return error_body(403, "refused: this request comes from another site", "forbidden", reason="origin")
        return None


class RateLimit:
    """At most ``per_minute`` events per client key, in a sliding minute (a token bucket).

    >>> limit = RateLimit(2)
    >>> [limit.take("a", now=0.0), limit.take("a", now=1.0), limit.take("a", now=2.0), limit.take("b", now=2.0)]
    [0, 0, 28, 0]
    >>> limit.take("a", now=31.0)
    0
    """

    def __init__(self, per_minute: int, clients: int = 10_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(per_minute)
        self.clients = clients
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, now: float | None = None) -> int:
        """0 when the event may go ahead (and count it), else the seconds to wait."""
        now = time.monotonic() if now is None else now
        tokens, then = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return max(1, int((1.0 - tokens) / self.rate + 0.999))
        if len(self._buckets) >= self.clients and key not in self._buckets:
            self._buckets.clear()  # a flood of addresses: forget them all rather than grow without end
        self._buckets[key] = (tokens - 1.0, now)
        return 0


def client_key(scope: dict[str, Any]) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"
