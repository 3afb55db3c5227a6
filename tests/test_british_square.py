"""British Square, rule by rule (RULES.md)."""

import pytest

from cadogan import games
from cadogan.cards import dealing_order, format_cards
from cadogan.errors import BadInput, IllegalMove

from handmade import build, moves_text

G = "british-square"
A_TO_K = "A 2 3 4 5 6 7 8 9 T J Q K".split()


def cols(*piles, **kw):
    """columns variant; unnamed cards go to the stock (dealt after the named ones)."""
    return build(G, "columns", tableau=[list(p) for p in piles], **kw)


def test_columns_deal_four_columns_of_four_with_cards_12_to_15_on_top():
    order = format_cards(dealing_order(42))
    state = games.load(G, "columns", 42)
    assert [t for t in state.to_json()["tableau"]] == [order[k::4][:4] for k in range(4)]
    assert [t[-1] for t in state.to_json()["tableau"]] == order[12:16]
    assert state.to_json()["stock"] == order[16:]


def test_piles_deal_sixteen_single_cards():
    order = format_cards(dealing_order(1))
    state = games.load(G, "piles", 1)
    assert state.to_json()["tableau"] == [[c] for c in order[:16]]
    assert len(state.stock) == 88 and not state.waste


def test_variant_aliases_from_rules_md():
    assert games.load(G, "american", 3).variant == "piles"
    assert games.load(G, "british", 3).variant == "columns"
    assert games.load(G).variant == "piles"


def test_only_top_card_of_a_column_is_available():
    state = cols(["5H", "9C"], ["6H"], ["KS"], ["QD"])
    assert not any(m.startswith("t1>") for m in moves_text(state))  # 5H is under 9C
    with pytest.raises(IllegalMove, match="9C does not go on t2"):
        state.play("t1>t2")


def test_dealt_cards_in_sequence_do_not_fix_a_direction():
    state = cols(["7H", "8H"], ["9H"], ["KS"], ["QD"], waste=["7H"])
    assert state.direction(0) == 0
    assert {"t2>t1", "w>t1"} <= moves_text(state)  # both 9H (up) and 7H (down) go on 8H


def test_a_built_card_fixes_the_direction_up():
    state = cols(["7H"], ["2C", "8H"], ["9H"], ["5D", "7H"], waste=["KS"])
    state.play("t2>t1")                    # 7H 8H: up
    assert state.direction(0) == 1
    with pytest.raises(IllegalMove, match="t1 builds up"):
        state.play("t4>t1")                # the other 7H may not follow
    state.play("t3>t1")                    # 9H may


def test_after_building_down_only_the_next_lower_card_follows():
    state = cols(["8H"], ["2C", "7H"], ["5D", "8H"], ["5D", "6H"], waste=["KS"])
    state.play("t2>t1")                    # 8H 7H: down
    assert state.direction(0) == -1
    with pytest.raises(IllegalMove, match="builds down"):
        state.play("t3>t1")
    state.play("t4>t1")


def test_direction_is_free_again_when_the_built_cards_leave():
    state = cols(["7H"], ["2C", "8H"], ["9H"], ["5D", "6H"], waste=["KS"])
    state.play("t2>t1")                    # 7H 8H up
    state.play("t1>t3")                    # 8H onto 9H: t1 is back to its dealt 7H
    assert state.direction(0) == 0
    state.play("t4>t1")                    # 6H down onto 7H is fine now


def test_building_in_suit_only_and_one_rank_apart():
    state = cols(["7H"], ["8D"], ["9H"], ["QS"])
    reasons = []
    for move in ("t2>t1", "t3>t1"):
        with pytest.raises(IllegalMove) as err:
            state.play(move)
        reasons.append(err.value.reason)
    assert "needs a H card" in reasons[0] and "one rank above or below" in reasons[1]


def test_no_wrap_between_king_and_ace():
    state = cols(["KH"], ["AH"], ["2C"], ["3C"])
    with pytest.raises(IllegalMove):
        state.play("t2>t1")
    with pytest.raises(IllegalMove):
        state.play("t1>t2")


def test_empty_column_must_be_filled_before_anything_else():
    state = cols([], ["AH"], ["2H"], ["3C"], waste=["5S"])
    assert moves_text(state) == {"w>t1", "s>t1"}
    for move in ("deal", "t2>f1", "t3>t2"):
        with pytest.raises(IllegalMove, match="filled"):
            state.play(move)
    state.play("w>t1")
    assert "t2>f1" in moves_text(state)


