/* Square (rule family 2, square_ops), classic and free: legal moves, their effect and undo, and the
 * solver knowledge of cadogan/solver/square.py (move order, symmetric moves, the safe move, dead
 * ends, the canonical key).  flags: 1 for free placement (the stock's cards placed one by one), 0
 * classic; the family's own fields: (gatherings left, round marks). */
#include "core.h"

#include <stdlib.h>
#include <string.h>

static const int SQ_DEAL_ORDER[12] = {9, 6, 3, 0, 10, 7, 4, 1, 11, 8, 5, 2};
static const int SQ_GATHER_ORDER[12] = {9, 6, 3, 0, 1, 2, 5, 8, 11, 10, 7, 4};

#define SQ_FAR 30  /* beyond any distance: an empty pile */

/* The card foundation f (0..7: four up from the Ace, four down from the King) needs; -1 complete. */
static int sq_foundation_needs(const Position *s, int f) {
    int n = s->count[FOUNDATION + f];
    if (n >= 13) return -1;
    return (f < 4 ? n + 1 : 13 - n) + 16 * (f % 4);
}

/* Deals a round: a card from the stock onto each pile in the deal order; the cards dealt. */
static int sq_deal_round(Position *s) {
    int dealt = 0;
    for (int j = 0; j < 12; j++) {
        if (!s->count[STOCK]) break;
        int p = TABLEAU + SQ_DEAL_ORDER[j];
        s->cards[p][s->count[p]++] = s->cards[STOCK][--s->count[STOCK]];
        dealt++;
    }
    return dealt;
}

/* The legal moves in the engine's order; their count. */
static int sq_legal_moves(const Position *s, Move *out) {
    int k = 0, i, f, need[8];
    for (f = 0; f < 8; f++) need[f] = sq_foundation_needs(s, f);
    if (s->count[STOCK]) {
        for (i = 9; i < 12; i++) {
            int p = TABLEAU + i;
            if (!s->count[p]) continue;
            int card = TOP(s, p);
            for (f = 0; f < 8; f++) if (need[f] == card) { out[k].src = p; out[k].dst = FOUNDATION + f; k++; }
        }
        if (!s->flags) { out[k].src = DEAL_MOVE; out[k].dst = DEAL_MOVE; k++; }
        else
            for (i = 0; i < 12; i++)
                if (!((s->received >> i) & 1)) { out[k].src = STOCK; out[k].dst = TABLEAU + i; k++; }
        return k;
    }
    int any = 0;
    for (i = 0; i < 12; i++) {
        int p = TABLEAU + i;
        if (!s->count[p]) continue;
        any = 1;
        int card = TOP(s, p);
        for (f = 0; f < 8; f++) if (need[f] == card) { out[k].src = p; out[k].dst = FOUNDATION + f; k++; }
        for (int j = 0; j < 12; j++) {
            int q = TABLEAU + j;
            if (!s->count[q] || j == i) continue;
            int top = TOP(s, q);
            if ((RANK(top) < 13 && top + 1 == card) || (RANK(top) > 1 && top - 1 == card)) {
                out[k].src = p; out[k].dst = q; k++;
            }
        }
    }
    if (s->redeals && any) { out[k].src = REDEAL_MOVE; out[k].dst = REDEAL_MOVE; k++; }
    return k;
}

/* Plays m; 0, or -1 out of memory.  The undo entry: the cards dealt (deal), the bytes of the
 * square's snapshot (gathering), the round marks before (placement), 1 if a stock card refilled the
 * emptied pile (other moves). */
