"""--stats and the engine's mems: figures checked against a count by hand and against
Knuth's DLX1, and the CLI's line against the library's Stats. Updates and mems are the
C twin's (the Python twin counts neither: None, shown as not counted).

The hand count follows the search on Knuth's 6x7 matrix (puzzles/matrix/knuth6x7.in,
items c1..c7, rows r1..r6) by the MRV rule, ties to the leftmost item:

  root: LEN c1..c7 = 2 2 2 3 2 2 3; branch on c1 (hides c4 c7 of r2, c4 of r4)
    r2 = c1 c4 c7: cover c4 (LEN 1, hides c5 c7 of r6), c7 (LEN 1, hides c2 of r5)
    node 2: c2 c3 c5 c6 = 1 2 1 2; branch on c2 (LEN 1, hides c3 c6 of r3)
      r3 = c2 c3 c6: cover c3 (LEN 1, hides c5 c6 of r1), c6 (LEN 0)
      node 3: c5 has no option left: dead end; back up, c2 has no other option
    r4 = c1 c4: cover c4 (LEN 1, hides c5 c7 of r6)
    node 4: c2 c3 c5 c6 c7 = 2 2 1 2 1; branch on c5 (LEN 1, hides c3 c6 of r1)
      r1 = c3 c5 c6: cover c3 (LEN 1, hides c2 c6 of r3), c6 (LEN 0)
      node 5: c2 c7 = 1 1; branch on c2 (LEN 1, hides c7 of r5)
        r5 = c2 c7: cover c7 (LEN 0)
        node 6: no item left: the solution r1 r4 r5

Every cover (and the uncover that undoes it) costs 4 + 3 LEN + 6 hidden mems, and
every branching node 1 + 2 x (active items) for the choice (docs/engine.md).
"""

import re

import pytest

from paths import REPO
from shell import run_shell

from dlxcli import engine
from dlxcli.exact_cover import Stats
from dlxcli.puzzles import matrix

KNUTH_6X7 = REPO / "puzzles" / "matrix" / "knuth6x7.in"
ROWS = [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]]
"""knuth6x7.in as options (items 0-based)."""


def cover_mems(length, hidden):
    return 4 + 3 * length + 6 * hidden


# (LEN, nodes hidden) of each cover, in the order of the hand count above.
COVERS_TO_SOLUTION = [(2, 3), (1, 2), (1, 1), (1, 2), (1, 2), (0, 0),  # to the dead end
                      (1, 2), (1, 2), (1, 2), (0, 0), (1, 1), (0, 0)]  # r4, then on
UNDONE_AT_DEAD_END = [(0, 0), (1, 2), (1, 2), (1, 1), (1, 2)]  # c6 c3 c2 c7 c4
CHOICES = [7, 4, 5, 2]  # active items at the four branching nodes


def hand_mems(covers, uncovers):
    return (sum(cover_mems(*c) for c in covers + uncovers)
            + sum(1 + 2 * active for active in CHOICES))


def test_mems_and_updates_of_knuth6x7_are_the_hand_count(c_twin):
    twin = c_twin
    solver = twin.Solver(7, 0, ROWS)
    solver.start()
    assert solver.run(1000) == twin.SOLUTION
    assert sorted(solver.solution()) == [0, 3, 4]
    assert solver.nodes == 6  # DLX1 reports 6 nodes too
    assert solver.updates == sum(hidden for _, hidden in COVERS_TO_SOLUTION) == 17
    assert solver.mems == hand_mems(COVERS_TO_SOLUTION, UNDONE_AT_DEAD_END) == 294
    # Counting goes on to undo every cover still in effect at the solution.
    assert solver.run(1000) == twin.EXHAUSTED
    in_effect = [(1, 2), (0, 0), (1, 2), (1, 2), (1, 1), (0, 0), (2, 3)]
    assert solver.mems == 294 + sum(cover_mems(*c) for c in in_effect) == 400


def test_the_python_twin_counts_no_updates_nor_mems(py_twin):
    solver = py_twin.Solver(7, 0, ROWS)
    solver.start()
    assert (solver.run(1000), solver.nodes) == (py_twin.SOLUTION, 6)
    assert (solver.updates, solver.mems) == (None, None)


def test_dlx1_counts_one_update_more_per_cover():
    """Knuth's DLX1 (dlx1.w, run on this matrix with items A..G) reports 6 nodes and 30
    updates: it adds 1 per cover, and it also covers the empty item at the dead end,
    where this engine backs up at once: 12 + 1 covers, 17 + 13 = 30."""
    assert sum(hidden for _, hidden in COVERS_TO_SOLUTION) + len(COVERS_TO_SOLUTION) + 1 == 30


