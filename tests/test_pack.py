"""`dlxcli pack`: the published pentomino and Soma counts, small cases against a brute
force, the symmetry breaking on boards no piece breaks alone, and bad input.

Layer: tests. Expected answers come from outside dlxcli: the counts of the 12
pentominoes in rectangles (Haselgrove 1960; Knuth, "Dancing Links", 2000), Dana
Scott's 8x8 board without its centre (65 up to symmetry, 1958), the Soma cube (240
up to rotation and reflection, 11,520 in all; Conway and Guy), the 5 tetrominoes,
which fill no rectangle (a chessboard colouring), and the brute force below: every
tiling found by filling the first empty cell in every possible way, the solutions
up to symmetry found by keeping the least image of each under the board's
transforms. It shares no code with dlxcli.
"""

import collections
import functools
import itertools
import json
import os
import subprocess

import pytest
from click.testing import CliRunner

from conftest import slow_on_python
from dlxcli.cli import cli
import pack_brute
from pack_brute import tiled
from paths import REPO
from terminal import DLXCLI

PACK = REPO / "puzzles" / "pack"


def run(*args, stdin=None):
    return CliRunner().invoke(cli, ["pack", *map(str, args)], input=stdin)


def rectangle(rows, cols, pieces="pieces: pentominoes"):
    return "board:\n" + ("X" * cols + "\n") * rows + pieces + "\n"


def count(text, *args):
    result = run("--count", *args, stdin=text)
    assert result.exit_code == 0, result.output
    return int(result.stdout)

# -- the published figures ------------------------------------------------------------------


PENTOMINO_RECTANGLES = [((6, 10), 2339), ((5, 12), 1010), ((4, 15), 368), ((3, 20), 2)]
"""Solutions up to symmetry; a rectangle has 4 symmetries, and none of its packings is
symmetric, so there are 4 times as many in all."""


@pytest.mark.parametrize("case", [
    slow_on_python(case, id="%dx%d" % case[0]) if case[1] > 2 else
    pytest.param(case, id="%dx%d" % case[0]) for case in PENTOMINO_RECTANGLES])
def test_pentominoes_in_rectangles_up_to_symmetry(case):
    size, expected = case
    assert count(rectangle(*size)) == expected


@pytest.mark.parametrize("case", [
    slow_on_python(case, id="%dx%d" % case[0]) if case[1] > 2 else
    pytest.param(case, id="%dx%d" % case[0]) for case in PENTOMINO_RECTANGLES])
def test_pentominoes_in_rectangles_in_all_orientations(case):
    size, expected = case
    assert count(rectangle(*size), "--all-symmetries") == 4 * expected


@pytest.mark.parametrize("case", [slow_on_python(("", 65), id="up to symmetry"),
                                  slow_on_python(("--all-symmetries", 520), id="all")])
def test_scotts_board_without_its_centre(case):
    flag, expected = case
    text = (PACK / "pentominoes-8x8-hole.in").read_text()
    assert count(text, *filter(None, [flag])) == expected


@pytest.mark.parametrize("case", [pytest.param(("", 240), id="up to symmetry"),
                                  slow_on_python(("--all-symmetries", 11520), id="all")])
def test_the_soma_cube(case):
    flag, expected = case
    assert count((PACK / "soma.in").read_text(), *filter(None, [flag])) == expected


@pytest.mark.parametrize("size", [(4, 5), (2, 10)])
def test_the_tetrominoes_fill_no_rectangle(size):
    assert count(rectangle(*size, "pieces: tetrominoes")) == 0


def test_the_built_in_sets_are_the_free_polyominoes():
    """12 distinct pentominoes, 5 tetrominoes and 35 hexominoes: each set's shapes are
    distinct up to rotation and reflection, and there are as many as are known to exist
    (OEIS A000105: 5, 12, 35)."""
    from dlxcli.puzzles import polyforms
    for pieces, known in ((polyforms.TETROMINOES, 5), (polyforms.PENTOMINOES, 12),
                          (polyforms.hexominoes(), 35)):
        classes = {frozenset(normalize(image) for image in images_2d(cells))
                   for cells in pieces.values()}
        assert len(pieces) == len(classes) == known

# -- a brute force ------------------------------------------------------------------------


def normalize(cells):
    lows = [min(cell[k] for cell in cells) for k in range(len(next(iter(cells))))]
    return frozenset(tuple(v - low for v, low in zip(cell, lows)) for cell in cells)


def images_2d(cells, reflections=True):
    """The 8 (or with reflections off the 4) images of a flat shape, as (row, col)."""
    shape = [(r, c) for *_, r, c in cells]
    found = []
    for mirrored in ((False, True) if reflections else (False,)):
        turned = [(r, -c) for r, c in shape] if mirrored else shape
        for _ in range(4):
            turned = [(c, -r) for r, c in turned]
            found.append(turned)
    return found


def board_transforms(rows, cols, reflections=True):
    """The transforms of a rows x cols rectangle onto itself, as functions of (r, c)."""
    last_r, last_c = rows - 1, cols - 1
    maps = [lambda r, c: (r, c), lambda r, c: (last_r - r, last_c - c)]
    if reflections:
        maps += [lambda r, c: (last_r - r, c), lambda r, c: (r, last_c - c)]
    if rows == cols:
        maps += [lambda r, c: (c, last_r - r), lambda r, c: (last_c - c, r)]
        if reflections:
            maps += [lambda r, c: (c, r), lambda r, c: (last_c - c, last_r - r)]
    return maps


def tilings(board, pieces, reflections=True):
    """Every tiling of `board` (a set of (r, c)) by `pieces` ({name: (cells, count)}),
    as frozensets of (name, frozenset of cells); copies are not told apart."""
    shapes = {name: {normalize(image) for image in images_2d(cells, reflections)}
              for name, (cells, _) in pieces.items()}
    return tiled(board, shapes, {name: copies for name, (_, copies) in pieces.items()})


def orbits(solutions, transforms):
    def image(solution, move):
        return frozenset((name, frozenset(move(*cell) for cell in cells))
                         for name, cells in solution)
    least = {min(tuple(sorted((name, tuple(sorted(cells))) for name, cells in image(s, move)))
                 for move in transforms) for s in solutions}
    return len(least)


SMALL_PIECES = {
    "a": ["X"], "b": ["XX"], "c": ["XXX"], "d": ["XX", "X."], "e": ["XXXX"],
    "f": ["XXX", "X.."], "g": ["XXX", ".X."], "h": ["XX.", ".XX"], "i": ["XX", "XX"],
}


def picture_cells(rows):
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "X"]


def small_cases():
    """Rectangles up to 4x5 with sets of small pieces, some with copies, that have
    as many cells: every one the seeded choice makes."""
    import random
    chooser = random.Random(24)
    cases = []
    while len(cases) < 14:
        rows, cols = chooser.choice([(2, 3), (3, 3), (2, 4), (3, 4), (4, 4), (2, 6),
                                     (3, 5), (4, 5)])
        chosen, cells = {}, 0
        while cells < rows * cols:
            name = chooser.choice(sorted(SMALL_PIECES))
            size = len(picture_cells(SMALL_PIECES[name]))
            if cells + size <= rows * cols:
                chosen[name] = chosen.get(name, 0) + 1
                cells += size
        cases.append((rows, cols, chosen, chooser.random() < 0.3))
    return cases


def pack_text(rows, cols, chosen, reflections=True):
    lines = ["board:"] + ["X" * cols] * rows
    for name, copies in chosen.items():
        lines.append(f"piece {name}{'*%d' % copies if copies > 1 else ''}:")
        lines.extend(SMALL_PIECES[name])
    if not reflections:
        lines.append("reflections: off")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("case", small_cases(),
                         ids=lambda case: "%dx%d-%s%s" % (case[0], case[1], "".join(
                             f"{n}{k}" for n, k in case[2].items()), "" if case[3] else "-1s"))
