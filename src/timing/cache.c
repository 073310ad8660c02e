/* cache.c - tags, sectors, set index, replacement and MSHRs (see
   cache.h). */
#include "timing/cache.h"
#include "util/bits.h"
#include "util/hash.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* The shifts, masks and multiplier that replace divisions (struct cache). */
static void derive(struct cache *c)
{
    c->pow2 = ws_is_pow2(c->line) && ws_is_pow2(c->unit);
    c->line_shift = cache_log2(c->line);
    c->unit_shift = cache_log2(c->unit);
    c->strip_mul = 0;
    uint32_t d = c->o.strip;
    if (d > 1 && !ws_is_pow2(d)) {
        /* n / d = (n * m) >> s for every n < 2^48 with s = 48 + k,
           2^k > d, m = floor(2^s / d) + 1: m * d - 2^s <= d, so the
           error n * (m * d - 2^s) stays below 2^s */
        uint32_t k = cache_log2(d) + 1;
        c->strip_shift = 48 + k;
        unsigned __int128 one = 1;
        c->strip_mul = (uint64_t)((one << c->strip_shift) / d) + 1;
    }
}

void cache_init(struct cache *c, uint32_t size, uint32_t ways, uint32_t line,
                enum cache_repl repl, uint32_t nmshr, uint32_t merge,
                uint64_t seed)
{
    memset(c, 0, sizeof *c);
    c->ways = ways;
    c->line = line;
    c->sets = size / (ways * line);
    c->unit = line;
    c->nunit = 1;
    c->repl = repl;
    c->rng = seed * 0x9e3779b97f4a7c15ULL + 1;
    c->lines = ws_xcalloc((size_t)c->sets * ways + 1, sizeof *c->lines);
    mshr_init(&c->mshr, nmshr, merge);
    derive(c);
    if (c->sets && ways >= CACHE_WHERE_WAYS) {
        c->slots = 16;
        while (c->slots < 2 * (uint64_t)c->sets * ways)
            c->slots *= 2;
        c->where = ws_xmalloc((size_t)c->slots * sizeof *c->where);
        memset(c->where, 0xff, (size_t)c->slots * sizeof *c->where);
        size_t n = (size_t)c->sets * ways;
        c->older = ws_xmalloc(n * sizeof *c->older);
        c->newer = ws_xmalloc(n * sizeof *c->newer);
        c->oldest = ws_xmalloc(c->sets * sizeof *c->oldest);
        c->newest = ws_xmalloc(c->sets * sizeof *c->newest);
        /* every stamp 0: way order */
        for (size_t i = 0; i < n; i++) {
            c->older[i] = i % ways ? (int32_t)i - 1 : -1;
            c->newer[i] = (i + 1) % ways ? (int32_t)i + 1 : -1;
        }
        for (uint32_t t = 0; t < c->sets; t++) {
            c->oldest[t] = (int32_t)(t * ways);
            c->newest[t] = (int32_t)(t * ways + ways - 1);
        }
    }
}

void cache_configure(struct cache *c, const struct cache_opts *o)
{
    c->o = *o;
    /* GPGPU-Sim's Fermi hash is defined for 32 or 64 sets of 128-byte
       lines; a cache of another geometry (an L1 resized by design
       `unified`, a design's bank of other sets) keeps the linear index. */
    if (c->o.index == CIDX_FERMI &&
        !(c->line == 128 && (c->sets == 32 || c->sets == 64)))
        c->o.index = CIDX_LINEAR;
    c->unit = o->sectored && c->line > CACHE_SECTOR ? CACHE_SECTOR : c->line;
    c->nunit = c->line / c->unit;
    derive(c);
}

uint32_t cache_log2(uint64_t v)
{
    return v > 1 ? 63 - (uint32_t)__builtin_clzll(v) : 0;
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
    free(c->where);
    free(c->older);
    free(c->newer);
    free(c->oldest);
    free(c->newest);
    mshr_free(&c->mshr);
    memset(c, 0, sizeof *c);
}

uint32_t cache_fermi_set(uint64_t addr, uint32_t line, uint32_t sets)
{
    /* GPGPU-Sim: bits 7-11 of a 128-byte-line address xor bits 13, 14,
       15, 17 and 19; 64 sets take bit 12 as the sixth index bit. */
    uint32_t lower = (uint32_t)(addr >> cache_log2(line)) & 0x1f;
    uint32_t upper = (uint32_t)((addr & 0xe000) >> 13 | (addr & 0x20000) >> 14 |
                                (addr & 0x80000) >> 15);
    uint32_t s = lower ^ upper;
    if (sets == 64)
        s |= (uint32_t)((addr & 0x1000) >> 7);
    return s;
}

