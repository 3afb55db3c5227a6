"""What the solver knows about British Square: keys up to renumbering, symmetric moves, the safe
move of a suit coming down, the dead ends (cards that can never move, a waste too deep for the
piles) and the game's tuning.

>>> from cadogan.games import load
>>> state = load("british-square", "columns", 0)
>>> knowledge_of(state).playout_share(state)
0.03
"""

from __future__ import annotations

from typing import Any

from cadogan.cards import ACE, KING, Card, rank_of, suit_of
from cadogan.games.base import STOCK, TABLEAU_BASE, WASTE, Move, State
from cadogan.games.british_square import FULL, BritishSquareState, rank_needed_after
from cadogan.solver.knowledge import GameKnowledge, first_of_each_kind, knowledge_of, register


@register
class BritishSquareKnowledge(GameKnowledge):
    game_id = "british-square"

    # --- tuning: how a limited solve of this game shares its time ---------------------------

    def playout_share(self, state: State) -> float:
        """Almost none for the four columns, whose deals the complete search proves lost (nested
        playouts have never won one); half for the sixteen piles, where the playouts find the wins."""
        return 0.03 if len(state.tableau) == 4 else 0.5

    def playout_warmup_share(self, state: State) -> float:
        """The default at the start of a deal, where the level-1 restarts win at once (without
        them, deals 1-200 at 30 s: 99.5 % won, p95 15.6 s, instead of 100 % and 1.2 s).  None
        once the waste holds a card for each pile: there the wins are rare and the level-2
        search's first run finds them 3-6 times sooner without the restarts before it
        (bench/analyse.py deal 4 position 134: 2.3 s instead of 14.8 s; deal 10 position 126:
        18 s instead of over 30)."""
        return 0.0 if len(state.waste) >= len(state.tableau) else super().playout_warmup_share(state)

    # --- search knowledge ----------------------------------------------------------------

    # Near a losing move the positions after it are mostly seen dead at once (is_dead) and the
    # positions before it are hard wins: deal 4 of bench/analyse.py, positions 76-134 winnable,
    # 135 on dead at once.
    undecided_leans = "won"

    core_rules = 1  # rule family of the compiled solver core (cadogan.solver._core)

    def core_encoding(self, state: State) -> tuple[int, int, tuple[int, ...]]:
        """What the compiled core needs besides the piles: its rule family, the number of
        tableau piles, and the built counts."""
        assert isinstance(state, BritishSquareState)
        return self.core_rules, len(state.tableau), tuple(state.built)

    def exact_key(self, state: State) -> Any:
        assert isinstance(state, BritishSquareState)
        return (tuple(state.stock), tuple(state.waste), tuple(map(tuple, state.foundations)),
                tuple(map(tuple, state.tableau)), tuple(state.built))

    def canonical_key(self, state: State) -> Any:
        """Equal for positions that differ only by a renumbering of the tableau piles or of the
        foundations, or by the cards of the stock.

        Why merging them never loses a win: (1) no rule depends on a tableau pile's number (moves,
        fills and direction locks treat every pile alike) nor on a foundation's (an Ace starts any
        empty one), so renumbering maps legal lines to legal lines and wins to wins; a foundation
        is fully described by its suit and its count.  (2) The stock is only ever taken from its
        top, never added to, so among the positions reachable from one root (the only ones a search
        compares) its length tells its cards.
        """
        assert isinstance(state, BritishSquareState)
        found = home_by_suit(state)
        built = state.built
        return (len(state.stock), tuple(state.waste), tuple(found),
                tuple(sorted((built[i], tuple(p)) for i, p in enumerate(state.tableau))))

    def safe_moves(self, state: State) -> list[Move]:
        """A move of the card a foundation needs once its suit is coming down (13 cards or more on
        it), when no pile is left empty while the stock or the waste still holds a card.

        Why no win is lost: with the foundation coming down and needing rank r, every card of the
        suit above r is home and the card X is the only one left of its rank; the cards left of the
        suit are one each of r-1 .. A, which can only go home in that order after X.  Take a winning
        line L that keeps X out: play X home now and then follow L, dropping its moves of X and
        sending home at once any card L builds onto X or onto a card so sent (only the next card the
        foundation needs is one rank from them).  The two positions then differ only by cards of the
        suit that are home on one side, and no other card ever lies on them, so every other move of
        L stays legal.  The condition keeps the piles that are empty the same on both sides (the
        fill rule then asks the same thing of both): X leaves no empty pile behind, or nothing is
        left in the stock and the waste to fill one with (X alone in the waste, or no stock and
        waste at all).
        """
        assert isinstance(state, BritishSquareState)
        for move in state.legal_moves():
            src, dst = move
            if src < 0 or src == STOCK or dst >= TABLEAU_BASE or len(state.piles[dst]) < 13:
                continue
            if src == WASTE:
                if state.stock or len(state.waste) != 1:
                    continue
            elif len(state.piles[src]) < 2 and (state.stock or state.waste):
                continue
            return [move]
        return []

    def is_dead(self, state: State) -> bool:
        """True when some suit's foundation can never be completed, even by a generous count of the
        cards that could ever move (``cards_that_could_move``), when the waste cannot be dug
        through for want of tableau piles (``waste_needs_more_piles``), or when some waste card
        can never come to the top for want of room for the cards then in the tableau
        (``waste_card_never_uncovered``).

        Why such a position is lost: a win moves every card not yet home, and each card that goes
        home fills its foundation's next place; so every place of every foundation is filled by a
        card that moved.  ``cards_that_could_move`` counts every card that moves in any line of play
        (its docstring says why), so if the places of a suit cannot all be filled from those cards,
        no line wins.  The other two tests say why their answers are lost in their docstrings.
        """
        assert isinstance(state, BritishSquareState)
        return (any(filled < FULL for filled in cards_that_could_move(state)[1])
                or waste_needs_more_piles(state) or waste_card_never_uncovered(state))

    def ordered_moves(self, state: State) -> list[Move]:
        """Legal moves, most promising first: to a foundation, tableau builds, from the waste, deal."""
        return sorted(state.legal_moves(), key=_move_rank)

    def best_homes(self, state: State, moves: list[Move]) -> list[Move]:
        """One move of an Ace onto the empty foundations (they differ only by a renumbering, which
        ``canonical_key`` shows equivalent); a card other than an Ace has one foundation only."""
        return list(moves[:1])

    def search_moves(self, state: State) -> list[Move]:
        """``ordered_moves`` less the moves that are copies of another by symmetry.

        Why no win is lost: two moves of the same source onto two empty foundations, or onto two
        tableau piles holding the same cards with the same built count, lead to positions that
        differ only by a renumbering of piles, which ``canonical_key`` shows are equivalent; the
        same for two sources with identical piles moving onto the same destination.
        """
        assert isinstance(state, BritishSquareState)
        built, piles = state.built, state.piles

        def kind(src: int, dst: int) -> Any:
            if dst < TABLEAU_BASE:
                dsig: Any = ("f", len(piles[dst]), piles[dst][0] >> 4 if piles[dst] else -1)
            else:
                dsig = (built[dst - TABLEAU_BASE], tuple(piles[dst]))
            ssig = (built[src - TABLEAU_BASE], tuple(piles[src])) if src >= TABLEAU_BASE else src
            return ssig, dsig

        return first_of_each_kind(self.ordered_moves(state), kind)


