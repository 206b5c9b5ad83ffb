"""The command line: `main` (the console script) and the click group `cli`.

Layer: cli. The group and its subcommands live in `group` and the command modules;
importing this package does not import click, so that `main` can answer the most common
command lines, `dlxcli COMMAND [PATH...]` with no options (a judge's `dlxcli COMMAND <
input` among them), through `_run.run_plain` without it: importing click takes about
three times as long as starting Python (docs/performance.md). Every other command line
goes through click as usual.
"""

import sys

PLAIN_RUNS = {
    "matrix": ("dlxcli.puzzles.matrix", "solve_p4929", {"query": "first", "node_limit": None}),
    "queens": ("dlxcli.puzzles.queens", "solve_text", {"node_limit": None}),
    "sudoku": ("dlxcli.puzzles.sudoku", "solve_text", {"input_format": "auto",
                                                        "node_limit": None}),
    "squiggly": ("dlxcli.puzzles.squiggly", "solve_text", {"node_limit": None}),
    "target-sudoku": ("dlxcli.puzzles.target_sudoku", "solve_text", {"node_limit": None}),
    "samurai": ("dlxcli.puzzles.samurai", "solve_text", {"layout": "auto", "first": False,
                                                         "grids5": False, "node_limit": None}),
}
"""For each command, the (module, function, puzzle settings) its click callback passes
to the runner when given no options (tests/test_cli.py holds the two to each other)."""


def main():
    """Console-script entry point."""
    plain = PLAIN_RUNS.get(sys.argv[1]) if len(sys.argv) > 1 else None
    paths = sys.argv[2:]
    if plain is not None and all(path == "-" or not path.startswith("-") for path in paths):
        from ._run import run_plain
        run_plain(sys.argv[1], *plain, paths)
    from .group import cli
    cli(prog_name="dlxcli")


def __getattr__(name):
    """`dlxcli.cli.cli`, the click group, imported on first use."""
    if name == "cli":
        from .group import cli
        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
