"""Issue 30: what pack's checks before the search cost, and the 14x15 hexominoes.

Usage: python bench/bench_pack_bounds.py [--repeats N]

For each bundled puzzle that fits (the pentomino rectangles, the Soma cube), in this
process: the CPU time of `_pack_bounds.why_no_packing` on its Model beside the CPU time
of the whole count (`pack.solve_text`, the checks included), medians of N. Then the 35
hexominoes in 14x15 as a whole `dlxcli pack --count` process, wall and CPU seconds,
median of N: the checkerboard answers 0 (the search gave none in 120 s).
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dlxcli.puzzles import _pack_bounds, pack  # noqa: E402

PACK = REPO / "puzzles" / "pack"
FITTING = ["pentominoes-6x10", "pentominoes-5x12", "pentominoes-4x15", "pentominoes-3x20",
           "soma"]


def cpu(function):
    start = time.process_time()
    function()
    return time.process_time() - start


def share(name, repeats):
    text = (PACK / f"{name}.in").read_text()
    checks, whole = [], []
    for _ in range(repeats):
        model = pack.Model(pack.parse(text), True, None)
        checks.append(cpu(lambda: _pack_bounds.why_no_packing(model)))
        whole.append(cpu(lambda: pack.solve_text(text, query="count")))
    checked, counted = statistics.median(checks), statistics.median(whole)
    print(f"| {name} | {checked * 1000:.1f} | {counted * 1000:.0f} | "
          f"{100 * checked / counted:.2f}% |")


def hexominoes(repeats):
    walls, cpus = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "dlxcli", "pack", "--count",
                                    str(PACK / "hexominoes-14x15.in")], cwd=REPO,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        answer = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        walls.append(time.perf_counter() - start)
        cpus.append(usage.ru_utime + usage.ru_stime)
        assert answer == b"0\n" and status == 0, (answer, status)
    print(f"hexominoes 14x15: 0, {statistics.median(walls):.2f} s wall, "
          f"{statistics.median(cpus):.2f} s CPU (medians of {repeats})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    repeats = parser.parse_args().repeats
    print("| puzzle | checks ms | whole count ms | share |\n|---|---:|---:|---:|")
    for name in FITTING:
        share(name, repeats)
    hexominoes(repeats)


if __name__ == "__main__":
    main()
