"""The figures of docs/difficulty.md: the `--rate` measure on public puzzle sets and on
generated puzzles.

Usage: python bench/rate_sets.py [--generated N]

Rates every puzzle of ../shared/data/sudoku/17clue1000.txt and hard1000.txt (and N
puzzles of `dlxcli generate sudoku --seed rate`, default 1000) with the same function
as `dlxcli sudoku --rate`, and prints, per set: quantiles of the excess, the share of
puzzles that singles alone solve (excess 0), a histogram in powers of ten, and how
often a puzzle of one set has a larger excess than one of the other (the common
language effect size: 1.0 = the measure always ranks the second set higher). The
numbers are deterministic (the engine's node counts are the same on both twins).
"""

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dlxcli import generate  # noqa: E402
from dlxcli.puzzles import queries, sudoku  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "sudoku"
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9, 0.99)
BUCKETS = ((0, 0), (1, 9), (10, 99), (100, 999), (1000, 9999), (10000, None))


def rate_lines(lines):
    """(excess, givens) of every unique puzzle among one-line 9x9 puzzles."""
    grid = sudoku.sudoku_grid(9)
    rated = []
    for line in lines:
        givens = [0 if ch in ".0" else int(ch) for ch in line.strip()]
        verdict, excess, _, _ = queries.measure(grid, givens)
        assert verdict == "unique", line
        rated.append((excess, 81 - givens.count(0)))
    return rated


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def superiority(lower, higher):
    """P(a puzzle of `higher` has a larger excess than one of `lower`), ties count half."""
    ordered = sorted(lower)
    total = 0.0
    for value in higher:
        below = _count_below(ordered, value)
        equal = _count_below(ordered, value + 1) - below
        total += below + equal / 2
    return total / (len(lower) * len(higher))


def _count_below(ordered, value):
    low, high = 0, len(ordered)
    while low < high:
        middle = (low + high) // 2
        if ordered[middle] < value:
            low = middle + 1
        else:
            high = middle
    return low


def report(sets):
    names = list(sets)
    print("| set | puzzles | givens (median) | excess p10 | p25 | median | p75 | p90 | p99 "
          "| max | excess 0 (singles) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        excess = [e for e, _ in sets[name]]
        givens = [g for _, g in sets[name]]
        cells = " | ".join(f"{quantile(excess, q):,}" for q in QUANTILES)
        zero = sum(1 for e in excess if e == 0) / len(excess)
        print(f"| {name} | {len(excess):,} | {quantile(givens, 0.5)} | {cells} "
              f"| {max(excess):,} | {zero:.1%} |")
    print()
    print("| excess | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for low, high in BUCKETS:
        label = f"{low:,}" if low == high else f"{low:,}–{high:,}" if high else f"≥ {low:,}"
        shares = [sum(1 for e, _ in sets[n] if e >= low and (high is None or e <= high))
                  / len(sets[n]) for n in names]
        print(f"| {label} | " + " | ".join(f"{s:.1%}" for s in shares) + " |")
    print()
    for a in names:
        for b in names:
            if a < b:
                print(f"P(excess of a {b} puzzle > a {a} puzzle) = "
                      f"{superiority([e for e, _ in sets[a]], [e for e, _ in sets[b]]):.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generated", type=int, default=1000)
    args = parser.parse_args()
    sets = {name: rate_lines((DATA / f"{name}.txt").read_text().split())
            for name in ("17clue1000", "hard1000")}
    if args.generated:
        request = generate.Request("sudoku", 9, seed="rate")
        sets["generated"] = rate_lines(generate.make(request, k)
                                       for k in range(args.generated))
    report(sets)


if __name__ == "__main__":
    main()
