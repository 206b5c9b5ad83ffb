"""Issue 30 (branch order30): the order of a packing's items, which decides MRV's ties.

Usage: DLXCLI_ENGINE=c python bench/proto/item_order.py [--rules R1,R2] [--boards B1,B2]
       [--all-symmetries]

For each board and each rule, `pack.solve_text(..., query="count")` with every
ExactCover that pack builds renumbered: its primary items (the piece items, then the
cells in the board's order, as pack lays them out) permuted by the rule, the
secondary items left where they are. The same search on both twins: the nodes and
updates (C twin) are exact, whatever the load. Prints one line per (board, rule):
count, nodes, updates, and their ratios to the rule `base` (pack's own order), and
the CPU seconds (which the load moves; the counters do not).

Rules (joined by '+'): `cells` puts the cells before the piece items; the cells, in
the board's order (layer, row, column) unless a key reorders them (stable): `nbr` by
board neighbours ascending (outside in), `nbrdesc` descending; `depth` by steps from
a cell on the board's surface ascending, `depthdesc` descending; `far` by distance
from the board's centre descending, `near` ascending; `long` / `short` read the axes
longest (shortest) extent outermost; `axesABC` an explicit axis order; `reverse` the
board's order reversed; `randN` a random order (seed N). The piece items: `prev`
reversed, `pfew` / `pmany` by their placements ascending / descending.
Results: docs/performance.md, "Issue 30: the order of the items".
"""

import argparse
import random
import sys
import time
from pathlib import Path

from dlxcli.exact_cover import ExactCover
from dlxcli.puzzles import pack

REPO = Path(__file__).resolve().parents[2]
STATE = {"model": None, "rule": "base"}


def _depths(model):
    """Each cell's distance (in steps on the board) from a cell with a side outside."""
    full = 2 * (3 if model.dimension == 3 else 2)
    depth = [0 if len(n) < full else None for n in model.neighbours]
    frontier = [k for k, d in enumerate(depth) if d == 0]
    level = 0
    while frontier:
        level += 1
        nxt = []
        for k in frontier:
            for n in model.neighbours[k]:
                if depth[n] is None:
                    depth[n] = level
                    nxt.append(n)
        frontier = nxt
    return [level if d is None else d for d in depth]


def _centre_distance(model):
    cells = model.cells
    centre = [sum(c[a] for c in cells) / len(cells) for a in range(3)]
    return [sum((c[a] - centre[a]) ** 2 for a in range(3)) for c in cells]


def _axes(model, longest_first):
    """The axes (0 layer, 1 row, 2 column) by extent on the board."""
    lows, highs = pack._bounds(model.cells)
    extents = [h - l for l, h in zip(lows, highs)]
    return sorted(range(3), key=lambda a: (-extents[a] if longest_first else extents[a], a))


def cell_order(model, rule):
    """The board's cell numbers in the order the rule lays them out."""
    cells, n = model.cells, len(model.cells)
    base = list(range(n))
    parts = set(rule.split("+"))
    keys = []
    if "nbr" in parts:
        keys.append([len(x) for x in model.neighbours])
    if "nbrdesc" in parts:
        keys.append([-len(x) for x in model.neighbours])
    if "depth" in parts:
        keys.append(_depths(model))
    if "depthdesc" in parts:
        keys.append([-d for d in _depths(model)])
    if "far" in parts:
        keys.append([-d for d in _centre_distance(model)])
    if "near" in parts:
        keys.append(_centre_distance(model))
    axes = None
    if "long" in parts:
        axes = _axes(model, True)
    if "short" in parts:
        axes = _axes(model, False)
    for part in parts:
        if part.startswith("axes"):
            axes = [int(ch) for ch in part[4:]]
    if axes is not None:
        keys.append([tuple(cells[k][a] for a in axes) for k in base])
    for part in parts:
        if part.startswith("rand"):
            rng = random.Random(int(part[4:]))
            shuffled = base[:]
            rng.shuffle(shuffled)
            return shuffled
    if "reverse" in parts:
        keys.append([-k for k in base])
    return sorted(base, key=lambda k: tuple(key[k] for key in keys) + (k,))


def permutation(model, n_primary, rule):
    """new number of each primary item: piece items, then cells, as pack lays them out."""
    n_cells = len(model.cells)
    n_pieces = n_primary - n_cells
    order = cell_order(model, rule)
    cells_first = "cells" in rule.split("+")
    new = [0] * n_primary
    for position, k in enumerate(order):
        new[n_pieces + k] = position + (0 if cells_first else n_pieces)
    pieces = list(range(n_pieces))
    if "prev" in rule.split("+"):
        pieces.reverse()
    if "pfew" in rule.split("+") or "pmany" in rule.split("+"):
        placements = _piece_item_placements(model, n_pieces)
        sign = 1 if "pfew" in rule.split("+") else -1
        pieces.sort(key=lambda p: (sign * placements[p], p))
    for position, p in enumerate(pieces):
        new[p] = position + (n_cells if cells_first else 0)
    return new


def _piece_item_placements(model, n_pieces):
    """The placements of each piece item (pieces used once: one item each)."""
    counts = [0] * len(model.pieces)
    for p, _ in model.placements:
        counts[p] += 1
    items = [counts[p] for p, piece in enumerate(model.pieces) if piece.count == 1]
    return items if len(items) == n_pieces else [0] * n_pieces


