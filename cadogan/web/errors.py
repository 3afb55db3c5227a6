"""The API's client faults: one exception that every route raises, and the parsers that raise it.

``ApiError(status, message, code, **fields)`` becomes ``{"error": message, "code": code, **fields}``
with that status (the app's exception handler answers it); ``from_cadogan_error`` gives the 4xx of an
engine error, with its code and fields (SPEC.md "Errors").

An error often echoes what the client sent (a game name, a move); JSON may carry text UTF-8 cannot
(a lone surrogate such as ``"\\ud800"``), so error bodies are written in ASCII JSON: every character
escaped as JSON allows, the client's text given back exactly as it came.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.responses import JSONResponse

from cadogan.errors import CadoganError, IllegalMove


class ApiError(Exception):
    """A client fault: becomes ``{"error": message, "code": code, **fields}`` with this status."""

    def __init__(self, status: int, message: str, code: str, headers: dict[str, str] | None = None,
                 **fields: str) -> None:
        super().__init__(message)
        self.status, self.message, self.code, self.fields = status, message, code, fields
        self.headers = headers

    def response(self) -> JSONResponse:
        return ErrorResponse({"error": self.message, "code": self.code, **self.fields}, status_code=self.status,
                             headers=self.headers)


class ErrorResponse(JSONResponse):
    r"""JSON in ASCII: it encodes any text, lone surrogates included.

    >>> print(ErrorResponse({"error": "unknown game \ud800", "code": "unknown-game"}).body.decode())
    {"error":"unknown game \ud800","code":"unknown-game"}
    """

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


def from_cadogan_error(err: CadoganError) -> ApiError:
    """The 4xx of an engine error, with its code and fields (SPEC.md "Errors")."""
    fields = {k: str(v) for k, v in err.fields.items()}
    if isinstance(err, IllegalMove):
        return ApiError(422, f"cannot play {err.move_text}: {err.reason}", err.code,
                        **{**fields, "move": err.move_text})
    code = err.code
    return ApiError(409 if code in ("nothing-to-undo", "nothing-to-redo") else 422, str(err), code, **fields)


_SECONDS_TEXT = re.compile(r"[0-9]{1,9}(?:\.[0-9]{0,9})?|\.[0-9]{1,9}", re.ASCII)


def seconds_parameter(text: str | None, default: float, low: float, high: float, low_included: bool = True) -> float:
    r"""A ``budget`` query parameter in seconds within [low, high] (or (low, high]); ApiError 400 if not.

    Plain decimal text in ASCII digits only, as deal numbers (SPEC.md "Deal numbers"): not ``1e3``,
    ``inf`` or the Arabic-Indic one that Python's ``float`` would take.

    >>> seconds_parameter("2.5", 3.0, 0.0, 10.0), seconds_parameter(None, 3.0, 0.0, 10.0)
    (2.5, 3.0)
    >>> seconds_parameter("\u0661", 3.0, 0.0, 10.0)
    Traceback (most recent call last):
    cadogan.web.errors.ApiError: budget must be a number of seconds in ASCII digits, not '\u0661'
    """
    if text is None:
        return default
    if not _SECONDS_TEXT.fullmatch(text):
        raise ApiError(400, f"budget must be a number of seconds in ASCII digits, not {ascii(text[:30])}",
                       "bad-parameter", name="budget")
    value = float(text)
    above_low = low <= value if low_included else low < value
    if not (above_low and value <= high):  # also rejects nan and inf
        if low_included:
            raise ApiError(400, f"budget must be from {low:g} to {high:g} seconds, not {text[:30]}", "bad-parameter",
                           name="budget")
        raise ApiError(400, f"budget must be more than {low:g} and at most {high:g} seconds", "bad-parameter",
                       name="budget")
    return value
