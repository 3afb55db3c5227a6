"""The two kinds of error every front end turns into one clear line (CLI) or a 4xx (HTTP)."""


class CadoganError(Exception):
    """Base of the errors a user can cause; ``str(err)`` is a message fit to show them."""


class BadInput(CadoganError, ValueError):
    """Input that cannot be understood: unknown game or variant, malformed move token or file."""


class IllegalMove(CadoganError):
    """A well-formed move the rules do not allow here; the message says why."""

    def __init__(self, move_text: str, reason: str) -> None:
        super().__init__(f"{move_text}: {reason}")
        self.move_text = move_text
        self.reason = reason
