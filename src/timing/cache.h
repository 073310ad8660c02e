/*
** cache.h - a set-associative cache with MSHRs, shared by the L1D and
** the L2 slices.
** A line is found by its set and then its tag (the full line address).
** The set index is (address / line) mod sets by default; optionally the
** address first loses the digits that chose the L2 slice (an L2 slice
** only ever sees its own lines), or the index is GPGPU-Sim's Fermi hash.
** Replacement is LRU, FIFO or random (seeded). A line is one unit of
** data, or (sectored) 32-byte sectors with their own valid and dirty
** bits, as in GPGPU-Sim's sector cache: a miss on a present line's
** absent sector is a sector miss and fetches that sector only.
** A read miss allocates an MSHR for its unit (line or sector), later
** misses to it merge (up to a limit), and the fill releases every merged
** request. Lines are allocated at the fill by default; with
** allocate-on-miss (GPGPU-Sim's `m` policy) the miss reserves its victim
** at once and fails when every way of the set is reserved. The cache only
** tracks tags and state: data lives in device memory, since values are
** computed when an instruction issues.
*/
#ifndef WS_CACHE_H
#define WS_CACHE_H
#include <stdbool.h>
#include <stdint.h>
#include "timing/mshr.h"

enum cache_repl { REPL_LRU, REPL_FIFO, REPL_RANDOM };

/* How a set is chosen (see cache_set_of). */
enum cache_index { CIDX_LINEAR, CIDX_FERMI };

#define CACHE_SECTOR 32u        /* sector bytes of a sectored cache */

struct cache_line {
    uint64_t addr;         /* line address (address of its first byte) */
    uint64_t stamp;        /* LRU: last use; FIFO: fill order */
    bool valid, dirty;     /* valid: the tag is allocated; dirty: some
                              unit is modified */
    uint8_t sec_valid;     /* units holding data (bit per sector, bit 0
                              for a line cache) */
    uint8_t sec_dirty;     /* units modified */
    uint8_t sec_pending;   /* units reserved for a fetch in flight */
};

struct cache_stats {
    uint64_t accesses, hits, misses, sector_misses, mshr_merges, fails;
    uint64_t line_fails;    /* allocate-on-miss: every way reserved */
    uint64_t fills, evictions, writebacks, invalidations;
};

/* The optional behaviours; all false/zero is a line cache that allocates
   at the fill with the linear index. */
struct cache_opts {
    bool sectored;          /* 32-byte sectors (line must be 64 or 128) */
    bool alloc_on_miss;     /* reserve the victim at the miss */
    enum cache_index index;
    uint32_t strip;         /* > 1: the set index ignores the digit of
                               (address / 256) mod strip that chose this
                               cache's slice and channel */
};

struct cache {
    uint32_t sets, ways, line;
    uint32_t unit, nunit;       /* bytes per valid bit, units per line */
    /* The divisions by the geometry done by shifts and masks: line and
       unit are powers of two (pow2; every preset's); the strip by a
       multiply (strip_mul, strip_shift: exact for an address below
       2^56). Derived, not state. */
    bool pow2;
    uint32_t line_shift, unit_shift;
    uint64_t strip_mul;
    uint32_t strip_shift;
    enum cache_repl repl;
    struct cache_opts o;
    uint64_t rng, clock;
    struct cache_line *lines;   /* sets * ways */
    struct mshr_table mshr;
    uint32_t nvalid;            /* valid lines */
    struct cache_stats st;
    /* the last eviction (cache_fill, or cache_read allocating on a miss):
       the victim, clean or dirty, and the bytes it writes back */
    bool evicted, evicted_dirty;
    uint64_t evicted_addr;
    uint32_t evicted_bytes;
    /* Highly associative caches (CACHE_WHERE_WAYS ways or more): which
       line each line address was last installed in, so that a look-up
       does not compare every way (open addressing on line numbers, -1
       free, `slots` a power of two over twice the lines). An entry may
       outlive its line's validity; look-ups check the line. */
    int32_t *where;
    uint32_t slots;
    /* and each set's lines in the order of their stamps (oldest first;
       every new stamp moves its line last), so that the replacement
       victim of a full set is found without comparing every way */
    int32_t *older, *newer;       /* per line: neighbours, -1 at the ends */
    int32_t *oldest, *newest;     /* per set */
};

