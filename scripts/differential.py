"""Differential run: the C twin and the Python twin must agree on everything, and with
the reference search on what it searches.

A developer tool (not part of the package). Two halves:

* engine: random exact-cover problems (random sizes, secondary items, colors, weights,
  forced options, a few malformed ones) are given to both twins' Solvers (through the
  argument checks, as dlxcli gives them: `engine.twin`) side by side; each runs the
  same queries (all solutions, counting, first k, maximize; MRV and first-item; random
  pause budgets; a second query on the same solver, which unwinds the first) and every
  step must match: status, solution, nodes, count, level, best weight, progress, or the
  exception's type and message (updates and mems are the C twin's alone). A "plain"
  count is a count with the memo off and no split (the C twin's bit-set path where the
  problem has no colors or weights): its steps add levels() and lengths().
* puzzles: random inputs for every puzzle that exists (mutations of the seed inputs in
  tests/fuzz_corpus/) are solved by the puzzle's `solve_text` in two subprocesses, one
  per twin (DLXCLI_ENGINE=c / python); the Answers (text, failure, data, errors,
  nodes, solutions) or the errors must match.

Searches are bounded by node counts, never by time, so both twins stop at the same
place. Usage: python scripts/differential.py [--n 10000] [--puzzles 1000] [--seed 1]
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from dlxcli import engine
from dlxcli.commands import PUZZLES, puzzle_module
from dlxcli.engine import EXHAUSTED, SOLUTION
from dlxcli.engine._reference import Reference
from dlxcli.errors import DlxError
from dlxcli.exact_cover import Budget

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "fuzz_corpus"
NODE_CAP = 3000
"""Nodes per query in the engine half; enough to reach deep levels, small enough that
10,000 problems take seconds on the C twin."""
MEMO_BYTES = 1 << 28
"""The memo's bound in the engine half: the twins' own default, set again per query."""
PUZZLE_NODE_LIMIT = 20_000
CORPUS_COMMANDS = {**{name: (name, {}) for name in PUZZLES},
                   "knuth": ("matrix", {"input_format": "knuth"})}
"""Corpus folder -> (command, settings): a folder per command of the registry, and one
for matrix's Knuth format. Each folder must exist: a command without seeds fails."""


# -- the engine half ---------------------------------------------------------------------

@dataclass
class Problem:
    n_primary: int
    n_secondary: int
    options: list
    weights: list = None
    queries: list = field(default_factory=list)
    colors: list = None


@dataclass
class Query:
    kind: str          # "all", "count", "plain" (count), "limit" or "maximize"
    forced: list
    first_item: bool
    budget: int        # nodes per Solver.run call
    limit: int = 0     # for "limit": stop after this many solutions


def random_problem(rng):
    """A random problem with two queries; about 3% of them are malformed on purpose."""
    n_primary = rng.choice((0, 1, 2, 3, 5, 7, 10, 16, 30))
    n_secondary = rng.choice((0, 0, 1, 3, 6))
    n_items = n_primary + n_secondary
    n_options = rng.randint(0, 4 * n_items + 2) if n_items else 0
    options = [rng.sample(range(n_items), rng.randint(1, min(n_items, rng.choice((2, 3, 5)))))
               for _ in range(n_options)]
    weights = None
    if rng.random() < 0.4:
        scale = rng.choice((3, 100, 2**31 - 1))
        weights = [rng.randint(-scale, scale) for _ in options]
    problem = Problem(n_primary, n_secondary, options, weights)
    if n_secondary and rng.random() < 0.4:
        # Few colors, so that options often agree on an item.
        palette = rng.choice(((0, 1), (0, 1, 2), (1, 2, 3, 4)))
        problem.colors = [[rng.choice(palette) if item >= n_primary else 0 for item in option]
                          for option in options]
    if rng.random() < 0.03:
        _break(problem, rng)
    problem.queries = [random_query(problem, rng) for _ in range(2)]
    return problem


def _break(problem, rng):
    """Make the problem malformed in one of the ways the engine must refuse."""
    n_items = problem.n_primary + problem.n_secondary
    damage = rng.choice(("item", "empty", "twice", "bool", "weights", "weight", "count",
                         "huge", "colors", "color"))
    if damage == "colors" or damage == "color":
        _break_colors(problem, rng, damage)
    elif damage == "weights" or damage == "weight":
        problem.weights = ([1] * (len(problem.options) + 1) if damage == "weights"
                           else [2**31] * len(problem.options))
    elif damage == "count" or damage == "huge":
        problem.n_secondary = -1 if damage == "count" else 10**30
    elif damage == "empty" or not problem.options:
        problem.options.append([])
    else:
        option = problem.options[rng.randrange(len(problem.options))]
        option.append({"item": n_items, "twice": option[0], "bool": True}[damage])