class Permuted(ExactCover):
    def __init__(self, n_primary, n_secondary, options, weights=None, colors=None):
        model, rule = STATE["model"], STATE["rule"]
        if rule != "base" and model is not None:
            new = permutation(model, n_primary, rule)
            options = [[new[i] if i < n_primary else i for i in option] for option in options]
        super().__init__(n_primary, n_secondary, options, weights, colors)


_init = pack.Model.__init__


def _remember(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    STATE["model"] = self


pack.Model.__init__ = _remember
pack.ExactCover = Permuted


def board(rows, text_pieces):
    return "board:\n" + "\n".join(rows) + "\n" + text_pieces


def random_board(seed, cells=60, size=10):
    """A random connected region of `cells` cells in a size x size square (grown at random)."""
    rng = random.Random(seed)
    region = {(size // 2, size // 2)}
    while len(region) < cells:
        r, c = rng.choice(sorted(region))
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        if 0 <= r + dr < size and 0 <= c + dc < size:
            region.add((r + dr, c + dc))
    rows = ["".join("X" if (r, c) in region else "." for c in range(size)) for r in range(size)]
    return board(rows, "pieces: pentominoes\n")


def random_box_board(seed):
    """A random 60-cell region grown in a 4x4x5 box, for the pentacubes."""
    rng = random.Random(seed)
    region = {(1, 2, 2)}
    while len(region) < 60:
        z, r, c = rng.choice(sorted(region))
        step = rng.choice([(0, 0, 1), (0, 1, 0), (1, 0, 0), (0, 0, -1), (0, -1, 0), (-1, 0, 0)])
        cell = (z + step[0], r + step[1], c + step[2])
        if 0 <= cell[0] < 4 and 0 <= cell[1] < 4 and 0 <= cell[2] < 5:
            region.add(cell)
    layers = ["\n".join("".join("X" if (z, r, c) in region else "." for c in range(5))
                        for r in range(4)) for z in range(4)]
    return "board:\n" + "\n\n".join(layers) + "\npieces: pentominoes\n"


def dominoes(rows, columns):
    picture = "\n".join("X" * columns for _ in range(rows))
    return f"board:\n{picture}\npiece D*{rows * columns // 2}:\nXX\n"


BOARDS = {
    "3x4x5": (REPO / "bench/data/pentacubes-3x4x5.in").read_text(),
    "2x5x6": (REPO / "bench/data/pentacubes-2x5x6.in").read_text(),
    "2x3x10": (REPO / "bench/data/pentacubes-2x3x10.in").read_text(),
    "6x10": (REPO / "puzzles/pack/pentominoes-6x10.in").read_text(),
    "5x12": (REPO / "puzzles/pack/pentominoes-5x12.in").read_text(),
    "4x15": (REPO / "puzzles/pack/pentominoes-4x15.in").read_text(),
    "3x20": (REPO / "puzzles/pack/pentominoes-3x20.in").read_text(),
    "8x8-hole": (REPO / "puzzles/pack/pentominoes-8x8-hole.in").read_text(),
    "soma": (REPO / "puzzles/pack/soma.in").read_text(),
    "rand1": random_board(1),
    "rand2": random_board(2),
    "rand3": random_board(3),
    "box1": random_box_board(1),
    "box2": random_box_board(2),
    "dom8x8": dominoes(8, 8),
    "dom12x12": dominoes(12, 12),
    "dom6x40": dominoes(6, 40),
    "dom40x6": dominoes(40, 6),
    "dom8x30": dominoes(8, 30),
    "dom10x40": dominoes(10, 40),
    "dom8x60": dominoes(8, 60),
    "mixed6x6": "board:\n" + "\n".join(["XXXXXX"] * 6) +
                "\npiece a:\nX\npiece b:\nX\npiece c:\nX\npiece d:\nX\npiece D*16:\nXX\n",
}

RULES = ["base", "cells", "reverse", "nbr", "nbr+cells", "nbrdesc", "depth", "depth+cells",
         "depthdesc", "far", "far+cells", "near", "long", "short", "long+cells",
         "depth+long", "depth+short", "far+long", "prev", "pfew", "pmany", "rand1", "rand2",
         "rand3"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", default=",".join(RULES))
    parser.add_argument("--boards", default=",".join(BOARDS))
    parser.add_argument("--all-symmetries", action="store_true")
    args = parser.parse_args()
    base = {}
    for name in args.boards.split(","):
        for rule in args.rules.split(","):
            STATE["rule"] = rule
            start = time.process_time()
            answer = pack.solve_text(BOARDS[name], query="count",
                                     up_to_symmetry=not args.all_symmetries)
            seconds = time.process_time() - start
            stats = answer.stats
            count = answer.data["count"]
            if rule == "base":
                base[name] = (stats.nodes, stats.updates or 0)
            bn, bu = base.get(name, (None, None))
            ratio = (f"{stats.nodes / bn:6.3f} {stats.updates / bu if bu else 0:6.3f}"
                     if bn else "")
            print(f"{name:9} {rule:14} {count:>10} {stats.nodes:>11,} "
                  f"{stats.updates or 0:>14,} {ratio} {seconds:7.2f}s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
