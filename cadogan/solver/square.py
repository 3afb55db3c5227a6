"""What the solver knows about Square: keys up to interchangeable piles, the order of promise of
placements and builds, the safe move of a crossed suit, the dead ends (no last card can end at a
bottom, pinned last cards asking for a circle) and the game's tuning.

>>> from cadogan.games import load
>>> state = load("square", "free", 0)
>>> square = knowledge_of(state)
>>> square.first_search_share(state), square.playout_share(state), square.playout_ends_at_dead_end
(0.005, 0.99, True)
"""

from __future__ import annotations

from typing import Any

from cadogan.cards import ACE, KING, Card, make_card, rank_of, suit_of
from cadogan.games.base import FOUNDATION_BASE, REDEAL, STOCK, TABLEAU_BASE, Move, State
from cadogan.games.square import BOTTOM_ROW, SquareState, last_card
from cadogan.solver.adaptation import Adaptation
from cadogan.solver.knowledge import GameKnowledge, first_of_each_kind, knowledge_of, register


@register
class SquareKnowledge(GameKnowledge):
    game_id = "square"

    # --- tuning: how a limited solve of this game shares its time ---------------------------

    #: The dead-end test is a scan of the stock and the piles, cheap enough for every step of a
    #: playout; a playout that goes on placing cards after it has lost would be scored by the cards
    #: it still brings home, and the nested search would follow lines already lost (docs/performance.md,
    #: "What changed in 0.10").
    playout_ends_at_dead_end = True

    #: Policy adaptation tells the bottom row (t10-t12), which alone plays while the stock lasts,
    #: from the nine piles above it: a card placed there may go home at once.
    adaptation_row = BOTTOM_ROW[0]

    def first_search_share(self, state: State) -> float:
        """A quarter of the default: the complete search drowns in Square's interchangeable orders
        and almost never decides a deal in its first second, while the playouts win most `classic`
        deals within one (deals 1-40 at 30 s: the same 38 won, median 0.91 s against 1.36 s)."""
        return 0.005

    def playout_share(self, state: State) -> float:
        """All but 1 % while ``free`` placements remain (the complete search drowns in their
        orders and has never decided such a position); half otherwise."""
        assert isinstance(state, SquareState)
        return 0.99 if state.variant == "free" and state.stock else 0.5

    def playout_warmup_share(self, state: State) -> float:
        """``free`` while placements remain: 10 %, as its level-1 searches seldom win (deals 1-60
        at 30 s: 51.7 % won against 45.0 % with the default 30 %); otherwise the default."""
        assert isinstance(state, SquareState)
        return 0.1 if state.variant == "free" and state.stock else super().playout_warmup_share(state)

    def playout_adaptation(self, state: State) -> Adaptation | None:
        """``free`` while placements remain: the playouts learn where the cards go
        (``cadogan.solver.adaptation``, level 2 with 300 iterations) instead of nesting searches,
        which judge each placement afresh and drown in their orders (docs/performance.md, "Square
        free: policy adaptation"); otherwise the nested playouts."""
        assert isinstance(state, SquareState)
        return Adaptation() if state.variant == "free" and state.stock else None

    # --- search knowledge ----------------------------------------------------------------

    core_rules = 2  # rule family of the compiled solver core (cadogan.solver._core)

    def core_encoding(self, state: State) -> tuple[int, int, tuple[int, ...]]:
        """Rule family, 1 for free placement (0 classic), then redeals left and received bits."""
        assert isinstance(state, SquareState)
        return self.core_rules, int(state.variant == "free"), (state.redeals_left, state.received)

    def exact_key(self, state: State) -> Any:
        assert isinstance(state, SquareState)
        return (tuple(state.stock), tuple(len(f) for f in state.foundations),
                tuple(map(tuple, state.tableau)), state.redeals_left, state.received)

    def canonical_key(self, state: State) -> Any:
        """Equal for positions that differ only by a renumbering of interchangeable piles.

        Why merging them never loses a win: a foundation is fully described by its count (its
        base and order are fixed).  The piles are interchangeable when no rule will ever tell
        them apart: once the stock is empty and no gathering is left, every pile plays alike
        (building phase); in ``free`` (no gathering, no deal order) the nine upper piles play
        alike among themselves and the three bottom-row piles among themselves, each keeping
        whether it has had its card of the round.  Renumbering such piles maps legal lines to
        legal lines and wins to wins.  In ``classic`` with a gathering or a deal still to come,
        the deal and gather orders tell every pile apart, and no renumbering is made.
        """
        assert isinstance(state, SquareState)
        found = tuple(len(f) for f in state.foundations)
        tableau = state.tableau
        if not state.stock and not state.redeals_left:
            return ((), found, tuple(sorted(map(tuple, tableau))), 0)
        if state.variant == "free":
            received = state.received
            upper = tuple(sorted((received >> i & 1, tuple(tableau[i])) for i in range(9)))
            bottom = tuple(sorted((received >> i & 1, tuple(tableau[i])) for i in BOTTOM_ROW))
            return (tuple(state.stock), found, upper, bottom)
        return (tuple(state.stock), found, tuple(map(tuple, tableau)), state.redeals_left)

    def safe_moves(self, state: State) -> list[Move]:
        """A card to its foundation once its suit's two foundations have *crossed* (together they
        hold 13 cards or more), when no gathering is left and, while the stock lasts, the card
        leaves its pile non-empty.

        Why no win is lost: once crossed, the cards of the suit still out are one of each rank, each
        rank wanted by one foundation only, and a card one rank from a card home (or going home) is
        always the next card one of the two foundations wants.  Take a winning line L that keeps
        the card X out: play X home now and follow L, dropping its moves of X and sending home at
        once any card L builds onto X or onto a card so sent.  The positions then differ only by
        such cards, with no other card ever on them, so every other move of L stays legal.  With no
        gathering left the piles are never gathered (the missing cards cannot shift a later deal),
        and the condition on the stock means no bottom-row pile is refilled on one side only.
        """
        assert isinstance(state, SquareState)
        if state.redeals_left:
            return []
        foundations = state.foundations
        for move in state.legal_moves():
            src, dst = move
            if src < TABLEAU_BASE or dst >= TABLEAU_BASE:
                continue
            suit = (dst - FOUNDATION_BASE) % 4
            if len(foundations[suit]) + len(foundations[4 + suit]) < 13:
                continue
            if state.stock and len(state.piles[src]) < 2:
                continue
            return [move]
        return []

    def is_dead(self, state: State) -> bool:
        """True when, with no gathering left, no last card can finish the game from a pile's
        bottom (``_no_last_card_can_end_at_a_bottom``) or the cards under pinned last cards ask
        the foundations to finish in a circle (``_pinned_cards_ask_for_a_circle``).  A gathering
        rebuilds every pile, so while one is left the test says nothing."""
        assert isinstance(state, SquareState)
        if state.redeals_left:
            return False
        return _no_last_card_can_end_at_a_bottom(state) or _pinned_cards_ask_for_a_circle(state)

    def ordered_moves(self, state: State) -> list[Move]:
        """Legal moves, most promising first: to a foundation, builds, placements, deal, redeal;
        builds and placements among themselves by ``move_detail``."""
        assert isinstance(state, SquareState)
        matched = round_match(state) if state.stock and state.variant == "free" else None
        return sorted(state.legal_moves(), key=lambda move: (_move_rank(move), move_detail(state, move, matched)))

    def search_moves(self, state: State) -> list[Move]:
        """``ordered_moves`` less the moves that are copies of another by symmetry.

        Why no win is lost: where ``canonical_key`` treats piles as interchangeable, two moves
        whose sources hold the same cards and whose destinations hold the same cards (each in the
        same class of piles and with the same round mark) lead to equivalent positions.
        """
        assert isinstance(state, SquareState)
        sig = _pile_signatures(state)
        if sig is None:
            return self.ordered_moves(state)
        return first_of_each_kind(
            self.ordered_moves(state),
            lambda src, dst: (sig[src] if src >= TABLEAU_BASE else src, sig[dst] if dst >= TABLEAU_BASE else dst))


