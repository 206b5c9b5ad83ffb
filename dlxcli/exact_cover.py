"""Exact-cover problems as the puzzles see them: queries on top of the engine's Solver.

Layer: between the engine and the puzzles. An `ExactCover` holds one Solver and answers
queries (first solution, all solutions lazily, exact count, first k, maximum weight),
driving the search in slices of `engine.SLICE` nodes so that a time limit, a node limit,
Ctrl-C (KeyboardInterrupt is raised between slices) and a progress callback all get a
turn. One query runs at a time per problem: starting a query resets the previous one,
which is how a batch reuses one structure for many puzzles (with other forced options).
"""

from __future__ import annotations

import heapq
import time

from . import engine
from .engine._checks import forced_options
from .errors import (EngineBusy, NodeLimitExceeded, ProblemError, SearchLimit,
                     TimeLimitExceeded)

TYPE_CHECKING = False  # typing costs every run's start-up 2 ms: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Hashable, Iterable, Iterator, Sequence
    from typing import Any, Optional, Protocol

    from .trace import Trace

    Solution = list[int]
    Progress = Callable[..., None]

    class Split(Protocol):
        """What a Budget's `split` is: where count, solutions and maximize hand
        their search (dlxcli.parallel.Split)."""

        def count(self, problem: ExactCover, **query: Any) -> int: ...

        def solutions(self, problem: ExactCover, **query: Any) -> Iterator[Solution]: ...

        def maximize(self, problem: ExactCover,
                     **query: Any) -> Optional[tuple[int, Solution]]: ...


class Stats:
    """What searches cost, added up: every query adds into the Stats it is given.
    `updates` and `mems` are None where they were not counted (the Python twin counts
    neither: docs/engine.md, "What the twins promise"); a sum with None is None; they
    are the DLX search's (the learning search makes no link updates).

    `learning` counts the queries the learning search answered (--reason; 0: DLX
    answered every one), and `decisions`, `conflicts` and `learned` its counters; its
    decisions are nodes too (in `nodes`, with the DLX search's).

    `memo` is (lookups, hits, entries, bytes) of the memos of the counts (docs/engine.md,
    "Counting with a memo"): summed, but for the bytes, the largest one memo took.
    (A plain class: dataclasses would add to start-up.)"""

    __slots__ = ("nodes", "updates", "solutions", "seconds", "mems", "learning",
                 "decisions", "conflicts", "learned", "memo")

    def __init__(self, nodes: int = 0, updates: "int | None" = 0, solutions: int = 0,
                 seconds: float = 0.0, mems: "int | None" = 0, learning: int = 0,
                 decisions: int = 0, conflicts: int = 0, learned: int = 0) -> None:
        self.nodes, self.updates, self.solutions, self.seconds = nodes, updates, solutions, seconds
        self.mems, self.learning, self.decisions = mems, learning, decisions
        self.conflicts, self.learned = conflicts, learned
        self.memo = (0, 0, 0, 0)

    def add(self, other: "Stats", solutions: bool = True, seconds: bool = True) -> "Stats":
        """Add `other`'s costs into this one; `solutions=False` leaves the solution count
        alone (a second search over the same space must not count its solutions twice),
        `seconds=False` the time (already counted by a clock around the searches)."""
        self.nodes += other.nodes
        self.updates = _sum_counted(self.updates, other.updates)
        self.mems = _sum_counted(self.mems, other.mems)
        for name in LEARNING_COUNTERS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        (lookups, hits, entries, size), theirs = self.memo, other.memo
        self.memo = (lookups + theirs[0], hits + theirs[1], entries + theirs[2],
                     max(size, theirs[3]))
        if seconds:
            self.seconds += other.seconds
        if solutions:
            self.solutions += other.solutions
        return self

    def as_dict(self) -> "dict[str, object]":
        """The JSON value (docs/json.md): the DLX figures, then `learning`, null when
        DLX answered every query, else the learning search's counters."""
        learned = None if not self.learning else {
            "queries": self.learning, "decisions": self.decisions,
            "conflicts": self.conflicts, "learned": self.learned}
        return {"nodes": self.nodes, "updates": self.updates, "solutions": self.solutions,
                "seconds": self.seconds, "mems": self.mems, "learning": learned}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stats) and self.as_dict() == other.as_dict()

    def __repr__(self) -> str:
        return "Stats(" + ", ".join(f"{k}={v!r}" for k, v in self.as_dict().items()) + ")"


