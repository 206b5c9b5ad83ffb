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

import functools
import time
from itertools import chain

from ..commands import puzzle_module
from ..errors import (DlxError, InputError, OutOfMemory, OutOfMemoryReading, SearchLimit,
                      TimeLimitExceeded)
from ..exact_cover import DEFAULT_REASON, Budget, Stats
from ..pool import WorkerDied, WorkerPool
from ..puzzles import Unsolved
from ._inputs import is_regular, read_lines, read_text, waiting_with
from ._signals import deadline_alarm

VERDICT_STATUS = {"answered": 0, "estimated": 0, "no answer": 1, "error": 2,
                  "time limit": 3, "node limit": 3}
"""Each verdict's exit status (the run exits with the worst)."""
IN_FLIGHT = 4
"""Pieces queued per worker process: enough to keep it busy, few enough that memory
does not grow with the input."""
UNREAD_GRACE = 0.1
"""Seconds that counting the puzzles a time limit left untried waits for more of an
input that is not a regular file (stdin, a pipe: it may never end)."""


class Limits:
    """What the options allow each input: seconds from when its reading starts, and
    nodes for each search (each puzzle of an input has its own); and `split`, a
    dlxcli.parallel.Split when each search is to be cut up and solved by other
    processes; `trace`, the dlxcli.trace.Trace of --trace; `reason`, which search
    answers (--reason, exact_cover.REASONS); `estimate`, (probes, seed) of --estimate
    (None in either: the default), or None to search."""

    __slots__ = ("timeout", "node_limit", "split", "trace", "reason", "estimate")

    def __init__(self, timeout=None, node_limit=None, split=None, trace=None,
                 reason=DEFAULT_REASON, estimate=None):
        self.timeout, self.node_limit, self.split = timeout, node_limit, split
        self.trace, self.reason, self.estimate = trace, reason, estimate

    def budget(self, began, progress=None, emit=None, first=True):
        """The Budget of an input whose reading started at `began` (perf_counter),
        tallying what its searches spend (the figures of a piece they do not finish);
        `first`: whether it is for the input's first piece."""
        return Budget(self.timeout, self.node_limit, progress, began=began,
                      split=self.split, trace=self.trace, emit=emit, reason=self.reason,
                      estimate=self._estimator(None if first else began), spent=Stats())

    def _estimator(self, began):
        """A fresh Estimator for a piece under --estimate, else None; `began`: None for
        an input's first piece, else when the input's reading began (the default's
        cap of probing is the input's: estimate.SECONDS)."""
        if self.estimate is None:
            return None
        from ..estimate import SEED, Estimator
        probes, seed = self.estimate
        return Estimator(probes, SEED if seed is None else seed, began)

    def split_over(self, processes):
        """These limits, each search split over `processes` local processes; under a
        node limit, these limits as they are: each search then is --jobs 1's, in one
        process. The limit counts the nodes of that search, which a split's subproblems
        cannot stop at: a split search passed it by a subproblem's nodes, and a list it
        stopped lost the solutions of subproblems it had finished (attack17). (With
        --checkpoint or --scheduler the run's own Split is kept: parallel.md.)"""
        if self.node_limit is not None:
            return self
        from ..parallel import Split
        return Limits(self.timeout, self.node_limit, Split(processes), reason=self.reason,
                      estimate=self.estimate)


