"""`dlxcli matrix`: Luogu P4929 and Knuth's format on random small problems against a
brute force, No Solution!, --count and --all, packed rows, bad input.

Layer: tests. Expected answers come from tests/oracle.py, which tries every subset of
the options and shares nothing with dlxcli, and from the official P4929 samples in
tests/cases/matrix. Random problems often get a planted cover, so that both answers,
a cover and No Solution!, are common.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import runner
import oracle
from dlxcli.errors import InputError
from dlxcli.puzzles import matrix
from dlxcli.puzzles.matrix import parse_knuth, parse_p4929
from paths import REPO, SAMPLES

NO_SOLUTION = "No Solution!"
KNUTH = ["--input-format", "knuth"]
EXAMPLES = settings(max_examples=60, deadline=None)


run = runner("matrix")


READ_BOTH_WAYS = ("dlxcli: <stdin>: it reads both as a P4929 matrix and in Knuth's format: "
                  "read as P4929 (its first word is a number); --input-format knuth reads it "
                  "the other way\n")


def reads_both_ways(text):
    """Whether `text` is both a P4929 matrix and a Knuth file (then auto says so)."""
    try:
        parse_p4929(text)
        parse_knuth(text)
    except InputError:
        return False
    return True


def answered(*args, stdin):
    """stdout of a run that must succeed quietly (but for auto's note on an input that
    reads both ways: a random matrix may)."""
    result = run(*args, stdin=stdin)
    note = "--input-format" not in args and reads_both_ways(stdin)
    assert (result.exit_code, result.stderr) == (0, READ_BOTH_WAYS if note else ""), \
        result.stderr
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
    matrix = SAMPLES / "matrix"
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


# -- issue 21: telling the formats apart (--input-format auto, the default) ----------------

BUNDLED = REPO / "puzzles" / "matrix"


@pytest.mark.parametrize("text, form", [
    ("3 3\n0 0 1\n1 0 0\n0 1 0\n", "p4929"),
    ("3\n3 001\n100 010\n", "p4929"),
    ("2 x\n", "p4929"),           # a broken P4929 header stays P4929 (its own error)
    ("-1 2\n", "p4929"),
    ("", "p4929"),
    ("1 2 | 3\n1 3\n2\n", "p4929"),  # Knuth's, but a number first: see the hint below
    ("a b | x\na x\nb\n", "knuth"),
    ("| numbered items\n1 2 | 3\n1 3\n2\n", "knuth"),
    ("\n\n  a\n", "knuth"),
])
def test_auto_reads_a_file_whose_first_word_is_an_integer_as_p4929(text, form):
    assert matrix.detect_format(text) == form


def test_every_bundled_file_is_answered_without_a_flag():
    """Each file's answer is the one its format, given explicitly, gets."""
    result = run(str(BUNDLED), stdin="")
    assert (result.exit_code, result.stderr) == (0, "")
    blocks = result.stdout.split("==> ")[1:]
    assert len(blocks) == len(list(BUNDLED.glob("*.in"))) == 6
    for block in blocks:
        name, answer = block.split(" <==\n", 1)
        form = "knuth" if Path(name).name in KNUTH_FILES else "p4929"
        expected = answered("--input-format", form, name, stdin="")
        assert answer.rstrip("\n") + "\n" == expected


KNUTH_FILES = ("dlx2-colors.in", "graceful-k4.in", "taocp49-colors.in")


def test_judge_accepts_every_bundled_file_without_input_format(tmp_path):
    """NAME.args without --input-format: the judge and its checker detect the format."""
    folder = tmp_path / "matrix"
    shutil.copytree(BUNDLED, folder)
    for args in folder.glob("*.args"):
        args.write_text(args.read_text().replace("--input-format knuth", ""))
    result = runner("judge")(folder)
    assert result.exit_code == 0, result.stdout
    assert result.stdout.splitlines()[-1] == "6 inputs: 6 accepted"


