/* The Python glue of the compiled core cadogan.solver._core (the rest is in core/, see core/core.h):
 * the module, its methods and their arguments.  Positions come in as (rules, flags, piles, extra):
 * the rule family, its parameter, the 26 piles as lists of card ints, and the family's own fields
 * (British Square: the built count of each tableau pile; Square: (gatherings left, round marks);
 * Precedence: (redeals left,)), which the family's table reads (core/position.c).  Bridged on the
 * Python side by cadogan/solver/native.py. */
#include "core/core.h"

#include <stdlib.h>
#include <string.h>

/* Reads a position from Python; 0, or -1 with a Python exception set. */
static int position_from_py(Position *s, int rules, int flags, PyObject *piles, PyObject *extra) {
    const char *error = position_init(s, rules, flags);
    if (error) { PyErr_SetString(PyExc_ValueError, error); return -1; }
    PyObject *seq = PySequence_Fast(piles, "piles must be a sequence");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != PILES) {
        Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "piles must hold 26 lists"); return -1;
    }
    int total = 0;
    for (int p = 0; p < PILES; p++) {
        PyObject *pile = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, p), "a pile must be a sequence");
        if (!pile) { Py_DECREF(seq); return -1; }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(pile);
        if (n > MAX_CARDS) {
            Py_DECREF(pile); Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "pile too long"); return -1;
        }
        for (Py_ssize_t j = 0; j < n; j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(pile, j));
            if (v == -1 && PyErr_Occurred()) { Py_DECREF(pile); Py_DECREF(seq); return -1; }
            if (v < 1 || v > 0x3D || (v & 15) == 0 || (v & 15) > 13) {
                Py_DECREF(pile); Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "bad card"); return -1;
            }
            s->cards[p][j] = (uint8_t)v;
        }
        s->count[p] = (int)n;
        total += (int)n;
        if (p >= FOUNDATION && p < TABLEAU) s->cards_home += (int)n;
        Py_DECREF(pile);
    }
    Py_DECREF(seq);
    if (total != 104) { PyErr_SetString(PyExc_ValueError, "a position holds 104 cards"); return -1; }
    PyObject *ex = PySequence_Fast(extra, "extra must be a sequence");
    if (!ex) return -1;
    Py_ssize_t ne = PySequence_Fast_GET_SIZE(ex);
    long vals[MAX_FIELDS] = {0};
    for (Py_ssize_t j = 0; j < ne && j < MAX_FIELDS; j++) {
        vals[j] = PyLong_AsLong(PySequence_Fast_GET_ITEM(ex, j));
        if (vals[j] == -1 && PyErr_Occurred()) { Py_DECREF(ex); return -1; }
    }
    Py_DECREF(ex);
    /* the count given (any more than MAX_FIELDS is refused by every family as the wrong count) */
    error = position_read_fields(s, vals, ne > MAX_FIELDS ? MAX_FIELDS + 1 : (int)ne);
    if (error) { PyErr_SetString(PyExc_ValueError, error); return -1; }
    return 0;
}

/* [(src, dst)] of k moves; NULL with an exception set. */
static PyObject *moves_to_list(const Move *mv, int k) {
    PyObject *list = PyList_New(k);
    if (!list) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *t = Py_BuildValue("(ii)", (int)mv[i].src, (int)mv[i].dst);
        if (!t) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, t);
    }
    return list;
}

/* (piles, extra) of a position, as position_from_py reads them. */
static PyObject *position_to_py(const Position *s) {
    PyObject *piles = PyList_New(PILES);
    if (!piles) return NULL;
    for (int p = 0; p < PILES; p++) {
        PyObject *pile = PyList_New(s->count[p]);
        if (!pile) { Py_DECREF(piles); return NULL; }
        for (int j = 0; j < s->count[p]; j++) PyList_SET_ITEM(pile, j, PyLong_FromLong(s->cards[p][j]));
        PyList_SET_ITEM(piles, p, pile);
    }
    long fields[MAX_FIELDS];
    int n = position_write_fields(s, fields);
    PyObject *extra = PyTuple_New(n);
    for (int i = 0; extra && i < n; i++) {
        PyObject *v = PyLong_FromLong(fields[i]);
        if (!v) { Py_CLEAR(extra); break; }
        PyTuple_SET_ITEM(extra, i, v);
    }
    if (!extra) { Py_DECREF(piles); return NULL; }
    return Py_BuildValue("(NN)", piles, extra);
}
/* A playout search's parameters: nested Monte-Carlo (iterations 0) or policy adaptation. */
typedef struct {
    int level, iterations, repeats;
    double alpha, prior, timeout;
    long long endgame_moves, max_nodes;
    unsigned long long seed;
} PlayoutArgs;

