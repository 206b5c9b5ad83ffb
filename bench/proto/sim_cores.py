"""Issue 29 on N cores, simulated in one process: `dlxcli sudoku [--unique] --jobs N`'s
race and cubes (dlxcli.parallel.race: `racing._Racing`, `cubes._Conquering`) run as they
are, their executor replaced by virtual workers that run each task here, one after the
other, and keep a clock each (docs/performance.md, "Issue 29: sixteen cores simulated").

Usage: DLXCLI_ENGINE=c python bench/proto/sim_cores.py [--jobs 16] [--query unique|first]
           [--set NAME=VALUE ...] INSTANCE ...

INSTANCE: a Gecode 25x25 (bench/data/gecode25/INSTANCE.in, its answer checked against
INSTANCE.out), or mutilatedN / kN (bench_parallel_proof.matrix: a count to 2 or 1).
--set NAME=VALUE sets the constant NAME (an int) of dlxcli.parallel first, on the module
that reads it, e.g. CUBES_PER_JOB=8; learner_cut.NAME=VALUE sets dlxcli.learner_cut.NAME,
e.g. learner_cut.WARM_STEPS=24000 (bench_parallel_proof.set_constants).

How the time is kept. This process (the race's parent) has a clock: its own CPU seconds
(time.process_time), less those spent running the virtual workers' tasks, plus the time
it spent waiting. Each virtual worker (a pinned slot of `Processes`) has one too: a task
starts when it is sent or when the worker's last task ends, whichever is later, and ends
its own CPU seconds later. The parent's `wait(timeout)` returns the task that ends first
if it ends within the timeout (the parent's clock moved on to that end, if later), else
nothing (the clock moved on by the timeout). So the parent hears of each task when it
would on N free cores, and the race runs the same logic (the same cut, deal, dlx_every,
Verdicts and kept Learners per slot) as over real processes. Not counted: start-up
(Python, reading the puzzle: about 0.2 s), forking the workers, building their problem
(a worker builds it once), the pipe's latency and the pickling. So a figure is the
makespan the race's computation would give on N free cores of this machine's speed.

Prints per instance: the simulated makespan ("wall"), the CPU seconds of the parent and
of all virtual workers, the busiest worker's, the answer, and when (on the parent's
clock) each cut began and ended (the first, the Learner's warm-up and cut or DLX's
frontier, begins after DLX's first turn; the others are the tail split's cuts).
With -v, two lines after it: the cubes that took longest (cube:handed out-settled), and
the tail split's costs (the workers' CPU in the first cut's cubes and in the pieces, and
in pieces of cubes that settled themselves first: work the split lost).
With --query first, a line before it: who decided the first solution (the cubes beside
the race, proving it the only one, or the race's own turns), the portfolio turn DLX here
had reached, and the race's Learner's finishing turn and when the parent heard of it.
"""

import argparse
import heapq
import itertools
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from bench_parallel_proof import DATA, load, matrix, processor, set_constants  # noqa: E402

from dlxcli import parallel  # noqa: E402
from dlxcli.exact_cover import Budget, ExactCover  # noqa: E402


class Clock:
    """The parent's clock: its CPU seconds less the virtual workers', plus its waits."""

    def __init__(self):
        self.began, self.workers, self.waited = time.process_time(), 0.0, 0.0

    def now(self):
        return time.process_time() - self.began - self.workers + self.waited


