/*
** gpu.c - the GPU around the SMs (see gpu.h): interconnect, L2 slices,
** DRAM channels, CTA dispatch, the cycle loop with idle-cycle skipping,
** limits and deadlock detection (statistics and energy: gpu-stats.c).
*/
#include "timing/gpu.h"
#include "config/config.h"
#include "timing/gpu-internal.h"
#include "timing/dram.h"
#include "timing/l2.h"
#include "timing/mreq.h"
#include "timing/sm.h"
#include "util/bits.h"
#include "util/clock.h"
#include "util/invariant.h"
#include "util/xalloc.h"
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the SMs' port to L2 (struct l2_port) ------------------------------ */

/* SM s's next event is t; own_only: on one of several threads, which
   leave the bound over all SMs to the caller (sms_at_once). */
static inline void set_due_of(struct gpu *g, struct sm *s, uint64_t t,
                              bool own_only)
{
    uint32_t i = (uint32_t)(s - g->sm);
    s->next_due = t;
    g->due[i] = t;
    if (!own_only) {
        ws_bit_put(g->sm_live, i, t != UINT64_MAX);
        if (t < g->sm_soon)
            g->sm_soon = t;
    }
}

static inline void set_due(struct gpu *g, struct sm *s, uint64_t t)
{
    set_due_of(g, s, t, false);
}

/* Slice k's queues or port changed: when it next has work. */
static inline void l2_noted(struct gpu *g, uint32_t k)
{
    uint64_t t = l2_when(&g->l2[k], &g->net, &g->pool);
    g->l2due[k] = t;
    if (t < g->l2_soon)
        g->l2_soon = t;
}

static inline void set_dbusy(struct gpu *g, uint32_t c, bool busy)
{
    g->dbusy = (g->dbusy & ~(1ull << c)) | (uint64_t)busy << c;
}

/* The L2 slice owning addr: the DRAM channel's slices split its lines. */
static uint32_t slice_of(const struct gpu *g, uint64_t addr)
{
    uint32_t ch = dram_channel_of(&g->p.dram, addr);
    uint64_t within = (addr / 256) / g->p.dram.channels;
    return ch * g->slices_per_chan + (uint32_t)(within % g->slices_per_chan);
}

/* Request req, sent by SM sm at now with that many flits, into the
   pool and the queue of its L2 slice. */
static void enqueue_to_l2(struct gpu *g, const struct mreq *req,
                          uint64_t now, uint32_t flits)
{
    int32_t r = mreq_alloc(&g->pool);
    *mreq_at(&g->pool, r) = *req;
    uint32_t k = slice_of(g, req->addr);
    icnt_enqueue(&g->net, &g->pool, r, req->sm, g->p.nsm + k, now, flits);
    /* a port delivers in order: a packet behind others is not its next */
    uint64_t t = mreq_at(&g->pool, r)->deliver;
    if (t < g->l2due[k])
        g->l2due[k] = t;
    if (t < g->l2_soon)
        g->l2_soon = t;
}

static bool to_l2(void *ctx, uint32_t sm, const struct mreq *req,
                  uint64_t now)
{
    struct gpu *g = ctx;
    uint32_t flits = icnt_claim(&g->net, req, sm, now);
    if (!flits)
        return false;
    if (!g->par) {
        enqueue_to_l2(g, req, now, flits);
        return true;
    }
    /* SMs running at once touch only their own source ports here; the
       queues at the slices are filled after them, in SM order */
    vec_push(&g->out[sm].sent, ((struct sent){ *req, now, flits }));
    return true;
}

static uint64_t port_free(void *ctx, uint32_t sm)
{
    struct gpu *g = ctx;
    return icnt_src_free(&g->net, sm);
}

/* ---- construction ---------------------------------------------------- */

static uint64_t handover_ns(struct team *t);

/* sim.threads: cycles timed each way, the first stretch, the longest
   (see plan_next) */
enum { PLAN_PROBE = 1024, PLAN_STRETCH = 16384, PLAN_MAX = 1u << 20 };

struct gpu *gpu_new(const struct ws_config *cfg, const struct design *d,
                    struct evbus *bus, struct ws_diag *diag)
{
    struct tparams p;
    tparams_init(&p, cfg);
    if (tparams_check(&p, diag) != WS_OK ||
        (d->check && d->check(cfg, &p, diag) != WS_OK))
        return NULL;
    struct gpu *g = ws_xaligned(_Alignof(struct gpu), sizeof *g);
    g->p = p;
    g->d = d;
    g->bus = bus;
    g->skip = config_b(cfg, CK_SIM_SKIP_IDLE);
    g->slices_per_chan = p.l2_slices / p.dram.channels;
    mreq_pool_init(&g->pool);
    g->port = (struct l2_port){ g, to_l2, port_free };
    icnt_init(&g->net, p.nsm + p.l2_slices, p.icnt_flit, p.icnt_latency);
    g->net.input_queued = p.icnt_input_queued;
    g->net.near = p.nsm;
    g->dram = ws_xcalloc(p.dram.channels, sizeof *g->dram);
    for (uint32_t c = 0; c < p.dram.channels; c++)
        g->dram[c] = dram_new(&g->p.dram, c);
    g->l2 = ws_xcalloc(p.l2_slices, sizeof *g->l2);
    for (uint32_t s = 0; s < p.l2_slices; s++)
        l2_init(&g->l2[s], s, p.nsm + s, &g->p,
                g->dram[s / g->slices_per_chan], s / g->slices_per_chan, bus);
    g->l2due = ws_xcalloc(p.l2_slices, sizeof *g->l2due);
    g->l2_soon = g->sm_soon = 0;  /* the first scans set them */
    for (uint32_t s = 0; s < p.l2_slices; s++)
        l2_noted(g, s);
    g->sm = ws_xcalloc(p.nsm, sizeof *g->sm);
    g->due = ws_xcalloc(p.nsm, sizeof *g->due);
    g->sm_live = ws_xcalloc((p.nsm + 63) / 64, sizeof *g->sm_live);
    for (uint32_t i = 0; i < p.nsm; i++) {
        sm_init(&g->sm[i], i, &g->p, d, cfg, bus, &g->cycle, &g->port);
        set_due(g, &g->sm[i], g->sm[i].next_due);
    }
    uint32_t threads = (uint32_t)config_i(cfg, CK_SIM_THREADS);
    if (threads > p.nsm)
        threads = p.nsm;
    if (threads > 1) {
        g->team = team_new(threads);
        g->out = ws_xcalloc(p.nsm, sizeof *g->out);
        g->crew = ws_xaligned(64, threads * sizeof *g->crew);
        g->plan.phase = 2;        /* begins with a stretch on one thread:
                                     a short kernel is not worth timing */
        g->plan.left = PLAN_STRETCH;
        g->plan.handover_ns = handover_ns(g->team);
        g->shuffle = (uint32_t)config_i(cfg, CK_DEBUG_THREAD_SHUFFLE);
        g->shuffled = 0x9e3779b97f4a7c15ull;
        g->cut = ws_xcalloc(threads + 1, sizeof *g->cut);
        for (uint32_t k = 0; k <= threads; k++)
            g->cut[k] = k * p.nsm / threads;
    }
    return g;
}

