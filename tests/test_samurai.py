"""`dlxcli samurai`: golden files in both layouts, layout variants, bad input.

Layer: tests. Expected outputs come from puzzles/samurai (solutions computed by an
independent solver, see tests/cases/samurai/SOURCES.md); every printed picture is also checked here
against the five grids' rows, columns and boxes and against the givens, by code that
shares nothing with dlxcli.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from cli import runner
from dlxcli.exact_cover import Budget
from dlxcli.puzzles import samurai

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles" / "samurai"
GOLDEN = sorted(PUZZLES.glob("*.in"))
CORNERS = [(0, 0), (0, 12), (12, 0), (12, 12), (6, 6)]  # TL, TR, BL, BR, C
PROBLEM1 = PUZZLES / "seed003-problem1.grid21.in"
SOLUTION1 = (PUZZLES / "seed003-problem1.grid21.out").read_text()


run = runner("samurai")


def is_cell(r, c):
    return any(0 <= r - top < 9 and 0 <= c - left < 9 for top, left in CORNERS)


# -- independent helpers ----------------------------------------------------------------------

def read_picture(text):
    """{(row, col): digit or 0} from a 21-line picture with '.'/'0' empty and the gaps
    left out or written (the bryanlimy and seed files)."""
    lines = [line for line in text.split("\n") if line.strip()]
    assert len(lines) == 21
    cells = {}
    for r, line in enumerate(lines):
        symbols = [ch for ch in line if ch not in " |"]
        columns = range(21) if len(symbols) == 21 else [c for c in range(21) if is_cell(r, c)]
        for c, ch in zip(columns, symbols):
            if is_cell(r, c):
                cells[r, c] = 0 if ch == "." else int(ch)
    return cells


def satisfies_samurai(picture_text, givens):
    """True if the printed picture fills every cell, keeps the givens, and each of the
    five grids has 1..9 once in every row, column and 3x3 box."""
    rows = picture_text.split("\n")
    if rows[-1] != "" or len(rows) != 22:
        return False
    digits = {}
    for r, row in enumerate(rows[:21]):
        for c in range(21):
            ch = row[c] if c < len(row) else " "
            if is_cell(r, c) != ch.isdigit():
                return False
            if is_cell(r, c):
                digits[r, c] = int(ch)
    if any(given and digits[cell] != given for cell, given in givens.items()):
        return False
    everything = list(range(1, 10))
    for top, left in CORNERS:
        for k in range(9):
            row = [digits[top + k, left + c] for c in range(9)]
            col = [digits[top + r, left + k] for r in range(9)]
            box = [digits[top + k // 3 * 3 + r, left + k % 3 * 3 + c]
                   for r in range(3) for c in range(3)]
            if any(sorted(unit) != everything for unit in (row, col, box)):
                return False
    return True


def rows_of(cells):
    """The 21 picture rows as lists of symbols ('.' empty, None in a gap)."""
    return [[(str(cells[r, c]) if cells[r, c] else ".") if is_cell(r, c) else None
             for c in range(21)] for r in range(21)]


def samurai_sudoku_com(cells):
    """The samurai-sudoku.com dump: '.' empty, a space per gap position."""
    return "\n".join("".join(s or " " for s in row) for row in rows_of(cells)) + "\n"


def javadbayat(cells):
    """'0' empty, '|' between boxes, '---' lines between box rows, spaces for the gaps."""
    lines = []
    for r, row in enumerate(rows_of(cells)):
        if r and r % 3 == 0:
            lines.append("-" * 11 + "     " + "-" * 11)
        groups = ["".join("0" if s == "." else s for s in row[c:c + 3]) if row[c] else "   "
                  for c in range(0, 21, 3)]
        lines.append("|".join(groups).rstrip())
    return "# a comment line\n" + "\n".join(lines) + "\n"


def seed_show(cells):
    """The seed's show(): each cell 'd ', each gap one space, CRLF line ends."""
    return "".join("".join(f"{s} " if s else " " for s in row) + "\r\n"
                   for row in rows_of(cells))


def grids5(cells):
    """Layout A: the five grids in seed order, '0' empty, a blank line between them."""
    blocks = ["\n".join(" ".join(str(cells[top + r, left + c]) for c in range(9))
                        for r in range(9)) for top, left in CORNERS]
    return "\n\n".join(blocks) + "\n"


# -- golden files -----------------------------------------------------------------------------