FAR = 30  # beyond any home distance: the "distance" of an empty pile


def home_distance(state: SquareState, card: Card) -> int:
    """How many more cards of the card's suit must go home before it can (``FAR`` if never).

    >>> from cadogan.games import load
    >>> state = load("square", "free", 0)
    >>> home_distance(state, make_card(2, 0)), home_distance(state, make_card(7, 0))
    (0, 5)
    """
    suit, rank = suit_of(card), rank_of(card)
    up, down = len(state.foundations[suit]), len(state.foundations[4 + suit])
    best = FAR
    if up < 13 and rank >= up + 1:
        best = rank - up - 1
    if down < 13 and rank <= 13 - down:
        best = min(best, 13 - down - rank)
    return best


def _top_distance(state: SquareState, index: int) -> int:
    pile = state.tableau[index]
    return home_distance(state, pile[-1]) if pile else FAR


def fit_order(distance: int, under: int) -> int:
    """Order of promise (smaller first) of putting a card ``distance`` from home on a card
    ``under`` from home: on a card needed later, the closest fit first (a pile then comes off in
    the order the foundations want it, and the looser piles stay free for cards needed later);
    then on a card needed sooner, the smallest harm first."""
    return 2 + under - distance if under >= distance else 2 * FAR + distance - under


def round_match(state: SquareState) -> int | None:
    """``free``: the pile (tableau index) a matching of the round gives the next stock card.

    The cards still to come this round (as many as piles still open) are matched to the open
    piles, the card needed last first, each to the open pile whose top is needed soonest but not
    sooner than it.  None when that leaves the next card without a pile.
    """
    open_piles = [i for i in range(12) if not state.received >> i & 1]
    under = {i: _top_distance(state, i) for i in open_piles}
    coming = [home_distance(state, card) for card in reversed(state.stock[-len(open_piles):])]
    for j in sorted(range(len(coming)), key=lambda j: -coming[j]):
        fitting = [i for i in open_piles if under[i] >= coming[j]]
        if not fitting:
            continue
        best = min(fitting, key=lambda i: under[i])
        if j == 0:
            return best
        open_piles.remove(best)
    return None