def organ_pipe_queens(n):
    order = sorted(range(n), key=lambda k: (abs(2 * k - (n - 1)), k))
    primary = [f"{kind}{k}" for k in order for kind in "rc"]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = "\n".join(f"r{r} c{c} a{r + c} b{r - c + n - 1}"
                        for r in range(n) for c in range(n))
    return f"{' '.join(primary)} | {' '.join(secondary)}\n{options}\n"


def test_queens8_nodes_are_dlx1s():
    """DLX1 on the same 8-queens model (rows and columns primary in organ-pipe order,
    diagonals secondary) reports 92 solutions, 1049 nodes, 17160 updates."""
    answer = matrix.solve_text(organ_pipe_queens(8), input_format="knuth", query="count")
    assert (answer.data["count"], answer.stats.nodes) == (92, 1049)
    if engine.ENGINE == "c":
        assert answer.stats.updates < 17160  # DLX1 adds 1 per cover
    else:
        assert (answer.stats.updates, answer.stats.mems) == (None, None)


FIGURES = re.compile(r"dlxcli: (?P<name>\S+): (?P<solutions>[\d,]+) solutions?, "
                     r"(?P<nodes>[\d,]+) nodes, (?:(?P<updates>[\d,]+) updates, "
                     r"(?P<mems>[\d,]+) mems|(?P<uncounted>updates and mems not counted by "
                     r"the Python twin))(?:; per solution: (?P<per>.*))?$")
COUNTED = ("nodes", "updates", "mems") if engine.ENGINE == "c" else ("nodes",)
"""What --stats shows a count of, on the twin that runs the CLI."""


def stats_figures(command):
    done = run_shell(command, merged=False)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    found = FIGURES.match(lines[0])
    assert found, lines[0]
    assert (found["uncounted"] is None) == (engine.ENGINE == "c"), lines[0]
    return {key: value.replace(",", "") if key not in ("name", "per") else value
            for key, value in found.groupdict().items() if value is not None}


@pytest.mark.parametrize("query", ["first", "count"])
def test_stats_line_is_the_librarys_stats(query):
    flag = "--count " if query == "count" else ""
    shown = stats_figures(f"dlxcli matrix {flag}--stats {KNUTH_6X7}")
    stats = matrix.solve_text(KNUTH_6X7.read_text(), query=query).stats
    assert {k: int(shown[k]) for k in ("solutions",) + COUNTED} == {
        k: getattr(stats, k) for k in ("solutions",) + COUNTED}
    assert shown["per"] == ", ".join(f"{getattr(stats, k)} {k}" for k in COUNTED)


def test_stats_per_solution_divides():
    shown = stats_figures("echo 6 | dlxcli queens --stats")
    solutions = int(shown["solutions"])
    assert solutions == 4  # 6-queens has 4 placements (OEIS A000170)
    per = dict((what, value) for value, what in
               (part.split(" ") for part in shown["per"].split(", ")))
    assert set(per) == set(COUNTED)
    for what in COUNTED:
        assert float(per[what].replace(",", "")) == pytest.approx(
            int(shown[what]) / solutions, abs=0.05)


def test_stats_add_mems():
    total = Stats(1, 2, 3, 0.5, 40).add(Stats(10, 20, 30, 0.25, 400))
    assert total == Stats(11, 22, 33, 0.75, 440)


def test_stats_not_counted_stay_so_when_added():
    """A split search on the Python twin adds its subproblems' Stats (None: not counted)
    into a fresh Stats (0): the sum is not counted either."""
    total = Stats().add(Stats(5, None, 1, 0.5, None)).add(Stats(7, None, 2, 0.25, None))
    assert total == Stats(12, None, 3, 0.75, None)


# -- what a trace reads: each node before it is visited ------------------------------------

def test_levels_and_lengths_show_the_node_about_to_be_visited(twin):
    solver = twin.Solver(7, 0, ROWS)
    solver.start()
    assert solver.lengths() == [(i, n) for i, n in enumerate([2, 2, 2, 3, 2, 2, 3])]
    assert (solver.run(1), solver.nodes) == (twin.PAUSED, 1)
    assert solver.levels() == [(0, 1, 0, 2)]  # c1, r2, first of its 2 options
    assert solver.lengths() == [(1, 1), (2, 2), (4, 1), (5, 2)]
    solver.run(1)  # node 2 branches on c2 and tries r3
    assert solver.levels() == [(0, 1, 0, 2), (1, 2, 0, 1)]
    assert solver.lengths() == [(4, 0)]  # node 3: c5 is empty
    solver.run(1)  # the dead end; back up to r4
    assert solver.levels() == [(0, 3, 1, 2)]
    solver.run(1), solver.run(1)
    assert solver.levels() == [(0, 3, 1, 2), (4, 0, 0, 1), (1, 4, 0, 1)]
    assert solver.lengths() == []  # node 6 is the solution
    assert solver.run(1) == twin.SOLUTION and solver.nodes == 6
    assert (solver.run(0), solver.nodes) == (twin.EXHAUSTED, 6)  # backs up, visits none