class Job:
    """One input to solve: where it comes from, which command, with what settings;
    `problem` is a message when it cannot be solved at all (e.g. judge found no
    command for it), `began` when its reading started, `budget` its reading's,
    `deadline` the input's (None: no time limit). With `keep_input`, `kept` gathers the
    texts of its pieces as they are read (judge's check of an answer reads the input
    that was solved: a FIFO cannot be read twice, a file may have changed).

    On a pool (`_parallel`) an input's clock runs only while it is read or a piece of
    it is under way on a worker: `held` is since when it has stood (None: it runs),
    `waited` how long it has stood in all, `running` its pieces under way. Counted
    from its reading alone, a wait behind other inputs' pieces (for a worker, or for
    the main process to read on) spent its time, and `--jobs 2 --timeout` stopped
    inputs that `--jobs 1` answers, some before a node of their search (attack18c,
    attack18d)."""

    __slots__ = ("source", "command", "settings", "problem", "began", "budget", "deadline",
                 "held", "waited", "running", "reading", "kept")

    def __init__(self, source, command, settings, problem=None, keep_input=False):
        self.source, self.command, self.settings = source, command, settings
        self.problem, self.began, self.budget, self.deadline = problem, None, None, None
        self.held, self.waited, self.running, self.reading = None, 0.0, 0, False
        self.kept = [] if keep_input else None

    def started(self, limits):
        """Its reading starts now, under these limits."""
        self.began = time.perf_counter()
        self.budget = limits.budget(self.began)
        self.deadline = self.budget.deadline
        self.reading = True

    def queued(self, budget):
        """A piece of it, with its `budget`, goes into the pool's backlog: (on_send,
        on_done) for the pool (WorkerPool.submit). Its reading has handed the piece on;
        with nothing of it under way, its clock stands."""
        self.reading = False
        self._stands()
        return functools.partial(self.sent, budget), self.finished

    def sent(self, budget):
        """A piece leaves the backlog for a worker: the clock runs, and the piece takes
        the input's deadline (and --estimate's cap of probing, the same clock)."""
        self.caught_up()
        self.running += 1
        budget.deadline = self.deadline
        if budget.estimate is not None and budget.estimate.began is not None:
            budget.estimate.began = self.began + self.waited

    def finished(self):
        """A piece is known to have finished (or failed)."""
        self.running -= 1
        self._stands()

    def read_through(self):
        """Its reading is over: with nothing of it under way, its clock stands."""
        self.reading = False
        self._stands()

    def _stands(self):
        if self.running == 0 and not self.reading and self.held is None:
            self.held = time.perf_counter()

    def read_on(self):
        """The reading of its next piece starts: its clock runs (waiting on a pipe
        counts, as on one job)."""
        self.reading = True
        self.caught_up()

    def caught_up(self):
        """The clock runs again (a piece sent, or the reading going on): the time it
        stood is taken off the input's deadline."""
        if self.held is None:
            return
        stood = time.perf_counter() - self.held
        self.waited += stood
        if self.deadline is not None:
            self.deadline += stood
            self.budget.deadline = self.deadline
        self.held = None

    def expired(self):
        """Whether the input's time limit has passed (never while its clock stands)."""
        return (self.held is None and self.deadline is not None
                and time.perf_counter() > self.deadline)


class Piece:
    """One solve_text call's result: the Answer, or the DlxError it raised, with
    `spent`, the Stats of the searches it made before that (a limit stopped them);
    picklable. Under --estimate, `estimate` is the Estimate of its searches (and the
    Answer, made of queries that all answered "no solution", is not the puzzle's)."""

    __slots__ = ("answer", "problem", "seconds", "estimate", "spent")

    def __init__(self, answer=None, problem=None, seconds=0.0, estimate=None, spent=None):
        self.answer, self.problem, self.seconds = answer, problem, seconds
        self.estimate, self.spent = estimate, spent


class NotTried(TimeLimitExceeded):
    """Puzzles of a split input that its time limit left untried, as an Unsolved
    (`puzzles`), passed on as a piece's problem: a piece whose time was up before any
    of its searches, or the rest of the input, never handed out."""

    def __init__(self, puzzles, nodes=0, updates=0, mems=0):
        super().__init__(str(puzzles), nodes, updates, mems)
        self.puzzles = puzzles

    def __reduce__(self):
        return type(self), (self.puzzles, self.nodes, self.updates, self.mems)


