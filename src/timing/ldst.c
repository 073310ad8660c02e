/*
** ldst.c - the SM's load/store unit.
** A memory instruction executes functionally at issue, which records the
** address each lane touched (struct fmemrec). Once its operands are read
** it queues here as a memory operation. The unit works on the head
** operation, one step per cycle:
**   shared   one bank-conflict-free wave per cycle (the degree of the
**            access, see shmem_degree); the data is ready shmem.latency
**            cycles after the last wave;
**   const    one distinct address per cycle through the constant cache
**            (l1d.latency);
**   global,  one transaction per cycle into the L1 (l1_ops): loads and
**   local    stores per 128-byte line (32-byte sectors for loads that skip
**            L1: .cg, .cv, volatile), atomics per 32-byte sector straight
**            to L2.
** Loads and atomics complete when every transaction has been answered;
** stores complete once every transaction has left the unit (with
** l2.write_ack, when the L2 has acknowledged every one).
** Local memory is interleaved per thread at 4-byte granularity, as on the
** hardware, so lanes reading the same local variable coalesce.
*/
#include "timing/sm-internal.h"
#include "util/pool.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

int32_t mo_alloc(struct sm *s)
{
    if (s->free_mo < 0)
        pool_grow(s->mo, s->nmo, s->free_mo, next, 32);
    int32_t m = s->free_mo;
    s->free_mo = s->mo[m].next;
    struct memop *o = &s->mo[m];
    o->rec.mask = 0;
    o->lanes = 0;
    o->ntx = o->next_tx = o->outstanding = o->shmem_left = 0;
    o->started = o->bypass = o->local = o->notify = o->missed = false;
    o->hold_first = o->hold_n = 0;
    o->inst = -1;
    o->next = -1;
    return m;
}

void mo_release(struct sm *s, int32_t m)
{
    s->mo[m].next = s->free_mo;
    s->free_mo = m;
}

/* Physical address of local byte `off` of hardware thread `t`. */
static uint64_t local_phys(const struct sm *s, uint32_t t, uint64_t off)
{
    uint64_t word = off >> 2;
    return LOCAL_PHYS_BASE + ((uint64_t)s->id << LOCAL_PHYS_SM_SHIFT) +
           (word * s->p->max_warps * WS_WARP + t) * 4 + (off & 3);
}

/* Adds the segments of one word-sized slice of a local access. */
static void local_segments(struct sm *s, struct memop *o, uint32_t warp,
                           uint32_t seg)
{
    const struct fmemrec *r = &o->rec;
    uint32_t words = (r->size + 3) / 4;
    uint32_t size = r->size < 4 ? r->size : 4;
    uint64_t a[WS_WARP], out[COALESCE_MAX];
    uint32_t b[COALESCE_MAX];
    for (uint32_t e = 0; e < words; e++) {
        for (int l = 0; l < WS_WARP; l++)
            if (r->mask >> l & 1)
                a[l] = local_phys(s, warp * WS_WARP + (uint32_t)l,
                                  r->addr[l] + 4 * e);
        uint32_t n = coalesce(a, r->mask, size, seg, out, b);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t j;
            uint8_t first = (uint8_t)coalesce_first(a, r->mask, size, out[k], seg);
            for (j = 0; j < o->ntx; j++)
                if (o->tx[j] == out[k])
                    break;
            if (j == o->ntx) {
                if (o->ntx == COALESCE_MAX)
                    return;
                o->tx[o->ntx] = out[k];
                o->txo[o->ntx] = first;
                o->txb[o->ntx++] = 0;
            }
            if (first < o->txo[j])
                o->txo[j] = first;
            o->txb[j] += b[k];
            if (o->txb[j] > seg)
                o->txb[j] = seg;
        }
    }
}

/* Distinct addresses of a constant-cache access. */
static uint32_t distinct_words(const struct fmemrec *r)
{
    uint64_t seen[WS_WARP];
    uint32_t n = 0;
    for (int l = 0; l < WS_WARP; l++) {
        if (!(r->mask >> l & 1))
            continue;
        uint64_t w = r->addr[l] >> 2;
        uint32_t k;
        for (k = 0; k < n && seen[k] != w; k++)
            ;
        if (k == n)
            seen[n++] = w;
    }
    return n;
}

static void timed_push(struct sm *s, int32_t m, uint64_t ready);

/* The design's lane part sees a global or shared access lane by lane and
   may serve lanes itself: they leave the memory operation's mask, and a
   load's served lanes are answered at the part's ready cycle (held ones
   when the part says). Returns the bank waves the part asks the rest of
   a shared access to take (0: their own degree). */
