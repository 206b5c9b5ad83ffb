"""A search split over local processes or a Dask cluster: `Split`, the strategy object a
Budget carries, and its queries (count, solutions, maximize, count_each, race).

Layer: parallel's (see dlxcli.parallel), the top of its modules. `ExactCover.count`,
`solutions` (all of them) and `maximize` come here when their Budget carries a `Split`
(the strategy object they call: exact_cover never imports this package):

1. this process searches the whole for a quarter of `Split.probe` seconds (a local
   search, no checkpoint): one that ends by then is neither cut nor farmed out, so
   that a small search costs what it costs alone; else `ExactCover.frontier` cuts
   the search into subproblems, option prefixes in the order the search visits them
   (`subproblems.subproblems_wanted`: about PER_WORKER per worker), the largest
   estimated ones cut first;
2. this process solves the first ones itself for `Split.probe` seconds;
3. the rest go to a pool of `Split.jobs` - 1 processes, this process searching beside
   them (so `jobs` processes search, and between the slices of its own search it
   hands its workers more), or to the Dask cluster at `Split.scheduler`, a few per
   worker at a time;
4. the answers are merged in subproblem order, so that the result is the sequential
   search's whatever the number of workers: counts add up; solutions come in order;
   the best weight wins, ties going to the earliest subproblem (see `maximize`).

Steps 1 to 3 are dlxcli.parallel.farm's (the subproblems: dlxcli.parallel.subproblems;
where they run: dlxcli.parallel.executors), step 4 this module's queries.

`count_each` counts several problems as one such search: their searches weighed,
dealt out heaviest first as tasks, a heavy one cut by its own frontier (`Deal`).

A first solution, or a count stopped at 2, is raced instead (`race`): the portfolio's
members over the jobs (dlxcli.parallel.racing), the count cut into cubes
(dlxcli.parallel.cubes).
"""

from __future__ import annotations

import contextlib
import os
import time

from .. import strategies
from ..errors import DlxError, SearchLimit
from ..exact_cover import Budget, ExactCover, Stats
from ..pool import processes_for, usable_cores
from .cubes import _Conquering
from .farm import _finished, listed_whole
from .racing import _costs, _Racing
from .subproblems import Deal, Search

TYPE_CHECKING = False  # typing costs start-up time: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from typing import Any, Optional, Union

    from .subproblems import Solution

PER_CORE = 4
"""The most local processes per usable core a Split takes (the command line's --jobs
takes one per core: `cli._run.processes`)."""
PROBE_SECONDS = 0.1
"""How long this process searches alone before starting workers (DLXCLI_SPLIT_PROBE):
more than starting a pool costs, little next to a search worth splitting."""
FIRST_TURN_PIECES = 16
"""The pieces of a count's first turn over several jobs (`_first_turn`): a count with
many solutions leaves it after the piece that met them."""
BESIDE_FROM_JOBS = 3
"""The fewest jobs a first solution's race takes cubes beside it on (`_beside`): over 2,
the race's two searches take both."""


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


# -- the three queries -------------------------------------------------------------------

def count(problem: ExactCover, *, forced: Sequence[int] = (), first_item: bool = False,
          budget: Budget, stats: Optional[Stats] = None, limit: Optional[int] = None) -> int:
    """The number of solutions (at most `limit`: a count stopped at 3 or more under
    auto): what --jobs 1's portfolio settles with few solutions (`_few`), under auto;
    else DLX's count split over the jobs (`_split_count`), or, stopped at `limit`, the
    portfolio's count here, as --jobs 1 gives it (strategies.Portfolio.count)."""
    few = _few(problem, list(forced), first_item, budget, stats, limit)
    if few is not None:
        return few
    if limit is not None:
        return strategies.PORTFOLIO.count(problem, forced, first_item, budget, stats, limit)
    return _split_count(problem, forced, first_item, budget, stats)


def _few(problem, forced, first_item, budget, stats, limit):
    """A count under auto (the portfolio: strategies.choose_count) where it has few
    solutions, or stopped at `limit` (`_counted_beside_cubes`); or None: a checkpoint
    (the split count is what it holds), a node limit or a trace (which a race
    refuses), a single job, a cluster (`--scheduler`: the split count goes to it at
    once, without a probe here), or a count that has many (its costs then count in,
    its solutions not: Budget.apart)."""
    split = budget.split
    if split.alone or split.checkpoint or split.scheduler or budget.node_limit is not None \
            or budget.trace is not None or strategies.choose_count(
                budget.reason, problem, first_item, forced) is not strategies.PORTFOLIO:
        return None
    return budget.apart(stats, lambda its_budget, cost: _counted_beside_cubes(
        problem, forced, its_budget, cost, limit), keeps_solutions=lambda count: count is not None)


