"""The reference search: Knuth's Algorithms X and C on dancing links, as a learner reads them.

Layer: engine (used by the tests, scripts/differential.py and docs/engine.md, never by
the CLI). Source: D. E. Knuth, The Art of Computer Programming 7.2.2.1, Algorithm X
(his program DLX1) and Algorithm C, exact covering with colors (DLX2). Written for
reading, not for speed: Knuth's names, his steps X1..X8 in order, no tuning. It makes
the same search as the two twins (`_dlx.c`, `_pydlx.py`), and is their oracle on small
problems (tests/test_reference.py, tests/test_engine_properties.py): the same item
chosen at every node, the same options tried in the same order, the same solutions in
the same order, the same `nodes`, the same `branches()`. It counts `updates` (nodes
hidden) as DLX1 does, for the reader; the twins are not held to them (docs/engine.md,
"What the twins promise").

What it covers: primary and secondary items, colors, forced options, MRV or the first
item. What it leaves to the twins: weights and `maximize`, `mems`, pausing and resuming
a search (here a generator simply stops where it yields), and checking its arguments
(give it what the twins accept).

The data structure (TAOCP 7.2.2.1, Table 1), with items numbered 1..N inside (item k
outside is k + 1 inside), as in the C twin:

* `llink`, `rlink`: the items still to cover, in a doubly linked circular list. The
  primary items 1..n1 hang on the header 0; the secondary ones on a second header,
  N + 1, so that X3, which walks the first list, never chooses a secondary item.
* nodes 1..N are the item headers: `len[i]` is LEN(i), the number of active options
  that contain item i, and `ulink`, `dlink` circle through the nodes of those options.
* every option is a run of consecutive nodes, one per item (`top[p]` is its item),
  with a spacer node before and after it. A spacer's `top` is minus the number of the
  option after it (the first spacer has 0), its `ulink` the first node of the option
  before it and its `dlink` the last node of the option after it: from any node of an
  option both neighbours are one step away, so walking it cyclically needs no links.
* `color[p]` (Algorithm C): the color node p gives its secondary item, 0 for none, -1
  while that item is purified to this color; a header's color is the item's color
  while it is purified.
"""


