/* test_icnt.c - the request pool and the interconnect: flits per packet,
   latency, source-port occupancy, serialisation and in-order delivery at
   a destination port.
   The model (mreq.h): a packet of n flits sent at cycle t occupies its
   source port for cycles [t, t + n), reaches its destination at
   t + n + latency if that port is free, and then occupies the
   destination port for n cycles; a later packet to the same port reaches
   it no earlier than that, and never before an earlier-sent one. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>
#include "timing/mreq.h"

/* A fresh request of `kind` carrying `bytes`. */
static int32_t req(struct mreq_pool *p, enum mreq_kind kind, uint32_t bytes,
                   bool response)
{
    int32_t i = mreq_alloc(p);
    struct mreq *m = mreq_at(p, i);
    m->kind = (uint8_t)kind;
    m->bytes = bytes;
    m->response = response;
    m->addr = 0x1000 + 128 * (uint64_t)i;
    return i;
}

/* Requests are a header flit, plus the data for writes and write-backs;
   responses are the data for reads (at least one flit) and one flit
   (an acknowledgement / the atomic's 4-byte result) otherwise. With
   32-byte flits: 128 B of data is 128 / 32 = 4 flits; 4 B rounds up to 1;
   33 B to 2. */
static void test_flits(void **state)
{
    (void)state;
    struct icnt n;
    icnt_init(&n, 4, 32, 10);
    struct mreq m;
    memset(&m, 0, sizeof m);
    m.kind = MR_READ; m.bytes = 128;
    assert_int_equal(icnt_flits(&n, &m), 1);
    m.kind = MR_ATOMIC; m.bytes = 4;
    assert_int_equal(icnt_flits(&n, &m), 1);
    m.kind = MR_WRITE; m.bytes = 128;
    assert_int_equal(icnt_flits(&n, &m), 1 + 4);
    m.kind = MR_WRITE; m.bytes = 4;
    assert_int_equal(icnt_flits(&n, &m), 1 + 1);
    m.kind = MR_WRITE; m.bytes = 33;
    assert_int_equal(icnt_flits(&n, &m), 1 + 2);
    m.kind = MR_WRITEBACK; m.bytes = 128;
    assert_int_equal(icnt_flits(&n, &m), 1 + 4);
    m.response = true;
    m.kind = MR_READ; m.bytes = 128;
    assert_int_equal(icnt_flits(&n, &m), 4);
    m.kind = MR_READ; m.bytes = 32;
    assert_int_equal(icnt_flits(&n, &m), 1);
    m.kind = MR_READ; m.bytes = 0;
    assert_int_equal(icnt_flits(&n, &m), 1);
    m.kind = MR_WRITE; m.bytes = 128;
    assert_int_equal(icnt_flits(&n, &m), 1);
    m.kind = MR_ATOMIC; m.bytes = 4;
    assert_int_equal(icnt_flits(&n, &m), 1);
    icnt_free(&n);
    /* 16-byte flits: a 128 B read response is 8 flits */
    icnt_init(&n, 4, 16, 10);
    m.kind = MR_READ; m.bytes = 128;
    assert_int_equal(icnt_flits(&n, &m), 8);
    icnt_free(&n);
}

/* A 1-flit read request sent at 5 with latency 10 leaves the source port
   at 5 + 1 = 6 and reaches the destination at 6 + 10 = 16: not
   receivable at 15, receivable at 16 (and later), once. With latency 0 it
   arrives the next cycle. */
