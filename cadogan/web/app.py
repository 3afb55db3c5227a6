"""The HTTP API of SPEC.md and the static front end, as one Starlette app.

Every route answers JSON; every fault a client can cause is a 4xx ``{"error": ...}``. The engine is the
only judge of legality; the store keeps each game in SQLite, written in a transaction after each change.

Additions to SPEC (extra fields and routes, none contradicting it): the game object also carries
``deal_text`` (the deal as text: JavaScript numbers lose digits past 2^53), ``redo``, ``can_undo``,
``can_redo``, ``safe_moves``, ``layout`` (how the piles lie on the table), ``started``/``elapsed``
(timer) and ``hints``; ``POST /api/games/{id}/restart``; ``GET /api/games/{id}/hint?from=start``
(the verdict on the deal itself), ``?budget=S`` (seconds, default 3) and ``?count=0`` (a verdict check
that does not count as a hint used); ``POST /api/games`` accepts ``"winnable": true`` (a deal from the
survey's pool of proven deals, when there is one).

Solution replay (extra): ``GET /api/games/{id}/solution?budget=S`` (seconds, default 10, from 0.1 to 30)
solves the deal's start position (where a restart goes) and answers ``{"result": "won"|"lost"|"unknown",
"moves": [token, ...] (empty unless won), "seconds", "nodes", "budget", "cached"}``. The answer is kept in
memory per (game, variant, deal) when it is won or lost, so asking again is instant; it never changes
the saved game, its history or the statistics. ``GET /api/games/{id}/solution/position?step=k`` is the
start position after the first k moves of that winning line, with the board fields of the game object
(``game``, ``variant``, ``deal``, ``deal_text``, ``position``, ``legal_moves``, ``won``, ``lost``,
``moves``, ``layout``) plus ``step``, ``steps`` (N) and ``move`` (the k-th move, null at step 0): 400
for a step that is not a whole number from 0 to N, 409 when no winning line of the deal is known (ask
``/solution`` first; a lost or undecided deal has none), 404 for an unknown game id.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from cadogan import games, solver
from cadogan.cards import random_deal
from cadogan.errors import BadInput, CadoganError, IllegalMove
from cadogan.history import History
from cadogan.store import SavedGame, Store
from cadogan.survey.pool import winnable_deals

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024
HINT_BUDGET = 3.0
MAX_HINT_BUDGET = 10.0
SOLUTION_BUDGET = 10.0
MIN_SOLUTION_BUDGET = 0.1
MAX_SOLUTION_BUDGET = 30.0
SOLUTIONS_KEPT = 256  # solved deals kept in memory (a won line is a few hundred short tokens)
CACHE_SIZE = 64
_DEAL_TEXT = re.compile(r"^[0-9]{1,20}$")
_STEP_TEXT = re.compile(r"^[0-9]{1,9}$")

log = logging.getLogger("cadogan.web")


class ApiError(Exception):
    """A client fault: becomes ``{"error": message}`` with this status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


