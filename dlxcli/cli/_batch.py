"""Solving a batch: each input read as its pieces are needed, the pieces solved in this
process or on a pool of worker processes, and each piece's answer handed on as soon as
it is solved, in input order.

Layer: cli, without click. A big one-puzzle-per-line file is never whole in memory: the
puzzle module's `split_lines` cuts the lines as they are read, at most a few pieces per
worker are in flight, and the writer prints each piece's answer when it comes back.
What crosses the pool is picklable: the command's name (the worker finds the puzzle
module in the registry), the settings, the piece's text and its limits; back comes the
puzzle's Answer or the exception it raised.
"""

import time

from ..commands import puzzle_module
from ..errors import DlxError, InputError, SearchLimit
from ..exact_cover import Budget, Stats
from ..puzzles import Unsolved
from ._inputs import read_lines, read_text
from ._signals import deadline_alarm, held, worker_defaults

VERDICT_STATUS = {"answered": 0, "no answer": 1, "error": 2, "time limit": 3,
                  "node limit": 3}
"""Each verdict's exit status (the run exits with the worst)."""
IN_FLIGHT = 4
"""Pieces queued per worker process: enough to keep it busy, few enough that memory
does not grow with the input."""


class Limits:
    """What the options allow each input: seconds from when its reading starts, and
    nodes for each search (each puzzle of an input has its own); and `split`, a
    dlxcli.parallel.Split when each search is to be cut up and solved by other
    processes; `trace`, the dlxcli.trace.Trace of --trace."""

    __slots__ = ("timeout", "node_limit", "split", "trace")

    def __init__(self, timeout=None, node_limit=None, split=None, trace=None):
        self.timeout, self.node_limit, self.split = timeout, node_limit, split
        self.trace = trace

    def budget(self, began, progress=None):
        """The Budget of an input whose reading started at `began` (perf_counter)."""
        return Budget(self.timeout, self.node_limit, progress, began=began,
                      split=self.split, trace=self.trace)

    def split_over(self, processes):
        """These limits, each search split over `processes` local processes."""
        from ..parallel import Split
        return Limits(self.timeout, self.node_limit, Split(processes))


class Job:
    """One input to solve: where it comes from, which command, with what settings;
    `problem` is a message when it cannot be solved at all (e.g. judge found no
    command for it), `began` when its reading started."""

    __slots__ = ("source", "command", "settings", "problem", "began")

    def __init__(self, source, command, settings, problem=None):
        self.source, self.command, self.settings = source, command, settings
        self.problem, self.began = problem, None


class Piece:
    """One solve_text call's result: the Answer, or the DlxError it raised; picklable."""

    __slots__ = ("answer", "problem", "seconds")

    def __init__(self, answer=None, problem=None, seconds=0.0):
        self.answer, self.problem, self.seconds = answer, problem, seconds


def solve_piece(command, text, settings, budget):
    """Run the command's solve_text on one piece within the budget (its deadline also
    interrupts parsing and building), catching what it raises."""
    began = time.perf_counter()
    try:
        with deadline_alarm(budget, began):
            answer = puzzle_module(command).solve_text(text, **settings, budget=budget)
    except DlxError as exc:
        return Piece(problem=exc, seconds=time.perf_counter() - began)
    return Piece(answer, seconds=time.perf_counter() - began)


def _solve_task(command, text, settings, budget):
    """Pool entry point."""
    return solve_piece(command, text, settings, budget)


def pieces(job, budget):
    """(piece text, lines before it) for every piece of the job's input, read as they
    are needed: by the puzzle module's split_lines if it has one, else the whole text
    (bytes that are not UTF-8 decoded as the module's UNDECODABLE says, if it has one)."""
    module = puzzle_module(job.command)
    split_lines = getattr(module, "split_lines", None)
    if split_lines is None:
        yield read_text(job.source, budget, getattr(module, "UNDECODABLE", "replace")), 0
        return
    yield from split_lines(read_lines(job.source, budget), **job.settings)


def _work(jobs, limits):
    """(job, piece text or the DlxError that stopped its reading, lines before) for
    every piece of every job, in order."""
    for job in jobs:
        job.began = time.perf_counter()
        if job.problem is not None:
            continue
        try:
            for text, before in pieces(job, limits.budget(job.began)):
                yield job, text, before
        except DlxError as exc:
            yield job, exc, 0


def solved_pieces(jobs, limits, processes=1, ui=None):
    """Yield (job, lines before, Piece) for every piece of every job, in input order,
    solving on `processes` worker processes (1: in this process, with live progress).
    One input that comes in one piece has its search split over the processes
    instead, and so has every piece when `limits` carry a Split already."""
    if processes > 1 and limits.split is None and len(jobs) == 1 and not _splits(jobs[0]):
        limits, processes = limits.split_over(processes), 1
    work = _work(jobs, limits)
    if processes > 1 and limits.split is None:
        return _parallel(work, limits, processes)
    return _sequential(work, limits, ui)


def _splits(job):
    """Whether the job's input may come in several pieces."""
    return job.problem is None and hasattr(puzzle_module(job.command), "split_lines")


def _sequential(work, limits, ui):
    for job, text, before in work:
        if isinstance(text, DlxError):
            yield job, before, Piece(problem=text)
            continue
        ui.begin(job.source.name)
        budget = limits.budget(job.began, ui.search)
        yield job, before, solve_piece(job.command, text, job.settings, budget)


