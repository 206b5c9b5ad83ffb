"""The `dlxcli` command group: the puzzle commands of the registry, made on demand,
and the tool commands (`judge`, `generate`).

Layer: cli (the only layer that imports click or rich). `--help` of the group lists
every command from the registry's summaries; a command line builds only the command it
names (click's lazy group pattern), so a solving run imports one puzzle module.
"""

import click

from .. import __version__
from ..commands import PUZZLES, puzzle_module
from ..engine import described
from ._options import puzzle_command

TOOLS = {"judge": "dlxcli.cli.judge", "generate": "dlxcli.cli.generate"}
"""Commands that are not puzzles: name -> module with a click `command`."""


class LazyGroup(click.Group):
    """A group whose commands are the registry's, each made when it is first asked for."""

    def list_commands(self, ctx):
        return sorted([*PUZZLES, *TOOLS])

    def get_command(self, ctx, name):
        if name in PUZZLES:
            return puzzle_command(name)
        if name in TOOLS:
            return __import__(TOOLS[name], fromlist=["command"]).command
        return None

    def resolve_command(self, ctx, args):
        """Click's, but a mistyped command gets the closest names ("sodoku": "Did you
        mean sudoku?"), as git does."""
        name, names = args[0] if args else "", self.list_commands(ctx)
        if name and not name.startswith("-") and name not in names:
            import difflib  # only for a name that is no command: start-up stays as it was
            close = difflib.get_close_matches(name, names, n=2, cutoff=0.6)
            if close:
                ctx.fail(f"No such command {name!r}. Did you mean "
                         f"{' or '.join(map(repr, close))}?")
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx, formatter):
        """The command list from the registry's one-line summaries (no command is built)."""
        rows = [(name, puzzle_module(name).COMMAND.summary) for name in sorted(PUZZLES)]
        rows += [(name, self.get_command(ctx, name).get_short_help_str(80)) for name in TOOLS]
        with formatter.section("Commands"):
            formatter.write_dl(sorted(rows))


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dlxcli",
                      message=f"%(prog)s %(version)s (engine: {described()})")
def cli():
    """Solve exact-cover puzzles in judge formats with Dancing Links (Algorithm X).

    Every command reads its judge's input from the PATHS given (or stdin) and writes
    exactly the judge's expected output to stdout; messages go to stderr.

    Exit status: 0 answered; 1 no answer the judge defines (e.g. an unsolvable
    sudoku); 2 bad input or usage; 3 a time or node limit stopped the search;
    130 interrupted.

    Shell completion: eval "$(_DLXCLI_COMPLETE=bash_source dlxcli)" (zsh_source and
    fish_source likewise; docs/index.md).
    """
