/* missq.c - an L1's miss queue (see missq.h). */
#include "timing/missq.h"
#include "util/hash.h"

void missq_init(struct missq *m, const struct l2_port *l2, uint32_t sm,
                uint32_t limit, bool acks)
{
    *m = (struct missq){ .l2 = l2, .sm = sm, .limit = limit, .acks = acks };
}

void missq_free(struct missq *m)
{
    ring_free(&m->q);
}

struct mreq *missq_push(struct missq *m, enum mreq_kind kind, uint64_t addr,
                        uint32_t bytes, uint32_t tag)
{
    struct mreq r = { .addr = addr, .bytes = bytes, .kind = (uint8_t)kind,
                      .sm = (uint16_t)m->sm, .tag = tag, .next = -1,
                      .parent = -1 };
    ring_push(&m->q, r);
    if (kind == MR_READ || kind == MR_ATOMIC)
        m->outstanding++;
    return &ring_at(&m->q, m->q.n - 1);
}

enum l1_status missq_store(struct missq *m, uint64_t addr, uint32_t bytes,
                           uint32_t tag)
{
    struct mreq *r = missq_push(m, MR_WRITE, addr, bytes, m->acks ? tag : 0);
    if (!m->acks)
        return L1_SENT;
    r->ack = true;
    m->outstanding++;
    return L1_PENDING;
}

void missq_tick(struct missq *m, uint64_t now)
{
    if (m->q.n && m->l2->send(m->l2->ctx, m->sm, &ring_front(&m->q), now))
        ring_pop(&m->q);
}

uint64_t missq_next_event(const struct missq *m, uint64_t now)
{
    if (!m->q.n)
        return UINT64_MAX;
    uint64_t t = m->l2->free_at(m->l2->ctx, m->sm);
    return t > now ? t : now + 1;
}

void missq_describe(const struct missq *m, struct jv *o)
{
    jv_set(o, "miss_queue", jv_int(m->q.n));
    jv_set(o, "miss_queue_limit", jv_int(m->limit));
}

void missq_hash(const struct missq *m, uint64_t *h)
{
    ws_hash_u64(h, m->q.n);
    ws_hash_u64(h, m->outstanding);
}
