"""What every subcommand shares: its inputs, limits, batch solving, output and exit status.

Layer: cli, without click (`_options` holds the click side). `run` finds the inputs,
solves each with the puzzle's `solve_text` (in this process or on a pool of worker
processes), writes one answer per input in input order (stdout, or one file per input
with --out), and turns dlxcli's exceptions into one line on stderr and an exit status.
`dlxcli judge` reuses the same solving loop (`solve_jobs`); `run_plain` is the whole of
a judge-style run with every option at its default, reached without importing click.

A puzzle module may offer ``split_text(text) -> list[str]``: pieces of one input whose
answers, concatenated, are the whole answer. The runner then solves the pieces as
separate tasks (so --jobs spreads one big file over several processes) and adds up
their costs; the module is found from `solve_text.__module__`.
"""

import os
import sys
import time

from ..errors import DlxError, InputError, SearchLimit, TimeLimitExceeded
from ..exact_cover import Stats
from ..puzzles import Unsolved, add_stats
from . import _ui
from ._ui import echo

EXIT_OK, EXIT_NO_ANSWER, EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130

PUZZLE_SUFFIXES = (".in", ".txt", ".dlx")
"""Which files of a directory are inputs; answers (.out, .ans) and notes are not."""

RUNNER_DEFAULTS = {"paths": (), "recursive": False, "jobs": 1, "timeout": None,
                   "progress": None, "output_format": "judge", "out_dir": None,
                   "headers": None}
"""The options the runner consumes, at their defaults (as `_options` declares them);
every other setting goes to the puzzle's solve_text."""


def puzzle_settings(settings):
    """The settings meant for the puzzle's solve_text."""
    return {key: value for key, value in settings.items() if key not in RUNNER_DEFAULTS}


class UsageProblem(Exception):
    """Options that cannot work together; the click layer reports it as a usage error."""


# -- inputs ----------------------------------------------------------------------------

class Source:
    """One judge input: `path` ('-' for stdin), `name` as messages show it, and
    `out_name`, its answer file's path relative to --out."""

    __slots__ = ("path", "name", "out_name")

    def __init__(self, path, name, out_name):
        self.path, self.name, self.out_name = path, name, out_name


def find_sources(paths, recursive):
    """The inputs named by PATHS, in order; a directory gives its puzzle files, sorted.

    Returns (sources, problems): problems are messages about directories without
    puzzle files."""
    sources, problems = [], []
    for path in paths or ("-",):
        if path == "-":
            sources.append(Source("-", "<stdin>", "stdin.out"))
        elif os.path.isdir(path):
            found = _directory_sources(path, recursive)
            if not found:
                problems.append(f"{path}: no puzzle files ({', '.join('*' + s for s in PUZZLE_SUFFIXES)})"
                                + ("" if recursive else "; -r searches sub-directories"))
            sources.extend(found)
        else:
            sources.append(Source(path, path, _answer_name(os.path.basename(path))))
    return sources, problems


def _directory_sources(top, recursive):
    found = []
    for folder, subfolders, files in os.walk(top):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".")) if recursive else []
        for name in files:
            if name.endswith(PUZZLE_SUFFIXES) and not name.startswith("."):
                path = os.path.join(folder, name)
                found.append(Source(path, path, _answer_name(os.path.relpath(path, top))))
    return sorted(found, key=lambda source: source.out_name.split(os.sep))


def _answer_name(relative):
    return os.path.splitext(relative)[0] + ".out"


def read_input(path):
    """(name, text) of one input; '-' is stdin. A UTF-8 byte order mark (as Windows
    editors write) is dropped; undecodable bytes become U+FFFD so the parser reports
    them where they stand."""
    if path == "-":
        return "<stdin>", sys.stdin.buffer.read().decode("utf-8-sig", errors="replace")
    try:
        with open(path, "rb") as handle:
            return path, handle.read().decode("utf-8-sig", errors="replace")
    except OSError as exc:
        raise InputError("a readable file", source=path, found=exc.strerror) from None


def fail(message):
    echo(f"dlxcli: {message}\n", err=True)


# -- what one input produced --------------------------------------------------------------

VERDICT_STATUS = {"answered": EXIT_OK, "no answer": EXIT_NO_ANSWER, "error": EXIT_BAD_INPUT,
                  "time limit": EXIT_LIMIT, "node limit": EXIT_LIMIT}


