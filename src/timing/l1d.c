/*
** l1d.c - the baseline L1 data cache, Fermi policies.
** Loads of global and local data allocate (a miss takes an MSHR, later
** misses to the line merge, the fill answers them all). Stores follow the
** policy of their space (l1d.write_global, l1d.write_local; Fermi's are
** the defaults): write-evict drops a present line and sends the data to
** L2; write-through updates a present line and sends the data to L2;
** write-back installs the line dirty (without fetching it) and writes it
** back when evicted.
** Requests leave through a miss queue, one per cycle when the
** interconnect port is free. With l1d.size = 0 every access goes to L2.
** With l2.write_ack a store's data expects the L2's acknowledgements
** (answered like a load: the operation completes when they are in).
*/
#include "timing/l1d.h"
#include "timing/cache.h"
#include "timing/missq.h"
#include "util/hash.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* What one stall adds: the L1's and its cache's counters, the random
   replacement draws. */
struct stall_counts {
    uint64_t stalls, stall_mq, stall_line;
    struct cache_stats c;
    uint64_t rng;
};

struct l1d {
    struct seam_env env;
    struct cache c;
    bool has_cache;
    uint32_t rf_bytes;        /* design unified: this launch's RF share */
    struct missq mq;          /* requests to L2; dirty writebacks of fills
                                 are never refused */
    uint64_t loads, stores, bypass, hits, misses, merges, stalls;
    uint64_t stall_mq, stall_line;   /* stalls for the miss queue and for
                                        a set whose ways all await fills */
    uint64_t write_hits;      /* local stores into a present line */
    uint64_t valid_acc, valid_t;  /* valid line x cycles up to valid_t */
    /* A stalled request is repeated by counting (restall): gen changes
       whenever anything here may have changed, the last stall's counts
       are kept with the gen it saw. */
    uint64_t gen, stall_gen;
    bool stalled;
    struct stall_counts last;
};

/* The counters a stall may move (before a request). */
static void stall_snap(const struct l1d *l, struct stall_counts *s)
{
    *s = (struct stall_counts){ l->stalls, l->stall_mq, l->stall_line, l->c.st,
                                l->c.rng };
}

/* Per counter: *d = a - b (when d is the snapshot b itself: a - d), or
   *d += n * a. */
#define STALL_FIELDS(X)                                                        \
    X(stalls) X(stall_mq) X(stall_line) X(c.accesses) X(c.hits) X(c.misses)  \
    X(c.sector_misses) X(c.mshr_merges) X(c.fails) X(c.line_fails)           \
    X(c.fills) X(c.evictions) X(c.writebacks) X(c.invalidations)

/* After request with snapshot `before`: a stall is kept for restall,
   anything else is a change. */
static enum l1_status stall_note(struct l1d *l, struct stall_counts *before,
                                 enum l1_status st)
{
    if (st != L1_STALL) {
        l->gen++;
        l->stalled = false;
        return st;
    }
    struct stall_counts now;
    stall_snap(l, &now);
#define SUB(f) before->f = now.f - before->f;
    STALL_FIELDS(SUB)
#undef SUB
    /* every draw on a failed request is the victim choice's one */
    before->rng = now.rng != before->rng;
    l->last = *before;
    l->stalled = true;
    l->stall_gen = l->gen;
    return st;
}

static bool l1d_stall_holds(void *self)
{
    const struct l1d *l = self;
    return l->stalled && l->stall_gen == l->gen;
}

static void l1d_restall(void *self, uint64_t n)
{
    struct l1d *l = self;
    struct stall_counts *d = &l->last;
    struct {
        uint64_t stalls, stall_mq, stall_line;
        struct cache_stats c;
    } t = { l->stalls, l->stall_mq, l->stall_line, l->c.st };
#define ADD(f) t.f += n * d->f;
    STALL_FIELDS(ADD)
#undef ADD
    l->stalls = t.stalls;
    l->stall_mq = t.stall_mq;
    l->stall_line = t.stall_line;
    l->c.st = t.c;
    if (d->rng)
        cache_rng_skip(&l->c, n);
}

