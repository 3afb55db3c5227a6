"""``cadogan play``: the terminal game, for every game and variant alike.

A thin front end: it turns typed commands into move tokens for ``History`` and draws the position
object (``state.to_json()``) with the game's layout hooks (``tableau_grid``, ``fanned``,
``has_waste``).  It never decides a rule itself; when it needs to know, it asks the engine.

On a terminal the board is drawn in colour with suit symbols (rich); when standard output is not a
terminal the same board is printed as plain text with suit letters, so a session can be scripted:

>>> import io
>>> out = io.StringIO()
>>> session = Session(History(games.load("precedence", deal=0)), out=out)
>>> session.handle("deal w>t1"); session.flush()
True
>>> print(*out.getvalue().splitlines()[-2:], sep="/")
deal: 3D turned up/✗ w>t1: precedence has no pile t1 (it has s, w, f1..f8)  (? for help)
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import re
import shlex
import sys
from typing import Any, Callable, TextIO

from cadogan import games
from cadogan.cards import check_deal_number, random_deal
from cadogan.cli import add_game_arguments
from cadogan.errors import BadInput, CadoganError, IllegalMove
from cadogan.games.base import Move
from cadogan.history import History
from cadogan.termboard import Board

CHECK_SECONDS = 1.0  # the winnability check's budget after each line of play (v)
_PILE = r"(?:s|w|f\d+|t\d+)"
_PAIR_RE = re.compile(rf"^({_PILE})\s*(?:>|-|->)?\s*({_PILE})$")
_PILE_RE = re.compile(rf"^{_PILE}$")

KEYS_LINE = ("type a move{example} (m lists them){deal} · u undo · r redo · h hint · s solution · ? help"
             " · q quit")
REPLAY_KEYS = "Enter or n next · b back · home · end · a number jumps to that step · q close (back to your game)"
HELP_MOVES = (
    ("w", "  w>f1      the top card of the waste onto foundation f1  (w f1 and wf1 work too)"),
    ("t", "  t5>t2     the top card of pile t5 onto pile t2  (t5 t2 and t5t2 work too)"),
    ("t", "  t4>f1     the top card of pile t4 onto foundation f1"),
    ("t", "  s>t3      the next stock card straight onto pile t3, where the rules allow it"),
    ("", "  deal, d   deal from the stock          redeal   start the next pass, where allowed"),
)
HELP_KEYS = """\
Keys:
  u  undo        r  redo        restart   back to the start of this deal (redo still works)
  m  the legal moves here       h  a hint from the solver
  v  the winnability check on/off: after each line of play the solver says whether the game can
     still be won, and warns when a move lost a game it had called winnable
  s  the solution: the solver's winning line from the start of this deal, step by step
     (your game is kept as it is; q closes the solution. s>t3 is still a stock move)
  n  a new random deal          n 42      deal number 42
  ?  this help                  q  quit (prints a command that continues the game later)
