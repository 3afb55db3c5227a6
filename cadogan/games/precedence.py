"""Precedence (Order of Precedence, Panama, Downing Street): eight foundations K Q J 10 9 8 7 6.

>>> state = GAME.new_initial_state("king-out", deal=0)
>>> state.to_json()["foundations"][0], len(state.stock)
(['KS'], 103)
>>> state.needs(1), state.needs(0)
(12, 12)
"""

from __future__ import annotations

from typing import Any

from cadogan.cards import KING, RANK_LETTERS, RANK_NAMES, Card, format_card, rank_of
from cadogan.errors import Reason
from cadogan.games.base import (
    DEAL, FOUNDATION_BASE, MOVES, REDEAL, WASTE, Game, Move, State, bad_position, pile_name,
)

BASE_RANKS = (13, 12, 11, 10, 9, 8, 7, 6)
REDEALS = 2


def next_rank(base: int, n: int) -> int:
    """The rank a foundation of base rank ``base`` holding ``n`` cards takes next (round the corner).

    >>> next_rank(13, 0), next_rank(13, 1), next_rank(6, 5), next_rank(6, 6)
    (13, 12, 1, 13)
    """
    rank = base - n
    return rank if rank > 0 else rank + 13


class PrecedenceState(State):
    def __init__(self, variant: str, deal: int | None) -> None:
        super().__init__(variant, deal, 8, 0)
        self.redeals_left = REDEALS

    def needs(self, k: int) -> int:
        """The rank foundation k (0-based) takes next; 0 if full or not yet startable."""
        pile = self.foundations[k]
        if len(pile) >= 13:
            return 0
        if not pile and k and not self.foundations[k - 1]:
            return 0
        return next_rank(BASE_RANKS[k], len(pile))

    def legal_moves(self) -> list[Move]:
        moves: list[Move] = []
        if self.waste:
            rank = self.waste[-1] & 15
            row = MOVES[WASTE]
            foundations = self.foundations
            for k in range(8):
                pile = foundations[k]
                n = len(pile)
                if not n:
                    if rank == BASE_RANKS[k] and (k == 0 or foundations[k - 1]):
                        moves.append(row[FOUNDATION_BASE + k])
                    break  # foundations are started left to right: all further ones are empty
                if n < 13 and next_rank(BASE_RANKS[k], n) == rank:
                    moves.append(row[FOUNDATION_BASE + k])
        if self.stock:
            moves.append(DEAL)
        elif self.redeals_left and self.waste:
            moves.append(REDEAL)
        return moves

    def why_illegal(self, move: Move) -> Reason | None:
        if move == DEAL:
            return None if self.stock else Reason("stock-empty", "the stock is empty")
        if move == REDEAL:
            if self.stock:
                return Reason("stock-not-empty", "the waste may be turned over only when the stock is empty")
            if not self.redeals_left:
                return Reason("redeals-used", "both redeals have been used")
            return None if self.waste else Reason("waste-empty", "the waste is empty")
        unknown = self._unknown_pile(move)
        if unknown:
            return unknown  # this also covers any tableau pile: Precedence has none
        src, dst = move
        if src != WASTE:
            return Reason("waste-top-only", "in Precedence only the top card of the waste moves" if src else
                          "turn the stock card onto the waste with deal")
        if not self.waste:
            return Reason("waste-empty", "the waste is empty")
        return self._foundation_refusal(self.waste[-1], dst)

    def _foundation_refusal(self, card: Card, dst: int) -> Reason | None:
        k = dst - FOUNDATION_BASE
        pile = self.foundations[k]
        name = pile_name(dst)
        if len(pile) >= 13:
            return Reason("pile-complete", f"{name} is complete", pile=name)
        if not pile and k and not self.foundations[k - 1]:
            return Reason("foundation-order", f"{name} cannot be started before f{k} is", pile=name, before=f"f{k}")
        need = next_rank(BASE_RANKS[k], len(pile))
        if rank_of(card) != need:
            verb = "is started by" if not pile else "needs"
            text = f"{format_card(card)} does not go on {name}: it {verb} a {RANK_NAMES[need - 1]}"
            return Reason("foundation-wants", text, card=format_card(card), pile=name, rank=RANK_LETTERS[need - 1])
        return None

    def push(self, move: Move) -> None:
        src, dst = move
        if src >= 0:
            self.piles[dst].append(self.waste.pop())
        elif src == DEAL.src:
            self.waste.append(self.stock.pop())
        else:
            self.stock[:] = self.waste[::-1]
            self.waste.clear()
            self.redeals_left -= 1
        self.move_stack.append(move)

    def pop(self) -> Move:
        move = self.move_stack.pop()
        src, dst = move
        if src >= 0:
            self.waste.append(self.piles[dst].pop())
        elif src == DEAL.src:
            self.stock.append(self.waste.pop())
        else:
            self.waste[:] = self.stock[::-1]
            self.stock.clear()
            self.redeals_left += 1
        return move

    def _extra_json(self) -> dict[str, Any]:
        return {"redeals_left": self.redeals_left,
                "needs": [RANK_LETTERS[r - 1] if r else None for r in map(self.needs, range(8))],
                "bases": [RANK_LETTERS[b - 1] for b in BASE_RANKS],
                "ends": [RANK_LETTERS[next_rank(b, 12) - 1] for b in BASE_RANKS]}


class Precedence(Game):
    id = "precedence"
    title = "Precedence"
    variants = ("king-out", "first-king")
    aliases: dict[str, str] = {}

    def _empty_state(self, variant: str, deal: int | None) -> PrecedenceState:
        return PrecedenceState(variant, deal)

    def _setup(self, variant: str, deal: int, order: list[Card]) -> State:
        state = PrecedenceState(variant, deal)
        rest = list(order)
        if variant == "king-out":
            first_king = next(i for i, card in enumerate(rest) if rank_of(card) == KING)
            state.foundations[0].append(rest.pop(first_king))
        state.stock[:] = reversed(rest)
        return state

    def _read_extra_json(self, state: State, obj: dict[str, Any]) -> None:
        assert isinstance(state, PrecedenceState)
        redeals = obj.get("redeals_left", REDEALS)
        if not isinstance(redeals, int) or isinstance(redeals, bool) or not 0 <= redeals <= REDEALS:
            raise bad_position(f"redeals_left must be a whole number from 0 to {REDEALS}")
        state.redeals_left = redeals

    def validate(self, state: State) -> None:
        started = True
        for k, pile in enumerate(state.foundations):
            if pile and not started:
                raise bad_position(f"f{k + 1} is started but f{k} is not")
            started = bool(pile)
            if len(pile) > 13:
                raise bad_position(f"f{k + 1} holds {len(pile)} cards; a foundation holds 13")
            for n, card in enumerate(pile):
                if rank_of(card) != next_rank(BASE_RANKS[k], n):
                    raise bad_position(f"f{k + 1} is impossible: {format_card(card)} cannot be its card {n + 1}")
        if state.variant == "king-out" and not state.foundations[0]:
            raise bad_position("in king-out a King starts f1 before play")


GAME = Precedence()
PrecedenceState.game = GAME
