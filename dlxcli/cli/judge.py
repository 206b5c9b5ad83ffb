"""`dlxcli judge`: solve test inputs and compare each answer with the expected file beside it.

Layer: cli. The command of an input is the nearest folder on its path named like a
dlxcli command (puzzles/<command>/NAME.in), or --command. Options of that command for
one input go in NAME.args beside it (e.g. `--input-format knuth`). Answers are checked
by the command's own `check` where its puzzle module has one (matrix: any valid exact
cover of the input is a right first cover); otherwise lines are compared as Luogu does
(trailing spaces and extra final newlines ignored: puzzles.compare_lines). Verdict
lines go to stdout, plain (never through rich).
"""

import os
import shlex
import sys

import click

from ..commands import PUZZLES, checker
from ..errors import InputError, OutOfMemoryReading
from ..puzzles import compare_lines
from . import _ui
from ._batch import Job, Limits, solve_jobs
from ._inputs import MAX_INPUT_BYTES, find_sources, printable, read_regular
from ._options import (GroupedCommand, help_with_examples, input_options, option_flags,
                       settings_of)
from ._run import (EXIT_BAD_INPUT, RUN_DEFAULTS, interruptible, learn_refusal, note_slow_twin,
                   processes)

EXPECTED_SUFFIXES = (".out", ".ans")
ARGS_SUFFIX = ".args"
NOT_INPUTS = {**dict.fromkeys(EXPECTED_SUFFIXES, "an expected answer"),
              ARGS_SUFFIX: "an input's options"}
"""What a file beside an input is, by its suffix: given as a PATH, it is refused, not
solved (a NAME.args solved as a matrix is a wrong answer that says nothing)."""
MAX_ARGS_BYTES = 16 << 10
"""The largest NAME.args read: a line of a command's options needs a few hundred bytes;
a bigger one is not such a line (docs/judge.md)."""
JUDGE_HELP = {
    "timeout": "Time limit per input, counted while it is read and solved: a slower "
               "input gets the verdict 'time limit' and the others are judged on.",
    "node_limit": "Stop a search after this many nodes: its input gets the verdict 'node "
                  "limit' and the others are judged on."}
"""Help of the shared input options where judge differs: a limit is a verdict (judge
exits 1), not the solving commands' exit status 3."""

HELP = """Judge PATHS: solve each input and compare the answer with NAME.out (or NAME.ans).

    Directories are searched recursively for inputs (*.in, *.txt, *.dlx). Prints one
    verdict per input (accepted, wrong answer with the first differing line, error,
    time limit, node limit) and a summary. Exit status 0 when every input is accepted,
    1 otherwise (whatever the verdicts), 2 when a PATH holds nothing to judge.
    """
EXAMPLES = ["dlxcli judge puzzles/matrix",
            "dlxcli judge --jobs 2 puzzles/sudoku",
            "dlxcli judge -v puzzles/queens/sample1.in"]


@click.command("judge", cls=GroupedCommand, help=help_with_examples(HELP, EXAMPLES),
               short_help="Solve test inputs and check each answer against the expected file.")
@input_options
@click.option("-c", "--command", "command_name", metavar="COMMAND",
              type=click.Choice(sorted(PUZZLES)),
              help="Solve every input with this command instead of the one named by its "
                   "folder.")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
def command(paths, command_name, timeout, node_limit, reason, jobs, progress, verbosity):
    sources, problems = find_sources(paths, True)
    for problem in problems:
        click.echo(f"dlxcli: {problem}", err=True)
    if not sources:
        sys.exit(EXIT_BAD_INPUT)
    plan = [_job(source, command_name, reason) for source in sources]
    verdicts = []
    note_slow_twin(verbosity)
    ui = _ui.display(progress, verbosity)
    with interruptible(), ui:
        for job, outcome in solve_jobs(plan, Limits(timeout, node_limit, reason=reason),
                                       processes(jobs, verbosity), ui, keep=True):
            verdict, detail = judge(job, outcome)
            verdicts.append(verdict)
            ui.before_answer()
            click.echo(f"{job.source.name}: {verdict}" + (f": {detail}" if detail else "")
                       + f" ({outcome.stats.seconds:.3f} s, {outcome.stats.nodes} nodes)")
            ui.statistics(job.source.name, outcome.stats)
            ui.record(job.source.name, verdict, outcome)
    click.echo(summary(verdicts))
    sys.exit(_status(verdicts, problems))


def _status(verdicts, problems):
    """0 when every input is accepted; 1 otherwise; 2 when a PATH held nothing to judge
    (as for the solving commands: a test folder that lost its inputs must not pass)."""
    if problems:
        return EXIT_BAD_INPUT
    return 0 if all(v == "accepted" for v in verdicts) else 1


for _parameter in command.params:
    if _parameter.name in JUDGE_HELP:
        _parameter.help = JUDGE_HELP[_parameter.name]


