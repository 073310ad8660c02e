/*
** missq.h - an L1's miss queue: the requests it sends toward L2, in
** order, one per cycle when the SM's interconnect port is free, and the
** count of those still expecting a response. The baseline L1D and any
** design's own L1 share it (with mshr.h for the misses themselves), so a
** new data array only decides what to request. It reaches L2 through the
** SM's struct l2_port (seams.h), which the GPU provides.
*/
#ifndef WS_MISSQ_H
#define WS_MISSQ_H
#include <stdbool.h>
#include <stdint.h>
#include "timing/mreq.h"
#include "timing/seams.h"
#include "util/jval.h"
#include "util/ring.h"

struct missq {
    const struct l2_port *l2;
    uint32_t sm;
    RING(struct mreq) q;          /* requests not yet sent, oldest first */
    uint32_t limit;               /* new requests stall beyond this */
    uint32_t outstanding;         /* requests expecting a response */
    bool acks;                    /* stores are acknowledged (l2.write_ack) */
};

/* A queue of SM sm's requests through port l2, new ones stalling beyond
   limit; with acks the L2 acknowledges stores (missq_store). */
void missq_init(struct missq *m, const struct l2_port *l2, uint32_t sm,
                uint32_t limit, bool acks);
void missq_free(struct missq *m);

/* No room for a new request (writebacks a fill forces are never
   refused: missq_push always queues). */
static inline bool missq_full(const struct missq *m)
{
    return m->q.n >= m->limit;
}
/* Queues a request of this SM (reads and atomics expect a response);
   the caller may fill in more of it until the next push. */
struct mreq *missq_push(struct missq *m, enum mreq_kind kind, uint64_t addr,
                        uint32_t bytes, uint32_t tag);
/* Queues store tag's data for the L2 (MR_WRITE). L1_SENT: nothing comes
   back. With acks (GPGPU-Sim's WRITE_ACK) the L2 answers every sector or
   line it writes, the answers come back through the L1's response path as
   a read's that fills no line (mem_done(tag)), and the store is
   L1_PENDING until then: its warp retires only when its stores are
   acknowledged. */
enum l1_status missq_store(struct missq *m, uint64_t addr, uint32_t bytes,
                           uint32_t tag);
/* A response arrived for one of its requests. */
static inline void missq_answered(struct missq *m)
{
    m->outstanding--;
}
/* Sends the oldest request if the SM's port is free. */
void missq_tick(struct missq *m, uint64_t now);
/* The next cycle missq_tick can send, UINT64_MAX when empty. */
uint64_t missq_next_event(const struct missq *m, uint64_t now);
/* Requests still to send or expecting a response. */
static inline uint32_t missq_pending(const struct missq *m)
{
    return m->q.n + m->outstanding;
}
/* For inspection: miss_queue, miss_queue_limit. */
void missq_describe(const struct missq *m, struct jv *o);
void missq_hash(const struct missq *m, uint64_t *h);

#endif
