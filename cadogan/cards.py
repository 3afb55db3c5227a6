"""Cards, packs and deal numbers.

A card is a small ``int``: ``rank + 16 * suit`` with ranks 1 (Ace) .. 13 (King) and suits
0..3 for clubs, diamonds, hearts, spades.  Ints keep the engine fast; this module turns them into
text and back.

>>> c = parse_card("10h")
>>> format_card(c), rank_of(c), suit_of(c) == HEARTS
('TH', 10, True)
>>> [format_card(c) for c in dealing_order(0)[:3]]
['3D', '8S', 'JC']
"""

from __future__ import annotations

import random
import re
from typing import Iterable

from cadogan.errors import BadInput

Card = int

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_LETTERS = "A23456789TJQK"
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS = tuple(range(ACE, KING + 1))

RANK_NAMES = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

_MASK64 = (1 << 64) - 1
MAX_DEAL = 1 << 64
RANDOM_DEALS = 10**9  # random deals are drawn below this: short enough to read out and share
_DEAL_TEXT = re.compile(r"-?[0-9]+", re.ASCII)
_DEAL_DIGITS = len(str(MAX_DEAL))


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1..13) and ``suit`` (0..3).

    >>> format_card(make_card(KING, SPADES))
    'KS'
    """
    return rank + 16 * suit


def rank_of(card: Card) -> int:
    return card & 15


def suit_of(card: Card) -> int:
    return card >> 4


def format_card(card: Card) -> str:
    """The two-letter text of a card, rank then suit.

    >>> format_card(make_card(10, HEARTS))
    'TH'
    """
    return RANK_LETTERS[rank_of(card) - 1] + SUIT_LETTERS[suit_of(card)]


def card_name(card: Card) -> str:
    """A card in words, for screen readers and messages.

    >>> card_name(parse_card("QH"))
    'Queen of hearts'
    """
    return f"{RANK_NAMES[rank_of(card) - 1]} of {SUIT_NAMES[suit_of(card)]}"


def parse_card(text: str) -> Card:
    """Read a card: rank ``A 2..9 T J Q K`` (or ``10``) then suit ``C D H S``, any case.

    >>> parse_card("as") == make_card(ACE, SPADES)
    True
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    cadogan.errors.BadInput: '1H' is not a card: rank must be one of A 2 3 4 5 6 7 8 9 T J Q K
    """
    if not isinstance(text, str) or len(text.strip()) < 2:
        raise BadInput(f"{text!r} is not a card: write rank then suit, e.g. TH or QS", "bad-card", card=str(text))
    token = text.strip().upper()
    rank_text, suit_text = token[:-1], token[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_LETTERS:
        raise BadInput(f"{text!r} is not a card: rank must be one of {' '.join(RANK_LETTERS)}", "bad-card", card=text)
    if suit_text not in SUIT_LETTERS:
        raise BadInput(f"{text!r} is not a card: suit must be one of C D H S", "bad-card", card=text)
    return make_card(RANK_LETTERS.index(rank_text) + 1, SUIT_LETTERS.index(suit_text))


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [format_card(c) for c in cards]


def ordered_packs() -> list[Card]:
    """Two packs in order: pack 1 then pack 2, suits C D H S, ranks A..K."""
    return [make_card(rank, suit) for _pack in range(2) for suit in SUITS for rank in RANKS]


def splitmix64(seed: int) -> Iterable[int]:
    """The SplitMix64 generator of SPEC.md, seeded with ``seed``.

    >>> gen = splitmix64(0); hex(next(gen))
    '0xe220a8397b1dcdaf'
    """
    state = seed & _MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def parse_deal(deal: object) -> int:
    """Accept a deal number 0 <= N < 2**64 (an int or its decimal text in ASCII digits), else raise
    BadInput (``bad-deal``: not an integer; ``deal-out-of-range``).

    >>> parse_deal(" 42 "), parse_deal(7)
    (42, 7)
    >>> parse_deal("١٢")
    Traceback (most recent call last):
    ...
    cadogan.errors.BadInput: deal number must be an integer from 0 to 2^64-1, not '١٢'
    """
    if isinstance(deal, bool):
        raise BadInput(f"deal number must be an integer, not {deal!r}", "bad-deal", deal=str(deal))
    if isinstance(deal, str):
        text = deal.strip()
        if not _DEAL_TEXT.fullmatch(text) or text.startswith("-") and not text.strip("-0"):  # "-0" too
            raise BadInput(f"deal number must be an integer from 0 to 2^64-1, not {deal!r}", "bad-deal", deal=deal)
        if len(text.lstrip("-0")) > _DEAL_DIGITS:  # before int(): Python refuses numbers of over 4,300 digits
            raise BadInput(f"deal number {text[:30]}... is out of range: it must be from 0 to 2^64-1",
                           "deal-out-of-range", deal=text[:30])
        deal = int(text)
    if not isinstance(deal, int):
        raise BadInput(f"deal number must be an integer, not {deal!r}", "bad-deal", deal=str(deal))
    if not 0 <= deal < MAX_DEAL:
        raise BadInput(f"deal number {deal} is out of range: it must be from 0 to 2^64-1", "deal-out-of-range",
                       deal=str(deal))
    return deal


def random_deal() -> int:
    """A random deal number, 0 <= n < ``RANDOM_DEALS``: the one way front ends draw a new deal."""
    return random.randrange(RANDOM_DEALS)


def dealing_order(deal: int) -> list[Card]:
    """The 104 cards of deal ``deal``, index 0 being the first card dealt (SPEC.md).

    >>> format_cards(dealing_order(42)[-3:])
    ['7C', '7D', 'TC']
    """
    deal = parse_deal(deal)
    cards = ordered_packs()
    rng = splitmix64(deal)
    for i in range(len(cards) - 1, 0, -1):
        j = next(rng) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards
