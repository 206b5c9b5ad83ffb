"""Random puzzles with exactly one solution for every grid command that has a
`Generator` (its puzzle module's GENERATE: square sudokus 4x4 to 25x25, squiggly
sudokus on a new random jigsaw layout each, samurai sudokus).

Layer: above the puzzles, below cli (no click). What is particular to a command (its
shapes, its random start, its input format) is its Generator's; the rest is here, and
the same for all. Each puzzle is made in three steps:

1. a random solution grid: a few random givens that cannot clash with each other
   (Generator.seeds: the boxes on a diagonal; a squiggly's first row) completed by the
   engine's first solution;
2. givens removed in a random order, a symmetric group of cells at a time, a removal
   kept only while the puzzle stays unique (a count stopped at 2, as `--unique`, or,
   where the learning search checks them, "no solution but the grid": `Uniqueness`). One
   pass over the cells ends at a minimal puzzle: a given that could not go stays
   necessary as others go, since removing givens only adds solutions. With `clues`
   the pass stops at that many givens, and starts again on a fresh grid if it ends
   above;
3. with a difficulty band, the puzzle is rated (`queries.measure`, docs/difficulty.md)
   and changed step by step towards the band (`climb`).

Puzzle k of a run draws every random choice from its own random.Random seeded with
the bytes of "SEED:k" (`puzzle_seed`), so the puzzles do not depend on how many
processes make them, and since both engine twins find solutions in the same order with
the same node counts, they do not depend on the twin either.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import time

from .commands import generatable, generator
from .errors import DlxError, NodeLimitExceeded
from .exact_cover import DEFAULT_REASON, Budget, ExactCover
from .puzzles import Board, Generator, queries
from .puzzles.grid import Grid
from .strategies import KeptLearner

TYPE_CHECKING = False  # typing costs start-up time: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import Any, Optional

    from .pool import WorkerPool

    Band = tuple[Optional[int], Optional[int]]
    Span = tuple[int, int, Sequence[Sequence[int]]]
    """A window of a removal pass (`Window`): (the pass's number, the position of its
    first group, its groups)."""

SYMMETRIES = ("none", "rot180", "mirror")
MAX_TRIED = 10_000
"""Puzzles made (from fresh grids, or steps of `climb`) for one puzzle of the output
before giving up on a --clues or --difficulty that (nearly) no puzzle meets."""
CLIMB_STEPS = 1_000
"""Steps of `climb` from one grid before starting again from a fresh one."""
FILL_NODES = 50_000
"""Node limit for completing a squiggly's random first row: a layout that admits no
solution, or hides it deep, is dropped for a new one."""
FILL_BUDGET = Budget(node_limit=FILL_NODES, reason="singles")
"""The solution grid is DLX's first solution of the random seeds, whatever --reason."""
WINDOW = 16
"""Consecutive groups of a removal pass whose learning checks ask one Learner (`Window`):
on a minimal 25x25 sudoku (before KEPT_CLAUSES) 8 took 0.83 of the CPU of a fresh Learner
per check, 16 0.79, 32 0.90 (docs/performance.md, "Issue 29: local second solutions")."""
KEPT_CLAUSES = 2000
"""A Window's Learner deletes the worse half of its learned clauses (Learner.reduce)
before a check when it keeps more: its search reduces them only after 2,000 conflicts
of one query, which few checks reach, and a database grown over many checks made each
conflict dearer (a minimal 25x25: 0.72 of the fresh Learners' CPU without this, 0.63
with it; 500 did no better)."""


class GenerationFailed(DlxError):
    """No puzzle met the request among MAX_TRIED puzzles made."""


def sizes() -> tuple[int, ...]:
    """Every side --size may give, in the order of the commands that take it."""
    return tuple(dict.fromkeys(size for kind in generatable()
                               for size in generator_of(kind).sizes))


def generator_of(kind: str) -> Generator:
    """The Generator of a kind (a command that dlxcli.commands.generatable lists)."""
    maker = generator(kind)
    if maker is None:
        raise DlxError(f"dlxcli generate makes no {kind} puzzles")
    return maker


def fewest_givens(kind: str, size: int) -> tuple[int, str]:
    """(the fewest givens a puzzle of `kind` with one solution can have, why).

    Any kind with n symbols: if two symbols were missing from the givens, swapping
    them in a solution would give a second one, so at least n - 1 givens; stronger
    bounds where they are known (Generator.fewest)."""
    known = generator_of(kind).fewest
    bound = None if known is None else known(size)
    return bound or (size - 1, "with two symbols absent from the givens, swapping them "
                               "gives a second solution")