static int sq_push(Position *s, Move m) {
    int32_t u = 0;
    if (m.src == DEAL_MOVE) {
        u = sq_deal_round(s);
    } else if (m.src == REDEAL_MOVE) {
        size_t need = 12 + MAX_CARDS;
        if (s->snapshots_len + need > s->snapshots_cap) {
            size_t cap = s->snapshots_cap ? s->snapshots_cap * 2 : 4096;
            while (cap < s->snapshots_len + need) cap *= 2;
            uint8_t *p = realloc(s->snapshots, cap);
            if (!p) return -1;
            s->snapshots = p; s->snapshots_cap = cap;
        }
        uint8_t *w = s->snapshots + s->snapshots_len;
        size_t used = 12;
        for (int i = 0; i < 12; i++) {
            int p = TABLEAU + i;
            w[i] = (uint8_t)s->count[p];
            memcpy(w + used, s->cards[p], s->count[p]);
            used += s->count[p];
        }
        s->snapshots_len += used;
        uint8_t gathered[MAX_CARDS];
        int g = 0;
        for (int j = 0; j < 12; j++) {
            int p = TABLEAU + SQ_GATHER_ORDER[j];
            memcpy(gathered + g, s->cards[p], s->count[p]);
            g += s->count[p];
            s->count[p] = 0;
        }
        for (int j = 0; j < g; j++) s->cards[STOCK][j] = gathered[g - 1 - j];
        s->count[STOCK] = g;
        s->redeals--;
        sq_deal_round(s);
        u = (int32_t)used;
    } else if (m.src == STOCK) {
        s->cards[m.dst][s->count[m.dst]++] = s->cards[STOCK][--s->count[STOCK]];
        u = s->received;
        s->received |= 1 << (m.dst - TABLEAU);
        if (s->received == 0xFFF) s->received = 0;
    } else {
        s->cards[m.dst][s->count[m.dst]++] = s->cards[m.src][--s->count[m.src]];
        if (m.dst < TABLEAU) s->cards_home++;
        int i = m.src - TABLEAU;
        if (s->count[STOCK] && !s->count[m.src] && i >= 9) {
            s->cards[m.src][s->count[m.src]++] = s->cards[STOCK][--s->count[STOCK]];
            u = 1;
        }
    }
    s->undo[s->depth] = u;
    return 0;
}

static void sq_pop(Position *s, Move m, int32_t u) {
    if (m.src == DEAL_MOVE) {
        for (int j = u - 1; j >= 0; j--) {
            int p = TABLEAU + SQ_DEAL_ORDER[j];
            s->cards[STOCK][s->count[STOCK]++] = s->cards[p][--s->count[p]];
        }
    } else if (m.src == REDEAL_MOVE) {
        s->snapshots_len -= (size_t)u;
        uint8_t *r = s->snapshots + s->snapshots_len;
        size_t used = 12;
        s->count[STOCK] = 0;
        for (int i = 0; i < 12; i++) {
            int p = TABLEAU + i;
            s->count[p] = r[i];
            memcpy(s->cards[p], r + used, r[i]);
            used += r[i];
        }
        s->redeals++;
    } else if (m.src == STOCK) {
        s->cards[STOCK][s->count[STOCK]++] = s->cards[m.dst][--s->count[m.dst]];
        s->received = u;
    } else {
        if (u) s->cards[STOCK][s->count[STOCK]++] = s->cards[m.src][--s->count[m.src]];
        s->cards[m.src][s->count[m.src]++] = s->cards[m.dst][--s->count[m.dst]];
        if (m.dst < TABLEAU) s->cards_home--;
    }
}

/* -------------------------------------------------------------------------------- move order */

/* The kind of a move in the search order (SquareKnowledge.ordered_moves): home, build, placement, deal,
 * gathering. */
static int sq_move_kind(Move m) {
    if (m.src == REDEAL_MOVE) return 4;
    if (m.src < 0) return 3;
    if (m.dst < TABLEAU) return 0;
    return m.src == STOCK ? 2 : 1;
}

/* Square: how many more cards of its suit must go home before `card` can (home_distance in solver/square.py). */
static int sq_distance(const Position *s, int card) {
    int suit = card >> 4, rank = RANK(card), best = SQ_FAR;
    int up = s->count[FOUNDATION + suit], down = s->count[FOUNDATION + 4 + suit];
    if (up < 13 && rank >= up + 1) best = rank - up - 1;
    if (down < 13 && rank <= 13 - down && 13 - down - rank < best) best = 13 - down - rank;
    return best;
}

