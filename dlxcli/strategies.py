"""The searches that answer a query, one strategy per --reason (docs/engine.md,
"Reasoning beyond singles"): `DancingLinks` (singles), `Learning` (learn) and
`Portfolio` (auto: both interleaved, the first to finish answers). `choose` is the one
place that picks one.

Layer: between the engine and exact_cover, whose queries call `choose` and the strategy
it returns (it knows ExactCover by the objects it is given, never imports it). Each
search is resumable (`_DancingLinks`, `_Learning`): it runs for a number of its own
steps (DLX nodes, Learner decisions and conflicts) and stops at a solution, so that
one driver (`_advance`) gives the time limit, the node limit, Ctrl-C and the progress
callback their turn between slices, for every strategy.
"""

from __future__ import annotations

import time

from . import engine
from .engine._checks import forced_options
from .errors import EngineBusy, NodeLimitExceeded, ProblemError, SearchLimit, counted
from .stats import Stats

TYPE_CHECKING = False  # typing costs start-up time: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Iterable, Sequence
    from typing import Any, Optional, Union

    from .exact_cover import Budget, ExactCover, Progress, Solution

    Search = Union["_DancingLinks", "_Learning"]

AUTO_NODES = 100_000
"""The DLX nodes --reason auto runs before the Learner starts: above the most one puzzle
of hard1000, 17clue1000, the 16x16, squiggly and samurai sets needs (docs/engine.md,
"Reasoning beyond singles"), so that those answer as with --reason singles, and the
Learner costs them nothing."""
ROUND_STEPS = 1_024
"""The Learner's steps (decisions and conflicts) in one round of the portfolio."""
NODE_WORTH = 256
"""What one Learner step is worth in DLX nodes, times s(s - 1) for options of s items
on average: the DLX nodes of a round are ROUND_STEPS * NODE_WORTH / (s(s - 1)), so that
each search gets about half the time. A DLX node's cost grows with s(s - 1) (its commit
covers the s - 1 other items of an option, and each cover hides s - 1 nodes of every
option it takes out): 0.17 us on K15 and K17 (s = 2), 0.9 to 1.1 us on Gecode's 25x25
(s = 4); a Learner step's cost grows more slowly, 15 to 25 us there, 55 to 65 us here
(docs/performance.md)."""

LEARNER_COUNTS_MOST = 64
"""The most solutions the portfolio's Learner lists to count them (`Portfolio.count`): a
count above is DLX's, which counts without listing, where the Learner adds a clause a
solution."""

LEARN_SLICE = engine.SLICE >> 6
"""Steps per call of Learner.run: a step costs some 100 times a DLX node, so a 64th of a
DLX slice gives Ctrl-C, time limits and progress their turn as often."""


def choose(reason: str, problem: ExactCover, first_item: bool, limit: Optional[int],
           forced: Sequence[int]) -> Strategy:
    """The strategy of a query (solutions, at most `limit`) under --reason `reason`:

    * DLX whenever the order of its solutions is asked for (`first_item`), or under
      auto for lists (limit None or above 2: DLX's, faster there; a count of every
      solution is `choose_count`'s);
    * the portfolio under auto for a first solution and --unique (limit 1 or 2);
    * the Learner under learn, unless the forced options cannot be the Learner's
      (`_learnable`): then DLX. Bad forced options are refused here as the Solver
      refuses them, since the Learner's problem is built from them first."""
    if reason == "singles" or first_item or (reason == "auto" and (limit is None or limit > 2)):
        return DANCING_LINKS
    if reason == "auto":
        return PORTFOLIO
    return LEARNING if _learnable(problem, forced_options(forced, problem.solver.n_options)) \
        else DANCING_LINKS


def _learnable(problem: ExactCover, forced: Sequence[int]) -> bool:
    """Whether the Learner can search with these forced options: not when one has no
    primary item (the Learner holds such an option false from the start; DLX never
    chooses one itself, but a forced one stands). Asked only where a Learner would
    start: finding those options costs a pass over the problem's."""
    return not forced or problem._without_primary.isdisjoint(forced)


class Strategy:
    """How a query searches: `solutions` yields them lazily (at most `limit`, None for
    all), `count` counts them; both add their costs into `stats`."""

    def solutions(self, problem: ExactCover, forced: Sequence[int], first_item: bool,
                  limit: Optional[int], budget: Budget,
                  stats: Optional[Stats]) -> Generator[Solution, None, None]:
        raise NotImplementedError

    def count(self, problem: ExactCover, forced: Sequence[int], first_item: bool,
              budget: Budget, stats: Optional[Stats]) -> int:
        return sum(1 for _ in self.solutions(problem, forced, first_item, None, budget, stats))