def _break_colors(problem, rng, damage):
    """Colors the engine must refuse: too few lists, or a bad color in one list (3 is
    bad on a primary item only)."""
    colors = problem.colors or [[0] * len(option) for option in problem.options]
    if damage == "colors" or not colors:
        problem.colors = colors[:-1] if colors else [[1]]
        return
    option = colors[rng.randrange(len(colors))]
    option[rng.randrange(len(option))] = rng.choice((-1, 2**31, 2**70, True, 1.5, "A", 3))
    if rng.random() < 0.3:
        option.append(0)
    problem.colors = colors


def random_query(problem, rng):
    kind = rng.choice(("all", "count", "plain", "limit", "maximize")
                      if problem.weights is not None else ("all", "count", "plain", "limit"))
    n_options = len(problem.options)
    forced = ([rng.randrange(n_options) for _ in range(rng.choice((0, 0, 1, 2)))]
              if n_options else [])
    if rng.random() < 0.01:
        forced.append(n_options)  # not an option: must be refused by both
    return Query(kind, forced, rng.random() < 0.5, rng.choice((1, 2, 7, 50, NODE_CAP)),
                 rng.randint(1, 3))


def trace(twin, problem, split=True):
    """Everything observable while `twin` answers the problem's queries, step by step;
    `split`: counts split into independent parts (docs/engine.md), which changes their
    nodes (not their counts) from the reference's DLX1 search."""
    try:
        solver = twin.Solver(problem.n_primary, problem.n_secondary, problem.options,
                             problem.weights, problem.colors)
    except DlxError as exc:
        return [("refused", type(exc).__name__, str(exc))]
    events = []
    for query in problem.queries:
        events.append(("query", query.kind))
        plain = query.kind == "plain"
        solver.set_memo(twin.MEMO_OFF if plain else twin.MEMO_AUTO, MEMO_BYTES)
        solver.set_split(split and not plain)
        try:
            solver.start(query.forced, query.first_item, query.kind == "maximize")
        except DlxError as exc:
            events.append(("refused", type(exc).__name__, str(exc)))
            continue
        events.extend(_steps(twin, solver, query))
    return events


def _steps(twin, solver, query):
    count_only = query.kind in ("count", "plain")
    while solver.nodes < NODE_CAP:
        status = solver.run(query.budget, count_only)
        shown = (solver.levels(), solver.lengths()) if query.kind == "plain" else ()
        yield (status, solver.solution(), solver.nodes, solver.count, solver.level,
               solver.best_weight, solver.progress(), *shown)
        if status == twin.EXHAUSTED:
            return
        if query.kind == "limit" and status == twin.SOLUTION and solver.count >= query.limit:
            return


def reference_mismatch(problem, events):
    """The twins' `trace` of the problem against the reference's search, query by query
    (those it answers: the problem and the query accepted, not maximize); a mismatch
    as _mismatch describes it, or None."""
    for k, (query, steps) in enumerate(zip(problem.queries, _query_steps(events))):
        if query.kind == "maximize" or steps[0][0] == "refused":
            continue
        expected, got = _reference_summary(problem, query, steps[-1]), _summary(query, steps)
        if expected != got:
            return _mismatch(f"query {k}", problem, [expected], [got], ("reference", "twins"))
    return None


def _query_steps(events):
    """The steps of each query in a trace (none when the problem was refused)."""
    queries = []
    for event in events:
        if event[0] == "query":
            queries.append([])
        elif queries:
            queries[-1].append(event)
    return queries


def _summary(query, steps):
    """What the reference can tell of a query: the solutions reported, each with the
    nodes then; the count; the final nodes if it ended."""
    last = steps[-1]
    found = [(step[1], step[2]) for step in steps if step[0] == SOLUTION]
    ended = last[2] if last[0] == EXHAUSTED else None
    return found, last[3], ended


def _reference_summary(problem, query, last):
    """_summary of the reference's search, stopped where the twins' stopped (`last`)."""
    ended = last[0] == EXHAUSTED
    reference = Reference(problem.n_primary, problem.n_secondary, problem.options,
                          problem.colors)
    found = [(solution, reference.nodes) for solution in
             reference.solutions(query.forced, query.first_item, None if ended else last[2])]
    return (([] if query.kind in ("count", "plain") else found), len(found),
            reference.nodes if ended else None)


def check_engines(n, seed):
    """Compare the twins on `n` random problems; return (passed, first mismatch or None)."""
    python, c = engine.twin("python"), engine.twin("c")
    rng = random.Random(seed)
    for k in range(n):
        problem = random_problem(rng)
        expected, got = trace(python, problem), trace(c, problem)
        if expected != got:
            return k, _mismatch(f"engine problem {k} (seed {seed})", problem, expected, got)
        mismatch = reference_mismatch(problem, trace(c, problem, split=False))
        if mismatch:
            return k, f"{mismatch}\n  in engine problem {k} (seed {seed})"
    return n, None