LEARNING_COUNTERS = ("learning", "decisions", "conflicts", "learned")
"""The Stats of the learning search (--reason), added up like nodes."""


def _sum_counted(a: "int | None", b: "int | None") -> "int | None":
    """a + b, or None (not counted) if either is."""
    return None if a is None or b is None else a + b


class Budget:
    """The limits of one input's work, shared by every query it makes.

    deadline    a time.perf_counter() instant; reading, parsing and building count
                against it too (`check`), not only the searches
    node_limit  nodes allowed to each search (each puzzle of an input has its own)
    progress    called between slices as progress(fraction, nodes, solutions); a split
                search adds the keyword parts=(subproblems done, subproblems)
    split       a strategy that count, solutions (all of them) and maximize hand
                their search to, calling split.count(problem, ...) and so on with
                their own keywords (dlxcli.parallel.Split cuts the search into
                subproblems solved on other processes or on a cluster); None: every
                search runs here. The strategy calls back into the queries: this
                module never imports it.
    trace       a dlxcli.trace.Trace: every search then runs one node at a time and
                shows each step to it (--trace); None: untraced
    emit        called as emit(text) with output a puzzle module writes as it goes
                (each solution of --all as it is found: puzzles.Output); None: the
                output is kept for the Answer. The searches themselves never call it.
    reason      which search answers (one of REASONS, --reason): "singles" DLX alone,
                "learn" the engine's Learner, "auto" DLX for AUTO_NODES nodes and then
                the Learner (see ExactCover)
    """

    __slots__ = ("timeout", "deadline", "node_limit", "progress", "split", "trace", "emit",
                 "reason")

    def __init__(self, timeout: Optional[float] = None, node_limit: Optional[int] = None,
                 progress: Optional[Progress] = None, began: Optional[float] = None,
                 split: Optional[Split] = None, trace: Optional[Trace] = None,
                 emit: Optional[Callable[[str], object]] = None, reason: str = "auto") -> None:
        self.timeout, self.node_limit, self.progress = timeout, node_limit, progress
        self.split, self.trace, self.emit, self.reason = split, trace, emit, reason
        self.deadline: Optional[float]
        if timeout is None:
            self.deadline = None
        else:
            self.deadline = (time.perf_counter() if began is None else began) + timeout

    def remaining(self, now: Optional[float] = None) -> Optional[float]:
        """Seconds left before the deadline (0.0 once it has passed), or None without
        one; `now` is a time.perf_counter() instant, the current one by default."""
        if self.deadline is None:
            return None
        return max(self.deadline - (time.perf_counter() if now is None else now), 0.0)

    def expired(self) -> bool:
        """Whether the deadline has passed."""
        return self.deadline is not None and time.perf_counter() > self.deadline

    def time_limit(self, nodes: int = 0) -> TimeLimitExceeded:
        """The TimeLimitExceeded of this budget's deadline (`nodes`: searched so far)."""
        return TimeLimitExceeded(f"stopped after {self.timeout:g} s (time limit)", nodes)

    def check(self, nodes: int = 0) -> None:
        """Raise TimeLimitExceeded once the deadline has passed."""
        if self.expired():
            raise self.time_limit(nodes)

    def until(self, instant: Optional[float], progress: Optional[Progress]) -> Budget:
        """A budget for part of this one's work: its node limit, the `progress`
        callback, and its deadline or `instant` (a time.perf_counter() one; None:
        none), whichever comes first. Its time-limit message is this budget's when
        its deadline is this budget's."""
        if instant is None or (self.deadline is not None and self.deadline <= instant):
            part = Budget(None, self.node_limit, progress, reason=self.reason)
            part.timeout, part.deadline = self.timeout, self.deadline
            return part
        now = time.perf_counter()
        return Budget(max(instant - now, 0.0), self.node_limit, progress, began=now,
                      reason=self.reason)

    def reasoning(self, reason: str) -> Budget:
        """This budget with another `reason` (the same deadline, limits and callbacks)."""
        other = Budget.__new__(Budget)
        for name in Budget.__slots__:
            setattr(other, name, getattr(self, name))
        other.reason = reason
        return other


