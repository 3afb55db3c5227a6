/* Precedence (rule family 3, precedence_ops): legal moves, their effect and undo, and the solver
 * knowledge of cadogan/solver/precedence.py (the foundation choice, the safe play, dead ends, the
 * key); no parameter, and one field of its own: redeals left.  Only
 * ranks matter: the foundations are built down regardless of suit, King to Ace then round to the
 * King again, each from its own base rank, and the waste's top card is the only one that moves. */
#include "core.h"

#include <stdlib.h>
#include <string.h>

static const int PR_BASE[8] = {13, 12, 11, 10, 9, 8, 7, 6};  /* each foundation's first rank */

/* The rank a foundation starting at `base` and holding n cards needs next. */
static int pr_next(int base, int n) { int r = base - n; return r > 0 ? r : r + 13; }

/* The legal moves in the engine's order; their count. */
static int pr_legal_moves(const Position *s, Move *out) {
    int k = 0;
    if (s->count[WASTE]) {
        int rank = RANK(TOP(s, WASTE));
        for (int f = 0; f < 8; f++) {
            int n = s->count[FOUNDATION + f];
            if (!n) {
                if (rank == PR_BASE[f] && (f == 0 || s->count[FOUNDATION + f - 1])) {
                    out[k].src = WASTE; out[k].dst = FOUNDATION + f; k++;
                }
                break;
            }
            if (n < 13 && pr_next(PR_BASE[f], n) == rank) { out[k].src = WASTE; out[k].dst = FOUNDATION + f; k++; }
        }
    }
    if (s->count[STOCK]) { out[k].src = DEAL_MOVE; out[k].dst = DEAL_MOVE; k++; }
    else if (s->redeals && s->count[WASTE]) { out[k].src = REDEAL_MOVE; out[k].dst = REDEAL_MOVE; k++; }
    return k;
}

/* Plays m; never out of memory, nothing to remember for its undo. */
static int pr_push(Position *s, Move m) {
    if (m.src >= 0) {
        s->cards[m.dst][s->count[m.dst]++] = s->cards[WASTE][--s->count[WASTE]];
        s->cards_home++;
    } else if (m.src == DEAL_MOVE) {
        s->cards[WASTE][s->count[WASTE]++] = s->cards[STOCK][--s->count[STOCK]];
    } else {
        int n = s->count[WASTE];
        for (int j = 0; j < n; j++) s->cards[STOCK][j] = s->cards[WASTE][n - 1 - j];
        s->count[STOCK] = n; s->count[WASTE] = 0;
        s->redeals--;
    }
    s->undo[s->depth] = 0;
    return 0;
}

static void pr_pop(Position *s, Move m, int32_t undo) {
    (void)undo;
    if (m.src >= 0) {
        s->cards[WASTE][s->count[WASTE]++] = s->cards[m.dst][--s->count[m.dst]];
        s->cards_home--;
    } else if (m.src == DEAL_MOVE) {
        s->cards[STOCK][s->count[STOCK]++] = s->cards[WASTE][--s->count[WASTE]];
    } else {
        int n = s->count[STOCK];
        for (int j = 0; j < n; j++) s->cards[WASTE][j] = s->cards[STOCK][n - 1 - j];
        s->count[WASTE] = n; s->count[STOCK] = 0;
        s->redeals++;
    }
}

/* Precedence's safe play (PrecedenceKnowledge.safe_moves): no other card of the top's rank can be played
 * before it, and no other foundation will need that rank with more cards to come than F has. */
static int pr_play_is_safe(const Position *s, Move play) {
    int rank = RANK(TOP(s, WASTE)), i;
    for (i = 0; i < s->count[STOCK]; i++) if (RANK(s->cards[STOCK][i]) == rank) return 0;
    if (s->redeals)
        for (i = 0; i < s->count[WASTE] - 1; i++) if (RANK(s->cards[WASTE][i]) == rank) return 0;
    int f = play.dst - FOUNDATION, to_come = 13 - s->count[play.dst];
    for (int g = 0; g < 8; g++) {
        int n = s->count[FOUNDATION + g];
        if (g == f || n >= 13) continue;
        int need = pr_next(PR_BASE[g], n);
        int distance = ((need - rank) % 13 + 13) % 13;
        if (distance < 13 - n && 13 - n - distance > to_come) return 0;
    }
    return 1;
}

/* The moves the pruned search tries (PrecedenceKnowledge.safe_moves, then search_moves): of the plays, only
 * the one onto the foundation with the fewest cards, alone when it is safe; then deal or redeal. */
