"""The measurement behind strategies.AUTO_NODES: the most DLX nodes one puzzle needs.

--reason auto gives the DLX search AUTO_NODES nodes before the learning search takes
over; where singles suffice, DLX must answer within them, so that those puzzles answer as
with --reason singles (same output, same nodes). This prints, for each set, the most
nodes one puzzle's search takes with DLX alone (--reason singles): for its first
solution (the judge's answer) and for --unique (counted up to 2), and which puzzle.

    python bench/auto_nodes.py        (the C twin; about a minute)

Sets: hard1000 and 17clue1000 (../shared/data/sudoku), the 16x16 sudokus and the
samurai puzzles of puzzles/, and the 800 squiggly cases of ../shared/data/squiggly.
"""

import sys
from pathlib import Path

from harness import CASES, shared

from dlxcli import engine
from dlxcli.exact_cover import Budget, Stats
from dlxcli.strategies import AUTO_NODES
from dlxcli.puzzles import samurai, squiggly, sudoku

SINGLES = Budget(reason="singles")


def most_nodes(searches):
    """(most nodes of a first solution, its puzzle, most nodes of --unique, its puzzle)
    over (name, problem, forced) searches."""
    first = unique = (0, None)
    for name, problem, forced in searches:
        own = Stats()
        problem.first(forced=forced, budget=SINGLES, stats=own)
        first = max(first, (own.nodes, name))
        own = Stats()
        problem.count(forced=forced, limit=2, budget=SINGLES, stats=own)
        unique = max(unique, (own.nodes, name))
    return first + unique


def sudoku_searches(paths):
    for path in paths:
        text = Path(path).read_text()
        form = sudoku.detect_format(text)
        puzzles, _ = (sudoku.parse_lines if form == "line" else sudoku.parse_grids)(text)
        for number, puzzle in enumerate(puzzles, 1):
            grid = sudoku.sudoku_grid(puzzle.side)
            yield f"{Path(path).name}#{number}", grid.problem, grid.forced(puzzle.givens)


def samurai_searches(paths):
    grid = samurai.samurai_grid()
    for path in paths:
        try:
            givens = samurai.parse(Path(path).read_text())
        except Exception:  # the deliberately invalid sample
            continue
        yield Path(path).name, grid.problem, grid.forced(givens)


def squiggly_searches(path):
    values = squiggly.parse(Path(path).read_text())
    for number in range(1, len(values) // squiggly.CELLS + 1):
        case = values[(number - 1) * squiggly.CELLS:number * squiggly.CELLS]
        shape = squiggly.layout(case.translate(squiggly._WALLS_OF))
        if squiggly.digit_problem(case) or shape.problem:
            continue
        grid = shape.grid
        yield (f"{Path(path).name}#{number}", grid.problem,
               grid.forced(case.translate(squiggly._DIGIT_OF)))


def main():
    sets = [("hard1000", sudoku_searches([shared("data", "sudoku", "hard1000.txt")])),
            ("17clue1000", sudoku_searches([shared("data", "sudoku", "17clue1000.txt")])),
            ("16x16", sudoku_searches(sorted((CASES / "sudoku").glob("16x16*.in")))),
            ("samurai", samurai_searches(sorted((CASES / "samurai").glob("*.in")))),
            ("squiggly x800", squiggly_searches(shared("data", "squiggly", "sample_x800.in")))]
    print(f"engine: {engine.ENGINE}; AUTO_NODES = {AUTO_NODES:,}")
    print(f"{'set':<14} {'first: most nodes':>18}  puzzle{'':<22} {'unique: most nodes':>19}  "
          "puzzle")
    for name, searches in sets:
        first, first_at, unique, unique_at = most_nodes(searches)
        print(f"{name:<14} {first:>18,}  {first_at:<28} {unique:>19,}  {unique_at}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
