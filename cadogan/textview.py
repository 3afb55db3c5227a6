"""A position as plain text, for ``cadogan deal``/``replay`` and for pipes.

Written once for every game: it draws from the position object and the game's layout hooks.
"""

from __future__ import annotations

from cadogan.games.base import State


def render_text(state: State) -> str:
    pos = state.to_json()
    game = state.game
    lines = [f"{game.title} ({state.variant}), deal {state.deal}"]
    extras = []
    if "redeals_left" in pos:
        extras.append(f"redeals left {pos['redeals_left']}")
    if "phase" in pos:
        extras.append(f"phase {pos['phase']}")
    stock = f"s: {len(pos['stock'])} cards"
    waste = f"   w: {' '.join(pos['waste'][-5:]) or '--'}" if game.has_waste else ""
    lines.append(stock + waste + (f"   ({', '.join(extras)})" if extras else ""))
    needs = pos.get("needs", [None] * len(pos["foundations"]))
    for k, (pile, need) in enumerate(zip(pos["foundations"], needs), 1):
        top = pile[-1] if pile else "--"
        lines.append(f"f{k}: {top:3} ({len(pile):2} cards) needs {need or '-'}")
    for row in game.tableau_grid(state):
        cells = []
        for i in row:
            pile = pos["tableau"][i]
            shown = " ".join(pile) if game.fanned else (f"{pile[-1]} ({len(pile)})" if pile else "--")
            cells.append(f"t{i + 1}: {shown or '--'}")
        lines.append("   ".join(cells) if not game.fanned or len(row) > 4 else "\n".join(cells))
    return "\n".join(lines)
