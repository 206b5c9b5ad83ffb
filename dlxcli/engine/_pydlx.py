"""The pure-Python twin of the exact-cover engine: the fallback, made fast on bit sets.

Layer: engine. Source: D. E. Knuth, The Art of Computer Programming 7.2.2.1,
Algorithm X and his program DLX1, with the colors of his Algorithm C and program DLX2
(purify and unpurify). It runs where the C twin (`_dlx.c`) was not built, and keeps
the twins' contract (docs/engine.md, "What the twins promise"): the same item chosen
at every node (MRV, ties to the earliest item), the same options tried in the same
order, the same solutions in the same order, the same node counts, `branches()` and
exceptions. It does not count `updates` and `mems` (they are None here): the C twin
counts them where its links are touched. The readable Algorithm X on dancing links,
step by step as Knuth writes it, is `_reference.py`; this file is an optimisation
study of the same search (docs/performance.md, "The Python twin"):

* the set of active options is one Python integer used as a bit set, numbered so that
  the search tries them from the highest bit down (_arrange). Covering an item is one
  `&` of two integers, which CPython does a 30-bit digit at a time, and backing up is
  free: each level keeps the state it started from. An interpreted step costs as much
  as a dozen digits, so this beats walking links in Python several times over;
* X4 and X5 are fused: without colors, the covers of a commit hide exactly the active
  options that meet the option committed (its meeting set, `_meets`), the chosen
  item's list among them, so one `&` makes both;
* once the forced options have hidden thousands of options, the options left are
  numbered afresh (_compact), so that every `&` reads fewer digits.

What the links would give for free, this twin keeps beside the bit set: LEN(i) for
every primary item, the number of active options containing i (`_lengths`: a
bytearray when no item has more than 254 options, else a list), which X3 reads; a
covered item's entry is raised to `_covered_length` so that X3 never picks it. A
commit lowers a copy of the level's lengths by one per hidden option and item (the
lengths themselves for the level's last option), or counts them afresh when it hides
so many options that a count is cheaper.

Its arguments come checked (engine._checks): plain ints, in range.

The search is iterative: the level stack replaces recursion and the step (X2 or X8)
to resume from is kept in ``_step``, so ``run`` can stop after a budget of nodes and
be called again; the driver uses that to honour Ctrl-C, time limits and progress
displays.
"""

from __future__ import annotations

from ..errors import EngineBusy, ProblemError, ProblemTooLarge
from ._checks import MAX_NODES
from ._pylearn import Learner  # noqa: F401  (the twin's Learner, issue 23)

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs start-up: mypy alone reads this
    from collections.abc import Sequence

    Lengths = bytearray | list[int]
    """LEN of every primary item (see the top of this file)."""

EXHAUSTED, SOLUTION, PAUSED = 0, 1, 2
MAX_BITS = 2**32
"""Refuse problems with more items x options than this: the bit sets of the items'
options would take more than 512 MiB (the C twin's links do not grow that way)."""
_X2, _X8 = 0, 1
_PRUNE_MARGIN = 0.5 + 1 / 1024
"""Weights are integers, so a branch can only improve on `best` if its bound is at
least best + 1: a branch is pruned when its bound is at most best + this margin. The
twins reach the bound by different floating-point sums (the C twin by differences at
every cover, this one afresh at every node), so their roundings differ; a margin a
bound can never equal exactly (short of options with 1,024 primary items) keeps them
on the same side of it. With 0.5, a bound of exactly best + 1/2 (shares in halves)
was pruned by one twin and not the other."""
_COMPACT_AT = 4096
"""A search numbers the options afresh (_compact) when the forced options have hidden
at least this many of them: every `&` then reads a 30-bit digit less per 30 options
hidden. On a 25x25 sudoku (15,625 options, about 13,500 hidden by the givens) the
numbering costs about 9 ms, paid back within 2,000 nodes, and the search then runs
1.8x faster; on a 9x9 one (729 options) it would cost more than it saves."""
_MEETS_BITS = 2**26
"""The search reads, for each option it commits, the set of options that meet it
(`_meets`): kept for every option when that takes at most this many bits (8 MiB: up
to 8,192 options), else made afresh at each commit."""
_RECOUNT_FACTOR = 2
"""A commit counts the lengths afresh (one `&` and popcount per primary item) instead
of lowering them option by option when it hides at least this many times n_primary
divided by the average number of primary items per option. Measured on sudoku,
queens and pentominoes when covers and commits were apart: 1 and 2 alike, 4 slower
on pentominoes."""


_NUMBERING = ("_bit_option", "_items_at", "_primary_at", "_colors_at", "_weight_at",
              "_share_at", "_item_bits", "_primary_bits", "_color_bits", "_meets_at",
              "_option_bit")
"""The tables _number builds: those that change with the numbering of the options."""


