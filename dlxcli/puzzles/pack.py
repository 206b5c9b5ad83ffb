"""Packing polyominoes and polycubes into a board drawn as a picture (`dlxcli pack`).

Layer: puzzles. The input (docs/pack.md) draws a board, flat or in layers, and names
the pieces: built-in sets (polyforms.SETS) or pieces drawn the same way, each used once
unless given a count. As in Knuth's polyomino-dlx and polycube-dlx, every piece is a
primary item and so is every cell of the board, and an option is one placement: the
piece's item and the cells it covers. A piece used k times has k items, one per copy,
and secondary "order" items make the copies' first cells increase, so that swapping
two copies does not count as another solution (the engine has no multiplicities).

Counts and lists are up to the symmetries of the puzzle by default: the transforms
that map the board onto itself and the set of pieces onto itself. Those are broken in
the model (`symmetry_parts`), never by filtering a full search: one piece is kept to
one placement per orbit of the group, and the placements that some symmetry maps to
themselves are each searched again as a part of their own, with that piece fixed
there and their stabiliser broken by the next piece (Knuth's method, carried on until
no symmetry is left). A count in all orientations is the count up to symmetry
times the symmetries, less the packings each symmetry maps to themselves
(`through_orbits`, Burnside's lemma); where no piece breaks a symmetry (a board of
copies of one piece), a count up to symmetry is the mean over those symmetries of the
packings each maps to themselves (`by_burnside`), not a filter of every packing.
`counting` picks the route.
"""

import collections
import functools
import itertools
from array import array
from copy import copy as shallow_copy
from fractions import Fraction

from .. import estimate
from ..errors import InputError, OutOfMemory, saying_out_of_memory
from ..exact_cover import UNLIMITED, ExactCover, Stats
# UNDECODABLE is imported for the runner, which reads it off the module.
from ..formats import UNDECODABLE, describe, refuse_undecodable  # noqa: F401
from . import Answer, Command, Figure, Option, Output, Unsolved, _pack_bounds, polyforms, queries

NO_SOLUTION = "No solution"
MAX_CELLS = 10_000
"""The most cells a board or a piece may have (a 100 x 100 square)."""
MAX_COUNT = 10_000
MAX_ENTRIES = 20_000_000
"""The most item entries the options of one model may hold (about 1 GB in the engine)."""
MAX_REACH = 16
"""The walled-in regions looked for (Model._walls_in) have fewer cells than twice the
largest piece, and than this: pieces of up to 8 cells are not limited, and a puzzle
of one big piece and many small ones does not search the whole board around each of
a million placements."""
MAX_BREAKING = 250_000
"""The work the symmetry breaking may do (`Breaking`): placements looked at, and
placements a part may add to the problem. A few hundred parts on a small board, a few
on a large one; the rest of the symmetry is broken by filtering (a residual part)."""
MAX_MEASURED = 2_000
"""The most searches' first levels the choice of the first symmetry breaker may look
at (`Breaking._measured`): the 12 pentacubes in 3x4x5 take 410, about 20 ms; beyond
it the old rule chooses."""
MAX_MEASURED_PLACEMENTS = 50_000
"""No breaker is chosen by measurement on a puzzle of more placements: the problem
measured is built a second time, in all orientations."""
MAX_TRIES = 5_000_000
"""The most (base placement, board cell) pairs tried: a few seconds' work."""
HOLES = ". "
NOT_IN_PICTURES = "#:"
"""Characters a picture cannot hold: '#' starts a comment, ':' ends a section header."""
SWITCHES = {"on": True, "off": False}
SECTION_WORDS = {"board": 1, "piece": 2, "pieces": 1, "rotations": 1, "reflections": 1}
"""The header keywords, each with the number of words before its ':' (`_header`)."""

COMMAND = Command(
    "Pack polyominoes or polycubes into a board drawn as a picture.",
    """Pack pieces into a board: pentominoes into a rectangle, the Soma cube, or pieces
    of your own into a board of your own, every cell covered once (docs/pack.md).

    Input: a 'board:' picture ('.' a hole, any other character a cell, layers of a
    solid separated by an empty line), then 'pieces: pentominoes' (or tetrominoes,
    hexominoes, soma; NAME*K for K copies) and/or 'piece N:' pictures. Prints the
    board with each cell's piece letter, or 'No solution'. Counts and lists are up to
    the puzzle's symmetries unless --all-symmetries is given.""",
    ["dlxcli pack puzzles/pack/pentominoes-6x10.in",
     "dlxcli pack --count --estimate puzzles/pack/pentominoes-6x10.in",
     "dlxcli pack --format pretty puzzles/pack/soma.in"],
    [queries.COUNT, queries.ALL, queries.LIMIT, queries.UNIQUE,
     Option(["--all-symmetries"], "up_to_symmetry", value=False,
            help="Count and list the solutions that a rotation or reflection of the board "
                 "maps to each other as different (default: each once)."),
     Option(["--rotations"], "rotations", value=True,
            help="Pieces may be rotated (the default)."),
     Option(["--no-rotations"], "rotations", value=False,
            help="Pieces keep the orientation they are drawn in (and its mirror image "
                 "with reflections)."),
     Option(["--reflections"], "reflections", value=True,
            help="Pieces may be turned over (default for a flat board)."),
     Option(["--no-reflections"], "reflections", value=False,
            help="Pieces may not be mirrored (default for a solid board: a solid piece "
                 "cannot be)."),
     ],
)


# -- the input --------------------------------------------------------------------------

class Piece:
    """A kind of piece: its one-character name, its cells, how many copies are used,
    and the line that names it."""

    __slots__ = ("name", "cells", "count", "line")

    def __init__(self, name, cells, count, line):
        self.name, self.cells, self.count, self.line = name, cells, count, line


class Puzzle:
    """What an input says: the board's cells (layer, row, column), the pieces, and the
    turns the input allows (None where it says nothing)."""

    def __init__(self):
        self.board, self.pieces = None, []
        self.switches = {"rotations": None, "reflections": None}


def parse(text):
    """The Puzzle of an input (grammar: docs/pack.md). A byte that is not UTF-8 is
    refused, not read as a cell."""
    refuse_undecodable(text)
    puzzle, section = Puzzle(), None
    names = {}
    for number, line in enumerate(text.split("\n"), 1):
        content = line.split("#", 1)[0].rstrip(" \r")
        if ":" in content:
            if section is not None:
                _refuse_colon_in_picture(number, content)
                _close(section, puzzle, names)
            section = _header(number, content, puzzle, names)
        elif section is not None:
            section["lines"].append((number, content))
        elif content.strip():
            raise InputError("a section header (board:, pieces: SET, piece NAME:)",
                             line=number, column=_first_column(content),
                             found=describe(content.strip()))
    if section is not None:
        _close(section, puzzle, names)
    if puzzle.board is None:
        raise InputError("a 'board:' section", line=number, found="end of input")
    if not puzzle.pieces:
        raise InputError("pieces: a 'pieces: SET' line or a 'piece NAME:' section",
                         line=number, found="end of input")
    return puzzle


