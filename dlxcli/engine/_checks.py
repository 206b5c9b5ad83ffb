"""The checks of the engine's arguments, made once for both twins.

Layer: engine. `engine.Solver` is each twin's Solver behind these checks (`checked`):
every argument that comes from outside (the problem, the forced options, a budget, a
floor) is checked here, and the twin is handed clean lists of plain ints. The twins
check nothing of it again: the C twin (`_dlx.c`) would index its arrays with a bad item
and crash, which is why nothing in dlxcli reaches a twin's own Solver but through
`checked` (tests/conftest.py's `twin` fixture too). Every message names what was wrong
and what was expected; all are `dlxcli.errors.ProblemError`s (`ProblemTooLarge` for a
problem over MAX_NODES).

The common case is checked in bulk (the types, ranges and repeats of every item at
once, in C loops behind `map` and `set`), and only a problem that fails it is walked
option by option for the first error and its message: checking a 25x25 sudoku's 62,500
entries this way costs a few milliseconds.
"""

from __future__ import annotations

from itertools import chain

from ..errors import ProblemError, ProblemTooLarge

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs start-up: mypy alone reads this
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any, Optional, Protocol

    from ._dlx import Learner as CheckedLearner
    from ._dlx import Solver as CheckedSolver

    Problem = tuple[int, int, list[list[int]], Optional[list[int]], Optional[list[list[int]]]]
    """A problem as the twins take it: checked, plain ints, colors None when all are 0."""

    class TwinSolver(Protocol):
        """What `checked` needs of a twin's Solver class (see _dlx.pyi for the whole)."""

        n_options: int

        def __init__(self, n_primary: int, n_secondary: int, options: list[list[int]],
                     weights: list[int] | None = None,
                     colors: list[list[int]] | None = None) -> None: ...

        def start(self, forced: Sequence[int] = (), first_item: bool = False,
                  maximize: bool = False) -> None: ...

        def run(self, budget: int, count_only: bool = False) -> int: ...

        def set_floor(self, weight: int) -> None: ...

        def set_memo(self, mode: int, max_bytes: int) -> None: ...

        def set_split(self, on: bool) -> None: ...

        def keep_memo(self, keep: bool) -> None: ...

    class TwinLearner(Protocol):
        """What `checked_learner` needs of a twin's Learner class (see _dlx.pyi)."""

        n_options: int

        def __init__(self, n_primary: int, n_secondary: int, options: list[list[int]],
                     colors: list[list[int]] | None = None) -> None: ...

        def start(self, assumptions: Sequence[int] = ()) -> None: ...

        def run(self, budget: int) -> int: ...

        def forbid(self, options: Sequence[int]) -> None: ...

        def learnts(self, max_len: int, max_lbd: int) -> list[list[int]]: ...

        def add_clauses(self, clauses: Sequence[Sequence[int]]) -> None: ...

MAX_NODES = 50_000_000
"""Refuse problems whose node table (items + 2 heads + option entries + one spacer per
option) is larger: the C twin's arrays are indexed by C ints."""
WEIGHT_LIMIT = 2**31
"""Weights w are integers with |w| below this (the C twin adds them in 64 bits)."""
COLOR_LIMIT = 2**31
"""Colors are 0 (none) or positive integers below this (the C twin's `int`)."""
FLOOR_LIMIT = 2**62
"""A maximize search's floor f is an integer with |f| below this."""
INT_LIMIT = 2**31 - 1
"""The C twin's largest int: a larger bound on a clause's length or LBD is taken as it."""
BUDGET_LIMIT = 2**63 - 1
"""A larger budget of nodes is taken as this one: no search comes near it."""


def as_int(value: object) -> int | None:
    """`value` as a plain int if it is an integer, else None; a bool is not one (True is
    not an item, a color or a count)."""
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else None


