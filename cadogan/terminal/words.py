"""What the terminal says about moves and positions, read off position objects: no rule is decided here.

>>> from cadogan.termboard import Board
>>> before = {"waste": [], "stock": ["3D"]}; after = {"waste": ["3D"], "stock": []}
>>> effect(Board(symbols=False), "deal", before, after)
'3D turned up'
>>> tokens("w f1 wf1 t3->f2 deal"), count(1, "move"), count(2, "move"), when(0), when(12)
(['w>f1', 'w>f1', 't3>f2', 'deal'], '1 move', '2 moves', 'at the start', 'after move 12')
>>> result_words("check", Result.UNKNOWN, seconds=1.0)
'The solver could not decide in 1 s whether the game can still be won.'
"""

from __future__ import annotations

import re
from typing import Any

from cadogan.games.base import State
from cadogan.solver.outcome import Finding, Result
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


#: What the terminal game says of the solver's results, by the question asked and its answer: the
#: one place these words are chosen (fields in braces are filled by ``result_words``).
RESULT_WORDS: dict[tuple[str, Result | Finding], str] = {
    ("hint", Result.LOST): "The solver says this position is lost: no line of play wins from here.",
    ("hint", Result.WON): "Hint: {move} — the game can still be won",
    ("hint", Result.UNKNOWN): "Hint: {move} — the solver could not decide in {seconds:g} s whether this game "
                              "can still be won",
    ("check", Result.WON): "✓ Still winnable.",
    ("check", Result.UNKNOWN): "The solver could not decide in {seconds:g} s whether the game can still be won.",
    ("check", Result.LOST): "This game can no longer be won, though it could {since}: u undoes a move.",
    ("solution", Result.LOST): "This deal is lost: the solver proved that no line wins.",
    ("solution", Result.UNKNOWN): "No winning line found in {seconds:g} s — this does not mean the deal is lost.",
    ("solution", Result.WON): "The solution{earlier}: {moves} from the start of the deal. Your game is kept; "
                              "q brings you back to it.",
    ("analysis", Finding.NEVER_WINNABLE): "Nothing you played lost this game: the solver proved the deal lost "
                                          "from the start.",
    ("analysis", Finding.UNKNOWN): "The solver could not decide in {seconds:g} s where the game was lost — this "
                                   "does not mean it was not.",
    ("analysis", Finding.WINNABLE): "Nothing went wrong yet: the game can still be won, in {moves} more. Step "
                                    "through them, or q to play on.",
    ("analysis", Finding.WENT_WRONG): "The game went wrong at move {number}: {losing}. It could still be won "
                                      "{since}; after that move it cannot. Shown: the position before it. Step "
                                      "through a winning line from there, type back to take your game back to "
                                      "it, or q to return.",
}


def result_words(question: str, result: Result | Finding, **fields: Any) -> str:
    """The words of ``RESULT_WORDS`` for ``question`` (hint, check, solution, analysis) and its answer."""
    return RESULT_WORDS[question, result].format(**fields)
