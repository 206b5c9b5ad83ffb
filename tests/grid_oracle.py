"""A brute-force sudoku oracle, written from the rules and sharing nothing with dlxcli.

Layer: tests. Grids are flat lists of side * side values, row by row, 0 = empty, with
square boxes of sqrt(side) cells a side. The solver fills first the empty cell with the
fewest candidates, trying every value that its row, column and
box do not hold yet: plain backtracking on the grid, no exact cover, no dancing links.
It is exponential: fine for 4x4, for 9x9 puzzles with few blanks, and for counting
(up to 2) the solutions of a proper 9x9 puzzle; not for enumerating wide-open grids.
"""

from math import isqrt


def box_side(side):
    box = isqrt(side)
    assert box * box == side, f"{side} is not a square"
    return box


def houses(side):
    """Every row, column and box, as lists of cell indexes."""
    box = box_side(side)
    rows = [[r * side + c for c in range(side)] for r in range(side)]
    cols = [[r * side + c for r in range(side)] for c in range(side)]
    boxes = [[(top + r) * side + left + c for r in range(box) for c in range(box)]
             for top in range(0, side, box) for left in range(0, side, box)]
    return rows + cols + boxes


def is_solution(givens, grid):
    """True if `grid` is complete, keeps every given, and every row, column and box
    holds each value 1..side once."""
    side = box_side_of(grid)
    everything = set(range(1, side + 1))
    return (len(grid) == len(givens)
            and all(g == 0 or g == v for g, v in zip(givens, grid))
            and all({grid[cell] for cell in house} == everything for house in houses(side)))


def box_side_of(grid):
    side = isqrt(len(grid))
    assert side * side == len(grid)
    return side


def _allowed(grid, side, cell):
    box = box_side(side)
    r, c = divmod(cell, side)
    top, left = r - r % box, c - c % box
    used = set(grid[r * side:(r + 1) * side])
    used.update(grid[k * side + c] for k in range(side))
    used.update(grid[(top + i) * side + left + j] for i in range(box) for j in range(box))
    return [v for v in range(1, side + 1) if v not in used]


def _consistent(givens, side):
    """Givens never repeat a value in a house (the backtracker only checks new values)."""
    for house in houses(side):
        values = [givens[cell] for cell in house if givens[cell]]
        if len(values) != len(set(values)):
            return False
    return True


def solutions(givens, limit=None):
    """Yield the completions of `givens`, at most `limit` of them."""
    side = box_side_of(givens)
    if not _consistent(givens, side):
        return
    grid = list(givens)
    found = 0

    def fill():
        nonlocal found
        blanks = [cell for cell, value in enumerate(grid) if value == 0]
        if not blanks:
            found += 1
            yield list(grid)
            return
        # The blank with the fewest candidates first: plain backtracking stays cheap
        # enough to count the solutions of a hard 9x9 puzzle.
        cell, values = min(((cell, _allowed(grid, side, cell)) for cell in blanks),
                           key=lambda pair: len(pair[1]))
        for value in values:
            grid[cell] = value
            yield from fill()
            if limit is not None and found >= limit:
                break
        grid[cell] = 0

    for solution in fill():
        yield solution
        if limit is not None and found >= limit:
            return


def count(givens, limit=None):
    return sum(1 for _ in solutions(givens, limit))


def verdict(givens):
    """'none', 'unique' or 'multiple'."""
    return ("none", "unique", "multiple")[count(givens, limit=2)]


def random_full_grid(rng, side):
    """A random valid grid: the shifted pattern grid, with its digits relabelled and
    its rows and columns shuffled within bands and stacks, and bands and stacks shuffled."""
    box = box_side(side)

    def shuffled_lines():
        bands = rng.sample(range(box), box)
        return [band * box + k for band in bands for k in rng.sample(range(box), box)]

    rows, cols = shuffled_lines(), shuffled_lines()
    labels = rng.sample(range(1, side + 1), side)
    pattern = [[(box * (r % box) + r // box + c) % side for c in range(side)]
               for r in range(side)]
    return [labels[pattern[r][c]] for r in rows for c in cols]


def blank(rng, grid, blanks):
    """`grid` with `blanks` random cells emptied."""
    puzzle = list(grid)
    for cell in rng.sample(range(len(grid)), blanks):
        puzzle[cell] = 0
    return puzzle


def target_score(grid):
    """P1074's score of a completed 9x9 grid, from the statement's ring table."""
    return sum((10 - max(abs(cell // 9 - 4), abs(cell % 9 - 4))) * value
               for cell, value in enumerate(grid))


def target_best(givens):
    """The largest P1074 score over every completion, or -1 (full enumeration)."""
    return max((target_score(s) for s in solutions(givens)), default=-1)


def write_grid(grid, letters=False):
    """The P1784 grid text (numbers) or, with letters, the one-line form."""
    side = box_side_of(grid)
    if letters:
        return "".join("0123456789ABCDEFGHIJKLMNOP"[v] for v in grid) + "\n"
    return "".join(" ".join(map(str, grid[r * side:(r + 1) * side])) + "\n"
                   for r in range(side))


def parse_output(text, side, form):
    """Read dlxcli's output back into flat grids (to check them independently)."""
    if form == "line":
        return [["0123456789ABCDEFGHIJKLMNOP".index(ch) for ch in line]
                for line in text.splitlines()]
    values = list(map(int, text.split()))
    cells = side * side
    return [values[k:k + cells] for k in range(0, len(values), cells)]

