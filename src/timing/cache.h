/*
** cache.h - a set-associative cache with MSHRs, shared by the L1D and
** the L2 slices.
** Lines are found by set = (address / line) mod sets; replacement is LRU,
** FIFO or random (seeded). A read miss allocates an MSHR for its line,
** later misses to the same line merge into it (up to a limit), and the
** fill releases every merged request. The cache only tracks tags and
** state: data lives in device memory, since values are computed when an
** instruction issues.
*/
#ifndef WS_CACHE_H
#define WS_CACHE_H
#include <stdbool.h>
#include <stdint.h>
#include "timing/mshr.h"

enum cache_repl { REPL_LRU, REPL_FIFO, REPL_RANDOM };

struct cache_line {
    uint64_t addr;         /* line address (address of its first byte) */
    uint64_t stamp;        /* LRU: last use; FIFO: fill order */
    bool valid, dirty;
};

struct cache_stats {
    uint64_t accesses, hits, misses, mshr_merges, fails;
    uint64_t fills, evictions, writebacks, invalidations;
};

struct cache {
    uint32_t sets, ways, line;
    enum cache_repl repl;
    uint64_t rng, clock;
    struct cache_line *lines;   /* sets * ways */
    struct mshr_table mshr;
    uint32_t nvalid;            /* valid lines */
    struct cache_stats st;
    /* the last cache_fill's victim, clean or dirty (for events) */
    bool evicted, evicted_dirty;
    uint64_t evicted_addr;
};

enum cache_result {
    CACHE_HIT,
    CACHE_MISS,     /* new MSHR: the caller must fetch the line */
    CACHE_MERGED,   /* joined the MSHR of a line already being fetched */
    CACHE_FAIL,     /* no MSHR or merge slot free: retry later */
};

/* size bytes (a multiple of ways * line; 0 makes a cache that always
   misses and has no lines). */
void cache_init(struct cache *c, uint32_t size, uint32_t ways, uint32_t line,
                enum cache_repl repl, uint32_t nmshr, uint32_t merge,
                uint64_t seed);
void cache_free(struct cache *c);
/* floor(log2(v)), 0 for v <= 1: the index bits of v sets or bytes. */
uint32_t cache_log2(uint64_t v);
/* Storage of the tag array of a cache with a 32-bit address space: per
   line the tag, a valid and a dirty bit (a bill, not a model). */
uint64_t cache_tag_bits(uint32_t size, uint32_t ways, uint32_t line);

static inline uint64_t cache_line_of(const struct cache *c, uint64_t addr)
{
    return addr - addr % c->line;
}

static inline uint32_t cache_set_of(const struct cache *c, uint64_t addr)
{
    return c->sets ? (uint32_t)((addr / c->line) % c->sets) : 0;
}

/*
** A read of addr by request `tag`. On a hit updates the replacement state.
** On CACHE_MISS/CACHE_MERGED the tag waits in the line's MSHR (index in
** *mshr) until cache_fill + cache_release.
*/
enum cache_result cache_read(struct cache *c, uint64_t addr, uint32_t tag,
                             uint32_t *mshr);

/* True if the line is present (no state change). */
bool cache_present(const struct cache *c, uint64_t addr);
/* True if a miss to addr's line is outstanding (an MSHR holds it). */
bool cache_pending(const struct cache *c, uint64_t addr);

/* A write through a present line: uses it (LRU) and leaves it clean.
   Returns false if the line is absent. */
bool cache_touch(struct cache *c, uint64_t addr);

/* A write hitting a present line: marks it dirty and uses it. Returns
   false if the line is absent. */
bool cache_write_hit(struct cache *c, uint64_t addr);

/*
** Installs the line holding addr (dirty if asked), choosing a victim.
** Returns true if a dirty victim was evicted (its address in *victim).
** Installing a line already present only updates its state.
*/
bool cache_fill(struct cache *c, uint64_t addr, bool dirty, uint64_t *victim);

/* The index (set * ways + way) of the line holding addr, or -1. No state
   change: for a cache that keeps its own per-line data beside the tags. */
int32_t cache_index(const struct cache *c, uint64_t addr);
/* The index of the line the next cache_fill of addr would replace (an
   invalid way if the set has one), without changing anything: a cache
   that must decide where a victim goes asks before it fills. */
uint32_t cache_victim(const struct cache *c, uint64_t addr);
/* A use of line i (LRU: it becomes the most recent; FIFO, random: no
   change). */
void cache_use(struct cache *c, uint32_t i);

/* Releases the MSHR of addr's line: copies its waiting tags to out (room
   for `merge` tags) and returns how many. 0 if there was no MSHR. */
uint32_t cache_release(struct cache *c, uint64_t addr, uint32_t *out);

/* Drops the line holding addr; returns true if it was dirty. */
bool cache_invalidate(struct cache *c, uint64_t addr);

/* The line in set s, way w (for inspection; NULL outside the cache), and
   the LRU age rank of a way in its set (0 = most recently used). */
const struct cache_line *cache_way(const struct cache *c, uint32_t s,
                                   uint32_t w);
uint32_t cache_age(const struct cache *c, uint32_t s, uint32_t w);

/* Folds the tags, replacement state and MSHRs into a state hash. */
void cache_hash(const struct cache *c, uint64_t *h);

/* MSHRs in use. */
uint32_t cache_mshrs_used(const struct cache *c);

#endif
