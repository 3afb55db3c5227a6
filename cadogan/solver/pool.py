"""The pool of deals the survey proved won, shipped with the package (``cadogan/data/winnable.json``).

The deal verdict (``cadogan.solver.verdict``) and the web game's "winnable deals only" option read
it here; the survey, which writes it (``cadogan.survey.pool``), sits above the solver::

    >>> deals = winnable_deals("precedence", "king-out")
    >>> deals == sorted(deals) and all(isinstance(d, int) for d in deals)
    True

Every deal in it was solved with a winning line that was replayed through the engine and found to
win (``cadogan.survey.worker.check_winning_line``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from cadogan import games

POOL_FILE = Path(__file__).resolve().parent.parent / "data" / "winnable.json"
FORMAT = 1

__all__ = ["POOL_FILE", "FORMAT", "winnable_deals", "forget"]


@lru_cache(maxsize=1)
def _load() -> dict[str, Any]:
    from importlib.resources import files

    resource = files("cadogan") / "data" / "winnable.json"
    if not resource.is_file():
        return {"format": FORMAT, "deals": {}}
    return json.loads(resource.read_text(encoding="utf-8"))


def winnable_deals(game_id: str, variant: str | None = None) -> list[int]:
    """The shipped proven-won deal numbers of a game and variant (default variant: the game's first),
    in increasing order; an empty list if the survey has proved none.  BadInput for an unknown game
    or variant."""
    game = games.get(game_id)
    variant = game.resolve_variant(variant)
    return list(_load().get("deals", {}).get(game.id, {}).get(variant, []))


def forget() -> None:
    """Forget the pool read so far (after the survey rewrote the file)."""
    _load.cache_clear()
