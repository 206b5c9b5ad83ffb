"""n queens as exact cover: Luogu P1219 (USACO 1.5 "checker").

Layer: puzzles. Rows and columns are primary items (one queen each), the 2n-1
diagonals of each direction are secondary (at most one queen). The judge wants the
first three placements in lexicographic order, then the number of placements.

Two problems are built because the two questions want different item orders:
* listing: rows first, each row's options by column, searched first-item-first, which
  makes the engine meet the placements in lexicographic order;
* counting: rows and columns interleaved from the middle outwards ("organ-pipe"
  order, after Knuth), searched by MRV: the centre lines are the most constrained,
  so ties go to them, which cuts the search tree by about 40% at n = 13.
"""

from ..exact_cover import ExactCover, Stats
from ..formats import Tokens, join_lines
from . import Answer, add_stats

MAX_N = 32
"""Beyond this even the count would take years; refusing is kinder than hanging."""
SHOWN = 3


def parse(text):
    tokens = Tokens(text)
    n = tokens.int(f"the board size n (an integer 1..{MAX_N})", 1, MAX_N)
    tokens.expect_end("only the board size n")
    return n


def board(n, lines_order):
    """The exact-cover problem; `lines_order` lists ("row", k) / ("col", k) primary items."""
    index = {line: k for k, line in enumerate(lines_order)}
    diagonals = 2 * n - 1
    options = [[index["row", r], index["col", c], 2 * n + r + c, 2 * n + diagonals + r - c + n - 1]
               for r in range(n) for c in range(n)]
    return ExactCover(2 * n, 2 * diagonals, options)


def organ_pipe(n):
    """0..n-1 from the middle outwards: for 8, 3 4 2 5 1 6 0 7."""
    return sorted(range(n), key=lambda k: (abs(2 * k - (n - 1)), k))


def solve_text(text, **control):
    n = parse(text)
    lister = board(n, [("row", r) for r in range(n)] + [("col", c) for c in range(n)])
    placements = [_columns(n, solution)
                  for solution in lister.solutions(first_item=True, limit=SHOWN, **control)]
    stats = add_stats(Stats(), lister.stats)
    counter = board(n, [(kind, k) for k in organ_pipe(n) for kind in ("row", "col")])
    count = counter.count(**control)
    add_stats(stats, counter.stats)
    lines = [" ".join(map(str, p)) for p in placements] + [str(count)]
    return Answer(join_lines(lines), data={"n": n, "first": placements, "count": count},
                  stats=stats)


def _columns(n, solution):
    """A solution's options (numbered r * n + c) as the judge's column list, 1-based."""
    return [j % n + 1 for j in sorted(solution)]
