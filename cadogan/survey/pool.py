"""Writing the pool of deals the survey proved won (``cadogan/data/winnable.json``); reading it is
the solver's (``cadogan.solver.pool.winnable_deals``, imported here too for older callers).

``build_pool`` makes it from the survey's CSV files: ``cadogan survey pool`` (run in a checkout)
rewrites the shipped file.  Only deals whose winning line was replayed through the engine and found
to win are in the CSV files as won (``cadogan.survey.worker.check_winning_line``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from cadogan import games
from cadogan.errors import BadInput
from cadogan.solver.pool import FORMAT, POOL_FILE, forget, winnable_deals
from cadogan.survey.csvfiles import find_csv_files, read_rows

PER_VARIANT = 1000

__all__ = ["PER_VARIANT", "POOL_FILE", "build_pool", "write_pool", "winnable_deals"]


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
    if not out.parent.is_dir():
        raise BadInput(f"cannot write the pool {str(out)!r}: no directory {str(out.parent)!r}")
    out.write_text(text, encoding="utf-8")
    forget()
    return out
