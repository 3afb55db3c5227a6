"""The solution viewer of ``cadogan play``: a winning line shown step by step on its own copy of a
position, over the player's game, which it never touches.

It shows the deal's solution (command ``s``, from the start of the deal) and the continuation of
``w`` (from the last position of the player's game that could still be won).  Commands: Enter or
``n`` next, ``b`` back, ``home``, ``end``, a step number, ``q`` close; with a continuation of ``w``,
``back`` takes the player's game back to where the line starts (the session does it).

>>> from cadogan import games
>>> replay = SolutionReplay(games.load("precedence", deal=10), [games.Move.from_text("deal")] * 2)
>>> replay.go(5); replay.step, len(replay.state.move_stack)
(2, 2)
>>> replay.go(-1); replay.step
0
"""

from __future__ import annotations

from typing import Any, Callable

from cadogan.games.base import Move, State
from cadogan.termboard import Board
from cadogan.terminal.words import effect

REPLAY_KEYS = "Enter or n next · b back · home · end · a number jumps to that step · q close (back to your game)"
TAKE_BACK_KEY = "back: take your game back to the start of this line (r redoes your moves)"
CLOSE, TAKE_BACK = "close", "take back"


class SolutionReplay:
    """A line of moves shown step by step from ``start`` (a state of its own, changed in place).

    ``title`` heads each step ('Solution'); ``where`` names the start ('the start of the deal');
    ``take_back`` is the number of the player's moves to go back to, when the line continues the
    player's game from there (None: the line is the deal's solution)."""

    def __init__(self, start: State, moves: list[Move], title: str = "Solution",
                 where: str = "the start of the deal", take_back: int | None = None) -> None:
        self.state = start
        self.moves = list(moves)
        self.step = 0
        self.title = title
        self.where = where
        self.take_back = take_back

    @property
    def steps(self) -> int:
        return len(self.moves)

    def go(self, step: int) -> None:
        """Show the position after ``step`` moves of the line (clamped to the line)."""
        step = max(0, min(step, self.steps))
        while self.step < step:
            self.state.push(self.moves[self.step])
            self.step += 1
        while self.step > step:
            self.state.pop()
            self.step -= 1


class SolutionViewer:
    """The replay being shown, if any, and its commands; ``say(text, style)`` reports."""

    def __init__(self, say: Callable[[str, str], None], board: Board) -> None:
        self.say = say
        self.board = board
        self.replay: SolutionReplay | None = None

    def keys(self) -> str:
        replay = self.replay
        return REPLAY_KEYS + (f" · {TAKE_BACK_KEY}" if replay is not None and replay.take_back is not None else "")

    def handle(self, tokens: list[str]) -> str | None:
        """Replay commands; ``CLOSE`` when the viewer closed, ``TAKE_BACK`` when the player asked to
        take the game back to where the line starts, else None."""
        replay = self.replay
        assert replay is not None
        for token in tokens or ["n"]:
            word = token.lower()
            if word in ("q", "close", "quit", "exit"):
                self.replay = None
                return CLOSE
            if word == "back" and replay.take_back is not None:
                self.replay = None
                return TAKE_BACK
            if word in ("n", "next"):
                target = replay.step + 1
            elif word in ("b", "back"):
                target = replay.step - 1
            elif word == "home":
                target = 0
            elif word == "end":
                target = replay.steps
            elif word.isdigit():
                target = int(word)
                if target > replay.steps:
                    self.say(f"✗ there is no step {target}: the line has steps 0 to {replay.steps}", "bold red")
                    return None
            elif word in ("?", "help"):
                self.say(f"{replay.title}, step by step: {self.keys()}", "")
                continue
            else:
                self.say(f"✗ {token}: the {replay.title.lower()} is showing — {self.keys()}", "bold red")
                return None
            if not self._go(replay, target):
                return None
        return None

    def _go(self, replay: SolutionReplay, target: int) -> bool:
        """Go to step ``target`` of the line; False (and why) when it is outside the line."""
        if target > replay.steps:
            self.say("That was the last step: the deal is won. b back, home, q close.", "")
            return False
        if target < 0:
            self.say(f"This is {replay.where}. Enter or n plays the first move.", "")
            return False
        if target == replay.step:
            self.say(f"Already at step {target} of {replay.steps}.", "")
            return True
        replay.go(target)
        return True

    def status_lines(self) -> list[Any]:
        from rich.text import Text
        replay = self.replay
        assert replay is not None
        lines = [Text(""), Text(self.step_text(), style="bold cyan")]
        if replay.state.is_won():
            lines.append(Text("★ Won: all 104 cards are on the foundations.", style="bold green"))
        lines.append(Text(self.keys(), style="dim"))
        return lines

    def step_text(self) -> str:
        """'Solution, step k of N: <move> — <what it did>'."""
        replay = self.replay
        assert replay is not None
        head = f"{replay.title}, step {replay.step} of {replay.steps}"
        if replay.step == 0:
            return f"{head}: {replay.where} — Enter or n plays the first move"
        state = replay.state
        after = state.to_json()
        move = state.pop()
        before = state.to_json()
        state.push(move)
        return f"{head}: {move} — {effect(self.board, str(move), before, after)}"