class DancingLinks(Strategy):
    """--reason singles: Knuth's DLX alone, its solutions in its order."""

    def solutions(self, problem: ExactCover, forced: Sequence[int], first_item: bool,
                  limit: Optional[int], budget: Budget,
                  stats: Optional[Stats]) -> Generator[Solution, None, None]:
        search = _DancingLinks(problem, forced, first_item, budget, limited=limit is not None)
        with _Accounted(budget, stats, lambda: search.found, search):
            while True:
                status = _advance(search, None, budget)
                if status == engine.EXHAUSTED:
                    return
                yield search.solution()
                search.still_ours()
                if limit is not None and search.found >= limit:
                    return

    def count(self, problem: ExactCover, forced: Sequence[int], first_item: bool,
              budget: Budget, stats: Optional[Stats]) -> int:
        search = _DancingLinks(problem, forced, first_item, budget, count_only=True)
        with _Accounted(budget, stats, lambda: search.found, search):
            _advance(search, None, budget)
        return search.found

    def maximize(self, problem: ExactCover, forced: Sequence[int], first_item: bool,
                 budget: Budget, stats: Optional[Stats],
                 floor: Optional[int]) -> Optional[tuple[int, Solution]]:
        """(best weight, a solution with it) by branch and bound; the solutions it adds
        into `stats` are the better ones it found."""
        search = _DancingLinks(problem, forced, first_item, budget, maximize=True)
        if floor is not None:
            problem.solver.set_floor(floor)
        with _Accounted(budget, stats, lambda: search.found, search):
            while _advance(search, None, budget) == engine.SOLUTION:
                pass
        best = problem.solver.best_weight
        return None if best is None else (best, search.solution())


class Learning(Strategy):
    """--reason learn: the engine's Learner, each solution forbidden once found (all of
    them: correct, and slow for long lists); on a fresh Learner, or on `kept`
    (`_Learning`)."""

    def solutions(self, problem: ExactCover, forced: Sequence[int], first_item: bool,
                  limit: Optional[int], budget: Budget, stats: Optional[Stats],
                  unlike: Iterable[Sequence[int]] = (), kept: Optional[KeptLearner] = None
                  ) -> Generator[Solution, None, None]:
        search = _Learning(problem, forced, budget, unlike, kept)
        with _Accounted(budget, stats, lambda: search.found, search):
            while limit is None or search.found < limit:
                if _advance(search, None, budget) == engine.EXHAUSTED:
                    return
                yield search.solution()
                search.forbid_found()


