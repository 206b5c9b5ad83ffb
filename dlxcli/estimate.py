"""Knuth's estimate of a search before it is run (--estimate).

Layer: beside exact_cover (it walks an ExactCover's search through the engine's public
calls; the queries hand it their search when the budget carries an Estimator).

A **probe** walks the search tree the engine would walk, from the root down one
random branch at each node: the same item X3 chooses (MRV, Knuth's order of ties, or
the first item), each of its options equally likely. If the degrees met on the way are
d0, d1, ..., the probe's estimate of the tree's nodes is 1 + d0 + d0 d1 + ... (one term
per level it reached) and of its solutions d0 d1 ... dk when it ends at a solution, 0
at a dead end: the mean over probes is unbiased (Knuth, "Estimating the efficiency of
backtrack programs", Math. Comp. 29, 1975; TAOCP 7.2.2, Theorem E).

On exact-cover trees the solutions are rare leaves (one random 6x10 pentomino probe
in about ten thousand ends at a solution), so plain probes estimate the nodes well and
the solutions hardly at all. Each probe therefore also counts small subtrees exactly:
at a node of the probe's path it runs the engine's own count for at most EXACT_NODES
nodes, and when that count finishes, the subtree's exact nodes and solutions, times
the product of the degrees above it, end the probe (Knuth's estimate of a tree whose
small subtrees are leaves of known size: still unbiased, since which subtrees are small
does not depend on the probe). An attempt that does not finish is wasted work, so a
depth where attempts mostly failed is not tried again (the rule adapts between probes,
never within one, which keeps each probe unbiased). The engine's speed, measured by
running the search itself from its root for PILOT_SECONDS, turns nodes into seconds.

Everything is integer arithmetic on the engine's node counts and Python's seeded
random.Random, so both twins give the same estimate for the same seed and probes
(tests/test_estimate.py).
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from fractions import Fraction

from . import engine

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Optional, Union

    from .exact_cover import ExactCover

PROBES = 500
"""Probes per search by default (docs/queries.md, "Estimating a search": the spread
they leave)."""
SECONDS = 1.0
"""Without --probes, probing a piece of input stops after this many seconds, counted
from its first probe (each search then gets one probe more at most), so that a slow
read or model build, or a loaded machine, leaves the probes their second: the
default estimate takes a second or so beyond the build, and repeats exactly whenever
the cap did not cut it."""
SEED = 0
"""The default --seed."""
EXACT_NODES = 1000
"""The most nodes a probe's exact count of a subtree may take."""
PILOT_SECONDS = 0.05
"""How long the engine's own search runs, once per search, to measure its speed."""
RETRY_SHARE = 8
"""A depth is tried again while at least 1 in this many of its attempts finished (and
always for its first 3 attempts)."""


class Estimate:
    """Knuth's estimate of one or more searches, added up: the estimated `nodes` and
    `solutions`, the variances of those means (`nodes_var`, `solutions_var`: they add up
    over independent searches), `seconds` at the measured speed (None when nothing was
    measured), the `probes` made, the `searches` estimated, `cut`: whether the time
    cap stopped the probing before PROBES (the seed then does not fix the result), and
    `bounded`: whether one of the searches is a branch and bound (maximize), whose
    bound cuts the tree estimated here: its figures are then upper bounds."""

    __slots__ = ("nodes", "solutions", "nodes_var", "solutions_var", "seconds", "probes",
                 "searches", "cut", "seed", "bounded")

    def __init__(self, seed: int = SEED) -> None:
        self.nodes = self.solutions = self.nodes_var = self.solutions_var = 0.0
        self.seconds: Optional[float] = None
        self.probes = self.searches = 0
        self.cut = self.bounded = False
        self.seed = seed

    def add(self, other: Estimate) -> Estimate:
        """Add another piece's estimate into this one."""
        self.nodes += other.nodes
        self.solutions += other.solutions
        self.nodes_var += other.nodes_var
        self.solutions_var += other.solutions_var
        if other.seconds is not None:
            self.seconds = (self.seconds or 0.0) + other.seconds
        self.probes += other.probes
        self.searches += other.searches
        self.cut = self.cut or other.cut
        self.bounded = self.bounded or other.bounded
        return self

    def spread(self, what: str) -> float:
        """The standard error of `what` ("nodes" or "solutions") relative to it (0 when
        the estimate is 0)."""
        value = getattr(self, what)
        return math.sqrt(getattr(self, what + "_var")) / value if value else 0.0

    def as_dict(self) -> dict[str, object]:
        """The JSON value (docs/json.md, "estimate")."""
        return {"nodes": self.nodes, "solutions": self.solutions, "seconds": self.seconds,
                "probes": self.probes, "searches": self.searches,
                "nodes_spread": self.spread("nodes"),
                "solutions_spread": self.spread("solutions"), "seed": self.seed,
                "cut": self.cut, "bounded": self.bounded}

    def line(self) -> str:
        """The estimate in words, for stderr."""
        probes = f"{self.probes:,} probe{'' if self.probes == 1 else 's'}"
        if self.searches > 1:
            probes += f" over {self.searches:,} searches"
        cut = f", cut at {SECONDS:g} s" if self.cut else ""
        seconds = "" if self.seconds is None else f", {_seconds(self.seconds)}"
        bounded = ("; at most, as the branch and bound cuts that tree" if self.bounded
                   else "")
        return (f"estimate ({probes}, seed {self.seed}{cut}): "
                f"{_about(self.solutions)} solution{'' if self.solutions == 1 else 's'}"
                f"{_spread(self, 'solutions')}, "
                f"{_about(self.nodes)} nodes{_spread(self, 'nodes')}{seconds}{bounded}")

    def __reduce__(self):
        """Pickled by its slots (it crosses a worker pool inside a Piece)."""
        return _rebuilt, (tuple(getattr(self, name) for name in Estimate.__slots__),)


