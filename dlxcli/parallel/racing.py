"""The portfolio's members raced over the jobs: DLX here, turn by turn, the Learner on
the executor, the first to decide answering (`_Racing`); a member's turns on a worker
(`race_turns`), kept there from one task to the next.

Layer: parallel's (see dlxcli.parallel). `race` (dlxcli.parallel.split) runs a race,
and a verdict's cubes (dlxcli.parallel.cubes) beside it or instead of it.
"""

from __future__ import annotations

import os
import time

from .. import strategies
from ..exact_cover import Budget, Stats
from . import cubes, executors
from .cubes import arrived
from .executors import Cluster, Processes
from .subproblems import _problem

TYPE_CHECKING = False  # typing costs start-up time: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from .subproblems import Definition, Solution

BESIDE_TICK = 0.01
"""Seconds a race waits for each of its two executors in turn, its cubes' and its
Learner's, once DLX here is done (`_Racing.run`)."""


class Race:
    """A hard query as the workers get it (picklable): the problem's definition, the
    forced options, the solutions known already (`found`: DLX's, from its first turn)
    and the solutions asked for (`limit`, 1 or 2); `digest` names this race alone, at
    random, as a Deal's and a Cubes': a cluster's worker outlives a race, and keeps its
    members (`_racers`) and problem (`_built`) until its next one. Named by the query, a
    later race of the same query on the same workers took up the members where the
    last one had left them: their turns, solutions and costs. The answer was the same
    (the search is deterministic), but neither the search nor its costs were this
    race's (fix12)."""

    __slots__ = ("definition", "forced", "found", "limit", "digest")

    def __init__(self, definition: Definition, forced: Sequence[int],
                 found: Sequence[Solution], limit: int) -> None:
        self.definition, self.forced = definition, list(forced)
        self.found, self.limit = [list(solution) for solution in found], limit
        self.digest = os.urandom(16).hex()


class Report:
    """Where a racing member stands after a task: its number, the turns it took, whether
    it is done (its solutions, up to its limit, or none left), its solutions (with
    those the race knew before), its costs so far (Stats) and its nodes."""

    __slots__ = ("member", "turns", "done", "found", "stats", "nodes")

    def __init__(self, member: int, turns: int, done: bool, found: list[Solution],
                 stats: Stats, nodes: int) -> None:
        self.member, self.turns, self.done, self.found = member, turns, done, found
        self.stats, self.nodes = stats, nodes

    @property
    def finishing_turn(self) -> int:
        """A Learner's place in the portfolio's turns (strategies.Member)."""
        return 2 * self.turns - 1


def _costs(racing, conquest):
    """What a race cost so far: its members' and its cubes'."""
    total = racing.costs()
    if conquest is not None:
        total.add(conquest.costs(), solutions=False)
    return total


