"""Solving a batch: each input cut into pieces, the pieces solved in this process or on
a pool of worker processes, and the pieces' answers put back together per input.

Layer: cli, without click. What crosses the pool is picklable: the command's name (the
worker finds the puzzle module in the registry), the settings, the piece's text and
its limits; back come the puzzle's Answer or the exception it raised.
"""

import os
import time

from ..commands import puzzle_module
from ..errors import DlxError, InputError, SearchLimit, TimeLimitExceeded
from ..exact_cover import Budget, Stats
from ..puzzles import Unsolved
from ._inputs import read_input

VERDICT_STATUS = {"answered": 0, "no answer": 1, "error": 2, "time limit": 3,
                  "node limit": 3}
"""Each verdict's exit status (the run exits with the worst)."""


class Limits:
    """What the options allow each input: seconds in all (its pieces' times add up),
    and nodes per search."""

    __slots__ = ("timeout", "node_limit")

    def __init__(self, timeout=None, node_limit=None):
        self.timeout, self.node_limit = timeout, node_limit

    def budget(self, spent=0.0, progress=None):
        """The Budget of a piece of an input that has already spent `spent` seconds."""
        return Budget(self.timeout, self.node_limit, progress,
                      began=time.perf_counter() - spent)

    def exceeded(self, seconds):
        """The TimeLimitExceeded of an input that took `seconds`, or None."""
        if self.timeout is not None and seconds > self.timeout:
            return TimeLimitExceeded(f"stopped after {self.timeout:g} s (time limit)")
        return None


class Job:
    """One input to solve: where it comes from, which command, with what settings;
    `problem` is a message when the input cannot even be read."""

    __slots__ = ("source", "command", "settings", "text", "problem")

    def __init__(self, source, command, settings, problem=None):
        self.source, self.command, self.settings = source, command, settings
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

    @property
    def answered(self):
        """Whether the judge defines this output (an answer, or e.g. 'No Solution!')."""
        return self.verdict in ("answered", "no answer")


class Piece:
    """One solve_text call's result: the Answer, or the DlxError it raised; picklable."""

    __slots__ = ("answer", "problem", "seconds")

    def __init__(self, answer=None, problem=None, seconds=0.0):
        self.answer, self.problem, self.seconds = answer, problem, seconds


def solve_piece(command, text, settings, budget):
    """Run the command's solve_text on one piece, catching what it raises."""
    began = time.perf_counter()
    try:
        answer = puzzle_module(command).solve_text(text, **settings, budget=budget)
    except DlxError as exc:
        return Piece(problem=exc, seconds=time.perf_counter() - began)
    return Piece(answer, seconds=time.perf_counter() - began)


def _solve_task(task):
    """Pool entry point: a task is (command, piece text, settings, Limits)."""
    command, text, settings, limits = task
    return solve_piece(command, text, settings, limits.budget())


def _ignore_interrupts():
    """Workers leave Ctrl-C to the parent, which stops them (no tracebacks, no orphans)."""
    import signal  # here, not at the top: it imports enum, 4 ms of every run's start-up
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pieces(job):
    """(piece text, lines before it) for every piece of the job's input."""
    split_text = getattr(puzzle_module(job.command), "split_text", None)
    if split_text is None:
        return [(job.text, 0)]
    return list(split_text(job.text, **job.settings)) or [(job.text, 0)]


def prepare(jobs):
    """Read every job's input; returns the (job index, piece text, lines before) tasks."""
    tasks = []
    for k, job in enumerate(jobs):
        if job.problem is not None:
            continue
        try:
            job.text = read_input(job.source)
            tasks.extend((k, piece, before) for piece, before in pieces(job))
        except InputError as exc:
            job.problem = str(exc.located(job.source.name))
        except DlxError as exc:
            job.problem = f"{job.source.name}: {exc}"
    return tasks


