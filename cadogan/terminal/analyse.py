"""``cadogan analyse GAME [--variant V] --deal N [MOVE ...] [--file F] [--timeout S] [--json]`` (SPEC.md):
where did a game go wrong?  Top-level imports stay light: ``cadogan --help`` loads this module.

Exit 0 for every answer (``winnable``, ``went-wrong``, ``never-winnable``, ``unknown``); 1 for an
illegal move, reported as ``cadogan replay`` does (with ``--json``, replay's object); 2 for a user error.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from cadogan.cli import add_game_arguments, print_json, read_text_file
from cadogan.errors import BadInput, IllegalMove

DEFAULT_TIMEOUT = 60.0


def add_analyse_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("moves", nargs="*", metavar="MOVE", help="the moves of the game: deal, w>f1, t5>t2 ...")
    parser.add_argument("--file", "-f", metavar="F", help="read the moves from a file (- for standard input)")
    parser.add_argument("--timeout", "-t", metavar="S", type=_seconds, default=DEFAULT_TIMEOUT,
                        help=f"wall-clock seconds for all the solver's searches together, run side by side "
                             f"on the machine's cores (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(_trailing="moves")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text!r} must be a number of seconds more than 0")
    return value


def run_analyse(args: argparse.Namespace) -> int:
    from cadogan import games
    from cadogan.commands import read_deal
    from cadogan.solver.analysis import analyse_state, default_workers

    state = games.load(args.game, args.variant, read_deal(args.deal))
    tokens = list(args.moves)
    if args.file is not None:
        tokens.extend(read_text_file(args.file, "moves file").split())
    error = _replay(state, tokens)
    if error is not None:
        if args.json:
            print_json({"legal": False, "won": state.is_won(), "moves_applied": len(state.move_stack),
                        "error": error, "position": state.to_json()})
        print(f"cadogan: {error}", file=sys.stderr)
        return 1
    analysis = analyse_state(state, args.timeout, default_workers())
    if args.json:
        print_json(analysis.to_json())
    else:
        print(describe(analysis, args.timeout))
    return 0


def _replay(state: Any, tokens: list[str]) -> str | None:
    """Play ``tokens`` on ``state``; None when all are legal, else replay's message for the first
    that cannot be played (however malformed, it is an illegal move, as for ``cadogan replay``)."""
    from cadogan.games.base import Move

    for number, token in enumerate(tokens, 1):
        try:
            state.play(Move.from_text(token))
        except IllegalMove as err:
            return f"move {number} ({token}) is illegal: {err.reason}"
        except BadInput as err:
            return f"move {number} ({token}) is illegal: {err}"
    return None


def describe(analysis: Any, timeout: float) -> str:
    """The answer in words, with the winning line where there is one."""
    a = analysis
    head = f"{a.game} {a.variant}, deal {a.deal}: "
    seconds = f" ({a.seconds:.1f} s)"
    if a.result == "winnable":
        text = head + f"still winnable after all {_count(a.last_winnable, 'move')}{seconds}."
    elif a.result == "went-wrong":
        text = head + (f"the game went wrong at move {a.last_winnable + 1}, {a.losing_move}: a win was "
                       f"still possible {_after(a.last_winnable)}, and none is after it{seconds}.")
    elif a.result == "never-winnable":
        return head + f"lost from the start: no line of play wins this deal (proven{seconds[1:]}."
    else:
        known = []
        if a.known_winnable is not None:
            known.append(f"a win was possible {_after(a.known_winnable)}")
        if a.known_lost is not None:
            known.append(f"none is after move {a.known_lost}")
        return head + f"undecided: the solver could not decide in {timeout:g} s where the game was lost" + \
            (f" ({'; '.join(known)})." if known else ".")
    if not a.line:
        return text
    lines = [text, f"A winning line from there ({_count(len(a.line), 'move')}):"]
    tokens = [str(m) for m in a.line]
    lines.extend("  " + " ".join(tokens[i:i + 16]) for i in range(0, len(tokens), 16))
    return "\n".join(lines)


def _after(moves: int) -> str:
    return f"after move {moves}" if moves else "at the start"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
