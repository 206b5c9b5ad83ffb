"""HDU 4069 Squiggly Sudoku: a 9x9 sudoku whose boxes are nine irregular regions.

Layer: puzzles. Input: T, then T cases of 81 integers; a value's low four bits are the
cell's digit (0 = empty) and bits 16, 32, 64, 128 are walls on its upper, right, lower
and left side. Regions are the cells reachable without crossing a wall, where a step
is blocked by the *moving* cell's own bit (as in the seed). Output per case: ``Case k:``
then the nine rows of the unique solution without spaces, ``No solution`` or
``Multiple Solutions`` (the search stops at the second solution). `query="first"`
prints the first solution found without the uniqueness check; the setters' queries
(`queries`) answer ``Case k: <line>`` per case (`--all`: ``Case k:`` and a list).

Beyond the judge's promise, each case's walls are checked: neighbours must agree
(a right wall is its right neighbour's left wall, and so on) and must cut the grid
into nine regions of nine cells. The outer border may be walled or not (the grid's
edge stops a region either way). A case that fails is reported in `Answer.errors`
and gets no output lines; the other cases keep their own numbers.

Speed: inputs repeat a few region shapes many times, so the flood fill is memoised by
the wall pattern and the exact-cover Grid (729 options) by the region layout; cell
values travel as bytes so that splitting them into walls and digits is one
``bytes.translate`` each.
"""

from __future__ import annotations

from ..errors import InputError, NodeLimitExceeded, SearchLimit, TimeLimitExceeded
from ..exact_cover import UNLIMITED, Stats
from ..formats import Tokens, token_lines, token_starts
from ..memo import memoised
from . import Answer, Command, Figure, Output, Unsolved, queries
from . import Board, Generator, square_positions
from .grid import Grid, square_units

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from typing import Any

    from ..exact_cover import Budget

SIDE = 9
CELLS = SIDE * SIDE
MAX_CASES = 1_000_000
"""The judge promises T <= 2500; more is accepted (nothing here depends on it), up to a
bound that keeps a mistyped T from promising gigabytes of input."""
NO_SOLUTION = "No solution"
MULTIPLE = "Multiple Solutions"

COMMAND = Command(
    "Solve squiggly (jigsaw) sudokus in HDU 4069's wall-bit format.",
    """Solve squiggly sudokus (irregular regions) in HDU 4069's format.

    Input: T, then T cases of 81 integers: the digit (0 = empty) plus wall bits 16 up,
    32 right, 64 down, 128 left. Output per case: "Case k:", then the nine rows of the
    unique solution, or "No solution", or "Multiple Solutions". A case whose walls are
    inconsistent is reported on stderr (exit status 2) while the others are answered.

    --count, --unique, --minimal and --rate print "Case k: ANSWER" per case instead,
    --all every solution (docs/queries.md).""",
    ["dlxcli squiggly puzzles/squiggly/sample.in",
     "dlxcli squiggly --count puzzles/squiggly/sample.in",
     "dlxcli squiggly --format pretty puzzles/squiggly/sample.in"],
    [queries.FIRST, *queries.GRID_QUERIES],
)

UP, RIGHT, DOWN, LEFT = 16, 32, 64, 128
WALL_NAMES = {UP: "upper", RIGHT: "right", DOWN: "lower", LEFT: "left"}
OPPOSITE = {UP: DOWN, RIGHT: LEFT, DOWN: UP, LEFT: RIGHT}


def _neighbours(cell):
    """(wall bit, neighbour) for every side of `cell` that has a cell behind it."""
    row, col = divmod(cell, SIDE)
    sides = ((UP, cell - SIDE, row > 0), (RIGHT, cell + 1, col < SIDE - 1),
             (DOWN, cell + SIDE, row < SIDE - 1), (LEFT, cell - 1, col > 0))
    return tuple((bit, other) for bit, other, inside in sides if inside)


NEIGHBOURS = tuple(_neighbours(cell) for cell in range(CELLS))
BORDER = tuple(sum(bit for bit in WALL_NAMES if bit not in dict(NEIGHBOURS[cell]))
               for cell in range(CELLS))
"""The outer walls of every cell (e.g. UP | LEFT = 144 in the top-left corner)."""

_WALLS_OF = bytes(value & 0xF0 for value in range(256))
_DIGIT_OF = bytes(value & 0x0F for value in range(256))
_BAD_DIGIT = bytes(int(value & 0x0F > 9) for value in range(256))
_ASCII = bytes(ord("0") + value if value < 10 else ord("?") for value in range(256))
_BYTE_OF = {str(value): value for value in range(256)}
_VALUE = "a cell value (an integer 0..255: a digit 0..9 plus wall bits 16, 32, 64, 128)"


