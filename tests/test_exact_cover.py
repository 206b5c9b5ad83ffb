"""ExactCover: the queries on top of the engine, on the twin DLXCLI_ENGINE picked.

Layer: tests. Expected answers come from OEIS A000170 (n-queens), from the brute-force
oracle in oracle.py, or from another query on the same problem (a limited query
against the full one); never from a number dlxcli printed once.
"""

import itertools
import types

import pytest

import oracle
from dlxcli import engine
from dlxcli.errors import (EngineBusy, NodeLimitExceeded, ProblemError, SearchLimit,
                           TimeLimitExceeded)
from dlxcli.exact_cover import Budget, ExactCover, Stats


def queens_problem(n):
    """Rows 0..n-1 and columns n..2n-1 primary, diagonals secondary; option r*n+c is
    the queen on row r, column c."""
    options = [[r, n + c, 2 * n + r + c, 5 * n - 2 + r - c]
               for r in range(n) for c in range(n)]
    return 2 * n, 2 * (2 * n - 1), options


def queens(n, weights=None):
    return ExactCover(*queens_problem(n), weights)


def rooks_problem(n):
    """n non-attacking rooks: rows and columns, all primary; option r*n+c is (r, c)."""
    return 2 * n, 0, [[r, n + c] for r in range(n) for c in range(n)]


def placement(n, solution):
    return tuple(j % n for j in sorted(solution))


QUEENS = {4: 2, 6: 4, 8: 92, 10: 724, 12: 14200}  # OEIS A000170

KNUTH = ExactCover(7, 0, [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]])
"""Knuth's example from "Dancing links" (2000): rows 1, 4, 5 (0, 3, 4 here) are its only cover."""


# -- first, solutions, count ------------------------------------------------------------------

def test_first_finds_knuths_cover():
    assert sorted(KNUTH.first()) == [0, 3, 4]
    assert KNUTH.count() == 1
    (solution,) = KNUTH.solutions(forced=[4])
    assert solution[0] == 4 and sorted(solution) == [0, 3, 4]


def test_first_is_none_without_a_solution():
    problem = ExactCover(3, 0, [[0, 1], [1, 2], [0, 2]])
    assert problem.first() is None
    assert list(problem.solutions()) == []
    assert problem.count() == 0


@pytest.mark.parametrize("n", sorted(QUEENS)[:-1])
def test_count_matches_oeis(n):
    assert queens(n).count() == QUEENS[n]


@pytest.mark.parametrize("first_item", [False, True])
def test_solutions_are_every_queens_placement(first_item):
    found = list(queens(6).solutions(first_item=first_item))
    assert sorted(placement(6, s) for s in found) == oracle.queens(6)
    if first_item:
        assert [placement(6, s) for s in found] == oracle.queens(6)


def test_solutions_are_lazy():
    problem = queens(12)
    stats = Stats()
    found = problem.solutions(stats=stats)
    assert isinstance(found, types.GeneratorType)
    assert stats == Stats()  # nothing ran yet
    first = next(found)
    assert oracle.is_cover(*queens_problem(12), first)
    nodes_for_one = problem.solver.nodes
    found.close()
    assert (stats.solutions, stats.nodes) == (1, nodes_for_one)
    problem.count(stats=stats)
    assert stats.nodes > 10 * nodes_for_one


@pytest.mark.parametrize("limit", [1, 2, 3, 91, 92, 93])
def test_limit_takes_a_prefix(limit):
    problem = queens(8)
    everything = list(problem.solutions())
    assert list(problem.solutions(limit=limit)) == everything[:limit]
    stats = Stats()
    assert problem.count(limit=limit, stats=stats) == min(limit, 92)
    assert stats.solutions == min(limit, 92)


@pytest.mark.parametrize("limit", [0, -1])
def test_no_room_means_no_solutions(limit):
    assert list(queens(8).solutions(limit=limit)) == []
    assert queens(8).count(limit=limit) == 0


def test_forced_options_come_first():
    n = 8
    problem = queens(n)
    found = list(problem.solutions(forced=[3], first_item=True))
    assert [placement(n, s) for s in found] == [q for q in oracle.queens(n) if q[0] == 3]
    assert all(s[0] == 3 for s in found)
    assert problem.first(forced=[3, 11]) is None  # two queens in column 3
    assert problem.count(forced=[3, 3]) == 0


def test_one_problem_answers_query_after_query():
    problem = queens(8)
    counts = [problem.count(), problem.count(forced=[0]), problem.count(first_item=True)]
    assert problem.first(forced=[0])[0] == 0
    partial = problem.solutions()
    next(partial)
    assert problem.count() == 92  # a new query resets the half-read one
    assert counts == [92, sum(q[0] == 0 for q in oracle.queens(8)), 92]


