"""The player's view: what a player can see of a position (RULES.md, "What a player sees").

A card is *seen* once it has been face up; the stock is face down.  In all three games the unseen
cards are the bottom of the stock (the cards dealt last), so a view is the position with those
cards replaced by ``"??"`` and their multiset, sorted, in ``"unseen"``.  How many are unseen
follows from the position and what its history turned up (``unseen_count``):

- British Square: the whole stock (no redeal ever shows it);
- Precedence: the whole stock in the first pass; after a redeal the stock is the seen waste;
- Square ``classic``: the whole stock in the first pass; after a redeal the gathered piles;
- Square ``free``: all the stock but its next card, face up while the player chooses its pile.

>>> from cadogan.games import load
>>> state = load("precedence", "king-out", 1)
>>> state.play("deal")
Move.from_text('deal')
>>> view = player_view(state)
>>> obj = view.to_json()
>>> obj["deal"], obj["waste"], obj["stock"][:2], len(obj["unseen"]), obj["unseen"][:3]
(None, ['6H'], ['??', '??'], 102, ['AC', 'AC', '2C'])
>>> View.from_json(obj).to_json() == obj
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from cadogan.cards import Card, format_cards, parse_card
from cadogan.errors import BadInput
from cadogan.games.base import State, count_cards

UNSEEN = "??"


def _british_square(state: State) -> int:
    return len(state.stock)


def _precedence(state: State) -> int:
    from cadogan.games.precedence import REDEALS
    return len(state.stock) if getattr(state, "redeals_left") == REDEALS else 0


def _square(state: State) -> int:
    from cadogan.games.square import REDEALS
    if state.variant == "free":
        return max(0, len(state.stock) - 1)  # the next stock card is face up while it is placed
    return len(state.stock) if getattr(state, "redeals_left") == REDEALS else 0


#: How many stock cards, counted from the bottom, a player has not seen: one rule per game.
_UNSEEN_RULES: dict[str, Callable[[State], int]] = {
    "british-square": _british_square, "precedence": _precedence, "square": _square,
}

#: Why, in words, for messages about a view that hides the wrong cards.
_RULE_WORDS = {
    "british-square": "the whole stock is face down",
    "precedence": "the stock is face down in the first pass and all seen after a redeal",
    "square": "the stock is face down in the first pass and all seen after a redeal; in free Square its "
              "next card is face up",
}


def unseen_count(state: State) -> int:
    """How many cards at the bottom of ``state``'s stock no player has seen.

    >>> from cadogan.games import load
    >>> unseen_count(load("square", "free", 3)), len(load("square", "free", 3).stock)
    (95, 96)
    """
    return _UNSEEN_RULES[state.game.id](state)


def bad_view(detail: str) -> BadInput:
    """The error of a view that cannot be: ``view: <detail>`` (code ``bad-position``)."""
    return BadInput(f"view: {detail}", "bad-position", detail=detail)


@dataclass(frozen=True)
class View:
    """What a player sees of a position.

    ``state`` is the position with the unseen cards laid in the stock in sorted order (a stand-in:
    only ``sample`` and ``fill`` give them an order) and no deal number; ``hidden`` is how many
    cards at the bottom of its stock (``state.stock[:hidden]``) are unseen; ``unseen`` is their
    multiset, sorted.
    """

    state: State
    hidden: int
    unseen: tuple[Card, ...]

    @property
    def exact(self) -> bool:
        """Whether nothing is unseen (the view is the whole position)."""
        return not self.hidden

    def fill(self, order: Sequence[Card]) -> State:
        """The position with the unseen cards in ``order`` (the next to be turned up first)."""
        if sorted(order) != list(self.unseen):
            raise ValueError("the order must hold exactly the unseen cards")
        state = self.state.copy()
        state.stock[:self.hidden] = reversed(order)
        return state

    def sample(self, rng: random.Random) -> State:
        """One position that fits the view, its unseen order drawn uniformly by ``rng``."""
        order = list(self.unseen)
        rng.shuffle(order)
        return self.fill(order)

    def to_json(self) -> dict[str, Any]:
        """The player's view object of SPEC.md: the position object, each unseen card ``"??"``."""
        obj = self.state.to_json()
        stock = obj["stock"]  # next to deal first: the unseen cards are its end
        obj["stock"] = stock[:len(stock) - self.hidden] + [UNSEEN] * self.hidden
        obj["deal"] = None
        obj["unseen"] = format_cards(self.unseen)
        return obj

    @classmethod
    def from_json(cls, obj: Any) -> "View":
        """Read a view object; BadInput naming the first fault (card counts, unseen cards that do not
        fit, duplicates beyond two packs, ``"??"`` where a player sees the card)."""
        from cadogan import games

        if not isinstance(obj, dict):
            raise bad_view("must be a JSON object")
        if obj.get("deal") is not None:
            raise bad_view("deal must be null (a deal number would tell the unseen order)")
        unseen = _read_unseen(obj.get("unseen"))
        stock = obj.get("stock", [])
        if not isinstance(stock, list):
            raise bad_view("stock must be a list of cards and ??")
        hidden = sum(1 for c in stock if c == UNSEEN)
        if any(c != UNSEEN for c in stock[len(stock) - hidden:]):
            raise bad_view("the unseen cards (??) must be the last of the stock: a stock card is seen only "
                           "once dealt")
        _check_unseen_elsewhere(obj)
        if hidden != len(unseen):
            raise bad_view(f"the stock hides {hidden} cards (??) but unseen lists {len(unseen)}")
        seen = _seen_cards(obj)
        _check_fit(seen, unseen)
        position = dict(obj)
        position.pop("unseen", None)
        position["stock"] = stock[:len(stock) - hidden] + format_cards(unseen)
        state = games.from_json(position)
        expected = unseen_count(state)
        if expected != hidden:
            raise bad_view(f"{state.game.id} {state.variant}: {expected} stock cards are unseen in this position "
                           f"({_RULE_WORDS[state.game.id]}), but the view hides {hidden}")
        return cls(_template(state, unseen), hidden, tuple(unseen))


