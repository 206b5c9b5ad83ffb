"""Counts with and without the split into independent parts (issue 30), paired.

    python bench/bench_components.py BASE_TREE [--rounds 3] [--only NAME ...]

BASE_TREE is a checkout of the code before the split (main b45755d), its C extension
built in place: every case runs as `python -m dlxcli ...` once with PYTHONPATH naming
BASE_TREE, once naming this tree, alternately (base, new, base, new, ...), C twin;
wall seconds of the whole process, their medians, the median of the ratios new/base.
Inputs are written to a temporary directory: boards of rooms with pieces in copies
(where parts appear), the pentacubes (where they hardly do) and the rows of
docs/performance.md's "Issue 30" (where the split must cost nothing).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def board(rows, piece, cells):
    n = sum(row.count("X") for row in rows)
    return "board:\n" + "\n".join(rows) + f"\npiece P*{n // cells}:\n{piece}\n"


def rooms(count, height, width):
    return [".".join(["X" * width] * count) for _ in range(height)]


def solid(layers, rows, columns):
    layer = "\n".join("X" * columns for _ in range(rows))
    return "board:\n" + "\n\n".join(layer for _ in range(layers)) + "\npieces: pentominoes\n"


INPUTS = {
    "ltrominoes-6-rooms": board(rooms(6, 6, 6), "X.\nXX", 3),
    "p-pentominoes-3-rooms": board(rooms(3, 5, 10), "XX\nXX\nX.", 5),
    "dominoes-4-rooms": board([("." * 13 if r == 6 else "XXXXXX.XXXXXX") for r in range(13)],
                              "XX", 2),
    "pentacubes-2x5x6": solid(2, 5, 6),
    "pentacubes-3x4x5": solid(3, 4, 5),
    "dominoes-10x10": board(["X" * 10] * 10, "XX", 2),
    "dominoes-12x12": board(["X" * 12] * 12, "XX", 2),
    "dominoes-6x40": board(["X" * 40] * 6, "XX", 2),
}
ALL = ["--all-symmetries"]
CASES = {  # name: arguments after `dlxcli`, "{NAME}" for a written input
    "ltrominoes-6-rooms": ["pack", "--count", *ALL, "{ltrominoes-6-rooms}"],
    "p-pentominoes-3-rooms": ["pack", "--count", *ALL, "{p-pentominoes-3-rooms}"],
    "dominoes-4-rooms": ["pack", "--count", *ALL, "{dominoes-4-rooms}"],
    "pentacubes-2x5x6": ["pack", "--count", "{pentacubes-2x5x6}"],
    "pentacubes-3x4x5": ["pack", "--count", "{pentacubes-3x4x5}"],
    "queens-13": ["queens", "{queens-13}"],  # P1219: the first three and the count
    "queens-14": ["queens", "{queens-14}"],
    "pentominoes-6x10": ["pack", "--count", str(REPO / "puzzles/pack/pentominoes-6x10.in")],
    "pentominoes-5x12": ["pack", "--count", str(REPO / "puzzles/pack/pentominoes-5x12.in")],
    "dominoes-10x10": ["pack", "--count", *ALL, "{dominoes-10x10}"],
    "dominoes-12x12": ["pack", "--count", *ALL, "{dominoes-12x12}"],
    "dominoes-6x40": ["pack", "--count", *ALL, "{dominoes-6x40}"],
}
DEFAULT = [name for name in CASES if name != "pentacubes-3x4x5"]


def run(tree, argv):
    env = {**os.environ, "PYTHONPATH": str(tree), "DLXCLI_ENGINE": "c"}
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "dlxcli", *argv], env=env, cwd=tree,
                          capture_output=True, text=True, timeout=900)
    seconds = time.perf_counter() - began
    if done.returncode:
        sys.exit(f"{tree}: {' '.join(argv)}: exit {done.returncode}: {done.stderr}")
    return seconds, done.stdout.strip().splitlines()[-1]  # queens: the count, last


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=DEFAULT, choices=list(CASES))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, text in {**INPUTS, "queens-13": "13\n", "queens-14": "14\n"}.items():
            paths[name] = Path(tmp, name + ".in")
            paths[name].write_text(text)
        print("| count | answer | base (s) | new (s) | new/base |")
        print("|---|---|---|---|---|")
        for name in args.only:
            argv = [str(paths[a[1:-1]]) if a.startswith("{") else a for a in CASES[name]]
            base, new = [], []
            for _ in range(args.rounds):
                seconds, base_answer = run(args.base.resolve(), argv)
                base.append(seconds)
                seconds, answer = run(REPO, argv)
                new.append(seconds)
                if answer != base_answer:
                    sys.exit(f"{name}: base answered {base_answer}, new {answer}")
            ratio = statistics.median(n / b for n, b in zip(new, base))
            print(f"| {name} | {answer} | {' '.join(f'{s:.2f}' for s in base)} | "
                  f"{' '.join(f'{s:.2f}' for s in new)} | {ratio:.2f} |", flush=True)


if __name__ == "__main__":
    main()
