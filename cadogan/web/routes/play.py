"""Changing a game: a move, undo, redo, restart (each answers the game object after the change)."""

from __future__ import annotations

from typing import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan.errors import CadoganError, IllegalMove
from cadogan.history import History
from cadogan.web.board import game_object
from cadogan.web.deps import GAME, deps_of
from cadogan.web.errors import ApiError, from_cadogan_error
from cadogan.web.parsing import read_json_object, text_field


async def play_move(request: Request) -> Response:
    deps = deps_of(request)
    body = await read_json_object(request, seconds=deps.body_seconds)  # the whole body before the game is touched
    token = text_field(body, "move", required=True) or ""
    async with deps.games.locked(request.path_params["game_id"]) as (saved, history):
        try:
            history.play(token)
        except CadoganError as err:  # however malformed, a move that cannot be played is illegal
            raise _illegal(token, err) from None
        saved = await deps.games.save(saved, history)
        return JSONResponse(game_object(saved, history))


def _illegal(token: str, err: CadoganError) -> ApiError:
    """A move that cannot be played, however malformed: 422 with the engine's code and the move."""
    api = from_cadogan_error(err)
    if not isinstance(err, IllegalMove):
        api.message = f"cannot play {token[:30]}: {err}"
        api.fields["move"] = token[:100]
    return api


def _undo(history: History) -> None:
    if not history.can_undo():
        raise ApiError(409, "nothing to undo", "nothing-to-undo")
    history.undo()


def _redo(history: History) -> None:
    if not history.can_redo():
        raise ApiError(409, "nothing to redo", "nothing-to-redo")
    history.redo()


def _stepper(step: Callable[[History], None], undo: bool = False) -> Callable[[Request], object]:
    async def change(request: Request) -> Response:
        registry = deps_of(request).games
        async with registry.locked(request.path_params["game_id"]) as (saved, history):
            step(history)
            saved = await registry.save(saved, history, undo=undo)
            return JSONResponse(game_object(saved, history))
    return change


ROUTES: list[BaseRoute] = [
    Route(GAME + "/moves", play_move, methods=["POST"]),
    Route(GAME + "/undo", _stepper(_undo, undo=True), methods=["POST"]),
    Route(GAME + "/redo", _stepper(_redo), methods=["POST"]),
    Route(GAME + "/restart", _stepper(History.restart), methods=["POST"]),
]
