"""Issue 13: dlxcli on the 18 public 25x25 sudokus of Gecode's example set.

Usage: DLXCLI_ENGINE=c|python python bench/bench_gecode25.py [--cap SECONDS]
           [--node-limit N] [--orders] [--shuffles RUNS] [NAME ...]
       python bench/bench_gecode25.py --seed RUNS [NAME ...]

Solves bench/data/gecode25/NAME.in one after the other inside this process (start-up
excluded), each under its own cap, and prints a markdown table: nodes, updates, seconds,
nodes per second, and the verdict: "solved" when the answer equals NAME.out (unique
solutions, proven by an independent solver: see that folder's SOURCES.md), "WRONG" when
it does not, "cap" when the time or node cap stopped the search (the nodes are then the
nodes searched until the cap). The same run as a command, per instance:

    dlxcli sudoku --timeout 60 -v bench/data/gecode25/example18.in

--orders adds a second table: the nodes of the same first-solution search on matrices
numbered in other orders (MRV breaks ties by item number; options are tried in option
order), each under --node-limit (default 20,000,000). --shuffles RUNS adds a third:
RUNS random numberings per instance under that node limit, which is what randomized
restarts with that cutoff would try.

--seed RUNS times instead whole processes, alternating, RUNS rounds: the seed's generic
DLX (p4929_dlx, from ../shared/reference) on the instance's matrix against `dlxcli
sudoku` on each twin (default instance: example89, which all three finish). The seed
reads a 0-1 matrix, so it gets the options the givens leave and the items they do not
cover, in dlxcli's item order, rows listed last option first: it links each row at the
top of its columns, so it then tries them in dlxcli's order, and its choice of column
is dlxcli's MRV with ties to the earliest. The search trees are the same (12,888,049
nodes on example89, counted with a counter added to a copy of the seed).

Not a test: with the default cap of 60 s a full run takes about 17 minutes, and
--orders about 10 more. Run it alone: the machine's other load changes the seconds
(not the nodes).
"""

import argparse
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from harness import REPO, Contender, Report, dlxcli, side_by_side
from reference import binary

from dlxcli import engine
from dlxcli.errors import SearchLimit
from dlxcli.exact_cover import Budget, ExactCover, Stats
from dlxcli.puzzles import sudoku
from dlxcli.puzzles.grid import square_units

FOLDER = REPO / "bench" / "data" / "gecode25"
SIDE = 25
ORDERS_NODE_LIMIT = 20_000_000
ORDERS = {
    "dlxcli: cells, then rows, columns, boxes": (False, "rcb", False),
    "(unit, value) items before cells": (True, "rcb", False),
    "cells, then boxes, columns, rows": (False, "bcr", False),
    "dlxcli's items, values tried 25 down to 1": (False, "rcb", True),
}
"""Label -> (unit items first, unit order, values descending) of each numbering."""


def instances(names):
    """The instances' .in paths, in Gecode's order (example18 .. example33, 89, 90)."""
    if names:
        return [FOLDER / f"{name}.in" for name in names]
    return sorted(FOLDER.glob("*.in"), key=lambda path: int(re.sub(r"\D", "", path.stem)))


def measure(path, cap, node_limit, reason):
    """(verdict, answer's Stats, wall seconds) of one instance under its caps."""
    expected = path.with_suffix(".out").read_text()
    began = time.perf_counter()
    answer = sudoku.solve_text(path.read_text(), input_format="line",
                               budget=Budget(timeout=cap, node_limit=node_limit, began=began,
                                             reason=reason))
    seconds = time.perf_counter() - began
    if answer.limited is not None:
        verdict = "cap"
    else:
        verdict = "solved" if answer.text == expected else "WRONG"
    return verdict, answer.stats, seconds


