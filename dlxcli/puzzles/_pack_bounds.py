"""Why a `dlxcli pack` puzzle has no packing, found before any search (docs/pack.md,
"Before the search").

Layer: puzzles (arithmetic on a pack Model's placements; no search). Every packing
uses each piece (each copy) once and covers each board cell once, so any quantity
that adds up over cells adds up over the pieces of a packing: the number of cells,
and the number of cells of one colour under any colouring of the board. A piece's
placements give the values it can contribute; a subset-sum over the pieces (copies
included) gives the totals they can reach together; a board total out of reach
rules out every packing. `why_no_packing` tries, in order: the cell count, a piece
with no placement, then the colourings of `colourings`.

The colourings colour a cell (layer, row, column), each counted from 0 at the top
left of the first layer of the picture, by the value of a sum of coordinates modulo
2 or 3 (the checkerboard is row + column modulo 2). One pass over the placements
serves them all: each cell holds its indicator of every colour class, packed into
one integer field by field (`_packed_weights`), so that a placement's sum of those
integers holds its count of cells of every class at once, and a piece's distinct
sums are few (an orientation and the shift modulo 6 decide one).
"""

import collections
from array import array

from . import polyforms

AXES = ("layer", "row", "column")
FLAT_FORMS = {2: [(0, 1, 1), (0, 1, 0), (0, 0, 1)],
              3: [(0, 1, 1), (0, 1, -1), (0, 1, 0), (0, 0, 1)]}
"""The sums of coordinates coloured by on a flat board, as signs of (layer, row,
column), by modulus: the checkerboard, then stripes and diagonals."""
SOLID_FORMS = {2: [(1, 1, 1), (1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 1, 1), (1, 1, 0),
                   (1, 0, 1)],
               3: [(1, 1, 1), (1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 1, 1), (1, 1, 0),
                   (1, 0, 1), (0, 1, -1), (1, -1, 0), (1, 0, -1)]}
CHECKERBOARDS = {(0, 1, 1): "a checkerboard", (1, 1, 1): "a 3-D checkerboard"}


class Colouring:
    """The cells where `signs` . (layer, row, column) is `colour` modulo `modulus`."""

    __slots__ = ("signs", "modulus", "colour")

    def __init__(self, signs, modulus, colour):
        self.signs, self.modulus, self.colour = signs, modulus, colour

    def __str__(self):
        """E.g. 'the colouring by (row + column) mod 2 (a checkerboard)'."""
        terms = []
        for axis, sign in enumerate(self.signs):
            if sign:
                terms.append(("- " if sign < 0 else "+ " if terms else "") + AXES[axis])
        name = f"the colouring by ({' '.join(terms)}) mod {self.modulus}"
        if self.modulus == 2 and self.signs in CHECKERBOARDS:
            name += f" ({CHECKERBOARDS[self.signs]})"
        return name


def colourings(dimension):
    """The colourings tried on a flat (SQUARE) or solid (CUBE) puzzle, the checkerboard
    first: each sum modulo 2 (colour 0 only: the count of colour 1 follows from the
    cells'), then modulo 3 (each of the three colours)."""
    forms = FLAT_FORMS if dimension == polyforms.SQUARE else SOLID_FORMS
    return [Colouring(signs, modulus, colour)
            for modulus in (2, 3) for signs in forms[modulus]
            for colour in range(1 if modulus == 2 else modulus)]


def why_no_packing(model):
    """One line saying why the puzzle of `model` (a pack.Model) has no packing, from
    the first reason found without a search, or None when none is found (the puzzle
    may still have none: only the search tells)."""
    pieces, n_cells = model.pieces, len(model.cells)
    covered = sum(len(piece.cells) * piece.count for piece in pieces)
    if covered != n_cells:
        return _cells_line(pieces, covered, n_cells)
    numbers = [[] for _ in pieces]
    for p, cells in model.placements:
        numbers[p].append(cells)
    for p, placed in enumerate(numbers):
        if not placed:
            return _nowhere_line(model, p)
    return _colouring_line(model, numbers)


def _cells_line(pieces, covered, n_cells):
    """E.g. 'the 14 pieces cover 62 cells, the board has 60'."""
    copies = sum(piece.count for piece in pieces)
    which = (f"the {copies:,} pieces (copies included) cover" if copies > len(pieces)
             else "the piece covers" if copies == 1 else f"the {copies:,} pieces cover")
    return f"{which} {covered:,} cells, the board has {n_cells:,}"