def _refuse_colon_in_picture(number, content):
    """A line holding ':' is a header; inside a picture, one that no header keyword
    starts is a picture row with a ':' in it, refused at the ':' (not, as the picture
    closed before it, as a picture without cells on the header's line)."""
    words = content.partition(":")[0].split()
    if not words or SECTION_WORDS.get(words[0]) != len(words):
        raise InputError("a picture row, without ':', or a section header: board:, "
                         "pieces: SET, piece NAME:, rotations: on|off or reflections: "
                         "on|off", line=number, column=content.index(":") + 1,
                         found=describe(content.strip()))


def _combining(ch):
    """Whether `ch` is drawn over or joined to the character before it, so that a row
    holding it shows fewer cells than it has ('XéX' with U+0301 looks like 3 and is 4):
    a combining mark, an emoji skin-tone modifier (U+1F3FB..U+1F3FF), a Hangul vowel
    or final consonant jamo (ᄀ and ᅡ make one 가)."""
    if ch.isascii():
        return False
    import unicodedata
    return (unicodedata.category(ch).startswith("M") or "\U0001f3fb" <= ch <= "\U0001f3ff"
            or "\u1160" <= ch <= "\u11ff" or "\ud7b0" <= ch <= "\ud7ff")


def _mark(ch):
    return f"U+{ord(ch):04X}, which joins the character before it"


def _first_column(content):
    return len(content) - len(content.lstrip()) + 1


def _header(number, content, puzzle, names):
    """Read a header line; the picture section it opens (a dict), or None."""
    head, _, value = content.partition(":")
    words, column = head.split(), _first_column(head)
    keyword = words[0] if words else ""
    if keyword == "board" and len(words) == 1:
        if puzzle.board is not None:
            raise InputError("one 'board:' section", line=number, column=column,
                             found="a second one")
        _no_value(number, content, value)
        return {"kind": "board", "line": number, "lines": []}
    if keyword == "piece" and len(words) == 2:
        name, count = _name_and_count(number, content, words[1], names)
        _no_value(number, content, value)
        return {"kind": "piece", "line": number, "lines": [], "name": name, "count": count}
    if keyword == "pieces" and len(words) == 1:
        _sets(number, content, value, puzzle, names)
        return None
    if keyword in puzzle.switches and len(words) == 1:
        switch = value.strip()
        if switch not in SWITCHES:
            raise InputError(f"{keyword}: on or off", line=number,
                             column=len(head) + 2 + _first_column(value) - 1,
                             found=describe(switch) if switch else "nothing")
        puzzle.switches[keyword] = SWITCHES[switch]
        return None
    raise InputError("a section header: board:, pieces: SET, piece NAME:, rotations: "
                     "on|off or reflections: on|off", line=number, column=column,
                     found=describe(head.strip() + ":"))


def _no_value(number, content, value):
    if value.strip():
        raise InputError("nothing after the ':' (the picture goes on the next lines)",
                         line=number, column=content.index(":") + 2 +
                         _first_column(value) - 1, found=describe(value.strip()))


def _name_and_count(number, content, word, names):
    """(name, count) of a piece word NAME or NAME*K; the name is checked to be new."""
    column = content.index(word) + 1
    name, star, count = word.partition("*")
    mark = next((k for k, ch in enumerate(name) if _combining(ch)), None)
    if mark is not None:
        raise InputError("a piece name of one character, not a combining one", line=number,
                         column=column + mark, found=_mark(name[mark]))
    if len(name) != 1 or not name.isprintable() or name in HOLES + NOT_IN_PICTURES:
        raise InputError("a piece name of one character (not '.', '#' or ':')",
                         line=number, column=column, found=describe(name))
    if name in names:
        raise InputError("distinct piece names", line=number, column=column,
                         found=f"{describe(name)} again (first on line {names[name]})")
    names[name] = number
    return name, _copies(number, column + len(name) + 1, count) if star else 1


def _copies(number, column, word):
    if (not (word.isascii() and word.isdigit() and len(word) <= 6)
            or not 1 <= int(word) <= MAX_COUNT):
        raise InputError(f"a count of copies 1..{MAX_COUNT} after '*'", line=number,
                         column=column, found=describe(word) if word else "nothing")
    return int(word)


def _sets(number, content, value, puzzle, names):
    """The built-in sets of a 'pieces:' line, SET or SET*K each."""
    start = content.index(":") + 1
    words = value.split()
    if not words:
        raise InputError("a piece set: " + ", ".join(polyforms.SETS), line=number,
                         column=start + 1, found="nothing")
    cursor = start
    for word in words:
        cursor = content.index(word, cursor)
        set_name, star, count = word.partition("*")
        if set_name not in polyforms.SETS:
            raise InputError("a piece set: " + ", ".join(polyforms.SETS), line=number,
                             column=cursor + 1, found=describe(set_name))
        copies = _copies(number, cursor + len(set_name) + 2, count) if star else 1
        for name, cells in polyforms.SETS[set_name]().items():
            if name in names:
                raise InputError("distinct piece names", line=number, column=cursor + 1,
                                 found=f"{set_name}'s piece {name} again (first on line "
                                       f"{names[name]})")
            names[name] = number
            puzzle.pieces.append(Piece(name, cells, copies, number))
        cursor += len(word)


def _close(section, puzzle, names):
    """Turn a finished picture section into the board or a piece."""
    cells = _picture(section)
    if section["kind"] == "board":
        puzzle.board = cells
    else:
        puzzle.pieces.append(Piece(section["name"], cells, section["count"], section["line"]))


def _picture(section):
    """The cells (layer, row, column) of a section's picture lines: '.' and ' ' are
    holes, any other printable character a cell; an empty line between rows starts
    the next layer. A picture of more than MAX_CELLS cells is refused at the cell
    that passes the limit, before the rest is read."""
    cells, layer, row = [], 0, 0
    lines = section["lines"]
    while lines and not lines[-1][1]:
        lines.pop()
    for number, content in lines:
        if not content:
            if row:
                layer, row = layer + 1, 0
            continue
        for column, ch in enumerate(content):
            if ch in HOLES:
                continue
            if not ch.isprintable() or ch.isspace():
                raise InputError("a cell (a printable character) or a hole ('.' or ' ')",
                                 line=number, column=column + 1, found=describe(ch))
            if _combining(ch):
                raise InputError("a cell (a character of its own) or a hole ('.' or ' ')",
                                 line=number, column=column + 1, found=_mark(ch))
            cells.append((layer, row, column))
            if len(cells) > MAX_CELLS:
                raise InputError(f"a {section['kind']} of at most {MAX_CELLS:,} cells",
                                 line=number, column=column + 1,
                                 found=f"cell {len(cells):,}")
        row += 1
    if not cells:
        raise InputError("a picture of at least one cell on the lines after it",
                         line=section["line"], found="none")
    return cells


