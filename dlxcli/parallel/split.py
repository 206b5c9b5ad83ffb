"""One search split over local processes or a Dask cluster, resumable from a checkpoint.

Layer: above exact_cover, under the puzzles (a library module: no click, no terminal).
`ExactCover.count`, `solutions` (all of them) and `maximize` come here when their
Budget carries a `Split` (the strategy object they call: exact_cover never imports
this module):

1. `ExactCover.frontier` cuts the search into subproblems, option prefixes in the
   order the search visits them (`subproblems_wanted`: about PER_WORKER per worker),
   the largest estimated ones cut first;
2. this process solves the first ones itself for `Split.probe` seconds: a search that
   ends by then never starts a worker (so a small one costs what it costs alone);
3. the rest go to a pool of `Split.jobs` - 1 processes, this process searching beside
   them (so `jobs` processes search, and between the slices of its own search it
   hands its workers more), or to the Dask cluster at `Split.scheduler`, a few per
   worker at a time;
4. the answers are merged in subproblem order, so that the result is the sequential
   search's whatever the number of workers: counts add up; solutions come in order;
   the best weight wins, ties going to the earliest subproblem (see `maximize`).

`count_each` counts several problems as one such search: their searches weighed,
dealt out heaviest first as tasks, a heavy one cut by its own frontier (`Deal`).

With `Split.checkpoint`, every finished subproblem is appended to a file (`Checkpoint`)
and a rerun of the same search skips those: Ctrl-C, then the same command, gives the
total an uninterrupted run gives.

What reaches a worker is a `Search`: the problem's constructor arguments and the
query; the worker builds the problem once (`_problem`) and solves subproblem after
subproblem with the sequential queries. Dask is imported only for a scheduler address.
"""

from __future__ import annotations

import _thread
import collections
import contextlib
import os
import time

from . import learner_cut, strategies
from .errors import DlxError, NodeLimitExceeded, SearchLimit, TimeLimitExceeded
from .exact_cover import Budget, ExactCover, Stats
from .files import NotRegularFile, open_regular
from .pool import WorkerPool, processes_for, usable_cores

TYPE_CHECKING = False  # typing costs start-up time: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from typing import Any, Optional, Union

    Solution = list[int]
    Definition = tuple[int, int, Sequence[Sequence[int]], Optional[Sequence[float]],
                       Optional[Sequence[Sequence[int]]]]
    Value = Union[int, Optional[list[Solution]], Optional[tuple[float, Solution]]]
    """A query's answer on a subproblem: a count, the solutions, the best."""
    Cut = list[tuple[tuple[int, ...], float]]

PER_CORE = 4
"""The most local processes per usable core a Split takes (the command line's --jobs
takes one per core: `cli._run.processes`)."""
MAX_OPEN = 1 << 16
"""The most subproblems a search is cut into, whatever the number of workers (PER_WORKER
for 2,048 of them): a frontier grows with it, and so does the time to cut it."""
PER_WORKER = 32
"""Subproblems per worker: enough that unequal subtrees even out between workers. (16
left one piece of the 6x10 pentomino count with 6% of its nodes on 16 workers; with
32, cut largest estimate first, the largest has 2.4%: bench_parallel.py --simulate.)"""
MIN_SUBPROBLEMS = 128
"""Subproblems however few the workers: cut into 64 for 2 workers, the pentomino count
had a piece of 14%, which, handed out last, kept one worker busy alone (1.75x)."""
PROBE_SECONDS = 0.1
"""How long this process searches alone before starting workers (DLXCLI_SPLIT_PROBE):
more than starting a pool costs, little next to a search worth splitting."""
TICK = 0.2
"""Seconds between looks at the time limit and the progress display while waiting."""
CONNECT_SECONDS = 10
"""How long to wait for a Dask scheduler to answer, and for it to have a worker."""
LISTED = 1000
"""The most solutions a subproblem hands back when they are all listed: one that has
more answers None (its search stopped there, its cost not counted), and this process
searches it again when its turn comes, each solution handed on as it is found. So the
subproblems finished ahead of their turn hold at most LISTED solutions each, and an
unbounded list streams in flat memory (see `solutions`)."""


class Split:
    """How to split a search.

    jobs        local processes (None: one per usable core; at most PER_CORE per
                core: more only take turns, and each is a Python process)
    scheduler   the address of a Dask scheduler (tcp://HOST:PORT): the subproblems go
                to its workers instead
    checkpoint  a file path: finished subproblems are appended there, and found there
                again when the same search is run again
    probe       seconds this process solves subproblems itself before starting local
                workers (default DLXCLI_SPLIT_PROBE or PROBE_SECONDS; 0 with a
                scheduler); with jobs == 1 and no scheduler it solves all of them
    notice      a function given a line to show the user while the search waits
                (for a cluster's first worker), or None

    `checkpointed` says whether a search took up the checkpoint: one that is not
    split (a first solution) does not, and the command line says so.
    """

    __slots__ = ("jobs", "scheduler", "checkpoint", "probe", "notice", "checkpointed")

    def __init__(self, jobs: Optional[int] = None, scheduler: Optional[str] = None,
                 checkpoint: Optional[Union[str, os.PathLike[str]]] = None,
                 probe: Optional[float] = None,
                 notice: Optional[Callable[[str], object]] = None) -> None:
        self.jobs = min(processes_for(jobs), PER_CORE * usable_cores())
        self.scheduler, self.checkpoint, self.notice = scheduler, checkpoint, notice
        if probe is None:
            probe = 0.0 if scheduler else _probe_from_environment()
        self.probe = probe
        self.checkpointed = False

    @property
    def alone(self) -> bool:
        """Whether this process solves every subproblem itself: a single local job.
        (With a scheduler, the subproblems go to its workers whatever `jobs` says.)"""
        return self.jobs == 1 and not self.scheduler

    # The strategy's side of exact_cover.Budget.split: the queries hand their search
    # here, and the subproblems call the queries back without a split.

    @property
    def holds_one_search(self) -> bool:
        """Whether the split keeps one search only (a checkpoint holds one): the
        searches of several problems are then not dealt out together (`count_each`)."""
        return bool(self.checkpoint)

    def count(self, problem: ExactCover, **query: Any) -> int:
        return count(problem, **query)

    def count_each(self, problems: Sequence[ExactCover], **query: Any) -> list[int]:
        return count_each(problems, **query)

    def solutions(self, problem: ExactCover, **query: Any) -> Iterator[Solution]:
        return solutions(problem, **query)

    def maximize(self, problem: ExactCover,
                 **query: Any) -> Optional[tuple[float, Solution]]:
        return maximize(problem, **query)

    def race(self, problem: ExactCover, strategy: Any,
             **query: Any) -> Optional[list[Solution]]:
        return race(problem, strategy, **query)


def _probe_from_environment():
    text = os.environ.get("DLXCLI_SPLIT_PROBE", "").strip()
    if not text:
        return PROBE_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not seconds >= 0:
        raise DlxError(f"DLXCLI_SPLIT_PROBE must be a number of seconds >= 0, not {text!r}")
    return seconds


class Search:
    """One query of one problem, as the workers get it (picklable); `digest` names it
    in a checkpoint. `plain`: the problem counts plainly (ExactCover.count_plainly),
    and so do the workers' copies (not part of the digest: the counts are the same)."""

    __slots__ = ("definition", "query", "forced", "first_item", "limit", "node_limit",
                 "digest", "plain")
    PROBE_LAST = False
    """Whether this process's probe takes the last subproblems (`_solved`)."""

    def __init__(self, definition: Definition, query: str, forced: Sequence[int] = (),
                 first_item: bool = False, limit: Optional[int] = None,
                 node_limit: Optional[int] = None, plain: bool = False) -> None:
        self.definition, self.query = definition, query
        self.forced, self.first_item = list(forced), bool(first_item)
        self.limit, self.node_limit, self.plain = limit, node_limit, plain
        self.digest = _digest(definition, query, self.forced, self.first_item, limit)

    def cut(self, problem: ExactCover, min_open: int, stats: Stats, budget: Budget) -> Cut:
        """The search cut into subproblems (`ExactCover.frontier`)."""
        return problem.frontier(min_open=min_open, forced=self.forced,
                                first_item=self.first_item, maximize=self.query == "maximize",
                                stats=stats, budget=budget)

    def answer(self, problem: ExactCover, prefix: Sequence[int], budget: Budget, stats: Stats,
               floor: Optional[int] = None) -> Value:
        """The query on the subproblem under `prefix`, run here (`floor`: see Bound)."""
        forced = self.forced + list(prefix)
        if self.query == "count":
            return problem.count(forced=forced, first_item=self.first_item, budget=budget,
                                 stats=stats)
        if self.query == "all":
            return _listed(problem, forced, self.first_item, self.limit, budget, stats)
        return problem.maximize(forced=forced, first_item=self.first_item, budget=budget,
                                stats=stats, floor=floor)


def _listed(problem, forced, first_item, limit, budget, stats):
    """The solutions of a subproblem (at most `limit`), or None if it has more than
    LISTED: then its cost is not added into `stats` either (the search is made again)."""
    own = Stats()
    cap = LISTED + 1 if limit is None else min(limit, LISTED + 1)
    found = list(problem.solutions(forced=forced, first_item=first_item, limit=cap,
                                   budget=budget, stats=own))
    if len(found) > LISTED:
        return None
    stats.add(own)
    return found


def _digest(definition, query, forced, first_item, limit):
    """A SHA-256 of the problem and the query: what a checkpoint must match."""
    import hashlib
    n_primary, n_secondary, options, weights, colors = definition
    digest = hashlib.sha256(f"dlxcli search 1\n{n_primary} {n_secondary}\n".encode())
    for option in options:
        digest.update((" ".join(map(str, option)) + "\n").encode())
    weights = None if weights is None else list(weights)
    digest.update(f"{weights}\n{query} {forced} {first_item} {limit}\n".encode())
    if colors is not None:
        for option_colors in colors:
            digest.update((" ".join(map(str, option_colors)) + "\n").encode())
    return digest.hexdigest()


class Done:
    """A finished subproblem: its index in the frontier, the query's answer on it, what
    it cost, and which process solved it (host/pid: if a machine turns out faulty, the
    subtotals it computed can be found and redone)."""

    __slots__ = ("index", "value", "stats", "worker")

    def __init__(self, index: int, value: Any, stats: Stats,
                 worker: Optional[str] = None) -> None:
        self.index, self.value, self.stats = index, value, stats
        self.worker = worker or f"{os.uname().nodename}/{os.getpid()}"


# -- the three queries -------------------------------------------------------------------

def count(problem: ExactCover, *, forced: Sequence[int] = (), first_item: bool = False,
          budget: Budget, stats: Optional[Stats] = None) -> int:
    """The number of solutions: the subproblems' counts added up. The subproblems
    this process solves share one memo, kept from one to the next (a state's count
    does not depend on the path to it: docs/engine.md, "Counting with a memo"), as
    do those each worker solves (`_problem`)."""
    search = Search(problem.definition, "count", forced, first_item,
                    node_limit=budget.node_limit, plain=problem.plain_counts)
    problem.solver.keep_memo(True)
    try:
        return sum(done.value for done in _finished(problem, search, budget, stats))
    finally:
        problem.solver.keep_memo(False)


def solutions(problem: ExactCover, *, forced: Sequence[int] = (), first_item: bool = False,
              limit: Optional[int] = None, budget: Budget,
              stats: Optional[Stats] = None) -> Iterator[Solution]:
    """Yield the solutions in the sequential search's order, at most `limit` of them:
    each subproblem's in turn, as soon as those before it are finished. (limit=1 is
    the first solution: that of the first subproblem that has one.)

    A subproblem with more than LISTED solutions is searched again here when its turn
    comes, its solutions yielded as they are found (`_relisted`); meanwhile the
    workers finish what they have in hand and get nothing new. The subproblems waiting
    for their turn are at most those of the frontier, LISTED solutions each."""
    search = Search(problem.definition, "all", forced, first_item, limit, budget.node_limit)
    waiting, next_index, given = {}, 0, 0
    for done in _finished(problem, search, budget, stats):
        waiting[done.index] = done.value
        while next_index in waiting:
            for solution in waiting.pop(next_index):
                yield solution
                given += 1
                if given == limit:
                    return
            next_index += 1