@pytest.mark.parametrize("args, text, message", [
    ([], "1 2 | 3\n1 3\n2\n", "line 1, column 5: expected matrix entries 0 or 1, found '|'; "
                              "this looks like Knuth's format: --input-format knuth"),
    (["--input-format", "p4929"], (BUNDLED / "taocp49-colors.in").read_text(),
     "line 1, column 1: expected the number of rows N (an integer 1..100000000), found '|'; "
     "this looks like Knuth's format: --input-format knuth"),
    (KNUTH, "2 2\n1 0\n0 1\n", "line 1, column 3: expected distinct item names, found '2' "
                               "declared twice; this looks like a P4929 matrix: "
                               "--input-format p4929"),
])
def test_the_wrong_format_gets_a_hint_naming_the_right_one(args, text, message):
    result = run(*args, stdin=text)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"dlxcli: <stdin>, {message}\n"


def test_no_hint_when_the_other_format_does_not_read_either():
    result = run(stdin="2 2\n1 x\n")
    assert result.exit_code == 2 and "looks like" not in result.stderr


BOTH_WAYS = "2 1\n1\n1\n"
"""Issue 28, item 8: as P4929, 2 rows of 1 column, each a cover (2 covers); in Knuth's
format, items 2 and 1 and two options {1}, which never cover 2 (0 covers)."""


@pytest.mark.parametrize("args, answer", [([], "2\n"), (["--format", "json"], None),
                                          (["--input-format", "p4929"], "2\n"),
                                          (KNUTH, "0\n"), (["-q"], "2\n")])
def test_an_input_that_reads_both_ways_says_which_way_it_was_read(args, answer):
    """auto read it silently as P4929 (answering 2 where knuth answers 0): now one
    line on stderr says so and how to read it the other way; stdout, the exit status
    and the JSON document stay as they were; a named format or -q says nothing."""
    result = run("--count", *args, stdin=BOTH_WAYS)
    assert result.exit_code == 0
    if answer is None:
        assert '"answer": "2\\n"' in result.stdout and '"errors": []' in result.stdout
    else:
        assert result.stdout == answer
    said = not args or args[0] == "--format"
    assert result.stderr == (READ_BOTH_WAYS if said else "")


def test_a_matrix_that_reads_one_way_gets_no_note():
    for text in ("3 3\n1 0 0\n0 1 0\n0 0 1\n", "1 1\n1\n", "2 2\n1 1\n0 0\n"):
        assert answered("--count", stdin=text) == "1\n"


# -- issue 21: bytes that are not UTF-8 --------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    (b"a b | x\na x:\xff\nb x:\xfe\n", "line 2, column 5: expected UTF-8 text, found byte 0xff"),
    (b"a \xff \xfe\n\xff\n\xfe\n", "line 1, column 3: expected UTF-8 text, found byte 0xff"),
    (b"a b\na\nb \xc3\n", "line 3, column 3: expected UTF-8 text, found byte 0xc3"),
    (b"3 3\n0 0 1\n1 0 \xff\n0 1 0\n", "line 3, column 5: expected UTF-8 text, found byte 0xff"),
])
def test_a_byte_that_is_not_utf8_is_refused_where_it_stands(text, message):
    """Not read as U+FFFD, which would make \\xff and \\xfe one name (or one color)."""
    result = run(stdin=text)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"dlxcli: <stdin>, {message}\n"


def test_utf8_names_are_compared_and_echoed_byte_for_byte():
    """U+FFFD written as UTF-8 is a character like any other; lines come back as sent."""
    text = "a b | \ufffd é\na \ufffd:\u00e9 é:\ufffd\nb \ufffd:\u00e9\nb \ufffd:e\n"
    result = run("--all", stdin=text.encode())
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout_bytes == "a \ufffd:é é:\ufffd\nb \ufffd:é\n".encode()


# -- issue 21: parsing is linear in the input --------------------------------------------------

def test_an_option_of_200000_items_parses_in_seconds(tmp_path):
    """31aba00 looked each name up in a list of the option's names before it: 100,000
    items took 30-40 s, so this would take minutes. Now well under a second; the bound
    is generous for loaded machines."""
    names = " ".join(f"i{k}" for k in range(200_000))
    path = tmp_path / "wide.dlx"
    path.write_text(f"{names}\n{names}\n")
    done = subprocess.run([sys.executable, "-m", "dlxcli", "matrix", "--count", str(path)],
                          capture_output=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"1\n", b"")
