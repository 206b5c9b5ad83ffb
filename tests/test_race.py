"""One hard query raced over the jobs (dlxcli.parallel.race): a first solution and a count
stopped at 2 under --reason auto (and the count under learn), the portfolio's searches
each on its own process, on the twin DLXCLI_ENGINE picked (CI and the helpers run this
file once per twin).

Layer: tests. The expected answers come from the sequential query (`--jobs 1`: the race
must reproduce it exactly, its order included), from brute force (oracle.py) and from
counting (perfect matchings of K_n: (n-1)!! for n even, none for n odd), never from a
figure the race printed. The portfolio's rounds are shrunk here (a few steps and nodes
each) so that small problems reach the race; a pool's workers are forked from the test
process, and so run with the same shrunk rounds.
"""

import json
import os
import signal
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cli
import oracle
from dlxcli import engine, learner_cut, parallel, strategies
from dlxcli.errors import NodeLimitExceeded
from dlxcli.exact_cover import Budget, ExactCover, Stats
from dlxcli.parallel import Split
from processes import children, group_alive, kill_group
from random_problems import problems
from test_parallel import queens_definition
from test_portfolio import complete_graph, mutilated_board, short_rounds

FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DLXCLI = [sys.executable, "-m", "dlxcli"]
C_ONLY = pytest.mark.skipif(engine.ENGINE != "c", reason="seconds of search: the C twin's")
GECODE = os.path.join(os.path.dirname(__file__), "..", "bench", "data", "gecode25")


def raced(reason="auto", jobs=2):
    """A budget whose hard queries race over `jobs` processes, started at once."""
    return Budget(reason=reason, split=Split(jobs=jobs, probe=0.0))


def cover_of(problem):
    return ExactCover(problem.n_primary, problem.n_secondary, problem.options,
                      colors=problem.colors)


def answers(cover, forced, budget):
    """(first solution under auto, count to 2 under auto, count to 2 under learn)."""
    return (cover.first(forced=forced, budget=budget),
            cover.count(forced=forced, limit=2, budget=budget),
            cover.count(forced=forced, limit=2, budget=budget.reasoning("learn")))


@FEW
@given(problems())
def test_a_race_answers_what_jobs_1_answers(problem):
    cover = cover_of(problem)
    with short_rounds():
        alone = answers(cover, problem.forced, Budget())
        together = answers(cover, problem.forced, raced())
    assert together == alone
    every = oracle.exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                                problem.forced, problem.colors)
    assert together[1] == together[2] == min(len(every), 2)


def first_alone(member):
    """A portfolio member's first solution, run alone to its end (None: none)."""
    member.turn(None, Budget())
    return member.found[0] if member.found else None


def trapped_board(side, trap_first):
    """Dominoes on a side x side board, and a primary item s with two options: "free"
    (s alone) and "trap" (s with two opposite corners: the rest is the mutilated board,
    no tiling). DLX chooses s first (it has the fewest options) and tries them in order:
    trap first, it refutes the mutilated board before its first tiling (thousands of
    nodes), and the Learner's turn comes first; trap last, it tiles at once."""
    cells = [(r, c) for r in range(side) for c in range(side)]
    index = {cell: k + 1 for k, cell in enumerate(cells)}
    dominoes = [[index[(r, c)], index[(r + dr, c + dc)]] for r, c in cells
                for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in index]
    trap, free = [0, index[(0, 0)], index[(side - 1, side - 1)]], [0]
    return ExactCover(len(cells) + 1, 0,
                      ([trap, free] if trap_first else [free, trap]) + dominoes)


@pytest.mark.parametrize("trap_first, winner", [(True, "learner"), (False, "dlx")])
def test_the_winner_is_the_member_jobs_1_hears_from_first(trap_first, winner):
    """DLX and the Learner find different first tilings; the race prints the one of
    the member whose turn comes first in jobs 1's order."""
    problem = trapped_board(6, trap_first)
    with short_rounds():
        alone = problem.first(budget=Budget())
        dlx = first_alone(strategies.dancing_member(problem, [], Budget(), 1))
        learner = first_alone(strategies.learning_member(problem, [], Budget(), 1))
        assert dlx != learner and alone == (dlx if winner == "dlx" else learner)
        assert problem.first(budget=raced()) == alone


