"""The engine's Solver, on both twins (C and pure Python) through the `twin` fixture.

Known answers come from outside dlxcli: Knuth's example matrix ("Dancing links", 2000),
his colored examples (TAOCP 7.2.2.1 (49), the test case of his program DLX2), OEIS
A000170 for the n-queens counts, and the brute-force oracle in oracle.py. Where no
outside answer exists (node and update counters, the order of MRV solutions) the two
twins are held to each other, as PEP 399 asks of an accelerator and its pure twin.
"""

import ast
import enum
import gc
import itertools
import random
import tracemalloc

import pytest

import oracle
from dlxcli import engine
from dlxcli.errors import ProblemError, ProblemTooLarge
from paths import REPO
from test_imports import run_time_nodes

BIG = 1 << 40
"""A budget no test problem comes near: run() goes on to the next solution or the end."""

KNUTH_6X7 = [
    # Knuth, "Dancing links" (2000), the example matrix of section 1: its only exact
    # cover is rows 1, 4 and 5 (0, 3 and 4 here).
    [0, 0, 1, 0, 1, 1, 0],
    [1, 0, 0, 1, 0, 0, 1],
    [0, 1, 1, 0, 0, 1, 0],
    [1, 0, 0, 1, 0, 0, 0],
    [0, 1, 0, 0, 0, 0, 1],
    [0, 0, 0, 1, 1, 0, 1],
]
KNUTH_OPTIONS = [[c for c, bit in enumerate(row) if bit] for row in KNUTH_6X7]

TAOCP_49 = (3, 2, [[0, 1, 3, 4], [0, 2, 3, 4], [0, 3], [1, 3], [2, 4]])
TAOCP_49_COLORS = [[0, 0, 0, 1], [0, 0, 1, 0], [0, 2], [0, 1], [0, 2]]
"""TAOCP 7.2.2.1 (49): primary items p q r, secondary x y, colors A = 1 and B = 2, and
the options 'p q x y:A', 'p r x:A y', 'p x:B', 'q x:A', 'r y:B'. Its only solution
is 'q x:A' with 'p r x:A y' (options 3 and 1), which share x in color A."""

DLX2_EXAMPLE = (3, 2, [[0, 1, 3, 4], [0, 2, 3, 4], [3, 4], [1, 3], [2, 4]])
DLX2_EXAMPLE_COLORS = [[0, 0, 1, 1], [0, 0, 2, 2], [1, 2], [0, 2], [0, 2]]
"""The test case in Knuth's DLX2 (colors '0' = 1 and '1' = 2): items A B C | X Y and the
options 'A B X:0 Y:0', 'A C X:1 Y:1', 'X:0 Y:1', 'B X:1', 'C Y:1'. The third has no
primary item, so it is never chosen; the only solution is options 1 and 3."""

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
"""Number of ways to place n non-attacking queens on an n x n board, n = 1..13 (OEIS)."""


def queens(n):
    """n-queens as exact cover: rows 0..n-1 and columns n..2n-1 are primary, the 2n-1
    diagonals r+c and the 2n-1 anti-diagonals r-c secondary; option r*n+c puts a queen
    on row r, column c (so options are in row-major order)."""
    options = [[r, n + c, 2 * n + r + c, 5 * n - 2 + r - c]
               for r in range(n) for c in range(n)]
    return 2 * n, 2 * (2 * n - 1), options


def queen_weights(n):
    """Arbitrary, uneven square values for the maximize tests (some negative)."""
    return [(7 * r + 3 * c * c) % 11 - 3 for r in range(n) for c in range(n)]


def placement(n, solution):
    """A queens solution as the queens' columns row by row."""
    return tuple(j % n for j in sorted(solution))


def drive(twin, solver, budget=BIG, count_only=False):
    """Run the query started on `solver` to the end; return the solutions it reported."""
    found = []
    while True:
        status = solver.run(budget, count_only)
        if status == twin.EXHAUSTED:
            return found
        if status == twin.SOLUTION:
            found.append(solver.solution())


def solve(twin, problem, weights=None, colors=None, **query):
    solver = twin.Solver(*problem, weights, colors)
    solver.start(**query)
    return drive(twin, solver)


# -- one contract ---------------------------------------------------------------------

@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_twins_have_the_same_public_api(c_twin, py_twin):
    def public(obj):
        return {name for name in dir(obj) if not name.startswith("_")}

    assert public(c_twin.Solver) == public(py_twin.Solver)
    assert public(c_twin.module.Solver) == public(py_twin.module.Solver)
    assert public(c_twin.module) <= public(py_twin.module)
    for name in ("EXHAUSTED", "SOLUTION", "PAUSED", "MAX_NODES"):
        assert getattr(c_twin, name) == getattr(py_twin, name)
    assert len({c_twin.EXHAUSTED, c_twin.SOLUTION, c_twin.PAUSED}) == 3


TWIN_MODULES = {"_dlx", "_pydlx"}


def imported_names(path):
    """The last parts of the names of the modules and objects that the module at `path`
    imports at run time (what only mypy reads, under `if TYPE_CHECKING:`, left out)."""
    names = set()
    for node in run_time_nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            names.add((node.module or "").rpartition(".")[2])
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update(alias.name.rpartition(".")[2] for alias in node.names)
    return names