class Job:
    """One input to solve: where it comes from, which command, with what settings;
    `problem` is set when the input cannot even be read."""

    __slots__ = ("source", "command", "solve_text", "settings", "text", "problem")

    def __init__(self, source, command, solve_text, settings, problem=None):
        self.source, self.command = source, command
        self.solve_text, self.settings = solve_text, settings
        self.text, self.problem = None, problem


class Outcome:
    """What one input produced: the judge-format `text` (empty unless answered or
    partly answered), the answer's `data` and `stats`, a `verdict` (a key of
    VERDICT_STATUS) and the `messages` for stderr."""

    __slots__ = ("text", "data", "stats", "verdict", "messages")

    def __init__(self, text="", data=None, stats=None, verdict="answered", messages=None):
        self.text, self.data = text, {} if data is None else data
        self.stats = Stats() if stats is None else stats
        self.verdict, self.messages = verdict, [] if messages is None else messages

    @property
    def status(self):
        return VERDICT_STATUS[self.verdict]


# -- solving ------------------------------------------------------------------------------

class _Piece:
    """One solve_text call's result, picklable (InputErrors travel as their fields)."""

    __slots__ = ("text", "failure", "data", "stats", "errors", "problem", "seconds")

    def __init__(self, problem=None):
        self.text, self.failure, self.data, self.stats = "", None, {}, Stats()
        self.errors, self.problem, self.seconds = [], problem, 0.0


def _error_fields(error):
    return (error.expected, error.source, error.line, error.column, error.found)


def _solve_piece(solve_text, text, settings, budget=None, report=None):
    """Run solve_text on one piece; catch what it raises into the result.

    The time budget covers every search of the piece: the progress callback, called
    between slices of every query, raises TimeLimitExceeded once it is spent (each
    query also gets the budget as its own timeout)."""
    began = time.perf_counter()
    control = dict(settings)
    if budget is not None or report is not None:
        control["progress"] = _progress_callback(began, budget, report)
    if budget is not None:
        control["timeout"] = budget
    piece = _Piece()
    try:
        answer = solve_text(text, **control)
    except InputError as exc:
        piece.problem = ("input", _error_fields(exc))
    except SearchLimit as exc:
        piece.problem = ("limit", exc.verdict, str(exc))
    except DlxError as exc:
        piece.problem = ("error", str(exc))
    else:
        piece.text, piece.failure, piece.data = answer.text, answer.failure, answer.data
        piece.stats = answer.stats
        piece.errors = [_error_fields(error) for error in answer.errors]
    piece.seconds = time.perf_counter() - began
    return piece


def _progress_callback(began, budget, report):
    deadline = None if budget is None else began + budget

    def progress(fraction, nodes, solutions):
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeLimitExceeded(f"stopped after {budget:g} s (time limit)", nodes)
        if report is not None:
            report(fraction, nodes, solutions)
    return progress


def _solve_task(task):
    """Pool entry point: a task is (solve_text, piece text, settings, budget)."""
    return _solve_piece(*task)


def _ignore_interrupts():
    """Workers leave Ctrl-C to the parent, which stops them (no tracebacks, no orphans)."""
    import signal  # here, not at the top: it imports enum, 4 ms of every run's start-up
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pieces(job):
    """(piece text, first line number - 1) for every piece of the job's input.

    split_text gets the settings its signature names (e.g. the input format). A piece
    found verbatim in the text has its messages' line numbers shifted to the whole
    text's; a piece may instead keep them itself by starting with blank lines."""
    module = sys.modules.get(getattr(job.solve_text, "__module__", ""), None)
    split_text = getattr(module, "split_text", None)
    if split_text is None:
        return [(job.text, 0)]
    code = split_text.__code__
    accepted = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    shared = {key: value for key, value in job.settings.items() if key in accepted}
    pieces, cursor = [], 0
    for piece in split_text(job.text, **shared):
        start = job.text.find(piece, cursor)
        offset = job.text.count("\n", 0, start) if start >= 0 else 0
        cursor = start + len(piece) if start >= 0 else cursor
        pieces.append((piece, offset))
    return pieces or [(job.text, 0)]


def prepare(jobs):
    """Read every job's input; returns the (job index, piece text, line offset) tasks."""
    tasks = []
    for k, job in enumerate(jobs):
        if job.problem is not None:
            continue
        try:
            _, job.text = read_input(job.source.path)
            tasks.extend((k, piece, offset) for piece, offset in _pieces(job))
        except InputError as exc:
            job.problem = str(exc)
        except DlxError as exc:
            job.problem = f"{job.source.name}: {exc}"
    return tasks


