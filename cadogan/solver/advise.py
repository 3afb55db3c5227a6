"""Advice for a player who cannot see the stock: the best move from the player's view, with its
win chance (SPEC.md ``cadogan advise``; the method and its reasons are in docs/advise.md).

Perfect-information Monte Carlo (determinised search, Bjarnason, Fern & Tadepalli's "hindsight
optimisation"): draw ``samples`` orders of the unseen cards uniformly (a seeded generator, so the
same view, samples and seed give the same answer), decide each drawn position with the exact
solver under a node budget (not a clock: the answer does not depend on the machine's load), and
give each move the share of the samples in which the position after it is proven won.

Work is shared between the moves of one sample: the root of each sample is solved once; a winning
line's first move is won in that sample, and a proven loss loses every move, so only the other
moves' after-positions are solved, and only while the move can still overtake the leader.

>>> from cadogan.games import load
>>> from cadogan.games.view import player_view
>>> state = load("precedence", "king-out", 1)
>>> a = advise(player_view(state), Settings(samples=4, max_nodes=20_000, seed=1))
>>> a.move in state.legal_moves(), 0.0 <= a.win_chance <= 1.0, a.samples
(True, True, 4)
>>> advise(player_view(state), Settings(samples=4, max_nodes=20_000, seed=1)) == a  # deterministic
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from typing import Any

from cadogan.errors import BadInput
from cadogan.games.base import Move, State
from cadogan.games.view import View, bad_view

#: Samples per advice by default (the win chance's standard error is at most 0.5/sqrt(samples)).
DEFAULT_SAMPLES = 16
#: Search nodes per solve by default: a drawn Precedence or British Square position is mostly decided
#: within it in a few hundredths of a second (docs/advise.md, "Budget").
DEFAULT_MAX_NODES = 50_000
#: The least search nodes of a decision with nothing unseen (one position to solve instead of
#: ``samples``): there the player can be sure, and a win found is followed to the end without another
#: solve.  Precedence positions of the later passes that 8 x 20,000 nodes left undecided, so that the
#: blind player lost games it could see whole, are decided within it in 0.1-0.3 s (docs/advise.md).
EXACT_MIN_NODES = 2_000_000
#: A blind player gives a position with nothing unseen the full budget each time, until
#: ``EXACT_UNDECIDED_FREE`` of them in a game were left undecided; from then on it plays with its
#: ordinary budget until ``EXACT_RETRY_AFTER_HOME`` more cards are home, then tries the full one
#: again.  Endgames that are won soon come out within the first (the rollout player's first-king wins
#: of deals 1-179 needed at most 9; retrying only after 8 more cards home from the first one lost 11
#: of them), while every later move of a lost one took millions of nodes in vain: such games took up
#: to 29 minutes (deal 129: 1,753 s; the median game 0.15 s).
EXACT_UNDECIDED_FREE = 16
EXACT_RETRY_AFTER_HOME = 8
#: Memory per solve (MiB): the small searches of advice need little, and many run one after another.
SOLVE_MEMORY_MB = 64

WON, LOST, UNKNOWN = "won", "lost", "unknown"


@dataclass(frozen=True)
class Settings:
    """How an advice is computed: ``samples`` drawn orders, ``max_nodes`` search nodes per solve,
    ``seed`` of the draw; ``timeout`` (seconds, None: none) caps the whole advice on the clock --
    when it is reached the advice uses the samples decided so far, and is then no longer
    reproducible -- and each solve within it gets only the time left (a position with nothing
    unseen gets millions of nodes, ``for_view``, more than a server's cap allows)."""

    samples: int = DEFAULT_SAMPLES
    max_nodes: int = DEFAULT_MAX_NODES
    seed: int = 0
    timeout: float | None = None
    exact_min_nodes: int = EXACT_MIN_NODES  # the least nodes of a solve with nothing unseen (``for_view``)

    def to_json(self) -> dict[str, Any]:
        return {"samples": self.samples, "max_nodes": self.max_nodes, "seed": self.seed, "timeout": self.timeout}

    def for_view(self, exact: bool) -> "Settings":
        """These settings for a view; with nothing unseen (``exact``) its one position is solved
        with the nodes of all the samples, and at least ``exact_min_nodes`` (``EXACT_MIN_NODES``).

        >>> Settings(samples=8, max_nodes=20_000).for_view(True).max_nodes
        2000000
        >>> Settings(samples=8, max_nodes=20_000).for_view(False).max_nodes
        20000
        """
        if not exact:
            return self
        return replace(self, max_nodes=max(self.samples * self.max_nodes, self.exact_min_nodes))


@dataclass
class MoveChance:
    """One move's evidence: ``wins`` of the ``samples`` it was judged on were proven won after it,
    ``unknown`` of them undecided (counted as not won)."""

    move: Move
    wins: int = 0
    samples: int = 0
    unknown: int = 0

    @property
    def win_chance(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"move": str(self.move), "win_chance": round(self.win_chance, 4), "samples": self.samples,
                "unknown": self.unknown}


@dataclass
class Advice:
    """The advised ``move`` and its ``win_chance``; ``moves`` every legal move, best first;
    ``how`` says how it was found: ``sampled``, ``exact`` (nothing unseen: one solve of the
    position itself), ``forced`` (one legal move) or ``safe`` (a move the solver proves never loses
    a win, made without sampling)."""

    move: Move
    win_chance: float | None
    moves: list[MoveChance]
    samples: int
    unknown: int  # samples whose position could not be decided within the budget
    how: str
    seconds: float = 0.0
    line: list[Move] = field(default_factory=list, compare=False)  # exact: the winning line from here
    proven_lost: bool = field(default=False, compare=False)  # exact: the position itself is proven lost

    def to_json(self, game: str, variant: str, deal: int | None) -> dict[str, Any]:
        return {"game": game, "variant": variant, "deal": deal, "move": str(self.move),
                "win_chance": None if self.win_chance is None else round(self.win_chance, 4),
                "moves": [m.to_json() for m in self.moves],
                "samples": self.samples, "unknown": self.unknown, "how": self.how,
                "seconds": round(self.seconds, 3)}

    def __eq__(self, other: object) -> bool:  # the answer, not the time it took
        if not isinstance(other, Advice):
            return NotImplemented
        return (self.move, self.win_chance, self.samples, self.unknown, self.how,
                [(m.move, m.wins, m.samples, m.unknown) for m in self.moves]) == (
            other.move, other.win_chance, other.samples, other.unknown, other.how,
            [(m.move, m.wins, m.samples, m.unknown) for m in other.moves])


def advise(view: View, settings: Settings = Settings(), avoid: frozenset[Move] = frozenset(),
           estimate_free: bool = True) -> Advice:
    """The best move from ``view`` and its win chance.  ``avoid``: moves to choose only if every
    move is in it (``play_blind`` passes the moves that would repeat a position).  A forced move (the
    only legal one) and a safe one need no choice; ``estimate_free=False`` skips estimating their
    win chance too (reported as None).

    BadInput when the position has no legal move (won or lost: there is nothing to advise)."""
    started = time.perf_counter()
    legal = view.state.legal_moves()
    if not legal:
        raise bad_view("no legal move: the game is " + ("won" if view.state.is_won() else "lost")
                       + ", there is nothing to advise")
    if settings.samples < 1 or settings.max_nodes < 1:
        raise BadInput("advice needs at least one sample and one search node per solve")
    settings = settings.for_view(view.exact)
    free = legal[0] if len(legal) == 1 else safe_move(view)
    if free is not None:
        chance = _estimate(view, free, settings, started) if estimate_free else MoveChance(free)
        unknown = chance.unknown
        advice = Advice(free, chance.win_chance if estimate_free else None, [chance], chance.samples, unknown,
                        "forced" if len(legal) == 1 else "safe")
    else:
        advice = _sampled(view, legal, settings, avoid, started)
    advice.seconds = time.perf_counter() - started
    return advice


def _estimate(view: View, move: Move, settings: Settings, started: float) -> MoveChance:
    """The win chance after ``move`` over the drawn orders (one solve per sample)."""
    deadline = None if settings.timeout is None else started + settings.timeout
    rng = random.Random(settings.seed)
    chance = MoveChance(move)
    for _ in range(1 if view.exact else settings.samples):
        if deadline is not None and chance.samples and time.perf_counter() > deadline:
            break
        position = view.state.copy() if view.exact else view.sample(rng)
        position.push(move)
        result, _, _ = _solve(position, settings, deadline)
        chance.samples += 1
        chance.wins += result == WON
        chance.unknown += result == UNKNOWN
    return chance


def safe_move(view: View) -> Move | None:
    """A safe move of the game (``GameKnowledge.safe_moves``), when it is safe in the view itself.

    Why a blind player loses no win by it: each safe move's proof turns a winning line that keeps
    the card out into one that plays it now, move for move, with the same deals at the same times;
    the same turn of a *strategy* (a rule for every history of seen cards) keeps it winning on every
    order of the unseen cards.  The conditions the games test read card counts and what lies on the
    table, never the stock's order; to be sure of that here, the move must be safe both in the
    view's stand-in position and with its unseen cards in the opposite order.
    """
    from cadogan.solver.knowledge import knowledge_of

    knowledge = knowledge_of(view.state)
    first = knowledge.safe_moves(view.state)[:1]
    if not first or not view.hidden:
        return first[0] if first else None
    return first[0] if first[0] in knowledge.safe_moves(view.fill(view.unseen[::-1])) else None


def _solve(state: State, settings: Settings, deadline: float | None = None) -> tuple[str, list[Move], Move | None]:
    from cadogan.solver import solve

    result = solve(state, timeout=_time_left(deadline), max_nodes=settings.max_nodes, max_memory_mb=SOLVE_MEMORY_MB)
    return result.result, result.moves, result.best_first


def _time_left(deadline: float | None) -> float | None:
    """The seconds a solve may take before ``deadline`` (a ``time.perf_counter()`` value; None: no
    clock), at least a little so that a solve begun at the deadline still answers."""
    return None if deadline is None else max(0.01, deadline - time.perf_counter())


#: What one solve said of a position: its result, a winning line when won, and the first move of
#: the line that brought the most cards home (the search's best guess when undecided).
Root = tuple[str, list[Move], Move | None]


@dataclass
class Sample:
    """One drawn position that fits a view, and what the solver said of it (``root``; None while
    not solved) and of the positions after its moves (``after``: move -> what a solve said, or what
    follows from the root without one)."""

    position: State
    root: Root | None = None
    after: dict[Move, Root] = field(default_factory=dict)
    nodes: int = 0  # search nodes spent on this sample's solves

    def solve(self, settings: Settings, deadline: float | None = None) -> Root:
        """The root's answer, solving the position once (before ``deadline`` if given)."""
        if self.root is None:
            self.root = self.search(self.position, settings, deadline)
        return self.root

    def search(self, position: State, settings: Settings, deadline: float | None = None) -> Root:
        """What a solve of ``position`` (this sample's, or one after a move) says; its nodes counted."""
        from cadogan.solver import solve

        found = solve(position, timeout=_time_left(deadline), max_nodes=settings.max_nodes,
                      max_memory_mb=SOLVE_MEMORY_MB)
        self.nodes += found.nodes
        return found.result, found.moves, found.best_first

    def advanced(self, move: Move) -> "Sample":
        """This sample after ``move`` (the position pushed in place), its root what this sample
        already knows of that position: a solve's answer, the rest of a winning line that starts
        with the move, or a loss (no move wins a lost position); undecided where the root was
        (as ``judge_move`` does, a child of a position the budget could not decide is not solved
        again with the same budget); else None, to be solved."""
        root = self.after.get(move)
        if root is None and self.root is not None:
            root = _known_after(self.root, move)
            if root is None and self.root[0] == UNKNOWN:
                root = UNKNOWN, [], None
        self.position.push(move)
        return Sample(self.position, root)


def _known_after(root: Root, move: Move) -> Root | None:
    """What the root's answer says of the position after ``move`` without a solve: won along the
    root's winning line if it starts with the move, lost if the root is lost; else None."""
    result, line, _ = root
    if result == WON and line and line[0] == move:
        rest = list(line[1:])
        return WON, rest, rest[0] if rest else None
    if result == LOST:
        return LOST, [], None
    return None


def draw_samples(view: View, settings: Settings, deadline: float | None = None) -> list[Sample]:
    """``settings.samples`` orders of the unseen cards drawn uniformly with ``settings.seed`` (the
    position itself where nothing is unseen), each solved once; fewer when ``deadline`` (a
    ``time.perf_counter()`` value) passes first."""
    rng = random.Random(settings.seed)
    samples: list[Sample] = []
    for _ in range(1 if view.exact else settings.samples):
        if deadline is not None and samples and time.perf_counter() > deadline:
            break
        sample = Sample(view.state.copy() if view.exact else view.sample(rng))
        sample.solve(settings, deadline)
        samples.append(sample)
    return samples


@dataclass
class Choice:
    """What ``choose_move`` found: the ``leader`` (the advised move's evidence), every legal move's
    evidence in ``chances`` (a loser's may rest on fewer samples), and the order they were judged in."""

    leader: MoveChance
    chances: dict[Move, MoveChance]
    order: list[Move]


def choose_move(view: View, legal: list[Move], samples: list[Sample], settings: Settings,
                avoid: frozenset[Move] = frozenset(), deadline: float | None = None) -> Choice:
    """The move with the most wins over ``samples`` (each solved), judged as docs/advise.md says:
    the moves with the most root wins first, each stopped once it cannot overtake the leader."""
    from cadogan.solver.knowledge import knowledge_of

    roots = [sample.solve(settings) for sample in samples]
    chances = {m: MoveChance(m) for m in legal}
    root_wins = {m: 0 for m in legal}
    votes = {m: 0 for m in legal}  # samples left undecided whose best line started with the move
    for result, line, best_first in roots:
        if result == WON and line[0] in root_wins:
            root_wins[line[0]] += 1
        elif result == UNKNOWN and best_first in votes:
            votes[best_first] += 1
    rank = {m: i for i, m in enumerate(knowledge_of(view.state).ordered_moves(view.state))}
    order = sorted(legal, key=lambda m: (m in avoid, -root_wins[m], -votes[m], rank.get(m, len(rank))))
    leader: MoveChance | None = None
    for move in order:
        if leader is not None and move in avoid:
            continue  # sorted last: judged only when every move repeats a position
        chance = judge_move(move, samples, settings, leader, deadline)
        chances[move] = chance
        if leader is None or (chance.wins > leader.wins and chance.samples == len(samples)):
            leader = chance
    assert leader is not None
    return Choice(leader, chances, order)


def _sampled(view: View, legal: list[Move], settings: Settings, avoid: frozenset[Move], started: float) -> Advice:
    deadline = None if settings.timeout is None else started + settings.timeout
    samples = draw_samples(view, settings, deadline)
    choice = choose_move(view, legal, samples, settings, avoid, deadline)
    leader, chances = choice.leader, choice.chances
    roots = [sample.solve(settings) for sample in samples]
    unknown = sum(1 for result, _, _ in roots if result == UNKNOWN)
    ranked = [leader] + sorted((c for c in chances.values() if c is not leader),
                               key=lambda c: (-c.win_chance, choice.order.index(c.move)))
    line = roots[0][1] if view.exact and roots[0][0] == WON and roots[0][1][0] == leader.move else []
    return Advice(leader.move, leader.win_chance, ranked, len(samples), unknown,
                  "exact" if view.exact else "sampled", line=list(line),
                  proven_lost=view.exact and roots[0][0] == LOST)


def judge_move(move: Move, samples: list[Sample], settings: Settings, leader: MoveChance | None = None,
               deadline: float | None = None) -> MoveChance:
    """The move's wins over the samples (each solved), solving its after-position only where the
    root's solve did not already say (a winning line starting with it: won; a proven loss: lost for
    every move; a root left undecided: undecided, not solved again, since a child of an undecided
    position is seldom decided with the same budget).  What a sample learns of the position after
    the move is kept in its ``after``, so judging the move again solves nothing.

    With a ``leader``, stops as soon as the move cannot overtake it: it is judged after the
    leader, so only strictly more wins would make it the choice, and ``wins + samples left <=
    leader.wins`` rules that out whatever the unsolved samples hold.  The chosen move is therefore
    exactly the one a full evaluation would choose; only the losers' reported chances rest on fewer
    samples.  Without a leader every sample is judged.
    """
    chance = MoveChance(move)
    n = len(samples)
    for i, sample in enumerate(samples):
        if leader is not None and chance.wins + (n - i) <= leader.wins:
            return chance
        chance.samples += 1
        after = sample.after.get(move)
        if after is None:
            root = sample.solve(settings, deadline)
            after = _known_after(root, move)
            if after is None and root[0] == WON:
                if deadline is not None and time.perf_counter() > deadline:
                    chance.unknown += 1
                    continue
                position = sample.position
                position.push(move)
                after = sample.search(position, settings, deadline)
                position.pop()
            if after is not None:
                sample.after[move] = after
        if after is None:  # the root was left undecided: so is every move
            chance.unknown += 1
            continue
        chance.wins += after[0] == WON
        chance.unknown += after[0] == UNKNOWN
    return chance


#: A blind game longer than this is stopped and counted lost (a player shuttling cards between two
#: piles forever never wins; ``play_blind`` also avoids repeating a position while it can).
MAX_GAME_MOVES = 3000


@dataclass
class BlindGame:
    """A deal played to its end by ``play_blind``: ``result`` is ``won`` (replayed through the
    engine and seen to win) or ``lost``; ``win_chances[i]`` is the chance advised for ``moves[i]``
    (None where the move was forced or safe and not estimated); ``decisions``: advices that sampled."""

    game: str
    variant: str
    deal: int
    result: str
    moves: list[Move]
    win_chances: list[float | None]
    seconds: float
    decisions: int = 0
    unknown: int = 0  # samples left undecided, over all the advices

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "variant": self.variant, "deal": self.deal, "result": self.result,
                "moves": [str(m) for m in self.moves],
                "win_chances": [None if c is None else round(c, 4) for c in self.win_chances],
                "seconds": round(self.seconds, 3)}

    @property
    def start_chance(self) -> float | None:
        """The win chance advised for the first move (the player's estimate of the deal)."""
        return self.win_chances[0] if self.win_chances else None