@pytest.mark.parametrize("n", [5, 7, 8, 9, 10])
def test_three_jobs_give_the_answers_of_jobs_1(n):
    """Three jobs: a count cut into cubes over two workers and this process; a first
    solution races the portfolio's two searches only. Perfect matchings of K_n: none
    for n odd, (n-1)!! for n even."""
    problem = complete_graph(n)
    with short_rounds():
        assert problem.count(limit=2, budget=raced(jobs=3)) == (0 if n % 2 else 2)
        assert problem.count(limit=2, budget=raced("learn", jobs=3)) == (0 if n % 2 else 2)
        assert problem.first(budget=raced(jobs=3)) == problem.first(budget=Budget())


# -- a whole count under auto over the jobs: DLX's count beside cubes where it has few --------

def split_counts_started(patch):
    """The split counts (DLX's, over the jobs) started from now on: a list that grows."""
    started = []
    split_count = parallel.split._split_count

    def recorded(*args):
        started.append(args)
        return split_count(*args)
    patch.setattr(parallel.split, "_split_count", recorded)
    return started


def dlx_counts_done(patch):
    """How many of the counts beside cubes that start from now on DLX's count ended:
    a list of one number that grows."""
    done = [0]
    turn = strategies.Counting.turn

    def recorded(self, units, budget):
        ended = turn(self, units, budget)
        done[0] += ended
        return ended
    patch.setattr(strategies.Counting, "turn", recorded)
    return done


@FEW
@given(problems())
def test_a_count_over_two_jobs_is_brute_forces_and_few_need_no_split_count(problem):
    """A count (of every solution) under auto over two jobs: brute force's count, the
    figures' solutions that count (none of those met before a split count), and no
    split count started where there are LEARNER_COUNTS_MOST or fewer (unless the forced
    options cannot be the Learner's: --jobs 1's count is DLX's alone there)."""
    cover = cover_of(problem)
    every = oracle.exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                                problem.forced, problem.colors)
    stats, spent = Stats(), Stats()
    budget = Budget(split=Split(jobs=2, probe=0.0), spent=spent)
    with short_rounds(), pytest.MonkeyPatch.context() as patch:
        started = split_counts_started(patch)
        assert cover.count(forced=problem.forced, budget=budget, stats=stats) == len(every)
    assert stats.solutions == spent.solutions == len(every)
    if len(every) <= strategies.LEARNER_COUNTS_MOST and \
            strategies.learnable(cover, problem.forced):
        assert started == []


@pytest.mark.parametrize("n", [7, 9])
def test_no_perfect_matching_is_counted_without_a_split_count(n):
    """K_n for n odd (no perfect matching): past DLX's first turn, DLX's count beside
    the cubes says none, and no split count starts; its costs count in (DLX's first
    turn among them)."""
    stats = Stats()
    with short_rounds(auto_nodes=20), pytest.MonkeyPatch.context() as patch:
        started = split_counts_started(patch)
        assert complete_graph(n).count(budget=raced(), stats=stats) == 0
    assert started == [] and stats.solutions == 0 and stats.nodes >= 20


def test_a_count_with_many_solutions_is_the_split_counts_with_its_figures():
    """Queens 8 (92 solutions; OEIS A000170): DLX's first turn too short to end it and
    under LEARNER_COUNTS_MOST solutions, so DLX's count goes on beside the cubes, one
    of which meets 65 solutions, and the split count answers: 92 solutions in the
    figures (not 92 and those met before), the nodes of all the searches."""
    cover = ExactCover(*queens_definition(8))
    stats, spent, alone = Stats(), Stats(), Stats()
    with short_rounds(auto_nodes=20), pytest.MonkeyPatch.context() as patch:
        started = split_counts_started(patch)
        assert cover.count(budget=Budget(split=Split(jobs=2, probe=0.0), spent=spent),
                           stats=stats) == 92
    assert len(started) == 1
    assert stats.solutions == spent.solutions == 92
    cover.count(budget=Budget(reason="singles", split=Split(jobs=2, probe=0.0)), stats=alone)
    assert stats.nodes > alone.nodes + 20


