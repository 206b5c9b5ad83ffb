"""Counts up to symmetry of boards of copies of one piece (issue 30), paired.

    python bench/bench_copies.py BASE_TREE [--rounds 3] [--base-timeout 30] [--only NAME ...]

BASE_TREE is a checkout of the code before Burnside's lemma counted them (main
021af40), its C extension built in place. Each round runs, as whole processes
(`python -m dlxcli pack --count`, C twin, PYTHONPATH naming the tree), the count up
to symmetry on BASE_TREE, then on this tree, then this tree's count in all orientations
(`--all-symmetries`), the figure the count up to symmetry should match. A base run
stopped by --base-timeout is reported as such (it filtered every packing in Python).
Prints a table of wall seconds and the median of the ratios new/base where base
answered.
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


def board(rows, columns, layers, picture, cells):
    """A box of X cells and as many copies of `picture` (of `cells` cells) as fill it."""
    layer = "\n".join("X" * columns for _ in range(rows))
    copies = rows * columns * layers // cells
    return ("board:\n" + "\n\n".join(layer for _ in range(layers)) +
            f"\npiece P*{copies}:\n{picture}\n")


DOMINO, TROMINO_L, TETROMINO_T, DICUBE = "XX", "XX\nX.", "XXX\n.X.", "X\n\nX"
INPUTS = {
    "dominoes-6x6": board(6, 6, 1, DOMINO, 2),
    "dominoes-8x8": board(8, 8, 1, DOMINO, 2),
    "dominoes-10x10": board(10, 10, 1, DOMINO, 2),
    "dominoes-12x12": board(12, 12, 1, DOMINO, 2),
    "dominoes-6x40": board(6, 40, 1, DOMINO, 2),
    "l-trominoes-8x9": board(8, 9, 1, TROMINO_L, 3),
    "l-trominoes-9x12": board(9, 12, 1, TROMINO_L, 3),
    "t-tetrominoes-12x12": board(12, 12, 1, TETROMINO_T, 4),
    "dicubes-2x2x2": board(2, 2, 2, DICUBE, 2),
    "dicubes-3x4x4": board(4, 4, 3, DICUBE, 2),
    "dicubes-4x4x4": board(4, 4, 4, DICUBE, 2),
}


def run(tree, argv, timeout):
    """(wall seconds, answer) of one process, or (None, None) when it ran past `timeout`."""
    env = {**os.environ, "PYTHONPATH": str(tree), "DLXCLI_ENGINE": "c"}
    began = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "dlxcli", *argv], env=env, cwd=tree,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    seconds = time.perf_counter() - began
    if done.returncode:
        sys.exit(f"{tree}: {' '.join(argv)}: exit {done.returncode}: {done.stderr}")
    return seconds, done.stdout.strip()


def times(values):
    return " ".join("-" if s is None else f"{s:.2f}" for s in values)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base-timeout", type=float, default=30)
    parser.add_argument("--only", nargs="*", default=list(INPUTS), choices=list(INPUTS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print("| board | count up to symmetry | base (s) | new (s) | new --all-symmetries (s) "
              "| new/base |")
        print("|---|---:|---|---|---|---:|")
        for name in args.only:
            path = Path(tmp, name + ".in")
            path.write_text(INPUTS[name])
            base, new, every = [], [], []
            for _ in range(args.rounds):
                seconds, base_answer = run(args.base.resolve(), ["pack", "--count", str(path)],
                                           args.base_timeout)
                base.append(seconds)
                seconds, answer = run(REPO, ["pack", "--count", str(path)], None)
                new.append(seconds)
                every.append(run(REPO, ["pack", "--count", "--all-symmetries", str(path)],
                                 None)[0])
                if base_answer is not None and answer != base_answer:
                    sys.exit(f"{name}: base answered {base_answer}, new {answer}")
            ratios = [n / b for n, b in zip(new, base) if b is not None]
            ratio = f"{statistics.median(ratios):.3f}" if ratios else "-"
            print(f"| {name} | {int(answer):,} | {times(base)} | {times(new)} | "
                  f"{times(every)} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
