/* The memo of a counting search, C twin (the Python twin's is _pydlx.Memo).
 *
 * Layer: engine. The idea is Knuth's DLX6 and the DXZ algorithm of Nishino, Yasuda,
 * Minato and Nagata (AAAI 2017): the number of solutions below a node depends only on
 * the state there (which items are still to cover, and how the secondary ones stand),
 * so a count met once is added again, without searching, wherever that state comes
 * back. docs/engine.md ("Counting with a memo") has the whole story and a worked
 * example; _dlx.c builds the keys and calls these functions from its search.
 *
 * - A key is `key_words` 64-bit words: exact, not a hash (see _dlx.c, memo_key).
 * - The table is a bounded hash table of buckets of MEMO_WAYS slots; a slot holds a
 *   key, its count (`limbs` 64-bit limbs, least significant first) and its work (the
 *   nodes its subtree took, 0 for an empty slot). It doubles while it has room under
 *   max_bytes; then a new entry replaces the one of least work in its bucket (the one
 *   that saves the least when hit), or is dropped if it is the least.
 * - Every allocation is PyMem_Raw*: the table grows (and a count widens) while the
 *   search runs without the GIL, where the other PyMem_* functions must not be called.
 * - Counts have any size: every count in the memo, and `extra` (the solutions counted
 *   by hits), is `limbs` limbs wide, and one more limb is added to all of them when a
 *   sum carries out of the top one (widen).
 * - Under MEMO_AUTO the memo decides for itself, by what its hits would save: a lookup
 *   costs about half a node. Its first MEMO_TRIAL lookups are a trial: they store
 *   and find states but skip nothing (the search is the plain one, node for node),
 *   and count the nodes their hits would have saved. If those are fewer than half
 *   the lookups it is dropped (judge_trial: its table freed, `dropped` set) for the
 *   rest of the search; after that, per depth of the search, a depth stops being
 *   looked up once its MEMO_PROBE lookups or more have saved fewer nodes than half
 *   of them (memo_wanted).
 * - A kept memo (`keep`, Solver.keep_memo) serves the searches of one problem one
 *   after the other, whatever their forced options (the subproblems of a split
 *   count): memo_restart. Its trial is the first searches' and its per-depth figures
 *   are kept by the depth in the whole search (the depth plus `offset`, the number of
 *   forced options); the root of each search is looked up too, for another search
 *   may have counted it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "_memo.h"

#define MEMO_WAYS 4
#define MEMO_FIRST_BUCKETS 1024
#define MEMO_PROBE 1024
#define MEMO_TRIAL 4096

void memo_init(Memo *m)
{
    memset(m, 0, sizeof *m);
    m->mode = MEMO_AUTO;
    m->max_bytes = (size_t)256 << 20;
}

void memo_end(Memo *m)
{
    PyMem_RawFree(m->table);
    PyMem_RawFree(m->key);
    PyMem_RawFree(m->level_key);
    PyMem_RawFree(m->level_extra);
    PyMem_RawFree(m->level_count);
    PyMem_RawFree(m->level_nodes);
    PyMem_RawFree(m->level_kept);
    PyMem_RawFree(m->depth_lookups);
    PyMem_RawFree(m->depth_saved);
    PyMem_RawFree(m->extra);
    m->table = m->key = m->level_key = m->level_extra = m->extra = NULL;
    m->level_count = m->level_nodes = m->depth_lookups = m->depth_saved = NULL;
    m->level_kept = NULL;
    m->n_buckets = 0;
    m->on = 0;
    m->entries = m->hits = m->lookups = m->tried = 0;
    m->dropped = 0;
}

void memo_restart(Memo *m)
{
    m->hits = m->lookups = 0;
    if (m->extra)
        memset(m->extra, 0, (size_t)m->limbs * sizeof(uint64_t));
    if (m->level_kept)
        memset(m->level_kept, 0, (size_t)m->depths);
}

void memo_free(Memo *m)
{
    memo_end(m);
}

static size_t table_bytes(size_t n_buckets, size_t stride)
{
    return n_buckets * MEMO_WAYS * stride * sizeof(uint64_t);
}

size_t memo_bytes(const Memo *m)
{
    return m->table ? table_bytes(m->n_buckets, m->stride) : 0;
}

static uint64_t *slot_at(const Memo *m, size_t k)
{
    return m->table + k * m->stride;
}

static uint64_t key_hash(const uint64_t *key, int n)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int k = 0; k < n; k++) {
        h = (h ^ key[k]) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    h ^= h >> 29;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 32);
}

/* Puts a slot's contents (key, value, work: `stride` words) into its bucket of the
 * table: over the slot of the same key, else an empty one, else over the slot of
 * least work if that is less than its own. */
