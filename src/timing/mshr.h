/*
** mshr.h - miss status holding registers: the lines a cache is fetching
** and the requests waiting for each.
** A miss to a line opens an entry (the lowest free index), later misses to
** the same line merge into it up to `merge` waiting requests, and the
** fill releases them all in arrival order. Any cache with outstanding
** misses (the baseline L1D and L2 through cache.c, a design's own data
** array) keeps its MSHRs here. Holds tags only: no data, no timing.
*/
#ifndef WS_MSHR_H
#define WS_MSHR_H
#include <stdbool.h>
#include <stdint.h>
#include "util/jval.h"

struct mshr {
    uint64_t line;
    bool valid;
    uint32_t nwait;
};

struct mshr_table {
    uint32_t n, merge;            /* entries; waiting requests per entry */
    uint32_t used;                /* valid entries */
    struct mshr *e;
    uint32_t *wait;               /* n * merge request tags */
    /* lookup by line: open addressing over mask + 1 slots (at least 2n),
       each an entry index or -1; and a bit per entry in use, so a miss
       finds the lowest free entry without a scan */
    int32_t *idx;
    uint32_t mask;
    uint64_t *busy;
};

void mshr_init(struct mshr_table *t, uint32_t n, uint32_t merge);
void mshr_free(struct mshr_table *t);

/* The entry fetching `line`, or -1. */
int32_t mshr_find(const struct mshr_table *t, uint64_t line);
/* The lowest free entry, or -1 when all are in use. */
int32_t mshr_free_slot(const struct mshr_table *t);
/* Entry m cannot take another waiting request. */
static inline bool mshr_merge_full(const struct mshr_table *t, int32_t m)
{
    return t->e[m].nwait >= t->merge;
}
/* Opens free entry m for `line` with request tag waiting. */
void mshr_open(struct mshr_table *t, int32_t m, uint64_t line, uint32_t tag);
/* Adds request tag to entry m (the caller checked mshr_merge_full). */
void mshr_merge(struct mshr_table *t, int32_t m, uint32_t tag);
/* The waiting tags of entry m (nwait of them). */
static inline const uint32_t *mshr_waiting(const struct mshr_table *t,
                                           int32_t m)
{
    return t->wait + (size_t)m * t->merge;
}
/* Closes the entry of `line`: copies its waiting tags to out (room for
   `merge` tags) and returns how many; 0 if no entry fetches the line. */
uint32_t mshr_release(struct mshr_table *t, uint64_t line, uint32_t *out);

/* For inspection: sets "mshrs" (the valid entries: addr, merged, waiting)
   and "mshrs_total" in o. */
void mshr_describe(const struct mshr_table *t, struct jv *o);
/* Folds the table into a state hash (ws_hash_u64). */
void mshr_hash(const struct mshr_table *t, uint64_t *h);

#endif