void gpu_free(struct gpu *g)
{
    if (!g)
        return;
    for (uint32_t i = 0; i < g->p.nsm; i++)
        sm_free(&g->sm[i]);
    for (uint32_t s = 0; s < g->p.l2_slices; s++)
        l2_free(&g->l2[s]);
    for (uint32_t c = 0; c < g->p.dram.channels; c++)
        dram_free(g->dram[c]);
    for (uint32_t i = 0; i < g->ntc; i++)
        free(g->tc[i].t);
    free(g->tc);
    team_free(g->team);
    for (uint32_t i = 0; g->out && i < g->p.nsm; i++) {
        vec_free(&g->out[i].sent);
        vec_free(&g->out[i].in);
        diag_reset(&g->out[i].diag);
    }
    free(g->out);
    free(g->crew);
    free(g->cut);
    free(g->sm);
    free(g->due);
    free(g->sm_live);
    free(g->l2);
    free(g->l2due);
    free(g->dram);
    icnt_free(&g->net);
    mreq_pool_free(&g->pool);
    free(g);
}

uint64_t gpu_cycle(const struct gpu *g)
{
    return g->cycle;
}

/* ---- per-instruction timing facts ------------------------------------ */

static void add_reg(uint16_t *v, uint8_t *n, uint32_t max, uint64_t *set,
                    int32_t slot, uint32_t nslot)
{
    for (uint32_t k = 0; k < nslot; k++) {
        uint32_t r = (uint32_t)slot + k;
        if (set[r >> 6] >> (r & 63) & 1)
            continue;                  /* read once per instruction */
        set[r >> 6] |= 1ULL << (r & 63);
        if (*n < max)
            v[(*n)++] = (uint16_t)r;
    }
}

static void add_op(const struct kop *o, uint16_t *v, uint8_t *n, uint32_t max,
                   uint64_t *set, uint64_t *preds, bool addr_only)
{
    switch (o->kind) {
    case KO_REG:
        if (!addr_only)
            add_reg(v, n, max, set, o->slot, o->nslot);
        break;
    case KO_VEC:
        for (uint32_t e = 0; e < o->nvec; e++)
            if (o->vec[e] >= 0)
                add_reg(v, n, max, set, o->vec[e], o->nslot);
        break;
    case KO_ADDR:
        if (o->slot >= 0)
            add_reg(v, n, max, set, o->slot, o->nslot);
        break;
    case KO_PRED:
        *preds |= 1ULL << (o->slot & 63);
        break;
    default:
        break;
    }
}

/* Marks the sources of instruction i whose value dies there (the
   compiler's dead-operand bits, on physical registers). */
static void mark_last(const struct kimage *k, int32_t i, struct tinst *t)
{
    for (int32_t j = k->dead.start[i]; j < k->dead.start[i + 1]; j++) {
        int32_t v = k->dead.reg[j];
        uint8_t ty = k->flat.regs.v[v].type;
        if (ty == PT_PRED)
            continue;
        uint32_t s = (uint32_t)k->vreg_slot[v];
        uint32_t n = ptx_type_size((enum ptx_type)ty) == 8 ? 2 : 1;
        for (uint32_t q = 0; q < t->nsrc; q++)
            if (t->src[q] >= s && t->src[q] < s + n)
                t->last |= (uint16_t)(1u << q);
    }
}

static void tinst_of(const struct kinst *ki, struct tinst *t)
{
    memset(t, 0, sizeof *t);
    t->cls = (uint8_t)tclass_of(ki);
    uint64_t rd[SM_REG_WORDS] = { 0 }, wr[SM_REG_WORDS] = { 0 };
    for (uint32_t j = 0; j < ki->ns; j++)
        add_op(&ki->s[j], t->src, &t->nsrc, SM_MAX_SRC, rd, &t->preds, false);
    if (ki->guard >= 0)
        t->preds |= 1ULL << (ki->guard & 63);
    for (uint32_t j = 0; j < ki->nd; j++) {
        uint64_t dp = 0;
        add_op(&ki->d[j], t->dst, &t->ndst, SM_MAX_DST, wr, &dp, false);
        t->dpreds |= dp;
    }
    t->preds |= t->dpreds;
    for (int k = 0; k < SM_REG_WORDS; k++)
        t->regs[k] = rd[k] | wr[k];
    t->load = t->cls == TC_MEM && ki->op != OP_ST;
    t->global = (ki->op == OP_LD || ki->op == OP_ST || ki->op == OP_ATOM ||
                 ki->op == OP_RED) && !ki->callparam &&
                (ki->space == KS_GLOBAL || ki->space == KS_GENERIC);
}

