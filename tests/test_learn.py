"""The Learner (issue 23; docs/reasoning-research.md): clause learning over the options,
checked against brute force (tests/oracle.py) and the official sudoku answers.

Every test runs on each twin that has a Learner (the pure-Python one may not yet). The
Learner's conventions, which the brute force is held to: an option with no primary item
is never in a solution (DLX never chooses one), even when it is assumed; `forbid(solution)`
excludes exactly that solution, so enumerating with it gives every solution once.
"""

import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlxcli.errors import EngineBusy, ProblemError
from dlxcli.puzzles.grid import square_grid
from dlxcli.puzzles.sudoku import parse_lines
from oracle import exact_covers, is_cover
from paths import DATA, REPO, SAMPLES
from random_problems import pigeons, problems

from conftest import load_twin

BIG = 10**9
GECODE25 = REPO / "bench" / "data" / "gecode25"
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def load_learner_twin(name):
    twin = load_twin(name)
    if twin.Learner is None:
        pytest.skip(f"the {name} twin has no Learner yet")
    return twin


@pytest.fixture(params=["c", "python"], scope="session")
def learner_twin(request):
    """Each twin that has a Learner: `twin.Learner`, `twin.SOLUTION`, ..."""
    return load_learner_twin(request.param)


@pytest.fixture(params=["c", pytest.param("python", marks=pytest.mark.slow)], scope="session")
def learner_twin_25x25(request):
    """The same, for 25x25 sudokus: seconds each on the pure-Python twin, so slow there."""
    return load_learner_twin(request.param)


def learner(twin, problem):
    return twin.Learner(problem.n_primary, problem.n_secondary, problem.options, problem.colors)


def enumerate_solutions(twin, solver, budget=BIG):
    """Every solution under the started query: each found, then forbidden."""
    found = []
    while (status := solver.run(budget)) == twin.SOLUTION:
        found.append(solver.solution())
        solver.forbid(found[-1])
    assert status == twin.EXHAUSTED
    return found


def with_primary_items(problem, covers):
    """The covers the Learner can give: those of options that hold a primary item."""
    return {cover for cover in covers
            if all(any(item < problem.n_primary for item in problem.options[j]) for j in cover)}


def expected_covers(problem, assumptions=()):
    every = exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                         colors=problem.colors)
    return {cover for cover in with_primary_items(problem, every) if set(assumptions) <= cover}


# -- random problems against brute force -------------------------------------------

@PROPERTY
@given(problem=problems())
def test_enumeration_gives_exactly_the_brute_force_solutions(learner_twin, problem):
    solver = learner(learner_twin, problem)
    solver.start()
    found = enumerate_solutions(learner_twin, solver)
    for solution in found:
        assert solution == sorted(solution)
        assert is_cover(problem.n_primary, problem.n_secondary, problem.options, solution,
                        problem.colors)
    assert len(found) == len({frozenset(s) for s in found})
    assert {frozenset(s) for s in found} == expected_covers(problem)


@PROPERTY
@given(problem=problems())
def test_solution_under_assumptions_iff_a_cover_contains_them(learner_twin, problem):
    solver = learner(learner_twin, problem)
    solver.start(problem.forced)
    found = enumerate_solutions(learner_twin, solver)
    assert all(set(problem.forced) <= set(solution) for solution in found)
    assert {frozenset(s) for s in found} == expected_covers(problem, problem.forced)


@st.composite
def problem_and_queries(draw):
    problem = draw(problems())
    index = st.integers(0, max(len(problem.options) - 1, 0))
    queries = draw(st.lists(st.lists(index, max_size=3) if problem.options else st.just([]),
                            min_size=1, max_size=6))
    return problem, queries


