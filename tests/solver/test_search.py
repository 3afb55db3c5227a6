"""The search: honest verdicts, pruning that never cuts off a win, limits that hold."""

from __future__ import annotations

import random

import pytest

from cadogan import games
from cadogan.cards import format_cards, ordered_packs, parse_card
from cadogan.games.base import Move
from cadogan.solver import Hint, SolveResult, hint, native, solve
from cadogan.solver.knowledge import knowledge_of
from cadogan.solver.search import PRUNING_RULES, search

from solver_positions import VARIANTS, hand_made, reduced_position, square_foundations

HAS_CORE = native.available()
ENGINES = [False, True] if HAS_CORE else [False]


# --- hand-made end positions, won and lost, for every game ------------------------------------

def _british_full(suit: int, size: int = 26) -> list[int]:
    return [(n + 1 if n < 13 else 26 - n) + 16 * suit for n in range(size)]


def british_end(variant: str, hearts_top: list[str]):
    """Clubs, diamonds, spades complete; hearts built down to 3H (24 cards); 2H and AH left in t1
    (``hearts_top`` bottom first)."""
    n = 16 if variant == "piles" else 4
    tableau = [hearts_top] + [[] for _ in range(n - 1)]
    return hand_made("british-square", variant, foundations=[_british_full(s, 24 if s == 2 else 26) for s in range(4)],
                     tableau=tableau, built=[0] * n)


def square_end(variant: str, redeals: int):
    """Everything home but QH and KH of the ascending hearts, left in t1 with the King on top."""
    tableau = [["QH", "KH"]] + [[] for _ in range(11)]
    return hand_made("square", variant, foundations=square_foundations({2: 11}), tableau=tableau,
                     redeals_left=redeals)


def precedence_end(variant: str, waste: list[str], redeals: int):
    """f1..f7 complete, f8 (base 6) needs an 8 then a 7; the two are in the waste."""
    from cadogan.games.precedence import BASE_RANKS, next_rank
    pool = ordered_packs()
    for card in ("8C", "7C"):
        pool.remove(next(c for c in pool if format_cards([c])[0] == card))
    found = []
    for k in range(8):
        pile = []
        for i in range(13 if k < 7 else 11):
            rank = next_rank(BASE_RANKS[k], i)
            card = next(c for c in pool if c & 15 == rank)
            pool.remove(card)
            pile.append(card)
        found.append(pile)
    assert not pool
    return hand_made("precedence", variant, foundations=found, tableau=[], waste=waste, redeals_left=redeals)


END_POSITIONS = [
    ("british won: 2H on top of AH", lambda: british_end("columns", ["AH", "2H"]), "won"),
    ("british won, piles", lambda: british_end("piles", ["AH", "2H"]), "won"),
    ("british lost: AH covers 2H, and a card never fills an empty pile", lambda: british_end("columns", ["2H", "AH"]), "lost"),
    ("square lost: KH covers QH, no gathering left", lambda: square_end("classic", 0), "lost"),
    ("square won: the gathering deals QH before KH", lambda: square_end("classic", 1), "won"),
    ("square free lost", lambda: square_end("free", 0), "lost"),
    ("precedence won: 8 on top", lambda: precedence_end("king-out", ["7C", "8C"], 0), "won"),
    ("precedence lost: 7 covers 8, no redeal", lambda: precedence_end("king-out", ["8C", "7C"], 0), "lost"),
    ("precedence won: the redeal turns 8 up first", lambda: precedence_end("first-king", ["8C", "7C"], 1), "won"),
]


@pytest.mark.parametrize("name,make,expected", END_POSITIONS, ids=[e[0] for e in END_POSITIONS])
@pytest.mark.parametrize("use_core", ENGINES)
def test_hand_made_end_positions(name, make, expected, use_core):
    state = make()
    result = solve(state, timeout=10, use_core=use_core)
    assert result.result == expected
    if expected == "won":
        assert state.line_wins(result.moves)


# --- pruning never cuts off a win -------------------------------------------------------------

@pytest.mark.parametrize("game_id,variant", VARIANTS)
@pytest.mark.parametrize("rule", sorted(PRUNING_RULES) + ["all"])
def test_each_pruning_rule_agrees_with_the_plain_search(game_id, variant, rule):
    prune = True if rule == "all" else {rule}
    positions = ((seed, reduced_position(game_id, variant, seed, left=3 + seed % 8)) for seed in range(30))
    decided = _pruned_agrees_with_plain(positions, lambda state, p: search(state, prune=p, max_nodes=15_000), prune)
    assert decided["won"] >= 10


