/* cache.c - tags, replacement and MSHRs (see cache.h). */
#include "timing/cache.h"
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
    c->nmshr = nmshr;
    c->merge = merge;
    c->rng = seed * 0x9e3779b97f4a7c15ULL + 1;
    c->lines = ws_xcalloc((size_t)c->sets * ways + 1, sizeof *c->lines);
    c->mshr = ws_xcalloc((size_t)nmshr + 1, sizeof *c->mshr);
    c->wait = ws_xcalloc((size_t)nmshr * merge + 1, sizeof *c->wait);
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
    free(c->mshr);
    free(c->wait);
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

static int32_t find_mshr(const struct cache *c, uint64_t line)
{
    if (!c->mshr_used)
        return -1;
    for (uint32_t i = 0; i < c->nmshr; i++)
        if (c->mshr[i].valid && c->mshr[i].line == line)
            return (int32_t)i;
    return -1;
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
    int32_t m = find_mshr(c, la);
    if (m >= 0) {
        if (c->mshr[m].nwait >= c->merge) {
            c->st.fails++;
            return CACHE_FAIL;
        }
        c->wait[(size_t)m * c->merge + c->mshr[m].nwait++] = tag;
        c->st.accesses++;
        c->st.misses++;
        c->st.mshr_merges++;
        *mshr = (uint32_t)m;
        return CACHE_MERGED;
    }
    for (uint32_t i = 0; c->mshr_used < c->nmshr && i < c->nmshr; i++) {
        if (c->mshr[i].valid)
            continue;
        c->mshr_used++;
        c->mshr[i].valid = true;
        c->mshr[i].line = la;
        c->mshr[i].nwait = 1;
        c->wait[(size_t)i * c->merge] = tag;
        c->st.accesses++;
        c->st.misses++;
        *mshr = i;
        return CACHE_MISS;
    }
    c->st.fails++;
    return CACHE_FAIL;
}

bool cache_present(const struct cache *c, uint64_t addr)
{
    return find(c, addr) != NULL;
}

bool cache_pending(const struct cache *c, uint64_t addr)
{
    return find_mshr(c, cache_line_of(c, addr)) >= 0;
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

static uint32_t victim_way(struct cache *c, struct cache_line *set)
{
    for (uint32_t w = 0; w < c->ways; w++)
        if (!set[w].valid)
            return w;
    if (c->repl == REPL_RANDOM) {
        /* xorshift64 */
        c->rng ^= c->rng << 13;
        c->rng ^= c->rng >> 7;
        c->rng ^= c->rng << 17;
        return (uint32_t)(c->rng % c->ways);
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
    uint32_t w = victim_way(c, set);
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

uint32_t cache_release(struct cache *c, uint64_t addr, uint32_t *out)
{
    int32_t m = find_mshr(c, cache_line_of(c, addr));
    if (m < 0)
        return 0;
    uint32_t n = c->mshr[m].nwait;
    memcpy(out, c->wait + (size_t)m * c->merge, n * sizeof *out);
    c->mshr[m].valid = false;
    c->mshr[m].nwait = 0;
    c->mshr_used--;
    return n;
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
    return c->mshr_used;
}
