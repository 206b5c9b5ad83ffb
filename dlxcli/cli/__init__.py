"""The command line: `main` (the console script) and the click group `cli`.

Layer: cli. The group lives in `group`; importing this package does not import click,
so that `main` can answer the most common command lines without it: `dlxcli COMMAND
[PATH...]` with no options (a judge's `dlxcli COMMAND < input` among them) through
`_run.run_plain`, and `dlxcli --version`. Importing click takes about three times as
long as starting Python (docs/performance.md). Every other command line goes through
click as usual.
"""

import errno
import sys

from ..commands import PUZZLES
from ..errors import DlxError, OutOfMemory
from ._signals import (Interrupted, Terminated, around_click, exit_status, ignore_ending,
                       interrupt, restore, terminating_early)


def main():
    """Console-script entry point. Once the command is over, the ending signals are
    ignored: the interpreter's exit gives Ctrl-C back its default action, and a late
    one would kill a run that has written all its answers, without a word."""
    _stand_in_for_closed_streams()
    sys.stderr = _Diagnostics(sys.stderr)
    _exact_integers_of_any_size()
    try:
        terminating_early()
        _dispatch(sys.argv[1:])
    except DlxError as exc:  # e.g. a DLXCLI_ENGINE that names no twin
        sys.stderr.write(f"dlxcli: {exc}\n")
        sys.exit(2)
    except MemoryError:  # outside an input (which says so itself): starting, ending
        sys.stderr.write(f"dlxcli: {OutOfMemory()}\n")
        sys.exit(2)
    except OSError as exc:  # writing --help or --version: a run reports its own writes
        if exc.errno not in _STDOUT_FAILURES:
            raise
        _stdout_failed(exc)
    except KeyboardInterrupt as interrupt:  # outside a run's own handling: starting or ending
        ending = "terminated" if isinstance(interrupt, Terminated) else "interrupted"
        sys.stderr.write(f"dlxcli: {ending}\n")
        sys.exit(exit_status(interrupt))
    finally:
        _ignore_late_signals()


_STDOUT_FAILURES = {errno.EBADF, errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG,
                    errno.EDQUOT}
"""What writing --help or --version to a closed, full or broken stdout raises."""


def _stdout_failed(exc):
    """End a run whose --help or --version could not be written as a run's answer ends
    (cli._output): a closed pipe (`| head -0`) quietly with status 1, any other failure
    with one line and status 2. stdout is pointed at the null device first, so that the
    interpreter's own last flush cannot fail again (Python's exit status 120)."""
    from ._run import silence_stdout
    silence_stdout()
    if isinstance(exc, BrokenPipeError):
        sys.exit(1)
    sys.stderr.write(f"dlxcli: cannot write to stdout: {exc.strerror or exc}\n")
    sys.exit(2)


def _exact_integers_of_any_size():
    """Lift Python's bound on the digits of an integer turned to text or read from it
    (4,300 since Python 3.11): a count has as many digits as it has (3**9100 domino
    tilings of 9,100 separate 2 x 3 boards: 4,342), and the judge's answer, JSON,
    -v and a checkpoint's records write them, and a resumed checkpoint reads them."""
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)


def _stand_in_for_closed_streams():
    """Give a standard stream that was closed when the run began (`<&-`, `>&-`, `2>&-`:
    Python makes it None, and each use of it was a traceback) a descriptor, before a
    file or a worker's pipe can take its number. stdin and stdout get the null device
    opened the other way round, so that reading or writing them fails as on a closed
    descriptor (EBADF: the usual one-line error, exit 2); stderr gets the null device
    (the diagnostics are lost; the answer and the exit status stand)."""
    import os
    for name, flags in (("stdin", os.O_WRONLY), ("stdout", os.O_RDONLY),
                        ("stderr", os.O_WRONLY)):
        if getattr(sys, name) is None:  # the lowest free descriptor: its own
            descriptor = os.open(os.devnull, flags)
            setattr(sys, name, open(descriptor, "r" if name == "stdin" else "w",
                                    encoding="utf-8", errors="surrogateescape"))


class _Diagnostics:
    """The run's stderr, whose failures are swallowed: on a full disk or device
    (`2>/dev/full`), a closed pipe or any other failed write the diagnostics are lost,
    and the answer and the exit status stand (as with a stderr closed from the start:
    `_stand_in_for_closed_streams`). Unwrapped, the first message that could not be
    written raised an OSError that nothing could report: status 1, whatever the run's
    (a node limit's 3, a bad option's 2)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        try:
            return self._stream.write(text)
        except OSError:
            return len(text)

    def flush(self):
        try:
            self._stream.flush()
        except OSError:
            pass

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _ignore_late_signals():
    """Ignore the ending signals now that the command is over. Python raises a signal
    that lands as this begins (at the call) as a KeyboardInterrupt here, after every
    handler of the run: it is dropped, and the command's own exit status stands."""
    try:
        ignore_ending()
    except KeyboardInterrupt:
        ignore_ending()


def _dispatch(args):
    if args in (["--version"], ["-V"]):
        from .. import __version__
        from ..engine import described
        sys.stdout.write(f"dlxcli {__version__} (engine: {described()})\n")
        sys.stdout.flush()
        sys.exit(0)
    paths = args[1:]
    if args and args[0] in PUZZLES and all(p == "-" or not p.startswith("-") for p in paths):
        from ._run import run_plain
        run_plain(args[0], paths)
    _run_click(args)


def _run_click(args):
    """What click's standalone mode does, but for one thing: an ending signal that lands
    outside a run's own handling (as click parses the command line, or after the run)
    ends the run as `main` says, not with click's blank line, "Aborted!" and status 1."""
    import click

    from .group import cli
    previous = around_click()
    try:
        status = cli.main(args, prog_name="dlxcli", standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        status = exc.exit_code
    except click.Abort as abort:  # click's stand-in for the KeyboardInterrupt
        stopped = abort.__context__
        raise stopped if isinstance(stopped, KeyboardInterrupt) else KeyboardInterrupt()
    except Interrupted as stopped:
        raise interrupt(stopped.signum) from None
    finally:
        restore(previous)
    sys.exit(status or 0)


def __getattr__(name):
    """`dlxcli.cli.cli`, the click group, imported on first use."""
    if name == "cli":
        from .group import cli
        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
