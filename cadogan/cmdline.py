"""What every command of the ``cadogan`` command line shares: its arguments, their parsers, its one
way to fail, and the replay of a move list with replay's error message.

The parsers read numbers written in ASCII digits only, and bound the length of the text before any
``int()`` or ``float()``: a number written with thousands of digits is a user error like any other,
never a traceback (Python's ``int()`` refuses more than 4,300 digits with a ValueError).

>>> read_deal("42"), read_deal(" 7 "), read_deal("000042")
(42, 7, 42)
>>> read_deal("\\u0661\\u0662")
Traceback (most recent call last):
cadogan.errors.BadInput: deal number must be an integer from 0 to 2^64-1 in the digits 0-9, not '١٢'
>>> read_seconds("2.5"), read_seconds(".5"), whole_number("1000", "--max-nodes", MAX_NODES)
(2.5, 0.5, 1000)
>>> read_seconds("1" * 5000)
Traceback (most recent call last):
cadogan.errors.BadInput: seconds must be a number above 0 and at most 10000000, not '11111111111111111111…'
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, Callable, TypeVar

from cadogan import cards
from cadogan.errors import BadInput, IllegalMove

#: More characters than any number a command takes (a deal has at most 20 digits), far fewer than
#: ``int()``'s 4,300-digit limit: longer text is refused before it is converted.
MAX_NUMBER_TEXT = 32
#: The longest a search may be told to run: beyond it ``threading`` waits overflow, and no survey
#: needs more than days per deal.
MAX_SECONDS = 10_000_000
#: Node limits beyond this do not fit the core's signed 64-bit counter.
MAX_NODES = 10**18
#: Orders of the unseen cards drawn for one advice: far past any use (the win chance's standard
#: error is already 0.0005 at this many), a bound on the time one command may ask for.
MAX_SAMPLES = 10**6
#: Seeds of the draw: any that fits the 64 bits a seed is recorded in.
MAX_SEED = 2**63 - 1
#: Memory for the table of positions, in MiB (1 TiB): the core counts bytes in a signed 64-bit integer.
MAX_MEMORY_MB = 1 << 20
#: Local worker processes one command may start (``--workers``): more than any machine's cores.
MAX_WORKERS = 4096

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", re.ASCII)
T = TypeVar("T")


def fail(message: str, status: int = 2) -> Any:
    """Print ``cadogan: MESSAGE`` on standard error and exit with ``status`` (2: a user error)."""
    print(f"cadogan: {message}", file=sys.stderr)
    raise SystemExit(status)


def print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def shown(text: str, limit: int = 20) -> str:
    """``text`` quoted for an error message, cut short when long (a hostile argument is not echoed whole).

    >>> shown("abc"), shown("x" * 30, 5)
    ("'abc'", "'xxxxx…'")
    """
    return repr(text) if len(text) <= limit else repr(text[:limit])[:-1] + "…'"


# --- the parsers -------------------------------------------------------------------------------
def read_deal(deal: object) -> int:
    """A deal number 0 <= N < 2^64 as every front end reads it: an int, or its decimal text in the
    ASCII digits 0-9 (no sign, no other digits); BadInput ``bad-deal`` or ``deal-out-of-range``.

    >>> read_deal("-1")
    Traceback (most recent call last):
    cadogan.errors.BadInput: deal number '-1' is out of range: it must be from 0 to 2^64-1, without a sign
    >>> read_deal("9" * 5000)
    Traceback (most recent call last):
    cadogan.errors.BadInput: deal number '99999999999999999999…' is out of range: it must be from 0 to 2^64-1
    """
    if not isinstance(deal, str):
        return cards.parse_deal(deal)
    text = deal.strip()
    if text[:1] == "-" and _DIGITS.fullmatch(text[1:]):  # negative, or a minus zero: no deal is signed
        raise BadInput(f"deal number {shown(text)} is out of range: it must be from 0 to 2^64-1, without a sign",
                       "deal-out-of-range", deal=text[:30])
    if not _DIGITS.fullmatch(text):
        raise BadInput(f"deal number must be an integer from 0 to 2^64-1 in the digits 0-9, not {shown(deal)}",
                       "bad-deal", deal=deal[:30])
    if len(text.lstrip("0")) > len(str(cards.MAX_DEAL)):
        raise BadInput(f"deal number {shown(text)} is out of range: it must be from 0 to 2^64-1",
                       "deal-out-of-range", deal=text[:30])
    return cards.parse_deal(int(text))


def read_seconds(text: str, option: str = "seconds") -> float:
    """A number of seconds above 0 and at most ``MAX_SECONDS``, in ASCII digits with an optional
    decimal point (no sign, exponent, ``inf`` or ``nan``); BadInput naming ``option`` otherwise."""
    stripped = text.strip()
    if len(stripped) <= MAX_NUMBER_TEXT and _DECIMAL.fullmatch(stripped):
        value = float(stripped)
        if 0 < value <= MAX_SECONDS:
            return value
    raise BadInput(f"{option} must be a number above 0 and at most {MAX_SECONDS}, not {shown(text)}")


def whole_number(text: str, option: str, maximum: int, minimum: int = 1) -> int:
    """A whole number from ``minimum`` to ``maximum`` in ASCII digits; BadInput naming ``option`` otherwise.

    >>> whole_number("99999999999999999999999999", "--max-nodes", MAX_NODES)
    Traceback (most recent call last):
    cadogan.errors.BadInput: --max-nodes must be a whole number from 1 to 1000000000000000000, not '99999999999999999999…'
    >>> whole_number("0", "--seed", MAX_SEED, minimum=0)
    0
    """
    stripped = text.strip()
    if len(stripped) <= MAX_NUMBER_TEXT and _DIGITS.fullmatch(stripped) and minimum <= int(stripped) <= maximum:
        return int(stripped)
    raise BadInput(f"{option} must be a whole number from {minimum} to {maximum}, not {shown(text)}")


def argument(parse: Callable[[str], T]) -> Callable[[str], T]:
    """``parse`` as an argparse ``type=``: its BadInput becomes argparse's usage error (one line, exit 2)."""
    def convert(text: str) -> T:
        try:
            return parse(text)
        except BadInput as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    convert.__name__ = parse.__name__
    return convert