def _parallel(work, limits, processes):
    """Solve on a pool. The pool is made with the ending signals held: its threads keep
    them blocked for good, so that Ctrl-C and SIGTERM reach the main thread only (where
    `held` blocks can hold them back), and a signal that comes while the pool is being
    made waits for the `try` that terminates it."""
    import multiprocessing
    pool = None
    queued = []  # at most IN_FLIGHT * processes: a list (collections costs start-up)
    try:
        with held():
            pool = multiprocessing.Pool(processes, initializer=worker_defaults)
        for job, text, before in work:
            if isinstance(text, DlxError):
                queued.append((job, before, _Ready(Piece(problem=text))))
            else:
                task = (job.command, text, job.settings, limits.budget(job.began))
                queued.append((job, before, pool.apply_async(_solve_task, task)))
            while len(queued) >= IN_FLIGHT * processes:
                job, before, result = queued.pop(0)
                yield job, before, result.get()
        while queued:
            job, before, result = queued.pop(0)
            yield job, before, result.get()
        pool.close()
    finally:
        if pool is not None:
            with held():
                pool.terminate()
                pool.join()


class _Ready:
    """A piece result known without the pool, queued among the pool's results."""

    def __init__(self, piece):
        self.piece = piece

    def get(self):
        return self.piece


# -- one input's outcome ----------------------------------------------------------------

class Outcome:
    """What one input produced, gathered piece by piece: a `verdict` (a key of
    VERDICT_STATUS), the `messages` for stderr, the `stats`, and, when asked to keep
    them, the judge-format `text` and the answer's `data` (list values of the pieces'
    data concatenate, so the shape does not depend on the input's size). `preview` is
    the first piece's text, for summary tables."""

    __slots__ = ("name", "verdict", "messages", "stats", "text", "data", "preview",
                 "_keep", "_texts", "_unsolved", "_limited", "_limited_puzzles")

    def __init__(self, name, keep=False, problem=None):
        self.name, self._keep = name, keep
        self.verdict, self.messages, self.stats = "answered", [], Stats()
        self.text, self.data, self.preview = "", {}, None
        self._texts, self._unsolved, self._limited = [], [], None
        self._limited_puzzles = []
        if problem is not None:
            self.verdict, self.messages = "error", [problem]

    @property
    def status(self):
        return VERDICT_STATUS[self.verdict]

    @property
    def answered(self):
        """Whether the judge defines this output (an answer, or e.g. 'No Solution!')."""
        return self.verdict in ("answered", "no answer")

    def add(self, before, piece):
        """Take one piece's result (`before`: the lines of the input before it). Its
        seconds are the piece's whole time (reading the puzzle and building it too), in
        place of its searches' seconds."""
        self.stats.seconds += piece.seconds
        if piece.problem is not None:
            self._problem(piece.problem, before)
            return
        answer = piece.answer
        self.stats.add(answer.stats, seconds=False)  # piece.seconds holds them
        if self.preview is None:
            self.preview = answer.text
        if self._keep:
            self._texts.append(answer.text)
            self._join(answer.data)
        self.messages.extend(str(error.located(self.name, before)) for error in answer.errors)
        if answer.errors:
            self._worsen("error")
        if answer.failure is not None:
            self._unsolved.append(answer.failure.shifted(before))
            self._worsen("no answer")
        if answer.limited is not None:
            self._limited_puzzles.append(answer.limited.shifted(before))
            self._worsen(answer.limited.reason)

    def _problem(self, problem, before):
        if isinstance(problem, InputError):
            self.messages.append(str(problem.located(self.name, before)))
            self._worsen("error")
        elif isinstance(problem, SearchLimit):
            self.stats.nodes += problem.nodes
            if self._limited is None:
                self._limited = problem
                self.messages.append(f"{self.name}: {problem}")
            self._worsen(problem.verdict)
        else:
            self.messages.append(f"{self.name}: {problem}")
            self._worsen("error")

    def _worsen(self, verdict):
        if VERDICT_STATUS[verdict] > self.status:
            self.verdict = verdict

    def _join(self, data):
        for key, value in data.items():
            if isinstance(value, list) and key in self.data:
                self.data[key] = self.data[key] + value
            else:
                self.data[key] = value

    def finish(self):
        """Close the outcome once every piece is in; returns it."""
        for parts in (self._unsolved, self._limited_puzzles):
            if parts:
                self.messages.append(f"{self.name}: {Unsolved.joined(parts)}")
        self.text = "".join(self._texts)
        return self


def solve_jobs(jobs, limits, processes=1, ui=None, keep=False, on_piece=None):
    """Yield (job, Outcome) for every job in order, as soon as its last piece is in.
    `on_piece(job, piece)` sees each piece as it comes (the writer prints its answer
    then); `keep` keeps each outcome's whole text and data (for JSON and judging)."""
    ui.start(len(jobs))
    stream = solved_pieces(jobs, limits, processes, ui)
    waiting = iter(jobs)
    current = outcome = None
    try:
        for job, before, piece in stream:
            while job is not current:
                if current is not None:
                    yield current, _finished(outcome, ui)
                current = next(waiting)
                outcome = Outcome(current.source.name, keep, current.problem)
            outcome.add(before, piece)
            if on_piece is not None:
                on_piece(job, piece)
        if current is not None:
            yield current, _finished(outcome, ui)
        for job in waiting:
            yield job, _finished(Outcome(job.source.name, keep, job.problem), ui)
    finally:
        stream.close()  # stops a worker pool at once


def _finished(outcome, ui):
    ui.finished(outcome.name, outcome.stats.nodes)
    return outcome.finish()
