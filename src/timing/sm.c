/*
** sm.c - the SM pipeline (see sm.h): issue, operand collection,
** execution, writeback, and CTA residency. The LD/ST unit is in ldst.c.
** Instructions, memory operations and queues live in per-SM arrays and
** refer to each other by index.
*/
#include "timing/sm-internal.h"
#include "timing/l1d.h"
#include "timing/rf-banked.h"
#include "util/invariant.h"
#include "util/pool.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *stall_name(enum stall s)
{
    static const char *n[STALL__COUNT] = { "issued", "idle", "barrier",
                                           "memory", "raw", "structural",
                                           "bank_conflict", "design",
                                           "fetch" };
    return (unsigned)s < STALL__COUNT ? n[s] : "?";
}

const char *sm_stall_name(const struct sm *s, enum stall k)
{
    if (k == STALL_DESIGN && s->scho && s->scho->hold)
        return s->scho->hold;
    return stall_name(k);
}

const char *warp_state_name(int s)
{
    switch (s) {
    case STALL_NONE: return "ready";
    case STALL_IDLE: return "exited";
    case STALL_BARRIER: case STALL_MEMORY: case STALL_RAW: case STALL_DESIGN:
    case STALL_FETCH:
        return stall_name((enum stall)s);
    default: return "absent";
    }
}

/* ---- queues of instructions ------------------------------------------ */

void tq_init(struct tqueue *q)
{
    q->head = q->tail = -1;
    q->n = 0;
}

void tq_push(struct sm *s, struct tqueue *q, int32_t i)
{
    s->in[i].next = -1;
    if (q->tail >= 0)
        s->in[q->tail].next = i;
    else
        q->head = i;
    q->tail = i;
    q->n++;
}

/* Instruction i, its ready cycle set, starts executing in its class's
   queue. */
static void exec_push(struct sm *s, int32_t i)
{
    tq_push(s, &s->exec[s->in[i].cls], i);
    if (s->in[i].ready < s->exec_due)
        s->exec_due = s->in[i].ready;
}

int32_t tq_pop(struct sm *s, struct tqueue *q)
{
    int32_t i = q->head;
    q->head = s->in[i].next;
    if (q->head < 0)
        q->tail = -1;
    q->n--;
    return i;
}

/* Removes i, whose predecessor in q is prev (-1 if i is the head). */
static void tq_remove(struct sm *s, struct tqueue *q, int32_t prev, int32_t i)
{
    if (prev < 0)
        q->head = s->in[i].next;
    else
        s->in[prev].next = s->in[i].next;
    if (q->tail == i)
        q->tail = prev;
    q->n--;
}

static int32_t inst_alloc(struct sm *s)
{
    if (s->free_in < 0)
        pool_grow(s->in, s->nin, s->free_in, next, 64);
    int32_t i = s->free_in;
    s->free_in = s->in[i].next;
    memset(&s->in[i], 0, sizeof s->in[i]);
    s->in[i].next = -1;
    s->in[i].mem = -1;
    return i;
}

static void inst_release(struct sm *s, int32_t i)
{
    s->in[i].next = s->free_in;
    s->free_in = i;
}

/* ---- setup ----------------------------------------------------------- */

static void on_rf_done(void *ctx, uint32_t tag, bool write);
static void complete_wb(struct sm *s, int32_t i);
static void on_l1_done(void *ctx, uint32_t tag, uint64_t when);
static void on_wake(void *ctx, uint32_t w);

/* Warp w's functional state moved (it issued, or a barrier released it):
   its next instruction and barrier wait, kept in the timing warp so the
   scheduler and the fetch stage need not follow w->fw each cycle. */
static void warp_follow(struct twarp *w)
{
    w->pc = w->fw->state == FW_DONE ? -1 : fx_pc(w->fw);
    w->at_bar = w->fw->state == FW_BARRIER;
}

/* Makes one part of the design and records it. */
static void *make_part(struct sm *s, struct seam_env *env,
                       const struct part_ops *ops)
{
    void *self = ops->create(env);
    s->parts[s->nparts++] = (struct sm_part){ ops, self };
    return self;
}

