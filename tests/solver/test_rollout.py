"""The rollout chance: drawn orders played to their ends by a blind player (cadogan.solver.rollout)."""

from __future__ import annotations

import json

from cadogan import games
from cadogan.cli import main
from cadogan.games.view import player_view
from cadogan.solver import rollout as module
from cadogan.solver.advise import Settings
from cadogan.solver.rollout import Rollouts, rollout_chance

from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand


def test_the_same_view_rollouts_and_seed_give_the_same_results():
    view = player_view(games.load("square", "classic", 3))
    first, again = rollout_chance(view, 3, seed=5), rollout_chance(view, 3, seed=5)
    assert first.played == 3 and first.results == again.results
    assert first.won == first.results.count("won") and first.win_chance == first.won / 3


def test_every_counted_win_replays_and_a_claimed_one_that_does_not_is_a_loss(monkeypatch):
    view = player_view(games.load("square", "classic", 3))
    honest = rollout_chance(view, 2, seed=1)
    assert honest.won >= 1  # Square classic deal 3 is won by the blind player (data/survey/blind)

    def claims_a_win(state, settings, estimate_first=True):
        state.play(state.legal_moves()[0])
        state.is_won = lambda: True  # says won after one move: the replay from the drawn position says not
        return [], 0, 0

    monkeypatch.setattr(module, "play_on", claims_a_win)
    assert rollout_chance(view, 2, seed=1).won == 0


def test_where_nothing_is_unseen_there_is_one_order_to_play():
    state = games.replay(games.get("precedence"), "king-out", LOSABLE_DEAL, expand(LOSABLE_LINE)[:117])
    view = player_view(state)
    assert view.exact
    found = rollout_chance(view, 5)
    assert found.played == 1 and found.results == ["won"]  # the solver proves it won at once


def test_the_draws_never_read_the_real_unseen_order():
    """Two deals with the same view but another stock order give the same rollouts."""
    state = games.load("precedence", "king-out", 4)
    view = player_view(state)
    other = view.fill(sorted(view.unseen))
    assert player_view(other).to_json() == view.to_json()
    assert rollout_chance(view, 2, seed=2).results == rollout_chance(player_view(other), 2, seed=2).results


def test_advise_rollouts_in_json_and_its_bad_values(capsys):
    assert main(["advise", "square", "--variant", "classic", "--deal", "3", "--samples", "2", "--max-nodes",
                 "1000", "--rollouts", "2", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["rollouts"]["played"] == 2 and obj["rollouts"]["win_chance"] == obj["rollouts"]["won"] / 2
    assert obj["rollouts"]["player"]["samples"] == module.ROLLOUT_PLAYER.samples
    for bad, message in ((["--rollouts", "0"], "--rollouts must be a whole number from 1 to 1000"),
                         (["--rollouts", "2", "--play"], "--rollouts goes with one advice, not with --play")):
        try:
            code = main(["advise", "square", "--variant", "classic", "--deal", "3", *bad])
        except SystemExit as exit_:
            code = exit_.code
        assert code == 2 and message in capsys.readouterr().err


def test_no_order_played_has_no_chance():
    assert Rollouts().win_chance is None and Rollouts().to_json()["win_chance"] is None


def test_the_rollouts_name_the_player_that_played_them():
    player = Settings(samples=1, max_nodes=500)
    found = rollout_chance(player_view(games.load("square", "classic", 3)), 1, player=player)
    assert found.to_json()["player"] == player.to_json() != module.ROLLOUT_PLAYER.to_json()
