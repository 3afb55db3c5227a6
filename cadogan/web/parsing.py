"""Reading what a client sends: the JSON body, its fields, and the query parameters that are numbers.

Every fault becomes an ``ApiError`` (a 4xx with a code, SPEC.md "Errors"); nothing here touches a game.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request

from cadogan.cmdline import read_deal
from cadogan.errors import CadoganError
from cadogan.web.errors import ApiError, from_cadogan_error

MAX_BODY = 16 * 1024
BODY_SECONDS = 10.0
MAX_TEXT = 100  # characters in a text field (a move, a game or variant name)
_STEP_DIGITS = 9
MAX_SEED = 2**32 - 1  # the largest seed of a draw a client may give (advice, review)


async def read_json_object(request: Request, required: bool = True, seconds: float = BODY_SECONDS) -> dict[str, Any]:
    """The body as a JSON object, read within ``seconds``; ApiError 400/408/413 if it is not one."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise _too_large()
    body = bytearray()
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                body.extend(chunk)
                if len(body) > MAX_BODY:
                    raise _too_large()
    except TimeoutError:
        raise ApiError(408, f"the request body did not arrive within {seconds:g} s", "body-timeout") from None
    if not body.strip():
        if required:
            raise ApiError(400, "request body is empty: send a JSON object", "malformed-body")
        return {}
    try:
        value = json.loads(bytes(body).decode("utf-8"), parse_constant=_reject_constant,
                           parse_int=_bounded_int)
    except UnicodeDecodeError:
        raise ApiError(400, "request body is not UTF-8 text", "malformed-body") from None
    except (ValueError, RecursionError) as err:
        raise ApiError(400, f"request body is not valid JSON: {str(err)[:120]}", "malformed-body") from None
    if not isinstance(value, dict):
        raise ApiError(400, f"request body must be a JSON object, not {type(value).__name__}", "malformed-body")
    return value


def _too_large() -> ApiError:
    return ApiError(413, f"request body is too large (at most {MAX_BODY} bytes)", "body-too-large")


MAX_NUMBER_DIGITS = 4000  # below Python's own limit on int() (4,300 digits)


def _bounded_int(text: str) -> int:
    """A JSON integer, its length bounded before int(): Python refuses over 4,300 digits with a
    message about its own settings that means nothing to a client."""
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(f"a number in the body is too long (at most {MAX_NUMBER_DIGITS:,} digits)")
    return int(text)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_deal(value: Any) -> int | None:
    """A deal number from JSON (an integer or its ASCII decimal text); None when absent.

    The one deal parser of every front end (``cadogan.commands.read_deal``): the CLI and the API
    accept and refuse the same deals.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ApiError(422, f"deal must be a whole number (or its decimal text), not {type(value).__name__}",
                       "bad-deal", deal=json.dumps(value)[:30])
    try:
        return read_deal(str(value) if isinstance(value, int) else value)
    except CadoganError as err:
        api = from_cadogan_error(err)
        api.fields.setdefault("deal", str(value)[:30])
        raise api from None


def text_field(body: dict[str, Any], key: str, required: bool) -> str | None:
    """Field ``key`` of a body as text (None when absent and not ``required``)."""
    value = body.get(key)
    if value is None:
        if required:
            raise ApiError(400, f"the body needs a {key!r} field", "malformed-body")
        return None
    if not isinstance(value, str):
        raise ApiError(400, f"{key} must be text, not {type(value).__name__}", "malformed-body")
    if len(value) > MAX_TEXT:
        raise ApiError(422, f"{key} is too long", "bad-move" if key == "move" else f"unknown-{key}",
                       **{key: value[:30]})
    return value


def flag(body: dict[str, Any], key: str) -> bool:
    """Field ``key`` of a body as true or false (false when absent)."""
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise ApiError(400, f"{key} must be true or false", "bad-parameter", name=key)
    return value


def whole_number(text: str | None, digits: int = _STEP_DIGITS) -> int | None:
    """A query parameter of at most ``digits`` ASCII digits as a number; None when it is not one.

    >>> whole_number("12"), whole_number("-1"), whole_number("١"), whole_number(None), whole_number("1" * 10)
    (12, None, None, None, None)
    """
    if text is None:
        return None
    return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None


def parse_step(text: str | None) -> int:
    """The ``step`` query parameter as a whole number (its upper bound is checked against the line)."""
    if text is None:
        raise ApiError(400, "step is missing: give ?step=k, the number of moves of the solution to play",
                       "bad-parameter", name="step")
    text = text.strip()
    step = whole_number(text)
    if step is None:
        raise ApiError(400, f"step must be a whole number from 0 to the length of the winning line, not {text[:30]!r}",
                       "bad-parameter", name="step")
    return step


def count_parameter(request: Request, name: str, default: int, low: int, high: int) -> int:
    """Query parameter ``name`` as a whole number in ASCII digits from ``low`` to ``high`` (``default``
    when absent); ApiError 400 ``bad-parameter`` naming it otherwise."""
    text = request.query_params.get(name)
    if text is None:
        return default
    value = whole_number(text, len(str(high)))
    if value is None or not low <= value <= high:
        raise ApiError(400, f"{name} must be a whole number from {low} to {high} in ASCII digits, not "
                       f"{ascii(text[:30])}", "bad-parameter", name=name)
    return value


def flag_parameter(request: Request, name: str) -> bool:
    """Query parameter ``name``: ``1`` or ``0`` (absent: 0); ApiError 400 ``bad-parameter`` otherwise."""
    text = request.query_params.get(name, "0")
    if text not in ("0", "1"):
        raise ApiError(400, f"{name} must be 0 or 1, not {ascii(text[:30])}", "bad-parameter", name=name)
    return text == "1"
