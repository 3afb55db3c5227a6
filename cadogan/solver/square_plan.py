"""Square ``free`` as a placement plan: a constraint model of the dealing phase and of a building
phase in which each card is built at most once, decided by CP-SAT (OR-Tools).

The search walks the placements one by one and drowns in their orders (``docs/performance.md``).
A game of ``free`` Square is also a planning problem: which pile each stock card goes to, when
each card leaves its pile, and onto which foundation.  A constraint solver sees the whole plan at
once and learns from each failure.

**Time.**  The stock cards keep their order: card ``i`` (0 is the next one) is dealt at the fixed
moment ``T(i) = (i + 1) * K``, placed on a pile or, when a bottom-row pile has just been emptied,
refilled into it.  Every other event is a card going home at an integer moment; at one moment the
stock card comes first, then the cards going home.  The building phase begins with the last
stock card, at ``T(n - 1)``.

**Variables.**  Per stock card: its *slot*, either a placement (pile ``p``, round ``r``) or a
refill (bottom-row pile ``q``, its ``k``-th refill).  Per card still out (stock or square): the
moment it goes home and its foundation slot (each foundation takes its ranks at rising moments).

**Constraints.**  (1) *Rounds*: the round of a placement is fixed by how many placements came
before it in the stock (refills do not count), and a slot (pile, round) takes at most one card,
so each round's placements go to different piles, as the rules ask.  (2) *Piles are stacks*: of
two cards of a pile, the one that came first has left before the other comes, or leaves after it
(this makes every card leave from the top).  (3) Only the bottom row plays while the stock lasts:
a card of t1-t9 goes home in the building phase.  (4) *Refills*: the bottom card of a bottom-row
pile (the first card it holds, or a refill) that leaves while the stock lasts is followed by the
pile's next refill, which is the next stock card; one that leaves in the building phase by none.
(5) *Builds*, in the building phase, at most one a card: onto a card of its suit one rank from it
that is then the top of its pile (``_add_builds``); from there the card goes home.

**Why a solution is a win.**  Play the events in time order: the placements (``s>tK``), the
builds (``tJ>tK``) and the cards home (``tJ>fK``).  Each placement goes to a pile that has not had its card of the round (1).
Each card going home is the top of its pile (2), the foundation wants it (its slots rise in time),
and it is in the bottom row if the stock is not empty yet (3).  A bottom-row pile empties while
the stock lasts only when its bottom card leaves, and then the engine refills it with the next
stock card, which the model made that pile's refill (4); so the piles the engine holds are the
model's.  The line is replayed through the engine before it is believed all the same.

The model is a *restriction* of the game (one build a card, at most ``REFILLS_PER_PILE`` refills
a pile): it finds wins, and "no solution" proves nothing.  The search's wins of whole deals move
some cards many times (deal 3: 41 builds, one card value built 6 times), which this model cannot
express: from the start of a deal it has found no plan (``docs/performance.md``, "Square free:
policy adaptation"), so it is not wired into ``solve``: the playouts learn the placements instead
(``cadogan.solver.adaptation``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from cadogan.cards import rank_of, suit_of
from cadogan.games.base import FOUNDATION_BASE, MOVES, STOCK, TABLEAU_BASE, Move
from cadogan.games.square import BOTTOM_ROW, SquareState

TICK = 64  # moments between two stock cards: room for the cards going home in between
REFILLS_PER_PILE = 3  # refills a bottom-row pile may take in a plan (a restriction of the planner only)


@dataclass
class _Item:
    """A card still out: where it is (``pile`` for a square card, else None until placed)."""

    card: int
    stock_index: int | None  # None for a card in the square now
    pile: int | None
    home: cp_model.IntVar
    leave: cp_model.IntVar  # when it leaves the pile it came to: home, or its build
    top_from: cp_model.IntVar  # no card that came to its pile after it is still there from then on


@dataclass
class _Slot:
    """A place a card can come to: a placement (pile, round) or a refill (bottom pile, k)."""

    pile: int
    round: int | None  # None for a refill
    refill: int | None
    used: cp_model.IntVar
    enter: cp_model.IntVar
    leave: cp_model.IntVar
    top_from: cp_model.IntVar
    takers: list[tuple[int, cp_model.IntVar]]  # (stock index, literal)


def foundation_slots(lengths: list[int]) -> list[tuple[int, int, int]]:
    """``(foundation, slot, card)`` of every card the foundations still want, in each
    foundation's order (0-based foundations: 0..3 up from the Ace, 4..7 down from the King).

    >>> [s for s in foundation_slots([13, 13, 13, 12, 13, 13, 12, 13])]
    [(3, 12, 61), (6, 12, 33)]
    """
    slots = []
    for f, n in enumerate(lengths):
        suit = f % 4
        for s in range(n, 13):
            rank = s + 1 if f < 4 else 13 - s
            slots.append((f, s, rank + 16 * suit))
    return slots


class SquarePlan:
    """The plan model of a ``free`` position in its dealing phase (built at once; ``decide``
    may be called once).  ``allow_builds=False`` leaves builds out (every card leaves its pile
    for a foundation); ``refills_per_pile`` bounds the refills of each bottom-row pile.

    >>> from cadogan.games import load
    >>> plan = SquarePlan(load("square", "free", 3))
    >>> len(plan.items), len(plan.stock)
    (96, 96)
    """

    def __init__(self, state: SquareState, refills_per_pile: int = REFILLS_PER_PILE, allow_builds: bool = True) -> None:
        if state.variant != "free" or not state.stock or state.redeals_left:
            raise ValueError("the plan model is for free Square while the stock lasts")
        self.state = state
        self.stock = list(reversed(state.stock))
        n = len(self.stock)
        self.n = n
        self.building = n * TICK  # T(n - 1): the building phase begins with the last stock card
        self.horizon = self.building + 4 * (n + sum(map(len, state.tableau))) + 8
        self.model = cp_model.CpModel()
        self.items: list[_Item] = []
        self.slots: list[_Slot] = []
        self.refills_per_pile = refills_per_pile
        self.allow_builds = allow_builds
        self._add_items()
        self._add_slots()
        self._add_piles()
        self._add_foundations()
        self._add_builds()

    def deal_time(self, i: int) -> int:
        return (i + 1) * TICK

    # --- variables --------------------------------------------------------------------------
    def _new_item(self, card: int, stock_index: int | None, pile: int | None, low: int) -> _Item:
        m = self.model
        item = _Item(card, stock_index, pile, m.NewIntVar(low, self.horizon, ""), m.NewIntVar(low, self.horizon, ""),
                     m.NewIntVar(0, self.horizon, ""))
        self.items.append(item)
        return item

    def _add_items(self) -> None:
        for p, pile in enumerate(self.state.tableau):
            for card in pile:
                self._new_item(card, None, p, 0 if p in BOTTOM_ROW else self.building)
        self.stock_items = [self._new_item(card, i, None, self.deal_time(i)) for i, card in enumerate(self.stock)]

    def _add_slots(self) -> None:
        """Every stock card to exactly one slot; the round of a placement is set by the refills
        before it (constraint (1))."""
        m, n, state = self.model, self.n, self.state
        most_refills = min(n, 3 * self.refills_per_pile)
        received = state.received
        done = bin(received).count("1")  # placements already made in the current round (round 0)
        refill_before = [m.NewIntVar(0, min(i, most_refills), f"R{i}") for i in range(n + 1)]
        m.Add(refill_before[0] == 0)
        is_refill = [m.NewBoolVar(f"refill{i}") for i in range(n)]
        for i in range(n):
            m.Add(refill_before[i + 1] == refill_before[i] + is_refill[i])
        self.is_refill = is_refill
        last_round = (done + n - 1) // 12
        placement: dict[tuple[int, int], _Slot] = {}
        for r in range(last_round + 1):
            for p in range(12):
                if r == 0 and received >> p & 1:
                    continue
                placement[p, r] = self._new_slot(p, r, None)
        refills = {(q, k): self._new_slot(q, None, k) for q in BOTTOM_ROW for k in range(1, self.refills_per_pile + 1)}
        choices: list[list[cp_model.IntVar]] = [[] for _ in range(n)]
        for i in range(n):
            rounds = range(max(0, (done + i - most_refills) // 12), (done + i) // 12 + 1)
            for r in rounds:
                for p in range(12):
                    slot = placement.get((p, r))
                    if slot is None:
                        continue
                    lit = m.NewBoolVar(f"x{i}_{p}_{r}")
                    count = done + i - refill_before[i]
                    m.Add(count >= 12 * r).OnlyEnforceIf(lit)
                    m.Add(count <= 12 * r + 11).OnlyEnforceIf(lit)
                    slot.takers.append((i, lit))
                    choices[i].append(lit)
            refill_lits = []
            for q in BOTTOM_ROW:
                for k in range(1, self.refills_per_pile + 1):
                    lit = m.NewBoolVar(f"y{i}_{q}_{k}")
                    refills[q, k].takers.append((i, lit))
                    choices[i].append(lit)
                    refill_lits.append(lit)
            m.Add(sum(refill_lits) == is_refill[i])
            m.AddExactlyOne(choices[i])
        for slot in list(placement.values()) + list(refills.values()):
            self._tie_slot(slot)
        self.placement = placement
        self.refills = refills

    def _new_slot(self, pile: int, round_: int | None, refill: int | None) -> _Slot:
        m = self.model
        slot = _Slot(pile, round_, refill, m.NewBoolVar(""), m.NewIntVar(0, self.horizon, ""),
                     m.NewIntVar(0, self.horizon, ""), m.NewIntVar(0, self.horizon, ""), [])
        self.slots.append(slot)
        return slot

    def _tie_slot(self, slot: _Slot) -> None:
        """The slot's moments are those of the card that takes it (none: it is unused)."""
        m = self.model
        lits = [lit for _, lit in slot.takers]
        m.Add(sum(lits) == slot.used)
        for i, lit in slot.takers:
            m.Add(slot.enter == self.deal_time(i)).OnlyEnforceIf(lit)
            item = self.stock_items[i]
            m.Add(slot.leave == item.leave).OnlyEnforceIf(lit)
            m.Add(item.top_from >= slot.top_from).OnlyEnforceIf(lit)
            if slot.pile not in BOTTOM_ROW:
                m.Add(item.home >= self.building).OnlyEnforceIf(lit)  # constraint (3)
        if not lits:
            m.Add(slot.used == 0)

    # --- piles ------------------------------------------------------------------------------
    def _pile_entries(self, p: int) -> list[tuple[_Slot | _Item, bool]]:
        """The pile's cards now (bottom first) and its slots, as (entry, is_slot), in the order
        they can come (placements by round, then the refills)."""
        entries: list[tuple[_Slot | _Item, bool]] = [(item, False) for item in self.items if item.pile == p]
        entries += [(self.placement[p, r], True) for r in range(100) if (p, r) in self.placement]
        if p in BOTTOM_ROW:
            entries += [(self.refills[p, k], True) for k in range(1, self.refills_per_pile + 1)]
        return entries

    def _add_piles(self) -> None:
        for p in range(12):
            entries = self._pile_entries(p)
            for a in range(len(entries)):
                for b in range(a + 1, len(entries)):
                    self._add_stack_pair(entries[a], entries[b])
            if p in BOTTOM_ROW:
                self._add_refill_chain(p, entries)

    @staticmethod
    def _times(entry: tuple[_Slot | _Item, bool]) -> tuple[cp_model.LinearExprT, cp_model.LinearExprT,
                                                            cp_model.IntVar, list]:
        """(enter, leave, top_from, literals that it is used) of a pile entry; a card in the
        square now entered at moment 0."""
        thing, is_slot = entry
        if is_slot:
            assert isinstance(thing, _Slot)
            return thing.enter, thing.leave, thing.top_from, [thing.used]
        assert isinstance(thing, _Item)
        return 0, thing.leave, thing.top_from, []

    def _add_stack_pair(self, first: tuple[_Slot | _Item, bool], second: tuple[_Slot | _Item, bool]) -> None:
        """Constraint (2) for two cards of a pile: the earlier has gone before the later comes,
        or leaves after it.  Cards in the square now are in pile order; placements by round; a
        refill and a placement in either order."""
        m = self.model
        enter_a, leave_a, top_a, used_a = self._times(first)
        enter_b, leave_b, top_b, used_b = self._times(second)
        slot_a, slot_b = first[0], second[0]
        both_slots = first[1] and second[1]
        unordered = both_slots and (slot_a.refill is None) != (slot_b.refill is None)  # type: ignore[union-attr]
        if not unordered:
            self._lifo(leave_a, top_a, enter_b, leave_b, used_a + used_b)
            return
        a_first = m.NewBoolVar("")
        m.Add(enter_a < enter_b).OnlyEnforceIf(a_first)
        m.Add(enter_b < enter_a).OnlyEnforceIf(a_first.Not())
        self._lifo(leave_a, top_a, enter_b, leave_b, used_a + used_b + [a_first])
        self._lifo(leave_b, top_b, enter_a, leave_a, used_a + used_b + [a_first.Not()])

    def _lifo(self, leave_a, top_a, enter_b, leave_b, conditions: list) -> None:
        """a came before b: a leaves before b comes, or after b leaves; a is not the top of its
        pile before b has left."""
        m = self.model
        gone = m.NewBoolVar("")
        m.Add(leave_a < enter_b).OnlyEnforceIf(conditions + [gone])
        m.Add(leave_b < leave_a).OnlyEnforceIf(conditions + [gone.Not()])
        m.Add(top_a >= leave_b).OnlyEnforceIf(conditions)

    def _add_refill_chain(self, q: int, entries: list[tuple[_Slot | _Item, bool]]) -> None:
        """Constraint (4): the pile's bottom cards follow one another, each refill the next stock
        card after its predecessor left; the last one leaves in the building phase."""
        m = self.model
        first, is_slot = entries[0]
        bottom_leave = first.leave
        if is_slot:  # an empty pile: no refill before its first card
            assert isinstance(first, _Slot)
            m.AddImplication(self.refills[q, 1].used, first.used)
        for k in range(1, self.refills_per_pile + 1):
            refill = self.refills[q, k]
            m.Add(bottom_leave >= refill.enter - TICK).OnlyEnforceIf(refill.used)
            m.Add(bottom_leave < refill.enter).OnlyEnforceIf(refill.used)
            m.Add(bottom_leave >= self.building).OnlyEnforceIf(refill.used.Not())
            if k > 1:
                m.AddImplication(refill.used, self.refills[q, k - 1].used)
            bottom_leave = refill.leave
        m.Add(bottom_leave >= self.building).OnlyEnforceIf(self.refills[q, self.refills_per_pile].used)

    # --- foundations ------------------------------------------------------------------------
    def _add_foundations(self) -> None:
        m = self.model
        lengths = [len(pile) for pile in self.state.foundations]
        slot_time: dict[tuple[int, int], cp_model.IntVar] = {}
        wanting: dict[int, list[tuple[int, int]]] = {}
        for f, s, card in foundation_slots(lengths):
            slot_time[f, s] = m.NewIntVar(0, self.horizon, f"F{f}_{s}")
            if s > lengths[f]:
                m.Add(slot_time[f, s - 1] < slot_time[f, s])
            wanting.setdefault(card, []).append((f, s))
        takers: dict[tuple[int, int], list[cp_model.IntVar]] = {slot: [] for slot in slot_time}
        self.foundation_of: list[dict[int, cp_model.IntVar]] = []
        for item in self.items:
            choices: dict[int, cp_model.IntVar] = {}
            for f, s in wanting.get(item.card, []):
                goes = m.NewBoolVar("")
                m.Add(item.home == slot_time[f, s]).OnlyEnforceIf(goes)
                choices[f] = goes
                takers[f, s].append(goes)
            m.AddExactlyOne(choices.values())
            self.foundation_of.append(choices)
        for lits in takers.values():
            m.AddExactlyOne(lits)

    # --- builds -----------------------------------------------------------------------------
    def _add_builds(self) -> None:
        """Constraint (5): in the building phase a card may be built once, onto a card of its
        suit one rank from it that is then the top of its pile, and from there it goes home.

        X onto Y at moment ``b``: Y is the top (every card that came to Y's pile after it has
        left, or Y was built itself before ``b``), no other card lies on Y meanwhile, and Y goes
        home after X; X left its own pile at ``b`` (``leave``), from its top."""
        m = self.model
        by_card: dict[int, list[int]] = {}
        for j, item in enumerate(self.items):
            by_card.setdefault(item.card, []).append(j)
        self.build_time: list[cp_model.IntVar] = []
        self.builds: list[list[tuple[int, cp_model.IntVar]]] = []
        self.moved: list[cp_model.IntVar] = []
        onto: dict[int, list[tuple[int, cp_model.IntVar]]] = {}
        for x, item in enumerate(self.items):
            b = m.NewIntVar(self.building, self.horizon, "")
            moved = m.NewBoolVar("")
            options: list[tuple[int, cp_model.IntVar]] = []
            if self.allow_builds:
                for other in (item.card - 1, item.card + 1):
                    if not 1 <= rank_of(other) <= 13 or suit_of(other) != suit_of(item.card):
                        continue
                    for y in by_card.get(other, []):
                        lit = m.NewBoolVar("")
                        options.append((y, lit))
                        onto.setdefault(y, []).append((x, lit))
            m.Add(sum(lit for _, lit in options) == moved)
            m.Add(item.leave == b).OnlyEnforceIf(moved)
            m.Add(item.leave == item.home).OnlyEnforceIf(moved.Not())
            m.Add(b < item.home).OnlyEnforceIf(moved)
            self.build_time.append(b)
            self.builds.append(options)
            self.moved.append(moved)
        for y, incoming in onto.items():
            target = self.items[y]
            for x, lit in incoming:
                self._add_build(x, target, y, lit)
            for a in range(len(incoming)):
                for c in range(a + 1, len(incoming)):
                    (x1, lit1), (x2, lit2) = incoming[a], incoming[c]
                    first = m.NewBoolVar("")
                    m.Add(self.items[x1].home < self.build_time[x2]).OnlyEnforceIf([lit1, lit2, first])
                    m.Add(self.items[x2].home < self.build_time[x1]).OnlyEnforceIf([lit1, lit2, first.Not()])

    def _add_build(self, x: int, target: _Item, y: int, lit: cp_model.IntVar) -> None:
        m = self.model
        b_x, b_y = self.build_time[x], self.build_time[y]
        m.Add(target.home > self.items[x].home).OnlyEnforceIf(lit)
        y_first = m.NewBoolVar("")  # Y was built before X came onto it
        m.AddImplication(y_first, self.moved[y])
        m.Add(b_y < b_x).OnlyEnforceIf(y_first)
        m.Add(target.top_from < b_x).OnlyEnforceIf([lit, y_first.Not()])
        m.Add(b_y > self.items[x].home).OnlyEnforceIf([lit, y_first.Not(), self.moved[y]])

    # --- solving ----------------------------------------------------------------------------
    def decide(self, seconds: float, max_memory_mb: int) -> tuple[str, list[Move], int]:
        """``("won", line, branches)`` or ``("unknown", [], branches)``: the model is a
        restriction of the game, so having no solution proves nothing."""
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(0.0, seconds)
        solver.parameters.num_workers = 1
        solver.parameters.max_memory_in_mb = max_memory_mb
        status = solver.Solve(self.model)
        branches = int(solver.NumBranches())
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return "won", self._line(solver), branches
        return "unknown", [], branches

    def _line(self, solver: cp_model.CpSolver) -> list[Move]:
        """The moves of a solution in time order: at one moment the stock card first (a refill
        is no move: the engine makes it), then builds and cards home.  The piles are followed card
        by card (as item numbers: the two copies of a card are told apart) to name each move."""
        events: list[tuple[int, int, int, int, int | None]] = []  # (moment, kind, item, pile, target)
        offset = len(self.items) - self.n
        for slot in self.slots:
            for i, lit in slot.takers:
                if solver.Value(lit):
                    events.append((self.deal_time(i), 0, offset + i, slot.pile, None))
                    if slot.refill is not None:
                        events[-1] = (self.deal_time(i), -1, offset + i, slot.pile, None)
        for x, (item, choices) in enumerate(zip(self.items, self.foundation_of)):
            f = next(f for f, goes in choices.items() if solver.Value(goes))
            events.append((solver.Value(item.home), 2, x, f, None))
            for y, lit in self.builds[x]:
                if solver.Value(lit):
                    events.append((solver.Value(self.build_time[x]), 1, x, -1, y))
        events.sort(key=lambda event: (event[0], abs(event[1])))
        piles: list[list[int]] = [[] for _ in range(12)]
        where: dict[int, int] = {}
        for j, item in enumerate(self.items):
            if item.pile is not None:
                piles[item.pile].append(j)
                where[j] = item.pile
        moves: list[Move] = []
        for _, kind, x, pile, y in events:
            if kind <= 0:
                piles[pile].append(x)
                where[x] = pile
                if kind == 0:
                    moves.append(MOVES[STOCK][TABLEAU_BASE + pile])
                continue
            src = where.pop(x)
            piles[src].remove(x)
            if kind == 1:
                assert y is not None
                dst = where[y]
                piles[dst].append(x)
                where[x] = dst
                moves.append(MOVES[TABLEAU_BASE + src][TABLEAU_BASE + dst])
            else:
                moves.append(MOVES[TABLEAU_BASE + src][FOUNDATION_BASE + pile])
        return moves
