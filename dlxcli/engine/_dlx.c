/* The C twin of the exact-cover engine: the fast path.
 *
 * Layer: engine. Source: D. E. Knuth, TAOCP 7.2.2.1, Algorithm X and his program
 * DLX1, with the colors of his Algorithm C and DLX2; the plain version of every step is
 * in _reference.py. It runs the search of _pydlx.py node for node -- the same item
 * chosen at every node, the same order of options and of solutions, the same node
 * counts and exceptions (looked up in dlxcli.errors) -- so that the two can be compared
 * on random problems; _pydlx.py keeps the active options in a bit set, this file keeps
 * them Knuth's way, in dancing links. Only this twin counts updates and mems, as this
 * core makes them (see "the cost model" below):
 *
 * - Items are numbered 1..N inside (0..N-1 outside). Primary items 1..n1 form a
 *   circular list through llink/rlink with head 0; secondary items form a second
 *   circular list with head N+1, so X3 never chooses them.
 * - Nodes 1..N are the item headers: len[i] is LEN(i), the number of active options
 *   that contain item i; ulink/dlink circle through its options.
 * - Then every option is a run of consecutive nodes (top = its item), framed by spacer
 *   nodes. A spacer's top is minus the number of the option after it (the first
 *   spacer has 0), its ulink is the first node of the option before it and its dlink
 *   the last node of the option after it, so that walking an option cyclically needs
 *   no extra links.
 * - Only when some option gives an item a color: color[p] is the color node p gives
 *   its (secondary) item, 0 for none, -1 while p's item has been purified to that
 *   color (Knuth's DLX2); a header's color is the item's color while it is purified.
 *
 * Three things go beyond Knuth's DLX1/DLX2, for speed, not in effect: a node's top is
 * kept apart from its links (see Link), X5/X6 of a search without a bound take the
 * shorter path of commit_plain to the same search, and a plain count (no memo, no
 * split, no colors, no weights) runs the same search on bit sets (bits_search, _bits.h),
 * which counts its own updates and mems.
 *
 * No global state: everything lives in the Solver object. The search runs
 * without the GIL; a `running` flag refuses a second thread instead of letting
 * it corrupt the links.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_bits.h"
#include "_memo.h"

enum { EXHAUSTED = 0, SOLUTION = 1, PAUSED = 2 };
enum { STEP_DONE = -1, STEP_X2 = 0, STEP_X8 = 1 };

#define MAX_NODES 50000000LL
#define PRUNE_MARGIN (0.5 + 1.0 / 1024) /* the Python twin's _PRUNE_MARGIN */
/* Nodes between fresh sums of the bound: every cover and uncover updates it by
 * differences, whose rounding errors must not add up over a long search. */
#define RESUM_EVERY 1024
#define COVERED (1 << 30)        /* added to a covered item's len; > MAX_NODES */
#define SCAN_BLOCK 16            /* items per step of choose's scan */
#define WALK_SPAN 8              /* choose walks when its span is > 8 x the active items */
/* The level stack's capacity: a level per primary item, and a split level (see
 * find_parts) above each level but the first of a part, and at the top. */
#define LEVELS(n1) (2 * (long long)(n1) + 2)

/* The nodes: an item header (its top unused: the item's LEN is in Solver.len), an
 * option entry (top = its item), or a spacer (top = minus the number of the option
 * after it). A node's two links sit together in Solver.link and its top apart in
 * Solver.top: covering reads the tops of an option's nodes in a row and writes the
 * links of their neighbours, so those writes touch only the link array (10% faster on
 * the pentomino count than one array of {top, ulink, dlink}). */
typedef struct {
    int ulink, dlink;
} Link;

/* A number of any size: n 64-bit limbs, least significant first (see Frame). */
typedef struct {
    int n;
    uint64_t *limb;
} Big;

/* A split node of a count (see find_parts): its level's "options" are its independent
 * parts, searched one after the other from its state. */
typedef struct {
    int level;                /* its level */
    int n_parts;
    size_t first, at;         /* offsets in Solver.parts of its first part, and of the one
                               * searched: [primary items, secondary items, the primary
                               * items (ascending), the secondary ones] each */
    int active;               /* s->active at the node */
    unsigned long long count; /* s->count at the node */
    Big extra, product;       /* the extra solutions at the node; the product so far */
    long long outer_at;       /* the scope the node was in (Solver.scope_at, goal) */
    int outer_goal;
} Frame;

/* An item a commit of the plain search covered, or purified (with colors). */
typedef struct {
    int item, zeros;              /* zeros: Solver.zeros right after the cover */
    int node;                     /* 0 for a cover; else the node whose purify it was */
} Covered;

typedef struct {
    PyObject_HEAD
    int n_primary, n_secondary, n_items, n_options;
    int *llink, *rlink;   /* items 0..n_items+1; heads 0 and n_items+1 */
    int *top;             /* n_nodes entries each */
    Link *link;
    int *color;           /* per node, see the top of this file; NULL without colors */
    int *first_node;      /* first node of each option */
    int *len;             /* per item: Knuth's LEN, + COVERED while the item is covered */
    long long *weights;   /* NULL when the problem has no weights */
    double *share;        /* per node: its option's weight / option length */
    int *forced;
    int n_forced;
    int *is_forced;       /* per option: 1 while it is among the forced ones */
    int *x, *width, *pos; /* the level stack, capacity n_primary + 1 */
    int *zeros_after;     /* per level: `zeros` right after its item was covered */
    /* The plain search (no bound) commits as commit_plain says: */
    unsigned *in_this, *in_next; /* per item: mark_epoch if in the option committed, */
    unsigned mark_epoch;         /* or in the one after it in the list of its level */
    int *items;           /* the items of the option commit_plain commits, but p's */
    int *item_nodes;      /* with colors: their nodes, in the same order */
    int *mark_color;      /* with colors: per item, the color the option committed gives it */
    Covered *covered;     /* the items its commits have covered, in order */
    int n_covered;
    int *base;            /* per level: n_covered when its item was covered */
    int *cut, *cut_at;    /* per level: the item a cut commit left half covered (0: none), */
                          /* and the last option it hid there */
    int level;
    int step, first_item, maximize, running, has_best;
    long long weight, best;
    int *best_solution;
    int best_len;
    int zeros;            /* active primary items with no options left: a dead end */
    int zeros_initial;    /* `zeros` of the problem with nothing covered */
    int active;           /* active primary items (in the list headed by 0) */
    int by_share;         /* primary items' options linked by decreasing share */
    int tracking;         /* a maximize search runs: cover and uncover keep `open` */
    double open;          /* then: the bound, see largest_shares */
    unsigned long long nodes, updates, count;
    unsigned long long mems; /* see the cost model */
    Memo memo;            /* a counting search's memo (_memo.c) */
    int memo_begun;       /* the memo was set up for this search (its first count) */
    int split_begun;      /* the split was set up for this search (its first count) */
    int *rank;            /* per item: its place in the ties of a counting search */
    /* The split of a count into independent parts (find_parts): */
    int split_on;         /* set_split */
    int split_failed;     /* out of memory for a count: the search raises MemoryError */
    unsigned long long splits;           /* nodes split */
    unsigned long long *split_seen, *split_tries, *split_found; /* per depth: split_wanted */
    int *uf_parent, *uf_part, *uf_items, *uf_count; /* find_parts' union-find */
    unsigned *uf_epoch, uf_now;
    int *parts;           /* the parts of the split nodes on the path, see Frame */
    size_t parts_len, parts_cap;
    Frame *frames;        /* the split nodes on the path, outermost first */
    int n_frames, frames_cap;
    long long scope_at;   /* the part being searched: its offset in parts, or -1 */
    int goal;             /* s->active once the scope is covered (0 outside parts) */
    Big split_extra;      /* the solutions counted by products when there is no memo */
    /* The bit-set count path (_bits.h, bits_wanted): */
    Bits bits;            /* its sets, built by the first search that takes it */
    int on_bits;          /* this search runs on it (levels: bits.item, bits.option) */
} Solver;

static PyObject *ProblemError, *ProblemTooLarge, *EngineBusy;

static void *alloc_ints(long long n, int *ok);

/* _learn.c: adds the Learner type to the module. */
int add_learner_type(PyObject *module, PyObject *problem_error, PyObject *engine_busy);

/* -- the cost model ------------------------------------------------------------
 *
 * `updates` counts the nodes this core takes out of their item lists; `mems` the
 * reads and writes of the arrays that hold the matrix (top, link, len, llink, rlink,
 * color) and of the marks commit_plain keeps (in_this, in_next, items, covered, and
 * with colors item_nodes and mark_color), each counted where the access is made, as
 * Knuth's `o` and `oo` do in DLX1. A node's two links share one 8-byte word and cost
 * one mem, like one of his octabyte fields.
 * Not counted: the level stack, the weights and shares of a bound, the checks of the
 * options start() forces, and the allocation and clearing of arrays. The loops that
 * walk lists count options and nodes, and these formulas turn them into mems:
 * - a walk along an item's list that hides (or restores) `nodes` nodes of `rows`
 *   options: per option the link to the next one and its spacer's top and ulink (3),
 *   per node its top and links, its two neighbours' links and its item's len (5);
 * - cover and uncover add 1 for the item's own first link, 1 for its len and 4 for
 *   taking it out of (or putting it back into) the item list; a cover that
 *   commit_plain cuts short adds only the first link. */
#define MEMS_PER_ROW 3
#define MEMS_PER_NODE 5
#define MEMS_PER_ITEM 6

static inline unsigned long long walk_mems(int rows, unsigned long long nodes)
{
    return MEMS_PER_ROW * (unsigned long long)rows + MEMS_PER_NODE * nodes;
}

/* -- covering (Knuth's cover/hide/uncover/unhide, purify/unpurify) ------------ */

/* cover and uncover are compiled twice, with `tracking` a constant: keeping the bound
 * must not slow down the searches that have none (see cover and uncover below). */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* Knuth's cover(i) (the plain version is in _reference.py). With `cuts` (a constant)
 * it is a cover of commit_plain: it may stop early, see there. Returns the last option
 * it hid when it stopped, else 0. */
ALWAYS_INLINE int cover_with(Solver *s, int i, const int tracking, const int cuts)
{
    int *top = s->top;
    Link *ln = s->link;
    int *len = s->len;
    const double *share = s->share;
    const int n1 = s->n_primary;
    unsigned long long updates = 0;
    int zeros = 0, rows = 0;
    double opened = 0.0;
    int emptied = 0; /* with `cuts`: an item that will stay empty */
    for (int p = ln[i].dlink; p != i; p = ln[p].dlink) {
        rows++;
        for (int q = p + 1; q != p;) {
            int x = top[q];
            if (x <= 0) {
                q = ln[q].ulink;
            } else {
                int u = ln[q].ulink, d = ln[q].dlink;
                ln[u].dlink = d;
                ln[d].ulink = u;
                if (--len[x] == 0 && x <= n1) {
                    zeros++;
                    if (cuts && s->in_this[x] != s->mark_epoch)
                        emptied = 1;
                }
                if (tracking && u == x && x <= n1)
                    opened += share[d] - share[q];
                updates++;
                q++;
            }
        }
        if (cuts && emptied) {
            s->updates += updates;
            s->mems += 1 + walk_mems(rows, updates);
            s->zeros += zeros;
            return p;
        }
    }
    s->updates += updates;
    s->mems += MEMS_PER_ITEM + walk_mems(rows, updates);
    if (len[i] == 0 && i <= n1)
        zeros--;
    len[i] += COVERED;
    s->zeros += zeros;
    if (tracking && i <= n1)
        opened -= share[ln[i].dlink];
    if (tracking)
        s->open += opened; /* not x + 0.0 when not tracking: that is not free */
    int l = s->llink[i], r = s->rlink[i];
    s->rlink[l] = r;
    s->llink[r] = l;
    s->active -= i <= n1;
    return 0;
}

