/*
** test_l2.c - an L2 slice's answer to "when do you next have work"
** (l2_when). The slice notes it whenever its queues change;
** the GPU skips the cycles before it and ticks the slice only when due.
** The reference here reads the slice's queues directly, as the GPU did
** before the slice kept the answer: a lookup or a DRAM answer waiting
** means now; otherwise the earliest ready of the pipeline and of the
** queue toward DRAM; an arrival at the slice's port counts too.
** A random stream of reads and acknowledged stores (misses, hits,
** sector splits, full MSHRs, a full DRAM queue, a busy reply port) runs
** through one slice and its DRAM channel, and both answers are compared
** with the reference every cycle, with the slice ticked only when due
** (the GPU's way) and every cycle.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "timing/dram.h"
#include "timing/l2.h"
#include "timing/mreq.h"
#include "timing/tparams.h"

static bool ref_due(const struct l2slice *s, const struct icnt *n,
                    const struct mreq_pool *pool, uint64_t now)
{
    return s->look.n || s->out.n ||
           (s->pipe.n && ring_front(&s->pipe).ready <= now) ||
           (s->to_dram.n && ring_front(&s->to_dram).ready <= now) ||
           icnt_next(n, pool, s->port) <= now;
}

static uint64_t ref_next(const struct l2slice *s, uint64_t now)
{
    uint64_t t = UINT64_MAX;
    if (s->pipe.n) {
        uint64_t r = ring_front(&s->pipe).ready;
        t = r > now ? r : now + 1;
    }
    if (s->to_dram.n) {
        uint64_t r = ring_front(&s->to_dram).ready;
        r = r > now ? r : now + 1;
        if (r < t)
            t = r;
    }
    if (s->out.n || s->look.n)
        t = now + 1;
    return t;
}

/* t, or now + 1 if t is not after now (UINT64_MAX stays). */
static uint64_t after(uint64_t t, uint64_t now)
{
    return t == UINT64_MAX || t > now ? t : now + 1;
}

/* A small deterministic generator (the test must not depend on libc's). */
static uint64_t next_rand(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

struct counts {
    uint64_t checked, ticks, answers, sent;
};

/* Slice 0 of the preset's first DRAM channel behind port 1; the SM is
   port 0. Addresses are drawn from a few rows of that slice so that
   lines are reused (hits), evicted and contended for (full MSHRs). */
static struct counts run(const char *preset, const char *extra, bool every)
{
    const char *sets[] = { preset, extra, NULL };
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    struct tparams p;
    tparams_init(&p, &t.dev.cfg);
    struct mreq_pool pool;
    mreq_pool_init(&pool);
    struct icnt n;
    icnt_init(&n, 2, p.icnt_flit, p.icnt_latency);
    n.input_queued = p.icnt_input_queued;
    struct dram_chan *d = dram_new(&p.dram, 0);
    struct l2slice s;
    l2_init(&s, 0, 1, &p, d, 0, NULL);
    uint32_t per_chan = p.l2_slices / p.dram.channels;
    uint64_t pick[64];
    uint32_t npick = 0;
    for (uint64_t a = 0; npick < 64; a += 256)
        if (dram_channel_of(&p.dram, a) == 0 &&
            (a / 256 / p.dram.channels) % per_chan == 0)
            pick[npick++] = a;
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    struct counts c = { 0, 0, 0, 0 };
    uint32_t outstanding = 0;
    uint64_t now = 0;
    for (; now < 30000 || (outstanding && now < 5000000); now++) {
        if (now < 30000 && icnt_src_free(&n, 0) <= now &&
            next_rand(&x) % 3 == 0) {
            int32_t r = mreq_alloc(&pool);
            struct mreq *m = mreq_at(&pool, r);
            uint64_t v = next_rand(&x);
            bool store = v % 4 == 0;
            m->kind = store ? MR_WRITE : MR_READ;
            m->addr = pick[(v >> 8) % npick] + 128 * ((v >> 16) % 2) +
                      (store ? 4 * ((v >> 20) % 8) : 0);
            m->bytes = store ? 4 * (1 + (uint32_t)((v >> 24) % 8)) : 128;
            m->l1line = !store;
            m->ack = store;
            m->sm = 0;
            m->tag = (uint32_t)r;
            assert_true(icnt_send(&n, &pool, r, 0, 1, now));
            outstanding++;
            c.sent++;
        }
        /* the slice's own note (a busy port would hide a stale one),
           then with its port */
        assert_int_equal(after(s.due, now), ref_next(&s, now));
        uint64_t when = l2_when(&s, &n, &pool), port = icnt_next(&n, &pool, 1);
        assert_int_equal(when <= now, ref_due(&s, &n, &pool, now));
        assert_int_equal(when, s.due < port ? s.due : port);
        c.checked++;
        if (every || when <= now) {
            l2_tick(&s, &n, &pool, now);
            c.ticks++;
        }
        if (dram_pending(d)) {
            dram_tick(d, now);
            struct dram_req out;
            while (dram_pop(d, now, &out))
                l2_dram_done(&s, &out, &pool, now);
        }
        int32_t r;
        while ((r = icnt_receive(&n, &pool, 0, now)) >= 0) {
            int32_t parent = mreq_at(&pool, r)->parent;
            if (parent >= 0) {
                mreq_release(&pool, r);
                if (--mreq_at(&pool, parent)->parts)
                    continue;
                r = parent;
            }
            mreq_release(&pool, r);
            outstanding--;
            c.answers++;
        }
    }
    /* every read and every acknowledged store was answered */
    assert_int_equal(outstanding, 0);
    for (; dram_pending(d) || l2_when(&s, &n, &pool) != UINT64_MAX; now++) {
        assert_true(now < 5000000);
        if (l2_when(&s, &n, &pool) <= now)
            l2_tick(&s, &n, &pool, now);
        dram_tick(d, now);   /* write-backs of evicted lines, unanswered */
    }
    assert_int_equal(l2_when(&s, &n, &pool), UINT64_MAX);
    l2_free(&s);
    dram_free(d);
    icnt_free(&n);
    mreq_pool_free(&pool);
    th_free(&t);
    return c;
}

static void check(const char *preset, const char *extra)
{
    struct counts due = run(preset, extra, false);
    struct counts every = run(preset, extra, true);
    /* the stream is not empty, and ticking a slice that is not due
       changes nothing: the same requests are answered either way */
    assert_true(due.sent > 5000);
    assert_int_equal(due.answers, due.sent);
    assert_int_equal(every.answers, every.sent);
    assert_int_equal(due.sent, every.sent);
    assert_true(due.ticks < every.ticks);
}

/* fermi: sectored L2, store acknowledgements, the DRAM command model */
static void test_due_fermi(void **state)
{
    (void)state;
    check("preset=fermi", NULL);
}

/* A few MSHRs and a short DRAM queue: lookups that fail and retry, and
   fetches that wait at the head of the queue toward DRAM. */
static void test_due_contended(void **state)
{
    (void)state;
    check("preset=fermi", "l2.mshrs=4");
    check("preset=teach", "dram.queue=2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_due_fermi),
        cmocka_unit_test(test_due_contended),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