def solve_jobs(jobs, limits, processes=1, ui=None):
    """Yield (job, Outcome) in job order, as soon as each input is complete, solving on
    `processes` worker processes (1: in this process, with live search progress)."""
    tasks = prepare(jobs)
    processes = min(processes or os.cpu_count() or 1, len(tasks))
    pending = [0] * len(jobs)
    for k, _, _ in tasks:
        pending[k] += 1
    results = [[] for _ in jobs]
    ui.start(len(tasks))
    stream = (_parallel(jobs, tasks, limits, processes) if processes > 1
              else _sequential(jobs, tasks, limits, ui))
    ready = 0
    try:
        for (k, _, before), piece in zip(tasks, stream):
            nodes = piece.answer.stats.nodes if piece.answer else 0
            ui.finished(jobs[k].source.name, nodes)
            results[k].append((before, piece))
            pending[k] -= 1
            while ready < len(jobs) and pending[ready] == 0:
                yield jobs[ready], outcome(jobs[ready], results[ready], limits)
                ready += 1
        for k in range(ready, len(jobs)):
            yield jobs[k], outcome(jobs[k], results[k], limits)
    finally:
        stream.close()  # stops a worker pool at once


def _sequential(jobs, tasks, limits, ui):
    spent = [0.0] * len(jobs)
    for k, text, _ in tasks:
        job = jobs[k]
        if limits.exceeded(spent[k]):
            yield Piece(problem=limits.exceeded(spent[k]))
            continue
        budget = limits.budget(spent[k], ui.search)
        ui.begin(job.source.name)
        piece = solve_piece(job.command, text, job.settings, budget)
        spent[k] += piece.seconds
        yield piece


def _parallel(jobs, tasks, limits, processes):
    work = [(jobs[k].command, text, jobs[k].settings, limits) for k, text, _ in tasks]
    chunk = max(1, min(64, len(work) // (processes * 8)))
    import multiprocessing
    pool = multiprocessing.Pool(processes, initializer=_ignore_interrupts)
    try:
        yield from pool.imap(_solve_task, work, chunk)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def outcome(job, pieces, limits):
    """Put an input's pieces back together: their answers concatenate, their costs add
    up, and the first piece that failed decides for the whole input."""
    name = job.source.name
    if job.problem is not None:
        return Outcome(verdict="error", messages=[job.problem])
    stats = Stats()
    for _, piece in pieces:
        if piece.answer is not None:
            stats.add(piece.answer.stats)
    stats.seconds = sum(piece.seconds for _, piece in pieces)
    failed = next(((before, piece.problem) for before, piece in pieces if piece.problem),
                  None) or (0, limits.exceeded(stats.seconds))
    if failed[1] is not None:
        return _failed(name, failed[1], failed[0], stats)
    answers = [(before, piece.answer) for before, piece in pieces]
    result = Outcome("".join(answer.text for _, answer in answers), _joined_data(answers),
                     stats)
    result.messages = [str(error.located(name, before))
                       for before, answer in answers for error in answer.errors]
    unsolved = [answer.failure.shifted(before) for before, answer in answers if answer.failure]
    if result.messages:
        result.verdict = "error"
    elif unsolved:
        result.verdict = "no answer"
    if unsolved:
        result.messages.append(f"{name}: {Unsolved.joined(unsolved)}")
    return result


def _joined_data(answers):
    """One input's `data` from its pieces': the pieces of a split input all have the
    same keys, and list values concatenate (so the shape never depends on the size)."""
    data = dict(answers[0][1].data)
    for _, answer in answers[1:]:
        for key, value in answer.data.items():
            if isinstance(value, list):
                data[key] = data[key] + value
    return data


def _failed(name, problem, before, stats):
    """The Outcome of an input whose piece raised `problem`."""
    if isinstance(problem, InputError):
        return Outcome(stats=stats, verdict="error",
                       messages=[str(problem.located(name, before))])
    verdict = problem.verdict if isinstance(problem, SearchLimit) else "error"
    return Outcome(stats=stats, verdict=verdict, messages=[f"{name}: {problem}"])
