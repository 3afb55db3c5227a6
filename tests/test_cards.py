import pytest

from cadogan.cards import dealing_order, format_card, format_cards, parse_card, parse_deal
from cadogan.errors import BadInput

VECTORS = {
    0: ("3D 8S JC 6C 4D 2H TC 7D AH 8D", "7S TH AS 8H TS 9S KC 5S QD TH"),
    1: ("6H 7H JC 8C KS 7D 6S 8C 6C 9C", "3D 8D TD KD JD TC JD AC 4H 7S"),
    42: ("QD 6C 9C 5H AD TD 8S 4H 5C 8H", "QH 8H AS KS 4S QS 6C 7C 7D TC"),
}


@pytest.mark.parametrize("deal", sorted(VECTORS))
def test_spec_test_vectors(deal):
    order = format_cards(dealing_order(deal))
    assert " ".join(order[:10]) == VECTORS[deal][0]
    assert " ".join(order[-10:]) == VECTORS[deal][1]


@pytest.mark.parametrize("deal", [0, 1, 42, 2**64 - 1, 123456789])
def test_dealing_order_is_two_whole_packs(deal):
    order = dealing_order(deal)
    assert len(order) == 104
    assert sorted(order) == sorted(dealing_order(7))
    assert all(order.count(card) == 2 for card in order)


def test_largest_deal_number_is_accepted_and_differs_from_zero():
    assert dealing_order(2**64 - 1) != dealing_order(0)


@pytest.mark.parametrize("text,expected", [("TH", "TH"), ("10h", "TH"), ("as", "AS"), (" qc ", "QC"), ("2D", "2D")])
def test_card_text_round_trips(text, expected):
    assert format_card(parse_card(text)) == expected


@pytest.mark.parametrize("bad", ["", "H", "1H", "11H", "TX", "ZZ", "T", "10", "AHS"])
def test_malformed_cards_are_refused_with_a_reason(bad):
    with pytest.raises(BadInput, match="is not a card"):
        parse_card(bad)


@pytest.mark.parametrize("bad", [-1, 2**64, "abc", "1.5", 3.0, True, None])
def test_bad_deal_numbers_are_refused(bad):
    with pytest.raises(BadInput, match="deal number"):
        parse_deal(bad)


def test_random_deals_are_below_a_billion_and_vary():
    from cadogan.cards import RANDOM_DEALS, random_deal
    draws = {random_deal() for _ in range(50)}
    assert RANDOM_DEALS == 10**9 and all(0 <= d < RANDOM_DEALS for d in draws) and len(draws) > 40


@pytest.mark.parametrize("text", ["١٢", "٣", "１", "12a"])
def test_deal_numbers_in_other_digits_are_refused_as_bad_deal(text):
    from cadogan.cards import parse_deal
    with pytest.raises(BadInput) as err:
        parse_deal(text)
    assert err.value.code == "bad-deal"
