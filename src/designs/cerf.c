/*
** cerf.c - design `cerf`: the cache-emulated register file (seed 000).
** One set-associative array of 128-byte blocks replaces both the register
** file and the L1D. A warp register (32 lanes x 4 bytes) is one block at
** its reg-mem address (cerf.h: re-indexing); memory lines are blocks at
** their own addresses. Every entry is inactive, reg, cache or dirty
** (Fig. 6): a register write makes its block reg (taking a way by the
** replacement policy), a load fill makes a block cache, a store makes it
** dirty, the dead-operand bit (lru-prioritized) or the warp's exit makes
** a register inactive again. A displaced register is spilled to its
** reg-mem address in L2 and filled back on its next read; a displaced
** dirty block is written back to L2.
**
** Timing. Register accesses pass a tagging stage: each cycle every data
** bank serves one queued access (writes first, then reads oldest first)
** after its tag lookup, and the data access happens the next cycle, so a
** register access takes one cycle more than in the baseline. The tag
** array has cerf.tag_banks banks; a tag bank governs rf.banks /
** cerf.tag_banks data banks and performs that many lookups per cycle (the
** paper's narrow banks serve one warp register per tag bank per cycle; in
** this model's warp-wide banks the same matching of lookup rate to data
** bandwidth gives each data bank one lookup per cycle). Accesses from the
** LD/ST unit use the lookup and data-bank slots registers left free in
** the cycle; without one they stall and retry. Misses and spills leave
** through a miss queue with MSHRs as in the baseline L1D; stores follow
** the l1d.write_global / l1d.write_local policies.
*/
#include "designs/cerf.h"
#include "designs/bill.h"
#include "compile/image.h"
#include "config/config.h"
#include "timing/cache.h"
#include "timing/missq.h"
#include "timing/mshr.h"
#include "util/invariant.h"
#include "util/ring.h"
#include "util/xalloc.h"
#include <stdio.h>
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
    uint32_t per_tb = g->banks / g->tag_banks;
    out->set = (uint32_t)(block % g->sets);
    out->tag = block / g->sets;
    out->tag_bank = out->set % g->tag_banks;
    out->set_in_bank = out->set / g->tag_banks;
    out->data_bank = out->tag_bank * per_tb + out->set_in_bank % per_tb;
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

/* ---- the design object ------------------------------------------------ */

struct rreq {                 /* a queued register access */
    uint32_t w, r, tag;
    bool last;
};
typedef RING(struct rreq) rq_t;

struct due {                  /* a data access granted, done at `at` */
    uint64_t at;
    uint32_t tag;
    bool write;
};

struct fwait {                /* a read waiting for its register's fill */
    uint32_t wr;
    struct rreq q;
};

/* Kinds of replacement (the displaced entry's kind, then the newcomer's). */
enum { RP_RR, RP_RC, RP_CR, RP_CC };
static const char *const rp_names[] = { "rr", "rc", "cr", "cc" };
static const char *const tr_names[16] = {
    "inactive>inactive", "inactive>reg", "inactive>cache", "inactive>dirty",
    "reg>inactive", "reg>reg", "reg>cache", "reg>dirty",
    "cache>inactive", "cache>reg", "cache>cache", "cache>dirty",
    "dirty>inactive", "dirty>reg", "dirty>cache", "dirty>dirty",
};

struct cstats {
    uint64_t reads, writes, reg_hits, cold;   /* register accesses */
    uint64_t spills, fills, freed;            /* freed: dead-operand bits */
    uint64_t loads, hits, misses, merges, stores, store_hits, bypass, stalls;
    uint64_t cache_fills, fills_uncached, writebacks;
    uint64_t repl[4], array_writes;
    uint64_t tag_lookups, tag_writes, data_reads, data_writes;
    uint64_t bank_conflicts, tag_conflicts, ldst_bank_conflicts;
    /* time integrals over kernel cycles (entries x cycles) */
    uint64_t state_cycles[4];
};

