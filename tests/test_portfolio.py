"""--reason auto, the portfolio (issue 29): dancing links and the Learner in turn, the
first to finish answering, on the twin DLXCLI_ENGINE picked.

Layer: tests. Expected answers come from brute force (oracle.py) and from counting
(perfect matchings of K_n: (n-1)!! for n even, none for n odd; n + 1 pigeons in n
holes: none), never from a figure the portfolio printed once. The rounds are shrunk
here (a few steps and nodes each) so that small problems change hands many times.
"""

import contextlib
import json
import math
import os
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import oracle
from dlxcli import engine, strategies
from dlxcli.errors import NodeLimitExceeded, TimeLimitExceeded
from dlxcli.exact_cover import Budget, ExactCover, Stats
from random_problems import pigeons, problems

AUTO, SINGLES, LEARN = (Budget(reason=reason) for reason in ("auto", "singles", "learn"))
FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DLXCLI = [sys.executable, "-m", "dlxcli"]
C_ONLY = pytest.mark.skipif(engine.ENGINE != "c", reason="seconds of search: the C twin's")


@contextlib.contextmanager
def short_rounds(auto_nodes=1, steps=2, worth=6):
    """The portfolio with tiny turns: DLX alone for `auto_nodes`, then `steps` Learner
    steps and a few DLX nodes a round."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategies, "AUTO_NODES", auto_nodes)
        patch.setattr(strategies, "ROUND_STEPS", steps)
        patch.setattr(strategies, "NODE_WORTH", worth)
        yield


def complete_graph(n):
    """Perfect matchings of K_n: items the vertices, options the edges."""
    return ExactCover(n, 0, [[u, v] for u in range(n) for v in range(u + 1, n)])


def mutilated_board(side=8):
    """Dominoes on a side x side board less two opposite corners: no tiling (the two
    corners have one color)."""
    cells = [(r, c) for r in range(side) for c in range(side)
             if (r, c) not in ((0, 0), (side - 1, side - 1))]
    index = {cell: k for k, cell in enumerate(cells)}
    options = [[index[(r, c)], index[(r + dr, c + dc)]] for r, c in cells
               for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in index]
    return ExactCover(len(cells), 0, options)


def double_factorial(n):
    return math.prod(range(n, 0, -2))


def covers(problem):
    return oracle.exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                               problem.forced, problem.colors)


# -- what each search alone answers ------------------------------------------------------------

@FAST
@given(problems())
def test_the_portfolio_answers_what_brute_force_answers(problem):
    every = covers(problem)
    cover = ExactCover(problem.n_primary, problem.n_secondary, problem.options,
                       colors=problem.colors)
    with short_rounds():
        first = cover.first(forced=problem.forced, budget=AUTO)
        two = list(cover.solutions(forced=problem.forced, limit=2, budget=AUTO))
    assert (first is None) == (not every)
    assert first is None or frozenset(first) in every
    assert len(two) == len(set(map(frozenset, two))) == min(2, len(every))
    assert set(map(frozenset, two)) <= every


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 9])
def test_perfect_matchings_of_complete_graphs(n):
    problem = complete_graph(n)
    with short_rounds():
        first = problem.first(budget=AUTO)
        two = problem.count(limit=2, budget=AUTO)
    expected = double_factorial(n - 1) if n % 2 == 0 else 0
    assert two == min(2, expected)
    if expected:
        assert sorted(v for j in first for v in problem.definition[2][j]) == list(range(n))
    else:
        assert first is None
    assert problem.count(budget=AUTO) == expected  # a count: DLX's


@pytest.mark.parametrize("holes", [3, 5, 6])
def test_pigeons_find_no_hole_each(holes):
    with short_rounds():
        assert ExactCover(*pigeons(holes)).first(budget=AUTO) is None


@FAST
@given(problems(), st.sampled_from([0, 1, 64]))
def test_a_count_under_the_portfolio_is_what_brute_force_counts(problem, most):
    """--count under auto (Portfolio.count): DLX's count and the Learner listing the
    solutions in turns, the Learner leaving past `most` solutions met by either."""
    cover = ExactCover(problem.n_primary, problem.n_secondary, problem.options,
                       colors=problem.colors)
    every = len(covers(problem))
    with short_rounds(), pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategies, "LEARNER_COUNTS_MOST", most)
        assert cover.count(forced=problem.forced, budget=AUTO) == every
        for limit in (3, 5, 65, 100):
            stats = Stats()
            assert cover.count(forced=problem.forced, limit=limit, budget=AUTO,
                               stats=stats) == min(limit, every) == stats.solutions


def test_a_count_the_learner_settles_is_the_learners_not_dlxs_enumeration():
    """The mutilated 8x8 board counted without a memo (as pack counts): dancing links
    enumerate 959,562 nodes to find no tiling, the Learner refutes it in some 1,500
    decisions. The portfolio's count stops with the Learner (before, a count under auto
    was DLX's alone: example21's `--count` ran past 40 s, its `--unique` took 8.5)."""
    board = mutilated_board()
    board.count_plainly()
    for limit in (None, 3, 100):  # stopped at 3 too (attack15b), and above 64 (session 16)
        stats = Stats()
        assert board.count(limit=limit, budget=AUTO, stats=stats) == 0
        assert stats.decisions > 0 and stats.nodes < 500_000


def test_a_count_of_many_solutions_stays_dlxs():
    """Queens 10 (724 solutions): past LEARNER_COUNTS_MOST solutions met the Learner
    leaves, and DLX counts on alone; its nodes are those of DLX alone, and the Learner's
    decisions a small part of them."""
    alone = Stats()
    queens = [[r, 10 + c, 20 + r + c, 48 + r - c] for r in range(10) for c in range(10)]
    assert ExactCover(20, 38, queens).count(budget=SINGLES, stats=alone) == 724
    stats = Stats()
    with short_rounds():
        assert ExactCover(20, 38, queens).count(budget=AUTO, stats=stats) == 724
    assert 0 < stats.decisions < alone.nodes // 4
    assert stats.nodes - stats.decisions == alone.nodes


# -- the portfolio is never the slow choice ------------------------------------------------------

def test_the_learner_answers_the_mutilated_board_while_dlx_is_at_it():
    """Dancing links need 959,562 nodes to refute the mutilated 8x8 board (as for the
    search alone, below), the Learner 1,458 decisions: the portfolio stops with the
    Learner, long before DLX would (the old auto did too, after 100,000 nodes)."""
    stats = Stats()
    assert mutilated_board().first(budget=AUTO, stats=stats) is None
    assert stats.learning == 1
    assert stats.nodes < 500_000


def test_dlx_answers_a_complete_graph_while_the_learner_is_at_it():
    """K13 has no perfect matching. DLX alone refutes it in 70,000-odd nodes; the Learner
    alone takes tens of thousands of decisions (seconds on the C twin, minutes on the
    Python one). With DLX's first turn cut to 1,000 nodes, the portfolio must still let
    DLX finish: its nodes are DLX's own, and the Learner's decisions a small share of
    them (the old auto gave the Learner every step after AUTO_NODES: it fails here)."""
    alone = Stats()
    assert complete_graph(13).first(budget=SINGLES, stats=alone) is None
    stats = Stats()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategies, "AUTO_NODES", 1_000)
        assert complete_graph(13).first(budget=AUTO, stats=stats) is None
    assert stats.learning == 1
    assert stats.nodes - stats.decisions == alone.nodes
    assert stats.decisions <= alone.nodes // 16


def test_the_answer_and_its_figures_are_the_same_on_every_run():
    """Turns are counted in nodes and steps, never seconds."""
    asked = []
    for _ in range(3):
        stats = Stats()
        problem = complete_graph(10)
        with short_rounds(steps=5, worth=40):
            listed = list(problem.solutions(limit=2, budget=AUTO, stats=stats))
        asked.append((listed, stats.as_dict() | {"seconds": 0}))
    assert asked[0] == asked[1] == asked[2]


# -- limits ----------------------------------------------------------------------------------

@pytest.mark.parametrize("limit", [1, 50, 1_000, 1_001, 1_500, 4_000])
def test_the_node_limit_counts_the_nodes_of_both_searches(limit):
    """The node limit holds over the query: DLX's nodes and the Learner's decisions
    together, exactly. A limit of DLX's first turn exactly builds no Learner (`-v`
    showed "learning search (1 query): 0 decisions")."""
    stats = Stats()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategies, "AUTO_NODES", 1_000)
        with pytest.raises(NodeLimitExceeded) as stopped:
            complete_graph(13).first(budget=Budget(node_limit=limit), stats=stats)
    assert stopped.value.nodes == limit == stats.nodes
    assert (stats.learning == 1) == (limit > 1_000)


def test_a_time_limit_stops_the_portfolio():
    began = time.perf_counter()
    stats = Stats()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategies, "AUTO_NODES", 1_000)
        with pytest.raises(TimeLimitExceeded) as stopped:
            complete_graph(19).first(budget=Budget(timeout=0.3), stats=stats)
    assert time.perf_counter() - began < 5
    assert stopped.value.nodes == stats.nodes > 1_000
    assert stats.learning == 1


def k_n_file(tmp_path, n):
    path = tmp_path / f"k{n}.txt"
    path.write_text(" ".join(f"v{u}" for u in range(n)) + "\n" + "".join(
        f"v{u} v{v}\n" for u in range(n) for v in range(u + 1, n)))
    return path


@C_ONLY
def test_the_command_line_stops_the_portfolio_at_its_time_limit(tmp_path):
    result = subprocess.run(DLXCLI + ["matrix", "--timeout", "0.5", k_n_file(tmp_path, 19)],
                            capture_output=True, timeout=60)
    assert result.returncode == 3 and result.stdout == b""
    assert b"time limit" in result.stderr and b"Traceback" not in result.stderr


@C_ONLY
@pytest.mark.parametrize("after", [0.3, 0.9, 1.5])
def test_ctrl_c_stops_the_portfolio_at_any_moment(tmp_path, after):
    """K19: DLX and the Learner change hands every few hundredths of a second; an
    interrupt lands in either, or between them."""
    process = subprocess.Popen(DLXCLI + ["matrix", k_n_file(tmp_path, 19)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    time.sleep(after)
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert stderr.decode().strip().endswith("dlxcli: interrupted")
    assert b"Traceback" not in stderr and stdout == b""


@C_ONLY
def test_the_command_line_answers_k15_within_twice_the_nodes_of_dancing_links(tmp_path):
    """K15: DLX 0.2 s, the Learner alone over 10 s; the old auto (DLX for 100,000
    nodes, then the Learner for good) took 17 s. The portfolio's node limit counts DLX
    nodes and Learner decisions: twice DLX's own nodes are enough for it to answer."""
    path = k_n_file(tmp_path, 15)
    singles = subprocess.run(DLXCLI + ["matrix", "--reason", "singles", "--format", "json",
                                       path], capture_output=True, timeout=60)
    nodes = json.loads(singles.stdout)["stats"]["nodes"]
    auto = subprocess.run(DLXCLI + ["matrix", "--node-limit", str(2 * nodes), path],
                          capture_output=True, timeout=120)
    assert auto.returncode == 0 and auto.stdout == b"No Solution!\n"


def test_the_progress_of_the_portfolio_moves_and_never_goes_back():
    """A first solution's search says nothing of when it ends: through both searches'
    turns the progress shows no part done (no fake 0%), nodes that never go back and
    the deepest level seen; the Learner's turns add its conflicts."""
    reports = []
    with short_rounds(auto_nodes=50, steps=3, worth=60), \
            pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "SLICE", 7)
        assert complete_graph(11).first(budget=Budget(
            progress=lambda fraction, nodes, _found, **more: reports.append(
                (fraction, nodes, more)))) is None
    assert {fraction for fraction, _, _ in reports} == {None}
    nodes = [count for _, count, _ in reports]
    assert nodes == sorted(nodes) and nodes[-1] > 0
    assert any("conflicts" in more for _, _, more in reports)
    assert all(more["depth"] >= 1 for _, _, more in reports[-3:])