/* Unhides the options of i's list from the one of node `from` up to the first: all of
 * them for Knuth's uncover(i), those a cut cover hid after a cut. Counts its mems. */
ALWAYS_INLINE void unhide_from(Solver *s, int i, int from, const int tracking)
{
    int *top = s->top;
    Link *ln = s->link;
    int *len = s->len;
    const double *share = s->share;
    const int n1 = s->n_primary;
    double opened = 0.0;
    unsigned long long restored = 0;
    int rows = 0;
    for (int p = from; p != i; p = ln[p].ulink) {
        rows++;
        for (int q = p - 1; q != p;) {
            int x = top[q];
            if (x <= 0) {
                q = ln[q].dlink;
            } else {
                int u = ln[q].ulink, d = ln[q].dlink;
                ln[u].dlink = q;
                ln[d].ulink = q;
                len[x]++;
                if (tracking && u == x && x <= n1)
                    opened += share[q] - share[d];
                restored++;
                q--;
            }
        }
    }
    if (tracking && i <= n1)
        opened += share[ln[i].dlink];
    if (tracking)
        s->open += opened; /* not x + 0.0 when not tracking: that is not free */
    s->mems += walk_mems(rows, restored);
}

ALWAYS_INLINE void uncover_with(Solver *s, int i, const int tracking)
{
    s->len[i] -= COVERED;
    unhide_from(s, i, s->link[i].ulink, tracking);
    s->mems += MEMS_PER_ITEM;
    int l = s->llink[i], r = s->rlink[i];
    s->rlink[l] = i;
    s->llink[r] = i;
    s->active += i <= s->n_primary;
}

static void cover(Solver *s, int i)
{
    if (s->tracking)
        cover_with(s, i, 1, 0);
    else
        cover_with(s, i, 0, 0);
}

static void uncover(Solver *s, int i)
{
    if (s->tracking)
        uncover_with(s, i, 1);
    else
        uncover_with(s, i, 0);
}

/* The dlink (down) or ulink field of node r. */
static inline int *link_of(Link *ln, int r, int down)
{
    return down ? &ln[r].dlink : &ln[r].ulink;
}

/* Link p's item list along `down` (dlink if 1, else ulink) past the options that give
 * the item p's color c, or -1 (those purify keeps), and give each of them but p itself
 * the color `mark`. */
static void set_aside(Solver *s, int p, int down, int mark)
{
    int *top = s->top;
    Link *ln = s->link;
    int *color = s->color;
    int i = top[p], c = color[p], last = i;
    unsigned long long mems = 4; /* top[p], color[p], the first link, the last write */
    for (int r = *link_of(ln, i, down); r != i; r = *link_of(ln, r, down)) {
        mems += 2; /* color[r] and r's link to the next */
        if (color[r] == c || color[r] < 0) {
            if (r != p) {
                color[r] = mark;
                mems++;
            }
        } else {
            *link_of(ln, last, down) = r;
            last = r;
            mems++;
        }
    }
    *link_of(ln, last, down) = i;
    s->mems += mems;
}

/* Rebuild the `down` links of i's list from the other ones, which go the other way. */
static void relink(Solver *s, int i, int down)
{
    Link *ln = s->link;
    int after = i;
    unsigned long long mems = 2; /* i's links: read, then written */
    for (int r = *link_of(ln, i, !down); r != i; r = *link_of(ln, r, !down)) {
        *link_of(ln, r, down) = after;
        after = r;
        mems++; /* r's links, read and written in one word */
    }
    *link_of(ln, i, down) = after;
    s->mems += mems;
}

/* Knuth's purify(p) (the plain version is in _reference.py), for a node p that gives
 * its secondary item i the color c: the
 * options that give i the color c stay, marked with color -1 (committing one of them
 * later leaves i alone); every other option in i's list is hidden; i's header keeps c.
 * Done by cover(i) on i's list with the kept options left out of its downward links,
 * which cover walks, and then rebuilt from the upward links, which nothing touched. i
 * goes back into the item list at once (X3 never reads secondary items, but force
 * does). p itself is normally hidden (it belongs to the option being tried); the node
 * of a forced option is not, and stays in the list unmarked, so that uncommit still
 * sees its color. */
static void purify(Solver *s, int p)
{
    int i = s->top[p], c = s->color[p];
    set_aside(s, p, 1, -1);
    cover(s, i);
    s->rlink[s->llink[i]] = s->llink[s->rlink[i]] = i;
    relink(s, i, 1);
    s->color[i] = c;
    s->mems += 2 + 4 + 1; /* top[p] and color[p]; i back in the item list; color[i] */
}

static void unpurify(Solver *s, int p)
{
    int i = s->top[p], c = s->color[p];
    s->color[i] = 0;
    set_aside(s, p, 0, c);
    uncover(s, i);
    relink(s, i, 0);
    s->mems += 2 + 1; /* top[p] and color[p]; color[i] */
}

/* Knuth's commit(p, j) and uncommit(p, j), j = TOP(p): cover j if p has no color,
 * purify it if it has one, and leave it alone if j has already been purified to p's
 * color (color -1).
 * `color` is s->color or, in the copies for problems without colors, a constant NULL,
 * so that those do not test it at every node. */
ALWAYS_INLINE void commit(Solver *s, const int *color, int p, int j)
{
    int c = color ? color[p] : 0;
    s->mems += color != NULL;
    if (c == 0)
        cover(s, j);
    else if (c > 0)
        purify(s, p);
}

ALWAYS_INLINE void uncommit(Solver *s, const int *color, int p, int j)
{
    int c = color ? color[p] : 0;
    s->mems += color != NULL;
    if (c == 0)
        uncover(s, j);
    else if (c > 0)
        unpurify(s, p);
}

/* The walks along an option count the top of each node and the ulink (or dlink) of
 * its spacer. */
ALWAYS_INLINE void commit_others_with(Solver *s, int p, const int *color)
{
    for (int q = p + 1; q != p;) {
        int x = s->top[q];
        s->mems++;
        if (x <= 0) {
            q = s->link[q].ulink;
            s->mems++;
        } else {
            commit(s, color, q, x);
            q++;
        }
    }
}

/* Uncommits the nodes of p's option from node `from` back to p (not included). */
ALWAYS_INLINE void uncommit_others_with(Solver *s, int p, int from, const int *color)
{
    for (int q = from; q != p;) {
        int x = s->top[q];
        s->mems++;
        if (x <= 0) {
            q = s->link[q].dlink;
            s->mems++;
        } else {
            uncommit(s, color, q, x);
            q--;
        }
    }
}

static void commit_others(Solver *s, int p)
{
    if (s->color)
        commit_others_with(s, p, s->color);
    else
        commit_others_with(s, p, NULL);
}

static void uncommit_others(Solver *s, int p)
{
    if (s->color)
        uncommit_others_with(s, p, p - 1, s->color);
    else
        uncommit_others_with(s, p, p - 1, NULL);
}

/* -- the plain search's commits: sorted, shared, cut short -------------------- */

/* Uncovers (or unpurifies) the items commit_plain covered (or purified), down to the
 * first `keep`. `colored` is a constant: the plain search without colors never has a
 * purify to undo. */
ALWAYS_INLINE void uncover_to_with(Solver *s, int keep, const int colored)
{
    while (s->n_covered > keep) {
        const Covered *c = &s->covered[--s->n_covered];
        if (colored && c->node)
            unpurify(s, c->node);
        else
            uncover_with(s, c->item, 0);
        s->mems++;
    }
}

static void uncover_to(Solver *s, int keep)
{
    if (s->color)
        uncover_to_with(s, keep, 1);
    else
        uncover_to_with(s, keep, 0);
}

/* Sets mark[x] to s->mark_epoch for the item x of every node of p's option but p and,
 * if `items` is not NULL, stores those items there in the order of the nodes (with
 * `colored`, a constant, their nodes in item_nodes and the color each gives its item
 * in mark_color); returns how many. */
ALWAYS_INLINE int mark_items(Solver *s, unsigned *mark, int p, int *items, const int colored)
{
    unsigned long long mems = 0;
    int n = 0;
    for (int q = p + 1; q != p;) {
        int x = s->top[q];
        mems += 2; /* top[q]; the spacer's ulink or the mark */
        if (x <= 0) {
            q = s->link[q].ulink;
        } else {
            mark[x] = s->mark_epoch;
            if (items) {
                items[n++] = x;
                mems++;
                if (colored) {
                    s->item_nodes[n - 1] = q;
                    s->mark_color[x] = s->color[q];
                    mems += 2; /* color[q]; the mark */
                }
            }
            q++;
        }
    }
    s->mems += mems;
    return n;
}

/* Records the cover (node 0) or purify (its node) of item x in s->covered. */
static inline void record_commit(Solver *s, int x, int node)
{
    Covered *c = &s->covered[s->n_covered++];
    c->item = x;
    c->zeros = s->zeros;
    c->node = node;
    s->mems += 1; /* the record, one 8-byte word */
}

/* Covers the first n items of s->items that are not covered, those in the next option
 * first; 1 if a cover was cut short (see commit_plain), which then is in cut[l]. With
 * `colored` (a constant), the items the option gives a color are purified after every
 * cover (so that the covers below them may be kept for the next option), and left
 * alone when already purified to that color (their nodes' color is then -1). */
ALWAYS_INLINE int cover_items_with(Solver *s, int l, int n, const int colored)
{
    for (int in_next = 1; in_next >= 0; in_next--) {
        for (int k = 0; k < n; k++) {
            int x = s->items[k];
            s->mems += 2; /* items[k], len[x] */
            if (s->len[x] >= COVERED || (colored && s->mark_color[x] != 0))
                continue;
            s->mems++;
            if ((s->in_next[x] == s->mark_epoch) != in_next)
                continue;
            int r = cover_with(s, x, 0, 1);
            if (r) {
                s->cut[l] = x;
                s->cut_at[l] = r;
                return 1;
            }
            record_commit(s, x, 0);
        }
    }
    for (int k = 0; colored && k < n; k++) {
        int x = s->items[k];
        s->mems += 2; /* items[k], the mark */
        if (s->mark_color[x] > 0) {
            purify(s, s->item_nodes[k]);
            record_commit(s, x, s->item_nodes[k]);
        }
    }
    return 0;
}

/* X5's commit of the option of node p at level l, for a search without a bound
 * (Knuth's step X5; the plain version is in _reference.py). The search goes on
 * as after Knuth's commit of the other items of p's option, but gets there cheaper, in
 * two ways (see docs/performance.md); the counters count only what is done:
 * - The order of the covers does not change which options end up hidden. So the
 *   covers of the items p's option shares with the option before it in the list of
 *   level l, which that one made first, are kept (X8 leaves them, see uncommit_level);
 *   and the items it shares with the option after it are covered first, for that one.
 * - Once a cover leaves a primary item empty that no later cover of the commit covers
 *   (one not in p's option), the next node is a dead end: X2 finds that item empty.
 *   The commit then stops after the option in which that happened and keeps the
 *   half-covered item in cut[l], cut_at[l] for uncut. */
ALWAYS_INLINE void commit_plain_with(Solver *s, int l, int p, const int colored)
{
    if (++s->mark_epoch == 0) {
        memset(s->in_this, 0, ((size_t)s->n_items + 2) * sizeof *s->in_this);
        memset(s->in_next, 0, ((size_t)s->n_items + 2) * sizeof *s->in_next);
        s->mark_epoch = 1;
    }
    int next = s->link[p].dlink, kept = s->base[l];
    s->mems++;
    int n = mark_items(s, s->in_this, p, s->items, colored);
    if (next > s->n_items)
        mark_items(s, s->in_next, next, NULL, 0);
    for (; kept < s->n_covered && s->in_this[s->covered[kept].item] == s->mark_epoch &&
           (!colored || (!s->covered[kept].node && !s->mark_color[s->covered[kept].item]));
         kept++)
        s->mems += 2 + 2 * colored;
    s->mems += 2 * (kept < s->n_covered); /* the item that stopped the loop */
    uncover_to_with(s, kept, colored);
    s->zeros = kept > s->base[l] ? s->covered[kept - 1].zeros : s->zeros_after[l];
    s->mems += kept > s->base[l];
    cover_items_with(s, l, n, colored);
}

