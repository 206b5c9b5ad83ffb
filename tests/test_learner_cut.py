"""The cut of a verdict into cubes that follows the Learner (dlxcli.learner_cut, branch
cubes17): its cubes disjoint and covering every solution, the same on both twins, and
the cut `_Conquering` makes (on the twin DLXCLI_ENGINE picked, the twin comparison on
both).

Layer: tests. Golden answers come from brute force (oracle.py), from an enumeration of
K_n's perfect matchings written here ((n-1)!! of them), and from the known solution of a
sudoku, never from the code under test.
"""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import oracle
from dlxcli import engine, learner_cut, parallel, strategies
from dlxcli.errors import TimeLimitExceeded
from dlxcli.exact_cover import Budget
from dlxcli.stats import Stats
from random_problems import problems
from test_portfolio import complete_graph, mutilated_board
from test_race import FEW, cover_of
from test_race_cubes import UNIQUE_9, grid_text, is_sudoku_of, split_verdict, sudoku_line

from dlxcli.puzzles import sudoku


def matchings(n):
    """The perfect matchings of K_n as sets of options of `complete_graph(n)` (edge u-v,
    u < v, numbered in the order u, then v): vertex `free[0]` paired with each other
    free vertex in turn, the rest matched alike."""
    number = {edge: k for k, edge in enumerate((u, v) for u in range(n)
                                                for v in range(u + 1, n))}

    def of(free):
        if not free:
            return [frozenset()]
        first, rest = free[0], free[1:]
        return [match | {number[first, other]}
                for other in rest
                for match in of([vertex for vertex in rest if vertex != other])]
    return set(of(list(range(n))))


def warmed(problem, forced, limit):
    """The cut of a count to `limit`, its warm-up made."""
    cut = learner_cut.LearnerCut(problem, forced, limit, Budget())
    cut.warm_up(Budget())
    return cut


def in_cubes(solution, cubes):
    """The cubes whose prefix the solution holds."""
    return [k for k, prefix in enumerate(cubes) if set(prefix) <= solution]


def assert_cubes_partition(cubes, solutions):
    """Every solution lies in exactly one cube (disjoint cubes, covering them all)."""
    for solution in solutions:
        assert len(in_cubes(solution, cubes)) == 1, sorted(solution)


def test_the_matchings_enumerated_here_are_those_of_brute_force():
    """The golden enumeration against the oracle on K6 (15 of them)."""
    problem = complete_graph(6)
    n_primary, n_secondary, options, _, _ = problem.definition
    assert matchings(6) == oracle.exact_covers(n_primary, n_secondary, options)
    assert [len(matchings(n)) for n in (2, 4, 8, 10)] == [1, 3, 105, 945]


@pytest.mark.parametrize("n, min_open, warm_steps", [
    (8, 4, 100), (10, 32, 2000), (10, 64, 2000), (11, 32, 300)])
def test_cubes_after_a_warm_up_partition_the_matchings(monkeypatch, n, min_open, warm_steps):
    """K_n counted without a limit: the warm-up finds some matchings and stops (its
    steps spent), then the cut by its activities: every matching (945 for K10, none
    for K11) in exactly one cube, at least `min_open` cubes."""
    monkeypatch.setattr(learner_cut, "WARM_STEPS", warm_steps)
    problem = complete_graph(n)
    cut = warmed(problem, [], 10**6)
    assert not cut.done
    every = matchings(n) if n % 2 == 0 else set()
    assert set(map(frozenset, cut.found)) <= every
    cubes = [prefix for prefix, _ in cut.cubes(min_open)]
    assert len(cubes) >= min_open
    assert_cubes_partition(cubes, every)


@FEW
@given(problems(), st.sampled_from([0, 3, 40]))
def test_cubes_partition_what_brute_force_finds(problem, warm_steps):
    """Random problems without colors, forced options and all: after a warm-up of
    `warm_steps` (or none), the cubes hold each solution (brute force) once; a warm-up
    done has found them all."""
    assume(problem.colors is None)
    every = oracle.exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                                problem.forced)
    cover = cover_of(problem)
    assume(learner_cut.fits(cover, problem.forced))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(learner_cut, "WARM_STEPS", warm_steps)
        cut = warmed(cover, problem.forced, 10**6)
    if cut.done:
        assert set(map(frozenset, cut.found)) == every
        return
    cubes = [problem.forced + prefix for prefix, _ in cut.cubes(8)]
    assert_cubes_partition(cubes, every)


@pytest.mark.parametrize("n, min_open", [(8, 2), (10, 4), (10, 9)])
def test_a_cube_cut_further_partitions_its_own_solutions(monkeypatch, n, min_open):
    """The tail split's cut below a cube's prefix (`cubes(below=...)`): each of K_n's
    perfect matchings that holds the cube's prefix lies in exactly one piece (the
    prefix and the piece's), none elsewhere; the pieces' shares parts of the cube's
    tree."""
    monkeypatch.setattr(learner_cut, "WARM_STEPS", 200)
    cut = warmed(complete_graph(n), [], 10**6)
    every = matchings(n)
    for cube, _ in cut.cubes(4):
        pieces = cut.cubes(min_open, below=cube)
        assert len(pieces) >= min(min_open, 2)
        assert 0 < sum(share for _, share in pieces) <= 1
        inside = {solution for solution in every if set(cube) <= solution}
        assert_cubes_partition([cube + prefix for prefix, _ in pieces], inside)
        assert all(in_cubes(solution, [cube + prefix for prefix, _ in pieces]) == []
                   for solution in every - inside)


