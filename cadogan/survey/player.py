"""``cadogan survey GAME --player blind|greedy``: how often a player who cannot see the stock wins.

Each deal is played to its end: ``blind`` by ``advise``'s player (``cadogan.solver.advise.play_blind``,
every move advised from the player's view), ``greedy`` by the simplest rule
(``cadogan.solver.advise_greedy``).  The rows go to their own table of the survey's SQLite database,
keyed by player, game, variant and deal, so a run resumes where it stopped exactly as the solver's
survey does, and runs on the same back ends (``runner.survey``: local processes or a Dask cluster).
Each row names the player's settings (samples, nodes per solve, seed) and the solver version.

CSV files: ``data/survey/<player>/<game>-<variant>.csv`` (a directory per player, so the solver's
``data/survey/*.csv`` stay as they are).

>>> store = PlayerResultsDB(":memory:", "greedy")
>>> store.record(PlayerRow("greedy", "precedence", "king-out", 7, "won", 0.01, 300, 0, 0, None, 0, 0, 0, "0.15"))
>>> store.recorded("precedence", "king-out", 0, 10)
{7: 'won'}
>>> report_entries(store)[0]["won"], report_entries(store)[0]["deals"]
(1, 1)
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Iterable

from cadogan.errors import BadInput
from cadogan.survey.stats import Tally, wilson_interval
from cadogan.survey.store import ResultsFile

PLAYERS = ("blind", "greedy")
RESULTS = ("won", "lost")

SCHEMA = """
CREATE TABLE IF NOT EXISTS player_results (
    player TEXT NOT NULL,           -- blind or greedy
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    deal NOT NULL,                  -- INTEGER, or decimal TEXT for deals >= 2^63
    result TEXT NOT NULL CHECK (result IN ('won', 'lost')),
    seconds REAL NOT NULL,          -- the whole game
    moves INTEGER NOT NULL,
    decisions INTEGER NOT NULL,     -- advices that solved positions (blind)
    unknown INTEGER NOT NULL,       -- drawn positions left undecided over the game (blind)
    start_chance REAL,              -- the win chance advised for the first move (blind)
    samples INTEGER NOT NULL,       -- the blind player's settings (0 for greedy)
    max_nodes INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    solver_version TEXT NOT NULL,
    recorded_at REAL NOT NULL,
    PRIMARY KEY (player, game, variant, deal)
)
"""


@dataclass(frozen=True)
class PlayerSettings:
    """What a player survey plays with (``runner.survey`` passes it to each deal as its limits)."""

    player: str = "blind"
    samples: int = 0
    max_nodes: int = 0
    seed: int = 0

    def already_tried(self, row: Any) -> bool:  # runner.survey asks this only with retry_unknown
        return True


@dataclass(frozen=True)
class PlayerRow:
    """One deal played to its end."""

    player: str
    game: str
    variant: str
    deal: int
    result: str
    seconds: float
    moves: int
    decisions: int
    unknown: int
    start_chance: float | None
    samples: int
    max_nodes: int
    seed: int
    solver_version: str


def play_deal(game_id: str, variant: str, deal: int, settings: PlayerSettings) -> PlayerRow:
    """Play one deal as ``settings.player``; runs in a worker process or on a Dask worker.  A win
    is replayed through the engine by the player itself before it is returned."""
    from cadogan.solver import SOLVER_VERSION

    if settings.player == "blind":
        from cadogan.solver.advise import Settings, play_blind
        game = play_blind(game_id, variant, deal, Settings(samples=settings.samples, max_nodes=settings.max_nodes,
                                                           seed=settings.seed))
    else:
        from cadogan.solver.advise_greedy import play_greedy
        game = play_greedy(game_id, variant, deal)
    return PlayerRow(settings.player, game_id, game.variant, deal, game.result, float(game.seconds), len(game.moves),
                     game.decisions, game.unknown, game.start_chance, settings.samples, settings.max_nodes,
                     settings.seed, str(SOLVER_VERSION))


class PlayerResultsDB(ResultsFile):
    """One player's rows in the results database at ``path`` (the same file as the solver's survey;
    the interface ``runner.survey`` uses: ``recorded``, ``rows``, ``record``, ``tallies``)."""

    table, schema = "player_results", SCHEMA

    def __init__(self, path: str | Path, player: str) -> None:
        if player not in PLAYERS:
            raise BadInput(f"unknown player {player!r}: choose one of solver, {', '.join(PLAYERS)}")
        self.player = player
        super().__init__(path)

    def record(self, row: PlayerRow, replace: bool = False) -> None:
        if row.result not in RESULTS or row.player != self.player:
            raise ValueError(f"not a {self.player} row: {row}")
        with self.db:
            self.insert(row, replace)

    def merge(self, rows: Iterable[PlayerRow]) -> int:
        """Add the rows of deals not recorded yet (a CSV import); returns how many were added."""
        added = 0
        for row in rows:
            if not self.recorded(row.game, row.variant, row.deal, row.deal):
                self.record(row)
                added += 1
        return added

    def recorded(self, game: str, variant: str, first: int, last: int) -> dict[int, str]:
        cursor = self.db.execute("SELECT deal, result FROM player_results WHERE player = ? AND game = ? AND variant = ?",
                                 (self.player, game, variant))
        return {int(d): r for d, r in cursor if first <= int(d) <= last}

    def rows(self, game: str | None = None, variant: str | None = None) -> list[PlayerRow]:
        names = ", ".join(f.name for f in fields(PlayerRow))
        found = [PlayerRow(p, g, v, int(d), r, float(s), int(m), int(dec), int(u), sc, int(k), int(b), int(x), str(sv))
                 for p, g, v, d, r, s, m, dec, u, sc, k, b, x, sv in
                 self.db.execute(f"SELECT {names} FROM player_results WHERE player = ?", (self.player,))]
        found = [r for r in found if (game is None or r.game == game) and (variant is None or r.variant == variant)]
        return sorted(found, key=lambda r: (r.game, r.variant, r.deal))

    def tallies(self) -> dict[tuple[str, str], Tally]:
        out: dict[tuple[str, str], Tally] = {}
        for row in self.rows():
            out[(row.game, row.variant)] = out.get((row.game, row.variant), Tally()).add(row.result)
        return out


# --- the report ----------------------------------------------------------------------------------
def report_entries(store: PlayerResultsDB) -> list[dict[str, Any]]:
    """Per game and variant: deals, won, the win rate with its Wilson 95 % interval, the mean
    advised win chance of the first move (the player's own forecast: calibration), the settings."""
    from cadogan import games

    order = {(g.id, v): i for i, (g, v) in enumerate((g, v) for g in games.all_games() for v in g.variants)}
    entries = []
    for (game, variant), tally in sorted(store.tallies().items(), key=lambda kv: order.get(kv[0], len(order))):
        rows = store.rows(game, variant)
        chances = [r.start_chance for r in rows if r.start_chance is not None]
        settings = sorted({(r.samples, r.max_nodes, r.seed) for r in rows})
        entries.append({
            "player": store.player, "game": game, "variant": variant, "deals": tally.deals, "won": tally.won,
            "rate": tally.won / tally.deals, "interval": list(wilson_interval(tally.won, tally.deals)),
            "mean_start_chance": sum(chances) / len(chances) if chances else None,
            "seconds_per_deal": sum(r.seconds for r in rows) / len(rows),
            "settings": [{"samples": k, "max_nodes": b, "seed": x} for k, b, x in settings],
            "solver_versions": sorted({r.solver_version for r in rows})})
    return entries


def markdown(entries: list[dict[str, Any]]) -> str:
    """The player rows as a Markdown table."""
    lines = ["| player | game | variant | deals | won | win rate (Wilson 95%) | mean first-move chance | "
             "s/deal | settings | solver |", "|---|---|---|---:|---:|---|---:|---:|---|---|"]
    for e in entries:
        low, high = e["interval"]
        chance = "-" if e["mean_start_chance"] is None else f"{100 * e['mean_start_chance']:.1f}%"
        settings = "; ".join(f"{s['samples']} samples, {s['max_nodes']} nodes, seed {s['seed']}"
                             for s in e["settings"]) if e["player"] == "blind" else "-"
        lines.append(f"| {e['player']} | {e['game']} | {e['variant']} | {e['deals']} | {e['won']} | "
                     f"{100 * e['rate']:.1f}% ({100 * low:.1f}-{100 * high:.1f}%) | {chance} | "
                     f"{e['seconds_per_deal']:.1f} | {settings} | {', '.join(e['solver_versions'])} |")
    return "\n".join(lines) + "\n"


def stored_players(path: str) -> list[str]:
    """The players with rows in the database at ``path`` (none if it has no player table)."""
    try:
        db = sqlite3.connect(path)
        try:
            found = [p for (p,) in db.execute("SELECT DISTINCT player FROM player_results ORDER BY 1")]
        finally:
            db.close()
    except sqlite3.DatabaseError:
        return []
    return [p for p in PLAYERS if p in found]


# --- CSV files -----------------------------------------------------------------------------------
HEADER = ["deal", "result", "seconds", "moves", "decisions", "unknown", "start_chance", "samples", "max_nodes",
          "seed", "solver"]


def to_csv_text(rows: Iterable[PlayerRow]) -> str:
    from cadogan.survey.csvfiles import csv_text

    return csv_text(HEADER, ([r.deal, r.result, f"{r.seconds:.3f}", r.moves, r.decisions, r.unknown,
                              "" if r.start_chance is None else f"{r.start_chance:.4f}", r.samples, r.max_nodes,
                              r.seed, r.solver_version] for r in rows))


def export(store: PlayerResultsDB, directory: str | Path) -> list[Path]:
    """``<directory>/<player>/<game>-<variant>.csv`` for each game and variant played."""
    from cadogan.survey.csvfiles import write_tables

    return write_tables(store, Path(directory) / store.player, to_csv_text)


def read_rows(path: str | Path, player: str) -> list[PlayerRow]:
    """The rows of one player's results file; BadInput naming the line if one is malformed."""
    from cadogan.cards import parse_deal
    from cadogan.survey.csvfiles import read_table

    def row(game: str, variant: str, cells: list[str]) -> PlayerRow:
        deal, result, seconds, moves, decisions, unknown, chance, samples, nodes, seed, solver = cells
        if result not in RESULTS:
            raise ValueError(f"result {result!r}")
        return PlayerRow(player, game, variant, parse_deal(deal), result, float(seconds), int(moves), int(decisions),
                         int(unknown), float(chance) if chance else None, int(samples), int(nodes), int(seed), solver)

    return read_table(path, HEADER, row)
