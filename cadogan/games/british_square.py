"""British Square: switchback foundations, tableau built up or down in suit, one pass.

>>> state = GAME.new_initial_state("columns", deal=0)
>>> [len(t) for t in state.tableau], len(state.stock)
([4, 4, 4, 4], 88)
>>> state.play("deal")
Move.from_text('deal')
>>> state.to_json()["waste"]     # card 16 of the dealing order is the first stock card
['5D']
"""

from __future__ import annotations

from typing import Any

from cadogan.cards import ACE, KING, Card, format_card, rank_of, suit_of
from cadogan.errors import Reason
from cadogan.games.base import (
    DEAL, FOUNDATION_BASE, MOVES, REDEAL, STOCK, TABLEAU_BASE, WASTE, Game, Move, State, bad_position, pile_name,
)

FULL = 26  # A..K then K..A


def rank_needed_after(count: int) -> int:
    """The rank a switchback foundation holding ``count`` cards accepts next (0 when full).

    >>> rank_needed_after(0), rank_needed_after(12), rank_needed_after(13)
    (1, 13, 13)
    >>> rank_needed_after(25), rank_needed_after(26)
    (1, 0)
    """
    if count < 13:
        return count + 1
    if count < FULL:
        return FULL - count
    return 0


def foundation_needs(pile: list[Card]) -> int:
    """The rank the switchback foundation ``pile`` accepts next (0 when full).

    >>> foundation_needs([]), foundation_needs(list(range(13))), foundation_needs(list(range(26)))
    (1, 13, 0)
    """
    return rank_needed_after(len(pile))


_FILL_FIRST = Reason("fill-empty-first", "an empty pile must be filled from the waste or the stock first")


def _source_empty(state: State, src: int) -> Reason:
    return Reason("source-empty", f"{state.describe_pile(src)} is empty", pile=pile_name(src))