def home_by_suit(state: BritishSquareState) -> list[int]:
    """The cards home per suit (clubs, diamonds, hearts, spades), whichever foundation holds them."""
    found = [0, 0, 0, 0]
    for pile in state.foundations:
        if pile:
            found[suit_of(pile[0])] = len(pile)
    return found


def cards_that_could_move(state: BritishSquareState) -> tuple[list[int], list[int]]:
    """A generous count of the cards that could ever move from where they lie: ``(movable,
    fillable)``, ``movable[card]`` the number of such copies of each card, ``fillable[suit]`` how
    many places of the suit's foundation those cards (and the cards home) could fill in order.
    ``_Reach`` computes it; its docstring says how and why every card that moves is counted.
    """
    reach = _Reach(state.tableau, state.built, state.waste, state.stock, home_by_suit(state))
    return reach.movable, reach.fillable


UP, DOWN = 1, 2  # a tableau card accepts the card one rank above it (UP) or one below it (DOWN)


class _Reach:
    """The cards that could ever move, from the tableau, the ``waste`` and the ``stock`` given
    (a part of a position's: a line that leaves the rest alone), grown to a fixpoint from no card
    at all.  ``movable[card]`` counts the copies counted, ``fillable[suit]`` the places of each
    foundation they could fill in order, ``fixed[k]`` the cards at the foot of tableau pile k that
    are not counted (they never move), and ``waste_left`` / ``stock_left`` the waste and stock
    cards not counted.

    A card is counted once it *could be free* and it *could go somewhere*.  Free: every card above
    it in its pile or in the waste is counted (a stock card is free when dealt).  Somewhere: home,
    when the places of its foundation before its first place are fillable; onto a card one rank
    from it in suit that could lie on top of a tableau pile accepting it (``accepts``); or, for a
    waste or stock card, onto an empty pile, when some tableau pile holds only counted cards.
    ``accepts[card]`` says in which directions (``UP``, ``DOWN``) some copy of the card could take
    a card on top of it: a tableau card with only counted cards above it, in its pile's locked
    direction if it was built there (the step from the card under it) and in both if not; a
    counted card, in the direction of a card it could go onto (it is then built there, one rank
    from it) and in both if it is a waste or stock card and could fill an empty pile.

    Why every card that moves in a real line is counted, and every direction it is built in
    accepted: take the moves of the line in order and suppose it holds for the moves before.  A
    card moving is on top, so the cards that lay on it have moved (counted); it goes home onto
    places filled by cards home or moved (counted); onto an empty pile, which only waste and
    stock cards may fill and which was emptied by moving all its cards (counted); or onto a card
    X on top of a tableau pile, in the direction that pile accepts.  If X never moved, the cards
    under it never did either, so its pile's direction there is the one ``accepts`` gives it
    (built cards keep their step; a card not built accepts both); if X moved, it was last put
    onto a card one rank from it (so built there, in the direction counted) or onto an empty pile
    (a waste or stock card: both).  The order of dealing and of the moves is ignored: that only
    counts more.
    """

    def __init__(self, tableau: list[list[Card]], built: list[int], waste: list[Card], stock: list[Card],
                 found: list[int]) -> None:
        self.tableau, self.built, self.waste, self.found = tableau, built, waste, found
        self.movable = [0] * 64
        self.accepts = [0] * 64
        self.refills = [False] * 64  # some counted copy is a waste or stock card
        self.fixed = [len(pile) for pile in tableau]
        self.waste_left = len(waste)
        self.stock_cards = list(stock)
        self.stock_left = len(stock)
        self._stock_counted = [False] * len(stock)
        self.fillable = [0, 0, 0, 0]
        self._grow()

    def _grow(self) -> None:
        movable, accepts = self.movable, self.accepts
        while True:
            self.fillable = [_fillable(self.found[suit], suit, movable) for suit in range(4)]
            changed = self._accept_in_place()
            empty_possible = not all(self.fixed)
            for card in range(64):
                if movable[card]:
                    more = accepts[card] | self._placed_accepts(card, empty_possible)
                    if more != accepts[card]:
                        accepts[card], changed = more, True
            for k, pile in enumerate(self.tableau):
                while self.fixed[k] and self._could_go(pile[self.fixed[k] - 1], False):
                    self.fixed[k] -= 1
                    movable[pile[self.fixed[k]]] += 1
                    changed = True
            while self.waste_left and self._could_go(self.waste[self.waste_left - 1], empty_possible):
                self.waste_left -= 1
                self._count_refill(self.waste[self.waste_left])
                changed = True
            for i, card in enumerate(self.stock_cards):
                if not self._stock_counted[i] and self._could_go(card, empty_possible):
                    self._stock_counted[i] = True
                    self.stock_left -= 1
                    self._count_refill(card)
                    changed = True
            if not changed:
                return

    def _count_refill(self, card: Card) -> None:
        self.movable[card] += 1
        self.refills[card] = True

    def _accept_in_place(self) -> bool:
        """Adds the directions of the tableau cards that could lie on top where they are."""
        changed = False
        for k, pile in enumerate(self.tableau):
            first_built = len(pile) - self.built[k]
            for i in range(max(0, self.fixed[k] - 1), len(pile)):
                card = pile[i]
                if i >= 1 and i >= first_built:
                    step = UP if rank_of(card) > rank_of(pile[i - 1]) else DOWN
                else:
                    step = UP | DOWN
                if self.accepts[card] | step != self.accepts[card]:
                    self.accepts[card] |= step
                    changed = True
        return changed

    def _placed_accepts(self, card: Card, empty_possible: bool) -> int:
        """The directions a counted card could accept in once moved onto another card or a fill."""
        rank, accepts = rank_of(card), self.accepts
        step = 0
        if rank > ACE and accepts[card - 1] & UP:
            step |= UP
        if rank < KING and accepts[card + 1] & DOWN:
            step |= DOWN
        if self.refills[card] and empty_possible:
            step = UP | DOWN
        return step

    def _could_go(self, card: Card, fills_empty: bool) -> bool:
        suit, rank = suit_of(card), rank_of(card)
        first_place = rank if self.found[suit] < rank else FULL + 1 - rank
        if self.fillable[suit] >= first_place - 1:
            return True
        if rank > ACE and self.accepts[card - 1] & UP:
            return True
        if rank < KING and self.accepts[card + 1] & DOWN:
            return True
        return fills_empty


