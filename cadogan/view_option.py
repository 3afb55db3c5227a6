"""``--view player`` of ``cadogan deal`` and ``cadogan replay``: print the player's view
(``cadogan.games.view``) in place of the whole position (SPEC.md, "The player's view")."""

from __future__ import annotations

import argparse
from typing import Any

from cadogan.errors import BadInput
from cadogan.games.base import State

VIEWS = ("full", "player")


def add_view_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--view", metavar="WHO", choices=VIEWS, default="full",
                        help="with --json: 'player' prints what a player sees (unseen cards as ??), "
                             "'full' (default) the whole position")


def check_view_argument(args: argparse.Namespace) -> None:
    """BadInput when ``--view player`` is asked for without ``--json``."""
    if getattr(args, "view", "full") != "full" and not args.json:
        raise BadInput("--view player goes with --json (the player's view is a JSON object)")


def position_json(state: State, args: argparse.Namespace) -> dict[str, Any]:
    """The position object, or the player's view of it with ``--view player``."""
    if getattr(args, "view", "full") == "player":
        from cadogan.games.view import player_view
        return player_view(state).to_json()
    return state.to_json()
