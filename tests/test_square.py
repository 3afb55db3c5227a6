"""Square («Квадрат»), rule by rule (RULES.md)."""

import pytest

from cadogan import games
from cadogan.cards import ACE, KING, dealing_order, format_cards, rank_of, suit_of
from cadogan.errors import IllegalMove
from cadogan.solver.knowledge import knowledge_of

from handmade import build, moves_text

G = "square"
DEAL_ORDER = [10, 7, 4, 1, 11, 8, 5, 2, 12, 9, 6, 3]
GATHER_ORDER = [10, 7, 4, 1, 2, 3, 6, 9, 12, 11, 8, 5]
UPPER = [["9C"], ["9D"], ["9S"], ["TC"], ["TD"], ["TS"], ["JC"], ["JD"], ["JS"]]  # t1..t9, not playable
BASES = [["AC"], ["AD"], ["AH"], ["AS"], ["KC"], ["KD"], ["KH"], ["KS"]]


def stock_after_bases(deal):
    """The dealing order less the first Ace and first King of each suit."""
    taken, rest = set(), []
    for card in dealing_order(deal):
        key = (rank_of(card), suit_of(card))
        if rank_of(card) in (ACE, KING) and key not in taken:
            taken.add(key)
        else:
            rest.append(card)
    return format_cards(rest)


def square(tableau, variant="classic", **kw):
    return build(G, variant, foundations=[list(f) for f in kw.pop("foundations", BASES)], tableau=tableau, **kw)


@pytest.mark.parametrize("deal", [0, 1, 42])
def test_first_ace_and_king_of_each_suit_start_the_foundations(deal):
    state = games.load(G, "free", deal)
    assert state.to_json()["foundations"] == BASES
    assert state.to_json()["stock"] == stock_after_bases(deal)
    assert not any(state.tableau)


@pytest.mark.parametrize("deal", [0, 7])
def test_first_round_is_dealt_column_by_column_from_the_bottom(deal):
    state = games.load(G, "classic", deal)
    rest = stock_after_bases(deal)
    tableau = state.to_json()["tableau"]
    assert [tableau[t - 1] for t in DEAL_ORDER] == [[c] for c in rest[:12]]
    state.play("deal")
    assert [state.to_json()["tableau"][t - 1][1] for t in DEAL_ORDER] == rest[12:24]


def test_only_the_bottom_row_is_playable_while_dealing():
    tableau = [["2C"], ["2D"], ["2H"], ["2S"], ["QC"], ["QD"], ["QH"], ["QS"], ["2C"], ["3H"], ["QH"], ["5S"]]
    state = square(tableau)
    assert moves_text(state) == {"t11>f7", "deal"}
    with pytest.raises(IllegalMove, match="only the bottom row"):
        state.play("t1>f1")
    assert state.playable_piles() == ["t10", "t11", "t12"]


def test_no_building_on_the_square_before_the_stock_is_empty():
    tableau = UPPER + [["3H"], ["4H"], ["5S"]]
    state = square([list(t) for t in tableau], stock=["7D"])
    with pytest.raises(IllegalMove, match="no building"):
        state.play("t10>t11")


def test_an_emptied_bottom_row_pile_is_refilled_at_once_from_the_stock():
    tableau = UPPER + [["7D", "2H"], ["8D"], ["5S"]]
    state = square([list(t) for t in tableau], stock=["JS", "4C"])
    state.play("t10>f3")
    assert state.to_json()["tableau"][9] == ["7D"]       # not empty: no refill
    state2 = square([list(t) for t in UPPER + [["2H"], ["8D"], ["5S"]]], stock=["JS", "4C"])
    state2.play("t10>f3")
    assert state2.to_json()["tableau"][9] == ["JS"]
    assert [str(m) for m in state2.move_stack] == ["t10>f3"]  # the refill is not written
    state2.pop()
    assert state2.to_json()["tableau"][9] == ["2H"] and state2.to_json()["stock"][0] == "JS"


def building_phase(tableau, **kw):
    """Unnamed cards go onto t1, so the stock is empty."""
    return square(tableau, rest=("tableau", 0), **kw)


def test_every_top_card_is_playable_once_the_stock_is_empty():
    tableau = [["9C"], ["2H"], ["8C"], ["QD"]] + [[]] * 8
    state = building_phase([list(t) for t in tableau])
    assert {"t2>f3", "t4>f6", "t3>t1"} <= moves_text(state)


def test_building_phase_has_no_direction_lock():
    tableau = [["3C"], ["8H"], ["7H"], ["9H"], ["6H"], ["8H"]] + [[]] * 6
    state = building_phase([list(t) for t in tableau])
    state.play("t3>t2")   # 7H on 8H: down
    state.play("t5>t2")   # 6H on 7H: down again
    state.pop(); state.pop()
    state.play("t2>t4")   # 8H on 9H
    state.play("t3>t4")   # 7H on 8H
    state.play("t6>t4")   # 8H back up on 7H: no lock in Square
    with pytest.raises(IllegalMove, match="same suit one rank"):
        state.play("t1>t4")


def test_empty_piles_stay_empty_in_the_building_phase():
    tableau = [["3C"], ["2H"]] + [[]] * 10
    state = building_phase([list(t) for t in tableau])
    assert not any(">t" in m and m.split(">")[1] != "t1" and m.split(">")[1] in
                   {f"t{i}" for i in range(3, 13)} for m in moves_text(state))
    with pytest.raises(IllegalMove, match="empty piles stay empty"):
        state.play("t2>t5")


