"""`dlxcli squiggly`: HDU 4069 Squiggly Sudoku."""

import click

from ..puzzles import squiggly
from ._options import common_options, run_command


@click.command("squiggly")
@common_options
def command(**settings):
    """Solve squiggly sudokus (irregular regions) in HDU 4069's format.

    Input: T, then T cases of 81 integers: the digit (0 = empty) plus wall bits 16 up,
    32 right, 64 down, 128 left. Output per case: "Case k:", then the nine rows of the
    unique solution, or "No solution", or "Multiple Solutions". A case whose walls are
    inconsistent is reported on stderr (exit status 2) while the others are answered.
    """
    run_command(squiggly.solve_text, settings)
