"""A count's memo kept from search to search of one problem (issue 30): the subproblems
of a split count (--jobs, --checkpoint, the cluster) share a memo per process, so that a
memoized count stays fast when split; and a count that runs out of memory says so in
one line.

The golden counts come from outside the engine: brute force (tests/oracle.py) on random
problems, and the transfer-matrix count of domino tilings of test_memo_count.
"""

import json
import pickle

import pytest
from hypothesis import given, settings

import cli
from dlxcli import strategies
from dlxcli.errors import OutOfMemory
from oracle import exact_covers
from random_problems import problems
from test_memo_count import ON, c_only, domino_tilings, dominoes, knuth_dominoes


def exhaust(twin, solver, forced=()):
    solver.start(list(forced))
    while solver.run(1 << 12, True) != twin.EXHAUSTED:
        pass
    return solver


@settings(max_examples=200, deadline=None)
@given(problems())
def test_a_kept_memo_counts_every_search_of_its_problem_right(twin, problem):
    """One memo, kept, serves searches with other forced options (none, each option
    alone, the problem's own), colors included: each count is brute force's, and the
    same search again is answered at its root, in one node."""
    solver = twin.Solver(problem.n_primary, problem.n_secondary, problem.options, None,
                         problem.colors)
    solver.set_memo(ON, 1 << 26)
    solver.keep_memo(True)
    searches = [()] + [(j,) for j in range(len(problem.options))] + [tuple(problem.forced)]
    for forced in searches:
        expected = len(exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                                    list(forced), problem.colors))
        assert exhaust(twin, solver, forced).count == expected, forced
    again = exhaust(twin, solver)
    assert again.count == len(exact_covers(problem.n_primary, problem.n_secondary,
                                           problem.options, [], problem.colors))
    assert again.nodes == 1 or again.memo_lookups == 0  # no lookup: a solution or a dead end


def level_cut(solver, depth, prefix=()):
    """The prefixes of the search cut `depth` levels down (fewer where it ends)."""
    solver.start(list(prefix))
    options = solver.branches()
    if depth == 0 or not options:
        return [prefix]
    return [p for j in options for p in level_cut(solver, depth - 1, prefix + (j,))]


def test_the_subproblems_of_a_kept_memo_cost_about_one_search(twin):
    """8 x 8 dominoes cut 7 levels down (80 subproblems): with a memo each, 513,175 nodes
    on the C twin (66 times the whole search's 7,728); with one memo kept, 7,693."""
    solver = exhaust(twin, twin.Solver(*dominoes(8, 8)))
    whole = solver.nodes
    cut = level_cut(solver, 7)
    solver.keep_memo(True)
    total = nodes = 0
    for prefix in cut:
        exhaust(twin, solver, prefix)
        total, nodes = total + solver.count, nodes + solver.nodes
    assert len(cut) == 80 and total == domino_tilings(8, 8) == 12_988_816
    assert nodes < 1.5 * whole


def test_keep_memo_then_not_forgets_the_memo(twin):
    solver = twin.Solver(*dominoes(4, 4))
    solver.set_memo(ON, 1 << 20)
    solver.keep_memo(True)
    assert exhaust(twin, solver).count == 36
    solver.keep_memo(False)
    assert solver.memo_entries == 0
    assert exhaust(twin, solver).count == 36 and solver.nodes > 1


def split_count(tmp_path, side, *args):
    path = tmp_path / "dominoes.dlx"
    path.write_text(knuth_dominoes(side, side))
    result = cli.run("matrix", "--count", "--format", "json", *args, str(path))
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["data"]["count"] == domino_tilings(side, side)
    return document["stats"]


@pytest.mark.parametrize("side", [8, pytest.param(10, marks=c_only)])
def test_a_split_memoized_count_costs_about_the_whole_search(tmp_path, side, monkeypatch):
    """--jobs 2 and --checkpoint cut the count into 128 subproblems. Each had a memo of
    its own: 10 x 10 took 3,041,331 nodes (1.75 s) where the whole search takes 60,506
    (0.21 s); with a memo kept per process, about 20,000 (docs/performance.md). No
    probe: the worker gets its share at once."""
    monkeypatch.setenv("DLXCLI_SPLIT_PROBE", "0")
    whole = split_count(tmp_path, side)["nodes"]
    for args in (["--jobs", "2"], ["--checkpoint", str(tmp_path / "count.ckpt")]):
        split = split_count(tmp_path, side, *args)
        assert split["nodes"] < 3 * whole, (args, split, whole)
        assert split["memo"]["hits"] > 0


MEMO_HINT = ("a count's memo takes at most DLXCLI_MEMO_BYTES, 256 MiB unless set: "
             "docs/engine.md, \"Counting with a memo\"")


def out_of_memory(*args, **kwargs):
    raise MemoryError


def test_a_count_out_of_memory_says_so_in_one_line(tmp_path, monkeypatch):
    """A MemoryError in a count (a memo beyond `ulimit -v`, say) is one line and exit 2,
    never a traceback: out of memory counting, with the memo's setting."""
    for counting in (strategies.DancingLinks, strategies.Portfolio):  # singles', auto's
        monkeypatch.setattr(counting, "count", out_of_memory)
    path = tmp_path / "dominoes.dlx"
    path.write_text(knuth_dominoes(4, 4))
    result = cli.run("matrix", "--count", str(path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"dlxcli: {path}: out of memory while counting ({MEMO_HINT})\n"


def test_a_search_out_of_memory_says_so_without_the_memo(tmp_path, monkeypatch):
    """Out of memory in a search that keeps no memo (a first solution): said so, with
    no word of the memo, which it does not have (before: the count's memo's words)."""
    monkeypatch.setattr(strategies.DancingLinks, "solutions", out_of_memory)
    path = tmp_path / "dominoes.dlx"
    path.write_text(knuth_dominoes(4, 4))
    result = cli.run("matrix", "--reason", "singles", str(path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"dlxcli: {path}: out of memory while searching\n"


@pytest.mark.parametrize("made", [lambda: OutOfMemory(),
                                  lambda: OutOfMemory("counting", memo=True)])
def test_out_of_memory_crosses_a_worker_pool_as_itself(made):
    """A worker's piece that ran out of memory building its problem comes back to the
    run pickled: before, OutOfMemory could not be unpickled (its __init__ took no
    message), and `matrix --jobs 2` of a 16 MiB input under `ulimit -v 98304` ended
    in a TypeError's traceback."""
    error = made()
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is OutOfMemory and str(back) == str(error)
