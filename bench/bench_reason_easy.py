"""Issues 23 and 29: `--reason auto` (the default) against `--reason singles` where
singles suffice, as whole processes.

Usage: python bench/bench_reason_easy.py [--rounds N] [SET ...]

Under `auto` a first solution or `--unique` is dancing links' for 100,000 nodes before the
Learner may start; counts, lists and maximize are dancing links' alone. So where dancing
links answer within that budget, `auto` must cost what `singles` costs: issue 29 asks for
at most 1.05x, paired. Whole processes of the installed `dlxcli` (start-up, reading and
writing included), C twin. Each round runs `singles` and `auto` on a set, one after the
other, the order alternating from round to round, and takes the ratio of their CPU
seconds (user + system of the child: the machine is shared, so wall seconds carry the
other jobs' load); the table gives each contender's median CPU and wall seconds and the
median of the paired ratios (with their range). Every `auto` answer must equal the
`singles` answer of the same round.

Sets: hard1000 and 17clue1000 (first solutions; hard1000 --unique as well), the three
16x16, the 800 squiggly cases, the samurai samples, queens 13 (its count), the pentomino
6x10 count, and the first solutions of the bundled pentomino packings.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

from harness import CASES, dlxcli_argv, shared

SETS = {
    "hard1000": (["sudoku"], lambda: [shared("data", "sudoku", "hard1000.txt")]),
    "hard1000 --unique": (["sudoku", "--unique"],
                          lambda: [shared("data", "sudoku", "hard1000.txt")]),
    "17clue1000": (["sudoku"], lambda: [shared("data", "sudoku", "17clue1000.txt")]),
    "16x16 (3)": (["sudoku"], lambda: sorted(CASES.joinpath("sudoku").glob("16x16*.in"))),
    "squiggly x800": (["squiggly"], lambda: [shared("data", "squiggly", "sample_x800.in")]),
    "samurai (5)": (["samurai"], lambda: [p for p in sorted(CASES.glob("samurai/*.grid21.in"))
                                          if "invalid" not in p.name]),
    "queens 13": (["queens"], lambda: [CASES / "queens" / "n13.in"]),
    "pento6x10 count": (["matrix", "--count"],
                        lambda: [shared("data", "exact-cover", "pento6x10.p4929")]),
    "pentominoes (5), first": (["pack"],
                               lambda: sorted(CASES.joinpath("pack").glob("pentominoes-*.in"))),
}


def timed(argv):
    """(CPU seconds of the child, its wall seconds, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, env=dict(os.environ, DLXCLI_ENGINE="c"))
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)}: exit status {done.returncode}\n{done.stderr.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def paired(command, paths, rounds):
    """{reason: [(cpu, wall)]} and the per-round ratios auto / singles (CPU)."""
    runs = {"singles": [], "auto": []}
    ratios = []
    for k in range(rounds):
        order = ("singles", "auto") if k % 2 == 0 else ("auto", "singles")
        got = {reason: timed(dlxcli_argv() + command + ["--reason", reason] + paths)
               for reason in order}
        if got["auto"][2] != got["singles"][2]:
            sys.exit(f"{command} {paths}: auto's answer differs from singles'")
        for reason in order:
            runs[reason].append(got[reason][:2])
        ratios.append(got["auto"][0] / got["singles"][0])
    return runs, ratios


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", default=list(SETS), metavar="SET")
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    print("| set | singles CPU s | auto CPU s | singles wall s | auto wall s | "
          "auto / singles (CPU, median of paired ratios) | ratios min-max | 1.05x |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.sets:
        command, paths_of = SETS[name]
        runs, ratios = paired(command, [str(p) for p in paths_of()], args.rounds)
        cpu = {r: statistics.median(c for c, _ in runs[r]) for r in runs}
        wall = {r: statistics.median(w for _, w in runs[r]) for r in runs}
        ratio = statistics.median(ratios)
        print(f"| {name} | {cpu['singles']:.3f} | {cpu['auto']:.3f} | {wall['singles']:.3f} "
              f"| {wall['auto']:.3f} | {ratio:.3f}x | {min(ratios):.2f}-{max(ratios):.2f} "
              f"| {'met' if ratio <= 1.05 else 'NOT met'} |", flush=True)


if __name__ == "__main__":
    main()
