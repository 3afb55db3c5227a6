"""``cadogan play`` shows the player's view only: two deals that differ only in the order of cards a
player has not seen are played alike, word for word (a metamorphic test through the whole terminal
session, scripted on standard input)."""

from __future__ import annotations

import argparse
import io
import random
import sys

import pytest

from cadogan import games
from cadogan.games.view import player_view
from cadogan.play import Board, add_play_arguments, run_play

from twins import same_to_a_player, twin_deals

VARIANTS = [(g.id, v) for g in games.all_games() for v in g.variants]
DEAL, TWIN = 11, 9_000_000_011


def session_text(monkeypatch, capsys, game_id: str, variant: str, deal: int, script: str) -> str:
    parser = argparse.ArgumentParser()
    add_play_arguments(parser)
    args = parser.parse_args([game_id, "--variant", variant, "--deal", str(deal)])
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert run_play(args) == 0
    return capsys.readouterr().out.replace(f"deal {deal}", "deal N")


def moves_a_player_cannot_tell_apart(game_id: str, variant: str, seed: int, most: int = 40) -> list[str]:
    """Random legal moves from the start of ``DEAL`` for as long as the twin looks the same."""
    rng = random.Random(seed)
    state = games.load(game_id, variant, DEAL)
    line: list[str] = []
    while len(line) < most and state.legal_moves():
        move = str(rng.choice(state.legal_moves()))
        if not same_to_a_player(game_id, variant, (DEAL, TWIN), line + [move]):
            break
        state.play(move)
        line.append(move)
    return line


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_the_terminal_game_is_the_same_for_deals_a_player_cannot_tell_apart(monkeypatch, capsys, game_id, variant):
    twin_deals(monkeypatch, game_id, variant, DEAL, TWIN)
    line = moves_a_player_cannot_tell_apart(game_id, variant, seed=3)
    assert len(line) >= 5
    script = "\n".join(line + ["m", "u", "r"]) + "\n"
    one = session_text(monkeypatch, capsys, game_id, variant, DEAL, script)
    other = session_text(monkeypatch, capsys, game_id, variant, TWIN, script)
    assert one.count("· move ") >= len(line)  # every move was played and drawn
    assert one == other


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_the_board_draws_no_unseen_card(monkeypatch, game_id, variant):
    """The board of a position and of the same position with its unseen cards in another order."""
    state = games.load(game_id, variant, 5)
    rng = random.Random(5)
    for _ in range(30):
        state.play(rng.choice(state.legal_moves()))
        hidden = player_view(state).hidden
        twin = state.copy()
        bottom = twin.stock[:hidden]
        rng.shuffle(bottom)
        twin.stock[:hidden] = bottom
        board = Board(symbols=False)
        assert [line.plain for line in board.draw(state)] == [line.plain for line in board.draw(twin)]
