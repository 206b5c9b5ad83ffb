/* The bit-set count path of the C twin (issue 30): Algorithm X on a bit set of the
 * active options and an array of the primary items' LENs, a copy per level instead of
 * undoing. _dlx.c runs its plain count on it (memo off, no split, no colors, no
 * weights, at most BITS_MAX_OPTIONS options: see bits_wanted there); the search is
 * the dancing links' node for node (docs/engine.md, "The bit-set count path").
 *
 * Layer: engine. The prototype is bench/proto/bits_count.c. Items here are the
 * Solver's primary items less one (0..n1-1); options are numbered as outside.
 *
 * A depth d (the node at level d of the search) keeps two states, each a set of
 * active options and the primary items' LENs: the node's own, and the one after X4
 * covered the item chosen there (the options of that item gone). X5 makes the state
 * of depth d + 1 from the second by removing the options that meet the option tried
 * (`meets`: share an item with it, primary or secondary). A covered item's LEN is
 * raised by BITS_COVERED, so that X3 passes it by and no decrement makes it 0. A
 * commit stops at the first uncovered item it leaves with no option (the child is a
 * dead end, whose state nothing reads: lengths() makes it afresh).
 *
 * The hot steps are static inline here, for _dlx.c's search loop; _bits.c builds and
 * frees the sets and answers lengths().
 */
#ifndef DLXCLI_BITS_H
#define DLXCLI_BITS_H

#include <stdint.h>
#include <string.h>

typedef uint64_t Word;

/* A covered item's LEN is raised by BITS_COVERED; the decrements of a path (one per
 * option removed, at most BITS_MAX_OPTIONS) leave it above BITS_COVERED / 2, which no
 * uncovered item's LEN reaches, and X5's marks (one more BITS_COVERED) within an int. */
#define BITS_COVERED (1 << 28)
#define BITS_IS_COVERED(len) ((len) >= BITS_COVERED / 2)
#define BITS_MAX_OPTIONS 8192  /* the meeting sets then take at most 8 MiB */

/* The cost model of the bit-set path (docs/engine.md, "The bit-set count path"): an
 * update is a LEN taken down by one (a primary item's node leaving its list, in the
 * links' terms); a mem is one 64-bit word of an option set or one LEN entry read or
 * written, one item number of an option read. */

typedef struct {
    int built;               /* the sets below are made (once per problem) */
    int n1, n_options, words, stride; /* stride: ints per LEN array (n1, padded) */
    int *start, *prim;       /* option j's primary items: prim[start[j] .. start[j + 1]) */
    Word *of_item;           /* per primary item: the options that hold it */
    Word *meets;             /* per option: the options that share an item with it */
    /* per depth 0..n1 (the state of the node, then once its item is covered): */
    Word *alive;             /* 2 sets per depth */
    int *len;                /* 2 LEN arrays per depth */
    int *empty, *n_empty;    /* per depth: the items X4's cover left with no option */
    int *active;             /* per depth: the uncovered primary items */
    unsigned char *dead;     /* per depth: the node has an uncovered item with no option */
    int *item, *option;      /* per level: the item chosen, the option tried */
    unsigned long long updates, mems; /* this search's, added into the Solver's */
} Bits;

/* Builds the sets of a problem of n1 primary items and n_items items in all, whose
 * option j holds items[start[j] .. start[j + 1]) (0-based, primary first); 0 if out
 * of memory (nothing kept). */
int bits_build(Bits *b, int n1, int n_items, int n_options, const int *start,
               const int *items);
void bits_free(Bits *b);
/* Fills *out with (item, LEN) of the uncovered primary items at depth `depth` as
 * Knuth's state has them (a dead end's counted afresh): at most n1 pairs; returns how
 * many. */
int bits_lengths(const Bits *b, int depth, int *out);

static inline Word *bits_alive(const Bits *b, int depth, int after_cover)
{
    return b->alive + (size_t)(2 * depth + after_cover) * b->words;
}

static inline int *bits_len(const Bits *b, int depth, int after_cover)
{
    return b->len + (size_t)(2 * depth + after_cover) * b->stride;
}

static inline int bits_has(const Word *set, int j)
{
    return (int)(set[j >> 6] >> (j & 63) & 1);
}

/* X3 at `depth`: the uncovered primary item with the fewest options, ties to the
 * earliest (the first uncovered one with `first_item`). Called only on a node that is
 * neither a solution nor a dead end. */