void sm_init(struct sm *s, uint32_t id, const struct tparams *p,
             const struct design *d, const struct ws_config *cfg,
             struct evbus *bus, uint64_t *cycle, const struct l2_port *l2)
{
    memset(s, 0, sizeof *s);
    s->id = id;
    s->resume_k = -1;
    s->p = p;
    s->bus = bus;
    s->g_cycle = cycle;
    s->w = ws_xcalloc(p->max_warps, sizeof *s->w);
    s->wused = ws_xcalloc((p->max_warps + 63) / 64, sizeof *s->wused);
    s->wempty = ws_xcalloc((p->max_warps + 63) / 64, sizeof *s->wempty);
    s->cta = ws_xcalloc(p->max_ctas, sizeof *s->cta);
    s->why = ws_xcalloc(p->schedulers, sizeof *s->why);
    s->free_in = -1;
    s->free_mo = -1;
    s->ldst_head = s->ldst_tail = -1;
    s->complete = p->oc_pipeline ? complete_wb : sm_complete;
    tq_init(&s->collecting);
    tq_init(&s->wb);
    for (int c = 0; c < TC__COUNT; c++)
        tq_init(&s->exec[c]);
    s->exec_due = UINT64_MAX;
    s->sp_free = ws_xcalloc(p->sp_units, sizeof *s->sp_free);
    s->sfu_free = ws_xcalloc(p->sfu_units, sizeof *s->sfu_free);
    struct seam_env env = { .p = p, .sm = id, .bus = bus, .l2 = l2,
                            .cycle = cycle, .cfg = cfg, .ctx = s,
                            .rf_done = on_rf_done, .mem_done = on_l1_done,
                            .wake = on_wake };
    s->rfo = d->rf ? d->rf : &rf_banked_ops;
    s->rf = env.rf = make_part(s, &env, &s->rfo->part);
    s->l1o = d->l1 ? d->l1 : &l1d_ops;
    s->l1 = env.l1 = make_part(s, &env, &s->l1o->part);
    if ((s->laneo = d->lane) != NULL) {
        s->lane = env.lane = make_part(s, &env, &s->laneo->part);
        s->lrep = ws_xmalloc(sizeof *s->lrep);
    }
    if ((s->scho = d->sched) != NULL)
        s->schp = make_part(s, &env, &s->scho->part);
    sched_init(s);
}

void sm_free(struct sm *s)
{
    for (uint32_t c = 0; c < s->p->max_ctas; c++)
        if (s->cta[c].used)
            fcta_free(&s->cta[c].fc);
    for (uint32_t i = s->nparts; i-- > 0;)
        s->parts[i].ops->destroy(s->parts[i].self);
    free(s->w);
    free(s->wused);
    free(s->wempty);
    free(s->cta);
    sched_free(s);
    free(s->why);
    free(s->in);
    free(s->mo);
    free(s->timed);
    free(s->sp_free);
    free(s->sfu_free);
    free(s->lrep);
    memset(s, 0, sizeof *s);
}

uint32_t sm_parts_pending(const struct sm *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->nparts; i++)
        if (s->parts[i].ops->pending)
            n += s->parts[i].ops->pending(s->parts[i].self);
    return n;
}

/* ---- CTAs ------------------------------------------------------------ */

bool sm_fits(const struct sm *s, uint32_t threads, uint32_t warps,
             uint32_t regs, uint32_t shared)
{
    const struct tparams *p = s->p;
    if (s->nctas >= p->max_ctas || s->threads + threads > p->max_threads ||
        s->nwarps + warps > p->max_warps ||
        s->regs + regs > s->rfo->capacity(s->rf) ||
        s->shared + shared > p->shared_bytes)
        return false;
    /* a contiguous run of free warp slots */
    uint32_t run = 0;
    for (uint32_t i = 0; i < p->max_warps; i++) {
        run = s->w[i].used ? 0 : run + 1;
        if (run >= warps)
            return true;
    }
    return false;
}

