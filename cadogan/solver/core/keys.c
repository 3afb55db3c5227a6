/* Position keys and their 128-bit hashes: what the transposition table and the playouts' circle
 * check store.  The exact key (GameKnowledge.exact_key) is every pile and field, written here; the
 * canonical keys (GameKnowledge.canonical_key, the pruned search's), which also merge positions
 * alike up to symmetry, are each family's (FamilyOps.canonical_hash), hashed with the functions
 * here.  Nothing here depends on a rule family. */
#include "core.h"

#include <string.h>

/* Writes the exact key of s at buf; returns its length. */
int exact_key(const Position *s, uint8_t *buf) {
    int k = 0;
    for (int p = 0; p < PILES; p++) {
        buf[k++] = (uint8_t)s->count[p];
        memcpy(buf + k, s->cards[p], s->count[p]);
        k += s->count[p];
    }
    for (int i = 0; i < s->ntableau && i < 16; i++) buf[k++] = (uint8_t)s->built[i];
    buf[k++] = (uint8_t)s->redeals;
    buf[k++] = (uint8_t)(s->received & 255);
    buf[k++] = (uint8_t)(s->received >> 8);
    return k;
}

/* 128 bits of a byte string, seeded; the first word never 0 (0 marks an empty table slot). */
static void hash128s(const uint8_t *p, int n, uint64_t seed, uint64_t *h1, uint64_t *h2) {
    uint64_t a = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n ^ fmix64(seed + 0x51ED270B27D2F2E5ULL);
    uint64_t b = 0x632BE59BD9B4E019ULL + (uint64_t)n * 0x85EBCA77C2B2AE63ULL + fmix64(seed ^ 0xA0761D6478BD642FULL);
    while (n >= 8) {
        uint64_t v; memcpy(&v, p, 8);
        a = fmix64(a ^ v) + 0x2545F4914F6CDD1DULL;
        b = (b ^ fmix64(v + 0xD6E8FEB86659FD93ULL)) * 0x9FB21C651E98DF25ULL;
        b = (b << 29) | (b >> 35);
        p += 8; n -= 8;
    }
    uint64_t v = 0;
    memcpy(&v, p, n);
    a = fmix64(a ^ v ^ ((uint64_t)n << 56));
    b = fmix64(b + v * 0xC2B2AE3D27D4EB4FULL + 0x165667B19E3779F9ULL);
    *h1 = a | 1;  /* never 0: 0 marks an empty slot */
    *h2 = b;
}

void hash128(const uint8_t *p, int n, uint64_t *h1, uint64_t *h2) { hash128s(p, n, 0, h1, h2); }

/* The 128-bit hash of a key made of a head (the rest of the position, written out) and the tableau
 * piles as interchangeable, pile i told apart only by its class seed + marks[i] (marks NULL: all
 * alike; else what marks a pile: its built count, its row).  The piles are hashed one by one,
 * each seeded by its class, and the hashes added up: a sum does not depend on the order, so it
 * equals the hash of the sorted piles of GameKnowledge.canonical_key without sorting. */
void hash_with_piles(const Position *s, const uint8_t *head, int n, uint64_t seed, const int *marks,
                     uint64_t *h1, uint64_t *h2) {
    uint64_t sa = 0, sb = 0, pa, pb;
    for (int i = 0; i < s->ntableau; i++) {
        uint64_t pile_class = seed + (marks ? (uint64_t)marks[i] : 0);
        hash128s(s->cards[TABLEAU + i], s->count[TABLEAU + i], pile_class, &pa, &pb);
        sa += pa;
        sb += pb;
    }
    hash128s(head, n, sa ^ fmix64(sb + 0x9E3779B97F4A7C15ULL), h1, h2);
    *h2 ^= fmix64(sb ^ 0xD1B54A32D192ED03ULL);
}
