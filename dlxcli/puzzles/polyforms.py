"""Polyominoes and polycubes: cells, orientations, the symmetries of a board, and the
built-in piece sets of `dlxcli pack`.

Layer: puzzles (plain geometry; no search). A cell is (layer, row, column); a flat
shape has every cell in layer 0. A transform is a signed permutation of the three
axes: the 48 symmetries of the cube, of which the 8 that keep the layer axis in place
are the symmetries of the square. As in Knuth's polyomino-dlx and polycube-dlx, a
piece's "base placements" are its distinct images under the allowed transforms, each
shifted to touch the origin; a placement is a base placement shifted into the board.
"""

import itertools

SQUARE, CUBE = 2, 3
"""Dimensions: a flat puzzle turns in the plane; a solid one in space."""


class Transform:
    """A signed permutation of the axes (layer, row, column): cell axis k of the image
    is signs[k] times axis perm[k] of the cell."""

    __slots__ = ("perm", "signs")

    def __init__(self, perm, signs):
        self.perm, self.signs = tuple(perm), tuple(signs)

    def __call__(self, cell):
        return tuple(sign * cell[axis] for axis, sign in zip(self.perm, self.signs))

    @property
    def proper(self):
        """Whether it is a rotation (determinant +1), not a reflection."""
        inversions = sum(1 for a, b in itertools.combinations(self.perm, 2) if a > b)
        negatives = sum(1 for sign in self.signs if sign < 0)
        return (inversions + negatives) % 2 == 0

    @property
    def identity(self):
        return self.perm == (0, 1, 2) and self.signs == (1, 1, 1)


def transforms(dimension):
    """Every symmetry of the square (8, keeping the layer axis) or the cube (48)."""
    found = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            if dimension == SQUARE and (perm[0] != 0 or signs[0] != 1):
                continue
            found.append(Transform(perm, signs))
    return found


def allowed_turns(dimension, rotations, reflections):
    """The transforms a piece may be turned by: the rotations (4 in the plane, 24 in
    space) when `rotations`, with the reflections too when `reflections`; without
    rotations, the identity and (when `reflections`) the mirror that reverses columns."""
    every = transforms(dimension)
    if rotations:
        return [t for t in every if reflections or t.proper]
    mirror = Transform((0, 1, 2), (1, 1, -1))
    return [every[0]] + ([mirror] if reflections else [])


def normalized(cells):
    """The cells shifted so that each axis starts at 0, sorted (a shape's key)."""
    lows = [min(cell[axis] for cell in cells) for axis in range(3)]
    return tuple(sorted(tuple(v - low for v, low in zip(cell, lows)) for cell in cells))


def orientations(cells, turns):
    """The distinct base placements of a shape under `turns`, in a fixed order."""
    return sorted({normalized([turn(cell) for cell in cells]) for turn in turns})


def shape_class(cells, turns):
    """What the shape is up to `turns`: the set of its base placements."""
    return frozenset(orientations(cells, turns))


def layered_cells(layers):
    """The solid drawn as `layers` (each a list of rows, 'X' a cube)."""
    return [(z, r, c) for z, rows in enumerate(layers)
            for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "X"]


def picture_cells(rows):
    """The flat shape drawn by `rows` ('X' a square)."""
    return layered_cells([rows])


def free_polyominoes(size):
    """Every free polyomino of `size` squares (up to rotation and reflection), each as
    its least base placement, in increasing order: grown square by square."""
    turns = transforms(SQUARE)
    found = {normalized([(0, 0, 0)])}
    for _ in range(size - 1):
        grown = set()
        for shape in found:
            for (z, r, c) in shape:
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    cell = (z, r + dr, c + dc)
                    if cell not in shape:
                        grown.add(min(orientations(shape + (cell,), turns)))
        found = grown
    return sorted(found)


PENTOMINOES = {name: picture_cells(rows) for name, rows in {
    "F": [".XX", "XX.", ".X."], "I": ["XXXXX"], "L": ["XXXX", "X..."],
    "N": ["XX..", ".XXX"], "P": ["XX", "XX", "X."], "T": ["XXX", ".X.", ".X."],
    "U": ["X.X", "XXX"], "V": ["X..", "X..", "XXX"], "W": ["X..", "XX.", ".XX"],
    "X": [".X.", "XXX", ".X."], "Y": ["XXXX", ".X.."], "Z": ["XX.", ".X.", ".XX"],
}.items()}
"""The 12 pentominoes by their conventional letters (Golomb's, as Knuth names them)."""

TETROMINOES = {name: picture_cells(rows) for name, rows in {
    "I": ["XXXX"], "O": ["XX", "XX"], "T": ["XXX", ".X."], "S": [".XX", "XX."],
    "L": ["XXX", "X.."],
}.items()}
"""The 5 free tetrominoes (S is also Z, and L also J, once reflections are on)."""

SOMA = {name: layered_cells(layers) for name, layers in {
    "V": [["XX", "X."]], "L": [["XXX", "X.."]], "T": [["XXX", ".X."]],
    "Z": [["XX.", ".XX"]], "A": [["XX", "X."], [".X", ".."]],
    "B": [["XX", "X."], ["..", "X."]], "P": [["XX", "X."], ["X.", ".."]],
}.items()}
"""Piet Hein's 7 Soma pieces by their usual letters; A and B are mirror images."""

HEXOMINO_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi"
"""The 35 hexominoes have no agreed letters: they are named in the order of their
least base placements (free_polyominoes(6)), one character each."""


def hexominoes():
    return dict(zip(HEXOMINO_NAMES, free_polyominoes(6)))


SETS = {"pentominoes": lambda: PENTOMINOES, "tetrominoes": lambda: TETROMINOES,
        "hexominoes": hexominoes, "soma": lambda: SOMA}
"""The built-in piece sets by name: name -> {piece letter: cells}."""
