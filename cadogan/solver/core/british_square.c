/* British Square (rule family 1, british_square_ops): legal moves, their effect and undo, and the
 * solver knowledge of cadogan/solver/british_square.py (move order, symmetric moves, the safe move,
 * dead ends, the canonical key).  flags: the number of tableau piles (4 or 16); the family's own
 * fields: the built count of each tableau pile. */
#include "core.h"

#include <string.h>

/* The rank a foundation holding n cards needs next (up from the Ace to the King, then down from
 * the King to the Ace); 0 when complete. */
static int bs_foundation_needs(int n) { return n < 13 ? n + 1 : (n < 26 ? 26 - n : 0); }

/* The legal moves in the engine's order; their count. */
static int bs_legal_moves(const Position *s, Move *out) {
    int k = 0, i, f;
    int nt = s->ntableau;
    if (s->count[STOCK] || s->count[WASTE]) {
        int any_empty = 0;
        for (i = 0; i < nt; i++) if (!s->count[TABLEAU + i]) { any_empty = 1; break; }
        if (any_empty) {
            if (s->count[WASTE])
                for (i = 0; i < nt; i++)
                    if (!s->count[TABLEAU + i]) { out[k].src = WASTE; out[k].dst = TABLEAU + i; k++; }
            if (s->count[STOCK])
                for (i = 0; i < nt; i++)
                    if (!s->count[TABLEAU + i]) { out[k].src = STOCK; out[k].dst = TABLEAU + i; k++; }
            return k;
        }
    }
    if (s->count[STOCK]) { out[k].src = DEAL_MOVE; out[k].dst = DEAL_MOVE; k++; }
    int faccept[4], started = 0, first_empty = -1;
    for (f = 0; f < 4; f++) {
        int n = s->count[FOUNDATION + f];
        faccept[f] = -1;
        if (n) {
            int suit = s->cards[FOUNDATION + f][0] >> 4;
            started |= 1 << suit;
            int need = bs_foundation_needs(n);
            if (need) faccept[f] = need + 16 * suit;
        } else if (first_empty < 0) first_empty = f;
    }
    int taccept1[16], taccept2[16];
    for (i = 0; i < nt; i++) {
        int p = TABLEAU + i;
        taccept1[i] = taccept2[i] = -1;
        if (!s->count[p]) continue;
        int top = TOP(s, p);
        if (s->built[i]) {
            int step = RANK(top) - RANK(s->cards[p][s->count[p] - 2]);
            int r = RANK(top) + step;
            if (r > 0 && r <= 13) taccept1[i] = top + step;
        } else {
            if (RANK(top) < 13) taccept1[i] = top + 1;
            if (RANK(top) > 1) taccept2[i] = top - 1;
        }
    }
    for (int si = -1; si < nt; si++) {
        int src = si < 0 ? WASTE : TABLEAU + si;
        if (!s->count[src]) continue;
        int card = TOP(s, src);
        if (RANK(card) == 1 && first_empty >= 0 && !((started >> (card >> 4)) & 1))
            for (f = 0; f < 4; f++)
                if (!s->count[FOUNDATION + f]) { out[k].src = src; out[k].dst = FOUNDATION + f; k++; }
        for (f = 0; f < 4; f++) if (faccept[f] == card) { out[k].src = src; out[k].dst = FOUNDATION + f; k++; }
        for (i = 0; i < nt; i++) {
            if (TABLEAU + i == src) continue;
            if (taccept1[i] == card || taccept2[i] == card) { out[k].src = src; out[k].dst = TABLEAU + i; k++; }
        }
    }
    return k;
}

/* Plays m; the undo entry: 1 if the source pile's built count went down.  Never out of memory. */
static int bs_push(Position *s, Move m) {
    int32_t u = 0;
    if (m.src < 0) {
        s->cards[WASTE][s->count[WASTE]++] = s->cards[STOCK][--s->count[STOCK]];
    } else {
        if (m.src >= TABLEAU && s->built[m.src - TABLEAU]) { s->built[m.src - TABLEAU]--; u = 1; }
        if (m.dst >= TABLEAU && s->count[m.dst]) s->built[m.dst - TABLEAU]++;
        s->cards[m.dst][s->count[m.dst]++] = s->cards[m.src][--s->count[m.src]];
        if (m.dst < TABLEAU) s->cards_home++;
    }
    s->undo[s->depth] = u;
    return 0;
}