def test_small_packings_as_the_brute_force_counts_them(case):
    rows, cols, chosen, reflections = case
    reflections = not reflections
    board = {(r, c) for r in range(rows) for c in range(cols)}
    pieces = {name: (picture_cells(SMALL_PIECES[name]), k) for name, k in chosen.items()}
    found = tilings(board, pieces, reflections)
    chiral = any(len({normalize(i) for i in images_2d(cells, True)}) !=
                 len({normalize(i) for i in images_2d(cells, False)})
                 for cells, _ in pieces.values())
    transforms = board_transforms(rows, cols, reflections or not chiral)
    text = pack_text(rows, cols, chosen, reflections)
    assert count(text, "--all-symmetries") == len(found)
    assert count(text) == orbits(found, transforms)


def test_symmetry_that_no_piece_breaks_alone():
    """A 3x3 square: the X pentomino in the centre is left in place by all 8
    symmetries, a monomino in a corner by a diagonal reflection, so that three pieces
    are needed to break them: 4! = 24 packings, 24 / 8 = 3 up to symmetry."""
    text = ("board:\nXXX\nXXX\nXXX\npiece X:\n.X.\nXXX\n.X.\n"
            "piece a:\nX\npiece b:\nX\npiece c:\nX\npiece d:\nX\n")
    assert count(text, "--all-symmetries") == 24
    assert count(text) == 3
    listed = run("--all", stdin=text)
    pictures = listed.stdout.split("\n\n")[:-1]
    assert len(pictures) == 3
    board = {(r, c) for r in range(3) for c in range(3)}
    solutions = [frozenset((ch, frozenset([(r, c)])) for r, row in enumerate(p.split("\n"))
                           for c, ch in enumerate(row) if ch != "X") for p in pictures]
    assert orbits(solutions, board_transforms(3, 3)) == 3
    assert all(len(s) == 4 for s in solutions) and board


def board_symmetries(board, reflections=True):
    """The transforms of the square that map `board` ((r, c) cells) onto itself, as
    functions of (r, c)."""
    turns = []
    for mirrored in ((False, True) if reflections else (False,)):
        for quarter in range(4):
            turns.append(lambda r, c, m=mirrored, q=quarter: _turned(r, -c if m else c, q))
    found = []
    for turn in turns:
        moved = [turn(r, c) for r, c in board]
        low_r, low_c = min(r for r, _ in moved), min(c for _, c in moved)
        if {(r - low_r, c - low_c) for r, c in moved} == set(board):
            found.append(lambda r, c, t=turn, a=low_r, b=low_c: (t(r, c)[0] - a,
                                                                  t(r, c)[1] - b))
    return found


def _turned(r, c, quarters):
    for _ in range(quarters):
        r, c = c, -r
    return r, c


def test_a_board_with_holes_and_only_copies_against_the_brute_force():
    """A board whose one symmetry, the half turn, maps 5 of its packings to
    themselves, with every piece used twice (no piece used once breaks it)."""
    text = (REPO / "docs" / "examples" / "pack-custom.in").read_text()
    board = {(r, c) for r, row in enumerate(["XXX.", "XXXX", ".XXX"])
             for c, ch in enumerate(row) if ch == "X"}
    pieces = {"L": ([(0, 0), (0, 1), (1, 0)], 2), "d": ([(0, 0), (0, 1)], 2)}
    found = tilings(board, pieces)
    assert count(text, "--all-symmetries") == len(found)
    assert count(text) == orbits(found, board_symmetries(board))
    assert len(run(stdin=text).stdout.split("\n")) == 4, "one packing, not every one"
    assert run("--count", "--limit", "3", stdin=text).stdout == ">=3\n"


def test_copies_that_no_single_piece_can_break():
    """Four identical monominoes around the X: one packing; no piece used once but the
    X, which every symmetry leaves in place, so the rest is settled another way."""
    text = "board:\nXXX\nXXX\nXXX\npiece X:\n.X.\nXXX\n.X.\npiece a*4:\nX\n"
    assert count(text) == count(text, "--all-symmetries") == 1


def test_a_checkpoint_holds_the_count_of_a_puzzle_of_several_searches(tmp_path):
    """The domino used once breaks the square's symmetries but where a symmetry maps
    it to itself; those parts, copies alone, are searches after the split one. The
    checkpoint holds the first and the others are searched again on resuming (they
    were refused as another search's: exit 2 on a fresh file)."""
    chosen = {"d": 3, "a": 5, "b": 1}
    text = pack_text(4, 4, chosen)
    pieces = {name: (picture_cells(SMALL_PIECES[name]), k) for name, k in chosen.items()}
    expected = orbits(tilings({(r, c) for r in range(4) for c in range(4)}, pieces),
                      board_transforms(4, 4))
    for query in ("--count", "--all"):
        journal = tmp_path / f"{query}.ckpt"
        for _ in range(2):
            result = run(query, "--checkpoint", journal, stdin=text)
            assert result.exit_code == 0, result.output
            found = int(result.stdout) if query == "--count" else result.stdout.count("\n\n")
            assert found == expected


def test_a_solid_of_copies_against_the_brute_force():
    """Four V tricubes in a 2x2x3 box: the brute force in 3-D, rotations only."""
    rotations = [(perm, signs) for perm in itertools.permutations(range(3))
                 for signs in itertools.product((1, -1), repeat=3)
                 if _determinant(perm, signs) == 1]
    v = [(0, 0, 0), (0, 0, 1), (0, 1, 0)]
    shapes = {normalize([tuple(s * cell[a] for a, s in zip(perm, signs)) for cell in v])
              for perm, signs in rotations}
    box = {(z, r, c) for z in range(2) for r in range(2) for c in range(3)}
    found = [[cells for _, cells in solution] for solution in tiled(box, {"V": shapes}, {"V": 4})]
    text = "board:\nXXX\nXXX\n\nXXX\nXXX\npiece V*4:\nXX\nX.\n"
    assert count(text, "--all-symmetries") == len(found)
    symmetries = [(perm, signs) for perm in itertools.permutations(range(3))
                  for signs in itertools.product((1, -1), repeat=3)
                  if normalize([tuple(s * cell[a] for a, s in zip(perm, signs))
                                for cell in box]) == normalize(box)]
    least = {min(tuple(sorted(tuple(sorted(normalize_in(box, perm, signs, cells)))
                              for cells in solution))
                 for perm, signs in symmetries) for solution in found}
    assert count(text) == len(least)


def normalize_in(box, perm, signs, cells):
    """The cells moved by a symmetry of the box, shifted back into it."""
    moved = [tuple(s * cell[a] for a, s in zip(perm, signs)) for cell in box]
    lows = [min(cell[k] for cell in moved) for k in range(3)]
    return [tuple(s * cell[a] - low for a, s, low in zip(perm, signs, lows))
            for cell in cells]


def _determinant(perm, signs):
    inversions = sum(1 for a, b in itertools.combinations(perm, 2) if a > b)
    return (-1) ** inversions * signs[0] * signs[1] * signs[2]

# -- answers ------------------------------------------------------------------------------


def test_the_first_packing_is_a_packing_of_the_pieces():
    result = run(PACK / "pentominoes-6x10.in")
    assert result.exit_code == 0
    rows = result.stdout.split("\n")
    assert rows[-1] == "" and len(rows) == 7 and all(len(row) == 10 for row in rows[:-1])
    letters = "".join(rows)
    assert sorted(set(letters)) == sorted("FILNPTUVWXYZ")
    assert all(letters.count(letter) == 5 for letter in "FILNPTUVWXYZ")
    for letter in "FILNPTUVWXYZ":
        cells = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row)
                          if ch == letter)
        from dlxcli.puzzles.polyforms import PENTOMINOES
        assert normalize(cells) in {normalize(i) for i in images_2d(PENTOMINOES[letter])}


