"""`dlxcli target-sudoku` (Luogu P1074): official samples, the data set's maxima, branch
and bound against full enumeration, no solution, bad input.

Layer: tests. Expected scores are the official samples, the maxima in
../shared/data/README.md (computed there by full enumeration with the seed program; those
tests need ../shared), and the brute-force oracle of tests/grid_oracle.py, which shares
nothing with dlxcli.
"""

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import runner
import grid_oracle as oracle
import paths
from dlxcli.exact_cover import Stats
from dlxcli.puzzles import target_sudoku

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles" / "target-sudoku"
DATA = paths.DATA / "target-sudoku"
SLOW_CASES = {"t14_g20"}
"""Over a second on the Python twin (100,000 branch-and-bound nodes)."""


run = runner("target-sudoku")


def givens(path):
    return list(map(int, path.read_text().split()))


@pytest.mark.parametrize("name", ["sample1", "sample2"])
def test_official_samples_byte_for_byte(name):
    result = run(str(PUZZLES / f"{name}.in"))
    assert result.exit_code == 0
    assert result.stdout == (PUZZLES / f"{name}.out").read_text()


def maybe_slow(name, value):
    return pytest.param(value, marks=pytest.mark.slow, id=name) if name in SLOW_CASES \
        else pytest.param(value, id=name)


@pytest.mark.parametrize("path", [maybe_slow(p.stem, p) for p in sorted(PUZZLES.glob("*.in"))])
def test_bundled_puzzles(path):
    assert run(str(path)).stdout == path.with_suffix(".out").read_text()


def maxima():
    """{data set case: its maximum score}, from the table in ../shared/data/README.md."""
    return dict(re.findall(r"(t\d+_g\d+) (\d+)", (DATA.parent / "README.md").read_text()))


@pytest.mark.needs_shared
@pytest.mark.parametrize("path", [maybe_slow(p.stem, p) for p in sorted(DATA.glob("*.in"))])
def test_data_set_maxima(path):
    best = maxima()[path.stem]
    answer = target_sudoku.solve_text(path.read_text())
    assert answer.text == f"{best}\n"
    grid = [value for row in answer.data["grid"] for value in row]
    assert oracle.is_solution(givens(path), grid)
    assert oracle.target_score(grid) == int(best)


@pytest.mark.needs_shared
def test_the_maxima_table_was_read():
    table = maxima()
    assert len(table) == 12 and table["t6_g24"] == "2878"
    assert sorted(table) == sorted(p.stem for p in DATA.glob("*.in"))


@pytest.mark.parametrize("name", ["sample1", "sample2"])
def test_branch_and_bound_equals_full_enumeration(name):
    text = (PUZZLES / f"{name}.in").read_text()
    grid = target_sudoku.target_grid()
    every = grid.problem.solutions(forced=grid.forced(target_sudoku.parse(text)))
    best = max(target_sudoku.score(grid.decode(s)) for s in every)
    assert target_sudoku.solve_text(text).text == f"{best}\n"
    assert best == oracle.target_best(givens(PUZZLES / f"{name}.in"))


def test_branch_and_bound_visits_fewer_nodes_than_enumeration():
    text = (PUZZLES / "sample2.in").read_text()
    grid = target_sudoku.target_grid()
    forced = grid.forced(target_sudoku.parse(text))
    counted = Stats()
    assert grid.problem.count(forced=forced, stats=counted) == 85
    assert target_sudoku.solve_text(text).stats.nodes < counted.nodes


def test_scores_are_the_judges_ring_weights():
    rings = [[target_sudoku.weight(r * 9 + c) for c in range(9)] for r in range(9)]
    assert rings[0] == [6] * 9 and rings[4] == [6, 7, 8, 9, 10, 9, 8, 7, 6]
    assert rings[2] == [6, 7, 8, 8, 8, 8, 8, 7, 6]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), blanks=st.integers(0, 14))
def test_random_puzzles_agree_with_brute_force(seed, blanks):
    rng = random.Random(seed)
    puzzle = oracle.blank(rng, oracle.random_full_grid(rng, 9), blanks)
    answer = target_sudoku.solve_text(oracle.write_grid(puzzle))
    best = oracle.target_best(puzzle)
    assert answer.text == f"{best}\n"
    if best >= 0:
        grid = [digit for row in answer.data["grid"] for digit in row]
        assert oracle.is_solution(puzzle, grid) and oracle.target_score(grid) == best


@pytest.mark.parametrize("text", [
    "5 5" + (PUZZLES / "sample1.in").read_text()[3:],
    "1 2 3 4 5 6 7 8 0\n" + "0 " * 8 + "9\n" + "0 0 0 0 0 0 0 0 0\n" * 7,
])
def test_contradictory_givens_score_minus_one(text):
    result = run(stdin=text)
    assert (result.exit_code, result.stdout) == (0, "-1\n")


@pytest.mark.parametrize("text, fragments", [
    ("0 " * 80, ["line 1", "column 161", "end of input"]),
    ("0 " * 40 + "10 " + "0 " * 40, ["line 1", "column 81", "'10'"]),
    ("0\n" * 5 + "x\n" + "0\n" * 75, ["line 6", "column 1", "'x'"]),
    ("0 " * 81 + "7", ["line 1", "column 163", "'7'"]),
])
def test_malformed_input_is_one_located_line_and_exit_2(text, fragments):
    result = run(stdin=text)
    assert result.exit_code == 2 and result.stdout == ""
    message = result.stderr.strip()
    assert "\n" not in message and "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in message, message
