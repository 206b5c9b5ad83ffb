"""Issue 29's parity proof cut into cubes: a fresh Learner per cube against one Learner
kept across the cubes, each cube's prefix given as assumptions (the measurement that
chose strategies.KeptLearner; docs/parallel.md, "A parity proof cut into cubes").

Usage: DLXCLI_ENGINE=c python bench/proto/kept_learner.py NAME [CUBES]

NAME: mutilatedN (dominoes on an N x N board less two opposite corners) or a Gecode
25x25 (bench/data/gecode25/NAME.in). In this process, one after the other: the whole
query's Learner, counting to 2; then the frontier cut into CUBES (32) cubes, each
counted to 2 by a fresh Learner of the problem its prefix leaves (021af40's cubes), and
by one of two kept Learners, the cubes dealt to them in turn (two processes' worth).
Prints the solutions found, the conflicts and the CPU seconds of each, and of each of
the two halves.
"""

import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from bench_parallel_proof import DATA, matrix  # noqa: E402

from dlxcli import engine  # noqa: E402
from dlxcli.strategies import Remainder  # noqa: E402


def count_to_2(learner):
    """Solutions found (up to 2) by a started Learner, each forbidden once found."""
    found = 0
    while found < 2 and learner.run(1 << 30) == engine.SOLUTION:
        found += 1
        learner.forbid(learner.solution())
    return found


def cubes(problem, forced, prefixes, fresh):
    """(solutions, conflicts, CPU s, CPU s of the even and of the odd cubes)."""
    whole = Remainder(problem, forced)
    kept = [whole.learner(), whole.learner()]
    found = conflicts = 0
    halves = [0.0, 0.0]
    for k, prefix in enumerate(prefixes):
        began = time.process_time()
        if fresh:
            remainder = Remainder(problem, forced + prefix)
            if remainder.empty:
                continue
            learner = remainder.learner()
            learner.start([])
        else:
            learner = kept[k % 2]
            learner.start(whole.inside(prefix))
        found += count_to_2(learner)
        conflicts += learner.conflicts
        halves[k % 2] += time.process_time() - began
    return found, conflicts, sum(halves), halves


def main():
    name = sys.argv[1]
    n_cubes = int(sys.argv[2]) if len(sys.argv) > 2 else 32
    problem, forced = matrix(name), []
    if problem is None:
        from dlxcli.puzzles.sudoku import parse_lines, sudoku_grid
        (puzzle,), _ = parse_lines(open(os.path.join(DATA, f"{name}.in")).read())
        grid = sudoku_grid(puzzle.side)
        problem, forced = grid.problem, list(grid.forced(puzzle.givens))
    began = time.process_time()
    learner = Remainder(problem, forced).learner()
    learner.start([])
    found = count_to_2(learner)
    print(f"{name} whole: {found} solutions, {learner.conflicts} conflicts, "
          f"{time.process_time() - began:.2f} s", flush=True)
    prefixes = [list(prefix) for prefix, _ in problem.frontier(forced=forced, min_open=n_cubes)]
    for fresh in (True, False):
        found, conflicts, seconds, halves = cubes(problem, forced, prefixes, fresh)
        print(f"{name} {'fresh' if fresh else 'kept'} Learners, {len(prefixes)} cubes: "
              f"{found} solutions, {conflicts} conflicts, {seconds:.2f} s "
              f"({halves[0]:.2f} / {halves[1]:.2f})", flush=True)


if __name__ == "__main__":
    main()
