/* Nested Monte-Carlo search (Cazenave 2009) over the pruned moves: a level-0 search is one playout
 * (the game's most promising move, or with a small probability a random one, until no move is
 * left); a level-n search tries every move followed by a level-(n-1) search, then plays the first
 * move of the best line found so far, and so on.  Score: cards home.  It only ever answers "won",
 * with a line it actually played, or nothing: it proves no loss.  Positions met twice in one line
 * end it (tableau moves can go round in circles), and so, where the family asks for it
 * (FamilyOps.playout_ends_at_dead_end), does a dead end.  Mirrors
 * cadogan/solver/playouts.py (with its own random numbers). */
#include "core.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NESTED_SEEN_BITS 14  /* the positions of one playout: a table of 2^14 hashes */

/* xorshift64; per thread, as searches run with the GIL released. */
static __thread uint64_t rng_state;

static uint64_t rng_next(void) {
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return rng_state;
}

/* The work of one nested search: its limits, counters, the lines of each level, and the positions
 * met in the current playout (a slot is empty unless its generation is the playout's). */

typedef struct {
    Limits limits;
    long long nodes, playouts;
    int stop;                        /* RES_UNKNOWN: a limit was reached, RES_INTERRUPT: a signal */
    Move *seq[NESTED_MAX_LEVEL + 1][2];       /* per level: best line so far, line of the latest try */
    uint64_t seen[1 << NESTED_SEEN_BITS];
    uint32_t seen_gen[1 << NESTED_SEEN_BITS];
    uint32_t gen;
    uint8_t key[KEY_BYTES];
} NestedSearch;

/* The chance that a playout's move is a random one instead of the first, playout by playout in turn. */
static const double NESTED_RANDOM_SHARE[5] = {0.01, 0.03, 0.06, 0.12, 0.25};

/* Counts a move; the search's stop reason so far (0: go on). */
static int nested_tick(NestedSearch *w) {
    w->nodes++;
    if ((w->nodes & 255) == 0 && !w->stop) w->stop = limits_reached(&w->limits, w->nodes);
    return w->stop;
}

/* 1 if the position was already met in this playout (and remembers it otherwise). */
static int nested_seen(NestedSearch *w, const Position *s) {
    if (!s->ops->positions_recur) return 0;  /* every move is progress: no circles */
    uint64_t h1, h2;
    key_hash(s, w->key, 0, &h1, &h2);
    size_t mask = (1u << NESTED_SEEN_BITS) - 1, i = (size_t)h1 & mask;
    for (int probe = 0; probe < 64; probe++, i = (i + 1) & mask) {
        if (w->seen_gen[i] != w->gen) { w->seen_gen[i] = w->gen; w->seen[i] = h1; return 0; }
        if (w->seen[i] == h1) return 1;
    }
    return 1;  /* table crowded: treat as met, which only shortens the playout */
}

/* A measure no move lowers: gatherings used, cards home, cards dealt from the stock.  A position
 * can come back in a line only across moves that leave it unchanged. */
static long long nested_progress(const Position *s) {
    return ((long long)(64 - s->redeals) << 20) | ((long long)s->cards_home << 10) | (1023 - s->count[STOCK]);
}

/* Plays m in a playout unless it leads back to a position met since the measure last rose; 1 if
 * played.  The positions met are remembered for the current level of the measure only, and the
 * first of them only once a move leaves the level unchanged: a move that raises it needs no key
 * (in Square's dealing phase, none does). */
static int nested_try(Position *s, NestedSearch *w, Move m, long long *level, int *first_kept) {
    if (push_move(s, m)) { w->stop = RES_UNKNOWN; return 0; }
    long long now = nested_progress(s);
    if (now != *level) {
        *level = now;
        *first_kept = 0;
        w->gen++;
        return 1;
    }
    if (!*first_kept) {
        pop_move(s);
        nested_seen(w, s);
        *first_kept = 1;
        if (push_move(s, m)) { w->stop = RES_UNKNOWN; return 0; }
    }
    if (nested_seen(w, s)) { pop_move(s); return 0; }
    return 1;
}

/* Which of the k moves (k > 1, in the order of promise) a playout tries first. */
typedef int (*PlayoutPick)(const Position *s, const Move *mv, int k, void *how);