def player_view(state: State) -> View:
    """The player's view of ``state`` (RULES.md "What a player sees")."""
    hidden = unseen_count(state)
    unseen = tuple(sorted(state.stock[:hidden]))
    return View(_template(state, unseen), hidden, unseen)


def _template(state: State, unseen: Sequence[Card]) -> State:
    """A copy of ``state`` without deal number or history, the unseen cards laid in sorted order
    (largest at the bottom), so that equal views have equal templates."""
    template = state.copy()
    template.deal = None
    template.move_stack.clear()
    template._undo.clear()
    template.stock[:len(unseen)] = sorted(unseen, reverse=True)
    return template


def _read_unseen(value: Any) -> list[Card]:
    if not isinstance(value, list):
        raise bad_view("unseen must be a list of cards (the multiset of the unseen cards)")
    try:
        return sorted(parse_card(c) for c in value)
    except BadInput as err:
        raise bad_view(f"unseen: {err}") from None


def _check_unseen_elsewhere(obj: dict[str, Any]) -> None:
    """``??`` stands only for stock cards: everything else on the table is face up."""
    places: list[tuple[str, Any]] = [("waste", obj.get("waste", []))]
    for key in ("foundations", "tableau"):
        piles = obj.get(key, [])
        if isinstance(piles, list):
            places += [(f"{key}[{i}]", pile) for i, pile in enumerate(piles)]
    for where, pile in places:
        if isinstance(pile, list) and UNSEEN in pile:
            raise bad_view(f"{where} holds ??: only stock cards can be unseen")


def _seen_cards(obj: dict[str, Any]) -> list[Card]:
    """The cards shown in the view (stock, waste, foundations, tableau), ``??`` left out."""
    from cadogan.games.base import parse_card_list
    cards = parse_card_list([c for c in obj.get("stock", []) if c != UNSEEN], "stock")
    cards += parse_card_list(obj.get("waste", []), "waste")
    for key in ("foundations", "tableau"):
        piles = obj.get(key, [])
        if not isinstance(piles, list):
            raise bad_view(f"{key} must be a list of piles")
        for i, pile in enumerate(piles):
            cards += parse_card_list(pile, f"{key}[{i}]")
    return cards


def _check_fit(seen: list[Card], unseen: list[Card]) -> None:
    """The seen and the unseen cards together must be the two packs: 104 cards, each twice."""
    seen_counts = count_cards(seen)
    for card, n in seen_counts.items():
        if n > 2:
            raise bad_view(f"{format_cards([card])[0]} is shown {n} times; two packs hold 2")
    unseen_counts = count_cards(unseen)
    for card, n in unseen_counts.items():
        if seen_counts.get(card, 0) + n > 2:
            raise bad_view(f"unseen {format_cards([card])[0]} does not fit: the two packs hold 2 and "
                           f"{seen_counts.get(card, 0)} are shown, {n} unseen")
    if len(seen) + len(unseen) != 104:
        raise bad_view(f"{len(seen)} cards shown and {len(unseen)} unseen make {len(seen) + len(unseen)}, "
                       "not the 104 of two packs")