def _fillable(found: int, suit: int, movable: list[int]) -> int:
    """How many places of a suit's foundation holding ``found`` cards can be filled in order from
    the cards home and ``movable`` (each copy filling one place)."""
    return _fill_on(found, suit, [0] * (KING + 1), movable)


def _fill_on(filled: int, suit: int, used: list[int], copies: list[int]) -> int:
    """Fills a suit's foundation on from ``filled`` places while ``copies`` (by card) has a copy
    of the next rank left; ``used[rank]`` counts the places of each rank filled so far and is
    updated.  Returns the places filled."""
    while filled < FULL:
        rank = rank_needed_after(filled)
        if used[rank] >= copies[rank + 16 * suit]:
            break
        used[rank] += 1
        filled += 1
    return filled


def waste_needs_more_piles(state: BritishSquareState) -> bool:
    """True when some waste card can never be uncovered: however many stock cards are dealt
    first, the cards to clear off it that could not be home by then need more tableau piles to lie
    on than there are.

    Why such a position is lost: in a win every waste card w is at some moment the waste's top.
    By then some number D of stock cards has been dealt (the next D in order; they came onto the
    waste above w, or filled an empty pile), and every card that lay above w and each of those D
    has left the waste, home or onto the tableau (the only ways out), while w and the cards under
    it are still in the waste.  So each foundation holds at most the places that the cards home
    and the copies in the tableau, above w and among the D can fill in order, and the cards above
    w and among the D that those places cannot take all lie in the tableau.  A pile's cards placed
    since now lie on the part of it that never moved, as one run built in one suit and one
    direction (a fill starts a pile, each later card is built on the one before, in the suit of the
    card under it), so no pile holds two of them of different suits or of the same rank: a suit
    with two left-over copies of one rank needs two piles.  If for every D the piles needed exceed
    the piles there are, w is never uncovered.
    """
    found = home_by_suit(state)
    tally = _PileTally(found)
    for pile in state.tableau:
        for card in pile:
            tally.add(card, to_clear=False)
    room, waste, deals = len(state.tableau), state.waste, state.stock[::-1]
    for j in range(len(waste) - 1, 0, -1):  # w = waste[j - 1], with waste[j:] above it
        tally.add(waste[j], to_clear=True)
        if tally.piles() > room and not _dealing_makes_room(tally, deals, room):
            return True
    return False


