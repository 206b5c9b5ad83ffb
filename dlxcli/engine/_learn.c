/* The Learner: the engine's second search, conflict-driven clause learning over the
 * options of an exact-cover problem (issue 23; the spec: docs/reasoning-research.md,
 * "A design for the engine").
 *
 * Layer: engine. A port of bench/proto/xcdcl.c run with --no-restarts (learning, no
 * restarts, clause deletion by LBD, local minimization, VSIDS decisions "choose this
 * option", no probing), made a library object: one struct per Learner, no globals,
 * assumptions and forbidden clauses, a budget of steps, colors. The Python twin
 * (_pylearn.py) makes the same search step for step: the order of every heap operation,
 * watch-list update and floating-point operation below is part of the contract.
 *
 * One Boolean variable per option; the problem is not turned into clauses: its
 * propagation is dancing links' semantics, run on the item/option lists:
 * - an option v set true sets false every option w sharing an item with it (on a
 *   secondary item where v has a color c != 0: only the options of another color or of
 *   none); reason: v, the binary clause "not both" (R_AMO);
 * - a primary item with no true option and one option left forces it true; reason: the
 *   item's other options are false (R_ITEM);
 * - a primary item with no option left, or a true option that clashes with v, is a
 *   conflict.
 * On top: 1UIP analysis, learned clauses over option literals with two watched literals,
 * backjumping, VSIDS, deletion of the worse half of the learned clauses (ordered by LBD,
 * length, creation number: a total order, so qsort and Python's sort agree). No restarts
 * (Luby's left Gecode 25x25 sudokus unsolved that the search without them solves,
 * docs/engine.md): the search goes back to level 0 only when start or forbid asks it to,
 * or to assert a learned clause of one literal.
 *
 * Queries: start(assumptions) goes back to level 0 and keeps everything learned; the
 * assumptions are decided first, one level each (MiniSat's solve(assumptions)); each one
 * is a decision and a step. An assumption already true opens an empty level (no decision,
 * no step); one already false ends the query with EXHAUSTED. run(budget) checks its budget
 * at the top of the search loop, before propagating, so a search paused and resumed is the
 * search run in one go. forbid(options) adds the permanent clause "not all of these".
 *
 * The search runs without the GIL and allocates with malloc: a failed allocation ends
 * the run with MemoryError and leaves the Learner refusing every later call with it (its
 * state may be half updated), never a crash.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

enum { EXHAUSTED = 0, SOLUTION = 1, PAUSED = 2 }; /* _dlx.c's module constants */
enum { SEARCHING = 3, OUT_OF_MEMORY = -1, ASSUMPTION_FALSE = -2, NO_BRANCH = -1 };
enum { R_NONE, R_AMO, R_ITEM, R_CLAUSE };

#define FIRST_REDUCE 2000
#define REDUCE_STEP 300

typedef struct {
    int len, lbd, deleted;
    long long created;    /* creation number: the last key of reduce_db's order */
    int lits[];
} Clause;

/* literals: 2*v is "option v chosen", 2*v+1 "option v not chosen" */
#define VAR(l) ((l) >> 1)
#define NEG(l) ((l) ^ 1)
#define POS(v) (2 * (v))
#define NOT(v) (2 * (v) + 1)

typedef struct {
    int *items;
    int n, cap;
} IntList;

typedef struct {
    Clause **at;
    int n, cap;
} ClauseList;

typedef struct {
    PyObject_HEAD
    int n_primary, n_secondary, n_items, n_options;
    int *item_start, *item_opt, *item_color; /* item -> its options (CSR), their colors */
    int *opt_start, *opt_item, *opt_color;   /* option -> its items (CSR), its colors */
    signed char *val;                        /* -1 free, 0 false, 1 true */
    int *level, *rtype, *rdata, *trail, trail_len, qhead;
    Clause **rclause;
    int *trail_lim, dlevel, level_cap;       /* level_cap: size of trail_lim, lbd_stamp */
    int *true_count, *alive;
    double *activity, var_inc;
    int *heap, heap_len, *heap_pos;
    ClauseList learnts, forbidden;
    ClauseList *watch;                       /* per literal */
    char *seen;
    int *learnt_buf, *stack_buf, *rv_buf, *lbd_stamp, lbd_time;
    int c_type, c_a, c_b;                    /* the conflict */
    Clause *c_clause;
    IntList assumptions;
    long long created;
    int state, unsat, running, broken;
    long long next_reduce, reduce_step;
    unsigned long long decisions, conflicts, propagations, learned, deleted;
} Learner;

static PyObject *ProblemError, *EngineBusy;

/* -- the VSIDS heap (ties broken by the heap's order, as the prototype's) ---------- */

static int heap_less(const Learner *s, int a, int b) { return s->activity[a] > s->activity[b]; }

static void heap_up(Learner *s, int i)
{
    int v = s->heap[i];
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!heap_less(s, v, s->heap[p]))
            break;
        s->heap[i] = s->heap[p];
        s->heap_pos[s->heap[i]] = i;
        i = p;
    }
    s->heap[i] = v;
    s->heap_pos[v] = i;
}

static void heap_down(Learner *s, int i)
{
    int v = s->heap[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= s->heap_len)
            break;
        if (c + 1 < s->heap_len && heap_less(s, s->heap[c + 1], s->heap[c]))
            c++;
        if (!heap_less(s, s->heap[c], v))
            break;
        s->heap[i] = s->heap[c];
        s->heap_pos[s->heap[i]] = i;
        i = c;
    }
    s->heap[i] = v;
    s->heap_pos[v] = i;
}

static void heap_insert(Learner *s, int v)
{
    if (s->heap_pos[v] >= 0)
        return;
    s->heap[s->heap_len] = v;
    s->heap_pos[v] = s->heap_len++;
    heap_up(s, s->heap_len - 1);
}

