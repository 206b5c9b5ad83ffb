"""Issue 12: one search split over processes (--jobs N on a single input).

Usage: python bench/bench_parallel.py [--quick] [--repeats N] [--jobs 1,2,...]
       python bench/bench_parallel.py --simulate 2,4,8,16 [--quick]

Every row is a whole `dlxcli` process, the contenders of a case alternating round by
round (--jobs 1, --jobs 2, --jobs 1, ...) so that both meet the same load; the table
shows the medians and each one's speed-up over --jobs 1 (its time / this time). Every
answer is checked: all jobs must print the same bytes, and the counts are the known
ones (OEIS A000170 for queens; Knuth 2000 for the pentominoes).

Cases:
* queens 15 (2,279,184 placements): the issue's target, >= 1.8x with --jobs 2 on the
  2-core machine; beside it a control, two `--jobs 1` runs at once, whose time over
  one run's says how many cores the machine really has free (2.0x: one), the most
  any split can get (the machine is shared);
* queens 12 (14,200; 0.05 s alone): the overhead of --jobs 2 on a search too small to
  split (the probe solves it before any worker starts);
* the 6x10 pentomino covers, Knuth's format: all 9,356 (every orientation), and 2,339
  with the X piece in one quadrant (--quick: only the 2,339).

--simulate W,...: how well the split would balance on W workers, measured on any
machine from one sequential pass (issue 20). For every W the search is cut as a run
on W workers cuts it (`ExactCover.frontier`, `parallel.subproblems_wanted`), each
subproblem is solved here in turn (DLXCLI_ENGINE=c: the C twin; its nodes and seconds
kept), and the hand-out of `parallel.farm._farm` is replayed: the subproblems in order,
each to the first worker free (list scheduling; the cut itself is done first, alone).
The predicted speed-up is the whole cost (the cut's and the subproblems') over that
makespan, in nodes (deterministic: the figure to compare) and in seconds
(per-subproblem start-up included; noisy on a shared machine). Not modelled: process
start-up, the probe, the traffic between processes. Cases: queens 16 (--quick: 13)
and the two pentomino counts.
"""

import argparse

from harness import (Contender, Report, dlxcli, dlxcli_argv, precompile, ratio_text, shared,
                     side_by_side, trimmed_lines)

QUEENS = {12: 14200, 15: 2279184}
"""OEIS A000170."""
QUEENS_MORE = {13: 73712, 16: 14772512}
"""OEIS A000170, for --simulate."""
PENTOMINOES = {"pento6x10.dlx": 2339, "pento6x10_all.dlx": 9356}
"""Dana Scott's problem: 2,339 covers with X in one quadrant, 4 x as many without."""


def last_line_is(count):
    def check(stdout):
        lines = trimmed_lines(stdout)
        return None if lines and lines[-1] == str(count) else f"expected {count}, got {lines[-1:]}"
    return check


def count_and_bytes(count):
    """A check shared by a case's contenders: the last line is the known count, and
    every output is byte for byte the first one (that of --jobs 1, which runs first)."""
    first, right_count = [], last_line_is(count)

    def check(stdout):
        wrong = right_count(stdout)
        if wrong:
            return wrong
        first[:] = first or [stdout]
        return None if stdout == first[0] else "output differs from that of --jobs 1"
    return check


def cases(quick):
    """(case name, dlxcli arguments, stdin file or text, expected count)."""
    found = [("queens 15", ["queens"], "15\n", QUEENS[15]),
             ("queens 12", ["queens"], "12\n", QUEENS[12])]
    for name, count in PENTOMINOES.items():
        if quick and name != "pento6x10.dlx":
            continue
        path = shared("data", "exact-cover", name)
        found.append((f"{name} count", ["matrix", "--count", "--input-format", "knuth",
                                         str(path)], None, count))
    return found


def contenders(name, args, stdin, count, jobs_list, tmp):
    """One contender per --jobs value; stdin text goes through a file. For queens 15,
    the control: two `--jobs 1` runs at once."""
    stdin_path = None
    if stdin is not None:
        stdin_path = tmp / (name.replace(" ", "_") + ".in")
        stdin_path.write_text(stdin)
    check = count_and_bytes(count)
    found = [dlxcli(f"--jobs {jobs}", "c", args + ["--jobs", str(jobs)], stdin_path, check)
             for jobs in jobs_list]
    if name == "queens 15":
        one = " ".join(dlxcli_argv() + args) + f" < {stdin_path}"
        found.append(Contender("2 x --jobs 1 at once", ["sh", "-c", f"{one} & {one}; wait"],
                               env={"DLXCLI_ENGINE": "c"}, check=last_line_is(count)))
    return found


