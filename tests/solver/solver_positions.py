"""Reduced positions for the solver tests: most cards already on the foundations, the few left
spread at random over the other piles.  Every position goes through ``Game.from_json``, so each one
is checked by the engine's own validation."""

from __future__ import annotations

import random
from typing import Any, Callable

from cadogan import games
from cadogan.cards import format_cards, ordered_packs
from cadogan.games.base import State

VARIANTS = [("british-square", "columns"), ("british-square", "piles"), ("square", "classic"),
            ("square", "free"), ("precedence", "king-out"), ("precedence", "first-king")]


def _take(pool: list[int], card: int) -> int:
    pool.remove(card)
    return card


def _split(rng: random.Random, total: int, parts: int, cap: int) -> list[int]:
    """``parts`` random counts, each at most ``cap``, summing to ``total``."""
    counts = [0] * parts
    for _ in range(total):
        counts[rng.choice([i for i in range(parts) if counts[i] < cap])] += 1
    return counts


def _british(rng: random.Random, variant: str, left: int) -> dict[str, Any]:
    pool = ordered_packs()
    suits = list(range(4))
    rng.shuffle(suits)
    found = []
    for suit, rest in zip(suits, _split(rng, left, 4, 26)):
        need = [n + 1 if n < 13 else 26 - n for n in range(26 - rest)]
        found.append([_take(pool, r + 16 * suit) for r in need])
    rng.shuffle(pool)
    n_tab = 16 if variant == "piles" else 4
    tableau: list[list[int]] = [[] for _ in range(n_tab)]
    stock, waste = [], []
    for card in pool:
        where = rng.random()
        (tableau[rng.randrange(n_tab)] if where < 0.45 else waste if where < 0.6 else stock).append(card)
    return {"stock": stock, "waste": waste, "foundations": found, "tableau": tableau,
            "built": [0] * n_tab}


def _square(rng: random.Random, variant: str, left: int) -> dict[str, Any]:
    pool = ordered_packs()
    rests = _split(rng, left, 8, 12)
    found = []
    for k, rest in enumerate(rests):
        suit = k % 4
        ranks = range(1, 14 - rest) if k < 4 else range(13, rest, -1)
        found.append([_take(pool, r + 16 * suit) for r in ranks])
    rng.shuffle(pool)
    tableau: list[list[int]] = [[] for _ in range(12)]
    stock: list[int] = []
    dealing = rng.random() < 0.5 and len(pool) > 3
    for card in pool:
        if dealing and rng.random() < 0.4:
            stock.append(card)
        else:
            tableau[rng.randrange(12)].append(card)
    if stock and variant == "classic":
        for i in (9, 10, 11):
            if not tableau[i] and stock:
                tableau[i].append(stock.pop())
    obj: dict[str, Any] = {"stock": stock, "waste": [], "foundations": found, "tableau": tableau,
                           "redeals_left": rng.randint(0, 2) if variant == "classic" else 0}
    if variant == "free":
        obj["received"] = [f"t{i + 1}" for i in rng.sample(range(12), rng.randint(0, 11))]
    return obj


def _precedence(rng: random.Random, variant: str, left: int) -> dict[str, Any]:
    from cadogan.games.precedence import BASE_RANKS, next_rank
    pool = ordered_packs()
    rests = _split(rng, left, 8, 13)
    if variant == "king-out" and rests[0] == 13:
        rests[0], rests[1] = rests[1], rests[0]
    found = []
    started = True
    for k, rest in enumerate(rests):
        size = 13 - rest if started else 0
        pile = []
        for n in range(size):
            rank = next_rank(BASE_RANKS[k], n)
            pile.append(_take(pool, rng.choice([c for c in pool if c & 15 == rank])))
        started = bool(pile)
        found.append(pile)
    rng.shuffle(pool)
    cut = rng.randint(0, len(pool))
    return {"stock": pool[:cut], "waste": pool[cut:], "foundations": found, "tableau": [],
            "redeals_left": rng.randint(0, 2)}


BUILDERS: dict[str, Callable[[random.Random, str, int], dict[str, Any]]] = {
    "british-square": _british, "square": _square, "precedence": _precedence}


def reduced_position(game_id: str, variant: str, seed: int, left: int | None = None) -> State:
    """A valid position of ``game_id`` with ``left`` cards (random if None) off the foundations."""
    rng = random.Random(f"{game_id}/{variant}/{seed}")
    if left is None:
        left = rng.randint(3, 14)
    obj = BUILDERS[game_id](rng, variant, left)
    obj = {"game": game_id, "variant": variant, "deal": None,
           **{k: (format_cards(v) if k in ("stock", "waste") else v) for k, v in obj.items()}}
    obj["foundations"] = [format_cards(p) for p in obj["foundations"]]
    obj["tableau"] = [format_cards(p) for p in obj["tableau"]]
    return games.get(game_id).from_json(obj)


def hand_made(game_id: str, variant: str, **piles: Any) -> State:
    """A position from its piles (cards as numbers or names), the other keys as in SPEC's JSON."""
    obj = {"game": game_id, "variant": variant, "deal": None, "stock": [], "waste": []}
    obj.update(piles)
    for key in ("foundations", "tableau"):
        obj[key] = [format_cards(p) if p and isinstance(p[0], int) else p for p in obj[key]]
    for key in ("stock", "waste"):
        obj[key] = format_cards(obj[key]) if obj[key] and isinstance(obj[key][0], int) else obj[key]
    return games.get(game_id).from_json(obj)


def square_foundations(lengths: dict[int, int] | None = None) -> list[list[int]]:
    """Square's eight foundations (0-3 up from the Aces, 4-7 down from the Kings), foundation k
    holding the first ``lengths[k]`` cards of its run, all 13 where ``lengths`` says nothing."""
    lengths = lengths or {}
    return [[(r if k < 4 else 14 - r) + 16 * (k % 4) for r in range(1, lengths.get(k, 13) + 1)] for k in range(8)]


def check_wins_only(game_id: str, variant: str, first_seed: int, runs: Callable[[State, int], Any],
                    positions: int = 20) -> None:
    """A search for wins only (``runs(state, seed)`` yields its answers) answers "won" only with a
    line that wins, never on a position the complete search proves lost, leaves the position as
    it was, and wins some of ``positions`` small ones (else the test would test nothing)."""
    from cadogan.solver.search import search
    wins = 0
    for seed in range(positions):
        state = reduced_position(game_id, variant, first_seed + seed, left=4 + seed % 12)
        before = state.to_json()
        complete = search(state, max_nodes=200_000)
        for run in runs(state, seed + 1):
            assert run.result in ("won", "unknown")
            if run.result == "won":
                wins += 1
                assert state.line_wins(run.moves)
                assert complete.result != "lost", f"seed {seed}: won a position proven lost"
        assert state.to_json() == before  # the state is left as it was
    assert wins, "no small position was won: the search tests nothing"