static const struct tinst *tinst_for(struct gpu *g, const struct kimage *k)
{
    for (uint32_t i = 0; i < g->ntc; i++)
        if (g->tc[i].k == k)
            return g->tc[i].t;
    g->tc = ws_xrealloc(g->tc, (g->ntc + 1) * sizeof *g->tc);
    struct tinst *t = ws_xcalloc((size_t)k->ninst + 1, sizeof *t);
    for (int32_t i = 0; i < k->ninst; i++) {
        tinst_of(&k->insts[i], &t[i]);
        mark_last(k, i, &t[i]);
    }
    t[k->ninst].cls = TC_CTRL;     /* the pc of a finished warp */
    g->tc[g->ntc].k = k;
    g->tc[g->ntc++].t = t;
    return t;
}

/* ---- occupancy and CTA dispatch -------------------------------------- */

struct occupancy gpu_occupancy(const struct gpu *g, const struct flaunch *L,
                               uint32_t regs_per_thread)
{
    const struct tparams *p = &g->p;
    struct occ_limits lim = { p->max_threads, p->max_warps, p->max_ctas,
                              g->sm[0].rfo->capacity(g->sm[0].rf),
                              p->shared_bytes };
    return occupancy_of(&lim, L->block[0] * L->block[1] * L->block[2],
                        regs_per_thread, L->k->shared_static + L->dyn_shared);
}

/* Starts CTAs on SMs with room, one per SM per round, in turn. */
static bool dispatch_ctas(struct gpu *g, uint64_t now)
{
    const struct flaunch *L = g->L;
    uint32_t threads = L->block[0] * L->block[1] * L->block[2];
    uint32_t warps = (threads + WS_WARP - 1) / WS_WARP;
    uint32_t regs = warps * WS_WARP * g->regs_per_thread;
    uint32_t shared = L->k->shared_static + L->dyn_shared;
    uint32_t n = g->p.nsm;
    bool placed = true, any = false;
    while (placed && g->next_cta < g->nctas) {
        placed = false;
        for (uint32_t j = 0; j < n && g->next_cta < g->nctas; j++) {
            struct sm *s = &g->sm[(g->rr + j) % n];
            if (!sm_fits(s, threads, warps, regs, shared))
                continue;
            uint64_t id = g->next_cta++;
            uint32_t gx = L->grid[0], gy = L->grid[1];
            uint32_t cid[3] = { (uint32_t)(id % gx),
                                (uint32_t)((id / gx) % gy),
                                (uint32_t)(id / ((uint64_t)gx * gy)) };
            sm_account(s, now + 1);
            sm_add_cta(s, L, id, cid, g->regs_per_thread);
            set_due(g, s, now + 1);
            placed = any = true;
        }
    }
    g->rr = (g->rr + 1) % n;
    return any;
}

/* ---- the cycle loop -------------------------------------------------- */

/* A warp to blame for a limit: the oldest resident unfinished warp. */
static const struct fwarp *some_warp(const struct gpu *g)
{
    const struct twarp *best = NULL;
    for (uint32_t i = 0; i < g->p.nsm; i++)
        for (uint32_t w = 0; w < g->p.max_warps; w++) {
            const struct twarp *t = &g->sm[i].w[w];
            if (t->used && t->fw->state != FW_DONE &&
                (!best || t->age < best->age))
                best = t;
        }
    return best ? best->fw : NULL;
}

static int limit_error(struct gpu *g, struct ws_diag *diag, const char *msg)
{
    const struct fwarp *w = some_warp(g);
    if (w)
        return fx_warp_error(g->L->k, w, diag, msg);
    return diag_error(diag, g->L->k->mod->path, 0, 0, "in kernel '%s': %s",
                      g->L->k->name, msg);
}

/* Nothing can ever happen again: a barrier some warps never reach. */
static int deadlock_error(struct gpu *g, struct ws_diag *diag)
{
    char msg[240];
    for (uint32_t i = 0; i < g->p.nsm; i++) {
        struct sm *s = &g->sm[i];
        for (uint32_t c = 0; c < g->p.max_ctas; c++) {
            struct tcta *t = &s->cta[c];
            if (!t->used)
                continue;
            for (uint32_t k = 0; k < t->nwarps; k++) {
                struct fwarp *w = &t->fc.warps[k];
                if (w->state != FW_BARRIER)
                    continue;
                snprintf(msg, sizeof msg,
                         "deadlock in CTA (%u,%u,%u): warp %u waits at barrier %d, which the other warps never reach",
                         t->fc.ctaid[0], t->fc.ctaid[1], t->fc.ctaid[2], k,
                         w->bar_id);
                return fx_warp_error(g->L->k, w, diag, msg);
            }
        }
    }
    snprintf(msg, sizeof msg,
             "internal error: the timing model stopped making progress at cycle %llu",
             (unsigned long long)g->cycle);
    return limit_error(g, diag, msg);
}

/* Packets that reached SM ports go to their L1s; with held, a copy goes
   to the SM's inbox instead, for its thread to hand over (sm_share). */
static void deliver_to_sms(struct gpu *g, uint64_t now, bool held)
{
    if (now < g->net.near_next)
        return;                   /* nothing has reached an SM yet */
    g->net.near_next = UINT64_MAX;  /* what is left lowers it again */
    for (int32_t i = icnt_busy_port(&g->net, 0);
         i >= 0 && (uint32_t)i < g->p.nsm;
         i = icnt_busy_port(&g->net, (uint32_t)i + 1)) {
        int32_t r;
        bool got = false;
        struct sm *s = &g->sm[i];
        while ((r = icnt_receive(&g->net, &g->pool, (uint32_t)i, now)) >= 0) {
            int32_t p = mreq_at(&g->pool, r)->parent;
            if (p >= 0) {
                /* a sector's answer: the request is answered by its last */
                mreq_release(&g->pool, r);
                if (--mreq_at(&g->pool, p)->parts)
                    continue;
                r = p;
            }
            if (held) {
                vec_push(&g->out[i].in, *mreq_at(&g->pool, r));
            } else {
                if (!got) {
                    sm_account(s, now);
                    got = true;
                }
                sm_response(s, mreq_at(&g->pool, r), now);
            }
            mreq_release(&g->pool, r);
        }
        uint64_t t = icnt_next(&g->net, &g->pool, (uint32_t)i);
        if (t < g->net.near_next)
            g->net.near_next = t;
        if (got)
            set_due(g, s, now);
    }
}