def test_a_cube_without_solutions_below_cuts_into_none():
    """A prefix that leaves an item no option (two edges on one vertex of K6) cuts into
    no piece: nothing to search there."""
    cut = warmed(complete_graph(6), [], 10**6)
    assert cut.cubes(4, below=[0, 1]) == []


@pytest.mark.parametrize("problem, min_open, warm_steps, done", [
    (complete_graph(10), 32, 2000, False), (mutilated_board(8), 32, 1000, False),
    (mutilated_board(8), 256, 1000, False), (mutilated_board(8), 32, 6000, True)])
def test_the_twins_cut_alike(monkeypatch, problem, min_open, warm_steps, done):
    """The warm-up and the cut on the C twin and on the Python twin: the same solutions
    found, the same activities, the same cubes (the warm-up stopped by its steps, or
    done: the 8x8 board's 6,000)."""
    monkeypatch.setattr(learner_cut, "WARM_STEPS", warm_steps)
    cuts = []
    for name in ("c", "python"):
        try:
            twin = engine.twin(name)
        except ImportError:
            pytest.skip("the C twin is not built")
        monkeypatch.setattr(engine, "Learner", twin.Learner)
        cut = warmed(problem, [], 10**6)
        assert cut.done == done
        cuts.append((cut.found, cut.search.learner.activities(), cut.cubes(min_open)))
    assert cuts[0] == cuts[1]
    assert len(cuts[0][2]) >= min_open


def test_a_verdict_is_cut_by_the_learner(monkeypatch):
    """`_Conquering` cuts by the Learner (its warm-up made, its cubes those of
    learner_cut), and counts the mutilated 8x8 board's tilings: none."""
    found, conquest = split_verdict(monkeypatch, mutilated_board(8), [], 2, warm_steps=200)
    assert found == []
    assert conquest.warm is not None
    expected = [prefix for prefix, _ in warmed(mutilated_board(8), [], 2).cubes(
        parallel.cubes.CUBES_PER_JOB * 3)]
    assert conquest.prefixes[:len(expected)] == expected


@pytest.mark.parametrize("n, limit", [(8, 1000), (10, 2), (9, 2)])
def test_a_verdict_cut_by_the_learner_counts_the_matchings(monkeypatch, n, limit):
    """Perfect matchings of K_n counted to `limit` through `_Conquering` (warm-up,
    cubes, the tail split): min(limit, (n-1)!!) distinct ones, each a matching."""
    found, conquest = split_verdict(monkeypatch, complete_graph(n), [], limit, warm_steps=30)
    every = matchings(n) if n % 2 == 0 else set()
    assert len(found) == min(limit, len(every))
    assert set(map(frozenset, found)) <= every
    assert conquest.warm is not None


def test_a_warm_up_that_answers_leaves_no_cube(monkeypatch):
    """Wikipedia's sudoku (one solution, which its givens give with singles): the
    warm-up answers the verdict, no cube is cut, and its solution is the sudoku's."""
    grid = sudoku.sudoku_grid(9)
    (puzzle,), _ = sudoku.parse_lines(grid_text(UNIQUE_9))
    found, conquest = split_verdict(monkeypatch, grid.problem, list(grid.forced(puzzle.givens)),
                                    2, warm_steps=learner_cut.WARM_STEPS)
    assert conquest.prefixes == [] and conquest.warm.done
    [solution] = found
    assert is_sudoku_of(sudoku_line(solution), UNIQUE_9)


def test_a_warm_up_stopped_by_the_time_limit_keeps_its_costs():
    """A time limit that strikes in the warm-up (attack11; here at the first look the
    warm-up's Learner gives the budget, through its progress callback): the count's
    stats and the limit's counts hold the warm-up's steps so far, as the Learner
    reported them then, beside DLX's first turn (they were lost: -v showed none)."""
    reported = []

    def progress(fraction, nodes, solutions, **learner):
        if "conflicts" in learner:  # the Learner's report: the warm-up's
            reported.append((nodes, learner["conflicts"]))
            raise TimeLimitExceeded("stopped after 1 s (time limit)")
    budget = Budget(progress=progress, split=parallel.Split(jobs=2, probe=0.0))
    stats = Stats()
    with pytest.raises(TimeLimitExceeded) as stopped:
        mutilated_board(8).count(limit=2, budget=budget, stats=stats)
    [(decisions, conflicts)] = reported
    assert conflicts > 0
    assert stats.learning == 1 and stats.conflicts == conflicts
    assert stats.nodes == stopped.value.nodes >= strategies.AUTO_NODES + decisions
