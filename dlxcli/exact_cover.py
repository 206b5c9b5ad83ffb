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
from itertools import chain

from . import engine, strategies
from .errors import OutOfMemory, ProblemError, TimeLimitExceeded, saying_out_of_memory
from .stats import Stats

TYPE_CHECKING = False  # typing costs every run's start-up 2 ms: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Hashable, Iterable, Iterator, Sequence
    from typing import Any, Optional, Protocol, TypeVar

    from .estimate import Estimator
    from .trace import Trace

    Solution = list[int]
    Progress = Callable[..., None]
    T = TypeVar("T")

    class Split(Protocol):
        """What a Budget's `split` is: where count, solutions and maximize hand
        their search (dlxcli.parallel.Split)."""

        @property
        def holds_one_search(self) -> bool: ...

        def count(self, problem: ExactCover, **query: Any) -> int: ...

        def count_each(self, problems: Sequence[ExactCover], **query: Any) -> list[int]: ...

        def solutions(self, problem: ExactCover, **query: Any) -> Iterator[Solution]: ...

        def maximize(self, problem: ExactCover,
                     **query: Any) -> Optional[tuple[int, Solution]]: ...

        def race(self, problem: ExactCover, strategy: strategies.Strategy,
                 **query: Any) -> Optional[list[Solution]]: ...


REASONS = ("auto", "singles", "learn")
"""The values of Budget.reason (--reason): the strategies of dlxcli.strategies."""
DEFAULT_REASON = REASONS[0]
"""--reason's default everywhere: auto, the portfolio of both searches."""


def _given(seconds: float) -> str:
    """A --timeout as it was given: '1', '0.5', '1e-320' (not '9.99989e-321', what 6
    significant digits make of a float that small)."""
    short, exact = f"{seconds:g}", repr(seconds).removesuffix(".0")
    return exact if len(exact) < len(short) else short


