/* The C twin of the exact-cover engine: the fast path.
 *
 * Layer: engine. Source: D. E. Knuth, TAOCP 7.2.2.1, Algorithm X and his program
 * DLX1. This file transcribes _pydlx.py step for step -- the same node layout,
 * the same steps X2..X8, the same counters, the same order of solutions, the
 * same exceptions (looked up in dlxcli.errors) -- so that the Python twin stays
 * the readable reference and the two can be compared on random problems.
 *
 * No global state: everything lives in the Solver object. The search runs
 * without the GIL; a `running` flag refuses a second thread instead of letting
 * it corrupt the links.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

enum { EXHAUSTED = 0, SOLUTION = 1, PAUSED = 2 };
enum { STEP_DONE = -1, STEP_X2 = 0, STEP_X8 = 1 };

#define MAX_NODES 50000000LL
#define PRUNE_MARGIN 0.5
#define RESUM_EVERY 1024 /* see _pydlx._RESUM_EVERY */
#define WEIGHT_LIMIT 2147483648LL /* |w| < 2**31 */
#define COVERED (1 << 30)        /* added to a covered item's len; > MAX_NODES */
#define SCAN_BLOCK 16            /* items per step of choose's scan */
#define WALK_SPAN 8              /* choose walks when its span is > 8 x the active items */

/* One node: an item header (its top unused: the item's LEN is in Solver.len), an
 * option entry (top = its item), or a spacer (top = minus the number of the option
 * after it). */
typedef struct {
    int top, ulink, dlink;
} Node;

typedef struct {
    PyObject_HEAD
    int n_primary, n_secondary, n_items, n_options;
    int *llink, *rlink;   /* items 0..n_items+1; heads 0 and n_items+1 */
    Node *node;           /* n_nodes entries */
    int *first_node;      /* first node of each option */
    int *len;             /* per item: Knuth's LEN, + COVERED while the item is covered */
    long long *weights;   /* NULL when the problem has no weights */
    double *share;        /* per node: its option's weight / option length */
    int *forced;
    int n_forced;
    int *x, *width, *pos; /* the level stack, capacity n_primary + 1 */
    int *zeros_after;     /* per level: `zeros` right after its item was covered */
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
    double open;          /* then: the bound, see _pydlx.Solver._largest_shares */
    unsigned long long nodes, updates, count;
} Solver;

static PyObject *ProblemError, *ProblemTooLarge, *EngineBusy;

/* -- covering (Knuth's cover/hide/uncover/unhide) ---------------------------- */

/* cover and uncover are compiled twice, with `tracking` a constant: keeping the bound
 * must not slow down the searches that have none (see cover and uncover below). */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE void cover_with(Solver *s, int i, const int tracking)
{
    Node *nd = s->node;
    int *len = s->len;
    const double *share = s->share;
    const int n1 = s->n_primary;
    unsigned long long updates = 0;
    int zeros = 0;
    double opened = 0.0;
    for (int p = nd[i].dlink; p != i; p = nd[p].dlink) {
        for (int q = p + 1; q != p;) {
            int x = nd[q].top;
            if (x <= 0) {
                q = nd[q].ulink;
            } else {
                int u = nd[q].ulink, d = nd[q].dlink;
                nd[u].dlink = d;
                nd[d].ulink = u;
                if (--len[x] == 0 && x <= n1)
                    zeros++;
                if (tracking && u == x && x <= n1)
                    opened += share[d] - share[q];
                updates++;
                q++;
            }
        }
    }
    s->updates += updates;
    if (len[i] == 0 && i <= n1)
        zeros--;
    len[i] += COVERED;
    s->zeros += zeros;
    if (tracking && i <= n1)
        opened -= share[nd[i].dlink];
    if (tracking)
        s->open += opened; /* not x + 0.0 when not tracking: that is not free */
    int l = s->llink[i], r = s->rlink[i];
    s->rlink[l] = r;
    s->llink[r] = l;
    s->active -= i <= n1;
}

