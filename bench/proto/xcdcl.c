/* xcdcl: a research prototype (issue 23), not part of dlxcli.
 *
 * Conflict-driven clause learning over the options of an exact-cover problem.
 * The options are the Boolean variables; a primary item says "exactly one of my
 * options", a secondary item "at most one". Propagation is the dancing-links
 * semantics, done natively (no clauses for the problem itself):
 *   - an option set true sets every option sharing an item false (reason: that option);
 *   - a primary item with no true option and one option left forces it true
 *     (reason: the item's other options are false);
 *   - a primary item with no option left is a conflict.
 * On top: 1UIP conflict analysis, learned clauses over option literals with two
 * watched literals, non-chronological backjumping, VSIDS (or MRV on items),
 * Luby restarts, LBD-based clause deletion, failed-literal probing at the root.
 * --unique / --count: after each solution, a blocking clause (the negated
 * decisions), then the search goes on to UNSAT.
 *
 * Input: Knuth's DLX1 text (items line, "|" before secondary items; one option a
 * line; lines starting with "|" are comments; no colors).
 * Output (stdout): "s SATISFIABLE" / "s UNSATISFIABLE" / "s UNKNOWN" (time cap),
 * then "v" and the chosen option numbers (0-based, input order) of the first
 * solution, then "c solutions N". Stats on stderr.
 *
 * Build: gcc -O2 -o xcdcl bench/proto/xcdcl.c
 * Usage: xcdcl [--unique] [--count] [--timeout S | --cpu-timeout S] [--no-learn] [--no-restarts]
 *              [--no-reduce] [--probe none|root|pairs] [--heur vsids|mrv]
 *              [--luby UNIT] [--minimize local|recursive]
 *              [--phase true|save|false] [--decay D] [--restart luby|glucose] [--seed N]
 *              [--rephase N] [--locked K] [--probe-restart root|pairs|both] [--switch N]
 *              [--switch-luby U] [--alldiff 1|2|3] FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    int len, lbd, deleted;
    int lits[];
} Clause;

/* literals: 2*v is "option v chosen", 2*v+1 "option v not chosen" */
#define VAR(l) ((l) >> 1)
#define NEG(l) ((l) ^ 1)
#define POS(v) (2 * (v))
#define NOT(v) (2 * (v) + 1)

enum { R_NONE, R_AMO, R_ITEM, R_CLAUSE, R_LOCKED, R_HALL };

static int n_items, n_primary, n_opts;
static int *item_start, *item_opt;   /* item -> its options (CSR) */
static int *opt_start, *opt_item;    /* option -> its items (CSR) */
static signed char *val;             /* -1 free, 0 false, 1 true */
static int *level, *rtype, *rdata, *trail, trail_len, qhead, *locked_by;
static Clause **rclause;
static int *trail_lim, dlevel;
static int *true_count, *alive;
static double *activity, var_inc = 1.0;
static int *heap, heap_len, *heap_pos;
static signed char *saved_phase;
static Clause **learnts; static int n_learnts, cap_learnts;
static Clause ***watch; static int *watch_len, *watch_cap;
static char *seen;
static int *learnt_buf, *stack_buf;
static char *flipped;             /* per level: its decision is a flipped one (DPLL mode) */

static int opt_learn = 1, opt_restarts = 1, opt_reduce = 1, opt_unique = 0, opt_count = 0;
static int opt_probe = 0; /* 0 none, 1 root (all options), 2 root (options of 2-option items) */
static int opt_mrv = 0, opt_phase_save = 0, opt_phase_false = 0; /* --phase true|save|false */
static double opt_decay = 0.95;     /* --decay D: VSIDS activity decay */
static int opt_locked = 0;
static int opt_alldiff = 0;         /* --alldiff 1|2|3: matching-based filtering of houses (see houses_from_names) */
/* --switch N [--switch-luby U]: every N conflicts the search restarts and changes mode, from the
 * configured one to phase saving with Luby unit U (default: the same unit) and back; one search,
 * one clause database, two restart/polarity policies in turn (CaDiCaL's focused/stable modes) */
static long long opt_switch = 0; static double opt_switch_luby = 0;
static int in_mode_b = 0; static long long next_switch = 0;
static int base_phase_save; static double base_luby;
static int opt_probe_restart = 0;  /* --probe-restart root|pairs|both: probing at every restart (both: probe_both) */
static int opt_glucose = 0;         /* --restart glucose: restarts by LBD moving averages (with blocking) */
static unsigned opt_seed = 0;       /* --seed N: initial activities jittered (0: none) */
static long long opt_rephase = 0;  /* --rephase N: every N conflicts the saved phases go back to "choose" */
          /* --locked K: locked candidates on items with 2..K live options (0: off) */
static double opt_timeout = 0, opt_luby_unit = 100;
static int opt_cpu_clock = 0;       /* --timeout counts CPU seconds, not wall seconds */

static long long n_decisions, n_conflicts, n_props, n_learned_total, n_restarts, n_probes,
    n_probe_removed, n_reduced, n_solutions, n_locked;
static struct timespec t0;