class _Level:
    """One level of the search: the item X3 chose, the state at the node (see _search),
    and where the trial of its options stands. The search keeps the levels it has
    made, one per depth, and opens them again: making one per node cost 5%."""

    __slots__ = (
        "active", "alive", "bit", "counted", "frame", "item", "key", "lengths", "listed",
        "position", "purified", "untried", "visited", "width"
    )

    def open(self, item: int, alive: int, lengths: Lengths, active: int, listed: int,
             width: int) -> None:
        self.item = item
        self.alive = alive            # the active options at the node
        self.lengths = lengths        # and the items' lengths
        self.active = active          # and the number of active primary items
        self.listed = listed          # bits of the item's options
        self.untried = listed         # and of those not tried yet
        self.bit = -1                 # the option being tried
        self.position = -1            # its place among the item's options, from 0
        self.width = width            # how many options it had
        self.purified: Sequence[int] = ()  # the secondary items its commit purified
        self.counted = -1             # a counting search's count at the node (memo_enter),
        self.visited = 0              # and its nodes; -1: the node is not memoized
        self.key = alive              # the node's memo key (see _search)
        self.frame: _Frame | None = None  # a split node's parts (see _Frame)

    def open_frame(self, frame: _Frame, key: int, counted: int, visited: int) -> None:
        """Open this level for a split node (docs/engine.md, "Independent parts"): its
        "options" are the parts, searched one after the other."""
        self.frame, self.key, self.counted, self.visited = frame, key, counted, visited
        self.item = self.bit = -1
        self.position, self.width = 0, len(frame.parts)
        self.purified = ()