def maximize(problem: ExactCover, *, forced: Sequence[int] = (), first_item: bool = False,
             budget: Budget, stats: Optional[Stats] = None) -> Optional[tuple[float, Solution]]:
    """(best weight, a solution with it), or None: what the sequential branch and bound
    returns, which is the first solution of the largest weight in its order.

    Why: before that solution, the best weight found is smaller than its weight W,
    and every node above it has a bound of at least W, so none of them is pruned and
    the search reaches it; after it, only a strictly heavier solution could replace it.
    The same holds in each subproblem, which is searched in the same order: so the
    merge keeps the best weight, and among subproblems that reach it the earliest.
    Subproblems share the bound without changing that (see Bound)."""
    search = Search(problem.definition, "maximize", forced, first_item,
                    node_limit=budget.node_limit)
    best = None
    for done in sorted(_finished(problem, search, budget, stats), key=_index):
        if done.value is not None and (best is None or done.value[0] > best[0]):
            best = done.value
    return best


def _index(done):
    return done.index


# -- the counts of several problems dealt out as one set of tasks ---------------------------

DEAL_DEPTH = 3
"""How deep a deal opens each problem's search to weigh it: its nodes at this depth
(bounded by DEAL_OPEN). Knuth's 12 pentacubes in 3x4x5, 45 parts: weighed so, the
parts dealt largest first to 2 or 4 processes load them as evenly as their true sizes
would (docs/parallel.md, "Counts of several problems")."""
DEAL_OPEN = 1 << 12
"""The most subproblems a deal's weighing of one problem opens."""
DEAL_CUT_DEPTH = 24
"""How deep a deal cuts a heavy problem at most. Where the search does not branch (a
board of 10,000 monominoes: one option a cell) the cut would open the chain a node at
a time, each started from the root, to its end: 19 of 22 s of `pack --count --jobs
2` there (attack-deal), for no subproblem more."""


def count_each(problems: Sequence[ExactCover], *, budget: Budget,
               stats: Optional[Stats] = None) -> list[int]:
    """The number of solutions of each problem, their searches dealt out as one split
    search: each problem a task, or, where its weight (`_deal_cut`) is over 1/wanted
    of the whole (`subproblems_wanted`), cut into subproblems by its own frontier;
    the tasks handed out the heaviest first, this process's probe taking the lightest.
    So the parts of a symmetry breaking are searched apart (no colours: the engine
    cuts a dead end's covering short) on every process, where one problem of all the
    parts would be split with colours. One problem is the split search itself
    (`count`). Not with a checkpoint, which holds one search."""
    if budget.split is None or budget.split.holds_one_search:
        raise ValueError("count_each deals over a Split without a checkpoint (which holds "
                         "one search)")
    if len(problems) == 1:
        return [count(problems[0], budget=budget, stats=stats)]
    deal = Deal([problem.definition for problem in problems], budget.node_limit,
                [problem.plain_counts for problem in problems])
    counts = [0] * len(problems)
    for problem in problems:
        problem.solver.keep_memo(True)
    try:
        for done in _finished(problems, deal, budget, stats):
            part, value = done.value
            counts[part] += value
    finally:
        for problem in problems:
            problem.solver.keep_memo(False)
    return counts


class Deal:
    """The counts of several problems as the workers get them (picklable): the
    definition of each; a task is (part, prefix), the subproblem under `prefix` of
    problem `part`, and its answer (part, count). `digest` names this deal alone, at
    random (for a worker's `_problem`: no checkpoint holds a deal, and a SHA-256 of
    the problems took 0.2 s of the 3x4x5 pentacubes' 45 parts, before any search).
    `plain`: which problems count plainly (ExactCover.count_plainly)."""

    __slots__ = ("definitions", "query", "node_limit", "digest", "plain")
    PROBE_LAST = True

    def __init__(self, definitions: Sequence[Definition], node_limit: Optional[int],
                 plain: Sequence[bool]) -> None:
        self.definitions, self.query, self.node_limit = list(definitions), "count", node_limit
        self.plain = list(plain)
        self.digest = os.urandom(16).hex()

    def cut(self, problems: Sequence[ExactCover], min_open: int, stats: Stats,
            budget: Budget) -> list[tuple[tuple[int, Sequence[int]], float]]:
        return _deal_cut(problems, min_open, stats, budget)

    def answer(self, problems: Sequence[ExactCover], task: tuple[int, Sequence[int]],
               budget: Budget, stats: Stats, floor: Optional[int] = None) -> tuple[int, Value]:
        part, prefix = task
        return part, problems[part].count(forced=list(prefix), budget=budget, stats=stats)


class Parts:
    """A worker's problems of a Deal, each built when a task first needs it."""

    def __init__(self, deal: Deal, keep_memo: bool) -> None:
        self.deal, self.keep_memo = deal, keep_memo
        self.built: dict[int, ExactCover] = {}

    def __getitem__(self, part: int) -> ExactCover:
        problem = self.built.get(part)
        if problem is None:
            problem = _built_problem(self.deal.definitions[part], self.keep_memo,
                                     self.deal.plain[part])
            self.built[part] = problem
        return problem


def _deal_cut(problems, wanted, stats, budget):
    """The tasks of a deal, [((part, prefix), share)], the heaviest first (ties in
    order). A problem's weight is its nodes at DEAL_DEPTH, whose count in no way
    depends on the machine (so the deal is the same on every run; weighing is not
    searching: its nodes are not counted); a problem of more than 1/`wanted` of the
    whole weight is cut into as many subproblems as it has such shares, within
    DEAL_CUT_DEPTH levels (its frontier's nodes go into `stats`), each weighing its
    share of it; the others are a task each. A task's share is its weight over the
    whole."""
    weights = []
    for problem in problems:
        budget.check()
        weights.append(len(problem.frontier(depth=DEAL_DEPTH, min_open=DEAL_OPEN)))
    whole = sum(weights) or 1
    tasks = []
    for part, (problem, weight) in enumerate(zip(problems, weights)):
        pieces = weight * wanted // whole
        if pieces <= 1:
            tasks.append(((part, ()), weight / whole))
            continue
        for prefix, share in problem.frontier(depth=DEAL_CUT_DEPTH, min_open=pieces,
                                              stats=stats, budget=budget):
            tasks.append(((part, prefix), weight * share / whole))
    tasks.sort(key=_lighter)
    return tasks


def _lighter(task):
    return -task[1]


# -- running the subproblems ------------------------------------------------------------------

def _finished(problem, search, budget, stats):
    """Yield every subproblem as a Done, in the order they finish: those a checkpoint
    holds first, then those this process solves, then the workers'. Adds the whole
    search's costs into `stats` (nodes: those of the whole tree; seconds: this run's).
    A split search is DLX's under every --reason: the subproblems are its branches, and
    their answers add up to its answer in its order (docs/engine.md, "Reasoning beyond
    singles")."""
    budget = budget.reasoning("singles")
    split = budget.split
    began = time.perf_counter()
    spent = Stats()
    workers = checkpoint = None
    try:
        if split.checkpoint:
            checkpoint = Checkpoint(split.checkpoint, search, problem)
            split.checkpointed = True
        if split.scheduler:
            workers = Cluster(search, split.scheduler, split.notice, budget)
        n_workers = workers.size if workers else split.jobs
        min_open = (checkpoint.min_open if checkpoint and checkpoint.min_open
                    else subproblems_wanted(n_workers))
        cut = search.cut(problem, min_open, spent, budget)
        tally = Tally(cut, budget, spent, search.node_limit, search.query == "maximize")
        if checkpoint:
            checkpoint.begin(cut, min_open)
        for done in (checkpoint.done.values() if checkpoint else ()):
            budget.tally(None, done.stats)
            tally.add(done, resumed=True)
            yield _relisted(done, problem, search, cut, budget, tally)
        pending = [k for k in range(len(cut)) if not (checkpoint and k in checkpoint.done)]
        with contextlib.closing(_solved(problem, search, cut, pending, budget, tally,
                                        workers, search.PROBE_LAST)) as solved:
            for done in solved:
                _keep(done, checkpoint, cut, tally)
                yield _relisted(done, problem, search, cut, budget, tally)
    except SearchLimit as stopped:
        stopped.counted(spent)  # the whole search's counts, not only one subproblem's
        raise
    finally:
        _closed(workers, checkpoint, stats, spent, began)


def _solved(problem, search, cut, pending, budget, tally, workers, probe_last=False):
    """Yield the `pending` subproblems of `cut` as they are finished: those this
    process solves first, for the split's probe seconds (the last ones with
    `probe_last`: the smallest of a deal), then the rest farmed out to `workers`, or to
    local processes (this one searching beside them) where that is None."""
    split = budget.split
    order = pending[::-1] if probe_last else pending
    yield from _solve_here(problem, search, cut, order, budget, split, tally)
    pending = pending[:len(pending) - tally.here] if probe_last else pending[tally.here:]
    if pending:
        here = None
        if workers is None:  # local: this process is one of the jobs
            workers = Processes(search, min(split.jobs - 1, len(pending)))
            here = _solver_here(problem, search, cut, budget, tally)
        try:
            yield from _farm(workers, cut, pending, budget, tally, here, probe_last)
        finally:
            if here is not None:
                workers.close()


def _closed(workers, checkpoint, stats, spent, began):
    """What a split search does however it ends: its workers let go, its checkpoint
    closed, its costs (with this run's seconds) added into `stats`."""
    if workers is not None:
        workers.close()
    if checkpoint is not None:
        checkpoint.close()
    spent.seconds = time.perf_counter() - began
    if stats is not None:
        stats.add(spent)


def subproblems_wanted(n_workers: int) -> int:
    """How many subproblems that can still branch a search is cut into for `n_workers`
    (ExactCover.frontier's `min_open`)."""
    return min(max(PER_WORKER * n_workers, MIN_SUBPROBLEMS), MAX_OPEN)


def _keep(done, checkpoint, cut, tally):
    """Record a subproblem just finished: in the checkpoint, then in the tally (which
    may raise NodeLimitExceeded: the subproblem is kept all the same)."""
    if checkpoint:
        checkpoint.record(done, cut[done.index][0])
    tally.add(done)


def _relisted(done, problem, search, cut, budget, tally):
    """`done` as it is; or, for a subproblem with too many solutions to list (`_listed`
    gave None), its solutions searched again here as they are wanted: a generator that
    starts the search only when its turn comes, which is while the search's other
    work here waits (`_finished` is not resumed before it is over), so that it has
    this process's solver to itself. Its cost goes into the tally's."""
    if search.query != "all" or done.value is not None:
        return done
    forced = search.forced + list(cut[done.index][0])
    found = problem.solutions(forced=forced, first_item=search.first_item,
                              budget=budget.until(None, tally.reporter(0.0)),
                              stats=tally.spent)
    return Done(done.index, found, done.stats, done.worker)


def _solve_here(problem, search, cut, pending, budget, split, tally):
    """Solve pending subproblems in this process, in order: for `split.probe` seconds
    (then the one under way is dropped and left to the workers), or all of them when
    it is alone (a single local job). Each one's progress shows as part of the whole."""
    until = None if split.alone else time.perf_counter() + split.probe
    for k in pending:
        if until is not None and time.perf_counter() >= until:
            return
        try:
            done = _solve_one(problem, search, cut, k, budget, until, tally)
        except TimeLimitExceeded:
            budget.check(tally.nodes)
            return  # the probe's time is up, not the search's
        tally.here += 1
        yield done


def _solve_one(problem, search, cut, k, budget, until, tally, between=None):
    """Subproblem k solved in this process, its progress shown as part of the whole
    (TimeLimitExceeded at `until` as at the search's deadline); `between()`, if given,
    is called between the slices of its search too."""
    prefix, share = cut[k]
    stats = Stats()
    progress = tally.reporter(share)
    if between is not None:
        progress = _after(between, progress)
    value = search.answer(problem, prefix, budget.until(until, progress), stats,
                          tally.bound.floor())
    return Done(k, value, stats)


def _after(first, progress):
    """A progress callback that calls `first()` before `progress`."""
    def both(fraction, nodes, solutions):
        first()
        progress(fraction, nodes, solutions)
    return both


def _solver_here(problem, search, cut, budget, tally):
    """A function solving subproblem k in this process, for `_farm` (given the
    function to call between the slices of its search)."""
    def solve(k, between):
        return _solve_one(problem, search, cut, k, budget, None, tally, between)
    return solve


