"""Position objects that break the rules are refused with a message naming the fault."""

from __future__ import annotations

import copy

import pytest

from cadogan import games
from cadogan.errors import BadInput


def start(game_id, variant=None, deal=3):
    return games.load(game_id, variant, deal).to_json()


def refused(obj, match):
    with pytest.raises(BadInput, match=match):
        games.from_json(obj)


@pytest.mark.parametrize("game_id", ["british-square", "square", "precedence"])
def test_a_missing_card_is_named(game_id):
    obj = start(game_id)
    obj["stock"].pop()
    refused(obj, "103 cards instead of 104")


@pytest.mark.parametrize("game_id", ["british-square", "square", "precedence"])
def test_a_third_copy_of_a_card_is_refused(game_id):
    obj = start(game_id)
    card = obj["stock"][0]
    obj["stock"] = [card if c != obj["stock"][1] else c for c in obj["stock"]]
    obj["stock"][1] = card
    obj["stock"][2] = card
    refused(obj, f"{card} appears")


@pytest.mark.parametrize("obj,match", [
    ([], "must be a JSON object"),
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"game": "square", "variant": "hard"}, "unknown variant 'hard'"),
])
def test_not_a_position(obj, match):
    refused(obj, match)


def test_bad_card_text_names_its_pile():
    obj = start("precedence")
    obj["stock"][5] = "ZZ"
    refused(obj, r"stock: 'ZZ' is not a card")


def test_wrong_number_of_piles():
    obj = start("square")
    obj["tableau"].pop()
    refused(obj, "tableau must be a list of 12 piles")


def test_bad_deal_field():
    obj = start("square")
    obj["deal"] = -5
    refused(obj, "out of range")


def test_impossible_british_foundation():
    obj = start("british-square", "columns")
    ace = next(c for c in obj["stock"] if c == "AH")
    three = next(c for c in obj["stock"] if c == "3H")
    obj["stock"].remove(ace)
    obj["stock"].remove(three)
    obj["foundations"][0] = [ace, three]
    refused(obj, "f1 is impossible: 3H")


def test_two_british_foundations_in_one_suit():
    obj = start("british-square", "columns")
    for _ in range(2):
        obj["stock"].remove("AH")
    obj["foundations"][0] = ["AH"]
    obj["foundations"][2] = ["AH"]
    refused(obj, "two foundations are built in H")


def test_square_foundation_must_start_with_its_base():
    obj = start("square")
    obj["foundations"][0], obj["foundations"][1] = obj["foundations"][1], obj["foundations"][0]
    refused(obj, "f1 must start with AC")


def test_square_bottom_row_never_empty_while_dealing():
    obj = start("square")
    obj["stock"] = obj["tableau"][9] + obj["stock"]
    obj["tableau"][9] = []
    refused(obj, "bottom row")


@pytest.mark.parametrize("value", [3, -1, "2", True])
def test_redeals_left_out_of_range(value):
    for game_id in ("square", "precedence"):
        obj = start(game_id)
        obj["redeals_left"] = value
        refused(obj, "redeals_left")


def test_precedence_foundations_start_left_to_right():
    obj = start("precedence")
    jack = next(c for c in obj["stock"] if c[0] == "J")
    obj["stock"].remove(jack)
    obj["foundations"][2] = [jack]
    refused(obj, "f3 is started but f2 is not")


def test_precedence_foundation_order():
    obj = start("precedence")
    queen = next(c for c in obj["stock"] if c[0] == "J")
    obj["stock"].remove(queen)
    obj["foundations"][0].append(queen)
    refused(obj, "f1 is impossible")


def test_king_out_needs_a_king_on_f1():
    obj = start("precedence")
    obj["stock"].append(obj["foundations"][0].pop())
    refused(obj, "king-out")


def test_a_refused_position_leaves_the_caller_object_unchanged():
    obj = start("precedence")
    obj["redeals_left"] = 9
    before = copy.deepcopy(obj)
    refused(obj, "redeals_left")
    assert obj == before


def test_a_waste_in_square_is_refused():
    obj = start("square")
    obj["waste"] = [obj["stock"].pop()]
    refused(obj, "no waste")
