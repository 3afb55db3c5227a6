/* The compiled core of the Cadogan solver: move generation of the three rule families and the
 * depth-first search with a transposition table, mirroring cadogan/solver/search.py and the solver
 * knowledge of the Game classes (canonical keys, symmetric-move pruning, Precedence's foundation
 * choice).  The pure-Python search is the reference: tests/solver/ checks that this file's legal
 * moves, move effects and verdicts agree with it.
 *
 * Cards are ints rank + 16 * suit; piles are indexed by the engine's pile codes (0 stock, 1 waste,
 * 2..9 foundations, 10..25 tableau); a move is (src, dst), (-1, -1) deal, (-2, -2) redeal.
 * Rule families: 1 British Square (flags = number of tableau piles), 2 Square (flags = 1 for free
 * placement), 3 Precedence.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NP 26
#define STOCK 0
#define WASTE 1
#define FB 2
#define TB 10
#define MAXC 104
#define DEALC (-1)
#define REDEALC (-2)
#define MAXMOVES 512

enum { R_BRITISH = 1, R_SQUARE = 2, R_PRECEDENCE = 3 };

typedef struct { int8_t src, dst; } Mv;

typedef struct {
    int rules, flags, nf, nt;
    uint8_t c[NP][MAXC];
    int n[NP];
    int built[16];
    int redeals;
    int received;
    int fsum;
    /* undo */
    Mv *mstack; int32_t *ustack; int depth, cap;
    uint8_t *snap; size_t snap_len, snap_cap;
} S;

static int grow_stack(S *s) {
    if (s->depth < s->cap) return 0;
    int cap = s->cap ? s->cap * 2 : 1024;
    Mv *m = realloc(s->mstack, sizeof(Mv) * cap);
    if (!m) return -1;
    s->mstack = m;
    int32_t *u = realloc(s->ustack, sizeof(int32_t) * cap);
    if (!u) return -1;
    s->ustack = u;
    s->cap = cap;
    return 0;
}

static void free_state(S *s) {
    free(s->mstack); free(s->ustack); free(s->snap);
    s->mstack = NULL; s->ustack = NULL; s->snap = NULL;
}

#define RANK(c) ((c) & 15)
#define TOP(s, p) ((s)->c[p][(s)->n[p] - 1])

/* ------------------------------------------------------------------ British Square (family 1) */

static int bs_fneeds(int n) { return n < 13 ? n + 1 : (n < 26 ? 26 - n : 0); }

static int bs_gen(const S *s, Mv *out) {
    int k = 0, i, f;
    int nt = s->nt;
    if (s->n[STOCK] || s->n[WASTE]) {
        int any_empty = 0;
        for (i = 0; i < nt; i++) if (!s->n[TB + i]) { any_empty = 1; break; }
        if (any_empty) {
            if (s->n[WASTE])
                for (i = 0; i < nt; i++) if (!s->n[TB + i]) { out[k].src = WASTE; out[k].dst = TB + i; k++; }
            if (s->n[STOCK])
                for (i = 0; i < nt; i++) if (!s->n[TB + i]) { out[k].src = STOCK; out[k].dst = TB + i; k++; }
            return k;
        }
    }
    if (s->n[STOCK]) { out[k].src = DEALC; out[k].dst = DEALC; k++; }
    int faccept[4], started = 0, first_empty = -1;
    for (f = 0; f < 4; f++) {
        int n = s->n[FB + f];
        faccept[f] = -1;
        if (n) {
            int suit = s->c[FB + f][0] >> 4;
            started |= 1 << suit;
            int need = bs_fneeds(n);
            if (need) faccept[f] = need + 16 * suit;
        } else if (first_empty < 0) first_empty = f;
    }
    int taccept1[16], taccept2[16];
    for (i = 0; i < nt; i++) {
        int p = TB + i;
        taccept1[i] = taccept2[i] = -1;
        if (!s->n[p]) continue;
        int top = TOP(s, p);
        if (s->built[i]) {
            int step = RANK(top) - RANK(s->c[p][s->n[p] - 2]);
            int r = RANK(top) + step;
            if (r > 0 && r <= 13) taccept1[i] = top + step;
        } else {
            if (RANK(top) < 13) taccept1[i] = top + 1;
            if (RANK(top) > 1) taccept2[i] = top - 1;
        }
    }
    for (int si = -1; si < nt; si++) {
        int src = si < 0 ? WASTE : TB + si;
        if (!s->n[src]) continue;
        int card = TOP(s, src);
        if (RANK(card) == 1 && first_empty >= 0 && !((started >> (card >> 4)) & 1))
            for (f = 0; f < 4; f++) if (!s->n[FB + f]) { out[k].src = src; out[k].dst = FB + f; k++; }
        for (f = 0; f < 4; f++) if (faccept[f] == card) { out[k].src = src; out[k].dst = FB + f; k++; }
        for (i = 0; i < nt; i++) {
            if (TB + i == src) continue;
            if (taccept1[i] == card || taccept2[i] == card) { out[k].src = src; out[k].dst = TB + i; k++; }
        }
    }
    return k;
}

static void bs_push(S *s, Mv m) {
    int32_t u = 0;
    if (m.src < 0) {
        s->c[WASTE][s->n[WASTE]++] = s->c[STOCK][--s->n[STOCK]];
    } else {
        if (m.src >= TB && s->built[m.src - TB]) { s->built[m.src - TB]--; u = 1; }
        if (m.dst >= TB && s->n[m.dst]) s->built[m.dst - TB]++;
        s->c[m.dst][s->n[m.dst]++] = s->c[m.src][--s->n[m.src]];
        if (m.dst < TB) s->fsum++;
    }
    s->ustack[s->depth] = u;
}

static void bs_pop(S *s, Mv m, int32_t u) {
    if (m.src < 0) {
        s->c[STOCK][s->n[STOCK]++] = s->c[WASTE][--s->n[WASTE]];
        return;
    }
    s->c[m.src][s->n[m.src]++] = s->c[m.dst][--s->n[m.dst]];
    if (m.dst < TB) s->fsum--;
    if (m.dst >= TB && s->n[m.dst]) s->built[m.dst - TB]--;
    if (u) s->built[m.src - TB]++;
}

/* ------------------------------------------------------------------------- Square (family 2) */

static const int SQ_DEAL_ORDER[12] = {9, 6, 3, 0, 10, 7, 4, 1, 11, 8, 5, 2};
static const int SQ_GATHER_ORDER[12] = {9, 6, 3, 0, 1, 2, 5, 8, 11, 10, 7, 4};

#define SQ_FAR 30  /* beyond any distance: an empty pile */

static int sq_fneed(const S *s, int f) {
    int n = s->n[FB + f];
    if (n >= 13) return -1;
    return (f < 4 ? n + 1 : 13 - n) + 16 * (f % 4);
}

static int sq_deal_round(S *s) {
    int dealt = 0;
    for (int j = 0; j < 12; j++) {
        if (!s->n[STOCK]) break;
        int p = TB + SQ_DEAL_ORDER[j];
        s->c[p][s->n[p]++] = s->c[STOCK][--s->n[STOCK]];
        dealt++;
    }
    return dealt;
}

static int sq_gen(const S *s, Mv *out) {
    int k = 0, i, f, need[8];
    for (f = 0; f < 8; f++) need[f] = sq_fneed(s, f);
    if (s->n[STOCK]) {
        for (i = 9; i < 12; i++) {
            int p = TB + i;
            if (!s->n[p]) continue;
            int card = TOP(s, p);
            for (f = 0; f < 8; f++) if (need[f] == card) { out[k].src = p; out[k].dst = FB + f; k++; }
        }
        if (!s->flags) { out[k].src = DEALC; out[k].dst = DEALC; k++; }
        else for (i = 0; i < 12; i++) if (!((s->received >> i) & 1)) { out[k].src = STOCK; out[k].dst = TB + i; k++; }
        return k;
    }
    int any = 0;
    for (i = 0; i < 12; i++) {
        int p = TB + i;
        if (!s->n[p]) continue;
        any = 1;
        int card = TOP(s, p);
        for (f = 0; f < 8; f++) if (need[f] == card) { out[k].src = p; out[k].dst = FB + f; k++; }
        for (int j = 0; j < 12; j++) {
            int q = TB + j;
            if (!s->n[q] || j == i) continue;
            int top = TOP(s, q);
            if ((RANK(top) < 13 && top + 1 == card) || (RANK(top) > 1 && top - 1 == card)) {
                out[k].src = p; out[k].dst = q; k++;
            }
        }
    }
    if (s->redeals && any) { out[k].src = REDEALC; out[k].dst = REDEALC; k++; }
    return k;
}