/* One playout from s (restored on return): at each step the move `pick` chooses, or the first after
 * it (round the list) that does not lead back to a position met; its moves go to seq.  Returns
 * the cards home at its end. */
static int playout(Position *s, NestedSearch *w, PlayoutPick pick, void *how, Move *seq, int *len) {
    int start = s->depth, n = 0, first_kept = 0;
    long long level = nested_progress(s);
    Move mv[MAX_MOVES];
    w->gen++;
    while (n < NESTED_MAX_LINE - 1 && s->cards_home < 104 && !w->stop) {
        int k = search_moves(s, mv), moved = 0;
        if (!k) break;
        int first = k > 1 ? pick(s, mv, k, how) : 0;
        for (int t = 0; t < k && !moved && !w->stop; t++) {
            if (!nested_try(s, w, mv[(first + t) % k], &level, &first_kept)) continue;
            moved = 1;
            nested_tick(w);
        }
        if (!moved) break;
        n++;
        if (s->ops->playout_ends_at_dead_end && is_dead(s)) break;  /* GameKnowledge.playout_ends_at_dead_end */
    }
    int home = s->cards_home;
    memcpy(seq, s->moves + start, sizeof(Move) * n);
    *len = n;
    while (s->depth > start) pop_move(s);
    return home;
}

/* The nested playouts' pick: the first move, or with the chance *how (of 2^64) a random one. */
static int pick_mostly_first(const Position *s, const Move *mv, int k, void *how) {
    return rng_next() < *(uint64_t *)how ? (int)(rng_next() % (uint64_t)k) : 0;
}

/* One nested playout from s (restored on return); its moves go to seq.  Returns the cards home at its end. */
static int nested_playout(Position *s, NestedSearch *w, Move *seq, int *len) {
    double eps = NESTED_RANDOM_SHARE[w->playouts++ % 5];
    uint64_t threshold = (uint64_t)(eps * 18446744073709551615.0);
    return playout(s, w, pick_mostly_first, &threshold, seq, len);
}

/* A level-`level` search from s (restored on return); its best line goes to out. */
static int nested_search(Position *s, NestedSearch *w, int level, Move *out, int *out_len) {
    if (level == 0) return nested_playout(s, w, out, out_len);
    Move *best = w->seq[level][0], *tried = w->seq[level][1];
    int best_len = 0, best_home = -1, start = s->depth, steps = 0;
    Move mv[MAX_MOVES];
    while (steps + best_len < NESTED_MAX_LINE - 2 && s->cards_home < 104 && !w->stop) {
        int k = search_moves(s, mv);
        if (!k) break;
        /* A forced move (the only one, so the best line's next) is played without a search of its
         * own: the best line already goes on from it, and in Precedence most moves are forced. */
        int forced = k == 1 && best_len;
        for (int i = 0; i < k && !w->stop && !forced; i++) {
            if (push_move(s, mv[i])) { w->stop = RES_UNKNOWN; break; }
            nested_tick(w);
            int tried_len = 0;
            int home = s->cards_home == 104 ? 104 : nested_search(s, w, level - 1, tried, &tried_len);
            pop_move(s);
            if (home > best_home && tried_len + 1 < NESTED_MAX_LINE - steps - 1) {
                best_home = home;
                best[0] = mv[i];
                memcpy(best + 1, tried, sizeof(Move) * tried_len);
                best_len = tried_len + 1;
            }
            if (best_home == 104) break;
        }
        if (!best_len || w->stop) break;
        if (push_move(s, best[0])) { w->stop = RES_UNKNOWN; break; }
        steps++;
        memmove(best, best + 1, sizeof(Move) * --best_len);
    }
    if (s->cards_home > best_home) best_home = s->cards_home;
    memcpy(out, s->moves + start, sizeof(Move) * steps);
    memcpy(out + steps, best, sizeof(Move) * best_len);
    *out_len = steps + best_len;
    while (s->depth > start) pop_move(s);
    return best_home;
}

static void nested_free(NestedSearch *w) {
    if (!w) return;
    for (int l = 0; l <= NESTED_MAX_LEVEL; l++) for (int j = 0; j < 2; j++) free(w->seq[l][j]);
    free(w);
}

