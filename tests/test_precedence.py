"""Precedence, rule by rule (RULES.md)."""

import pytest

from cadogan import games
from cadogan.cards import dealing_order, format_cards
from cadogan.errors import IllegalMove

from handmade import build, moves_text

G = "precedence"


def prec(foundations, waste=(), variant="king-out", **kw):
    padded = [list(f) for f in foundations] + [[] for _ in range(8 - len(foundations))]
    return build(G, variant, foundations=padded, waste=list(waste), **kw)


@pytest.mark.parametrize("deal", [0, 1, 42])
def test_king_out_starts_f1_with_the_first_king(deal):
    order = format_cards(dealing_order(deal))
    first_king = next(i for i, c in enumerate(order) if c[0] == "K")
    state = games.load(G, "king-out", deal)
    assert state.to_json()["foundations"][0] == [order[first_king]]
    assert state.to_json()["stock"] == order[:first_king] + order[first_king + 1:]


def test_first_king_variant_starts_with_all_104_cards_in_the_stock():
    state = games.load(G, "first-king", 42)
    assert state.to_json()["stock"] == format_cards(dealing_order(42))
    assert not any(state.foundations)


def test_first_king_variant_f1_is_started_by_a_king():
    state = prec([], waste=["QH"], variant="first-king")
    with pytest.raises(IllegalMove, match="started by a King"):
        state.play("w>f1")
    state2 = prec([], waste=["KD"], variant="first-king")
    state2.play("w>f1")


def test_jack_is_refused_on_f3_while_f2_is_empty():
    state = prec([["KS"]], waste=["JH"])
    with pytest.raises(IllegalMove, match="cannot be started before f2"):
        state.play("w>f3")


def test_queen_may_start_f2_or_go_on_the_king_of_f1():
    state = prec([["KS"]], waste=["QC"])
    assert moves_text(state) >= {"w>f1", "w>f2"}


def test_foundations_build_down_regardless_of_suit_round_the_corner():
    state = prec([["KS", "QH", "JD", "TC", "9S", "8H", "7D", "6C", "5S", "4H", "3D", "2C", "AS"],
                  ["QD", "JC", "TS", "9H", "8D", "7C", "6S", "5H", "4D", "3C", "2S", "AH"]], waste=["KC"])
    state.play("w>f2")  # King on an Ace: round the corner
    assert len(state.foundations[1]) == 13


def test_a_fourteenth_card_is_refused():
    full = ["KS", "QH", "JD", "TC", "9S", "8H", "7D", "6C", "5S", "4H", "3D", "2C", "AS"]
    state = prec([full], waste=["KC"])
    with pytest.raises(IllegalMove, match="complete"):
        state.play("w>f1")


def test_only_the_waste_top_moves():
    state = prec([["KS"]], waste=["QC", "7H"])
    assert moves_text(state) == {"deal"}
    with pytest.raises(IllegalMove):
        state.play("w>f2")


def test_redeal_turns_the_waste_over_first_dealt_first():
    state = games.load(G, "king-out", 4)
    order = state.to_json()["stock"]
    while state.stock:
        state.play("deal")
    assert moves_text(state) >= {"redeal"}
    state.play("redeal")
    assert state.to_json()["stock"] == order and not state.waste


def test_exactly_two_redeals():
    state = games.load(G, "king-out", 4)
    for _ in range(2):
        while state.stock:
            state.play("deal")
        state.play("redeal")
    while state.stock:
        state.play("deal")
    assert "redeal" not in moves_text(state)
    with pytest.raises(IllegalMove, match="both redeals"):
        state.play("redeal")
    assert state.to_json()["redeals_left"] == 0


def test_no_redeal_while_the_stock_lasts():
    with pytest.raises(IllegalMove, match="only when the stock is empty"):
        games.load(G, "king-out", 4).play("redeal")


def test_after_the_last_pass_the_waste_top_may_still_be_played():
    state = prec([["KS"]], waste=["QC"], rest="waste", redeals_left=0)
    assert not state.stock
    assert moves_text(state) == {"w>f1", "w>f2"} and not state.is_lost()


@pytest.mark.parametrize("redeals_left,lost", [(0, True), (1, False)])
def test_game_is_lost_when_no_move_remains(redeals_left, lost):
    state = prec([["KS"]], waste=["5H"], rest="waste", redeals_left=redeals_left)
    assert state.is_lost() is lost
    assert moves_text(state) == (set() if lost else {"redeal"})


def test_position_names_each_foundations_base_and_last_card():
    pos = games.load(G, "king-out", 1).to_json()
    assert pos["bases"] == ["K", "Q", "J", "T", "9", "8", "7", "6"]
    assert pos["ends"] == ["A", "K", "Q", "J", "T", "9", "8", "7"]