@PROPERTY
@given(case=problem_and_queries())
def test_what_one_query_learned_changes_no_later_answer(learner_twin, case):
    problem, queries = case
    kept = learner(learner_twin, problem)
    for assumptions in queries:
        kept.start(assumptions)
        status = kept.run(BIG)
        fresh = learner(learner_twin, problem)
        fresh.start(assumptions)
        assert status == fresh.run(BIG)
        assert (status == learner_twin.SOLUTION) == bool(expected_covers(problem, assumptions))
        if status == learner_twin.SOLUTION:
            assert frozenset(kept.solution()) in expected_covers(problem, assumptions)


@PROPERTY
@given(problem=problems(), budget=st.integers(1, 5))
def test_a_paused_search_is_the_search_run_in_one_go(learner_twin, problem, budget):
    assert_pausing_changes_nothing(learner_twin, learner(learner_twin, problem),
                                   learner(learner_twin, problem), budget, problem.forced)


COUNTERS = ("decisions", "conflicts", "propagations", "learned", "deleted")


def assert_pausing_changes_nothing(twin, whole, sliced, budget, assumptions=()):
    whole.start(assumptions)
    sliced.start(assumptions)
    status = whole.run(BIG)
    pauses = 0
    while (sliced_status := sliced.run(budget)) == twin.PAUSED:
        pauses += 1
        assert sliced.decisions + sliced.conflicts <= pauses * budget
    assert sliced_status == status
    assert sliced.solution() == whole.solution()
    assert [getattr(sliced, name) for name in COUNTERS] == [getattr(whole, name)
                                                             for name in COUNTERS]
    assert sliced.nodes == sliced.decisions


# -- hand-made cases -----------------------------------------------------------

def test_a_false_assumption_exhausts_the_query_only(learner_twin):
    # Options 0 and 1 share item 0; assuming both: the second is false once the first holds.
    solver = learner_twin.Learner(2, 0, [[0], [0, 1], [1]])
    solver.start([0, 1])
    assert solver.run(BIG) == learner_twin.EXHAUSTED
    assert solver.solution() is None
    assert solver.run(BIG) == learner_twin.EXHAUSTED
    solver.start([1, 1])  # an assumption twice is allowed
    assert solver.run(BIG) == learner_twin.SOLUTION
    assert solver.solution() == [1]


def test_a_solution_is_reported_again_until_forbidden(learner_twin):
    solver = learner_twin.Learner(2, 0, [[0], [1], [0, 1]])
    solver.start()
    assert solver.run(BIG) == solver.run(BIG) == learner_twin.SOLUTION
    first = solver.solution()
    assert solver.solution() == first
    solver.forbid(first)
    assert solver.solution() is None
    assert solver.run(BIG) == learner_twin.SOLUTION
    assert {tuple(first), tuple(solver.solution())} == {(0, 1), (2,)}


def test_forbidding_nothing_exhausts_every_later_query(learner_twin):
    solver = learner_twin.Learner(1, 0, [[0]])
    solver.forbid([])
    for assumptions in ((), (0,)):
        solver.start(assumptions)
        assert solver.run(BIG) == learner_twin.EXHAUSTED


def test_a_primary_item_without_options_has_no_solution(learner_twin):
    solver = learner_twin.Learner(2, 0, [[0]])
    solver.start()
    assert solver.run(BIG) == learner_twin.EXHAUSTED


def test_an_option_without_primary_items_is_never_chosen(learner_twin):
    solver = learner_twin.Learner(1, 1, [[1], [0]])
    solver.start([0])
    assert solver.run(BIG) == learner_twin.EXHAUSTED
    solver.start()
    assert enumerate_solutions(learner_twin, solver) == [[1]]


def test_colors_let_options_share_a_secondary_item(learner_twin):
    # Items 0, 1 primary, 2 secondary: options 0 and 1 agree on item 2's color, 2 does not.
    options, colors = [[0, 2], [1, 2], [1, 2]], [[0, 1], [0, 1], [0, 2]]
    solver = learner_twin.Learner(2, 1, options, colors)
    solver.start()
    assert enumerate_solutions(learner_twin, solver) == [[0, 1]]