/* Square: the order of promise (smaller first) of putting a card `distance` from home on one
 * `under` from home (fit_order in solver/square.py): on a card needed later, the closest fit first; then on
 * a card needed sooner, the smallest harm first. */
static int sq_fit(int distance, int under) {
    return under >= distance ? 2 + under - distance : 2 * SQ_FAR + distance - under;
}

static int sq_top_distance(const Position *s, int p) {
    return s->count[p] ? sq_distance(s, TOP(s, p)) : SQ_FAR;
}

/* Square free: the pile the round's matching gives the stock's next card (-1: none)
 * (round_match in solver/square.py); top[i]: the home distance of pile i's top card. */
static int sq_round_match(const Position *s, const int *top) {
    int open[12], no = 0, used[12] = {0};
    for (int i = 0; i < 12; i++) {  /* the open piles by top distance, nearest first; stable */
        if ((s->received >> i) & 1) continue;
        int b = no++;
        while (b > 0 && top[open[b - 1]] > top[i]) { open[b] = open[b - 1]; b--; }
        open[b] = i;
    }
    int nc = no < s->count[STOCK] ? no : s->count[STOCK];
    int dc[12], order[12];
    for (int j = 0; j < nc; j++) { dc[j] = sq_distance(s, s->cards[STOCK][s->count[STOCK] - 1 - j]); order[j] = j; }
    for (int a = 1; a < nc; a++) {  /* by distance, largest first; stable */
        int x = order[a], b = a - 1;
        while (b >= 0 && dc[order[b]] < dc[x]) { order[b + 1] = order[b]; b--; }
        order[b + 1] = x;
    }
    for (int a = 0; a < nc; a++) {  /* each card to the open pile needed soonest but not sooner */
        int j = order[a], q = 0;
        while (q < no && (used[q] || top[open[q]] < dc[j])) q++;
        if (q == no) continue;
        used[q] = 1;
        if (j == 0) return TABLEAU + open[q];
    }
    return -1;
}

/* Square: is the card a foundation's last card, an Ace or a King (is_last_card in solver/square.py)? */
static int sq_is_last(int card) {
    return RANK(card) == 1 || RANK(card) == 13;
}

/* What sq_detail needs of a position, worked out once per ordering: the home distance of each
 * pile's top, of the stock's next card and whether that card is a last card, and the pile the
 * round's matching gives it (free). */
typedef struct {
    int top[12];
    int stock_distance, stock_last, matched;
} SqOrderContext;

/* Square: the order of promise of a placement or a build among its kind (move_detail in solver/square.py). */
static int sq_detail(const Position *s, Move m, const SqOrderContext *c) {
    if (m.src == STOCK) {
        int d = c->stock_distance;
        if (m.dst >= TABLEAU + 9 && d == 0) return 0;
        if (c->stock_last) {
            int under = 0;
            for (int i = 0; i < s->count[m.dst]; i++) under += !sq_is_last(s->cards[m.dst][i]);
            return 1 + under;
        }
        return m.dst == c->matched ? 1 : sq_fit(d, c->top[m.dst - TABLEAU]);
    }
    if (m.src < TABLEAU || m.dst < TABLEAU) return 0;
    int n = s->count[m.src];
    if (n > 1 && sq_distance(s, s->cards[m.src][n - 2]) == 0) return 0;
    return sq_fit(c->top[m.src - TABLEAU], c->top[m.dst - TABLEAU]);
}

