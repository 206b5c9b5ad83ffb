"""The reference search (dlxcli/engine/_reference.py) as the twins' oracle.

Layer: tests. First the reference itself: against brute force (oracle.py) on random
small problems, with and without secondary items, colors and forced options, and
against figures Knuth's DLX1 reports. Then each twin against the reference, node by
node: the item chosen at every node, the solutions in order with the node and update
counts at each, the final counts, the count of a counting run, and `branches()`.
"""

import doctest
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import oracle
from dlxcli.engine._reference import Reference
from paths import REPO
from random_problems import LATE_COVER, problems, wide_problems

settings.register_profile("dlxcli-reference", max_examples=300, deadline=None)
PROFILE = settings.get_profile("dlxcli-reference")

WIDE_NODES = 2000
"""Nodes compared on the wide problems, which may have millions."""


def reference(problem):
    return Reference(problem.n_primary, problem.n_secondary, problem.options, problem.colors)


def reference_search(problem, first_item, limit=None):
    """Each solution with the nodes then, the items chosen, and the final nodes (what the
    twins promise: updates are the C twin's own measurement, docs/engine.md)."""
    ref = reference(problem)
    found = [(solution, ref.nodes)
             for solution in ref.solutions(problem.forced, first_item, limit)]
    return found, ref.choices, ref.nodes


def twin_search(twin, problem, first_item, limit=None):
    """reference_search's record of a twin's search, read node by node as dlxcli/trace.py
    reads it: run(0) moves to the next node, run(1) visits it; a node that adds a
    level branched on that level's item, else (no solution) it was a dead end at its
    first empty item."""
    solver = twin.Solver(problem.n_primary, problem.n_secondary, problem.options, None,
                         problem.colors)
    solver.start(problem.forced, first_item)
    found, choices = [], []
    while solver.run(0) != twin.EXHAUSTED and solver.nodes != limit:
        path, lengths = solver.levels(), solver.lengths()
        status = solver.run(1)
        if status == twin.SOLUTION:
            found.append((solver.solution(), solver.nodes))
        elif len(solver.levels()) == len(path) + 1 and solver.levels()[:-1] == path:
            choices.append((solver.nodes, solver.levels()[-1][0]))
        else:
            choices.append((solver.nodes, next(item for item, n in lengths if n == 0)))
    return found, choices, solver.nodes


# -- the reference against brute force and DLX1 -------------------------------------------

@pytest.mark.any_twin  # the reference search alone, whichever twin DLXCLI_ENGINE names
@PROFILE
@given(problem=problems(), first_item=st.booleans())
def test_reference_finds_every_cover_once(problem, first_item):
    found = list(reference(problem).solutions(problem.forced, first_item))
    expected = oracle.exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                                   problem.forced, problem.colors)
    assert len(found) == len(expected)
    assert {frozenset(solution) for solution in found} == expected
    for solution in found:
        assert solution[:len(problem.forced)] == list(problem.forced)


# The 6x7 matrix of Knuth's paper "Dancing Links" (puzzles/matrix/knuth6x7.in): rows are
# options, columns items A..G numbered 0..6.
KNUTH_6X7 = [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]]


@pytest.mark.any_twin  # the reference search alone, whichever twin DLXCLI_ENGINE names
def test_reference_solves_knuths_matrix_as_dlx1():
    """The paper's one solution, rows 1, 4, 5 (options 0, 3, 4), in 6 nodes, as DLX1
    (dlx1.w) reports; its 30 updates are ours plus one per cover (docs/engine.md)."""
    ref = Reference(7, 0, KNUTH_6X7)
    assert [sorted(s) for s in ref.solutions()] == [[0, 3, 4]]
    assert (ref.nodes, ref.updates) == (6, 17)
    assert ref.choices == [(1, 0), (2, 1), (3, 4), (4, 4), (5, 1)]


def organ_pipe_queens(n):
    """n queens as DLX1 was run on it (tests/test_stats.py): rows and columns primary,
    listed in organ-pipe order (r_mid c_mid ... r0 c0), diagonals secondary."""
    order = sorted(range(n), key=lambda k: (abs(2 * k - (n - 1)), k))
    item = {("r", k): 2 * place for place, k in enumerate(order)}
    item |= {("c", k): 2 * place + 1 for place, k in enumerate(order)}
    options = [[item["r", r], item["c", c], 2 * n + r + c, 2 * n + (2 * n - 1) + r - c + n - 1]
               for r in range(n) for c in range(n)]
    return Reference(2 * n, 2 * (2 * n - 1), options)


@pytest.mark.any_twin  # the reference search alone, whichever twin DLXCLI_ENGINE names
def test_reference_counts_dlx1s_nodes_on_eight_queens():
    """92 solutions (the published count) in 1,049 nodes, DLX1's own figure."""
    ref = organ_pipe_queens(8)
    assert sum(1 for _ in ref.solutions()) == 92
    assert ref.nodes == 1049