struct cerf {
    struct seam_env env;
    const struct tparams *p;
    enum write_policy wpol_global, wpol_local;
    uint32_t sm, registers, nwr, rpt, per_tb;
    struct cerf_array a;
    rq_t *rd, *wr;                /* per data bank */
    uint32_t pending;             /* queued register accesses */
    RING(struct due) due;
    struct fwait *fw;             /* reads waiting for fills */
    uint32_t nfw, capfw;
    uint8_t *spilled, *filling;   /* per warp register */
    /* this cycle's tag lookups and data-bank grants (for LD/ST) */
    uint64_t cyc;
    uint32_t *tag_used;
    uint64_t *bank_used;          /* bitset over data banks */
    uint64_t *served_at;          /* per data bank: last cycle it served */
    uint32_t *waited_at;
    uint64_t *bank_reads, *bank_writes, *bank_conflicts;
    struct missq mq;              /* requests to L2 */
    struct mshr_table mshr;       /* cache misses (memory-operation tags) */
    bool running;
    uint64_t last;                /* time integrals are done up to here */
    struct cstats st;
    int ev_state, ev_spill, ev_fill, ev_replace;
};

static uint64_t now_of(const struct cerf *c)
{
    return *c->env.cycle;
}

/* Brings the time integrals up to the current cycle. */
static void acct(struct cerf *c)
{
    uint64_t now = now_of(c);
    if (now <= c->last)
        return;
    if (c->running) {
        uint64_t dt = now - c->last;
        for (int s = 0; s < 4; s++)
            c->st.state_cycles[s] += dt * c->a.count[s];
    }
    c->last = now;
}

static void emit(struct cerf *c, int type, int32_t warp, uint64_t addr,
                 int64_t a, int64_t b)
{
    if (type >= 0 && ev_wanted(c->env.bus, (enum ev_type)type)) {
        struct ws_event e = { (uint16_t)type, (int16_t)c->sm, warp,
                              now_of(c), addr, a, b };
        evbus_deliver(c->env.bus, &e);
    }
}

static void transition(struct cerf *c, uint64_t addr, int32_t warp,
                       uint8_t from, uint8_t to)
{
    emit(c, c->ev_state, warp, addr, from * 4 + to, 0);
}

static int32_t warp_of(const struct cerf *c, uint64_t addr)
{
    int64_t wr = cerf_regmem_wr(c->sm, addr);
    return wr >= 0 && c->rpt ? (int32_t)(wr / c->rpt) : -1;
}

void cerf_events(void)
{
    static const struct ev_fields f_state = { "addr", "transition", NULL,
                                              tr_names, 16 };
    static const struct ev_fields f_spill = { "addr", "reg", NULL, NULL, 0 };
    static const struct ev_fields f_repl = { "addr", "kind", "by",
                                             rp_names, 4 };
    ev_register_fields("cerf.state", &f_state);
    ev_register_fields("cerf.spill", &f_spill);
    ev_register_fields("cerf.fill", &f_spill);
    ev_register_fields("cerf.replace", &f_repl);
}

