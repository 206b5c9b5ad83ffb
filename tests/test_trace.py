"""--trace: the search shown node by node, checked against traces derived by hand from
the MRV rule, compared between the twins, cut at --trace-limit, refused where it cannot
work, and rendered without rich unless stderr is a terminal.

Knuth's 6x7 matrix (puzzles/matrix/knuth6x7.in; rows r1..r6 are options 0..5, columns
are items 0..6): r1 = 2 4 5, r2 = 0 3 6, r3 = 1 2 5, r4 = 0 3, r5 = 1 6, r6 = 3 4 6.
The search by hand, MRV with ties to the leftmost item (as in tests/test_stats.py):

  node 1, level 0: lengths 0:2 (r2 r4) 1:2 (r3 r5) 2:2 (r1 r3) 3:3 (r2 r4 r6)
    4:2 (r1 r6) 5:2 (r1 r3) 6:3 (r2 r5 r6); the fewest is 2, first at item 0.
    Try r2 (1 of 2): covering 0, 3, 6 removes r4, r6, r5.
  node 2, level 1: 1:1 (r3) 2:2 (r1 r3) 4:1 (r1) 5:2 (r1 r3); branch on item 1.
    Try r3 (1 of 1): covering 1, 2, 5 removes r1, the last option of item 4.
  node 3, level 2: only item 4 is left, with no option: a dead end.
  Item 1 has no other option: back to level 0, which tries r4 = 0 3 (2 of 2);
    covering 0 and 3 removes r2 and r6.
  node 4, level 1: 1:2 (r3 r5) 2:2 (r1 r3) 4:1 (r1) 5:2 (r1 r3) 6:1 (r5); item 4.
    Try r1 = 2 4 5 (1 of 1): removes r3.
  node 5, level 2: 1:1 (r5) 6:1 (r5); item 1. Try r5 = 1 6 (1 of 1).
  node 6, level 3: no item left: the solution r4 r1 r5 (the answer "1 4 5").
  Then every level's item has no other option: back up to the end; 6 nodes.
"""

import os
import re
import subprocess
import sys

import pytest

from cli import run
from dlxcli.exact_cover import Budget, ExactCover
from dlxcli.trace import Trace
from paths import REPO
from terminal import DLXCLI, run_on_terminal

KNUTH_6X7 = REPO / "puzzles" / "matrix" / "knuth6x7.in"
PACK_DIR = REPO / "puzzles" / "pack"

KNUTH_6X7_TRACE = """\
Search: 6 options, 7 primary and 0 secondary items
Level 0: 0(2) 1(2) 2(2) 3(3) 4(2) 5(2) 6(3); branching on 0(2), the fewest options
L0: 0 3 6 (1 of 2)
Level 1: 1(1) 2(2) 4(1) 5(2); branching on 1(1), the fewest options
L1: 1 2 5 (1 of 1)
Level 2: dead end, 4 has no option left
L1: 1 has no other option; back to L0
L0: 0 3 (2 of 2)
Level 1: 1(2) 2(2) 4(1) 5(2) 6(1); branching on 4(1), the fewest options
L1: 2 4 5 (1 of 1)
Level 2: 1(1) 6(1); branching on 1(1), the fewest options
L2: 1 6 (1 of 1)
Level 3: solution 1: 0 3; 2 4 5; 1 6
L2: 1 has no other option; back to L1
L1: 4 has no other option; back to L0
L0: 0 has no other option; the search is over
Altogether 1 solution, 6 nodes.
"""
"""The trace of the hand search in the module docstring."""


def dlxcli(*args, engine=None):
    """Run dlxcli in a process of its own, with stderr on a pipe (not a terminal); the
    twin `engine` if given (in this process, tests/cli.py's run() has this run's twin)."""
    env = dict(os.environ)
    if engine is not None:
        env["DLXCLI_ENGINE"] = engine
    return subprocess.run(DLXCLI + list(args), capture_output=True, text=True, env=env,
                          cwd=REPO, timeout=120)


def test_the_trace_of_knuths_6x7_matrix_is_the_search_by_hand():
    done = run("matrix", "--count", "--trace", KNUTH_6X7)
    assert done.exit_code == 0
    assert done.stdout == "1\n"
    assert done.stderr == KNUTH_6X7_TRACE


