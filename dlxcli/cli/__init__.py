"""The command line: `main` (the console script) and the click group `cli`.

Layer: cli. The group lives in `group`; importing this package does not import click,
so that `main` can answer the most common command lines without it: `dlxcli COMMAND
[PATH...]` with no options (a judge's `dlxcli COMMAND < input` among them) through
`_run.run_plain`, and `dlxcli --version`. Importing click takes about three times as
long as starting Python (docs/performance.md). Every other command line goes through
click as usual.
"""

import sys

from ..commands import PUZZLES
from ..errors import DlxError


def main():
    """Console-script entry point."""
    try:
        _dispatch(sys.argv[1:])
    except DlxError as exc:  # e.g. a DLXCLI_ENGINE that names no twin
        sys.stderr.write(f"dlxcli: {exc}\n")
        sys.exit(2)


def _dispatch(args):
    if args in (["--version"], ["-V"]):
        from .. import __version__
        from ..engine import ENGINE
        sys.stdout.write(f"dlxcli {__version__} (engine: {ENGINE} twin)\n")
        sys.exit(0)
    paths = args[1:]
    if args and args[0] in PUZZLES and all(p == "-" or not p.startswith("-") for p in paths):
        from ._run import run_plain
        run_plain(args[0], paths)
    from .group import cli
    cli(args, prog_name="dlxcli")


def __getattr__(name):
    """`dlxcli.cli.cli`, the click group, imported on first use."""
    if name == "cli":
        from .group import cli
        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
