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
from ..estimate import PROBES, SECONDS, SEED
from ..exact_cover import REASONS
from . import _run

DEFAULT = _run.RUN_DEFAULTS


HELP_SECTIONS = (
    ("Common options", ("output_format", "out_dir", "recursive", "headers", "timeout", "jobs",
                        "verbosity", "help")),
    (None, ()),
    ("Search options", ("reason", "node_limit", "progress", "stats", "trace", "trace_limit",
                        "estimate", "probes", "seed")),
    ("Splitting one search (docs/parallel.md)", ("scheduler", "checkpoint")),
)
"""The sections of a command's --help, in order, each with its options in order (by
their setting's name; -v and -q share "verbosity"). The section without a title is the
command's own ("sudoku options"), and holds every option the others do not name."""


class GroupedCommand(click.Command):
    """A command whose --help shows its options in sections (HELP_SECTIONS): the ones
    every command shares first, then its own, then how it searches, then how a search
    is split, rather than one list of 30 with the common ones last."""

    def format_options(self, ctx, formatter):
        for title, rows in help_sections(self, ctx):
            with formatter.section(title):
                formatter.write_dl(rows, col_max=20)


def help_sections(command, ctx):
    """[(title, [(option, help)])] of `command`'s --help: the sections of HELP_SECTIONS
    that have an option here, in their order, each option in its section's order."""
    named = {name: k for k, (_, names) in enumerate(HELP_SECTIONS) for name in names}
    own = next(k for k, (title, _) in enumerate(HELP_SECTIONS) if title is None)
    found = [[] for _ in HELP_SECTIONS]
    for parameter in command.get_params(ctx):
        record = parameter.get_help_record(ctx) if isinstance(parameter, click.Option) else None
        if record is None:
            continue
        name = "help" if parameter is command.get_help_option(ctx) else parameter.name
        section = named.get(name, own)
        order = HELP_SECTIONS[section][1]
        found[section].append((order.index(name) if name in order else len(order), record))
    return [(title or f"{command.name} options", [record for _, record in sorted(
        rows, key=lambda row: row[0])]) for (title, _), rows in zip(HELP_SECTIONS, found) if rows]


def _with_options(command, options):
    """Apply click option decorators in the order they are listed (top first)."""
    for option in reversed(options):
        command = option(command)
    return command


MAX_SECONDS = 1e9
"""The longest time limit (about 31 years): a longer one does not fit the alarm clock
that keeps it (setitimer's time_t: 1e308 was a traceback, OverflowError)."""


class Seconds(click.ParamType):
    """A positive, finite number of seconds, at most MAX_SECONDS: nan, inf, 0 and
    negative numbers are refused (each used to mean "no limit" or an immediate stop)."""

    name = "seconds"

    def convert(self, value, param, ctx):
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not (math.isfinite(seconds) and seconds > 0):
            self.fail(f"{value!r} is not a positive, finite number of seconds", param, ctx)
        if seconds > MAX_SECONDS:
            self.fail(f"{value!r} is more than {MAX_SECONDS:,.0f} seconds (about 31 years): "
                      "leave the option out for no time limit", param, ctx)
        return seconds


def input_options(command):
    """The limits, --jobs, --progress and verbosity: what `judge` shares with the
    solving commands."""
    return _with_options(command, [
        click.option("--timeout", type=Seconds(), default=DEFAULT["timeout"],
                     metavar="SECONDS",
                     help="Time limit per input: then 'time limit' (exit status 3), and "
                          "the batch goes on."),
        click.option("--node-limit", type=click.IntRange(min=1), default=DEFAULT["node_limit"],
                     metavar="N", help="Stop a search after N nodes (exit status 3)."),
        click.option("-j", "--jobs", type=click.IntRange(min=0), default=DEFAULT["jobs"],
                     show_default=True, metavar="N",
                     help="Solve on N processes (0: one per core); one input's count, "
                          "--all or maximize is split over them."),
        click.option("--reason", type=click.Choice(REASONS), default=DEFAULT["reason"],
                     show_default=True,
                     help="The search of a first solution, --unique and --count: "
                          "singles (dancing links), learn (clause learning) or auto (both "
                          "in turn)."),
        click.option("--progress/--no-progress", default=DEFAULT["progress"],
                     help="A progress bar and a summary table on stderr [default: on a "
                          "terminal, after half a second]."),
        click.option("-v", "--verbose", "verbosity", flag_value=1,
                     default=DEFAULT["verbosity"],
                     help="Print each input's search statistics on stderr."),
        click.option("-q", "--quiet", "verbosity", flag_value=-1,
                     help="No progress bar or summary table: only errors on stderr."),
    ])


