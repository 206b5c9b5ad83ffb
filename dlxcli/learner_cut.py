"""The cut of a verdict into cubes that follows the Learner (issue 29, branch cubes17;
docs/parallel.md, "Cubes the Learner likes").

DLX's frontier cuts on its MRV choices, and those prefixes are poor cubes for the
Learner: one Learner kept across the 32 cubes of example33 spent 2.1 times the whole
query's conflicts. Here the query's own Learner runs first for WARM_STEPS steps (a
warm-up: its VSIDS activities then say where it finds the problem hard), and the cut
branches, node by node, on the primary item whose live options carry the most activity
(summed; ties: fewest live options, then the first item). Measured in Learner steps
(bench/proto/cube_costs.py), the 32 cubes of example33 then cost one kept Learner about
the whole query's conflicts.

A node is the query's remainder (strategies.Remainder) with its prefix's options taken
true, propagated as DLX covers plus forced singles: every other option on a covered item
dies, and a primary item left with one live option takes it; with none, the node is a
dead end, dropped (it holds no solution). A node opened branches on every live option
of its item, so the cubes are disjoint and every solution lies in one: their counts add
up. Nodes are opened largest share first, as ExactCover.frontier opens them, until
`min_open` of them can branch. Deterministic, and the same on both twins (the warm-up is
the same search on each, step for step, activities included).

Problems with colors are cut by DLX's frontier (`fits`): the propagation here knows no
colors.
"""

from __future__ import annotations

import heapq

from . import engine, strategies

TYPE_CHECKING = False  # typing costs start-up: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Optional

    from .exact_cover import Budget, ExactCover, Solution
    from .stats import Stats

WARM_STEPS = 6_000
"""The warm-up's Learner steps (decisions + conflicts), about 2,000 conflicts on a
25x25 sudoku: 0.1 s of the C twin. More was worse in steps: 10,000 and 30,000
conflicts' activities cut example26 and example33 into dearer cubes."""


def fits(problem: ExactCover, forced: Sequence[int]) -> bool:
    """Whether a verdict of this query is cut here: a Learner can search it, and the
    problem has no colors."""
    return (engine.Learner is not None and problem.definition[4] is None
            and strategies.learnable(problem, forced))


class _Node:
    """A node of the cut: options alive, live options per item, items covered, and
    `prefix`, the options branched on to reach it (the forced singles left out)."""

    __slots__ = ("alive", "count", "covered", "prefix")

    def __init__(self, alive: bytearray, count: list[int], covered: bytearray,
                 prefix: tuple[int, ...]) -> None:
        self.alive, self.count, self.covered, self.prefix = alive, count, covered, prefix


class _Propagation:
    """DLX's covering plus forced singles on a remainder's options (no colors)."""

    def __init__(self, options: Sequence[Sequence[int]], n_primary: int, n_items: int) -> None:
        self.options, self.n_primary = options, n_primary
        self.item_options: list[list[int]] = [[] for _ in range(n_items)]
        for v, items in enumerate(options):
            for item in items:
                self.item_options[item].append(v)

    def root(self) -> Optional[_Node]:
        """The remainder with its forced singles taken; None: a dead end."""
        count = [len(options) for options in self.item_options]
        node = _Node(bytearray(b"\1" * len(self.options)), count,
                     bytearray(len(self.item_options)), ())
        singles = [item for item in range(self.n_primary) if count[item] <= 1]
        return node if self._settle(node, singles) else None

    def child(self, node: _Node, v: int) -> Optional[_Node]:
        """`node` with option `v` taken; None: a dead end."""
        child = _Node(bytearray(node.alive), list(node.count), bytearray(node.covered),
                      node.prefix + (v,))
        singles: list[int] = []
        return child if self._take(child, v, singles) and self._settle(child, singles) \
            else None

    def live(self, node: _Node, item: int) -> list[int]:
        """The live options of `item` at `node`."""
        return [v for v in self.item_options[item] if node.alive[v]]

    def open_items(self, node: _Node) -> list[int]:
        """The primary items `node` leaves uncovered (none: a solution)."""
        return [item for item in range(self.n_primary) if not node.covered[item]]

    def _settle(self, node: _Node, singles: list[int]) -> bool:
        """Each queued primary item still uncovered takes its one live option; False
        where one has none left."""
        while singles:
            item = singles.pop()
            if node.covered[item]:
                continue
            live = self.live(node, item)
            if not live or not self._take(node, live[0], singles):
                return False
        return True

    def _take(self, node: _Node, v: int, singles: list[int]) -> bool:
        """Cover `v`'s items: the other options on them die, and the primary items
        they leave with one live option or none are queued. False where `v` is dead."""
        alive, count, covered = node.alive, node.count, node.covered
        if not alive[v]:
            return False
        for item in self.options[v]:
            covered[item] = 1
            for w in self.item_options[item]:
                if w == v or not alive[w]:
                    continue
                alive[w] = 0
                for other in self.options[w]:
                    count[other] -= 1
                    if other < self.n_primary and count[other] <= 1 and not covered[other]:
                        singles.append(other)
        return True