def solve_piece(command, text, settings, budget):
    """Run the command's solve_text on one piece within the budget (its deadline also
    interrupts parsing and building), catching what it raises."""
    began = time.perf_counter()
    if budget.estimate is not None:
        budget.estimate.begin(began)
    try:
        with deadline_alarm(budget, began):
            answer = puzzle_module(command).solve_text(text, **settings, budget=budget)
    except OutOfMemory as exc:  # a fresh one: this one holds what the search held
        return Piece(problem=OutOfMemory(exc.doing, exc.memo),
                     seconds=time.perf_counter() - began, spent=budget.spent)
    except DlxError as exc:
        return Piece(problem=_counted(command, text, settings, exc),
                     seconds=time.perf_counter() - began, spent=budget.spent)
    except MemoryError:  # outside every search (the queries say their own)
        return Piece(problem=OutOfMemory(OutOfMemory.BUILDING),
                     seconds=time.perf_counter() - began, spent=budget.spent)
    except KeyboardInterrupt as stop:  # Ctrl-C, SIGTERM: the figures so far go with it
        stop.piece = Piece(seconds=time.perf_counter() - began, spent=budget.spent)
        raise
    estimate = None if budget.estimate is None else budget.estimate.estimate
    return Piece(answer, seconds=time.perf_counter() - began, estimate=estimate)


def _counted(command, text, settings, problem):
    """A time limit that stopped a piece of a split input outside its searches (while
    parsing, say) as a NotTried counting the piece's puzzles; any other problem as it
    is."""
    puzzles_in = getattr(puzzle_module(command), "puzzles_in", None)
    if puzzles_in is None or not isinstance(problem, TimeLimitExceeded):
        return problem
    count, first = puzzles_in(text, **settings)
    if not count:
        return problem
    return NotTried(Unsolved([], "time limit", count, count=0, first_untried=first),
                    problem.nodes, problem.updates, problem.mems)


def _solve_task(command, text, settings, budget):
    """Pool entry point."""
    return solve_piece(command, text, settings, budget)


def pieces(job, budget):
    """(piece text, lines before it) for every piece of the job's input, read as they
    are needed: by the puzzle module's split_lines if it has one, else the whole text
    (bytes that are not UTF-8 decoded as the module's UNDECODABLE says, if it has one).
    Running out of memory while reading ends them with an OutOfMemoryReading that names
    the input and the line from which it was not read (the pieces before it stand)."""
    following = None  # the first line after the pieces read, once there are any
    try:
        for text, before in _read_pieces(job, budget):
            yield text, before
            following = _line_after(text, before)
    except MemoryError:  # raised below, once this handler lets go of what was read
        pass
    else:
        return
    raise OutOfMemoryReading(job.source.name, following)


def _line_after(text, before):
    """The number of the first line after a piece `text` with `before` lines before it."""
    return before + text.count("\n") + 1


def _read_pieces(job, budget):
    """`pieces`, without a word about memory."""
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
        job.started(limits)
        if job.problem is not None:
            continue
        try:
            yield from _job_work(job, job.budget)
        except DlxError as exc:
            yield job, exc, 0


def _job_work(job, budget):
    """(job, piece text, lines before) for the job's pieces, until its time limit has
    passed; then, if its module counts puzzles (`puzzles_in`), the rest of its input is
    not solved, and one (job, NotTried, 0) counts it, if there is any."""
    puzzles_in = getattr(puzzle_module(job.command), "puzzles_in", None)
    reading = pieces(job, budget)
    following = 1  # the first line after the pieces handed out
    try:
        for text, before in reading:
            if job.kept is not None:
                job.kept.append(text)
            yield job, text, before
            job.read_on()
            following = _line_after(text, before)
            if puzzles_in and job.expired():
                rest = _rest(job, reading, budget, following, puzzles_in)
                if rest is not None:
                    yield job, rest, 0
                return
    except TimeLimitExceeded:
        if following == 1 or not puzzles_in:
            raise  # nothing handed out: the input as a whole was stopped
        yield job, NotTried(Unsolved([], "time limit", count=0, unread_from=following)), 0
    finally:
        job.read_through()