/* A nested search of the given level (0..NESTED_MAX_LEVEL) from s (restored on return) within the
 * limits (negative: none), its random numbers seeded by seed.  Its best line goes to line (room
 * for NESTED_MAX_LINE moves), the moves pushed to *nodes_out, the cards home at the line's end to
 * *home_out.  Returns RES_WON, RES_UNKNOWN, RES_NOMEM or RES_INTERRUPT.  Runs with the GIL
 * released (*ts). */
int run_playouts(Position *s, int level, double timeout, long long max_nodes, unsigned long long seed,
                 PyThreadState **ts, Move *line, int *line_len, long long *nodes_out, int *home_out) {
    NestedSearch *w = calloc(1, sizeof(NestedSearch));
    int ok = w != NULL;
    for (int l = 0; ok && l <= NESTED_MAX_LEVEL; l++)
        for (int j = 0; j < 2; j++) ok = ok && (w->seq[l][j] = malloc(sizeof(Move) * NESTED_MAX_LINE)) != NULL;
    *line_len = 0;
    *nodes_out = 0;
    *home_out = s->cards_home;
    if (!ok) { nested_free(w); return RES_NOMEM; }
    w->limits = limits_start(timeout, max_nodes, ts);
    begin_search(s);
    rng_state = seed * 0x9E3779B97F4A7C15ULL | 1;
    int home = s->cards_home == 104 ? 104 : nested_search(s, w, level, line, line_len);
    int stop = w->stop;
    *nodes_out = w->nodes;
    *home_out = home;
    nested_free(w);
    if (stop == RES_INTERRUPT) return RES_INTERRUPT;
    return home == 104 ? RES_WON : RES_UNKNOWN;
}

/* ------------------------------------------------------------------ nested rollout policy adaptation */

/* Nested Rollout Policy Adaptation (Rosin, IJCAI 2011; mirrors cadogan/solver/adaptation.py,
 * with its own random numbers): a playout draws each move with probability proportional to
 * exp(its code's weight - prior * its place in the order of promise); a level-n search runs
 * `iterations` level-(n-1) searches, each from a copy of its policy, and after each moves its
 * policy towards the best line found so far.  A code names what a move does: the card (a stock
 * card by how many cards the stock holds, any other by its face; a deal or a redeal by itself)
 * and where it goes (a foundation; a pile by its top card or as empty, and on which side of the
 * family's adaptation_row it lies).  Codes are hashed into a table of NRPA_SIZE weights; a
 * collision only blurs two weights. */

#define NRPA_BITS 15
#define NRPA_SIZE (1 << NRPA_BITS)
#define ENDGAME_BYTES (64LL << 20)  /* the table of an endgame search */

/* The choices a line was drawn from, kept with the line so that adapting a policy towards it needs
 * no replay (the moves of a position and their codes are most of a playout's cost): for each step
 * of the line that had a choice (k > 1), its moves in the order of promise and their codes. */
typedef struct { int step, k; } NrpaChoice;  /* the step of the line, the number of moves */

typedef struct {
    int steps, steps_cap, items, items_cap;
    NrpaChoice *choice;   /* per choice */
    unsigned *codes;      /* per move of each choice, in turn */
    Move *moves;
    int failed;           /* out of memory while recording */
} NrpaTrace;

/* Makes room for `steps` more choices of `items` moves in all; 0, or -1 out of memory. */
static int trace_room(NrpaTrace *t, int steps, int items) {
    if (t->steps + steps > t->steps_cap) {
        int cap = 2 * (t->steps + steps);
        NrpaChoice *choice = realloc(t->choice, sizeof(NrpaChoice) * (size_t)cap);
        if (!choice) return -1;
        t->choice = choice; t->steps_cap = cap;
    }
    if (t->items + items > t->items_cap) {
        int cap = 2 * (t->items + items);
        unsigned *codes = realloc(t->codes, sizeof(unsigned) * (size_t)cap);
        if (!codes) return -1;
        t->codes = codes;
        Move *moves = realloc(t->moves, sizeof(Move) * (size_t)cap);
        if (!moves) return -1;
        t->moves = moves; t->items_cap = cap;
    }
    return 0;
}

/* Empties the trace for a new line (its buffers are kept). */
static void trace_clear(NrpaTrace *t) { t->steps = t->items = t->failed = 0; }