class Portfolio(Strategy):
    """--reason auto for a first solution and --unique: DLX alone for AUTO_NODES nodes,
    then the Learner and DLX in turn, ROUND_STEPS steps and about as much time of DLX
    nodes a turn (NODE_WORTH),
    until one of them finishes the query. Each solution either finds is given once, in
    the order found (the Learner is told to skip DLX's; one that DLX finds after the
    Learner is passed over); either search exhausted means that no other solution
    exists. The Learner starts only when DLX's AUTO_NODES are spent (and never where
    the forced options cannot be its: `_learnable`).

    The turns are counted in steps and nodes, never in seconds, so the answer, its
    order and the figures are the same on every run, and on either twin (docs/engine.md,
    "Reasoning beyond singles")."""

    def solutions(self, problem: ExactCover, forced: Sequence[int], first_item: bool,
                  limit: Optional[int], budget: Budget,
                  stats: Optional[Stats]) -> Generator[Solution, None, None]:
        dlx = _DancingLinks(problem, forced, first_item, budget, limited=True)
        learner: Optional[_Learning] = None
        given: list[Solution] = []
        seen: set[frozenset[int]] = set()  # the solutions given, once the Learner runs
        search: Search = dlx
        units: Optional[int] = AUTO_NODES
        with _Accounted(budget, stats, lambda: len(given), dlx, lambda: learner):
            while limit is None or len(given) < limit:
                other = learner if search is dlx else dlx
                status = _advance(search, units, budget, 0 if other is None else other.nodes)
                if status == engine.EXHAUSTED:
                    return
                if status == engine.PAUSED:  # its turn is over
                    if learner is None and not _learnable(problem, forced):
                        units = None  # DLX alone, to the end
                        continue
                    if learner is None:
                        learner = _Learning(problem, forced, budget, given)
                        seen.update(map(frozenset, given))
                    learner.deepest = max(learner.deepest, dlx.deepest)
                    search, units = ((learner, ROUND_STEPS) if search is dlx
                                     else (dlx, learner.round_nodes))
                    continue
                units = None if units is None else units - search.spent
                solution = search.solution()
                if learner is not None:
                    if frozenset(solution) in seen:  # DLX found what the Learner found first
                        continue
                    seen.add(frozenset(solution))
                given.append(solution)
                yield solution
                dlx.still_ours()
                if learner is not None and search is dlx:
                    learner.forbid(solution)
                elif search is learner:
                    learner.forbid_found()

    def count(self, problem: ExactCover, forced: Sequence[int], first_item: bool,
              budget: Budget, stats: Optional[Stats], limit: Optional[int] = None) -> int:
        """--count under auto: DLX's count (its memo and all) alone for AUTO_NODES nodes,
        then DLX and the Learner in turns as for a first solution, the Learner listing
        the solutions (each forbidden once found) to count them, the first search done
        answering. The Learner leaves once either search has met more than
        LEARNER_COUNTS_MOST solutions: so a count of a puzzle with one solution or none
        that only the Learner settles comes in about twice its time, not in DLX's
        enumeration of the whole tree (Gecode's example21: over 40 s under singles, 6.4
        s under learn), and a count of many solutions is DLX's as before. Stopped at
        `limit` (3 or more: `ExactCover.count`) once either search has met that many (a
        count of DLX's so far is a count of solutions); the Learner then stays to the
        limit, whatever it is (leaving at 64, it left a 25x25 with 65 solutions counted
        to 66 to DLX for good: attack16b). The turns are steps and nodes, so the
        figures are the same on every run and on either twin."""
        dlx = _DancingLinks(problem, forced, first_item, budget, count_only=True)
        learner: Optional[_Learning] = None
        answered: list[Search] = [dlx]
        search: Search = dlx
        units: Optional[int] = AUTO_NODES
        most = LEARNER_COUNTS_MOST if limit is None else limit

        def given() -> int:
            found = answered[0].found
            return found if limit is None else min(found, limit)
        with _Accounted(budget, stats, given, dlx, lambda: learner):
            while True:
                other = learner if search is dlx else dlx
                status = _advance(search, units, budget, 0 if other is None else other.nodes)
                if status == engine.EXHAUSTED or (limit is not None and search.found >= limit):
                    answered[0] = search
                    return given()
                if status == engine.SOLUTION:  # the Learner's: DLX counts without stopping
                    assert learner is not None and units is not None
                    learner.forbid_found()
                    units -= learner.spent
                    if units > 0 and learner.found <= most:
                        continue
                many = max(dlx.found, learner.found if learner else 0) > most
                if many or (learner is None and not _learnable(problem, forced)):
                    # DLX alone, to the end (or to the limit, a turn at a time)
                    search, units = dlx, None if limit is None else AUTO_NODES
                    dlx.limited = False  # its part of the tree done is its progress again
                elif learner is None:
                    learner = _Learning(problem, forced, budget)
                    search, units = learner, ROUND_STEPS
                    dlx.limited = True  # the progress of the two searches alike: speeds
                else:
                    learner.deepest = max(learner.deepest, dlx.deepest)
                    search, units = ((learner, ROUND_STEPS) if search is dlx
                                     else (dlx, learner.round_nodes))


def choose_count(reason: str, problem: ExactCover, first_item: bool, forced: Sequence[int],
                 limit: Optional[int] = None) -> Strategy:
    """The strategy of a count (stopped at `limit`): the portfolio under auto (a count
    stopped at 3 or more: `Portfolio.count` stopped there; a count stopped at 3 cost
    DLX's enumeration of the whole tree where the count of all came in seconds,
    attack15b), unless the order of the solutions is asked for (`first_item`); else as
    `choose` says."""
    if reason == "auto" and not first_item:
        return PORTFOLIO
    return choose(reason, problem, first_item, limit, forced)


DANCING_LINKS, LEARNING, PORTFOLIO = DancingLinks(), Learning(), Portfolio()


# -- the portfolio's searches one at a time, for a race over processes ----------------------