class BritishSquareState(State):
    """``built[i]`` counts the cards on top of tableau pile i that were *built* there.

    While it is positive the pile's direction is locked to the step between its top two cards.
    """

    def __init__(self, variant: str, deal: int | None) -> None:
        n_tableau = 16 if variant == "piles" else 4
        super().__init__(variant, deal, 4, n_tableau)
        self.built = [0] * n_tableau
        self._tableau_codes = range(TABLEAU_BASE, TABLEAU_BASE + n_tableau)

    # --- helpers ---------------------------------------------------------------------------
    def direction(self, i: int) -> int:
        """+1 if tableau pile i (0-based) builds up, -1 down, 0 if free."""
        if not self.built[i]:
            return 0
        pile = self.tableau[i]
        return rank_of(pile[-1]) - rank_of(pile[-2])

    def _foundation_for(self, card: Card) -> list[int]:
        """Foundation codes that accept ``card``."""
        suit, rank = suit_of(card), rank_of(card)
        empty: list[int] = []
        for k, pile in enumerate(self.foundations):
            if pile:
                if suit_of(pile[0]) == suit:
                    return [FOUNDATION_BASE + k] if foundation_needs(pile) == rank else []
            else:
                empty.append(FOUNDATION_BASE + k)
        return empty if rank == ACE else []

    def _must_fill(self) -> bool:
        return bool(self.stock or self.waste) and any(not t for t in self.tableau)

    def _needs_text(self, k: int) -> str | None:
        """What foundation k takes next: a card such as '7H', 'A' for any Ace, None when full."""
        pile = self.foundations[k]
        need = foundation_needs(pile)
        if not need:
            return None
        return format_card(need + (pile[0] & 0x30)) if pile else "A"

    # --- the rules -------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        tableau = self.tableau
        stock, waste = self.stock, self.waste
        if stock or waste:
            empties = [TABLEAU_BASE + i for i, t in enumerate(tableau) if not t]
            if empties:
                moves = [MOVES[WASTE][e] for e in empties] if waste else []
                if stock:
                    moves.extend(MOVES[STOCK][e] for e in empties)
                return moves
        moves = [DEAL] if stock else []
        # What each foundation and each tableau top accepts, keyed by card.
        accepts: dict[Card, list[int]] = {}
        suits_started = 0
        first_empty = -1
        for k, pile in enumerate(self.foundations):
            if pile:
                suits_started |= 1 << suit_of(pile[0])
                need = foundation_needs(pile)
                if need:
                    accepts.setdefault(need + (pile[0] & 0x30), []).append(FOUNDATION_BASE + k)
            elif first_empty < 0:
                first_empty = k
        built = self.built
        for i, pile in enumerate(tableau):
            if not pile:
                continue
            top = pile[-1]
            code = TABLEAU_BASE + i
            if built[i]:
                step = (top & 15) - (pile[-2] & 15)
                if 0 < (top & 15) + step <= KING:
                    accepts.setdefault(top + step, []).append(code)
            else:
                if (top & 15) < KING:
                    accepts.setdefault(top + 1, []).append(code)
                if (top & 15) > ACE:
                    accepts.setdefault(top - 1, []).append(code)
        sources = [WASTE] if waste else []
        sources.extend(TABLEAU_BASE + i for i, t in enumerate(tableau) if t)
        piles = self.piles
        for src in sources:
            card = piles[src][-1]
            row = MOVES[src]
            if card & 15 == ACE and first_empty >= 0 and not suits_started >> (card >> 4) & 1:
                moves.extend(row[FOUNDATION_BASE + k] for k, f in enumerate(self.foundations) if not f)
            for dst in accepts.get(card, ()):
                if dst != src:
                    moves.append(row[dst])
        return moves

    def why_illegal(self, move: Move) -> Reason | None:
        if move == REDEAL:
            return Reason("no-redeal", "British Square has no redeal: the stock is gone through once")
        if move == DEAL:
            if not self.stock:
                return Reason("stock-empty", "the stock is empty")
            if self._must_fill():
                return _FILL_FIRST
            return None
        unknown = self._unknown_pile(move)
        if unknown:
            return unknown
        src, dst = move
        if self._must_fill():
            if dst >= TABLEAU_BASE and not self.piles[dst] and src in (STOCK, WASTE):
                return None if self.piles[src] else _source_empty(self, src)
            return _FILL_FIRST
        if src == STOCK:
            if not self.stock:
                return Reason("stock-empty", "the stock is empty")
            return Reason("no-empty-pile", "a stock card goes only onto an empty pile, and no pile is empty")
        source = self.piles[src]
        if not source:
            return _source_empty(self, src)
        if src < TABLEAU_BASE and src != WASTE:
            return Reason("foundation-final", "cards on the foundations never move again")
        card = source[-1]
        if dst < TABLEAU_BASE:
            return self._foundation_refusal(card, dst)
        return self._tableau_refusal(card, dst)

    def _foundation_refusal(self, card: Card, dst: int) -> Reason | None:
        if dst in self._foundation_for(card):
            return None
        pile = self.piles[dst]
        name, where = format_card(card), pile_name(dst)
        if not pile:
            if rank_of(card) != ACE:
                return Reason("foundation-needs-ace", f"{name} cannot start a foundation: only an Ace can", card=name)
            return Reason("suit-started", f"{name} cannot start a foundation: a foundation in that suit is already "
                          "started", card=name, suit=name[1])
        need = foundation_needs(pile)
        if not need:
            return Reason("pile-complete", f"{where} is complete", pile=where)
        built_in = format_card(pile[0])[1]
        if suit_of(pile[0]) != suit_of(card):
            return Reason("foundation-suit", f"{name} does not go on {where}: it is built in {built_in}",
                          card=name, pile=where, suit=built_in)
        wanted = format_card(need + (card & 0x30))
        return Reason("foundation-wants", f"{name} does not go on {where}: it needs the {wanted}",
                      card=name, pile=where, rank=wanted[0], suit=wanted[1])

    def _tableau_refusal(self, card: Card, dst: int) -> Reason | None:
        pile = self.piles[dst]
        name, where = format_card(card), pile_name(dst)
        if not pile:
            return Reason("empty-needs-stock", f"{where} is empty and only the waste or the stock may fill it",
                          pile=where)
        top = format_card(pile[-1])
        if suit_of(pile[-1]) != suit_of(card):
            return Reason("tableau-suit", f"{name} does not go on {where}: it needs a {top[1]} card",
                          card=name, pile=where, suit=top[1])
        step = rank_of(card) - rank_of(pile[-1])
        if abs(step) != 1:
            return Reason("tableau-rank", f"{name} does not go on {where}: it needs one rank above or below {top}",
                          card=name, pile=where, top=top)
        direction = self.direction(dst - TABLEAU_BASE)
        if direction and step != direction:
            way = "up" if direction > 0 else "down"
            return Reason("tableau-direction", f"{name} does not go on {where}: {where} builds {way}",
                          card=name, pile=where, direction=way)
        return None

    def push(self, move: Move) -> None:
        src, dst = move
        if src < 0:  # deal
            self.waste.append(self.stock.pop())
            self._undo.append(0)
        else:
            piles = self.piles
            was_built = 0
            if src >= TABLEAU_BASE:
                i = src - TABLEAU_BASE
                if self.built[i]:
                    self.built[i] -= 1
                    was_built = 1
            target = piles[dst]
            if dst >= TABLEAU_BASE and target:
                self.built[dst - TABLEAU_BASE] += 1
            target.append(piles[src].pop())
            self._undo.append(was_built)
        self.move_stack.append(move)

    def pop(self) -> Move:
        move = self.move_stack.pop()
        was_built = self._undo.pop()
        src, dst = move
        if src < 0:
            self.stock.append(self.waste.pop())
            return move
        piles = self.piles
        target = piles[dst]
        piles[src].append(target.pop())
        if dst >= TABLEAU_BASE and target:
            self.built[dst - TABLEAU_BASE] -= 1
        if was_built:
            self.built[src - TABLEAU_BASE] += 1
        return move

    def _extra_json(self) -> dict[str, Any]:
        return {"built": list(self.built),
                "needs": [self._needs_text(k) for k in range(4)],
                "directions": ["up" if d > 0 else "down" if d < 0 else "free"
                               for d in map(self.direction, range(len(self.tableau)))]}


