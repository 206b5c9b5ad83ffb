"""How fast `dlxcli generate sudoku --size 25` makes minimal puzzles (issue 23 asks for one
a minute, issue 29 two a minute with --jobs 2), and what the generator's ways of checking
give.

For each seed, the same solution grid and the same removal order, paired and alternating
(the machine is shared and noisy): the generator's checks (generate.Uniqueness: one
Learner for each window of the pass, generate.Window, forbidding only the values of the
group of cells just removed), against the checks of main before near29 (--against fresh,
the default: a fresh Learner per check) or the same forbidding the whole grid
(--against whole). Both must give the same minimal puzzle. CPU seconds (this process)
and wall seconds, per puzzle, and their ratio.

With --jobs N, instead: puzzle 0 of each seed made as `generate --count 1 --jobs 1`
makes it (here, one check after another) and as `--count 1 --jobs N` does (its checks
made ahead on N helper processes, generate.Speculation), paired and alternating; both
must give the same puzzle. CPU seconds count the helpers' too.

    python bench/bench_minimal25.py --seeds 1 2 3 4  (C twin; minutes per seed)
    python bench/bench_minimal25.py --against whole --seeds 1
    python bench/bench_minimal25.py --jobs 2 --seeds 1 2 3
"""

import argparse
import os
import random
import statistics
import time

from dlxcli import engine
from dlxcli import generate as making
from dlxcli.stats import Stats


class FreshChecks(making.Uniqueness):
    """A fresh Learner per check (main before near29's windows)."""

    __slots__ = ()

    def second(self, givens, group=None, span=None):
        return super().second(givens, group)


class WholeGridChecks(making.Uniqueness):
    """A fresh Learner per check, each forbidding the whole grid."""

    __slots__ = ()

    def second(self, givens, group=None, span=None):
        return super().second(givens, None)


BASELINES = {"fresh": FreshChecks, "whole": WholeGridChecks}


def one_minimal(seed, checks):
    """(givens left, cpu s, wall s, the puzzle, the Learner's conflicts) of puzzle 0 of
    `seed`, checked by `checks` (a Uniqueness class). The conflicts are the same on
    every run and either twin, whatever the load."""
    request = making.Request("sudoku", 25, seed=seed)
    rng = random.Random(making.puzzle_seed(request.seed, 0))
    board = making.generator_of("sudoku").board(25, rng)
    solution = making.solution_grid("sudoku", board, rng)
    cpu, wall = time.process_time(), time.perf_counter()
    unique = checks.of(request, board, solution)
    unique.budget.spent = Stats()
    givens = making.remove_givens(board, solution, unique, rng, "none")
    return (sum(1 for g in givens if g), time.process_time() - cpu,
            time.perf_counter() - wall, givens, unique.budget.spent.conflicts)