def golden_args(path):
    """The input and its options from NAME.args, as `dlxcli judge` reads them (the
    *.grids5.in seed puzzles are answered in the five-grid form, as in puzzles/)."""
    args = path.with_suffix(".args")
    return [str(path)] + (args.read_text().split() if args.exists() else [])


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden(path):
    result = run(*golden_args(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == path.with_suffix(".out").read_text()
    assert result.stderr == ""


@pytest.mark.parametrize("problem", ["seed003-problem1", "seed003-problem2"])
def test_both_layouts_give_the_same_picture(problem):
    five = run(str(PUZZLES / f"{problem}.grids5.in"))
    picture = (PUZZLES / f"{problem}.grid21.out").read_text()
    assert five.exit_code == 0
    assert five.stdout == picture
    assert satisfies_samurai(picture, read_picture((PUZZLES / f"{problem}.grid21.in").read_text()))


@pytest.mark.parametrize("path", [p for p in GOLDEN if p.name.endswith(".grid21.in")],
                         ids=lambda p: p.stem)
def test_every_printed_picture_satisfies_the_units(path):
    out = run(str(path)).stdout
    if out in ("No solution\n", "Multiple Solutions\n"):
        return
    assert satisfies_samurai(out, read_picture(path.read_text()))


def test_first_prints_one_of_several_solutions():
    path = PUZZLES / "bryanlimy-moderate2.grid21.in"
    result = run(str(path), "--first")
    assert result.exit_code == 0
    assert satisfies_samurai(result.stdout, read_picture(path.read_text()))
    assert run(str(path)).stdout == "Multiple Solutions\n"


def test_the_uniqueness_check_stops_at_the_second_solution():
    """An empty samurai has astronomically many solutions: the answer needs two."""
    empty = {cell: 0 for cell in read_picture(PROBLEM1.read_text())}
    answer = samurai.solve_text(grids5(empty), budget=Budget(node_limit=10_000))
    assert answer.text == "Multiple Solutions\n"
    assert answer.stats.solutions == 2


def test_first_on_a_unique_puzzle_is_its_solution():
    assert run(str(PROBLEM1), "--first").stdout == SOLUTION1


def test_grids5_output_of_no_solution():
    result = run(str(PUZZLES / "bryanlimy-invalid.grid21.in"), "--grids5")
    assert (result.exit_code, result.stdout) == (0, "No solution\n")


# -- layouts -------------------------------------------------------------------------------------

@pytest.mark.parametrize("writer", [samurai_sudoku_com, javadbayat, seed_show, grids5])
def test_layout_variants_of_problem1(writer):
    text = writer(read_picture(PROBLEM1.read_text()))
    result = run(stdin=text)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == SOLUTION1


def test_layout_can_be_forced():
    picture = PROBLEM1.read_text()
    assert run("--layout", "grid21", stdin=picture).stdout == SOLUTION1
    five = grids5(read_picture(picture))
    assert run("--layout", "grids5", stdin=five).stdout == SOLUTION1
    wrong = run("--layout", "grids5", stdin=picture)
    assert wrong.exit_code == 2
    assert "line 21: expected 405 cell symbols (five 9x9 grids), found end of input after 369" \
        in wrong.stderr
    wrong = run("--layout", "grid21", stdin=five)
    assert wrong.exit_code == 2
    assert "line 24: expected 21 row lines (the 21x21 picture), found a 22nd" in wrong.stderr


# -- bad input --------------------------------------------------------------------------------

def edit(text, line, column, symbol):
    lines = text.split("\n")
    row = lines[line - 1]
    lines[line - 1] = row[:column - 1] + symbol + row[column:]
    return "\n".join(lines)


def assert_one_located_line(result, line, column, *phrases):
    assert result.exit_code == 2
    assert result.stdout == ""
    (message,) = result.stderr.splitlines()
    location = f"<stdin>, line {line}" + (f", column {column}" if column else "")
    assert location + ": expected " in message
    for phrase in phrases:
        assert phrase in message
    assert "Traceback" not in result.stderr


def test_conflicting_copies_of_a_shared_cell():
    text = (PUZZLES / "seed003-problem1.grids5.in").read_text()
    text = edit(text, 7, 13, "4")   # TL grid row 7, column 7: a cell of the centre's first box
    text = edit(text, 41, 1, "5")   # the centre grid's copy of it
    assert_one_located_line(run(stdin=text), 41, 1, "same digit in both copies",
                            "5 in the centre grid but 4 in the top-left grid at line 7, column 13")


def test_agreeing_copies_of_a_shared_cell_are_fine():
    text = (PUZZLES / "seed003-problem1.grids5.in").read_text()
    given = SOLUTION1.split("\n")[6][6]
    text = edit(edit(text, 7, 13, given), 41, 1, given)
    assert run(stdin=text).stdout == SOLUTION1


def test_a_digit_in_a_gap():
    text = (PUZZLES / "bryanlimy-easy1.grid21.in").read_text()
    assert_one_located_line(run(stdin=edit(text, 1, 10, "5")), 1, 10, "a gap symbol",
                            "picture row 1, column 10 is outside the five grids", "'5'")


def test_written_gaps_accept_every_gap_symbol():
    text = (PUZZLES / "bryanlimy-easy1.grid21.in").read_text()
    for symbol in ".0-xX*":
        assert run(stdin=edit(text, 1, 10, symbol)).exit_code == 0


@pytest.mark.parametrize("line, column, symbol, phrase", [
    (4, 3, "a", "a cell symbol (1-9 a given, 0 or . empty), found 'a'"),
    (7, 3, "", "expected 21 cell symbols in picture row 7, found 20"),
    (4, 3, "", "expected 18 or 21 cell symbols in picture row 4, found 17"),
    (10, 7, "", "9 or 21 cell symbols in picture row 10, found 8"),
])
def test_bad_rows(line, column, symbol, phrase):
    text = PROBLEM1.read_text()
    result = run(stdin=edit(text, line, column, symbol))
    assert result.exit_code == 2
    assert phrase in result.stderr
    assert f"line {line}, column" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_neither_layout():
    assert_one_located_line(run(stdin="1 2 3\n4 5 6\n"), 2, None,
                            "21 row lines", "405 cell symbols", "found 2 row lines with 6")


def test_too_many_symbols_in_layout_a():
    text = grids5(read_picture(PROBLEM1.read_text())) + "0\n"
    assert_one_located_line(run("--layout", "grids5", stdin=text), 50, 1,
                            "405 cell symbols", "a cell symbol after the 405th")


def test_too_many_row_lines():
    assert_one_located_line(run("--layout", "grid21", stdin=PROBLEM1.read_text() + "123\n"),
                            22, None, "21 row lines", "a 22nd row line")


def test_subprocess_both_layouts():
    for name in ("seed003-problem1.grid21.in", "seed003-problem1.grids5.in"):
        done = subprocess.run([sys.executable, "-m", "dlxcli", "samurai", str(PUZZLES / name)],
                              capture_output=True)
        assert done.returncode == 0
        assert done.stdout == SOLUTION1.encode()
