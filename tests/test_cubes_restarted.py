"""A verdict's cube started again on a worker whose Learner searched it before (branch
attack12), on the twin DLXCLI_ENGINE picked.

A worker process keeps one Learner per slot for all its cubes, each solution it finds
forbidden in it for good (`strategies.KeptLearner`). On a Dask cluster a cube's task
may run again where its verdict is no longer kept: a task computed again after a
worker died (Dask recomputes a lost result), a task another worker stole, a stale task
of a cube done that makes the worker drop the slot's cube under way
(`parallel.cubes._forget_done_cubes`). The cube then starts again on the same Learner,
whose search can no longer find the solutions it found there before; and a worker's
report said nothing of a cube's solutions before the cube was done. So a unique
sudoku was answered `none` on a real cluster, a worker killed at 5 s (attack12).

Layer: tests. Golden answers come from counting (K_n's perfect matchings: (n-1)!!, and
those holding one edge: (n-3)!!) and brute force (oracle.py), never from the code
under test. Worker processes are simulated in this process: the module's per-process
state (`_cubing`, `_conquerors`, `_slot_locks`) swapped per simulated worker.
"""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import oracle
from dlxcli import learner_cut, parallel, strategies
from dlxcli.exact_cover import Budget
from dlxcli.parallel import Cubes, Split
from random_problems import problems
from test_portfolio import complete_graph
from test_race import FEW, cover_of

PER_PROCESS = ("_cubing", "_conquerors", "_slot_locks", "_verdicts")


@pytest.fixture
def worker(monkeypatch):
    """This process as one fresh worker process, its rounds short (a cube of K8 takes
    several tasks)."""
    for name in PER_PROCESS:
        monkeypatch.setattr(parallel.cubes, name, {})
    monkeypatch.setattr(strategies, "ROUND_STEPS", 2)


def matchings_with(n, edge):
    """The perfect matchings of K_n holding `edge` (an option of complete_graph(n)),
    counted: (n - 3)!!."""
    return 1 if n <= 3 else (n - 3) * matchings_with(n - 2, edge)


def test_a_cube_started_again_on_its_learner_counts_what_that_learner_found(worker):
    """K8's cube of edge 0 searched for one task on slot 0, then a stale task of another
    cube of slot 0 runs on the same worker (its cube under way dropped there), then the
    cube's next task: it starts again on the slot's Learner, which found some of the
    cube's matchings before and forbade them; the cube's count is still all 15."""
    problem = complete_graph(8)
    cubes = Cubes(problem.definition, [], 1000, auto=False)
    first = parallel.cube_turns(cubes, 0, 7, [0], 1, 16)
    assert not first.done
    assert parallel.cubes._cubing[(cubes.digest, 0, 7)].known  # some found, and forbidden
    parallel.cube_turns(cubes, 0, 3, [1], 1, 1)  # stale: cube 3, edge 1
    last = parallel.cube_turns(cubes, 0, 7, [0], 1, 10**6)
    assert last.done
    assert len(set(map(frozenset, last.found))) == matchings_with(8, 0) == 15
    assert all(0 in solution for solution in last.found)


def test_a_report_of_a_cube_under_way_carries_its_solutions_so_far(worker):
    """A task that does not end its cube reports the solutions found in it so far (the
    verdict counts them as they come: cubes under way may decide it)."""
    problem = complete_graph(8)
    cubes = Cubes(problem.definition, [], 1000, auto=False)
    report = parallel.cube_turns(cubes, 0, 7, [0], 1, 16)
    assert not report.done
    assert report.found
    assert all(0 in solution for solution in report.found)
    assert len(set(map(frozenset, report.found))) == len(report.found)