uint32_t cache_set_of(const struct cache *c, uint64_t addr)
{
    if (!c->sets)
        return 0;
    if (c->o.strip > 1) {     /* the address within its slice */
        uint64_t n = addr >> 8, q;
        if (c->strip_mul && n < 1ULL << 48)
            q = (uint64_t)(((unsigned __int128)n * c->strip_mul) >>
                           c->strip_shift);
        else
            q = n / c->o.strip;
        addr = q << 8 | (addr & 255);
    }
    if (c->o.index == CIDX_FERMI)
        return cache_fermi_set(addr, c->line, c->sets);
    return (uint32_t)ws_mod(c->pow2 ? addr >> c->line_shift : addr / c->line,
                            c->sets);
}

/* The valid/dirty/pending bit of addr's unit in its line. */
static uint8_t unit_bit(const struct cache *c, uint64_t addr)
{
    if (c->pow2)
        return (uint8_t)(1u << ((addr & (c->line - 1)) >> c->unit_shift));
    return (uint8_t)(1u << (addr % c->line / c->unit));
}

static struct cache_line *set_base(const struct cache *c, uint64_t addr)
{
    return c->lines + (size_t)cache_set_of(c, addr) * c->ways;
}

/* ---- where each line address is (highly associative caches) ---------- */

static uint32_t home(const struct cache *c, uint64_t la)
{
    return (uint32_t)((la * 0x9e3779b97f4a7c15ULL) >> 32) & (c->slots - 1);
}

static void where_put(struct cache *c, uint32_t i)
{
    uint32_t h = home(c, c->lines[i].addr);
    while (c->where[h] >= 0)
        h = (h + 1) & (c->slots - 1);
    c->where[h] = (int32_t)i;
}

/* Removes line i's entry (under the address its tags still hold), if it
   has one, and moves later entries of the run back so that no look-up
   stops early. */
static void where_del(struct cache *c, uint32_t i)
{
    uint32_t mask = c->slots - 1, h = home(c, c->lines[i].addr);
    while (c->where[h] != (int32_t)i) {
        if (c->where[h] < 0)
            return;
        h = (h + 1) & mask;
    }
    for (uint32_t j = (h + 1) & mask; c->where[j] >= 0; j = (j + 1) & mask) {
        uint32_t k = home(c, c->lines[c->where[j]].addr);
        /* the entry at j may fill the hole at h unless its home lies
           cyclically in (h, j] */
        if ((j > h && (k <= h || k > j)) || (j < h && k <= h && k > j)) {
            c->where[h] = c->where[j];
            h = j;
        }
    }
    c->where[h] = -1;
}

/* Gives l the next stamp (its use, or its fill). */
static void stamp(struct cache *c, struct cache_line *l)
{
    l->stamp = ++c->clock;
    if (!c->older)
        return;
    int32_t i = (int32_t)(l - c->lines);
    uint32_t t = (uint32_t)i / c->ways;
    if (c->newest[t] == i)
        return;
    /* out of its place, in at the newest end */
    if (c->older[i] >= 0)
        c->newer[c->older[i]] = c->newer[i];
    else
        c->oldest[t] = c->newer[i];
    c->older[c->newer[i]] = c->older[i];
    c->older[i] = c->newest[t];
    c->newer[i] = -1;
    c->newer[c->newest[t]] = i;
    c->newest[t] = i;
}

static struct cache_line *find(const struct cache *c, uint64_t addr)
{
    if (!c->sets)
        return NULL;
    uint64_t la = cache_line_of(c, addr);
    if (c->where) {
        /* the valid line of la in its set: the ways that find() would
           compare, in one probe sequence */
        uint32_t s = cache_set_of(c, addr);
        for (uint32_t h = home(c, la);; h = (h + 1) & (c->slots - 1)) {
            int32_t i = c->where[h];
            if (i < 0)
                return NULL;
            struct cache_line *l = &c->lines[i];
            if (l->valid && l->addr == la && (uint32_t)i / c->ways == s)
                return l;
        }
    }
    struct cache_line *set = set_base(c, addr);
    for (uint32_t w = 0; w < c->ways; w++)
        if (set[w].valid && set[w].addr == la)
            return &set[w];
    return NULL;
}

/* xorshift64 */
static void rng_step(uint64_t *rng)
{
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
}

void cache_rng_skip(struct cache *c, uint64_t n)
{
    while (n--)
        rng_step(&c->rng);
}

/* The way to replace in set: an invalid way, else by the policy among
   the ways (without a fetch in flight when `skip_pending`); NULL when
   every way has one. */
/* The way a fill of this set replaces (ways awaiting a fill skipped when
   skip_pending), or NULL if none may be; *rng is the random state,
   advanced for random replacement. */
