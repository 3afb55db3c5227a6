"""The board of ``cadogan play``: a position object drawn as lines of rich ``Text``, for any game.

Only the player's view of the position (``cadogan.games.view``: the position object with every
unseen stock card ``"??"``) and the game's layout hooks (``tableau_grid``, ``fanned``, ``has_waste``)
are read, so no unseen card can be drawn; no rule of any game is decided here.  Suits are symbols with
colour on a terminal, letters in plain text:

>>> from cadogan.games import load
>>> lines = Board(symbols=False).draw(load("square", "classic", 3))
>>> print(lines[0].plain); print(lines[3].plain)
Square · classic · deal 3 · move 0
f1  AC   1/13  ^ next 2C   ends KC
"""

from __future__ import annotations

import re
from typing import Any

from cadogan.cards import RANK_LETTERS
from cadogan.games.base import STOCK, State
from cadogan.games.view import UNSEEN, player_view

_CARD_RE = re.compile(r"\b[A2-9TJQK][CDHS]\b")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
TWO_COLOURS = {"C": "bold", "D": "bold red", "H": "bold red", "S": "bold"}
FOUR_COLOURS = {"C": "bold green", "D": "bold bright_blue", "H": "bold red", "S": "bold"}


class Board:
    """Draws a position object as lines of rich ``Text``, for any game."""

    def __init__(self, symbols: bool = True, four_colour: bool = False) -> None:
        self.symbols = symbols
        self.colours = FOUR_COLOURS if four_colour else TWO_COLOURS
        self.up, self.down = ("↑", "↓") if symbols else ("^", "v")

    def cards_in(self, message: str) -> str:
        """A message with its cards written as on the board: 'AD on TD' becomes 'A♦ on T♦'."""
        return _CARD_RE.sub(lambda m: self.plain_card(m.group(0)), message) if self.symbols else message

    def plain_card(self, text: str) -> str:
        return text[:-1] + SUIT_SYMBOLS[text[-1]] if self.symbols else text

    def card(self, text: str | None, style: str = "") -> Any:
        from rich.text import Text
        if not text:
            return Text("--", style="dim")
        return Text(self.plain_card(text), style=f"{self.colours[text[-1]]} {style}".strip())

    def draw(self, state: State) -> list[Any]:
        from rich.text import Text
        pos = player_view(state).to_json()
        game = state.game
        head = Text()
        head.append(game.title, style="bold")
        head.append(f" · {state.variant} · deal {state.deal} · move {len(state.move_stack)}")
        lines = [head, self._stock_line(pos, game.has_waste)]
        if not game.has_waste and pos["stock"] and pos["stock"][0] != UNSEEN and any(
                m.src == STOCK for m in state.legal_moves()):
            # No waste: a card taken from the stock is held face up until it is placed (Square free).
            hand = Text("   next card to place: ")
            hand.append_text(self.card(pos["stock"][0]))
            lines.append(hand)
        if pos.get("received"):
            lines.append(Text(f"   placed this round: {' '.join(pos['received'])}", style="dim"))
        lines.append(Text(""))
        lines.extend(self._foundation_lines(pos))
        grid = game.tableau_grid(state)
        if grid:
            lines.append(Text(""))
            lines.extend(self._tableau_lines(pos, grid, game.fanned))
        return lines

    def _stock_line(self, pos: dict[str, Any], has_waste: bool) -> Any:
        from rich.text import Text
        line = Text()
        line.append("s", style="cyan")
        line.append(f"  stock {len(pos['stock'])}")
        if has_waste:
            waste = pos["waste"]
            line.append("    ")
            line.append("w", style="cyan")
            line.append("  waste ")
            if not waste:
                line.append("--", style="dim")
            else:
                if len(waste) > 8:
                    line.append("… ", style="dim")
                for card in waste[-8:-1]:
                    line.append_text(self.card(card, "dim"))
                    line.append(" ")
                line.append_text(self.card(waste[-1], "reverse" if self.symbols else ""))
                line.append(f"  ({len(waste)})", style="dim")
        if "redeals_left" in pos:
            line.append(f"    redeals left {pos['redeals_left']}")
        if "phase" in pos:
            line.append(f"    phase: {pos['phase']}")
        return line

    def _foundation_lines(self, pos: dict[str, Any]) -> list[Any]:
        from rich.text import Text
        piles = pos["foundations"]
        needs = pos.get("needs") or [None] * len(piles)
        ends = pos.get("ends") or [None] * len(piles)
        size = 104 // len(piles)
        lines = []
        for k, (pile, need) in enumerate(zip(piles, needs)):
            line = Text()
            line.append(f"f{k + 1:<3}", style="cyan")
            line.append_text(self.card(pile[-1] if pile else None))
            line.append(f"  {len(pile):2}/{size}  ", style="dim")
            step = _step(pile[-1], need) if pile and need else 0
            line.append(self.up if step > 0 else self.down if step < 0 else " ")
            if need:
                line.append(" next ")
                line.append_text(self.card(need) if len(need) == 2 else Text(f"any {need}", style="bold"))
            elif pile:
                line.append(" complete", style="green")
            else:
                line.append(" not open yet", style="dim")
            end = ends[k] or (_end_of(pile, need, size, step) if pile and need else None)
            if end:
                line.append("   ends ")
                line.append_text(self.card(end) if len(end) == 2 else Text(end))
            lines.append(line)
        return lines

    def _tableau_lines(self, pos: dict[str, Any], grid: list[list[int]], fanned: bool) -> list[Any]:
        from rich.text import Text
        tableau = pos["tableau"]
        directions = pos.get("directions")
        lines = []
        for r, row in enumerate(grid):
            if fanned:
                if r:
                    lines.append(Text(""))
                head = Text()
                for i in row:
                    label = f"t{i + 1}"
                    arrow = {"up": self.up, "down": self.down}.get(directions[i], "") if directions else ""
                    head.append(f"{label:<4}", style="cyan")
                    head.append(f"{arrow:<3}", style="bold")
                lines.append(head)
                for depth in range(max(1, *(len(tableau[i]) for i in row))):
                    line = Text()
                    for i in row:
                        pile = tableau[i]
                        if depth < len(pile):
                            line.append_text(self.card(pile[depth], "" if depth == len(pile) - 1 else "dim"))
                            line.append(" " * (7 - len(pile[depth])))
                        else:
                            line.append_text(Text("--" if depth == 0 else "  ", style="dim"))
                            line.append(" " * 5)
                    lines.append(line)
            else:
                line = Text()
                for i in row:
                    pile = tableau[i]
                    line.append(f"{'t' + str(i + 1):>4} ", style="cyan")
                    line.append_text(self.card(pile[-1] if pile else None))
                    line.append(f" ({len(pile)})".ljust(6) if pile else " " * 6, style="dim")
                    line.append("  ")
                lines.append(line)
        for line in lines:
            line.rstrip()
        return lines


def _rank(text: str) -> int:
    return RANK_LETTERS.index(text[0]) + 1


def _step(top: str, need: str) -> int:
    """+1 if a foundation builds up from ``top`` to ``need``, -1 if down (round the corner counts)."""
    diff = (_rank(need) - _rank(top)) % 13
    return 1 if diff == 1 else -1


def _end_of(pile: list[str], need: str, size: int, step: int) -> str | None:
    """The card a 13-card foundation ends on, counted on from what it needs next."""
    if size != 13:
        return None
    rank = (_rank(need) - 1 + (size - len(pile) - 1) * step) % 13
    return RANK_LETTERS[rank] + (need[1:] if len(need) == 2 else "")
