"""How good is --estimate? Knuth's estimate of the issue's cases against their true counts.

    python bench/bench_estimate.py [--seeds 5] [--probes 500] [--engine c|python]

For each case (queens 12-16, the pentomino rectangles up to symmetry and in all
orientations) it estimates the search that `dlxcli queens` / `dlxcli pack --count
[--all-symmetries]` would run, as --estimate does (the puzzle's solve_text under an
Estimator), once per seed 0..SEEDS-1 with PROBES probes, and prints a Markdown table:
the true count (OEIS A000170; the published pentomino counts, x4 in all orientations),
the median estimate of the solutions and its ratio to the truth, the range over the
seeds, the median relative standard error the estimator reports of itself, the probes
and the median seconds of one estimate. Then, for the 6x10 count in all orientations,
how the spread over seeds narrows with the probes. The truths are not computed here:
they are the published figures. Run it with the name of the processor and the load
beside it (the docs quote one run).
"""

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

QUEENS = {12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512}
"""OEIS A000170."""
PENTOMINOES = {"6x10": 2339, "5x12": 1010, "4x15": 368, "3x20": 2}
"""Packings up to symmetry (Haselgrove 1960; Knuth, "Dancing Links"); 4x as many in all
orientations."""


def cases():
    """(name, command, input text, settings, true count)."""
    for n, count in QUEENS.items():
        yield f"queens {n}", "queens", f"{n}\n", {}, count
    for board, count in PENTOMINOES.items():
        text = (REPO / "puzzles" / "pack" / f"pentominoes-{board}.in").read_text()
        yield f"pentominoes {board}", "pack", text, {"query": "count"}, count
        yield (f"pentominoes {board}, all orientations", "pack", text,
               {"query": "count", "up_to_symmetry": False}, 4 * count)


def estimate_once(command, text, settings, probes, seed):
    """(Estimate, seconds) of one --estimate run of the input."""
    from dlxcli.commands import puzzle_module
    from dlxcli.estimate import Estimator
    from dlxcli.exact_cover import Budget
    estimator = Estimator(probes, seed)
    began = time.perf_counter()
    puzzle_module(command).solve_text(text, **settings, budget=Budget(estimate=estimator))
    return estimator.estimate, time.perf_counter() - began


def row(name, command, text, settings, truth, probes, seeds):
    runs = [estimate_once(command, text, settings, probes, seed) for seed in range(seeds)]
    found = sorted(estimate.solutions for estimate, _ in runs)
    median = statistics.median(found)
    spread = statistics.median(estimate.spread("solutions") for estimate, _ in runs)
    seconds = statistics.median(seconds for _, seconds in runs)
    return (f"| {name} | {truth:,} | {median:,.0f} | {median / truth:.2f} | "
            f"{found[0]:,.0f} to {found[-1]:,.0f} | ±{spread:.0%} | {probes:,} | "
            f"{seconds:.2f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--probes", type=int, default=500)
    parser.add_argument("--engine", choices=("c", "python"), default="c")
    args = parser.parse_args()
    os.environ["DLXCLI_ENGINE"] = args.engine
    from dlxcli import engine
    print(f"engine: {engine.ENGINE}; {platform.processor() or platform.machine()}; "
          f"load average {os.getloadavg()[0]:.2f}; {args.seeds} seeds\n")
    print("| case | true count | median estimate | ratio | range over seeds | "
          "reported spread | probes | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, command, text, settings, truth in cases():
        print(row(name, command, text, settings, truth, args.probes, args.seeds), flush=True)
    print("\nThe 6x10 count in all orientations by the number of probes:\n")
    print("| case | true count | median estimate | ratio | range over seeds | "
          "reported spread | probes | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    name, command, text, settings, truth = [case for case in cases()
                                            if case[0] == "pentominoes 6x10, all orientations"][0]
    for probes in (30, 100, 300, 1000, 3000):
        print(row(name, command, text, settings, truth, probes, args.seeds), flush=True)


if __name__ == "__main__":
    main()
