"""--format svg: every grid command's answer, and dlxcli generate's puzzles, as one
standalone SVG document (docs/svg.md).

The documents are parsed with xml.etree and compared with the official answers in
puzzles/ (the symbols), with the walls that a squiggly input itself declares (its wall
bits), with the rules of sudoku (a generated solution) and with the generated puzzle's
own text (its givens). The pictures are rendered by librsvg's rsvg-convert where it is
installed (scripts/render_svgs.py), and their pixels looked at.
"""

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

import pytest
from click.testing import CliRunner

from dlxcli.cli import cli
from dlxcli.cli._svg import CELL, PALETTE, Drawing
from dlxcli.commands import PUZZLES, puzzle_module
from dlxcli.puzzles import Figure
from paths import REPO

pytestmark = pytest.mark.any_twin  # the drawing of an answer, whichever twin found it

SAMPLES = REPO / "puzzles"
SVG = "{http://www.w3.org/2000/svg}"


def run(*args, input=None, status=0):
    result = CliRunner().invoke(cli, [*map(str, args)], input=input)
    assert result.exit_code == status, result.output
    return result


def drawn(command, *args, input=None):
    """The parsed SVG document of `dlxcli COMMAND --format svg ARGS`."""
    return parsed(run(command, "--format", "svg", *args, input=input).stdout)


def parsed(text):
    root = ET.fromstring(text.encode())
    assert root.tag == f"{SVG}svg" and root.get("version") == "1.1"
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert width > 0 and height > 0
    return root


def group(root, name):
    """Every element of the groups of class `name`, in document order."""
    return [element for g in root.iter(f"{SVG}g") if g.get("class") == name for element in g]


def symbols(root):
    return [element.text for element in group(root, "symbols") if element.tag == f"{SVG}text"]


def segments(root, name):
    """The line segments of the groups of class `name`, each as a frozenset of its two
    ends in cell units, relative to its grid's top left corner."""
    return [frozenset({(float(line.get("x1")) / CELL, float(line.get("y1")) / CELL),
                       (float(line.get("x2")) / CELL, float(line.get("y2")) / CELL)})
            for line in group(root, name)]


def document(figures, text):
    drawing = Drawing()
    drawing.add(figures, text)
    return drawing.document()


def official_lines(name):
    return (SAMPLES / name).read_text().split()


def test_a_solved_sudoku_is_its_81_digits_in_thin_lines_and_thick_box_walls():
    root = drawn("sudoku", SAMPLES / "sudoku" / "sample1.in")
    assert symbols(root) == [digit for line in official_lines("sudoku/sample1.out")
                             for digit in line]
    walls, thin = segments(root, "walls"), segments(root, "lines")
    assert len(walls) == 4 * 9 + 2 * 2 * 9  # the outline and two lines each way
    assert len(thin) == 2 * 9 * 10 - len(walls)
    assert len(set(walls) | set(thin)) == 2 * 9 * 10
    assert len(group(root, "cells")) == 81


def test_a_25x25_grid_shows_its_symbols_as_the_line_format_writes_them():
    root = drawn("sudoku", SAMPLES / "sudoku" / "25x25.in")
    expected = "".join(official_lines("sudoku/25x25.out"))
    assert len(expected) == 625 and "".join(symbols(root)) == expected
    assert len(segments(root, "walls")) == 4 * 25 + 2 * 4 * 25


def squiggly_walls(values):
    """The wall segments a squiggly case declares (HDU 4069's bits: 16 up, 32 right,
    64 down, 128 left), read straight from the input."""
    walls = set()
    for k, value in enumerate(values):
        r, c = divmod(k, 9)
        corners = {16: ((c, r), (c + 1, r)), 32: ((c + 1, r), (c + 1, r + 1)),
                   64: ((c, r + 1), (c + 1, r + 1)), 128: ((c, r), (c, r + 1))}
        walls.update(frozenset(corners[bit]) for bit in corners if value & bit)
    return walls


