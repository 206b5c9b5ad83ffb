"""An input too large for the memory a run may have (`ulimit -v`): one line naming the
input (and, for one read in pieces, the line from which it was not read), status 2, no
traceback; the other inputs of a batch are still solved, and so are the pieces of the
input read before it ran out.

Layer: tests. Each run is a subprocess under an address-space cap (RLIMIT_AS) that
dlxcli starts under with room to spare (it needs about 25 MiB) but in which a file of
BIG bytes cannot be read: the big files are sparse (made by truncate, in no time), so
their bytes are NULs after a first line, which no reader gets to.
"""

import resource
import subprocess
import sys

import pytest

from test_stream import is_sudoku_solution

DLXCLI = [sys.executable, "-m", "dlxcli"]
ADDRESS_SPACE = 96 << 20
"""Bytes of address space each process of a run may have (RLIMIT_AS)."""
BIG = 128 << 20
"""The size of a file that cannot be read under ADDRESS_SPACE (below the 256 MiB that
any input may have: docs/index.md, "Limits")."""
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""A sudoku of the line format (Norvig's hardest), one solution."""
PIECE = 100
"""The puzzles of a piece of a sudoku file (sudoku.PUZZLES_PER_PIECE)."""
JOBS = [pytest.param([], id="one-process"), pytest.param(["--jobs", "2"], id="jobs-2")]


def capped():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def dlxcli(*args, cwd):
    return subprocess.run(DLXCLI + list(args), cwd=cwd, capture_output=True, text=True,
                          timeout=120, preexec_fn=capped)


def big_file(path, head):
    """`path`: the text `head`, then NULs up to BIG bytes (a sparse file)."""
    path.write_text(head)
    with open(path, "r+b") as handle:
        handle.truncate(BIG)


def solves_hard(line):
    """Whether `line` is a sudoku solution that keeps HARD's givens."""
    return is_sudoku_solution(line) and all(
        given in (".", digit) for given, digit in zip(HARD, line))


def test_a_matrix_too_large_to_read_is_named_in_one_line(tmp_path):
    big_file(tmp_path / "big.in", "3 3\n")
    result = dlxcli("matrix", "--count", "big.in", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "dlxcli: out of memory while reading big.in\n"


@pytest.mark.parametrize("jobs", JOBS)
def test_a_batch_goes_on_after_an_input_too_large_to_read(tmp_path, jobs):
    folder = tmp_path / "matrices"
    folder.mkdir()
    big_file(folder / "a.in", "3 3\n")
    (folder / "b.in").write_text("3 3\n0 0 1\n1 0 0\n0 1 0\n")  # rows 1, 2, 3 cover it
    result = dlxcli("matrix", *jobs, "matrices", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ("==> matrices/a.in <==\n"
                             "==> matrices/b.in <==\n1 2 3\n")
    assert result.stderr == "dlxcli: out of memory while reading matrices/a.in\n"


@pytest.mark.parametrize("jobs", JOBS)
def test_the_pieces_read_before_memory_ran_out_are_solved(tmp_path, jobs):
    """A file of 150 puzzles then one line too long to read: the first piece (100
    puzzles) is solved, and the message names the line from which the rest was not."""
    big_file(tmp_path / "many.txt", (HARD + "\n") * (PIECE + 50))
    result = dlxcli("sudoku", *jobs, "many.txt", cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert len(lines) == PIECE and all(map(solves_hard, lines))
    assert result.stderr == ("dlxcli: out of memory while reading many.txt "
                             f"from line {PIECE + 1} on\n")


def test_judge_names_an_input_or_an_expected_answer_too_large_to_read(tmp_path):
    folder = tmp_path / "matrix"
    folder.mkdir()
    big_file(folder / "a.in", "3 3\n")
    (folder / "a.out").write_text("1 2 3\n")
    (folder / "b.in").write_text("3 3\n0 0 1\n1 0 0\n0 1 0\n")
    (folder / "b.out").write_text("1 2 3\n")
    (folder / "c.in").write_text("1 1\n1\n")
    big_file(folder / "c.out", "1\n")
    result = dlxcli("judge", "matrix", cwd=tmp_path)
    assert result.returncode == 1
    verdicts = [line.split(" (")[0] for line in result.stdout.splitlines()]
    assert verdicts == ["matrix/a.in: error: out of memory while reading matrix/a.in",
                        "matrix/b.in: accepted",
                        "matrix/c.in: error: out of memory while reading matrix/c.out",
                        "3 inputs: 2 errors, 1 accepted"]