static int heap_pop(Learner *s)
{
    int v = s->heap[0];
    s->heap[0] = s->heap[--s->heap_len];
    s->heap_pos[s->heap[0]] = 0;
    s->heap_pos[v] = -1;
    if (s->heap_len > 0)
        heap_down(s, 0);
    return v;
}

static void bump(Learner *s, int v)
{
    if ((s->activity[v] += s->var_inc) > 1e100) {
        for (int i = 0; i < s->n_options; i++)
            s->activity[i] *= 1e-100;
        s->var_inc *= 1e-100;
    }
    if (s->heap_pos[v] >= 0)
        heap_up(s, s->heap_pos[v]);
}

/* -- the assignment ------------------------------------------------------------ */

static void assign(Learner *s, int lit, int type, int data, Clause *c)
{
    int v = VAR(lit);
    s->val[v] = !(lit & 1);
    s->level[v] = s->dlevel;
    s->rtype[v] = type;
    s->rdata[v] = data;
    s->rclause[v] = c;
    s->trail[s->trail_len++] = lit;
    for (int e = s->opt_start[v]; e < s->opt_start[v + 1]; e++) {
        if (s->val[v])
            s->true_count[s->opt_item[e]]++;
        else
            s->alive[s->opt_item[e]]--;
    }
}

static void unassign_to(Learner *s, int lev)
{
    if (s->dlevel <= lev)
        return;
    for (int k = s->trail_len - 1; k >= s->trail_lim[lev]; k--) {
        int v = VAR(s->trail[k]);
        for (int e = s->opt_start[v]; e < s->opt_start[v + 1]; e++) {
            if (s->val[v])
                s->true_count[s->opt_item[e]]--;
            else
                s->alive[s->opt_item[e]]++;
        }
        s->val[v] = -1;
        heap_insert(s, v);
    }
    s->trail_len = s->trail_lim[lev];
    s->qhead = s->trail_len;
    s->dlevel = lev;
}

static void open_level(Learner *s) { s->trail_lim[s->dlevel++] = s->trail_len; }

static int watch_add(Learner *s, int lit, Clause *c)
{
    ClauseList *w = &s->watch[lit];
    if (w->n == w->cap) {
        int cap = w->cap ? 2 * w->cap : 4;
        Clause **at = realloc(w->at, sizeof(Clause *) * (size_t)cap);
        if (!at)
            return -1;
        w->at = at;
        w->cap = cap;
    }
    w->at[w->n++] = c;
    return 0;
}

static int lit_value(const Learner *s, int l)
{
    int x = s->val[VAR(l)];
    return x < 0 ? -1 : (x ^ (l & 1));
}

/* Whether w, true, clashes with v's color c on an item where w has color wc. */
static int clashes(int c, int wc) { return c == 0 || wc != c; }

/* The options that share an item with v, now true: each one set false or a conflict. */
static int propagate_true(Learner *s, int v)
{
    for (int e = s->opt_start[v]; e < s->opt_start[v + 1]; e++) {
        int it = s->opt_item[e], c = s->opt_color ? s->opt_color[e] : 0;
        for (int k = s->item_start[it]; k < s->item_start[it + 1]; k++) {
            int w = s->item_opt[k];
            if (w == v || (s->item_color && !clashes(c, s->item_color[k])))
                continue;
            if (s->val[w] == 1) {
                s->c_type = R_AMO;
                s->c_a = v;
                s->c_b = w;
                return 1;
            }
            if (s->val[w] < 0)
                assign(s, NOT(w), R_AMO, v, NULL);
        }
    }
    return 0;
}

/* The primary items of v, now false: a conflict, or their last option forced. */
static int propagate_false(Learner *s, int v)
{
    for (int e = s->opt_start[v]; e < s->opt_start[v + 1]; e++) {
        int it = s->opt_item[e];
        if (it >= s->n_primary || s->true_count[it])
            continue;
        if (s->alive[it] == 0) {
            s->c_type = R_ITEM;
            s->c_a = it;
            return 1;
        }
        if (s->alive[it] == 1) {
            for (int k = s->item_start[it]; k < s->item_start[it + 1]; k++) {
                int w = s->item_opt[k];
                if (s->val[w] < 0) {
                    assign(s, POS(w), R_ITEM, it, NULL);
                    break;
                }
            }
        }
    }
    return 0;
}

/* The clauses watching fl, which just became false. */
static int propagate_clauses(Learner *s, int fl)
{
    ClauseList *w = &s->watch[fl];
    int n = w->n, i = 0, j = 0, status = 0;
    while (i < n) {
        Clause *c = w->at[i++];
        if (c->lits[0] == fl) {
            c->lits[0] = c->lits[1];
            c->lits[1] = fl;
        }
        if (lit_value(s, c->lits[0]) == 1) {
            w->at[j++] = c;
            continue;
        }
        int found = 0;
        for (int k = 2; k < c->len; k++) {
            if (lit_value(s, c->lits[k]) != 0) {
                if (watch_add(s, c->lits[k], c) < 0) {
                    status = OUT_OF_MEMORY;
                    break;
                }
                c->lits[1] = c->lits[k];
                c->lits[k] = fl;
                found = 1;
                break;
            }
        }
        if (found)
            continue;
        w->at[j++] = c;
        if (status == OUT_OF_MEMORY)
            break;
        if (lit_value(s, c->lits[0]) == 0) {
            s->c_type = R_CLAUSE;
            s->c_clause = c;
            status = 1;
            break;
        }
        assign(s, c->lits[0], R_CLAUSE, 0, c);
    }
    while (i < n)
        w->at[j++] = w->at[i++];
    w->n = j;
    return status;
}

/* 1 on a conflict (c_type etc. set), 0 without, OUT_OF_MEMORY. */
static int propagate(Learner *s)
{
    while (s->qhead < s->trail_len) {
        int p = s->trail[s->qhead++], v = VAR(p);
        s->propagations++;
        if (s->val[v] == 1 ? propagate_true(s, v) : propagate_false(s, v))
            return 1;
        int status = propagate_clauses(s, NEG(p));
        if (status)
            return status;
    }
    return 0;
}