UNLIMITED = Budget()
"""The budget of a query given none: no deadline, no node limit, no progress."""

REASONS = ("auto", "singles", "learn")
"""The values of Budget.reason (--reason), the default first."""
AUTO_NODES = 100_000
"""The nodes the DLX search gets under --reason auto before the Learner takes over:
above the most one puzzle of hard1000, 17clue1000, the 16x16 and the samurai sets
needs (docs/engine.md, "Reasoning beyond singles"), so that those answer as with
--reason singles."""


LEARN_SLICE = engine.SLICE >> 6
"""Steps per call of Learner.run: a step (a decision or a conflict, with all its
propagation) costs some 100 times a DLX node, so a 64th of a DLX slice gives Ctrl-C,
time limits and progress their turn as often."""


class _BudgetSpent(Exception):
    """The DLX search of --reason auto used its AUTO_NODES without an answer."""


class ExactCover:
    """Items 0..n_primary-1 are primary (covered exactly once), the next n_secondary are
    secondary (at most once); each option is a list of items, with an optional integer
    weight. Solutions are lists of option indices: forced options first, then the
    search's choices by level.

    Colors (Knuth's XCC): `colors[j]`, parallel to option j, gives each of its items a
    color, 0 for none or a positive integer (secondary items only). Options that give a
    secondary item the same color may share it; another color or none may not.

    Query keywords shared by every query:
      forced      option indices that must be in the solution (e.g. a sudoku's givens)
      first_item  branch on the first uncovered primary item instead of the one with the
                  fewest options (MRV); solutions then come in lexicographic order of
                  option indices when every option is listed under its first item
      budget      the Budget of the input (deadline, node limit, progress)
      stats       a Stats the query adds its costs into
    """

    item_index: dict[Hashable, int]
    color_index: dict[str, int]

    def __init__(self, n_primary: int, n_secondary: int, options: Sequence[Sequence[int]],
                 weights: Optional[Sequence[int]] = None,
                 colors: Optional[Sequence[Sequence[int]]] = None) -> None:
        self.solver = engine.Solver(n_primary, n_secondary, options, weights, colors)
        self.searches = 0
        """How many searches the solver has started: a solutions() iterator knows its own."""
        # The constructor's arguments, kept (not copied) so that a split search can
        # build the same problem in its workers (dlxcli.parallel).
        self.definition = (n_primary, n_secondary, options, weights, colors)
        self._options_without_primary: Optional[frozenset[int]] = None

    @classmethod
    def from_names(cls, primary: Sequence[Hashable], secondary: Iterable[Hashable],
                   options: Sequence[Sequence[Hashable]],
                   weights: Optional[Sequence[int]] = None) -> ExactCover:
        """Build from item names; `item_index` maps each name to its number. An entry
        "NAME:COLOR" (Knuth's DLX2) gives secondary item NAME the color COLOR;
        `color_index` maps each color to its number, 1, 2, ... in order of appearance."""
        names = list(primary) + list(secondary)
        index = {name: k for k, name in enumerate(names)}
        if len(index) < len(names):
            raise ProblemError(f"item {_first_repeated(names)!r} is declared twice")
        color_index: dict[str, int] = {}
        try:  # plain names, looked up in one go (a big input has millions)
            items, colors = [list(map(index.__getitem__, option)) for option in options], None
        except KeyError:  # colors (or an unknown name), entry by entry where they are
            numbered = [_items_and_colors(j, option, index, len(primary), color_index)
                        for j, option in enumerate(options)]
            items = [option_items for option_items, _ in numbered]
            colors = [option_colors or [0] * len(option_items)
                      for option_items, option_colors in numbered] if color_index else None
        problem = cls(len(primary), len(names) - len(primary), items, weights, colors)
        problem.item_index, problem.color_index = index, color_index
        return problem

    # -- queries -------------------------------------------------------------------

    def solutions(self, *, forced: Sequence[int] = (), first_item: bool = False,
                  limit: Optional[int] = None, budget: Budget = UNLIMITED,
                  stats: Optional[Stats] = None) -> Iterator[Solution]:
        """Yield solutions lazily, at most `limit` of them."""
        if limit is not None and limit <= 0:
            return
        if limit is None and budget.split is not None:
            yield from budget.split.solutions(self, forced=forced, first_item=first_item,
                                              budget=budget, stats=stats)
            return
        reason = self._search_for(budget.reason, first_item, limit, forced)
        if reason == "learn":
            yield from self._learned(forced, limit, budget, stats)
            return
        search = self._start(forced, first_item, False)
        found: list[Solution] = []  # under auto (at most 2): the Learner must skip them
        try:
            for _ in self._drive(False, budget, stats, _cap(reason)):
                solution = self._found()
                if reason == "auto":
                    found.append(solution)
                yield solution
                if self.searches != search:
                    raise EngineBusy("another query on this problem started its own search "
                                     "while a solutions() iterator was paused on it; finish "
                                     "or close the iterator first")
                if limit is not None and self.solver.count >= limit:
                    return
            return
        except _BudgetSpent as spent:
            used = spent.args[0]
        left = None if limit is None else limit - len(found)
        yield from self._learned(forced, left, budget, stats, found, used)

    def first(self, *, forced: Sequence[int] = (), first_item: bool = False,
              budget: Budget = UNLIMITED, stats: Optional[Stats] = None) -> Optional[Solution]:
        """The first solution, or None. (`solutions(limit=1)` without its generator:
        a 10,000-puzzle file makes 10,000 of these queries.) The search is closed here,
        not by the garbage collector: a deadline alarm that comes while it adds its
        stats would be printed and dropped there, and is raised to the caller here."""
        reason = self._search_for(budget.reason, first_item, 1, forced)
        if reason != "learn":
            self._start(forced, first_item, False)
            drive = self._drive(False, budget, stats, _cap(reason))
            try:
                for _ in drive:
                    return self.solver.solution()
                return None
            except _BudgetSpent as spent:
                used = spent.args[0]
            finally:
                drive.close()
        else:
            used = 0
        learned = self._learned(forced, 1, budget, stats, (), used)
        try:
            return next(learned, None)
        finally:
            learned.close()

    def count(self, *, forced: Sequence[int] = (), first_item: bool = False,
              limit: Optional[int] = None, budget: Budget = UNLIMITED,
              stats: Optional[Stats] = None) -> int:
        """How many solutions there are (stopping at `limit`, e.g. 2 to test uniqueness)."""
        if limit is not None:
            return sum(1 for _ in self.solutions(forced=forced, first_item=first_item,
                                                 limit=limit, budget=budget, stats=stats))
        if budget.split is not None:
            return budget.split.count(self, forced=forced, first_item=first_item,
                                      budget=budget, stats=stats)
        if self._search_for(budget.reason, first_item, None, forced) == "learn":
            return sum(1 for _ in self._learned(forced, None, budget, stats))
        self._start(forced, first_item, False)
        for _ in self._drive(True, budget, stats):
            pass
        return self.solver.count

    def maximize(self, *, forced: Sequence[int] = (), first_item: bool = False,
                 budget: Budget = UNLIMITED, stats: Optional[Stats] = None,
                 floor: Optional[int] = None) -> Optional[tuple[int, Solution]]:
        """(best weight, a solution with it) by branch and bound, or None if no solution
        (with `floor`: none heavier than floor; engine Solver.set_floor).

        Among equally heavy solutions the first one found is kept. The solutions it
        adds into `stats` are the better ones it found (the engine counts none here)."""
        if budget.split is not None:
            return budget.split.maximize(self, forced=forced, first_item=first_item,
                                         budget=budget, stats=stats)
        self._start(forced, first_item, True)
        if floor is not None:
            self.solver.set_floor(floor)
        improved = 0
        try:
            for _ in self._drive(False, budget, stats):
                improved += 1
        finally:
            if stats is not None:
                stats.solutions += improved
        best = self.solver.best_weight
        return None if best is None else (best, self._found())

    def other(self, forced: Sequence[int], unlike: Sequence[int], budget: Budget = UNLIMITED,
              stats: Optional[Stats] = None) -> bool:
        """Whether a solution holds the `forced` options but not all of `unlike` (a
        known solution, or the part of it a question is about): the learning search's
        question, on a fresh Learner (`generate`'s uniqueness checks of 25x25 grids:
        with a unique puzzle's givens less a group of them forced, and that group's
        options unlike, it asks whether the puzzle without the group is still unique).
        A limit of `budget` raises, as in the queries."""
        for _ in self._learned(forced, 1, budget, stats, (unlike,)):
            return True
        return False

    # -- cutting a search into subproblems ------------------------------------------------

    def frontier(self, *, depth: Optional[int] = None, min_open: Optional[int] = None,
                 forced: Sequence[int] = (), first_item: bool = False, maximize: bool = False,
                 stats: Optional[Stats] = None) -> list[tuple[tuple[int, ...], float]]:
        """The search cut into subproblems: [(prefix, share)] in the order the search
        visits them, where `prefix` is a tuple of options the search chooses at its
        first levels, and `share` the part of the search tree Knuth's estimate
        gives that subtree (the progress() estimate; each node's share is split
        evenly among its branches).

        The subtree under a prefix is exactly the search started with
        forced + prefix (see engine Solver.branches): so the solutions of the
        subproblems, in this order, are the search's solutions in its order, and
        their counts (and node counts) add up to the whole search's.

        The subproblem with the largest share is opened first (the earliest in the
        search's order among equal shares), until at least `min_open` subproblems can
        still branch, or none can; none is opened below `depth` levels (with `depth`
        alone: every one above it is; one level when neither is given). Opening the
        largest estimate first cuts the big subtrees of an irregular search finer than
        a level-by-level cut of as many subproblems, so that no piece holds much of the
        work (docs/parallel.md). Deterministic: the same search and `min_open` give the
        same cut (a checkpoint depends on it). A node that is a solution stays a
        subproblem of its own; a dead end is dropped (its node goes into `stats`, with
        those of the nodes opened here); a root that does not branch is the only
        subproblem, (). Same query keywords as the searches; `maximize` because that
        search tries the options in another order. Resets any query in progress.
        """
        if depth is None and min_open is None:
            depth = 1
        forced = list(forced)
        # positions among the branches -> (prefix, share)
        cut: dict[tuple[int, ...], tuple[tuple[int, ...], float]] = {(): ((), 1.0)}
        # a heap of (-share, positions)
        can_branch: list[tuple[float, tuple[int, ...]]] = [(-1.0, ())] if depth != 0 else []
        open_count, nodes = 1, 0
        while can_branch and (min_open is None or open_count < min_open):
            _, positions = heapq.heappop(can_branch)
            prefix, share = cut[positions]
            options = self._branches(forced + list(prefix), first_item, maximize)
            if options is None or not (options or prefix):
                open_count -= 1  # a solution, or a root that is all
                continue
            del cut[positions]
            nodes, open_count = nodes + 1, open_count - 1 + len(options)
            for position, j in enumerate(options):
                child = positions + (position,)
                cut[child] = (prefix + (j,), share / len(options))
                if depth is None or len(child) < depth:
                    heapq.heappush(can_branch, (-share / len(options), child))
        if stats is not None:
            stats.add(Stats(nodes=nodes))
        return [cut[positions] for positions in sorted(cut)]

    def _branches(self, forced: Sequence[int], first_item: bool,
                  maximize: bool) -> Optional[list[int]]:
        self._start(forced, first_item, maximize)
        return self.solver.branches()

    # -- driving the solver in slices ---------------------------------------------------

    def _start(self, forced: Sequence[int], first_item: bool, maximize: bool) -> int:
        """Start a search on the solver; its number in `searches`."""
        self.solver.start(forced, first_item, maximize)
        self.searches += 1
        return self.searches

    def _found(self) -> Solution:
        """The solution the search stands on (it has just reported one)."""
        solution = self.solver.solution()
        assert solution is not None, "the engine reported a solution it does not hold"
        return solution

    def _search_for(self, reason: str, first_item: bool, limit: Optional[int],
                    forced: Sequence[int]) -> str:
        """The search a query runs under --reason `reason` (see _search_for below);
        "singles" when an option without a primary item is forced, which the Learner
        holds false from the start (DLX never chooses such an option itself). Under
        "learn" bad forced options are refused here as the Solver refuses them (the
        Learner's problem is built from them first); under "auto" the Solver's start
        refuses them before any learning."""
        search = _search_for(reason, first_item, limit)
        if search == "singles" or not forced:
            return search
        if search == "learn":
            forced = forced_options(forced, self.solver.n_options)
        if not self._without_primary.isdisjoint(forced):
            return "singles"
        return search

    @property
    def _without_primary(self) -> frozenset[int]:
        """The options with no primary item (found once: a query asks per puzzle)."""
        if self._options_without_primary is None:
            n_primary, options = self.definition[0], self.definition[2]
            self._options_without_primary = frozenset(
                j for j, option in enumerate(options) if min(option) >= n_primary)
        return self._options_without_primary

    def _learned(self, forced: Sequence[int], limit: Optional[int], budget: Budget,
                 stats: Optional[Stats], unlike: Iterable[Sequence[int]] = (),
                 used: int = 0) -> Generator[Solution, None, None]:
        """Solutions found by the engine's Learner, at most `limit` (None: all, each
        forbidden once found, so that the next run finds another: correct, and slow for
        long lists), none holding all of one of `unlike`'s option sets (the solutions
        the DLX search found before it gave up, or the part of a known solution that
        `other` asks about); `used`: the nodes that search spent, counted against the
        node limit.

        A fresh Learner each query, of the problem the forced options leave (see
        `_Remainder`): a forbidden solution is no fact of the problem, and what an
        earlier puzzle taught one would make a later puzzle's answer depend on the
        puzzles before it (and on --jobs). One forced twice leaves no solution, as in
        the DLX search."""
        remainder = _Remainder(self, forced)
        if remainder.empty:
            return
        learner = remainder.learner()
        learner.start([])
        for options in unlike:
            inside = remainder.inside(options)
            if inside is not None:
                learner.forbid(inside)
        found = 0
        for _ in self._drive_learner(learner, budget, stats, used):
            inside = learner.solution()
            assert inside is not None, "the Learner reported a solution it does not hold"
            found += 1
            yield remainder.outside(inside)
            if limit is not None and found >= limit:
                return
            learner.forbid(inside)

    def _drive_learner(self, learner: Any, budget: Budget, stats: Optional[Stats],
                       used: int) -> Generator[int, None, None]:
        """`_drive` for a Learner: run it slice by slice, yield at each solution. A
        slice is counted in steps (decisions and conflicts), the node limit in
        decisions (its nodes), after the `used` nodes of a DLX search before it.
        With --trace, one step a slice: a line per 1,000 conflicts."""
        began = time.perf_counter()
        node_limit = budget.node_limit
        trace = budget.trace
        if trace is not None:
            watch = trace.learning(learner)
        solutions = 0
        try:
            while True:
                slice_ = 1 if trace is not None else LEARN_SLICE
                if node_limit is not None:
                    left = node_limit - used - learner.decisions
                    if left <= 0:
                        nodes = used + learner.decisions
                        raise NodeLimitExceeded(
                            f"search stopped after {nodes} nodes (node limit)", nodes)
                    slice_ = min(slice_, left)
                status = learner.run(slice_)
                if trace is not None:
                    watch.after(status)
                if status == engine.SOLUTION:
                    solutions += 1
                    yield status
                elif status == engine.EXHAUSTED:
                    return
                else:
                    budget.check(used + learner.decisions)
                    if budget.progress is not None:
                        budget.progress(0.0, used + learner.decisions, solutions)
        except SearchLimit as stopped:
            stopped.nodes = used + learner.decisions
            raise
        finally:
            if stats is not None:
                links = None if self.solver.mems is None else 0  # the twin's way: 0 or None
                stats.add(Stats(learner.decisions, links, solutions,
                                time.perf_counter() - began, links, 1, learner.decisions,
                                learner.conflicts, learner.learned))

    def _drive(self, count_only: bool, budget: Budget, stats: Optional[Stats],
               cap: Optional[int] = None) -> Generator[int, None, None]:
        """Run the solver slice by slice; yield at each solution it reports. Between
        slices the budget gets a turn (and Ctrl-C, as KeyboardInterrupt). After `cap`
        nodes (--reason auto's AUTO_NODES) it raises _BudgetSpent, unless the node
        limit, which comes first, stops it there."""
        solver = self.solver
        began = time.perf_counter()
        node_limit = budget.node_limit
        run = solver.run if budget.trace is None else budget.trace.runner(self)
        try:
            while True:
                slice_ = engine.SLICE
                if node_limit is not None:
                    slice_ = min(slice_, node_limit - solver.nodes)
                    if slice_ <= 0:
                        raise NodeLimitExceeded(
                            f"search stopped after {solver.nodes} nodes (node limit)",
                            solver.nodes)
                if cap is not None:
                    slice_ = min(slice_, cap - solver.nodes)
                    if slice_ <= 0:
                        raise _BudgetSpent(solver.nodes)
                status = run(slice_, count_only)
                if status == engine.SOLUTION:
                    yield status
                elif status == engine.EXHAUSTED:
                    return
                else:
                    budget.check(solver.nodes)
                    if budget.progress is not None:
                        budget.progress(solver.progress(), solver.nodes, solver.count)
        except SearchLimit as stopped:
            stopped.counted(solver)  # the deadline alarm's, raised between slices, knows none
            raise
        finally:
            if stats is not None:
                spent = Stats(solver.nodes, solver.updates, solver.count,
                              time.perf_counter() - began, solver.mems)
                spent.memo = (solver.memo_lookups, solver.memo_hits, solver.memo_entries,
                              solver.memo_bytes)
                stats.add(spent)


