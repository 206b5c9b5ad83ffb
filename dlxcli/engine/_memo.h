/* The memo of a counting search (C twin): the number of solutions below each state
 * met, keyed by the state (see _memo.c and docs/engine.md, "Counting with a memo"). */
#ifndef DLXCLI_MEMO_H
#define DLXCLI_MEMO_H

#include <stddef.h>
#include <stdint.h>

enum { MEMO_OFF = 0, MEMO_AUTO = 1, MEMO_ON = 2 };

typedef struct {
    /* settings, kept from one search to the next */
    int mode;                 /* MEMO_OFF, MEMO_AUTO or MEMO_ON */
    size_t max_bytes;         /* the most the table may take */
    int keep;                 /* 1: the memo outlives `start` (memo_restart) */
    int offset;               /* added to a depth for its statistics: see memo_restart */
    /* the search's */
    int on;                   /* this search looks states up */
    int key_words;            /* words of a key */
    int limbs;                /* 64-bit limbs of every value (grows, see widen) */
    size_t stride;            /* words per slot: key, value, work */
    uint64_t *table;          /* n_buckets x MEMO_WAYS slots; work 0: an empty slot */
    size_t n_buckets;
    uint64_t *key;            /* the key of the node being looked up */
    int depths;               /* levels of the search: n_primary + 1 */
    uint64_t *level_key;      /* per level: the key of its node, */
    uint64_t *level_extra;    /* `extra` when that node was entered, */
    unsigned long long *level_count, *level_nodes; /* and the count and nodes then */
    unsigned char *level_kept; /* 1: store that node's count when its subtree is done */
    unsigned long long *depth_lookups, *depth_saved; /* per depth, see memo_pays */
    uint64_t *extra;          /* the solutions counted by hits, `limbs` limbs */
    unsigned long long entries;
    unsigned long long hits, lookups; /* this search's (since memo_begin or memo_restart) */
    unsigned long long tried; /* lookups since memo_begin: the trial's */
    int dropped;              /* 1: the trial failed, the memo stopped for good */
    int failed;               /* out of memory: the memo stopped, the count goes on */
} Memo;

void memo_init(Memo *m);
void memo_free(Memo *m);
/* Sets up a counting search of `key_words`-word keys and `depths` levels; 0 if it
 * cannot (out of memory, or mode off): the search then counts without a memo. */
int memo_begin(Memo *m, int key_words, int depths);
void memo_end(Memo *m);
/* Gets a kept memo (m->keep) ready for another search of the same problem: its
 * table, its trial's verdict and its per-depth figures stay (a state's count does not
 * depend on the path to it, nor on the forced options); `extra`, the levels and this
 * search's hits and lookups start afresh. The caller sets `offset`. */
void memo_restart(Memo *m);
/* Whether a node at `depth` is looked up (the per-depth decision). */
int memo_wanted(const Memo *m, int depth);
/* Whether the memo has passed its trial (or is always on): the search then orders its
 * choices for it (see _dlx.c, rank_items). */
int memo_proven(const Memo *m);
/* Looks up m->key; on a hit adds its count to `extra` and returns 1. */
int memo_lookup(Memo *m, int depth);
/* Remembers the node at `depth` (its key in m->key) as the root of a subtree. */
void memo_enter(Memo *m, int depth, unsigned long long count, unsigned long long nodes);
/* The subtree of the node remembered at `depth` is done: store its count. */
void memo_leave(Memo *m, int depth, unsigned long long count, unsigned long long nodes);
size_t memo_bytes(const Memo *m);
/* extra = value (n limbs), widening the memo's counts as needed (a split node's count,
 * see _dlx.c, Frame); 0 if out of memory (failed is then 2). */
int memo_set_extra(Memo *m, const uint64_t *value, int n);

#endif