static double cpu_seconds(void) {
    struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double elapsed(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
    return (t.tv_sec - t0.tv_sec) + 1e-9 * (t.tv_nsec - t0.tv_nsec);
}

static double spent(void) { return opt_cpu_clock ? cpu_seconds() : elapsed(); }

static void *xmalloc(size_t n) { void *p = malloc(n ? n : 1); if (!p) { fprintf(stderr, "out of memory\n"); exit(2); } return p; }
static void *xcalloc(size_t n, size_t s) { void *p = calloc(n ? n : 1, s); if (!p) { fprintf(stderr, "out of memory\n"); exit(2); } return p; }

/* ---------- reading Knuth's DLX1 text ---------- */
static char **names; static int *hash_tab; static int hash_size;
static unsigned hash_str(const char *s) { unsigned h = 2166136261u; while (*s) h = (h ^ (unsigned char)*s++) * 16777619u; return h; }
static int lookup(const char *s) {
    unsigned h = hash_str(s) & (hash_size - 1);
    while (hash_tab[h] >= 0) { if (!strcmp(names[hash_tab[h]], s)) return hash_tab[h]; h = (h + 1) & (hash_size - 1); }
    return -1;
}
static void insert_name(const char *s, int id) {
    unsigned h = hash_str(s) & (hash_size - 1);
    while (hash_tab[h] >= 0) h = (h + 1) & (hash_size - 1);
    hash_tab[h] = id;
}

static void read_input(FILE *f) {
    size_t cap = 1 << 16, len = 0; char *buf = xmalloc(cap); size_t r;
    while ((r = fread(buf + len, 1, cap - len - 1, f)) > 0) { len += r; if (len + 1 >= cap) { cap *= 2; buf = realloc(buf, cap); } }
    buf[len] = 0;
    char *line = buf, *next; int got_items = 0;
    int oc = 0, ocap = 1024, ecap = 4096, ne = 0;
    int *ostart = xmalloc(sizeof(int) * (ocap + 1)), *oitem = xmalloc(sizeof(int) * ecap);
    ostart[0] = 0;
    for (; line && *line; line = next) {
        next = strchr(line, '\n'); if (next) *next++ = 0;
        char *p = line; while (*p == ' ' || *p == '\t' || *p == '\r') p++;
        if (!*p || *p == '|') continue;
        char *tok, *save;
        if (!got_items) {
            int nc = 0, ncap = 1024, secondary = 0; names = xmalloc(sizeof(char *) * ncap);
            for (tok = strtok_r(p, " \t\r", &save); tok; tok = strtok_r(NULL, " \t\r", &save)) {
                if (!strcmp(tok, "|")) { secondary = 1; n_primary = nc; continue; }
                if (nc == ncap) { ncap *= 2; names = realloc(names, sizeof(char *) * ncap); }
                names[nc++] = tok;
            }
            if (!secondary) n_primary = nc;
            n_items = nc; hash_size = 1; while (hash_size < 2 * nc + 2) hash_size <<= 1;
            hash_tab = xmalloc(sizeof(int) * hash_size); memset(hash_tab, -1, sizeof(int) * hash_size);
            for (int i = 0; i < nc; i++) insert_name(names[i], i);
            got_items = 1; continue;
        }
        for (tok = strtok_r(p, " \t\r", &save); tok; tok = strtok_r(NULL, " \t\r", &save)) {
            int id = lookup(tok);
            if (id < 0) { fprintf(stderr, "option %d: unknown item %s\n", oc + 1, tok); exit(2); }
            if (ne == ecap) { ecap *= 2; oitem = realloc(oitem, sizeof(int) * ecap); }
            oitem[ne++] = id;
        }
        if (oc + 1 >= ocap) { ocap *= 2; ostart = realloc(ostart, sizeof(int) * (ocap + 1)); }
        ostart[++oc] = ne;
    }
    n_opts = oc; opt_start = ostart; opt_item = oitem;
    item_start = xcalloc(n_items + 1, sizeof(int)); item_opt = xmalloc(sizeof(int) * (ne ? ne : 1));
    for (int e = 0; e < ne; e++) item_start[oitem[e] + 1]++;
    for (int i = 0; i < n_items; i++) item_start[i + 1] += item_start[i];
    int *fill = xmalloc(sizeof(int) * n_items); memcpy(fill, item_start, sizeof(int) * n_items);
    for (int o = 0; o < n_opts; o++) for (int e = opt_start[o]; e < opt_start[o + 1]; e++) item_opt[fill[opt_item[e]]++] = o;
    free(fill);
}

/* ---------- VSIDS heap ---------- */
static int heap_less(int a, int b) { return activity[a] > activity[b]; }
static void heap_up(int i) {
    int v = heap[i];
    while (i > 0) { int p = (i - 1) / 2; if (!heap_less(v, heap[p])) break; heap[i] = heap[p]; heap_pos[heap[i]] = i; i = p; }
    heap[i] = v; heap_pos[v] = i;
}
static void heap_down(int i) {
    int v = heap[i];
    for (;;) {
        int c = 2 * i + 1; if (c >= heap_len) break;
        if (c + 1 < heap_len && heap_less(heap[c + 1], heap[c])) c++;
        if (!heap_less(heap[c], v)) break;
        heap[i] = heap[c]; heap_pos[heap[i]] = i; i = c;
    }
    heap[i] = v; heap_pos[v] = i;
}
static void heap_insert(int v) { if (heap_pos[v] >= 0) return; heap[heap_len] = v; heap_pos[v] = heap_len++; heap_up(heap_len - 1); }
static int heap_pop(void) {
    int v = heap[0]; heap[0] = heap[--heap_len]; heap_pos[heap[0]] = 0; heap_pos[v] = -1;
    if (heap_len > 0) heap_down(0);
    return v;
}
static void bump(int v) {
    if ((activity[v] += var_inc) > 1e100) {
        for (int i = 0; i < n_opts; i++) activity[i] *= 1e-100;
        var_inc *= 1e-100;
    }
    if (heap_pos[v] >= 0) heap_up(heap_pos[v]);
}

static void clear_dirty(void);

/* ---------- assignment ---------- */
static void assign(int lit, int type, int data, Clause *c) {
    int v = VAR(lit);
    val[v] = !(lit & 1); level[v] = dlevel; rtype[v] = type; rdata[v] = data; rclause[v] = c;
    trail[trail_len++] = lit;
    for (int e = opt_start[v]; e < opt_start[v + 1]; e++) {
        if (val[v]) true_count[opt_item[e]]++; else alive[opt_item[e]]--;
    }
}
static void unassign_to(int lev) {
    if (dlevel <= lev) return;
    for (int k = trail_len - 1; k >= trail_lim[lev]; k--) {
        int v = VAR(trail[k]);
        for (int e = opt_start[v]; e < opt_start[v + 1]; e++) {
            if (val[v]) true_count[opt_item[e]]--; else alive[opt_item[e]]++;
        }
        saved_phase[v] = val[v];
        val[v] = -1; heap_insert(v);
    }
    trail_len = trail_lim[lev]; qhead = trail_len; dlevel = lev;
    if (opt_alldiff) clear_dirty();
}

/* conflict description */
static int c_type, c_a, c_b; static Clause *c_clause;

static void watch_add(int lit, Clause *c) {
    if (watch_len[lit] == watch_cap[lit]) { watch_cap[lit] = watch_cap[lit] ? 2 * watch_cap[lit] : 4; watch[lit] = realloc(watch[lit], sizeof(Clause *) * watch_cap[lit]); }
    watch[lit][watch_len[lit]++] = c;
}

static int lit_value(int l) { int x = val[VAR(l)]; return x < 0 ? -1 : (x ^ (l & 1)); }

static int covers(int o, int it) {
    for (int e = opt_start[o]; e < opt_start[o + 1]; e++) if (opt_item[e] == it) return 1;
    return 0;
}

/* Locked candidates (pointing/claiming, generic over exact cover): when every live option of
 * the primary item a (no true option) covers another item b, every live option of b that does
 * not cover a is false. Its reason is the clause "not o, or one of a's options that do not
 * cover b" (a's "one of my options" resolved with the binary "not both" clauses on b). */
static void locked_candidates(int a) {
    int first = -1;
    for (int k = item_start[a]; k < item_start[a + 1]; k++) if (val[item_opt[k]] < 0) { first = item_opt[k]; break; }
    if (first < 0) return;
    for (int e = opt_start[first]; e < opt_start[first + 1]; e++) {
        int b = opt_item[e];
        if (b == a || true_count[b] || alive[b] <= alive[a]) continue;
        int all = 1;
        for (int k = item_start[a]; k < item_start[a + 1] && all; k++) {
            int w = item_opt[k];
            if (w != first && val[w] < 0 && !covers(w, b)) all = 0;
        }
        if (!all) continue;
        for (int k = item_start[b]; k < item_start[b + 1]; k++) {
            int o = item_opt[k];
            if (val[o] < 0 && !covers(o, a)) { n_locked++; locked_by[o] = b; assign(NOT(o), dlevel ? R_LOCKED : R_NONE, a, NULL); }
        }
    }
}

/* ---------- houses: domain consistency of "all different" (Regin), as a propagator ----------
 * A house is two sets A and B of primary items of the same size n <= 32 such that every option
 * of an A item covers exactly one B item and the other way round: the chosen options are then a
 * perfect matching between A and B (a sudoku row: cells and the row's values). An option on no
 * alternating cycle of a maximum matching is in no perfect matching: it is set false. Its reason
 * is a Hall set S of A items whose live options all go into N(S), |N(S)| = |S|, N(S) holding
 * the option's B item: "not o, or an option from S to outside N(S)". */
typedef struct { int n, n_edges; int *opt, *ea, *eb; int mate_a[32], mate_b[32]; } House;
static House *houses; static int n_houses;
static int *oh_start, *oh_house;            /* option -> its houses (CSR) */
static unsigned *hall_a, *hall_b;            /* per pruned option: S and N(S) */
static int *dirty_list, n_dirty; static char *dirty;
static unsigned c_hall_a, c_hall_b;
static long long n_hall;

static void mark_houses(int v) {
    for (int k = oh_start[v]; k < oh_start[v + 1]; k++) { int h = oh_house[k]; if (!dirty[h]) { dirty[h] = 1; dirty_list[n_dirty++] = h; } }
}
static void clear_dirty(void) { for (int i = 0; i < n_dirty; i++) dirty[dirty_list[i]] = 0; n_dirty = 0; }

/* augmenting path from A node a (Kuhn); visited masks give the Hall set on failure */
static int augment(House *H, const unsigned *adj, int a, unsigned *seen_a, unsigned *seen_b) {
    *seen_a |= 1u << a;
    for (unsigned m = adj[a] & ~*seen_b; m; m &= m - 1) {
        int b = __builtin_ctz(m);
        if (*seen_b >> b & 1) continue;
        *seen_b |= 1u << b;
        if (H->mate_b[b] < 0 || augment(H, adj, H->mate_b[b], seen_a, seen_b)) { H->mate_a[a] = b; H->mate_b[b] = a; return 1; }
    }
    return 0;
}

/* Returns 1 on conflict (c_type = R_HALL, c_a = house, c_hall_a/b = S, N(S)). */
static int filter_house(int h) {
    House *H = &houses[h]; int n = H->n;
    unsigned adj[32] = {0};
    for (int e = 0; e < H->n_edges; e++) if (val[H->opt[e]] != 0) adj[H->ea[e]] |= 1u << H->eb[e];
    for (int a = 0; a < n; a++) {
        int b = H->mate_a[a];
        if (b >= 0 && !(adj[a] >> b & 1)) { H->mate_a[a] = -1; H->mate_b[b] = -1; }
    }
    for (int a = 0; a < n; a++) {
        if (H->mate_a[a] >= 0) continue;
        unsigned sa = 0, sb = 0;
        if (!augment(H, adj, a, &sa, &sb)) { c_type = R_HALL; c_a = h; c_hall_a = sa; c_hall_b = sb; return 1; }
    }
    /* reach[a]: A nodes reachable from a by "a -> b (live, not a's mate) -> mate of b" */
    unsigned reach[32];
    for (int a = 0; a < n; a++) {
        unsigned r = 0;
        for (unsigned m = adj[a] & ~(1u << H->mate_a[a]); m; m &= m - 1) r |= 1u << H->mate_b[__builtin_ctz(m)];
        reach[a] = r;
    }
    for (int k = 0; k < n; k++) for (int a = 0; a < n; a++) if (reach[a] >> k & 1) reach[a] |= reach[k];
    for (int e = 0; e < H->n_edges; e++) {
        int o = H->opt[e], a = H->ea[e], b = H->eb[e];
        if (val[o] >= 0 || H->mate_a[a] == b) continue;
        int a2 = H->mate_b[b];
        if (reach[a2] >> a & 1) continue;
        unsigned S = reach[a2] | 1u << a2, NS = 0;
        for (unsigned m = S; m; m &= m - 1) NS |= 1u << H->mate_a[__builtin_ctz(m)];
        hall_a[o] = S; hall_b[o] = NS; n_hall++;
        assign(NOT(o), R_HALL, h, NULL);
    }
    return 0;
}

/* Returns 1 on conflict (c_type etc. set). */
static int propagate_items(void);
static int propagate(void) {
    for (;;) {
        if (propagate_items()) return 1;
        if (!n_dirty) return 0;
        int h = dirty_list[--n_dirty]; dirty[h] = 0;
        if (filter_house(h)) return 1;
    }
}

static int propagate_items(void) {
    while (qhead < trail_len) {
        int p = trail[qhead++], v = VAR(p);
        n_props++;
        if (val[v] == 1) {
            for (int e = opt_start[v]; e < opt_start[v + 1]; e++) {
                int it = opt_item[e];
                for (int k = item_start[it]; k < item_start[it + 1]; k++) {
                    int w = item_opt[k]; if (w == v) continue;
                    if (val[w] == 1) { c_type = R_AMO; c_a = v; c_b = w; return 1; }
                    if (val[w] < 0) assign(NOT(w), R_AMO, v, NULL);
                }
            }
        } else {
            if (opt_alldiff) mark_houses(v);
            for (int e = opt_start[v]; e < opt_start[v + 1]; e++) {
                int it = opt_item[e];
                if (it >= n_primary || true_count[it]) continue;
                if (alive[it] == 0) { c_type = R_ITEM; c_a = it; return 1; }
                if (alive[it] == 1) {
                    for (int k = item_start[it]; k < item_start[it + 1]; k++) {
                        int w = item_opt[k];
                        if (val[w] < 0) { assign(POS(w), R_ITEM, it, NULL); break; }
                    }
                } else if (alive[it] <= opt_locked) locked_candidates(it);
            }
        }
        /* learned clauses watching the literal that just became false */
        int fl = NEG(p);
        Clause **ws = watch[fl]; int n = watch_len[fl], i = 0, j = 0;
        while (i < n) {
            Clause *c = ws[i++];
            if (c->lits[0] == fl) { c->lits[0] = c->lits[1]; c->lits[1] = fl; }
            if (lit_value(c->lits[0]) == 1) { ws[j++] = c; continue; }
            int found = 0;
            for (int k = 2; k < c->len; k++) {
                if (lit_value(c->lits[k]) != 0) {
                    c->lits[1] = c->lits[k]; c->lits[k] = fl; watch_add(c->lits[1], c); found = 1; break;
                }
            }
            if (found) continue;
            ws[j++] = c;
            if (lit_value(c->lits[0]) == 0) {
                c_type = R_CLAUSE; c_clause = c;
                while (i < n) ws[j++] = ws[i++];
                watch_len[fl] = j; return 1;
            }
            assign(c->lits[0], R_CLAUSE, 0, c);
        }
        watch_len[fl] = j;
    }
    return 0;
}

/* The variables of a reason (for v) or of the conflict (v = -1), into out; returns count. */
static int reason_vars(int v, int *out) {
    int n = 0, type = v < 0 ? c_type : rtype[v];
    switch (type) {
    case R_AMO:
        if (v < 0) { out[n++] = c_a; out[n++] = c_b; } else out[n++] = rdata[v];
        break;
    case R_ITEM: {
        int it = v < 0 ? c_a : rdata[v];
        for (int k = item_start[it]; k < item_start[it + 1]; k++) if (item_opt[k] != v) out[n++] = item_opt[k];
        break; }
    case R_LOCKED: {
        int it = rdata[v], b = locked_by[v];
        for (int k = item_start[it]; k < item_start[it + 1]; k++) if (!covers(item_opt[k], b)) out[n++] = item_opt[k];
        break; }
    case R_HALL: {
        House *H = &houses[v < 0 ? c_a : rdata[v]];
        unsigned S = v < 0 ? c_hall_a : hall_a[v], NS = v < 0 ? c_hall_b : hall_b[v];
        for (int e = 0; e < H->n_edges; e++)
            if ((S >> H->ea[e] & 1) && !(NS >> H->eb[e] & 1) && H->opt[e] != v) out[n++] = H->opt[e];
        break; }
    case R_CLAUSE: {
        Clause *c = v < 0 ? c_clause : rclause[v];
        for (int k = 0; k < c->len; k++) if (VAR(c->lits[k]) != v) out[n++] = VAR(c->lits[k]);
        break; }
    }
    return n;
}

/* the literal of v that is false now (the one a clause over v's current value holds) */
static int false_lit(int v) { return val[v] ? NOT(v) : POS(v); }

static int *rv_buf;

static int opt_recursive = 0, *cleared, n_cleared, *pending;

/* Is v implied by variables of the learned clause (seen) and level-0 ones alone? Marks the
   variables it proves so as seen (listed in cleared, for analyze to unmark). */
static int redundant(int v) {
    int top = n_cleared, n_pending = 0;
    pending[n_pending++] = v;
    while (n_pending > 0) {
        int u = pending[--n_pending];
        int m = reason_vars(u, rv_buf);
        for (int k = 0; k < m; k++) {
            int w = rv_buf[k];
            if (seen[w] || level[w] == 0) continue;
            if (rtype[w] == R_NONE) {
                for (int i = top; i < n_cleared; i++) seen[cleared[i]] = 0;
                n_cleared = top;
                return 0;
            }
            seen[w] = 1; cleared[n_cleared++] = w; pending[n_pending++] = w;
        }
    }
    return 1;
}

/* 1UIP analysis; writes the learned clause into learnt_buf, returns its length and backjump level */
static int analyze(int *bt_level) {
    int pathc = 0, len = 1, idx = trail_len - 1, p = -1;
    int n = reason_vars(-1, rv_buf);
    for (;;) {
        for (int k = 0; k < n; k++) {
            int u = rv_buf[k];
            if (seen[u] || level[u] == 0) continue;
            seen[u] = 1; bump(u);
            if (level[u] == dlevel) pathc++; else learnt_buf[len++] = false_lit(u);
        }
        while (!seen[VAR(trail[idx])]) idx--;
        p = VAR(trail[idx--]); seen[p] = 0; pathc--;
        if (pathc == 0) break;
        n = reason_vars(p, rv_buf);
    }
    learnt_buf[0] = false_lit(p);
    /* minimization: drop a literal whose reason's variables are all in the clause or at
       level 0 (local), or, recursively, implied by such variables (--minimize recursive) */
    memcpy(stack_buf, learnt_buf, sizeof(int) * len);
    n_cleared = 0;
    int j = 1;
    for (int i = 1; i < len; i++) {
        int u = VAR(learnt_buf[i]);
        if (rtype[u] == R_NONE) { learnt_buf[j++] = learnt_buf[i]; continue; }
        int keep;
        if (opt_recursive) keep = !redundant(u);
        else {
            int m = reason_vars(u, rv_buf); keep = 0;
            for (int k = 0; k < m; k++) if (!seen[rv_buf[k]] && level[rv_buf[k]] > 0) { keep = 1; break; }
        }
        if (keep) learnt_buf[j++] = learnt_buf[i];
    }
    for (int i = 1; i < len; i++) seen[VAR(stack_buf[i])] = 0;
    for (int i = 0; i < n_cleared; i++) seen[cleared[i]] = 0;
    len = j;
    int bt = 0, bi = 1;
    for (int i = 1; i < len; i++) if (level[VAR(learnt_buf[i])] > bt) { bt = level[VAR(learnt_buf[i])]; bi = i; }
    if (len > 1) { int t = learnt_buf[1]; learnt_buf[1] = learnt_buf[bi]; learnt_buf[bi] = t; }
    *bt_level = bt;
    var_inc /= opt_decay;
    return len;
}

static Clause *add_clause(const int *lits, int len, int lbd) {
    Clause *c = xmalloc(sizeof(Clause) + sizeof(int) * len);
    c->len = len; c->lbd = lbd; c->deleted = 0; memcpy(c->lits, lits, sizeof(int) * len);
    if (n_learnts == cap_learnts) { cap_learnts = cap_learnts ? 2 * cap_learnts : 1024; learnts = realloc(learnts, sizeof(Clause *) * cap_learnts); }
    learnts[n_learnts++] = c;
    watch_add(lits[0], c); watch_add(lits[1], c);
    return c;
}

static int *lbd_stamp; static int lbd_time;
static int compute_lbd(const int *lits, int len) {
    lbd_time++; int n = 0;
    for (int i = 0; i < len; i++) { int l = level[VAR(lits[i])]; if (lbd_stamp[l] != lbd_time) { lbd_stamp[l] = lbd_time; n++; } }
    return n;
}

static int cmp_clause(const void *a, const void *b) {
    const Clause *x = *(Clause *const *)a, *y = *(Clause *const *)b;
    if (x->lbd != y->lbd) return x->lbd < y->lbd ? -1 : 1;
    return x->len < y->len ? -1 : x->len > y->len;
}

static int locked(Clause *c) { int v = VAR(c->lits[0]); return val[v] >= 0 && rtype[v] == R_CLAUSE && rclause[v] == c; }

/* keep the better half (LBD, then length); glue clauses (LBD <= 2) and locked ones always stay */
static void reduce_db(void) {
    qsort(learnts, n_learnts, sizeof(Clause *), cmp_clause);
    int keep = n_learnts / 2, j = 0;
    for (int i = 0; i < n_learnts; i++) {
        Clause *c = learnts[i];
        if (i < keep || c->lbd <= 2 || locked(c)) learnts[j++] = c; else { c->deleted = 1; }
    }
    for (int l = 0; l < 2 * n_opts; l++) {
        int k = 0; for (int i = 0; i < watch_len[l]; i++) if (!watch[l][i]->deleted) watch[l][k++] = watch[l][i];
        watch_len[l] = k;
    }
    for (int i = 0; i < n_learnts; i++) if (learnts[i]->deleted) free(learnts[i]);
    n_reduced += n_learnts - j; n_learnts = j;
}

static double luby(double y, int x) {
    int size, seq;
    for (size = 1, seq = 0; size < x + 1; seq++, size = 2 * size + 1) {}
    while (size - 1 != x) { size = (size - 1) >> 1; seq--; x = x % size; }
    double r = 1; while (seq-- > 0) r *= y; return r;
}

static int pick_branch(void) {
    if (opt_mrv) {
        int best = -1, bestn = 1 << 30;
        for (int it = 0; it < n_primary; it++) {
            if (true_count[it] || alive[it] >= bestn) continue;
            best = it; bestn = alive[it]; if (bestn <= 2) break;
        }
        if (best < 0) return -1;
        int bv = -1;
        for (int k = item_start[best]; k < item_start[best + 1]; k++) {
            int w = item_opt[k];
            if (val[w] < 0 && (bv < 0 || activity[w] > activity[bv])) bv = w;
        }
        return POS(bv);
    }
    while (heap_len > 0) {
        int v = heap_pop();
        if (val[v] < 0) return opt_phase_false || (opt_phase_save && saved_phase[v] == 0) ? NOT(v) : POS(v);
    }
    return -1;
}

static int *solution; static int solution_len = -1;

/* After a solution: the clause "not all of these decisions again", deepest decision first;
 * backtrack one level, where it asserts the last decision's negation (chronological, so that
 * enumeration does not start over). Returns 0 if there was no decision (no more solutions). */
static int block_solution(void) {
    int n = 0;
    for (int l = dlevel; l >= 1; l--) learnt_buf[n++] = NEG(trail[trail_lim[l - 1]]);
    if (n == 0) return 0;
    unassign_to(dlevel - 1);
    if (n == 1) { assign(learnt_buf[0], R_NONE, 0, NULL); return 1; }
    Clause *c = add_clause(learnt_buf, n, 0);
    n_learnts--; /* out of the learned list, so reduce_db never deletes it; its watches stay */
    assign(learnt_buf[0], R_CLAUSE, 0, c);
    return 1;
}

/* failed-literal probing at the root: an option whose choice leads to a conflict is removed. */
static int probe_root(void) {
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int v = 0; v < n_opts; v++) {
            if (val[v] >= 0) continue;
            if (opt_probe == 2) {
                int two = 0;
                for (int e = opt_start[v]; e < opt_start[v + 1]; e++) { int it = opt_item[e]; if (it < n_primary && !true_count[it] && alive[it] == 2) two = 1; }
                if (!two) continue;
            }
            n_probes++;
            trail_lim[dlevel++] = trail_len;
            assign(POS(v), R_NONE, 0, NULL);
            int conflict = propagate();
            unassign_to(0);
            if (conflict) {
                n_probe_removed++; changed = 1;
                assign(NOT(v), R_NONE, 0, NULL);
                if (propagate()) return 1;
            }
        }
    }
    return 0;
}

