"""A solving command's run: options in, answers out, one exit status.

Layer: cli, without click (`_options` holds the click side). `run` finds the inputs
(`_inputs`), solves them (`_batch`, in this process or on a pool), writes one answer per
input in input order (`_output`), and turns dlxcli's exceptions into one line on stderr
and an exit status. `run_plain` is the whole of a judge-style run with every option at
its default, reached without importing click.
"""

import os
import sys

from ..commands import default_settings
from ..exact_cover import DEFAULT_REASON
from . import _signals, _ui
from ._batch import Job, Limits, solve_jobs
from ._inputs import find_sources, printable
from ._output import StdoutFailed, Writer, unmade_folder
from ._ui import echo

EXIT_OK, EXIT_NO_ANSWER, EXIT_BAD_INPUT, EXIT_LIMIT = 0, 1, 2, 3

RUN_DEFAULTS = {"paths": (), "recursive": False, "jobs": 1, "timeout": None,
                "node_limit": None, "progress": None, "verbosity": 0,
                "output_format": "judge", "out_dir": None, "headers": None,
                "scheduler": None, "checkpoint": None, "stats": False,
                "trace": False, "trace_limit": 2000, "reason": DEFAULT_REASON,
                "estimate": False, "probes": None, "seed": None}
"""The options the runner consumes, at their defaults; `_options` declares the click
options with these defaults. Every other setting goes to the puzzle's solve_text."""


class UsageProblem(Exception):
    """Options that cannot work together; the click layer reports it as a usage error."""


def split_options(options):
    """(runner options with defaults filled in, puzzle settings) of a command's options."""
    runner = {**RUN_DEFAULTS, **{k: v for k, v in options.items() if k in RUN_DEFAULTS}}
    return runner, {k: v for k, v in options.items() if k not in RUN_DEFAULTS}


def fail(message):
    echo(f"dlxcli: {message}\n", err=True)


def run(command, options):
    """Solve every input of `command` with `options` and write the answers; return the
    worst exit status (0 answered, 1 no answer, 2 bad input, 3 limit; Ctrl-C exits at
    once with 130). Raises UsageProblem before any output if --out would overwrite one
    answer with another; an --out folder that cannot be made ends it with status 2."""
    runner, settings = split_options(options)
    if runner["checkpoint"] == "":
        raise UsageProblem("--checkpoint needs a file name, not an empty one")
    sources, problems = find_sources(runner["paths"], runner["recursive"])
    check_out_dir(runner["out_dir"], sources)
    if not made_out_dir(runner["out_dir"]):
        return EXIT_BAD_INPUT
    if runner["checkpoint"] and len(sources) > 1:
        raise UsageProblem("--checkpoint keeps the subproblems of one search: give one input")
    refusal = learn_refusal(command, settings, runner["reason"])
    if refusal:
        raise UsageProblem(refusal)
    refusal = estimate_refusal(runner)
    if refusal:
        raise UsageProblem(refusal)
    refusal = trace_refusal(runner)
    if refusal:
        fail(refusal)
        return EXIT_BAD_INPUT
    note_slow_twin(runner["verbosity"])
    typed = note_terminal_stdin(command, sources, runner["verbosity"])
    # With a scheduler, --jobs does not count (the cluster's workers search): no note.
    quiet = -1 if scheduler_of(runner) else runner["verbosity"]
    runner["jobs"] = processes(runner["jobs"], quiet)
    for problem in problems:
        fail(problem)
    jobs = [Job(source, command, settings) for source in sources]
    status = EXIT_BAD_INPUT if problems else EXIT_OK
    progress = False if runner["trace"] or runner["estimate"] else runner["progress"]
    ui = _ui.display(progress, runner["verbosity"], runner["stats"], typed)
    limits = Limits(runner["timeout"], runner["node_limit"], split_of(runner, ui.message),
                    tracer_of(runner), runner["reason"], estimate_of(runner))
    # --estimate searches nothing: no answer is written as it comes (JSON: at the end)
    headers = False if runner["estimate"] else runner["headers"]
    writer = Writer(runner["output_format"], runner["out_dir"], headers, len(sources), ui)
    on_piece, on_chunk = (None, None) if limits.estimate else (writer.piece, writer.chunk)
    with interruptible() as ending, ui:
        try:
            for job, outcome in solve_jobs(jobs, limits, runner["jobs"], ui,
                                           writer.keeps, on_piece, on_chunk):
                writer.finish(job, outcome)
                ui.report(job.source.name, outcome)
                status = max(status, outcome.status)
        except KeyboardInterrupt as stop:  # -v: the figures of the input under way
            ending.last_words = interrupted_figures(ui, getattr(stop, "outcome", None))
            raise
        except StdoutFailed as exc:
            silence_stdout()
            fail(str(exc))
            return EXIT_BAD_INPUT
        finally:
            writer.close()
    if status != EXIT_BAD_INPUT and not limits.estimate and unused_checkpoint(limits.split):
        fail(f"--checkpoint {printable(limits.split.checkpoint)}: nothing was recorded: "
             + not_split_because(settings))
    return status


