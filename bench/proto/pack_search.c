/* Issue 30 research: a plain DLX count (Knuth's Algorithm X, MRV, ties to the earliest
 * item: the engine's nodes exactly) of a matrix from bench/proto/pack_matrix.py, to
 * measure what a change of the engine's search would do to a packing, node for node.
 *
 * Usage: pack_search MATRIX MODE PRUNE [CELLS_FIRST]
 *   MODE 0  MRV, ties to the earliest item (the engine's choice)
 *        2  Knuth's sharp preference for cells (dlx2-sharp.ch): a piece item only
 *           when it has at most one option, else the cell with the fewest
 *        3  the same preference for pieces
 *   PRUNE 1 a node where the empty cells make a connected region whose size no set of
 *           the pieces left adds up to is a dead end (the dead-region bound)
 *   CELLS_FIRST 1 the cells before the pieces in the item list (ties go to cells)
 * Prints the solutions, nodes, updates (Knuth's, every hidden node) and dead-region
 * cuts, then per level: the nodes, those that are dead ends (an item without options)
 * and those that branch on a piece.
 * Build: cc -O2 -o pack_search bench/proto/pack_search.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define MAXN 400000
int np, nc, ni, size[64], nbn[4096], nb[4096][6];
int L[MAXN], R[MAXN], U[MAXN], D[MAXN], C[MAXN], len[8192], S[MAXN]; /* S: spacer -> option */
int nopt, optstart[100000];
long long nodes, updates, sols;
int mode, prune, maxsum;
long long pruned;
int used[64];

static void hide(int p) { for (int q = p + 1; q != p;) { int x = C[q]; if (x < 0) { q = U[q]; continue; } U[D[q]] = U[q]; D[U[q]] = D[q]; len[x]--; updates++; q++; } }
static void unhide(int p) { for (int q = p - 1; q != p;) { int x = C[q]; if (x < 0) { q = D[q]; continue; } U[D[q]] = q; D[U[q]] = q; len[x]++; q--; } }
static void cover(int i) { for (int p = D[i]; p != i; p = D[p]) hide(p); L[R[i]] = L[i]; R[L[i]] = R[i]; }
static void uncover(int i) { L[R[i]] = i; R[L[i]] = i; for (int p = U[i]; p != i; p = U[p]) unhide(p); }
/* item k (1-based header = k+1) */
int covered[8192];
static int dead_region(void) {
  /* uncovered cells: components; each size must be a subset sum of remaining pieces */
  static int seen[4096], stack[4096];
  unsigned long long sums = 1; /* subset sums of remaining pieces up to 63 */
  int remaining = 0;
  for (int p = 0; p < np; p++) if (!covered[p]) { sums |= sums << size[p]; remaining += size[p]; }
  memset(seen, 0, sizeof(int) * nc);
  for (int c = 0; c < nc; c++) {
    if (covered[np + c] || seen[c]) continue;
    int sp = 0, cnt = 0; stack[sp++] = c; seen[c] = 1;
    while (sp) { int x = stack[--sp]; cnt++; for (int k = 0; k < nbn[x]; k++) { int y = nb[x][k]; if (!covered[np + y] && !seen[y]) { seen[y] = 1; stack[sp++] = y; } } }
    if (cnt < 64 && !((sums >> cnt) & 1)) return 1;
  }
  return 0;
}
static int choose(void) {
  int best = -1, bl = 1 << 30;
  for (int i = R[0]; i != 0; i = R[i]) {
    int it = i - 1, l = len[i];
    int ispiece = it < np;
    if (mode == 2 && ispiece && l > 1) l += 1 << 20;   /* prefer cells */
    if (mode == 3 && !ispiece && l > 1) l += 1 << 20;  /* prefer pieces */
    if (l < bl) { bl = l; best = i; }
  }
  return best;
}
static void setcov(int p, int v) { for (int q = p;;) { covered[C[q] - 1] = v; q++; if (C[q] < 0) q = U[q]; if (q == p) break; } }
long long lvl[64], dead[64], piecebr[64];
static void search(int level) {
  nodes++; lvl[level]++;
  if (R[0] == 0) { sols++; return; }
  if (prune && level > 0 && dead_region()) { pruned++; return; }
  int i = choose();
  if (len[i]==0) dead[level]++; if (i-1<np) piecebr[level]++;
  cover(i); covered[i - 1] = 1;
  for (int p = D[i]; p != i; p = D[p]) {
    for (int q = p + 1; q != p;) { int x = C[q]; if (x < 0) { q = U[q]; continue; } cover(x); covered[x - 1] = 1; q++; }
    search(level + 1);
    for (int q = p - 1; q != p;) { int x = C[q]; if (x < 0) { q = D[q]; continue; } uncover(x); covered[x - 1] = 0; q--; }
  }
  uncover(i); covered[i - 1] = 0;
}
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "r"); mode = atoi(argv[2]); prune = atoi(argv[3]);
  int cellsfirst = argc > 4 ? atoi(argv[4]) : 0;
  fscanf(f, "%d %d", &np, &nc); ni = np + nc;
  for (int p = 0; p < np; p++) fscanf(f, "%d", &size[p]);
  for (int c = 0; c < nc; c++) { fscanf(f, "%d", &nbn[c]); for (int k = 0; k < nbn[c]; k++) fscanf(f, "%d", &nb[c][k]); }
  /* headers 0..ni (0 root); item it -> header it+1.  order of list: pieces then cells, or cells first */
  int order[8192], n = 0;
  if (cellsfirst) { for (int c = 0; c < nc; c++) order[n++] = np + c; for (int p = 0; p < np; p++) order[n++] = p; }
  else for (int k = 0; k < ni; k++) order[n++] = k;
  int prev = 0;
  for (int k = 0; k < ni; k++) { int h = order[k] + 1; R[prev] = h; L[h] = prev; prev = h; }
  R[prev] = 0; L[0] = prev;
  for (int h = 1; h <= ni; h++) { U[h] = D[h] = h; len[h] = 0; C[h] = 0; }
  int node = ni + 1; C[node] = -1; U[node] = node; D[node] = node; /* first spacer */
  int lastspacer = node; node++;
  fscanf(f, "%d", &nopt);
  for (int o = 0; o < nopt; o++) {
    int p, k; fscanf(f, "%d %d", &p, &k);
    int start = node; int items[64]; items[0] = p; for (int j = 0; j < k; j++) { int c; fscanf(f, "%d", &c); items[j + 1] = np + c; }
    for (int j = 0; j <= k; j++) { int h = items[j] + 1; C[node] = h; U[node] = U[h]; D[node] = h; D[U[h]] = node; U[h] = node; len[h]++; node++; }
    D[lastspacer] = node - 1; C[node] = -1; U[node] = start; lastspacer = node; node++;
  }
  /* spacers: C < 0, U = the first node of the option before, D = the last of the next */
    {
    int s = ni + 1;
    while (s < node - 1) { int first = s + 1, last = first; while (C[last + 1] >= 0) last++; D[s] = last; U[last + 1] = first; s = last + 1; }
  }
  clock_t t = clock();
  search(0);
  printf("mode %d prune %d cellsfirst %d: sols %lld nodes %lld updates %lld pruned %lld %.2fs\n", mode, prune, cellsfirst, sols, nodes, updates, pruned, (double)(clock() - t) / CLOCKS_PER_SEC);
  for (int l = 0; l < 64; l++)
    if (lvl[l]) printf("level %d: %lld nodes, %lld dead ends, %lld on a piece\n", l, lvl[l], dead[l], piecebr[l]);
  return 0;
}