/* Runs a playout search with the GIL released; (result, line if won, nodes, seconds, first, home). */
static PyObject *playout_search(int rules, int flags, PyObject *piles, PyObject *extra, const PlayoutArgs *a) {
    Position s;
    if (position_from_py(&s, rules, flags, piles, extra)) return NULL;
    Move *line = malloc(sizeof(Move) * NESTED_MAX_LINE);
    if (!line || position_reserve(&s)) { free(line); position_free(&s); return PyErr_NoMemory(); }
    int len = 0, home = 0;
    long long nodes = 0;
    double t0 = now();
    PyThreadState *ts = PyEval_SaveThread();
    int res = a->iterations
        ? run_nrpa(&s, a->level, a->iterations, a->repeats, a->alpha, a->prior, a->endgame_moves, a->timeout,
                   a->max_nodes, a->seed, &ts, line, &len, &nodes, &home)
        : run_playouts(&s, a->level, a->timeout, a->max_nodes, a->seed, &ts, line, &len, &nodes, &home);
    PyEval_RestoreThread(ts);
    double secs = now() - t0;
    position_free(&s);
    if (res == RES_NOMEM || res == RES_INTERRUPT) { free(line); return res == RES_NOMEM ? PyErr_NoMemory() : NULL; }
    PyObject *moves = res == RES_WON ? moves_to_list(line, len) : PyList_New(0);
    PyObject *first = len ? Py_BuildValue("(ii)", (int)line[0].src, (int)line[0].dst) : (Py_INCREF(Py_None), Py_None);
    free(line);
    if (!moves || !first) { Py_XDECREF(moves); Py_XDECREF(first); return NULL; }
    return Py_BuildValue("(sNLdNi)", res == RES_WON ? "won" : "unknown", moves, nodes, secs, first, home);
}

static PyObject *py_playouts(PyObject *self, PyObject *args) {
    int rules, flags;
    PyObject *piles, *extra;
    PlayoutArgs a = {0};
    if (!PyArg_ParseTuple(args, "iiOOidLK", &rules, &flags, &piles, &extra, &a.level, &a.timeout, &a.max_nodes,
                          &a.seed))
        return NULL;
    if (a.level < 0 || a.level > NESTED_MAX_LEVEL) { PyErr_SetString(PyExc_ValueError, "level must be 0..4"); return NULL; }
    return playout_search(rules, flags, piles, extra, &a);
}

static PyObject *py_nrpa(PyObject *self, PyObject *args) {
    int rules, flags;
    PyObject *piles, *extra;
    PlayoutArgs a = {0};
    if (!PyArg_ParseTuple(args, "iiOOiiiddLdLK", &rules, &flags, &piles, &extra, &a.level, &a.iterations, &a.repeats,
                          &a.alpha, &a.prior, &a.endgame_moves, &a.timeout, &a.max_nodes, &a.seed))
        return NULL;
    if (a.level < 1 || a.level > NESTED_MAX_LEVEL || a.iterations < 1 || a.repeats < 0 || a.endgame_moves < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "level must be 1..4, iterations at least 1, repeats and endgame moves at least 0");
        return NULL;
    }
    return playout_search(rules, flags, piles, extra, &a);
}

static PyObject *py_legal_moves(PyObject *self, PyObject *args) {
    int rules, flags, search = 0;
    PyObject *piles, *extra;
    if (!PyArg_ParseTuple(args, "iiOO|p", &rules, &flags, &piles, &extra, &search)) return NULL;
    Position s;
    if (position_from_py(&s, rules, flags, piles, extra)) return NULL;
    Move mv[MAX_MOVES];
    int k = search ? search_moves(&s, mv) : legal_moves(&s, mv);
    return moves_to_list(mv, k);
}

static PyObject *py_is_dead(PyObject *self, PyObject *args) {
    int rules, flags;
    PyObject *piles, *extra;
    if (!PyArg_ParseTuple(args, "iiOO", &rules, &flags, &piles, &extra)) return NULL;
    Position s;
    if (position_from_py(&s, rules, flags, piles, extra)) return NULL;
    begin_search(&s);  /* a test on its own: nothing kept from earlier calls */
    int dead = is_dead(&s);
    position_free(&s);
    return PyBool_FromLong(dead);
}