def test_dlxcli_reaches_a_twin_only_through_the_checks():
    """A twin trusts its arguments (engine._checks checks them once for both), so no
    module of dlxcli but the engine's own imports a twin, and engine.Solver is the
    chosen twin's behind the checks."""
    package = REPO / "dlxcli"
    found = [str(path.relative_to(package)) for path in package.rglob("*.py")
             if TWIN_MODULES & imported_names(path)]
    assert found == []
    chosen = engine.twin(engine.ENGINE)
    assert engine.Solver is chosen.Solver and engine.Solver is not chosen.module.Solver
    with pytest.raises(ProblemError, match="^option 0: item 5 appears twice$"):
        engine.Solver(6, 0, [[5, 5]])


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
def test_a_maximize_without_weights_that_passes_the_checks_is_no_crash(c_twin):
    """The checked Solver keeps in a slot whether it has weights; a caller who sets it
    (`solver._weighted = True`) reached the C twin's maximize without weights, which
    read a NULL array (a segfault). The C twin refuses it itself."""
    solver = c_twin.Solver(2, 0, [[0], [1], [0, 1]])
    solver._weighted = True
    with pytest.raises(ProblemError, match="^maximize needs option weights$"):
        solver.start(maximize=True)


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
def test_a_refused_second_init_leaves_the_solver_as_it_was(c_twin):
    """A second __init__ with weights, which the C twin refuses, set the slot that says
    the problem has weights before the refusal: start(maximize=True) then passed the
    checks and crashed the C twin."""
    solver = c_twin.Solver(2, 0, [[0], [1], [0, 1]])
    with pytest.raises(ProblemError, match="^a Solver cannot be initialised twice$"):
        solver.__init__(2, 0, [[0], [1], [0, 1]], [1, 2, 3])
    with pytest.raises(ProblemError, match="^maximize needs option weights$"):
        solver.start(maximize=True)


def test_solver_reports_its_shape(twin):
    solver = twin.Solver(3, 2, [[0, 3], [1], [2, 4, 0]])
    assert (solver.n_primary, solver.n_secondary, solver.n_options) == (3, 2, 3)
    assert (solver.nodes, solver.count, solver.level) == (0, 0, 0)
    assert (solver.updates, solver.mems) == ((0, 0) if twin.name == "c" else (None, None))
    assert solver.best_weight is None
    assert solver.solution() is None


def test_options_may_be_any_iterables(twin):
    options = (range(0, 2), (2,), iter([1, 2]), [0])
    found = solve(twin, (3, 0, options))
    assert {frozenset(s) for s in found} == {frozenset({0, 1}), frozenset({2, 3})}
    assert len(found) == 2


# -- refusing bad problems --------------------------------------------------------------

class MyInt(int):
    """An int subclass is an int: the twins accept it as an item."""


Item = enum.IntEnum("Item", {"A": 0, "B": 7})
TOO_MANY_ITEMS = (r"problem needs more than 50000000 nodes; the limit is 50000000 "
                  r"\(items \+ option entries \+ options\)")


INVALID = [
    ("negative n_primary", lambda m: m.Solver(-1, 0, []),
     "n_primary must be a non-negative integer, not -1"),
    ("negative n_secondary", lambda m: m.Solver(1, -2, [[0]]),
     "n_secondary must be a non-negative integer, not -2"),
    ("float count", lambda m: m.Solver(2.0, 0, [[0]]),
     "n_primary must be a non-negative integer, not 2.0"),
    ("bool count", lambda m: m.Solver(True, 0, [[0]]),
     "n_primary must be a non-negative integer, not True"),
    ("unknown item", lambda m: m.Solver(2, 1, [[0], [1, 3]]),
     r"option 1: unknown item 3 \(items are 0..2\)"),
    ("negative item", lambda m: m.Solver(2, 1, [[-1]]),
     r"option 0: unknown item -1 \(items are 0..2\)"),
    ("huge item", lambda m: m.Solver(2, 0, [[2**70]]),
     r"option 0: unknown item 1180591620717411303424 \(items are 0..1\)"),
    ("empty option", lambda m: m.Solver(2, 0, [[0, 1], []]), "option 1 is empty"),
    ("item twice", lambda m: m.Solver(3, 0, [[2], [0, 1, 0]]),
     "option 1: item 0 appears twice"),
    ("int subclass twice", lambda m: m.Solver(3, 0, [[MyInt(1), 1]]),
     "option 0: item 1 appears twice"),
    ("str item", lambda m: m.Solver(2, 0, [[0, "1"]]), "option 0: item '1' is not an integer"),
    ("float item", lambda m: m.Solver(2, 0, [[1.0]]), "option 0: item 1.0 is not an integer"),
    ("bool item", lambda m: m.Solver(2, 0, [[True]]), "option 0: item True is not an integer"),
    ("option not a sequence", lambda m: m.Solver(2, 0, [[0], 1]),
     "option 1 is not a sequence of items"),
    ("too few weights", lambda m: m.Solver(2, 0, [[0], [1]], [5]), "1 weights for 2 options"),
    ("too many weights", lambda m: m.Solver(2, 0, [[0], [1]], [5, 6, 7]),
     "3 weights for 2 options"),
    ("float weight", lambda m: m.Solver(2, 0, [[0], [1]], [1, 2.5]),
     "weight of option 1 is not an integer: 2.5"),
    ("bool weight", lambda m: m.Solver(1, 0, [[0]], [False]),
     "weight of option 0 is not an integer: False"),
    ("weight too large", lambda m: m.Solver(1, 0, [[0]], [2**31]),
     r"weight of option 0 is out of range \(\|w\| < 2\*\*31\)"),
    ("weight too small", lambda m: m.Solver(1, 0, [[0]], [-(2**31)]),
     r"weight of option 0 is out of range \(\|w\| < 2\*\*31\)"),
    ("forced index too large", lambda m: m.Solver(2, 0, [[0], [1]]).start(forced=[1, 2]),
     r"forced option 2 is not an option index \(0..1\)"),
    ("forced index negative", lambda m: m.Solver(2, 0, [[0], [1]]).start(forced=[-1]),
     r"forced option -1 is not an option index \(0..1\)"),
    ("forced index not int", lambda m: m.Solver(2, 0, [[0], [1]]).start(forced=["0"]),
     r"forced option '0' is not an option index \(0..1\)"),
    ("forced index bool", lambda m: m.Solver(2, 0, [[0], [1]]).start(forced=[True]),
     r"forced option True is not an option index \(0..1\)"),
    ("forced without options", lambda m: m.Solver(0, 0, []).start(forced=[0]),
     r"forced option 0 is not an option index \(0..-1\)"),
    ("maximize without weights", lambda m: m.Solver(1, 0, [[0]]).start(maximize=True),
     "maximize needs option weights"),
    ("negative budget", lambda m: m.Solver(1, 0, [[0]]).run(-5),
     "budget must be a non-negative integer, not -5"),
    ("float budget", lambda m: m.Solver(1, 0, [[0]]).run(1.5),
     "budget must be a non-negative integer, not 1.5"),
    ("bool budget", lambda m: m.Solver(1, 0, [[0]]).run(True),
     "budget must be a non-negative integer, not True"),
    ("too few color lists", lambda m: m.Solver(1, 1, [[0], [0, 1]], None, [[0]]),
     "1 color lists for 2 options"),
    ("colors of an option not a sequence", lambda m: m.Solver(1, 1, [[0, 1]], None, [5]),
     "colors of option 0 are not a sequence"),
    ("too few colors", lambda m: m.Solver(1, 1, [[0], [0, 1]], None, [[0], [1]]),
     "option 1: 1 colors for 2 items"),
    ("too many colors", lambda m: m.Solver(1, 1, [[0, 1]], None, [[0, 1, 1]]),
     "option 0: 3 colors for 2 items"),
    ("float color", lambda m: m.Solver(1, 1, [[0, 1]], None, [[0, 1.0]]),
     "option 0: color 1.0 is not an integer"),
    ("bool color", lambda m: m.Solver(1, 1, [[0, 1]], None, [[0, True]]),
     "option 0: color True is not an integer"),
    ("str color", lambda m: m.Solver(1, 1, [[0, 1]], None, ["0A"]),
     "option 0: color '0' is not an integer"),
    ("negative color", lambda m: m.Solver(1, 1, [[0, 1]], None, [[0, -1]]),
     r"option 0: color -1 is out of range \(0 <= color < 2\*\*31\)"),
    ("color 2**31", lambda m: m.Solver(1, 1, [[0, 1]], None, [[0, 2**31]]),
     r"option 0: color 2147483648 is out of range \(0 <= color < 2\*\*31\)"),
    ("huge color", lambda m: m.Solver(1, 1, [[0, 1]], None, [[0, 2**70]]),
     r"option 0: color 1180591620717411303424 is out of range \(0 <= color < 2\*\*31\)"),
    ("color on a primary item", lambda m: m.Solver(2, 1, [[2, 1]], None, [[1, 3]]),
     "option 0: primary item 1 cannot have a color"),
    ("IntEnum item", lambda m: m.Solver(2, 0, [[Item.B]]),
     r"option 0: unknown item 7 \(items are 0..1\)"),
    ("IntEnum item twice", lambda m: m.Solver(2, 0, [[Item.A, 0]]),
     "option 0: item 0 appears twice"),
    # Too many items is refused before the options are even looked at.
    ("huge n_primary", lambda m: m.Solver(m.MAX_NODES + 1, 0, [[-1]]), TOO_MANY_ITEMS),
    ("huge n_secondary", lambda m: m.Solver(0, m.MAX_NODES, []), TOO_MANY_ITEMS),
    # Regression (fixed in e7f308c): beyond 64 bits the C twin said "must be non-negative".
    ("n_primary of 2**63", lambda m: m.Solver(2**63, 0, []), TOO_MANY_ITEMS),
    ("n_secondary of 10**30", lambda m: m.Solver(0, 10**30, [[0]]), TOO_MANY_ITEMS),
    ("items and heads too many", lambda m: m.Solver(m.MAX_NODES - 2, 1, [[0]]), TOO_MANY_ITEMS),
]


