"""A split search's subproblems: how many a search is cut into (`subproblems_wanted`),
the search as the workers get it (`Search`; the counts of several problems, `Deal`),
and a worker's side (`solve_subproblem`: a finished subproblem, `Done`).

Layer: parallel's (see dlxcli.parallel). What reaches a worker is a `Search`: the
problem's constructor arguments and the query; the worker builds the problem once
(`_problem`) and solves subproblem after subproblem with the sequential queries. A
`Deal` holds several problems, their searches weighed and dealt out as one set of
tasks, the heaviest first, a heavy one cut by its own frontier (`_deal_cut`).
"""

from __future__ import annotations

import os

from ..exact_cover import Budget, ExactCover, Stats

TYPE_CHECKING = False  # typing costs start-up time: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Optional, Union

    Solution = list[int]
    Definition = tuple[int, int, Sequence[Sequence[int]], Optional[Sequence[float]],
                       Optional[Sequence[Sequence[int]]]]
    Value = Union[int, Optional[list[Solution]], Optional[tuple[float, Solution]]]
    """A query's answer on a subproblem: a count, the solutions, the best."""
    Cut = list[tuple[tuple[int, ...], float]]

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
LISTED = 1000
"""The most solutions a subproblem hands back when they are all listed: one that has
more answers None (its search stopped there, its cost not counted), and this process
searches it again when its turn comes, each solution handed on as it is found. So the
subproblems finished ahead of their turn hold at most LISTED solutions each, and an
unbounded list streams in flat memory (see `solutions`)."""


class Search:
    """One query of one problem, as the workers get it (picklable); `digest` names it
    in a checkpoint. `plain`: the problem counts plainly (ExactCover.count_plainly),
    and so do the workers' copies (not part of the digest: the counts are the same)."""

    __slots__ = ("definition", "query", "forced", "first_item", "limit", "node_limit",
                 "_digest", "plain")
    PROBE_LAST = False
    """Whether this process's probe takes the last subproblems (`_solved`)."""

    def __init__(self, definition: Definition, query: str, forced: Sequence[int] = (),
                 first_item: bool = False, limit: Optional[int] = None,
                 node_limit: Optional[int] = None, plain: bool = False) -> None:
        self.definition, self.query = definition, query
        self.forced, self.first_item = list(forced), bool(first_item)
        self.limit, self.node_limit, self.plain = limit, node_limit, plain
        self._digest: Optional[str] = None

    @property
    def digest(self) -> str:
        """A SHA-256 of the problem and the query (`_digest`), made when first asked
        for: by a checkpoint, or by a worker building the problem. A search that ends
        within the probe never needs it, and it cost a 9x9 sudoku's list (2 ms of
        search) 1 ms: `sudoku --all --jobs 2` on 3,000 small puzzles (attack17c)."""
        if self._digest is None:
            self._digest = _digest(self.definition, self.query, self.forced,
                                   self.first_item, self.limit)
        return self._digest

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


def subproblems_wanted(n_workers: int) -> int:
    """How many subproblems that can still branch a search is cut into for `n_workers`
    (ExactCover.frontier's `min_open`)."""
    return min(max(PER_WORKER * n_workers, MIN_SUBPROBLEMS), MAX_OPEN)


# -- a deal: the counts of several problems as one set of tasks ------------------------------

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


# -- a worker's side ----------------------------------------------------------------------

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