def _dealing_makes_room(tally: _PileTally, deals: list[Card], room: int) -> bool:
    """Whether dealing some of ``deals`` (in order) before w is uncovered lets the cards to clear
    fit in ``room`` piles."""
    trial = tally.copy()
    for card in deals:
        trial.add(card, to_clear=True)
        if trial.piles() <= room:
            return True
    return False


class _PileTally:
    """Cards counted for ``waste_needs_more_piles``: each suit's foundation filled in order as far
    as the counted copies allow (``filled``; ``used[suit][rank]`` places of each rank), and the
    piles needed by the counted cards to clear that it cannot take (per suit: the most copies of
    one rank left over)."""

    def __init__(self, found: list[int]) -> None:
        self.filled = list(found)
        self.used = [[0] * (KING + 1) for _ in range(4)]
        self.counted = [0] * 64
        self.to_clear = [0] * 64
        self.suit_piles = [0, 0, 0, 0]

    def copy(self) -> _PileTally:
        twin = _PileTally(self.filled)
        twin.used = [list(u) for u in self.used]
        twin.counted, twin.to_clear, twin.suit_piles = list(self.counted), list(self.to_clear), list(self.suit_piles)
        return twin

    def add(self, card: Card, to_clear: bool) -> None:
        suit = suit_of(card)
        self.counted[card] += 1
        self.to_clear[card] += to_clear
        used = self.used[suit]
        self.filled[suit] = _fill_on(self.filled[suit], suit, used, self.counted)
        self.suit_piles[suit] = max(0, *(self.to_clear[rank + 16 * suit] - used[rank] for rank in range(ACE, KING + 1)))

    def piles(self) -> int:
        return sum(self.suit_piles)


