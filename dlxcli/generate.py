"""Random puzzles with exactly one solution for every grid command: square sudokus
(4x4 to 25x25), squiggly sudokus on a new random jigsaw layout each, samurai sudokus.

Layer: above the puzzles, below cli (no click). Each puzzle is made in three steps:

1. a random solution grid: a few random givens that cannot clash with each other (the
   boxes on a diagonal; a squiggly's first row) completed by the engine's first
   solution;
2. givens removed in a random order, a symmetric group of cells at a time, a removal
   kept only while the puzzle stays unique (a count stopped at 2, as `--unique`). One
   pass over the cells ends at a minimal puzzle: a given that could not go stays
   necessary as others go, since removing givens only adds solutions. With `clues`
   the pass stops at that many givens, and starts again on a fresh grid if it ends
   above;
3. with a difficulty band, the puzzle is rated (`queries.measure`, docs/difficulty.md)
   and changed step by step towards the band (`climb`).

Puzzle k of a run draws every random choice from its own random.Random seeded with
the bytes of "SEED:k" (`puzzle_seed`), so the puzzles do not depend on how many
processes make them, and since both engine twins find solutions in the same order with
the same node counts, they do not depend on the twin either.
"""

import random

from .errors import DlxError, NodeLimitExceeded
from .exact_cover import Budget
from .memo import memoised
from .puzzles import queries, samurai, squiggly, sudoku
from .puzzles.grid import Grid, square_units

KINDS = ("sudoku", "squiggly", "samurai")
SIZES = tuple(sudoku.BOX_SIDES)
SYMMETRIES = ("none", "rot180", "mirror")
MAX_TRIED = 10_000
"""Puzzles made (from fresh grids, or steps of `climb`) for one puzzle of the output
before giving up on a --clues or --difficulty that (nearly) no puzzle meets."""
CLIMB_STEPS = 1_000
"""Steps of `climb` from one grid before starting again from a fresh one."""
LAYOUT_SWAPS = 100
"""Cell trades that turn the 3x3 boxes into a random jigsaw layout (enough that the
boxes are no longer recognisable)."""
FILL_NODES = 50_000
"""Node limit for completing a squiggly's random first row: a layout that admits no
solution, or hides it deep, is dropped for a new one."""


class GenerationFailed(DlxError):
    """No puzzle met the request among MAX_TRIED puzzles made."""


MIN_CLUES = {("sudoku", 4): (4, "every one of the 288 grids checked"),
             ("sudoku", 9): (17, "McGuire, Tugemann and Civario, 2012")}
"""Proven fewest givens of a puzzle with one solution, beyond `fewest_givens`'s bounds:
4x4 by checking all 288 grids (tests/test_generate.py does it again), 9x9 by the
exhaustive search of "There is no 16-clue sudoku" (arXiv:1201.0749)."""
SAMURAI_FEWEST = 18
"""Each corner grid of a samurai has two bands of three rows that no other grid shares,
and the centre grid has one (its middle band). Two rows of such a band without givens
could be swapped in a solution, giving a second one; so at least two rows of each of
these nine bands hold a given: 2 * 9."""


def fewest_givens(kind, size):
    """(the fewest givens a puzzle of `kind` with one solution can have, why).

    Any kind with n symbols: if two symbols were missing from the givens, swapping
    them in a solution would give a second one, so at least n - 1 givens; stronger
    bounds where they are known (MIN_CLUES, SAMURAI_FEWEST)."""
    if kind == "samurai":
        return SAMURAI_FEWEST, ("two rows without givens in a band of three rows that "
                                "only one grid has could be swapped")
    side = size if kind == "sudoku" else squiggly.SIDE
    return MIN_CLUES.get((kind, side), (side - 1, "with two symbols absent from the "
                                        "givens, swapping them gives a second solution"))


def impossible(request):
    """Why no puzzle can meet the request (a sentence), or None: fewer givens than any
    puzzle with one solution has; an odd number of givens on a sudoku of even side with
    a symmetry (no cell is its own image there, so givens come in pairs; squiggly and
    samurai pictures have an odd side); an excess below 0 (the uniqueness search visits
    at least the root and one node per empty cell)."""
    what = describe(Request(request.kind, request.size))
    if request.clues is not None:
        fewest, why = fewest_givens(request.kind, request.size)
        if request.clues < fewest:
            return (f"--clues {request.clues}: a {what} with one solution has at least "
                    f"{fewest} givens ({why})")
        if request.clues % 2 and request.symmetry != "none" and request.size % 2 == 0:
            return (f"--clues {request.clues} with --symmetry {request.symmetry}: the givens "
                    f"of a {what} come in pairs")
    if request.band is not None and request.band[1] is not None and request.band[1] < 0:
        return f"--difficulty with HIGH {request.band[1]}: the excess is never below 0"
    return None


