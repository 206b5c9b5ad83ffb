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

The C twin (the one that counts updates and mems) takes a shorter path to the same
nodes (commit_plain in _dlx.c): it covers first the items an option shares with the next
option of its level and keeps them for it (r2's c4 for r4), and it stops a commit once a
cover empties an item that the commit does not cover (r3: covering c3 empties c5, so c6 is
never covered and c3 is only half covered). Its charges are those of docs/engine.md,
"Mems and --stats".
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


def walk(rows, nodes):
    """A walk along an item's list: 3 mems per option, 5 per node hidden or restored."""
    return 3 * rows + 5 * nodes


def cover(rows, nodes):
    """cover or uncover: the walk, and 6 for the item's first link, LEN and item links."""
    return 6 + walk(rows, nodes)


def choose(lengths_read):
    """X3 past an item with one option: RLINK(0), LEN, LLINK(0) and the lengths scanned."""
    return 3 + lengths_read


X4, X8 = 2, 1  # the level's first option and width; the next option of the level
RECORD = 1     # commit_plain records a cover it completed


def marks(items, stored=False):
    """commit_plain's walk along an option after its node: per node its TOP and then the
    spacer's ULINK or the item's mark written, and (`stored`) the item written down."""
    return 2 * (items + 1) + (items if stored else 0)


def checks(uncovered, covered=0):
    """A pass over the items written down: each read, its LEN read, and for an uncovered
    one whether it is in the next option."""
    return 3 * uncovered + 2 * covered


# (step, updates, mems) from the start to the solution, by hand.
TO_SOLUTION = [
    ("node 1: X3 reads the 7 lengths, then c1's", 0, choose(7 + 1)),
    ("cover c1: r2, r4", 3, cover(2, 3) + X4),
    ("X5 r2: its next option (a node), r2's c4 c7 marked and stored, r4's c4 marked", 0,
     1 + marks(2, stored=True) + marks(1)),
    ("pass for the items in r4: c4", 0, checks(2)),
    ("cover c4: r6", 2, cover(1, 2) + RECORD),
    ("pass for the others: c7", 0, checks(1, covered=1)),
    ("cover c7: r5", 1, cover(1, 1) + RECORD),
    ("node 2: LEN(c2) = 1", 0, 2),
    ("cover c2: r3", 2, cover(1, 2) + X4),
    ("X5 r3: no next option; r3's c3 c6 marked and stored", 0, 1 + marks(2, stored=True)),
    ("pass for the items in a next option: none", 0, checks(2)),
    ("pass for the others: c3 first", 0, checks(1)),
    ("cut cover of c3: r1 empties c5; no item links, no LEN", 2, 1 + walk(1, 2)),
    ("node 3, dead end: X8 restores r1 in c5's and c6's lists", 0, walk(1, 2) + X8),
    ("X7: uncover c2", 0, cover(1, 2)),
    ("X8 to r4; X5 r4: r4's c4 marked and stored", 0, X8 + 1 + marks(1, stored=True)),
    ("c4 kept, c7 not (each: the record, its mark)", 0, 2 + 2),
    ("uncover c7, read from its record; zeros as after c4", 0, cover(1, 1) + 1 + 1),
    ("two passes: c4 is covered", 0, 2 * checks(0, covered=1)),
    ("node 4: X3 reads the 7 lengths, then c1..c5", 0, choose(7 + 5)),
    ("cover c5: r1", 2, cover(1, 2) + X4),
    ("X5 r1: r1's c6 c3 (in that order after c5) marked and stored", 0,
     1 + marks(2, stored=True)),
    ("pass for the items in a next option: none", 0, checks(2)),
    ("pass for the others: c6", 0, checks(1)),
    ("cover c6: r3", 2, cover(1, 2) + RECORD),
    ("then c3", 0, checks(1)),
    ("cover c3: empty", 0, cover(0, 0) + RECORD),
    ("node 5: LEN(c2) = 1", 0, 2),
    ("cover c2: r5", 1, cover(1, 1) + X4),
    ("X5 r5: r5's c7 marked and stored; two passes", 0,
     1 + marks(1, stored=True) + checks(1) + checks(1)),
    ("cover c7: empty", 0, cover(0, 0) + RECORD),
]
# Then every cover still in effect is undone, X8 by X8, each read from the record.
TO_THE_END = [X8, cover(0, 0) + 1, cover(1, 1),                # c7, c2
              X8, cover(0, 0) + 1, cover(1, 2) + 1, cover(1, 2),  # c3, c6, c5
              X8, cover(1, 2) + 1, cover(2, 3)]                # c4, c1


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
def test_mems_and_updates_of_knuth6x7_are_the_hand_count(c_twin):
    solver = c_twin.Solver(7, 0, ROWS)
    solver.start()
    assert solver.run(1000) == c_twin.SOLUTION
    assert sorted(solver.solution()) == [0, 3, 4]
    assert solver.nodes == 6  # DLX1 reports 6 nodes too
    # DLX1's 30 updates: 1 per cover (13: it also covers the empty c5 at the dead end)
    # and 17 nodes hidden, 2 more than here: it covers c4 again for r4.
    assert solver.updates == sum(updates for _, updates, _ in TO_SOLUTION) == 15
    assert solver.mems == sum(mems for _, _, mems in TO_SOLUTION) == 339
    assert solver.run(1000) == c_twin.EXHAUSTED
    assert solver.updates == 15  # undoing hides nothing
    assert solver.mems == 339 + sum(TO_THE_END) == 456


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
def test_the_bit_set_paths_updates_are_the_hand_count(c_twin):
    """A count with the memo off and no split runs on the C twin's bit sets, whose
    update is a LEN taken down by one (docs/engine.md, "The bit-set count path"). By
    hand, the same nodes as above (items c1..c7, rows r1..r6):

      root: X4 on c1 takes out r2 (c1 c4 c7) and r4 (c1 c4): 5
        r2 commits: out go r5 (c2 c7) and r6 (c4 c5 c7), meeting it: 2 + 3 = 5
        node 2: X4 on c2 takes out r3 (c2 c3 c6): 3
          r3 commits: r1 (c3 c5 c6) goes, c3 first, then c5 is left empty: the
          commit stops there, 2 (c6 is not taken down)
          node 3: a dead end
        r4 commits: r6 goes (c4 c5 c7): 3
        node 4: X4 on c5 takes out r1 (c3 c5 c6): 3
          r1 commits: r3 goes (c2 c3 c6): 3
          node 5: X4 on c2 takes out r5 (c2 c7): 2 (c7 left empty: r5 covers it)
            r5 commits: nothing left to take out
            node 6: the solution
    26 in all."""
    solver = c_twin.Solver(7, 0, ROWS)
    solver.set_memo(c_twin.MEMO_OFF, 0)
    solver.set_split(False)
    solver.start()
    assert solver.run(1000, True) == c_twin.EXHAUSTED
    assert (solver.count, solver.nodes, solver.updates, solver.bit_sets) == (1, 6, 26, True)


@pytest.mark.any_twin  # the Python twin's search, whichever DLXCLI_ENGINE names
def test_the_python_twin_counts_no_updates_nor_mems(py_twin):
    solver = py_twin.Solver(7, 0, ROWS)
    solver.start()
    assert (solver.run(1000), solver.nodes) == (py_twin.SOLUTION, 6)
    assert (solver.updates, solver.mems) == (None, None)


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
                     r"the Python twin))(?:; per solution: (?P<per>[^;]*))?"
                     r"(?:; memo: (?P<memo>.*))?$")
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
            for key, value in found.groupdict().items() if value is not None and key != "memo"}


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


@pytest.mark.parametrize("command, said", [
    ("printf '1 1\\n1\\n' | dlxcli matrix -v --stats", ["1 solution,", "per solution: 2 nodes"]),
    ("printf '1 1\\n1\\n' | dlxcli matrix -v --node-limit 1",
     ["search stopped after 1 node (node limit)", ": 1 node, "]),
    ("printf '2 2\\n1 0\\n0 1\\n' | dlxcli matrix -v --reason learn",
     ["1 solution,", "learning search (1 query)"]),
])
def test_one_of_a_kind_is_said_in_the_singular(command, said):
    """A count of one is 'one node', not '1 nodes' (-v, --stats, the node-limit line:
    attack17c left it)."""
    stderr = run_shell(command, merged=False).stderr
    assert all(words in stderr for words in said), stderr
    assert not re.search(r"(?<![\d,])1 (nodes|solutions|updates|mems|queries|decisions|"
                         r"conflicts|learned clauses)\b", stderr), stderr
