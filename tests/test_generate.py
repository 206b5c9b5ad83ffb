"""`dlxcli generate`: every puzzle has exactly one solution and the minimal ones are
minimal, by an independent checker; layouts are valid HDU 4069 walls; seeds decide
the output, on either twin and with any --jobs; the output is the commands' input.

Layer: tests. Uniqueness, minimality, the squiggly regions and the singles criterion
of --difficulty are checked by tests/grid_oracle.py (backtracking on cells and units,
regions flood-filled from the wall bits), which shares nothing with dlxcli.
"""

import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from click.testing import CliRunner

import grid_oracle as oracle
from dlxcli import generate as making
from dlxcli.cli import cli

ROOT = Path(__file__).resolve().parent.parent
DLXCLI = [sys.executable, "-m", "dlxcli"]


def run(*args, stdin=None):
    return CliRunner().invoke(cli, list(args), input=stdin)


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
    _, units = oracle.samurai_shape()
    givens = samurai_givens(generated("samurai", "--seed", "slow"))
    assert oracle.verdict(givens, units, 9) == "unique"
    assert oracle.removable(givens, units, 9) == []


@pytest.mark.slow
def test_a_generated_16x16_is_minimal():
    """Unique, and none of 8 givens drawn at random can go (every given: about two
    minutes of the oracle, one count each; the sample keeps CI's slow step short)."""
    import random
    for puzzle in sudoku_givens(generated("sudoku", "--size", "16", "--seed", "slow")):
        givens = [cell for cell, value in enumerate(puzzle) if value]
        sample = random.Random(16).sample(givens, 8)
        assert oracle.verdict(puzzle) == "unique"
        assert oracle.removable(puzzle, cells=sample) == []


@pytest.mark.slow
def test_twenty_generated_sudokus_and_five_squigglies_are_unique_and_minimal():
    for puzzle in sudoku_givens(generated("sudoku", "--count", "20", "--seed", "many")):
        assert oracle.verdict(puzzle) == "unique" and oracle.removable(puzzle) == []
    for givens, units in squiggly_cases(generated("squiggly", "--count", "5", "--seed", "m")):
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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["samurai-1.in", "samurai-2.in"]
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
    (["sudoku", "--size", "25"], "give --clues N"),
    (["sudoku", "--size", "25", "--minimal"], "minimal 25x25 sudoku is out of reach"),
])
def test_usage_errors(args, message):
    result = run("generate", *args)
    assert result.exit_code == 2 and message in result.stderr and result.stdout == ""


def test_an_impossible_request_fails_in_one_line():
    with mock.patch.object(making, "MAX_TRIED", 5):
        result = run("generate", "sudoku", "--size", "4", "--clues", "2", "--seed", "1")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == ("dlxcli: generate: no 4x4 sudoku with 2 givens found among 5 "
                             "puzzles tried\n")


@pytest.mark.slow
def test_a_hard_band_is_reached_by_climbing():
    """About 1 in 100 random minimal puzzles has an excess of 300 or more
    (docs/difficulty.md); climbing gets there in a few hundred steps."""
    text = generated("sudoku", "--difficulty", "300:", "--seed", "climb")
    puzzle = sudoku_givens(text)[0]
    assert oracle.verdict(puzzle) == "unique" and oracle.removable(puzzle) == []
    line = run("sudoku", "--rate", stdin=text).stdout
    assert int(line.split()[0].split("=")[1]) >= 300