/* -- conflict analysis --------------------------------------------------------- */

/* The variables of a reason (for v) or of the conflict (v = -1), into out; their count. */
static int reason_vars(const Learner *s, int v, int *out)
{
    int n = 0, type = v < 0 ? s->c_type : s->rtype[v];
    switch (type) {
    case R_AMO:
        if (v < 0) {
            out[n++] = s->c_a;
            out[n++] = s->c_b;
        } else
            out[n++] = s->rdata[v];
        break;
    case R_ITEM: {
        int it = v < 0 ? s->c_a : s->rdata[v];
        for (int k = s->item_start[it]; k < s->item_start[it + 1]; k++)
            if (s->item_opt[k] != v)
                out[n++] = s->item_opt[k];
        break;
    }
    case R_CLAUSE: {
        const Clause *c = v < 0 ? s->c_clause : s->rclause[v];
        for (int k = 0; k < c->len; k++)
            if (VAR(c->lits[k]) != v)
                out[n++] = VAR(c->lits[k]);
        break;
    }
    }
    return n;
}

/* the literal of v that is false now */
static int false_lit(const Learner *s, int v) { return s->val[v] ? NOT(v) : POS(v); }

/* Drops a literal of the learned clause whose reason's variables are all in the clause
 * or at level 0 (local minimization); the clause's length after. */
static int minimize(Learner *s, int len)
{
    int *buf = s->learnt_buf;
    memcpy(s->stack_buf, buf, sizeof(int) * (size_t)len);
    int j = 1;
    for (int i = 1; i < len; i++) {
        int u = VAR(buf[i]), keep = s->rtype[u] == R_NONE;
        if (!keep) {
            int m = reason_vars(s, u, s->rv_buf);
            for (int k = 0; k < m; k++)
                if (!s->seen[s->rv_buf[k]] && s->level[s->rv_buf[k]] > 0) {
                    keep = 1;
                    break;
                }
        }
        if (keep)
            buf[j++] = buf[i];
    }
    for (int i = 1; i < len; i++)
        s->seen[VAR(s->stack_buf[i])] = 0;
    return j;
}

/* 1UIP analysis: the learned clause into learnt_buf (asserting literal first, one of the
 * deepest others second); returns its length and sets the backjump level. */
static int analyze(Learner *s, int *bt_level)
{
    int pathc = 0, len = 1, idx = s->trail_len - 1, p = -1;
    int n = reason_vars(s, -1, s->rv_buf);
    for (;;) {
        for (int k = 0; k < n; k++) {
            int u = s->rv_buf[k];
            if (s->seen[u] || s->level[u] == 0)
                continue;
            s->seen[u] = 1;
            bump(s, u);
            if (s->level[u] == s->dlevel)
                pathc++;
            else
                s->learnt_buf[len++] = false_lit(s, u);
        }
        while (!s->seen[VAR(s->trail[idx])])
            idx--;
        p = VAR(s->trail[idx--]);
        s->seen[p] = 0;
        pathc--;
        if (pathc == 0)
            break;
        n = reason_vars(s, p, s->rv_buf);
    }
    s->learnt_buf[0] = false_lit(s, p);
    len = minimize(s, len);
    int bt = 0, bi = 1;
    for (int i = 1; i < len; i++)
        if (s->level[VAR(s->learnt_buf[i])] > bt) {
            bt = s->level[VAR(s->learnt_buf[i])];
            bi = i;
        }
    if (len > 1) {
        int t = s->learnt_buf[1];
        s->learnt_buf[1] = s->learnt_buf[bi];
        s->learnt_buf[bi] = t;
    }
    *bt_level = bt;
    s->var_inc /= 0.95;
    return len;
}

static int list_add(ClauseList *list, Clause *c)
{
    if (list->n == list->cap) {
        int cap = list->cap ? 2 * list->cap : 1024;
        Clause **at = realloc(list->at, sizeof(Clause *) * (size_t)cap);
        if (!at)
            return -1;
        list->at = at;
        list->cap = cap;
    }
    list->at[list->n++] = c;
    return 0;
}

/* A clause of learnt_buf's first len literals, watched by its first two, kept in `list`
 * (learned: may be deleted; forbidden: never); NULL when memory ran out. */
static Clause *add_clause(Learner *s, int len, int lbd, ClauseList *list)
{
    Clause *c = malloc(sizeof(Clause) + sizeof(int) * (size_t)len);
    if (!c)
        return NULL;
    c->len = len;
    c->lbd = lbd;
    c->deleted = 0;
    c->created = s->created++;
    memcpy(c->lits, s->learnt_buf, sizeof(int) * (size_t)len);
    if (list_add(list, c) < 0) {
        free(c);
        return NULL;
    }
    if (watch_add(s, c->lits[0], c) < 0 || watch_add(s, c->lits[1], c) < 0)
        return NULL; /* owned by list; the Learner is broken from now on */
    return c;
}

static int compute_lbd(Learner *s, int len)
{
    s->lbd_time++;
    int n = 0;
    for (int i = 0; i < len; i++) {
        int l = s->level[VAR(s->learnt_buf[i])];
        if (s->lbd_stamp[l] != s->lbd_time) {
            s->lbd_stamp[l] = s->lbd_time;
            n++;
        }
    }
    return n;
}

static int by_lbd_len_creation(const void *a, const void *b)
{
    const Clause *x = *(Clause *const *)a, *y = *(Clause *const *)b;
    if (x->lbd != y->lbd)
        return x->lbd < y->lbd ? -1 : 1;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return x->created < y->created ? -1 : x->created > y->created;
}

static int locked(const Learner *s, const Clause *c)
{
    int v = VAR(c->lits[0]);
    return s->val[v] >= 0 && s->rtype[v] == R_CLAUSE && s->rclause[v] == c;
}

/* Keeps the better half of the learned clauses; glue clauses (LBD <= 2) and locked ones
 * always stay. */
