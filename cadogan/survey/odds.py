"""The odds the browser shows (``cadogan/web/static/odds.json``), made from the survey's CSV files
by ``cadogan survey odds`` rather than copied by hand, so they cannot drift from docs/winnability.md.

Per game and variant: the solver's row (``deals``, ``won``, ``lost``, ``unknown``: winnable with the
stock in view) and, where the player surveys have rows, ``blind`` and ``greedy`` (``deals``, ``won``
and the Wilson 95 % interval ``low``-``high`` of the win rate: how often a player who cannot see the
stock wins).  tests/survey/test_odds.py checks that the shipped file is this module's output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cadogan.survey.player import PLAYERS as PLAYER_ROWS  # blind, greedy
from cadogan.survey.stats import wilson_interval

ODDS_FILE = Path(__file__).resolve().parents[1] / "web" / "static" / "odds.json"


def build_odds(directory: str | Path) -> dict[str, Any]:
    """The odds object from the CSV files in ``directory`` (and its ``blind/``, ``greedy/``)."""
    from cadogan import games
    from cadogan.survey.csvfiles import find_csv_files, read_rows
    from cadogan.survey.player import PlayerResultsDB
    from cadogan.survey.player import read_rows as read_player_rows
    from cadogan.survey.store import ResultsDB

    odds: dict[str, dict[str, dict[str, Any]]] = {}
    folder = Path(directory)
    with ResultsDB(":memory:") as store:
        for path in find_csv_files([folder]):
            store.merge(read_rows(path))
        for (game, variant), tally in store.tallies().items():
            odds.setdefault(game, {})[variant] = {"deals": tally.deals, "won": tally.won, "lost": tally.lost,
                                                  "unknown": tally.unknown}
    for player in PLAYER_ROWS:
        if not (folder / player).is_dir():
            continue
        with PlayerResultsDB(":memory:", player) as store:
            for path in find_csv_files([folder / player]):
                store.merge(read_player_rows(path, player))
            for (game, variant), tally in store.tallies().items():
                low, high = wilson_interval(tally.won, tally.deals)
                odds.setdefault(game, {}).setdefault(variant, {})[player] = {
                    "deals": tally.deals, "won": tally.won, "low": round(low, 4), "high": round(high, 4)}
    order = [(g.id, v) for g in games.all_games() for v in g.variants]
    ordered: dict[str, dict[str, Any]] = {}
    for game, variant in order:
        if variant in odds.get(game, {}):
            ordered.setdefault(game, {})[variant] = odds[game][variant]
    return {"source": "cadogan survey odds (from data/survey: the solver, blind and greedy rows)", "odds": ordered}


def write_odds(odds: dict[str, Any], path: str | Path = ODDS_FILE) -> Path:
    out = Path(path)
    out.write_text(json.dumps(odds, indent=1) + "\n", encoding="utf-8")
    return out
