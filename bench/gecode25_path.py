"""Why Gecode's 25x25 sudokus are slow for dlxcli: the cost of each wrong first guess.

Usage: DLXCLI_ENGINE=c python bench/gecode25_path.py [--cap NODES] [NAME ...]

Walks dlxcli's first-solution search down the path to the puzzle's unique solution
(bench/data/gecode25/NAME.out). At every level the item the engine branches on is
worked out here from the grid, as the engine's MRV picks it: the fewest options, ties
to the lowest item number (the 625 cells, then (unit, value) for rows, columns, boxes).
Where that item's options come before the one the solution takes, the engine tries
them first, and the nodes it spends to refute each one are counted by the engine itself
(a count under those forced options; no solution lies there, so it is the same subtree
the first-solution search exhausts), stopped at --cap nodes.

The first-solution search visits exactly: the levels of the path, plus one (the
solution), plus every refutation. The script prints that sum; for the two instances the
engine finishes (example89, example90) it equals their node count, which checks the
walk. Not a test: about 5 minutes for all 16 unfinished instances with the default cap.
"""

import argparse
import re
import sys

from harness import REPO

from dlxcli.errors import SearchLimit
from dlxcli.exact_cover import Budget, Stats
from dlxcli.puzzles import sudoku
from dlxcli.puzzles.grid import square_grid, square_units

FOLDER = REPO / "bench" / "data" / "gecode25"
SIDE = 25
UNITS = square_units(5, 5)
UNITS_OF = [[u for u, unit in enumerate(UNITS) if cell in unit] for cell in range(SIDE * SIDE)]


def candidates(grid):
    """Each empty cell's values that no row, column or box around it holds."""
    found = {}
    for cell, value in enumerate(grid):
        if not value:
            used = {grid[other] for u in UNITS_OF[cell] for other in UNITS[u]}
            found[cell] = [v for v in range(1, SIDE + 1) if v not in used]
    return found


def branching_item(grid):
    """(item, its options as (cell, value) in the engine's order): MRV as the engine
    chooses, over cell items first, then (unit, value) items."""
    can = candidates(grid)
    best = None
    for cell, values in can.items():
        if best is None or len(values) < len(best[1]):
            best = (f"cell r{cell // SIDE + 1}c{cell % SIDE + 1}", [(cell, v) for v in values])
    for u, unit in enumerate(UNITS):
        placed = {grid[cell] for cell in unit}
        for value in range(1, SIDE + 1):
            if value not in placed:
                options = [(cell, value) for cell in unit if value in can.get(cell, ())]
                if len(options) < len(best[1]):
                    best = (f"unit {u} value {value}", options)
    return best


def refutation(problem, forced, cap):
    """(nodes, capped) to exhaust the subtree under `forced`."""
    stats = Stats()
    try:
        problem.count(forced=forced, budget=Budget(node_limit=cap), stats=stats)
        return stats.nodes, False
    except SearchLimit:
        return stats.nodes, True


def walk(path, cap):
    """(levels, branch points, [(level, item, n options, [refutation nodes, ...],
    capped)], total nodes)."""
    [puzzle], _ = sudoku.parse_lines(path.read_text())
    [solution], _ = sudoku.parse_lines(path.with_suffix(".out").read_text())
    grid, answer = list(puzzle.givens), solution.givens
    forced = [cell * SIDE + v - 1 for cell, v in enumerate(grid) if v]
    problem = square_grid(5, 5).problem
    levels, branch_points, wrong_first, total = 0, 0, [], 0
    while 0 in grid:
        levels += 1
        item, options = branching_item(grid)
        branch_points += len(options) > 1
        right = next(k for k, (cell, v) in enumerate(options) if answer[cell] == v)
        costs = [refutation(problem, forced + [cell * SIDE + v - 1], cap)
                 for cell, v in options[:right]]
        if costs:
            wrong_first.append((levels, item, len(options), [n for n, _ in costs],
                                any(capped for _, capped in costs)))
            total += sum(n for n, _ in costs)
        cell, v = options[right]
        grid[cell] = v
        forced.append(cell * SIDE + v - 1)
    return levels, branch_points, wrong_first, levels + 1 + total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=int, default=2_000_000,
                        help="nodes allowed to each refutation (default 2,000,000)")
    parser.add_argument("names", nargs="*",
                        help="instances (default: all 18, in Gecode's order)")
    args = parser.parse_args()
    paths = ([FOLDER / f"{name}.in" for name in args.names] if args.names else
             sorted(FOLDER.glob("*.in"), key=lambda p: int(re.sub(r"\D", "", p.stem))))
    for path in paths:
        levels, branch_points, wrong_first, total = walk(path, args.cap)
        capped = any(row[-1] for row in wrong_first)
        print(f"{path.stem}: {levels} levels, {branch_points} with a choice, "
              f"{len(wrong_first)} wrong first guesses; "
              f"first-solution nodes {'at least' if capped else 'exactly'} {total:,}")
        for level, item, width, costs, hit in wrong_first:
            shown = ", ".join(f"{n:,}" + ("+" if hit and n >= args.cap else "") for n in costs)
            print(f"  level {level}: {item}, {width} options; refuting the wrong "
                  f"one(s) tried first: {shown} nodes")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