static void reduce_db(Learner *s)
{
    ClauseList *l = &s->learnts;
    qsort(l->at, (size_t)l->n, sizeof(Clause *), by_lbd_len_creation);
    int keep = l->n / 2, j = 0;
    for (int i = 0; i < l->n; i++) {
        Clause *c = l->at[i];
        c->deleted = !(i < keep || c->lbd <= 2 || locked(s, c));
    }
    for (int lit = 0; lit < 2 * s->n_options; lit++) {
        ClauseList *w = &s->watch[lit];
        int k = 0;
        for (int i = 0; i < w->n; i++)
            if (!w->at[i]->deleted)
                w->at[k++] = w->at[i];
        w->n = k;
    }
    for (int i = 0; i < l->n; i++) {  /* freed once out of every watch list */
        if (l->at[i]->deleted)
            free(l->at[i]);
        else
            l->at[j++] = l->at[i];
    }
    s->deleted += (unsigned long long)(l->n - j);
    l->n = j;
}

/* The next decision: the next assumption (opening empty levels for those already true),
 * else the free option of highest activity, chosen; NO_BRANCH when every option has a
 * value, ASSUMPTION_FALSE when an assumption is false. */
static int pick_branch(Learner *s)
{
    while (s->dlevel < s->assumptions.n) {
        int v = s->assumptions.items[s->dlevel];
        if (s->val[v] == 1)
            open_level(s);
        else if (s->val[v] == 0)
            return ASSUMPTION_FALSE;
        else
            return POS(v);
    }
    while (s->heap_len > 0) {
        int v = heap_pop(s);
        if (s->val[v] < 0)
            return POS(v);
    }
    return NO_BRANCH;
}

/* The learned clause of a conflict asserted after the backjump; -1 out of memory. */
static int learn(Learner *s)
{
    int bt, len = analyze(s, &bt);
    unassign_to(s, bt);
    if (len == 1)
        assign(s, s->learnt_buf[0], R_NONE, 0, NULL);
    else {
        int lbd = compute_lbd(s, len);
        Clause *c = add_clause(s, len, lbd, &s->learnts);
        if (!c)
            return -1;
        assign(s, s->learnt_buf[0], R_CLAUSE, 0, c);
    }
    s->learned++;
    return 0;
}

/* The prototype's search, at most `budget` steps (decisions and conflicts): SOLUTION,
 * EXHAUSTED, PAUSED or OUT_OF_MEMORY. */
static int search(Learner *s, unsigned long long budget)
{
    unsigned long long steps = 0;
    for (;;) {
        if (steps >= budget)
            return PAUSED;
        int conflict = propagate(s);
        if (conflict == OUT_OF_MEMORY)
            return OUT_OF_MEMORY;
        if (conflict) {
            s->conflicts++;
            steps++;
            if (s->dlevel == 0) {
                s->unsat = 1;
                return EXHAUSTED;
            }
            if (learn(s) < 0)
                return OUT_OF_MEMORY;
            continue;
        }
        if ((long long)s->conflicts >= s->next_reduce) {
            s->next_reduce = (long long)s->conflicts + FIRST_REDUCE + s->reduce_step;
            s->reduce_step += REDUCE_STEP;
            reduce_db(s);
        }
        int d = pick_branch(s);
        if (d == ASSUMPTION_FALSE)
            return EXHAUSTED;
        if (d == NO_BRANCH)
            return SOLUTION;
        s->decisions++;
        steps++;
        open_level(s);
        assign(s, d, R_NONE, 0, NULL);
    }
}

/* -- building ------------------------------------------------------------------ */

static void *zeroed(long long n, size_t size, int *ok)
{
    void *p = calloc((size_t)(n > 0 ? n : 1), size);
    if (!p)
        *ok = 0;
    return p;
}

/* opt_start/opt_item/opt_color from the (checked) options and colors. */
static int read_options(Learner *s, PyObject *options, PyObject *colors)
{
    PyObject *seq = PySequence_Fast(options, "options must be a sequence of options");
    if (!seq)
        return -1;
    PyObject *tints = colors == Py_None ? NULL
                      : PySequence_Fast(colors, "colors must be a sequence of color lists");
    int result = -1, ok = 1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (colors != Py_None && !tints)
        goto done;
    if (n >= INT_MAX / 2) {
        PyErr_SetString(ProblemError, "too many options");
        goto done;
    }
    if (tints && PySequence_Fast_GET_SIZE(tints) != n) {
        PyErr_SetString(ProblemError, "one color list per option");
        goto done;
    }
    s->n_options = (int)n;
    s->opt_start = zeroed(n + 1, sizeof(int), &ok);
    if (!ok)
        goto nomem;
    long long entries = 0;
    for (Py_ssize_t j = 0; j < n; j++) {
        Py_ssize_t len = PyObject_Length(PySequence_Fast_GET_ITEM(seq, j));
        if (len < 0)
            goto done;
        entries += len;
        if (entries >= INT_MAX / 2) {
            PyErr_SetString(ProblemError, "too many option entries");
            goto done;
        }
        s->opt_start[j + 1] = (int)entries;
    }
    s->opt_item = zeroed(entries, sizeof(int), &ok);
    if (tints)
        s->opt_color = zeroed(entries, sizeof(int), &ok);
    if (!ok)
        goto nomem;
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *items = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, j), "an option must be "
                                          "a sequence of items");
        if (!items)
            goto done;
        PyObject *its_colors = tints ? PySequence_Fast(PySequence_Fast_GET_ITEM(tints, j),
                                                       "colors of an option must be a sequence")
                                     : NULL;
        Py_ssize_t len = PySequence_Fast_GET_SIZE(items);
        if (tints && (!its_colors || PySequence_Fast_GET_SIZE(its_colors) != len)) {
            if (its_colors)
                PyErr_SetString(ProblemError, "one color per item of an option");
            Py_XDECREF(its_colors);
            Py_DECREF(items);
            goto done;
        }
        for (Py_ssize_t k = 0; k < len && s->opt_start[j] + k < entries; k++) {
            long item = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, k));
            if ((item < 0 || item >= s->n_items) && !PyErr_Occurred())
                PyErr_Format(ProblemError, "option %zd: unknown item %ld", j, item);
            s->opt_item[s->opt_start[j] + k] = (int)item;
            if (its_colors)
                s->opt_color[s->opt_start[j] + k] =
                    (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(its_colors, k));
        }
        Py_XDECREF(its_colors);
        Py_DECREF(items);
        if (PyErr_Occurred())
            goto done;
        if (len != s->opt_start[j + 1] - s->opt_start[j]) {
            PyErr_SetString(ProblemError, "an option changed its length while read");
            goto done;
        }
    }
    result = 0;
    goto done;
