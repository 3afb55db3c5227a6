"""The three games behind one ``Game`` protocol, loaded by id.

>>> state = load("british-square", variant="american", deal=42)
>>> state.game.id, state.variant, len(state.tableau)
('british-square', 'piles', 16)
>>> [g.id for g in all_games()]
['british-square', 'square', 'precedence']
"""

from __future__ import annotations

from cadogan.errors import BadInput
from cadogan.games import british_square, precedence, square
from cadogan.games.base import DEAL, REDEAL, Game, Move, State, bad_position, parse_moves, replay

GAMES: dict[str, Game] = {g.id: g for g in (british_square.GAME, square.GAME, precedence.GAME)}

__all__ = ["DEAL", "REDEAL", "GAMES", "Game", "Move", "State", "all_games", "get", "load",
           "parse_moves", "replay", "from_json", "parse_record"]


def all_games() -> list[Game]:
    return list(GAMES.values())


def get(game_id: str) -> Game:
    """The game of this id; BadInput naming the known ids otherwise."""
    game = GAMES.get(str(game_id).strip().lower())
    if game is None:
        raise BadInput(f"unknown game {game_id!r}: choose one of {', '.join(GAMES)}", "unknown-game",
                       game=str(game_id))
    return game


def load(game_id: str, variant: str | None = None, deal: int = 0) -> State:
    """The start position of a deal: ``load("precedence", "first-king", 7)``."""
    return get(game_id).new_initial_state(variant, deal)


def from_json(obj: object) -> State:
    """A position object of any game (its ``game`` field says which)."""
    if not isinstance(obj, dict):
        raise bad_position("must be a JSON object")
    return get(obj.get("game", "")).from_json(obj)


def parse_record(text: str) -> State:
    """Replay a game record: ``"precedence king-out 7 deal deal w>f2"``."""
    tokens = text.split()
    if len(tokens) < 3:
        raise BadInput("a game record is: game variant deal moves...", "bad-record")
    game_id, variant, deal, *moves = tokens
    return replay(get(game_id), variant, deal, parse_moves(moves))  # type: ignore[arg-type]