void sm_add_cta(struct sm *s, const struct flaunch *L, uint64_t id,
                const uint32_t ctaid[3], uint32_t regs_per_thread)
{
    const struct tparams *p = s->p;
    uint32_t threads = L->block[0] * L->block[1] * L->block[2];
    uint32_t warps = (threads + WS_WARP - 1) / WS_WARP;
    uint32_t c = 0;
    while (s->cta[c].used)
        c++;
    uint32_t first = 0, run = 0;
    for (uint32_t i = 0; i < p->max_warps; i++) {
        run = s->w[i].used ? 0 : run + 1;
        if (run == warps) {
            first = i + 1 - warps;
            break;
        }
    }
    struct tcta *t = &s->cta[c];
    memset(t, 0, sizeof *t);
    t->used = true;
    t->first = first;
    t->nwarps = warps;
    t->threads = threads;
    t->regs = warps * WS_WARP * regs_per_thread;
    t->shared = L->k->shared_static + L->dyn_shared;
    t->id = id;
    fcta_init(&t->fc, L, ctaid, (int)s->id, (int)first);
    for (uint32_t i = 0; i < warps; i++) {
        struct twarp *w = &s->w[first + i];
        memset(w, 0, sizeof *w);
        w->used = true;
        s->wused[(first + i) / 64] |= 1ULL << ((first + i) % 64);
        s->wempty[(first + i) / 64] |= 1ULL << ((first + i) % 64);
        w->cta = (int32_t)c;
        w->fw = &t->fc.warps[i];
        warp_follow(w);
        w->age = s->seq++;
        w->rs = RS_ABSENT;
        sched_update(s, first + i);
    }
    SM_PARTS(s, admit, first, warps);
    s->nctas++;
    s->nwarps += warps;
    s->threads += threads;
    s->regs += t->regs;
    s->shared += t->shared;
    s->st.ctas++;
    if (ev_wanted(s->bus, EV_CTA_LAUNCH)) {
        struct ws_event e = { EV_CTA_LAUNCH, (int16_t)s->id, (int32_t)first,
                              *s->g_cycle, 0, (int64_t)id, warps };
        evbus_deliver(s->bus, &e);
    }
}

/* A warp whose instructions have all completed and that has exited. */
static bool warp_finished(const struct twarp *w)
{
    return w->pc < 0 && w->inflight == 0;
}

static void try_retire_cta(struct sm *s, int32_t c)
{
    struct tcta *t = &s->cta[c];
    for (uint32_t i = 0; i < t->nwarps; i++)
        if (!warp_finished(&s->w[t->first + i]))
            return;
    if (ev_wanted(s->bus, EV_CTA_EXIT)) {
        struct ws_event e = { EV_CTA_EXIT, (int16_t)s->id, (int32_t)t->first,
                              *s->g_cycle, 0, (int64_t)t->id, 0 };
        evbus_deliver(s->bus, &e);
    }
    mo_lane_flush(s, LF_CTA_EXIT, (uint32_t)c, 0, 0, 0, *s->g_cycle);
    SM_PARTS(s, retire, t->first, t->nwarps);
    for (uint32_t i = 0; i < t->nwarps; i++) {
        struct twarp *w = &s->w[t->first + i];
        for (int k = 0; k < SM_REG_WORDS; k++)
            s->nlive -= (uint32_t)__builtin_popcountll(w->live[k]);
        s->st.warp_insts += w->fw->ninst;
        s->st.thread_insts += w->fw->nthread;
        w->used = false;
        s->wused[(t->first + i) / 64] &= ~(1ULL << ((t->first + i) % 64));
        s->wempty[(t->first + i) / 64] &= ~(1ULL << ((t->first + i) % 64));
        sched_update(s, t->first + i);
        memset(w, 0, sizeof *w);
        w->rs = RS_ABSENT;
    }
    s->nctas--;
    s->nwarps -= t->nwarps;
    s->threads -= t->threads;
    s->regs -= t->regs;
    s->shared -= t->shared;
    fcta_free(&t->fc);
    t->used = false;
    s->retired++;
}

/* ---- completion ------------------------------------------------------ */

static void scoreboard_clear(struct twarp *w, const struct tinst *t)
{
    for (uint32_t k = 0; k < t->ndst; k++) {
        uint16_t r = t->dst[k];
        w->sb[r >> 6] &= ~(1ULL << (r & 63));
        w->sbmem[r >> 6] &= ~(1ULL << (r & 63));
    }
    w->sbp &= ~t->dpreds;
}