def summary(verdicts):
    """'3 inputs: 2 accepted, 1 wrong answer'; 'errors', 'time limits' when several."""
    counts = {}
    for verdict in verdicts:
        counts[verdict] = counts.get(verdict, 0) + 1
    parts = ", ".join(f"{n} {_plural(verdict, n)}" for verdict, n in counts.items())
    return f"{len(verdicts)} {_plural('input', len(verdicts))}: {parts}"


def _plural(noun, count):
    """The noun for `count` of it: 'error' -> 'errors', 'wrong answer' -> 'wrong
    answers'; 'accepted' stays."""
    if count == 1 or noun == "accepted":
        return noun
    return noun + "s"


def _job(source, command_name, reason=RUN_DEFAULTS["reason"]):
    """The Job for one input: its command, and that command's settings from NAME.args
    (a problem instead when either cannot be had, or when --reason cannot answer it)."""
    beside = NOT_INPUTS.get(os.path.splitext(source.path)[1])
    if beside is not None:
        return Job(source, None, {}, problem=(
            f"{source.name}: {beside}, not an input (judge the input beside it)"))
    name = command_name or _command_of(source.path)
    if name not in PUZZLES:
        return Job(source, name, {}, problem=(
            f"{source.name}: no command for this input (put it under a folder named "
            f"after a command, e.g. puzzles/queens/, or use --command)"))
    args_path = os.path.splitext(source.path)[0] + ARGS_SUFFIX
    try:
        settings = _args_settings(name, args_path)
    except ArgsProblem as exc:
        return Job(source, name, {}, problem=f"{printable(args_path)}: {exc}")
    except InputError as exc:  # not a regular file, too big, unreadable: it names it
        return Job(source, name, {}, problem=str(exc))
    refusal = learn_refusal(name, settings, reason)
    return Job(source, name, settings,
               problem=None if refusal is None else f"{source.name}: {refusal}",
               keep_input=checker(name) is not compare_lines)


class ArgsProblem(Exception):
    """A NAME.args file that cannot be used."""


def _args_settings(name, args_path):
    """The puzzle settings that NAME.args gives (none when there is no such file). All
    of them are read before the first input is solved: one that is a FIFO or a device
    is refused (InputError), not waited on or read to the end."""
    if not os.path.lexists(args_path):
        _, settings = settings_of(name, [])
        return settings
    data = read_regular(args_path, MAX_ARGS_BYTES, "options")
    try:
        words = shlex.split(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ArgsProblem("expected UTF-8 text (options of the command)") from None
    except ValueError as exc:  # shlex: an unclosed quotation
        raise ArgsProblem(f"expected options in shell syntax: {exc}") from None
    try:
        runner, settings = settings_of(name, words)
    except click.ClickException as exc:
        raise ArgsProblem(exc.format_message()) from None
    changed = sorted(key for key, value in runner.items()
                     if key != "paths" and value != RUN_DEFAULTS[key])
    if changed or runner["paths"]:
        flags = option_flags(name, runner)
        what = ", ".join(flags[key] for key in changed) or "a PATH"
        raise ArgsProblem(f"only {name}'s own options belong here, not {what} "
                          f"(give those to judge itself)")
    return settings


def _command_of(path):
    """The nearest folder on `path` named like a puzzle command."""
    folders = os.path.normpath(os.path.abspath(path)).split(os.sep)[:-1]
    return next((folder for folder in reversed(folders) if folder in PUZZLES), None)


# -- verdicts --------------------------------------------------------------------------------

def judge(job, outcome):
    """(verdict, detail) of one input's outcome against its expected file."""
    input_text = _solved_text(job)
    if outcome.verdict in ("time limit", "node limit"):
        return outcome.verdict, ""
    if outcome.verdict == "error":
        return "error", "; ".join(outcome.messages)
    expected_path = _expected_path(job.source.path)
    if expected_path is None:
        return "error", "no expected answer (NAME.out or NAME.ans) beside it"
    try:
        expected = _read_expected(expected_path)
    except (InputError, OutOfMemoryReading) as exc:
        return "error", str(exc)
    if not expected.strip():
        return "error", f"{printable(expected_path)} is empty (no expected answer)"
    try:
        problem = checker(job.command)(input_text, expected, outcome.text, **job.settings)
    except InputError as exc:
        return "error", f"checker: {exc}"
    return ("wrong answer", problem) if problem else ("accepted", "")


def _solved_text(job):
    """The text of the job's input as its solve read it ('' when its check does not
    read it), let go of by the job: a batch keeps only the inputs under way."""
    text = "".join(job.kept or ())
    job.kept = None
    return text


def _expected_path(path):
    stem = os.path.splitext(path)[0]
    return next((stem + suffix for suffix in EXPECTED_SUFFIXES
                 if os.path.isfile(stem + suffix)), None)


def _read_expected(path):
    """The text of the expected file at `path`, a regular file of at most
    MAX_INPUT_BYTES as an input is (an InputError naming it, else); an
    OutOfMemoryReading naming it if it does not fit in memory."""
    try:
        data = read_regular(path, MAX_INPUT_BYTES, "an answer")
        return data.decode("utf-8-sig", errors="replace")
    except MemoryError:  # raised below, once this handler lets go of what was read
        pass
    raise OutOfMemoryReading(printable(path))