/* Brings the valid-line integral up to now (before lines change). */
static void valid_acct(struct l1d *l)
{
    uint64_t now = *l->env.cycle;
    if (now > l->valid_t) {
        l->valid_acc += (now - l->valid_t) * l->c.nvalid;
        l->valid_t = now;
    }
}

static void l1d_size(struct l1d *l, uint32_t size)
{
    const struct tparams *p = l->env.p;
    l->has_cache = size >= p->l1_ways * p->l1_line;
    cache_init(&l->c, l->has_cache ? size : 0, p->l1_ways, p->l1_line,
               (enum cache_repl)p->l1_repl, p->l1_mshrs, p->l1_mshr_merge,
               p->seed + l->env.sm);
    /* an L1 resized by design `unified` to a geometry the Fermi hash does
       not cover keeps the linear index (cache_configure) */
    struct cache_opts o = { .alloc_on_miss = p->l1_alloc_on_miss,
                            .index = (enum cache_index)p->l1_set_hash };
    cache_configure(&l->c, &o);
}

static void *l1d_create(const struct seam_env *env)
{
    struct l1d *l = ws_xcalloc(1, sizeof *l);
    l->env = *env;
    l->env.cfg = NULL;
    l1d_size(l, env->p->l1_size);
    missq_init(&l->mq, env->l2, env->sm, env->p->l1_miss_queue,
               env->p->l2_write_ack);
    return l;
}

static void l1d_destroy(void *self)
{
    struct l1d *l = self;
    cache_free(&l->c);
    missq_free(&l->mq);
    free(l);
}

static void emit_ab(struct l1d *l, enum ev_type t, uint64_t addr, int64_t a,
                    int64_t b)
{
    if (ev_wanted(l->env.bus, t)) {
        struct ws_event e = { (uint16_t)t, (int16_t)l->env.sm, -1,
                              *l->env.cycle, addr, a, b };
        evbus_deliver(l->env.bus, &e);
    }
}

static void emit(struct l1d *l, enum ev_type t, uint64_t addr, int64_t b)
{
    emit_ab(l, t, addr, 0, b);
}

static bool mq_full(const struct l1d *l)
{
    return missq_full(&l->mq);
}

/* GPGPU-Sim's read-miss check when lines are allocated at the miss: any
   read that does not hit needs room for itself and a dirty victim's
   write-back, or it fails (merges into a pending line included). */
static bool mq_blocks_read(const struct l1d *l, uint64_t line)
{
    if (!l->env.p->l1_alloc_on_miss)
        return mq_full(l) && !cache_present(&l->c, line) &&
               !cache_pending(&l->c, line);
    return l->mq.q.n + 1 >= l->mq.limit && !cache_present(&l->c, line);
}

/* Queues a new request; the caller checked there is room. */
static struct mreq *enqueue(struct l1d *l, enum mreq_kind kind, uint64_t addr,
                            uint32_t bytes, uint32_t tag)
{
    return missq_push(&l->mq, kind, addr, bytes, tag);
}

static enum l1_status load(struct l1d *l, const struct l1_req *rq,
                           uint64_t now, uint64_t *ready)
{
    uint64_t addr = rq->addr;
    uint32_t tag = rq->tag;
    if (!l->has_cache) {
        if (mq_full(l)) {
            l->stalls++;
            l->stall_mq++;
            return L1_STALL;
        }
        l->loads++;
        enqueue(l, MR_READ, addr, l->c.line, tag);
        return L1_PENDING;
    }
    uint64_t line = cache_line_of(&l->c, addr);
    if (l->env.p->l1_perfect) {
        /* profiling without cache contention: a hit, the cache untouched */
        l->loads++;
        l->hits++;
        emit_ab(l, EV_L1_HIT, line, rq->pc, 0);
        *ready = now + l->env.p->l1_latency;
        return L1_HIT;
    }
    /* A new miss needs room in the miss queue (a hit or, allocating at
       the fill, a merge into an outstanding miss does not); check before
       touching any state. */
    if (mq_blocks_read(l, line)) {
        l->stalls++;
        l->stall_mq++;
        return L1_STALL;
    }
    uint32_t m;
    uint64_t line_fails = l->c.st.line_fails;
    enum cache_result r = cache_read(&l->c, line, tag, &m);
    switch (r) {
    case CACHE_HIT:
        l->loads++;
        l->hits++;
        emit_ab(l, EV_L1_HIT, line, rq->pc, 0);
        *ready = now + l->env.p->l1_latency;
        return L1_HIT;
    case CACHE_MISS:
    case CACHE_SECTOR_MISS: {
        l->loads++;
        l->misses++;
        emit_ab(l, EV_L1_MISS, line, rq->pc, 0);
        if (l->c.evicted) {
            /* allocated at the miss: the victim leaves now */
            valid_acct(l);
            emit(l, EV_L1_EVICT, l->c.evicted_addr, l->c.evicted_dirty);
            if (l->c.evicted_dirty)
                enqueue(l, MR_WRITEBACK, l->c.evicted_addr, l->c.line, 0);
        }
        struct mreq *q = enqueue(l, MR_READ, line, l->c.line, m);
        q->l1line = true;
        return L1_PENDING;
    }
    case CACHE_MERGED:
        l->loads++;
        l->misses++;
        l->merges++;
        emit_ab(l, EV_MSHR_MERGE, line, rq->pc, 0);
        return L1_PENDING;
    default:
        l->stalls++;
        l->stall_line += l->c.st.line_fails != line_fails;
        return L1_STALL;
    }
}

