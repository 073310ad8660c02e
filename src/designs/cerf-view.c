/*
** cerf-view.c - design cerf seen from outside: its statistics (the rf,
** l1d and cerf sections, energy), what the panes and `info` show of the
** integrated array, the constraints between its keys and the machine,
** and its storage bill (see cerf.c for the model itself).
*/
#include "designs/cerf-internal.h"
#include "designs/bill.h"
#include "config/config.h"
#include "timing/cache.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- statistics --------------------------------------------------------- */

/* A time integral brought up to now without changing the object. */
static uint64_t upto(const struct cerf *c, uint64_t acc, uint64_t count)
{
    uint64_t now = now_of(c);
    return c->running && now > c->last ? acc + (now - c->last) * count : acc;
}

void cerf_rf_stats(void *self, struct jv *o)
{
    struct cerf *c = self;
    jv_add_int(o, "reads", (int64_t)c->st.reads);
    jv_add_int(o, "writes", (int64_t)c->st.writes);
    jv_add_int(o, "bank_conflicts", (int64_t)c->st.bank_conflicts);
    jv_set(o, "banks", jv_int(c->a.g.banks));
}

void cerf_l1_stats(void *self, struct jv *o)
{
    struct cerf *c = self;
    jv_add_int(o, "accesses", (int64_t)c->st.loads);
    jv_add_int(o, "hits", (int64_t)c->st.hits);
    jv_add_int(o, "misses", (int64_t)c->st.misses);
    jv_add_int(o, "mshr_merges", (int64_t)c->st.merges);
    jv_add_int(o, "stores", (int64_t)c->st.stores);
    jv_add_int(o, "bypassed", (int64_t)c->st.bypass);
    jv_add_int(o, "reservation_stalls", (int64_t)c->st.stalls);
    jv_add_int(o, "fills", (int64_t)c->st.cache_fills);
    jv_add_int(o, "writebacks", (int64_t)c->st.writebacks);
    jv_add_int(o, "valid_byte_cycles",
               (int64_t)(CERF_BLOCK *
                         (upto(c, c->st.state_cycles[CS_CACHE],
                               c->a.count[CS_CACHE]) +
                          upto(c, c->st.state_cycles[CS_DIRTY],
                               c->a.count[CS_DIRTY]))));
}

void cerf_section(const struct design_parts *sp, struct jv *o)
{
    struct cerf *c = sp->rf;
    const struct cstats *s = &c->st;
    jv_add_int(o, "register_reads", (int64_t)s->reads);
    jv_add_int(o, "register_writes", (int64_t)s->writes);
    jv_add_int(o, "register_hits", (int64_t)s->reg_hits);
    jv_add_int(o, "cold_reads", (int64_t)s->cold);
    jv_add_int(o, "refilled_reads", (int64_t)s->refilled);
    jv_add_int(o, "spills", (int64_t)s->spills);
    jv_add_int(o, "fills", (int64_t)s->fills);
    jv_add_int(o, "freed_by_dead_bits", (int64_t)s->freed);
    jv_add_int(o, "cache_accesses", (int64_t)s->loads);
    jv_add_int(o, "cache_hits", (int64_t)s->hits);
    jv_add_int(o, "cache_fills", (int64_t)s->cache_fills);
    jv_add_int(o, "fills_not_cached", (int64_t)s->fills_uncached);
    jv_add_int(o, "writebacks", (int64_t)s->writebacks);
    jv_add_int(o, "array_writes", (int64_t)s->array_writes);
    struct jv *in = jv_get(o, "interference");
    if (!in)
        in = jv_set(o, "interference", jv_obj());
    jv_add_int(in, "rr", (int64_t)s->repl[RP_RR]);
    jv_add_int(in, "rc", (int64_t)(s->repl[RP_RC] + s->repl[RP_CR]));
    jv_add_int(in, "cc", (int64_t)s->repl[RP_CC]);
    jv_add_int(in, "register_by_cache", (int64_t)s->repl[RP_RC]);
    jv_add_int(in, "cache_by_register", (int64_t)s->repl[RP_CR]);
    jv_add_int(o, "data_bank_conflicts",
               (int64_t)(s->bank_conflicts + s->ldst_bank_conflicts));
    jv_add_int(o, "tag_bank_conflicts", (int64_t)s->tag_conflicts);
    jv_add_int(o, "tag_lookups", (int64_t)s->tag_lookups);
    jv_add_int(o, "tag_writes", (int64_t)s->tag_writes);
    jv_add_int(o, "data_reads", (int64_t)s->data_reads);
    jv_add_int(o, "data_writes", (int64_t)s->data_writes);
    /* time integrals (entries x cycles) */
    static const char *sk[4] = { "inactive_entry_cycles", "reg_entry_cycles",
                                 "cache_entry_cycles", "dirty_entry_cycles" };
    for (int k = 0; k < 4; k++)
        jv_add_int(o, sk[k], (int64_t)upto(c, s->state_cycles[k],
                                           c->a.count[k]));
}