def problem_args(n_primary: object, n_secondary: object, options: Iterable[Iterable[object]],
                 weights: Iterable[object] | None = None,
                 colors: Iterable[Iterable[object]] | None = None) -> Problem:
    """The problem checked, or a ProblemError naming its first fault (TypeError when
    `options`, `weights` or `colors` is not iterable at all)."""
    n1 = item_count("n_primary", n_primary)
    n2 = item_count("n_secondary", n_secondary)
    n_items = n1 + n2
    if n_items + 2 > MAX_NODES:
        raise ProblemTooLarge(_too_large(f"more than {MAX_NODES}"))
    items = _options(options, n_items)
    size = n_items + 2 + sum(map(len, items)) + len(items)
    if size > MAX_NODES:
        raise ProblemTooLarge(_too_large(size))
    return n1, n2, items, _weights(weights, len(items)), _colors(colors, items, n1)


def item_count(name: str, value: object) -> int:
    """A number of items: a non-negative integer."""
    count = as_int(value)
    if count is None or count < 0:
        raise ProblemError(f"{name} must be a non-negative integer, not {value!r}")
    return count


def _too_large(size: object) -> str:
    return (f"problem needs {size} nodes; the limit is {MAX_NODES} "
            "(items + option entries + options)")


def _options(options: Iterable[Iterable[object]], n_items: int) -> list[list[int]]:
    """The options as lists of plain ints, checked in bulk (see the top of this file);
    the first faulty option, if any, is then found option by option. A list of lists
    that passes is handed on as it is: the twins change nothing in it."""
    items = _listed(options, n_items)
    if 0 not in map(len, items) and _plain_and_distinct(items, n_items):
        return items
    return [_option_items(j, listed, n_items) for j, listed in enumerate(items)]


def _listed(options: Iterable[Iterable[object]], n_items: int) -> list[list[Any]]:
    """`options` as a list of lists (itself, if it is one: copying 15,625 options costs
    a millisecond); a ProblemError for the first faulty option if one is not iterable."""
    if type(options) is list and set(map(type, options)) <= {list}:
        return options
    items: list[list[Any]] = []
    every_option = iter(options)
    try:
        for option in every_option:
            items.append(list(option))
    except TypeError:
        for j, listed in enumerate(items):
            _option_items(j, listed, n_items)
        raise ProblemError(f"option {len(items)} is not a sequence of items") from None
    return items


def _plain_and_distinct(items: list[list[Any]], n_items: int) -> bool:
    """Whether every item is a plain int in 0..n_items-1, none twice in an option."""
    every = list(chain.from_iterable(items))
    return not every or (set(map(type, every)) == {int} and min(every) >= 0
                         and max(every) < n_items
                         and sum(map(len, map(set, items))) == len(every))


def _option_items(j: int, items: list[Any], n_items: int) -> list[int]:
    """Option j's items as plain ints, or a ProblemError for its first fault."""
    if not items:
        raise ProblemError(f"option {j} is empty")
    plain: list[int] = []
    seen: set[int] = set()
    for item in items:
        k = as_int(item)
        if k is None:
            raise ProblemError(f"option {j}: item {item!r} is not an integer")
        if not 0 <= k < n_items:
            raise ProblemError(f"option {j}: unknown item {item} (items are 0..{n_items - 1})")
        if k in seen:
            raise ProblemError(f"option {j}: item {item} appears twice")
        seen.add(k)
        plain.append(k)
    return plain


def _weights(weights: Iterable[object] | None, n_options: int) -> list[int] | None:
    if weights is None:
        return None
    checked = list(weights)
    if len(checked) != n_options:
        raise ProblemError(f"{len(checked)} weights for {n_options} options")
    plain: list[int] = []
    for j, w in enumerate(checked):
        weight = as_int(w)
        if weight is None:
            raise ProblemError(f"weight of option {j} is not an integer: {w!r}")
        if abs(weight) >= WEIGHT_LIMIT:
            raise ProblemError(f"weight of option {j} is out of range (|w| < 2**31)")
        plain.append(weight)
    return plain