/* The instruction is complete: release its registers and its warp. */
static void finish(struct sm *s, int32_t i)
{
    struct inst *in = &s->in[i];
    struct twarp *w = &s->w[in->warp];
    scoreboard_clear(w, &s->tinst[in->pc]);
    w->inflight--;
    sched_update(s, (uint32_t)in->warp);
    if (in->mem >= 0)
        mo_release(s, in->mem);
    inst_release(s, i);
    s->progressed = true;
    if (warp_finished(w))
        try_retire_cta(s, w->cta);
}

/* Liveness, for the on-chip utilisation statistics: a register is live
   from the write of a value until the read the compiler marked as its
   last use (or until its warp leaves). */
static void set_live(struct sm *s, struct twarp *w, uint32_t r, bool on)
{
    uint64_t bit = 1ULL << (r & 63), *word = &w->live[r >> 6];
    if (!(*word & bit) == !on)
        return;
    *word ^= bit;
    if (on)
        s->nlive++;
    else
        s->nlive--;
}

/* Execution is over: write the results, if any, through the RF. */
void sm_complete(struct sm *s, int32_t i)
{
    struct inst *in = &s->in[i];
    const struct tinst *t = &s->tinst[in->pc];
    s->progressed = true;
    if (t->ndst == 0) {
        finish(s, i);
        return;
    }
    in->nwritten = 0;
    for (uint32_t k = 0; k < t->ndst; k++) {
        set_live(s, &s->w[in->warp], t->dst[k], true);
        s->rfo->write(s->rf, (uint32_t)in->warp, t->dst[k], (uint32_t)i);
    }
}

static void on_rf_done(void *ctx, uint32_t tag, bool write)
{
    struct sm *s = ctx;
    struct inst *in = &s->in[tag];
    if (write) {
        if (++in->nwritten == in->ndst)
            finish(s, (int32_t)tag);
    } else if (++in->nread == in->nsrc) {
        in->read_done = *s->g_cycle;
    }
}

static void on_l1_done(void *ctx, uint32_t tag, uint64_t when)
{
    struct sm *s = ctx;
    (void)when;
    mo_answered(s, (int32_t)tag);
}

static void on_wake(void *ctx, uint32_t w)
{
    struct sm *s = ctx;
    sched_update(s, w);
    s->progressed = true;
}

void sm_response(struct sm *s, const struct mreq *r, uint64_t now)
{
    s->l1o->response(s->l1, r, now);
    s->progressed = true;
}

/* ---- issue ----------------------------------------------------------- */

/* Instruction i's operand reads go to the register file (served from the
   next cycle on). */
static void ask_reads(struct sm *s, int32_t i)
{
    struct inst *in = &s->in[i];
    const struct tinst *t = &s->tinst[in->pc];
    struct twarp *w = &s->w[in->warp];
    in->reads_asked = true;
    if (t->nsrc == 0)
        in->read_done = *s->g_cycle;
    for (uint32_t k = 0; k < t->nsrc; k++) {
        bool last = t->last >> k & 1;
        if (last)
            set_live(s, w, t->src[k], false);
        s->rfo->read(s->rf, (uint32_t)in->warp, t->src[k], (uint32_t)i, last);
    }
}

/* The execution of a memory instruction is over; with sm.oc_pipeline its
   results are written back the next cycle (GPGPU-Sim's writeback stage). */
static void complete_wb(struct sm *s, int32_t i)
{
    s->in[i].ready = *s->g_cycle + 1;
    exec_push(s, i);
    s->progressed = true;
}

