"""A brute-force exact-cover oracle, written from the definition and sharing nothing with dlxcli.

Layer: tests. In the manner of jwg4/exact_cover's tests/bruteforce.py: every subset of
the options is tried, so the answers cannot inherit a bug of the dancing-links search.
It is exponential in the number of options; keep problems to a dozen options or so.

The problem has the engine's shape: items 0..n_primary-1 are primary, the next
n_secondary are secondary; an option is a collection of distinct items; solutions are
sets of option indices. A set of options is a cover when every primary item lies in
exactly one of them and every secondary item in at most one.

One convention is Knuth's rather than the bare definition: Algorithm X (TAOCP 7.2.2.1)
only ever chooses an option in order to cover a primary item, so an option made of
secondary items alone is never part of a solution, unless it is forced. Without that
rule such options could be added to any solution they do not overlap.

Colors (Knuth's Algorithm C): `colors`, when given, holds one list per option, parallel
to its items: 0 for no color, else the color the option gives that (secondary) item.
A secondary item may then lie in several chosen options if every one of them gives it
the same color; a use without a color still excludes every other use.
"""

from itertools import permutations


def _tints(options, colors):
    """The colors of every option, all 0 when the problem has none."""
    return colors if colors is not None else [[0] * len(option) for option in options]


def is_cover(n_primary, n_secondary, options, chosen, colors=None):
    """True if the options numbered `chosen` cover each primary item exactly once, and
    each secondary item at most once or else always with one and the same color (an
    option chosen twice is never a cover)."""
    tints = _tints(options, colors)
    uses = [[] for _ in range(n_primary + n_secondary)]
    for j in chosen:
        if not 0 <= j < len(options):
            return False
        for item, color in zip(options[j], tints[j]):
            uses[item].append(color)
    return (len(set(chosen)) == len(chosen)
            and all(len(u) == 1 for u in uses[:n_primary])
            and all(len(u) <= 1 or (0 not in u and len(set(u)) == 1) for u in uses[n_primary:]))


def _use_masks(n_items, options, tints):
    """(occupies, blocks) bit masks per option, so that two sets of options can be
    chosen together iff neither blocks a bit the other occupies.

    Bit x stands for item x used without a color, one more bit for each (item, color)
    pair used. A use without a color occupies and blocks all the bits of its item; a
    use with color c occupies c's bit and blocks the others. Without colors both
    masks are the option's set of items."""
    pair_bit = {}
    for option, colors in zip(options, tints):
        for item, color in zip(option, colors):
            if color and (item, color) not in pair_bit:
                pair_bit[item, color] = n_items + len(pair_bit)
    every = [1 << item for item in range(n_items)]
    for (item, _), bit in pair_bit.items():
        every[item] |= 1 << bit
    masks = []
    for option, colors in zip(options, tints):
        occupies = blocks = 0
        for item, color in zip(option, colors):
            own = 1 << pair_bit[item, color] if color else every[item]
            occupies |= own
            blocks |= every[item] & ~own if color else own
        masks.append((occupies, blocks))
    return masks


def _joined(union, masks):
    """The masks of a set of options with one more option, or None if they clash."""
    if union is None or union[1] & masks[0] or masks[1] & union[0]:
        return None
    return union[0] | masks[0], union[1] | masks[1]


def exact_covers(n_primary, n_secondary, options, forced=(), colors=None):
    """The set of all solutions, each a frozenset of option indices, that contain the
    `forced` options. A forced option given twice leaves no solution."""
    masks = _use_masks(n_primary + n_secondary, options, _tints(options, colors))
    primary = (1 << n_primary) - 1
    base = (0, 0)
    for j in forced:
        base = _joined(base, masks[j])
    if base is None or len(set(forced)) < len(forced):
        return set()
    free = [j for j in range(len(options)) if masks[j][0] & primary and j not in forced]
    # union[s] is the masks of the forced options plus the subset s of `free` (bit k of
    # s stands for free[k]), or None if two of those options clash. Each subset is built
    # from the one without its highest member, so all 2**len(free) subsets are visited
    # in one pass.
    union = [base] * (1 << len(free))
    for s in range(1, len(union)):
        high = s.bit_length() - 1
        union[s] = _joined(union[s ^ (1 << high)], masks[free[high]])
    forced_set = frozenset(forced)
    return {
        forced_set | {free[k] for k in range(len(free)) if s >> k & 1}
        for s, covered in enumerate(union)
        if covered is not None and covered[0] & primary == primary
    }


def covers_by_search(n_primary, n_secondary, options, forced=(), colors=None):
    """The same set as exact_covers, for problems with too many options to try every
    subset: every option that contains the lowest primary item not yet covered, and
    agrees with the options already taken, is taken in turn, and so on."""
    tints = _tints(options, colors)

    def extend(chosen, uses):
        item = next((x for x in range(n_primary) if x not in uses), None)
        if item is None:
            yield frozenset(chosen)
            return
        for j, option in enumerate(options):
            if item in option:
                more = _taken(uses, option, tints[j])
                if more is not None:
                    yield from extend(chosen + [j], more)

    uses = {}
    for j in forced:
        uses = _taken(uses, options[j], tints[j]) if uses is not None else None
    if uses is None or len(set(forced)) < len(forced):
        return set()
    return set(extend(list(forced), uses))


def _taken(uses, option, colors):
    """`uses` (item -> its color, 0 for none) with the option taken too, or None when
    the option shares an item with them other than in one and the same color."""
    more = dict(uses)
    for item, color in zip(option, colors):
        if item in more and (color == 0 or more[item] != color):
            return None
        more[item] = color
    return more


def lexicographic_covers(n_primary, n_secondary, options, forced=(), colors=None):
    """All solutions as sorted tuples of option indices, in lexicographic order."""
    return sorted(tuple(sorted(s))
                  for s in exact_covers(n_primary, n_secondary, options, forced, colors))


def weight(solution, weights):
    return sum(weights[j] for j in solution)


def best_weight(n_primary, n_secondary, options, weights, forced=(), colors=None):
    """The largest total weight of a solution, or None when there is no solution."""
    covers = exact_covers(n_primary, n_secondary, options, forced, colors)
    return max((weight(s, weights) for s in covers), default=None)


def queens(n):
    """Every way to put n non-attacking queens on an n x n board, as the tuple of the
    queens' columns row by row, in lexicographic order."""
    return list(queen_placements(n))


def queen_placements(n):
    """queens(n) one at a time: a filter over all permutations (one queen per row and per
    column), in lexicographic order, keeping those with no two queens on a diagonal."""
    return (cols for cols in permutations(range(n))
            if len({r + c for r, c in enumerate(cols)}) == n
            and len({r - c for r, c in enumerate(cols)}) == n)
