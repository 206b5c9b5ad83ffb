"""A view of the search for learners (--trace): each node of a search, in the manner of
the verbose levels of Knuth's DLX1.

Layer: beside exact_cover, on the engine; no click, no rich. A `Trace` goes to the
queries in their Budget (`Budget.trace`); each search then runs through
`Trace.runner`, which drives the Solver one node at a time with its public calls only,
so that both twins give the same trace:

* run(0) moves the search to its next node without visiting it: the path to that node
  (`levels()`) and the lengths of its active items (`lengths()`, the reason for the
  MRV choice) are read before run(1) visits it;
* the path before and after the visit tells what the node was: one level more, it
  branched (on the item of that new level); the same path, a solution; else a dead end
  (or, in a maximize search, a branch cut by the bound), after which run(1) has
  already backed up to the next node;
* from one node's path to the next, the levels that are gone were backtracked, and the
  deepest level left moved on to its next option.

A learning search (--reason learn or auto, the engine's Learner) is traced more
coarsely: a line when it starts, one per 1,000 conflicts, one per solution and one at
its end (`LearnerTrace`).

A line is (depth, kind, text): the cli renders it (plain, or indented and coloured on a
terminal). After `limit` lines one more says the trace was cut, and every search goes
on untraced at full speed.
"""

from __future__ import annotations

from . import engine
from .errors import counted

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from typing import Any, Callable

    from .exact_cover import ExactCover

FEW = 8
"""A choice shows every candidate's length when there are at most this many."""


class Trace:
    """Where every search of a run sends its lines, `write(depth, kind, text)`, at most
    `limit` of them; kinds: search, choose, try, back, dead, solution, end, cut, and
    for a learning search conflicts."""

    def __init__(self, write: Callable[[int, str, str], object], limit: int = 2000) -> None:
        self.write, self.limit, self.lines = write, limit, 0

    @property
    def cut(self) -> bool:
        return self.lines > self.limit

    def emit(self, depth: int, kind: str, text: str) -> None:
        """Write one line, or, once `limit` are written, the line saying so."""
        if self.lines < self.limit:
            self.write(depth, kind, text)
        elif self.lines == self.limit:
            self.write(0, "cut", f"trace cut after {counted(self.limit, 'line')}; "
                                     "the search goes on")
        self.lines += 1

    def learning(self, learner: Any) -> LearnerTrace:
        """What a learning search (the engine's Learner) reports each step to."""
        return LearnerTrace(self, learner)

    def runner(self, problem: ExactCover) -> Callable[..., int]:
        """What a query calls instead of problem.solver.run: the same statuses, each
        node traced."""
        return _TracedSearch(self, problem).run


class LearnerTrace:
    """--trace of a learning search (one step at a time): its start, a line per 1,000
    conflicts, its solutions and its end."""

    EVERY = 1000
    """Conflicts between two progress lines."""

    def __init__(self, trace: Trace, learner: Any) -> None:
        self.trace, self.learner = trace, learner
        self.conflicts = 0
        trace.emit(0, "search", "Learning search: " + _sizes(learner))

    def after(self, status: int) -> None:
        """Show what the step just run did."""
        learner, emit = self.learner, self.trace.emit
        if learner.conflicts // self.EVERY > self.conflicts // self.EVERY:
            emit(0, "conflicts", f"{counted(learner.conflicts, 'conflict')}: level "
                                 f"{learner.level}, {self._decisions()}, {self._kept()}")
        self.conflicts = learner.conflicts
        if status == engine.SOLUTION:
            emit(0, "solution", f"solution after {self._decisions()} and "
                                f"{counted(learner.conflicts, 'conflict')}")
        elif status == engine.EXHAUSTED:
            emit(0, "end", f"no more solutions: {self._decisions()}, "
                           f"{counted(learner.conflicts, 'conflict')}")

    def _decisions(self) -> str:
        return counted(self.learner.decisions, "decision")

    def _kept(self) -> str:
        kept = self.learner.learned - self.learner.deleted
        return f"{counted(kept, 'learned clause')} kept"


