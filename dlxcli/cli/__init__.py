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
from ._signals import ignore_ending


def main():
    """Console-script entry point. Once the command is over, the ending signals are
    ignored: the interpreter's exit gives Ctrl-C back its default action, and a late
    one would kill a run that has written all its answers, without a word."""
    try:
        _dispatch(sys.argv[1:])
    except DlxError as exc:  # e.g. a DLXCLI_ENGINE that names no twin
        sys.stderr.write(f"dlxcli: {exc}\n")
        sys.exit(2)
    except KeyboardInterrupt:  # outside a run's own handling: starting or ending
        sys.stderr.write("dlxcli: interrupted\n")
        sys.exit(130)
    finally:
        ignore_ending()


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
