"""The Learner's two twins side by side: CPU seconds of the same searches, paired.

Usage: python bench/bench_learn_twins.py [--repeats N] [--full]

Each sudoku is made Knuth's DLX1 text by bench/proto/sudoku_xc.py (the prototype's
numbering) and solved by a fresh Learner of the C twin and of the Python twin, in one
process, alternating (C, Python, Python, C, ...) so that both meet the same load; the
CPU seconds (`time.process_time`, building the Learner included) are the medians of
N repeats. Every pair must make the same search (counters and solution): a row where
they differ stops the run. Cases: the three hard1000 sudokus of puzzles/sudoku and the
25x25 Gecode examples 89 and 90 (with --full also example20: about 6,600 conflicts).
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "bench" / "proto")]

from sudoku_xc import knuth_text  # noqa: E402
from xc_text import read_knuth  # noqa: E402

from dlxcli import engine  # noqa: E402

COUNTERS = ("decisions", "conflicts", "propagations", "learned", "deleted")
GECODE = REPO / "bench" / "data" / "gecode25"


def cases(full):
    """(name, sudoku line) of each case."""
    lines = (REPO / "puzzles" / "sudoku" / "hard1000_first3.in").read_text().split()
    found = [(f"hard1000 #{k + 1}", line) for k, line in enumerate(lines)]
    names = ["example89", "example90"] + (["example20"] if full else [])
    found += [(name, GECODE.joinpath(f"{name}.in").read_text().split()[0]) for name in names]
    return found


def problem(line):
    """The sudoku as the prototype reads it: (primary items, secondary items, options)."""
    with tempfile.NamedTemporaryFile("w", suffix=".dlx") as handle:
        handle.write(knuth_text(line))
        handle.flush()
        names, n_primary, options = read_knuth(handle.name)
    return n_primary, len(names) - n_primary, options


def solve(twin, args):
    """CPU seconds, and what the search made (counters, status, solution)."""
    began = time.process_time()
    learner = twin.Learner(*args)
    status = learner.run(2**62)
    seconds = time.process_time() - began
    return seconds, (tuple(getattr(learner, name) for name in COUNTERS), status,
                     learner.solution())


def cpu_name():
    for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
        if line.startswith("Model name:"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--full", action="store_true")
    options = parser.parse_args()
    c, python = engine.twin("c"), engine.twin("python")
    print(f"{cpu_name()}; CPU seconds, medians of {options.repeats}, C and Python alternating")
    print(f"{'case':14} {'conflicts':>9} {'C s':>9} {'Python s':>9} {'Python/C':>9}")
    for name, line in cases(options.full):
        args = problem(line)
        times = {"c": [], "python": []}
        made = set()
        for k in range(options.repeats):
            order = (c, python) if k % 2 == 0 else (python, c)
            for twin in order:
                seconds, search = solve(twin, args)
                times[twin.name].append(seconds)
                made.add(repr(search))
        if len(made) != 1:
            sys.exit(f"{name}: the twins made different searches")
        conflicts = search[0][1]
        c_time, py_time = statistics.median(times["c"]), statistics.median(times["python"])
        print(f"{name:14} {conflicts:9} {c_time:9.4f} {py_time:9.3f} {py_time / c_time:8.0f}x")


if __name__ == "__main__":
    main()
