"""`dlxcli sudoku` (Luogu P1784 and the one-line format): golden files, random puzzles
against a brute-force oracle, several puzzles per input, no solution, bad input.

Layer: tests. Expected outputs are the official P1784 samples (tests/cases/sudoku) or
come from tests/grid_oracle.py, which shares nothing with dlxcli; every grid dlxcli
prints is also checked cell by cell by the oracle's unit checker.
"""

import random
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import runner
import grid_oracle as oracle
import paths
from dlxcli import engine
from dlxcli.puzzles import sudoku
from dlxcli.puzzles.grid import Grid, square_units

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles" / "sudoku"
GOLDEN = sorted(PUZZLES.glob("*.in"))
GECODE25_DIR = ROOT / "bench" / "data" / "gecode25"
GECODE25 = sorted(GECODE25_DIR.glob("*.in"))
"""Gecode's 25x25 sudokus: answers proven unique by other solvers (gecode25/SOURCES.md);
dlxcli finishes only example89 and example90 (docs/sudoku-25x25.md)."""
DATA = paths.DATA / "sudoku"
SAMPLE = (PUZZLES / "sample1.in").read_text()
SAMPLE_ANSWER = (PUZZLES / "sample1.out").read_text()


run = runner("sudoku")


def givens_of(text, form):
    """The puzzles of an input, read independently of dlxcli."""
    if form == "line":
        return [[oracle_value(ch) for ch in line.strip()] for line in text.splitlines()
                if line.strip()]
    words = [oracle_value(word) if not word.isdigit() else int(word) for word in text.split()]
    side = len(text.strip().splitlines()[0].split())
    return [words[k:k + side * side] for k in range(0, len(words), side * side)]


def oracle_value(symbol):
    return 0 if symbol == "." else "0123456789ABCDEFGHIJKLMNOP".index(symbol.upper())


def assert_one_line_error(result, *fragments):
    assert result.exit_code == 2
    assert result.stdout == ""
    message = result.stderr.strip()
    assert "\n" not in message and "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in message, message


# -- golden files -----------------------------------------------------------------------