@pytest.mark.skipif(not HAS_CORE, reason="the compiled core is not built")
@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_pruned_core_agrees_with_the_plain_core_on_larger_positions(game_id, variant):
    rng = random.Random(game_id + variant)
    positions = ((seed, reduced_position(game_id, variant, 500 + seed, left=rng.randint(8, 22))) for seed in range(50))
    decided = _pruned_agrees_with_plain(
        positions, lambda state, p: native.search(state, prune=p, max_nodes=300_000, max_memory_mb=64), True)
    assert decided["won"] >= 20


def _pruned_agrees_with_plain(positions, search_with, prune) -> dict[str, int]:
    """For each (seed, position): the search with ``prune`` and without agree where both decide, and a
    won line replays; returns how many positions the plain search decided, by result."""
    decided = {"won": 0, "lost": 0}
    for seed, state in positions:
        plain = search_with(state, False)
        pruned = search_with(state, prune)
        if "unknown" not in (plain[0], pruned[0]):
            assert pruned[0] == plain[0], f"seed {seed}: pruning {prune} says {pruned[0]}, plain search {plain[0]}"
            decided[plain[0]] += 1
        if pruned[0] == "won":
            assert state.line_wins(pruned[1])
    return decided


def test_lost_positions_are_found_among_the_reduced_ones():
    """The comparisons above are not vacuous: some reduced positions are proven lost both ways."""
    lost = 0
    for game_id, variant in VARIANTS:
        for seed in range(30):
            state = reduced_position(game_id, variant, seed, left=3 + seed % 8)
            if search(state, prune=False, max_nodes=15_000)[0] == "lost":
                lost += 1
    assert lost >= 10


def test_british_square_dead_end_test_is_never_wrong_and_finds_most_losses():
    game = knowledge_of("british-square")
    assert game.is_dead(british_end("columns", ["2H", "AH"]))  # AH can go nowhere, so 2H never home
    assert not game.is_dead(british_end("columns", ["AH", "2H"]))
    dead_lost = lost = 0
    for variant in ("columns", "piles"):
        for seed in range(60):
            state = reduced_position("british-square", variant, seed, left=3 + seed % 8)
            verdict = search(state, prune=False, max_nodes=15_000)[0]
            dead = game.is_dead(state)
            assert not (dead and verdict == "won"), f"{variant} seed {seed}: dead, yet the plain search wins"
            lost += verdict == "lost"
            dead_lost += dead and verdict == "lost"
    assert lost >= 5 and dead_lost * 2 >= lost


def _square_building_phase(seed: int):
    """A Square position in its building phase, all home but the last 2-5 cards of one or two
    foundations, shuffled into one to three piles."""
    rng = random.Random(seed)
    unfinished = rng.sample(range(8), rng.randint(1, 2))
    found = square_foundations({k: 13 - rng.randint(2, 5) for k in range(8) if k in unfinished})
    out = [card for pile, full in zip(found, square_foundations()) for card in full[len(pile):]]
    rng.shuffle(out)
    cut = sorted(rng.sample(range(1, len(out)), min(len(out) - 1, rng.randint(0, 2))))
    piles = [out[a:b] for a, b in zip([0] + cut, cut + [len(out)])]
    return hand_made("square", "free", foundations=found, tableau=piles + [[] for _ in range(12 - len(piles))])


def test_square_dead_end_test_is_never_wrong_and_finds_losses():
    game = knowledge_of("square")
    assert game.is_dead(square_end("classic", 0))  # KH, the last card, lies on QH
    assert not game.is_dead(square_end("classic", 1))  # a gathering is left
    dead_lost = lost = dead = 0
    for seed in range(80):
        state = _square_building_phase(seed)
        verdict = search(state, prune=False, max_nodes=15_000)[0]
        is_dead = game.is_dead(state)
        assert not (is_dead and verdict == "won"), f"seed {seed}: dead, yet the plain search wins"
        if HAS_CORE:
            assert native.is_dead(state) == is_dead, f"seed {seed}"
        dead += is_dead
        lost += verdict == "lost"
        dead_lost += is_dead and verdict == "lost"
    assert lost >= 10 and dead_lost * 2 >= lost


