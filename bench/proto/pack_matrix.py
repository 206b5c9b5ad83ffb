"""Issue 30 research: write a `dlxcli pack` puzzle's exact cover, every orientation (no
symmetry breaking), for the C prototypes bench/proto/pack_search.c and pack_probe.c.

Usage: python bench/proto/pack_matrix.py PUZZLE.in OUT.mat

The format, numbers separated by blanks: the number of pieces and of board cells, each
piece's size; one line per cell: its neighbours' count, then their numbers; the number
of placements, then one line per placement: its piece, its size, its cells. The
placements are pack.Model's (the walled-in ones already left out).
"""

import sys

from dlxcli.puzzles import pack


def main():
    source, target = sys.argv[1:3]
    with open(source, encoding="utf-8") as handle:
        model = pack.Model(pack.parse(handle.read()), True, None)
    lines = [" ".join(map(str, [len(model.pieces), len(model.cells),
                                *(len(piece.cells) for piece in model.pieces)]))]
    lines += [" ".join(map(str, [len(near), *near])) for near in model.neighbours]
    lines.append(str(len(model.placements)))
    lines += [" ".join(map(str, [p, len(cells), *cells])) for p, cells in model.placements]
    with open(target, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
