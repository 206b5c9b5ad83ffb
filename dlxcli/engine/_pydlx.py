"""The pure-Python twin of the exact-cover engine: the readable reference.

Layer: engine. Source: D. E. Knuth, The Art of Computer Programming 7.2.2.1,
Algorithm X ("dancing links") and his program DLX1, with the colors of his Algorithm C
and program DLX2 (purify and unpurify). The C twin (`_dlx.c`) is a line by line
transcription of this file: same arrays, same steps, same counters, same order of
solutions; only the speed differs (PEP 399). Its X5 and X6 take a shorter path to the
same links and counters when there are no colors and no bound (`commit_plain` there,
docs/engine.md); here, where each step is an interpreted instruction, that path cost
more than it saved on sudoku and queens (docs/performance.md).

Data layout (Knuth's, with integer indices instead of objects):

* Items are numbered 1..N inside (0..N-1 outside). Primary items 1..n1 form a
  circular list through ``llink``/``rlink`` with head 0; secondary items form a
  second circular list with head N+1, so X3 never chooses them.
* Nodes 1..N are the item headers: ``top[i]`` holds LEN(i), the number of active
  options that contain item i; ``ulink``/``dlink`` circle through its options.
* Then every option is a run of consecutive nodes (``top`` = its item), framed by
  spacer nodes. A spacer's ``top`` is minus the number of the option after it
  (the first spacer has 0), its ``ulink`` is the first node of the option before it
  and its ``dlink`` the last node of the option after it, so that walking an option
  cyclically needs no extra links.
* Only when some option gives an item a color: ``color[p]`` is the color node p gives
  its (secondary) item, 0 for none, -1 while p's item has been purified to that color
  (Knuth's DLX2); a header's ``color`` is the item's color while it is purified.

The search is iterative: the level stack ``x`` replaces recursion and the step
(X2 or X8) to resume from is kept in ``_step``, so ``run`` can stop after a budget
of nodes and be called again; the driver uses that to honour Ctrl-C, time limits
and progress displays.
"""

from ..errors import EngineBusy, ProblemError, ProblemTooLarge

EXHAUSTED, SOLUTION, PAUSED = 0, 1, 2
MAX_NODES = 50_000_000
"""Refuse problems whose node table (headers + option entries + spacers) is larger."""

_X2, _X8 = 0, 1
_RESUM_EVERY = 1024
"""Nodes between fresh sums of the bound: every cover and uncover updates it by
differences, whose rounding errors must not add up over a long search."""
_PRUNE_MARGIN = 0.5
"""Weights are integers, so a branch can only improve on `best` if its bound is at
least best + 1; comparing against best + 0.5 keeps floating-point rounding harmless."""


