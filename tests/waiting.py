"""Waiting for something another thread or process does, in tests and benchmarks: never a fixed sleep."""

from __future__ import annotations

import time
from typing import Callable


def wait_until(condition: Callable[[], object], seconds: float) -> bool:
    """Whether ``condition()`` came true within ``seconds`` (asked every 50 ms, and once more at the end)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())