static void place(Memo *m, const uint64_t *entry)
{
    int n = m->key_words;
    size_t first = (key_hash(entry, n) & (m->n_buckets - 1)) * MEMO_WAYS;
    uint64_t work = entry[m->stride - 1];
    uint64_t *target = NULL;
    for (size_t k = first; k < first + MEMO_WAYS; k++) {
        uint64_t *slot = slot_at(m, k);
        uint64_t its = slot[m->stride - 1];
        if (its == 0 || memcmp(slot, entry, (size_t)n * sizeof(uint64_t)) == 0) {
            m->entries += its == 0;
            target = slot;
            break;
        }
        if (its < work && (!target || its < target[m->stride - 1]))
            target = slot;
    }
    if (target)
        memcpy(target, entry, m->stride * sizeof(uint64_t));
}

/* A table of n_buckets buckets holding the entries of the present one, with values
 * `limbs` limbs wide (the present width, or one more); 0 if it cannot be allocated. */
static int rebuild(Memo *m, size_t n_buckets, int limbs)
{
    size_t stride = (size_t)m->key_words + (size_t)limbs + 1;
    uint64_t *table = PyMem_RawCalloc(n_buckets * MEMO_WAYS, stride * sizeof(uint64_t));
    if (!table)
        return 0;
    uint64_t *old = m->table, *entry = PyMem_RawCalloc(stride, sizeof(uint64_t));
    if (!entry) {
        PyMem_RawFree(table);
        return 0;
    }
    size_t old_slots = m->n_buckets * MEMO_WAYS, old_stride = m->stride;
    int old_limbs = m->limbs;
    m->table = table;
    m->n_buckets = n_buckets;
    m->stride = stride;
    m->entries = 0;
    for (size_t k = 0; old && k < old_slots; k++) {
        const uint64_t *slot = old + k * old_stride;
        if (slot[old_stride - 1] == 0)
            continue;
        memcpy(entry, slot, (size_t)(m->key_words + old_limbs) * sizeof(uint64_t));
        entry[stride - 1] = slot[old_stride - 1];
        place(m, entry);
    }
    PyMem_RawFree(entry);
    PyMem_RawFree(old);
    return 1;
}

int memo_begin(Memo *m, int key_words, int depths)
{
    memo_end(m);
    m->failed = 0;
    if (m->mode == MEMO_OFF)
        return 0;
    m->key_words = key_words;
    m->limbs = 1;
    m->depths = depths;
    m->stride = (size_t)key_words + 2;
    m->key = PyMem_RawCalloc((size_t)key_words, sizeof(uint64_t));
    m->level_key = PyMem_RawCalloc((size_t)depths * key_words, sizeof(uint64_t));
    m->level_extra = PyMem_RawCalloc((size_t)depths, sizeof(uint64_t));
    m->level_count = PyMem_RawCalloc((size_t)depths, sizeof(unsigned long long));
    m->level_nodes = PyMem_RawCalloc((size_t)depths, sizeof(unsigned long long));
    m->level_kept = PyMem_RawCalloc((size_t)depths, 1);
    m->depth_lookups = PyMem_RawCalloc((size_t)depths, sizeof(unsigned long long));
    m->depth_saved = PyMem_RawCalloc((size_t)depths, sizeof(unsigned long long));
    m->extra = PyMem_RawCalloc(1, sizeof(uint64_t));
    size_t buckets = MEMO_FIRST_BUCKETS;
    while (buckets > 1 && table_bytes(buckets, m->stride) > m->max_bytes)
        buckets /= 2;
    if (!m->key || !m->level_key || !m->level_extra || !m->level_count || !m->level_nodes ||
        !m->level_kept || !m->depth_lookups || !m->depth_saved || !m->extra ||
        table_bytes(buckets, m->stride) > m->max_bytes || !rebuild(m, buckets, 1)) {
        memo_end(m);
        return 0;
    }
    m->on = 1;
    return 1;
}