def interrupted_figures(ui, outcome):
    """The -v and --stats lines of the input that Ctrl-C (or SIGTERM) stopped: what its
    searches did up to the stop."""
    if outcome is None:
        return []
    return ui.statistics_lines(outcome.name, outcome.stats)


def not_split_because(settings):
    """Why no search of a run was split (for --checkpoint): --limit, or a query that is
    not one of those split."""
    if settings.get("limit") is not None and settings.get("query") in ("count", "all"):
        return (f"--limit {settings['limit']} stops the search at that many solutions, "
                "and only a whole count, listing or maximize is split into subproblems "
                "(leave --limit out to record one)")
    return ("no search was split into subproblems (only the search of a count, a listing "
            "of all solutions or a maximize is, and some inputs are answered without one)")


def unused_checkpoint(split):
    """Whether --checkpoint was given and no search took it up (none was split)."""
    return split is not None and split.checkpoint and not split.checkpointed


def processes(jobs, verbosity=0):
    """The processes that --jobs asks for: 0 is one per usable core, and so is more
    than that (said on stderr unless -q): a search keeps a core busy, so a process
    beyond the cores only takes turns with the others, and thousands of them (each
    a Python process, with subproblems cut for it) cost more than they help."""
    from ..pool import processes_for, usable_cores
    cores = usable_cores()
    if jobs > cores and verbosity >= 0:
        fail(f"--jobs {jobs}: more than the {cores} usable cores; using {cores}")
    return min(processes_for(jobs), cores)


SLOW_TWIN_NOTE = ("{why}, so the pure-Python twin runs, 6 to 8 times slower; for the fast "
                  "one, install a C compiler and Python's headers (Debian: apt-get install "
                  "gcc python3-dev) and reinstall dlxcli (docs/index.md, \"Without a C "
                  "compiler\")")
_noted = False


def note_slow_twin(verbosity):
    """Say once per process (on stderr, unless -q) that the Python twin runs because the
    C core was not built, and how to get it: a search command's first words where the
    install said nothing (pip hides the failed build)."""
    global _noted
    from ..engine import FALLBACK
    if FALLBACK is None or verbosity < 0 or _noted:
        return
    _noted = True
    fail(SLOW_TWIN_NOTE.format(why=FALLBACK))


def note_terminal_stdin(command, sources, verbosity):
    """Say what a run waits for when it reads stdin and stdin is a terminal (`dlxcli
    sudoku` typed alone): a puzzle typed in, ended by Ctrl-D; not with -q. Whether
    the input is typed there (then the progress display waits for the search)."""
    if not any(source.path == "-" for source in sources):
        return False
    try:
        interactive = sys.stdin.isatty()
    except (AttributeError, ValueError):  # no stdin, or a closed one
        return False
    if interactive and verbosity >= 0:
        fail(f"{command}: waiting for the input on stdin: type or paste it, then press "
             f"Ctrl-D (or give a FILE; dlxcli {command} --help shows the format)")
    return interactive


def check_out_dir(out_dir, sources):
    """Refuse (UsageProblem) a batch whose answer files would overwrite each other."""
    if out_dir is None:
        return
    seen = {}
    for source in sources:
        if source.out_name in seen:
            answer = os.path.join(out_dir, source.out_name)
            raise UsageProblem(f"{seen[source.out_name]} and {source.name} would both be "
                               f"answered in {answer}")
        seen[source.out_name] = source.name


def made_out_dir(out_dir):
    """Make the --out folder if there is one; False (said on stderr) if it cannot be
    made, e.g. under a file: the file system's answer, not a usage error."""
    if out_dir is None:
        return True
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as exc:
        fail(unmade_folder(out_dir, exc))
        return False
    return True