def _colors(colors: Iterable[Iterable[object]] | None, options: list[list[int]],
            n_primary: int) -> list[list[int]] | None:
    """One list of colors per option, parallel to its items; None when there are none
    or all are 0 (the problem is then searched as one without colors)."""
    if colors is None:
        return None
    lists = list(colors)
    if len(lists) != len(options):
        raise ProblemError(f"{len(lists)} color lists for {len(options)} options")
    checked = [_option_colors(j, tints, options[j], n_primary) for j, tints in enumerate(lists)]
    return checked if any(map(any, checked)) else None


def _option_colors(j: int, tints: Any, items: list[int], n_primary: int) -> list[int]:
    try:
        listed = list(tints)
    except TypeError:
        raise ProblemError(f"colors of option {j} are not a sequence") from None
    if len(listed) != len(items):
        raise ProblemError(f"option {j}: {len(listed)} colors for {len(items)} items")
    plain: list[int] = []
    for item, c in zip(items, listed):
        color = as_int(c)
        if color is None:
            raise ProblemError(f"option {j}: color {c!r} is not an integer")
        if not 0 <= color < COLOR_LIMIT:
            raise ProblemError(f"option {j}: color {c} is out of range (0 <= color < 2**31)")
        if color and item < n_primary:
            raise ProblemError(f"option {j}: primary item {item} cannot have a color")
        plain.append(color)
    return plain


def forced_options(options: Iterable[object], n_options: int) -> list[int]:
    """Forced options: indices of options (TypeError when not iterable); checked in
    bulk first, as the items of the options are."""
    return _indices(list(options), n_options,
                    lambda j: f"forced option {j!r} is not an option index")


def _indices(listed: list[Any], limit: int, bad: Callable[[Any], str]) -> list[int]:
    """`listed` as plain ints in 0..limit-1: checked in bulk first (a list of ints in
    range is returned as it is), else one by one, a ProblemError made of `bad(value)`
    and the range naming the first value that is not one."""
    if not listed or (set(map(type, listed)) == {int} and min(listed) >= 0
                      and max(listed) < limit):
        return listed
    plain: list[int] = []
    for value in listed:
        index = as_int(value)
        if index is None or not 0 <= index < limit:
            raise ProblemError(f"{bad(value)} (0..{limit - 1})")
        plain.append(index)
    return plain


def clause_bound(name: str, value: object) -> int:
    """A bound on the clauses `learnts` gives: a non-negative integer (one past the C
    twin's int taken as its largest: no clause is that long)."""
    bound = as_int(value)
    if bound is None or bound < 0:
        raise ProblemError(f"{name} must be a non-negative integer, not {value!r}")
    return min(bound, INT_LIMIT)


def shared_clauses(clauses: Iterable[Iterable[object]], n_options: int) -> list[list[int]]:
    """Clauses for `add_clauses`: each a list of literals, 2v (option v chosen) or 2v + 1
    (not), v an option index (TypeError when not iterable); checked in bulk first."""
    return [_indices(list(clause), 2 * n_options, _bad_literal(k))
            for k, clause in enumerate(clauses)]


def _bad_literal(k: int) -> Callable[[Any], str]:
    """What `_indices` says of a bad literal of clause k."""
    return lambda lit: f"clause {k}: literal {lit!r} is not a literal"


def node_budget(value: object) -> int:
    """A budget of nodes: a non-negative integer (one beyond BUDGET_LIMIT is taken as it)."""
    budget = as_int(value)
    if budget is None or budget < 0:
        raise ProblemError(f"budget must be a non-negative integer, not {value!r}")
    return min(budget, BUDGET_LIMIT)


def floor_weight(weight: object) -> int:
    """A maximize search's floor: an integer with |floor| < 2**62."""
    floor = as_int(weight)
    if floor is None or abs(floor) >= FLOOR_LIMIT:
        raise ProblemError(f"floor must be an integer (|floor| < 2**62), not {weight!r}")
    return floor