class _Remainder:
    """The problem that forced options leave, for a Learner: their items gone, and the
    options that clash with them (share a primary item, or a secondary one without the
    same color) or lie wholly inside them (secondary items of the same colors: such an
    option has no primary item, and no search chooses it). The Learner takes the forced
    options as level-0 facts this way, not as assumptions, which it would carry in every
    clause it learns: measured on Gecode's 25x25 sudokus when the Learner still
    restarted (and decided the assumptions again after each restart), 4 of 18 then took
    over 15 s that took 0.6 to 6 s so (bench/bench_learn.py). Options are renumbered; `inside`
    and `outside` translate solutions. `empty`: the forced options clash with each
    other (or one is forced twice): no solution."""

    def __init__(self, problem: ExactCover, forced: Sequence[int]) -> None:
        n_primary, n_secondary, options, _, colors = problem.definition
        self.problem, self.forced = problem, list(forced)
        taken: dict[int, int] = {}  # item -> the color the forced options give it (0: none)
        self.empty = len(set(forced)) < len(forced)
        for j in forced:
            for k, item in enumerate(options[j]):
                color = colors[j][k] if colors is not None else 0
                if item in taken and (item < n_primary or not color or taken[item] != color):
                    self.empty = True
                taken[item] = color
        self.number = [item for item in range(n_primary + n_secondary) if item not in taken]
        self.n_primary = sum(1 for item in self.number if item < n_primary)
        renumbered = {item: new for new, item in enumerate(self.number)}
        self.forced_set = forced_set = set(forced)
        self.kept = [j for j, option in enumerate(options)
                     if j not in forced_set and not taken.keys() >= set(option)
                     and all(_fits(item, colors[j][k] if colors is not None else 0,
                                   taken, n_primary) for k, item in enumerate(option))]
        self.options = [[renumbered[item] for item in options[j] if item not in taken]
                        for j in self.kept]
        self.colors = None if colors is None else [
            [color for item, color in zip(options[j], colors[j]) if item not in taken]
            for j in self.kept]
        self.index = {j: new for new, j in enumerate(self.kept)}

    def learner(self) -> Any:
        """A fresh engine Learner of the remainder."""
        return _new_learner(self.n_primary, len(self.number) - self.n_primary,
                            self.options, self.colors)

    def inside(self, options: Iterable[int]) -> Optional[list[int]]:
        """Options of the whole problem as the remainder's, for `forbid` ("not all of
        these"): the forced ones left out (they hold in every solution); None when one
        clashes with the forced options (no solution holds them all: nothing to forbid)."""
        inside = []
        for j in options:
            if j in self.index:
                inside.append(self.index[j])
            elif j not in self.forced_set:
                return None
        return inside

    def outside(self, inside: Iterable[int]) -> Solution:
        """A solution of the remainder as the whole problem's: forced options first."""
        return self.forced + [self.kept[j] for j in inside]


