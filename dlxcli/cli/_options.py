"""The click side of the commands: the runner's options, and a click command made from
each puzzle module's Command (dlxcli.puzzles.Command).

Layer: cli. The solving itself is in `_run`, which does not import click, so that a plain
judge-style run (`dlxcli COMMAND` with no options, see `dlxcli.cli.main`) can skip click
entirely. Every default is taken from where it lives: the runner's from
`_run.RUN_DEFAULTS`, a puzzle setting's from its solve_text keyword.
"""

import inspect
import math
import sys

import click

from ..commands import default_settings, puzzle_module
from . import _run

DEFAULT = _run.RUN_DEFAULTS


def _with_options(command, options):
    """Apply click option decorators in the order they are listed (top first)."""
    for option in reversed(options):
        command = option(command)
    return command


class Seconds(click.ParamType):
    """A positive, finite number of seconds: nan, inf, 0 and negative numbers are
    refused (each used to mean "no limit" or an immediate stop)."""

    name = "seconds"

    def convert(self, value, param, ctx):
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not (math.isfinite(seconds) and seconds > 0):
            self.fail(f"{value!r} is not a positive, finite number of seconds", param, ctx)
        return seconds


def input_options(command):
    """The limits, --jobs, --progress and verbosity: what `judge` shares with the
    solving commands."""
    return _with_options(command, [
        click.option("--timeout", type=Seconds(), default=DEFAULT["timeout"],
                     metavar="SECONDS",
                     help="Time limit per input, over all its searches: a slower input "
                          "gets the verdict 'time limit' and the batch goes on "
                          "(exit status 3)."),
        click.option("--node-limit", type=click.IntRange(min=1), default=DEFAULT["node_limit"],
                     help="Stop a search after this many nodes (exit status 3)."),
        click.option("-j", "--jobs", type=click.IntRange(min=0), default=DEFAULT["jobs"],
                     show_default=True,
                     help="Solve on this many processes (0: one per core); the output "
                          "is the same as with 1."),
        click.option("--progress/--no-progress", default=DEFAULT["progress"],
                     help="Show a progress bar and a summary table on stderr "
                          "[default: when stderr is a terminal and the run takes more "
                          "than half a second]."),
        click.option("-v", "--verbose", "verbosity", flag_value=1,
                     default=DEFAULT["verbosity"],
                     help="Also print each input's search statistics on stderr: nodes, "
                          "updates, solutions, time."),
        click.option("-q", "--quiet", "verbosity", flag_value=-1,
                     help="No progress display and no summary table; only errors on "
                          "stderr."),
    ])


def output_options(command):
    """--format, --out and --headers: how the answers are written."""
    return _with_options(command, [
        click.option("--format", "output_format", type=click.Choice(["judge", "pretty", "json"]),
                     default=DEFAULT["output_format"], show_default=True,
                     help="judge: the judge's bytes. pretty: grids and boards drawn for "
                          "people. json: one JSON document per input (JSON lines; "
                          "docs/index.md)."),
        click.option("-o", "--out", "out_dir", metavar="DIR", default=DEFAULT["out_dir"],
                     type=click.Path(file_okay=False, writable=True),
                     help="Write each input's answer to DIR/NAME.out (atomically) "
                          "instead of stdout."),
        click.option("--headers/--no-headers", default=DEFAULT["headers"],
                     help="Start each answer with a line '==> NAME <==' "
                          "[default: when there are several inputs]."),
    ])


def common_options(command):
    """Decorate a subcommand with PATHS and every option the runner handles."""
    command = output_options(input_options(command))
    command = click.option("-r", "--recursive", is_flag=True, default=DEFAULT["recursive"],
                           help="Also take the puzzle files in the sub-directories of a "
                                "PATH that is a directory.")(command)
    return click.argument("paths", nargs=-1, type=click.Path(allow_dash=True))(command)


def puzzle_command(name):
    """The click command of the puzzle command `name`, made from its module's Command."""
    spec = puzzle_module(name).COMMAND
    defaults = default_settings(name)

    def callback(**options):
        try:
            status = _run.run(name, options)
        except _run.UsageProblem as exc:
            raise click.UsageError(str(exc)) from None
        sys.exit(status)

    callback = common_options(callback)
    for option in reversed(spec.options):
        callback = _click_option(option, defaults[option.setting])(callback)
    return click.command(name, help=_help(spec), short_help=spec.summary)(callback)


def _click_option(option, default):
    """A click option from a puzzle Option: a choice, or a flag setting its value."""
    if option.choices is not None:
        return click.option(*option.flags, option.setting, type=click.Choice(option.choices),
                            default=default, show_default=True, help=option.help)
    return click.option(*option.flags, option.setting, flag_value=option.value,
                        default=default, help=option.help)


def _help(spec):
    """The command's help: its text, then its examples (kept as they are written)."""
    examples = "\n".join(f"  $ {example}" for example in spec.examples)
    return f"{inspect.cleandoc(spec.help)}\n\n\b\nExamples (from the repository's top folder):\n{examples}"


def settings_of(name, args):
    """The puzzle settings that `dlxcli NAME ARGS...` would solve with: what `judge`
    takes from a NAME.args file. Raises click.UsageError for what the command does not
    take."""
    command = puzzle_command(name)
    with command.make_context(name, list(args)) as context:
        return _run.split_options(context.params)