# -- the model ---------------------------------------------------------------------------

class Model:
    """The placements of a puzzle and the symmetries it has.

    cells       the board's cells, sorted; `index` numbers them
    placements  (piece number, cells as a sorted tuple of cell numbers), piece by piece;
                `number` finds one by (piece number, frozenset of its cells)
    group       the symmetries, each as where it sends every placement (an array of
                placement numbers), the identity first: one for each distinct way the
                symmetries of the board move the placements. A symmetry that moves no
                placement (the flip of a 1 x N strip about its long axis, the swap of
                the layers above and below a flat board) is the identity here: kept,
                it would leave every placement symmetric and the count up to symmetry
                would recurse on every partial packing.
    """

    def __init__(self, puzzle, rotations, reflections):
        shapes = [puzzle.board] + [piece.cells for piece in puzzle.pieces]
        flat = all(cell[0] == 0 for shape in shapes for cell in shape)
        self.dimension = polyforms.SQUARE if flat else polyforms.CUBE
        if reflections is None:
            reflections = flat
        self.turns = polyforms.allowed_turns(self.dimension, rotations, reflections)
        self.pieces = puzzle.pieces
        self.cells = sorted(set(puzzle.board))
        self.index = {cell: k for k, cell in enumerate(self.cells)}
        self.classes = [polyforms.shape_class(piece.cells, self.turns)
                        for piece in self.pieces]
        self.class_of = {base: shape for shape in self.classes for base in shape}
        self.neighbours = self._neighbours()
        self.reach = (min(2 * max(len(piece.cells) for piece in self.pieces), MAX_REACH)
                      if all(_connected(piece.cells) for piece in self.pieces) else 0)
        self.sums = _subset_sums(self.pieces, self.reach)
        _refuse_too_many_tries(self.pieces, self.classes, len(self.cells))
        placements = self._every_placement() if self.fills() else []
        self.placements = [placement for placement in placements
                           if not self._walls_in(placement[1])]
        self.number = {(p, frozenset(numbers)): k
                       for k, (p, numbers) in enumerate(self.placements)}
        self.group = _distinct(self._moves(symmetry) for symmetry in self._symmetries())

    @functools.cached_property
    def rows(self):
        """(copy items, the end of the order items, the rows of each placement: one per
        copy of its piece, with its copy's item, its cells and its order items) as
        every `Problem` of the model lays them out: built once, for all the problems of
        the parts of a count searched apart (45 on the 3x4x5 pentacubes). The copies
        of the one piece in copies (`_unnamed`) have no items but their cells."""
        pieces, n_cells = self.pieces, len(self.cells)
        unnamed = _unnamed(pieces)
        copies = [0, *itertools.accumulate(0 if p == unnamed else piece.count
                                           for p, piece in enumerate(pieces))]
        n_copies = copies.pop()
        order_base, order = {}, n_copies + n_cells
        for p, piece in enumerate(pieces):
            order_base[p] = order
            order += 0 if p == unnamed else (piece.count - 1) * n_cells
        laid_out = []
        for p, numbers in self.placements:
            count, first = 1 if p == unnamed else pieces[p].count, numbers[0]
            cells = [n_copies + n for n in numbers]
            rows = []
            for copy in range(count):
                row = cells if p == unnamed else [copies[p] + copy] + cells
                base = order_base[p] + copy * n_cells
                if copy:    # above the copy before: its first cell is later
                    row.extend(range(base - n_cells + first, base))
                if copy < count - 1:
                    row.extend(range(base, base + first + 1))
                rows.append(row)
            laid_out.append(rows)
        return n_copies, order, laid_out

    def fills(self):
        """Whether the pieces have as many cells as the board (else no exact cover)."""
        return sum(len(p.cells) * p.count for p in self.pieces) == len(self.cells)

    def _every_placement(self):
        """The placements of every piece in turn; refused (`_refuse_too_large`) as soon
        as the entries of the problem they would make pass MAX_ENTRIES, before the
        placements of the next pieces are built."""
        placements, entries = [], []
        unnamed = _unnamed(self.pieces)
        for p, piece in enumerate(self.pieces):
            found = self._placements_of(p)
            entries.append(len(found) * (len(piece.cells) if p == unnamed else
                                         piece.count * (len(piece.cells) + 2)
                                         + (piece.count - 1) * len(self.cells)))
            _refuse_too_large(self.pieces[:p + 1], entries)
            placements.extend(found)
        return placements

    def _placements_of(self, p):
        """Every placement of piece p: each base placement, its first cell on each
        board cell, wherever all its cells are in the board. Anchors that put the
        shape outside the board's bounding box are not tried (a 100 x 100 piece on a
        100 x 100 board would otherwise look up 10,000 cells at each of 10,000 anchors)."""
        index, found = self.index, []
        lows, highs = _bounds(self.cells)
        for shape in sorted(self.classes[p]):
            first, extent = shape[0], _bounds(shape)[1]
            for anchor in self.cells:
                shift = [a - f for a, f in zip(anchor, first)]
                if any(s < low or s + e > high
                       for s, e, low, high in zip(shift, extent, lows, highs)):
                    continue
                numbers = [index.get(tuple(v + s for v, s in zip(cell, shift)))
                           for cell in shape]
                if None not in numbers:
                    found.append((p, tuple(sorted(numbers))))
        return found

    def _neighbours(self):
        """The numbers of each cell's neighbours on the board (side by side)."""
        steps = [(0, 0, 1), (0, 1, 0), (1, 0, 0), (0, 0, -1), (0, -1, 0), (-1, 0, 0)]
        index = self.index
        return [[index[moved] for moved in (tuple(v + d for v, d in zip(cell, step))
                                            for step in steps) if moved in index]
                for cell in self.cells]

    def _walls_in(self, numbers):
        """Whether a placement walls in a region of the board that no pieces fill: one
        of fewer than `reach` cells whose size is no sum of piece sizes (Knuth's boards
        leave such placements in; cutting them here saves the search 13% of its nodes
        on the 6x10 pentominoes, and cuts no solution). Only connected pieces fill a
        region alone: with a piece in parts, `reach` is 0 and nothing is cut (its
        parts may lie on both sides of a wall)."""
        taken, seen = set(numbers), set()
        for start in {n for k in numbers for n in self.neighbours[k]} - taken:
            if start in seen:
                continue
            region, todo = {start}, [start]
            while todo and len(region) < self.reach:
                for n in self.neighbours[todo.pop()]:
                    if n not in taken and n not in region:
                        region.add(n)
                        todo.append(n)
            if not todo and len(region) < self.reach and not self.sums >> len(region) & 1:
                return True
            seen |= region
        return False

    def _symmetries(self):
        """The transforms that map the board onto itself and every kind of piece onto
        a kind with the same count, as (transform, cell permutation, piece
        permutation); the identity first. Pieces of one class keep their order."""
        board = polyforms.normalized(self.cells)
        board_lows = _bounds(self.cells)[0]
        kinds = collections.defaultdict(list)
        for p, (shape, piece) in enumerate(zip(self.classes, self.pieces)):
            kinds[shape, piece.count].append(p)
        for turn in sorted(polyforms.transforms(self.dimension), key=lambda t: not t.identity):
            moved = [turn(cell) for cell in self.cells]
            if polyforms.normalized(moved) != board:
                continue
            lows = _bounds(moved)[0]
            cells = [self.index[tuple(v - low + base for v, low, base in
                                      zip(cell, lows, board_lows))] for cell in moved]
            pieces = self._piece_permutation(turn, kinds)
            if pieces is not None:
                yield turn, cells, pieces

    def _piece_permutation(self, turn, kinds):
        """Where `turn` sends each piece (by number), or None when it sends some kind
        of piece to a class the puzzle lacks."""
        pieces = [None] * len(self.pieces)
        whole = not _conjugates(turn, self.turns)
        for (shape, count), members in kinds.items():
            targets = kinds.get((self._image(turn, shape, whole), count))
            if targets is None or len(targets) != len(members):
                return None
            for p, q in zip(members, targets):
                pieces[p] = q
        return pieces

    def _image(self, turn, shape, whole):
        """The class of pieces that `turn` makes of the class `shape` (a frozenset of
        base placements), or None when the puzzle has no such class. Where `turn`
        maps the turns allowed to pieces onto themselves (always but for pieces
        turned over without rotations), the image of one base placement names it;
        else (`whole`) every one is turned (the Soma set's 48: 6,000 shapes, 0.1 s)."""
        if whole:
            return frozenset(polyforms.normalized([turn(cell) for cell in base])
                             for base in shape)
        return self.class_of.get(polyforms.normalized([turn(cell) for cell in min(shape)]))

    def _moves(self, symmetry):
        """Where `symmetry` (transform, cell permutation, piece permutation) sends each
        placement, as an array of placement numbers."""
        _, cells, pieces = symmetry
        number, cell = self.number, cells.__getitem__
        return array("i", [number[pieces[p], frozenset(map(cell, numbers))]
                           for p, numbers in self.placements])