@pytest.mark.parametrize("query", ["count", "first", "frontier", "solutions"])
def test_a_reset_iterator_refuses_to_go_on(query):
    """A half-read solutions() went on from where the other query left the solver: 0
    more of the 92 placements after a count, 91 more after a first (wrong, silently)."""
    problem = queens(8)
    partial = problem.solutions()
    next(partial)
    getattr(problem, query)() if query != "solutions" else next(problem.solutions())
    with pytest.raises(EngineBusy, match="another query on this problem started its own"):
        next(partial)
    assert problem.count() == 92


def test_bad_query_is_a_problem_error():
    with pytest.raises(ProblemError, match=r"forced option 64 is not an option index"):
        queens(8).first(forced=[64])
    with pytest.raises(ProblemError, match="maximize needs option weights"):
        queens(8).maximize()


def test_bad_problem_is_a_problem_error():
    with pytest.raises(ProblemError, match="option 1: unknown item 2"):
        ExactCover(2, 0, [[0], [2]])


# -- maximize ------------------------------------------------------------------------------

def test_maximize_finds_the_heaviest_permutation():
    # n rooks (all items primary, so the engine's bound is exact): weights w(r, c).
    n = 6
    weights = [(5 * r * r + 3 * c) % 13 - 4 for r in range(n) for c in range(n)]
    problem = ExactCover(*rooks_problem(n), weights)

    def heaviest(placements):
        return max(sum(weights[r * n + c] for r, c in enumerate(p)) for p in placements)

    best, solution = problem.maximize()
    assert best == heaviest(itertools.permutations(range(n)))
    assert oracle.weight(solution, weights) == best
    assert oracle.is_cover(*rooks_problem(n), solution)
    best, solution = problem.maximize(forced=[1], first_item=True)
    assert best == heaviest(p for p in itertools.permutations(range(n)) if p[0] == 1)
    assert solution[0] == 1 and oracle.weight(solution, weights) == best


def test_maximize_is_none_without_a_solution():
    assert queens(3, [1] * 9).maximize() is None


# -- names ---------------------------------------------------------------------------------

def test_from_names_numbers_items_in_order():
    problem = ExactCover.from_names(
        ["a", "b", "c"], ["x"], [["a", "x"], ["b", "c"], ["c", "a"], ["b"]], [1, 2, 3, 4])
    assert problem.item_index == {"a": 0, "b": 1, "c": 2, "x": 3}
    assert (problem.solver.n_primary, problem.solver.n_secondary) == (3, 1)
    assert sorted(map(sorted, problem.solutions())) == [[0, 1], [2, 3]]
    best, solution = problem.maximize()
    assert (best, sorted(solution)) == (7, [2, 3])


@pytest.mark.parametrize("primary, secondary, message", [
    (["a", "b", "a"], [], "item 'a' is declared twice"),
    (["a", "b"], ["c", "b"], "item 'b' is declared twice"),
])
def test_from_names_refuses_a_name_declared_twice(primary, secondary, message):
    with pytest.raises(ProblemError, match=f"^{message}$"):
        ExactCover.from_names(primary, secondary, [["a"]])


def test_from_names_refuses_an_unknown_name():
    with pytest.raises(ProblemError, match=r"^option 1: unknown item 'z'$"):
        ExactCover.from_names(["a", "b"], ["c"], [["a", "b"], ["c", "z"]])


def test_from_names_reads_colors_of_secondary_items():
    # TAOCP 7.2.2.1 (49); its only solution is 'q x:A' with 'p r x:A y'.
    problem = ExactCover.from_names(["p", "q", "r"], ["x", "y"], [
        ["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"],
        ["r", "y:B"]])
    assert problem.color_index == {"A": 1, "B": 2}
    assert [sorted(s) for s in problem.solutions()] == [[1, 3]]
    assert ExactCover.from_names(["a"], [], [["a"]]).color_index == {}


def test_colors_reach_the_engine():
    n1, n2, options = 3, 2, [[0, 1, 3, 4], [0, 2, 3, 4], [0, 3], [1, 3], [2, 4]]
    colors = [[0, 0, 0, 1], [0, 0, 1, 0], [0, 2], [0, 1], [0, 2]]
    assert ExactCover(n1, n2, options, colors=colors).count() == 1
    assert ExactCover(n1, n2, options).count() == 0


@pytest.mark.parametrize("option, message", [
    (["a", "b:red"], "option 0: primary item 'b' cannot have a color"),
    (["a", "z:red"], "option 0: unknown item 'z:red'"),
    (["a", "x:"], "option 0: unknown item 'x:'"),
])
def test_from_names_refuses_bad_colors(option, message):
    with pytest.raises(ProblemError, match=f"^{message}$"):
        ExactCover.from_names(["a", "b"], ["x"], [option])


