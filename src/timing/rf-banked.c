/*
** rf-banked.c - the baseline register file: single-ported SRAM banks.
** Warp slot w's register r lives in bank (w + r) mod banks (rf.bank_map
** "warp+reg", GPGPU-Sim's mapping) or r mod banks ("reg"). Each cycle
** every bank serves one queued access, a write before any read (results
** must not wait behind operand reads); reads are served oldest first.
** Every request left waiting in a cycle counts as a bank conflict. With
** rf.arbiter = N > 0 only N banks are served per cycle (Fermi's register
** file: 4 of 16), granted round-robin from the bank after the last one
** served; banks with work left out wait (`arbiter_waits`). With
** rf.collector_reads = N > 0 a collector (an instruction) receives at most
** N operands per cycle, as GPGPU-Sim's allocator matches banks to
** collectors: a bank whose oldest read is for a collector already served
** waits (`collector_waits`).
*/
#include "timing/rf-banked.h"
#include "util/bits.h"
#include "util/hash.h"
#include "util/ring.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

struct rq_ent {                 /* a request: its tag, whose register */
    uint32_t tag;
    uint16_t warp, reg;
};
typedef RING(struct rq_ent) rq_t;    /* requests, oldest first */

/* One bank: what a cycle's arbitration touches of it, together. */
struct bank {
    rq_t rd, wr;                  /* queued reads and writes */
    uint64_t served_at;           /* last cycle it served */
    uint32_t waited_at;           /* ... and the requests left waiting */
    uint64_t reads, writes, conflicts;
};

struct rfb {
    uint32_t banks, capacity, pending;
    uint32_t arbiter, next;       /* grants per cycle (0: all); rr start */
    uint64_t arbiter_waits;       /* bank-cycles with work, not granted */
    uint32_t per_tag;             /* reads per collector per cycle (0: any) */
    uint64_t collector_waits;     /* bank-cycles whose read's collector was
                                     full */
    uint64_t busy;                /* banks with queued requests (<= 64) */
    enum bank_map map;
    struct bank *bank;
    uint64_t reads, writes, conflicts, conflict_cycles;
    struct evbus *bus;
    uint32_t sm;
    void (*done)(void *ctx, uint32_t tag, bool write);
    void *ctx;
};

static uint32_t rq_pop(rq_t *q)
{
    uint32_t t = ring_front(q).tag;
    ring_pop(q);
    return t;
}

/* A conflict on bank b: who was served (writes first) and who waits. */
static void conflict_event(const struct rfb *r, uint32_t b, uint32_t waiting,
                           uint64_t now)
{
    const rq_t *w = &r->bank[b].wr, *q = &r->bank[b].rd;
    struct rq_ent served = w->n ? ring_front(w) : ring_front(q);
    bool wait_write = w->n > 1;
    struct rq_ent next = wait_write ? ring_at(w, 1)
                                    : w->n ? ring_front(q) : ring_at(q, 1);
    struct ws_event e = { EV_RF_CONFLICT, (int16_t)r->sm, served.warp, now,
                          ev_req_pair(ev_req(served.warp, served.reg, w->n > 0),
                                      ev_req(next.warp, next.reg, wait_write)),
                          b, waiting - 1 };
    evbus_deliver(r->bus, &e);
}

static void *rfb_create(const struct seam_env *env)
{
    struct rfb *r = ws_xcalloc(1, sizeof *r);
    r->banks = env->p->rf_banks;
    r->map = env->p->bank_map;
    r->arbiter = env->p->rf_arbiter < r->banks ? env->p->rf_arbiter : 0;
    r->per_tag = env->p->collector_reads;
    r->capacity = env->p->registers;
    r->bank = ws_xcalloc(r->banks, sizeof *r->bank);
    for (uint32_t b = 0; b < r->banks; b++)
        r->bank[b].served_at = UINT64_MAX;
    r->bus = env->bus;
    r->sm = env->sm;
    r->done = env->rf_done;
    r->ctx = env->ctx;
    return r;
}