def _square_pinned(t2: list[str]):
    """Square free, building phase: spades up to 4S and down to 6S, hearts up to 6H and down to 9H,
    the rest home; KS lies on 5H in t1, ``t2`` holds 7S and AH, the other cards out lie in t3-t12."""
    found = square_foundations({3: 4, 7: 8, 2: 6, 6: 5})
    out = [card for pile, full in zip(found, square_foundations()) for card in full[len(pile):]]
    named = [["5H", "KS"], t2]
    for card in [parse_card(c) for pile in named for c in pile]:
        out.remove(card)
    rest = [out[i::10] for i in range(10)]
    return hand_made("square", "free", foundations=found, tableau=[[parse_card(c) for c in p] for p in named] + rest)


def test_square_cards_under_pinned_last_cards_that_ask_for_a_circle_are_a_dead_end():
    """KS (last of the ascending spades) is pinned, the descending spades having their QS: 5H under
    it can then go only onto the descending hearts, which so finish after the ascending spades.
    With 7S under AH (pinned too), 7S can go only onto the ascending spades, which so finish after
    the descending hearts: a circle, lost.  With AH under 7S nothing asks for a circle: won."""
    game = knowledge_of("square")
    circle, free = _square_pinned(["7S", "AH"]), _square_pinned(["AH", "7S"])
    assert game.is_dead(circle) and not game.is_dead(free)
    if HAS_CORE:
        assert native.is_dead(circle) and not native.is_dead(free)
    assert search(circle, prune=PRUNING_RULES - {"dead"}, max_nodes=200_000)[0] != "won"
    assert search(free, prune=PRUNING_RULES - {"dead"}, max_nodes=200_000)[0] == "won"


def test_square_pinned_test_is_never_wrong_and_finds_losses_the_bottom_test_misses():
    from cadogan.solver.square import _no_last_card_can_end_at_a_bottom, _pinned_cards_ask_for_a_circle
    only_pinned = 0
    for seed in range(150):
        state = _square_building_phase(seed)
        if _pinned_cards_ask_for_a_circle(state):
            assert search(state, prune=False, max_nodes=15_000)[0] != "won", f"seed {seed}"
            only_pinned += not _no_last_card_can_end_at_a_bottom(state)
    assert only_pinned >= 10


def _square_dealing(t3: str, t12: str):
    """Square free, dealing: all home but 8H-KH of the ascending hearts and 8S-AS of the descending
    spades; KH still in the stock, AS on 8H in t8, one card in each other pile (t3 and t12 given)."""
    upper = [["9H"], ["TH"], [t3], ["7S"], ["6S"], ["5S"], ["4S"], ["8H", "AS"], ["3S"]]
    return hand_made("square", "free", foundations=square_foundations({2: 7, 7: 5}), stock=["KH"],
                     tableau=upper + [["JH"], ["QH"], [t12]], received=[f"t{i}" for i in range(2, 13)])


@pytest.mark.parametrize("use_core", ENGINES)
def test_square_dead_end_while_dealing(use_core):
    """No last card at a bottom; KH, the last card still to come, can come to one only as the refill
    of an emptied bottom-row pile.  With 2S in t12 no bottom-row card can go home before the stock
    runs out (8S and 9H, which they need first, lie in the upper piles): dead and lost.  With 8S
    there it can, and KH refills t12: not dead, and won."""
    game = knowledge_of("square")
    dead, alive = _square_dealing("8S", "2S"), _square_dealing("2S", "8S")
    assert game.is_dead(dead) and not game.is_dead(alive)
    if HAS_CORE:
        assert native.is_dead(dead) and not native.is_dead(alive)
    assert search(dead, prune=PRUNING_RULES - {"dead"}, max_nodes=50_000)[0] == "lost"  # lost without the test
    assert solve(alive, timeout=10, use_core=use_core).result == "won"


def _parkinghand_made(waste: list[str]):
    """Hearts up to 10H home, the other suits down to 3 (24 cards each); the hearts left but those
    in ``waste`` lie in t1, 9H..AH then the two KH on top."""
    rest = [f"{r}H" for r in "T98765432A"] + ["KH", "KH"]
    return hand_made("british-square", "columns", waste=waste,
                     foundations=[_british_full(s, 10 if s == 2 else 24) for s in range(4)],
                     tableau=[rest, [], [], []], built=[0] * 4)


