"""`dlxcli generate`: every puzzle has exactly one solution and the minimal ones are
minimal, by an independent checker; layouts are valid HDU 4069 walls; seeds decide
the output, on either twin and with any --jobs; the output is the commands' input.

Layer: tests. Uniqueness, minimality, the squiggly regions and the singles criterion
of --difficulty are checked by tests/grid_oracle.py (backtracking on cells and units,
regions flood-filled from the wall bits), which shares nothing with dlxcli.
"""

import os
import re
import signal
import subprocess
import textwrap
import time
import sys
from pathlib import Path
from unittest import mock

import pytest

from cli import runner
from dlxcli.cli import generate as generate_command
import grid_oracle as oracle
from dlxcli import generate as making

ROOT = Path(__file__).resolve().parent.parent
DLXCLI = [sys.executable, "-m", "dlxcli"]


run = runner()


def generated(*args):
    result = run("generate", *args)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def sudoku_givens(text):
    return [[0 if ch == "." else "0123456789ABCDEFGHIJKLMNOP".index(ch) for ch in line]
            for line in text.split()]


def squiggly_cases(text):
    """(givens, units) of every case of an HDU 4069 input, read by the oracle."""
    tokens = list(map(int, text.split()))
    cases = [tokens[1 + 81 * k:82 + 81 * k] for k in range(tokens[0])]
    assert 1 + 81 * len(cases) == len(tokens)
    for values in cases:
        regions = oracle.jigsaw_regions(values)
        assert regions is not None, "walls are not nine connected regions of nine cells"
        yield [v & 15 for v in values], oracle.jigsaw_units(regions)


def samurai_givens(text):
    """The givens of a 21-line samurai picture ('.' empty, gaps as spaces)."""
    positions, _ = oracle.samurai_shape()
    lines = text.split("\n")
    assert lines[-1] == "" and len(lines) == 22
    assert all(line == line.rstrip() for line in lines)
    cells = {(r, c): ch for r, line in enumerate(lines[:21]) for c, ch in enumerate(line)}
    assert all(ch == " " for position, ch in cells.items() if position not in set(positions))
    return [0 if cells[p] == "." else int(cells[p]) for p in positions]


# -- one solution, minimal ----------------------------------------------------------------------

@pytest.mark.parametrize("size, count", [(4, 30), (9, 6)])
def test_generated_sudokus_are_unique_and_minimal(size, count):
    puzzles = sudoku_givens(generated("sudoku", "--size", str(size), "--count", str(count),
                                      "--seed", "minimal"))
    assert len(puzzles) == count and len({tuple(p) for p in puzzles}) == count
    for puzzle in puzzles:
        assert len(puzzle) == size * size
        assert oracle.verdict(puzzle) == "unique"
        assert oracle.removable(puzzle) == []


def test_generated_squiggly_layouts_are_valid_walls_and_the_puzzles_unique_and_minimal():
    """(Seed 'b': two puzzles whose every given the oracle checks in about a second; the
    oracle takes up to 20 s on some squiggly puzzles, see the slow test.)"""
    text = generated("squiggly", "--count", "2", "--seed", "b")
    layouts = set()
    for givens, units in squiggly_cases(text):
        assert oracle.verdict(givens, units, 9) == "unique"
        assert oracle.removable(givens, units, 9) == []
        layouts.add(tuple(map(tuple, units[18:])))
    assert len(layouts) == 2 and tuple(map(tuple, oracle.houses(9)[18:])) not in layouts
    answer = run("squiggly", "--unique", stdin=text)
    assert (answer.exit_code, answer.stdout) == (0, "Case 1: unique\nCase 2: unique\n")


def test_a_generated_samurai_is_unique_and_read_by_samurai():
    """Minimality of a whole samurai takes the oracle seconds (see the slow test):
    here the givens that --clues keeps make a unique puzzle, which `samurai` reads."""
    text = generated("samurai", "--clues", "250", "--seed", "s")
    givens = samurai_givens(text)
    _, units = oracle.samurai_shape()
    assert len(givens) - givens.count(0) == 250
    assert oracle.verdict(givens, units, 9) == "unique"
    assert run("samurai", "--unique", stdin=text).stdout == "unique\n"


@pytest.mark.slow
def test_a_generated_samurai_is_minimal():
    """Unique, and none of 30 givens drawn at random can go (every given took the
    oracle over three minutes of CI's slow step; the generator checks every one)."""
    import random
    _, units = oracle.samurai_shape()
    givens = samurai_givens(generated("samurai", "--seed", "slow"))
    sample = random.Random(5).sample([cell for cell, value in enumerate(givens) if value], 30)
    assert oracle.verdict(givens, units, 9) == "unique"
    assert oracle.removable(givens, units, 9, cells=sample) == []


@pytest.mark.slow
def test_a_generated_16x16_is_minimal():
    """Unique, and none of 2 givens drawn at random can go (every given: about two
    minutes of the oracle, one count each; the sample keeps CI's slow step short: 4
    took 40 CPU s of it)."""
    import random
    for puzzle in sudoku_givens(generated("sudoku", "--size", "16", "--seed", "slow")):
        givens = [cell for cell, value in enumerate(puzzle) if value]
        sample = random.Random(16).sample(givens, 2)
        assert oracle.verdict(puzzle) == "unique"
        assert oracle.removable(puzzle, cells=sample) == []


@pytest.mark.slow
def test_ten_generated_sudokus_and_three_squigglies_are_unique_and_minimal():
    """More seeds than the quick tests above (6 sudokus, 2 squigglies)."""
    for puzzle in sudoku_givens(generated("sudoku", "--count", "10", "--seed", "many")):
        assert oracle.verdict(puzzle) == "unique" and oracle.removable(puzzle) == []
    for givens, units in squiggly_cases(generated("squiggly", "--count", "3", "--seed", "m")):
        assert oracle.verdict(givens, units, 9) == "unique"
        assert oracle.removable(givens, units, 9) == []


# -- clues, symmetry, difficulty ----------------------------------------------------------------

@pytest.mark.parametrize("size, clues", [(9, 30), (16, 200)])
def test_clues_gives_that_many_givens_and_one_solution(size, clues):
    for puzzle in sudoku_givens(generated("sudoku", "--size", str(size), "--clues", str(clues),
                                          "--count", "3", "--seed", "c")):
        assert len(puzzle) - puzzle.count(0) == clues
        assert oracle.verdict(puzzle) == "unique"


def pairs(symmetry, side):
    last = side - 1
    image = {"rot180": lambda r, c: (last - r, last - c), "mirror": lambda r, c: (r, last - c)}
    return {cell: image[symmetry](*divmod(cell, side)) for cell in range(side * side)}


@pytest.mark.parametrize("symmetry", ["rot180", "mirror"])
def test_symmetric_givens_and_no_symmetric_pair_removable(symmetry):
    partner = pairs(symmetry, 9)
    for puzzle in sudoku_givens(generated("sudoku", "--symmetry", symmetry, "--count", "4",
                                          "--seed", "sym")):
        assert all(bool(puzzle[cell]) == bool(puzzle[r * 9 + c])
                   for cell, (r, c) in partner.items())
        assert oracle.verdict(puzzle) == "unique"
        for cell, (r, c) in partner.items():
            if puzzle[cell]:
                reduced = list(puzzle)
                reduced[cell] = reduced[r * 9 + c] = 0
                assert oracle.count(reduced, 2) == 2


def test_difficulty_bands_split_on_whether_singles_solve_the_puzzle():
    """Excess 0 means exactly: naked and hidden singles alone solve it (docs/difficulty.md)."""
    units = oracle.houses(9)
    easy = sudoku_givens(generated("sudoku", "--difficulty", ":0", "--count", "2", "--seed", "d"))
    hard = sudoku_givens(generated("sudoku", "--difficulty", "1:", "--count", "2", "--seed", "d"))
    assert all(oracle.solved_by_singles(p, units, 9) for p in easy)
    assert not any(oracle.solved_by_singles(p, units, 9) for p in hard)