@pytest.mark.parametrize("build, message", [case[1:] for case in INVALID],
                         ids=[case[0] for case in INVALID])
def test_invalid_input_raises_problem_error(twin, build, message):
    with pytest.raises(ProblemError, match=f"^{message}$"):
        build(twin)


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("build", [case[1] for case in INVALID], ids=[case[0] for case in INVALID])
def test_twins_refuse_with_the_same_message(c_twin, py_twin, build):
    errors = []
    for twin in (c_twin, py_twin):
        with pytest.raises(ProblemError) as caught:
            build(twin)
        errors.append((type(caught.value), str(caught.value)))
    assert errors[0] == errors[1]


def test_too_large_problem_is_refused_before_allocating(twin):
    # MAX_NODES - 2 items plus one one-item option (and its spacer) is two nodes too many.
    with pytest.raises(ProblemTooLarge,
                       match=f"^problem needs {twin.MAX_NODES + 2} nodes; the limit is "):
        twin.Solver(twin.MAX_NODES - 2, 0, [[0]])


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_the_python_twin_refuses_more_bits_than_it_keeps(c_twin, py_twin):
    # 70,000 items x 70,000 one-item options: 210,002 nodes, but 4.9e9 bits of option
    # sets (over 512 MiB) for the Python twin; the C twin's links take 210,002 nodes.
    n = 70_000
    with pytest.raises(ProblemTooLarge, match=rf"^problem has {n} items x {n} options; the "
                                              r"pure-Python twin's limit is 4294967296"):
        py_twin.Solver(n, 0, [[k] for k in range(n)])
    solver = c_twin.Solver(n, 0, [[k] for k in range(n)])
    assert solver.run(10**6) == c_twin.SOLUTION
    assert sorted(solver.solution()) == list(range(n))


@pytest.mark.parametrize("build", [case[1] for case in INVALID if case[2] == TOO_MANY_ITEMS],
                         ids=[case[0] for case in INVALID if case[2] == TOO_MANY_ITEMS])
def test_too_many_items_is_too_large(twin, build):
    with pytest.raises(ProblemTooLarge):
        build(twin)


def test_any_large_budget_is_fine(twin):
    # The C twin clamps a budget beyond its 64-bit counter instead of overflowing.
    for budget in (2**63 - 1, 2**64, 10**30):
        solver = twin.Solver(2, 0, [[0], [1], [0, 1]])
        assert [solver.run(budget), solver.run(budget), solver.run(budget)] == [
            twin.SOLUTION, twin.SOLUTION, twin.EXHAUSTED]


