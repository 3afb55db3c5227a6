/* The compiled core of the Cadogan solver (the CPython extension cadogan.solver._core): move
 * generation of the three rule families and the depth-first search with a transposition table,
 * mirroring cadogan/solver/search.py and the solver knowledge of cadogan/solver/<game>.py
 * (canonical keys, symmetric-move pruning, safe moves, dead ends).  The pure-Python search is the reference:
 * tests/solver/ checks that the core's legal moves, move effects and verdicts agree with it.
 *
 * The files, one concern each (this header is shared by all), each calling only files above it:
 *   shared.c          helpers of the rule families: identical piles, a stable sort of moves
 *   keys.c            the exact key, and 128-bit hashes of keys (with interchangeable piles too)
 *   table.c           the transposition table (a set of hashes within a memory cap)
 *   british_square.c  family 1: British Square's moves and solver knowledge (british_square_ops)
 *   square.c          family 2: Square's (classic and free) moves and solver knowledge (square_ops)
 *   precedence.c      family 3: Precedence's moves and solver knowledge (precedence_ops)
 *   position.c        the table of the families and the one dispatch to them; a position's undo stack
 *   search.c          the depth-first search and the limits of a search
 *   playouts.c        nested Monte-Carlo playouts and policy adaptation (wins only)
 *   ../_core.c        the Python glue: the module, its methods, argument parsing
 *
 * Cards are ints rank + 16 * suit; piles are indexed by the engine's pile codes (0 stock, 1 waste,
 * 2..9 foundations, 10..25 tableau); a move is (src, dst), (-1, -1) deal, (-2, -2) redeal.
 * Rule families (enum Family, the numbers GameKnowledge.core_encoding gives): 1 British Square
 * (flags = number of tableau piles), 2 Square (flags = 1 for free placement), 3 Precedence.  Each
 * family is one FamilyOps table of its operations; only position.c calls them.
 */
#ifndef CADOGAN_CORE_H
#define CADOGAN_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>

#define PILES 26         /* pile codes 0..25 */
#define STOCK 0
#define WASTE 1
#define FOUNDATION 2     /* the first foundation's pile code (foundation f is FOUNDATION + f) */
#define TABLEAU 10       /* the first tableau pile's code (tableau pile i is TABLEAU + i) */
#define MAX_CARDS 104    /* two decks: the most cards a pile can hold */
#define DEAL_MOVE (-1)   /* src and dst of the deal move */
#define REDEAL_MOVE (-2) /* src and dst of the redeal move (Square: the gathering) */
#define MAX_MOVES 512    /* more than any position's legal moves */
#define KEY_BYTES (PILES * (MAX_CARDS + 4) + 64)  /* room for any key written out */
#define MAX_FIELDS 16    /* the most fields of its own a family has (British Square: 16 built counts) */

/* The rule families, numbered as in Python (GameKnowledge.core_encoding, core_rules). */
enum Family { FAMILY_BRITISH_SQUARE = 1, FAMILY_SQUARE = 2, FAMILY_PRECEDENCE = 3, FAMILY_END };

/* Search results; RES_NOMEM and RES_INTERRUPT become MemoryError and KeyboardInterrupt in Python. */
enum { RES_LOST = 0, RES_WON = 1, RES_UNKNOWN = 2, RES_NOMEM = 3, RES_INTERRUPT = 4 };

typedef struct { int8_t src, dst; } Move;

struct FamilyOps;

/* A position of one rule family, with the stack of moves pushed on it and what undoes each. */
typedef struct {
    const struct FamilyOps *ops;        /* its rule family's operations */
    int flags;                          /* the family's parameter */
    int ntableau;                       /* tableau piles in play */
    uint8_t cards[PILES][MAX_CARDS];    /* each pile bottom first */
    int count[PILES];                   /* cards in each pile */
    int built[16];                      /* British Square: cards built on each tableau pile's first */
    int redeals;                        /* redeals (Square: gatherings) left */
    int received;                       /* Square free: bit i set when pile i had its card this round */
    int cards_home;                     /* cards on the foundations */
    Move *moves; int32_t *undo; int depth, stack_cap;  /* moves pushed; what undoes each */
    uint8_t *snapshots; size_t snapshots_len, snapshots_cap;  /* Square: the square before each gathering */
} Position;

#define RANK(card) ((card) & 15)
#define SUIT(card) ((card) >> 4)
#define TOP(s, p) ((s)->cards[p][(s)->count[p] - 1])

/* The operations of one rule family (Solvitaire's shape: the search is generic, each game hands
 * it its moves and its knowledge).  Errors are messages for the Python caller, NULL when none. */