# --- request bodies --------------------------------------------------------------------------------
async def read_json_object(request: Request, required: bool = True) -> dict[str, Any]:
    """The body as a JSON object; ApiError 400 if it is too big, not JSON or not an object."""
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_BODY:
            raise ApiError(400, f"request body is too large (at most {MAX_BODY} bytes)")
    if not body.strip():
        if required:
            raise ApiError(400, "request body is empty: send a JSON object")
        return {}
    try:
        value = json.loads(bytes(body).decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise ApiError(400, "request body is not UTF-8 text") from None
    except (ValueError, RecursionError) as err:
        raise ApiError(400, f"request body is not valid JSON: {str(err)[:120]}") from None
    if not isinstance(value, dict):
        raise ApiError(400, f"request body must be a JSON object, not {type(value).__name__}")
    return value


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_deal(value: Any) -> int | None:
    """A deal number from JSON (an integer or its decimal text); None when absent."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ApiError(400, f"deal must be a whole number (or its decimal text), not {type(value).__name__}")
    if isinstance(value, str):
        text = value.strip()
        if not _DEAL_TEXT.match(text):
            if re.match(r"^-?[0-9]+$", text):
                raise ApiError(422, f"deal {text[:30]} is out of range: it must be from 0 to 2^64-1")
            raise ApiError(400, f"deal must be a whole number from 0 to 2^64-1, not {text[:30]!r}")
        value = int(text)
    if not 0 <= value < 2**64:
        raise ApiError(422, f"deal {str(value)[:30]} is out of range: it must be from 0 to 2^64-1")
    return value


def _text_field(body: dict[str, Any], key: str, required: bool) -> str | None:
    value = body.get(key)
    if value is None:
        if required:
            raise ApiError(400, f"the body needs a {key!r} field")
        return None
    if not isinstance(value, str):
        raise ApiError(400, f"{key} must be text, not {type(value).__name__}")
    if len(value) > 100:
        raise ApiError(422, f"{key} is too long")
    return value


# --- the games being played ------------------------------------------------------------------------
class Games:
    """Saved games in the store, with the latest ones kept replayed in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: OrderedDict[str, tuple[SavedGame, History]] = OrderedDict()

    def get(self, game_id: str) -> tuple[SavedGame, History]:
        if game_id in self._cache:
            self._cache.move_to_end(game_id)
            return self._cache[game_id]
        saved = self.store.load(game_id)
        if saved is None:
            raise ApiError(404, f"no game has id {game_id[:40]!r}")
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

    def create(self, game_id: str, variant: str | None, deal: int | None, winnable: bool) -> tuple[SavedGame, History]:
        try:
            game = games.get(game_id)
            variant = game.resolve_variant(variant)
        except BadInput as err:
            raise ApiError(422, str(err)) from None
        if deal is None:
            pool = winnable_pool(game.id, variant) if winnable else []
            deal = secrets.choice(pool) if pool else random_deal()
        state = game.new_initial_state(variant, deal)
        saved = self.store.create(game.id, variant, deal)
        history = History(state)
        self._remember(saved, history)
        for cached_id, (other, other_history) in self._cache.items():
            if cached_id != saved.id and other.won_at is None and other_history.state.move_stack:
                other.abandoned = True
        return saved, history

    def save(self, saved: SavedGame, history: History) -> None:
        """Write the game after a change; refresh the cached row (timer, outcome)."""
        state = history.state
        won, lost = state.is_won(), state.is_lost()
        now = time.time()
        self.store.save(saved.id, [str(m) for m in state.move_stack], [str(m) for m in history.redo_stack],
                        won=won, lost=lost, now=now)
        saved.moves = [str(m) for m in state.move_stack]
        saved.redo = [str(m) for m in history.redo_stack]
        if saved.first_move is None and saved.moves:
            saved.first_move = now
        if won and saved.won_at is None:
            saved.won_at, saved.won_moves = now, len(saved.moves)
        saved.lost = saved.lost or lost
        saved.abandoned = False


# --- solutions of whole deals ----------------------------------------------------------------------
DealKey = tuple[str, str, int]


class Solutions:
    """The solver's answers on deals' start positions, kept when decided (won or lost), oldest out first."""

    def __init__(self, size: int = SOLUTIONS_KEPT) -> None:
        self.size = size
        self._answers: OrderedDict[DealKey, dict[str, Any]] = OrderedDict()

    def get(self, key: DealKey) -> dict[str, Any] | None:
        answer = self._answers.get(key)
        if answer is not None:
            self._answers.move_to_end(key)
        return answer

    def put(self, key: DealKey, answer: dict[str, Any]) -> None:
        """Keep ``answer`` unless it is ``unknown`` (a longer budget may still decide it)."""
        if answer["result"] not in ("won", "lost"):
            return
        self._answers[key] = answer
        self._answers.move_to_end(key)
        while len(self._answers) > self.size:
            self._answers.popitem(last=False)


def deal_key(saved: SavedGame) -> DealKey:
    return (saved.game, saved.variant, saved.deal)


def start_state(saved: SavedGame) -> games.State:
    """The deal's start position: where a restart of ``saved`` goes (a fresh state, not the game's)."""
    return games.load(saved.game, saved.variant, saved.deal)


def solve_deal(state: games.State, budget: float) -> dict[str, Any]:
    """The solver on ``state`` within ``budget`` seconds, as the JSON answer of ``/solution``."""
    outcome = solver.solve(state, timeout=budget)
    moves = [str(m) for m in outcome.moves] if outcome.result == "won" else []
    return {"result": outcome.result, "moves": moves, "seconds": round(outcome.seconds, 3), "nodes": outcome.nodes}


def solution_step(saved: SavedGame, moves: list[str], step: int) -> dict[str, Any]:
    """The board after the first ``step`` moves of the winning line ``moves`` from the deal's start."""
    state = start_state(saved)
    for token in moves[:step]:
        state.play(token)
    return {**board_fields(state), "step": step, "steps": len(moves),
            "move": moves[step - 1] if step else None}


def parse_step(text: str | None) -> int:
    """The ``step`` query parameter as a whole number (its upper bound is checked against the line)."""
    if text is None:
        raise ApiError(400, "step is missing: give ?step=k, the number of moves of the solution to play")
    if not _STEP_TEXT.match(text.strip()):
        raise ApiError(400, f"step must be a whole number from 0 to the length of the winning line, not {text[:30]!r}")
    return int(text.strip())


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
        "hints": saved.hints,
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


# --- routes ----------------------------------------------------------------------------------------
def make_app(store: Store) -> ASGIApp:
    """The Starlette app serving the API and the front end from ``store``."""
    registry = Games(store)
    solutions = Solutions()
    solver_turn = asyncio.Lock()  # one search at a time: each may use a few hundred MB

    async def list_games(request: Request) -> Response:
        return JSONResponse([{"game": g.id, "variants": list(g.variants), "title": g.title,
                              "winnable_pool": {v: bool(winnable_pool(g.id, v)) for v in g.variants}}
                             for g in games.all_games()])

    async def new_game(request: Request) -> Response:
        body = await read_json_object(request)
        game_id = _text_field(body, "game", required=True)
        variant = _text_field(body, "variant", required=False)
        deal = parse_deal(body.get("deal"))
        winnable = body.get("winnable", False)
        if not isinstance(winnable, bool):
            raise ApiError(400, "winnable must be true or false")
        saved, history = registry.create(game_id or "", variant, deal, winnable)
        return JSONResponse(game_object(saved, history), status_code=201)

    async def show_game(request: Request) -> Response:
        saved, history = registry.get(request.path_params["game_id"])
        return JSONResponse(game_object(saved, history))

    async def play_move(request: Request) -> Response:
        saved, history = registry.get(request.path_params["game_id"])
        body = await read_json_object(request)
        token = _text_field(body, "move", required=True)
        try:
            history.play(token or "")
        except IllegalMove as err:
            raise ApiError(422, f"cannot play {err.move_text}: {err.reason}") from None
        except BadInput as err:
            raise ApiError(422, str(err)) from None
        registry.save(saved, history)
        return JSONResponse(game_object(saved, history))

    def stepper(action: str):  # undo, redo, restart
        async def step(request: Request) -> Response:
            saved, history = registry.get(request.path_params["game_id"])
            if action == "undo":
                if not history.can_undo():
                    raise ApiError(409, "nothing to undo")
                history.undo()
            elif action == "redo":
                if not history.can_redo():
                    raise ApiError(409, "nothing to redo")
                history.redo()
            else:
                history.restart()
            registry.save(saved, history)
            return JSONResponse(game_object(saved, history))
        return step

    async def hint(request: Request) -> Response:
        saved, history = registry.get(request.path_params["game_id"])
        where = request.query_params.get("from", "now")
        if where not in ("now", "start"):
            raise ApiError(400, "from must be now or start")
        budget = _budget(request.query_params.get("budget"))
        state = history.state.copy()
        if where == "start":
            while state.move_stack:
                state.pop()
        elif request.query_params.get("count", "1") != "0":  # count=0: a verdict check, not a hint asked for
            store.count_hint(saved.id)
            saved.hints += 1
        async with solver_turn:
            move, verdict = await run_in_threadpool(solver_hint, state, budget)
        return JSONResponse({"move": move, "verdict": verdict})

    async def solution(request: Request) -> Response:
        saved, _ = registry.get(request.path_params["game_id"])
        budget = _seconds(request.query_params.get("budget"), SOLUTION_BUDGET, MIN_SOLUTION_BUDGET, MAX_SOLUTION_BUDGET)
        key = deal_key(saved)
        answer = solutions.get(key)
        if answer is None:
            async with solver_turn:
                answer = solutions.get(key)  # another request may have solved it while this one waited
                if answer is None:
                    answer = await run_in_threadpool(solve_deal, start_state(saved), budget)
                    answer["budget"] = budget
                    solutions.put(key, answer)
                    return JSONResponse({**answer, "cached": False})
        return JSONResponse({**answer, "cached": True})

    async def solution_position(request: Request) -> Response:
        saved, _ = registry.get(request.path_params["game_id"])
        step = parse_step(request.query_params.get("step"))
        answer = solutions.get(deal_key(saved))
        if answer is None or answer["result"] != "won":
            why = "the solver proved this deal lost" if answer is not None else "ask GET /api/games/{id}/solution first"
            raise ApiError(409, f"no winning line of this deal is known: {why}")
        moves = answer["moves"]
        if step > len(moves):
            raise ApiError(400, f"step {step} is past the end: the winning line has {len(moves)} moves")
        return JSONResponse(solution_step(saved, moves, step))

    async def stats(request: Request) -> Response:
        return JSONResponse(store.stats())

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def not_found(request: Request) -> Response:
        return _error(404, f"no such route: {request.method} {request.url.path[:100]}")

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return _error(exc.status, exc.message)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = {404: f"no such route: {request.url.path[:100]}",
                   405: f"{request.method} is not allowed on {request.url.path[:100]}"}.get(exc.status_code, exc.detail)
        return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return _error(500, "internal error: the server failed; the game as saved before this request is intact")

    game_path = "/api/games/{game_id}"
    routes = [
        Route("/", index),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route(game_path, show_game, methods=["GET"]),
        Route(game_path + "/moves", play_move, methods=["POST"]),
        Route(game_path + "/undo", stepper("undo"), methods=["POST"]),
        Route(game_path + "/redo", stepper("redo"), methods=["POST"]),
        Route(game_path + "/restart", stepper("restart"), methods=["POST"]),
        Route(game_path + "/hint", hint, methods=["GET"]),
        Route(game_path + "/solution", solution, methods=["GET"]),
        Route(game_path + "/solution/position", solution_position, methods=["GET"]),
        Route("/api/stats", stats, methods=["GET"]),
        Route("/api/{rest:path}", not_found, methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={
        ApiError: api_error, HTTPException: http_error, Exception: server_error})
    return SameOriginOnly(app)  # type: ignore[return-value]


class SameOriginOnly:
    """Refuse (403) a request that changes something when a browser says it comes from another site.

    A page elsewhere on the web cannot then play, undo or start games on this server through the
    player's browser; clients that send no Origin header (curl, scripts) are not affected.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            headers = dict(scope["headers"])
            origin, host = headers.get(b"origin"), headers.get(b"host")
            if origin is not None and (host is None or urlsplit(origin.decode("latin-1")).netloc != host.decode("latin-1")):
                response = _error(403, "refused: this request comes from another site")
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _budget(text: str | None) -> float:
    """The hint's ``budget``: more than 0 and at most MAX_HINT_BUDGET seconds."""
    return _seconds(text, HINT_BUDGET, 0.0, MAX_HINT_BUDGET, low_included=False)


def _seconds(text: str | None, default: float, low: float, high: float, low_included: bool = True) -> float:
    """A ``budget`` query parameter in seconds within [low, high] (or (low, high]); ApiError 400 if not."""
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ApiError(400, f"budget must be a number of seconds, not {text[:30]!r}") from None
    above_low = low <= value if low_included else low < value
    if not (above_low and value <= high):  # also rejects nan and inf
        if low_included:
            raise ApiError(400, f"budget must be from {low:g} to {high:g} seconds, not {text[:30]}")
        raise ApiError(400, f"budget must be more than {low:g} and at most {high:g} seconds")
    return value


def solver_hint(state: games.State, budget: float) -> tuple[str | None, str]:
    """The solver's hint for ``state``: (move token or None, verdict)."""
    if state.is_won():
        return None, "winnable"
    if not state.legal_moves():
        return None, "lost"
    result = solver.hint(state, budget)
    return (str(result.move) if result.move is not None else None), result.verdict