class Request:
    """What to make: the command's kind, the side of a sudoku, the number of givens
    (None: minimal puzzles), the symmetry of the givens, a band (low, high) of the
    difficulty measure (None: any; either end None: open) and the run's seed.
    Picklable, for the worker processes."""

    __slots__ = ("kind", "size", "clues", "symmetry", "band", "seed")

    def __init__(self, kind, size=9, clues=None, symmetry="none", band=None, seed=0):
        self.kind, self.size, self.clues = kind, size, clues
        self.symmetry, self.band, self.seed = symmetry, band, seed


class Board:
    """One shape to fill: its Grid, the (row, column) of every cell in a picture of
    `extent` x `extent` positions, a squiggly's regions, and for a shape of several
    overlapping grids `near(cells)`: cell sets around those cells, smallest first (see
    `stays_unique`)."""

    __slots__ = ("grid", "positions", "extent", "regions", "near")

    def __init__(self, grid, positions, extent, regions=None, near=None):
        self.grid, self.positions, self.extent, self.regions = grid, positions, extent, regions
        self.near = near


# -- one puzzle ----------------------------------------------------------------------------

def make(request, index, on_try=None):
    """The input text of puzzle `index` of the run (as `input_chunks` joins them).
    `on_try(n)` is told of every n puzzles tried (fresh grids, steps of `climb`)."""
    rng = random.Random(puzzle_seed(request.seed, index))
    tried, fewest = 0, None
    while tried < MAX_TRIED:
        tried += 1
        board = new_board(request, rng)
        solution = solution_grid(request.kind, board, rng)
        givens = None if solution is None else remove_givens(
            board, solution, solution, rng, request.symmetry, request.clues)
        if givens is not None and request.clues is not None:
            left = len(givens) - givens.count(0)
            fewest = left if fewest is None else min(fewest, left)
            givens = givens if left == request.clues else None
        steps = 0
        if givens is not None and request.band is not None:
            givens, steps = climb(board, givens, solution, rng, request)
            tried += steps
        if on_try is not None:
            on_try(1 + steps)
        if givens is not None:
            return puzzle_text(request.kind, board, givens)
    closest = "" if fewest is None else f" (the fewest givens a try reached: {fewest})"
    raise GenerationFailed(f"puzzle {index + 1}: no {describe(request)} found among "
                           f"{MAX_TRIED:,} puzzles tried{closest}")


def puzzle_seed(seed, index):
    """The seed of puzzle `index`: the bytes of "SEED:index" (the same as seeding with
    that text, and a SEED of bytes that are not UTF-8, from the command line, is taken
    byte for byte)."""
    return f"{seed}:{index}".encode("utf-8", "surrogateescape")


def describe(request):
    """E.g. '9x9 sudoku with 20 givens and excess 100..200'."""
    what = f"{request.size}x{request.size} sudoku" if request.kind == "sudoku" else request.kind
    if request.clues is not None:
        what += f" with {request.clues} givens"
    if request.band is not None:
        low, high = request.band
        what += f" and excess {'' if low is None else low}..{'' if high is None else high}"
    return what


def climb(board, givens, solution, rng, request):
    """(a puzzle in the request's difficulty band, steps taken), or (None, steps) after
    CLIMB_STEPS steps without one.

    A local search from `givens`: each step gives back two random empty groups of
    cells (from the solution) and removes givens again in a random order; the new
    puzzle replaces the old one unless its measure is further from the band. Most
    random minimal 9x9 puzzles have an excess below 100 (docs/difficulty.md), so a
    band such as 1000: would almost never be met by drawing fresh ones."""
    distance = band_distance(board, givens, request.band)
    groups = symmetric_groups(board, request.symmetry)
    for step in range(CLIMB_STEPS):
        if distance == 0:
            return givens, step
        trial = list(givens)
        empty = [group for group in groups if not trial[group[0]]]
        for group in rng.sample(empty, min(2, len(empty))):
            for cell in group:
                trial[cell] = solution[cell]
        trial = remove_givens(board, trial, solution, rng, request.symmetry, request.clues)
        if request.clues is None or len(trial) - trial.count(0) == request.clues:
            moved = band_distance(board, trial, request.band)
            if moved <= distance:
                givens, distance = trial, moved
    return (givens if distance == 0 else None), CLIMB_STEPS