/* commit_plain_with, compiled with and without colors. */
static void commit_plain(Solver *s, int l, int p)
{
    if (s->color)
        commit_plain_with(s, l, p, 1);
    else
        commit_plain_with(s, l, p, 0);
}

/* The options of i's list that share no item with the option commit_plain committed
 * last (marked in in_this), or only items it gives the same color (its purifies come
 * after its covers, so a cut commit has made none): those its commit would have left,
 * had it not been cut. */
static int options_clear_of_commit(const Solver *s, int i)
{
    int n = 0;
    for (int r = s->link[i].dlink; r != i; r = s->link[r].dlink) {
        int clear = 1;
        for (int q = r + 1; q != r;) {
            int x = s->top[q];
            if (x <= 0) {
                q = s->link[q].ulink;
            } else {
                clear &= s->in_this[x] != s->mark_epoch ||
                         (s->color && s->color[q] != 0 && s->color[q] == s->mark_color[x]);
                q++;
            }
        }
        n += clear;
    }
    return n;
}

/* Undoes the half cover of a cut commit at level l, if there was one. */
static void uncut(Solver *s, int l)
{
    if (s->cut[l]) {
        unhide_from(s, s->cut[l], s->cut_at[l], 0);
        s->cut[l] = 0;
    }
}

static int plain(const Solver *s)
{
    return !s->maximize;
}

/* commit_level, uncommit_level and leave_level take plain(s) as `is_plain`, a constant
 * in the two copies of the search (see search). */
ALWAYS_INLINE void commit_level(Solver *s, int l, const int is_plain)
{
    if (is_plain)
        commit_plain(s, l, s->x[l]);
    else
        commit_others(s, s->x[l]);
}

/* X6 for level l: undoes commit_level(s, l) but for the covers commit_plain shares with
 * the next option, which the next commit_plain or leave_level undoes. */
ALWAYS_INLINE void uncommit_level(Solver *s, int l, const int is_plain)
{
    if (is_plain)
        uncut(s, l);
    else
        uncommit_others(s, s->x[l]);
}

/* Leaves level l after uncommit_level: the covers left, then its item. */
ALWAYS_INLINE void leave_level(Solver *s, int l, int i, const int is_plain)
{
    if (is_plain) {
        uncover_to(s, s->base[l]);
        uncover_with(s, i, 0);
    } else {
        uncover(s, i);
    }
}

static int option_of(const Solver *s, int p)
{
    while (s->top[p] > 0)
        p--;
    return -s->top[p];
}

static long long weight_of(const Solver *s, int p)
{
    return s->weights ? s->weights[option_of(s, p)] : 0;
}

/* -- choosing (X3) ------------------------------------------------------------ */

/* choose scans the len array SCAN_BLOCK items at a time with GNU C vector extensions
 * (SSE2 on x86-64, NEON on ARM). Another compiler fails the (optional) build, and
 * dlxcli then runs on the pure-Python twin. */
#if !defined(__GNUC__)
#error "the C core needs GCC or Clang (GNU C vector extensions)"
#endif
typedef int Lanes __attribute__((vector_size(16)));
#define LANES 4

