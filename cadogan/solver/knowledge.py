"""What the solver knows about each game, kept apart from the rules (``cadogan.games``).

The rules say what a player may do; a ``GameKnowledge`` says how to search a game well: which
positions are the same for the search (``canonical_key``), which moves are never worse than the
others (``safe_moves``, ``search_moves``), which positions are lost at a glance (``is_dead``), how
the compiled core reads a position (``core_encoding``), and how a limited solve shares its time
(the game's tuning, one block per game).  The defaults are safe: no pruning at all.

Each game's knowledge lives in its own module of ``cadogan.solver`` and registers itself by game
id; the solver, the survey and the front ends ask ``knowledge_of(state)`` and never test a
game's name.

>>> from cadogan.games import load
>>> knowledge_of(load("precedence", "king-out", 1)).game_id
'precedence'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Protocol, TypeVar

from cadogan.games.base import FOUNDATION_BASE, TABLEAU_BASE, Game, Move, State

if TYPE_CHECKING:
    from cadogan.solver.adaptation import Adaptation


class ExactModel(Protocol):
    """A whole position stated for a constraint solver (``GameKnowledge.exact_model``)."""

    def decide(self, seconds: float, max_memory_mb: int) -> tuple[str, list[Move], int]:
        """``(result, line, branches)``: ``won`` with a winning line, ``lost`` (proven: the
        model has no solution) or ``unknown`` when ``seconds`` ran out first."""
        ...


class LineModel(Protocol):
    """A position and a line of play from it stated for a constraint solver
    (``GameKnowledge.line_model``)."""

    def boundary(self, seconds: float, max_memory_mb: int, win: list[Move],
                 on_win: Callable[[int, list[Move]], None] | None = None) -> tuple[int | None, list[Move], bool]:
        """``(k, line, proven)``: the most moves of the line after which a win was found, a
        winning line from there, and whether the position after ``k + 1`` moves is proven lost;
        ``(None, [], False)`` when no win was found in ``seconds``.  ``win`` (a winning line from
        the position, or []) is where the solver starts; ``on_win(k, line)`` is told each win
        that follows more moves than the last, as it is found."""
        ...


class GameKnowledge:
    """The solver's knowledge of one game (defaults: no pruning, default tuning)."""

    game_id: ClassVar[str] = ""

    # --- tuning of a limited solve (each game overrides these in one place) -----------------
    def first_search_share(self, state: State) -> float:
        """The share of a limited solve spent on the complete search before the nested playouts
        start (small or easy positions are decided there).  A game lowers it where that search
        almost never decides a deal in its first second."""
        return 0.02

    def playout_share(self, state: State) -> float:
        """The share of a limited solve spent on nested playouts, a search for wins only
        (``cadogan.solver.playouts``), between two runs of the complete search; 0 turns them off.
        A game lowers it where the complete search proves most positions (its losses need the
        time) and raises it where the complete search drowns."""
        return 0.5

    def playout_warmup_share(self, state: State) -> float:
        """The share of the playouts' time given to searches one level below ``playout_top_level``
        (many cheap restarts, which win the easy deals at once) before the top level (each step
        judged by searches a level lower) takes over."""
        return 0.3

    def playout_top_level(self, state: State) -> int:
        """The level of the nested searches after the level-1 phase: 2, or higher where a search
        at that level still ends within seconds (many forced moves) and wins more."""
        return 2

    def playout_adaptation(self, state: State) -> Adaptation | None:
        """Where the playouts should learn a policy (``cadogan.solver.adaptation``) instead of
        nesting searches, its parameters; None (the default) for the nested playouts."""
        return None

    def model_share(self, state: State) -> float:
        """The share of a limited solve kept at its end for ``exact_model`` (instead of the
        complete search's second run); 0 where the game has no model."""
        return 0.0

    #: Policy adaptation's move codes (``cadogan.solver.adaptation.move_code``) tell the tableau
    #: piles from this index on apart from those before it; 0: all piles alike.
    adaptation_row: ClassVar[int] = 0

    #: Whether a playout ends at a position ``is_dead`` refutes (only where that test is cheap).
    playout_ends_at_dead_end: ClassVar[bool] = False

    #: What a position a limited search left undecided most often turns out to be, for the
    #: bisection of ``cadogan analyse``: "lost" where wins are found within seconds and losses are
    #: the slow proofs, "won" where losses are seen at once and wins are the slow ones.
    undecided_leans: ClassVar[str] = "lost"

    # --- search knowledge --------------------------------------------------------------------
    def canonical_key(self, state: State) -> Any:
        """A hashable key equal for positions the solver may treat as the same."""
        return plain_key(state)

    def exact_key(self, state: State) -> Any:
        """A key that tells apart every two positions that differ at all (the unpruned search's)."""
        return plain_key(state)

    def safe_moves(self, state: State) -> list[Move]:
        """Moves that can be made at once without ever losing a win (none by default)."""
        return []

    def ordered_moves(self, state: State) -> list[Move]:
        """Legal moves, most promising first."""
        return state.legal_moves()

    def search_moves(self, state: State) -> list[Move]:
        """The moves the solver tries: ``ordered_moves`` less those it may skip (a game overriding
        this says why no skipped move can be the only way to win)."""
        return self.ordered_moves(state)

    def best_homes(self, state: State, moves: list[Move]) -> list[Move]:
        """Of the foundation moves of one card (``moves``, all from one source), those that no
        other is proven never worse than (all of them by default: no dominance known)."""
        return list(moves)

    def is_dead(self, state: State) -> bool:
        """True only when the position is proven lost by an argument cheaper than search."""
        return False

    def begin_search(self) -> None:
        """A search (or a test of ``is_dead`` on its own) starts: forget whatever ``is_dead`` kept
        from earlier calls, so that its answers do not depend on what was searched before."""

    def core_encoding(self, state: State) -> Any:
        """How the compiled solver core reads this game's positions, or None if it cannot."""
        return None

    def exact_model(self, state: State) -> ExactModel | None:
        """The position as an exact constraint model (its solutions are exactly the wins), which a
        constraint solver decides by learning from its failures; None where the game has none."""
        return None

    def line_model(self, state: State, line: list[Move]) -> LineModel | None:
        """The position and a line of play from it as one constraint model, whose optimum is the
        last point of the line from which a win was possible (``cadogan analyse``); None where the
        game has none."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_id}>"


KNOWLEDGE: dict[str, GameKnowledge] = {}
_DEFAULT = GameKnowledge()

K = TypeVar("K", bound=type[GameKnowledge])


def register(cls: K) -> K:
    """Class decorator: the one ``GameKnowledge`` of the game ``cls.game_id``."""
    KNOWLEDGE[cls.game_id] = cls()
    return cls


def knowledge_of(subject: State | Game | str) -> GameKnowledge:
    """The knowledge of the game of a state, a game or a game id (the safe defaults when none
    is registered)."""
    if isinstance(subject, State):
        game_id = subject.game.id
    elif isinstance(subject, Game):
        game_id = subject.id
    else:
        game_id = subject
    if not KNOWLEDGE:
        import cadogan.solver  # noqa: F401  (registers the games' knowledge)
    return KNOWLEDGE.get(game_id, _DEFAULT)


def is_home_move(move: Move) -> bool:
    """Whether ``move`` takes a card from a pile to a foundation (deals and redeals are not)."""
    return move.src >= 0 and FOUNDATION_BASE <= move.dst < TABLEAU_BASE


def first_of_each_kind(moves: Iterable[Move], kind: Callable[[int, int], Any]) -> list[Move]:
    """``moves`` in order, keeping deal/redeal and the first transfer of each ``kind(src, dst)``
    (the solver's way of dropping moves that are copies of another by symmetry)."""
    seen: set[Any] = set()
    kept: list[Move] = []
    for move in moves:
        src, dst = move
        if src >= 0:
            key = kind(src, dst)
            if key in seen:
                continue
            seen.add(key)
        kept.append(move)
    return kept


def plain_key(state: State) -> tuple:
    """Every pile and the game's own fields: equal only for identical positions."""
    return (tuple(state.stock), tuple(state.waste), tuple(map(tuple, state.foundations)),
            tuple(map(tuple, state.tableau)), repr(sorted(state._extra_json().items())))
