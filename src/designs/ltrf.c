/*
** ltrf.c - design `ltrf`: the latency-tolerant register file (seed 004,
** docs/designs/ltrf.md). One object serves the register-file part and the
** scheduler part of an SM.
**
** Structure. A main register file of Table 2's configuration
** (ltrf.main_config: capacity and bank-count multiples of the 1x file of
** sm.registers in rf.banks banks, and a latency multiple of
** ltrf.main_latency cycles, or ltrf.latency_scale) with warp slot w's
** register r in bank (w + r) mod banks (rf.bank_map); each bank serves an
** access at a time, writes first (rfbanks.c). Reaching it crosses a
** crossbar of ltrf.xbar_bits per cycle (prefetching variants): a warp
** register takes 1024 / xbar_bits cycles on its bank's port, the first
** overlapping the bank access. In front of it (rfc, ltrf, ltrf+) a
** register-file cache of ltrf.regs_per_interval = N banks, each with one
** entry per active warp (K = sm.schedulers x sched.active_warps): one
** partition (warp offset) per warp of the two-level scheduler's active
** pool, handed out by a global address allocation unit; inside a
** partition a warp's registers sit one per bank, each bank given by the
** warp's allocation unit (ltrf_aau). An RFC access looks the register up
** in the warp control block first (ltrf.wcb_cycles, and one more cycle
** per ltrf.wcb_ports operands of an instruction beyond the first ports),
** then takes its bank for a cycle; banks are shared by the partitions,
** so warps conflict on them, a warp never with itself.
**
** Variants (ltrf.variant):
**   bl     no cache: every access goes to the main file, which holds
**          the RFC's 16 KB besides (the paper's fair baseline);
**   rfc    a hardware register cache (the paper's RFC, after Gebhart et
**          al. [19]): an active warp's partition keeps the results the
**          warp writes (a read that misses is served by the main file
**          and not kept), the oldest replaced first (FIFO); a replaced or
**          flushed value goes back to the main file unless it is dead
**          (the compiler's dead-operand bits);
**   ltrf   register-interval prefetching: when a warp enters an interval
**          from another (the compiler's intervals, compile/intervals.c)
**          the registers of the interval's working set not in its
**          partition are allocated and fetched; those of the previous
**          interval not in the new one are written back and freed; the
**          warp waits (stall reason "prefetch") until every fetched
**          register has arrived. Every access inside the interval then
**          hits. A warp leaving the active pool writes its working set
**          back and frees its partition; entering it, it fetches the
**          working set of the interval it is in;
**   ltrf+  as ltrf, but only live registers are written back and
**          fetched (liveness bits: live when written, dead after the
**          read the compiler marks as last); dead ones only get a bank;
**   ideal  no cache: configuration #1 (its banks, its latency) with the
**          capacity of ltrf.main_config (the paper's Ideal: 8x, no
**          latency overhead).
** The PREFETCH of an interval entered at the warp's last issue starts at
** the next tick, after that instruction's operand reads were routed by
** the previous interval's allocation.
**
** Must not: know anything of the SM beyond the seams (rf_ops, sched_ops).
*/
#include "designs/ltrf-internal.h"
#include "config/config.h"
#include "timing/rf-banked.h"
#include "util/invariant.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* ---- address allocation units ------------------------------------------ */

void ltrf_aau_init(struct ltrf_aau *a, uint32_t n)
{
    memset(a, 0, sizeof *a);
    a->n = (uint16_t)(n < LTRF_ARCH_REGS ? n : LTRF_ARCH_REGS);
    a->nfree = a->n;
    for (uint16_t i = 0; i < a->n; i++)
        a->unused[i] = i;
}

int32_t ltrf_aau_alloc(struct ltrf_aau *a)
{
    if (!a || !a->nfree)
        return -1;
    uint16_t e = a->unused[0];
    memmove(a->unused, a->unused + 1, (size_t)(a->nfree - 1) * sizeof *a->unused);
    a->nfree--;
    a->occupied[a->nocc++] = e;
    return e;
}

void ltrf_aau_release(struct ltrf_aau *a, uint32_t entry)
{
    for (uint16_t i = 0; i < a->nocc; i++)
        if (a->occupied[i] == entry) {
            memmove(a->occupied + i, a->occupied + i + 1,
                    (size_t)(a->nocc - i - 1) * sizeof *a->occupied);
            a->nocc--;
            a->unused[a->nfree++] = (uint16_t)entry;
            return;
        }
}

