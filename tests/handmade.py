"""Helpers for building positions by hand, as the rules' examples describe them."""

from __future__ import annotations

from typing import Any

from cadogan import games
from cadogan.cards import format_cards, ordered_packs
from cadogan.games.base import State, count_cards
from cadogan.cards import parse_card


def build(game_id: str, variant: str, *, stock: list[str] | None = None, waste: list[str] | None = None,
          foundations: list[list[str]] | None = None, tableau: list[list[str]] | None = None,
          rest: str | tuple[str, int] = "stock", **extra: Any) -> State:
    """A position from the piles named; every card not named goes to ``rest``.

    ``rest`` is "stock" (the unnamed cards are dealt after the named stock cards), "waste" (under it),
    or ("tableau", i) / ("foundation", i) to pile them there.
    """
    game = games.get(game_id)
    template = game.new_initial_state(variant, 0).to_json()
    obj = {"game": game.id, "variant": variant, "deal": None,
           "stock": list(stock or []), "waste": list(waste or []),
           "foundations": [list(p) for p in (foundations or [[] for _ in template["foundations"]])],
           "tableau": [list(p) for p in (tableau or [[] for _ in template["tableau"]])]}
    obj.update(extra)
    named = [parse_card(c) for c in obj["stock"] + obj["waste"]]
    for pile in obj["foundations"] + obj["tableau"]:
        named += [parse_card(c) for c in pile]
    left = count_cards(ordered_packs())
    for card in named:
        left[card] -= 1
    missing = [card for card in ordered_packs()[:52] for _ in range(left[card])]
    missing = format_cards(missing)
    if rest == "stock":
        obj["stock"] += missing
    elif rest == "waste":
        obj["waste"] = missing + obj["waste"]
    else:
        kind, index = rest
        obj["tableau" if kind == "tableau" else "foundations"][index] = missing + obj[
            "tableau" if kind == "tableau" else "foundations"][index]
    return game.from_json(obj)


def moves_text(state: State) -> set[str]:
    return {str(m) for m in state.legal_moves()}



def run_cli(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    """Run ``cadogan ARGV...`` in-process: (exit status, stdout, stderr)."""
    import io
    import sys

    from cadogan.cli import main

    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err
