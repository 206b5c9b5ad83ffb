"""Issue 30 (branch order30): how often MRV's choice is a tie, on a packing's parts.

Usage: python bench/proto/item_ties.py BOARD.in [...]

The item order decides only the ties of MRV (fewest options, ties to the earliest
item). This walks the search of each part of a count up to symmetry (`pack.problems`,
apart) with a plain Algorithm X on sets, the same tree as the engine's (its node count
is printed beside the engine's), and counts the nodes where two or more items share
the fewest options, by that number of options: a tie at 0 options is a dead end
whatever is chosen, so only ties at 1 (forced moves, taken in some order) and at 2 or
more can change the tree.
"""

import collections
import sys
from pathlib import Path

from dlxcli import engine as engine_module
from dlxcli.exact_cover import Stats
from dlxcli.puzzles import pack


def walk(n_primary, options, tally):
    """Nodes of the plain search (entries to X2), tallying (fewest, tied) per node."""
    columns = {i: set() for i in range(n_primary)}
    for j, option in enumerate(options):
        for i in option:
            if i < n_primary:
                columns[i].add(j)
    rows = options
    secondary = collections.defaultdict(set)
    for j, option in enumerate(options):
        for i in option:
            if i >= n_primary:
                secondary[i].add(j)
    nodes = 0

    def select(j):
        removed = []
        for i in rows[j]:
            group = columns if i < n_primary else secondary
            for k in group[i]:
                for other in rows[k]:
                    if other != i:
                        (columns if other < n_primary else secondary)[other].discard(k)
            removed.append((i, group.pop(i)))
        return removed

    def deselect(removed):
        for i, ks in reversed(removed):
            group = columns if i < n_primary else secondary
            group[i] = ks
            for k in ks:
                for other in rows[k]:
                    if other != i:
                        (columns if other < n_primary else secondary)[other].add(k)

    def search():
        nonlocal nodes
        nodes += 1
        if not columns:
            return
        fewest = min(len(ks) for ks in columns.values())
        tied = [i for i, ks in columns.items() if len(ks) == fewest]
        tally[fewest, len(tied) > 1] += 1
        if not fewest:
            return
        item = min(tied)
        for j in sorted(columns[item]):
            removed = select(j)
            search()
            deselect(removed)

    search()
    return nodes


def main():
    for name in sys.argv[1:]:
        model = pack.Model(pack.parse(Path(name).read_text()), True, None)
        tally, walked, engine = collections.Counter(), 0, Stats()
        for problem in pack.problems(model, True, apart=True):
            n_primary, _, options, _, _ = problem.cover.definition
            walked += walk(n_primary, options, tally)
            problem.cover.solver.set_memo(engine_module._twin.MEMO_OFF, 1 << 20)
            problem.count(None, pack.UNLIMITED, engine)
        chose = sum(tally.values())
        print(f"{name}: {walked:,} nodes walked, {engine.nodes:,} by the engine (memo off); "
              f"{chose:,} chose an item")
        deciding = sum(n for (fewest, tied), n in tally.items() if tied and fewest >= 2)
        print(f"  ties at 2 or more options: {deciding:,} ({deciding / chose:.2%} of the choices)")
        for fewest in sorted({f for f, _ in tally}):
            alone, tied = tally[fewest, False], tally[fewest, True]
            print(f"  fewest {fewest}: {alone + tied:>10,} nodes, {tied:>10,} tied "
                  f"({tied / chose:6.2%} of the choices)")


if __name__ == "__main__":
    main()