def solve_jobs(jobs, *, timeout=None, processes=1, ui):
    """Yield (job, Outcome) in job order, as soon as each input is complete, solving on
    `processes` worker processes (1: in this process, with live search progress).

    An input's time is the sum of its pieces' times; over `timeout` it is a time limit.
    """
    tasks = prepare(jobs)
    processes = min(processes or os.cpu_count() or 1, len(tasks))
    pending = [0] * len(jobs)
    for k, _, _ in tasks:
        pending[k] += 1
    results = [[] for _ in jobs]
    ui.start(len(tasks))
    stream = (_parallel(jobs, tasks, timeout, processes) if processes > 1
              else _sequential(jobs, tasks, timeout, ui))
    ready = 0
    for (k, _, offset), piece in zip(tasks, stream):
        ui.finished(jobs[k].source.name, piece.stats.nodes)
        results[k].append((offset, piece))
        pending[k] -= 1
        while ready < len(jobs) and pending[ready] == 0:
            yield jobs[ready], _outcome(jobs[ready], results[ready], timeout)
            ready += 1
    for k in range(ready, len(jobs)):
        yield jobs[k], _outcome(jobs[k], results[k], timeout)


def _sequential(jobs, tasks, timeout, ui):
    spent = [0.0] * len(jobs)
    for k, piece, _ in tasks:
        job = jobs[k]
        budget = None if timeout is None else timeout - spent[k]
        if budget is not None and budget <= 0:
            yield _Piece(problem=_time_limit(timeout))
            continue
        ui.begin(job.source.name)
        result = _solve_piece(job.solve_text, piece, job.settings, budget, ui.search)
        spent[k] += result.seconds
        yield result