def impossible(request: Request) -> Optional[str]:
    """Why no puzzle can meet the request (a sentence), or None: fewer givens than any
    puzzle with one solution has; an odd number of givens on a sudoku of even side with
    a symmetry (no cell is its own image there, so givens come in pairs; squiggly and
    samurai pictures have an odd side); an excess below 0 (the uniqueness search visits
    at least the root and one node per empty cell)."""
    what = describe(Request(request.kind, request.size))
    if request.clues is not None:
        fewest, why = fewest_givens(request.kind, request.size)
        if request.clues < fewest:
            return (f"--clues {request.clues}: a {what} with one solution has at least "
                    f"{fewest} givens ({why})")
        if request.clues % 2 and request.symmetry != "none" and request.size % 2 == 0:
            return (f"--clues {request.clues} with --symmetry {request.symmetry}: the givens "
                    f"of a {what} come in pairs")
    if request.band is not None and request.band[1] is not None and request.band[1] < 0:
        return f"--difficulty with HIGH {request.band[1]}: the excess is never below 0"
    return None


class Request:
    """What to make: the command's kind, the side of a sudoku, the number of givens
    (None: minimal puzzles), the symmetry of the givens, a band (low, high) of the
    difficulty measure (None: any; either end None: open) and the run's seed.
    Picklable, for the worker processes."""

    __slots__ = ("kind", "size", "clues", "symmetry", "band", "seed", "reason")

    def __init__(self, kind: str, size: int = 9, clues: Optional[int] = None,
                 symmetry: str = "none", band: Optional[Band] = None,
                 seed: object = 0, reason: str = DEFAULT_REASON) -> None:
        self.kind, self.size, self.clues = kind, size, clues
        self.symmetry, self.band, self.seed = symmetry, band, seed
        self.reason = reason


# -- one puzzle ----------------------------------------------------------------------------

def make(request: Request, index: int, on_try: Optional[Callable[[int], object]] = None,
         on_check: Optional[Callable[[int, int], object]] = None,
         helpers: Optional[Helpers] = None) -> str:
    """The input text of puzzle `index` of the run (as `input_chunks` joins them).
    `on_try(n)` is told of every n puzzles tried (fresh grids, steps of `climb`),
    `on_check(givens, checks)` of every uniqueness check of a removal: the givens left
    after it and the checks of this puzzle so far (a terminal shows them). With
    `helpers`, the removal checks go to their processes ahead of their turn
    (`Speculation`); the puzzle is the same."""
    rng = random.Random(puzzle_seed(request.seed, index))
    tried, fewest = 0, None
    while tried < MAX_TRIED:
        tried += 1
        board = generator_of(request.kind).board(request.size, rng)
        solution = solution_grid(request.kind, board, rng)
        unique = (None if solution is None
                  else Uniqueness.of(request, board, solution, on_check, helpers))
        givens = None if unique is None else remove_givens(
            board, unique.solution, unique, rng, request.symmetry, request.clues)
        if givens is not None and request.clues is not None:
            left = len(givens) - givens.count(0)
            fewest = left if fewest is None else min(fewest, left)
            givens = givens if left == request.clues else None
        steps = 0
        if unique is not None and givens is not None and request.band is not None:
            givens, steps = climb(board, givens, unique, rng, request)
            tried += steps
        if on_try is not None:
            on_try(1 + steps)
        if givens is not None:
            return generator_of(request.kind).text(board, givens)
    closest = "" if fewest is None else f" (the fewest givens a try reached: {fewest})"
    raise GenerationFailed(f"puzzle {index + 1}: no {describe(request)} found among "
                           f"{MAX_TRIED:,} puzzles tried{closest}")


def puzzle_seed(seed: object, index: int) -> bytes:
    """The seed of puzzle `index`: the bytes of "SEED:index" (the same as seeding with
    that text, and a SEED of bytes that are not UTF-8, from the command line, is taken
    byte for byte)."""
    return f"{seed}:{index}".encode("utf-8", "surrogateescape")


def describe(request: Request) -> str:
    """E.g. '9x9 sudoku with 20 givens and excess 100..200'."""
    name = generator_of(request.kind).name
    what = request.kind if name is None else name(request.size)
    if request.clues is not None:
        what += f" with {request.clues} givens"
    if request.band is not None:
        low, high = request.band
        what += f" and excess {'' if low is None else low}..{'' if high is None else high}"
    return what


