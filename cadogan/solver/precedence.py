"""What the solver knows about Precedence: keys by rank only, the dominating foundation, the safe
play of the waste card, the last-pass dead ends, the exact model and the game's tuning.

>>> from cadogan.games import load
>>> state = load("precedence", "king-out", 0)
>>> knowledge = knowledge_of(state)
>>> knowledge.playout_top_level(state), knowledge.search_moves(state)
(3, [Move.from_text('deal')])
"""

from __future__ import annotations

from typing import Any

from cadogan.games.base import FOUNDATION_BASE, Move, State
from cadogan.games.precedence import BASE_RANKS, PrecedenceState, next_rank
from cadogan.solver.knowledge import ExactModel, GameKnowledge, LineModel, knowledge_of, register

CLEAR_CHECK_LIMIT = 2000  # positions the waste-clearing test may examine in one call at most
CLEAR_PER_CALL = 32  # the credit each call adds (with the waste's length) to the search's
CLEAR_CACHE_SIZE = 1 << 17  # failed relaxed positions remembered within a search (then all forgotten)

# Failed positions of the waste-clearing test, across the calls of one search: (waste ranks left,
# foundation lengths); and the search's credit of positions still to examine (``begin_search``).
_clear_failed: set[tuple[bytes, tuple[int, ...]]] = set()
_clear_credit = [CLEAR_CHECK_LIMIT]


def _begin_clearing() -> None:
    """A search starts: a full credit and nothing remembered (``PrecedenceKnowledge.begin_search``)."""
    _clear_failed.clear()
    _clear_credit[0] = CLEAR_CHECK_LIMIT


def _waste_can_be_cleared(state: PrecedenceState, stock_counts: list[int]) -> bool:
    """Whether, in the last pass, the waste could go home top card first if the stock's cards
    (counted by rank in ``stock_counts``) could be played at any moment in any order.

    In every winning last pass the waste goes home top card first; just before a waste card goes
    onto a foundation, that foundation has taken from the stock exactly the ranks between its
    previous card and this one.  So a win gives a way through this relaxed problem, which a search
    over the foundation each waste card goes to decides (remembering failed (card, foundation
    lengths) pairs; the stock left is fixed by them).  When its budget runs out it answers True:
    "cannot tell" must never count as dead.

    The budget: at most ``CLEAR_CHECK_LIMIT`` positions a call, and no more than the search's
    credit, which starts at that limit and grows by ``CLEAR_PER_CALL`` plus the waste's length at
    each call.  Where the test cannot decide (a last pass with a long waste) its work per search
    node so stays of the order of the node's own, instead of the whole limit at every node.

    Failed pairs are also remembered across the calls of a search (``_clear_failed``), keyed by the
    waste ranks left and the foundation lengths: those fix the stock cards still usable too (every
    card of the two packs that is neither on a foundation nor among the waste cards left), so a
    failure is a fact about the relaxed problem, true in every later call.  Forgetting them is
    always safe.  Credit and memory start afresh with each search (``_begin_clearing``), so a
    search's answers never depend on what was searched before it; the compiled core does the same.
    """
    if len(_clear_failed) > CLEAR_CACHE_SIZE:
        _clear_failed.clear()
    waste = [card & 15 for card in state.waste]
    prefixes = [bytes(waste[:i + 1]) for i in range(len(waste))]
    lengths = [len(pile) for pile in state.foundations]
    avail = list(stock_counts)
    failed = _clear_failed
    budget = [min(CLEAR_CHECK_LIMIT, _clear_credit[0] + CLEAR_PER_CALL + len(waste))]

    def place(i: int) -> bool:
        if i < 0:
            return True
        key = (prefixes[i], tuple(lengths))
        if key in failed:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            return True
        rank = waste[i]
        for k in range(8):
            n = lengths[k]
            used: list[int] = []
            r = next_rank(BASE_RANKS[k], n) if n < 13 else 0
            m = n
            reached = False
            while m < 13:
                if r == rank:
                    reached = True
                    break
                if not avail[r]:
                    break
                avail[r] -= 1
                used.append(r)
                m += 1
                r = r - 1 if r > 1 else 13
            if reached:
                lengths[k] = m + 1
                if place(i - 1):
                    return True
                lengths[k] = n
            for r in used:
                avail[r] += 1
        failed.add(key)
        return False

    clear = place(len(waste) - 1)
    _clear_credit[0] = max(budget[0], 0)
    return clear