static void test_one_flit_latency(void **state)
{
    (void)state;
    struct mreq_pool p;
    mreq_pool_init(&p);
    struct icnt n;
    icnt_init(&n, 4, 32, 10);
    assert_int_equal(icnt_next(&n, &p, 2), UINT64_MAX);
    assert_int_equal(icnt_receive(&n, &p, 2, 1000), -1);
    int32_t r = req(&p, MR_READ, 128, false);
    assert_true(icnt_send(&n, &p, r, 0, 2, 5));
    assert_int_equal(icnt_src_free(&n, 0), 5 + 1);
    assert_int_equal(icnt_next(&n, &p, 2), 5 + 1 + 10);
    assert_int_equal(icnt_next(&n, &p, 0), UINT64_MAX);   /* not the source */
    assert_int_equal(icnt_receive(&n, &p, 2, 15), -1);
    assert_int_equal(icnt_receive(&n, &p, 1, 16), -1);    /* other port */
    assert_int_equal(icnt_receive(&n, &p, 2, 16), r);
    assert_int_equal(mreq_at(&p, r)->next, -1);
    assert_int_equal(icnt_receive(&n, &p, 2, 17), -1);
    assert_int_equal(icnt_next(&n, &p, 2), UINT64_MAX);
    assert_int_equal(n.packets, 1);
    assert_int_equal(n.flits, 1);
    icnt_free(&n);

    icnt_init(&n, 2, 32, 0);
    assert_true(icnt_send(&n, &p, r, 1, 0, 100));
    assert_int_equal(icnt_next(&n, &p, 0), 101);
    assert_int_equal(icnt_receive(&n, &p, 0, 101), r);
    icnt_free(&n);
    mreq_pool_free(&p);
}

/* A 128-byte write is 1 + 4 = 5 flits: sent at 10 it holds source port 1
   for cycles 10..14, so sends from port 1 at 11..14 are refused (leaving
   no trace) while another port sends freely; port 1 sends again at 15.
   The write reaches its destination at 10 + 5 + 3 = 18. */
static void test_source_port_busy(void **state)
{
    (void)state;
    struct mreq_pool p;
    mreq_pool_init(&p);
    struct icnt n;
    icnt_init(&n, 8, 32, 3);
    int32_t w = req(&p, MR_WRITE, 128, false);
    int32_t x = req(&p, MR_READ, 128, false);
    int32_t y = req(&p, MR_READ, 128, false);
    assert_true(icnt_send(&n, &p, w, 1, 6, 10));
    assert_int_equal(icnt_src_free(&n, 1), 15);
    for (uint64_t t = 11; t < 15; t++)
        assert_false(icnt_send(&n, &p, x, 1, 7, t));
    assert_int_equal(icnt_next(&n, &p, 7), UINT64_MAX);
    assert_int_equal(n.packets, 1);
    assert_int_equal(n.flits, 5);
    assert_int_equal(icnt_src_free(&n, 1), 15);
    /* port 2 is independent: a read request at 11 arrives 11 + 1 + 3 */
    assert_true(icnt_send(&n, &p, y, 2, 5, 11));
    assert_int_equal(icnt_next(&n, &p, 5), 15);
    assert_true(icnt_send(&n, &p, x, 1, 7, 15));
    assert_int_equal(icnt_next(&n, &p, 7), 15 + 1 + 3);
    assert_int_equal(icnt_next(&n, &p, 6), 10 + 5 + 3);
    assert_int_equal(icnt_receive(&n, &p, 6, 17), -1);
    assert_int_equal(icnt_receive(&n, &p, 6, 18), w);
    assert_int_equal(n.packets, 3);
    assert_int_equal(n.flits, 5 + 1 + 1);
    icnt_free(&n);
    mreq_pool_free(&p);
}

/* Latency 4. Ports 0 and 1 both send a 5-flit write to port 3 at cycle 0:
   both would arrive at 0 + 5 + 4 = 9, but port 3 takes one flit per
   cycle: the first arrives at 9 and holds the port for 9..13, the second
   arrives at 14 (holding 14..18). A 1-flit request from port 2 at 0 would
   arrive at 5 on its own but comes after both: 19. A write from port 4 to
   port 5 at 0 is not affected: 9. */