class Solver:
    """One exact-cover problem, searchable again and again (e.g. with other givens)."""

    __slots__ = (
        "_active", "_alive", "_base", "_best", "_best_solution", "_bit_option",
        "_color_bits", "_colors", "_colors_at", "_compact_due", "_covered_length",
        "_first_item", "_forced", "_full_numbering", "_initial_lengths", "_item_bits",
        "_items_at", "_lengths", "_levels", "_levels_made", "_maximize", "_meets_at",
        "_numbered", "_option_bit", "_options", "_primary_at", "_primary_bits",
        "_purified", "_recount_at", "_running", "_share_at", "_shares", "_step", "_weight",
        "_weight_at", "_weights", "count", "_memo", "_memo_mode", "_memo_bytes", "_memo_keep",
        "_rank", "_scope", "_split", "_split_on",
        "n_options", "n_primary", "n_secondary", "nodes"
    )
    _levels: list[_Level]
    _levels_made: list[_Level]
    _forced: list[int]
    _step: int | None
    _best: int | None
    updates = mems = bit_sets = None
    """Not counted by this twin: the C twin counts them (docs/engine.md, "What the twins
    promise"); bit_sets says whether a C twin's count runs on its bit-set path (this
    twin has one path)."""

    def __init__(self, n_primary: int, n_secondary: int, options: list[list[int]],
                 weights: list[int] | None = None,
                 colors: list[list[int]] | None = None) -> None:
        """The problem as engine._checks hands it over: checked, plain ints."""
        n_items = n_primary + n_secondary
        if n_items * len(options) > MAX_BITS:
            raise ProblemTooLarge(
                f"problem has {n_items} items x {len(options)} options; the pure-Python "
                f"twin's limit is {MAX_BITS} (the C twin has none such)")
        self.n_primary, self.n_secondary, self.n_options = n_primary, n_secondary, len(options)
        self._options = [list(option) for option in options]  # the caller's may change
        self._weights, self._colors = weights, colors
        self._shares = self._option_shares() if self._weights is not None else None
        primaries = sum(1 for option in options for item in option if item < n_primary)
        per_option = max(primaries / max(len(options), 1), 1.0)
        self._recount_at = max(1, int(_RECOUNT_FACTOR * n_primary / per_option))
        self._initial_lengths, self._covered_length = self._lengths_at_start()
        self._numbered = self._full_numbering = None
        self._levels_made = []
        self._running = False
        self._memo_mode, self._memo_bytes, self._rank = MEMO_AUTO, MEMO_BYTES, None
        self._split_on = True
        self._memo: Memo | None = None
        self._memo_keep = False
        self.start()

    def _option_shares(self):
        """Each option's weight spread evenly over its primary items (secondary items may
        stay uncovered, so they cannot carry any of it); see _bound."""
        return [weight / max(sum(1 for item in option if item < self.n_primary), 1)
                for weight, option in zip(self._weights, self._options)]

    # -- the bit sets ----------------------------------------------------------------

    def _lengths_at_start(self):
        """LEN of every primary item before any cover, and the length that marks an item
        covered: in a bytearray (whose `find` X3 uses) when no item has 255 options."""
        counts = [0] * self.n_primary
        for option in self._options:
            for item in option:
                if item < self.n_primary:
                    counts[item] += 1
        if max(counts, default=0) < 255:
            return bytearray(counts), 255
        return counts, MAX_NODES

    def _arrange(self, by_share):
        """Number the options' bits in the reverse of the order the search tries them:
        input order or, for maximize, by decreasing share (ties by index), so that every
        item's first active option is its highest bit and holds its largest share (see
        _bound). An item's options are tried from its highest bit down, as Knuth's
        lists keep them in the order they were built (or, for maximize, sorted).

        Highest first, because CPython finds an integer's highest bit without reading
        it (`bit_length`), and clearing that bit shrinks the integer; the lowest bit
        (`x & -x`) costs a negation and a two's-complement `&` of the whole integer,
        several times more on large problems.

        The numbering of all options is kept for the next `start` (see _compact).
        `_numbered` says which numbering the tables hold, None while they are being
        built: a time limit may cut that short, and the next call then starts over."""
        if self._numbered == by_share:
            return
        self._numbered = None
        if self._full_numbering and self._full_numbering[0] == by_share:
            for name, value in zip(_NUMBERING, self._full_numbering[1]):
                setattr(self, name, value)
        else:
            order = list(range(self.n_options))
            if by_share:
                order.sort(key=lambda j: -self._shares[j])
            order.reverse()
            self._number(order)
            self._full_numbering = (by_share, [getattr(self, name) for name in _NUMBERING])
        self._numbered = by_share

    def _number(self, bit_option):
        """Give option bit_option[b] bit b, and build every table indexed by bits."""
        self._bit_option = bit_option
        self._option_bit = {j: b for b, j in enumerate(bit_option)}
        self._items_at = [self._options[j] for j in bit_option]
        self._primary_at = [[item for item in self._options[j] if item < self.n_primary]
                            for j in bit_option]
        self._colors_at = [self._colors[j] for j in bit_option] if self._colors else None
        self._weight_at = ([self._weights[j] for j in bit_option] if self._weights
                           else [0] * len(bit_option))
        self._share_at = [self._shares[j] for j in bit_option] if self._shares else None
        self._item_bits = _bit_sets(self.n_primary + self.n_secondary, self._items_at)
        self._primary_bits = self._item_bits[:self.n_primary]
        self._color_bits = self._same_color_bits() if self._colors else None
        fits = len(bit_option) ** 2 <= _MEETS_BITS
        self._meets_at = [self._meets(b) for b in range(len(bit_option))] if fits else None

    def _meets(self, b):
        """The bits of the options that share an item with option b (b among them)."""
        meets = 0
        for item in self._items_at[b]:
            meets |= self._item_bits[item]
        return meets

    def _compact(self):
        """Number afresh only the options still active, in the same order, once the
        forced options have hidden thousands (_COMPACT_AT): every `&` in the search
        then reads that many fewer digits (a 25x25 sudoku's givens leave about 2,000
        of its 15,625 options). The items' lengths do not change. Done by the first
        `run` after `start`, not by `start`: a split search calls `start` and
        `branches` for every subproblem it makes, and searches none of them there."""
        self._numbered = None  # before the tables change (see _arrange)
        kept = [self._bit_option[b] for b in _bit_list(self._alive)]
        kept.reverse()
        self._number(kept)
        self._alive = (1 << len(kept)) - 1
        self._base = (self._alive,) + self._base[1:]
        self._compact_due = False

    def _same_color_bits(self):
        """(item, color) -> the bits of the options that give the item that color."""
        keys = {}
        tagged = [[keys.setdefault((item, color), len(keys))
                   for item, color in zip(items, colors) if color]
                  for items, colors in zip(self._items_at, self._colors_at)]
        return dict(zip(keys, _bit_sets(len(keys), tagged)))

    def _commit(self, b: int, chosen: int | None, alive: int,
                purified: list[int]) -> tuple[int, int]:
        """Knuth's commit(p, j) for the items of option b that follow the item `chosen`
        (X5), cyclically, or for all of them (`chosen` None: a forced option), with
        `alive` the active options: cover an item the option gives no color; purify
        one it gives a color, unless an earlier commit purified it already (to that
        color: any other would have hidden this option). Returns the active options
        left and those hidden; appends the items it purified to `purified`.
        (Without colors, the search loop does the same with one `&`: see `_meets`.)"""
        items, item_bits = self._items_at[b], self._item_bits
        colors = self._colors_at[b] if self._colors_at else None
        first = 0 if chosen is None else items.index(chosen) + 1
        hidden = 0
        for k in range(first, first + len(items) - (chosen is not None)):
            item, color = items[k % len(items)], colors[k % len(items)] if colors else 0
            listed = alive & item_bits[item]
            if not color:
                going = listed
            elif self._purified[item]:
                continue
            else:
                going = listed & ~self._color_bits[item, color]
                self._purified[item] = color
                purified.append(item)
            alive ^= going
            hidden |= going
        return alive, hidden

    def _count_lengths(self, lengths, alive, newly_covered):
        """The primary items' lengths counted afresh in `alive`: items covered before
        (`top` in `lengths`) stay so, and the items `newly_covered` are raised to it."""
        top = self._covered_length
        lengths = type(lengths)([top if length == top else (alive & bits).bit_count()
                                 for length, bits in zip(lengths, self._primary_bits)])
        for item in newly_covered:
            lengths[item] = top
        return lengths

    def _option_of(self, b):
        return self._bit_option[b]

    # -- starting -----------------------------------------------------------------

    def start(self, forced: Sequence[int] = (), first_item: bool = False,
              maximize: bool = False) -> None:
        """Forget the previous search, commit the `forced` options, and get ready for `run`.

        A forced option that clashes with an earlier one (or repeats it) leaves a
        problem with no solution: the next `run` returns EXHAUSTED.
        """
        self._check_idle()
        self._arrange(bool(maximize))
        self.nodes = self.count = 0
        self._split: _Split | None = None
        self._scope: Scope = _NO_SCOPE
        self._first_item, self._maximize = bool(first_item), bool(maximize)
        self._weight, self._best, self._best_solution = 0, None, None
        self._alive = (1 << self.n_options) - 1
        self._lengths = self._initial_lengths[:]
        self._active = self.n_primary
        self._purified = [0] * (self.n_primary + self.n_secondary)
        self._levels, self._forced = [], []
        self._step = _X2
        for j in forced:
            if not self._force(j, self._option_bit[j]):
                self._step = None
                break
        self._memo_next_search(len(self._forced))
        if forced:
            covered = [item for j in self._forced for item in self._options[j]
                       if item < self.n_primary]
            self._lengths = self._count_lengths(self._lengths, self._alive, covered)
        self._compact_due = (self._step is not None and not self._memo_keep
                             and self.n_options - self._alive.bit_count() >= _COMPACT_AT)
        # A copy of the lengths: _search may lower self._lengths in place.
        self._base = (self._alive, self._lengths[:], self._active)

    def _memo_next_search(self, n_forced):
        """`start`'s part for the memo: a kept memo (keep_memo) goes on into the next
        search, whose `n_forced` options shift its depths (see Memo.restart); any other
        is forgotten (set up again by the first count's `run`). A kept memo's keys are
        sets of options numbered once: its searches number no options afresh
        (`_compact`)."""
        if self._memo_keep and self._memo is not None:
            self._memo.restart(n_forced)
        else:
            self._memo = None

    def _force(self, j, b):
        """Commit option j (bit b) as if the search had chosen it, but for the lengths,
        which `start` counts once all are committed; False (and nothing done) if it
        clashes with the options forced before it: one of its items is covered, or
        purified to another color, or it repeats one."""
        if not self._alive >> b & 1:
            return False
        alive, _ = self._commit(b, None, self._alive, [])
        self._alive = alive & ~(1 << b)
        self._active -= len(self._primary_at[b])
        self._forced.append(j)
        self._weight += self._weight_at[b]
        return True

    # -- the search ----------------------------------------------------------------

    def run(self, budget: int, count_only: bool = False) -> int:
        """Search until a solution, the end, or `budget` more nodes; return which.

        Returns SOLUTION (then `solution()` is valid; in maximize mode only for a
        strictly better one), EXHAUSTED, or PAUSED. With `count_only` solutions are
        just counted and the search goes on. A budget of 0 only moves the search on to
        its next node (backing up from a solution) without visiting it: a trace uses
        that to see each node before it is visited. If it raises (Ctrl-C, a time
        limit), the search cannot go on: `start` again.
        """
        self._check_idle()
        self._running = True
        try:
            if self._compact_due:
                self._compact()
            count_only = count_only and not self._maximize
            if count_only and self._memo is None and self._memo_mode != MEMO_OFF:
                if self._rank is None:
                    self._rank = _ranks(self._options, self.n_primary)
                self._memo = Memo(self._memo_mode, self._memo_bytes, self.n_options,
                                  self._memo_keep, len(self._forced))
            if count_only and self._split is None and self._split_on:
                self._split = _Split(self.n_primary, self._primary_bits)
            return self._search(budget, count_only)
        finally:
            self._running = False

    def _search(self, budget: int, count_only: bool) -> int:
        """Knuth's steps X2..X8, from the step where the last call stopped.

        One loop with the state in local variables (written back on the way out):
        here a lookup on self or a call costs as much as a dozen digits of an `&`.
        The state at a node is `alive` (the active options), `lengths` (the primary
        items' LEN) and `active` (how many primary items are uncovered), and for
        maximize `weight`; a level keeps the state it starts from, so backing up costs
        nothing.

        X4 covers the chosen item and X5 then commits one of its options; here both
        are done at once, from the level's state: the options hidden are those that
        meet the option (`_meets`), the item's list among them."""
        levels, item_bits, primary_at = self._levels, self._item_bits, self._primary_at
        weight_at, meets_at, levels_made = self._weight_at, self._meets_at, self._levels_made
        recount_at, top = self._recount_at, self._covered_length
        memo = self._memo if count_only else None
        split = self._split if count_only else None
        goal, scope, key_mask = self._scope
        shortest_first = isinstance(self._lengths, bytearray) and not self._first_item
        colored, maximize = self._colors_at is not None, self._maximize
        alive, lengths, active, weight = self._alive, self._lengths, self._active, self._weight
        nodes, count = self.nodes, self.count
        stop, step = nodes + budget, self._step
        try:
            while step is not None:
                if step == _X8:
                    # X6: undo the option tried at the deepest level, if there is one.
                    if not levels:
                        alive, lengths, active = self._base
                        step = None
                        break
                    level = levels[-1]
                    if level.frame is not None:
                        # The part searched below this split node is done: multiply its
                        # count in, then search the next part or back up.
                        frame = level.frame
                        done, count = frame.part_done(count)
                        if done:
                            levels.pop()
                            goal, scope, key_mask = frame.outer
                            if level.counted >= 0 and memo is not None:
                                memo.store(level.key, count - level.counted,
                                           nodes - level.visited + 1)
                            continue
                        level.position += 1
                        goal, scope, key_mask = frame.scope()
                        alive, lengths, active = frame.alive, frame.lengths[:], frame.active
                        step = _X2
                        continue
                    if level.bit >= 0:
                        if colored:
                            for item in level.purified:
                                self._purified[item] = 0
                        if maximize:
                            weight -= weight_at[level.bit]
                    if not level.untried:
                        # X7: no option left: uncover the item and back up (X8).
                        levels.pop()
                        if level.counted >= 0 and memo is not None:
                            memo.store(level.key, count - level.counted,
                                       nodes - level.visited + 1)
                        continue
                    # X5: commit the next option, the highest bit left.
                    b = level.bit = level.untried.bit_length() - 1
                    level.untried ^= 1 << b
                    level.position += 1
                    primary = primary_at[b]
                    if colored:
                        level.purified = []
                        alive, hidden = self._commit(b, level.item, level.alive ^ level.listed,
                                                     level.purified)
                        hidden |= level.listed
                        size = hidden.bit_count()
                    else:
                        # _commit without colors: the covers of the option's items hide,
                        # in all, the active options that meet any of them, whatever
                        # the order; so one `&` does. It hides the item's list too:
                        # X4's cover.
                        hidden = level.alive & (meets_at[b] if meets_at else self._meets(b))
                        alive = level.alive ^ hidden
                        size = hidden.bit_count()
                    active = level.active - len(primary)
                    if size < recount_at:
                        # Lower LEN by one per primary item of each option hidden but b
                        # (its items are covered below): in a copy of the level's lengths
                        # or, for its last option, in those themselves, which no level
                        # needs any more (a level above that handed them down did so on
                        # its own last option). `start` keeps a copy for the end.
                        lengths = level.lengths[:] if level.untried else level.lengths
                        hidden ^= 1 << b
                        while hidden:
                            h = hidden.bit_length() - 1
                            hidden ^= 1 << h
                            for item in primary_at[h]:
                                lengths[item] -= 1
                        for item in primary:
                            lengths[item] = top
                    else:
                        lengths = self._count_lengths(level.lengths, alive, primary)
                    if maximize:
                        weight += weight_at[b]
                # X2: a new node of the search tree.
                if nodes >= stop:
                    step = _X2
                    break
                nodes += 1
                step = _X8
                if active == goal:  # goal: 0, or in a part, the items outside it
                    if maximize:
                        if self._best is None or weight > self._best:
                            self._best, self._best_solution = weight, self._current()
                            break
                        continue
                    count += 1
                    if count_only:
                        continue
                    break
                if 0 in lengths:  # an active item has no option left: a dead end
                    continue
                counted, key = -1, alive
                if memo is not None and memo.wanted(len(levels)):
                    # The active options are the state: the count below depends on
                    # nothing else (docs/engine.md, "Counting with a memo"); in a part,
                    # those of the part.
                    if key_mask is not None:
                        key = alive & key_mask
                    found = memo.lookup(key, len(levels))
                    if found is not None:
                        count += found
                        continue
                    counted = count
                if (split is not None and (not levels or levels[-1].frame is None)
                        and split.wanted(len(levels))):
                    parts = self._parts(alive, lengths, scope, split.with_primary)
                    if parts is not None:
                        # Independent parts: search each alone, multiply their counts.
                        split.splits += 1
                        split.found[len(levels)] += 1
                        frame = _Frame(parts, count, alive, lengths[:], active,
                                       (goal, scope, key_mask))
                        depth = len(levels)
                        if depth == len(levels_made):
                            levels_made.append(_Level())
                        level = levels_made[depth]
                        level.open_frame(frame, key, counted, nodes)
                        levels.append(level)
                        goal, scope, key_mask = frame.scope()
                        step = _X2
                        continue
                if maximize and self._best is not None and (
                        weight + self._bound(alive, lengths) <= self._best + _PRUNE_MARGIN):
                    continue
                # X3, X4: choose an item (as _choose does, inline for MRV on a
                # bytearray) and open a level for its options (X4's cover is made
                # with X5's commit: see above).
                ranked = counted >= 0 and memo is not None and memo.on and memo.proven()
                if scope is not None:
                    item = self._choose_in(scope, lengths, ranked)
                elif ranked:
                    item = self._choose_ranked(lengths)
                elif shortest_first:
                    shortest = 1
                    while (item := lengths.find(shortest)) < 0:
                        shortest += 1
                else:
                    item = self._choose(lengths)
                depth = len(levels)
                if depth == len(levels_made):
                    levels_made.append(_Level())
                level = levels_made[depth]
                level.open(item, alive, lengths, active, alive & item_bits[item], lengths[item])
                level.counted, level.visited, level.key = counted, nodes, key
                levels.append(level)
        finally:
            self._alive, self._lengths, self._active, self._weight = alive, lengths, active, weight
            self._scope = (goal, scope, key_mask)
            self.nodes, self.count = nodes, count
            self._step = step
        if step is None:
            return EXHAUSTED
        return PAUSED if step == _X2 else SOLUTION

    def _choose_ranked(self, lengths):
        """X3 of a counting search whose memo pays: MRV, ties to the lowest rank (the
        C twin's choose_ranked; see _ranks)."""
        top, rank = self._covered_length, self._rank
        if self._first_item:
            return next(item for item, length in enumerate(lengths) if length != top)
        return min((item for item, length in enumerate(lengths) if length != top),
                   key=lambda item: (lengths[item], rank[item]))

    def _choose_in(self, items, lengths, ranked):
        """X3 in a part (its primary items, ascending): MRV, ties to the earliest item or,
        when `ranked`, as _choose_ranked; with first_item, the first item left."""
        top, rank = self._covered_length, self._rank
        left = [item for item in items if lengths[item] != top]
        if self._first_item:
            return left[0]
        if ranked:
            return min(left, key=lambda item: (lengths[item], rank[item]))
        return min(left, key=lengths.__getitem__)

    def _parts(self, alive, lengths, scope, with_primary):
        """The independent parts of what is left to cover (docs/engine.md, "Independent
        parts"), or None if it is all one or too small to split (SPLIT_MIN_ITEMS): the
        primary items left (in `scope`, a part's
        items, or all), grouped by the connected components of the active options that
        hold a primary item (two items are connected when such an option holds both),
        in the order of their first items; each part as (its primary items, ascending;
        the bits of its options, its memo keys' mask). The C twin's find_parts makes
        the same parts."""
        top = self._covered_length
        items = [item for item in (range(self.n_primary) if scope is None else scope)
                 if lengths[item] != top]
        if len(items) < SPLIT_MIN_ITEMS:
            return None
        usable, item_bits, items_at = alive & with_primary, self._item_bits, self._items_at
        part_of = {}
        masks = []
        reached, n_primary = 0, self.n_primary
        for first in items:
            if first in part_of:
                continue
            part, queue, mask, primaries = len(masks), [first], 0, 1
            part_of[first] = part
            while queue:
                new = usable & item_bits[queue.pop()] & ~reached
                reached |= new
                mask |= new
                while new:
                    b = new.bit_length() - 1
                    new ^= 1 << b
                    for other in items_at[b]:
                        if other not in part_of:
                            part_of[other] = part
                            queue.append(other)
                            primaries += other < n_primary
            if not masks and primaries == len(items):
                return None
            masks.append(mask)
        grouped = [[] for _ in masks]
        for item in items:
            grouped[part_of[item]].append(item)
        return list(zip(grouped, masks))

    def set_split(self, on: bool) -> None:
        """Whether the counts of the next searches look for independent parts."""
        self._check_idle()
        self._split_on = bool(on)

    @property
    def splits(self) -> int:
        """Nodes of this search's count split into independent parts."""
        return self._split.splits if self._split is not None else 0

    def set_memo(self, mode: int, max_bytes: int) -> None:
        """How the counts of the next searches use a memo: MEMO_OFF, MEMO_AUTO (where
        it pays) or MEMO_ON, in at most about `max_bytes` (see Memo)."""
        self._check_idle()
        self._memo_mode, self._memo_bytes = mode, max_bytes
        self._memo = None  # a kept memo of other settings

    def keep_memo(self, keep: bool) -> None:
        """Whether the memo of a count outlives `start`, for the next searches of this
        problem, whatever their forced options (a split count's subproblems: see
        Memo.restart); either way the memo kept so far is forgotten."""
        self._check_idle()
        self._memo_keep, self._memo = bool(keep), None

    @property
    def memo_entries(self) -> int:
        return len(self._memo) if self._memo is not None else 0

    @property
    def memo_hits(self) -> int:
        return self._memo.hits if self._memo is not None else 0

    @property
    def memo_lookups(self) -> int:
        return self._memo.lookups if self._memo is not None else 0

    @property
    def memo_bytes(self) -> int:
        return self._memo.size() if self._memo is not None else 0

    @property
    def memo_dropped(self) -> bool:
        return self._memo is not None and self._memo.dropped

    def _choose(self, lengths):
        """X3: the item to branch on: fewest active options (MRV), ties to the earliest;
        or, with first_item, the first active item. Only called when no item is empty."""
        top = self._covered_length
        if self._first_item:
            return next(item for item, length in enumerate(lengths) if length != top)
        if isinstance(lengths, bytearray):
            # No item is empty: look for a 1, then a 2, ... (at C speed).
            shortest = 1
            while (item := lengths.find(shortest)) < 0:
                shortest += 1
            return item
        return lengths.index(min(lengths))

    def branches(self) -> list[int] | None:
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
        if self.nodes or self._levels:
            raise ProblemError("branches() needs a search that start() has just set up")
        if self._step is None:
            return []
        if not self._active:
            return None
        if 0 in self._lengths:
            return []
        item = self._choose(self._lengths)
        return [self._option_of(b) for b in _bit_list(self._alive & self._item_bits[item])]

    def set_floor(self, weight: int) -> None:
        """For the maximize search `start` has just set up: look only for solutions
        heavier than `weight`, pruning as if one of that weight had been found (but
        `best_weight` and `solution()` stay None until a heavier one is). A split search
        hands a subproblem the best weight other subproblems found, less one: ties
        still reach the search, so which solution wins does not depend on it."""
        self._check_idle()
        if not self._maximize or self.nodes or self._levels:
            raise ProblemError("set_floor() needs a maximize search that start() has just "
                               "set up")
        self._best = weight

    def _bound(self, alive, lengths):
        """An upper bound on the weight the uncovered primary items can still add.

        Every option spreads its weight evenly over its primary items (`_shares`); a
        completion covers each uncovered primary item exactly once, so no completion
        can add more than the sum, over those items, of the largest share among their
        options: the share of each one's highest bit (`_arrange`). Only called when no
        active item is empty."""
        top, share_at = self._covered_length, self._share_at
        total = 0.0
        for bits, length in zip(self._primary_bits, lengths):
            if length != top:
                total += share_at[(alive & bits).bit_length() - 1]
        return total

    # -- results -------------------------------------------------------------------

    def _current(self):
        return self._forced + [self._option_of(level.bit) for level in self._levels]

    def solution(self) -> list[int] | None:
        """The options of the solution just reported: forced ones first, then by level."""
        if self._maximize:
            return list(self._best_solution) if self._best_solution is not None else None
        if self._step != _X8 or self.count == 0:
            return None
        return self._current()

    def levels(self) -> list[tuple[int, int, int, int]]:
        """The path to the node the search is at: per level, (item branched on, option
        tried, its position among the item's options from 0, how many it had)."""
        return [(level.item, self._option_of(level.bit) if level.frame is None else -1,
                 level.position, level.width) for level in self._levels]

    def lengths(self) -> list[tuple[int, int]]:
        """(item, number of its active options) for every active primary item, in the
        order X3 scans them."""
        top = self._covered_length
        return [(item, length) for item, length in enumerate(self._lengths) if length != top]

    @property
    def best_weight(self) -> int | None:
        return self._best if self._best_solution is not None else None

    @property
    def level(self) -> int:
        return len(self._levels)

    def progress(self) -> float:
        """Knuth's estimate of the fraction of the search tree already explored (0..1)."""
        if self._step is None:
            return 1.0
        done, scale = 0.0, 1.0
        for level in self._levels:
            scale /= level.width
            done += level.position * scale
        return done

    def _check_idle(self) -> None:
        if self._running:
            raise EngineBusy("this solver is already searching")


