"""`dlxcli queens`: Luogu P1219 (USACO 1.5 checker)."""

import click

from ..puzzles import queens
from ._options import common_options, run_command


@click.command("queens")
@common_options
def command(**settings):
    """Place n queens on an n x n board, none attacking another.

    Input: n (1..32). Output: the first three placements in lexicographic order (the
    column of the queen in each row), then the number of placements.
    """
    run_command(queens.solve_text, settings)
