/*
** cerf-array.c - the pure parts of design cerf (cerf.h): register
** re-indexing to reg-mem addresses, where a block lives (set, tag bank,
** data bank), the storage arithmetic, and the integrated array with its
** entry states and replacement policies. No timing, no events: the unit
** tests and `inspect --cost` use these directly.
*/
#include "designs/cerf.h"
#include "timing/cache.h"
#include "util/bits.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* ---- re-indexing, placement, cost ------------------------------------ */

uint32_t cerf_warp_reg(uint32_t w, uint32_t r, uint32_t regs_per_thread)
{
    return w * regs_per_thread + r;
}

uint64_t cerf_regmem(uint32_t sm, uint32_t wr)
{
    uint64_t prefix = sm & ((1u << CERF_PREFIX_BITS) - 1);
    return CERF_REGMEM_BASE |
           prefix << (CERF_ADDR_BITS - CERF_PREFIX_BITS) |
           (uint64_t)wr << CERF_BLOCK_BITS;
}

int64_t cerf_regmem_wr(uint32_t sm, uint64_t addr)
{
    uint64_t base = cerf_regmem(sm, 0);
    uint64_t span = 1ULL << (CERF_ADDR_BITS - CERF_PREFIX_BITS);
    if (addr < base || addr >= base + span)
        return -1;
    return (int64_t)((addr - base) >> CERF_BLOCK_BITS);
}

void cerf_locate(const struct cerf_geom *g, uint64_t addr,
                 struct cerf_where *out)
{
    uint64_t block = addr >> CERF_BLOCK_BITS;
    uint32_t per_tb = (uint32_t)ws_div(g->banks, g->tag_banks);
    out->set = (uint32_t)ws_mod(block, g->sets);
    out->tag = ws_div(block, g->sets);
    out->tag_bank = (uint32_t)ws_mod(out->set, g->tag_banks);
    out->set_in_bank = (uint32_t)ws_div(out->set, g->tag_banks);
    out->data_bank = out->tag_bank * per_tb +
                     (uint32_t)ws_mod(out->set_in_bank, per_tb);
}

void cerf_cost(uint32_t registers, uint32_t ways, uint32_t l1_size,
               uint32_t l1_ways, uint32_t l1_line, struct cerf_cost *out)
{
    memset(out, 0, sizeof *out);
    uint64_t entries = (uint64_t)registers * 4 / CERF_BLOCK;
    uint64_t sets = entries / ways;
    out->data_bytes = entries * CERF_BLOCK;
    out->tag_bits = entries * (CERF_ADDR_BITS - CERF_BLOCK_BITS - cache_log2(sets));
    out->state_bits = entries * 2;
    out->total_bytes = out->data_bytes + (out->tag_bits + out->state_bits) / 8;
    out->base_rf_bytes = (uint64_t)registers * 4;
    out->base_l1_bytes = l1_size;
    out->base_tag_bits = cache_tag_bits(l1_size, l1_ways, l1_line);
    out->base_total_bytes = out->base_rf_bytes + out->base_l1_bytes +
                            out->base_tag_bits / 8;
}

/* ---- the array -------------------------------------------------------- */

const char *cerf_state_name(uint8_t st)
{
    static const char *n[] = { "inactive", "reg", "cache", "dirty" };
    return st < 4 ? n[st] : "?";
}

void cerf_array_init(struct cerf_array *a, const struct cerf_geom *g,
                     enum cerf_policy policy)
{
    memset(a, 0, sizeof *a);
    a->g = *g;
    a->policy = policy;
    a->e = ws_xcalloc((size_t)g->sets * g->ways, sizeof *a->e);
    a->count[CS_INACTIVE] = g->sets * g->ways;
}

void cerf_array_free(struct cerf_array *a)
{
    free(a->e);
    a->e = NULL;
}

static struct cerf_entry *ent(const struct cerf_array *a, uint32_t set,
                              uint32_t way)
{
    return &a->e[(size_t)set * a->g.ways + way];
}

int cerf_array_find(const struct cerf_array *a, uint32_t set, uint64_t addr)
{
    for (uint32_t w = 0; w < a->g.ways; w++) {
        const struct cerf_entry *x = ent(a, set, w);
        if (x->state != CS_INACTIVE && x->addr == addr)
            return (int)w;
    }
    return -1;
}

int cerf_array_victim(const struct cerf_array *a, uint32_t set, uint8_t st)
{
    int lru = -1, lru_other = -1;
    for (uint32_t w = 0; w < a->g.ways; w++) {
        const struct cerf_entry *x = ent(a, set, w);
        if (x->state == CS_INACTIVE)
            return (int)w;
        if (lru < 0 || x->stamp < ent(a, set, (uint32_t)lru)->stamp)
            lru = (int)w;
        if (x->state != CS_REG &&
            (lru_other < 0 ||
             x->stamp < ent(a, set, (uint32_t)lru_other)->stamp))
            lru_other = (int)w;
    }
    if (a->policy == CP_LRU_FAIR)
        return lru;
    /* lru-prioritized: registers are protected from cache data */
    if (lru_other >= 0)
        return lru_other;
    return st == CS_REG ? lru : -1;
}

void cerf_array_put(struct cerf_array *a, uint32_t set, int way,
                    uint64_t addr, uint8_t st, struct cerf_victim *v)
{
    struct cerf_entry *x = ent(a, set, (uint32_t)way);
    v->replaced = x->state != CS_INACTIVE && x->addr != addr;
    v->state = x->state;
    v->addr = x->addr;
    v->way = (uint32_t)way;
    a->count[x->state]--;
    a->count[st]++;
    x->addr = addr;
    x->state = st;
    x->stamp = ++a->clock;
}

void cerf_array_set_state(struct cerf_array *a, uint32_t set, int way,
                          uint8_t st)
{
    struct cerf_entry *x = ent(a, set, (uint32_t)way);
    a->count[x->state]--;
    a->count[st]++;
    x->state = st;
}

void cerf_array_touch(struct cerf_array *a, uint32_t set, int way)
{
    ent(a, set, (uint32_t)way)->stamp = ++a->clock;
}

uint32_t cerf_array_age(const struct cerf_array *a, uint32_t set, uint32_t way)
{
    uint32_t rank = 0;
    uint64_t s = ent(a, set, way)->stamp;
    for (uint32_t w = 0; w < a->g.ways; w++)
        if (w != way && ent(a, set, w)->state != CS_INACTIVE &&
            ent(a, set, w)->stamp > s)
            rank++;
    return rank;
}