static void *cerf_create(const struct seam_env *env)
{
    struct cerf *c = ws_xcalloc(1, sizeof *c);
    c->env = *env;
    c->env.cfg = NULL;
    const struct tparams *p = env->p;
    c->p = p;
    c->sm = env->sm;
    c->registers = p->registers;
    c->nwr = p->registers * 4 / CERF_BLOCK;
    struct cerf_geom g;
    g.ways = 2u << config_e(env->cfg, CK_CERF_WAYS);
    g.sets = c->nwr / g.ways;
    g.banks = p->rf_banks;
    g.tag_banks = (uint32_t)config_i(env->cfg, CK_CERF_TAG_BANKS);
    c->per_tb = g.banks / g.tag_banks;
    cerf_array_init(&c->a, &g, config_e(env->cfg, CK_CERF_POLICY) == 0
                                   ? CP_LRU_FAIR : CP_LRU_PRIORITIZED);
    c->wpol_global = p->l1_write_global;
    c->wpol_local = p->l1_write_local;
    c->rd = ws_xcalloc(g.banks, sizeof *c->rd);
    c->wr = ws_xcalloc(g.banks, sizeof *c->wr);
    c->spilled = ws_xcalloc(c->nwr, 1);
    c->filling = ws_xcalloc(c->nwr, 1);
    c->tag_used = ws_xcalloc(g.tag_banks, sizeof *c->tag_used);
    c->bank_used = ws_xcalloc((g.banks + 63) / 64, sizeof *c->bank_used);
    c->served_at = ws_xcalloc(g.banks, sizeof *c->served_at);
    c->waited_at = ws_xcalloc(g.banks, sizeof *c->waited_at);
    c->bank_reads = ws_xcalloc(g.banks, sizeof *c->bank_reads);
    c->bank_writes = ws_xcalloc(g.banks, sizeof *c->bank_writes);
    c->bank_conflicts = ws_xcalloc(g.banks, sizeof *c->bank_conflicts);
    for (uint32_t b = 0; b < g.banks; b++)
        c->served_at[b] = UINT64_MAX;
    c->cyc = UINT64_MAX;
    mshr_init(&c->mshr, p->l1_mshrs, p->l1_mshr_merge);
    missq_init(&c->mq, env->l2, env->sm, p->l1_miss_queue);
    cerf_events();
    c->ev_state = ev_lookup("cerf.state");
    c->ev_spill = ev_lookup("cerf.spill");
    c->ev_fill = ev_lookup("cerf.fill");
    c->ev_replace = ev_lookup("cerf.replace");
    return c;
}

static void cerf_destroy(void *self)
{
    struct cerf *c = self;
    for (uint32_t b = 0; b < c->a.g.banks; b++) {
        ring_free(&c->rd[b]);
        ring_free(&c->wr[b]);
    }
    free(c->rd);
    free(c->wr);
    ring_free(&c->due);
    missq_free(&c->mq);
    free(c->fw);
    free(c->spilled);
    free(c->filling);
    free(c->tag_used);
    free(c->bank_used);
    free(c->served_at);
    free(c->waited_at);
    free(c->bank_reads);
    free(c->bank_writes);
    free(c->bank_conflicts);
    mshr_free(&c->mshr);
    cerf_array_free(&c->a);
    free(c);
}

static uint32_t cerf_capacity(void *self)
{
    return ((struct cerf *)self)->registers;
}

static void cerf_launch(void *self, const struct seam_launch *l)
{
    struct cerf *c = self;
    acct(c);
    /* registers of a warp are numbered densely, as the occupancy
       calculation allocated them (never fewer than the kernel uses) */
    c->rpt = l->regs_per_thread > l->k->nslots ? l->regs_per_thread
                                               : l->k->nslots;
    c->running = true;
}

/* This cycle's LD/ST-visible bookkeeping: reset at a new cycle. */
static void new_cycle(struct cerf *c, uint64_t now)
{
    if (c->cyc == now)
        return;
    c->cyc = now;
    memset(c->tag_used, 0, c->a.g.tag_banks * sizeof *c->tag_used);
    memset(c->bank_used, 0, ((c->a.g.banks + 63) / 64) * sizeof(uint64_t));
}

static bool bank_taken(const struct cerf *c, uint32_t b)
{
    return c->bank_used[b >> 6] >> (b & 63) & 1;
}

static void take_bank(struct cerf *c, uint32_t b)
{
    c->bank_used[b >> 6] |= 1ULL << (b & 63);
}

/* ---- requests to L2 --------------------------------------------------- */

static struct mreq *enqueue(struct cerf *c, enum mreq_kind kind, uint64_t addr,
                            uint32_t bytes, uint32_t tag)
{
    return missq_push(&c->mq, kind, addr, bytes, tag);
}

static bool mq_full(const struct cerf *c)
{
    return missq_full(&c->mq);
}

#define FILL_TAG 0x80000000u      /* a register fill: tag = FILL_TAG | wr */