def _conjugates(turn, turns):
    """Whether turn T maps the group `turns` onto itself (T t T^-1 in `turns` for each
    t): then T sends each class of shapes under `turns` onto one such class. A signed
    permutation of the axes is known by its image of (1, 2, 3)."""
    probe = (1, 2, 3)
    return {turn(t(probe)) for t in turns} == {t(turn(probe)) for t in turns}


def _distinct(actions):
    """The distinct ones of `actions` (arrays), in order."""
    kept = []
    for action in actions:
        if action not in kept:
            kept.append(action)
    return kept


def _connected(cells):
    """Whether `cells` are one piece, side by side: a piece in parts may fill walled-in
    regions of any sizes together (an X.X piece above and below an XXX), so a board
    with one keeps every placement (Model.reach, Model._walls_in)."""
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        z, r, c = todo.pop()
        for step in ((z + 1, r, c), (z - 1, r, c), (z, r + 1, c), (z, r - 1, c),
                     (z, r, c + 1), (z, r, c - 1)):
            if step in cells and step not in seen:
                seen.add(step)
                todo.append(step)
    return len(seen) == len(cells)


def _bounds(cells):
    """The least and the greatest coordinate of `cells` on each axis."""
    return ([min(cell[axis] for cell in cells) for axis in range(3)],
            [max(cell[axis] for cell in cells) for axis in range(3)])


def _subset_sums(pieces, below):
    """The sizes below `below` that some of the pieces fill, as the bits of an integer
    (the larger sums are never asked for, and 10,000 copies of 35 hexominoes would
    make an integer of two million bits 350,000 times)."""
    sums, mask = 1, (1 << below) - 1
    for piece in pieces:
        for _ in range(piece.count):
            sums = (sums | sums << len(piece.cells)) & mask
    return sums


class Part:
    """One exact-cover problem of a count up to symmetry: `fixed` placements (one per
    piece number), `kept` placements of the piece `restricted`, and `residual`: None,
    or the symmetries left unbroken (a residual part's solutions are each kept only
    when least among their images under those of them that leave the restricted
    piece's placement in place: all of them when no piece is restricted)."""

    __slots__ = ("fixed", "restricted", "kept", "residual")

    def __init__(self, fixed, restricted=None, kept=(), residual=None):
        self.fixed, self.restricted, self.kept, self.residual = fixed, restricted, kept, residual


def symmetry_parts(model, group, budget=UNLIMITED):
    """The parts whose solutions are one solution of each orbit of `group` (Knuth's
    method, `Breaking`), found within MAX_BREAKING steps and `budget`'s deadline."""
    breaking = Breaking(model, budget)
    breaking.visit({}, group)
    return breaking.parts