# -- regions and walls --------------------------------------------------------------------

def regions_from_walls(walls):
    """The region number of every cell: cells joined by steps that the moving cell's
    own wall bits allow, numbered 0, 1, ... in reading order of their first cell."""
    region = [-1] * CELLS
    count = 0
    for start in range(CELLS):
        if region[start] >= 0:
            continue
        region[start] = count
        stack = [start]
        while stack:
            cell = stack.pop()
            for bit, other in NEIGHBOURS[cell]:
                if not walls[cell] & bit and region[other] < 0:
                    region[other] = count
                    stack.append(other)
        count += 1
    return tuple(region)


def walls_from_regions(regions):
    """The wall bits of every cell for a region map (the inverse of regions_from_walls):
    a wall on every side that faces another region or the grid's edge."""
    return [BORDER[cell] + sum(bit for bit, other in NEIGHBOURS[cell]
                               if regions[other] != regions[cell])
            for cell in range(CELLS)]


class CaseProblem:
    """Why one case cannot be answered (its walls are not a squiggly layout, or a cell's
    digit is over 9), and at which cell."""

    __slots__ = ("cell", "expected", "found")

    def __init__(self, cell, expected, found):
        self.cell, self.expected, self.found = cell, expected, found


def wall_problem(walls):
    """The first CaseProblem of a wall pattern, or None when it is a valid layout."""
    for cell in range(CELLS):
        for bit, other in NEIGHBOURS[cell]:
            if bool(walls[cell] & bit) != bool(walls[other] & OPPOSITE[bit]):
                return CaseProblem(cell, "walls that agree between neighbours",
                                   _disagreement(walls, cell, bit, other))
    sizes = [0] * CELLS
    for region in regions_from_walls(walls):
        sizes[region] += 1
    sizes = [size for size in sizes if size]
    if sizes != [SIDE] * SIDE:
        return CaseProblem(0, "nine regions of nine cells", _regions_found(sizes))
    return None


def _regions_found(sizes):
    """E.g. '10 regions (8 of 9 cells, 1 of 5 cells, 1 of 4 cells)'."""
    counts = {}
    for size in sorted(sizes, reverse=True):
        counts[size] = counts.get(size, 0) + 1
    kinds = ", ".join(f"{count} of {_cells(size)}" for size, count in counts.items())
    return f"{len(sizes)} region{'s' if len(sizes) != 1 else ''} ({kinds})"


def _cells(count):
    return f"{count} cell{'s' if count != 1 else ''}"


def _disagreement(walls, cell, bit, other):
    def has(c, b):
        return f"{'a' if walls[c] & b else 'no'} {WALL_NAMES[b]} wall ({b})"
    return (f"{_name(cell)} with {has(cell, bit)} next to {_name(other)} "
            f"with {has(other, OPPOSITE[bit])}")


def _name(cell):
    row, col = divmod(cell, SIDE)
    return f"row {row + 1} column {col + 1}"


class Layout:
    """What one wall pattern gives: its regions and their Grid, or why it has none.

    (Plain classes rather than dataclasses: every command's start-up imports this.)"""

    __slots__ = ("regions", "grid", "problem")

    def __init__(self, regions=None, grid=None, problem=None):
        self.regions, self.grid, self.problem = regions, grid, problem


@memoised(maxsize=1024)
def layout(walls):
    """The (memoised) Layout of a wall pattern, `walls` being 81 wall values as bytes."""
    problem = wall_problem(walls)
    if problem is not None:
        return Layout(problem=problem)
    regions = regions_from_walls(walls)
    return Layout(regions, region_grid(regions))


@memoised(maxsize=256)
def region_grid(regions):
    """The (cached) Grid whose units are the rows, the columns and the given regions."""
    boxes = [[] for _ in range(SIDE)]
    for cell, region in enumerate(regions):
        boxes[region].append(cell)
    rows_and_columns = square_units(3, 3)[:2 * SIDE]
    return Grid(CELLS, SIDE, rows_and_columns + boxes)


# -- input ------------------------------------------------------------------------------------

def parse(text):
    """The 81 cell values of every case, as bytes: case k's cell c (from 0) is
    values[81k + c], token 1 + 81k + c of the text."""
    tokens = Tokens(text)
    cases = tokens.int(f"the number of cases T (an integer 1..{MAX_CASES})", 1, MAX_CASES)
    needed = cases * CELLS
    values = _read_values(tokens, min(needed, tokens.remaining()))
    if len(values) < needed:
        raise tokens.error(f"{CELLS} cell values for each of the T = {cases} cases",
                           found=f"end of input in case {len(values) // CELLS + 1}")
    tokens.expect_end(f"end of input after the T = {cases} cases")
    return values


