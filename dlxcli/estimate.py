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
running the search itself from its root (PILOT_SECONDS in all), turns nodes into seconds.

Everything is integer arithmetic on the engine's node counts and Python's seeded
random.Random, so both twins give the same estimate for the same seed and probes
(tests/test_estimate.py).
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from decimal import Decimal
from fractions import Fraction

from . import engine
from .errors import TimeLimitExceeded, counted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Optional, Union

    from .exact_cover import Budget, ExactCover

PROBES = 500
"""Probes per search by default (docs/queries.md, "Estimating a search": the spread
they leave)."""
SECONDS = 1.0
"""Without --probes, probing an input stops after this many seconds, counted from its
first probe, so that a slow read or model build, or a loaded machine, leaves the probes
their second: the default estimate takes a second or so beyond the build, and repeats
exactly whenever the cap did not cut it. The cap is the input's, not a piece's: a piece
of a many-puzzle input other than the first counts it from the input's start, plus its
own parsing and building (it may run in another process: perf_counter is the same
monotonic clock there)."""
GRACE = SECONDS / 4
"""Past the cap, each search begun gets one probe for this many seconds more (searches
that differ, as pack's residual searches do, each get a figure of their own); the
searches after that are not probed: each counts as the mean of those probed."""
SEED = 0
"""The default --seed."""
EXACT_NODES = 1000
"""The most nodes a probe's exact count of a subtree may take."""
PILOT_SECONDS = 0.05
"""How long the engine's own search runs to measure its speed: once per Estimator (an
input, or a piece of one), on its first searches, until this much has been measured."""
RETRY_SHARE = 8
"""A depth is tried again while at least 1 in this many of its attempts finished (and
always for its first 3 attempts)."""
CAP, TIME_LIMIT = "cap", "time limit"
"""What cut the probing (Estimate.cut)."""