/*
** Puts a block in the array with state st (the caller found no copy):
** chooses the way, spills a displaced register, writes back a displaced
** dirty block, counts the replacement. Returns false if the policy keeps
** the block out (a cache block finding only registers, lru-prioritized).
*/
static bool allocate(struct cerf *c, uint64_t addr, uint8_t st, int32_t warp)
{
    struct cerf_where at;
    cerf_locate(&c->a.g, addr, &at);
    int way = cerf_array_victim(&c->a, at.set, st);
    if (way < 0)
        return false;
    struct cerf_victim v;
    cerf_array_put(&c->a, at.set, way, addr, st, &v);
    c->st.tag_writes++;
    c->st.array_writes++;
    if (v.replaced) {
        bool vreg = v.state == CS_REG, nreg = st == CS_REG;
        int kind = vreg ? (nreg ? RP_RR : RP_RC) : (nreg ? RP_CR : RP_CC);
        c->st.repl[kind]++;
        int32_t vw = vreg ? warp_of(c, v.addr) : -1;
        emit(c, c->ev_replace, vw, v.addr, kind, nreg ? warp : -1);
        transition(c, v.addr, vw, v.state, CS_INACTIVE);
        if (vreg) {
            /* spill: the register goes to its reg-mem address in L2 */
            int64_t wr = cerf_regmem_wr(c->sm, v.addr);
            if (wr >= 0)
                c->spilled[wr] = 1;
            c->st.spills++;
            c->st.data_reads++;
            emit(c, c->ev_spill, vw, v.addr, wr, 0);
            enqueue(c, MR_WRITEBACK, v.addr, CERF_BLOCK, 0);
        } else if (v.state == CS_DIRTY) {
            c->st.writebacks++;
            c->st.data_reads++;
            enqueue(c, MR_WRITEBACK, v.addr, CERF_BLOCK, 0);
        }
    }
    transition(c, addr, warp, CS_INACTIVE, st);
    return true;
}

/* ---- register accesses ------------------------------------------------ */

/* Warp register of warp slot w's register r in this launch. */
static uint32_t wreg(const struct cerf *c, uint32_t w, uint32_t r)
{
    return cerf_warp_reg(w, r, c->rpt) % c->nwr;
}

static void queue_req(struct cerf *c, rq_t *qs, const struct rreq *q)
{
    uint32_t wr = wreg(c, q->w, q->r);
    struct cerf_where at;
    cerf_locate(&c->a.g, cerf_regmem(c->sm, wr), &at);
    ring_push(&qs[at.data_bank], *q);
    c->pending++;
}

static void cerf_read(void *self, uint32_t w, uint32_t r, uint32_t tag,
                      bool last)
{
    struct cerf *c = self;
    struct rreq q = { w, r, tag, last };
    queue_req(c, c->rd, &q);
}

static void cerf_write(void *self, uint32_t w, uint32_t r, uint32_t tag)
{
    struct cerf *c = self;
    struct rreq q = { w, r, tag, false };
    queue_req(c, c->wr, &q);
}

static void grant(struct cerf *c, uint64_t now, uint32_t tag, bool write)
{
    struct due d = { now + 1, tag, write };
    ring_push(&c->due, d);
}

