/* Helpers the rule families share, below everything else: are two piles identical, and a stable
 * sort of moves by a key. */
#include "core.h"

#include <string.h>

/* Do piles p and q hold the same cards (and, with_built, the same built count)? */
int same_pile(const Position *s, int p, int q, int with_built) {
    if (s->count[p] != s->count[q]) return 0;
    if (s->count[p] && TOP(s, p) != TOP(s, q)) return 0;  /* most piles differ at the top: no call */
    if (with_built && s->built[p - TABLEAU] != s->built[q - TABLEAU]) return 0;
    return memcmp(s->cards[p], s->cards[q], s->count[p]) == 0;
}

/* Stable sort of moves by an integer key per move (key[i] belongs to mv[i]; both are reordered). */
void sort_by_key(Move *mv, int *key, int k) {
    for (int i = 1; i < k; i++) {
        Move x = mv[i];
        int kx = key[i], j = i - 1;
        while (j >= 0 && key[j] > kx) { mv[j + 1] = mv[j]; key[j + 1] = key[j]; j--; }
        mv[j + 1] = x; key[j + 1] = kx;
    }
}
