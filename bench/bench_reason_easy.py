"""Issue 23: `--reason auto` (the default) against `--reason singles` where singles suffice.

Usage: python bench/bench_reason_easy.py [--repeats N]

Under `auto` a first solution or `--unique` is dancing links' for 100,000 nodes, and only
then the learning search's; counts, lists and maximize are dancing links' alone. So where
dancing links answer within that budget, `auto` must cost what `singles` (dancing links
alone, the search before issue 23) costs. Whole processes of the installed `dlxcli`, C
twin, alternating `singles` and `auto` round by round; medians and the ratio of `auto` to
`singles`. Every `auto` answer must equal the `singles` answer of the same input (computed
once before the timing). Sets: hard1000 and 17clue1000 (first solutions), the 16x16, the
800 squiggly cases, the samurai samples, queens 13 (its count) and the pentomino 6x10 count.
"""

import argparse
import os
import subprocess

from harness import CASES, Report, dlxcli, dlxcli_argv, shared, side_by_side

SETS = [
    ("hard1000", ["sudoku"], lambda: [shared("data", "sudoku", "hard1000.txt")]),
    ("17clue1000", ["sudoku"], lambda: [shared("data", "sudoku", "17clue1000.txt")]),
    ("16x16 (3)", ["sudoku"], lambda: sorted(CASES.joinpath("sudoku").glob("16x16*.in"))),
    ("squiggly x800", ["squiggly"], lambda: [shared("data", "squiggly", "sample_x800.in")]),
    ("samurai (5)", ["samurai"], lambda: [p for p in sorted(CASES.glob("samurai/*.grid21.in"))
                                          if "invalid" not in p.name]),
    ("queens 13", ["queens"], lambda: [CASES / "queens" / "n13.in"]),
    ("pento6x10 count", ["matrix", "--count"],
     lambda: [shared("data", "exact-cover", "pento6x10.p4929")]),
]


def singles_answer(command, paths):
    """The stdout of `--reason singles` on the set: what `auto` must print too."""
    done = subprocess.run(dlxcli_argv() + command + ["--reason", "singles"]
                          + [str(p) for p in paths], capture_output=True,
                          env=dict(os.environ, DLXCLI_ENGINE="c"))
    return done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    report = Report()
    groups = []
    for name, command, paths_of in SETS:
        paths = [str(p) for p in paths_of()]
        expected = singles_answer(command, paths)

        def same(stdout, expected=expected):
            return None if stdout == expected else "differs from --reason singles"

        contenders = [dlxcli(f"dlxcli --reason {reason} (C)", "c",
                             command + ["--reason", reason] + paths, check=same)
                      for reason in ("singles", "auto")]
        groups.append((name, side_by_side(contenders, args.repeats)))
    report.timings("--reason auto against --reason singles (whole processes, C twin)",
                   groups, baseline_label="singles")
    for name, timings in groups:
        singles, auto = (t.median for t in timings)
        report.target(f"{name}: auto / singles", None if not singles else auto / singles, 1.05)
    report.finish()


if __name__ == "__main__":
    main()