/* The search order of moves (SquareKnowledge.ordered_moves): by kind, then by sq_detail; mv is reordered. */
static void sq_order_moves(const Position *s, Move *mv, int k) {
    int key[MAX_MOVES], placing = s->count[STOCK] && s->flags, building = !s->count[STOCK];
    if (k < 2) return;
    if (!placing && !building) {  /* classic while dealing: home moves, then the deal */
        for (int i = 0; i < k; i++) key[i] = sq_move_kind(mv[i]);
        sort_by_key(mv, key, k);
        return;
    }
    SqOrderContext c;
    for (int i = 0; i < 12; i++) c.top[i] = sq_top_distance(s, TABLEAU + i);
    c.stock_distance = placing ? sq_distance(s, TOP(s, STOCK)) : SQ_FAR;
    c.stock_last = placing && sq_is_last(TOP(s, STOCK));
    c.matched = placing ? sq_round_match(s, c.top) : -1;
    for (int i = 0; i < k; i++) key[i] = sq_move_kind(mv[i]) * 4 * SQ_FAR + sq_detail(s, mv[i], &c);
    sort_by_key(mv, key, k);
}

/* ---------------------------------------------------------------------------- symmetric moves */

/* Are piles interchangeable here, and in which mode (see SquareKnowledge.canonical_key): 0 none,
 * 1 all twelve alike, 2 (free, while the stock lasts) the upper nine alike and the bottom three
 * alike. */
static int sq_symmetry_mode(const Position *s) {
    if (!s->count[STOCK] && !s->redeals) return 1;  /* all twelve alike */
    if (s->flags) return 2;                          /* free: upper nine alike, bottom three alike */
    return 0;
}

/* The symmetry class of square pile i in mode `mode`: in mode 2 bottom row or not, and its round
 * mark; else 0. */
static int sq_pile_class(const Position *s, int mode, int i) {
    return mode == 2 ? (((i >= 9) << 1) | ((s->received >> i) & 1)) : 0;
}

/* Are piles p and q interchangeable in symmetry mode `mode`: the same cards, and in mode 2 the same
 * row (bottom or upper) and the same round mark? */
static int sq_same_class(const Position *s, int p, int q, int mode) {
    if (mode == 2) {
        int i = p - TABLEAU, j = q - TABLEAU;
        if ((i >= 9) != (j >= 9)) return 0;
        if (((s->received >> i) & 1) != ((s->received >> j) & 1)) return 0;
    }
    return same_pile(s, p, q, 0);
}

/* Two transfer moves equivalent by symmetry (the same or interchangeable source and destination
 * piles) in symmetry mode `mode` (none in mode 0). */
static int sq_equivalent(const Position *s, Move a, Move b, int mode) {
    if (a.src < 0 || b.src < 0 || !mode) return 0;
    int srcs = a.src == b.src || (a.src >= TABLEAU && b.src >= TABLEAU && sq_same_class(s, a.src, b.src, mode));
    if (!srcs) return 0;
    if (a.dst == b.dst) return 1;
    return a.dst >= TABLEAU && b.dst >= TABLEAU && sq_same_class(s, a.dst, b.dst, mode);
}

/* Square's safe move (SquareKnowledge.safe_moves): a card home once its suit's foundations have crossed,
 * with no gathering left, leaving its pile non-empty while the stock lasts. */
static int sq_safe_move(const Position *s, const Move *mv, int k) {
    if (s->redeals) return -1;
    for (int i = 0; i < k; i++) {
        Move m = mv[i];
        if (m.src < TABLEAU || m.dst >= TABLEAU) continue;
        int suit = (m.dst - FOUNDATION) % 4;
        if (s->count[FOUNDATION + suit] + s->count[FOUNDATION + 4 + suit] < 13) continue;
        if (s->count[STOCK] && s->count[m.src] < 2) continue;
        return i;
    }
    return -1;
}

/* The moves the pruned search tries (SquareKnowledge.safe_moves, then search_moves): the safe move alone,
 * else the legal moves (reordered in place) in the search order, one of each symmetric set. */
static int sq_search_moves(const Position *s, Move *legal, int k, Move *out) {
    int safe = sq_safe_move(s, legal, k), kept = 0;
    if (safe >= 0) { out[0] = legal[safe]; return 1; }
    sq_order_moves(s, legal, k);
    int mode = sq_symmetry_mode(s);
    for (int i = 0; i < k; i++) {
        int dup = 0;
        for (int j = 0; j < kept && !dup; j++) dup = sq_equivalent(s, legal[i], out[j], mode);
        if (!dup) out[kept++] = legal[i];
    }
    return kept;
}

