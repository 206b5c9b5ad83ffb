"""Two verdicts at once on one worker process (two clients, or two `--unique` runs,
sharing a Dask cluster): each keeps its cubes under way and its slots' Learners there
(`parallel.cubes.KEPT_VERDICTS` of them, the least recently used dropped beyond), where the
worker kept only the latest verdict's and each task of the other started its cube
again on a fresh Learner (attack12: K12's matchings, 7,178 cube verdicts against 40).

Layer: tests. Worker processes are simulated in this process, as in
test_cubes_restarted.py (the module's per-process state swapped in); golden counts are
K_n's perfect matchings, (n-1)!!, and those holding one edge, (n-3)!!, never the code
under test.
"""

import threading
import time

import pytest

from dlxcli import parallel, strategies
from dlxcli.parallel import Cubes
from test_cubes_restarted import Recomputing, matchings_with, recomputed_verdict
from test_portfolio import complete_graph

PER_PROCESS = ("_cubing", "_conquerors", "_slot_locks", "_verdicts")


@pytest.fixture
def built(monkeypatch):
    """This process as one fresh worker process, its rounds short; returns the counts
    of the KeptLearners and Verdicts built (a cube started, or started again)."""
    for name in PER_PROCESS:
        monkeypatch.setattr(parallel.cubes, name, {}, raising=False)
    monkeypatch.setattr(strategies, "ROUND_STEPS", 2)
    counts = {"learners": 0, "verdicts": 0}
    for kind, key in ((strategies.KeptLearner, "learners"), (strategies.Verdict, "verdicts")):
        monkeypatch.setattr(strategies, kind.__name__, counted(kind, counts, key))
    return counts


def counted(kind, counts, key):
    """`kind` counting its instances in counts[key]."""
    class Counted(kind):
        def __init__(self, *args, **kwargs):
            counts[key] += 1
            super().__init__(*args, **kwargs)
    return Counted


def cube_to_its_end(cubes, edge):
    """Task after task (16 rounds each) of slot 0's cube of `edge` of K10: a generator
    of each task's report, the last one done."""
    upto = 0
    while True:
        upto += 16
        report = parallel.cube_turns(cubes, 0, edge, [edge], 1, upto)
        yield report
        if report.done:
            return


def test_two_verdicts_interleaved_keep_their_learners_and_cubes(built):
    """K10's cube of edge 0 in two verdicts (two clients), their tasks alternating on
    one worker's slot 0: each cube is started once, each slot's Learner built once,
    and each counts K10's 105 matchings holding edge 0, each in one report (a report
    carries the solutions found since the one before: Verdict.news)."""
    problem = complete_graph(10)
    first, second = (Cubes(problem.definition, [], 10**6, auto=False) for _ in range(2))
    found = {first.digest: [], second.digest: []}
    tasks = {first.digest: cube_to_its_end(first, 0), second.digest: cube_to_its_end(second, 0)}
    while tasks:
        for digest, task in list(tasks.items()):
            report = next(task, None)
            if report is None:
                del tasks[digest]
            else:
                found[digest] += report.found
    assert built == {"learners": 2, "verdicts": 2}
    for solutions in found.values():
        assert len(set(map(frozenset, solutions))) == len(solutions) == matchings_with(10, 0)
        assert all(0 in solution for solution in solutions)


def test_a_worker_keeps_the_latest_verdicts_only(built):
    """Beyond KEPT_VERDICTS verdicts, the least recently used is dropped (its Learners
    and cubes), and a task of it starts its cube again, still counting every matching."""
    problem = complete_graph(8)
    verdicts = [Cubes(problem.definition, [], 1000, auto=False)
                for _ in range(parallel.cubes.KEPT_VERDICTS + 1)]
    for cubes in verdicts:
        assert not parallel.cube_turns(cubes, 0, 0, [0], 1, 4).done
    assert {key[0] for key in parallel.cubes._conquerors} == {c.digest for c in verdicts[1:]}
    assert built["learners"] == len(verdicts)
    last = parallel.cube_turns(verdicts[0], 0, 0, [0], 1, 10**6)
    assert built["learners"] == len(verdicts) + 1
    assert len(set(map(frozenset, last.found))) == matchings_with(8, 0) == 15


@pytest.mark.parametrize("seed", range(3))
def test_a_verdict_with_another_verdicts_tasks_between_counts_every_matching(
        monkeypatch, built, seed):
    """K8's 105 matchings counted over 3 simulated workers (tasks run again and moved,
    as in test_cubes_restarted.py) while, before each of its tasks, a task of another
    verdict's cube runs on the same worker: every matching once, and the other
    verdict's cube started once a worker at most (it was started again at nearly every
    turn)."""
    other = Cubes(complete_graph(8).definition, [], 1000, auto=False)
    turns, started = [], []
    alone = Recomputing._run

    def the_other_first(self, worker, task):
        turns.append(worker)
        alone(self, worker, (0, None, other_turn, (len(turns),)))
        return alone(self, worker, task)

    def other_turn(shared, upto):
        """A task of the other verdict's cube, in the simulated worker's state."""
        if (other.digest, 0, 1) not in parallel.cubes._cubing:
            started.append(upto)
        return parallel.cube_turns(other, 0, 1, [1], 1, upto)

    monkeypatch.setattr(Recomputing, "_run", the_other_first)
    found = recomputed_verdict(monkeypatch, complete_graph(8), [], 1000, 3, seed)
    assert len(set(map(frozenset, found))) == len(found) == 105
    assert len(turns) > 20
    assert len(started) <= len(set(turns))  # once a simulated worker


class Yielding(dict):
    """`_verdicts` that lets the other threads run right after each of its pops: a
    thread switch where it hurts most, every time."""

    def pop(self, *args):
        value = super().pop(*args)
        time.sleep(1e-4)
        return value


def test_threads_marking_verdicts_at_once_never_drop_a_live_ones_learners(
        monkeypatch, built):
    """A Dask worker's threads run tasks of two verdicts at once (two clients; or two
    slots of one verdict): each task marks its verdict recent, and neither ever drops
    the other's slot Learner or slot lock (both verdicts among the KEPT_VERDICTS most
    recent). Before, a verdict was out of `_verdicts` while it was marked, and the
    other thread, dropping meanwhile, took its Learner and the lock a task of it held
    (attack13: 12 drops in 60,000 marks at the shortest thread switch)."""
    monkeypatch.setattr(parallel.cubes, "_verdicts", Yielding())
    digests = ("first", "second")
    for digest in digests:
        parallel.cubes._keep_recent_verdicts(digest)
        parallel.cubes._conquerors[digest, 0] = object()
        parallel.cubes._slot_locks[digest, 0] = threading.Lock()
    kept = {digest: (parallel.cubes._conquerors[digest, 0], parallel.cubes._slot_locks[digest, 0])
            for digest in digests}
    dropped = []

    def marking(digest):
        for _ in range(200):
            parallel.cubes._keep_recent_verdicts(digest)
            if (parallel.cubes._conquerors.get((digest, 0)),
                    parallel.cubes._slot_locks.get((digest, 0))) != kept[digest]:
                dropped.append(digest)
                return
    threads = [threading.Thread(target=marking, args=(digest,)) for digest in digests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert dropped == []