static inline Lanes load_lanes(const int *p)
{
    Lanes v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline Lanes all_lanes(int x)
{
    Lanes v = {x, x, x, x};
    return v;
}

static inline Lanes lanewise_min(Lanes a, Lanes b)
{
    Lanes b_smaller = b < a;
    return (b & b_smaller) | (a & ~b_smaller);
}

/* True if any lane of a comparison's result is set. */
static inline int any_lane(Lanes mask)
{
    long long halves[2];
    memcpy(halves, &mask, sizeof halves);
    return (halves[0] | halves[1]) != 0;
}

static inline Lanes block_min(const int *len)
{
    Lanes least = load_lanes(len);
    for (int k = LANES; k < SCAN_BLOCK; k += LANES)
        least = lanewise_min(least, load_lanes(len + k));
    return least;
}

/* True if the block holds an item with fewer than two options: four compares, where
 * its minimum takes three lanewise minima of four operations each (SSE2 has no pminsd). */
static inline int block_holds_single(const int *len)
{
    Lanes two = all_lanes(2), found = all_lanes(0);
    for (int k = 0; k < SCAN_BLOCK; k += LANES)
        found |= load_lanes(len + k) < two;
    return any_lane(found);
}

static inline int block_holds(const int *len, int value)
{
    Lanes wanted = all_lanes(value), found = all_lanes(0);
    for (int k = 0; k < SCAN_BLOCK; k += LANES)
        found |= load_lanes(len + k) == wanted;
    return any_lane(found);
}

/* A walk along the item list from its first item i, stopping at a 1; adds to *mems
 * an RLINK and a LEN per item after i. */
static int walk_for_fewest(const Solver *s, int i, unsigned long long *mems)
{
    int best = i, best_len = s->len[i];
    for (i = s->rlink[i]; i != 0 && best_len > 1; i = s->rlink[i]) {
        *mems += 2;
        if (s->len[i] < best_len) {
            best = i;
            best_len = s->len[i];
        }
    }
    return best;
}

static inline int first_with(const int *len, int i, int value)
{
    while (len[i] != value)
        i++;
    return i;
}

/* X3: the first active primary item with the fewest options (what a walk along the
 * item list picks, as in _reference.py). The list is in item order and a
 * covered item's len is COVERED higher, so this scans the len array from the block
 * of RLINK(0) to LLINK(0) instead: following RLINK is a chain of dependent loads,
 * and was a quarter of a sudoku search. Called only when no active primary item is
 * empty (zeros == 0), so the first block holding a 1 holds the answer; most sudoku
 * nodes end there. Else a second pass finds the minimum, and a third the first block
 * holding it. When
 * few items are left in a long span (a big problem deep in its search), walking the
 * list is cheaper. Adds to *mems the entries of rlink, llink and len it reads. */
static int choose(const Solver *s, unsigned long long *mems)
{
    int i = s->rlink[0];
    const int *len = s->len;
    *mems += 2;
    if (s->first_item || len[i] <= 1)
        return i;
    int last = s->llink[0];
    *mems += 1;
    if (last - i > WALK_SPAN * s->active)
        return walk_for_fewest(s, i, mems);
    int from = i - (i - 1) % SCAN_BLOCK, b = from, found;
    for (; b + SCAN_BLOCK - 1 <= last; b += SCAN_BLOCK) {
        if (block_holds_single(len + b)) {
            found = first_with(len, b, 1);
            *mems += (unsigned long long)(b + SCAN_BLOCK - from) + (found - b + 1);
            return found;
        }
    }
    Lanes least = all_lanes(COVERED);
    for (int k = from; k < b; k += SCAN_BLOCK)
        least = lanewise_min(least, block_min(len + k));
    int best = least[0];
    for (int k = 1; k < LANES; k++)
        best = least[k] < best ? least[k] : best;
    for (int k = b; k <= last; k++)
        best = len[k] < best ? len[k] : best;
    *mems += (unsigned long long)(b - from) + (last - from + 1);
    int k = from;
    while (k < b && !block_holds(len + k, best))
        k += SCAN_BLOCK;
    found = first_with(len, k, best);
    *mems += (unsigned long long)(k - from) + (found - k + 1) + (k < b ? SCAN_BLOCK : 0);
    return found;
}

/* -- the search ------------------------------------------------------------- */

/* An upper bound on the weight the uncovered primary items can still add (as the
 * Python twin's Solver._bound): the sum over them of the largest share among their
 * options. The lists are in share order, so each item's first option has its largest share;
 * cover and uncover keep the sum in `open` by differences, and this sums it afresh
 * every RESUM_EVERY nodes. */
static double largest_shares(const Solver *s)
{
    double total = 0.0;
    for (int i = s->rlink[0]; i != 0; i = s->rlink[i])
        total += s->share[s->link[i].dlink];
    return total;
}

static void save_best(Solver *s)
{
    int k = 0;
    for (int j = 0; j < s->n_forced; j++)
        s->best_solution[k++] = s->forced[j];
    for (int l = 0; l < s->level; l++)
        s->best_solution[k++] = option_of(s, s->x[l]);
    s->best_len = k;
}

/* -- the memo of a counting search (_memo.c) ------------------------------------ */

/* Words of a memo key: a bit per item, and a word for the colors when there are. */
static int memo_key_words(const Solver *s)
{
    return (s->n_items + 63) / 64 + (s->color != NULL);
}

/* The state of the search at this node, exactly, in s->memo.key: a bit per item still
 * uncovered (and not purified), and, with colors, a word that mixes each purified
 * secondary item with its color. The count of solutions below a node depends on
 * nothing else: the active options are those whose every item is uncovered, or
 * purified to the option's color. The forced options are the same throughout a
 * search, and the memo lives for one search. (Two colorings could mix to one word:
 * with colors the key is exact up to that 64-bit mix, see docs/engine.md.) */
static void memo_key_in_part(Solver *s);

static void memo_key(Solver *s)
{
    if (s->scope_at >= 0) {
        memo_key_in_part(s);
        return;
    }
    uint64_t *key = s->memo.key;
    const int *len = s->len;
    int words = (s->n_items + 63) / 64;
    for (int w = 0; w < words; w++) {
        uint64_t bits = 0;
        int from = 64 * w + 1, to = from + 64 <= s->n_items + 1 ? from + 64 : s->n_items + 1;
        for (int i = from; i < to; i++)
            bits |= (uint64_t)(len[i] < COVERED) << (i - from);
        key[w] = bits;
    }
    if (s->color) {
        uint64_t mixed = 0;
        for (int i = s->n_primary + 1; i <= s->n_items; i++) {
            if (s->color[i] > 0) {
                uint64_t h = ((uint64_t)i << 32 | (uint32_t)s->color[i]) * 0x9E3779B97F4A7C15ull;
                mixed += h ^ (h >> 29);
            }
        }
        key[words] = mixed;
    }
}

#define RANK_WORK 50000000LL /* the most node visits the item ranking may take */

/* One breadth-first walk of the primary items from `from`, two items being adjacent when
 * an active option holds both: each item's place in the walk goes to rank[] (-1: not
 * reached; unreached ones are walked after, from the next one); returns the last item
 * walked, or 0 when it took more than *work allows. */
static int walk_items(const Solver *s, int from, int *rank, int *queue, long long *work)
{
    int n1 = s->n_primary, head = 0, tail = 0, next = 1;
    for (int i = 1; i <= n1; i++)
        rank[i] = -1;
    for (;;) {
        if (head == tail) {
            while (next <= n1 && rank[next] >= 0)
                next++;
            int start = rank[from] < 0 ? from : next;
            if (start > n1)
                return queue[tail - 1];
            rank[start] = tail;
            queue[tail++] = start;
        }
        int i = queue[head++];
        for (int p = s->link[i].dlink; p != i; p = s->link[p].dlink) {
            for (int q = p + 1; q != p;) {
                int x = s->top[q];
                if (--*work < 0)
                    return 0;
                if (x <= 0) {
                    q = s->link[q].ulink;
                    continue;
                }
                if (x <= n1 && rank[x] < 0) {
                    rank[x] = tail;
                    queue[tail++] = x;
                }
                q++;
            }
        }
    }
}

/* The order in which a counting search breaks MRV's ties (s->rank): a breadth-first
 * walk from the first item, so that the items left uncovered keep a short frontier
 * with those covered, as a transfer matrix does, and the memo meets the same states
 * again: on a 6x40 board of dominoes with its cells in rows, ties to the earliest item
 * fill it row by row, a frontier of 40 cells and no count in minutes; in this order, 6
 * cells and 10 ms. From the first item: that is where the plain search (ties to the
 * earliest item) starts, so the levels searched before the memo's trial is over, and
 * the prefixes of a split count's subproblems (cut by the plain search), lie where the
 * ranked search starts too: one frontier, not two (a walk from an item far from the
 * first one took 60,506 nodes on a 10x10 board of dominoes, this one 17,758; see
 * docs/performance.md). Where the walk would take more than RANK_WORK node visits,
 * the items' own order. */
static int rank_items(Solver *s)
{
    int n1 = s->n_primary;
    s->rank = alloc_ints((long long)s->n_items + 2, &(int){1});
    int *queue = alloc_ints((long long)n1 + 1, &(int){1});
    long long work = RANK_WORK;
    if (!(n1 > 0 && queue && s->rank && walk_items(s, 1, s->rank, queue, &work))) {
        for (int i = 1; s->rank && i <= n1; i++)
            s->rank[i] = i;
    }
    PyMem_Free(queue);
    return s->rank != NULL;
}

/* X3 of a counting search: MRV, ties to the lowest rank (rank_items); an item with a
 * single option is taken at once. */
static int choose_ranked(const Solver *s)
{
    int best = s->rlink[0];
    if (s->first_item)
        return best;
    for (int i = s->rlink[best]; i != 0 && s->len[best] > 1; i = s->rlink[i]) {
        if (s->len[i] < s->len[best] || (s->len[i] == s->len[best] && s->rank[i] < s->rank[best]))
            best = i;
    }
    return best;
}

/* -- independent parts: a count multiplied over them (find_parts) -------------------
 *
 * When the items left to cover fall into parts that no active option joins (two items
 * are joined when an active option that holds a primary item holds both), the
 * solutions below the node are the products of solutions of the parts: the node's
 * count is the product of the parts' counts, 0 as soon as one part has none. A split
 * node gets a level of its own whose "options" are its parts (Frame): each part is
 * searched from the node's state as a search of its own, which chooses only among the
 * part's items and ends when they are covered (s->active == s->goal); its root is a
 * node, the part root, and memo keys below it are the part's items alone (a part's
 * count depends on nothing else, so parts share their counts through the memo with
 * every other state of the same items). The Python twin (_pydlx._Frame, _parts) makes
 * the same parts, in the same order, on the same rule (split_wanted): docs/engine.md,
 * "Independent parts". Counts of products have any size: Big. */

#define SPLIT_PROBE 16 /* the Python twin's SPLIT_PROBE and SPLIT_RATIO */
#define SPLIT_RATIO 8
#define SPLIT_MIN_ITEMS 8 /* and SPLIT_MIN_ITEMS: fewer primary items left are not split */

static void big_free(Big *b)
{
    PyMem_RawFree(b->limb);
    b->limb = NULL;
    b->n = 0;
}

/* b = value (n limbs); 0 if out of memory. (Raw allocations: the search runs without
 * the GIL.) */
static int big_set(Big *b, const uint64_t *value, int n)
{
    uint64_t *limb = PyMem_RawRealloc(b->limb, (size_t)(n > 0 ? n : 1) * sizeof(uint64_t));
    if (!limb)
        return 0;
    if (n > 0)
        memmove(limb, value, (size_t)n * sizeof(uint64_t));
    b->limb = limb;
    b->n = n;
    return 1;
}

static int big_is_zero(const Big *b)
{
    for (int k = 0; k < b->n; k++) {
        if (b->limb[k])
            return 0;
    }
    return 1;
}

/* a += value (n limbs), one limb wider on a carry out of the top; 0 if out of memory. */
static int big_add(Big *a, const uint64_t *value, int n)
{
    if (a->n < n) {
        int old = a->n;
        uint64_t *limb = PyMem_RawRealloc(a->limb, (size_t)n * sizeof(uint64_t));
        if (!limb)
            return 0;
        memset(limb + old, 0, (size_t)(n - old) * sizeof(uint64_t));
        a->limb = limb;
        a->n = n;
    }
    unsigned carry = 0;
    for (int k = 0; k < a->n; k++) {
        uint64_t add = k < n ? value[k] : 0, sum = a->limb[k] + add;
        unsigned out = sum < add;
        sum += carry;
        out |= sum < (uint64_t)carry;
        a->limb[k] = sum;
        carry = out;
    }
    if (!carry)
        return 1;
    uint64_t *limb = PyMem_RawRealloc(a->limb, (size_t)(a->n + 1) * sizeof(uint64_t));
    if (!limb)
        return 0;
    limb[a->n++] = 1;
    a->limb = limb;
    return 1;
}

/* a -= b, where a >= b. */
static void big_sub(Big *a, const Big *b)
{
    unsigned borrow = 0;
    for (int k = 0; k < a->n; k++) {
        uint64_t x = a->limb[k], y = k < b->n ? b->limb[k] : 0;
        a->limb[k] = x - y - borrow;
        borrow = x < y || (x == y && borrow);
    }
}

/* out = a * b (out a fresh Big); 0 if out of memory. */
static int big_mul(Big *out, const Big *a, const Big *b)
{
    int n = a->n + b->n;
    out->limb = PyMem_RawCalloc((size_t)(n > 0 ? n : 1), sizeof(uint64_t));
    out->n = n;
    if (!out->limb)
        return 0;
    for (int i = 0; i < a->n; i++) {
        unsigned __int128 carry = 0;
        for (int j = 0; j < b->n; j++) {
            carry += (unsigned __int128)a->limb[i] * b->limb[j] + out->limb[i + j];
            out->limb[i + j] = (uint64_t)carry;
            carry >>= 64;
        }
        for (int k = i + b->n; carry; k++) {
            carry += out->limb[k];
            out->limb[k] = (uint64_t)carry;
            carry >>= 64;
        }
    }
    return 1;
}

/* The solutions counted beyond s->count: the memo's (its hits and the products) when
 * the search has a memo, else the products'. */
static const uint64_t *extra_limbs(const Solver *s, int *n)
{
    if (s->memo.extra) {
        *n = s->memo.limbs;
        return s->memo.extra;
    }
    *n = s->split_extra.n;
    return s->split_extra.limb;
}

static int set_extra(Solver *s, const Big *value)
{
    if (s->memo.extra)
        return memo_set_extra(&s->memo, value->limb, value->n);
    return big_set(&s->split_extra, value->limb, value->n);
}

/* Sets up a count's split (with the GIL: its first run); 0 if out of memory. */
static int split_begin(Solver *s)
{
    long long depths = LEVELS(s->n_primary), n = (long long)s->n_items + 2;
    int ok = 1;
    s->splits = 0;
    s->uf_now = 0;
    if (!s->split_seen) {
        s->split_seen = PyMem_Calloc((size_t)depths, sizeof(unsigned long long));
        s->split_tries = PyMem_Calloc((size_t)depths, sizeof(unsigned long long));
        s->split_found = PyMem_Calloc((size_t)depths, sizeof(unsigned long long));
        s->uf_parent = alloc_ints(n, &ok);
        s->uf_part = alloc_ints(n, &ok);
        s->uf_items = alloc_ints(n, &ok);
        s->uf_count = alloc_ints(2 * n, &ok);
        s->uf_epoch = PyMem_Calloc((size_t)n, sizeof(unsigned));
    }
    if (!ok || !s->split_seen || !s->split_tries || !s->split_found || !s->uf_epoch)
        return 0;
    memset(s->split_seen, 0, (size_t)depths * sizeof(unsigned long long));
    memset(s->split_tries, 0, (size_t)depths * sizeof(unsigned long long));
    memset(s->split_found, 0, (size_t)depths * sizeof(unsigned long long));
    memset(s->uf_epoch, 0, (size_t)n * sizeof(unsigned));
    return 1;
}

/* Whether the node at `depth` looks for parts: at the first SPLIT_PROBE nodes of a
 * depth, then while at least one look in SPLIT_RATIO there found parts, else at the
 * nodes of that depth whose number there is a power of two. */
static int split_wanted(Solver *s, int depth)
{
    unsigned long long seen = ++s->split_seen[depth], tries = s->split_tries[depth];
    if (tries < SPLIT_PROBE || s->split_found[depth] * SPLIT_RATIO >= tries ||
        !(seen & (seen - 1))) {
        s->split_tries[depth]++;
        return 1;
    }
    return 0;
}

/* Whether the node about to be visited is a part root (its parent split). */
static int at_part_root(const Solver *s)
{
    return s->n_frames && s->frames[s->n_frames - 1].level == s->level - 1;
}

static int uf_find(int *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* The primary items left in scope (the part searched, or all) into s->uf_items, in
 * ascending order; returns how many. */
static int scope_items(Solver *s)
{
    int n = 0;
    if (s->scope_at >= 0) {
        const int *part = s->parts + s->scope_at;
        for (int k = 0; k < part[0]; k++) {
            if (s->len[part[2 + k]] < COVERED)
                s->uf_items[n++] = part[2 + k];
        }
    } else {
        for (int i = s->rlink[0]; i != 0; i = s->rlink[i])
            s->uf_items[n++] = i;
    }
    return n;
}

/* Joins the items of the active options of the n items in s->uf_items (a union-find
 * over items; the secondary items met are appended to uf_items); returns how many items
 * it met, or 0 as soon as they are all joined (one part). */
static int join_items(Solver *s, int n)
{
    int *parent = s->uf_parent, *items = s->uf_items;
    unsigned now = ++s->uf_now;
    if (now == 0) {
        memset(s->uf_epoch, 0, ((size_t)s->n_items + 2) * sizeof(unsigned));
        now = s->uf_now = 1;
    }
    for (int k = 0; k < n; k++) {
        parent[items[k]] = items[k];
        s->uf_epoch[items[k]] = now;
    }
    int parts = n, met = n;
    for (int k = 0; k < n; k++) {
        int i = items[k];
        for (int p = s->link[i].dlink; p != i; p = s->link[p].dlink) {
            int root = uf_find(parent, i);
            for (int q = p + 1; q != p;) {
                int x = s->top[q];
                if (x <= 0) {
                    q = s->link[q].ulink;
                    continue;
                }
                q++;
                if (s->uf_epoch[x] != now) { /* a secondary item met first here */
                    s->uf_epoch[x] = now;
                    parent[x] = root;
                    items[met++] = x;
                    continue;
                }
                int r = uf_find(parent, x);
                if (r != root) {
                    parent[r] = root;
                    parts--;
                }
            }
            if (parts == 1)
                return 0;
        }
    }
    return met;
}

/* Makes room for n more ints in s->parts; 0 if out of memory. */
static int reserve_parts(Solver *s, size_t n)
{
    if (s->parts_len + n <= s->parts_cap)
        return 1;
    size_t cap = 2 * (s->parts_len + n);
    int *parts = PyMem_RawRealloc(s->parts, cap * sizeof(int));
    if (!parts)
        return 0;
    s->parts = parts;
    s->parts_cap = cap;
    return 1;
}

/* The independent parts of what is left in scope, written in s->parts after
 * s->parts_len (see Frame), in the order of their first primary items: returns how
 * many (*len: the ints written), or 0 if it is all one part (or out of memory: the
 * count then goes on unsplit). As the Python twin's Solver._parts. */
static int find_parts(Solver *s, size_t *len)
{
    int n = scope_items(s);
    int met = n >= SPLIT_MIN_ITEMS ? join_items(s, n) : 0;
    if (!met)
        return 0;
    int *parent = s->uf_parent, *items = s->uf_items, *part = s->uf_part, *at = s->uf_count;
    int n_parts = 0;
    for (int k = 0; k < met; k++)
        part[uf_find(parent, items[k])] = -1;
    for (int k = 0; k < n; k++) {
        int r = uf_find(parent, items[k]);
        if (part[r] < 0)
            part[r] = n_parts++;
    }
    memset(at, 0, 2 * (size_t)n_parts * sizeof(int));
    for (int k = 0; k < met; k++)
        at[2 * part[uf_find(parent, items[k])] + (k >= n)]++;
    *len = 2 * (size_t)n_parts + (size_t)met;
    if (!reserve_parts(s, *len))
        return 0;
    int *out = s->parts + s->parts_len, off = 0;
    for (int j = 0; j < n_parts; j++) { /* the counts, then where each part's items go */
        int primary = at[2 * j], secondary = at[2 * j + 1];
        out[off] = primary;
        out[off + 1] = secondary;
        at[2 * j] = off + 2;
        at[2 * j + 1] = off + 2 + primary;
        off += 2 + primary + secondary;
    }
    for (int k = 0; k < met; k++)
        out[at[2 * part[uf_find(parent, items[k])] + (k >= n)]++] = items[k];
    return n_parts;
}

static void enter_part(Solver *s, const Frame *f)
{
    s->scope_at = (long long)f->at;
    s->goal = f->active - s->parts[f->at];
}

/* Opens the split level of the node at s->level for the n_parts parts find_parts wrote
 * (len ints) and enters the first; 0 if out of memory (nothing done). */
static int push_frame(Solver *s, int n_parts, size_t len)
{
    if (s->n_frames == s->frames_cap) {
        int cap = s->frames_cap ? 2 * s->frames_cap : 8;
        Frame *frames = PyMem_RawRealloc(s->frames, (size_t)cap * sizeof(Frame));
        if (!frames)
            return 0;
        s->frames = frames;
        s->frames_cap = cap;
    }
    Frame *f = &s->frames[s->n_frames];
    memset(f, 0, sizeof *f);
    int n;
    const uint64_t *extra = extra_limbs(s, &n);
    const uint64_t one = 1;
    if (!big_set(&f->extra, extra, n) || !big_set(&f->product, &one, 1)) {
        big_free(&f->extra);
        big_free(&f->product);
        return 0;
    }
    int l = s->level;
    f->level = l;
    f->n_parts = n_parts;
    f->first = f->at = s->parts_len;
    f->active = s->active;
    f->count = s->count;
    f->outer_at = s->scope_at;
    f->outer_goal = s->goal;
    s->parts_len += len;
    s->n_frames++;
    s->x[l] = 0; /* a split level: see Solver_levels and unwind */
    s->width[l] = n_parts;
    s->pos[l] = 0;
    s->zeros_after[l] = s->zeros;
    s->base[l] = s->n_covered;
    s->cut[l] = 0;
    s->level++;
    s->splits++;
    s->split_found[l]++;
    enter_part(s, f);
    return 1;
}

/* Closes the innermost split level (its level stays on the stack: see part_done). */
static void pop_frame(Solver *s)
{
    Frame *f = &s->frames[--s->n_frames];
    s->scope_at = f->outer_at;
    s->goal = f->outer_goal;
    s->parts_len = f->first;
    big_free(&f->extra);
    big_free(&f->product);
}

/* X8 at a split level: the part searched is done. Multiplies its count (what the
 * count has grown by since the node) into the product and puts the count back as it
 * was at the node; then enters the next part (STEP_X2), or, after the last part or
 * one with no solution, adds the product to the count, leaves the level and stores the
 * node's count in the memo (STEP_X8). STEP_DONE, with split_failed, if out of memory. */
static int part_done(Solver *s)
{
    Frame *f = &s->frames[s->n_frames - 1];
    int n, l = f->level;
    const uint64_t *extra = extra_limbs(s, &n);
    Big found = {0, NULL}, product = {0, NULL};
    uint64_t grown = s->count - f->count;
    int ok = big_set(&found, extra, n);
    if (ok) {
        big_sub(&found, &f->extra);
        ok = big_add(&found, &grown, 1) && big_mul(&product, &f->product, &found);
    }
    big_free(&found);
    big_free(&f->product);
    f->product = product;
    s->count = f->count;
    f->at += 2 + (size_t)s->parts[f->at] + (size_t)s->parts[f->at + 1];
    s->pos[l]++;
    if (ok && !big_is_zero(&product) && s->pos[l] < f->n_parts) {
        if (set_extra(s, &f->extra)) {
            enter_part(s, f);
            return STEP_X2;
        }
        ok = 0;
    }
    ok = ok && big_add(&f->extra, product.limb, product.n) && set_extra(s, &f->extra);
    pop_frame(s);
    s->level = l;
    if (!ok) {
        s->split_failed = 1;
        return STEP_DONE;
    }
    if (s->memo.level_kept)
        memo_leave(&s->memo, l, s->count, s->nodes);
    return STEP_X8;
}

/* X3 in a part: MRV among its items, ties to the earliest item or, when `ranked`, to
 * the lowest rank, as choose_ranked; with first_item, its first item left. */
static int choose_in_part(const Solver *s, int ranked, unsigned long long *mems)
{
    const int *part = s->parts + s->scope_at, *len = s->len;
    int best = 0;
    for (int k = 0; k < part[0]; k++) {
        int i = part[2 + k];
        *mems += 1;
        if (len[i] >= COVERED)
            continue;
        if (!best) {
            best = i;
        } else if (len[i] < len[best] ||
                   (ranked && len[i] == len[best] && s->rank[i] < s->rank[best])) {
            best = i;
        }
        if (s->first_item || len[best] <= 1)
            break;
    }
    return best;
}

/* The state of a node in a part, as memo_key: the part's items alone. */
static void memo_key_in_part(Solver *s)
{
    uint64_t *key = s->memo.key, mixed = 0;
    const int *part = s->parts + s->scope_at;
    int words = (s->n_items + 63) / 64;
    memset(key, 0, (size_t)s->memo.key_words * sizeof(uint64_t));
    for (int k = 0; k < part[0] + part[1]; k++) {
        int i = part[2 + k];
        if (s->len[i] < COVERED)
            key[(i - 1) / 64] |= (uint64_t)1 << ((i - 1) % 64);
        if (s->color && i > s->n_primary && s->color[i] > 0) {
            uint64_t h = ((uint64_t)i << 32 | (uint32_t)s->color[i]) * 0x9E3779B97F4A7C15ull;
            mixed += h ^ (h >> 29);
        }
    }
    if (s->color)
        key[words] = mixed;
}

/* X5 for the deepest level, or X7 when its item has no options left. Uncovering
 * does not count empty items back: `zeros` is restored from what it was, which at
 * X7 is 0 because X3 only runs when no item is empty. */
ALWAYS_INLINE int try_option(Solver *s, const int is_plain)
{
    int p = s->x[s->level - 1];
    if (p <= s->n_items) {
        s->level--;
        leave_level(s, s->level, p, is_plain);
        s->zeros = 0;
        if (s->memo.level_kept)
            memo_leave(&s->memo, s->level, s->count, s->nodes);
        return STEP_X8;
    }
    commit_level(s, s->level - 1, is_plain);
    s->weight += weight_of(s, p);
    return STEP_X2;
}

ALWAYS_INLINE int search_with(Solver *s, unsigned long long budget, int count_only,
                              const int is_plain)
{
    unsigned long long stop = s->nodes + budget;
    int step = s->step;
    const int memoized = count_only && s->memo.on;
    for (;;) {
        if (step == STEP_DONE)
            return EXHAUSTED;
        if (step == STEP_X8) {
            if (s->level == 0) {
                s->step = STEP_DONE;
                return EXHAUSTED;
            }
            if (s->n_frames && s->frames[s->n_frames - 1].level == s->level - 1) {
                step = part_done(s);
                continue;
            }
            int l = s->level - 1, p = s->x[l];
            uncommit_level(s, l, is_plain);
            s->zeros = s->zeros_after[l];
            s->weight -= weight_of(s, p);
            s->x[l] = s->link[p].dlink;
            s->mems++;
            s->pos[l]++;
            step = try_option(s, is_plain);
            continue;
        }
        /* X2 */
        if (s->nodes >= stop) {
            s->step = STEP_X2;
            return PAUSED;
        }
        s->nodes++;
        if (s->tracking && s->nodes % RESUM_EVERY == 0)
            s->open = largest_shares(s);
        if (s->rlink[0] == 0 || (s->scope_at >= 0 && s->active == s->goal)) {
            step = STEP_X8;
            if (s->maximize) {
                if (!s->has_best || s->weight > s->best) {
                    s->has_best = 1;
                    s->best = s->weight;
                    save_best(s);
                    s->step = STEP_X8;
                    return SOLUTION;
                }
                continue;
            }
            s->count++;
            if (count_only)
                continue;
            s->step = STEP_X8;
            return SOLUTION;
        }
        if (s->zeros > 0) {
            step = STEP_X8;
            continue;
        }
        if (s->maximize && s->has_best &&
            (double)s->weight + s->open <= (double)s->best + PRUNE_MARGIN) {
            step = STEP_X8;
            continue;
        }
        int ranked = 0;
        if (memoized && memo_wanted(&s->memo, s->level)) {
            memo_key(s);
            if (memo_lookup(&s->memo, s->level)) {
                step = STEP_X8;
                continue;
            }
            memo_enter(&s->memo, s->level, s->count, s->nodes);
            ranked = s->memo.on && memo_proven(&s->memo);
        }
        if (count_only && s->split_on && s->split_seen && !at_part_root(s) &&
            split_wanted(s, s->level)) {
            size_t len;
            int n_parts = find_parts(s, &len);
            if (n_parts && push_frame(s, n_parts, len)) {
                step = STEP_X2; /* the first part's root */
                continue;
            }
        }
        /* X3, X4 */
        int i = s->scope_at >= 0 ? choose_in_part(s, ranked, &s->mems)
                : ranked         ? choose_ranked(s)
                                 : choose(s, &s->mems);
        cover(s, i);
        s->zeros_after[s->level] = s->zeros;
        s->base[s->level] = s->n_covered;
        s->x[s->level] = s->link[i].dlink;
        s->width[s->level] = s->len[i] - COVERED;
        s->mems += 2;
        s->pos[s->level] = 0;
        s->level++;
        step = try_option(s, is_plain);
    }
}

/* The search, compiled twice: the plain search (no bound) must not test for one at
 * every step. */
static int search(Solver *s, unsigned long long budget, int count_only)
{
    if (plain(s))
        return search_with(s, budget, count_only, 1);
    return search_with(s, budget, count_only, 0);
}

static int option_length(const Solver *s, int j)
{
    int first = s->first_node[j];
    return s->link[first - 1].dlink - first + 1;
}

/* -- the bit-set count path ------------------------------------------------
 *
 * A count (run(budget, count_only=True)) with the memo off (MEMO_OFF) and no split
 * (set_split(False)) is the plain search of Algorithm X, which needs neither the links'
 * undoing nor their lists in any order but the options': on a problem without colors
 * or weights, of at most BITS_MAX_OPTIONS options, it runs on bit sets (_bits.h), the
 * same search node for node, paused and resumed at the same nodes, with the same
 * levels(), lengths() and progress(). The links stay as start() left them (the forced
 * options committed): the bit-set search reads its root state there, and a run that
 * leaves the path (another query, the memo or the split switched on) replays its
 * levels on the links first (bits_to_links). docs/engine.md, "The bit-set count
 * path". */

static int bits_wanted(const Solver *s, int count_only)
{
    return count_only && s->memo.mode == MEMO_OFF && !s->split_on && !s->color &&
           !s->weights && s->n_options <= BITS_MAX_OPTIONS;
}

/* Builds s->bits from the links (with the GIL); 0 if out of memory. */
static int bits_build_from_links(Solver *s)
{
    int n = s->n_options, ok = 1;
    int *start = alloc_ints((long long)n + 1, &ok);
    int total = 0;
    for (int j = 0; ok && j < n; j++)
        total += option_length(s, j);
    int *items = alloc_ints(total, &ok);
    for (int j = 0, t = 0; ok && j < n; j++) {
        start[j] = t;
        for (int k = 0; k < option_length(s, j); k++)
            items[t++] = s->top[s->first_node[j] + k] - 1;
        start[j + 1] = t;
    }
    ok = ok && bits_build(&s->bits, s->n_primary, s->n_items, n, start, items);
    PyMem_Free(start);
    PyMem_Free(items);
    return ok;
}

/* The root of the bit-set search: the state start() left on the links. */
static void bits_root(Solver *s)
{
    Bits *b = &s->bits;
    Word *alive = bits_alive(b, 0, 0);
    int *len = bits_len(b, 0, 0);
    memset(alive, 0, (size_t)b->words * sizeof(Word));
    for (int j = 0; j < s->n_options; j++) {
        int first = s->first_node[j], active = !s->is_forced[j];
        for (int k = 0; active && k < option_length(s, j); k++)
            active = s->len[s->top[first + k]] < COVERED;
        alive[j >> 6] |= (Word)active << (j & 63);
    }
    for (int k = 0; k < s->n_primary; k++)
        len[k] = s->len[k + 1] < COVERED ? s->len[k + 1] : BITS_COVERED;
    b->active[0] = s->active;
    b->dead[0] = s->zeros > 0;
}

/* Puts a fresh search on the bit-set path; 0 if out of memory (it stays on links). */
static int bits_enter(Solver *s)
{
    if (!s->bits.built && !bits_build_from_links(s))
        return 0;
    bits_root(s);
    s->on_bits = 1;
    return 1;
}

/* X5 at level l: commits option o (X2 next) or, when there is none (o < 0), leaves the
 * level (X7; X8 next). */
static int bits_try(Solver *s, int l, int o)
{
    if (o < 0) {
        s->level = l;
        return STEP_X8;
    }
    s->bits.option[l] = o;
    bits_commit(&s->bits, l, o);
    return STEP_X2;
}

/* The options of level l's item at its node, from `from` on. */
static int bits_next_option(Solver *s, int l, int from)
{
    Bits *b = &s->bits;
    return bits_next(b, bits_alive(b, l, 0), b->of_item + (size_t)b->item[l] * b->words, from);
}

/* search_with's steps on the bit-set path: the same nodes, counted and paused alike. */
static int bits_search(Solver *s, unsigned long long budget)
{
    Bits *b = &s->bits;
    unsigned long long stop = s->nodes + budget;
    int step = s->step, status;
    b->updates = b->mems = 0;
    for (;;) {
        if (step == STEP_DONE || (step == STEP_X8 && s->level == 0)) {
            s->step = STEP_DONE;
            status = EXHAUSTED;
            break;
        }
        if (step == STEP_X8) { /* X6: the next option of the deepest level */
            int l = s->level - 1;
            s->pos[l]++;
            step = bits_try(s, l, bits_next_option(s, l, b->option[l] + 1));
            continue;
        }
        /* X2 */
        if (s->nodes >= stop) {
            s->step = STEP_X2;
            status = PAUSED;
            break;
        }
        s->nodes++;
        int d = s->level;
        step = STEP_X8;
        if (b->active[d] == 0) {
            s->count++;
            continue;
        }
        if (b->dead[d])
            continue;
        /* X3, X4 */
        int i = bits_choose(b, d, s->first_item);
        b->item[d] = i;
        s->width[d] = bits_len(b, d, 0)[i];
        s->pos[d] = 0;
        bits_cover(b, d, i);
        s->level = d + 1;
        step = bits_try(s, d, bits_next_option(s, d, 0));
    }
    s->updates += b->updates;
    s->mems += b->mems;
    return status;
}

/* The node of option o that holds item i. */
static int node_of(const Solver *s, int o, int i)
{
    int p = s->first_node[o];
    while (s->top[p] != i)
        p++;
    return p;
}

/* Takes the search off the bit-set path: its levels made again on the links, as the
 * links' search would have left them (their updates and mems not counted). */
static void bits_to_links(Solver *s)
{
    unsigned long long updates = s->updates, mems = s->mems;
    int levels = s->level;
    s->on_bits = 0;
    for (int l = 0; l < levels; l++) {
        int i = s->bits.item[l] + 1;
        cover(s, i);
        s->zeros_after[l] = s->zeros;
        s->base[l] = s->n_covered;
        s->cut[l] = 0;
        s->x[l] = node_of(s, s->bits.option[l], i);
        commit_level(s, l, 1);
    }
    s->updates = updates;
    s->mems = mems;
}

/* -- starting and unwinding ------------------------------------------------- */

/* Commit option j as if the search had chosen it; 0 (and nothing done) if it clashes
 * with the options forced before it: it repeats one (an option of colored secondary
 * items only would pass the tests that follow); the item of one of its nodes p is
 * covered; or it is purified and p does not share its color (not -1). */
static int force(Solver *s, int j)
{
    int first = s->first_node[j], n = option_length(s, j);
    if (s->is_forced[j])
        return 0;
    for (int k = 0; k < n; k++) {
        int p = first + k, i = s->top[p];
        if (s->rlink[s->llink[i]] != i || (s->color && s->color[p] >= 0 && s->color[i]))
            return 0;
    }
    commit(s, s->color, first, s->top[first]);
    commit_others(s, first);
    s->forced[s->n_forced++] = j;
    s->is_forced[j] = 1;
    s->weight += s->weights ? s->weights[j] : 0;
    return 1;
}

typedef struct {
    double share;
    int p;
} Ranked;

static int by_index(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    return (x->p > y->p) - (x->p < y->p);
}

static int by_share_then_index(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    if (x->share != y->share)
        return x->share > y->share ? -1 : 1;
    return by_index(a, b);
}

/* Link the options of every primary item in index order or, for maximize, by
 * decreasing share (ties by index): then an item's first option holds its largest
 * share, and X5 tries the most promising option first. Hiding and unhiding keep the
 * order of a list, so it holds throughout the search. Called with nothing covered;
 * -1 when out of memory (the links are then unchanged). */
static int order_lists(Solver *s, int by_share)
{
    if (s->by_share == by_share)
        return 0;
    Link *ln = s->link;
    int longest = 0;
    for (int i = 1; i <= s->n_primary; i++)
        longest = s->len[i] > longest ? s->len[i] : longest;
    Ranked *members = PyMem_Malloc((size_t)(longest ? longest : 1) * sizeof(Ranked));
    if (!members)
        return -1;
    for (int i = 1; i <= s->n_primary; i++) {
        int n = 0;
        for (int p = ln[i].dlink; p != i; p = ln[p].dlink) {
            members[n].share = s->share[p];
            members[n++].p = p;
        }
        qsort(members, (size_t)n, sizeof(Ranked), by_share ? by_share_then_index : by_index);
        int above = i;
        for (int k = 0; k < n; k++) {
            ln[above].dlink = members[k].p;
            ln[members[k].p].ulink = above;
            above = members[k].p;
        }
        ln[above].dlink = i;
        ln[i].ulink = above;
    }
    PyMem_Free(members);
    s->by_share = by_share;
    return 0;
}

static void unwind(Solver *s)
{
    s->tracking = 0;
    if (s->on_bits) { /* the links hold the forced options alone */
        s->on_bits = 0;
        s->level = 0;
    }
    while (s->level > 0) {
        if (s->n_frames && s->frames[s->n_frames - 1].level == s->level - 1) {
            pop_frame(s);
            s->level--;
            continue;
        }
        int p = s->x[--s->level];
        uncommit_level(s, s->level, plain(s));
        s->weight -= weight_of(s, p);
        leave_level(s, s->level, s->top[p], plain(s));
    }
    while (s->n_forced > 0) {
        int j = s->forced[--s->n_forced], first = s->first_node[j];
        s->is_forced[j] = 0;
        uncommit_others(s, first);
        uncommit(s, s->color, first, s->top[first]);
    }
    s->zeros = s->zeros_initial;
}

/* -- arguments -------------------------------------------------------------- */

/* The arguments come checked (dlxcli/engine/_checks.py: engine.Solver is this Solver
 * behind those checks, and the only way into it): plain ints in range, options neither
 * empty nor repeating an item, weights and colors one per option and per entry. What
 * follows only converts them; a conversion that fails (not a sequence, not an int)
 * returns an error, as any C extension must. */

/* s->weights: one per option. */
static int weights_arg(Solver *s, PyObject *weights)
{
    PyObject *seq = PySequence_Fast(weights, "weights must be a sequence of integers");
    if (!seq)
        return -1;
    s->weights = PyMem_Calloc(s->n_options ? s->n_options : 1, sizeof(long long));
    if (!s->weights) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (int j = 0; j < s->n_options && !PyErr_Occurred(); j++)
        s->weights[j] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, j));
    Py_DECREF(seq);
    return PyErr_Occurred() ? -1 : 0;
}

