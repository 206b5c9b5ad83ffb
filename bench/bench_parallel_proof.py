"""Issue 29: one hard proof over --jobs N cores (dlxcli.parallel.race: a first solution
raced, --unique cut into cubes).

Usage: DLXCLI_ENGINE=c python bench/bench_parallel_proof.py [--query unique|first]
           [--jobs 1,2] [--rounds R] [--cap SECONDS] [NAME ...]

`dlxcli sudoku [--unique] --jobs N` on Gecode's hardest 25x25 (bench/data/gecode25;
default example18, 21, 22, 26, 27, 32, 33), each run a whole process, the contenders of
an instance one after the other, their order alternating from one instance (and round)
to the next so that both meet the same load. Prints each run's wall and CPU seconds
(CPU: the process and its workers, user + system), each instance's median over the
rounds, the sums and the ratio of the sums (--jobs 1 over the others), with the
processor and the load average (`uptime`) before and after: the machine is shared.
Every answer is checked: the first solution is exampleN.out, the verdict "unique".
A run over --cap seconds is stopped and counted at the cap (marked ">").
--set NAME=VALUE (repeatable) sets the constant NAME of dlxcli.parallel in each run, on
the module of the package that reads it (`set_constants`; e.g. the constants before the
tail split and the cubes beside a first solution: SPLIT_AFTER_ROUNDS=1000000000
BESIDE_FROM_JOBS=1000000000).

NAME may also be mutilatedN (dominoes on an N x N board less two opposite corners: no
tiling, the Learner's parity proof) or kN (perfect matchings of K_N: a pigeonhole for N
odd, DLX's), with --cpu only: a count stopped at 2 (or 1 with --query first).

--cpu: in one process instead, and in CPU seconds (for a machine too loaded for wall
times to say anything: under Linux's autogroup scheduling a run gets one session's
share of the CPU however many processes it has). Per instance, the query with --jobs 1
(this process's CPU) and over 2 jobs: this process's CPU and its worker's (read in the
worker as each task ends: a racing member's or a cube's), whose larger one is the
critical path: its wall time on a machine with a free core per process (not counted:
the fork, the pipe).
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DATA = os.path.join(REPO, "bench", "data", "gecode25")
HARDEST = ("example18", "example21", "example22", "example26", "example27", "example32",
           "example33")


def set_constants(settings):
    """Set each NAME=VALUE of `settings` (VALUE an int) on the module of dlxcli.parallel
    that defines the constant NAME (a number), where it is read (set on the package,
    it would change nothing); MODULE.NAME=VALUE on dlxcli.MODULE (e.g.
    learner_cut.WARM_STEPS, or parallel.cubes.CUBES_PER_JOB). SystemExit, saying why,
    for a setting that names no such constant."""
    import importlib
    import pkgutil

    from dlxcli import parallel
    for setting in settings:
        key, _, text = setting.partition("=")
        module_name, _, name = key.rpartition(".")
        try:
            value = int(text)
        except ValueError:
            raise SystemExit(f"--set {setting}: not NAME=VALUE with an int VALUE") from None
        if module_name in ("", "parallel"):
            modules = [importlib.import_module(f"dlxcli.parallel.{module.name}")
                       for module in pkgutil.iter_modules(parallel.__path__)]
        else:
            try:
                modules = [importlib.import_module(f"dlxcli.{module_name}")]
            except ImportError:
                raise SystemExit(f"--set {setting}: there is no module dlxcli.{module_name}") \
                    from None
        holders = [module for module in modules if name.isupper()
                   and type(vars(module).get(name)) in (int, float)]
        if len(holders) != 1:
            where = "no module of dlxcli.parallel has a" if module_name in ("", "parallel") \
                else f"dlxcli.{module_name} has no"
            raise SystemExit(f"--set {setting}: {where} constant {name}")
        setattr(holders[0], name, value)


def processor():
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown processor"


def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(name, query, jobs, cap, settings=()):
    """(wall s, CPU s, capped) of one run, its answer checked; `settings`: NAME=VALUE
    of dlxcli.parallel's constants, set in the run's process first (`set_constants`; its
    workers are forked from it, and so keep them)."""
    path = os.path.join(DATA, f"{name}.in")
    argv = [sys.executable, "-m", "dlxcli", "sudoku", "--jobs", str(jobs), path]
    if settings:
        argv[1:3] = ["-c", f"import sys; sys.path.insert(0, {HERE!r}); "
                     f"from bench_parallel_proof import set_constants; "
                     f"set_constants({list(settings)!r}); "
                     "from dlxcli.__main__ import main; sys.argv[0] = 'dlxcli'; main()"]
    if query == "unique":
        argv.insert(4, "--unique")
    cpu, began = children_cpu(), time.perf_counter()
    try:
        result = subprocess.run(argv, capture_output=True, text=True, timeout=cap,
                                start_new_session=True)
    except subprocess.TimeoutExpired:
        return cap, children_cpu() - cpu, True
    wall, cpu = time.perf_counter() - began, children_cpu() - cpu
    expected = "unique\n" if query == "unique" else open(os.path.join(DATA, f"{name}.out")).read()
    if result.returncode != 0 or result.stdout.split() != expected.split():
        raise SystemExit(f"{name} --jobs {jobs}: wrong answer (status {result.returncode}): "
                         f"{result.stdout[:80]!r} {result.stderr[:200]!r}")
    return wall, cpu, False


_timed = {}
"""The race's tasks and the pipe the worker writes its CPU seconds to (--cpu)."""


