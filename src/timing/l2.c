/* l2.c - L2 slices (see l2.h). */
#include "timing/l2.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

enum { ACT_RESPOND, ACT_FETCH, ACT_FORWARD };
/* What a lookup (s->look) does. */
enum { LOOK_READ, LOOK_ATOMIC, LOOK_WRITE };

/* The oldest item of a ring, or NULL when it is empty. */
static struct l2_item *ring_head(l2_ring_t *r)
{
    return r->n ? &ring_front(r) : NULL;
}

void l2_init(struct l2slice *s, uint32_t id, uint32_t port,
             const struct tparams *p, struct dram_chan *dram, uint32_t chan,
             struct evbus *bus)
{
    memset(s, 0, sizeof *s);
    s->id = id;
    s->port = port;
    s->latency = p->l2_latency;
    s->line = p->l2_line;
    s->dram_latency = p->dram_latency;
    s->has_cache = p->l2_size >= p->l2_ways * p->l2_line;
    cache_init(&s->c, s->has_cache ? p->l2_size : 0, p->l2_ways, p->l2_line,
               REPL_LRU, p->l2_mshrs, 64, p->seed + 1000 + id);
    /* A slice sees only the lines whose 256-byte chunk number selects it
       (gpu.c: channel, then slice): index by the address within the
       slice, as GPGPU-Sim's partition address does, or most sets would
       never be used. */
    struct cache_opts o = { .sectored = p->l2_sectored,
                            .alloc_on_miss = p->l2_alloc_on_miss,
                            .strip = p->l2_slices };
    cache_configure(&s->c, &o);
    s->dram = dram;
    s->chan = chan;
    s->bus = bus;
    s->due = UINT64_MAX;
}

/* Only l2_tick and l2_dram_done change the queues: each notes when the
   slice next has work, which l2_when then reads. */
static void note_due(struct l2slice *s, uint64_t now)
{
    uint64_t t = UINT64_MAX;
    if (s->look.n || s->out.n)
        t = now;
    if (s->pipe.n && ring_front(&s->pipe).ready < t)
        t = ring_front(&s->pipe).ready;
    if (s->to_dram.n && ring_front(&s->to_dram).ready < t)
        t = ring_front(&s->to_dram).ready;
    s->due = t;
}

static void emit(struct l2slice *s, enum ev_type t, int sm, uint64_t addr,
                 int64_t b, uint64_t now)
{
    if (ev_wanted(s->bus, t)) {
        struct ws_event e = { (uint16_t)t, (int16_t)sm, -1, now, addr,
                              t == EV_L2_ACCESS ? s->id : s->chan, b };
        evbus_deliver(s->bus, &e);
    }
}

void l2_free(struct l2slice *s)
{
    cache_free(&s->c);
    ring_free(&s->look);
    ring_free(&s->pipe);
    ring_free(&s->out);
    ring_free(&s->to_dram);
    memset(s, 0, sizeof *s);
}

/* Queues a DRAM request; it reaches the channel dram.latency cycles
   later (GPGPU-Sim's L2-to-DRAM latency queue). */
static void to_dram(struct l2slice *s, uint64_t addr, uint32_t bytes,
                    bool write, uint32_t payload, uint64_t now)
{
    struct l2_item it = { now + s->dram_latency, (int32_t)payload, addr,
                          bytes, (uint8_t)write, -1 };
    ring_push(&s->to_dram, it);
    if (write)
        s->st.dram_writes++;
    else
        s->st.dram_reads++;
}

/* The dirty victim of the last cache_fill or allocating miss leaves. */
static void evict_to_dram(struct l2slice *s, uint64_t victim, uint64_t now)
{
    to_dram(s, victim, s->c.evicted_bytes, true, L2_NO_REQ, now);
}