def _counted_beside_cubes(problem, forced, budget, stats, limit=None):
    """The count as --jobs 1's portfolio gives it where it has few solutions, or stopped
    at `limit`; else None.
    --jobs 1 counts with DLX (its memo and all) and, past AUTO_NODES, the Learner in
    turns, the Learner listing the solutions while either search has met at most
    LEARNER_COUNTS_MOST (`Portfolio.count`): DLX's memo settles a pigeonhole (K21's
    matchings, the mutilated 14x14 board) in a fraction of a second, the Learner a hard
    25x25 that DLX counts for minutes. Here: DLX's count alone for AUTO_NODES (where it
    ends, --jobs 1's answer, figures and all); then, where it has met fewer than `most`
    solutions (LEARNER_COUNTS_MOST + 1, or the limit), DLX's count goes on here, turn
    by turn, while the jobs count to `most` cut into cubes (`_Conquering`, as --unique
    is, beside DLX as beside a first solution's race; DLX's share: `_first_decided`),
    the first to decide answering: DLX's count, or the cubes' that found fewer. Where
    either meets `most`: the limit, if there is one; for every solution, None (a count
    that large is DLX's: the split count gives it). Where the forced options cannot be
    the Learner's, DLX's count alone (to the limit, or None: the split count). Its
    costs go into `stats`."""
    split = budget.split
    most = strategies.LEARNER_COUNTS_MOST + 1 if limit is None else limit
    counting = strategies.Counting(problem, forced, budget)
    conquest = cubes = answer = None
    try:
        _first_turn(counting, most, budget)
        if not counting.done and counting.found < most and strategies.learnable(problem, forced):
            conquest = _Conquering(problem, forced, most, budget, True, here=False)
            conquest.start(split, split.jobs)
            cubes = _first_decided(counting, conquest, strategies.round_nodes(problem, forced),
                                   most, budget)
            conquest.close()
        if counting.done:
            answer = counting.found if limit is None else min(counting.found, limit)
        elif cubes is not None and cubes < most:
            answer = cubes
        elif limit is not None:  # the limit met, or no Learner: DLX's count alone
            answer = limit if counting.found >= limit or cubes is not None \
                else _counted_to(counting, limit, budget)
        return answer
    except SearchLimit as stopped:
        stopped.counted(_count_costs(counting, conquest, 0))
        raise
    finally:
        if conquest is not None:
            conquest.close()
        budget.tally(stats, _count_costs(counting, conquest, answer or 0))


