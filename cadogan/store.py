"""Saved games and statistics in one SQLite file, every change in a transaction.

A game is stored as its record (game, variant, deal, moves) plus the redo line, so it replays to
exactly the position the player left, after a reload or a server killed with -9.

>>> store = Store(":memory:")
>>> g = store.create("precedence", "king-out", 7, now=100.0)
>>> store.save(g.id, ["deal", "deal"], [], won=False, lost=False, now=101.0)
>>> store.load(g.id).moves
['deal', 'deal']
>>> store.stats()[0]["played"], store.stats()[0]["won"]
(1, 0)
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    deal TEXT NOT NULL,              -- text: deal numbers reach 2^64 - 1, beyond SQLite's integers
    moves TEXT NOT NULL DEFAULT '',  -- move tokens separated by spaces
    redo TEXT NOT NULL DEFAULT '',   -- the redo line, next move first
    created REAL NOT NULL,
    updated REAL NOT NULL,
    first_move REAL,                 -- the timer starts with the first move
    won_at REAL,                     -- set the first time the game is won, never cleared
    won_moves INTEGER,
    lost INTEGER NOT NULL DEFAULT 0, -- 1 once the player was left without a legal move
    abandoned INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_by_kind ON games (game, variant, created);
"""


@dataclass
class SavedGame:
    """One row of the games table, moves as a list of tokens."""

    id: str
    game: str
    variant: str
    deal: int
    moves: list[str] = field(default_factory=list)
    redo: list[str] = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    first_move: float | None = None
    won_at: float | None = None
    won_moves: int | None = None
    lost: bool = False
    abandoned: bool = False
    hints: int = 0

    @property
    def outcome(self) -> str:
        """'won', 'lost' (stuck or given up with moves played) or 'playing'."""
        if self.won_at is not None:
            return "won"
        if self.lost or (self.abandoned and self.moves):
            return "lost"
        return "playing"


def new_game_id() -> str:
    """A fresh id: 16 hex digits (ids are checked against this shape before any query)."""
    return secrets.token_hex(8)


def valid_game_id(text: str) -> bool:
    return len(text) == 16 and all(c in "0123456789abcdef" for c in text)


