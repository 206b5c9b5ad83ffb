"""Where the cubes of a verdict over 2 jobs spend their work, in one process and in
Learner steps (decisions + conflicts: the same on every machine and load), beside the
whole query's Learner (docs/parallel.md, "Where the 25x25 cubes' excess comes from").

Usage: DLXCLI_ENGINE=c python bench/proto/cube_costs.py MODE[,MODE...] NAME[,NAME...]

MODE: `whole` (the query's Learner, counting to 2: `--jobs 1`'s Learner), or
`fresh:CUBES` / `kept:CUBES` / `kept1:CUBES`: DLX's frontier cut into CUBES cubes
(`ExactCover.frontier`'s min_open, as `dlxcli.parallel` cuts), each counted to 2 by a
fresh Learner of the problem its prefix leaves (021af40's cubes), or by one of two
Learners kept across their cubes, the prefix as assumptions (strategies.KeptLearner), or
by one kept Learner alone (what sharing every clause between the two would give at
best). A cube goes to the Learner with the fewest steps so far (a dynamic deal, made
deterministic). NAME: a Gecode 25x25 (bench/data/gecode25/NAME.in), mutilatedN or kN
(bench_parallel_proof.matrix). Prints per mode the solutions, the conflicts, each
Learner's steps (the critical path: the larger), each one's CPU seconds and the three
costliest cubes' conflicts; with -v every cube's "index:learner:conflicts".
"""

import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from bench_parallel_proof import DATA, matrix  # noqa: E402
from kept_learner import count_to_2  # noqa: E402

from dlxcli.strategies import Remainder  # noqa: E402


def query(name):
    """(problem, forced options) of NAME."""
    problem = matrix(name)
    if problem is not None:
        return problem, []
    from dlxcli.puzzles.sudoku import parse_lines, sudoku_grid
    (puzzle,), _ = parse_lines(open(os.path.join(DATA, f"{name}.in")).read())
    grid = sudoku_grid(puzzle.side)
    return grid.problem, list(grid.forced(puzzle.givens))


def cube_learner(problem, forced, whole, kept, prefix):
    """The started Learner of a cube: a fresh one (kept None), or the kept one; None for
    a prefix that clashes with the forced options."""
    if kept is not None:
        kept.start(whole.inside(prefix))
        return kept
    remainder = Remainder(problem, forced + prefix)
    if remainder.empty:
        return None
    learner = remainder.learner()
    learner.start([])
    return learner


def deal(problem, forced, prefixes, kind):
    """[(cube, learner, solutions, conflicts)], each Learner's steps and CPU seconds."""
    whole = Remainder(problem, forced)
    n = 1 if kind == "kept1" else 2
    kept = [whole.learner() if kind != "fresh" else None for _ in range(n)]
    steps, seconds, rows = [0] * n, [0.0] * n, []
    for cube, prefix in enumerate(prefixes):
        k = min(range(n), key=steps.__getitem__)
        began = time.process_time()
        learner = cube_learner(problem, forced, whole, kept[k], prefix)
        found = 0 if learner is None else count_to_2(learner)
        seconds[k] += time.process_time() - began
        if learner is not None:
            steps[k] += learner.conflicts + learner.decisions
            rows.append((cube, k, found, learner.conflicts))
    return rows, steps, seconds


def main():
    modes, names = sys.argv[1].split(","), sys.argv[2].split(",")
    verbose = "-v" in sys.argv[3:]
    for name in names:
        problem, forced = query(name)
        for mode in modes:
            began = time.process_time()
            if mode == "whole":
                learner = Remainder(problem, forced).learner()
                learner.start([])
                found = count_to_2(learner)
                print(f"{name} whole: {found} solutions, {learner.conflicts} conflicts, "
                      f"{learner.conflicts + learner.decisions} steps, "
                      f"{time.process_time() - began:.2f} s", flush=True)
                continue
            kind, cubes = mode.split(":")
            prefixes = [list(prefix) for prefix, _ in
                        problem.frontier(forced=forced, min_open=int(cubes))]
            rows, steps, seconds = deal(problem, forced, prefixes, kind)
            costliest = sorted((row[3] for row in rows), reverse=True)[:3]
            print(f"{name} {mode} ({len(prefixes)} cubes): {sum(r[2] for r in rows)} "
                  f"solutions, {sum(r[3] for r in rows)} conflicts, steps "
                  f"{' / '.join(map(str, steps))} (critical path {max(steps)}), "
                  f"{' / '.join(f'{s:.2f}' for s in seconds)} s, costliest cubes "
                  f"{costliest}", flush=True)
            if verbose:
                print("  " + " ".join(f"{c}:{k}:{n}" for c, k, _, n in rows), flush=True)


if __name__ == "__main__":
    main()