class Estimate:
    """Knuth's estimate of one or more searches, added up: the estimated `nodes` and
    `solutions` of the `searches` probed, the variances of those means (`nodes_var`,
    `solutions_var`: they add up over independent searches), `seconds` at the measured
    speed (None when nothing was measured), the `probes` made; `unprobed`, the searches
    that the cap or a time limit left without a probe (`whole` counts each as the mean
    probed search, from `nodes_sq` and `solutions_sq`, the sums of the squares of the
    probed searches' figures); `left`, the searches a time limit left out (not in the
    figures: the estimate so far); `once`, the searches probed once and not counted exactly
    (no spread); `cut`: what stopped the probing early (None, CAP or TIME_LIMIT; the
    seed then does not fix the result); `bounded`: whether one of the searches is a
    branch and bound (maximize), whose bound cuts the tree estimated here: its figures
    are then upper bounds; `if_unique`: whether the searches of --minimal were estimated
    as those of a unique puzzle (the answers that decide them are not known)."""

    __slots__ = ("nodes", "solutions", "nodes_var", "solutions_var", "seconds", "probes",
                 "searches", "unprobed", "left", "nodes_sq", "solutions_sq", "once", "cut", "seed",
                 "bounded", "if_unique")

    def __init__(self, seed: int = SEED) -> None:
        self.nodes = self.solutions = self.nodes_var = self.solutions_var = 0.0
        self.nodes_sq = self.solutions_sq = 0.0
        self.seconds: Optional[float] = None
        self.probes = self.searches = self.unprobed = self.left = self.once = 0
        self.cut: Optional[str] = None
        self.bounded = self.if_unique = False
        self.seed = seed

    def add(self, other: Estimate) -> Estimate:
        """Add another piece's estimate into this one."""
        for name in ("nodes", "solutions", "nodes_var", "solutions_var", "nodes_sq",
                     "solutions_sq", "probes", "searches", "unprobed", "left", "once"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.seconds is not None:
            self.seconds = (self.seconds or 0.0) + other.seconds
        self.cut = _worse_cut(self.cut, other.cut)
        self.bounded = self.bounded or other.bounded
        self.if_unique = self.if_unique or other.if_unique
        return self

    def whole(self) -> Estimate:
        """This estimate with each unprobed search counted as the mean probed one: the
        figures scaled by all searches over those probed, and the variance of that
        mean over the searches (as a sample of them) added in."""
        if not self.unprobed or not self.searches:
            return self
        whole = _rebuilt(tuple(getattr(self, name) for name in Estimate.__slots__))
        total = self.searches + self.unprobed
        scale = total / self.searches
        for what in ("nodes", "solutions"):
            value, squares = getattr(self, what), getattr(self, what + "_sq")
            setattr(whole, what, value * scale)
            setattr(whole, what + "_var", getattr(self, what + "_var") * scale * scale
                    + _sampling_variance(value, squares, self.searches, total))
        if self.seconds is not None:
            whole.seconds = self.seconds * scale
        return whole

    def spread(self, what: str) -> float:
        """The standard error of `what` ("nodes" or "solutions") relative to it (0 when
        the estimate is 0)."""
        value = getattr(self, what)
        return math.sqrt(getattr(self, what + "_var")) / value if value else 0.0

    def as_dict(self) -> dict[str, object]:
        """The JSON value (docs/json.md, "estimate"): the `whole` figures."""
        whole = self.whole()
        return {"nodes": whole.nodes, "solutions": whole.solutions, "seconds": whole.seconds,
                "probes": self.probes, "searches": self.searches + self.unprobed,
                "unprobed": self.unprobed, "left": self.left, "nodes_spread": whole.spread("nodes"),
                "solutions_spread": whole.spread("solutions"), "seed": self.seed,
                "cut": self.cut is not None, "cut_by": self.cut, "bounded": self.bounded,
                "if_unique": self.if_unique}

    def line(self) -> str:
        """The estimate in words, for stderr: its `whole` figures."""
        whole = self.whole()
        seconds = "" if whole.seconds is None else f", {_seconds(whole.seconds)}"
        bounded = ("; at most, as the branch and bound cuts that tree" if self.bounded
                   else "")
        if_unique = ("; --minimal's searches as if each puzzle were unique"
                     if self.if_unique else "")
        return (f"estimate ({self._how()}): "
                f"{_about(whole.solutions)} solution{'' if whole.solutions == 1 else 's'}"
                f"{_spread(whole, 'solutions')}, "
                f"{_about(whole.nodes)} nodes{_spread(whole, 'nodes')}{seconds}{bounded}"
                f"{if_unique}")

    def _how(self) -> str:
        """How the figures were made: '500 probes, seed 0', '1,234 probes over 1,000
        searches, 700 of them not probed (each counted as the mean of the others), 300
        probed once (no spread), seed 0, cut at 1 s'."""
        parts = [counted(self.probes, "probe")]
        searches = self.searches + self.unprobed
        if searches > 1:
            parts[0] += f" over {searches:,} searches"
        if self.unprobed:
            parts.append(f"{self.unprobed:,} of them not probed (each counted as the mean "
                         "of the others)")
        if self.left:
            parts.append(f"{counted(self.left, 'search', 'searches')} more left out")
        if self.once:
            parts.append("no spread" if searches == 1
                         else f"{self.once:,} probed once (no spread)")
        parts.append(f"seed {self.seed}")
        if self.cut == CAP:
            parts.append(f"cut at {SECONDS:g} s")
        elif self.cut == TIME_LIMIT:
            parts.append("cut by the time limit")
        return ", ".join(parts)

    def __reduce__(self):
        """Pickled by its slots (it crosses a worker pool inside a Piece)."""
        return _rebuilt, (tuple(getattr(self, name) for name in Estimate.__slots__),)


def _rebuilt(values):
    estimate = Estimate.__new__(Estimate)
    for name, value in zip(Estimate.__slots__, values):
        setattr(estimate, name, value)
    return estimate


def _worse_cut(one: Optional[str], other: Optional[str]) -> Optional[str]:
    """What cut the probing of two estimates added up: the time limit says more than
    the cap."""
    return TIME_LIMIT if TIME_LIMIT in (one, other) else one or other


def _sampling_variance(total: float, squares: float, probed: int, searches: int) -> float:
    """The variance of `searches` times the mean of `probed` searches' figures (their
    sum `total`, their squares' `squares`) as an estimate of all searches' sum: the
    sample variance over the searches, for a sample of `probed` of `searches` drawn
    without replacement (0 from a single search: nothing to measure it by)."""
    if probed < 2:
        return 0.0
    sample = max(squares - total * total / probed, 0.0) / (probed - 1)
    return searches * searches * sample / probed * (1 - probed / searches)


def _about(value: float) -> str:
    """`value` to 3 significant digits, with thousands separators: '9,360', '3,160,000',
    '0.500', '54,300,000,000,000,000,000,000' (the digits past the third are zeros, not
    those of the float's binary value)."""
    if value == 0:
        return "0"
    rounded = Decimal(f"{value:#.3g}")
    if rounded == rounded.to_integral_value():
        return f"{int(rounded):,}"
    return f"{rounded:,f}"


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
    of probing), `seed` for the random choices; `began`: None for an input's first
    piece (or a whole input), else the perf_counter instant its reading began (the cap
    is then counted from there: see SECONDS)."""

    def __init__(self, probes: Optional[int] = None, seed: int = SEED,
                 began: Optional[float] = None) -> None:
        self.probes = PROBES if probes is None else probes
        self.capped = probes is None
        self.deadline: Optional[float] = None  # set by the first search when capped
        self.began, self.piece_began = began, began
        self.seed = seed
        self.estimate = Estimate(seed)
        self.measured_nodes, self.measured_seconds = 0, 0.0
        self.weight: Union[int, Fraction] = 1   # `weighted`

    def begin(self, now: float) -> None:
        """The piece's work (parsing, building) begins `now`: for a piece other than
        its input's first, that work is left out of the cap as the reading is."""
        self.piece_began = now

    def search(self, problem: ExactCover, forced: Sequence[int] = (), first_item: bool = False,
               limit: Optional[int] = None, budget: Optional[Budget] = None,
               maximize: bool = False) -> Estimate:
        """Estimate the search of `problem` with these query keywords (a maximize
        search as the count of the same tree: its bound can only cut it), add it to
        `estimate` and return it. A query stopped at `limit` solutions is counted as
        if the solutions were spread evenly over the search: the estimated nodes times
        limit / (solutions + 1), and at most `limit` solutions. `budget`: the input's,
        whose time limit stops the probing: the probe it interrupts is dropped, the
        searches after it are left out (a limit before this piece's first probe is
        the input's time limit, raised)."""
        probes = self._probes_now(budget)
        if not probes:
            return self._unprobed()
        probe = Probe(problem, list(forced), first_item, self)
        sums = [0, 0, 0, 0]  # nodes, solutions, and their squares
        rng = random.Random(self.seed)
        made = 0
        while made < probes:
            try:
                nodes, solutions = probe.run(rng)
            except TimeLimitExceeded:
                if not made and not self.estimate.probes:
                    raise
                self.estimate.cut = TIME_LIMIT
                break
            made += 1
            for k, value in enumerate((nodes, solutions, nodes * nodes, solutions * solutions)):
                sums[k] += value
            if probe.exact_at_root:
                break  # every probe would count the same tree exactly
            if made < probes and self._stop(budget):
                break
        if not made:
            return self._unprobed()
        return self._add(_mean_and_variance(sums, made), limit, maximize,
                         made == 1 and not probe.exact_at_root)

    def _unprobed(self) -> Estimate:
        """A search left without a probe: left out past a time limit, else (past the
        cap) counted as the mean probed search."""
        if self.estimate.cut == TIME_LIMIT:
            self.estimate.left += 1
        else:
            self.estimate.unprobed += 1
        return Estimate(self.seed)

    def _probes_now(self, budget: Optional[Budget]) -> int:
        """How many probes a search begun now may make: all of them, one (past the cap,
        within GRACE), or none (past that, or past a time limit that cut the probing);
        the cap starts with the first search."""
        now = time.perf_counter()
        if self.capped and self.deadline is None:
            self.deadline = self._cap(now)
        if self.estimate.cut == TIME_LIMIT or (
                self.estimate.probes and budget is not None and budget.expired()):
            self.estimate.cut = TIME_LIMIT
            return 0
        if self.deadline is None or now < self.deadline:
            return self.probes
        self.estimate.cut = _worse_cut(self.estimate.cut, CAP)
        return 1 if now < self.deadline + GRACE else 0

    def _cap(self, now: float) -> float:
        """When the cap ends for probing that starts `now`: SECONDS later in an input's
        first piece; in a later one, SECONDS after the input's reading began plus this
        piece's own work before its first probe."""
        if self.began is None:
            return now + SECONDS
        return self.began + SECONDS + (now - (self.piece_began or now))

    def _add(self, one: Estimate, limit: Optional[int], maximize: bool,
             once: bool) -> Estimate:
        """Add one search's estimate (`once`: probed once, not counted exactly)."""
        if limit is not None:
            _stopped_at(one, limit)
        one.solutions *= float(self.weight)
        one.solutions_var *= float(self.weight) ** 2
        one.nodes_sq, one.solutions_sq = one.nodes ** 2, one.solutions ** 2
        one.seconds = self.seconds(one.nodes)
        one.bounded, one.once = maximize, int(once)
        self.estimate.add(one)
        return one

    def _stop(self, budget: Optional[Budget]) -> bool:
        """Whether the probing of a search stops here: the cap of the default, or a
        time limit (which the deadline's alarm may not have raised yet)."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.estimate.cut = _worse_cut(self.estimate.cut, CAP)
            return True
        if budget is not None and budget.expired():
            self.estimate.cut = TIME_LIMIT
            return True
        return False

    def as_if_unique(self) -> None:
        """--minimal goes on to its per-given searches as if the puzzle were unique
        (every query answers "no solution" here): the estimate says so."""
        self.estimate.if_unique = True

    def measured(self, nodes: int, seconds: float) -> None:
        """An exact count that ran `nodes` nodes in `seconds`: the engine's speed."""
        self.measured_nodes += nodes
        self.measured_seconds += seconds

    def measuring(self) -> bool:
        """Whether the engine's speed still wants measuring (PILOT_SECONDS in all)."""
        return self.measured_seconds < PILOT_SECONDS

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
        EXACT_NODES nodes (or finished), goes on while the estimator's measure is short
        of PILOT_SECONDS (its first searches: one measure serves an input of many,
        which would otherwise pay it per search). What it finds is not used: a faster
        twin would get further (the twins must agree)."""
        solver, estimator = self.problem.solver, self.estimator
        while (status != engine.EXHAUSTED and estimator.measuring()
               and time.perf_counter() - began < PILOT_SECONDS):
            status = solver.run(engine.SLICE, True)
        estimator.measured(solver.nodes, time.perf_counter() - began)


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