void cerf_facts(const struct design_parts *sp, struct jv *o)
{
    const struct cerf *c = sp->rf;
    jv_set(o, "policy", jv_str(c->a.policy == CP_LRU_FAIR ? "lru-fair"
                                                          : "lru-prioritized"));
    jv_set(o, "ways", jv_int(c->a.g.ways));
    jv_set(o, "sets", jv_int(c->a.g.sets));
    jv_set(o, "banks", jv_int(c->a.g.banks));
    jv_set(o, "tag_banks", jv_int(c->a.g.tag_banks));
    struct cerf_cost cost;
    cerf_cost(c->registers, c->a.g.ways, c->p->l1_size, c->p->l1_ways,
              c->p->l1_line, &cost);
    jv_set(o, "storage_bytes", jv_int((int64_t)cost.total_bytes));
    jv_set(o, "tag_bytes", jv_int((int64_t)(cost.tag_bits / 8)));
    jv_set(o, "state_bytes", jv_int((int64_t)(cost.state_bits / 8)));
    jv_set(o, "baseline_storage_bytes", jv_int((int64_t)cost.base_total_bytes));
}

static void ratio(struct jv *o, const char *key, double num, double den)
{
    jv_set(o, key, jv_num(den > 0 ? num / den : 0));
}

void cerf_ratios(struct jv *o, const struct jv *all,
                 const struct tparams *p, uint64_t cycles)
{
    /* over the kernel's cycles on every SM (the states' integrals stop
       when the array is flushed at the end of a kernel) */
    double ec = jv_num_at(o, "sets") * jv_num_at(o, "ways") *
                (double)cycles * p->nsm;
    double active = jv_num_at(o, "reg_entry_cycles") +
                    jv_num_at(o, "cache_entry_cycles") +
                    jv_num_at(o, "dirty_entry_cycles");
    ratio(o, "utilization", active, ec);
    ratio(o, "register_share", jv_num_at(o, "reg_entry_cycles"), ec);
    ratio(o, "cache_share", jv_num_at(o, "cache_entry_cycles") +
                                jv_num_at(o, "dirty_entry_cycles"), ec);
    /* the holes as the pipeline sees them (one array entry is one warp
       register) */
    const struct jv *rf = jv_get(all, "rf");
    jv_set(o, "static_holes", jv_num(jv_num_at(rf, "static_holes")));
    jv_set(o, "dynamic_holes", jv_num(jv_num_at(rf, "dynamic_holes")));
    ratio(o, "cache_hit_rate", jv_num_at(o, "cache_hits"),
          jv_num_at(o, "cache_accesses"));
    ratio(o, "register_hit_rate", jv_num_at(o, "register_hits"),
          jv_num_at(o, "register_reads"));
    struct jv *in = jv_get(o, "interference");
    double writes = jv_num_at(o, "array_writes");
    if (in) {
        ratio(in, "rr_rate", jv_num_at(in, "rr"), writes);
        ratio(in, "rc_rate", jv_num_at(in, "rc"), writes);
        ratio(in, "cc_rate", jv_num_at(in, "cc"), writes);
    }
}

/* Table III: the integrated data array costs what the 128 KB RF does per
   access and bank; the integrated tag array has its own primitives, per
   tag bank. */