static int sq_push(S *s, Mv m) {
    int32_t u = 0;
    if (m.src == DEALC) {
        u = sq_deal_round(s);
    } else if (m.src == REDEALC) {
        size_t need = 12 + MAXC;
        if (s->snap_len + need > s->snap_cap) {
            size_t cap = s->snap_cap ? s->snap_cap * 2 : 4096;
            while (cap < s->snap_len + need) cap *= 2;
            uint8_t *p = realloc(s->snap, cap);
            if (!p) return -1;
            s->snap = p; s->snap_cap = cap;
        }
        uint8_t *w = s->snap + s->snap_len;
        size_t used = 12;
        for (int i = 0; i < 12; i++) {
            int p = TB + i;
            w[i] = (uint8_t)s->n[p];
            memcpy(w + used, s->c[p], s->n[p]);
            used += s->n[p];
        }
        s->snap_len += used;
        uint8_t gathered[MAXC];
        int g = 0;
        for (int j = 0; j < 12; j++) {
            int p = TB + SQ_GATHER_ORDER[j];
            memcpy(gathered + g, s->c[p], s->n[p]);
            g += s->n[p];
            s->n[p] = 0;
        }
        for (int j = 0; j < g; j++) s->c[STOCK][j] = gathered[g - 1 - j];
        s->n[STOCK] = g;
        s->redeals--;
        sq_deal_round(s);
        u = (int32_t)used;
    } else if (m.src == STOCK) {
        s->c[m.dst][s->n[m.dst]++] = s->c[STOCK][--s->n[STOCK]];
        u = s->received;
        s->received |= 1 << (m.dst - TB);
        if (s->received == 0xFFF) s->received = 0;
    } else {
        s->c[m.dst][s->n[m.dst]++] = s->c[m.src][--s->n[m.src]];
        if (m.dst < TB) s->fsum++;
        int i = m.src - TB;
        if (s->n[STOCK] && !s->n[m.src] && i >= 9) {
            s->c[m.src][s->n[m.src]++] = s->c[STOCK][--s->n[STOCK]];
            u = 1;
        }
    }
    s->ustack[s->depth] = u;
    return 0;
}

static void sq_pop(S *s, Mv m, int32_t u) {
    if (m.src == DEALC) {
        for (int j = u - 1; j >= 0; j--) {
            int p = TB + SQ_DEAL_ORDER[j];
            s->c[STOCK][s->n[STOCK]++] = s->c[p][--s->n[p]];
        }
    } else if (m.src == REDEALC) {
        s->snap_len -= (size_t)u;
        uint8_t *r = s->snap + s->snap_len;
        size_t used = 12;
        s->n[STOCK] = 0;
        for (int i = 0; i < 12; i++) {
            int p = TB + i;
            s->n[p] = r[i];
            memcpy(s->c[p], r + used, r[i]);
            used += r[i];
        }
        s->redeals++;
    } else if (m.src == STOCK) {
        s->c[STOCK][s->n[STOCK]++] = s->c[m.dst][--s->n[m.dst]];
        s->received = u;
    } else {
        if (u) s->c[STOCK][s->n[STOCK]++] = s->c[m.src][--s->n[m.src]];
        s->c[m.src][s->n[m.src]++] = s->c[m.dst][--s->n[m.dst]];
        if (m.dst < TB) s->fsum--;
    }
}

/* --------------------------------------------------------------------- Precedence (family 3) */

static const int PR_BASE[8] = {13, 12, 11, 10, 9, 8, 7, 6};

static int pr_next(int base, int n) { int r = base - n; return r > 0 ? r : r + 13; }

static int pr_gen(const S *s, Mv *out) {
    int k = 0;
    if (s->n[WASTE]) {
        int rank = RANK(TOP(s, WASTE));
        for (int f = 0; f < 8; f++) {
            int n = s->n[FB + f];
            if (!n) {
                if (rank == PR_BASE[f] && (f == 0 || s->n[FB + f - 1])) { out[k].src = WASTE; out[k].dst = FB + f; k++; }
                break;
            }
            if (n < 13 && pr_next(PR_BASE[f], n) == rank) { out[k].src = WASTE; out[k].dst = FB + f; k++; }
        }
    }
    if (s->n[STOCK]) { out[k].src = DEALC; out[k].dst = DEALC; k++; }
    else if (s->redeals && s->n[WASTE]) { out[k].src = REDEALC; out[k].dst = REDEALC; k++; }
    return k;
}

static void pr_push(S *s, Mv m) {
    if (m.src >= 0) {
        s->c[m.dst][s->n[m.dst]++] = s->c[WASTE][--s->n[WASTE]];
        s->fsum++;
    } else if (m.src == DEALC) {
        s->c[WASTE][s->n[WASTE]++] = s->c[STOCK][--s->n[STOCK]];
    } else {
        int n = s->n[WASTE];
        for (int j = 0; j < n; j++) s->c[STOCK][j] = s->c[WASTE][n - 1 - j];
        s->n[STOCK] = n; s->n[WASTE] = 0;
        s->redeals--;
    }
    s->ustack[s->depth] = 0;
}

static void pr_pop(S *s, Mv m) {
    if (m.src >= 0) {
        s->c[WASTE][s->n[WASTE]++] = s->c[m.dst][--s->n[m.dst]];
        s->fsum--;
    } else if (m.src == DEALC) {
        s->c[STOCK][s->n[STOCK]++] = s->c[WASTE][--s->n[WASTE]];
    } else {
        int n = s->n[STOCK];
        for (int j = 0; j < n; j++) s->c[WASTE][j] = s->c[STOCK][n - 1 - j];
        s->n[WASTE] = n; s->n[STOCK] = 0;
        s->redeals++;
    }
}

/* ------------------------------------------------------------------------- dispatch */

static int gen_legal(const S *s, Mv *out) {
    switch (s->rules) {
    case R_BRITISH: return bs_gen(s, out);
    case R_SQUARE: return sq_gen(s, out);
    default: return pr_gen(s, out);
    }
}

static int push_move(S *s, Mv m) {
    if (grow_stack(s)) return -1;
    switch (s->rules) {
    case R_BRITISH: bs_push(s, m); break;
    case R_SQUARE: if (sq_push(s, m)) return -1; break;
    default: pr_push(s, m); break;
    }
    s->mstack[s->depth++] = m;
    return 0;
}

static void pop_move(S *s) {
    s->depth--;
    Mv m = s->mstack[s->depth];
    int32_t u = s->ustack[s->depth];
    switch (s->rules) {
    case R_BRITISH: bs_pop(s, m, u); break;
    case R_SQUARE: sq_pop(s, m, u); break;
    default: pr_pop(s, m); break;
    }
}

/* ------------------------------------------------- solver knowledge (mirrors the Game hooks) */

static int same_pile(const S *s, int p, int q, int with_built) {
    if (s->n[p] != s->n[q]) return 0;
    if (with_built && s->built[p - TB] != s->built[q - TB]) return 0;
    return memcmp(s->c[p], s->c[q], s->n[p]) == 0;
}

static int bs_rank(Mv m) {
    if (m.src < 0) return 4;
    if (m.dst < TB) return 0;
    if (m.src == STOCK) return 3;
    return m.src >= TB ? 1 : 2;
}

static int sq_rank(Mv m) {
    if (m.src == REDEALC) return 4;
    if (m.src < 0) return 3;
    if (m.dst < TB) return 0;
    return m.src == STOCK ? 2 : 1;
}

/* Stable sort of moves by an integer key per move (key[i] belongs to mv[i]; both are reordered). */
static void sort_by_key(Mv *mv, int *key, int k) {
    for (int i = 1; i < k; i++) {
        Mv x = mv[i];
        int kx = key[i], j = i - 1;
        while (j >= 0 && key[j] > kx) { mv[j + 1] = mv[j]; key[j + 1] = key[j]; j--; }
        mv[j + 1] = x; key[j + 1] = kx;
    }
}

/* Square: how many more cards of its suit must go home before `card` can (Square.home_distance). */
static int sq_distance(const S *s, int card) {
    int suit = card >> 4, rank = RANK(card), best = SQ_FAR;
    int up = s->n[FB + suit], down = s->n[FB + 4 + suit];
    if (up < 13 && rank >= up + 1) best = rank - up - 1;
    if (down < 13 && rank <= 13 - down && 13 - down - rank < best) best = 13 - down - rank;
    return best;
}

/* Square: the order of promise (smaller first) of putting a card `distance` from home on one
 * `under` from home (Square.fit_order): on a card needed later, the closest fit first; then on
 * a card needed sooner, the smallest harm first. */
static int sq_fit(int distance, int under) {
    return under >= distance ? 2 + under - distance : 2 * SQ_FAR + distance - under;
}

static int sq_top_distance(const S *s, int p) {
    return s->n[p] ? sq_distance(s, TOP(s, p)) : SQ_FAR;
}

/* Square free: the pile the round's matching gives the stock's next card (-1: none)
 * (Square.round_match). */