/*
** The head of the interconnect queue becomes lookups, one per cache unit
** it covers: a line-sized read to a sectored L2 splits into sector reads
** of its own (GPGPU-Sim's breakdown into sector requests), each answered
** on its own; the SM gathers them (mreq.parent). Writes need no answer
** unless acknowledged (l2.write_ack: one answer per unit, gathered alike);
** a write starts at its first byte written (seams.h), so it marks the
** sectors from there for as many bytes as it carries (a store with gaps
** between its lanes is placed as if its bytes were contiguous).
*/
static void take_request(struct l2slice *s, struct icnt *n,
                         struct mreq_pool *pool, uint64_t now)
{
    int32_t ri = icnt_receive(n, pool, s->port, now);
    struct mreq *r = mreq_at(pool, ri);
    uint32_t unit = s->c.unit;
    uint64_t first = r->addr - r->addr % unit;
    uint64_t end = r->addr + (r->bytes ? r->bytes : 1);
    uint32_t parts = (uint32_t)((end - first + unit - 1) / unit);
    uint8_t what = r->kind == MR_ATOMIC ? LOOK_ATOMIC
                   : r->kind == MR_READ ? LOOK_READ : LOOK_WRITE;
    /* an acknowledged store (l2.write_ack) is answered per unit, as a
       read: GPGPU-Sim's WRITE_ACK of each sector request */
    bool answered = what != LOOK_WRITE || r->ack;
    if ((what == LOOK_READ || r->ack) && parts > 1)
        r->parts = (uint8_t)parts;
    for (uint32_t k = 0; k < parts; k++) {
        struct l2_item it = { 0, -1, first + (uint64_t)k * unit, unit, what,
                              (int16_t)r->sm };
        if (answered) {
            it.req = ri;
            if (parts > 1) {
                it.req = mreq_alloc(pool);   /* may move pool->v */
                r = mreq_at(pool, ri);
                struct mreq *q = mreq_at(pool, it.req);
                *q = *r;
                q->addr = it.addr;
                q->bytes = unit;
                q->parent = ri;
                q->parts = 0;
                q->next = -1;
            }
        }
        ring_push(&s->look, it);
    }
    if (!answered)
        mreq_release(pool, ri);
}

/* A write to the cache (write-validate: a miss allocates the unit dirty
   without fetching it); an acknowledged one is answered after the lookup
   latency, as a read hit. False: no way to allocate, retry. */
static bool look_write(struct l2slice *s, const struct l2_item *it,
                       uint64_t now)
{
    if (!cache_write_hit(&s->c, it->addr)) {
        if (cache_set_reserved(&s->c, it->addr))
            return false;
        s->st.misses++;
        uint64_t victim;
        if (cache_fill(&s->c, it->addr, true, &victim))
            evict_to_dram(s, victim, now);
    } else {
        s->st.hits++;
    }
    s->st.accesses++;
    s->st.writes++;
    emit(s, EV_L2_ACCESS, it->sm, it->addr, EV_L2_WRITE, now);
    if (it->req >= 0) {
        struct l2_item r = { now + s->latency, it->req, it->addr, 0,
                             ACT_RESPOND, it->sm };
        ring_push(&s->pipe, r);
    }
    return true;
}

/* A read or atomic: hits answer after the lookup latency, misses fetch
   their unit after it. False: no MSHR or way, retry. */
static bool look_read(struct l2slice *s, const struct l2_item *it,
                      struct mreq_pool *pool, uint64_t now)
{
    uint32_t m;
    enum cache_result res = cache_read(&s->c, it->addr, (uint32_t)it->req, &m);
    if (res == CACHE_FAIL)
        return false;
    s->st.accesses++;
    if (it->action == LOOK_ATOMIC)
        s->st.atomics++;
    else
        s->st.reads++;
    emit(s, EV_L2_ACCESS, it->sm, it->addr,
         res == CACHE_HIT ? EV_L2_HIT
         : res == CACHE_MERGED ? EV_L2_MERGE : EV_L2_MISS, now);
    if (res == CACHE_HIT) {
        s->st.hits++;
        if (it->action == LOOK_ATOMIC)
            cache_write_hit(&s->c, it->addr);
        struct l2_item r = { now + s->latency, it->req, it->addr, 0,
                             ACT_RESPOND, it->sm };
        ring_push(&s->pipe, r);
        return true;
    }
    s->st.misses++;
    if (res == CACHE_MERGED) {
        s->st.mshr_merges++;
        return true;
    }
    if (s->c.evicted_dirty && s->c.evicted)   /* allocated at the miss */
        evict_to_dram(s, s->c.evicted_addr, now);
    struct l2_item f = { now + s->latency, -1, cache_unit_of(&s->c, it->addr),
                         s->c.unit, ACT_FETCH, it->sm };
    ring_push(&s->pipe, f);
    (void)pool;
    return true;
}

/* The slice's one lookup of this cycle. */
static void lookup(struct l2slice *s, struct icnt *n, struct mreq_pool *pool,
                   uint64_t now)
{
    if (!s->look.n && icnt_next(n, pool, s->port) <= now)
        take_request(s, n, pool, now);
    struct l2_item *it = ring_head(&s->look);
    if (!it)
        return;
    bool done = it->action == LOOK_WRITE ? look_write(s, it, now)
                                         : look_read(s, it, pool, now);
    if (done)
        ring_pop(&s->look);
}

