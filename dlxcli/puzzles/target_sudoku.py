"""Target sudoku: Luogu P1074 (NOIP 2009 senior, problem 3).

Layer: puzzles. A 9x9 sudoku (0 = empty) whose cells weigh 10 at the centre down to 6
on the outer ring, weight(r, c) = 10 - max(|r-4|, |c-4|); the answer is the largest
sum of weight x digit over all completions, or -1 when there is none.

The search is the engine's branch and bound (`ExactCover.maximize`) on one weighted
`grid.Grid`, built once, with the givens forced. Its bound gives every uncovered item
the largest share (an option's weight split evenly over its four items) among the
options still open to it. With the plain weights w*d that bound is loose: it lets every
item pick its own best option. So the options are weighted in a shifted currency:

    search weight(cell, d) = 4 * weight(cell) * d - (sum of DUAL[i] over the option's items i)

Every completion covers each item exactly once, so the shift takes the same amount
(the sum of all DUAL values) from every completion: the best grid does not change,
and the score is recomputed from the decoded grid. Any numbers keep the bound
admissible; these are an optimal dual solution of the linear relaxation of the empty
target sudoku (symmetrised over the square's 8 symmetries, times 4 to be integers),
which makes the root bound equal to that relaxation's optimum (2906) and the shares
reduced costs. Measured on the data/target-sudoku cases this visits 10 to 30 times
fewer nodes than the plain weights (docs/target-sudoku.md).
"""

from __future__ import annotations

from ..exact_cover import UNLIMITED, Stats
from ..formats import Tokens
from ..memo import memoised
from .grid import Grid, square_units
from . import Answer, Command, Figure, box_regions

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from collections.abc import Sequence
    from typing import Any

    from ..exact_cover import Budget

SIDE = 9
NO_SOLUTION = -1
SCALE = 4
LEARN_REFUSED = ("target-sudoku's answer is a maximum, found by the DLX search's branch "
                 "and bound: use --reason singles or auto")
"""Why --reason learn cannot answer (dlxcli.commands.learn_refused)."""

COMMAND = Command(
    "Find the highest score of a target sudoku (NOIP 2009, Luogu P1074).",
    """Find the highest score of a target sudoku.

    Input: 9 rows of 9 numbers, 0 = empty. A completed grid scores the sum of digit x
    weight, the weight being 10 in the centre cell, 9 on the ring around it, ... 6 on
    the outer ring. Output: the highest score over all completions, or -1 if there is
    none (exit status 0: -1 is the judge's answer).""",
    ["dlxcli target-sudoku puzzles/target-sudoku/sample1.in",
     "dlxcli target-sudoku --format pretty puzzles/target-sudoku/sample1.in"],
)
"""The dual values below are multiples of 1/4: search weights are in quarter points."""

# Dual values x 4. The symmetric dual solution is the same under the square's 8
# symmetries, so a quarter of the cells, half of the lines and three kinds of box hold
# all of it: index a row or column by min(k, 8 - k).
_CELL_DUAL = (
    (212, 213, 223, 225, 225),
    (213, 242, 252, 254, 254),
    (223, 252, 280, 285, 285),
    (225, 254, 285, 324, 324),
    (225, 254, 285, 324, 356),
)
"""Per cell; _CELL_DUAL[min(r, 8-r)][min(c, 8-c)]."""
_LINE_DUAL = (
    (22, 18, 12, 10, 8, 5, 2, 0, -2),
    (-3, -3, -5, -3, -1, 0, 1, 1, 1),
    (-26, -22, -16, -14, -10, -7, -3, 0, 3),
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0, 0, 0, 2),
)
"""Per (row or column k, digit d): _LINE_DUAL[min(k, 8-k)][d-1]."""
_BOX_DUAL = {
    "corner": (-195, -171, -147, -123, -100, -74, -48, -20, 8),
    "edge": (-223, -195, -165, -139, -113, -86, -58, -29, 0),
    "centre": (-288, -252, -216, -180, -144, -108, -72, -36, 0),
}
"""Per (box, digit d): by the kind of box, [d-1]."""


def weight(cell: int) -> int:
    """The judge's weight of a cell: 10 at the centre, 6 on the outer ring."""
    r, c = divmod(cell, SIDE)
    return 10 - max(abs(r - 4), abs(c - 4))


def score(symbols: Sequence[int]) -> int:
    """The judge's score of a completed grid (digits cell by cell)."""
    return sum(weight(cell) * digit for cell, digit in enumerate(symbols))


def _fold(k):
    return min(k, SIDE - 1 - k)


def _box_kind(r, c):
    middles = (r // 3 == 1) + (c // 3 == 1)
    return ("corner", "edge", "centre")[middles]


def search_weight(cell: int, digit: int) -> int:
    """The option's weight as the branch and bound sees it (see the module docstring)."""
    r, c = divmod(cell, SIDE)
    dual = (_CELL_DUAL[_fold(r)][_fold(c)] + _LINE_DUAL[_fold(r)][digit - 1]
            + _LINE_DUAL[_fold(c)][digit - 1] + _BOX_DUAL[_box_kind(r, c)][digit - 1])
    return SCALE * weight(cell) * digit - dual


@memoised()
def target_grid() -> Grid:
    """The weighted 9x9 Grid, built once per process."""
    return Grid(SIDE * SIDE, SIDE, square_units(3, 3), weight=search_weight)


def parse(text: str) -> list[int]:
    """The 81 givens (0 = empty) of a P1074 input."""
    tokens = Tokens(text)
    givens = tokens.ints(SIDE * SIDE, "81 cell values 0..9 (9 rows of 9)", 0, SIDE)
    tokens.expect_end("end of input after 81 cell values")
    return givens


def solve_text(text: str, *, budget: Budget = UNLIMITED) -> Answer:
    givens = parse(text)
    grid = target_grid()
    stats = Stats()
    best = grid.problem.maximize(forced=grid.forced(givens), budget=budget, stats=stats)
    if best is None:
        return Answer(f"{NO_SOLUTION}\n", data={"score": NO_SOLUTION, "grid": None},
                      stats=stats)
    symbols = grid.decode(best[1])
    rows = [symbols[r * SIDE:(r + 1) * SIDE] for r in range(SIDE)]
    best_score = score(symbols)
    return Answer(f"{best_score}\n", data={"score": best_score, "grid": rows},
                  stats=stats)


def figures(data: dict[str, Any]) -> list[Figure]:
    """The best grid on its scoring rings, its score beside it; or that there is no
    completion."""
    if data["grid"] is None:
        return [Figure(None, None, title=f"score {NO_SOLUTION}: the givens have no completion")]
    rows = [[str(digit) for digit in row] for row in data["grid"]]
    rings = [[weight(r * SIDE + c) for c in range(SIDE)] for r in range(SIDE)]
    return [Figure(rows, box_regions(SIDE, 3, 3), beside=[f"score {data['score']}"],
                   weights=rings)]