static int sq_round_match(const S *s) {
    int open[12], no = 0, dp[12], used[12] = {0};
    for (int i = 0; i < 12; i++)
        if (!((s->received >> i) & 1)) { dp[no] = sq_top_distance(s, TB + i); open[no++] = TB + i; }
    int nc = no < s->n[STOCK] ? no : s->n[STOCK];
    int dc[12], order[12];
    for (int j = 0; j < nc; j++) { dc[j] = sq_distance(s, s->c[STOCK][s->n[STOCK] - 1 - j]); order[j] = j; }
    for (int a = 1; a < nc; a++) {  /* by distance, largest first; stable */
        int x = order[a], b = a - 1;
        while (b >= 0 && dc[order[b]] < dc[x]) { order[b + 1] = order[b]; b--; }
        order[b + 1] = x;
    }
    for (int a = 0; a < nc; a++) {
        int j = order[a], best = -1;
        for (int q = 0; q < no; q++)
            if (!used[q] && dp[q] >= dc[j] && (best < 0 || dp[q] < dp[best])) best = q;
        if (best < 0) continue;
        used[best] = 1;
        if (j == 0) return open[best];
    }
    return -1;
}

/* Square: is the card a foundation's last card, an Ace or a King (Square.is_last_card)? */
static int sq_is_last(int card) {
    return RANK(card) == 1 || RANK(card) == 13;
}

/* Square: the order of promise of a placement or a build among its kind (Square.move_detail). */
static int sq_detail(const S *s, Mv m, int matched) {
    if (m.src == STOCK) {
        int d = sq_distance(s, TOP(s, STOCK));
        if (m.dst >= TB + 9 && d == 0) return 0;
        if (sq_is_last(TOP(s, STOCK))) {
            int under = 0;
            for (int i = 0; i < s->n[m.dst]; i++) under += !sq_is_last(s->c[m.dst][i]);
            return 1 + under;
        }
        return m.dst == matched ? 1 : sq_fit(d, sq_top_distance(s, m.dst));
    }
    if (m.src < TB || m.dst < TB) return 0;
    int n = s->n[m.src];
    if (n > 1 && sq_distance(s, s->c[m.src][n - 2]) == 0) return 0;
    return sq_fit(sq_distance(s, TOP(s, m.src)), sq_top_distance(s, m.dst));
}

/* The search order of moves (Game.ordered_moves): British Square by bs_rank; Square by sq_rank,
 * then by sq_detail. */
static void order_moves(const S *s, Mv *mv, int k) {
    int key[MAXMOVES];
    if (s->rules == R_SQUARE) {
        int matched = s->n[STOCK] && s->flags ? sq_round_match(s) : -1;
        for (int i = 0; i < k; i++) key[i] = sq_rank(mv[i]) * 4 * SQ_FAR + sq_detail(s, mv[i], matched);
    } else {
        for (int i = 0; i < k; i++) key[i] = bs_rank(mv[i]);
    }
    sort_by_key(mv, key, k);
}

/* Square: are piles interchangeable here, and in which mode (see Square.canonical_key). */
static int sq_sym_mode(const S *s) {
    if (!s->n[STOCK] && !s->redeals) return 1;  /* all twelve alike */
    if (s->flags) return 2;                      /* free: upper nine alike, bottom three alike */
    return 0;
}

static int sq_same_class(const S *s, int p, int q, int mode) {
    if (mode == 2) {
        int i = p - TB, j = q - TB;
        if ((i >= 9) != (j >= 9)) return 0;
        if (((s->received >> i) & 1) != ((s->received >> j) & 1)) return 0;
    }
    return same_pile(s, p, q, 0);
}

/* Two transfer moves equivalent by symmetry (same source/destination signature). */
static int equivalent(const S *s, Mv a, Mv b, int sqmode) {
    if (a.src < 0 || b.src < 0) return 0;
    if (s->rules == R_BRITISH) {
        int srcs = a.src == b.src || (a.src >= TB && b.src >= TB && same_pile(s, a.src, b.src, 1));
        if (!srcs) return 0;
        if (a.dst == b.dst) return 1;
        if (a.dst < TB || b.dst < TB) return a.dst < TB && b.dst < TB && !s->n[a.dst] && !s->n[b.dst];
        return same_pile(s, a.dst, b.dst, 1);
    }
    if (s->rules == R_SQUARE) {
        if (!sqmode) return 0;
        int srcs = a.src == b.src || (a.src >= TB && b.src >= TB && sq_same_class(s, a.src, b.src, sqmode));
        if (!srcs) return 0;
        if (a.dst == b.dst) return 1;
        return a.dst >= TB && b.dst >= TB && sq_same_class(s, a.dst, b.dst, sqmode);
    }
    return 0;
}

/* British Square's safe move (BritishSquare.safe_moves): the card a descending foundation needs,
 * when no pile is left empty while the stock or the waste holds a card. */
static int bs_safe(const S *s, const Mv *mv, int k) {
    for (int i = 0; i < k; i++) {
        Mv m = mv[i];
        if (m.src < 0 || m.src == STOCK || m.dst >= TB || s->n[m.dst] < 13) continue;
        if (m.src == WASTE) {
            if (s->n[STOCK] || s->n[WASTE] != 1) continue;
        } else if (s->n[m.src] < 2 && (s->n[STOCK] || s->n[WASTE])) continue;
        return i;
    }
    return -1;
}

/* Square's safe move (Square.safe_moves): a card home once its suit's foundations have crossed,
 * with no gathering left, leaving its pile non-empty while the stock lasts. */
static int sq_safe(const S *s, const Mv *mv, int k) {
    if (s->redeals) return -1;
    for (int i = 0; i < k; i++) {
        Mv m = mv[i];
        if (m.src < TB || m.dst >= TB) continue;
        int suit = (m.dst - FB) % 4;
        if (s->n[FB + suit] + s->n[FB + 4 + suit] < 13) continue;
        if (s->n[STOCK] && s->n[m.src] < 2) continue;
        return i;
    }
    return -1;
}

/* Precedence's safe play (Precedence.safe_moves): no other card of the top's rank can be played
 * before it, and no other foundation will need that rank with more cards to come than F has. */
static int pr_safe(const S *s, Mv play) {
    int rank = RANK(TOP(s, WASTE)), i;
    for (i = 0; i < s->n[STOCK]; i++) if (RANK(s->c[STOCK][i]) == rank) return 0;
    if (s->redeals)
        for (i = 0; i < s->n[WASTE] - 1; i++) if (RANK(s->c[WASTE][i]) == rank) return 0;
    int f = play.dst - FB, to_come = 13 - s->n[play.dst];
    for (int g = 0; g < 8; g++) {
        int n = s->n[FB + g];
        if (g == f || n >= 13) continue;
        int need = pr_next(PR_BASE[g], n);
        int distance = ((need - rank) % 13 + 13) % 13;
        if (distance < 13 - n && 13 - n - distance > to_come) return 0;
    }
    return 1;
}

static int gen_search(const S *s, Mv *out) {
    Mv mv[MAXMOVES];
    int k = gen_legal(s, mv), kept = 0;
    if (s->rules == R_BRITISH) {
        int safe = bs_safe(s, mv, k);
        if (safe >= 0) { out[0] = mv[safe]; return 1; }
    }
    if (s->rules == R_SQUARE) {
        int safe = sq_safe(s, mv, k);
        if (safe >= 0) { out[0] = mv[safe]; return 1; }
    }
    if (s->rules == R_PRECEDENCE) {
        /* plays first, the one with the fewest cards on its foundation only; then deal/redeal */
        int best = -1;
        for (int i = 0; i < k; i++)
            if (mv[i].src >= 0 && (best < 0 || s->n[mv[i].dst] < s->n[mv[best].dst])) best = i;
        if (best >= 0 && pr_safe(s, mv[best])) { out[0] = mv[best]; return 1; }
        if (best >= 0) out[kept++] = mv[best];
        for (int i = 0; i < k; i++) if (mv[i].src < 0) out[kept++] = mv[i];
        return kept;
    }
    order_moves(s, mv, k);
    int sqmode = s->rules == R_SQUARE ? sq_sym_mode(s) : 0;
    for (int i = 0; i < k; i++) {
        int dup = 0;
        for (int j = 0; j < kept && !dup; j++) dup = equivalent(s, mv[i], out[j], sqmode);
        if (!dup) out[kept++] = mv[i];
    }
    return kept;
}

/* Precedence's dead end (Precedence.is_dead): in the last pass, no foundation can come to need
 * the waste top's rank using only cards still in the stock. */
/* Precedence: can the waste go home top card first, the stock's cards usable in any order?
 * (_waste_can_be_cleared in precedence.py, with the same limit on the positions examined per call.)
 * A failed (waste cards left, foundation lengths) pair is remembered across calls in a per-thread
 * cache keyed by a 128-bit hash of the waste ranks left and the lengths: those fix the stock cards
 * still usable too (every card not on a foundation nor in the waste left), so the failure is a
 * fact about the relaxed problem, true in every later call. */
