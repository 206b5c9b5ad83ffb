"""Where the cubes of a verdict over 2 jobs spend their work, in one process and in
Learner steps (decisions + conflicts: the same on every machine and load), beside the
whole query's Learner (docs/parallel.md, "Where the 25x25 cubes' excess comes from").

Usage: DLXCLI_ENGINE=c python bench/proto/cube_costs.py MODE[,MODE...] NAME[,NAME...]

MODE: `whole` (the query's Learner, counting to 2: `--jobs 1`'s Learner), or
`fresh:CUBES[:CUT]` / `kept:CUBES[:CUT]` / `keptN:CUBES[:CUT]`: the query cut into
CUBES cubes, each counted to 2 by a fresh Learner of the problem its prefix leaves
(021af40's cubes), or by one of two Learners kept across their cubes, the prefix as
assumptions (strategies.KeptLearner), or by one of N (kept1: one kept Learner alone,
what sharing every clause would give at best; kept16: sixteen jobs). CUT: `dlx` (the
default: DLX's frontier, `ExactCover.frontier`'s min_open, as `dlxcli.parallel` cuts)
or `learner` (dlxcli.learner_cut's, as dlxcli.parallel cuts; its warm-up's solutions
not counted) or a cut of learner_cuts.py: `mrv`, `look12-6` (M 12, C 0.006), or `wW-actsum` /
`wW-actmax` (activities of the query's Learner after a warm-up of W conflicts;
`kW-...`: that Learner then kept as the first kept Learner, its warm-up solutions
counted; the warm-up's steps are printed apart, not in the critical path). A cube goes to the Learner with the fewest steps so far (a dynamic deal, made
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
from learner_cuts import Cutter, chooser  # noqa: E402

from dlxcli import engine  # noqa: E402
from dlxcli.exact_cover import Budget  # noqa: E402
from dlxcli.learner_cut import LearnerCut  # noqa: E402
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


def deal(problem, forced, prefixes, kind, warm=None):
    """[(cube, learner, solutions, conflicts)], each Learner's steps and CPU seconds;
    `warm`: a Learner to keep as the first (its steps so far not counted)."""
    whole = Remainder(problem, forced)
    n = 2 if kind in ("kept", "fresh") else int(kind[4:])
    kept = [whole.learner() if kind != "fresh" else None for _ in range(n)]
    if warm is not None:
        kept[0] = warm
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


def warm_up(whole, conflicts):
    """The query's Learner after `conflicts` conflicts (or done before): (learner,
    solutions found, steps, CPU s, done)."""
    began = time.process_time()
    learner = whole.learner()
    learner.start([])
    found, done = 0, False
    while learner.conflicts < conflicts:
        status = learner.run(1000)
        if status == engine.SOLUTION:
            found += 1
            learner.forbid(learner.solution())
            if found == 2:
                done = True
                break
        elif status == engine.EXHAUSTED:
            done = True
            break
    steps = learner.conflicts + learner.decisions
    return learner, found, steps, time.process_time() - began, done


def cubes(problem, forced, cubes, cut):
    """(prefixes as options of the problem, the warm Learner to keep or None, the
    warm-up's solutions, a note on the cut's cost)."""
    began = time.process_time()
    if cut == "learner":  # the cut dlxcli.parallel makes (dlxcli.learner_cut)
        warm = LearnerCut(problem, forced, 2, Budget())
        warm.warm_up(Budget())
        steps = warm.stats().nodes + warm.stats().conflicts
        note = f"warm-up {steps} steps{' (done)' if warm.done else ''}"
        prefixes = [] if warm.done else warm.cubes(cubes)
        return prefixes, None, 0, f"{note}, {time.process_time() - began:.2f} s with the cut"
    if cut == "dlx":
        prefixes = [list(prefix) for prefix, _ in problem.frontier(forced=forced, min_open=cubes)]
        return prefixes, None, 0, f"cut {time.process_time() - began:.2f} s"
    whole = Remainder(problem, forced)
    cutter = Cutter(whole.options, whole.n_primary, len(whole.number))
    kept, found, note = None, 0, ""
    if cut[0] in "wk":
        warmth, cut = cut.split("-", 1)
        learner, found, steps, seconds, done = warm_up(whole, int(warmth[1:]))
        note = f"warm-up {steps} steps {seconds:.2f} s{' (done)' if done else ''}, "
        if warmth[0] == "k":
            kept = learner
        else:
            found = 0
        began = time.process_time()
        choose = chooser(cutter, cut, learner)
    else:
        choose = chooser(cutter, cut)
    prefixes = [[whole.kept[j] for j in prefix] for prefix in cutter.cut(cubes, choose)]
    return prefixes, kept, found, (f"{note}cut {time.process_time() - began:.2f} s, "
                                      f"{cutter.propagations} propagations")


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
            kind, n_cubes, cut = (mode + ":dlx").split(":")[:3]
            prefixes, warm, found, note = cubes(problem, forced, int(n_cubes), cut)
            rows, steps, seconds = deal(problem, forced, prefixes, kind, warm)
            costliest = sorted((row[3] for row in rows), reverse=True)[:3]
            print(f"{name} {mode} ({len(prefixes)} cubes; {note}): "
                  f"{found + sum(r[2] for r in rows)} "
                  f"solutions, {sum(r[3] for r in rows)} conflicts, steps "
                  f"{' / '.join(map(str, steps))} (critical path {max(steps)}), "
                  f"{' / '.join(f'{s:.2f}' for s in seconds)} s, costliest cubes "
                  f"{costliest}", flush=True)
            if verbose:
                print("  " + " ".join(f"{c}:{k}:{n}" for c, k, _, n in rows), flush=True)


if __name__ == "__main__":
    main()