@pytest.mark.parametrize("build", [
    lambda m: m.Solver(1, 0, 5),
    lambda m: m.Solver(1, 0, [[0]], 5),
    lambda m: m.Solver(1, 0, [[0]]).start(forced=5),
    lambda m: m.Solver(1, 0, [[0]], None, 5),
], ids=["options", "weights", "forced", "colors"])
def test_non_iterable_arguments_raise_type_error(twin, build):
    with pytest.raises(TypeError):
        build(twin)


def test_rejected_start_keeps_the_running_search(twin):
    solver = twin.Solver(*queens(6))
    solver.start()
    assert solver.run(BIG) == twin.SOLUTION
    first = solver.solution()
    with pytest.raises(ProblemError):
        solver.start(forced=[36])
    assert solver.solution() == first
    rest = drive(twin, solver)
    assert [first] + rest == solve(twin, queens(6))


# -- known problems ---------------------------------------------------------------------

@pytest.mark.parametrize("first_item", [False, True])
def test_knuth_example_has_one_cover(twin, first_item):
    found = solve(twin, (7, 0, KNUTH_OPTIONS), first_item=first_item)
    assert [sorted(s) for s in found] == [[0, 3, 4]]
    assert oracle.exact_covers(7, 0, KNUTH_OPTIONS) == {frozenset({0, 3, 4})}


def test_knuth_example_with_its_cover_forced(twin):
    solver = twin.Solver(7, 0, KNUTH_OPTIONS)
    solver.start(forced=[4, 0, 3])
    assert drive(twin, solver) == [[4, 0, 3]]
    assert solver.nodes == 1


@pytest.mark.parametrize("first_item", [False, True])
def test_taocp_colored_example_has_one_cover(twin, first_item):
    found = solve(twin, TAOCP_49, colors=TAOCP_49_COLORS, first_item=first_item)
    assert [sorted(s) for s in found] == [[1, 3]]
    assert oracle.exact_covers(*TAOCP_49, colors=TAOCP_49_COLORS) == {frozenset({1, 3})}
    # Without its colors x may be used once only, and nothing covers p, q and r.
    assert solve(twin, TAOCP_49) == []


SHARED_X = (1, 1, [[0, 1], [1]])
SHARED_X_COLORS = [[0, 1], [1]]
"""'a x:1' and 'x:1': the second, all colored, can only be forced, and agrees with the first."""


@pytest.mark.parametrize("problem, colors, forced", [
    (DLX2_EXAMPLE, DLX2_EXAMPLE_COLORS, [3]),
    (DLX2_EXAMPLE, DLX2_EXAMPLE_COLORS, [1, 3]),
    (DLX2_EXAMPLE, DLX2_EXAMPLE_COLORS, [3, 1]),
    (DLX2_EXAMPLE, DLX2_EXAMPLE_COLORS, [2]),
    (DLX2_EXAMPLE, DLX2_EXAMPLE_COLORS, [3, 3]),
    (TAOCP_49, TAOCP_49_COLORS, [2, 3]),
    (TAOCP_49, TAOCP_49_COLORS, [3, 2]),
    (TAOCP_49, TAOCP_49_COLORS, [4, 0]),
    (SHARED_X, SHARED_X_COLORS, [1]),
    (SHARED_X, SHARED_X_COLORS, [1, 1]),
    (SHARED_X, SHARED_X_COLORS, [1, 0]),
], ids=["sharing", "both", "both the other way", "all colored, clashing", "twice",
        "x:B then x:A", "x:A then x:B", "y:B then y:A", "all colored, agreeing",
        "all colored twice", "all colored first"])
def test_forced_options_with_colors_are_the_oracles(twin, problem, colors, forced):
    found = solve(twin, problem, colors=colors, forced=forced)
    assert {frozenset(s) for s in found} == oracle.exact_covers(*problem, forced, colors)
    assert all(s[:len(forced)] == forced for s in found)


def test_dlx2_example_has_one_cover(twin):
    assert [sorted(s) for s in solve(twin, DLX2_EXAMPLE, colors=DLX2_EXAMPLE_COLORS)] == [[1, 3]]


def test_colors_of_zero_are_no_colors(twin):
    plain = twin.Solver(*queens(6))
    zero = twin.Solver(*queens(6), None, [[0] * 4 for _ in range(36)])
    runs = []
    for solver in (plain, zero):
        solver.start()
        runs.append((drive(twin, solver), solver.nodes, solver.updates))
    assert runs[0] == runs[1]


def test_maximize_with_colors(twin):
    # (49) with 'p q x:A y:B' and 'p r x:A y:A' has two covers, {1, 3} and {0, 4}; the
    # weights decide which is the heavier.
    n1, n2, options = TAOCP_49
    colors = [[0, 0, 1, 2], [0, 0, 1, 1], [0, 2], [0, 1], [0, 2]]
    for weights, heavier in (([1, 2, 0, 5, 4], {1, 3}), ([9, 2, 0, 3, 4], {0, 4})):
        best = oracle.best_weight(n1, n2, options, weights, colors=colors)
        solver = twin.Solver(n1, n2, options, weights, colors)
        solver.start(maximize=True)
        drive(twin, solver)
        assert solver.best_weight == best == oracle.weight(heavier, weights)
        assert set(solver.solution()) == heavier


def _queens_cases():
    """n = 1..13 on the C twin; on the Python twin up to 12 (11 and 12 slow there): its
    count of 13 took 7 CPU s of CI's slow step, a longer run of what 12 checks."""
    for name in ("c", "python"):
        for n, count in enumerate(A000170[:12] if name == "python" else A000170, 1):
            slow = [pytest.mark.slow] if name == "python" and n > 10 else []
            yield pytest.param(name, n, count, marks=slow, id=f"{name}-{n}")


@pytest.mark.parametrize("twin, n, expected", list(_queens_cases()), indirect=["twin"])
def test_queens_counts_match_oeis(twin, n, expected):
    solver = twin.Solver(*queens(n))
    solver.start()
    assert drive(twin, solver, count_only=True) == []
    assert solver.count == expected