def test_a_squiggly_grid_has_a_thick_wall_exactly_where_its_input_declares_one():
    text = (SAMPLES / "squiggly" / "sample.in").read_text()
    first_case = [int(value) for value in text.split()[1:82]]
    root = drawn("squiggly", SAMPLES / "squiggly" / "sample.in")
    walls = segments(root, "walls")
    assert len(walls) == len(set(walls)) and set(walls) == squiggly_walls(first_case)
    assert symbols(root) == list("".join(official_lines("squiggly/sample.out")[2:11]))
    titles = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "title"]
    assert titles == ["Case 1: unique", "Case 2: none", "Case 3: multiple"]


def test_squiggly_regions_are_filled_each_in_its_own_colour_from_the_palette():
    text = (SAMPLES / "squiggly" / "sample.in").read_text()
    first_case = [int(value) for value in text.split()[1:82]]
    fills = {(int(rect.get("y")) // CELL, int(rect.get("x")) // CELL): rect.get("fill")
             for rect in group(drawn("squiggly", SAMPLES / "squiggly" / "sample.in"), "cells")}
    for k, value in enumerate(first_case):
        r, c = divmod(k, 9)
        if c < 8:
            assert (fills[r, c] != fills[r, c + 1]) == bool(value & 32)
        if r < 8:
            assert (fills[r, c] != fills[r + 1, c]) == bool(value & 64)
    assert len(set(fills.values())) == 9 and set(fills.values()) <= set(PALETTE)


def test_the_samurai_picture_leaves_its_gaps_blank_and_walls_its_five_grids():
    root = drawn("samurai", SAMPLES / "samurai" / "seed003-problem1.grid21.in")
    answer = (SAMPLES / "samurai" / "seed003-problem1.grid21.out").read_text()
    cells = [symbol for symbol in answer if not symbol.isspace()]
    assert len(cells) == 369 and symbols(root) == cells
    assert len(group(root, "cells")) == 369
    ends = {end for segment in segments(root, "walls") for end in segment}
    assert (10, 10) not in ends and (0, 21) in ends and (21, 0) in ends


def test_a_target_sudoku_shows_its_official_score_beside_its_grid():
    root = drawn("target-sudoku", SAMPLES / "target-sudoku" / "sample1.in")
    notes = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "note"]
    assert notes[0] == f"score {official_lines('target-sudoku/sample1.out')[0]}"
    assert len(symbols(root)) == 81