def test_gathering_order_and_the_new_first_round():
    state = games.load(G, "classic", 3)
    while state.stock:
        state.play("deal")
    before = state.to_json()["tableau"]
    gathered = [card for t in GATHER_ORDER for card in before[t - 1]]
    state.play("redeal")
    after = state.to_json()
    assert after["redeals_left"] == 1
    assert [after["tableau"][t - 1] for t in DEAL_ORDER] == [[c] for c in gathered[:12]]
    assert after["stock"] == gathered[12:]
    assert after["phase"] == "dealing"
    state.pop()
    assert state.to_json()["tableau"] == before and not state.stock


def test_exactly_two_gatherings():
    state = games.load(G, "classic", 11)
    for _ in range(2):
        while state.stock:
            state.play("deal")
        assert "redeal" in moves_text(state)
        state.play("redeal")
    while state.stock:
        state.play("deal")
    assert "redeal" not in moves_text(state)
    with pytest.raises(IllegalMove, match="both gatherings"):
        state.play("redeal")


def test_no_gathering_while_the_stock_lasts():
    with pytest.raises(IllegalMove, match="only when the stock is empty"):
        games.load(G, "classic", 1).play("redeal")


def test_free_variant_places_each_card_on_a_pile_not_yet_used_this_round():
    state = games.load(G, "free", 5)
    assert moves_text(state) == {f"s>t{i}" for i in range(1, 13)}
    state.play("s>t5")
    assert "s>t5" not in moves_text(state)
    with pytest.raises(IllegalMove, match="already has its card of this round"):
        state.play("s>t5")
    for i in [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12]:
        state.play(f"s>t{i}")
    assert {f"s>t{i}" for i in range(1, 13)} <= moves_text(state)  # a new round
    assert state.to_json()["received"] == []


def test_free_variant_has_no_deal_and_no_gathering():
    state = games.load(G, "free", 5)
    for move, reason in (("deal", "placed one by one"), ("redeal", "no gathering")):
        with pytest.raises(IllegalMove, match=reason):
            state.play(move)


def test_free_refill_does_not_count_as_the_piles_card_for_the_round():
    tableau = [[]] * 9 + [["2H"], [], []]
    state = square([list(t) for t in tableau], variant="free", stock=["JS", "4C", "5C"], received=["t10"])
    state.play("t10>f3")
    assert state.to_json()["tableau"][9] == ["JS"]
    assert state.to_json()["received"] == ["t10"]


def test_classic_has_no_free_placement():
    with pytest.raises(IllegalMove, match="dealt in rounds"):
        games.load(G, "classic", 2).play("s>t1")


def test_foundations_up_from_ace_and_down_from_king():
    tableau = UPPER + [["2C"], ["QC"], ["2C"]]
    state = square([list(t) for t in tableau])
    assert {"t10>f1", "t11>f5", "t12>f1"} <= moves_text(state)
    with pytest.raises(IllegalMove, match="needs the QC"):
        state.play("t10>f5")


# --- the solver's order of promise (Square.ordered_moves) ------------------------------------
# With the foundations at their bases a card r of ranks 2..Q is min(r - 2, 12 - r) cards from home.
FREE_TABLEAU = [["6D"], ["7H"], ["3S"], ["4C"], ["5D"], ["8C"], ["9D"], ["TC"], ["JD"], ["4H"], ["5H"], ["8S"]]


def free_square(stock, received):
    return square([list(p) for p in FREE_TABLEAU], variant="free", stock=stock, received=received)


def first_placement(state):
    return next(str(m) for m in knowledge_of(G).search_moves(state) if str(m).startswith("s>"))


def test_free_placement_sends_a_card_home_from_the_bottom_row_first():
    state = free_square(["2C", "9S", "TS"], received=[])
    assert first_placement(state) in {"s>t10", "s>t11", "s>t12"}


def test_free_placement_keeps_a_pile_for_a_card_of_the_round_that_fits_it_only():
    # Open piles t1 (6D, 4 from home), t2 (7H, 5), t3 (3S, 1).  5C (3) fits best on 6D, but the
    # 6S coming this round fits 6D and not 3S, so the round's matching gives 5C the 7H.
    received = [f"t{i}" for i in range(4, 13)]
    assert first_placement(free_square(["5C", "2D", "3H"], received)) == "s>t1"
    assert first_placement(free_square(["5C", "6S", "2D"], received)) == "s>t2"
    order = [str(m) for m in knowledge_of(G).search_moves(free_square(["5C", "2D", "3H"], received))]
    assert order.index("s>t2") < order.index("s>t3")  # on a card needed later before one needed sooner


def test_builds_that_uncover_a_card_wanted_home_come_first_then_the_closest_fit():
    tableau = [["2C", "9H"], ["TH"], [], ["5D", "6S"], ["7S"], ["5S"]] + [[]] * 5 + [["7D"]]
    state = square(tableau, variant="free", stock=[], rest=("tableau", 11))
    order = [str(m) for m in knowledge_of(G).search_moves(state)]
    assert order[0] == "t1>t2"                        # 9H onto TH uncovers the 2C
    assert order.index("t4>t5") < order.index("t4>t6")  # 6S onto 7S (needed later), not onto 5S


def test_free_placement_puts_a_foundations_last_card_over_the_fewest_other_cards():
    # A King of the stock finishes its foundation and, in a win, moves only home: every card under
    # it waits for that, so it goes where it covers the fewest cards other than such last cards.
    tableau = [["6D", "7H"], ["AS", "KD"], ["3S"]] + [list(pile) for pile in FREE_TABLEAU[3:]]
    received = [f"t{i}" for i in range(4, 13)]
    state = square(tableau, variant="free", stock=["KC", "5C", "9H"], received=received)
    order = [str(m) for m in knowledge_of(G).search_moves(state) if str(m).startswith("s>")]
    assert order == ["s>t2", "s>t3", "s>t1"]