Scope = tuple  # (goal, items, key mask): see _Frame.scope
_NO_SCOPE: Scope = (0, None, None)
"""Outside every part: the search is over when no primary item is left, all items are
chosen from, and memo keys are the whole state."""
SPLIT_PROBE, SPLIT_RATIO, SPLIT_MIN_ITEMS = 16, 8, 8
"""A count looks for parts at the first SPLIT_PROBE nodes of each depth, then while at
least one look in SPLIT_RATIO found some, else at the nodes of that depth whose number
there is a power of two; and only where SPLIT_MIN_ITEMS primary items or more are left
in scope (the C twin's, in _dlx.c: docs/engine.md, "Independent parts")."""


class _Split:
    """When a count looks for independent parts: per depth of the search, the nodes
    that could have looked (`seen`), those that did (`tries`) and those that found
    parts (`found`), and the rule of SPLIT_PROBE and SPLIT_RATIO."""

    __slots__ = ("found", "seen", "splits", "tries", "with_primary")

    def __init__(self, n_primary: int, primary_bits: list[int]) -> None:
        depths = 2 * n_primary + 2  # a split level and a level below it per item, at most
        self.seen, self.tries, self.found = [0] * depths, [0] * depths, [0] * depths
        self.splits = 0
        with_primary = 0
        for bits in primary_bits:
            with_primary |= bits
        self.with_primary = with_primary  # the options that hold a primary item

    def wanted(self, depth: int) -> bool:
        """Whether the node at `depth` looks for parts (the caller then counts in
        `found` whether it found some, by `splits`)."""
        self.seen[depth] += 1
        tries, seen = self.tries[depth], self.seen[depth]
        if tries < SPLIT_PROBE or self.found[depth] * SPLIT_RATIO >= tries or not seen & (seen - 1):
            self.tries[depth] += 1
            return True
        return False


