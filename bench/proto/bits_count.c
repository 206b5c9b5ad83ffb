/* Issue 30 research: Algorithm X on bit sets instead of dancing links, counting, to
 * measure what such a search would save on the pentacube counts. It makes the
 * engine's plain search node for node (MRV, ties to the earliest item, a node with an
 * empty item a dead end: the C twin with the memo off and no split), and checks that
 * against the engine's own count and nodes, which bench/proto/bits_parts.py writes
 * beside each problem.
 *
 * The state of a node is the set of active options (a bit per option) and the LEN of
 * every item. Committing option o removes the active options that meet it (`meets[o]`,
 * o's own included) and takes one from the LEN of every item of each; a copy per
 * level replaces the undoing of dancing links, and the commit stops at the first
 * item outside o left without options (a dead end, whose state is never read).
 *
 * With DIFF (a second argument 1), an option's state is made from the state of the
 * option tried before it at its level, when that one was made whole: the options that
 * meet the one but not the other come back or go (the bit-set form of commit_plain's
 * covers shared with the next option); such a commit is never cut short.
 *
 * Usage: bits_count PROBLEMS.txt [DIFF]
 * Build: cc -O2 -march=native -o bits_count bench/proto/bits_count.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t Word;

typedef struct {
    int n1, n_items, n_options, words;
    int *start, *items;  /* option j's items: items[start[j] .. start[j + 1]) */
    Word *of_item;       /* per item: the options that hold it */
    Word *meets;         /* per option: the options that share an item with it */
    Word *alive;         /* per level: the active options; then, once its item is covered, */
    int *len;            /* the same for the options of the item left: each item's LEN */
    unsigned char *covered; /* per item: 1 once an option on the path holds it */
    int *empty;          /* per level: the items its cover left without options */
    long long nodes, count;
    int diff;            /* DIFF: see the top */
    Word *gone, *back;   /* scratch: the options that go, that come back */
    long long steps;     /* options put in or out of a state, for the record */
} Problem;

static int read_int(FILE *f)
{
    int v;
    if (fscanf(f, "%d", &v) != 1) {
        fprintf(stderr, "bits_count: bad input\n");
        exit(2);
    }
    return v;
}

static void *zeroed(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fprintf(stderr, "bits_count: out of memory\n");
        exit(2);
    }
    return p;
}

static void read_problem(FILE *f, Problem *pb, long long *want_count, long long *want_nodes)
{
    pb->n1 = read_int(f);
    pb->n_items = pb->n1 + read_int(f);
    pb->n_options = read_int(f);
    *want_count = read_int(f);
    *want_nodes = read_int(f);
    pb->words = (pb->n_options + 63) / 64;
    pb->start = zeroed((size_t)pb->n_options + 1, sizeof(int));
    int cap = 16 * pb->n_options + 16, n = 0;
    pb->items = zeroed((size_t)cap, sizeof(int));
    for (int j = 0; j < pb->n_options; j++) {
        int k = read_int(f);
        pb->start[j] = n;
        for (int t = 0; t < k; t++) {
            if (n == cap)
                pb->items = realloc(pb->items, (size_t)(cap *= 2) * sizeof(int));
            pb->items[n++] = read_int(f);
        }
    }
    pb->start[pb->n_options] = n;
    int W = pb->words, levels = 2 * pb->n1 + 4;
    pb->of_item = zeroed((size_t)pb->n_items * W, sizeof(Word));
    pb->meets = zeroed((size_t)pb->n_options * W, sizeof(Word));
    pb->alive = zeroed((size_t)levels * W, sizeof(Word));
    pb->len = zeroed((size_t)levels * pb->n_items, sizeof(int));
    pb->covered = zeroed((size_t)pb->n_items, 1);
    pb->empty = zeroed((size_t)levels * pb->n_items, sizeof(int));
    pb->gone = zeroed((size_t)W, sizeof(Word));
    pb->back = zeroed((size_t)W, sizeof(Word));
    for (int j = 0; j < pb->n_options; j++)
        for (int t = pb->start[j]; t < pb->start[j + 1]; t++) {
            int x = pb->items[t];
            pb->of_item[(size_t)x * W + j / 64] |= (Word)1 << (j % 64);
            pb->len[x]++;
        }
    for (int j = 0; j < pb->n_options; j++)
        for (int t = pb->start[j]; t < pb->start[j + 1]; t++)
            for (int w = 0; w < W; w++)
                pb->meets[(size_t)j * W + w] |= pb->of_item[(size_t)pb->items[t] * W + w];
    for (int j = 0; j < pb->n_options; j++)
        pb->alive[j / 64] |= (Word)1 << (j % 64);
}