def band_distance(board, givens, band):
    """How far the puzzle's difficulty measure (queries.measure's excess) is from the
    band (low, high), either end None for open: 0 inside."""
    _, excess, _, _ = queries.measure(board.grid, givens)
    low, high = band
    if low is not None and excess < low:
        return low - excess
    if high is not None and excess > high:
        return excess - high
    return 0


def remove_givens(board, givens, solution, rng, symmetry, clues=None):
    """`givens` (a unique puzzle, or the whole solution) with more givens removed, in a
    random order of symmetric groups, while it stays unique: minimal when `clues` is
    None; else stopped at `clues` givens, or where the pass ends above that."""
    givens = list(givens)
    left = len(givens) - givens.count(0)
    groups = [group for group in symmetric_groups(board, symmetry) if givens[group[0]]]
    for group in rng.sample(groups, len(groups)):
        if clues is not None and left - len(group) < clues:
            continue
        for cell in group:
            givens[cell] = 0
        if stays_unique(board, givens, solution, group):
            left -= len(group)
            if left == clues:
                return givens
        else:
            for cell in group:
                givens[cell] = solution[cell]
    return givens


def stays_unique(board, givens, solution, group):
    """True if `givens`, from which `group` was just removed, still have one solution.

    On a samurai a second solution usually differs from `solution` only in the grids
    around the group, but the full search may have to try the choices it made in the
    other grids in every combination before it gets there (millions of nodes). So a
    second solution that keeps every cell outside those grids as in `solution` is
    looked for first; only when there is none does the full search decide."""
    for around in board.near(group) if board.near else ():
        local = [symbol or (0 if cell in around else solution[cell])
                 for cell, symbol in enumerate(givens)]
        if queries.search(board.grid, local, 2) == 2:
            return False
    return queries.search(board.grid, givens, 2) == 1


def symmetric_groups(board, symmetry):
    """The cells as groups that are given or empty together: each cell with its image
    under a half turn of the picture (rot180) or its mirror image across the vertical
    axis (mirror); alone for none."""
    last = board.extent - 1
    image = {"none": lambda r, c: (r, c), "rot180": lambda r, c: (last - r, last - c),
             "mirror": lambda r, c: (r, last - c)}[symmetry]
    cell_at = {position: cell for cell, position in enumerate(board.positions)}
    groups = {}
    for cell, (row, col) in enumerate(board.positions):
        partner = cell_at[image(row, col)]
        groups.setdefault(min(cell, partner), sorted({cell, partner}))
    return list(groups.values())


# -- shapes and solution grids ------------------------------------------------------------

def new_board(request, rng):
    """The board of the next attempt: the sudoku or samurai shape, or a squiggly on a
    new random layout."""
    if request.kind == "sudoku":
        side = request.size
        return Board(sudoku.sudoku_grid(side), square_positions(side), side)
    if request.kind == "squiggly":
        regions = random_regions(rng)
        return Board(jigsaw_grid(regions), square_positions(squiggly.SIDE), squiggly.SIDE,
                     regions)
    return Board(samurai.samurai_grid(), samurai.POSITIONS, samurai.PICTURE,
                 near=samurai_surroundings)


@memoised()
def samurai_grids():
    """The cells of each of the samurai's five grids (the centre one last)."""
    return [frozenset(samurai.grid_cells(g)) for g in range(len(samurai.CORNERS))]


def samurai_surroundings(cells):
    """The cells of the grids that hold `cells`, then those with the centre grid's."""
    grids = samurai_grids()
    holding = frozenset().union(*(grid for grid in grids if not grid.isdisjoint(cells)))
    return [holding] if grids[-1] <= holding else [holding, holding | grids[-1]]


def square_positions(side):
    return [divmod(cell, side) for cell in range(side * side)]


def jigsaw_grid(regions):
    """The Grid of a squiggly layout. Not squiggly.region_grid's cache: every puzzle
    has a layout of its own."""
    boxes = [[cell for cell, region in enumerate(regions) if region == k]
             for k in range(squiggly.SIDE)]
    return Grid(squiggly.CELLS, squiggly.SIDE, square_units(3, 3)[:2 * squiggly.SIDE] + boxes)


