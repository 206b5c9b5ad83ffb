"""`dlxcli matrix`: Luogu P4929 and Knuth's format on random small problems against a
brute force, No Solution!, --count and --all, packed rows, bad input.

Layer: tests. Expected answers come from tests/oracle.py, which tries every subset of
the options and shares nothing with dlxcli, and from the official P4929 samples in
tests/cases/matrix. Random problems often get a planted cover, so that both answers,
a cover and No Solution!, are common.
"""

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import oracle
from dlxcli.cli import cli
from dlxcli.puzzles.matrix import parse_knuth, parse_p4929
from paths import CASES

NO_SOLUTION = "No Solution!"
KNUTH = ["--input-format", "knuth"]
EXAMPLES = settings(max_examples=60, deadline=None)


def run(*args, stdin):
    return CliRunner().invoke(cli, ["matrix", *args], input=stdin)


def answered(*args, stdin):
    """stdout of a run that must succeed quietly."""
    result = run(*args, stdin=stdin)
    assert (result.exit_code, result.stderr) == (0, ""), result.stderr
    return result.stdout


def planted_cover(draw, n_items):
    """Options splitting items 0..n_items-1 into up to three parts: an exact cover."""
    part = draw(st.lists(st.integers(0, 2), min_size=n_items, max_size=n_items))
    return [[item for item in range(n_items) if part[item] == k] for k in sorted(set(part))]


# -- P4929 ---------------------------------------------------------------------------------

@st.composite
def p4929_problems(draw):
    """(input text, columns, the rows' columns of their entries 1), at most 9 x 6."""
    n_cols = draw(st.integers(1, 6))
    rows = draw(st.lists(st.lists(st.integers(0, n_cols - 1), unique=True), max_size=8))
    if draw(st.booleans()) or not rows:
        rows = draw(st.permutations(rows + planted_cover(draw, n_cols)))
    packed = draw(st.booleans())
    lines = ["".join(str(int(c in row)) for c in range(n_cols)) for row in rows]
    text = f"{len(rows)} {n_cols}\n" + "\n".join(
        line if packed else " ".join(line) for line in lines) + "\n"
    return text, n_cols, rows


def p4929_covers(n_cols, rows):
    """Every exact cover, as the ascending tuple of its 1-based row numbers."""
    return {tuple(sorted(j + 1 for j in cover)) for cover in oracle.exact_covers(n_cols, 0, rows)}


def row_numbers(line):
    numbers = tuple(map(int, line.split()))
    assert line == " ".join(map(str, numbers)) and numbers == tuple(sorted(numbers)), line
    return numbers


@EXAMPLES
@given(p4929_problems())
def test_p4929_answer_is_a_cover_or_no_solution(problem):
    text, n_cols, rows = problem
    covers = p4929_covers(n_cols, rows)
    answer = answered(stdin=text)
    if covers:
        assert row_numbers(answer.rstrip("\n")) in covers and answer.count("\n") == 1
    else:
        assert answer == f"{NO_SOLUTION}\n"


@EXAMPLES
@given(p4929_problems())
def test_p4929_count_and_all_agree_with_brute_force(problem):
    text, n_cols, rows = problem
    covers = p4929_covers(n_cols, rows)
    assert answered("--count", stdin=text) == f"{len(covers)}\n"
    lines = answered("--all", stdin=text).splitlines()
    if covers:
        assert sorted(map(row_numbers, lines)) == sorted(covers)
    else:
        assert lines == [NO_SOLUTION]


def test_the_official_samples():
    """Sample 1's only cover is rows 1, 2, 3 (the official answer lists them as 2 1 3;
    the judge takes any order); sample 2 has none."""
    matrix = CASES / "matrix"
    assert answered(stdin=(matrix / "sample1.in").read_text()) == "1 2 3\n"
    assert answered(stdin=(matrix / "sample2.in").read_text()) == \
        (matrix / "sample2.out").read_text() == f"{NO_SOLUTION}\n"


