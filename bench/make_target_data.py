"""Generate the harder P1074 (target sudoku) cases in bench/data/, with their maxima.

Usage: python bench/make_target_data.py [--timeout SECONDS]

The shared data stop at 20 givens; the statement allows 24 and up, and the seed's
program enumerates every completion, so fewer givens is where the two approaches part.
Each case keeps G givens (G = 21, 20, 19, 18) of a random full grid, all drawn from
one fixed random seed, so the files are reproducible. The expected maximum (`.out`)
is the seed's `p1074_target`, an independent program; a case the seed cannot finish
within the time limit is dropped, because it could not be checked.
"""

import argparse
import random
import subprocess
import time

from harness import REPO
from reference import binary

DATA = REPO / "bench" / "data"
RANDOM_SEED = 1074
GIVENS = (21, 20, 19, 18)
ATTEMPTS = 2


def full_grid(rng):
    """A random complete sudoku grid (81 digits, row by row), by randomised backtracking."""
    grid = [0] * 81

    def allowed(cell, digit):
        r, c = divmod(cell, 9)
        br, bc = r - r % 3, c - c % 3
        return all(grid[r * 9 + k] != digit and grid[k * 9 + c] != digit
                   and grid[(br + k // 3) * 9 + bc + k % 3] != digit for k in range(9))

    def fill(cell):
        if cell == 81:
            return True
        for digit in rng.sample(range(1, 10), 9):
            if allowed(cell, digit):
                grid[cell] = digit
                if fill(cell + 1):
                    return True
        grid[cell] = 0
        return False

    fill(0)
    return grid


def puzzle_text(grid, keep):
    cells = [grid[k] if k in keep else 0 for k in range(81)]
    return "".join(" ".join(map(str, cells[r * 9:r * 9 + 9])) + "\n" for r in range(9))


def seed_maximum(text, timeout):
    """(maximum line, seconds) from p1074_target, or None if it does not finish in time."""
    began = time.perf_counter()
    try:
        done = subprocess.run([str(binary("p1074_target"))], input=text, text=True,
                              capture_output=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    return done.stdout.strip(), time.perf_counter() - began


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds the seed may take per case (default 60)")
    args = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    rng = random.Random(RANDOM_SEED)
    for givens in GIVENS:
        for attempt in range(ATTEMPTS):
            grid = full_grid(rng)
            text = puzzle_text(grid, set(rng.sample(range(81), givens)))
            name = f"gen_g{givens}_{attempt}"
            result = seed_maximum(text, args.timeout)
            if result is None:
                print(f"{name}: dropped, the seed took over {args.timeout:g} s")
                continue
            maximum, seconds = result
            (DATA / f"{name}.in").write_text(text)
            (DATA / f"{name}.out").write_text(maximum + "\n")
            print(f"{name}: maximum {maximum}, seed {seconds:.2f} s")


if __name__ == "__main__":
    main()