class Breaking:
    """The parts of a count up to symmetry, as `visit` finds them.

    A piece used once that every symmetry maps to itself is kept to one placement per
    orbit, among those disjoint from the fixed ones; the piece is chosen by the first
    levels of the searches it leaves (`_breaker`). The placements that a symmetry maps
    to themselves have their stabiliser left over: each is fixed in a part of its own,
    broken by the next piece. Each part costs work (`left`, MAX_BREAKING in all): the placements it
    looks at, and those it may add to the problem (an option some part forbids is
    given once per part that allows it). Once it is spent, the symmetric placements
    left are one residual part (their solutions kept when least among their images),
    so that the parts are few whatever the board: on a square of distinct monominoes
    the chains of placements on a diagonal would be as many as their orderings."""

    def __init__(self, model, budget):
        self.model, self.budget = model, budget
        self.parts, self.left = [], MAX_BREAKING
        self.of_piece = [[] for _ in model.pieces]
        for k, (p, _) in enumerate(model.placements):
            self.of_piece[p].append(k)

    def visit(self, fixed, group):
        """Add the parts of the packings holding the `fixed` placements ({piece:
        placement}), one of each orbit of `group`, which maps each of them to itself.
        A part where some piece has no placement left has no packing: left out."""
        self.budget.check()
        free = self._free(fixed)
        if any(not free[p] for p in range(len(free)) if p not in fixed):
            return
        group = _acting(group, [k for placements in free for k in placements])
        self.left -= len(group) * sum(map(len, free)) + len(self.model.placements)
        if len(group) == 1:
            self.parts.append(Part(fixed))
            return
        chosen = self._breaker(fixed, group, free)
        if chosen is None:
            self.parts.append(Part(fixed, residual=group))
            return
        p, orbits = chosen
        self.parts.append(Part(fixed, p, [rep for rep, stabiliser in orbits
                                          if len(stabiliser) == 1]))
        symmetric = [(rep, stabiliser) for rep, stabiliser in orbits if len(stabiliser) > 1]
        for i, (rep, stabiliser) in enumerate(symmetric):
            if self.left <= 0:
                self.parts.append(Part(fixed, p, [rep for rep, _ in symmetric[i:]],
                                       residual=group))
                return
            self.visit({**fixed, p: rep}, stabiliser)

    def _free(self, fixed):
        """The placements of each piece that are disjoint from the `fixed` ones (none
        for a fixed piece)."""
        placements = self.model.placements
        taken = {n for k in fixed.values() for n in placements[k][1]}
        return [[] if p in fixed else [k for k in of_piece if taken.isdisjoint(placements[k][1])]
                for p, of_piece in enumerate(self.of_piece)]

    def _breaker(self, fixed, group, free):
        """(piece, its orbits) of the piece that breaks `group` best, or None when no
        piece used once is mapped to itself by every symmetry of `group`.

        Best is the fewest nodes in the first two levels of the searches it leaves
        (`_measured`), then the fewest placements a symmetry maps to themselves, then
        the fewest orbits. No rule read off the placements predicts the search: on
        the 12 pentacubes in 2x5x6 the rule of the fewest symmetric placements took
        the V (617,140 nodes), the X takes 457,442 (docs/performance.md)."""
        placements, found = self.model.placements, []
        for p, piece in enumerate(self.model.pieces):
            if (p in fixed or piece.count != 1
                    or any(placements[moves[free[p][0]]][0] != p for moves in group)):
                continue
            orbits = _orbits(group, free[p])
            symmetric = sum(1 for _, stabiliser in orbits if len(stabiliser) > 1)
            found.append(((symmetric, len(orbits)), p, orbits))
        if not found:
            return None
        measured = self._measured(fixed, found)
        best = min(range(len(found)), key=lambda i: (measured[i], found[i][0]))
        return found[best][1:]

    def _measured(self, fixed, found):
        """For each candidate breaker of `found` ((score, piece, orbits)), the nodes of
        the first two levels of the search that branches on it first: one for each of
        its orbits, and the options left after each orbit's representative (a measure
        the engine gives alike on both twins, so that they break alike). Only the
        first breaker is measured: measured below it (where `fixed` is not empty),
        the 3x4x5 pentacubes took pieces that leave residual parts (7.04 million nodes
        against 5.89). All 0 (the old rule decides) there, for a single candidate,
        past MAX_MEASURED searches, or on a puzzle of more than
        MAX_MEASURED_PLACEMENTS placements."""
        calls = sum(len(orbits) for _, _, orbits in found)
        if (fixed or len(found) == 1 or calls > MAX_MEASURED
                or len(self.model.placements) > MAX_MEASURED_PLACEMENTS):
            return [0] * len(found)
        whole = Problem(self.model, [Part({})])
        option = {k: j for j, k in reversed(list(enumerate(whole.placement)))}
        return [sum(1 + len(whole.cover._branches([option[rep]], False, False) or ())
                    for rep, _ in orbits) for _, _, orbits in found]


def _acting(group, placements):
    """One symmetry of `group` for each distinct way it moves `placements`, the
    identity first: one that moves none of them acts as the identity."""
    seen, kept = set(), []
    for moves in group:
        key = tuple(moves[k] for k in placements)
        if key not in seen:
            seen.add(key)
            kept.append(moves)
    return kept


def _orbits(group, placements):
    """(least placement, its stabiliser in `group`) of each orbit among `placements`
    (sorted)."""
    seen, orbits = set(), []
    for k in placements:
        if k in seen:
            continue
        images = [moves[k] for moves in group]
        seen.update(images)
        orbits.append((k, [moves for moves, image in zip(group, images) if image == k]))
    return orbits


class Problem:
    """One exact-cover problem whose solutions are those of `parts` together (all
    residual or none); `placement[j]` is option j's placement and `part[j]` the part
    it belongs to (None: to all of them).

    Parts differ only in where some pieces may go, and no packing is a solution of two
    of them, so one problem holds them all (one search: --checkpoint resumes it, and
    --jobs splits it where it does not deal the parts out apart): a secondary item
    PART, and each option that some part forbids is given once per part that allows
    it, with PART coloured by that part. The options of one solution then all agree
    on one part (those all parts allow leave PART alone), which is the part whose
    symmetries a residual solution is compared under.

    When one piece alone is used more than once, its copies have no items, no order
    items either: once the other pieces are placed, the cells left are exactly its
    copies' (the pieces fill the board), so every solution holds that many of its
    placements, in no order. Then a count's memo sees two ways to fill a region with
    its copies as the same state (docs/engine.md, "Counting with a memo"): dominoes
    tiling a board are cells and nothing else."""

    def __init__(self, model, parts):
        self.model, self.parts = model, parts
        self.residual = parts[0].residual is not None
        n_copies, order, laid_out = model.rows
        n_cells = len(model.cells)
        part_item = order if len(parts) > 1 else None
        self.placement, self.part, rows, colors = [], [], [], []
        for k, allowing in self._allowed():
            for row in laid_out[k]:
                for part in allowing:
                    if part is None:
                        rows.append(row)
                        if part_item is not None:  # colours only where a part has one
                            colors.append([0] * len(row))
                    else:
                        rows.append(row + [part_item])
                        colors.append([0] * len(row) + [part + 1])
                    self.placement.append(k)
                    self.part.append(part)
        secondary = order - n_copies - n_cells + (part_item is not None)
        self.cover = ExactCover(n_copies + n_cells, secondary, rows, None,
                                colors if part_item is not None else None)
        _configure_counts(model, self.cover)

    def _allowed(self):
        """(placement, the parts that allow it, in order: [None] for all of them) of
        every placement some part allows. A part allows every placement of a piece it
        neither fixes nor restricts; the others are looked up once per part (not once
        per part and placement: a few hundred parts of a thousand placements each)."""
        constraining = collections.defaultdict(list)
        extra = collections.defaultdict(list)
        for i, part in enumerate(self.parts):
            for p, k in part.fixed.items():
                constraining[p].append(i)
                extra[k].append(i)
            if part.restricted is not None:
                constraining[part.restricted].append(i)
                for k in part.kept:
                    extra[k].append(i)
        others = {p: set(range(len(self.parts))).difference(parts)
                  for p, parts in constraining.items()}
        for k, (p, _) in enumerate(self.model.placements):
            allowing = others[p].union(extra.get(k, ())) if p in constraining else None
            if allowing is None or len(allowing) == len(self.parts):
                yield k, [None]
            elif allowing:
                yield k, sorted(allowing)

    def solutions(self, limit, budget, stats):
        """The solutions, at most `limit`, as sorted tuples of placement numbers (a
        residual part's only the least of each orbit)."""
        if not self.residual:
            return (self._placed(solution) for solution in
                    self.cover.solutions(limit=limit, budget=budget, stats=stats))
        return _limited(self._least(budget, stats), limit)

    def _placed(self, solution):
        return tuple(sorted(self.placement[j] for j in solution))

    def _least(self, budget, stats):
        """The solutions of residual parts that are the least of their images under
        their part's symmetries that leave its restricted piece where it is."""
        placements = self.model.placements
        for solution in self.cover.solutions(budget=budget, stats=stats):
            placed = self._placed(solution)
            part = self.parts[next((self.part[j] for j in solution
                                    if self.part[j] is not None), 0)]
            group = part.residual
            if part.restricted is not None:
                k = next(k for k in placed if placements[k][0] == part.restricted)
                group = [moves for moves in group if moves[k] == k]
            if placed == min(tuple(sorted(moves[k] for k in placed)) for moves in group):
                yield placed

    def count(self, limit, budget, stats):
        if not self.residual:
            return self.cover.count(limit=limit, budget=budget, stats=stats)
        return sum(1 for _ in self.solutions(limit, budget, stats))

    def plain(self):
        """The ExactCover whose count is this problem's, or None (residual parts are
        filtered): what --jobs deals out (`_dealt`)."""
        return None if self.residual else self.cover