def test_no_solution_at_level_0_is_final(learner_twin):
    # Every cover of items 0 and 1 is forbidden: a conflict at level 0, for every query.
    solver = learner_twin.Learner(2, 0, [[0], [1]])
    solver.start()
    assert enumerate_solutions(learner_twin, solver) == [[0, 1]]
    solver.start()
    assert solver.run(BIG) == learner_twin.EXHAUSTED
    assert solver.level == 0


def test_the_counters_start_again_with_each_query(learner_twin):
    solver = learner_twin.Learner(*sudoku_problem(9))
    solver.start(sudoku_givens(SAMPLE_9X9))
    assert solver.run(BIG) == learner_twin.SOLUTION
    assert solver.propagations > 0
    solver.start()
    assert [getattr(solver, name) for name in COUNTERS] == [0] * len(COUNTERS)
    assert (solver.n_primary, solver.n_secondary, solver.n_options) == (324, 0, 729)


# -- bad arguments: one clear error, never a crash ------------------------------

INVALID = [
    ("unknown item", lambda m: m.Learner(1, 0, [[1]]), ProblemError),
    ("negative n_primary", lambda m: m.Learner(-1, 0, []), ProblemError),
    ("empty option", lambda m: m.Learner(1, 0, [[]]), ProblemError),
    ("color on a primary item", lambda m: m.Learner(1, 1, [[0, 1]], [[1, 0]]), ProblemError),
    ("colors for too few options", lambda m: m.Learner(1, 1, [[0, 1]], []), ProblemError),
    ("non-iterable options", lambda m: m.Learner(1, 0, 5), TypeError),
    ("assumption out of range", lambda m: m.Learner(1, 0, [[0]]).start([1]), ProblemError),
    ("bool assumption", lambda m: m.Learner(1, 0, [[0]]).start([True]), ProblemError),
    ("non-iterable assumptions", lambda m: m.Learner(1, 0, [[0]]).start(3), TypeError),
    ("forbidden option out of range", lambda m: m.Learner(1, 0, [[0]]).forbid([-1]),
     ProblemError),
    ("negative budget", lambda m: m.Learner(1, 0, [[0]]).run(-1), ProblemError),
    ("float budget", lambda m: m.Learner(1, 0, [[0]]).run(1.5), ProblemError),
    ("shared literal out of range", lambda m: m.Learner(1, 0, [[0]]).add_clauses([[2]]),
     ProblemError),
    ("negative shared literal", lambda m: m.Learner(1, 0, [[0]]).add_clauses([[0, -1]]),
     ProblemError),
    ("bool shared literal", lambda m: m.Learner(1, 0, [[0]]).add_clauses([[True]]),
     ProblemError),
    ("non-iterable clauses", lambda m: m.Learner(1, 0, [[0]]).add_clauses(4), TypeError),
    ("non-iterable clause", lambda m: m.Learner(1, 0, [[0]]).add_clauses([4]), TypeError),
    ("negative clause length", lambda m: m.Learner(1, 0, [[0]]).learnts(-1, 2), ProblemError),
    ("float clause LBD", lambda m: m.Learner(1, 0, [[0]]).learnts(2, 0.5), ProblemError),
]


@pytest.mark.parametrize("build, error", [case[1:] for case in INVALID],
                         ids=[case[0] for case in INVALID])
def test_bad_arguments_raise_one_clear_error(learner_twin, build, error):
    with pytest.raises(error):
        build(learner_twin)


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
def test_the_c_learner_refuses_a_second_init(c_twin):
    # A second __init__ would rebuild the arrays under a search's feet: refused, and the
    # Learner goes on with its first problem.
    solver = c_twin.Learner(2, 0, [[0], [1]])
    with pytest.raises(ProblemError, match="^a Learner cannot be initialised twice$"):
        solver.__init__(1, 0, [[0]])
    solver.start()
    assert solver.run(BIG) == c_twin.SOLUTION
    assert solver.solution() == [0, 1]