class Virtual:
    """`parallel.Processes` on virtual workers (see the module's docstring): tasks run
    here, each slot's in the order sent, each worker keeping a clock."""

    clock: Clock
    made: list = []
    """Every Virtual made since the clock started (their figures)."""
    cube_cpu: dict = {}
    """A cube -> the CPU seconds of its tasks on the virtual workers (with -v)."""

    def __init__(self, shared, size, depth=2):
        self.shared, self.size = shared, size
        self.pending = [[] for _ in range(size)]  # per slot: [(ticket, sent, function, args)]
        self.ends = [0.0] * size  # per slot: when its last task run ends
        self.busy = [0.0] * size  # per slot: CPU seconds
        self.ended = []  # a heap of (end, ticket, value) of tasks run, not yet heard of
        self.tickets = itertools.count()
        Virtual.made.append(self)

    def submit(self, function, *args, pin=None, what=None):
        ticket = next(self.tickets)
        slot = 0 if pin is None else pin % self.size
        self.pending[slot].append((ticket, self.clock.now(), function, args))
        return ticket

    def _run_until(self, horizon):
        """Run every task that starts before `horizon`, slot by slot."""
        for slot, pending in enumerate(self.pending):
            while pending and max(pending[0][1], self.ends[slot]) < horizon:
                ticket, sent, function, args = pending.pop(0)
                began = time.process_time()
                value = function(self.shared, *args)
                spent = time.process_time() - began
                if function is parallel.cube_turns:  # args: slot, cube, ...
                    Virtual.cube_cpu[args[1]] = Virtual.cube_cpu.get(args[1], 0.0) + spent
                self.clock.workers += spent
                self.busy[slot] += spent
                self.ends[slot] = max(sent, self.ends[slot]) + spent
                heapq.heappush(self.ended, (self.ends[slot], ticket, value))

    def wait(self, timeout):
        now = self.clock.now()
        horizon = now + (timeout or 0.0)
        self._run_until(horizon)
        if self.ended and self.ended[0][0] <= horizon:
            end, ticket, value = heapq.heappop(self.ended)
            self.clock.waited += max(0.0, end - now)
            return ticket, value
        self.clock.waited += max(0.0, horizon - now)
        return None

    def close(self):
        self.pending = [[] for _ in range(self.size)]


class Trace:
    """When each cube was handed out and settled (on the parent's clock), with -v."""

    def __init__(self):
        self.began, self.ended = {}, {}
        self.saved = {}
        self.conquest = None
        self.by_pieces = set()
        """The cubes split by the tail split that their pieces settled (not their own
        search)."""

    def install(self):
        conquering = parallel.cubes._Conquering
        self.saved = {name: getattr(conquering, name) for name in ("_next", "_settle")}
        trace, clock = self, Virtual.clock
        Virtual.cube_cpu = {}

        def next_(conquest):
            cube = trace.saved["_next"](conquest)
            if cube is not None:
                trace.began.setdefault(cube, clock.now())
            return cube

        def settle(conquest, cube):
            trace.conquest = conquest
            trace.ended.setdefault(cube, clock.now())
            pieces = conquest.pieces.get(cube)
            if cube not in conquest.settled and pieces and conquest.settled.issuperset(pieces):
                trace.by_pieces.add(cube)
            return trace.saved["_settle"](conquest, cube)
        conquering._next, conquering._settle = next_, settle

    def remove(self):
        for name, method in self.saved.items():
            setattr(parallel.cubes._Conquering, name, method)

    def tail(self):
        """The workers' CPU seconds in the first cut's cubes and in the tail split's
        pieces, the cubes split, how many their pieces settled, and the CPU seconds of
        the pieces of cubes that settled themselves first (work the split lost)."""
        conquest, cpu = self.conquest, Virtual.cube_cpu
        if conquest is None:
            return "no cube"
        pieces = [cube for cube in cpu if cube in conquest.parent]
        lost = sum(cpu.get(piece, 0.0) for piece in pieces
                   if conquest.parent[piece] not in self.by_pieces)
        return (f"first cut's cubes {sum(cpu.values()) - sum(cpu[p] for p in pieces):.1f} CPU s, "
                f"pieces {sum(cpu[p] for p in pieces):.1f} ({len(pieces)}); cubes split "
                f"{len(conquest.pieces)}, settled by their pieces {len(self.by_pieces)}; pieces "
                f"of cubes that ended themselves {lost:.1f} CPU s")

    def longest(self, count=6):
        """The `count` cubes that took longest: "cube start-end"."""
        spans = sorted(((self.ended.get(cube, float("nan")) - began, cube, began)
                        for cube, began in self.began.items()), reverse=True)
        return " ".join(f"{cube}:{began:.2f}-{began + span:.2f}"
                        for span, cube, began in spans[:count])


class Decider:
    """Who decided a first solution's race (`_Racing`): the cubes beside it (`proved`)
    or the race's turns, with the turn DLX here had reached, the Learner member's
    finishing turn and when (on the parent's clock) the parent heard it was done."""

    def __init__(self):
        self.racing, self.learner_done = None, None
        self.saved = {}

    def install(self):
        racing, decider, clock = parallel.racing._Racing, self, Virtual.clock
        self.saved = {name: getattr(racing, name) for name in ("__init__", "_hear")}

        def init(race, *args, **kwargs):
            decider.saved["__init__"](race, *args, **kwargs)
            decider.racing = race

        def hear(race, timeout):
            decider.saved["_hear"](race, timeout)
            report = race.reports.get(0)
            if decider.learner_done is None and report is not None and report.done:
                decider.learner_done = clock.now()
        racing.__init__, racing._hear = init, hear

    def remove(self):
        for name, method in self.saved.items():
            setattr(parallel.racing._Racing, name, method)

    def __str__(self):
        race = self.racing
        if race is None:
            return "no race"
        learner = race.reports.get(0)
        finishing = "not done" if learner is None or not learner.done else \
            f"done at turn {learner.finishing_turn}, heard at {self.learner_done:.2f} s"
        return (f"decided by {'the cubes beside' if race.proved else 'the race'}; DLX here "
                f"at turn {2 * race.here.turns}; the race's Learner {finishing}")