@register
class PrecedenceKnowledge(GameKnowledge):
    game_id = "precedence"

    # --- tuning: how a limited solve of this game shares its time ---------------------------

    def playout_share(self, state: State) -> float:
        """Most of the time: the complete search almost never finishes a Precedence deal, while
        nested playouts win nearly every deal within seconds.  (In a solve long enough for the
        exact model, ``model_share`` comes first and the playouts end where it begins.)"""
        return 0.8

    def playout_warmup_share(self, state: State) -> float:
        """5 %: level-2 searches, a fraction of a second each, win the easy deals at once
        (first-king deals 1-60 at 30 s: median 0.62 s, against 1.03 s with level 3 from the start);
        then level 3 for the hard ones.  (Before level 3, level 2 from the start had won hard
        deals several times faster than after a 30 % level-1 phase.)"""
        return 0.05

    def playout_top_level(self, state: State) -> int:
        """Level 3: most moves are forced (a deal whenever the waste card cannot go), which the
        nested search plays without a search of their own, so a level-3 search ends in about two
        seconds; it won first-king deals 82 and 180, which level 2 had left open (82 even after
        150 s)."""
        return 3

    def model_share(self, state: State) -> float:
        """85 %: the model proves lost the deals the search cannot (first-king 117 and 178 in
        about 21 s each, one core), while the playouts win nearly every won deal within 3 s
        (the model is built only for a share of at least ``MODEL_MIN_SECONDS``: a 12 s solve)."""
        return 0.85

    # --- search knowledge ----------------------------------------------------------------

    core_rules = 3  # rule family of the compiled solver core (cadogan.solver._core)

    def core_encoding(self, state: State) -> tuple[int, int, tuple[int, ...]]:
        """Rule family, no parameters (both variants play alike once set up), redeals left."""
        assert isinstance(state, PrecedenceState)
        return self.core_rules, 0, (state.redeals_left,)

    def exact_key(self, state: State) -> Any:
        assert isinstance(state, PrecedenceState)
        return (tuple(state.stock), tuple(state.waste), tuple(len(f) for f in state.foundations),
                state.redeals_left)

    def canonical_key(self, state: State) -> Any:
        """Equal for positions that differ only in the suits of the cards.

        Why merging them never loses a win: no rule of Precedence looks at a suit (foundations
        are built down regardless of suit), and a foundation is fully described by its count, so
        two such positions have the same legal lines and the same wins.
        """
        assert isinstance(state, PrecedenceState)
        return (state.redeals_left, bytes(c & 15 for c in state.stock), bytes(c & 15 for c in state.waste),
                bytes(len(f) for f in state.foundations))

    def safe_moves(self, state: State) -> list[Move]:
        """Play the waste's top card c (rank r) on the accepting foundation F with the most cards
        to come, when (1) no other card of rank r is still in the stock, and any other in the
        waste lies under c with no redeal left; and (2) no other foundation will ever come to need
        an r with more cards to come than F has now.

        Why no win is lost: take a winning line L that keeps c for now.  By (1) no card of rank r
        is played in L before c is (the others are under c and no redeal can bring them up), so F,
        which needs r, takes nothing until then.  Play c on F now and follow L, dropping the deal of
        c after a redeal if there is one: every move stays legal, since the two positions differ
        only by c.  When L plays c on a foundation G: if G is F the positions are now the same;
        otherwise G and F both need r at that moment and by (2) F has at least as many cards to
        come, so our position is L's with the card on the foundation with more to come, which is
        at least as good (see ``search_moves``) and still wins.  If c is the last card of its
        rank, only F will ever need r and (2) holds at once.
        """
        assert isinstance(state, PrecedenceState)
        if not state.waste:
            return []
        plays = [m for m in self.search_moves(state) if m.src >= 0]
        if not plays:
            return []
        card = state.waste[-1]
        rank = card & 15
        if any(c & 15 == rank for c in state.stock):
            return []
        if state.redeals_left and any(c & 15 == rank for c in state.waste[:-1]):
            return []
        f = plays[0].dst - FOUNDATION_BASE
        to_come = 13 - len(state.foundations[f])
        for k, pile in enumerate(state.foundations):
            n = len(pile)
            if k == f or n >= 13:
                continue
            need = next_rank(BASE_RANKS[k], n)
            distance = (need - rank) % 13
            if distance < 13 - n and 13 - n - distance > to_come:
                return []
        return plays[:1]

    def is_dead(self, state: State) -> bool:
        """True when, in the last pass, no foundation can ever take the waste's top card.

        Why such a position is lost: with no redeal left every card must go home from the waste, so
        the top card T must too, and until it does the cards under it cannot move: only cards still
        in the stock can be played before T.  For T to go home some foundation must come to need
        its rank, taking on the way one card of each rank between (downwards, round the corner,
        within the cards it still has to come); an unstarted one must first take its base rank.  If
        for every foundation one of those ranks is missing from the stock, T never goes home.
        (An unstarted foundation is allowed even when the one to its left is unstarted too: that
        only makes the test say "dead" less often.)

        Also True when the whole waste cannot be cleared even with the stock's cards usable in any
        order (``_waste_can_be_cleared``): a relaxation of the last pass, so when it fails the
        last pass fails too.
        """
        assert isinstance(state, PrecedenceState)
        if state.redeals_left or not state.waste:
            return False
        top = state.waste[-1] & 15
        counts = [0] * 14
        for card in state.stock:
            counts[card & 15] += 1
        for k, pile in enumerate(state.foundations):
            n = len(pile)
            if n >= 13:
                continue
            rank = next_rank(BASE_RANKS[k], n)
            for _ in range(13 - n):
                if rank == top:
                    return not _waste_can_be_cleared(state, counts)
                if not counts[rank]:
                    break
                rank = rank - 1 if rank > 1 else 13
        return True

    def begin_search(self) -> None:
        """The waste-clearing test's credit and memory start afresh (``_begin_clearing``)."""
        _begin_clearing()

    def exact_model(self, state: State) -> ExactModel | None:
        """The position as a schedule (``cadogan.solver.precedence_model``, the one module that
        imports OR-Tools): which pass, after which deal and onto which foundation each card goes home."""
        from cadogan.solver.precedence_model import PrecedenceSchedule
        assert isinstance(state, PrecedenceState)
        return PrecedenceSchedule(state)

    def line_model(self, state: State, line: list[Move]) -> LineModel | None:
        """The schedule of the position with ``line`` to follow first (``PrecedenceLineSchedule``)."""
        from cadogan.solver.precedence_model import PrecedenceLineSchedule
        assert isinstance(state, PrecedenceState)
        return PrecedenceLineSchedule(state, line)

    def ordered_moves(self, state: State) -> list[Move]:
        """Legal moves, most promising first: plays (most cards still to come first), deal, redeal."""
        moves = state.legal_moves()
        foundations = state.foundations
        return sorted(moves, key=lambda m: (m.src < 0, len(foundations[m.dst - FOUNDATION_BASE]) if m.src >= 0 else 0))

    def best_homes(self, state: State, moves: list[Move]) -> list[Move]:
        """The play onto the accepting foundation with the most cards still to come (the one
        ``search_moves`` keeps; its docstring says why it is never worse than another)."""
        foundations = state.foundations
        return sorted(moves, key=lambda m: len(foundations[m.dst - FOUNDATION_BASE]))[:1]

    def search_moves(self, state: State) -> list[Move]:
        """``ordered_moves`` keeping, of the plays of the waste card, only the one onto the accepting
        foundation with the most cards still to come (the fewest cards on it, an empty one counting 0).

        Why no win is lost: all foundations accepting the card need the same rank, and each goes on
        taking consecutive ranks downwards (round the corner) for as many cards as it has to come:
        a run of positions [start, end).  Playing on A (more to come) rather than B leaves the runs
        [s+1, endA), [s, endB) instead of [s, endA), [s+1, endB): the same starts, the longer end
        with the later start.  Follow any line from the other choice, playing each card on the run
        with the same start: until the starts meet (then the two positions are the same) every card
        fits; if the other choice's short run [s+1, endB) ends first, ours has the same cards split
        into [.., endB) and [endB, endA), which take them in the same order.  Starting an empty
        foundation (13 to come) also lets the next one be started earlier, which only adds moves.
        """
        moves = self.ordered_moves(state)
        kept: list[Move] = []
        played = False
        for move in moves:
            if move.src >= 0:
                if played:
                    continue
                played = True
            kept.append(move)
        return kept