/* glucose's restart rule: a fixed-size window of the last LBDs (and of trail sizes, to block) */
#define LBD_WINDOW 50
#define TRAIL_WINDOW 5000
static int lbd_q[LBD_WINDOW], lbd_q_n, lbd_q_head; static long long lbd_q_sum;
static int trail_q[TRAIL_WINDOW], trail_q_n, trail_q_head; static long long trail_q_sum;
static double lbd_total;

static void window_push(int *q, int size, int *n, int *head, long long *sum, int x) {
    if (*n == size) { *sum -= q[*head]; q[*head] = x; *head = (*head + 1) % size; }
    else { q[(*head + *n) % size] = x; (*n)++; }
    *sum += x;
}

/* after a conflict with a learned clause of this LBD: should the search restart? */
static int glucose_restart(int lbd) {
    lbd_total += lbd;
    window_push(trail_q, TRAIL_WINDOW, &trail_q_n, &trail_q_head, &trail_q_sum, trail_len);
    if (n_conflicts > 10000 && lbd_q_n == LBD_WINDOW && trail_q_n == TRAIL_WINDOW
        && trail_len > 1.4 * trail_q_sum / TRAIL_WINDOW) { lbd_q_n = 0; lbd_q_head = 0; lbd_q_sum = 0; }
    window_push(lbd_q, LBD_WINDOW, &lbd_q_n, &lbd_q_head, &lbd_q_sum, lbd);
    if (lbd_q_n == LBD_WINDOW && 0.8 * lbd_q_sum / LBD_WINDOW > lbd_total / n_conflicts) {
        lbd_q_n = 0; lbd_q_head = 0; lbd_q_sum = 0; return 1;
    }
    return 0;
}