#define CLEAR_LIMIT 2000
#define CLEAR_CACHE_BITS 20
static inline uint64_t fmix64(uint64_t k);
typedef struct {
    int waste[MAXC], m, len[8], avail[14], budget;
    uint64_t wh1[MAXC], wh2[MAXC];
    uint64_t *cache;  /* two words per slot; a zero first word is empty */
} Clear;
static __thread Clear clear_work;

static void clear_key(const Clear *c, int i, uint64_t *a, uint64_t *b) {
    uint64_t bits = (uint64_t)i;
    for (int k = 0; k < 8; k++) bits |= (uint64_t)c->len[k] << (8 + 4 * k);
    *a = fmix64(c->wh1[i] + fmix64(bits + 0x2545F4914F6CDD1DULL)) | 1;
    *b = fmix64(c->wh2[i] ^ fmix64(bits ^ 0x632BE59BD9B4E019ULL));
}

static int clear_failed(const Clear *c, uint64_t a, uint64_t b) {
    size_t h = (size_t)(b & ((1u << CLEAR_CACHE_BITS) - 1));
    return c->cache[2 * h] == a && c->cache[2 * h + 1] == b;
}

static void clear_fail(Clear *c, uint64_t a, uint64_t b) {
    size_t h = (size_t)(b & ((1u << CLEAR_CACHE_BITS) - 1));
    c->cache[2 * h] = a; c->cache[2 * h + 1] = b;
}

