"""``--view player`` of ``cadogan deal`` and ``cadogan replay``: print the player's view
(``cadogan.games.view``) in place of the whole position (SPEC.md, "The player's view")."""

from __future__ import annotations

import argparse
from typing import Any

from cadogan.errors import BadInput
from cadogan.games.base import State

VIEWS = ("full", "player")


def add_json_arguments(parser: argparse.ArgumentParser, what: str) -> None:
    """``--json`` (its help: ``what``) and the ``--view`` that goes with it."""
    parser.add_argument("--json", action="store_true", help=what)
    parser.add_argument("--view", metavar="WHO", choices=VIEWS, default="full",
                        help="with --json: 'player' prints what a player sees (unseen cards as ??), "
                             "'full' (default) the whole position")


def start_position(args: argparse.Namespace) -> State:
    """The start of the deal of ``add_game_arguments``; BadInput when ``--view player`` is asked
    for without ``--json``."""
    from cadogan import games

    if getattr(args, "view", "full") != "full" and not args.json:
        raise BadInput("--view player goes with --json (the player's view is a JSON object)")
    return games.load(args.game, args.variant, args.deal)


def position_json(state: State, args: argparse.Namespace) -> dict[str, Any]:
    """The position object, or the player's view of it with ``--view player``."""
    if getattr(args, "view", "full") == "player":
        from cadogan.games.view import player_view
        return player_view(state).to_json()
    return state.to_json()