/* X3: the active primary item with the fewest options, ties to the earliest; -1 when
 * none is left (a solution). */
static int choose(const Problem *pb, const int *len)
{
    int best = -1, least = 1 << 30;
    for (int i = 0; i < pb->n1; i++)
        if (!pb->covered[i] && len[i] < least) {
            best = i;
            least = len[i];
            if (least <= 1)
                break;
        }
    return best;
}

/* Removes the options of `away` from state `from` (2l: a node's, 2l + 1: the same once
 * its item is covered) into state `to`. With `empty` NULL, 0 if that leaves an item
 * that is not covered without options (a dead end: the commit stops there); else those
 * items are stored there, and their number returned (the cover of a node's item i may
 * empty items whose every option holds i: the option committed next may cover them). */
static int remove_options(Problem *pb, int from, int to, const Word *away, int *empty)
{
    int n_empty = 0;
    int W = pb->words, n = pb->n_items, n1 = pb->n1;
    const Word *alive = pb->alive + (size_t)from * W;
    Word *next = pb->alive + (size_t)to * W;
    int *len = pb->len + (size_t)to * n;
    const int *start = pb->start, *items = pb->items;
    const unsigned char *covered = pb->covered;
    memcpy(len, pb->len + (size_t)from * n, (size_t)n * sizeof(int));
    for (int w = 0; w < W; w++) {
        Word gone = alive[w] & away[w];
        next[w] = alive[w] & ~away[w];
        while (gone) {
            int r = w * 64 + __builtin_ctzll(gone);
            gone &= gone - 1;
            pb->steps++;
            for (int t = start[r]; t < start[r + 1]; t++) {
                int x = items[t];
                if (--len[x] == 0 && x < n1 && !covered[x]) {
                    if (!empty)
                        return 0;
                    empty[n_empty++] = x;
                }
            }
        }
    }
    return empty ? n_empty : 1;
}

/* Adds `delta` to the LEN of every item of every option in `options`. */
static void add_to_lens(Problem *pb, int *len, const Word *options, int delta)
{
    for (int w = 0; w < pb->words; w++) {
        Word bits = options[w];
        while (bits) {
            int r = w * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
            pb->steps++;
            for (int t = pb->start[r]; t < pb->start[r + 1]; t++)
                len[pb->items[t]] += delta;
        }
    }
}

/* DIFF: state 2l + 2 for option o, made from what it holds for option `before` (both
 * options of the item of level l, whose state once covered is 2l + 1); 1 unless an
 * item that is not covered is left without options. */
static int shift_commit(Problem *pb, int l, int before, int o)
{
    int W = pb->words, n = pb->n_items;
    const Word *base = pb->alive + (size_t)(2 * l + 1) * W;
    const Word *was = pb->meets + (size_t)before * W, *now = pb->meets + (size_t)o * W;
    Word *alive = pb->alive + (size_t)(2 * l + 2) * W;
    int *len = pb->len + (size_t)(2 * l + 2) * n;
    for (int w = 0; w < W; w++) {
        pb->back[w] = base[w] & was[w] & ~now[w];
        pb->gone[w] = base[w] & now[w] & ~was[w];
        alive[w] = (alive[w] | pb->back[w]) & ~pb->gone[w];
    }
    add_to_lens(pb, len, pb->back, 1);
    add_to_lens(pb, len, pb->gone, -1);
    int dead = 0;
    for (int x = 0; x < pb->n1; x++)
        dead |= len[x] == 0 && !pb->covered[x];
    return !dead;
}

/* Whether one of the n `empty` items is not covered. */
static int any_uncovered(const Problem *pb, const int *empty, int n)
{
    for (int k = 0; k < n; k++)
        if (!pb->covered[empty[k]])
            return 1;
    return 0;
}