def _rebuilt(values):
    estimate = Estimate.__new__(Estimate)
    for name, value in zip(Estimate.__slots__, values):
        setattr(estimate, name, value)
    return estimate


def _about(value: float) -> str:
    """`value` to 3 significant digits, with thousands separators: '9,360', '3,160,000',
    '0.5'."""
    if value == 0:
        return "0"
    digits = 3 - 1 - math.floor(math.log10(abs(value)))
    rounded = round(value, digits)
    return f"{rounded:,.0f}" if digits <= 0 or rounded == int(rounded) else f"{rounded:,.{digits}f}"


def _spread(estimate: Estimate, what: str) -> str:
    """' ±12%' (the relative standard error), or '' when it is 0."""
    spread = estimate.spread(what)
    return f" \u00b1{spread:.0%}" if spread >= 0.005 else ""


def _seconds(seconds: float) -> str:
    """'about 2.1 s', 'about 3.5 hours', ..."""
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600),
                       ("minutes", 60)):
        if seconds >= 2 * size:
            return f"about {_about(seconds / size)} {unit}"
    return f"about {_about(seconds)} s"


class Estimator:
    """What a budget carries under --estimate: each query of the input hands its search
    to `search` instead of running it, and gets "no solution" back (the answer is not
    shown); `estimate` adds them up. `probes` per search (None: PROBES, cut at SECONDS
    of probing), `seed` for the random choices."""

    def __init__(self, probes: Optional[int] = None, seed: int = SEED) -> None:
        self.probes = PROBES if probes is None else probes
        self.capped = probes is None
        self.deadline: Optional[float] = None  # set by the first probe when capped
        self.seed = seed
        self.estimate = Estimate(seed)
        self.measured_nodes, self.measured_seconds = 0, 0.0
        self.weight: Union[int, Fraction] = 1   # `weighted`

    def search(self, problem: ExactCover, forced: Sequence[int] = (), first_item: bool = False,
               limit: Optional[int] = None, expired=None, maximize: bool = False) -> Estimate:
        """Estimate the search of `problem` with these query keywords (a maximize
        search as the count of the same tree: its bound can only cut it), add it to
        `estimate` and return it. A query stopped at `limit` solutions is counted as
        if the solutions were spread evenly over the search: the estimated nodes times
        limit / (solutions + 1), and at most `limit` solutions. `expired()`: whether
        the input's time limit has passed (the probing then stops)."""
        if self.capped and self.deadline is None:  # reading and building do not count
            self.deadline = time.perf_counter() + SECONDS
        probe = Probe(problem, list(forced), first_item, self)
        sums = [0, 0, 0, 0]  # nodes, solutions, and their squares
        rng = random.Random(self.seed)
        made = 0
        while made < self.probes:
            nodes, solutions = probe.run(rng)
            made += 1
            for k, value in enumerate((nodes, solutions, nodes * nodes, solutions * solutions)):
                sums[k] += value
            if probe.exact_at_root:
                break  # every probe would count the same tree exactly
            if self._stop(expired):
                self.estimate.cut = self.deadline is not None and made < self.probes
                break
        one = _mean_and_variance(sums, made)
        if limit is not None:
            _stopped_at(one, limit)
        one.solutions *= float(self.weight)
        one.solutions_var *= float(self.weight) ** 2
        one.seconds = self.seconds(one.nodes)
        one.bounded = maximize
        self.estimate.add(one)
        return one

    def _stop(self, expired) -> bool:
        """Whether the probing stops here: the cap of the default, or a time limit."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            return True
        return expired is not None and expired()

    def measured(self, nodes: int, seconds: float) -> None:
        """An exact count that ran `nodes` nodes in `seconds`: the engine's speed."""
        self.measured_nodes += nodes
        self.measured_seconds += seconds

    def seconds(self, nodes: float) -> Optional[float]:
        """Seconds that `nodes` take at the speed measured so far (None: unmeasured)."""
        if not self.measured_nodes or self.measured_seconds <= 0:
            return None
        return nodes * self.measured_seconds / self.measured_nodes