def test_a_huge_budget_is_fine(learner_twin):
    solver = learner_twin.Learner(2, 0, [[0], [1], [0, 1]])
    for budget in (2**63 - 1, 2**64, 10**30):
        solver.start()
        assert solver.run(budget) == learner_twin.SOLUTION


ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-3, 5), st.floats(), st.text(max_size=2),
                     st.lists(st.integers(-2, 5), max_size=3),
                     st.lists(st.lists(st.integers(-2, 5), max_size=3), max_size=3))


@st.composite
def learner_calls(draw):
    """(the Learner's arguments, start's assumptions, forbid's options, run's budget):
    each one that fits a small problem drawn here, three times in four, else anything
    at all (ANYTHING). Anything alone reaches no search: a call is refused as soon as
    one of its arguments is wrong, and four arguments drawn from ANYTHING are almost
    never all right (ci14 counted none in 300 examples; about half reach `run` now)."""
    n_primary, n_secondary = draw(st.integers(1, 3)), draw(st.integers(0, 2))
    item = st.integers(0, n_primary + n_secondary - 1)
    options = draw(st.lists(st.lists(item, min_size=1, max_size=3, unique=True),
                            min_size=1, max_size=5))
    option = st.integers(0, len(options) - 1)

    def fitting(strategy, anything=ANYTHING):
        return draw(anything if draw(st.integers(0, 3)) == 3 else strategy)

    return (fitting(st.just([n_primary, n_secondary, options]),
                    st.lists(ANYTHING, min_size=3, max_size=4)),
            fitting(st.lists(option, max_size=2)),
            fitting(st.lists(option, min_size=1, max_size=2)),
            fitting(st.integers(0, 10**6)))


@settings(max_examples=300, deadline=None)
@given(calls=learner_calls())
def test_random_arguments_are_refused_cleanly_or_searched(learner_twin, calls):
    args, assumptions, forbidden, budget = calls
    try:
        solver = learner_twin.Learner(*args)
        solver.start(assumptions)
        solver.forbid(forbidden)
        status = solver.run(budget)
    except (ProblemError, TypeError):
        return
    assert status in (learner_twin.SOLUTION, learner_twin.EXHAUSTED, learner_twin.PAUSED)
    if status == learner_twin.SOLUTION:
        assert is_cover(*args[:3], solver.solution(), colors=(args[3:] or [None])[0])


@settings(max_examples=200, deadline=None)
@given(clauses=ANYTHING, max_len=ANYTHING, max_lbd=ANYTHING)
def test_random_shared_clauses_are_refused_cleanly_or_added(learner_twin, clauses, max_len,
                                                            max_lbd):
    """share29: whatever `add_clauses` and `learnts` are given, a clear error or a
    Learner that still searches (the C twin indexes its arrays with the literals)."""
    solver = learner_twin.Learner(2, 1, [[0, 2], [1], [0, 1], [1, 2]])
    try:
        solver.add_clauses(clauses)
    except (ProblemError, TypeError):
        pass
    try:
        assert all(isinstance(lit, int) for clause in solver.learnts(max_len, max_lbd)
                   for lit in clause)
    except ProblemError:
        pass
    assert solver.run(BIG) in (learner_twin.SOLUTION, learner_twin.EXHAUSTED)


# -- clauses shared between Learners (share29) ------------------------------------

def donor_clauses(twin, problem, queries):
    """The clauses (`learnts`, no bound) of a Learner of `problem` that searched each
    query (assumptions) to its end, forbidding nothing: implied by the problem alone."""
    donor = learner(twin, problem)
    for assumptions in queries:
        donor.start(assumptions)
        donor.run(BIG)
    return donor.learnts(BIG, BIG)


