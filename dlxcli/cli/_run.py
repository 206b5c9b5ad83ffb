"""What every subcommand shares: its inputs, its search limits, and the error boundary.

Layer: cli. `common_options` adds the arguments every command takes; `run_command`
reads each input, calls the puzzle's `solve_text`, writes the judge bytes to stdout,
and turns dlxcli's exceptions into one line on stderr and an exit status.
"""

import sys

import click

from ..errors import DlxError, InputError, SearchLimit

EXIT_OK, EXIT_NO_ANSWER, EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def common_options(command):
    """Decorate a subcommand with PATHS and the search limits."""
    command = click.option("--node-limit", type=click.IntRange(min=1), default=None,
                           help="Stop a search after this many nodes (exit status 3).")(command)
    command = click.option("--timeout", type=click.FloatRange(min=0), default=None,
                           metavar="SECONDS",
                           help="Stop a search after this many seconds (exit status 3).")(command)
    return click.argument("paths", nargs=-1, type=click.Path(allow_dash=True))(command)


def read_input(path):
    """(name, text) of one input; '-' is stdin. Undecodable bytes become U+FFFD so the
    parser reports them where they stand."""
    if path == "-":
        return "<stdin>", sys.stdin.buffer.read().decode("utf-8", errors="replace")
    try:
        with open(path, "rb") as handle:
            return path, handle.read().decode("utf-8", errors="replace")
    except OSError as exc:
        raise InputError("a readable file", source=path, found=exc.strerror) from None


def fail(message):
    click.echo(f"dlxcli: {message}", err=True)


def run_command(solve_text, settings):
    """Solve every input with `solve_text(text, **settings)` and exit with the status."""
    paths = settings.pop("paths") or ("-",)
    status = EXIT_OK
    for path in paths:
        status = max(status, _run_one(path, solve_text, settings))
    sys.exit(status)


def _run_one(path, solve_text, settings):
    name = "<stdin>" if path == "-" else path
    try:
        name, text = read_input(path)
        answer = solve_text(text, **settings)
    except InputError as exc:
        fail(exc.located(name) if exc.source is None else exc)
        return EXIT_BAD_INPUT
    except SearchLimit as exc:
        fail(f"{name}: {exc}")
        return EXIT_LIMIT
    except DlxError as exc:
        fail(f"{name}: {exc}")
        return EXIT_BAD_INPUT
    click.echo(answer.text, nl=False)
    for error in answer.errors:
        fail(error.located(name) if error.source is None else error)
    if answer.errors:
        return EXIT_BAD_INPUT
    if answer.failure:
        fail(f"{name}: {answer.failure}")
        return EXIT_NO_ANSWER
    return EXIT_OK