def move_detail(state: SquareState, move: Move, matched: int | None) -> int:
    """Order of promise of a placement or a build among its kind (0 for other moves).

    A placement that sends the card home at once from the bottom row comes first.  A foundation's
    last card (``is_last_card``) then goes onto the pile with the fewest other cards (it seldom
    moves but home, so every card it covers waits for its foundation to finish); any other card
    onto the pile ``round_match`` gives it, then by ``fit_order``.  A build that uncovers a card
    wanted home comes first, then by ``fit_order``.  Only an order: the search still tries every
    move.
    """
    src, dst = move
    if src == STOCK:
        card = state.stock[-1]
        distance = home_distance(state, card)
        if dst - TABLEAU_BASE in BOTTOM_ROW and distance == 0:
            return 0
        if is_last_card(card):
            return 1 + sum(not is_last_card(under) for under in state.piles[dst])
        if dst - TABLEAU_BASE == matched:
            return 1
        return fit_order(distance, _top_distance(state, dst - TABLEAU_BASE))
    if src < TABLEAU_BASE or dst < TABLEAU_BASE:
        return 0
    pile = state.piles[src]
    if len(pile) > 1 and home_distance(state, pile[-2]) == 0:
        return 0
    return fit_order(home_distance(state, pile[-1]), _top_distance(state, dst - TABLEAU_BASE))


def is_last_card(card: Card) -> bool:
    """Whether ``card`` is the last card of a foundation (an Ace or a King: the first of each are
    the bases).  Such a card seldom moves but home: it can be built only onto a card of its suit
    one rank nearer the middle (a Queen for a King, a Two for an Ace), and in a win only onto one
    that goes onto the suit's other foundation after it (see ``_pinned_cards_ask_for_a_circle``).

    >>> is_last_card(make_card(KING, 0)), is_last_card(make_card(7, 0))
    (True, False)
    """
    return rank_of(card) in (ACE, KING)


def _move_rank(move: Move) -> int:
    """Sort key of ``SquareKnowledge.ordered_moves``."""
    src, dst = move
    if move == REDEAL:
        return 4
    if src < 0:
        return 3
    if dst < TABLEAU_BASE:
        return 0
    return 2 if src == STOCK else 1


def _no_last_card_can_end_at_a_bottom(state: SquareState) -> bool:
    """True when the last card of no unfinished foundation (the King going up, the Ace going down)
    lies at the bottom of a pile or can still come to one.

    Why such a position is lost: the last move of a win sends home the last card left, which
    finishes its foundation, so it is one of those cards, and just before it the card is alone in
    its pile: that pile's bottom card.  A pile's bottom card changes only when a stock card goes
    onto the empty pile (a first placement, or the refill of an emptied bottom-row pile): no card
    ever moves onto an empty pile, and the card under another leaves only after it.  A stock card
    can still come to a bottom only while a pile is empty or a bottom-row pile can still be emptied
    in the dealing phase (``_can_empty_while_dealing``).
    """
    last_cards = {last_card(k) for k, pile in enumerate(state.foundations) if len(pile) < 13}
    if not last_cards or any(pile and pile[0] in last_cards for pile in state.tableau):
        return False
    if not any(card in last_cards for card in state.stock):
        return True
    if not all(state.tableau):
        return False
    reachable = {card for i in BOTTOM_ROW for card in state.tableau[i]}
    reachable.update(state.stock)
    return not any(_can_empty_while_dealing(state, i, reachable) for i in BOTTOM_ROW)


