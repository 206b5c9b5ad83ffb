"""A second route to `pack`'s counts, written apart from dlxcli's code: every packing
of a small board by backtracking over its first empty cell, and the packings up to
symmetry as the distinct least images under the board's symmetries (canonical
forms), in the plane and in space; and a transfer-matrix counter of domino tilings
of a board with holes, with the tilings a half turn or a quarter turn of a square
maps to themselves, for counts far past brute force.

Turns as docs/pack.md defines them: with rotations, the rotations of the square (4)
or the cube (24), and with reflections every symmetry (8, 48); without rotations,
the identity and, with reflections, the mirror that reverses columns. A symmetry of
the board counts where it maps every kind of piece (its shape under the turns, and
its count) to a kind the puzzle has, pieces of one kind in their order."""

import itertools


def cube_turns(dimension):
    """Every signed permutation of (layer, row, column), as (perm, signs); in the
    plane, those that keep the layer axis."""
    found = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            if dimension == 2 and (perm[0] != 0 or signs[0] != 1):
                continue
            found.append((perm, signs))
    return found


def apply(turn, cell):
    perm, signs = turn
    return tuple(sign * cell[axis] for axis, sign in zip(perm, signs))


def determinant(turn):
    perm, signs = turn
    sign = 1
    for a, b in itertools.combinations(perm, 2):
        if a > b:
            sign = -sign
    for s in signs:
        sign *= s
    return sign


def piece_turns(dimension, rotations, reflections):
    if rotations:
        return [t for t in cube_turns(dimension) if reflections or determinant(t) == 1]
    identity = ((0, 1, 2), (1, 1, 1))
    return [identity, ((0, 1, 2), (1, 1, -1))] if reflections else [identity]


def normal(cells):
    lows = [min(c[k] for c in cells) for k in range(3)]
    return tuple(sorted(tuple(v - low for v, low in zip(c, lows)) for c in cells))


def shape_class(cells, turns):
    return frozenset(normal([apply(t, c) for c in cells]) for t in turns)


class TooMany(Exception):
    """More packings than the brute force was asked to list."""


def packings(board, pieces, turns, most=None):
    """Every packing of `board` (cells (layer, row, column)) by `pieces` ({name:
    (cells, copies)}), each a frozenset of (name, frozenset of cells); TooMany past
    `most` of them."""
    if sum(len(cells) * k for cells, k in pieces.values()) != len(board):
        return set()
    shapes = {name: sorted(shape_class(cells, turns)) for name, (cells, _) in pieces.items()}
    return tiled(board, shapes, {name: copies for name, (_, copies) in pieces.items()}, most)


def tiled(board, shapes, left, most=None):
    """Every tiling of `board` (a set of cells: tuples of any dimension) by the pieces of
    `shapes` ({name: its normalized images}), `left[name]` copies of each: frozensets of
    (name, frozenset of cells); TooMany past `most` of them. The brute force: the least
    empty cell, covered by every image of every piece left, in turn."""
    found = set()

    def fill(empty, placed):
        if not empty:
            found.add(frozenset(placed))
            if most is not None and len(found) > most:
                raise TooMany
            return
        target = min(empty)
        for name in sorted(left):
            if not left[name]:
                continue
            for shape in shapes[name]:
                anchor = min(shape)
                cells = frozenset(tuple(v - a + t for v, a, t in zip(cell, anchor, target))
                                  for cell in shape)
                if cells <= empty:
                    left[name] -= 1
                    fill(empty - cells, placed + [(name, cells)])
                    left[name] += 1

    fill(frozenset(board), [])
    return found


def symmetries(board, pieces, dimension, turns):
    """The symmetries of the puzzle: (cell map, piece name map) of each transform of
    the square or cube that maps the board onto itself and each kind of piece onto a
    kind of the puzzle, in order."""
    board = set(board)
    shape = normal(board)
    kinds = {}
    for name, (cells, copies) in pieces.items():
        kinds.setdefault((shape_class(cells, turns), copies), []).append(name)
    found = []
    for turn in cube_turns(dimension):
        moved = [apply(turn, c) for c in board]
        if normal(moved) != shape:
            continue
        lows = [min(c[k] for c in moved) for k in range(3)]
        base = [min(c[k] for c in board) for k in range(3)]
        names = {}
        for (cls, copies), members in kinds.items():
            image = frozenset(normal([apply(turn, c) for c in s]) for s in cls)
            targets = kinds.get((image, copies))
            if targets is None or len(targets) != len(members):
                break
            names.update(zip(members, targets))
        else:
            found.append((lambda c, t=turn, lo=lows, b=base:
                          tuple(v - low + x for v, low, x in zip(apply(t, c), lo, b)), names))
    return found


def orbits(found, group):
    """The number of orbits of the packings `found` under `group`: distinct least images."""
    def key(solution):
        return tuple(sorted((name, tuple(sorted(cells))) for name, cells in solution))

    def image(solution, move, names):
        return key((names[name], [move(c) for c in cells]) for name, cells in solution)

    return len({min(image(s, move, names) for move, names in group) for s in found})


def brute_counts(board, pieces, dimension, rotations, reflections, most=None):
    """(packings in all orientations, packings up to symmetry) of a puzzle (TooMany
    past `most` packings)."""
    turns = piece_turns(dimension, rotations, reflections)
    found = packings(board, pieces, turns, most)
    return len(found), orbits(found, symmetries(board, pieces, dimension, turns))


