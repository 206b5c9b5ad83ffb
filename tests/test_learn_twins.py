"""The Learner's twins make one search: the C twin (_learn.c) and the Python twin
(_pylearn.py) give the same statuses, solutions and counters, step for step.

Layer: tests. Two kinds of check (issue 23, the Learner's spec):

* against the prototype both twins port, `bench/proto/xcdcl.c` run with `--no-restarts`:
  its counters on a few problems, recorded from its stderr (`gcc -O2`, input as Knuth's
  DLX1 text in the option and item order the builders below use, as
  bench/learn_vs_prototype.py writes it), are each twin's; no binary is needed here;
* the differential test: random small problems (tests/random_problems.py, with secondary
  items and colors) and larger seeded ones, played by both twins through one script of
  queries (assumptions, budgets that pause and resume the search, forbidden solutions
  and option sets, the clauses a Learner shares and clauses added, share29): every
  status, solution, counter and level along the way is the same.
  Skipped while the C twin has no Learner.
"""

import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import load_twin
from paths import REPO, SAMPLES
from random_problems import pigeons, problems, wide_problems

COUNTERS = ("decisions", "conflicts", "propagations", "learned", "deleted")
GECODE = REPO / "bench" / "data" / "gecode25"
ALPHABET = "123456789ABCDEFGHIJKLMNOP"


def counters(learner):
    return tuple(getattr(learner, name) for name in COUNTERS)


# -- problems the prototype was run on -------------------------------------------------

def sudoku(line):
    """A sudoku line as bench/proto/sudoku_xc.py writes it: items cell, row-value,
    column-value, box-value (in that order, numbered so); one option per cell and value,
    cell by cell, a given cell keeping only its given value. Returns the problem and each
    option's (cell, symbol)."""
    side = round(len(line) ** 0.5)
    box = round(side ** 0.5)
    area = side * side
    options, meaning = [], []
    for cell, symbol in enumerate(line):
        row, column = divmod(cell, side)
        values = range(side) if symbol in ".0" else [ALPHABET.index(symbol)]
        for value in values:
            block = (row // box) * box + column // box
            options.append([cell, area + row * side + value, 2 * area + column * side + value,
                            3 * area + block * side + value])
            meaning.append((cell, ALPHABET[value]))
    return (4 * area, 0, options), meaning


def queens(n):
    """n queens: rows and columns primary, the diagonals secondary; squares row by row."""
    options = [[row, n + column, 2 * n + row + column, 4 * n - 1 + n - 1 - row + column]
               for row in range(n) for column in range(n)]
    return 2 * n, 2 * (2 * n - 1), options


def hard1000(k):
    return sudoku(SAMPLES.joinpath("sudoku", "hard1000_first3.in").read_text().split()[k])


def gecode(name):
    return sudoku(GECODE.joinpath(f"{name}.in").read_text().split()[0])


PROTOTYPE = {
    # name: (problem, `xcdcl --no-restarts`'s decisions, conflicts, propagations,
    #        learned, reduced (the twins' `deleted`))
    "hard1000-1": (lambda: hard1000(0)[0], (18, 16, 1811, 16, 0)),
    "hard1000-2": (lambda: hard1000(1)[0], (19, 17, 1496, 17, 0)),
    "hard1000-3": (lambda: hard1000(2)[0], (10, 8, 1028, 8, 0)),
    "queens8": (lambda: queens(8), (17, 14, 270, 14, 0)),
    "queens10": (lambda: queens(10), (31, 28, 580, 28, 0)),
    "queens16": (lambda: queens(16), (564, 552, 12543, 552, 0)),
}
PROTOTYPE_SLOW = {
    # seconds on the Python twin (each CI run of the suite runs both twins' cases, so
    # these run once, in the slow step); pigeons8's activities rescaled past 1e100
    # (4,489 conflicts on)
    "pigeons7": (lambda: pigeons(7), (3333, 3269, 37051, 3268, 999)),
    "example89": (lambda: gecode("example89")[0], (950, 637, 174719, 637, 0)),
    "example90": (lambda: gecode("example90")[0], (896, 620, 167811, 620, 0)),
    "pigeons8": (lambda: pigeons(8), (12698, 12430, 145811, 12429, 7285)),
    "example20": (lambda: gecode("example20")[0], (5299, 3640, 966178, 3640, 969)),
}


def learner_of(twin):
    if twin.Learner is None:
        pytest.skip(f"the {twin.name} twin has no Learner")
    return twin.Learner


def is_cover(n_primary, options, chosen):
    """Every primary item in exactly one chosen option, every other item in at most one
    (problems without colors)."""
    covered = [item for j in chosen for item in options[j]]
    return (len(covered) == len(set(covered))
            and set(range(n_primary)) <= set(covered))


def solved_counters(Learner, problem):
    learner = Learner(*problem)
    status = learner.run(10**12)
    return learner, status


@pytest.mark.parametrize("name", list(PROTOTYPE))
def test_the_prototypes_search(twin, name):
    """Each twin makes the prototype's search: its decisions, conflicts, propagations,
    learned clauses and deletions, and a valid first solution."""
    build, expected = PROTOTYPE[name]
    problem = build()
    learner, status = solved_counters(learner_of(twin), problem)
    assert counters(learner) == expected
    if name.startswith("pigeons"):
        assert status == twin.EXHAUSTED and learner.solution() is None
    else:
        assert status == twin.SOLUTION
        assert is_cover(problem[0], problem[2], learner.solution())


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PROTOTYPE_SLOW))
def test_the_prototypes_long_search(twin, name):
    build, expected = PROTOTYPE_SLOW[name]
    learner, _ = solved_counters(learner_of(twin), build())
    assert counters(learner) == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", ["example89", "example90"])
