"""The C twin's signatures, which are the Python twin's (dlxcli.engine._pydlx).

Both take their arguments checked (dlxcli.engine._checks): reach them through
dlxcli.engine.Solver, never directly.
"""

from collections.abc import Sequence

EXHAUSTED: int
SOLUTION: int
PAUSED: int
MAX_NODES: int
MEMO_OFF: int
MEMO_AUTO: int
MEMO_ON: int

class Solver:
    n_primary: int
    n_secondary: int
    n_options: int
    nodes: int
    updates: int | None
    """Knuth's updates: counted by the C twin, None on the Python twin."""
    mems: int | None
    """Knuth's mems: counted by the C twin, None on the Python twin."""
    count: int
    level: int
    best_weight: int | None
    memo_entries: int
    memo_hits: int
    memo_lookups: int
    memo_bytes: int
    splits: int
    """Nodes of this search's count split into independent parts."""
    memo_dropped: bool
    bit_sets: bool | None
    """Whether the search since start counts on the C twin's bit-set path (docs/engine.md,
    "The bit-set count path"); None on the Python twin."""
    def __init__(
        self,
        n_primary: int,
        n_secondary: int,
        options: Sequence[Sequence[int]],
        weights: Sequence[int] | None = None,
        colors: Sequence[Sequence[int]] | None = None,
    ) -> None: ...
    def start(
        self, forced: Sequence[int] = (), first_item: bool = False, maximize: bool = False
    ) -> None: ...
    def run(self, budget: int, count_only: bool = False) -> int: ...
    def solution(self) -> list[int] | None: ...
    def progress(self) -> float: ...
    def branches(self) -> list[int] | None: ...
    def levels(self) -> list[tuple[int, int, int, int]]: ...
    def lengths(self) -> list[tuple[int, int]]: ...
    def set_floor(self, weight: int) -> None: ...
    def set_memo(self, mode: int, max_bytes: int) -> None: ...
    def set_split(self, on: bool) -> None: ...

    def keep_memo(self, keep: bool) -> None: ...

class Learner:
    """Clause learning over the options (issue 23; docs/reasoning-research.md)."""

    n_primary: int
    n_secondary: int
    n_options: int
    decisions: int
    nodes: int
    """An alias of decisions."""
    conflicts: int
    propagations: int
    learned: int
    deleted: int
    level: int
    clauses: int
    """Learned clauses kept now."""
    def __init__(
        self,
        n_primary: int,
        n_secondary: int,
        options: Sequence[Sequence[int]],
        colors: Sequence[Sequence[int]] | None = None,
    ) -> None: ...
    def start(self, assumptions: Sequence[int] = ()) -> None: ...
    def run(self, budget: int) -> int: ...
    def solution(self) -> list[int] | None: ...
    def forbid(self, options: Sequence[int]) -> None: ...
    def reduce(self) -> None: ...
    def activities(self) -> list[float]: ...
    def learnts(self, max_len: int, max_lbd: int) -> list[list[int]]: ...
    def add_clauses(self, clauses: Sequence[Sequence[int]]) -> None: ...