def simulated_cases(quick):
    """(case name, ExactCover, expected count): the counts --simulate cuts and solves, the
    problems built as `dlxcli queens` and `dlxcli matrix --input-format knuth` build them."""
    from dlxcli.exact_cover import ExactCover
    from dlxcli.puzzles import matrix, queens
    n = 13 if quick else 16
    found = [(f"queens {n}", queens.board(n, [(kind, k) for k in queens.organ_pipe(n)
                                             for kind in ("row", "col")]),
              QUEENS_MORE[n])]
    for name, count in PENTOMINOES.items():
        primary, secondary, options = matrix.parse_knuth(
            shared("data", "exact-cover", name).read_text())
        found.append((f"{name} count", ExactCover.from_names(primary, secondary, options),
                      count))
    return found


def simulate(problem, count, n_workers):
    """The predicted speed-up of a count on `n_workers`: a dict of the cut's size, its
    largest piece (part of the nodes) and the speed-up in nodes and in seconds."""
    import time

    from dlxcli.exact_cover import Stats
    from dlxcli.parallel import subproblems_wanted
    began, cut_cost = time.perf_counter(), Stats()
    cut = problem.frontier(min_open=subproblems_wanted(n_workers), stats=cut_cost)
    cut_cost.seconds = time.perf_counter() - began
    pieces, found = [], 0
    for prefix, _ in cut:
        cost = Stats()
        found += problem.count(forced=list(prefix), stats=cost)
        pieces.append(cost)
    if found != count:
        raise SystemExit(f"bench: the subproblems add up to {found} solutions, not {count}")
    nodes = cut_cost.nodes + sum(piece.nodes for piece in pieces)
    return {"subproblems": len(cut),
            "largest": max(piece.nodes for piece in pieces) / nodes,
            "nodes": speed_up([piece.nodes for piece in pieces], cut_cost.nodes, n_workers),
            "seconds": speed_up([piece.seconds for piece in pieces], cut_cost.seconds,
                                n_workers)}


def speed_up(costs, serial, n_workers):
    """(serial + all costs) / (serial + the makespan of the costs handed out in order, each
    to the first of `n_workers` free): what `parallel.farm._farm` does, the parent taking its
    turn like any worker."""
    import heapq
    free_at = [0] * n_workers
    for cost in costs:
        heapq.heappush(free_at, heapq.heappop(free_at) + cost)
    return (serial + sum(costs)) / (serial + max(free_at))


def report_simulation(report, workers, quick):
    from dlxcli import engine
    rows = []
    for name, problem, count in simulated_cases(quick):
        for n_workers in workers:
            found = simulate(problem, count, n_workers)
            rows.append([name, n_workers, found["subproblems"], f"{found['largest']:.1%}",
                         ratio_text(found["nodes"]), ratio_text(found["seconds"])])
            if n_workers == 16:
                report.target(f"{name}: predicted time on 16 workers / time on 1, in nodes "
                              "(goal 1/13)", 1 / found["nodes"], 1 / 13, unit="")
    report.table(f"Predicted speed-up of a split count (one sequential pass, "
                 f"{engine.ENGINE} twin)",
                 ["case", "workers", "subproblems", "largest piece (nodes)",
                  "speed-up (nodes)", "speed-up (seconds)"], rows)


def worker_counts(text):
    """--simulate's argument: a comma-separated list of worker counts, each >= 1."""
    try:
        counts = [int(word) for word in text.split(",")]
    except ValueError:
        counts = []
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"expected worker counts such as 2,4,8,16, not {text!r}")
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="queens 12 and 15 and the 2,339 pentomino count, 2 runs each")
    parser.add_argument("--repeats", type=int, default=None, help="runs per contender "
                        "(default 5, 2 with --quick)")
    parser.add_argument("--jobs", default="1,2", help="the --jobs values (default 1,2)")
    parser.add_argument("--simulate", metavar="W,...", type=worker_counts,
                        help="instead of timing processes, predict the speed-up on W "
                        "workers from one sequential pass (e.g. 2,4,8,16)")
    args = parser.parse_args()
    if args.simulate:
        report = Report()
        report_simulation(report, args.simulate, args.quick)
        report.finish()
        return
    repeats = args.repeats or (2 if args.quick else 5)
    jobs_list = [int(j) for j in args.jobs.split(",")]
    precompile()
    import tempfile
    from pathlib import Path
    report = Report()
    groups = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, argv, stdin, count in cases(args.quick):
            timings = side_by_side(contenders(name, argv, stdin, count, jobs_list,
                                              Path(tmp)), repeats)
            groups.append((name, timings))
    report.timings("One search on --jobs processes (C twin, whole processes)", groups,
                   baseline_label="--jobs 1")
    _targets(report, dict(groups), jobs_list)
    report.finish()


def _targets(report, groups, jobs_list):
    if 2 not in jobs_list or 1 not in jobs_list:
        return
    one, two = (groups["queens 15"][jobs_list.index(j)].median for j in (1, 2))
    if one and two:
        report.target("queens 15: --jobs 2 time / --jobs 1 time (goal 1/1.8)", two / one,
                      1 / 1.8)
    small_one, small_two = (groups["queens 12"][jobs_list.index(j)].median for j in (1, 2))
    if small_one and small_two:
        report.target("queens 12: --jobs 2 minus --jobs 1 (s)", small_two - small_one, 0.05,
                      unit=" s")


if __name__ == "__main__":
    main()