class _Frame:
    """A split node's parts, searched one after the other from the same state: each
    part's count is its own search's (its solutions cover its items and no other);
    the node's count is their product, 0 as soon as one part has none."""

    __slots__ = ("active", "alive", "count", "lengths", "outer", "part", "parts", "product")

    def __init__(self, parts: list[tuple[list[int], int]], count: int, alive: int,
                 lengths: Lengths, active: int, outer: Scope) -> None:
        self.parts, self.part, self.product = parts, 0, 1
        self.count = count          # the count when the node split
        self.alive, self.lengths, self.active = alive, lengths, active  # its state
        self.outer = outer          # the scope the node was in

    def scope(self) -> Scope:
        """The scope of the part to search: the search of it is over when its primary
        items are covered (`active` has dropped to the goal), it chooses among them, and
        its memo keys are its options alone."""
        items, mask = self.parts[self.part]
        return self.active - len(items), items, mask

    def part_done(self, count: int) -> tuple[bool, int]:
        """The part searched has added `count` - self.count: multiply it in. Returns
        whether the node is done, and the count to go on with: at the end, the node's
        count added, else the count at the node (for the next part)."""
        found = count - self.count
        self.product *= found
        self.part += 1
        if not found or self.part == len(self.parts):
            return True, self.count + self.product
        return False, self.count