def _rest(job, reading, budget, line, puzzles_in):
    """The NotTried of the pieces of `reading` left after the time limit, from `line`
    on (None if there are none), their puzzles counted with `puzzles_in`: a regular
    file is read on to its end (MAX_INPUT_BYTES at most); anything else (stdin, a pipe,
    which may never end) only as far as it comes within UNREAD_GRACE seconds, and the
    message names the line from which it was not read."""
    budget.deadline = None if is_regular(job.source) else time.perf_counter() + UNREAD_GRACE
    untried, first = 0, None
    try:
        for text, before in reading:
            count, start = puzzles_in(text, **job.settings)
            if first is None and start is not None:
                first = before + start
            untried += count
            line = before + text.count("\n") + 1
        line = None  # read to the end
    except DlxError:  # the grace is over, or the input is too big or unreadable
        pass
    if not untried and line is None:
        return None
    return NotTried(Unsolved([], "time limit", untried, count=0, first_untried=first,
                             unread_from=line))


def solved_pieces(jobs, limits, processes=1, ui=None, on_chunk=None):
    """Yield (job, lines before, Piece) for every piece of every job, in input order
    (Piece None: a job's first piece is next, see `_sequential`), solving on
    `processes` worker processes (1: in this process, with live progress).
    One input that comes in one piece (a single puzzle, or a file of few) has its
    searches split over the processes instead (a count, a list, a maximize cut into
    subproblems; a first solution or --unique raced: dlxcli.parallel), and so has every
    piece when `limits` carry a Split already, or when `on_chunk(job, text)` is to see
    the output that pieces write as they go (see `_streams`)."""
    if processes > 1 and limits.split is None and (
            len(jobs) == 1 and not _splits(jobs[0])
            or on_chunk is not None and any(map(_streams, jobs))):
        limits, processes = limits.split_over(processes), 1
    work = _work(jobs, limits)
    if processes > 1 and limits.split is None and len(jobs) == 1:
        work, pieces_ahead = _ahead(work, 2)
        if pieces_ahead < 2:
            limits, processes = limits.split_over(processes), 1
    if processes > 1 and limits.split is None:
        return _parallel(work, limits, processes)
    return _sequential(work, limits, ui, on_chunk)


def _ahead(work, count):
    """(the same work, how many of its first `count` items there are): those items are
    read now (the pieces of an input: how many there are decides where they are
    solved)."""
    first = []
    for item in work:
        first.append(item)
        if len(first) == count:
            break
    return chain(first, work), len(first)


def _splits(job):
    """Whether the job's input may come in several pieces."""
    return job.problem is None and hasattr(puzzle_module(job.command), "split_lines")


def _streams(job):
    """Whether the job lists solutions (--all), written as they are found: only a
    piece solved in this process can write them as it goes (a pool's worker would hold
    them all), so its pieces are solved here, each search split over the processes."""
    return job.settings.get("query") == "all"


def _emitter(on_chunk, job):
    """The budget's `emit` for a piece of `job`: on_chunk(job, text); None without."""
    if on_chunk is None:
        return None

    def emit(text):
        on_chunk(job, text)
    return emit


def _sequential(work, limits, ui, on_chunk=None):
    """Solve each piece here. Before the first piece of each job, (job, 0, None) says
    that the jobs before it are done: their outcomes are then written before this job
    writes anything of its own as it goes (on_chunk)."""
    started = None
    for job, text, before in work:
        first = job is not started
        if first:
            started = job
            yield job, 0, None
        if isinstance(text, DlxError):
            yield job, before, Piece(problem=text)
            continue
        ui.begin(job.source.name)
        budget = limits.budget(job.began, ui.search, _emitter(on_chunk, job), first)
        yield job, before, solve_piece(job.command, text, job.settings, budget)


