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

from typing import Any, Callable

from ortools.sat.python import cp_model

from cadogan.games.base import DEAL, FOUNDATION_BASE, MOVES, REDEAL, WASTE, Move
from cadogan.games.precedence import BASE_RANKS, PrecedenceState, next_rank
from cadogan.solver.outcome import Result

# The rank of each foundation's cards, slot by slot.
SLOT_RANKS = [[next_rank(base, s) for s in range(13)] for base in BASE_RANKS]


def _slot_before(f: int, s: int, lengths: list[int]) -> tuple[int, int] | None:
    """The foundation slot filled before slot ``s`` of foundation ``f`` can take its card (for a
    base card: the foundation on the left started), or None when the foundation needs it now;
    ``lengths``: the cards on each foundation in the position."""
    if s > lengths[f]:
        return f, s - 1
    if s == 0 and f and not lengths[f - 1]:
        return f - 1, 0
    return None


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

    def _after_prefix(self, dealt: int) -> list[cp_model.IntVar]:
        """Literals that hold when the deal at tick ``dealt`` comes after the moves a model must
        follow (none here: ``PrecedenceLineSchedule`` has some)."""
        return []

    def _add_prefix(self) -> None:
        """Constraints of the moves a model must follow first (none here)."""

    def deal_tick(self, p: int, i: int) -> int:
        """The moment card ``i`` is dealt in pass ``p`` (0: the waste cards, dealt already)."""
        return 0 if p == 0 and i < self.in_waste else p * self.width + i + 1

    def time_of(self, i: int) -> cp_model.LinearExpr:
        return self.time_at(self.tick_of[i], i)

    def time_at(self, tick: Any, i: int) -> Any:
        """``T[i]`` of card ``i`` going home after ``tick`` (a number, or the model's variable)."""
        return tick * self.width + (len(self.cards) - 1 - i)

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
        self._add_prefix()
        self._add_eager_plays(slot_time, lengths)

    def _add_eager_plays(self, slot_time: dict[tuple[int, int], cp_model.IntVar], lengths: list[int]) -> None:
        """A card dealt while its foundation already needs it goes home at once (the normal form
        (4) of the module's docstring): card ``i`` going onto foundation ``f`` at slot ``s``,
        still out in pass ``p``, with slot ``s - 1`` filled (for a base card: the foundation on
        the left started) before its deal there, goes home right after that deal."""
        m, width = self.model, self.width
        for i, rank in enumerate(self.cards):
            for f, goes in self.foundation_of[i].items():
                earlier = _slot_before(f, SLOT_RANKS[f].index(rank, lengths[f]), lengths)
                before = None if earlier is None else slot_time[earlier]
                for p in range(self.passes):
                    dealt = self.deal_tick(p, i)
                    if not dealt:
                        continue
                    still_out = [self.pass_of[i][q].Not() for q in range(p)]
                    needed = []
                    if before is not None:
                        needed = [m.NewBoolVar("")]
                        m.Add(before >= dealt * width).OnlyEnforceIf(needed[0].Not())
                    m.Add(self.tick_of[i] == dealt).OnlyEnforceIf([goes, *still_out, *needed,
                                                                   *self._after_prefix(dealt)])

    def decide(self, seconds: float, max_memory_mb: int) -> tuple[Result, list[Move], int]:
        """``(Result.WON, line, branches)``, ``(Result.LOST, [], branches)`` (the model has no
        solution: a proof) or ``(Result.UNKNOWN, [], branches)`` when ``seconds`` ran out first.  One worker: a solve
        uses one core, as the rest of the solver does."""
        solver = _cp_solver(seconds, max_memory_mb)
        status = solver.Solve(self.model)
        branches = int(solver.NumBranches())
        if status == cp_model.INFEASIBLE:
            return Result.LOST, [], branches
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return Result.WON, self._line(solver), branches
        return Result.UNKNOWN, [], branches

    def _line(self, solver: Any) -> list[Move]:
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


