"""`dlxcli pack --count` up to symmetry (Burnside's lemma on residual parts, issue 30)
against a second route written apart from it (tests/pack_brute.py): every packing by
backtracking and the least image of each under the board's symmetries, in the plane
and in space, and a transfer-matrix count of domino tilings with the tilings each
symmetry of a square maps to themselves. And what the attack on it found: a long
strip refused as too large, an estimate and the figures of a stopped count that
added up the terms of Burnside's sum as packings.

Layer: tests. The golden answers are the second route's or a formula's (Fibonacci),
never dlxcli's own.
"""

import json

import pytest
from click.testing import CliRunner

import pack_brute
from conftest import slow_on_python
from dlxcli.cli import cli
from paths import REPO


def run(*args, stdin):
    return CliRunner().invoke(cli, ["pack", *map(str, args)], input=stdin)


def count(text, *args):
    result = run("--count", *args, stdin=text)
    assert result.exit_code == 0, result.output
    return int(result.stdout)


def dominoes(rows, cols):
    return "board:\n" + ("X" * cols + "\n") * rows + f"piece D*{rows * cols // 2}:\nXX\n"


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def test_the_second_route_against_published_figures():
    """The transfer matrix and its Burnside sum give the known counts: 12,988,816 domino
    tilings of 8 x 8 (Kasteleyn; Temperley and Fisher), 1,629,189 up to symmetry, the
    Fibonacci numbers on 2 x n; and the brute force agrees on 4 x 4: 36, 9 up to
    symmetry."""
    assert pack_brute.domino_tilings(8, 8) == 12_988_816
    assert pack_brute.domino_square_up_to_symmetry(8) == 1_629_189
    assert [pack_brute.domino_tilings(2, n) for n in range(1, 9)] == [
        fibonacci(n + 1) for n in range(1, 9)]
    square = [(0, r, c) for r in range(4) for c in range(4)]
    assert pack_brute.brute_counts(square, {"D": ([(0, 0, 0), (0, 0, 1)], 8)}, 2, True,
                                   True) == (36, 9) == (pack_brute.domino_tilings(4, 4),
                                                        pack_brute.domino_square_up_to_symmetry(4))


# -- huge counts -----------------------------------------------------------------------------

def test_a_2_x_150_strip_of_dominoes_is_counted_not_refused():
    """One piece in copies has no copy or order items (docs/pack.md, "The exact
    cover"), but the bound on the problem's size counted them: 150 dominoes on 2 x 150
    (448 placements of 2 cells) were refused as 20,294,400 entries. Up to symmetry
    (F(151) + F(77)) / 2 (4 symmetries: the flip about the long axis maps every
    tiling to itself, the others the F(77) symmetric ones); F(151) in all."""
    text = dominoes(2, 150)
    assert pack_brute.domino_tilings(2, 150) == fibonacci(151)
    assert count(text, "--all-symmetries") == fibonacci(151)
    assert count(text) == (fibonacci(151) + fibonacci(77)) // 2


def test_ten_thousand_copies_of_a_monomino_fill_the_board_once():
    """Their problem is 10,000 options of one cell each, not 10^12 entries."""
    text = "board:\n" + ("X" * 100 + "\n") * 100 + "piece a*10000:\nX\n"
    assert count(text, "--timeout", "20") == 1
    assert count(text, "--all-symmetries", "--timeout", "20") == 1


@pytest.mark.parametrize("n", [10, slow_on_python(12, id="12")])
def test_domino_squares_up_to_symmetry_against_the_transfer_matrix(n):
    """32,324,350,352 and 6,632,560,613,086,062 tilings up to symmetry, by the transfer
    matrix's Burnside sum (the mirror's, the half turn's and the quarter turn's
    symmetric tilings counted over half or a quarter of the board)."""
    text = dominoes(n, n)
    assert count(text) == pack_brute.domino_square_up_to_symmetry(n)
    assert count(text, "--all-symmetries") == pack_brute.domino_tilings(n, n)


@pytest.mark.parametrize("rows, cols, holes", [
    (4, 7, {(0, 0), (3, 6)}), (5, 6, {(2, 0), (2, 5)}), (6, 6, {(0, 1), (5, 4)}),
    (3, 8, {(1, 3), (1, 4)}), (6, 7, {(0, 0), (2, 3)}), (8, 8, {(0, 0), (7, 7)})])
