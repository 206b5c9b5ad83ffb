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
from ..exact_cover import AUTO_NODES, REASONS
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
                     help="Solve on this many processes (0, or more than the usable "
                          "cores: one per core); a single input's count, enumeration "
                          "or maximize is split over them. The output is the same as "
                          "with 1."),
        click.option("--reason", type=click.Choice(REASONS), default=DEFAULT["reason"],
                     show_default=True,
                     help="Which search answers a first solution or --unique: singles "
                          "(dancing links, reasoning by naked and hidden singles), learn "
                          "(the learning search: conflicts teach it clauses), or auto "
                          f"(dancing links for {AUTO_NODES:,} nodes, then learn). Counts and "
                          "lists stay dancing links but under learn (docs/engine.md)."),
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


def output_options(command, drawn=True):
    """--format, --out and --headers: how the answers are written (`drawn`: whether the
    answers have grids to draw as SVG)."""
    formats = ["judge", "pretty", "json"] + (["svg"] if drawn else [])
    return _with_options(command, [
        click.option("--format", "output_format", type=click.Choice(formats),
                     default=DEFAULT["output_format"], show_default=True,
                     help="judge: the judge's bytes. pretty: grids and boards drawn for "
                          "people. json: one JSON document per input (JSON lines; "
                          "docs/json.md)." + (SVG_HELP if drawn else "")),
        click.option("-o", "--out", "out_dir", metavar="DIR", default=DEFAULT["out_dir"],
                     type=click.Path(file_okay=False, writable=True),
                     help="Write each input's answer to DIR/NAME.out (NAME.svg with "
                          "--format svg; atomically) instead of stdout."),
        click.option("--headers/--no-headers", default=DEFAULT["headers"],
                     help="Start each answer with a line '==> NAME <==' "
                          "[default: when there are several inputs]."),
    ])


SVG_HELP = (" svg: one SVG document per input, drawn as printed puzzles are "
            "(docs/svg.md).")


def split_options(command):
    """--scheduler and --checkpoint: where a split search runs, and where it keeps what
    it has done (--jobs, in input_options, splits a single input's search too)."""
    return _with_options(command, [
        click.option("--scheduler", metavar="tcp://HOST:PORT", default=DEFAULT["scheduler"],
                     help="Split each count, enumeration (--all) or maximize over the "
                          "workers of this Dask scheduler (needs pip install "
                          "'.[cluster]' in dlxcli's top folder; docs/parallel.md) [default: the "
                          "DLXCLI_SCHEDULER environment variable, else none]."),
        click.option("--checkpoint", metavar="FILE", default=DEFAULT["checkpoint"],
                     type=click.Path(dir_okay=False),
                     help="Split the input's search and append each finished subproblem "
                          "to FILE; run the same command again to resume (one input; "
                          "docs/parallel.md)."),
    ])


def learner_options(command):
    """--stats: the figures Knuth's programs report, for comparing searches; --trace:
    the search itself, node by node."""
    return _with_options(command, [
        click.option("--stats", is_flag=True, default=DEFAULT["stats"],
                     help="After each input, print on stderr the search's nodes, updates "
                          "and mems (memory accesses, counted as in Knuth's DLX1), in all "
                          "and per solution (docs/engine.md). The pure-Python twin "
                          "counts no updates or mems, and says so."),
        click.option("--trace", is_flag=True, default=DEFAULT["trace"],
                     help="Show every search on stderr, node by node, as Knuth's DLX1 does "
                          "when verbose: the item chosen at each level and why, each "
                          "option tried, dead ends, backtracks and solutions (small "
                          "problems; not with --jobs, --scheduler or --checkpoint; "
                          "docs/engine.md)."),
        click.option("--trace-limit", type=click.IntRange(min=0),
                     default=DEFAULT["trace_limit"], show_default=True, metavar="LINES",
                     help="Stop --trace after this many lines (the search goes on)."),
    ])


def common_options(command, drawn=True):
    """Decorate a subcommand with PATHS and every option the runner handles (`drawn`:
    whether its answers have grids, for --format svg)."""
    command = learner_options(split_options(output_options(input_options(command), drawn)))
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

    drawn = hasattr(puzzle_module(name), "figures")
    callback = common_options(callback, drawn)
    for option in reversed(spec.options):
        callback = _click_option(option, defaults[option.setting])(callback)
    return click.command(name, help=help_with_examples(spec.help, spec.examples),
                         short_help=spec.summary)(callback)


def _click_option(option, default):
    """A click option from a puzzle Option: a choice, an integer, or a flag setting its
    value."""
    if option.minimum is not None:
        return click.option(*option.flags, option.setting, default=default, help=option.help,
                            type=click.IntRange(min=option.minimum))
    if option.choices is not None:
        return click.option(*option.flags, option.setting, type=click.Choice(option.choices),
                            default=default, show_default=True, help=option.help)
    return click.option(*option.flags, option.setting, flag_value=option.value,
                        default=default, help=option.help)


def help_with_examples(text, examples):
    """A command's help: its text, then its example command lines (kept as they are
    written; tests/test_help.py runs each one)."""
    lines = "\n".join(f"  $ {example}" for example in examples)
    return (f"{inspect.cleandoc(text)}\n\n\b\nExamples (from the repository's top "
            f"folder):\n{lines}")


def settings_of(name, args):
    """The puzzle settings that `dlxcli NAME ARGS...` would solve with: what `judge`
    takes from a NAME.args file. Raises click.UsageError for what the command does not
    take."""
    command = puzzle_command(name)
    with command.make_context(name, list(args)) as context:
        return _run.split_options(context.params)


def option_flags(name):
    """Each option of `dlxcli NAME` by its setting: its long flag, as the help shows it
    (out_dir: --out)."""
    return {parameter.name: max(parameter.opts, key=len)
            for parameter in puzzle_command(name).params if isinstance(parameter, click.Option)}