static void test_destination_serialised(void **state)
{
    (void)state;
    struct mreq_pool p;
    mreq_pool_init(&p);
    struct icnt n;
    icnt_init(&n, 6, 32, 4);
    int32_t a = req(&p, MR_WRITE, 128, false);
    int32_t b = req(&p, MR_WRITE, 128, false);
    int32_t c = req(&p, MR_READ, 128, false);
    int32_t d = req(&p, MR_WRITE, 128, false);
    assert_true(icnt_send(&n, &p, a, 0, 3, 0));
    assert_true(icnt_send(&n, &p, b, 1, 3, 0));
    assert_true(icnt_send(&n, &p, c, 2, 3, 0));
    assert_true(icnt_send(&n, &p, d, 4, 5, 0));
    assert_int_equal(mreq_at(&p, a)->deliver, 9);
    assert_int_equal(mreq_at(&p, b)->deliver, 9 + 5);
    assert_int_equal(mreq_at(&p, c)->deliver, 9 + 5 + 5);
    assert_int_equal(mreq_at(&p, d)->deliver, 9);
    assert_int_equal(icnt_receive(&n, &p, 3, 8), -1);
    assert_int_equal(icnt_next(&n, &p, 3), 9);
    assert_int_equal(icnt_receive(&n, &p, 3, 9), a);
    assert_int_equal(icnt_receive(&n, &p, 3, 9), -1);
    assert_int_equal(icnt_next(&n, &p, 3), 14);
    assert_int_equal(icnt_receive(&n, &p, 3, 13), -1);
    assert_int_equal(icnt_receive(&n, &p, 3, 14), b);
    assert_int_equal(icnt_receive(&n, &p, 3, 18), -1);
    assert_int_equal(icnt_receive(&n, &p, 3, 19), c);
    assert_int_equal(icnt_receive(&n, &p, 5, 9), d);
    /* an idle port later: no leftover serialisation */
    assert_true(icnt_send(&n, &p, a, 0, 3, 100));
    assert_int_equal(icnt_next(&n, &p, 3), 100 + 5 + 4);
    icnt_free(&n);
    mreq_pool_free(&p);
}

/* Many packets of mixed sizes from several sources to one port, at
   various cycles: they come out in send order, each at the cycle the
   model gives (computed here): max(own arrival, previous arrival +
   previous flits). Received by polling every cycle, one at a time. */
static void test_delivery_order(void **state)
{
    (void)state;
    struct mreq_pool p;
    mreq_pool_init(&p);
    struct icnt n;
    const uint32_t L = 7;
    icnt_init(&n, 5, 32, L);
    enum { N = 40 };
    int32_t id[N];
    uint64_t want[N];
    uint64_t prev_arrival = 0, prev_flits = 0;
    uint64_t now = 0, seed = 12345;
    for (uint32_t i = 0; i < N; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        uint32_t k = (uint32_t)(seed >> 33);
        bool resp = k & 1;
        enum mreq_kind kind = (k >> 1) % 2 ? MR_READ : MR_WRITE;
        uint32_t bytes = 32u << ((k >> 2) % 3);          /* 32, 64, 128 */
        id[i] = req(&p, kind, bytes, resp);
        uint64_t flits = resp ? (kind == MR_READ ? bytes / 32 : 1)
                              : (kind == MR_WRITE ? 1 + bytes / 32 : 1);
        assert_int_equal(icnt_flits(&n, mreq_at(&p, id[i])), flits);
        /* sources 1..4 in turn; wait for the source to be free */
        uint32_t src = 1 + i % 4;
        now += (k >> 4) % 3;                             /* 0..2 cycles */
        uint64_t t = now;
        while (!icnt_send(&n, &p, id[i], src, 0, t))
            t++;
        now = t;                       /* time only moves forward */
        uint64_t arrival = t + flits + L;
        if (i && prev_arrival + prev_flits > arrival)
            arrival = prev_arrival + prev_flits;
        want[i] = arrival;
        prev_arrival = arrival;
        prev_flits = flits;
    }
    uint32_t got = 0;
    for (uint64_t t = 0; t <= want[N - 1]; t++) {
        int32_t r;
        while ((r = icnt_receive(&n, &p, 0, t)) >= 0) {
            assert_true(got < N);
            assert_int_equal(r, id[got]);
            assert_int_equal(t, want[got]);
            got++;
        }
    }
    assert_int_equal(got, N);
    assert_int_equal(icnt_next(&n, &p, 0), UINT64_MAX);
    icnt_free(&n);
    mreq_pool_free(&p);
}

/* The pool starts empty, hands out 0, 1, 2, ... (256 at first), grows by
   doubling without moving contents' values, reuses the most recently
   released entry first, and returns it cleared with next = -1. */