static void rfb_destroy(void *self)
{
    struct rfb *r = self;
    for (uint32_t b = 0; b < r->banks; b++) {
        ring_free(&r->bank[b].rd);
        ring_free(&r->bank[b].wr);
    }
    free(r->bank);
    free(r);
}

static uint32_t rfb_capacity(void *self)
{
    return ((struct rfb *)self)->capacity;
}

/* Queues a request on the bank holding warp slot w's register reg. */
static void enqueue(struct rfb *r, bool write, uint32_t w, uint32_t reg,
                    uint32_t tag)
{
    uint32_t b = rf_bank_of(r->map, r->banks, w, reg);
    struct rq_ent q = { tag, (uint16_t)w, (uint16_t)reg };
    rq_t *queue = write ? &r->bank[b].wr : &r->bank[b].rd;
    ring_push(queue, q);
    r->busy |= 1ULL << b;
    r->pending++;
}

static void rfb_read(void *self, uint32_t w, uint32_t reg, uint32_t tag,
                     bool last)
{
    struct rfb *r = self;
    (void)last;
    enqueue(r, false, w, reg, tag);
}

static void rfb_write(void *self, uint32_t w, uint32_t reg, uint32_t tag)
{
    struct rfb *r = self;
    enqueue(r, true, w, reg, tag);
}

/* The reads given to collector `tag` this cycle (served[0..n)). */
static uint32_t reads_of(const uint32_t *served, uint32_t n, uint32_t tag)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += served[i] == tag;
    return k;
}

static void rfb_tick(void *self, uint64_t now)
{
    struct rfb *r = self;
    if (!r->pending)
        return;
    uint32_t served[64], nserved = 0;   /* read tags of this cycle */
    bool conflicted = false;
    uint32_t granted = 0, start = r->next;
    /* the banks with work in round-robin order from r->next */
    for (uint64_t order = ws_rr_order(r->busy, start, r->banks); order;
         order &= order - 1) {
        uint32_t b = ws_rr_index((uint32_t)__builtin_ctzll(order), start,
                                 r->banks);
        if (r->arbiter && granted == r->arbiter) {
            r->arbiter_waits++;
            continue;
        }
        struct bank *k = &r->bank[b];
        rq_t *w = &k->wr, *q = &k->rd;
        if (r->per_tag && !w->n &&
            reads_of(served, nserved, ring_front(q).tag) >= r->per_tag) {
            r->collector_waits++;      /* its collector has its operands */
            continue;
        }
        granted++;
        if (r->arbiter)
            r->next = b + 1 < r->banks ? b + 1 : 0;
        uint32_t waiting = w->n + q->n;
        k->served_at = now;
        k->waited_at = waiting - 1;
        if (waiting > 1) {
            r->conflicts += waiting - 1;
            k->conflicts += waiting - 1;
            conflicted = true;
            if (ev_wanted(r->bus, EV_RF_CONFLICT))
                conflict_event(r, b, waiting, now);
        }
        r->pending--;
        bool write = w->n > 0;
        uint32_t tag = rq_pop(write ? w : q);
        if (write) {
            r->writes++;
            k->writes++;
        } else {
            r->reads++;
            k->reads++;
            served[nserved++] = tag;
        }
        if (!w->n && !q->n)
            r->busy &= ~(1ULL << b);
        r->done(r->ctx, tag, write);
    }
    if (conflicted)
        r->conflict_cycles++;
}

static uint64_t rfb_next_event(void *self, uint64_t now)
{
    return ((struct rfb *)self)->pending ? now + 1 : UINT64_MAX;
}

