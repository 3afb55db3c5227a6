/* The depth-first search over the moves of position.c with the transposition table of table.c
 * (cadogan/solver/search.py's, step for step), and the limits of a search (time, nodes, signals),
 * which the playouts share. */
#include "core.h"

#include <stdlib.h>
#include <time.h>

/* Seconds on the monotonic clock. */
double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The moves of one level of the search: buf[start..end), the next one to try at buf[next]. */
typedef struct { int start, end, next; } Frame;

/* The search's own stack: the moves still to try at every level, in one buffer, and the frames. */
typedef struct {
    Move *buf; size_t buf_len, buf_cap;
    Frame *frames; int nframes, frames_cap;
} SearchStack;

/* Room for one more frame of up to MAX_MOVES moves; 0, or -1 out of memory. */
static int stack_room(SearchStack *w) {
    if (w->buf_len + MAX_MOVES > w->buf_cap) {
        size_t cap = w->buf_cap ? w->buf_cap * 2 : 65536;
        Move *b = realloc(w->buf, cap * sizeof(Move));
        if (!b) return -1;
        w->buf = b; w->buf_cap = cap;
    }
    if (w->nframes + 1 > w->frames_cap) {
        int cap = w->frames_cap ? w->frames_cap * 2 : 1024;
        Frame *f = realloc(w->frames, cap * sizeof(Frame));
        if (!f) return -1;
        w->frames = f; w->frames_cap = cap;
    }
    return 0;
}

/* The limits of a search starting now (negative: none). */
Limits limits_start(double timeout, long long max_nodes, PyThreadState **ts) {
    double t0 = now();
    Limits l = {timeout >= 0 ? t0 + timeout : -1, t0 + 0.1, max_nodes, ts};
    return l;
}

/* 0 while the search may go on, else RES_UNKNOWN (a limit) or RES_INTERRUPT (a signal). */
int limits_reached(Limits *l, long long nodes) {
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

/* Pushes a frame of the moves to try from s (all legal moves, or with prune the search's). */
static int open_frame(Position *s, SearchStack *w, int prune) {
    if (stack_room(w)) return -1;
    Move *out = w->buf + w->buf_len;
    int k = prune ? search_moves(s, out) : legal_moves(s, out);
    Frame *f = &w->frames[w->nframes++];
    f->start = f->next = (int)w->buf_len;
    f->end = (int)w->buf_len + k;
    w->buf_len += k;
    return 0;
}

/* Searches s for a win (Ctrl-C, or the limits: timeout seconds, max_nodes nodes, max_bytes of
 * table; negative means none).  Returns a RES_ code; when won, s holds the winning line from
 * *root_depth_out on.  *best_first: the first move of the line that brought the most cards home.
 * Runs with the GIL released (*ts); reacquires it briefly to check for signals. */
int run_search(Position *s, int prune, double timeout, long long max_nodes, long long max_bytes,
               long long *nodes_out, int *root_depth_out, PyThreadState **ts, Move *best_first) {
    int best_home = s->cards_home;
    Limits limits = limits_start(timeout, max_nodes, ts);
    long long nodes = 1;
    int root = s->depth, res = RES_LOST;
    uint8_t key[KEY_BYTES];
    Table t;
    SearchStack w = {0};
    *root_depth_out = root;
    begin_search(s);
    if (s->cards_home == 104) { *nodes_out = 1; return RES_WON; }
    if (table_init(&t, max_bytes < 0 ? (size_t)1 << 40 : (size_t)max_bytes)) return RES_NOMEM;
    uint64_t h1, h2;
    key_hash(s, key, prune, &h1, &h2);
    table_add(&t, h1, h2);
    if (prune && is_dead(s)) { res = RES_LOST; goto done; }
    if (open_frame(s, &w, prune)) { res = RES_NOMEM; goto done; }
    while (w.nframes) {
        if ((nodes & 255) == 0 && (res = limits_reached(&limits, nodes)) != 0) break;
        Frame *f = &w.frames[w.nframes - 1];
        if (f->next == f->end) {
            w.buf_len = f->start;
            w.nframes--;
            if (w.nframes) pop_move(s);
            continue;
        }
        Move m = w.buf[f->next++];
        if (push_move(s, m)) { res = RES_NOMEM; break; }
        nodes++;
        if (s->cards_home > best_home) { best_home = s->cards_home; *best_first = s->moves[root]; }
        if (max_nodes >= 0 && nodes > max_nodes) { pop_move(s); res = RES_UNKNOWN; break; }
        if (s->cards_home == 104) { res = RES_WON; break; }
        key_hash(s, key, prune, &h1, &h2);
        int added = table_add(&t, h1, h2);
        if (added == 0) { pop_move(s); continue; }
        if (added < 0) { pop_move(s); res = added == -1 ? RES_UNKNOWN : RES_NOMEM; break; }
        if (prune && is_dead(s)) { pop_move(s); continue; }
        if (open_frame(s, &w, prune)) { res = RES_NOMEM; break; }
    }
done:
    table_free(&t); free(w.buf); free(w.frames);
    *nodes_out = nodes;
    return res;
}
