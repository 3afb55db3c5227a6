"""One player at the table in ``cadogan play``: a History, the board, the solver's help.

A thin front end: it turns typed commands (``commands``) into move tokens for ``History`` and draws
the position object with ``termboard.Board``.  It never decides a rule itself; when it needs to know,
it asks the engine.  The solution viewer (``viewer``) and the verdict tracker (``verdicts``) are its
parts.  Scripted, with plain text:

>>> import io
>>> from cadogan.history import History
>>> out = io.StringIO()
>>> session = Session(History(games.load("precedence", deal=0)), out=out)
>>> session.handle("deal w>t1"); session.flush()
True
>>> print(*out.getvalue().splitlines()[-2:], sep="/")
deal: 3D turned up/✗ w>t1: precedence has no pile t1 (it has s, w, f1..f8)  (? for help)
"""

from __future__ import annotations

import functools
import importlib
import shlex
from typing import Any, Callable, TextIO

from cadogan import games
from cadogan.cards import random_deal
from cadogan.cmdline import read_deal
from cadogan.errors import BadInput, CadoganError, IllegalMove
from cadogan.games.base import Move
from cadogan.history import History
from cadogan.solver.cache import SolveCache, position_key
from cadogan.termboard import Board
from cadogan.terminal import commands
from cadogan.terminal.verdicts import VerdictTracker
from cadogan.terminal.viewer import CLOSE, TAKE_BACK, SolutionReplay, SolutionViewer
from cadogan.solver.outcome import Finding, Result
from cadogan.terminal.words import count, describe, explain, result_words, tokens, when

CHECK_SECONDS = 1.0  # the winnability check's budget after each line of play (v)
REVIEW_OFFER = "review: how you played, move by move, judged by what you could see at each."