/* ---- accesses ------------------------------------------------------------ */

static uint64_t now_of(const struct ltrf *t)
{
    return *t->env.cycle;
}

static uint32_t main_bank(const struct ltrf *t, uint32_t w, uint32_t r)
{
    return rf_bank_of(t->map, t->main_banks, w, r);
}

/* An access of warp w's register r to the main file, from now. */
static void to_main(struct ltrf *t, uint32_t w, uint32_t r, uint8_t kind,
                    uint32_t tag)
{
    bool write = kind == K_RESULT || kind == K_WRITEBACK;
    struct rfb_req q = { now_of(t) * RFB_MS, tag, (uint16_t)w, (uint16_t)r,
                         kind, write, kind == K_WRITEBACK, t->w[w].epoch };
    rfbanks_push(&t->main, main_bank(t, w, r), &q);
    if (write)
        t->st.main_writes++;
    else
        t->st.main_reads++;
}

/* An operand access to RFC bank b, after the WCB lookup: reads of one
   instruction share ltrf.wcb_ports address-table ports per cycle. */
static void to_rfc(struct ltrf *t, uint32_t w, uint32_t r, uint32_t b,
                   uint8_t kind, uint32_t tag)
{
    uint64_t now = now_of(t), extra = 0;
    if (kind == K_OPERAND) {
        if (t->look_tag != tag || t->look_cycle != now) {
            t->look_tag = tag;
            t->look_cycle = now;
            t->look_n = 0;
        }
        extra = t->look_n++ / t->wcb_ports;
        t->st.lookup_cycles += extra;
    }
    struct rfb_req q = { (now + t->wcb_cycles + extra) * RFB_MS, tag,
                         (uint16_t)w, (uint16_t)r, kind, kind == K_RESULT,
                         false, 0 };
    rfbanks_push(&t->rfc, b, &q);
    if (kind == K_RESULT)
        t->st.rfc_writes++;
    else
        t->st.rfc_reads++;
}

/* The partition of warp w, which is active. */
static struct lpart *part_of(struct ltrf *t, uint32_t w)
{
    WS_ASSERT(t->w[w].part >= 0);
    return &t->part[t->w[w].part < 0 ? 0 : t->w[w].part];
}

/* Writes warp w's register r (in bank b of its partition) back to the
   main file and frees the bank. */
static void release(struct ltrf *t, uint32_t w, uint32_t r, bool wb)
{
    struct lwarp *x = &t->w[w];
    struct lpart *p = part_of(t, w);
    uint32_t b = x->slot[r];
    if (wb) {
        to_main(t, w, r, K_WRITEBACK, 0);
        t->st.writebacks++;
    }
    ltrf_aau_release(&p->aau, b);
    p->reg[b] = -1;
    ws_bit_put(x->alloc, r, false);
    ws_bit_put(x->valid, r, false);
}

/* Gives warp w's register r a bank of its partition (the head of its
   allocation unit's unused queue, or for rfc, when none is free, the bank
   allocated first, written back if it holds a live value). */
static void allocate(struct ltrf *t, uint32_t w, uint32_t r)
{
    struct lwarp *x = &t->w[w];
    struct lpart *p = part_of(t, w);
    int32_t b = ltrf_aau_alloc(&p->aau);
    if (b < 0) {
        WS_ASSERT(t->v == LTRF_RFC);   /* an interval fits its partition */
        uint32_t victim = (uint32_t)p->reg[p->aau.occupied[0]];
        release(t, w, victim, ltrf_bit(x->live, victim));
        b = ltrf_aau_alloc(&p->aau);
    }
    p->reg[b] = (int16_t)r;
    x->slot[r] = (uint8_t)b;
    ws_bit_put(x->alloc, r, true);
}

static void rf_read(void *self, uint32_t w, uint32_t r, uint32_t tag,
                    bool last)
{
    struct ltrf *t = self;
    struct lwarp *x = &t->w[w];
    t->st.reads++;
    if (last)
        ws_bit_put(x->live, r, false);
    if (!ltrf_cached(t->v)) {
        to_main(t, w, r, K_OPERAND, tag);
        return;
    }
    if (x->part >= 0 && r < LTRF_ARCH_REGS && ltrf_bit(x->alloc, r) &&
        ltrf_bit(x->valid, r)) {
        to_rfc(t, w, r, x->slot[r], K_OPERAND, tag);
        return;
    }
    t->st.rfc_read_misses++;
    to_main(t, w, r, K_OPERAND, tag);
}