class Solver:
    """One exact-cover problem, searchable again and again (e.g. with other givens)."""

    __slots__ = (
        "n_primary", "n_secondary", "n_options", "_llink", "_rlink", "_top", "_ulink",
        "_dlink", "_color", "_weights", "_share", "_first_node", "_forced", "_x", "_width",
        "_pos", "_level", "_step", "_first_item", "_maximize", "_weight", "_best",
        "_best_solution", "_running", "_zeros", "_zeros_initial", "_zeros_after", "_by_share",
        "_tracking", "_open", "_active",
        "nodes", "updates", "count", "mems",
    )

    def __init__(self, n_primary, n_secondary, options, weights=None, colors=None):
        n_primary = _count_arg("n_primary", n_primary)
        n_secondary = _count_arg("n_secondary", n_secondary)
        n_items = n_primary + n_secondary
        if n_items + 2 > MAX_NODES:
            raise ProblemTooLarge(_too_large(f"more than {MAX_NODES}"))
        options = [_option_items(j, option, n_items) for j, option in enumerate(options)]
        _check_size(n_items, options)
        self.n_primary, self.n_secondary, self.n_options = n_primary, n_secondary, len(options)
        self._weights = _weights_arg(weights, len(options))
        colors = _colors_arg(colors, options, n_primary)
        self._link_items(n_primary, n_items)
        self._link_options(n_items, options)
        self._color = self._node_colors(colors) if colors is not None else None
        # Active primary items with no options left: while there is one, the node is a
        # dead end, and X3 may stop its scan at the first item with a single option.
        # Covering counts them; uncovering restores the count saved before (cheaper
        # than counting back), per level in _zeros_after.
        self._zeros_initial = sum(1 for i in range(1, n_primary + 1) if self._top[i] == 0)
        self._zeros = self._zeros_initial
        self._zeros_after = []
        self._by_share = False
        # While a maximize search runs, _open is the bound (see _largest_shares), kept
        # up to date by every cover and uncover instead of being summed at every node.
        self._tracking = False
        self._open = 0.0
        self._active = n_primary
        self._forced = []
        self._x = []
        self._width = []
        self._pos = []
        self._running = False
        self.start()

    # -- building ------------------------------------------------------------------

    def _link_items(self, n_primary, n_items):
        self._llink = [0] * (n_items + 2)
        self._rlink = [0] * (n_items + 2)
        self._ring(0, range(1, n_primary + 1))
        self._ring(n_items + 1, range(n_primary + 1, n_items + 1))

    def _ring(self, head, members):
        chain = [head, *members]
        for left, right in zip(chain, chain[1:] + [head]):
            self._rlink[left] = right
            self._llink[right] = left

    def _link_options(self, n_items, options):
        top = [0] * (n_items + 2)
        ulink = list(range(n_items + 1)) + [0]
        dlink = ulink[:]
        self._first_node = []
        for j, option in enumerate(options):
            spacer = len(top) - 1
            self._first_node.append(spacer + 1)
            for item in option:
                i = item + 1
                p = len(top)
                top.append(i)
                top[i] += 1
                ulink.append(ulink[i])
                dlink.append(i)
                dlink[ulink[i]] = p
                ulink[i] = p
            dlink[spacer] = len(top) - 1
            top.append(-(j + 1))
            ulink.append(spacer + 1)
            dlink.append(0)
        self._top, self._ulink, self._dlink = top, ulink, dlink
        self._share = self._shares(options) if self._weights is not None else None

    def _node_colors(self, colors):
        """The ``color`` array: each option's colors at its nodes, 0 elsewhere."""
        color = [0] * len(self._top)
        for j, option_colors in enumerate(colors):
            first = self._first_node[j]
            color[first:first + len(option_colors)] = option_colors
        return color

    def _shares(self, options):
        """_share[p]: the part of p's option weight charged to p's item (see
        _largest_shares): the weight spread evenly over the option's primary items
        (secondary items may stay uncovered, so they cannot carry any of it)."""
        share = [0.0] * len(self._top)
        for j, option in enumerate(options):
            first = self._first_node[j]
            primary = [k for k, item in enumerate(option) if item < self.n_primary]
            for k in primary:
                share[first + k] = self._weights[j] / len(primary)
        return share

    # -- covering (Knuth's cover/hide/uncover/unhide, purify/unpurify) ---------------

    def _cover(self, i):
        top, ulink, dlink, n1 = self._top, self._ulink, self._dlink, self.n_primary
        share, tracking = self._share, self._tracking
        p = dlink[i]
        updates = zeros = 0
        opened = 0.0
        while p != i:
            q = p + 1
            while q != p:
                x = top[q]
                if x <= 0:
                    q = ulink[q]
                else:
                    u, d = ulink[q], dlink[q]
                    dlink[u], ulink[d] = d, u
                    top[x] -= 1
                    if top[x] == 0 and x <= n1:
                        zeros += 1
                    if tracking and u == x and x <= n1:
                        # x's first option goes: its largest share is now d's
                        # (0.0, a header's, if none is left).
                        opened += share[d] - share[q]
                    updates += 1
                    q += 1
            p = dlink[p]
        self.updates += updates
        self.mems += cover_mems(top[i], updates)
        if top[i] == 0 and i <= n1:
            zeros -= 1
        self._zeros += zeros
        if tracking and i <= n1:
            opened -= share[dlink[i]]
        self._open += opened
        l, r = self._llink[i], self._rlink[i]
        self._rlink[l], self._llink[r] = r, l
        self._active -= i <= n1

    def _uncover(self, i):
        top, ulink, dlink, n1 = self._top, self._ulink, self._dlink, self.n_primary
        share, tracking = self._share, self._tracking
        p = ulink[i]
        opened = 0.0
        restored = 0
        while p != i:
            q = p - 1
            while q != p:
                x = top[q]
                if x <= 0:
                    q = dlink[q]
                else:
                    u, d = ulink[q], dlink[q]
                    dlink[u] = ulink[d] = q
                    top[x] += 1
                    if tracking and u == x and x <= n1:
                        opened += share[q] - share[d]
                    restored += 1
                    q -= 1
            p = ulink[p]
        if tracking and i <= n1:
            opened += share[dlink[i]]
        self._open += opened
        self.mems += cover_mems(top[i], restored)
        l, r = self._llink[i], self._rlink[i]
        self._rlink[l] = self._llink[r] = i
        self._active += i <= n1

    def _purify(self, p):
        """Knuth's purify(p), for a node p that gives its secondary item i the color c:
        the options that give i the color c stay, marked with color -1 (committing one
        of them later leaves i alone); every other option in i's list is hidden; i's
        header keeps c. Done by _cover(i) on i's list with the kept options left out of
        its downward links, which _cover walks, and then rebuilt from the upward links,
        which nothing touched. i goes back into the item list at once (X3 never reads
        secondary items, but _force does).

        p itself is normally hidden (it belongs to the option being tried); the node of
        a forced option is not, and stays in the list unmarked, so that _uncommit still
        sees its color."""
        i, c = self._top[p], self._color[p]
        self._set_aside(p, self._dlink, -1)
        self._cover(i)
        l, r = self._llink[i], self._rlink[i]
        self._rlink[l] = self._llink[r] = i
        _relink(self._dlink, self._ulink, i)
        self._color[i] = c

    def _unpurify(self, p):
        """Knuth's unpurify(p): undo _purify(p), the same way through _uncover, which
        walks the upward links."""
        i, c = self._top[p], self._color[p]
        self._color[i] = 0
        self._set_aside(p, self._ulink, c)
        self._uncover(i)
        _relink(self._ulink, self._dlink, i)

    def _set_aside(self, p, links, mark):
        """Link p's item list by `links` (dlink or ulink) past the options that give the
        item p's color c, or -1 (those _purify keeps), and give each of them but p itself
        the color `mark`."""
        color = self._color
        i, c = self._top[p], color[p]
        last = i
        r = links[i]
        while r != i:
            if color[r] == c or color[r] < 0:
                if r != p:
                    color[r] = mark
            else:
                links[last] = r
                last = r
            r = links[r]
        links[last] = i

    def _commit(self, p):
        """Knuth's commit(p, j) for a node p of an option that joins the solution: cover
        p's item if p has no color, purify it if it has one, and leave it alone if p's
        item has already been purified to p's color (color -1)."""
        self._by_color(p, self._cover, self._purify)

    def _uncommit(self, p):
        """Knuth's uncommit(p, j): undo _commit(p)."""
        self._by_color(p, self._uncover, self._unpurify)

    def _by_color(self, p, uncolored, colored):
        """uncolored(p's item) if p has no color, colored(p) if it has one."""
        c = self._color[p] if self._color is not None else 0
        if c == 0:
            uncolored(self._top[p])
        elif c > 0:
            colored(p)

    def _commit_others(self, p):
        """Commit every node of p's option except p itself (step X5, Knuth's C5)."""
        top, ulink, color = self._top, self._ulink, self._color
        q = p + 1
        while q != p:
            x = top[q]
            if x <= 0:
                q = ulink[q]
            else:
                if color is None:
                    self._cover(x)
                else:
                    self._commit(q)
                q += 1

    def _uncommit_others(self, p):
        """Undo _commit_others in exactly the reverse order (step X6)."""
        top, dlink, color = self._top, self._dlink, self._color
        q = p - 1
        while q != p:
            x = top[q]
            if x <= 0:
                q = dlink[q]
            else:
                if color is None:
                    self._uncover(x)
                else:
                    self._uncommit(q)
                q -= 1

    def _option_of(self, p):
        top = self._top
        while top[p] > 0:
            p -= 1
        return -top[p]

    def _weight_of(self, p):
        return self._weights[self._option_of(p)] if self._weights else 0

    # -- starting and unwinding ----------------------------------------------------

    def start(self, forced=(), first_item=False, maximize=False):
        """Forget the previous search, commit the `forced` options, and get ready for `run`.

        A forced option that clashes with an earlier one (or repeats it) leaves a
        problem with no solution: the next `run` returns EXHAUSTED.
        """
        self._check_idle()
        forced = [_option_index(j, self.n_options) for j in forced]
        if maximize and self._weights is None:
            raise ProblemError("maximize needs option weights")
        self._unwind()
        if self._weights is not None:
            self._order_lists(bool(maximize))
        self.nodes = self.updates = self.count = self.mems = 0
        self._first_item, self._maximize = bool(first_item), bool(maximize)
        self._weight, self._best, self._best_solution = 0, None, None
        self._step = _X2
        for j in forced:
            if not self._force(j):
                self._step = None
                break
        if self._maximize:
            self._open = self._largest_shares()
            self._tracking = True
        return None

    def _force(self, j):
        """Commit option j as if the search had chosen it; False (and nothing done) if
        it clashes with the options forced before it."""
        top, llink, rlink, color = self._top, self._llink, self._rlink, self._color
        first = self._first_node[j]
        for p in range(first, self._dlink[first - 1] + 1):
            i = top[p]
            # Clashes: i is covered; or i is purified and p does not share its color
            # (not -1), as when p's option purified it: a repeat.
            if rlink[llink[i]] != i or (color is not None and color[p] >= 0 and color[i]):
                return False
        self._commit(first)
        self._commit_others(first)
        self._forced.append(j)
        self._weight += self._weights[j] if self._weights else 0
        return True

    def _order_lists(self, by_share):
        """Link the options of every primary item in index order or, for maximize, by
        decreasing share (ties by index).

        In share order an item's first option holds its largest share, so the bound
        reads it without a scan, and X5 tries the most promising option first. Hiding
        and unhiding keep the order of a list, so it holds throughout the search.
        Called with nothing covered."""
        if self._by_share == by_share:
            return
        self._by_share = by_share
        ulink, dlink, share = self._ulink, self._dlink, self._share
        for i in range(1, self.n_primary + 1):
            members = []
            p = dlink[i]
            while p != i:
                members.append(p)
                p = dlink[p]
            members.sort(key=(lambda q: (-share[q], q)) if by_share else None)
            chain = [i, *members]
            for above, below in zip(chain, chain[1:] + [i]):
                dlink[above], ulink[below] = below, above

    def _unwind(self):
        self._tracking = False
        while self._x:
            self._level_back()
        while self._forced:
            first = self._first_node[self._forced.pop()]
            self._uncommit_others(first)
            self._uncommit(first)
        self._zeros = self._zeros_initial

    def _level_back(self):
        """Leave the deepest level, restoring the links exactly as they were."""
        p = self._x.pop()
        self._width.pop()
        self._pos.pop()
        self._zeros_after.pop()
        self._uncommit_others(p)
        self._weight -= self._weight_of(p)
        self._uncover(self._top[p])

    # -- the search ----------------------------------------------------------------

    def run(self, budget, count_only=False):
        """Search until a solution, the end, or `budget` more nodes; return which.

        Returns SOLUTION (then `solution()` is valid; in maximize mode only for a
        strictly better one), EXHAUSTED, or PAUSED. With `count_only` solutions are
        just counted and the search goes on. A budget of 0 only moves the search on to
        its next node (backing up from a solution) without visiting it: a trace uses
        that to see each node before it is visited.
        """
        self._check_idle()
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 0:
            raise ProblemError(f"budget must be a non-negative integer, not {budget!r}")
        self._running = True
        try:
            return self._search(budget, count_only and not self._maximize)
        finally:
            self._running = False

    def _search(self, budget, count_only):
        top, dlink, rlink = self._top, self._dlink, self._rlink
        x, width, pos = self._x, self._width, self._pos
        stop = self.nodes + budget
        step = self._step
        while True:
            if step is None:
                return EXHAUSTED
            if step == _X8:
                # X8, then X6: undo the deepest level's option and move to the next one.
                if not x:
                    self._step = None
                    return EXHAUSTED
                p = x[-1]
                self._uncommit_others(p)
                self._zeros = self._zeros_after[-1]
                self._weight -= self._weight_of(p)
                x[-1] = dlink[p]
                pos[-1] += 1
                step = self._try_option()
                continue
            # X2: a new node of the search tree.
            if self.nodes >= stop:
                self._step = _X2
                return PAUSED
            self.nodes += 1
            if self._tracking and self.nodes % _RESUM_EVERY == 0:
                self._open = self._largest_shares()
            if rlink[0] == 0:
                step = _X8
                if self._maximize:
                    if self._best is None or self._weight > self._best:
                        self._best, self._best_solution = self._weight, self._current()
                        self._step = _X8
                        return SOLUTION
                    continue
                self.count += 1
                if count_only:
                    continue
                self._step = _X8
                return SOLUTION
            if self._zeros:
                step = _X8
                continue
            if self._maximize and self._best is not None and (
                    self._weight + self._open <= self._best + _PRUNE_MARGIN):
                step = _X8
                continue
            # X3, X4: choose an item, cover it, start on its first option.
            self.mems += _choose_mems(self._active)
            i = self._choose()
            self._cover(i)
            self._zeros_after.append(self._zeros)
            x.append(dlink[i])
            width.append(top[i])
            pos.append(0)
            step = self._try_option()

    def _try_option(self):
        """X5 for the deepest level: commit its option and go deeper (X2); or, when its
        item has no options left, X7: uncover the item, drop the level, and back up (X8).
        After X7 no item is empty (X3 only runs then), so `_zeros` goes back to 0."""
        x = self._x
        p = x[-1]
        if p <= self.n_primary + self.n_secondary:
            x.pop()
            self._width.pop()
            self._pos.pop()
            self._zeros_after.pop()
            self._uncover(p)
            self._zeros = 0
            return _X8
        self._commit_others(p)
        self._weight += self._weight_of(p)
        return _X2

    def _choose(self):
        """X3: the item to branch on: fewest active options (MRV), ties to the earliest.

        Only called when no item is empty, so the first item with one option wins."""
        rlink, top = self._rlink, self._top
        i = rlink[0]
        if self._first_item:
            return i
        best, best_len = i, top[i]
        i = rlink[i]
        while i != 0 and best_len > 1:
            if top[i] < best_len:
                best, best_len = i, top[i]
            i = rlink[i]
        return best

    def branches(self):
        """The options the search set up by `start` tries at its first node, in the
        order it tries them: those of the item X3 chooses there (MRV or first item, as
        `start` said; for maximize, in share order). None when that node is a solution
        (no primary item left); [] when it is a dead end (an item has no option left,
        or the forced options clash).

        The subtree under each of these options is the search started with that
        option forced too: covering does not depend on the order, and the lists keep
        theirs. That is how a search is cut into subproblems (ExactCover.frontier).
        Only valid before the first `run`."""
        self._check_idle()
        if self.nodes or self._x:
            raise ProblemError("branches() needs a search that start() has just set up")
        if self._step is None:
            return []
        if self._rlink[0] == 0:
            return None
        if self._zeros:
            return []
        i = self._choose()
        options, p = [], self._dlink[i]
        while p != i:
            options.append(self._option_of(p))
            p = self._dlink[p]
        return options

    def set_floor(self, weight):
        """For the maximize search `start` has just set up: look only for solutions
        heavier than `weight`, pruning as if one of that weight had been found (but
        `best_weight` and `solution()` stay None until a heavier one is). A split search
        hands a subproblem the best weight other subproblems found, less one: ties
        still reach the search, so which solution wins does not depend on it."""
        self._check_idle()
        if not self._maximize or self.nodes or self._x:
            raise ProblemError("set_floor() needs a maximize search that start() has just "
                               "set up")
        if not isinstance(weight, int) or isinstance(weight, bool) or abs(weight) >= 2**62:
            raise ProblemError(f"floor must be an integer (|floor| < 2**62), not {weight!r}")
        self._best = weight

    def _largest_shares(self):
        """An upper bound on the weight the uncovered primary items can still add.

        Every option spreads its weight evenly over its primary items (`_share`); a
        completion covers each uncovered primary item exactly once, so no completion
        can add more than the sum, over those items, of the largest share among their
        options: the share of each one's first option (`_order_lists`; an empty item
        adds 0.0, its header's share). The search keeps this sum in `_open` as it
        covers and uncovers (`_cover`); this computes it afresh, for `start`.
        """
        rlink, dlink, share = self._rlink, self._dlink, self._share
        total = 0.0
        i = rlink[0]
        while i != 0:
            total += share[dlink[i]]
            i = rlink[i]
        return total

    # -- results -------------------------------------------------------------------

    def _current(self):
        return self._forced + [self._option_of(p) for p in self._x]

    def solution(self):
        """The options of the solution just reported: forced ones first, then by level."""
        if self._maximize:
            return list(self._best_solution) if self._best_solution is not None else None
        if self._step != _X8 or self.count == 0:
            return None
        return self._current()

    def levels(self):
        """The path to the node the search is at: per level, (item branched on, option
        tried, its position among the item's options from 0, how many it had)."""
        top = self._top
        return [(top[p] - 1, self._option_of(p), k, n)
                for p, k, n in zip(self._x, self._pos, self._width)]

    def lengths(self):
        """(item, number of its active options) for every active primary item, in the
        order X3 scans them."""
        rlink, top = self._rlink, self._top
        found, i = [], rlink[0]
        while i != 0:
            found.append((i - 1, top[i]))
            i = rlink[i]
        return found

    @property
    def best_weight(self):
        return self._best if self._best_solution is not None else None

    @property
    def level(self):
        return len(self._x)

    def progress(self):
        """Knuth's estimate of the fraction of the search tree already explored (0..1)."""
        if self._step is None:
            return 1.0
        done, scale = 0.0, 1.0
        for k, n in zip(self._pos, self._width):
            scale /= n
            done += k * scale
        return done

    def _check_idle(self):
        if self._running:
            raise EngineBusy("this solver is already searching")


