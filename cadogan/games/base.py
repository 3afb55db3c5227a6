"""The vocabulary every game speaks: piles, ``Move``, the ``State`` protocol and ``Game``.

Piles have fixed codes shared by all games, so a ``Move`` is just two small ints:

>>> m = Move.from_text("t5>t2"); m
Move.from_text('t5>t2')
>>> str(m), m.src == tableau_code(5), m.dst == tableau_code(2)
('t5>t2', True, True)
>>> str(Move.from_text(" DEAL ")), str(REDEAL)
('deal', 'redeal')
"""

from __future__ import annotations

import copy
import re
from typing import Any, ClassVar, Iterable, NamedTuple, Sequence

from cadogan.cards import Card, parse_deal, dealing_order, format_cards, parse_card
from cadogan.errors import BadInput, IllegalMove, Reason

STOCK = 0
WASTE = 1
FOUNDATION_BASE = 2  # f1 .. f8 are codes 2 .. 9
MAX_FOUNDATIONS = 8
TABLEAU_BASE = FOUNDATION_BASE + MAX_FOUNDATIONS  # t1 .. t16 are codes 10 .. 25
MAX_TABLEAU = 16
PILE_CODES = TABLEAU_BASE + MAX_TABLEAU

_DEAL_CODE = -1
_REDEAL_CODE = -2


def foundation_code(number: int) -> int:
    """The code of foundation ``f<number>`` (1-based)."""
    return FOUNDATION_BASE + number - 1


def tableau_code(number: int) -> int:
    """The code of tableau pile ``t<number>`` (1-based)."""
    return TABLEAU_BASE + number - 1


def pile_name(code: int) -> str:
    """The notation of a pile code: ``s``, ``w``, ``f3``, ``t12``.

    >>> pile_name(STOCK), pile_name(foundation_code(3)), pile_name(tableau_code(12))
    ('s', 'f3', 't12')
    """
    if code == STOCK:
        return "s"
    if code == WASTE:
        return "w"
    if FOUNDATION_BASE <= code < TABLEAU_BASE:
        return f"f{code - FOUNDATION_BASE + 1}"
    if TABLEAU_BASE <= code < PILE_CODES:
        return f"t{code - TABLEAU_BASE + 1}"
    raise ValueError(f"no pile has code {code}")


# ASCII digits only (as deal numbers): "t\u0661" is not t1; at most 2 of them, so int() never sees
# a number of thousands of digits.
_PILE_RE = re.compile(r"^(s|w|f([0-9]{1,2})|t([0-9]{1,2}))$", re.ASCII)


def parse_pile(text: str) -> int:
    """The code of a pile name, any case.

    >>> parse_pile("T12") == tableau_code(12)
    True
    >>> parse_pile("x3")
    Traceback (most recent call last):
    ...
    cadogan.errors.BadInput: 'x3' is not a pile: use s, w, f1..f8 or t1..t16
    """
    match = _PILE_RE.match(text.strip().lower())
    if not match:
        raise BadInput(f"{text!r} is not a pile: use s, w, f1..f8 or t1..t16", "bad-pile", pile=str(text))
    name, f_num, t_num = match.groups()
    if name == "s":
        return STOCK
    if name == "w":
        return WASTE
    if f_num is not None:
        if not 1 <= int(f_num) <= MAX_FOUNDATIONS:
            raise BadInput(f"{text!r} is not a pile: foundations are f1..f{MAX_FOUNDATIONS}", "bad-pile", pile=text)
        return foundation_code(int(f_num))
    if not 1 <= int(t_num) <= MAX_TABLEAU:
        raise BadInput(f"{text!r} is not a pile: tableau piles are t1..t{MAX_TABLEAU}", "bad-pile", pile=text)
    return tableau_code(int(t_num))