class Session:
    """One player at the table: a History, the board drawing and the command interpreter."""

    def __init__(self, history: History, out: TextIO, colour: bool = False, symbols: bool = False,
                 four_colour: bool = False, clear: bool = False, ask: Callable[[str], str] | None = None,
                 hint_seconds: float = 3.0, solution_seconds: float = 10.0,
                 analysis_seconds: float = 30.0, review_settings: Any = None) -> None:
        self.history = history
        self.out = out
        self.colour = colour
        self.clear = clear
        self.ask = ask  # None: never ask for confirmation (scripted input)
        self.hint_seconds = hint_seconds
        self.solution_seconds = solution_seconds
        self.analysis_seconds = analysis_seconds
        self.review_settings = review_settings  # a cadogan.solver.review.ReviewSettings; None: its defaults
        self.solutions: SolveCache[tuple[Result, list[Move]]] = SolveCache(64)  # start position -> answer
        self.board = Board(symbols=symbols, four_colour=four_colour)
        self.viewer = SolutionViewer(self.say, self.board)
        self.verdicts = VerdictTracker()
        self.messages: list[tuple[str, str]] = []
        self.hints_used = 0
        self.check_verdict = False  # v: ask the solver after each line of play whether the game can still be won
        self.drawn: str | None = None
        self._console: Any = None

    @property
    def state(self) -> games.State:
        """The player's position (the solution viewer never changes it)."""
        return self.history.state

    @property
    def replay(self) -> SolutionReplay | None:
        """The line being shown step by step, if any."""
        return self.viewer.replay

    @property
    def verdict(self) -> tuple[list[Move], Result] | None:
        return self.verdicts.verdict

    @property
    def shown(self) -> games.State:
        """The position on the board: the replay's while a line is shown, else the player's."""
        return self.replay.state if self.replay is not None else self.state

    # --- output ----------------------------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        self.messages.append((text, style))

    def flush(self, force_board: bool = False) -> None:
        """Draw the board if it changed (always on a terminal), then the pending messages."""
        from rich.text import Text
        record = self.shown.record()
        lines: list[Any] = []
        if self.clear or force_board or record != self.drawn:
            if self.clear:
                self.out.write("\x1b[H\x1b[2J")
            lines.extend(self.board.draw(self.shown))
            lines.extend(self.viewer.status_lines() if self.replay is not None else self._status_lines())
            self.drawn = record
        lines.extend(Text(text, style=style) for text, style in self.messages)
        self.messages.clear()
        for line in lines:
            self._print(line)

    def _print(self, text: Any) -> None:
        if not self.colour:
            print(text.plain, file=self.out)
            return
        if self._console is None:
            from rich.console import Console
            self._console = Console(file=self.out, highlight=False, soft_wrap=True)
        self._console.print(text)

    def _status_lines(self) -> list[Any]:
        from rich.text import Text
        state = self.state
        lines = [Text("")]
        if state.is_won():
            hints = f", {count(self.hints_used, 'hint')}" if self.hints_used else ""
            lines.append(Text(f"★ You won! All 104 cards are on the foundations in "
                              f"{count(len(state.move_stack), 'move')}{hints}. n new deal · restart · q quit",
                              style="bold green"))
            lines.append(Text(REVIEW_OFFER, style="green"))
        elif state.is_lost():
            lines.append(Text("No moves left: the game is lost. w where did it go wrong · u undo · restart "
                              "· s solution · n new deal · q quit", style="bold yellow"))
            lines.append(Text(REVIEW_OFFER, style="yellow"))
        else:
            if self.verdicts.shows_lost(state):
                lines.append(Text("The solver says this position is lost: no line of play wins from "
                                  "here. Undo (u) to look for another way, or w: where did it go wrong?",
                                  style="yellow"))
            lines.append(Text(commands.keys_line(state), style="dim"))
        return lines

    # --- input -----------------------------------------------------------------------------
    def loop(self, read: Callable[[str], str]) -> None:
        self.flush(force_board=True)
        while True:
            prompt = "solution> " if self.replay is not None else "> "
            try:
                line = read(prompt)
            except (EOFError, KeyboardInterrupt):
                if self.clear:
                    print(file=self.out)
                self._close_viewer(redraw=False)
                self.farewell()
                self.flush()
                break
            if not self.clear and not self.colour:
                print(f"{prompt}{line.strip()}", file=self.out)
            going_on = self.handle(line)
            self.flush()
            if not going_on:
                break

    def handle(self, line: str) -> bool:
        """Carry out one line of input; False when the player quits.  With the winnability check
        on, a line that changed the position ends with the solver's verdict on it."""
        before = self.state.record() if self.check_verdict else None
        if self.replay is not None:
            self._viewer_line(tokens(line))
            going_on = True
        else:
            going_on = commands.run_tokens(self, tokens(line))
        if going_on and before is not None and self.replay is None and self.state.record() != before:
            self._check_verdict()
        return going_on

    # --- actions ---------------------------------------------------------------------------
    def move(self, token: str) -> bool:
        """Play one move; False (and why) when it is refused."""
        state = self.state
        before = state.to_json()
        try:
            move = self.history.play(token)
        except IllegalMove as err:
            self.say(f"✗ {err.move_text}: {self.board.cards_in(err.reason)}", "bold red")
            return False
        except BadInput as err:
            text = str(err) if token in str(err) else f"{token}: {err}"
            self.say(f"✗ {text}  (? for help)", "bold red")
            return False
        self.say(describe(self.board, str(move), before, state.to_json()))
        return True

    def undo_redo(self, action: Callable[[], Any], done: str) -> None:
        try:
            move = action()
        except BadInput as err:
            self.say(f"✗ {err}", "bold red")
            return
        self.say(f"{move} {done}")

    def new_deal(self, number: str | None) -> None:
        state = self.state
        if self.ask and state.move_stack and not state.is_won() and not state.is_lost():
            if self.ask("Abandon this game for a new deal? [y/N] ").strip().lower() not in ("y", "yes"):
                self.say("The game goes on.")
                return
        try:
            deal = read_deal(number) if number is not None else random_deal()
        except BadInput as err:
            self.say(f"✗ {err}", "bold red")
            return
        self._continue_later()
        self.history = History(games.load(state.game.id, state.variant, deal))
        self.verdicts.reset()
        self.hints_used = 0
        self.drawn = None  # the same deal again still gets its board drawn
        self.say(f"New deal: {deal}.")

    def toggle_check(self) -> None:
        self.check_verdict = not self.check_verdict
        self.say("Winnability check on: after each line of play the solver says whether the game can "
                 "still be won (v turns it off)." if self.check_verdict else "Winnability check off.")

    def farewell(self) -> None:
        self._continue_later()
        self.say("Goodbye.")

    def _continue_later(self) -> None:
        state = self.state
        if state.move_stack and not state.is_won():
            command = ["cadogan", "play", state.game.id, "--variant", state.variant, "--deal", str(state.deal),
                       *map(str, state.move_stack)]
            self.say("To continue this game later: " + shlex.join(command), "dim")

    # --- the solver's help -------------------------------------------------------------------
    def hint(self) -> None:
        state = self.state
        if state.is_won():
            self.say("The game is won: no hint needed.")
            return
        self._thinking(self.hint_seconds)
        found = self._ask_solver(lambda solver: solver.hint(state.copy(), self.hint_seconds),
                                 "Hint stopped.", "The hint failed")
        if found is None:
            return
        self.hints_used += 1
        result, move = found.result, found.move
        winnable_at = self.verdicts.note(state, result)
        if result is Result.LOST:
            since = "" if winnable_at is None else f" It could still be won {when(winnable_at)}."
            self.say(result_words("hint", result) + since
                     + (" Undo (u) to look for another way." if state.move_stack else ""), "bold yellow")
            return
        if move is None:
            self.say("No hint: there is no legal move.")
            return
        words = result_words("hint", result, move=explain(self.board, state, str(move)), seconds=self.hint_seconds)
        self.say(words, "bold cyan" if result is Result.WON else "cyan")

    def _check_verdict(self) -> None:
        """The winnability check (v): the solver's verdict on the position, in one line."""
        state = self.state
        if state.is_won() or state.is_lost():
            return
        found = self._ask_solver(lambda solver: solver.hint(state.copy(), CHECK_SECONDS),
                                 "Check stopped.", "The check failed")
        if found is None:
            return
        winnable_at = self.verdicts.note(state, found.result)
        if winnable_at is not None:
            self.say(result_words("check", Result.LOST, since=when(winnable_at)), "bold red")
        elif found.result is Result.WON:
            self.say(result_words("check", Result.WON), "green")
        elif found.result is Result.UNKNOWN:
            self.say(result_words("check", Result.UNKNOWN, seconds=CHECK_SECONDS), "dim")

    def solution(self) -> None:
        """Solve the deal's start position (where a restart goes) and show the winning line."""
        start = self._start_state()
        key = position_key("solve", start.to_json())
        answer = self.solutions.get(key, self.solution_seconds)
        remembered = answer is not None
        if answer is None:
            answer = self._search(start)
            if answer is None:
                return
            if answer[0].decided:  # decided for good; asking again after an unknown searches again
                self.solutions.put(key, self.solution_seconds, answer, decided=True)
        result, moves = answer
        if result is Result.LOST:
            self.say(result_words("solution", result), "bold yellow")
        elif result is not Result.WON:
            self.say(result_words("solution", result, seconds=self.solution_seconds), "yellow")
        elif self._check_line(start.copy(), moves):
            self._open_viewer(SolutionReplay(start, moves))
            self.say(result_words("solution", result, earlier=" (found earlier)" if remembered else "",
                                  moves=count(len(moves), "move")), "bold cyan")

    def where_did_it_go_wrong(self) -> None:
        """``w``: the analysis of the player's line (``cadogan analyse``); the losing move, then the
        winning line from just before it in the viewer, from where ``back`` takes the game back."""
        state = self.state
        if state.is_won():
            self.say("The game is won: nothing went wrong.")
            return
        self.say(f"Looking for the move that lost the game (up to {self.analysis_seconds:g} s; Ctrl+C stops)…", "dim")
        self.flush()
        found = self._ask_solver(lambda solver: solver.analyse_state(state.copy(), self.analysis_seconds),
                                 "Analysis stopped.", "The analysis failed")
        if found is not None:
            self._show_analysis(found)

    def review(self) -> None:
        """``review``: the game graded move by move from what the player could see (``cadogan
        review``'s words), the move that lost it labelled; Ctrl+C stops it and shows what was done."""
        state = self.state
        if not state.move_stack:
            self.say("Nothing to review yet: no move has been made.")
            return
        try:
            reviewer = _solver().Reviewer(state.copy(), self._review_settings())
        except Exception as err:  # the solver must never cost the player the game
            self.say(f"The review failed: {err}", "yellow")
            return
        timeout = reviewer.settings.timeout
        limit = f"up to {timeout:g} s; " if timeout is not None else ""
        self.say(f"Reviewing your {count(len(state.move_stack), 'move')} by what you could see at each ({limit}"
                 "Ctrl+C stops)…", "dim")
        self.flush()
        try:
            review = reviewer.run(self._review_progress(len(state.move_stack)))
        except KeyboardInterrupt:
            self.say("Review stopped: here is what was done.", "dim")
            review = reviewer.review()
        except Exception as err:
            self.say(f"The review failed: {err}", "yellow")
            return
        finally:
            if self.clear:
                self.out.write("\r\x1b[K")
        from cadogan.solver.review_command import describe_review
        self.say(describe_review(review, card=self.board.plain_card,
                                 longer="cadogan play --review-seconds S gives it longer"))
        if review.losing_move is not None:
            self.say("w steps through a winning line from just before the losing move.", "dim")

    def _review_settings(self) -> Any:
        if self.review_settings is not None:
            return self.review_settings
        from cadogan.solver.review import ReviewSettings
        return ReviewSettings()

    def _review_progress(self, total: int) -> Callable[[Any], None]:
        """What to do with each graded move as it comes: on a terminal, say how far the review is."""
        def progress(graded: Any) -> None:
            if self.clear:
                self.out.write(f"\rReviewed move {graded.index + 1} of {total}…")
                self.out.flush()
        return progress

    def _show_analysis(self, found: Any) -> None:
        k = found.last_winnable
        if found.result is Finding.NEVER_WINNABLE:
            self.say(result_words("analysis", found.result), "bold yellow")
        elif found.result is Finding.UNKNOWN:
            self.say(result_words("analysis", found.result, seconds=self.analysis_seconds), "yellow")
        elif k is None or not self._check_line(self._position_after(k), list(found.line)):
            return
        elif found.result is Finding.WINNABLE:
            self._open_viewer(SolutionReplay(self._position_after(k), list(found.line), "Winning line",
                                             "your position"))
            self.say(result_words("analysis", found.result, moves=count(len(found.line), "move")), "bold cyan")
        else:
            before = self._position_after(k)
            losing = explain(self.board, before, found.losing_move)
            self._open_viewer(SolutionReplay(before, list(found.line), "Winning line",
                                             f"the position {when(k)}, before the losing move", take_back=k))
            self.say(result_words("analysis", found.result, number=k + 1, losing=losing, since=when(k)), "bold cyan")

    def _position_after(self, moves: int) -> games.State:
        """A copy of the player's game after its first ``moves`` moves (the History is left alone)."""
        state = self.state.copy()
        while len(state.move_stack) > moves:
            state.pop()
        return state

    def _start_state(self) -> games.State:
        return self._position_after(0)

    def _search(self, start: games.State) -> tuple[Result, list[Move]] | None:
        """The solver's answer on ``start`` (result, winning line); None when there is none to give."""
        self.say(f"Searching for a winning line (up to {self.solution_seconds:g} s; Ctrl+C stops)…", "dim")
        self.flush()
        found = self._ask_solver(lambda solver: solver.solve(start.copy(), timeout=self.solution_seconds),
                                 "Search stopped.", "The search failed")
        if found is None:
            return None
        return found.result, list(found.moves) if found.result is Result.WON else []

    def _thinking(self, seconds: float) -> None:
        if self.clear:
            self.out.write(f"Thinking (up to {seconds:g} s; Ctrl+C stops)...\r")
            self.out.flush()

    def _ask_solver(self, call: Callable[[Any], Any], stopped: str, failed: str) -> Any:
        """``call(solver)``, or None (having said ``stopped`` or ``failed``) when Ctrl+C or an error ends it."""
        try:
            return call(_solver())
        except KeyboardInterrupt:
            self.say(stopped)
        except Exception as err:  # the solver must never cost the player the game
            self.say(f"{failed}: {err}", "yellow")
        return None

    def _check_line(self, state: games.State, moves: list[Move]) -> bool:
        """True when ``moves`` are legal from ``state`` and win; else say so (a solver bug)."""
        try:
            won = state.line_wins(moves)
        except CadoganError as err:
            self.say(f"The solver's line does not replay ({err}): please report this deal.", "bold red")
            return False
        if not won:
            self.say("The solver's line does not win: please report this deal.", "bold red")
        return won

    # --- the viewer ----------------------------------------------------------------------------
    def _open_viewer(self, replay: SolutionReplay) -> None:
        self.viewer.replay = replay
        self.drawn = None  # the line's start is drawn even when the player is there too

    def _viewer_line(self, words: list[str]) -> None:
        take_back = self.replay.take_back if self.replay is not None else None
        action = self.viewer.handle(words)
        if action == TAKE_BACK and take_back is not None:
            undone = 0
            while len(self.state.move_stack) > take_back:
                self.history.undo()
                undone += 1
            self.drawn = None
            self.say(f"Your game is back {when(take_back)}: {count(undone, 'move')} taken back "
                     "(r redoes them). Play on from here.")
        elif action == CLOSE:
            self.drawn = None
            self.say("Back to your game.")

    def _close_viewer(self, redraw: bool) -> None:
        """Leave the viewer; the player's game is shown again as it was."""
        if self.replay is None:
            return
        self.viewer.replay = None
        if redraw:
            self.drawn = None
            self.say("Back to your game.")
        else:
            self.drawn = self.state.record()


def _solver() -> Any:
    """The solver's functions (solve, hint, analyse_state, Reviewer), looked up when asked for so
    that tests can put a fake in their place."""
    solver = importlib.import_module("cadogan.solver")
    from cadogan.solver.analysis import analyse_state, default_workers
    from cadogan.solver.review import Reviewer
    workers = default_workers()  # the player's own machine: every core for the player's questions
    return _Solver(functools.partial(solver.solve, workers=workers), solver.hint,
                   functools.partial(analyse_state, workers=workers), Reviewer)


class _Solver:
    def __init__(self, solve: Callable[..., Any], hint: Callable[..., Any], analyse_state: Callable[..., Any],
                 reviewer: Callable[..., Any]) -> None:
        self.solve, self.hint, self.analyse_state, self.Reviewer = solve, hint, analyse_state, reviewer
