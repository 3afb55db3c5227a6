"""``cadogan games``, ``cadogan deal`` and ``cadogan replay`` (SPEC.md)."""

from __future__ import annotations

import argparse
import sys

from cadogan import cards, games
from cadogan.cli import add_game_arguments, print_json, read_text_file
from cadogan.errors import BadInput, IllegalMove
from cadogan.games.base import Move
from cadogan.textview import render_text
from cadogan.view_option import add_view_argument, check_view_argument, position_json


def read_deal(text: object) -> int:
    """A deal number as every front end reads it (``cadogan.cards.parse_deal``: ASCII digits only).

    >>> read_deal("42"), read_deal(" 7 ")
    (42, 7)
    >>> read_deal("\u0661\u0662")
    Traceback (most recent call last):
    cadogan.errors.BadInput: ...
    """
    return cards.parse_deal(text)


def add_games_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON")


def run_games(args: argparse.Namespace) -> int:
    if args.json:
        print_json([{"game": g.id, "variants": list(g.variants)} for g in games.all_games()])
        return 0
    for game in games.all_games():
        print(f"{game.id:16} {game.title:16} variants: {', '.join(game.variants)} (default {game.variants[0]})")
    return 0


def add_deal_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the position object")
    add_view_argument(parser)


def run_deal(args: argparse.Namespace) -> int:
    check_view_argument(args)
    state = games.load(args.game, args.variant, read_deal(args.deal))
    if args.json:
        print_json(position_json(state, args))
    else:
        print(render_text(state))
    return 0


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("moves", nargs="*", metavar="MOVE", help="moves in notation: deal, w>f1, t5>t2 ...")
    parser.add_argument("--file", "-f", metavar="F", help="read the moves from a file (- for standard input)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    add_view_argument(parser)
    parser.set_defaults(_trailing="moves")


def _read_tokens(args: argparse.Namespace) -> list[str]:
    tokens = list(args.moves)
    if args.file is not None:
        text = read_text_file(args.file, "moves file")
        tokens.extend(text.split())
    return tokens


def run_replay(args: argparse.Namespace) -> int:
    check_view_argument(args)
    state = games.load(args.game, args.variant, read_deal(args.deal))
    tokens = _read_tokens(args)
    error = None
    for number, token in enumerate(tokens, 1):
        try:  # however malformed, a move that cannot be played is an illegal move (SPEC.md)
            state.play(Move.from_text(token))
        except IllegalMove as err:
            error = f"move {number} ({token}) is illegal: {err.reason}"
            break
        except BadInput as err:
            error = f"move {number} ({token}) is illegal: {err}"
            break
    if args.json:
        print_json({"legal": error is None, "won": state.is_won(), "moves_applied": len(state.move_stack),
                    "error": error, "position": position_json(state, args)})
    elif error is None:
        print(render_text(state))
        print(f"{len(tokens)} moves, all legal." + (" The game is won." if state.is_won() else
                                                     " No legal move is left: the game is lost." if state.is_lost() else ""))
    if error is not None:
        print(f"cadogan: {error}", file=sys.stderr)
        return 1
    return 0
