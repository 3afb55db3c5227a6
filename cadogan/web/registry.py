"""The games being played: saved games in the store, the latest ones kept replayed in memory.

The store is the truth: every copy in memory carries the version it was loaded at, and is used only
while the store still holds that version (another server on the same file may have moved the game
on). Every change to a game happens under that game's lock and is applied to the stored version, so
a move is never applied to a stale copy; what the store answers after a save is what memory keeps.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable

from starlette.concurrency import run_in_threadpool

from cadogan import games
from cadogan.cards import random_deal
from cadogan.errors import CadoganError
from cadogan.history import History
from cadogan.store import UNOWNED, SavedGame, Store
from cadogan.daily import FIRST_DAY, day_of_deal, deal_of_day, today
from cadogan.web.errors import ApiError, from_cadogan_error

CACHE_SIZE = 64
Pool = Callable[[str, str], list[int]]  # (game, variant) -> solver-proven winnable deals, maybe []
Played = tuple[SavedGame, History]

log = logging.getLogger("cadogan.web")


class Games:
    """Saved games in ``store``, the latest ``CACHE_SIZE`` kept replayed in memory; ``pool`` gives the
    winnable deals a new game may be drawn from."""

    def __init__(self, store: Store, pool: Pool) -> None:
        self.store = store
        self.pool = pool
        self._cache: OrderedDict[str, Played] = OrderedDict()
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def locked(self, game_id: str) -> AsyncIterator[Played]:
        """The game, held under its lock for a change (ApiError 404 for an unknown id)."""
        lock, users = self._locks.get(game_id, (asyncio.Lock(), 0))
        self._locks[game_id] = (lock, users + 1)
        try:
            async with lock:
                yield await self._fetch(game_id)
        finally:
            lock, users = self._locks[game_id]
            if users <= 1:
                del self._locks[game_id]
            else:
                self._locks[game_id] = (lock, users - 1)

    async def get(self, game_id: str) -> Played:
        """The game to read (not to change), as stored now."""
        found = await self._cached(game_id)
        if found is not None:
            return found
        async with self.locked(game_id) as found:
            return found

    async def _cached(self, game_id: str) -> Played | None:
        """The copy in memory if the store still holds its version, else None (and the copy is dropped)."""
        found = self._cache.get(game_id)
        if found is None:
            return None
        stored = await run_in_threadpool(self.store.version, game_id)
        still = self._cache.get(game_id) is found  # other requests run while the store answers
        if stored != found[0].version:
            if still:
                del self._cache[game_id]
            return None
        if still:
            self._cache.move_to_end(game_id)
        return found

    async def _fetch(self, game_id: str) -> Played:
        found = await self._cached(game_id)
        if found is not None:
            return found
        saved = await run_in_threadpool(self.store.load, game_id)
        if saved is None:
            raise ApiError(404, f"no game has id {game_id[:40]!r}", "unknown-game-id")
        history = History(games.load(saved.game, saved.variant, saved.deal))
        for token in saved.moves:
            try:
                history.play(token)
            except CadoganError:  # a damaged row: keep the legal beginning
                log.warning("game %s: stored move %s does not replay; kept the moves before it", game_id, token)
                break
        else:
            history.redo_stack[:] = [games.Move.from_text(t) for t in saved.redo]
        self._remember(saved, history)
        return saved, history

    def _remember(self, saved: SavedGame, history: History) -> None:
        self._cache[saved.id] = (saved, history)
        self._cache.move_to_end(saved.id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def create(self, player: str, game_id: str, variant: str | None, deal: int | None, *,
                     winnable: bool = False, daily: bool = False) -> Played:
        """A new game of ``player`` (the store marks that player's unfinished games abandoned)."""
        try:
            game = games.get(game_id)
            variant = game.resolve_variant(variant)
        except CadoganError as err:
            raise from_cadogan_error(err) from None
        late = False
        if daily:
            deal, late = _daily_deal(deal)
        if deal is None:
            pool = self.pool(game.id, variant) if winnable else []
            deal = secrets.choice(pool) if pool else random_deal()
        state = game.new_initial_state(variant, deal)
        chosen = deal
        saved = await run_in_threadpool(lambda: self.store.create(game.id, variant, chosen, player=player, daily=daily,
                                                                  late=late))
        history = History(state)
        self._remember(saved, history)
        return saved, history

    async def save(self, saved: SavedGame, history: History, undo: bool = False) -> SavedGame:
        """Write the game after a change (call under its lock, with the ``saved`` it gave); the game as
        stored now."""
        state = history.state
        won, lost = state.is_won(), state.is_lost()
        moves, redo = [str(m) for m in state.move_stack], [str(m) for m in history.redo_stack]
        try:
            stored = await run_in_threadpool(
                lambda: self.store.save(saved.id, moves, redo, won=won, lost=lost, undo=undo, version=saved.version))
        except BaseException:
            self._cache.pop(saved.id, None)  # memory is ahead of the file: reload it next time
            raise
        self._remember(stored, history)
        return stored

    async def count_hint(self, game_id: str) -> None:
        """Count a hint (advice from the player's view) answered in the game."""
        await self._update(game_id, self.store.count_hint)

    async def count_peek(self, game_id: str) -> None:
        """Count a peek (the solver's hint, from the whole deal) answered in the game."""
        await self._update(game_id, self.store.count_peek)

    async def record_accuracy(self, game_id: str, accuracy: float) -> None:
        """Keep the accuracy of the game's review (its statistics follow)."""
        await self._update(game_id, lambda gid: self.store.record_accuracy(gid, accuracy))

    async def _update(self, game_id: str, change: Callable[[str], SavedGame | None]) -> None:
        """Apply ``change`` to the stored game under its lock; memory keeps what the store answers."""
        async with self.locked(game_id) as (_, history):
            stored = await run_in_threadpool(change, game_id)
            if stored is not None:
                self._remember(stored, history)

    async def claim_unowned(self, player: str, saved: SavedGame) -> None:
        """``player`` names a game saved before players existed: those games become its own."""
        if saved.player != UNOWNED:
            return
        claimed = await run_in_threadpool(self.store.claim_unowned, player, saved.id)
        if claimed:
            log.info("a player claims the %d games saved before players existed", claimed)


def _daily_deal(deal: int | None) -> tuple[int, bool]:
    """The daily deal asked for (today's when ``deal`` is None) and whether it is played after its day
    (a past day's, from the calendar); ApiError 400 for a number that is no date from FIRST_DAY to today."""
    now = today()
    if deal is None or deal == deal_of_day(now):
        return deal_of_day(now), False
    day = day_of_deal(deal)
    if day is None or not FIRST_DAY <= day <= now:
        raise ApiError(400, f"deal {deal} is not the daily deal of a date from {FIRST_DAY} to today ({now})",
                       "bad-parameter", name="deal")
    return deal, True