def climb(board: Board, givens: list[int], unique: Uniqueness, rng: random.Random,
          request: Request) -> tuple[Optional[list[int]], int]:
    """(a puzzle in the request's difficulty band, steps taken), or (None, steps) after
    CLIMB_STEPS steps without one.

    A local search from `givens`: each step gives back two random empty groups of
    cells (from the solution) and removes givens again in a random order; the new
    puzzle replaces the old one unless its measure is further from the band. Most
    random minimal 9x9 puzzles have an excess below 100 (docs/difficulty.md), so a
    band such as 1000: would almost never be met by drawing fresh ones."""
    distance = band_distance(board, givens, request.band)
    groups = symmetric_groups(board, request.symmetry)
    solution = unique.solution
    for step in range(CLIMB_STEPS):
        if distance == 0:
            return givens, step
        trial = list(givens)
        empty = [group for group in groups if not trial[group[0]]]
        for group in rng.sample(empty, min(2, len(empty))):
            for cell in group:
                trial[cell] = solution[cell]
        trial = remove_givens(board, trial, unique, rng, request.symmetry, request.clues)
        if request.clues is None or len(trial) - trial.count(0) == request.clues:
            moved = band_distance(board, trial, request.band)
            if moved <= distance:
                givens, distance = trial, moved
    return (givens if distance == 0 else None), CLIMB_STEPS


def band_distance(board: Board, givens: Sequence[int], band: Optional[Band]) -> int:
    """How far the puzzle's difficulty measure (queries.measure's excess) is from the
    band (low, high), either end None for open (None: no band): 0 inside."""
    _, excess, _, _ = queries.measure(board.grid, givens)
    low, high = band or (None, None)
    if low is not None and excess < low:
        return low - excess
    if high is not None and excess > high:
        return excess - high
    return 0


def remove_givens(board: Board, givens: Sequence[int], unique: Uniqueness,
                  rng: random.Random, symmetry: str, clues: Optional[int] = None) -> list[int]:
    """`givens` (a unique puzzle, or the whole solution) with more givens removed, in a
    random order of symmetric groups, while it stays unique (`unique` asks): minimal
    when `clues` is None; else stopped at `clues` givens, or where the pass ends above
    that."""
    givens = list(givens)
    left = len(givens) - givens.count(0)
    groups = [group for group in symmetric_groups(board, symmetry) if givens[group[0]]]
    order = rng.sample(groups, len(groups))
    checks = Removals(board, unique, order, clues)
    for position, group in enumerate(order):
        if clues is not None and left - len(group) < clues:
            continue
        kept = checks.keeps(givens, left, position)
        if kept:
            for cell in group:
                givens[cell] = 0
            left -= len(group)
        unique.checked(left)
        if kept and left == clues:
            return givens
    return givens


def without(givens: Sequence[int], group: Sequence[int]) -> list[int]:
    """`givens` with the cells of `group` emptied."""
    reduced = list(givens)
    for cell in group:
        reduced[cell] = 0
    return reduced


def surroundings(board: Board, group: Sequence[int]) -> list[frozenset[int]]:
    """The cell sets around `group` whose second solutions `Uniqueness.stays` looks for
    first (Board.near; none on a board of one grid)."""
    return board.near(group) if board.near else []


class Removals:
    """The checks of one pass of `remove_givens` over `order` (symmetric groups of
    cells): `keeps(givens, left, position)` says whether the puzzle `givens` (which
    has `left` givens and still holds group `position`) stays unique without it. Each
    check is made here, one after another, until the puzzle's checks have taken its
    helpers' probe time; then the rest of the pass is checked ahead on the helpers
    (`Speculation`). The verdicts are the same either way."""

    __slots__ = ("board", "unique", "order", "clues", "ahead", "number")

    def __init__(self, board: Board, unique: Uniqueness, order: Sequence[Sequence[int]],
                 clues: Optional[int]) -> None:
        self.board, self.unique, self.order, self.clues = board, unique, order, clues
        self.ahead: Optional[Speculation] = None
        self.number = next(_keys)
        """Tells this pass's windows from another pass's (`span`)."""

    def keeps(self, givens: Sequence[int], left: int, position: int) -> bool:
        if self.ahead is None and self.unique.helped():
            self.ahead = Speculation(self)
        if self.ahead is not None:
            return self.ahead.keeps(givens, left, position)
        group = self.order[position]
        return self.unique.timed_stays(without(givens, group), group,
                                       surroundings(self.board, group), self.span(position))

    def span(self, position: int) -> Span:
        """The window of the pass (`Window`) that holds group `position`."""
        start = position - position % WINDOW
        return self.number, start, self.order[start:start + WINDOW]


