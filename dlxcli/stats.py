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

    `memo` is (lookups, hits, entries, bytes, dropped) of the memos of the counts
    (docs/engine.md, "Counting with a memo"): the lookups and hits summed; the entries
    and bytes the largest one memo held (a split count's memo is kept from subproblem
    to subproblem: its sizes would be counted again and again); dropped 1 if a memo
    failed its trial, else 0. `splits` counts the nodes of counts split into
    independent parts (docs/engine.md, "Independent parts").
    (A plain class: dataclasses would add to start-up.)"""

    __slots__ = ("nodes", "updates", "solutions", "seconds", "mems", "learning",
                 "decisions", "conflicts", "learned", "memo", "splits")

    def __init__(self, nodes: int = 0, updates: "int | None" = 0, solutions: int = 0,
                 seconds: float = 0.0, mems: "int | None" = 0, learning: int = 0,
                 decisions: int = 0, conflicts: int = 0, learned: int = 0) -> None:
        self.nodes, self.updates, self.solutions, self.seconds = nodes, updates, solutions, seconds
        self.mems, self.learning, self.decisions = mems, learning, decisions
        self.conflicts, self.learned = conflicts, learned
        self.memo = NO_MEMO
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
        ours, theirs = self.memo, other.memo
        self.memo = (ours[0] + theirs[0], ours[1] + theirs[1], max(ours[2], theirs[2]),
                     max(ours[3], theirs[3]), max(ours[4], theirs[4]))
        self.splits += other.splits
        if seconds:
            self.seconds += other.seconds
        if solutions:
            self.solutions += other.solutions
        return self

    def as_dict(self) -> "dict[str, object]":
        """The JSON value (docs/json.md): the DLX figures, then `learning`, null when
        DLX answered every query, else the learning search's counters, then `memo`,
        null when no count looked a state up, else its figures."""
        learned = None if not self.learning else {
            "queries": self.learning, "decisions": self.decisions,
            "conflicts": self.conflicts, "learned": self.learned}
        return {"nodes": self.nodes, "updates": self.updates, "solutions": self.solutions,
                "seconds": self.seconds, "mems": self.mems, "learning": learned,
                "memo": self.memo_dict()}

    def memo_dict(self) -> "dict[str, object] | None":
        """`memo` as JSON: null when no count looked a state up (none ran, or its memo
        was off), else lookups, hits, entries, bytes and dropped (a boolean)."""
        lookups, hits, entries, size, dropped = self.memo
        if not lookups and not dropped:
            return None
        return {"lookups": lookups, "hits": hits, "entries": entries, "bytes": size,
                "dropped": bool(dropped)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stats) and self.as_dict() == other.as_dict()

    def __repr__(self) -> str:
        return "Stats(" + ", ".join(f"{k}={v!r}" for k, v in self.as_dict().items()) + ")"


NO_MEMO = (0, 0, 0, 0, 0)
"""Stats.memo where no count kept a memo."""
LEARNING_COUNTERS = ("learning", "decisions", "conflicts", "learned")
"""The Stats of the learning search (--reason), added up like nodes."""


def _sum_counted(a: "int | None", b: "int | None") -> "int | None":
    """a + b, or None (not counted) if either is."""
    return None if a is None or b is None else a + b
