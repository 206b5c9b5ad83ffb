"""Sudoku text <-> Knuth DLX1 exact-cover text, for the xcdcl prototype (issue 23 research).

Usage: python bench/proto/sudoku_xc.py PUZZLE.in > PUZZLE.dlx

One puzzle a line (N*N symbols, '.' or '0' empty). Items: cell, row-value, column-value,
box-value, all primary; one option per (row, column, value), a given cell keeping only its
given value's option. `decode` turns xcdcl's chosen option numbers back into the grid line.
"""

import math
import sys

ALPHABETS = {9: "123456789", 16: "123456789ABCDEFG", 25: "123456789ABCDEFGHIJKLMNOP"}


def options(line):
    """(side, alphabet, [(row, column, value index)]) of the puzzle's options, in order."""
    side = math.isqrt(len(line))
    box = math.isqrt(side)
    alphabet = ALPHABETS[side]
    found = []
    for cell, symbol in enumerate(line):
        row, column = divmod(cell, side)
        values = range(side) if symbol in ".0" else [alphabet.index(symbol)]
        found.extend((row, column, value) for value in values)
    return side, box, alphabet, found


def knuth_text(line):
    """The puzzle as Knuth's DLX1 text."""
    side, box, _, found = options(line)
    items = [f"p{r}_{c}" for r in range(side) for c in range(side)]
    items += [f"{kind}{u}_{v}" for kind in "rcb" for u in range(side) for v in range(side)]
    lines = [" ".join(items)]
    for row, column, value in found:
        block = (row // box) * box + column // box
        lines.append(f"p{row}_{column} r{row}_{value} c{column}_{value} b{block}_{value}")
    return "\n".join(lines) + "\n"


def decode(line, chosen):
    """The solved grid line from xcdcl's chosen option numbers."""
    side, _, alphabet, found = options(line)
    grid = ["?"] * (side * side)
    for number in chosen:
        row, column, value = found[number]
        grid[row * side + column] = alphabet[value]
    return "".join(grid)


if __name__ == "__main__":
    sys.stdout.write(knuth_text(open(sys.argv[1]).read().split()[0]))