class Recomputing:
    """`parallel.Processes` simulated in this process, as a Dask cluster may run tasks:
    each slot's tasks in order, the slots in a random order, each simulated worker
    process with its own kept state; now and then a task delivered before is run
    again, its result lost (Dask recomputing a result a dead worker held), and a slot's
    tasks move to another worker (stolen, or their worker lost)."""

    rng = random.Random(0)

    def __init__(self, shared, size, depth=2):
        self.shared, self.tasks, self.delivered = shared, [], []
        self.size = size
        self.workers = [{name: {} for name in PER_PROCESS} for _ in range(max(size, 2))]
        self.home = {}

    def submit(self, function, *args, pin=None, what=None):
        self.tasks.append((len(self.delivered) + len(self.tasks), pin, function, args))

    def _run(self, worker, task):
        _, _, function, args = task
        saved = {name: getattr(parallel.cubes, name) for name in PER_PROCESS}
        for name in PER_PROCESS:
            setattr(parallel.cubes, name, self.workers[worker][name])
        try:
            return function(self.shared, *args)
        finally:
            for name, value in saved.items():
                setattr(parallel.cubes, name, value)

    def wait(self, timeout):
        if not self.tasks:
            return None
        rng = self.rng
        if self.delivered and rng.random() < 0.2:
            self._run(rng.randrange(len(self.workers)), rng.choice(self.delivered))
        pin = rng.choice(sorted({task[1] for task in self.tasks}))
        task = next(task for task in self.tasks if task[1] == pin)
        self.tasks.remove(task)
        if rng.random() < 0.1:
            self.home[pin] = rng.randrange(len(self.workers))
        value = self._run(self.home.setdefault(pin, pin % len(self.workers)), task)
        self.delivered.append(task)
        return task[0], value

    def close(self):
        self.tasks = []


def recomputed_verdict(monkeypatch, problem, forced, limit, jobs, seed):
    """The solutions of a count to `limit` over `jobs` Recomputing workers (the Learner
    alone, warm-up off, 4 cubes a job, the tail split at once, one round a task)."""
    monkeypatch.setattr(parallel.cubes, "Processes", Recomputing)
    monkeypatch.setattr(Recomputing, "rng", random.Random(seed))
    monkeypatch.setattr(learner_cut, "WARM_STEPS", 0)
    monkeypatch.setattr(parallel.cubes, "CUBES_PER_JOB", 4)
    monkeypatch.setattr(parallel.cubes, "SPLIT_AFTER_ROUNDS", 0)
    monkeypatch.setattr(parallel.cubes, "CHUNK_TURNS", 1)
    monkeypatch.setattr(strategies, "ROUND_STEPS", 2)
    budget = Budget(reason="learn", split=Split(jobs=jobs, probe=0.0))
    conquest = parallel.cubes._Conquering(problem, list(forced), limit, budget, auto=False,
                                    here=False)
    try:
        return conquest.run(budget.split)
    finally:
        conquest.close()


@pytest.mark.parametrize("seed", range(6))
def test_tasks_run_again_and_moved_keep_the_count_of_matchings(monkeypatch, seed):
    """K8's 105 perfect matchings counted over 3 simulated Dask workers whose tasks are
    now and then run again (their results lost) or moved: each matching once."""
    found = recomputed_verdict(monkeypatch, complete_graph(8), [], 1000, 3, seed)
    assert len(set(map(frozenset, found))) == len(found) == 105


@FEW
@given(problems(), st.sampled_from([2, 1000]), st.integers(0, 2**16))
def test_tasks_run_again_and_moved_keep_the_brute_force_count(problem, limit, seed):
    """Random exact covers (secondary items, colors, forced options) the same way:
    what brute force counts, up to the limit."""
    every = set(map(frozenset, oracle.exact_covers(
        problem.n_primary, problem.n_secondary, problem.options, problem.forced,
        problem.colors)))
    with pytest.MonkeyPatch.context() as patch:
        found = recomputed_verdict(patch, cover_of(problem), problem.forced, limit, 2, seed)
    assert len(found) == min(len(every), limit)
    assert set(map(frozenset, found)) <= every