class _TracedSearch:
    """One search of an ExactCover, node by node."""

    def __init__(self, trace, problem):
        self.trace, self.solver = trace, problem.solver
        self.describe = option_describer(problem)
        self.name = self.describe.name
        self.path, self.solutions = [], 0
        solver = self.solver
        trace.emit(0, "search", "Search: " + _sizes(solver))

    def run(self, budget, count_only=False):
        """Solver.run's contract: stop at a solution (unless `count_only`), at the end,
        or after `budget` nodes."""
        solver = self.solver
        stop = solver.nodes + budget
        while solver.nodes < stop:
            if self.trace.cut:
                return solver.run(stop - solver.nodes, count_only)
            status = self._node()
            if status == engine.EXHAUSTED or (status == engine.SOLUTION and not count_only):
                return status
        return engine.PAUSED

    def _node(self):
        """Move to the next node, trace the way there, visit it, trace what it was."""
        solver = self.solver
        if solver.run(0) == engine.EXHAUSTED:
            return self._ended()
        path = solver.levels()
        self._moved(path)
        lengths = solver.lengths()
        status = solver.run(1)
        after = solver.levels()
        depth = len(path)
        if status == engine.SOLUTION:
            self.solutions += 1
            self._emit(depth, "solution", f"solution {self.solutions}: "
                       + "; ".join(self.describe(option) for _, option, _, _ in path))
        elif len(after) == depth + 1 and after[:depth] == path:
            self._emit(depth, "choose", self._choice(lengths, after[-1][0]))
        else:
            self._emit(depth, "dead", self._dead_end(lengths))
        if status == engine.EXHAUSTED:
            return self._ended()
        return status

    def _emit(self, depth, kind, text):
        self.trace.emit(depth, kind, f"Level {depth}: {text}")

    def _choice(self, lengths, item):
        """Why the node branched on `item`: its length, the fewest (MRV) or not (a
        search told to take the first item), and the candidates' lengths if few."""
        length = dict(lengths)[item]
        why = ("the fewest options" if length == min(n for _, n in lengths)
               else "the first item left")
        if len(lengths) <= FEW:
            seen = " ".join(f"{self.name(i)}({n})" for i, n in lengths)
        else:
            seen = f"{len(lengths):,} items"
        return f"{seen}; branching on {self.name(item)}({length}), {why}"

    def _dead_end(self, lengths):
        """Why a node that did not branch and is no new solution ends there."""
        empty = [i for i, n in lengths if n == 0]
        if empty:
            return f"dead end, {self.name(empty[0])} has no option left"
        if not lengths:
            return "a solution, not heavier than the best one so far"
        return "cut, it cannot beat the best weight so far"

    def _moved(self, path):
        """Trace the way from the last node's path to `path`: the levels left, deepest
        first, then the option each new or moved-on level tries."""
        old, depth = self.path, len(path)
        kept = 0
        while kept < min(len(old), depth) and old[kept] == path[kept]:
            kept += 1
        for level in range(len(old) - 1, depth - 1, -1):
            after = f"back to L{level - 1}" if level else "the search is over"
            self.trace.emit(level, "back", f"L{level}: {self.name(old[level][0])} has no "
                                           f"other option; {after}")
        for level in range(kept, depth):
            _, option, position, width = path[level]
            self.trace.emit(level, "try", f"L{level}: {self.describe(option)} "
                                          f"({position + 1} of {width})")
        self.path = path

    def _ended(self):
        self._moved([])
        self.trace.emit(0, "end", f"Altogether {counted(self.solutions, 'solution')}, "
                                  f"{counted(self.solver.nodes, 'node')}.")
        return engine.EXHAUSTED


def option_describer(problem):
    """A function giving option j as its items, by name where the problem has names
    (ExactCover.from_names), colors as NAME:COLOR (numbers where the problem has
    none: pack's part item); its `name` gives an item's name."""
    _, _, options, _, colors = problem.definition
    names = _inverse(getattr(problem, "item_index", None))
    color_names = _inverse(getattr(problem, "color_index", None))

    def name(item):
        return str(item) if names is None else names[item]

    def color(c):
        return str(c) if color_names is None else color_names[c]

    def describe(j):
        return " ".join(name(item) if not colors or not colors[j][k]
                        else f"{name(item)}:{color(colors[j][k])}"
                        for k, item in enumerate(options[j]))

    describe.name = name
    return describe


def _inverse(index):
    """{number: name} of a {name: number} map (None stays None)."""
    return None if index is None else {number: name for name, number in index.items()}


def _sizes(search) -> str:
    """'12 options, 7 primary and 0 secondary items' of a Solver or a Learner."""
    return (f"{counted(search.n_options, 'option')}, {search.n_primary:,} primary and "
            f"{counted(search.n_secondary, 'secondary item')}")
