"""Issue 29: `--count` under the portfolio (`strategies.Portfolio.count`) against DLX
alone and the Learner alone, whole processes side by side (each input's three runs one
after the other, the order turning round from one input to the next), CPU seconds of the
child; over a cap a run is stopped and counted at the cap (">").

Usage: DLXCLI_ENGINE=c python bench/bench_count_portfolio.py [--rounds R] [--cap S]
           [NAME ...]

NAME: a Gecode 25x25 (bench/data/gecode25/NAME.in, `sudoku --count`), `hard1000` (the
first 200 puzzles of ../shared/data/sudoku/hard1000.txt, one process), `pento`
(../shared/data/exact-cover/pento6x10_all.dlx: 9,356 tilings), `queens13` (73,712),
or mutilatedN / kN (bench_parallel_proof.matrix, written as Knuth's format: none).
Prints a line a run, then a table: the seconds of each reason, auto / the better of
singles and learn (the goal: at most 2, plus 0.5 s), and auto / singles.
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench_parallel_proof import DATA, load, matrix, processor  # noqa: E402

SHARED = os.path.join(HERE, "..", "..", "shared", "data")
REASONS = ("auto", "singles", "learn")


def command(name, folder):
    """The dlxcli arguments that count NAME's solutions."""
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
    problem = matrix(name)
    if problem is not None:
        n_primary, _, options, _, _ = problem.definition
        path = os.path.join(folder, f"{name}.dlx")
        with open(path, "w") as out:
            out.write(" ".join(f"c{k}" for k in range(n_primary)) + "\n")
            out.writelines(" ".join(f"c{k}" for k in option) + "\n" for option in options)
        return ["matrix", "--input-format", "knuth", "--count", path]
    return ["sudoku", "--count", os.path.join(DATA, f"{name}.in")]


def run(arguments, reason, cap):
    """(CPU seconds of the child, capped, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run([sys.executable, "-m", "dlxcli", *arguments, "--reason", reason],
                              capture_output=True, text=True, timeout=cap)
        capped, out = False, done.stdout
    except subprocess.TimeoutExpired:
        capped, out = True, None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return (cap if capped else seconds), capped, out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*", default=[
        "example21", "example22", "mutilated8", "mutilated10", "k13", "k15", "k17",
        "hard1000", "pento", "queens13"])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--cap", type=float, default=60.0)
    args = parser.parse_args()
    print(f"# {processor()}, load average {load()}; engine "
          f"{os.environ.get('DLXCLI_ENGINE', 'default')}, cap {args.cap:g} s")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for k, name in enumerate(args.names):
            arguments = command(name, folder)
            order = REASONS if k % 2 == 0 else REASONS[::-1]
            best = {reason: None for reason in REASONS}
            answers = set()
            for _ in range(args.rounds):
                for reason in order:
                    seconds, capped, out = run(arguments, reason, args.cap)
                    print(f"{name} --reason {reason}: {'>' if capped else ''}{seconds:.2f} s",
                          flush=True)
                    if out is not None:
                        answers.add(out)
                    if best[reason] is None or seconds < best[reason][0]:
                        best[reason] = (seconds, capped)
            if len(answers) > 1:
                raise SystemExit(f"{name}: the reasons disagree: {sorted(answers)}")
            rows.append((name, best))
    print(f"\n# load average after: {load()}")
    print("| input | auto | singles | learn | auto / better (goal <= 2 + 0.5 s) | auto / singles |")
    print("|---|---|---|---|---|---|")
    for name, best in rows:
        def cell(reason):
            seconds, capped = best[reason]
            return f"{'>' if capped else ''}{seconds:.2f}"
        better = min(best["singles"][0], best["learn"][0])
        auto = best["auto"][0]
        print(f"| {name} | {cell('auto')} | {cell('singles')} | {cell('learn')} | "
              f"{auto / better:.2f}{'' if auto <= 2 * better + 0.5 else ' (over)'} | "
              f"{auto / best['singles'][0]:.2f} |")


if __name__ == "__main__":
    main()