def traced(problem, query, limit=2000, **keywords):
    """(the query's result, the trace's lines) of a query on `problem`."""
    lines = []
    trace = Trace(lambda depth, kind, text: lines.append(text), limit)
    return query(problem, budget=Budget(trace=trace), **keywords), lines


def test_first_item_search_says_why_and_names_its_items():
    """Options a, a, b over items x, y; branching on the first item (queens' rule):
    x has 2 options and y 1, so the first item is not the fewest. Each of x's two
    options leads to y's one, so two solutions."""
    problem = ExactCover.from_names(["x", "y"], [], [["x"], ["x"], ["y"]])
    count, lines = traced(problem, ExactCover.count, first_item=True)
    assert count == 2
    assert lines == [
        "Search: 3 options, 2 primary and 0 secondary items",
        "Level 0: x(2) y(1); branching on x(2), the first item left",
        "L0: x (1 of 2)",
        "Level 1: y(1); branching on y(1), the fewest options",
        "L1: y (1 of 1)",
        "Level 2: solution 1: x; y",
        "L1: y has no other option; back to L0",
        "L0: x (2 of 2)",
        "Level 1: y(1); branching on y(1), the fewest options",
        "L1: y (1 of 1)",
        "Level 2: solution 2: x; y",
        "L1: y has no other option; back to L0",
        "L0: x has no other option; the search is over",
        "Altogether 2 solutions, 5 nodes.",
    ]


def test_a_first_solution_query_stops_its_trace_at_the_solution():
    problem = ExactCover.from_names(["x", "y"], [], [["x"], ["x"], ["y"]])
    solution, lines = traced(problem, ExactCover.first, first_item=True)
    assert solution == [0, 2]
    assert lines[-1] == "Level 2: solution 1: x; y"


def test_colors_are_shown_as_knuth_writes_them():
    """Item p, secondary item s; options "p s:red" and "p s:blue": two solutions."""
    problem = ExactCover.from_names(["p"], ["s"], [["p", "s:red"], ["p", "s:blue"]])
    count, lines = traced(problem, ExactCover.count)
    assert count == 2
    assert "L0: p s:red (1 of 2)" in lines and "L0: p s:blue (2 of 2)" in lines


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("args", [
    ["matrix", "--count", str(KNUTH_6X7)],
    ["matrix", "--input-format", "knuth", "--all", "puzzles/matrix/taocp49-colors.in"],
    ["matrix", "--input-format", "knuth", "--count", "puzzles/matrix/dlx2-colors.in"],
    ["queens", "puzzles/queens/sample1.in"],
    ["target-sudoku", "--trace-limit", "300", "puzzles/target-sudoku/sample1.in"],
])
def test_both_twins_print_the_same_trace(args, c_twin, py_twin):
    runs = [dlxcli(*args, "--trace", engine=twin) for twin in ("c", "python")]
    assert runs[0].returncode == 0 and runs[0].stderr.count("\n") > 10
    assert (runs[0].stdout, runs[0].stderr) == (runs[1].stdout, runs[1].stderr)


PACK_2X3 = "board:\nXXX\nXXX\npiece a:\nXX\npiece b:\nXX\npiece c:\nXX\n"
"""Three distinct dominoes in a 2x3 board: the count up to its 4 symmetries has several
parts (a domino across the middle is its own image under a reflection)."""


@pytest.mark.parametrize("reason", ["singles", "auto"])
@pytest.mark.parametrize("puzzle", ["soma.in", "soma-all.in", "2x3"])
def test_a_pack_problem_of_several_parts_is_traced(puzzle, reason, tmp_path, c_twin, py_twin):
    """pack puts the parts of a count up to symmetry in one problem, an item PART
    coloured by a number and no colour names: the trace writes ITEM:NUMBER, the same
    on both twins (it raised a TypeError, issue 28)."""
    path = PACK_DIR / puzzle if puzzle.endswith(".in") else tmp_path / "2x3.in"
    if puzzle == "2x3":
        path.write_text(PACK_2X3)
    untraced = run("pack", "--reason", reason, path).stdout
    runs = [dlxcli("pack", "--reason", reason, "--trace", str(path), engine=twin)
            for twin in ("c", "python")]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr[-500:]
    assert runs[0].stdout == untraced and "Traceback" not in runs[0].stderr
    assert re.search(r"^L0: .* \d+:\d+ \(1 of \d+\)$", runs[0].stderr, re.M)
    assert (runs[0].stdout, runs[0].stderr) == (runs[1].stdout, runs[1].stderr)