class Member:
    """One search of a query run on its own, turn by turn as the portfolio gives it its
    turns (`turn(units)`: DLX nodes or Learner steps), collecting its solutions up to
    `limit`; `turns` counts the turns it took, `done` says it has finished the query
    (`limit` solutions, or its search exhausted), `found` holds its solutions.

    Run alone, each search follows the very path it follows in the portfolio up to its
    first solution (the portfolio's other search never changes it before then: the
    Learner is told of DLX's solutions only), so a race over processes
    (dlxcli.parallel.race) can tell which of them the portfolio would have heard from
    first: the one whose finishing turn comes first in its order, DLX's turn 0
    (AUTO_NODES), the Learner's turn 1, DLX's turn 1, ... (`first_in_turn_order`)."""

    def __init__(self, search: Search, limit: int, found: Sequence[Solution] = ()) -> None:
        self.search, self.limit = search, limit
        self.found: list[Solution] = list(found)
        self.turns, self.done = 0, len(self.found) >= limit

    def turn(self, units: Optional[int], budget: Budget, others: int = 0) -> bool:
        """One turn of at most `units` steps (None: to the end); whether it is done (a
        member done takes no more turns)."""
        if self.done:
            return True
        search = self.search
        while True:
            status = _advance(search, units, budget, others)
            if status == engine.PAUSED:
                break
            if status == engine.EXHAUSTED:
                self.done = True
                break
            units = None if units is None else units - search.spent
            self.found.append(search.solution())
            if len(self.found) >= self.limit:
                self.done = True
                break
            if isinstance(search, _Learning):
                search.forbid_found()
        self.turns += 1
        return self.done

    @property
    def finishing_turn(self) -> int:
        """The turn of the portfolio's order it finished in: DLX's k-th turn (from 0) is
        position 2k, the Learner's j-th (from 1) position 2j - 1."""
        assert self.done
        return 2 * (self.turns - 1) if isinstance(self.search, _DancingLinks) \
            else 2 * self.turns - 1


class Counting:
    """DLX's count of a query (its memo and all), turn by turn: `Portfolio.count`'s DLX
    on its own, for a count raced over processes (dlxcli.parallel.split). `found` is
    its count so far, the whole count once `done`."""

    def __init__(self, problem: ExactCover, forced: Sequence[int], budget: Budget) -> None:
        self.search = _DancingLinks(problem, forced, False, budget, count_only=True)
        self.done = False

    def turn(self, units: int, budget: Budget) -> bool:
        """At most `units` more nodes; whether the count is done."""
        self.done = _advance(self.search, units, budget) == engine.EXHAUSTED
        return self.done

    @property
    def found(self) -> int:
        return self.search.found

    def stats(self) -> Stats:
        return self.search.stats()


def dancing_member(problem: ExactCover, forced: Sequence[int], budget: Budget,
                   limit: int) -> Member:
    """The portfolio's DLX, as a Member."""
    return Member(_DancingLinks(problem, forced, False, budget, limited=True), limit)


def learning_member(problem: ExactCover, forced: Sequence[int], budget: Budget, limit: int,
                    found: Sequence[Solution] = ()) -> Member:
    """The Learner of a query, as a Member that knows the solutions `found` already
    (it looks for others)."""
    return Member(_Learning(problem, forced, budget, found), limit, found)