def _configure_counts(model, cover):
    """Make `cover` count plainly (ExactCover.count_plainly: no memo, no split; the C
    twin's bit-set path) where neither finds anything to save: a solid packed with
    distinct pieces (no copies). There the same state (the cells and pieces
    left) is hardly ever reached twice, and a piece left fits every region left, which
    the split then cannot cut apart: the memo saved 0 to 1% of the nodes (2x5x6,
    2x3x10, 3x4x5 pentacubes, Soma), against 4 to 30% on pentomino rectangles and the
    8x8 less its centre, which keep it (docs/pack.md, "Counts without a memo")."""
    if model.dimension == polyforms.CUBE and all(piece.count == 1 for piece in model.pieces):
        cover.count_plainly()


def _unnamed(pieces):
    """The number of the one piece used more than once, whose copies have no items
    (`Problem`: its options are its placements' cells alone), or None where no piece
    or several are."""
    repeated = [p for p, piece in enumerate(pieces) if piece.count > 1]
    return repeated[0] if len(repeated) == 1 else None


def _refuse_too_many_tries(pieces, classes, n_cells):
    """Refuse a puzzle whose placements would take long to look for: every base
    placement of every piece is tried on every cell. The error names the last piece."""
    tries = sum(map(len, classes)) * n_cells
    if tries > MAX_TRIES:
        raise InputError(f"a puzzle of at most {MAX_TRIES:,} placements to try (base "
                         "placements of the pieces x board cells)",
                         line=max(piece.line for piece in pieces), found=f"{tries:,}")


def _refuse_too_large(pieces, entries):
    """Refuse, before building it, a problem of more than MAX_ENTRIES entries, given
    the `entries` of the options of each of `pieces` (every copy of a piece used k
    times has about as many order items as the board cells, unless it is the one
    piece in copies: `_unnamed`). Only the pieces whose
    placements are built so far are counted: the error says "at least"."""
    if sum(entries) > MAX_ENTRIES:
        largest = pieces[entries.index(max(entries))]
        raise InputError(f"a puzzle of at most {MAX_ENTRIES:,} option entries (fewer "
                         "copies or a smaller board)", line=largest.line,
                         found=f"at least {sum(entries):,}, most of them for piece "
                               f"{largest.name}")


def _limited(iterable, limit):
    for k, value in enumerate(iterable):
        if limit is not None and k >= limit:
            return
        yield value


def problems(model, up_to_symmetry, budget=UNLIMITED, apart=False, parts=None):
    """The problems whose solutions together answer the puzzle: the parts broken in
    the model in one (with `apart`, each in one of its own), then the residual parts
    in another.

    Apart, the parts cost half the time: the same nodes, but a problem of several
    parts has colours (its item PART), and the engine's commit of an option cuts the
    covering of its items short at an item left without options (a dead end, most
    of the nodes of a packing) only in a problem without colours (the 12 pentacubes
    in 3x4x5: 1.26 against 2.33 billion updates). Together they are one search, which
    --checkpoint resumes; a whole count over --jobs deals the parts apart out over
    the processes instead (`_dealt`)."""
    if not model.fills():
        return
    yield from _grouped(model, _parts(model, up_to_symmetry, budget) if parts is None
                        else parts, apart)


def _parts(model, up_to_symmetry, budget):
    """The parts of the symmetry breaking that may hold a packing (`symmetry_parts`;
    all orientations: one part)."""
    group = model.group if up_to_symmetry else model.group[:1]
    return [part for part in symmetry_parts(model, group, budget)
            if part.restricted is None or part.kept]


def _grouped(model, parts, apart):
    """The problems of `parts` (`problems`): those broken in the model, together or
    `apart`, then the residual ones together."""
    for residual in (False, True):
        chosen = [part for part in parts if (part.residual is not None) == residual]
        if chosen and apart and not residual:
            yield from (Problem(model, [part]) for part in chosen)
        elif chosen:
            yield Problem(model, chosen)


def _apart(query, limit, budget):
    """Whether the parts of a count are searched apart (`problems`): a count in this
    process, or a whole count split over --jobs, which deals the parts out (`_dealt`);
    not one kept in a --checkpoint, which holds one search."""
    if budget.split is None:
        return query in ("count", "unique")
    return query == "count" and limit is None and not budget.split.holds_one_search


def searches(model, up_to_symmetry, budget, apart=False, parts=None):
    """(problem, its budget, its weight 1) of each of `problems` (of `parts` where the
    caller has them already): the first with `budget`, the others (residual parts,
    small, or parts `apart`) with its split left out, searched in this process: a
    --checkpoint holds one search, and refused the second one as another's."""
    for problem, its_budget in zip(problems(model, up_to_symmetry, budget, apart, parts),
                                   _budgets(budget)):
        yield problem, its_budget, 1


def _budgets(budget):
    """`budget`, then forever a copy of it without its split (`searches`)."""
    yield budget
    later = shallow_copy(budget)
    later.split = None
    while True:
        yield later


def counting(model, query, limit, up_to_symmetry, budget):
    """The searches (problem, budget, weight) whose weighted counts, or whose solutions,
    answer `query`: the one place that picks the route of a count (docs/pack.md, "How
    a count is computed"). A whole count (no limit) up to symmetry counts its residual
    parts by Burnside's lemma (`by_burnside`) instead of filtering their packings; a
    whole count in all orientations goes through the count up to symmetry
    (`through_orbits`) where that has no residual part. Elsewhere, and where neither
    applies, the plain searches (`searches`)."""
    apart, parts = _apart(query, limit, budget), None
    if query == "count" and limit is None and _fixed_counts(model):
        if up_to_symmetry:  # the parts, broken once (0.15 s of the 3x4x5 pentacubes)
            parts = _parts(model, True, budget)
            counted = by_burnside(model, parts, budget, apart)
        else:
            counted = through_orbits(model, budget, apart)
        if counted is not None:
            return counted
    return searches(model, up_to_symmetry, budget, apart, parts)