class Move(NamedTuple):
    """One move: the top card of pile ``src`` onto pile ``dst``, or ``DEAL`` / ``REDEAL``.

    Moves are values: equal moves compare and hash equal, and ``Move.from_text(str(m)) == m``.
    """

    src: int
    dst: int

    @classmethod
    def from_text(cls, text: str) -> "Move":
        """Parse one move token (``deal``, ``redeal``, ``X>Y``), any case; BadInput if malformed."""
        if not isinstance(text, str):
            raise BadInput(f"a move must be text, not {text!r}", "bad-move", move=str(text))
        token = text.strip().lower()
        if token == "deal":
            return DEAL
        if token == "redeal":
            return REDEAL
        if token.count(">") != 1:
            raise BadInput(f"{text!r} is not a move: write deal, redeal or X>Y such as w>f1 or t5>t2", "bad-move",
                           move=text)
        src_text, dst_text = token.split(">")
        src, dst = parse_pile(src_text), parse_pile(dst_text)
        if dst in (STOCK, WASTE):
            raise BadInput(f"{text!r} is not a move: no card is ever moved onto the {pile_name(dst)} pile", "bad-move",
                           move=text)
        if src == dst:
            raise BadInput(f"{text!r} is not a move: source and destination are the same pile", "bad-move", move=text)
        return MOVES[src][dst]

    def __str__(self) -> str:
        if self.src == _DEAL_CODE:
            return "deal"
        if self.src == _REDEAL_CODE:
            return "redeal"
        return f"{pile_name(self.src)}>{pile_name(self.dst)}"

    def __repr__(self) -> str:
        return f"Move.from_text({str(self)!r})"


DEAL = Move(_DEAL_CODE, _DEAL_CODE)
REDEAL = Move(_REDEAL_CODE, _REDEAL_CODE)
# Every transfer move exists once; move generation picks from this table instead of allocating.
MOVES: list[list[Move]] = [[Move(src, dst) for dst in range(PILE_CODES)] for src in range(PILE_CODES)]


def parse_moves(text_or_tokens: str | Iterable[str]) -> list[Move]:
    """Parse white-space separated move tokens (or an iterable of tokens)."""
    tokens = text_or_tokens.split() if isinstance(text_or_tokens, str) else list(text_or_tokens)
    return [Move.from_text(t) for t in tokens]


