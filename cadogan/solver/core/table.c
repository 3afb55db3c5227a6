/* The transposition table: the set of positions seen, as 128-bit hashes of their keys, in one
 * open-addressing array (linear probing; a zero first word marks an empty slot) that doubles when
 * three quarters full, up to the most slots that fit in the memory cap.
 *
 * The cap is a true cap.  A table starts small, on the heap (most searches are short); the first
 * time it must grow, the array for the most slots is reserved, the table copied to its start, and
 * from then on it doubles inside that array, rehashing in place, so an old and a new array are
 * never both alive (but for the small first one, while it is copied).  Where the system has mmap
 * the reservation is of address space only: pages take memory when first written. */
#include "core.h"

#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define TABLE_MMAP 1
#endif

#define TABLE_FIRST_SLOTS ((size_t)1 << 16)  /* 1 MiB, on the heap */
#define TABLE_PLACED_BIT 1ULL  /* set in every stored first word (hashes are odd); clear while an
                                * entry awaits its place in table_double */

/* max_slots zeroed slots, or NULL. */
static TableEntry *table_reserve(size_t max_slots) {
#ifdef TABLE_MMAP
    void *p = mmap(NULL, max_slots * sizeof(TableEntry), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
#else
    return calloc(max_slots, sizeof(TableEntry));
#endif
}

/* An empty table within max_bytes: 0, or -1 out of memory. */
int table_init(Table *t, size_t max_bytes) {
    t->max_cap = 1024;
    while (t->max_cap * 2 * sizeof(TableEntry) <= max_bytes) t->max_cap *= 2;
    t->cap = t->max_cap < TABLE_FIRST_SLOTS ? t->max_cap : TABLE_FIRST_SLOTS;
    t->used = 0;
    t->reserved = 0;
    t->entries = calloc(t->cap, sizeof(TableEntry));
    return t->entries ? 0 : -1;
}

/* Moves the table to the start of an array of its most slots: 0, or -1 if the system will not
 * reserve even twice its slots.  Where it will not reserve the most, the table's cap is the most
 * it will (a smaller table is still within the cap). */
static int table_reserve_all(Table *t) {
    TableEntry *all;
    while (!(all = table_reserve(t->max_cap)) && t->max_cap > 2 * t->cap) t->max_cap /= 2;
    if (!all) return -1;
    memcpy(all, t->entries, t->cap * sizeof(TableEntry));
    free(t->entries);
    t->entries = all;
    t->reserved = 1;
    return 0;
}

void table_free(Table *t) {
    if (!t->entries) return;
#ifdef TABLE_MMAP
    if (t->reserved) munmap(t->entries, t->max_cap * sizeof(TableEntry));
    else free(t->entries);
#else
    free(t->entries);
#endif
    t->entries = NULL;
}

static size_t table_home(uint64_t a, size_t cap) { return (size_t)(a ^ (a >> 29)) & (cap - 1); }

/* Doubles the table in place: every entry is marked unplaced, then each in turn is taken out and
 * put back by linear probing from its home in the doubled table, taking the slot of the first
 * empty or unplaced entry it meets (an unplaced one it displaces goes on being put back).  An entry
 * once placed never moves, and every slot it probed past held a placed entry, so every probe
 * sequence stays unbroken. */
static void table_double(Table *t) {
    TableEntry *e = t->entries;
    size_t old_cap = t->cap, cap = t->cap * 2;
    for (size_t j = 0; j < old_cap; j++) e[j].a &= ~TABLE_PLACED_BIT;
    for (size_t j = 0; j < old_cap; j++) {
        if (!e[j].a || (e[j].a & TABLE_PLACED_BIT)) continue;
        TableEntry x = e[j];
        e[j].a = 0; e[j].b = 0;
        for (;;) {
            x.a |= TABLE_PLACED_BIT;
            size_t i = table_home(x.a, cap);
            while (e[i].a & TABLE_PLACED_BIT) i = (i + 1) & (cap - 1);
            TableEntry y = e[i];
            e[i] = x;
            if (!y.a) break;
            x = y;  /* displaced before its turn: put it back too */
        }
    }
    t->cap = cap;
}

/* 1 if new (inserted), 0 if present, -1 if the table is full (memory limit), -2 out of memory.  A first word of 1
 * is stored as 3 (1 would read as empty while table_double clears the low bit): that merges two
 * keys only when their other 127 bits agree too. */
int table_add(Table *t, uint64_t a, uint64_t b) {
    if (a == TABLE_PLACED_BIT) a = 3;
    size_t i = table_home(a, t->cap);
    while (t->entries[i].a) {
        if (t->entries[i].a == a && t->entries[i].b == b) return 0;
        i = (i + 1) & (t->cap - 1);
    }
    if ((t->used + 1) * 4 > t->cap * 3) {
        if (t->cap >= t->max_cap) return -1;
        if (!t->reserved && table_reserve_all(t)) return -2;
        table_double(t);
        for (i = table_home(a, t->cap); t->entries[i].a; i = (i + 1) & (t->cap - 1)) continue;
    }
    t->entries[i].a = a; t->entries[i].b = b;
    t->used++;
    return 1;
}