static int clear_place(Clear *c, int i) {
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

static int pr_waste_can_be_cleared(const S *s, const int *counts) {
    Clear *c = &clear_work;
    if (!c->cache) {
        c->cache = calloc((size_t)2 << CLEAR_CACHE_BITS, sizeof(uint64_t));
        if (!c->cache) return 1;  /* no room to look: "cannot tell" */
    }
    c->m = s->n[WASTE];
    uint64_t h1 = 0x51ED270B27D2F2E5ULL, h2 = 0xA0761D6478BD642FULL;
    for (int i = 0; i < c->m; i++) {
        c->waste[i] = RANK(s->c[WASTE][i]);
        h1 = fmix64(h1 + (uint64_t)(c->waste[i] + 1));
        h2 = (h2 ^ (uint64_t)(c->waste[i] + 1)) * 0x9FB21C651E98DF25ULL;
        h2 = (h2 << 31) | (h2 >> 33);
        c->wh1[i] = h1; c->wh2[i] = h2;
    }
    for (int k = 0; k < 8; k++) c->len[k] = s->n[FB + k];
    memcpy(c->avail, counts, sizeof(c->avail));
    c->budget = CLEAR_LIMIT;
    return clear_place(c, c->m - 1);
}

static int pr_dead(const S *s) {
    if (s->redeals || !s->n[WASTE]) return 0;
    int top = RANK(TOP(s, WASTE)), counts[14] = {0};
    for (int i = 0; i < s->n[STOCK]; i++) counts[RANK(s->c[STOCK][i])]++;
    for (int f = 0; f < 8; f++) {
        int n = s->n[FB + f];
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

/* British Square's dead end (BritishSquare.is_dead, cards_that_could_move in british_square.py):
 * a suit whose foundation cannot be completed from the cards home and the cards that could ever
 * move, grown to a fixpoint.  Piles (the tableau's and the waste) are counted from the top down:
 * front[k] cards of pile k are not counted yet, and the top one of those could be free. */
/* Fills a suit's foundation on from `filled` places while `copies` has a copy of the next rank
 * left; used[rank] counts the places of each rank filled so far (updated).  Returns the places. */
static int bs_fill_on(int filled, int suit, int *used, const uint8_t *copies) {
    while (filled < 26) {
        int rank = bs_fneeds(filled);
        if (used[rank] >= copies[rank + 16 * suit]) break;
        used[rank]++;
        filled++;
    }
    return filled;
}

static int bs_fillable(int found, int suit, const uint8_t *movable) {
    int used[14] = {0};
    return bs_fill_on(found, suit, used, movable);
}

/* Could the card go somewhere once free: home, onto a card one from it in suit that is counted or
 * on top of a tableau pile, or (fills_empty) onto a pile that could be emptied. */
static int bs_could_go(int card, const int *found, const int *fillable, const uint8_t *movable,
                       const uint8_t *top, int fills_empty) {
    int suit = card >> 4, rank = RANK(card);
    int first_place = found[suit] < rank ? rank : 27 - rank;
    if (fillable[suit] >= first_place - 1) return 1;
    if (rank > 1 && (movable[card - 1] || top[card - 1])) return 1;
    if (rank < 13 && (movable[card + 1] || top[card + 1])) return 1;
    return fills_empty;
}

/* Cards counted for bs_waste_needs_more_piles (_PileTally in british_square.py): each suit's
 * foundation filled in order as far as the counted copies allow, and the piles needed by the
 * counted cards to clear that it cannot take.  Counting only adds copies, so each suit's filling
 * goes on from where it stopped. */
typedef struct {
    uint8_t counted[64], to_clear[64];
    int filled[4], used[4][14], piles[4];
} PileTally;

static void tally_add(PileTally *t, int card, int to_clear) {
    int suit = card >> 4, most = 0, *u = t->used[suit];
    t->counted[card]++;
    t->to_clear[card] += (uint8_t)to_clear;
    t->filled[suit] = bs_fill_on(t->filled[suit], suit, u, t->counted);
    for (int rank = 1; rank <= 13; rank++)
        if (t->to_clear[rank + 16 * suit] - u[rank] > most) most = t->to_clear[rank + 16 * suit] - u[rank];
    t->piles[suit] = most;
}

static int tally_piles(const PileTally *t) { return t->piles[0] + t->piles[1] + t->piles[2] + t->piles[3]; }

/* Some waste card can never be uncovered: however many stock cards are dealt first, the cards to
 * clear off it that could not be home by then need more tableau piles than there are
 * (waste_needs_more_piles in british_square.py). */
static int bs_waste_needs_more_piles(const S *s, const int *found) {
    PileTally t;
    int k, i;
    memset(&t, 0, sizeof t);
    for (k = 0; k < 4; k++) t.filled[k] = found[k];
    for (k = 0; k < s->nt; k++) for (i = 0; i < s->n[TB + k]; i++) tally_add(&t, s->c[TB + k][i], 0);
    for (int j = s->n[WASTE] - 1; j > 0; j--) {
        tally_add(&t, s->c[WASTE][j], 1);
        if (tally_piles(&t) <= s->nt) continue;
        PileTally trial = t;
        int room = 0;
        for (i = s->n[STOCK] - 1; i >= 0 && !room; i--) {
            tally_add(&trial, s->c[STOCK][i], 1);
            room = tally_piles(&trial) <= s->nt;
        }
        if (!room) return 1;
    }
    return 0;
}

static int bs_dead(const S *s) {
    int found[4] = {0, 0, 0, 0}, fillable[4], front[17], nt = s->nt, k, i;
    uint8_t movable[64] = {0}, stock_done[MAXC] = {0};
    for (k = 0; k < 4; k++) if (s->n[FB + k]) found[s->c[FB + k][0] >> 4] = s->n[FB + k];
    if (bs_waste_needs_more_piles(s, found)) return 1;  /* the cheaper test first */
    for (k = 0; k < nt; k++) front[k] = s->n[TB + k];
    front[nt] = s->n[WASTE];
    for (;;) {
        int changed = 0, empty_possible = 0;
        uint8_t top[64] = {0};
        for (k = 0; k < 4; k++) fillable[k] = bs_fillable(found[k], k, movable);
        for (k = 0; k < nt; k++) {
            if (front[k]) top[s->c[TB + k][front[k] - 1]] = 1;
            else empty_possible = 1;
        }
        for (k = 0; k <= nt; k++) {
            const uint8_t *pile = k < nt ? s->c[TB + k] : s->c[WASTE];
            while (front[k]) {
                int card = pile[front[k] - 1];
                if (!bs_could_go(card, found, fillable, movable, top, k == nt && empty_possible)) break;
                front[k]--;
                movable[card]++;
                changed = 1;
            }
        }
        for (i = 0; i < s->n[STOCK]; i++) {
            int card = s->c[STOCK][i];
            if (stock_done[i] || !bs_could_go(card, found, fillable, movable, top, empty_possible)) continue;
            stock_done[i] = 1;
            movable[card]++;
            changed = 1;
        }
        if (!changed) break;  /* so fillable[] already holds the fixpoint's places */
    }
    for (k = 0; k < 4; k++) if (fillable[k] < 26) return 1;
    return 0;
}

/* Square: might the bottom card of bottom-row pile p still go home while the stock lasts, each
 * card its foundation needs on the way having a copy in `reachable` (the stock and the bottom row)?
 * (Square's _can_empty_while_dealing.) */
static int sq_can_empty(const S *s, int p, const uint8_t *reachable) {
    int card = s->c[p][0], suit = card >> 4, rank = RANK(card), r;
    int up = s->n[FB + suit], down = s->n[FB + 4 + suit];
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
static int sq_wanting(const S *s, int card, int *out) {
    int suit = card >> 4, rank = RANK(card), k = 0;
    if (rank > s->n[FB + suit]) out[k++] = suit;
    if (rank <= 13 - s->n[FB + 4 + suit]) out[k++] = 4 + suit;
    return k;
}

/* Square: do the cards under pinned last cards ask the foundations to finish in a circle?
 * (Square's _pinned_cards_ask_for_a_circle: a last card whose suit's other foundation holds two
 * cards or more moves only home in a win, so every card under it goes home after its foundation
 * finishes, onto another.)  Bit g of later[f]: foundation g must finish after f. */
static int sq_pinned_circle(const S *s) {
    unsigned later[8] = {0};
    for (int p = TB; p < TB + 12; p++)
        for (int j = 1; j < s->n[p]; j++) {
            int card = s->c[p][j];
            if (!sq_is_last(card)) continue;
            int f = (card >> 4) + (RANK(card) == 13 ? 0 : 4);
            if (s->n[FB + (f + 4) % 8] < 2) continue;
            for (int i = 0; i < j; i++) {
                int want[2], takers[2], nt = 0, k = sq_wanting(s, s->c[p][i], want);
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

/* Square's dead end (Square.is_dead): with no gathering left, the last card of no unfinished
 * foundation (its King going up, its Ace going down) is at the bottom of a pile or can still come
 * to one (from the stock, onto an empty pile or into a bottom-row pile that can still be emptied
 * while dealing); the last card home must be alone in its pile.  Or the pinned cards ask for a
 * circle (sq_pinned_circle). */
static int sq_dead(const S *s) {
    if (s->redeals) return 0;
    if (sq_pinned_circle(s)) return 1;
    uint8_t last[64] = {0}, reachable[64] = {0};
    int unfinished = 0, coming = 0;
    for (int k = 0; k < 8; k++)
        if (s->n[FB + k] < 13) { last[(k % 4) * 16 + (k < 4 ? 13 : 1)] = 1; unfinished = 1; }
    if (!unfinished) return 0;
    for (int i = 0; i < 12; i++) if (s->n[TB + i] && last[s->c[TB + i][0] & 63]) return 0;
    for (int j = 0; j < s->n[STOCK]; j++) {
        reachable[s->c[STOCK][j] & 63] = 1;
        if (last[s->c[STOCK][j] & 63]) coming = 1;
    }
    if (!coming) return 1;
    for (int i = 0; i < 12; i++) if (!s->n[TB + i]) return 0;
    for (int i = 9; i < 12; i++)
        for (int j = 0; j < s->n[TB + i]; j++) reachable[s->c[TB + i][j] & 63] = 1;
    for (int i = 9; i < 12; i++) if (sq_can_empty(s, TB + i, reachable)) return 0;
    return 1;
}

static int is_dead(const S *s) {
    switch (s->rules) {
    case R_PRECEDENCE: return pr_dead(s);
    case R_BRITISH: return bs_dead(s);
    default: return sq_dead(s);
    }
}

/* ------------------------------------------------------------------------- keys */

typedef struct { const uint8_t *p; int len; } Seg;

static int seg_cmp(const void *a, const void *b) {
    const Seg *x = a, *y = b;
    int n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->p, y->p, n);
    return c ? c : x->len - y->len;
}

/* The part of a British Square canonical key outside the tableau: stock size, the waste, and each
 * suit's foundation size (foundations are interchangeable).  Appends at buf; returns its length. */
static int british_key_head(const S *s, uint8_t *buf) {
    int k = 0, i, found[4] = {0, 0, 0, 0};
    buf[k++] = (uint8_t)s->n[STOCK];
    buf[k++] = (uint8_t)s->n[WASTE];
    memcpy(buf + k, s->c[WASTE], s->n[WASTE]);
    k += s->n[WASTE];
    for (i = 0; i < 4; i++) if (s->n[FB + i]) found[s->c[FB + i][0] >> 4] = s->n[FB + i];
    for (i = 0; i < 4; i++) buf[k++] = (uint8_t)found[i];
    return k;
}

/* The part of a Square canonical key outside the square, ending with the symmetry mode byte. */
static int square_key_head(const S *s, uint8_t *buf, uint8_t mode_byte) {
    int k = 0, i;
    for (i = 0; i < 8; i++) buf[k++] = (uint8_t)s->n[FB + i];
    buf[k++] = (uint8_t)s->redeals;
    buf[k++] = (uint8_t)s->n[STOCK];
    memcpy(buf + k, s->c[STOCK], s->n[STOCK]);
    k += s->n[STOCK];
    buf[k++] = mode_byte;
    return k;
}

/* The symmetry class of square pile i in mode 2: bottom row or not, and its round mark. */
static inline int square_pile_class(const S *s, int mode, int i) {
    return mode == 2 ? (((i >= 9) << 1) | ((s->received >> i) & 1)) : 0;
}

/* Appends the canonical (prune) or exact key of s to buf; returns its length. */
static int make_key(const S *s, uint8_t *buf, int canonical) {
    int k = 0, i;
    if (!canonical) {
        for (int p = 0; p < NP; p++) {
            buf[k++] = (uint8_t)s->n[p];
            memcpy(buf + k, s->c[p], s->n[p]);
            k += s->n[p];
        }
        for (i = 0; i < s->nt && i < 16; i++) buf[k++] = (uint8_t)s->built[i];
        buf[k++] = (uint8_t)s->redeals;
        buf[k++] = (uint8_t)(s->received & 255);
        buf[k++] = (uint8_t)(s->received >> 8);
        return k;
    }
    if (s->rules == R_PRECEDENCE) {
        buf[k++] = (uint8_t)s->redeals;
        for (i = 0; i < 8; i++) buf[k++] = (uint8_t)s->n[FB + i];
        buf[k++] = (uint8_t)s->n[STOCK];
        for (i = 0; i < s->n[STOCK]; i++) buf[k++] = RANK(s->c[STOCK][i]);
        buf[k++] = (uint8_t)s->n[WASTE];
        for (i = 0; i < s->n[WASTE]; i++) buf[k++] = RANK(s->c[WASTE][i]);
        return k;
    }
    uint8_t tmp[NP * (MAXC + 4)];
    Seg seg[16];
    int t = 0;
    if (s->rules == R_BRITISH) {
        k += british_key_head(s, buf + k);
        for (i = 0; i < s->nt; i++) {
            int p = TB + i;
            seg[i].p = tmp + t;
            tmp[t++] = (uint8_t)s->built[i];
            tmp[t++] = (uint8_t)s->n[p];
            memcpy(tmp + t, s->c[p], s->n[p]);
            t += s->n[p];
            seg[i].len = (int)(tmp + t - seg[i].p);
        }
        qsort(seg, s->nt, sizeof(Seg), seg_cmp);
        for (i = 0; i < s->nt; i++) { memcpy(buf + k, seg[i].p, seg[i].len); k += seg[i].len; }
        return k;
    }
    /* Square */
    int mode = sq_sym_mode(s);
    k += square_key_head(s, buf + k, (uint8_t)mode);
    for (i = 0; i < 12; i++) {
        int p = TB + i;
        seg[i].p = tmp + t;
        tmp[t++] = (uint8_t)square_pile_class(s, mode, i);
        tmp[t++] = (uint8_t)s->n[p];
        memcpy(tmp + t, s->c[p], s->n[p]);
        t += s->n[p];
        seg[i].len = (int)(tmp + t - seg[i].p);
    }
    if (mode) qsort(seg, 12, sizeof(Seg), seg_cmp);
    else { buf[k++] = (uint8_t)(s->received & 255); buf[k++] = (uint8_t)(s->received >> 8); }
    for (i = 0; i < 12; i++) { memcpy(buf + k, seg[i].p, seg[i].len); k += seg[i].len; }
    return k;
}

static inline uint64_t fmix64(uint64_t k) {
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33;
    return k;
}

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

static void hash128(const uint8_t *p, int n, uint64_t *h1, uint64_t *h2) { hash128s(p, n, 0, h1, h2); }

/* The key of a position as 128 bits.  Where piles are interchangeable (canonical keys of British
 * Square and of Square in its symmetric modes) the piles are hashed one by one and the hashes added
 * up: a sum does not depend on the order, so it equals the hash of the sorted piles of
 * Game.canonical_key without sorting.  Everything else goes through make_key. */
static void key_hash(const S *s, uint8_t *buf, int canonical, uint64_t *h1, uint64_t *h2) {
    int sym = canonical && (s->rules == R_BRITISH || (s->rules == R_SQUARE && sq_sym_mode(s)));
    if (!sym) { hash128(buf, make_key(s, buf, canonical), h1, h2); return; }
    int k = 0, i;
    uint64_t sa = 0, sb = 0, pa, pb;
    if (s->rules == R_BRITISH) {
        k += british_key_head(s, buf + k);
        for (i = 0; i < s->nt; i++) {
            hash128s(s->c[TB + i], s->n[TB + i], 0x100u + (uint64_t)s->built[i], &pa, &pb);
            sa += pa; sb += pb;
        }
    } else {
        int mode = sq_sym_mode(s);
        k += square_key_head(s, buf + k, (uint8_t)(0x80 | mode));
        for (i = 0; i < 12; i++) {
            uint64_t cls = (uint64_t)square_pile_class(s, mode, i);
            hash128s(s->c[TB + i], s->n[TB + i], 0x200u + cls, &pa, &pb);
            sa += pa; sb += pb;
        }
    }
    hash128s(buf, k, sa ^ fmix64(sb + 0x9E3779B97F4A7C15ULL), h1, h2);
    *h2 ^= fmix64(sb ^ 0xD1B54A32D192ED03ULL);
}

/* ------------------------------------------------------------------------- table */

typedef struct { uint64_t a, b; } Entry;
typedef struct { Entry *e; size_t cap, used, max_cap; } Table;

static int table_init(Table *t, size_t max_bytes) {
    t->max_cap = 1024;
    while (t->max_cap * 2 * sizeof(Entry) <= max_bytes) t->max_cap *= 2;
    t->cap = t->max_cap < (1u << 16) ? t->max_cap : (1u << 16);
    t->used = 0;
    t->e = calloc(t->cap, sizeof(Entry));
    return t->e ? 0 : -1;
}

static void table_put_raw(Entry *e, size_t cap, uint64_t a, uint64_t b) {
    size_t i = (size_t)(a ^ (a >> 29)) & (cap - 1);
    while (e[i].a) i = (i + 1) & (cap - 1);
    e[i].a = a; e[i].b = b;
}

/* 1 if new (inserted), 0 if present, -1 if the table is full (memory limit), -2 out of memory. */
static int table_add(Table *t, uint64_t a, uint64_t b) {
    size_t i = (size_t)(a ^ (a >> 29)) & (t->cap - 1);
    while (t->e[i].a) {
        if (t->e[i].a == a && t->e[i].b == b) return 0;
        i = (i + 1) & (t->cap - 1);
    }
    if ((t->used + 1) * 4 > t->cap * 3) {
        if (t->cap >= t->max_cap) return -1;
        size_t cap = t->cap * 2;
        Entry *e = calloc(cap, sizeof(Entry));
        if (!e) return -2;
        for (size_t j = 0; j < t->cap; j++) if (t->e[j].a) table_put_raw(e, cap, t->e[j].a, t->e[j].b);
        free(t->e);
        t->e = e; t->cap = cap;
        table_put_raw(t->e, t->cap, a, b);
    } else {
        t->e[i].a = a; t->e[i].b = b;
    }
    t->used++;
    return 1;
}

/* ------------------------------------------------------------------------- search */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct { int start, end, next; } Frame;

enum { RES_LOST = 0, RES_WON = 1, RES_UNKNOWN = 2, RES_NOMEM = 3, RES_INTERRUPT = 4 };

typedef struct {
    Mv *buf; size_t buf_len, buf_cap;
    Frame *fr; int nfr, fr_cap;
} Work;

static int work_room(Work *w) {
    if (w->buf_len + MAXMOVES > w->buf_cap) {
        size_t cap = w->buf_cap ? w->buf_cap * 2 : 65536;
        Mv *b = realloc(w->buf, cap * sizeof(Mv));
        if (!b) return -1;
        w->buf = b; w->buf_cap = cap;
    }
    if (w->nfr + 1 > w->fr_cap) {
        int cap = w->fr_cap ? w->fr_cap * 2 : 1024;
        Frame *f = realloc(w->fr, cap * sizeof(Frame));
        if (!f) return -1;
        w->fr = f; w->fr_cap = cap;
    }
    return 0;
}

static __thread uint64_t rng_state;  /* per thread (nested playouts): searches run with the GIL released */

static uint64_t rng_next(void) {
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return rng_state;
}

/* The limits of one search: a deadline (negative: none), a node budget (negative: none), and a
 * check for signals (Ctrl-C) every tenth of a second, with the GIL taken back only for that. */
typedef struct { double deadline, next_signal_check; long long max_nodes; PyThreadState **ts; } Limits;

static Limits limits_start(double timeout, long long max_nodes, PyThreadState **ts) {
    double t0 = now();
    Limits l = {timeout >= 0 ? t0 + timeout : -1, t0 + 0.1, max_nodes, ts};
    return l;
}

/* 0 while the search may go on, else RES_UNKNOWN (a limit) or RES_INTERRUPT (a signal). */
static int limits_reached(Limits *l, long long nodes) {
    if (l->max_nodes >= 0 && nodes >= l->max_nodes) return RES_UNKNOWN;
    double tn = now();
    if (l->deadline >= 0 && tn >= l->deadline) return RES_UNKNOWN;
    if (tn >= l->next_signal_check) {
        l->next_signal_check = tn + 0.1;
        PyEval_RestoreThread(*l->ts);
        int sig = PyErr_CheckSignals();
        *l->ts = PyEval_SaveThread();
        if (sig) return RES_INTERRUPT;
    }
    return 0;
}

static int open_frame(S *s, Work *w, int prune) {
    if (work_room(w)) return -1;
    Mv *out = w->buf + w->buf_len;
    int k = prune ? gen_search(s, out) : gen_legal(s, out);
    Frame *f = &w->fr[w->nfr++];
    f->start = f->next = (int)w->buf_len;
    f->end = (int)w->buf_len + k;
    w->buf_len += k;
    return 0;
}

/* Runs with the GIL released; reacquires it briefly to check for signals (Ctrl-C). */
static int run_search(S *s, int prune, double timeout, long long max_nodes, long long max_bytes,
                      long long *nodes_out, int *root_depth_out, PyThreadState **ts, Mv *best_first) {
    int best_home = s->fsum;
    Limits limits = limits_start(timeout, max_nodes, ts);
    long long nodes = 1;
    int root = s->depth, res = RES_LOST;
    uint8_t key[NP * (MAXC + 4) + 64];
    Table t;
    Work w = {0};
    *root_depth_out = root;
    if (s->fsum == 104) { *nodes_out = 1; return RES_WON; }
    if (table_init(&t, max_bytes < 0 ? (size_t)1 << 40 : (size_t)max_bytes)) return RES_NOMEM;
    uint64_t h1, h2;
    key_hash(s, key, prune, &h1, &h2);
    table_add(&t, h1, h2);
    if (prune && is_dead(s)) { res = RES_LOST; goto done; }
    if (open_frame(s, &w, prune)) { res = RES_NOMEM; goto done; }
    while (w.nfr) {
        if ((nodes & 255) == 0 && (res = limits_reached(&limits, nodes)) != 0) break;
        Frame *f = &w.fr[w.nfr - 1];
        if (f->next == f->end) {
            w.buf_len = f->start;
            w.nfr--;
            if (w.nfr) pop_move(s);
            continue;
        }
        Mv m = w.buf[f->next++];
        if (push_move(s, m)) { res = RES_NOMEM; break; }
        nodes++;
        if (s->fsum > best_home) { best_home = s->fsum; *best_first = s->mstack[root]; }
        if (max_nodes >= 0 && nodes > max_nodes) { pop_move(s); res = RES_UNKNOWN; break; }
        if (s->fsum == 104) { res = RES_WON; break; }
        key_hash(s, key, prune, &h1, &h2);
        int added = table_add(&t, h1, h2);
        if (added == 0) { pop_move(s); continue; }
        if (added < 0) { pop_move(s); res = added == -1 ? RES_UNKNOWN : RES_NOMEM; break; }
        if (prune && is_dead(s)) { pop_move(s); continue; }
        if (open_frame(s, &w, prune)) { res = RES_NOMEM; break; }
    }
done:
    free(t.e); free(w.buf); free(w.fr);
    *nodes_out = nodes;
    return res;
}

/* ------------------------------------------------------------------------- Python glue */

static int read_state(S *s, int rules, int flags, PyObject *piles, PyObject *extra) {
    memset(s, 0, sizeof(S));
    if (rules < 1 || rules > 3) { PyErr_SetString(PyExc_ValueError, "unknown rule family"); return -1; }
    s->rules = rules; s->flags = flags;
    if (rules == R_BRITISH) {
        if (flags != 4 && flags != 16) { PyErr_SetString(PyExc_ValueError, "british square has 4 or 16 piles"); return -1; }
        s->nf = 4; s->nt = flags;
    } else if (rules == R_SQUARE) { s->nf = 8; s->nt = 12; }
    else { s->nf = 8; s->nt = 0; }
    PyObject *seq = PySequence_Fast(piles, "piles must be a sequence");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != NP) {
        Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "piles must hold 26 lists"); return -1;
    }
    int total = 0;
    for (int p = 0; p < NP; p++) {
        PyObject *pile = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, p), "a pile must be a sequence");
        if (!pile) { Py_DECREF(seq); return -1; }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(pile);
        if (n > MAXC) { Py_DECREF(pile); Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "pile too long"); return -1; }
        for (Py_ssize_t j = 0; j < n; j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(pile, j));
            if (v == -1 && PyErr_Occurred()) { Py_DECREF(pile); Py_DECREF(seq); return -1; }
            if (v < 1 || v > 0x3D || (v & 15) == 0 || (v & 15) > 13) {
                Py_DECREF(pile); Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "bad card"); return -1;
            }
            s->c[p][j] = (uint8_t)v;
        }
        s->n[p] = (int)n;
        total += (int)n;
        if (p >= FB && p < TB) s->fsum += (int)n;
        Py_DECREF(pile);
    }
    Py_DECREF(seq);
    if (total != 104) { PyErr_SetString(PyExc_ValueError, "a position holds 104 cards"); return -1; }
    PyObject *ex = PySequence_Fast(extra, "extra must be a sequence");
    if (!ex) return -1;
    Py_ssize_t ne = PySequence_Fast_GET_SIZE(ex);
    long vals[16] = {0};
    for (Py_ssize_t j = 0; j < ne && j < 16; j++) {
        vals[j] = PyLong_AsLong(PySequence_Fast_GET_ITEM(ex, j));
        if (vals[j] == -1 && PyErr_Occurred()) { Py_DECREF(ex); return -1; }
    }
    Py_DECREF(ex);
    if (rules == R_BRITISH) {
        if (ne != s->nt) { PyErr_SetString(PyExc_ValueError, "extra: one built count per pile"); return -1; }
        for (int i = 0; i < s->nt; i++) s->built[i] = (int)vals[i];
    } else if (rules == R_SQUARE) {
        if (ne != 2) { PyErr_SetString(PyExc_ValueError, "extra: (redeals_left, received)"); return -1; }
        s->redeals = (int)vals[0]; s->received = (int)vals[1];
    } else {
        if (ne != 1) { PyErr_SetString(PyExc_ValueError, "extra: (redeals_left,)"); return -1; }
        s->redeals = (int)vals[0];
    }
    return 0;
}

