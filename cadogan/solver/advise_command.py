"""``cadogan advise GAME [--variant V] (--deal N [MOVE ...] [--file F] | --view FILE) [--samples K]
[--max-nodes B] [--timeout S] [--seed X] [--rollouts R] [--play] [--json]`` (SPEC.md; the method: docs/advise.md).
Top-level imports stay light: ``cadogan --help`` loads this."""

from __future__ import annotations

import argparse
import json

from cadogan.cmdline import (MAX_NODES, MAX_SAMPLES, MAX_SEED, add_game_arguments, add_move_arguments, move_tokens,
                             print_json, read_text_file, replay, seconds_argument, whole_number_argument)
from cadogan.errors import BadInput

DEFAULT_SAMPLES = 16  # cadogan.solver.advise.DEFAULT_SAMPLES (not imported: --help stays light)
DEFAULT_MAX_NODES = 50_000  # cadogan.solver.advise.DEFAULT_MAX_NODES
MAX_ROLLOUTS = 1_000  # each is a whole game: more would run for hours


def add_advise_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, deal_required=False)
    add_move_arguments(parser, "(with --deal) the moves made so far")
    parser.add_argument("--view", metavar="FILE",
                        help="the player's view (JSON, as `cadogan deal --json --view player` prints it; - for stdin)")
    parser.add_argument("--samples", "-k", metavar="K", type=whole_number_argument("--samples", MAX_SAMPLES),
                        default=DEFAULT_SAMPLES, help=f"orders of the unseen cards drawn (default {DEFAULT_SAMPLES})")
    parser.add_argument("--max-nodes", metavar="B", type=whole_number_argument("--max-nodes", MAX_NODES),
                        default=DEFAULT_MAX_NODES,
                        help=f"search nodes per solve of a drawn position (default {DEFAULT_MAX_NODES})")
    parser.add_argument("--timeout", "-t", metavar="S", type=seconds_argument("--timeout"), default=None,
                        help="cap on the seconds of one advice (with --play: of each move); when reached, the "
                             "samples decided so far give the answer (default: no cap, so the answer is reproducible)")
    parser.add_argument("--seed", metavar="X", type=whole_number_argument("--seed", MAX_SEED, minimum=0), default=0,
                        help="seed of the draw (default 0)")
    parser.add_argument("--rollouts", metavar="R", type=whole_number_argument("--rollouts", MAX_ROLLOUTS), default=None,
                        help="also play R drawn orders to their ends with a cheap blind player: the share won is "
                             "how often a real player wins from here (docs/advise.md, Calibration)")
    parser.add_argument("--play", action="store_true",
                        help="(with --deal) play the deal to its end blind, each move the advised one")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


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
        if args.rollouts is not None:
            raise BadInput("--rollouts goes with one advice, not with --play")
        played = play_blind(game.id, args.variant, args.deal, settings)
        _print_game(played, args.json)
        return 0
    view, deal = _read_view(game, args)
    advice = advise(view, settings)
    rollouts = None
    if args.rollouts is not None:
        from cadogan.solver.rollout import rollout_chance
        rollouts = rollout_chance(view, args.rollouts, args.seed)
    _print_advice(advice, view, deal, args.json, rollouts)
    return 0


def _read_view(game, args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The player's view to advise on, and the deal number to print (None for --view)."""
    from cadogan.games.view import View, player_view

    if args.deal is not None:
        state = game.new_initial_state(args.variant, args.deal)
        error = replay(state, move_tokens(args))
        if error is not None:
            raise BadInput(error)
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


def _print_advice(advice, view, deal, as_json: bool, rollouts=None) -> None:  # type: ignore[no-untyped-def]
    state = view.state
    if as_json:
        obj = advice.to_json(state.game.id, state.variant, deal)
        if rollouts is not None:
            obj["rollouts"] = rollouts.to_json()
        print_json(obj)
        return
    chance = "not estimated" if advice.win_chance is None else f"win chance {100 * advice.win_chance:.0f} %"
    print(f"{advice.move}  ({chance}; {advice.how}, {advice.samples} samples, {advice.unknown} undecided, "
          f"{advice.seconds:.2f} s)")
    for m in advice.moves[1:]:
        if m.samples:
            print(f"  {str(m.move):8} {100 * m.win_chance:3.0f} % over {m.samples} samples")
        else:
            print(f"  {str(m.move):8}   - (cannot beat the advised move)")
    if rollouts is not None:
        print(f"a blind player wins from here {rollouts.won} of {rollouts.played} drawn orders played out "
              f"({100 * rollouts.win_chance:.0f} %, {rollouts.seconds:.1f} s)")


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