def timings_table(report, paths, cap, node_limit, reason):
    rows = []
    for path in paths:
        verdict, stats, seconds = measure(path, cap, node_limit, reason)
        report.all_right &= verdict != "WRONG"
        givens = sum(ch != "." for ch in path.read_text().strip())
        rows.append([path.stem, givens, verdict, f"{stats.nodes:,}", f"{stats.updates:,}",
                     f"{seconds:.2f}", f"{stats.nodes / max(seconds, 1e-9):,.0f}"])
        print(f"{path.stem}: {verdict}, {stats.nodes:,} nodes, {seconds:.2f} s",
              file=sys.stderr, flush=True)
    caps = f"cap {cap:g} s" + (f", {node_limit:,} nodes" if node_limit else "")
    report.table(f"Gecode's 25x25 sudokus, {engine.ENGINE} twin, --reason {reason}, {caps} each "
                 f"({os.cpu_count()} cores)",
                 ["instance", "givens", "verdict", "nodes", "updates", "seconds", "nodes/s"],
                 rows)


# -- the same search on other numberings of the matrix ---------------------------------------

def numbered_problem(units_first, unit_order, descending, shuffle_seed=None):
    """(ExactCover, option of (cell, value)) of the 25x25 sudoku matrix numbered so.

    The same items and options as grid.square_grid(5, 5), in another order: cell items
    before or after the (unit, value) items, units in `unit_order` ("rcb": rows, columns,
    boxes, as dlxcli), and each cell's options by value up or down. A shuffle seed then
    renumbers the items and reorders the options at random."""
    units = square_units(5, 5)
    by_kind = {"r": units[:SIDE], "c": units[SIDE:2 * SIDE], "b": units[2 * SIDE:]}
    units = [unit for kind in unit_order for unit in by_kind[kind]]
    n_cells, n_unit_items = SIDE * SIDE, len(units) * SIDE
    cell_base, unit_base = (n_unit_items, 0) if units_first else (0, n_cells)
    units_of = [[] for _ in range(n_cells)]
    for u, unit in enumerate(units):
        for cell in unit:
            units_of[cell].append(u)
    values = range(SIDE - 1, -1, -1) if descending else range(SIDE)
    options = [[cell_base + cell] + [unit_base + u * SIDE + v for u in units_of[cell]]
               for cell in range(n_cells) for v in values]
    rank = {v: k for k, v in enumerate(values)}
    position = list(range(len(options)))
    if shuffle_seed is not None:
        rng = random.Random(shuffle_seed)
        items = list(range(n_cells + n_unit_items))
        rng.shuffle(items)
        order = list(range(len(options)))
        rng.shuffle(order)
        options = [[items[i] for i in options[j]] for j in order]
        for k, j in enumerate(order):
            position[j] = k
    return (ExactCover(n_cells + n_unit_items, 0, options),
            lambda cell, value: position[cell * SIDE + rank[value - 1]])


def first_nodes(problem, option_of, path, node_limit):
    """Nodes of the first-solution search, or None if it passes node_limit."""
    [puzzle], _ = sudoku.parse_lines(path.read_text())
    forced = [option_of(cell, value) for cell, value in enumerate(puzzle.givens) if value]
    stats = Stats()
    try:
        problem.first(forced=forced, budget=Budget(node_limit=node_limit), stats=stats)
    except SearchLimit:
        return None
    return stats.nodes


def orders_table(report, paths, node_limit):
    columns = []
    for label, numbering in ORDERS.items():
        problem, option_of = numbered_problem(*numbering)
        columns.append([first_nodes(problem, option_of, path, node_limit) for path in paths])
        print(f"{label}: done", file=sys.stderr, flush=True)
    rows = [[path.stem] + [f"> {node_limit:,}" if column[k] is None else f"{column[k]:,}"
                           for column in columns]
            for k, path in enumerate(paths)]
    report.table(f"Nodes of the first solution per numbering of the matrix, "
                 f"node limit {node_limit:,}", ["instance"] + list(ORDERS), rows)


def shuffles_table(report, paths, runs, node_limit):
    """Randomized restarts, measured: how many of `runs` random numberings (seeds 0..)
    find the solution within node_limit nodes, and in how many nodes."""
    problems = [numbered_problem(False, "rcb", False, seed) for seed in range(runs)]
    rows = []
    for path in paths:
        nodes = [first_nodes(problem, option_of, path, node_limit)
                 for problem, option_of in problems]
        solved = sorted(n for n in nodes if n is not None)
        rows.append([path.stem, f"{len(solved)} of {runs}",
                     ", ".join(f"{n:,}" for n in solved) or "-"])
        print(f"{path.stem}: {len(solved)} of {runs} random numberings", file=sys.stderr,
              flush=True)
    report.table(f"Random numberings (items and options shuffled), node limit "
                 f"{node_limit:,} each", ["instance", "solved", "nodes of those solved"],
                 rows)


