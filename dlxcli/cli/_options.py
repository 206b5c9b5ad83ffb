"""The click side of the runner: the options every command takes, and the glue from a
command's callback to `_run.run`.

Layer: cli. `common_options` adds PATHS and the runner's options to a subcommand;
`run_command` solves with them (or, while `judge` asks, only reports them: `resolve`).
The solving itself is in `_run`, which does not import click, so that a plain judge-style
run (`dlxcli COMMAND` with no options, see `dlxcli.cli.main`) can skip click entirely.
"""

import sys

import click

from . import _run


def input_options(command):
    """The limits, --jobs and --progress: what `judge` shares with the solving commands."""
    return _with_options(command, [
        click.option("--timeout", type=click.FloatRange(min=0), default=None,
                     metavar="SECONDS",
                     help="Time limit per input, over all its searches: a slower input "
                          "gets the verdict 'time limit' and the batch goes on "
                          "(exit status 3)."),
        click.option("--node-limit", type=click.IntRange(min=1), default=None,
                     help="Stop a search after this many nodes (exit status 3)."),
        click.option("-j", "--jobs", type=click.IntRange(min=0), default=1,
                     show_default=True,
                     help="Solve on this many processes (0: one per core); the output "
                          "is the same as with 1."),
        click.option("--progress/--no-progress", default=None,
                     help="Show a progress bar and a summary table on stderr "
                          "[default: when stderr is a terminal and the run takes more "
                          "than half a second]."),
    ])


def _with_options(command, options):
    """Apply click option decorators in the order they are listed (top first)."""
    for option in reversed(options):
        command = option(command)
    return command


def output_options(command):
    """--format, --out and --headers: how the answers are written."""
    return _with_options(command, [
        click.option("--format", "output_format", type=click.Choice(["judge", "pretty", "json"]),
                     default="judge", show_default=True,
                     help="judge: the judge's bytes. pretty: grids and boards drawn for "
                          "people. json: one JSON document per input (JSON lines)."),
        click.option("-o", "--out", "out_dir", metavar="DIR",
                     type=click.Path(file_okay=False, writable=True),
                     help="Write each input's answer to DIR/NAME.out (atomically) "
                          "instead of stdout."),
        click.option("--headers/--no-headers", default=None,
                     help="Start each answer with a line '==> NAME <==' "
                          "[default: when there are several inputs]."),
    ])


def common_options(command):
    """Decorate a subcommand with PATHS and every option the runner handles."""
    command = output_options(input_options(command))
    command = click.option("-r", "--recursive", is_flag=True,
                           help="Also take the puzzle files in the sub-directories of a "
                                "PATH that is a directory.")(command)
    return click.argument("paths", nargs=-1, type=click.Path(allow_dash=True))(command)


def run_command(solve_text, settings):
    """Solve every input with `solve_text(text, **puzzle settings)`, write the answers,
    and exit with the worst status (see `_run.run`).

    While `judge` asks a command for its settings (see `resolve`), this only reports
    them."""
    context = click.get_current_context()
    if context.meta.get(_RESOLVING):
        raise _Resolved(solve_text, _run.puzzle_settings(settings))
    try:
        status = _run.run(context.info_name, solve_text, settings)
    except _run.UsageProblem as exc:
        raise click.UsageError(str(exc)) from None
    sys.exit(status)


# -- how judge asks a command for its settings -------------------------------------------------

_RESOLVING = "dlxcli.resolving"


class _Resolved(Exception):
    def __init__(self, solve_text, settings):
        super().__init__()
        self.solve_text, self.settings = solve_text, settings


def resolve(command, args):
    """(solve_text, puzzle settings) that `command` would use with the options `args`.

    The command's callback runs as usual (so a command module stays a thin wrapper) and
    `run_command`, seeing the marker in the context, hands back its arguments instead of
    solving. Raises click.UsageError for options the command does not take."""
    context = command.make_context(command.name, list(args))
    context.meta[_RESOLVING] = True
    try:
        with context:
            command.invoke(context)
    except _Resolved as resolved:
        return resolved.solve_text, resolved.settings
    raise click.UsageError(f"{command.name} did not call run_command")