static int pr_search_moves(const Position *s, Move *legal, int k, Move *out) {
    int best = -1, kept = 0;
    for (int i = 0; i < k; i++)
        if (legal[i].src >= 0 && (best < 0 || s->count[legal[i].dst] < s->count[legal[best].dst])) best = i;
    if (best >= 0 && pr_play_is_safe(s, legal[best])) { out[0] = legal[best]; return 1; }
    if (best >= 0) out[kept++] = legal[best];
    for (int i = 0; i < k; i++) if (legal[i].src < 0) out[kept++] = legal[i];
    return kept;
}

/* ---------------------------------------------------------------------------------- dead ends */

/* Precedence: can the waste go home top card first, the stock's cards usable in any order?
 * (_waste_can_be_cleared in solver/precedence.py, with the same budget of positions examined.)
 * A failed (waste cards left, foundation lengths) pair is remembered across the calls of one search
 * in a per-thread cache keyed by a 128-bit hash of the waste ranks left and the lengths (each entry
 * marked with the search's number): those fix the stock cards still usable too (every card not on a
 * foundation nor in the waste left), so the failure is a fact about the relaxed problem, true in
 * every later call.
 * The budget: a call may examine CLEAR_LIMIT positions at most, and no more than the search's credit,
 * which starts at CLEAR_LIMIT and grows by CLEAR_PER_CALL plus the waste's length at each call.  Where
 * the test cannot decide (a last pass with a long waste, where it used to run out at every node and
 * slow the search a thousandfold), its work per node stays of the order of the node's own.  Giving up
 * answers "cannot tell", never "dead", so no win is lost; and as the credit and the cache start afresh
 * with each search (pr_begin_search), a search's answers do not depend on what the thread did before. */
#define CLEAR_LIMIT 2000
#define CLEAR_PER_CALL 32
#define CLEAR_CACHE_BITS 20
typedef struct {
    int waste[MAX_CARDS], m, len[8], avail[14], budget, credit;
    uint64_t search;  /* this search's number: a cache entry of another search is empty */
    uint64_t wh1[MAX_CARDS], wh2[MAX_CARDS];
    uint64_t *cache;  /* three words per slot: the key's hash and the search that stored it */
} WasteClearing;  /* the work of pr_waste_can_be_cleared */
static __thread WasteClearing clear_work;

static void clear_key(const WasteClearing *c, int i, uint64_t *a, uint64_t *b) {
    uint64_t bits = (uint64_t)i;
    for (int k = 0; k < 8; k++) bits |= (uint64_t)c->len[k] << (8 + 4 * k);
    *a = fmix64(c->wh1[i] + fmix64(bits + 0x2545F4914F6CDD1DULL)) | 1;
    *b = fmix64(c->wh2[i] ^ fmix64(bits ^ 0x632BE59BD9B4E019ULL));
}

static int clear_failed(const WasteClearing *c, uint64_t a, uint64_t b) {
    size_t h = (size_t)(b & ((1u << CLEAR_CACHE_BITS) - 1));
    return c->cache[3 * h] == a && c->cache[3 * h + 1] == b && c->cache[3 * h + 2] == c->search;
}

static void clear_fail(WasteClearing *c, uint64_t a, uint64_t b) {
    size_t h = (size_t)(b & ((1u << CLEAR_CACHE_BITS) - 1));
    c->cache[3 * h] = a; c->cache[3 * h + 1] = b; c->cache[3 * h + 2] = c->search;
}

/* Can waste cards i, i-1, ..., 0 go home in turn, each foundation first taking the stock cards
 * it needs on the way (c->avail, counted by rank)?  1 also when the budget runs out. */
static int clear_place(WasteClearing *c, int i) {
    if (i < 0) return 1;
    uint64_t ka, kb;
    clear_key(c, i, &ka, &kb);
    if (clear_failed(c, ka, kb)) return 0;
    if (--c->budget < 0) return 1;
    int rank = c->waste[i];
    for (int k = 0; k < 8; k++) {
        int n = c->len[k], used[13], nu = 0, m = n, reached = 0;
        int r = n < 13 ? pr_next(PR_BASE[k], n) : 0;
        while (m < 13) {
            if (r == rank) { reached = 1; break; }
            if (!c->avail[r]) break;
            c->avail[r]--; used[nu++] = r; m++;
            r = r > 1 ? r - 1 : 13;
        }
        if (reached) {
            c->len[k] = m + 1;
            if (clear_place(c, i - 1)) return 1;
            c->len[k] = n;
        }
        while (nu) c->avail[used[--nu]]++;
    }
    clear_fail(c, ka, kb);
    return 0;
}