def test_the_gecode_answer(twin, name):
    """The 25x25 solutions are Gecode's published grids."""
    problem, meaning = gecode(name)
    learner, status = solved_counters(learner_of(twin), problem)
    assert status == twin.SOLUTION
    grid = ["?"] * 625
    for j in learner.solution():
        cell, symbol = meaning[j]
        grid[cell] = symbol
    assert "".join(grid) == GECODE.joinpath(f"{name}.out").read_text().split()[0]


# -- the differential test ------------------------------------------------------------

@pytest.fixture(scope="module")
def both():
    """The two twins' Learners (checked), or a skip saying which one is missing."""
    c, python = load_twin("c"), load_twin("python")
    return learner_of(c), learner_of(python), python


def play(Learner, problem, script, statuses):
    """Run the script's queries on a fresh Learner: everything it reports, in order."""
    learner = Learner(problem.n_primary, problem.n_secondary, problem.options, problem.colors)
    seen = []
    for op, argument in script:
        if op == "start":
            learner.start(argument)
        elif op == "run":
            status = learner.run(argument)
            seen.append((statuses[status], learner.solution()))
        elif op == "forbid solution":
            if learner.solution() is not None:
                learner.forbid(learner.solution())
        elif op == "reduce":
            learner.reduce()
        elif op == "learnts":
            seen.append(learner.learnts(*argument))
        elif op == "add clauses":
            learner.add_clauses(argument)
        else:
            learner.forbid(argument)
        seen.append((op, counters(learner), learner.level, learner.clauses))
    return seen


@st.composite
def scripts(draw, n_options):
    """Queries: starts under assumptions, runs with small budgets (pausing) or large
    ones, forbidden solutions (as an enumeration makes them) and forbidden option sets."""
    some_options = (st.lists(st.integers(0, n_options - 1), max_size=4) if n_options
                    else st.just([]))
    some_clauses = (st.lists(st.lists(st.integers(0, 2 * n_options - 1), max_size=4),
                             max_size=3) if n_options else st.just([[]]))
    step = st.one_of(
        st.tuples(st.just("start"), some_options),
        st.tuples(st.just("run"), st.integers(0, 6) | st.just(10**9)),
        st.tuples(st.just("run"), st.just(10**9)),
        st.tuples(st.just("forbid solution"), st.none()),
        st.tuples(st.just("forbid"), some_options),
        st.tuples(st.just("reduce"), st.none()),
        st.tuples(st.just("learnts"), st.tuples(st.integers(0, 6), st.integers(0, 6))),
        st.tuples(st.just("add clauses"), some_clauses),
    )
    return draw(st.lists(step, min_size=1, max_size=20))


def status_names(twin):
    return {twin.SOLUTION: "SOLUTION", twin.EXHAUSTED: "EXHAUSTED", twin.PAUSED: "PAUSED"}


def assert_twins_agree(both, problem, script):
    c, python, twin = both
    names = status_names(twin)
    assert play(c, problem, script, names) == play(python, problem, script, names)