def test_difficulty_band_is_met_as_rate_measures_it():
    text = generated("sudoku", "--difficulty", "20:60", "--seed", "band")
    for line in run("sudoku", "--rate", stdin=text).stdout.splitlines():
        assert 20 <= int(line.split()[0].split("=")[1]) <= 60


# -- seeds, jobs, twins -------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_puzzles_and_another_seed_others():
    first, again, other = (generated("sudoku", "--size", "4", "--count", "5", "--seed", seed)
                           for seed in ("7", "7", "8"))
    assert first == again and first != other


def test_jobs_give_the_same_output():
    """Puzzle k comes from seed 'SEED:k' whatever process makes it."""
    args = ["generate", "sudoku", "--size", "4", "--count", "6", "--seed", "j"]
    one, two = (subprocess.run(DLXCLI + args + ["--jobs", jobs], capture_output=True,
                               timeout=120) for jobs in ("1", "2"))
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout and one.stdout.count(b"\n") == 6


@pytest.mark.any_twin  # compares the twins, whichever DLXCLI_ENGINE names
@pytest.mark.parametrize("args", [["sudoku", "--count", "4"], ["squiggly"],
                                  ["samurai", "--clues", "300"],
                                  ["sudoku", "--size", "16", "--clues", "180"]])
def test_both_twins_make_the_same_puzzles(args):
    outputs = [subprocess.run(DLXCLI + ["generate", *args, "--seed", "twins"],
                              capture_output=True, timeout=120,
                              env={**os.environ, "DLXCLI_ENGINE": twin})
               for twin in ("c", "python")]
    for done in outputs:
        assert done.returncode == 0, done.stderr
    assert outputs[0].stdout == outputs[1].stdout


def test_a_random_seed_is_printed_on_stderr_and_makes_the_puzzles_again():
    result = run("generate", "sudoku", "--size", "4")
    seed = result.stderr.split("--seed ")[1].split()[0]
    assert generated("sudoku", "--size", "4", "--seed", seed) == result.stdout


def test_puzzle_seeds_are_derived_from_the_run_seed_and_the_index():
    request = making.Request("sudoku", 9, seed="x")
    text = generated("sudoku", "--count", "3", "--seed", "x")
    assert text == "".join(making.make(request, k) for k in range(3))
    assert text.splitlines()[2] + "\n" == making.make(request, 2)


# -- the pipeline and the formats ---------------------------------------------------------------

def test_generate_into_sudoku_unique_in_real_processes():
    made = subprocess.run(DLXCLI + ["generate", "sudoku", "--count", "5", "--seed", "p"],
                          capture_output=True, timeout=60)
    checked = subprocess.run(DLXCLI + ["sudoku", "--unique"], input=made.stdout,
                             capture_output=True, timeout=60)
    assert made.returncode == checked.returncode == 0
    assert checked.stdout == b"unique\n" * 5
    lines = made.stdout.decode().split("\n")
    assert lines[-1] == "" and all(len(line) == 81 for line in lines[:-1])


def test_out_writes_one_input_file_per_puzzle(tmp_path):
    assert generated("samurai", "--count", "2", "--clues", "330", "--seed", "o",
                     "--out", str(tmp_path)) == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == [".dlxcli-generate", "samurai-1.in",
                                                          "samurai-2.in"]
    result = run("samurai", "--unique", str(tmp_path))
    assert result.stdout.count("unique\n") == 2
    generated("squiggly", "--clues", "40", "--seed", "o", "--out", str(tmp_path / "sq"))
    assert (tmp_path / "sq" / "squiggly-1.in").read_text().startswith("1\n")


@pytest.mark.parametrize("args, message", [
    (["sudoku", "--clues", "20", "--minimal"], "exclude each other"),
    (["squiggly", "--size", "16"], "--size is for sudoku"),
    (["sudoku", "--size", "4", "--clues", "17"], "has 16 cells"),
    (["samurai", "--count", "2"], "use --out"),
    (["sudoku", "--difficulty", "9:3"], "LOW is above HIGH"),
    (["sudoku", "--difficulty", "hard"], "expected LOW:HIGH"),
    (["sudoku", "--difficulty", ":"], "expected LOW:HIGH"),  # attack18b: no band at all
    (["sudoku", "--difficulty", "\u0661:\u0662"], "expected LOW:HIGH"),  # Arabic-Indic digits
    (["sudoku", "--difficulty", "1_0:"], "expected LOW:HIGH"),
    (["sudoku", "--difficulty", " 1:2"], "expected LOW:HIGH"),
    (["sudoku", "--size", "25", "--reason", "singles"], "give --clues N"),
    (["sudoku", "--size", "25", "--minimal", "--reason", "singles"],
     "minimal 25x25 sudoku is out of reach of --reason singles"),
])
def test_usage_errors(args, message):
    result = run("generate", *args)
    assert result.exit_code == 2 and message in result.stderr and result.stdout == ""


def test_a_request_that_no_try_meets_fails_in_one_line_saying_how_close_it_came():
    with mock.patch.object(making, "MAX_TRIED", 5):
        result = run("generate", "sudoku", "--clues", "17", "--seed", "1")
    assert result.exit_code == 1 and result.stdout == ""
    assert re.fullmatch(r"dlxcli: generate: puzzle 1: no 9x9 sudoku with 17 givens found among "
                        r"5 puzzles tried \(the fewest givens a try reached: 2\d\); nothing "
                        r"written\n", result.stderr)


@pytest.mark.slow
def test_a_hard_band_is_reached_by_climbing():
    """About 1 in 100 random minimal puzzles has an excess of 300 or more
    (docs/difficulty.md); climbing gets there in a few hundred steps."""
    text = generated("sudoku", "--difficulty", "300:", "--seed", "climb")
    puzzle = sudoku_givens(text)[0]
    assert oracle.verdict(puzzle) == "unique" and oracle.removable(puzzle) == []
    line = run("sudoku", "--rate", stdin=text).stdout
    assert int(line.split()[0].split("=")[1]) >= 300


# -- issue 21: seeds, write errors, whole or absent, impossible requests, progress, --out -----

def dlxcli_generate(*args, **kwargs):
    """A real `dlxcli generate` process (bytes arguments allowed)."""
    kwargs = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    return subprocess.run(DLXCLI + ["generate", *args], timeout=60, **kwargs)


def test_a_seed_of_bytes_that_are_not_utf8_is_taken_byte_for_byte():
    first, again, other = (dlxcli_generate(b"sudoku", b"--count", b"2", b"--seed", seed)
                           for seed in (b"\xff\xfe", b"\xff\xfe", b"\xff"))
    for done in (first, again, other):
        assert done.returncode == 0 and done.stderr == b""
        assert [len(line) for line in done.stdout.split(b"\n")] == [81, 81, 0]
    assert first.stdout == again.stdout != other.stdout


def test_a_text_seed_makes_the_same_puzzles_as_seeding_with_the_text():
    """The puzzles of every UTF-8 seed are those seeded with "SEED:k" as text."""
    import random
    for seed in ("x", "été", ""):
        assert (random.Random(making.puzzle_seed(seed, 3)).random()
                == random.Random(f"{seed}:3").random())


def test_a_write_error_on_stdout_names_stdout():
    with open("/dev/full", "wb") as full:
        done = dlxcli_generate("sudoku", "--seed", "1", stdout=full)
    assert done.returncode == 2
    assert done.stderr == (b"dlxcli: generate: cannot write <stdout>: No space left on "
                           b"device; nothing written\n")


def file_size_limit(size):
    import resource
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def test_a_file_too_large_for_out_is_named_and_the_folder_left_absent(tmp_path):
    out = tmp_path / "new" / "out"
    done = dlxcli_generate("sudoku", "--count", "3", "--seed", "1", "--out", str(out),
                           preexec_fn=file_size_limit(40))
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr == (f"dlxcli: generate: cannot write {out}/sudoku-1.in: File too "
                           f"large; nothing written\n").encode()
    assert list(tmp_path.iterdir()) == []


