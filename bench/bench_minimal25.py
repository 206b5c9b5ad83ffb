"""How fast `dlxcli generate sudoku --size 25` makes minimal puzzles (issue 23 asks for one
a minute), and what the incremental uniqueness checks give.

For each seed, the same solution grid and the same removal order, paired and alternating
(the machine is shared and noisy): the generator's checks on one Learner per grid
(exact_cover.Others: the grid forbidden once, the givens as assumptions, what one check
learns kept for the next), against a fresh Learner per check (a count stopped at 2 under
--reason learn). Both must give the same minimal puzzle. CPU seconds (this process) and
wall seconds, per puzzle.

    python bench/bench_minimal25.py --seeds 1 2      (C twin; minutes per seed)
"""

import argparse
import random
import time

from dlxcli import engine
from dlxcli import generate as making
from dlxcli.exact_cover import Budget
from dlxcli.puzzles import queries


class FreshChecks:
    """The checks of making.Uniqueness with a fresh Learner each (the baseline)."""

    def __init__(self, board, solution):
        self.grid, self.solution = board.grid, solution
        self.budget = Budget(reason="learn")

    def second(self, givens):
        return queries.search(self.grid, givens, 2, self.budget) == 2


def one_minimal(seed, fresh):
    """(givens left, cpu s, wall s, the puzzle) of puzzle 0 of `seed`."""
    request = making.Request("sudoku", 25, seed=seed)
    rng = random.Random(making.puzzle_seed(request.seed, 0))
    board = making.generator_of("sudoku").board(25, rng)
    solution = making.solution_grid("sudoku", board, rng)
    cpu, wall = time.process_time(), time.perf_counter()
    unique = (FreshChecks(board, solution) if fresh
              else making.Uniqueness(request, board, solution))
    givens = making.remove_givens(board, solution, unique, rng, "none")
    return (sum(1 for g in givens if g), time.process_time() - cpu,
            time.perf_counter() - wall, givens)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs="+", default=["1"])
    parser.add_argument("--no-fresh", action="store_true",
                        help="time the generator's own checks only")
    args = parser.parse_args()
    print(f"engine: {engine.ENGINE}")
    for k, seed in enumerate(args.seeds):
        order = [False, True] if k % 2 == 0 else [True, False]
        if args.no_fresh:
            order = [False]
        results = {}
        for fresh in order:
            left, cpu, wall, givens = one_minimal(seed, fresh)
            results[fresh] = givens
            name = "fresh Learner per check" if fresh else "one Learner per grid"
            print(f"seed {seed}: {name:<24} {left} givens, {cpu:7.1f} s CPU, "
                  f"{wall:7.1f} s wall", flush=True)
        if len(results) == 2:
            assert results[True] == results[False], "the two ways made different puzzles"


if __name__ == "__main__":
    main()
