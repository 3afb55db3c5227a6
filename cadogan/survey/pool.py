"""The pool of deals the survey proved won, shipped with the package (``cadogan/data/winnable.json``).

The web game's "winnable deals only" option draws from it::

    >>> from cadogan.survey.pool import winnable_deals
    >>> deals = winnable_deals("precedence", "king-out")
    >>> deals == sorted(deals) and all(isinstance(d, int) for d in deals)
    True

Every deal in it was solved with a winning line that was replayed through the engine and found to
win (``cadogan.survey.worker.check_winning_line``).  ``build_pool`` makes it again from the survey's
CSV files: ``cadogan survey pool`` (run in a checkout) rewrites the shipped file.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from cadogan import games
from cadogan.survey.csvfiles import find_csv_files, read_rows

POOL_FILE = Path(__file__).resolve().parent.parent / "data" / "winnable.json"
PER_VARIANT = 1000
FORMAT = 1


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


def build_pool(paths: Iterable[str | Path], per_variant: int = PER_VARIANT) -> dict[str, Any]:
    """The pool from survey CSV files (or directories of them): the first ``per_variant`` won deals of
    each variant, by deal number, with how many deals were surveyed and won in all."""
    if per_variant < 0:
        raise ValueError("per_variant must not be negative")
    won: dict[tuple[str, str], set[int]] = {}
    surveyed: dict[tuple[str, str], int] = {}
    for path in find_csv_files(paths):
        for row in read_rows(path):
            key = (row.game, row.variant)
            surveyed[key] = surveyed.get(key, 0) + 1
            if row.result == "won":
                won.setdefault(key, set()).add(row.deal)
    deals: dict[str, dict[str, list[int]]] = {}
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for game in games.all_games():
        for variant in game.variants:
            key = (game.id, variant)
            if key not in surveyed:
                continue
            proven = sorted(won.get(key, ()))
            deals.setdefault(game.id, {})[variant] = proven[:per_variant]
            counts.setdefault(game.id, {})[variant] = {"surveyed": surveyed[key], "won": len(proven)}
    return {"format": FORMAT,
            "about": "Deal numbers proven won by `cadogan survey` (winning line replayed and checked); "
                     f"the first {per_variant} per variant. Regenerate with `cadogan survey pool`.",
            "per_variant": per_variant, "counts": counts, "deals": deals}


def write_pool(pool: dict[str, Any], out: str | Path = POOL_FILE) -> Path:
    """Write ``pool`` as compact JSON (one line per variant) and forget any cached copy."""
    out = Path(out)
    lines = ["{", f'  "format": {pool["format"]},', f'  "about": {json.dumps(pool["about"])},',
             f'  "per_variant": {pool["per_variant"]},', f'  "counts": {json.dumps(pool["counts"], sort_keys=True)},',
             '  "deals": {']
    game_blocks = []
    for game_id, variants in pool["deals"].items():
        inner = ",\n".join(f'    {json.dumps(v)}: {json.dumps(d, separators=(",", ":"))}' for v, d in variants.items())
        game_blocks.append(f"   {json.dumps(game_id)}: {{\n{inner}\n   }}")
    lines.append(",\n".join(game_blocks))
    lines += ["  }", "}"]
    text = "\n".join(lines) + "\n"
    json.loads(text)  # never ship a file that does not parse
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    _load.cache_clear()
    return out