def _farm(workers, cut, pending, budget, tally, here=None, here_last=False):
    """Yield the pending subproblems as they are finished. They are handed out in
    order, at most two per worker waiting at a time; with `here` (a function solving
    subproblem k in this process), this process takes the next one itself (the last
    one with `here_last`: a deal's lightest) whenever no worker has one finished, so
    that it searches beside its workers. Between the slices of its search it hears
    the workers and hands them more (`_Farm.hear`): a worker never waits for this
    process's subproblem to end (it did, idle once it had finished the two it held,
    however long this process's subproblem took). The time limit and the progress
    display get a turn every TICK seconds while waiting."""
    farm = _Farm(workers, cut, pending, budget, tally)
    while farm.queue or farm.in_flight:
        farm.hand_out()
        busy_here = here is not None and bool(farm.queue)
        finished = workers.wait(0 if busy_here else TICK)
        budget.check(tally.nodes)
        if finished is None and busy_here:
            done = here(farm.queue.pop() if here_last else farm.queue.popleft(), farm.hear)
            while farm.heard:
                yield farm.heard.popleft()
            yield done
        elif finished is None:
            tally.report()
        else:
            yield farm.arrived(finished[1])


class _Farm:
    """The subproblems of `_farm` not handed out yet (`queue`), how many the workers
    hold (`in_flight`), and those they finished while this process searched (`heard`,
    yielded when its own subproblem is done)."""

    def __init__(self, workers, cut, pending, budget, tally):
        self.workers, self.cut, self.budget, self.tally = workers, cut, budget, tally
        self.queue = collections.deque(pending)
        self.in_flight = 0
        self.heard = collections.deque()

    def hand_out(self):
        """Give the workers the next subproblems, two per worker at most."""
        while self.queue and self.in_flight < 2 * self.workers.size:
            k = self.queue.popleft()
            self.workers.submit(solve_subproblem, k, self.cut[k][0], self.tally.bound.floor(),
                                what=f"subproblem {k}")
            self.in_flight += 1

    def arrived(self, done):
        """A subproblem a worker finished, now in the budget's figures."""
        self.in_flight -= 1
        self.budget.tally(None, done.stats)  # searched elsewhere: not yet in the budget's
        return done

    def hear(self):
        """Between two slices of a search here: keep what the workers finished, and
        hand them more."""
        while self.in_flight:
            finished = self.workers.wait(0)
            if finished is None:
                return
            self.heard.append(self.arrived(finished[1]))
            self.hand_out()


class Tally:
    """What a split search has done so far, for the progress display and the node
    limit: subproblems finished, their part of the tree (Knuth's estimate, from the
    frontier's shares), nodes and solutions (in `spent`)."""

    REPORT_EVERY = 0.1
    """Seconds between two progress reports."""

    def __init__(self, cut, budget, spent, node_limit, maximize=False):
        self.bound = Bound(maximize)
        self.shares = [share for _, share in cut]
        self.whole = sum(self.shares) or 1.0
        self.budget, self.spent, self.node_limit = budget, spent, node_limit
        self.finished, self.part, self.here = 0, 0.0, 0
        self.reported, self.resumed_nodes = 0.0, 0

    @property
    def nodes(self):
        return self.spent.nodes

    def add(self, done, resumed=False):
        """Count a finished subproblem in; `resumed`: one a checkpoint held, whose
        nodes do not count against the node limit (which counts the nodes this run
        searches: so that the same command, run again, goes on where it stopped)."""
        self.bound.add(done)
        self.spent.add(done.stats)
        self.finished += 1
        self.part += self.shares[done.index]
        if resumed:
            self.resumed_nodes += done.stats.nodes
        searched = self.spent.nodes - self.resumed_nodes
        if self.node_limit is not None and searched > self.node_limit:
            raise NodeLimitExceeded(
                f"search stopped after {searched} nodes (node limit)", self.spent.nodes)
        self.report()

    def report(self, fraction=0.0, nodes=0, solutions=0):
        """Tell the budget's progress callback (at most every REPORT_EVERY seconds),
        adding the part of a subproblem under way here (its own fraction, nodes and
        solutions so far)."""
        now = time.perf_counter()
        if self.budget.progress is None or now - self.reported < self.REPORT_EVERY:
            return
        self.reported = now
        self.budget.progress((self.part + fraction) / self.whole, self.spent.nodes + nodes,
                             self.spent.solutions + solutions,
                             parts=(self.finished, len(self.shares)))

    def reporter(self, share):
        """The progress callback of a subproblem with this share, solved here."""
        def progress(fraction, nodes, solutions):
            self.report(fraction * share, nodes, solutions)
        return progress


class Bound:
    """The bound a maximize search shares between its subproblems: the best weight the
    finished ones found. A subproblem handed out later looks only for solutions
    heavier than that weight less one (engine Solver.set_floor), so it prunes what
    cannot reach the best so far, but still finds a solution of that weight.

    The answer stays that of the sequential search, whatever the timing: let W be the
    largest weight and S the first solution of weight W in the search's order. Every
    floor is below W (no subproblem finds more than W), so the subproblem that holds S
    still returns S (the argument of `maximize`, with the floor as a best found
    before); the subproblems before it hold nothing of weight W, and ties go to the
    earliest. Only node counts depend on the timing."""

    def __init__(self, active):
        self.active, self.best = active, None

    def add(self, done):
        if self.active and done.value is not None and (self.best is None
                                                       or done.value[0] > self.best):
            self.best = done.value[0]

    def floor(self):
        """The floor for the next subproblem, or None (no bound yet, or not maximize)."""
        return None if self.best is None else self.best - 1


# -- workers ------------------------------------------------------------------------------

_built: dict[int, tuple[str, Any]] = {}
"""Per thread of a worker process: (digest, ExactCover) of the search it last worked
on, so that a worker builds a problem once, not once per subproblem, and a count's
memo serves all of its subproblems (keep_memo). (Per thread: a Dask worker may run
several tasks at once, and a Solver runs one search at a time.)"""


def _problem(search, keep_memo=False):
    """The problem of `search` (a Search or a Race; a Deal's: its `Parts`) built once
    per thread; `keep_memo`: its counts keep one memo from subproblem to subproblem."""
    import threading
    thread = threading.get_ident()
    digest, problem = _built.get(thread, (None, None))
    if digest != search.digest:
        problem = (Parts(search, keep_memo) if isinstance(search, Deal)
                   else _built_problem(search.definition, keep_memo,
                                       isinstance(search, Search) and search.plain))
        _built[thread] = (search.digest, problem)
    return problem


def _built_problem(definition, keep_memo, plain=False):
    problem = ExactCover(*definition)
    if plain:
        problem.count_plainly()
    problem.solver.keep_memo(keep_memo)
    return problem


def solve_subproblem(search: Search, index: int, prefix: Sequence[int],
                     floor: Optional[int] = None) -> Done:
    """A worker's task: one subproblem, searched sequentially (with the search's node
    limit; the time limit is kept by the process that split the search)."""
    stats = Stats()
    value = search.answer(_problem(search, search.query == "count"), prefix,
                          Budget(node_limit=search.node_limit, reason="singles"), stats, floor)
    return Done(index, value, stats)


# -- executors: where the tasks of a search run ------------------------------------------
#
# One interface for the local processes and the Dask cluster, used by the split search
# (each task a subproblem) and the race (each task a few turns of a member):
#
#   executor = Processes(shared, size) or Cluster(shared, address, notice, budget)
#   executor.size                      how many tasks run at once
#   ticket = executor.submit(function, *args, pin=None, what="a task")
#                                      function(shared, *args) on a worker; tasks with
#                                      the same `pin` go to the same worker, in order,
#                                      where it can (a state kept there between them);
#                                      `what` names the task in a cluster's message
#   executor.wait(timeout)             (ticket, value) of a finished task, or None after
#                                      `timeout` s; a task's exception is raised here
#   executor.close()                   stop what is under way (a local worker is killed,
#                                      a Dask task is cancelled) and let the workers go
#
# `shared` (a Search, a Race: the problem's definition and the query) reaches each
# worker once, not with every task.

_local_shared = None
"""A local pool worker's `shared`, set once when the process starts."""


def _start_local_worker(shared):
    """Pool initializer: keep the shared value (the pool sets the worker's signals)."""
    global _local_shared
    _local_shared = shared


def _with_shared(function, *args):
    return function(_local_shared, *args)


class Processes:
    """Tasks run on `size` local worker processes (dlxcli.pool), `depth` sent to each at
    a time (2: none waits while this process searches too); a pinned task goes to
    worker `pin` modulo `size`."""

    def __init__(self, shared, size, depth=2):
        self.size = size
        self.pool = WorkerPool(size, _start_local_worker, (shared,), depth=depth)

    def submit(self, function, *args, pin=None, what=None):
        return self.pool.submit(_with_shared, function, *args, worker=pin)

    def wait(self, timeout):
        return self.pool.wait(timeout)

    def close(self):
        self.pool.close()