void cerf_energy(void *self, const struct tparams *p, uint64_t cycles,
                        struct jv *o)
{
    struct cerf *c = self;
    jv_add_num(o, "cerf_data",
               (double)c->st.data_reads * p->e.rf_read +
                   (double)c->st.data_writes * p->e.rf_write +
                   leak_pj(p, p->e.rf_leak * c->a.g.banks, cycles));
    jv_add_num(o, "cerf_tag",
               (double)c->st.tag_lookups * p->e.cerf_tag_read +
                   (double)c->st.tag_writes * p->e.cerf_tag_write +
                   leak_pj(p, p->e.cerf_tag_leak * c->a.g.tag_banks, cycles));
}

/* ---- inspection ----------------------------------------------------------- */

static void owner(const struct cerf *c, const struct cerf_entry *x, char *buf,
                  size_t n)
{
    int64_t wr = cerf_regmem_wr(c->sm, x->addr);
    if (x->state == CS_INACTIVE && !x->addr)
        snprintf(buf, n, "-");
    else if (wr >= 0 && c->rpt)
        snprintf(buf, n, "w%u.r%u", (unsigned)(wr / c->rpt),
                 (unsigned)(wr % c->rpt));
    else
        snprintf(buf, n, "0x%llx", (unsigned long long)x->addr);
}

static struct jv *entry_json(const struct cerf *c, uint32_t s, uint32_t w,
                             bool cache_view)
{
    const struct cerf_entry *x = &c->a.e[(size_t)s * c->a.g.ways + w];
    struct cerf_where at;
    cerf_locate(&c->a.g, x->addr, &at);
    char own[40];
    owner(c, x, own, sizeof own);
    struct jv *o = jv_obj();
    bool valid = x->state != CS_INACTIVE;
    if (cache_view) {
        jv_set(o, "valid", jv_bool(valid));
        jv_set(o, "dirty", jv_bool(x->state == CS_DIRTY));
        jv_set(o, "tag", valid ? jv_int((int64_t)at.tag) : jv_null());
    }
    jv_set(o, "addr", valid ? jv_int((int64_t)x->addr) : jv_null());
    jv_set(o, "state", jv_str(cerf_state_name(x->state)));
    jv_set(o, "owner", jv_str(valid ? own : "-"));
    if (!cache_view)
        jv_set(o, "bank", jv_int(at.data_bank));
    jv_set(o, "age", valid ? jv_int(cerf_array_age(&c->a, s, w)) : jv_null());
    return o;
}

void cerf_rf_describe(void *self, uint64_t now, struct jv *out)
{
    struct cerf *c = self;
    struct jv *pb = jv_set(out, "per_bank", jv_arr());
    for (uint32_t b = 0; b < c->a.g.banks; b++) {
        struct jv *o = jv_push(pb, jv_obj());
        bool served = c->served_at[b] == now;
        jv_set(o, "queue", jv_int(c->rd[b].n + c->wr[b].n));
        jv_set(o, "reads_queued", jv_int(c->rd[b].n));
        jv_set(o, "writes_queued", jv_int(c->wr[b].n));
        jv_set(o, "reads", jv_int((int64_t)c->bank_reads[b]));
        jv_set(o, "writes", jv_int((int64_t)c->bank_writes[b]));
        jv_set(o, "conflicts", jv_int((int64_t)c->bank_conflicts[b]));
        jv_set(o, "busy_this_cycle", jv_bool(served));
        jv_set(o, "conflicts_this_cycle", jv_int(served ? c->waited_at[b] : 0));
    }
    struct jv *a = jv_set(out, "array", jv_obj());
    jv_set(a, "sets", jv_int(c->a.g.sets));
    jv_set(a, "ways", jv_int(c->a.g.ways));
    jv_set(a, "banks", jv_int(c->a.g.banks));
    jv_set(a, "tag_banks", jv_int(c->a.g.tag_banks));
    jv_set(a, "policy", jv_str(c->a.policy == CP_LRU_FAIR ? "lru-fair"
                                                          : "lru-prioritized"));
    struct jv *cnt = jv_set(a, "counts", jv_obj());
    for (int k = 0; k < 4; k++)
        jv_set(cnt, cerf_state_name((uint8_t)k), jv_int(c->a.count[k]));
    jv_set(a, "fills_pending", jv_int(c->nfw));
    struct jv *sets = jv_set(a, "entries", jv_arr());
    for (uint32_t s = 0; s < c->a.g.sets; s++) {
        struct jv *ways = jv_push(sets, jv_arr());
        for (uint32_t w = 0; w < c->a.g.ways; w++)
            jv_push(ways, entry_json(c, s, w, false));
    }
}