def test_all_lists_each_packing_of_3x20_up_to_symmetry_once():
    result = run("--all", PACK / "pentominoes-3x20.in")
    assert result.exit_code == 0
    blocks = result.stdout.split("\n\n")
    assert blocks[-1] == "" and len(blocks) == 3
    assert all(len(block.split("\n")) == 3 for block in blocks[:-1])


def test_a_solid_is_printed_layer_by_layer():
    result = run(PACK / "soma.in")
    layers = result.stdout.rstrip("\n").split("\n\n")
    assert len(layers) == 3 and all(len(layer.split("\n")) == 3 for layer in layers)
    assert sorted("".join(layers).replace("\n", "")) == sorted("VVVLLLLTTTTZZZZAAAABBBBPPPP")


def test_unique_and_limit():
    assert run("--unique", PACK / "pentominoes-3x20.in").stdout == "multiple\n"
    assert run("--count", "--limit", "5", PACK / "pentominoes-4x15.in").stdout == ">=5\n"
    text = "board:\nXXX\npiece A:\nXXX\n"
    assert run("--unique", stdin=text).stdout == "unique\n"


def test_no_solution_is_said_on_stdout_and_in_the_status():
    result = run(stdin="board:\nX.X\nXXX\npiece I:\nXXX\npiece D:\nXX\n")
    assert (result.exit_code, result.stdout) == (1, "No solution\n")


def test_json_and_pretty():
    data = json.loads(run("--format", "json", PACK / "soma.in").stdout)["data"]
    assert (data["dimension"], data["symmetries"]) == (3, 48)
    assert sorted(piece["piece"] for piece in data["solutions"][0]["pieces"]) == sorted("ABLPTVZ")
    pretty = run("--format", "pretty", PACK / "soma.in")
    assert pretty.exit_code == 0 and "layer 3 of 3" in pretty.stdout


def test_figures_give_every_piece_its_region_and_each_layer_a_figure():
    from dlxcli.puzzles import pack
    answer = pack.solve_text((PACK / "soma.in").read_text())
    figures = pack.figures(answer.data)
    assert len(figures) == 3 and all(f.coloured for f in figures)
    regions = {region for f in figures for row in f.regions for region in row}
    assert len(regions) == 7


def test_reflections_off_keeps_mirror_images_apart():
    """One-sided: the L tetromino and its mirror image J; with reflections off the two
    Ls of a 2x4 rectangle must be an L and a J, which no piece set of two Ls has."""
    text = "board:\nXXXX\nXXXX\npiece L*2:\nXXX\nX..\n"
    assert count(text, "--all-symmetries") == 2
    assert count(text, "--all-symmetries", "--no-reflections") == 1
    assert count(text.replace("piece L*2", "reflections: off\npiece L*2"),
                 "--all-symmetries") == 1


def test_rotations_off_keeps_pieces_as_drawn():
    text = "board:\nXX\nXX\nXX\npiece I*3:\nXX\n"
    assert count(text, "--all-symmetries") == 3
    assert count(text, "--all-symmetries", "--no-rotations") == 1

# -- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("text, message", [
    ("", "line 1: expected a 'board:' section, found end of input"),
    ("board:\nXXX\n", "line 3: expected pieces: a 'pieces: SET' line or a 'piece NAME:' "
                      "section, found end of input"),
    ("XXX\n", "line 1, column 1: expected a section header"),
    ("board:\nX\tX\npieces: soma\n", "line 2, column 2: expected a cell (a printable "
                                     "character) or a hole ('.' or ' '), found '\\t'"),
    ("board:\n\npieces: soma\n", "line 1: expected a picture of at least one cell"),
    ("board:\nX\npieces: dominoes\n", "line 3, column 9: expected a piece set: "
                                      "pentominoes, tetrominoes, hexominoes, soma, "
                                      "found 'dominoes'"),
    ("board:\nX\npieces: soma*0\n", "line 3, column 14: expected a count of copies"),
    ("board:\nX\npiece AB:\nX\n", "line 3, column 7: expected a piece name of one character"),
    ("board:\nX\npiece A:\nX\npiece A:\nX\n", "line 5, column 7: expected distinct piece "
                                              "names, found 'A' again (first on line 3)"),
    ("board:\nX\npieces: pentominoes tetrominoes\n", "expected distinct piece names"),
    ("board:\nX\nboard:\nX\n", "line 3, column 1: expected one 'board:' section"),
    ("board: XX\n", "line 1, column 8: expected nothing after the ':'"),
    ("board:\nX\nrotations: maybe\n", "line 3, column 12: expected rotations: on or off, "
                                      "found 'maybe'"),
    ("bored:\nX\n", "line 1, column 1: expected a section header"),
    ("board:\nX\npiece A*99999999:\nX\n", "expected a count of copies 1..10000"),
    ("board:\nX\npieces: soma soma\n", "line 3, column 14: expected distinct piece names, "
                                      "found soma's piece V again (first on line 3)"),
    ("board:\nX\npiece A:\n" + ("X" * 100 + "\n") * 200, "line 104, column 1: expected "
                                                       "a piece of at most 10,000 cells, "
                                                       "found cell 10,001"),
    # issue 28, item 7: a ':' in a picture was reported on the line above, without column
    ("board:\nXX\npiece d:\nX:\n", "line 4, column 2: expected a picture row, without "
                                   "':', or a section header: board:, pieces: SET, piece "
                                   "NAME:, rotations: on|off or reflections: on|off, found "
                                   "'X:'"),
    ("board:\nXXX\nX:XX\npiece d:\nXX\n", "line 3, column 2: expected a picture row, "
                                         "without ':'"),
    ("board:\nXX\npeice d:\nXX\n", "line 3, column 8: expected a picture row, without "
                                   "':', or a section header"),
    # ... and a combining mark was a cell (or a piece name) of its own
    ("board:\nXe\u0301X\npiece d:\nXX\npiece m:\nX\n",
     "line 2, column 3: expected a cell (a character of its own) or a hole ('.' or ' '), "
     "found U+0301, which joins the character before it"),
    ("board:\nX\U0001f44d\U0001f3fbX\npiece d:\nXX\n", "line 2, column 3: expected a cell "
                                                     "(a character of its own)"),
    ("board:\nX\u1100\u1161\npiece d:\nXX\n", "line 2, column 3: expected a cell"),
    ("board:\nXX\npiece d:\nX\u20dd\n", "line 4, column 2: expected a cell (a character "
                                        "of its own)"),
    ("board:\nXXX\npiece e\u0301:\nXX\npiece m:\nX\n",
     "line 3, column 8: expected a piece name of one character, not a combining one, found "
     "U+0301"),
    ("board:\nXXX\npiece \u0301:\nXX\npiece m:\nX\n", "line 3, column 7: expected a "
                                                       "piece name of one character, not a "
                                                       "combining one"),
])
def test_bad_input_is_one_line_naming_the_place(text, message):
    result = run(stdin=text)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr
    assert len(result.stderr.strip().split("\n")) == 1 and "Traceback" not in result.stderr


def test_a_piece_bigger_than_the_board_has_no_packing():
    text = "board:\nXX\npiece A:\nXXX\n"
    assert run(stdin=text).stdout == "No solution\n"
    assert count(text) == 0


def test_copies_of_two_kinds_on_a_large_board_are_refused_at_once():
    """Each copy has order items of about the board's cells (docs/pack.md): 5,000
    monominoes and 2,500 dominoes on 100 x 100 would be 5 x 10^11 entries."""
    text = "board:\n" + ("X" * 100 + "\n") * 100 + "piece a*5000:\nX\npiece b*2500:\nXX\n"
    result = run(stdin=text)
    assert result.exit_code == 2 and "option entries" in result.stderr


