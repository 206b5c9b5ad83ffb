/* Issue 30 research: placements that no packing can hold, found before the search (as
 * Knuth's DLX-PRE does), in a matrix from bench/proto/pack_matrix.py. Level 1: placing
 * option o leaves some item without an option; level 2: placing o, some item has no
 * option q that leaves every item an option beside o and q. Repeated until nothing
 * changes; writes the matrix without them.
 * Usage: pack_probe MATRIX OUT LEVEL
 * Build: cc -O2 -o pack_probe bench/proto/pack_probe.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
int np, nc, ni, size[64], nbn[4096], nb[4096][6], nopt;
int optp[100000], optk[100000], optc[100000][16];
uint64_t *compat, *itemopts, *alive; int W;
#define BIT(a, i) ((a)[(i) >> 6] >> ((i) & 63) & 1)
int items_of(int o, int *it) { it[0] = optp[o]; for (int k = 0; k < optk[o]; k++) it[k + 1] = np + optc[o][k]; return optk[o] + 1; }
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "r"); int level = atoi(argv[3]);
  fscanf(f, "%d %d", &np, &nc); ni = np + nc;
  for (int p = 0; p < np; p++) fscanf(f, "%d", &size[p]);
  for (int c = 0; c < nc; c++) { fscanf(f, "%d", &nbn[c]); for (int k = 0; k < nbn[c]; k++) fscanf(f, "%d", &nb[c][k]); }
  fscanf(f, "%d", &nopt);
  for (int o = 0; o < nopt; o++) { fscanf(f, "%d %d", &optp[o], &optk[o]); for (int k = 0; k < optk[o]; k++) fscanf(f, "%d", &optc[o][k]); }
  W = (nopt + 63) / 64;
  compat = calloc((size_t)nopt * W, 8); itemopts = calloc((size_t)ni * W, 8); alive = calloc(W, 8);
  for (int o = 0; o < nopt; o++) { int it[20], n = items_of(o, it); for (int k = 0; k < n; k++) itemopts[it[k] * W + (o >> 6)] |= 1ULL << (o & 63); alive[o >> 6] |= 1ULL << (o & 63); }
  for (int o = 0; o < nopt; o++) {
    uint64_t *c = compat + (size_t)o * W; for (int w = 0; w < W; w++) c[w] = ~0ULL;
    int it[20], n = items_of(o, it); for (int k = 0; k < n; k++) for (int w = 0; w < W; w++) c[w] &= ~itemopts[it[k] * W + w];
  }
  int changed = 1, removed = 0; uint64_t *tmp = malloc(W * 8);
  while (changed) {
    changed = 0;
    for (int o = 0; o < nopt; o++) {
      if (!BIT(alive, o)) continue;
      uint64_t *co = compat + (size_t)o * W; int bad = 0;
      for (int w = 0; w < W; w++) tmp[w] = co[w] & alive[w];
      for (int i = 0; i < ni && !bad; i++) {
        if (BIT(itemopts + i * W, o)) continue;
        int any = 0; for (int w = 0; w < W; w++) if (itemopts[i * W + w] & tmp[w]) { any = 1; break; }
        if (!any) bad = 1;
      }
      if (!bad && level >= 2) {
        /* o refuted if some item i has no option q (alive, compatible with o) such that o and q together leave every item an option */
        for (int i = 0; i < ni && !bad; i++) {
          if (BIT(itemopts + i * W, o)) continue;
          int ok = 0;
          for (int q = 0; q < nopt && !ok; q++) {
            if (!BIT(itemopts + i * W, q) || !BIT(tmp, q)) continue;
            uint64_t *cq = compat + (size_t)q * W; int fine = 1;
            for (int j = 0; j < ni && fine; j++) {
              if (BIT(itemopts + j * W, o) || BIT(itemopts + j * W, q)) continue;
              int any = 0; for (int w = 0; w < W; w++) if (itemopts[j * W + w] & tmp[w] & cq[w]) { any = 1; break; }
              if (!any) fine = 0;
            }
            if (fine) ok = 1;
          }
          if (!ok) bad = 1;
        }
      }
      if (bad) { alive[o >> 6] &= ~(1ULL << (o & 63)); removed++; changed = 1; }
    }
  }
  fprintf(stderr, "level %d: removed %d of %d\n", level, removed, nopt);
  FILE *g = fopen(argv[2], "w");
  fprintf(g, "%d %d", np, nc); for (int p = 0; p < np; p++) fprintf(g, " %d", size[p]); fprintf(g, "\n");
  for (int c = 0; c < nc; c++) { fprintf(g, "%d", nbn[c]); for (int k = 0; k < nbn[c]; k++) fprintf(g, " %d", nb[c][k]); fprintf(g, "\n"); }
  fprintf(g, "%d\n", nopt - removed);
  for (int o = 0; o < nopt; o++) if (BIT(alive, o)) { fprintf(g, "%d %d", optp[o], optk[o]); for (int k = 0; k < optk[o]; k++) fprintf(g, " %d", optc[o][k]); fprintf(g, "\n"); }
  return 0;
}