def output_options(command, drawn=True):
    """--format, --out and --headers: how the answers are written (`drawn`: whether the
    answers have grids to draw as SVG)."""
    formats = ["judge", "pretty", "json"] + (["svg"] if drawn else [])
    return _with_options(command, [
        click.option("--format", "output_format", type=click.Choice(formats),
                     default=DEFAULT["output_format"], show_default=True,
                     help="judge: the judge's bytes; pretty: drawn for people; json: "
                          "JSON lines (docs/json.md)" + (SVG_HELP if drawn else ".")),
        click.option("-o", "--out", "out_dir", metavar="DIR", default=DEFAULT["out_dir"],
                     type=click.Path(file_okay=False, writable=True),
                     help="Write each answer to DIR/NAME.out (or .svg), atomically, "
                          "instead of stdout."),
        click.option("--headers/--no-headers", default=DEFAULT["headers"],
                     help="Start each answer with '==> NAME <==' [default: with several "
                          "inputs]."),
    ])


SVG_HELP = "; svg: drawn for print (docs/svg.md)."


def split_options(command):
    """--scheduler and --checkpoint: where a split search runs, and where it keeps what
    it has done (--jobs, in input_options, splits a single input's search too)."""
    return _with_options(command, [
        click.option("--scheduler", metavar="tcp://HOST:PORT", default=DEFAULT["scheduler"],
                     help="Split each count, --all or maximize over this Dask "
                          "scheduler's workers (needs pip install '.[cluster]' in dlxcli's "
                          "top folder) [default: $DLXCLI_SCHEDULER]."),
        click.option("--checkpoint", metavar="FILE", default=DEFAULT["checkpoint"],
                     type=click.Path(dir_okay=False),
                     help="Split the input's search, recording each finished part in "
                          "FILE: the same command again resumes (one input)."),
    ])


def learner_options(command):
    """--stats: the figures Knuth's programs report, for comparing searches; --trace:
    the search itself, node by node."""
    return _with_options(command, [
        click.option("--stats", is_flag=True, default=DEFAULT["stats"],
                     help="Print each search's nodes, updates and mems on stderr, as "
                          "Knuth does."),
        click.option("--trace", is_flag=True, default=DEFAULT["trace"],
                     help="Show each search node by node on stderr, as Knuth's DLX1 "
                          "does (small problems; docs/engine.md)."),
        click.option("--trace-limit", type=click.IntRange(min=0),
                     default=DEFAULT["trace_limit"], show_default=True, metavar="LINES",
                     help="Stop --trace after LINES lines."),
    ])


def estimate_options(command):
    """--estimate, and how it probes the search (--probes, --seed)."""
    return _with_options(command, [
        click.option("--estimate", is_flag=True, default=DEFAULT["estimate"],
                     help="Do not search: estimate each search's nodes, solutions and "
                          "time on stderr (Knuth's probes; docs/queries.md)."),
        click.option("--probes", type=click.IntRange(min=1),
                     default=DEFAULT["probes"], metavar="N",
                     help=f"--estimate's probes [default: {PROBES} or {SECONDS:g} s]."),
        click.option("--seed", type=click.IntRange(min=0),
                     default=DEFAULT["seed"], metavar="SEED",
                     help=f"--estimate's random seed [default: {SEED}]."),
    ])


def common_options(command, drawn=True):
    """Decorate a subcommand with PATHS and every option the runner handles (`drawn`:
    whether its answers have grids, for --format svg)."""
    command = estimate_options(
        learner_options(split_options(output_options(input_options(command), drawn))))
    command = click.option("-r", "--recursive", is_flag=True, default=DEFAULT["recursive"],
                           help="Also read the puzzle files of sub-directories.")(command)
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
    return click.command(name, cls=GroupedCommand,
                         help=help_with_examples(spec.help, spec.examples),
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
    take, --help included: click acts on an eager option as it parses it (the help
    printed on stdout, the whole judge run ended with status 0), so there is none."""
    command = puzzle_command(name)
    with command.make_context(name, list(args), help_option_names=[]) as context:
        return _run.split_options(context.params)


def option_flags(name, values):
    """Each option of `dlxcli NAME` by its setting: its long flag, as the help shows it
    (out_dir: --out); of the flags that share a setting (-v and -q: verbosity), the one
    that gives it its value in `values`."""
    flags = {}
    for parameter in puzzle_command(name).params:
        if isinstance(parameter, click.Option) and (
                parameter.name not in flags
                or parameter.flag_value == values.get(parameter.name)):
            flags[parameter.name] = max(parameter.opts, key=len)
    return flags
