"""``--max-memory`` is a true cap on the transposition table: a survey runs many workers side by side,
and each must stay within the memory it was given.

The table used to double by allocating the new array while the old one was alive, so a 64 MiB
cap peaked at 96 MiB of table (``cadogan solve --max-memory 64`` at 116 MB in all).  Each test runs
the search in a child process that reports its own peak resident memory (``VmHWM``), and compares
it with that of a child doing the same with a tiny search: the difference is what the search took.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import pytest

import cadogan
from cadogan.solver import native

CAP_MIB = 64
MARGIN_MIB = 8  # the search's own stacks, a few Python objects, allocator slack
DEAL = ("square", "free", 2)  # its complete search fills a 64 MiB table in about 3.2 million nodes

pytestmark = [
    pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads VmHWM from /proc (Linux)"),
    pytest.mark.skipif(not native.available(), reason="the optional compiled core is not built here"),
]

# Runs `work` (Python source), then writes the process's peak resident memory (kB) to stderr; so
# does SIGTERM, which the core's search notices within a tenth of a second.
_CHILD = """
import os, signal
def report(*_):
    with open("/proc/self/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    os.write(2, ("PEAK %s\\n" % peak).encode())
    os._exit(0)
signal.signal(signal.SIGTERM, report)
{work}
report()
"""


def _peak_mib(work: str, *, stop_after: float | None = None) -> float:
    """Peak resident memory (MiB) of a child process running ``work``, stopped (SIGTERM) after
    ``stop_after`` seconds if it is still running."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(cadogan.__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, "-c", _CHILD.format(work=work)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        _, err = proc.communicate(timeout=stop_after)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    match = re.search(r"PEAK (\d+)", err)
    assert match, err
    return int(match.group(1)) / 1024


def _search(max_nodes: int) -> str:
    game, variant, deal = DEAL
    return ("from cadogan import games\nfrom cadogan.solver import native\n"
            f"native.search(games.load({game!r}, {variant!r}, {deal}), max_nodes={max_nodes}, "
            f"max_memory_mb={CAP_MIB})")


def _solve(*options: str) -> str:
    game, variant, deal = DEAL
    argv = ["solve", game, "--variant", variant, "--deal", str(deal), "--max-memory", str(CAP_MIB), *options]
    return f"from cadogan.cli import main\nmain({argv!r})"


def test_the_core_table_never_outgrows_the_cap():
    # 2 million nodes: past the table's last doubling (to 64 MiB, at 1.6 million positions).
    baseline = _peak_mib(_search(1))
    peak = _peak_mib(_search(2_000_000))
    assert CAP_MIB / 2 < peak - baseline < CAP_MIB + MARGIN_MIB, (peak, baseline)


def test_cadogan_solve_keeps_to_max_memory():
    # `cadogan solve` spends the first 0.5 % of its timeout on the complete search: 6 s of a 1200 s
    # timeout, time to fill the table.  The child is stopped after 6 s: its peak is what counts.
    baseline = _peak_mib(_solve("--max-nodes", "1"))
    peak = _peak_mib(_solve("--timeout", "1200"), stop_after=6.0)
    assert peak - baseline < CAP_MIB + MARGIN_MIB, (peak, baseline)
