"""The HTTP API of SPEC.md and the static front end, as one Starlette app.

Every route answers JSON; every fault a client can cause is a 4xx ``{"error": english, "code": code,
**fields}`` (the codes of SPEC.md "Errors"; an illegal move also carries ``"move"``). The engine is
the only judge of legality; the store keeps each game in SQLite, written in a transaction after each
change, under a lock per game (a move is applied to the stored state, never to a stale copy).

Additions to SPEC (extra fields and routes, none contradicting it): the game object also carries
``deal_text`` (the deal as text: JavaScript numbers lose digits past 2^53), ``redo``, ``can_undo``,
``can_redo``, ``safe_moves``, ``layout`` (how the piles lie on the table), ``started``/``elapsed``
(timer), ``hints``, ``undos`` (hints asked and undos made in this game) and ``daily`` (true for a
daily deal); ``POST /api/games/{id}/restart``; ``GET /api/games/{id}/hint?from=start`` (the verdict on
the deal itself), ``?budget=S`` (seconds, default 3) and ``?count=0`` (a verdict check that does not
count as a hint used); ``POST /api/games`` accepts ``"winnable": true`` (a deal from the survey's
pool of proven deals, when there is one) and ``"daily": true`` (the daily deal: ``deal`` must then be
today's number, YYYYMMDD of the server's local date, and is set to it when absent).

Players: each browser gets its own player, an unguessable id in an HttpOnly, SameSite=Strict cookie
(``cadogan_player``, see ``cadogan.web.security``). Statistics and abandonment are per player: a new
game marks only that player's unfinished games abandoned, and ``/api/stats`` counts only that
player's games. A game id (16 random hex digits) is its own key: whoever has it may play it; its
results count for the player who started it. The first browser to visit a games file saved before
players existed inherits its games and statistics.

Statistics (``GET /api/stats``): ``[{"game", "variant", "played", "won", "win_percent",
"current_streak", "best_streak", "best_time_seconds", "fewest_moves", "hints_used", "undos_used",
"daily": {the same counters, for daily deals only}}]``; the top-level counters are for every other
deal. Kept as running totals in the move's transaction, so reading them costs the same with any
number of games saved.

Solver requests (hints, solutions) go through ``cadogan.web.solver_service``: at most one search per
core, solutions never on the last free core (hints stay within their budget), answers kept per
position and budget (``unknown`` too, until a longer budget is asked). A full queue answers 429
``busy`` with ``Retry-After``; a search whose client hangs up stops; a newer hint (or solution)
request of the same purpose for the same game (a hint asked for, a verdict check with ``count=0``, a
verdict on the deal with ``from=start``, a solution) supersedes the older one, which answers 409
``superseded`` (a client may ignore that answer: it asked again since).

Solution replay (extra): ``GET /api/games/{id}/solution?budget=S`` (seconds, default 10, from 0.1 to 30)
solves the deal's start position (where a restart goes) and answers ``{"result": "won"|"lost"|"unknown",
"moves": [token, ...] (empty unless won), "seconds", "nodes", "budget", "cached"}``; it never changes the
saved game, its history or the statistics. ``GET /api/games/{id}/solution/position?step=k`` is the
start position after the first k moves of that winning line, with the board fields of the game object
(``game``, ``variant``, ``deal``, ``deal_text``, ``position``, ``legal_moves``, ``won``, ``lost``,
``moves``, ``layout``) plus ``step``, ``steps`` (N) and ``move`` (the k-th move, null at step 0): 400
for a step that is not a whole number from 0 to N, 409 ``no-solution`` when no winning line of the deal
is known (ask ``/solution`` first; a lost or undecided deal has none), 404 for an unknown game id.

Limits: request bodies of at most 16 KiB (413 ``body-too-large``), read within 10 s (408
``body-timeout``); at most 120 new games a minute per client address (429 ``rate-limited`` with
``Retry-After``). A client that hangs up is one log line, never a 500.

Server-only codes beyond SPEC's list: ``superseded`` (409), ``no-solution`` (409).

Routes added by other modules: ``GET /api/games/{id}/analysis`` (SPEC) and ``/verdict``
(``cadogan.web.analysis``), ``GET /api/games/{id}/guidance`` and ``/line`` (``cadogan.web.guidance``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from datetime import date
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from cadogan import games, solver
from cadogan.cards import random_deal
from cadogan.commands import read_deal
from cadogan.errors import CadoganError, IllegalMove
from cadogan.history import History
from cadogan.solver.cache import position_key
from cadogan.store import SavedGame, StaleGame, Store
from cadogan.survey.pool import winnable_deals
from cadogan.web import analysis, guidance
from cadogan.web.errors import ApiError, from_cadogan_error, seconds_parameter
from cadogan.web.security import Guard, RateLimit, client_key
from cadogan.web.solver_service import Busy, Gone, Payload, SolverService, Superseded

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024
BODY_SECONDS = 10.0
GAMES_PER_MINUTE = 120
HINT_BUDGET = 3.0
MAX_HINT_BUDGET = 10.0
SOLUTION_BUDGET = 10.0
MIN_SOLUTION_BUDGET = 0.1
MAX_SOLUTION_BUDGET = 30.0
CACHE_SIZE = 64
_STEP_DIGITS = 9

log = logging.getLogger("cadogan.web")


# --- request bodies --------------------------------------------------------------------------------
async def read_json_object(request: Request, required: bool = True, seconds: float = BODY_SECONDS) -> dict[str, Any]:
    """The body as a JSON object, read within ``seconds``; ApiError 400/408/413 if it is not one."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise _too_large()
    body = bytearray()
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                body.extend(chunk)
                if len(body) > MAX_BODY:
                    raise _too_large()
    except TimeoutError:
        raise ApiError(408, f"the request body did not arrive within {seconds:g} s", "body-timeout") from None
    if not body.strip():
        if required:
            raise ApiError(400, "request body is empty: send a JSON object", "malformed-body")
        return {}
    try:
        value = json.loads(bytes(body).decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise ApiError(400, "request body is not UTF-8 text", "malformed-body") from None
    except (ValueError, RecursionError) as err:
        raise ApiError(400, f"request body is not valid JSON: {str(err)[:120]}", "malformed-body") from None
    if not isinstance(value, dict):
        raise ApiError(400, f"request body must be a JSON object, not {type(value).__name__}", "malformed-body")
    return value


def _too_large() -> ApiError:
    return ApiError(413, f"request body is too large (at most {MAX_BODY} bytes)", "body-too-large")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_deal(value: Any) -> int | None:
    """A deal number from JSON (an integer or its ASCII decimal text); None when absent.

    The one deal parser of every front end (``cadogan.commands.read_deal``): the CLI and the API
    accept and refuse the same deals.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ApiError(422, f"deal must be a whole number (or its decimal text), not {type(value).__name__}",
                       "bad-deal", deal=json.dumps(value)[:30])
    try:
        return read_deal(str(value) if isinstance(value, int) else value)
    except CadoganError as err:
        api = from_cadogan_error(err)
        api.fields.setdefault("deal", str(value)[:30])
        raise api from None


def today_deal(today: date | None = None) -> int:
    """The daily deal of a date: its number YYYYMMDD (SPEC.md).

    >>> today_deal(date(2026, 12, 1))
    20261201
    """
    return int((today or date.today()).strftime("%Y%m%d"))


def _text_field(body: dict[str, Any], key: str, required: bool) -> str | None:
    value = body.get(key)
    if value is None:
        if required:
            raise ApiError(400, f"the body needs a {key!r} field", "malformed-body")
        return None
    if not isinstance(value, str):
        raise ApiError(400, f"{key} must be text, not {type(value).__name__}", "malformed-body")
    if len(value) > 100:
        raise ApiError(422, f"{key} is too long", "bad-move" if key == "move" else f"unknown-{key}",
                       **{key: value[:30]})
    return value


def _flag(body: dict[str, Any], key: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise ApiError(400, f"{key} must be true or false", "bad-parameter", name=key)
    return value


# --- the games being played ------------------------------------------------------------------------
class Games:
    """Saved games in the store, the latest ones kept replayed in memory.

    Every change to a game, and every load of it into memory, happens under that game's lock, so the
    copy in memory is always the stored one: a move is never applied to a stale copy.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: OrderedDict[str, tuple[SavedGame, History]] = OrderedDict()
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def locked(self, game_id: str) -> AsyncIterator[tuple[SavedGame, History]]:
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

    async def get(self, game_id: str) -> tuple[SavedGame, History]:
        """The game to read (not to change)."""
        if game_id in self._cache:
            self._cache.move_to_end(game_id)
            return self._cache[game_id]
        async with self.locked(game_id) as found:
            return found

    async def _fetch(self, game_id: str) -> tuple[SavedGame, History]:
        if game_id in self._cache:
            self._cache.move_to_end(game_id)
            return self._cache[game_id]
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
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def create(self, player: str, game_id: str, variant: str | None, deal: int | None, *,
                     winnable: bool = False, daily: bool = False) -> tuple[SavedGame, History]:
        try:
            game = games.get(game_id)
            variant = game.resolve_variant(variant)
        except CadoganError as err:
            raise from_cadogan_error(err) from None
        if daily:
            if deal is not None and deal != today_deal():
                raise ApiError(400, f"deal {deal} is not today's daily deal {today_deal()}", "bad-parameter",
                               name="deal")
            deal = today_deal()
        if deal is None:
            pool = winnable_pool(game.id, variant) if winnable else []
            deal = secrets.choice(pool) if pool else random_deal()
        state = game.new_initial_state(variant, deal)
        saved = await run_in_threadpool(lambda: self.store.create(game.id, variant, deal, player=player, daily=daily))
        for other, other_history in self._cache.values():  # the store marked them; keep memory in step
            if other.player == player and other.won_at is None and other.moves:
                other.abandoned = True
        history = History(state)
        self._remember(saved, history)
        return saved, history

    async def save(self, saved: SavedGame, history: History, undo: bool = False) -> None:
        """Write the game after a change (call under its lock); refresh the row kept in memory."""
        state = history.state
        won, lost = state.is_won(), state.is_lost()
        now = time.time()
        moves, redo = [str(m) for m in state.move_stack], [str(m) for m in history.redo_stack]
        try:
            saved.version = await run_in_threadpool(
                lambda: self.store.save(saved.id, moves, redo, won=won, lost=lost, now=now, undo=undo,
                                        version=saved.version))
        except BaseException:
            self._cache.pop(saved.id, None)  # memory is ahead of the file: reload it next time
            raise
        saved.moves, saved.redo = moves, redo
        if saved.first_move is None and saved.moves:
            saved.first_move = now
        if won and saved.won_at is None:
            saved.won_at, saved.won_moves = now, len(saved.moves)
        saved.lost = saved.lost or lost
        saved.abandoned = False
        saved.undos += int(undo)


# --- solutions of whole deals ----------------------------------------------------------------------
def start_state(saved: SavedGame) -> games.State:
    """The deal's start position: where a restart of ``saved`` goes (a fresh state, not the game's)."""
    return games.load(saved.game, saved.variant, saved.deal)


def solution_step(saved: SavedGame, moves: list[str], step: int) -> dict[str, Any]:
    """The board after the first ``step`` moves of the winning line ``moves`` from the deal's start."""
    return line_step(start_state(saved), [], moves, step)


def line_step(start: games.State, before: list[str], line: list[str], step: int) -> dict[str, Any]:
    """The board after the moves ``before`` and then the first ``step`` moves of ``line`` from ``start``
    (which it changes), with ``step``, ``steps`` (the line's length) and ``move`` (the step's move)."""
    for token in [*before, *line[:step]]:
        start.play(token)
    return {**board_fields(start), "step": step, "steps": len(line), "move": line[step - 1] if step else None}


def parse_step(text: str | None) -> int:
    """The ``step`` query parameter as a whole number (its upper bound is checked against the line)."""
    if text is None:
        raise ApiError(400, "step is missing: give ?step=k, the number of moves of the solution to play",
                       "bad-parameter", name="step")
    text = text.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= _STEP_DIGITS):
        raise ApiError(400, f"step must be a whole number from 0 to the length of the winning line, not {text[:30]!r}",
                       "bad-parameter", name="step")
    return int(text)