/* A write-back store missing the L1 allocates its line dirty without
   fetching it (the line counts as whole: byte masks are not modelled); a
   dirty victim leaves now. */
static enum l1_status store_allocate(struct l1d *l, uint64_t line)
{
    if (mq_full(l) || cache_set_reserved(&l->c, line)) {
        l->stalls++;
        l->stall_mq += mq_full(l);
        return L1_STALL;
    }
    l->stores++;
    uint64_t victim;
    valid_acct(l);
    bool wb = cache_fill(&l->c, line, true, &victim);
    if (l->c.evicted)
        emit(l, EV_L1_EVICT, l->c.evicted_addr, l->c.evicted_dirty);
    if (wb)
        enqueue(l, MR_WRITEBACK, victim, l->c.line, 0);
    return L1_SENT;
}

static enum l1_status store(struct l1d *l, const struct l1_req *rq)
{
    uint64_t addr = rq->addr;
    uint32_t bytes = rq->bytes;
    bool local = rq->local;
    const struct tparams *p = l->env.p;
    enum write_policy pol = !l->has_cache ? WRITE_EVICT
                            : local       ? p->l1_write_local
                                          : p->l1_write_global;
    uint64_t line = l->has_cache ? cache_line_of(&l->c, addr) : addr;
    if (pol == WRITE_BACK && cache_write_hit(&l->c, line)) {
        l->stores++;
        l->write_hits++;
        return L1_SENT;
    }
    if (pol == WRITE_BACK && p->l1_write_allocate)
        return store_allocate(l, line);
    /* Otherwise the data goes to L2 (a write-back miss without
       write-allocate too, as GPGPU-Sim's Fermi L1). */
    if (mq_full(l)) {
        l->stalls++;
        l->stall_mq++;
        return L1_STALL;
    }
    l->stores++;
    valid_acct(l);
    if (pol == WRITE_THROUGH) {
        if (cache_touch(&l->c, line))
            l->write_hits++;          /* the line's copy is updated */
    } else if (pol == WRITE_EVICT && l->has_cache &&
               cache_present(&l->c, line) && cache_invalidate(&l->c, line)) {
        /* a write-back line being evicted keeps its data (a line still
           awaiting its fill is left alone, as in GPGPU-Sim) */
        enqueue(l, MR_WRITEBACK, line, l->c.line, 0);
    }
    return missq_store(&l->mq, addr, bytes, rq->tag);
}

static enum l1_status bypass(struct l1d *l, enum mreq_kind kind,
                             const struct l1_req *rq)
{
    if (mq_full(l)) {
        l->stalls++;
        l->stall_mq++;
        return L1_STALL;
    }
    l->bypass++;
    enqueue(l, kind, rq->addr, rq->bytes, rq->tag);
    return L1_PENDING;
}

/* The l1_ops hooks: the requests above, each noting a stall or a change. */
static enum l1_status l1d_load(void *self, const struct l1_req *rq,
                               uint64_t now, uint64_t *ready)
{
    struct l1d *l = self;
    struct stall_counts b;
    stall_snap(l, &b);
    return stall_note(l, &b, load(l, rq, now, ready));
}

