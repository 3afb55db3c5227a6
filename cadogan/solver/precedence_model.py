"""Precedence as a schedule: an exact constraint model of a position, decided by CP-SAT (OR-Tools).

The complete search walks the ways through up to three passes of the stock one by one, far too
many for a hard deal (``docs/performance.md``).  A game of Precedence is also a scheduling
problem: when each card goes home, and onto which foundation.  A constraint solver learns from
each failure a reason that cuts off every similar schedule at once, which proves hard deals lost
in seconds.

**The cards' order never changes.**  Number the cards still out in the order they will be dealt:
the waste from its bottom card up (already dealt in this pass), then the stock.  A redeal turns
the waste over unshuffled, so in every later pass the cards still out are dealt in the same order.
So the deal of card ``i`` in pass ``p`` (0 is the current pass) is a fixed moment, *tick*
``p * K + i + 1`` with ``K = n + 1`` (tick 0 is now, with the waste already dealt), whether or not
the card is still out by then.

**Variables.**  Per card ``i``: the pass in which it goes home (exactly one of the passes left),
the tick it goes home after, ``q[i]``, and the foundation it goes onto (exactly one of the eight;
each foundation takes exactly one of the cards of each rank it still needs).  Cards that go home
after the same tick come off the waste top first, that is in falling ``i``, so card ``i`` goes home
at the moment ``T[i] = q[i] * K + (n - i)``: all different, and they order the plays.

**Constraints.**  (1) A card goes home in its pass, after its deal: ``p * K + i + 1 <= q[i] <
(p + 1) * K`` (for a waste card in pass 0, after tick 0).  (2) Each foundation takes its cards in
its order (``T`` rising along its ranks), and an empty foundation is started only after the one to
its left.  (3) The waste is a stack: if card ``i`` goes home in pass ``p`` after the deal of a later
card ``j`` (``q[i] >= tick(p, j)``), then ``j`` lay on ``i``, so ``j`` went home first
(``q[j] <= q[i]``: either in an earlier pass, or in this one after the same or an earlier tick,
hence before ``i``).  A waste card below another is the same with both dealt at tick 0.

(4) *Normal form*: a card dealt while its foundation already needs it (the card before it there
is home; for a base card, the foundation on its left is started) goes home right after its deal.

**Why a solution is a win.**  Play the events in time order: the deals (and a redeal before each
new pass), and each card ``i`` onto its foundation at ``T[i]``.  Card ``i`` has been dealt in its
pass (1) and is still in the waste; every card dealt after it in that pass is home already (3),
so it is the top card; its foundation holds exactly the cards of the ranks before it (2) and is
started if it has to be.  So every move is legal, and every card goes home within the passes left.

**Why every win is a solution.**  In a won game give each card its pass, the last deal before it
went home, and its foundation.  (1) and (2) hold by the rules.  For (3): if ``i`` went home in pass
``p`` after the deal of a later ``j`` in that pass, ``j`` was on the waste above ``i`` (cards are
dealt in order and ``j`` was still out), and only the top card moves, so ``j`` went home first; if
``j`` went home in an earlier pass, ``q[j]`` is smaller.  Cards home after the same tick do come
off in falling ``i``, the waste being in dealing order.  For (4), take a won game and, while some card
``c`` lies on top of the waste at a moment when its foundation already needs it but goes home
later, move that play to this moment.  The other plays stay legal: the cards dealt meanwhile went
home before ``c`` (they lay above it), and now lie on the card below ``c`` instead; ``c``'s
foundation takes its next card after ``c`` either way; an earlier start of a foundation only
lets the next one start.  Each move brings a play earlier, so this ends, with a won game in which
no such card waits, which satisfies (4).  So "no solution" (``INFEASIBLE``) proves the position
lost.

The model is tested against the complete search on many positions (``tests/solver``), and every
line it finds is replayed through the engine before it is reported.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from cadogan.games.base import DEAL, FOUNDATION_BASE, MOVES, REDEAL, WASTE, Move
from cadogan.games.precedence import BASE_RANKS, PrecedenceState, next_rank

# The rank of each foundation's cards, slot by slot.
SLOT_RANKS = [[next_rank(base, s) for s in range(13)] for base in BASE_RANKS]


class PrecedenceSchedule:
    """The model of one position (built at once; ``decide`` may be called once).

    >>> from cadogan.games import load
    >>> state = load("precedence", "king-out", 1)
    >>> model = PrecedenceSchedule(state)
    >>> len(model.cards), model.passes
    (103, 3)
    """

    def __init__(self, state: PrecedenceState) -> None:
        self.state = state
        self.cards = [card & 15 for card in state.waste] + [card & 15 for card in reversed(state.stock)]
        self.in_waste = len(state.waste)
        self.passes = 1 + state.redeals_left
        self.width = len(self.cards) + 1  # K: ticks per pass
        self.model = cp_model.CpModel()
        self.pass_of: list[list[cp_model.IntVar]] = []
        self.tick_of: list[cp_model.IntVar] = []
        self.foundation_of: list[dict[int, cp_model.IntVar]] = []
        self._add_cards()
        self._add_stack()
        self._add_foundations()

    def deal_tick(self, p: int, i: int) -> int:
        """The moment card ``i`` is dealt in pass ``p`` (0: the waste cards, dealt already)."""
        return 0 if p == 0 and i < self.in_waste else p * self.width + i + 1

    def time_of(self, i: int) -> cp_model.LinearExpr:
        return self.tick_of[i] * self.width + (len(self.cards) - 1 - i)

    def _add_cards(self) -> None:
        m, width = self.model, self.width
        for i in range(len(self.cards)):
            tick = m.NewIntVar(0, self.passes * width - 1, f"q{i}")
            passes = [m.NewBoolVar(f"pass{i}_{p}") for p in range(self.passes)]
            m.AddExactlyOne(passes)
            for p, in_pass in enumerate(passes):
                m.Add(tick >= self.deal_tick(p, i)).OnlyEnforceIf(in_pass)
                m.Add(tick < (p + 1) * width).OnlyEnforceIf(in_pass)
            self.tick_of.append(tick)
            self.pass_of.append(passes)

    def _add_stack(self) -> None:
        m, ticks = self.model, self.tick_of
        n = len(self.cards)
        for p in range(self.passes):
            for i in range(n):
                home_in_p = self.pass_of[i][p]
                for j in range(i + 1, n):
                    j_dealt = self.deal_tick(p, j)
                    if j_dealt == 0:  # both in the waste now, j above i
                        m.Add(ticks[j] <= ticks[i]).OnlyEnforceIf(home_in_p)
                        continue
                    after_j = m.NewBoolVar("")
                    m.Add(ticks[i] >= j_dealt).OnlyEnforceIf(after_j)
                    m.Add(ticks[i] < j_dealt).OnlyEnforceIf(after_j.Not())
                    m.Add(ticks[j] <= ticks[i]).OnlyEnforceIf([home_in_p, after_j])

    def _add_foundations(self) -> None:
        m = self.model
        horizon = self.passes * self.width * self.width
        lengths = [len(pile) for pile in self.state.foundations]
        slot_time = {(f, s): m.NewIntVar(0, horizon, f"slot{f}_{s}")
                     for f in range(8) for s in range(lengths[f], 13)}
        for f in range(8):
            for s in range(lengths[f], 12):
                m.Add(slot_time[f, s] < slot_time[f, s + 1])
            if f and not lengths[f] and not lengths[f - 1]:
                m.Add(slot_time[f - 1, 0] < slot_time[f, 0])
        open_slots: dict[int, list[tuple[int, int]]] = {}
        for f, s in slot_time:
            open_slots.setdefault(SLOT_RANKS[f][s], []).append((f, s))
        takers: dict[tuple[int, int], list[cp_model.IntVar]] = {slot: [] for slot in slot_time}
        for i, rank in enumerate(self.cards):
            choices: dict[int, cp_model.IntVar] = {}
            for f, s in open_slots.get(rank, []):
                goes = m.NewBoolVar(f"card{i}_f{f + 1}")
                m.Add(slot_time[f, s] == self.time_of(i)).OnlyEnforceIf(goes)
                choices[f] = goes
                takers[f, s].append(goes)
            m.AddExactlyOne(choices.values())
            self.foundation_of.append(choices)
        for slot, cards in takers.items():
            m.AddExactlyOne(cards)
        self._add_eager_plays(slot_time, lengths)

    def _add_eager_plays(self, slot_time: dict[tuple[int, int], cp_model.IntVar], lengths: list[int]) -> None:
        """A card dealt while its foundation already needs it goes home at once (the normal form
        (4) of the module's docstring): card ``i`` going onto foundation ``f`` at slot ``s``,
        still out in pass ``p``, with slot ``s - 1`` filled (for a base card: the foundation on
        the left started) before its deal there, goes home right after that deal."""
        m, width = self.model, self.width
        for i, rank in enumerate(self.cards):
            for f, goes in self.foundation_of[i].items():
                s = SLOT_RANKS[f].index(rank, lengths[f])
                if s > lengths[f]:
                    before: cp_model.IntVar | None = slot_time[f, s - 1]
                elif s == 0 and f and not lengths[f - 1]:
                    before = slot_time[f - 1, 0]
                else:
                    before = None  # the foundation needs the card now
                for p in range(self.passes):
                    dealt = self.deal_tick(p, i)
                    if not dealt:
                        continue
                    still_out = [self.pass_of[i][q].Not() for q in range(p)]
                    needed = []
                    if before is not None:
                        needed = [m.NewBoolVar("")]
                        m.Add(before >= dealt * width).OnlyEnforceIf(needed[0].Not())
                    m.Add(self.tick_of[i] == dealt).OnlyEnforceIf([goes, *still_out, *needed])

    def decide(self, seconds: float, max_memory_mb: int) -> tuple[str, list[Move], int]:
        """``("won", line, branches)``, ``("lost", [], branches)`` (the model has no solution: a
        proof) or ``("unknown", [], branches)`` when ``seconds`` ran out first.  One worker: a solve
        uses one core, as the rest of the solver does."""
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(0.0, seconds)
        solver.parameters.num_workers = 1
        solver.parameters.max_memory_in_mb = max_memory_mb
        solver.parameters.linearization_level = 0  # its LP cost more than it saved: first-king 178 lost in 21 s, not 34
        status = solver.Solve(self.model)
        branches = int(solver.NumBranches())
        if status == cp_model.INFEASIBLE:
            return "lost", [], branches
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return "won", self._line(solver), branches
        return "unknown", [], branches

    def _line(self, solver: cp_model.CpSolver) -> list[Move]:
        """The moves of a solution: deals, redeals and plays in time order (times doubled, so that
        a deal falls half a step before the plays after it)."""
        n, width = len(self.cards), self.width
        ticks = [solver.Value(tick) for tick in self.tick_of]
        events: list[tuple[int, Move]] = []
        for i in range(n):
            f = next(f for f, goes in self.foundation_of[i].items() if solver.Value(goes))
            events.append((2 * solver.Value(self.time_of(i)), MOVES[WASTE][FOUNDATION_BASE + f]))
        last_play = max(time for time, _ in events) if events else 0
        last_pass = max((tick // width for tick in ticks), default=0)
        for p in range(last_pass + 1):
            if p:
                events.append((2 * p * width * width - 1, REDEAL))
            for i in range(n):
                if self.deal_tick(p, i) and ticks[i] // width >= p:
                    events.append((2 * self.deal_tick(p, i) * width - 1, DEAL))
        events.sort(key=lambda event: event[0])
        return [move for time, move in events if time <= last_play]