@pytest.mark.parametrize("n", range(1, 9))
def test_first_item_queens_come_in_lexicographic_order(twin, n):
    found = solve(twin, queens(n), first_item=True)
    assert [placement(n, s) for s in found] == oracle.queens(n)
    # Branching on the first row each time, every solution lists its queens row by row.
    assert all(s == sorted(s) for s in found)


@pytest.mark.parametrize("n", range(1, 9))
def test_mrv_queens_find_the_same_set(twin, n):
    found = solve(twin, queens(n))
    assert len(found) == len({frozenset(s) for s in found})
    assert sorted(placement(n, s) for s in found) == oracle.queens(n)


def test_every_reported_solution_is_a_cover(twin):
    n1, n2, options = queens(7)
    solver = twin.Solver(n1, n2, options)
    solver.start()
    while solver.run(BIG) == twin.SOLUTION:
        solution = solver.solution()
        assert oracle.is_cover(n1, n2, options, solution)
        assert solver.level == len(solution)
        assert solver.count >= 1
    assert solver.solution() is None


def test_zero_primary_items_have_one_empty_solution(twin):
    solver = twin.Solver(0, 2, [[0], [1], [0, 1]], [4, 5, 6])
    solver.start()
    assert drive(twin, solver) == [[]]
    solver.start(forced=[1])
    assert drive(twin, solver) == [[1]]
    solver.start(maximize=True)
    assert drive(twin, solver) == [[]]
    assert solver.best_weight == 0
    empty = twin.Solver(0, 0, [])
    empty.start()
    assert empty.run(BIG, True) == twin.EXHAUSTED
    assert empty.count == 1


def test_primary_item_without_options_has_no_solution(twin):
    solver = twin.Solver(3, 0, [[0, 1], [0], [1]])
    solver.start()
    assert drive(twin, solver) == []
    assert solver.count == 0
    assert solver.progress() == 1.0


def test_options_of_secondary_items_only_are_never_chosen(twin):
    # Option 1 covers nothing primary; Algorithm X never picks it unless it is forced.
    problem = (1, 1, [[0], [1], [0, 1]])
    assert sorted(solve(twin, problem)) == [[0], [2]]
    assert sorted(solve(twin, problem, forced=[1])) == [[1, 0]]


# -- forced options -----------------------------------------------------------------------

def test_forced_queen_restricts_the_solutions(twin):
    n = 8
    found = solve(twin, queens(n), forced=[2 * n + 4], first_item=True)
    assert [placement(n, s) for s in found] == [q for q in oracle.queens(n) if q[2] == 4]
    assert all(s[0] == 2 * n + 4 for s in found)


def test_a_repeated_option_of_colored_secondary_items_clashes(twin):
    """Its items are purified to its own colors, so only the repeat is the clash (the
    C twin once took it)."""
    solver = twin.Solver(1, 1, [[0, 1], [1]], colors=[[0, 1], [1]])
    solver.start(forced=[0, 1, 1])
    assert solver.run(BIG) == twin.EXHAUSTED
    solver.start(forced=[0, 1])
    assert (solver.run(BIG), solver.solution()) == (twin.SOLUTION, [0, 1])


@pytest.mark.parametrize("forced", [[0, 9], [0, 1], [5, 5], [3, 12, 3]],
                         ids=["same diagonal", "same row", "twice", "twice apart"])
def test_clashing_forced_options_leave_nothing(twin, forced):
    solver = twin.Solver(*queens(8))
    solver.start(forced=forced)
    assert solver.progress() == 1.0
    assert solver.run(BIG) == twin.EXHAUSTED
    assert (solver.count, solver.nodes, solver.solution()) == (0, 0, None)


# -- one solver, many queries -------------------------------------------------------------

def _partly(twin, solver, query, budget, solutions):
    solver.start(**query)
    for _ in range(solutions):
        if solver.run(budget) == twin.EXHAUSTED:
            break


PREVIOUS = [
    pytest.param({}, BIG, 0, id="started only"),
    pytest.param({}, BIG, 3, id="after 3 solutions"),
    pytest.param({"first_item": True}, 7, 5, id="paused first-item"),
    pytest.param({"forced": [3]}, BIG, 2, id="forced"),
    pytest.param({"forced": [3, 11]}, BIG, 1, id="clash"),
    pytest.param({"maximize": True}, 50, 4, id="paused maximize"),
    pytest.param({}, BIG, 10_000, id="exhausted"),
]


@pytest.mark.parametrize("previous, budget, solutions", PREVIOUS)
@pytest.mark.parametrize("query", [{}, {"forced": [10, 29]}, {"first_item": True,
                                                              "forced": [2]}],
                         ids=["plain", "forced", "first-item forced"])
def test_restart_equals_a_fresh_solver(twin, previous, budget, solutions, query):
    problem, weights = queens(8), queen_weights(8)
    used = twin.Solver(*problem, weights)
    _partly(twin, used, previous, budget, solutions)
    used.start(**query)
    again = drive(twin, used)
    fresh = twin.Solver(*problem, weights)
    fresh.start(**query)
    assert again == drive(twin, fresh)
    assert again
    assert (used.nodes, used.updates, used.count) == (fresh.nodes, fresh.updates, fresh.count)


def test_restart_after_maximize_equals_a_fresh_maximize(twin):
    problem, weights = queens(7), queen_weights(7)
    used = twin.Solver(*problem, weights)
    _partly(twin, used, {"forced": [8]}, BIG, 3)
    used.start(maximize=True)
    drive(twin, used)
    fresh = twin.Solver(*problem, weights)
    fresh.start(maximize=True)
    drive(twin, fresh)
    assert (used.best_weight, used.solution()) == (fresh.best_weight, fresh.solution())


# -- the twins agree step by step -----------------------------------------------------------