/* Records a choice of k moves (their codes) at `step`. */
static void trace_add(NrpaTrace *t, int step, int k, const unsigned *codes, const Move *mv) {
    if (t->failed || trace_room(t, 1, k)) { t->failed = 1; return; }
    t->choice[t->steps++] = (NrpaChoice){step, k};
    memcpy(t->codes + t->items, codes, sizeof(unsigned) * (size_t)k);
    memcpy(t->moves + t->items, mv, sizeof(Move) * (size_t)k);
    t->items += k;
}

static void trace_copy(NrpaTrace *to, const NrpaTrace *from) {
    trace_clear(to);
    if (from->failed || trace_room(to, from->steps, from->items)) { to->failed = 1; return; }
    memcpy(to->choice, from->choice, sizeof(NrpaChoice) * (size_t)from->steps);
    memcpy(to->codes, from->codes, sizeof(unsigned) * (size_t)from->items);
    memcpy(to->moves, from->moves, sizeof(Move) * (size_t)from->items);
    to->steps = from->steps;
    to->items = from->items;
}

static void trace_free(NrpaTrace *t) {
    free(t->choice); free(t->codes); free(t->moves);
}

typedef struct { unsigned code; double delta; } NrpaChange;

typedef struct {
    NestedSearch *w;
    double *pol[NESTED_MAX_LEVEL + 1];  /* the policy of each level */
    NrpaTrace trace[NESTED_MAX_LEVEL + 2][2];  /* per level: of its best line, of its latest try */
    NrpaChange *changes;                /* an adaptation's changes, worked out before they apply */
    int changes_cap;
    int iterations, repeats;
    double alpha, prior;
    long long endgame_moves;  /* the budget of each endgame search (0: none) */
    long long endgame_spent;  /* moves the endgame searches have had so far */
    int endgame_best;         /* the most cards home of a playout whose endgame was searched */
} Nrpa;

static unsigned nrpa_code(const Position *s, Move m) {
    if (m.src < 0) return (unsigned)(fmix64((uint64_t)(512 - m.src)) & (NRPA_SIZE - 1));  /* deal, redeal */
    uint64_t card = m.src == STOCK ? 256 + (uint64_t)s->count[STOCK] : (uint64_t)TOP(s, m.src), where;
    if (m.dst < TABLEAU) {
        where = (uint64_t)m.dst;
    } else {
        uint64_t row = m.dst >= TABLEAU + s->ops->adaptation_row;
        where = s->count[m.dst] ? 1024 + (uint64_t)TOP(s, m.dst) + 256 * row : 4096 + row;
    }
    return (unsigned)(fmix64((card << 20 | where) + 0x9E3779B97F4A7C15ULL) & (NRPA_SIZE - 1));
}

/* A uniform draw in [0, 1). */
static double nrpa_uniform(void) { return (double)(rng_next() >> 11) * (1.0 / 9007199254740992.0); }

/* The probabilities of k moves (in the order of promise, by their codes) under the policy;
 * written to p. */
static void nrpa_probs(const double *pol, double prior, const unsigned *codes, int k, double *p) {
    double top = -1e300;
    for (int i = 0; i < k; i++) { p[i] = pol[codes[i]] - prior * i; if (p[i] > top) top = p[i]; }
    double z = 0;
    for (int i = 0; i < k; i++) { p[i] = exp(p[i] - top); z += p[i]; }
    for (int i = 0; i < k; i++) p[i] /= z;
}

/* The adaptation's pick: a move drawn from the policy, the choice recorded in the playout's trace
 * (*how is an NrpaPick; the step is the depth from the playout's start). */
typedef struct { const double *pol; double prior; NrpaTrace *trace; int start; } NrpaPick;

static int pick_by_policy(const Position *s, const Move *mv, int k, void *how) {
    const NrpaPick *by = how;
    unsigned codes[MAX_MOVES];
    double p[MAX_MOVES], u = nrpa_uniform(), acc = 0;
    for (int i = 0; i < k; i++) codes[i] = nrpa_code(s, mv[i]);
    trace_add(by->trace, s->depth - by->start, k, codes, mv);
    nrpa_probs(by->pol, by->prior, codes, k, p);
    int pick;
    for (pick = 0; pick < k - 1; pick++) { acc += p[pick]; if (u < acc) break; }
    return pick;
}

