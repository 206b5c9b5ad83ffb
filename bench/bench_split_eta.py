"""How well does a split count's progress track its time? (issue 31)

    python bench/bench_split_eta.py [--jobs 2] [--probes 10,50] [--case NAME]

A split count (`--jobs N`, dlxcli.parallel) shows the part of the tree done: the sum of
the finished subproblems' weights over the whole, each weighted by its `share`, the
product of 1/branching over its prefix (ExactCover.frontier; BurrTools PR #93 weights
its tasks the same way). The alternative weighs each subproblem by a quick Knuth
estimate of its own subtree (dlxcli.estimate, PROBES probes of that subproblem, small
subtrees counted exactly).

Each case runs one split count in this process (the problem built as the command
builds it), recording when each subproblem finished. The weightings are then compared
on that one timeline (paired: the machine's load falls on both alike): at every 1% of
the run's time T from 10% to 95%, the fraction f each weighting reports (its finished
subproblems' weights over the whole) against the true fraction t / T, and the ETA it
implies, t (1 - f) / f, against the true time left, T - t. The table gives the mean
absolute error of both over the instants (of the ETA as a share of T), for the shares,
the estimates at each probe count (with the seconds the probes of every subproblem
took, against T), and for the subproblems' true nodes (the best any weighting of
finished subproblems can do). The progress bar itself also adds the part of a
subproblem under way in this process; the comparison leaves that out for all alike.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

CASES = {
    "queens 14": ("queens", "14\n", {}),
    "pentominoes 6x10": ("pack", "pentominoes-6x10", {"query": "count"}),
    "pentominoes 5x12": ("pack", "pentominoes-5x12", {"query": "count"}),
    "sudoku, 15 givens": ("sudoku", "0000000000000000000000030000000004500010060300078002000001700"
                          "09030000000050200000\n", {"query": "count"}),
    "pentominoes 6x10, all orientations": ("pack", "pentominoes-6x10",
                                           {"query": "count", "up_to_symmetry": False}),
}
"""name: (command, input (a line, or a puzzles/pack file's stem), settings). The sudoku
is puzzles/sudoku/17clue_first.in without its first two givens: a lopsided tree (MRV
branches on 2 to 9 candidates; 584,000 solutions by --estimate)."""


def recorded_count(command, text, settings, jobs):
    """(problem, query keywords, cut, [(seconds from the start, index, nodes)], T) of
    the split count the command makes of `text`."""
    from dlxcli import parallel
    from dlxcli.commands import puzzle_module
    from dlxcli.exact_cover import Budget

    record = {}
    finished = []
    tally_init, tally_add = parallel.Tally.__init__, parallel.Tally.add

    def init(self, cut, *args, **kwargs):
        record["cut"] = cut
        tally_init(self, cut, *args, **kwargs)

    def add(self, done, resumed=False):
        finished.append((time.perf_counter(), done.index, done.stats.nodes))
        tally_add(self, done, resumed)

    class Recording(parallel.Split):
        def count(self, problem, **query):
            record["problem"], record["query"] = problem, query
            record["began"] = time.perf_counter()
            try:
                return super().count(problem, **query)
            finally:
                record["ended"] = time.perf_counter()

    parallel.Tally.__init__, parallel.Tally.add = init, add
    try:
        puzzle_module(command).solve_text(text, **settings,
                                          budget=Budget(split=Recording(jobs)))
    finally:
        parallel.Tally.__init__, parallel.Tally.add = tally_init, tally_add
    began = record["began"]
    events = [(at - began, index, nodes) for at, index, nodes in finished]
    return (record["problem"], record["query"], record["cut"], events,
            record["ended"] - began)


def estimated_weights(problem, query, cut, probes):
    """(each subproblem's estimated nodes, seconds all the probes took). Without the
    estimate's pilot (PILOT_SECONDS of search per estimate, to measure the speed in
    nodes per second): weights need no seconds."""
    from dlxcli import estimate
    from dlxcli.estimate import Estimator
    estimate.PILOT_SECONDS = 0.0
    forced = list(query.get("forced", ()))
    first_item = query.get("first_item", False)
    began = time.perf_counter()
    weights = []
    for prefix, _ in cut:
        estimator = Estimator(probes, seed=0)
        weights.append(estimator.search(problem, forced + list(prefix), first_item).nodes)
    return weights, time.perf_counter() - began


def errors(events, weights, whole_time):
    """(mean |f - t/T|, mean |ETA - (T - t)| / T) at every 1% of the run from 10% to
    95% (before, the first subproblems are not back: no weighting says anything). An
    ETA while nothing is finished counts as an error of T - t."""
    total = sum(weights) or 1.0
    done = sorted((at, weights[index]) for at, index, _ in events)
    fraction_errors, eta_errors = [], []
    for step in range(10, 96):
        t = whole_time * step / 100
        f = sum(weight for at, weight in done if at <= t) / total
        fraction_errors.append(abs(f - t / whole_time))
        eta = t * (1 - f) / f if f > 0 else 0.0
        eta_errors.append(abs(eta - (whole_time - t)) / whole_time)
    return statistics.mean(fraction_errors), statistics.mean(eta_errors)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--probes", default="10,50")
    parser.add_argument("--case", action="append", choices=sorted(CASES))
    args = parser.parse_args()
    probe_counts = [int(p) for p in args.probes.split(",")]
    print(f"DLXCLI_ENGINE={os.environ.get('DLXCLI_ENGINE', 'c')}, --jobs {args.jobs}, "
          f"load {os.getloadavg()[0]:.1f}")
    print()
    print("| case | T (s) | subproblems | weighting | weighing cost | mean abs. fraction "
          "error | mean abs. ETA error (of T) |")
    print("|---|---:|---:|---|---:|---:|---:|")
    for name in args.case or list(CASES)[:4]:
        command, source, settings = CASES[name]
        text = source if command != "pack" else (
            REPO / "puzzles" / "pack" / f"{source}.in").read_text()
        problem, query, cut, events, whole = recorded_count(command, text, settings,
                                                            args.jobs)
        true_nodes = [0] * len(cut)
        for _, index, nodes in events:
            true_nodes[index] = nodes
        rows = [("shares (1/branching)", [share for _, share in cut], 0.0)]
        for probes in probe_counts:
            weights, cost = estimated_weights(problem, query, cut, probes)
            rows.append((f"estimate, {probes} probes each", weights, cost))
        rows.append(("true nodes (hindsight)", true_nodes, None))
        for label, weights, cost in rows:
            fraction, eta = errors(events, weights, whole)
            spent = "" if cost is None else f"{cost:.2f} s ({cost / whole:.1%})"
            print(f"| {name} | {whole:.1f} | {len(cut)} | {label} | {spent} | "
                  f"{fraction:.3f} | {eta:.3f} |")


if __name__ == "__main__":
    main()
