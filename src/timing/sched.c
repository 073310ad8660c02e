/*
** sched.c - the warp schedulers of an SM.
** Warp slot w belongs to scheduler w mod S. Rather than asking every warp
** every cycle whether it can issue, each warp's readiness is kept up to
** date when it changes (it issued, a result it waits for was written, a
** barrier released it, it arrived or left) and stored as bits: ready
** warps by the unit their next instruction needs, and counts of the
** others by the reason they wait. Picking a warp is then a few bit
** operations, whatever the number of resident warps:
**   gto        the warp that issued last while it can, else the oldest
**              ready warp (age = order of arrival on the SM);
**   lrr        the next ready warp after the last one, in slot order;
**   lrr-mem    the warp that issued last while it can and its last
**              instruction was not a memory access, else as lrr: warps
**              switch at memory operations (the single-level round robin
**              of seed 002's simulator);
**   two-level  lrr inside an active pool of sched.active_warps warps; a
**              warp leaves the pool when it waits at a barrier or finishes
**              and, for a global or local load or atomic, when it issues
**              one (sched.leave_on = issue) or when one misses in the L1D
**              and whenever it waits for one that missed (miss); the
**              oldest warps that can run refill it (sched.refill = any),
**              or the oldest not waiting for memory: no load of theirs
**              missed in the L1D and is still outstanding, and their
**              next instruction waits for no load (skip-memory).
** A warp that waits for write-backs of a barrier or a fence to leave the
** LD/ST unit (a lane part's, seams.h) waits under "barrier".
** A ready warp can still be held back by the SM: no free operand
** collector (structural, or bank_conflict when collectors are stuck on
** register banks) or a full LD/ST queue (structural).
*/
#include "timing/sm-internal.h"
#include "util/bits.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

enum { K_OTHER, K_MEM, K_CTRL, K_SFU };

void sched_init(struct sm *s)
{
    const struct tparams *p = s->p;
    s->sch = ws_xcalloc(p->schedulers, sizeof *s->sch);
    for (uint32_t k = 0; k < p->schedulers; k++) {
        struct sched *q = &s->sch[k];
        q->n = (p->max_warps - k + p->schedulers - 1) / p->schedulers;
        q->words = (q->n + 63) / 64;
        for (int i = 0; i < SCHED_KINDS; i++)
            q->ready[i] = ws_xcalloc(q->words ? q->words : 1, sizeof(uint64_t));
        q->pool = ws_xcalloc(q->words ? q->words : 1, sizeof(uint64_t));
    }
    for (uint32_t w = 0; w < p->max_warps; w++)
        s->w[w].rs = RS_ABSENT;
}

void sched_free(struct sm *s)
{
    for (uint32_t k = 0; s->sch && k < s->p->schedulers; k++) {
        for (int i = 0; i < SCHED_KINDS; i++)
            free(s->sch[k].ready[i]);
        free(s->sch[k].pool);
    }
    free(s->sch);
    s->sch = NULL;
}

static bool reg_pending(const uint64_t *sb, const uint64_t *m)
{
    for (int k = 0; k < SM_REG_WORDS; k++)
        if (sb[k] & m[k])
            return true;
    return false;
}

/* What warp slot wi waits for, ignoring the SM's units. */
static uint8_t readiness(const struct sm *s, const struct twarp *w,
                         uint8_t *kind)
{
    *kind = K_OTHER;
    if (!w->used)
        return RS_ABSENT;
    if (w->pc < 0)
        return STALL_IDLE;          /* exited */
    if (w->at_bar || w->hold)
        return STALL_BARRIER;       /* (or its write-backs still leaving) */
    int32_t pc = w->pc;
    const struct tinst *t = &s->tinst[pc];
    if (!fetch_holds(s, w, pc))
        return STALL_FETCH;
    if (reg_pending(w->sb, t->regs) || (w->sbp & t->preds))
        return reg_pending(w->sbmem, t->regs) ? STALL_MEMORY : STALL_RAW;
    if (s->scho && s->scho->may_issue &&
        !s->scho->may_issue(s->schp, (uint32_t)(w - s->w), pc))
        return STALL_DESIGN;
    *kind = t->cls == TC_CTRL ? K_CTRL : t->cls == TC_MEM ? K_MEM
            : t->cls == TC_SFU ? K_SFU : K_OTHER;
    return STALL_NONE;
}

