"""`Stats`: what searches cost.

Layer: below exact_cover (whose queries take one) and the strategies that search for
them.
"""

from __future__ import annotations


class Stats:
    """What searches cost, added up: every query adds into the Stats it is given.
    `updates` and `mems` are None where they were not counted (the Python twin counts
    neither: docs/engine.md, "What the twins promise"); a sum with None is None; they
    are the DLX search's (the learning search makes no link updates).

    `learning` counts the queries the learning search answered (--reason; 0: DLX
    answered every one), and `decisions`, `conflicts` and `learned` its counters; its
    decisions are nodes too (in `nodes`, with the DLX search's).

    `memo` is (lookups, hits, entries, bytes) of the memos of the counts (docs/engine.md,
    "Counting with a memo"): summed, but for the bytes, the largest one memo took.
    `splits` counts the nodes of counts split into independent parts (docs/engine.md,
    "Independent parts").
    (A plain class: dataclasses would add to start-up.)"""

    __slots__ = ("nodes", "updates", "solutions", "seconds", "mems", "learning",
                 "decisions", "conflicts", "learned", "memo", "splits")

    def __init__(self, nodes: int = 0, updates: "int | None" = 0, solutions: int = 0,
                 seconds: float = 0.0, mems: "int | None" = 0, learning: int = 0,
                 decisions: int = 0, conflicts: int = 0, learned: int = 0) -> None:
        self.nodes, self.updates, self.solutions, self.seconds = nodes, updates, solutions, seconds
        self.mems, self.learning, self.decisions = mems, learning, decisions
        self.conflicts, self.learned = conflicts, learned
        self.memo = (0, 0, 0, 0)
        self.splits = 0

    def add(self, other: "Stats", solutions: bool = True, seconds: bool = True) -> "Stats":
        """Add `other`'s costs into this one; `solutions=False` leaves the solution count
        alone (a second search over the same space must not count its solutions twice),
        `seconds=False` the time (already counted by a clock around the searches)."""
        self.nodes += other.nodes
        self.updates = _sum_counted(self.updates, other.updates)
        self.mems = _sum_counted(self.mems, other.mems)
        for name in LEARNING_COUNTERS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        (lookups, hits, entries, size), theirs = self.memo, other.memo
        self.memo = (lookups + theirs[0], hits + theirs[1], entries + theirs[2],
                     max(size, theirs[3]))
        self.splits += other.splits
        if seconds:
            self.seconds += other.seconds
        if solutions:
            self.solutions += other.solutions
        return self

    def as_dict(self) -> "dict[str, object]":
        """The JSON value (docs/json.md): the DLX figures, then `learning`, null when
        DLX answered every query, else the learning search's counters."""
        learned = None if not self.learning else {
            "queries": self.learning, "decisions": self.decisions,
            "conflicts": self.conflicts, "learned": self.learned}
        return {"nodes": self.nodes, "updates": self.updates, "solutions": self.solutions,
                "seconds": self.seconds, "mems": self.mems, "learning": learned}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stats) and self.as_dict() == other.as_dict()

    def __repr__(self) -> str:
        return "Stats(" + ", ".join(f"{k}={v!r}" for k, v in self.as_dict().items()) + ")"


LEARNING_COUNTERS = ("learning", "decisions", "conflicts", "learned")
"""The Stats of the learning search (--reason), added up like nodes."""


def _sum_counted(a: "int | None", b: "int | None") -> "int | None":
    """a + b, or None (not counted) if either is."""
    return None if a is None or b is None else a + b