nomem:
    PyErr_NoMemory();
done:
    Py_XDECREF(tints);
    Py_DECREF(seq);
    return result;
}

/* item_start/item_opt/item_color: the transpose of the options. */
static int index_items(Learner *s)
{
    int ok = 1, ne = s->opt_start[s->n_options];
    s->item_start = zeroed(s->n_items + 1, sizeof(int), &ok);
    s->item_opt = zeroed(ne, sizeof(int), &ok);
    if (s->opt_color)
        s->item_color = zeroed(ne, sizeof(int), &ok);
    int *fill = zeroed(s->n_items, sizeof(int), &ok);
    if (!ok) {
        free(fill);
        return -1;
    }
    for (int e = 0; e < ne; e++)
        s->item_start[s->opt_item[e] + 1]++;
    for (int i = 0; i < s->n_items; i++)
        s->item_start[i + 1] += s->item_start[i];
    memcpy(fill, s->item_start, sizeof(int) * (size_t)s->n_items);
    for (int o = 0; o < s->n_options; o++)
        for (int e = s->opt_start[o]; e < s->opt_start[o + 1]; e++) {
            int k = fill[s->opt_item[e]]++;
            s->item_opt[k] = o;
            if (s->item_color)
                s->item_color[k] = s->opt_color[e];
        }
    free(fill);
    return 0;
}

static int allocate_state(Learner *s)
{
    int ok = 1, n = s->n_options;
    s->val = zeroed(n, 1, &ok);
    s->level = zeroed(n, sizeof(int), &ok);
    s->rtype = zeroed(n, sizeof(int), &ok);
    s->rdata = zeroed(n, sizeof(int), &ok);
    s->rclause = zeroed(n, sizeof(Clause *), &ok);
    s->trail = zeroed(n, sizeof(int), &ok);
    s->true_count = zeroed(s->n_items, sizeof(int), &ok);
    s->alive = zeroed(s->n_items, sizeof(int), &ok);
    s->activity = zeroed(n, sizeof(double), &ok);
    s->heap = zeroed(n, sizeof(int), &ok);
    s->heap_pos = zeroed(n, sizeof(int), &ok);
    s->watch = zeroed(2LL * n, sizeof(ClauseList), &ok);
    s->seen = zeroed(n, 1, &ok);
    s->learnt_buf = zeroed(n + 1LL, sizeof(int), &ok);
    s->rv_buf = zeroed(n + 1LL, sizeof(int), &ok);
    s->stack_buf = zeroed(n + 1LL, sizeof(int), &ok);
    return ok ? 0 : -1;
}

/* Room for `levels` decision levels in trail_lim and lbd_stamp. */
static int reserve_levels(Learner *s, long long levels)
{
    if (levels <= s->level_cap)
        return 0;
    int ok = 1;
    int *lim = zeroed(levels + 1, sizeof(int), &ok), *stamp = zeroed(levels + 2, sizeof(int), &ok);
    if (!ok) {
        free(lim);
        free(stamp);
        return -1;
    }
    if (s->dlevel > 0)
        memcpy(lim, s->trail_lim, sizeof(int) * (size_t)s->dlevel);
    free(s->trail_lim);
    free(s->lbd_stamp);
    s->trail_lim = lim;
    s->lbd_stamp = stamp;
    s->lbd_time = 0;
    s->level_cap = (int)levels;
    return 0;
}

/* The prototype's initial state: activities favouring options of short items, the heap
 * filled in option order, options with no primary item false, a primary item with one
 * option forcing it, one with none making every query EXHAUSTED. */
static void initial_state(Learner *s)
{
    int n = s->n_options;
    memset(s->val, -1, (size_t)n);
    for (int it = 0; it < s->n_items; it++)
        s->alive[it] = s->item_start[it + 1] - s->item_start[it];
    for (int v = 0; v < n; v++) {
        int best = 1 << 30;
        for (int e = s->opt_start[v]; e < s->opt_start[v + 1]; e++) {
            int it = s->opt_item[e];
            if (it < s->n_primary) {
                int size = s->item_start[it + 1] - s->item_start[it];
                if (size < best)
                    best = size;
            }
        }
        s->activity[v] = best < (1 << 30) ? 1.0 / best * 1e-3 : 0;
    }
    for (int v = 0; v < n; v++) {
        s->heap_pos[v] = -1;
        heap_insert(s, v);
    }
    s->var_inc = 1.0;
    for (int v = 0; v < n; v++) {
        int primary = 0;
        for (int e = s->opt_start[v]; e < s->opt_start[v + 1]; e++)
            primary |= s->opt_item[e] < s->n_primary;
        if (!primary)
            assign(s, NOT(v), R_NONE, 0, NULL);
    }
    for (int it = 0; it < s->n_primary; it++) {
        if (s->alive[it] == 0)
            s->unsat = 1;
        else if (s->alive[it] == 1 && !s->true_count[it])
            for (int k = s->item_start[it]; k < s->item_start[it + 1]; k++)
                if (s->val[s->item_opt[k]] < 0)
                    assign(s, POS(s->item_opt[k]), R_NONE, 0, NULL);
    }
}

