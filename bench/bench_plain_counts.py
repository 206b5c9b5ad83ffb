"""What the memo and the split save on `pack` counts: each puzzle counted as main
counts it (the memo and the split on), then with every count plain (no memo, no
split: the C twin's bit-set path where the problem allows it), in one process: the
count, the nodes, the memo's hits and lookups and the splits of the first, and the CPU
seconds of each. docs/pack.md, "Counts without a memo", has a table of these.

Usage: DLXCLI_ENGINE=c python bench/bench_plain_counts.py PUZZLE.in ...
"""

import sys
import time

from dlxcli import exact_cover
from dlxcli.puzzles import pack


def counted(text, plain):
    """(count, Stats, CPU seconds) of `pack --count` on `text`, every count plain when
    `plain` (whatever pack's own rule says), else with the memo and the split."""
    original = exact_cover.ExactCover.__init__

    def made(self, *args, **kwargs):
        original(self, *args, **kwargs)
        if plain:
            self.count_plainly()
        else:
            self.count_plainly = lambda: None  # pack's rule left out: main's counts

    exact_cover.ExactCover.__init__ = made
    try:
        began = time.process_time()
        answer = pack.solve_text(text, query="count")
        return answer.data["count"], answer.stats, time.process_time() - began
    finally:
        exact_cover.ExactCover.__init__ = original


def main(paths):
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        count, usual, usual_s = counted(text, False)
        plain_count, plain, plain_s = counted(text, True)
        lookups, hits = usual.memo[0], usual.memo[1]
        saved = 100 * (plain.nodes - usual.nodes) / max(plain.nodes, 1)
        print(f"{path}: count {count:,} (plain {plain_count:,}); memo {hits:,} hits of "
              f"{lookups:,} lookups ({100 * hits / max(lookups, 1):.2f}%), "
              f"{usual.splits} splits; nodes {usual.nodes:,} with them, {plain.nodes:,} "
              f"without ({saved:.2f}% saved); CPU {usual_s:.2f} s / {plain_s:.2f} s",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
