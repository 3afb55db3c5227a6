"""``cadogan play``: kept as the command's module name; the terminal game lives in ``cadogan.terminal``
(``play`` the command line, ``session`` the game, ``commands``, ``viewer``, ``verdicts``, ``words``)."""

from cadogan.termboard import Board
from cadogan.terminal.play import add_play_arguments, run_play
from cadogan.terminal.session import Session
from cadogan.terminal.viewer import SolutionReplay
from cadogan.terminal.words import tokens as _tokens

__all__ = ["Board", "Session", "SolutionReplay", "add_play_arguments", "run_play", "_tokens"]
