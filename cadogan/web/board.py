"""What the browser draws from: the game object and the board of a position along a line.

``game_object`` is the one place that builds the game object a client receives (SPEC.md "HTTP API",
plus the additions of docs/spec.md); ``board_fields`` is the part it shares with a step of a
solution or of an analysis line.  Every position they give is the player's view
(``cadogan.games.view``): no unseen card leaves the server, in a game or along a line.
"""

from __future__ import annotations

import time
from typing import Any

from cadogan import games
from cadogan.games.view import player_view
from cadogan.history import History
from cadogan.store import SavedGame


def start_state(saved: SavedGame) -> games.State:
    """The deal's start position: where a restart of ``saved`` goes (a fresh state, not the game's)."""
    return games.load(saved.game, saved.variant, saved.deal)


def layout_of(state: games.State) -> dict[str, Any]:
    """How the piles lie on the table: data from the game, never a test of which game it is."""
    game = state.game
    return {"title": game.title, "grid": game.tableau_grid(state), "fanned": game.fanned,
            "has_waste": game.has_waste, "foundations": len(state.foundations),
            "tableau": len(state.tableau)}


def board_fields(state: games.State) -> dict[str, Any]:
    """What the board draws from: the fields the game object and a step along a line share.

    ``position`` is the player's view of ``state`` (unseen stock cards ``"??"``, their multiset in
    ``unseen``, its own ``deal`` null); ``deal`` and ``deal_text`` stay: the player chose the deal.
    Nothing else here reads the stock's order: the legal moves follow from what lies face up and
    the stock's length.
    """
    won = state.is_won()
    legal = [str(m) for m in state.legal_moves()]
    return {
        "game": state.game.id, "variant": state.variant, "deal": state.deal, "deal_text": str(state.deal),
        "position": player_view(state).to_json(), "legal_moves": legal, "won": won, "lost": not won and not legal,
        "moves": [str(m) for m in state.move_stack], "layout": layout_of(state),
    }


def game_object(saved: SavedGame, history: History, now: float | None = None) -> dict[str, Any]:
    """SPEC's game object, plus the extra fields the front end uses.

    ``safe_moves`` stays for older clients but is always empty: the safe moves cost a search, and
    ``GET /api/games/{id}/guidance`` gives them (its ``safe``) when a client wants them.
    """
    board = board_fields(history.state)
    # The clock stops when the game ends: at the win, or at the move that left no legal move (the
    # last save); it runs again only if the player undoes that move.
    end = (saved.won_at if saved.won_at is not None else saved.updated if board["lost"]
           else time.time() if now is None else now)
    return {
        "id": saved.id, **board,
        "redo": [str(m) for m in history.redo_stack],
        "can_undo": history.can_undo(), "can_redo": history.can_redo(),
        "safe_moves": [],
        "started": saved.first_move,
        "elapsed": round(end - saved.first_move, 1) if saved.first_move is not None else 0,
        "hints": saved.hints, "peeks": saved.peeks, "undos": saved.undos, "daily": saved.daily,
        "accuracy": saved.accuracy,
    }


def line_step(start: games.State, before: list[str], line: list[str], step: int) -> dict[str, Any]:
    """The board after the moves ``before`` and then the first ``step`` moves of ``line`` from ``start``
    (which it changes), with ``step``, ``steps`` (the line's length) and ``move`` (the step's move).

    Its position is the player's view there, at step 0 too: what a player standing at that point of
    the line would see (the cards the line turned up face up, the rest of the stock unseen).  SPEC
    would allow whole positions along a line the player asked to see; the board never draws the
    stock's order, and ``/line`` replays any moves a client sends, so a whole position there would
    serve no player and tell any client the order.
    """
    for token in [*before, *line[:step]]:
        start.play(token)
    return {**board_fields(start), "step": step, "steps": len(line), "move": line[step - 1] if step else None}