static void memory_cycle(struct gpu *g, uint64_t now)
{
    const uint64_t *l2due = g->l2due;
    const uint32_t nslices = g->p.l2_slices;
    const bool skip = g->skip;
    if (!skip || g->l2_soon <= now) {
        g->l2_soon = UINT64_MAX;  /* found again, slice by slice */
        for (uint32_t s = 0; s < nslices; s++) {
            if (!skip || l2due[s] <= now) {
                struct l2slice *l = &g->l2[s];
                l2_tick(l, &g->net, &g->pool, now);
                l2_noted(g, s);
                /* only a slice's tick gives its channel requests */
                set_dbusy(g, l->chan, dram_pending(l->dram) > 0);
            } else if (l2due[s] < g->l2_soon) {
                g->l2_soon = l2due[s];
            }
        }
    }
    /* the channels in order: a channel's own turn changes only its bit */
    uint64_t chans = skip ? g->dbusy
                          : ~0ull >> (64 - g->p.dram.channels);
    for (; chans; chans &= chans - 1) {
        uint32_t c = (uint32_t)__builtin_ctzll(chans);
        struct dram_chan *d = g->dram[c];
        dram_tick(d, now);
        struct dram_req out;
        while (dram_pop(d, now, &out)) {
            if (ev_wanted(g->bus, EV_DRAM_DONE)) {
                struct ws_event e = { EV_DRAM_DONE, -1, -1, now, out.addr,
                                      c, out.write };
                evbus_deliver(g->bus, &e);
            }
            l2_dram_done(&g->l2[L2_TAG_SLICE(out.tag)], &out, &g->pool, now);
            l2_noted(g, L2_TAG_SLICE(out.tag));
        }
        set_dbusy(g, c, dram_pending(d) > 0);
    }
}

/*
** The earliest cycle after now at which the memory system has work, or
** t if that is earlier (the DRAM channels' bounds, the dearest to work
** out, are asked only while they can still lower it).
*/
static uint64_t memory_next(const struct gpu *g, uint64_t now, uint64_t t)
{
    /* the SMs' ports; a slice's port is in its l2due */
    if (g->net.near_next < t)
        t = g->net.near_next;
    if (g->l2_soon < t)
        t = g->l2_soon;
    /* an idle channel has no next event */
    for (uint64_t chans = g->dbusy; chans && t > now + 1; chans &= chans - 1) {
        uint32_t c = (uint32_t)__builtin_ctzll(chans);
        uint64_t v = dram_next_event(g->dram[c], now);
        if (v < t)
            t = v;
    }
    return t <= now ? now + 1 : t;
}

static bool launch_over(struct gpu *g)
{
    if (g->ctas_done < g->nctas)
        return false;
    if (!g->flushed) {
        /* Every CTA is done and every LD/ST unit has sent what it held (a
           lane part's last write-backs go into the L1s first): the L1s
           write back and invalidate; the kernel ends when that traffic
           has left. */
        for (uint32_t i = 0; i < g->p.nsm; i++)
            if (g->sm[i].ldst_n)
                return false;
        for (uint32_t i = 0; i < g->p.nsm; i++) {
            struct sm *s = &g->sm[i];
            s->l1o->invalidate(s->l1);
            if (s->laneo && s->laneo->invalidate)
                s->laneo->invalidate(s->lane);
            set_due(g, s, g->cycle);
        }
        g->flushed = true;
    }
    for (uint32_t i = 0; i < g->p.nsm; i++)
        if (sm_busy(&g->sm[i]))
            return false;
    /* stores have reached their L2 slices and been looked up */
    for (uint32_t s = 0; s < g->p.l2_slices; s++)
        if (icnt_next(&g->net, &g->pool, g->l2[s].port) != UINT64_MAX ||
            g->l2[s].look.n)
            return false;
    return true;
}

/* What the designs learn of launch L: resident CTAs at most the
   occupancy limit, and no more than a fair share of the grid (CTAs start
   one per SM per round). */
static struct seam_launch seam_of(const struct gpu *g, const struct flaunch *L,
                                  uint32_t rpt)
{
    struct occupancy occ = gpu_occupancy(g, L, rpt);
    uint32_t threads = L->block[0] * L->block[1] * L->block[2];
    uint64_t nctas = (uint64_t)L->grid[0] * L->grid[1] * L->grid[2];
    uint64_t per_sm = (nctas + g->p.nsm - 1) / g->p.nsm;
    return (struct seam_launch){ L->k, rpt, (threads + WS_WARP - 1) / WS_WARP,
                                 occ.ctas_per_sm,
                                 per_sm < occ.ctas_per_sm ? (uint32_t)per_sm
                                                          : occ.ctas_per_sm };
}

static void begin(struct gpu *g, const struct flaunch *L, uint32_t rpt,
                  struct dmem *mem)
{
    const struct tinst *t = tinst_for(g, L->k);
    g->L = L;
    g->regs_per_thread = rpt;
    g->next_cta = 0;
    g->ctas_done = 0;
    g->nctas = (uint64_t)L->grid[0] * L->grid[1] * L->grid[2];
    g->rr = 0;
    g->flushed = false;
    struct seam_launch sl = seam_of(g, L, rpt);
    for (uint32_t i = 0; i < g->p.nsm; i++) {
        struct sm *s = &g->sm[i];
        SM_PARTS(s, launch, &sl);
        s->launch = L;
        s->tinst = t;
        s->mem = mem;
        set_due(g, s, UINT64_MAX);
        s->acct = g->cycle;
    }
}

/* What changed since `before` (a gpu_stats object), without the per-bank
   detail. */