def test_packed_rows_read_as_spaced_ones():
    spaced = "3 4\n0 1 1 0\n1 0 0 1\n1 1 1 1\n"
    packed = "3 4\n0110\n1001\n1111\n"
    mixed = "3 4\n01 10\n1 001\n1111\n"
    assert parse_p4929(spaced) == parse_p4929(packed) == parse_p4929(mixed) == (
        3, 4, [[1, 2], [0, 3], [0, 1, 2, 3]])
    for text in (spaced, packed, mixed):
        assert answered("--all", stdin=text) == "1 2\n3\n"


# -- Knuth's format ------------------------------------------------------------------------

@st.composite
def knuth_problems(draw):
    """(input text, primary and secondary item counts, options as item numbers, their
    input lines): up to 4 primary items (a..d), 3 secondary ones (x..z), 9 options."""
    n_primary, n_secondary = draw(st.integers(1, 4)), draw(st.integers(0, 3))
    names = "abcd"[:n_primary] + "xyz"[:n_secondary]
    option = st.lists(st.integers(0, len(names) - 1), min_size=1, unique=True)
    options = draw(st.lists(option, max_size=8, unique_by=frozenset))
    if draw(st.booleans()) or not options:
        extra = [o for o in planted_cover(draw, n_primary) if set(o) not in map(set, options)]
        options = draw(st.permutations(options + extra))
    lines = [" ".join(names[item] for item in option) for option in options]
    header = " ".join(names[:n_primary]) + (" | " + " ".join(names[n_primary:])
                                            if n_secondary else "")
    text = "\n".join([header, "| a comment line"] + lines) + "\n"
    return text, n_primary, n_secondary, options, lines


def knuth_covers(problem):
    """Every exact cover, as the set of its options' input lines."""
    _, n_primary, n_secondary, options, lines = problem
    return {frozenset(lines[j] for j in cover)
            for cover in oracle.exact_covers(n_primary, n_secondary, options)}


@EXAMPLES
@given(knuth_problems())
def test_knuth_answer_is_a_cover_or_no_solution(problem):
    covers = knuth_covers(problem)
    lines = answered(*KNUTH, stdin=problem[0]).splitlines()
    if covers:
        assert frozenset(lines) in covers and len(set(lines)) == len(lines)
    else:
        assert lines == [NO_SOLUTION]


@EXAMPLES
@given(knuth_problems())
def test_knuth_count_and_all_agree_with_brute_force(problem):
    covers = knuth_covers(problem)
    assert answered(*KNUTH, "--count", stdin=problem[0]) == f"{len(covers)}\n"
    answer = answered(*KNUTH, "--all", stdin=problem[0])
    if not covers:
        assert answer == f"{NO_SOLUTION}\n"
    else:
        blocks = answer.rstrip("\n").split("\n\n")   # always blank-line separated
        found = [frozenset(block.split("\n")) for block in blocks]
        assert len(found) == len(covers) and set(found) == covers


def test_knuth_parse_reads_items_options_and_skips_comments():
    text = "a b | x\n| a comment\na x\n\nb\n"
    assert parse_knuth(text) == (["a", "b"], ["x"], [["a", "x"], ["b"]])


# -- bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize("args, text, message", [
    ([], "0 3\n", "line 1, column 1: expected the number of rows N"),
    ([], "2 x\n", "line 1, column 3: expected the number of columns M"),
    ([], "1 2\n1 2\n", "line 2, column 3: expected matrix entries 0 or 1, found '2'"),
    ([], "2 2\n1 0\n0\n", "line 4, column 1: expected N x M = 4 entries 0 or 1"),
    ([], "2 2\n1 0 1 0 1\n", "line 2, column 9: expected end of input after N x M = 4"),
    (KNUTH, "a b\na c\n", "line 2, column 3: expected an item named on the first line"),
    (KNUTH, "a a\n", "line 1, column 3: expected distinct item names"),
    (KNUTH, "a b\na a\n", "line 2, column 3: expected each item at most once per option"),
    (KNUTH, "\n", "line 1: expected a first line naming the items"),
])
def test_bad_input_is_one_located_line_and_exit_2(args, text, message):
    result = run(*args, stdin=text)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"dlxcli: <stdin>, {message}")
    assert result.stderr.count("\n") == 1