class Cluster:
    """Tasks run by the workers of a Dask cluster (every thread of every worker is one
    of `size`). Needs the optional extra: CLUSTER_INSTALL. A pinned task goes to the
    worker that ran the last task of its pin, if that worker is still there (else to
    any: a racing member then starts again there, `_member`).

    A worker that dies has its subproblems rerun by the others (Dask does that). What
    the run cannot go on without ends it with a DlxError, one line: nothing listening
    at the address (at once), no worker within CONNECT_SECONDS (said on stderr through
    `notice` while waiting), no worker left for CONNECT_SECONDS, the scheduler lost, a
    subproblem that killed every worker it ran on. Dask's own log is quiet from then on
    in this process: those failures are reported here, not as its tracebacks."""

    def __init__(self, shared, address, notice=None, budget=None):
        distributed = _import_distributed()
        self.address, self.running, self.client = address, {}, None
        self.places = {}  # pin -> the address of the worker that ran its last task
        self._wait, self._lost_since = distributed.wait, None
        self._timeout = _timeout_errors()
        self._dask_failures = (OSError, distributed.client.ClosedClientError,
                               _cancelled_error()) + self._timeout
        self._killed = distributed.KilledWorker
        _quiet_dask_log()
        try:
            _check_reachable(address)
            self.client = _client(distributed, address, notice)
        except Exception as exc:  # Dask's, whatever the address (e.g. UCX not installed)
            self.close()
            raise DlxError(f"cannot reach the Dask scheduler at {address}: "
                           f"{_why(exc)}") from None
        try:
            self.size = self._first_workers(notice, budget)
            self._watch_joining(notice, self._check_workers(notice))
            # a task, not scattered data: a lost copy is computed again, for new workers
            self.shared = self.client.submit(_kept, shared, pure=False)
        except BaseException:
            self.close()
            raise

    def _first_workers(self, notice, budget):
        """The threads of the cluster's workers, once it has one (CONNECT_SECONDS at
        most, said through `notice` when none is there yet; the budget's time limit
        may end the wait before)."""
        size = self._threads()
        if size:
            return size
        if notice is not None:
            notice(f"waiting for a worker of the Dask scheduler at {self.address} "
                   f"({CONNECT_SECONDS} s at most)")
        seconds = CONNECT_SECONDS
        if budget is not None and budget.deadline is not None:
            seconds = min(seconds, max(budget.remaining(), 0.001))
        try:
            self.client.wait_for_workers(1, timeout=seconds)
        except self._timeout:
            if budget is not None:
                budget.check()
            raise DlxError(f"the Dask scheduler at {self.address} has no worker "
                           f"(waited {CONNECT_SECONDS} s)") from None
        except self._dask_failures:
            raise self._scheduler_lost() from None
        return max(1, self._threads())

    def _check_workers(self, notice):
        """Raise a DlxError, saying why, when the cluster's workers cannot import dlxcli
        (a worker's Python without it, or with another dlxcli): a worker that cannot
        read its first task closes, and the run said no more than that the scheduler
        had no worker left (attack10). Asked of the workers there now, at once (a few
        milliseconds); a worker that does not answer, or is lost meanwhile, is left to
        the run's tasks. Where only some of them cannot, they are said through `notice`
        and the run goes on with the others (each of those closes at its first task,
        which Dask runs again elsewhere): refused, a run that its other workers answer
        in a second was an error (attack12). Returns the addresses of those said."""
        try:
            answers = self.client.run(_on_worker, on_error="return",
                                      callback_timeout=CONNECT_SECONDS)
        except self._dask_failures:
            return set()
        failed = {worker: answer for worker, answer in answers.items()
                  if isinstance(answer, Exception)}
        if not failed:
            return set()
        why = _cannot_import(_raised(next(iter(failed.values()))))
        if len(failed) == len(answers):
            raise DlxError(f"the workers of the Dask cluster at {self.address} {why}")
        if notice is not None:
            notice(f"{len(failed)} of the {len(answers)} workers of the Dask cluster at "
                   f"{self.address} {why}; the others go on")
        return set(failed)

    def _watch_joining(self, notice, said):
        """Have each worker that joins from now on (a nanny's restart, a worker started
        later) say, as it joins, whether it can import dlxcli (dlxcli.joining); one
        that cannot is said through `notice` by `wait`, once, as `_check_workers` says
        those there at first (`said`: their addresses), and the others go on. Before,
        it closed at its first task without a word (fix12, fix13)."""
        import cloudpickle

        from . import joining
        self._notice, self._said, self._unable = notice, said, []
        cloudpickle.register_pickle_by_value(joining)  # read by workers without dlxcli
        try:
            self.client.subscribe_topic(joining.TOPIC,
                                        lambda event: self._unable.append(event[1]))
            self.client.register_plugin(joining.DlxcliCheck())
        except self._dask_failures:
            raise self._scheduler_lost() from None

    def _say_unable(self):
        """Say each worker that joined and could not import dlxcli, once."""
        while self._unable:
            event = self._unable.pop(0)  # appended by the client's thread meanwhile
            if event["worker"] in self._said:
                continue
            self._said.add(event["worker"])
            if self._notice is not None:
                self._notice(f"the worker {event['worker']} of the Dask cluster at "
                             f"{self.address} {_cannot_import(event['error'])}; the "
                             "others go on")

    def _threads(self):
        """The threads of the workers the scheduler has now."""
        return sum(self._ask(self.client.scheduler.ncores).values())

    def _ask(self, question, **arguments):
        """The scheduler's answer to `question`; a DlxError when it has none within
        CONNECT_SECONDS: a scheduler stopped (SIGSTOP) or hung keeps its connections
        open, and Dask would wait for its answer forever."""
        try:
            return self.client.sync(question, **arguments, callback_timeout=CONNECT_SECONDS)
        except self._timeout:
            raise DlxError(f"the Dask scheduler at {self.address} did not answer "
                           f"within {CONNECT_SECONDS} s") from None
        except self._dask_failures:
            raise self._scheduler_lost() from None

    def _scheduler_lost(self):
        return DlxError(f"lost the Dask scheduler at {self.address}")

    def submit(self, function, *args, pin=None, what="a task"):
        place = self.places.get(pin)
        where = {} if place is None else {"workers": [place], "allow_other_workers": True}
        future = self.client.submit(function, self.shared, *args, pure=False, **where)
        self.running[future] = (future.key, pin, what)
        return future.key

    def wait(self, timeout):
        """(ticket, value) of the next finished task, or None after `timeout` seconds; a
        task's exception is raised here, and the cluster's failures as a DlxError."""
        self._say_unable()
        if self.client.status != "running":
            raise self._scheduler_lost()
        future = self._finished_now()
        if future is None:
            try:
                future = next(iter(self._wait(list(self.running), timeout=timeout,
                                              return_when="FIRST_COMPLETED").done))
            except self._timeout:
                self._count_workers()
                return None
            except self._dask_failures:
                raise self._scheduler_lost() from None
        ticket, pin, what = task = self.running.pop(future)
        if future.status == "error":
            self._raise_error_of(future, what)
        try:
            value = self._result(future, task)
        except self._dask_failures:
            raise self._scheduler_lost() from None
        if value is None:
            return None
        if pin is not None:
            self._place(pin, future)
        return ticket, value

    def _finished_now(self):
        """A task already finished (as the client last heard), without asking the
        scheduler; or None. Dask's `wait` with a timeout of 0 always times out, before
        it looks: the race, which looks between DLX's turns with a timeout of 0, never
        heard its Learner while DLX searched on."""
        return next((future for future in self.running if future.done()), None)

    def _place(self, pin, future):
        """Remember where the task of `pin` ran (for the next one of the same pin)."""
        holders = self._ask(self.client.scheduler.who_has, keys=[future.key])
        holders = holders.get(future.key, ())
        if holders:
            self.places[pin] = next(iter(holders))

    def _result(self, future, task):
        """The value of a finished task; or None, the task waited for again, when its
        worker died before its result was fetched (Dask computes it again: waiting
        for the result itself would wait forever if no worker is left). The result
        comes through the scheduler: one that stops answering meanwhile is a DlxError
        (`_ask`), where this waited for it forever."""
        began = time.perf_counter()
        while True:
            try:
                return future.result(timeout=TICK)
            except self._timeout:
                if future.status != "finished":
                    self.running[future] = task
                    return None
                if time.perf_counter() - began > CONNECT_SECONDS:
                    self._threads()
                    began = time.perf_counter()

    def _raise_error_of(self, future, name):
        """Raise what a failed task raised: dlxcli's own errors (a DlxError, a
        MemoryError) as they are; the cluster's (KilledWorker) as a DlxError, and so any
        other: on a cluster it comes of an environment unlike this process's (a
        scheduler that cannot read the task without dlxcli, a worker with another
        dlxcli), and it was a traceback."""
        try:
            future.result()
        except self._killed:
            raise DlxError(f"{name} was lost with every worker of the Dask "
                           f"scheduler at {self.address} that ran it (it may need more "
                           "memory than a worker has)") from None
        except (DlxError, MemoryError):
            raise
        except Exception as exc:
            raise DlxError(f"{name} failed on the Dask cluster at {self.address}: "
                           f"{_raised(exc)} (the scheduler and its "
                           "workers need this dlxcli, its version, with the same Python "
                           "and Dask)") from None

    def _count_workers(self):
        """Follow the number of threads (`size`) as workers come and go; a DlxError
        once there has been none for CONNECT_SECONDS."""
        threads = self._threads()
        if threads:
            self.size, self._lost_since = threads, None
            return
        now = time.perf_counter()
        if self._lost_since is None:
            self._lost_since = now
        elif now - self._lost_since > CONNECT_SECONDS:
            raise DlxError(f"the Dask scheduler at {self.address} has no worker left "
                           f"(waited {CONNECT_SECONDS} s)")

    def close(self):
        """Cancel what is still running and disconnect (quietly, whatever state the
        cluster is in)."""
        if self.client is None:
            return
        try:
            if self.client.status == "running":
                self.client.cancel(list(self.running))
        except self._dask_failures:
            pass
        self.client.close(timeout=CONNECT_SECONDS)


CLUSTER_INSTALL = "pip install '.[cluster]' (in dlxcli's top folder)"
"""How to install the cluster extra, as every message and page says it (dlxcli is
installed from its repository, README.md)."""


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise DlxError(f"a scheduler address needs Dask, the cluster extra: {CLUSTER_INSTALL}") \
            from None
    return distributed


def _cancelled_error():
    """What a future cancelled by Dask raises (the concurrent.futures one)."""
    from concurrent.futures import CancelledError
    return CancelledError


def _timeout_errors():
    """What Dask raises when a wait times out (asyncio's: the built-in one since
    Python 3.11)."""
    import asyncio
    return TimeoutError, asyncio.TimeoutError


def _kept(search):
    """The task that gives every worker the search (see Cluster)."""
    return search


def _on_worker():
    """Run on each worker of a cluster as it is joined: unpickling this function imports
    dlxcli there (see Cluster._check_workers)."""


def _cannot_import(error):
    """What a worker that cannot import dlxcli (`error`: 'TYPE: MESSAGE') is said to
    lack."""
    return (f"cannot import dlxcli ({error}; each of them needs this dlxcli, its "
            "version, with the same Python and Dask)")


DASK_LOGGERS = ("distributed", "distributed.client", "tornado.application", "asyncio")
"""The loggers with a level of their own in Dask's default logging configuration
(the others inherit the first one's), and those of the event loop under its client:
tornado's logs the errors of Dask's callbacks (one misfires when Ctrl-C lands while
the client waits), asyncio's the exceptions of the tasks Dask leaves behind (a fetch
given up on, see Cluster._result), when they are collected, which may be late."""


def _quiet_dask_log():
    """Silence Dask's loggers, for the rest of this process (see DASK_LOGGERS)."""
    import logging
    for name in DASK_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _check_reachable(address):
    """Raise OSError, saying why, when no Dask scheduler answers at a TCP address:
    at once when nothing listens there or the host is unknown (Dask would try again
    and again for CONNECT_SECONDS), after CONNECT_SECONDS when the server says
    nothing (Dask would wait for its greeting forever: a scheduler greets whoever
    connects, before it reads), at once when its greeting is not Dask's (see
    `_not_dask`). Other addresses are left to Dask."""
    import socket
    from distributed.comm import parse_address, parse_host_port
    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location)
    except (ValueError, TypeError):
        return
    if scheme not in ("tcp", "tls") or not port:
        return
    try:
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS) as probe:
            greeting = _greeting(probe) if scheme == "tcp" else b"(TLS speaks first)"
    except ConnectionRefusedError:
        raise OSError("connection refused (nothing listens there)") from None
    except socket.gaierror as exc:
        raise OSError(f"unknown host {host} ({exc.strerror})") from None
    except socket.timeout:
        raise OSError(f"no answer within {CONNECT_SECONDS} s (is it a Dask scheduler?)") \
            from None
    except OSError as exc:
        raise OSError(exc.strerror or str(exc)) from None
    if not greeting:
        raise OSError("it closed the connection at once (is it a Dask scheduler?)")
    if _not_dask(greeting):
        raise OSError("its greeting is not Dask's (is it a Dask scheduler?)")


GREETING_BYTES = 8
"""What a Dask message over TCP starts with: its length, a native 64-bit integer."""
GREETING_MOST = 1 << 20
"""The longest greeting taken for a Dask scheduler's (its handshake: some 60 bytes)."""


def _greeting(probe):
    """The first GREETING_BYTES the server sends (fewer if it closes before)."""
    greeting = b""
    while len(greeting) < GREETING_BYTES:
        more = probe.recv(GREETING_BYTES - len(greeting))
        if not more:
            break
        greeting += more
    return greeting


def _not_dask(greeting):
    """Whether a server's greeting cannot be a Dask scheduler's: too short, or
    announcing a message over GREETING_MOST bytes. Dask reads that length and makes
    room for it before it reads on, with no time limit: an SSH or HTTP server's
    greeting was a MemoryError ("cannot reach the Dask scheduler at ADDR: ", no
    reason), and one announcing 1 GiB took 1 GiB and waited for it forever."""
    import struct
    return len(greeting) < GREETING_BYTES or struct.unpack("Q", greeting)[0] > GREETING_MOST


def _client(distributed, address, notice):
    """A Dask client of the scheduler at `address`. Dask's warning that the cluster
    runs other versions of its packages (a table of many lines on stderr) is one line
    through `notice`, or none without it."""
    import warnings
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always", distributed.versions.VersionMismatchWarning)
        client = distributed.Client(address, timeout=CONNECT_SECONDS)
    for warning in warned:
        if notice is not None and issubclass(warning.category,
                                             distributed.versions.VersionMismatchWarning):
            notice(f"the Dask cluster at {address} runs other versions of "
                   f"{_mismatched(str(warning.message))} than this process")
    return client


def _mismatched(table):
    """The packages of Dask's version mismatch table ('| NAME | ... |' rows, after its
    header), comma-separated; 'its packages' if it has none."""
    rows = [line.split("|")[1].strip() for line in table.splitlines()
            if line.startswith("|") and line.count("|") > 2]
    return ", ".join(rows[1:]) or "its packages"


def _why(exc):
    """An exception's message on one line: its text (the first sentence of one of
    several lines), then its cause's in brackets; its type's name where it says
    nothing (Dask's MemoryError for a greeting that is not its own: "cannot reach
    the Dask scheduler at ADDR: ", a line ending in a space)."""
    text = " ".join(str(exc).split())
    if "\n" in str(exc).strip() and ". " in text:
        text = text.split(". ", 1)[0] + "."
    text = text or type(exc).__name__
    if exc.__cause__ is not None:
        text += f" ({_why(exc.__cause__)})"
    return text


def _raised(exc):
    """'TYPE: MESSAGE' of an exception raised on the cluster. One that Dask could not
    send whole comes as Exception(repr(it)): its text, TYPE("MESSAGE"), is read so."""
    import re
    text = _why(exc)
    if type(exc) is Exception:
        stand_in = re.fullmatch(r"(\w+)\((['\"])(.*)\2\)", text)
        if stand_in:
            return f"{stand_in[1]}: {stand_in[3]}"
    return f"{type(exc).__name__}: {text}"


# -- one hard query raced over the jobs -----------------------------------------------------

BESIDE_FROM_JOBS = 3
"""The fewest jobs a first solution's race takes cubes beside it on (`_beside`): over 2,
the race's two searches take both."""
BESIDE_TICK = 0.01
"""Seconds a race waits for each of its two executors in turn, its cubes' and its
Learner's, once DLX here is done (`_Racing.run`)."""
CHUNK_TURNS = 4
"""A racing member's turns per task (a turn is about 20 ms on a 25x25 sudoku): the
process that races hears of each member's progress this often, and a member of a
cluster, which cannot be stopped in mid-task, stops this soon after it is told."""