class Verdict:
    """A count stopped at `limit` (a verdict: none, one, ...) by the portfolio's two
    searches each on its own, in rounds (DLX a round's nodes, the Learner ROUND_STEPS:
    the portfolio's rounds without its first turn of AUTO_NODES), DLX taking its turn
    in one round of `dlx_every` only; or by the Learner alone (`auto` False: --reason
    learn). A count is a fact, so the first search done answers it (`found`: its
    solutions; `by_dlx`: whether DLX did; `known`: those found so far); the Learner is
    not told DLX's solutions, nor DLX the Learner's. The search of one cube of a split
    verdict (dlxcli.parallel, "Cube and conquer"), where `dlx_every` follows which
    search answered the cubes before, and the Learner is the process's `kept` one, the
    cube's prefix its assumptions."""

    def __init__(self, problem: ExactCover, forced: Sequence[int], budget: Budget,
                 limit: int, auto: bool, dlx_every: int = 1,
                 kept: Optional[KeptLearner] = None) -> None:
        search = _Learning(problem, forced, budget, kept=kept)
        learner = Member(search, limit, () if kept is None else kept.within(forced))
        self.members: list[tuple[Member, int]] = [(learner, ROUND_STEPS)]
        if auto:
            self.members.insert(0, (dancing_member(problem, forced, budget, limit),
                                    search.round_nodes))
        self.dlx_every, self.by_dlx = dlx_every, False
        self.turns, self.done = 0, False
        self.found: list[Solution] = []
        self.reported: set[frozenset[int]] = set()  # `news`
        self.read = [0] * len(self.members)  # of each member's solutions, by `news`

    @property
    def known(self) -> list[Solution]:
        """The solutions found so far (by either search, each once): the count is at
        least that many before it is done."""
        if self.done:
            return self.found
        seen: dict[frozenset[int], Solution] = {}
        for member, _ in self.members:
            for solution in member.found:
                seen.setdefault(frozenset(solution), solution)
        return list(seen.values())

    def news(self) -> list[Solution]:
        """The solutions found that no call before gave, in `known`'s order: a cube's
        report carries those alone (carried, merged and hashed all again at every
        report, a count to a limit of 200,000 over two jobs took 40 s where one job
        takes 1: attack18d)."""
        if self.done:
            candidates = self.found
        else:
            candidates = []
            for k, (member, _) in enumerate(self.members):
                candidates.extend(member.found[self.read[k]:])
                self.read[k] = len(member.found)
        fresh = []
        for solution in candidates:
            key = frozenset(solution)
            if key not in self.reported:
                self.reported.add(key)
                fresh.append(solution)
        return fresh

    def turn(self, budget: Budget) -> bool:
        """One round: each search's turn, until one is done; whether the count is."""
        if self.done:
            return True
        for member, units in self.members:
            dlx = isinstance(member.search, _DancingLinks)
            if dlx and (self.turns + 1) % self.dlx_every:
                continue
            if member.turn(units, budget):
                self.done, self.found, self.by_dlx = True, member.found, dlx
                break
        self.turns += 1
        return self.done

    @property
    def nodes(self) -> int:
        return sum(member.search.nodes for member, _ in self.members)

    def stats(self) -> Stats:
        total = Stats()
        for member, _ in self.members:
            total.add(member.search.stats())
        return total


def learnable(problem: ExactCover, forced: Sequence[int]) -> bool:
    """Whether the portfolio of these forced options would ever start its Learner."""
    return _learnable(problem, forced_options(forced, problem.solver.n_options))


def round_nodes(problem: ExactCover, forced: Sequence[int]) -> int:
    """The DLX nodes of one of the portfolio's rounds on this query."""
    return _round_nodes(Remainder(problem, forced).options)


# -- the searches, resumable --------------------------------------------------------------

class _DancingLinks:
    """One DLX search of a query on the problem's Solver: `run(nodes)` goes on for at
    most that many nodes, stopping at a solution; `found` counts the solutions (those
    of a maximize search: the better ones found; the engine counts none there)."""

    def __init__(self, problem: ExactCover, forced: Sequence[int], first_item: bool,
                 budget: Budget, count_only: bool = False, maximize: bool = False,
                 limited: bool = False) -> None:
        self.problem, self.solver, self.count_only = problem, problem.solver, count_only
        self.limited, self.deepest = limited, 0
        self.search = problem._start(forced, first_item, maximize)
        self.step = self.solver.run if budget.trace is None else budget.trace.runner(problem)
        self.improved = 0 if maximize else None
        self.spent, self.seconds = 0, 0.0

    @property
    def nodes(self) -> int:
        return int(self.solver.nodes)

    @property
    def unit(self) -> int:
        """Nodes per slice."""
        return engine.SLICE

    def run(self, nodes: int) -> int:
        before = self.solver.nodes
        status = int(self.step(nodes, self.count_only))
        self.spent += self.solver.nodes - before
        if status == engine.SOLUTION and self.improved is not None:
            self.improved += 1
        return status

    @property
    def found(self) -> int:
        return int(self.solver.count) if self.improved is None else self.improved

    def report(self, progress: Progress, others: int) -> None:
        """Tell `progress` how far the search is: the part of the tree done, or, where
        the query stops at a solution (`limited`), which makes that part say nothing of
        when it ends, None and the deepest level seen."""
        nodes = others + self.nodes
        if not self.limited:
            progress(float(self.solver.progress()), nodes, self.found)
            return
        self.deepest = max(self.deepest, int(self.solver.level))
        progress(None, nodes, self.found, depth=self.deepest)

    def solution(self) -> Solution:
        """The solution the search stands on (it has just reported one)."""
        return self.problem._found()

    def still_ours(self) -> None:
        """Raise EngineBusy if another query took the Solver over while the caller was
        paused on one of this search's solutions."""
        if self.problem.searches != self.search:
            raise EngineBusy("another query on this problem started its own search "
                             "while a solutions() iterator was paused on it; finish "
                             "or close the iterator first")

    def stats(self) -> Stats:
        solver = self.solver
        spent = Stats(solver.nodes, solver.updates, 0, self.seconds, solver.mems)
        spent.memo = (solver.memo_lookups, solver.memo_hits, solver.memo_entries,
                      solver.memo_bytes, int(solver.memo_dropped))
        spent.splits = solver.splits
        return spent


