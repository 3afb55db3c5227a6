/* The table of the rule families and the one dispatch to their operations (FamilyOps, filled in
 * by british_square.c, square.c and precedence.c): setting a position up, its moves, push and pop
 * with the undo stack, dead ends and canonical keys. */
#include "core.h"

#include <stdlib.h>
#include <string.h>

static const FamilyOps *const FAMILIES[FAMILY_END] = {
    [FAMILY_BRITISH_SQUARE] = &british_square_ops,
    [FAMILY_SQUARE] = &square_ops,
    [FAMILY_PRECEDENCE] = &precedence_ops,
};

/* The operations of rule family `family`; NULL for no family. */
const FamilyOps *family_ops(int family) {
    return family > 0 && family < FAMILY_END ? FAMILIES[family] : NULL;
}

/* An empty position of the family with parameter flags (no piles yet, no stack); an error or NULL. */
const char *position_init(Position *s, int family, int flags) {
    memset(s, 0, sizeof(Position));
    s->ops = family_ops(family);
    if (!s->ops) return "unknown rule family";
    s->flags = flags;
    return s->ops->set_up(s, flags);
}

/* Reads the family's own fields from n ints; an error or NULL. */
const char *position_read_fields(Position *s, const long *fields, int n) {
    return s->ops->read_fields(s, fields, n);
}

/* Writes the family's own fields (room for MAX_FIELDS); their count. */
int position_write_fields(const Position *s, long *fields) { return s->ops->write_fields(s, fields); }

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
int legal_moves(const Position *s, Move *out) { return s->ops->legal_moves(s, out); }

/* The moves the pruned search tries, in its order (solver.search.pruned_moves): a safe move alone
 * if the game has one, else the legal moves ordered and with symmetric duplicates dropped. */
int search_moves(const Position *s, Move *out) {
    Move legal[MAX_MOVES];
    int k = s->ops->legal_moves(s, legal);
    return s->ops->search_moves(s, legal, k, out);
}

/* Plays m (legal here); 0, or -1 out of memory. */
int push_move(Position *s, Move m) {
    if (position_reserve(s) || s->ops->push(s, m)) return -1;
    s->moves[s->depth++] = m;
    return 0;
}

/* Takes back the last move pushed. */
void pop_move(Position *s) {
    s->depth--;
    s->ops->pop(s, s->moves[s->depth], s->undo[s->depth]);
}

/* Is the position proven lost (GameKnowledge.is_dead)? */
int is_dead(const Position *s) { return s->ops->dead_end(s); }

/* A search starts from s: the family forgets what its dead-end test kept (GameKnowledge.begin_search). */
void begin_search(const Position *s) {
    if (s->ops->begin_search) s->ops->begin_search();
}

/* The canonical (canonical = 1, GameKnowledge.canonical_key) or exact key of s as 128 bits; buf is
 * room for a key. */
void key_hash(const Position *s, uint8_t *buf, int canonical, uint64_t *h1, uint64_t *h2) {
    if (canonical) s->ops->canonical_hash(s, buf, h1, h2);
    else hash128(buf, exact_key(s, buf), h1, h2);
}