def _fits(item: int, color: int, taken: dict[int, int], n_primary: int) -> bool:
    """Whether an option's `item` (with `color`) goes with the forced options' `taken`."""
    if item not in taken:
        return True
    return item >= n_primary and color != 0 and taken[item] == color


def _new_learner(n_primary: int, n_secondary: int, options: Sequence[Sequence[int]],
                 colors: Optional[Sequence[Sequence[int]]]) -> Any:
    """A fresh engine Learner of a problem (the twin's; a Solver's problem arguments
    less the weights)."""
    if engine.Learner is None:
        raise ProblemError(f"the {engine.ENGINE} twin has no learning search: use "
                           "--reason singles")
    return engine.Learner(n_primary, n_secondary, options, colors)


def _search_for(reason: str, first_item: bool, limit: Optional[int]) -> str:
    """The search a query runs under --reason `reason`: "singles" (DLX alone), "auto"
    (DLX, then the Learner once AUTO_NODES are spent) or "learn". A query that wants
    the solutions in DLX's order (`first_item`) is DLX's; under "auto" only a query
    that stops at the first or second solution (first, --unique) may learn: counts
    and lists are DLX's, faster there (docs/engine.md, "Reasoning beyond singles")."""
    if reason == "singles" or first_item:
        return "singles"
    if reason == "auto" and (limit is None or limit > 2):
        return "singles"
    return reason


