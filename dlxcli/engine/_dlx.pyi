"""Signatures shared by both twins: dlxcli.engine._dlx (C) and dlxcli.engine._pydlx."""

from typing import Iterable, Optional, Sequence

EXHAUSTED: int
SOLUTION: int
PAUSED: int
MAX_NODES: int

class Solver:
    n_primary: int
    n_secondary: int
    n_options: int
    nodes: int
    updates: int
    mems: int
    count: int
    level: int
    best_weight: Optional[int]
    def __init__(
        self,
        n_primary: int,
        n_secondary: int,
        options: Iterable[Sequence[int]],
        weights: Optional[Sequence[int]] = None,
        colors: Optional[Iterable[Sequence[int]]] = None,
    ) -> None: ...
    def start(
        self, forced: Sequence[int] = (), first_item: bool = False, maximize: bool = False
    ) -> None: ...
    def run(self, budget: int, count_only: bool = False) -> int: ...
    def solution(self) -> Optional[list[int]]: ...
    def progress(self) -> float: ...
    def branches(self) -> Optional[list[int]]: ...
    def levels(self) -> list[tuple[int, int, int, int]]: ...
    def lengths(self) -> list[tuple[int, int]]: ...
    def set_floor(self, weight: int) -> None: ...
