"""Properties over random legal games of every variant (hypothesis)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cadogan import games
from cadogan.games.base import Move
from cadogan.history import History

VARIANTS = [(g.id, v) for g in games.all_games() for v in g.variants]
deals = st.integers(min_value=0, max_value=2**64 - 1)
# A game is a seed for the move choices and a length: deep games (hundreds of moves) are reached,
# and hypothesis still shrinks a failure to a short one.
def _picks(seed_and_length: tuple[int, int]) -> list[int]:
    rng = random.Random(seed_and_length[0])
    return [rng.randrange(10**6) for _ in range(seed_and_length[1])]


choices = st.tuples(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=400)).map(_picks)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(game_id, variant, deal, picks):
    """Play legal moves chosen by ``picks``; return the state and the positions seen."""
    state = games.load(game_id, variant, deal)
    seen = [json.dumps(state.to_json())]
    for pick in picks:
        moves = state.legal_moves()
        if not moves:
            break
        state.push(moves[pick % len(moves)])
        seen.append(json.dumps(state.to_json()))
    return state, seen


def card_counts(state):
    counts = {}
    for card in state.cards_everywhere():
        counts[card] = counts.get(card, 0) + 1
    return counts


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@SETTINGS
@given(deal=deals, picks=choices)
def test_all_104_cards_are_always_present(game_id, variant, deal, picks):
    state = games.load(game_id, variant, deal)
    for pick in picks:
        moves = state.legal_moves()
        if not moves:
            break
        state.push(moves[pick % len(moves)])
        counts = card_counts(state)
        assert len(counts) == 52 and set(counts.values()) == {2}


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@SETTINGS
@given(deal=deals, picks=choices)
def test_undo_restores_every_earlier_position_exactly(game_id, variant, deal, picks):
    state, seen = random_game(game_id, variant, deal, picks)
    for expected in reversed(seen[:-1]):
        state.pop()
        assert json.dumps(state.to_json()) == expected
    assert not state.move_stack


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@SETTINGS
@given(deal=deals, picks=choices)
def test_position_json_round_trips_with_the_same_legal_moves(game_id, variant, deal, picks):
    state, _ = random_game(game_id, variant, deal, picks)
    obj = json.loads(json.dumps(state.to_json()))
    again = games.from_json(obj)
    assert again.to_json() == state.to_json()
    assert again.legal_moves() == state.legal_moves()
    assert again.is_won() == state.is_won() and again.is_lost() == state.is_lost()


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@SETTINGS
@given(deal=deals, picks=choices)
def test_every_generated_move_is_legal_round_trips_as_text_and_others_are_refused(game_id, variant, deal, picks):
    state, _ = random_game(game_id, variant, deal, picks)
    legal = state.legal_moves()
    for move in legal:
        assert Move.from_text(str(move)) == move
        assert state.why_illegal(move) is None, str(move)
    assert len(set(legal)) == len(legal)
    # every other well-formed move on this game's piles is refused with a reason
    codes = [c for c in range(26) if state.has_pile(c)]
    candidates = {Move(s, d) for s in codes for d in codes if s != d and d > 1} | {games.DEAL, games.REDEAL}
    for move in candidates - set(legal):
        reason = state.why_illegal(move)
        assert isinstance(reason, str) and reason, str(move)


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@SETTINGS
@given(deal=deals, picks=choices)
def test_replaying_the_record_reproduces_the_game(game_id, variant, deal, picks):
    state, _ = random_game(game_id, variant, deal, picks)
    again = games.parse_record(state.record())
    assert again.to_json() == state.to_json()
    assert again.move_stack == state.move_stack


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@SETTINGS
@given(deal=deals, picks=choices)
def test_undo_then_redo_returns_to_the_same_position(game_id, variant, deal, picks):
    state, _ = random_game(game_id, variant, deal, picks)
    history = History(state)
    final = state.to_json()
    undone = len(state.move_stack) // 2
    for _ in range(undone):
        history.undo()
    for _ in range(undone):
        history.redo()
    assert state.to_json() == final


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@SETTINGS
@given(deal=deals, picks=choices)
def test_copy_is_independent(game_id, variant, deal, picks):
    state, _ = random_game(game_id, variant, deal, picks)
    clone = state.copy()
    before = state.to_json()
    moves = clone.legal_moves()
    if moves:
        clone.push(moves[0])
        assert state.to_json() == before
        clone.pop()
    assert clone.to_json() == before