def test_stdout_appended_to_a_file_too_small_keeps_whole_puzzles_only(tmp_path):
    """1,000 bytes hold the 14 bytes before and 12 puzzle lines of 82: the 13th, cut
    short, is cut back (issue 29: whole or absent per puzzle)."""
    kept = tmp_path / "kept.txt"
    kept.write_bytes(b"earlier lines\n")
    with open(kept, "ab") as appended:
        done = dlxcli_generate("sudoku", "--count", "30", "--seed", "1",
                               stdout=appended, preexec_fn=file_size_limit(1000))
    assert done.returncode == 2
    assert done.stderr == (b"dlxcli: generate: cannot write <stdout>: File too large; 12 "
                           b"puzzles written (the same seed with --count 12 makes them "
                           b"again)\n")
    whole = generated("sudoku", "--count", "12", "--seed", "1").encode()
    assert kept.read_bytes() == b"earlier lines\n" + whole


def test_a_manifest_too_large_for_out_says_how_many_puzzles_are_in_the_folder(tmp_path):
    """The manifest grows with each puzzle; when it no longer fits (`ulimit -f`), DIR
    holds the puzzles written before, listed, and the run says how many (before: the
    error alone, though DIR kept them)."""
    out = tmp_path / "out"
    done = dlxcli_generate("sudoku", "--count", "100", "--seed", "1", "--out", str(out),
                           preexec_fn=file_size_limit(1024))
    lines = (out / ".dlxcli-generate").read_text().splitlines()[1:]
    assert done.returncode == 2 and 0 < len(lines) < 100
    assert done.stderr == (f"dlxcli: generate: cannot write {out}/.dlxcli-generate: File "
                           f"too large; {len(lines)} puzzles written (the same seed with "
                           f"--count {len(lines)} makes them again)\n").encode()
    assert sorted(path.name for path in out.iterdir()) == [".dlxcli-generate"] + lines


def test_held_puzzles_that_cannot_be_written_are_not_counted_as_written(tmp_path):
    """A squiggly input is held until its T is known: when it cannot be written, none
    of its puzzles is out."""
    with open(tmp_path / "t.in", "wb") as small:
        done = dlxcli_generate("squiggly", "--count", "3", "--seed", "1", stdout=small,
                               preexec_fn=file_size_limit(100))
    assert (done.returncode, (tmp_path / "t.in").read_bytes()) == (2, b"")
    assert done.stderr == (b"dlxcli: generate: cannot write <stdout>: File too large; "
                           b"nothing written\n")


def failing_at(index):
    """making.make, but puzzle `index` cannot be made."""
    make = making.make

    def failing(request, k, on_try=None, on_check=None, helpers=None):
        if k == index:
            raise making.GenerationFailed(f"puzzle {k + 1}: no luck")
        return make(request, k, on_try, on_check, helpers)
    return mock.patch.object(making, "make", failing)


def test_a_failed_squiggly_run_writes_not_even_its_header():
    with mock.patch.object(making, "MAX_TRIED", 2):
        result = run("generate", "squiggly", "--clues", "9", "--seed", "1")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.endswith("; nothing written\n")


def test_a_run_that_fails_half_way_keeps_the_puzzles_made_and_says_how_to_make_them(tmp_path):
    """Issue 29: whole or absent per puzzle. The first two are the run's first two, on
    stdout and in --out (a manifest listing exactly them); the message says how to make
    them again."""
    out = tmp_path / "out"
    with failing_at(2):
        result = run("generate", "sudoku", "--count", "5", "--seed", "1")
        into_folder = run("generate", "sudoku", "--count", "5", "--seed", "1", "--out", str(out))
        squiggly = run("generate", "squiggly", "--count", "5", "--seed", "1")
    two = generated("sudoku", "--count", "2", "--seed", "1")
    assert result.exit_code == 1 and result.stdout == two
    assert result.stderr == ("dlxcli: generate: puzzle 3: no luck; 2 puzzles written (the "
                             "same seed with --count 2 makes them again)\n")
    assert into_folder.exit_code == 1
    assert names(out) == [".dlxcli-generate", "sudoku-1.in", "sudoku-2.in"]
    assert (out / "sudoku-1.in").read_text() + (out / "sudoku-2.in").read_text() == two
    assert (out / ".dlxcli-generate").read_text().splitlines()[1:] == ["sudoku-1.in",
                                                                       "sudoku-2.in"]
    assert squiggly.stdout == generated("squiggly", "--count", "2", "--seed", "1")


def puzzles_so_far(process, where, out, count):
    """Wait until `process` has written `count` puzzles (lines of stdout, or files in
    `out`); returns stdout's lines read so far."""
    deadline = time.monotonic() + 60
    lines = []
    while where == "stdout" and len(lines) < count:
        lines.append(process.stdout.readline())
    while where == "out" and len(list(out.glob("sudoku-*.in"))) < count:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return lines


@pytest.mark.parametrize("where", ["stdout", "out"])
@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_run_stopped_half_way_keeps_its_whole_puzzles(where, jobs, signum, status, tmp_path):
    """Issue 29: a signal mid-run keeps every finished puzzle, whole, and says how many;
    they are exactly what --count k makes with the same seed."""
    out = tmp_path / "out"
    args = ["generate", "sudoku", "--count", "100000", "--seed", "1", "--jobs", jobs]
    args += ["--out", str(out)] if where == "out" else []
    # unbuffered: communicate() reads the pipe itself, past any buffer readline fills
    process = subprocess.Popen(DLXCLI + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               bufsize=0)
    lines = puzzles_so_far(process, where, out, 3)
    process.send_signal(signum)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == status
    message = re.search(rb"dlxcli: generate: (\d+) puzzles written \(the same seed with "
                        rb"--count (\d+) makes them again\)\n", stderr)
    assert message and message[1] == message[2]
    kept = int(message[1])
    assert kept >= 3
    assert stderr.endswith(b"dlxcli: interrupted\n" if signum == signal.SIGINT
                           else b"dlxcli: terminated\n")
    again = generated("sudoku", "--count", str(kept), "--seed", "1")
    if where == "stdout":
        assert b"".join(lines) + stdout == again.encode()
    else:
        files = sorted(out.glob("sudoku-*.in"))
        assert "".join(path.read_text() for path in files) == again
        assert (out / ".dlxcli-generate").read_text().splitlines()[1:] == [
            path.name for path in files]
        assert [path.name for path in out.iterdir() if path.name.startswith(".dlxcli-generate-")
                ] == []


def test_jobs_2_streams_the_output_of_jobs_1():
    """The same bytes, and with --out the same files."""
    args = ["sudoku", "--count", "6", "--seed", "j"]
    assert generated(*args, "--jobs", "2") == generated(*args, "--jobs", "1")


class ShownTally:
    """A stand-in for the progress display (`_ui`): keeps the tally's last line."""

    def start(self, count):
        pass

    def begin(self, name):
        pass

    def tally(self, completed, rate):
        self.rate = rate


def test_the_puzzle_being_made_reports_its_givens_left_and_checks_done():
    """What a terminal shows of the current puzzle (issue 29): a report after every
    uniqueness check, checks counted from 1, givens never growing, the last report's
    givens those of the puzzle written."""
    reports = []
    text = making.make(making.Request("sudoku", 9, seed="p"), 0,
                       on_check=lambda givens, checks: reports.append((givens, checks)))
    assert [checks for _, checks in reports] == list(range(1, len(reports) + 1))
    givens = [left for left, _ in reports]
    assert givens == sorted(givens, reverse=True) and givens[0] <= 81
    assert givens[-1] == sum(ch != "." for ch in text.strip())

    shown = ShownTally()
    tally = generate_command.Tally(shown, making.Request("sudoku", 9), 3)
    tally.checked(61, 20)
    assert shown.rate == "puzzle 1: 61 givens, 20 checks, 0/3 found"
    tally.found_one()
    assert shown.rate.endswith(" tried, 0.0/s, 1/3 found")


