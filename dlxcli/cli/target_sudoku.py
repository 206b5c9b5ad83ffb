"""`dlxcli target-sudoku`: Luogu P1074 (NOIP 2009 senior), the target-shaped sudoku."""

import click

from ..puzzles import target_sudoku
from ._options import common_options, run_command


@click.command("target-sudoku")
@common_options
def command(**settings):
    """Find the highest score of a target sudoku.

    Input: 9 rows of 9 numbers, 0 = empty. A completed grid scores the sum of digit x
    weight, the weight being 10 in the centre cell, 9 on the ring around it, ... 6 on
    the outer ring. Output: the highest score over all completions, or -1 if there is
    none (exit status 0: -1 is the judge's answer).
    """
    run_command(target_sudoku.solve_text, settings)