def cover_mems(rows, nodes):
    """The mems of covering (or uncovering) an item with `rows` options, `nodes` of
    which it hides (or restores), as DLX1's o/oo macros charge them: 1 to read the
    item's links and 2 to write its neighbours'; rows + 1 reads of a DLINK along its
    list; per option 2 for the spacer (TOP, then ULINK); per node 6 (TOP; ULINK and
    DLINK, one octabyte in his layout; the two link writes; LEN read and written).
    _purify's cover skips the options it keeps but is charged for the whole list, as
    DLX2's purify walks it."""
    return 4 + 3 * rows + 6 * nodes


def _choose_mems(active):
    """The mems of X3 as DLX1 charges its scan for the shortest list: 1 for RLINK(0),
    then 2 per active primary item (its LEN and its RLINK). DLX1 stops only at an empty
    item, which this engine never chooses (see _zeros), so it scans them all; the
    twins find the same item with less work (see _choose), but are charged this."""
    return 1 + 2 * active


def _count_arg(name, value):
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProblemError(f"{name} must be a non-negative integer, not {value!r}")
    return value


def _option_items(j, option, n_items):
    try:
        items = list(option)
    except TypeError:
        raise ProblemError(f"option {j} is not a sequence of items") from None
    if not items:
        raise ProblemError(f"option {j} is empty")
    seen = set()
    for item in items:
        if not isinstance(item, int) or isinstance(item, bool):
            raise ProblemError(f"option {j}: item {item!r} is not an integer")
        if not 0 <= item < n_items:
            raise ProblemError(f"option {j}: unknown item {item} (items are 0..{n_items - 1})")
        if item in seen:
            raise ProblemError(f"option {j}: item {item} appears twice")
        seen.add(item)
    return items