class Reference:
    """One exact-cover problem in the twins' terms: items 0..n_primary-1 are primary,
    the next n_secondary secondary; options are lists of items; `colors`, if given, one
    list per option parallel to its items, 0 or a positive color on secondary items."""

    def __init__(self, n_primary, n_secondary, options, colors=None):
        self.n_primary, self.n_secondary = n_primary, n_secondary
        self.options = [list(option) for option in options]
        self.colors = colors or [[0] * len(option) for option in self.options]
        self.nodes = self.updates = 0
        self.choices = []  # (node number, item) for every node that reached X3, in order

    # -- X1: the links of the problem --------------------------------------------------

    def initialize(self):
        """X1: build the item lists and the nodes afresh, every item active."""
        n1, n = self.n_primary, self.n_primary + self.n_secondary
        self.llink, self.rlink = [0] * (n + 2), [0] * (n + 2)
        self._ring(0, range(1, n1 + 1))
        self._ring(n + 1, range(n1 + 1, n + 1))
        self.len = [0] * (n + 1)
        # Nodes 1..n are the headers, each heading an empty list (node 0 is not used).
        self.top, self.color = [0] * (n + 1), [0] * (n + 1)
        self.ulink, self.dlink = list(range(n + 1)), list(range(n + 1))
        spacer = self._new_node(0, 0, 0)
        for j, (option, tints) in enumerate(zip(self.options, self.colors)):
            for item, tint in zip(option, tints):
                self._append_to_list(item + 1, tint)
            self.dlink[spacer] = len(self.top) - 1      # the last node of option j
            spacer = self._new_node(-(j + 1), spacer + 1, 0)  # after it: its first node

    def _ring(self, head, items):
        """Link `items` in order into a circular list headed by `head`."""
        ring = [head, *items]
        for left, right in zip(ring, ring[1:] + ring[:1]):
            self.rlink[left], self.llink[right] = right, left

    def _new_node(self, top, ulink, dlink, color=0):
        self.top.append(top)
        self.ulink.append(ulink)
        self.dlink.append(dlink)
        self.color.append(color)
        return len(self.top) - 1

    def _append_to_list(self, i, color):
        """A new node for item i at the bottom of i's list: the lists keep the options'
        order, which is the order the search tries them in."""
        p = self._new_node(i, self.ulink[i], i, color)
        self.dlink[self.ulink[i]] = p
        self.ulink[i] = p
        self.len[i] += 1

    # -- covering and uncovering ---------------------------------------------------------

    def hide(self, p):
        """Take the option of node p out of the lists of its other items; every node
        unlinked is an update. (Knuth's DLX2 skips the nodes marked -1: their items are
        purified, and their lists are not walked again until unpurified. The twins
        unlink them too, and so does this, so that all three make the same lengths.)"""
        q = p + 1
        while q != p:
            x = self.top[q]
            if x <= 0:                              # a spacer: back to the option's start
                q = self.ulink[q]
                continue
            u, d = self.ulink[q], self.dlink[q]
            self.dlink[u], self.ulink[d] = d, u
            self.len[x] -= 1
            self.updates += 1
            q += 1

    def unhide(self, p):
        """Undo hide(p): the same nodes, right to left. `ulink[q]` and `dlink[q]` still
        hold q's old neighbours, so relinking needs no memory of what was done, as long
        as everything is undone in exactly the reverse order: the dance."""
        q = p - 1
        while q != p:
            x = self.top[q]
            if x <= 0:                              # a spacer: on to the option's end
                q = self.dlink[q]
                continue
            u, d = self.ulink[q], self.dlink[q]
            self.dlink[u] = self.ulink[d] = q
            self.len[x] += 1
            q -= 1

    def cover(self, i):
        """Take item i out of the item list and hide every option that contains it."""
        p = self.dlink[i]
        while p != i:
            self.hide(p)
            p = self.dlink[p]
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left], self.llink[right] = right, left

    def uncover(self, i):
        """Undo cover(i), in reverse: the item back in its list, then its options, bottom
        up. "The choreography is delicate": covered top down, uncovered bottom up, every
        link comes back exactly as it was."""
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = self.llink[right] = i
        p = self.ulink[i]
        while p != i:
            self.unhide(p)
            p = self.ulink[p]

    def purify(self, p):
        """Algorithm C: node p gives its item i the color c. Options that give i the same
        color may join p's, so they stay, marked -1; every other option of i is hidden.
        Unlike cover, i stays in its (secondary) list."""
        c, i = self.color[p], self.top[p]
        self.color[i] = c
        q = self.dlink[i]
        while q != i:
            if self.color[q] == c:
                self.color[q] = -1
            else:
                self.hide(q)
            q = self.dlink[q]

    def unpurify(self, p):
        """Undo purify(p), bottom up: the marks back to c, the hidden options back."""
        c, i = self.color[p], self.top[p]
        q = self.ulink[i]
        while q != i:
            if self.color[q] < 0:
                self.color[q] = c
            else:
                self.unhide(q)
            q = self.ulink[q]
        self.color[i] = 0

    def commit(self, p, j):
        """Take node p's item j as the option of p says: cover it if p gives it no color,
        purify it if p gives it one; a node marked -1 says j already has that color."""
        if self.color[p] == 0:
            self.cover(j)
        elif self.color[p] > 0:
            self.purify(p)

    def uncommit(self, p, j):
        """Undo commit(p, j)."""
        if self.color[p] == 0:
            self.uncover(j)
        elif self.color[p] > 0:
            self.unpurify(p)

    # -- the search -----------------------------------------------------------------------

    def solutions(self, forced=(), first_item=False, limit=None):
        """Algorithm X (with C's commits): every solution, as the list of its options
        (the forced ones first, then one per level), in the twins' order. As the search
        goes, `nodes` counts the entries to X2 (a solution and a dead end are nodes
        too, as in DLX1 and the twins), `updates` the nodes hidden, and `choices` the
        items X3 chose; `limit` stops the search before its node limit + 1."""
        self.initialize()
        self.nodes = self.updates = 0
        self.choices = []
        if not self._force(forced):
            return
        x, level, i = [], 0, 0                      # x[l]: the node tried at level l
        step = "X2"
        while True:
            if step == "X2":                        # Enter level l: a node of the tree.
                if self.nodes == limit:
                    return
                self.nodes += 1
                if self.rlink[0] == 0:              # every primary item is covered
                    yield list(forced) + [self.option_of(p) for p in x[:level]]
                    step = "X8"
                else:
                    step = "X3"
            elif step == "X3":                      # Choose i.
                i = self.choose(first_item)
                self.choices.append((self.nodes, i - 1))
                step = "X4"
            elif step == "X4":                      # Cover i.
                self.cover(i)
                x[level:] = [self.dlink[i]]         # (entries deeper are from old levels)
                step = "X5"
            elif step == "X5":                      # Try x_l.
                if x[level] == i:                   # no option of i left
                    step = "X7"
                    continue
                self._commit_others(x[level])
                level += 1
                step = "X2"
            elif step == "X6":                      # Try again.
                self._uncommit_others(x[level])
                i = self.top[x[level]]
                x[level] = self.dlink[x[level]]
                step = "X5"
            elif step == "X7":                      # Backtrack.
                self.uncover(i)
                step = "X8"
            elif step == "X8":                      # Leave level l.
                if level == 0:
                    return
                level -= 1
                step = "X6"

    def choose(self, first_item=False):
        """X3: the primary item with the fewest active options (Knuth's MRV), ties to the
        earliest in the list; or, with first_item, the first item in the list. An item
        with no option left is chosen in either case, the earliest one (DLX1's scan too
        stops at one): X5 then finds nothing to try, and the search backs up from this
        dead end at once."""
        best, fewest = 0, None
        p = self.rlink[0]
        while p != 0:
            if self.len[p] == 0:
                return p
            if best == 0 or (not first_item and self.len[p] < fewest):
                best, fewest = p, self.len[p]
            p = self.rlink[p]
        return best

    def _commit_others(self, p):
        """X5: commit the items of p's option other than p's, left to right from p,
        round the option (at its end the spacer leads back to its first node)."""
        q = p + 1
        while q != p:
            j = self.top[q]
            if j <= 0:
                q = self.ulink[q]
            else:
                self.commit(q, j)
                q += 1

    def _uncommit_others(self, p):
        """X6: undo _commit_others(p), right to left: the reverse order."""
        q = p - 1
        while q != p:
            j = self.top[q]
            if j <= 0:
                q = self.dlink[q]
            else:
                self.uncommit(q, j)
                q -= 1

    def _force(self, forced):
        """Commit every item of each forced option, as if chosen above the root; False
        if one clashes with those before it (an item already covered, or purified to
        another color, or the option forced twice): then there is no solution. The
        updates of the options committed before the clash are counted."""
        for k, j in enumerate(forced):
            first = self._first_node(j)
            nodes = range(first, first + len(self.options[j]))
            if j in forced[:k] or any(self._taken(p) for p in nodes):
                return False
            for p in nodes:
                self.commit(p, self.top[p])
        return True

    def _taken(self, p):
        """True if node p's item is covered, or purified to a color p does not give it."""
        i = self.top[p]
        covered = self.rlink[self.llink[i]] != i
        return covered or (self.color[i] != 0 and self.color[p] not in (self.color[i], -1))

    def _first_node(self, j):
        """The first node of option j: past the N headers, the first spacer, and every
        earlier option with the spacer after it."""
        n = self.n_primary + self.n_secondary
        return n + 2 + sum(len(option) + 1 for option in self.options[:j])

    def option_of(self, p):
        """The number of the option node p belongs to: the spacer before it says."""
        while self.top[p] > 0:
            p -= 1
        return -self.top[p]

    def branches(self, forced=(), first_item=False):
        """The options the search tries at its first node, in order: those of the item
        X3 chooses there. None when that node is a solution, [] at a dead end (or when
        the forced options clash): the twins' Solver.branches()."""
        self.initialize()
        if not self._force(forced):
            return []
        if self.rlink[0] == 0:
            return None
        i = self.choose(first_item)
        options, p = [], self.dlink[i]
        while p != i:
            options.append(self.option_of(p))
            p = self.dlink[p]
        return options
