"""The ``cadogan`` command line (SPEC.md).  User errors: one line on stderr, exit status 2.

Each command ``NAME`` lives in the module ``COMMANDS`` names, with ``add_NAME_arguments(parser)``
and ``run_NAME(args) -> int`` (e.g. ``cadogan.solver.command.run_solve``); this file only wires
them together, so ``cadogan --help`` stays fast (modules import heavy things in ``run_NAME``).
A new command is one more line in ``COMMANDS``.  What the commands share (argument parsers,
``fail``, the replay of a move list) is ``cadogan.cmdline``; nothing imports this file but the
``cadogan`` script.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from typing import Any, Sequence

from cadogan.cmdline import fail
from cadogan.errors import CadoganError

COMMANDS: dict[str, tuple[str, str]] = {
    "games": ("cadogan.commands", "list the games and their variants"),
    "deal": ("cadogan.commands", "show the start position of a deal"),
    "replay": ("cadogan.commands", "replay moves from the start of a deal"),
    "solve": ("cadogan.solver.command", "prove a deal won or lost and print a winning line"),
    "analyse": ("cadogan.solver.command", "find the move that lost a game, and a winning line before it"),
    "advise": ("cadogan.solver.advise_command", "the best move for a player who cannot see the stock, with its win chance"),
    "review": ("cadogan.solver.review_command", "a game's moves graded from the player's view, and the move that lost it"),
    "play": ("cadogan.play", "play in the terminal"),
    "serve": ("cadogan.web.command", "the browser game"),
    "survey": ("cadogan.survey.command", "winnability over a range of deals"),
}


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> Any:  # type: ignore[override]
        fail(f"{message} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cadogan", description="Play, solve and study British Square, Square and Precedence.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name, (module_name, help_text) in COMMANDS.items():
        if not _module_exists(module_name):
            continue  # a command module left out of this installation
        command = sub.add_parser(name, help=help_text, description=help_text)
        module = importlib.import_module(module_name)
        getattr(module, f"add_{name}_arguments")(command)
        command.set_defaults(_module=module_name, _run=f"run_{name}")
    return parser


def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        # A command's trailing list may go on after options (``replay GAME --deal 3 deal w>f1``), which
        # argparse leaves over; a command names that list with ``set_defaults(_trailing="moves")``.
        trailing = getattr(args, "_trailing", None)
        if trailing and not any(e.startswith("-") for e in extra):
            setattr(args, trailing, list(getattr(args, trailing)) + extra)
        else:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    module = importlib.import_module(args._module)
    try:
        return int(getattr(module, args._run)(args) or 0)
    except CadoganError as err:
        return fail(str(err))
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    except BrokenPipeError:
        return 0
    except OSError as err:
        return fail(f"{err.strerror or err}: {err.filename}" if err.filename else str(err))


__all__ = ["main", "COMMANDS"]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