static void test_pool(void **state)
{
    (void)state;
    struct mreq_pool p;
    mreq_pool_init(&p);
    assert_int_equal(p.used, 0);
    assert_int_equal(p.cap, 0);
    for (int32_t i = 0; i < 300; i++) {
        int32_t k = mreq_alloc(&p);
        assert_int_equal(k, i);
        assert_int_equal(mreq_at(&p, k)->next, -1);
        mreq_at(&p, k)->addr = 1000 + (uint64_t)i;
        mreq_at(&p, k)->tag = (uint32_t)i;
    }
    assert_int_equal(p.used, 300);
    assert_true(p.cap >= 300);
    uint32_t cap = p.cap;
    for (int32_t i = 0; i < 300; i++)
        assert_int_equal(mreq_at(&p, i)->addr, 1000 + (uint64_t)i);
    mreq_release(&p, 5);
    mreq_release(&p, 100);
    assert_int_equal(p.used, 298);
    assert_int_equal(mreq_alloc(&p), 100);
    int32_t k = mreq_alloc(&p);
    assert_int_equal(k, 5);
    assert_int_equal(mreq_at(&p, k)->addr, 0);
    assert_int_equal(mreq_at(&p, k)->tag, 0);
    assert_int_equal(mreq_at(&p, k)->next, -1);
    assert_int_equal(p.used, 300);
    /* releasing everything and allocating as many again does not grow */
    for (int32_t i = 0; i < 300; i++)
        mreq_release(&p, i);
    assert_int_equal(p.used, 0);
    bool seen[300] = { false };
    for (int32_t i = 0; i < 300; i++) {
        k = mreq_alloc(&p);
        assert_true(k >= 0 && k < 300);
        assert_false(seen[k]);
        seen[k] = true;
    }
    assert_int_equal(p.cap, cap);
    mreq_pool_free(&p);
    assert_int_equal(p.cap, 0);
    assert_int_equal(p.used, 0);
}

/* sim.threads sends in two halves: several sources claim their ports in
   one cycle (icnt_claim), and their packets are queued at the
   destinations afterwards (icnt_enqueue), source by source. That gives
   the delivery times and order icnt_send gives packet by packet, and a
   busy source port refuses in both; in both queueing modes. */
static void claim_then_enqueue(bool input_queued)
{
    struct mreq_pool pa, pb;
    mreq_pool_init(&pa);
    mreq_pool_init(&pb);
    struct icnt a, b;
    icnt_init(&a, 6, 32, 5);
    icnt_init(&b, 6, 32, 5);
    a.input_queued = b.input_queued = input_queued;
    uint64_t refused = 0;
    uint64_t seed = 99;
    for (uint64_t now = 0; now < 200; now++) {
        struct { int32_t r; uint32_t src, dst, flits; } held[4];
        uint32_t nheld = 0;
        for (uint32_t src = 0; src < 4; src++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            uint32_t k = (uint32_t)(seed >> 33);
            if (k % 3 == 0)
                continue;                       /* this source sends nothing */
            enum mreq_kind kind = (k >> 2) % 2 ? MR_READ : MR_WRITE;
            uint32_t bytes = 32u << ((k >> 3) % 3);
            uint32_t dst = 4 + (k >> 5) % 2;    /* two shared destinations */
            int32_t ra = req(&pa, kind, bytes, false);
            int32_t rb = req(&pb, kind, bytes, false);
            bool sent = icnt_send(&a, &pa, ra, src, dst, now);
            uint32_t flits = icnt_claim(&b, mreq_at(&pb, rb), src, now);
            assert_int_equal(sent, flits > 0);
            if (!sent) {
                refused++;
                mreq_release(&pa, ra);
                mreq_release(&pb, rb);
                continue;
            }
            assert_int_equal(flits, icnt_flits(&a, mreq_at(&pa, ra)));
            held[nheld].r = rb;
            held[nheld].src = src;
            held[nheld].dst = dst;
            held[nheld++].flits = flits;
        }
        for (uint32_t h = 0; h < nheld; h++)
            icnt_enqueue(&b, &pb, held[h].r, held[h].src, held[h].dst, now,
                         held[h].flits);
        for (uint32_t dst = 4; dst < 6; dst++) {
            int32_t x, y;
            while ((x = icnt_receive(&a, &pa, dst, now)) >= 0) {
                y = icnt_receive(&b, &pb, dst, now);
                assert_true(y >= 0);
                assert_int_equal(mreq_at(&pa, x)->deliver, mreq_at(&pb, y)->deliver);
                assert_int_equal(mreq_at(&pa, x)->bytes, mreq_at(&pb, y)->bytes);
                assert_int_equal(mreq_at(&pa, x)->kind, mreq_at(&pb, y)->kind);
                mreq_release(&pa, x);
                mreq_release(&pb, y);
            }
            assert_int_equal(icnt_receive(&b, &pb, dst, now), -1);
        }
    }
    assert_int_equal(a.packets, b.packets);
    assert_int_equal(a.flits, b.flits);
    assert_true(a.packets > 100);
    assert_true(refused > 10);
    icnt_free(&a);
    icnt_free(&b);
    mreq_pool_free(&pa);
    mreq_pool_free(&pb);
}