class Speculation:
    """The checks of the rest of a removal pass, made ahead on helper processes.

    The removals are sequential (each is checked against the givens kept so far), but
    near the end of a pass most are refused: so the next candidates of the pass, as
    many as there are helpers, are each checked against the current givens at once,
    and their verdicts taken in the pass's order. A refusal stays true for the rest of
    the pass: it found a second solution with more givens than any later puzzle of the
    pass keeps, and removing givens only adds solutions. An acceptance holds only for
    the givens it was checked with: once an earlier candidate is removed, the later
    ones found removable are checked again against the new givens. So every verdict is
    the one the pass made one after another would reach, and the puzzle is the same."""

    __slots__ = ("removals", "helpers", "refused", "accepted", "pending")

    def __init__(self, removals: Removals) -> None:
        self.removals = removals
        helpers = removals.unique.helpers
        assert helpers is not None
        self.helpers = helpers
        self.refused: set[int] = set()
        """Positions whose removal was refused (at some givens of this pass)."""
        self.accepted: dict[int, int] = {}
        """Position -> the givens left when its removal was found to keep the puzzle
        unique (true only while that many are left)."""
        self.pending: dict[int, int] = {}
        """Position -> the givens left when its check under way was sent."""

    def keeps(self, givens: Sequence[int], left: int, position: int) -> bool:
        while True:
            if position in self.refused:
                return False
            if self.accepted.get(position) == left:
                return True
            self.send(givens, left, position)
            self.take(*self.helpers.receive())

    def send(self, givens: Sequence[int], left: int, position: int) -> None:
        """Give the idle helpers the checks of the candidates from `position` on whose
        verdict at `left` givens is neither known nor under way."""
        order, clues = self.removals.order, self.removals.clues
        for ahead in range(position, len(order)):
            if self.helpers.busy() >= self.helpers.jobs:
                return
            group = order[ahead]
            if (ahead in self.refused or left in (self.pending.get(ahead),
                                                  self.accepted.get(ahead))
                    or clues is not None and left - len(group) < clues):
                continue
            self.helpers.submit((self, ahead, left), self.removals.unique,
                                without(givens, group), group,
                                surroundings(self.removals.board, group),
                                self.removals.span(ahead))
            self.pending[ahead] = left

    def take(self, tag: tuple[Speculation, int, int], kept: bool) -> None:
        """Note a helper's verdict (one of an earlier pass is dropped)."""
        owner, position, left = tag
        if owner is not self:
            return
        if self.pending.get(position) == left:
            del self.pending[position]
        if kept:
            self.accepted[position] = left
        else:
            self.refused.add(position)


class Helpers:
    """The worker processes (dlxcli.pool) on which the puzzles of a run, made one at a
    time here, have their removal checks made ahead (`Speculation`): `jobs` of them,
    started once a puzzle's checks made here have taken `probe` seconds (a puzzle
    done sooner never waits for processes to start), shared by the run's puzzles;
    `close` stops them. Where the system refuses them (a process limit, `ulimit -u`),
    the checks go on here, one after another: the same puzzles, later."""

    __slots__ = ("jobs", "probe", "pool", "tags", "refused")

    def __init__(self, jobs: int, probe: float) -> None:
        self.jobs, self.probe = jobs, probe
        self.pool: Optional[WorkerPool] = None
        self.tags: dict[int, Any] = {}
        """Ticket -> the tag of each check under way (those of finished passes too)."""
        self.refused = False
        """Whether the system refused to start the processes (they are not tried again)."""

    def busy(self) -> int:
        """Checks under way (a pass's that ended run on until they finish)."""
        return len(self.tags)

    def ready(self) -> bool:
        """Whether the checks may go to the helpers (once the probe time is spent)."""
        return True

    def started(self) -> bool:
        """Whether the checks go to the helpers now: they are ready and their processes
        run (started here if need be; False if the system refuses them)."""
        if self.pool is None:
            if self.refused or not self.ready():
                return False
            from .pool import CannotStart, WorkerPool
            try:
                self.pool = WorkerPool(self.jobs)
            except CannotStart:
                self.refused = True
                return False
        return True

    def submit(self, tag: Any, unique: Uniqueness, givens: Sequence[int],
               group: Sequence[int], around: Sequence[frozenset[int]], span: Span) -> None:
        """Check on a helper whether `givens`, from which `group` was removed, stay
        unique (Uniqueness.stays); `receive` gives its verdict with `tag`."""
        assert self.pool is not None  # started
        self.tags[self.pool.submit(check_task, unique, givens, group, around, span)] = tag

    def receive(self) -> tuple[Any, bool]:
        """(tag, verdict) of the next check to finish: a check that failed (a worker
        killed: pool.WorkerDied) raises its error."""
        assert self.pool is not None
        finished = self.pool.wait()
        assert finished is not None  # no timeout
        ticket, kept = finished
        return self.tags.pop(ticket), kept

    def close(self) -> None:
        """Stop the processes (a check under way is dropped)."""
        if self.pool is not None:
            self.pool.close()
            self.pool = None
        self.tags.clear()


_helped: tuple[Optional[str], Optional[Uniqueness]] = (None, None)
"""A helper process's (key, Uniqueness) of the puzzle it last checked: its problem is
built once a puzzle, not once a check."""


def check_task(unique: Uniqueness, givens: Sequence[int], group: Sequence[int],
               around: Sequence[frozenset[int]], span: Span) -> bool:
    """A helper's task: Uniqueness.stays, on the helper's own copy of `unique` (and its
    Window of `span`, kept from its last check when that was of the same window)."""
    return unique.stays(givens, group, around, span)


