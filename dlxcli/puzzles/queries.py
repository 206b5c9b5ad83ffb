"""The questions a puzzle setter asks, answered alike by every grid command: how many
solutions, whether exactly one, all of them, whether the givens are minimal, and a
difficulty measure read off the search.

Layer: puzzles. The options are declared here once and listed in each command's
COMMAND; they all set the `query` setting (whose default, each command's judge output,
lives in its solve_text), except `--limit`, which sets `limit`. A grid command asks
`answer` for the JSON record of each puzzle and its lines (into an Output, which
streams `--all` lists), telling it how to show one solution in the command's own
format (for `--all`). The line formats,
the JSON records and the measure are documented in docs/queries.md and
docs/difficulty.md.

Everything is a search on the puzzle's Grid with its givens forced:

* count    `count(limit=K)`: exact, or stopped after K solutions;
* unique   a count stopped at 2: "none", "unique" or "multiple";
* minimal  for a unique puzzle, one such count per given with that given left out: the
           givens whose puzzle is still unique are removable (none: minimal);
* rate     the nodes of the uniqueness search of a unique puzzle, less the nodes of a
           search that never has to guess.
"""

from __future__ import annotations

import time

from ..exact_cover import UNLIMITED, Budget, Stats
from . import Option

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import Any

    from . import Output
    from .grid import Grid

    Record = dict[str, Any]
    Show = Callable[[list[int]], tuple[list[str], Any]]

VERDICTS = ("none", "unique", "multiple")
"""The uniqueness verdict of a puzzle by its solutions counted up to 2."""


FIRST, ALL, COUNT, UNIQUE, MINIMAL, RATE = (
    Option([f"--{query}"], "query", value=query, help=help) for query, help in (
        ("first", "Print the first solution found, unchecked for uniqueness."),
        ("all", "Print every solution (at most --limit; docs/queries.md)."),
        ("count", "Print the number of solutions ('>=K' where --limit K stopped it)."),
        ("unique", "Print whether each puzzle has one solution: unique, multiple, none."),
        ("minimal", "Print minimal, or the givens that could go (rRcC), of a unique puzzle."),
        ("rate", "Print a difficulty measure of a unique puzzle: excess=E nodes=N empty=K "
                 "(docs/difficulty.md).")))
"""The query flags: each sets the `query` setting to its own name."""
LIMIT = Option(["--limit"], "limit", minimum=1,
               help="With --count or --all: stop after K solutions.")

GRID_QUERIES = (ALL, COUNT, LIMIT, UNIQUE, MINIMAL, RATE)
"""The query options of a grid command; one whose judge output checks uniqueness adds
FIRST in front."""
RECORDS = ("count", "unique", "minimal", "rate")
"""The queries answered by `record` and `line` (the others print solutions)."""


def search(grid: Grid, givens: Sequence[int], limit: int | None, budget: Budget = UNLIMITED,
           stats: Stats | None = None) -> int:
    """The number of solutions of `givens` on `grid`, counted up to `limit` (None: all)."""
    return grid.problem.count(forced=grid.forced(givens), limit=limit, budget=budget,
                              stats=stats)


def verdict(grid: Grid, givens: Sequence[int], budget: Budget = UNLIMITED,
            stats: Stats | None = None) -> str:
    """'none', 'unique' or 'multiple'."""
    return VERDICTS[search(grid, givens, 2, budget, stats)]


def solutions(grid: Grid, givens: Sequence[int], limit: int | None = None,
              budget: Budget = UNLIMITED, stats: Stats | None = None) -> Iterator[list[int]]:
    """Every solution (option numbers, as the engine gives them), at most `limit`, as
    the search finds them."""
    return grid.problem.solutions(forced=grid.forced(givens), limit=limit, budget=budget,
                                  stats=stats)


def removable(grid: Grid, givens: Sequence[int], budget: Budget = UNLIMITED,
              stats: Stats | None = None) -> list[int]:
    """The cells of the givens that can each be left out with the puzzle still unique
    (of a unique puzzle: leaving a given out can only add solutions), in cell order."""
    cells = [cell for cell, symbol in enumerate(givens) if symbol]
    return [cell for cell, found in zip(cells, removal_counts(grid, givens, cells, budget,
                                                              stats))
            if found == 1]


