"""``cadogan games``, ``cadogan deal`` and ``cadogan replay`` (SPEC.md)."""

from __future__ import annotations

import argparse

from cadogan import games
from cadogan.cmdline import (add_game_arguments, add_move_arguments, move_tokens, print_json, read_deal,
                             replay, replay_failed, replay_json)
from cadogan.textview import render_text
from cadogan.view_option import add_json_arguments, position_json, start_position

__all__ = ["read_deal", "add_games_arguments", "run_games", "add_deal_arguments", "run_deal",
           "add_replay_arguments", "run_replay"]  # read_deal: the web front end imports it from here


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
    add_json_arguments(parser, "print the position object")


def run_deal(args: argparse.Namespace) -> int:
    state = start_position(args)
    if args.json:
        print_json(position_json(state, args))
    else:
        print(render_text(state))
    return 0


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    add_move_arguments(parser)
    add_json_arguments(parser, "print the result as JSON")


def run_replay(args: argparse.Namespace) -> int:
    state = start_position(args)
    tokens = move_tokens(args)
    error = replay(state, tokens)
    if error is not None:
        return replay_failed(state, error, args.json, position_json(state, args))
    if args.json:
        print_json(replay_json(state, None, position_json(state, args)))
        return 0
    print(render_text(state))
    ending = (" The game is won." if state.is_won() else
              " No legal move is left: the game is lost." if state.is_lost() else "")
    print(f"{len(tokens)} moves, all legal.{ending}")
    return 0