def _read_values(tokens, count):
    """The next `count` tokens as bytes. Fast path: each token is the plain decimal
    form of a byte, looked up in a table (half the cost of int() on 200,000 tokens);
    anything else (leading zeros, a bad token) goes through Tokens.ints, which accepts
    or locates it."""
    chunk = tokens.words[tokens.pos:tokens.pos + count]
    try:
        values = bytes(map(_BYTE_OF.__getitem__, chunk))
    except KeyError:
        return bytes(tokens.ints(count, _VALUE, 0, 255))
    tokens.pos += count
    return values


def case_errors(text, bad_cases):
    """InputErrors for (case number, CaseProblem) pairs, each at its cell's value.

    One pass over the text locates them all: locating each on its own would rescan
    the input once per bad case, quadratic in an input full of them."""
    wanted = {1 + (number - 1) * CELLS + problem.cell: (number, problem)
              for number, problem in bad_cases}
    errors, line, counted = [], 1, 0
    for index, start in enumerate(token_starts(text)):
        if len(errors) == len(wanted):
            break
        if index not in wanted:
            continue
        line += text.count("\n", counted, start)
        counted = start
        column = start - text.rfind("\n", 0, start)
        number, problem = wanted[index]
        errors.append(InputError(f"{problem.expected} in case {number}", line=line,
                                 column=column, found=problem.found))
    return errors


# -- solving ------------------------------------------------------------------------------

def digit_problem(case):
    """The CaseProblem of the first cell whose digit (low four bits) is over 9, or None."""
    cell = case.translate(_BAD_DIGIT).find(1)
    if cell < 0:
        return None
    return CaseProblem(cell, "a cell value whose low four bits (its digit) are at most 9",
                       f"{case[cell]} (digit {case[cell] & 0x0F})")


def solve_case(grid, digits, first=False, budget=UNLIMITED, stats=None):
    """(verdict, rows) for one case: verdict is "unique", "none" or "multiple" (with
    `first`: "first" for the first solution found, or "none"); rows are the nine
    solution rows as strings when there is a solution to print."""
    solutions = list(grid.problem.solutions(forced=grid.forced(digits),
                                            limit=1 if first else 2, budget=budget,
                                            stats=stats))
    if len(solutions) != 1:
        return ("none" if not solutions else "multiple"), None
    return ("first" if first else "unique"), solution_rows(grid, solutions[0])


def solution_rows(grid, solution):
    """The nine rows of a solution, as strings of digits."""
    line = bytes(grid.decode(solution)).translate(_ASCII).decode("ascii")
    return [line[k:k + SIDE] for k in range(0, CELLS, SIDE)]


CELL_NAMES = queries.cell_names(divmod(cell, SIDE) for cell in range(CELLS))


def answer_case(grid, digits, number, query, out, limit, budget, stats):
    """The JSON record of case `number` for a setter's query, its lines written to
    `out`."""
    def show(solution):
        rows = solution_rows(grid, solution)
        return rows, rows
    record = queries.answer(grid, digits, query, CELL_NAMES, show, out, limit, budget,
                            stats, heading=f"Case {number}:")
    return {"case": number, **record}