static PyObject *moves_to_list(const Mv *mv, int k) {
    PyObject *list = PyList_New(k);
    if (!list) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *t = Py_BuildValue("(ii)", (int)mv[i].src, (int)mv[i].dst);
        if (!t) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, t);
    }
    return list;
}

static PyObject *state_to_py(const S *s) {
    PyObject *piles = PyList_New(NP);
    if (!piles) return NULL;
    for (int p = 0; p < NP; p++) {
        PyObject *pile = PyList_New(s->n[p]);
        if (!pile) { Py_DECREF(piles); return NULL; }
        for (int j = 0; j < s->n[p]; j++) PyList_SET_ITEM(pile, j, PyLong_FromLong(s->c[p][j]));
        PyList_SET_ITEM(piles, p, pile);
    }
    PyObject *extra;
    if (s->rules == R_BRITISH) {
        extra = PyTuple_New(s->nt);
        for (int i = 0; i < s->nt; i++) PyTuple_SET_ITEM(extra, i, PyLong_FromLong(s->built[i]));
    } else if (s->rules == R_SQUARE) extra = Py_BuildValue("(ii)", s->redeals, s->received);
    else extra = Py_BuildValue("(i)", s->redeals);
    if (!extra) { Py_DECREF(piles); return NULL; }
    return Py_BuildValue("(NN)", piles, extra);
}