def test_british_square_waste_that_needs_more_piles_than_there_are_is_dead_and_lost():
    """To uncover 2S, the five cards above it must leave the waste; no foundation can take one
    (each needs a card under 2S), so they must lie in the tableau: two QH (two piles) and three
    other suits (three more), five piles where there are four."""
    from cadogan.solver.british_square import waste_needs_more_piles
    lost = _parkinghand_made(["JH", "JH", "2C", "2D", "2S", "QH", "QH", "AC", "AD", "AS"])
    assert waste_needs_more_piles(lost) and knowledge_of("british-square").is_dead(lost)
    assert search(lost, prune=False, max_nodes=500_000)[0] == "lost"
    fits = _parkinghand_made(["JH", "JH", "QH", "2C", "2D", "2S", "QH", "AC", "AD", "AS"])
    assert not waste_needs_more_piles(fits)  # one QH fewer above 2S: four piles are enough


def _random_british_foundations(rng: random.Random, least: int) -> tuple[list[list[int]], list[int]]:
    """Each suit's foundation with ``least`` to 26 cards at random, and the cards left, shuffled."""
    pool = ordered_packs()
    found = []
    for suit in range(4):
        found.append(_british_full(suit, rng.randint(least, 26)))
        for card in found[-1]:
            pool.remove(card)
    rng.shuffle(pool)
    return found, pool


def _deep_wastehand_made(seed: int):
    """A British Square ``columns`` position without stock: each suit's foundation holds 6 to 26
    cards, and of the cards left three in four lie in the waste, the others in the tableau."""
    rng = random.Random(seed)
    found, pool = _random_british_foundations(rng, 6)
    tableau: list[list[int]] = [[], [], [], []]
    waste = []
    for card in pool:
        (waste if rng.random() < 0.75 else tableau[rng.randrange(4)]).append(card)
    return hand_made("british-square", "columns", waste=waste, foundations=found, tableau=tableau, built=[0] * 4)


def test_british_square_pile_count_never_calls_a_won_position_dead():
    """``waste_needs_more_piles`` against the plain search, on positions with a deep waste (and
    the compiled core's dead-end test against the game's there)."""
    from cadogan.solver.british_square import waste_needs_more_piles
    game = knowledge_of("british-square")
    fired = proven = 0
    for seed in range(300):
        state = _deep_wastehand_made(seed)
        if HAS_CORE:
            assert native.is_dead(state) == game.is_dead(state), f"seed {seed}"
        if not waste_needs_more_piles(state):
            continue
        fired += 1
        verdict = search(state, prune=False, max_nodes=20_000)[0]
        assert verdict != "won", f"seed {seed}: the pile count calls it dead, yet the plain search wins"
        proven += verdict == "lost"
    assert fired >= 10 and proven >= 10


def _runs_hand_made(seed: int):
    """A British Square ``columns`` position whose columns are runs built in suit (each card on
    the one under it, as in ``piles``): each suit's foundation holds 14 to 26 cards, the cards
    left spread over short runs, the waste (seven in ten) and the stock."""
    rng = random.Random(seed)
    found, pool = _random_british_foundations(rng, 14)
    tableau: list[list[int]] = [[], [], [], []]
    for pile in tableau:
        if pool and rng.random() < 0.85:
            pile.append(pool.pop())
            step = rng.choice((1, -1))
            while rng.random() < 0.6 and 1 <= (pile[-1] + step) % 16 <= 13 and pile[-1] + step in pool:
                pool.remove(pile[-1] + step)
                pile.append(pile[-1] + step)
    waste: list[int] = []
    stock: list[int] = []
    for card in pool:
        (waste if rng.random() < 0.7 else stock).append(card)
    return hand_made("british-square", "columns", waste=waste, stock=stock, foundations=found, tableau=tableau,
                     built=[max(0, len(p) - 1) for p in tableau])