class Race:
    """A hard query as the workers get it (picklable): the problem's definition, the
    forced options, the solutions known already (`found`: DLX's, from its first turn)
    and the solutions asked for (`limit`, 1 or 2); `digest` names this race alone, at
    random, as a Deal's and a Cubes': a cluster's worker outlives a race, and keeps its
    members (`_racers`) and problem (`_built`) until its next one. Named by the query, a
    later race of the same query on the same workers took up the members where the
    last one had left them: their turns, solutions and costs. The answer was the same
    (the search is deterministic), but neither the search nor its costs were this
    race's (fix12)."""

    __slots__ = ("definition", "forced", "found", "limit", "digest")

    def __init__(self, definition: Definition, forced: Sequence[int],
                 found: Sequence[Solution], limit: int) -> None:
        self.definition, self.forced = definition, list(forced)
        self.found, self.limit = [list(solution) for solution in found], limit
        self.digest = os.urandom(16).hex()


class Report:
    """Where a racing member stands after a task: its number, the turns it took, whether
    it is done (its solutions, up to its limit, or none left), its solutions (with
    those the race knew before), its costs so far (Stats) and its nodes."""

    __slots__ = ("member", "turns", "done", "found", "stats", "nodes")

    def __init__(self, member: int, turns: int, done: bool, found: list[Solution],
                 stats: Stats, nodes: int) -> None:
        self.member, self.turns, self.done, self.found = member, turns, done, found
        self.stats, self.nodes = stats, nodes

    @property
    def finishing_turn(self) -> int:
        """A Learner's place in the portfolio's turns (strategies.Member)."""
        return 2 * self.turns - 1


def race(problem: ExactCover, strategy: Any, *, forced: Sequence[int] = (), limit: int,
         budget: Budget, stats: Optional[Stats] = None) -> Optional[list[Solution]]:
    """The solutions of a first solution (`limit` 1, under the portfolio: --reason
    auto) or of a count stopped at 2 (under auto or learn), raced over the split's
    jobs: the answer of --jobs 1, found sooner (docs/parallel.md, "One hard proof over
    the jobs"). None where the query is not raced, and is searched here as with --jobs
    1: a single local job, a node limit (it counts the nodes of --jobs 1's turns, which
    a race cannot stop at), a trace, the Learner's first solution (no other search can
    give its answer).

    This process runs the search --jobs 1 starts with (DLX under auto, the Learner
    under learn) turn by turn, as --jobs 1 does; where it has not finished within its
    first turn (auto: AUTO_NODES; learn: the split's probe seconds), the executor
    (`Processes`, or `Cluster` with a scheduler) takes over. A first solution: the
    portfolio's Learner searches there while DLX goes on here, each a whole search of
    its own; the first to decide answers (`_decided`), and the other is stopped then
    (its process killed, its cluster tasks cancelled). A count: cut into cubes, each
    counted on its own (`_Conquering`: cube and conquer)."""
    split = budget.split
    assert isinstance(split, Split), "a race is a Split's"
    if split.alone or budget.node_limit is not None or budget.trace is not None:
        return None
    auto = strategy is strategies.PORTFOLIO
    if not auto and (strategy is not strategies.LEARNING or limit == 1):
        return None  # the Learner's first solution: no other member could give it
    racing = _Racing(problem, list(forced), limit, budget, auto)
    conquest = None
    try:
        answer = racing.first_turn(split)
        if answer is not None:
            return answer
        if limit < 2:
            conquest = _beside(problem, list(forced), budget, auto, split)
            return racing.run(split, conquest)
        racing.hand_over()
        conquest = _Conquering(problem, list(forced), limit, budget, auto)
        return racing._answered(conquest.run(split))
    except SearchLimit as stopped:
        stopped.counted(_costs(racing, conquest))
        raise
    finally:
        racing.close(stats, conquest)


def _beside(problem, forced, budget, auto, split):
    """The cubes that search beside a first solution's race over 3 jobs or more, on the
    jobs the race leaves (`_Racing.run`), or None: not over 2 jobs, nor on a cluster
    (the race's Learner would share its workers), nor where a solution's order of
    options is part of the answer (`ExactCover.orderless`): cubes that prove a
    solution the only one give it in another order than --jobs 1's search."""
    if split.jobs < BESIDE_FROM_JOBS or split.scheduler or not problem.orderless:
        return None
    return _Conquering(problem, forced, 2, budget, auto, here=False)


def _costs(racing, conquest):
    """What a race cost so far: its members' and its cubes'."""
    total = racing.costs()
    if conquest is not None:
        total.add(conquest.costs(), solutions=False)
    return total


def arrived(search, timeout):
    """The reports of `search`'s tasks (a race's or cubes', `search.workers`) as they
    come, waiting up to `timeout` s for the first and not at all for the others; the
    time limit gets its turn before each. `search.in_flight` counts the tasks under
    way: the caller's sends between reports count too."""
    while search.in_flight:
        finished = search.workers.wait(timeout)
        search.budget.check(search._nodes())
        if finished is None:
            return
        search.in_flight -= 1
        timeout = 0
        yield finished[1]


class _Racing:
    """One race: the member here (`here`, a strategies.Member), the others' latest
    Reports (`reports`), the executor they run on."""

    def __init__(self, problem, forced, limit, budget, auto):
        self.problem, self.forced, self.limit, self.budget = problem, forced, limit, budget
        self.auto, self.reports, self.workers, self.sent = auto, {}, None, {}
        self.in_flight = 0
        make = strategies.dancing_member if auto else strategies.learning_member
        self.here = make(problem, forced, budget, limit)
        self.answer = None
        self.handed = None
        """The costs of the search here once it has handed the Solver over (`hand_over`)."""
        self.proved = False
        """Whether the cubes beside the race gave its answer (`run`)."""

    def first_turn(self, split):
        """The search --jobs 1 starts with, here, for its first turn (auto: DLX for
        AUTO_NODES; learn: the Learner for the split's probe seconds): its answer if
        that decides the query (or DLX alone to the end, where the Learner could not
        start), else None."""
        here, budget = self.here, self.budget
        if self.auto:
            here.turn(strategies.AUTO_NODES, budget)
            if here.done or not strategies.learnable(self.problem, self.forced):
                here.turn(None, budget)
                return self._answered(here.found)
            return None
        until = time.perf_counter() + split.probe
        while not here.turn(strategies.ROUND_STEPS, budget) and time.perf_counter() < until:
            pass
        return self._answered(here.found) if here.done else None

    def run(self, split, conquest=None):
        """The rest of a first solution's race (under auto), past `first_turn`: DLX
        here, the portfolio's Learner on the executor; and, given `conquest`, on the
        split's other jobs, the count to 2 cut into cubes: where it proves the query
        has no solution or one only, that is the answer (whatever search --jobs 1 runs
        finds that one first); where it finds two, it stops, and the race goes on."""
        here, budget = self.here, self.budget
        units = strategies.round_nodes(self.problem, self.forced)
        self._start(split, Race(self.problem.definition, self.forced, here.found,
                                self.limit))
        if conquest is not None:
            conquest.start(split, split.jobs - 2)
        while True:
            answer = self._decided()
            if answer is None and conquest is not None and conquest.decided:
                answer = self._proved(conquest)
                conquest = None
            if answer is not None:
                return self._answered(answer)
            if not here.done:
                here.turn(units, budget, self._others())
                self._hear(0)
                if conquest is not None:
                    conquest.step(0)
            elif conquest is None:
                self._hear(TICK)
            else:  # two executors to hear: in turns
                self._hear(BESIDE_TICK)
                conquest.step(BESIDE_TICK)

    def _proved(self, conquest):
        """The cubes' verdict decided: no solution or the only one, the answer; two
        found, None, and the cubes stop (their costs stay counted)."""
        found = conquest.solutions()
        if len(found) < 2:
            self.proved = True
            return found
        conquest.close()
        return None

    def _start(self, split, shared):
        """The executor and the portfolio's Learner (member 0): two tasks of it under
        way. (A further member, another search, would find another first solution,
        which --jobs 1 does not print; it could only say "none".)"""
        if split.scheduler:
            self.workers = Cluster(shared, split.scheduler, split.notice, self.budget)
        else:
            self.workers = Processes(shared, 1)
        for _ in range(2):
            self._send(0)

    def _send(self, member):
        """The next task of `member`: CHUNK_TURNS more turns."""
        upto = self.sent.get(member, 0) + CHUNK_TURNS
        self.sent[member] = upto
        self.workers.submit(race_turns, member, upto, pin=member,
                            what=f"racing member {member}")
        self.in_flight += 1

    def _hear(self, timeout):
        """Take the reports that have come (waiting up to `timeout` s for the first), and
        send each member that is not done its next task; the time limit gets its turn."""
        for report in arrived(self, timeout):
            known = self.reports.get(report.member)
            if known is None or report.turns >= known.turns:
                self.reports[report.member] = report
            if not report.done and report.turns >= self.sent[report.member] - CHUNK_TURNS:
                self._send(report.member)

    def _decided(self):
        """The first solution, once the members' state decides it; else None: "none
        left" from either, or else the portfolio's order of turns (`_first_in_turns`)."""
        members = [(self.here.done, self.here.found)] + [
            (report.done, report.found) for report in self.reports.values()]
        for done, found in members:
            if done and not found:
                return found
        return self._first_in_turns()

    def _first_in_turns(self):
        """Under auto, a first solution: DLX's (here) or the portfolio Learner's
        (member 0), whichever finishes in the earlier turn."""
        here, learner = self.here, self.reports.get(0)
        if here.done:
            if learner is None:
                return None
            if learner.done and learner.finishing_turn < here.finishing_turn:
                return learner.found
            if learner.done or 2 * learner.turns + 1 > here.finishing_turn:
                return here.found
            return None
        if learner is not None and learner.done and 2 * here.turns > learner.finishing_turn:
            return learner.found
        return None

    def _others(self):
        return sum(report.nodes for report in self.reports.values())

    def _nodes(self):
        return self.here.search.nodes + self._others()

    def _answered(self, found):
        self.answer = found
        return found

    def hand_over(self):
        """Keep the costs of the search here, which stops: its Solver goes to the cubes."""
        self.handed = self.here.search.stats()

    def costs(self):
        """What the race cost so far: the search here and each member's last report."""
        total = Stats()
        total.add(self.here.search.stats() if self.handed is None else self.handed)
        for report in self.reports.values():
            total.add(report.stats)
        total.solutions = 0 if self.answer is None else len(self.answer)
        return total

    def close(self, stats, conquest=None):
        """Stop the members (and the cubes of `conquest`), and add the costs into
        `stats` and the budget's tally."""
        try:
            if self.workers is not None:
                self.workers.close()
        finally:
            if conquest is not None:
                conquest.close()
        self.budget.tally(stats, _costs(self, conquest))


_racers: dict[int, tuple[str, Any]] = {}
"""Per member: (the race's digest, its Member), kept in a worker process from one task
to the next of the same member, whichever of the process's threads runs the task."""
_member_locks: dict[int, Any] = {}
"""Per member: the lock its tasks hold, one at a time (two may be under way at once on
a cluster worker of several threads)."""


def race_turns(race: Race, member: int, upto: int) -> Report:
    """A worker's task in a race: member `member`'s turns on to `upto` (a Learner's
    turns of ROUND_STEPS steps), or to its end. A member that is not here (a cluster
    worker that did not run its earlier tasks) starts again from the beginning: its
    search is deterministic, so it reaches the same point. (Kept per thread, as it was,
    a member started again on every task that a Dask worker of several threads gave to
    another of its threads, and each task replayed all the turns before it.)"""
    import threading
    with _member_locks.setdefault(member, threading.Lock()):
        kept: Any
        digest, kept = _racers.get(member, (None, None))
        if digest != race.digest:
            for old, (kept_digest, _) in list(_racers.items()):  # threads: a copy
                if kept_digest != race.digest:
                    _racers.pop(old, None)
            kept = strategies.learning_member(_problem(race), race.forced,
                                              Budget(reason="learn"), race.limit, race.found)
            _racers[member] = (race.digest, kept)
        budget = Budget(reason="learn")
        while kept.turns < upto and not kept.turn(strategies.ROUND_STEPS, budget):
            pass
        return Report(member, kept.turns, kept.done, kept.found, kept.search.stats(),
                      kept.search.nodes)


# -- a verdict cut into cubes (cube and conquer) --------------------------------------------

