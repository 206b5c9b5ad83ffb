"""The registry of puzzle commands: command name -> the puzzle module that is the command.

Layer: between puzzles and cli; imports neither click nor the puzzle modules (a plain
judge-style run imports only the one it needs). Everything that lists the commands
reads this table: the plain run (`dlxcli.cli.main`), the click group, `dlxcli judge`
(`checker`), `dlxcli generate` (`generatable`, `generator`), the fuzz tests, the
differential script and the benchmarks. Adding a command is one puzzle module (see
`dlxcli.puzzles`), one line here, its page in docs/ and its sample puzzles: the
checklist is docs/adding-a-command.md.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs every run's start-up 2 ms: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Optional

    from .puzzles import Generator, PuzzleModule

PUZZLES = {
    "matrix": "dlxcli.puzzles.matrix",
    "queens": "dlxcli.puzzles.queens",
    "sudoku": "dlxcli.puzzles.sudoku",
    "squiggly": "dlxcli.puzzles.squiggly",
    "target-sudoku": "dlxcli.puzzles.target_sudoku",
    "samurai": "dlxcli.puzzles.samurai",
    "pack": "dlxcli.puzzles.pack",
}


def puzzle_module(command: str) -> PuzzleModule:
    """The puzzle module of a command name (KeyError for an unknown one)."""
    name = PUZZLES[command]
    module: PuzzleModule = __import__(name, fromlist=[name.rpartition(".")[2]])
    return module


def default_settings(command: str) -> dict[str, Any]:
    """The settings a command takes when given no options: solve_text's keyword
    defaults, less the budget (which is the runner's)."""
    defaults = dict(puzzle_module(command).solve_text.__kwdefaults__ or {})
    defaults.pop("budget", None)
    return defaults


def checker(command: str) -> Callable[..., Optional[str]]:
    """How dlxcli judge checks an answer of a command: its puzzle module's `check`, or
    the line comparison (dlxcli.puzzles.compare_lines)."""
    from .puzzles import compare_lines
    return getattr(puzzle_module(command), "check", compare_lines)


def learn_refused(command: str, settings: dict[str, Any]) -> Optional[str]:
    """Why `--reason learn` cannot answer `command` with these settings, or None: its
    puzzle module's LEARN_REFUSED (an answer defined by the DLX search's order or by a
    maximum), or --rate, which reads the DLX search's nodes."""
    why: Optional[str] = getattr(puzzle_module(command), "LEARN_REFUSED", None)
    if why is None and settings.get("query") == "rate":
        why = "--rate measures the nodes of the DLX search; use --reason singles or auto"
    return why


def generator(command: str) -> Optional[Generator]:
    """How dlxcli generate makes puzzles of a command (its puzzle module's GENERATE, a
    dlxcli.puzzles.Generator), or None: it cannot be generated."""
    return getattr(puzzle_module(command), "GENERATE", None)


def generatable() -> tuple[str, ...]:
    """The commands dlxcli generate makes puzzles for, in the registry's order."""
    return tuple(command for command in PUZZLES if generator(command) is not None)