static void set_covered(Problem *pb, int o, int value)
{
    for (int t = pb->start[o]; t < pb->start[o + 1]; t++)
        pb->covered[pb->items[t]] = (unsigned char)value;
}

/* The node at level l (its state in state 2l). X4 covers its item i once (state 2l + 1,
 * where i is marked covered: no dead end there), then X5 commits each option o of i
 * from there (state 2l + 2), as dancing links do. */
static void visit(Problem *pb, int l)
{
    pb->nodes++;
    const int *len = pb->len + (size_t)(2 * l) * pb->n_items;
    int i = choose(pb, len);
    if (i < 0) {
        pb->count++;
        return;
    }
    int W = pb->words;
    const Word *alive = pb->alive + (size_t)(2 * l) * W, *of_i = pb->of_item + (size_t)i * W;
    pb->covered[i] = 1;
    int *empty = pb->empty + (size_t)l * pb->n_items;
    int n_empty = remove_options(pb, 2 * l, 2 * l + 1, of_i, empty);
    int whole = -1; /* DIFF: the option whose state 2l + 2 holds whole, if any */
    for (int w = 0; w < W; w++) {
        Word tried = alive[w] & of_i[w];
        while (tried) {
            int o = w * 64 + __builtin_ctzll(tried);
            tried &= tried - 1;
            set_covered(pb, o, 1);
            int alive_below;
            if (whole >= 0) {
                alive_below = shift_commit(pb, l, whole, o);
                whole = o;
            } else if (pb->diff) {
                remove_options(pb, 2 * l + 1, 2 * l + 2, pb->meets + (size_t)o * W, empty + n_empty);
                whole = o;
                alive_below = 1;
                for (int x = 0; x < pb->n1; x++)
                    alive_below &= pb->len[(size_t)(2 * l + 2) * pb->n_items + x] != 0 || pb->covered[x];
            } else {
                alive_below = !any_uncovered(pb, empty, n_empty) &&
                    remove_options(pb, 2 * l + 1, 2 * l + 2, pb->meets + (size_t)o * W, NULL);
            }
            if (alive_below)
                visit(pb, l + 1);
            else
                pb->nodes++; /* the dead end is a node, as in the engine */
            set_covered(pb, o, 0);
        }
    }
    pb->covered[i] = 0;
}

int main(int argc, char **argv)
{
    FILE *f = argc == 2 || argc == 3 ? fopen(argv[1], "r") : NULL;
    if (!f) {
        fprintf(stderr, "usage: bits_count PROBLEMS.txt [DIFF]\n");
        return 2;
    }
    int problems = read_int(f), same = 1;
    long long count = 0, nodes = 0, engine_count = 0, engine_nodes = 0, steps = 0;
    double seconds = 0;
    for (int k = 0; k < problems; k++) {
        Problem pb = {0};
        pb.diff = argc == 3 && atoi(argv[2]);
        long long want_count, want_nodes;
        read_problem(f, &pb, &want_count, &want_nodes);
        clock_t began = clock();
        int dead = 0;
        for (int i = 0; i < pb.n1; i++)
            dead |= pb.len[i] == 0;
        if (dead)
            pb.nodes = 1;
        else
            visit(&pb, 0);
        seconds += (double)(clock() - began) / CLOCKS_PER_SEC;
        same &= pb.count == want_count && pb.nodes == want_nodes;
        if (pb.count != want_count || pb.nodes != want_nodes)
            printf("problem %d: %lld solutions in %lld nodes; the engine's %lld in %lld\n",
                   k, pb.count, pb.nodes, want_count, want_nodes);
        steps += pb.steps;
        count += pb.count;
        nodes += pb.nodes;
        engine_count += want_count;
        engine_nodes += want_nodes;
    }
    printf("%d problems: %lld solutions, %lld nodes (the engine's: %lld, %lld%s); "
           "%.2f s of CPU; %lld options put in or out of a state\n", problems, count, nodes,
           engine_count, engine_nodes, same ? ", the same" : ", NOT the same", seconds, steps);
    return same ? 0 : 1;
}