def test_ten_thousand_kinds_of_piece_are_refused_at_once():
    text = ("board:\n" + ("X" * 100 + "\n") * 100 +
            "".join(f"piece {chr(0x4E00 + k)}:\nX\n" for k in range(10_000)))
    result = run(stdin=text)
    assert result.exit_code == 2 and "placements to try" in result.stderr


def test_a_huge_piece_is_placed_at_once():
    """One anchor of 10,000 puts the piece inside the board's bounding box: the others
    are not tried cell by cell (they took 40 s)."""
    text = "board:\n" + ("X" * 100 + "\n") * 100 + "piece a*2:\n" + ("X" * 100 + "\n") * 50
    assert count(text, "--timeout", "20") == 1


def test_ten_thousand_copies_of_every_hexomino_are_answered_at_once():
    """The piece sizes' subset sums are kept below the largest walled-in region looked
    for, not up to two million cells (7 s)."""
    text = "board:\n" + ("X" * 100 + "\n") * 100 + "pieces: hexominoes*10000\n"
    assert count(text, "--timeout", "20") == 0


def test_a_board_the_pieces_cannot_fill_is_answered_at_once():
    text = "board:\n" + ("X" * 100 + "\n") * 100 + "pieces: hexominoes\n"
    assert count(text) == 0


def test_unicode_cells_and_names():
    result = run(stdin="board:\n■■\n■■\npiece é:\nXX\npiece ü:\nXX\n")
    assert result.exit_code == 0
    assert sorted(result.stdout.replace("\n", "")) == sorted("ééüü")
    composed = run(stdin="board:\nX\u00e9X\npiece d:\nXX\npiece m:\nX\n")
    assert composed.exit_code == 0  # é as one code point: one cell
    assert sorted(composed.stdout) == sorted("ddm\n")


def test_comments_and_holes():
    text = ("# a 2x3 board with a hole\nboard:   # here it is\nX.X  # comment\nXXX\n"
            "piece C:\nX.X\nXXX\n")
    assert run(stdin=text).stdout == "C.C\nCCC\n"

# -- symmetries that move no placement (issue 28) ---------------------------------------------


def layered(picture):
    """The (layer, row, column) cells of a picture: layers split at empty lines, 'X' a
    cell (the brute force's own reading, not dlxcli's)."""
    cells = []
    for z, layer in enumerate(picture.strip("\n").split("\n\n")):
        cells += [(z, r, c) for r, row in enumerate(layer.split("\n"))
                  for c, ch in enumerate(row) if ch == "X"]
    return cells


SIGNED_PERMUTATIONS = [(perm, signs) for perm in itertools.permutations(range(3))
                       for signs in itertools.product((1, -1), repeat=3)]


def turned(cells, perm, signs):
    return [tuple(s * cell[a] for a, s in zip(perm, signs)) for cell in cells]


def orbits_in_space(board, pieces, reflections):
    """(packings in all orientations, packings up to symmetry) of `board` (a picture)
    by `pieces` ({name: (picture, copies)}), by brute force in 3-D: a piece turns by
    the 24 rotations of the cube (48 with `reflections`); the symmetries are the 48
    transforms that map the board onto itself and the packings onto packings."""
    box = layered(board)
    shapes = {name: {normalize(turned(layered(picture), perm, signs))
                     for perm, signs in SIGNED_PERMUTATIONS
                     if reflections or _determinant(perm, signs) == 1}
              for name, (picture, _) in pieces.items()}
    found = tiled(box, shapes, {name: copies for name, (_, copies) in pieces.items()})

    def image(solution, move):
        return frozenset((name, frozenset(move[cell] for cell in cells))
                         for name, cells in solution)
    maps = [dict(zip(box, normalize_in(box, perm, signs, box)))
            for perm, signs in SIGNED_PERMUTATIONS
            if normalize(turned(box, perm, signs)) == normalize(box)]
    moves = [move for move in maps if all(image(s, move) in found for s in found)]
    least = {min(tuple(sorted((name, tuple(sorted(cells))) for name, cells in image(s, move)))
                 for move in moves) for s in found}
    return len(found), len(least)


def pack_input(board, pieces):
    return "board:\n" + board.strip("\n") + "\n" + "".join(
        f"piece {name}{'*%d' % copies if copies > 1 else ''}:\n{picture.strip()}\n"
        for name, (picture, copies) in pieces.items())


def distinct(picture, names):
    return {name: (picture, 1) for name in names}


MONO, DOMINO, STANDING, TROMINO, ELL = "X", "XX", "X\n\nX", "XXX", "XX\nX."
UNMOVED_CASES = {
    # strips: the flip about the long axis and the half turn move no cell
    "strip-4-dominoes": ("X" * 8, distinct(DOMINO, "abcd")),
    "strip-6-monominoes": ("X" * 6, distinct(MONO, "abcdef")),
    "strip-copies": ("X" * 9, {"d": (DOMINO, 2), "t": (TROMINO, 1), "a": (MONO, 1),
                               "b": (MONO, 1)}),
    "strip-copies-only": ("X" * 8, {"d": (DOMINO, 2), "a": (MONO, 4)}),
    "strip-of-a-column": ("X\nX\nX\nX\nX\nX", distinct(DOMINO, "abc")),
    # flat boards with a piece drawn standing: the swap of the layers moves no cell
    "flat-standing-domino": ("XXXX\nXXXX", {"s": (STANDING, 1), "t": (ELL, 1),
                                            "u": (TROMINO, 1)}),
    "flat-standing-copies": ("XXX\nXXX", {"s": (STANDING, 2), "a": (MONO, 1),
                                          "b": (MONO, 1)}),
    "square-standing": ("XXX\nXXX\nXXX", {"s": (STANDING, 1), "l": (ELL, 1),
                                          "t": (TROMINO, 1), "a": (MONO, 1)}),
    # solids one row deep: the flip of the row axis moves no cell
    "one-row-solid": ("XXXXX\n\nXXXXX", {"a": ("XX\n\nX.", 1), "b": (TROMINO, 1),
                                         "c": (STANDING, 1), "d": (MONO, 1), "e": (MONO, 1)}),
    "one-row-solid-copies": ("XXX\n\nXXX", {"c": (STANDING, 2), "d": (MONO, 2)}),
    # towers: every turn about the vertical axis moves no cell
    "tower-monocubes": ("X\n\nX\n\nX\n\nX\n\nX", distinct(MONO, "abcde")),
    "tower-mixed": ("X\n\nX\n\nX\n\nX\n\nX\n\nX", {"a": (MONO, 1), "b": (MONO, 1),
                                                   "c": (STANDING, 1), "d": (DOMINO, 1)}),
    "tower-2x2": ("XX\nXX\n\nXX\nXX", {"a": (ELL, 1), "c": (STANDING, 1),
                                       "d": (MONO, 2), "e": (MONO, 1)}),
}


@pytest.mark.parametrize("name", sorted(UNMOVED_CASES))
def test_counts_where_a_symmetry_moves_no_placement_against_the_brute_force(name):
    board, pieces = UNMOVED_CASES[name]
    text = pack_input(board, pieces)
    solid = any("\n\n" in picture for picture in [board] + [p for p, _ in pieces.values()])
    every, up_to_symmetry = orbits_in_space(board, pieces, reflections=not solid)
    assert every > 1
    assert count(text, "--all-symmetries") == every
    assert count(text) == up_to_symmetry
    listed = run("--all", stdin=text)
    layers = board.count("\n\n") + 1    # a packing of a solid is a block per layer
    assert listed.exit_code == 0 and listed.stdout.count("\n\n") == up_to_symmetry * layers