static uint32_t lane_filter(struct sm *s, int32_t m, int32_t i,
                            const struct kinst *ki, uint64_t now)
{
    struct memop *o = &s->mo[m];
    const struct fmemrec *r = &o->rec;
    if (!s->laneo || !s->laneo->access || !r->mask ||
        (r->space != KS_GLOBAL && r->space != KS_SHARED))
        return 0;
    const struct inst *in = &s->in[i];
    struct lane_req q = { r, (uint32_t)in->warp,
                          (uint32_t)s->w[in->warp].cta, in->pc,
                          ki->m.cache == CACHE_CG || ki->m.cache == CACHE_CV ||
                              ki->m.vol,
                          (uint32_t)m };
    struct lane_reply *rep = s->lrep;
    lane_reply_init(rep);
    s->laneo->access(s->lane, &q, now, rep);
    mo_extra(s, rep, 0, 0);            /* may move s->mo */
    o = &s->mo[m];
    uint32_t served = rep->served & o->rec.mask;
    uint32_t held = rep->held & o->rec.mask & ~served;
    o->notify = rep->notify && s->laneo->arrived;
    o->lanes &= ~(served | held);
    if (held)
        o->outstanding++;              /* one env->mem_done for them all */
    if (served && o->kind != MK_STORE)
        timed_push(s, m, rep->ready > now ? rep->ready : now + 1);
    return rep->waves;
}

void mo_setup(struct sm *s, int32_t m, int32_t i, const struct kinst *ki,
              uint64_t now)
{
    struct memop *o = &s->mo[m];
    struct fmemrec *r = &o->rec;
    o->inst = i;
    o->kind = r->atomic ? MK_ATOMIC : r->store ? MK_STORE : MK_LOAD;
    o->space = r->space;
    o->local = r->space == KS_LOCAL;
    o->ntx = 0;
    o->lanes = r->mask;
    if (!r->mask)
        return;                        /* every lane was predicated off */
    uint32_t waves = lane_filter(s, m, i, ki, now);  /* may move s->mo */
    o = &s->mo[m];
    r = &o->rec;
    uint32_t mask = o->lanes;
    if (!mask)
        return;                        /* the lane part served them all */
    switch (r->space) {
    case KS_SHARED:
        o->shmem_left = waves ? waves
                              : shmem_degree(r->addr, mask, r->size,
                                             s->p->shmem_banks, r->atomic);
        s->st.shmem_accesses++;
        s->st.shmem_conflicts += o->shmem_left - 1;
        if (o->shmem_left > 1 && ev_wanted(s->bus, EV_SHMEM_CONFLICT)) {
            struct ws_event e = { EV_SHMEM_CONFLICT, (int16_t)s->id,
                                  s->in[i].warp, *s->g_cycle, r->addr[0],
                                  o->shmem_left, s->in[i].pc };
            evbus_deliver(s->bus, &e);
        }
        return;
    case KS_CONST:
        o->shmem_left = distinct_words(r);
        return;
    default:
        break;
    }
    uint8_t c = ki->m.cache;
    o->bypass = o->kind == MK_LOAD &&
                (c == CACHE_CG || c == CACHE_CV || ki->m.vol);
    uint32_t seg = o->kind == MK_ATOMIC || o->bypass ? 32 : s->p->l1_line;
    if (o->local)
        local_segments(s, o, (uint32_t)s->in[i].warp, seg);
    else {
        o->ntx = coalesce_tx(r->addr, mask, r->size, seg, o->tx, o->txb,
                             o->txo);
    }
}

/* A new memory operation of no instruction: write-backs into space. */
static int32_t extra_op(struct sm *s, uint8_t space)
{
    int32_t m = mo_alloc(s);
    s->mo[m].kind = MK_STORE;
    s->mo[m].space = space;
    return m;
}

