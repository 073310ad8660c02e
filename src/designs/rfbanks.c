/*
** rfbanks.c - register-file banks with an access time (see rfbanks.h).
** Times are kept in thousandths of a cycle so that fractional access
** times (Table 2 of the LTRF paper scales a bank's latency by 1.25, 5.3,
** 6.3...) add up exactly and deterministically.
*/
#include "designs/rfbanks.h"
#include "util/bits.h"
#include "util/xalloc.h"
#include <math.h>
#include <string.h>

void rfbanks_init(struct rfbanks *r, uint32_t n, uint64_t busy,
                  uint64_t latency)
{
    memset(r, 0, sizeof *r);
    r->n = n;
    r->busy = busy ? busy : 1;
    r->latency = latency ? latency : 1;
    r->b = ws_xcalloc(n ? n : 1, sizeof *r->b);
    r->queued_in = ws_xcalloc(n / 64 + 1, sizeof *r->queued_in);
}

void rfbanks_clear(struct rfbanks *r)
{
    for (uint32_t i = 0; i < r->n; i++) {
        struct rfb_bank *k = &r->b[i];
        k->rd.head = k->rd.n = 0;
        k->wr.head = k->wr.n = 0;
        k->bg.head = k->bg.n = 0;
        k->free_at = 0;
    }
    r->nheap = 0;
    r->queued = 0;
    memset(r->queued_in, 0, (r->n / 64 + 1) * sizeof *r->queued_in);
}

void rfbanks_free(struct rfbanks *r)
{
    for (uint32_t i = 0; i < r->n; i++) {
        ring_free(&r->b[i].rd);
        ring_free(&r->b[i].wr);
        ring_free(&r->b[i].bg);
    }
    free(r->b);
    free(r->heap);
    free(r->queued_in);
    memset(r, 0, sizeof *r);
}

void rfbanks_push(struct rfbanks *r, uint32_t b, const struct rfb_req *q)
{
    uint32_t i = b % r->n;
    struct rfb_bank *k = &r->b[i];
    r->queued_in[i / 64] |= 1ULL << (i % 64);
    if (q->background)
        ring_push(&k->bg, *q);
    else if (q->write)
        ring_push(&k->wr, *q);
    else
        ring_push(&k->rd, *q);
    r->queued++;
}

static bool before(const struct rfb_done *a, const struct rfb_done *b)
{
    return a->cycle < b->cycle || (a->cycle == b->cycle && a->seq < b->seq);
}

static void heap_push(struct rfbanks *r, const struct rfb_done *d)
{
    if (r->nheap == r->capheap) {
        r->capheap = r->capheap ? r->capheap * 2 : 64;
        r->heap = ws_xrealloc(r->heap, r->capheap * sizeof *r->heap);
    }
    uint32_t i = r->nheap++;
    while (i > 0 && before(d, &r->heap[(i - 1) / 2])) {
        r->heap[i] = r->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    r->heap[i] = *d;
}

static void heap_pop(struct rfbanks *r)
{
    struct rfb_done last = r->heap[--r->nheap];
    uint32_t i = 0, n = r->nheap;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && before(&r->heap[c + 1], &r->heap[c]))
            c++;
        if (!before(&r->heap[c], &last))
            break;
        r->heap[i] = r->heap[c];
        i = c;
    }
    if (n)
        r->heap[i] = last;
}

/* The queue of the access bank k starts next by the end of cycle now
   (writes, then reads, then background accesses), or NULL. */
static rfb_queue *next_of(const struct rfb_bank *k, uint64_t limit)
{
    const rfb_queue *order[3] = { &k->wr, &k->rd, &k->bg };
    for (int i = 0; i < 3; i++) {
        const rfb_queue *q = order[i];
        if (!q->n)
            continue;
        uint64_t a = ring_front(q).arrive;
        if ((a > k->free_at ? a : k->free_at) < limit)
            return (rfb_queue *)q;
    }
    return NULL;
}

void rfbanks_start(struct rfbanks *r, uint64_t now)
{
    if (!r->queued)
        return;
    uint64_t limit = (now + 1) * RFB_MS;
    for (uint32_t i = ws_next_bit(r->queued_in, r->n, 0); i < r->n;
         i = ws_next_bit(r->queued_in, r->n, i + 1)) {
        struct rfb_bank *k = &r->b[i];
        if (!k->wr.n && !k->rd.n && !k->bg.n) {
            r->queued_in[i / 64] &= ~(1ULL << (i % 64));
            continue;
        }
        rfb_queue *q;
        while ((q = next_of(k, limit)) != NULL) {
            struct rfb_done d = { 0, r->seq++, ring_front(q) };
            ring_pop(q);
            r->queued--;
            uint64_t s = d.q.arrive > k->free_at ? d.q.arrive : k->free_at;
            if (s > d.q.arrive) {
                k->conflicts++;
                r->conflicts++;
            }
            k->free_at = s + r->busy;
            k->started_at = now;
            if (d.q.write)
                k->writes++;
            else
                k->reads++;
            d.cycle = (s + r->latency + RFB_MS - 1) / RFB_MS;
            heap_push(r, &d);
        }
    }
}

bool rfbanks_pop_done(struct rfbanks *r, uint64_t now, struct rfb_done *out)
{
    if (!r->nheap || r->heap[0].cycle > now)
        return false;
    *out = r->heap[0];
    heap_pop(r);
    return true;
}

uint64_t rfbanks_next(const struct rfbanks *r, uint64_t now)
{
    uint64_t t = r->nheap ? r->heap[0].cycle : UINT64_MAX;
    if (r->queued) {
        /* the first cycle a queued access can start */
        for (uint32_t i = ws_next_bit(r->queued_in, r->n, 0);
             i < r->n && t > now + 1;
             i = ws_next_bit(r->queued_in, r->n, i + 1)) {
            const struct rfb_bank *k = &r->b[i];
            const rfb_queue *qs[3] = { &k->wr, &k->rd, &k->bg };
            for (int j = 0; j < 3; j++) {
                const rfb_queue *q = qs[j];
                if (!q->n)
                    continue;
                uint64_t a = ring_front(q).arrive;
                uint64_t s = a > k->free_at ? a : k->free_at;
                uint64_t c = s / RFB_MS;
                if (c < t)
                    t = c;
            }
        }
    }
    return t <= now ? now + 1 : t;
}

uint32_t rfbanks_pending(const struct rfbanks *r)
{
    return r->queued + r->nheap;
}

uint64_t rfbanks_ms(double cycles)
{
    double v = floor(cycles * RFB_MS + 0.5);
    return v < 1 ? 1 : (uint64_t)v;
}