class KeptLearner:
    """The Learner of a query on the problem its forced options leave (`Remainder`),
    kept: a fresh one for each query, or, in a verdict cut into cubes, one a process
    keeps for all the cubes it searches, each cube's prefix given as assumptions
    (`_Learning`'s `kept`). What it learned in one cube, clauses implied by the problem
    (and by the solutions forbidden, each in a cube of its own), serves the next:
    incremental cube and conquer. On the mutilated boards each cube's fresh Learner
    proved the parity argument again (3.6 million conflicts over 32 cubes of the 12x12
    against 365,000 for the whole); two kept ones, 673,000 (docs/parallel.md, "A parity
    proof cut into cubes"). `owner`: the search whose query the Learner holds now."""

    def __init__(self, problem: ExactCover, forced: Sequence[int]) -> None:
        self.remainder = Remainder(problem, forced)
        self.learner = None if self.remainder.empty else self.remainder.learner()
        self.owner: Optional[_Learning] = None
        self.found: list[Solution] = []
        """The solutions found and forbidden on this Learner in the queries a caller
        gave it to (`_Learning`'s `kept`): see `within`."""
        self.held: set[tuple[int, ...]] = set()
        """The clauses shared with other Learners (branch share29), given or taken:
        neither given nor taken again."""

    def take(self, clauses: Iterable[tuple[int, ...]]) -> None:
        """Add the clauses other Learners of this remainder shared (`give`), those not
        held already, at level 0 (between cubes: the next cube's query starts afresh)."""
        fresh = [clause for clause in clauses if clause not in self.held]
        self.held.update(fresh)
        if fresh and self.learner is not None:
            self.learner.add_clauses(fresh)

    def give(self, prefix: Sequence[int], max_len: int,
             max_lbd: int) -> list[tuple[int, ...]]:
        """The level-0 facts and short learned clauses (`Learner.learnts`) not shared
        yet, after a cube of this `prefix` (options of the problem): those that name an
        option the prefix meets (one of its options, or one sharing an item with one)
        are left out, being that cube's (they spoke of its assumptions: measured, they
        cost the others more than they saved, docs/parallel.md)."""
        if self.learner is None:
            return []
        met = self._met(prefix)
        fresh = [clause for clause in map(tuple, self.learner.learnts(max_len, max_lbd))
                 if clause not in self.held and not any(lit >> 1 in met for lit in clause)]
        self.held.update(fresh)
        return fresh

    def within(self, forced: Sequence[int]) -> list[Solution]:
        """The solutions this Learner found and forbade that hold every option of
        `forced`. Its search no longer finds them, so a query of those options counts
        them from here: a cube started again on the Learner that searched it before (a
        cluster's task run again where the cube's verdict was no longer kept) counted
        none of them, and a unique sudoku was answered `none` (attack12)."""
        need = set(forced)
        return [solution for solution in self.found if need.issubset(solution)]

    def _met(self, prefix: Sequence[int]) -> set[int]:
        """The remainder's options that `prefix`'s options meet, theirs included."""
        remainder = self.remainder
        assumed = remainder.inside(prefix) or []
        items = {item for v in assumed for item in remainder.options[v]}
        return {v for v, option in enumerate(remainder.options) if not items.isdisjoint(option)}


