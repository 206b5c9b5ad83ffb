"""Issue 29: what the run's tail costs `generate --count N --jobs J`, and what filling it
gives (generate.Tail), measured where the machine is shared.

Usage: DLXCLI_ENGINE=c python bench/bench_tail.py [--seed 7] [--count 6] [--jobs 2]
           [--overhead 1.10] [--cpu S S ...]

Puzzles 0..N-1 of the seed (25x25, minimal) are made one after another in this process,
as a worker makes each (the CPU seconds of each printed), or taken from --cpu. Then the
wall time of the run on J idle cores is worked out from them: before, each puzzle on
one worker, the next puzzle to the first worker free (the pool's order), so the last
ones run alone; with the tail's helpers, once fewer puzzles are left than workers each
one left runs on J // left cores (two or more), at 1 / OVERHEAD of their speed (the
checks made again when checked ahead: +10% CPU, docs/performance.md). A model, not a
timing: CPU seconds are the steady figure on a shared machine, wall seconds are not.
"""

import argparse
import time

from dlxcli import generate as making


def before(cpu, jobs):
    """Wall seconds: each puzzle on one worker, in order, to the first one free."""
    free = [0.0] * jobs
    for seconds in cpu:
        free[free.index(min(free))] += seconds
    return max(free)


def after(cpu, jobs, overhead):
    """Wall seconds with the tail's helpers (generate.Tail.share)."""
    now, started, running = 0.0, 0, {}
    while started < len(cpu) or running:
        while len(running) < jobs and started < len(cpu):
            running[started] = cpu[started]
            started += 1
        left = len(running) + len(cpu) - started
        share = jobs // left if left < jobs else 1
        speed = share / overhead if share >= 2 else 1.0
        step = min(running.values()) / speed
        now += step
        for puzzle in list(running):
            running[puzzle] -= step * speed
            if running[puzzle] <= 1e-9:
                del running[puzzle]
    return now


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="7")
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--overhead", type=float, default=1.10)
    parser.add_argument("--cpu", type=float, nargs="*", help="the puzzles' CPU seconds")
    args = parser.parse_args()
    cpu = args.cpu
    if not cpu:
        request = making.Request("sudoku", 25, seed=args.seed)
        cpu = []
        for index in range(args.count):
            began = time.process_time()
            making.make(request, index)
            cpu.append(time.process_time() - began)
            print(f"puzzle {index}: {cpu[-1]:.1f} CPU s", flush=True)
    old, new = before(cpu, args.jobs), after(cpu, args.jobs, args.overhead)
    print(f"{sum(cpu):.1f} CPU s on {args.jobs} idle cores: {old:.1f} s wall before "
          f"({sum(cpu) / old / args.jobs:.0%} busy, {len(cpu) * 60 / old:.2f} a minute), "
          f"{new:.1f} s with the tail's helpers ({len(cpu) * 60 / new:.2f} a minute): "
          f"{new / old:.3f}")


if __name__ == "__main__":
    main()
