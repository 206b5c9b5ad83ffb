"""Other ways to cut a count into cubes than DLX's frontier (issue 29, branch cubes17;
docs/parallel.md, "Cubes the Learner likes"): the cubes of one cut are sets of options
taken true, disjoint and covering every solution, because each node opened branches on
ALL the live options of one primary item. Used by cube_costs.py.

The prototypes as measured (the figures in docs/parallel.md). The one built is
dlxcli/learner_cut.py (cube_costs.py's `learner` cut): `wW-actsum` with this same
propagation, its warm-up counted in steps (6,000) rather than conflicts; on example21
and example33 the two make the same cubes.

A node is the query's remainder (strategies.Remainder: the forced options' items gone)
with some options taken true and their consequences propagated as DLX would cover them
plus forced singles (a primary item with one live option takes it; with none, the node
is a dead end, dropped: it holds no solution). Nodes are opened largest share first (a
node's share split evenly among its branches), as ExactCover.frontier opens them, until
`min_open` can still branch. How a node's item is chosen is the cut:

- `mrv`: the item with the fewest live options (DLX's choice, ties by item number);
- `actsum` / `actmax`: the item whose live options carry the most VSIDS activity of a
  Learner (summed, or the largest), ties by fewest options then item number;
- `look`: lookahead among the M items with fewest live options: each option propagated,
  the item scored by sum over its live branches of exp(-C * reduction), the reduction
  being the options the branch leaves fewer than the node has (a tree of size ~ e^(C *
  free options)); the lowest score chosen; failed branches are refuted, dropped.
"""

import heapq
import math


class Node:
    """The state of a node: options alive, live options per item, items covered, the
    options taken true (`prefix`: the decisions, not the propagated ones) and `free`,
    the live options not yet true."""

    __slots__ = ("alive", "count", "covered", "free", "prefix")

    def __init__(self, alive, count, covered, free, prefix):
        self.alive, self.count, self.covered = alive, count, covered
        self.free, self.prefix = free, prefix

    def copy(self, option):
        return Node(bytearray(self.alive), list(self.count), bytearray(self.covered),
                    self.free, self.prefix + (option,))


class Cutter:
    """Cuts of one remainder (its `options`, renumbered; `n_primary` primary items)."""

    def __init__(self, options, n_primary, n_items):
        self.options, self.n_primary = options, n_primary
        self.item_opts = [[] for _ in range(n_items)]
        for v, items in enumerate(options):
            for item in items:
                self.item_opts[item].append(v)
        self.propagations = 0

    def root(self):
        """The root node, propagated; None when it is a dead end."""
        count = [len(opts) for opts in self.item_opts]
        node = Node(bytearray([1]) * len(self.options), count,
                    bytearray(len(self.item_opts)), len(self.options), ())
        queue = [item for item in range(self.n_primary) if count[item] <= 1]
        return node if self._settle(node, queue) else None

    def child(self, node, option):
        """The node with `option` taken true, propagated; None for a dead end."""
        child = node.copy(option)
        self.propagations += 1
        queue = []
        return child if self._take(child, option, queue) and self._settle(child, queue) else None

    def _settle(self, node, queue):
        """Forced singles: each queued primary item still uncovered takes its last live
        option; False on an item with none."""
        while queue:
            item = queue.pop()
            if node.covered[item]:
                continue
            if node.count[item] == 0:
                return False
            (v,) = [w for w in self.item_opts[item] if node.alive[w]]
            if not self._take(node, v, queue):
                return False
        return True

    def _take(self, node, v, queue):
        """Cover `v`'s items: every other option on them dies, and the primary items
        those options leave with one live option or none are queued."""
        if not node.alive[v]:
            return False
        node.free -= 1
        alive, count, n_primary = node.alive, node.count, self.n_primary
        for item in self.options[v]:
            if node.covered[item]:
                return False
            node.covered[item] = 1
            for w in self.item_opts[item]:
                if w == v or not alive[w]:
                    continue
                alive[w] = 0
                node.free -= 1
                for other in self.options[w]:
                    count[other] -= 1
                    if other < n_primary and count[other] <= 1 and not node.covered[other]:
                        queue.append(other)
        return True

    def open_items(self, node):
        """[(live options, item)] of the node's uncovered primary items."""
        return [(node.count[item], item) for item in range(self.n_primary)
                if not node.covered[item]]

    def live(self, node, item):
        return [v for v in self.item_opts[item] if node.alive[v]]

    # -- choosing the item: (item, its children or None to compute them) ---------------

    def choose_mrv(self, node):
        return min(self.open_items(node))[1], None

    def choose_activity(self, node, activity, reduce):
        def key(entry):
            length, item = entry
            return (-reduce(activity[v] for v in self.live(node, item)), length, item)
        return min(self.open_items(node), key=key)[1], None

    def choose_lookahead(self, node, m, c):
        best = None
        for length, item in sorted(self.open_items(node))[:m]:
            children = [self.child(node, v) for v in self.live(node, item)]
            score = sum(math.exp(-c * (node.free - kid.free)) for kid in children
                        if kid is not None)
            if best is None or score < best[0]:
                best = (score, item, children)
        return best[1], best[2]

    def cut(self, min_open, choose):
        """[prefix] (options of the remainder, the decisions) of the cubes, in the order
        of their positions among the branches; [] when the root is a dead end."""
        root = self.root()
        if root is None:
            return []
        cut = {(): root}
        heap = [(-1.0, ())]
        shares = {(): 1.0}
        open_count = 1
        while heap and open_count < min_open:
            _, positions = heapq.heappop(heap)
            node = cut[positions]
            if all(node.covered[item] for item in range(self.n_primary)):
                open_count -= 1  # a solution: a cube of its own
                continue
            item, children = choose(node)
            if children is None:
                children = [self.child(node, v) for v in self.live(node, item)]
            del cut[positions]
            kids = [kid for kid in children if kid is not None]
            open_count += len(kids) - 1
            share = shares.pop(positions) / max(1, len(kids))
            for position, kid in enumerate(kids):
                child = positions + (position,)
                cut[child], shares[child] = kid, share
                heapq.heappush(heap, (-share, child))
        return [cut[positions].prefix for positions in sorted(cut)]


def chooser(cutter, name, learner=None):
    """The item choice named `name` (mrv, actsum, actmax, lookM-C with C in thousandths)
    of `cutter`, reading `learner`'s activities once."""
    if name == "mrv":
        return cutter.choose_mrv
    if name in ("actsum", "actmax"):
        activity = learner.activities()
        reduce = sum if name == "actsum" else (lambda values: max(values, default=0.0))
        return lambda node: cutter.choose_activity(node, activity, reduce)
    if name.startswith("look"):
        m, c = name[4:].split("-")
        return lambda node: cutter.choose_lookahead(node, int(m), int(c) / 1000)
    raise ValueError(f"no cut {name}")