CUBES_PER_JOB = 16
"""Cubes per job a verdict is cut into (the cut's `min_open`): on Gecode's
hardest 25x25 sudokus the cubes' Learners cost 1.2 to 1.5 times the whole Learner, and
the largest cube a tenth to a quarter of it at 32 cubes (docs/parallel.md, "Cube and
conquer")."""
DLX_EVERY_MOST = 16
"""The rarest a cube's DLX takes its turn: one round in 16 (`_Conquering.dlx_every`)."""
SPLIT_AFTER_ROUNDS = 8
"""The fewest rounds a cube has taken before the tail split may cut it further
(`_Conquering._split_tail`): about 0.2 s of a 25x25's Learner, so that a tail of quick
cubes ends as it is."""
PIECES_PER_IDLE = 2
"""The pieces the tail split cuts a cube into, per process waiting (at least)."""


WARM_UP = -1
"""The key in `_Conquering.known` of the solutions the cut's warm-up found."""
HERE = -2
"""The slot of this process's own cubes, where it searches some (`_Conquering.pool`)."""
MANY_JOBS = 3
"""From this many processes searching a verdict's cubes, they go out largest first
(`_largest_first`) and the tail split cuts by the Learner's cut (`_pieces`): simulated
on 16 jobs, 11 to 32% sooner on Gecode's hardest 25x25. Fewer keep the cut's order and
DLX's pieces: two kept Learners then walk neighbouring cubes, whose prefixes they
share, and so reuse what they learned; in that order the mutilated 12x12 board's
critical path took 2.3 to 2.5 CPU s over 2 jobs, against 3.9 to 4.3 largest first with
the Learner's pieces (docs/parallel.md, "Largest cubes first")."""
SHARE_MAX_LEN, SHARE_MAX_LBD = 8, 3
"""The clauses a cube's Learner shares with the other processes' when its cube is done
(branch share29, `KeptLearner.give`): the level-0 facts, and learned clauses of at most
8 literals and LBD 3 that name no option its cube's prefix meets. Measured in Learner
steps at 256 cubes on 16 Learners: 11 to 32% fewer conflicts on four hard 25x25
sudokus, 25% on the mutilated 10x10 board (docs/parallel.md, "Sharing what the Learner
learned")."""


class Cubes:
    """A verdict cut into cubes, as the workers get it (picklable): the problem's
    definition, the forced options, the count's limit, and whether a cube is searched
    by the portfolio's two searches in turns (`auto`) or the Learner alone;
    `digest` names this verdict alone, at random, as a Deal's: a cluster's worker
    outlives a run, and what it keeps of a verdict is that verdict's only (its slots'
    Learners have the solutions of its cubes forbidden for good, `_conquerors`; its
    cubes are numbered in its own cut, `_cubing`). Named by the query, a later verdict
    of the same puzzle on the same workers took them up, and counted a unique sudoku
    none (attack11)."""

    __slots__ = ("definition", "forced", "limit", "auto", "digest")

    def __init__(self, definition: Definition, forced: Sequence[int], limit: int,
                 auto: bool) -> None:
        self.definition, self.forced, self.limit, self.auto = definition, list(forced), \
            limit, auto
        self.digest = os.urandom(16).hex()


class Cubed:
    """Where a cube stands after a task: the slot (worker) and the cube (its index in
    the cut), the rounds it took, whether it is done (its count known), its solutions
    found so far (`Verdict.known`: all of them once done; before attack12 none until
    then, though the slot's Learner had forbidden them), its costs so far (Stats) and
    nodes, and the clauses its Learner shares once it is done (`clauses`:
    SHARE_MAX_LEN's)."""

    __slots__ = ("slot", "index", "turns", "done", "found", "by_dlx", "stats", "nodes",
                 "clauses")

    def __init__(self, slot: int, index: int, verdict: Any,
                 clauses: Sequence[tuple[int, ...]] = ()) -> None:
        self.slot, self.index, self.turns = slot, index, verdict.turns
        self.done, self.found, self.by_dlx = verdict.done, verdict.known, verdict.by_dlx
        self.stats, self.nodes = verdict.stats(), verdict.nodes
        self.clauses = list(clauses)