/* s->color: each option's colors at the nodes link_options will give it (the checks
 * hand none over when all are 0: then s->color stays NULL). */
static int colors_arg(Solver *s, PyObject *colors, PyObject **checked, long long n_nodes)
{
    PyObject *seq = PySequence_Fast(colors, "colors must be a sequence of color lists");
    if (!seq)
        return -1;
    s->color = PyMem_Calloc((size_t)n_nodes, sizeof(int));
    if (!s->color) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    int first = s->n_items + 2;
    for (int j = 0; j < s->n_options && !PyErr_Occurred(); j++) {
        PyObject *tints = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, j), "colors of an "
                                          "option must be a sequence");
        if (!tints)
            break;
        for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(tints); k++)
            s->color[first + k] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(tints, k));
        Py_DECREF(tints);
        first += (int)PySequence_Fast_GET_SIZE(checked[j]) + 1;
    }
    Py_DECREF(seq);
    return PyErr_Occurred() ? -1 : 0;
}

/* -- building --------------------------------------------------------------- */

static void ring(Solver *s, int head, int from, int to)
{
    int left = head;
    for (int i = from; i <= to; i++) {
        s->rlink[left] = i;
        s->llink[i] = left;
        left = i;
    }
    s->rlink[left] = head;
    s->llink[head] = left;
}

