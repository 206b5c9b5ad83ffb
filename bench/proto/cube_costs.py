"""Where the cubes of a verdict over 2 jobs spend their work, in one process and in
Learner steps (decisions + conflicts: the same on every machine and load), beside the
whole query's Learner (docs/parallel.md, "Where the 25x25 cubes' excess comes from").

Usage: DLXCLI_ENGINE=c python bench/proto/cube_costs.py MODE[,MODE...] NAME[,NAME...]
       (MODE: KIND:CUBES[:CUT[:SHARE]])

MODE: `whole` (the query's Learner, counting to 2: `--jobs 1`'s Learner), or
`fresh:CUBES[:CUT]` / `kept:CUBES[:CUT]` / `keptN:CUBES[:CUT]`: the query cut into
CUBES cubes, each counted to 2 by a fresh Learner of the problem its prefix leaves
(021af40's cubes), or by one of two Learners kept across their cubes, the prefix as
assumptions (strategies.KeptLearner), or by one of N (kept1: one kept Learner alone,
what sharing every clause would give at best; kept16: sixteen jobs). CUT: `dlx` (the
default: DLX's frontier, `ExactCover.frontier`'s min_open, as `dlxcli.parallel` cuts)
or `learner` (dlxcli.learner_cut's, as dlxcli.parallel cuts; its warm-up's solutions
not counted) or a cut of learner_cuts.py: `mrv`, `look12-6` (M 12, C 0.006), or `wW-actsum` /
`wW-actmax` (activities of the query's Learner after a warm-up of W conflicts;
`kW-...`: that Learner then kept as the first kept Learner, its warm-up solutions
counted; the warm-up's steps are printed apart, not in the critical path). A cube goes to the Learner with the fewest steps so far (a dynamic deal, made
deterministic). SHARE (branch share29, clause sharing; `+`-separated, optional): `wL/B`:
each kept Learner starts with the warm-up Learner's level-0 facts and learned clauses of
at most L literals and LBD at most B (`*`: no bound; the `:learner` cut only);
`oL/B`: ongoing sharing, each kept Learner exporting after each cube its facts and
clauses of at most L literals and LBD B not exported before, the others importing
before their next cube those exported by then (each export stamped with its Learner's
step count when made: a Learner starting a cube at step t takes only the exports
stamped t or earlier, as on parallel cores). NAME: a Gecode 25x25 (bench/data/gecode25/NAME.in), mutilatedN or kN
(bench_parallel_proof.matrix). Prints per mode the solutions, the conflicts, each
Learner's steps (the critical path: the larger), each one's CPU seconds and the three
costliest cubes' conflicts; with -v every cube's "index:learner:conflicts".
"""

import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from bench_parallel_proof import DATA, matrix  # noqa: E402
from kept_learner import count_to_2  # noqa: E402
from learner_cuts import Cutter, chooser  # noqa: E402

from dlxcli import engine  # noqa: E402
from dlxcli.exact_cover import Budget  # noqa: E402
from dlxcli.learner_cut import LearnerCut  # noqa: E402
from dlxcli.strategies import Remainder  # noqa: E402


def query(name):
    """(problem, forced options) of NAME."""
    problem = matrix(name)
    if problem is not None:
        return problem, []
    from dlxcli.puzzles.sudoku import parse_lines, sudoku_grid
    (puzzle,), _ = parse_lines(open(os.path.join(DATA, f"{name}.in")).read())
    grid = sudoku_grid(puzzle.side)
    return grid.problem, list(grid.forced(puzzle.givens))


def cube_learner(problem, forced, whole, kept, prefix):
    """The started Learner of a cube: a fresh one (kept None), or the kept one; None for
    a prefix that clashes with the forced options."""
    if kept is not None:
        kept.start(whole.inside(prefix))
        return kept
    remainder = Remainder(problem, forced + prefix)
    if remainder.empty:
        return None
    learner = remainder.learner()
    learner.start([])
    return learner


def bounds(token):
    """(max_len, max_lbd) of a SHARE token's `L/B` (a trailing `g` left out)."""
    return tuple(1 << 30 if part == "*" else int(part)
                 for part in token[1:].rstrip("g").split("/"))