def cpu_seconds():
    """CPU seconds of this process and of its children that have ended."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


class MeasuredHelpers(making.Helpers):
    """Helpers that count the checks sent and the checks under way over time: `busy`
    is their mean while any is (the cores the puzzle keeps busy, whatever the load)."""

    __slots__ = ("sent", "since", "area", "spanned")

    def __init__(self, jobs, probe):
        super().__init__(jobs, probe)
        self.sent, self.since, self.area, self.spanned = 0, None, 0.0, 0.0

    def _tick(self):
        now = time.perf_counter()
        if self.since is not None and self.busy():
            self.area += self.busy() * (now - self.since)
            self.spanned += now - self.since
        self.since = now

    def submit(self, *args):
        self._tick()
        self.sent += 1
        super().submit(*args)

    def receive(self):
        self._tick()
        ticket, kept = self.pool.wait()
        self._tick()  # the check that finished was under way while waiting
        return self.tags.pop(ticket), kept

    @property
    def mean_busy(self):
        return self.area / self.spanned if self.spanned else 0.0


def one_puzzle(seed, jobs, probe):
    """(givens left, cpu s, wall s, the text) of puzzle 0 of `seed`, made as `generate
    --count 1 --jobs JOBS` makes it."""
    request = making.Request("sudoku", 25, seed=seed)
    helpers = MeasuredHelpers(jobs, probe) if jobs > 1 else None
    cpu, wall = cpu_seconds(), time.perf_counter()
    try:
        text = making.make(request, 0, helpers=helpers)
    finally:
        if helpers is not None:
            helpers.close()
    if helpers is not None:
        print(f"  {helpers.sent} checks sent to the helpers (the pass has 625 groups), "
              f"{helpers.mean_busy:.2f} under way on average", flush=True)
    return (sum(ch != "." for ch in text.strip()), cpu_seconds() - cpu,
            time.perf_counter() - wall, text)


def compare_jobs(seeds, jobs, probe):
    """--jobs 1 against --jobs `jobs`, paired per seed, alternating which goes first."""
    walls = {1: [], jobs: []}
    for k, seed in enumerate(seeds):
        texts = {}
        for n in ([1, jobs] if k % 2 == 0 else [jobs, 1]):
            left, cpu, wall, texts[n] = one_puzzle(seed, n, probe)
            walls[n].append(wall)
            print(f"seed {seed}: --jobs {n}: {left} givens, {cpu:7.1f} s CPU, "
                  f"{wall:7.1f} s wall, {60 / wall:.2f} a minute", flush=True)
        assert texts[1] == texts[jobs], "--jobs made another puzzle"
        print(f"seed {seed}: --jobs {jobs} / --jobs 1 wall: "
              f"{walls[jobs][-1] / walls[1][-1]:.2f}", flush=True)
    for n in (1, jobs):
        print(f"--jobs {n}: {len(seeds)} puzzles in {sum(walls[n]):.1f} s wall, "
              f"{60 * len(seeds) / sum(walls[n]):.2f} a minute")
    print(f"median ratio of walls (--jobs {jobs} / --jobs 1): "
          f"{statistics.median(b / a for a, b in zip(walls[1], walls[jobs])):.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs="+", default=["1"])
    parser.add_argument("--against", choices=sorted(BASELINES), default="fresh",
                        help="the baseline: a fresh Learner per check (main before "
                             "near29), or the same forbidding the whole grid")
    parser.add_argument("--alone", action="store_true",
                        help="time the generator's own checks only")
    parser.add_argument("--jobs", type=int, default=1,
                        help="compare --count 1 --jobs 1 with --jobs N instead")
    parser.add_argument("--probe", type=float, default=0.1,
                        help="with --jobs: seconds of checks made here before the helpers "
                             "start (generate.Helpers; the command's default 0.1)")
    args = parser.parse_args()
    print(f"engine: {engine.ENGINE}")
    if args.jobs > 1:
        compare_jobs(args.seeds, args.jobs, args.probe)
        return
    ways = {"windows": making.Uniqueness, args.against: BASELINES[args.against]}
    ratios = []
    for k, seed in enumerate(args.seeds):
        order = list(ways) if k % 2 == 0 else list(ways)[::-1]
        if args.alone:
            order = ["windows"]
        results, cpus = {}, {}
        for name in order:
            left, cpus[name], wall, results[name], conflicts = one_minimal(seed, ways[name])
            print(f"seed {seed}: {name:<8} {left} givens, {cpus[name]:7.1f} s CPU, "
                  f"{wall:7.1f} s wall, {conflicts:,} conflicts", flush=True)
        if len(results) == 2:
            assert len(set(map(tuple, results.values()))) == 1, "the ways made different puzzles"
            ratios.append(cpus["windows"] / cpus[args.against])
            print(f"seed {seed}: CPU windows / {args.against}: {ratios[-1]:.3f}", flush=True)
    if ratios:
        print(f"median CPU ratio windows / {args.against} over {len(ratios)} seeds: "
              f"{statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