static struct jv *launch_stats(const struct gpu *g, const struct jv *before,
                               uint64_t cycles)
{
    const char *sec[] = { "sm", "rf", "l1d", "shmem", "l2", "dram",
                          "icnt", "energy_pj", g->d->name };
    struct jv *after = jv_obj();
    gpu_stats(g, after);
    struct jv *o = jv_obj();
    for (size_t i = 0; i < sizeof sec / sizeof sec[0]; i++) {
        const struct jv *a = jv_get(after, sec[i]);
        if (a)
            jv_set(o, sec[i], jv_delta(a, jv_get(before, sec[i])));
    }
    jv_remove(jv_get(o, "rf"), "per_bank");
    jv_remove(jv_get(o, "rf"), "banks");
    struct jv *ds = jv_get(o, g->d->name);
    if (ds && g->d->facts) {
        struct design_parts sp = sm_design_parts(&g->sm[0]);
        g->d->facts(&sp, ds);
    }
    gpu_ratios(g, o, cycles);
    jv_free(after);
    return o;
}

int gpu_start(struct gpu *g, const struct flaunch *L, uint32_t regs_per_thread,
              struct dmem *mem, uint64_t budget, uint64_t cycle_limit,
              struct ws_diag *diag)
{
    if (L->k->nslots > SM_REG_WORDS * 64)
        return diag_error(diag, L->k->mod->path, L->k->flat.line,
                          L->k->flat.col,
                          "kernel '%s' needs %u registers per thread; the timing model supports at most %d",
                          L->k->name, L->k->nslots, SM_REG_WORDS * 64);
    const struct sm *s0 = &g->sm[0];
    struct seam_launch sl = seam_of(g, L, regs_per_thread);
    for (uint32_t i = 0; i < s0->nparts; i++) {
        const struct part_ops *o = s0->parts[i].ops;
        if (o->check_launch &&
            o->check_launch(s0->parts[i].self, &sl, diag) != WS_OK)
            return WS_ERR;
    }
    begin(g, L, regs_per_thread, mem);
    g->running = true;
    g->start = g->cycle;
    g->issued0 = g->wi0 = g->ti0 = 0;
    for (uint32_t i = 0; i < g->p.nsm; i++) {
        g->issued0 += g->sm[i].st.issued;
        g->wi0 += g->sm[i].st.warp_insts;
        g->ti0 += g->sm[i].st.thread_insts;
    }
    g->issued = g->issued0;
    g->budget = budget;
    g->issued_limit = g->issued0 + budget;
    g->cycle_limit = cycle_limit;
    g->before = jv_obj();
    gpu_stats(g, g->before);
    dispatch_ctas(g, g->cycle);
    g->cycle++;
    return WS_OK;
}

bool gpu_running(const struct gpu *g)
{
    return g->running;
}

static bool sm_due(const struct gpu *g, const struct sm *s, uint64_t now)
{
    return s->next_due <= now || (!g->skip && sm_busy(s));
}

/* After SM s's cycle: adds its issued instructions (a running total)
   and the CTAs it finished (collected), and its next event to the
   earliest. */
static void sm_tally(struct sm *s, uint64_t *issued, uint32_t *retired,
                     uint64_t *next_due)
{
    *issued += s->st.issued;
    *retired += s->retired;
    s->retired = 0;
    if (s->next_due < *next_due)
        *next_due = s->next_due;
}

/*
** Every 1024 shared cycles: if the threads spent unequal time on their
** SMs (cores of unequal speed, SMs of unequal load), gives each a number
** of SMs in proportion to its speed, so that none waits for another.
*/
static void rebalance(struct gpu *g)
{
    uint32_t T = team_threads(g->team), n = g->p.nsm;
    if (g->shuffle) {             /* testing: anywhere, often */
        if (++g->batches < g->shuffle)
            return;
        g->batches = 0;
        for (uint32_t k = 1; k < T; k++) {
            g->shuffled = g->shuffled * 6364136223846793005ull + 1;
            uint32_t min = g->cut[k - 1] + 1, max = n - (T - k);
            g->cut[k] = min + (uint32_t)((g->shuffled >> 33) % (max - min + 1));
        }
        return;
    }
    if (++g->batches < 1024)
        return;
    g->batches = 0;
    uint64_t lo = UINT64_MAX, hi = 0;
    double speed[64], total = 0;  /* SMs per second of each thread */
    for (uint32_t k = 0; k < T; k++) {
        uint64_t ns = g->crew[k].ns;
        lo = ns < lo ? ns : lo;
        hi = ns > hi ? ns : hi;
        speed[k] = (double)(g->cut[k + 1] - g->cut[k]) / (double)(ns + 1);
        total += speed[k];
        g->crew[k].ns = 0;
    }
    if ((double)hi < 1.1 * (double)lo)
        return;                   /* even enough */
    double acc = 0;
    for (uint32_t k = 1; k < T; k++) {
        acc += speed[k - 1];
        uint32_t c = (uint32_t)(acc / total * n + 0.5);
        uint32_t min = g->cut[k - 1] + 1, max = n - (T - k);
        g->cut[k] = c < min ? min : c > max ? max : c;
    }
}

/*
** Whether sharing the SMs among threads pays depends on the work per
** cycle (a few warps leave too little to share for what handing it over
** costs) and on the host (cores busy with other processes). So the GPU
** times 1024 cycles on one thread, then 1024 shared, and runs the faster
** way for a stretch of cycles, 16384 at first, doubling (up to 2^20)
** while the same way keeps winning; then it times both again. A cycle
** that takes less than two empty shared cycles on one thread is not
** tried shared, nor are the first 16384 cycles. Which way a cycle runs
** changes no result.
*/
static void plan_next(struct gpu *g)
{
    struct share_plan *q = &g->plan;
    switch (q->phase) {
    case 0:                       /* one thread timed: now the team */
        if (q->ns[0] < 2 * q->handover_ns * q->cycles[0]) {
            q->ns[1] = UINT64_MAX / 2;  /* too little work to share */
            q->cycles[1] = 1;
            q->phase = 1;
            plan_next(g);
            break;
        }
        q->phase = 1;
        q->par = true;
        q->left = PLAN_PROBE;
        q->ns[1] = q->cycles[1] = 0;
        break;
    case 1: {                     /* both timed: the faster way */
        bool won = (double)q->ns[1] * (double)q->cycles[0] <
                   (double)q->ns[0] * (double)q->cycles[1];
        q->stretch = won == q->won && q->stretch && q->stretch < PLAN_MAX
                         ? 2 * q->stretch : PLAN_STRETCH;
        q->won = won;
        q->phase = 2;
        q->par = won;
        q->left = q->stretch;
        break;
    }
    default:                      /* time both again */
        q->phase = 0;
        q->par = false;
        q->left = PLAN_PROBE;
        q->ns[0] = q->cycles[0] = 0;
        break;
    }
}