static void bs_pop(Position *s, Move m, int32_t u) {
    if (m.src < 0) {
        s->cards[STOCK][s->count[STOCK]++] = s->cards[WASTE][--s->count[WASTE]];
        return;
    }
    s->cards[m.src][s->count[m.src]++] = s->cards[m.dst][--s->count[m.dst]];
    if (m.dst < TABLEAU) s->cards_home--;
    if (m.dst >= TABLEAU && s->count[m.dst]) s->built[m.dst - TABLEAU]--;
    if (u) s->built[m.src - TABLEAU]++;
}

/* The kind of a move in the search order (BritishSquareKnowledge.ordered_moves): home, tableau to tableau,
 * waste, stock, deal. */
static int bs_move_kind(Move m) {
    if (m.src < 0) return 4;
    if (m.dst < TABLEAU) return 0;
    if (m.src == STOCK) return 3;
    return m.src >= TABLEAU ? 1 : 2;
}
/* Two transfer moves equivalent by symmetry (same source/destination signature): the same or
 * identical source piles, and the same or identical destinations (two empty foundations). */
static int bs_equivalent(const Position *s, Move a, Move b) {
    if (a.src < 0 || b.src < 0) return 0;
    int srcs = a.src == b.src || (a.src >= TABLEAU && b.src >= TABLEAU && same_pile(s, a.src, b.src, 1));
    if (!srcs) return 0;
    if (a.dst == b.dst) return 1;
    if (a.dst < TABLEAU || b.dst < TABLEAU)
        return a.dst < TABLEAU && b.dst < TABLEAU && !s->count[a.dst] && !s->count[b.dst];
    return same_pile(s, a.dst, b.dst, 1);
}

/* British Square's safe move (BritishSquareKnowledge.safe_moves): the card a descending foundation needs,
 * when no pile is left empty while the stock or the waste holds a card. */
static int bs_safe_move(const Position *s, const Move *mv, int k) {
    for (int i = 0; i < k; i++) {
        Move m = mv[i];
        if (m.src < 0 || m.src == STOCK || m.dst >= TABLEAU || s->count[m.dst] < 13) continue;
        if (m.src == WASTE) {
            if (s->count[STOCK] || s->count[WASTE] != 1) continue;
        } else if (s->count[m.src] < 2 && (s->count[STOCK] || s->count[WASTE])) continue;
        return i;
    }
    return -1;
}

/* The moves the pruned search tries (BritishSquareKnowledge.safe_moves, then search_moves): the safe move
 * alone, else the legal moves (reordered in place) by kind, one of each symmetric set. */
static int bs_search_moves(const Position *s, Move *legal, int k, Move *out) {
    int safe = bs_safe_move(s, legal, k), key[MAX_MOVES], kept = 0;
    if (safe >= 0) { out[0] = legal[safe]; return 1; }
    for (int i = 0; i < k; i++) key[i] = bs_move_kind(legal[i]);
    sort_by_key(legal, key, k);
    for (int i = 0; i < k; i++) {
        int dup = 0;
        for (int j = 0; j < kept && !dup; j++) dup = bs_equivalent(s, legal[i], out[j]);
        if (!dup) out[kept++] = legal[i];
    }
    return kept;
}

/* ---------------------------------------------------------------------------------- dead ends */

/* Fills a suit's foundation on from `filled` places while `copies` has a copy of the next rank
 * left; used[rank] counts the places of each rank filled so far (updated).  Returns the places. */
static int bs_fill_on(int filled, int suit, int *used, const uint8_t *copies) {
    while (filled < 26) {
        int rank = bs_foundation_needs(filled);
        if (used[rank] >= copies[rank + 16 * suit]) break;
        used[rank]++;
        filled++;
    }
    return filled;
}