@PROPERTY
@given(case=problem_and_queries())
def test_shared_clauses_change_no_solution(learner_twin, case):
    """A Learner given another's learned clauses and level-0 facts (of the same problem,
    learned under assumptions, nothing forbidden) enumerates exactly the brute-force
    solutions, and so does a Learner given them in mid-query."""
    problem, queries = case
    clauses = donor_clauses(learner_twin, problem, queries)
    given_first = learner(learner_twin, problem)
    given_first.add_clauses(clauses)
    given_first.start()
    found = enumerate_solutions(learner_twin, given_first)
    assert {frozenset(s) for s in found} == expected_covers(problem)
    midway = learner(learner_twin, problem)
    midway.start()
    midway.run(2)
    midway.add_clauses(clauses)
    found = enumerate_solutions(learner_twin, midway)
    assert {frozenset(s) for s in found} == expected_covers(problem)


@PROPERTY
@given(case=problem_and_queries())
def test_clauses_learned_with_solutions_forbidden_lose_only_those(learner_twin, case):
    """share29's soundness argument (docs/parallel.md): a Learner that found and
    forbade solutions (each query's, under its assumptions, as a kept Learner does in
    its cubes) shares clauses implied by the problem and those solutions' negations, so
    a Learner given them finds every solution but, at most, the forbidden ones: what it
    finds and what was forbidden make up the brute-force solutions."""
    problem, queries = case
    donor = learner(learner_twin, problem)
    forbidden = set()
    for assumptions in queries:
        donor.start(assumptions)
        forbidden.update(map(frozenset, enumerate_solutions(learner_twin, donor)))
    given = learner(learner_twin, problem)
    given.add_clauses(donor.learnts(BIG, BIG))
    given.start()
    found = {frozenset(s) for s in enumerate_solutions(learner_twin, given)}
    assert found <= expected_covers(problem)
    assert found | forbidden == expected_covers(problem)


def test_shared_pigeonhole_clauses_shorten_the_proof(learner_twin):
    """The clauses of a Learner that proved 6 pigeons have no hole each: a second
    Learner given them proves it in fewer conflicts than alone, with no solution."""
    alone = learner_twin.Learner(*pigeons(6))
    assert alone.run(BIG) == learner_twin.EXHAUSTED
    donor = learner_twin.Learner(*pigeons(6))
    assert donor.run(400) == learner_twin.PAUSED
    given = learner_twin.Learner(*pigeons(6))
    given.add_clauses(donor.learnts(BIG, BIG))
    assert given.clauses > 0
    assert given.run(BIG) == learner_twin.EXHAUSTED
    assert given.conflicts < alone.conflicts


def test_a_shared_clause_is_added_at_level_0_as_forbid_adds_one(learner_twin):
    """Items 0..2 primary, 3 secondary; options 0, 1, 2 cover one primary item each,
    option 3 items 0 and 1, option 4 items 1 and 2, option 5 item 3 alone (false at
    level 0: literal 11 true, 10 false). Solutions {0, 1, 2}, {2, 3}, {0, 4}.
    Literals: 2v chosen, 2v + 1 not."""
    solver = learner_twin.Learner(3, 1, [[0], [1], [2], [0, 1], [1, 2], [3]])
    assert solver.learnts(BIG, BIG) == [[11]]
    solver.add_clauses([[1, 3, 11], [1, 0], [3, 3, 10, 5, 7]])
    # dropped: a true literal (11), a literal and its negation (1, 0); kept: (not 1 or
    # not 2 or not 3), its false literal 10 left out and the repeated 3 once
    assert solver.clauses == 1
    assert solver.learnts(BIG, BIG) == [[11], [3, 5, 7]]
    assert solver.learnts(2, BIG) == [[11]] and solver.learnts(0, 0) == []
    solver.add_clauses([[9]])  # a unit: option 4 out, a level-0 fact
    assert solver.learnts(1, 0) == [[9], [11]]
    solver.add_clauses([[1, 5]])  # not both 0 and 2: {0, 1, 2} out
    solver.start([2])
    assert solver.run(BIG) == learner_twin.SOLUTION and solver.solution() == [2, 3]
    solver.forbid([2, 3])
    assert solver.run(BIG) == learner_twin.EXHAUSTED
    solver.start()
    solver.add_clauses([[]])  # the empty clause: no solution to any later query
    assert solver.run(BIG) == learner_twin.EXHAUSTED
    solver.start()
    assert solver.run(BIG) == learner_twin.EXHAUSTED