static void rf_write(void *self, uint32_t w, uint32_t r, uint32_t tag)
{
    struct ltrf *t = self;
    struct lwarp *x = &t->w[w];
    t->st.writes++;
    if (r < LTRF_ARCH_REGS)
        ws_bit_put(x->live, r, true);
    if (ltrf_cached(t->v) && x->part >= 0 && r < LTRF_ARCH_REGS) {
        if (t->v == LTRF_RFC && !ltrf_bit(x->alloc, r))
            allocate(t, w, r);
        if (ltrf_bit(x->alloc, r)) {
            ws_bit_put(x->valid, r, true);
            to_rfc(t, w, r, x->slot[r], K_RESULT, tag);
            return;
        }
    }
    if (ltrf_cached(t->v))
        t->st.rfc_write_misses++;     /* inactive, or not in its partition */
    to_main(t, w, r, K_RESULT, tag);
}

/* ---- register-intervals ------------------------------------------------- */

static int32_t interval_at(const struct ltrf *t, int32_t pc)
{
    return t->k && pc >= 0 && pc < t->k->ninst ? t->iv.of_inst[pc] : -1;
}

/* Records a visit of `insts` instructions to an interval. */
static void visit(struct ltrf *t, uint64_t insts)
{
    if (!insts)
        return;
    t->st.visits++;
    t->st.visit_insts += insts;
    uint32_t b = 0;
    while (b + 1 < LTRF_HIST && (insts >> (b + 1)))
        b++;
    t->st.hist[b]++;
}

static void emit(struct ltrf *t, int type, uint32_t w, uint64_t addr,
                 int64_t a, int64_t b)
{
    if (type < 0 || !ev_wanted(t->env.bus, (enum ev_type)type))
        return;
    struct ws_event e = { (uint16_t)type, (int16_t)t->env.sm, (int32_t)w,
                          now_of(t), addr, a, b };
    evbus_deliver(t->env.bus, &e);
}

/* Is r in working set ws (words long)? */
static bool in_set(const struct ltrf *t, const uint64_t *ws, uint32_t r)
{
    return ws && r < t->iv.words * 64 && ltrf_bit(ws, r);
}

/* A register leaving the cache goes back to the main file: every valid
   one under ltrf, live ones under ltrf+ and rfc. */
static bool should_write_back(const struct ltrf *t, const struct lwarp *x,
                              uint32_t r)
{
    return ltrf_bit(x->valid, r) &&
           (t->v == LTRF_LTRF || ltrf_bit(x->live, r));
}

/* The PREFETCH of interval iv for active warp w: registers of the
   partition outside the working set go back to the main file (those
   worth keeping: all for ltrf, live ones for ltrf+), the working set
   gets banks, and the registers to fetch go to the main file (ltrf: all
   that are not valid yet; ltrf+: live ones, dead ones are only given
   space). Returns the registers fetched. */
static uint32_t prefetch(struct ltrf *t, uint32_t w, int32_t iv)
{
    struct lwarp *x = &t->w[w];
    const uint64_t *ws = iv >= 0 && (uint32_t)iv < t->iv.n ? t->iv.v[iv].regs
                                                           : NULL;
    for (uint32_t r = 0; r < LTRF_ARCH_REGS; r++)
        if (ltrf_bit(x->alloc, r) && !in_set(t, ws, r))
            release(t, w, r, should_write_back(t, x, r));
    uint32_t fetched = 0;
    for (uint32_t r = 0; r < LTRF_ARCH_REGS; r++) {
        if (!in_set(t, ws, r) || ltrf_bit(x->valid, r))
            continue;
        if (!ltrf_bit(x->alloc, r))
            allocate(t, w, r);
        if (t->v == LTRF_PLUS && !ltrf_bit(x->live, r)) {
            ws_bit_put(x->valid, r, true);     /* dead: space only */
            t->st.space_only++;
            continue;
        }
        to_main(t, w, r, K_FILL, 0);
        t->st.fills++;
        x->fills++;
        fetched++;
    }
    if (x->fills)
        x->fill_from = now_of(t);
    t->env.wake(t->env.ctx, w);
    return fetched;
}

/* ---- the scheduler part: the active pool and issue ------------------------ */

