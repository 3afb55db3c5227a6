"""The API's client faults: one exception that every route raises, and the parsers that raise it.

``ApiError(status, message, code, **fields)`` becomes ``{"error": message, "code": code, **fields}``
with that status (the app's exception handler answers it); ``from_cadogan_error`` gives the 4xx of an
engine error, with its code and fields (SPEC.md "Errors").
"""

from __future__ import annotations

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
        return JSONResponse({"error": self.message, "code": self.code, **self.fields}, status_code=self.status,
                            headers=self.headers)


def from_cadogan_error(err: CadoganError) -> ApiError:
    """The 4xx of an engine error, with its code and fields (SPEC.md "Errors")."""
    fields = {k: str(v) for k, v in err.fields.items()}
    if isinstance(err, IllegalMove):
        return ApiError(422, f"cannot play {err.move_text}: {err.reason}", err.code,
                        **{**fields, "move": err.move_text})
    code = err.code
    return ApiError(409 if code in ("nothing-to-undo", "nothing-to-redo") else 422, str(err), code, **fields)


def seconds_parameter(text: str | None, default: float, low: float, high: float, low_included: bool = True) -> float:
    """A ``budget`` query parameter in seconds within [low, high] (or (low, high]); ApiError 400 if not."""
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ApiError(400, f"budget must be a number of seconds, not {text[:30]!r}", "bad-parameter",
                       name="budget") from None
    above_low = low <= value if low_included else low < value
    if not (above_low and value <= high):  # also rejects nan and inf
        if low_included:
            raise ApiError(400, f"budget must be from {low:g} to {high:g} seconds, not {text[:30]}", "bad-parameter",
                           name="budget")
        raise ApiError(400, f"budget must be more than {low:g} and at most {high:g} seconds", "bad-parameter",
                       name="budget")
    return value