/* One probe at the root: choose option v, propagate, mark what it implies (marks[lit] = stamp)
 * unless it failed, undo. Returns 1 if it failed. */
static int *marks, mark_stamp, *common;
static int probe_one(int v, int mark) {
    n_probes++;
    trail_lim[dlevel++] = trail_len;
    assign(POS(v), R_NONE, 0, NULL);
    int conflict = propagate();
    if (!conflict && mark) for (int k = trail_lim[0]; k < trail_len; k++) marks[trail[k]] = mark_stamp;
    return conflict;
}

/* BLISS's idea, generic: for every primary item with two options left, what both choices
 * imply holds (one of the two is true); a choice that fails is removed. Root only. Returns 1
 * if the problem is found unsatisfiable. */
static int probe_both(void) {
    for (int it = 0; it < n_primary; it++) {
        if (true_count[it] || alive[it] != 2) continue;
        int a = -1, b = -1;
        for (int k = item_start[it]; k < item_start[it + 1]; k++) {
            int w = item_opt[k]; if (val[w] >= 0) continue;
            if (a < 0) a = w; else b = w;
        }
        mark_stamp++;
        int fail_a = probe_one(a, 1);
        unassign_to(0);
        if (fail_a) { n_probe_removed++; assign(NOT(a), R_NONE, 0, NULL); if (propagate()) return 1; continue; }
        int fail_b = probe_one(b, 0), n_common = 0;
        if (!fail_b) for (int k = trail_lim[0]; k < trail_len; k++) if (marks[trail[k]] == mark_stamp) common[n_common++] = trail[k];
        unassign_to(0);
        if (fail_b) { n_probe_removed++; assign(NOT(b), R_NONE, 0, NULL); if (propagate()) return 1; continue; }
        for (int k = 0; k < n_common; k++) if (val[VAR(common[k])] < 0) { n_probe_removed++; assign(common[k], R_NONE, 0, NULL); }
        if (propagate()) return 1;
    }
    return 0;
}