@pytest.mark.parametrize("name, problem", [("K21", lambda: complete_graph(21)),
                                           ("mutilated 14x14", lambda: mutilated_board(14))])
def test_a_pigeonhole_counted_over_two_jobs_is_dlxs_memo_count(name, problem):
    """No cover, and DLX's count with its memo proves it in about 190,000 nodes (past
    its first turn), where the cubes' searches (without a memo) run for minutes: the
    count over two jobs is that count's, as --jobs 1's is, not the cubes'. (Cut into
    cubes on both jobs at first, it ran past 60 s.)"""
    stats = Stats()
    with pytest.MonkeyPatch.context() as patch:
        started, done = split_counts_started(patch), dlx_counts_done(patch)
        assert problem().count(budget=Budget(split=Split(jobs=2, probe=0.0), timeout=60),
                               stats=stats) == 0
    assert started == [] and done == [1] and stats.memo[1] > 0  # hits


@FEW
@given(problems(), st.sampled_from([3, 5, 65, 100]))
def test_a_count_stopped_at_a_limit_over_two_jobs_is_brute_forces(problem, limit):
    """A count stopped at 3 or more under auto over two jobs (DLX's count beside cubes
    counting to the limit, or to 65 and then DLX's alone to the limit): brute force's
    count, or the limit; the figures' solutions the same."""
    cover = cover_of(problem)
    every = oracle.exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                                problem.forced, problem.colors)
    stats = Stats()
    with short_rounds():
        assert cover.count(forced=problem.forced, limit=limit, stats=stats,
                           budget=Budget(split=Split(jobs=2, probe=0.0))) == \
            min(len(every), limit) == stats.solutions


@pytest.mark.parametrize("limit", [None, 5, 100])
@pytest.mark.parametrize("jobs", [1, 2])
def test_k21_counted_to_a_limit_is_dlxs_memo_count_too(limit, jobs):
    """K21's matchings counted to 5 or 100: none, in the time of the whole count (DLX's
    memo, past its first turn), on one job or two. Stopped at 3 to 64 the count was the
    portfolio's solutions listed, DLX's without a memo, and above 64 DLX's list: a
    count to 5 ran for minutes where the whole count took 0.1 s."""
    stats = Stats()
    budget = Budget(timeout=60) if jobs == 1 else Budget(split=Split(jobs=2, probe=0.0),
                                                          timeout=60)
    assert complete_graph(21).count(limit=limit, budget=budget, stats=stats) == 0
    assert stats.memo[1] > 0  # hits: DLX's count with its memo


def example19_times(ways):
    """Gecode's example19 (one solution) with one more primary item that `ways` options
    of it alone cover: `ways` solutions, which only the Learner lists in seconds.
    (problem, forced options)."""
    from dlxcli.puzzles import sudoku
    with open(hard("example19")) as lines:
        (puzzle,), _ = sudoku.parse_lines(lines.read().strip())
    grid = sudoku.sudoku_grid(puzzle.side)
    n_primary, n_secondary, options, _, _ = grid.problem.definition
    moved = [[item + (item >= n_primary) for item in option] for option in options]
    return (ExactCover(n_primary + 1, n_secondary, moved + [[n_primary]] * ways),
            grid.forced(puzzle.givens))


@C_ONLY
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_count_stopped_above_its_count_of_65_is_the_learners(jobs):
    """A 25x25 with 65 solutions counted to 66 and 100: 65, the Learner listing them to
    the limit on one job or over two (cubes to the limit). The Learner left at 64 solutions,
    so DLX alone ran for minutes, where the limit 65 answered in a second (attack16b)."""
    problem, forced = example19_times(65)
    for limit in (66, 100):
        stats = Stats()
        budget = Budget(timeout=60) if jobs == 1 else Budget(split=Split(jobs=2, probe=0.0),
                                                              timeout=60)
        assert problem.count(forced=forced, limit=limit, budget=budget, stats=stats) == 65
        assert stats.solutions == 65