def test_a_filled_card_does_not_fix_a_direction():
    state = cols([], ["2C"], ["3C"], ["4C"], stock=["8H"])
    state.play("s>t1")
    assert state.tableau[0] == [state.tableau[0][0]] and state.direction(0) == 0


def test_tableau_cards_never_fill_an_empty_column():
    state = cols([], ["AH"], ["2H"], ["3C"])
    with pytest.raises(IllegalMove):
        state.play("t2>t1")


def test_empty_column_stays_empty_when_stock_and_waste_are_empty():
    everything_else = ("tableau", 1)
    state = build(G, "columns", tableau=[[], ["2C"], ["AH"], ["3C"]], rest=everything_else)
    assert not state.stock and not state.waste
    assert "t3>f1" in moves_text(state)
    assert not any(m.endswith(">t1") for m in moves_text(state))


def test_second_ace_cannot_start_a_foundation():
    state = cols(["5C", "AH"], ["6D", "AH"], ["5C"], ["6D"])
    state.play("t1>f1")
    assert "t2>f2" not in moves_text(state)
    with pytest.raises(IllegalMove, match="already started"):
        state.play("t2>f2")


def test_an_ace_may_start_any_empty_foundation():
    state = cols(["AH"], ["5C"], ["5C"], ["6D"])
    assert {"t1>f1", "t1>f2", "t1>f3", "t1>f4"} <= moves_text(state)


def test_switchback_foundation_goes_up_to_king_then_down_to_ace():
    up = [r + "S" for r in A_TO_K]
    state = cols(["2H", "KS"], ["3H", "QS"], ["AS"], ["2C"], foundations=[up, [], [], []])
    assert state.to_json()["needs"][0] == "KS"
    with pytest.raises(IllegalMove, match="needs the KS"):
        state.play("t2>f1")
    state.play("t1>f1")
    state.play("t2>f1")
    assert len(state.foundations[0]) == 15 and state.to_json()["needs"][0] == "JS"


def test_full_switchback_foundation_holds_26_cards():
    full = [r + "S" for r in A_TO_K] + [r + "S" for r in reversed(A_TO_K)]
    state = cols(["2C"], ["3C"], ["4C"], ["5C"], foundations=[full[:-1], [], [], []], waste=["AS"])
    state.play("w>f1")
    assert len(state.foundations[0]) == 26 and state.to_json()["needs"][0] is None


def test_stock_is_gone_through_once():
    state = games.load(G, "columns", 5)
    with pytest.raises(IllegalMove, match="no redeal"):
        state.play("redeal")


def test_stock_card_only_goes_onto_an_empty_column():
    state = games.load(G, "columns", 5)
    with pytest.raises(IllegalMove, match="only onto an empty pile"):
        state.play("s>t1")


def test_cards_on_foundations_never_move_again():
    state = cols(["5C", "AH"], ["2C"], ["3C"], ["4C"])
    state.play("t1>f1")
    with pytest.raises(IllegalMove, match="never move"):
        state.play("f1>t2")


def test_unknown_pile_of_the_variant_is_bad_input():
    with pytest.raises(BadInput, match="no pile t5"):
        games.load(G, "columns", 1).play("t5>t1")


def test_deal_turns_the_next_stock_card_onto_the_waste():
    state = games.load(G, "piles", 9)
    first = state.to_json()["stock"][0]
    state.play("deal")
    assert state.to_json()["waste"] == [first]


@pytest.mark.parametrize("t1,built", [(["2H", "9C"], [1, 0, 0, 0]), (["2H"], [0, 0, 0, 0, 1]),
                                        (["2H", "3H", "5H"], [2, 0, 0, 0]), (["2H"], [0, 0, 0, 3])])
def test_position_with_impossible_built_counts_is_rejected(t1, built):
    with pytest.raises(BadInput, match="built"):
        cols(t1, ["3C"], ["4C"], ["5C"], built=built)


def test_position_with_a_built_run_keeps_its_direction():
    state = cols(["2H", "3H", "4H"], ["3C"], ["4C"], ["5C"], built=[2, 0, 0, 0], waste=["3H"])
    assert state.direction(0) == 1 and "w>t1" not in moves_text(state)


def test_stock_move_on_an_empty_stock_says_the_stock_is_empty():
    state = build(G, "columns", tableau=[[], ["2C"], ["AH"], ["3C"]], rest=("tableau", 1))
    with pytest.raises(IllegalMove, match="the stock is empty"):
        state.play("s>t1")