def test_domino_boards_with_holes_against_the_transfer_matrix(rows, cols, holes):
    """Holes that keep some of the board's symmetries, or none: in all orientations
    the transfer matrix's count; up to symmetry the brute force's orbits, or where the
    holes leave the board no symmetry, the same count."""
    board = [(0, r, c) for r in range(rows) for c in range(cols) if (r, c) not in holes]
    pieces = {"D": ([(0, 0, 0), (0, 0, 1)], len(board) // 2)}
    text = pack_brute.text_of(board, pieces)
    every = pack_brute.domino_tilings(rows, cols, frozenset(holes))
    assert count(text, "--all-symmetries") == every
    if every == 0 or len(pack_brute.symmetries(board, pieces, 2,
                                               pack_brute.piece_turns(2, True, True))) == 1:
        assert count(text) == every
    else:
        assert every < 2000, "small enough for the brute force"
        assert count(text) == pack_brute.brute_counts(board, pieces, 2, True, True)[1]


# -- mixed pieces, restricted turns, space -----------------------------------------------------

CASES = {
    # the counts in the comments are the brute force's, which each test computes again
    # 5 packings, 2 up to symmetry
    "2x2x3 box of 3 square tetracubes, reflections on": (
        "board:\n"
        "XXX\n"
        "XXX\n"
        "\n"
        "XXX\n"
        "XXX\n"
        "piece o*3:\n"
        "XX\n"
        "XX\n"
        "reflections: on\n"
    ),
    # 12 packings, 3 up to symmetry
    "2x2x4 box of 4 L tetracubes": (
        "board:\n"
        "XXXX\n"
        "XXXX\n"
        "\n"
        "XXXX\n"
        "XXXX\n"
        "piece l*4:\n"
        "XXX\n"
        "X..\n"
        "reflections: off\n"
    ),
    # 3 packings, 2 up to symmetry
    "2x5 T tetromino and 6 monominoes, no rotations": (
        "board:\n"
        "XXXXX\n"
        "XXXXX\n"
        "piece g:\n"
        "XXX\n"
        ".X.\n"
        "piece a*6:\n"
        "X\n"
        "rotations: off\n"
    ),
    # 120 packings, 3 up to symmetry
    "2x2x2 box, an L tricube, a dicube and 3 monocubes": (
        "board:\n"
        "XX\n"
        "XX\n"
        "\n"
        "XX\n"
        "XX\n"
        "piece d:\n"
        "XX\n"
        "X.\n"
        "piece b:\n"
        "XX\n"
        "piece a*3:\n"
        "X\n"
    ),
    # 27 packings, 9 up to symmetry
    "3x6 a domino and 16 monominoes": (
        "board:\n"
        "XXXXXX\n"
        "XXXXXX\n"
        "XXXXXX\n"
        "piece b:\n"
        "XX\n"
        "piece a*16:\n"
        "X\n"
        "reflections: on\n"
    ),
    # 12 packings, 4 up to symmetry
    "4x5 an O and 16 monominoes, no reflections": (
        "board:\n"
        "XXXXX\n"
        "XXXXX\n"
        "XXXXX\n"
        "XXXXX\n"
        "piece i:\n"
        "XX\n"
        "XX\n"
        "piece a*16:\n"
        "X\n"
        "reflections: off\n"
    ),
    # 396 packings, 29 up to symmetry
    "2x2x3 box, a monocube, an L tricube and 8 monocubes, no reflections": (
        "board:\n"
        "XXX\n"
        "XXX\n"
        "\n"
        "XXX\n"
        "XXX\n"
        "piece a:\n"
        "X\n"
        "piece d:\n"
        "XX\n"
        "X.\n"
        "piece m*8:\n"
        "X\n"
        "reflections: off\n"
    ),
    # 25 packings, 11 up to symmetry
    "3x3x3 box with 2 holes, a monocube and 24 others, no rotations": (
        "board:\n"
        "XXX\n"
        ".XX\n"
        "XXX\n"
        "\n"
        "XXX\n"
        "XXX\n"
        "XXX\n"
        "\n"
        "XXX\n"
        ".XX\n"
        "XXX\n"
        "piece a:\n"
        "X\n"
        "piece m*24:\n"
        "X\n"
        "rotations: off\n"
        "reflections: on\n"
    ),
    # 72 packings, 6 up to symmetry
    "2x2x4 box, I tricube, dicube, 11 monocubes, no turns": (
        "board:\n"
        "XXXX\n"
        "XXXX\n"
        "\n"
        "XXXX\n"
        "XXXX\n"
        "piece c:\n"
        "XXX\n"
        "piece b:\n"
        "XX\n"
        "piece a*11:\n"
        "X\n"
        "rotations: off\n"
        "reflections: off\n"
    ),
    # 4 packings, 3 up to symmetry
    "a board with holes, a piece in parts and 7 monominoes, no turns": (
        "board:\n"
        "XXXXX\n"
        "XX.XX\n"
        "piece j:\n"
        "X.X\n"
        "piece a*7:\n"
        "X\n"
        "rotations: off\n"
        "reflections: off\n"
    ),
    # 15 packings, 10 up to symmetry
    "3x6 with holes, a monomino and 14 others, no reflections": (
        "board:\n"
        ".XXXXX\n"
        "XXXXX.\n"
        ".XXXXX\n"
        "piece a:\n"
        "X\n"
        "piece m*14:\n"
        "X\n"
        "reflections: off\n"
    ),
    # 2 packings, 2 up to symmetry
    "3x3x2 box with a hole, a dicube and 5 I tricubes": (
        "board:\n"
        "XXX\n"
        ".XX\n"
        "XXX\n"
        "\n"
        "XXX\n"
        "XXX\n"
        "XXX\n"
        "piece b:\n"
        "XX\n"
        "piece c*5:\n"
        "XXX\n"
        "reflections: off\n"
    ),
    # 70 packings, 11 up to symmetry
    "4x4 an O and 6 dominoes, no reflections": (
        "board:\n"
        "XXXX\n"
        "XXXX\n"
        "XXXX\n"
        "XXXX\n"
        "piece O:\n"
        "XX\n"
        "XX\n"
        "piece d*6:\n"
        "XX\n"
        "reflections: off\n"
    ),
    # 4 packings, 1 up to symmetry
    "4x4 one-sided S and Z and 4 dominoes": (
        "board:\n"
        "XXXX\n"
        "XXXX\n"
        "XXXX\n"
        "XXXX\n"
        "piece S:\n"
        ".XX\n"
        "XX.\n"
        "piece Z:\n"
        "XX.\n"
        ".XX\n"
        "piece d*4:\n"
        "XX\n"
        "reflections: off\n"
    ),
    # 196 packings, 30 up to symmetry
    "5x5 without its centre, 12 dominoes": (
        "board:\n"
        "XXXXX\n"
        "XXXXX\n"
        "XX.XX\n"
        "XXXXX\n"
        "XXXXX\n"
        "piece D*12:\n"
        "XX\n"
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_counts_against_the_brute_force(name):
    """Boards with fewer symmetries (rectangles, holes, boxes), a piece used once and
    copies, restricted turns, in the plane and in space, each with packings that some
    symmetry maps to themselves (found by a random search for puzzles whose count
    goes through Burnside's lemma with a symmetric term): the count up to symmetry,
    in all orientations, through the direct search (--limit) and listed."""
    text = CASES[name]
    every, up_to_symmetry = pack_brute.brute_counts(*pack_brute.parse(text))
    assert count(text, "--all-symmetries") == every
    assert count(text) == up_to_symmetry
    assert count(text, "--limit", "1000000") == up_to_symmetry
    listed = run("--all", "--format", "json", stdin=text)
    assert len(json.loads(listed.stdout)["data"]["solutions"]) == up_to_symmetry


@pytest.mark.parametrize("name", sorted(CASES))
def test_counts_over_two_jobs_against_the_brute_force(name):
    """The same counts over --jobs 2, which deals the searches of a count (the parts
    of the symmetry breaking, the terms of Burnside's lemma) out to two processes."""
    text = CASES[name]
    every, up_to_symmetry = pack_brute.brute_counts(*pack_brute.parse(text))
    assert count(text, "--all-symmetries", "--jobs", "2") == every
    assert count(text, "--jobs", "2") == up_to_symmetry


def test_a_board_of_copies_with_no_packing_and_one_of_the_wrong_area():
    """The 4 x 4 square without two opposite corners (the checkerboard colouring) and
    a 3 x 3 square of dominoes (9 cells): 0, exit 0, both ways."""
    board = [(0, r, c) for r in range(4) for c in range(4) if (r, c) not in {(0, 0), (3, 3)}]
    text = pack_brute.text_of(board, {"D": ([(0, 0, 0), (0, 0, 1)], 7)})
    assert count(text) == count(text, "--all-symmetries") == 0
    odd = "board:\nXXX\nXXX\nXXX\npiece D*4:\nXX\n"
    assert count(odd) == count(odd, "--all-symmetries") == 0


# -- what a count by Burnside's lemma shows besides its answer ------------------------------

def test_the_estimate_of_a_count_by_burnside_weighs_its_searches():
    """--estimate adds up the estimates of the searches of Burnside's sum with their
    weights: 6 x 6 dominoes about 930 (it said about 6,700, the tilings in all
    orientations), the 3 x 20 pentominoes in all orientations about 8 (it said about
    2, the count up to symmetry)."""
    for text, args, expected in [(dominoes(6, 6), (), 930),
                                 ((REPO / "puzzles" / "pack" / "pentominoes-3x20.in").read_text(),
                                  ("--all-symmetries",), 8)]:
        result = run("--count", "--estimate", "--probes", "500", "--format", "json", *args,
                     stdin=text)
        solutions = json.loads(result.stdout)["estimate"]["solutions"]
        assert abs(solutions - expected) < 0.25 * expected, solutions


def test_a_count_by_burnside_stopped_shows_no_term_of_its_sum_as_packings():
    """12 x 12 dominoes stopped by --node-limit in the identity's term, which counts
    the tilings in all orientations (64,760 nodes): the figures showed those counted so
    far as solutions, 15,746,557,196,303,408 where the whole count up to symmetry is
    6,632,560,613,086,062."""
    result = run("--count", "--node-limit", "64000", "--format", "json", stdin=dominoes(12, 12))
    data = json.loads(result.stdout)
    assert data["verdict"] == "node limit"
    assert data["stats"]["nodes"] > 0
    assert data["stats"]["solutions"] <= pack_brute.domino_square_up_to_symmetry(12)
