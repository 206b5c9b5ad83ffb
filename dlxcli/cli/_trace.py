"""--trace on stderr: the lines of a dlxcli.trace.Trace, plain when stderr is not a
terminal (what a pipe, a file or docs/engine.md's example shows), indented by level and
coloured by kind when it is (rich, imported only then).

Layer: cli.
"""

import sys

from ..trace import Trace

STYLES = {"search": "dim", "choose": "bold cyan", "try": "", "back": "yellow",
          "dead": "red", "solution": "bold green", "end": "dim", "cut": "bold magenta",
          "conflicts": "dim"}
"""rich's style of each kind of line."""


def stderr_trace(limit):
    """The Trace of a run: at most `limit` lines on stderr."""
    return Trace(_terminal_writer() if sys.stderr.isatty() else _plain_line, limit)


def _plain_line(depth, kind, text):
    sys.stderr.write(text + "\n")


def _terminal_writer():
    from ._ui import stderr_console
    console = stderr_console()

    def write(depth, kind, text):
        console.print("  " * depth + text, style=STYLES[kind] or None, soft_wrap=True)

    return write