@pytest.mark.parametrize("args, message", [
    (["sudoku", "--clues", "16"], "--clues 16: a 9x9 sudoku with one solution has at least "
                                  "17 givens (McGuire, Tugemann and Civario, 2012)"),
    (["sudoku", "--clues", "5"], "at least 17 givens"),
    (["squiggly", "--clues", "0"], "--clues 0: a squiggly with one solution has at least 8 "
                                   "givens (with two symbols absent from the givens, swapping "
                                   "them gives a second solution)"),
    (["samurai", "--clues", "5"], "--clues 5: a samurai with one solution has at least 18"),
    (["samurai", "--clues", "17"], "at least 18 givens"),
    (["sudoku", "--size", "4", "--clues", "3"], "a 4x4 sudoku with one solution has at "
                                                "least 4 givens"),
    (["sudoku", "--size", "16", "--clues", "14"], "at least 15 givens"),
    (["sudoku", "--size", "25", "--clues", "23"], "at least 24 givens"),
    (["sudoku", "--size", "4", "--clues", "7", "--symmetry", "rot180"],
     "--clues 7 with --symmetry rot180: the givens of a 4x4 sudoku come in pairs"),
    (["sudoku", "--difficulty", ":-1"], "the excess is never below 0"),
])
def test_a_request_known_impossible_is_refused_at_once_in_one_line(args, message):
    began = time.monotonic()
    done = run("generate", *args, "--seed", "1")
    assert time.monotonic() - began < 20
    assert done.exit_code == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dlxcli: generate: ") and message in lines[0]


def test_the_generatable_commands_are_those_whose_module_has_a_generator():
    """generate's KIND choices and sizes come from the puzzle modules' GENERATE hooks,
    in the registry's order; a module without one (the contract before it) is not
    generatable and still a command."""
    from dlxcli.commands import PUZZLES, generatable, generator, puzzle_module
    assert generatable() == tuple(name for name in PUZZLES
                                  if hasattr(puzzle_module(name), "GENERATE"))
    assert generatable() == ("sudoku", "squiggly", "samurai")
    assert generator("queens") is None
    assert making.sizes() == (4, 9, 16, 25)
    shown = run("generate", "--help").stdout
    assert "{sudoku|squiggly|samurai}" in shown


def test_the_fewest_givens_of_a_4x4_are_four():
    """Every 4x4 grid (the oracle's, no dlxcli) and every 3 cells of it: the grids that
    agree with it there are always several, so 3 givens never have one solution; some
    4 givens do, and the generator finds them."""
    import itertools
    grids = list(oracle.solutions([0] * 16))
    assert len(grids) == 288
    for cells in itertools.combinations(range(16), 3):
        agreeing = {}
        for grid in grids:
            key = tuple(grid[cell] for cell in cells)
            agreeing[key] = agreeing.get(key, 0) + 1
        assert min(agreeing.values()) >= 2
    puzzle = sudoku_givens(generated("sudoku", "--size", "4", "--clues", "4", "--seed", "f"))[0]
    assert oracle.verdict(puzzle) == "unique"


def test_a_samurai_has_nine_bands_of_one_grid_whose_rows_swap():
    """The premise of the samurai's bound of 18 givens: nine bands of three rows lie in
    one grid only, and two rows of any of them swap in a solution to give another."""
    positions, units = oracle.samurai_shape()
    cell_at = {position: cell for cell, position in enumerate(positions)}
    givens = samurai_givens(generated("samurai", "--clues", "250", "--seed", "s"))
    solution = next(oracle.unit_solutions(givens, units, 9))
    grids = [{(top + r, left + c) for r in range(9) for c in range(9)}
             for top, left in oracle.SAMURAI_CORNERS]
    own = [[[(top + band + r, left + c) for c in range(9)] for r in range(3)]
           for g, (top, left) in enumerate(oracle.SAMURAI_CORNERS) for band in (0, 3, 6)
           if not any({(top + band + r, left + c) for r in range(3) for c in range(9)} & other
                      for h, other in enumerate(grids) if h != g)]
    assert len(own) == 9
    for first, second, _ in own:
        swapped = list(solution)
        for a, b in zip(first, second):
            swapped[cell_at[a]], swapped[cell_at[b]] = solution[cell_at[b]], solution[cell_at[a]]
        assert swapped != solution
        assert all(sorted(swapped[cell] for cell in unit) == list(range(1, 10)) for unit in units)


def test_progress_shows_puzzles_tried_the_rate_and_puzzles_found():
    """--progress draws the bar even off a terminal (stderr a pipe here)."""
    done = dlxcli_generate("sudoku", "--count", "30", "--seed", "p", "--progress",
                           env={**os.environ, "COLUMNS": "120"})
    assert done.returncode == 0 and done.stdout.count(b"\n") == 30
    assert re.search(rb"30 tried, [\d,.]+/s, 30/30 found", done.stderr)


def test_no_progress_off_a_terminal_and_quiet_says_nothing_but_errors():
    plain = dlxcli_generate("sudoku", "--count", "3")
    assert plain.returncode == 0 and plain.stderr.startswith(b"dlxcli: generate: --seed ")
    assert plain.stderr.count(b"\n") == 1
    quiet = dlxcli_generate("sudoku", "--count", "3", "-q", "--progress")
    assert quiet.returncode == 0 and quiet.stderr == b"" and quiet.stdout.count(b"\n") == 3
    refused = dlxcli_generate("sudoku", "--clues", "3", "-q")
    assert refused.returncode == 2 and b"at least 17 givens" in refused.stderr


@pytest.mark.any_twin  # the display
def test_on_a_terminal_the_progress_bar_leaves_only_the_puzzles():
    """Long enough for the default display to appear (after half a second): then the
    puzzles are written below where it was, never on its line. The Python twin makes
    puzzles about 20 times slower: 20 of them last as long (200 took 4 minutes of CI)."""
    from terminal import run_on_terminal
    count = "20" if os.environ.get("DLXCLI_ENGINE") == "python" else "200"
    args = ["generate", "sudoku", "--count", count, "--seed", "t"]
    status, screen = run_on_terminal(DLXCLI + args, 90, timeout=120)
    assert status == 0
    assert screen.text() == generated(*args[1:])


# -- --out: one run's puzzles -------------------------------------------------------------------

def names(folder):
    return sorted(path.name for path in folder.iterdir())


def test_a_second_run_into_a_folder_replaces_the_first_runs_files(tmp_path):
    generated("sudoku", "--count", "12", "--seed", "a", "--out", str(tmp_path))
    assert len(names(tmp_path)) == 13
    generated("sudoku", "--count", "3", "--seed", "b", "--out", str(tmp_path))
    assert names(tmp_path) == [".dlxcli-generate", "sudoku-1.in", "sudoku-2.in", "sudoku-3.in"]
    text = "".join((tmp_path / name).read_text() for name in names(tmp_path)[1:])
    assert text == generated("sudoku", "--count", "3", "--seed", "b")
    generated("squiggly", "--seed", "c", "--out", str(tmp_path))
    assert names(tmp_path) == [".dlxcli-generate", "squiggly-1.in"]


