"""-v and --stats after a stopped or interrupted search: the true figures of the work
done up to the stop (issue 31), on whichever twin DLXCLI_ENGINE names.

The golden solution counts come from the reference search (dlxcli/engine/_reference.py)
stopped after the same number of nodes; an interrupted run's figures are those of a run
stopped by --node-limit at the nodes it reports (checked against the reference here).
"""

import os
import re
import signal
import subprocess
import sys
import time

import pytest

from dlxcli.engine._reference import Reference
from dlxcli.puzzles.queens import board, organ_pipe
from dlxcli.puzzles.sudoku import sudoku_grid

DLXCLI = [sys.executable, "-m", "dlxcli"]
FIGURES = re.compile(r"^dlxcli: <stdin>: ([\d,]+) nodes?, (.*), ([\d,]+) solutions?, "
                     r"[\d.]+ s(.*)$", re.MULTILINE)
"""-v's line: nodes, (updates and mems), solutions, seconds, (the learning search)."""
PYTHON_TWIN = os.environ.get("DLXCLI_ENGINE") == "python"


def queens_counter(n):
    """The problem of the queens command's count (rows and columns in organ-pipe order)."""
    return board(n, [(kind, k) for k in organ_pipe(n) for kind in ("row", "col")])


def reference_solutions(problem, nodes):
    """The solutions the reference search finds in its first `nodes` nodes."""
    n_primary, n_secondary, options, _, _ = problem.definition
    return sum(1 for _ in Reference(n_primary, n_secondary, options).solutions(limit=nodes))


def figures(stderr):
    """(nodes, updates and mems as said, solutions, learning part) of -v's one line."""
    found = FIGURES.findall(stderr)
    assert len(found) == 1, stderr
    nodes, links, solutions, learning = found[0]
    return int(nodes.replace(",", "")), links, int(solutions.replace(",", "")), learning


def dlxcli(*args, stdin):
    done = subprocess.run(DLXCLI + list(args), input=stdin.encode(), capture_output=True,
                          timeout=120)
    return done.returncode, done.stderr.decode()


def test_a_count_stopped_by_a_node_limit_says_the_solutions_it_found():
    """10 queens, stopped after 3,000 of its 11,578 nodes: 210 solutions found by then
    (the reference), not 0."""
    status, stderr = dlxcli("queens", "-v", "--node-limit", "3000", stdin="10\n")
    assert status == 3
    nodes, _, solutions, _ = figures(stderr)
    assert (nodes, solutions) == (3000, reference_solutions(queens_counter(10), 3000)) == (
        3000, 210)


def test_unique_stopped_by_a_node_limit_says_the_solution_it_found():
    """--unique on the empty sudoku: its first solution is found at node 82 (the root
    and a node per cell), its second later than node 84, where the limit stops it."""
    status, stderr = dlxcli("sudoku", "--unique", "--reason", "singles", "-v",
                            "--node-limit", "84", stdin="0" * 81 + "\n")
    assert status == 3
    nodes, _, solutions, _ = figures(stderr)
    assert (nodes, solutions) == (84, reference_solutions(sudoku_grid(9).problem, 84)) == (
        84, 1)


def test_a_split_count_stopped_by_its_time_limit_says_the_solutions_it_found():
    """A count split over 2 processes: the solutions of the subproblems finished by the
    time limit are said (not 0), and no more than the nodes allow."""
    status, stderr = dlxcli("queens", "-v", "--jobs", "2", "--timeout", "1.5", stdin="15\n")
    assert status == 3
    nodes, _, solutions, _ = figures(stderr)
    assert 0 < solutions < nodes


