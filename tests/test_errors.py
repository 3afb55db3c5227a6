"""Error codes (``cadogan.errors``): every code of the catalogue is reachable, every refusal on
random positions carries a catalogue code with its fields, and codes do not depend on the English."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cadogan import games
from cadogan.cards import format_cards, ordered_packs, parse_card, parse_deal
from cadogan.errors import BAD_INPUT_CODES, CODES, ILLEGAL_MOVE_CODES, BadInput, CadoganError, IllegalMove
from cadogan.games.base import DEAL, MOVES, PILE_CODES, REDEAL, STOCK, WASTE, Move, parse_pile
from cadogan.history import History

from handmade import build

VARIANTS = [(g.id, v) for g in games.all_games() for v in g.variants]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_position(game_id: str, variant: str, deal: int, seed: int, length: int):
    """The position after up to ``length`` random legal moves (chosen by ``seed``) from a deal."""
    rng = random.Random(seed)
    state = games.load(game_id, variant, deal)
    moves = state.legal_moves()
    while moves and len(state.move_stack) < length:
        state.push(rng.choice(moves))
        moves = state.legal_moves()
    return state


# --- hand-made positions --------------------------------------------------------------------


def _switchback(suit: str, size: int = 26) -> list[str]:
    ranks = "A23456789TJQK"
    return [(ranks[n] if n < 13 else ranks[25 - n]) + suit for n in range(size)]


def _square_runs(lengths: dict[int, int]) -> list[list[str]]:
    ranks = "A23456789TJQK"
    return [[(ranks[r] if k < 4 else ranks[12 - r]) + "CDHS"[k % 4] for r in range(lengths.get(k, 13))]
            for k in range(8)]


def british_clubs():
    """f1 holds AC, diamonds and spades are home, f4 is empty; t1 AC, t2 clubs built up to 5C 6C,
    t3 every heart, t4 the other 5C; no stock."""
    clubs = [r + "C" for r in "234789TJQK" for _ in range(2)] + ["6C"]
    return build("british-square", "columns", foundations=[["AC"], _switchback("D"), _switchback("S"), []],
                 tableau=[["AC"], clubs + ["5C", "6C"], [], ["5C"]], rest=("tableau", 2), built=[0, 1, 0, 0])


def british_end():
    """Everything home but 2H and AH, on t1 (AH on top); t2..t4 empty."""
    found = [_switchback(s) for s in "CD"] + [_switchback("H", 24), _switchback("S")]
    return build("british-square", "columns", foundations=found, tableau=[["2H", "AH"], [], [], []],
                 built=[0, 0, 0, 0])


def british_must_fill():
    """As ``british_end`` but 2H is still in the stock: the empty piles must be filled first."""
    found = [_switchback(s) for s in "CD"] + [_switchback("H", 24), _switchback("S")]
    return build("british-square", "columns", stock=["2H"], foundations=found, tableau=[["AH"], [], [], []],
                 built=[0, 0, 0, 0])


def square_end(redeals: int = 0):
    """Everything home but QH and KH of the ascending hearts, on t1 with the King on top."""
    return build("square", "classic", foundations=_square_runs({2: 11}), tableau=[["QH", "KH"]] + [[]] * 11,
                 redeals_left=redeals)


def square_clubs():
    """Clubs up to 6 and down to 8, diamonds up to Q; t1 7C, t3 up to 8C, t4 down to 6C, t5 KD."""
    tableau = [["7C"], ["7C"], ["KC", "QC", "JC", "TC", "9C", "8C"], ["AC", "2C", "3C", "4C", "5C", "6C"], ["KD"]]
    return build("square", "classic", foundations=_square_runs({0: 6, 4: 6, 1: 12}), tableau=tableau + [[]] * 7,
                 redeals_left=0)


def square_all_home():
    return build("square", "classic", foundations=_square_runs({}), tableau=[[]] * 12, redeals_left=1)


def precedence_end(waste: list[str], redeals: int = 0):
    """f1..f7 complete, f8 (base 6) needs an 8 then a 7: 8C and 7C, which are in the waste."""
    from cadogan.games.precedence import BASE_RANKS, next_rank
    pool = ordered_packs()
    for card in ("8C", "7C"):
        pool.remove(parse_card(card))
    found = []
    for k in range(8):
        pile = [next(c for c in pool if c & 15 == next_rank(BASE_RANKS[k], i)) for i in range(13 if k < 7 else 11)]
        for card in pile:
            pool.remove(card)
        found.append(format_cards(pile))
    return build("precedence", "king-out", waste=waste, foundations=found, redeals_left=redeals)


def start(game_id: str, variant: str, *moves: str):
    state = games.load(game_id, variant, 0)
    for move in moves:
        state.play(move)
    return state


# (name, position, move, code, fields that must be present)
CASES = [
    ("precedence deal, empty stock", lambda: precedence_end(["7C", "8C"]), "deal", "stock-empty", {}),
    ("precedence redeal with stock", lambda: start("precedence", "king-out"), "redeal", "stock-not-empty", {}),
    ("precedence redeals used", lambda: precedence_end(["7C", "8C"]), "redeal", "redeals-used", {}),
    ("precedence empty waste", lambda: start("precedence", "king-out"), "w>f2", "waste-empty", {}),
    ("precedence from the stock", lambda: start("precedence", "king-out"), "s>f2", "waste-top-only", {}),
    ("precedence from a foundation", lambda: start("precedence", "king-out", "deal"), "f1>f2", "waste-top-only", {}),
    ("precedence complete", lambda: precedence_end(["7C", "8C"]), "w>f1", "pile-complete", {"pile": "f1"}),
    ("precedence order", lambda: start("precedence", "king-out", "deal"), "w>f3", "foundation-order",
     {"pile": "f3", "before": "f2"}),
    ("precedence wants", lambda: precedence_end(["8C", "7C"]), "w>f8", "foundation-wants",
     {"card": "7C", "pile": "f8", "rank": "8"}),
    ("precedence no tableau pile", lambda: start("precedence", "king-out", "deal"), "w>t1", "no-such-pile",
     {"pile": "t1"}),
    ("british redeal", lambda: start("british-square", "piles"), "redeal", "no-redeal", {}),
    ("british deal, empty stock", british_end, "deal", "stock-empty", {}),
    ("british fill first", british_must_fill, "t1>f3", "fill-empty-first", {}),
    ("british deal before fill", british_must_fill, "deal", "fill-empty-first", {}),
    ("british fill from empty waste", british_must_fill, "w>t2", "source-empty", {"pile": "w"}),
    ("british stock, no empty pile", lambda: start("british-square", "columns"), "s>t1", "no-empty-pile", {}),
    ("british empty waste", lambda: start("british-square", "columns"), "w>f1", "source-empty", {"pile": "w"}),
    ("british empty pile", british_end, "t1>t2", "empty-needs-stock", {"pile": "t2"}),
    ("british foundation final", british_end, "f1>t2", "foundation-final", {}),
    ("british needs an Ace", lambda: start("british-square", "columns"), "t4>f1", "foundation-needs-ace",
     {"card": "KD"}),
    ("british suit started", british_clubs, "t1>f4", "suit-started", {"card": "AC", "suit": "C"}),
    ("british complete", british_clubs, "t1>f2", "pile-complete", {"pile": "f2"}),
    ("british foundation suit", british_clubs, "t3>f1", "foundation-suit", {"pile": "f1", "suit": "C"}),
    ("british foundation wants", british_clubs, "t2>f1", "foundation-wants",
     {"card": "6C", "pile": "f1", "rank": "2", "suit": "C"}),
    ("british tableau suit", british_clubs, "t3>t2", "tableau-suit", {"pile": "t2", "suit": "C"}),
    ("british tableau rank", british_clubs, "t1>t2", "tableau-rank", {"card": "AC", "pile": "t2", "top": "6C"}),
    ("british direction", british_clubs, "t4>t2", "tableau-direction", {"card": "5C", "pile": "t2", "direction": "up"}),
    ("square free deal", lambda: start("square", "free"), "deal", "place-one-by-one", {}),
    ("square deal, empty stock", square_end, "deal", "stock-empty", {}),
    ("square free redeal", lambda: start("square", "free"), "redeal", "no-redeal", {}),
    ("square redeal with stock", lambda: start("square", "classic"), "redeal", "stock-not-empty", {}),
    ("square gatherings used", square_end, "redeal", "redeals-used", {}),
    ("square nothing to gather", square_all_home, "redeal", "nothing-to-gather", {}),
    ("square classic placement", lambda: start("square", "classic"), "s>t1", "deal-in-rounds", {}),
    ("square stock to foundation", lambda: start("square", "free"), "s>f1", "stock-to-square", {}),
    ("square round has card", lambda: start("square", "free", "s>t1"), "s>t1", "round-has-card", {"pile": "t1"}),
    ("square foundation final", lambda: start("square", "classic"), "f1>t1", "foundation-final", {}),
    ("square empty source", lambda: start("square", "free"), "t1>f1", "source-empty", {"pile": "t1"}),
    ("square bottom row only", lambda: start("square", "classic"), "t1>f1", "bottom-row-only", {}),
    ("square no building yet", lambda: start("square", "classic"), "t10>t11", "no-building-yet", {}),
    ("square complete", square_end, "t1>f1", "pile-complete", {"pile": "f1"}),
    ("square wants", square_end, "t1>f3", "foundation-wants", {"card": "KH", "pile": "f3", "rank": "Q", "suit": "H"}),
    ("square empty stays empty", square_end, "t1>t2", "empty-stays-empty", {"pile": "t2"}),
    ("square tableau suit", square_clubs, "t5>t3", "tableau-suit", {"card": "KD", "pile": "t3", "suit": "C"}),
    ("square tableau rank", square_clubs, "t3>t4", "tableau-rank", {"card": "8C", "pile": "t4", "top": "6C"}),
    ("square has no waste", lambda: start("square", "classic"), "w>f1", "no-such-pile", {"pile": "w"}),
]


@pytest.mark.parametrize("name,make,move,code,fields", CASES, ids=[c[0] for c in CASES])
def test_each_illegal_move_has_its_code_and_fields(name, make, move, code, fields):
    state = make()
    reason = state.why_illegal(Move.from_text(move))
    assert reason is not None and reason.code == code
    assert fields.items() <= reason.fields.items()
    assert set(ILLEGAL_MOVE_CODES[code]) <= set(reason.fields)
    with pytest.raises(CadoganError) as err:
        state.play(move)
    assert err.value.code == code and fields.items() <= err.value.fields.items()
    assert str(err.value).endswith(str(reason))  # the English sentence is unchanged


def test_every_illegal_move_code_but_no_tableau_is_reached():
    """``no-tableau`` is never produced: Precedence has no tableau pile, which ``no-such-pile``
    says (with the pile) before any rule of the game is asked."""
    assert {c[3] for c in CASES} == set(ILLEGAL_MOVE_CODES) - {"no-tableau"}


BAD_INPUTS = [
    ("unknown-game", lambda: games.get("chess"), {"game": "chess"}),
    ("unknown-variant", lambda: games.load("square", "diagonal"), {"game": "square", "variant": "diagonal"}),
    ("bad-deal", lambda: parse_deal("١٢"), {"deal": "١٢"}),
    ("bad-deal", lambda: parse_deal("twelve"), {"deal": "twelve"}),
    ("bad-deal", lambda: parse_deal(1.5), {"deal": "1.5"}),
    ("deal-out-of-range", lambda: parse_deal(-1), {"deal": "-1"}),
    ("deal-out-of-range", lambda: parse_deal(str(2**64)), {"deal": str(2**64)}),
    ("bad-move", lambda: Move.from_text("w>w"), {"move": "w>w"}),
    ("bad-move", lambda: Move.from_text("hello"), {"move": "hello"}),
    ("bad-pile", lambda: parse_pile("x3"), {"pile": "x3"}),
    ("bad-pile", lambda: Move.from_text("t17>f1"), {"pile": "t17"}),
    ("bad-card", lambda: parse_card("1H"), {"card": "1H"}),
    ("bad-position", lambda: games.from_json([]), {}),
    ("bad-position", lambda: games.get("precedence").from_json({"game": "precedence"}), {}),
    ("bad-record", lambda: games.parse_record("precedence"), {}),
    ("nothing-to-undo", lambda: History(games.load("square")).undo(), {}),
    ("nothing-to-redo", lambda: History(games.load("square")).redo(), {}),
    ("game-too-long", lambda: _too_long().play("t4>t1"), {"limit": "5000"}),
]


def _too_long() -> History:
    """A British Square game of 5,000 moves: one card moved back and forth (t4>t1, t1>t4)."""
    from cadogan.history import MAX_MOVES

    history = History(games.load("british-square", "columns", 29))
    for i in range(MAX_MOVES):
        history.play("t4>t1" if i % 2 == 0 else "t1>t4")
    return history


@pytest.mark.parametrize("code,cause,fields", BAD_INPUTS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD_INPUTS)])
def test_each_bad_input_has_its_code(code, cause, fields):
    with pytest.raises(BadInput) as err:
        cause()
    assert err.value.code == code and fields.items() <= err.value.fields.items()
    assert set(BAD_INPUT_CODES[code]) <= set(err.value.fields)


def test_every_bad_input_code_but_the_generic_one_is_reached():
    assert {b[0] for b in BAD_INPUTS} == set(BAD_INPUT_CODES) - {"bad-input"}


def test_deal_numbers_are_ascii_digits_only():
    assert parse_deal("12") == 12 and parse_deal(" 0 ") == 0
    for text in ("١٢", "１２", "12.0", "+12", "1_000", ""):
        with pytest.raises(BadInput) as err:
            parse_deal(text)
        assert err.value.code == "bad-deal"


def test_codes_do_not_depend_on_the_english():
    """One sentence, two codes (Square words a wrong suit and a wrong rank alike); two sentences,
    one code (Precedence's stock and foundations are both not the waste's top card)."""
    clubs = square_clubs()
    suit, rank = (clubs.why_illegal(Move.from_text(m)) for m in ("t5>t3", "t3>t4"))
    assert suit.code != rank.code
    def template(reason):
        return reason.replace(reason.fields["card"], "<card>").replace(reason.fields["pile"], "<pile>")[:-2]
    assert template(suit) == template(rank)  # "... one rank above or below <top>", the top aside
    state = start("precedence", "king-out", "deal")
    stock, foundation = (state.why_illegal(Move.from_text(m)) for m in ("s>f2", "f1>f2"))
    assert stock != foundation and stock.code == foundation.code == "waste-top-only"


def _every_move() -> list[Move]:
    return [DEAL, REDEAL] + [MOVES[src][dst] for src in range(PILE_CODES) for dst in range(PILE_CODES)
                             if dst not in (STOCK, WASTE) and src != dst]


EVERY_MOVE = _every_move()


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@SETTINGS
@given(deal=st.integers(min_value=0, max_value=2**64 - 1), seed=st.integers(min_value=0, max_value=2**32),
       length=st.integers(min_value=0, max_value=400))
def test_every_illegal_move_on_random_positions_has_a_catalogue_code(game_id, variant, deal, seed, length):
    state = random_position(game_id, variant, deal, seed, length)
    legal = set(state.legal_moves())
    for move in EVERY_MOVE:
        reason = state.why_illegal(move)
        assert (reason is None) == (move in legal), move
        if reason is not None:
            assert reason.code in ILLEGAL_MOVE_CODES, (move, reason)
            assert set(ILLEGAL_MOVE_CODES[reason.code]) <= set(reason.fields), (move, reason)
            assert all(isinstance(v, str) for v in reason.fields.values())
            with pytest.raises((IllegalMove, BadInput)) as err:
                state.copy().play(move)
            assert err.value.code == reason.code and err.value.code in CODES


def test_a_game_at_its_length_limit_still_undoes_redoes_and_restarts():
    history = _too_long()
    with pytest.raises(BadInput) as err:
        history.play("t4>t1")
    assert err.value.code == "game-too-long" and len(history.state.move_stack) == 5000
    history.undo()
    history.play("t1>t4")  # the last move again: under the limit once more
    history.undo()
    history.redo()
    history.restart()
    assert not history.state.move_stack and len(history.redo_stack) == 5000