def _nowhere_line(model, p):
    """Piece p has no placement left: none at all, or only some that wall in cells no
    pieces can fill (pack.Model._walls_in)."""
    piece = model.pieces[p]
    if model._placements_of(p):
        return (f"piece {piece.name} fits on the board only where it walls in cells "
                "that no pieces can fill")
    return f"piece {piece.name} fits nowhere on the board"


def _colouring_line(model, numbers):
    """The first colouring whose count of board cells of one colour the pieces cannot
    make, as a line; None if there is none. `numbers[p]`: piece p's placements."""
    tried = colourings(model.dimension)
    code = "B" if max(len(piece.cells) for piece in model.pieces) < 256 else "H"
    bits = 8 * array(code).itemsize
    weights = _packed_weights(model.cells, tried, bits)
    columns = [_fields(placed, weights, code, len(tried)) for placed in numbers]
    kinds = collections.Counter(weights)
    for k, colouring in enumerate(tried):
        target = sum(n for weight, n in kinds.items() if weight >> k * bits & 1)
        low, reach = reachable([(set(fields[k::len(tried)]), piece.count)
                                for fields, piece in zip(columns, model.pieces)])
        if not _holds(reach, target - low):
            return (f"{colouring}: the board has {target:,} cells of colour "
                    f"{colouring.colour}, {_reach_line(target, low, reach)}")
    return None


def _fields(placed, weights, code, n_fields):
    """The fields of the distinct sums of `weights` over the placements `placed`, as
    one array (typecode `code`), n_fields values a placement: field k of each is
    `[k::n_fields]`."""
    size = n_fields * array(code).itemsize
    sums = {sum(map(weights.__getitem__, cells)) for cells in placed}
    return array(code, b"".join(value.to_bytes(size, "little") for value in sums))


def _packed_weights(cells, tried, bits):
    """Each board cell's indicators of the colourings `tried`, one `bits`-bit field
    each (the k-th colouring's at bit k * bits), as one integer. A piece has fewer
    than 2**bits cells, so a placement's sum carries no field into the next (the
    board's might: it is counted cell kind by cell kind)."""
    field = {(c.signs, c.modulus, c.colour): 1 << k * bits for k, c in enumerate(tried)}
    forms = list(dict.fromkeys((c.signs, c.modulus) for c in tried))
    return [sum(field.get((signs, modulus, sum(s * v for s, v in zip(signs, cell)) % modulus),
                          0) for signs, modulus in forms)
            for cell in cells]


def reachable(choices):
    """The totals of one value from each of `choices`, a (values, copies) pair taking
    `copies` values from the non-empty set `values`: (least total, bit set of the
    totals less it)."""
    low, reach = 0, 1
    for values, copies in choices:
        least = min(values)
        low += least * copies
        reach = _add_copies(reach, sorted(v - least for v in values), copies)
    return low, reach


def _add_copies(reach, steps, copies):
    """The sums of a total in `reach` (a bit set) and `copies` values of `steps`
    (sorted, the first 0). Values in arithmetic progression (0, g, 2g, .., dg; one or
    two values always are) make the progression 0, g, .., copies*d*g: a few doubling
    shifts, not one pass per copy (10,000 copies of a monomino)."""
    gap = steps[1] if len(steps) > 1 else 0
    if all(step == k * gap for k, step in enumerate(steps)):
        return _dilated(reach, gap, copies * (len(steps) - 1))
    for _ in range(copies):
        reach = _sum_set(reach, steps)
    return reach


def _dilated(reach, gap, width):
    """reach | reach << gap | .. | reach << width * gap."""
    span = 1    # the shifts 0 .. span - 1 (times gap) are in
    while span <= width:
        step = min(span, width + 1 - span)
        reach |= reach << step * gap
        span += step
    return reach


def _sum_set(reach, steps):
    """The sums of a total in `reach` (a bit set) and one value of `steps`."""
    total = 0
    for step in steps:
        total |= reach << step
    return total


def _holds(bits, k):
    """Whether bit k of `bits` is set (none is, below 0)."""
    return k >= 0 and bits >> k & 1 == 1


def _reach_line(target, low, reach):
    """What the pieces can cover, `reach` (a bit set from `low`), beside the board's
    `target`: the range, and where the target is inside it, the nearest totals."""
    high = low + reach.bit_length() - 1
    text = (f"the pieces can cover {low:,} to {high:,} of them" if high > low
            else f"the pieces cover {low:,} of them")
    if not low < target < high:
        return text
    below = low + (reach & ((1 << (target - low)) - 1)).bit_length() - 1
    above = target + 1 + _lowest_bit(reach >> (target - low + 1))
    return text + f" but not {target:,} (the nearest: {below:,} and {above:,})"


def _lowest_bit(value):
    return (value & -value).bit_length() - 1