class _Conquering:
    """A count stopped at `limit` (a verdict), cut into cubes: the Learner's cut
    (`learner_cut`: its warm-up, then items by activity; DLX's frontier,
    `ExactCover.frontier`, where that does not fit), each cube's count to `limit`
    searched by a `strategies.Verdict` (the portfolio's two searches in turns, or the
    Learner), the cubes handed out (in the cut's order; largest share first on
    MANY_JOBS) to the executor's workers
    (`slots`, a cube's tasks of CHUNK_TURNS rounds pinned to its worker) and, where
    `here` (a verdict's race; not beside a first solution's), to this process, which
    searches one beside them, round by round. The cubes' solutions are disjoint (a
    frontier cuts the search into disjoint subtrees, and every solution lies in one),
    so their counts add up: the verdict is decided once the distinct solutions found
    so far, in the warm-up or in cubes done or under way (`known`), reach `limit`, or
    every cube is settled.

    Clause sharing (branch share29): each cube's Learner, once its cube is done, gives
    the short clauses it learned (`KeptLearner.give`), and they travel in the report
    that carries the cube's solutions (`Cubed.clauses`); this process keeps them
    (`pool`, the warm-up's Learner's first) and hands each slot, with its next cube's
    first task, those it has not had from the others. A clause learned with a solution
    forbidden may exclude that solution elsewhere (only it: it is implied by the problem
    and that solution's negation), so a cube's count may miss a solution another cube's
    Learner (or the warm-up's) found; the verdict counts the distinct solutions this
    process knows (`known`, kept as a union per cube), and every solution a shared
    clause can exclude is known here before the clause leaves (it came in the same
    report, or an earlier one), or lies in a subtree already settled (a report of a
    cube stopped is not heard, nor its clauses).

    The tail split (`_split_tail`): once no cube is left to hand out and a process
    waits, the cube searched longest is cut further (below its prefix, as the first cut
    was made: `_pieces`), the pieces handed out as cubes, while the cube's own search
    goes on.
    A cube is settled when its own search ends or when all its pieces are settled,
    whichever comes first; the rest of it is then stopped. Either way its count is
    its subtree's (the pieces' subtrees are disjoint and make up the cube's), and a
    solution found twice (by a cube and by its piece) is counted once."""

    def __init__(self, problem, forced, limit, budget, auto, here=True):
        self.problem, self.forced, self.limit, self.budget = problem, forced, limit, budget
        self.auto, self.searches_here = auto, here
        self.workers, self.in_flight = None, 0
        self.prefixes, self.queue = [], collections.deque()
        self.slots = {}
        """A worker's slot -> [its cube, the rounds asked of it so far]."""
        self.latest = {}
        """A cube searched on a worker -> its latest Cubed."""
        self.here = None
        """(cube, Verdict) searched in this process."""
        self.kept = None
        """The Learner this process keeps for its cubes (strategies.KeptLearner)."""
        self.spent = Stats()
        """The costs of the frontier, and of the cubes done here."""
        self.known = {}
        """A cube -> the solutions found in it so far."""
        self.left = 0
        """The cubes of the first cut not settled yet."""
        self.pieces = {}
        """A cube split by the tail split -> its pieces (cubes too)."""
        self.parent = {}
        """A piece -> the cube it was cut from."""
        self.settled = set()
        """The cubes whose count is known, or no longer needed (a settled cube's pieces)."""
        self.whole = set()
        """The cubes a split found no cut below (a solution, or a single branch)."""
        self.cutter = None
        """The problem the tail split cuts on (the problem's Solver serves this
        process's cube)."""
        self.warm = None
        """The Learner's warm-up and cut (learner_cut.LearnerCut), where it cut."""
        self.many = False
        """Whether MANY_JOBS processes search the cubes (`start`)."""
        self.pool = []
        """The clauses shared so far: (the slot whose Learner gave them, HERE, or WARM_UP
        for the warm-up's Learner; them)."""
        self.had = {}
        """A slot (or HERE) -> how much of `pool` it has been handed."""
        self.dlx_every = 1
        """A cube's DLX takes its turn in one round of this many (the latest value at
        each of its tasks, so a cube under way follows too): doubled (up to
        DLX_EVERY_MOST) by each cube the Learner answers, halved by each DLX answers.
        On a 25x25 sudoku the Learner answers every cube, and DLX's turns, half of the
        time at first, become a 17th; on a pigeonhole (K15's matchings) DLX answers
        them, and the Learner, hopeless there, keeps half the time at most."""

    def run(self, split):
        """The verdict, over the split's jobs: its solutions (up to `limit`)."""
        self.start(split, split.jobs)
        while not self.decided:
            self.step(TICK)
        return self.solutions()

    def start(self, split, jobs):
        """Cut the search into CUBES_PER_JOB cubes per job (`jobs` processes, this one
        among them where it searches cubes; on a cluster its threads) and hand them
        out."""
        shared = Cubes(self.problem.definition, self.forced, self.limit, self.auto)
        if split.scheduler:
            self.workers = Cluster(shared, split.scheduler, split.notice, self.budget)
            jobs = self.workers.size + self.searches_here
        cut = self._cut(CUBES_PER_JOB * jobs)
        if self.workers is None:  # started once their cubes are known: no more than them
            self.workers = Processes(shared, min(jobs - self.searches_here,
                                                 len(cut) - self.searches_here))
        self.prefixes = [self.forced + prefix for prefix, _ in cut]
        self.many = jobs >= MANY_JOBS
        self.queue.extend(_largest_first(cut) if self.many else range(len(cut)))
        self.left = len(cut)
        for slot in range(self.workers.size):
            self._give(slot)

    def _cut(self, min_open):
        """The cubes, [(prefix, share)] (the forced options left out): the Learner's
        cut (learner_cut: its warm-up's solutions known, and none where the warm-up
        answered), or DLX's frontier where that does not fit."""
        if not learner_cut.fits(self.problem, self.forced):
            cutter = self.problem if self.searches_here else self._cutter()  # see _beside
            return [(list(prefix), share) for prefix, share in cutter.frontier(
                forced=self.forced, min_open=min_open, stats=self.spent, budget=self.budget)]
        self.warm = learner_cut.LearnerCut(self.problem, self.forced, self.limit,
                                           self.budget)
        self.warm.warm_up(self.budget)  # its costs in `costs`, however it ends
        self.known[WARM_UP] = self.warm.found
        if self.warm.done:
            return []
        learnts = self.warm.search.learner.learnts(SHARE_MAX_LEN, SHARE_MAX_LBD)
        self.pool.append((WARM_UP, [tuple(clause) for clause in learnts]))
        return self.warm.cubes(min_open)

    @property
    def decided(self):
        """Whether the verdict is known: `limit` solutions found, or every cube settled."""
        return not self.left or len(self.solutions()) >= self.limit

    def solutions(self):
        """The distinct solutions found so far (up to `limit`), cube by cube."""
        seen = {}
        for found in self.known.values():
            for solution in found:
                seen.setdefault(frozenset(solution), solution)
        return list(seen.values())[:self.limit]

    def step(self, timeout):
        """A round of this process's cube, if it searches one, then the reports that
        have come (waiting up to `timeout` s for the first where it searches none), then
        the tail split where a process waits."""
        if self.searches_here and self.here is None:
            self._take_here()
        if self.here is None:
            self._hear(timeout)
        else:
            self._round_here()
            self._hear(0)
        if not self.decided:
            self._split_tail()

    def _next(self):
        """The next cube to hand out, or None."""
        while self.queue:
            cube = self.queue.popleft()
            if cube not in self.settled:
                return cube
        return None

    def _take_here(self):
        cube = self._next()
        if cube is None:
            return
        if self.kept is None:
            self.kept = strategies.KeptLearner(self.problem, self.forced)
        self.kept.take(self._shared(HERE))
        self.here = (cube, strategies.Verdict(self.problem, self.prefixes[cube], self.budget,
                                              self.limit, self.auto, self.dlx_every,
                                              self.kept))

    def _round_here(self):
        cube, verdict = self.here
        verdict.dlx_every = self.dlx_every
        done = verdict.turn(self.budget)
        self._know(cube, verdict.known)
        if done:
            self.spent.add(verdict.stats())
            self.here = None
            self.pool.append((HERE, self.kept.give(self.prefixes[cube], SHARE_MAX_LEN,
                                                   SHARE_MAX_LBD)))
            self._done(verdict)
            self._settle(cube)

    def _give(self, slot):
        """The next cube to the worker `slot`, two tasks of it under way; none left:
        the worker waits."""
        cube = self._next()
        if cube is None:
            self.slots.pop(slot, None)
            return
        self.slots[slot] = [cube, 0]
        self._send(slot, self._shared(slot))
        self._send(slot)

    def _send(self, slot, clauses=()):
        """The next task of `slot`'s cube: CHUNK_TURNS more rounds, DLX's share the
        latest (`dlx_every`), and the shared `clauses` for its Learner."""
        entry = self.slots[slot]
        entry[1] += CHUNK_TURNS
        self.workers.submit(cube_turns, slot, entry[0], self.prefixes[entry[0]],
                            self.dlx_every, entry[1], clauses, pin=slot,
                            what=f"cube {entry[0]}")
        self.in_flight += 1

    def _shared(self, slot):
        """The clauses of `pool` that `slot` (or HERE) has not been handed yet, but its
        own."""
        start, self.had[slot] = self.had.get(slot, 0), len(self.pool)
        return [clause for source, clauses in self.pool[start:] if source != slot
                for clause in clauses]

    def _know(self, cube, found):
        """The solutions found in `cube` so far, added to those known of it (a cube that
        starts again elsewhere, on a cluster, reports its own anew)."""
        known = self.known.setdefault(cube, [])
        seen = set(map(frozenset, known))
        known.extend(solution for solution in found if frozenset(solution) not in seen)

    def _hear(self, timeout):
        """Take the reports that have come (waiting up to `timeout` s for the first): a
        cube done is counted and its worker given the next one, a cube under way its
        next task; the time limit gets its turn."""
        for cubed in arrived(self, timeout):
            entry = self.slots.get(cubed.slot)
            if entry is None or entry[0] != cubed.index:
                continue  # a task of a cube done (or stopped) already
            self.latest[cubed.index] = cubed
            self._know(cubed.index, cubed.found)
            if cubed.done:
                self.pool.append((cubed.slot, cubed.clauses))
                del self.slots[cubed.slot]
                self._done(cubed)
                self._settle(cubed.index)
                self._give(cubed.slot)
            elif cubed.turns >= entry[1] - CHUNK_TURNS:
                self._send(cubed.slot)

    def _done(self, cube):
        """A cube's search done (its Verdict or Cubed): DLX's share follows who
        answered it."""
        self.dlx_every = (max(1, self.dlx_every // 2) if cube.by_dlx
                          else min(DLX_EVERY_MOST, 2 * self.dlx_every))

    def _settle(self, cube):
        """`cube`'s count is known: its search and its pieces' stop; a cube of the
        first cut is one fewer to wait for, a piece may settle the cube it was cut
        from (all its pieces settled)."""
        self._drop(cube)
        parent = self.parent.get(cube)
        if parent is None:
            self.left -= 1
        elif parent not in self.settled and self.settled.issuperset(self.pieces[parent]):
            self._settle(parent)

    def _drop(self, cube):
        """Stop `cube`'s search wherever it runs, and its pieces', for good."""
        self.settled.add(cube)
        for slot, entry in list(self.slots.items()):
            if entry[0] == cube:
                self._give(slot)
        if self.here is not None and self.here[0] == cube:
            self.spent.add(self.here[1].stats())
            self.here = None
        for piece in self.pieces.get(cube, ()):
            if piece not in self.settled:
                self._drop(piece)

    def _split_tail(self):
        """Where no cube is left to hand out and a process waits, cut the cube searched
        longest (SPLIT_AFTER_ROUNDS rounds at least, not split before) into about
        PIECES_PER_IDLE pieces per waiting process, and hand them out."""
        if self.queue:
            return
        idle = [slot for slot in range(self.workers.size) if slot not in self.slots]
        waiting = len(idle) + (self.searches_here and self.here is None)
        cube = self._longest() if waiting else None
        if cube is None:
            return
        cut = self._pieces(cube, PIECES_PER_IDLE * waiting)
        if len(cut) == 1:
            self.whole.add(cube)
            return
        self.pieces[cube] = list(range(len(self.prefixes), len(self.prefixes) + len(cut)))
        for piece, prefix in zip(self.pieces[cube], cut):
            self.prefixes.append(self.prefixes[cube] + list(prefix))
            self.parent[piece] = cube
            self.queue.append(piece)
        if not cut:  # no solution below: settled by the cut
            self._settle(cube)
        for slot in idle:
            self._give(slot)

    def _pieces(self, cube, min_open):
        """The prefixes (below `cube`'s) of the pieces the tail split cuts `cube` into:
        on MANY_JOBS, by the warm-up Learner's activities where the first cut was the
        Learner's; else by DLX's frontier."""
        if self.many and self.warm is not None:
            cut = self.warm.cubes(min_open, below=self.prefixes[cube][len(self.forced):])
        else:
            cut = self._cutter().frontier(forced=self.prefixes[cube], min_open=min_open,
                                          stats=self.spent, budget=self.budget)
        return [list(prefix) for prefix, _ in cut]

    def _longest(self):
        """The cube under way that has taken the most rounds (the first of them), at
        least SPLIT_AFTER_ROUNDS, neither split already nor found whole; or None."""
        rounds = {entry[0]: self.latest[entry[0]].turns for entry in self.slots.values()
                  if entry[0] in self.latest}
        if self.here is not None:
            rounds[self.here[0]] = self.here[1].turns
        candidates = [(-turns, cube) for cube, turns in rounds.items()
                      if turns >= SPLIT_AFTER_ROUNDS and cube not in self.pieces
                      and cube not in self.whole]
        return min(candidates)[1] if candidates else None

    def _cutter(self):
        """A problem of this one's definition, for the cuts that must leave the
        problem's Solver as it is (its search goes on: this process's cube, or the
        race's DLX beside which the cubes search)."""
        if self.cutter is None:
            n_primary, n_secondary, options, _, colors = self.problem.definition
            self.cutter = ExactCover(n_primary, n_secondary, options, colors=colors)
        return self.cutter

    def _nodes(self):
        return self.costs().nodes

    def costs(self):
        """What the cubes cost so far: the cut (the warm-up or the frontier), the cubes
        here, each worker's cube's latest report."""
        total = Stats()
        total.add(self.spent)
        if self.warm is not None:
            total.add(self.warm.stats())
        if self.here is not None:
            total.add(self.here[1].stats())
        for cubed in self.latest.values():
            total.add(cubed.stats)
        return total

    def close(self):
        if self.workers is not None:
            self.workers.close()


def _largest_first(cut):
    """The cubes' indices in the order they are handed out on MANY_JOBS: the largest
    share of the tree first (the cut's order among equal shares). The cubes cut least
    are the dearest: on example26's 256 the 54 two options deep cost 0.68 CPU s each on
    average, the 190 three deep 0.18, and in the cut's own order the dearest came last
    and held the end back (docs/parallel.md, "Largest cubes first")."""
    return sorted(range(len(cut)), key=lambda cube: -cut[cube][1])


_cubing: dict[tuple[str, int, int], Any] = {}
"""Per cube under way in a worker process, named (the verdict's digest, slot, cube): its
Verdict, kept from one task to the next of the same cube whichever of the process's
threads runs it (a Dask worker of several threads hands a cube's tasks to any of them:
kept per thread, each such task replayed all the rounds before it). Each cube searches
a problem of its own (about 10 ms to build for a 25x25 sudoku), since a Solver serves
one search at a time."""
_conquerors: dict[tuple[str, int], Any] = {}
"""Per slot of a verdict in a worker process, named (the verdict's digest, slot): the
Learner its cubes share (strategies.KeptLearner), one cube after the other."""
_slot_locks: dict[tuple[str, int], Any] = {}
"""Per slot: the lock its tasks hold, one at a time (its cubes share a Learner)."""
_verdicts: dict[str, None] = {}
"""The digests of the verdicts whose state a worker process keeps, the least recently
used first (a dict keeps its order of insertion)."""
_verdicts_lock = _thread.allocate_lock()
"""Held while `_verdicts` is marked and what falls out of it dropped (the threads of a
Dask worker run tasks of several slots, and verdicts, at once)."""
KEPT_VERDICTS = 4
"""The verdicts whose state (cubes under way, slots' Learners) a worker process keeps,
the most recently used: two clients (or two runs) sharing a cluster no longer drop
each other's, and a worker's memory stays bounded. One slot of a 25x25 sudoku's
verdict (its kept Learner and its cube under way, each on a problem of its own) holds
1.5 MiB on the C twin, 18 MiB of RSS on the Python twin (8.4 MiB of it Python objects,
tracemalloc; docs/parallel.md): 4 verdicts, 6 and 73 MiB a slot the worker serves."""


def cube_turns(cubes: Cubes, slot: int, index: int, forced: Sequence[int], dlx_every: int,
               upto: int, clauses: Sequence[tuple[int, ...]] = ()) -> Cubed:
    """A worker's task in a verdict cut into cubes: cube `index`'s rounds on to `upto`,
    or to its end. A cube that is not here (a cluster worker that did not run its
    earlier tasks) starts again from the beginning, with the Learner of this worker's
    slot: a count is a fact, so it reaches the same count. The slot's Learner takes the
    shared `clauses` first, and gives its own once the cube is done."""
    import threading
    name = (cubes.digest, slot, index)
    _keep_recent_verdicts(cubes.digest)
    with _slot_locks.setdefault(name[:2], threading.Lock()):
        verdict = _cubing.get(name)
        if verdict is None:
            _forget_done_cubes(cubes.digest, slot)
            n_primary, n_secondary, options, _, colors = cubes.definition  # a count: no weights
            problem = ExactCover(n_primary, n_secondary, options, colors=colors)
            kept = _conquerors.get(name[:2])
            if kept is None:
                kept = _conquerors[name[:2]] = strategies.KeptLearner(problem, cubes.forced)
            kept.take(clauses)
            verdict = strategies.Verdict(problem, forced, Budget(reason="learn"), cubes.limit,
                                         cubes.auto, dlx_every, kept)
            _cubing[name] = verdict
        verdict.dlx_every = dlx_every  # DLX's share follows the cubes done meanwhile
        budget = Budget(reason="learn")
        while verdict.turns < upto and not verdict.turn(budget):
            pass
        kept = _conquerors.get(name[:2])
        if not verdict.done or kept is None:
            return Cubed(slot, index, verdict)
        return Cubed(slot, index, verdict, kept.give(forced, SHARE_MAX_LEN, SHARE_MAX_LBD))


def _keep_recent_verdicts(digest):
    """Mark verdict `digest` the most recently used here, and drop what this worker
    keeps of the verdicts beyond the KEPT_VERDICTS most recently used. One thread at a
    time (`_verdicts_lock`): a digest is out of `_verdicts` while it is marked, and a
    Dask worker's other thread, dropping meanwhile, dropped that live verdict's slots'
    Learners and their locks, under a task holding one (attack13)."""
    with _verdicts_lock:
        _verdicts.pop(digest, None)
        _verdicts[digest] = None
        while len(_verdicts) > KEPT_VERDICTS:
            _verdicts.pop(next(iter(_verdicts)), None)
        for old in list(_cubing):  # threads: a copy
            if old[0] not in _verdicts:
                _cubing.pop(old, None)
        for old in list(_conquerors):
            if old[0] not in _verdicts:
                _conquerors.pop(old, None)
                _slot_locks.pop(old, None)


def _forget_done_cubes(digest, slot):
    """Drop the cubes of verdict `digest`'s `slot` (done: a slot's next cube comes once
    its last is done)."""
    for old in list(_cubing):  # threads: a copy
        if old[:2] == (digest, slot):
            _cubing.pop(old, None)


# -- checkpoints ------------------------------------------------------------------------------

class CheckpointError(DlxError):
    """A checkpoint file that cannot be used: another search's, not one, one another run
    holds, or one that cannot be read or written."""


class Checkpoint:
    """A split search's finished subproblems, one JSON line each, after a header line.

    Header: {"dlxcli": "checkpoint", "version": 1, "search": SHA-256 of the problem and
    the query, "query", "min_open" (how the search was cut), "subproblems" (how many),
    "frontier": SHA-256 of their prefixes}. Then one line per finished subproblem:
    {"subproblem": index, "prefix": its options, "value": the query's answer on it (a
    count, the solutions, or [weight, solution] / null), "nodes", "updates" (null on the
    Python twin), "solutions", "seconds", "mems" (null on the Python twin), "memo"
    ([lookups, hits, entries, bytes, dropped] of its count's memo; absent from
    checkpoints written before the memo, without `dropped` from those written before
    it), "splits" (the nodes of its count split into independent parts; absent from
    checkpoints written before the split), "worker": host/pid}. Each line is one write,
    synced before the next; a torn last line (a crash in mid-write) is cut off when the
    file is opened again. The subtotals are in the file, so a total can be checked by
    adding them up (docs/parallel.md).

    The file is opened once, locked (flock: one run at a time), and never written
    before all of it has been read and checked: a file that is not a regular file, or
    not a checkpoint of this search, is refused as it is. An empty file is a new
    checkpoint. Every field is checked for its type and range (`_take`), every stored
    solution to be one of its subproblem (an exact cover: `ExactCover.is_solution`),
    and every answer against what it can be checked against without searching again
    (`_value`), which cannot catch a forged subtotal that is consistent with itself
    (docs/parallel.md).
    """

    VERSION = 1
    HEADER_START = b'{"dlxcli":"checkpoint"'
    RECORD_START = b'{"subproblem":'
    STATS = ("nodes", "updates", "solutions", "mems")
    UNCOUNTED = ("updates", "mems")
    """May be null: the Python twin counts neither (docs/engine.md)."""

    header: Optional[dict[str, Any]]
    records: list[dict[str, Any]]
    done: dict[int, Done]
    fd: Optional[int]

    def __init__(self, path: Union[str, os.PathLike[str]], search: Search,
                 problem: ExactCover) -> None:
        self.path, self.search, self.problem = os.fspath(path), search, problem
        self.header, self.records, self.done = None, [], {}
        self.fd, self.length, self.created, self.locked = None, 0, False, False
        try:
            self._lock()
            self._read()
        except BaseException:
            self.close()
            raise
        self.min_open = self.header["min_open"] if self.header else None

    def _fail(self, what):
        raise CheckpointError(f"checkpoint {self.path}: {what}")

    def _lock(self):
        """Open the file (made if missing), refusing what is not a regular file before
        it is opened and again once opened (dlxcli.files.open_regular), and lock it
        against other runs."""
        import fcntl
        try:
            if not os.path.lexists(self.path):
                try:
                    self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
                    self.created = True
                except FileExistsError:
                    pass
            if self.fd is None:
                self.fd = open_regular(self.path, os.O_RDWR)
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            self.locked = True
        except NotRegularFile:
            self._fail("it is not a regular file (a checkpoint is a file it appends to)")
        except BlockingIOError:
            self._fail("another dlxcli run is using this checkpoint")
        except OSError as exc:
            self._fail(f"cannot open it ({exc.strerror or exc})")

    def _read(self):
        """Read the header and the records, checking each line's length and JSON; the
        checks against the search's subproblems come in `begin`."""
        try:
            with os.fdopen(os.dup(self.fd), "rb") as file:
                number = 0
                while True:
                    line = file.readline(self._longest_line() + 1)
                    if not line.endswith(b"\n"):
                        self._check_torn(line, number)
                        return
                    number += 1
                    self._parse(line, number)
                    self.length += len(line)
        except OSError as exc:
            self._fail(f"cannot read it ({exc.strerror or exc})")

    def _longest_line(self):
        """The longest line this search can write: a record listing LISTED solutions
        of the longest length (a solution has at most one option per primary item,
        after the forced ones), with room for the other fields."""
        n_primary, _, options, _, _ = self.search.definition
        digits = len(str(len(options))) + 1
        longest = (len(self.search.forced) + n_primary + 2) * digits
        return 4096 + (LISTED + 2) * longest

    def _check_torn(self, tail, number):
        """`tail`, the end of the file after the last newline: nothing, too long a
        line, or the start of a line cut short by a crash (then it is cut off when the
        file is written to)."""
        if len(tail) > self._longest_line():
            self._fail(f"line {number + 1} is longer than any checkpoint line")
        start = self.RECORD_START if self.header else self.HEADER_START
        if tail[:len(start)] != start[:len(tail)] or not tail.isascii():
            self._fail(f"line {number + 1} is not a checkpoint line")

    def _parse(self, line, number):
        import json
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            entry = None
        if not isinstance(entry, dict):
            self._fail(f"line {number} is not a checkpoint line")
        if self.header is None:
            self._check_header(entry)
        else:
            self.records.append(entry)

    def _check_header(self, header):
        if header.get("dlxcli") != "checkpoint" or not _is_count(header.get("version")) \
                or header["version"] != self.VERSION:
            self._fail("it is not a dlxcli checkpoint (version 1)")
        if header.get("search") != self.search.digest:
            self._fail("it belongs to another search (a different problem or query); "
                       "give another file or delete it")
        if not (_is_count(header.get("min_open")) and 1 <= header["min_open"] <= MAX_OPEN):
            self._fail("line 1: min_open is not a number of subproblems")
        self.header = header

    def begin(self, cut: Cut, min_open: int) -> None:
        """Write the header of a new checkpoint, or check that the search was cut the
        same way and take up its records; then append from the end of the last whole
        line (a torn last line is cut off)."""
        assert self.fd is not None, "a Checkpoint is open from __init__ until close"
        frontier = _frontier_digest(cut)
        if self.header is not None:
            if self.header.get("frontier") != frontier:
                self._fail("its search was cut into other subproblems (another dlxcli "
                           "version?)")
            for number, record in enumerate(self.records, 2):
                self._take(record, number, cut)
        try:
            os.ftruncate(self.fd, self.length)
            os.lseek(self.fd, 0, os.SEEK_END)
        except OSError as exc:
            self._fail(f"cannot write it ({exc.strerror or exc})")
        if self.header is None:
            self._append({"dlxcli": "checkpoint", "version": self.VERSION,
                          "search": self.search.digest, "query": self.search.query,
                          "min_open": min_open, "subproblems": len(cut),
                          "frontier": frontier})

    def _take(self, record, number, cut):
        """Check a subproblem's line field by field and keep it as a Done."""
        def wrong(what):
            self._fail(f"line {number}: {what}")
        index = record.get("subproblem")
        if not (_is_count(index) and index < len(cut)):
            wrong("subproblem is not the index of one of this search's subproblems")
        prefix = cut[index][0]
        if record.get("prefix") != list(prefix):
            wrong(f"prefix is not that of subproblem {index}")
        counts = [record.get(name, 0 if name == "mems" else None) for name in self.STATS]
        if not all(_is_count(count) or (count is None and name in self.UNCOUNTED
                                        and name in record)
                   for name, count in zip(self.STATS, counts)):
            wrong("nodes, updates, solutions and mems must be whole numbers >= 0 "
                  "(updates and mems: or null)")
        memo = self._memo(record, counts[0], wrong)
        splits = record.get("splits", 0)
        if not (_is_count(splits) and splits <= counts[0]):
            wrong("splits must be a whole number >= 0, at most nodes")
        if counts[2] > counts[0] and not memo[1] and not splits:
            wrong("solutions is more than nodes (each solution is a node of the search, "
                  "unless the memo counted it or a split multiplied it: memo's hits and "
                  "splits are 0)")
        seconds = record.get("seconds")
        if not (_is_number(seconds) and 0 <= seconds < float("inf")):
            wrong("seconds must be a number >= 0")
        worker = record.get("worker")
        if not (worker is None or isinstance(worker, str)):
            wrong("worker must be a string")
        value = self._value(record.get("value"), counts[2], self.search.forced + list(prefix),
                            wrong)
        stats = Stats(counts[0], counts[1], counts[2], seconds, counts[3])
        stats.memo, stats.splits = memo, splits
        done = Done(index, value, stats, worker)
        if self.done.setdefault(index, done).value != value:
            wrong(f"subproblem {index} is there twice with different answers")

    @staticmethod
    def _memo(record, nodes, wrong):
        """A record's `memo`, [lookups, hits, entries, bytes, dropped] of its count's
        memo (docs/engine.md, "Counting with a memo"), as a tuple (Stats.memo); a
        record written without one (dlxcli before the memo) used none, one without
        `dropped` (before it was recorded) is taken as not dropped. Each solution the
        memo counts by a hit is no node of the search, so only a record with hits may
        count more solutions than nodes; a node looks its state up once at most."""
        memo = record.get("memo", [0, 0, 0, 0])
        if isinstance(memo, list) and len(memo) == 4:
            memo = memo + [0]
        if not (isinstance(memo, list) and len(memo) == 5 and all(map(_is_count, memo))
                and memo[1] <= memo[0] <= nodes and memo[4] <= 1):
            wrong("memo must be [lookups, hits, entries, bytes, dropped], whole numbers "
                  ">= 0, hits at most lookups, lookups at most nodes, dropped 0 or 1")
        return tuple(memo)

    def _value(self, value, solutions, start, wrong):
        """The query's answer on a subproblem, checked: a count equal to its record's
        `solutions`; at most LISTED solutions (or null: too many to list), as many as
        `solutions`, none twice; or null / [weight, solution] with the solution's
        weight. Each solution a list of option indices that starts with `start` (forced
        + prefix) and is an exact cover. A subproblem whose `start` is already a
        solution has that one alone."""
        query = self.search.query
        if query == "count":
            if not (_is_count(value) and value == solutions):
                wrong("value is not a count equal to the line's solutions")
            if value != 1 and self._is_leaf(start):
                wrong("value: the subproblem's prefix is a solution, its only one")
            return value
        if query == "all":
            if value is None:
                return None
            if not (isinstance(value, list) and len(value) <= LISTED
                    and len(value) == solutions):
                wrong("value is not a list of the line's solutions")
            for solution in value:
                self._check_solution(solution, start, wrong)
            if len(set(map(tuple, value))) < len(value):
                wrong("value lists a solution twice")
            if value != [start] and self._is_leaf(start):
                wrong("value: the subproblem's prefix is a solution, its only one")
            return value
        if value is None:
            return None
        if not (isinstance(value, list) and len(value) == 2 and _is_number(value[0])):
            wrong("value is not null or [weight, solution]")
        weight, solution = value
        self._check_solution(solution, start, wrong)
        weights = self.search.definition[3]
        if weights is None or not _same_weight(weight, [weights[k] for k in solution]):
            wrong("value's weight is not its solution's weight")
        return weight, solution

    def _check_solution(self, solution, start, wrong):
        n_options = len(self.search.definition[2])
        if not (isinstance(solution, list) and solution[:len(start)] == start
                and all(_is_count(option) and option < n_options for option in solution)):
            wrong("a solution is not a list of this problem's options starting with its "
                  "subproblem's prefix")
        if not self.problem.is_solution(solution, len(self.search.forced)):
            wrong("a solution is not an exact cover (an option missing, or one too many)")

    def _is_leaf(self, start):
        """Whether a subproblem's forced options and prefix are already a solution."""
        return self.problem.is_solution(start, len(self.search.forced))

    def record(self, done: Done, prefix: Sequence[int]) -> None:
        """Append one finished subproblem."""
        stats = done.stats
        self._append({"subproblem": done.index, "prefix": list(prefix), "value": done.value,
                      "nodes": stats.nodes, "updates": stats.updates,
                      "solutions": stats.solutions, "seconds": round(stats.seconds, 6),
                      "mems": stats.mems, "memo": list(stats.memo),
                      "splits": stats.splits, "worker": done.worker})

    def _append(self, entry):
        """One line, written whole (a short write is continued) and synced. A failed
        write (a full disk, `ulimit -f`) is cut off: the file ends with the last whole
        line, as a crash in mid-write leaves it once the next run has read it."""
        import json
        line = (json.dumps(entry, separators=(",", ":")) + "\n").encode()
        start = os.lseek(self.fd, 0, os.SEEK_CUR)
        try:
            while line:
                line = line[os.write(self.fd, line):]
            os.fsync(self.fd)
        except OSError as exc:
            self._cut_at(start)
            self._fail(f"cannot write it ({exc.strerror or exc}); the subproblems "
                       "written before are kept")

    def _cut_at(self, length):
        """Cut the file to `length` bytes, if the system lets it."""
        try:
            os.ftruncate(self.fd, length)
        except OSError:
            pass

    def close(self) -> None:
        """Close (and unlock) the file; one this run made, locked and left empty is
        removed (not one another run locked first: that run's now)."""
        if self.fd is None:
            return
        try:
            if self.created and self.locked and os.fstat(self.fd).st_size == 0:
                os.unlink(self.path)
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None


def _is_count(value):
    """Whether a JSON value is a whole number >= 0 (not a boolean, not 2.0)."""
    return type(value) is int and value >= 0


def _is_number(value):
    """Whether a JSON value is a finite number (not a boolean)."""
    import math
    return type(value) in (int, float) and math.isfinite(value)


def _same_weight(weight, weights):
    """Whether `weight` is the sum of `weights` (to rounding, for weights that are
    not whole numbers: the engine may add them in another order)."""
    import math
    return math.isclose(weight, sum(weights), rel_tol=1e-9, abs_tol=1e-9)


def _frontier_digest(cut):
    import hashlib
    text = "\n".join(" ".join(map(str, prefix)) for prefix, _ in cut)
    return hashlib.sha256(text.encode()).hexdigest()