class State:
    """A position of one game, changed in place by ``push`` and restored by ``pop``.

    Piles are lists of card ints, bottom first; the stock's *last* element is the next card dealt
    (so dealing is ``list.pop()``).  ``piles[code]`` reaches any pile by its code.
    Subclasses (one per game) supply the rules; this class holds what all three share.
    """

    game: ClassVar["Game"]

    def __init__(self, variant: str, deal: int | None, n_foundations: int, n_tableau: int) -> None:
        self.variant = variant
        self.deal = deal
        self.stock: list[Card] = []
        self.waste: list[Card] = []
        self.foundations: list[list[Card]] = [[] for _ in range(n_foundations)]
        self.tableau: list[list[Card]] = [[] for _ in range(n_tableau)]
        self.piles: list[list[Card] | None] = [None] * PILE_CODES
        self.piles[STOCK] = self.stock
        self.piles[WASTE] = self.waste
        for i, pile in enumerate(self.foundations):
            self.piles[FOUNDATION_BASE + i] = pile
        for i, pile in enumerate(self.tableau):
            self.piles[TABLEAU_BASE + i] = pile
        self.move_stack: list[Move] = []
        self._undo: list[Any] = []

    # --- the rules: each game overrides these -------------------------------------------------
    def legal_moves(self) -> list[Move]:
        raise NotImplementedError

    def why_illegal(self, move: Move) -> Reason | None:
        """None if ``move`` is legal here, else the reason: words fit for a player, with the
        code and fields of ``cadogan.errors.ILLEGAL_MOVE_CODES``."""
        raise NotImplementedError

    def push(self, move: Move) -> None:
        """Make ``move``, which must be legal (no check: use ``play`` for untrusted moves)."""
        raise NotImplementedError

    def pop(self) -> Move:
        """Undo the last move and return it."""
        raise NotImplementedError

    def _extra_json(self) -> dict[str, Any]:
        return {}

    # --- shared behaviour ------------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Check and make a move given as a Move or its text; IllegalMove says why it is refused."""
        if isinstance(move, str):
            move = Move.from_text(move)
        unknown = self._unknown_pile(move) if move.src >= 0 else None
        if unknown:
            raise BadInput(unknown, unknown.code, **unknown.fields)
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(str(move), reason)
        self.push(move)
        return move

    def line_wins(self, moves: Iterable[Move | str]) -> bool:
        """Whether ``moves``, played from here on a copy (this state is left unchanged), win the
        game; IllegalMove (or BadInput) at the first move that cannot be made.

        >>> from cadogan.games import load
        >>> state = load("precedence", "king-out", 1)
        >>> state.line_wins(["deal", "deal"]), len(state.move_stack)
        (False, 0)
        """
        replay = self.copy()
        for move in moves:
            replay.play(move)
        return replay.is_won()

    def cards_home(self) -> int:
        """How many cards are on the foundations (104 when the game is won)."""
        return sum(map(len, self.foundations))

    def is_won(self) -> bool:
        return self.cards_home() == 104

    def is_lost(self) -> bool:
        """No legal move left (deal and redeal included) and not won."""
        return not self.is_won() and not self.legal_moves()

    def cards_everywhere(self) -> list[Card]:
        """Every card in the position, pile by pile (104 of them in a sound position)."""
        cards = list(self.stock) + list(self.waste)
        for pile in self.foundations + self.tableau:
            cards.extend(pile)
        return cards

    def copy(self) -> "State":
        """An independent copy of the position and its move history."""
        return copy.deepcopy(self)

    def to_json(self) -> dict[str, Any]:
        """The position object of SPEC.md."""
        obj: dict[str, Any] = {
            "game": self.game.id,
            "variant": self.variant,
            "deal": self.deal,
            "stock": format_cards(reversed(self.stock)),
            "waste": format_cards(self.waste),
            "foundations": [format_cards(f) for f in self.foundations],
            "tableau": [format_cards(t) for t in self.tableau],
        }
        obj.update(self._extra_json())
        return obj

    def record(self) -> str:
        """The game record of SPEC.md: game, variant, deal and the moves so far."""
        return " ".join([self.game.id, self.variant, str(self.deal), *map(str, self.move_stack)])

    def describe_pile(self, code: int) -> str:
        """A short name of a pile for messages: 'the waste', 'foundation 2', 'pile t5'."""
        if code == STOCK:
            return "the stock"
        if code == WASTE:
            return "the waste"
        if code < TABLEAU_BASE:
            return f"foundation {pile_name(code)}"
        return f"pile {pile_name(code)}"

    def has_pile(self, code: int) -> bool:
        return 0 <= code < PILE_CODES and self.piles[code] is not None

    def _unknown_pile(self, move: Move) -> Reason | None:
        """A reason naming a pile this game does not have, or None."""
        for code in (move.src, move.dst):
            if not self.has_pile(code):
                return Reason("no-such-pile", f"{self.game.id} has no pile {pile_name(code)} "
                              f"(it has {self.game.pile_summary(self)})", pile=pile_name(code))
        return None

    def __str__(self) -> str:
        return self.record()