Piles: s stock{waste}, f1.. foundations{tableau}. "next" says what a foundation takes;
{arrows} show which way a pile builds; "any 9" means a 9 of any suit. The full rules: docs/rules.md."""


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = ("While playing: type moves in notation (w>f1, t5>t2, deal, redeal); u undo, r redo, "
                     "restart, n [N] new deal, h hint, v winnability check on/off, s solution step by step, m legal moves, "
                     "? help, q quit. "
                     "No --deal: a random deal.")
    add_game_arguments(parser, deal_required=False)
    parser.add_argument("moves", nargs="*", metavar="MOVE",
                        help="moves to play first (continue a game: needs --deal)")
    parser.add_argument("--letters", action="store_true", help="suit letters C D H S instead of symbols")
    parser.add_argument("--four-colour", "--four-color", dest="four_colour", action="store_true",
                        help="a colour per suit: clubs green, diamonds blue, hearts red, spades plain")
    parser.add_argument("--hint-seconds", type=float, default=3.0, metavar="S",
                        help="how long the solver may think for a hint (default 3)")
    parser.add_argument("--solution-seconds", type=float, default=10.0, metavar="S",
                        help="how long the solver may search for a deal's winning line (command s; default 10)")


def run_play(args: argparse.Namespace) -> int:
    """Play until ``q`` or the end of input; exit status 0."""
    check_seconds(args.hint_seconds, "--hint-seconds")
    check_seconds(args.solution_seconds, "--solution-seconds")
    game = games.get(args.game)
    variant = game.resolve_variant(args.variant)
    moves = list(getattr(args, "moves", []) or [])
    if args.deal is None and moves:
        raise BadInput("moves to continue a game need the deal they belong to: give --deal N")
    deal = check_deal_number(args.deal) if args.deal is not None else random_deal()
    history = History(games.load(game.id, variant, deal))
    for number, token in enumerate(moves, 1):
        try:
            history.play(token)
        except CadoganError as err:
            raise BadInput(f"move {number} ({token}): {getattr(err, 'reason', err)}") from None

    interactive = sys.stdin.isatty()
    terminal = sys.stdout.isatty()
    symbols = terminal and not args.letters and _can_encode(sys.stdout, "♣♦♥♠↑↓…")
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:  # pragma: no cover - not on every platform
            pass
    session = Session(history, out=sys.stdout, colour=terminal, symbols=symbols,
                      four_colour=args.four_colour, clear=terminal and interactive,
                      ask=_ask if interactive else None, hint_seconds=args.hint_seconds,
                      solution_seconds=args.solution_seconds)
    session.loop(_read_line if interactive else _stdin_lines())
    return 0


def check_seconds(seconds: float, option: str) -> None:
    """BadInput unless ``seconds`` is a usable time budget: finite and more than 0."""
    if not (math.isfinite(seconds) and seconds > 0):
        raise BadInput(f"{option} must be a number of seconds more than 0, not {seconds:g}")


def _can_encode(stream: TextIO, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def _read_line(prompt: str) -> str:
    return input(prompt)


def _ask(question: str) -> str:
    try:
        return input(question)
    except EOFError:
        return ""


def _stdin_lines() -> Callable[[str], str]:
    def read(prompt: str) -> str:
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line
    return read


class SolutionReplay:
    """A winning line shown step by step on its own copy of the deal's start position.

    The player's ``History`` is never touched: closing the replay leaves the game as it was.

    >>> replay = SolutionReplay(games.load("precedence", deal=10), [Move.from_text("deal")] * 2)
    >>> replay.go(5); replay.step, len(replay.state.move_stack)
    (2, 2)
    >>> replay.go(-1); replay.step
    0
    """

    def __init__(self, start: games.State, moves: list[Move]) -> None:
        self.state = start
        self.moves = list(moves)
        self.step = 0

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


class Session:
    """One player at the table: a History, the board drawing and the command interpreter."""

    def __init__(self, history: History, out: TextIO, colour: bool = False, symbols: bool = False,
                 four_colour: bool = False, clear: bool = False, ask: Callable[[str], str] | None = None,
                 hint_seconds: float = 3.0, solution_seconds: float = 10.0) -> None:
        self.history = history
        self.out = out
        self.colour = colour
        self.clear = clear
        self.ask = ask  # None: never ask for confirmation (scripted input)
        self.hint_seconds = hint_seconds
        self.solution_seconds = solution_seconds
        self.solutions: dict[str, tuple[str, list[Move]]] = {}  # start position -> decided answer
        self.replay: SolutionReplay | None = None  # the solution being shown, if any
        self.board = Board(symbols=symbols, four_colour=four_colour)
        self.messages: list[tuple[str, str]] = []
        self.hints_used = 0
        self.lost_record: str | None = None  # the record of a position the solver proved lost
        self.check_verdict = False  # v: ask the solver after each line of play whether the game can still be won
        self.verdict: tuple[list[Move], str] | None = None  # the moves and the verdict of the last hint or check
        self.drawn: str | None = None
        self._console: Any = None

    @property
    def state(self) -> games.State:
        """The player's position (the solution replay never changes it)."""
        return self.history.state

    @property
    def shown(self) -> games.State:
        """The position on the board: the replay's while a solution is shown, else the player's."""
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
                self._write_clear()
            lines.extend(self.board.draw(self.shown))
            lines.extend(self._status_lines())
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

    def _write_clear(self) -> None:
        self.out.write("\x1b[H\x1b[2J")

    def _status_lines(self) -> list[Any]:
        from rich.text import Text
        if self.replay is not None:
            return self._replay_status_lines(self.replay)
        state = self.state
        lines = [Text("")]
        if state.is_won():
            hints = f", {_count(self.hints_used, 'hint')}" if self.hints_used else ""
            lines.append(Text(f"★ You won! All 104 cards are on the foundations in "
                              f"{_count(len(state.move_stack), 'move')}{hints}. n new deal · restart · q quit",
                              style="bold green"))
        elif state.is_lost():
            lines.append(Text("No moves left: the game is lost. u undo · restart · s solution · n new deal "
                              "· q quit", style="bold yellow"))
        else:
            if self.lost_record is not None and _continues(state.record(), self.lost_record):
                lines.append(Text("The solver says this position is lost: no line of play wins from "
                                  "here. Undo (u) to look for another way.", style="yellow"))
            lines.append(Text(self._keys_line(), style="dim"))
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
                self._close_replay(redraw=False)
                self._farewell()
                self.flush()
                break
            if not self.clear and not self.colour:
                print(f"{prompt}{line.strip()}", file=self.out)
            going_on = self.handle(line)
            self.flush()
            if not going_on:
                break

    def _keys_line(self) -> str:
        """The reminder under the board: an example move that is legal here, and the keys."""
        legal = self.state.legal_moves()
        transfers = [m for m in legal if m.src >= 0]
        example = f" such as {transfers[0]}" if transfers else ""
        deal = "".join(f" · {key}" for key, move in (("d deal", games.DEAL), ("redeal", games.REDEAL))
                       if move in legal)
        return KEYS_LINE.format(example=example, deal=deal)

    def _help(self) -> str:
        has_waste, has_tableau = self.state.game.has_waste, bool(self.state.tableau)
        kinds = {"w": has_waste, "t": has_tableau, "": True}
        lines = ["Type moves in the notation of the game record, one or several on a line:"]
        lines.extend(text for kind, text in HELP_MOVES if kinds[kind])
        return "\n".join(lines) + "\n" + HELP_KEYS.format(
            waste=", w waste" if has_waste else "", tableau=", t1.. tableau piles" if has_tableau else "",
            arrows=f"{self.board.up}/{self.board.down}")

    def handle(self, line: str) -> bool:
        """Carry out one line of input; False when the player quits.  With the winnability check
        on, a line that changed the position ends with the solver's verdict on it."""
        before = self.state.record() if self.check_verdict else None
        going_on = self._handle_tokens(line)
        if going_on and before is not None and self.replay is None and self.state.record() != before:
            self._check_verdict()
        return going_on

    def _handle_tokens(self, line: str) -> bool:
        tokens = _tokens(line)
        if self.replay is not None:
            self._handle_replay(self.replay, tokens)
            return True
        for i, token in enumerate(tokens):
            word = token.lower()
            if word in ("q", "quit", "exit"):
                self._farewell()
                return False
            if word in ("?", "help"):
                self.say(self._help())
            elif word in ("u", "undo"):
                self._undo_redo(self.history.undo, "undone")
            elif word in ("r", "redo"):
                self._undo_redo(self.history.redo, "redone")
            elif word == "restart":
                self.history.restart()
                self.say(f"Back to the start of deal {self.state.deal}; r redoes the moves.")
            elif word in ("n", "new"):
                number = tokens[i + 1] if i + 1 < len(tokens) and tokens[i + 1].isdigit() else None
                self._new_deal(number)
                return True
            elif word in ("h", "hint"):
                self._hint()
            elif word == "v":
                self.check_verdict = not self.check_verdict
                self.say("Winnability check on: after each line of play the solver says whether the game can "
                         "still be won (v turns it off)." if self.check_verdict else "Winnability check off.")
            elif word in ("s", "solution"):
                # A bare s is never a move (Move.from_text refuses it); "s t3" was joined into s>t3.
                self._solution()
                if i + 1 < len(tokens):
                    self.say(f"(the rest of the line was not played: {' '.join(tokens[i + 1:])})", "dim")
                return True
            elif word in ("m", "moves"):
                legal = [str(m) for m in self.state.legal_moves()]
                self.say("Legal moves: " + (" ".join(legal) if legal else "none"))
            elif not self._move("deal" if word == "d" else token):
                if i + 1 < len(tokens):
                    self.say(f"(the rest of the line was not played: {' '.join(tokens[i + 1:])})", "dim")
                return True
        return True

    def _move(self, token: str) -> bool:
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
        self.say(self._describe(str(move), before, state.to_json()))
        return True

    def _describe(self, move: str, before: dict[str, Any], after: dict[str, Any]) -> str:
        """What a move did, read off the positions before and after it: 'w>f2: 7H to f2'."""
        return f"{move}: {self._effect(move, before, after)}"

    def _effect(self, move: str, before: dict[str, Any], after: dict[str, Any]) -> str:
        """The words of ``_describe`` without the move: '7H to f2', '3D turned up'."""
        if move == "deal":
            if after["waste"] and len(after["waste"]) > len(before["waste"]):
                return f"{self.board.plain_card(after['waste'][-1])} turned up"
            return f"{_count(len(before['stock']) - len(after['stock']), 'card')} dealt"
        if move == "redeal":
            left = after.get("redeals_left")
            return "a new pass begins" + (f" ({_count(left, 'redeal')} left)" if left is not None else "")
        src, dst = move.split(">")
        card = self._top_of(after, dst)
        text = f"{self.board.plain_card(card) if card else 'card'} to {dst}"
        if src != "s" and len(after["stock"]) < len(before["stock"]):
            text += f" ({src} refilled from the stock)"
        return text

    @staticmethod
    def _top_of(pos: dict[str, Any], pile: str) -> str | None:
        if pile == "w":
            cards = pos["waste"]
        else:
            kind, number = pile[0], int(pile[1:])
            cards = pos["foundations" if kind == "f" else "tableau"][number - 1]
        return cards[-1] if cards else None

    def _explain(self, move: str) -> str:
        """A suggested move in words: 'w>f2 (7H to f2)', 'deal (deal from the stock)'."""
        if move == "deal":
            return "deal (deal from the stock)"
        if move == "redeal":
            return "redeal (start the next pass)"
        src, dst = move.split(">")
        top = None if src == "s" else self._top_of(self.state.to_json(), src)
        card = self.board.plain_card(top) if top else "the next stock card" if src == "s" else "its card"
        return f"{move} ({card} to {dst})"

    def _undo_redo(self, action: Callable[[], Any], done: str) -> None:
        try:
            move = action()
        except BadInput as err:
            self.say(f"✗ {err}", "bold red")
            return
        self.say(f"{move} {done}")

    def _new_deal(self, number: str | None) -> None:
        state = self.state
        if self.ask and state.move_stack and not state.is_won() and not state.is_lost():
            if self.ask("Abandon this game for a new deal? [y/N] ").strip().lower() not in ("y", "yes"):
                self.say("The game goes on.")
                return
        try:
            deal = check_deal_number(number) if number is not None else random_deal()
        except BadInput as err:
            self.say(f"✗ {err}", "bold red")
            return
        self._continue_later()
        self.history = History(games.load(state.game.id, state.variant, deal))
        self.lost_record = None
        self.verdict = None
        self.hints_used = 0
        self.drawn = None  # the same deal again still gets its board drawn
        self.say(f"New deal: {deal}.")

    def _hint(self) -> None:
        state = self.state
        if state.is_won():
            self.say("The game is won: no hint needed.")
            return
        if self.clear:
            self.out.write(f"Thinking (up to {self.hint_seconds:g} s; Ctrl+C stops)...\r")
            self.out.flush()
        found = self._ask_solver(lambda solver: solver.hint(state.copy(), self.hint_seconds),
                                 "Hint stopped.", "The hint failed")
        if found is None:
            return
        self.hints_used += 1
        verdict, move = found.verdict, found.move
        winnable_at = self._note_verdict(state, verdict)
        if verdict == "lost":
            since = "" if winnable_at is None else f" It could still be won {_when(winnable_at)}."
            self.say("The solver says this position is lost: no line of play wins from here." + since
                     + (" Undo (u) to look for another way." if state.move_stack else ""), "bold yellow")
            return
        if move is None:
            self.say("No hint: there is no legal move.")
            return
        if verdict == "winnable":
            self.say(f"Hint: {self._explain(str(move))} — the game can still be won", "bold cyan")
        else:
            self.say(f"Hint: {self._explain(str(move))} — the solver could not decide in "
                     f"{self.hint_seconds:g} s whether this game can still be won", "cyan")

    def _check_verdict(self) -> None:
        """The winnability check (v): the solver's verdict on the position, in one line."""
        state = self.state
        if state.is_won() or state.is_lost():
            return
        found = self._ask_solver(lambda solver: solver.hint(state.copy(), CHECK_SECONDS),
                                 "Check stopped.", "The check failed")
        if found is None:
            return
        winnable_at = self._note_verdict(state, found.verdict)
        if winnable_at is not None:
            self.say(f"This game can no longer be won, though it could {_when(winnable_at)}: u undoes a move.",
                     "bold red")
        elif found.verdict == "winnable":
            self.say("✓ Still winnable.", "green")
        elif found.verdict == "unknown":
            self.say(f"The solver could not decide in {CHECK_SECONDS:g} s whether the game can still be won.", "dim")

    def _note_verdict(self, state: games.State, verdict: str) -> int | None:
        """Remember the solver's verdict on ``state``.  When it is a loss reached by moves from a
        position the solver had called winnable, return that position's move count (a move lost
        the game)."""
        moves = list(state.move_stack)
        before, self.verdict = self.verdict, (moves, verdict)
        if verdict != "lost":
            return None
        self.lost_record = state.record()
        if before is None or before[1] != "winnable":
            return None
        winnable_at = len(before[0])
        return winnable_at if winnable_at < len(moves) and moves[:winnable_at] == before[0] else None

    # --- the solution, step by step ----------------------------------------------------------
    def _solution(self) -> None:
        """Solve the deal's start position (where a restart goes) and show the winning line."""
        start = self._start_state()
        key = json.dumps(start.to_json(), sort_keys=True)
        answer = self.solutions.get(key)
        remembered = answer is not None
        if answer is None:
            answer = self._search(start)
            if answer is None:
                return
            if answer[0] in ("won", "lost"):  # decided for good; an unknown may yet be decided
                self.solutions[key] = answer
        result, moves = answer
        if result == "lost":
            self.say("This deal is lost: the solver proved that no line wins.", "bold yellow")
        elif result != "won":
            self.say(f"No winning line found in {self.solution_seconds:g} s — this does not mean the deal is "
                     "lost.", "yellow")
        elif self._check_line(start.copy(), moves):
            self.replay = SolutionReplay(start, moves)
            self.drawn = None  # the start is drawn even when the player is at the start too
            found = " (found earlier)" if remembered else ""
            self.say(f"The solution{found}: {_count(len(moves), 'move')} from the start of the deal. "
                     "Your game is kept; q brings you back to it.", "bold cyan")

    def _start_state(self) -> games.State:
        """A copy of the player's game taken back to its start (the History is left alone)."""
        start = self.state.copy()
        while start.move_stack:
            start.pop()
        return start

    def _search(self, start: games.State) -> tuple[str, list[Move]] | None:
        """The solver's answer on ``start`` (result, winning line); None when there is none to give."""
        self.say(f"Searching for a winning line (up to {self.solution_seconds:g} s; Ctrl+C stops)…", "dim")
        self.flush()
        found = self._ask_solver(lambda solver: solver.solve(start.copy(), timeout=self.solution_seconds),
                                 "Search stopped.", "The search failed")
        if found is None:
            return None
        return found.result, list(found.moves) if found.result == "won" else []

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
            for move in moves:
                state.play(move)
        except CadoganError as err:
            self.say(f"The solver's line does not replay ({err}): please report this deal.", "bold red")
            return False
        if not state.is_won():
            self.say("The solver's line does not win: please report this deal.", "bold red")
            return False
        return True

    def _handle_replay(self, replay: SolutionReplay, tokens: list[str]) -> None:
        """Replay commands: Enter or n next, b back, home, end, a step number, q close."""
        for token in tokens or ["n"]:
            word = token.lower()
            if word in ("q", "close", "quit", "exit"):
                self._close_replay(redraw=True)
                return
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
                    return
            elif word in ("?", "help"):
                self.say(f"The solution of this deal, step by step: {REPLAY_KEYS}")
                continue
            else:
                self.say(f"✗ {token}: the solution is showing — {REPLAY_KEYS}", "bold red")
                return
            if not self._replay_go(replay, target):
                return

    def _replay_go(self, replay: SolutionReplay, target: int) -> bool:
        """Go to step ``target`` of the line; False (and why) when it is outside the line."""
        if target > replay.steps:
            self.say("That was the last step: the deal is won. b back, home, q close.")
            return False
        if target < 0:
            self.say("This is the start of the deal. Enter or n plays the first move.")
            return False
        if target == replay.step:
            self.say(f"Already at step {target} of {replay.steps}.")
            return True
        replay.go(target)
        return True

    def _close_replay(self, redraw: bool) -> None:
        """Leave the solution; the player's game is shown again as it was."""
        if self.replay is None:
            return
        self.replay = None
        if redraw:
            self.drawn = None
            self.say("Back to your game.")
        else:
            self.drawn = self.state.record()

    def _replay_status_lines(self, replay: SolutionReplay) -> list[Any]:
        from rich.text import Text
        lines = [Text(""), Text(self._step_text(replay), style="bold cyan")]
        if replay.state.is_won():
            lines.append(Text("★ Won: all 104 cards are on the foundations.", style="bold green"))
        lines.append(Text(REPLAY_KEYS, style="dim"))
        return lines

    def _step_text(self, replay: SolutionReplay) -> str:
        """'Solution, step k of N: <move> — <what it did>'."""
        head = f"Solution, step {replay.step} of {replay.steps}"
        if replay.step == 0:
            return f"{head}: the start of the deal — Enter or n plays the first move"
        state = replay.state
        after = state.to_json()
        move = state.pop()
        before = state.to_json()
        state.push(move)
        return f"{head}: {move} — {self._effect(str(move), before, after)}"

    def _farewell(self) -> None:
        self._continue_later()
        self.say("Goodbye.")

    def _continue_later(self) -> None:
        state = self.state
        if state.move_stack and not state.is_won():
            command = ["cadogan", "play", state.game.id, "--variant", state.variant, "--deal", str(state.deal),
                       *map(str, state.move_stack)]
            self.say("To continue this game later: " + shlex.join(command), "dim")


def _when(moves: int) -> str:
    """'at the start' or 'after move 12': when a position was, counted in moves played."""
    return f"after move {moves}" if moves else "at the start"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _continues(record: str, earlier: str) -> bool:
    """True when ``record`` is ``earlier`` or a game that went on from it."""
    return record == earlier or record.startswith(earlier + " ")


def _tokens(line: str) -> list[str]:
    """Split a line into tokens, joining ``w f1`` and ``wf1`` into ``w>f1``."""
    words = line.split()
    tokens: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if _PILE_RE.match(word.lower()) and i + 1 < len(words) and _PILE_RE.match(words[i + 1].lower()):
            tokens.append(f"{word}>{words[i + 1]}")
            i += 2
            continue
        pair = _PAIR_RE.match(word.lower())
        tokens.append(f"{pair.group(1)}>{pair.group(2)}" if pair else word)
        i += 1
    return tokens


def _solver() -> Any:
    """The solver module (a function of its own so that tests can put a fake in its place)."""
    return importlib.import_module("cadogan.solver")