@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("n", range(1, 10))
@pytest.mark.parametrize("first_item", [False, True])
def test_twins_agree_on_solutions_and_nodes(c_twin, py_twin, n, first_item):
    runs = []
    for twin in (c_twin, py_twin):
        solver = twin.Solver(*queens(n))
        solver.start(first_item=first_item)
        trace = []
        while solver.run(BIG) == twin.SOLUTION:
            trace.append((solver.solution(), solver.nodes, solver.level, solver.progress()))
        runs.append((trace, solver.nodes, solver.count))
    assert runs[0] == runs[1]


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_twins_agree_on_maximize(c_twin, py_twin):
    runs = []
    for twin in (c_twin, py_twin):
        solver = twin.Solver(*queens(8), queen_weights(8))
        solver.start(maximize=True)
        trace = []
        while solver.run(BIG) == twin.SOLUTION:
            trace.append((solver.best_weight, solver.solution(), solver.nodes))
        runs.append((trace, solver.nodes))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("forced", [[], [3], [2, 12]])
@pytest.mark.parametrize("maximize", [False, True])
def test_an_exhausted_search_is_back_where_it_started(twin, forced, maximize):
    solver = twin.Solver(*queens(6), queen_weights(6))
    solver.start(forced=forced, maximize=maximize)
    at_start = (solver.lengths(), solver.levels(), solver.level)
    drive(twin, solver)
    assert (solver.lengths(), solver.levels(), solver.level) == at_start


@pytest.mark.any_twin  # the Python twin's search, whichever DLXCLI_ENGINE names
def test_a_renumbering_cut_short_leaves_the_python_twin_usable(py_twin, monkeypatch):
    """A time limit (SIGALRM) or Ctrl-C may land while the Python twin numbers its
    options afresh (_compact, in the first `run`); the next `start` must not take the
    half-built tables for whole ones."""
    monkeypatch.setattr(py_twin.module, "_COMPACT_AT", 1)
    solver, fresh = py_twin.Solver(*queens(6)), py_twin.Solver(*queens(6))
    whole = py_twin.module._bit_sets

    def cut_short(n_sets, members):
        raise KeyboardInterrupt

    monkeypatch.setattr(py_twin.module, "_bit_sets", cut_short)
    solver.start(forced=[3])
    with pytest.raises(KeyboardInterrupt):
        solver.run(BIG)
    monkeypatch.setattr(py_twin.module, "_bit_sets", whole)
    for forced in ([3], [], [3]):
        runs = []
        for twin_solver in (solver, fresh):
            twin_solver.start(forced=forced)
            runs.append((drive(py_twin, twin_solver), twin_solver.nodes, twin_solver.count))
        assert runs[0] == runs[1]


# -- pausing ------------------------------------------------------------------------------

@pytest.mark.parametrize("budget", [1, 2, 3, 10, 99])
@pytest.mark.parametrize("count_only", [False, True])
def test_pausing_changes_nothing_but_the_pauses(twin, budget, count_only):
    problem = queens(7)
    whole = twin.Solver(*problem)
    whole.start()
    expected = drive(twin, whole, count_only=count_only)

    solver = twin.Solver(*problem)
    solver.start()
    found, pauses = [], 0
    while True:
        before = solver.nodes
        status = solver.run(budget, count_only)
        assert solver.nodes - before <= budget
        if status == twin.PAUSED:
            assert solver.nodes - before == budget
            pauses += 1
        elif status == twin.SOLUTION:
            found.append(solver.solution())
        else:
            break
    assert found == expected
    assert (solver.nodes, solver.updates, solver.count) == (whole.nodes, whole.updates,
                                                           whole.count)
    assert pauses >= whole.nodes // budget - whole.count


@pytest.mark.parametrize("maximize", [False, True])
def test_progress_grows_from_0_to_1(twin, maximize):
    solver = twin.Solver(*queens(8), queen_weights(8))
    solver.start(maximize=maximize)
    seen = [solver.progress()]
    while solver.run(4) != twin.EXHAUSTED:
        seen.append(solver.progress())
    assert seen[0] == 0.0
    assert all(0.0 <= p < 1.0 for p in seen)
    assert seen == sorted(seen)
    assert len(set(seen)) > 10
    assert solver.progress() == 1.0


# -- maximize -------------------------------------------------------------------------------

def rooks(n):
    """n non-attacking rooks: rows 0..n-1 and columns n..2n-1, all primary; option r*n+c
    puts a rook on (r, c)."""
    return 2 * n, 0, [[r, n + c] for r in range(n) for c in range(n)]


def _heaviest(placements, n, weights):
    return max((sum(weights[r * n + c] for r, c in enumerate(cols)) for cols in placements),
               default=None)


def _maximize(twin, problem, weights, **query):
    solver = twin.Solver(*problem, weights)
    solver.start(maximize=True, **query)
    improvements = [oracle.weight(s, weights) for s in drive(twin, solver)]
    # Each SOLUTION in maximize mode is a strictly heavier cover than the one before.
    assert improvements == sorted(set(improvements))
    assert improvements[-1:] == ([] if solver.best_weight is None else [solver.best_weight])
    assert solver.count == 0
    return solver


@pytest.mark.parametrize("n", range(1, 8))
@pytest.mark.parametrize("first_item", [False, True])
def test_maximize_finds_the_heaviest_rooks(twin, n, first_item):
    weights = queen_weights(n)
    solver = _maximize(twin, rooks(n), weights, first_item=first_item)
    assert solver.best_weight == _heaviest(itertools.permutations(range(n)), n, weights)
    assert oracle.is_cover(*rooks(n), solver.solution())
    assert oracle.weight(solver.solution(), weights) == solver.best_weight


def test_maximize_with_a_forced_rook(twin):
    n, weights = 6, queen_weights(6)
    solver = _maximize(twin, rooks(n), weights, forced=[5])
    placements = [p for p in itertools.permutations(range(n)) if p[0] == 5]
    assert solver.best_weight == _heaviest(placements, n, weights)
    assert solver.solution()[0] == 5