def test_the_bit_set_path_counts_dlx1s_nodes_on_eight_queens(twin):
    """DLX1's own figures (92 solutions in 1,049 nodes) on the C twin's bit-set path:
    a count with the memo off and no split."""
    ref = organ_pipe_queens(8)
    solver = twin.Solver(ref.n_primary, ref.n_secondary, ref.options)
    solver.set_memo(twin.MEMO_OFF, 0)
    solver.set_split(False)
    solver.start()
    while solver.run(100, True) != twin.EXHAUSTED:
        pass
    assert (solver.count, solver.nodes) == (92, 1049)
    assert solver.bit_sets is (True if twin.name == "c" else None)


@pytest.mark.any_twin  # the reference search alone, whichever twin DLXCLI_ENGINE names
def test_reference_dead_end_backs_up_at_once():
    """An item with no option is chosen, even by first_item: the node is a dead end."""
    ref = Reference(3, 0, [[0], [1]])
    assert list(ref.solutions(first_item=True)) == []
    assert (ref.nodes, ref.choices) == (1, [(1, 2)])


# -- each twin against the reference --------------------------------------------------------

@PROFILE
@given(problem=problems(), first_item=st.booleans())
@example(problem=LATE_COVER, first_item=True)
def test_twin_searches_as_the_reference(twin, problem, first_item):
    expected = reference_search(problem, first_item)
    assert twin_search(twin, problem, first_item) == expected

    counter = twin.Solver(problem.n_primary, problem.n_secondary, problem.options, None,
                          problem.colors)
    counter.set_split(False)  # a split count's nodes are its own (tests/test_components.py)
    counter.start(problem.forced, first_item)
    assert counter.run(1 << 40, True) == twin.EXHAUSTED
    assert (counter.count, counter.nodes) == (len(expected[0]), expected[2])
    assert counter.solution() is None

    if problem.colors is None:  # the C twin's bit-set path (docs/engine.md)
        counter.set_memo(twin.MEMO_OFF, 0)
        counter.start(problem.forced, first_item)
        assert counter.run(1 << 40, True) == twin.EXHAUSTED
        assert (counter.count, counter.nodes) == (len(expected[0]), expected[2])


@PROFILE
@given(problem=wide_problems())
def test_twin_chooses_as_the_reference_across_many_items(twin, problem):
    """17 to 80 primary items, so that the C twin's choose scans several blocks of its
    lengths, with ties; the first WIDE_NODES nodes."""
    expected = reference_search(problem, False, WIDE_NODES)
    assert twin_search(twin, problem, False, WIDE_NODES) == expected


@PROFILE
@given(problem=problems(), first_item=st.booleans())
def test_twin_branches_as_the_reference(twin, problem, first_item):
    solver = twin.Solver(problem.n_primary, problem.n_secondary, problem.options, None,
                         problem.colors)
    solver.start(problem.forced, first_item)
    assert solver.branches() == reference(problem).branches(problem.forced, first_item)


@pytest.mark.parametrize("first_item", [False, True])
def test_twin_searches_queens_as_the_reference(twin, first_item):
    """A search of 1,049 nodes, bigger than the random ones."""
    ref = organ_pipe_queens(8)
    queens = ref.n_primary, ref.n_secondary, ref.options
    solver = twin.Solver(*queens)
    solver.start(first_item=first_item)
    found = []
    while solver.run(1 << 40) == twin.SOLUTION:
        found.append((solver.solution(), solver.nodes))
    expected = [(s, ref.nodes) for s in ref.solutions(first_item=first_item)]
    assert (found, solver.nodes) == (expected, ref.nodes)


# -- docs/engine.md's worked example -------------------------------------------------------

ENGINE_PAGE = REPO / "docs" / "engine.md"


def drawn(rows, columns):
    """Rows of a table as docs/engine.md draws the links: a name, then a value per
    column, 4 wide (blank where the row has none)."""
    return "\n".join((f"{name:6}" + "".join(f"{values.get(k, ''):>4}"
                                            for k in columns)).rstrip()
                     for name, values in rows)


@pytest.mark.any_twin  # the reference search alone, whichever twin DLXCLI_ENGINE names
def test_the_drawing_in_the_docs_is_the_references():
    ref = Reference(7, 0, KNUTH_6X7)
    ref.initialize()

    def at(values, keys):
        return {k: values[k] for k in keys}

    items, headers = range(9), range(1, 8)
    tables = [drawn([("item", at(items, items)), ("llink", at(ref.llink, items)),
                     ("rlink", at(ref.rlink, items)), ("len", at(ref.len, headers)),
                     ("ulink", at(ref.ulink, headers)), ("dlink", at(ref.dlink, headers))],
                    items)]
    tables += [drawn([("node", at(range(31), nodes)), ("top", at(ref.top, nodes)),
                      ("ulink", at(ref.ulink, nodes)), ("dlink", at(ref.dlink, nodes))], nodes)
               for nodes in (range(8, 20), range(20, 31))]
    assert "```text\n" + "\n".join(tables) + "\n```" in ENGINE_PAGE.read_text()


def test_the_pycon_examples_in_the_docs_run():
    page = ENGINE_PAGE.read_text()
    blocks = re.findall(r"^```pycon\n(.*?)^```", page, re.DOTALL | re.MULTILINE)
    assert blocks
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    for k, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"engine.md pycon {k}", str(ENGINE_PAGE), 0))
    assert runner.summarize(verbose=False).failed == 0