def test_queens_stand_on_a_chess_board_where_the_official_placements_put_them():
    root = drawn("queens", SAMPLES / "queens" / "sample1.in")
    official = (SAMPLES / "queens" / "sample1.out").read_text().splitlines()
    titles = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "title"]
    assert titles == official[:-1] + [f"{official[-1]} placements"]
    queens = [element for element in group(root, "symbols") if element.get("class") == "queen"]
    assert len(queens) == 6 * 3
    columns = [int(float(q.get("points").split()[0].split(",")[0]) // CELL) + 1 for q in queens]
    assert columns == [int(c) for line in official[:-1] for c in line.split()]
    squares = group(root, "cells")
    assert len(squares) == 36 * 3 and len({rect.get("fill") for rect in squares}) == 2
    assert len(segments(root, "walls")) == 4 * 6 * 3 and not segments(root, "lines")


def test_an_answer_without_a_grid_is_drawn_as_its_judge_text():
    result = run("sudoku", "--count", SAMPLES / "sudoku" / "sample1.in")
    root = drawn("sudoku", "--count", SAMPLES / "sudoku" / "sample1.in")
    lines = [t.text for t in group(root, "text")]
    assert lines == result.stdout.splitlines()


def test_text_is_escaped_and_characters_xml_cannot_hold_are_shown_escaped():
    title = 'a<b & "c" \x1b[2J \ud800 \uffff'
    root = parsed(document([Figure([["<"]], [[0]], title=title, beside=["&>"])], ""))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == ['a<b & "c" \\x1b[2J \\ud800 \\uffff', "<", "&>"]
    assert [t.text for t in parsed(document([], "x<&y\x00\n")).iter(f"{SVG}text")] == \
        ["x<&y\\x00"]


def test_the_same_answer_is_the_same_bytes():
    args = ("squiggly", "--format", "svg", SAMPLES / "squiggly" / "sample.in")
    assert run(*args).stdout_bytes == run(*args).stdout_bytes


def test_out_writes_one_svg_per_input_and_nothing_else(tmp_path):
    inputs = [SAMPLES / "sudoku" / "sample1.in", SAMPLES / "sudoku" / "4x4.in"]
    run("sudoku", "--format", "svg", "--out", tmp_path / "answers", *inputs)
    written = sorted(path.name for path in (tmp_path / "answers").iterdir())
    assert written == ["4x4.svg", "sample1.svg"]
    assert len(symbols(parsed((tmp_path / "answers" / "4x4.svg").read_text()))) == 16


def test_several_inputs_on_stdout_are_documents_under_their_headers():
    inputs = [SAMPLES / "sudoku" / "sample1.in", SAMPLES / "sudoku" / "4x4.in"]
    out = run("sudoku", "--format", "svg", *inputs).stdout
    parts = out.split("==> ")[1:]
    assert [part.split(" <==")[0] for part in parts] == [str(path) for path in inputs]
    assert [len(symbols(parsed(part.split("\n", 1)[1]))) for part in parts] == [81, 16]


def test_a_command_without_grids_does_not_offer_svg():
    result = run("matrix", "--format", "svg", SAMPLES / "matrix" / "sample1.in", status=2)
    assert "'svg' is not one of" in result.output


def test_a_full_disk_on_stdout_is_one_line_and_status_2():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "dlxcli", "sudoku", "--format", "svg",
                               str(SAMPLES / "sudoku" / "sample1.in")],
                              stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 2
    assert done.stderr == "dlxcli: cannot write to stdout: No space left on device\n"


def test_an_answer_that_cannot_be_written_leaves_no_file_and_says_which(tmp_path):
    (tmp_path / "sample1.svg").mkdir()  # in the way of the answer file
    result = run("sudoku", "--format", "svg", "--out", tmp_path,
                 SAMPLES / "sudoku" / "sample1.in", SAMPLES / "sudoku" / "4x4.in", status=2)
    assert f"cannot write {tmp_path / 'sample1.svg'}: Is a directory" in result.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["4x4.svg", "sample1.svg"]
    assert list((tmp_path / "sample1.svg").iterdir()) == []


def generated(*args):
    return run("generate", *map(str, args), "-q").stdout


@pytest.mark.parametrize("kind, seed", [("sudoku", 1), ("squiggly", 2), ("samurai", 3)])
def test_a_generated_puzzle_shows_exactly_its_givens_in_bold(kind, seed):
    text = generated(kind, "--seed", seed)
    root = parsed(generated(kind, "--seed", seed, "--format", "svg"))
    if kind == "squiggly":
        givens = [str(int(value) & 15) for value in text.split()[1:] if int(value) & 15]
    else:
        givens = [symbol for symbol in text if not symbol.isspace() and symbol != "."]
    texts = group(root, "symbols")
    assert [t.text for t in texts] == givens
    assert all(t.get("font-weight") == "bold" for t in texts)


def test_a_generated_solution_is_a_sudoku_that_keeps_the_givens_in_bold_on_grey():
    line = generated("sudoku", "--seed", 5).strip()
    root = parsed(generated("sudoku", "--seed", 5, "--format", "svg", "--solution"))
    texts = group(root, "symbols")
    digits = [int(t.text) for t in texts]
    units = ([[r * 9 + c for c in range(9)] for r in range(9)]
             + [[r * 9 + c for r in range(9)] for c in range(9)]
             + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)]
                for b in range(9)])
    assert all(sorted(digits[k] for k in unit) == list(range(1, 10)) for unit in units)
    bold = [t.get("font-weight") == "bold" for t in texts]
    assert bold == [symbol != "." for symbol in line]
    assert all(str(d) == s for d, s in zip(digits, line) if s != ".")
    grey = [rect.get("fill") != "#ffffff" for rect in group(root, "cells")]
    assert grey == bold