typedef struct FamilyOps {
    const char *name;
    /* Checks the family's parameter and sets up what it fixes (the tableau piles in play). */
    const char *(*set_up)(Position *s, int flags);
    /* Reads the family's own fields from n ints (the Python side's `extra`), refusing a wrong
     * count n; writes them (at most MAX_FIELDS; their count). */
    const char *(*read_fields)(Position *s, const long *fields, int n);
    int (*write_fields)(const Position *s, long *fields);
    /* The legal moves in the engine's order (State.legal_moves); their count. */
    int (*legal_moves)(const Position *s, Move *out);
    /* The moves the pruned search tries, in its order (its safe move alone if it has one, else
     * the legal moves, which it may reorder in place, less symmetric duplicates); their count. */
    int (*search_moves)(const Position *s, Move *legal, int k, Move *out);
    /* Plays m (legal here) and sets s->undo[s->depth] to what undoes it; 0, or -1 out of memory. */
    int (*push)(Position *s, Move m);
    /* Takes back m, given what undoes it. */
    void (*pop)(Position *s, Move m, int32_t undo);
    /* Is the position proven lost (GameKnowledge.is_dead)? */
    int (*dead_end)(const Position *s);
    /* Called as a search (or a standalone dead-end test) starts, so that what dead_end keeps
     * between calls is the same whatever this thread searched before (GameKnowledge.begin_search);
     * NULL when it keeps nothing. */
    void (*begin_search)(void);
    /* The canonical key's 128-bit hash (GameKnowledge.canonical_key); buf is room for a key. */
    void (*canonical_hash)(const Position *s, uint8_t *buf, uint64_t *h1, uint64_t *h2);
    /* The family's GameKnowledge.playout_ends_at_dead_end: a playout stops at a dead end. */
    int playout_ends_at_dead_end;
    /* The family's GameKnowledge.adaptation_row: policy adaptation's codes tell the tableau piles
     * from this one on apart from those before it (0: all alike). */
    int adaptation_row;
    /* Can a position come back along a line (else every move is progress: no circles to check)? */
    int positions_recur;
} FamilyOps;

/* The operations of a family whose functions are named <prefix>_set_up, <prefix>_legal_moves, ...
 * (the members of a FamilyOps initialiser). */
#define FAMILY_FUNCTIONS(prefix) \
    .set_up = prefix##_set_up, .read_fields = prefix##_read_fields, .write_fields = prefix##_write_fields, \
    .legal_moves = prefix##_legal_moves, .search_moves = prefix##_search_moves, .push = prefix##_push, \
    .pop = prefix##_pop, .dead_end = prefix##_dead_end, .canonical_hash = prefix##_canonical_hash

/* shared.c */
int same_pile(const Position *s, int p, int q, int with_built);
void sort_by_key(Move *mv, int *key, int k);

/* keys.c */
/* MurmurHash3's 64-bit finaliser: every bit of k stirred into every bit of the result. */
static inline uint64_t fmix64(uint64_t k) {
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33;
    return k;
}
int exact_key(const Position *s, uint8_t *buf);
void hash128(const uint8_t *p, int n, uint64_t *h1, uint64_t *h2);
void hash_with_piles(const Position *s, const uint8_t *head, int n, uint64_t seed, const int *marks,
                     uint64_t *h1, uint64_t *h2);

/* table.c: a set of 128-bit hashes (the first word never 0) within a memory cap */
typedef struct { uint64_t a, b; } TableEntry;
typedef struct { TableEntry *entries; size_t cap, used, max_cap; int reserved; } Table;
int table_init(Table *t, size_t max_bytes);
int table_add(Table *t, uint64_t a, uint64_t b);
void table_free(Table *t);

/* british_square.c, square.c, precedence.c */
extern const FamilyOps british_square_ops, square_ops, precedence_ops;

/* position.c: the one dispatch to the families (errors as FamilyOps' are) */
const FamilyOps *family_ops(int family);
const char *position_init(Position *s, int family, int flags);
const char *position_read_fields(Position *s, const long *fields, int n);
int position_write_fields(const Position *s, long *fields);
int position_reserve(Position *s);
void position_free(Position *s);
int legal_moves(const Position *s, Move *out);
int search_moves(const Position *s, Move *out);
int push_move(Position *s, Move m);
void pop_move(Position *s);
int is_dead(const Position *s);
void begin_search(const Position *s);
void key_hash(const Position *s, uint8_t *buf, int canonical, uint64_t *h1, uint64_t *h2);

/* search.c: the limits of a search (also those of the playouts) and the search itself.  Limits: a
 * deadline (negative: none), a node budget (negative: none), and a check for signals (Ctrl-C)
 * every tenth of a second, with the GIL (given up in *ts) taken back only for that. */
typedef struct { double deadline, next_signal_check; long long max_nodes; PyThreadState **ts; } Limits;
double now(void);
Limits limits_start(double timeout, long long max_nodes, PyThreadState **ts);
int limits_reached(Limits *l, long long nodes);
int run_search(Position *s, int prune, double timeout, long long max_nodes, long long max_bytes,
               long long *nodes_out, int *root_depth_out, PyThreadState **ts, Move *best_first);

/* playouts.c */
#define NESTED_MAX_LINE 4096
#define NESTED_MAX_LEVEL 4
int run_playouts(Position *s, int level, double timeout, long long max_nodes, unsigned long long seed,
                 PyThreadState **ts, Move *line, int *line_len, long long *nodes_out, int *home_out);
int run_nrpa(Position *s, int level, int iterations, int repeats, double alpha, double prior, long long endgame_moves,
             double timeout, long long max_nodes, unsigned long long seed, PyThreadState **ts, Move *line,
             int *line_len, long long *nodes_out, int *home_out);

#endif