class Sharing:
    """SHARE's clause sharing between the kept Learners of a deal: `warm_bounds` for the
    warm-up's clauses, `ongoing` for the exports after each cube (None: not shared).
    Counts the clauses imported and the CPU seconds exports and imports took."""

    def __init__(self, spec, n):
        tokens = dict((token[0], bounds(token)) for token in spec.split("+") if token)
        self.warm_bounds, self.ongoing = tokens.get("w"), tokens.get("o")
        self.only_global = any(token.startswith("o") and token.endswith("g")
                               for token in spec.split("+"))
        """`oL/Bg`: a clause that names an option its cube's prefix meets (an assumption,
        or an option sharing an item with one) is not exported: it is that cube's."""
        self.exports = []  # (stamp, source, clauses)
        self.taken = [set() for _ in range(n)]
        self.held = [set() for _ in range(n)]
        """Per Learner, the clauses (tuples) it exported or imported: neither exported
        (again) nor imported again."""
        self.imported, self.seconds = 0, 0.0

    def start(self, learners, warm):
        """Each kept Learner given the warm-up's clauses."""
        if self.warm_bounds is None or warm is None:
            return
        clauses = warm.learnts(*self.warm_bounds)
        for learner in learners:
            self._add(learner, clauses)

    def before(self, k, learner, stamp):
        """Learner k, about to start a cube at step `stamp`, imports the others'
        exports stamped by then."""
        if self.ongoing is None:
            return
        clauses = []
        for i, (when, source, exported) in enumerate(self.exports):
            if source != k and when <= stamp and i not in self.taken[k]:
                self.taken[k].add(i)
                fresh = [clause for clause in exported if clause not in self.held[k]]
                self.held[k].update(fresh)
                clauses.extend(fresh)
        if clauses:
            self._add(learner, clauses)

    def after(self, k, learner, stamp, met=frozenset()):
        """Learner k, done with a cube at step `stamp`, exports what it has not (with
        `g`, no clause naming an option of `met`)."""
        if self.ongoing is None:
            return
        began = time.process_time()
        fresh = [clause for clause in map(tuple, learner.learnts(*self.ongoing))
                 if clause not in self.held[k]
                 and not (self.only_global and any(lit >> 1 in met for lit in clause))]
        self.held[k].update(fresh)
        self.exports.append((stamp, k, fresh))
        self.seconds += time.process_time() - began

    def _add(self, learner, clauses):
        began = time.process_time()
        before = learner.clauses
        learner.add_clauses(clauses)
        self.imported += learner.clauses - before
        self.seconds += time.process_time() - began


def met(whole, prefix):
    """The options of `whole` (a Remainder) that the options of `prefix` meet, theirs
    included."""
    assumed = whole.inside(prefix) or []
    items = {item for v in assumed for item in whole.options[v]}
    return frozenset(v for v, option in enumerate(whole.options) if items.intersection(option))


def deal(problem, forced, prefixes, kind, warm=None, share="", shared_warm=None):
    """[(cube, learner, solutions, conflicts)], each Learner's steps and CPU seconds, and
    the Sharing; `warm`: a Learner to keep as the first (its steps so far not counted);
    `shared_warm`: the warm-up's Learner whose clauses SHARE's `w` shares."""
    whole = Remainder(problem, forced)
    n = 2 if kind in ("kept", "fresh") else int(kind[4:])
    kept = [whole.learner() if kind != "fresh" else None for _ in range(n)]
    if warm is not None:
        kept[0] = warm
    sharing = Sharing(share, n)
    if kind != "fresh":
        sharing.start(kept, shared_warm)
    steps, seconds, rows = [0] * n, [0.0] * n, []
    for cube, prefix in enumerate(prefixes):
        k = min(range(n), key=steps.__getitem__)
        began = time.process_time()
        if kept[k] is not None:
            sharing.before(k, kept[k], steps[k])
        learner = cube_learner(problem, forced, whole, kept[k], prefix)
        found = 0 if learner is None else count_to_2(learner)
        seconds[k] += time.process_time() - began
        if learner is not None:
            steps[k] += learner.conflicts + learner.decisions
            rows.append((cube, k, found, learner.conflicts))
        if kept[k] is not None:
            sharing.after(k, kept[k], steps[k], met(whole, prefix) if sharing.only_global
                          else frozenset())
    return rows, steps, seconds, sharing