@C_ONLY
def test_a_hard_25x25_counted_over_two_jobs_comes_back_as_over_one():
    """`sudoku --count --jobs 2` on Gecode's example19: DLX's split count alone
    (`--reason singles`) does not end in 10 s here; --jobs 1 counts it as the portfolio
    does, the Learner beside DLX, and --jobs 2 cuts it into cubes beside DLX's count."""
    done = subprocess.run(DLXCLI + ["sudoku", "--count", "--jobs", "2", "--timeout", "60",
                                    hard("example19")], capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, done.stdout) == (0, "1\n"), done.stderr


# -- a verdict cut into cubes (cube and conquer) -----------------------------------------------

@FEW
@given(problems(), st.sampled_from([1, 2, 3]), st.booleans(), st.sampled_from([1, 3, 16]))
def test_a_cube_verdict_counts_what_brute_force_counts(problem, limit, auto, every):
    """A Verdict (a cube's search: DLX in one round of `every`, and the Learner, each on
    its own) counts to its limit what brute force counts, with real solutions."""
    cover = cover_of(problem)
    every_cover = oracle.exact_covers(problem.n_primary, problem.n_secondary,
                                      problem.options, problem.forced, problem.colors)
    with short_rounds():
        verdict = strategies.Verdict(cover, problem.forced, Budget(), limit, auto, every)
        while not verdict.turn(Budget()):
            pass
    assert len(verdict.found) == min(len(every_cover), limit)
    assert {frozenset(found) for found in verdict.found} <= set(map(frozenset, every_cover))


@FEW
@given(problems(), st.sampled_from([2, 5, 100]), st.booleans())
def test_a_verdicts_news_give_each_solution_it_knows_once(problem, limit, auto):
    """A cube's reports carry its news, the solutions found since the report before
    (attack18d: all of them each time, a count to 200,000 took minutes over two jobs):
    called after each turn, they give each solution once, and all those it knows in the
    end, its count's among them."""
    cover = cover_of(problem)
    given = []
    with short_rounds():
        verdict = strategies.Verdict(cover, problem.forced, Budget(), limit, auto)
        while not verdict.turn(Budget()):
            given += verdict.news()
    given += verdict.news()
    assert len(set(map(frozenset, given))) == len(given)
    assert set(map(frozenset, given)) >= set(map(frozenset, verdict.found))
    assert verdict.news() == []


@C_ONLY
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_count_to_a_large_limit_is_no_slower_by_far_over_two_jobs(jobs):
    """The empty 9x9 sudoku counted to 200,000, on one job or over two: the cubes list
    solutions to the limit beside DLX's count, and every report carried, merged and
    hashed all they had found, and the verdict counted them again at every step:
    minutes, where one job counts in a second (attack18d; now some seconds)."""
    from dlxcli.puzzles import sudoku
    split = None if jobs == 1 else Split(jobs=2, probe=0.0)
    stats = Stats()
    assert sudoku.sudoku_grid(9).problem.count(
        limit=200_000, budget=Budget(split=split, timeout=60), stats=stats) == 200_000
    assert stats.solutions == 200_000


class Conquests:
    """The _Conquering objects a test's races made (this process's side), their cut
    the Learner's without its warm-up (which answers these small counts alone)."""

    def __init__(self, monkeypatch):
        self.made = []
        monkeypatch.setattr(learner_cut, "WARM_STEPS", 0)
        run = parallel.cubes._Conquering.run

        def recorded(conquest, split):
            self.made.append(conquest)
            return run(conquest, split)
        monkeypatch.setattr(parallel.cubes._Conquering, "run", recorded)


@pytest.mark.parametrize("reason", ["auto", "learn"])
@pytest.mark.parametrize("n, expected, all_done", [(11, 0, True), (12, 2, False)])
def test_a_verdict_is_cut_into_cubes_and_stops_at_its_limit(monkeypatch, reason, n, expected,
                                                            all_done):
    """Past the first turn, --unique over 2 jobs cuts the search into about
    CUBES_PER_JOB cubes a job: with no solution (K11) every cube is counted; with
    10395 (K12) the count stops once two are found, cubes left unsearched."""
    conquests = Conquests(monkeypatch)
    with short_rounds():
        assert complete_graph(n).count(limit=2, budget=raced(reason)) == expected
    [conquest] = conquests.made
    assert len(conquest.prefixes) >= 2 * parallel.cubes.CUBES_PER_JOB
    assert (conquest.left == 0) == all_done
    assert conquest.workers is not None and conquest.workers.size == 1


