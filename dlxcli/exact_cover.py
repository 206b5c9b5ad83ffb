"""Exact-cover problems as the puzzles see them: queries on top of the engine's Solver.

Layer: between the engine and the puzzles. An `ExactCover` holds one Solver and answers
queries (first solution, all solutions lazily, exact count, first k, maximum weight),
driving the search in slices of `engine.SLICE` nodes so that a time limit, a node limit,
Ctrl-C (KeyboardInterrupt is raised between slices) and a progress callback all get a
turn. One query runs at a time per problem: starting a query resets the previous one,
which is how a batch reuses one structure for many puzzles (with other forced options).
"""

import time

from . import engine
from .errors import NodeLimitExceeded, ProblemError, TimeLimitExceeded


class Stats:
    """What searches cost, added up: every query adds into the Stats it is given.
    (A plain class: dataclasses would add to start-up.)"""

    __slots__ = ("nodes", "updates", "solutions", "seconds")

    def __init__(self, nodes=0, updates=0, solutions=0, seconds=0.0):
        self.nodes, self.updates, self.solutions, self.seconds = nodes, updates, solutions, seconds

    def add(self, other, solutions=True):
        """Add `other`'s costs into this one; `solutions=False` leaves the solution count
        alone (a second search over the same space must not count its solutions twice)."""
        self.nodes += other.nodes
        self.updates += other.updates
        self.seconds += other.seconds
        if solutions:
            self.solutions += other.solutions
        return self

    def as_dict(self):
        return {name: getattr(self, name) for name in self.__slots__}

    def __eq__(self, other):
        return isinstance(other, Stats) and self.as_dict() == other.as_dict()

    def __repr__(self):
        return "Stats(" + ", ".join(f"{k}={v!r}" for k, v in self.as_dict().items()) + ")"


class Budget:
    """The limits of one input's work, shared by every query it makes.

    deadline    a time.perf_counter() instant; reading, parsing and building count
                against it too (`check`), not only the searches
    node_limit  nodes allowed to each search (each puzzle of an input has its own)
    progress    called between slices as progress(fraction, nodes, solutions)
    """

    __slots__ = ("timeout", "deadline", "node_limit", "progress")

    def __init__(self, timeout=None, node_limit=None, progress=None, began=None):
        self.timeout, self.node_limit, self.progress = timeout, node_limit, progress
        if timeout is None:
            self.deadline = None
        else:
            self.deadline = (time.perf_counter() if began is None else began) + timeout

    def check(self, nodes=0):
        """Raise TimeLimitExceeded once the deadline has passed."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeLimitExceeded(f"stopped after {self.timeout:g} s (time limit)", nodes)


UNLIMITED = Budget()
"""The budget of a query given none: no deadline, no node limit, no progress."""


class ExactCover:
    """Items 0..n_primary-1 are primary (covered exactly once), the next n_secondary are
    secondary (at most once); each option is a list of items, with an optional integer
    weight. Solutions are lists of option indices: forced options first, then the
    search's choices by level.

    Query keywords shared by every query:
      forced      option indices that must be in the solution (e.g. a sudoku's givens)
      first_item  branch on the first uncovered primary item instead of the one with the
                  fewest options (MRV); solutions then come in lexicographic order of
                  option indices when every option is listed under its first item
      budget      the Budget of the input (deadline, node limit, progress)
      stats       a Stats the query adds its costs into
    """

    def __init__(self, n_primary, n_secondary, options, weights=None):
        self.solver = engine.Solver(n_primary, n_secondary, options, weights)

    @classmethod
    def from_names(cls, primary, secondary, options, weights=None):
        """Build from item names; `item_index` maps each name to its number."""
        names = list(primary) + list(secondary)
        index = {}
        for name in names:
            if name in index:
                raise ProblemError(f"item {name!r} is declared twice")
            index[name] = len(index)
        numbered = []
        for j, option in enumerate(options):
            try:
                numbered.append([index[name] for name in option])
            except KeyError as missing:
                raise ProblemError(f"option {j}: unknown item {missing.args[0]!r}") from None
        problem = cls(len(primary), len(names) - len(primary), numbered, weights)
        problem.item_index = index
        return problem

    # -- queries -------------------------------------------------------------------

    def solutions(self, *, forced=(), first_item=False, limit=None, budget=UNLIMITED,
                  stats=None):
        """Yield solutions lazily, at most `limit` of them."""
        if limit is not None and limit <= 0:
            return
        self.solver.start(forced, first_item, False)
        for _ in self._drive(False, budget, stats):
            yield self.solver.solution()
            if limit is not None and self.solver.count >= limit:
                return

    def first(self, *, forced=(), first_item=False, budget=UNLIMITED, stats=None):
        """The first solution, or None. (`solutions(limit=1)` without its generator:
        a 10,000-puzzle file makes 10,000 of these queries.)"""
        self.solver.start(forced, first_item, False)
        for _ in self._drive(False, budget, stats):
            return self.solver.solution()
        return None

    def count(self, *, forced=(), first_item=False, limit=None, budget=UNLIMITED,
              stats=None):
        """How many solutions there are (stopping at `limit`, e.g. 2 to test uniqueness)."""
        if limit is not None:
            return sum(1 for _ in self.solutions(forced=forced, first_item=first_item,
                                                 limit=limit, budget=budget, stats=stats))
        self.solver.start(forced, first_item, False)
        for _ in self._drive(True, budget, stats):
            pass
        return self.solver.count

    def maximize(self, *, forced=(), first_item=False, budget=UNLIMITED, stats=None):
        """(best weight, a solution with it) by branch and bound, or None if no solution.

        Among equally heavy solutions the first one found is kept."""
        self.solver.start(forced, first_item, True)
        for _ in self._drive(False, budget, stats):
            pass
        best = self.solver.best_weight
        return None if best is None else (best, self.solver.solution())

    # -- driving the solver in slices ---------------------------------------------------

    def _drive(self, count_only, budget, stats):
        """Run the solver slice by slice; yield at each solution it reports. Between
        slices the budget gets a turn (and Ctrl-C, as KeyboardInterrupt)."""
        solver = self.solver
        began = time.perf_counter()
        node_limit = budget.node_limit
        try:
            while True:
                slice_ = engine.SLICE
                if node_limit is not None:
                    slice_ = min(slice_, node_limit - solver.nodes)
                    if slice_ <= 0:
                        raise NodeLimitExceeded(
                            f"search stopped after {solver.nodes} nodes (node limit)",
                            solver.nodes)
                status = solver.run(slice_, count_only)
                if status == engine.SOLUTION:
                    yield status
                elif status == engine.EXHAUSTED:
                    return
                else:
                    budget.check(solver.nodes)
                    if budget.progress is not None:
                        budget.progress(solver.progress(), solver.nodes, solver.count)
        finally:
            if stats is not None:
                stats.add(Stats(solver.nodes, solver.updates, solver.count,
                                time.perf_counter() - began))