@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("first_item", [False, True])
def test_maximize_finds_the_heaviest_queens(twin, n, first_item):
    # Queens have secondary items (the diagonals): the bound must still hold.
    weights = queen_weights(n)
    solver = _maximize(twin, queens(n), weights, first_item=first_item)
    best = _heaviest(oracle.queens(n), n, weights)
    assert solver.best_weight == best
    if best is None:
        assert solver.solution() is None
    else:
        assert placement(n, solver.solution()) in oracle.queens(n)
        assert oracle.weight(solver.solution(), weights) == best


def test_maximize_counts_weight_on_secondary_items(twin):
    # Regression (fixed in 24c1ca1): the bound used to spread an option's weight over
    # all its items and add up only the primary items' shares. Here {0, 1} weighs 5 and
    # is found first; option 1 (weight 0) then leaves item 1 to option 2, weight 8, of
    # which only 4 was charged to item 1, so 0 + 4 <= 5 pruned the better cover {1, 2}.
    options, weights = [[0, 1], [0], [1, 2]], [5, 0, 8]
    assert oracle.best_weight(2, 1, options, weights) == 8
    solver = _maximize(twin, (2, 1, options), weights)
    assert (solver.best_weight, sorted(solver.solution())) == (8, [1, 2])


def test_maximize_without_solution_gives_none(twin):
    solver = twin.Solver(*queens(3), queen_weights(3))
    solver.start(maximize=True)
    assert solver.run(BIG) == twin.EXHAUSTED
    assert (solver.best_weight, solver.solution()) == (None, None)


def test_maximize_ignores_count_only(twin):
    # Item 0's options by share: [0] (2), then [0, 1] (1.5): the first cover found
    # weighs 2, the second 3, and each improvement is reported.
    solver = twin.Solver(2, 0, [[0], [1], [0, 1]], [2, 0, 3])
    solver.start(maximize=True)
    assert drive(twin, solver, count_only=True) == [[0, 1], [2]]
    assert solver.best_weight == 3


# -- memory -------------------------------------------------------------------------------

def _workout(twin):
    """One round of everything a Solver does, error paths included."""
    n1, n2, options = queens(6)
    solver = twin.Solver(n1, n2, options, queen_weights(6))
    for query in ({}, {"first_item": True}, {"forced": [1]}, {"maximize": True},
                  {"forced": [0, 1]}):
        solver.start(**query)
        while solver.run(17) != twin.EXHAUSTED:
            solver.solution()
            solver.progress()
            (solver.nodes, solver.updates, solver.count, solver.level, solver.best_weight)
    _partly(twin, solver, {}, BIG, 2)
    colored = twin.Solver(*DLX2_EXAMPLE, [1, 2, 3, 4, 5], DLX2_EXAMPLE_COLORS)
    for query in ({}, {"forced": [2]}, {"forced": [4, 3]}, {"maximize": True}):
        colored.start(**query)
        while colored.run(3) != twin.EXHAUSTED:
            colored.solution()
    for build, _ in (case[1:] for case in INVALID):
        try:
            build(twin)
        except ProblemError:
            pass
    del solver


def _growth(twin, rounds):
    gc.collect()
    objects = len(gc.get_objects())
    memory = tracemalloc.get_traced_memory()[0]
    for _ in range(rounds):
        _workout(twin)
    gc.collect()
    return len(gc.get_objects()) - objects, tracemalloc.get_traced_memory()[0] - memory


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
def test_c_twin_does_not_leak(c_twin):
    # As markupsafe's test_leak: repeat, then compare object counts; tracemalloc also
    # sees the PyMem_ arrays the C twin allocates outside any Python object.
    tracemalloc.start()
    try:
        _growth(c_twin, 20)  # warm up caches and free lists
        objects, memory = _growth(c_twin, 200)
    finally:
        tracemalloc.stop()
    assert objects < 20
    assert memory < 20_000  # 100 bytes kept per round would add up to 20 kB