static void pool_enter(void *self, uint32_t w, uint64_t now)
{
    struct ltrf *t = self;
    struct lwarp *x = &t->w[w];
    (void)now;
    if (!ltrf_cached(t->v) || x->part >= 0)
        return;
    int32_t p = ltrf_aau_alloc(&t->offsets);
    WS_ASSERT(p >= 0);                /* the pool holds at most K warps */
    x->part = (int16_t)p;
    x->ran = true;
    struct lpart *pt = &t->part[p];
    pt->warp = (int32_t)w;
    ltrf_aau_init(&pt->aau, t->N);
    for (uint32_t b = 0; b < t->N; b++)
        pt->reg[b] = -1;
    t->st.activations++;
    uint32_t fetched = 0;
    if (ltrf_prefetching(t)) {
        if (x->switch_to >= 0) {
            x->iv = x->switch_to;
            x->switch_to = -1;
        }
        fetched = prefetch(t, w, x->iv);
    }
    emit(t, t->ev_activate, w, (uint64_t)p, x->iv, fetched);
}

static void pool_leave(void *self, uint32_t w, uint64_t now)
{
    struct ltrf *t = self;
    struct lwarp *x = &t->w[w];
    if (x->part < 0)
        return;
    uint32_t p = (uint32_t)x->part, wb = 0;
    for (uint32_t r = 0; r < LTRF_ARCH_REGS; r++) {
        if (!ltrf_bit(x->alloc, r))
            continue;
        bool back = !x->exited && should_write_back(t, x, r);
        wb += back;
        release(t, w, r, back);
    }
    if (x->fills)
        t->st.fill_stall_cycles += now - x->fill_from;
    x->fills = 0;
    x->epoch++;                       /* fills on the way are dropped */
    if (x->switch_to >= 0) {
        x->iv = x->switch_to;         /* its PREFETCH waits for activation */
        x->switch_to = -1;
        t->nswitch--;
    }
    x->part = -1;
    t->part[p].warp = -1;
    ltrf_aau_release(&t->offsets, p);
    if (x->exited)
        return;                       /* done: nothing to keep */
    t->st.deactivations++;
    emit(t, t->ev_deactivate, w, p, x->iv, wb);
    t->env.wake(t->env.ctx, w);
}

/* A prefetching variant holds an active warp until its PREFETCH is
   complete; warps outside the pool wait for the pool, not for it. */
static bool may_issue(void *self, uint32_t w, int32_t pc)
{
    struct ltrf *t = self;
    const struct lwarp *x = &t->w[w];
    (void)pc;
    if (!ltrf_prefetching(t) || x->part < 0)
        return true;
    return x->switch_to < 0 && x->fills == 0;
}

static void issued(void *self, uint32_t w, int32_t pc, int32_t next,
                   uint64_t now)
{
    struct ltrf *t = self;
    struct lwarp *x = &t->w[w];
    (void)pc, (void)now;
    x->insts++;
    x->pc = next;
    if (next < 0) {
        x->exited = true;
        visit(t, x->insts);
        x->insts = 0;
        return;
    }
    int32_t to = interval_at(t, next);
    if (to == x->iv || to < 0)
        return;
    emit(t, t->ev_interval, w, x->insts, to, x->iv);
    visit(t, x->insts);
    x->insts = 0;
    if (ltrf_prefetching(t) && x->part >= 0) {
        x->switch_to = to;            /* PREFETCH at the next tick */
        t->nswitch++;
    } else {
        x->iv = to;
    }
}

/* ---- the cycle ------------------------------------------------------------ */

/* PREFETCHes of the intervals warps entered in the last cycle. */
static void start_prefetches(struct ltrf *t)
{
    for (uint32_t w = 0; t->nswitch && w < t->nwarps; w++) {
        struct lwarp *x = &t->w[w];
        if (x->switch_to < 0)
            continue;
        t->nswitch--;
        x->iv = x->switch_to;
        x->switch_to = -1;
        t->st.prefetches++;
        uint32_t fetched = prefetch(t, w, x->iv);
        emit(t, t->ev_prefetch, w, t->iv.v[x->iv].nregs, x->iv, fetched);
    }
}

/* A fill of warp w arrived: the register is valid; the warp is ready when
   its last fill is in. */
static void filled(struct ltrf *t, const struct rfb_req *q, uint64_t now)
{
    struct lwarp *x = &t->w[q->warp];
    if (q->epoch != x->epoch || !x->fills)
        return;                       /* deactivated meanwhile */
    ws_bit_put(x->valid, q->reg, true);
    if (--x->fills == 0) {
        t->st.fill_stall_cycles += now - x->fill_from;
        t->env.wake(t->env.ctx, q->warp);
    }
}

