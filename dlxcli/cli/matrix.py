"""`dlxcli matrix`: exact cover given as a 0-1 matrix (Luogu P4929) or in Knuth's format."""

import click

from ..puzzles import matrix
from ._options import common_options, run_command


@click.command("matrix")
@common_options
@click.option("--input-format", "input_format", type=click.Choice(["p4929", "knuth"]),
              default="p4929", show_default=True,
              help="p4929: 'N M' then N rows of M entries 0/1. knuth: DLX1 text, the items "
                   "on the first line (primary | secondary), one option per line.")
@click.option("--count", "query", flag_value="count",
              help="Print the number of exact covers instead of one.")
@click.option("--all", "query", flag_value="all",
              help="Print every exact cover (p4929: one line each; knuth: blocks of option "
                   "lines separated by a blank line).")
def command(input_format, **settings):
    """Find an exact cover: a set of rows (options) covering every column (primary item)
    exactly once, and secondary items at most once.

    Prints the chosen row numbers in ascending order (or, for --input-format knuth, the
    chosen options as their lines), or 'No Solution!'.
    """
    settings["query"] = settings["query"] or "first"
    solve = matrix.solve_knuth if input_format == "knuth" else matrix.solve_p4929
    run_command(solve, settings)