def test_british_square_waste_card_that_never_comes_up_is_never_called_so_in_a_won_position():
    """``waste_card_never_uncovered`` against the plain search, on positions whose piles are runs
    (and the compiled core's dead-end test against the game's there): it never fires where the
    plain search wins, and it fires on most of those the plain search proves lost."""
    from cadogan.solver.british_square import waste_card_never_uncovered
    game = knowledge_of("british-square")
    verdicts: dict[tuple[str, bool], int] = {}
    for seed in range(120):
        state = _runs_hand_made(seed)
        fired = waste_card_never_uncovered(state)
        if HAS_CORE:
            assert native.is_dead(state) == game.is_dead(state), f"seed {seed}"
        verdict = search(state, prune=False, max_nodes=20_000)[0]
        assert not (fired and verdict == "won"), f"seed {seed}: never uncovered, yet the plain search wins"
        verdicts[verdict, fired] = verdicts.get((verdict, fired), 0) + 1
    assert verdicts.get(("won", False), 0) >= 10  # positions it must let through
    assert verdicts.get(("lost", True), 0) >= 2 * verdicts.get(("lost", False), 0)


def test_british_square_the_losing_move_of_a_random_game_is_seen_at_once():
    """Deal 8 of ``piles`` played by the benchmark's random player: after move 172 a win is
    still possible; move 173 (``w>t7``) puts a card on the tableau that leaves no room, when the
    2C deep in the waste comes up, for the cards that must then lie in the piles, and the dead-end
    test sees it at the position itself, where the search before needed minutes."""
    from cadogan.solver.british_square import cards_that_could_move, waste_card_never_uncovered
    from cadogan.solver.playing import play_out
    line = list(play_out(games.load("british-square", "piles", 8), random.Random(8)).move_stack)
    before, after = games.load("british-square", "piles", 8), games.load("british-square", "piles", 8)
    for move in line[:172]:
        before.push(move)
    for move in line[:173]:
        after.push(move)
    assert str(line[172]) == "w>t7"
    assert waste_card_never_uncovered(after) and not waste_card_never_uncovered(before)
    assert all(filled == 26 for filled in cards_that_could_move(after)[1])  # the older test does not see it
    if HAS_CORE:
        assert native.is_dead(after) and not native.is_dead(before)


# --- the public API ---------------------------------------------------------------------------

@pytest.mark.parametrize("use_core", ENGINES)
@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_solve_respects_its_timeout_and_leaves_the_state_alone(game_id, variant, use_core, monkeypatch):
    # Each search solve runs is handed what is left of the timeout, never more (each search keeps
    # to what it is handed: tested with the search); no wall-clock measure of a loaded machine here.
    import cadogan.solver as solver_module
    from cadogan.solver import playouts

    handed: list[float | None] = []
    real_search, real_find_win = solver_module._complete_search, playouts.find_win

    def search_spy(state, timeout, *rest):
        handed.append(timeout)
        return real_search(state, timeout, *rest)

    def playouts_spy(state, timeout, *rest, **kw):
        handed.append(timeout)
        return real_find_win(state, timeout, *rest, **kw)

    monkeypatch.setattr(solver_module, "_complete_search", search_spy)
    monkeypatch.setattr(playouts, "find_win", playouts_spy)
    state = games.load(game_id, variant, 3)
    before = state.to_json()
    result = solve(state, timeout=0.25, use_core=use_core)
    assert isinstance(result, SolveResult) and handed
    assert all(t is not None and 0 <= t <= 0.25 for t in handed)
    assert state.to_json() == before and not state.move_stack
    if result.result == "won":
        assert state.line_wins(result.moves)
    else:
        assert result.result in ("lost", "unknown") and result.moves == []


@pytest.mark.parametrize("use_core", ENGINES)
def test_unknown_results_name_a_legal_first_move_towards_the_most_cards_home(use_core):
    state = games.load("square", "free", 5)  # undecided after millions of positions
    result = solve(state, max_nodes=20_000, use_core=use_core)
    assert result.result == "unknown" and result.best_first in state.legal_moves()


@pytest.mark.parametrize("use_core", ENGINES)
def test_solve_respects_max_nodes(use_core):
    result = solve(games.load("square", "free", 5), max_nodes=3000, use_core=use_core)
    assert result.result == "unknown" and result.nodes <= 3000 + 200


def test_memory_limit_gives_unknown_not_a_false_proof():
    state = games.load("british-square", "columns", 17)  # lost, proven only with a big table
    assert solve(state, max_memory_mb=1, timeout=3).result == "unknown"
    assert solve(state, max_memory_mb=256, timeout=60).result == "lost"