static int issue(struct sm *s, uint32_t wi, uint64_t now,
                 struct ws_diag *diag)
{
    struct twarp *w = &s->w[wi];
    struct tcta *c = &s->cta[w->cta];
    int32_t pc = w->pc;
    WS_ASSERT(pc >= 0 && pc == fx_pc(w->fw) && !w->at_bar);
    const struct tinst *t = &s->tinst[pc];
    const struct kinst *ki = &s->launch->k->insts[pc];
    int32_t mo = -1;
    if (t->cls == TC_MEM)
        mo = mo_alloc(s);
    struct fctx x = { s->mem, s->launch, &c->fc, now, (int)s->id,
                      (int)s->p->nsm, (int)s->p->max_warps,
                      mo >= 0 ? &s->mo[mo].rec : NULL, diag,
                      s->p->general_only };
    uint32_t before = fx_active(w->fw);
    enum fx_status st = fx_step(&x, w->fw);
    if (st == FX_ERR) {
        if (mo >= 0)
            mo_release(s, mo);
        return WS_ERR;
    }
    s->st.issued++;
    s->progressed = true;
    warp_follow(w);
    fetch_issued(s, wi, pc, w->pc, now);
    if (ev_wanted(s->bus, EV_WARP_ISSUE)) {
        struct ws_event e = { EV_WARP_ISSUE, (int16_t)s->id, (int32_t)wi, now,
                              0, pc, __builtin_popcount(before) };
        evbus_deliver(s->bus, &e);
    }
    if (st == FX_DONE)
        c->fc.live--;
    bool released = false;
    if (st == FX_BARRIER || st == FX_DONE) {
        if (st == FX_BARRIER && ev_wanted(s->bus, EV_BARRIER)) {
            struct ws_event e = { EV_BARRIER, (int16_t)s->id, (int32_t)wi, now,
                                  0, w->fw->bar_id, 0 };
            evbus_deliver(s->bus, &e);
        }
        released = fcta_release_barriers(&c->fc) > 0;
        for (uint32_t k = 0; released && k < c->nwarps; k++)
            warp_follow(&s->w[c->first + k]);
        if (released)              /* the released warps wait for the
                                      lane part's write-backs */
            mo_lane_flush(s, LF_BARRIER, (uint32_t)w->cta, wi, c->first,
                          c->nwarps, now);
    }
    if (ki->op == OP_MEMBAR || ki->op == OP_FENCE)
        mo_lane_flush(s, LF_FENCE, (uint32_t)w->cta, wi, wi, 1, now);
    if (s->scho && s->scho->issued)
        s->scho->issued(s->schp, wi, pc, w->pc, now);
    if (t->cls == TC_CTRL && !s->p->oc_pipeline) {
        if (released)
            sched_update_cta(s, c);
        else
            sched_update(s, wi);
        if (warp_finished(w))
            try_retire_cta(s, w->cta);
        return WS_OK;
    }
    /* Into an operand collector; results become pending now. With
       sm.oc_pipeline branches, barriers and exits go this way too, as
       GPGPU-Sim sends them through the SP pipeline. */
    int32_t i = inst_alloc(s);
    struct inst *in = &s->in[i];
    in->warp = (int32_t)wi;
    in->pc = pc;
    in->cls = t->cls;
    in->nsrc = t->nsrc;
    in->ndst = t->ndst;
    in->mem = mo;
    in->seq = s->seq++;
    in->collecting = true;
    for (uint32_t k = 0; k < t->ndst; k++) {
        uint16_t r = t->dst[k];
        w->sb[r >> 6] |= 1ULL << (r & 63);
        if (t->load)
            w->sbmem[r >> 6] |= 1ULL << (r & 63);
    }
    w->sbp |= t->dpreds;
    w->inflight++;
    s->collectors_used++;
    s->pool_used[tparams_pool(s->p, in->cls)]++;
    tq_push(s, &s->collecting, i);
    in->issued = now;
    if (!s->p->oc_pipeline)
        ask_reads(s, i);
    if (mo >= 0)
        mo_setup(s, mo, i, ki, now);
    if (released)
        sched_update_cta(s, c);
    else
        sched_update(s, wi);
    if (s->p->policy == SCHED_TWO_LEVEL && s->p->leave_on == LEAVE_ISSUE &&
        t->load && mo >= 0 &&
        (s->mo[mo].space == KS_GLOBAL || s->mo[mo].space == KS_LOCAL))
        sched_leave_pool(s, wi);   /* long latency: leave the active pool */
    return WS_OK;
}

/* ---- the cycle ------------------------------------------------------- */

/* Instruction in has its operands and may leave its collector now: at
   once, or with sm.oc_pipeline after GPGPU-Sim's pipeline registers (the
   cycle after the last read into OC_EX; a memory instruction two cycles
   later, when the LD/ST unit takes it from its dispatch register). */
static bool operands_in(const struct sm *s, const struct inst *in,
                        uint64_t now)
{
    if (in->nread < in->nsrc || !in->reads_asked)
        return false;
    if (!s->p->oc_pipeline)
        return true;
    return now >= in->read_done + (in->cls == TC_MEM ? 3 : 1);
}