/* One playout from s (restored on return) drawn from the policy pol; its moves go to seq, its
 * choices to trace.  Returns the cards home at its end. */
static int nrpa_playout(Position *s, Nrpa *r, const double *pol, Move *seq, int *len, NrpaTrace *trace) {
    NrpaPick by = {pol, r->prior, trace, s->depth};
    trace_clear(trace);
    r->w->playouts++;
    return playout(s, r->w, pick_by_policy, &by, seq, len);
}

/* Moves pol towards the line seq of len moves, whose choices are in trace: each move of a choice
 * down by alpha times its probability, the move the line made up by alpha.  Every probability is
 * taken from pol as it was before: the changes are worked out first and applied after, in the same
 * order (the weights come out as with a copy of the old policy). */
static void nrpa_adapt(Nrpa *r, double *pol, const NrpaTrace *trace, const Move *seq, int len) {
    if (trace->failed) { r->w->stop = RES_NOMEM; return; }  /* the line's choices were not all kept */
    if (trace->items + trace->steps > r->changes_cap) {
        int cap = 2 * (trace->items + trace->steps);
        NrpaChange *grown = realloc(r->changes, sizeof(NrpaChange) * (size_t)cap);
        if (!grown) { r->w->stop = RES_NOMEM; return; }
        r->changes = grown; r->changes_cap = cap;
    }
    double p[MAX_MOVES];
    int n = 0;
    for (int c = 0, off = 0; c < trace->steps; off += trace->choice[c++].k) {
        int step = trace->choice[c].step, k = trace->choice[c].k;
        if (step >= len) break;  /* the playout's last choice, where no move could be made */
        const unsigned *codes = trace->codes + off;
        const Move *mv = trace->moves + off;
        nrpa_probs(pol, r->prior, codes, k, p);
        int made = -1;
        for (int i = 0; i < k; i++) {
            r->changes[n++] = (NrpaChange){codes[i], -r->alpha * p[i]};
            if (mv[i].src == seq[step].src && mv[i].dst == seq[step].dst) made = i;
        }
        if (made >= 0) r->changes[n++] = (NrpaChange){codes[made], r->alpha};
    }
    for (int i = 0; i < n; i++) pol[r->changes[i].code] += r->changes[i].delta;
}

/* After a playout that reached the endgame (the stock empty) with more cards home than any playout
 * whose endgame was searched before, the complete search (search.c, pruned) from the endgame's
 * start, within r->endgame_moves moves, as long as such searches have had at most a quarter of
 * the moves spent.  Returns the cards home: 104 when it won, and then line (of *len moves) is the
 * playout's line to the endgame followed by the search's win.  Why: the playouts learn where the
 * cards go, but once the stock is empty a playout's own moves often lose an endgame the complete
 * search wins at once (Square free, deal 2: a best line of 82 cards home, its endgame won in
 * 0.8 s); and the playouts that bring more cards home are the ones whose piles are laid best.
 * A won line's trace still holds the playout's choices only: no level adapts to it, since every
 * level stops at 104 cards home before it adapts. */
static int nrpa_endgame(Position *s, Nrpa *r, Move *line, int *len, int home) {
    NestedSearch *w = r->w;
    if (!r->endgame_moves || home >= 104 || home <= r->endgame_best) return home;
    if (3 * (r->endgame_spent + r->endgame_moves) > w->nodes - r->endgame_spent) return home;
    int start = s->depth, n = 0;
    while (n < *len && s->count[STOCK] && !push_move(s, line[n])) n++;
    if (!s->count[STOCK]) {
        long long nodes = 0;
        int root = s->depth;
        Move first = {0, 0};
        r->endgame_best = home;
        int res = run_search(s, 1, -1.0, r->endgame_moves, ENDGAME_BYTES, &nodes, &root, w->limits.ts, &first);
        w->nodes += nodes;
        r->endgame_spent += nodes;
        if (res == RES_WON && n + s->depth - root <= NESTED_MAX_LINE) {
            for (int d = root; d < s->depth; d++) line[n++] = s->moves[d];
            *len = n;
            home = 104;
        }
    }
    while (s->depth > start) pop_move(s);
    return home;
}