/*
** Looks up and serves one register access at cycle now. Returns false if
** it must wait (a read of a spilled register whose fill cannot leave
** yet); a read whose fill is on its way is parked and counts as served.
*/
static bool serve(struct cerf *c, uint64_t now, const struct rreq *q,
                  bool write, uint32_t b)
{
    uint32_t wr = wreg(c, q->w, q->r);
    uint64_t addr = cerf_regmem(c->sm, wr);
    struct cerf_where at;
    cerf_locate(&c->a.g, addr, &at);
    int way = cerf_array_find(&c->a, at.set, addr);
    if (!write && way < 0 && c->spilled[wr]) {
        /* the register was spilled: fill it from its reg-mem address */
        if (!c->filling[wr]) {
            if (mq_full(c))
                return false;
            c->filling[wr] = 1;
            c->st.fills++;
            emit(c, c->ev_fill, (int32_t)q->w, addr, wr, 0);
            enqueue(c, MR_READ, addr, CERF_BLOCK, FILL_TAG | wr);
        }
        c->st.tag_lookups++;
        c->tag_used[at.tag_bank]++;
        if (c->nfw == c->capfw) {
            c->capfw = c->capfw ? 2 * c->capfw : 16;
            c->fw = ws_xrealloc(c->fw, c->capfw * sizeof *c->fw);
        }
        c->fw[c->nfw].wr = wr;
        c->fw[c->nfw++].q = *q;
        return true;
    }
    c->st.tag_lookups++;
    c->tag_used[at.tag_bank]++;
    take_bank(c, b);
    bool hit = way >= 0;
    if (hit) {
        cerf_array_touch(&c->a, at.set, way);
        if (!write)
            c->st.reg_hits++;
    } else {
        /* a write, or a read of a register never written: allocate */
        if (!write)
            c->st.cold++;
        bool ok = allocate(c, addr, CS_REG, (int32_t)q->w);
        WS_ASSERT(ok);
        way = cerf_array_find(&c->a, at.set, addr);
    }
    if (write) {
        c->st.writes++;
        c->st.data_writes++;
        c->st.array_writes += hit;
        c->spilled[wr] = 0;
        c->bank_writes[b]++;
    } else {
        c->st.reads++;
        c->st.data_reads++;
        c->bank_reads[b]++;
        if (q->last && c->a.policy == CP_LRU_PRIORITIZED) {
            /* the dead-operand bit frees the entry */
            cerf_array_set_state(&c->a, at.set, way, CS_INACTIVE);
            c->st.freed++;
            transition(c, addr, (int32_t)q->w, CS_REG, CS_INACTIVE);
        }
    }
    grant(c, now, q->tag, write);
    return true;
}

static void cerf_tick(void *self, uint64_t now)
{
    struct cerf *c = self;
    acct(c);
    while (c->due.n && ring_front(&c->due).at <= now) {
        struct due d = ring_front(&c->due);
        ring_pop(&c->due);
        c->env.rf_done(c->env.ctx, d.tag, d.write);
    }
    if (!c->pending)
        return;
    new_cycle(c, now);
    for (uint32_t b = 0; b < c->a.g.banks; b++) {
        rq_t *w = &c->wr[b], *q = &c->rd[b];
        uint32_t waiting = w->n + q->n;
        if (!waiting)
            continue;
        bool write = w->n > 0;
        struct rreq r = write ? ring_front(w) : ring_front(q);
        if (!serve(c, now, &r, write, b)) {
            c->st.stalls++;
            continue;
        }
        if (write)
            ring_pop(w);
        else
            ring_pop(q);
        c->pending--;
        c->served_at[b] = now;
        c->waited_at[b] = waiting - 1;
        if (waiting > 1) {
            c->st.bank_conflicts += waiting - 1;
            c->bank_conflicts[b] += waiting - 1;
            if (ev_wanted(c->env.bus, EV_RF_CONFLICT)) {
                struct ws_event e = { EV_RF_CONFLICT, (int16_t)c->sm, -1, now,
                                      0, b, waiting - 1 };
                evbus_deliver(c->env.bus, &e);
            }
        }
    }
}

static uint64_t cerf_rf_next(void *self, uint64_t now)
{
    struct cerf *c = self;
    if (c->pending)
        return now + 1;
    if (c->due.n) {
        uint64_t t = ring_front(&c->due).at;
        return t > now ? t : now + 1;
    }
    return UINT64_MAX;
}

/* Warps left: their registers are dead (inactive), spilled copies
   forgotten. */
static void cerf_retire(void *self, uint32_t first, uint32_t n)
{
    struct cerf *c = self;
    acct(c);
    for (uint32_t w = first; w < first + n; w++)
        for (uint32_t r = 0; r < c->rpt; r++) {
            uint32_t wr = wreg(c, w, r);
            uint64_t addr = cerf_regmem(c->sm, wr);
            struct cerf_where at;
            cerf_locate(&c->a.g, addr, &at);
            int way = cerf_array_find(&c->a, at.set, addr);
            if (way >= 0 &&
                c->a.e[(size_t)at.set * c->a.g.ways + way].state == CS_REG) {
                cerf_array_set_state(&c->a, at.set, way, CS_INACTIVE);
                transition(c, addr, (int32_t)w, CS_REG, CS_INACTIVE);
            }
            c->spilled[wr] = 0;
        }
}