/*
** sim.threads: part k of a cycle, on thread k of the team (the caller is
** part 0): the SMs [cut[k], cut[k + 1]). First each due SM's cycle up to
** issuing an instruction that reads or writes global memory; then, when
** the parts before it have issued theirs (crew[j].ordered), the rest of
** those cycles, in SM order. What an SM does in the first part touches
** only its own state and its own interconnect source port (its packets
** wait in out[]), so every result is what one SM after another gives;
** global memory is read and written in SM order. Having passed the turn
** on, the caller runs the L2 slices and DRAM channels of the cycle:
** packets the SMs send this cycle reach a slice icnt.latency cycles later
** at the earliest, and the slices' answers the SMs later still, so the
** two do not meet within the cycle.
*/
static void sm_share(void *ctx, uint32_t k)
{
    struct gpu *g = ctx;
    uint32_t lo = g->cut[k], hi = g->cut[k + 1];
    uint64_t now = g->now;
    struct crew *c = &g->crew[k];
    uint64_t t0 = ws_now_ns();
    c->issued = 0;
    c->retired = 0;
    c->next_due = UINT64_MAX;
    c->waits = false;
    ws_where.cycle = now;
    for (uint32_t i = lo; i < hi; i++) {
        struct sm *s = &g->sm[i];
        struct outbox *o = &g->out[i];
        o->rc = WS_OK;
        if (o->in.n) {            /* what deliver_to_sms held for it */
            sm_account(s, now);
            for (size_t r = 0; r < o->in.n; r++)
                sm_response(s, &o->in.v[r], now);
            o->in.n = 0;
            set_due_of(g, s, now, true);
        }
        if (sm_due(g, s, now)) {
            s->defer_global = true;
            o->rc = sm_cycle(s, now, &o->diag);
            s->defer_global = false;
            if (o->rc != WS_OK || s->resume_k >= 0) {
                c->waits = true;      /* finished below, in SM order */
                continue;
            }
            set_due_of(g, s, sm_next_event(s, now), true);
        }
        sm_tally(s, &c->issued, &c->retired, &c->next_due);
    }
    uint64_t t1 = ws_now_ns(), t2 = t1;
    bool failed = false;
    if (c->waits) {
        /* after the parts before it have issued theirs */
        for (uint32_t j = 0; j < k; j++)
            for (uint32_t waited = 0;
                 atomic_load(&g->crew[j].ordered) != g->batch;)
                team_wait_step(&waited);
        t2 = ws_now_ns();
        failed = atomic_load(&g->failed);
        for (uint32_t i = lo; i < hi; i++) {
            struct sm *s = &g->sm[i];
            struct outbox *o = &g->out[i];
            o->finished = false;
            failed |= o->rc != WS_OK; /* the SMs after it do not finish */
            if (failed || s->resume_k < 0)
                continue;
            o->rc = sm_cycle_finish(s, now, &o->diag);
            o->finished = o->rc == WS_OK;
            failed = o->rc != WS_OK;
        }
        atomic_store(&g->failed, failed);
    }
    /* nothing to issue in order, or done: the parts after it go on */
    atomic_store(&c->ordered, g->batch);
    if (k == 0)
        memory_cycle(g, now);
    /* what needs no order: the fetch stage, the next event */
    for (uint32_t i = lo; i < hi && c->waits; i++) {
        struct sm *s = &g->sm[i];
        if (!g->out[i].finished)
            continue;
        sm_cycle_end(s, now);
        set_due_of(g, s, sm_next_event(s, now), true);
        sm_tally(s, &c->issued, &c->retired, &c->next_due);
    }
    c->look = failed;
    for (uint32_t i = lo; i < hi; i++)
        c->look |= g->out[i].sent.n > 0;
    c->ns += (t1 - t0) + (ws_now_ns() - t2);    /* busy, not waiting */
}

/*
** One cycle of the SMs on the team's threads (see sm_share), with the
** L2 slices and DRAM channels; then the packets the SMs sent, queued at
** the slices in SM order. Sums their issued instructions and retired
** CTAs; *next_due: the earliest SM's next event.
*/
static void sms_at_once(struct gpu *g, uint64_t now, uint64_t *issued,
                        uint32_t *retired, uint64_t *next_due, int *rc,
                        struct ws_diag *diag)
{
    g->now = now;
    g->par = true;
    g->batch++;
    atomic_store(&g->failed, false);
    team_run(g->team, sm_share, g);
    g->par = false;
    ws_where.cycle = now;
    *issued = 0;
    *retired = 0;
    *next_due = UINT64_MAX;
    for (uint32_t k = 0; k < team_threads(g->team); k++) {
        *issued += g->crew[k].issued;
        *retired += g->crew[k].retired;
        if (g->crew[k].next_due < *next_due)
            *next_due = g->crew[k].next_due;
    }
    g->sm_soon = *next_due;       /* every SM was tallied, unless one
                                     faulted (below) */
    for (uint32_t i = 0; i < g->p.nsm; i++)   /* the threads left them */
        ws_bit_put(g->sm_live, i, g->due[i] != UINT64_MAX);
    for (uint32_t k = 0; k < team_threads(g->team); k++) {
        if (!g->crew[k].look)
            continue;               /* none of its SMs sent or faulted */
        for (uint32_t i = g->cut[k]; i < g->cut[k + 1]; i++) {
            struct outbox *o = &g->out[i];
            if (o->rc != WS_OK && *rc == WS_OK) {
                diag_reset(diag);
                *diag = o->diag;    /* the first SM's fault */
                memset(&o->diag, 0, sizeof o->diag);
                *rc = WS_ERR;
            }
            for (size_t j = 0; j < o->sent.n; j++)
                enqueue_to_l2(g, &o->sent.v[j].req, o->sent.v[j].now,
                              o->sent.v[j].flits);
            o->sent.n = 0;
            diag_reset(&o->diag);
        }
    }
    if (*rc != WS_OK)
        g->sm_soon = 0;           /* the SMs after a fault were not */
    rebalance(g);                 /* moves SMs between threads: after
                                     their packets are queued */
}