def removal_counts(grid: Grid, givens: Sequence[int], cells: Sequence[int], budget: Budget,
                   stats: Stats | None) -> Iterator[int]:
    """The solutions of `givens` without each of `cells` in turn, counted up to 2, in
    order. The counts are independent of each other: when the budget's split has
    several local jobs (--jobs N on one puzzle), those left after its probe time (a
    small puzzle is done before) are counted on a pool of that many processes."""
    jobs = _local_jobs(budget)
    began = time.perf_counter()
    for k, cell in enumerate(cells):
        if jobs > 1 and time.perf_counter() - began >= budget.split.probe:  # type: ignore
            yield from _pooled_counts(grid, givens, cells[k:], budget, stats, jobs)
            return
        yield search(grid, _without(givens, cell), 2, budget, stats)


def _local_jobs(budget: Budget) -> int:
    """The local processes a budget's split offers independent searches: its jobs, but
    1 where the searches must run here (no split, a Dask scheduler, --trace,
    --estimate)."""
    split = budget.split
    if (split is None or getattr(split, "scheduler", None) or budget.trace is not None
            or budget.estimate is not None):
        return 1
    return getattr(split, "jobs", 1)


TICK = 0.2
"""Seconds between looks at the time limit while the pool counts."""


def _pooled_counts(grid: Grid, givens: Sequence[int], cells: Sequence[int], budget: Budget,
                   stats: Stats | None, jobs: int) -> Iterator[int]:
    """`removal_counts` of `cells` on a pool of `jobs` processes (dlxcli.pool), each
    search under the budget's node limit and reason; the time limit is kept here. A
    worker that dies fails the query (pool.WorkerDied)."""
    from ..pool import WorkerPool
    shape = (grid.n_cells, grid.size, grid.units)
    with WorkerPool(jobs) as pool:
        counted = pool.in_order(_count_without,
                                ((shape, givens, cell, budget.node_limit, budget.reason)
                                 for cell in cells),
                                budget.check, TICK)
        for done, (found, cost) in enumerate(counted, 1):
            budget.tally(stats, cost)
            if budget.progress is not None:
                budget.progress(done / len(cells), cost.nodes, 0)
            yield found


def _without(givens: Sequence[int], cell: int) -> list[int]:
    reduced = list(givens)
    reduced[cell] = 0
    return reduced


_shaped: tuple[Any, Any] = (None, None)
"""A pool worker's (shape, Grid) of the puzzle it last counted: built once a query."""


def _count_without(task: tuple[tuple[int, int, list[list[int]]], Sequence[int], int,
                               int | None, str]) -> tuple[int, Stats]:
    """A pool worker's task (shape, givens, cell, node limit, reason): the solutions of
    `givens` without `cell`, up to 2, on the grid of cells and units `shape`, with the
    Stats of the search."""
    global _shaped
    shape, givens, cell, node_limit, reason = task
    if _shaped[0] != shape:
        from .grid import Grid as Shaped
        _shaped = (shape, Shaped(*shape))
    cost = Stats()
    found = search(_shaped[1], _without(givens, cell), 2,
                   Budget(node_limit=node_limit, reason=reason), cost)
    return found, cost


def measure(grid: Grid, givens: Sequence[int], budget: Budget = UNLIMITED,
            stats: Stats | None = None) -> tuple[str, int, int, int]:
    """(verdict, excess, nodes, empty) of a puzzle: the nodes of its uniqueness search,
    and how many of them a search that never guesses would not visit.

    Such a search visits the root and one node per empty cell (every item it branches
    on has one option left: a naked or hidden single), so `nodes - empty - 1` is the
    number of nodes spent on guesses that failed and on proving that no other branch
    holds a second solution; it is 0 exactly when singles alone solve the puzzle.
    The measure is DLX's: its search runs under --reason singles whatever the budget's
    (--reason learn refuses --rate: dlxcli.commands.learn_refused)."""
    own = Stats()
    try:
        found = search(grid, givens, 2, budget.reasoning("singles"), own)
    finally:  # a search a limit stopped counts in too
        if stats is not None:
            stats.add(own)
    empty = sum(1 for symbol in givens if not symbol)
    return VERDICTS[found], own.nodes - empty - 1, own.nodes, empty