UNCOVER_TRIES = 64  # (waste card, cards dealt) pairs waste_card_never_uncovered weighs before it gives up


def waste_card_never_uncovered(state: BritishSquareState) -> bool:
    """True when some waste card can never come to the top: whenever it did, the cards then in
    the tableau would need more piles than there are.

    Say waste card w comes to the top with the next D stock cards dealt.  Every card above w and
    each of those D has left the waste (home or onto the tableau), and the cards that go home
    come from them and from the tableau, so ``_Reach`` over the tableau, the waste above w and the
    D cards counts every card that moved by then: a card above w or among the D that it does
    not count means w never comes up (for that D).  The cards it does not count in the tableau
    (``fixed``) lie where they lie now.  Each suit's foundation holds some f places, from what it
    holds now up to ``fillable``, filled with one copy each of the ranks they need; every other
    card of the tableau, above w and among the D is in the tableau.  There each pile is its
    fixed cards, the top one (the anchor) with a run built on it, or a run alone (this test
    applies only while every card above a pile's foot was built there, as in ``piles`` always):
    one suit, consecutive ranks, one copy of each.  So a suit's anchors and loose cards are
    covered by that many runs of consecutive ranks, two anchors never in one, and the fewest
    such runs is at least ``_runs_needed``.  If for every f and D the suits need more piles than
    there are, w never comes up, and no line wins.

    The waste cards are taken from the top down.  With fewer stock cards than the fewest that let
    the waste above the card before leave, the waste above w cannot leave either (more to clear,
    the same help), so D starts there.  After ``UNCOVER_TRIES`` pairs the test gives up and says
    nothing (False): the cheap cases, where it fires, come first.  Nor is it tried with fewer
    waste cards than tableau piles: along random games it has never fired there, and the
    search meets such positions by the million early in a deal.

    >>> from cadogan.games import load
    >>> waste_card_never_uncovered(load("british-square", "piles", 1))
    False
    """
    tableau = state.tableau
    if len(state.waste) < len(tableau) or any(pile and state.built[k] < len(pile) - 1 for k, pile in enumerate(tableau)):
        return False
    found = home_by_suit(state)
    stock = state.stock
    freed = tries = 0
    for j in range(len(state.waste) - 2, -1, -1):  # w = waste[j], with waste[j + 1:] above it
        above = state.waste[j + 1:]
        dealt, freed = freed, -1
        while True:
            tries += 1
            if tries > UNCOVER_TRIES:
                return False
            cards_dealt = stock[len(stock) - dealt:] if dealt else []
            reach = _Reach(tableau, state.built, above, cards_dealt, found)
            if not reach.waste_left and freed < 0:
                freed = dealt
            if _fits(state, reach):
                break
            if dealt == len(stock):
                return True
            dealt += 1
    return False


