"""Issue 14: how fast `dlxcli generate` makes puzzles with one solution, on one core.

Usage: DLXCLI_ENGINE=c python bench/bench_generate.py [--quick] [--seconds S] [--size25]

For each kind, minimal puzzles are made one after another in this process (start-up
excluded; puzzle k of seed "bench" each time, so a run is reproducible) for at least S
seconds (default 20; --quick: 1), and the rate is printed with the goal of issue 14:

    9x9 sudoku, minimal          >= 50 per second (C twin)
    16x16 sudoku, minimal        >= 1 per second
    squiggly, new layout each    >= 20 per second
    samurai, minimal             (no goal)
    25x25 sudoku                 (no goal; --size25: --clues 400 and --clues 320)

Rates are puzzles per wall second and per CPU second of this process (the machine may
be shared). Then a sample of each kind is checked without dlxcli's engine: unique and
minimal by tests/grid_oracle.py's backtracking (9x9 and squiggly; the others are
checked for uniqueness only, the oracle being slow on them), and the whole 9x9 output
goes through `dlxcli sudoku --unique` as a pipeline. Not a test: CI runs --quick.
"""

import argparse
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

import grid_oracle as oracle  # noqa: E402
from dlxcli import engine, generate  # noqa: E402

CASES = [  # label, request, goal per second, oracle check
    ("9x9 sudoku, minimal", generate.Request("sudoku", 9, seed="bench"), 50, "minimal"),
    ("16x16 sudoku, minimal", generate.Request("sudoku", 16, seed="bench"), 1, "unique"),
    ("squiggly, new layout each, minimal", generate.Request("squiggly", seed="bench"), 20,
     "minimal"),
    ("samurai, minimal", generate.Request("samurai", seed="bench"), None, "unique"),
]
SIZE25 = [
    ("25x25 sudoku, --clues 400", generate.Request("sudoku", 25, clues=400, seed="bench"),
     None, "unique"),
    ("25x25 sudoku, --clues 320", generate.Request("sudoku", 25, clues=320, seed="bench"),
     None, "unique"),
]
"""A minimal 25x25 is not timed: one did not finish in 25 minutes (docs/generate.md)."""
QUICK_PUZZLES = 5
"""--quick makes at most this many of a kind: a smoke run, its rates not judged (the
time of one puzzle varies tenfold; samurai puzzle 6 of seed "bench" takes 25 s)."""


def timed(request, seconds, at_least=1, at_most=None):
    """(texts, wall seconds, CPU seconds) of puzzles 0, 1, ... made for `seconds`
    (and at most `at_most` of them)."""
    texts = []
    wall, cpu = time.perf_counter(), time.process_time()
    while len(texts) < at_least or time.perf_counter() - wall < seconds:
        if at_most is not None and len(texts) == at_most:
            break
        texts.append(generate.make(request, len(texts)))
    return texts, time.perf_counter() - wall, time.process_time() - cpu


def oracle_problem(request, text, check):
    """None if the oracle agrees that the puzzle is unique (and minimal), else why not."""
    if request.kind == "sudoku":
        givens = [0 if ch == "." else "0123456789ABCDEFGHIJKLMNOP".index(ch)
                  for ch in text.strip()]
        units, size = oracle.houses(request.size), request.size
    elif request.kind == "squiggly":
        values = list(map(int, text.split()))
        givens, units, size = ([v & 15 for v in values],
                               oracle.jigsaw_units(oracle.jigsaw_regions(values)), 9)
    else:
        positions, units = oracle.samurai_shape()
        cells = {(r, c): ch for r, line in enumerate(text.split("\n")) for c, ch in enumerate(line)}
        givens, size = [0 if cells[p] == "." else int(cells[p]) for p in positions], 9
    if oracle.verdict(givens, units, size) != "unique":
        return "not unique"
    if check == "minimal" and oracle.removable(givens, units, size):
        return "not minimal"
    return None


def pipeline_problem(texts):
    """The 9x9 puzzles through `dlxcli sudoku --unique`: one 'unique' line each."""
    done = subprocess.run([sys.executable, "-m", "dlxcli", "sudoku", "--unique"],
                          input="".join(texts).encode(), capture_output=True, timeout=600)
    return None if done.stdout == b"unique\n" * len(texts) else done.stderr.decode()[:200]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="1 second a kind, one puzzle checked by the oracle (CI smoke)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--size25", action="store_true", help="also time 25x25 puzzles")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else args.seconds
    print(f"engine: {engine.ENGINE} twin; puzzle k of seed 'bench', one process, "
          f"{seconds:g} s a kind")
    print("| kind | puzzles | per wall s | per CPU s | goal | oracle sample |")
    print("|---|---|---|---|---|---|")
    failed = False
    for label, request, goal, check in CASES + (SIZE25 if args.size25 else []):
        texts, wall, cpu = timed(request, seconds, at_most=QUICK_PUZZLES if args.quick else None)
        sample = texts[:1 if args.quick else 10] if check else []
        problems = [p for p in (oracle_problem(request, t, check) for t in sample) if p]
        if request.kind == "sudoku" and request.size == 9:
            problems += [p for p in [pipeline_problem(texts)] if p]
        met = ("" if goal is None else " (not judged: --quick)" if args.quick
               else " (met)" if len(texts) / cpu >= goal else " (MISSED)")
        verdict = f"{len(sample)} {check}" if not problems else "; ".join(problems)
        print(f"| {label} | {len(texts)} | {len(texts) / wall:.2f} | {len(texts) / cpu:.2f} "
              f"| {'-' if goal is None else f'>= {goal}'}{met} | {verdict or '-'} |", flush=True)
        failed |= bool(problems)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