static void deliver(struct ltrf *t, struct rfbanks *b, uint64_t now)
{
    struct rfb_done d;
    while (rfbanks_pop_done(b, now, &d)) {
        switch (d.q.kind) {
        case K_OPERAND:
        case K_RESULT:
            t->env.rf_done(t->env.ctx, d.q.tag, d.q.kind == K_RESULT);
            break;
        case K_FILL:
            filled(t, &d.q, now);
            break;
        default:
            break;                    /* a write-back: nobody waits */
        }
    }
}

static void ltrf_tick(void *self, uint64_t now)
{
    struct ltrf *t = self;
    if (t->nswitch)
        start_prefetches(t);
    rfbanks_start(&t->main, now);
    rfbanks_start(&t->rfc, now);
    deliver(t, &t->main, now);
    deliver(t, &t->rfc, now);
}

static uint64_t ltrf_next_event(void *self, uint64_t now)
{
    struct ltrf *t = self;
    if (t->nswitch)
        return now + 1;
    uint64_t a = rfbanks_next(&t->main, now), b = rfbanks_next(&t->rfc, now);
    return a < b ? a : b;
}

/* ---- life cycle ------------------------------------------------------------ */

static void *ltrf_create(const struct seam_env *env)
{
    const struct ws_config *c = env->cfg;
    struct ltrf *t = ws_xcalloc(1, sizeof *t);
    t->env = *env;
    t->env.cfg = NULL;                /* valid during create only */
    struct ltrf_geom g;
    ltrf_geom_of(c, &g);
    t->v = g.v;
    t->N = g.N;
    t->K = ltrf_cached(g.v) ? g.K : 0;
    t->config = (uint32_t)config_i(c, CK_LTRF_MAIN_CONFIG);
    t->scale = g.scale;
    t->main_banks = g.main_banks;
    t->xbar = g.xbar;
    t->capacity = g.registers;
    t->map = env->p->bank_map;
    t->wcb_cycles = (uint32_t)config_i(c, CK_LTRF_WCB_CYCLES);
    t->wcb_ports = (uint32_t)config_i(c, CK_LTRF_WCB_PORTS);
    t->main_lat = config_f(c, CK_LTRF_MAIN_LATENCY) * g.scale;
    uint64_t lat = rfbanks_ms(t->main_lat);
    uint64_t x = (uint64_t)t->xbar * RFB_MS;
    rfbanks_init(&t->main, t->main_banks, lat > x ? lat : x,
                 lat + x - RFB_MS);
    rfbanks_init(&t->rfc, t->N, RFB_MS, RFB_MS);
    double power = g.row->power;
    t->e_read = env->p->e.rf_read * power;
    t->e_write = env->p->e.rf_write * power;
    t->e_leak = env->p->e.rf_leak * env->p->rf_banks * power;
    t->e_rfc_read = config_f(c, CK_LTRF_RFC_READ_PJ);
    t->e_rfc_write = config_f(c, CK_LTRF_RFC_WRITE_PJ);
    t->e_rfc_leak = config_f(c, CK_LTRF_RFC_LEAK_MW);
    t->nwarps = env->p->max_warps;
    t->w = ws_xcalloc(t->nwarps, sizeof *t->w);
    for (uint32_t w = 0; w < t->nwarps; w++)
        t->w[w].part = -1;
    t->part = ws_xcalloc(t->K ? t->K : 1, sizeof *t->part);
    for (uint32_t p = 0; p < t->K; p++)
        t->part[p].warp = -1;
    ltrf_aau_init(&t->offsets, t->K);
    t->look_cycle = UINT64_MAX;
    t->ev_prefetch = ev_register_fields("ltrf.prefetch", &ltrf_ev_prefetch);
    t->ev_activate = ev_register_fields("ltrf.activate", &ltrf_ev_activate);
    t->ev_deactivate = ev_register_fields("ltrf.deactivate",
                                          &ltrf_ev_deactivate);
    t->ev_interval = ev_register_fields("ltrf.interval", &ltrf_ev_interval);
    return t;
}

static void ltrf_destroy(void *self)
{
    struct ltrf *t = self;
    rfbanks_free(&t->main);
    rfbanks_free(&t->rfc);
    intervals_free(&t->iv);
    free(t->w);
    free(t->part);
    free(t);
}

static uint32_t ltrf_capacity(void *self)
{
    return ((struct ltrf *)self)->capacity;
}