/* 1 SAT, 0 UNSAT, -1 time cap */
static int search(void) {
    int want_restart = 0;
    long long conflicts_since_restart = 0, next_reduce = 2000, reduce_step = 300;
    int restart_no = 0; double restart_limit = opt_restarts ? opt_luby_unit * luby(2, 0) : 1e18;
    if (!opt_restarts) opt_glucose = 0;
    for (;;) {
        if (propagate()) {
            n_conflicts++; conflicts_since_restart++;
            if (dlevel == 0) return 0;
            int bt, len = analyze(&bt);
            if (!opt_learn) {
                /* DPLL: chronological backtracking; flip the deepest decision not yet flipped */
                while (dlevel > 0 && flipped[dlevel]) unassign_to(dlevel - 1);
                if (dlevel == 0) return 0;
                int d = trail[trail_lim[dlevel - 1]];
                unassign_to(dlevel - 1);
                trail_lim[dlevel++] = trail_len; flipped[dlevel] = 1;
                assign(NEG(d), R_NONE, 0, NULL);
                if ((n_conflicts & 255) == 0 && opt_timeout > 0 && spent() > opt_timeout) return -1;
                continue;
            }
            int lbd = compute_lbd(learnt_buf, len);
            if (opt_glucose && glucose_restart(lbd)) want_restart = 1;
            if (opt_rephase && n_conflicts % opt_rephase == 0) memset(saved_phase, 1, n_opts);
            unassign_to(bt);
            if (len == 1) assign(learnt_buf[0], R_NONE, 0, NULL);
            else {
                Clause *c = add_clause(learnt_buf, len, lbd);
                assign(learnt_buf[0], R_CLAUSE, 0, c);
            }
            n_learned_total++;
            if ((n_conflicts & 255) == 0 && opt_timeout > 0 && spent() > opt_timeout) return -1;
        } else {
            int switching = opt_switch && n_conflicts >= next_switch;
            if (switching) {
                in_mode_b = !in_mode_b; next_switch = n_conflicts + opt_switch;
                opt_phase_save = in_mode_b ? 1 : base_phase_save;
                opt_luby_unit = in_mode_b && opt_switch_luby > 0 ? opt_switch_luby : base_luby;
                restart_no = -1;
            }
            if (switching || (opt_glucose ? want_restart : conflicts_since_restart >= restart_limit)) {
                want_restart = 0;
                n_restarts++; conflicts_since_restart = 0; restart_no++;
                restart_limit = opt_luby_unit * luby(2, restart_no);
                unassign_to(0);
                if (opt_probe_restart == 3) { if (probe_both()) return 0; }
                else if (opt_probe_restart) { opt_probe = opt_probe_restart; if (probe_root()) return 0; }
                continue;
            }
            if (opt_reduce && n_conflicts >= next_reduce) { next_reduce = n_conflicts + 2000 + reduce_step; reduce_step += 300; reduce_db(); }
            int d = pick_branch();
            if (d < 0) return 1;
            n_decisions++;
            if ((n_decisions & 1023) == 0 && opt_timeout > 0 && spent() > opt_timeout) return -1;
            trail_lim[dlevel++] = trail_len; flipped[dlevel] = 0;
            assign(d, R_NONE, 0, NULL);
        }
    }
}