def tromino_tilings(h, w):
    """Tiling an h x w board with straight and L trominoes: cells are primary items,
    every placement is an option of three cells."""
    shapes = [((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (2, 0)), ((0, 0), (1, 0), (1, 1)),
              ((0, 0), (0, 1), (1, 0)), ((0, 0), (0, 1), (1, 1)), ((0, 1), (1, 0), (1, 1))]
    options = [[(r + a) * w + c + b for a, b in shape]
               for r in range(h) for c in range(w) for shape in shapes
               if all(r + a < h and c + b < w for a, b in shape)]
    return h * w, 0, options


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_a_long_maximize_search_matches_enumeration_on_both_twins():
    """Long enough for the bound to be summed afresh several times (every 1,024 nodes)
    between its updates by differences, with weights near the 2**31 limit whose shares
    (a third each) are not binary fractions: rounding must neither cut the best tiling
    nor let the twins part."""
    import random

    from conftest import load_twin
    n1, n2, options = tromino_tilings(6, 6)
    rng = random.Random(0)
    weights = [rng.randrange(2**31 - 1) for _ in options]
    c, python = load_twin("c"), load_twin("python")
    runs = []
    for twin in (c, python):
        solver = twin.Solver(n1, n2, options, weights)
        solver.start(maximize=True)
        drive(twin, solver)
        runs.append((solver.best_weight, solver.solution(), solver.nodes))
    every = c.Solver(n1, n2, options, weights)
    every.start()
    heaviest = max(sum(weights[j] for j in tiling) for tiling in drive(c, every))
    assert runs[0] == runs[1]
    assert runs[0][0] == heaviest
    assert runs[0][2] > 3 * 1024


# -- the C twin's bit-set count path ------------------------------------------------------
# A count with the memo off and no split, on a problem without colors or weights of at
# most 8,192 options, runs on bit sets in the C twin (docs/engine.md, "The bit-set count
# path"): the same search as the links', which the Python twin's is.

BITS_MAX_OPTIONS = 8192


def plain_solver(twin, problem, weights=None, colors=None):
    """A Solver whose counts search plainly: no memo, no split."""
    solver = twin.Solver(*problem, weights, colors)
    solver.set_memo(twin.MEMO_OFF, 0)
    solver.set_split(False)
    return solver


def plain_count(twin, solver, budget=BIG, **query):
    """(count, nodes) of a count of the query on `solver`, in runs of `budget` nodes."""
    solver.start(**query)
    assert drive(twin, solver, budget, count_only=True) == []
    return solver.count, solver.nodes


def one_item(n_options):
    """One primary item with `n_options` options of it alone: that many solutions."""
    return 1, 0, [[0]] * n_options


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("change, taken", [
    (None, True),
    ("memo", False),
    ("split", False),
    ("colors", False),
    ("weights", False),
    ("listing", False),
    ("too many options", False),
])
def test_the_bit_set_path_is_taken_by_plain_counts_alone(c_twin, change, taken):
    n1, n2, options = one_item(BITS_MAX_OPTIONS + (change == "too many options"))
    options = [[0, 1]] + options[1:]  # a secondary item, so that colors may be given
    solver = plain_solver(c_twin, (n1, 1, options),
                          weights=[1] * len(options) if change == "weights" else None,
                          colors=[[0, 1]] + [[0]] * (len(options) - 1)
                          if change == "colors" else None)
    if change == "memo":
        solver.set_memo(c_twin.MEMO_AUTO, 1 << 20)
    solver.set_split(change == "split")
    solver.start()
    drive(c_twin, solver, count_only=change != "listing")
    assert solver.count == len(options)
    assert solver.nodes == len(options) + 1
    assert solver.bit_sets is taken


@pytest.mark.any_twin  # the Python twin's search, whichever DLXCLI_ENGINE names
def test_the_python_twin_has_no_bit_set_path(py_twin):
    solver = plain_solver(py_twin, queens(4))
    assert plain_count(py_twin, solver) == (2, solver.nodes)
    assert solver.bit_sets is None


@pytest.mark.parametrize("n", range(1, 11))
def test_plain_queens_counts_match_oeis(twin, n):
    """Up to 100 options: two words of option bits, and 18 secondary items."""
    solver = plain_solver(twin, queens(n))
    assert plain_count(twin, solver, budget=7)[0] == A000170[n - 1]
    assert solver.bit_sets is (True if twin.name == "c" else None)


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("problem, query", [
    ((3, 0, [[0, 1], [0], [1]]), {}),                      # item 2 has no option
    ((0, 0, []), {}),                                      # the empty problem
    ((0, 2, [[0], [1], [0, 1]]), {"forced": [2]}),         # no primary item left
    ((2, 2, [[0, 2], [1, 2], [0, 3], [1], [0]]), {}),      # secondary items meet
    ((2, 2, [[0, 2], [1, 2], [0, 3], [1], [0]]), {"forced": [1]}),
    ((2, 2, [[0, 2], [1, 2], [0, 3], [1], [0]]), {"forced": [0, 1]}),  # a clash
    ((2, 2, [[0, 2], [1, 2], [0, 3], [1], [0]]), {"first_item": True}),
    ((4, 1, [[0, 1], [2, 3], [0, 4], [1, 2], [3, 4], [1], [2], [0, 3], [3]]), {}),
    ((4, 1, [[0, 1], [2, 3], [0, 4], [1, 2], [3, 4], [1], [2], [0, 3], [3]]), {"forced": [8]}),
])
def test_plain_counts_of_small_cases_are_the_oracles(c_twin, py_twin, problem, query):
    """Counts from the brute-force oracle; nodes, levels() and lengths() at every node
    (runs of one node) the Python twin's."""
    n1, n2, options = problem
    expected = len(oracle.exact_covers(n1, n2, options, query.get("forced", [])))
    seen = []
    for twin in (c_twin, py_twin):
        solver = plain_solver(twin, problem)
        solver.start(**query)
        states = []
        while solver.run(1, True) != twin.EXHAUSTED:
            states.append((solver.nodes, solver.levels(), solver.lengths(), solver.progress()))
        seen.append((solver.count, solver.nodes, states, solver.levels(), solver.lengths()))
    assert seen[0] == seen[1]
    assert seen[0][0] == expected


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_a_search_leaving_the_bit_set_path_goes_on_where_it_was(c_twin, py_twin):
    """A count paused on bit sets, then listed (count_only=False): the C twin makes its
    levels again on the links, and the search goes on as the Python twin's."""
    seen = []
    for twin in (c_twin, py_twin):
        solver = plain_solver(twin, queens(7))
        solver.start()
        solver.run(150, True)
        counted, on_bits = solver.count, solver.bit_sets
        listed = drive(twin, solver)
        seen.append((counted, solver.count, listed, solver.nodes, on_bits, solver.bit_sets))
    assert seen[0][:4] == seen[1][:4]
    assert seen[0][2] and seen[0][4:] == (True, False)


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("seed", range(12))
def test_plain_counts_over_several_words_of_options_are_the_python_twins(c_twin, py_twin, seed):
    """Random problems of 65 to 200 options (two to four words of option bits) and up to
    90 primary items (two words of items), paused every few nodes: the C twin on bit
    sets counts, walks and shows its levels as the Python twin does (attack-bits went
    past the small problems of the property tests so)."""
    rng = random.Random(seed)
    n1, n2 = rng.randint(8, 90), rng.randint(0, 4)
    options = [rng.sample(range(n1 + n2), rng.randint(1, min(4, n1 + n2)))
               for _ in range(rng.randint(65, 200))]
    budget = rng.randint(1, 50)
    seen = []
    for twin in (c_twin, py_twin):
        solver = plain_solver(twin, (n1, n2, options))
        solver.start()
        pauses = []
        while solver.run(budget, True) != twin.EXHAUSTED and len(pauses) < 3000:
            pauses.append((solver.nodes, solver.count, solver.levels(), solver.lengths()))
        seen.append((solver.count, solver.nodes, pauses, solver.bit_sets))
    assert seen[0][:3] == seen[1][:3]
    assert seen[0][3] is True and seen[1][3] is None