/* The cards that could ever move, from the tableau and a part of the waste and of the stock
 * (_Reach in solver/british_square.py): the waste's cards[WASTE][waste_lo..) and the stock's
 * cards[STOCK][stock_lo..) (the last one is dealt first).  fixed[k]: the cards at the foot of
 * tableau pile k not counted; waste_left / stock_left: the waste and stock cards given not counted;
 * accepts[card]: the directions (UP, DOWN) some copy of the card could take a card on top of it;
 * fillable[suit]: the places of its foundation the counted cards could fill in order (used[suit]:
 * the copies of each rank they take).  Kept at the least fixpoint; giving more waste
 * (reach_add_waste) or stock (reach_add_stock) grows it on from there to the larger system's.
 *
 * Python grows _Reach by whole passes; here it grows by a worklist, to the same fixpoint (the
 * system is monotone): a card that could not be counted is looked at again only when something
 * it depends on changed (a neighbour's accepts, its suit's fillable, an empty pile possible). */
enum { UP = 1, DOWN = 2 };
typedef struct {
    int found[4], fillable[4], fixed[16];
    int waste_lo, waste_left, stock_lo, stock_left, empty_possible;
    int used[4][14];
    uint8_t movable[64], accepts[64], refills[64], stock_counted[MAX_CARDS];
    uint8_t stock_copies[64], stock_at[64][2];  /* where each card lies in the stock (two packs) */
    uint16_t anchored[64];  /* the piles whose highest card not counted is the card */
} Reach;

/* One growth: the cards to look at again (each queued once at a time). */
typedef struct {
    const Position *s;
    Reach *r;
    int n;
    uint8_t stack[64], queued[64];
} Growth;

static void growth_queue(Growth *g, int card) {
    if (g->queued[card]) return;
    g->queued[card] = 1;
    g->stack[g->n++] = (uint8_t)card;
}

/* Could the card go somewhere once free: home, onto a card one rank from it that could accept it,
 * or (fills_empty) onto a pile that could be emptied. */
static int reach_could_go(const Reach *r, int card, int fills_empty) {
    int suit = card >> 4, rank = RANK(card);
    int first_place = r->found[suit] < rank ? rank : 27 - rank;
    if (r->fillable[suit] >= first_place - 1) return 1;
    if (rank > 1 && (r->accepts[card - 1] & UP)) return 1;
    if (rank < 13 && (r->accepts[card + 1] & DOWN)) return 1;
    return fills_empty;
}

/* The card accepts `step` too; a counted neighbour it accepts accepts the same way (built on it),
 * and the neighbours' blocked copies are looked at again. */
static void reach_accept(Growth *g, int card, int step) {
    Reach *r = g->r;
    int more = step & ~r->accepts[card], rank = RANK(card);
    if (!more) return;
    r->accepts[card] |= (uint8_t)more;
    if ((more & UP) && rank < 13) {
        if (r->movable[card + 1]) reach_accept(g, card + 1, UP);
        growth_queue(g, card + 1);
    }
    if ((more & DOWN) && rank > 1) {
        if (r->movable[card - 1]) reach_accept(g, card - 1, DOWN);
        growth_queue(g, card - 1);
    }
}

/* The direction a tableau card could take a card where it lies: its pile's step if built there. */
static int pile_step(const Position *s, int k, int i) {
    const uint8_t *pile = s->cards[TABLEAU + k];
    if (i < 1 || i < s->count[TABLEAU + k] - s->built[k]) return UP | DOWN;
    return RANK(pile[i]) > RANK(pile[i - 1]) ? UP : DOWN;
}

static void reach_empty_pile(Growth *g) {
    Reach *r = g->r;
    if (r->empty_possible) return;
    r->empty_possible = 1;
    for (int card = 0; card < 64; card++)
        if (r->refills[card]) reach_accept(g, card, UP | DOWN);
    if (r->waste_left) growth_queue(g, g->s->cards[WASTE][r->waste_lo + r->waste_left - 1]);
    for (int i = r->stock_lo; i < g->s->count[STOCK]; i++)
        if (!r->stock_counted[i]) growth_queue(g, g->s->cards[STOCK][i]);
}

/* Counts a card as one that could move (refill: a waste or stock card, which could also fill an
 * empty pile); the places its suit can fill now are looked at again. */
static void reach_count(Growth *g, int card, int refill) {
    Reach *r = g->r;
    int suit = SUIT(card), rank = RANK(card), before = r->fillable[suit], step = 0;
    r->movable[card]++;
    if (refill) r->refills[card] = 1;
    r->fillable[suit] = bs_fill_on(before, suit, r->used[suit], r->movable);
    for (int place = before + 1; place <= r->fillable[suit] && place < 26; place++)
        growth_queue(g, bs_foundation_needs(place) + 16 * suit);
    if (rank > 1 && (r->accepts[card - 1] & UP)) step |= UP;
    if (rank < 13 && (r->accepts[card + 1] & DOWN)) step |= DOWN;
    if (r->refills[card] && r->empty_possible) step = UP | DOWN;
    reach_accept(g, card, step);
}

