"""Issue 29: the heavy tail of `dlxcli sudoku --unique` over relabelled copies of the
hardest 25x25 sudokus.

Usage: python bench/bench_relabel.py [--copies R] [--first K] [--cap CPU_SECONDS]
           [--seed S] [--reason REASON] [--original] [NAME ...]
       python bench/bench_relabel.py --transcript FILE

A relabelled copy is the same puzzle written another way: its symbols permuted, its
bands and stacks shuffled, the rows inside each band and the columns inside each stack
shuffled, and the grid transposed or not, every choice drawn from a generator seeded
with (S, NAME, copy number), so that a run is reproduced exactly. Every copy has as many
solutions as the original, whose one solution (bench/data/gecode25/NAME.out, proven
unique by solvers that share nothing with dlxcli) relabelled the same way is checked to
solve the copy; the answer of each run must then be "unique" (with --first-solution,
which times a first solution instead: that solution).

Each copy is one whole process of the installed `dlxcli sudoku --unique --stats` (C
twin, --jobs 1, the default --reason auto unless --reason says otherwise), timed in CPU
seconds (user + system of the child: the machine is shared) under a cap of CPU seconds
(RLIMIT_CPU: a run killed there counts as "over"). The runs go round by round, copy k of
every instance in round k, so that a change in the machine's load falls on all
instances alike. The Learner's conflicts come from --stats. Printed: a line per run, then
a table per instance (min, median, max, max/median, runs over the cap; the same
max/median of the conflicts, which the load does not change) and each instance's sorted
list. `--transcript FILE` prints those tables from the run lines of
an earlier run's output instead (one stopped before its end, or several runs' lines put
together: a copy's number and seed name the same copy in every run).

Default instances: Gecode's hardest to prove unique (docs/sudoku-25x25.md): example18,
21, 22, 26, 27, 32, 33.
"""

import argparse
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from harness import REPO, dlxcli_argv

FOLDER = REPO / "bench" / "data" / "gecode25"
HARDEST = ["example18", "example21", "example22", "example26", "example27", "example32",
           "example33"]
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BOX = 5
SIDE = BOX * BOX
CONFLICTS = re.compile(r"([\d,]+) conflicts")
RUN_LINE = re.compile(r"^(\w+) copy (\d+): (over \d+|[\d.]+) CPU s, ([\d,]+|\?) conflicts$")


def shuffled_lines(rng):
    """A permutation of 0..SIDE-1 that keeps bands (or stacks) whole: the bands shuffled,
    and the lines inside each band."""
    bands = rng.sample(range(BOX), BOX)
    return [band * BOX + line for band in bands for line in rng.sample(range(BOX), BOX)]


def relabelling(rng):
    """A random relabelling: a function from a line-format grid to its copy (the same
    function for the puzzle and its solution)."""
    symbols = dict(zip(SYMBOLS, rng.sample(SYMBOLS, SIDE)))
    rows, columns = shuffled_lines(rng), shuffled_lines(rng)
    transpose = rng.random() < 0.5

    def apply(line):
        cells = [line[r * SIDE + c] for r in rows for c in columns]
        if transpose:
            cells = [cells[c * SIDE + r] for r in range(SIDE) for c in range(SIDE)]
        return "".join(symbols.get(cell, cell) for cell in cells)

    return apply


def solves(solution, puzzle):
    """Whether `solution` (a line) is a 25x25 sudoku that keeps `puzzle`'s givens."""
    grid = [solution[r * SIDE:(r + 1) * SIDE] for r in range(SIDE)]
    units = grid + ["".join(row[c] for row in grid) for c in range(SIDE)] + [
        "".join(grid[r][c] for r in range(br, br + BOX) for c in range(bc, bc + BOX))
        for br in range(0, SIDE, BOX) for bc in range(0, SIDE, BOX)]
    return (all(sorted(unit) == sorted(SYMBOLS) for unit in units)
            and all(p in ".0" or p == s for p, s in zip(puzzle, solution)))


def copies(name, first, last, seed, original):
    """[(label, puzzle line, its solution)] of `name`: the original first if asked, then
    the relabelled copies `first` to `last`, each checked against the relabelled known
    solution."""
    puzzle = (FOLDER / f"{name}.in").read_text().strip()
    solution = (FOLDER / f"{name}.out").read_text().strip()
    made = [("original", puzzle, solution)] if original else []
    for k in range(first, last + 1):
        relabel = relabelling(random.Random(f"{seed}:{name}:{k}"))
        copy = relabel(puzzle)
        assert solves(relabel(solution), copy), f"{name} copy {k}: the relabelling is wrong"
        made.append((f"copy {k}", copy, relabel(solution)))
    return made


def limit_cpu(cap):
    """The child's preexec: killed (SIGXCPU) after `cap` CPU seconds."""
    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))
    return limit