ALWAYS_INLINE void uncover_with(Solver *s, int i, const int tracking)
{
    Node *nd = s->node;
    int *len = s->len;
    const double *share = s->share;
    const int n1 = s->n_primary;
    double opened = 0.0;
    len[i] -= COVERED;
    for (int p = nd[i].ulink; p != i; p = nd[p].ulink) {
        for (int q = p - 1; q != p;) {
            int x = nd[q].top;
            if (x <= 0) {
                q = nd[q].dlink;
            } else {
                int u = nd[q].ulink, d = nd[q].dlink;
                nd[u].dlink = q;
                nd[d].ulink = q;
                len[x]++;
                if (tracking && u == x && x <= n1)
                    opened += share[q] - share[d];
                q--;
            }
        }
    }
    if (tracking && i <= n1)
        opened += share[nd[i].dlink];
    if (tracking)
        s->open += opened; /* not x + 0.0 when not tracking: that is not free */
    int l = s->llink[i], r = s->rlink[i];
    s->rlink[l] = i;
    s->llink[r] = i;
    s->active += i <= n1;
}

static void cover(Solver *s, int i)
{
    if (s->tracking)
        cover_with(s, i, 1);
    else
        cover_with(s, i, 0);
}

static void uncover(Solver *s, int i)
{
    if (s->tracking)
        uncover_with(s, i, 1);
    else
        uncover_with(s, i, 0);
}

static void cover_others(Solver *s, int p)
{
    for (int q = p + 1; q != p;) {
        int x = s->node[q].top;
        if (x <= 0) {
            q = s->node[q].ulink;
        } else {
            cover(s, x);
            q++;
        }
    }
}

static void uncover_others(Solver *s, int p)
{
    for (int q = p - 1; q != p;) {
        int x = s->node[q].top;
        if (x <= 0) {
            q = s->node[q].dlink;
        } else {
            uncover(s, x);
            q--;
        }
    }
}

