"""The registry of puzzle commands: command name -> the puzzle module that is the command.

Layer: between puzzles and cli; imports neither click nor the puzzle modules (a plain
judge-style run imports only the one it needs). Everything that lists the commands
reads this table: the plain run (`dlxcli.cli.main`), the click group, `dlxcli judge`,
the fuzz tests, the differential script and the benchmarks. Adding a command is one
puzzle module (see `dlxcli.puzzles`), one line here and its page in docs/.
"""

PUZZLES = {
    "matrix": "dlxcli.puzzles.matrix",
    "queens": "dlxcli.puzzles.queens",
    "sudoku": "dlxcli.puzzles.sudoku",
    "squiggly": "dlxcli.puzzles.squiggly",
    "target-sudoku": "dlxcli.puzzles.target_sudoku",
    "samurai": "dlxcli.puzzles.samurai",
    "pack": "dlxcli.puzzles.pack",
}


def puzzle_module(command):
    """The puzzle module of a command name (KeyError for an unknown one)."""
    name = PUZZLES[command]
    return __import__(name, fromlist=[name.rpartition(".")[2]])


def default_settings(command):
    """The settings a command takes when given no options: solve_text's keyword
    defaults, less the budget (which is the runner's)."""
    defaults = dict(puzzle_module(command).solve_text.__kwdefaults__ or {})
    defaults.pop("budget", None)
    return defaults