def _parallel(work, limits, processes):
    """Solve on a pool (dlxcli.pool: it stops whatever signal ends the run). A worker
    that dies takes only its piece down: that piece gets the error."""
    queued = []  # at most IN_FLIGHT * processes: a list (collections costs start-up)
    started = None
    with WorkerPool(processes) as pool, waiting_with(pool.poll):
        for job, text, before in work:
            first, started = job is not started, job
            if isinstance(text, DlxError):
                queued.append((job, before, Piece(problem=text)))
            else:
                budget = limits.budget(job.began, first=first)
                on_send, on_done = job.queued(budget)
                queued.append((job, before, pool.submit(
                    _solve_task, job.command, text, job.settings, budget,
                    on_send=on_send, on_done=on_done)))
            while len(queued) >= IN_FLIGHT * processes:
                yield _piece_of(pool, *queued.pop(0))
        while queued:
            yield _piece_of(pool, *queued.pop(0))


def _piece_of(pool, job, before, queued):
    """(job, before, Piece) of a queued piece: known already, or the pool's."""
    if isinstance(queued, Piece):
        return job, before, queued
    try:
        return job, before, pool.result(queued)
    except WorkerDied as exc:
        return job, before, Piece(problem=exc)
    except MemoryError:  # the piece could not be pickled for its worker
        return job, before, Piece(problem=OutOfMemory(OutOfMemory.SENDING))


# -- one input's outcome ----------------------------------------------------------------

class Outcome:
    """What one input produced, gathered piece by piece: a `verdict` (a key of
    VERDICT_STATUS), the `messages` for stderr (and its `notes`, shown unless -q: no
    error, see puzzles.Answer), the `stats`, and, when asked to keep
    them, the judge-format `text` and the answer's `data` (list values of the pieces'
    data concatenate, so the shape does not depend on the input's size). `preview` is
    the text of its first piece that printed any, and `answer_lines` counts the lines
    of every piece's text, for summary tables (which never keep a whole answer)."""

    __slots__ = ("name", "verdict", "messages", "notes", "stats", "text", "data", "preview",
                 "answer_lines", "estimate", "_keep", "_texts", "_unanswered", "_limited")

    def __init__(self, name, keep=False, problem=None):
        self.name, self._keep = name, keep
        self.verdict, self.messages, self.notes, self.stats = "answered", [], [], Stats()
        self.estimate = None
        self.text, self.data, self.preview, self.answer_lines = "", {}, None, 0
        self._texts, self._unanswered, self._limited = [], {}, None
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
            self._problem(piece.problem, before, piece.spent)
            return
        if piece.estimate is not None:
            self._estimated(before, piece)
            return
        answer = piece.answer
        self.stats.add(answer.stats, seconds=False)  # piece.seconds holds them
        if not self.preview:
            self.preview = answer.text
        self.answer_lines += answer.text.count("\n")
        if self._keep:
            self._texts.append(answer.text)
            self._join(answer.data)
        self.messages.extend(str(error.located(self.name, before)) for error in answer.errors)
        self.notes.extend(f"{self.name}: {note}" for note in answer.notes)
        if answer.errors:
            self._worsen("error")
        if answer.failure is not None:
            self._unanswered_puzzles(answer.failure.shifted(before), "no answer")
        for limited in answer.limited:
            self._unanswered_puzzles(limited.shifted(before), limited.reason)

    def _estimated(self, before, piece):
        """Take a piece estimated, not searched (--estimate): its estimate and the
        errors of its input; verdict "estimated"."""
        self.estimate = piece.estimate if self.estimate is None else self.estimate.add(
            piece.estimate)
        answer = piece.answer
        self.messages.extend(str(error.located(self.name, before)) for error in answer.errors)
        if answer.errors:
            self._worsen("error")
        for limited in answer.limited:  # a time limit before its searches were probed
            self._unanswered_puzzles(limited.shifted(before),
                                     self._unestimated(limited.reason))
        if self.verdict == "answered":
            self.verdict = "estimated"

    def _unestimated(self, verdict):
        """The verdict of puzzles a limit left without an estimate: once the input has
        probes, a time limit only cuts the estimate short (it is printed, exit status
        0: docs/queries.md), and the puzzles are named; before that, the limit's."""
        estimate = self.estimate
        if verdict != "time limit" or estimate is None or not estimate.probes:
            return verdict
        from ..estimate import TIME_LIMIT
        estimate.cut = TIME_LIMIT
        return "estimated"

    def _unanswered_puzzles(self, unsolved, verdict):
        """Note puzzles without an answer (named together, by reason, at the end)."""
        self._unanswered.setdefault(unsolved.reason, []).append(unsolved)
        self._worsen(verdict)

    def interrupted(self, piece):
        """Take the figures of the piece that Ctrl-C (or SIGTERM) stopped (-v)."""
        self.stats.seconds += piece.seconds
        self.stats.add(piece.spent, seconds=False)

    def _problem(self, problem, before, spent=None):
        """Take a piece's DlxError; `spent`: what its searches cost before it (None:
        the counts a SearchLimit carries, from a piece stopped before its budget)."""
        if isinstance(problem, (InputError, OutOfMemory)):  # where in the input
            self.messages.append(str(problem.located(self.name, before)))
            self._worsen("error")
        elif isinstance(problem, SearchLimit):
            if spent is None:
                spent = Stats(problem.nodes, problem.updates, mems=problem.mems)
            self.stats.add(spent, seconds=False)
            verdict = self._unestimated(problem.verdict)
            if isinstance(problem, NotTried):
                self._unanswered_puzzles(problem.puzzles.shifted(before), verdict)
            elif self._limited is None:
                self._limited = problem
                self.messages.append(f"{self.name}: {problem}")
            self._worsen(verdict)
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
        for parts in self._unanswered.values():
            self.messages.append(f"{self.name}: {Unsolved.joined(parts)}")
        self.text = "".join(self._texts)
        return self