#define CACHE_WHERE_WAYS 32

enum cache_result {
    CACHE_HIT,
    CACHE_MISS,         /* new MSHR: the caller must fetch the unit */
    CACHE_SECTOR_MISS,  /* the line is present but not this sector: new
                           MSHR, the caller fetches the sector */
    CACHE_MERGED,       /* joined the MSHR of a unit already being fetched */
    CACHE_FAIL,         /* no MSHR, merge slot or way free: retry later */
};

/* size bytes (a multiple of ways * line; 0 makes a cache that always
   misses and has no lines). */
void cache_init(struct cache *c, uint32_t size, uint32_t ways, uint32_t line,
                enum cache_repl repl, uint32_t nmshr, uint32_t merge,
                uint64_t seed);
/* Sets the optional behaviours, before the first access. The Fermi index
   applies to 32 or 64 sets of 128-byte lines only; other geometries keep
   the linear index. */
void cache_configure(struct cache *c, const struct cache_opts *o);
void cache_free(struct cache *c);
/* Advances the random-replacement state by n draws, as n victim choices
   would (a stalled request repeated without being retried). */
void cache_rng_skip(struct cache *c, uint64_t n);
/* floor(log2(v)), 0 for v <= 1: the index bits of v sets or bytes. */
uint32_t cache_log2(uint64_t v);
/* Storage of the tag array of a cache with a 32-bit address space: per
   line the tag, a valid and a dirty bit (a bill, not a model). */
uint64_t cache_tag_bits(uint32_t size, uint32_t ways, uint32_t line);
/* GPGPU-Sim's Fermi set index (its FERMI_HASH_SET_FUNCTION) of a
   128-byte-line address for 32 or 64 sets. */
uint32_t cache_fermi_set(uint64_t addr, uint32_t line, uint32_t sets);

static inline uint64_t cache_line_of(const struct cache *c, uint64_t addr)
{
    return c->pow2 ? addr & ~(uint64_t)(c->line - 1) : addr - addr % c->line;
}

/* The unit (line, or sector of a sectored cache) holding addr. */
static inline uint64_t cache_unit_of(const struct cache *c, uint64_t addr)
{
    return c->pow2 ? addr & ~(uint64_t)(c->unit - 1) : addr - addr % c->unit;
}

/* The set of addr under the cache's index function. */
uint32_t cache_set_of(const struct cache *c, uint64_t addr);

/*
** A read of addr's unit by request `tag`. On a hit updates the replacement
** state. On CACHE_MISS, CACHE_SECTOR_MISS or CACHE_MERGED the tag waits in
** the unit's MSHR (index in *mshr) until cache_fill + cache_release. With
** allocate-on-miss a CACHE_MISS has evicted its victim (c->evicted...).
*/
enum cache_result cache_read(struct cache *c, uint64_t addr, uint32_t tag,
                             uint32_t *mshr);

/* True if addr's unit holds data (no state change). */
bool cache_present(const struct cache *c, uint64_t addr);
/* True if a miss to addr's unit is outstanding (an MSHR holds it). */
bool cache_pending(const struct cache *c, uint64_t addr);
/* True if a read miss to addr could not allocate now: no way of its set
   is free of fetches in flight (allocate-on-miss only). */
bool cache_set_reserved(const struct cache *c, uint64_t addr);

/* A write through a present unit: uses it (LRU) and leaves it clean.
   Returns false if the unit is absent. */
bool cache_touch(struct cache *c, uint64_t addr);

/* A write hitting a present unit: marks it dirty and uses it. Returns
   false if the unit is absent. */
bool cache_write_hit(struct cache *c, uint64_t addr);

/*
** Installs addr's unit (dirty if asked): into its line if the tag is
** there (a reserved unit becomes valid), else into a victim way. Returns
** true if a dirty victim was evicted (its address in *victim, its dirty
** bytes in c->evicted_bytes).
*/
bool cache_fill(struct cache *c, uint64_t addr, bool dirty, uint64_t *victim);

/* Installs addr's unit clean, as cache_fill, without counting anything; a
   dirty victim is dropped (GPGPU-Sim's tag update for host-to-device
   copies, which keeps the data in memory). */
void cache_warm(struct cache *c, uint64_t addr);

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

/* Releases the MSHR of addr's unit: copies its waiting tags to out (room
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
