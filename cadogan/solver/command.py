"""``cadogan solve GAME [--variant V] (--deal N | --position FILE) [--timeout S] [--max-nodes K]
[--max-memory MB] [--json]`` (SPEC.md).  Top-level imports stay light: ``cadogan --help`` loads this."""

from __future__ import annotations

import argparse
import json

from cadogan.cli import add_game_arguments, print_json, read_text_file
from cadogan.errors import BadInput

DEFAULT_TIMEOUT = 60.0


def add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, deal_required=False)
    parser.add_argument("--position", "-p", metavar="FILE",
                        help="solve the position object in FILE (JSON; - for standard input) instead of a deal")
    parser.add_argument("--timeout", "-t", metavar="S", type=_positive_float, default=DEFAULT_TIMEOUT,
                        help=f"give up after S seconds (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--max-nodes", metavar="K", type=_positive_int, default=None,
                        help="give up after K positions (default: no limit)")
    parser.add_argument("--max-memory", metavar="MB", type=_positive_int, default=None,
                        help="memory for the table of positions seen, in MiB (default 1024)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive number of seconds")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be positive")
    return value


def _load_state(args: argparse.Namespace):
    from cadogan import games
    from cadogan.cards import parse_deal

    game = games.get(args.game)
    if (args.deal is None) == (args.position is None):
        raise BadInput("solve needs exactly one of --deal N and --position FILE")
    if args.deal is not None:
        return games.load(game.id, args.variant, parse_deal(args.deal))
    text = read_text_file(args.position, "position file")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadInput(f"position file {args.position!r} is not JSON: {err.msg} at line {err.lineno}") from None
    if isinstance(obj, dict) and isinstance(obj.get("position"), dict):
        obj = obj["position"]  # accept `cadogan replay --json` output too
    if isinstance(obj, dict) and "game" not in obj:
        obj = dict(obj, game=game.id)
    if args.variant is not None and isinstance(obj, dict) and obj.get("variant") is None:
        obj = dict(obj, variant=args.variant)
    state = game.from_json(obj)
    if args.variant is not None and state.variant != game.resolve_variant(args.variant):
        raise BadInput(f"--variant {args.variant} does not match the position's variant {state.variant}")
    return state


def run_solve(args: argparse.Namespace) -> int:
    from cadogan.solver import solve

    state = _load_state(args)
    result = solve(state, timeout=args.timeout, max_nodes=args.max_nodes, max_memory_mb=args.max_memory)
    moves = [str(m) for m in result.moves]
    if args.json:
        print_json({"game": state.game.id, "variant": state.variant, "deal": state.deal,
                    "result": result.result, "moves": moves, "nodes": result.nodes,
                    "seconds": round(result.seconds, 3)})
        return 0
    where = f"deal {state.deal}" if args.deal is not None else f"the position in {args.position}"
    head = f"{state.game.id} {state.variant}, {where}: "
    if result.result == "won":
        print(head + f"won in {len(moves)} moves ({result.nodes} positions, {result.seconds:.2f} s)")
        for i in range(0, len(moves), 16):
            print("  " + " ".join(moves[i:i + 16]))
    elif result.result == "lost":
        print(head + f"lost: no line wins (proven over {result.nodes} positions, {result.seconds:.2f} s)")
    else:
        print(head + f"unknown: no win found and no proof of loss within the limits "
              f"({result.nodes} positions, {result.seconds:.2f} s)")
    return 0