MEMO_MODES = (0, 1, 2)
"""MEMO_OFF, MEMO_AUTO, MEMO_ON (the twins' constants)."""


def memo_args(mode: object, max_bytes: object) -> tuple[int, int]:
    """set_memo's arguments: a mode of MEMO_MODES, a bound of 0 .. 2**62 bytes."""
    if as_int(mode) not in MEMO_MODES:
        raise ProblemError(f"memo mode must be 0 (off), 1 (auto) or 2 (on), not {mode!r}")
    bound = as_int(max_bytes)
    if bound is None or not 0 <= bound <= 2**62:
        raise ProblemError(f"memo bound must be a number of bytes 0..2**62, not {max_bytes!r}")
    return int(mode), bound  # type: ignore[call-overload]


def checked(twin_solver: type[TwinSolver]) -> type[CheckedSolver]:
    """`twin_solver` (a twin's Solver class) behind the checks: a subclass whose every
    method that takes data from outside checks it, then hands the twin clean ints."""

    class Solver(twin_solver):  # type: ignore[valid-type, misc]
        __slots__ = ("_weighted",)
        __doc__ = twin_solver.__doc__

        def __init__(self, n_primary: int, n_secondary: int,
                     options: Iterable[Iterable[int]],
                     weights: Iterable[int] | None = None,
                     colors: Iterable[Iterable[int]] | None = None) -> None:
            clean = problem_args(n_primary, n_secondary, options, weights, colors)
            super().__init__(*clean)
            self._weighted = clean[3] is not None  # once the twin took the problem

        def start(self, forced: Iterable[int] = (), first_item: bool = False,
                  maximize: bool = False) -> None:
            indices = forced_options(forced, self.n_options)
            if maximize and not self._weighted:
                raise ProblemError("maximize needs option weights")
            super().start(indices, bool(first_item), bool(maximize))

        def run(self, budget: int, count_only: bool = False) -> int:
            return super().run(node_budget(budget), bool(count_only))

        def set_floor(self, weight: int) -> None:
            super().set_floor(floor_weight(weight))

        def set_memo(self, mode: int, max_bytes: int) -> None:
            super().set_memo(*memo_args(mode, max_bytes))

        def set_split(self, on: bool) -> None:
            super().set_split(bool(on))

        def keep_memo(self, keep: bool) -> None:
            super().keep_memo(bool(keep))

    return Solver


def checked_learner(twin_learner: type[TwinLearner]) -> type[CheckedLearner]:
    """`twin_learner` (a twin's Learner class) behind the checks, as `checked` puts a
    Solver: the problem as `problem_args` checks it (no weights), assumptions and
    forbidden options as forced options are, the budget as a budget of nodes, shared
    clauses as literals of its options."""

    class Learner(twin_learner):  # type: ignore[valid-type, misc]
        __slots__ = ()
        __doc__ = twin_learner.__doc__

        def __init__(self, n_primary: int, n_secondary: int,
                     options: Iterable[Iterable[int]],
                     colors: Iterable[Iterable[int]] | None = None) -> None:
            n1, n2, items, _, tints = problem_args(n_primary, n_secondary, options, None, colors)
            super().__init__(n1, n2, items, tints)

        def start(self, assumptions: Iterable[int] = ()) -> None:
            super().start(forced_options(assumptions, self.n_options))

        def run(self, budget: int) -> int:
            return super().run(node_budget(budget))

        def forbid(self, options: Iterable[int]) -> None:
            super().forbid(forced_options(options, self.n_options))

        def learnts(self, max_len: int, max_lbd: int) -> list[list[int]]:
            return super().learnts(clause_bound("max_len", max_len),
                                   clause_bound("max_lbd", max_lbd))

        def add_clauses(self, clauses: Iterable[Iterable[int]]) -> None:
            super().add_clauses(shared_clauses(clauses, self.n_options))

    return Learner