def _fixed_counts(model):
    """Whether `Fixed` counts the packings a symmetry maps to themselves: the pieces
    fill the board, it has a symmetry, and at most one piece has copies (`Fixed`'s
    options hold no order items: several pieces with copies would need them)."""
    return (len(model.group) > 1 and model.fills()
            and sum(piece.count > 1 for piece in model.pieces) <= 1)


def by_burnside(model, parts, budget, apart):
    """The searches (problem, budget, weight) whose weighted counts add up to the count
    up to symmetry, each residual part with no piece restricted counted by Burnside's
    lemma, or None where the count up to symmetry has no such part.

    Such a part holds the packings that hold its `fixed` placements, and its symmetries
    H (`Part.residual`, each mapping every fixed placement to itself) map them to one
    another: its count up to symmetry is the number of orbits of H, the mean over H of
    the packings each h maps to themselves (Burnside). For the identity that is every
    packing of the part, a plain count, memoized (8x8 dominoes, a part with nothing
    fixed: 12,988,816 packings in 7,728 nodes); for the others `Fixed` (19,519 nodes
    for the 7 others there). Filtered instead, each of its packings would pass through
    Python (8x8 dominoes: no answer in 50 s). The other parts are searched as before,
    and first: the first search is the one --checkpoint keeps (a count over --jobs
    deals all these searches out together: `_dealt`).
    `parts`: those of the count up to symmetry (`_parts`)."""
    counted = [part for part in parts if part.residual is not None and part.restricted is None]
    if not counted:
        return None
    others = [part for part in parts if part not in counted]
    runs = [(problem, 1) for problem in _grouped(model, others, apart)]
    for part in counted:
        weight = Fraction(1, len(part.residual))
        runs.append((Problem(model, [Part(part.fixed)]), weight))
        runs.extend((Fixed(model, moves, part.fixed), weight) for moves in part.residual[1:])
    return [(problem, its_budget, weight)
            for (problem, weight), its_budget in zip(runs, _budgets(budget))]


def through_orbits(model, budget, apart):
    """The searches (problem, budget, weight) whose weighted counts add up to the
    number of packings in all orientations, by Burnside's lemma, or None where the
    count up to symmetry has a residual part.

    The symmetries G (`model.group`) map packings to packings; the number of orbits,
    the count up to symmetry, is the mean over G of the packings each symmetry maps
    to themselves (Burnside). The identity maps all N of them, so N = |G| x orbits -
    the sum, over the other symmetries g, of the packings g maps to themselves
    (`Fixed`): the count up to symmetry, about |G| times faster than the count in
    all orientations, and a few small searches (3,940 x 8 = 31,520 packings of the 12
    pentacubes in a 3x4x5 box, none symmetric: 7 searches of 0). Where the count up
    to symmetry has a residual part (a board of copies alone is one), that part is
    itself counted through the count in all orientations (`by_burnside`), which is
    then searched directly."""
    group = model.group
    found = list(problems(model, True, budget, apart))
    if not found or any(problem.residual for problem in found):
        return None
    budgets = _budgets(budget)
    return [*((problem, next(budgets), len(group)) for problem in found),
            *((Fixed(model, moves), next(budgets), -1) for moves in group[1:])]


class Fixed:
    """The packings that hold the `fixed` placements ({piece: placement}, each mapped to
    itself by the symmetry) and that one symmetry maps to themselves, as an exact
    cover: such a packing is a union of orbits of placements under the symmetry, so
    its options are those orbits whose placements are disjoint, use each piece used
    once at most once and no placement of a fixed piece but its fixed one (each
    covers those pieces and all their cells; a piece with copies, at most one of them
    (`_fixed_counts`), has no item, as in `Problem`)."""

    def __init__(self, model, moves, fixed=None):
        pieces, n_cells = model.pieces, len(model.cells)
        item = {}
        for p, piece in enumerate(pieces):
            if piece.count == 1:
                item[p] = len(item)
        n_pieces, seen, rows = len(item), set(), []
        for k in range(len(model.placements)):
            if k in seen:
                continue
            orbit = _cycle(moves, k)
            seen.update(orbit)
            row = _orbit_row(model, orbit, item, n_pieces, fixed or {})
            if row is not None:
                rows.append(row)
        self.cover = ExactCover(n_pieces + n_cells, 0, rows)
        _configure_counts(model, self.cover)

    def count(self, limit, budget, stats):
        return self.cover.count(limit=limit, budget=budget, stats=stats)

    def plain(self):
        return self.cover


def _cycle(moves, k):
    """k and its images under `moves`, in order, up to k again."""
    orbit = [k]
    while moves[orbit[-1]] != k:
        orbit.append(moves[orbit[-1]])
    return orbit


def _orbit_row(model, orbit, item, n_pieces, fixed):
    """The items of an orbit of placements as one option (its pieces' items, then its
    cells after the `n_pieces` piece items), or None when two of its placements
    overlap or use one piece used once, or one is a placement of a `fixed` piece
    other than its fixed one."""
    pieces, cells = [], []
    for k in orbit:
        p, numbers = model.placements[k]
        if fixed.get(p, k) != k:
            return None
        if p in item:
            pieces.append(item[p])
        cells.extend(n_pieces + n for n in numbers)
    if len(set(pieces)) < len(pieces) or len(set(cells)) < len(cells):
        return None
    return pieces + cells


# -- answers -----------------------------------------------------------------------------

def solve_text(text, *, query="first", limit=None, up_to_symmetry=True, rotations=None,
               reflections=None, budget=UNLIMITED):
    """Solve one input: the first packing, or `query` (count, unique, all; `limit`
    stops --count and --all), up to the puzzle's symmetries unless `up_to_symmetry`
    is False. `rotations` and `reflections` (None: as the input says, else on, but
    reflections off for a solid) say how pieces may turn."""
    puzzle = parse(text)
    turns = {name: value if value is not None else puzzle.switches[name]
             for name, value in (("rotations", rotations), ("reflections", reflections))}
    model = Model(puzzle, True if turns["rotations"] is None else turns["rotations"],
                  turns["reflections"])
    budget.check()
    why = _pack_bounds.why_no_packing(model)
    runs = () if why is not None else counting(model, query, limit, up_to_symmetry, budget)
    data = {"query": query, "dimension": model.dimension, "up_to_symmetry": up_to_symmetry,
            "symmetries": len(model.group) if up_to_symmetry else 1,
            "solutions": None, "count": None, "exact": None, "verdict": None}
    stats = Stats()
    if query in ("count", "unique"):
        found = _count(runs, 2 if query == "unique" else limit, stats)
        if query == "unique":
            data["verdict"] = queries.VERDICTS[found]
        else:
            data.update(count=found, exact=limit is None or found < limit)
        answer = Answer(queries.line(data, query) + "\n", data=data, stats=stats)
    else:
        answer = _listed(model, runs, query, limit, budget, stats, data)
    if why is not None:
        answer.notes.append(why)
    return answer


