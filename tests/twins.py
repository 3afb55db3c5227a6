"""Twin deals: two deal numbers whose positions a player cannot tell apart until the stock's last
cards turn up (a seam for metamorphic tests of "no unseen card is shown")."""

from __future__ import annotations

import random

from cadogan import games
from cadogan.games import base
from cadogan.games.view import player_view


def twin_deals(monkeypatch, game_id: str, variant: str, deal: int, twin: int, tail: int = 12, seed: int = 1) -> None:
    """Make deal ``twin`` deal ``deal``'s cards with the last ``tail`` of its dealing order shuffled
    (those lie at the bottom of the stock: unseen until they are dealt), for as long as
    ``monkeypatch`` lasts.  Checks through the engine that the two start positions differ and that
    their player's views are the same."""
    real = base.dealing_order

    def order(n: int):
        cards = real(deal if n == twin else n)
        if n == twin:
            bottom = cards[-tail:]
            random.Random(seed).shuffle(bottom)
            cards[-tail:] = bottom
        return cards

    monkeypatch.setattr(base, "dealing_order", order)
    one, other = games.load(game_id, variant, deal), games.load(game_id, variant, twin)
    assert one.stock != other.stock, "the twin must differ in its unseen order"
    other_view = player_view(other).to_json()
    assert player_view(one).to_json() == other_view, "the twin must look the same to a player"


def same_to_a_player(game_id: str, variant: str, deals: tuple[int, int], moves: list[str]) -> bool:
    """Whether the two deals, after ``moves``, still show a player the same view."""
    views = []
    for deal in deals:
        state = games.load(game_id, variant, deal)
        for move in moves:
            state.play(move)
        views.append(player_view(state).to_json())
    return views[0] == views[1]