@pytest.mark.parametrize("stranger", ["notes.txt", "sudoku-4.in", "folder"])
def test_a_folder_holding_files_of_no_generate_run_is_refused_untouched(stranger, tmp_path):
    """A file of the user's, or of a run before the manifest (31aba00's), or one that
    the last run's manifest does not list, is never removed nor mixed with."""
    generated("sudoku", "--count", "2", "--seed", "a", "--out", str(tmp_path))
    if stranger == "folder":
        (tmp_path / stranger).mkdir()
    else:
        (tmp_path / stranger).write_text("mine\n")
    before = {name: (tmp_path / name).stat().st_mtime_ns for name in names(tmp_path)}
    result = run("generate", "sudoku", "--count", "1", "--seed", "b", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr == (f"dlxcli: generate: --out {tmp_path}: holds {stranger}, not "
                             f"written by the last dlxcli generate here: a folder holds one "
                             f"run's puzzles (remove them, or choose another folder)\n")
    assert {name: (tmp_path / name).stat().st_mtime_ns for name in names(tmp_path)} == before


def test_two_runs_at_once_into_one_folder_one_is_refused(tmp_path):
    import fcntl
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        result = run("generate", "sudoku", "--seed", "a", "--out", str(tmp_path))
    finally:
        os.close(fd)
    assert result.exit_code == 2 and result.stderr == (
        f"dlxcli: generate: --out {tmp_path}: another dlxcli generate is writing this "
        f"folder\n")
    assert names(tmp_path) == []


def test_out_under_a_file_is_one_line(tmp_path):
    (tmp_path / "file").write_text("")
    result = run("generate", "sudoku", "--out", str(tmp_path / "file" / "out"))
    assert result.exit_code == 2 and result.stderr.endswith(
        f"dlxcli: generate: --out {tmp_path}/file/out: cannot make this folder: Not a "
        f"directory\n")


def test_a_closed_stdout_is_one_line():
    """Started with stdout closed (`>&-`): its stand-in fails the write as a closed
    descriptor does (dlxcli.cli's _stand_in_for_closed_streams)."""
    done = dlxcli_generate("sudoku", "--seed", "1", preexec_fn=lambda: os.close(1))
    assert done.returncode == 2
    assert done.stderr == (b"dlxcli: generate: cannot write <stdout>: Bad file descriptor; "
                           b"nothing written\n")


def test_a_manifest_never_makes_a_run_remove_a_hidden_file_or_one_outside(tmp_path):
    """Whatever a manifest lists, only visible files of the folder itself can go."""
    out = tmp_path / "out"
    out.mkdir()
    (out / ".keep").write_text("mine\n")
    (tmp_path / "outside").write_text("mine\n")
    (out / ".dlxcli-generate").write_text(".keep\n../outside\n")
    generated("sudoku", "--seed", "a", "--out", str(out))
    assert names(out) == [".dlxcli-generate", ".keep", "sudoku-1.in"]
    assert names(tmp_path) == ["out", "outside"]


def memory_capped():
    """A child's address space capped at 2 GB: the old code read /dev/zero into memory."""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (2_000_000_000, 2_000_000_000))


@pytest.mark.parametrize("planted", ["fifo", "/dev/zero", "/dev/null", "folder", "huge"])
def test_a_planted_manifest_that_is_not_a_small_regular_file_is_refused_unread(planted,
                                                                                tmp_path):
    """Issue 28, item 3: a FIFO blocked open() for ever, a link to /dev/zero was read
    until memory ran out (a MemoryError traceback). Each is refused in one line, at
    once, and nothing is written."""
    manifest = tmp_path / ".dlxcli-generate"
    if planted == "fifo":
        os.mkfifo(manifest)
    elif planted == "folder":
        manifest.mkdir()
    elif planted == "huge":  # sparse: a file of zeros bigger than any manifest
        with open(manifest, "wb") as file:
            file.truncate(65 * 2 ** 20)
    else:
        manifest.symlink_to(planted)
    done = dlxcli_generate("sudoku", "--seed", "a", "--out", str(tmp_path),
                           preexec_fn=memory_capped)
    why = "is over 64 MiB" if planted == "huge" else "is not a regular file"
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == (f"dlxcli: generate: --out {tmp_path}: .dlxcli-generate {why}, "
                           f"so not the list this command writes there: remove it\n").encode()
    assert names(tmp_path) == [".dlxcli-generate"]


def test_an_unreadable_manifest_is_named(tmp_path):
    manifest = tmp_path / ".dlxcli-generate"
    manifest.write_text("# dlxcli generate: the files of the run that wrote this folder\n")
    manifest.chmod(0)
    if os.access(manifest, os.R_OK):
        pytest.skip("running as root: every file is readable")
    result = run("generate", "sudoku", "--seed", "a", "--out", str(tmp_path))
    assert (result.exit_code, result.stderr) == (2, f"dlxcli: generate: --out {tmp_path}: "
                                                    f"cannot read .dlxcli-generate: Permission "
                                                    f"denied\n")


