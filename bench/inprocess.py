"""Worker for in-process timings: solve one file inside one Python process.

Usage: DLXCLI_ENGINE=c|python python bench/inprocess.py PUZZLE FILE [LINES]

Imports dlxcli.puzzles.PUZZLE and times `solve_text` on the file's text (its first
LINES lines if given), start-up excluded; prints JSON {"via", "seconds", "text"}. The
engine twin is chosen at import, so each twin needs its own process, which is why this
is a script. For `sudoku` before its puzzle module exists, it falls back to the shared
grid builder: square_grid(3, 3).problem.first(forced=...) per one-line puzzle.
"""

import importlib
import json
import sys
import time


def grid_sudoku(text):
    from dlxcli.puzzles.grid import square_grid

    grid = square_grid(3, 3)
    lines = []
    for line in text.split():
        givens = [0 if ch in ".0" else int(ch) for ch in line]
        solution = grid.problem.first(forced=grid.forced(givens))
        lines.append("".join(map(str, grid.decode(solution))) if solution else "none")
    return "\n".join(lines) + "\n"


def main():
    puzzle, path = sys.argv[1], sys.argv[2]
    with open(path) as handle:
        text = handle.read()
    if len(sys.argv) > 3:
        text = "".join(text.splitlines(keepends=True)[:int(sys.argv[3])])
    try:
        solve, via = importlib.import_module(f"dlxcli.puzzles.{puzzle}").solve_text, "solve_text"
    except ModuleNotFoundError:
        if puzzle != "sudoku":
            raise
        solve, via = grid_sudoku, "grid.square_grid(3, 3)"
    began = time.perf_counter()
    answer = solve(text)
    seconds = time.perf_counter() - began
    json.dump({"via": via, "seconds": seconds,
               "text": answer if isinstance(answer, str) else answer.text}, sys.stdout)


if __name__ == "__main__":
    main()
