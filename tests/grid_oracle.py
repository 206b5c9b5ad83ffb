"""A brute-force sudoku oracle, written from the rules and sharing nothing with dlxcli.

Layer: tests. Grids are flat lists of values, 0 = empty: a square sudoku's side * side
values row by row, with square boxes of sqrt(side) cells a side; or any grid of cells
and units (lists of cells that hold each value once): jigsaw regions read from HDU
4069's wall bits, the samurai's five overlapping grids. The solver splits on the blank
with the fewest candidates, or on the unit value with the fewest places: plain
backtracking on the grid, no exact cover, no dancing links. It is exponential: fine for
4x4, for 9x9 puzzles with few blanks, and for counting (up to 2) the solutions of a
proper 9x9, jigsaw or samurai puzzle; not for enumerating wide-open grids.
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


def unit_solutions(givens, units, size, limit=None):
    """Yield the completions of `givens` (a flat list, 0 = empty) in which every unit
    (a list of `size` cells) holds each value 1..size once, at most `limit` of them.

    Backtracking on the grid: at each step the smallest case split, either the values a
    blank can take (those its units do not hold yet, as bit masks) or the blanks of a
    unit that can take a value the unit lacks; each completion is met once, since the
    cases of a split exclude each other. Splitting on a unit's places too (a human's
    hidden single) keeps the counts of sparse jigsaw and samurai puzzles to seconds."""
    units_of = [[] for _ in givens]
    for u, unit in enumerate(units):
        for cell in unit:
            units_of[cell].append(u)
    used = [0] * len(units)
    for cell, value in enumerate(givens):
        if value:
            if any(used[u] >> value & 1 for u in units_of[cell]):
                return  # a value twice in a unit: no completion
            for u in units_of[cell]:
                used[u] |= 1 << value
    everything = sum(1 << value for value in range(1, size + 1))
    grid, blanks = list(givens), {cell for cell, value in enumerate(givens) if not value}
    found = 0

    def candidates(cell):
        taken = 0
        for u in units_of[cell]:
            taken |= used[u]
        return everything & ~taken

    def values_of(mask):
        return [value for value in range(1, size + 1) if mask >> value & 1]

    def smallest_split():
        """The (cell, value) cases of the smallest split; [] at a dead end: the first
        split of fewest cases, the blanks' before the units' (a unit value with at
        most one place ends the search at once). The sizes are counted on bit masks
        and only the chosen split is spelled out: this runs at every step of every
        count."""
        options = {}
        best_cell, best_size = None, size + 1
        for cell in blanks:
            mask = options[cell] = candidates(cell)
            n = mask.bit_count()
            if n < best_size:
                best_cell, best_size = cell, n
                if n <= 1:
                    return [(cell, value) for value in values_of(mask)]
        best = [(best_cell, value) for value in values_of(options[best_cell])]
        for u, unit in enumerate(units):
            lacking = everything & ~used[u]
            if not lacking:
                continue
            open_cells = [(cell, options[cell]) for cell in unit if cell in options]
            once = twice = 0  # the values with at least one place, with two
            for _, mask in open_cells:
                twice |= once & mask
                once |= mask
            if lacking & ~twice:
                value = (lacking & ~twice & -(lacking & ~twice)).bit_length() - 1
                return [(cell, value) for cell, mask in open_cells if mask >> value & 1]
            if len(best) > 2:
                for value in values_of(lacking):
                    places = [cell for cell, mask in open_cells if mask >> value & 1]
                    if len(places) < len(best):
                        best = [(cell, value) for cell in places]
        return best

    def fill():
        nonlocal found
        if not blanks:
            found += 1
            yield list(grid)
            return
        for cell, value in smallest_split():
            blanks.remove(cell)
            grid[cell] = value
            for u in units_of[cell]:
                used[u] |= 1 << value
            yield from fill()
            for u in units_of[cell]:
                used[u] &= ~(1 << value)
            grid[cell] = 0
            blanks.add(cell)
            if limit is not None and found >= limit:
                return

    for solution in fill():
        yield solution
        if limit is not None and found >= limit:
            return


def solutions(givens, limit=None):
    """Yield the completions of a square sudoku's `givens`, at most `limit` of them."""
    side = box_side_of(givens)
    return unit_solutions(givens, houses(side), side, limit)