def test_the_hidden_folder_of_a_run_killed_with_sigkill_goes_with_the_next_run(tmp_path):
    """SIGKILL leaves no chance to clean up: the next run into the folder (holding its
    lock, so no other run is writing one) removes the dead run's hidden folder."""
    first = subprocess.Popen(DLXCLI + ["generate", "sudoku", "--count", "100000", "--seed",
                                       "a", "-q", "--out", str(tmp_path)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not any(tmp_path.glob(".dlxcli-generate-*/*.in")):
            assert time.monotonic() < deadline and first.poll() is None
            time.sleep(0.05)
    finally:
        first.kill()
        first.wait()
    assert [path.name for path in tmp_path.glob(".dlxcli-generate-*")]
    generated("sudoku", "--count", "2", "--seed", "b", "--out", str(tmp_path))
    assert names(tmp_path) == [".dlxcli-generate", "sudoku-1.in", "sudoku-2.in"]


# -- issue 29: one puzzle on many cores, progress with --jobs N ----------------------------------

HELPERS_CASES = [["sudoku", "--size", "4", "--seed", "h"],
                 ["sudoku", "--seed", "h"],
                 ["sudoku", "--seed", "w", "--reason", "learn"],
                 ["sudoku", "--seed", "s", "--symmetry", "rot180"],
                 ["sudoku", "--seed", "c", "--clues", "26"],
                 ["squiggly", "--seed", "q"],
                 ["sudoku", "--size", "16", "--seed", "g", "--clues", "150"]]


def probe_now():
    """The environment of a run whose helpers start at once (no probe time)."""
    return {**os.environ, "DLXCLI_SPLIT_PROBE": "0"}


@pytest.mark.parametrize("engine", ["c", "python"])
def test_one_puzzle_on_two_processes_is_the_puzzle_of_one(engine):
    """--count 1 --jobs 2: the removal checks made ahead on two helpers give exactly
    the puzzle of --jobs 1 (same seed, either twin), and the independent oracle finds
    the sudokus unique and the minimal ones minimal."""
    for args in HELPERS_CASES[:4] if engine == "python" else HELPERS_CASES:
        outputs = [subprocess.run(DLXCLI + ["generate", *args, "--jobs", jobs, "-q"],
                                  capture_output=True, timeout=120,
                                  env={**probe_now(), "DLXCLI_ENGINE": engine})
                   for jobs in ("1", "2")]
        assert [done.returncode for done in outputs] == [0, 0], outputs[1].stderr
        assert outputs[0].stdout == outputs[1].stdout, args
        if args[0] == "sudoku" and "--size" not in args[1:] or args[2] == "4":
            puzzle = sudoku_givens(outputs[1].stdout.decode())[0]
            assert oracle.verdict(puzzle) == "unique"
            if "--clues" not in args and "--symmetry" not in args:
                assert oracle.removable(puzzle) == []


def test_the_helpers_check_ahead_and_check_again_after_a_removal(monkeypatch):
    """In process: the checks go to the helpers (none is made here with no probe
    time), some candidates are checked twice (found removable ahead, then an earlier
    one was removed), and the puzzle is still the one made one check at a time."""
    sent = []
    submit = making.Helpers.submit

    def recorded(self, tag, *args):
        sent.append(tag[1:])
        return submit(self, tag, *args)
    monkeypatch.setattr(making.Helpers, "submit", recorded)
    request = making.Request("sudoku", 9, seed="ahead")
    helpers = making.Helpers(2, 0.0)
    try:
        ahead = making.make(request, 0, helpers=helpers)
    finally:
        helpers.close()
    assert ahead == making.make(request, 0)
    positions = [position for position, _ in sent]
    assert len(set(positions)) == 81  # every cell of the pass (none checked here)
    assert len(positions) > len(set(positions))


def test_closing_the_helpers_leaves_no_process(monkeypatch):
    from processes import children, still_running
    helpers = making.Helpers(2, 0.0)
    making.make(making.Request("sudoku", 9, seed="x"), 0, helpers=helpers)
    workers = children(os.getpid())
    assert len(workers) == 2
    helpers.close()
    assert still_running(workers) == []


def test_a_puzzle_on_a_worker_has_its_checks_made_on_the_idle_cores(monkeypatch):
    """Issue 29: a run's tail (fewer puzzles left than workers: here one puzzle, two
    workers) keeps the cores busy: the worker starts helpers for its puzzle's checks
    (generate.Tail), every cell of the pass checked there; the puzzles are those of
    --jobs 1. Counted across the processes (a shared counter, the patched class
    forked with them)."""
    import multiprocessing
    sent = multiprocessing.Value("q", 0)
    submit = making.Helpers.submit

    def counted(self, *args):
        with sent.get_lock():
            sent.value += 1
        return submit(self, *args)
    monkeypatch.setattr(making.Helpers, "submit", counted)
    monkeypatch.setenv("DLXCLI_SPLIT_PROBE", "0")
    request = making.Request("sudoku", 9, seed="tail")
    tally = generate_command.Tally(ShownTally(), request, 1)
    assert list(generate_command.made_on_workers(request, 1, 2, tally)) == [
        making.make(request, 0)]
    assert sent.value >= 81
    tally = generate_command.Tally(ShownTally(), request, 3)
    assert list(generate_command.made_on_workers(request, 3, 2, tally)) == [
        making.make(request, k) for k in range(3)]


def test_a_tail_shares_the_cores_once_a_worker_is_idle():
    tail = making.Tail(4, 6, 0.0)
    shares = []
    for _ in range(6):
        shares.append(tail.share())
        tail.made()
    assert shares == [1, 1, 1, 1, 2, 4]  # 6, 5, 4 left: none idle; 3 left: 4 // 3


@pytest.mark.parametrize("side", [4, 9])
def test_a_two_symbol_swap_is_a_second_solution_the_oracle_finds(side):
    """Swaps.found(givens, cell) on random grids with random blanks: whenever it says
    so, the independent oracle finds a completion of the givens that changes the cell;
    and it says so somewhere (the test is not empty)."""
    import random
    rng = random.Random(side)
    board = making.generator_of("sudoku").board(side, rng)
    said = 0
    for _ in range(40 if side == 4 else 15):
        solution = oracle.random_full_grid(rng, side)
        givens = oracle.blank(rng, solution, rng.randint(2, side * side * 2 // 3))
        swaps = making.Swaps(board.grid, solution)
        for cell in range(side * side):
            if not givens[cell] and swaps.found(givens, cell):
                said += 1
                assert any(other[cell] != solution[cell]
                           for other in oracle.solutions(givens, 2000)), (givens, cell)
    assert said >= 10


def test_a_refusal_by_a_swap_makes_no_search(monkeypatch):
    """Issue 29: a learning check whose removal leaves two symbols free to be exchanged
    (here every cell of two symbols empty: exchanging them everywhere solves it too)
    answers "a second solution" without a search (the search raises here)."""
    import random
    from dlxcli.exact_cover import ExactCover

    def searched(*args, **kwargs):
        raise AssertionError("a learning search for a swap")
    monkeypatch.setattr(ExactCover, "other", searched)
    rng = random.Random("swap")
    board = making.generator_of("sudoku").board(9, rng)
    solution = oracle.random_full_grid(rng, 9)
    givens = [0 if symbol in (3, 7) else symbol for symbol in solution]
    assert oracle.verdict(givens) == "multiple"
    unique = making.Uniqueness(board.grid, solution, "learn", True)
    assert unique.second(givens, [solution.index(3)])


def test_the_reports_of_puzzles_made_on_workers():
    """A slot per puzzle under way; a slot reused by a later puzzle is never read as
    the earlier one's; a finished puzzle reports no more."""
    reports = making.Reports(8)
    assert reports.read(3) is None
    reports.write(3, 200, 17)
    assert reports.read(3) == (200, 17) and reports.read(11) is None
    reports.write(11, 300, 2)
    assert reports.read(3) is None and reports.read(11) == (300, 2)
    reports.clear(3)  # not its slot any more: untouched
    assert reports.read(11) == (300, 2)
    reports.clear(11)
    assert reports.read(11) is None


def test_the_tally_shows_the_first_puzzle_under_way_and_counts_the_others():
    shown = ShownTally()
    tally = generate_command.Tally(shown, making.Request("sudoku", 25), 4)
    tally.under_way([(0, 412, 230), (1, 500, 120), (2, 610, 15)])
    assert shown.rate == "puzzle 1: 412 givens, 230 checks, 2 more under way, 0/4 found"
    tally.under_way([])
    assert shown.rate == "0 tried, 0.0/s, 0/4 found"


@pytest.mark.any_twin  # the display
def test_a_terminal_shows_the_puzzles_under_way_with_jobs_2():
    """Issue 29: with --jobs 2 (a puzzle on each worker process) the display shows the
    checks of the puzzle the output waits for, as --jobs 1 does; the final screen holds
    only the puzzles. Two puzzles on the Python twin, whose checks are slower (six took
    2.5 minutes of CI)."""
    from terminal import run_on_terminal
    count = "2" if os.environ.get("DLXCLI_ENGINE") == "python" else "6"
    args = ["generate", "sudoku", "--size", "16", "--count", count, "--seed", "t", "--jobs", "2"]
    status, screen = run_on_terminal(DLXCLI + args, 300, timeout=120)
    assert status == 0
    assert screen.text() == generated(*args[1:])
    assert re.search(r"puzzle \d: [\d,]+ givens, [\d,]+ checks", screen.written)


PUZZLE_25 = ("I..L..1....4C2..5F....9.O..2J...N....D.F.M.89.CI.A.DNM.2....J6..7.I...E4..H"
             "1O..C...K.IB....E.P72MLG..93K.B.7ICMLO.E.DG.6..PJ.6.PC....3M.D.BOE....5..1."
             ".4..NAK.52EC..PH6..I.D.LM.GIO2E..7...4..MA..L.J.P.537..N...HLJ.1GCBK......I"
             "...E.C...GF.6M..O..PB..4...8.41F62.G9...5..E3.I.B.C....P...D.1J.K.2.A.MF7O."
             "P...6....K4E7.M....F..5.G.F....7...5....9HP...16KE......NI..2...L...OB.94H8"
             "G.A65F.D1J..8L....I.7.MC9..BIJ...H..GNF3...D.O...4..1..K.5...A...6..MC.BD3."
             "..C.36A4B.DO1...JL...P8EK9..4D7.3NO.PM....8B.HL.2.86...OPC..3MK9.F...5....."
             ".C5.1H.2..O....8G.6K9.3.L.IOH9..K6FA.....P23...C......G..B.7N8.EC.LI.JPK.D."
             ".KF.A8I.L........9..N..M.")
"""A 25x25 with 300 givens (generate --size 25 --clues 300 --seed m): its --minimal
takes minutes."""

PUZZLE_25_360 = ("I..L..1M...4C2..5F....9.O..2J..LNO61.D.F.M.89.CI.AADNM.239..J6..7.I...E4B.H1O"
                 "..C...K8IB...3E.P72MLG..93K.B.7ICMLO.E.DG.6.5PJ.6.PC....3M7D.BOE..2.5..1..4.."
                 "NAK.52EC.8PH6J7IGDOLMDGIO2E..7B..4..MA..L.J.PC537..N...HLJ.1GCBK.D.EA.IK..E.C"
                 "..8GF.6MI.O..PB..4...8.41F62.G9..A5..E3DINB.C....P...D.1J.K.2.A.MF7O.P...63.8"
                 ".K4E7.M....FL.5.G2F....7...5N...9HP...16KE......NI..2...L...OB.94H8G.A65F.D1J"
                 "..8L....I.7NMC9..BIJ.MEH..GNF3...D.O...4..1..K.5...A.H.6..MCFBD3JF.C.36A4B.DO"
                 "1.5GJLHNIP8EK9.K4D7.3NO.PM....8B.HL.2.86.B7OPC..3MK9.F.E45....2.C5.1H.2..O..J"
                 ".8G.6K973.L.IOH9.EK6FA.....P23...C.B....G..B.7N8.EC.LI.JPK.D..KF.A8I.L..2...."
                 "79..N..M.")
"""A 25x25 with 360 givens (generate --size 25 --clues 360 --seed m): its --minimal
takes seconds on the pure-Python twin, whose helpers start at once (PUZZLE_25's took
7 seconds to start there: the whole puzzle is solved first)."""


def puzzle_for_minimal_on_helpers(tmp_path):
    """A file of one 25x25 whose --minimal --jobs 2 lasts seconds after its helpers
    start on the twin of this run."""
    puzzle = tmp_path / "p25.txt"
    python = os.environ.get("DLXCLI_ENGINE") == "python"
    puzzle.write_text((PUZZLE_25_360 if python else PUZZLE_25) + "\n")
    return puzzle


@pytest.mark.parametrize("first, second", [(signal.SIGTERM, signal.SIGINT),
                                           (signal.SIGINT, signal.SIGTERM)])
def test_a_second_signal_as_the_held_output_is_written_keeps_the_count(first, second):
    """The first ending signal writes the held output (an SVG document: seconds when
    large) and says how many puzzles it kept; a second one sent meanwhile cut that line
    off, and its own status replaced the first's (attack18b). Here the second is sent
    from inside the held write, so that it lands there whatever the machine's load."""
    code = textwrap.dedent(f"""
        import os, sys
        from dlxcli.cli import generate
        write, made = generate.StdoutOutput.write, generate.made
        def made_then_stopped(*args):
            yield from list(made(*args))[:2]
            os.kill(os.getpid(), {int(first)})
        def write_with_a_second_signal(self, data):
            os.kill(os.getpid(), {int(second)})
            write(self, data)
        generate.made = made_then_stopped
        generate.StdoutOutput.write = write_with_a_second_signal
        from dlxcli.cli import main
        sys.argv = ["dlxcli", "generate", "sudoku", "--count", "5", "--seed", "1",
                    "--format", "svg", "-q"]
        main()
        """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    assert done.returncode == 128 + first, done.stderr
    assert done.stderr.decode().splitlines() == [
        "dlxcli: generate: 2 puzzles written (the same seed with --count 2 makes them again)",
        "dlxcli: terminated" if first == signal.SIGTERM else "dlxcli: interrupted"]
    assert done.stdout.decode() == generated("sudoku", "--count", "2", "--seed", "1",
                                             "--format", "svg")


def started_group(args, env=None):
    return subprocess.Popen(DLXCLI + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, env=env)


def helpers_of(process, count=2):
    """The worker processes of `process`, once it has `count` of them."""
    from processes import children
    deadline = time.monotonic() + 60
    while len(children(process.pid)) < count:
        assert time.monotonic() < deadline, "the helpers never started"
        time.sleep(0.02)
    return children(process.pid)


def cpu_seconds(pid):
    """The CPU seconds process `pid` has used (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def both_search(workers, seconds=1.0):
    """Whether each of the two `workers` has done at least a fifth of their work, once
    they have used `seconds` of CPU between them (one worker doing it all, the other
    idle, fails)."""
    deadline = time.monotonic() + 120
    used = [0.0, 0.0]
    while sum(used) < seconds:
        assert time.monotonic() < deadline, "the workers did not search"
        time.sleep(0.05)
        used = [max(cpu_seconds(pid), before) for pid, before in zip(workers, used)]
    return min(used) >= sum(used) / 5


def ended(process, timeout=60):
    """(exit status, stdout, stderr) of a process, once it has ended with its group."""
    from processes import group_alive, kill_group
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        deadline = time.monotonic() + 5
        while group_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert group_alive(process.pid) == [], "processes left behind"
        return process.returncode, stdout, stderr
    finally:
        kill_group(process)


@pytest.mark.parametrize("signum, status, last", [(signal.SIGINT, 130, b"interrupted"),
                                                  (signal.SIGTERM, 143, b"terminated")])
def test_a_signal_to_one_puzzle_on_helpers_ends_it_cleanly(signum, status, last):
    process = started_group(["generate", "sudoku", "--size", "25", "--seed", "1", "--jobs", "2"],
                            probe_now())
    helpers_of(process)
    time.sleep(0.5)
    os.killpg(process.pid, signum)
    code, stdout, stderr = ended(process)
    assert code == status and stdout == b""
    assert stderr.endswith(b"dlxcli: generate: nothing written\ndlxcli: " + last + b"\n")


@pytest.mark.skipif(os.environ.get("DLXCLI_ENGINE") == "python",
                    reason="the Python twin's own check of a 25x25 can outlast the wait: the "
                           "run hears of the dead helper when that check ends")
def test_a_helper_killed_ends_the_run_with_what_was_made():
    """A helper killed with a check in hand ends the run in one line (one killed between
    checks is replaced, and the run goes on: so the helpers are killed until one had a
    check in hand, as a loaded machine may see the first kill land between two)."""
    process = started_group(["generate", "sudoku", "--size", "25", "--seed", "1", "--jobs", "2",
                             "-q"], probe_now())
    kill_a_worker_until_it_ends(process)
    code, stdout, stderr = ended(process)
    assert code == 1 and stdout == b""
    assert stderr == (b"dlxcli: generate: a worker process died (killed by signal 9: "
                      b"Killed); nothing written\n")


def test_minimal_with_jobs_2_counts_on_two_processes(tmp_path):
    """sudoku --minimal --jobs 2 on one puzzle: the removal checks on two processes,
    both searching (before, the puzzle went to one worker and the other stayed idle)."""
    puzzle = puzzle_for_minimal_on_helpers(tmp_path)
    process = started_group(["sudoku", "--minimal", "--jobs", "2", str(puzzle)], probe_now())
    try:
        assert both_search(helpers_of(process))
    finally:
        os.killpg(process.pid, signal.SIGTERM)
    assert ended(process)[0] == 143


def test_minimal_with_jobs_2_keeps_its_time_limit(tmp_path):
    """--timeout stops the pool's counts: status 3, no process left behind."""
    puzzle = tmp_path / "p25.txt"
    puzzle.write_text(PUZZLE_25 + "\n")
    process = started_group(["sudoku", "--minimal", "--jobs", "2", "--timeout", "3",
                             str(puzzle)], probe_now())
    code, stdout, stderr = ended(process)
    assert code == 3 and stdout == b""
    assert b"time limit" in stderr and b"Traceback" not in stderr


@pytest.mark.parametrize("ending, status, last", [
    ("kill a worker", 2, b"a worker process died (killed by signal 9: Killed)"),
    (signal.SIGINT, 130, b"dlxcli: interrupted"), (signal.SIGTERM, 143, b"dlxcli: terminated")])
def test_minimal_with_jobs_2_ends_cleanly_when_stopped(ending, status, last, tmp_path):
    """A worker killed fails the puzzle (one line, status 2, as a batch's piece does);
    a signal to the run ends it; no process is left either way. (A worker killed
    between two checks is replaced and the run goes on, so a worker is killed until
    one had a check in hand, as a loaded machine may see the first kill land between
    two: the Python twin's puzzle of 360 givens checks quickly.)"""
    puzzle = puzzle_for_minimal_on_helpers(tmp_path)
    process = started_group(["sudoku", "--minimal", "--jobs", "2", str(puzzle)], probe_now())
    helpers_of(process)
    time.sleep(0.3)
    if ending == "kill a worker":
        kill_a_worker_until_it_ends(process)
    else:
        os.killpg(process.pid, ending)
    code, stdout, stderr = ended(process)
    assert code == status and stdout == b""
    assert stderr.rstrip(b"\n").endswith(last) and stderr.count(b"\n") == 1


def kill_a_worker_until_it_ends(process, seconds=60):
    """SIGKILL a worker of `process` every 0.3 s until it ends (or `seconds` pass)."""
    from processes import children
    deadline = time.monotonic() + seconds
    while process.poll() is None and time.monotonic() < deadline:
        for worker in children(process.pid)[:1]:
            os.kill(worker, signal.SIGKILL)
        time.sleep(0.3)


def refuse_processes(monkeypatch, only_in_workers=False):
    """The system refuses new processes (as under `ulimit -u`: fork fails with EAGAIN),
    everywhere or only in the processes forked from this one (a run's workers)."""
    import errno
    from dlxcli import pool
    here, start = os.getpid(), pool._Worker.__init__

    def refused(self, *args, **kwargs):
        if only_in_workers and os.getpid() == here:
            return start(self, *args, **kwargs)
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")
    monkeypatch.setattr(pool._Worker, "__init__", refused)


def test_helpers_the_system_refuses_leave_the_checks_here(monkeypatch):
    """attack-tail: a puzzle whose helper processes cannot start (a process limit) is
    made by its own process, the same puzzle (before: the run died of the OSError)."""
    request = making.Request("sudoku", 9, seed="refused")
    expected = making.make(request, 0)
    refuse_processes(monkeypatch)
    helpers = making.Helpers(2, 0.0)
    try:
        assert making.make(request, 0, helpers=helpers) == expected
    finally:
        helpers.close()
    assert helpers.refused


def test_a_tail_whose_helpers_the_system_refuses_makes_the_same_puzzles(monkeypatch):
    """attack-tail: the run's workers can start no helper processes for the tail (only
    the workers were started): the puzzles of --jobs 1 all the same (before: the run
    ended with a traceback of BlockingIOError)."""
    monkeypatch.setenv("DLXCLI_SPLIT_PROBE", "0")
    request = making.Request("sudoku", 9, seed="tail refused")
    expected = [making.make(request, k) for k in range(3)]
    refuse_processes(monkeypatch, only_in_workers=True)
    tally = generate_command.Tally(ShownTally(), request, 3)
    assert list(generate_command.made_on_workers(request, 3, 2, tally)) == expected


def test_a_run_whose_workers_the_system_refuses_says_so_in_one_line(monkeypatch):
    """attack-tail: no worker can start: one line naming why, exit status 1, nothing
    on stdout (before: a traceback)."""
    from dlxcli import pool
    monkeypatch.setattr(pool, "usable_cores", lambda: 2)  # --jobs 2 on any machine
    refuse_processes(monkeypatch)
    result = run("generate", "sudoku", "--count", "3", "--jobs", "2", "--seed", "1", "-q")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == ("dlxcli: generate: cannot start a worker process: Resource "
                             "temporarily unavailable; nothing written\n")


class NoSwaps:
    """A Swaps that finds none: the learning search alone decides."""

    def found(self, _givens, _cell):
        return False


@pytest.mark.parametrize("side, grids", [(4, 12), (9, 3)])
def test_a_check_with_swaps_answers_as_the_learner_alone_and_the_oracle(side, grids):
    """attack-tail: along random removal passes (each check on a unique puzzle less one
    given, as generate makes them), Uniqueness.second with the two-symbol swaps says
    what the learning search alone says and what the brute-force oracle counts, and
    the swaps decide some of the refusals (the test is not empty)."""
    import random
    rng = random.Random(f"swaps {side}")
    board = making.generator_of("sudoku").board(side, rng)
    swapped = 0
    for _ in range(grids):
        solution = oracle.random_full_grid(rng, side)
        with_swaps = making.Uniqueness(board.grid, solution, "learn", True)
        alone = making.Uniqueness(board.grid, solution, "learn", True)
        alone.swaps = NoSwaps()
        swaps = making.Swaps(board.grid, solution)
        givens = list(solution)
        for cell in rng.sample(range(side * side), side * side):
            reduced = making.without(givens, [cell])
            second = oracle.count(reduced, 2) == 2
            assert with_swaps.second(reduced, [cell]) == alone.second(reduced, [cell]) == second
            swapped += swaps.found(reduced, cell)
            if not second:
                givens = reduced
    assert swapped >= 5


class FreshChecks(making.Uniqueness):
    """The checks as before issue 29's windows: a fresh Learner for each."""

    __slots__ = ()

    def second(self, givens, group=None, span=None):
        return super().second(givens, group)


@pytest.mark.parametrize("side, grids, symmetry", [(4, 12, "none"), (9, 3, "none"),
                                                   (9, 3, "rot180")])
def test_window_checks_answer_as_fresh_learners_and_the_oracle(side, grids, symmetry):
    """near29: along random removal passes (each check on a unique puzzle less one
    group of givens, as generate makes them), the checks that share a Learner over a
    window of the pass (generate.Window, its refused groups made facts) say what a
    fresh Learner per check says and what the brute-force oracle counts, with and
    without the two-symbol swaps; refusals and acceptances both occur."""
    import random
    rng = random.Random(f"window {side} {symmetry}")
    board = making.generator_of("sudoku").board(side, rng)
    groups = making.symmetric_groups(board, symmetry)
    verdicts = set()
    for _ in range(grids):
        solution = oracle.random_full_grid(rng, side)
        windows = making.Uniqueness(board.grid, solution, "learn", True)
        no_swaps = making.Uniqueness(board.grid, solution, "learn", True)
        no_swaps.swaps = NoSwaps()
        fresh = FreshChecks(board.grid, solution, "learn", True)
        order = rng.sample(groups, len(groups))
        spans = making.Removals(board, windows, order, None)
        givens = list(solution)
        for position, group in enumerate(order):
            reduced = making.without(givens, group)
            second = oracle.count(reduced, 2) == 2
            span = spans.span(position)
            assert (windows.second(reduced, group, span) == no_swaps.second(reduced, group, span)
                    == fresh.second(reduced, group, span) == second), (position, group)
            verdicts.add(second)
            if not second:
                givens = reduced
    assert verdicts == {True, False}


def test_a_window_of_checks_learns_once_for_all_of_them():
    """near29: a minimal 16x16 made under --reason learn, the same puzzle whether its
    checks share a Learner over each window of the pass or each gets a fresh one, and
    the shared ones find its verdicts in half the conflicts (deterministic counts,
    the same on either twin)."""
    import random
    from dlxcli import engine
    from dlxcli.stats import Stats
    if engine.ENGINE == "python":
        pytest.skip("the C twin's counts (the twins' are equal: test_learn_twins.py), "
                    "in a tenth of the time")
    made = []
    for checks in (making.Uniqueness, FreshChecks):
        request = making.Request("sudoku", 16, seed="window", reason="learn")
        rng = random.Random(making.puzzle_seed(request.seed, 0))
        board = making.generator_of("sudoku").board(16, rng)
        solution = making.solution_grid("sudoku", board, rng)
        unique = checks.of(request, board, solution)
        unique.budget.spent = Stats()
        givens = making.remove_givens(board, solution, unique, rng, "none")
        made.append((givens, unique.budget.spent.conflicts))
    (windows, shared), (fresh, alone) = made
    assert windows == fresh
    assert shared < 0.6 * alone, (shared, alone)


MAINS_PUZZLES = {
    ("--count", "3"): "5a172e72d8ce7489c987c378f40bcee63e94eb98",
    ("--size", "16", "--symmetry", "rot180"): "a8b4ebd1e1ee48c9c017200fe87a5019d983fb1d",
    ("--symmetry", "mirror", "--count", "3"): "216c1320be540972488db69a02c8dc5ab47d16f9",
}
"""SHA-1 of `generate sudoku ARGS --reason learn --seed near29 -q`'s output as main made
it (6b046f1: a fresh Learner per check), on both twins."""


@pytest.mark.parametrize("args, twin", [(args, twin) for args in sorted(MAINS_PUZZLES)
                                         for twin in ("c", "python")
                                         if twin == "c" or "16" not in args])
def test_window_checks_make_the_puzzles_of_fresh_learners(args, twin):
    """near29: the windows change the speed of the learning checks, not their verdicts:
    byte for byte the puzzles main made, on either twin (the 16x16 on the C twin: the
    Python twin's takes it 5 s)."""
    import hashlib
    done = subprocess.run(DLXCLI + ["generate", "sudoku", *args, "--reason", "learn",
                                    "--seed", "near29", "-q"], capture_output=True,
                          timeout=120, env={**os.environ, "DLXCLI_ENGINE": twin})
    assert done.returncode == 0, done.stderr
    assert hashlib.sha1(done.stdout).hexdigest() == MAINS_PUZZLES[args]