static int option_of(const Solver *s, int p)
{
    while (s->node[p].top > 0)
        p--;
    return -s->node[p].top;
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

static inline int block_holds(const int *len, int value)
{
    Lanes wanted = all_lanes(value), found = all_lanes(0);
    for (int k = 0; k < SCAN_BLOCK; k += LANES)
        found |= load_lanes(len + k) == wanted;
    return any_lane(found);
}

/* _pydlx's walk along the item list from its first item i, stopping at a 1. */
static int walk_for_fewest(const Solver *s, int i)
{
    int best = i, best_len = s->len[i];
    for (i = s->rlink[i]; i != 0 && best_len > 1; i = s->rlink[i]) {
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

/* X3: the first active primary item with the fewest options, the item _pydlx's walk
 * along the item list picks. The list is in item order and a covered item's len is
 * COVERED higher, so this scans the len array from the block of RLINK(0) to LLINK(0)
 * instead: following RLINK is a chain of dependent loads, and was a quarter of a
 * sudoku search. Called only when no active primary item is empty (zeros == 0), so
 * the first block holding a 1 holds the answer; most sudoku nodes end there. Else
 * a second pass finds the first block holding the minimum. When few items are left
 * in a long span (a big problem deep in its search), walking the list is cheaper. */
static int choose(const Solver *s)
{
    int i = s->rlink[0];
    const int *len = s->len;
    if (s->first_item || len[i] <= 1)
        return i;
    int last = s->llink[0];
    if (last - i > WALK_SPAN * s->active)
        return walk_for_fewest(s, i);
    int from = i - (i - 1) % SCAN_BLOCK, b = from;
    Lanes least = all_lanes(COVERED), two = all_lanes(2);
    for (; b + SCAN_BLOCK - 1 <= last; b += SCAN_BLOCK) {
        Lanes m = block_min(len + b);
        if (any_lane(m < two))
            return first_with(len, b, 1);
        least = lanewise_min(least, m);
    }
    int best = least[0];
    for (int k = 1; k < LANES; k++)
        best = least[k] < best ? least[k] : best;
    for (int k = b; k <= last; k++)
        best = len[k] < best ? len[k] : best;
    for (int k = from; k < b; k += SCAN_BLOCK) {
        if (block_holds(len + k, best))
            return first_with(len, k, best);
    }
    return first_with(len, b, best);
}

/* -- the search ------------------------------------------------------------- */

/* See _pydlx.Solver._largest_shares: the same sum in the same order, so both twins
 * prune alike. The lists are in share order, so each item's first option has its
 * largest share. */
static double largest_shares(const Solver *s)
{
    double total = 0.0;
    for (int i = s->rlink[0]; i != 0; i = s->rlink[i])
        total += s->share[s->node[i].dlink];
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

/* X5 for the deepest level, or X7 when its item has no options left. Uncovering
 * does not count empty items back: `zeros` is restored from what it was, which at
 * X7 is 0 because X3 only runs when no item is empty. */
static int try_option(Solver *s)
{
    int p = s->x[s->level - 1];
    if (p <= s->n_items) {
        s->level--;
        uncover(s, p);
        s->zeros = 0;
        return STEP_X8;
    }
    cover_others(s, p);
    s->weight += weight_of(s, p);
    return STEP_X2;
}

static int search(Solver *s, unsigned long long budget, int count_only)
{
    unsigned long long stop = s->nodes + budget;
    int step = s->step;
    for (;;) {
        if (step == STEP_DONE)
            return EXHAUSTED;
        if (step == STEP_X8) {
            if (s->level == 0) {
                s->step = STEP_DONE;
                return EXHAUSTED;
            }
            int l = s->level - 1, p = s->x[l];
            uncover_others(s, p);
            s->zeros = s->zeros_after[l];
            s->weight -= weight_of(s, p);
            s->x[l] = s->node[p].dlink;
            s->pos[l]++;
            step = try_option(s);
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
        if (s->rlink[0] == 0) {
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
        /* X3, X4 */
        int i = choose(s);
        cover(s, i);
        s->zeros_after[s->level] = s->zeros;
        s->x[s->level] = s->node[i].dlink;
        s->width[s->level] = s->len[i] - COVERED;
        s->pos[s->level] = 0;
        s->level++;
        step = try_option(s);
    }
}

/* -- starting and unwinding ------------------------------------------------- */

static int option_length(const Solver *s, int j)
{
    int first = s->first_node[j];
    return s->node[first - 1].dlink - first + 1;
}

static int commit(Solver *s, int j)
{
    int first = s->first_node[j], n = option_length(s, j);
    for (int k = 0; k < n; k++) {
        int i = s->node[first + k].top;
        if (s->rlink[s->llink[i]] != i)
            return 0;
    }
    for (int k = 0; k < n; k++)
        cover(s, s->node[first + k].top);
    s->forced[s->n_forced++] = j;
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

/* See _pydlx.Solver._order_lists. Called with nothing covered; -1 when out of memory
 * (the links are then unchanged). */
static int order_lists(Solver *s, int by_share)
{
    if (s->by_share == by_share)
        return 0;
    Node *nd = s->node;
    int longest = 0;
    for (int i = 1; i <= s->n_primary; i++)
        longest = s->len[i] > longest ? s->len[i] : longest;
    Ranked *members = PyMem_Malloc((size_t)(longest ? longest : 1) * sizeof(Ranked));
    if (!members)
        return -1;
    for (int i = 1; i <= s->n_primary; i++) {
        int n = 0;
        for (int p = nd[i].dlink; p != i; p = nd[p].dlink) {
            members[n].share = s->share[p];
            members[n++].p = p;
        }
        qsort(members, (size_t)n, sizeof(Ranked), by_share ? by_share_then_index : by_index);
        int above = i;
        for (int k = 0; k < n; k++) {
            nd[above].dlink = members[k].p;
            nd[members[k].p].ulink = above;
            above = members[k].p;
        }
        nd[above].dlink = i;
        nd[i].ulink = above;
    }
    PyMem_Free(members);
    s->by_share = by_share;
    return 0;
}

static void unwind(Solver *s)
{
    s->tracking = 0;
    while (s->level > 0) {
        int p = s->x[--s->level];
        uncover_others(s, p);
        s->weight -= weight_of(s, p);
        uncover(s, s->node[p].top);
    }
    while (s->n_forced > 0) {
        int j = s->forced[--s->n_forced];
        int first = s->first_node[j];
        for (int k = option_length(s, j) - 1; k >= 0; k--)
            uncover(s, s->node[first + k].top);
    }
    s->zeros = s->zeros_initial;
}

/* -- argument checks (same rules and messages as _pydlx.py) ------------------- */

static int is_int(PyObject *o)
{
    return PyLong_Check(o) && !PyBool_Check(o);
}

/* A non-negative count; anything above MAX_NODES is clamped to MAX_NODES + 1, which
 * the caller then refuses as too large. */
static int count_arg(const char *name, PyObject *value, long long *out)
{
    int overflow = 0;
    long long v = is_int(value) ? PyLong_AsLongLongAndOverflow(value, &overflow) : -1;
    if (overflow < 0 || (!overflow && v < 0)) {
        PyErr_Format(ProblemError, "%s must be a non-negative integer, not %R", name, value);
        return -1;
    }
    *out = (overflow > 0 || v > MAX_NODES) ? MAX_NODES + 1 : v;
    return 0;
}

/* Checks one option; returns its items as a new fast sequence, or NULL. */
static PyObject *option_items(Py_ssize_t j, PyObject *option, int n_items, int *stamp)
{
    PyObject *items = PySequence_Fast(option, "");
    if (!items) {
        if (!PyErr_ExceptionMatches(PyExc_TypeError))
            return NULL;
        PyErr_Clear();
        PyErr_Format(ProblemError, "option %zd is not a sequence of items", j);
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    if (n == 0) {
        PyErr_Format(ProblemError, "option %zd is empty", j);
        goto fail;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *o = PySequence_Fast_GET_ITEM(items, k);
        if (!is_int(o)) {
            PyErr_Format(ProblemError, "option %zd: item %R is not an integer", j, o);
            goto fail;
        }
        int overflow = 0;
        long long item = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (overflow || item < 0 || item >= n_items) {
            PyErr_Format(ProblemError, "option %zd: unknown item %S (items are 0..%d)", j, o,
                         n_items - 1);
            goto fail;
        }
        if (stamp[item] == (int)j + 1) {
            PyErr_Format(ProblemError, "option %zd: item %S appears twice", j, o);
            goto fail;
        }
        stamp[item] = (int)j + 1;
    }
    return items;
fail:
    Py_DECREF(items);
    return NULL;
}

static int weights_arg(Solver *s, PyObject *weights)
{
    PyObject *seq = PySequence_Fast(weights, "weights must be a sequence of integers");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n != s->n_options) {
        PyErr_Format(ProblemError, "%zd weights for %d options", n, s->n_options);
        goto fail;
    }
    s->weights = PyMem_Calloc(n ? n : 1, sizeof(long long));
    if (!s->weights) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *o = PySequence_Fast_GET_ITEM(seq, j);
        if (!is_int(o)) {
            PyErr_Format(ProblemError, "weight of option %zd is not an integer: %R", j, o);
            goto fail;
        }
        int overflow = 0;
        long long w = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (overflow || w >= WEIGHT_LIMIT || w <= -WEIGHT_LIMIT) {
            PyErr_Format(ProblemError, "weight of option %zd is out of range (|w| < 2**31)", j);
            goto fail;
        }
        s->weights[j] = w;
    }
    Py_DECREF(seq);
    return 0;
fail:
    Py_DECREF(seq);
    return -1;
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
    Node *nd = s->node;
    int n_items = s->n_items;
    for (int i = 0; i <= n_items; i++) {
        nd[i].top = 0;
        nd[i].ulink = nd[i].dlink = i;
    }
    int spacer = n_items + 1, p = spacer + 1;
    nd[spacer].top = 0;
    nd[spacer].ulink = 0;
    for (int j = 0; j < s->n_options; j++) {
        PyObject *items = checked[j];
        Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
        s->first_node[j] = p;
        int n_primary_items = 0;
        for (Py_ssize_t k = 0; k < n; k++, p++) {
            int i = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(items, k)) + 1;
            nd[p].top = i;
            s->len[i]++;
            nd[p].ulink = nd[i].ulink;
            nd[p].dlink = i;
            nd[nd[i].ulink].dlink = p;
            nd[i].ulink = p;
            n_primary_items += i <= s->n_primary;
        }
        /* See _pydlx.Solver._shares: the weight goes to the primary items only. */
        for (int q = s->first_node[j]; s->share && q < p; q++) {
            if (nd[q].top <= s->n_primary)
                s->share[q] = (double)s->weights[j] / (double)n_primary_items;
        }
        nd[spacer].dlink = p - 1;
        spacer = p++;
        nd[spacer].top = -(j + 1);
        nd[spacer].ulink = s->first_node[j];
        nd[spacer].dlink = 0;
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
    static char *kwlist[] = {"n_primary", "n_secondary", "options", "weights", NULL};
    PyObject *n1_obj, *n2_obj, *options, *weights = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO|O:Solver", kwlist, &n1_obj, &n2_obj,
                                     &options, &weights))
        return -1;
    if (s->node) {
        PyErr_SetString(ProblemError, "a Solver cannot be initialised twice");
        return -1;
    }
    long long n1_big, n2_big;
    if (count_arg("n_primary", n1_obj, &n1_big) < 0 ||
        count_arg("n_secondary", n2_obj, &n2_big) < 0)
        return -1;
    if (n1_big + n2_big + 2 > MAX_NODES) {
        PyErr_Format(ProblemTooLarge, "problem needs more than %lld nodes; the limit is %lld "
                     "(items + option entries + options)", MAX_NODES, MAX_NODES);
        return -1;
    }
    int n1 = (int)n1_big, n2 = (int)n2_big;
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
    int *stamp = alloc_ints(s->n_items, &ok);
    if (!checked || !ok) {
        PyErr_NoMemory();
        goto done;
    }
    long long n_nodes = (long long)s->n_items + 2;
    for (; n_checked < n_options; n_checked++) {
        PyObject *items = option_items(n_checked, PySequence_Fast_GET_ITEM(seq, n_checked),
                                       s->n_items, stamp);
        if (!items)
            goto done;
        checked[n_checked] = items;
        n_nodes += PySequence_Fast_GET_SIZE(items) + 1;
    }
    if (n_nodes > MAX_NODES) {
        PyErr_Format(ProblemTooLarge, "problem needs %lld nodes; the limit is %lld "
                     "(items + option entries + options)", n_nodes, MAX_NODES);
        goto done;
    }
    s->n_options = (int)n_options;
    if (weights != Py_None && weights_arg(s, weights) < 0)
        goto done;
    s->node = PyMem_Calloc((size_t)n_nodes, sizeof(Node));
    if (s->weights)
        s->share = PyMem_Calloc((size_t)n_nodes, sizeof(double));
    s->llink = alloc_ints(s->n_items + 2, &ok);
    s->rlink = alloc_ints(s->n_items + 2, &ok);
    s->first_node = alloc_ints(n_options, &ok);
    s->len = alloc_ints(s->n_items + 2, &ok);
    s->forced = alloc_ints(n_options, &ok);
    s->best_solution = alloc_ints(n_options + (long long)n1 + 1, &ok);
    s->x = alloc_ints((long long)n1 + 1, &ok);
    s->width = alloc_ints((long long)n1 + 1, &ok);
    s->pos = alloc_ints((long long)n1 + 1, &ok);
    s->zeros_after = alloc_ints((long long)n1 + 1, &ok);
    if (!ok || !s->node || (s->weights && !s->share)) {
        PyErr_NoMemory();
        goto done;
    }
    ring(s, 0, 1, n1);
    s->active = n1;
    ring(s, s->n_items + 1, n1 + 1, s->n_items);
    link_options(s, checked);
    for (int i = 1; i <= n1; i++)
        s->zeros_initial += s->len[i] == 0;
    s->zeros = s->zeros_initial;
    s->step = STEP_X2;
    result = 0;
done:
    for (Py_ssize_t j = 0; j < n_checked; j++)
        Py_XDECREF(checked[j]);
    PyMem_Free(checked);
    PyMem_Free(stamp);
    Py_DECREF(seq);
    return result;
}

static void Solver_dealloc(Solver *s)
{
    PyMem_Free(s->llink);
    PyMem_Free(s->rlink);
    PyMem_Free(s->node);
    PyMem_Free(s->first_node);
    PyMem_Free(s->len);
    PyMem_Free(s->weights);
    PyMem_Free(s->share);
    PyMem_Free(s->forced);
    PyMem_Free(s->x);
    PyMem_Free(s->width);
    PyMem_Free(s->pos);
    PyMem_Free(s->zeros_after);
    PyMem_Free(s->best_solution);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int check_ready(Solver *s)
{
    if (!s->node) {
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
    PyObject *forced = forced_obj ? PySequence_Fast(forced_obj, "forced must be a sequence")
                                  : PyTuple_New(0);
    if (!forced)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(forced);
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *o = PySequence_Fast_GET_ITEM(forced, k);
        int overflow = 0;
        long long j = is_int(o) ? PyLong_AsLongLongAndOverflow(o, &overflow) : -1;
        if (!is_int(o) || overflow || j < 0 || j >= s->n_options) {
            PyErr_Format(ProblemError, "forced option %R is not an option index (0..%d)", o,
                         s->n_options - 1);
            Py_DECREF(forced);
            return NULL;
        }
    }
    if (maximize && !s->weights) {
        Py_DECREF(forced);
        PyErr_SetString(ProblemError, "maximize needs option weights");
        return NULL;
    }
    unwind(s);
    if (s->weights && order_lists(s, maximize) < 0) {
        Py_DECREF(forced);
        return PyErr_NoMemory();
    }
    s->nodes = s->updates = s->count = 0;
    s->first_item = first_item;
    s->maximize = maximize;
    s->weight = s->best = 0;
    s->has_best = 0;
    s->best_len = 0;
    s->step = STEP_X2;
    for (Py_ssize_t k = 0; k < n; k++) {
        if (!commit(s, (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(forced, k)))) {
            s->step = STEP_DONE;
            break;
        }
    }
    if (maximize) {
        s->open = largest_shares(s);
        s->tracking = 1;
    }
    Py_DECREF(forced);
    Py_RETURN_NONE;
}

static PyObject *Solver_run(Solver *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"budget", "count_only", NULL};
    PyObject *budget_obj;
    int count_only = 0, overflow = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|p:run", kwlist, &budget_obj, &count_only))
        return NULL;
    if (check_ready(s) < 0)
        return NULL;
    long long budget = is_int(budget_obj) ? PyLong_AsLongLongAndOverflow(budget_obj, &overflow)
                                          : 0;
    if (overflow > 0)
        budget = LLONG_MAX;
    if (budget < 1) {
        PyErr_Format(ProblemError, "budget must be a positive integer, not %R", budget_obj);
        return NULL;
    }
    int status;
    s->running = 1;
    Py_BEGIN_ALLOW_THREADS
    status = search(s, (unsigned long long)budget, count_only && !s->maximize);
    Py_END_ALLOW_THREADS
    s->running = 0;
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
        if (!s->has_best)
            Py_RETURN_NONE;
        return int_list(s->best_solution, s->best_len);
    }
    if (s->step != STEP_X8 || s->count == 0)
        Py_RETURN_NONE;
    save_best(s);
    return int_list(s->best_solution, s->best_len);
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
static PyObject *Solver_get_count(Solver *s, void *c) { return get_ull(s->count); }
static PyObject *Solver_get_level(Solver *s, void *c) { return PyLong_FromLong(s->level); }
static PyObject *Solver_get_n_primary(Solver *s, void *c) { return PyLong_FromLong(s->n_primary); }
static PyObject *Solver_get_n_secondary(Solver *s, void *c)
{
    return PyLong_FromLong(s->n_secondary);
}
static PyObject *Solver_get_n_options(Solver *s, void *c) { return PyLong_FromLong(s->n_options); }
static PyObject *Solver_get_best_weight(Solver *s, void *c)
{
    if (!s->has_best)
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
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Solver_getset[] = {
    {"nodes", (getter)Solver_get_nodes, NULL, "search-tree nodes visited since start", NULL},
    {"updates", (getter)Solver_get_updates, NULL, "link updates since start", NULL},
    {"count", (getter)Solver_get_count, NULL, "solutions found since start", NULL},
    {"level", (getter)Solver_get_level, NULL, "current search depth", NULL},
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
    .tp_flags = Py_TPFLAGS_DEFAULT,
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
        PyModule_AddIntConstant(m, "MAX_NODES", MAX_NODES) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