@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_file(path):
    result = run(str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == path.with_suffix(".out").read_text()


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_every_printed_grid_satisfies_the_rules(path):
    text = path.read_text()
    form = sudoku.detect_format(text)
    puzzles = givens_of(text, form)
    side = oracle.box_side_of(puzzles[0])
    printed = oracle.parse_output(run(str(path)).stdout, side, form)
    assert len(printed) == len(puzzles)
    for givens, grid in zip(puzzles, printed):
        assert oracle.is_solution(givens, grid)


@pytest.mark.parametrize("name", ["sample1", "hack3_selftest"])
def test_official_p1784_samples_byte_for_byte(name):
    result = run(str(PUZZLES / f"{name}.in"))
    assert result.exit_code == 0
    assert result.stdout == (PUZZLES / f"{name}.out").read_text()


def test_sample_on_stdin_with_crlf_and_tabs():
    result = run(stdin=SAMPLE.replace("\n", "\r\n").replace(" ", "\t"))
    assert result.stdout == SAMPLE_ANSWER


# -- the one-line format --------------------------------------------------------------------

def test_dots_and_zeros_are_both_blanks():
    line = (PUZZLES / "hard1000_first3.in").read_text().splitlines()[0]
    expected = (PUZZLES / "hard1000_first3.out").read_text().splitlines()[0] + "\n"
    assert run(stdin=line + "\n").stdout == expected
    assert run(stdin=line.replace(".", "0")).stdout == expected


def test_lowercase_letters_are_read_and_capitals_written():
    text = (PUZZLES / "16x16_letters.in").read_text()
    result = run(stdin=text.lower())
    assert result.stdout == (PUZZLES / "16x16_letters.out").read_text()


def test_the_grid_format_reads_a_p1784_grid_given_on_one_line_per_puzzle_as_tokens():
    rows = SAMPLE.split("\n")
    text = rows[0] + "\n" + " ".join(" ".join(rows[1:]).split()) + "\n"
    assert run("--input-format", "grid", stdin=text).stdout == SAMPLE_ANSWER


def test_format_detection():
    assert sudoku.detect_format(SAMPLE) == "grid"
    assert sudoku.detect_format("\n\n" + "." * 81 + "\n") == "line"
    assert sudoku.detect_format("1 0 0 0\n") == "grid"
    assert sudoku.detect_format("") == "grid"


def test_forcing_the_line_format_on_a_grid_is_a_located_error():
    assert_one_line_error(run("--input-format", "line", stdin=SAMPLE), "line 1", "column 1",
                          "a line of 17 characters")


def test_an_input_without_a_good_puzzle_is_refused_with_its_first_error():
    result = run(stdin="." * 80 + "\n" + "x" * 81 + "\n")
    assert_one_line_error(result, "line 1", "80 characters")


# -- several puzzles per input, no solution ------------------------------------------------------

@pytest.mark.needs_shared
def test_several_puzzles_are_answered_in_order_without_separators():
    lines = (DATA / "hard1000.txt").read_text().splitlines()[:5]
    result = run(stdin="\n".join(lines) + "\n")
    printed = oracle.parse_output(result.stdout, 9, "line")
    assert result.exit_code == 0 and len(printed) == 5
    for line, grid in zip(lines, printed):
        assert oracle.is_solution([oracle_value(ch) for ch in line], grid)


def contradiction(line):
    """The puzzle with its first blank set to a value its row already holds."""
    blank = next(k for k, ch in enumerate(line) if ch in ".0")
    row = blank // 9
    taken = next(ch for ch in line[row * 9:row * 9 + 9] if ch not in ".0")
    return line[:blank] + taken + line[blank + 1:]


def test_an_unsolvable_puzzle_prints_nothing_names_its_line_and_exits_1():
    lines = (PUZZLES / "hard1000_first3.in").read_text().splitlines()
    answers = (PUZZLES / "hard1000_first3.out").read_text().splitlines(keepends=True)
    result = run(stdin="\n".join([lines[0], contradiction(lines[1]), lines[2]]) + "\n")
    assert result.exit_code == 1
    assert result.stdout == answers[0] + answers[2]
    assert "no solution" in result.stderr and "line 2" in result.stderr


def test_an_input_with_bad_and_unsolvable_puzzles_reports_both_and_exits_2():
    lines = (PUZZLES / "hard1000_first3.in").read_text().splitlines()
    answers = (PUZZLES / "hard1000_first3.out").read_text().splitlines(keepends=True)
    result = run(stdin="\n".join([contradiction(lines[0]), lines[1][:80], lines[2]]) + "\n")
    assert result.exit_code == 2
    assert result.stdout == answers[2]
    bad, unsolved = result.stderr.splitlines()
    assert bad.startswith("dlxcli: <stdin>, line 2, column 1: expected a puzzle of 16, 81")
    assert unsolved == "dlxcli: <stdin>: no solution for the puzzle starting on line 1"


def test_an_unsolvable_grid_puzzle_is_named_by_its_first_line():
    unsolvable = "5 5" + SAMPLE[3:]
    result = run(stdin=SAMPLE + unsolvable)
    assert result.exit_code == 1
    assert result.stdout == SAMPLE_ANSWER
    assert "line 10" in result.stderr


def test_a_puzzle_with_several_solutions_prints_one_of_them():
    result = run(stdin="0" * 81 + "\n")
    assert result.exit_code == 0
    assert oracle.is_solution([0] * 81, oracle.parse_output(result.stdout, 9, "line")[0])


# -- split_lines (--jobs spreads the pieces over processes) ---------------------------------------

def texts_of(pieces):
    """The pieces' texts, checking that each one's count of lines before it is right."""
    texts, lines = [], 0
    for text, before in pieces:
        assert before == lines
        texts.append(text)
        lines += text.count("\n")
    return texts


@pytest.mark.parametrize("name", ["hard1000_first3.in", "two_grids.in", "4x4.in"])
def test_pieces_concatenate_to_the_input_and_their_answers_to_its_answer(name):
    text = (PUZZLES / name).read_text() * 3
    pieces = texts_of(sudoku.split_lines(text.splitlines(keepends=True), puzzles_per_piece=1))
    assert "".join(pieces) == text
    assert len(pieces) > 1
    assert "".join(sudoku.solve_text(p).text for p in pieces) == sudoku.solve_text(text).text


@pytest.mark.needs_shared
def test_a_big_file_is_cut_into_pieces_of_whole_lines():
    text = (DATA / "hard1000.txt").read_text()
    pieces = texts_of(sudoku.split_lines(text.splitlines(keepends=True)))
    assert "".join(pieces) == text
    per_piece = sudoku.PUZZLES_PER_PIECE
    assert [p.count("\n") for p in pieces] == [per_piece] * (1000 // per_piece)


def test_a_grid_input_is_cut_only_where_a_puzzle_starts_on_a_full_row():
    rows = SAMPLE.splitlines()
    text = SAMPLE + rows[0] + "\n" + " ".join(rows[1:]) + "\n" + SAMPLE
    pieces = texts_of(sudoku.split_lines(text.splitlines(keepends=True), puzzles_per_piece=1))
    assert "".join(pieces) == text
    assert [sudoku.detect_format(p) for p in pieces] == ["grid"] * len(pieces)
    assert "".join(sudoku.solve_text(p).text for p in pieces) == SAMPLE_ANSWER * 3


@pytest.mark.needs_shared
@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("form", ["line", "grid"])
def test_unsolvable_puzzles_are_named_by_their_lines_in_the_whole_input(form, jobs, tmp_path):
    """The runner cuts a big input into pieces of PUZZLES_PER_PIECE puzzles, each counting
    its lines from 1: every unsolvable puzzle, in any piece, is named by its line in the
    whole input."""
    lines = (DATA / "hard1000.txt").read_text().split()[:250]
    bad = [9, 3 * sudoku.PUZZLES_PER_PIECE // 2]  # 0-based: in the first and second piece
    puzzles = [contradiction(line) if k in bad else line for k, line in enumerate(lines)]
    if form == "line":
        text, starts = "\n".join(puzzles) + "\n", [k + 1 for k in bad]
    else:
        text = "".join(oracle.write_grid([oracle_value(ch) for ch in p]) for p in puzzles)
        starts = [9 * k + 1 for k in bad]
    path = tmp_path / "puzzles.txt"
    path.write_text(text)
    result = run("--jobs", jobs, str(path))
    assert result.exit_code == 1
    assert result.stderr == (f"dlxcli: {path}: no solution for the puzzles starting on "
                             f"lines {starts[0]}, {starts[1]}\n")
    answered = len(lines) - len(bad)
    assert len(result.stdout.splitlines()) == (answered if form == "line" else 9 * answered)


def test_an_input_whose_first_line_sets_no_size_is_read_no_further():
    """The first line of `yes | dlxcli sudoku` ('y') already refuses the input: the rest
    of a stream that may never end is not read (it was, to the 256 MiB limit: 53 s and
    9 GB of memory before the one-line error)."""
    read = []

    def endless():
        while len(read) < 10_000:
            read.append(1)
            yield "y\n"
        raise AssertionError("read on after the first line")

    assert list(sudoku.split_lines(endless())) == [("y\n", 0)]
    assert len(read) == 1


def test_a_pipe_left_open_is_refused_at_its_first_line():
    """The process ends with the error of line 1 while its stdin is still open."""
    process = subprocess.Popen([sys.executable, "-m", "dlxcli", "sudoku"], cwd=ROOT,
                               stdin=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdout=subprocess.PIPE)
    try:
        process.stdin.write(b"y\n" * 1000)
        process.stdin.flush()
        status = process.wait(timeout=60)
        assert status == 2
        assert process.stderr.read().decode() == (
            "dlxcli: <stdin>, line 1, column 1: expected a first row of 4, 9, 16 or 25 "
            "cell values (it sets the size), found 1 value\n")
    finally:
        process.kill()
        process.wait()
        process.stdin.close()


# -- malformed input ------------------------------------------------------------------------

@pytest.mark.parametrize("text, fragments", [
    (SAMPLE.rsplit(" ", 3)[0], ["line 9", "81 cell values", "end of input"]),
    (SAMPLE.replace("3 6", "3 x", 1), ["line 2", "column 7", "'x'"]),
    (SAMPLE.replace("8 0", "10 0", 1), ["line 1", "column 1", "'10'"]),
    ("1 2 3 4 5 6 7 8\n", ["line 1", "column 1", "8 values"]),
    ("." * 80 + "\n", ["line 1", "column 1", "80 characters"]),
    ("." * 40 + "x" + "." * 40 + "\n", ["line 1", "column 41", "'x'"]),
    ("\n  " + "." * 40 + "A" + "." * 40 + "\n", ["line 2", "column 43", "'A'"]),
    ("." * 15 + "5\n", ["line 1", "column 16", "'5'"]),
])
def test_malformed_input_is_one_located_line_and_exit_2(text, fragments):
    assert_one_line_error(run(stdin=text), *fragments)


def test_a_bad_line_is_reported_and_the_other_puzzles_are_still_answered():
    lines = (PUZZLES / "hard1000_first3.in").read_text().splitlines()
    answers = (PUZZLES / "hard1000_first3.out").read_text().splitlines(keepends=True)
    result = run(stdin="\n".join([lines[0], lines[1][:-1], lines[2]]) + "\n")
    assert result.exit_code == 2
    assert result.stdout == answers[0] + answers[2]
    assert "line 2" in result.stderr and "Traceback" not in result.stderr


def test_a_bad_grid_puzzle_is_reported_and_the_next_one_answered():
    result = run(stdin=SAMPLE.replace("8", "z", 1) + SAMPLE)
    assert result.exit_code == 2
    assert result.stdout == SAMPLE_ANSWER
    assert "line 1, column 1" in result.stderr


# -- random puzzles against the brute-force oracle, on both twins ---------------------------------

@contextmanager
def built_on(twin):
    """Grids built while engine.Solver is the given twin's (ExactCover looks it up)."""
    with mock.patch.object(engine, "Solver", twin.Solver):
        yield


_GRIDS = {}


def twin_grid(twin, box):
    key = (twin.__name__, box)
    if key not in _GRIDS:
        with built_on(twin):
            _GRIDS[key] = Grid(box ** 4, box * box, square_units(box, box))
    return _GRIDS[key]


def solve_on(twin, text):
    """solve_text's answer with every grid on the given twin."""
    with mock.patch.object(sudoku, "square_grid", lambda rows, cols: twin_grid(twin, rows)):
        return sudoku.solve_text(text)


def random_puzzle(seed, side, blanks, contradict):
    """A valid grid with `blanks` cells emptied; if `contradict`, two cells of one row
    then get the same given."""
    rng = random.Random(seed)
    full = oracle.random_full_grid(rng, side)
    puzzle = oracle.blank(rng, full, blanks)
    if contradict:
        row = rng.randrange(side)
        cell, other = rng.sample(range(row * side, (row + 1) * side), 2)
        puzzle[cell] = puzzle[other] = full[other]
    return puzzle


def agrees_with_the_oracle(c_twin, py_twin, puzzle, form):
    """Check one puzzle on both twins against grid_oracle; return the oracle's verdict."""
    side = oracle.box_side_of(puzzle)
    text = oracle.write_grid(puzzle, letters=form == "line")
    verdict = oracle.verdict(puzzle)
    answers = [solve_on(twin, text) for twin in (c_twin, py_twin)]
    assert answers[0].text == answers[1].text
    grid = twin_grid(py_twin, oracle.box_side(side))
    count = grid.problem.count(forced=grid.forced(puzzle), limit=2)
    assert ("none", "unique", "multiple")[count] == verdict
    if verdict == "none":
        assert answers[0].text == "" and answers[0].failure
    else:
        printed = oracle.parse_output(answers[0].text, side, form)
        assert len(printed) == 1 and oracle.is_solution(puzzle, printed[0])
        if verdict == "unique":
            assert printed[0] == next(oracle.solutions(puzzle))
    return verdict


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), side=st.sampled_from([4, 9]), data=st.data(),
       contradict=st.booleans(), form=st.sampled_from(["grid", "line"]))
def test_random_puzzles_agree_with_the_oracle_on_both_twins(c_twin, py_twin, seed, side,
                                                         data, contradict, form):
    blanks = data.draw(st.integers(0, 16 if side == 4 else 45), label="blanks")
    agrees_with_the_oracle(c_twin, py_twin, random_puzzle(seed, side, blanks, contradict), form)


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
def test_random_9x9_puzzles_of_every_verdict_agree_with_the_oracle(c_twin, py_twin):
    """Seeded, so that 9x9 puzzles with several solutions are surely among them (random
    blanking keeps a 9x9 puzzle unique up to about 45 blanks)."""
    verdicts = [agrees_with_the_oracle(c_twin, py_twin,
                                       random_puzzle(seed, 9, blanks, seed % 5 == 0),
                                       ("grid", "line")[seed % 2])
                for seed in range(24) for blanks in (30, 45, 58)]
    assert {"none", "unique", "multiple"} <= set(verdicts)
    assert verdicts.count("multiple") >= 10


# -- real processes -------------------------------------------------------------------------

DLXCLI = [sys.executable, "-m", "dlxcli", "sudoku"]


def test_real_process_pipe_gives_the_official_bytes():
    done = subprocess.run(DLXCLI, input=SAMPLE.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout == (PUZZLES / "sample1.out").read_bytes()


def test_real_process_exit_statuses():
    unsolvable = subprocess.run(DLXCLI, input=("11" + "0" * 79 + "\n").encode(),
                                capture_output=True, timeout=60)
    assert (unsolvable.returncode, unsolvable.stdout) == (1, b"")
    bad = subprocess.run(DLXCLI, input=b"1 2 3\n", capture_output=True, timeout=60)
    assert bad.returncode == 2 and b"Traceback" not in bad.stderr
    assert bad.stderr.count(b"\n") == 1 and b"line 1" in bad.stderr


def test_the_gecode_25x25_answers_complete_their_puzzles():
    assert len(GECODE25) == 18
    for path in GECODE25:
        [givens] = givens_of(path.read_text(), "line")
        [answer] = givens_of(path.with_suffix(".out").read_text(), "line")
        assert len(givens) == 625 and oracle.is_solution(givens, answer), path.stem


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("cells", [60, 625])
def test_the_twins_search_a_25x25_sudoku_alike(c_twin, py_twin, cells):
    """At full size, where the Python twin takes its ways for large problems: with all
    the givens, it numbers the 1,940 options they leave afresh; with those of the first
    60 cells only, it keeps all 15,625 options and makes each one's meeting set at every
    commit."""
    [values] = givens_of((GECODE25_DIR / "example89.in").read_text(), "line")
    givens = values[:cells] + [0] * (625 - cells)
    grid = sudoku.sudoku_grid(25)
    runs = []
    for twin in (c_twin, py_twin):
        solver = twin.Solver(*grid.problem.definition[:3])
        solver.start(forced=grid.forced(givens))
        solved = solver.run(3000) == twin.SOLUTION
        runs.append((solved, solver.solution(), solver.nodes, solver.levels(),
                     solver.lengths()))
    assert runs[0] == runs[1]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["example89", "example90"])
def test_the_gecode_25x25_puzzles_dlxcli_can_finish_get_their_unique_answer(name):
    """About 13 million nodes each: seconds in C, minutes in Python (slow tests run in C)."""
    path = GECODE25_DIR / f"{name}.in"
    result = run(str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == path.with_suffix(".out").read_text()


@pytest.mark.slow
@pytest.mark.needs_shared
def test_every_answer_to_a_thousand_hard_puzzles_satisfies_the_rules():
    text = (DATA / "hard1000.txt").read_text()
    result = run(str(DATA / "hard1000.txt"))
    printed = oracle.parse_output(result.stdout, 9, "line")
    assert result.exit_code == 0 and len(printed) == 1000
    for line, grid in zip(text.split(), printed):
        assert oracle.is_solution([oracle_value(ch) for ch in line], grid)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hard1000_first3.in", "17clue_first.in"])
def test_the_hard_golden_puzzles_have_one_solution(name):
    text = (PUZZLES / name).read_text()
    for givens in givens_of(text, sudoku.detect_format(text)):
        assert oracle.count(givens, limit=2) == 1