/* A query begins: counters and schedules as at the prototype's start. */
static void reset_query(Learner *s)
{
    s->decisions = s->conflicts = s->propagations = s->learned = s->deleted = 0;
    s->next_reduce = FIRST_REDUCE;
    s->reduce_step = REDUCE_STEP;
    s->state = SEARCHING;
}

static int Learner_init(Learner *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"n_primary", "n_secondary", "options", "colors", NULL};
    PyObject *options, *colors = Py_None;
    int n1, n2;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiO|O:Learner", kwlist, &n1, &n2, &options,
                                     &colors))
        return -1;
    if (s->opt_start) { /* set by a first call, even one that failed */
        PyErr_SetString(ProblemError, "a Learner cannot be initialised twice");
        return -1;
    }
    if (n1 < 0 || n2 < 0 || n1 > INT_MAX / 2 - n2) {
        PyErr_SetString(ProblemError, "bad numbers of items");
        return -1;
    }
    s->n_primary = n1;
    s->n_secondary = n2;
    s->n_items = n1 + n2;
    if (read_options(s, options, colors) < 0)
        return -1;
    if (index_items(s) < 0 || allocate_state(s) < 0 || reserve_levels(s, s->n_options + 1LL) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    initial_state(s);
    reset_query(s);
    return 0;
}

static void free_clauses(ClauseList *list)
{
    for (int i = 0; i < list->n; i++)
        free(list->at[i]);
    free(list->at);
}

static void Learner_dealloc(Learner *s)
{
    void *arrays[] = {s->item_start, s->item_opt, s->item_color, s->opt_start, s->opt_item,
                      s->opt_color, s->val, s->level, s->rtype, s->rdata, s->trail, s->rclause,
                      s->trail_lim, s->true_count, s->alive, s->activity, s->heap, s->heap_pos,
                      s->seen, s->learnt_buf, s->stack_buf, s->rv_buf, s->lbd_stamp,
                      s->assumptions.items};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        free(arrays[k]);
    for (int lit = 0; s->watch && lit < 2 * s->n_options; lit++)
        free(s->watch[lit].at);
    free(s->watch);
    free_clauses(&s->learnts);
    free_clauses(&s->forbidden);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* -- methods ------------------------------------------------------------------- */

static int check_ready(const Learner *s)
{
    if (!s->val) {
        PyErr_SetString(ProblemError, "Learner.__init__ was not called");
        return -1;
    }
    if (s->running) {
        PyErr_SetString(EngineBusy, "this learner is already searching");
        return -1;
    }
    if (s->broken) {
        PyErr_SetString(PyExc_MemoryError, "this learner ran out of memory");
        return -1;
    }
    return 0;
}

/* The option indices of `arg` into list (each checked in range). */
static int read_indices(const Learner *s, PyObject *arg, IntList *list)
{
    PyObject *seq = PySequence_Fast(arg, "options must be a sequence of option indices");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > list->cap) {
        int *items = realloc(list->items, sizeof(int) * (size_t)n);
        if (!items) {
            Py_DECREF(seq);
            PyErr_NoMemory();
            return -1;
        }
        list->items = items;
        list->cap = (int)n;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        long j = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (PyErr_Occurred())
            break;
        if (j < 0 || j >= s->n_options) {
            PyErr_Format(ProblemError, "%ld is not an option index", j);
            break;
        }
        list->items[k] = (int)j;
    }
    Py_DECREF(seq);
    if (PyErr_Occurred())
        return -1;
    list->n = (int)n;
    return 0;
}

static PyObject *Learner_start(Learner *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"assumptions", NULL};
    PyObject *assumptions = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:start", kwlist, &assumptions))
        return NULL;
    if (check_ready(s) < 0)
        return NULL;
    IntList wanted = {NULL, 0, 0};
    if (assumptions && read_indices(s, assumptions, &wanted) < 0) {
        free(wanted.items);
        return NULL;
    }
    if (reserve_levels(s, (long long)s->n_options + wanted.n + 1) < 0) {
        free(wanted.items);
        return PyErr_NoMemory();
    }
    unassign_to(s, 0);
    free(s->assumptions.items);
    s->assumptions = wanted;
    reset_query(s);
    Py_RETURN_NONE;
}

static PyObject *Learner_run(Learner *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"budget", NULL};
    long long budget;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "L:run", kwlist, &budget))
        return NULL;
    if (check_ready(s) < 0)
        return NULL;
    if (budget < 0) {
        PyErr_SetString(ProblemError, "budget must be a non-negative integer");
        return NULL;
    }
    if (s->unsat)
        s->state = EXHAUSTED;
    if (s->state != SEARCHING)
        return PyLong_FromLong(s->state);
    int status;
    s->running = 1;
    Py_BEGIN_ALLOW_THREADS
    status = search(s, (unsigned long long)budget);
    Py_END_ALLOW_THREADS
    s->running = 0;
    if (status == OUT_OF_MEMORY) {
        s->broken = 1;
        return PyErr_NoMemory();
    }
    if (status != PAUSED)
        s->state = status;
    return PyLong_FromLong(status);
}

static PyObject *Learner_solution(Learner *s, PyObject *Py_UNUSED(ignored))
{
    if (!s->val || s->state != SOLUTION)
        Py_RETURN_NONE;
    PyObject *list = PyList_New(0);
    for (int v = 0; list && v < s->n_options; v++) {
        if (s->val[v] != 1)
            continue;
        PyObject *j = PyLong_FromLong(v);
        if (!j || PyList_Append(list, j) < 0)
            Py_CLEAR(list);
        Py_XDECREF(j);
    }
    return list;
}

/* learnt_buf: the negations of `options`, each once, without those false at level 0;
 * its length, or -1 when one is true at level 0 (the clause holds already). */
