/*
** mreq.h - memory requests travelling between SMs, L2 slices and DRAM,
** and the interconnect that carries them.
** Requests live in one pool and refer to each other by index. The
** interconnect has one port per SM and one per L2 slice; a port moves one
** flit per cycle, so a packet of n flits occupies its source port for n
** cycles, arrives icnt.latency cycles later, and then occupies the
** destination port for n cycles. Packets reach a destination in the order
** they were sent to it, which keeps the model deterministic.
*/
#ifndef WS_MREQ_H
#define WS_MREQ_H
#include <stdbool.h>
#include <stdint.h>
#include "timing/seams.h"

struct mreq {
    uint64_t addr;        /* line or sector address */
    uint32_t bytes;       /* data bytes carried (or requested) */
    uint8_t kind;         /* enum mreq_kind */
    bool l1line;          /* a read that fills an L1 line */
    bool response;        /* travelling back to the SM */
    bool ack;             /* a store the L2 acknowledges (l2.write_ack) */
    uint16_t sm;
    uint32_t tag;         /* the requester's id (memory operation) */
    uint64_t deliver;     /* cycle it reaches its current destination */
    int32_t next;         /* queue / free-list link */
    int32_t parent;       /* a sector of this request (sectored L2), or -1 */
    uint8_t parts;        /* a split request: sector answers outstanding */
};

struct mreq_pool {
    struct mreq *v;
    uint32_t cap;
    int32_t free;
    uint32_t used;
};

void mreq_pool_init(struct mreq_pool *p);
void mreq_pool_free(struct mreq_pool *p);
/* Index of a fresh request (the pool grows as needed). */
int32_t mreq_alloc(struct mreq_pool *p);
void mreq_release(struct mreq_pool *p, int32_t i);
static inline struct mreq *mreq_at(struct mreq_pool *p, int32_t i)
{
    return &p->v[i];
}

struct icnt_queue {
    int32_t head, tail;   /* FIFO of request indices, by delivery time */
};

struct icnt {
    uint32_t ports, flit, latency;
    bool input_queued;    /* icnt.queues = input: see icnt_enqueue */
    uint64_t *src_free;   /* cycle each port can start sending */
    uint64_t *dst_free;   /* cycle each port can start receiving */
    struct icnt_queue *q; /* per destination port */
    uint64_t *busy;       /* bitset: destinations with packets queued */
    uint64_t *dst_flits;  /* flits delivered to each port */
    uint64_t packets, flits;
    /* Ports [0, near) (the SMs'; none after icnt_init), watched as a
       group: near_next is at most the earliest delivery due to any of
       them. icnt_enqueue lowers it; whoever takes their packets
       (icnt_receive) sets it again. */
    uint32_t near;
    uint64_t near_next;
};

void icnt_init(struct icnt *n, uint32_t ports, uint32_t flit,
               uint32_t latency);
void icnt_free(struct icnt *n);

/* Flits of a packet: a header for requests, the data for responses. */
uint32_t icnt_flits(const struct icnt *n, const struct mreq *r);

/*
** Sends request r from port src to port dst at cycle now. Returns false
** if the source port is still busy with an earlier packet.
*/
bool icnt_send(struct icnt *n, struct mreq_pool *p, int32_t r, uint32_t src,
               uint32_t dst, uint64_t now);
/*
** icnt_send in two halves, for a sender whose packets are queued at their
** destination later in the same cycle (several SMs simulated at once, in
** SM order): icnt_claim takes the source port for packet m (its flits;
** 0 when the port is busy), icnt_enqueue puts request r, claimed at now
** from src with that many flits, in dst's queue. With input_queued, a
** packet that finds dst busy waits at the head of src's queue: src sends
** nothing else until the packet has left for dst.
*/
uint32_t icnt_claim(struct icnt *n, const struct mreq *m, uint32_t src,
                    uint64_t now);
void icnt_enqueue(struct icnt *n, struct mreq_pool *p, int32_t r,
                  uint32_t src, uint32_t dst, uint64_t now, uint32_t flits);

/* The next request that has reached dst by now, removed; -1 if none. */
int32_t icnt_receive(struct icnt *n, struct mreq_pool *p, uint32_t dst,
                     uint64_t now);

/* Delivery cycle of dst's next packet, UINT64_MAX if none. */
static inline uint64_t icnt_next(const struct icnt *n,
                                 const struct mreq_pool *p, uint32_t dst)
{
    const struct icnt_queue *q = &n->q[dst];
    return q->head < 0 ? UINT64_MAX : p->v[q->head].deliver;
}

/* The first destination port >= from with packets queued, or -1. */
static inline int32_t icnt_busy_port(const struct icnt *n, uint32_t from)
{
    for (uint32_t wd = from >> 6; wd * 64 < n->ports; wd++) {
        uint64_t v = n->busy[wd];
        if (wd == from >> 6)
            v &= ~0ULL << (from & 63);
        if (v) {
            uint32_t b = wd * 64 + (uint32_t)__builtin_ctzll(v);
            return b < n->ports ? (int32_t)b : -1;
        }
    }
    return -1;
}

/* Earliest cycle port src can send. */
static inline uint64_t icnt_src_free(const struct icnt *n, uint32_t src)
{
    return n->src_free[src];
}

#endif