class BritishSquare(Game):
    id = "british-square"
    title = "British Square"
    variants = ("piles", "columns")
    aliases = {"american": "piles", "british": "columns"}

    fanned = True

    def tableau_grid(self, state: State) -> list[list[int]]:
        n = len(state.tableau)
        return [list(range(n))] if n == 4 else [list(range(r * 4, r * 4 + 4)) for r in range(4)]

    def _empty_state(self, variant: str, deal: int | None) -> BritishSquareState:
        return BritishSquareState(variant, deal)

    def _setup(self, variant: str, deal: int, order: list[Card]) -> State:
        state = BritishSquareState(variant, deal)
        n = len(state.tableau)
        for k, card in enumerate(order[:16]):
            state.tableau[k % n].append(card)
        state.stock[:] = reversed(order[16:])
        return state

    def _read_extra_json(self, state: State, obj: dict[str, Any]) -> None:
        assert isinstance(state, BritishSquareState)
        built = obj.get("built", [0] * len(state.tableau))
        if (not isinstance(built, list) or len(built) != len(state.tableau)
                or not all(isinstance(b, int) and not isinstance(b, bool) and b >= 0 for b in built)):
            raise bad_position(f"built must be a list of {len(state.tableau)} counts (cards built on each pile)")
        state.built[:] = built

    def validate(self, state: State) -> None:
        assert isinstance(state, BritishSquareState)
        seen_suits = set()
        for k, pile in enumerate(state.foundations):
            if not pile:
                continue
            suit = suit_of(pile[0])
            if suit in seen_suits:
                raise bad_position(f"two foundations are built in {format_card(pile[0])[1]}")
            seen_suits.add(suit)
            if len(pile) > FULL:
                raise bad_position(f"f{k + 1} holds {len(pile)} cards; a foundation holds at most 26")
            for n, card in enumerate(pile):
                if suit_of(card) != suit or rank_of(card) != rank_needed_after(n):
                    raise bad_position(f"f{k + 1} is impossible: {format_card(card)} cannot be its card {n + 1}")
        for i, pile in enumerate(state.tableau):
            b = state.built[i]
            if b and b >= len(pile):
                raise bad_position(f"t{i + 1} cannot have {b} built cards on {len(pile)} cards")
            run = pile[len(pile) - b - 1:] if b else []
            steps = {rank_of(y) - rank_of(x) for x, y in zip(run, run[1:])}
            if run and (len(steps) != 1 or not steps <= {1, -1} or len({suit_of(c) for c in run}) != 1):
                raise bad_position(f"the built cards of t{i + 1} are not a run in suit in one direction")


GAME = BritishSquare()
BritishSquareState.game = GAME
