"""The game review: ``GET /api/games/{id}/review`` (SPEC.md; docs/spec.md "The review").

Each call takes the game's review one step further through the solver service (a few seconds of
grading, or a look for the losing move with the whole deal: ``cadogan.web.reviews``) and answers the
review object so far; a complete review is answered at once. A client calls again while ``progress.
next`` says there is more to do, and with ``longer=1`` to let a look for the losing move that is
still undecided go on longer. The review is the player's to ask for: its step workers get the
game's moves and deal, since the losing move can only be found with the whole deal (a game still
in progress is graded only, from the player's view at each move).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan.solver.cache import position_key
from cadogan.solver.review import DEFAULT_MAX_NODES, DEFAULT_SAMPLES
from cadogan.web.deps import GAME, deps_of
from cadogan.web.errors import seconds_parameter
from cadogan.web.parsing import MAX_SEED, count_parameter, flag_parameter
from cadogan.web.reviews import answer_of, apply_step, next_step
from cadogan.web.solver_service import ReviewRequest

#: Seconds of grading a call does by default, and the least and most a client may ask.
STEP_BUDGET = 4.0
MIN_STEP_BUDGET = 0.5
MAX_STEP_BUDGET = 30.0
#: Drawn orders of the unseen cards per decision by default (``cadogan review``'s), and at most.
REVIEW_SAMPLES = DEFAULT_SAMPLES
MAX_REVIEW_SAMPLES = 32
#: Search nodes per solve of a drawn order (``cadogan review``'s default).
REVIEW_MAX_NODES = DEFAULT_MAX_NODES


async def review(request: Request) -> Response:
    deps = deps_of(request)
    game_id = request.path_params["game_id"]
    saved, history = await deps.games.get(game_id)
    budget = seconds_parameter(request.query_params.get("budget"), STEP_BUDGET, MIN_STEP_BUDGET, MAX_STEP_BUDGET)
    samples = count_parameter(request, "samples", REVIEW_SAMPLES, 1, MAX_REVIEW_SAMPLES)
    seed = count_parameter(request, "seed", 0, 0, MAX_SEED)
    longer = flag_parameter(request, "longer")
    state = history.state
    moves = tuple(str(m) for m in state.move_stack)
    progress = deps.reviews.of(game_id, moves, samples, seed, over=state.is_won() or not state.legal_moves(),
                               won=state.is_won())
    step = next_step(progress, budget, longer)
    if step is not None:
        task, seconds = step
        before = progress.steps
        key = position_key("review", {"id": game_id, "moves": list(moves), "samples": samples, "seed": seed,
                                      "step": before, "task": task})
        work = ReviewRequest(saved.game, saved.variant, saved.deal, moves, samples, REVIEW_MAX_NODES, seed, task,
                             seconds, progress.reviewer)
        found, _ = await deps.solver.ask(request, work, key, owner=f"{game_id}:review")
        apply_step(progress, before, task, seconds, found)
    if progress.over and not progress.recorded and progress.review is not None \
            and progress.graded == len(moves) and progress.review["accuracy"] is not None:
        progress.recorded = True  # a finished game's accuracy, kept once every move is graded
        await deps.games.record_accuracy(saved.id, progress.review["accuracy"])
    return JSONResponse(answer_of(progress, budget))


ROUTES: list[BaseRoute] = [Route(GAME + "/review", review, methods=["GET"])]