def _cp_solver(seconds: float, max_memory_mb: int) -> cp_model.CpSolver:
    """CP-SAT with one worker (a solve uses one core, as the rest of the solver does)."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.0, seconds)
    solver.parameters.num_workers = 1
    solver.parameters.max_memory_in_mb = max_memory_mb
    solver.parameters.linearization_level = 0  # its LP cost more than it saved: first-king 178 lost in 21 s, not 34
    # Probing (fixing literals by trial, in presolve and search) cost more than it saved: first-king
    # deal 9 (bench/analyse.py's line), position 98 won after 223,000 branches, not 268,000; 109 lost
    # after 270,000, not 328,000; the line model from 83 of deal 5 proved its optimum in 50 s, not in 90.
    solver.parameters.cp_model_probing_level = 0
    return solver


class PrecedenceLineSchedule(PrecedenceSchedule):
    """The model of a position together with a line of play from it: the longest prefix of the
    line after which a win is still possible (``cadogan analyse`` asks this of its bracket).

    A variable ``K`` counts the moves of the line that a schedule follows first, and ``K`` is
    maximised.  Following the first ``k`` moves: the cards they play go home at the ticks and onto
    the foundations they did, and every other card goes home at or after the tick they end on,
    ``P``.  The normal form (4) is asked only of deals after ``P``: the line need not be in it.

    **Why the optimum is the boundary.**  A solution with ``K = k`` is a win that begins with the
    line's first ``k`` moves (its plays in time order: the line's own deals and plays up to ``P``,
    then the rest), so the position after them is winnable; its line from there is replayed by the
    analysis before it is believed.  Conversely, a win from the position after ``k`` moves, put
    after them, is a win from this position that satisfies every constraint with ``K = k``: the
    rules give (1)-(3), its first ``k`` moves give the prefix's, and the argument of (4) moves only
    plays after ``P`` to moments after ``P``.  So when the solver proves ``K <= k`` (``OPTIMAL``),
    the position after ``k + 1`` moves is lost.

    King-out deal 4 in its last pass with 12 cards in the stock, and a line that deals them all
    without a play: a win is possible after six deals, not after seven.

    >>> from cadogan.games import load
    >>> from cadogan.solver import knowledge_of, solve
    >>> state = load("precedence", "king-out", 4)
    >>> while state.redeals_left or len(state.stock) > 12:
    ...     _ = state.play(knowledge_of(state).ordered_moves(state)[0])
    >>> win = solve(state, timeout=10).moves
    >>> k, line, proven = PrecedenceLineSchedule(state, [DEAL] * 12).boundary(10, 256, win)
    >>> k, proven, state.line_wins([DEAL] * 6 + line)
    (6, True, True)
    """

    def __init__(self, state: PrecedenceState, line: list[Move]) -> None:
        self.line = list(line)
        super().__init__(state)

    def _after_prefix(self, dealt: int) -> list[cp_model.IntVar]:
        after = self.model.NewBoolVar("")
        self.model.Add(self.prefix_tick < dealt).OnlyEnforceIf(after)
        self.model.Add(self.prefix_tick >= dealt).OnlyEnforceIf(after.Not())
        return [after]

    def _add_prefix(self) -> None:
        m = self.model
        ticks, plays = self._follow(self.line)
        self.followed = m.NewIntVar(0, len(self.line), "K")
        self.prefix_tick = m.NewIntVar(0, self.passes * self.width, "P")
        m.AddElement(self.followed, ticks, self.prefix_tick)
        for i in range(len(self.cards)):
            if i not in plays:
                m.Add(self.tick_of[i] >= self.prefix_tick)
                continue
            k, tick, f = plays[i]
            inside = m.NewBoolVar("")
            m.Add(self.followed >= k).OnlyEnforceIf(inside)
            m.Add(self.followed < k).OnlyEnforceIf(inside.Not())
            m.Add(self.tick_of[i] == tick).OnlyEnforceIf(inside)
            m.Add(self.foundation_of[i][f] == 1).OnlyEnforceIf(inside)
            m.Add(self.tick_of[i] >= self.prefix_tick).OnlyEnforceIf(inside.Not())
        m.Maximize(self.followed)

    def _follow(self, line: list[Move]) -> tuple[list[int], dict[int, tuple[int, int, int]]]:
        """The tick after each prefix of ``line`` (from 0 moves on), and per card it plays: (the
        moves it takes to play it, the tick it is played after, its foundation)."""
        n = len(self.cards)
        waste, stock = list(range(self.in_waste)), list(range(n - 1, self.in_waste - 1, -1))
        p = tick = 0
        ticks, plays = [0], {}
        for k, move in enumerate(line, 1):
            if move == DEAL:
                waste.append(stock.pop())
                tick = self.deal_tick(p, waste[-1])
            elif move == REDEAL:
                stock, waste, p = waste[::-1], [], p + 1
                tick = p * self.width
            else:
                plays[waste.pop()] = (k, tick, move.dst - FOUNDATION_BASE)
            ticks.append(tick)
        return ticks, plays

    def _hint(self, win: list[Move]) -> None:
        """Start the solver from ``win``, a winning line from the position (``K = 0``), brought
        into the normal form (4) first: a hint that breaks a constraint costs CP-SAT a search of
        its own to repair (first-king deal 5 from position 14: its first solution after 36 s)."""
        _, followed = self._follow(win)
        plays = {i: (tick, f) for i, (_, tick, f) in followed.items()}
        ticks = self._eager_ticks(plays)
        for i, (_, f) in plays.items():
            tick = ticks[i]
            self.model.AddHint(self.tick_of[i], tick)
            for p, in_pass in enumerate(self.pass_of[i]):
                self.model.AddHint(in_pass, p == tick // self.width)
            for g, goes in self.foundation_of[i].items():
                self.model.AddHint(goes, g == f)
        self.model.AddHint(self.followed, 0)

    def _eager_ticks(self, plays: dict[int, tuple[int, int]]) -> dict[int, int]:
        """The ticks of a won game's plays (card -> (tick, foundation)) in the normal form (4):
        while some card is dealt, still out, at a moment when its foundation already needs it,
        its play moves to that deal (the docstring's argument: the game stays won).  Ticks only
        fall, so this ends."""
        lengths = [len(pile) for pile in self.state.foundations]
        slot = {i: SLOT_RANKS[f].index(self.cards[i], lengths[f]) for i, (_, f) in plays.items()}
        ticks = {i: tick for i, (tick, _) in plays.items()}
        changed = True
        while changed:
            changed = False
            slot_time = {(f, slot[i]): self.time_at(ticks[i], i) for i, (_, f) in plays.items()}
            for i, (_, f) in plays.items():
                earlier = _slot_before(f, slot[i], lengths)
                before = -1 if earlier is None else slot_time.get(earlier, -1)  # -1: needed now
                for p in range(self.passes):
                    dealt = self.deal_tick(p, i)
                    if not dealt:
                        continue
                    if ticks[i] < dealt:
                        break  # home before this deal
                    if before < dealt * self.width:
                        changed |= ticks[i] != dealt
                        ticks[i] = dealt
                        break
        return ticks

    def boundary(self, seconds: float, max_memory_mb: int, win: list[Move],
                 on_win: Callable[[int, list[Move]], None] | None = None) -> tuple[int | None, list[Move], bool]:
        """``(k, line, proven)``: the most moves of the line after which a win was found, the
        moves of that win from there, and whether ``k`` is proven the most (the position after
        ``k + 1`` moves is lost); ``(None, [], False)`` when no win was found in ``seconds``.
        ``win``, a winning line from the position if one is known, is where the solver starts.
        ``on_win(k, line)`` hears of each solution that follows more of the line than the last,
        while the solver goes on to prove the optimum (the analysis searches on from there)."""
        if win:
            self._hint(win)
        solver = _cp_solver(seconds, max_memory_mb)
        status = solver.Solve(self.model, _Incumbents(self, on_win) if on_win else None)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None, [], False
        found = self._win_after_prefix(solver)
        if found is None:
            return None, [], False  # a fault of the model: never believed
        return *found, status == cp_model.OPTIMAL

    def _win_after_prefix(self, values: Any) -> tuple[int, list[Move]] | None:
        """The moves of the line a solution follows and its win from there (``values``: a solver
        or a solution callback); None if its moves do not begin with the line's (a fault)."""
        k = values.Value(self.followed)
        events = self._line(values)
        return (k, events[k:]) if events[:k] == self.line[:k] else None


class _Incumbents(cp_model.CpSolverSolutionCallback):
    """Tells ``on_win`` of each solution of a line model that follows more moves than the last."""

    def __init__(self, schedule: PrecedenceLineSchedule, on_win: Callable[[int, list[Move]], None]) -> None:
        super().__init__()
        self.schedule, self.on_win, self.best = schedule, on_win, -1

    def on_solution_callback(self) -> None:
        found = self.schedule._win_after_prefix(self)
        if found is not None and found[0] > self.best:
            self.best = found[0]
            self.on_win(*found)