def run_process(*args, stdin, timeout=60):
    """dlxcli pack in a process of its own, killed after `timeout` seconds (a build
    that does not end fails the test instead of hanging it)."""
    return subprocess.run(DLXCLI + ["pack", *args], input=stdin, capture_output=True,
                          text=True, timeout=timeout, cwd=REPO)


def many_names(k):
    return [chr(0x4E00 + n) for n in range(k)]


def test_the_node_limit_stops_a_strip_of_monominoes():
    """12 distinct monominoes in a row: the build before the search took unbounded
    time, whatever the node limit (issue 28)."""
    text = pack_input("X" * 12, distinct(MONO, "abcdefghijkl"))
    done = run_process("--count", "--node-limit", "100", stdin=text)
    assert (done.returncode, done.stdout) == (3, "")
    assert "search stopped after 100 nodes (node limit)" in done.stderr


BUILDS = {
    "4x5-standing-domino": ("XXXXX\n" * 4, {"s": (STANDING, 1),
                                           **distinct(DOMINO, many_names(9))}),
    "4x6-standing-domino": ("XXXXXX\n" * 4, {"s": (STANDING, 1),
                                            **distinct(DOMINO, many_names(11))}),
    "4x10-distinct-dominoes": (("X" * 10 + "\n") * 4, distinct(DOMINO, many_names(20))),
    "8x8-distinct-monominoes": (("X" * 8 + "\n") * 8, distinct(MONO, many_names(64))),
}
"""Boards where the parts of the count up to symmetry were chains of placements that
a symmetry maps to themselves (a domino across the middle rows, a monomino on a
diagonal), as many as their orderings: no answer in a minute before (issue 28)."""


@pytest.mark.parametrize("name", sorted(BUILDS))
def test_the_parts_of_a_count_up_to_symmetry_are_few(name):
    board, pieces = BUILDS[name]
    text = pack_input(board, pieces)
    assert run_process("--count", "--limit", "10", stdin=text).stdout == ">=10\n"
    first = run_process(stdin=text)
    assert first.returncode == 0 and len(first.stdout.split("\n")) == board.count("\n") + 1


@pytest.mark.parametrize("case", [
    pytest.param(("X" * 18, MONO, 9, 181_440), id="9-monominoes"),
    slow_on_python(("X" * 20, DOMINO, 10, 1_814_400), id="10-dominoes")])
def test_distinct_pieces_in_a_row(case):
    """k distinct pieces fill a strip in k! orders; the reversal pairs them and maps
    none to itself: k!/2 up to symmetry (the 10 dominoes took over 30 s, issue 28)."""
    row, piece, k, expected = case
    text = pack_input(row[:k * len(piece)], distinct(piece, "abcdefghij"[:k]))
    assert run_process("--count", stdin=text).stdout == f"{expected}\n"


@pytest.mark.parametrize("work", [0, 2_000])
@pytest.mark.parametrize("name", ["square-standing", "flat-standing-domino",
                                  "one-row-solid", "tower-mixed", "strip-copies"])
def test_symmetry_left_to_filtering_when_the_breaking_work_is_spent(name, work, monkeypatch):
    """Once the breaking's work is spent, the placements a symmetry maps to themselves
    that are left are one residual part: its solutions are kept when least among
    their images under the symmetries that leave its piece where it is. The counts
    stay the brute force's."""
    from dlxcli.puzzles import pack
    monkeypatch.setattr(pack, "MAX_BREAKING", work)
    board, pieces = UNMOVED_CASES[name]
    solid = any("\n\n" in picture for picture in [board] + [p for p, _ in pieces.values()])
    _, up_to_symmetry = orbits_in_space(board, pieces, reflections=not solid)
    text = pack_input(board, pieces)
    assert pack.solve_text(text, query="count").data["count"] == up_to_symmetry
    assert pack.solve_text(text, query="all").data["count"] == up_to_symmetry


@pytest.mark.parametrize("work", [0, 500])
def test_the_3x3_square_when_the_breaking_work_is_spent(work, monkeypatch):
    from dlxcli.puzzles import pack
    monkeypatch.setattr(pack, "MAX_BREAKING", work)
    text = ("board:\nXXX\nXXX\nXXX\npiece X:\n.X.\nXXX\n.X.\n"
            "piece a:\nX\npiece b:\nX\npiece c:\nX\npiece d:\nX\n")
    assert pack.solve_text(text, query="count").data["count"] == 3
    board = "XXX\nXXX\nXXX"
    pieces = {"l": (ELL, 1), "t": (TROMINO, 1), "a": (MONO, 1), "b": (MONO, 1), "c": (MONO, 1)}
    every, up_to_symmetry = orbits_in_space(board, pieces, reflections=True)
    text = pack_input(board, pieces)
    assert pack.solve_text(text, query="count").data["count"] == up_to_symmetry
    assert pack.solve_text(text, query="count", up_to_symmetry=False).data["count"] == every


@pytest.mark.parametrize("case", [
    pytest.param(("X" * 8, distinct(DOMINO, "abcd"), 2), id="strip"),
    pytest.param(("XXX\nXXX", {"s": (STANDING, 1), "d": (DOMINO, 2)}, 4), id="standing"),
    pytest.param(("X\n\nX\n\nX\n\nX", distinct(MONO, "abcd"), 2), id="tower")])
def test_symmetries_that_move_the_placements_alike_are_one(case):
    """The json's `symmetries`, how many the count is up to: 2 for a strip (4 transforms
    of the square map it onto itself, 2 of them as the other 2 do), 4 for a flat 2x3
    board with a piece drawn standing (8 transforms of the cube), 2 for a tower (16)."""
    board, pieces, symmetries = case
    result = run("--format", "json", "--count", stdin=pack_input(board, pieces))
    data = json.loads(result.stdout)["data"]
    _, up_to_symmetry = orbits_in_space(board, pieces, reflections="\n\n" not in board
                                        and STANDING not in [p for p, _ in pieces.values()])
    assert (data["symmetries"], data["count"]) == (symmetries, up_to_symmetry)


def test_a_piece_in_parts_fills_two_walled_in_cells():
    """A plus of 5 cells: the I tromino across the middle leaves two single cells,
    which the piece X.X fills together (it cannot fill a region alone): 2 packings,
    which a reflection swaps. Such placements were cut as walling in a region no
    pieces fill, and the answer was 0 (found attacking issue 28)."""
    text = "board:\n.X.\nXXX\n.X.\npiece a:\nXXX\npiece b:\nX.X\n"
    assert count(text, "--all-symmetries") == 2
    assert count(text) == 1

# -- counting in all orientations through the count up to symmetry (issue 30) -------------


PENTACUBES = REPO / "bench" / "data"


@pytest.mark.parametrize("case", [
    pytest.param(("XXX\nXXX\nXXX", {"T": ["XXX", ".X."], "U": ["X.X", "XXX"]}), id="3x3"),
    pytest.param(("XXXX\nXXXX\nXXXX", {"T": ["XXX", ".X."], "U": ["X.X", "XXX"],
                                       "c": ["XXX"]}), id="3x4")])
def test_symmetric_packings_counted_in_all_orientations_against_the_brute_force(case):
    """Boards whose packings are mostly their own images under a reflection (the T on
    top of the U): the count in all orientations is |G| times the count up to
    symmetry less the packings each other symmetry maps to themselves (Burnside), and
    those are not 0 here: 4 packings, 1 up to symmetry, on 3x3; 8 and 3 on 3x4."""
    board_text, drawn = case
    text = "board:\n" + board_text + "\n" + "".join(
        f"piece {name}:\n" + "\n".join(rows) + "\n" for name, rows in drawn.items())
    board = {(r, c) for r, row in enumerate(board_text.split("\n"))
             for c, ch in enumerate(row) if ch == "X"}
    found = tilings(board, {name: (picture_cells(rows), 1) for name, rows in drawn.items()})
    transforms = board_transforms(max(r for r, _ in board) + 1, max(c for _, c in board) + 1)
    symmetric = [s for s in found if any(
        frozenset((name, frozenset(move(*cell) for cell in cells)) for name, cells in s) == s
        for move in transforms[1:])]
    assert symmetric
    assert count(text, "--all-symmetries") == len(found)
    assert count(text) == orbits(found, transforms)


