"""A verdict (a count stopped at 2 or 1) cut into cubes, each counted on its own: cube
and conquer, over the executor's workers and this process.

Layer: parallel's (see dlxcli.parallel). A raced count (dlxcli.parallel.split's `race`)
is searched here, and cubes search beside a first solution's race (split's `_beside`).
`_Conquering` is the side of the process that cuts the cubes and hands them out;
`cube_turns` the workers', which keep each cube's search and each slot's Learner from
one task to the next (for the KEPT_VERDICTS most recently used verdicts).
"""

from __future__ import annotations

import _thread
import collections
import os
import time

from .. import learner_cut, strategies
from ..exact_cover import Budget, ExactCover, Stats
from . import executors
from .executors import Cluster, Processes

TYPE_CHECKING = False  # typing costs start-up time: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from .subproblems import Definition

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
REPORT_EVERY = 0.1
"""The fewest seconds between two progress reports of a verdict's cubes (`report`)."""


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
CHUNK_TURNS = 4
"""A racing member's turns per task (a turn is about 20 ms on a 25x25 sudoku), and a
cube's rounds (dlxcli.parallel.racing reads it here): the process that races hears of
each member's progress this often, and a member of a cluster, which cannot be stopped
in mid-task, stops this soon after it is told."""


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
    found since its report before (`Verdict.news`: all of them once done, with those;
    before attack12 none until then, though the slot's Learner had forbidden them; a
    cube that starts again elsewhere gives its own anew), its costs so far (Stats) and
    nodes, and the clauses its Learner shares once it is done (`clauses`:
    SHARE_MAX_LEN's)."""

    __slots__ = ("slot", "index", "turns", "done", "found", "by_dlx", "stats", "nodes",
                 "clauses")

    def __init__(self, slot: int, index: int, verdict: Any,
                 clauses: Sequence[tuple[int, ...]] = ()) -> None:
        self.slot, self.index, self.turns = slot, index, verdict.turns
        self.done, self.found, self.by_dlx = verdict.done, verdict.news(), verdict.by_dlx
        self.stats, self.nodes = verdict.stats(), verdict.nodes
        self.clauses = list(clauses)


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
        self.seen_in = {}
        """A cube -> its solutions known, as sets (`_know`)."""
        self.distinct = set()
        """Every solution known, of any cube, as a set: the verdict's count so far,
        kept as they come (counted again from `known` at every step, a count to a
        limit of 200,000 over two jobs took minutes: attack18d)."""
        self.left = self.total = 0
        """The cubes of the first cut not settled yet, and all of them."""
        self.reported = 0.0
        """When the progress callback last heard of the cubes (`report`)."""
        self.quiet = budget.reporting(None)
        """The budget of the cubes searched here: this one's, but for its progress
        callback, which `report` tells of every cube."""
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
            self.step(executors.TICK)
            self.report()
        return self.solutions()

    def report(self):
        """Tell the budget's progress callback (at most every REPORT_EVERY seconds, and
        once the verdict is decided) of all the cubes: no part of a tree done (a
        cube's share says little of its cost), the cubes of the first cut settled of
        all of them, and the nodes and conflicts of every search so far, so that the
        speed shown is all the processes' (a cube here does not report its own:
        `_take_here`)."""
        now = time.perf_counter()
        if self.budget.progress is None or (now - self.reported < REPORT_EVERY
                                            and not self.decided):
            return
        self.reported = now
        costs = self.costs()
        self.budget.progress(None, costs.nodes, self.found,
                             parts=(self.total - self.left, self.total),
                             conflicts=costs.conflicts or None)

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
        self.left = self.total = len(cut)
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
        self._know(WARM_UP, self.warm.found)
        if self.warm.done:
            return []
        learnts = self.warm.search.learner.learnts(SHARE_MAX_LEN, SHARE_MAX_LBD)
        self.pool.append((WARM_UP, [tuple(clause) for clause in learnts]))
        return self.warm.cubes(min_open)

    @property
    def decided(self):
        """Whether the verdict is known: `limit` solutions found, or every cube settled."""
        return not self.left or self.found >= self.limit

    @property
    def found(self):
        """How many solutions are known (up to `limit`): len(solutions()), without
        making the list, which took seconds for 200,000 of them (attack18d)."""
        return min(len(self.distinct), self.limit)

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
        self.here = (cube, strategies.Verdict(self.problem, self.prefixes[cube], self.quiet,
                                              self.limit, self.auto, self.dlx_every,
                                              self.kept))

    def _round_here(self):
        cube, verdict = self.here
        verdict.dlx_every = self.dlx_every
        done = verdict.turn(self.quiet)
        self._know(cube, verdict.news())
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
        seen = self.seen_in.setdefault(cube, set())
        for solution in found:
            key = frozenset(solution)
            if key not in seen:
                seen.add(key)
                known.append(solution)
                self.distinct.add(key)

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