def _first_turn(counting, most, budget):
    """DLX's first turn of AUTO_NODES nodes, in FIRST_TURN_PIECES pieces, cut short
    once it has met `most` solutions (so that a count with many, which the split count
    gives, spends no more than that here)."""
    piece = -(-strategies.AUTO_NODES // FIRST_TURN_PIECES)
    for _ in range(FIRST_TURN_PIECES):
        if counting.turn(piece, budget) or counting.found >= most:
            return


def _first_decided(counting, conquest, units, most, budget):
    """DLX's count here, `units` nodes a turn, and the cubes' between the turns, until
    one decides: None where DLX's count did (it ended, or met `most` solutions), else
    the solutions the cubes found (fewer than `most`: the count; or `most`). After
    each of its turns DLX waits for the cubes' reports as long as a round of the
    Learner takes (`_learner_round`), as in --jobs 1's portfolio, where they take
    turns: so DLX's count gets the share of a core it gets there, the cubes the rest.
    (Following the cubes' own share of DLX instead, `conquest.dlx_every`, a 17th of a
    core where their Learner answers cubes, left DLX's memo count, which the cubes'
    searches do not have, three times as long as --jobs 1 on a parity board of 16 x 16
    that it alone settles: attack16.) The progress shown is the cubes' (cubes
    settled of all of them), as for --unique: DLX's part of its tree done, on a hard
    25x25, promised an end in 200 hours (attack16b)."""
    learner_round, quiet = _learner_round(conquest), budget.reporting(None)
    while True:
        began = time.perf_counter()
        if counting.turn(units, quiet) or counting.found >= most:
            return None
        now = time.perf_counter()
        until = now + (now - began if learner_round is None else learner_round)
        while True:
            conquest.step(max(until - time.perf_counter(), 0.0))
            conquest.report()
            if conquest.decided:
                return conquest.found
            if time.perf_counter() >= until:
                break


def _learner_round(conquest):
    """The seconds of ROUND_STEPS steps of the Learner, as its warm-up here took them
    (`conquest.warm`, learner_cut); None where the cubes were cut without one."""
    warm = conquest.warm
    if warm is None:
        return None
    search = warm.search
    steps = search.decisions + search.conflicts
    return strategies.ROUND_STEPS * search.seconds / steps if steps else None


def _counted_to(counting, limit, budget):
    """DLX's count here, alone, on to `limit` solutions or its end: min(count, limit)."""
    while counting.found < limit and not counting.turn(strategies.AUTO_NODES, budget):
        pass
    return min(counting.found, limit)


def _count_costs(counting, conquest, solutions):
    """What a count beside cubes cost: DLX's count and the cubes, with `solutions`."""
    total = counting.stats()
    if conquest is not None:
        total.add(conquest.costs())
    total.solutions = solutions
    return total


def _split_count(problem, forced, first_item, budget, stats):
    """The number of solutions: the subproblems' counts added up. The subproblems
    this process solves share one memo, kept from one to the next (a state's count
    does not depend on the path to it: docs/engine.md, "Counting with a memo"), as
    do those each worker solves (`subproblems._problem`)."""
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
    comes, its solutions yielded as they are found (`farm._relisted`); meanwhile the
    workers finish what they have in hand and get nothing new. The subproblems waiting
    for their turn are at most those of the frontier, LISTED solutions each.

    Where a limit or a signal stops the list, the solutions of its figures (`stats`,
    the budget's spent ones) are those it gave: the subproblems a worker finished ahead
    of their turn counted theirs, not given, and a whole search that handed the list
    on to the split did not count its own, given (-v said 0 solutions after thousands
    were written, or half of them: attack17d, attack17e)."""
    figures = [figure for figure in (stats, budget.spent) if figure is not None]
    before = [figure.solutions for figure in figures]
    listing = _Listing()
    try:
        yield from _in_order(problem, forced, first_item, limit, budget, stats, listing)
    except BaseException:
        for figure, solutions in zip(figures, before):
            figure.solutions = solutions + listing.given
        raise


class _Listing:
    """How many solutions a split list has given so far."""

    __slots__ = ("given",)

    def __init__(self):
        self.given = 0


def _in_order(problem, forced, first_item, limit, budget, stats, listing):
    """`solutions`' list: the whole search here first (`farm.listed_whole`), then, where
    it hands the list on, the split's subproblems in order, past what it gave."""
    search = Search(problem.definition, "all", forced, first_item, limit, budget.node_limit)
    whole = listed_whole(problem, search, budget, stats)
    if whole is not None:
        with contextlib.closing(whole):
            for solution in whole:
                if solution is None:
                    break
                listing.given += 1  # counted as it goes out: a signal may come as it is written
                yield solution
            else:
                return
        if listing.given == limit:  # met as the whole search gave up
            return
    waiting, next_index, skip = {}, 0, listing.given
    for done in _finished(problem, search, budget, stats):
        waiting[done.index] = done.value
        while next_index in waiting:
            for solution in waiting.pop(next_index):
                if skip:
                    skip -= 1
                    continue
                listing.given += 1
                yield solution
                if listing.given == limit:
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

def count_each(problems: Sequence[ExactCover], *, budget: Budget,
               stats: Optional[Stats] = None) -> list[int]:
    """The number of solutions of each problem, their searches dealt out as one split
    search: each problem a task, or, where its weight (`subproblems._deal_cut`) is over
    1/wanted of the whole (`subproblems.subproblems_wanted`), cut into subproblems by its
    own frontier; the tasks handed out the heaviest first, this process's probe taking
    the lightest.
    So the parts of a symmetry breaking are searched apart (no colours: the engine
    cuts a dead end's covering short) on every process, where one problem of all the
    parts would be split with colours. One problem is the split search itself
    (`count`). Not with a checkpoint, which holds one search."""
    if budget.split is None or budget.split.holds_one_search:
        raise ValueError("count_each deals over a Split without a checkpoint (which holds "
                         "one search)")
    if len(problems) == 1:
        return [_split_count(problems[0], (), False, budget, stats)]
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


# -- one hard query raced over the jobs -----------------------------------------------------

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
    (`executors.Processes`, or `executors.Cluster` with a scheduler) takes over. A first
    solution: the portfolio's Learner searches there while DLX goes on here, each a
    whole search of its own; the first to decide answers (`racing._Racing._decided`),
    and the other is stopped then (its process killed, its cluster tasks cancelled). A
    count: cut into cubes, each counted on its own (`cubes._Conquering`: cube and
    conquer)."""
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