static void pool_leave(struct sm *s, struct sched *q, struct twarp *w,
                       uint32_t j)
{
    if (!w->in_pool)
        return;
    w->in_pool = false;
    q->pool[j >> 6] &= ~(1ULL << (j & 63));
    q->in_pool--;
    if (s->scho && s->scho->pool_leave)
        s->scho->pool_leave(s->schp, (uint32_t)(w - s->w), *s->g_cycle);
}

/* Warp slot wi's scheduler (wi mod schedulers) and its place there (wi
   div schedulers). */
static inline uint32_t sched_of(const struct sm *s, uint32_t wi)
{
    return (uint32_t)ws_mod(wi, s->p->schedulers);
}

static inline uint32_t place_of(const struct sm *s, uint32_t wi)
{
    return (uint32_t)ws_div(wi, s->p->schedulers);
}

void sched_leave_pool(struct sm *s, uint32_t wi)
{
    pool_leave(s, &s->sch[sched_of(s, wi)], &s->w[wi], place_of(s, wi));
}

void sched_update(struct sm *s, uint32_t wi)
{
    struct sched *q = &s->sch[sched_of(s, wi)];
    uint32_t j = place_of(s, wi);
    struct twarp *w = &s->w[wi];
    uint8_t kind;
    uint8_t rs = readiness(s, w, &kind);
    if (rs == w->rs && kind == w->kind)
        return;
    if (rs != w->rs && ev_wanted(s->bus, EV_WARP_STATE)) {
        struct ws_event e = { EV_WARP_STATE, (int16_t)s->id, (int32_t)wi,
                              *s->g_cycle, 0, rs == RS_ABSENT ? -1 : rs,
                              w->rs == RS_ABSENT ? -1 : w->rs };
        evbus_deliver(s->bus, &e);
    }
    uint64_t bit = 1ULL << (j & 63);
    if (w->rs == STALL_NONE) {
        q->ready[w->kind][j >> 6] &= ~bit;
        q->nready--;
    } else if (w->rs != RS_ABSENT) {
        q->cnt[w->rs]--;
    }
    w->rs = rs;
    w->kind = kind;
    if (rs == STALL_NONE) {
        q->ready[kind][j >> 6] |= bit;
        q->nready++;
    } else if (rs != RS_ABSENT) {
        q->cnt[rs]++;
    }
    if (rs == RS_ABSENT || rs == STALL_IDLE || rs == STALL_BARRIER ||
        (rs == STALL_MEMORY && w->missing &&
         s->p->leave_on == LEAVE_MISS))
        pool_leave(s, q, w, j);
}

void sched_update_cta(struct sm *s, const struct tcta *t)
{
    for (uint32_t i = 0; i < t->nwarps; i++)
        sched_update(s, t->first + i);
}

/* Two-level: tops the active pool up with the oldest warps that can run. */
static void pool_refill(struct sm *s, uint32_t k, struct sched *q)
{
    uint32_t S = s->p->schedulers;
    while (q->in_pool < s->p->active_warps) {
        int32_t old = -1;
        for (uint32_t j = 0; j < q->n; j++) {
            struct twarp *w = &s->w[k + j * S];
            if (w->in_pool || w->rs == RS_ABSENT || w->rs == STALL_IDLE ||
                w->rs == STALL_BARRIER ||
                (s->p->refill_skip_memory &&
                 (w->rs == STALL_MEMORY || w->missing)))
                continue;
            if (old < 0 || w->age < s->w[k + (uint32_t)old * S].age)
                old = (int32_t)j;
        }
        if (old < 0)
            return;
        struct twarp *w = &s->w[k + (uint32_t)old * S];
        w->in_pool = true;
        w->age = s->seq++;
        q->pool[old >> 6] |= 1ULL << (old & 63);
        q->in_pool++;
        if (s->scho && s->scho->pool_enter)
            s->scho->pool_enter(s->schp, k + (uint32_t)old * S, *s->g_cycle);
    }
}