static PyObject *py_apply(PyObject *self, PyObject *args) {
    int rules, flags;
    PyObject *piles, *extra, *moves;
    if (!PyArg_ParseTuple(args, "iiOOO", &rules, &flags, &piles, &extra, &moves)) return NULL;
    Position s, orig;
    if (position_from_py(&s, rules, flags, piles, extra)) return NULL;
    memcpy(&orig, &s, sizeof(Position));
    PyObject *seq = PySequence_Fast(moves, "moves must be a sequence");
    if (!seq) { position_free(&s); return NULL; }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        int src, dst;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "ii", &src, &dst)) {
            Py_DECREF(seq); position_free(&s); return NULL;
        }
        Move m = {(int8_t)src, (int8_t)dst};
        if (push_move(&s, m)) { Py_DECREF(seq); position_free(&s); return PyErr_NoMemory(); }
    }
    Py_DECREF(seq);
    PyObject *result = position_to_py(&s);
    while (s.depth) pop_move(&s);
    int same = memcmp(s.count, orig.count, sizeof(s.count)) == 0 && memcmp(s.built, orig.built, sizeof(s.built)) == 0
        && s.redeals == orig.redeals && s.received == orig.received && s.cards_home == orig.cards_home;
    for (int p = 0; same && p < PILES; p++) same = memcmp(s.cards[p], orig.cards[p], s.count[p]) == 0;
    position_free(&s);
    if (!same) {
        Py_XDECREF(result);
        PyErr_SetString(PyExc_AssertionError, "undo did not restore the position");
        return NULL;
    }
    return result;
}

static PyObject *py_search(PyObject *self, PyObject *args) {
    int rules, flags, prune;
    PyObject *piles, *extra;
    double timeout;
    long long max_nodes, max_bytes;
    if (!PyArg_ParseTuple(args, "iiOOpdLL", &rules, &flags, &piles, &extra, &prune, &timeout, &max_nodes, &max_bytes))
        return NULL;
    Position s;
    if (position_from_py(&s, rules, flags, piles, extra)) return NULL;
    if (position_reserve(&s)) { position_free(&s); return PyErr_NoMemory(); }
    long long nodes = 0;
    int root = 0;
    double t0 = now();
    PyThreadState *ts = PyEval_SaveThread();
    Move best_first = {0, 0};
    int res = run_search(&s, prune, timeout, max_nodes, max_bytes, &nodes, &root, &ts, &best_first);
    PyEval_RestoreThread(ts);
    double secs = now() - t0;
    if (res == RES_NOMEM) { position_free(&s); return PyErr_NoMemory(); }
    if (res == RES_INTERRUPT) { position_free(&s); return NULL; }
    PyObject *line = res == RES_WON ? moves_to_list(s.moves + root, s.depth - root) : PyList_New(0);
    position_free(&s);
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
     "is_dead(rules, flags, piles, extra) -> bool: the core's dead-end test (GameKnowledge.is_dead)."},
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
    {"nrpa", py_nrpa, METH_VARARGS,
     "nrpa(rules, flags, piles, extra, level, iterations, repeats, alpha, prior, endgame_moves, timeout, max_nodes, "
     "seed) -> as playouts: a policy adaptation search (cadogan.solver.adaptation) of the given level for a win."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_core", "The compiled core of the Cadogan solver.", -1, methods,
};

/* Bumped whenever the module's functions, their arguments or their results change: native.py
   ignores a core built from older source (a stale in-place build) and falls back to the Python
   search instead of failing. */
#define CORE_INTERFACE 8

/* {rules: {"name": ..., "playout_ends_at_dead_end": bool, "adaptation_row": int}}: the rule families of the core's table,
 * for the tests to hold against each game's knowledge. */
static PyObject *families_to_py(void) {
    PyObject *families = PyDict_New();
    for (int rules = 1; families && rules < FAMILY_END; rules++) {
        const FamilyOps *ops = family_ops(rules);
        PyObject *about = Py_BuildValue("{s:s,s:O,s:i}", "name", ops->name, "playout_ends_at_dead_end",
                                        ops->playout_ends_at_dead_end ? Py_True : Py_False,
                                        "adaptation_row", ops->adaptation_row);
        PyObject *key = PyLong_FromLong(rules);
        if (!about || !key || PyDict_SetItem(families, key, about) < 0) Py_CLEAR(families);
        Py_XDECREF(about);
        Py_XDECREF(key);
    }
    return families;
}

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *module = PyModule_Create(&moduledef);
    if (module == NULL) return NULL;
    PyObject *families = families_to_py();
    if (PyModule_AddIntConstant(module, "INTERFACE", CORE_INTERFACE) < 0
            || PyModule_AddObject(module, "FAMILIES", families) < 0) {
        Py_XDECREF(families);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