def count(givens, limit=None, units=None, size=None):
    """The number of completions (up to `limit`) of a square sudoku, or of any grid
    given its `units` and `size`."""
    if units is None:
        return sum(1 for _ in solutions(givens, limit))
    return sum(1 for _ in unit_solutions(givens, units, size, limit))


def verdict(givens, units=None, size=None):
    """'none', 'unique' or 'multiple'."""
    return ("none", "unique", "multiple")[count(givens, 2, units, size)]


def removable(givens, units=None, size=None, cells=None):
    """The cells whose given can be left out with the puzzle keeping one solution
    (among `cells`, by default every cell)."""
    found = []
    for cell in range(len(givens)) if cells is None else cells:
        if givens[cell]:
            reduced = list(givens)
            reduced[cell] = 0
            if count(reduced, 2, units, size) == 1:
                found.append(cell)
    return found


def solved_by_singles(givens, units, size):
    """True if naked singles (a blank with one possible value) and hidden singles (a
    value with one possible blank in a unit) alone fill the whole grid."""
    grid = list(givens)
    units_of = [[] for _ in grid]
    for unit in units:
        for cell in unit:
            units_of[cell].append(unit)

    def possible(cell):
        taken = {grid[other] for unit in units_of[cell] for other in unit}
        return [value for value in range(1, size + 1) if value not in taken]

    progress = True
    while progress:
        progress = False
        for cell in range(len(grid)):
            if not grid[cell] and len(possible(cell)) == 1:
                grid[cell] = possible(cell)[0]
                progress = True
        for unit in units:
            for value in set(range(1, size + 1)) - {grid[cell] for cell in unit}:
                places = [cell for cell in unit if not grid[cell] and value in possible(cell)]
                if len(places) == 1:
                    grid[places[0]] = value
                    progress = True
    return all(grid)


# -- jigsaw (HDU 4069) and samurai shapes, from their rules --------------------------------

HDU_WALLS = ((16, -1, 0), (32, 0, 1), (64, 1, 0), (128, 0, -1))
"""HDU 4069's wall bits: (bit, row step, column step) for the upper, right, lower and
left side of a cell."""


def jigsaw_regions(values):
    """The region of every cell of an HDU 4069 case (81 values: digit + wall bits), or
    None unless its walls agree between neighbours, wall the grid's edge, and cut the
    grid into nine connected regions of nine cells."""
    open_sides = {}
    for cell, value in enumerate(values):
        row, col = divmod(cell, 9)
        for bit, dr, dc in HDU_WALLS:
            r, c = row + dr, col + dc
            inside = 0 <= r < 9 and 0 <= c < 9
            if not inside and not value & bit:
                return None
            if inside:
                open_sides[cell, r * 9 + c] = not value & bit
    if any(is_open != open_sides[other, cell] for (cell, other), is_open in open_sides.items()):
        return None
    region, count = [None] * 81, 0
    for start in range(81):
        if region[start] is None:
            region[start], stack, members = count, [start], 1
            while stack:
                cell = stack.pop()
                for (a, b), is_open in open_sides.items():
                    if a == cell and is_open and region[b] is None:
                        region[b] = count
                        stack.append(b)
                        members += 1
            if members != 9:
                return None
            count += 1
    return region


def jigsaw_units(regions):
    """Rows, columns and the nine regions of a jigsaw sudoku."""
    return houses(9)[:18] + [[cell for cell in range(81) if regions[cell] == k]
                             for k in range(9)]


SAMURAI_CORNERS = ((0, 0), (0, 12), (12, 0), (12, 12), (6, 6))


def samurai_shape():
    """(positions, units) of a samurai sudoku: the (row, column) of every cell of the
    21x21 picture that lies in one of the five 9x9 grids, in reading order, and the
    rows, columns and boxes of the five grids (a shared box listed twice is harmless)."""
    positions = sorted({(top + r, left + c) for top, left in SAMURAI_CORNERS
                        for r in range(9) for c in range(9)})
    index = {position: cell for cell, position in enumerate(positions)}
    units = [[index[top + r, left + c] for r, c in unit]
             for top, left in SAMURAI_CORNERS
             for unit in ([divmod(k, 9) for k in house] for house in houses(9))]
    return positions, units


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