RECORD_KEYS = ("count", "exact", "verdict", "removable", "excess", "nodes", "empty",
               "solutions")
"""The keys of every puzzle's JSON record, whatever the query: None where the query
does not answer them (docs/json.md, "query record")."""


def record(grid: Grid, givens: Sequence[int], query: str, names: Sequence[str],
           limit: int | None = None, budget: Budget = UNLIMITED,
           stats: Stats | None = None) -> Record:
    """The answer of one puzzle to a query of RECORDS, as a JSON record; `names` gives
    the name of every cell (for removable givens)."""
    answered = dict.fromkeys(RECORD_KEYS)
    if query == "count":
        found = search(grid, givens, limit, budget, stats)
        answered.update(count=found, exact=limit is None or found < limit)
    elif query == "unique":
        answered["verdict"] = verdict(grid, givens, budget, stats)
    elif query == "minimal":
        unique = verdict(grid, givens, budget, stats)
        if budget.estimate is not None:  # "none" is not an answer: see as_if_unique
            budget.estimate.as_if_unique()
        cells = (removable(grid, givens, budget, stats)
                 if unique == "unique" or budget.estimate is not None else None)
        answered.update(verdict=unique,
                        removable=None if cells is None else [names[cell] for cell in cells])
    else:
        unique, excess, nodes, empty = measure(grid, givens, budget, stats)
        answered["verdict"] = unique
        if unique == "unique":
            answered.update(excess=excess, nodes=nodes, empty=empty)
    return answered


def answer(grid: Grid, givens: Sequence[int], query: str, names: Sequence[str], show: Show,
           out: Output, limit: int | None = None, budget: Budget = UNLIMITED,
           stats: Stats | None = None, heading: str | None = None) -> Record:
    """The JSON record of one puzzle, its output lines written to `out` (an Output):
    for `--all` the lines of every solution as `show(solution)` gives them (with its
    JSON value), each as soon as it is found, then an empty line that ends the
    puzzle's list; for the other queries the record's one line. `heading` (e.g.
    "Case 3:") goes on a line of its own above a list, in front of a record's line."""
    if query == "all":
        return listed(grid, givens, show, out, limit, budget, stats, heading)
    answered = record(grid, givens, query, names, limit, budget, stats)
    out.add([f"{heading} {line(answered, query)}" if heading else line(answered, query)])
    return answered


def listed(grid: Grid, givens: Sequence[int], show: Show, out: Output, limit: int | None,
           budget: Budget, stats: Stats | None, heading: str | None = None) -> Record:
    """`--all` on one puzzle (see `answer`): its record counts the solutions, and lists
    their JSON values only when `out` keeps its lines (a streamed list keeps nothing)."""
    if heading:
        out.add([heading])
    values: list[Any] | None = [] if out.keeps else None
    count = 0
    for found in solutions(grid, givens, limit, budget, stats):
        lines, value = show(found)
        out.add(lines)
        count += 1
        if values is not None:
            values.append(value)
    out.add([""])
    answered = dict.fromkeys(RECORD_KEYS)
    answered.update(solutions=values, count=count)
    return answered


def line(record: Record, query: str) -> str:
    """The output line of one puzzle's record for a query of RECORDS (without its line
    end)."""
    if query == "count":
        return f"{record['count']}" if record["exact"] else f">={record['count']}"
    if query == "unique" or record["verdict"] != "unique":
        return record["verdict"]
    if query == "minimal":
        return " ".join(["removable", *record["removable"]]) if record["removable"] else "minimal"
    return f"excess={record['excess']} nodes={record['nodes']} empty={record['empty']}"


def cell_names(positions: Iterable[tuple[int, int]]) -> list[str]:
    """'rRcC' (1-based) for every cell, from its (row, column) position."""
    return [f"r{row + 1}c{col + 1}" for row, col in positions]
