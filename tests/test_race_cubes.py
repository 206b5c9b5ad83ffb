"""Issue 29 over many jobs (branch cubes16): the tail split of a verdict's cubes, and
the cubes that search beside a first solution's race over 3 jobs or more
(dlxcli.parallel: `_Conquering._split_tail`, `_beside`, `_Racing.run`), on the twin
DLXCLI_ENGINE picked.

Layer: tests. Golden answers come from brute force (oracle.py), from counting (perfect
matchings of K_n) and from `--jobs 1` (the race must reproduce it), never from the
figures of the code under test. The portfolio's rounds are shrunk (test_portfolio's
`short_rounds`) so that small problems reach the race.
"""

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

import oracle
from dlxcli import learner_cut, parallel
from dlxcli.exact_cover import Budget
from dlxcli.parallel import Split
from dlxcli.puzzles import sudoku
from random_problems import problems
from test_portfolio import complete_graph, short_rounds
from test_race import FEW, cover_of

SUDOKU = os.path.join(os.path.dirname(__file__), "..", "puzzles", "sudoku")
UNIQUE_9 = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
"""Wikipedia's sudoku: one solution."""
MANY_9 = "." * 9 + UNIQUE_9[9:]
"""The same with its first row's givens taken out: two solutions (those found are
checked to be sudokus holding the givens)."""


class Inline:
    """`parallel.Processes` run in this process, one task at a time in the order sent
    (a worker's tasks in turn): a deterministic executor, so that a test knows the
    tail split cuts (whether a cube is under way when a process waits)."""

    def __init__(self, shared, size, depth=2):
        self.shared, self.size, self.tasks, self.tickets = shared, size, [], 0

    def submit(self, function, *args, pin=None, what=None):
        self.tasks.append((self.tickets, function, args))
        self.tickets += 1

    def wait(self, timeout):
        if not self.tasks:
            return None
        ticket, function, args = self.tasks.pop(0)
        return ticket, function(self.shared, *args)

    def close(self):
        self.tasks = []


def split_verdict(monkeypatch, problem, forced, limit, jobs=3, warm_steps=0, auto=True):
    """(count, the conquest) of a count to `limit` cut into cubes over `jobs` Inline
    processes, one cube per job and any cube under way cut when a process waits; the
    Learner's cut after a warm-up of `warm_steps` (none by default: a warm-up would
    answer these small counts alone); `auto` False: --reason learn."""
    monkeypatch.setattr(parallel.cubes, "Processes", Inline)
    monkeypatch.setattr(learner_cut, "WARM_STEPS", warm_steps)
    monkeypatch.setattr(parallel.cubes, "CUBES_PER_JOB", 1)
    monkeypatch.setattr(parallel.cubes, "SPLIT_AFTER_ROUNDS", 0)
    monkeypatch.setattr(parallel.cubes, "CHUNK_TURNS", 1)
    budget = Budget(split=Split(jobs=jobs, probe=0.0))
    conquest = parallel.cubes._Conquering(problem, list(forced), limit, budget, auto)
    with short_rounds():
        found = conquest.run(budget.split)
    return found, conquest


@pytest.mark.parametrize("n", [7, 8, 9, 10])
def test_the_tail_split_cuts_a_cube_under_way_and_keeps_the_count(monkeypatch, n):
    """Perfect matchings of K_n, counted to 1000 ((n-1)!!: 105 for K8, 945 for K10; none
    for n odd): cubes cut further once a process waits (pieces made), the count
    exact, each solution once."""
    found, conquest = split_verdict(monkeypatch, complete_graph(n), [], 1000)
    matchings = 0 if n % 2 else 1
    for odd in range(n - 1, 0, -2):
        matchings *= odd
    assert len(found) == matchings
    assert len(set(map(frozenset, found))) == len(found)
    assert conquest.pieces


@pytest.mark.parametrize("jobs", [2, 3, 4])
def test_the_cubes_go_out_largest_share_first_on_many_jobs(monkeypatch, jobs):
    """From MANY_JOBS (3) processes, the first cubes handed out are those with the
    largest shares of the tree (the cut least: on 25x25 sudokus the dearest), the cut's
    order among equal shares; on 2, in the cut's order; every cube handed out once."""
    monkeypatch.setattr(parallel.cubes, "Processes", Inline)
    monkeypatch.setattr(learner_cut, "WARM_STEPS", 300)
    budget = Budget(split=Split(jobs=jobs, probe=0.0))
    conquest = parallel.cubes._Conquering(complete_graph(10), [], 1000, budget, True)
    handed = []
    next_cube = parallel.cubes._Conquering._next

    def given_out(conquering):
        cube = next_cube(conquering)
        if cube is not None:
            handed.append(cube)
        return cube
    monkeypatch.setattr(parallel.cubes._Conquering, "_next", given_out)
    monkeypatch.setattr(parallel.cubes._Conquering, "_split_tail", lambda conquering: None)
    with short_rounds():
        found = conquest.run(budget.split)
    assert len(found) == 945
    shares = [share for _, share in conquest.warm.cubes(parallel.cubes.CUBES_PER_JOB * jobs)]
    assert sorted(handed) == list(range(len(shares)))
    assert len(set(shares)) > 1
    if jobs >= parallel.cubes.MANY_JOBS:
        assert handed == sorted(handed, key=lambda cube: -shares[cube])
    else:
        assert handed == sorted(handed)