TWIN_PROFILE = settings(max_examples=150, deadline=None,
                        suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@TWIN_PROFILE
@given(data=st.data(), problem=problems())
def test_twins_agree_on_small_problems(both, data, problem):
    assert_twins_agree(both, problem, data.draw(scripts(len(problem.options))))


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@TWIN_PROFILE
@given(data=st.data(), problem=wide_problems())
def test_twins_agree_on_wide_problems(both, data, problem):
    assert_twins_agree(both, problem, data.draw(scripts(len(problem.options))))


class Problem:
    def __init__(self, n_primary, n_secondary, options, colors=None):
        self.n_primary, self.n_secondary = n_primary, n_secondary
        self.options, self.colors = options, colors


def seeded_problem(seed):
    """A random problem big enough for clause learning to matter (tens of primary items,
    hundreds of options, one or two planted covers), with secondary items, colored half the time."""
    rng = random.Random(seed)
    n_primary, n_secondary = rng.randint(20, 50), rng.randint(1, 5)
    n_items = n_primary + n_secondary
    options = []
    for _ in range(rng.randint(1, 2)):
        order = rng.sample(range(n_primary), n_primary)
        while order:
            size = rng.randint(1, 4)
            options.append(order[:size])
            del order[:size]
    for _ in range(rng.randint(50, 250)):
        options.append(rng.sample(range(n_items), rng.randint(2, 5)))
    rng.shuffle(options)
    colors = None
    if seed % 2:
        colors = [[rng.randint(0, 2) if item >= n_primary else 0 for item in option]
                  for option in options]
    return Problem(n_primary, n_secondary, options, colors)


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("seed", range(12))
def test_twins_agree_on_larger_problems(both, seed):
    """Enumeration by forbidding solutions, paused every few steps, then queries under
    assumptions on the same Learner (what it learned kept)."""
    problem = seeded_problem(seed)
    rng = random.Random(-seed)
    script = [("run", rng.randint(1, 40)) for _ in range(60)]
    script += [("forbid solution", None), ("run", 10**9)] * 3
    for _ in range(3):
        script += [("start", rng.sample(range(len(problem.options)), 2)), ("run", 10**9)]
    assert_twins_agree(both, problem, script)


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_twins_agree_on_shared_clauses(both):
    """share29: a Learner's learned clauses and facts (`learnts`), bounded or not, added
    to a fresh Learner of the same problem and to one in mid-query: both twins share the
    same clauses and go on with the same search."""
    c, python, twin = both
    names = status_names(twin)
    for problem in (Problem(*pigeons(6)), seeded_problem(5), seeded_problem(8)):
        donor = python(problem.n_primary, problem.n_secondary, problem.options,
                       problem.colors)
        donor.run(600)
        for bounds in ((3, 2), (8, 4), (10**9, 10**9)):
            clauses = donor.learnts(*bounds)
            script = [("add clauses", clauses), ("run", 10**9), ("learnts", (10**9, 10**9)),
                      ("start", []), ("run", 50), ("add clauses", clauses[::-1]),
                      ("run", 10**9), ("learnts", (6, 3))]
            assert play(c, problem, script, names) == play(python, problem, script, names)


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_twins_agree_through_clause_deletion(both):
    """Pigeons: thousands of conflicts (clause deletion), the search paused every 97."""
    assert_twins_agree(both, Problem(*pigeons(7)), [("run", 97)] * 80)


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_twins_agree_through_reductions_asked_for(both):
    """near29: clause deletion asked for (`reduce`) between pauses and between queries
    of one Learner, as generate's Windows ask for it, the clauses kept counted."""
    problem = seeded_problem(3)
    rng = random.Random(29)
    script = [("run", 150), ("reduce", None), ("run", 150), ("reduce", None),
              ("run", 10**9), ("forbid solution", None)]
    for _ in range(6):
        script += [("start", rng.sample(range(len(problem.options)), 2)), ("run", 10**9),
                   ("reduce", None)]
    assert_twins_agree(both, Problem(*pigeons(6)), [("run", 300), ("reduce", None)] * 12)
    assert_twins_agree(both, problem, script)


def test_the_python_twin_imports_on_its_own():
    """_pylearn imports without _pydlx first (which imports it: a cycle broke that once)."""
    subprocess.run([sys.executable, "-c", "import dlxcli.engine._pylearn"], check=True,
                   cwd=REPO)


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_twins_agree_on_a_minimal_puzzle_hunt(both):
    """generate --minimal's use: one Learner for the empty 9x9 grid, the givens as
    assumptions, the solution forbidden, then queries each without one more given."""
    line = SAMPLES.joinpath("sudoku", "hard1000_first3.in").read_text().split()[0]
    (n_primary, _, options), meaning = sudoku("." * 81)
    givens = [j for j, (cell, symbol) in enumerate(meaning) if line[cell] == symbol]
    script = [("start", givens), ("run", 10**9), ("forbid solution", None), ("run", 10**9)]
    for k in range(0, len(givens), 2):
        script += [("start", givens[:k] + givens[k + 1:]), ("run", 7), ("run", 10**9)]
    assert_twins_agree(both, Problem(n_primary, 0, options), script)


def pack_problem(name, monkeypatch):
    """The problem `dlxcli pack --reason learn` gives its Learner for
    puzzles/pack/NAME.in (issue 28: the Python twin's learner on pack)."""
    from dlxcli import engine
    from dlxcli.exact_cover import Budget
    from dlxcli.puzzles import pack
    made = []
    learner = engine.Learner

    def recording(*args):
        made.append(Problem(*args))
        return learner(*args)

    monkeypatch.setattr(engine, "Learner", recording)
    pack.solve_text((REPO / "puzzles" / "pack" / f"{name}.in").read_text(),
                    budget=Budget(reason="learn"))
    assert len(made) == 1, "one problem, one Learner"
    return made[0]


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("name", ["soma", "pentominoes-5x12"])
def test_twins_agree_on_pack_problems(both, name, monkeypatch):
    """Issue 28: pack's problems (long options, long learned clauses, an item per piece
    and per cell) get one search from both twins, as `--unique` begins it (a packing,
    then it forbidden and 2,000 steps towards a second one), paused every few hundred
    steps and resumed."""
    problem = pack_problem(name, monkeypatch)
    script = [("run", 300)] * 3 + [("run", 10**9), ("forbid solution", None), ("run", 2000)]
    assert_twins_agree(both, problem, script)
