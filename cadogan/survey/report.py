"""``cadogan survey report``: per game and variant, the counts, the win rate with its Wilson 95%
interval, and the honest bounds -- as a table (text, Markdown or JSON) and as a plot."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from cadogan.errors import BadInput
from cadogan.survey.store import ResultsDB

COLUMNS = ["game", "variant", "deals", "won", "lost", "unknown", "unknowns as lost", "unknowns as won",
           "honest 95% bounds", "won / decided (Wilson 95%)", "solver"]
SHORT_COLUMNS = ["game", "variant", "deals", "won", "lost", "unknown", "as lost", "as won", "bounds 95%",
                 "won/decided", "solver"]
CAPTION = ("as lost: won / deals; as won: (won + unknown) / deals; bounds 95%: Wilson low end of the first "
           ".. high end of the second.  won/decided: won / (won + lost) with its Wilson interval -- it assumes "
           "the unknown deals split like the decided ones, which is false when the solver proves wins more "
           "easily than losses (or the other way).")


def pct(x: float | None) -> str:
    """``pct(0.2024)`` is ``'20.2%'``."""
    return "-" if x is None else f"{100 * x:.1f}%"


def span(pair: tuple[float, float]) -> str:
    return f"{100 * pair[0]:.1f}-{100 * pair[1]:.1f}%"


def summary(store: ResultsDB) -> list[dict[str, Any]]:
    """One dict per game and variant, in the order of ``cadogan games``."""
    from cadogan import games

    order = {(g.id, v): i for i, (g, v) in enumerate((g, v) for g in games.all_games() for v in g.variants)}
    out = []
    for (game, variant), t in sorted(store.tallies().items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        out.append({"game": game, "variant": variant, "deals": t.deals, "won": t.won, "lost": t.lost,
                    "unknown": t.unknown, "rate_unknown_as_lost": t.rate_unknown_as_lost,
                    "rate_unknown_as_won": t.rate_unknown_as_won, "bounds": list(t.bounds),
                    "rate": t.rate, "interval": list(t.interval) if t.decided else None,
                    "solver_versions": store.solver_versions(game, variant)})
    return out


def _cells(entry: dict[str, Any]) -> list[str]:
    return [entry["game"], entry["variant"], str(entry["deals"]), str(entry["won"]), str(entry["lost"]),
            str(entry["unknown"]), pct(entry["rate_unknown_as_lost"]), pct(entry["rate_unknown_as_won"]),
            span(entry["bounds"]),
            f"{pct(entry['rate'])} ({span(entry['interval'])})" if entry["interval"] else "-",
            ", ".join(entry["solver_versions"])]


def markdown(entries: list[dict[str, Any]]) -> str:
    """The table in Markdown (what docs/winnability.md shows)."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(_cells(e)) + " |" for e in entries]
    return "\n".join(lines) + "\n"


