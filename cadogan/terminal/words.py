"""What the terminal says about moves and positions, read off position objects: no rule is decided here.

>>> from cadogan.termboard import Board
>>> before = {"waste": [], "stock": ["3D"]}; after = {"waste": ["3D"], "stock": []}
>>> effect(Board(symbols=False), "deal", before, after)
'3D turned up'
>>> tokens("w f1 wf1 t3->f2 deal"), count(1, "move"), count(2, "move"), when(0), when(12)
(['w>f1', 'w>f1', 't3>f2', 'deal'], '1 move', '2 moves', 'at the start', 'after move 12')
"""

from __future__ import annotations

import re
from typing import Any

from cadogan.games.base import State
from cadogan.termboard import Board

_PILE = r"(?:s|w|f\d+|t\d+)"
_PAIR_RE = re.compile(rf"^({_PILE})\s*(?:>|-|->)?\s*({_PILE})$")
_PILE_RE = re.compile(rf"^{_PILE}$")


def describe(board: Board, move: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    """What a move did, read off the positions before and after it: 'w>f2: 7H to f2'."""
    return f"{move}: {effect(board, move, before, after)}"


def effect(board: Board, move: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    """The words of ``describe`` without the move: '7H to f2', '3D turned up'."""
    if move == "deal":
        if after["waste"] and len(after["waste"]) > len(before["waste"]):
            return f"{board.plain_card(after['waste'][-1])} turned up"
        return f"{count(len(before['stock']) - len(after['stock']), 'card')} dealt"
    if move == "redeal":
        left = after.get("redeals_left")
        return "a new pass begins" + (f" ({count(left, 'redeal')} left)" if left is not None else "")
    src, dst = move.split(">")
    card = top_of(after, dst)
    text = f"{board.plain_card(card) if card else 'card'} to {dst}"
    if src != "s" and len(after["stock"]) < len(before["stock"]):
        text += f" ({src} refilled from the stock)"
    return text


def top_of(pos: dict[str, Any], pile: str) -> str | None:
    """The top card of a pile named as in the notation (``w``, ``f2``, ``t5``), None when empty."""
    if pile == "w":
        cards = pos["waste"]
    else:
        kind, number = pile[0], int(pile[1:])
        cards = pos["foundations" if kind == "f" else "tableau"][number - 1]
    return cards[-1] if cards else None


def explain(board: Board, state: State, move: str) -> str:
    """A move about to be made from ``state``, in words: 'w>f2 (7H to f2)', 'deal (deal from the stock)'."""
    if move == "deal":
        return "deal (deal from the stock)"
    if move == "redeal":
        return "redeal (start the next pass)"
    src, dst = move.split(">")
    top = None if src == "s" else top_of(state.to_json(), src)
    card = board.plain_card(top) if top else "the next stock card" if src == "s" else "its card"
    return f"{move} ({card} to {dst})"


def when(moves: int) -> str:
    """'at the start' or 'after move 12': when a position was, counted in moves played."""
    return f"after move {moves}" if moves else "at the start"


def count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def continues(record: str, earlier: str) -> bool:
    """True when ``record`` is ``earlier`` or a game that went on from it."""
    return record == earlier or record.startswith(earlier + " ")


def tokens(line: str) -> list[str]:
    """Split a line into tokens, joining ``w f1`` and ``wf1`` into ``w>f1``."""
    words = line.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if _PILE_RE.match(word.lower()) and i + 1 < len(words) and _PILE_RE.match(words[i + 1].lower()):
            out.append(f"{word}>{words[i + 1]}")
            i += 2
            continue
        pair = _PAIR_RE.match(word.lower())
        out.append(f"{pair.group(1)}>{pair.group(2)}" if pair else word)
        i += 1
    return out