static struct cache_line *victim_way(const struct cache *c,
                                     struct cache_line *set, bool skip_pending,
                                     uint64_t *rng)
{
    if (c->repl != REPL_RANDOM && c->older && c->nvalid == c->sets * c->ways) {
        /* every way valid: the oldest candidate, in stamp order */
        uint32_t t = (uint32_t)(set - c->lines) / c->ways;
        for (int32_t i = c->oldest[t]; i >= 0; i = c->newer[i])
            if (!(skip_pending && c->lines[i].sec_pending))
                return &c->lines[i];
        return NULL;
    }
    if (c->repl != REPL_RANDOM) {
        /* an empty way, else the least recently used candidate */
        struct cache_line *v = NULL;
        for (uint32_t w = 0; w < c->ways; w++) {
            if (!set[w].valid)
                return &set[w];
            if (!(skip_pending && set[w].sec_pending) &&
                (!v || set[w].stamp < v->stamp))
                v = &set[w];
        }
        return v;
    }
    uint32_t cand = 0;
    for (uint32_t w = 0; w < c->ways; w++) {
        if (!set[w].valid)
            return &set[w];
        cand += !(skip_pending && set[w].sec_pending);
    }
    if (!cand)
        return NULL;
    /* the k-th candidate way */
    rng_step(rng);
    uint32_t k = (uint32_t)(*rng % cand);
    for (uint32_t w = 0; w < c->ways; w++)
        if (!(skip_pending && set[w].sec_pending) && k-- == 0)
            return &set[w];
    return NULL;
}

/* Empties way l; records the victim (and counts it unless `quiet`).
   Returns true if it was dirty (its address in *victim). */
static bool evict(struct cache *c, struct cache_line *l, uint64_t *victim,
                  bool quiet)
{
    if (!l->valid)
        return false;
    c->evicted = true;
    c->evicted_dirty = l->dirty;
    c->evicted_addr = l->addr;
    c->evicted_bytes = (uint32_t)__builtin_popcount(l->sec_dirty) * c->unit;
    c->nvalid--;
    l->valid = false;
    if (!quiet)
        c->st.evictions++;
    if (!l->dirty)
        return false;
    *victim = l->addr;
    if (!quiet)
        c->st.writebacks++;
    return true;
}

/* Puts the line of addr into the (emptied) way l with unit bits `bits`. */
static void install(struct cache *c, struct cache_line *l, uint64_t addr,
                    uint8_t valid, uint8_t dirty, uint8_t pending)
{
    if (c->where)
        where_del(c, (uint32_t)(l - c->lines));
    l->addr = cache_line_of(c, addr);
    if (c->where)
        where_put(c, (uint32_t)(l - c->lines));
    c->nvalid++;
    l->valid = true;
    l->sec_valid = valid;
    l->sec_dirty = dirty;
    l->sec_pending = pending;
    l->dirty = dirty != 0;
    stamp(c, l);                     /* LRU and FIFO both start here */
}

enum cache_result cache_read(struct cache *c, uint64_t addr, uint32_t tag,
                             uint32_t *mshr)
{
    uint64_t u = cache_unit_of(c, addr);
    uint8_t bit = unit_bit(c, addr);
    struct cache_line *l = find(c, addr);
    c->evicted = false;
    if (l && (l->sec_valid & bit)) {
        c->st.accesses++;
        c->st.hits++;
        if (c->repl == REPL_LRU)
            stamp(c, l);
        return CACHE_HIT;
    }
    int32_t m = mshr_find(&c->mshr, u);
    if (m >= 0) {
        if (mshr_merge_full(&c->mshr, m)) {
            c->st.fails++;
            return CACHE_FAIL;
        }
        mshr_merge(&c->mshr, m, tag);
        c->st.accesses++;
        c->st.misses++;
        c->st.mshr_merges++;
        if (l && c->repl == REPL_LRU)
            stamp(c, l);
        *mshr = (uint32_t)m;
        return CACHE_MERGED;
    }
    /* A new miss: allocating on a miss needs a way without a fetch in
       flight (GPGPU-Sim's reservation failure), then an MSHR. */
    struct cache_line *v = NULL;
    if (!l && c->o.alloc_on_miss && c->sets) {
        v = victim_way(c, set_base(c, addr), true, &c->rng);
        if (!v) {
            c->st.fails++;
            c->st.line_fails++;
            return CACHE_FAIL;
        }
    }
    m = mshr_free_slot(&c->mshr);
    if (m < 0) {
        c->st.fails++;
        return CACHE_FAIL;
    }
    mshr_open(&c->mshr, m, u, tag);
    c->st.accesses++;
    c->st.misses++;
    *mshr = (uint32_t)m;
    if (l) {
        c->st.sector_misses++;
        if (c->o.alloc_on_miss)
            l->sec_pending |= bit;
        if (c->repl == REPL_LRU)
            stamp(c, l);
        return CACHE_SECTOR_MISS;
    }
    if (v) {
        uint64_t victim;
        evict(c, v, &victim, false);
        install(c, v, addr, 0, 0, bit);
    }
    return CACHE_MISS;
}

