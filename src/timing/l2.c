/* l2.c - L2 slices (see l2.h). */
#include "timing/l2.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

enum { ACT_RESPOND, ACT_FETCH, ACT_FORWARD };

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
    s->has_cache = p->l2_size >= p->l2_ways * p->l2_line;
    cache_init(&s->c, s->has_cache ? p->l2_size : 0, p->l2_ways, p->l2_line,
               REPL_LRU, p->l2_mshrs, 64, p->seed + 1000 + id);
    s->dram = dram;
    s->chan = chan;
    s->bus = bus;
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
    ring_free(&s->pipe);
    ring_free(&s->out);
    ring_free(&s->to_dram);
    memset(s, 0, sizeof *s);
}

static void to_dram(struct l2slice *s, uint64_t addr, uint32_t bytes,
                    bool write, uint32_t payload, uint64_t now)
{
    struct l2_item it = { now, (int32_t)payload, addr, (uint8_t)write };
    ring_push(&s->to_dram, it);
    if (write)
        s->st.dram_writes++;
    else
        s->st.dram_reads++;
    (void)bytes;
}

static void evict_to_dram(struct l2slice *s, uint64_t victim, uint64_t now)
{
    to_dram(s, victim, s->line, true, L2_NO_REQ, now);
}

/* Handles the request at the head of the interconnect queue. Returns false
   (leaving it queued) when no MSHR is free. */
static bool accept(struct l2slice *s, struct icnt *n, struct mreq_pool *pool,
                   uint64_t now)
{
    if (icnt_next(n, pool, s->port) > now)
        return false;
    int32_t ri = n->q[s->port].head;
    struct mreq *r = mreq_at(pool, ri);
    uint64_t victim;
    switch (r->kind) {
    case MR_WRITE:
    case MR_WRITEBACK:
        s->st.writes++;
        emit(s, EV_L2_ACCESS, r->sm, r->addr,
             s->has_cache ? EV_L2_WRITE : EV_L2_FORWARD, now);
        if (!s->has_cache) {
            to_dram(s, r->addr, r->bytes, true, L2_NO_REQ, now);
        } else {
            s->st.accesses++;
            if (cache_write_hit(&s->c, r->addr)) {
                s->st.hits++;
            } else {
                s->st.misses++;
                if (cache_fill(&s->c, r->addr, true, &victim))
                    evict_to_dram(s, victim, now);
            }
        }
        icnt_receive(n, pool, s->port, now);
        mreq_release(pool, ri);
        return true;
    default:
        break;
    }
    /* Reads and atomics. */
    if (!s->has_cache) {
        icnt_receive(n, pool, s->port, now);
        if (r->kind == MR_ATOMIC)
            s->st.atomics++;
        else
            s->st.reads++;
        emit(s, EV_L2_ACCESS, r->sm, r->addr, EV_L2_FORWARD, now);
        struct l2_item it = { now + s->latency, ri, r->addr, ACT_FORWARD };
        ring_push(&s->pipe, it);
        return true;
    }
    uint32_t m;
    enum cache_result res = cache_read(&s->c, r->addr, (uint32_t)ri, &m);
    if (res == CACHE_FAIL)
        return false;
    icnt_receive(n, pool, s->port, now);
    s->st.accesses++;
    if (r->kind == MR_ATOMIC)
        s->st.atomics++;
    else
        s->st.reads++;
    emit(s, EV_L2_ACCESS, r->sm, r->addr,
         res == CACHE_HIT ? EV_L2_HIT
         : res == CACHE_MERGED ? EV_L2_MERGE : EV_L2_MISS, now);
    if (res == CACHE_HIT) {
        s->st.hits++;
        if (r->kind == MR_ATOMIC)
            cache_write_hit(&s->c, r->addr);
        struct l2_item it = { now + s->latency, ri, r->addr, ACT_RESPOND };
        ring_push(&s->pipe, it);
    } else {
        s->st.misses++;
        if (res == CACHE_MERGED)
            s->st.mshr_merges++;
        if (res == CACHE_MISS) {
            struct l2_item it = { now + s->latency, -1,
                                  cache_line_of(&s->c, r->addr), ACT_FETCH };
            ring_push(&s->pipe, it);
        }
    }
    return true;
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
    accept(s, n, pool, now);
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
            to_dram(s, it->addr, s->line, false, L2_NO_REQ, now);
        } else if (it->action == ACT_FORWARD) {
            struct mreq *r = mreq_at(pool, it->req);
            to_dram(s, r->addr, r->bytes < 32 ? 32 : r->bytes, false,
                    (uint32_t)it->req, now);
        } else {
            struct mreq *r = mreq_at(pool, it->req);
            respond(r);
            if (!icnt_send(n, pool, it->req, s->port, r->sm, now))
                break;       /* port busy: try again next cycle */
        }
        ring_pop(&s->pipe);
    }
    while ((it = ring_head(&s->to_dram))) {
        struct dram_req d = { it->addr, s->line, it->action != 0,
                              L2_TAG(s->id, (uint32_t)it->req) };
        if (it->action == 0 && (uint32_t)it->req != L2_NO_REQ)
            d.bytes = 32 * ((mreq_at(pool, it->req)->bytes + 31) / 32);
        if (!dram_push(s->dram, &d, now))
            break;
        emit(s, EV_DRAM_REQUEST, -1, d.addr, d.write, now);
        ring_pop(&s->to_dram);
    }
}

void l2_dram_done(struct l2slice *s, const struct dram_req *d,
                  struct mreq_pool *pool, uint64_t now)
{
    if (d->write)
        return;
    uint32_t payload = L2_TAG_PAYLOAD(d->tag);
    if (payload != L2_NO_REQ) {
        /* A request passed through an L2 without a cache. */
        struct l2_item it = { now, (int32_t)payload, d->addr, ACT_RESPOND };
        ring_push(&s->out, it);
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
        struct l2_item it = { now, (int32_t)tags[i], r->addr, ACT_RESPOND };
        ring_push(&s->out, it);
    }
}

uint64_t l2_next_event(const struct l2slice *s, uint64_t now)
{
    uint64_t t = UINT64_MAX;
    if (s->pipe.n) {
        uint64_t r = ring_front(&s->pipe).ready;
        t = r > now ? r : now + 1;
    }
    if (s->to_dram.n || s->out.n)
        t = now + 1;
    return t;
}

uint32_t l2_pending(const struct l2slice *s)
{
    return s->pipe.n + s->out.n + s->to_dram.n + cache_mshrs_used(&s->c);
}