/* Without a cache: requests go straight to DRAM after the latency. */
static void pass_through(struct l2slice *s, struct icnt *n,
                         struct mreq_pool *pool, uint64_t now)
{
    if (icnt_next(n, pool, s->port) > now)
        return;
    int32_t ri = icnt_receive(n, pool, s->port, now);
    struct mreq *r = mreq_at(pool, ri);
    emit(s, EV_L2_ACCESS, r->sm, r->addr, EV_L2_FORWARD, now);
    if (r->kind == MR_WRITE || r->kind == MR_WRITEBACK) {
        s->st.writes++;
        to_dram(s, r->addr, s->line, true, L2_NO_REQ, now);
        if (r->ack) {        /* acknowledged once it leaves for DRAM */
            struct l2_item it = { now + s->latency, ri, r->addr, 0,
                                  ACT_RESPOND, (int16_t)r->sm };
            ring_push(&s->pipe, it);
        } else {
            mreq_release(pool, ri);
        }
        return;
    }
    if (r->kind == MR_ATOMIC)
        s->st.atomics++;
    else
        s->st.reads++;
    struct l2_item it = { now + s->latency, ri, r->addr, 0, ACT_FORWARD,
                          (int16_t)r->sm };
    ring_push(&s->pipe, it);
}

static void respond(struct mreq *r)
{
    r->response = true;
    if (r->kind == MR_ATOMIC)
        r->bytes = 4;
}

void l2_tick(struct l2slice *s, struct icnt *n, struct mreq_pool *pool,
             uint64_t now)
{
    if (s->has_cache)
        lookup(s, n, pool, now);
    else
        pass_through(s, n, pool, now);
    struct l2_item *it;
    /* Fills first: they answer requests that have waited for DRAM. */
    while ((it = ring_head(&s->out))) {
        struct mreq *r = mreq_at(pool, it->req);
        respond(r);
        if (!icnt_send(n, pool, it->req, s->port, r->sm, now))
            break;
        ring_pop(&s->out);
    }
    while ((it = ring_head(&s->pipe)) && it->ready <= now) {
        if (it->action == ACT_FETCH) {
            to_dram(s, it->addr, it->bytes, false, L2_NO_REQ, now);
        } else if (it->action == ACT_FORWARD) {
            struct mreq *r = mreq_at(pool, it->req);
            to_dram(s, r->addr, 32 * ((r->bytes + 31) / 32), false,
                    (uint32_t)it->req, now);
        } else {
            struct mreq *r = mreq_at(pool, it->req);
            respond(r);
            if (!icnt_send(n, pool, it->req, s->port, r->sm, now))
                break;       /* port busy: try again next cycle */
        }
        ring_pop(&s->pipe);
    }
    while ((it = ring_head(&s->to_dram)) && it->ready <= now) {
        struct dram_req d = { it->addr, it->bytes, it->action != 0,
                              L2_TAG(s->id, (uint32_t)it->req) };
        if (!dram_push(s->dram, &d, now))
            break;
        emit(s, EV_DRAM_REQUEST, -1, d.addr, d.write, now);
        ring_pop(&s->to_dram);
    }
    note_due(s, now);
}

void l2_warm(struct l2slice *s, uint64_t addr)
{
    if (s->has_cache)
        cache_warm(&s->c, addr);
}

void l2_dram_done(struct l2slice *s, const struct dram_req *d,
                  struct mreq_pool *pool, uint64_t now)
{
    if (d->write)
        return;
    uint32_t payload = L2_TAG_PAYLOAD(d->tag);
    if (payload != L2_NO_REQ) {
        /* A request passed through an L2 without a cache. */
        struct l2_item it = { now, (int32_t)payload, d->addr, 0, ACT_RESPOND,
                              -1 };
        ring_push(&s->out, it);
        note_due(s, now);
        return;
    }
    uint64_t victim;
    if (cache_fill(&s->c, d->addr, false, &victim))
        evict_to_dram(s, victim, now);
    uint32_t tags[64];
    uint32_t k = cache_release(&s->c, d->addr, tags);
    for (uint32_t i = 0; i < k; i++) {
        struct mreq *r = mreq_at(pool, (int32_t)tags[i]);
        if (r->kind == MR_ATOMIC)
            cache_write_hit(&s->c, r->addr);
        struct l2_item it = { now, (int32_t)tags[i], r->addr, 0, ACT_RESPOND,
                              (int16_t)r->sm };
        ring_push(&s->out, it);
    }
    note_due(s, now);
}

uint32_t l2_pending(const struct l2slice *s)
{
    return s->look.n + s->pipe.n + s->out.n + s->to_dram.n +
           cache_mshrs_used(&s->c);
}