/* Whether this cycle's SMs run on the team's threads: not while anybody
   listens for their events, which are delivered in SM order, nor while
   one thread is found faster (plan_next). *timed: the cycle counts for
   the plan. */
static bool sharing(struct gpu *g, bool *timed)
{
    *timed = false;
    if (!g->team || (g->bus && g->bus->mask))
        return false;
    if (g->shuffle) {             /* testing: both ways in turn */
        g->plan.left = g->plan.left ? g->plan.left - 1 : 2 * g->shuffle;
        return g->plan.left >= g->shuffle / 2;
    }
    if (!g->plan.left)
        plan_next(g);
    g->plan.left--;
    *timed = g->plan.phase < 2;
    return g->plan.par;
}

static void nothing(void *ctx, uint32_t k)
{
    (void)ctx;
    (void)k;
}

/* The host time of an empty shared cycle: handing work to the team's
   threads and back (the fastest of 64, after 16 that wake them up); 0
   when even that took over 20 us (the host busy: no estimate). */
static uint64_t handover_ns(struct team *t)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 80; i++) {
        uint64_t t0 = ws_now_ns();
        team_run(t, nothing, NULL);
        uint64_t d = ws_now_ns() - t0;
        if (i >= 16)
            best = d < best ? d : best;
    }
    return best > 20000 ? 0 : best;
}

/* One cycle of every component; sets *over when the launch has ended,
   *next_due to the earliest cycle an SM has work. */
static int one_cycle(struct gpu *g, uint64_t now, bool *over,
                     uint64_t *next_due, struct ws_diag *diag)
{
    int rc = WS_OK;
    ws_where.cycle = now;
    ws_where.sm = ws_where.warp = -1;
    WS_ASSERT(g->p.fail_at == 0 || now < g->p.fail_at);
    bool timed;
    bool share = sharing(g, &timed);
    uint64_t t0 = timed ? ws_now_ns() : 0;
    deliver_to_sms(g, now, share);
    uint32_t retired = 0;
    *next_due = UINT64_MAX;
    if (share) {
        sms_at_once(g, now, &g->issued, &retired, next_due, &rc, diag);
    } else {
        /* The SMs due, from the short array: an SM not due has issued
           nothing, and has retired nothing either (a response that
           completes a CTA makes its SM due, deliver_to_sms). */
        const uint64_t *due = g->due;
        const uint32_t nsm = g->p.nsm;
        const bool skip = g->skip;
        uint64_t nd = UINT64_MAX;
        if (skip && now < g->sm_soon) {
            nd = g->sm_soon;      /* none is due: no scan */
        } else {
            /* with skipping, only the SMs with a next event (sm_live),
               in order; without, every SM, each asked whether it is busy */
            const uint64_t *live = g->sm_live;
            for (uint32_t w = 0; w * 64 < nsm && rc == WS_OK; w++) {
                uint32_t left = nsm - w * 64;
                uint64_t bits = skip ? live[w]
                                : left >= 64 ? ~0ULL : (1ULL << left) - 1;
                for (; bits; bits &= bits - 1) {
                    uint32_t i = w * 64 + (uint32_t)__builtin_ctzll(bits);
                    uint64_t d = due[i];
                    if (d <= now || (!skip && sm_busy(&g->sm[i]))) {
                        struct sm *s = &g->sm[i];
                        uint64_t before = s->st.issued;
                        rc = sm_cycle(s, now, diag);
                        d = sm_next_event(s, now);
                        set_due(g, s, d);
                        g->issued += s->st.issued - before;
                        retired += s->retired;
                        s->retired = 0;
                        if (rc != WS_OK)
                            break;
                    }
                    if (d < nd)
                        nd = d;
                }
            }
            /* exact after a whole scan; a fault leaves it to the next */
            g->sm_soon = rc == WS_OK ? nd : 0;
        }
        *next_due = nd;
        if (rc == WS_OK)
            memory_cycle(g, now);
    }
    if (timed) {
        g->plan.ns[share] += ws_now_ns() - t0;
        g->plan.cycles[share]++;
    }
    if (rc != WS_OK)
        return rc;
    if (g->issued > g->issued_limit) {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "still running after %llu warp-instructions (limit.warp_instructions); does it loop forever?",
                 (unsigned long long)g->budget);
        return limit_error(g, diag, msg);
    }
    g->ctas_done += retired;
    if (retired && dispatch_ctas(g, now))
        *next_due = now + 1;      /* an SM given a CTA runs next cycle */
    *over = launch_over(g);
    return WS_OK;
}

/*
** A pause hands the state to the debugger, which reads statistics and
** shows the DRAM banks: an SM asleep until its next event has its cycles
** up to the pause counted now, and a DRAM channel runs the DRAM cycles
** up to the pause (both are additive: the totals at the end and every
** later step do not change).
*/
static enum gpu_status paused(struct gpu *g)
{
    for (uint32_t i = 0; i < g->p.nsm; i++)
        sm_account(&g->sm[i], g->cycle);
    for (uint32_t c = 0; c < g->p.dram.channels && g->cycle; c++)
        if (dram_pending(g->dram[c]))
            dram_tick(g->dram[c], g->cycle - 1);
    return GPU_PAUSED;
}

