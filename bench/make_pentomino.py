"""Write the P4929 matrix of the twelve pentominoes on a ROWS x COLS board.

Usage: python bench/make_pentomino.py ROWS COLS [--quadrant] > board.p4929

Columns: the 12 pieces (F I L N P T U V W X Y Z), then the cells row by row; one row per
placement of a piece in one of its orientations (rotations and reflections), piece by
piece. With --quadrant the X piece's centre stays in the board's upper-left quadrant,
Dana Scott's way of counting each solution once instead of four times (valid when
neither side of the board is odd, as on 6x10). Known counts (Knuth, "Dancing Links",
2000; Haselgrove 1960): 6x10 has 2,339 solutions up to symmetry (9,356 placements in
all, 2,339 with --quadrant); 5x12 has 1,010 (4,040 in all).
"""

import argparse
import sys

SHAPES = {
    "F": [".XX", "XX.", ".X."], "I": ["XXXXX"], "L": ["XXXX", "X..."],
    "N": ["XX..", ".XXX"], "P": ["XX", "XX", "X."], "T": ["XXX", ".X.", ".X."],
    "U": ["X.X", "XXX"], "V": ["X..", "X..", "XXX"], "W": ["X..", "XX.", ".XX"],
    "X": [".X.", "XXX", ".X."], "Y": ["XXXX", ".X.."], "Z": ["XX.", ".X.", ".XX"],
}


def orientations(picture):
    """The distinct placements of a shape's cells under the 8 symmetries of the square,
    each shifted to touch row 0 and column 0."""
    cells = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "X"]
    found = set()
    for _ in range(2):
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            top, left = min(r for r, _ in cells), min(c for _, c in cells)
            found.add(tuple(sorted((r - top, c - left) for r, c in cells)))
        cells = [(r, -c) for r, c in cells]
    return sorted(found)


def placements(rows, cols, quadrant):
    """(piece index, cells) for every placement on the board, piece by piece."""
    for k, (name, picture) in enumerate(SHAPES.items()):
        for shape in orientations(picture):
            height = 1 + max(r for r, _ in shape)
            width = 1 + max(c for _, c in shape)
            for top in range(rows - height + 1):
                for left in range(cols - width + 1):
                    if quadrant and name == "X" and not (2 * (top + 1) < rows - 1
                                                         and 2 * (left + 1) < cols - 1):
                        continue
                    yield k, [(top + r) * cols + left + c for r, c in shape]


def matrix_text(rows, cols, quadrant):
    """The P4929 text: N M, then one line of 0/1 per placement."""
    width = len(SHAPES) + rows * cols
    lines = []
    for piece, cells in placements(rows, cols, quadrant):
        row = ["0"] * width
        row[piece] = "1"
        for cell in cells:
            row[len(SHAPES) + cell] = "1"
        lines.append(" ".join(row))
    return f"{len(lines)} {width}\n" + "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", type=int)
    parser.add_argument("cols", type=int)
    parser.add_argument("--quadrant", action="store_true",
                        help="keep the X piece's centre in the upper-left quadrant")
    args = parser.parse_args()
    sys.stdout.write(matrix_text(args.rows, args.cols, args.quadrant))


if __name__ == "__main__":
    main()