def _mismatch(title, case, expected, got, names=("python", "c")):
    first = next((i for i, (a, b) in enumerate(zip(expected, got)) if a != b),
                 min(len(expected), len(got)))
    width = max(map(len, names)) + 1
    return "\n".join([
        f"MISMATCH in {title}: {case!r}",
        f"  first difference at event {first}:",
        f"  {names[0] + ':':{width}} {expected[first:first + 3]!r}",
        f"  {names[1] + ':':{width}} {got[first:first + 3]!r}",
    ])


# -- the puzzle half ---------------------------------------------------------------------

def solve(folder, text, node_limit):
    """The Answer of the command that corpus `folder` feeds, each search limited to
    `node_limit` nodes."""
    command, settings = CORPUS_COMMANDS[folder]
    return puzzle_module(command).solve_text(text, **settings,
                                             budget=Budget(node_limit=node_limit))


def seed_inputs(folder):
    seeds = [path.read_text() for path in sorted((CORPUS / folder).iterdir())]
    if not seeds:
        raise FileNotFoundError(f"no seed inputs in {CORPUS / folder}")
    return seeds


def mutate(text, rng):
    """A seed input with a few tokens zeroed, changed, repeated, dropped or replaced by
    junk: mostly still well-formed (so the search runs), sometimes not (so the errors
    are compared too). Line structure is kept."""
    tokens = re.split(r"(\s+)", text)
    words = [k for k, token in enumerate(tokens) if token and not token.isspace()]
    for _ in range(rng.choice((0, 1, 1, 2, 3, 6)) if words else 0):
        k = rng.choice(words)
        action = rng.random()
        if action < 0.5:
            tokens[k] = re.sub(r"[1-9]", "0", tokens[k])
        elif action < 0.85:
            tokens[k] = re.sub(r"\d", lambda _: rng.choice("0123456789"), tokens[k])
        elif action < 0.9:
            tokens[k] += " " + tokens[k]
        elif action < 0.95:
            tokens[k] = ""
        else:
            tokens[k] = rng.choice(("x", "-1", "99999", "1.5", "\u00b2", "|"))
    return "".join(tokens)


def random_puzzles(n, seed, folders):
    """`n` (folder, text) pairs spread over `folders`."""
    rng = random.Random(seed)
    seeds = {folder: seed_inputs(folder) for folder in folders}
    cases = []
    for _ in range(n):
        folder = rng.choice(folders)
        cases.append((folder, mutate(rng.choice(seeds[folder]), rng)))
    return cases


def answer_all(cases):
    """Solve (folder, text) cases with the active twin; JSON-able outcomes."""
    outcomes = []
    for folder, text in cases:
        try:
            answer = solve(folder, text, PUZZLE_NODE_LIMIT)
        except DlxError as exc:
            outcomes.append(["error", type(exc).__name__, str(exc)])
            continue
        failure = None if answer.failure is None else str(answer.failure)
        outcomes.append(["answer", answer.text, failure, answer.data,
                         [str(error) for error in answer.errors],
                         answer.stats.nodes, answer.stats.solutions])
    return outcomes


def answers_with(twin, cases):
    """Run `answer_all` in a subprocess whose engine is `twin` ("c" or "python")."""
    env = dict(os.environ, DLXCLI_ENGINE=twin)
    result = subprocess.run([sys.executable, __file__, "--answer"], input=json.dumps(cases),
                            capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"the {twin} twin's worker failed:\n{result.stderr}")
    return json.loads(result.stdout)


def check_puzzles(n, seed):
    """Compare the twins on `n` random puzzle inputs; return (passed, first mismatch or None)."""
    folders = sorted(CORPUS_COMMANDS)
    if not n:
        return 0, None
    cases = random_puzzles(n, seed, folders)
    expected, got = answers_with("python", cases), answers_with("c", cases)
    for k, (case, a, b) in enumerate(zip(cases, expected, got)):
        if a != b:
            return k, _mismatch(f"puzzle {k} (seed {seed})", case, [a], [b])
    return n, None


# -- command line ------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="random exact-cover problems")
    parser.add_argument("--puzzles", type=int, default=None,
                        help="random puzzle inputs (default: n / 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--answer", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.answer:
        json.dump(answer_all(json.load(sys.stdin)), sys.stdout)
        return 0
    puzzles = args.n // 10 if args.puzzles is None else args.puzzles
    engine_passed, engine_failure = check_engines(args.n, args.seed)
    puzzle_passed, puzzle_failure = check_puzzles(puzzles, args.seed)
    print(f"differential (seed {args.seed}): {engine_passed}/{args.n} exact-cover problems "
          f"and {puzzle_passed}/{puzzles} puzzles ({', '.join(sorted(CORPUS_COMMANDS))}) "
          "agree on both twins (and the exact-cover problems with the reference)")
    for failure in (engine_failure, puzzle_failure):
        if failure:
            print(failure, file=sys.stderr)
    return 1 if engine_failure or puzzle_failure else 0


if __name__ == "__main__":
    sys.exit(main())