/* The house of the B items group (the items named <letter><x>_<y> with one letter and one x,
 * or one letter and one y) and the A items of letter a_letter their options cover. */
static int *idx_of;
static void add_house(const int *group, int n, char a_letter) {
    if (n < 2 || n > 32) return;
    int A[32], na = 0, ok = 1;
    for (int i = 0; i < n; i++) idx_of[group[i]] = -2 - i;   /* B index i */
    for (int i = 0; i < n && ok; i++) for (int k = item_start[group[i]]; k < item_start[group[i] + 1] && ok; k++) {
        int o = item_opt[k], found = 0;
        for (int e = opt_start[o]; e < opt_start[o + 1]; e++) {
            int x = opt_item[e];
            if (names[x][0] != a_letter || x >= n_primary) continue;
            found++;
            if (idx_of[x] == -1) { if (na == 32) { ok = 0; break; } idx_of[x] = na; A[na++] = x; }
        }
        if (found != 1) ok = 0;
    }
    int n_edges = 0;
    for (int i = 0; i < na && ok; i++) for (int k = item_start[A[i]]; k < item_start[A[i] + 1]; k++) {
        int o = item_opt[k], in_b = 0;
        for (int e = opt_start[o]; e < opt_start[o + 1]; e++) if (idx_of[opt_item[e]] <= -2) in_b++;
        if (in_b != 1) { ok = 0; break; }
        n_edges++;
    }
    if (ok && na == n) {
        House *H = &houses[n_houses++];
        H->n = n; H->n_edges = 0; H->opt = xmalloc(sizeof(int) * n_edges); H->ea = xmalloc(sizeof(int) * n_edges); H->eb = xmalloc(sizeof(int) * n_edges);
        for (int i = 0; i < 32; i++) H->mate_a[i] = H->mate_b[i] = -1;
        for (int i = 0; i < na; i++) for (int k = item_start[A[i]]; k < item_start[A[i] + 1]; k++) {
            int o = item_opt[k];
            for (int e = opt_start[o]; e < opt_start[o + 1]; e++) if (idx_of[opt_item[e]] <= -2) {
                H->opt[H->n_edges] = o; H->ea[H->n_edges] = i; H->eb[H->n_edges] = -2 - idx_of[opt_item[e]]; H->n_edges++;
            }
        }
    }
    for (int i = 0; i < n; i++) idx_of[group[i]] = -1;
    for (int i = 0; i < na; i++) idx_of[A[i]] = -1;
}