def timed(path, cap, reason, query, expected):
    """(CPU seconds or None if over the cap, conflicts or None) of one run of `query`
    (the options of a query: [] for a first solution), whose answer must be `expected`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(dlxcli_argv() + ["sudoku", *query, "--stats", "--reason", reason,
                                           str(path)],
                          capture_output=True, text=True, preexec_fn=limit_cpu(cap),
                          env=dict(os.environ, DLXCLI_ENGINE="c"))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode < 0:
        return None, None
    if done.returncode != 0 or done.stdout != expected:
        sys.exit(f"{path}: exit status {done.returncode}, answer {done.stdout!r}, "
                 f"expected {expected!r}\n{done.stderr}")
    found = CONFLICTS.search(done.stderr)
    return seconds, (int(found.group(1).replace(",", "")) if found else None)


def shown(seconds, cap):
    return f"over {cap}" if seconds is None or seconds == float("inf") else f"{seconds:.2f}"


def summary(name, runs, cap):
    """The markdown row of one instance: min, median, max, max/median, runs over (a run
    over the cap counts as infinitely slow)."""
    seconds = sorted(float("inf") if s is None else s for s, _ in runs)
    median, worst = statistics.median(seconds), seconds[-1]
    ratio = "inf" if worst == float("inf") else f"{worst / median:.1f}"
    over = seconds.count(float("inf"))
    conflicts = [c for _, c in runs if c is not None]
    spread = (f"{max(conflicts) / statistics.median(conflicts):.2f}"
              if conflicts and not over else "-")
    return (f"| {name} | {len(runs)} | {shown(seconds[0], cap)} | {shown(median, cap)} | "
            f"{shown(worst, cap)} | {ratio} | {over} | {spread} |")


def tables(names, results, cap, reason, query):
    """Print the summary table and each instance's sorted list of runs."""
    print(f"\nCPU seconds of `dlxcli sudoku {' '.join(query + ['--reason', reason])}` per "
          f"relabelled "
          f"copy (cap {cap} s)\n")
    print("| instance | copies | min | median | max | max/median | over the cap | "
          "conflicts: max/median |")
    print("|---|---|---|---|---|---|---|---|")
    for name in names:
        print(summary(name, results[name], cap))
    print()
    for name in names:
        listed = sorted(results[name], key=lambda run: float("inf") if run[0] is None
                        else run[0])
        print(f"{name}: " + ", ".join(
            shown(s, cap) + ("" if c is None else f" ({c:,})") for s, c in listed))


def from_transcript(path):
    """{name: {copy number: (seconds or None, conflicts or None)}} of a run's lines."""
    results = {}
    for line in Path(path).read_text().splitlines():
        found = RUN_LINE.match(line)
        if found:
            name, k, seconds, conflicts = found.groups()
            results.setdefault(name, {})[int(k)] = (
                None if seconds.startswith("over") else float(seconds),
                None if conflicts == "?" else int(conflicts.replace(",", "")))
    return {name: list(runs.values()) for name, runs in results.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=HARDEST)
    parser.add_argument("--copies", type=int, default=8, help="relabelled copies each")
    parser.add_argument("--first", type=int, default=1,
                        help="the first copy's number (to add copies to an earlier run)")
    parser.add_argument("--cap", type=int, default=120, help="CPU seconds a run")
    parser.add_argument("--seed", default="29")
    parser.add_argument("--reason", default="auto")
    parser.add_argument("--original", action="store_true", help="time the original too")
    parser.add_argument("--first-solution", action="store_true",
                        help="time a first solution (checked) instead of --unique")
    parser.add_argument("--transcript", help="an earlier run's output: its tables only")
    args = parser.parse_args()
    query = [] if args.first_solution else ["--unique"]
    if args.transcript:
        results = from_transcript(args.transcript)
        names = sorted(results, key=lambda name: int(re.sub(r"\D", "", name)))
        tables(names, results, args.cap, args.reason, query)
        return
    folder = Path(tempfile.mkdtemp(prefix="relabel-"))
    made = {name: copies(name, args.first, args.copies, args.seed, args.original)
            for name in args.names}
    results = {name: [] for name in args.names}
    for k in range(max(len(runs) for runs in made.values())):
        for name in args.names:
            label, puzzle, solution = made[name][k]
            path = folder / f"{name}-{label.replace(' ', '')}.in"
            path.write_text(puzzle + "\n")
            expected = solution + "\n" if args.first_solution else "unique\n"
            seconds, conflicts = timed(path, args.cap, args.reason, query, expected)
            if label != "original":
                results[name].append((seconds, conflicts))
            print(f"{name} {label}: {shown(seconds, args.cap)} CPU s, "
                  f"{'?' if conflicts is None else f'{conflicts:,}'} conflicts", flush=True)
    tables(args.names, results, args.cap, args.reason, query)


if __name__ == "__main__":
    main()