def play_blind(game_id: str, variant: str | None, deal: int, settings: Settings = Settings()) -> BlindGame:
    """Play ``deal`` to its end, each move the one advised from the player's view at that point
    (``advise``; the first move's chance is always estimated, later forced and safe moves' are not).

    Where nothing is unseen and an exact advice found a winning line, the next moves follow that
    line (each is what the solver would answer there: a move of a proven win).  A move that would
    bring back a position met before is avoided while another move exists.  A ``won`` result is
    replayed through the engine from the deal's start before it is reported; a line that does not
    replay as a win raises RuntimeError (a fault, never a reported win)."""
    from cadogan import games

    started = time.perf_counter()
    state = games.load(game_id, variant, deal)
    chances, decisions, unknown = play_on(state, settings)
    won = state.is_won()
    if won and not games.load(game_id, variant, deal).line_wins(state.move_stack):
        raise RuntimeError(f"{game_id} {state.variant} deal {deal}: the blind line does not replay as a win")
    return BlindGame(state.game.id, state.variant, deal, WON if won else LOST, list(state.move_stack), chances,
                     time.perf_counter() - started, decisions, unknown)


def play_on(state: State, settings: Settings, estimate_first: bool = True) -> tuple[list[float | None], int, int]:
    """Play ``state`` on, in place, to its end (won, no legal move, or ``MAX_GAME_MOVES`` in all),
    each move the one ``advise`` gives for the player's view then -- once a position with nothing
    unseen is proven lost, the first legal move that brings no position back, with chance 0 (and
    the game ends where every move would); once ``EXACT_UNDECIDED_FREE`` positions with nothing unseen
    were left undecided by the full budget, with the ordinary budget until ``EXACT_RETRY_AFTER_HOME``
    more cards are home after each such one.  The first move's chance is estimated when
    ``estimate_first``.  Returns the chance advised for each move played, the advices that solved
    positions and the samples they left undecided."""
    from cadogan.games.view import player_view
    from cadogan.solver.knowledge import knowledge_of

    knowledge = knowledge_of(state)
    met = {knowledge.exact_key(state)}
    chances: list[float | None] = []
    plan: list[Move] = []
    decisions = unknown = 0
    proven_lost = False
    undecided_exact = retry_at = 0  # retry_at: cards home from which the full budget is tried again
    ordinary = replace(settings, exact_min_nodes=0)
    while not state.is_won() and len(state.move_stack) < MAX_GAME_MOVES:
        legal = state.legal_moves()
        if not legal:
            break
        view = player_view(state)
        if proven_lost:
            move = _first_new(legal, _repeating(state, legal, met, knowledge))
            if move is None:
                break
            chance = 0.0
        elif view.exact and plan and plan[0] in legal:
            move, chance = plan.pop(0), 1.0
        else:
            short = view.exact and state.cards_home() < retry_at
            advice = advise(view, ordinary if short else settings, _repeating(state, legal, met, knowledge),
                            estimate_free=estimate_first and not chances)
            if advice.how == "exact" and advice.unknown and not short:
                undecided_exact += 1
                if undecided_exact >= EXACT_UNDECIDED_FREE:
                    retry_at = state.cards_home() + EXACT_RETRY_AFTER_HOME
            move, chance = advice.move, advice.win_chance
            plan = advice.line[1:]
            decisions += advice.how in ("sampled", "exact")
            unknown += advice.unknown
            # Nothing unseen and every move proven lost: the position itself is a proven loss, and
            # so is every position after it whatever is played (no move wins a lost position), so
            # the rest of the game is played without a solve: it cannot change the result.
            proven_lost = advice.proven_lost
        state.play(move)
        met.add(knowledge.exact_key(state))
        chances.append(chance)
    return chances, decisions, unknown


def _first_new(legal: list[Move], repeating: frozenset[Move]) -> Move | None:
    """The first legal move that brings no position back, None if every one does."""
    return next((move for move in legal if move not in repeating), None)


def _repeating(state: State, legal: list[Move], met: set[Any], knowledge: Any) -> frozenset[Move]:
    """The moves after which the position is one already met in this game (a player knows: no card
    was turned up since, so the unseen order is the same too)."""
    repeating = set()
    for move in legal:
        state.push(move)
        if knowledge.exact_key(state) in met:
            repeating.add(move)
        state.pop()
    return frozenset(repeating)
