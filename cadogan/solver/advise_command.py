"""``cadogan advise GAME [--variant V] (--deal N [MOVE ...] [--file F] | --view FILE) [--samples K]
[--max-nodes B] [--timeout S] [--seed X] [--play] [--json]`` (SPEC.md; the method: docs/advise.md).
Top-level imports stay light: ``cadogan --help`` loads this."""

from __future__ import annotations

import argparse
import json
import math

from cadogan.cmdline import add_game_arguments, argument, print_json, read_seed, read_text_file
from cadogan.errors import BadInput, CadoganError

DEFAULT_SAMPLES = 16  # cadogan.solver.advise.DEFAULT_SAMPLES (not imported: --help stays light)
DEFAULT_MAX_NODES = 50_000  # cadogan.solver.advise.DEFAULT_MAX_NODES


def add_advise_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, deal_required=False)
    parser.add_argument("moves", nargs="*", metavar="MOVE", help="(with --deal) the moves made so far")
    parser.add_argument("--file", "-f", metavar="F", help="(with --deal) read the moves from a file (- for stdin)")
    parser.add_argument("--view", metavar="FILE",
                        help="the player's view (JSON, as `cadogan deal --json --view player` prints it; - for stdin)")
    parser.add_argument("--samples", "-k", metavar="K", type=_positive_int, default=DEFAULT_SAMPLES,
                        help=f"orders of the unseen cards drawn (default {DEFAULT_SAMPLES})")
    parser.add_argument("--max-nodes", metavar="B", type=_positive_int, default=DEFAULT_MAX_NODES,
                        help=f"search nodes per solve of a drawn position (default {DEFAULT_MAX_NODES})")
    parser.add_argument("--timeout", "-t", metavar="S", type=_seconds, default=None,
                        help="cap on the seconds of one advice (with --play: of each move); when reached, the "
                             "samples decided so far give the answer (default: no cap, so the answer is reproducible)")
    parser.add_argument("--seed", metavar="X", type=argument(read_seed), default=0, help="seed of the draw (default 0)")
    parser.add_argument("--play", action="store_true",
                        help="(with --deal) play the deal to its end blind, each move the advised one")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(_trailing="moves")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be positive")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text!r} must be a number of seconds more than 0")
    return value


def run_advise(args: argparse.Namespace) -> int:
    from cadogan import games
    from cadogan.solver.advise import Settings, advise, play_blind

    game = games.get(args.game)
    settings = Settings(samples=args.samples, max_nodes=args.max_nodes, seed=args.seed, timeout=args.timeout)
    if (args.deal is None) == (args.view is None):
        raise BadInput("advise needs exactly one of --deal N and --view FILE")
    if args.view is not None and (args.moves or args.file is not None):
        raise BadInput("moves go with --deal; a --view already shows the position")
    if args.play:
        if args.deal is None or args.moves or args.file is not None:
            raise BadInput("--play plays a deal from its start: give --deal N and no moves")
        from cadogan.cmdline import read_deal

        played = play_blind(game.id, args.variant, read_deal(args.deal), settings)
        _print_game(played, args.json)
        return 0
    view, deal = _read_view(game, args)
    advice = advise(view, settings)
    _print_advice(advice, view, deal, args.json)
    return 0


def _read_view(game, args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The player's view to advise on, and the deal number to print (None for --view)."""
    from cadogan.games.view import View, player_view

    if args.deal is not None:
        from cadogan.cmdline import read_deal

        state = games_replay(game, args.variant, read_deal(args.deal), _tokens(args))
        return player_view(state), state.deal
    text = read_text_file(args.view, "view file")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadInput(f"view file {args.view!r} is not JSON: {err.msg} at line {err.lineno}") from None
    if isinstance(obj, dict) and isinstance(obj.get("position"), dict):
        obj = obj["position"]  # accept `cadogan replay --json --view player` output too
    if isinstance(obj, dict):
        obj = dict(obj)
        obj.setdefault("game", game.id)
        if args.variant is not None:
            obj.setdefault("variant", args.variant)
        if obj["game"] != game.id:
            raise BadInput(f"the view is of {obj['game']!r}, not {game.id!r}")
    view = View.from_json(obj)
    if args.variant is not None and view.state.variant != game.resolve_variant(args.variant):
        raise BadInput(f"--variant {args.variant} does not match the view's variant {view.state.variant}")
    return view, None


def _tokens(args: argparse.Namespace) -> list[str]:
    tokens = list(args.moves)
    if args.file is not None:
        tokens.extend(read_text_file(args.file, "moves file").split())
    return tokens


def games_replay(game, variant, deal, tokens):  # type: ignore[no-untyped-def]
    """The position after ``tokens``; BadInput naming the first move that cannot be made."""
    state = game.new_initial_state(variant, deal)
    for number, token in enumerate(tokens, 1):
        try:
            state.play(token)
        except CadoganError as err:
            raise BadInput(f"move {number} ({token}) is illegal: {getattr(err, 'reason', err)}") from None
    return state


def _print_advice(advice, view, deal, as_json: bool) -> None:  # type: ignore[no-untyped-def]
    state = view.state
    if as_json:
        print_json(advice.to_json(state.game.id, state.variant, deal))
        return
    chance = "not estimated" if advice.win_chance is None else f"win chance {100 * advice.win_chance:.0f} %"
    print(f"{advice.move}  ({chance}; {advice.how}, {advice.samples} samples, {advice.unknown} undecided, "
          f"{advice.seconds:.2f} s)")
    for m in advice.moves[1:]:
        if m.samples:
            print(f"  {str(m.move):8} {100 * m.win_chance:3.0f} % over {m.samples} samples")
        else:
            print(f"  {str(m.move):8}   - (cannot beat the advised move)")


def _print_game(played, as_json: bool) -> None:  # type: ignore[no-untyped-def]
    if as_json:
        print_json(played.to_json())
        return
    start = "-" if played.start_chance is None else f"{100 * played.start_chance:.0f} %"
    print(f"{played.game} {played.variant} deal {played.deal}: {played.result} blind in {len(played.moves)} moves "
          f"({played.decisions} sampled decisions, first move's win chance {start}, {played.seconds:.1f} s)")
    moves = [str(m) for m in played.moves]
    for i in range(0, len(moves), 16):
        print("  " + " ".join(moves[i:i + 16]))
