"""Issue 30 research: the parts of a `dlxcli pack` count up to symmetry, written for the
C prototype bench/proto/bits_count.c, with the engine's own count and nodes of each
(C twin, memo off, no split: the plain search, which the prototype must make node for
node), to measure what a search on bit sets instead of dancing links would save.

Usage: python bench/proto/bits_parts.py PUZZLE.in OUT.txt

The format, numbers separated by blanks: the number of problems; then for each, a
line "n_primary n_secondary n_options engine_count engine_nodes" and one line per
option: its size, then its items (0-based, primary first). The parts are those a
count in one process searches (`pack.problems(..., apart=True)`), in that order.
"""

import sys
import time

from dlxcli import engine
from dlxcli.exact_cover import UNLIMITED
from dlxcli.puzzles import pack


def engine_count(definition):
    """(count, nodes, CPU seconds) of the C twin's plain search: no memo, no split."""
    c = engine.twin("c")
    solver = c.Solver(*definition)
    solver.set_memo(c.MEMO_OFF, 0)
    solver.set_split(False)
    solver.start()
    began = time.process_time()
    while solver.run(1 << 40, True) != c.EXHAUSTED:
        pass
    return solver.count, solver.nodes, time.process_time() - began


def main():
    source, target = sys.argv[1:3]
    with open(source, encoding="utf-8") as handle:
        model = pack.Model(pack.parse(handle.read()), True, None)
    problems = list(pack.problems(model, True, UNLIMITED, apart=True))
    lines, seconds = [str(len(problems))], 0.0
    for problem in problems:
        n_primary, n_secondary, options, weights, colors = problem.cover.definition
        assert weights is None and colors is None
        count, nodes, spent = engine_count(problem.cover.definition)
        seconds += spent
        lines.append(f"{n_primary} {n_secondary} {len(options)} {count} {nodes}")
        lines += [" ".join(map(str, [len(option), *option])) for option in options]
    with open(target, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    print(f"{len(problems)} problems; the engine's plain search: {seconds:.2f} s of CPU")


if __name__ == "__main__":
    main()