/* Houses found from item names of the form <letter><x>_<y> (sudoku_xc.py's: p<row>_<col>,
 * r<row>_<value>, c<col>_<value>, b<box>_<value>). Level 1: every r, c, b group of one x against
 * the cells (p); 2: also the r items of one value against the c items; 3: also the b items of
 * one value against the r items and against the c items (several options per pair). A prototype's
 * shortcut: a generic engine would find such pairs of item sets from the options alone. */
static void houses_from_names(int level_wanted) {
    int *gx = xmalloc(sizeof(int) * n_items), *gy = xmalloc(sizeof(int) * n_items); char *gt = xmalloc(n_items);
    for (int i = 0; i < n_items; i++) { gt[i] = 0; if (i < n_primary && sscanf(names[i], "%*c%d_%d", &gx[i], &gy[i]) == 2) gt[i] = names[i][0]; }
    houses = xmalloc(sizeof(House) * (4 * n_items + 1)); idx_of = xmalloc(sizeof(int) * n_items);
    for (int i = 0; i < n_items; i++) idx_of[i] = -1;
    int *group = xmalloc(sizeof(int) * n_items);
    const char *letters = "rcb";
    for (int by = 0; by < 2; by++) for (int l = 0; l < 3; l++) {
        char t = letters[l];
        char a_letters[3] = {0}; int n_a = 0;
        if (by == 0) a_letters[n_a++] = 'p';
        else if (t == 'r' && level_wanted >= 2) a_letters[n_a++] = 'c';
        else if (t == 'b' && level_wanted >= 3) { a_letters[n_a++] = 'r'; a_letters[n_a++] = 'c'; }
        for (int q = 0; q < n_a; q++) {
            int maxk = -1;
            for (int i = 0; i < n_items; i++) if (gt[i] == t) { int k = by ? gy[i] : gx[i]; if (k > maxk) maxk = k; }
            for (int k = 0; k <= maxk; k++) {
                int n = 0;
                for (int i = 0; i < n_items; i++) if (gt[i] == t && (by ? gy[i] : gx[i]) == k) group[n++] = i;
                add_house(group, n, a_letters[q]);
            }
        }
    }
    int n = n_opts; int *cnt = xcalloc(n + 1, sizeof(int));
    for (int h = 0; h < n_houses; h++) for (int e = 0; e < houses[h].n_edges; e++) cnt[houses[h].opt[e] + 1]++;
    oh_start = xcalloc(n + 1, sizeof(int));
    for (int v = 0; v < n; v++) oh_start[v + 1] = oh_start[v] + cnt[v + 1];
    oh_house = xmalloc(sizeof(int) * (oh_start[n] + 1));
    int *fill = xmalloc(sizeof(int) * (n + 1)); memcpy(fill, oh_start, sizeof(int) * (n + 1));
    for (int h = 0; h < n_houses; h++) for (int e = 0; e < houses[h].n_edges; e++) oh_house[fill[houses[h].opt[e]]++] = h;
    hall_a = xcalloc(n, sizeof(unsigned)); hall_b = xcalloc(n, sizeof(unsigned));
    dirty = xcalloc(n_houses + 1, 1); dirty_list = xmalloc(sizeof(int) * (n_houses + 1));
    free(gx); free(gy); free(gt); free(group); free(cnt); free(fill);
    fprintf(stderr, "c houses %d\n", n_houses);
}