/* ---- cache accesses (the l1_ops side) --------------------------------- */

static void *cerf_l1_create(const struct seam_env *env)
{
    return env->rf;               /* one object for both parts */
}

static void cerf_l1_destroy(void *self)
{
    (void)self;                   /* owned by the register-file side */
}

/* A lookup and, for a hit, a data-bank slot at cycle now. */
static bool lookup_slot(struct cerf *c, uint64_t now,
                        const struct cerf_where *at, bool need_bank)
{
    new_cycle(c, now);
    if (c->tag_used[at->tag_bank] >= c->per_tb) {
        c->st.tag_conflicts++;
        return false;
    }
    if (need_bank && bank_taken(c, at->data_bank)) {
        c->st.ldst_bank_conflicts++;
        return false;
    }
    c->tag_used[at->tag_bank]++;
    c->st.tag_lookups++;
    if (need_bank)
        take_bank(c, at->data_bank);
    return true;
}

static enum l1_status cerf_load(void *self, const struct l1_req *rq,
                                uint64_t now, uint64_t *ready)
{
    struct cerf *c = self;
    uint32_t tag = rq->tag;
    acct(c);
    uint64_t line = rq->addr & ~(uint64_t)(CERF_BLOCK - 1);
    struct cerf_where at;
    cerf_locate(&c->a.g, line, &at);
    int way = cerf_array_find(&c->a, at.set, line);
    int32_t m = way < 0 ? mshr_find(&c->mshr, line) : -1;
    if (way < 0 && m < 0 && mq_full(c)) {
        c->st.stalls++;
        return L1_STALL;
    }
    if (way < 0 && m >= 0 && mshr_merge_full(&c->mshr, m)) {
        c->st.stalls++;
        return L1_STALL;
    }
    int32_t free_m = -1;
    if (way < 0 && m < 0) {
        free_m = mshr_free_slot(&c->mshr);
        if (free_m < 0) {
            c->st.stalls++;
            return L1_STALL;
        }
    }
    if (!lookup_slot(c, now, &at, way >= 0)) {
        c->st.stalls++;
        return L1_STALL;
    }
    c->st.loads++;
    if (way >= 0) {
        c->st.hits++;
        c->st.data_reads++;
        cerf_array_touch(&c->a, at.set, way);
        emit(c, EV_L1_HIT, -1, line, 0, 0);
        *ready = now + c->p->l1_latency;
        return L1_HIT;
    }
    c->st.misses++;
    if (m >= 0) {
        c->st.merges++;
        mshr_merge(&c->mshr, m, tag);
        emit(c, EV_MSHR_MERGE, -1, line, 0, 0);
        return L1_PENDING;
    }
    mshr_open(&c->mshr, free_m, line, tag);
    emit(c, EV_L1_MISS, -1, line, 0, 0);
    struct mreq *q = enqueue(c, MR_READ, line, CERF_BLOCK, (uint32_t)free_m);
    q->l1line = true;
    return L1_PENDING;
}

