"""`dlxcli samurai`: samurai sudoku, five 9x9 grids overlapping at four boxes (seed 003)."""

import click

from ..puzzles import samurai
from ._options import common_options, run_command


@click.command("samurai")
@click.option("--layout", type=click.Choice(samurai.LAYOUTS), default="auto", show_default=True,
              help="Input layout: grids5 = five 9x9 grids (TL, TR, BL, BR, C); grid21 = the "
                   "21x21 picture; auto = grid21 if there are 21 row lines, else grids5.")
@click.option("--first", is_flag=True,
              help="Print the first solution found, without checking that it is unique.")
@click.option("--grids5", is_flag=True,
              help="Print the five 9x9 grids (TL, TR, BL, BR, C) instead of the picture.")
@common_options
def command(**settings):
    """Solve a samurai sudoku: five 9x9 sudokus, the centre one sharing a box with each
    corner one.

    Input: the 21x21 picture (21 row lines; '.' or '0' empty; gaps left out or written
    as one of . 0 - x X *) or the five grids as 405 symbols. Output: the unique solution
    as the picture (gaps as spaces), or "No solution", or "Multiple Solutions".
    """
    run_command(samurai.solve_text, settings)
