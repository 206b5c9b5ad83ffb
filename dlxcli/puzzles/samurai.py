"""Samurai sudoku (seed 003, "组合数独"): five 9x9 sudokus overlapping at four boxes.

Layer: puzzles. No judge defines this puzzle, so the formats are the ones decided in
FORMATS.md section 6.3. The picture is 21x21: grids at top-left corners (0, 0),
(0, 12), (12, 0), (12, 12) and (6, 6), in the seed's order TL, TR, BL, BR, C; the 72
positions outside every grid are gaps, leaving 369 cells. Each grid's rows, columns and
boxes are units (41 distinct ones: the four boxes a corner grid shares with the centre
grid count once), all solved as one exact-cover problem built once.

Input, either layout (`layout="auto"` picks by shape):
* grids5: 405 cell symbols, the five grids in seed order, each row by row; a cell
  shared by a corner grid and the centre grid is written twice and both copies must
  agree (or one be empty);
* grid21: the picture as 21 row lines; a row may leave its gaps out or write them
  with one of ``. 0 - x X *``.
Both: blank lines, ``#`` comment lines and separator lines (only ``- = + |`` and
spaces) are skipped; spaces, tabs, CR and ``|`` inside a line are ignored; ``1``-``9``
is a given, ``0`` or ``.`` an empty cell.

Output: the unique solution as the picture (a gap is a space, trailing spaces cut),
or as the five grids (`grids5=True`), or ``No solution`` / ``Multiple Solutions``;
`query="first"` prints the first solution found without the uniqueness check, and the
setters' queries (`queries`) answer one line (`--all`: a list of solutions).
"""

from __future__ import annotations

from ..errors import InputError
from ..exact_cover import UNLIMITED, Stats
from ..formats import describe, join_lines
from ..memo import memoised
from . import Answer, Command, Figure, Option, Output, queries
from . import Board, Generator, seeded_boxes
from .grid import Grid

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from typing import Any

    from ..exact_cover import Budget

SIDE = 9
GRID_CELLS = SIDE * SIDE
PICTURE = 21
CORNERS = ((0, 0), (0, 12), (12, 0), (12, 12), (6, 6))
"""Top-left corners of the five grids in the seed's order: TL, TR, BL, BR, C."""
GRID_NAMES = ("top-left", "top-right", "bottom-left", "bottom-right", "centre")
LAYOUTS = ("auto", "grids5", "grid21")
NO_SOLUTION = "No solution"
MULTIPLE = "Multiple Solutions"

CELL_SYMBOLS = "0123456789."
GAP_SYMBOLS = ".0-xX*"
_IGNORED = str.maketrans("", "", " \t\r|")
_SEPARATOR = set("-=+| \t\r")

COMMAND = Command(
    "Solve samurai sudokus: five 9x9 grids overlapping at four boxes.",
    """Solve a samurai sudoku: five 9x9 sudokus, the centre one sharing a box with each
    corner one.

    Input: the 21x21 picture (21 row lines; '.' or '0' empty; gaps left out or written
    as one of . 0 - x X *) or the five grids as 405 symbols. Output: the unique solution
    as the picture (gaps as spaces), or "No solution", or "Multiple Solutions".

    --count, --unique, --minimal and --rate print one line instead, --all every
    solution (docs/queries.md).""",
    ["dlxcli samurai puzzles/samurai/seed003-problem1.grid21.in",
     "dlxcli samurai --rate puzzles/samurai/seed003-problem1.grid21.in",
     "dlxcli samurai --format pretty puzzles/samurai/seed003-problem1.grid21.in"],
    [Option(["--layout"], "layout", choices=LAYOUTS,
            help="Input layout: grids5 = five 9x9 grids (TL, TR, BL, BR, C); grid21 = the "
                 "21x21 picture; auto = grid21 if there are 21 row lines, else grids5."),
     queries.FIRST, *queries.GRID_QUERIES,
     Option(["--grids5"], "grids5",
            help="Print the five 9x9 grids (TL, TR, BL, BR, C) instead of the picture.")],
)