def test_no_more_workers_than_cubes(monkeypatch):
    """A cut of one cube (a root that is a solution) starts no worker; two cubes, one
    (the Learner's cut without its warm-up, which would answer these alone)."""
    monkeypatch.setattr(learner_cut, "WARM_STEPS", 0)
    for problem, solutions, workers in ((ExactCover(1, 0, [[0]]), [[0]], 0),
                                        (ExactCover(2, 0, [[0], [1], [0, 1]]), [[2], [0, 1]], 1)):
        budget = raced(jobs=3)
        conquest = parallel.cubes._Conquering(problem, [], 2, budget, True)
        try:
            assert conquest.run(budget.split) == solutions
            assert conquest.workers.size == workers and conquest.left == 0
        finally:
            conquest.close()


def test_cubes_that_dlx_answers_keep_its_turns():
    """DLX's share of a cube's rounds follows who answered the cubes before: on a
    pigeonhole (K13, no perfect matching; the Learner needs thousands of conflicts
    there) DLX answers the cubes and keeps a turn every round or two."""
    conquest = parallel.cubes._Conquering(complete_graph(13), [], 2, raced(), True)
    with short_rounds(auto_nodes=50):
        assert conquest.run(Split(jobs=1, probe=0.0)) == []
    assert conquest.left == 0 and conquest.dlx_every <= 2


def test_cubes_the_learner_answers_make_dlx_turns_rare():
    """Each cube the Learner answers doubles the rounds between DLX's turns (up to
    DLX_EVERY_MOST), each DLX answers halves them."""
    conquest = parallel.cubes._Conquering(complete_graph(4), [], 2, raced(), True)
    seen = []
    for by_dlx in [False] * 6 + [True, True, False]:
        conquest._done(SimpleNamespace(found=[], by_dlx=by_dlx))
        seen.append(conquest.dlx_every)
    assert seen == [2, 4, 8, 16, 16, 16, 8, 4, 8]


@FEW
@given(problems(), st.sampled_from([1, 2, 3]))
def test_cubes_sharing_a_kept_learner_count_what_brute_force_counts(problem, limit):
    """The cubes a process searches share its Learner (strategies.KeptLearner), each
    cube's prefix given as assumptions, the solutions found forbidden for good: each
    cube still counts the covers that hold its prefix, even where a cube takes the
    Learner back from another (a stale task of a cube on a cluster): here each cube's
    first round, then each cube to its end."""
    cover = cover_of(problem)
    every_cover = set(map(frozenset, oracle.exact_covers(
        problem.n_primary, problem.n_secondary, problem.options, problem.forced,
        problem.colors)))
    prefixes = [problem.forced + list(prefix)
                for prefix, _ in cover.frontier(forced=problem.forced, min_open=4)]
    kept = strategies.KeptLearner(cover, problem.forced)
    with short_rounds():
        verdicts = [strategies.Verdict(cover, prefix, Budget(), limit, False, kept=kept)
                    for prefix in prefixes]
        for verdict in verdicts + verdicts:
            while not verdict.turn(Budget()) and verdict.turns > 1:
                pass
    for prefix, verdict in zip(prefixes, verdicts):
        holding = {found for found in every_cover if found >= set(prefix)}
        assert len(verdict.found) == min(len(holding), limit)
        assert set(map(frozenset, verdict.found)) <= holding


def conflicts_over(path, jobs, *words):
    """The Learner's conflicts of `dlxcli matrix --unique` on `path` (its JSON stats)."""
    result = cli.run("matrix", "--unique", "--format", "json", "--jobs", jobs, *words, path)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["stats"]["learning"]["conflicts"]