def test_the_cubes_report_their_progress_as_cubes_settled(monkeypatch):
    """A verdict cut into cubes tells the progress callback of all its cubes: the cubes
    of the first cut settled of all of them (never fewer than before, all at the end),
    no part of a tree done, the conflicts of every search so far (never fewer); the cube
    this process searches does not report its own figures in between (the display would
    show one cube's speed and depth, reset at each cube)."""
    monkeypatch.setattr(parallel.cubes, "Processes", Inline)
    monkeypatch.setattr(parallel.cubes, "REPORT_EVERY", 0.0)
    monkeypatch.setattr(learner_cut, "WARM_STEPS", 300)
    reports = []

    def progress(fraction, nodes, solutions, parts=None, depth=None, conflicts=None):
        reports.append((fraction, parts, conflicts, solutions))
    budget = Budget(progress=progress, split=Split(jobs=3, probe=0.0))
    conquest = parallel.cubes._Conquering(complete_graph(10), [], 1000, budget, False)
    with short_rounds():
        found = conquest.run(budget.split)
    assert len(found) == 945
    cubes = [report for report in reports if report[1] is not None]
    assert cubes and reports[-len(cubes):] == cubes  # after the warm-up, nothing else
    settled = [parts[0] for _, parts, _, _ in cubes]
    assert settled == sorted(settled) and cubes[-1][1] == (conquest.total, conquest.total)
    first_cut = conquest.warm.cubes(parallel.cubes.CUBES_PER_JOB * 3)
    assert conquest.total == len(first_cut) > 1  # the tail split's pieces not counted
    assert all(fraction is None for fraction, _, _, _ in cubes)
    conflicts = [conflicts for _, _, conflicts, _ in cubes]
    assert conflicts == sorted(conflicts) and conflicts[-1] == conquest.costs().conflicts > 0
    assert cubes[-1][3] == 945


@FEW
@given(problems(), st.sampled_from([1, 2, 3, 50]))
def test_split_cubes_count_what_brute_force_counts(problem, limit):
    """Cubes cut by the tail split count to their limit what brute force counts, with
    real solutions, each once."""
    every = set(map(frozenset, oracle.exact_covers(
        problem.n_primary, problem.n_secondary, problem.options, problem.forced,
        problem.colors)))
    with pytest.MonkeyPatch.context() as patch:
        found, _ = split_verdict(patch, cover_of(problem), problem.forced, limit)
    assert len(found) == min(len(every), limit)
    assert set(map(frozenset, found)) <= every


class Beside:
    """The cubes beside a test's first-solution races (`_Conquering.start` with no
    cube searched here), and whether each race's answer came from them."""

    def __init__(self, monkeypatch, race_decides=True):
        self.made, self.proved = [], []
        start, proved = parallel.cubes._Conquering.start, parallel.racing._Racing._proved

        def started(conquest, split, jobs):
            if not conquest.searches_here:
                self.made.append((conquest, jobs))
            return start(conquest, split, jobs)

        def answered(racing, conquest):
            found = proved(racing, conquest)
            self.proved.append(found)
            return found
        monkeypatch.setattr(parallel.cubes._Conquering, "start", started)
        monkeypatch.setattr(parallel.racing._Racing, "_proved", answered)
        if not race_decides:  # only the cubes can answer (a time limit, if they do not)
            monkeypatch.setattr(parallel.racing._Racing, "_decided", lambda racing: None)


def raced(jobs, timeout=60):
    return Budget(timeout=timeout, split=Split(jobs=jobs, probe=0.0))


@FEW
@given(problems(), st.sampled_from([3, 4]))
def test_cubes_beside_a_race_prove_the_only_solution(problem, jobs):
    """A first solution over 3 or 4 jobs of a problem whose solutions are read as sets
    (`orderless`), with no solution or one (brute force): the cubes beside the race
    answer (the race itself is kept from deciding here), and the answer is --jobs 1's."""
    every = oracle.exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                                problem.forced, problem.colors)
    if len(every) > 1:
        return
    cover = cover_of(problem)
    cover.orderless = True
    with short_rounds():
        alone = cover.first(forced=problem.forced, budget=Budget())
        with pytest.MonkeyPatch.context() as patch:
            beside = Beside(patch, race_decides=False)
            together = cover.first(forced=problem.forced, budget=raced(jobs))
    assert (None if together is None else frozenset(together)) == \
        (None if alone is None else frozenset(alone)) == (next(iter(every), None))
    if beside.made:  # the query reached the race (past DLX's first turn)
        assert [jobs_ for _, jobs_ in beside.made] == [jobs - 2]
        assert beside.proved and len(beside.proved[-1]) == len(every)