def _pinned_cards_ask_for_a_circle(state: SquareState) -> bool:
    """True when the cards lying under *pinned* last cards cannot all go home in time.

    A last card is pinned when the other foundation of its suit holds two cards or more.  Why a
    pinned card moves only home in a win (with no gathering left): it can be built only onto a card
    of its suit one rank nearer the middle (a King onto a Queen, an Ace onto a Two), so, if it ever
    moves, it ends on such a card (it can leave one only for another) and stays there until it goes
    home, when its foundation finishes; that card goes home after it, so onto the suit's other
    foundation, which must still want it then; but that foundation, holding two cards, has had its
    Queen (or Two) already.

    So every card X under a pinned last card L goes home after L's foundation F has finished, onto
    a foundation that still wants X's rank and is not F: if there is none, the position is lost; if
    there is one only, G, then G finishes after F.  Foundations that must each finish after another
    in a circle would finish after themselves: lost.
    """
    lengths = [len(pile) for pile in state.foundations]
    later: list[set[int]] = [set() for _ in range(8)]  # later[f]: foundations that finish after f
    for pile in state.tableau:
        for j, card in enumerate(pile):
            if not is_last_card(card):
                continue
            f = _foundation_finished_by(card)
            if lengths[(f + 4) % 8] < 2:
                continue
            for under in pile[:j]:
                takers = [k for k in _foundations_wanting(under, lengths) if k != f]
                if not takers:
                    return True
                if len(takers) == 1:
                    later[f].add(takers[0])
    return _has_circle(later)


def _foundation_finished_by(card: Card) -> int:
    """The foundation (0-based) a last card finishes: the King its suit's ascending one (0..3), the
    Ace its descending one (4..7)."""
    return suit_of(card) + (0 if rank_of(card) == KING else 4)


def _foundations_wanting(card: Card, lengths: list[int]) -> list[int]:
    """The foundations of the card's suit that still want its rank (see ``cadogan.games.square.foundation_needs``)."""
    suit, rank = suit_of(card), rank_of(card)
    wanting = []
    if rank > lengths[suit]:
        wanting.append(suit)
    if rank <= 13 - lengths[4 + suit]:
        wanting.append(4 + suit)
    return wanting


def _has_circle(later: list[set[int]]) -> bool:
    """Whether the relation "finishes after" given by ``later`` goes round in a circle."""
    mark = [0] * len(later)  # 0 unvisited, 1 on the current path, 2 done

    def visit(f: int) -> bool:
        mark[f] = 1
        for g in later[f]:
            if mark[g] == 1 or (mark[g] == 0 and visit(g)):
                return True
        mark[f] = 2
        return False

    return any(mark[f] == 0 and visit(f) for f in range(len(later)))


def _can_empty_while_dealing(state: SquareState, index: int, reachable: set[Card]) -> bool:
    """Whether the bottom card of bottom-row pile ``index`` might still go home before the stock
    runs out, emptying the pile: one of its suit's foundations must be able to reach it, each
    card it needs on the way having a copy in ``reachable`` (the stock and the bottom row; no card
    leaves the upper piles t1-t9 while the stock lasts).  Optimistic: True unless impossible."""
    card = state.tableau[index][0]
    suit, rank = suit_of(card), rank_of(card)
    up, down = len(state.foundations[suit]), len(state.foundations[4 + suit])
    if up < 13 and rank > up and all(make_card(r, suit) in reachable for r in range(up + 1, rank)):
        return True
    return down < 13 and rank <= 13 - down and all(
        make_card(r, suit) in reachable for r in range(rank + 1, 14 - down))


def _pile_signatures(state: SquareState) -> dict[int, Any] | None:
    """A signature per tableau code, equal for interchangeable piles (see ``canonical_key``)."""
    tableau = state.tableau
    if not state.stock and not state.redeals_left:
        return {TABLEAU_BASE + i: tuple(tableau[i]) for i in range(12)}
    if state.variant == "free":
        received = state.received
        return {TABLEAU_BASE + i: (i in BOTTOM_ROW, received >> i & 1, tuple(tableau[i])) for i in range(12)}
    return None
