"""Square («Квадрат»): Aces and Kings as foundations, a 12-pile square dealt in rounds.

>>> state = GAME.new_initial_state("classic", deal=0)
>>> [len(f) for f in state.foundations], len(state.stock), sum(map(len, state.tableau))
([1, 1, 1, 1, 1, 1, 1, 1], 84, 12)
>>> state.playable_piles()
['t10', 't11', 't12']
"""

from __future__ import annotations

from typing import Any

from cadogan.cards import ACE, KING, SUITS, Card, format_card, make_card, rank_of, suit_of
from cadogan.errors import Reason
from cadogan.games.base import (
    DEAL, FOUNDATION_BASE, MOVES, REDEAL, STOCK, TABLEAU_BASE, WASTE, Game, Move, State, bad_position, pile_name,
)

# Piles are 0-based here: index 9 is t10.
DEAL_ORDER = (9, 6, 3, 0, 10, 7, 4, 1, 11, 8, 5, 2)      # t10 t7 t4 t1, t11 t8 t5 t2, t12 t9 t6 t3
GATHER_ORDER = (9, 6, 3, 0, 1, 2, 5, 8, 11, 10, 7, 4)    # t10 t7 t4 t1 t2 t3 t6 t9 t12 t11 t8 t5
BOTTOM_ROW = (9, 10, 11)
ALL_RECEIVED = (1 << 12) - 1
REDEALS = 2


def foundation_needs(k: int, pile: list[Card]) -> Card | None:
    """The card foundation ``k`` (0-based; 0..3 Aces up, 4..7 Kings down) takes next, or None.

    >>> format_card(foundation_needs(0, [make_card(ACE, 0)])), format_card(foundation_needs(7, [make_card(KING, 3)]))
    ('2C', 'QS')
    """
    n = len(pile)
    if n >= 13:
        return None
    suit = k % 4
    return make_card(n + 1 if k < 4 else 13 - n, suit)


def last_card(k: int) -> Card:
    """The card that finishes foundation ``k`` (0-based): the King going up, the Ace going down.

    >>> format_card(last_card(0)), format_card(last_card(7))
    ('KC', 'AS')
    """
    return make_card(KING if k < 4 else ACE, k % 4)