/* A level-`level` search from s (restored on return) with the policy r->pol[level], which it adapts;
 * its best line goes to out, the line's choices to out_trace.  Ties move the best line on (Rosin's
 * >=): the policy drifts.  Once the level below has brought back the best line r->repeats times
 * since it became the best (0: no limit), the policy has converged and the level stops early
 * (limited repetitions, Cazenave 2024): its caller adapts and tries again, or, at the top, the
 * caller starts a new search. */
static int nrpa_search(Position *s, Nrpa *r, int level, Move *out, int *out_len, NrpaTrace *out_trace) {
    NestedSearch *w = r->w;
    Move *best = w->seq[level][0], *tried = w->seq[level][1];
    NrpaTrace *best_trace = &r->trace[level][0], *tried_trace = &r->trace[level][1];
    int best_len = 0, best_home = -1, repeats = 0;
    trace_clear(best_trace);
    for (int it = 0; it < r->iterations && !w->stop; it++) {
        int tried_len = 0, home;
        if (level == 1) {  /* a playout only reads the policy: no copy */
            home = nrpa_playout(s, r, r->pol[1], tried, &tried_len, tried_trace);
            home = nrpa_endgame(s, r, tried, &tried_len, home);
        } else {
            memcpy(r->pol[level - 1], r->pol[level], sizeof(double) * NRPA_SIZE);
            home = nrpa_search(s, r, level - 1, tried, &tried_len, tried_trace);
        }
        if (home == best_home && tried_len == best_len && !memcmp(tried, best, sizeof(Move) * tried_len)) {
            if (r->repeats && ++repeats >= r->repeats) break;  /* converged: the level's work is done */
        } else if (home >= best_home) {
            repeats = 0;
        }
        if (home >= best_home) {  /* the try becomes the best line: the two buffers change roles, no copy */
            Move *line = best; best = tried; tried = line;
            NrpaTrace *choices = best_trace; best_trace = tried_trace; tried_trace = choices;
            best_home = home;
            best_len = tried_len;
        }
        if (best_home == 104) break;
        nrpa_adapt(r, r->pol[level], best_trace, best, best_len);
    }
    memcpy(out, best, sizeof(Move) * best_len);
    *out_len = best_len;
    trace_copy(out_trace, best_trace);
    return best_home;
}

/* A policy adaptation search of the given level (1..NESTED_MAX_LEVEL) from s (restored on return),
 * from a policy of zero weights; otherwise as run_playouts. */
int run_nrpa(Position *s, int level, int iterations, int repeats, double alpha, double prior, long long endgame_moves,
             double timeout, long long max_nodes, unsigned long long seed, PyThreadState **ts, Move *line,
             int *line_len, long long *nodes_out, int *home_out) {
    NestedSearch *w = calloc(1, sizeof(NestedSearch));
    Nrpa r = {.w = w, .iterations = iterations, .repeats = repeats, .alpha = alpha, .prior = prior,
              .endgame_moves = endgame_moves, .endgame_best = -1};
    int ok = w != NULL;
    for (int l = 0; ok && l <= NESTED_MAX_LEVEL; l++) {
        ok = (r.pol[l] = calloc(NRPA_SIZE, sizeof(double))) != NULL;
        for (int j = 0; ok && j < 2; j++) ok = (w->seq[l][j] = malloc(sizeof(Move) * NESTED_MAX_LINE)) != NULL;
    }
    *line_len = 0; *nodes_out = 0; *home_out = s->cards_home;
    int home = -1, stop = 0;
    if (ok) {
        w->limits = limits_start(timeout, max_nodes, ts);
        begin_search(s);
        rng_state = seed * 0x9E3779B97F4A7C15ULL | 1;
        home = s->cards_home == 104 ? 104 : nrpa_search(s, &r, level, line, line_len, &r.trace[level + 1][0]);
        stop = w->stop;
        *nodes_out = w->nodes;
        *home_out = home;
    }
    for (int l = 0; l <= NESTED_MAX_LEVEL; l++) free(r.pol[l]);
    for (int l = 0; l <= NESTED_MAX_LEVEL + 1; l++) { trace_free(&r.trace[l][0]); trace_free(&r.trace[l][1]); }
    free(r.changes);
    nested_free(w);
    if (!ok || stop == RES_NOMEM) return RES_NOMEM;
    if (stop == RES_INTERRUPT) return RES_INTERRUPT;
    return home == 104 ? RES_WON : RES_UNKNOWN;
}