void cerf_l1_describe(void *self, uint64_t now, struct jv *out)
{
    struct cerf *c = self;
    (void)now;
    jv_set(out, "sets", jv_int(c->a.g.sets));
    jv_set(out, "ways", jv_int(c->a.g.ways));
    jv_set(out, "line", jv_int(CERF_BLOCK));
    jv_set(out, "policy", jv_str(c->a.policy == CP_LRU_FAIR ? "lru-fair"
                                                            : "lru-prioritized"));
    struct jv *sets = jv_set(out, "sets_data", jv_arr());
    for (uint32_t s = 0; s < c->a.g.sets; s++) {
        struct jv *ways = jv_push(sets, jv_arr());
        for (uint32_t w = 0; w < c->a.g.ways; w++)
            jv_push(ways, entry_json(c, s, w, true));
    }
    jv_set(out, "valid_lines",
           jv_int(c->a.count[CS_CACHE] + c->a.count[CS_DIRTY]));
    jv_set(out, "dirty_lines", jv_int(c->a.count[CS_DIRTY]));
    jv_set(out, "register_entries", jv_int(c->a.count[CS_REG]));
    mshr_describe(&c->mshr, out);
    missq_describe(&c->mq, out);
}

int cerf_check(const struct ws_config *cfg, const struct tparams *p,
               struct ws_diag *diag)
{
    uint32_t ways = 2u << config_e(cfg, CK_CERF_WAYS);
    uint32_t tb = (uint32_t)config_i(cfg, CK_CERF_TAG_BANKS);
    uint64_t entries = (uint64_t)p->registers * 4 / CERF_BLOCK;
    if ((uint64_t)p->registers * 4 % (CERF_BLOCK * ways) != 0 ||
        entries / ways == 0)
        return diag_error(diag, NULL, 0, 0,
                          "design cerf: sm.registers (%u) x 4 bytes must be a multiple of %u (cerf.ways = %u blocks of %u bytes)",
                          p->registers, CERF_BLOCK * ways, ways, CERF_BLOCK);
    uint32_t sets = (uint32_t)(entries / ways);
    if (p->rf_banks > 64 || p->rf_banks % tb != 0 || tb > sets)
        return diag_error(diag, NULL, 0, 0,
                          "design cerf: rf.banks (%u) must be a multiple of cerf.tag_banks (%u), at most 64, and cerf.tag_banks at most the %u sets",
                          p->rf_banks, tb, sets);
    if (entries > (1u << (CERF_ADDR_BITS - CERF_PREFIX_BITS - CERF_BLOCK_BITS)))
        return diag_error(diag, NULL, 0, 0,
                          "design cerf: sm.registers (%u) exceeds the %u warp registers a 10-bit warp-register number can name",
                          p->registers,
                          1u << (CERF_ADDR_BITS - CERF_PREFIX_BITS - CERF_BLOCK_BITS));
    if (p->nsm > (1u << CERF_PREFIX_BITS))
        return diag_error(diag, NULL, 0, 0,
                          "design cerf: sm.count (%u) exceeds the 15-bit reg-mem prefix", p->nsm);
    return WS_OK;
}

void cerf_bill(const struct ws_config *cfg, const struct tparams *p,
               struct jv *items)
{
    uint32_t ways = 2u << config_e(cfg, CK_CERF_WAYS);
    struct cerf_cost c;
    cerf_cost(p->registers, ways, p->l1_size, p->l1_ways, p->l1_line, &c);
    uint64_t entries = c.data_bytes / CERF_BLOCK;
    char note[120];
    snprintf(note, sizeof note, "%llu blocks x %u B, RF and L1D in one array",
             (unsigned long long)entries, CERF_BLOCK);
    bill_add(items, "integrated data array", c.data_bytes * 8, note);
    snprintf(note, sizeof note, "%llu entries x %llu bits (%u-way, %llu sets)",
             (unsigned long long)entries,
             (unsigned long long)(c.tag_bits / entries), ways,
             (unsigned long long)(entries / ways));
    bill_add(items, "integrated tag array", c.tag_bits, note);
    bill_add(items, "entry states", c.state_bits,
             "2 bits per entry: inactive, reg, cache, dirty");
}