static int forbid_clause(Learner *s, const IntList *options)
{
    int n = 0, satisfied = 0;
    for (int k = 0; k < options->n; k++) {
        int v = options->items[k];
        if (s->val[v] == 0)
            satisfied = 1;
        if (s->val[v] == 1 || s->seen[v])
            continue;
        s->seen[v] = 1;
        s->learnt_buf[n++] = NOT(v);
    }
    for (int k = 0; k < n; k++)
        s->seen[VAR(s->learnt_buf[k])] = 0;
    return satisfied ? -1 : n;
}

/* The search's own reduce_db, asked for between queries (generate's Windows: a Learner
 * serving many short queries, none of which reaches the schedule's next reduction). */
static PyObject *Learner_reduce(Learner *s, PyObject *Py_UNUSED(ignored))
{
    if (check_ready(s) < 0)
        return NULL;
    reduce_db(s);
    Py_RETURN_NONE;
}

static PyObject *Learner_forbid(Learner *s, PyObject *options)
{
    if (check_ready(s) < 0)
        return NULL;
    IntList listed = {NULL, 0, 0};
    if (read_indices(s, options, &listed) < 0) {
        free(listed.items);
        return NULL;
    }
    unassign_to(s, 0);
    s->state = SEARCHING;
    int n = forbid_clause(s, &listed);
    free(listed.items);
    if (n == 0)
        s->unsat = 1;
    else if (n == 1)
        assign(s, s->learnt_buf[0], R_NONE, 0, NULL);
    else if (n > 1 && !add_clause(s, n, 0, &s->forbidden)) {
        s->broken = 1;
        return PyErr_NoMemory();
    }
    Py_RETURN_NONE;
}

static int by_literal(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Appends to `list` the literals lits[0..len) sorted, as one clause, or (`units`) as
 * clauses of one literal each; -1 when memory ran out. */
static int append_clause(PyObject *list, int *lits, int len, int units)
{
    qsort(lits, (size_t)len, sizeof(int), by_literal);
    PyObject *clause = units ? NULL : PyList_New(len);
    if (!units && !clause)
        return -1;
    for (int k = 0; k < len; k++) {
        PyObject *l = PyLong_FromLong(lits[k]);
        if (!l) {
            Py_XDECREF(clause);
            return -1;
        }
        if (!units) {
            PyList_SET_ITEM(clause, k, l);
            continue;
        }
        PyObject *unit = PyList_New(1);
        if (!unit) {
            Py_DECREF(l);
            return -1;
        }
        PyList_SET_ITEM(unit, 0, l);
        int failed = PyList_Append(list, unit);
        Py_DECREF(unit);
        if (failed < 0)
            return -1;
    }
    if (units)
        return 0;
    int failed = PyList_Append(list, clause);
    Py_DECREF(clause);
    return failed;
}

/* The clauses a Learner may share (share29): the level-0 facts as clauses of one literal,
 * then the learned clauses kept now of at most max_len literals and LBD at most max_lbd,
 * in the database's order; each clause's literals sorted (the twins order a clause's two
 * watched literals differently, nothing else). Read-only. */
static PyObject *Learner_learnts(Learner *s, PyObject *args)
{
    int max_len, max_lbd;
    if (!PyArg_ParseTuple(args, "ii:learnts", &max_len, &max_lbd))
        return NULL;
    if (check_ready(s) < 0)
        return NULL;
    PyObject *list = PyList_New(0);
    int facts = s->dlevel ? s->trail_lim[0] : s->trail_len;
    if (list && max_len >= 1 && facts > 0) {
        memcpy(s->learnt_buf, s->trail, sizeof(int) * (size_t)facts);
        if (append_clause(list, s->learnt_buf, facts, 1) < 0)
            Py_CLEAR(list);
    }
    for (int i = 0; list && i < s->learnts.n; i++) {
        Clause *c = s->learnts.at[i];
        if (c->len > max_len || c->lbd > max_lbd)
            continue;
        memcpy(s->learnt_buf, c->lits, sizeof(int) * (size_t)c->len);
        if (append_clause(list, s->learnt_buf, c->len, 0) < 0)
            Py_CLEAR(list);
    }
    return list;
}

/* learnt_buf: `clause` at level 0 (literals checked in range), as forbid_clause makes its
 * clause: each literal once, those false left out; its length, or -1 when one is true
 * (or the clause holds both a literal and its negation). */
static int shared_clause(Learner *s, PyObject *clause)
{
    PyObject *seq = PySequence_Fast(clause, "a clause must be a sequence of literals");
    if (!seq)
        return -2;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    int n = 0, satisfied = 0;
    for (Py_ssize_t k = 0; k < m && !satisfied; k++) {
        long l = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (PyErr_Occurred())
            break;
        if (l < 0 || l >= 2L * s->n_options) {
            PyErr_Format(ProblemError, "%ld is not a literal", l);
            break;
        }
        int v = VAR((int)l), value = lit_value(s, (int)l);
        if (value == 1 || s->seen[v] == 2 - (l & 1))
            satisfied = 1;  /* true, or its negation is in the clause */
        else if (value < 0 && !s->seen[v]) {
            s->seen[v] = (char)(1 + (l & 1));
            s->learnt_buf[n++] = (int)l;
        }
    }
    Py_DECREF(seq);
    for (int k = 0; k < n; k++)
        s->seen[VAR(s->learnt_buf[k])] = 0;
    if (PyErr_Occurred())
        return -2;
    return satisfied ? -1 : n;
}

/* Clauses implied by the problem (another Learner's of the same problem, `learnts`),
 * added back at level 0 as forbid adds its clause: a clause with a literal true is
 * dropped, false literals are left out, one literal left is a level-0 fact, none makes
 * every later query EXHAUSTED; a longer one joins the learned clauses (its LBD taken as
 * its length: deletable as theirs). The next run goes on under the same assumptions. */
static PyObject *Learner_add_clauses(Learner *s, PyObject *clauses)
{
    if (check_ready(s) < 0)
        return NULL;
    PyObject *seq = PySequence_Fast(clauses, "clauses must be a sequence of clauses");
    if (!seq)
        return NULL;
    unassign_to(s, 0);
    s->state = SEARCHING;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq) && !s->unsat; i++) {
        int n = shared_clause(s, PySequence_Fast_GET_ITEM(seq, i));
        if (n == -2)
            break;
        if (n == 0)
            s->unsat = 1;
        else if (n == 1)
            assign(s, s->learnt_buf[0], R_NONE, 0, NULL);
        else if (n > 1 && !add_clause(s, n, n, &s->learnts)) {
            s->broken = 1;
            PyErr_NoMemory();
            break;
        }
    }
    Py_DECREF(seq);
    if (PyErr_Occurred())
        return NULL;
    Py_RETURN_NONE;
}

