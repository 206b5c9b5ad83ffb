"""Random small exact-cover problems for the engine's property tests (hypothesis strategies).

Layer: tests. `problems()` are small enough (at most 7 primary and 3 secondary items,
12 options) for oracle.py to try every subset of options; some get a planted cover so
that solutions are common, not rare, and half of them colors on their secondary items
(few colors, so that options often agree). `wide_problems()` are too big for the
brute-force oracle, not for the reference (dlxcli/engine/_reference.py).
"""

from collections import namedtuple

from hypothesis import strategies as st

Problem = namedtuple("Problem", "n_primary n_secondary options weights forced colors",
                     defaults=(None,))


def colored(draw, n_primary, options):
    """None (no colors) or, for every option, a color 0..2 for each secondary item."""
    if not draw(st.booleans()):
        return None
    color = st.integers(0, 2)
    return [[draw(color) if item >= n_primary else 0 for item in option] for option in options]


def problems():
    """Random small problems: mostly `general_problems`, some `shared_items_problems`."""
    return st.one_of(general_problems(), general_problems(), shared_items_problems())


@st.composite
def general_problems(draw):
    n_primary = draw(st.integers(0, 7))
    n_secondary = draw(st.integers(0, 3))
    n_items = n_primary + n_secondary
    options = []
    if n_primary and draw(st.booleans()):
        # A planted cover: the primary items cut into blocks, each block with perhaps a
        # secondary item, gives one solution and makes near-solutions likely.
        order = draw(st.permutations(range(n_primary)))
        cuts = sorted(draw(st.sets(st.integers(1, n_primary - 1), max_size=3)
                           if n_primary > 1 else st.just(set())))
        for a, b in zip([0, *cuts], [*cuts, n_primary]):
            block = list(order[a:b])
            if n_secondary and draw(st.booleans()):
                block.insert(draw(st.integers(0, len(block))),
                             n_primary + draw(st.integers(0, n_secondary - 1)))
            options.append(block)
    if n_items:
        option = st.lists(st.integers(0, n_items - 1), min_size=1, max_size=min(n_items, 4),
                          unique=True)
        for extra in draw(st.lists(option, max_size=12 - len(options))):
            options.insert(draw(st.integers(0, len(options))), extra)
    return completed(draw, n_primary, n_secondary, options, colored(draw, n_primary, options))


@st.composite
def shared_items_problems(draw):
    """Colors that matter: every option holds one or two secondary items, mostly in
    color 1 or 2, so that options often share an item or clash on it, at every level
    of the search, in forced options, and before and after an option's primary items."""
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(1, 3))
    primary = st.lists(st.integers(0, n_primary - 1), max_size=2, unique=True)
    secondary = st.lists(st.integers(n_primary, n_primary + n_secondary - 1), min_size=1,
                         max_size=2, unique=True)
    options = [draw(st.permutations(draw(primary) + draw(secondary)))
               for _ in range(draw(st.integers(1, 12)))]
    color = st.sampled_from((0, 1, 1, 2, 2))
    colors = [[draw(color) if item >= n_primary else 0 for item in option] for option in options]
    return completed(draw, n_primary, n_secondary, options, colors)


def completed(draw, n_primary, n_secondary, options, colors):
    """The Problem with random weights and up to two forced options."""
    weights = draw(st.lists(st.integers(-10, 20), min_size=len(options),
                            max_size=len(options)))
    forced = []
    if options:
        forced = draw(st.lists(st.integers(0, len(options) - 1), max_size=2))
    return Problem(n_primary, n_secondary, options, weights, forced, colors)


@st.composite
def wide_problems(draw):
    """Problems with 17 to 80 primary items, so that the C twin's choose scans several
    blocks of its len array (and a tail), with ties: too big for the oracle, so only the
    twins are compared. One to three planted covers (so that every item may have two or
    more options, and no block holds a 1) in short options keep the searches small."""
    n_primary = draw(st.integers(17, 80))
    n_secondary = draw(st.integers(0, 3))
    options = []
    for _ in range(draw(st.integers(1, 3))):
        order = draw(st.permutations(range(n_primary)))
        cuts = sorted(draw(st.sets(st.integers(1, n_primary - 1), min_size=n_primary // 4,
                                   max_size=n_primary // 2)))
        options += [list(order[a:b]) for a, b in zip([0, *cuts], [*cuts, n_primary])]
    option = st.lists(st.integers(0, n_primary + n_secondary - 1), min_size=1, max_size=3,
                      unique=True)
    for extra in draw(st.lists(option, max_size=40)):
        options.insert(draw(st.integers(0, len(options))), extra)
    forced = draw(st.lists(st.integers(0, len(options) - 1), max_size=3))
    return Problem(n_primary, n_secondary, options, [0] * len(options), forced,
                   colored(draw, n_primary, options))


# Covering item 2 at X4 leaves item 3 with no active option, but the options of item 2
# that the level tries cover item 3: the Python twin's lengths, counted afresh there,
# once took item 3 (and the covered items) for empty and every child for a dead end.
LATE_COVER = Problem(
    5, 3,
    [[2], [6], [4, 1, 2, 7, 3], [7, 5], [2, 7], [3, 4, 2, 1, 7], [5, 7, 0, 6, 4], [5],
     [7, 4, 5], [6], [7, 1], [7, 5, 3, 2], [6, 1, 2], [2, 6, 5, 1], [0], [2, 4], [5, 7],
     [1, 0], [4, 5], [7, 6, 2], [0], [1], [1], [2, 0], [1, 2, 5], [6, 4, 5], [0, 5],
     [4, 3, 2], [7, 1, 0, 3], [7, 4], [4, 0]],
    [1] * 31, [],
    [[0], [2], [0, 0, 0, 0, 0], [2, 1], [0, 0], [0, 0, 0, 0, 1], [2, 2, 0, 1, 0], [1],
     [1, 0, 2], [1], [1, 0], [2, 1, 0, 0], [1, 0, 0], [0, 0, 0, 0], [0], [0, 0], [0, 2],
     [0, 0], [0, 1], [2, 0, 0], [0], [0], [0], [0, 0], [0, 0, 2], [0, 0, 1], [0, 0],
     [0, 0, 0], [2, 0, 0, 0], [1, 0], [0, 0]])


def pigeons(n):
    """n + 1 pigeons (primary) in n holes (secondary): no solution, and a hard proof of it
    for learning (thousands of conflicts, clause deletion included)."""
    return n + 1, n, [[pigeon, n + 1 + hole] for pigeon in range(n + 1) for hole in range(n)]
