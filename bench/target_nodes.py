"""Issue 3: nodes visited by the target-sudoku branch and bound against full enumeration.

Usage: python bench/target_nodes.py [--limit NODES]

For the official samples and the shared and generated cases where the seed takes more
than 0.1 s, in one process on the active engine twin (the twins visit the same nodes):

* branch and bound as `dlxcli target-sudoku` runs it (shifted weights, see
  dlxcli/puzzles/target_sudoku.py);
* branch and bound with the judge's plain weights (weight x digit);
* full enumeration, `count()`: every completion, which is what the seed does.

Counts are nodes of the search tree (the engine's `nodes`); a search stopped by the
node limit shows as "> LIMIT". Both maxima must agree with the expected answer file.
"""

import argparse

from bench_sudoku import target_cases
from dlxcli.errors import NodeLimitExceeded
from dlxcli.exact_cover import Budget, Stats
from dlxcli.puzzles import target_sudoku
from dlxcli.puzzles.grid import Grid, square_units

NAMES = ("sample1.in", "sample2.in", "t6_g24.in", "t14_g20.in", "gen_g21_1.in",
         "gen_g20_1.in", "gen_g18_0.in")
"""The samples, then cases where the seed takes more than 0.1 s (docs/performance.md)."""


def plain_grid():
    """The target-sudoku Grid weighted with the judge's own weights."""
    return Grid(81, 9, square_units(3, 3),
                weight=lambda cell, digit: target_sudoku.weight(cell) * digit)


def nodes_of(query, limit):
    """(nodes, result) of one query, or ('> limit', None) if it hit the node limit."""
    stats = Stats()
    try:
        result = query(budget=Budget(node_limit=limit), stats=stats)
    except NodeLimitExceeded:
        return f"> {limit:,}", None
    return f"{stats.nodes:,}", result


def row(name, path, expected, plain, limit):
    givens = target_sudoku.parse(path.read_text())
    shifted = target_sudoku.target_grid()
    cells = []
    for grid in (shifted, plain):
        forced = grid.forced(givens)
        nodes, best = nodes_of(lambda **c: grid.problem.maximize(forced=forced, **c), limit)
        if best is not None:
            score = target_sudoku.score(grid.decode(best[1]))
            if str(score) != expected:
                raise SystemExit(f"{name}: maximum {score}, expected {expected}")
        cells.append(nodes)
    forced = plain.forced(givens)
    nodes, count = nodes_of(lambda **c: plain.problem.count(forced=forced, **c), limit)
    cells.append(nodes if count is None else f"{nodes} ({count:,} completions)")
    return f"| {name} | " + " | ".join(cells) + " |"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=20_000_000,
                        help="node limit per search (default 20,000,000)")
    limit = parser.parse_args().limit
    plain = plain_grid()
    print("| case | branch and bound | branch and bound, plain weights | full enumeration |")
    print("|---|---|---|---|")
    for name, path, expected in target_cases(argparse.Namespace(quick=False)):
        if name in NAMES:
            print(row(name, path, expected, plain, limit), flush=True)


if __name__ == "__main__":
    main()