def test_a_parity_proof_cut_into_cubes_is_not_proved_again_in_each(tmp_path, monkeypatch):
    """The mutilated 8x8 board (dominoes, two opposite corners out: no tiling) is a
    parity argument, which the Learner proves (1,298 conflicts). Cut into 32 cubes over 2
    jobs, each cube's fresh Learner proved it again: 7,510 conflicts on 021af40, and
    on the 12x12 more than 60 s against 15.6 s with --jobs 1. A Learner kept by each
    process over its cubes reuses what it learned: 2,000 to 2,500 conflicts."""
    monkeypatch.setenv("DLXCLI_SPLIT_PROBE", "0")  # cubes at once: no probe of the whole
    path = matrix_file(tmp_path, mutilated_board(8))
    alone = conflicts_over(path, 1, "--reason", "learn")
    assert alone > 0
    assert conflicts_over(path, 2, "--reason", "learn") <= 3 * alone


@C_ONLY
@pytest.mark.slow
def test_the_portfolio_over_cubes_proves_the_parity_board_once_a_process(tmp_path):
    """The same under auto, the issue's case: the mutilated 10x10 board, which DLX
    cannot refute in millions of nodes, --unique --jobs 2 against --jobs 1: 220,090
    conflicts against 24,966 on 021af40 (2.67 s against 0.77 s), 52,000 to 57,000
    with a Learner kept a process."""
    path = matrix_file(tmp_path, mutilated_board(10))
    assert conflicts_over(path, 2) <= 3 * conflicts_over(path, 1)


def test_the_race_starts_its_members_only_past_dlx_first_turn(monkeypatch):
    """A query that DLX answers within AUTO_NODES (every judge's sudoku) never starts a
    worker; a harder one starts one, the portfolio's Learner, and its costs come back."""
    sizes = []
    made = parallel.Processes.__init__

    def recorded(self, shared, size, depth=2):
        sizes.append(size)
        made(self, shared, size, depth)
    monkeypatch.setattr(parallel.Processes, "__init__", recorded)
    assert complete_graph(8).first(budget=raced()) is not None
    assert sizes == []
    stats = Stats()
    with short_rounds(auto_nodes=50):
        assert trapped_board(6, True).first(budget=raced(), stats=stats) is not None
    assert sizes == [1]
    assert stats.learning == 1 and stats.decisions > 0 and stats.solutions == 1


def test_a_node_limit_or_jobs_1_is_the_sequential_query():
    """--node-limit counts the nodes of jobs 1's turns, which a race cannot stop at: a
    query with one is not raced, and stops where jobs 1 stops."""
    problem = mutilated_board(6)
    with short_rounds(auto_nodes=50):
        for budget in (Budget(node_limit=400), raced()):
            budget.node_limit = 400
            with pytest.raises(NodeLimitExceeded) as stopped:
                problem.first(budget=budget)
            assert stopped.value.nodes == 400


# -- the command line ------------------------------------------------------------------------

def matrix_file(tmp_path, problem):
    """`problem` as a matrix file: items named i0, i1, ..., one option a line."""
    n_primary, _, options, _, _ = problem.definition
    path = tmp_path / "problem.txt"
    path.write_text(" ".join(f"i{k}" for k in range(n_primary)) + "\n"
                    + "".join(" ".join(f"i{k}" for k in option) + "\n" for option in options))
    return path


CASES = {"k7": lambda: complete_graph(7), "k10": lambda: complete_graph(10),
         "one": lambda: ExactCover(5, 0, [[0, 1], [2, 3, 4], [0, 2], [1, 3], [0, 4],
                                          [1, 2, 3], [3, 4]]),
         "trap": lambda: trapped_board(6, True), "free": lambda: trapped_board(6, False)}
"""No solution (K7), one, many: K10 and the free board (DLX's first), the trapped board
(the Learner's first)."""


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("query", [[], ["--unique"], ["--count", "--limit", "1"],
                                   ["--format", "json"]])
def test_jobs_2_prints_the_bytes_of_jobs_1(tmp_path, case, query):
    """matrix prints a solution's options in the order found, so a wrong winner shows.
    (JSON: all but its costs, which a race spends otherwise, and which the clock's
    seconds make differ from run to run anyway.)"""
    path = matrix_file(tmp_path, CASES[case]())
    with short_rounds():
        one = cli.run("matrix", *query, "--jobs", "1", path)
        two = cli.run("matrix", *query, "--jobs", "2", path)
    assert two.exit_code == one.exit_code and two.stderr == one.stderr
    if "--format" in query:
        assert without_costs(two.stdout) == without_costs(one.stdout)
    else:
        assert two.stdout == one.stdout


