"""The solver's commands (SPEC.md).  Top-level imports stay light: ``cadogan --help`` loads this.

``cadogan solve GAME [--variant V] (--deal N | --position FILE) [--timeout S] [--max-nodes K]
[--max-memory MB] [--workers K] [--json]``: prove a deal or a position won or lost.

``cadogan analyse GAME [--variant V] --deal N [MOVE ...] [--file F] [--timeout S] [--json]``: where
did a game go wrong?  Exit 0 for every answer (``winnable``, ``went-wrong``, ``never-winnable``,
``unknown``); 1 for an illegal move, reported as ``cadogan replay`` does (with ``--json``, replay's
object); 2 for a user error.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cadogan.cmdline import (MAX_MEMORY_MB, MAX_NODES, MAX_WORKERS, add_game_arguments, add_move_arguments, move_tokens,
                             print_json, read_text_file, replay, replay_failed, seconds_argument,
                             whole_number_argument)
from cadogan.errors import BadInput

DEFAULT_TIMEOUT = 60.0


# --- solve ---------------------------------------------------------------------------------------
def add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, deal_required=False)
    parser.add_argument("--position", "-p", metavar="FILE",
                        help="solve the position object in FILE (JSON; - for standard input) instead of a deal")
    parser.add_argument("--timeout", "-t", metavar="S", type=seconds_argument("--timeout"), default=DEFAULT_TIMEOUT,
                        help=f"give up after S seconds (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--max-nodes", metavar="K", type=whole_number_argument("--max-nodes", MAX_NODES),
                        default=None, help="give up after K positions (default: no limit)")
    parser.add_argument("--max-memory", metavar="MB", type=whole_number_argument("--max-memory", MAX_MEMORY_MB),
                        default=None, help="memory for the table of positions seen, in MiB (default 1024)")
    parser.add_argument("--workers", metavar="K", type=whole_number_argument("--workers", MAX_WORKERS), default=None,
                        help="playout searches side by side, each in a process of its own "
                             "(default: the cores, at most 4)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def read_position(text: str, where: str) -> Any:
    """The JSON value of a position file; BadInput if it is not JSON or nests too deeply to read
    (the decoder recurses once per level: a file of 100,000 nested arrays would overflow the stack)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise BadInput(f"position file {where!r} is not JSON: {err.msg} at line {err.lineno}") from None
    except RecursionError:
        raise BadInput(f"position file {where!r} nests too deeply to be a position object") from None
    except ValueError as err:  # a number of over 4,300 digits: int() refuses it
        raise BadInput(f"position file {where!r} holds a number too long to read ({str(err)[:40]}…)") from None


def _load_state(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from cadogan import games

    game = games.get(args.game)
    if (args.deal is None) == (args.position is None):
        raise BadInput("solve needs exactly one of --deal N and --position FILE")
    if args.deal is not None:
        return games.load(game.id, args.variant, args.deal)
    obj = read_position(read_text_file(args.position, "position file"), args.position)
    if isinstance(obj, dict) and isinstance(obj.get("position"), dict):
        obj = obj["position"]  # accept `cadogan replay --json` output too
    if isinstance(obj, dict) and "game" not in obj:
        obj = dict(obj, game=game.id)
    if args.variant is not None and isinstance(obj, dict) and obj.get("variant") is None:
        obj = dict(obj, variant=args.variant)
    try:
        state = game.from_json(obj)
    except RecursionError:
        raise BadInput(f"position file {args.position!r} nests too deeply to be a position object") from None
    if args.variant is not None and state.variant != game.resolve_variant(args.variant):
        raise BadInput(f"--variant {args.variant} does not match the position's variant {state.variant}")
    return state


def run_solve(args: argparse.Namespace) -> int:
    from cadogan.solver import solve
    from cadogan.solver.outcome import Result
    from cadogan.solver.workers import default_workers

    state = _load_state(args)
    workers = default_workers() if args.workers is None else args.workers
    result = solve(state, timeout=args.timeout, max_nodes=args.max_nodes, max_memory_mb=args.max_memory,
                   workers=workers)
    moves = [str(m) for m in result.moves]
    if args.json:
        print_json({"game": state.game.id, "variant": state.variant, "deal": state.deal,
                    "result": result.result, "moves": moves, "nodes": result.nodes,
                    "seconds": round(result.seconds, 3)})
        return 0
    where = f"deal {state.deal}" if args.deal is not None else f"the position in {args.position}"
    head = f"{state.game.id} {state.variant}, {where}: "
    effort = f"{result.nodes} positions, {result.seconds:.2f} s"
    if result.result is Result.WON:
        print(head + f"won in {len(moves)} moves ({effort})")
        print_line(moves)
    elif result.result is Result.LOST:
        print(head + f"lost: no line wins (proven over {effort})")
    else:
        print(head + f"unknown: no win found and no proof of loss within the limits ({effort})")
    return 0


def print_line(tokens: list[str], indent: str = "  ") -> None:
    """A line of moves, 16 to a row."""
    for i in range(0, len(tokens), 16):
        print(indent + " ".join(tokens[i:i + 16]))


# --- analyse -------------------------------------------------------------------------------------
def add_analyse_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    add_move_arguments(parser, "the moves of the game")
    parser.add_argument("--timeout", "-t", metavar="S", type=seconds_argument("--timeout"), default=DEFAULT_TIMEOUT,
                        help=f"wall-clock seconds for all the solver's searches together, run side by side "
                             f"on the machine's cores (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def run_analyse(args: argparse.Namespace) -> int:
    from cadogan import games
    from cadogan.solver.analysis import analyse_state, default_workers

    state = games.load(args.game, args.variant, args.deal)
    error = replay(state, move_tokens(args))
    if error is not None:
        return replay_failed(state, error, args.json)
    analysis = analyse_state(state, args.timeout, default_workers())
    if args.json:
        print_json(analysis.to_json())
    else:
        print(describe(analysis, args.timeout))
    return 0


def describe(analysis: Any, timeout: float) -> str:
    """The analysis in words, with the winning line where there is one."""
    from cadogan.solver.outcome import Finding

    a = analysis
    head = f"{a.game} {a.variant}, deal {a.deal}: "
    seconds = f" ({a.seconds:.1f} s)"
    if a.result is Finding.WINNABLE:
        text = head + f"still winnable after all {_count(a.last_winnable, 'move')}{seconds}."
    elif a.result is Finding.WENT_WRONG:
        text = head + (f"the game went wrong at move {a.last_winnable + 1}, {a.losing_move}: a win was "
                       f"still possible {_after(a.last_winnable)}, and none is after it{seconds}.")
    elif a.result is Finding.NEVER_WINNABLE:
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
    tokens = [str(m) for m in a.line]
    rows = ["  " + " ".join(tokens[i:i + 16]) for i in range(0, len(tokens), 16)]
    return "\n".join([text, f"A winning line from there ({_count(len(a.line), 'move')}):", *rows])


def _after(moves: int) -> str:
    return f"after move {moves}" if moves else "at the start"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