/* The first set bit of m in [from, to), or -1. */
static int32_t first_bit(const uint64_t *m, uint32_t from, uint32_t to)
{
    for (uint32_t wd = from >> 6; wd * 64 < to; wd++) {
        uint64_t v = m[wd];
        if (wd == from >> 6)
            v &= ~0ULL << (from & 63);
        if (v) {
            uint32_t b = wd * 64 + (uint32_t)__builtin_ctzll(v);
            return b < to ? (int32_t)b : -1;
        }
    }
    return -1;
}

int32_t sched_pick_any(struct sm *s, uint32_t k, enum stall *why)
{
    const struct tparams *p = s->p;
    struct sched *q = &s->sch[k];
    uint32_t S = p->schedulers;
    bool two = p->policy == SCHED_TWO_LEVEL;
    if (two && q->in_pool < p->active_warps)
        pool_refill(s, k, q);
    /* no ready warp (the usual case of a stalled SM): only the reason */
    uint64_t r_any = 0;
    for (uint32_t i = 0; i < q->words; i++)
        r_any |= (q->ready[K_OTHER][i] | q->ready[K_MEM][i] |
                  q->ready[K_CTRL][i] | q->ready[K_SFU][i]) &
                 (two ? q->pool[i] : ~0ULL);
    if (!r_any) {
        *why = sched_waiting_for(q);
        return -1;
    }
    bool sp = s->pool_used[SM_POOL_SP] < p->pool_size[SM_POOL_SP];
    bool sfu = s->pool_used[tparams_pool(p, TC_SFU)] <
               p->pool_size[tparams_pool(p, TC_SFU)];
    bool mem = s->pool_used[tparams_pool(p, TC_MEM)] <
               p->pool_size[tparams_pool(p, TC_MEM)];
    bool coll = sp && sfu && mem;     /* no pool full */
    bool oc = p->oc_pipeline;
    bool ldst = s->ldst_n < SM_LDST_QUEUE;
    uint64_t cand[SCHED_MAX_WORDS];
    bool any = false, ready = false;
    for (uint32_t i = 0; i < q->words; i++) {
        uint64_t r = q->ready[K_OTHER][i] | q->ready[K_MEM][i] |
                     q->ready[K_CTRL][i] | q->ready[K_SFU][i];
        /* control needs nothing, or (sm.oc_pipeline) an SP collector;
           the others a collector of their pool */
        uint64_t c = oc ? (sp ? q->ready[K_CTRL][i] : 0) : q->ready[K_CTRL][i];
        if (sp)
            c |= q->ready[K_OTHER][i];
        if (sfu)
            c |= q->ready[K_SFU][i];
        if (mem && ldst)
            c |= q->ready[K_MEM][i];
        if (two) {
            r &= q->pool[i];
            c &= q->pool[i];
        }
        cand[i] = c;
        any |= c != 0;
        ready |= r != 0;
    }
    if (!any) {
        if (ready)
            *why = !coll && s->bank_stalled ? STALL_BANK : STALL_STRUCTURAL;
        else
            *why = sched_waiting_for(q);
        return -1;
    }
    int32_t j = -1;
    if (p->policy == SCHED_GTO) {
        uint32_t g = q->last;
        if (g < q->n && (cand[g >> 6] >> (g & 63) & 1)) {
            j = (int32_t)g;
        } else {
            uint64_t best = UINT64_MAX;
            for (uint32_t i = 0; i < q->words; i++)
                for (uint64_t v = cand[i]; v; v &= v - 1) {
                    uint32_t b = i * 64 + (uint32_t)__builtin_ctzll(v);
                    uint64_t age = s->w[k + b * S].age;
                    if (age < best) {
                        best = age;
                        j = (int32_t)b;
                    }
                }
        }
    } else if (p->policy == SCHED_LRR_MEM && !q->last_mem && q->last < q->n &&
               (cand[q->last >> 6] >> (q->last & 63) & 1)) {
        j = (int32_t)q->last;
    } else {
        uint32_t from = q->last + 1 < q->n ? q->last + 1 : 0; /* last < n */
        j = first_bit(cand, from, q->n);
        if (j < 0)
            j = first_bit(cand, 0, from);
    }
    q->last = (uint32_t)j;
    /* a ready warp's bit is in the ready set of its kind */
    q->last_mem = q->ready[K_MEM][j >> 6] >> (j & 63) & 1;
    *why = STALL_NONE;
    return (int32_t)(k + (uint32_t)j * S);
}