def _fits(state: BritishSquareState, reach: _Reach) -> bool:
    """Whether the cards in the tableau when the waste card under ``reach``'s waste comes up, its
    waste and stock (those above the card and those dealt by then) among them, could lie in the
    tableau piles (``waste_card_never_uncovered``)."""
    if reach.waste_left or reach.stock_left:
        return False
    loose = [[0] * (KING + 1) for _ in range(4)]
    anchors = [[0] * (KING + 1) for _ in range(4)]
    for k, pile in enumerate(state.tableau):
        fixed = reach.fixed[k]
        if fixed:
            anchors[suit_of(pile[fixed - 1])][rank_of(pile[fixed - 1])] += 1
        for card in pile[fixed:]:
            loose[suit_of(card)][rank_of(card)] += 1
    for card in [*reach.waste, *reach.stock_cards]:
        loose[suit_of(card)][rank_of(card)] += 1
    piles = sum(_runs_needed(loose[suit], anchors[suit], reach.found[suit], reach.fillable[suit]) for suit in range(4))
    return piles <= len(state.tableau)


def _runs_needed(loose: list[int], anchors: list[int], found: int, fillable: int) -> int:
    """The fewest tableau piles a suit's cards could lie in: ``loose[rank]`` copies not fixed,
    ``anchors[rank]`` fixed tops, its foundation holding ``found`` places now and any number up to
    ``fillable`` then, each new place taking one loose copy of the rank it needs.

    >>> _runs_needed([0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0] * 14, 13, 13)  # A 2 3: one run
    1
    >>> _runs_needed([0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0] * 14, 13, 13)  # A 3: two
    2
    >>> _runs_needed([0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0] * 14, 12, 13)  # the K goes home: still two
    2
    >>> _runs_needed([0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0] * 14, 0, 1)  # the A goes home: one
    1
    """
    loose = list(loose)
    fewest = _cover(loose, anchors)
    for place in range(found, fillable):
        rank = rank_needed_after(place)
        if not loose[rank]:
            break
        loose[rank] -= 1
        fewest = min(fewest, _cover(loose, anchors))
    return fewest


def _cover(loose: list[int], anchors: list[int]) -> int:
    """A lower bound on the runs of consecutive ranks (one copy each) that hold the loose cards and
    the anchors, each anchor in a run of its own: runs start at rank r at least as many times as
    rank r has more cards than rank r - 1."""
    runs, before = 0, 0
    for rank in range(ACE, KING + 1):
        here = loose[rank] + anchors[rank]
        runs += max(0, here - before)
        before = here
    return max(runs, sum(anchors))


def _move_rank(move: Move) -> int:
    """Sort key of ``BritishSquareKnowledge.ordered_moves``."""
    src, dst = move
    if src < 0:
        return 4
    if dst < TABLEAU_BASE:
        return 0
    if src == STOCK:
        return 3
    return 1 if src >= TABLEAU_BASE else 2