def test_generate_out_writes_one_svg_per_puzzle_and_a_page_holds_them_all(tmp_path):
    run("generate", "sudoku", "--count", 3, "--seed", 1, "--format", "svg",
        "--out", tmp_path, "-q")
    names = sorted(path.name for path in tmp_path.iterdir() if not path.name.startswith("."))
    assert names == ["sudoku-1.svg", "sudoku-2.svg", "sudoku-3.svg"]
    page = parsed(generated("sudoku", "--count", 3, "--seed", 1, "--format", "svg"))
    pages = [symbols(parsed((tmp_path / name).read_text())) for name in names]
    assert symbols(page) == [symbol for one in pages for symbol in one]


def test_generate_solution_goes_with_svg_only():
    result = run("generate", "sudoku", "--solution", status=2)
    assert "--solution draws the solutions: it goes with --format svg" in result.output


@pytest.mark.parametrize("command", [name for name in PUZZLES
                                     if hasattr(puzzle_module(name), "figures")])
def test_every_drawn_command_draws_its_help_examples(command, monkeypatch):
    """Each example of the command's help that is a plain run (no --estimate), drawn
    (pack's too)."""
    import shlex
    monkeypatch.chdir(REPO)
    for example in puzzle_module(command).COMMAND.examples:
        words = shlex.split(example)
        if "|" in example or {"--format", "--estimate"} & set(words):
            continue
        root = parsed(run(*words[1:], "--format", "svg").stdout)
        assert len(list(root.iter())) > 3


# -- rendered, as a person would look at them ----------------------------------------------

def png_pixels(data):
    """(width, height, rows of (r, g, b) pixels) of an 8-bit RGB or RGBA PNG, not
    interlaced (what rsvg-convert writes): the filters of the PNG specification undone."""
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    depth, colour, interlace = data[24], data[25], data[28]
    assert depth == 8 and colour in (2, 6) and interlace == 0
    channels = 3 if colour == 2 else 4
    idat, at = b"", 8
    while at < len(data):
        length, kind = int.from_bytes(data[at:at + 4], "big"), data[at + 4:at + 8]
        if kind == b"IDAT":
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)  # each row: its filter type, then its bytes
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = previous[x], previous[x - channels] if x >= channels else 0
            line[x] = (line[x] + (0, a, b, (a + b) // 2, _paeth(a, b, c))[kind]) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = bytes(line)
    return width, height, rows


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert is not installed (Debian: apt-get install librsvg2-bin)")
    out = tmp_path_factory.mktemp("rendered")
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "render_svgs.py"), str(out)],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("name", ["sudoku", "squiggly", "samurai", "queens", "target-sudoku",
                                  "generate-sudoku-solution"])
def test_a_rendered_picture_has_the_documents_size_and_shows_the_grid(rendered, name):
    root = parsed((rendered / f"{name}.svg").read_text())
    width, height, rows = png_pixels((rendered / f"{name}.png").read_bytes())
    assert (width, height) == (int(root.get("width")), int(root.get("height")))
    dark = sum(1 for row in rows for pixel in row if sum(pixel) < 3 * 96)
    assert 0.01 < dark / (width * height) < 0.5  # lines and symbols, not a blank page
    grid = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "cells")
    top = next(g for g in root.iter(f"{SVG}g") if grid in list(g))
    corner_y = 20 + int(top.get("transform").split(",")[1].rstrip(")"))
    assert sum(rows[corner_y][20]) < 3 * 96  # the grid's corner: a thick black wall
    assert sum(rows[0][0]) == 3 * 255  # the margin: white paper


