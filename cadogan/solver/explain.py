"""What the engine can say in words about a line of play, as structured facts that front ends put
into their own language: why the move that lost a game lost it (``loss_reason``), and a long
winning line in brief (``summarise_line``).

Both read only where moves take cards (pile codes and the cards on them), so they serve every game
alike; no rule is decided here.

A line in brief groups each run of one move made again and again (twelve deals in a row, two cards
from the waste to one foundation):

>>> from cadogan.games import load
>>> state = load("precedence", "king-out", 6)
>>> line = [Move.from_text(t) for t in "deal deal deal w>f1 w>f1 deal".split()]
>>> steps = summarise_line(state, line)
>>> [step.to_json() for step in steps]  # doctest: +NORMALIZE_WHITESPACE
[{'move': 'deal', 'times': 3, 'dealt': 3, 'cards': []},
 {'move': 'w>f1', 'times': 2, 'dealt': 0, 'cards': ['QD', 'JD']},
 {'move': 'deal', 'times': 1, 'dealt': 1, 'cards': []}]
>>> expand_summary(steps) == line
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from cadogan.cards import Card, format_card
from cadogan.games.base import REDEAL, STOCK, Move, State, pile_name

__all__ = ["LossReason", "loss_reason", "LineStep", "summarise_line", "expand_summary"]

BURIED, SPENT = "buried", "spent"


@dataclass(frozen=True)
class LossReason:
    """Why the losing move lost, as a winning line from just before it shows:

    - ``buried``: the move covered ``card`` where it lay on ``pile`` (with ``by``, the card laid
      over it; None when the move took it away whole, as a redeal does with the waste), and the
      winning line plays that card first;
    - ``spent``: the move put ``card`` on ``pile``, and the winning line plays it elsewhere.

    Either way the winning line's move ``needed_step`` (1 = its first move) plays the card to
    ``needed_pile``, onto ``needed_onto`` (None: the card starts that pile): what the card was
    needed for.
    """

    kind: str
    card: Card
    pile: str
    by: Card | None
    needed_pile: str
    needed_onto: Card | None
    needed_step: int

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "card", "pile", "by", "needed": {"pile", "onto", "step"}}``, cards as text."""
        return {"kind": self.kind, "card": format_card(self.card), "pile": self.pile,
                "by": None if self.by is None else format_card(self.by),
                "needed": {"pile": self.needed_pile,
                           "onto": None if self.needed_onto is None else format_card(self.needed_onto),
                           "step": self.needed_step}}


def loss_reason(before: State, losing: Move, line: Sequence[Move]) -> LossReason | None:
    """Why ``losing``, made in ``before``, lost the game that ``line`` (a winning line from
    ``before``) still wins; None when the line shows no card the move buried or spent.

    The cards the move *buried* are the cards some legal move could take in ``before`` (the top
    card of a pile a move starts from) that are no longer on top after it, the moved card's own
    pile aside.  The card it *spent* is the card it moved, if the winning line plays that card to
    another pile.  Of these, the one the winning line plays first is the reason.
    """
    after = before.copy()
    after.push(losing)
    candidates: list[tuple[int, LossReason]] = []
    for code in _sources(before):
        if losing.src >= 0 and code == losing.src:
            continue
        pile = before.piles[code]
        depth = len(pile) - 1
        covered = after.piles[code]
        if len(covered) == depth + 1 and covered[depth] == pile[depth]:
            continue  # still on top
        by = covered[depth + 1] if len(covered) > depth + 1 and covered[depth] == pile[depth] else None
        needed = _first_use(before, line, code, depth)
        if needed is not None:
            step, dst, onto = needed
            candidates.append((step, LossReason(BURIED, pile[depth], pile_name(code), by, dst, onto, step)))
    if losing.src >= 0 and losing.src != STOCK:
        depth = len(before.piles[losing.src]) - 1
        needed = _first_use(before, line, losing.src, depth)
        if needed is not None and needed[1] != pile_name(losing.dst):
            step, dst, onto = needed
            card = before.piles[losing.src][depth]
            candidates.append((step, LossReason(SPENT, card, pile_name(losing.dst), None, dst, onto, step)))
    return min(candidates, key=lambda c: c[0])[1] if candidates else None


def _sources(state: State) -> list[int]:
    """The piles whose top card some legal move takes (the stock aside: its next card is no choice)."""
    return sorted({m.src for m in state.legal_moves() if m.src > STOCK and state.piles[m.src]})


def _first_use(start: State, line: Sequence[Move], code: int, depth: int) -> tuple[int, str, Card | None] | None:
    """Where ``line`` from ``start`` first moves the card at ``depth`` of pile ``code``: (the step,
    1-based; the pile it goes to; the card it goes onto, None on an empty pile).  None when the line
    never moves it, or takes it where it cannot be followed (a redeal turns whole piles over)."""
    state = start.copy()
    card = state.piles[code][depth]
    for step, move in enumerate(line, 1):
        pile = state.piles[code]
        if move.src == code and len(pile) == depth + 1:
            target = state.piles[move.dst]
            return step, pile_name(move.dst), target[-1] if target else None
        if move == REDEAL:
            return None
        state.push(move)
        pile = state.piles[code]
        if len(pile) <= depth or pile[depth] != card:
            return None
    return None


@dataclass(frozen=True)
class LineStep:
    """A run of one ``move`` made ``times`` times in a row: ``cards`` the card each time moved (a
    transfer), ``dealt`` the cards that left the stock in all (a deal; a refill after a transfer;
    0 for a redeal, which gathers cards into the stock before it deals)."""

    move: Move
    times: int
    dealt: int = 0
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"move": str(self.move), "times": self.times, "dealt": self.dealt,
                "cards": [format_card(c) for c in self.cards]}


def summarise_line(start: State, line: Sequence[Move]) -> list[LineStep]:
    """``line`` (from ``start``, which is left unchanged) as runs of one move: consecutive equal
    moves make one step.  ``expand_summary`` gives the line back.  IllegalMove at a move the line
    cannot make."""
    state = start.copy()
    steps: list[LineStep] = []
    for move in line:
        card = state.piles[move.src][-1] if move.src >= 0 and state.piles[move.src] else None
        stock = len(state.stock)
        state.play(move)
        dealt = 0 if move == REDEAL else max(0, stock - len(state.stock))  # a redeal gathers, then deals
        cards = () if card is None else (card,)
        if steps and steps[-1].move == move:
            last = steps[-1]
            steps[-1] = LineStep(move, last.times + 1, last.dealt + dealt, last.cards + cards)
        else:
            steps.append(LineStep(move, 1, dealt, cards))
    return steps


def expand_summary(steps: Sequence[LineStep]) -> list[Move]:
    """The line a summary stands for: each step's move, ``times`` times."""
    return [step.move for step in steps for _ in range(step.times)]
