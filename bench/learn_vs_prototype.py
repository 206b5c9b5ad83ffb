"""Both Learner twins against the prototype they port, bench/proto/xcdcl.c, search for search.

Usage: python bench/learn_vs_prototype.py [--binary PATH] [--random N] [--seed S]
                                          [--sudokus N] [--gecode NAME ...]

The prototype (built here with `gcc -O2` unless --binary names one) runs with
`--no-restarts`, as the Learner searches, and reads each problem as Knuth's DLX1 text;
each twin's Learner gets the same items and options in the same order. Their counters
(decisions, conflicts, propagations, learned, and the prototype's "reduced", the twins'
`deleted`) and first solutions must be equal: a line
per difference, then a summary; exit status 1 if any. One difference is by design: a
conflict in the propagation of the level-0 facts, which the prototype's `main` does not
count and the Learner's search does, is left out.

Problems: N random ones (10 to 40 primary items, up to 3 secondary ones, 20 to 200
options; no colors, which the prototype lacks), the first N 9x9 sudokus of hard1000
(../shared/data/sudoku, else the three of puzzles/sudoku) and the named Gecode 25x25
sudokus (bench/data/gecode25; the Python twin takes seconds on those).
The tests keep a few of these figures (tests/test_learn_twins.py) so as to need no binary.
"""

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_learn_twins import COUNTERS, GECODE, REPO, problem

from dlxcli import engine

PROTOTYPE = REPO / "bench" / "proto" / "xcdcl.c"
HARD1000 = REPO.parent / "shared" / "data" / "sudoku" / "hard1000.txt"
STDERR_NAMES = ("decisions", "conflicts", "propagations", "learned", "reduced")
PROTOTYPE_FLAGS = ["--no-restarts"]
"""The prototype's configuration that the Learner ports."""


def knuth_text(n_primary, n_secondary, options):
    """The problem as DLX1 text: items i0, i1, ...; '|' before the secondary ones."""
    names = [f"i{k}" for k in range(n_primary + n_secondary)]
    head = " ".join(names[:n_primary])
    if n_secondary:
        head += " | " + " ".join(names[n_primary:])
    return head + "\n" + "".join(" ".join(names[i] for i in option) + "\n"
                                 for option in options)


def prototype_search(binary, args):
    """The prototype's counters and first solution (None if it found none)."""
    run = subprocess.run([binary, *PROTOTYPE_FLAGS, "-"], input=knuth_text(*args),
                         capture_output=True, text=True, check=True)
    found = dict(re.findall(r"(\w+) (\d+)", run.stderr))
    solution = None
    for line in run.stdout.splitlines():
        if line.startswith("v"):
            solution = [int(word) for word in line.split()[1:]]
    return tuple(int(found[name]) for name in STDERR_NAMES), solution


def learner_search(twin, args):
    learner = twin.Learner(*args)
    status = learner.run(2**62)
    solution = learner.solution() if status == twin.SOLUTION else None
    return tuple(getattr(learner, name) for name in COUNTERS), solution


def random_problem(rng):
    n_primary, n_secondary = rng.randint(10, 40), rng.randint(0, 3)
    n_items = n_primary + n_secondary
    options = [rng.sample(range(n_items), rng.randint(1, min(n_items, 5)))
               for _ in range(rng.randint(20, 200))]
    return n_primary, n_secondary, options


def problems(settings):
    """(name, args) of every problem to compare."""
    rng = random.Random(settings.seed)
    for k in range(settings.random):
        yield f"random #{k}", random_problem(rng)
    source = HARD1000 if HARD1000.exists() else REPO / "puzzles" / "sudoku" / "hard1000_first3.in"
    for k, line in enumerate(source.read_text().split()[:settings.sudokus]):
        yield f"hard1000 #{k + 1}", problem(line)
    for name in settings.gecode:
        yield name, problem(GECODE.joinpath(f"{name}.in").read_text().split()[0])


def agree(expected, made):
    """Equal searches, but for a root conflict that the prototype does not count."""
    (counters, solution), (theirs, their_solution) = expected, made
    if solution is None and theirs[0] == 0 and counters[1] == 0:
        theirs = (theirs[0], 0) + theirs[2:]
    return (counters, solution) == (theirs, their_solution)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary")
    parser.add_argument("--random", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sudokus", type=int, default=100)
    parser.add_argument("--gecode", nargs="*", default=["example89", "example90"])
    settings = parser.parse_args()
    twins = [engine.twin(name) for name in ("c", "python")
             if engine.twin(name).Learner is not None]
    with tempfile.TemporaryDirectory() as folder:
        binary = settings.binary or str(Path(folder, "xcdcl"))
        if not settings.binary:
            subprocess.run(["gcc", "-O2", "-o", binary, str(PROTOTYPE)], check=True)
        compared = differences = 0
        for name, args in problems(settings):
            expected = prototype_search(binary, args)
            for twin in twins:
                made = learner_search(twin, args)
                compared += 1
                if not agree(expected, made):
                    differences += 1
                    print(f"{name}, {twin.name} twin: {made[0]}, prototype {expected[0]}")
    print(f"{compared} searches of {', '.join(twin.name for twin in twins)} compared with "
          f"the prototype's: {differences} different")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