def solution_grid(kind, board, rng):
    """A random solution of the board (symbols per cell), or None if the random start
    has none the search finds within FILL_NODES nodes."""
    seeds = (squiggly_seeds if kind == "squiggly" else box_seeds)(kind, board, rng)
    try:
        found = board.grid.problem.first(forced=board.grid.forced(seeds),
                                         budget=Budget(node_limit=FILL_NODES))
    except NodeLimitExceeded:
        return None
    return None if found is None else board.grid.decode(found)


def box_seeds(kind, board, rng):
    """Random digits in boxes that share no row or column, which never clash: a
    sudoku's diagonal boxes; a samurai's centre grid's diagonal boxes and the middle
    box of each corner grid."""
    side = board.grid.size
    box = sudoku.BOX_SIDES[side]
    if kind == "sudoku":
        corners = [(k * box, k * box) for k in range(box)]
    else:
        corners = [(top + 3 * k, left + 3 * k) for top, left in samurai.CORNERS[4:]
                   for k in range(3)]
        corners += [(top + 3, left + 3) for top, left in samurai.CORNERS[:4]]
    cell_at = {position: cell for cell, position in enumerate(board.positions)}
    seeds = [0] * len(board.positions)
    for top, left in corners:
        digits = rng.sample(range(1, side + 1), side)
        for k, digit in enumerate(digits):
            seeds[cell_at[top + k // box, left + k % box]] = digit
    return seeds


def squiggly_seeds(_kind, board, rng):
    """A random first row: any permutation is allowed by the rows and columns, and
    the regions cut by the row get distinct digits anyway."""
    return rng.sample(range(1, squiggly.SIDE + 1), squiggly.SIDE) + [0] * (squiggly.CELLS - 9)


def random_regions(rng, swaps=LAYOUT_SWAPS):
    """A random jigsaw layout: nine connected regions of nine cells. From the 3x3 boxes,
    `swaps` trades of a cell of one region for a cell of a neighbouring one, both on
    their common border, each kept only if both regions stay connected."""
    regions = [row // 3 * 3 + col // 3 for row, col in square_positions(squiggly.SIDE)]
    done = 0
    while done < swaps:
        cell = rng.randrange(squiggly.CELLS)
        home = regions[cell]
        across = [other for _, other in squiggly.NEIGHBOURS[cell] if regions[other] != home]
        if not across:
            continue
        away = regions[rng.choice(across)]
        border = [other for other in range(squiggly.CELLS) if regions[other] == away
                  and any(regions[n] == home for _, n in squiggly.NEIGHBOURS[other])]
        partner = rng.choice(border)
        regions[cell], regions[partner] = away, home
        if connected(regions, home) and connected(regions, away):
            done += 1
        else:
            regions[cell], regions[partner] = home, away
    return tuple(regions)


def connected(regions, region):
    """True if the cells of `region` are one piece (steps between side neighbours)."""
    cells = [cell for cell in range(squiggly.CELLS) if regions[cell] == region]
    seen, stack = {cells[0]}, [cells[0]]
    while stack:
        for _, other in squiggly.NEIGHBOURS[stack.pop()]:
            if other not in seen and regions[other] == region:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(cells)


# -- writing ---------------------------------------------------------------------------------

def puzzle_text(kind, board, givens):
    """One puzzle in its command's input format: a sudoku's line ('.' for empty), a
    squiggly's 81 HDU 4069 values in nine rows (digit plus wall bits), a samurai's
    21-line picture ('.' for empty, spaces for gaps)."""
    if kind == "sudoku":
        return "".join(sudoku.SYMBOLS[v] if v else "." for v in givens) + "\n"
    if kind == "squiggly":
        values = [walls + digit for walls, digit in
                  zip(squiggly.walls_from_regions(board.regions), givens)]
        return "".join(" ".join(map(str, values[row * 9:row * 9 + 9])) + "\n"
                       for row in range(9))
    picture = samurai.picture_lines(givens)
    return "".join(line.rstrip().replace("0", ".") + "\n" for line in picture)


def input_chunks(kind, count, texts):
    """The pieces of one input holding `count` puzzles (texts in order): for squiggly
    the number of cases first and an empty line between cases."""
    if kind == "squiggly":
        yield f"{count}\n"
    for k, text in enumerate(texts):
        yield ("\n" if k and kind == "squiggly" else "") + text


def make_task(task):
    """`make` for a worker pool: a task is (request, index); returns (the text, the
    puzzles tried)."""
    tried = []
    text = make(*task, on_try=tried.append)
    return text, sum(tried)