# -- against the seed's DLX ----------------------------------------------------------------

def seed_matrix(path):
    """The instance as a P4929 matrix for the seed: (its text, the givens' options, the
    option of each row)."""
    [puzzle], _ = sudoku.parse_lines(path.read_text())
    grid = sudoku.sudoku_grid(SIDE)
    _, _, options, _, _ = grid.problem.definition
    forced = grid.forced(puzzle.givens)
    covered = {item for j in forced for item in options[j]}
    kept = [j for j, option in enumerate(options) if covered.isdisjoint(option)]
    items = sorted({item for j in kept for item in options[j]})
    column = {item: k for k, item in enumerate(items)}
    rows = kept[::-1]
    lines = [f"{len(rows)} {len(items)}"]
    for j in rows:
        cells = ["0"] * len(items)
        for item in options[j]:
            cells[column[item]] = "1"
        lines.append(" ".join(cells))
    return "\n".join(lines) + "\n", forced, rows


def seed_check(path, forced, rows):
    """The seed's rows, with the givens, must fill the grid as NAME.out does."""
    [answer], _ = sudoku.parse_lines(path.with_suffix(".out").read_text())
    grid = sudoku.sudoku_grid(SIDE)

    def check(stdout):
        chosen = [rows[int(word) - 1] for word in stdout.split()]
        return None if grid.decode(forced + chosen) == list(answer.givens) else "wrong grid"
    return check


def seed_table(report, paths, runs, folder):
    groups = []
    for path in paths:
        text, forced, rows = seed_matrix(path)
        matrix = folder / f"{path.stem}.p4929"
        matrix.write_text(text)
        expected = path.with_suffix(".out").read_bytes()

        def same(stdout, expected=expected):
            return None if stdout == expected else "not NAME.out"
        contenders = [Contender("seed p4929_dlx", [str(binary("p4929_dlx"))], matrix,
                                check=seed_check(path, forced, rows))]
        contenders += [dlxcli(f"dlxcli, {twin} twin", twin, ["sudoku", str(path)],
                              check=same) for twin in ("c", "python")]
        groups.append((path.stem, side_by_side(contenders, runs)))
    report.timings(f"25x25 sudoku: the seed's DLX against dlxcli, whole processes, "
                   f"medians of {runs}", groups)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=60.0,
                        help="seconds allowed to each instance (default 60)")
    parser.add_argument("--node-limit", type=int, default=None,
                        help="nodes allowed to each instance (default: none; "
                             f"{ORDERS_NODE_LIMIT:,} for --orders)")
    parser.add_argument("--orders", action="store_true",
                        help="also compare numberings of the matrix (item and value orders)")
    parser.add_argument("--shuffles", type=int, default=0, metavar="RUNS",
                        help="also try RUNS random numberings per instance "
                             "(the runs of randomized restarts)")
    parser.add_argument("--seed", type=int, default=0, metavar="RUNS",
                        help="only time the seed's DLX against dlxcli, RUNS rounds")
    parser.add_argument("--reason", choices=("singles", "auto", "learn"), default="singles",
                        help="the search of the timings table (default singles: dancing "
                             "links alone, what this study is about; the learning search "
                             "is timed against CP-SAT by bench/proto/bench_reason25.py)")
    parser.add_argument("names", nargs="*", help="instances (default: all 18)")
    args = parser.parse_args()
    report = Report()
    if args.seed:
        with tempfile.TemporaryDirectory() as folder:
            seed_table(report, instances(args.names or ["example89"]), args.seed,
                       Path(folder))
        report.finish()
        return
    paths = instances(args.names)
    timings_table(report, paths, args.cap, args.node_limit, args.reason)
    if args.orders:
        orders_table(report, paths, args.node_limit or ORDERS_NODE_LIMIT)
    if args.shuffles:
        shuffles_table(report, paths, args.shuffles, args.node_limit or ORDERS_NODE_LIMIT)
    report.finish()


if __name__ == "__main__":
    main()