void mo_extra(struct sm *s, const struct lane_reply *r, uint32_t first,
              uint32_t n)
{
    uint32_t ne = r->nextra < LANE_MAX_EXTRA ? r->nextra : LANE_MAX_EXTRA;
    if (!ne)
        return;
    uint64_t line = s->p->l1_line;
    uint32_t row = s->p->shmem_banks * 4;
    int32_t g = -1, sh = -1, last = -1;
    for (uint32_t k = 0; k < ne; k++) {
        if (r->extra_space[k] == KS_SHARED) {
            /* a write-back into shared memory: one bank wave per row of
               banks it covers */
            if (sh < 0)
                sh = extra_op(s, KS_SHARED);
            s->mo[sh].shmem_left += (r->extra_bytes[k] + row - 1) / row;
            continue;
        }
        /* into L1: write-backs leaving together coalesce per line, like
           the lanes of a store */
        uint64_t a = r->extra[k] - r->extra[k] % line;
        struct memop *o = g >= 0 ? &s->mo[g] : NULL;
        uint32_t j = 0;
        while (o && j < o->ntx && o->tx[j] != a)
            j++;
        if (!o || (j == o->ntx && o->ntx == COALESCE_MAX)) {
            if (g >= 0)
                mo_enqueue(s, last = g);
            g = extra_op(s, KS_GLOBAL);
            o = &s->mo[g];
            j = 0;
        }
        /* the first byte written within the line (seams.h: a store
           names it, so a sectored L2 marks the sectors it writes) */
        uint8_t at = (uint8_t)(r->extra[k] - a);
        if (j == o->ntx) {
            o->tx[o->ntx] = a;
            o->txo[o->ntx] = at;
            o->txb[o->ntx++] = 0;
        }
        if (at < o->txo[j])
            o->txo[j] = at;
        o->txb[j] += r->extra_bytes[k];
        if (o->txb[j] > line)
            o->txb[j] = (uint32_t)line;
    }
    if (g >= 0)
        mo_enqueue(s, last = g);
    if (sh >= 0)
        mo_enqueue(s, last = sh);
    /* the warps wait for the last one: the unit sends in order */
    s->mo[last].hold_first = first;
    s->mo[last].hold_n = n;
    for (uint32_t w = first; w < first + n; w++)
        s->w[w].hold++;
}

void mo_lane_flush(struct sm *s, enum lane_flush what, uint32_t cta,
                   uint32_t w, uint32_t first, uint32_t n, uint64_t now)
{
    const struct lane_ops *lo = s->laneo;
    if (!lo)
        return;
    struct lane_reply *rep = s->lrep;
    lane_reply_init(rep);
    switch (what) {
    case LF_BARRIER:
        if (!lo->barrier)
            return;
        lo->barrier(s->lane, cta, now, rep);
        break;
    case LF_CTA_EXIT:
        if (!lo->cta_exit)
            return;
        lo->cta_exit(s->lane, cta, now, rep);
        break;
    case LF_FENCE:
        if (!lo->fence)
            return;
        lo->fence(s->lane, w, cta, now, rep);
        break;
    }
    mo_extra(s, rep, first, n);
}

/* Schedules an answer for operation m at cycle `ready`. */
static void timed_push(struct sm *s, int32_t m, uint64_t ready)
{
    if (s->ntimed == s->captimed) {
        s->captimed = s->captimed ? s->captimed * 2 : 32;
        s->timed = ws_xrealloc(s->timed, s->captimed * sizeof *s->timed);
    }
    struct timed_item it = { ready, s->seq++, m };
    uint32_t k = s->ntimed++;
    while (k > 0) {
        uint32_t up = (k - 1) / 2;
        struct timed_item *u = &s->timed[up];
        if (u->ready < it.ready || (u->ready == it.ready && u->seq < it.seq))
            break;
        s->timed[k] = *u;
        k = up;
    }
    s->timed[k] = it;
    s->mo[m].outstanding++;
}

static struct timed_item timed_pop(struct sm *s)
{
    struct timed_item top = s->timed[0];
    struct timed_item last = s->timed[--s->ntimed];
    uint32_t k = 0, n = s->ntimed;
    for (;;) {
        uint32_t c = 2 * k + 1;
        if (c >= n)
            break;
        if (c + 1 < n &&
            (s->timed[c + 1].ready < s->timed[c].ready ||
             (s->timed[c + 1].ready == s->timed[c].ready &&
              s->timed[c + 1].seq < s->timed[c].seq)))
            c++;
        if (last.ready < s->timed[c].ready ||
            (last.ready == s->timed[c].ready && last.seq < s->timed[c].seq))
            break;
        s->timed[k] = s->timed[c];
        k = c;
    }
    if (n)
        s->timed[k] = last;
    return top;
}

void mo_enqueue(struct sm *s, int32_t m)
{
    s->mo[m].next = -1;
    if (s->ldst_tail >= 0)
        s->mo[s->ldst_tail].next = m;
    else
        s->ldst_head = m;
    s->ldst_tail = m;
    s->ldst_n++;
}

/* The head operation has left the unit; warps waiting for it (a
   barrier's or a fence's write-backs) may go on. */
static void ldst_pop(struct sm *s)
{
    int32_t m = s->ldst_head;
    struct memop *o = &s->mo[m];
    s->ldst_head = o->next;
    if (s->ldst_head < 0)
        s->ldst_tail = -1;
    s->ldst_n--;
    o->started = true;
    for (uint32_t w = o->hold_first; w < o->hold_first + o->hold_n; w++) {
        s->w[w].hold--;
        sched_update(s, w);
    }
    o->hold_n = 0;
}