/* Each option's VSIDS activity now (read-only: the search is not touched), for a cut
 * that follows the Learner's view of where the hard part lies (parallel.learner_cut). */
static PyObject *Learner_activities(Learner *s, PyObject *Py_UNUSED(ignored))
{
    if (check_ready(s) < 0)
        return NULL;
    PyObject *list = PyList_New(s->n_options);
    for (int v = 0; list && v < s->n_options; v++) {
        PyObject *a = PyFloat_FromDouble(s->activity[v]);
        if (!a)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, v, a);
    }
    return list;
}

static PyObject *counter(unsigned long long v) { return PyLong_FromUnsignedLongLong(v); }

static PyObject *get_decisions(Learner *s, void *c) { return counter(s->decisions); }
static PyObject *get_conflicts(Learner *s, void *c) { return counter(s->conflicts); }
static PyObject *get_propagations(Learner *s, void *c) { return counter(s->propagations); }
static PyObject *get_learned(Learner *s, void *c) { return counter(s->learned); }
static PyObject *get_deleted(Learner *s, void *c) { return counter(s->deleted); }
static PyObject *get_level(Learner *s, void *c) { return PyLong_FromLong(s->dlevel); }
static PyObject *get_clauses(Learner *s, void *c) { return PyLong_FromLong(s->learnts.n); }
static PyObject *get_n_primary(Learner *s, void *c) { return PyLong_FromLong(s->n_primary); }
static PyObject *get_n_secondary(Learner *s, void *c) { return PyLong_FromLong(s->n_secondary); }
static PyObject *get_n_options(Learner *s, void *c) { return PyLong_FromLong(s->n_options); }

static PyMethodDef Learner_methods[] = {
    {"start", (PyCFunction)(void (*)(void))Learner_start, METH_VARARGS | METH_KEYWORDS,
     "start(assumptions=()): a new query, back to level 0, keeping what was learned"},
    {"run", (PyCFunction)(void (*)(void))Learner_run, METH_VARARGS | METH_KEYWORDS,
     "run(budget) -> SOLUTION, EXHAUSTED or PAUSED after at most budget steps"},
    {"solution", (PyCFunction)Learner_solution, METH_NOARGS,
     "the options of the SOLUTION just found, in increasing order; None without one"},
    {"reduce", (PyCFunction)Learner_reduce, METH_NOARGS,
     "reduce()\n--\n\nDelete the worse half of the learned clauses now, as the search "
     "does every few thousand conflicts."},
    {"forbid", (PyCFunction)Learner_forbid, METH_O,
     "forbid(options): the permanent clause 'not all of these options'"},
    {"activities", (PyCFunction)Learner_activities, METH_NOARGS,
     "activities()\n--\n\nEach option's VSIDS activity now, a list of floats."},
    {"learnts", (PyCFunction)Learner_learnts, METH_VARARGS,
     "learnts(max_len, max_lbd)\n--\n\nThe level-0 facts (as one-literal clauses) and "
     "the learned clauses of at most max_len literals and LBD at most max_lbd, each a "
     "sorted list of literals (2v: option v chosen, 2v+1: not)."},
    {"add_clauses", (PyCFunction)Learner_add_clauses, METH_O,
     "add_clauses(clauses): clauses implied by the problem (another Learner's learnts), "
     "added at level 0"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Learner_getset[] = {
    {"decisions", (getter)get_decisions, NULL, "decisions since start", NULL},
    {"nodes", (getter)get_decisions, NULL, "decisions since start (an alias)", NULL},
    {"conflicts", (getter)get_conflicts, NULL, "conflicts since start", NULL},
    {"propagations", (getter)get_propagations, NULL, "literals propagated since start", NULL},
    {"learned", (getter)get_learned, NULL, "clauses learned since start", NULL},
    {"deleted", (getter)get_deleted, NULL, "learned clauses deleted since start", NULL},
    {"level", (getter)get_level, NULL, "current decision level", NULL},
    {"clauses", (getter)get_clauses, NULL, "learned clauses kept now", NULL},
    {"n_primary", (getter)get_n_primary, NULL, NULL, NULL},
    {"n_secondary", (getter)get_n_secondary, NULL, NULL, NULL},
    {"n_options", (getter)get_n_options, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject LearnerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dlxcli.engine._dlx.Learner",
    .tp_basicsize = sizeof(Learner),
    .tp_dealloc = (destructor)Learner_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, /* engine._checks.checked_learner */
    .tp_doc = "One exact-cover problem searched by clause learning, query after query.",
    .tp_methods = Learner_methods,
    .tp_getset = Learner_getset,
    .tp_init = (initproc)Learner_init,
    .tp_new = PyType_GenericNew,
};

/* Called by _dlx.c's module init: the type, added to `module` as Learner. */
int add_learner_type(PyObject *module, PyObject *problem_error, PyObject *engine_busy)
{
    ProblemError = problem_error;
    EngineBusy = engine_busy;
    if (PyType_Ready(&LearnerType) < 0)
        return -1;
    Py_INCREF(&LearnerType);
    if (PyModule_AddObject(module, "Learner", (PyObject *)&LearnerType) < 0) {
        Py_DECREF(&LearnerType);
        return -1;
    }
    return 0;
}