/*
** The operand collectors' cycle, in one walk of the instructions holding
** one, oldest first: each asks for its reads the cycle after it issued
** (with sm.oc_pipeline; asking queues them, so no collector receives an
** operand before the register file's next tick), notes in bank_stalled
** that it still waits for a bank, or leaves for its unit once it has its
** operands.
*/
static void collect(struct sm *s, uint64_t now)
{
    const struct tparams *p = s->p;
    int32_t prev = -1;
    s->bank_stalled = false;
    for (int32_t i = s->collecting.head; i >= 0;) {
        struct inst *in = &s->in[i];
        int32_t next = in->next;
        bool sent = false;
        if (!in->reads_asked && in->issued < now)
            ask_reads(s, i);
        if (in->reads_asked && in->nread < in->nsrc)
            s->bank_stalled = true;
        else if (operands_in(s, in, now)) {
            if (in->cls == TC_MEM) {
                if (s->ldst_free <= now) {
                    mo_enqueue(s, in->mem);
                    s->ldst_free = now + 1;
                    sent = true;
                }
            } else {
                uint64_t *units = in->cls == TC_SFU ? s->sfu_free : s->sp_free;
                uint32_t nu = in->cls == TC_SFU ? p->sfu_units : p->sp_units;
                for (uint32_t u = 0; u < nu && !sent; u++) {
                    if (units[u] > now)
                        continue;
                    units[u] = now + p->ii[in->cls];
                    /* with the OC pipeline: unit issue, its dispatch
                       register, the EX_WB register (+3) */
                    in->ready = now + p->lat[in->cls] +
                                (p->oc_pipeline ? 3 : 0);
                    sent = true;
                }
            }
        }
        if (sent) {
            tq_remove(s, &s->collecting, prev, i);
            in->collecting = false;
            s->collectors_used--;
            s->pool_used[tparams_pool(p, in->cls)]--;
            if (in->cls != TC_MEM)
                exec_push(s, i);
            s->progressed = true;
        } else {
            prev = i;
        }
        i = next;
    }
}

static inline __attribute__((always_inline)) int
issue_stage(struct sm *s, uint32_t k0, int32_t picked, uint64_t now,
            struct ws_diag *diag);

int sm_cycle(struct sm *s, uint64_t now, struct ws_diag *diag)
{
    ws_where.sm = (int)s->id;
    ws_where.warp = -1;
    s->progressed = false;
    sm_account(s, now);
    s->st.live_reg_cycles += s->nlive;
    s->st.alloc_reg_cycles += s->regs / WS_WARP;
    if (s->nctas) {
        s->st.cycles_active++;
        s->st.warp_cycles += s->nwarps;
    }
    s->acct = now + 1;
    /* Memory operations whose data is ready (L1 hits, shared memory). */
    mo_timed(s, now);
    /* Arithmetic results. */
    if (s->exec_due <= now) {
        s->exec_due = UINT64_MAX;
        for (int c = 0; c < TC__COUNT; c++) {
            struct tqueue *q = &s->exec[c];
            while (q->head >= 0 && s->in[q->head].ready <= now)
                sm_complete(s, tq_pop(s, q));
            if (q->head >= 0 && s->in[q->head].ready < s->exec_due)
                s->exec_due = s->in[q->head].ready;
        }
    }
    /* Register file: writes, then operand reads. */
    if (s->rfo->part.tick)
        s->rfo->part.tick(s->rf, now);
    /* Operand collectors: reads asked (sm.oc_pipeline: an instruction
       issued last cycle has its collector now, the ID_OC register),
       instructions with their operands to their units. */
    collect(s, now);
    ldst_cycle(s, now);
    if (s->l1o->part.tick)
        s->l1o->part.tick(s->l1, now);
    if (s->laneo && s->laneo->part.tick)
        s->laneo->part.tick(s->lane, now);
    if (s->scho && s->scho->part.tick)
        s->scho->part.tick(s->schp, now);
    s->resume_k = -1;
    if (issue_stage(s, 0, -1, now, diag) != WS_OK)
        return WS_ERR;
    if (s->resume_k < 0)
        sm_cycle_end(s, now);
    return WS_OK;
}

int sm_cycle_finish(struct sm *s, uint64_t now, struct ws_diag *diag)
{
    ws_where.sm = (int)s->id;
    uint32_t k = (uint32_t)s->resume_k;
    s->resume_k = -1;
    return issue_stage(s, k, s->resume_wi, now, diag);
}