def _written(value):
    os.write(_timed["fd"], f"{time.process_time()}\n".encode())
    return value


def timed_race_turns(*args):
    """A worker's race task, its process's CPU seconds written once it ends."""
    return _written(_timed["race_turns"](*args))


def timed_cube_turns(*args):
    """A worker's task of a cube, its process's CPU seconds written once it ends."""
    return _written(_timed["cube_turns"](*args))


def matrix(name):
    """The problem of a name that is no sudoku: "mutilatedN" (dominoes on an N x N board
    less two opposite corners: no tiling, a parity argument) or "kN" (the perfect
    matchings of the complete graph K_N: none for N odd, a pigeonhole); else None."""
    from dlxcli.exact_cover import ExactCover
    if name.startswith("mutilated"):
        side = int(name[len("mutilated"):])
        cells = [(r, c) for r in range(side) for c in range(side)
                 if (r, c) not in ((0, 0), (side - 1, side - 1))]
        index = {cell: k for k, cell in enumerate(cells)}
        return ExactCover(len(cells), 0, [[index[(r, c)], index[(r + dr, c + dc)]]
                                          for r, c in cells for dr, dc in ((0, 1), (1, 0))
                                          if (r + dr, c + dc) in index])
    if name[0] == "k" and name[1:].isdigit():
        n = int(name[1:])
        return ExactCover(n, 0, [[u, v] for u in range(n) for v in range(u + 1, n)])
    return None


def cpu_figures(name, query):
    """(jobs 1 CPU s, race: this process's CPU s, the worker's CPU s) of one instance."""
    from dlxcli import parallel
    from dlxcli.exact_cover import Budget
    from dlxcli.parallel import Split
    from dlxcli.puzzles import sudoku
    problem = matrix(name)
    if problem is not None:  # a count to 2 (--unique), or a first solution
        limit = 2 if query == "unique" else 1

        def solve_text(_text, query, budget):
            return problem.count(limit=limit, budget=budget)
    else:
        solve_text = sudoku.solve_text
    text = "" if problem is not None else open(os.path.join(DATA, f"{name}.in")).read()
    query = "unique" if query == "unique" else "judge"
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    _timed.update(race_turns=parallel.race_turns, cube_turns=parallel.cube_turns,
                  fd=write_end)
    # set where the race and its cubes send them
    parallel.racing.race_turns, parallel.cubes.cube_turns = timed_race_turns, timed_cube_turns
    try:
        began = time.process_time()
        solve_text(text, query=query, budget=Budget())
        alone = time.process_time() - began
        began = time.process_time()
        solve_text(text, query=query, budget=Budget(split=Split(jobs=2)))
        here = time.process_time() - began
    finally:
        parallel.racing.race_turns = _timed["race_turns"]
        parallel.cubes.cube_turns = _timed["cube_turns"]
    try:
        worker = os.read(read_end, 1 << 20).split()
    except BlockingIOError:
        worker = []
    os.close(read_end)
    os.close(write_end)
    return alone, here, float(worker[-1]) if worker else 0.0