def test_the_trace_is_cut_at_its_limit_and_the_search_goes_on():
    """6 queens have 4 placements (OEIS A000170), whatever the trace shows of them."""
    done = run("queens", "--trace", "--trace-limit", "5", REPO / "puzzles/queens/sample1.in")
    lines = done.stderr.splitlines()
    assert done.exit_code == 0 and done.stdout.splitlines()[-1] == "4"
    assert len(lines) == 6
    assert lines[-1] == "trace cut after 5 lines; the search goes on"


def test_a_limit_of_one_says_one_line():
    done = run("matrix", "--count", "--trace", "--trace-limit", "1", KNUTH_6X7)
    assert done.stderr.splitlines()[-1] == "trace cut after 1 line; the search goes on"


def test_the_learning_search_says_one_conflict_in_the_singular():
    """A 4x4 whose learning count meets its second solution after one conflict."""
    done = run("sudoku", "--count", "--trace", "--reason", "learn", input="1.3.....2.4.....\n")
    assert done.exit_code == 0
    assert "solution after 6 decisions and 1 conflict\n" in done.stderr


def test_a_limit_of_zero_prints_only_the_cut_line():
    done = run("matrix", "--count", "--trace", "--trace-limit", "0", KNUTH_6X7)
    assert (done.exit_code, done.stdout) == (0, "1\n")
    assert done.stderr == "trace cut after 0 lines; the search goes on\n"


@pytest.mark.parametrize("option", [["--jobs", "2"], ["--jobs", "0"],
                                    ["--scheduler", "tcp://127.0.0.1:1"],
                                    ["--checkpoint", "/nonexistent/trace.ck"]])
def test_trace_is_refused_with_a_split_search(option):
    done = run("matrix", "--count", "--trace", *option, KNUTH_6X7)
    assert done.exit_code == 2 and done.stdout == ""
    assert done.stderr == ("dlxcli: --trace follows one search in this process: it "
                           f"cannot go with {option[0]}\n")


def test_trace_is_refused_with_the_environments_scheduler(monkeypatch):
    """DLXCLI_SCHEDULER is --scheduler's default: with it, the count ran on the cluster,
    untraced, and the run said nothing (attack18a)."""
    monkeypatch.setenv("DLXCLI_SCHEDULER", "tcp://127.0.0.1:1")
    done = run("matrix", "--count", "--trace", KNUTH_6X7)
    assert done.exit_code == 2 and done.stdout == ""
    assert done.stderr == ("dlxcli: --trace follows one search in this process: it "
                           "cannot go with --scheduler (DLXCLI_SCHEDULER)\n")


def test_a_trace_in_a_pipe_does_not_import_rich():
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "dlxcli", "matrix",
                           "--count", "--trace", str(KNUTH_6X7)],
                          capture_output=True, text=True, cwd=REPO, timeout=60)
    assert done.returncode == 0 and done.stdout == "1\n"
    assert "dlxcli.trace" in done.stderr
    assert " rich" not in done.stderr


def test_a_trace_on_a_terminal_is_indented_by_level():
    status, screen = run_on_terminal(DLXCLI + ["matrix", "--count", "--trace",
                                               str(KNUTH_6X7)], 100)
    assert status == 0
    indented = [" " * (2 * int(line.split(":")[0][-1])) + line
                if line.startswith(("L", "Level")) else line
                for line in KNUTH_6X7_TRACE.splitlines()]
    assert screen.text() == "\n".join(indented) + "\n1\n"


def test_an_untraced_query_runs_the_solver_directly():
    """No Trace, no node-by-node driving: a search of 6 nodes is one call of run."""
    calls = []
    problem = ExactCover(7, 0, [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]])
    problem.solver = _CountingRuns(problem.solver, calls)
    assert problem.count() == 1 and len(calls) == 1


class _CountingRuns:
    """A Solver that records the calls of its run."""

    def __init__(self, solver, calls):
        self._solver, self._calls = solver, calls

    def run(self, *args):
        self._calls.append(args)
        return self._solver.run(*args)

    def __getattr__(self, name):
        return getattr(self._solver, name)
