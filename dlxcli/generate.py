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

import random

from .commands import generatable, generator
from .errors import DlxError, NodeLimitExceeded
from .exact_cover import DEFAULT_REASON, Budget
from .puzzles import Board, Generator, queries

TYPE_CHECKING = False  # typing costs start-up time: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import Optional

    Band = tuple[Optional[int], Optional[int]]

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
         on_check: Optional[Callable[[int, int], object]] = None) -> str:
    """The input text of puzzle `index` of the run (as `input_chunks` joins them).
    `on_try(n)` is told of every n puzzles tried (fresh grids, steps of `climb`),
    `on_check(givens, checks)` of every uniqueness check of a removal: the givens left
    after it and the checks of this puzzle so far (a terminal shows them)."""
    rng = random.Random(puzzle_seed(request.seed, index))
    tried, fewest = 0, None
    while tried < MAX_TRIED:
        tried += 1
        board = generator_of(request.kind).board(request.size, rng)
        solution = solution_grid(request.kind, board, rng)
        unique = None if solution is None else Uniqueness(request, board, solution, on_check)
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
    solution = unique.solution
    givens = list(givens)
    left = len(givens) - givens.count(0)
    groups = [group for group in symmetric_groups(board, symmetry) if givens[group[0]]]
    for group in rng.sample(groups, len(groups)):
        if clues is not None and left - len(group) < clues:
            continue
        for cell in group:
            givens[cell] = 0
        kept = stays_unique(board, givens, unique, group)
        if kept:
            left -= len(group)
        else:
            for cell in group:
                givens[cell] = solution[cell]
        unique.checked(left)
        if kept and left == clues:
            return givens
    return givens


def stays_unique(board: Board, givens: Sequence[int], unique: Uniqueness,
                 group: Sequence[int]) -> bool:
    """True if `givens`, from which `group` was just removed, still have one solution.

    On a samurai a second solution usually differs from `solution` only in the grids
    around the group, but the full search may have to try the choices it made in the
    other grids in every combination before it gets there (millions of nodes). So a
    second solution that keeps every cell outside those grids as in `solution` is
    looked for first; only when there is none does the full search decide."""
    solution = unique.solution
    for around in board.near(group) if board.near else ():
        local = [symbol or (0 if cell in around else solution[cell])
                 for cell, symbol in enumerate(givens)]
        if unique.second(local, group):
            return False
    return not unique.second(givens, group)


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
    so the puzzles do not depend on it."""

    __slots__ = ("grid", "solution", "budget", "learns", "on_check", "checks")

    def __init__(self, request: Request, board: Board, solution: Sequence[int],
                 on_check: Optional[Callable[[int, int], object]] = None) -> None:
        self.grid, self.solution = board.grid, solution
        self.budget = Budget(reason=request.reason)
        self.learns = learns(request)
        self.on_check, self.checks = on_check, 0

    def checked(self, givens: int) -> None:
        """One more removal checked, `givens` left: tell `on_check`."""
        self.checks += 1
        if self.on_check is not None:
            self.on_check(givens, self.checks)

    def second(self, givens: Sequence[int], group: Optional[Sequence[int]] = None) -> bool:
        """Whether `givens` have a solution other than `solution`; `group`: cells just
        removed from givens that had one solution (None: nothing is known)."""
        if not self.learns:
            return queries.search(self.grid, givens, 2, self.budget) == 2
        cells = range(len(self.solution)) if group is None else group
        values = [self.solution[cell] if cell in cells else 0
                  for cell in range(len(self.solution))]
        return self.grid.problem.other(self.grid.forced(givens), self.grid.forced(values),
                                       self.budget)


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
    puzzles tried)."""
    tried: list[int] = []
    text = make(*task, on_try=tried.append)
    return text, sum(tried)
