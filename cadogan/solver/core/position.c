/* A position's undo stack, and the dispatch of the rule-family operations (legal moves, the moves
 * the pruned search tries, push, pop, dead ends) to british_square.c, square.c and precedence.c. */
#include "core.h"

#include <stdlib.h>
#include <string.h>

/* Room on the move and undo stacks for one more move: 0, or -1 out of memory. */
int position_reserve(Position *s) {
    if (s->depth < s->stack_cap) return 0;
    int cap = s->stack_cap ? s->stack_cap * 2 : 1024;
    Move *m = realloc(s->moves, sizeof(Move) * cap);
    if (!m) return -1;
    s->moves = m;
    int32_t *u = realloc(s->undo, sizeof(int32_t) * cap);
    if (!u) return -1;
    s->undo = u;
    s->stack_cap = cap;
    return 0;
}

void position_free(Position *s) {
    free(s->moves); free(s->undo); free(s->snapshots);
    s->moves = NULL; s->undo = NULL; s->snapshots = NULL;
}

/* The legal moves in the engine's order (State.legal_moves); their count. */
int legal_moves(const Position *s, Move *out) {
    switch (s->family) {
    case FAMILY_BRITISH_SQUARE: return bs_legal_moves(s, out);
    case FAMILY_SQUARE: return sq_legal_moves(s, out);
    default: return pr_legal_moves(s, out);
    }
}

/* The moves the pruned search tries, in its order (solver.search.pruned_moves): a safe move alone
 * if the game has one, else the legal moves ordered and with symmetric duplicates dropped. */
int search_moves(const Position *s, Move *out) {
    Move legal[MAX_MOVES];
    int k = legal_moves(s, legal);
    switch (s->family) {
    case FAMILY_BRITISH_SQUARE: return bs_search_moves(s, legal, k, out);
    case FAMILY_SQUARE: return sq_search_moves(s, legal, k, out);
    default: return pr_search_moves(s, legal, k, out);
    }
}

/* Plays m (legal here); 0, or -1 out of memory. */
int push_move(Position *s, Move m) {
    if (position_reserve(s)) return -1;
    switch (s->family) {
    case FAMILY_BRITISH_SQUARE: bs_push(s, m); break;
    case FAMILY_SQUARE: if (sq_push(s, m)) return -1; break;
    default: pr_push(s, m); break;
    }
    s->moves[s->depth++] = m;
    return 0;
}

/* Takes back the last move pushed. */
void pop_move(Position *s) {
    s->depth--;
    Move m = s->moves[s->depth];
    int32_t u = s->undo[s->depth];
    switch (s->family) {
    case FAMILY_BRITISH_SQUARE: bs_pop(s, m, u); break;
    case FAMILY_SQUARE: sq_pop(s, m, u); break;
    default: pr_pop(s, m); break;
    }
}

/* Is the position proven lost (GameKnowledge.is_dead)? */
int is_dead(const Position *s) {
    switch (s->family) {
    case FAMILY_PRECEDENCE: return pr_dead_end(s);
    case FAMILY_BRITISH_SQUARE: return bs_dead_end(s);
    default: return sq_dead_end(s);
    }
}

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