class LearnerCut:
    """A verdict's warm-up and cut: `warm_up` has the query's Learner count to `limit`
    for WARM_STEPS steps (`done`: that answered the count; `found`: the solutions it
    found, options of the problem), then `cubes(min_open)` cuts by its activities.

    Made first, warmed up next, so that a warm-up a limit or Ctrl-C stops leaves its
    costs so far (`stats`) to whoever made it (attack11: a --timeout in the warm-up
    showed none of its steps under -v)."""

    def __init__(self, problem: ExactCover, forced: Sequence[int], limit: int,
                 budget: Budget) -> None:
        self.warm = strategies.learning_member(problem, forced, budget, limit)
        self.search: Any = self.warm.search  # the Learner's search (its remainder, learner)

    def warm_up(self, budget: Budget) -> None:
        """The warm-up's WARM_STEPS steps (a limit of `budget` raises, as in a query)."""
        self.warm.turn(WARM_STEPS, budget)

    @property
    def done(self) -> bool:
        """Whether the warm-up answered the count (or there was none to make: the
        forced options clash)."""
        return self.warm.done or self.search.learner is None

    @property
    def found(self) -> list[Solution]:
        return self.warm.found

    def stats(self) -> Stats:
        return self.search.stats()

    def cubes(self, min_open: int,
              below: Sequence[int] = ()) -> list[tuple[list[int], float]]:
        """The cubes: [(prefix, share)] as ExactCover.frontier gives them, the prefixes
        options of the problem (the forced ones left out), in the order of their
        positions among the branches, each share its node's part of the tree (each
        node's split evenly among its branches); [] where the query has no solution at
        the root already. `below`: a cube's prefix (options of the problem), cut further
        (the tail split): the prefixes then extend it, `below` left out, and the shares
        are parts of its tree; [] where it holds no solution."""
        search = self.search
        remainder = search.remainder
        assert search.learner is not None, "a done warm-up is not cut"
        propagation = _Propagation(remainder.options, remainder.n_primary,
                                   len(remainder.number))
        activity = search.learner.activities()
        root = propagation.root()
        for j in below:
            if root is None:
                return []
            root = propagation.child(root, remainder.index[j])
        if root is None:
            return []
        root.prefix = ()
        cut: dict[tuple[int, ...], _Node] = {(): root}
        shares: dict[tuple[int, ...], float] = {(): 1.0}
        heap: list[tuple[float, tuple[int, ...]]] = [(-1.0, ())]
        open_count = 1
        while heap and open_count < min_open:
            _, positions = heapq.heappop(heap)
            node = cut[positions]
            items = propagation.open_items(node)
            if not items:
                open_count -= 1  # a solution: a cube of its own
                continue
            item = min(items, key=lambda item: (
                -sum(activity[v] for v in propagation.live(node, item)), node.count[item],
                item))
            children = [child for child in (propagation.child(node, v)
                                            for v in propagation.live(node, item))
                        if child is not None]
            del cut[positions]
            share = shares.pop(positions) / max(1, len(children))
            open_count += len(children) - 1
            for position, child in enumerate(children):
                cut[positions + (position,)] = child
                shares[positions + (position,)] = share
                heapq.heappush(heap, (-share, positions + (position,)))
        return [([remainder.kept[v] for v in cut[positions].prefix], shares[positions])
                for positions in sorted(cut)]
