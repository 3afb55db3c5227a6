"""The solver's one result vocabulary: what a search decided about a position (``Result``) and what an
analysis found about a game (``Finding``), each a ``StrEnum`` so a result is its SPEC.md word in
JSON, in SQLite and in comparisons with text.

Every interface words the same three results its own way (SPEC.md, docs/spec.md); those words are
chosen here, once:

=========  =====================  ===============================  ======================
Result     ``solve``, survey       hint (``verdict``)              deal verdict (``/verdict``)
=========  =====================  ===============================  ======================
WON        ``won``                 ``winnable``                    ``winnable``
LOST       ``lost``                ``lost``                        ``lost``
UNKNOWN    ``unknown``             ``unknown``                     ``undecided``
=========  =====================  ===============================  ======================

>>> Result.WON == "won", Result.WON.hint_word, Result.UNKNOWN.verdict_word, Result.LOST.decided
(True, 'winnable', 'undecided', True)
>>> import json; json.dumps({"result": Result.UNKNOWN, "analysis": Finding.WENT_WRONG})
'{"result": "unknown", "analysis": "went-wrong"}'
>>> Result.from_word("winnable"), Result.from_word("undecided")
(<Result.WON: 'won'>, <Result.UNKNOWN: 'unknown'>)
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Result", "Finding"]


class Result(StrEnum):
    """What a search decided about a position."""

    WON = "won"          #: a winning line was found (and replayed before it is believed)
    LOST = "lost"        #: proven: the complete search found no winning line
    UNKNOWN = "unknown"  #: a limit (time, positions, memory) was reached first

    @property
    def decided(self) -> bool:
        """True for a proof either way: asking again with more time cannot change it."""
        return self is not Result.UNKNOWN

    @property
    def hint_word(self) -> str:
        """The word of a hint's ``verdict`` (SPEC ``/hint``): can the game still be won from here?"""
        return _HINT_WORDS[self]

    @property
    def verdict_word(self) -> str:
        """The word of a deal's verdict (docs/spec.md ``/verdict``, ``cadogan.solver.verdict``)."""
        return _VERDICT_WORDS[self]

    @classmethod
    def from_word(cls, word: str) -> "Result":
        """The result any interface's ``word`` names (``won``, ``winnable``, ``undecided`` ...);
        ValueError for another word."""
        for result in cls:
            if word in (result.value, result.hint_word, result.verdict_word):
                return result
        raise ValueError(f"not a result: {word!r}")


_HINT_WORDS = {Result.WON: "winnable", Result.LOST: "lost", Result.UNKNOWN: "unknown"}
_VERDICT_WORDS = {Result.WON: "winnable", Result.LOST: "lost", Result.UNKNOWN: "undecided"}


class Finding(StrEnum):
    """What ``cadogan analyse`` found about a game's moves (SPEC.md): where a win was lost."""

    WINNABLE = "winnable"              #: the position after all the moves can still be won
    WENT_WRONG = "went-wrong"          #: a win was possible after k moves, and is proven impossible after k+1
    NEVER_WINNABLE = "never-winnable"  #: the deal is proven lost from its start
    UNKNOWN = "unknown"                #: the solver could not decide what it needed in time