def test_solve_from_the_middle_of_a_game_returns_the_line_from_there():
    state = games.load("precedence", "king-out", 4)
    for _ in range(5):
        state.play("deal")
    result = solve(state, timeout=10)
    assert result.result == "won" and state.line_wins(result.moves)
    assert len(state.move_stack) == 5


def test_hint_gives_the_first_move_of_a_win():
    state = square_end("classic", 1)
    h = hint(state, budget=0.5)
    assert h == Hint(Move.from_text("redeal"), "winnable")


def test_hint_on_a_losthand_made():
    state = precedence_end("king-out", ["8C", "7C"], 0)
    assert hint(state, budget=0.3) == Hint(None, "lost")


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_hint_keeps_to_its_budget_and_names_a_legal_move(game_id, variant, monkeypatch):
    # The budget is kept by the search it is handed to (its timeout is tested with the search):
    # what a hint must do is hand on no more than its budget, and say what that search found.
    import cadogan.solver as solver_module

    state = games.load(game_id, variant, 11)
    real_solve, asked = solver_module.solve, []

    def spy(state, timeout=None, **limits):
        asked.append(timeout)
        found = real_solve(state, timeout=timeout, **limits)
        asked.append(found.result)
        return found

    monkeypatch.setattr(solver_module, "solve", spy)
    for budget in (0.05, 0.3):
        asked.clear()
        h = hint(state, budget=budget)
        [timeout, found] = asked
        assert 0 <= timeout < budget
        assert h.result is found and h.verdict == found.hint_word
        assert h.move in state.legal_moves()


def test_without_the_compiled_core_the_python_search_answers(monkeypatch):
    monkeypatch.setattr(native, "_core", None)
    state = precedence_end("king-out", ["7C", "8C"], 0)
    result = solve(state, timeout=5)
    assert result.result == "won" and state.line_wins(result.moves)
    assert hint(state, budget=0.2).move == Move.from_text("w>f8")


def test_precedence_clearing_memo_across_calls_never_changes_an_answer(monkeypatch):
    """The waste-clearing test remembers failures across the calls of a search (keyed by the waste
    ranks left and the foundation lengths only); with a limit high enough to be exact, a warm memo
    must give the same answer as a fresh one on every position, in any order."""
    from cadogan.solver import precedence as P
    monkeypatch.setattr(P, "CLEAR_CHECK_LIMIT", 10**9)
    P._begin_clearing()  # the credit too is that high
    positions = []
    for variant in ("king-out", "first-king"):
        for seed in range(120):
            state = reduced_position("precedence", variant, 3000 + seed, left=6 + seed % 30)
            state.redeals_left = 0
            counts = [0] * 14
            for card in state.stock:
                counts[card & 15] += 1
            positions.append((state, counts))
    fresh = []
    for state, counts in positions:
        P._begin_clearing()
        fresh.append(P._waste_can_be_cleared(state, counts))
    P._begin_clearing()
    for _ in range(2):
        warm = [P._waste_can_be_cleared(state, counts) for state, counts in reversed(positions)][::-1]
        assert warm == fresh
    assert True in fresh and False in fresh
    monkeypatch.undo()
    P._begin_clearing()


def _precedence_last_passes() -> list:
    positions = []
    for seed in range(24):
        state = reduced_position("precedence", ("king-out", "first-king")[seed % 2], 4000 + seed, left=30 + seed)
        state.redeals_left = seed % 2
        positions.append(state)
    return positions


def test_precedence_search_answers_alike_whatever_was_searched_before(monkeypatch):
    """The waste-clearing test keeps a credit and failures between calls; they start afresh with
    each search (``begin_search``), so a search's verdict and node count do not depend on the
    searches before it: the same in either order (a small limit makes the credit matter)."""
    from cadogan.solver import precedence as P
    monkeypatch.setattr(P, "CLEAR_CHECK_LIMIT", 50)
    positions = _precedence_last_passes()
    forward = [search(state, max_nodes=3000)[:3:2] for state in positions]
    backward = [search(state, max_nodes=3000)[:3:2] for state in reversed(positions)][::-1]
    assert forward == backward
    assert {result for result, _ in forward} == {"won", "lost", "unknown"}
    if HAS_CORE:
        forward = [native.search(state, max_nodes=20_000)[:3:2] for state in positions]
        backward = [native.search(state, max_nodes=20_000)[:3:2] for state in reversed(positions)][::-1]
        assert forward == backward