static int pr_waste_can_be_cleared(const Position *s, const int *counts) {
    WasteClearing *c = &clear_work;
    if (!c->cache) {
        c->cache = calloc((size_t)3 << CLEAR_CACHE_BITS, sizeof(uint64_t));
        if (!c->cache) return 1;  /* no room to look: "cannot tell" */
    }
    c->m = s->count[WASTE];
    uint64_t h1 = 0x51ED270B27D2F2E5ULL, h2 = 0xA0761D6478BD642FULL;
    for (int i = 0; i < c->m; i++) {
        c->waste[i] = RANK(s->cards[WASTE][i]);
        h1 = fmix64(h1 + (uint64_t)(c->waste[i] + 1));
        h2 = (h2 ^ (uint64_t)(c->waste[i] + 1)) * 0x9FB21C651E98DF25ULL;
        h2 = (h2 << 31) | (h2 >> 33);
        c->wh1[i] = h1; c->wh2[i] = h2;
    }
    for (int k = 0; k < 8; k++) c->len[k] = s->count[FOUNDATION + k];
    memcpy(c->avail, counts, sizeof(c->avail));
    c->credit += CLEAR_PER_CALL + c->m;
    if (c->credit > CLEAR_LIMIT) c->credit = CLEAR_LIMIT;
    c->budget = c->credit;
    int clear = clear_place(c, c->m - 1);
    c->credit = c->budget > 0 ? c->budget : 0;
    return clear;
}

/* A search starts: a full credit, and a fresh cache (a new search number, so every entry counts as
 * empty; where one lands depends on its key alone, so a search's cache fills alike every time). */
static void pr_begin_search(void) {
    clear_work.search++;
    clear_work.credit = CLEAR_LIMIT;
}

/* Precedence's dead end (PrecedenceKnowledge.is_dead): in the last pass, no foundation can come to need
 * the waste top's rank using only cards still in the stock, or the waste cannot be cleared
 * (pr_waste_can_be_cleared). */
static int pr_dead_end(const Position *s) {
    if (s->redeals || !s->count[WASTE]) return 0;
    int top = RANK(TOP(s, WASTE)), counts[14] = {0};
    for (int i = 0; i < s->count[STOCK]; i++) counts[RANK(s->cards[STOCK][i])]++;
    for (int f = 0; f < 8; f++) {
        int n = s->count[FOUNDATION + f];
        if (n >= 13) continue;
        int rank = pr_next(PR_BASE[f], n);
        for (int j = 0; j < 13 - n; j++) {
            if (rank == top) return !pr_waste_can_be_cleared(s, counts);
            if (!counts[rank]) break;
            rank = rank > 1 ? rank - 1 : 13;
        }
    }
    return 1;
}

/* ---------------------------------------------------------------------------------------- key */

/* Precedence's canonical key (PrecedenceKnowledge.canonical_key: suits never matter): redeals left, the
 * foundation sizes, and the ranks of the stock and of the waste.  Written at buf; its length. */
static int pr_key(const Position *s, uint8_t *buf) {
    int k = 0, i;
    buf[k++] = (uint8_t)s->redeals;
    for (i = 0; i < 8; i++) buf[k++] = (uint8_t)s->count[FOUNDATION + i];
    buf[k++] = (uint8_t)s->count[STOCK];
    for (i = 0; i < s->count[STOCK]; i++) buf[k++] = RANK(s->cards[STOCK][i]);
    buf[k++] = (uint8_t)s->count[WASTE];
    for (i = 0; i < s->count[WASTE]; i++) buf[k++] = RANK(s->cards[WASTE][i]);
    return k;
}

static void pr_canonical_hash(const Position *s, uint8_t *buf, uint64_t *h1, uint64_t *h2) {
    hash128(buf, pr_key(s, buf), h1, h2);
}

/* ------------------------------------------------------------------------ the family's table */

static const char *pr_set_up(Position *s, int flags) {
    (void)flags;  /* both variants play alike once set up */
    s->ntableau = 0;
    return NULL;
}

static const char *pr_read_fields(Position *s, const long *fields, int n) {
    if (n != 1) return "extra: (redeals_left,)";
    s->redeals = (int)fields[0];
    return NULL;
}

static int pr_write_fields(const Position *s, long *fields) {
    fields[0] = s->redeals;
    return 1;
}

const FamilyOps precedence_ops = {
    .name = "precedence",
    FAMILY_FUNCTIONS(pr),
    .begin_search = pr_begin_search,
    .playout_ends_at_dead_end = 0,
    .positions_recur = 0,  /* every move deals, plays home or redeals: progress, never a circle */
};
