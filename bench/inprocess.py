"""Worker for in-process timings: solve one file inside one Python process.

Usage: DLXCLI_ENGINE=c|python python bench/inprocess.py PUZZLE FILE [LINES]

Imports dlxcli.puzzles.PUZZLE and times `solve_text` on the file's text (its first
LINES lines if given), start-up excluded; prints JSON {"seconds", "text"}. The
engine twin is chosen at import, so each twin needs its own process, which is why this
is a script.
"""

import importlib
import json
import sys
import time


def main():
    puzzle, path = sys.argv[1], sys.argv[2]
    with open(path) as handle:
        text = handle.read()
    if len(sys.argv) > 3:
        text = "".join(text.splitlines(keepends=True)[:int(sys.argv[3])])
    solve = importlib.import_module(f"dlxcli.puzzles.{puzzle}").solve_text
    began = time.perf_counter()
    answer = solve(text)
    seconds = time.perf_counter() - began
    json.dump({"seconds": seconds, "text": answer.text}, sys.stdout)


if __name__ == "__main__":
    main()
