"""One search split into subproblems: the engine's branches(), ExactCover.frontier, the
merged queries of dlxcli.parallel (in this process and on a pool), checkpoints, and
the command line's --jobs / --checkpoint on a single input.

Layer: tests. Expected answers come from the brute-force oracle (oracle.py), from a
reference branching rule written here from its definition, from OEIS A000170
(n-queens), or from the sequential search (the split must reproduce it exactly).
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracle
from dlxcli import parallel
from dlxcli.errors import NodeLimitExceeded, ProblemError, TimeLimitExceeded
from dlxcli.exact_cover import Budget, ExactCover, Stats
from dlxcli.parallel import CheckpointError, Split
from paths import CASES, DATA, REPO, SAMPLES
from test_engine_properties import problems

PROFILE = settings(max_examples=100, deadline=None)
DLXCLI = [sys.executable, "-m", "dlxcli"]
QUEENS = {6: 4, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596}
"""OEIS A000170."""


def on_twin(twin, n_primary, n_secondary, options, weights=None):
    """An ExactCover whose searches run on `twin` (whatever DLXCLI_ENGINE says)."""
    problem = ExactCover(n_primary, n_secondary, options, weights)
    problem.solver = twin.Solver(n_primary, n_secondary, options, weights)
    return problem


def queens_definition(n):
    """Rows and columns primary, diagonals secondary; option r*n+c is square (r, c)."""
    options = [[r, n + c, 2 * n + r + c, 5 * n - 2 + r - c]
               for r in range(n) for c in range(n)]
    return 2 * n, 2 * (2 * n - 1), options


def weighted_queens(n):
    """Queens with weights that make many ties (so the earliest best matters)."""
    n_primary, n_secondary, options = queens_definition(n)
    return ExactCover(n_primary, n_secondary, options, [(7 * j) % 5 for j in range(n * n)])


def split_here(**settings):
    """A Budget that splits the search but solves every subproblem in this process."""
    return Budget(split=Split(jobs=1, probe=0.0), **settings)


def on_two_processes(**settings):
    return Budget(split=Split(jobs=2, probe=0.0), **settings)


# -- the engine's branches() -----------------------------------------------------------------

def reference_branches(problem, forced, first_item, maximize):
    """What the search tries first, from the definition: None if every primary item is
    covered, [] if the forced options clash or an item has no option left, else the
    options of the uncovered primary item with the fewest (the first one with
    first_item; ties to the lowest), by index, or for maximize by decreasing share of
    the weight (spread over the option's primary items), ties by index."""
    covered = [item for j in forced for item in problem.options[j]]
    if len(covered) != len(set(covered)):
        return []
    open_items = [i for i in range(problem.n_primary) if i not in covered]
    if not open_items:
        return None
    fits = [j for j, option in enumerate(problem.options) if not set(option) & set(covered)]
    holders = {i: [j for j in fits if i in problem.options[j]] for i in open_items}
    if any(not holders[i] for i in open_items):
        return []
    item = open_items[0] if first_item else min(open_items, key=lambda i: len(holders[i]))
    if not maximize:
        return holders[item]

    def share(j):
        primary = [i for i in problem.options[j] if i < problem.n_primary]
        return problem.weights[j] / len(primary)
    return sorted(holders[item], key=lambda j: (-share(j), j))


@PROFILE
@given(problem=problems(), first_item=st.booleans(), maximize=st.booleans())
def test_branches_are_those_of_the_definition(twin, problem, first_item, maximize):
    solver = twin.Solver(problem.n_primary, problem.n_secondary, problem.options,
                         problem.weights)
    solver.start(problem.forced, first_item, maximize)
    assert solver.branches() == reference_branches(problem, problem.forced, first_item,
                                                   maximize)


def test_branches_only_right_after_start(twin):
    solver = twin.Solver(2, 0, [[0], [1]])
    solver.start()
    assert solver.branches() == [0]
    solver.run(1)
    with pytest.raises(ProblemError, match="start"):
        solver.branches()
    solver.start([0, 1])
    assert solver.branches() is None  # a solution already


@PROFILE
@given(problem=problems(), first_item=st.booleans(), below=st.integers(-2, 3))
def test_a_floor_keeps_the_first_best_solution_above_it(twin, problem, first_item, below):
    cover = on_twin(twin, problem.n_primary, problem.n_secondary, problem.options,
                    problem.weights)
    query = {"forced": problem.forced, "first_item": first_item}
    best = cover.maximize(**query)
    floor = (best[0] if best else 0) - 1 - below
    expected = best if best and floor < best[0] else None
    assert cover.maximize(floor=floor, **query) == expected
    assert twin.Solver(1, 0, [[0]], [5]).best_weight is None


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@PROFILE
@given(problem=problems(), first_item=st.booleans(), floor=st.integers(-20, 40))
def test_both_twins_search_alike_above_a_floor(c_twin, py_twin, problem, first_item, floor):
    runs = []
    for twin in (c_twin, py_twin):
        solver = twin.Solver(problem.n_primary, problem.n_secondary, problem.options,
                             problem.weights)
        solver.start(problem.forced, first_item, True)
        solver.set_floor(floor)
        while solver.run(1 << 40) != twin.EXHAUSTED:
            pass
        runs.append((solver.solution(), solver.best_weight, solver.nodes))
    assert runs[0] == runs[1]


def test_a_floor_only_for_a_maximize_search_just_started(twin):
    solver = twin.Solver(2, 0, [[0], [1]], [1, 2])
    solver.start()
    with pytest.raises(ProblemError, match="maximize"):
        solver.set_floor(1)
    solver.start(maximize=True)
    with pytest.raises(ProblemError, match="integer"):
        solver.set_floor(1.5)
    solver.run(1)
    with pytest.raises(ProblemError, match="start"):
        solver.set_floor(1)


# -- the frontier ------------------------------------------------------------------------------

@PROFILE
@given(problem=problems(), first_item=st.booleans(), depth=st.integers(0, 3),
       min_open=st.one_of(st.none(), st.integers(1, 12)))
def test_subproblems_in_order_are_the_search(twin, problem, first_item, depth, min_open):
    cover = on_twin(twin, problem.n_primary, problem.n_secondary, problem.options)
    query = {"forced": problem.forced, "first_item": first_item}
    whole, whole_stats = list(cover.solutions(**query)), Stats()
    cover.count(stats=whole_stats, **query)
    stats = Stats()
    cut = cover.frontier(depth=depth, min_open=min_open, stats=stats, **query)
    parts = []
    for prefix, _ in cut:
        forced = problem.forced + list(prefix)
        parts += cover.solutions(forced=forced, first_item=first_item)
        cover.count(forced=forced, first_item=first_item, stats=stats)
    assert parts == whole
    assert stats.nodes == whole_stats.nodes  # the frontier's nodes and theirs: the tree's
    assert len(whole) == len(oracle.exact_covers(problem.n_primary, problem.n_secondary,
                                                 problem.options, problem.forced))
    assert all(share > 0 for _, share in cut) and sum(share for _, share in cut) <= 1 + 1e-9


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@PROFILE
@given(problem=problems(), first_item=st.booleans(), maximize=st.booleans())
def test_both_twins_cut_alike(c_twin, py_twin, problem, first_item, maximize):
    cuts = [on_twin(twin, problem.n_primary, problem.n_secondary, problem.options,
                    problem.weights).frontier(min_open=6, forced=problem.forced,
                                              first_item=first_item, maximize=maximize)
            for twin in (c_twin, py_twin)]
    assert cuts[0] == cuts[1]


def test_the_frontier_opens_levels_until_enough_are_open(twin):
    cover = on_twin(twin, *queens_definition(8))
    assert cover.frontier(depth=0) == [((), 1.0)]
    assert len(cover.frontier()) == 8  # one level: the 8 squares of the chosen line
    assert len(cover.frontier(min_open=9)) > 9
    assert len(cover.frontier(depth=1, min_open=1000)) == 8


def opened_shares(cover, cut, query):
    """The shares of the nodes a cut opened (every proper prefix of its subproblems),
    from the definition: the root's is 1, a child's its parent's over its branches."""
    shares = {(): 1.0}
    for prefix, _ in cut:
        for depth in range(len(prefix)):
            if prefix[:depth + 1] not in shares:
                cover.solver.start(list(query["forced"]) + list(prefix[:depth]),
                                   query["first_item"])
                width = len(cover.solver.branches())
                shares[prefix[:depth + 1]] = shares[prefix[:depth]] / width
    return [share for prefix, share in shares.items()
            if any(len(p) > len(prefix) and p[:len(prefix)] == prefix for p, _ in cut)]


@PROFILE
@given(problem=problems(), first_item=st.booleans(), min_open=st.integers(1, 12))
def test_the_largest_estimate_is_opened_first(twin, problem, first_item, min_open):
    """No subproblem of the cut that is not a solution has a larger share than a node
    the cut opened: the big subtrees (by Knuth's estimate) are cut finer than the
    small ones."""
    cover = on_twin(twin, problem.n_primary, problem.n_secondary, problem.options)
    query = {"forced": problem.forced, "first_item": first_item}
    cut = cover.frontier(min_open=min_open, **query)
    opened = opened_shares(cover, cut, query)

    def branches(prefix):
        cover.solver.start(list(problem.forced) + list(prefix), first_item)
        return cover.solver.branches()
    unopened = [share for prefix, share in cut if branches(prefix) is not None]
    assert not (opened and unopened) or max(unopened) <= min(opened)


def test_the_frontier_stops_once_enough_are_open(twin):
    """Queens 8 cut into at least 9: the root's line (8 squares, an eighth each), then
    the first of them (the earliest of the largest) and no other."""
    cover = on_twin(twin, *queens_definition(8))
    cover.solver.start()
    squares = cover.solver.branches()
    cover.solver.start([squares[0]])
    below = cover.solver.branches()
    assert cover.frontier(min_open=9) == (
        [((squares[0], j), 1 / 8 / len(below)) for j in below]
        + [((j,), 1 / 8) for j in squares[1:]])


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
@pytest.mark.needs_shared
def test_no_piece_of_an_irregular_search_holds_much_of_it(c_twin):
    """Dana Scott's pentomino count (issue 20), cut for 16 workers as a split run cuts
    it: no subproblem holds more than 1/32 of the nodes (the level-by-level cut left one
    with 6%), and their counts and nodes add up to the sequential search's. (C twin:
    the pure-Python twin takes a minute over it.)"""
    from dlxcli.puzzles.matrix import parse_knuth
    primary, secondary, options = parse_knuth((DATA / "exact-cover" / "pento6x10.dlx")
                                              .read_text())
    cover = ExactCover.from_names(primary, secondary, options)
    cover.solver = c_twin.Solver(*cover.definition)
    cover.solver.set_memo(c_twin.MEMO_OFF, 0)  # its hits would make the whole take fewer
    cover.solver.set_split(False)  # and its rule (per depth) would split other nodes
    whole = Stats()
    assert cover.count(stats=whole) == 2339
    cut_stats, pieces, count = Stats(), [], 0
    for prefix, _ in cover.frontier(min_open=parallel.subproblems_wanted(16),
                                    stats=cut_stats):
        piece = Stats()
        count += cover.count(forced=list(prefix), stats=piece)
        pieces.append(piece.nodes)
    assert count == 2339 and cut_stats.nodes + sum(pieces) == whole.nodes
    assert max(pieces) <= whole.nodes / 32


def test_a_root_that_does_not_branch_is_the_one_subproblem(twin):
    solved = on_twin(twin, 1, 0, [[0]])
    assert solved.frontier(depth=3, forced=[0]) == [((), 1.0)]   # a solution
    dead = on_twin(twin, 2, 0, [[0]])
    assert dead.frontier(depth=3) == [((), 1.0)]                  # item 1 has no option
    assert dead.count(budget=split_here()) == 0


# -- merged queries ----------------------------------------------------------------------------

@PROFILE
@given(problem=problems(), first_item=st.booleans())
def test_split_queries_give_the_sequential_answers(twin, problem, first_item):
    cover = on_twin(twin, problem.n_primary, problem.n_secondary, problem.options,
                    problem.weights)
    query = {"forced": problem.forced, "first_item": first_item}
    expected_count = len(oracle.exact_covers(problem.n_primary, problem.n_secondary,
                                             problem.options, problem.forced))
    assert cover.count(budget=split_here(), **query) == expected_count
    everything = list(cover.solutions(**query))
    assert list(cover.solutions(budget=split_here(), **query)) == everything
    first = list(parallel.solutions(cover, limit=1, budget=split_here(), **query))
    assert first == everything[:1]
    best = cover.maximize(**query)
    assert cover.maximize(budget=split_here(), **query) == best  # the same solution too
    assert (best and best[0]) == oracle.best_weight(problem.n_primary, problem.n_secondary,
                                                    problem.options, problem.weights,
                                                    problem.forced)


@PROFILE
@given(problem=problems(), first_item=st.booleans(), limit=st.sampled_from([None, 1, 2, 3]))
def test_a_list_past_a_whole_search_given_up_is_the_sequential_one(twin, problem,
                                                                   first_item, limit):
    """A split list searched whole first and given up at once (its deadline passed:
    after its first solution, or before any), the split going on past what it gave: the
    sequential list, whatever the problem, at most `limit` of it."""
    from dlxcli.parallel import farm
    cover = on_twin(twin, problem.n_primary, problem.n_secondary, problem.options,
                    problem.weights)
    query = {"forced": problem.forced, "first_item": first_item}
    everything = list(cover.solutions(**query))
    original = farm._whole_deadline
    farm._whole_deadline = lambda budget: 0.0
    try:
        listed = list(parallel.solutions(cover, limit=limit, **query,
                                         budget=Budget(split=Split(jobs=2, probe=0.01))))
    finally:
        farm._whole_deadline = original
    assert listed == everything[:limit]


@PROFILE
@given(problem=problems(), first_item=st.booleans(), below=st.integers(0, 3))
def test_a_maximize_cut_after_its_whole_search_found_a_weight_is_the_sequential_one(
        twin, problem, first_item, below):
    """Where the whole search gives up, the best weight it found bounds the subproblems
    (a target-sudoku of 9 givens over two jobs searched 6.0 million nodes against 1.1
    on one: attack17d). Any weight it can have found, the largest or less: the answer
    is the sequential one, solution and all."""
    from dlxcli.parallel import farm
    cover = on_twin(twin, problem.n_primary, problem.n_secondary, problem.options,
                    problem.weights)
    query = {"forced": problem.forced, "first_item": first_item}
    best = cover.maximize(**query)
    found = None if best is None else best[0] - below
    original = farm._whole_here
    farm._whole_here = lambda *args: (None, found)
    try:
        assert cover.maximize(budget=Budget(split=Split(jobs=2, probe=0.01)), **query) == best
    finally:
        farm._whole_here = original


@pytest.mark.parametrize("n", [1, 2, 6, 9])
def test_queens_counted_on_two_processes(n):
    cover = ExactCover(*queens_definition(n))
    stats, alone = Stats(), Stats()
    assert cover.count(budget=on_two_processes(), stats=stats) == QUEENS.get(n, int(n == 1))
    cover.count(stats=alone)
    assert (stats.nodes, stats.solutions) == (alone.nodes, alone.solutions)


def test_all_and_maximize_on_two_processes_are_the_sequential_ones():
    cover = weighted_queens(8)
    assert list(cover.solutions(budget=on_two_processes())) == list(cover.solutions())
    assert cover.maximize(budget=on_two_processes()) == cover.maximize()
    first = parallel.solutions(cover, forced=[3], limit=1, budget=on_two_processes())
    assert list(first) == [cover.first(forced=[3])]


def test_a_small_search_ends_in_the_probe_without_a_pool(monkeypatch):
    def no_pool(*args):
        raise AssertionError("a pool was started")
    monkeypatch.setattr(parallel.farm, "Processes", no_pool)
    cover = ExactCover(*queens_definition(8))
    assert cover.count(budget=Budget(split=Split(jobs=2, probe=60.0))) == 92


@pytest.mark.parametrize("query", ["all", "count", "maximize"])
def test_a_search_that_ends_within_the_probe_is_not_cut(monkeypatch, query):
    """A 9x9 sudoku's search of 2 ms cost 50 ms of frontier before its probe, once per
    puzzle of `sudoku --all --jobs 2 FILE`: 40 times --jobs 1 (attack17). Searched whole
    within the probe, it is not cut (no frontier, no pool), its answer the sequential
    one; with no probe (or one too short) it is cut as before."""
    cuts = []
    frontier = ExactCover.frontier
    monkeypatch.setattr(ExactCover, "frontier",
                        lambda self, *args, **kwargs: cuts.append(1) or frontier(self, *args,
                                                                                 **kwargs))
    cover = weighted_queens(6)
    asked = {"all": lambda budget: list(cover.solutions(budget=budget)),
             "count": lambda budget: cover.count(budget=budget),
             "maximize": lambda budget: cover.maximize(budget=budget)}[query]
    sequential = asked(Budget(reason="singles"))
    assert asked(Budget(split=Split(jobs=2, probe=60.0), reason="singles")) == sequential
    assert cuts == []
    assert asked(Budget(split=Split(jobs=2, probe=0.0), reason="singles")) == sequential
    assert cuts


def pairs_cover(n):
    """Two equal options for each of n items: 2**n covers, one every few nodes."""
    return ExactCover(n, 0, [[item] for item in range(n) for _ in range(2)])


def test_a_list_searched_whole_gives_up_in_time_and_the_split_goes_on_past_it(monkeypatch):
    """Its time was looked at between the search's slices only, which a search with a
    solution every few nodes never ends: the probe ran on to LISTED + 1 solutions and
    was then dropped, the whole list searched again here (pentominoes over 2 jobs: 1.3
    times --jobs 1; attack17c). Now it gives up in time, the split's cut goes on past
    the solutions it gave, in order, each counted once."""
    cuts = []
    frontier = ExactCover.frontier
    monkeypatch.setattr(ExactCover, "frontier",
                        lambda self, *args, **kwargs: cuts.append(1) or frontier(self, *args,
                                                                                 **kwargs))
    cover = pairs_cover(14)
    sequential = list(cover.solutions(budget=Budget(reason="singles")))
    stats = Stats()
    split = Budget(split=Split(jobs=2, probe=0.004), reason="singles")
    assert list(cover.solutions(budget=split, stats=stats)) == sequential
    assert cuts and stats.solutions == len(sequential) == 2 ** 14


def test_a_list_the_time_limit_ends_in_its_whole_search_counts_what_it_gave():
    """-v said 0 solutions after thousands were written (attack17d): the whole search's
    solutions were left to the split to count, which the time limit never started."""
    stats, given = Stats(), 0
    with pytest.raises(TimeLimitExceeded):
        for _ in pairs_cover(24).solutions(budget=Budget(timeout=0.05, reason="singles",
                                                         split=Split(jobs=2, probe=10.0)),
                                           stats=stats):
            given += 1
    assert given > 0 and given <= stats.solutions <= given + 1


def test_a_probe_that_runs_out_leaves_the_rest_to_the_pool(monkeypatch):
    """Few subproblems, so that the probe's time runs out within one: the search looks
    at the time every engine.SLICE nodes (65,536 on the C twin, 2,048 on Python's).
    Queens 12 on the Python twin: on queens 11 its counting memo passes its trial and
    ranks the ties (docs/engine.md, "Counting with a memo"), so that the whole search
    takes other nodes than its pieces; on 12 it does not. Under singles: the split count
    alone (under auto, the portfolio's first turn comes before it)."""
    from dlxcli import engine
    monkeypatch.setattr(parallel.subproblems, "PER_WORKER", 1)
    monkeypatch.setattr(parallel.subproblems, "MIN_SUBPROBLEMS", 1)
    n = 13 if engine.ENGINE == "c" else 12
    cover = ExactCover(*queens_definition(n))
    stats = Stats()
    split_count = Budget(split=Split(jobs=2, probe=0.001), reason="singles")
    assert cover.count(budget=split_count, stats=stats) == QUEENS[n]
    alone = Stats()
    cover.count(stats=alone, budget=Budget(reason="singles"))
    # What the probe gave up (the whole search tried first, then a subproblem) is not
    # counted (that would add a good part of the search); the nodes split into parts
    # differ by a few between a whole search and its pieces, each with its own rule
    # (docs/engine.md, "Independent parts": 36 of 327,817 on the Python twin's queens
    # 12), and the memo that the whole search given up left serves the pieces (valid
    # whatever is forced: 9,839 fewer nodes there).
    assert alone.nodes // 2 <= stats.nodes <= alone.nodes + alone.nodes // 1_000


def recorded_pool_sizes(monkeypatch):
    """The sizes of the local pools that split searches start from now on (a list
    that grows as they start)."""
    sizes = []

    class Recorded(parallel.farm.Processes):  # the split's, as a test may have set it
        def __init__(self, search, size):
            sizes.append(size)
            super().__init__(search, size)
    monkeypatch.setattr(parallel.farm, "Processes", Recorded)
    return sizes


def test_n_jobs_are_this_process_and_n_minus_one_workers(tmp_path, monkeypatch):
    """--jobs 3: a pool of two processes, and this one searching beside them (each
    subproblem solved once, by one of the three; the checkpoint names who). This
    process takes the next subproblem itself whenever no worker has one finished: the
    pool's first look says none has, so that it does whatever the machine's load (a
    loaded or sanitized run can otherwise find a result ready at every look)."""
    looks = []

    class FirstLookEmpty(parallel.Processes):
        def wait(self, timeout):
            looks.append(timeout)
            return None if len(looks) == 1 else super().wait(timeout)
    monkeypatch.setattr(parallel.farm, "Processes", FirstLookEmpty)
    sizes = recorded_pool_sizes(monkeypatch)  # a subclass of FirstLookEmpty
    path = tmp_path / "q.ckpt"
    cover = ExactCover(*queens_definition(9))
    assert cover.count(budget=checkpointed(path, jobs=3)) == QUEENS[9]
    header, *records = lines_of(path)
    assert sizes == [2] and looks[0] == 0
    assert sorted(r["subproblem"] for r in records) == list(range(header["subproblems"]))
    solved_by = {r["worker"].rsplit("/", 1)[1] for r in records}
    assert str(os.getpid()) in solved_by and len(solved_by) > 1


def test_limits_hold_over_the_whole_split_search():
    cover = ExactCover(*queens_definition(9))
    alone = Stats()
    cover.count(stats=alone)
    with pytest.raises(NodeLimitExceeded):
        cover.count(budget=on_two_processes(node_limit=alone.nodes // 2))
    assert cover.count(budget=on_two_processes(node_limit=alone.nodes)) == 352
    big = ExactCover(*queens_definition(16))
    began = time.perf_counter()
    with pytest.raises(TimeLimitExceeded):
        big.count(budget=on_two_processes(timeout=0.3))
    assert time.perf_counter() - began < 5


def test_progress_reports_subproblems_done_and_the_part_of_the_tree(monkeypatch):
    monkeypatch.setattr(parallel.Tally, "REPORT_EVERY", 0.0)
    seen = []

    def progress(fraction, nodes, solutions, parts=None):
        seen.append((fraction, nodes, solutions, parts))
    cover = ExactCover(*queens_definition(8))
    split_count = Budget(progress=progress, split=Split(2, probe=0.0), reason="singles")
    assert cover.count(budget=split_count) == 92
    done = [parts[0] for _, _, _, parts in seen]
    assert done == sorted(done) and done[-1] == seen[-1][3][1]
    assert seen[-1][2] == 92 and abs(seen[-1][0] - 1.0) < 1e-9


def test_every_solution_over_two_processes_of_a_hard_25x25_stops_at_its_time_limit():
    """`sudoku --all --jobs 2` on a hard 25x25: the subproblems this process solves list
    their solutions with a search that stops at each one, which reports no part done
    (its fraction None, and its depth) to the split search's progress callbacks. Those
    took three arguments, and the run ended in a TypeError and a traceback after 0.35
    s (attack15); now the time limit ends it."""
    hard = REPO / "bench" / "data" / "gecode25" / "example21.in"
    done = subprocess.run([sys.executable, "-m", "dlxcli", "sudoku", "--all", "--jobs", "2",
                           "--timeout", "2", str(hard)], capture_output=True, text=True,
                          timeout=60, cwd=REPO)
    assert done.returncode == 3, done.stderr
    assert "time limit" in done.stderr and "Traceback" not in done.stderr


# -- several counts dealt out as one set of tasks (branch parts2) -----------------------------

def test_counts_of_several_problems_dealt_out_are_their_counts():
    """count_each: queens 6, 8, 9 and 10 (OEIS A000170) dealt out over two processes,
    and over one; the nodes add up to those of the four searches made one by one, give
    or take the few by which a search cut into pieces differs from it whole (see
    test_a_probe_that_runs_out_leaves_the_rest_to_the_pool)."""
    sizes = (6, 8, 9, 10)
    alone = Stats()
    for n in sizes:
        ExactCover(*queens_definition(n)).count(stats=alone)
    for budget in (on_two_processes(), split_here()):
        covers = [ExactCover(*queens_definition(n)) for n in sizes]
        stats = Stats()
        assert parallel.count_each(covers, budget=budget, stats=stats) == \
            [QUEENS[n] for n in sizes]
        assert stats.solutions == alone.solutions
        assert abs(stats.nodes - alone.nodes) <= alone.nodes // 500


@pytest.mark.parametrize("dealt", [False, True])
def test_workers_count_plainly_where_the_problem_does(dealt):
    """ExactCover.count_plainly (no memo, no split: the C twin's bit-set path) reaches
    the workers' copies of the problems, of a deal or of one split count: no count
    looks a state up in a memo, here or there (queens do, by default)."""
    sizes = (8, 9, 10) if dealt else (10,)
    covers = [ExactCover(*queens_definition(n)) for n in sizes]
    for cover in covers:
        cover.count_plainly()
    stats = Stats()
    if dealt:
        counts = parallel.count_each(covers, budget=on_two_processes(), stats=stats)
    else:
        counts = [covers[0].count(budget=on_two_processes(), stats=stats)]
    assert counts == [QUEENS[n] for n in sizes]
    assert stats.memo == (0, 0, 0, 0, 0) and stats.splits == 0
    default = Stats()
    ExactCover(*queens_definition(10)).count(budget=on_two_processes(), stats=default)
    assert default.memo[0] > 0


def test_a_workers_copy_of_a_problem_counts_as_the_problem_does():
    definitions = [ExactCover(*queens_definition(n)).definition for n in (4, 5)]
    problem = parallel.subproblems._problem
    parts = problem(parallel.Deal(definitions, None, [True, False]), True)
    assert [parts[k].plain_counts for k in (0, 1)] == [True, False]
    assert problem(parallel.Search(definitions[0], "count", plain=True), True).plain_counts
    assert not problem(parallel.Search(definitions[1], "count"), True).plain_counts


def test_a_deal_hands_out_the_heaviest_first_and_cuts_the_heavy_ones():
    """Queens 10 weighs most of the four (its nodes at DEAL_DEPTH): cut into subproblems
    for 8 wanted, where queens 4 and 6 are a task each; the tasks come heaviest first."""
    covers = [ExactCover(*queens_definition(n)) for n in (4, 10, 6)]
    cut = parallel.subproblems._deal_cut(covers, 8, Stats(), Budget())
    shares = [share for _, share in cut]
    assert shares == sorted(shares, reverse=True)
    prefixes = {part: [prefix for (of, prefix), _ in cut if of == part] for part in range(3)}
    assert prefixes[0] == [()] and prefixes[2] == [()] and len(prefixes[1]) >= 8


def test_a_deal_cuts_a_search_that_does_not_branch_within_its_depth():
    """Two problems of 300 items, each in one option: their searches are chains. A deal
    of 16 wanted cuts each within DEAL_CUT_DEPTH levels (it walked each chain to its end,
    a node at a time from the root: 19 of 22 s of 10,000 monominoes over --jobs 2), and
    their counts stay 1."""
    chains = [ExactCover(300, 0, [[item] for item in range(300)]) for _ in range(2)]
    stats = Stats()
    cut = parallel.subproblems._deal_cut(chains, 16, stats, Budget())
    assert stats.nodes <= 2 * parallel.subproblems.DEAL_CUT_DEPTH
    assert sorted(part for (part, _), _ in cut) == [0, 1]
    assert parallel.count_each(chains, budget=split_here()) == [1, 1]


def test_a_worker_gets_more_while_this_process_searches():
    """This process searches a subproblem beside its worker; between the slices of that
    search it hears the worker and hands it the next ones, so that a worker never waits
    for this process's subproblem to end (it did, idle once it had finished the two it
    held). A worker that finishes at once is handed the whole rest of the queue during
    this process's first slice."""
    import collections

    class Worker:
        size = 1

        def __init__(self):
            self.held, self.sent, self.finishing = collections.deque(), [], False

        def submit(self, function, k, prefix, floor, what=None):
            self.held.append(k)
            self.sent.append(k)

        def wait(self, timeout):
            if not (self.finishing and self.held):
                return None
            k = self.held.popleft()
            return k, parallel.Done(k, 1, Stats())

    worker, sent_by_then = Worker(), []

    def here(k, between):
        worker.finishing = True  # a slice's time passes: the worker finishes its tasks
        between()
        sent_by_then.extend(worker.sent)
        return parallel.Done(k, 1, Stats())

    cut = [((k,), 1 / 8) for k in range(8)]
    tally = parallel.Tally(cut, Budget(), Stats(), None)
    done = list(parallel.farm._farm(worker, cut, list(range(8)), Budget(), tally, here))
    assert sorted(d.index for d in done) == list(range(8))
    assert sent_by_then == [0, 1, 3, 4, 5, 6, 7]  # all but the one searched here, 2


# -- checkpoints -------------------------------------------------------------------------------

def checkpointed(path, jobs=1):
    return Budget(split=Split(jobs=jobs, checkpoint=path, probe=0.0))


def lines_of(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_checkpoint_logs_every_subtotal(tmp_path):
    path = tmp_path / "count.ckpt"
    cover = ExactCover(*queens_definition(8))
    assert cover.count(budget=checkpointed(path, jobs=2)) == 92
    header, *records = lines_of(path)
    assert header["subproblems"] == len(records) > 1
    assert sorted(r["subproblem"] for r in records) == list(range(len(records)))
    assert sum(r["value"] for r in records) == 92  # the re-check of docs/parallel.md


def test_a_rerun_takes_finished_subproblems_from_the_checkpoint(tmp_path, monkeypatch):
    path = tmp_path / "count.ckpt"
    cover = ExactCover(*queens_definition(8))
    stats = Stats()
    cover.count(budget=checkpointed(path), stats=stats)
    before = path.read_bytes()

    def no_search(*args):
        raise AssertionError("a finished subproblem was searched again")
    monkeypatch.setattr(parallel.Search, "answer", no_search)
    again = Stats()
    assert cover.count(budget=checkpointed(path), stats=again) == 92
    assert again.nodes == stats.nodes
    assert path.read_bytes() == before


def test_a_torn_checkpoint_resumes_to_the_same_answers(tmp_path):
    cover = weighted_queens(7)
    for query, run in [("count", lambda b: cover.count(budget=b)),
                       ("all", lambda b: list(cover.solutions(budget=b))),
                       ("maximize", lambda b: cover.maximize(budget=b))]:
        path = tmp_path / f"{query}.ckpt"
        whole = run(checkpointed(path))
        lines = path.read_bytes().splitlines(keepends=True)
        path.write_bytes(b"".join(lines[:4]) + lines[4][:10])  # a crash in mid-write
        assert run(checkpointed(path, jobs=2)) == whole
        header, *records = lines_of(path)
        assert sorted(r["subproblem"] for r in records) == list(range(header["subproblems"]))


def test_a_checkpoint_of_another_search_is_refused(tmp_path):
    path = tmp_path / "count.ckpt"
    ExactCover(*queens_definition(6)).count(budget=checkpointed(path))
    kept = path.read_bytes()
    with pytest.raises(CheckpointError, match="another search"):
        ExactCover(*queens_definition(7)).count(budget=checkpointed(path))
    with pytest.raises(CheckpointError, match="another search"):
        list(ExactCover(*queens_definition(6)).solutions(budget=checkpointed(path)))
    assert path.read_bytes() == kept
    path.write_text("hello\n")
    with pytest.raises(CheckpointError, match="line 1"):
        ExactCover(*queens_definition(6)).count(budget=checkpointed(path))


# -- the command line --------------------------------------------------------------------------

def dlxcli(*args, input=None, probe="0", **kw):
    env = {**os.environ, "DLXCLI_SPLIT_PROBE": probe}
    return subprocess.run(DLXCLI + [str(a) for a in args], input=input, env=env,
                          capture_output=True, timeout=120, **kw)


def knuth_queens(n):
    """n queens in Knuth's text format: rows and columns primary, diagonals secondary."""
    items = ([f"r{k}" for k in range(n)] + [f"c{k}" for k in range(n)] + ["|"]
             + [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)])
    return "\n".join([" ".join(items)] + [f"r{r} c{c} a{r + c} b{r - c + n - 1}"
                                          for r in range(n) for c in range(n)]) + "\n"


@pytest.mark.parametrize("args", [
    ["queens", CASES / "queens/derived/n9.in"],
    ["matrix", "--count", "--input-format", "knuth", "QUEENS7"],
    ["matrix", "--all", "--input-format", "knuth", "QUEENS7"],
    ["matrix", "--count", SAMPLES / "matrix/knuth6x7.in"],
    ["target-sudoku", SAMPLES / "target-sudoku/sample1.in"],
])
def test_jobs_split_a_single_input_with_the_same_bytes(args, tmp_path):
    (tmp_path / "QUEENS7").write_text(knuth_queens(7))
    one, two = (dlxcli(*args, "--jobs", jobs, cwd=tmp_path) for jobs in ("1", "2"))
    assert one.returncode == 0 and one.stderr == b""
    assert (two.returncode, two.stdout, two.stderr) == (0, one.stdout, b"")


def test_json_answers_agree_and_only_the_costs_of_splitting_differ(tmp_path):
    """The same document but for the seconds, the updates and the mems (a subproblem
    covers its prefix's items again); the nodes are those of the one tree."""
    (tmp_path / "QUEENS7").write_text(knuth_queens(7))
    one, two = (json.loads(dlxcli("matrix", "--all", "--input-format", "knuth", "--format",
                                  "json", "QUEENS7", "--jobs", jobs, cwd=tmp_path).stdout)
                for jobs in ("1", "2"))
    for document in (one, two):
        del document["stats"]["seconds"], document["stats"]["updates"]
        del document["stats"]["mems"]
    assert one == two and one["data"]["count"] == 40


def test_a_refused_checkpoint_is_one_line_and_status_2(tmp_path):
    path = tmp_path / "q.ckpt"
    assert dlxcli("queens", "--checkpoint", path, input=b"7\n").returncode == 0
    done = dlxcli("queens", "--checkpoint", path, input=b"8\n")
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().count("\n") == 1 and "another search" in done.stderr.decode()


def test_a_checkpoint_takes_one_input(tmp_path):
    done = dlxcli("queens", "--checkpoint", tmp_path / "c", CASES / "queens/derived/n6.in",
                  CASES / "queens/derived/n7.in")
    assert done.returncode == 2 and b"one input" in done.stderr


def test_ctrl_c_then_the_same_command_gives_the_whole_count(tmp_path, request):
    """A real interrupted run: SIGINT once some subproblems are in the checkpoint, then
    the same command line again."""
    from dlxcli import engine
    n = 14 if engine.ENGINE == "c" else 12  # a second or two on two processes
    path = tmp_path / "q.ckpt"
    command = DLXCLI + ["queens", "--jobs", "2", "--checkpoint", str(path)]
    env = {**os.environ, "DLXCLI_SPLIT_PROBE": "0"}
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=env, start_new_session=True)
    request.addfinalizer(lambda: process.poll() is None and os.killpg(process.pid,
                                                                      signal.SIGKILL))
    process.stdin.write(f"{n}\n".encode())
    process.stdin.close()
    deadline = time.monotonic() + 60
    while (not path.exists() or path.read_text().count("\n") < 4) and time.monotonic() < deadline:
        time.sleep(0.005)
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.stdout.read(), process.stderr.read()
    process.wait(timeout=30)
    header, *records = lines_of(path)
    assert process.returncode == 130
    assert stdout == b"" and stderr.decode().strip() == "dlxcli: interrupted"
    assert 3 <= len(records) < header["subproblems"]
    resumed = dlxcli(*command[3:], input=f"{n}\n".encode())
    assert resumed.returncode == 0
    assert resumed.stdout.decode().splitlines()[-1] == str(QUEENS[n])
    header, *records = lines_of(path)
    assert sorted(r["subproblem"] for r in records) == list(range(header["subproblems"]))
    assert sum(r["value"] for r in records) == QUEENS[n]


def test_a_split_run_loads_no_dask_and_a_plain_run_no_parallel():
    def imports(*args):
        return subprocess.run([sys.executable, "-X", "importtime", *DLXCLI[1:], *args],
                              input=b"9\n", capture_output=True, timeout=60)
    split, plain = imports("queens", "--jobs", "2"), imports("queens")
    assert split.returncode == plain.returncode == 0
    assert b"dlxcli.parallel" in split.stderr and b"dlxcli.parallel" not in plain.stderr
    assert b"distributed" not in split.stderr and b"dask" not in split.stderr