/* ----------------------------------------------------------- nested playouts (wins only) */

/* Nested Monte-Carlo search (Cazenave 2009) over the pruned moves: a level-0 search is one playout
 * (the game's most promising move, or with a small probability a random one, until no move is
 * left); a level-n search tries every move followed by a level-(n-1) search, then plays the first
 * move of the best line found so far, and so on.  Score: cards home.  It only ever answers "won",
 * with a line it actually played, or nothing: it proves no loss.  Positions met twice in one line
 * end it (tableau moves can go round in circles), and so, in Square, does a dead end. */

#define NM_MAXLEN 4096
#define NM_LEVELS 4
#define NM_SEEN_BITS 14

typedef struct {
    Limits limits;
    long long nodes, playouts;
    int stop;                        /* RES_UNKNOWN: a limit was reached, RES_INTERRUPT: a signal */
    Mv *seq[NM_LEVELS + 1][2];       /* per level: best line so far, line of the latest try */
    uint64_t seen[1 << NM_SEEN_BITS];
    uint32_t seen_gen[1 << NM_SEEN_BITS];
    uint32_t gen;
    uint8_t key[NP * (MAXC + 4) + 64];
} NM;

static const double NM_EPS[5] = {0.01, 0.03, 0.06, 0.12, 0.25};

static int nm_tick(NM *w) {
    w->nodes++;
    if ((w->nodes & 255) == 0 && !w->stop) w->stop = limits_reached(&w->limits, w->nodes);
    return w->stop;
}

/* 1 if the position was already met in this playout (and remembers it otherwise). */
static int nm_seen(NM *w, const S *s) {
    if (s->rules == R_PRECEDENCE) return 0;  /* every Precedence move is progress: no circles */
    uint64_t h1, h2;
    hash128(w->key, make_key(s, w->key, 0), &h1, &h2);
    size_t mask = (1u << NM_SEEN_BITS) - 1, i = (size_t)h1 & mask;
    for (int probe = 0; probe < 64; probe++, i = (i + 1) & mask) {
        if (w->seen_gen[i] != w->gen) { w->seen_gen[i] = w->gen; w->seen[i] = h1; return 0; }
        if (w->seen[i] == h1) return 1;
    }
    return 1;  /* table crowded: treat as met, which only shortens the playout */
}

/* One playout from s (restored on return); its moves go to seq.  Returns the cards home at its end. */
static int nm_playout(S *s, NM *w, Mv *seq, int *len) {
    double eps = NM_EPS[w->playouts++ % 5];
    uint64_t threshold = (uint64_t)(eps * 18446744073709551615.0);
    int start = s->depth, n = 0, home = s->fsum;
    Mv mv[MAXMOVES];
    w->gen++;
    nm_seen(w, s);
    while (n < NM_MAXLEN - 1 && s->fsum < 104 && !w->stop) {
        int k = gen_search(s, mv), moved = 0;
        if (!k) break;
        int pick = k > 1 && rng_next() < threshold ? (int)(rng_next() % (uint64_t)k) : 0;
        for (int t = 0; t < k && !moved; t++) {
            Mv m = mv[(pick + t) % k];
            if (push_move(s, m)) { w->stop = RES_UNKNOWN; break; }
            if (nm_seen(w, s)) { pop_move(s); continue; }
            moved = 1;
            nm_tick(w);
        }
        if (!moved) break;
        n++;
        if (s->rules == R_SQUARE && sq_dead(s)) break;  /* Square.playout_ends_at_dead_end */
    }
    home = s->fsum;
    memcpy(seq, s->mstack + start, sizeof(Mv) * n);
    *len = n;
    while (s->depth > start) pop_move(s);
    return home;
}

/* A level-`level` search from s (restored on return); its best line goes to out. */
static int nm_search(S *s, NM *w, int level, Mv *out, int *out_len) {
    if (level == 0) return nm_playout(s, w, out, out_len);
    Mv *best = w->seq[level][0], *tried = w->seq[level][1];
    int best_len = 0, best_home = -1, start = s->depth, steps = 0;
    Mv mv[MAXMOVES];
    while (steps + best_len < NM_MAXLEN - 2 && s->fsum < 104 && !w->stop) {
        int k = gen_search(s, mv);
        if (!k) break;
        /* A forced move (the only one, so the best line's next) is played without a search of its
         * own: the best line already goes on from it, and in Precedence most moves are forced. */
        int forced = k == 1 && best_len;
        for (int i = 0; i < k && !w->stop && !forced; i++) {
            if (push_move(s, mv[i])) { w->stop = RES_UNKNOWN; break; }
            nm_tick(w);
            int tried_len = 0;
            int home = s->fsum == 104 ? 104 : nm_search(s, w, level - 1, tried, &tried_len);
            pop_move(s);
            if (home > best_home && tried_len + 1 < NM_MAXLEN - steps - 1) {
                best_home = home;
                best[0] = mv[i];
                memcpy(best + 1, tried, sizeof(Mv) * tried_len);
                best_len = tried_len + 1;
            }
            if (best_home == 104) break;
        }
        if (!best_len || w->stop) break;
        if (push_move(s, best[0])) { w->stop = RES_UNKNOWN; break; }
        steps++;
        memmove(best, best + 1, sizeof(Mv) * --best_len);
    }
    if (s->fsum > best_home) best_home = s->fsum;
    memcpy(out, s->mstack + start, sizeof(Mv) * steps);
    memcpy(out + steps, best, sizeof(Mv) * best_len);
    *out_len = steps + best_len;
    while (s->depth > start) pop_move(s);
    return best_home;
}