/* Free the table and turn the memo off for the rest of the search (and of the searches
 * that keep it); the caller says why (failed, dropped). */
static void switch_off(Memo *m)
{
    PyMem_RawFree(m->table);
    m->table = NULL;
    m->n_buckets = 0;
    m->entries = 0;
    m->on = 0;
}

/* One more limb for every count: in the table, in `extra` and in the levels' copies of
 * it. If the table cannot be rebuilt it is dropped (the count stays exact: only
 * `extra` and the levels' copies must grow); if those cannot, `failed` is 2. */
static void widen(Memo *m)
{
    int limbs = m->limbs + 1;
    uint64_t *extra = PyMem_RawCalloc((size_t)limbs, sizeof(uint64_t));
    uint64_t *level_extra = PyMem_RawCalloc((size_t)m->depths * limbs, sizeof(uint64_t));
    if (!extra || !level_extra) {
        PyMem_RawFree(extra);
        PyMem_RawFree(level_extra);
        m->failed = 2;
        return;
    }
    memcpy(extra, m->extra, (size_t)m->limbs * sizeof(uint64_t));
    for (int d = 0; d < m->depths; d++)
        memcpy(level_extra + (size_t)d * limbs, m->level_extra + (size_t)d * m->limbs,
               (size_t)m->limbs * sizeof(uint64_t));
    PyMem_RawFree(m->extra);
    PyMem_RawFree(m->level_extra);
    m->extra = extra;
    m->level_extra = level_extra;
    if (!rebuild(m, m->n_buckets, limbs)) {
        switch_off(m);
        m->failed = 1;
    }
    m->limbs = limbs;
}

/* extra += value (`limbs` limbs), widening on a carry out of the top limb. */
static void add_to_extra(Memo *m, const uint64_t *value)
{
    unsigned carry = 0;
    int n = m->limbs;
    for (int k = 0; k < n; k++) {
        uint64_t sum = m->extra[k] + value[k];
        unsigned out = sum < value[k];
        sum += carry;
        out |= sum < (uint64_t)carry;
        m->extra[k] = sum;
        carry = out;
    }
    if (carry) {
        widen(m);
        if (m->failed < 2)
            m->extra[n] = 1;
    }
}

/* Where the figures of a node at `depth` are kept: by its depth in the whole search
 * (`offset` is 0 but for a kept memo), within the levels. */
static int figures_at(const Memo *m, int depth)
{
    int d = depth + m->offset;
    return d < m->depths ? d : m->depths - 1;
}

int memo_wanted(const Memo *m, int depth)
{
    if (!m->on || (depth == 0 && !m->keep))
        return 0;
    int d = figures_at(m, depth);
    if (m->mode == MEMO_ON || m->depth_lookups[d] < MEMO_PROBE)
        return 1;
    return 2 * m->depth_saved[d] >= m->depth_lookups[d];
}

/* Under MEMO_AUTO, after the first MEMO_TRIAL lookups: drop the memo (for the rest of
 * the search, and of the searches that keep it) if their hits saved fewer nodes than
 * half of them. */
static void judge_trial(Memo *m)
{
    unsigned long long saved = 0;
    for (int d = 0; d < m->depths; d++)
        saved += m->depth_saved[d];
    if (2 * saved >= m->tried)
        return;
    switch_off(m);
    m->dropped = 1;
}