/* Pile k's highest card not counted: it could take a card where it lies, and is looked at. */
static void reach_anchor(Growth *g, int k) {
    Reach *r = g->r;
    int i = r->fixed[k] - 1, card = g->s->cards[TABLEAU + k][i];
    r->anchored[card] |= (uint16_t)(1u << k);
    reach_accept(g, card, pile_step(g->s, k, i));
    growth_queue(g, card);
}

/* Counts every blocked copy of the card that could now go: the highest card not counted of a
 * tableau pile, the top card not counted of the waste part, a stock card not counted. */
static void reach_look_at(Growth *g, int card) {
    const Position *s = g->s;
    Reach *r = g->r;
    int k, c;
    while (r->anchored[card] && reach_could_go(r, card, 0)) {
        k = __builtin_ctz(r->anchored[card]);
        r->anchored[card] &= (uint16_t)(r->anchored[card] - 1);
        r->fixed[k]--;
        reach_count(g, card, 0);
        if (r->fixed[k]) reach_anchor(g, k);
        else reach_empty_pile(g);
    }
    if (r->waste_left && s->cards[WASTE][r->waste_lo + r->waste_left - 1] == card
            && reach_could_go(r, card, r->empty_possible)) {
        r->waste_left--;
        reach_count(g, card, 1);
        if (r->waste_left) growth_queue(g, s->cards[WASTE][r->waste_lo + r->waste_left - 1]);
    }
    for (c = 0; c < r->stock_copies[card]; c++) {
        int i = r->stock_at[card][c];
        if (i < r->stock_lo || r->stock_counted[i] || !reach_could_go(r, card, r->empty_possible)) continue;
        r->stock_counted[i] = 1;
        r->stock_left--;
        reach_count(g, card, 1);
    }
}

static void growth_run(Growth *g) {
    while (g->n) {
        int card = g->stack[--g->n];
        g->queued[card] = 0;
        reach_look_at(g, card);
    }
}

static void growth_start(Growth *g, const Position *s, Reach *r) {
    g->s = s;
    g->r = r;
    g->n = 0;
    memset(g->queued, 0, sizeof g->queued);
}

/* The fixpoint over the tableau and the given waste and stock parts, from no card counted. */
static void reach_init(const Position *s, Reach *r, const int *found, int waste_lo, int stock_lo) {
    Growth g;
    int k, i;
    memset(r, 0, sizeof *r);
    memcpy(r->found, found, sizeof r->found);
    memcpy(r->fillable, found, sizeof r->fillable);
    r->waste_lo = waste_lo;
    r->waste_left = s->count[WASTE] - waste_lo;
    r->stock_lo = stock_lo;
    r->stock_left = s->count[STOCK] - stock_lo;
    for (i = 0; i < s->count[STOCK]; i++) {
        int card = s->cards[STOCK][i];
        if (r->stock_copies[card] < 2) r->stock_at[card][r->stock_copies[card]++] = (uint8_t)i;
    }
    growth_start(&g, s, r);
    for (k = 0; k < s->ntableau; k++) {
        if ((r->fixed[k] = s->count[TABLEAU + k])) reach_anchor(&g, k);
        else reach_empty_pile(&g);
    }
    if (r->waste_left) growth_queue(&g, s->cards[WASTE][s->count[WASTE] - 1]);
    for (i = stock_lo; i < s->count[STOCK]; i++) growth_queue(&g, s->cards[STOCK][i]);
    growth_run(&g);
}

/* One more waste card given, under those given; one more stock card, the next dealt after them. */
static void reach_add_waste(const Position *s, Reach *r) {
    Growth g;
    r->waste_lo--;
    if (r->waste_left++) return;  /* under a card that cannot be counted: the fixpoint stands */
    growth_start(&g, s, r);
    growth_queue(&g, s->cards[WASTE][r->waste_lo]);
    growth_run(&g);
}