def print_table(entries: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Winnability", caption=CAPTION)
    for i, name in enumerate(SHORT_COLUMNS):
        table.add_column(name, justify="right" if 2 <= i <= 9 else "left")
    for entry in entries:
        table.add_row(*_cells(entry))
    Console(width=None if sys.stdout.isatty() else 140).print(table)


#: The plot shows won / decided only when at most this share of the deals is unknown: beyond it,
#: which deals the solver manages to decide says more about the solver than about the game.
DECIDED_RATE_MAX_UNKNOWN = 0.10


PLAYER_MARKS = {"blind": ("^", "#2e7d32", -0.25, "a strong player who cannot see the stock (blind)"),
                "greedy": ("s", "#757575", 0.3, "the greedy rule")}


def _player_label_place(low: float, high: float, proven: float | None) -> tuple[float, int, str]:
    """Where a player's rate label goes (axis x in percent, offset in points, alignment): right of
    its interval, unless the row's proven-rate label (centred above the row's marker at ``proven``;
    None where the player's mark lies below the row) is in the way: then left of the interval, or
    past that label where the interval starts near 0.

    >>> _player_label_place(65.8, 75.2, 98.9), _player_label_place(90.4, 94.9, 99.3)
    ((75.2, 4, 'left'), (90.4, -4, 'right'))
    >>> _player_label_place(0.0, 0.8, 0.0)
    (0.8, 30, 'left')
    """
    if proven is None or not proven - 10 < high < proven + 4:
        return high, 4, "left"
    if low >= 10:
        return low, -4, "right"
    return max(high, proven), 30, "left"


def plot(entries: list[dict[str, Any]], path: str | Path, players: list[dict[str, Any]] = ()) -> Path:
    """Per variant: the honest bounds (pale bar), the share proven won with its Wilson interval (dark
    dot and whisker), and won / decided (hollow diamond) when few deals are unknown; with ``players``
    (``player.report_entries``), the blind player's and the greedy rule's win rates with their Wilson
    intervals, so each variant shows what a solver that sees the stock wins beside what a player does.
    Saved as PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    from cadogan.survey.stats import wilson_interval

    path = Path(path)
    if not entries:
        raise BadInput("nothing to plot: the database holds no results")
    labels = [f"{e['game']} {e['variant']}\n{e['deals']} deals, {e['unknown']} unknown" for e in entries]
    fig, ax = plt.subplots(figsize=(8, 0.75 * len(entries) + 1.8))
    for y, e in enumerate(entries):
        low, high = e["bounds"]
        ax.barh(y, 100 * (high - low), left=100 * low, height=0.5, color="#c9d7ea")
        proven = e["won"] / e["deals"]
        lo, hi = wilson_interval(e["won"], e["deals"])
        ax.errorbar(100 * proven, y, xerr=[[100 * (proven - lo)], [100 * (hi - proven)]], fmt="o", color="#1f4e8c",
                    capsize=4)
        ax.annotate(pct(proven), (100 * proven, y), textcoords="offset points", xytext=(0, 9), ha="center",
                    fontsize=8)
        if e["rate"] is not None and e["unknown"] <= DECIDED_RATE_MAX_UNKNOWN * e["deals"]:
            lo, hi = e["interval"]
            ax.errorbar(100 * e["rate"], y + 0.15, xerr=[[100 * (e["rate"] - lo)], [100 * (hi - e["rate"])]],
                        fmt="D", mfc="white", color="#b5541c", capsize=3)
        for p in players:
            if (p["game"], p["variant"]) == (e["game"], e["variant"]) and p["player"] in PLAYER_MARKS:
                marker, colour, shift, _ = PLAYER_MARKS[p["player"]]
                lo, hi = p["interval"]
                ax.errorbar(100 * p["rate"], y + shift, xerr=[[100 * (p["rate"] - lo)], [100 * (hi - p["rate"])]],
                            fmt=marker, color=colour, capsize=3, markersize=5)
                x, offset, align = _player_label_place(100 * lo, 100 * hi, 100 * proven if shift < 0 else None)
                ax.annotate(pct(p["rate"]), (x, y + shift), textcoords="offset points", xytext=(offset, -3),
                            ha=align, fontsize=7, color=colour)
    handles = [Patch(color="#c9d7ea", label="honest bounds: unknowns as lost .. as won"),
               Line2D([], [], color="#1f4e8c", marker="o", label="proven won / all deals"),
               Line2D([], [], color="#b5541c", marker="D", mfc="white",
                      label=f"won / decided (drawn when <= {DECIDED_RATE_MAX_UNKNOWN:.0%} unknown)")]
    shown = {p["player"] for p in players}
    handles += [Line2D([], [], color=colour, marker=marker, linestyle="", label=label)
                for name, (marker, colour, _, label) in PLAYER_MARKS.items() if name in shown]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.1 - 0.5 / len(entries)), ncol=2,
              fontsize=7, frameon=False)
    ax.set_yticks(range(len(entries)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("deals won (%)")
    ax.set_title("Cadogan winnability survey (all intervals Wilson 95%)" if not players else
                 "Winnable with the stock in view, and won by players who cannot see it (Wilson 95%)", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=120)
    except OSError as err:
        raise BadInput(f"cannot write the plot {str(path)!r}: {err.strerror or err}") from None
    finally:
        plt.close(fig)
    return path
