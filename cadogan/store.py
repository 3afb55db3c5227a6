"""Saved games and statistics in one SQLite file, every change in a transaction.

A game is stored as its record (game, variant, deal, moves) plus the redo line, so it replays to
exactly the position the player left, after a reload or a server killed with -9.

>>> store = Store(":memory:")
>>> g = store.create("precedence", "king-out", 7, now=100.0)
>>> saved = store.save(g.id, ["deal", "deal"], [], won=False, lost=False, now=101.0)  # the game as stored
>>> saved.moves, saved.first_move, saved.version
(['deal', 'deal'], 101.0, 1)
>>> store.save(g.id, ["deal"], ["deal"], won=False, lost=False, undo=True, version=0)
Traceback (most recent call last):
cadogan.store.StaleGame: game ... is at version 1, not 0
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

# Schema 2 (added to a file of schema 1 by ``_migrate``): games belong to a player, may be the daily
# deal, count their undos, carry a version (bumped by every save) and the outcome the statistics
# counted; the statistics are running totals per player, game, variant and daily-or-not.
COLUMNS_2 = {
    "player": "TEXT NOT NULL DEFAULT ''",
    "daily": "INTEGER NOT NULL DEFAULT 0",
    "undos": "INTEGER NOT NULL DEFAULT 0",
    "version": "INTEGER NOT NULL DEFAULT 0",
    "counted": "TEXT NOT NULL DEFAULT ''",  # '', 'played', 'lost' or 'won': only ever moves forward
}
SCHEMA_2 = """
CREATE TABLE IF NOT EXISTS stats (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    daily INTEGER NOT NULL,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    lost INTEGER NOT NULL DEFAULT 0,
    current_streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    best_time REAL,
    fewest_moves INTEGER,
    hints INTEGER NOT NULL DEFAULT 0,
    undos INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player, game, variant, daily)
);
CREATE INDEX IF NOT EXISTS games_unfinished ON games (player, counted);
"""
# Schema 3: a daily game started after its day (from the calendar) is ``late``, and which
# achievements each player has been told of.
COLUMNS_3 = {"late": "INTEGER NOT NULL DEFAULT 0"}
SCHEMA_3 = """
CREATE TABLE IF NOT EXISTS achievements_seen (
    player TEXT NOT NULL,
    achievement TEXT NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (player, achievement)
);
CREATE INDEX IF NOT EXISTS games_by_player ON games (player, daily, won_at);
"""
SCHEMA_VERSION = 3
# The coach's columns (added by ``_migrate_coach`` to a file without them, whatever its schema
# number): a game counts its hints (advice from the player's view) apart from its *peeks* (the
# solver's hint, which reads the whole deal), and keeps the accuracy of its last review; the
# statistics sum them per player, game, variant and daily-or-not.
GAME_COLUMNS_COACH = {
    "peeks": "INTEGER NOT NULL DEFAULT 0",
    "accuracy": "REAL",        # 0..1, the last review's accuracy of the game once over; NULL: not reviewed
    "reviewed_at": "REAL",     # when that review was recorded
}
STATS_COLUMNS_COACH = {
    "peeks": "INTEGER NOT NULL DEFAULT 0",
    "reviewed": "INTEGER NOT NULL DEFAULT 0",       # games with an accuracy
    "accuracy_sum": "REAL NOT NULL DEFAULT 0",      # the sum of their accuracies
}
RECENT_REVIEWS = 10  # the reviewed games whose accuracy the statistics list, the latest last
UNOWNED = ""  # the player of the games saved before players existed, until their browser claims them
OUTCOMES = ("", "played", "lost", "won")  # the order in which a game's counted outcome may move


class StaleGame(Exception):
    """A save based on an older version of the game than the one stored (a lost update, refused)."""


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
    player: str = ""
    daily: bool = False
    undos: int = 0
    version: int = 0
    late: bool = False
    peeks: int = 0
    accuracy: float | None = None

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
        if self.path != ":memory:":
            directory = os.path.dirname(os.path.abspath(self.path))
            os.makedirs(directory, exist_ok=True)
        # One connection for the store's life, one transaction at a time (the lock): no connection
        # opened per change, no checkpoint each time the last one closes, no waits in SQLite's busy
        # handler between this server's own threads. Other processes still wait up to 10 s.
        self._conn: sqlite3.Connection | None = sqlite3.connect(self.path, timeout=10, check_same_thread=False,
                                                                isolation_level=None)
        try:
            self._conn.row_factory = sqlite3.Row
            if self.path != ":memory:":
                self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=FULL")
            self._conn.executescript(SCHEMA)
            with self._transaction() as conn:
                _migrate(conn)
                _migrate_coach(conn)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Close the store's connection."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _transaction(self) -> "_Transaction":
        """``with self._transaction() as conn``: this store's one transaction at a time (under its lock)."""
        return _Transaction(self)

    # --- games -------------------------------------------------------------------------------
    def create(self, game: str, variant: str, deal: int, now: float | None = None, *, player: str = "",
               daily: bool = False, late: bool = False) -> SavedGame:
        """A new game of ``player``; that player's unfinished games with moves played are marked
        abandoned (counted as lost; their version moves on, so copies kept elsewhere are seen stale).
        ``late``: a daily deal started after its day."""
        now = time.time() if now is None else now
        saved = SavedGame(new_game_id(), game, variant, int(deal), created=now, updated=now, player=player,
                          daily=daily, late=daily and late)
        with self._transaction() as conn:
            for row in conn.execute("SELECT * FROM games WHERE player = ? AND counted = 'played'", (player,)).fetchall():
                conn.execute("UPDATE games SET abandoned = 1, counted = 'lost', version = version + 1 WHERE id = ?",
                             (row["id"],))
                _count(conn, row, "played", "lost")
            conn.execute("INSERT INTO games (id, game, variant, deal, created, updated, player, daily, late) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (saved.id, game, variant, str(saved.deal), now, now, player, int(daily), int(saved.late)))
        return saved

    def load(self, game_id: str) -> SavedGame | None:
        """The game stored under ``game_id``, or None."""
        if not valid_game_id(game_id):
            return None
        with self._transaction() as conn:
            row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return _row_to_game(row) if row else None

    def save(self, game_id: str, moves: list[str], redo: list[str], *, won: bool, lost: bool,
             now: float | None = None, undo: bool = False, version: int | None = None) -> SavedGame:
        """Store the moves and redo line of a game after a change, with its statistics, in one
        transaction; return the game as stored (its version moved on). ``undo``: the change was an
        undo (counted). ``version``: the version the change was made on; StaleGame if the stored one
        is newer.

        The rules of a save, here only: the timer starts with the first move; the first win is kept
        (time and number of moves); a game once lost stays lost; a saved game is no longer abandoned.
        """
        now = time.time() if now is None else now
        with self._transaction() as conn:
            row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(game_id)
            if version is not None and row["version"] != version:
                raise StaleGame(f"game {game_id} is at version {row['version']}, not {version}")
            conn.execute(
                """UPDATE games SET moves = ?, redo = ?, updated = ?,
                       first_move = CASE WHEN first_move IS NULL AND ? != '' THEN ? ELSE first_move END,
                       won_moves = CASE WHEN won_at IS NULL AND ? THEN ? ELSE won_moves END,
                       won_at = CASE WHEN won_at IS NULL AND ? THEN ? ELSE won_at END,
                       lost = CASE WHEN ? THEN 1 ELSE lost END,
                       abandoned = 0, undos = undos + ?, version = version + 1
                   WHERE id = ?""",
                (" ".join(moves), " ".join(redo), now, " ".join(moves), now,
                 int(won), len(moves), int(won), now, int(lost), int(undo), game_id))
            after = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            target = _outcome_of(after)
            if OUTCOMES.index(target) > OUTCOMES.index(after["counted"]):
                conn.execute("UPDATE games SET counted = ? WHERE id = ?", (target, game_id))
                _count(conn, after, after["counted"], target)
            if undo:
                _bump(conn, after, "undos")
            return _row_to_game(after)  # the counted outcome is not part of a SavedGame

    def version(self, game_id: str) -> int | None:
        """The stored version of a game (None for an unknown id): a copy of an older one is stale."""
        with self._transaction() as conn:
            row = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        return int(row["version"]) if row else None

    def count_hint(self, game_id: str) -> SavedGame | None:
        """Count a hint (advice from the player's view) given in the game and in its player's
        statistics; the game as stored."""
        return self._count_help(game_id, "hints")

    def count_peek(self, game_id: str) -> SavedGame | None:
        """Count a peek (the solver's hint, which reads the whole deal) given in the game and in its
        player's statistics; the game as stored."""
        return self._count_help(game_id, "peeks")

    def _count_help(self, game_id: str, column: str) -> SavedGame | None:
        assert column in ("hints", "peeks")
        with self._transaction() as conn:
            conn.execute(f"UPDATE games SET {column} = {column} + 1, version = version + 1 WHERE id = ?", (game_id,))
            row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is not None:
                _bump(conn, row, column)
        return _row_to_game(row) if row else None

    def record_accuracy(self, game_id: str, accuracy: float, now: float | None = None) -> SavedGame | None:
        """Keep ``accuracy`` (0..1) as the game's, in place of an earlier review's, and in its
        player's statistics (a game reviewed again counts once, with its latest accuracy); the game
        as stored (None for an unknown id)."""
        if not 0.0 <= accuracy <= 1.0:
            raise ValueError(f"an accuracy is from 0 to 1, not {accuracy}")
        now = time.time() if now is None else now
        with self._transaction() as conn:
            row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            earlier = row["accuracy"]
            conn.execute("UPDATE games SET accuracy = ?, reviewed_at = ?, version = version + 1 WHERE id = ?",
                          (accuracy, now, game_id))
            _ensure_stats(conn, row)
            conn.execute("UPDATE stats SET reviewed = reviewed + ?, accuracy_sum = accuracy_sum + ? "
                         "WHERE player = ? AND game = ? AND variant = ? AND daily = ?",
                         (int(earlier is None), accuracy - (earlier or 0.0), *_stats_key(row)))
            row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return _row_to_game(row)

    def claim_unowned(self, player: str, game_id: str) -> int:
        """Give ``player`` the games and statistics saved before players existed, if ``game_id`` is one
        of them and ``player`` has no statistics yet; how many games.

        Only the browser that played those games holds their ids (a game id is its own key), so only
        it can claim them: a client that merely comes first, or comes from elsewhere, gets nothing.
        """
        with self._transaction() as conn:
            row = conn.execute("SELECT player FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None or row["player"] != UNOWNED:
                return 0
            if conn.execute("SELECT 1 FROM stats WHERE player = ? LIMIT 1", (player,)).fetchone():
                return 0
            count = conn.execute("UPDATE games SET player = ?, version = version + 1 WHERE player = ?",
                                 (player, UNOWNED)).rowcount
            conn.execute("UPDATE stats SET player = ? WHERE player = ?", (player, UNOWNED))
        return count

    # --- statistics -----------------------------------------------------------------------------
    def stats(self, player: str = "") -> list[dict[str, Any]]:
        """Per game and variant of ``player``: played, won, win %, current and best streak, best time,
        fewest moves, hints, peeks and undos used, the games reviewed and their mean accuracy; the
        same counters for daily deals under ``"daily"``; and ``recent_accuracy``, the accuracy of the
        last reviewed games (daily or not).

        Running totals kept by every save (O(1) to read). A game counts as played once a move is
        made; it counts as lost when the player is left without a move or starts another game
        first, and as won (instead) once won. Streaks run in the order games are decided.
        """
        with self._transaction() as conn:
            rows = conn.execute("SELECT * FROM stats WHERE player = ? ORDER BY rowid", (player,)).fetchall()
            recent = {(r["game"], r["variant"]): _recent_reviews(conn, player, r["game"], r["variant"])
                      for r in rows if r["reviewed"]}
        groups: dict[tuple[str, str], dict[str, Any]] = {}
        for row in rows:
            entry = groups.setdefault((row["game"], row["variant"]), {
                "game": row["game"], "variant": row["variant"], **_counters(None), "daily": _counters(None),
                "recent_accuracy": []})
            entry["recent_accuracy"] = recent.get((row["game"], row["variant"]), entry["recent_accuracy"])
            if row["daily"]:
                entry["daily"] = _counters(row)
            else:
                entry.update(_counters(row))
        return list(groups.values())


    # --- what the days, the history and the achievements read ---------------------------------------
    def daily_games(self, player: str) -> list[GameSummary]:
        """Every daily game of ``player``, oldest first (a few a day: the calendar and the streaks)."""
        return self._summaries("player = ? AND daily = 1 ORDER BY created, rowid", (player,))

    def finished_games(self, player: str, limit: int, offset: int = 0) -> tuple[list[GameSummary], int]:
        """The games of ``player`` that are over (won, or lost: stuck or left with moves played), the
        last one to end first: at most ``limit`` from ``offset``; and how many there are in all."""
        where = "player = ? AND counted IN ('won', 'lost')"
        found = self._summaries(where + " ORDER BY COALESCE(won_at, updated) DESC, rowid DESC LIMIT ? OFFSET ?",
                                (player, limit, offset))
        with self._transaction() as conn:
            total = conn.execute(f"SELECT COUNT(*) FROM games WHERE {where}", (player,)).fetchone()[0]
        return found, total

    def wins(self, player: str) -> list[GameSummary]:
        """Every game ``player`` has won, in the order they were won."""
        return self._summaries("player = ? AND won_at IS NOT NULL ORDER BY won_at, rowid", (player,))

    def played(self, player: str, nth: int) -> tuple[int, float | None]:
        """How many games ``player`` has played (a move made), and when the ``nth`` of them started
        (None while there are fewer)."""
        with self._transaction() as conn:
            count = conn.execute("SELECT COUNT(*) FROM games WHERE player = ? AND counted != ''", (player,)).fetchone()[0]
            row = conn.execute("SELECT COALESCE(first_move, created) FROM games WHERE player = ? AND counted != '' "
                               "ORDER BY COALESCE(first_move, created), rowid LIMIT 1 OFFSET ?",
                               (player, max(0, nth - 1))).fetchone()
        return count, (row[0] if row is not None and count >= nth else None)

    def achievements_seen(self, player: str) -> set[str]:
        """The achievements ``player`` has been told of."""
        with self._transaction() as conn:
            rows = conn.execute("SELECT achievement FROM achievements_seen WHERE player = ?", (player,)).fetchall()
        return {row[0] for row in rows}

    def see_achievements(self, player: str, names: list[str], now: float | None = None) -> None:
        """Remember that ``player`` has been told of the achievements ``names``."""
        now = time.time() if now is None else now
        with self._transaction() as conn:
            conn.executemany("INSERT OR IGNORE INTO achievements_seen (player, achievement, seen) VALUES (?, ?, ?)",
                             [(player, name, now) for name in names])

    def _summaries(self, where: str, parameters: tuple[Any, ...]) -> list[GameSummary]:
        with self._transaction() as conn:
            rows = conn.execute(f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE {where}", parameters).fetchall()
        return [_row_to_summary(row) for row in rows]


# A game's moves are counted in SQL: the moves themselves (up to 5,000 tokens) never leave the file.
_SUMMARY_COLUMNS = ("id, game, variant, deal, daily, late, created, updated, first_move, won_at, won_moves, lost, abandoned, "
                    "hints, undos, counted, CASE WHEN moves = '' THEN 0 "
                    "ELSE length(moves) - length(replace(moves, ' ', '')) + 1 END AS move_count")


@dataclass(frozen=True)
class GameSummary:
    """One game in a list (the calendar, the history, the achievements): how it went, not its moves."""

    id: str
    game: str
    variant: str
    deal: int
    daily: bool
    late: bool
    outcome: str  # 'won', 'lost' or 'playing' (as ``SavedGame.outcome``)
    moves: int  # the moves of the win (as the statistics count them), else the moves on the table now
    seconds: float | None  # on the clock, from the first move to the win, to the loss, or to now
    hints: int
    undos: int
    created: float
    ended: float | None  # when it was won, or last changed before it was lost; None while playing
    played: bool  # a move was made
    over: bool  # won, or lost with no legal move left: every card has been seen (a game left unfinished may go on)


def _row_to_summary(row: sqlite3.Row) -> GameSummary:
    outcome = ("won" if row["won_at"] is not None
               else "lost" if row["lost"] or (row["abandoned"] and row["move_count"]) else "playing")
    ended = row["won_at"] if outcome == "won" else row["updated"] if outcome == "lost" else None
    start = row["first_move"]
    seconds = None if start is None else round((ended if ended is not None else time.time()) - start, 1)
    return GameSummary(id=row["id"], game=row["game"], variant=row["variant"], deal=int(row["deal"]),
                       daily=bool(row["daily"]), late=bool(row["late"]), outcome=outcome,
                       moves=row["won_moves"] if outcome == "won" and row["won_moves"] is not None else row["move_count"],
                       seconds=seconds, hints=row["hints"], undos=row["undos"], created=row["created"], ended=ended,
                       played=row["counted"] != "", over=row["won_at"] is not None or bool(row["lost"]))


def _counters(row: sqlite3.Row | None) -> dict[str, Any]:
    """The statistics of one stats row (zeros for None)."""
    played = row["played"] if row else 0
    won = row["won"] if row else 0
    return {
        "played": played, "won": won,
        "win_percent": round(100 * won / played, 1) if played else 0.0,
        "current_streak": row["current_streak"] if row else 0, "best_streak": row["best_streak"] if row else 0,
        "best_time_seconds": round(row["best_time"], 1) if row and row["best_time"] is not None else None,
        "fewest_moves": row["fewest_moves"] if row else None,
        "hints_used": row["hints"] if row else 0, "undos_used": row["undos"] if row else 0,
        "peeks_used": row["peeks"] if row else 0, "reviewed": row["reviewed"] if row else 0,
        "accuracy_percent": round(100 * row["accuracy_sum"] / row["reviewed"], 1) if row and row["reviewed"] else None,
    }


def _recent_reviews(conn: sqlite3.Connection, player: str, game: str, variant: str) -> list[float]:
    """The accuracy (in percent) of the last ``RECENT_REVIEWS`` reviewed games of ``player`` in this
    game and variant, daily deals included, the latest last (an index search: as quick with any
    number of games)."""
    rows = conn.execute("SELECT accuracy FROM games WHERE player = ? AND game = ? AND variant = ? "
                        "AND reviewed_at IS NOT NULL ORDER BY reviewed_at DESC LIMIT ?",
                        (player, game, variant, RECENT_REVIEWS)).fetchall()
    return [round(100 * row["accuracy"], 1) for row in reversed(rows)]


def _outcome_of(row: sqlite3.Row) -> str:
    """The outcome the statistics should count for a games row: '', 'played', 'lost' or 'won'."""
    if row["won_at"] is not None:
        return "won"
    if row["lost"] or (row["abandoned"] and row["moves"]):
        return "lost"
    return "played" if row["first_move"] is not None or row["moves"] else ""


def _stats_key(row: sqlite3.Row) -> tuple[str, str, str, int]:
    return (row["player"], row["game"], row["variant"], int(row["daily"]))


def _ensure_stats(conn: sqlite3.Connection, row: sqlite3.Row) -> None:
    conn.execute("INSERT OR IGNORE INTO stats (player, game, variant, daily) VALUES (?, ?, ?, ?)", _stats_key(row))


def _bump(conn: sqlite3.Connection, row: sqlite3.Row, column: str) -> None:
    """Add one to counter ``column`` (hints, undos) of the game's statistics."""
    assert column in ("hints", "undos", "peeks")
    _ensure_stats(conn, row)
    conn.execute(f"UPDATE stats SET {column} = {column} + 1 "
                 "WHERE player = ? AND game = ? AND variant = ? AND daily = ?", _stats_key(row))


def _count(conn: sqlite3.Connection, row: sqlite3.Row, before: str, after: str) -> None:
    """Move the game of ``row`` from outcome ``before`` to ``after`` in its statistics."""
    _ensure_stats(conn, row)
    key = _stats_key(row)
    where = " WHERE player = ? AND game = ? AND variant = ? AND daily = ?"
    if before == "":
        conn.execute("UPDATE stats SET played = played + 1" + where, key)
    if after == "lost":
        conn.execute("UPDATE stats SET lost = lost + 1, current_streak = 0" + where, key)
    elif after == "won":
        seconds = row["won_at"] - row["first_move"] if row["first_move"] is not None else None
        conn.execute(
            "UPDATE stats SET won = won + 1, lost = lost - ?, current_streak = current_streak + 1, "
            "best_streak = MAX(best_streak, current_streak + 1), "
            "best_time = CASE WHEN ? IS NULL THEN best_time ELSE MIN(COALESCE(best_time, ?), ?) END, "
            "fewest_moves = MIN(COALESCE(fewest_moves, ?), ?)" + where,
            (int(before == "lost"), seconds, seconds, seconds, row["won_moves"], row["won_moves"], *key))


def _migrate(conn: sqlite3.Connection) -> None:
    """Bring a games file to the current schema. 1 to 2: new columns, and the statistics' running
    totals computed once from the games already saved (in the order they were started). 2 to 3: the
    ``late`` column (every daily game saved before counts as played on its day) and the achievements
    told of (none yet).

    The games saved before players existed belong to no one (player ``UNOWNED``) until the browser
    that played them names one of them (``Store.claim_unowned``): never to whoever asks first.
    """
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version >= SCHEMA_VERSION:
        return
    if version < 2:
        _migrate_2(conn)
    _add_schema(conn, COLUMNS_3, SCHEMA_3)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _add_schema(conn: sqlite3.Connection, columns: dict[str, str], statements: str) -> None:
    """Add the games table's ``columns`` it lacks, then run ``statements`` (each one idempotent)."""
    have = {r["name"] for r in conn.execute("PRAGMA table_info(games)")}
    for name, declaration in columns.items():
        if name not in have:
            conn.execute(f"ALTER TABLE games ADD COLUMN {name} {declaration}")
    for statement in statements.split(";"):
        if statement.strip():
            conn.execute(statement)


def _migrate_2(conn: sqlite3.Connection) -> None:
    """Schema 1 to 2 (``_migrate``'s first step)."""
    _add_schema(conn, COLUMNS_2, SCHEMA_2)
    conn.execute("DELETE FROM stats")
    for row in conn.execute("SELECT * FROM games ORDER BY created, rowid").fetchall():
        target = _outcome_of(row)
        if target:
            conn.execute("UPDATE games SET counted = ? WHERE id = ?", (target, row["id"]))
            _count(conn, row, "", target)
        if row["hints"]:
            _ensure_stats(conn, row)
            conn.execute("UPDATE stats SET hints = hints + ? WHERE player = ? AND game = ? AND variant = ? "
                         "AND daily = ?", (row["hints"], *_stats_key(row)))


def _migrate_coach(conn: sqlite3.Connection) -> None:
    """Add the coach's columns to a file without them (in the store's opening transaction).

    Every hint counted before them was the solver's hint, which reads the whole deal: a peek in
    today's words, so those counts move to ``peeks`` (hints now count advice from the player's view).
    Keyed on the columns, not on ``user_version``, so it applies to a file of any schema number.
    """
    have = {r["name"] for r in conn.execute("PRAGMA table_info(games)")}
    if "peeks" in have:
        return
    for name, declaration in GAME_COLUMNS_COACH.items():
        if name not in have:
            conn.execute(f"ALTER TABLE games ADD COLUMN {name} {declaration}")
    stats_have = {r["name"] for r in conn.execute("PRAGMA table_info(stats)")}
    for name, declaration in STATS_COLUMNS_COACH.items():
        if name not in stats_have:
            conn.execute(f"ALTER TABLE stats ADD COLUMN {name} {declaration}")
    conn.execute("UPDATE games SET peeks = hints, hints = 0")
    conn.execute("UPDATE stats SET peeks = hints, hints = 0")
    conn.execute("CREATE INDEX IF NOT EXISTS games_reviewed ON games (player, game, variant, reviewed_at)")


class _Transaction:
    """``with store._transaction() as conn``: the store's lock, and one transaction in it, committed on
    success, rolled back on error."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.conn: sqlite3.Connection | None = None

    def __enter__(self) -> sqlite3.Connection:
        self.store._lock.acquire()
        try:
            if self.store._conn is None:
                raise sqlite3.ProgrammingError("the store is closed")
            self.conn = self.store._conn
            self.conn.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.store._lock.release()
            raise
        return self.conn

    def __exit__(self, exc_type: Any, *_: Any) -> None:
        assert self.conn is not None
        try:
            if exc_type is None:
                try:
                    self.conn.execute("COMMIT")
                except BaseException:
                    self.conn.execute("ROLLBACK")
                    raise
            else:
                self.conn.execute("ROLLBACK")
        finally:
            self.store._lock.release()


def _row_to_game(row: sqlite3.Row) -> SavedGame:
    return SavedGame(
        id=row["id"], game=row["game"], variant=row["variant"], deal=int(row["deal"]),
        moves=row["moves"].split(), redo=row["redo"].split(),
        created=row["created"], updated=row["updated"], first_move=row["first_move"],
        won_at=row["won_at"], won_moves=row["won_moves"], lost=bool(row["lost"]),
        abandoned=bool(row["abandoned"]), hints=row["hints"], player=row["player"], daily=bool(row["daily"]),
        undos=row["undos"], version=row["version"], late=bool(row["late"]), peeks=row["peeks"],
        accuracy=row["accuracy"])


def default_path() -> str:
    """The games file in the user's data directory (``platformdirs``)."""
    import platformdirs

    return os.path.join(platformdirs.user_data_dir("cadogan", appauthor=False), "games.sqlite3")