def text_of(board, pieces, rotations=None, reflections=None):
    """The `pack` input of a puzzle: cells (layer, row, column), pieces {name: (cells,
    copies)}."""
    def picture(cells):
        cells = set(cells)
        layers = range(max(c[0] for c in cells) + 1)
        rows = range(max(c[1] for c in cells) + 1)
        cols = range(max(c[2] for c in cells) + 1)
        return "\n\n".join("\n".join("".join("X" if (z, r, c) in cells else "."
                                             for c in cols) for r in rows)
                           for z in layers)
    lines = ["board:", picture(board)]
    for name, (cells, copies) in pieces.items():
        lines += [f"piece {name}{'*%d' % copies if copies > 1 else ''}:", picture(cells)]
    for word, value in (("rotations", rotations), ("reflections", reflections)):
        if value is not None:
            lines.append(f"{word}: {'on' if value else 'off'}")
    return "\n".join(lines) + "\n"


# -- domino tilings by transfer matrix ---------------------------------------------------

def domino_profile_counts(rows, cols, holes=frozenset(), open_end=False):
    """{profile: tilings} after filling columns 0..cols-1 of a rows x cols board whose
    `holes` ((row, column)) are no cells, column by column: a profile is the set of
    cells of the next column (bit r) covered by horizontal dominoes sticking out of
    the last one (none unless `open_end`: the board goes on past it)."""
    states = {0: 1}
    for c in range(cols):
        hole = sum(1 << r for r in range(rows) if (r, c) in holes)
        nxt = {}
        for mask, ways in states.items():
            if mask & hole:
                continue
            for out, n in _column(rows, mask | hole, c, holes, cols + open_end).items():
                nxt[out] = nxt.get(out, 0) + n * ways
        states = nxt
    return states


def _column(rows, filled, c, holes, cols):
    """{profile of column c + 1: ways} of covering the free cells of column c (those
    not in `filled`) by vertical dominoes and horizontal ones sticking out."""
    result = {}

    def go(r, out):
        if r == rows:
            result[out] = result.get(out, 0) + 1
            return
        if filled >> r & 1:
            go(r + 1, out)
            return
        if c + 1 < cols and (r, c + 1) not in holes:
            go(r + 1, out | 1 << r)
        if r + 1 < rows and not filled >> (r + 1) & 1:
            go(r + 2, out)

    go(0, 0)
    return result


def domino_tilings(rows, cols, holes=frozenset()):
    """The domino tilings of a rows x cols board with `holes`."""
    return domino_profile_counts(rows, cols, holes).get(0, 0)


def _half_turn_fixed(rows, cols):
    """Tilings of a rows x cols board (rows even) the half turn maps to themselves: the
    top half's, whose vertical dominoes across the middle row pair (row rows/2 - 1,
    column c) with (rows/2 - 1, cols - 1 - c), i.e. profiles closed under reversal."""
    half = domino_profile_counts(cols, rows // 2, open_end=True)   # rows: the DP's columns
    def reversed_bits(mask):
        return sum(1 << (cols - 1 - r) for r in range(cols) if mask >> r & 1)
    return sum(n for mask, n in half.items() if reversed_bits(mask) == mask)


def _quarter_turn_fixed(n):
    """Tilings of a 2m x 2m square (n = 2m) a quarter turn maps to themselves: its top
    left quadrant, with the set A of rows whose horizontal domino crosses to the top
    right quadrant and the same set of columns crossing to the bottom left one (the
    quarter turns of one another), cells removed."""
    m = n // 2
    total = 0
    for a in range(1 << m):
        crossing = [i for i in range(m) if a >> i & 1]
        holes = {(r, m - 1) for r in crossing} | {(m - 1, c) for c in crossing}
        if (m - 1 in crossing):
            continue    # the corner cell would be covered twice
        total += domino_tilings(m, m, frozenset(holes))
    return total


def domino_square_up_to_symmetry(n):
    """The domino tilings of an n x n square (n even) up to its 8 symmetries, by
    Burnside's lemma over these counts: no tiling is mapped to itself by a diagonal
    reflection (the domino on a diagonal cell would be its own mirror image)."""
    identity = domino_tilings(n, n)
    mirror = sum(domino_profile_counts(n, n // 2, open_end=True).values())
    half = _half_turn_fixed(n, n)
    quarter = _quarter_turn_fixed(n)
    total = identity + 2 * mirror + half + 2 * quarter
    assert total % 8 == 0
    return total // 8


def parse(text):
    """(board, pieces, dimension, rotations, reflections) of a `pack` input written
    with pictures of 'X' and '.', `piece NAME[*K]:` and `rotations:`/`reflections:`
    lines (no piece sets): the defaults as docs/pack.md says (reflections off in space)."""
    sections, switches, current = [], {}, None
    for line in text.split("\n"):
        if ":" in line:
            head, value = (part.strip() for part in line.split(":", 1))
            if head in ("rotations", "reflections"):
                switches[head] = value == "on"
                current = None
            else:
                current = [head, []]
                sections.append(current)
        elif current is not None:
            current[1].append(line)

    def picture(lines):
        while lines and not lines[-1]:
            lines.pop()
        found, layer, row = [], 0, 0
        for line in lines:
            if not line:
                layer, row = (layer + 1, 0) if row else (layer, row)
                continue
            found += [(layer, row, c) for c, ch in enumerate(line) if ch == "X"]
            row += 1
        return found

    board, pieces = None, {}
    for head, lines in sections:
        if head == "board":
            board = picture(lines)
        else:
            name, _, copies = head.split()[1].partition("*")
            pieces[name] = (picture(lines), int(copies or 1))
    dimension = 3 if any(c[0] for c in board) or any(
        c[0] for cells, _ in pieces.values() for c in cells) else 2
    return (board, pieces, dimension, switches.get("rotations", True),
            switches.get("reflections", dimension == 2))