class Game:
    """One game: its id, variants (first is the default) and how to make its states.

    Front ends, the solver and the survey use only this interface, never a game's name.
    """

    id: str = ""
    title: str = ""
    variants: tuple[str, ...] = ()
    aliases: dict[str, str] = {}

    def resolve_variant(self, variant: str | None) -> str:
        if variant is None:
            return self.variants[0]
        name = str(variant).strip().lower()
        name = self.aliases.get(name, name)
        if name not in self.variants:
            raise BadInput(f"unknown variant {variant!r} of {self.id}: choose one of {', '.join(self.variants)}",
                           "unknown-variant", game=self.id, variant=str(variant))
        return name

    def new_initial_state(self, variant: str | None = None, deal: int = 0) -> State:
        """The start position of ``deal`` in ``variant``."""
        variant = self.resolve_variant(variant)
        deal = parse_deal(deal)
        return self._setup(variant, deal, dealing_order(deal))

    def _setup(self, variant: str, deal: int, order: list[Card]) -> State:
        raise NotImplementedError

    def from_json(self, obj: Any) -> State:
        """Read a position object; BadInput names the first fault found."""
        if not isinstance(obj, dict):
            raise bad_position("must be a JSON object")
        if obj.get("game") != self.id:
            raise bad_position(f"game is {obj.get('game')!r}, expected {self.id!r}")
        variant = self.resolve_variant(obj.get("variant"))
        deal = obj.get("deal")
        if deal is not None:
            try:
                deal = parse_deal(deal)
            except BadInput as err:
                raise bad_position(str(err)) from None
        state = self._empty_state(variant, deal)
        state.stock[:] = reversed(parse_card_list(obj.get("stock", []), "stock"))
        state.waste[:] = parse_card_list(obj.get("waste", []), "waste")
        for key, piles in (("foundations", state.foundations), ("tableau", state.tableau)):
            given = obj.get(key, [])
            if not isinstance(given, list) or len(given) != len(piles):
                raise bad_position(f"{key} must be a list of {len(piles)} piles in {self.id} {variant}")
            for i, (pile, cards) in enumerate(zip(piles, given)):
                pile[:] = parse_card_list(cards, f"{key}[{i}]")
        if state.waste and not self.has_waste:
            raise bad_position(f"{self.id} has no waste pile, but the waste holds cards")
        _check_two_packs(state.cards_everywhere())
        self._read_extra_json(state, obj)
        self.validate(state)
        return state

    def _empty_state(self, variant: str, deal: int | None) -> State:
        raise NotImplementedError

    def _read_extra_json(self, state: State, obj: dict[str, Any]) -> None:
        """Read the game's own fields (passes left, direction locks...) into ``state``."""

    def validate(self, state: State) -> None:
        """Raise BadInput if the position breaks this game's rules (called by from_json)."""

    def pile_summary(self, state: State) -> str:
        n_f, n_t = len(state.foundations), len(state.tableau)
        parts = ["s", "w"] if self.has_waste else ["s"]
        parts.append(f"f1..f{n_f}")
        if n_t:
            parts.append(f"t1..t{n_t}")
        return ", ".join(parts)

    has_waste: bool = True
    fanned: bool = False  # tableau piles are drawn fanned (every card visible), not squared up

    def tableau_grid(self, state: State) -> list[list[int]]:
        """Rows of tableau pile indices (0-based) as the piles lie on the table."""
        return [list(range(len(state.tableau)))] if state.tableau else []

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


def replay(game: Game, variant: str | None, deal: int, moves: Sequence[Move | str]) -> State:
    """The position after playing ``moves`` from the start of a deal (IllegalMove if one is not legal)."""
    state = game.new_initial_state(variant, deal)
    for move in moves:
        state.play(move)
    return state


def count_cards(cards: Iterable[Card]) -> dict[Card, int]:
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _check_two_packs(cards: list[Card]) -> None:
    counts = count_cards(cards)
    too_many = [c for c, n in counts.items() if n > 2]
    if too_many:
        raise bad_position(f"{format_cards(too_many)[0]} appears {counts[too_many[0]]} times; two packs hold 2")
    if len(cards) != 104:
        missing = [c for c in count_cards(dealing_order(0)) if counts.get(c, 0) < 2]
        raise bad_position(f"{len(cards)} cards instead of 104"
                           + (f" (missing {', '.join(format_cards(missing[:5]))})" if missing else ""))


def parse_card_list(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise bad_position(f"{where} must be a list of cards")
    try:
        return [parse_card(c) for c in value]
    except BadInput as err:
        raise bad_position(f"{where}: {err}") from None


def bad_position(detail: str) -> BadInput:
    """The error of a position object that breaks a rule: ``position: <detail>`` (``bad-position``).

    >>> str(bad_position("f2 is started but f1 is not"))
    'position: f2 is started but f1 is not'
    """
    return BadInput(f"position: {detail}", "bad-position", detail=detail)