def test_shared_clauses_in_mid_query_keep_its_assumptions(learner_twin):
    """Like forbid: back to level 0, and the next run goes on under the same
    assumptions. Options 0 and 1 cover one item each, option 2 both."""
    solver = learner_twin.Learner(2, 0, [[0], [1], [0, 1]])
    solver.start([2])
    assert solver.run(BIG) == learner_twin.SOLUTION and solver.solution() == [2]
    solver.add_clauses([[1, 3]])  # not both 0 and 1: the query's solution stays
    assert solver.run(BIG) == learner_twin.SOLUTION and solver.solution() == [2]
    solver.add_clauses([[5]])  # option 2 out: the assumption is false
    assert solver.run(BIG) == learner_twin.EXHAUSTED
    solver.start()
    assert solver.run(BIG) == learner_twin.EXHAUSTED  # {0, 1} out too


# -- sudokus -------------------------------------------------------------------

SAMPLE_9X9 = "98.7..6..75.....8...6......4.....3.2..59...7.....3.5...2..4...1..76...5......1..."
"""The first puzzle of the hard1000 set (../shared/data/sudoku/hard1000.txt)."""


def sudoku_problem(side):
    """The sudoku module's exact-cover problem of a side x side grid: (n1, n2, options)."""
    n_primary, n_secondary, options, _, _ = square_grid(*[int(side ** 0.5)] * 2).problem.definition
    return n_primary, n_secondary, options


def sudoku_givens(line):
    (puzzle,), _ = parse_lines(line)
    return square_grid(*[int(puzzle.side ** 0.5)] * 2).forced(puzzle.givens)


def solve_sudoku(twin, line):
    """(the grid's symbols, the Learner, its status after forbidding the solution)."""
    (puzzle,), _ = parse_lines(line)
    grid = square_grid(*[int(puzzle.side ** 0.5)] * 2)
    solver = twin.Learner(*sudoku_problem(puzzle.side))
    solver.start(grid.forced(puzzle.givens))
    assert solver.run(BIG) == twin.SOLUTION
    symbols = grid.decode(solver.solution())
    assert grid.check(symbols)
    assert all(given in (0, symbol) for given, symbol in zip(puzzle.givens, symbols))
    solver.forbid(solver.solution())
    return symbols, solver, solver.run(BIG)


def test_a_hard_9x9_sudoku_is_solved_and_unique(learner_twin):
    _, _, again = solve_sudoku(learner_twin, SAMPLE_9X9)
    assert again == learner_twin.EXHAUSTED


@pytest.mark.needs_shared
def test_hard1000_first_twenty_are_solved_on_one_learner(learner_twin):
    lines = (DATA / "sudoku" / "hard1000.txt").read_text().split()[:20]
    solver = learner_twin.Learner(*sudoku_problem(9))
    for line in lines:
        grid = square_grid(3, 3)
        (puzzle,), _ = parse_lines(line)
        solver.start(grid.forced(puzzle.givens))
        assert solver.run(BIG) == learner_twin.SOLUTION
        symbols = grid.decode(solver.solution())
        assert grid.check(symbols)
        assert all(given in (0, symbol) for given, symbol in zip(puzzle.givens, symbols))


def gecode_case(name, marks=()):
    return pytest.param(name, id=name, marks=list(marks))


