"""The errors a user can cause, each with a code a program (or a translation) can rely on.

``str(err)`` is an English sentence fit to show; ``err.code`` (one of ``CODES``) and ``err.fields``
(texts: cards as ``QH``, piles as ``t3``, ranks ``A``..``K``, suits ``C D H S``) say the same for
programs, so a front end can word the message in any language without reading the English.

>>> err = IllegalMove("w>f2", Reason("foundation-wants", "QH does not go on f2: it needs a Jack",
...                                  card="QH", pile="f2", rank="J"))
>>> str(err), err.code, err.fields
('w>f2: QH does not go on f2: it needs a Jack', 'foundation-wants', {'card': 'QH', 'pile': 'f2', 'rank': 'J'})
>>> BadInput("nothing to undo", "nothing-to-undo").code
'nothing-to-undo'
>>> import pickle
>>> again = pickle.loads(pickle.dumps(err))
>>> str(again), again.code, again.reason.code, again.fields == err.fields
('w>f2: QH does not go on f2: it needs a Jack', 'foundation-wants', 'foundation-wants', True)
"""

from __future__ import annotations

#: Why a move is illegal (HTTP 422), each with the fields it carries.
ILLEGAL_MOVE_CODES: dict[str, tuple[str, ...]] = {
    "no-redeal": (), "redeals-used": (), "stock-not-empty": (), "stock-empty": (), "waste-empty": (),
    "source-empty": ("pile",), "fill-empty-first": (), "no-empty-pile": (), "empty-needs-stock": ("pile",),
    "foundation-final": (), "foundation-needs-ace": ("card",), "suit-started": ("card", "suit"),
    "pile-complete": ("pile",), "foundation-suit": ("card", "pile", "suit"),
    "foundation-wants": ("card", "pile", "rank"),  # and "suit" where the suit matters (Square, British Square)
    "foundation-order": ("pile", "before"), "tableau-suit": ("card", "pile", "suit"),
    "tableau-rank": ("card", "pile", "top"), "tableau-direction": ("card", "pile", "direction"),
    "waste-top-only": (), "no-tableau": (), "place-one-by-one": (), "deal-in-rounds": (),
    "bottom-row-only": (), "no-building-yet": (), "empty-stays-empty": ("pile",), "stock-to-square": (),
    "round-has-card": ("pile",), "no-such-pile": ("pile",),
    "nothing-to-gather": (),  # classic Square: every card is home (not in the session contract's list)
}

#: Input that cannot be understood or done (HTTP 422, or 409 for undo/redo), with their fields.
BAD_INPUT_CODES: dict[str, tuple[str, ...]] = {
    "unknown-game": ("game",), "unknown-variant": ("game", "variant"), "bad-deal": ("deal",),
    "deal-out-of-range": ("deal",), "bad-move": ("move",), "bad-pile": ("pile",), "bad-card": ("card",),
    "bad-position": ("detail",), "bad-record": (), "nothing-to-undo": (), "nothing-to-redo": (),
    "game-too-long": ("limit",),  # the game has cadogan.history.MAX_MOVES moves: no more
    "bad-input": (),  # any other input a command refuses (files, options): the message says what
}

CODES = frozenset(ILLEGAL_MOVE_CODES) | frozenset(BAD_INPUT_CODES)


class CadoganError(Exception):
    """Base of the errors a user can cause; ``str(err)`` is a message fit to show them, ``code``
    and ``fields`` say the same for programs."""

    code: str = "bad-input"

    def __init__(self, message: str, code: str | None = None, **fields: str) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.fields: dict[str, str] = dict(fields)

    def __reduce__(self) -> tuple:
        """Pickled whole (a survey worker's error crosses processes), whatever the subclass's
        ``__init__`` takes."""
        return _rebuilt_error, (type(self), self.args, dict(self.__dict__))


def _rebuilt_error(cls: type[CadoganError], args: tuple, attributes: dict) -> CadoganError:
    err = Exception.__new__(cls)
    err.args = args
    err.__dict__.update(attributes)
    return err


class BadInput(CadoganError, ValueError):
    """Input that cannot be understood: unknown game or variant, malformed move token or file."""


class Reason(str):
    """Why a move is illegal: the English sentence (it *is* that ``str``) with its code and fields.

    >>> r = Reason("stock-empty", "the stock is empty")
    >>> r == "the stock is empty", r.code, r.fields
    (True, 'stock-empty', {})
    """

    code: str
    fields: dict[str, str]

    def __new__(cls, code: str, text: str, **fields: str) -> "Reason":
        reason = super().__new__(cls, text)
        reason.code = code
        reason.fields = dict(fields)
        return reason

    def __reduce__(self) -> tuple:
        return _rebuilt_reason, (self.code, str(self), self.fields)


def _rebuilt_reason(code: str, text: str, fields: dict[str, str]) -> Reason:
    return Reason(code, text, **fields)


class IllegalMove(CadoganError):
    """A well-formed move the rules do not allow here; the message says why, the code and fields
    come from the ``Reason``."""

    def __init__(self, move_text: str, reason: str) -> None:
        super().__init__(f"{move_text}: {reason}", getattr(reason, "code", "illegal-move"),
                         **getattr(reason, "fields", {}))
        self.move_text = move_text
        self.reason = reason