static inline int bits_choose(Bits *b, int depth, int first_item)
{
    const int *len = bits_len(b, depth, 0);
    int best = 0, least = BITS_COVERED / 2, k = 0;
    for (; k < b->n1; k++) {
        if (len[k] < least) {
            best = k;
            least = len[k];
            if (least <= 1 || first_item)
                break;
        }
    }
    b->mems += (unsigned long long)(k < b->n1 ? k + 1 : k);
    return best;
}

/* Takes the options in `away` out of state `from` into state `to` (the LENs copied
 * first). With `empty` not NULL, records there the uncovered items left with no
 * option and returns how many; with `empty` NULL, returns -1 as soon as one is left so
 * (a dead end: the rest is not done), else 0. */
static inline int bits_remove(Bits *b, const Word *from_alive, const int *from_len,
                              Word *to_alive, int *to_len, const Word *away, int *empty)
{
    const int W = b->words, *start = b->start, *prim = b->prim;
    unsigned long long updates = 0, rows = 0;
    int n_empty = 0, w = 0, result = 0;
    memcpy(to_len, from_len, (size_t)b->n1 * sizeof(int));
    for (; w < W; w++) {
        Word gone = from_alive[w] & away[w];
        to_alive[w] = from_alive[w] & ~away[w];
        while (gone) {
            int r = w * 64 + __builtin_ctzll(gone);
            gone &= gone - 1;
            const int *x = prim + start[r], *end = prim + start[r + 1];
            rows++;
            updates += (unsigned long long)(end - x);
            for (; x < end; x++) {
                if (--to_len[*x] == 0) {
                    if (!empty) {
                        updates -= (unsigned long long)(end - x - 1);
                        result = -1;
                        goto done;
                    }
                    empty[n_empty++] = *x;
                }
            }
        }
    }
    result = empty ? n_empty : 0;
done:
    b->updates += updates;
    b->mems += 2 * (unsigned long long)b->n1 + 3 * (unsigned long long)(w < W ? w + 1 : W) +
               rows + 2 * updates;
    return result;
}

/* X4 at `depth`: covers `item` (its options leave the node's state). */
static inline void bits_cover(Bits *b, int depth, int item)
{
    int *len = bits_len(b, depth, 0);
    int covered = len[item];
    len[item] = BITS_COVERED; /* the node's own state: restored below */
    b->n_empty[depth] = bits_remove(b, bits_alive(b, depth, 0), len, bits_alive(b, depth, 1),
                                    bits_len(b, depth, 1),
                                    b->of_item + (size_t)item * b->words,
                                    b->empty + (size_t)depth * b->n1);
    len[item] = covered;
}

/* X5 at `depth`: the state of depth + 1 once option o (of the item covered) is
 * committed; whether that node is a dead end is in dead[depth + 1]. */
static inline void bits_commit(Bits *b, int depth, int o)
{
    const int *prim = b->prim;
    int *len = bits_len(b, depth + 1, 0), *after = bits_len(b, depth, 1);
    int held = b->start[o + 1] - b->start[o];
    b->active[depth + 1] = b->active[depth] - held;
    for (int t = b->start[o]; t < b->start[o + 1]; t++)
        after[prim[t]] += BITS_COVERED; /* marked covered for the copy, then unmarked */
    int dead = 0;
    const int *empty = b->empty + (size_t)depth * b->n1;
    for (int k = 0; k < b->n_empty[depth] && !dead; k++)
        dead = !BITS_IS_COVERED(after[empty[k]]);
    b->mems += 2 * (unsigned long long)held + (unsigned long long)b->n_empty[depth];
    if (!dead)
        dead = bits_remove(b, bits_alive(b, depth, 1), after, bits_alive(b, depth + 1, 0), len,
                           b->meets + (size_t)o * b->words, NULL) < 0;
    for (int t = b->start[o]; t < b->start[o + 1]; t++)
        after[prim[t]] -= BITS_COVERED;
    b->dead[depth + 1] = (unsigned char)dead;
}

/* The first option in both `set` and `also` numbered `from` or more, -1 if none. */
static inline int bits_next(Bits *b, const Word *set, const Word *also, int from)
{
    int w = from >> 6;
    if (w >= b->words)
        return -1;
    Word bits = set[w] & also[w] & (~(Word)0 << (from & 63));
    b->mems += 2;
    while (!bits) {
        if (++w >= b->words)
            return -1;
        bits = set[w] & also[w];
        b->mems += 2;
    }
    return w * 64 + __builtin_ctzll(bits);
}

#endif