def _unpickled(key: str, definition: tuple) -> Uniqueness:
    """A Uniqueness sent to a helper process: the one it built from `definition` for
    this key already, or a new one (see Uniqueness.__reduce__)."""
    global _helped
    if _helped[0] != key:
        shape, *rest = definition
        _helped = (key, Uniqueness(Grid(*shape), *rest))
    assert _helped[1] is not None
    return _helped[1]


_keys = itertools.count()
"""Numbers the Uniqueness objects of this process (their `key`)."""


class Uniqueness:
    """The uniqueness checks of puzzles made from one solution grid: `second(givens,
    group)` says whether givens (a part of `solution`) have another solution too.

    With the learning search where it is asked for (--reason learn), and under auto on
    the sizes whose minimal puzzles DLX cannot prove (Generator.minimal_out_of_reach,
    25x25: a check can take DLX hours), a check is one question to a fresh Learner
    (ExactCover.other). When the puzzle was unique with the `group` just removed, any
    other solution differs from `solution` inside the group, so the question forbids
    only the group's values (one or two options), not the whole grid: a clause that
    propagates at once where the grid's, hundreds of options long, waits for all but
    one of them (bench/bench_minimal25.py measures both). Otherwise a check is a count
    stopped at 2 under the request's --reason. The verdicts are the same either way,
    so the puzzles do not depend on it.

    Picklable for a helper process (`Helpers`): what goes there is the grid's cells
    and units, the solution and the search to use, under a `key` by which the helper
    keeps the one it built."""

    __slots__ = ("grid", "solution", "reason", "budget", "learns", "on_check", "checks",
                 "helpers", "seconds", "key", "swaps", "switched", "window")

    def __init__(self, grid: Grid, solution: Sequence[int], reason: str, learns: bool,
                 on_check: Optional[Callable[[int, int], object]] = None,
                 helpers: Optional[Helpers] = None) -> None:
        self.grid, self.solution, self.reason = grid, solution, reason
        self.budget = Budget(reason=reason)
        self.learns = learns
        self.on_check, self.checks = on_check, 0
        self.helpers = helpers
        self.seconds = 0.0
        """Time the checks made here have taken (`helped`)."""
        self.key = f"{os.getpid()}:{next(_keys)}"
        self.swaps: Optional[Swaps] = None
        """The grid's Swaps (built at the first learning check)."""
        self.switched: Optional[ExactCover] = None
        """The grid's problem with WINDOW switches (`Window`; built with the first)."""
        self.window: Optional[Window] = None
        """The Window of the last learning check."""

    @classmethod
    def of(cls, request: Request, board: Board, solution: Sequence[int],
           on_check: Optional[Callable[[int, int], object]] = None,
           helpers: Optional[Helpers] = None) -> Uniqueness:
        """The checks of puzzles made on `board` from `solution` for `request`."""
        return cls(board.grid, solution, request.reason, learns(request), on_check, helpers)

    def __reduce__(self) -> tuple[Callable[..., Uniqueness], tuple]:
        grid = self.grid
        definition = ((grid.n_cells, grid.size, grid.units), self.solution, self.reason,
                      self.learns)
        return _unpickled, (self.key, definition)

    def helped(self) -> bool:
        """Whether the checks are to go to the helpers now: there are some, the checks
        made here have taken their probe time, and the helpers are ready and started."""
        return (self.helpers is not None and self.seconds >= self.helpers.probe
                and self.helpers.started())

    def checked(self, givens: int) -> None:
        """One more removal checked, `givens` left: tell `on_check`."""
        self.checks += 1
        if self.on_check is not None:
            self.on_check(givens, self.checks)

    def timed_stays(self, givens: Sequence[int], group: Sequence[int],
                    around: Sequence[frozenset[int]], span: Span) -> bool:
        """`stays`, its time added to `seconds`."""
        began = time.perf_counter()
        try:
            return self.stays(givens, group, around, span)
        finally:
            self.seconds += time.perf_counter() - began

    def stays(self, givens: Sequence[int], group: Sequence[int],
              around: Sequence[frozenset[int]], span: Span) -> bool:
        """True if `givens`, from which `group` (of the window `span` of its removal
        pass) was just removed, still have one solution.

        On a samurai a second solution usually differs from `solution` only in the
        grids around the group (`around`: Board.near), but the full search may have to
        try the choices it made in the other grids in every combination before it gets
        there (millions of nodes). So a second solution that keeps every cell outside
        those grids as in `solution` is looked for first; only when there is none does
        the full search decide."""
        for cells in around:
            local = [symbol or (0 if cell in cells else self.solution[cell])
                     for cell, symbol in enumerate(givens)]
            if self.second(local, group):
                return False
        return not self.second(givens, group, span)

    def second(self, givens: Sequence[int], group: Optional[Sequence[int]] = None,
               span: Optional[Span] = None) -> bool:
        """Whether `givens` have a solution other than `solution`; `group`: cells just
        removed from givens that had one solution (None: nothing is known), of the
        window `span` of its removal pass (None: on a fresh Learner). Before a
        learning search, a second solution that exchanges two symbols (`Swaps`) is
        looked for: a tenth of the refused removals of a minimal 25x25, found in some
        60 us a check instead of a search of 0.1 to 0.2 s on average."""
        if not self.learns:
            return queries.search(self.grid, givens, 2, self.budget) == 2
        if group is None:
            values = self.solution
        else:
            if self.swaps is None:
                self.swaps = Swaps(self.grid, self.solution)
            window = None if span is None else self.window_of(span, givens)
            if any(self.swaps.found(givens, cell) for cell in group):
                if window is not None:
                    window.refused(group)
                return True
            if window is not None:
                return window.other(givens, group)
            values = self.values(group)
        return self.grid.problem.other(self.grid.forced(givens), self.grid.forced(values),
                                       self.budget)

    def values(self, cells: Iterable[int]) -> list[int]:
        """The solution's symbols in `cells`, 0 elsewhere."""
        cells = set(cells)
        return [symbol if cell in cells else 0 for cell, symbol in enumerate(self.solution)]

    def window_of(self, span: Span, givens: Sequence[int]) -> Window:
        """The Window of `span` for a check of `givens`: the last one, if it is of that
        window and the same givens outside it, else a new one."""
        window = self.window
        if window is None or not window.serves(span, givens):
            if self.switched is None:
                self.switched = switched(self.grid, WINDOW)
            window = self.window = Window(self, span, givens)
        return window