def interrupted(args, stdin, signum, after=1.5):
    """(exit status, stderr) of `dlxcli ARGS` sent `signum` after `after` seconds."""
    read, write = os.pipe()
    os.write(write, stdin.encode())
    os.close(write)
    process = subprocess.Popen(DLXCLI + list(args), stdin=read, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    os.close(read)
    time.sleep(after)
    os.killpg(process.pid, signum)
    stdout, stderr = process.communicate(timeout=60)
    assert stdout == b""
    return process.returncode, stderr.decode()


@pytest.mark.parametrize("signum, status, said", [(signal.SIGINT, 130, "interrupted"),
                                                  (signal.SIGTERM, 143, "terminated")])
def test_an_interrupted_count_says_what_it_had_done(signum, status, said):
    """Ctrl-C or SIGTERM in a long count (16 queens): -v and --stats say its figures,
    then the run ends as it always did. They are true: a run stopped by a node limit at
    the nodes said finds as many solutions (and, C twin, makes as many updates and
    mems). The Python twin may be stopped inside a solution's node, counted among the
    nodes before its solution is: one solution fewer."""
    exit_status, stderr = interrupted(["queens", "-v", "--stats"], "16\n", signum)
    assert exit_status == status
    lines = stderr.splitlines()
    assert lines[-1] == f"dlxcli: {said}" and "Traceback" not in stderr
    assert re.match(r"dlxcli: <stdin>: [\d,]+ solutions?, [\d,]+ nodes", lines[-2])
    nodes, links, solutions, _ = figures(stderr)
    assert nodes > 0 and solutions > 0
    _, limited = dlxcli("queens", "-v", "--node-limit", str(nodes), stdin="16\n")
    _, limited_links, limited_solutions, _ = figures(limited)
    assert solutions in ((limited_solutions - 1, limited_solutions) if PYTHON_TWIN
                         else (limited_solutions,))
    assert links == limited_links or PYTHON_TWIN


def test_an_interrupted_split_count_says_what_its_finished_subproblems_did():
    """Ctrl-C in a count split over 2 processes: the figures of what is finished (this
    process's searches, the workers' subproblems that came back), then 130."""
    exit_status, stderr = interrupted(["queens", "-v", "--jobs", "2"], "16\n",
                                      signal.SIGINT, after=2.5)
    assert exit_status == 130
    assert stderr.splitlines()[-1] == "dlxcli: interrupted"
    nodes, _, solutions, _ = figures(stderr)
    assert 0 < solutions < nodes


def test_an_interrupted_learning_search_says_its_decisions_and_conflicts():
    """Ctrl-C in a count by the learning search (the empty sudoku's solutions under
    --reason learn: each solution found is forbidden, then the next is searched): its
    solutions so far and its counters, not nothing."""
    exit_status, stderr = interrupted(["sudoku", "--count", "-v", "--reason", "learn"],
                                      "0" * 81 + "\n", signal.SIGINT)
    assert exit_status == 130
    nodes, _, solutions, learning = figures(stderr)
    counters = re.fullmatch(r"; learning search \(1 query\): ([\d,]+) decisions, "
                            r"([\d,]+) conflicts, [\d,]+ learned clauses", learning)
    assert counters, learning
    decisions = int(counters.group(1).replace(",", ""))
    assert solutions > 0 and nodes == decisions > 0


# -- limits under the setters' queries, per puzzle (attack17) ------------------------------

HARD3 = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "puzzles", "sudoku", "hard1000_first3.in")
"""Three hard1000 sudokus, one a line: `--unique` needs 2,106, 3,705 and 1,595 nodes."""


def hard_line(k):
    with open(HARD3) as lines:
        return lines.read().splitlines()[k - 1] + "\n"


@pytest.mark.parametrize("query", ["--unique", "--rate"])
def test_a_query_stopped_by_a_node_limit_counts_the_stopped_search_in(query):
    """--rate counted its search into a Stats of its own, added once the search ended:
    the search a limit stopped was left out of -v (0 nodes)."""
    status, stderr = dlxcli("sudoku", query, "-v", "--node-limit", "3000", stdin=hard_line(2))
    assert status == 3 and "node limit for the puzzle starting on line 1" in stderr
    nodes, _, solutions, _ = figures(stderr)
    assert (nodes, solutions) == (3000, 1)


def test_each_puzzle_is_named_by_the_limit_that_stopped_it():
    """The node limit stops line 1's search (3,705 nodes to prove it unique); five
    25x25 --minimal checks (a fifth of a second each here, every search under the node
    limit) then meet the time limit. Every stopped puzzle was named by the last limit:
    "time limit for the puzzles starting on lines 1, 3"."""
    with open(os.path.join(os.path.dirname(HARD3), "25x25.in")) as big:
        grid = big.read().replace("\n", " ").strip() + "\n"
    text = hard_line(2) + grid * 5 + hard_line(1)
    done = subprocess.run(DLXCLI + ["sudoku", "--minimal", "--node-limit", "3000",
                                    "--timeout", "0.5", "-"], input=text.encode(),
                          capture_output=True, timeout=120)
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 3 and len(lines) == 2, lines
    assert lines[0] == "dlxcli: <stdin>: node limit for the puzzle starting on line 1"
    stopped = re.fullmatch(r"dlxcli: <stdin>: time limit for the puzzle starting on line "
                           r"(\d); (\d) puzzles? after it not tried", lines[1])
    assert stopped and 2 <= int(stopped[1]) <= 6 and int(stopped[2]) == 7 - int(stopped[1])
