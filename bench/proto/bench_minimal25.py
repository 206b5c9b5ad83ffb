"""Issue 23 research: one minimal-25x25 generation run with xcdcl as the uniqueness oracle.

Usage: python bench/proto/bench_minimal25.py [--grid NAME] [--seed S] [--check-cap S]
           [--budget S]

Starts from the solved grid bench/data/gecode25/NAME.out (default example18) and tries the
cells in a random order (--seed): a cell's given is removed when `xcdcl --unique` still
proves one solution within --check-cap CPU seconds (ulimit -t), kept otherwise (a capped
check counts as "kept": the puzzle stays proven unique). Stops when every cell was tried
(the puzzle is then minimal: no given can go) or after --budget wall seconds. Prints the
seconds of each check in groups of the givens left, and the final givens.
"""

import argparse
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = HERE.parent / "data" / "gecode25"
sys.path.insert(0, str(HERE))
from sudoku_xc import knuth_text  # noqa: E402
from xc_text import children_cpu  # noqa: E402


def unique(binary, puzzle, path, cap):
    """(True / False / None for capped, cpu seconds) of one uniqueness check."""
    path.write_text(knuth_text(puzzle))
    cpu = children_cpu()
    done = subprocess.run(
        [
            "bash",
            "-c",
            f'ulimit -t {cap}; exec "$@"',
            "capped",
            "nice",
            "-n",
            "10",
            str(binary),
            "--unique",
            str(path),
        ],
        capture_output=True,
        text=True,
    )
    spent = children_cpu() - cpu
    found = re.search(r"c solutions (\d+)(\+?)", done.stdout)
    if done.returncode != 0 or not found:
        return None, spent
    return found.group(1) == "1" and not found.group(2), spent


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--grid", default="example18")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check-cap", type=int, default=10)
    parser.add_argument("--budget", type=float, default=300)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="reason-minimal-"))
    binary = work / "xcdcl"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(HERE / "xcdcl.c")], check=True)
    puzzle = list((FOLDER / f"{args.grid}.out").read_text().split()[0])
    cells = list(range(len(puzzle)))
    random.Random(args.seed).shuffle(cells)
    began, groups, tried, capped = time.perf_counter(), {}, 0, 0
    for cell in cells:
        if time.perf_counter() - began > args.budget:
            break
        kept = puzzle[cell]
        puzzle[cell] = "."
        verdict, spent = unique(binary, "".join(puzzle), work / "p.dlx", args.check_cap)
        givens = sum(ch != "." for ch in puzzle)
        groups.setdefault(givens // 50 * 50, []).append(spent)
        tried += 1
        capped += verdict is None
        if verdict is not True:
            puzzle[cell] = kept
    givens = sum(ch != "." for ch in puzzle)
    print(
        f"{args.grid}, seed {args.seed}: {tried} of 625 cells tried in {time.perf_counter() - began:.0f} s "
        f"wall, {givens} givens left, {capped} checks capped at {args.check_cap} CPU s"
        f"{', minimal' if tried == 625 and not capped else ''}"
    )
    for low in sorted(groups, reverse=True):
        times = sorted(groups[low])
        print(
            f"  givens {low}-{low + 49}: {len(times)} checks, median {times[len(times) // 2]:.3f} s, "
            f"max {times[-1]:.3f} s, mean {sum(times) / len(times):.3f} s CPU"
        )
    print("".join(puzzle))


if __name__ == "__main__":
    main()