def switched(grid: Grid, count: int) -> ExactCover:
    """The grid's problem with `count` switches: switch k is a new primary item k with
    two options, on (option n + 2k, n the grid's options) and off (n + 2k + 1), so that
    a query assumes it on or leaves it free."""
    n_primary, _, options, _, _ = grid.problem.definition
    switches = [[n_primary + k] for k in range(count) for _ in "on off".split()]
    return ExactCover(n_primary + count, 0, [*options, *switches])


class Window:
    """One Learner for the learning checks of WINDOW consecutive groups of a removal
    pass (its `span`), where a fresh one per check forgets what the checks before
    taught it.

    Its facts (a KeptLearner's forced options) are the givens outside the window, the
    same for every check of it: the pass removes givens of the window's groups only
    while it checks them. A check forces the window's other groups still given, as
    assumptions, and forbids its own group's values by a clause switched on for it
    alone: "not all of the group's values and switch k" is added for each group k
    once, and the check assumes switch k on (`switched`). So all that the Learner
    learns follows from the rules, the facts and these clauses, and holds for every
    check of the window: it keeps it, where a fresh Learner learned it again. A group
    found refused stays given to the end of the pass (removing givens only adds
    solutions), so its cells are made facts too (`refused`): fewer assumptions. The
    verdicts are the fresh Learners', so the puzzles are the same; on four minimal 25x25
    sudokus the passes took 0.55 to 0.97 of the fresh Learners' CPU, 0.86 in all
    (docs/performance.md, "Issue 29: local second solutions")."""

    __slots__ = ("unique", "span", "outside", "kept")

    def __init__(self, unique: Uniqueness, span: Span, givens: Sequence[int]) -> None:
        self.unique, self.span = unique, span
        self.outside = self.facts(givens)
        grid, problem = unique.grid, unique.switched
        assert problem is not None
        self.kept = KeptLearner(problem, grid.forced(self.outside))
        for k, group in enumerate(span[2]):
            self.forbid([self.switch(k), *grid.forced(unique.values(group))])

    def facts(self, givens: Sequence[int]) -> list[int]:
        """`givens` outside the window's groups."""
        inside = {cell for group in self.span[2] for cell in group}
        return [0 if cell in inside else symbol for cell, symbol in enumerate(givens)]

    def serves(self, span: Span, givens: Sequence[int]) -> bool:
        """Whether a check of `givens` in the window `span` can ask this Window."""
        return span[:2] == self.span[:2] and self.facts(givens) == self.outside

    def switch(self, k: int) -> int:
        """The option that turns group k's clause on."""
        return len(self.unique.grid.problem.definition[2]) + 2 * k

    def forbid(self, options: Sequence[int]) -> None:
        """No solution of a later check holds all of `options` (of the switched problem)."""
        inside = self.kept.remainder.inside(options)
        if inside is not None and self.kept.learner is not None:
            self.kept.learner.forbid(inside)

    def other(self, givens: Sequence[int], group: Sequence[int]) -> bool:
        """Whether `givens`, from which `group` of the window was just removed, have a
        solution other than the solution grid (Uniqueness.second)."""
        unique, learner = self.unique, self.kept.learner
        assert unique.switched is not None
        if learner is not None and learner.clauses > KEPT_CLAUSES:
            learner.reduce()
        k = list(self.span[2]).index(group)
        forced = [self.switch(k), *unique.grid.forced(givens)]
        found = unique.switched.other(forced, None, unique.budget, kept=self.kept)
        if found:
            self.refused(group)
        return found

    def refused(self, group: Sequence[int]) -> None:
        """`group`'s removal was refused: its cells are facts from now on (each cell's
        other options forbidden)."""
        grid, solution = self.unique.grid, self.unique.solution
        for cell in group:
            for symbol in range(1, grid.size + 1):
                if symbol != solution[cell]:
                    self.forbid([grid.option(cell, symbol)])


