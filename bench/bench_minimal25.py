"""How fast `dlxcli generate sudoku --size 25` makes minimal puzzles (issue 23 asks for one
a minute), and what the generator's group clause gives.

For each seed, the same solution grid and the same removal order, paired and alternating
(the machine is shared and noisy): the generator's checks (generate.Uniqueness: a fresh
Learner per check that forbids only the values of the group of cells just removed),
against the same checks forbidding the whole grid. Both must give the same minimal
puzzle. CPU seconds (this process) and wall seconds, per puzzle.

    python bench/bench_minimal25.py --seeds 1 2      (C twin; minutes per seed)
"""

import argparse
import random
import time

from dlxcli import engine
from dlxcli import generate as making


class WholeGridChecks(making.Uniqueness):
    """The generator's checks, each forbidding the whole grid (the baseline)."""

    def second(self, givens, group=None):
        return super().second(givens, None)


def one_minimal(seed, whole):
    """(givens left, cpu s, wall s, the puzzle) of puzzle 0 of `seed`."""
    request = making.Request("sudoku", 25, seed=seed)
    rng = random.Random(making.puzzle_seed(request.seed, 0))
    board = making.generator_of("sudoku").board(25, rng)
    solution = making.solution_grid("sudoku", board, rng)
    cpu, wall = time.process_time(), time.perf_counter()
    checks = WholeGridChecks if whole else making.Uniqueness
    unique = checks(request, board, solution)
    givens = making.remove_givens(board, solution, unique, rng, "none")
    return (sum(1 for g in givens if g), time.process_time() - cpu,
            time.perf_counter() - wall, givens)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs="+", default=["1"])
    parser.add_argument("--no-whole", action="store_true",
                        help="time the generator's own checks only")
    args = parser.parse_args()
    print(f"engine: {engine.ENGINE}")
    for k, seed in enumerate(args.seeds):
        order = [False, True] if k % 2 == 0 else [True, False]
        if args.no_whole:
            order = [False]
        results = {}
        for whole in order:
            left, cpu, wall, givens = one_minimal(seed, whole)
            results[whole] = givens
            name = "forbidding the whole grid" if whole else "forbidding the group"
            print(f"seed {seed}: {name:<24} {left} givens, {cpu:7.1f} s CPU, "
                  f"{wall:7.1f} s wall", flush=True)
        if len(results) == 2:
            assert results[True] == results[False], "the two ways made different puzzles"


if __name__ == "__main__":
    main()
