"""Issue 29: `--reason auto` (the portfolio) against each search alone, paired.

Usage: python bench/bench_portfolio.py [--rounds N] [--cap SECONDS] [--gecode]

Whole processes of the installed `dlxcli`, C twin; each case runs `singles`, `learn`
and `auto` in turn, round after round, and reports the median CPU seconds of each
(user + system of the child: this machine is shared, so CPU time, not wall time), the
bound the issue sets (2 x the better of singles and learn + 0.5 s) and auto's ratio to
the better one. A search stopped by the cap (--timeout) shows as ">cap". Cases: perfect
matchings of K15 and K17 (none: n odd), the 8x8 board less two opposite corners tiled
by dominoes (none), and with --gecode every 25x25 of bench/data/gecode25 (a first
solution: learn and auto only, singles takes minutes). The answers of every run must
agree.
"""

import argparse
import os
import resource
import statistics
import subprocess
import tempfile
from pathlib import Path

from harness import dlxcli_argv

GECODE25 = Path(__file__).resolve().parent / "data" / "gecode25"


def complete_graph(n):
    return " ".join(f"v{u}" for u in range(n)) + "\n" + "".join(
        f"v{u} v{v}\n" for u in range(n) for v in range(u + 1, n))


def mutilated_board(side=8):
    cells = [(r, c) for r in range(side) for c in range(side)
             if (r, c) not in ((0, 0), (side - 1, side - 1))]
    taken = set(cells)
    options = [f"r{r}c{c} r{r + dr}c{c + dc}\n" for r, c in cells
               for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in taken]
    return " ".join(f"r{r}c{c}" for r, c in cells) + "\n" + "".join(options)


def timed(argv, cap):
    """(CPU seconds of the child, or None past the cap; its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv + ["--timeout", str(cap)], capture_output=True,
                          env=dict(os.environ, DLXCLI_ENGINE="c"))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return (None if done.returncode == 3 else seconds), done.stdout


def shown(seconds, cap):
    return f">{cap:g}" if seconds is None else f"{seconds:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--gecode", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    cases = []
    for name, text in (("K15", complete_graph(15)), ("K17", complete_graph(17)),
                       ("mutilated 8x8", mutilated_board())):
        path = folder / f"{name.replace(' ', '_')}.txt"
        path.write_text(text)
        cases.append((name, ["matrix", str(path)], ("singles", "learn", "auto")))
    if args.gecode:
        cases += [(path.stem, ["sudoku", str(path)], ("learn", "auto"))
                  for path in sorted(GECODE25.glob("*.in"))]
    print(f"{'case':16} {'singles':>8} {'learn':>8} {'auto':>8} {'bound':>8} "
          f"{'auto/best':>9}")
    for name, command, reasons in cases:
        times = {reason: [] for reason in reasons}
        answers = set()
        for _ in range(args.rounds):
            for reason in reasons:
                seconds, stdout = timed(dlxcli_argv() + command + ["--reason", reason],
                                        args.cap)
                times[reason].append(seconds)
                if seconds is not None:
                    answers.add(stdout)
        assert len(answers) == 1, f"{name}: the answers differ"
        median = {reason: (None if None in values else statistics.median(values))
                  for reason, values in times.items()}
        best = min(v for r, v in median.items() if r != "auto" and v is not None)
        auto = median["auto"]
        ratio = "" if auto is None else f"{auto / best:.2f}"
        singles = shown(median["singles"], args.cap) if "singles" in median else "-"
        learn = shown(median["learn"], args.cap)
        print(f"{name:16} {singles:>8} {learn:>8} {shown(auto, args.cap):>8} "
              f"{2 * best + 0.5:8.2f} {ratio:>9}", flush=True)


if __name__ == "__main__":
    main()
