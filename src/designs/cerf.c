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
** after its tag lookup, and the data access happens cerf.tag_stage_cycles
** later: 1 (the default) makes a register access one cycle longer than in
** the baseline; 0 is the paper's pipeline, whose extra stage hides the
** lookup. The tag
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
#include "designs/cerf-internal.h"
#include "designs/bill.h"
#include "compile/image.h"
#include "config/config.h"
#include "timing/cache.h"
#include "timing/missq.h"
#include "timing/mshr.h"
#include "util/bits.h"
#include "util/invariant.h"
#include "util/ring.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const cerf_rp_names[4] = { "rr", "rc", "cr", "cc" };
const char *const cerf_tr_names[16] = {
    "inactive>inactive", "inactive>reg", "inactive>cache", "inactive>dirty",
    "reg>inactive", "reg>reg", "reg>cache", "reg>dirty",
    "cache>inactive", "cache>reg", "cache>cache", "cache>dirty",
    "dirty>inactive", "dirty>reg", "dirty>cache", "dirty>dirty",
};

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
                                              cerf_tr_names, 16 };
    static const struct ev_fields f_spill = { "addr", "reg", NULL, NULL, 0 };
    static const struct ev_fields f_repl = { "addr", "kind", "by",
                                             cerf_rp_names, 4 };
    ev_register_says(ev_register_fields("cerf.state", &f_state),
                     "the entry of block {addr:x} makes the transition {transition}");
    ev_register_says(ev_register_fields("cerf.spill", &f_spill),
                     "warp {warp}'s register {reg} (reg-mem {addr:x}) is displaced from the register file to memory: a spill");
    ev_register_says(ev_register_fields("cerf.fill", &f_spill),
                     "warp {warp} reads its spilled register {reg} (reg-mem {addr:x}), which comes back from L2: a fill");
    ev_register_says(ev_register_fields("cerf.replace", &f_repl),
                     "block {addr:x} is displaced (kind {kind}: r register, c cache data, the displaced one first) by a newcomer of warp {by} (-1: cache data)");
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
    c->tag_cycles = (uint32_t)config_i(env->cfg, CK_CERF_TAG_STAGE_CYCLES);
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
    c->active = ws_xcalloc((g.banks + 63) / 64, sizeof *c->active);
    c->served_at = ws_xcalloc(g.banks, sizeof *c->served_at);
    c->waited_at = ws_xcalloc(g.banks, sizeof *c->waited_at);
    c->bank_reads = ws_xcalloc(g.banks, sizeof *c->bank_reads);
    c->bank_writes = ws_xcalloc(g.banks, sizeof *c->bank_writes);
    c->bank_conflicts = ws_xcalloc(g.banks, sizeof *c->bank_conflicts);
    for (uint32_t b = 0; b < g.banks; b++)
        c->served_at[b] = UINT64_MAX;
    c->cyc = UINT64_MAX;
    mshr_init(&c->mshr, p->l1_mshrs, p->l1_mshr_merge);
    missq_init(&c->mq, env->l2, env->sm, p->l1_miss_queue, p->l2_write_ack);
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
    free(c->active);
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
    c->active[at.data_bank >> 6] |= 1ULL << (at.data_bank & 63);
}

static void cerf_read(void *self, uint32_t w, uint32_t r, uint32_t tag,
                      bool last)
{
    struct cerf *c = self;
    struct rreq q = { w, r, tag, last, false };
    queue_req(c, c->rd, &q);
}

static void cerf_write(void *self, uint32_t w, uint32_t r, uint32_t tag)
{
    struct cerf *c = self;
    struct rreq q = { w, r, tag, false, false };
    queue_req(c, c->wr, &q);
}

/* The data access of a served request: tag_cycles after its lookup (now,
   with the paper's pipeline). */
static void grant(struct cerf *c, uint64_t now, uint32_t tag, bool write)
{
    if (!c->tag_cycles) {
        c->env.rf_done(c->env.ctx, tag, write);
        return;
    }
    struct due d = { now + c->tag_cycles, tag, write };
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
        /* a read served after its register's fill was a miss */
        if (!write && !q->refilled)
            c->st.reg_hits++;
        if (!write && q->refilled)
            c->st.refilled++;
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
    /* serving can bring an access into a bank further on: the set is
       read again for each bank */
    for (uint32_t b = ws_next_bit(c->active, c->a.g.banks, 0);
         b < c->a.g.banks; b = ws_next_bit(c->active, c->a.g.banks, b + 1)) {
        rq_t *w = &c->wr[b], *q = &c->rd[b];
        uint32_t waiting = w->n + q->n;
        if (!waiting) {
            c->active[b >> 6] &= ~(1ULL << (b & 63));
            continue;
        }
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
                bool nw = w->n > 0;          /* who waits: writes first */
                struct rreq n = nw ? ring_front(w) : ring_front(q);
                struct ws_event e = { EV_RF_CONFLICT, (int16_t)c->sm,
                                      (int32_t)r.w, now,
                                      ev_req_pair(ev_req(r.w, r.r, write),
                                                  ev_req(n.w, n.r, nw)),
                                      b, waiting - 1 };
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
        emit(c, EV_L1_HIT, -1, line, rq->pc, 0);
        *ready = now + c->p->l1_latency;
        return L1_HIT;
    }
    c->st.misses++;
    if (m >= 0) {
        c->st.merges++;
        mshr_merge(&c->mshr, m, tag);
        emit(c, EV_MSHR_MERGE, -1, line, rq->pc, 0);
        return L1_PENDING;
    }
    mshr_open(&c->mshr, free_m, line, tag);
    emit(c, EV_L1_MISS, -1, line, rq->pc, 0);
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
            return missq_store(&c->mq, addr, bytes, rq->tag);
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
    return missq_store(&c->mq, addr, bytes, rq->tag);
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
            c->fw[i].q.refilled = true;
            ring_push(&c->rd[at.data_bank], c->fw[i].q);
            c->pending++;
            c->active[at.data_bank >> 6] |= 1ULL << (at.data_bank & 63);
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