class Budget:
    """The limits of one input's work, shared by every query it makes.

    deadline    a time.perf_counter() instant; reading, parsing and building count
                against it too (`check`), not only the searches
    node_limit  nodes allowed to each search (each puzzle of an input has its own)
    progress    called between slices as progress(fraction, nodes, solutions); a split
                search adds the keyword parts=(subproblems done, subproblems). A
                search whose share of the tree says nothing of when it ends (a first
                solution, --limit, the learning search) passes fraction None and the
                keyword depth (the deepest level seen), the learning search also
                conflicts (so far)
    split       a strategy that count, solutions (all of them) and maximize hand
                their search to, calling split.count(problem, ...) and so on with
                their own keywords (dlxcli.parallel.Split cuts the search into
                subproblems solved on other processes or on a cluster); a first
                solution and a count stopped at 1 or 2 under the portfolio or the
                Learner go to split.race (the searches raced over its processes,
                the answer that of one process), which may hand them back (None);
                split.count_each(problems, ...) counts several problems as one split
                search (a puzzle's searches dealt out together: pack's parts), where
                the split does not hold one search only (split.holds_one_search: a
                checkpoint). None: every search runs here. The strategy calls back
                into the queries: this module never imports it.
    trace       a dlxcli.trace.Trace: every search then runs one node at a time and
                shows each step to it (--trace); None: untraced
    emit        called as emit(text) with output a puzzle module writes as it goes
                (each solution of --all as it is found: puzzles.Output); None: the
                output is kept for the Answer. The searches themselves never call it.
    reason      which search answers (one of REASONS, --reason): "singles" DLX alone,
                "learn" the engine's Learner, "auto" both in turn, the first to finish
                answering (dlxcli.strategies.choose)
    estimate    a dlxcli.estimate.Estimator (--estimate): every query then hands it its
                search, to be estimated instead of run, and answers "no solution";
                None: the queries search
    spent       a Stats that every search made under this budget adds its costs into
                as it ends, however it ends (a limit, Ctrl-C), beside the query's own
                `stats`: the true figures of the work so far when the work is stopped
                before a query returns its Stats (`-v` of a stopped or interrupted
                run); a split search adds in its workers' subproblems as they come
                back. None: not tallied
    """

    __slots__ = ("timeout", "deadline", "node_limit", "progress", "split", "trace", "emit",
                 "reason", "estimate", "spent")

    def __init__(self, timeout: Optional[float] = None, node_limit: Optional[int] = None,
                 progress: Optional[Progress] = None, began: Optional[float] = None,
                 split: Optional[Split] = None, trace: Optional[Trace] = None,
                 emit: Optional[Callable[[str], object]] = None,
                 reason: str = DEFAULT_REASON, estimate: Optional[Estimator] = None,
                 spent: Optional[Stats] = None) -> None:
        self.timeout, self.node_limit, self.progress = timeout, node_limit, progress
        self.split, self.trace, self.emit, self.reason = split, trace, emit, reason
        self.estimate, self.spent = estimate, spent
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
        return TimeLimitExceeded(f"stopped after {_given(self.timeout or 0.0)} s (time limit)",
                                 nodes)

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
            part = Budget(None, self.node_limit, progress, reason=self.reason,
                          spent=self.spent)
            part.timeout, part.deadline = self.timeout, self.deadline
            return part
        now = time.perf_counter()
        return Budget(max(instant - now, 0.0), self.node_limit, progress, began=now,
                      reason=self.reason, spent=self.spent)

    def tally(self, stats: Optional[Stats], cost: Stats) -> None:
        """Add a search's `cost` into the query's `stats` (if any) and into `spent`."""
        if stats is not None:
            stats.add(cost)
        if self.spent is not None:
            self.spent.add(cost)

    def apart(self, stats: Optional[Stats], work: Callable[[Budget, Stats], T],
              keeps_solutions: Callable[[T], bool] = lambda result: False) -> T:
        """work(budget, stats) run on figures of its own, its costs then added into
        `stats` and the spent figures however it ends, its solutions only where
        keeps_solutions(its result) says so (never where it raises): for a search whose
        solutions are not the query's answer, as a term of a weighted sum, or the
        searches before a count that another search then gives."""
        cost, spent = Stats(), self.spent
        its_spent = None if spent is None else Stats()
        kept = False
        try:
            result = work(self._but(spent=its_spent), cost)
            kept = keeps_solutions(result)
            return result
        finally:
            if stats is not None:
                stats.add(cost, solutions=kept)
            if spent is not None and its_spent is not None:
                spent.add(its_spent, solutions=kept)

    def reasoning(self, reason: str) -> Budget:
        """This budget with another `reason` (the same deadline, limits and callbacks)."""
        return self._but(reason=reason)

    def reporting(self, progress: Optional[Progress]) -> Budget:
        """This budget with another progress callback (None: none), the rest the same:
        for a part of the work whose caller reports the whole (a verdict's cubes)."""
        return self._but(progress=progress)

    def _but(self, **changes: Any) -> Budget:
        other = Budget.__new__(Budget)
        for name in Budget.__slots__:
            setattr(other, name, changes.get(name, getattr(self, name)))
        return other