class SquareState(State):
    def __init__(self, variant: str, deal: int | None) -> None:
        super().__init__(variant, deal, 8, 12)
        self.piles[WASTE] = None
        self.redeals_left = REDEALS if variant == "classic" else 0
        self.received = 0  # free variant: bit i set when t(i+1) got its card of the current round

    # --- helpers ---------------------------------------------------------------------------
    def dealing(self) -> bool:
        """The dealing phase lasts while the stock has cards."""
        return bool(self.stock)

    def playable_piles(self) -> list[str]:
        indices = BOTTOM_ROW if self.stock else range(12)
        return [pile_name(TABLEAU_BASE + i) for i in indices if self.tableau[i]]

    def _foundation_accepts(self) -> dict[Card, list[int]]:
        accepts: dict[Card, list[int]] = {}
        for k, pile in enumerate(self.foundations):
            need = foundation_needs(k, pile)
            if need is not None:
                accepts.setdefault(need, []).append(FOUNDATION_BASE + k)
        return accepts

    def _deal_round(self) -> int:
        stock, tableau = self.stock, self.tableau
        dealt = 0
        for i in DEAL_ORDER:
            if not stock:
                break
            tableau[i].append(stock.pop())
            dealt += 1
        return dealt

    def _undeal_round(self, dealt: int) -> None:
        for i in reversed(DEAL_ORDER[:dealt]):
            self.stock.append(self.tableau[i].pop())

    # --- the rules -------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        accepts = self._foundation_accepts()
        tableau = self.tableau
        moves: list[Move] = []
        if self.stock:
            for i in BOTTOM_ROW:
                pile = tableau[i]
                if pile:
                    row = MOVES[TABLEAU_BASE + i]
                    moves.extend(row[dst] for dst in accepts.get(pile[-1], ()))
            if self.variant == "classic":
                moves.append(DEAL)
            else:
                row = MOVES[STOCK]
                moves.extend(row[TABLEAU_BASE + i] for i in range(12) if not self.received >> i & 1)
            return moves
        tops: dict[Card, list[int]] = {}
        for i, pile in enumerate(tableau):
            if pile:
                top = pile[-1]
                code = TABLEAU_BASE + i
                if top & 15 < KING:
                    tops.setdefault(top + 1, []).append(code)
                if top & 15 > ACE:
                    tops.setdefault(top - 1, []).append(code)
        for i, pile in enumerate(tableau):
            if pile:
                card = pile[-1]
                row = MOVES[TABLEAU_BASE + i]
                moves.extend(row[dst] for dst in accepts.get(card, ()))
                moves.extend(row[dst] for dst in tops.get(card, ()))
        if self.redeals_left and any(tableau):
            moves.append(REDEAL)
        return moves

    def why_illegal(self, move: Move) -> Reason | None:
        if move == DEAL:
            if self.variant != "classic":
                return Reason("place-one-by-one", "in free Square the cards are placed one by one with s>tK")
            return None if self.stock else Reason("stock-empty", "the stock is empty")
        if move == REDEAL:
            return self._gathering_refusal()
        unknown = self._unknown_pile(move)
        if unknown:
            return unknown
        src, dst = move
        if src == STOCK:
            return self._placement_refusal(dst)
        if src < TABLEAU_BASE:
            return Reason("foundation-final", "cards on the foundations never move again")
        source = self.piles[src]
        if not source:
            return Reason("source-empty", f"{pile_name(src)} is empty", pile=pile_name(src))
        card = source[-1]
        if self.stock:
            if src - TABLEAU_BASE not in BOTTOM_ROW:
                return Reason("bottom-row-only",
                              "while the stock lasts only the bottom row (t10, t11, t12) is playable")
            if dst >= TABLEAU_BASE:
                return Reason("no-building-yet", "no building on the square until the stock is used up")
        if dst < TABLEAU_BASE:
            return self._foundation_refusal(card, dst)
        return self._tableau_refusal(card, dst)

    def _gathering_refusal(self) -> Reason | None:
        if self.variant != "classic":
            return Reason("no-redeal", "free Square has no gathering of the piles")
        if self.stock:
            return Reason("stock-not-empty", "the piles may be gathered only when the stock is empty")
        if not self.redeals_left:
            return Reason("redeals-used", "both gatherings have been used")
        return None if any(self.tableau) else Reason("nothing-to-gather", "there is nothing to gather")

    def _foundation_refusal(self, card: Card, dst: int) -> Reason | None:
        if dst in self._foundation_accepts().get(card, ()):
            return None
        where = pile_name(dst)
        need = foundation_needs(dst - FOUNDATION_BASE, self.piles[dst])
        if need is None:
            return Reason("pile-complete", f"{where} is complete", pile=where)
        wanted = format_card(need)
        return Reason("foundation-wants", f"{format_card(card)} does not go on {where}: it needs the {wanted}",
                      card=format_card(card), pile=where, rank=wanted[0], suit=wanted[1])

    def _tableau_refusal(self, card: Card, dst: int) -> Reason | None:
        target = self.piles[dst]
        where = pile_name(dst)
        if not target:
            return Reason("empty-stays-empty", f"{where} is empty, and empty piles stay empty", pile=where)
        top, name = format_card(target[-1]), format_card(card)
        text = f"{name} does not go on {where}: it needs a card of the same suit one rank above or below {top}"
        if suit_of(target[-1]) != suit_of(card):
            return Reason("tableau-suit", text, card=name, pile=where, suit=top[1])
        if abs(rank_of(target[-1]) - rank_of(card)) != 1:
            return Reason("tableau-rank", text, card=name, pile=where, top=top)
        return None

    def _placement_refusal(self, dst: int) -> Reason | None:
        if self.variant == "classic":
            return Reason("deal-in-rounds", "in classic Square the stock is dealt in rounds with deal")
        if not self.stock:
            return Reason("stock-empty", "the stock is empty")
        if dst < TABLEAU_BASE:
            return Reason("stock-to-square", "stock cards are placed on the square, not on the foundations")
        if self.received >> (dst - TABLEAU_BASE) & 1:
            return Reason("round-has-card", f"{pile_name(dst)} already has its card of this round", pile=pile_name(dst))
        return None

    def push(self, move: Move) -> None:
        src, dst = move
        if move == DEAL:
            self._undo.append(self._deal_round())
        elif move == REDEAL:
            snapshot = [list(pile) for pile in self.tableau]
            gathered: list[Card] = []
            for i in GATHER_ORDER:
                gathered.extend(self.tableau[i])
                self.tableau[i].clear()
            self.stock[:] = reversed(gathered)
            self.redeals_left -= 1
            self._deal_round()
            self._undo.append(snapshot)
        elif src == STOCK:
            self.piles[dst].append(self.stock.pop())
            self._undo.append(self.received)
            self.received |= 1 << (dst - TABLEAU_BASE)
            if self.received == ALL_RECEIVED:
                self.received = 0
        else:
            piles = self.piles
            source = piles[src]
            piles[dst].append(source.pop())
            stock = self.stock
            if stock and not source and src - TABLEAU_BASE in BOTTOM_ROW:
                source.append(stock.pop())
                self._undo.append(1)
            else:
                self._undo.append(0)
        self.move_stack.append(move)

    def pop(self) -> Move:
        move = self.move_stack.pop()
        info = self._undo.pop()
        src, dst = move
        if move == DEAL:
            self._undeal_round(info)
        elif move == REDEAL:
            self.stock.clear()
            for pile, cards in zip(self.tableau, info):
                pile[:] = cards
            self.redeals_left += 1
        elif src == STOCK:
            self.stock.append(self.piles[dst].pop())
            self.received = info
        else:
            piles = self.piles
            source = piles[src]
            if info:
                self.stock.append(source.pop())
            source.append(piles[dst].pop())
        return move

    def _extra_json(self) -> dict[str, Any]:
        needs = [foundation_needs(k, pile) for k, pile in enumerate(self.foundations)]
        obj: dict[str, Any] = {"phase": "dealing" if self.stock else "building",
                               "redeals_left": self.redeals_left,
                               "needs": [None if c is None else format_card(c) for c in needs]}
        if self.variant == "free":
            obj["received"] = [pile_name(TABLEAU_BASE + i) for i in range(12) if self.received >> i & 1]
        return obj


