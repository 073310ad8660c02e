/* cache.c - tags, replacement and MSHRs (see cache.h). */
#include "timing/cache.h"
#include "util/hash.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void cache_init(struct cache *c, uint32_t size, uint32_t ways, uint32_t line,
                enum cache_repl repl, uint32_t nmshr, uint32_t merge,
                uint64_t seed)
{
    memset(c, 0, sizeof *c);
    c->ways = ways;
    c->line = line;
    c->sets = size / (ways * line);
    c->repl = repl;
    c->rng = seed * 0x9e3779b97f4a7c15ULL + 1;
    c->lines = ws_xcalloc((size_t)c->sets * ways + 1, sizeof *c->lines);
    mshr_init(&c->mshr, nmshr, merge);
}

uint32_t cache_log2(uint64_t v)
{
    uint32_t n = 0;
    while (v > 1) {
        v >>= 1;
        n++;
    }
    return n;
}

uint64_t cache_tag_bits(uint32_t size, uint32_t ways, uint32_t line)
{
    if (!size || !ways || !line || size < ways * line)
        return 0;
    uint64_t lines = size / line, sets = lines / ways;
    return lines * (32 - cache_log2(line) - cache_log2(sets) + 2);
}

void cache_free(struct cache *c)
{
    free(c->lines);
    mshr_free(&c->mshr);
    memset(c, 0, sizeof *c);
}

static struct cache_line *find(const struct cache *c, uint64_t addr)
{
    if (!c->sets)
        return NULL;
    uint64_t la = cache_line_of(c, addr);
    struct cache_line *set = c->lines + (size_t)cache_set_of(c, addr) * c->ways;
    for (uint32_t w = 0; w < c->ways; w++)
        if (set[w].valid && set[w].addr == la)
            return &set[w];
    return NULL;
}

enum cache_result cache_read(struct cache *c, uint64_t addr, uint32_t tag,
                             uint32_t *mshr)
{
    uint64_t la = cache_line_of(c, addr);
    struct cache_line *l = find(c, addr);
    if (l) {
        c->st.accesses++;
        c->st.hits++;
        if (c->repl == REPL_LRU)
            l->stamp = ++c->clock;
        return CACHE_HIT;
    }
    int32_t m = mshr_find(&c->mshr, la);
    if (m >= 0) {
        if (mshr_merge_full(&c->mshr, m)) {
            c->st.fails++;
            return CACHE_FAIL;
        }
        mshr_merge(&c->mshr, m, tag);
        c->st.accesses++;
        c->st.misses++;
        c->st.mshr_merges++;
        *mshr = (uint32_t)m;
        return CACHE_MERGED;
    }
    m = mshr_free_slot(&c->mshr);
    if (m < 0) {
        c->st.fails++;
        return CACHE_FAIL;
    }
    mshr_open(&c->mshr, m, la, tag);
    c->st.accesses++;
    c->st.misses++;
    *mshr = (uint32_t)m;
    return CACHE_MISS;
}

bool cache_present(const struct cache *c, uint64_t addr)
{
    return find(c, addr) != NULL;
}

bool cache_pending(const struct cache *c, uint64_t addr)
{
    return mshr_find(&c->mshr, cache_line_of(c, addr)) >= 0;
}

bool cache_touch(struct cache *c, uint64_t addr)
{
    struct cache_line *l = find(c, addr);
    if (!l)
        return false;
    if (c->repl == REPL_LRU)
        l->stamp = ++c->clock;
    return true;
}

bool cache_write_hit(struct cache *c, uint64_t addr)
{
    struct cache_line *l = find(c, addr);
    if (!l)
        return false;
    l->dirty = true;
    if (c->repl == REPL_LRU)
        l->stamp = ++c->clock;
    return true;
}

/* The way a fill of this set replaces; *rng is the random state (advanced
   for random replacement). */
