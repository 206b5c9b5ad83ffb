"""Issue 29: what `--reason auto` adds to `--reason singles` where dancing links answer
within AUTO_NODES (the portfolio then never starts its Learner), in process and in CPU
time, so that a shared, loaded machine's wall-clock noise stays out.

Usage: python bench/bench_auto_overhead.py [--rounds N]

Each round solves every puzzle of hard1000 and 17clue1000 (first solutions) and the 800
squiggly cases under `singles`, then under `auto` (the order alternating round by
round), C twin, timed with time.process_time(); the median of the per-round ratios
auto / singles is reported per set, the answers compared.
"""

import argparse
import statistics
import time

from harness import shared

from dlxcli.exact_cover import Budget
from dlxcli.puzzles import squiggly, sudoku

SETS = [("hard1000", sudoku, shared("data", "sudoku", "hard1000.txt")),
        ("17clue1000", sudoku, shared("data", "sudoku", "17clue1000.txt")),
        ("squiggly x800", squiggly, shared("data", "squiggly", "sample_x800.in"))]


def solved(module, text, reason):
    """(CPU seconds, answer text) of the whole input under `reason`."""
    began = time.process_time()
    answer = module.solve_text(text, budget=Budget(reason=reason))
    return time.process_time() - began, answer.text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    for name, module, path in SETS:
        text = path.read_text()
        ratios, seconds = [], {"singles": [], "auto": []}
        for k in range(args.rounds):
            order = ("singles", "auto") if k % 2 == 0 else ("auto", "singles")
            got = {reason: solved(module, text, reason) for reason in order}
            assert got["auto"][1] == got["singles"][1], f"{name}: the answers differ"
            for reason in order:
                seconds[reason].append(got[reason][0])
            ratios.append(got["auto"][0] / got["singles"][0])
        print(f"{name:14} singles {statistics.median(seconds['singles']):.3f} s  auto "
              f"{statistics.median(seconds['auto']):.3f} s  auto/singles (median of "
              f"{args.rounds} paired rounds) {statistics.median(ratios):.3f}x", flush=True)


if __name__ == "__main__":
    main()