static void reach_add_stock(const Position *s, Reach *r) {
    Growth g;
    r->stock_lo--;
    r->stock_left++;
    growth_start(&g, s, r);
    growth_queue(&g, s->cards[STOCK][r->stock_lo]);
    growth_run(&g);
}

/* Cards counted for bs_waste_needs_more_piles (_PileTally in solver/british_square.py): each suit's
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
 * (waste_needs_more_piles in solver/british_square.py). */
static int bs_waste_needs_more_piles(const Position *s, const int *found) {
    PileTally t;
    int k, i;
    memset(&t, 0, sizeof t);
    for (k = 0; k < 4; k++) t.filled[k] = found[k];
    for (k = 0; k < s->ntableau; k++)
        for (i = 0; i < s->count[TABLEAU + k]; i++) tally_add(&t, s->cards[TABLEAU + k][i], 0);
    for (int j = s->count[WASTE] - 1; j > 0; j--) {
        tally_add(&t, s->cards[WASTE][j], 1);
        if (tally_piles(&t) <= s->ntableau) continue;
        PileTally trial = t;
        int room = 0;
        for (i = s->count[STOCK] - 1; i >= 0 && !room; i--) {
            tally_add(&trial, s->cards[STOCK][i], 1);
            room = tally_piles(&trial) <= s->ntableau;
        }
        if (!room) return 1;
    }
    return 0;
}

/* Runs of consecutive ranks must start at rank r at least as often as rank r holds more cards
 * (loose and anchors) than rank r - 1: the term of rank r in _cover (solver/british_square.py). */
static int bs_starts_at(const int *loose, const int *anchors, int rank) {
    int here = loose[rank] + anchors[rank], before = rank > 1 ? loose[rank - 1] + anchors[rank - 1] : 0;
    return here > before ? here - before : 0;
}

/* The fewest piles a suit's cards could lie in, its foundation taking loose copies from `found`
 * places up to any number to `fillable` (_runs_needed); loose[] is used as scratch.  Taking one
 * card of rank r changes only the terms of r and r + 1 of the count. */
static int bs_runs_needed(int *loose, const int *anchors, int found, int fillable) {
    int runs = 0, n_anchors = 0, rank;
    for (rank = 1; rank <= 13; rank++) {
        runs += bs_starts_at(loose, anchors, rank);
        n_anchors += anchors[rank];
    }
    int fewest = runs;
    for (int place = found; place < fillable; place++) {
        rank = bs_foundation_needs(place);
        if (!loose[rank]) break;
        runs -= bs_starts_at(loose, anchors, rank) + (rank < 13 ? bs_starts_at(loose, anchors, rank + 1) : 0);
        loose[rank]--;
        runs += bs_starts_at(loose, anchors, rank) + (rank < 13 ? bs_starts_at(loose, anchors, rank + 1) : 0);
        if (runs < fewest) fewest = runs;
    }
    return fewest > n_anchors ? fewest : n_anchors;
}

/* Could the cards in the tableau when the waste card under r's waste part comes up, r's stock part
 * dealt by then, lie in the tableau piles (_fits in solver/british_square.py)? */
static int bs_fits(const Position *s, const Reach *r) {
    int loose[4][14], anchors[4][14], nt = s->ntableau, k, piles = 0;
    if (r->waste_left || r->stock_left) return 0;
    memset(anchors, 0, sizeof anchors);
    for (k = 0; k < nt; k++)
        if (r->fixed[k]) {
            int anchor = s->cards[TABLEAU + k][r->fixed[k] - 1];
            anchors[SUIT(anchor)][RANK(anchor)]++;
        }
    /* every card given is counted now: the cards loose in the tableau are the counted ones */
    for (k = 0; k < 4; k++) {
        for (int rank = 1; rank <= 13; rank++) loose[k][rank] = r->movable[rank + 16 * k];
        piles += bs_runs_needed(loose[k], anchors[k], r->found[k], r->fillable[k]);
        if (piles > nt) return 0;
    }
    return 1;
}

/* Some waste card can never come to the top: with any number of stock cards dealt by then, the
 * cards then in the tableau would need more piles than there are (waste_card_never_uncovered in
 * solver/british_square.py, which says why D starts at `freed` and why the test may give up
 * after UNCOVER_TRIES pairs).  The waste part above the card grows one card at a time, and the
 * stock part with it, so each fixpoint grows on from the one before. */