static uint32_t victim_way(const struct cache *c, const struct cache_line *set,
                           uint64_t *rng)
{
    for (uint32_t w = 0; w < c->ways; w++)
        if (!set[w].valid)
            return w;
    if (c->repl == REPL_RANDOM) {
        /* xorshift64 */
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        return (uint32_t)(*rng % c->ways);
    }
    uint32_t v = 0;
    for (uint32_t w = 1; w < c->ways; w++)
        if (set[w].stamp < set[v].stamp)
            v = w;
    return v;
}

bool cache_fill(struct cache *c, uint64_t addr, bool dirty, uint64_t *victim)
{
    if (!c->sets)
        return false;
    struct cache_line *l = find(c, addr);
    c->evicted = false;
    if (l) {
        l->dirty |= dirty;
        if (c->repl == REPL_LRU)
            l->stamp = ++c->clock;
        return false;
    }
    struct cache_line *set = c->lines + (size_t)cache_set_of(c, addr) * c->ways;
    uint32_t w = victim_way(c, set, &c->rng);
    bool wb = false;
    if (set[w].valid) {
        c->st.evictions++;
        c->evicted = true;
        c->evicted_dirty = set[w].dirty;
        c->evicted_addr = set[w].addr;
        if (set[w].dirty) {
            wb = true;
            *victim = set[w].addr;
            c->st.writebacks++;
        }
    }
    set[w].addr = cache_line_of(c, addr);
    c->nvalid += !set[w].valid;
    set[w].valid = true;
    set[w].dirty = dirty;
    set[w].stamp = ++c->clock;       /* LRU and FIFO both start here */
    c->st.fills++;
    return wb;
}

int32_t cache_index(const struct cache *c, uint64_t addr)
{
    const struct cache_line *l = find(c, addr);
    return l ? (int32_t)(l - c->lines) : -1;
}

uint32_t cache_victim(const struct cache *c, uint64_t addr)
{
    uint32_t s = cache_set_of(c, addr);
    uint64_t rng = c->rng;
    return s * c->ways + victim_way(c, c->lines + (size_t)s * c->ways, &rng);
}

void cache_use(struct cache *c, uint32_t i)
{
    if (c->repl == REPL_LRU)
        c->lines[i].stamp = ++c->clock;
}

uint32_t cache_release(struct cache *c, uint64_t addr, uint32_t *out)
{
    return mshr_release(&c->mshr, cache_line_of(c, addr), out);
}

bool cache_invalidate(struct cache *c, uint64_t addr)
{
    struct cache_line *l = find(c, addr);
    if (!l)
        return false;
    bool d = l->dirty;
    l->valid = l->dirty = false;
    c->nvalid--;
    c->st.invalidations++;
    return d;
}

const struct cache_line *cache_way(const struct cache *c, uint32_t s,
                                   uint32_t w)
{
    if (s >= c->sets || w >= c->ways)
        return NULL;
    return &c->lines[(size_t)s * c->ways + w];
}

uint32_t cache_age(const struct cache *c, uint32_t s, uint32_t w)
{
    if (s >= c->sets || w >= c->ways)
        return 0;
    const struct cache_line *set = c->lines + (size_t)s * c->ways;
    uint32_t age = 0;
    for (uint32_t x = 0; x < c->ways; x++)
        if (x != w && set[x].valid && set[x].stamp > set[w].stamp)
            age++;
    return age;
}

uint32_t cache_mshrs_used(const struct cache *c)
{
    return c->mshr.used;
}

void cache_hash(const struct cache *c, uint64_t *h)
{
    ws_hash_u64(h, c->sets);
    ws_hash_u64(h, c->ways);
    ws_hash_u64(h, c->line);
    ws_hash_u64(h, c->clock);
    ws_hash_u64(h, c->rng);
    for (size_t i = 0; i < (size_t)c->sets * c->ways; i++) {
        const struct cache_line *l = &c->lines[i];
        ws_hash_u64(h, l->valid);
        if (!l->valid)
            continue;
        ws_hash_u64(h, l->addr);
        ws_hash_u64(h, l->dirty);
        ws_hash_u64(h, l->stamp);
    }
    mshr_hash(&c->mshr, h);
}
