"""The player's view (RULES.md "What a player sees", SPEC.md "The player's view")."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cadogan import games
from cadogan.cards import ordered_packs, parse_card
from cadogan.cli import main
from cadogan.errors import BadInput
from cadogan.games.base import REDEAL
from cadogan.games.view import UNSEEN, View, player_view, unseen_count

VARIANTS = [(g.id, v) for g in games.all_games() for v in g.variants]
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
choices = st.tuples(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=500))


def play_randomly(game_id, variant, deal, seed, length):
    """Random legal play; returns the state and how many stock cards were never turned up,
    counted from the history alone: the stock only shrinks from the top until a redeal, which
    gathers cards that were all seen; free Square shows the next stock card."""
    rng = random.Random(seed)
    state = games.load(game_id, variant, deal)
    lowest, redealt = len(state.stock), False
    for _ in range(length):
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        state.push(move)
        redealt = redealt or move == REDEAL
        lowest = min(lowest, len(state.stock))
    never_seen = 0 if redealt else lowest
    if variant == "free" and state.stock:
        never_seen -= 1
    return state, never_seen


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@SETTINGS
@given(deal=st.integers(min_value=0, max_value=2**64 - 1), game=choices)
def test_the_view_hides_exactly_the_cards_never_turned_up(game_id, variant, deal, game):
    state, never_seen = play_randomly(game_id, variant, deal, *game)
    view = player_view(state)
    obj = view.to_json()
    assert view.hidden == never_seen == obj["stock"].count(UNSEEN)
    assert obj["deal"] is None
    # The unseen multiset and the cards shown are the two packs.
    shown = [c for c in obj["stock"] if c != UNSEEN] + obj["waste"] + sum(obj["foundations"] + obj["tableau"], [])
    assert sorted(map(parse_card, shown + obj["unseen"])) == sorted(ordered_packs())
    # Nothing of the unseen order is in the view: any other order of those cards gives the same view.
    other = state.copy()
    bottom = other.stock[:view.hidden]
    random.Random(game[0]).shuffle(bottom)
    other.stock[:view.hidden] = bottom
    other.deal = None if state.deal else 1
    assert json.dumps(player_view(other).to_json()) == json.dumps(obj)
    # And the view reads back to itself.
    assert View.from_json(json.loads(json.dumps(obj))).to_json() == obj


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_a_sample_fits_the_view(game_id, variant):
    state, _ = play_randomly(game_id, variant, 5, 7, 30)
    view = player_view(state)
    sample = view.sample(random.Random(1))
    assert player_view(sample).to_json() == view.to_json()
    assert sorted(sample.stock[:view.hidden]) == sorted(view.unseen)


@pytest.mark.parametrize("game_id,variant,deal", [("precedence", "king-out", 2), ("square", "classic", 4)])
def test_after_a_redeal_the_new_stock_was_all_seen(game_id, variant, deal):
    state = games.load(game_id, variant, deal)
    while state.stock:
        state.play("deal")
    assert unseen_count(state) == 0
    state.play("redeal")
    view = player_view(state).to_json()
    assert state.stock and unseen_count(state) == 0
    assert player_view(state).exact and UNSEEN not in view["stock"] and view["unseen"] == []


def test_square_free_shows_the_next_stock_card():
    state = games.load("square", "free", 4)
    obj = player_view(state).to_json()
    assert obj["stock"][0] != UNSEEN and obj["stock"][1:] == [UNSEEN] * 95
    assert obj["stock"][0] == state.to_json()["stock"][0]


def test_british_square_hides_the_whole_stock():
    obj = player_view(games.load("british-square", "piles", 4)).to_json()
    assert obj["stock"] == [UNSEEN] * 88 and len(obj["unseen"]) == 88


def _view(game_id="precedence", variant="king-out", deal=3, moves=("deal", "deal")):
    return player_view(games.replay(games.get(game_id), variant, deal, list(moves))).to_json()


@pytest.mark.parametrize("change,message", [
    (lambda v: v.update(unseen=v["unseen"][1:]), "the stock hides 101 cards (??) but unseen lists 100"),
    (lambda v: v.update(unseen=v["unseen"][:-1] + ["XX"]), "unseen: "),
    (lambda v: v.update(deal=3), "deal must be null"),
    (lambda v: v.update(unseen="AC"), "unseen must be a list"),
    (lambda v: v["waste"].append(UNSEEN), "waste holds ??"),
    (lambda v: v["stock"].__setitem__(0, UNSEEN) or v["stock"].__setitem__(-1, "AC"),
     "must be the last of the stock"),
])
def test_a_broken_view_is_refused_naming_the_fault(change, message):
    view = _view()
    change(view)
    with pytest.raises(BadInput, match="^view: ") as err:
        View.from_json(view)
    assert message in str(err.value)


def test_an_unseen_card_that_does_not_fit_is_named():
    view = _view()
    shown = view["waste"][0]
    view["unseen"][view["unseen"].index(next(c for c in view["unseen"] if c != shown))] = shown
    with pytest.raises(BadInput, match=f"unseen {shown} does not fit"):
        View.from_json(view)


def test_unseen_cards_where_the_player_has_seen_the_stock_are_refused():
    state = games.load("precedence", "king-out", 2)
    while state.stock:
        state.play("deal")
    state.play("redeal")
    view = player_view(state).to_json()
    view["unseen"] = sorted(view["stock"][-3:])
    view["stock"][-3:] = [UNSEEN] * 3
    with pytest.raises(BadInput, match="0 stock cards are unseen in this position"):
        View.from_json(view)


def test_deal_and_replay_print_the_view(capsys):
    assert main(["deal", "british-square", "--deal", "8", "--json", "--view", "player"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj == player_view(games.load("british-square", "piles", 8)).to_json()
    assert main(["replay", "precedence", "--deal", "3", "deal", "deal", "--json", "--view", "player"]) == 0
    assert json.loads(capsys.readouterr().out)["position"] == _view()


def test_view_without_json_is_a_user_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["deal", "square", "--deal", "1", "--view", "player"])
    assert exit_.value.code == 2 and "--json" in capsys.readouterr().err