class _Learning:
    """One Learner search of a query, on a fresh Learner of the problem its forced
    options leave (`Remainder`), or on a `kept` one of fewer forced options, the others
    given as assumptions: `run(steps)` goes on for at most that many steps (decisions
    and conflicts), stopping at a solution. No solution of it holds all of one of
    `unlike`'s option sets, nor one passed to `forbid`. Its costs are its own runs'
    (a kept Learner serves other searches between them).

    A fresh Learner each query: a forbidden solution is no fact of the problem, and
    what an earlier puzzle taught one would make a later puzzle's answer depend on the
    puzzles before it (and on --jobs). One option forced twice leaves no solution, as in
    the DLX search."""

    unit = LEARN_SLICE

    def __init__(self, problem: ExactCover, forced: Sequence[int], budget: Budget,
                 unlike: Iterable[Sequence[int]] = (),
                 kept: Optional[KeptLearner] = None) -> None:
        self.kept = KeptLearner(problem, forced) if kept is None else kept
        self.keeps = kept is not None
        """Whether the solutions it forbids go into the kept Learner's `found` (a
        fresh Learner's are its caller's to count: a count under --reason learn would
        keep every solution)."""
        self.remainder = self.kept.remainder
        self.assumptions = self.remainder.inside(forced)  # none for a fresh Learner
        self.counted = problem.solver.mems is not None  # the twin's way: 0 or None
        self.found, self.spent, self.seconds = 0, 0, 0.0
        self.decisions = self.conflicts = self.learned = 0
        self.deepest = 0
        """The deepest level seen (in the portfolio, by DLX's turns too)."""
        self.learner = None if self.assumptions is None else self.kept.learner
        self.watch = None
        self.round_nodes: int = _round_nodes(self.remainder.options)
        if self.learner is None:
            return
        self._own()
        for options in unlike:
            self.forbid(options)
        if budget.trace is not None:
            self.unit = 1
            self.watch = budget.trace.learning(self.learner)

    def _own(self) -> None:
        """Make the Learner's query this search's: a kept Learner's may be another
        cube's now (a stale task of a cube done, on a cluster). Its solutions found
        are forbidden for good, so it goes on with the others (a query that holds
        some of them again counts them: `KeptLearner.within`)."""
        if self.kept.owner is not self and self.learner is not None:
            self.kept.owner = self
            self.learner.start(self.assumptions)

    @property
    def nodes(self) -> int:
        return self.decisions

    def run(self, steps: int) -> int:
        learner = self.learner
        if learner is None:
            return engine.EXHAUSTED
        self._own()
        decisions, conflicts, learned = learner.decisions, learner.conflicts, learner.learned
        status = int(learner.run(steps))
        self.decisions += learner.decisions - decisions
        self.conflicts += learner.conflicts - conflicts
        self.learned += learner.learned - learned
        self.spent += learner.decisions - decisions + learner.conflicts - conflicts
        if self.watch is not None:
            self.watch.after(status)
        if status == engine.SOLUTION:
            self.found += 1
        return status

    def report(self, progress: Progress, others: int) -> None:
        """Tell `progress` of the search: no part of a tree done (the Learner has none),
        its nodes (decisions), the deepest level seen and its conflicts so far."""
        if self.learner is None:
            return
        self.deepest = max(self.deepest, int(self.learner.level))
        progress(None, others + self.nodes, self.found, depth=self.deepest,
                 conflicts=self.conflicts)

    def solution(self) -> Solution:
        assert self.learner is not None
        inside = self.learner.solution()
        assert inside is not None, "the Learner reported a solution it does not hold"
        return self.remainder.outside(inside)

    def forbid(self, options: Sequence[int]) -> None:
        """No later solution holds all of `options` (options of the whole problem)."""
        inside = self.remainder.inside(options)
        if inside is not None and self.learner is not None:
            self.learner.forbid(inside)

    def forbid_found(self) -> None:
        """No later solution is the one just found."""
        assert self.learner is not None
        if self.keeps:
            self.kept.found.append(self.solution())
        self.learner.forbid(self.learner.solution())

    def stats(self) -> Stats:
        if self.learner is None:
            return Stats(learning=1, updates=0 if self.counted else None,
                         mems=0 if self.counted else None)
        links = 0 if self.counted else None
        return Stats(self.decisions, links, 0, self.seconds, links, 1, self.decisions,
                     self.conflicts, self.learned)


# -- the driver ------------------------------------------------------------------------------

def _advance(search: Search, units: Optional[int], budget: Budget, others: int = 0) -> int:
    """Run `search` on for at most `units` of its steps (None: no end), in slices of
    its `unit`, to its next solution (SOLUTION), its end (EXHAUSTED) or the end of the
    units (PAUSED); `search.spent` then holds the steps taken here. Between slices the
    budget gets its turn: its node limit over the nodes of this query's searches
    (`others`: those of the other searches), its deadline, Ctrl-C (KeyboardInterrupt)
    and its progress callback. A turn that pauses with the node limit spent stops the
    query there, before another search is built for the next turn (the portfolio's
    Learner, past DLX's AUTO_NODES: `-v` showed a learning search of 0 decisions)."""
    node_limit = budget.node_limit
    search.spent = 0
    began = time.perf_counter()
    try:
        while units is None or search.spent < units:
            slice_ = search.unit if units is None else min(search.unit, units - search.spent)
            if node_limit is not None:
                slice_ = min(slice_, _nodes_left(node_limit, others + search.nodes))
            status = search.run(slice_)
            if status != engine.PAUSED:
                return status
            budget.check(others + search.nodes)
            if budget.progress is not None:
                search.report(budget.progress, others)
        if node_limit is not None:
            _nodes_left(node_limit, others + search.nodes)
        return engine.PAUSED
    finally:
        search.seconds += time.perf_counter() - began


