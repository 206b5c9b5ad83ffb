"""A split search searched whole before its cut (session 17, attack17): what it gains
where a search is small and what it costs where a search outlasts it.

Usage: python bench/bench_split_probe.py --base DIR [--rounds N] [--jobs N] [CASE ...]

DIR is a checkout of the code before (its C extension built or copied in); this tree's
code is the other contender. Every row is a whole `python -m dlxcli` process run from
each tree (so that each loads its own code), the two alternating round by round, the
order turning each round, so that both meet the same load; the table gives each one's
median wall seconds and their ratio (this tree / before). Every answer is compared:
both trees must print the same bytes.

Cases (CASE: their names; default all):
* all300: `sudoku --all` of 300 hard 9x9 (hard1000_first3 a hundred times): the target,
  each puzzle's list a split search of about 2 ms;
* queens12, queens13, queens14 (`--reason singles`): counts of 0.05 to 2 s, the whole
  search given up past a quarter of the probe where it outlasts it;
* pento: `matrix --count` of the 6x10 pentominoes, all 9,356 (Knuth's format);
* list2000: `sudoku --all --limit 2000` of the empty 9x9;
* target: `target-sudoku` of the sample (a maximize).
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

from harness import REPO, shared

PUZZLES = os.path.join(REPO, "puzzles")


def cases(tmp):
    """name -> (arguments, stdin text or None)."""
    hard = open(os.path.join(PUZZLES, "sudoku", "hard1000_first3.in")).read()
    all300 = os.path.join(tmp, "all300.in")
    with open(all300, "w") as out:
        out.write(hard * 100)
    return {
        "all300": (["sudoku", "--all", all300], None),
        "queens12": (["queens", "--reason", "singles"], "12\n"),
        "queens13": (["queens", "--reason", "singles"], "13\n"),
        "queens14": (["queens", "--reason", "singles"], "14\n"),
        "pento": (["matrix", "--count", shared("data", "exact-cover", "pento6x10_all.dlx")],
                  None),
        "list2000": (["sudoku", "--all", "--limit", "2000", "-"], "." * 81 + "\n"),
        "target": (["target-sudoku", os.path.join(PUZZLES, "target-sudoku", "sample1.in")],
                   None),
    }


def run(tree, args, stdin, jobs):
    """(wall seconds, stdout) of one whole process run from `tree`."""
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "dlxcli", *args, "--jobs", str(jobs)],
                          cwd=tree, input=stdin, capture_output=True, text=True,
                          timeout=600)
    seconds = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {' '.join(args)}: status {done.returncode}: "
                         f"{done.stderr.strip()}")
    return seconds, done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="a checkout of the code before")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("names", nargs="*")
    options = parser.parse_args()
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        known = cases(tmp)
        names = options.names or list(known)
        trees = {"before": os.path.abspath(options.base), "now": REPO}
        print("| case | before (s) | now (s) | now / before |")
        print("|---|---:|---:|---:|")
        for name in names:
            args, stdin = known[name]
            seconds = {label: [] for label in trees}
            outputs = set()
            for round_ in range(options.rounds):
                order = list(trees) if round_ % 2 == 0 else list(trees)[::-1]
                for label in order:
                    wall, out = run(trees[label], args, stdin, options.jobs)
                    seconds[label].append(wall)
                    outputs.add(out)
            if len(outputs) != 1:
                raise SystemExit(f"{name}: the trees printed different answers")
            before, now = (statistics.median(seconds[label]) for label in trees)
            print(f"| {name} | {before:.3f} | {now:.3f} | {now / before:.2f} |", flush=True)


if __name__ == "__main__":
    main()