static enum l1_status cerf_store(void *self, const struct l1_req *rq,
                                 uint64_t now)
{
    struct cerf *c = self;
    uint64_t addr = rq->addr;
    uint32_t bytes = rq->bytes;
    bool local = rq->local;
    acct(c);
    enum write_policy pol = local ? c->wpol_local : c->wpol_global;
    uint64_t line = addr & ~(uint64_t)(CERF_BLOCK - 1);
    struct cerf_where at;
    cerf_locate(&c->a.g, line, &at);
    int way = cerf_array_find(&c->a, at.set, line);
    if (mq_full(c) && !(pol == WRITE_BACK && way >= 0)) {
        c->st.stalls++;
        return L1_STALL;
    }
    if (!lookup_slot(c, now, &at, way >= 0 && pol != WRITE_EVICT)) {
        c->st.stalls++;
        return L1_STALL;
    }
    c->st.stores++;
    if (pol == WRITE_BACK) {
        if (way >= 0) {
            uint8_t old = c->a.e[(size_t)at.set * c->a.g.ways + way].state;
            cerf_array_set_state(&c->a, at.set, way, CS_DIRTY);
            cerf_array_touch(&c->a, at.set, way);
            if (old != CS_DIRTY)
                transition(c, line, -1, old, CS_DIRTY);
            c->st.store_hits++;
        } else if (!allocate(c, line, CS_DIRTY, -1)) {
            /* every way holds a register: write around */
            enqueue(c, MR_WRITE, addr, bytes, 0);
            return L1_SENT;
        }
        c->st.data_writes++;
        c->st.array_writes += way >= 0;
        return L1_SENT;
    }
    if (pol == WRITE_THROUGH && way >= 0) {
        cerf_array_touch(&c->a, at.set, way);
        c->st.store_hits++;
        c->st.data_writes++;
        c->st.array_writes++;
    } else if (way >= 0) {
        /* write-evict: the block leaves (a dirty one keeps its data) */
        uint8_t old = c->a.e[(size_t)at.set * c->a.g.ways + way].state;
        cerf_array_set_state(&c->a, at.set, way, CS_INACTIVE);
        transition(c, line, -1, old, CS_INACTIVE);
        if (old == CS_DIRTY) {
            c->st.writebacks++;
            enqueue(c, MR_WRITEBACK, line, CERF_BLOCK, 0);
        }
    }
    enqueue(c, MR_WRITE, addr, bytes, 0);
    return L1_SENT;
}

static enum l1_status cerf_bypass(void *self, enum mreq_kind kind,
                                  const struct l1_req *rq, uint64_t now)
{
    struct cerf *c = self;
    (void)now;
    if (mq_full(c)) {
        c->st.stalls++;
        return L1_STALL;
    }
    c->st.bypass++;
    enqueue(c, kind, rq->addr, rq->bytes, rq->tag);
    return L1_PENDING;
}

/* A register's fill arrived: it is a register again; its reads retry. */
static void filled(struct cerf *c, uint32_t wr)
{
    c->filling[wr] = 0;
    uint64_t addr = cerf_regmem(c->sm, wr);
    struct cerf_where at;
    cerf_locate(&c->a.g, addr, &at);
    if (cerf_array_find(&c->a, at.set, addr) < 0 && c->spilled[wr]) {
        bool ok = allocate(c, addr, CS_REG, c->rpt ? (int32_t)(wr / c->rpt)
                                                   : -1);
        WS_ASSERT(ok);
        c->st.data_writes++;
    }
    uint32_t k = 0;
    for (uint32_t i = 0; i < c->nfw; i++) {
        if (c->fw[i].wr == wr) {
            ring_push(&c->rd[at.data_bank], c->fw[i].q);
            c->pending++;
        } else {
            c->fw[k++] = c->fw[i];
        }
    }
    c->nfw = k;
}

static void cerf_response(void *self, const struct mreq *r, uint64_t now)
{
    struct cerf *c = self;
    acct(c);
    missq_answered(&c->mq);
    if (!r->l1line) {
        if (r->tag & FILL_TAG)
            filled(c, r->tag & ~FILL_TAG);
        else
            c->env.mem_done(c->env.ctx, r->tag, now);
        return;
    }
    WS_ASSERT(mshr_find(&c->mshr, r->addr) >= 0);
    emit(c, EV_L1_FILL, -1, r->addr, 0, 0);
    struct cerf_where at;
    cerf_locate(&c->a.g, r->addr, &at);
    if (cerf_array_find(&c->a, at.set, r->addr) < 0) {
        if (allocate(c, r->addr, CS_CACHE, -1)) {
            c->st.cache_fills++;
            c->st.data_writes++;
        } else {
            c->st.fills_uncached++;
        }
    }
    uint32_t tags[256];
    uint32_t k = mshr_release(&c->mshr, r->addr, tags);
    for (uint32_t i = 0; i < k; i++)
        c->env.mem_done(c->env.ctx, tags[i], now);
}