def test_the_count_in_all_orientations_costs_about_the_count_up_to_symmetry():
    """The 12 pentacubes in a 2x3x10 box: 12 packings up to symmetry (Knuth), 96 in
    all. Counted through the count up to symmetry, the count in all orientations takes
    its nodes and a few more (the packings a symmetry maps to themselves: none here),
    not 8 times as many; its stats' solutions are the packings counted."""
    from dlxcli.puzzles import pack
    text = (PENTACUBES / "pentacubes-2x3x10.in").read_text()
    up_to_symmetry = pack.solve_text(text, query="count")
    every = pack.solve_text(text, query="count", up_to_symmetry=False)
    assert (up_to_symmetry.data["count"], every.data["count"]) == (12, 96)
    assert every.stats.nodes < 1.2 * up_to_symmetry.stats.nodes
    assert every.stats.solutions == 96


@pytest.mark.parametrize("case", [
    slow_on_python(("2x5x6", "", 264), id="2x5x6"),
    slow_on_python(("2x5x6", "--all-symmetries", 2112), id="2x5x6-all"),
    pytest.param(("3x4x5", "", 3940), id="3x4x5", marks=pytest.mark.slow),
    pytest.param(("3x4x5", "--all-symmetries", 31520), id="3x4x5-all",
                 marks=pytest.mark.slow)])
def test_the_pentacubes_in_boxes(case):
    """Knuth's counts of the 12 pentacubes in boxes ("Dancing Links", 2000); each box
    has 8 symmetries and no packing is symmetric."""
    box, flag, expected = case
    text = (PENTACUBES / f"pentacubes-{box}.in").read_text()
    assert count(text, *filter(None, [flag])) == expected


def test_the_parts_of_a_count_are_searched_apart_without_colours():
    """The Soma cube's count up to symmetry has several parts; searched apart, each is a
    problem without colours (the engine cuts a dead end's covering short only there),
    and their counts add up to the count of all of them together (240)."""
    from dlxcli.puzzles import pack
    model = pack.Model(pack.parse((PACK / "soma.in").read_text()), True, None)
    together = list(pack.problems(model, True))
    apart = list(pack.problems(model, True, apart=True))
    assert len(together) == 1 and len(apart) > 1
    assert all(problem.cover.definition[4] is None for problem in apart)
    assert sum(problem.count(None, pack.UNLIMITED, None) for problem in apart) == \
        together[0].count(None, pack.UNLIMITED, None) == 240


@pytest.mark.parametrize("name, plainly", [
    ("soma", True), ("pentacubes-2x3x10", True),
    # 12 s on the pure-Python twin, whose count of it test_cases judges already
    slow_on_python("pentominoes-6x10", False),
    ("pentominoes-8x8-hole", False), ("one-row-solid-copies", False)])
def test_distinct_pieces_in_a_solid_count_plainly(name, plainly):
    """A solid packed with distinct pieces counts with no memo and no split (the C
    twin's bit-set path, docs/pack.md): the memo saved at most 1% of the nodes there.
    Flat boards (4 to 30% saved) and copies keep both. The counts are the published
    ones (Soma 240; Knuth's 12 of the pentacubes in 2x3x10; Haselgrove's 2,339; Scott's
    65) and the brute force's."""
    from dlxcli import engine
    from dlxcli.puzzles import pack
    if name in UNMOVED_CASES:
        board, pieces = UNMOVED_CASES[name]
        text, expected = pack_input(board, pieces), orbits_in_space(board, pieces, False)[1]
    else:
        folder = PENTACUBES if name.startswith("pentacubes") else PACK
        text = (folder / f"{name}.in").read_text()
        expected = {"soma": 240, "pentacubes-2x3x10": 12, "pentominoes-6x10": 2339,
                    "pentominoes-8x8-hole": 65}[name]
    model = pack.Model(pack.parse(text), True, None)
    problems = list(pack.problems(model, True, apart=True))
    assert sum(problem.count(None, pack.UNLIMITED, None) for problem in problems) == expected
    for problem in problems:
        assert problem.cover.plain_counts is plainly
        if engine.ENGINE == "c":
            assert problem.cover.solver.bit_sets is plainly


def test_the_first_symmetry_breaker_is_chosen_by_the_search_it_leaves():
    """The 12 pentacubes in a 2x5x6 box. The piece with the fewest placements that a
    symmetry maps to themselves (the old rule) is the V: 617,140 nodes for the 264
    packings up to symmetry. Each candidate's first two levels of search (`_measured`)
    point to the X, which breaks the symmetry in 457,442 nodes (each piece forced in
    turn: docs/performance.md, "Issue 30: the pentacubes")."""
    from dlxcli.puzzles import pack
    text = (PENTACUBES / "pentacubes-2x5x6.in").read_text()
    model = pack.Model(pack.parse(text), True, None)
    first = pack.symmetry_parts(model, model.group)[0]
    assert model.pieces[first.restricted].name == "X"


@pytest.mark.skipif(os.environ.get("DLXCLI_ENGINE") == "python",
                    reason="0.5 million nodes: seconds on the C twin, minutes in Python")
def test_the_measured_breaker_searches_fewer_nodes():
    """The count itself, against Knuth's 264: fewer nodes than the old rule's 617,140."""
    from dlxcli.puzzles import pack
    text = (PENTACUBES / "pentacubes-2x5x6.in").read_text()
    answer = pack.solve_text(text, query="count")
    assert answer.data["count"] == 264
    assert answer.stats.nodes < 500_000

# -- counting up to symmetry by Burnside's lemma (issue 30: boards of copies) ---------------


def square_moves(n):
    """The 8 symmetries of an n x n square, as functions of (r, c)."""
    last = n - 1
    return [lambda r, c: (r, c), lambda r, c: (c, last - r), lambda r, c: (last - r, last - c),
            lambda r, c: (last - c, r), lambda r, c: (r, last - c), lambda r, c: (last - r, c),
            lambda r, c: (c, r), lambda r, c: (last - c, last - r)]


def dominoes_fixed_by(cells, move):
    """The domino tilings of `cells` ((r, c)) that `move` maps to themselves: exact
    covers of the cells by orbits of dominoes under `move` whose dominoes do not
    overlap, counted by filling the least cell left, memoized on the cells left (the
    test's own counter, a second route beside the brute force)."""
    cells = frozenset(cells)
    dominoes = {frozenset({(r, c), step}) for r, c in cells
                for step in ((r + 1, c), (r, c + 1)) if step in cells}
    options = collections.defaultdict(set)
    for domino in dominoes:
        orbit, image = [], domino
        while image not in orbit:
            orbit.append(image)
            image = frozenset(move(*cell) for cell in image)
        covered = frozenset().union(*orbit)
        if len(covered) == 2 * len(orbit):
            for cell in covered:
                options[cell].add((frozenset(orbit), covered))

    @functools.lru_cache(maxsize=None)
    def tilings(left):
        if not left:
            return 1
        return sum(tilings(left - covered) for _, covered in options[min(left)]
                   if covered <= left)
    return tilings(cells)


def domino_orbits(cells, moves):
    """Burnside's lemma: the mean over the symmetries `moves` of the tilings each maps
    to themselves."""
    total = sum(dominoes_fixed_by(cells, move) for move in moves)
    assert total % len(moves) == 0
    return total // len(moves)


