"""``cadogan play``: the terminal game, for every game and variant alike (the command line; the game
itself is ``cadogan.terminal.session``).

On a terminal the board is drawn in colour with suit symbols (rich); when standard output is not a
terminal the same board is printed as plain text with suit letters, so a session can be scripted.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, TextIO

from cadogan import games
from cadogan.cards import random_deal
from cadogan.cmdline import add_game_arguments, seconds_argument
from cadogan.errors import BadInput, CadoganError
from cadogan.history import History
from cadogan.terminal.session import Session


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = ("While playing: type moves in notation (w>f1, t5>t2, deal, redeal); u undo, r redo, "
                     "restart, n [N] new deal, h hint, v winnability check on/off, s solution step by step, "
                     "w where did it go wrong, review how you played, m legal moves, ? help, q quit. "
                     "No --deal: a random deal.")
    add_game_arguments(parser, deal_required=False)
    parser.add_argument("moves", nargs="*", metavar="MOVE",
                        help="moves to play first (continue a game: needs --deal)")
    parser.add_argument("--letters", action="store_true", help="suit letters C D H S instead of symbols")
    parser.add_argument("--four-colour", "--four-color", dest="four_colour", action="store_true",
                        help="a colour per suit: clubs green, diamonds blue, hearts red, spades plain")
    parser.add_argument("--hint-seconds", type=seconds_argument("--hint-seconds"), default=3.0, metavar="S",
                        help="how long the solver may think for a hint (default 3)")
    parser.add_argument("--solution-seconds", type=seconds_argument("--solution-seconds"), default=10.0, metavar="S",
                        help="how long the solver may search for a deal's winning line (command s; default 10)")
    parser.add_argument("--analysis-seconds", type=seconds_argument("--analysis-seconds"), default=30.0, metavar="S",
                        help="how long the solver may look for the move that lost the game (command w; default 30)")
    parser.add_argument("--review-seconds", type=seconds_argument("--review-seconds"), default=60.0, metavar="S",
                        help="how long the review of a game may take (command review; default 60)")


def run_play(args: argparse.Namespace) -> int:
    """Play until ``q`` or the end of input; exit status 0."""
    game = games.get(args.game)
    variant = game.resolve_variant(args.variant)
    moves = list(getattr(args, "moves", []) or [])
    if args.deal is None and moves:
        raise BadInput("moves to continue a game need the deal they belong to: give --deal N")
    deal = args.deal if args.deal is not None else random_deal()
    history = History(games.load(game.id, variant, deal))
    for number, token in enumerate(moves, 1):
        try:
            history.play(token)
        except CadoganError as err:
            raise BadInput(f"move {number} ({token}): {getattr(err, 'reason', err)}") from None

    interactive = sys.stdin.isatty()
    terminal = sys.stdout.isatty()
    symbols = terminal and not args.letters and _can_encode(sys.stdout, "♣♦♥♠↑↓…")
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:  # pragma: no cover - not on every platform
            pass
    session = Session(history, out=sys.stdout, colour=terminal, symbols=symbols,
                      four_colour=args.four_colour, clear=terminal and interactive,
                      ask=_ask if interactive else None, hint_seconds=args.hint_seconds,
                      solution_seconds=args.solution_seconds,
                      analysis_seconds=args.analysis_seconds,
                      review_settings=_review_settings(args.review_seconds))
    session.loop(_read_line if interactive else _stdin_lines())
    return 0


def _review_settings(seconds: float):  # type: ignore[no-untyped-def]
    from cadogan.solver.review import ReviewSettings
    return ReviewSettings(timeout=seconds)


def _can_encode(stream: TextIO, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def _read_line(prompt: str) -> str:
    return input(prompt)


def _ask(question: str) -> str:
    try:
        return input(question)
    except EOFError:
        return ""


def _stdin_lines() -> Callable[[str], str]:
    def read(prompt: str) -> str:
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line
    return read