def winnable_pool(game_id: str, variant: str) -> list[int]:
    """Solver-proven winnable deals from the survey, or [] when there is no pool."""
    try:
        return list(winnable_deals(game_id, variant))
    except Exception:  # a missing or damaged pool file must not break new games
        log.exception("winnable deal pool for %s %s", game_id, variant)
        return []


def board_fields(state: games.State) -> dict[str, Any]:
    """What the board draws from: the fields the game object and a solution step share."""
    won = state.is_won()
    legal = [str(m) for m in state.legal_moves()]
    return {
        "game": state.game.id, "variant": state.variant, "deal": state.deal, "deal_text": str(state.deal),
        "position": state.to_json(), "legal_moves": legal, "won": won, "lost": not won and not legal,
        "moves": [str(m) for m in state.move_stack], "layout": layout_of(state),
    }


def game_object(saved: SavedGame, history: History) -> dict[str, Any]:
    """SPEC's game object, plus the extra fields the front end uses."""
    state = history.state
    board = board_fields(state)
    now = time.time()
    end = saved.won_at if saved.won_at is not None else now
    return {
        "id": saved.id, **board,
        "redo": [str(m) for m in history.redo_stack],
        "can_undo": history.can_undo(), "can_redo": history.can_redo(),
        "safe_moves": _safe_moves(state) if board["legal_moves"] else [],
        "started": saved.first_move,
        "elapsed": round(end - saved.first_move, 1) if saved.first_move is not None else 0,
        "hints": saved.hints, "undos": saved.undos, "daily": saved.daily,
    }


