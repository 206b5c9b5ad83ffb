"""`dlxcli queens` (Luogu P1219): the count against OEIS A000170, the first three
placements against a brute force, the official sample byte for byte, bad input.

Layer: tests. Expected answers come from outside dlxcli: the sequence A000170, the
brute force of tests/oracle.py (every permutation of the columns in lexicographic
order, kept when no two queens share a diagonal), and the official P1219 sample in
tests/cases/queens.
"""

from functools import lru_cache
from itertools import islice

import pytest

from cli import runner
import oracle
from conftest import slow_on_python
from paths import SAMPLES

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
"""Placements of n non-attacking queens on an n x n board, n = 1..12 (OEIS A000170)."""
SHOWN = 3
"""P1219 prints the first three placements, then the count."""


run = runner("queens")


@lru_cache(maxsize=None)
def answer_lines(n):
    """The lines `dlxcli queens` prints for n (one run per n, shared by the tests)."""
    result = run(stdin=f"{n}\n")
    assert (result.exit_code, result.stderr) == (0, "")
    return tuple(result.stdout.splitlines())


@pytest.mark.parametrize("n", [slow_on_python(n) if n == 12 else n for n in range(1, 13)])
def test_the_last_line_is_the_number_of_placements(n):
    count = A000170[n - 1]
    lines = answer_lines(n)
    assert lines[-1] == str(count)
    assert len(lines) == min(count, SHOWN) + 1


@pytest.mark.parametrize("n", [pytest.param(n, marks=pytest.mark.slow) if n == 12 else n
                               for n in range(1, 13)])  # the brute force takes 3 s at 12
def test_the_first_placements_are_the_lexicographically_first(n):
    first = [" ".join(str(column + 1) for column in placement)
             for placement in islice(oracle.queen_placements(n), SHOWN)]
    assert list(answer_lines(n)[:-1]) == first


def test_the_official_sample_byte_for_byte():
    result = run(SAMPLES / "queens" / "sample1.in")
    assert result.exit_code == 0
    assert result.stdout_bytes == (SAMPLES / "queens" / "sample1.out").read_bytes()


@pytest.mark.parametrize("text, where, found", [
    ("0\n", "line 1, column 1", "found '0'"),
    ("33\n", "line 1, column 1", "found '33'"),
    ("-1\n", "line 1, column 1", "found '-1'"),
    ("6.5\n", "line 1, column 1", "found '6.5'"),
    ("seven\n", "line 1, column 1", "found 'seven'"),
    ("", "line 1, column 1", "found end of input"),
    ("6 7\n", "line 1, column 3", "expected only the board size n, found '7'"),
])
def test_bad_input_is_one_located_line_and_exit_2(text, where, found):
    result = run(stdin=text)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"dlxcli: <stdin>, {where}: expected ")
    assert result.stderr.endswith(f"{found}\n")
    assert result.stderr.count("\n") == 1