class Swaps:
    """The second solutions of a grid that exchange two symbols v and w in some of its
    cells: `found(givens, cell)` says whether one changes `cell` and no given.

    Exchanging v and w at a cell x (holding v, say) takes the cell holding w in each
    unit of x along, and so on from those: the cells reached (`_closed`) are a set S in
    which every unit's v and w cells are both or neither, so exchanging v and w on S
    leaves each unit holding each symbol once, a solution, another one since it
    changes the cell; and it keeps the givens if S holds none. The classic unavoidable
    sets of sudoku (the rectangle of four cells on two symbols, and larger). An exact
    answer: a refusal found so is one the search would find, and the puzzles are the
    same. On minimal 25x25 sudokus (seeds 1 and 2 of bench/bench_minimal25.py) 28 of
    269 and 17 of 268 refusals were such swaps, 8% and 6% of the refusals' search time,
    for 0.04 s of tests a puzzle."""

    __slots__ = ("solution", "symbols", "units_of", "holder")

    def __init__(self, grid: Grid, solution: Sequence[int]) -> None:
        self.solution, self.symbols = solution, range(1, grid.size + 1)
        self.units_of: list[list[int]] = [[] for _ in solution]
        self.holder: list[list[int]] = []
        """unit -> symbol -> the cell of that unit holding it in `solution`."""
        for u, unit in enumerate(grid.units):
            holds = [0] * (grid.size + 1)
            for cell in unit:
                self.units_of[cell].append(u)
                holds[solution[cell]] = cell
            self.holder.append(holds)

    def found(self, givens: Sequence[int], cell: int) -> bool:
        v = self.solution[cell]
        return any(self._closed(givens, cell, v, w) for w in self.symbols if w != v)

    def _closed(self, givens: Sequence[int], cell: int, v: int, w: int) -> bool:
        """Whether the cells that exchanging v and w at `cell` takes along hold no given."""
        solution, units_of, holder = self.solution, self.units_of, self.holder
        seen, reached = {cell}, [cell]
        while reached:
            x = reached.pop()
            if givens[x]:
                return False
            other = w if solution[x] == v else v
            for u in units_of[x]:
                y = holder[u][other]
                if y not in seen:
                    seen.add(y)
                    reached.append(y)
        return True


def learns(request: Request) -> bool:
    """Whether the request's uniqueness checks are the learning search's."""
    out_of_reach = request.size in generator_of(request.kind).minimal_out_of_reach
    return request.reason == "learn" or (request.reason == DEFAULT_REASON and out_of_reach)


def symmetric_groups(board: Board, symmetry: str) -> list[list[int]]:
    """The cells as groups that are given or empty together: each cell with its image
    under a half turn of the picture (rot180) or its mirror image across the vertical
    axis (mirror); alone for none."""
    last = board.extent - 1
    image = {"none": lambda r, c: (r, c), "rot180": lambda r, c: (last - r, last - c),
             "mirror": lambda r, c: (r, last - c)}[symmetry]
    cell_at = {position: cell for cell, position in enumerate(board.positions)}
    groups: dict[int, list[int]] = {}
    for cell, (row, col) in enumerate(board.positions):
        partner = cell_at[image(row, col)]
        groups.setdefault(min(cell, partner), sorted({cell, partner}))
    return list(groups.values())


# -- solution grids ---------------------------------------------------------------------

def solution_grid(kind: str, board: Board, rng: random.Random) -> Optional[list[int]]:
    """A random solution of the board (symbols per cell), or None if the random start
    has none the search finds within FILL_NODES nodes."""
    seeds = generator_of(kind).seeds(board, rng)
    try:
        found = board.grid.problem.first(forced=board.grid.forced(seeds),
                                         budget=FILL_BUDGET)
    except NodeLimitExceeded:
        return None
    return None if found is None else board.grid.decode(found)


# -- writing ---------------------------------------------------------------------------------

