"""A split search's subproblems solved: those a checkpoint holds, then those this
process solves for its probe, then the rest farmed out to the workers, this process
searching beside them; what is done so far (`Tally`), and the bound a maximize shares
(`Bound`).

Layer: parallel's (see dlxcli.parallel), under the queries of dlxcli.parallel.split,
which take the subproblems from `_finished` as they are finished.
"""

from __future__ import annotations

import collections
import contextlib
import time

from ..errors import NodeLimitExceeded, SearchLimit, TimeLimitExceeded, counted
from ..exact_cover import Stats
from . import executors
from .checkpoint import Checkpoint
from .executors import Cluster, Processes
from .subproblems import Done, Search, solve_subproblem, subproblems_wanted

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
        whole, best = None, None
        if search.query != "all" and searched_whole_first(budget) \
                and isinstance(search, Search):
            whole, best = _whole_here(problem, search, budget, spent)
        if whole is not None:
            yield whole
            return
        n_workers = workers.size if workers else split.jobs
        min_open = (checkpoint.min_open if checkpoint and checkpoint.min_open
                    else subproblems_wanted(n_workers))
        cut = search.cut(problem, min_open, spent, budget)
        tally = Tally(cut, budget, spent, search.node_limit, search.query == "maximize")
        tally.bound.best = best
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


WHOLE = [((), 1.0)]
"""The cut of a search into one subproblem: itself."""
WHOLE_SHARE = 0.25
"""The part of the split's probe this process first searches the whole for
(`_whole_here`, `listed_whole`): a search that outlasts it loses that much here before
it is cut."""


def searched_whole_first(budget):
    """Whether a split search is searched whole here before it is cut: cut first, a 9x9
    sudoku's of 2 ms cost 50 ms of frontier (`ExactCover.frontier`: a start of the
    Solver per node it opens), which `sudoku --all --jobs 2` paid for each puzzle of a
    file: 40 times --jobs 1's time (attack17). Not where it is cut at once: a
    checkpoint (which holds subproblems), a cluster, no probe."""
    split = budget.split
    return not (split.checkpoint or split.scheduler or not split.probe)


def _whole_deadline(budget):
    """When a whole search here gives up (a time.perf_counter() instant), or None where
    this process searches alone (it then searches to the end)."""
    split = budget.split
    return None if split.alone else time.perf_counter() + WHOLE_SHARE * split.probe


def _whole_here(problem, search, budget, spent):
    """(Done, None): a count's or a maximize's whole search as one subproblem, where
    this process finishes it by `_whole_deadline`; else (None, the best weight a maximize
    found by then, or None), and the search is cut: a count keeps its memo's entries
    (valid whatever the prefix), a maximize's subproblems get that weight as the bound
    they share (`Bound`: below the largest weight, so the answer stays the sequential
    one). Without it a target-sudoku of 9 givens, cut over two jobs, searched 6.0
    million nodes where one job searches 1.1 (attack17d)."""
    tally = Tally(WHOLE, budget, spent, search.node_limit, search.query == "maximize")
    try:
        done = _solve_one(problem, search, WHOLE, 0, budget, _whole_deadline(budget), tally)
    except TimeLimitExceeded:
        budget.check(tally.nodes)  # the run's time limit; else the probe's time is up
        maximize = search.query == "maximize"
        return None, problem.solver.best_weight if maximize else None
    tally.add(done)
    return done, None


def listed_whole(problem, search, budget, stats):
    """A list's whole search here, as `_whole_deadline` allows, its solutions given as it
    finds them (a list streams: `dlxcli sudoku --all | head -1`): a generator whose
    last item is None where it gave up (the rest is then the split's, past as many
    solutions as it gave: the split gives them in the same order), or None where the
    search is cut at once. The time is looked at after each solution too, not only
    between the search's slices, which a search whose solutions come often never
    ends (pentominoes: attack17c)."""
    if not searched_whole_first(budget):
        return None
    return _listing(problem, search, budget, stats, _whole_deadline(budget))


def _listing(problem, search, budget, stats, until):
    """`listed_whole`'s generator. Its costs go into `stats` and the budget's spent
    figures, its solutions too but where it hands the list on to the split (which finds
    them again, and counts them): where it ends, or the run's time limit ends it, they
    are the solutions given (attack17d)."""
    part = budget.reasoning("singles").until(until, budget.progress)
    part.spent, own, handed_on = None, Stats(), False
    found = problem.solutions(forced=search.forced, first_item=search.first_item,
                              limit=search.limit, budget=part, stats=own)
    try:
        try:
            for solution in found:
                yield solution
                budget.check(own.nodes)
                if until is not None and time.perf_counter() >= until:
                    break
            else:
                return
        except TimeLimitExceeded:
            budget.check(own.nodes)  # the run's time limit; else the probe's time is up
        handed_on = True
        yield None
    finally:
        found.close()
        for figures in (stats, budget.spent):
            if figures is not None:
                figures.add(own, solutions=not handed_on)


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


def _keep(done, checkpoint, cut, tally):
    """Record a subproblem just finished: in the checkpoint, then in the tally (which
    may raise NodeLimitExceeded: the subproblem is kept all the same)."""
    if checkpoint:
        checkpoint.record(done, cut[done.index][0])
    tally.add(done)


def _relisted(done, problem, search, cut, budget, tally):
    """`done` as it is; or, for a subproblem with too many solutions to list
    (`subproblems._listed` gave None), its solutions searched again here as they are
    wanted: a generator that starts the search only when its turn comes, which is
    while the search's other work here waits (`_finished` is not resumed before it is
    over), so that it has this process's solver to itself. Its cost goes into the
    tally's."""
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
    def both(fraction, nodes, solutions, **unmeasured):
        first()
        progress(fraction, nodes, solutions, **unmeasured)
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
        finished = workers.wait(0 if busy_here else executors.TICK)
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
        self.cut_up = cut is not WHOLE  # the whole search searched first shows no parts
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
                f"search stopped after {counted(searched, 'node')} (node limit)", self.spent.nodes)
        self.report()

    def report(self, fraction=0.0, nodes=0, solutions=0):
        """Tell the budget's progress callback (at most every REPORT_EVERY seconds),
        adding the part of a subproblem under way here (its own fraction, nodes and
        solutions so far)."""
        now = time.perf_counter()
        if self.budget.progress is None or now - self.reported < self.REPORT_EVERY:
            return
        self.reported = now
        parts = (self.finished, len(self.shares)) if self.cut_up else None
        self.budget.progress((self.part + fraction) / self.whole, self.spent.nodes + nodes,
                             self.spent.solutions + solutions, parts=parts)

    def reporter(self, share):
        """The progress callback of a subproblem with this share, solved here. A search
        that stops at each solution (a subproblem's solutions listed, for every
        solution: `Search.answer`, `_relisted`) reports no part done (`fraction` None,
        and its depth): none of its share counts as done then, its nodes and solutions
        do."""
        def progress(fraction, nodes, solutions, **unmeasured):
            self.report((fraction or 0.0) * share, nodes, solutions)
        return progress


class Bound:
    """The bound a maximize search shares between its subproblems: the best weight the
    finished ones found. A subproblem handed out later looks only for solutions
    heavier than that weight less one (engine Solver.set_floor), so it prunes what
    cannot reach the best so far, but still finds a solution of that weight.

    The answer stays that of the sequential search, whatever the timing: let W be the
    largest weight and S the first solution of weight W in the search's order. Every
    floor is below W (no subproblem finds more than W), so the subproblem that holds S
    still returns S (the argument of `split.maximize`, with the floor as a best found
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