/* ---------------------------------------------------------------------------------- dead ends */

/* Square: might the bottom card of bottom-row pile p still go home while the stock lasts, each
 * card its foundation needs on the way having a copy in `reachable` (the stock and the bottom row)?
 * (_can_empty_while_dealing in solver/square.py.) */
static int sq_can_empty(const Position *s, int p, const uint8_t *reachable) {
    int card = s->cards[p][0], suit = card >> 4, rank = RANK(card), r;
    int up = s->count[FOUNDATION + suit], down = s->count[FOUNDATION + 4 + suit];
    if (up < 13 && rank > up) {
        for (r = up + 1; r < rank && reachable[suit * 16 + r]; r++) continue;
        if (r == rank) return 1;
    }
    if (down < 13 && rank <= 13 - down) {
        for (r = rank + 1; r < 14 - down && reachable[suit * 16 + r]; r++) continue;
        if (r == 14 - down) return 1;
    }
    return 0;
}

/* Square: the foundations (0-based) that still want the card's rank; their count. */
static int sq_wanting(const Position *s, int card, int *out) {
    int suit = card >> 4, rank = RANK(card), k = 0;
    if (rank > s->count[FOUNDATION + suit]) out[k++] = suit;
    if (rank <= 13 - s->count[FOUNDATION + 4 + suit]) out[k++] = 4 + suit;
    return k;
}

/* Square: do the cards under pinned last cards ask the foundations to finish in a circle?
 * (_pinned_cards_ask_for_a_circle in solver/square.py: a last card whose suit's other foundation holds two
 * cards or more moves only home in a win, so every card under it goes home after its foundation
 * finishes, onto another.)  Bit g of later[f]: foundation g must finish after f. */
static int sq_pinned_circle(const Position *s) {
    unsigned later[8] = {0};
    for (int p = TABLEAU; p < TABLEAU + 12; p++)
        for (int j = 1; j < s->count[p]; j++) {
            int card = s->cards[p][j];
            if (!sq_is_last(card)) continue;
            int f = (card >> 4) + (RANK(card) == 13 ? 0 : 4);
            if (s->count[FOUNDATION + (f + 4) % 8] < 2) continue;
            for (int i = 0; i < j; i++) {
                int want[2], takers[2], nt = 0, k = sq_wanting(s, s->cards[p][i], want);
                for (int a = 0; a < k; a++) if (want[a] != f) takers[nt++] = want[a];
                if (!nt) return 1;
                if (nt == 1) later[f] |= 1u << takers[0];
            }
        }
    for (int changed = 1; changed;) {  /* transitive closure, seldom more than a pass or two */
        changed = 0;
        for (int f = 0; f < 8; f++) {
            unsigned reach = later[f];
            for (unsigned rest = later[f]; rest; rest &= rest - 1) reach |= later[__builtin_ctz(rest)];
            if (reach >> f & 1) return 1;
            if (reach != later[f]) { later[f] = reach; changed = 1; }
        }
    }
    return 0;
}

/* Square's dead end (SquareKnowledge.is_dead): with no gathering left, the last card of no unfinished
 * foundation (its King going up, its Ace going down) is at the bottom of a pile or can still come
 * to one (from the stock, onto an empty pile or into a bottom-row pile that can still be emptied
 * while dealing); the last card home must be alone in its pile.  Or the pinned cards ask for a
 * circle (sq_pinned_circle). */