def grid_text(line):
    return "".join(line) + "\n"


def sudoku_line(solution):
    """A 9x9's solution (option numbers cell * 9 + digit - 1) as its 81 digits."""
    digits = ["."] * 81
    for option in solution:
        digits[option // 9] = str(option % 9 + 1)
    return "".join(digits)


def is_sudoku_of(solution, givens):
    rows = [solution[9 * r:9 * r + 9] for r in range(9)]
    units = rows + [solution[c::9] for c in range(9)] + [
        [rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)]
        for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all(sorted(unit) == list("123456789") for unit in units) and all(
        g == "." or g == s for g, s in zip(givens, solution))


@pytest.mark.parametrize("jobs", [3, 4])
def test_cubes_beside_a_race_print_the_only_sudoku_solution(monkeypatch, jobs):
    """A 9x9 with one solution and the 16x16 of puzzles/: the cubes beside the race
    (the race kept from deciding) print --jobs 1's grid, byte for byte."""
    texts = [grid_text(UNIQUE_9), open(os.path.join(SUDOKU, "16x16.in")).read()]
    beside = Beside(monkeypatch, race_decides=False)
    with short_rounds(auto_nodes=20):
        for text in texts:
            alone = sudoku.solve_text(text, budget=Budget()).text
            assert sudoku.solve_text(text, budget=raced(jobs)).text == alone
    assert len(beside.made) == 2 and [len(found) for found in beside.proved] == [1, 1]
    assert alone == open(os.path.join(SUDOKU, "16x16.out")).read()


@pytest.mark.parametrize("jobs", [3, 4])
def test_cubes_beside_a_race_stop_at_two_solutions_and_the_race_answers(monkeypatch, jobs):
    """A 9x9 with several solutions: the cubes find two and stop (the first two they
    find: sudokus holding the givens), and the race prints --jobs 1's grid."""
    beside = Beside(monkeypatch)
    text = grid_text(MANY_9)
    with short_rounds(auto_nodes=20):
        alone = sudoku.solve_text(text, budget=Budget()).text
        assert sudoku.solve_text(text, budget=raced(jobs)).text == alone
    assert is_sudoku_of(alone.replace("\n", ""), MANY_9)
    [(conquest, _)] = beside.made
    assert beside.proved in ([], [None])  # if decided before the race: two found
    if beside.proved:
        found = [sudoku_line(solution) for solution in conquest.solutions()]
        assert len(found) == 2 and all(is_sudoku_of(line, MANY_9) for line in found)


def test_two_jobs_or_ordered_solutions_race_without_cubes(monkeypatch):
    """Over 2 jobs, or where a solution's order of options is printed (matrix: not
    `orderless`), a first solution's race is the two searches alone."""
    beside = Beside(monkeypatch)
    with short_rounds(auto_nodes=20):
        assert sudoku.solve_text(grid_text(UNIQUE_9), budget=raced(2)).text == \
            sudoku.solve_text(grid_text(UNIQUE_9), budget=Budget()).text
        problem = complete_graph(10)
        assert problem.first(budget=raced(4)) == problem.first(budget=Budget())
    assert beside.made == []


HARD_9 = "98.7..6..75.....8...6......4.....3.2..59...7.....3.5...2..4...1..76...5......1..."
"""The first of puzzles/sudoku/hard1000_first3.in: one solution."""


def test_a_verdict_asked_again_of_the_same_workers_counts_the_same(monkeypatch):
    """A cluster's workers outlive a run (here Inline's, this process: what a worker
    keeps is this module's), and a puzzle may come again: HARD_9's count to 2 under
    --reason learn, over 2 jobs, 2 again, then 3, is its one solution each time
    (attack11: the second found none, a worker's Learner kept from the first verdict,
    its solution forbidden for good)."""
    for kept in ("_cubing", "_conquerors", "_slot_locks", "_verdicts"):
        monkeypatch.setattr(parallel.cubes, kept, {})
    grid = sudoku.sudoku_grid(9)
    (puzzle,), _ = sudoku.parse_lines(grid_text(HARD_9))
    forced = list(grid.forced(puzzle.givens))
    for jobs in (2, 2, 3):
        found, _ = split_verdict(monkeypatch, grid.problem, forced, 2, jobs=jobs, auto=False)
        [solution] = found
        assert is_sudoku_of(sudoku_line(solution), HARD_9)
