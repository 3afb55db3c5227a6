/* The compiled core of the Cadogan solver (the CPython extension cadogan.solver._core): move
 * generation of the three rule families and the depth-first search with a transposition table,
 * mirroring cadogan/solver/search.py and the solver knowledge of cadogan/solver/<game>.py
 * (canonical keys, symmetric-move pruning, safe moves, dead ends).  The pure-Python search is the reference:
 * tests/solver/ checks that the core's legal moves, move effects and verdicts agree with it.
 *
 * The files, one concern each (this header is shared by all):
 *   position.c        a position's undo stack; dispatch to the rule family (moves, push, pop, dead ends)
 *   british_square.c  family 1: British Square's moves and solver knowledge
 *   square.c          family 2: Square's (classic and free) moves and solver knowledge
 *   precedence.c      family 3: Precedence's moves and solver knowledge
 *   keys.c            position keys and their 128-bit hashes
 *   table.c           the transposition table (a set of hashes within a memory cap)
 *   search.c          the depth-first search and the limits of a search
 *   playouts.c        nested Monte-Carlo playouts (wins only)
 *   ../_core.c        the Python glue: the module, its methods, argument parsing
 *
 * Cards are ints rank + 16 * suit; piles are indexed by the engine's pile codes (0 stock, 1 waste,
 * 2..9 foundations, 10..25 tableau); a move is (src, dst), (-1, -1) deal, (-2, -2) redeal.
 * Rule families: 1 British Square (flags = number of tableau piles), 2 Square (flags = 1 for free
 * placement), 3 Precedence.
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
#define KEY_BYTES (PILES * (MAX_CARDS + 4) + 64)  /* room for any key make_key writes */

enum { FAMILY_BRITISH_SQUARE = 1, FAMILY_SQUARE = 2, FAMILY_PRECEDENCE = 3 };

/* Search results; RES_NOMEM and RES_INTERRUPT become MemoryError and KeyboardInterrupt in Python. */
enum { RES_LOST = 0, RES_WON = 1, RES_UNKNOWN = 2, RES_NOMEM = 3, RES_INTERRUPT = 4 };

typedef struct { int8_t src, dst; } Move;

/* A position of one rule family, with the stack of moves pushed on it and what undoes each. */
typedef struct {
    int family, flags;
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

/* position.c */
int position_reserve(Position *s);
void position_free(Position *s);
int legal_moves(const Position *s, Move *out);
int search_moves(const Position *s, Move *out);
int push_move(Position *s, Move m);
void pop_move(Position *s);
int is_dead(const Position *s);
int same_pile(const Position *s, int p, int q, int with_built);
void sort_by_key(Move *mv, int *key, int k);

/* british_square.c */
int bs_legal_moves(const Position *s, Move *out);
void bs_push(Position *s, Move m);
void bs_pop(Position *s, Move m, int32_t undo);
int bs_search_moves(const Position *s, Move *legal, int k, Move *out);
int bs_dead_end(const Position *s);
int bs_key_head(const Position *s, uint8_t *buf);

/* square.c */
int sq_legal_moves(const Position *s, Move *out);
int sq_push(Position *s, Move m);
void sq_pop(Position *s, Move m, int32_t undo);
int sq_search_moves(const Position *s, Move *legal, int k, Move *out);
int sq_dead_end(const Position *s);
int sq_key_head(const Position *s, uint8_t *buf, uint8_t mode_byte);
int sq_key_in_order(const Position *s, uint8_t *buf);

/* Square's symmetry, inline here as keys.c hashes with it at every node.  Are piles
 * interchangeable here, and in which mode (see SquareKnowledge.canonical_key): 0 none, 1 all
 * twelve alike, 2 (free, while the stock lasts) the upper nine alike and the bottom three alike. */
static inline int sq_symmetry_mode(const Position *s) {
    if (!s->count[STOCK] && !s->redeals) return 1;  /* all twelve alike */
    if (s->flags) return 2;                          /* free: upper nine alike, bottom three alike */
    return 0;
}

/* The symmetry class of square pile i in mode `mode`: in mode 2 bottom row or not, and its round
 * mark; else 0. */
static inline int sq_pile_class(const Position *s, int mode, int i) {
    return mode == 2 ? (((i >= 9) << 1) | ((s->received >> i) & 1)) : 0;
}

/* precedence.c */
int pr_legal_moves(const Position *s, Move *out);
void pr_push(Position *s, Move m);
void pr_pop(Position *s, Move m);
int pr_search_moves(const Position *s, Move *legal, int k, Move *out);
int pr_dead_end(const Position *s);
int pr_key(const Position *s, uint8_t *buf);

/* table.c: a set of 128-bit hashes (the first word never 0) within a memory cap */
typedef struct { uint64_t a, b; } TableEntry;
typedef struct { TableEntry *entries; size_t cap, used, max_cap; int reserved; } Table;
int table_init(Table *t, size_t max_bytes);
int table_add(Table *t, uint64_t a, uint64_t b);
void table_free(Table *t);

/* keys.c */
/* MurmurHash3's 64-bit finaliser: every bit of k stirred into every bit of the result. */
static inline uint64_t fmix64(uint64_t k) {
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33;
    return k;
}
int make_key(const Position *s, uint8_t *buf, int canonical);
void hash128(const uint8_t *p, int n, uint64_t *h1, uint64_t *h2);
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

#endif
