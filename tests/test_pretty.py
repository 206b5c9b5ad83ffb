"""--format pretty draws every grid command for people: sudoku grids with their boxes,
the target sudoku's score beside its grid, the samurai picture within 80 columns, and
squiggly regions filled with readable colours.

Plain-text drawings (a pipe, --out) are compared with drawings built here from the
official answers in puzzles/; colours are read off the rich Text that a terminal gets.
"""

import pytest

from cli import run
from dlxcli.cli._draw import draw_figure, fitting
from dlxcli.commands import puzzle_module
from dlxcli.puzzles import Figure
from paths import REPO
from terminal import DLXCLI, run_on_terminal

PUZZLES = REPO / "puzzles"


def pretty(command, *args, input=None):
    result = run(command, "--format", "pretty", *args, input=input)
    assert result.exit_code == 0, result.output
    return result.stdout


def boxed(rows, box):
    """A grid of single symbols drawn in the usual text style: a line of walls every
    `box` rows, '│' every `box` cells, one space between symbols and walls."""
    segment = "─" * (2 * box + 1)

    def wall(left, middle, right):
        return left + middle.join([segment] * (len(rows[0]) // box)) + right

    lines = [wall("┌", "┬", "┐")]
    for r, row in enumerate(rows):
        if r and r % box == 0:
            lines.append(wall("├", "┼", "┤"))
        lines.append("│ " + " │ ".join(" ".join(row[c:c + box]) for c in range(0, len(row), box))
                     + " │")
    lines.append(wall("└", "┴", "┘"))
    return lines


def test_a_sudoku_is_drawn_with_its_boxes_one_character_per_cell():
    answer = (PUZZLES / "sudoku" / "sample1.out").read_text()
    solved = [line.split() for line in answer.splitlines()]
    assert pretty("sudoku", PUZZLES / "sudoku" / "sample1.in") == "\n".join(boxed(solved, 3)) + "\n"


def test_every_puzzle_of_an_input_is_drawn_in_the_line_format_too():
    answers = (PUZZLES / "sudoku" / "hard1000_first3.out").read_text().split()
    drawn = pretty("sudoku", PUZZLES / "sudoku" / "hard1000_first3.in")
    expected = [line for answer in answers
                for line in boxed([list(answer[r * 9:r * 9 + 9]) for r in range(9)], 3)]
    assert drawn == "\n".join(expected) + "\n"


def test_a_25x25_grid_of_numbers_fits_80_columns_with_letters():
    """Values above 9 drawn as the line format writes them (A = 10 ... P = 25)."""
    letters = (PUZZLES / "sudoku" / "25x25.in").read_text().split()[0]
    numbers = "\n".join(" ".join(str("0123456789ABCDEFGHIJKLMNOP".index(symbol))
                                 for symbol in letters[r * 25:r * 25 + 25]) for r in range(25))
    drawn = pretty("sudoku", input=numbers + "\n").splitlines()
    answer = (PUZZLES / "sudoku" / "25x25.out").read_text().split()[0]
    assert drawn == boxed([list(answer[r * 25:r * 25 + 25]) for r in range(25)], 5)
    assert max(map(len, drawn)) <= 80


def test_the_target_sudoku_score_stands_beside_its_grid():
    drawn = pretty("target-sudoku", PUZZLES / "target-sudoku" / "sample1.in").splitlines()
    score = (PUZZLES / "target-sudoku" / "sample1.out").read_text().strip()
    assert len(drawn) == 13
    assert drawn[1].endswith(f"│  score {score}")
    grid = [[int(d) for d in line[:25] if d.isdigit()] for line in drawn if line[2:3].isdigit()]
    assert _score(grid) == int(score)
    assert drawn[0] + "\n" + drawn[1][:25] == "\n".join(boxed([[str(d) for d in grid[0]]], 3)[:2])


def _score(grid):
    """P1074's score of a completed grid: 10 in the centre, one less per ring outwards."""
    assert all(sorted(row) == list(range(1, 10)) for row in grid)
    return sum((10 - max(abs(r - 4), abs(c - 4))) * grid[r][c]
               for r in range(9) for c in range(9))


def test_a_target_sudoku_without_completion_says_so():
    assert pretty("target-sudoku", input="5 5" + " 0" * 79 + "\n") == (
        "score -1: the givens have no completion\n")


def test_the_samurai_picture_fits_80_columns_and_shows_the_answer():
    drawn = pretty("samurai", PUZZLES / "samurai" / "seed003-problem1.grid21.in").splitlines()
    picture = (PUZZLES / "samurai" / "seed003-problem1.grid21.out").read_text().splitlines()
    assert max(map(len, drawn)) <= 80
    cell_rows = [line for line in drawn if any(ch.isdigit() for ch in line)]
    assert ["".join(ch for ch in line if ch.isdigit()) for line in cell_rows] == [
        line.replace(" ", "") for line in picture]
    assert drawn[0].startswith("┌───────┬") and drawn[-1].endswith("┴───────┘")


SQUIGGLY = PUZZLES / "squiggly" / "sample.in"


def _squiggly_figure():
    module = puzzle_module("squiggly")
    return module.figures(module.solve_text(SQUIGGLY.read_text()).data)[0]


def _styles(line):
    """The style of every character of a rich Text line (None where it has none)."""
    styles = [None] * len(line.plain)
    for span in line.spans:
        for k in range(span.start, span.end):
            styles[k] = str(span.style)
    return styles


def test_squiggly_regions_are_filled_whole_with_readable_colours():
    from rich.style import Style
    figure = _squiggly_figure()
    lines = draw_figure(figure)
    fills = {}
    for line in lines:
        for character, style in zip(line.plain, _styles(line)):
            if character in "─│┌┐└┘├┤┬┴┼╵╷╴╶":
                assert style is None                 # walls keep the terminal's colours
            else:
                assert style is not None             # digits, padding, joints: filled
                fills.setdefault(style, 0)
                fills[style] += character.isdigit()
    assert sorted(fills.values()) == [9] * 9         # nine fills of nine digits each
    for style in map(Style.parse, fills):
        assert style.color.name == "black"
        red, green, blue = style.bgcolor.get_truecolor()
        assert 0.2126 * red + 0.7152 * green + 0.0722 * blue > 160   # a light background


def test_each_cell_gets_the_fill_of_its_own_region():
    figure = _squiggly_figure()
    lines = draw_figure(figure)
    cell_lines = lines[1::2]
    for r, line in enumerate(cell_lines):
        styles = _styles(line)
        digits = [k for k, character in enumerate(line.plain) if character.isdigit()]
        for c, k in enumerate(digits):
            same = [styles[d] for cc, d in enumerate(digits)
                    if figure.regions[r][cc] == figure.regions[r][c]]
            assert set(same) == {styles[k]}


def test_a_squiggly_drawing_without_colours_still_shows_the_regions():
    drawn = pretty("squiggly", SQUIGGLY).splitlines()
    assert drawn[0] == "Case 1: unique"
    assert drawn[1] == "┌───────────┬───────────────┬───────┐"
    assert drawn[2] == "│ 5   2   1 │ 4   3   9   6 │ 7   8 │"
    assert drawn[-2:] == ["Case 2: none", "Case 3: multiple"]


@pytest.mark.parametrize("rows, regions, expected", [
    ([["1", "2"], ["3", "4"]], [[0, 0], [0, 0]], ["┌─────┐", "│ 1 2 │", "│ 3 4 │", "└─────┘"]),
    ([["1", "2"], ["3", None]], [[0, 1], [0, None]],
     ["┌───┬───┐", "│ 1 │ 2 │", "│   ├───┘", "│ 3 │", "└───┘"]),
])
def test_walls_stand_only_where_regions_meet(rows, regions, expected):
    assert [line.plain.rstrip() for line in draw_figure(Figure(rows, regions))] == expected


# -- a terminal narrower than the drawing (issue 21) --------------------------------------

def tight_boxed(rows, box):
    """`boxed` without the spaces: one column per cell, a wall every `box` cells."""
    def wall(left, middle, right):
        return left + middle.join(["─" * box] * (len(rows[0]) // box)) + right

    lines = [wall("┌", "┬", "┐")]
    for r, row in enumerate(rows):
        if r and r % box == 0:
            lines.append(wall("├", "┼", "┤"))
        lines.append("│" + "│".join("".join(row[c:c + box]) for c in range(0, len(row), box))
                     + "│")
    lines.append(wall("└", "┴", "┘"))
    return lines


def _answer(name):
    """(figures, judge text) of the answer to puzzles/sudoku/NAME.in."""
    module = puzzle_module("sudoku")
    answer = module.solve_text((PUZZLES / "sudoku" / f"{name}.in").read_text())
    return module.figures(answer.data), answer.text


SIXTEEN = (PUZZLES / "sudoku" / "16x16_letters.out").read_text().strip()
SIXTEEN_ROWS = [list(SIXTEEN[r * 16:r * 16 + 16]) for r in range(16)]


def test_a_terminal_too_narrow_for_a_16x16_grid_gets_it_tight():
    figures, text = _answer("16x16_letters")
    assert fitting(figures, text, 41).plain.splitlines() == boxed(SIXTEEN_ROWS, 4)
    assert fitting(figures, text, 40).plain.splitlines() == tight_boxed(SIXTEEN_ROWS, 4)


def test_a_terminal_too_narrow_even_for_the_tight_grid_gets_none():
    figures, text = _answer("25x25")
    assert len(fitting(figures, text, 31).plain.splitlines()[0]) == 31
    assert fitting(figures, text, 30) is None


def test_a_16x16_sudoku_on_a_40_column_terminal_is_drawn_without_wrapping():
    status, screen = run_on_terminal(DLXCLI + ["sudoku", "--format", "pretty",
                                               "puzzles/sudoku/16x16_letters.in"], 40, cwd=REPO)
    assert status == 0
    assert screen.text() == "\n".join(tight_boxed(SIXTEEN_ROWS, 4)) + "\n"


def test_a_samurai_on_a_25_column_terminal_is_shown_plain_with_a_note():
    """Its tight picture is 29 columns wide: the judge's 21 columns instead, and once a
    note on stderr saying why."""
    name = PUZZLES / "samurai" / "seed003-problem1.grid21"
    status, screen = run_on_terminal(DLXCLI + ["samurai", "--format", "pretty",
                                               f"{name}.in"], 25, cwd=REPO)
    assert status == 0
    picture = (PUZZLES / "samurai" / f"{name.name}.out").read_text()
    shown = screen.text()
    assert shown.endswith("\n" + picture)
    note = "".join(shown[:-len(picture)].split())  # as wrapped on the screen, spaces aside
    assert note == "".join(("dlxcli: --format pretty: the drawing is wider than the terminal "
                            "(25 columns), so the answer is shown as plain text").split())
