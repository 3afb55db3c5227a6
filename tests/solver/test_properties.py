"""Property: whatever position the solver says is won, its line replays to a win; what it says is
lost, the plain search cannot win either."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cadogan.solver import solve
from cadogan.solver.search import search

from solver_positions import VARIANTS, reduced_position


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 10**6), st.integers(2, 16))
def test_a_won_line_replays_to_a_win_and_a_loss_is_a_loss(variant, seed, left):
    game_id, variant_name = variant
    state = reduced_position(game_id, variant_name, seed, left=left)
    result = solve(state, max_nodes=100_000, timeout=5)
    if result.result == "won":
        assert state.line_wins(result.moves)
    elif result.result == "lost" and left <= 8:
        assert search(state, prune=False, max_nodes=20_000)[0] in ("lost", "unknown")