def _nodes_left(node_limit: int, nodes: int) -> int:
    """The nodes left under the node limit after `nodes`: NodeLimitExceeded if none."""
    if nodes >= node_limit:
        raise NodeLimitExceeded(f"search stopped after {counted(nodes, 'node')} (node limit)",
                                nodes)
    return node_limit - nodes


def _round_nodes(options: Sequence[Sequence[int]]) -> int:
    """The DLX nodes of one round of the portfolio (NODE_WORTH) on these options."""
    size = sum(map(len, options)) / max(len(options), 1)
    return ROUND_STEPS * max(1, round(NODE_WORTH / max(size * (size - 1), 2)))


class _Accounted:
    """`with _Accounted(budget, stats, found, *searches)`: on the way out, whatever
    the way, the searches' costs go into `stats` and the budget's tally
    (Budget.tally), with found() solutions (those given out; a
    search given as a callable is looked up then: the portfolio's Learner starts late,
    if at all), and a SearchLimit takes the sum as the stopped search's counts."""

    def __init__(self, budget: Budget, stats: Optional[Stats], found: Callable[[], int],
                 *searches: Any) -> None:
        self.budget, self.stats, self.found, self.searches = budget, stats, found, searches

    def __enter__(self) -> None:
        return None

    def __exit__(self, _kind: Any, stopped: Any, _trace: Any) -> None:
        total = Stats()
        for search in self.searches:
            search = search() if callable(search) else search
            if search is not None:
                total.add(search.stats())
        total.solutions = self.found()
        if isinstance(stopped, SearchLimit):
            stopped.counted(total)
        self.budget.tally(self.stats, total)


class Remainder:
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
        self.forced_set = set(forced)
        self.kept = _kept(options, colors, taken, n_primary, self.forced_set)
        self.options = [[renumbered[item] for item in options[j] if item not in taken]
                        for j in self.kept]
        self.colors = None if colors is None else [
            [color for item, color in zip(options[j], colors[j]) if item not in taken]
            for j in self.kept]
        self.index = {j: new for new, j in enumerate(self.kept)}

    def learner(self) -> Any:
        """A fresh engine Learner of the remainder."""
        if engine.Learner is None:
            raise ProblemError(f"the {engine.ENGINE} twin has no learning search: use "
                               "--reason singles")
        return engine.Learner(self.n_primary, len(self.number) - self.n_primary,
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
        """A solution of the remainder as the whole problem's: forced options first, then
        the others in increasing order."""
        return self.forced + sorted(self.kept[j] for j in inside)


def _kept(options: Sequence[Sequence[int]], colors: Optional[Sequence[Sequence[int]]],
          taken: dict[int, int], n_primary: int, forced: set[int]) -> list[int]:
    """The options a Remainder keeps: not forced, not wholly inside the forced ones'
    items, and each item `fits`. Without colors an option fits when it shares no item
    with the forced ones, a test of C's speed (`isdisjoint`): every cube of a verdict
    over the jobs built a Remainder (each process builds one now, its KeptLearner's),
    and the general test, per item in Python, took 60 ms on a 25x25 sudoku, five times
    `--jobs 1`'s whole --unique on a quick one."""
    if colors is None:
        free = taken.keys().isdisjoint
        return [j for j, option in enumerate(options)
                if option and free(option) and j not in forced]
    return [j for j, option in enumerate(options)
            if j not in forced and not taken.keys() >= set(option)
            and all(fits(item, colors[j][k], taken, n_primary)
                    for k, item in enumerate(option))]


def fits(item: int, color: int, taken: dict[int, int], n_primary: int) -> bool:
    """Whether an option's `item` (with `color`) goes with the forced options' `taken`."""
    if item not in taken:
        return True
    return item >= n_primary and color != 0 and taken[item] == color