def scheduler_of(runner):
    """The Dask scheduler's address that --scheduler or DLXCLI_SCHEDULER gives, or None."""
    return runner["scheduler"] or os.environ.get("DLXCLI_SCHEDULER") or None


def split_of(runner, say=None):
    """The Split of every search of the run when --scheduler (or DLXCLI_SCHEDULER) or
    --checkpoint asks for one; else None (--jobs alone splits a single input's search,
    see _batch.solve_jobs). `say` shows its notices (a line on stderr)."""
    scheduler = scheduler_of(runner)
    if not (scheduler or runner["checkpoint"]):
        return None
    from ..parallel import Split

    def notice(text):
        say(f"dlxcli: {text}")

    return Split(runner["jobs"], scheduler, runner["checkpoint"],
                 notice=notice if say else None)


def estimate_of(runner):
    """(probes, seed) of --estimate (None: the defaults), or None without it."""
    if not runner["estimate"]:
        return None
    return runner["probes"], runner["seed"]


def estimate_refusal(runner):
    """Why the --estimate options cannot go together, or None."""
    if runner["estimate"]:
        if runner["trace"]:
            return "--trace follows a search, and --estimate runs none: use one of them"
        return None
    for option in ("probes", "seed"):
        if runner[option] is not None:
            return f"--{option} sets how --estimate probes the search: add --estimate"
    return None


def trace_refusal(runner):
    """Why --trace cannot go with the other options, or None: it follows each search
    node by node in this process, where a split search runs elsewhere."""
    if not runner["trace"]:
        return None
    scheduler = "--scheduler" if runner["scheduler"] else "--scheduler (DLXCLI_SCHEDULER)"
    for option, given in (("--jobs", runner["jobs"] != 1), (scheduler, scheduler_of(runner)),
                          ("--checkpoint", runner["checkpoint"])):
        if given:
            return f"--trace follows one search in this process: it cannot go with {option}"
    return None


def learn_refusal(command, settings, reason):
    """Why `--reason learn` cannot answer `command` with `settings`, or None: some
    answers are defined by the DLX search itself (its order, its nodes)."""
    if reason != "learn":
        return None
    from ..commands import learn_refused
    why = learn_refused(command, settings)
    return None if why is None else f"--reason learn: {why}"


def tracer_of(runner):
    """The Trace that --trace asks for (rendered on stderr), or None."""
    if not runner["trace"]:
        return None
    from ._trace import stderr_trace
    return stderr_trace(runner["trace_limit"])


def run_plain(command, paths):
    """`dlxcli COMMAND [PATH...]` with no options: solve with the command's defaults,
    exit.

    What click would do for this command line, without importing click (which costs
    more start-up time than a judge-sized search). A closed stdout (`| head`) ends the
    run quietly with status 1, as click does."""
    try:
        status = run(command, {**default_settings(command), "paths": tuple(paths)})
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
        status = EXIT_NO_ANSWER
    sys.exit(status)


def silence_stdout():
    """Point stdout at /dev/null, so that the interpreter's last flush of what it still
    buffers cannot fail again on the way out (a closed pipe, a full disk)."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class interruptible:
    """Ctrl-C, SIGTERM and SIGHUP end the run cleanly: one message, exit status 130,
    143 or 129 (the pool and any temporary file are cleaned up by the `finally`
    clauses on the way out); those the run was started ignoring stay ignored
    (`_signals.take_over`). `last_words`: lines said on stderr before the message (the
    -v figures of the search that was stopped)."""

    def __enter__(self):
        self.last_words = []
        self.redelivered = _signals.redelivered(ends_in=interruptible.__exit__).__enter__()
        self.previous = _signals.take_over(self.redelivered.handler)
        return self

    def __exit__(self, kind, value, traceback):
        self.redelivered.close()
        if kind is None and self.redelivered.pending is not None:
            kind, value = KeyboardInterrupt, _signals.interrupt(self.redelivered.pending)
        _signals.restore(self.previous)
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            ignored = _signals.ignore_ending()
            try:
                for line in self.last_words:
                    echo(line + "\n", err=True)
                fail("terminated" if isinstance(value, _signals.Terminated)
                     else "interrupted")
            finally:
                _signals.restore(ignored)
            sys.exit(_signals.exit_status(value))
        return False
