"""An input too large for the memory a run may have (`ulimit -v`): one line naming the
input (and, for one read in pieces, the line from which it was not read) and what was
being done (reading it, building its problem, sending it to a worker), status 2, no
traceback; in a batch it is treated as a malformed input is (its header, nothing under
it), the other inputs are still solved, and so are the pieces of the input read before
it ran out.

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
READABLE = 24 << 20
"""The size of a file that can be read under ADDRESS_SPACE, but neither parsed nor
pickled for a worker process (measured: reading fails from about 36 MiB, parsing from
about 16 MiB, pickling, after reading, from about 20 MiB)."""
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


def big_file(path, head, size=BIG):
    """`path`: the text `head`, then NULs up to `size` bytes (a sparse file)."""
    path.write_text(head)
    with open(path, "r+b") as handle:
        handle.truncate(size)


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


def test_out_of_memory_building_a_problem_says_so_without_the_memo(tmp_path):
    """Read, then out of memory parsing it: said so, naming the input, with no word of
    a count's memo (no count ran; before, `big.in: out of memory (a count's memo ...)`)."""
    big_file(tmp_path / "big.in", "3 3\n", READABLE)
    result = dlxcli("matrix", "--count", "big.in", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == ("dlxcli: big.in: out of memory while parsing and building the "
                             "problem\n")


def test_a_batch_treats_an_input_too_large_to_send_as_a_malformed_one(tmp_path):
    """Over --jobs 2, an input read whole but too large to pickle for a worker: its
    header with nothing under it and one line, as a malformed input gets, and the
    batch goes on. Before, the MemoryError ended the run with the memo's message and
    no answer at all, the small inputs' neither."""
    folder = tmp_path / "matrices"
    folder.mkdir()
    big_file(folder / "a.in", "3 3\n", READABLE)
    (folder / "b.in").write_text("3 3\n0 0 1\n1 0 0\n0 1 0\n")
    (folder / "c.in").write_text("3 3\n0 0 x\n")
    result = dlxcli("matrix", "--jobs", "2", "matrices", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ("==> matrices/a.in <==\n"
                             "==> matrices/b.in <==\n1 2 3\n"
                             "==> matrices/c.in <==\n")
    assert result.stderr == (
        "dlxcli: matrices/a.in: out of memory while sending it to a worker process\n"
        "dlxcli: matrices/c.in, line 2, column 5: expected matrix entries 0 or 1, found "
        "'x'\n")


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