def warm_up(whole, conflicts):
    """The query's Learner after `conflicts` conflicts (or done before): (learner,
    solutions found, steps, CPU s, done)."""
    began = time.process_time()
    learner = whole.learner()
    learner.start([])
    found, done = 0, False
    while learner.conflicts < conflicts:
        status = learner.run(1000)
        if status == engine.SOLUTION:
            found += 1
            learner.forbid(learner.solution())
            if found == 2:
                done = True
                break
        elif status == engine.EXHAUSTED:
            done = True
            break
    steps = learner.conflicts + learner.decisions
    return learner, found, steps, time.process_time() - began, done


def cubes(problem, forced, cubes, cut):
    """(prefixes as options of the problem, the warm Learner to keep or None, the
    warm-up's solutions, a note on the cut's cost, the warm-up's Learner or None)."""
    began = time.process_time()
    if cut == "learner":  # the cut dlxcli.parallel makes (dlxcli.learner_cut)
        warm = LearnerCut(problem, forced, 2, Budget())
        warm.warm_up(Budget())
        steps = warm.stats().nodes + warm.stats().conflicts
        note = f"warm-up {steps} steps{' (done)' if warm.done else ''}"
        prefixes = [] if warm.done else [prefix for prefix, _ in warm.cubes(cubes)]
        return prefixes, None, 0, f"{note}, {time.process_time() - began:.2f} s with the cut", \
            warm.search.learner
    if cut == "dlx":
        prefixes = [list(prefix) for prefix, _ in problem.frontier(forced=forced, min_open=cubes)]
        return prefixes, None, 0, f"cut {time.process_time() - began:.2f} s", None
    whole = Remainder(problem, forced)
    cutter = Cutter(whole.options, whole.n_primary, len(whole.number))
    kept, found, note = None, 0, ""
    if cut[0] in "wk":
        warmth, cut = cut.split("-", 1)
        learner, found, steps, seconds, done = warm_up(whole, int(warmth[1:]))
        note = f"warm-up {steps} steps {seconds:.2f} s{' (done)' if done else ''}, "
        if warmth[0] == "k":
            kept = learner
        else:
            found = 0
        began = time.process_time()
        choose = chooser(cutter, cut, learner)
    else:
        choose = chooser(cutter, cut)
    prefixes = [[whole.kept[j] for j in prefix] for prefix in cutter.cut(cubes, choose)]
    return prefixes, kept, found, (f"{note}cut {time.process_time() - began:.2f} s, "
                                      f"{cutter.propagations} propagations"), learner \
        if cut[0] in "wk" else None


def main():
    modes, names = sys.argv[1].split(","), sys.argv[2].split(",")
    verbose = "-v" in sys.argv[3:]
    for name in names:
        problem, forced = query(name)
        for mode in modes:
            began = time.process_time()
            if mode == "whole":
                learner = Remainder(problem, forced).learner()
                learner.start([])
                found = count_to_2(learner)
                print(f"{name} whole: {found} solutions, {learner.conflicts} conflicts, "
                      f"{learner.conflicts + learner.decisions} steps, "
                      f"{time.process_time() - began:.2f} s", flush=True)
                continue
            kind, n_cubes, cut, share = (mode + ":dlx:" if mode.count(":") == 1
                                         else mode + ":").split(":")[:4]
            prefixes, warm, found, note, warmed = cubes(problem, forced, int(n_cubes), cut)
            rows, steps, seconds, sharing = deal(problem, forced, prefixes, kind, warm, share,
                                                 warmed)
            if share:
                note += (f"; shared {sharing.imported} clauses imported, "
                         f"{sharing.seconds:.2f} s to share")
            costliest = sorted((row[3] for row in rows), reverse=True)[:3]
            print(f"{name} {mode} ({len(prefixes)} cubes; {note}): "
                  f"{found + sum(r[2] for r in rows)} "
                  f"solutions, {sum(r[3] for r in rows)} conflicts, steps "
                  f"{' / '.join(map(str, steps))} (critical path {max(steps)}), "
                  f"{' / '.join(f'{s:.2f}' for s in seconds)} s, costliest cubes "
                  f"{costliest}", flush=True)
            if verbose:
                print("  " + " ".join(f"{c}:{k}:{n}" for c, k, _, n in rows), flush=True)


if __name__ == "__main__":
    main()