def seconds_argument(option: str) -> Callable[[str], float]:
    return argument(lambda text: read_seconds(text, option))


def whole_number_argument(option: str, maximum: int, minimum: int = 1) -> Callable[[str], int]:
    return argument(lambda text: whole_number(text, option, maximum, minimum))


# --- arguments every game command spells alike -------------------------------------------------
def add_game_arguments(parser: argparse.ArgumentParser, deal_required: bool = True) -> None:
    """GAME, --variant and --deal, as every game command spells them (``args.deal``: an int or None)."""
    parser.add_argument("game", metavar="GAME", help="british-square, square or precedence")
    parser.add_argument("--variant", "-v", metavar="V", help="a variant of the game (default: its first)")
    parser.add_argument("--deal", "-d", metavar="N", type=argument(read_deal), required=deal_required,
                        help="deal number, 0 <= N < 2^64")


def add_move_arguments(parser: argparse.ArgumentParser, what: str = "moves to replay") -> None:
    """MOVE ... and --file F; read them with ``move_tokens``."""
    parser.add_argument("moves", nargs="*", metavar="MOVE", help=f"{what}: deal, w>f1, t5>t2 ...")
    parser.add_argument("--file", "-f", metavar="F", help="read the moves from a file (- for standard input)")
    parser.set_defaults(_trailing="moves")


def move_tokens(args: argparse.Namespace) -> list[str]:
    """The move tokens of ``add_move_arguments``: those on the line, then those of ``--file``."""
    tokens = list(args.moves)
    if args.file is not None:
        tokens.extend(read_text_file(args.file, "moves file").split())
    return tokens


def read_text_file(path: str, what: str) -> str:
    """The text of file ``path`` (``-`` is standard input); BadInput naming ``what`` if unreadable."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as err:
        raise BadInput(f"cannot read {what} {path!r}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise BadInput(f"{what} {path!r} is not UTF-8 text") from None


def replay(state: Any, tokens: list[str]) -> str | None:
    """Play ``tokens`` on ``state``; None when all are legal, else the message for the first that
    cannot be played, naming its number, its token and why (SPEC ``cadogan replay``).  However
    malformed, a token that cannot be played is an illegal move."""
    from cadogan.games.base import Move

    for number, token in enumerate(tokens, 1):
        try:
            state.play(Move.from_text(token))
        except IllegalMove as err:
            return f"move {number} ({token}) is illegal: {err.reason}"
        except BadInput as err:
            return f"move {number} ({token}) is illegal: {err}"
    return None


def replay_failed(state: Any, error: str, as_json: bool, position: dict[str, Any] | None = None) -> int:
    """Report a move list that stopped at an illegal move as ``cadogan replay`` does: with ``--json``
    replay's object, and the message on standard error; exit status 1."""
    if as_json:
        print_json(replay_json(state, error, position))
    print(f"cadogan: {error}", file=sys.stderr)
    return 1


def replay_json(state: Any, error: str | None, position: dict[str, Any] | None = None) -> dict[str, Any]:
    """``cadogan replay --json``'s object (SPEC.md); ``position``: what to print in place of the
    whole position (the player's view)."""
    return {"legal": error is None, "won": state.is_won(), "moves_applied": len(state.move_stack),
            "error": error, "position": state.to_json() if position is None else position}
