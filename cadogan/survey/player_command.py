"""The ``--player blind|greedy`` uses of ``cadogan survey`` (``cadogan.survey.player`` holds the work):
run a player survey, and its tables in ``report``, ``export`` and ``import``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cadogan.errors import BadInput

if TYPE_CHECKING:
    from cadogan.survey.player import PlayerResultsDB, PlayerSettings

#: The blind player's settings in a survey (recorded in every row): the samples per advice and the
#: search nodes per solve, chosen so that a deal costs seconds to a few minutes (docs/advise.md).
SURVEY_SAMPLES = 8
SURVEY_MAX_NODES = 20_000


def player_of(args: argparse.Namespace) -> str | None:
    """The player asked for (None or 'solver': the solver's survey); BadInput if unknown."""
    from cadogan.survey.player import PLAYERS

    player = getattr(args, "player", None)
    if player is None:
        return None
    player = player.strip().lower()
    if player == "solver":
        return None
    if player not in PLAYERS:
        raise BadInput(f"--player wants solver, {', '.join(PLAYERS)}, not {args.player!r}")
    return player


def player_survey(args: argparse.Namespace, player: str, db: str) -> tuple[PlayerResultsDB, PlayerSettings]:
    """The results database to record ``player``'s games in and the settings to play them with,
    the options checked."""
    from cadogan.cmdline import MAX_NODES, MAX_SAMPLES
    from cadogan.survey.player import PlayerResultsDB, PlayerSettings

    for name, option in (("timeout", "--timeout"), ("max_memory", "--max-memory"), ("retry_unknown", "--retry-unknown")):
        if getattr(args, name, None) not in (None, False):
            raise BadInput(f"{option} does not apply to a player survey (a game is played to its end)")
    if player == "greedy" and (args.samples is not None or args.max_nodes is not None):
        raise BadInput("--samples and --max-nodes set the blind player; the greedy rule takes none")
    settings = PlayerSettings(player, *((_count(args.samples, "--samples", SURVEY_SAMPLES, MAX_SAMPLES),
                                         _count(args.max_nodes, "--max-nodes", SURVEY_MAX_NODES, MAX_NODES), 0)
                                        if player == "blind" else (0, 0, 0)))
    return PlayerResultsDB(db, player), settings


def _count(text: str | None, option: str, default: int, maximum: int) -> int:
    from cadogan.cmdline import whole_number

    return default if text is None else whole_number(text, option, maximum)


def print_player_tables(db: str, players: list[str], as_markdown: bool, as_json: bool) -> None:
    """The players' tables of ``survey report`` (win rate with Wilson 95 %, calibration, settings)."""
    from cadogan.cmdline import print_json
    from cadogan.survey import player as module

    entries = []
    for player in players:
        with module.PlayerResultsDB(db, player) as store:
            entries += module.report_entries(store)
    if as_json:
        print_json(entries)
    elif entries:
        print(("" if as_markdown else "\nPlayers who cannot see the stock:\n") + module.markdown(entries), end="")


def export_players(db: str, directory: str) -> list:
    from cadogan.survey.player import PlayerResultsDB, export, stored_players

    written = []
    for player in stored_players(db):
        with PlayerResultsDB(db, player) as store:
            written += export(store, directory)
    return written


def import_players(db: str, player: str, paths: list[str]) -> None:
    from cadogan.survey.csvfiles import find_csv_files
    from cadogan.survey.player import PlayerResultsDB, read_rows

    with PlayerResultsDB(db, player) as store:
        for path in find_csv_files(paths):
            print(f"{path}: {store.merge(read_rows(path, player))} {player} deals added")