static PyObject *py_playouts(PyObject *self, PyObject *args) {
    int rules, flags, level;
    PyObject *piles, *extra;
    double timeout;
    long long max_nodes;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "iiOOidLK", &rules, &flags, &piles, &extra, &level, &timeout, &max_nodes, &seed))
        return NULL;
    if (level < 0 || level > NM_LEVELS) { PyErr_SetString(PyExc_ValueError, "level must be 0..4"); return NULL; }
    S s;
    if (read_state(&s, rules, flags, piles, extra)) return NULL;
    NM *w = calloc(1, sizeof(NM));
    Mv *line = malloc(sizeof(Mv) * NM_MAXLEN);
    int ok = w && line;
    for (int l = 0; ok && l <= NM_LEVELS; l++)
        for (int j = 0; j < 2; j++) ok = ok && (w->seq[l][j] = malloc(sizeof(Mv) * NM_MAXLEN)) != NULL;
    if (!ok || grow_stack(&s)) {
        if (w) for (int l = 0; l <= NM_LEVELS; l++) for (int j = 0; j < 2; j++) free(w->seq[l][j]);
        free(w); free(line); free_state(&s); return PyErr_NoMemory();
    }
    double t0 = now();
    PyThreadState *ts = PyEval_SaveThread();
    w->limits = limits_start(timeout, max_nodes, &ts);
    rng_state = seed * 0x9E3779B97F4A7C15ULL | 1;
    int len = 0;
    int home = s.fsum == 104 ? 104 : nm_search(&s, w, level, line, &len);
    PyEval_RestoreThread(ts);
    double secs = now() - t0;
    int interrupted = w->stop == RES_INTERRUPT;
    long long nodes = w->nodes;
    for (int l = 0; l <= NM_LEVELS; l++) for (int j = 0; j < 2; j++) free(w->seq[l][j]);
    free(w);
    free_state(&s);
    if (interrupted) { free(line); return NULL; }
    PyObject *moves = home == 104 ? moves_to_list(line, len) : PyList_New(0);
    PyObject *first = len ? Py_BuildValue("(ii)", (int)line[0].src, (int)line[0].dst) : (Py_INCREF(Py_None), Py_None);
    free(line);
    if (!moves || !first) { Py_XDECREF(moves); Py_XDECREF(first); return NULL; }
    return Py_BuildValue("(sNLdNi)", home == 104 ? "won" : "unknown", moves, nodes, secs, first, home);
}

static PyObject *py_legal_moves(PyObject *self, PyObject *args) {
    int rules, flags, search = 0;
    PyObject *piles, *extra;
    if (!PyArg_ParseTuple(args, "iiOO|p", &rules, &flags, &piles, &extra, &search)) return NULL;
    S s;
    if (read_state(&s, rules, flags, piles, extra)) return NULL;
    Mv mv[MAXMOVES];
    int k = search ? gen_search(&s, mv) : gen_legal(&s, mv);
    return moves_to_list(mv, k);
}

static PyObject *py_is_dead(PyObject *self, PyObject *args) {
    int rules, flags;
    PyObject *piles, *extra;
    if (!PyArg_ParseTuple(args, "iiOO", &rules, &flags, &piles, &extra)) return NULL;
    S s;
    if (read_state(&s, rules, flags, piles, extra)) return NULL;
    int dead = is_dead(&s);
    free_state(&s);
    return PyBool_FromLong(dead);
}

static PyObject *py_apply(PyObject *self, PyObject *args) {
    int rules, flags;
    PyObject *piles, *extra, *moves;
    if (!PyArg_ParseTuple(args, "iiOOO", &rules, &flags, &piles, &extra, &moves)) return NULL;
    S s, orig;
    if (read_state(&s, rules, flags, piles, extra)) return NULL;
    memcpy(&orig, &s, sizeof(S));
    PyObject *seq = PySequence_Fast(moves, "moves must be a sequence");
    if (!seq) { free_state(&s); return NULL; }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        int src, dst;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "ii", &src, &dst)) { Py_DECREF(seq); free_state(&s); return NULL; }
        Mv m = {(int8_t)src, (int8_t)dst};
        if (push_move(&s, m)) { Py_DECREF(seq); free_state(&s); return PyErr_NoMemory(); }
    }
    Py_DECREF(seq);
    PyObject *result = state_to_py(&s);
    while (s.depth) pop_move(&s);
    int same = memcmp(s.n, orig.n, sizeof(s.n)) == 0 && memcmp(s.built, orig.built, sizeof(s.built)) == 0
        && s.redeals == orig.redeals && s.received == orig.received && s.fsum == orig.fsum;
    for (int p = 0; same && p < NP; p++) same = memcmp(s.c[p], orig.c[p], s.n[p]) == 0;
    free_state(&s);
    if (!same) { Py_XDECREF(result); PyErr_SetString(PyExc_AssertionError, "undo did not restore the position"); return NULL; }
    return result;
}

static PyObject *py_search(PyObject *self, PyObject *args) {
    int rules, flags, prune;
    PyObject *piles, *extra;
    double timeout;
    long long max_nodes, max_bytes;
    if (!PyArg_ParseTuple(args, "iiOOpdLL", &rules, &flags, &piles, &extra, &prune, &timeout, &max_nodes, &max_bytes))
        return NULL;
    S s;
    if (read_state(&s, rules, flags, piles, extra)) return NULL;
    if (grow_stack(&s)) { free_state(&s); return PyErr_NoMemory(); }
    long long nodes = 0;
    int root = 0;
    double t0 = now();
    PyThreadState *ts = PyEval_SaveThread();
    Mv best_first = {0, 0};
    int res = run_search(&s, prune, timeout, max_nodes, max_bytes, &nodes, &root, &ts, &best_first);
    PyEval_RestoreThread(ts);
    double secs = now() - t0;
    if (res == RES_NOMEM) { free_state(&s); return PyErr_NoMemory(); }
    if (res == RES_INTERRUPT) { free_state(&s); return NULL; }
    PyObject *line = res == RES_WON ? moves_to_list(s.mstack + root, s.depth - root) : PyList_New(0);
    free_state(&s);
    if (!line) return NULL;
    const char *name = res == RES_WON ? "won" : res == RES_LOST ? "lost" : "unknown";
    PyObject *best = best_first.src || best_first.dst
        ? Py_BuildValue("(ii)", (int)best_first.src, (int)best_first.dst) : (Py_INCREF(Py_None), Py_None);
    if (!best) { Py_DECREF(line); return NULL; }
    return Py_BuildValue("(sNLdN)", name, line, nodes, secs, best);
}

static PyMethodDef methods[] = {
    {"legal_moves", py_legal_moves, METH_VARARGS,
     "legal_moves(rules, flags, piles, extra, search=False) -> [(src, dst)]: the legal moves "
     "(or, with search=True, the moves the pruned search tries, in its order)."},
    {"is_dead", py_is_dead, METH_VARARGS,
     "is_dead(rules, flags, piles, extra) -> bool: the core's dead-end test (Game.is_dead)."},
    {"apply", py_apply, METH_VARARGS,
     "apply(rules, flags, piles, extra, moves) -> (piles, extra) after pushing the moves; "
     "AssertionError if undoing them does not restore the position."},
    {"search", py_search, METH_VARARGS,
     "search(rules, flags, piles, extra, prune, timeout, max_nodes, max_bytes) -> "
     "(result, [(src, dst)], nodes, seconds, best_first); best_first is the first move of the line "
     "that brought the most cards home (or None); negative limits mean none."},
    {"playouts", py_playouts, METH_VARARGS,
     "playouts(rules, flags, piles, extra, level, timeout, max_nodes, seed) -> (result, [(src, dst)], "
     "nodes, seconds, first, home): a nested Monte-Carlo search of the given level for a win "
     "(result 'won' with the line, else 'unknown'); first is the first move of the best line, home "
     "the cards home at its end; negative limits mean none."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_core", "The compiled core of the Cadogan solver.", -1, methods,
};

/* Bumped whenever the module's functions, their arguments or their results change: native.py
   ignores a core built from older source (a stale in-place build) and falls back to the Python
   search instead of failing. */
#define CORE_INTERFACE 5

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *module = PyModule_Create(&moduledef);
    if (module != NULL && PyModule_AddIntConstant(module, "INTERFACE", CORE_INTERFACE) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