bool cache_present(const struct cache *c, uint64_t addr)
{
    const struct cache_line *l = find(c, addr);
    return l && (l->sec_valid & unit_bit(c, addr));
}

bool cache_pending(const struct cache *c, uint64_t addr)
{
    return mshr_find(&c->mshr, cache_unit_of(c, addr)) >= 0;
}

bool cache_set_reserved(const struct cache *c, uint64_t addr)
{
    if (!c->o.alloc_on_miss || !c->sets || find(c, addr))
        return false;
    const struct cache_line *set = set_base(c, addr);
    for (uint32_t w = 0; w < c->ways; w++)
        if (!set[w].valid || !set[w].sec_pending)
            return false;
    return true;
}

bool cache_touch(struct cache *c, uint64_t addr)
{
    struct cache_line *l = find(c, addr);
    if (!l || !(l->sec_valid & unit_bit(c, addr)))
        return false;
    if (c->repl == REPL_LRU)
        stamp(c, l);
    return true;
}

bool cache_write_hit(struct cache *c, uint64_t addr)
{
    struct cache_line *l = find(c, addr);
    uint8_t bit = unit_bit(c, addr);
    if (!l || !(l->sec_valid & bit))
        return false;
    l->sec_dirty |= bit;
    l->dirty = true;
    if (c->repl == REPL_LRU)
        stamp(c, l);
    return true;
}

/* cache_fill, and (quiet) cache_warm: the same without statistics. */
static bool fill(struct cache *c, uint64_t addr, bool dirty, uint64_t *victim,
                 bool quiet)
{
    if (!c->sets)
        return false;
    uint8_t bit = unit_bit(c, addr);
    struct cache_line *l = find(c, addr);
    c->evicted = false;
    if (l) {
        if (!(l->sec_valid & bit) && !quiet)
            c->st.fills++;           /* a reserved or absent unit arrives */
        l->sec_pending &= (uint8_t)~bit;
        l->sec_valid |= bit;
        if (dirty) {
            l->sec_dirty |= bit;
            l->dirty = true;
        }
        if (c->repl == REPL_LRU)
            stamp(c, l);
        return false;
    }
    struct cache_line *v = victim_way(c, set_base(c, addr),
                                      c->o.alloc_on_miss, &c->rng);
    if (!v)
        return false;                /* every way awaits a fill: not kept */
    bool wb = evict(c, v, victim, quiet);
    install(c, v, addr, bit, dirty ? bit : 0, 0);
    if (!quiet)
        c->st.fills++;
    return wb;
}

bool cache_fill(struct cache *c, uint64_t addr, bool dirty, uint64_t *victim)
{
    return fill(c, addr, dirty, victim, false);
}

void cache_warm(struct cache *c, uint64_t addr)
{
    uint64_t victim;
    fill(c, addr, false, &victim, true);
}

int32_t cache_index(const struct cache *c, uint64_t addr)
{
    const struct cache_line *l = find(c, addr);
    return l ? (int32_t)(l - c->lines) : -1;
}

uint32_t cache_victim(const struct cache *c, uint64_t addr)
{
    uint64_t rng = c->rng;
    struct cache_line *set = set_base(c, addr);
    struct cache_line *v = victim_way(c, set, c->o.alloc_on_miss, &rng);
    if (!v)
        v = victim_way(c, set, false, &rng);
    return (uint32_t)(v - c->lines);
}

void cache_use(struct cache *c, uint32_t i)
{
    if (c->repl == REPL_LRU)
        stamp(c, &c->lines[i]);
}

uint32_t cache_release(struct cache *c, uint64_t addr, uint32_t *out)
{
    return mshr_release(&c->mshr, cache_unit_of(c, addr), out);
}

bool cache_invalidate(struct cache *c, uint64_t addr)
{
    struct cache_line *l = find(c, addr);
    if (!l)
        return false;
    bool d = l->dirty;
    l->valid = l->dirty = false;
    l->sec_valid = l->sec_dirty = l->sec_pending = 0;
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
        ws_hash_u64(h, (uint64_t)l->sec_valid | (uint64_t)l->sec_dirty << 8 |
                           (uint64_t)l->sec_pending << 16);
    }
    mshr_hash(&c->mshr, h);
}
