"""Clause sharing between the Learners of a verdict's cubes (branch share29;
docs/parallel.md, "Sharing what the Learner learned"): each cube's Learner, once its
cube is done, gives its level-0 facts and short learned clauses to the others
(`strategies.KeptLearner.give` / `take`, carried by `parallel.Cubed` and the next
cube's first task), on the twin DLXCLI_ENGINE picked.

Layer: tests. Golden answers come from brute force (oracle.py) and from counting (the
perfect matchings of K_n: (n-1)!! for n even, none for n odd), never from the code
under test. The verdicts run in this process (test_race_cubes' `Inline` executor), the
Learner alone on the cubes (--reason learn: DLX would answer the small ones and share
nothing), every cube under way cut when a process waits (the tail split, whose pieces
search beside their cube: where a clause learned with a solution forbidden can reach
another Learner whose piece holds that solution).
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import oracle
from dlxcli import engine, learner_cut, parallel, strategies
from dlxcli.exact_cover import Budget
from dlxcli.parallel import Split
from random_problems import problems
from test_portfolio import complete_graph, mutilated_board, short_rounds
from test_race import FEW, cover_of
from test_race_cubes import Inline


def double_factorial(n):
    return 1 if n <= 1 else n * double_factorial(n - 2)


def shared_verdict(monkeypatch, problem, forced, limit, jobs, cubes_per_job, warm_steps=0,
                   everything=False):
    """(the verdict's solutions, the conquest) of a count to `limit` over `jobs` Inline
    processes, the Learner alone on `cubes_per_job` cubes a job, any cube under way cut
    when a process waits; `everything`: every clause shared, whatever its length, LBD or
    options (the riskiest sharing: clauses learned with solutions forbidden reach every
    Learner, those of a cube's own assumptions too)."""
    if everything:
        monkeypatch.setattr(parallel.cubes, "SHARE_MAX_LEN", 10**9)
        monkeypatch.setattr(parallel.cubes, "SHARE_MAX_LBD", 10**9)
        monkeypatch.setattr(strategies.KeptLearner, "_met", lambda kept, prefix: set())
    monkeypatch.setattr(parallel.cubes, "Processes", Inline)
    monkeypatch.setattr(learner_cut, "WARM_STEPS", warm_steps)
    monkeypatch.setattr(parallel.cubes, "CUBES_PER_JOB", cubes_per_job)
    monkeypatch.setattr(parallel.cubes, "SPLIT_AFTER_ROUNDS", 0)
    monkeypatch.setattr(parallel.cubes, "CHUNK_TURNS", 1)
    budget = Budget(reason="learn", split=Split(jobs=jobs, probe=0.0))
    conquest = parallel.cubes._Conquering(problem, list(forced), limit, budget, auto=False)
    with short_rounds():
        found = conquest.run(budget.split)
    return found, conquest


def is_matching(n, problem, solution):
    """The options chosen cover each of K_n's vertices once."""
    covered = sorted(vertex for j in solution for vertex in problem.definition[2][j])
    return covered == list(range(n))


@pytest.mark.parametrize("everything", [False, True], ids=["as built", "everything"])
@pytest.mark.parametrize("n, limit, jobs, cubes_per_job", [
    (8, 1000, 2, 4), (8, 2, 3, 2), (9, 1000, 4, 2), (10, 1000, 3, 2), (10, 1, 4, 1),
    (10, 2, 2, 8)])
def test_shared_clauses_keep_the_count_of_matchings(monkeypatch, n, limit, jobs,
                                                    cubes_per_job, everything):
    """K_n's perfect matchings counted to `limit` over 2 to 4 jobs, the cubes' Learners
    sharing clauses (as built, or every clause: then those learned with the matchings
    found forbidden reach the others): the count is (n-1)!! (none for n odd) up to the
    limit, each a matching, each once. (As built, K_n shares nothing: every short clause
    a cube learns names an edge its prefix meets.)"""
    problem = complete_graph(n)
    found, conquest = shared_verdict(monkeypatch, problem, [], limit, jobs, cubes_per_job,
                                     everything=everything)
    every = 0 if n % 2 else double_factorial(n - 1)
    assert len(found) == min(every, limit)
    assert len(set(map(frozenset, found))) == len(found)
    assert all(is_matching(n, problem, solution) for solution in found)
    if everything and limit == 1000:
        assert sum(len(clauses) for _, clauses in conquest.pool) > 100


@FEW
@given(problems(), st.sampled_from([1, 2, 1000]), st.sampled_from([2, 3, 4]),
       st.sampled_from([1, 2, 4]), st.booleans())
def test_shared_clauses_keep_the_brute_force_count(problem, limit, jobs, cubes_per_job,
                                                   everything):
    """Random exact covers (secondary items, colors, forced options) counted to 1, 2 and
    1000 over 2 to 4 jobs with clauses shared (as built, or every clause): what brute
    force counts, up to the limit, real solutions, each once."""
    every = set(map(frozenset, oracle.exact_covers(
        problem.n_primary, problem.n_secondary, problem.options, problem.forced,
        problem.colors)))
    with pytest.MonkeyPatch.context() as patch:
        found, _ = shared_verdict(patch, cover_of(problem), problem.forced, limit, jobs,
                                  cubes_per_job, warm_steps=20, everything=everything)
    assert len(found) == min(len(every), limit)
    assert set(map(frozenset, found)) <= every


def test_a_learner_gives_each_clause_once_and_none_of_its_cube():
    """`give` after a cube of the mutilated 8x8 board (a domino's cells as its prefix):
    short clauses, none naming an option the prefix meets (a domino on one of its two
    cells), and a second `give` has none new; a Learner that `take`s them holds them
    and does not give them back."""
    problem = mutilated_board(8)
    options = problem.definition[2]
    kept = strategies.KeptLearner(problem, [])
    prefix = [20]
    kept.learner.start(kept.remainder.inside(prefix))
    assert kept.learner.run(10**9) == engine.EXHAUSTED
    given_ = kept.give(prefix, 8, 3)
    assert given_ and all(len(clause) <= 8 for clause in given_)
    met = {kept.remainder.index[j] for j, domino in enumerate(options)
           if set(domino) & set(options[20])}
    assert not any(lit >> 1 in met for clause in given_ for lit in clause)
    assert kept.give(prefix, 8, 3) == []
    other = strategies.KeptLearner(problem, [])
    other.take(given_)
    assert other.learner.clauses + len(other.learner.learnts(1, 0)) >= len(given_)
    assert not set(other.give([], 8, 3)) & set(given_)


def test_a_cube_reported_anew_keeps_the_solutions_known_of_it():
    """A cube that starts again elsewhere (a cluster worker that did not run its earlier
    tasks) reports its solutions anew; those known of it before stay counted (a clause
    shared meanwhile may keep its new search from finding them again)."""
    conquest = parallel.cubes._Conquering(complete_graph(4), [], 1000, Budget(), auto=False)
    conquest._know(3, [[0, 5]])
    conquest._know(3, [[1, 4]])
    conquest._know(3, [[1, 4], [0, 5]])
    assert conquest.known[3] == [[0, 5], [1, 4]]