# -- geometry ---------------------------------------------------------------------------------

def _grids_at(row, col):
    """The grids (indices into CORNERS) that contain picture position (row, col)."""
    return [g for g, (top, left) in enumerate(CORNERS)
            if 0 <= row - top < SIDE and 0 <= col - left < SIDE]


POSITIONS = [(row, col) for row in range(PICTURE) for col in range(PICTURE)
             if _grids_at(row, col)]
"""The picture position of every cell, in reading order: cell k is POSITIONS[k]."""
CELL_AT = {position: cell for cell, position in enumerate(POSITIONS)}
ROW_COLUMNS = [[col for col in range(PICTURE) if (row, col) in CELL_AT]
               for row in range(PICTURE)]
"""The picture columns that hold cells, row by row (rows 9-11 have only the centre's)."""


def grid_cells(g):
    """The 81 cells of grid `g`, row by row."""
    top, left = CORNERS[g]
    return [CELL_AT[top + r, left + c] for r in range(SIDE) for c in range(SIDE)]


def units():
    """The rows, columns and 3x3 boxes of the five grids, each distinct unit once."""
    found = {}
    for g in range(len(CORNERS)):
        cells = grid_cells(g)
        for k in range(SIDE):
            row = cells[k * SIDE:(k + 1) * SIDE]
            column = cells[k::SIDE]
            box = [cells[(k // 3 * 3 + r) * SIDE + k % 3 * 3 + c]
                   for r in range(3) for c in range(3)]
            for unit in (row, column, box):
                found.setdefault(frozenset(unit), unit)
    return list(found.values())


@memoised()
def samurai_grid():
    """The (cached) Grid of the samurai shape: 369 cells, 41 units."""
    return Grid(len(POSITIONS), SIDE, units())


# -- input ----------------------------------------------------------------------------------

def row_lines(text):
    """[(line number, [(symbol, column), ...])] of the lines that hold cell symbols:
    blank, comment and separator lines dropped; spaces, tabs, CR and '|' skipped."""
    rows = []
    for number, line in enumerate(text.split("\n"), 1):
        content = line.strip()
        if not content or content.startswith("#") or set(content) <= _SEPARATOR:
            continue
        rows.append((number, [(symbol, column) for column, symbol in enumerate(line, 1)
                              if symbol.translate(_IGNORED)]))
    return rows


def parse(text: str, layout: str = "auto") -> list[int]:
    """The given digit of every cell (0 = empty), from either layout."""
    rows = row_lines(text)
    if layout == "auto":
        layout = _guess_layout(text, rows)
    if layout == "grid21":
        return _parse_picture(text, rows)
    return _parse_grids(text, rows)


def _guess_layout(text, rows):
    if len(rows) == PICTURE:
        return "grid21"
    symbols = sum(len(symbols) for _, symbols in rows)
    if symbols == len(CORNERS) * GRID_CELLS:
        return "grids5"
    raise InputError(f"a samurai puzzle: {PICTURE} row lines (the 21x21 picture) or "
                     f"{len(CORNERS) * GRID_CELLS} cell symbols (five 9x9 grids)",
                     line=_last_line(text),
                     found=f"{len(rows)} row lines with {symbols} cell symbols")


def _last_line(text):
    return text.rstrip("\n").count("\n") + 1


def _parse_grids(text, rows):
    """Layout grids5: 405 symbols, grids in seed order; shared copies must agree."""
    symbols = [(symbol, number, column) for number, line in rows for symbol, column in line]
    expected = len(CORNERS) * GRID_CELLS
    if len(symbols) > expected:
        _, number, column = symbols[expected]
        raise InputError(f"{expected} cell symbols (five 9x9 grids)", line=number,
                         column=column, found=f"a cell symbol after the {expected}th")
    if len(symbols) < expected:
        raise InputError(f"{expected} cell symbols (five 9x9 grids)", line=_last_line(text),
                         found=f"end of input after {len(symbols)}")
    givens = [0] * len(POSITIONS)
    where = {}
    cells = [cell for g in range(len(CORNERS)) for cell in grid_cells(g)]
    for k, (cell, (symbol, number, column)) in enumerate(zip(cells, symbols)):
        digit = _cell_digit(symbol, number, column)
        if not digit:
            continue
        if givens[cell] and givens[cell] != digit:
            first_line, first_column, first_grid = where[cell]
            raise InputError(
                "the same digit in both copies of a shared cell", line=number,
                column=column, found=f"{digit} in the {GRID_NAMES[k // GRID_CELLS]} grid but "
                f"{givens[cell]} in the {GRID_NAMES[first_grid]} grid at line {first_line}, "
                f"column {first_column}")
        givens[cell] = digit
        where[cell] = (number, column, k // GRID_CELLS)
    return givens


def _parse_picture(text, rows):
    """Layout grid21: 21 row lines, each with its gaps left out or written."""
    if len(rows) != PICTURE:
        if len(rows) > PICTURE:
            raise InputError(f"{PICTURE} row lines (the 21x21 picture)", line=rows[PICTURE][0],
                             found="a 22nd row line")
        raise InputError(f"{PICTURE} row lines (the 21x21 picture)", line=_last_line(text),
                         found=f"end of input after {len(rows)}")
    givens = [0] * len(POSITIONS)
    for row, (number, symbols) in enumerate(rows):
        columns = _row_columns(row, number, symbols)
        for col, (symbol, column) in zip(columns, symbols):
            cell = CELL_AT.get((row, col))
            if cell is None:
                if symbol not in GAP_SYMBOLS:
                    raise InputError(
                        f"a gap symbol ({' '.join(GAP_SYMBOLS)}): picture row {row + 1}, "
                        f"column {col + 1} is outside the five grids", line=number,
                        column=column, found=describe(symbol))
            else:
                givens[cell] = _cell_digit(symbol, number, column)
    return givens


def _row_columns(row, number, symbols):
    """The picture columns that a row line's symbols stand for: its cells' columns, or
    all 21 when the gaps are written too."""
    cells = ROW_COLUMNS[row]
    if len(symbols) == PICTURE:
        return range(PICTURE)
    if len(symbols) == len(cells):
        return cells
    counts = f"{len(cells)} or {PICTURE}" if len(cells) < PICTURE else f"{PICTURE}"
    expected = f"{counts} cell symbols in picture row {row + 1}"
    if len(symbols) > PICTURE:
        raise InputError(expected, line=number, column=symbols[PICTURE][1],
                         found=f"{len(symbols)}")
    column = symbols[-1][1] + 1 if symbols else 1
    raise InputError(expected, line=number, column=column, found=f"{len(symbols)}")


def _cell_digit(symbol, number, column):
    if symbol not in CELL_SYMBOLS:
        raise InputError("a cell symbol (1-9 a given, 0 or . empty)", line=number,
                         column=column, found=describe(symbol))
    return 0 if symbol == "." else int(symbol)


# -- output --------------------------------------------------------------------------------

def picture_lines(digits):
    """The 21 rows of the picture: a digit per cell, a space per gap (cut at the end)."""
    rows = [[" "] * PICTURE for _ in range(PICTURE)]
    for (row, col), digit in zip(POSITIONS, digits):
        rows[row][col] = str(digit)
    return ["".join(row) for row in rows]


def grids5_lines(digits):
    """The five grids in seed order, 9 rows of 9 digits each, a blank line between."""
    lines = []
    for g in range(len(CORNERS)):
        cells = grid_cells(g)
        lines += [""] if lines else []
        lines += [" ".join(str(digits[cell]) for cell in cells[r * SIDE:(r + 1) * SIDE])
                  for r in range(SIDE)]
    return lines


# -- solving --------------------------------------------------------------------------------

CELL_NAMES = queries.cell_names(POSITIONS)
"""Cells are named by their row and column in the 21x21 picture."""


def solve_text(text: str, *, layout: str = "auto", query: str = "judge", limit: int | None = None,
               grids5: bool = False, budget: Budget = UNLIMITED) -> Answer:
    givens = parse(text, layout)
    grid = samurai_grid()
    stats = Stats()
    if query not in ("judge", "first"):
        def show(solution):
            digits = grid.decode(solution)
            picture = picture_lines(digits)
            return (grids5_lines(digits) if grids5 else picture), picture
        out = Output(budget.emit)
        record = queries.answer(grid, givens, query, CELL_NAMES, show, out, limit, budget,
                                stats)
        return Answer(out.text(), data={"query": query, "verdict": None, "grid": None,
                                               "grids": None, "puzzles": [record]},
                      stats=stats)
    first = query == "first"
    solutions = list(grid.problem.solutions(forced=grid.forced(givens),
                                            limit=1 if first else 2, budget=budget,
                                            stats=stats))
    if len(solutions) != 1:
        verdict, text = ("multiple", MULTIPLE) if solutions else ("none", NO_SOLUTION)
        return Answer(text + "\n", data={"query": query, "verdict": verdict, "grid": None,
                                          "grids": None, "puzzles": None}, stats=stats)
    digits = grid.decode(solutions[0])
    picture = picture_lines(digits)
    lines = grids5_lines(digits) if grids5 else picture
    data = {"query": query, "verdict": "first" if first else "unique", "grid": picture,
            "grids": [[digits[cell] for cell in grid_cells(g)] for g in range(len(CORNERS))],
            "puzzles": None}
    return Answer(join_lines(lines), data=data, stats=stats)


def figures(data: dict[str, Any]) -> list[Figure]:
    """The picture, boxes outlined, gaps left blank (the setters' queries' answers are
    lines)."""
    if data["grid"] is None:
        return []
    rows = [[line[col] if (row, col) in CELL_AT else None for col in range(PICTURE)]
            for row, line in enumerate(line.ljust(PICTURE) for line in data["grid"])]
    boxes = [[(row // 3, col // 3) if (row, col) in CELL_AT else None
              for col in range(PICTURE)] for row in range(PICTURE)]
    return [Figure(rows, boxes)]


# -- dlxcli generate ---------------------------------------------------------------------

FEWEST = 18
"""Each corner grid of a samurai has two bands of three rows that no other grid shares,
and the centre grid has one (its middle band). Two rows of such a band without givens
could be swapped in a solution, giving a second one; so at least two rows of each of
these nine bands hold a given: 2 * 9."""


@memoised()
def _grid_cell_sets():
    """The cells of each of the samurai's five grids (the centre one last)."""
    return [frozenset(grid_cells(g)) for g in range(len(CORNERS))]


def _surroundings(cells):
    """The cells of the grids that hold `cells`, then those with the centre grid's."""
    grids = _grid_cell_sets()
    holding = frozenset().union(*(grid for grid in grids if not grid.isdisjoint(cells)))
    return [holding] if grids[-1] <= holding else [holding, holding | grids[-1]]


def _generate_board(_size, _rng):
    return Board(samurai_grid(), POSITIONS, PICTURE, near=_surroundings)


def _generate_seeds(board, rng):
    """The centre grid's three diagonal boxes and each corner grid's middle box."""
    corners = [(top + 3 * k, left + 3 * k) for top, left in CORNERS[4:] for k in range(3)]
    corners += [(top + 3, left + 3) for top, left in CORNERS[:4]]
    return seeded_boxes(board, rng, corners, 3)


def _generate_text(_board, givens):
    """The 21-line picture, '.' for empty, spaces for gaps."""
    return "".join(line.rstrip().replace("0", ".") + "\n" for line in picture_lines(givens))


GENERATE = Generator((SIDE,), _generate_board, _generate_seeds, _generate_text,
                     cells=lambda _size: len(POSITIONS),
                     fewest=lambda _size: (FEWEST, "two rows without givens in a band of "
                                           "three rows that only one grid has could be "
                                           "swapped"),
                     one_a_input=True)