int memo_proven(const Memo *m)
{
    return m->mode == MEMO_ON || m->tried >= MEMO_TRIAL;
}

int memo_lookup(Memo *m, int depth)
{
    int n = m->key_words, d = figures_at(m, depth);
    m->lookups++;
    m->tried++;
    m->depth_lookups[d]++;
    int proven = memo_proven(m); /* 0 during the trial: hits are only counted */
    if (m->mode == MEMO_AUTO && m->tried == MEMO_TRIAL) {
        judge_trial(m);
        if (!m->on)
            return 0;
    }
    size_t first = (key_hash(m->key, n) & (m->n_buckets - 1)) * MEMO_WAYS;
    for (size_t k = first; k < first + MEMO_WAYS; k++) {
        uint64_t *slot = slot_at(m, k);
        if (slot[m->stride - 1] && memcmp(slot, m->key, (size_t)n * sizeof(uint64_t)) == 0) {
            m->depth_saved[d] += slot[m->stride - 1];
            if (!proven)
                return 0; /* the trial: what it would save is counted, nothing skipped */
            m->hits++;
            add_to_extra(m, slot + n);
            return 1;
        }
    }
    return 0;
}

void memo_enter(Memo *m, int depth, unsigned long long count, unsigned long long nodes)
{
    int n = m->key_words;
    memcpy(m->level_key + (size_t)depth * n, m->key, (size_t)n * sizeof(uint64_t));
    memcpy(m->level_extra + (size_t)depth * m->limbs, m->extra,
           (size_t)m->limbs * sizeof(uint64_t));
    m->level_count[depth] = count;
    m->level_nodes[depth] = nodes;
    m->level_kept[depth] = 1;
}

/* Doubles the table when it is half full and the memory allows. */
static void grow(Memo *m)
{
    if (2 * m->entries < m->n_buckets * MEMO_WAYS ||
        table_bytes(2 * m->n_buckets, m->stride) > m->max_bytes)
        return;
    size_t n = m->n_buckets;
    if (!rebuild(m, 2 * n, m->limbs))
        m->max_bytes = table_bytes(n, m->stride); /* no room: stay at this size */
}

void memo_leave(Memo *m, int depth, unsigned long long count, unsigned long long nodes)
{
    if (!m->level_kept[depth])
        return;
    m->level_kept[depth] = 0;
    if (!m->table)
        return;
    /* value = extra - extra at entry + (count - count at entry), one limb wider */
    int n = m->key_words, limbs = m->limbs;
    uint64_t entry[n + limbs + 2];
    memcpy(entry, m->level_key + (size_t)depth * n, (size_t)n * sizeof(uint64_t));
    const uint64_t *before = m->level_extra + (size_t)depth * limbs;
    uint64_t *value = entry + n;
    unsigned borrow = 0;
    for (int k = 0; k < limbs; k++) {
        uint64_t a = m->extra[k], b = before[k];
        uint64_t d = a - b - borrow;
        borrow = a < b || (a == b && borrow);
        value[k] = d;
    }
    uint64_t carry = count - m->level_count[depth];
    for (int k = 0; k < limbs && carry; k++) {
        value[k] += carry;
        carry = value[k] < carry;
    }
    if (carry) {
        widen(m);
        if (!m->table)
            return;
        value[limbs++] = 1;
    }
    entry[n + limbs] = nodes - m->level_nodes[depth] + 1;
    grow(m);
    place(m, entry);
}

int memo_set_extra(Memo *m, const uint64_t *value, int n)
{
    while (n > 0 && value[n - 1] == 0)
        n--;
    while (m->limbs < n && m->failed < 2)
        widen(m);
    if (m->failed == 2)
        return 0;
    memset(m->extra, 0, (size_t)m->limbs * sizeof(uint64_t));
    memcpy(m->extra, value, (size_t)n * sizeof(uint64_t));
    return 1;
}