def test_a_region_keeps_its_colour_in_every_figure_and_neighbours_differ():
    """As pack draws a 3-D board: one figure per layer, a piece's cells in several."""
    layers = [Figure([list("AAB"), list("CCB")], [[0, 0, 1], [2, 2, 1]], coloured=True),
              Figure([list("DAB"), list("DDB")], [[3, 0, 1], [3, 3, 1]], coloured=True)]
    root = parsed(document(layers, ""))
    fills = [rect.get("fill") for rect in group(root, "cells")]
    colour = dict(zip([0, 0, 1, 2, 2, 1, 3, 0, 1, 3, 3, 1], fills))
    assert [colour[k] for k in (0, 0, 1, 2, 2, 1, 3, 0, 1, 3, 3, 1)] == fills
    assert len(set(colour.values())) == 4


def test_an_input_with_nothing_to_draw_writes_no_document(tmp_path):
    unsolvable = tmp_path / "clash.in"
    unsolvable.write_text("11" + "." * 14 + "\n")
    result = run("sudoku", "--format", "svg", "--out", tmp_path / "out", unsolvable, status=1)
    assert "no solution for the puzzle starting on line 1" in result.stderr
    assert not (tmp_path / "out" / "clash.svg").exists()
    assert run("sudoku", "--format", "svg", unsolvable, status=1).stdout == ""


def test_a_symbol_of_several_characters_is_made_small_enough_for_its_cell():
    root = parsed(document([Figure([["H12", "7"]], [[0, 1]], coloured=True)], ""))
    long, short = group(root, "symbols")
    assert float(long.get("font-size")) * 3 * 0.6 < CELL and short.get("font-size") is None