MEMO_OFF, MEMO_AUTO, MEMO_ON = 0, 1, 2
MEMO_BYTES = 256 << 20
"""The memo's default bound (the C twin's, in _memo.c)."""
_MEMO_TRIAL, _MEMO_PROBE = 4096, 1024


class Memo:
    """The memo of a counting search: state (the active options, a Python integer) ->
    (solutions below it, nodes its subtree took). The C twin's (_memo.c) keys are
    its items' states instead; its table and its eviction differ, its decisions are the
    same: under MEMO_AUTO its first _MEMO_TRIAL lookups are a trial that skips nothing
    (the plain search, node for node) and counts the nodes its hits would save; if
    those are fewer than half the lookups, the memo is dropped (`dropped`, its entries
    forgotten) for the rest of the search, and after that a depth stops being looked
    up once its _MEMO_PROBE lookups or more have saved fewer than half of them.

    Bounded: the entries sit in two generations; when the young one holds half the
    entries the bound allows, the old one is dropped and the young one becomes old
    (a hit in the old one moves it back to the young one). A MemoryError (the bound
    is above what the process may take) goes up to the caller: the command line says
    "out of memory" in one line (catching it here could swallow a Ctrl-C whose
    exception could not be made).

    Kept (`keep`, Solver.keep_memo), it serves the searches of one problem one after
    the other (`restart`): its entries, its trial's verdict and its per-depth figures
    stay, `hits` and `lookups` are each search's. A node's figures are kept by its
    depth in the whole search (`offset`: the forced options), and the root of each
    search is looked up too."""

    __slots__ = ("depth_lookups", "depth_saved", "dropped", "hits", "keep", "lookups",
                 "max_entries", "mode", "offset", "old", "on", "tried", "young")

    def __init__(self, mode: int, max_bytes: int, n_options: int, keep: bool = False,
                 offset: int = 0) -> None:
        self.mode, self.on, self.dropped, self.keep = mode, True, False, keep
        per_entry = 160 + n_options // 8  # a dict slot, an int key, a tuple of two ints
        self.max_entries = max(max_bytes // per_entry, 2)
        self.young: dict[int, tuple[int, int]] = {}
        self.old: dict[int, tuple[int, int]] = {}
        self.hits = self.lookups = self.tried = 0
        self.offset = offset if keep else 0
        self.depth_lookups: dict[int, int] = {}
        self.depth_saved: dict[int, int] = {}

    def restart(self, offset: int) -> None:
        """Ready for the next search of a kept memo, with `offset` forced options."""
        self.hits = self.lookups = 0
        self.offset = offset

    def __len__(self) -> int:
        return len(self.young) + len(self.old)

    def size(self) -> int:
        """An estimate of the bytes the entries take."""
        return len(self) * (160 + max((key.bit_length() for key in self.young),
                                      default=0) // 8)

    def proven(self) -> bool:
        return self.mode == MEMO_ON or self.tried >= _MEMO_TRIAL

    def wanted(self, depth: int) -> bool:
        if not self.on or (depth == 0 and not self.keep):
            return False
        lookups = self.depth_lookups.get(depth + self.offset, 0)
        if self.mode == MEMO_ON or lookups < _MEMO_PROBE:
            return True
        return 2 * self.depth_saved.get(depth + self.offset, 0) >= lookups

    def lookup(self, key: int, depth: int) -> int | None:
        """The count below `key`, or None."""
        depth += self.offset
        self.lookups += 1
        self.tried += 1
        self.depth_lookups[depth] = self.depth_lookups.get(depth, 0) + 1
        proven = self.proven()  # False in the trial: hits are counted, nothing skipped
        if self.mode == MEMO_AUTO and self.tried == _MEMO_TRIAL:
            self._judge_trial()
            if not self.on:
                return None
        found = self.young.get(key)
        if found is None and (found := self.old.pop(key, None)) is not None:
            self.young[key] = found
        if found is None:
            return None
        self.depth_saved[depth] = self.depth_saved.get(depth, 0) + found[1]
        if not proven:
            return None
        self.hits += 1
        return found[0]

    def _judge_trial(self) -> None:
        """Drop the memo if the trial's hits would have saved fewer nodes than half
        its lookups."""
        if 2 * sum(self.depth_saved.values()) < self.tried:
            self.on, self.dropped = False, True
            self.young, self.old = {}, {}

    def store(self, key: int, count: int, work: int) -> None:
        if not self.on:
            return
        self.young[key] = (count, work)
        if 2 * len(self.young) >= self.max_entries:
            self.old, self.young = self.young, {}


def _ranks(options, n_primary):
    """Each primary item's place in the ties of a counting search (the C twin's
    rank_items, which says why): a breadth-first walk from the first item, two items
    adjacent when an option holds both."""
    holding: list[list[int]] = [[] for _ in range(n_primary)]
    for j, option in enumerate(options):
        for item in option:
            if item < n_primary:
                holding[item].append(j)

    order, seen, walked = [], [False] * n_primary, [False] * len(options)
    for root in range(n_primary):
        if seen[root]:
            continue
        seen[root] = True
        order.append(root)
        k = len(order) - 1
        while k < len(order):
            for j in holding[order[k]]:
                if walked[j]:  # its items are in the order already: once is enough
                    continue
                walked[j] = True
                for other in options[j]:
                    if other < n_primary and not seen[other]:
                        seen[other] = True
                        order.append(other)
            k += 1
    rank = [0] * n_primary
    for place, item in enumerate(order):
        rank[item] = place
    return rank


def _bit_list(bits):
    """The positions of the 1 bits of `bits`, highest first (the order of trial)."""
    positions = []
    while bits:
        b = bits.bit_length() - 1
        bits ^= 1 << b
        positions.append(b)
    return positions


def _bit_sets(n_sets, members):
    """For each of n_sets sets, the bits b of the options with the set in members[b]
    (for an item: the options that contain it), built a byte at a time: OR-ing
    integers option by option would copy them each time."""
    rows = [bytearray((len(members) + 7) // 8) for _ in range(n_sets)]
    for b, sets in enumerate(members):
        byte, bit = b >> 3, 1 << (b & 7)
        for k in sets:
            rows[k][byte] |= bit
    return [int.from_bytes(row, "little") for row in rows]
