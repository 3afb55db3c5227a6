"""Solver answers kept per position and budget, for any front end (web server, terminal).

A decided answer (won, lost, winnable...) holds for every budget; an undecided one (``unknown``)
holds for every budget up to the one it was searched with, and a longer budget searches again.

>>> cache = SolveCache(size=2)
>>> cache.put("p1", 1.0, {"result": "unknown"}, decided=False)
>>> cache.get("p1", 0.5), cache.get("p1", 1.0), cache.get("p1", 3.0)
({'result': 'unknown'}, {'result': 'unknown'}, None)
>>> cache.put("p1", 3.0, {"result": "won"}, decided=True)
>>> cache.get("p1", 0.1), cache.decided("p1")
({'result': 'won'}, {'result': 'won'})
>>> cache.put("p1", 0.1, {"result": "unknown"}, decided=False)  # never replaces a decided answer
>>> cache.get("p1", 30.0)
{'result': 'won'}
>>> cache.put("p2", 1.0, {}, decided=False); cache.put("p3", 1.0, {}, decided=False)
>>> "p1" in cache, len(cache)  # the least recently used goes first
(False, 2)
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Generic, Hashable, TypeVar

__all__ = ["SolveCache", "position_key"]

Answer = TypeVar("Answer")


@dataclass
class _Entry(Generic[Answer]):
    answer: Answer
    budget: float
    decided: bool


class SolveCache(Generic[Answer]):
    """At most ``size`` answers, least recently used dropped first; safe to share between threads."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, _Entry[Answer]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, budget: float) -> Answer | None:
        """The answer for ``key`` that a search of ``budget`` seconds could not improve, or None."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or not (entry.decided or budget <= entry.budget):
                return None
            self._entries.move_to_end(key)
            return entry.answer

    def decided(self, key: Hashable) -> Answer | None:
        """The decided answer for ``key``, whatever budget found it, or None."""
        with self._lock:
            entry = self._entries.get(key)
            return entry.answer if entry is not None and entry.decided else None

    def put(self, key: Hashable, budget: float, answer: Answer, *, decided: bool) -> None:
        """Keep ``answer`` unless a better one is kept: a decided one, or an undecided one of a longer budget."""
        with self._lock:
            old = self._entries.get(key)
            if old is not None and (old.decided or (not decided and old.budget >= budget)):
                self._entries.move_to_end(key)
                return
            self._entries[key] = _Entry(answer, budget, decided)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


def position_key(kind: str, position: dict[str, Any]) -> str:
    """A short key for a position object (``State.to_json()``) and the kind of question asked of it.

    >>> position_key("hint", {"a": 1, "b": [2]}) == position_key("hint", {"b": [2], "a": 1})
    True
    >>> position_key("hint", {"a": 1}) == position_key("solve", {"a": 1})
    False
    """
    text = json.dumps(position, sort_keys=True, separators=(",", ":"))
    return f"{kind}:" + hashlib.sha256(text.encode()).hexdigest()