class Square(Game):
    id = "square"
    title = "Square"
    variants = ("classic", "free")
    aliases: dict[str, str] = {}
    has_waste = False

    def tableau_grid(self, state: State) -> list[list[int]]:
        return [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]

    def _empty_state(self, variant: str, deal: int | None) -> SquareState:
        return SquareState(variant, deal)

    def _setup(self, variant: str, deal: int, order: list[Card]) -> State:
        state = SquareState(variant, deal)
        rest: list[Card] = []
        for card in order:
            rank, suit = rank_of(card), suit_of(card)
            if rank in (ACE, KING):
                k = suit if rank == ACE else 4 + suit
                if not state.foundations[k]:
                    state.foundations[k].append(card)
                    continue
            rest.append(card)
        state.stock[:] = reversed(rest)
        if variant == "classic":
            state._deal_round()
        return state

    def _read_extra_json(self, state: State, obj: dict[str, Any]) -> None:
        assert isinstance(state, SquareState)
        redeals = obj.get("redeals_left", state.redeals_left)
        limit = REDEALS if state.variant == "classic" else 0
        if not isinstance(redeals, int) or isinstance(redeals, bool) or not 0 <= redeals <= limit:
            raise bad_position(f"redeals_left must be a whole number from 0 to {limit} in square {state.variant}")
        state.redeals_left = redeals
        received = obj.get("received", [])
        if not isinstance(received, list) or not all(isinstance(r, str) for r in received):
            raise bad_position("received must be a list of pile names such as t3")
        for name in received:
            index = _tableau_index(name)
            state.received |= 1 << index
        if state.received == ALL_RECEIVED:
            raise bad_position("received cannot name all 12 piles (the round would be over)")

    def validate(self, state: State) -> None:
        for k, pile in enumerate(state.foundations):
            base = make_card(ACE if k < 4 else KING, SUITS[k % 4])
            if not pile or pile[0] != base:
                raise bad_position(f"f{k + 1} must start with {format_card(base)}")
            for n, card in enumerate(pile):
                if len(pile) > 13 or card != foundation_needs(k, pile[:n]) and n:
                    raise bad_position(f"f{k + 1} is impossible at its card {n + 1} ({format_card(card)})")
        if state.stock and state.variant == "classic" and any(not state.tableau[i] for i in BOTTOM_ROW):
            raise bad_position("while the stock lasts the bottom row (t10, t11, t12) is never empty")


def _tableau_index(name: str) -> int:
    text = name.strip().lower()
    if not text.startswith("t") or not text[1:].isdigit() or not 1 <= int(text[1:]) <= 12:
        raise bad_position(f"{name!r} is not a pile of the square (t1..t12)")
    return int(text[1:]) - 1


GAME = Square()
SquareState.game = GAME