def _parallel(jobs, tasks, timeout, processes):
    work = [(jobs[k].solve_text, piece, jobs[k].settings, timeout) for k, piece, _ in tasks]
    chunk = max(1, min(64, len(work) // (processes * 8)))
    import multiprocessing
    pool = multiprocessing.Pool(processes, initializer=_ignore_interrupts)
    try:
        yield from pool.imap(_solve_task, work, chunk)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _time_limit(timeout):
    return ("limit", "time limit", f"stopped after {timeout:g} s (time limit)")


def _outcome(job, pieces, timeout):
    """Put an input's pieces back together: their answers concatenate, their costs add
    up, and the first piece that failed decides for the whole input."""
    name = job.source.name
    if job.problem is not None:
        return Outcome(verdict="error", messages=[job.problem])
    stats, seconds = Stats(), 0.0
    for _, piece in pieces:
        add_stats(stats, piece.stats)
        seconds += piece.seconds
    stats.seconds = seconds
    for offset, piece in pieces:
        if piece.problem is not None:
            return Outcome(stats=stats, **_problem(name, piece.problem, offset))
    if timeout is not None and seconds > timeout:
        return Outcome(stats=stats, **_problem(name, _time_limit(timeout), 0))
    data = pieces[0][1].data if len(pieces) == 1 else {"parts": [p.data for _, p in pieces]}
    outcome = Outcome("".join(piece.text for _, piece in pieces), data, stats)
    for offset, piece in pieces:
        outcome.messages.extend(_located(name, fields, offset) for fields in piece.errors)
    unsolved = [piece.failure.shifted(offset) for offset, piece in pieces if piece.failure]
    if outcome.messages:
        outcome.verdict = "error"
    elif unsolved:
        outcome.verdict = "no answer"
    if unsolved:
        outcome.messages.append(f"{name}: {Unsolved.joined(unsolved)}")
    return outcome


def _problem(name, problem, offset):
    kind = problem[0]
    if kind == "input":
        return {"verdict": "error", "messages": [_located(name, problem[1], offset)]}
    if kind == "limit":
        return {"verdict": problem[1], "messages": [f"{name}: {problem[2]}"]}
    return {"verdict": "error", "messages": [f"{name}: {problem[1]}"]}


def _located(name, fields, offset):
    """The one-line message of an InputError found in a piece starting `offset` lines in."""
    expected, source, line, column, found = fields
    line = None if line is None else line + offset
    return str(InputError(expected, source=source or name, line=line, column=column,
                          found=found))


# -- output ---------------------------------------------------------------------------------

def run(command, solve_text, settings):
    """Solve every input with `solve_text(text, **puzzle settings)` and write the answers;
    return the worst exit status (0 answered, 1 no answer, 2 bad input, 3 limit; Ctrl-C
    exits at once with 130). Raises UsageProblem before any output if --out would
    overwrite one answer with another."""
    puzzle = puzzle_settings(settings)
    sources, problems = find_sources(settings["paths"], settings["recursive"])
    writer = _Writer(settings["output_format"], settings["out_dir"], settings["headers"],
                     len(sources))
    writer.check_names(sources)
    for problem in problems:
        fail(problem)
    jobs = [Job(source, command, solve_text, puzzle) for source in sources]
    status = EXIT_BAD_INPUT if problems else EXIT_OK
    ui = _ui.progress(settings["progress"])
    with interruptible(), ui:
        stream = solve_jobs(jobs, timeout=settings["timeout"], processes=settings["jobs"], ui=ui)
        try:
            for job, outcome in stream:
                writer.write(job, outcome)
                for message in outcome.messages:
                    ui.message(f"dlxcli: {message}")
                status = max(status, outcome.status)
                ui.record(job.source.name, outcome.verdict, outcome.text, outcome.stats)
        finally:
            stream.close()  # stops a worker pool at once (contextlib.closing would cost 1 ms)
    ui.summary()
    return status


def run_plain(command, module, function, settings, paths):
    """`dlxcli COMMAND [PATH...]` with no options: solve with `module.function`, exit.

    What click would do for this command line, without importing click (which costs
    more start-up time than a judge-sized search): `settings` are the command's defaults,
    checked against the click declarations by the tests. A closed stdout (`| head`)
    ends the run quietly with status 1, as click does."""
    solve_text = getattr(__import__(module, fromlist=[function]), function)
    try:
        status = run(command, solve_text, {**RUNNER_DEFAULTS, **settings,
                                           "paths": tuple(paths)})
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = EXIT_NO_ANSWER
    sys.exit(status)


class _Writer:
    """Writes each input's answer as --format, --out and --headers say."""

    def __init__(self, output_format, out_dir, headers, count):
        self.format, self.out_dir = output_format, out_dir
        self.headers = (count > 1 if headers is None else headers) and output_format != "json"

    def check_names(self, sources):
        """Refuse (exit 2) a batch whose answer files would overwrite each other."""
        if self.out_dir is None:
            return
        seen = {}
        for source in sources:
            if source.out_name in seen:
                answer = os.path.join(self.out_dir, source.out_name)
                raise UsageProblem(f"{seen[source.out_name]} and {source.name} would both "
                                   f"be answered in {answer}")
            seen[source.out_name] = source.name

    def write(self, job, outcome):
        if self.out_dir is not None:
            if outcome.status in (EXIT_OK, EXIT_NO_ANSWER) or outcome.text:
                write_atomically(os.path.join(self.out_dir, job.source.out_name),
                                 self.render(job, outcome))
            return
        if self.headers:
            echo(f"==> {job.source.name} <==\n")
        if self.format == "pretty":
            _ui.print_pretty(job.command, outcome.data, outcome.text)
        else:
            echo(self.render(job, outcome))

    def render(self, job, outcome):
        if self.format == "json":
            import json
            return json.dumps(json_document(job, outcome), ensure_ascii=False) + "\n"
        if self.format == "pretty":
            return _ui.pretty_text(job.command, outcome.data, outcome.text)
        return outcome.text


def json_document(job, outcome):
    """The --format json record of one input (the schema is in docs/index.md)."""
    return {"input": job.source.name, "command": job.command, "verdict": outcome.verdict,
            "answer": outcome.text, "data": outcome.data, "stats": outcome.stats.as_dict(),
            "errors": outcome.messages}


def write_atomically(path, text):
    """Write `text` to `path` through a temporary file in the same directory, so that
    readers (and an interrupted run) never see a partial answer file."""
    import tempfile
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    handle = tempfile.NamedTemporaryFile("w", encoding="utf-8", newline="", dir=folder,
                                         prefix="." + os.path.basename(path) + ".",
                                         suffix=".tmp", delete=False)
    try:
        with handle:
            handle.write(text)
        os.replace(handle.name, path)
    except BaseException:
        os.unlink(handle.name)
        raise


class interruptible:
    """Ctrl-C ends the run cleanly: one message, exit status 130 (the pool and any
    temporary file are cleaned up by the `finally` clauses on the way out)."""

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if kind is KeyboardInterrupt:
            fail("interrupted")
            sys.exit(EXIT_INTERRUPTED)
        return False


