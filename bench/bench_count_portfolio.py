"""Issue 29: `--count` under the portfolio (`strategies.Portfolio.count`) against DLX
alone and the Learner alone, whole processes side by side (each input's three runs one
after the other, the order turning round from one input to the next), CPU seconds of the
child; over a cap a run is stopped and counted at the cap (">").

Usage: DLXCLI_ENGINE=c python bench/bench_count_portfolio.py [--rounds R] [--cap S]
           [--jobs N] [NAME ...]

NAME: a Gecode 25x25 (bench/data/gecode25/NAME.in, `sudoku --count`), `hard1000` (the
first 200 puzzles of ../shared/data/sudoku/hard1000.txt, one process), `pento`
(../shared/data/exact-cover/pento6x10_all.dlx: 9,356 tilings), `queens13` (73,712),
or mutilatedN / kN (bench_parallel_proof.matrix, written as Knuth's format: none), or
trominoN (mutilatedN with one L-tromino option more and an unused secondary item: no
cover, which DLX's memo count settles and the Learner does not: attack16's);
NAME@L counts NAME to the limit L (`--limit L`).
Prints a line a run, then a table: the seconds of each reason, auto / the better of
singles and learn (the goal: at most 2, plus 0.5 s), and auto / singles.

With --jobs N (N >= 2), each input's count under auto with --jobs 1, with --jobs N, and
with --jobs N under singles (a split count of DLX's alone: what --jobs N under auto
was before session 16), wall seconds (the runs use several processes); the table then
gives --jobs N / --jobs 1 and --jobs N / its singles.
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench_parallel_proof import DATA, load, matrix, processor  # noqa: E402

SHARED = os.path.join(HERE, "..", "..", "shared", "data")
REASONS = ("auto", "singles", "learn")


def command(name, folder):
    """The dlxcli arguments that count NAME's solutions (NAME@L: to the limit L)."""
    if "@" in name:
        name, limit = name.split("@")
        return command(name, folder) + ["--limit", limit]
    if name == "hard1000":
        path = os.path.join(folder, "hard1000.txt")
        with open(os.path.join(SHARED, "sudoku", "hard1000.txt")) as source, \
                open(path, "w") as out:
            out.writelines(source.readlines()[:200])
        return ["sudoku", "--count", path]
    if name == "pento":
        return ["matrix", "--count", os.path.join(SHARED, "exact-cover", "pento6x10_all.dlx")]
    if name == "queens13":
        return ["matrix", "--count", os.path.join(SHARED, "exact-cover", "queens13.dlx")]
    if name.startswith("tromino"):
        return ["matrix", "--input-format", "knuth", "--count",
                tromino_board(int(name[len("tromino"):]), folder)]
    problem = matrix(name)
    if problem is not None:
        n_primary, _, options, _, _ = problem.definition
        path = os.path.join(folder, f"{name}.dlx")
        with open(path, "w") as out:
            out.write(" ".join(f"c{k}" for k in range(n_primary)) + "\n")
            out.writelines(" ".join(f"c{k}" for k in option) + "\n" for option in options)
        return ["matrix", "--input-format", "knuth", "--count", path]
    return ["sudoku", "--count", os.path.join(DATA, f"{name}.in")]


def tromino_board(side, folder):
    """trominoN in Knuth's format (see the usage): its path."""
    cells = [(r, c) for r in range(side) for c in range(side)
             if (r, c) not in ((0, 0), (side - 1, side - 1))]
    here = set(cells)
    path = os.path.join(folder, f"tromino{side}.dlx")
    with open(path, "w") as out:
        out.write(" ".join(f"x{r}_{c}" for r, c in cells) + " | s\n")
        out.writelines(f"x{r}_{c} x{r + dr}_{c + dc}\n" for r, c in cells
                       for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in here)
        out.write("x1_1 x1_2 x2_1\n")
    return path


def run(arguments, reason, cap, jobs=None):
    """(CPU seconds of the child, or its wall seconds given `jobs`; capped, its stdout).
    (A capped run's workers, killed with it, are not waited for: with `jobs` the wall
    clock is what counts.)"""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    extra = [] if jobs is None else ["--jobs", str(jobs)]
    try:
        done = subprocess.run([sys.executable, "-m", "dlxcli", *arguments, "--reason", reason,
                               *extra], capture_output=True, text=True, timeout=cap)
        capped, out = False, done.stdout
    except subprocess.TimeoutExpired:
        capped, out = True, None
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if jobs is not None:
        seconds = wall
    return (cap if capped else seconds), capped, out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*", default=[
        "example21", "example22", "mutilated8", "mutilated10", "k13", "k15", "k17",
        "hard1000", "pento", "queens13"])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    print(f"# {processor()}, load average {load()}; engine "
          f"{os.environ.get('DLXCLI_ENGINE', 'default')}, cap {args.cap:g} s")
    runs = REASONS if args.jobs is None else (("auto", 1), ("auto", args.jobs),
                                              ("singles", args.jobs))
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for k, name in enumerate(args.names):
            rows.append((name, best_of(command(name, folder), runs[::1 if k % 2 == 0 else -1],
                                       args, name)))
    print(f"\n# load average after: {load()}")
    if args.jobs is None:
        print_reasons(rows)
    else:
        print_jobs(rows, runs)


def best_of(arguments, runs, args, name):
    """Each run's best of `args.rounds` (seconds, capped), the runs in turn; every
    answer the same."""
    best = {how: None for how in runs}
    answers = set()
    for _ in range(args.rounds):
        for how in runs:
            reason, jobs = (how, None) if isinstance(how, str) else how
            seconds, capped, out = run(arguments, reason, args.cap, jobs)
            label = f"--reason {reason}" + ("" if jobs is None else f" --jobs {jobs}")
            print(f"{name} {label}: {'>' if capped else ''}{seconds:.2f} s", flush=True)
            if out is not None:
                answers.add(out)
            if best[how] is None or seconds < best[how][0]:
                best[how] = (seconds, capped)
    if len(answers) > 1:
        raise SystemExit(f"{name}: the runs disagree: {sorted(answers)}")
    return best


def cell(best, how):
    seconds, capped = best[how]
    return f"{'>' if capped else ''}{seconds:.2f}"


def print_jobs(rows, runs):
    one, many, singles = runs
    jobs = many[1]
    print(f"| input | --jobs 1 | --jobs {jobs} | --jobs {jobs} singles (before) | "
          f"--jobs {jobs} / --jobs 1 | --jobs {jobs} / before |")
    print("|---|---|---|---|---|---|")
    for name, best in rows:
        print(f"| {name} | {cell(best, one)} | {cell(best, many)} | {cell(best, singles)} | "
              f"{best[many][0] / best[one][0]:.2f} | {best[many][0] / best[singles][0]:.2f} |")


def print_reasons(rows):
    print("| input | auto | singles | learn | auto / better (goal <= 2 + 0.5 s) | auto / singles |")
    print("|---|---|---|---|---|---|")
    for name, best in rows:
        better = min(best["singles"][0], best["learn"][0])
        auto = best["auto"][0]
        print(f"| {name} | {cell(best, 'auto')} | {cell(best, 'singles')} | "
              f"{cell(best, 'learn')} | "
              f"{auto / better:.2f}{'' if auto <= 2 * better + 0.5 else ' (over)'} | "
              f"{auto / best['singles'][0]:.2f} |")


if __name__ == "__main__":
    main()
