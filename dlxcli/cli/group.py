"""The `dlxcli` command group.

Layer: cli (the only layer that imports click or rich). Each subcommand lives in its own
module and only wires input -> puzzle -> output through `_options.run_command`; stdout
carries the judge's bytes and nothing else.
"""

import click

from .. import __version__
from ..engine import ENGINE
from . import judge, matrix, queens, samurai, squiggly, sudoku, target_sudoku


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dlxcli",
                      message=f"%(prog)s %(version)s (engine: {ENGINE} twin)")
def cli():
    """Solve exact-cover puzzles in judge formats with Dancing Links (Algorithm X).

    Every command reads its judge's input from the PATHS given (or stdin) and writes
    exactly the judge's expected output to stdout; messages go to stderr.

    Exit status: 0 answered; 1 no answer the judge defines (e.g. an unsolvable
    sudoku); 2 bad input or usage; 3 a time or node limit stopped the search;
    130 interrupted.
    """


for _module in (matrix, queens, squiggly, samurai, judge, sudoku, target_sudoku):
    cli.add_command(_module.command)