@contextlib.contextmanager
def weighted(estimator: Optional[Estimator], weight: Union[int, Fraction]) -> Iterator[None]:
    """Within it, the searches `estimator` estimates (None: no --estimate) count
    `weight` times their solutions, as the count they make up weighs them: a count by
    Burnside's lemma is a weighted sum of counts (pack.by_burnside: 1/8 of the 8x8
    dominoes' 12,988,816 packings and of the symmetric ones, 1,629,189 in all).
    Their nodes are their own."""
    if estimator is None:
        yield
        return
    before, estimator.weight = estimator.weight, weight
    try:
        yield
    finally:
        estimator.weight = before


class Probe:
    """The probes of one search: `run(rng)` walks one, and returns its (nodes,
    solutions) estimate as integers. Exact counts of subtrees are kept by path, so
    that probes through the same small subtree count it once."""

    def __init__(self, problem: ExactCover, forced: list[int], first_item: bool,
                 estimator: Estimator) -> None:
        self.problem, self.forced, self.first_item = problem, forced, first_item
        self.estimator = estimator
        self.exact: dict[tuple[int, ...], Optional[tuple[int, int]]] = {}
        self.tries: dict[int, list[int]] = {}  # depth -> [attempts, finished]
        self.exact_at_root = False

    def run(self, rng: random.Random) -> tuple[int, int]:
        path: list[int] = []
        weight, nodes = 1, 0
        while True:
            counted = self._counted(path)
            if counted is not None:
                if not path:
                    self.exact_at_root = True
                return nodes + weight * counted[0], weight * counted[1]
            nodes += weight
            options = self.problem._branches(self.forced + path, self.first_item, False)
            if options is None:
                return nodes, weight
            if not options:
                return nodes, 0
            weight *= len(options)
            path.append(options[rng.randrange(len(options))])

    def _counted(self, path: list[int]) -> Optional[tuple[int, int]]:
        """(nodes, solutions) of the subtree under `path` when a count of at most
        EXACT_NODES nodes finishes it, else None (then or when its depth is skipped)."""
        key = tuple(path)
        if key in self.exact:
            return self.exact[key]
        tries = self.tries.setdefault(len(path), [0, 0])
        if tries[0] >= 3 and tries[1] * RETRY_SHARE < tries[0]:
            return None
        problem = self.problem
        problem._start(self.forced + path, self.first_item, False)
        began = time.perf_counter()
        status = problem.solver.run(EXACT_NODES, True)
        counted = None
        if status == engine.EXHAUSTED:
            counted = (problem.solver.nodes, problem.solver.count)
            tries[1] += 1
        if not path:
            self._pilot(began, status)
        tries[0] += 1
        self.exact[key] = counted
        return counted

    def _pilot(self, began: float, status: int) -> None:
        """The engine's speed on this search: the root's count, which has just run
        EXACT_NODES nodes (or finished), goes on for PILOT_SECONDS in all. What it
        finds is not used: a faster twin would get further (the twins must agree)."""
        solver = self.problem.solver
        while status != engine.EXHAUSTED and time.perf_counter() - began < PILOT_SECONDS:
            status = solver.run(engine.SLICE, True)
        self.estimator.measured(solver.nodes, time.perf_counter() - began)


def _mean_and_variance(sums: list[int], probes: int) -> Estimate:
    """The Estimate of one search from its probes' sums (nodes, solutions, squares)."""
    one = Estimate()
    one.probes, one.searches = probes, 1
    one.nodes, one.solutions = sums[0] / probes, sums[1] / probes
    if probes > 1:
        one.nodes_var = _variance_of_mean(sums[0], sums[2], probes)
        one.solutions_var = _variance_of_mean(sums[1], sums[3], probes)
    return one


def _variance_of_mean(total: int, squares: int, probes: int) -> float:
    """The sample variance of the probes over `probes`: the variance of their mean
    (computed in integers, so that both twins round alike)."""
    return (squares * probes - total * total) / (probes * probes * (probes - 1))


def _stopped_at(one: Estimate, limit: int) -> None:
    """Scale a search's estimate to a query that stops at `limit` solutions."""
    share = min(1.0, limit / (one.solutions + 1))
    one.nodes *= share
    one.nodes_var *= share * share
    if one.solutions > limit:
        one.solutions, one.solutions_var = float(limit), 0.0
