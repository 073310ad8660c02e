/* mreq.c - the request pool and the interconnect (see mreq.h). */
#include "timing/mreq.h"
#include "util/pool.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void mreq_pool_init(struct mreq_pool *p)
{
    memset(p, 0, sizeof *p);
    p->free = -1;
}

void mreq_pool_free(struct mreq_pool *p)
{
    free(p->v);
    mreq_pool_init(p);
}

int32_t mreq_alloc(struct mreq_pool *p)
{
    if (p->free < 0)
        pool_grow(p->v, p->cap, p->free, next, 256);
    int32_t i = p->free;
    p->free = p->v[i].next;
    memset(&p->v[i], 0, sizeof p->v[i]);
    p->v[i].next = -1;
    p->v[i].parent = -1;
    p->used++;
    return i;
}

void mreq_release(struct mreq_pool *p, int32_t i)
{
    p->v[i].next = p->free;
    p->free = i;
    p->used--;
}

void icnt_init(struct icnt *n, uint32_t ports, uint32_t flit,
               uint32_t latency)
{
    memset(n, 0, sizeof *n);
    n->ports = ports;
    n->near_next = UINT64_MAX;
    n->flit = flit;
    n->latency = latency;
    n->src_free = ws_xcalloc(ports + 1, sizeof *n->src_free);
    n->dst_free = ws_xcalloc(ports + 1, sizeof *n->dst_free);
    n->q = ws_xmalloc((ports + 1) * sizeof *n->q);
    n->busy = ws_xcalloc(ports / 64 + 1, sizeof *n->busy);
    n->dst_flits = ws_xcalloc(ports + 1, sizeof *n->dst_flits);
    for (uint32_t i = 0; i <= ports; i++)
        n->q[i].head = n->q[i].tail = -1;
}

void icnt_free(struct icnt *n)
{
    free(n->src_free);
    free(n->dst_free);
    free(n->q);
    free(n->busy);
    free(n->dst_flits);
    memset(n, 0, sizeof *n);
}

uint32_t icnt_flits(const struct icnt *n, const struct mreq *r)
{
    uint32_t data = (r->bytes + n->flit - 1) / n->flit;
    if (r->response)
        return r->kind == MR_READ ? (data ? data : 1) : 1;
    return (r->kind == MR_WRITE || r->kind == MR_WRITEBACK) ? 1 + data : 1;
}

uint32_t icnt_claim(struct icnt *n, const struct mreq *m, uint32_t src,
                    uint64_t now)
{
    if (n->src_free[src] > now)
        return 0;
    uint32_t flits = icnt_flits(n, m);
    n->src_free[src] = now + flits;
    return flits;
}

void icnt_enqueue(struct icnt *n, struct mreq_pool *p, int32_t r,
                  uint32_t src, uint32_t dst, uint64_t now, uint32_t flits)
{
    struct mreq *m = mreq_at(p, r);
    uint64_t arrive = now + flits + n->latency;
    uint64_t start = arrive > n->dst_free[dst] ? arrive : n->dst_free[dst];
    /* It has reached dst at start; the port then takes its n flits. */
    n->dst_free[dst] = start + flits;
    /* Input-queued: it left src only in time to reach dst at start, and
       src was busy with it until then (start - latency >= now + flits,
       the claim's own end, so an unblocked packet changes nothing). */
    if (n->input_queued && start - n->latency > n->src_free[src])
        n->src_free[src] = start - n->latency;
    m->deliver = start;
    m->next = -1;
    if (dst < n->near && start < n->near_next)
        n->near_next = start;
    struct icnt_queue *q = &n->q[dst];
    if (q->tail >= 0)
        mreq_at(p, q->tail)->next = r;
    else
        q->head = r;
    q->tail = r;
    n->busy[dst >> 6] |= 1ULL << (dst & 63);
    n->packets++;
    n->flits += flits;
    n->dst_flits[dst] += flits;
}

bool icnt_send(struct icnt *n, struct mreq_pool *p, int32_t r, uint32_t src,
               uint32_t dst, uint64_t now)
{
    uint32_t flits = icnt_claim(n, mreq_at(p, r), src, now);
    if (!flits)
        return false;
    icnt_enqueue(n, p, r, src, dst, now, flits);
    return true;
}

int32_t icnt_receive(struct icnt *n, struct mreq_pool *p, uint32_t dst,
                     uint64_t now)
{
    struct icnt_queue *q = &n->q[dst];
    if (q->head < 0 || mreq_at(p, q->head)->deliver > now)
        return -1;
    int32_t r = q->head;
    q->head = mreq_at(p, r)->next;
    if (q->head < 0) {
        q->tail = -1;
        n->busy[dst >> 6] &= ~(1ULL << (dst & 63));
    }
    mreq_at(p, r)->next = -1;
    return r;
}