int main(int argc, char **argv) {
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--unique")) opt_unique = 1;
        else if (!strcmp(argv[i], "--count")) opt_count = 1;
        else if (!strcmp(argv[i], "--no-learn")) opt_learn = 0;
        else if (!strcmp(argv[i], "--no-restarts")) opt_restarts = 0;
        else if (!strcmp(argv[i], "--luby") && i + 1 < argc) opt_luby_unit = atof(argv[++i]);
        else if (!strcmp(argv[i], "--minimize") && i + 1 < argc) opt_recursive = !strcmp(argv[++i], "recursive");
        else if (!strcmp(argv[i], "--no-reduce")) opt_reduce = 0;
        else if (!strcmp(argv[i], "--timeout") && i + 1 < argc) opt_timeout = atof(argv[++i]);
        else if (!strcmp(argv[i], "--cpu-timeout") && i + 1 < argc) { opt_timeout = atof(argv[++i]); opt_cpu_clock = 1; }
        else if (!strcmp(argv[i], "--probe") && i + 1 < argc) { i++; opt_probe = !strcmp(argv[i], "root") ? 1 : !strcmp(argv[i], "pairs") ? 2 : 0; }
        else if (!strcmp(argv[i], "--restart") && i + 1 < argc) opt_glucose = !strcmp(argv[++i], "glucose");
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) opt_seed = (unsigned)atol(argv[++i]);
        else if (!strcmp(argv[i], "--rephase") && i + 1 < argc) opt_rephase = atoll(argv[++i]);
        else if (!strcmp(argv[i], "--probe-restart") && i + 1 < argc) { i++; opt_probe_restart = !strcmp(argv[i], "root") ? 1 : !strcmp(argv[i], "pairs") ? 2 : !strcmp(argv[i], "both") ? 3 : 0; }
        else if (!strcmp(argv[i], "--switch") && i + 1 < argc) opt_switch = atoll(argv[++i]);
        else if (!strcmp(argv[i], "--switch-luby") && i + 1 < argc) opt_switch_luby = atof(argv[++i]);
        else if (!strcmp(argv[i], "--alldiff") && i + 1 < argc) opt_alldiff = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--locked") && i + 1 < argc) opt_locked = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--heur") && i + 1 < argc) opt_mrv = !strcmp(argv[++i], "mrv");
        else if (!strcmp(argv[i], "--phase") && i + 1 < argc) { i++; opt_phase_save = !strcmp(argv[i], "save"); opt_phase_false = !strcmp(argv[i], "false"); }
        else if (!strcmp(argv[i], "--decay") && i + 1 < argc) opt_decay = atof(argv[++i]);
        else if (argv[i][0] == '-' && argv[i][1]) { fprintf(stderr, "unknown option %s\n", argv[i]); return 2; }
        else path = argv[i];
    }
    base_phase_save = opt_phase_save; base_luby = opt_luby_unit; next_switch = opt_switch;
    FILE *f = path && strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f) { perror(path); return 2; }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    read_input(f);
    double cpu_read = cpu_seconds();
    int n = n_opts;
    val = xmalloc(n); memset(val, -1, n);
    level = xcalloc(n, sizeof(int)); marks = xcalloc(2 * n, sizeof(int)); common = xmalloc(sizeof(int) * (n + 1)); locked_by = xcalloc(n, sizeof(int)); rtype = xcalloc(n, sizeof(int)); rdata = xcalloc(n, sizeof(int));
    rclause = xcalloc(n, sizeof(Clause *)); trail = xmalloc(sizeof(int) * n); trail_lim = xmalloc(sizeof(int) * (n + 1));
    true_count = xcalloc(n_items, sizeof(int)); alive = xcalloc(n_items, sizeof(int));
    for (int it = 0; it < n_items; it++) alive[it] = item_start[it + 1] - item_start[it];
    activity = xcalloc(n, sizeof(double)); heap = xmalloc(sizeof(int) * n); heap_pos = xmalloc(sizeof(int) * n);
    saved_phase = xmalloc(n); memset(saved_phase, 1, n);
    watch = xcalloc(2 * n, sizeof(Clause **)); watch_len = xcalloc(2 * n, sizeof(int)); watch_cap = xcalloc(2 * n, sizeof(int));
    seen = xcalloc(n, 1); learnt_buf = xmalloc(sizeof(int) * (n + 1)); rv_buf = xmalloc(sizeof(int) * (n + 1));
    lbd_stamp = xcalloc(n + 2, sizeof(int)); stack_buf = xmalloc(sizeof(int) * (n + 1)); flipped = xcalloc(n + 2, 1);
    cleared = xmalloc(sizeof(int) * (n + 1)); pending = xmalloc(sizeof(int) * (n + 1));
    solution = xmalloc(sizeof(int) * (n + 1));
    /* initial activity: a little for options in short items, so that early decisions follow MRV */
    for (int v = 0; v < n; v++) {
        int best = 1 << 30;
        for (int e = opt_start[v]; e < opt_start[v + 1]; e++) { int it = opt_item[e]; if (it < n_primary) { int s = item_start[it + 1] - item_start[it]; if (s < best) best = s; } }
        activity[v] = best < (1 << 30) ? 1.0 / best * 1e-3 : 0;
    }
    if (opt_seed) {
        srand(opt_seed);
        for (int v = 0; v < n; v++) activity[v] *= 1.0 + 0.01 * rand() / RAND_MAX; /* ties only: 1/24 and 1/25 differ by 4 % */
    }
    for (int v = 0; v < n; v++) { heap_pos[v] = -1; heap_insert(v); }
    int status = 1;
    /* options with no primary item are never chosen by DLX; an empty primary item has no solution */
    for (int v = 0; v < n; v++) {
        int prim = 0; for (int e = opt_start[v]; e < opt_start[v + 1]; e++) if (opt_item[e] < n_primary) prim = 1;
        if (!prim) assign(NOT(v), R_NONE, 0, NULL);
    }
    for (int it = 0; it < n_primary; it++) {
        if (alive[it] == 0) status = 0;
        else if (alive[it] == 1 && !true_count[it])
            for (int k = item_start[it]; k < item_start[it + 1]; k++) if (val[item_opt[k]] < 0) assign(POS(item_opt[k]), R_NONE, 0, NULL);
    }
    if (opt_alldiff) {
        houses_from_names(opt_alldiff);
        for (int h = 0; h < n_houses; h++) { dirty[h] = 1; dirty_list[n_dirty++] = h; }
    }
    if (status && propagate()) status = 0;
    if (status && opt_locked) {
        for (int it = 0; it < n_primary; it++)
            if (!true_count[it] && alive[it] >= 2 && alive[it] <= opt_locked) locked_candidates(it);
        if (propagate()) status = 0;
    }
    if (status && opt_probe && probe_root()) status = 0;
    double t_first = -1;
    int result = 0;
    if (status) {
        for (;;) {
            int r = search();
            if (r == 1) {
                n_solutions++;
                if (solution_len < 0) {
                    t_first = elapsed(); solution_len = 0;
                    for (int v = 0; v < n; v++) if (val[v] == 1) solution[solution_len++] = v;
                }
                if (!(opt_unique || opt_count)) { result = 1; break; }
                if (opt_unique && n_solutions >= 2) { result = 1; break; }
                if (!block_solution()) { result = 1; break; }
                continue;
            }
            if (r == 0) { result = n_solutions ? 1 : 0; break; }
            result = -1; break;
        }
    }
    double t_end = elapsed();
    if (result == -1 && solution_len < 0) printf("s UNKNOWN\n");
    else if (solution_len >= 0) printf("s SATISFIABLE\n");
    else printf("s UNSATISFIABLE\n");
    if (solution_len >= 0) { printf("v"); for (int i = 0; i < solution_len; i++) printf(" %d", solution[i]); printf("\n"); }
    if (opt_unique || opt_count) printf("c solutions %lld%s\n", n_solutions, result == -1 ? " (cap)" : (opt_unique && n_solutions >= 2) ? "+" : "");
    fprintf(stderr, "c first %.6f s, end %.6f s, cpu %.6f s, solve-cpu %.6f s, decisions %lld, conflicts %lld, propagations %lld, learned %lld, "
            "restarts %lld, reduced %lld, probes %lld, probe-removed %lld, locked %lld, hall %lld\n", t_first, t_end, cpu_seconds(), cpu_seconds() - cpu_read, n_decisions, n_conflicts,
            n_props, n_learned_total, n_restarts, n_reduced, n_probes, n_probe_removed, n_locked, n_hall);
    return 0;
}