static void link_options(Solver *s, PyObject **checked)
{
    int *top = s->top;
    Link *ln = s->link;
    int n_items = s->n_items;
    for (int i = 0; i <= n_items; i++) {
        top[i] = 0;
        ln[i].ulink = ln[i].dlink = i;
    }
    int spacer = n_items + 1, p = spacer + 1;
    top[spacer] = 0;
    ln[spacer].ulink = 0;
    for (int j = 0; j < s->n_options; j++) {
        PyObject *items = checked[j];
        Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
        s->first_node[j] = p;
        int n_primary_items = 0;
        for (Py_ssize_t k = 0; k < n; k++, p++) {
            int i = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(items, k)) + 1;
            top[p] = i;
            s->len[i]++;
            ln[p].ulink = ln[i].ulink;
            ln[p].dlink = i;
            ln[ln[i].ulink].dlink = p;
            ln[i].ulink = p;
            n_primary_items += i <= s->n_primary;
        }
        /* As in the Python twin's Solver._option_shares: the weight goes to the primary items only. */
        for (int q = s->first_node[j]; s->share && q < p; q++) {
            if (top[q] <= s->n_primary)
                s->share[q] = (double)s->weights[j] / (double)n_primary_items;
        }
        ln[spacer].dlink = p - 1;
        spacer = p++;
        top[spacer] = -(j + 1);
        ln[spacer].ulink = s->first_node[j];
        ln[spacer].dlink = 0;
    }
}

static void *alloc_ints(long long n, int *ok)
{
    void *p = PyMem_Calloc((size_t)(n ? n : 1), sizeof(int));
    if (!p)
        *ok = 0;
    return p;
}