static int sq_dead_end(const Position *s) {
    if (s->redeals) return 0;
    if (sq_pinned_circle(s)) return 1;
    uint8_t last[64] = {0}, reachable[64] = {0};
    int unfinished = 0, coming = 0;
    for (int k = 0; k < 8; k++)
        if (s->count[FOUNDATION + k] < 13) { last[(k % 4) * 16 + (k < 4 ? 13 : 1)] = 1; unfinished = 1; }
    if (!unfinished) return 0;
    for (int i = 0; i < 12; i++) if (s->count[TABLEAU + i] && last[s->cards[TABLEAU + i][0] & 63]) return 0;
    for (int j = 0; j < s->count[STOCK]; j++) {
        reachable[s->cards[STOCK][j] & 63] = 1;
        if (last[s->cards[STOCK][j] & 63]) coming = 1;
    }
    if (!coming) return 1;
    for (int i = 0; i < 12; i++) if (!s->count[TABLEAU + i]) return 0;
    for (int i = 9; i < 12; i++)
        for (int j = 0; j < s->count[TABLEAU + i]; j++) reachable[s->cards[TABLEAU + i][j] & 63] = 1;
    for (int i = 9; i < 12; i++) if (sq_can_empty(s, TABLEAU + i, reachable)) return 0;
    return 1;
}

/* ---------------------------------------------------------------------------------------- key */

/* The part of a Square canonical key outside the square, ending with the symmetry mode byte. */
static int sq_key_head(const Position *s, uint8_t *buf, uint8_t mode_byte) {
    int k = 0, i;
    for (i = 0; i < 8; i++) buf[k++] = (uint8_t)s->count[FOUNDATION + i];
    buf[k++] = (uint8_t)s->redeals;
    buf[k++] = (uint8_t)s->count[STOCK];
    memcpy(buf + k, s->cards[STOCK], s->count[STOCK]);
    k += s->count[STOCK];
    buf[k++] = mode_byte;
    return k;
}

/* Square's canonical key when no pile is interchangeable (symmetry mode 0): the head, the round
 * marks, then each pile (a class byte 0, its size, its cards) in order.  Written at buf; its length. */
static int sq_key_in_order(const Position *s, uint8_t *buf) {
    int k = sq_key_head(s, buf, 0);
    buf[k++] = (uint8_t)(s->received & 255);
    buf[k++] = (uint8_t)(s->received >> 8);
    for (int p = TABLEAU; p < TABLEAU + 12; p++) {
        buf[k++] = 0;
        buf[k++] = (uint8_t)s->count[p];
        memcpy(buf + k, s->cards[p], s->count[p]);
        k += s->count[p];
    }
    return k;
}

/* The hash of the canonical key (SquareKnowledge.canonical_key): with interchangeable piles, the
 * head and the piles' hashes by class; else the key written out in order. */
static void sq_canonical_hash(const Position *s, uint8_t *buf, uint64_t *h1, uint64_t *h2) {
    int mode = sq_symmetry_mode(s);
    if (!mode) { hash128(buf, sq_key_in_order(s, buf), h1, h2); return; }
    int marks[12];
    for (int i = 0; mode == 2 && i < 12; i++) marks[i] = sq_pile_class(s, mode, i);
    hash_with_piles(s, buf, sq_key_head(s, buf, (uint8_t)(0x80 | mode)), 0x200u, mode == 2 ? marks : NULL, h1, h2);
}

/* ------------------------------------------------------------------------ the family's table */

static const char *sq_set_up(Position *s, int flags) {
    (void)flags;  /* any: free placement or not */
    s->ntableau = 12;
    return NULL;
}

static const char *sq_read_fields(Position *s, const long *fields, int n) {
    if (n != 2) return "extra: (redeals_left, received)";
    s->redeals = (int)fields[0];
    s->received = (int)fields[1];
    return NULL;
}

static int sq_write_fields(const Position *s, long *fields) {
    fields[0] = s->redeals;
    fields[1] = s->received;
    return 2;
}

const FamilyOps square_ops = {
    .name = "square",
    FAMILY_FUNCTIONS(sq),
    .playout_ends_at_dead_end = 1,  /* SquareKnowledge.playout_ends_at_dead_end */
    .adaptation_row = 9,            /* SquareKnowledge.adaptation_row: the bottom row */
    .positions_recur = 1,           /* builds can go back and forth */
};