def test_from_names_accepts_any_hashable_names():
    problem = ExactCover.from_names([(0, 0), (0, 1)], [], [[(0, 0)], [(0, 1)], [(0, 1), (0, 0)]])
    assert problem.count() == 2


# -- limits, progress and stats -------------------------------------------------------------

def test_node_limit_stops_the_search():
    problem = queens(8)
    full, limited = Stats(), Stats()
    problem.count(stats=full)
    needed = full.nodes
    assert problem.count(budget=Budget(node_limit=needed)) == 92  # exactly enough is enough
    with pytest.raises(NodeLimitExceeded) as caught:
        problem.count(budget=Budget(node_limit=needed - 1), stats=limited)
    assert isinstance(caught.value, SearchLimit)
    assert caught.value.verdict == "node limit"
    assert caught.value.nodes == needed - 1
    assert limited.nodes == needed - 1


def test_node_limit_interrupts_an_iteration():
    problem = queens(8)
    found = []
    with pytest.raises(NodeLimitExceeded):
        for solution in problem.solutions(budget=Budget(node_limit=500)):
            found.append(solution)
    assert found == list(problem.solutions())[:len(found)]
    assert 0 < len(found) < 92


def test_timeout_zero_stops_a_big_count():
    problem = queens(12)
    stats = Stats()
    with pytest.raises(TimeLimitExceeded) as caught:
        problem.count(budget=Budget(timeout=0), stats=stats)
    assert caught.value.verdict == "time limit"
    assert 0 < caught.value.nodes == stats.nodes
    assert stats.solutions < QUEENS[12]


def test_generous_timeout_changes_nothing():
    assert queens(8).count(budget=Budget(timeout=3600)) == 92


def test_progress_is_reported_on_a_long_count(monkeypatch):
    # Small slices make an 8-queens count long enough for many reports on either twin.
    monkeypatch.setattr(engine, "SLICE", 50)
    calls = []
    problem = queens(8)
    stats = Stats()
    assert problem.count(budget=Budget(progress=lambda *args: calls.append(args)),
                         stats=stats) == 92
    fractions = [f for f, _, _ in calls]
    nodes = [n for _, n, _ in calls]
    solutions = [s for _, _, s in calls]
    assert len(calls) >= stats.nodes // 50 - 1
    assert all(0.0 <= f <= 1.0 for f in fractions)
    assert fractions == sorted(fractions) and fractions[-1] > 0.5
    assert nodes == sorted(nodes) and nodes[0] == 50
    assert solutions == sorted(solutions) and solutions[-1] <= 92


def test_progress_callback_can_stop_the_search(monkeypatch):
    monkeypatch.setattr(engine, "SLICE", 50)

    def stop(fraction, nodes, solutions):
        if solutions >= 10:
            raise KeyboardInterrupt

    problem = queens(8)
    stats = Stats()
    with pytest.raises(KeyboardInterrupt):
        problem.count(budget=Budget(progress=stop), stats=stats)
    assert 10 <= stats.solutions < 92


def test_queries_add_their_costs_into_the_stats_they_are_given():
    problem = queens(8)
    stats = Stats()
    assert problem.count(stats=stats) == 92
    assert stats.solutions == 92
    assert stats.nodes == problem.solver.nodes > 92
    assert (stats.updates, stats.mems) == (problem.solver.updates, problem.solver.mems)
    if engine.ENGINE == "c":
        assert stats.nodes < stats.updates < stats.mems
    else:
        assert stats.updates is None  # not counted by the Python twin
    assert 0.0 <= stats.seconds < 60
    counted = Stats().add(stats)
    problem.first(stats=stats)
    assert stats.solutions == 93
    assert counted.nodes < stats.nodes < 2 * counted.nodes


def test_a_budget_deadline_counts_from_when_the_input_began():
    """Reading and parsing count against --timeout: a budget whose time was spent
    before the search stops the search at its first check."""
    budget = Budget(timeout=1, began=-10.0)
    with pytest.raises(TimeLimitExceeded):
        budget.check()
    with pytest.raises(TimeLimitExceeded):
        queens(12).count(budget=budget)


def test_stats_add_can_leave_the_solutions_alone():
    total = Stats(1, 2, 3, 0.5).add(Stats(10, 20, 30, 1.0), solutions=False)
    assert total == Stats(11, 22, 3, 1.5)


def test_a_time_limit_while_first_closes_its_search_reaches_the_caller():
    """The deadline alarm may come while `first` closes its finished search (adding its
    stats): it must be raised to the caller, not printed by the garbage collector as
    'Exception ignored' with a traceback while the solution is returned."""
    class AlarmedStats(Stats):
        def add(self, other, solutions=True, seconds=True):
            raise TimeLimitExceeded("stopped after 1 s (time limit)")

    with pytest.raises(TimeLimitExceeded):
        ExactCover(*rooks_problem(3)).first(stats=AlarmedStats())