static int Solver_init(Solver *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"n_primary", "n_secondary", "options", "weights", "colors", NULL};
    PyObject *options, *weights = Py_None, *colors = Py_None;
    int n1, n2;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiO|OO:Solver", kwlist, &n1, &n2, &options,
                                     &weights, &colors))
        return -1;
    if (s->top) {
        PyErr_SetString(ProblemError, "a Solver cannot be initialised twice");
        return -1;
    }
    memo_init(&s->memo);
    s->split_on = 1;
    s->scope_at = -1;
    s->n_primary = n1;
    s->n_secondary = n2;
    s->n_items = n1 + n2;
    PyObject *seq = PySequence_Fast(options, "options must be a sequence of options");
    if (!seq)
        return -1;
    Py_ssize_t n_options = PySequence_Fast_GET_SIZE(seq);
    int ok = 1, result = -1;
    Py_ssize_t n_checked = 0;
    PyObject **checked = PyMem_Calloc(n_options ? n_options : 1, sizeof(PyObject *));
    if (!checked) {
        PyErr_NoMemory();
        goto done;
    }
    long long n_nodes = (long long)s->n_items + 2;
    for (; n_checked < n_options; n_checked++) {
        PyObject *items = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, n_checked),
                                          "an option must be a sequence of items");
        if (!items)
            goto done;
        checked[n_checked] = items;
        n_nodes += PySequence_Fast_GET_SIZE(items) + 1;
    }
    s->n_options = (int)n_options;
    if (weights != Py_None && weights_arg(s, weights) < 0)
        goto done;
    if (colors != Py_None && colors_arg(s, colors, checked, n_nodes) < 0)
        goto done;
    s->top = alloc_ints(n_nodes, &ok);
    s->link = PyMem_Calloc((size_t)n_nodes, sizeof(Link));
    if (s->weights)
        s->share = PyMem_Calloc((size_t)n_nodes, sizeof(double));
    s->llink = alloc_ints(s->n_items + 2, &ok);
    s->rlink = alloc_ints(s->n_items + 2, &ok);
    s->first_node = alloc_ints(n_options, &ok);
    s->len = alloc_ints(s->n_items + 2, &ok);
    s->forced = alloc_ints(n_options, &ok);
    s->is_forced = alloc_ints(n_options, &ok);
    s->best_solution = alloc_ints(n_options + (long long)n1 + 1, &ok);
    s->x = alloc_ints(LEVELS(n1), &ok);
    s->width = alloc_ints(LEVELS(n1), &ok);
    s->pos = alloc_ints(LEVELS(n1), &ok);
    s->zeros_after = alloc_ints(LEVELS(n1), &ok);
    s->cut = alloc_ints(LEVELS(n1), &ok);
    s->base = alloc_ints(LEVELS(n1), &ok);
    s->in_this = alloc_ints(s->n_items + 2, &ok);
    s->in_next = alloc_ints(s->n_items + 2, &ok);
    s->items = alloc_ints(s->n_items + 1, &ok);
    if (s->color) {
        s->item_nodes = alloc_ints(s->n_items + 1, &ok);
        s->mark_color = alloc_ints(s->n_items + 2, &ok);
    }
    s->covered = PyMem_Calloc((size_t)s->n_items + 1, sizeof(Covered));
    s->cut_at = alloc_ints(LEVELS(n1), &ok);
    if (!ok || !s->link || !s->covered || (s->weights && !s->share)) {
        PyErr_NoMemory();
        goto done;
    }
    ring(s, 0, 1, n1);
    s->active = n1;
    ring(s, s->n_items + 1, n1 + 1, s->n_items);
    link_options(s, checked);
    if (PyErr_Occurred())
        goto done;
    for (int i = 1; i <= n1; i++)
        s->zeros_initial += s->len[i] == 0;
    s->zeros = s->zeros_initial;
    s->step = STEP_X2;
    result = 0;
done:
    for (Py_ssize_t j = 0; j < n_checked; j++)
        Py_XDECREF(checked[j]);
    PyMem_Free(checked);
    Py_DECREF(seq);
    return result;
}

static void Solver_dealloc(Solver *s)
{
    PyMem_Free(s->llink);
    PyMem_Free(s->rlink);
    PyMem_Free(s->top);
    PyMem_Free(s->link);
    PyMem_Free(s->color);
    PyMem_Free(s->first_node);
    PyMem_Free(s->len);
    PyMem_Free(s->weights);
    PyMem_Free(s->share);
    PyMem_Free(s->forced);
    PyMem_Free(s->is_forced);
    PyMem_Free(s->x);
    PyMem_Free(s->width);
    PyMem_Free(s->pos);
    PyMem_Free(s->zeros_after);
    PyMem_Free(s->cut);
    PyMem_Free(s->base);
    PyMem_Free(s->in_this);
    PyMem_Free(s->in_next);
    PyMem_Free(s->items);
    PyMem_Free(s->item_nodes);
    PyMem_Free(s->mark_color);
    PyMem_Free(s->covered);
    PyMem_Free(s->cut_at);
    PyMem_Free(s->best_solution);
    memo_free(&s->memo);
    PyMem_Free(s->rank);
    PyMem_Free(s->split_seen);
    PyMem_Free(s->split_tries);
    PyMem_Free(s->split_found);
    PyMem_Free(s->uf_parent);
    PyMem_Free(s->uf_part);
    PyMem_Free(s->uf_items);
    PyMem_Free(s->uf_count);
    PyMem_Free(s->uf_epoch);
    while (s->n_frames)
        pop_frame(s);
    PyMem_RawFree(s->frames);
    PyMem_RawFree(s->parts);
    big_free(&s->split_extra);
    bits_free(&s->bits);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int check_ready(Solver *s)
{
    if (!s->link) {
        PyErr_SetString(ProblemError, "Solver.__init__ was not called");
        return -1;
    }
    if (s->running) {
        PyErr_SetString(EngineBusy, "this solver is already searching");
        return -1;
    }
    return 0;
}

/* -- methods ---------------------------------------------------------------- */

/* `start`'s part for the memo: a kept memo (keep_memo) goes on into the next search,
 * unless it ran out of memory; any other is forgotten (set up again by the first
 * count's `run`). */
static void memo_next_search(Solver *s)
{
    if (s->memo.keep && s->memo_begun && s->memo.failed != 2) {
        memo_restart(&s->memo);
        return;
    }
    memo_end(&s->memo);
    s->memo_begun = 0;
}

static PyObject *Solver_start(Solver *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"forced", "first_item", "maximize", NULL};
    PyObject *forced_obj = NULL;
    int first_item = 0, maximize = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|Opp:start", kwlist, &forced_obj, &first_item,
                                     &maximize))
        return NULL;
    if (check_ready(s) < 0)
        return NULL;
    if (maximize && !s->weights) {  /* a crash guard: the checks refuse it before */
        PyErr_SetString(ProblemError, "maximize needs option weights");
        return NULL;
    }
    PyObject *forced = forced_obj ? PySequence_Fast(forced_obj, "forced must be a sequence")
                                  : PyTuple_New(0);
    if (!forced)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(forced);
    unwind(s);
    if (s->weights && order_lists(s, maximize) < 0) {
        Py_DECREF(forced);
        return PyErr_NoMemory();
    }
    s->nodes = s->updates = s->count = s->mems = 0;
    s->splits = 0;
    s->split_failed = 0;
    s->split_begun = 0;
    big_free(&s->split_extra);
    memo_next_search(s);
    s->first_item = first_item;
    s->maximize = maximize;
    s->weight = s->best = 0;
    s->has_best = 0;
    s->best_len = 0;
    s->step = STEP_X2;
    for (Py_ssize_t k = 0; k < n; k++) {
        if (!force(s, (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(forced, k)))) {
            s->step = STEP_DONE;
            break;
        }
    }
    if (maximize) {
        s->open = largest_shares(s);
        s->tracking = 1;
    }
    s->memo.offset = s->memo.keep ? s->n_forced : 0;
    Py_DECREF(forced);
    Py_RETURN_NONE;
}

static PyObject *Solver_run(Solver *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"budget", "count_only", NULL};
    long long budget;
    int count_only = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "L|p:run", kwlist, &budget, &count_only))
        return NULL;
    if (check_ready(s) < 0)
        return NULL;
    int status;
    count_only = count_only && !s->maximize;
    if (s->on_bits && !bits_wanted(s, count_only))
        bits_to_links(s);
    if (!s->on_bits && bits_wanted(s, count_only) && s->nodes == 0 && s->level == 0 &&
        s->step == STEP_X2)
        bits_enter(s); /* out of memory: the links count */
    if (count_only && !s->memo_begun) {
        if (memo_begin(&s->memo, memo_key_words(s), (int)LEVELS(s->n_primary)) && !s->rank &&
            !rank_items(s))
            memo_end(&s->memo);
        s->memo_begun = 1;
    }
    if (count_only && !s->split_begun) {  /* each search: a kept memo is set up once */
        if (!split_begin(s))
            return PyErr_NoMemory();
        s->split_begun = 1;
    }
    s->running = 1;
    Py_BEGIN_ALLOW_THREADS
    status = s->on_bits ? bits_search(s, (unsigned long long)budget)
                        : search(s, (unsigned long long)budget, count_only);
    Py_END_ALLOW_THREADS
    s->running = 0;
    if (s->memo.failed == 2 || s->split_failed)
        return PyErr_NoMemory();
    return PyLong_FromLong(status);
}

static PyObject *int_list(const int *values, int n)
{
    PyObject *list = PyList_New(n);
    if (!list)
        return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(values[k]);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, v);
    }
    return list;
}

static PyObject *Solver_solution(Solver *s, PyObject *Py_UNUSED(ignored))
{
    if (check_ready(s) < 0)
        return NULL;
    if (s->maximize) {
        if (!s->has_best || s->best_len < 0)
            Py_RETURN_NONE;
        return int_list(s->best_solution, s->best_len);
    }
    if (s->step != STEP_X8 || s->count == 0)
        Py_RETURN_NONE;
    save_best(s);
    return int_list(s->best_solution, s->best_len);
}

/* As _reference.py's branches: the options the first node of the search that start()
 * set up tries, in order; None at a solution, [] at a dead end. */
static PyObject *Solver_branches(Solver *s, PyObject *Py_UNUSED(ignored))
{
    if (check_ready(s) < 0)
        return NULL;
    if (s->nodes != 0 || s->level != 0) {
        PyErr_SetString(ProblemError, "branches() needs a search that start() has just set up");
        return NULL;
    }
    if (s->step == STEP_DONE)
        return PyList_New(0);
    if (s->rlink[0] == 0)
        Py_RETURN_NONE;
    if (s->zeros > 0)
        return PyList_New(0);
    unsigned long long mems = 0;
    int i = choose(s, &mems);
    PyObject *options = PyList_New(0);
    for (int p = s->link[i].dlink; options && p != i; p = s->link[p].dlink) {
        PyObject *j = PyLong_FromLong(option_of(s, p));
        if (!j || PyList_Append(options, j) < 0)
            Py_CLEAR(options);
        Py_XDECREF(j);
    }
    return options;
}

/* As the Python twin's Solver.set_floor: prune and accept as if a solution of that weight had
 * been found; best_len -1 says that none has. */
static PyObject *Solver_set_floor(Solver *s, PyObject *weight)
{
    if (check_ready(s) < 0)
        return NULL;
    if (!s->maximize || s->nodes != 0 || s->level != 0) {
        PyErr_SetString(ProblemError,
                        "set_floor() needs a maximize search that start() has just set up");
        return NULL;
    }
    long long w = PyLong_AsLongLong(weight);
    if (w == -1 && PyErr_Occurred())
        return NULL;
    s->has_best = 1;
    s->best = w;
    s->best_len = -1;
    Py_RETURN_NONE;
}

/* As the Python twin's Solver.levels. */
static PyObject *Solver_levels(Solver *s, PyObject *Py_UNUSED(ignored))
{
    if (check_ready(s) < 0)
        return NULL;
    PyObject *levels = PyList_New(s->level);
    for (int l = 0; levels && l < s->level; l++) {
        int p = s->x[l]; /* 0: a split level, whose "options" are its parts */
        PyObject *entry = s->on_bits ? Py_BuildValue("(iiii)", s->bits.item[l],
                                                     s->bits.option[l], s->pos[l], s->width[l])
                        : p ? Py_BuildValue("(iiii)", s->top[p] - 1, option_of(s, p), s->pos[l],
                                            s->width[l])
                            : Py_BuildValue("(iiii)", -1, -1, s->pos[l], s->width[l]);
        if (!entry)
            Py_CLEAR(levels);
        else
            PyList_SET_ITEM(levels, l, entry);
    }
    return levels;
}