def _safe_moves(state: games.State) -> list[str]:
    try:
        return [str(m) for m in solver.auto_moves(state.copy(), "safe")]
    except Exception:  # auto-move is a comfort: a fault in it must not stop play
        log.exception("safe_moves failed")
        return []


def layout_of(state: games.State) -> dict[str, Any]:
    """How the piles lie on the table: data from the game, never a test of which game it is."""
    game = state.game
    return {"title": game.title, "grid": game.tableau_grid(state), "fanned": game.fanned,
            "has_waste": game.has_waste, "foundations": len(state.foundations),
            "tableau": len(state.tableau)}


def _payload(kind: str, saved: SavedGame, moves: list[str], budget: float) -> Payload:
    return (kind, saved.game, saved.variant, saved.deal, tuple(moves), budget)


async def _hung_up(request: Request) -> None:
    """Return when the client of ``request`` (whose body is read) hangs up."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


# --- routes ----------------------------------------------------------------------------------------
Handler = Callable[[Request], Any]


class Api:
    """The routes' handlers over one store, registry and solver service; ``routes()`` lists them."""

    def __init__(self, store: Store, solver: SolverService, games_per_minute: int, body_seconds: float) -> None:
        self.store = store
        self.body_seconds = body_seconds
        self.registry = Games(store)
        self.solver = solver
        self.new_games = RateLimit(games_per_minute)
        self._unowned: bool | None = None

    def routes(self) -> list[BaseRoute]:
        """Every route; other modules may add theirs before the catch-all (``extra`` of make_app)."""
        game = "/api/games/{game_id}"
        return [
            Route("/", self.index),
            Route("/api/games", self.list_games, methods=["GET"]),
            Route("/api/games", self.new_game, methods=["POST"]),
            Route("/api/daily", self.daily, methods=["GET"]),
            Route(game, self.show_game, methods=["GET"]),
            Route(game + "/moves", self.play_move, methods=["POST"]),
            Route(game + "/undo", self.stepper("undo"), methods=["POST"]),
            Route(game + "/redo", self.stepper("redo"), methods=["POST"]),
            Route(game + "/restart", self.stepper("restart"), methods=["POST"]),
            Route(game + "/hint", self.hint, methods=["GET"]),
            Route(game + "/solution", self.solution, methods=["GET"]),
            Route(game + "/solution/position", self.solution_position, methods=["GET"]),
            Route("/api/stats", self.stats, methods=["GET"]),
        ]

    async def index(self, request: Request) -> Response:
        if request.state.new_player and await self._has_unowned():
            adopted = await run_in_threadpool(self.store.adopt_unowned, request.state.player)
            self._unowned = False
            log.info("a new player inherits the %d games saved before players existed", adopted)
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def _has_unowned(self) -> bool:
        if self._unowned is None:
            self._unowned = await run_in_threadpool(self.store.has_unowned)
        return self._unowned

    async def list_games(self, request: Request) -> Response:
        return JSONResponse([{"game": g.id, "variants": list(g.variants), "title": g.title,
                              "winnable_pool": {v: bool(winnable_pool(g.id, v)) for v in g.variants}}
                             for g in games.all_games()])

    async def daily(self, request: Request) -> Response:
        today = date.today()
        return JSONResponse([{"game": g.id, "variant": v, "deal": today_deal(today), "date": today.isoformat()}
                             for g in games.all_games() for v in g.variants])

    async def new_game(self, request: Request) -> Response:
        wait = self.new_games.take(client_key(request.scope))
        if wait:
            raise ApiError(429, f"too many new games: try again in {wait} s", "rate-limited",
                           headers={"Retry-After": str(wait)})
        body = await read_json_object(request, seconds=self.body_seconds)
        game_id = _text_field(body, "game", required=True)
        variant = _text_field(body, "variant", required=False)
        deal = parse_deal(body.get("deal"))
        winnable, daily = _flag(body, "winnable"), _flag(body, "daily")
        saved, history = await self.registry.create(request.state.player, game_id or "", variant, deal,
                                                    winnable=winnable, daily=daily)
        return JSONResponse(game_object(saved, history), status_code=201)

    async def show_game(self, request: Request) -> Response:
        saved, history = await self.registry.get(request.path_params["game_id"])
        return JSONResponse(game_object(saved, history))

    async def play_move(self, request: Request) -> Response:
        body = await read_json_object(request, seconds=self.body_seconds)  # the whole body before the game is touched
        token = _text_field(body, "move", required=True) or ""
        async with self.registry.locked(request.path_params["game_id"]) as (saved, history):
            try:
                history.play(token)
            except CadoganError as err:  # however malformed, a move that cannot be played is illegal
                raise _illegal(token, err) from None
            await self.registry.save(saved, history)
            return JSONResponse(game_object(saved, history))

    def stepper(self, action: str) -> Handler:  # undo, redo, restart
        async def step(request: Request) -> Response:
            async with self.registry.locked(request.path_params["game_id"]) as (saved, history):
                if action == "undo":
                    if not history.can_undo():
                        raise ApiError(409, "nothing to undo", "nothing-to-undo")
                    history.undo()
                elif action == "redo":
                    if not history.can_redo():
                        raise ApiError(409, "nothing to redo", "nothing-to-redo")
                    history.redo()
                else:
                    history.restart()
                await self.registry.save(saved, history, undo=action == "undo")
                return JSONResponse(game_object(saved, history))
        return step

    async def hint(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        saved, history = await self.registry.get(game_id)
        where = request.query_params.get("from", "now")
        if where not in ("now", "start"):
            raise ApiError(400, "from must be now or start", "bad-parameter", name="from")
        budget = _budget(request.query_params.get("budget"))
        state = start_state(saved) if where == "start" else history.state.copy()
        counted = where == "now" and request.query_params.get("count", "1") != "0"  # count=0: a verdict check
        if counted:
            await run_in_threadpool(self.store.count_hint, saved.id)
            saved.hints += 1
        purpose = "hint" if counted else "start" if where == "start" else "check"  # each supersedes its own kind
        if state.is_won() or not state.legal_moves():
            return JSONResponse({"move": None, "verdict": "winnable" if state.is_won() else "lost"})
        moves = [str(m) for m in state.move_stack]
        answer, _ = await self._ask(request, "hint", position_key("hint", state.to_json()),
                                    _payload("hint", saved, moves, budget), owner=f"{game_id}:{purpose}")
        return JSONResponse({"move": answer["move"], "verdict": answer["verdict"]})

    async def solution(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        saved, _ = await self.registry.get(game_id)
        budget = seconds_parameter(request.query_params.get("budget"), SOLUTION_BUDGET, MIN_SOLUTION_BUDGET, MAX_SOLUTION_BUDGET)
        answer, cached = await self._ask(request, "solve", _solve_key(saved), _payload("solve", saved, [], budget),
                                         owner=f"{game_id}:solve")
        return JSONResponse({**answer, "cached": cached})

    async def _ask(self, request: Request, kind: str, key: str, payload: Payload, owner: str) -> tuple[dict[str, Any], bool]:
        try:
            return await self.solver.ask(kind, key, payload, owner=owner, gone=lambda: _hung_up(request))
        except Busy as err:
            raise ApiError(429, f"the solver is busy: try again in {err.retry_after} s", "busy",
                           headers={"Retry-After": str(err.retry_after)}) from None
        except Superseded:
            raise ApiError(409, "a newer request for this game took this one's place", "superseded") from None

    async def solution_position(self, request: Request) -> Response:
        saved, _ = await self.registry.get(request.path_params["game_id"])
        step = parse_step(request.query_params.get("step"))
        answer = self.solver.cache.decided(_solve_key(saved))
        if answer is None or answer["result"] != "won":
            why = "the solver proved this deal lost" if answer is not None else "ask GET /api/games/{id}/solution first"
            raise ApiError(409, f"no winning line of this deal is known: {why}", "no-solution")
        moves = answer["moves"]
        if step > len(moves):
            raise ApiError(400, f"step {step} is past the end: the winning line has {len(moves)} moves",
                           "bad-parameter", name="step")
        return JSONResponse(solution_step(saved, moves, step))

    async def stats(self, request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(self.store.stats, request.state.player))


def _solve_key(saved: SavedGame) -> str:
    return position_key("solve", start_state(saved).to_json())


def _illegal(token: str, err: CadoganError) -> ApiError:
    """A move that cannot be played, however malformed: 422 with the engine's code and the move."""
    api = from_cadogan_error(err)
    if not isinstance(err, IllegalMove):
        api.message = f"cannot play {token[:30]}: {err}"
        api.fields["move"] = token[:100]
    return api


# --- the app ---------------------------------------------------------------------------------------
async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return exc.response()


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    path = request.url.path[:100]
    message = {404: f"no such route: {path}",
               405: f"{request.method} is not allowed on {path}"}.get(exc.status_code, str(exc.detail))
    return ApiError(exc.status_code, message, "unknown-route", headers=exc.headers).response()


async def _hung_up_error(request: Request, exc: Exception) -> Response:
    log.info("client %s hung up during %s %s", client_key(request.scope), request.method, request.url.path[:100])
    return Response(status_code=204)  # nobody is listening; this only ends the request quietly


async def _gone(request: Request, exc: Exception) -> Response:
    log.info("client %s hung up while the solver worked on %s", client_key(request.scope), request.url.path[:100])
    return Response(status_code=204)


async def _stale(request: Request, exc: Exception) -> Response:
    log.warning("%s: %s (another process writes the same games file?)", request.url.path[:100], exc)
    return ApiError(409, "the game changed meanwhile: load it again", "stale-game").response()


async def _server_error(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return JSONResponse({"error": "internal error: the server failed; the game as saved before this request is intact",
                         "code": "internal"}, status_code=500)


def make_app(store: Store, *, hosts: set[str] | None = None, solver: SolverService | None = None,
             games_per_minute: int = GAMES_PER_MINUTE, body_seconds: float = BODY_SECONDS,
             extra: list[BaseRoute] | None = None) -> ASGIApp:
    """The Starlette app serving the API and the front end from ``store``.

    ``hosts``: the Host header values the server answers to (``cadogan serve`` gives the addresses it
    listens on); None checks only that a browser's Origin matches the Host it asked. ``solver``: the
    solver service (default: searches in threads of this process; ``cadogan serve`` gives one with
    worker processes, whose searches stop when cancelled). ``extra``: more routes, placed before
    the catch-all 404 of ``/api``. ``games_per_minute`` per client address; ``body_seconds`` to read a body.
    """
    service = solver if solver is not None else SolverService(processes=False)
    api = Api(store, service, games_per_minute, body_seconds)
    routes = [
        *api.routes(), *analysis.routes_for(api), *guidance.routes_for(api), *(extra or []),
        Route("/api/{rest:path}", _no_route, methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        service.close()

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        ApiError: _api_error, HTTPException: _http_error, ClientDisconnect: _hung_up_error, Gone: _gone,
        StaleGame: _stale, Exception: _server_error})
    app.state.api = api
    return Guard(app, hosts)  # type: ignore[return-value]


async def _no_route(request: Request) -> Response:
    return ApiError(404, f"no such route: {request.method} {request.url.path[:100]}", "unknown-route").response()


def _budget(text: str | None) -> float:
    """The hint's ``budget``: more than 0 and at most MAX_HINT_BUDGET seconds."""
    return seconds_parameter(text, HINT_BUDGET, 0.0, MAX_HINT_BUDGET, low_included=False)
