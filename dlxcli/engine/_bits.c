/* The bit-set count path of the C twin: building its sets, and lengths(). The search
 * itself is _dlx.c's (bits_search), on the steps of _bits.h; the header says what the
 * state is. Allocations are PyMem_Raw* like the memo's, though this file allocates
 * only with the GIL held (the first count's run builds the sets).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_bits.h"

void bits_free(Bits *b)
{
    PyMem_RawFree(b->start);
    PyMem_RawFree(b->prim);
    PyMem_RawFree(b->of_item);
    PyMem_RawFree(b->meets);
    PyMem_RawFree(b->alive);
    PyMem_RawFree(b->len);
    PyMem_RawFree(b->empty);
    PyMem_RawFree(b->n_empty);
    PyMem_RawFree(b->active);
    PyMem_RawFree(b->dead);
    PyMem_RawFree(b->item);
    PyMem_RawFree(b->option);
    memset(b, 0, sizeof *b);
}

static void *zeroed(size_t n, size_t size, int *ok)
{
    void *p = PyMem_RawCalloc(n ? n : 1, size);
    if (!p)
        *ok = 0;
    return p;
}

/* The options of each item (all items, secondary too), W words each: the meeting sets
 * are made from them. */
static Word *options_of_items(int n_items, int n_options, int W, const int *start,
                              const int *items)
{
    Word *of = PyMem_RawCalloc((size_t)(n_items ? n_items : 1) * (size_t)W, sizeof(Word));
    for (int j = 0; of && j < n_options; j++) {
        for (int t = start[j]; t < start[j + 1]; t++)
            of[(size_t)items[t] * W + (j >> 6)] |= (Word)1 << (j & 63);
    }
    return of;
}

/* b->start and b->prim: each option's primary items. */
static void primary_items(Bits *b, int n_options, const int *start, const int *items)
{
    int n = 0;
    for (int j = 0; j < n_options; j++) {
        b->start[j] = n;
        for (int t = start[j]; t < start[j + 1]; t++) {
            if (items[t] < b->n1)
                b->prim[n++] = items[t];
        }
    }
    b->start[n_options] = n;
}

int bits_build(Bits *b, int n1, int n_items, int n_options, const int *start,
               const int *items)
{
    /* A level covers a primary item with an option of its own: at most
     * min(n1, n_options) levels below the root. */
    int ok = 1, W = (n_options + 63) / 64, depths = (n1 < n_options ? n1 : n_options) + 1;
    memset(b, 0, sizeof *b);
    b->n1 = n1;
    b->n_options = n_options;
    b->words = W;
    b->stride = (n1 + 15) & ~15;
    b->start = zeroed((size_t)n_options + 1, sizeof(int), &ok);
    b->prim = zeroed((size_t)start[n_options], sizeof(int), &ok);
    b->meets = zeroed((size_t)n_options * W, sizeof(Word), &ok);
    b->alive = zeroed(2 * (size_t)depths * W, sizeof(Word), &ok);
    b->len = zeroed(2 * (size_t)depths * b->stride, sizeof(int), &ok);
    b->empty = zeroed((size_t)depths * n1, sizeof(int), &ok);
    b->n_empty = zeroed((size_t)depths, sizeof(int), &ok);
    b->active = zeroed((size_t)depths, sizeof(int), &ok);
    b->dead = zeroed((size_t)depths, 1, &ok);
    b->item = zeroed((size_t)depths, sizeof(int), &ok);
    b->option = zeroed((size_t)depths, sizeof(int), &ok);
    Word *of = ok ? options_of_items(n_items, n_options, W, start, items) : NULL;
    if (!of) {
        bits_free(b);
        return 0;
    }
    primary_items(b, n_options, start, items);
    for (int j = 0; j < n_options; j++) {
        Word *meets = b->meets + (size_t)j * W;
        for (int t = start[j]; t < start[j + 1]; t++) {
            const Word *with = of + (size_t)items[t] * W;
            for (int w = 0; w < W; w++)
                meets[w] |= with[w];
        }
    }
    /* The primary items' sets are the first n1 of them: kept, the rest freed. */
    b->of_item = PyMem_RawRealloc(of, (size_t)(n1 ? n1 : 1) * (size_t)W * sizeof(Word));
    if (!b->of_item) {
        PyMem_RawFree(of);
        bits_free(b);
        return 0;
    }
    b->built = 1;
    return 1;
}

int bits_lengths(const Bits *b, int depth, int *out)
{
    int n = 0, W = b->words;
    if (depth == 0 || !b->dead[depth]) {
        const int *len = bits_len(b, depth, 0);
        for (int k = 0; k < b->n1; k++) {
            if (!BITS_IS_COVERED(len[k])) {
                out[2 * n] = k;
                out[2 * n + 1] = len[k];
                n++;
            }
        }
        return n;
    }
    /* A dead end: its commit was stopped short; count Knuth's whole state. */
    int o = b->option[depth - 1];
    const int *after = bits_len(b, depth - 1, 1);
    const Word *alive = bits_alive(b, depth - 1, 1), *meets = b->meets + (size_t)o * W;
    for (int k = 0; k < b->n1; k++) {
        int in_o = 0;
        for (int t = b->start[o]; t < b->start[o + 1]; t++)
            in_o |= b->prim[t] == k;
        if (in_o || BITS_IS_COVERED(after[k]))
            continue;
        const Word *of = b->of_item + (size_t)k * W;
        int left = 0;
        for (int w = 0; w < W; w++)
            left += __builtin_popcountll(alive[w] & ~meets[w] & of[w]);
        out[2 * n] = k;
        out[2 * n + 1] = left;
        n++;
    }
    return n;
}