/* lengths() on the bit-set path. */
static PyObject *bits_lengths_list(Solver *s)
{
    int *pairs = PyMem_Malloc(2 * (size_t)(s->n_primary ? s->n_primary : 1) * sizeof(int));
    if (!pairs)
        return PyErr_NoMemory();
    int n = bits_lengths(&s->bits, s->level, pairs);
    PyObject *found = PyList_New(n);
    for (int k = 0; found && k < n; k++) {
        PyObject *entry = Py_BuildValue("(ii)", pairs[2 * k], pairs[2 * k + 1]);
        if (!entry)
            Py_CLEAR(found);
        else
            PyList_SET_ITEM(found, k, entry);
    }
    PyMem_Free(pairs);
    return found;
}

/* As the Python twin's Solver.lengths. */
static PyObject *Solver_lengths(Solver *s, PyObject *Py_UNUSED(ignored))
{
    if (check_ready(s) < 0)
        return NULL;
    /* After a cut commit (commit_plain) the items it did not cover are still linked and
     * the options that meet them are still in the lists: leave those out, so that the
     * figures are those of Knuth's state, as in the Python twin. */
    if (s->on_bits)
        return bits_lengths_list(s);
    int cut = s->level > 0 && plain(s) && s->cut[s->level - 1];
    PyObject *found = PyList_New(0);
    for (int i = s->rlink[0]; found && i != 0; i = s->rlink[i]) {
        if (cut && s->in_this[i] == s->mark_epoch)
            continue;
        int len = cut ? options_clear_of_commit(s, i) : s->len[i];
        PyObject *entry = Py_BuildValue("(ii)", i - 1, len);
        if (!entry || PyList_Append(found, entry) < 0)
            Py_CLEAR(found);
        Py_XDECREF(entry);
    }
    return found;
}

static PyObject *Solver_progress(Solver *s, PyObject *Py_UNUSED(ignored))
{
    if (check_ready(s) < 0)
        return NULL;
    if (s->step == STEP_DONE)
        return PyFloat_FromDouble(1.0);
    double done = 0.0, scale = 1.0;
    for (int l = 0; l < s->level; l++) {
        scale /= s->width[l];
        done += s->pos[l] * scale;
    }
    return PyFloat_FromDouble(done);
}

static PyObject *get_ull(unsigned long long v)
{
    return PyLong_FromUnsignedLongLong(v);
}

static PyObject *Solver_get_nodes(Solver *s, void *c) { return get_ull(s->nodes); }
static PyObject *Solver_get_updates(Solver *s, void *c) { return get_ull(s->updates); }
static PyObject *Solver_get_mems(Solver *s, void *c) { return get_ull(s->mems); }
/* The count: the solutions the search reached, plus those its memo's hits counted
 * (s->memo.extra, of any size). */
static PyObject *Solver_get_count(Solver *s, void *c)
{
    PyObject *total = get_ull(s->count);
    int n;
    const uint64_t *extra = extra_limbs(s, &n);
    for (int k = n - 1; total && k >= 0; k--) {
        PyObject *limb = get_ull(extra[k]);
        PyObject *shift = PyLong_FromLong(64 * k);
        PyObject *part = limb && shift ? PyNumber_Lshift(limb, shift) : NULL;
        PyObject *sum = part ? PyNumber_Add(total, part) : NULL;
        Py_XDECREF(limb);
        Py_XDECREF(shift);
        Py_XDECREF(part);
        Py_SETREF(total, sum);
    }
    return total;
}

static PyObject *Solver_get_splits(Solver *s, void *c) { return get_ull(s->splits); }
static PyObject *Solver_get_bit_sets(Solver *s, void *c) { return PyBool_FromLong(s->on_bits); }
static PyObject *Solver_get_memo_entries(Solver *s, void *c) { return get_ull(s->memo.entries); }
static PyObject *Solver_get_memo_hits(Solver *s, void *c) { return get_ull(s->memo.hits); }
static PyObject *Solver_get_memo_lookups(Solver *s, void *c) { return get_ull(s->memo.lookups); }
static PyObject *Solver_get_memo_bytes(Solver *s, void *c)
{
    return PyLong_FromSize_t(memo_bytes(&s->memo));
}
static PyObject *Solver_get_memo_dropped(Solver *s, void *c)
{
    return PyBool_FromLong(s->memo.dropped);
}

/* keep_memo(keep): whether the memo outlives `start` (see memo_restart); either way
 * the memo kept so far is forgotten. */
static PyObject *Solver_keep_memo(Solver *s, PyObject *arg)
{
    int keep = PyObject_IsTrue(arg);
    if (keep < 0 || check_ready(s) < 0)
        return NULL;
    memo_end(&s->memo);
    s->memo_begun = 0;
    s->memo.keep = keep;
    Py_RETURN_NONE;
}

/* set_split(on): as the Python twin's. */
static PyObject *Solver_set_split(Solver *s, PyObject *on)
{
    if (check_ready(s) < 0)
        return NULL;
    int truth = PyObject_IsTrue(on);
    if (truth < 0)
        return NULL;
    s->split_on = truth;
    Py_RETURN_NONE;
}

/* set_memo(mode, max_bytes): as the Python twin's. */
static PyObject *Solver_set_memo(Solver *s, PyObject *args)
{
    int mode;
    Py_ssize_t max_bytes;
    if (!PyArg_ParseTuple(args, "in:set_memo", &mode, &max_bytes))
        return NULL;
    if (check_ready(s) < 0)
        return NULL;
    memo_end(&s->memo); /* a kept memo of other settings */
    s->memo_begun = 0;
    s->memo.mode = mode;
    s->memo.max_bytes = (size_t)max_bytes;
    Py_RETURN_NONE;
}
static PyObject *Solver_get_level(Solver *s, void *c) { return PyLong_FromLong(s->level); }
static PyObject *Solver_get_n_primary(Solver *s, void *c) { return PyLong_FromLong(s->n_primary); }
static PyObject *Solver_get_n_secondary(Solver *s, void *c)
{
    return PyLong_FromLong(s->n_secondary);
}
static PyObject *Solver_get_n_options(Solver *s, void *c) { return PyLong_FromLong(s->n_options); }
static PyObject *Solver_get_best_weight(Solver *s, void *c)
{
    if (!s->has_best || s->best_len < 0)
        Py_RETURN_NONE;
    return PyLong_FromLongLong(s->best);
}

static PyMethodDef Solver_methods[] = {
    {"start", (PyCFunction)(void (*)(void))Solver_start, METH_VARARGS | METH_KEYWORDS,
     "start(forced=(), first_item=False, maximize=False): reset and commit forced options"},
    {"run", (PyCFunction)(void (*)(void))Solver_run, METH_VARARGS | METH_KEYWORDS,
     "run(budget, count_only=False) -> EXHAUSTED, SOLUTION or PAUSED"},
    {"solution", (PyCFunction)Solver_solution, METH_NOARGS,
     "the options of the solution just reported (maximize: the best so far)"},
    {"progress", (PyCFunction)Solver_progress, METH_NOARGS,
     "estimated fraction of the search tree explored"},
    {"set_floor", (PyCFunction)Solver_set_floor, METH_O,
     "set_floor(weight): a maximize search just started looks only for heavier solutions"},
    {"levels", (PyCFunction)Solver_levels, METH_NOARGS,
     "per level of the current path: (item, option, position from 0, options it had)"},
    {"lengths", (PyCFunction)Solver_lengths, METH_NOARGS,
     "(item, active options) of every active primary item, in the order X3 scans them"},
    {"set_split", (PyCFunction)Solver_set_split, METH_O,
     "set_split(on): whether counts multiply over independent parts"},
    {"set_memo", (PyCFunction)Solver_set_memo, METH_VARARGS,
     "set_memo(mode, max_bytes): how counts use a memo (MEMO_OFF, MEMO_AUTO, MEMO_ON)"},
    {"keep_memo", (PyCFunction)Solver_keep_memo, METH_O,
     "keep_memo(keep): whether a count's memo outlives start (one problem's subproblems)"},
    {"branches", (PyCFunction)Solver_branches, METH_NOARGS,
     "the options the first node of the started search tries, in order (None: a solution)"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Solver_getset[] = {
    {"nodes", (getter)Solver_get_nodes, NULL, "search-tree nodes visited since start", NULL},
    {"updates", (getter)Solver_get_updates, NULL, "link updates since start", NULL},
    {"mems", (getter)Solver_get_mems, NULL, "memory accesses since start, as DLX1 counts them",
     NULL},
    {"count", (getter)Solver_get_count, NULL, "solutions found since start", NULL},
    {"level", (getter)Solver_get_level, NULL, "current search depth", NULL},
    {"splits", (getter)Solver_get_splits, NULL, "nodes of a count split into parts", NULL},
    {"bit_sets", (getter)Solver_get_bit_sets, NULL,
     "whether the search since start runs on bit sets (C twin alone: the bit-set count path)",
     NULL},
    {"memo_entries", (getter)Solver_get_memo_entries, NULL, "states in the memo", NULL},
    {"memo_hits", (getter)Solver_get_memo_hits, NULL, "lookups that found their state", NULL},
    {"memo_lookups", (getter)Solver_get_memo_lookups, NULL, "states looked up", NULL},
    {"memo_bytes", (getter)Solver_get_memo_bytes, NULL, "bytes the memo's table takes", NULL},
    {"memo_dropped", (getter)Solver_get_memo_dropped, NULL,
     "whether the memo failed its trial and was dropped", NULL},
    {"best_weight", (getter)Solver_get_best_weight, NULL, "best weight found (maximize)", NULL},
    {"n_primary", (getter)Solver_get_n_primary, NULL, NULL, NULL},
    {"n_secondary", (getter)Solver_get_n_secondary, NULL, NULL, NULL},
    {"n_options", (getter)Solver_get_n_options, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dlxcli.engine._dlx.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, /* engine._checks.checked */
    .tp_doc = "One exact-cover problem, searchable again and again (C twin of _pydlx.Solver).",
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
    .tp_init = (initproc)Solver_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef dlx_module = {
    PyModuleDef_HEAD_INIT, "_dlx", "C twin of dlxcli.engine._pydlx", -1, NULL,
};

static PyObject *error_class(PyObject *errors, const char *name)
{
    return PyObject_GetAttrString(errors, name);
}

PyMODINIT_FUNC PyInit__dlx(void)
{
    PyObject *errors = PyImport_ImportModule("dlxcli.errors");
    if (!errors)
        return NULL;
    ProblemError = error_class(errors, "ProblemError");
    ProblemTooLarge = error_class(errors, "ProblemTooLarge");
    EngineBusy = error_class(errors, "EngineBusy");
    Py_DECREF(errors);
    if (!ProblemError || !ProblemTooLarge || !EngineBusy)
        return NULL;
    if (PyType_Ready(&SolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&dlx_module);
    if (!m)
        return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0 ||
        PyModule_AddIntConstant(m, "EXHAUSTED", EXHAUSTED) < 0 ||
        PyModule_AddIntConstant(m, "SOLUTION", SOLUTION) < 0 ||
        PyModule_AddIntConstant(m, "PAUSED", PAUSED) < 0 ||
        PyModule_AddIntConstant(m, "MAX_NODES", MAX_NODES) < 0 ||
        PyModule_AddIntConstant(m, "MEMO_OFF", MEMO_OFF) < 0 ||
        PyModule_AddIntConstant(m, "MEMO_AUTO", MEMO_AUTO) < 0 ||
        PyModule_AddIntConstant(m, "MEMO_ON", MEMO_ON) < 0 ||
        add_learner_type(m, ProblemError, EngineBusy) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
