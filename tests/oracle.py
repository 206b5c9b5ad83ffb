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
"""

from itertools import permutations


def _mask(items):
    mask = 0
    for item in items:
        mask |= 1 << item
    return mask


def is_cover(n_primary, n_secondary, options, chosen):
    """True if the options numbered `chosen` cover each primary item exactly once and
    each secondary item at most once (an option chosen twice covers its items twice)."""
    times = [0] * (n_primary + n_secondary)
    for j in chosen:
        if not 0 <= j < len(options):
            return False
        for item in options[j]:
            times[item] += 1
    return (all(t == 1 for t in times[:n_primary])
            and all(t <= 1 for t in times[n_primary:]))


def exact_covers(n_primary, n_secondary, options, forced=()):
    """The set of all solutions, each a frozenset of option indices, that contain the
    `forced` options. A forced option given twice covers its items twice: no solution."""
    masks = [_mask(option) for option in options]
    primary = (1 << n_primary) - 1
    base = 0
    for j in forced:
        if base & masks[j]:
            return set()
        base |= masks[j]
    free = [j for j in range(len(options)) if masks[j] & primary and j not in forced]
    # union[s] is what the forced options plus the subset s of `free` cover (bit k of s
    # stands for free[k]), or None if two of those options share an item. Each subset
    # is built from the one without its highest member, so all 2**len(free) subsets are
    # visited in one pass.
    union = [base] * (1 << len(free))
    for s in range(1, len(union)):
        high = s.bit_length() - 1
        rest, mask = union[s ^ (1 << high)], masks[free[high]]
        union[s] = None if rest is None or rest & mask else rest | mask
    forced_set = frozenset(forced)
    return {
        forced_set | {free[k] for k in range(len(free)) if s >> k & 1}
        for s, covered in enumerate(union)
        if covered is not None and covered & primary == primary
    }


def lexicographic_covers(n_primary, n_secondary, options, forced=()):
    """All solutions as sorted tuples of option indices, in lexicographic order."""
    return sorted(tuple(sorted(s)) for s in exact_covers(n_primary, n_secondary, options, forced))


def weight(solution, weights):
    return sum(weights[j] for j in solution)


def best_weight(n_primary, n_secondary, options, weights, forced=()):
    """The largest total weight of a solution, or None when there is no solution."""
    covers = exact_covers(n_primary, n_secondary, options, forced)
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