#define UNCOVER_TRIES 64
static int bs_waste_card_never_uncovered(const Position *s, const int *found) {
    int nt = s->ntableau, nw = s->count[WASTE], ns = s->count[STOCK], k, freed = 0, tries = 0;
    for (k = 0; k < nt; k++)
        if (s->count[TABLEAU + k] && s->built[k] < s->count[TABLEAU + k] - 1) return 0;
    if (nw < 2 || nw < nt) return 0;  /* cheap positions first; see the Python docstring */
    Reach above, dealing;
    reach_init(s, &above, found, nw - 1, ns);
    for (int j = nw - 2; j >= 0; j--) {  /* the waste card cards[WASTE][j], with above's part over it */
        int dealt = freed;
        dealing = above;
        for (int d = 0; d < dealt; d++) reach_add_stock(s, &dealing);
        freed = -1;
        for (;;) {
            if (++tries > UNCOVER_TRIES) return 0;
            if (!dealing.waste_left && freed < 0) freed = dealt;
            if (bs_fits(s, &dealing)) break;
            if (dealt == ns) return 1;
            reach_add_stock(s, &dealing);
            dealt++;
        }
        if (j) reach_add_waste(s, &above);
    }
    return 0;
}

/* British Square's dead end (BritishSquareKnowledge.is_dead): a suit whose foundation cannot be
 * completed from the cards home and the cards that could ever move (Reach over the whole
 * position), a waste too deep for the piles, or a waste card that never comes up. */
static int bs_dead_end(const Position *s) {
    int found[4] = {0, 0, 0, 0}, k;
    for (k = 0; k < 4; k++)
        if (s->count[FOUNDATION + k]) found[SUIT(s->cards[FOUNDATION + k][0])] = s->count[FOUNDATION + k];
    if (bs_waste_needs_more_piles(s, found)) return 1;  /* the cheaper test first */
    Reach r;
    reach_init(s, &r, found, 0, 0);
    for (k = 0; k < 4; k++) if (r.fillable[k] < 26) return 1;
    return bs_waste_card_never_uncovered(s, found);
}

/* ---------------------------------------------------------------------------------------- key */

/* The part of a British Square canonical key outside the tableau: stock size, the waste, and each
 * suit's foundation size (foundations are interchangeable).  Appends at buf; returns its length. */
static int bs_key_head(const Position *s, uint8_t *buf) {
    int k = 0, i, found[4] = {0, 0, 0, 0};
    buf[k++] = (uint8_t)s->count[STOCK];
    buf[k++] = (uint8_t)s->count[WASTE];
    memcpy(buf + k, s->cards[WASTE], s->count[WASTE]);
    k += s->count[WASTE];
    for (i = 0; i < 4; i++)
        if (s->count[FOUNDATION + i]) found[SUIT(s->cards[FOUNDATION + i][0])] = s->count[FOUNDATION + i];
    for (i = 0; i < 4; i++) buf[k++] = (uint8_t)found[i];
    return k;
}

/* The hash of the canonical key (BritishSquareKnowledge.canonical_key): the head, and the tableau
 * piles as interchangeable, each with its built count. */
static void bs_canonical_hash(const Position *s, uint8_t *buf, uint64_t *h1, uint64_t *h2) {
    hash_with_piles(s, buf, bs_key_head(s, buf), 0x100u, s->built, h1, h2);
}

/* ------------------------------------------------------------------------ the family's table */

static const char *bs_set_up(Position *s, int flags) {
    if (flags != 4 && flags != 16) return "british square has 4 or 16 piles";
    s->ntableau = flags;
    return NULL;
}

static const char *bs_read_fields(Position *s, const long *fields, int n) {
    if (n != s->ntableau) return "extra: one built count per pile";
    for (int i = 0; i < s->ntableau; i++) s->built[i] = (int)fields[i];
    return NULL;
}

static int bs_write_fields(const Position *s, long *fields) {
    for (int i = 0; i < s->ntableau; i++) fields[i] = s->built[i];
    return s->ntableau;
}

const FamilyOps british_square_ops = {
    .name = "british square",
    FAMILY_FUNCTIONS(bs),
    .playout_ends_at_dead_end = 0,
    .positions_recur = 1,  /* tableau moves can go back and forth */
};
