/* The transposition table: the set of positions seen, as 128-bit hashes of their keys, in one
 * open-addressing array (linear probing; a zero first word marks an empty slot) that doubles when
 * three quarters full, up to the most slots that fit in the memory cap. */
#include "core.h"

#include <stdlib.h>

/* An empty table of at most max_bytes of slots; 0, or -1 out of memory. */
int table_init(Table *t, size_t max_bytes) {
    t->max_cap = 1024;
    while (t->max_cap * 2 * sizeof(TableEntry) <= max_bytes) t->max_cap *= 2;
    t->cap = t->max_cap < (1u << 16) ? t->max_cap : (1u << 16);
    t->used = 0;
    t->entries = calloc(t->cap, sizeof(TableEntry));
    return t->entries ? 0 : -1;
}

void table_free(Table *t) {
    free(t->entries);
    t->entries = NULL;
}

static void table_put_raw(TableEntry *e, size_t cap, uint64_t a, uint64_t b) {
    size_t i = (size_t)(a ^ (a >> 29)) & (cap - 1);
    while (e[i].a) i = (i + 1) & (cap - 1);
    e[i].a = a; e[i].b = b;
}

/* 1 if new (inserted), 0 if present, -1 if the table is full (memory limit), -2 out of memory. */
int table_add(Table *t, uint64_t a, uint64_t b) {
    size_t i = (size_t)(a ^ (a >> 29)) & (t->cap - 1);
    while (t->entries[i].a) {
        if (t->entries[i].a == a && t->entries[i].b == b) return 0;
        i = (i + 1) & (t->cap - 1);
    }
    if ((t->used + 1) * 4 > t->cap * 3) {
        if (t->cap >= t->max_cap) return -1;
        size_t cap = t->cap * 2;
        TableEntry *e = calloc(cap, sizeof(TableEntry));
        if (!e) return -2;
        for (size_t j = 0; j < t->cap; j++)
            if (t->entries[j].a) table_put_raw(e, cap, t->entries[j].a, t->entries[j].b);
        free(t->entries);
        t->entries = e; t->cap = cap;
        table_put_raw(t->entries, t->cap, a, b);
    } else {
        t->entries[i].a = a; t->entries[i].b = b;
    }
    t->used++;
    return 1;
}
