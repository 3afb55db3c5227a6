"""The commands of ``cadogan play``: one line of input, word by word, to the session's actions.

Moves are any other word (the engine judges them); ``d`` is ``deal``.  A bare ``s`` is the solution
(``Move.from_text`` refuses it as a move; ``s t3`` was joined into ``s>t3`` by ``words.tokens``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cadogan import games
from cadogan.termboard import Board

if TYPE_CHECKING:  # pragma: no cover
    from cadogan.terminal.session import Session

KEYS_LINE = ("type a move{example} (m lists them){deal} · u undo · r redo · h hint · s solution · "
             "w where did it go wrong · ? help · q quit")
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
  w  where did it go wrong: the move that lost the game, then a winning line from just before it,
     step by step, or (back) your game taken back to that point; r redoes your moves
  review  your game graded move by move by what you could see at each: the win chance as you
     played, each decision against the best move, an accuracy, and the move that lost the game --
     a mistake you could have seen, or bad luck only the full deal shows (Ctrl+C stops it)
  n  a new random deal          n 42      deal number 42
  ?  this help                  q  quit (prints a command that continues the game later)
Piles: s stock{waste}, f1.. foundations{tableau}. "next" says what a foundation takes;
{arrows} show which way a pile builds; "any 9" means a 9 of any suit. The full rules: docs/rules.md."""


def keys_line(state: games.State) -> str:
    """The reminder under the board: an example move that is legal here, and the keys."""
    legal = state.legal_moves()
    transfers = [m for m in legal if m.src >= 0]
    example = f" such as {transfers[0]}" if transfers else ""
    deal = "".join(f" · {key}" for key, move in (("d deal", games.DEAL), ("redeal", games.REDEAL))
                   if move in legal)
    return KEYS_LINE.format(example=example, deal=deal)


def help_text(state: games.State, board: Board) -> str:
    has_waste, has_tableau = state.game.has_waste, bool(state.tableau)
    kinds = {"w": has_waste, "t": has_tableau, "": True}
    lines = ["Type moves in the notation of the game record, one or several on a line:"]
    lines.extend(text for kind, text in HELP_MOVES if kinds[kind])
    return "\n".join(lines) + "\n" + HELP_KEYS.format(
        waste=", w waste" if has_waste else "", tableau=", t1.. tableau piles" if has_tableau else "",
        arrows=f"{board.up}/{board.down}")


def run_tokens(session: "Session", tokens: list[str]) -> bool:
    """Carry out the words of one line in order; False when the player quits.  A word that ends the
    line (the solution, the analysis, a refused move) says what was not played; a new deal ends it
    quietly."""
    for i, token in enumerate(tokens):
        word = token.lower()
        if word in ("q", "quit", "exit"):
            session.farewell()
            return False
        ends = _run_word(session, word, token, tokens[i + 1:])
        if ends == REST_NOT_PLAYED and i + 1 < len(tokens):
            session.say(f"(the rest of the line was not played: {' '.join(tokens[i + 1:])})", "dim")
        if ends:
            return True
    return True


GO_ON, REST_NOT_PLAYED, QUIET_END = "", "rest", "end"


def _run_word(session: "Session", word: str, token: str, rest: list[str]) -> str:
    """One word of the line: GO_ON, or how it ends the line."""
    if word in ("?", "help"):
        session.say(help_text(session.state, session.board))
    elif word in ("u", "undo"):
        session.undo_redo(session.history.undo, "undone")
    elif word in ("r", "redo"):
        session.undo_redo(session.history.redo, "redone")
    elif word == "restart":
        session.history.restart()
        session.say(f"Back to the start of deal {session.state.deal}; r redoes the moves.")
    elif word in ("n", "new"):
        session.new_deal(rest[0] if rest and rest[0].isdigit() else None)
        return QUIET_END
    elif word in ("h", "hint"):
        session.hint()
    elif word == "v":
        session.toggle_check()
    elif word in ("s", "solution"):
        session.solution()
        return REST_NOT_PLAYED
    elif word in ("w", "where", "analyse", "analyze"):
        session.where_did_it_go_wrong()
        return REST_NOT_PLAYED
    elif word == "review":
        session.review()
        return REST_NOT_PLAYED
    elif word in ("m", "moves"):
        legal = [str(m) for m in session.state.legal_moves()]
        session.say("Legal moves: " + (" ".join(legal) if legal else "none"))
    elif not session.move("deal" if word == "d" else token):
        return REST_NOT_PLAYED
    return GO_ON