def cpu_main(args):
    print(f"# {processor()}, {os.cpu_count()} cores; load average before: {load()}")
    print(f"# CPU seconds, in process, engine {os.environ.get('DLXCLI_ENGINE', 'default')}, "
          f"query {args.query} {' '.join(args.set)}")
    print("| instance | --jobs 1 | race: here | race: worker | critical path | ratio |")
    print("|---|---|---|---|---|---|")
    sums = [0.0, 0.0]
    for name in args.names:
        alone, here, worker = cpu_figures(name, args.query)
        path = max(here, worker)
        sums[0] += alone
        sums[1] += path
        print(f"| {name} | {alone:.2f} | {here:.2f} | {worker:.2f} | {path:.2f} | "
              f"{alone / path:.2f}x |", flush=True)
    print(f"| **sum** | **{sums[0]:.2f}** | | | **{sums[1]:.2f}** | "
          f"**{sums[0] / sums[1]:.2f}x** |")
    print(f"# load average after: {load()}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", default=list(HARDEST))
    parser.add_argument("--query", choices=("unique", "first"), default="unique")
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--cap", type=float, default=120.0)
    parser.add_argument("--cpu", action="store_true")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set the constant NAME (an int) of dlxcli.parallel in each "
                             "run, on the module that reads it, e.g. "
                             "SPLIT_AFTER_ROUNDS=1000000000 (no tail split)")
    args = parser.parse_args()
    set_constants(args.set)  # here too: a setting that names no constant fails at once
    if args.cpu:
        return cpu_main(args)
    jobs = [int(j) for j in args.jobs.split(",")]
    print(f"# {processor()}, {os.cpu_count()} cores; load average before: {load()}")
    print(f"# dlxcli sudoku {'--unique ' if args.query == 'unique' else ''}--jobs N, "
          f"engine {os.environ.get('DLXCLI_ENGINE', 'default')}, {args.rounds} round(s), "
          f"cap {args.cap:g} s {' '.join(args.set)}")
    walls = {j: {} for j in jobs}
    flip = False
    for round_ in range(args.rounds):
        for name in args.names:
            order = list(reversed(jobs)) if flip else jobs
            flip = not flip
            for j in order:
                wall, cpu, capped = run(name, args.query, j, args.cap, args.set)
                walls[j].setdefault(name, []).append((wall, capped))
                print(f"{name} round {round_ + 1} --jobs {j}: {'>' if capped else ''}"
                      f"{wall:.2f} s wall, {cpu:.2f} s CPU (load {load()})", flush=True)
    print()
    print("| instance | " + " | ".join(f"--jobs {j}" for j in jobs) + " |")
    print("|---|" + "---|" * len(jobs))
    sums = {j: 0.0 for j in jobs}
    for name in args.names:
        cells = []
        for j in jobs:
            median = statistics.median(wall for wall, _ in walls[j][name])
            capped = any(c for _, c in walls[j][name])
            sums[j] += median
            cells.append(f"{'>' if capped else ''}{median:.2f}")
        print(f"| {name} | " + " | ".join(cells) + " |")
    print("| **sum** | " + " | ".join(f"**{sums[j]:.2f}**" for j in jobs) + " |")
    for j in jobs[1:]:
        print(f"# --jobs {jobs[0]} / --jobs {j}, sums: {sums[jobs[0]] / sums[j]:.2f}x")
    print(f"# load average after: {load()}")


if __name__ == "__main__":
    main()