def solve_text(text: str, *, query: str = "judge", limit: int | None = None,
               budget: Budget = UNLIMITED) -> Answer:
    values = parse(text)
    cases, records, bad_cases, limited = [], [], [], []
    stats = Stats()
    asked = query not in ("judge", "first")
    out = Output(budget.emit if asked else None)
    numbers = range(1, len(values) // CELLS + 1)
    for number in numbers:
        case = values[(number - 1) * CELLS:number * CELLS]
        shape = layout(case.translate(_WALLS_OF))
        problem = digit_problem(case) or shape.problem
        if problem is not None:
            bad_cases.append((number, problem))
            continue
        digits = case.translate(_DIGIT_OF)
        try:
            if asked:
                records.append(answer_case(shape.grid, digits, number, query, out, limit,
                                           budget, stats))
                continue
            verdict, rows = solve_case(shape.grid, digits, query == "first", budget, stats)
        except SearchLimit as stopped:
            limited.append((number, stopped))
            if isinstance(stopped, TimeLimitExceeded):
                break
            if query == "all":  # the case's list ends, as every list does
                out.add([""])
            continue
        out.add([f"Case {number}:"])
        out.add(rows or [NO_SOLUTION if verdict == "none" else MULTIPLE])
        cases.append({"case": number, "verdict": verdict, "rows": rows,
                      "regions": shape.regions})
    data = {"query": query, "cases": None if asked else cases,
            "puzzles": records if asked else None}
    return Answer(out.text(), data=data, stats=stats,
                  errors=case_errors(text, bad_cases),
                  limited=_limited(text, limited, len(numbers)),
                  cut=query == "all" and bool(limited))


def _limited(text, limited, cases):
    """The Unsolveds naming the cases each limit stopped, by the line each case starts
    on (its first cell value): the node limit's, then the time limit's, with the cases
    it left untried (each case named by its own limit: attack17)."""
    unsolved = []
    for verdict in (NodeLimitExceeded.verdict, TimeLimitExceeded.verdict):
        numbers = [number for number, limit in limited if limit.verdict == verdict]
        if numbers:
            untried = cases - numbers[-1] if verdict == TimeLimitExceeded.verdict else 0
            lines = token_lines(text, [1 + (number - 1) * CELLS for number in numbers])
            unsolved.append(Unsolved(lines, verdict, untried))
    return unsolved


def figures(data: dict[str, Any]) -> list[Figure]:
    """Every case's grid (when it has a solution to show), its regions coloured (the
    setters' queries' answers are lines)."""
    if data["cases"] is None:
        return []
    return [Figure(None if case["rows"] is None else [list(row) for row in case["rows"]],
                   [case["regions"][r * SIDE:(r + 1) * SIDE] for r in range(SIDE)],
                   coloured=True, title=f"Case {case['case']}: {case['verdict']}")
            for case in data["cases"]]


# -- dlxcli generate ---------------------------------------------------------------------

LAYOUT_SWAPS = 100
"""Cell trades that turn the 3x3 boxes into a random jigsaw layout (enough that the
boxes are no longer recognisable)."""


def random_regions(rng, swaps=LAYOUT_SWAPS):
    """A random jigsaw layout: nine connected regions of nine cells. From the 3x3 boxes,
    `swaps` trades of a cell of one region for a cell of a neighbouring one, both on
    their common border, each kept only if both regions stay connected."""
    regions = [row // 3 * 3 + col // 3 for row, col in square_positions(SIDE)]
    done = 0
    while done < swaps:
        cell = rng.randrange(CELLS)
        home = regions[cell]
        across = [other for _, other in NEIGHBOURS[cell] if regions[other] != home]
        if not across:
            continue
        away = regions[rng.choice(across)]
        border = [other for other in range(CELLS) if regions[other] == away
                  and any(regions[n] == home for _, n in NEIGHBOURS[other])]
        partner = rng.choice(border)
        regions[cell], regions[partner] = away, home
        if connected(regions, home) and connected(regions, away):
            done += 1
        else:
            regions[cell], regions[partner] = home, away
    return tuple(regions)


def connected(regions, region):
    """True if the cells of `region` are one piece (steps between side neighbours)."""
    cells = [cell for cell in range(CELLS) if regions[cell] == region]
    seen, stack = {cells[0]}, [cells[0]]
    while stack:
        for _, other in NEIGHBOURS[stack.pop()]:
            if other not in seen and regions[other] == region:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(cells)


def jigsaw_grid(regions):
    """The Grid of a layout. Not region_grid's cache: every generated puzzle has a
    layout of its own."""
    boxes = [[cell for cell, region in enumerate(regions) if region == k]
             for k in range(SIDE)]
    return Grid(CELLS, SIDE, square_units(3, 3)[:2 * SIDE] + boxes)


def _generate_board(_size, rng):
    """A new random layout."""
    regions = random_regions(rng)
    return Board(jigsaw_grid(regions), square_positions(SIDE), SIDE, regions)


def _generate_seeds(_board, rng):
    """A random first row: any permutation is allowed by the rows and columns, and the
    regions cut by the row get distinct digits anyway."""
    return rng.sample(range(1, SIDE + 1), SIDE) + [0] * (CELLS - SIDE)


def _generate_text(board, givens):
    """HDU 4069's 81 values in nine rows (digit plus wall bits)."""
    values = [walls + digit for walls, digit in zip(walls_from_regions(board.regions), givens)]
    return "".join(" ".join(map(str, values[row * SIDE:row * SIDE + SIDE])) + "\n"
                   for row in range(SIDE))


def _generated_givens(text):
    """Whether each cell of a puzzle holds a given: a value carries its digit in the low
    four bits, under the wall bits."""
    return [int(value) & 15 != 0 for value in text.split()]


GENERATE = Generator((SIDE,), _generate_board, _generate_seeds, _generate_text,
                     cells=lambda _size: CELLS, header=lambda count: f"{count}\n",
                     between="\n", givens=_generated_givens)