def _count(runs, limit, stats):
    """The packings the searches `runs` ((problem, budget, weight)) count, at most
    `limit` (the weights are 1 where there is a limit: `counting`). The weighted
    counts (Burnside's lemma: `by_burnside`, `through_orbits`) add up to a whole
    number, exact whatever its size; the solutions of the stats are the packings
    counted. A whole count split over --jobs deals its searches out (`_dealt`)."""
    total, weighted = 0, Fraction(0)
    runs = iter(runs)
    first = next(runs, None)
    runs = itertools.chain(() if first is None else [first], runs)
    if limit is None and first is not None and _deals(first[1]):
        with saying_out_of_memory(OutOfMemory.COUNTING):  # plain counts: no memo
            total, weighted, runs = _dealt(list(runs), stats)
    for problem, its_budget, weight in runs:
        if weight == 1:
            total += problem.count(None if limit is None else limit - total, its_budget,
                                   stats)
        else:
            weighted += _weighted_count(problem, its_budget, weight, stats)
        if limit is not None and total >= limit:
            break
    assert weighted.denominator == 1, "Burnside's mean is a whole number of orbits"
    stats.solutions += int(weighted)
    return total + int(weighted)


def _deals(budget):
    """Whether a count with this budget (its first search's) deals its searches out
    over --jobs: split, not into a checkpoint (it holds one search), not estimated."""
    return (budget.split is not None and not budget.split.holds_one_search
            and budget.estimate is None)


def _dealt(runs, stats):
    """(total, weighted sum, the runs left) of a whole count whose plain searches (all
    but residual parts, which are filtered) are dealt out together over the processes
    of the first run's split (`count_each`): the parts of the symmetry breaking and
    the terms of Burnside's lemma searched apart, without colours, on every process.
    As in `_weighted_count`, a weighted term's solutions are not packings found."""
    budget = runs[0][1]
    dealt = [(problem.plain(), weight) for problem, _, weight in runs
             if problem.plain() is not None]
    covers = [cover for cover, _ in dealt]
    if all(weight == 1 for _, weight in dealt):
        counts = budget.split.count_each(covers, budget=budget, stats=stats)
    else:
        counts = _unweighed(covers, budget, stats)
        plain = sum(found for found, (_, weight) in zip(counts, dealt) if weight == 1)
        for figures in (stats, budget.spent):
            if figures is not None:
                figures.solutions += plain
    total = sum(found for found, (_, weight) in zip(counts, dealt) if weight == 1)
    weighted = sum((weight * found for found, (_, weight) in zip(counts, dealt)
                    if weight != 1), Fraction(0))
    return total, weighted, [run for run in runs if run[0].plain() is None]


def _unweighed(covers, budget, stats):
    """The counts of `covers` dealt out (`count_each`), their costs added into `stats`
    and the budget's spent figures without their solutions."""
    return budget.apart(stats, lambda its_budget, cost: budget.split.count_each(
        covers, budget=its_budget, stats=cost))


def _weighted_count(problem, budget, weight, stats):
    """`weight` times the count of `problem`. Its search costs are added into `stats`
    and into what `budget` has spent, not its solutions: they are a term of a sum
    (`_count` adds the packings it comes to), and a count stopped half way (a time
    limit, Ctrl-C) shows what was spent as packings found: 16 x 16 dominoes stopped
    after the identity's term showed about 8 times the whole count up to symmetry. Under
    --estimate, its estimate of solutions is weighted alike."""
    def weighted(its_budget, cost):
        with estimate.weighted(budget.estimate, weight):
            return weight * problem.count(None, its_budget, cost)

    return budget.apart(stats, weighted)


def _listed(model, runs, query, limit, budget, stats, data):
    """The first packing, or every one (at most `limit`), found by the searches `runs`,
    each written as soon as it is found; with --all each is followed by an empty line."""
    out = Output(budget.emit if query == "all" else None)
    values = [] if out.keeps else None
    wanted = 1 if query == "first" else limit
    count = 0
    for problem, its_budget, _ in runs:
        for placed in problem.solutions(None if wanted is None else wanted - count,
                                        its_budget, stats):
            layers = picture(model, placed)
            out.add(_joined_layers(layers) + ([""] if query == "all" else []))
            count += 1
            if values is not None:
                values.append(_value(model, placed, layers))
        if wanted is not None and count >= wanted:
            break
    data["solutions"] = values
    if query == "all":
        data["count"] = count
        if not count:
            out.add([""])
        return Answer(out.text(), data=data, stats=stats)
    if not count:
        out.add([NO_SOLUTION])
        return Answer(out.text(), data=data, stats=stats, failure=Unsolved([1]))
    return Answer(out.text(), data=data, stats=stats)


def _joined_layers(layers):
    """The rows of every layer, an empty line between two layers."""
    lines = []
    for z, rows in enumerate(layers):
        lines.extend(([""] if z else []) + rows)
    return lines


def picture(model, placed):
    """The board with each cell's piece name ('.' for no cell), as rows per layer."""
    cells = model.cells
    rows = range(min(c[1] for c in cells), max(c[1] for c in cells) + 1)
    cols = range(min(c[2] for c in cells), max(c[2] for c in cells) + 1)
    name = {}
    for k in placed:
        p, numbers = model.placements[k]
        name.update((cells[n], model.pieces[p].name) for n in numbers)
    return [["".join(name.get((z, r, c), ".") for c in cols) for r in rows]
            for z in range(cells[-1][0] + 1)]


def _value(model, placed, layers):
    """A packing as JSON: its picture's layers and each placed piece's cells."""
    return {"layers": layers,
            "pieces": [{"piece": model.pieces[p].name,
                        "cells": [list(model.cells[n]) for n in numbers]}
                       for p, numbers in (model.placements[k] for k in placed)]}


def figures(data):
    """Each listed packing, one figure per layer, every piece in its own colour; a
    count or verdict as a title."""
    if data["solutions"] is None:
        return [Figure(None, None, title=queries.line(data, data["query"]))]
    drawn = []
    for number, solution in enumerate(data["solutions"], 1):
        region = {tuple(cell): k for k, piece in enumerate(solution["pieces"])
                  for cell in piece["cells"]}
        layers = solution["layers"]
        for z, rows in enumerate(layers):
            title = f"layer {z + 1} of {len(layers)}" if len(layers) > 1 else None
            if z == 0 and len(data["solutions"]) > 1:
                title = f"packing {number}" + (f", {title}" if title else "")
            drawn.append(Figure(*_grid(rows, region, z), coloured=True, title=title))
    return drawn


def _grid(rows, region, z):
    """(symbols, regions) of one layer: None where there is no cell."""
    low_row = min((cell[1] for cell in region), default=0)
    low_col = min((cell[2] for cell in region), default=0)
    symbols = [[None if ch == "." else ch for ch in row] for row in rows]
    regions = [[region.get((z, r + low_row, c + low_col)) for c in range(len(row))]
               for r, row in enumerate(rows)]
    return symbols, regions