static enum l1_status l1d_store(void *self, const struct l1_req *rq,
                                uint64_t now)
{
    (void)now;
    struct l1d *l = self;
    struct stall_counts b;
    stall_snap(l, &b);
    return stall_note(l, &b, store(l, rq));
}

static enum l1_status l1d_bypass(void *self, enum mreq_kind kind,
                                 const struct l1_req *rq, uint64_t now)
{
    (void)now;
    struct l1d *l = self;
    struct stall_counts b;
    stall_snap(l, &b);
    return stall_note(l, &b, bypass(l, kind, rq));
}

static void l1d_response(void *self, const struct mreq *r, uint64_t now)
{
    struct l1d *l = self;
    l->gen++;
    missq_answered(&l->mq);
    if (!r->l1line) {
        l->env.mem_done(l->env.ctx, r->tag, now);
        return;
    }
    uint64_t victim;
    emit(l, EV_L1_FILL, r->addr, 0);
    valid_acct(l);
    bool wb = cache_fill(&l->c, r->addr, false, &victim);
    if (l->c.evicted)
        emit(l, EV_L1_EVICT, l->c.evicted_addr, l->c.evicted_dirty);
    if (wb) {
        /* A fill is never refused, so its writeback may exceed the
           queue's limit. */
        enqueue(l, MR_WRITEBACK, victim, l->c.line, 0);
    }
    uint32_t tags[256];
    uint32_t k = cache_release(&l->c, r->addr, tags);
    for (uint32_t i = 0; i < k; i++)
        l->env.mem_done(l->env.ctx, tags[i], now);
}

static void l1d_tick(void *self, uint64_t now)
{
    struct l1d *l = self;
    uint32_t n = l->mq.q.n;
    missq_tick(&l->mq, now);
    l->gen += l->mq.q.n != n;
}

static uint64_t l1d_next_event(void *self, uint64_t now)
{
    struct l1d *l = self;
    return missq_next_event(&l->mq, now);
}

/* At the end of a kernel: dirty global lines are written back; dirty
   local lines belong to finished threads, dead data dropped without a
   write-back. Then every line is invalid (the L1 is not coherent). */
static void l1d_invalidate(void *self)
{
    struct l1d *l = self;
    l->gen++;
    valid_acct(l);
    for (uint32_t i = 0; i < l->c.sets * l->c.ways; i++) {
        struct cache_line *c = &l->c.lines[i];
        if (c->valid && c->dirty && c->addr < LOCAL_PHYS_BASE) {
            l->c.st.writebacks++;
            enqueue(l, MR_WRITEBACK, c->addr, l->c.line, 0);
        }
        c->valid = false;
        c->dirty = false;
        c->sec_valid = c->sec_dirty = c->sec_pending = 0;
    }
    l->c.nvalid = 0;
}

static void l1d_stats(void *self, struct jv *o)
{
    struct l1d *l = self;
    jv_add_int(o, "accesses", (int64_t)l->loads);
    jv_add_int(o, "hits", (int64_t)l->hits);
    jv_add_int(o, "misses", (int64_t)l->misses);
    jv_add_int(o, "mshr_merges", (int64_t)l->merges);
    jv_add_int(o, "stores", (int64_t)l->stores);
    jv_add_int(o, "bypassed", (int64_t)l->bypass);
    jv_add_int(o, "reservation_stalls", (int64_t)l->stalls);
    jv_add_int(o, "stalls_miss_queue", (int64_t)l->stall_mq);
    jv_add_int(o, "stalls_line_alloc", (int64_t)l->stall_line);
    jv_add_int(o, "fills", (int64_t)l->c.st.fills);
    jv_add_int(o, "evictions", (int64_t)l->c.st.evictions);
    jv_add_int(o, "writebacks", (int64_t)l->c.st.writebacks);
    uint64_t now = *l->env.cycle, acc = l->valid_acc;
    if (now > l->valid_t)
        acc += (now - l->valid_t) * l->c.nvalid;
    jv_add_int(o, "valid_byte_cycles", (int64_t)(acc * l->c.line));
}

