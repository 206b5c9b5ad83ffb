"""`dlxcli sudoku`: Luogu P1784, and the one-line format of sudoku collections."""

import click

from ..puzzles import sudoku
from ._options import common_options, run_command


@click.command("sudoku")
@click.option("--input-format", type=click.Choice(sudoku.INPUT_FORMATS), default="auto",
              show_default=True,
              help="grid: rows of numbers (P1784; the first row's length sets the size); "
                   "line: one puzzle per line, 0 or . for empty; auto: line if the first "
                   "non-blank line is a single word of 16 or more characters, else grid.")
@common_options
def command(**settings):
    """Solve square sudokus (4x4, 9x9, 16x16, 25x25), any number per input, in order.

    Grid format (Luogu P1784): side x side cell values per puzzle, 0 = empty; values
    above 9 as numbers or letters A.. (A = 10). Output: each solution as side lines of
    numbers separated by spaces. Line format: one puzzle per line (81 characters for
    9x9), 0 or . = empty; output: one line of digits and capital letters per puzzle.

    A puzzle without a solution prints nothing and is named on stderr (exit status 1);
    with several solutions the first found is printed. A malformed puzzle is reported
    on stderr (exit status 2) while the others are answered.
    """
    run_command(sudoku.solve_text, settings)