def without_costs(text):
    record = json.loads(text)
    del record["stats"]
    return record


# -- stopping a race: no worker left, the usual statuses --------------------------------------

def hard(name="example26"):
    return os.path.join(GECODE, f"{name}.in")


def start(*args):
    return subprocess.Popen(DLXCLI + list(args), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)


def racing_workers(process, seconds=20):
    """The pool workers of a run once it races (its children), waiting for them."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        found = children(process.pid)
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("the run started no worker")


@C_ONLY
@pytest.mark.parametrize("query", [["--unique"], [], ["--count"]],
                         ids=["cubes", "race", "count"])
@pytest.mark.parametrize("ending, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_ends_a_race_with_no_worker_left(ending, status, query):
    """--unique: a verdict cut into cubes; a first solution: the portfolio's race; a
    count: the race to 2 before it."""
    process = start("sudoku", *query, "--jobs", "2", hard())
    try:
        racing_workers(process)
        time.sleep(0.3)
        os.killpg(process.pid, ending)
        stdout, stderr = process.communicate(timeout=30)
        assert process.returncode == status and stdout == b""
        assert b"Traceback" not in stderr
        assert group_alive(process.pid) == []
    finally:
        kill_group(process)


@C_ONLY
def test_a_time_limit_ends_a_race_with_no_worker_left():
    process = start("sudoku", "--unique", "--jobs", "2", "--timeout", "1.5", hard())
    try:
        stdout, stderr = process.communicate(timeout=60)
        assert process.returncode == 3 and stdout == b""
        assert b"time limit" in stderr and b"Traceback" not in stderr
        assert group_alive(process.pid) == []
    finally:
        kill_group(process)


@C_ONLY
def test_a_worker_killed_mid_proof_fails_the_puzzle_in_one_line():
    """A worker killed with a cube in hand fails the puzzle (one killed between two tasks
    is replaced and the proof goes on: so they are killed until one had a task)."""
    process = start("sudoku", "--unique", "--jobs", "2", hard())
    try:
        racing_workers(process)
        deadline = time.monotonic() + 60
        while process.poll() is None and time.monotonic() < deadline:
            for worker in children(process.pid):
                os.kill(worker, signal.SIGKILL)
            time.sleep(1)
        stdout, stderr = process.communicate(timeout=60)
        assert process.returncode == 2 and stdout == b""
        assert b"a worker process died (killed by signal 9" in stderr
        assert b"Traceback" not in stderr
        assert group_alive(process.pid) == []
    finally:
        kill_group(process)


def tasks_on_three_threads(monkeypatch, make_name, task):
    """Run `task(upto)` for upto 1, 2, 3, each on a thread of its own, all alive at
    once, with `strategies.make_name` counted; (the reports' turns, how many were made)."""
    import threading
    started = []
    make = getattr(strategies, make_name)

    def counted(*args, **kwargs):
        started.append(args)
        return make(*args, **kwargs)
    monkeypatch.setattr(strategies, make_name, counted)
    reports, over = [], threading.Event()

    def run(upto):
        reports.append(task(upto))
        over.wait()
    threads = []
    with short_rounds():
        for upto in (1, 2, 3):
            threads.append(threading.Thread(target=run, args=(upto,)))
            threads[-1].start()
            while len(reports) < upto and threads[-1].is_alive():
                time.sleep(0.01)
    over.set()
    for thread in threads:
        thread.join()
    return [report.turns for report in reports], len(started)


def test_a_member_goes_on_from_its_last_task_whichever_thread_runs_it(monkeypatch):
    """A Dask worker of several threads runs each task on a free thread: a member kept
    per thread started again on every task that landed on another thread, each task
    replaying all the turns before it (a first solution of example18 on one worker of 4
    threads: 40 s, each task longer than the last, against 4 s on threads of 1)."""
    monkeypatch.setattr(parallel.racing, "_racers", {})
    race = parallel.Race(trapped_board(6, True).definition, [], [], 1)
    assert tasks_on_three_threads(monkeypatch, "learning_member",
                                  lambda upto: parallel.race_turns(race, 0, upto)) == \
        ([1, 2, 3], 1)


def test_a_second_race_of_the_same_query_starts_its_member_afresh(monkeypatch):
    """A cluster's worker outlives a race, and the same query may be raced again on it:
    its member then starts afresh, as in any other race, not from where the last one
    left it (the member was named by the query: the second race's first task answered
    the first race's third turn, and its costs; fix12)."""
    monkeypatch.setattr(parallel.racing, "_racers", {})
    definition = trapped_board(6, True).definition
    with short_rounds():
        first = parallel.Race(definition, [], [], 1)
        reports = [parallel.race_turns(first, 0, upto) for upto in (1, 2, 3)]
        again = parallel.race_turns(parallel.Race(definition, [], [], 1), 0, 1)
    assert [report.turns for report in reports] == [1, 2, 3]
    assert not reports[-1].done
    assert (again.turns, again.done, again.found, again.nodes) == (
        1, reports[0].done, reports[0].found, reports[0].nodes)


def test_a_cube_goes_on_from_its_last_task_whichever_thread_runs_it(monkeypatch):
    """The same for a cube of a verdict: its Verdict is kept per cube, not per thread,
    and its tasks on three threads alive at once go on from each other's rounds."""
    monkeypatch.setattr(parallel.cubes, "_cubing", {})
    cubes = parallel.Cubes(trapped_board(6, True).definition, [], 2, True)
    assert tasks_on_three_threads(
        monkeypatch, "Verdict",
        lambda upto: parallel.cube_turns(cubes, 0, 0, [], 1, upto)) == ([1, 2, 3], 1)


# -- attack-cubes -----------------------------------------------------------------------------

def kept_by_definition(problem):
    """The options a Remainder keeps, written out from its definition: not forced, some
    item outside the forced options' items, and every item of them free or a secondary
    item of the same (non-zero) color."""
    taken = {}
    for j in problem.forced:
        for k, item in enumerate(problem.options[j]):
            taken[item] = problem.colors[j][k] if problem.colors is not None else 0

    def fits(j, k, item):
        color = problem.colors[j][k] if problem.colors is not None else 0
        return item not in taken or (item >= problem.n_primary and color and taken[item] == color)
    return [j for j, option in enumerate(problem.options)
            if j not in problem.forced and any(item not in taken for item in option)
            and all(fits(j, k, item) for k, item in enumerate(option))]


@FEW
@given(problems())
def test_a_remainder_keeps_the_options_its_definition_keeps(problem):
    """The options kept, and each one's items outside the forced options' (with their
    colors), numbered in order among the items left."""
    remainder = strategies.Remainder(cover_of(problem), problem.forced)
    kept = kept_by_definition(problem)
    assert remainder.kept == kept
    taken = {item for j in problem.forced for item in problem.options[j]}
    left = [item for item in range(problem.n_primary + problem.n_secondary)
            if item not in taken]
    assert remainder.options == [[left.index(item) for item in problem.options[j]
                                  if item not in taken] for j in kept]
    if problem.colors is not None:
        assert remainder.colors == [[color for item, color in zip(problem.options[j],
                                                                   problem.colors[j])
                                     if item not in taken] for j in kept]


def test_a_cube_without_colors_builds_its_remainder_without_a_test_per_item(monkeypatch):
    """Every cube of a verdict over the jobs builds a Remainder of its prefix: on a 25x25
    sudoku the test of each option's items in Python took 60 ms a cube, five times
    --jobs 1's whole --unique on a quick puzzle (example89: 1.16 s over 2 jobs against
    0.22 s). Without colors, an option is kept when it shares no item with the forced
    options: no per-item test."""
    def per_item(*args):
        raise AssertionError("a per-item test on a problem without colors")
    monkeypatch.setattr(strategies, "fits", per_item)
    problem = complete_graph(12)
    edges = problem.definition[2]
    remainder = strategies.Remainder(problem, [edges.index([0, 1]), edges.index([2, 3])])
    assert remainder.kept == [j for j, (u, v) in enumerate(edges)
                              if not {u, v} & {0, 1, 2, 3}]