def dominoes_text(rows, cols):
    return rectangle(rows, cols, f"piece D*{rows * cols // 2}:\nXX")


@pytest.mark.parametrize("n", [2, 4, pytest.param(6, marks=pytest.mark.slow)])
def test_domino_squares_up_to_symmetry_against_the_brute_force(n):
    """Every domino tiling of the n x n square, each kept once by its least image under
    the square's 8 symmetries: 1, 9 and 930 (the counter by orbits agrees)."""
    board = {(r, c) for r in range(n) for c in range(n)}
    found = tilings(board, {"D": ([(0, 0), (0, 1)], n * n // 2)})
    expected = orbits(found, board_transforms(n, n))
    assert expected == domino_orbits(board, square_moves(n)) == {2: 1, 4: 9, 6: 930}[n]
    assert count(dominoes_text(n, n)) == expected


def test_the_8x8_dominoes_up_to_symmetry():
    """12,988,816 tilings, 1,629,189 up to symmetry (the counter by orbits). Each was
    filtered in Python: no answer in 50 s; Burnside's lemma counts them in a second."""
    board = {(r, c) for r in range(8) for c in range(8)}
    expected = domino_orbits(board, square_moves(8))
    assert expected == 1_629_189
    done = run_process("--count", stdin=dominoes_text(8, 8), timeout=20)
    assert (done.returncode, done.stdout) == (0, f"{expected}\n")


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def strip_orbits(n):
    """Domino tilings of a 2 x n strip (n > 2) up to its 4 symmetries: F(n+1) tilings,
    each its own image under the swap of the rows, and P(n) palindromic ones, each its
    own under the reversal (and the half turn): (F(n+1) + P(n)) / 2, where a palindrome
    is a tiling of half the strip, with an upright domino or a flat pair across the
    middle when n is even (F(n/2 + 1) + F(n/2)), an upright one when n is odd."""
    half = n // 2
    palindromes = fibonacci(half + 1) + (fibonacci(half) if n % 2 == 0 else 0)
    return (fibonacci(n + 1) + palindromes) // 2


@pytest.mark.parametrize("n", [3, 4, 7, 10])
def test_the_strip_formula_against_the_brute_force(n):
    board = {(r, c) for r in range(2) for c in range(n)}
    found = tilings(board, {"D": ([(0, 0), (0, 1)], n)})
    assert orbits(found, board_transforms(2, n)) == strip_orbits(n)
    assert count(dominoes_text(2, n)) == strip_orbits(n)


def test_a_long_strip_of_dominoes_up_to_symmetry():
    """2 x 100: F(101) = 573,147,844,013,817,084,101 tilings (over 2^64), each filtered
    in Python on main (no answer); exact here."""
    assert fibonacci(101) == 573_147_844_013_817_084_101
    done = run_process("--count", stdin=dominoes_text(2, 100), timeout=20)
    assert (done.returncode, done.stdout) == (0, f"{strip_orbits(100)}\n")


TROMINO_AND_TETROMINO_CASES = [
    ((6, 6), "L", ["XX", "X."], 12, 25),
    ((6, 6), "I", ["XXX"], 12, 11),
    ((4, 6), "L", ["XXX", "X.."], 6, 12),
    ((8, 8), "T", ["XXX", ".X."], 16, 15),
]
"""Boards of copies of one tromino or tetromino, with their counts up to symmetry by the
brute force (162, 64, 42 and 84 tilings in all)."""


@pytest.mark.parametrize("case", TROMINO_AND_TETROMINO_CASES,
                         ids=lambda case: "%dx%d-%s" % (*case[0], case[1]))
def test_copies_of_a_tromino_or_tetromino_up_to_symmetry(case):
    (rows, cols), name, picture, copies, expected = case
    board = {(r, c) for r in range(rows) for c in range(cols)}
    found = tilings(board, {name: (picture_cells(picture), copies)})
    assert orbits(found, board_transforms(rows, cols)) == expected
    text = rectangle(rows, cols, f"piece {name}*{copies}:\n" + "\n".join(picture))
    assert count(text, "--all-symmetries") == len(found)
    assert count(text) == expected
    assert count(text, "--limit", "1000") == expected, "the direct search agrees"


@pytest.mark.parametrize("box", ["XX\nXX\n\nXX\nXX", "XXX\nXXX\n\nXXX\nXXX",
                                 "XXXX\nXXXX\n\nXXXX\nXXXX", "XXX\nXXX\nXXX\n\nXXX\nXXX\nXXX"])
def test_boxes_of_dicubes_up_to_symmetry_against_the_brute_force(box):
    """2x2x2, 2x2x3, 2x2x4 and 2x3x3 boxes of dicubes, by the brute force in space."""
    pieces = {"d": (STANDING, len(layered(box)) // 2)}
    every, up_to_symmetry = orbits_in_space(box, pieces, reflections=False)
    text = pack_input(box, pieces)
    assert count(text, "--all-symmetries") == every
    assert count(text) == up_to_symmetry


def test_parts_with_a_piece_fixed_are_counted_by_burnside_against_the_brute_force():
    """The O tetromino breaks the 4x4 square's symmetry but where a symmetry maps it to
    itself (the centre, the diagonals): those parts, dominoes alone around it, are
    counted by Burnside's lemma with the O fixed. 70 packings, 11 up to symmetry."""
    from dlxcli.puzzles import pack
    text = "board:\nXXXX\nXXXX\nXXXX\nXXXX\npiece O:\nXX\nXX\npiece d*6:\nXX\n"
    board = {(r, c) for r in range(4) for c in range(4)}
    found = tilings(board, {"O": ([(0, 0), (0, 1), (1, 0), (1, 1)], 1),
                            "d": ([(0, 0), (0, 1)], 6)})
    assert (len(found), orbits(found, board_transforms(4, 4))) == (70, 11)
    model = pack.Model(pack.parse(text), True, None)
    runs = pack.counting(model, "count", None, True, pack.UNLIMITED)
    assert any(isinstance(problem, pack.Fixed) for problem, _, _ in runs)
    assert count(text) == 11 and count(text, "--all-symmetries") == 70


def test_the_stats_of_a_count_by_burnside_show_the_packings_counted():
    """-v's solutions are the count up to symmetry, not the sum Burnside divides."""
    result = run("--count", "--format", "json", "--stats", stdin=dominoes_text(6, 6))
    data = json.loads(result.stdout)
    assert data["data"]["count"] == 930
    assert data["stats"]["solutions"] == 930


@pytest.mark.parametrize("name, burnside", [
    ("6x10 pentominoes (no residual part)", False),
    ("copies of two kinds (pack-custom.in)", False),
    ("a residual part left by spent breaking work", False),
    ("dominoes alone", True)])
def test_the_route_of_a_count_up_to_symmetry(name, burnside, monkeypatch):
    """Burnside's lemma only where a residual part with no piece restricted would be
    filtered and `Fixed` applies (docs/pack.md, "How a count is computed"); elsewhere
    the searches before it, weighted 1."""
    from dlxcli.puzzles import pack
    text = {"6x10 pentominoes (no residual part)": (PACK / "pentominoes-6x10.in").read_text(),
            "copies of two kinds (pack-custom.in)":
                (REPO / "docs" / "examples" / "pack-custom.in").read_text(),
            "a residual part left by spent breaking work":
                pack_input(*UNMOVED_CASES["strip-copies"]),
            "dominoes alone": dominoes_text(4, 4)}[name]
    if name.startswith("a residual part"):
        monkeypatch.setattr(pack, "MAX_BREAKING", 0)
    model = pack.Model(pack.parse(text), True, None)
    runs = list(pack.counting(model, "count", None, True, pack.UNLIMITED))
    assert any(isinstance(problem, pack.Fixed) for problem, _, _ in runs) == burnside
    assert all(weight == 1 for _, _, weight in runs) != burnside


def counted_with_jobs(jobs, path):
    """The count of `path` with `--jobs`, and its stats, on the C twin (which counts
    updates), in a process of its own, as the command line runs it."""
    done = subprocess.run(DLXCLI + ["pack", "--count", "--format", "json", "--jobs",
                                    str(jobs), str(path)],
                          capture_output=True, text=True, timeout=120, cwd=REPO,
                          env={**os.environ, "DLXCLI_ENGINE": "c"})
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    return report["data"]["count"], report["stats"]


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
def test_a_count_over_two_jobs_does_the_work_of_one(c_twin):
    """--jobs 2 searched the parts of a count up to symmetry as one problem, whose
    colored item PART ties each option to its part: its commits made every cover of
    every option, where a count in one process, a problem per part without colors,
    stops a commit at a dead end (commit_plain). So --jobs 2 did 1.8 times the updates
    of --jobs 1 on the 4x15 pentominoes (twice the CPU on the 3x4x5 pentacubes, and no
    faster). With colors the commits are cut short too; and now the parts are dealt
    out apart, without colors: the same work, give or take the subproblems' roots, the
    forced prefixes each one replays, and the memo hits one process finds for the
    other (1.07 times the updates)."""
    path = PACK / "pentominoes-4x15.in"
    one, stats_one = counted_with_jobs(1, path)
    two, stats_two = counted_with_jobs(2, path)
    assert one == two == 368
    assert stats_two["nodes"] <= 1.15 * stats_one["nodes"]
    assert stats_two["updates"] <= 1.25 * stats_one["updates"]


# -- a count over --jobs: the parts dealt out apart (branch parts2) -------------------------

def jobs_cases():
    """(input, options, the count from outside dlxcli) of counts whose searches are
    several: the parts of the symmetry breaking (the Soma cube: Conway and Guy; the
    4x15 pentominoes: Haselgrove), the terms of Burnside's lemma (6 x 6 dominoes: the
    transfer matrix; --all-symmetries through the count up to symmetry), and parts of
    copies alone searched after the others (the brute force: counted when its test runs,
    not at collection)."""
    return [
        pytest.param(((PACK / "soma.in").read_text(), (), 240), id="soma"),
        slow_on_python(((PACK / "soma.in").read_text(), ("--all-symmetries",), 11520),
                       id="soma-all"),
        slow_on_python(((PACK / "pentominoes-4x15.in").read_text(), (), 368), id="4x15"),
        pytest.param((dominoes_text(6, 6), (), pack_brute.domino_square_up_to_symmetry(6)),
                     id="dominoes-6x6"),
        pytest.param((dominoes_text(6, 6), ("--all-symmetries",),
                      pack_brute.domino_tilings(6, 6)), id="dominoes-6x6-all"),
        pytest.param((pack_text(4, 4, COPIES_4X4), (),
                      lambda: orbits(copies_4x4_tilings(), board_transforms(4, 4))),
                     id="4x4-copies"),
        pytest.param((pack_text(4, 4, COPIES_4X4), ("--all-symmetries",),
                      lambda: len(copies_4x4_tilings())),
                     id="4x4-copies-all")]


COPIES_4X4 = {"d": 3, "a": 5, "b": 1}
"""Pieces of jobs_cases' 4x4 board, of several copies each."""


@functools.cache
def copies_4x4_tilings():
    """Every tiling of the 4x4 board by COPIES_4X4 (the brute force: seconds)."""
    pieces = {name: (picture_cells(SMALL_PIECES[name]), k) for name, k in COPIES_4X4.items()}
    return tilings({(r, c) for r in range(4) for c in range(4)}, pieces)


@pytest.mark.parametrize("case", jobs_cases())
def test_a_count_over_two_jobs_is_the_count_of_one(case):
    """`expected` is the count, or the function that counts it by brute force."""
    text, args, expected = case
    if callable(expected):
        expected = expected()
    assert count(text, *args, "--jobs", "2") == count(text, *args, "--jobs", "1") == expected


@pytest.mark.slow
@pytest.mark.parametrize("flag, expected", [("", 3940), ("--all-symmetries", 31520)])
def test_the_3x4x5_pentacubes_over_two_jobs(flag, expected):
    """Knuth's counts of the 12 pentacubes in 3x4x5 over --jobs 2: its 45 parts (and,
    in all orientations, the terms of Burnside's lemma) dealt out to two processes."""
    text = (PENTACUBES / "pentacubes-3x4x5.in").read_text()
    assert count(text, *filter(None, [flag]), "--jobs", "2") == expected


def test_a_count_over_jobs_deals_its_parts_out_apart_without_colours(monkeypatch):
    """--jobs 2 on the Soma cube, whose count up to symmetry has several parts. A split
    count searched them as one problem, its item PART coloured by part (on the 3x4x5
    pentacubes 18% more updates than the parts apart, and no faster than --jobs 1);
    now each part is a problem without colours, and their searches are dealt out to
    both processes (tasks come back from each) as one set of tasks."""
    from dlxcli import parallel
    from dlxcli.exact_cover import Budget
    from dlxcli.puzzles import pack
    text = (PACK / "soma.in").read_text()
    model = pack.Model(pack.parse(text), True, None)
    runs = list(pack.counting(model, "count", None, True,
                              Budget(split=parallel.Split(2, probe=0.0))))
    assert len(runs) > 1
    assert all(problem.cover.definition[4] is None for problem, _, _ in runs)
    workers = set()
    add = parallel.Tally.add

    def noted(tally, done, resumed=False):
        workers.add(done.worker)
        return add(tally, done, resumed)
    monkeypatch.setattr(parallel.Tally, "add", noted)
    answer = pack.solve_text(text, query="count",
                             budget=Budget(split=parallel.Split(2, probe=0.0)))
    assert answer.data["count"] == 240 and len(workers) == 2


@pytest.mark.parametrize("case", [
    pytest.param((dominoes_text(6, 6), ()), id="dominoes-6x6"),
    pytest.param(((PACK / "soma.in").read_text(), ("--all-symmetries",)), id="soma-all")])
def test_the_stats_of_a_count_over_two_jobs_show_the_packings_counted(case):
    """Dealt out, the weighted terms of Burnside's lemma (1/8 of the 6 x 6 dominoes'
    6,728 tilings and of the symmetric ones; 48 times the Soma cube's 240 less the
    symmetric packings) add their costs into the stats, not their solutions: the
    solutions shown are the packings counted, as with --jobs 1. (Not the nodes: a
    memoized count's depend on which process met which state first.)"""
    text, args = case
    report = {}
    for jobs in ("1", "2"):
        result = run("--count", "--format", "json", "--jobs", jobs, *args, stdin=text)
        assert result.exit_code == 0, result.output
        report[jobs] = json.loads(result.stdout)
        assert report[jobs]["stats"]["solutions"] == report[jobs]["data"]["count"]
    assert report["1"]["data"]["count"] == report["2"]["data"]["count"]


def test_a_checkpointed_count_keeps_its_parts_one_search(tmp_path):
    """A checkpoint holds one search: with --checkpoint the parts stay one problem,
    coloured by part, which the split search cuts and the checkpoint resumes."""
    from dlxcli import parallel
    from dlxcli.exact_cover import Budget
    from dlxcli.puzzles import pack
    model = pack.Model(pack.parse((PACK / "soma.in").read_text()), True, None)
    budget = Budget(split=parallel.Split(2, checkpoint=tmp_path / "soma.ckpt"))
    [(problem, _, _)] = pack.counting(model, "count", None, True, budget)
    assert problem.cover.definition[4] is not None
