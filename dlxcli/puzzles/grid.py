"""Cells and units: the one exact-cover builder behind every sudoku-like puzzle.

Layer: puzzles. A grid puzzle is a set of cells, a set of units (lists of `size` cells
that must each hold every symbol 1..size once), givens, and optionally a weight for
every (cell, symbol). As exact cover:

* primary items: one per cell (it gets exactly one symbol), then one per
  (unit, symbol) (the unit holds that symbol exactly once);
* options: one per (cell, symbol), covering the cell and (unit, symbol) for every unit
  the cell is in; option number ``cell * size + symbol - 1``;
* givens are *forced* options, not a different matrix: the structure is built once per
  shape and reused for every puzzle of that shape (building 729 options in Python
  costs as much as solving a hard 9x9 sudoku in C).

Givens that contradict each other make a valid puzzle with no solution (the engine
reports a clash of forced options as "no solution"), not an input error.
"""

from __future__ import annotations

from ..errors import ProblemError
from ..exact_cover import ExactCover
from ..memo import memoised

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from collections.abc import Callable, Iterable, Sequence


class Grid:
    """The exact-cover form of one cells-and-units shape."""

    def __init__(self, n_cells: int, size: int, units: Iterable[Iterable[int]],
                 weight: Callable[[int, int], int] | None = None) -> None:
        """`weight(cell, symbol)`, if given, makes option weights for `maximize`."""
        self.n_cells, self.size = n_cells, size
        self.units = [list(unit) for unit in units]
        units_of: list[list[int]] = [[] for _ in range(n_cells)]
        for u, unit in enumerate(self.units):
            if len(unit) != size or len(set(unit)) != size:
                raise ProblemError(f"unit {u} does not have {size} distinct cells")
            for cell in unit:
                units_of[cell].append(u)
        options = [[cell] + [n_cells + u * size + s for u in units_of[cell]]
                   for cell in range(n_cells) for s in range(size)]
        weights = None
        if weight is not None:
            weights = [weight(cell, s + 1) for cell in range(n_cells) for s in range(size)]
        self.problem = ExactCover(n_cells + len(self.units) * size, 0, options, weights)
        self.problem.orderless = True  # a solution is read cell by cell (`decode`)
        self._option_base = [cell * size - 1 for cell in range(n_cells)]

    def option(self, cell: int, symbol: int) -> int:
        """The option that puts `symbol` (1..size) in `cell`."""
        return self._option_base[cell] + symbol

    def forced(self, givens: Sequence[int]) -> list[int]:
        """Option numbers for `givens`, a sequence of symbols per cell (0 = empty)."""
        return [base + symbol for base, symbol in zip(self._option_base, givens) if symbol]

    def decode(self, solution: Iterable[int]) -> list[int]:
        """The symbol of every cell, from a solution's option numbers."""
        symbols = [0] * self.n_cells
        for option in solution:
            cell, s = divmod(option, self.size)
            symbols[cell] = s + 1
        return symbols

    def check(self, symbols: Sequence[int]) -> bool:
        """True if every unit holds every symbol once (an independent check of a grid)."""
        everything = set(range(1, self.size + 1))
        return all({symbols[cell] for cell in unit} == everything for unit in self.units)


def square_units(box_rows: int, box_cols: int) -> list[list[int]]:
    """Rows, columns and boxes of a (box_rows*box_cols)-sided square sudoku."""
    side = box_rows * box_cols
    rows = [[r * side + c for c in range(side)] for r in range(side)]
    cols = [[r * side + c for r in range(side)] for c in range(side)]
    boxes = [[(br * box_rows + r) * side + bc * box_cols + c
              for r in range(box_rows) for c in range(box_cols)]
             for br in range(box_cols) for bc in range(box_rows)]
    return rows + cols + boxes


@memoised()
def square_grid(box_rows: int, box_cols: int) -> Grid:
    """The (cached) Grid of a square sudoku with boxes of box_rows x box_cols cells."""
    side = box_rows * box_cols
    return Grid(side * side, side, square_units(box_rows, box_cols))