static void ltrf_launch(void *self, const struct seam_launch *l)
{
    struct ltrf *t = self;
    intervals_free(&t->iv);
    t->k = l->k;
    if (l->k)
        intervals_compute(l->k, t->N, &t->iv);
    /* write-backs of the last launch still queued: nobody waits */
    rfbanks_clear(&t->main);
    rfbanks_clear(&t->rfc);
    t->st.launches++;
    t->st.intervals += t->iv.n;
    for (uint32_t i = 0; i < t->iv.n; i++)
        t->st.interval_regs += t->iv.v[i].nregs;
}

/* A prefetching variant needs every interval to fit a partition and
   every register to have an address-table entry. */
static int ltrf_check_launch(void *self, const struct seam_launch *l,
                             struct ws_diag *diag)
{
    struct ltrf *t = self;
    if (!ltrf_prefetching(t) || !l->k)
        return WS_OK;
    if (l->k->nslots > LTRF_ARCH_REGS)
        return diag_error(diag, NULL, 0, 0,
                          "launch of '%s': %d registers per thread, but a warp control block addresses %d (design ltrf, variant %s)",
                          l->k->name, l->k->nslots, LTRF_ARCH_REGS,
                          ltrf_variant_name(t->v));
    struct intervals iv;
    intervals_compute(l->k, t->N, &iv);
    int rc = WS_OK;
    for (uint32_t i = 0; i < iv.n && rc == WS_OK; i++)
        if (iv.v[i].nregs > t->N)
            rc = diag_error(diag, NULL, 0, 0,
                            "launch of '%s': instruction %d (line %d) uses %u registers, more than an RFC partition holds (ltrf.regs_per_interval = %u)",
                            l->k->name, iv.v[i].head,
                            l->k->flat.insts.v[iv.v[i].head].line,
                            iv.v[i].nregs, t->N);
    intervals_free(&iv);
    return rc;
}

static void ltrf_admit(void *self, uint32_t first, uint32_t n)
{
    struct ltrf *t = self;
    for (uint32_t w = first; w < first + n && w < t->nwarps; w++) {
        struct lwarp *x = &t->w[w];
        uint32_t epoch = x->epoch;
        memset(x, 0, sizeof *x);
        x->epoch = epoch + 1;
        x->used = true;
        x->part = -1;
        x->switch_to = -1;
        x->iv = interval_at(t, 0);
    }
}

static void ltrf_retire(void *self, uint32_t first, uint32_t n)
{
    struct ltrf *t = self;
    for (uint32_t w = first; w < first + n && w < t->nwarps; w++) {
        t->w[w].exited = true;        /* its registers are dead */
        pool_leave(t, w, now_of(t));
        t->w[w].used = false;
    }
}

static void *sched_create(const struct seam_env *env)
{
    return env->rf;                   /* one object for both parts */
}

static void sched_destroy(void *self)
{
    (void)self;                       /* owned by the register-file side */
}

static const struct rf_ops ltrf_rf_ops = {
    .part = {
        .name = "ltrf",
        .create = ltrf_create,
        .destroy = ltrf_destroy,
        .launch = ltrf_launch,
        .check_launch = ltrf_check_launch,
        .admit = ltrf_admit,
        .retire = ltrf_retire,
        .tick = ltrf_tick,
        .next_event = ltrf_next_event,
        .stats = ltrf_stats,
        .energy = ltrf_energy,
        .describe = ltrf_describe,
        .hash = ltrf_hash,
    },
    .capacity = ltrf_capacity,
    .read = rf_read,
    .write = rf_write,
};

static const struct sched_ops ltrf_sched_ops = {
    .part = { .name = "ltrf", .create = sched_create,
              .destroy = sched_destroy },
    .hold = "prefetch",
    .may_issue = may_issue,
    .issued = issued,
    .pool_enter = pool_enter,
    .pool_leave = pool_leave,
};

const struct design ltrf_design = {
    .name = "ltrf",
    .summary = "latency-tolerant register file: register-interval prefetch into a register-file cache before a large, slow main register file",
    .rf = &ltrf_rf_ops,
    .sched = &ltrf_sched_ops,
    .layout = "design",
    .keys = "ltrf",
    .section = ltrf_section,
    .check = ltrf_check,
    .ratios = ltrf_ratios,
    .facts = ltrf_facts,
    .events = ltrf_events,
    .cost = ltrf_bill,
    .registers = ltrf_registers,
};