def _check_size(n_items, options):
    size = n_items + 2 + sum(len(option) + 1 for option in options)
    if size > MAX_NODES:
        raise ProblemTooLarge(_too_large(size))


def _too_large(size):
    return f"problem needs {size} nodes; the limit is {MAX_NODES} (items + option entries + options)"


def _weights_arg(weights, n_options):
    if weights is None:
        return None
    weights = list(weights)
    if len(weights) != n_options:
        raise ProblemError(f"{len(weights)} weights for {n_options} options")
    for j, w in enumerate(weights):
        if not isinstance(w, int) or isinstance(w, bool):
            raise ProblemError(f"weight of option {j} is not an integer: {w!r}")
        if abs(w) >= 2**31:
            raise ProblemError(f"weight of option {j} is out of range (|w| < 2**31)")
    return weights


def _relink(links, other, head):
    """Rebuild the `links` (dlink or ulink) of the circular list at `head` from its
    `other` links, which go the other way."""
    after = head
    r = other[head]
    while r != head:
        links[r] = after
        after = r
        r = other[r]
    links[head] = after


_COLOR_LIMIT = 2**31
"""Colors are 0 (none) or positive integers below this (the C twin's `int`)."""


def _colors_arg(colors, options, n_primary):
    """The checked colors, one list per option parallel to its items; None when there
    are none or all are 0 (then the problem is searched as one without colors)."""
    if colors is None:
        return None
    colors = list(colors)
    if len(colors) != len(options):
        raise ProblemError(f"{len(colors)} color lists for {len(options)} options")
    checked = [_option_colors(j, tints, options[j], n_primary) for j, tints in enumerate(colors)]
    return checked if any(any(tints) for tints in checked) else None


def _option_colors(j, tints, items, n_primary):
    try:
        tints = list(tints)
    except TypeError:
        raise ProblemError(f"colors of option {j} are not a sequence") from None
    if len(tints) != len(items):
        raise ProblemError(f"option {j}: {len(tints)} colors for {len(items)} items")
    for item, c in zip(items, tints):
        if not isinstance(c, int) or isinstance(c, bool):
            raise ProblemError(f"option {j}: color {c!r} is not an integer")
        if not 0 <= c < _COLOR_LIMIT:
            raise ProblemError(f"option {j}: color {c} is out of range (0 <= color < 2**31)")
        if c and item < n_primary:
            raise ProblemError(f"option {j}: primary item {int(item)} cannot have a color")
    return tints


def _option_index(j, n_options):
    if not isinstance(j, int) or isinstance(j, bool) or not 0 <= j < n_options:
        raise ProblemError(f"forced option {j!r} is not an option index (0..{n_options - 1})")
    return j