def simulate(name, query, jobs, trace=None):
    """(makespan, parent's CPU, workers' CPU, busiest worker's CPU, answer, the clock's
    times as each cut began and ended)."""
    from dlxcli.puzzles import sudoku
    problem = matrix(name)
    budget = Budget(split=parallel.Split(jobs=2))
    budget.split.jobs = jobs
    Virtual.clock, Virtual.made = Clock(), []
    conquering = parallel.cubes._Conquering
    cut, first_cut, pieces = ExactCover.frontier, conquering._cut, conquering._pieces
    marks, inside = [], []

    def timed(function):
        def timed_cut(*args, **query):
            if inside:  # the frontier of the first cut: timed with it
                return function(*args, **query)
            marks.append(Virtual.clock.now())
            inside.append(True)
            try:
                return function(*args, **query)
            finally:
                inside.pop()
                marks.append(Virtual.clock.now())
        return timed_cut

    # the executor of the race and of its cubes, each read where it is started
    real, ExactCover.frontier = parallel.Processes, timed(cut)
    parallel.racing.Processes = parallel.cubes.Processes = Virtual
    conquering._cut, conquering._pieces = timed(first_cut), timed(pieces)
    decider = Decider()
    decider.install()
    if trace is not None:
        trace.install()
    try:
        if problem is not None:
            answer = problem.count(limit=2 if query == "unique" else 1, budget=budget)
        else:
            text = open(os.path.join(DATA, f"{name}.in")).read()
            answer = sudoku.solve_text(text, query="unique" if query == "unique" else "judge",
                                       budget=budget).text
            expected = "unique" if query == "unique" else \
                open(os.path.join(DATA, f"{name}.out")).read()
            if str(answer).split() != expected.split():
                raise SystemExit(f"{name}: wrong answer {str(answer)[:80]!r}")
    finally:
        parallel.racing.Processes = parallel.cubes.Processes = real
        ExactCover.frontier = cut
        conquering._cut, conquering._pieces = first_cut, pieces
        decider.remove()
        if trace is not None:
            trace.remove()
    if query == "first":
        print(f"  {name}: {decider}", flush=True)
    makespan = Virtual.clock.now()
    busy = [b for virtual in Virtual.made for b in virtual.busy]
    parent = makespan - Virtual.clock.waited
    return makespan, parent, sum(busy), max(busy, default=0.0), answer, marks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="+")
    parser.add_argument("--jobs", type=int, default=16)
    parser.add_argument("--query", choices=("unique", "first"), default="unique")
    parser.add_argument("--set", action="append", default=[])
    parser.add_argument("-v", action="store_true",
                        help="the longest cubes (cube:start-end) and the tail split's costs")
    args = parser.parse_args()
    set_constants(args.set)
    print(f"# {processor()}; load average {load()}; engine "
          f"{os.environ.get('DLXCLI_ENGINE', 'default')}; --jobs {args.jobs} simulated, "
          f"--query {args.query} {' '.join(args.set)}", flush=True)
    for name in args.names:
        trace = Trace() if args.v else None
        makespan, parent, workers, busiest, answer, marks = simulate(name, args.query,
                                                                     args.jobs, trace)
        cuts = ", ".join(f"{a:.2f}-{b:.2f}" for a, b in zip(marks[::2], marks[1::2]))
        print(f"{name}: {makespan:.2f} s simulated wall; CPU {parent:.2f} s parent + "
              f"{workers:.2f} s workers (busiest {busiest:.2f}) = {parent + workers:.2f}; "
              f"answer {str(answer).split()[0][:12]}; cuts at {cuts or 'none'} s (load {load()})",
              flush=True)
        if trace is not None:
            print(f"  longest cubes: {trace.longest()}", flush=True)
            print(f"  tail: {trace.tail()}", flush=True)


if __name__ == "__main__":
    main()