static uint64_t l1d_own_bytes(void *self)
{
    const struct l1d *l = self;
    return l->has_cache ? (uint64_t)l->c.sets * l->c.ways * l->c.line : 0;
}

/* Every load or store looks the tags up; hits read a line; fills and
   local store hits write one. */
static void l1d_energy(void *self, const struct tparams *p, uint64_t cycles,
                       struct jv *o)
{
    struct l1d *l = self;
    if (!l->has_cache)
        return;
    double lookups = (double)(l->loads + l->stores);
    double writes = (double)(l->c.st.fills + l->write_hits);
    jv_add_num(o, "l1d", (double)l->hits * p->e.l1d_read +
                         writes * p->e.l1d_write +
                         leak_pj(p, p->e.l1d_leak, cycles));
    jv_add_num(o, "l1d_tag", lookups * p->e.l1d_tag_read +
                             (double)l->c.st.fills * p->e.l1d_tag_write +
                             leak_pj(p, p->e.l1d_tag_leak, cycles));
}

static const struct cache *l1d_view(void *self)
{
    struct l1d *l = self;
    return l->has_cache ? &l->c : NULL;
}

static uint32_t l1d_pending(void *self)
{
    struct l1d *l = self;
    return missq_pending(&l->mq);
}

/* The queue beside the cache the panes draw through view(). */
static void l1d_describe(void *self, uint64_t now, struct jv *out)
{
    (void)now;
    const struct l1d *l = self;
    missq_describe(&l->mq, out);
}

/* The tags, the MSHRs and the queue. */
static void l1d_hash(void *self, uint64_t now, uint64_t *h)
{
    (void)now;
    const struct l1d *l = self;
    cache_hash(&l->c, h);
    missq_hash(&l->mq, h);
}

/*
** Design `unified` (Gebhart et al., CERF's comparison point): one array of
** sm.registers x 4 bytes split at each launch - the register file gets
** exactly what the resident CTAs need, the L1D the rest, rounded down to
** whole sets (l1d.ways x l1d.line). The split holds for the whole kernel.
*/
static void l1d_unified_launch(void *self, const struct seam_launch *sl)
{
    struct l1d *l = self;
    const struct tparams *p = l->env.p;
    uint64_t total = (uint64_t)p->registers * 4;
    uint64_t rf = (uint64_t)sl->ctas_per_sm * sl->warps_per_cta * 32 *
                  sl->regs_per_thread * 4;
    if (rf > total)
        rf = total;
    uint64_t set = (uint64_t)p->l1_ways * p->l1_line;
    uint64_t l1 = (total - rf) / set * set;
    l->rf_bytes = (uint32_t)rf;
    l->gen++;
    valid_acct(l);
    cache_free(&l->c);
    l1d_size(l, (uint32_t)l1);
}

void l1d_unified_section(void *rf, void *l1, struct jv *sec)
{
    (void)rf;
    const struct l1d *l = l1;
    jv_set(sec, "total_bytes", jv_int((int64_t)l->env.p->registers * 4));
    jv_set(sec, "rf_bytes", jv_int(l->rf_bytes));
    jv_set(sec, "l1d_bytes",
           jv_int(l->has_cache ? (int64_t)l->c.sets * l->c.ways * l->c.line
                               : 0));
}

/* The hooks both L1D tables share. */
#define L1D_PART                                                               \
    .create = l1d_create, .destroy = l1d_destroy, .tick = l1d_tick,            \
    .next_event = l1d_next_event, .pending = l1d_pending,                      \
    .stats = l1d_stats, .energy = l1d_energy, .describe = l1d_describe,        \
    .hash = l1d_hash
#define L1D_HOOKS                                                              \
    .load = l1d_load, .store = l1d_store, .bypass = l1d_bypass,                \
    .response = l1d_response, .invalidate = l1d_invalidate, .view = l1d_view, \
    .stall_holds = l1d_stall_holds, .restall = l1d_restall

const struct l1_ops l1d_unified_ops = {
    .part = { .name = "unified-l1d", L1D_PART, .launch = l1d_unified_launch },
    L1D_HOOKS,
};

const struct l1_ops l1d_ops = {
    .part = { .name = "l1d", L1D_PART },
    L1D_HOOKS,
    .own_bytes = l1d_own_bytes,
};
