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

from __future__ import annotations

from ..exact_cover import UNLIMITED, ExactCover, Stats
from ..formats import Tokens, join_lines
from . import Answer, Command, Figure

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from collections.abc import Iterable
    from typing import Any

    from ..exact_cover import Budget

MAX_N = 32
"""Beyond this even the count would take years; refusing is kinder than hanging."""
SHOWN = 3
LEARN_REFUSED = ("queens' answer is the first three placements in the DLX search's "
                 "lexicographic order and a count: use --reason singles or auto")
"""Why --reason learn cannot answer (dlxcli.commands.learn_refused)."""

COMMAND = Command(
    "Place n queens on an n x n board (Luogu P1219).",
    """Place n queens on an n x n board, none attacking another.

    Input: n (1..32). Output: the first three placements in lexicographic order (the
    column of the queen in each row), then the number of placements.""",
    ["echo 6 | dlxcli queens",
     "dlxcli queens puzzles/queens/sample1.in",
     "echo 16 | dlxcli queens --estimate"],
)


def parse(text: str) -> int:
    tokens = Tokens(text)
    n = tokens.int(f"the board size n (an integer 1..{MAX_N})", 1, MAX_N)
    tokens.expect_end("only the board size n")
    return n


def board(n: int, lines_order: list[tuple[str, int]]) -> ExactCover:
    """The exact-cover problem; `lines_order` lists ("row", k) / ("col", k) primary items."""
    index = {line: k for k, line in enumerate(lines_order)}
    diagonals = 2 * n - 1
    options = [[index["row", r], index["col", c], 2 * n + r + c, 2 * n + diagonals + r - c + n - 1]
               for r in range(n) for c in range(n)]
    return ExactCover(2 * n, 2 * diagonals, options)


def organ_pipe(n: int) -> list[int]:
    """0..n-1 from the middle outwards: for 8, 3 4 2 5 1 6 0 7."""
    return sorted(range(n), key=lambda k: (abs(2 * k - (n - 1)), k))


def solve_text(text: str, *, budget: Budget = UNLIMITED) -> Answer:
    n = parse(text)
    # The count first: a limit or Ctrl-C that stops it leaves the figures of the count
    # alone in the budget's tally (-v), not with the listing's solutions, which are
    # among those counted.
    counter = board(n, [(kind, k) for k in organ_pipe(n) for kind in ("row", "col")])
    stats = Stats()
    count = counter.count(budget=budget, stats=stats)
    lister = board(n, [("row", r) for r in range(n)] + [("col", c) for c in range(n)])
    listing = Stats()
    placements = [_columns(n, solution) for solution in
                  lister.solutions(first_item=True, limit=SHOWN, budget=budget,
                                   stats=listing)]
    stats.add(listing, solutions=False)  # the listing's solutions are among those counted
    lines = [" ".join(map(str, p)) for p in placements] + [str(count)]
    return Answer(join_lines(lines), data={"n": n, "first": placements, "count": count},
                  stats=stats)


def _columns(n: int, solution: Iterable[int]) -> list[int]:
    """A solution's options (numbered r * n + c) as the judge's column list, 1-based."""
    return [j % n + 1 for j in sorted(solution)]


def figures(data: dict[str, Any]) -> list[Figure]:
    """Each listed placement drawn as a board (queens as Q) under its judge line, and
    the count last."""
    n = data["n"]
    squares = [[(r, c) for c in range(n)] for r in range(n)]
    boards = [Figure([["Q" if placement[r] == c + 1 else "." for c in range(n)]
                      for r in range(n)], squares, title=" ".join(map(str, placement)))
              for placement in data["first"]]
    count = f"{data['count']} placements"
    return boards + [Figure(None, None, title=count)]