class _Racing:
    """One race: the member here (`here`, a strategies.Member), the others' latest
    Reports (`reports`), the executor they run on."""

    def __init__(self, problem, forced, limit, budget, auto):
        self.problem, self.forced, self.limit, self.budget = problem, forced, limit, budget
        self.auto, self.reports, self.workers, self.sent = auto, {}, None, {}
        self.in_flight = 0
        make = strategies.dancing_member if auto else strategies.learning_member
        self.here = make(problem, forced, budget, limit)
        self.answer = None
        self.handed = None
        """The costs of the search here once it has handed the Solver over (`hand_over`)."""
        self.proved = False
        """Whether the cubes beside the race gave its answer (`run`)."""

    def first_turn(self, split):
        """The search --jobs 1 starts with, here, for its first turn (auto: DLX for
        AUTO_NODES; learn: the Learner for the split's probe seconds): its answer if
        that decides the query (or DLX alone to the end, where the Learner could not
        start), else None."""
        here, budget = self.here, self.budget
        if self.auto:
            here.turn(strategies.AUTO_NODES, budget)
            if here.done or not strategies.learnable(self.problem, self.forced):
                here.turn(None, budget)
                return self._answered(here.found)
            return None
        until = time.perf_counter() + split.probe
        while not here.turn(strategies.ROUND_STEPS, budget) and time.perf_counter() < until:
            pass
        return self._answered(here.found) if here.done else None

    def run(self, split, conquest=None):
        """The rest of a first solution's race (under auto), past `first_turn`: DLX
        here, the portfolio's Learner on the executor; and, given `conquest`, on the
        split's other jobs, the count to 2 cut into cubes: where it proves the query
        has no solution or one only, that is the answer (whatever search --jobs 1 runs
        finds that one first); where it finds two, it stops, and the race goes on."""
        here, budget = self.here, self.budget
        units = strategies.round_nodes(self.problem, self.forced)
        self._start(split, Race(self.problem.definition, self.forced, here.found,
                                self.limit))
        if conquest is not None:
            conquest.start(split, split.jobs - 2)
        while True:
            answer = self._decided()
            if answer is None and conquest is not None and conquest.decided:
                answer = self._proved(conquest)
                conquest = None
            if answer is not None:
                return self._answered(answer)
            if not here.done:
                here.turn(units, budget, self._others())
                self._hear(0)
                if conquest is not None:
                    conquest.step(0)
            elif conquest is None:
                self._hear(executors.TICK)
            else:  # two executors to hear: in turns
                self._hear(BESIDE_TICK)
                conquest.step(BESIDE_TICK)

    def _proved(self, conquest):
        """The cubes' verdict decided: no solution or the only one, the answer; two
        found, None, and the cubes stop (their costs stay counted)."""
        found = conquest.solutions()
        if len(found) < 2:
            self.proved = True
            return found
        conquest.close()
        return None

    def _start(self, split, shared):
        """The executor and the portfolio's Learner (member 0): two tasks of it under
        way. (A further member, another search, would find another first solution,
        which --jobs 1 does not print; it could only say "none".)"""
        if split.scheduler:
            self.workers = Cluster(shared, split.scheduler, split.notice, self.budget)
        else:
            self.workers = Processes(shared, 1)
        for _ in range(2):
            self._send(0)

    def _send(self, member):
        """The next task of `member`: CHUNK_TURNS more turns."""
        upto = self.sent.get(member, 0) + cubes.CHUNK_TURNS
        self.sent[member] = upto
        self.workers.submit(race_turns, member, upto, pin=member,
                            what=f"racing member {member}")
        self.in_flight += 1

    def _hear(self, timeout):
        """Take the reports that have come (waiting up to `timeout` s for the first), and
        send each member that is not done its next task; the time limit gets its turn."""
        for report in arrived(self, timeout):
            known = self.reports.get(report.member)
            if known is None or report.turns >= known.turns:
                self.reports[report.member] = report
            if not report.done and report.turns >= self.sent[report.member] - cubes.CHUNK_TURNS:
                self._send(report.member)

    def _decided(self):
        """The first solution, once the members' state decides it; else None: "none
        left" from either, or else the portfolio's order of turns (`_first_in_turns`)."""
        members = [(self.here.done, self.here.found)] + [
            (report.done, report.found) for report in self.reports.values()]
        for done, found in members:
            if done and not found:
                return found
        return self._first_in_turns()

    def _first_in_turns(self):
        """Under auto, a first solution: DLX's (here) or the portfolio Learner's
        (member 0), whichever finishes in the earlier turn."""
        here, learner = self.here, self.reports.get(0)
        if here.done:
            if learner is None:
                return None
            if learner.done and learner.finishing_turn < here.finishing_turn:
                return learner.found
            if learner.done or 2 * learner.turns + 1 > here.finishing_turn:
                return here.found
            return None
        if learner is not None and learner.done and 2 * here.turns > learner.finishing_turn:
            return learner.found
        return None

    def _others(self):
        return sum(report.nodes for report in self.reports.values())

    def _nodes(self):
        return self.here.search.nodes + self._others()

    def _answered(self, found):
        self.answer = found
        return found

    def hand_over(self):
        """Keep the costs of the search here, which stops: its Solver goes to the cubes."""
        self.handed = self.here.search.stats()

    def costs(self):
        """What the race cost so far: the search here and each member's last report."""
        total = Stats()
        total.add(self.here.search.stats() if self.handed is None else self.handed)
        for report in self.reports.values():
            total.add(report.stats)
        total.solutions = 0 if self.answer is None else len(self.answer)
        return total

    def close(self, stats, conquest=None):
        """Stop the members (and the cubes of `conquest`), and add the costs into
        `stats` and the budget's tally."""
        try:
            if self.workers is not None:
                self.workers.close()
        finally:
            if conquest is not None:
                conquest.close()
        self.budget.tally(stats, _costs(self, conquest))


_racers: dict[int, tuple[str, Any]] = {}
"""Per member: (the race's digest, its Member), kept in a worker process from one task
to the next of the same member, whichever of the process's threads runs the task."""
_member_locks: dict[int, Any] = {}
"""Per member: the lock its tasks hold, one at a time (two may be under way at once on
a cluster worker of several threads)."""


def race_turns(race: Race, member: int, upto: int) -> Report:
    """A worker's task in a race: member `member`'s turns on to `upto` (a Learner's
    turns of ROUND_STEPS steps), or to its end. A member that is not here (a cluster
    worker that did not run its earlier tasks) starts again from the beginning: its
    search is deterministic, so it reaches the same point. (Kept per thread, as it was,
    a member started again on every task that a Dask worker of several threads gave to
    another of its threads, and each task replayed all the turns before it.)"""
    import threading
    with _member_locks.setdefault(member, threading.Lock()):
        kept: Any
        digest, kept = _racers.get(member, (None, None))
        if digest != race.digest:
            for old, (kept_digest, _) in list(_racers.items()):  # threads: a copy
                if kept_digest != race.digest:
                    _racers.pop(old, None)
            kept = strategies.learning_member(_problem(race), race.forced,
                                              Budget(reason="learn"), race.limit, race.found)
            _racers[member] = (race.digest, kept)
        budget = Budget(reason="learn")
        while kept.turns < upto and not kept.turn(strategies.ROUND_STEPS, budget):
            pass
        return Report(member, kept.turns, kept.done, kept.found, kept.search.stats(),
                      kept.search.nodes)