enum gpu_status gpu_advance(struct gpu *g, uint64_t until,
                            struct ws_diag *diag)
{
    if (!g->running)
        return GPU_DONE;
    for (;;) {
        uint64_t now = g->cycle;
        if (now >= until)
            return paused(g);
        if (now >= g->cycle_limit) {
            char msg[200];
            snprintf(msg, sizeof msg,
                     "still running after %llu cycles (limit.cycles); does it loop forever?",
                     (unsigned long long)g->p.max_cycles);
            limit_error(g, diag, msg);
            return GPU_ERR;
        }
        bool over = false;
        uint64_t t;
        if (one_cycle(g, now, &over, &t, diag) != WS_OK)
            return GPU_ERR;
        if (over)
            return GPU_DONE;
        t = memory_next(g, now, t);
        if (t == UINT64_MAX) {
            deadlock_error(g, diag);
            return GPU_ERR;
        }
        if (t <= now || !g->skip || (g->bus && g->bus->stop))
            t = now + 1;
        g->cycle = t < until ? t : until;
        if (g->bus && g->bus->stop)
            return paused(g);
    }
}

void gpu_finish(struct gpu *g, bool ok, struct gpu_launch_result *res)
{
    uint64_t end = g->cycle + 1;
    uint64_t issued = 0, wi = 0, ti = 0;
    for (uint32_t i = 0; i < g->p.nsm; i++) {
        sm_account(&g->sm[i], end);
        issued += g->sm[i].st.issued;
        wi += g->sm[i].st.warp_insts;
        ti += g->sm[i].st.thread_insts;
    }
    g->cycle = end;
    memset(res, 0, sizeof *res);
    res->occ = gpu_occupancy(g, g->L, g->regs_per_thread);
    res->ctas = g->nctas;
    res->cycles = end - g->start;
    res->warp_instructions = wi - g->wi0;
    res->thread_instructions = ti - g->ti0;
    g->kernel_cycles += res->cycles;
    g->warp_insts += res->warp_instructions;
    g->thread_insts += res->thread_instructions;
    g->running = false;          /* its counters are the finished ones now */
    res->stats = launch_stats(g, g->before, res->cycles);
    jv_free(g->before);
    g->before = NULL;
    uint64_t used = issued - g->issued0;
    res->budget_left = used < g->budget ? g->budget - used : 0;
    if (ok && ev_wanted(g->bus, EV_KERNEL_EXIT)) {
        struct ws_event e = { EV_KERNEL_EXIT, -1, -1, g->cycle, 0,
                              (int64_t)g->L->gridid, 0 };
        evbus_deliver(g->bus, &e);
    }
}

int gpu_run(struct gpu *g, const struct flaunch *L, uint32_t regs_per_thread,
            struct dmem *mem, uint64_t *budget, uint64_t cycle_limit,
            struct gpu_launch_result *res, struct ws_diag *diag)
{
    if (gpu_start(g, L, regs_per_thread, mem, *budget, cycle_limit, diag) != WS_OK)
        return WS_ERR;
    enum gpu_status st;
    do {
        if (g->bus)
            g->bus->stop = false;     /* nobody here to stop for */
        st = gpu_advance(g, UINT64_MAX, diag);
    } while (st == GPU_PAUSED);
    gpu_finish(g, st == GPU_DONE, res);
    *budget = res->budget_left;
    return st == GPU_DONE ? WS_OK : WS_ERR;
}

void gpu_drain(struct gpu *g)
{
    for (;;) {
        bool busy = false;
        for (uint32_t s = 0; s < g->p.l2_slices; s++)
            busy |= l2_pending(&g->l2[s]) > 0 ||
                    icnt_next(&g->net, &g->pool, g->l2[s].port) != UINT64_MAX;
        for (uint32_t c = 0; c < g->p.dram.channels; c++)
            busy |= dram_pending(g->dram[c]) > 0;
        if (!busy)
            return;
        memory_cycle(g, g->cycle);
        deliver_to_sms(g, g->cycle, false);
        uint64_t t = memory_next(g, g->cycle, UINT64_MAX);
        if (t == UINT64_MAX)
            return;
        g->cycle = t;
    }
}

void gpu_set_general_only(struct gpu *g, bool on)
{
    g->p.general_only = on;
}

void gpu_host_write(struct gpu *g, uint64_t addr, uint64_t bytes)
{
    if (!g->p.l2_warm || !bytes)
        return;
    /* every 32 bytes, as GPGPU-Sim: a sector, or its line again */
    for (uint64_t a = addr - addr % 32; a < addr + bytes; a += 32)
        l2_warm(&g->l2[slice_of(g, a)], a);
}

/* ---- what the debugger reads ------------------------------------------ */

uint32_t gpu_nsm(const struct gpu *g)
{
    return g->p.nsm;
}

uint32_t gpu_warp_slots(const struct gpu *g)
{
    return g->p.max_warps;
}

const struct flaunch *gpu_launch(const struct gpu *g)
{
    return g->running ? g->L : NULL;
}

const char *gpu_stall_name(const struct gpu *g, int why)
{
    return sm_stall_name(&g->sm[0], (enum stall)why);
}

struct fwarp *gpu_warp(struct gpu *g, uint32_t sm, uint32_t slot,
                       const struct fcta **cta, uint64_t *cta_id)
{
    if (!g->running || sm >= g->p.nsm || slot >= g->p.max_warps)
        return NULL;
    struct twarp *w = &g->sm[sm].w[slot];
    if (!w->used || !w->fw)
        return NULL;
    const struct tcta *c = &g->sm[sm].cta[w->cta];
    if (cta)
        *cta = &c->fc;
    if (cta_id)
        *cta_id = c->id;
    return w->fw;
}

uint64_t gpu_issued(const struct gpu *g)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < g->p.nsm; i++)
        n += g->sm[i].st.issued;
    return n;
}