static void cerf_l1_tick(void *self, uint64_t now)
{
    struct cerf *c = self;
    missq_tick(&c->mq, now);
}

static uint64_t cerf_l1_next(void *self, uint64_t now)
{
    struct cerf *c = self;
    return missq_next_event(&c->mq, now);
}

/* The kernel is over: dirty global blocks are written back, local ones
   dropped (their threads are gone); cache blocks are invalidated. No
   register is left: every warp has retired. */
static void cerf_invalidate(void *self)
{
    struct cerf *c = self;
    acct(c);
    for (uint32_t s = 0; s < c->a.g.sets; s++)
        for (uint32_t w = 0; w < c->a.g.ways; w++) {
            struct cerf_entry *x = &c->a.e[(size_t)s * c->a.g.ways + w];
            if (x->state == CS_DIRTY && x->addr < LOCAL_PHYS_BASE) {
                c->st.writebacks++;
                enqueue(c, MR_WRITEBACK, x->addr, CERF_BLOCK, 0);
            }
            if (x->state == CS_CACHE || x->state == CS_DIRTY)
                cerf_array_set_state(&c->a, s, (int)w, CS_INACTIVE);
        }
    c->running = false;
}

static uint32_t cerf_pending(void *self)
{
    struct cerf *c = self;
    return missq_pending(&c->mq);
}

/* ---- statistics --------------------------------------------------------- */

/* A time integral brought up to now without changing the object. */
static uint64_t upto(const struct cerf *c, uint64_t acc, uint64_t count)
{
    uint64_t now = now_of(c);
    return c->running && now > c->last ? acc + (now - c->last) * count : acc;
}

static void cerf_rf_stats(void *self, struct jv *o)
{
    struct cerf *c = self;
    jv_add_int(o, "reads", (int64_t)c->st.reads);
    jv_add_int(o, "writes", (int64_t)c->st.writes);
    jv_add_int(o, "bank_conflicts", (int64_t)c->st.bank_conflicts);
    jv_set(o, "banks", jv_int(c->a.g.banks));
}

static void cerf_l1_stats(void *self, struct jv *o)
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
static void cerf_energy(void *self, const struct tparams *p, uint64_t cycles,
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

static void cerf_rf_describe(void *self, uint64_t now, struct jv *out)
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

static void cerf_l1_describe(void *self, uint64_t now, struct jv *out)
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

const struct rf_ops cerf_rf_ops = {
    .part = {
        .name = "cerf",
        .create = cerf_create,
        .destroy = cerf_destroy,
        .launch = cerf_launch,
        .retire = cerf_retire,
        .tick = cerf_tick,
        .next_event = cerf_rf_next,
        .stats = cerf_rf_stats,
        .energy = cerf_energy,
        .describe = cerf_rf_describe,
    },
    .capacity = cerf_capacity,
    .read = cerf_read,
    .write = cerf_write,
};

const struct l1_ops cerf_l1_ops = {
    .part = {
        .name = "cerf",
        .create = cerf_l1_create,
        .destroy = cerf_l1_destroy,
        .tick = cerf_l1_tick,
        .next_event = cerf_l1_next,
        .pending = cerf_pending,
        .stats = cerf_l1_stats,
        .describe = cerf_l1_describe,
    },
    .load = cerf_load,
    .store = cerf_store,
    .bypass = cerf_bypass,
    .response = cerf_response,
    .invalidate = cerf_invalidate,
    .view = NULL,
};

const struct design cerf_design = {
    .name = "cerf",
    .summary = "cache-emulated register file: one array holds registers and L1 data",
    .rf = &cerf_rf_ops,
    .l1 = &cerf_l1_ops,
    .keys = "cerf",
    .section = cerf_section,
    .check = cerf_check,
    .ratios = cerf_ratios,
    .facts = cerf_facts,
    .events = cerf_events,
    .cost = cerf_bill,
};