def _cap(reason: str) -> Optional[int]:
    """The nodes the DLX search gets under `reason` before the Learner takes over."""
    return AUTO_NODES if reason == "auto" else None


def _first_repeated(names):
    """The first name of `names` that an earlier one equals."""
    seen = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    return None


def _items_and_colors(j, option, index, n_primary, color_index):
    """(items, colors) of option j; colors is None when it gives none. An option of
    plain names is looked up in one go (an option may have a million entries)."""
    try:
        return list(map(index.__getitem__, option)), None
    except KeyError:
        pairs = [_item_and_color(j, entry, index, n_primary, color_index) for entry in option]
        return [item for item, _ in pairs], [color for _, color in pairs]


def _item_and_color(j, entry, index, n_primary, color_index):
    """(item, color) of an entry of option j: a name, or "NAME:COLOR" for a secondary
    item (color numbers are added to `color_index` as new colors appear)."""
    if entry in index:
        return index[entry], 0
    name, colon, color = entry.rpartition(":") if isinstance(entry, str) else ("", "", "")
    if not colon or not color or name not in index:
        raise ProblemError(f"option {j}: unknown item {entry!r}")
    if index[name] < n_primary:
        raise ProblemError(f"option {j}: primary item {name!r} cannot have a color")
    return index[name], color_index.setdefault(color, len(color_index) + 1)