def solve_jobs(jobs, limits, processes=1, ui=None, keep=False, on_piece=None,
               on_chunk=None):
    """Yield (job, Outcome) for every job in order, as soon as its last piece is in.
    `on_piece(job, piece)` sees each piece as it comes (the writer prints its answer
    then); `on_chunk(job, text)`, output a piece writes while it is solved (each
    solution of --all as it is found: puzzles.Output), before its piece comes; `keep`
    keeps each outcome's whole text and data (for JSON and judging: then nothing is
    written as it goes, whatever on_chunk)."""
    ui.start(len(jobs))
    stream = solved_pieces(jobs, limits, processes, ui, None if keep else on_chunk)
    waiting = iter(jobs)
    current = outcome = None
    try:
        for job, before, piece in stream:
            while job is not current:
                if current is not None:
                    yield current, _finished(outcome, ui)
                current = next(waiting)
                outcome = Outcome(current.source.name, keep, current.problem)
            if piece is None:
                continue
            outcome.add(before, piece)
            if on_piece is not None:
                on_piece(job, piece)
        if current is not None:
            yield current, _finished(outcome, ui)
        for job in waiting:
            yield job, _finished(Outcome(job.source.name, keep, job.problem), ui)
    except KeyboardInterrupt as stop:
        # the input under way, with the figures of its piece that was stopped (-v)
        piece = getattr(stop, "piece", None)
        if outcome is not None and piece is not None:
            outcome.interrupted(piece)
        stop.outcome = outcome
        raise
    finally:
        stream.close()  # stops a worker pool at once


def _finished(outcome, ui):
    ui.finished(outcome.name, outcome.stats.nodes)
    return outcome.finish()