class Store:
    """The SQLite file of saved games. Thread-safe: each call opens its own transaction."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._memory: sqlite3.Connection | None = None
        if self.path == ":memory:":
            self._memory = sqlite3.connect(":memory:", check_same_thread=False)
        else:
            directory = os.path.dirname(os.path.abspath(self.path))
            os.makedirs(directory, exist_ok=True)
        conn = self._memory or sqlite3.connect(self.path, timeout=10)
        try:
            if self._memory is None:
                conn.execute("PRAGMA journal_mode=WAL")
            conn.executescript(SCHEMA)
            conn.commit()
        finally:
            if self._memory is None:
                conn.close()

    def _connect(self) -> "_Transaction":
        return _Transaction(self)

    # --- games -------------------------------------------------------------------------------
    def create(self, game: str, variant: str, deal: int, now: float | None = None) -> SavedGame:
        """A new game; unfinished games with moves played are marked abandoned (counted as lost)."""
        now = time.time() if now is None else now
        saved = SavedGame(new_game_id(), game, variant, int(deal), created=now, updated=now)
        with self._connect() as conn:
            conn.execute("UPDATE games SET abandoned = 1 WHERE won_at IS NULL AND moves != '' AND abandoned = 0")
            conn.execute("INSERT INTO games (id, game, variant, deal, created, updated) VALUES (?, ?, ?, ?, ?, ?)",
                         (saved.id, game, variant, str(saved.deal), now, now))
        return saved

    def load(self, game_id: str) -> SavedGame | None:
        if not valid_game_id(game_id):
            return None
        with self._connect() as conn:
            row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return _row_to_game(row) if row else None

    def save(self, game_id: str, moves: list[str], redo: list[str], *, won: bool, lost: bool,
             now: float | None = None) -> None:
        """Store the moves and redo line of a game after a change, in one transaction."""
        now = time.time() if now is None else now
        with self._connect() as conn:
            conn.execute(
                """UPDATE games SET moves = ?, redo = ?, updated = ?,
                       first_move = CASE WHEN first_move IS NULL AND ? != '' THEN ? ELSE first_move END,
                       won_moves = CASE WHEN won_at IS NULL AND ? THEN ? ELSE won_moves END,
                       won_at = CASE WHEN won_at IS NULL AND ? THEN ? ELSE won_at END,
                       lost = CASE WHEN ? THEN 1 ELSE lost END,
                       abandoned = 0
                   WHERE id = ?""",
                (" ".join(moves), " ".join(redo), now, " ".join(moves), now,
                 int(won), len(moves), int(won), now, int(lost), game_id))

    def count_hint(self, game_id: str) -> None:
        with self._connect() as conn:
            conn.execute("UPDATE games SET hints = hints + 1 WHERE id = ?", (game_id,))

    def all_games(self) -> list[SavedGame]:
        with self._connect() as conn:
            rows = conn.execute("SELECT * FROM games ORDER BY created, rowid").fetchall()
        return [_row_to_game(r) for r in rows]

    # --- statistics -----------------------------------------------------------------------------
    def stats(self) -> list[dict[str, Any]]:
        """Per game and variant: played, won, win %, current and best streak, best time, fewest moves.

        A game counts as played once a move is made. Streaks run over finished games (won, or lost:
        stuck, or left unfinished for a new game) in the order they were started.
        """
        groups: dict[tuple[str, str], list[SavedGame]] = {}
        for saved in self.all_games():
            if saved.moves or saved.won_at is not None:
                groups.setdefault((saved.game, saved.variant), []).append(saved)
        result = []
        for (game, variant), played in groups.items():
            won = [g for g in played if g.outcome == "won"]
            streak = best = 0
            for g in played:
                if g.outcome == "won":
                    streak += 1
                    best = max(best, streak)
                elif g.outcome == "lost":
                    streak = 0
            times = [g.won_at - g.first_move for g in won if g.won_at is not None and g.first_move is not None]
            result.append({
                "game": game, "variant": variant,
                "played": len(played), "won": len(won),
                "win_percent": round(100 * len(won) / len(played), 1) if played else 0.0,
                "current_streak": streak, "best_streak": best,
                "best_time_seconds": round(min(times), 1) if times else None,
                "fewest_moves": min(g.won_moves for g in won if g.won_moves is not None) if won else None,
                "hints_used": sum(g.hints for g in played),
            })
        return result


class _Transaction:
    """``with store._connect() as conn``: one transaction, committed on success, rolled back on error."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.conn: sqlite3.Connection | None = None

    def __enter__(self) -> sqlite3.Connection:
        if self.store._memory is not None:
            self.store._lock.acquire()
            self.conn = self.store._memory
        else:
            self.conn = sqlite3.connect(self.store.path, timeout=10)
            self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.row_factory = sqlite3.Row
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: Any, *_: Any) -> None:
        assert self.conn is not None
        try:
            if exc_type is None:
                self.conn.commit()
            else:
                self.conn.rollback()
        finally:
            if self.store._memory is not None:
                self.store._lock.release()
            else:
                self.conn.close()


def _row_to_game(row: sqlite3.Row) -> SavedGame:
    return SavedGame(
        id=row["id"], game=row["game"], variant=row["variant"], deal=int(row["deal"]),
        moves=row["moves"].split(), redo=row["redo"].split(),
        created=row["created"], updated=row["updated"], first_move=row["first_move"],
        won_at=row["won_at"], won_moves=row["won_moves"], lost=bool(row["lost"]),
        abandoned=bool(row["abandoned"]), hints=row["hints"])


def default_path() -> str:
    """The games file in the user's data directory (``platformdirs``)."""
    import platformdirs

    return os.path.join(platformdirs.user_data_dir("cadogan", appauthor=False), "games.sqlite3")