static void rfb_stats(void *self, struct jv *o)
{
    struct rfb *r = self;
    jv_add_int(o, "reads", (int64_t)r->reads);
    jv_add_int(o, "writes", (int64_t)r->writes);
    jv_add_int(o, "bank_conflicts", (int64_t)r->conflicts);
    jv_add_int(o, "conflict_cycles", (int64_t)r->conflict_cycles);
    if (r->arbiter)
        jv_add_int(o, "arbiter_waits", (int64_t)r->arbiter_waits);
    if (r->per_tag)
        jv_add_int(o, "collector_waits", (int64_t)r->collector_waits);
    jv_set(o, "banks", jv_int(r->banks));
    for (uint32_t b = 0; b < r->banks; b++)
        rf_stats_add_bank(o, r->banks, b, r->bank[b].reads,
                          r->bank[b].writes, r->bank[b].conflicts);
}

/* Bank b as of cycle now (the last cycle ticked): queued requests and
   whether it served one then. */
static void bank_json(const struct rfb *r, uint32_t b, uint64_t now,
                      struct jv *o)
{
    const struct bank *k = &r->bank[b];
    bool served = k->served_at == now;
    jv_set(o, "queue", jv_int(k->rd.n + k->wr.n));
    jv_set(o, "reads_queued", jv_int(k->rd.n));
    jv_set(o, "writes_queued", jv_int(k->wr.n));
    jv_set(o, "reads", jv_int((int64_t)k->reads));
    jv_set(o, "writes", jv_int((int64_t)k->writes));
    jv_set(o, "conflicts", jv_int((int64_t)k->conflicts));
    jv_set(o, "busy_this_cycle", jv_bool(served));
    jv_set(o, "conflicts_this_cycle", jv_int(served ? k->waited_at : 0));
}

static void rfb_describe(void *self, uint64_t now, struct jv *out)
{
    const struct rfb *r = self;
    struct jv *pb = jv_set(out, "per_bank", jv_arr());
    for (uint32_t b = 0; b < r->banks; b++)
        bank_json(r, b, now, jv_push(pb, jv_obj()));
}

static void rfb_hash(void *self, uint64_t now, uint64_t *h)
{
    const struct rfb *r = self;
    for (uint32_t b = 0; b < r->banks; b++) {
        const struct bank *k = &r->bank[b];
        bool served = k->served_at == now;
        ws_hash_u64(h, k->rd.n);
        ws_hash_u64(h, k->wr.n);
        ws_hash_u64(h, served);
        ws_hash_u64(h, served ? k->waited_at : 0);
    }
}

static void rfb_energy(void *self, const struct tparams *p, uint64_t cycles,
                       struct jv *o)
{
    struct rfb *r = self;
    jv_add_num(o, "rf", (double)r->reads * p->e.rf_read +
                        (double)r->writes * p->e.rf_write +
                        leak_pj(p, p->e.rf_leak * r->banks, cycles));
}

const struct rf_ops rf_banked_ops = {
    .part = {
        .name = "banked",
        .create = rfb_create,
        .destroy = rfb_destroy,
        .tick = rfb_tick,
        .next_event = rfb_next_event,
        .stats = rfb_stats,
        .energy = rfb_energy,
        .describe = rfb_describe,
        .hash = rfb_hash,
    },
    .capacity = rfb_capacity,
    .read = rfb_read,
    .write = rfb_write,
};

void rf_stats_add_bank(struct jv *o, uint32_t banks, uint32_t b,
                       uint64_t reads, uint64_t writes, uint64_t conflicts)
{
    struct jv *pb = jv_get(o, "per_bank");
    if (!pb) {
        pb = jv_set(o, "per_bank", jv_arr());
        for (uint32_t i = 0; i < banks; i++)
            jv_push(pb, jv_obj());
    }
    if (b >= pb->n)
        return;
    struct jv *x = pb->items[b];
    jv_add_int(x, "reads", (int64_t)reads);
    jv_add_int(x, "writes", (int64_t)writes);
    jv_add_int(x, "conflicts", (int64_t)conflicts);
}