def input_chunks(kind: str, count: int, texts: Iterable[str]) -> Iterator[str]:
    """The pieces of one input holding `count` puzzles (texts in order): the kind's
    header first (a squiggly's number of cases) and its separator between puzzles
    (a squiggly's empty line)."""
    maker = generator_of(kind)
    if maker.header is not None:
        yield maker.header(count)
    for k, text in enumerate(texts):
        yield input_piece(kind, k, text)


def input_piece(kind: str, k: int, text: str) -> str:
    """Puzzle k's part (from 0) of an input: the kind's separator before all but the
    first (a squiggly's empty line)."""
    return (generator_of(kind).between if k else "") + text


def make_task(task: tuple[Request, int]) -> tuple[str, int]:
    """`make` for a worker pool: a task is (request, index); returns (the text, the
    puzzles tried). With `Reports` (set_up_worker), its checks are reported there; with
    a `Tail`, its checks go to helper processes of this worker once the run's other
    workers have no puzzle left to make (TailHelpers)."""
    tried: list[int] = []
    request, index = task
    reports, tail = _reports, _tail
    on_check = None if reports is None else functools.partial(reports.write, index)
    helpers = None if tail is None else TailHelpers(tail)
    try:
        text = make(request, index, tried.append, on_check, helpers)
    finally:
        if helpers is not None:
            helpers.close()
        if reports is not None:
            reports.clear(index)
        if tail is not None:
            tail.made()
    return text, sum(tried)


class Tail:
    """The puzzles of a run on `cores` worker processes, a puzzle each, not made yet
    (`left`, shared by the processes). Once fewer are left than there are workers,
    every one left is under way and some workers have nothing to do: the run's tail,
    where the cores wait for one slow puzzle (six minimal 25x25 sudokus on two cores
    kept them busy 79% of the wall time, docs/performance.md). Then each puzzle under
    way takes its `share` of the cores for helper processes of its own (TailHelpers),
    after `probe` seconds of checks made one after another, as `Helpers` do."""

    __slots__ = ("cores", "probe", "left")

    def __init__(self, cores: int, count: int, probe: float) -> None:
        import multiprocessing
        self.cores, self.probe = cores, probe
        self.left = multiprocessing.Value("q", count)

    def made(self) -> None:
        """One more puzzle made."""
        with self.left.get_lock():
            self.left.value -= 1

    def share(self) -> int:
        """The cores each puzzle under way may use now: 1 while no worker is idle."""
        left = self.left.value
        return self.cores // left if 0 < left < self.cores else 1


class TailHelpers(Helpers):
    """The helpers of a puzzle made on a worker process of a run (`make_task`): ready
    once the puzzle's share of the run's cores (`Tail.share`) is two or more (one
    helper would make the checks as this process does, and the coordination on
    top), as many as that share; fixed once started. The worker itself then mostly
    waits for their verdicts (`Speculation`), so the run keeps its cores busy."""

    __slots__ = ("tail",)

    def __init__(self, tail: Tail) -> None:
        super().__init__(1, tail.probe)
        self.tail = tail

    def ready(self) -> bool:
        if self.pool is None:
            self.jobs = self.tail.share()
        return self.jobs >= 2


class Reports:
    """Where puzzles made on worker processes (`make_task`) report their progress, for
    a display to read: `window` slots of a shared array, each (puzzle index + 1, givens
    left, checks done), puzzle k in slot k % window (a run keeps fewer than `window`
    consecutive puzzles under way: pool.AHEAD per worker)."""

    __slots__ = ("window", "slots")

    def __init__(self, window: int) -> None:
        import multiprocessing
        self.window = window
        self.slots = multiprocessing.RawArray("q", 3 * window)

    def write(self, index: int, givens: int, checks: int) -> None:
        base = 3 * (index % self.window)
        self.slots[base + 1], self.slots[base + 2] = givens, checks
        self.slots[base] = index + 1

    def clear(self, index: int) -> None:
        """Puzzle `index` is made: no more reports of it."""
        base = 3 * (index % self.window)
        if self.slots[base] == index + 1:
            self.slots[base] = 0

    def read(self, index: int) -> Optional[tuple[int, int]]:
        """(givens left, checks done) of puzzle `index`, or None if it is not under way
        or has not checked a removal yet (another puzzle's figures are never read as
        its: the slot's index is read before and after them)."""
        base = 3 * (index % self.window)
        if self.slots[base] != index + 1:
            return None
        figures = self.slots[base + 1], self.slots[base + 2]
        return figures if self.slots[base] == index + 1 else None


_reports: Optional[Reports] = None
"""A worker process's Reports (set_up_worker), or None."""
_tail: Optional[Tail] = None
"""A worker process's Tail (set_up_worker), or None."""


def set_up_worker(reports: Reports, tail: Optional[Tail] = None) -> None:
    """Pool initializer: make_task reports the puzzles' progress to `reports`, and
    helps the run's tail with `tail` (its pool must be `nested`)."""
    global _reports, _tail
    _reports, _tail = reports, tail