UNLIMITED = Budget()
"""The budget of a query given none: no deadline, no node limit, no progress."""


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
        if engine.MEMO_BYTES is not None:
            self.solver.set_memo(engine.MEMO_AUTO, engine.MEMO_BYTES)
        self.searches = 0
        """How many searches the solver has started: a solutions() iterator knows its own."""
        # The constructor's arguments, kept (not copied) so that a split search can
        # build the same problem in its workers (dlxcli.parallel).
        self.definition = (n_primary, n_secondary, options, weights, colors)
        self._options_without_primary: Optional[frozenset[int]] = None
        self._sizes: Optional[tuple[list[int], list[int]]] = None
        self.plain_counts = False
        """Whether its counts search plainly (`count_plainly`)."""
        self.orderless = False
        """Whether its solutions are read as sets (a grid puzzle's cells): the order of
        a solution's options says nothing, so a first solution raced over 3 jobs or more
        may come from cubes that prove it the only one (dlxcli.parallel.race)."""

    def count_plainly(self) -> None:
        """Count without a memo or a split (MEMO_OFF, set_split(False)), for a problem
        where neither can pay (pack: distinct pieces in a solid, docs/pack.md): the
        plain search, which the C twin runs on bit sets (docs/engine.md, "The bit-set
        count path"). A split search's workers count its subproblems so too."""
        self.plain_counts = True
        self.solver.set_memo(engine.MEMO_OFF, 0)
        self.solver.set_split(False)

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
                  stats: Optional[Stats] = None) -> Generator[Solution, None, None]:
        """Yield solutions lazily, at most `limit` of them."""
        with saying_out_of_memory(OutOfMemory.SEARCHING):
            if limit is not None and limit <= 0:
                return
            if self._estimated(budget, forced, first_item, limit):
                return
            if limit is None and budget.split is not None:
                yield from budget.split.solutions(self, forced=forced, first_item=first_item,
                                                  budget=budget, stats=stats)
                return
            strategy = strategies.choose(budget.reason, self, first_item, limit, forced)
            raced = self._raced(strategy, forced, limit, budget, stats) if limit == 1 else None
            if raced is not None:
                yield from raced
                return
            yield from strategy.solutions(self, forced, first_item, limit, budget, stats)

    def first(self, *, forced: Sequence[int] = (), first_item: bool = False,
              budget: Budget = UNLIMITED, stats: Optional[Stats] = None) -> Optional[Solution]:
        """The first solution, or None. The search is closed here, not by the garbage
        collector: a deadline alarm that comes while it adds its stats would be printed
        and dropped there, and is raised to the caller here."""
        found = self.solutions(forced=forced, first_item=first_item, limit=1, budget=budget,
                               stats=stats)
        try:
            return next(found, None)
        finally:
            found.close()

    def count(self, *, forced: Sequence[int] = (), first_item: bool = False,
              limit: Optional[int] = None, budget: Budget = UNLIMITED,
              stats: Optional[Stats] = None) -> int:
        """How many solutions there are (stopping at `limit`, e.g. 2 to test uniqueness).
        A count stopped at 2 (or 1) with a Budget whose split has several jobs races the
        portfolio's searches over them (dlxcli.parallel.race): a library's uniqueness
        check on every core is `count(limit=2, budget=Budget(split=Split(jobs=N)))`.
        Under auto, a count stopped at 3 or more is the portfolio's count stopped there
        (`Portfolio.count`; over several jobs, the split's `count`)."""
        with saying_out_of_memory(OutOfMemory.COUNTING if limit is None
                                  else OutOfMemory.SEARCHING,
                                  memo=limit is None and not self.plain_counts):
            if limit is not None and limit > 0 and budget.estimate is None:
                strategy = strategies.choose_count(budget.reason, self, first_item, forced,
                                                   limit)
                if limit <= 2:
                    raced = self._raced(strategy, forced, limit, budget, stats)
                    if raced is not None:
                        return len(raced)
                elif strategy is strategies.PORTFOLIO and budget.split is not None:
                    return budget.split.count(self, forced=forced, budget=budget, stats=stats,
                                              limit=limit)
                elif strategy is strategies.PORTFOLIO:
                    return strategy.count(self, forced, first_item, budget, stats, limit)
            if limit is not None:
                return sum(1 for _ in self.solutions(forced=forced, first_item=first_item,
                                                     limit=limit, budget=budget, stats=stats))
            if self._estimated(budget, forced, first_item, None):
                return 0
            if budget.split is not None:
                return budget.split.count(self, forced=forced, first_item=first_item,
                                          budget=budget, stats=stats)
            strategy = strategies.choose_count(budget.reason, self, first_item, forced)
            return strategy.count(self, forced, first_item, budget, stats)

    def maximize(self, *, forced: Sequence[int] = (), first_item: bool = False,
                 budget: Budget = UNLIMITED, stats: Optional[Stats] = None,
                 floor: Optional[int] = None) -> Optional[tuple[int, Solution]]:
        """(best weight, a solution with it) by branch and bound, or None if no solution
        (with `floor`: none heavier than floor; engine Solver.set_floor).

        Among equally heavy solutions the first one found is kept. The solutions it
        adds into `stats` are the better ones it found (the engine counts none here)."""
        with saying_out_of_memory(OutOfMemory.SEARCHING):
            if self._estimated(budget, forced, first_item, None, maximize=True):
                return None
            if budget.split is not None:
                return budget.split.maximize(self, forced=forced, first_item=first_item,
                                             budget=budget, stats=stats)
            return strategies.DANCING_LINKS.maximize(self, forced, first_item, budget, stats,
                                                        floor)

    def other(self, forced: Sequence[int], unlike: Optional[Sequence[int]],
              budget: Budget = UNLIMITED,
              stats: Optional[Stats] = None,
              kept: Optional[strategies.KeptLearner] = None) -> bool:
        """Whether a solution holds the `forced` options but not all of `unlike` (a
        known solution, or the part of it a question is about; None: any solution; an
        empty one is held by every solution, so that the answer is then False):
        the learning search's question, on a fresh Learner (`generate`'s uniqueness
        checks of 25x25 grids: with a unique puzzle's givens less a group of them
        forced, and that group's options unlike, it asks whether the puzzle without
        the group is still unique), or on `kept`, a KeptLearner of this problem whose
        forced options are among `forced` (the others its assumptions; `unlike` then
        forbidden for good). A limit of `budget` raises, as in the queries."""
        with saying_out_of_memory(OutOfMemory.SEARCHING):
            found = strategies.LEARNING.solutions(self, forced, False, 1, budget, stats,
                                                     () if unlike is None else (unlike,), kept)
            try:
                return next(found, None) is not None
            finally:
                found.close()

    def _raced(self, strategy: strategies.Strategy, forced: Sequence[int], limit: int,
               budget: Budget, stats: Optional[Stats]) -> Optional[list[Solution]]:
        """The solutions of a query raced over the budget's split (its `race`), or None
        where it is searched here: no split, a strategy that is DLX alone (--reason
        singles, a count, an order asked for), or the split's own refusal."""
        if budget.split is None or strategy is strategies.DANCING_LINKS or limit <= 0:
            return None
        return budget.split.race(self, strategy, forced=forced, limit=limit, budget=budget,
                                 stats=stats)

    def _estimated(self, budget: Budget, forced: Sequence[int], first_item: bool,
                   limit: Optional[int], maximize: bool = False) -> bool:
        """Under --estimate (the budget's Estimator), hand it the query's search and
        say so: the query then answers "no solution" without searching."""
        if budget.estimate is None:
            return False
        budget.estimate.search(self, forced, first_item, limit, budget, maximize)
        return True

    def is_solution(self, solution: Sequence[int], forced: int = 0) -> bool:
        """Whether `solution` (indices of this problem's options) is one a search can
        find: no option twice, every primary item covered once, every secondary item at
        most once or in one color, and each option after the first `forced` (the
        search's own choices) holding a primary item, as every option DLX chooses does.
        One pass over the items of its options (a checkpoint's stored solutions are
        checked so: dlxcli.parallel)."""
        n_primary, _, options, _, colors = self.definition
        if (len(set(solution)) < len(solution)
                or not self._without_primary.isdisjoint(solution[forced:])):
            return False
        sizes, primaries = self._option_sizes
        covered = set(chain.from_iterable(map(options.__getitem__, solution)))
        if len(covered) == sum(map(sizes.__getitem__, solution)):
            # no item twice (the common case, in C loops): every primary item is
            # covered when as many primary entries as there are primary items are
            return sum(map(primaries.__getitem__, solution)) == n_primary
        if colors is None:
            return False
        taken: dict[int, int] = {}
        for j in solution:
            for item, color in zip(options[j], colors[j]):
                if not strategies.fits(item, color, taken, n_primary):
                    return False
                taken[item] = color
        return all(item in taken for item in range(n_primary))

    # -- cutting a search into subproblems ------------------------------------------------

    def frontier(self, *, depth: Optional[int] = None, min_open: Optional[int] = None,
                 forced: Sequence[int] = (), first_item: bool = False, maximize: bool = False,
                 stats: Optional[Stats] = None,
                 budget: Budget = UNLIMITED) -> list[tuple[tuple[int, ...], float]]:
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
        those of the nodes opened here, and into `budget`'s tally); a root that does
        not branch is the only subproblem, (). Same query keywords as the searches;
        `maximize` because that search tries the options in another order. Resets any
        query in progress.
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
        budget.tally(stats, Stats(nodes=nodes))
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

    @property
    def _without_primary(self) -> frozenset[int]:
        """The options with no primary item (found once: a query asks per puzzle)."""
        if self._options_without_primary is None:
            n_primary, options = self.definition[0], self.definition[2]
            self._options_without_primary = frozenset(
                j for j, option in enumerate(options) if min(option) >= n_primary)
        return self._options_without_primary

    @property
    def _option_sizes(self) -> tuple[list[int], list[int]]:
        """(items, primary items) of every option, counted once (for is_solution)."""
        if self._sizes is None:
            n_primary, options = self.definition[0], self.definition[2]
            self._sizes = (list(map(len, options)),
                           [sum(1 for item in option if item < n_primary)
                            for option in options])
        return self._sizes


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