void sm_cycle_end(struct sm *s, uint64_t now)
{
    if (s->p->ibuffer) {
        /* the scheduler is told here, so fetch.c need not call it */
        int32_t filled = fetch_cycle(s, now);
        if (filled >= 0)
            sched_update(s, (uint32_t)filled);
    }
}

/*
** Issue, each scheduler one instruction, from scheduler k0 on (picked:
** k0's pick when already made, else -1). With defer_global it stops
** before an instruction that reads or writes global memory, for
** sm_cycle_finish: the SMs issue those one after another, in SM order,
** as when they are simulated one at a time.
*/
static inline __attribute__((always_inline)) int
issue_stage(struct sm *s, uint32_t k0, int32_t picked, uint64_t now,
            struct ws_diag *diag)
{
    const struct tparams *p = s->p;
    for (uint32_t k = k0; k < p->schedulers; k++) {
        int32_t wi = picked;
        picked = -1;
        if (k != k0 || wi < 0) {
            enum stall why;
            wi = sched_pick(s, k, &why);
            s->why[k] = (uint8_t)why;
            if (why != STALL_IDLE)
                s->st.stalls[why]++;
            if (wi < 0) {
                if (why != STALL_IDLE && ev_wanted(s->bus, EV_WARP_STALL)) {
                    struct ws_event e = { EV_WARP_STALL, (int16_t)s->id, -1,
                                          now, 0, why, k };
                    evbus_deliver(s->bus, &e);
                }
                continue;
            }
            if (s->defer_global &&
                s->tinst[s->w[wi].pc].global) {
                s->resume_k = (int32_t)k;
                s->resume_wi = wi;
                return WS_OK;
            }
        }
        ws_where.warp = wi;
        if (issue(s, (uint32_t)wi, now, diag) != WS_OK)
            return WS_ERR;
    }
    return WS_OK;
}

void sm_account(struct sm *s, uint64_t upto)
{
    ldst_catch_up(s, upto);
    if (upto <= s->acct)
        return;
    uint64_t gap = upto - s->acct;
    s->acct = upto;
    s->st.live_reg_cycles += gap * s->nlive;
    s->st.alloc_reg_cycles += gap * (s->regs / WS_WARP);
    if (!s->nctas)
        return;
    s->st.cycles_active += gap;
    s->st.warp_cycles += gap * s->nwarps;
    for (uint32_t k = 0; k < s->p->schedulers; k++)
        if (s->why[k] != STALL_IDLE && s->why[k] != STALL_NONE)
            s->st.stalls[s->why[k]] += gap;
}

uint64_t sm_next_event(struct sm *s, uint64_t now)
{
    if (s->progressed)
        return now + 1;
    uint64_t t = UINT64_MAX;
#define MIN(x) do { uint64_t v_ = (x); if (v_ < t) t = v_; } while (0)
    MIN(s->exec_due);
    MIN(mo_next(s));
    MIN(fetch_next_event(s, now));
    for (uint32_t i = 0; i < s->nparts; i++)
        if (s->parts[i].ops->next_event)
            MIN(s->parts[i].ops->next_event(s->parts[i].self, now));
    for (int32_t i = s->collecting.head; s->p->oc_pipeline && i >= 0;
         i = s->in[i].next) {
        const struct inst *in = &s->in[i];
        if (!in->reads_asked)
            MIN(in->issued + 1);
        else if (in->nread >= in->nsrc)
            MIN(in->read_done + (in->cls == TC_MEM ? 3 : 1));
    }
    if (s->collecting.head >= 0) {
        /* A collector waits for a unit to free up. */
        for (uint32_t u = 0; u < s->p->sp_units; u++)
            MIN(s->sp_free[u]);
        for (uint32_t u = 0; u < s->p->sfu_units; u++)
            MIN(s->sfu_free[u]);
        MIN(s->ldst_free);
    }
    if (s->ldst_n && !ldst_waits(s))
        MIN(now + 1);
#undef MIN
    return t <= now ? now + 1 : t;
}

bool sm_busy(const struct sm *s)
{
    /* (operations still queued after the last CTA are a lane part's
       write-backs) */
    return s->nctas > 0 || s->ldst_n > 0 || sm_parts_pending(s) > 0;
}