@pytest.mark.parametrize("name", [
    gecode_case("example89"),
    gecode_case("example90"),
])
def test_a_gecode_25x25_sudoku_is_solved_as_published_and_unique(learner_twin_25x25, name):
    twin = learner_twin_25x25
    started = time.process_time()
    symbols, _, again = solve_sudoku(twin, (GECODE25 / f"{name}.in").read_text())
    seconds = time.process_time() - started
    (published,), _ = parse_lines((GECODE25 / f"{name}.out").read_text())
    assert symbols == published.givens
    assert again == twin.EXHAUSTED
    if twin.name == "c":
        assert seconds < 2, f"{name}: {seconds:.2f} CPU s (a slow mark is due)"


def test_a_sample_25x25_sudoku_is_solved(learner_twin_25x25):
    twin = learner_twin_25x25
    symbols, _, _ = solve_sudoku(twin, (SAMPLES / "sudoku" / "25x25.in").read_text())
    (published,), _ = parse_lines((SAMPLES / "sudoku" / "25x25.out").read_text())
    assert symbols == published.givens


def test_pausing_a_long_search_changes_nothing():
    # example20 takes thousands of conflicts: the clause database is reduced (learned
    # clauses deleted) inside the slices of 997 steps, under the givens as assumptions.
    # C twin only: a minute on the Python twin, whose pausing is checked on smaller
    # problems beside the C twin's in test_learn_twins.py (pigeons paused every 97 steps).
    twin = load_learner_twin("c")
    problem = sudoku_problem(25)
    assumptions = sudoku_givens((GECODE25 / "example20.in").read_text())
    whole, sliced = twin.Learner(*problem), twin.Learner(*problem)
    assert_pausing_changes_nothing(twin, whole, sliced, 997, assumptions)
    assert whole.deleted > 0


def test_a_second_thread_meets_engine_busy_while_one_searches(learner_twin):
    """Two threads on one Learner: a call from one while the other's `run` searches
    raises EngineBusy, on both twins (the Python twin's state was corrupted: IndexError),
    and the search goes on unharmed to its answer (8 holes hold no 9 pigeons)."""
    twin = learner_twin
    learner = twin.Learner(*pigeons(8))
    learner.start([])
    stop, busy, statuses = threading.Event(), [], []

    def search():
        while not stop.is_set():
            try:
                statuses.append(learner.run(200))
            except EngineBusy:  # the other thread's run(0) came first
                continue
            if statuses[-1] != twin.PAUSED:
                return

    searching = threading.Thread(target=search)
    searching.start()
    deadline = time.monotonic() + 30
    try:
        while not busy and searching.is_alive() and time.monotonic() < deadline:
            try:
                learner.run(0)
            except EngineBusy:
                busy.append(True)
    finally:
        stop.set()
        searching.join()
    assert busy
    assert set(statuses) <= {twin.PAUSED, twin.EXHAUSTED}
    while learner.run(10_000) == twin.PAUSED:
        pass
    assert learner.run(1) == twin.EXHAUSTED


def test_reduce_deletes_the_worse_half_of_the_learned_clauses_and_no_answer(learner_twin):
    """near29: `reduce()` asked for between pauses and between queries deletes
    learned clauses (the worse half; glue ones, LBD <= 2, stay), counts them in
    `deleted` and `clauses`, and changes no answer: the pigeonhole problem stays
    without a solution, paused and resumed, and in a new query."""
    Learner = learner_twin.Learner
    learner = Learner(*pigeons(6))
    assert learner.run(500) == learner_twin.PAUSED
    kept, deleted = learner.clauses, learner.deleted
    assert 0 < kept < learner.conflicts <= 500
    learner.reduce()
    assert learner.clauses < kept and learner.deleted - deleted == kept - learner.clauses
    assert learner.run(BIG) == learner_twin.EXHAUSTED
    learner.reduce()
    learner.start()
    assert learner.run(BIG) == learner_twin.EXHAUSTED