static void test_claim_then_enqueue(void **state)
{
    (void)state;
    claim_then_enqueue(false);
    claim_then_enqueue(true);
}

/* icnt.queues = input: source 1's packet for port 3, busy with source 0's
   5-flit write until 14, cannot leave before 14 - latency 4 = 10; until
   then source 1 sends nothing, so its next packet, for the idle port 5,
   waits behind it (head-of-line blocking). Output-queued, that packet
   goes at once. A packet that finds its port free holds its source only
   for its own flits in both modes. */
static void head_of_line(bool input_queued, uint64_t held_until,
                         uint64_t d_deliver)
{
    struct mreq_pool p;
    mreq_pool_init(&p);
    struct icnt n;
    icnt_init(&n, 6, 32, 4);
    n.input_queued = input_queued;
    int32_t a = req(&p, MR_WRITE, 128, false);   /* 5 flits */
    int32_t b = req(&p, MR_READ, 128, false);    /* 1 flit */
    int32_t c = req(&p, MR_READ, 128, false);
    assert_true(icnt_send(&n, &p, a, 0, 3, 0));
    assert_true(icnt_send(&n, &p, b, 1, 3, 0));
    assert_int_equal(mreq_at(&p, a)->deliver, 9);        /* 0 + 5 + 4 */
    assert_int_equal(mreq_at(&p, b)->deliver, 14);       /* after a */
    assert_int_equal(icnt_src_free(&n, 0), 5);
    assert_int_equal(icnt_src_free(&n, 1), held_until);
    assert_false(icnt_send(&n, &p, c, 1, 5, held_until - 1));
    assert_true(icnt_send(&n, &p, c, 1, 5, held_until));
    assert_int_equal(mreq_at(&p, c)->deliver, d_deliver);
    icnt_free(&n);
    mreq_pool_free(&p);
}

static void test_head_of_line(void **state)
{
    (void)state;
    head_of_line(false, 1, 1 + 1 + 4);
    head_of_line(true, 10, 10 + 1 + 4);
}

/* The near group (the SMs' ports, [0, near)): a packet to one of them
   lowers near_next to its delivery if that is earlier; a packet to
   another port, or a later one, leaves it. 1-flit reads, latency 4:
   sent at t, delivered at t + 5. */
static void test_near_bound(void **state)
{
    (void)state;
    struct mreq_pool p;
    mreq_pool_init(&p);
    struct icnt n;
    icnt_init(&n, 6, 32, 4);
    n.near = 2;
    assert_true(n.near_next == UINT64_MAX);
    assert_true(icnt_send(&n, &p, req(&p, MR_READ, 128, false), 3, 2, 10));
    assert_true(n.near_next == UINT64_MAX);            /* port 2: not near */
    assert_true(icnt_send(&n, &p, req(&p, MR_READ, 128, false), 3, 1, 20));
    assert_int_equal(n.near_next, 25);
    assert_true(icnt_send(&n, &p, req(&p, MR_READ, 128, false), 5, 0, 12));
    assert_int_equal(n.near_next, 17);                 /* earlier: lowered */
    assert_true(icnt_send(&n, &p, req(&p, MR_READ, 128, false), 4, 0, 30));
    assert_int_equal(n.near_next, 17);                 /* later: kept */
    icnt_free(&n);
    mreq_pool_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flits),
        cmocka_unit_test(test_one_flit_latency),
        cmocka_unit_test(test_source_port_busy),
        cmocka_unit_test(test_destination_serialised),
        cmocka_unit_test(test_delivery_order),
        cmocka_unit_test(test_pool),
        cmocka_unit_test(test_claim_then_enqueue),
        cmocka_unit_test(test_head_of_line),
        cmocka_unit_test(test_near_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