/* Every answer is in and the unit has sent everything: the instruction
   is done, or an operation of no instruction (write-backs) is dropped. */
static void mo_done(struct sm *s, int32_t m)
{
    if (s->mo[m].notify) {
        s->mo[m].notify = false;
        s->laneo->arrived(s->lane, (uint32_t)m, *s->g_cycle);
    }
    int32_t i = s->mo[m].inst;
    if (s->mo[m].missed) {
        s->mo[m].missed = false;
        s->w[s->in[i].warp].missing--;
    }
    if (i >= 0)
        s->complete(s, i);
    else
        mo_release(s, m);
}

void mo_answered(struct sm *s, int32_t m)
{
    struct memop *o = &s->mo[m];
    o->outstanding--;
    if (o->started && o->outstanding == 0)
        mo_done(s, m);
}

void mo_timed(struct sm *s, uint64_t now)
{
    while (s->ntimed && s->timed[0].ready <= now)
        mo_answered(s, timed_pop(s).mo);
}

uint64_t mo_next(const struct sm *s)
{
    return s->ntimed ? s->timed[0].ready : UINT64_MAX;
}

/* One step of the head operation; true when it has nothing left to send. */
static bool ldst_step(struct sm *s, struct memop *o, int32_t m, uint64_t now)
{
    const struct tparams *p = s->p;
    if (o->space == KS_SHARED || o->space == KS_CONST) {
        if (o->space == KS_SHARED && o->shmem_left)
            s->st.shmem_waves++;
        if (o->shmem_left && --o->shmem_left)
            return false;
        bool all_served = o->rec.mask && !o->lanes;
        if (o->inst >= 0 && !all_served)
            timed_push(s, m, now + (o->space == KS_SHARED ? p->shmem_latency
                                                          : p->l1_latency));
        return true;
    }
    if (o->next_tx == o->ntx)
        return true;
    const struct inst *in = o->inst >= 0 ? &s->in[o->inst] : NULL;
    /* a store names its first byte written (seams.h), so a sectored L2
       marks the sectors it writes */
    uint64_t at = o->tx[o->next_tx] +
                  (o->kind == MK_STORE ? o->txo[o->next_tx] : 0);
    struct l1_req q = { .addr = at, .bytes = o->txb[o->next_tx],
                        .tag = (uint32_t)m,
                        .warp = in ? (uint32_t)in->warp : 0,
                        .pc = in ? in->pc : -1, .local = o->local };
    uint64_t ready;
    enum l1_status st;
    switch (o->kind) {
    case MK_STORE:
        st = s->l1o->store(s->l1, &q, now);
        break;
    case MK_ATOMIC:
        st = s->l1o->bypass(s->l1, MR_ATOMIC, &q, now);
        break;
    default:
        if (o->bypass) {
            q.bytes = 32;
            st = s->l1o->bypass(s->l1, MR_READ, &q, now);
        } else {
            st = s->l1o->load(s->l1, &q, now, &ready);
        }
        break;
    }
    switch (st) {
    case L1_STALL:
        /* the same request again next cycle: unless the L1 says the
           stall holds until it changes, so the unit can park on it */
        s->ldst_parked = s->l1o->stall_holds != NULL;
        s->park_from = now + 1;
        return false;
    case L1_HIT:
        timed_push(s, m, ready);
        break;
    case L1_PENDING:
        o->outstanding++;
        if (in && !o->missed && o->kind != MK_STORE &&
            p->policy == SCHED_TWO_LEVEL) {
            o->missed = true;
            s->w[in->warp].missing++;
            if (p->leave_on == LEAVE_MISS)   /* long latency: the warp */
                sched_leave_pool(s, (uint32_t)in->warp);  /* leaves */
        }
        break;
    case L1_SENT:
        break;
    }
    return ++o->next_tx == o->ntx;
}

void ldst_cycle(struct sm *s, uint64_t now)
{
    int32_t m = s->ldst_head;
    if (m < 0)
        return;
    struct memop *o = &s->mo[m];
    s->ldst_parked = false;
    bool done = ldst_step(s, o, m, now);
    if (!s->ldst_parked)
        s->progressed = true;
    if (!done)
        return;
    ldst_pop(s);
    if (o->outstanding == 0)
        mo_done(s, m);
}

void ldst_catch_up(struct sm *s, uint64_t upto)
{
    if (!s->ldst_parked || upto <= s->park_from)
        return;
    s->l1o->restall(s->l1, upto - s->park_from);
    s->park_from = upto;
}

bool ldst_waits(const struct sm *s)
{
    return s->ldst_parked && s->l1o->stall_holds(s->l1);
}