def test_a_reader_that_goes_away_ends_the_run_quietly(tmp_path):
    """`| head -c 10`: the document is written in parts, so the closed pipe is seen
    (one huge write to it can end without an error) and the run ends as others do."""
    many = tmp_path / "many.in"
    many.write_text((SAMPLES / "sudoku" / "4x4.in").read_text() * 300)
    child = subprocess.Popen([sys.executable, "-m", "dlxcli", "sudoku", "--format", "svg",
                              str(many)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout.read(10) == b"<?xml vers"
    child.stdout.close()
    assert child.wait() == 1 and child.stderr.read() == b""
    child.stderr.close()


def cie_lab(fill):
    """The CIELAB colour (D65) of an sRGB `#rrggbb`, by the formulas of CIE 15."""
    linear = [(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
              for v in (int(fill[k:k + 2], 16) / 255 for k in (1, 3, 5))]
    x, y, z = (sum(m * v for m, v in zip(row, linear)) / white for row, white in zip(
        ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505)),
        (0.95047, 1.0, 1.08883)))
    f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def colour_distance(one, other):
    """CIE76 delta E: about 2.3 is just noticeable; under 10, colours look alike."""
    return sum((a - b) ** 2 for a, b in zip(cie_lab(one), cie_lab(other))) ** 0.5


def cells_of(root):
    """{(row, column): (fill, symbol)} of a document's first grid."""
    fills = {(int(rect.get("y")) // CELL, int(rect.get("x")) // CELL): rect.get("fill")
             for rect in group(root, "cells")}
    texts = {(int(float(t.get("y")) // CELL), int(float(t.get("x")) // CELL)): t.text
             for t in group(root, "symbols") if t.tag == f"{SVG}text"}
    return {cell: (fill, texts.get(cell)) for cell, fill in fills.items()}


@pytest.mark.parametrize("name", ["pentominoes-6x10", "pentominoes-8x8-hole",
                                  "pentominoes-3x20", "pentominoes-5x12"])
def test_touching_pieces_get_clearly_different_colours(name):
    """The newcomer's U and P in the 6x10 had two pinks 8 apart: every two pieces that
    share an edge are now at least 20 apart (CIE76), each piece one colour."""
    cells = cells_of(drawn("pack", SAMPLES / "pack" / f"{name}.in"))
    piece_fill = {}
    for (r, c), (fill, piece) in cells.items():
        assert piece_fill.setdefault(piece, fill) == fill
        for neighbour in ((r + 1, c), (r, c + 1)):
            if neighbour in cells and cells[neighbour][1] != piece:
                assert colour_distance(fill, cells[neighbour][0]) >= 20, (piece, neighbour)


def test_touching_squiggly_regions_get_clearly_different_colours():
    cells = cells_of(drawn("squiggly", SAMPLES / "squiggly" / "sample.in"))
    for (r, c), (fill, _) in cells.items():
        for neighbour in ((r + 1, c), (r, c + 1)):
            other = cells.get(neighbour, (fill,))[0]
            assert other == fill or colour_distance(fill, other) >= 20


def test_the_palette_colours_are_far_apart_and_light_under_black_symbols():
    for k, one in enumerate(PALETTE):
        assert cie_lab(one)[0] >= 70
        for other in PALETTE[k + 1:]:
            assert colour_distance(one, other) >= 25, (one, other)


def test_a_grid_mixing_digits_and_letters_draws_them_in_a_monospaced_font():
    """In 16x16 and 25x25 grids `I` sits beside `1` and `B` beside `8`: a monospaced
    font draws I with bars and 1 with a flag; digits alone keep the sans-serif."""
    for name, family in (("25x25", "monospace"), ("16x16", "monospace"),
                         ("sample1", "sans-serif")):
        root = drawn("sudoku", SAMPLES / "sudoku" / f"{name}.in")
        fonts = {g.get("font-family") for g in root.iter(f"{SVG}g")
                 if g.get("class") == "symbols"}
        assert fonts == {family}, name


def glyph(rows, k):
    """The dark pixels of the symbol in cell k of a one-row grid, relative to the cell."""
    x0, y0 = 20 + k * CELL, 20
    return {(x - x0, y - y0) for y in range(y0 + 4, y0 + CELL - 4)
            for x in range(x0 + 4, x0 + CELL - 4) if sum(rows[y][x]) < 3 * 128}


def test_a_rendered_capital_i_has_bars_that_the_digit_one_lacks():
    """Rendered (rsvg-convert, the machine's fonts): the I of a mixed grid is as wide at
    its top as at its foot, with bars across; a plain I is one stroke wide."""
    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert is not installed (Debian: apt-get install librsvg2-bin)")
    png = subprocess.run(["rsvg-convert"], input=document(
        [Figure([list("I1B8")], [[0, 1, 2, 3]])], "").encode(), capture_output=True,
        check=True).stdout
    _, _, rows = png_pixels(png)
    letter = glyph(rows, 0)
    top = min(y for _, y in letter)
    middle = (top + max(y for _, y in letter)) // 2
    width_at = {y: len({x for x, row in letter if row == y}) for y in (top, middle)}
    assert width_at[top] >= 2 * width_at[middle]


def test_a_target_sudoku_is_drawn_on_its_scoring_rings_with_their_key():
    """P1074's picture: rings of weight 6 (outside) to 10 (the centre cell), each ring
    one tint, and a key beside the grid naming each tint's weight."""
    root = drawn("target-sudoku", SAMPLES / "target-sudoku" / "sample1.in")
    cells = cells_of(root)
    ring_fill = {}
    for (r, c), (fill, _) in cells.items():
        ring = 10 - max(abs(r - 4), abs(c - 4))
        assert ring_fill.setdefault(ring, fill) == fill
    assert len(set(ring_fill.values())) == 5
    for inner in range(7, 11):
        assert colour_distance(ring_fill[inner - 1], ring_fill[inner]) >= 10
    keys = [rect.get("fill") for rect in root.iter(f"{SVG}rect") if rect.get("class") == "key"]
    notes = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "note"]
    assert keys == [ring_fill[ring] for ring in range(6, 11)]
    assert notes[0] == f"score {official_lines('target-sudoku/sample1.out')[0]}"
    assert notes[-5:] == ["6", "7", "8", "9", "10"]
