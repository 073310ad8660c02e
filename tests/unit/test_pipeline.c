/*
** test_pipeline.c - the SM front end and operand collection options that
** follow GPGPU-Sim (sm.ibuffer, sm.oc_pipeline, rf.collector_reads,
** collector pools), observed through the warp.issue events of one warp
** on the timing model (teach: lat.int = 4, ii.sp = 2).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "timing/event.h"
#include "harness.h"

#define MAXLOG 256

struct issue_log {
    uint32_t n;
    int64_t pc[MAXLOG];
    uint64_t cycle[MAXLOG];
};

static bool on_issue(void *ctx, const struct ws_event *e)
{
    struct issue_log *l = ctx;
    if (l->n < MAXLOG) {
        l->pc[l->n] = e->a;
        l->cycle[l->n++] = e->cycle;
    }
    return false;
}

/* Eight independent moves, eight dependent adds of one register to
   itself, eight dependent adds of two registers, then a store. */
static const char *chain_ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 out)\n{\n"
    " .reg .b32 %r<12>;\n .reg .b64 %rd<4>;\n"
    " mov.u32 %r1, 1;\n mov.u32 %r2, 2;\n mov.u32 %r3, 3;\n mov.u32 %r4, 4;\n"
    " mov.u32 %r5, 5;\n mov.u32 %r6, 6;\n mov.u32 %r7, 7;\n mov.u32 %r8, 8;\n"
    " add.u32 %r1, %r1, 1;\n add.u32 %r1, %r1, 1;\n add.u32 %r1, %r1, 1;\n"
    " add.u32 %r1, %r1, 1;\n add.u32 %r1, %r1, 1;\n add.u32 %r1, %r1, 1;\n"
    " add.u32 %r1, %r1, 1;\n add.u32 %r1, %r1, 1;\n"
    " add.u32 %r1, %r1, %r2;\n add.u32 %r1, %r1, %r3;\n add.u32 %r1, %r1, %r4;\n"
    " add.u32 %r1, %r1, %r5;\n add.u32 %r1, %r1, %r6;\n add.u32 %r1, %r1, %r7;\n"
    " add.u32 %r1, %r1, %r8;\n add.u32 %r1, %r1, %r2;\n"
    " ld.param.u64 %rd1, [out];\n"
    " st.global.u32 [%rd1], %r1;\n ret;\n}\n";

/* Runs chain_ptx as one warp with the given extra settings. */
static void run(const char *a, const char *b, struct issue_log *log)
{
    const char *sets[] = { "sm.schedulers=1", "ii.sp=1", a, b, NULL };
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    struct evbus bus;
    evbus_init(&bus);
    memset(log, 0, sizeof *log);
    assert_true(evbus_subscribe(&bus, 1ULL << EV_WARP_ISSUE, on_issue, log) >= 0);
    t.dev.bus = &bus;
    assert_int_equal(th_load(&t, chain_ptx), 0);
    uint64_t out = th_alloc(&t, 4);
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
    if (th_launch(&t, "k", grid, block, 0, &out, 1))
        fail_msg("%s", th_error(&t));
    uint32_t r;
    th_read(&t, out, &r, 4);
    assert_int_equal(r, 1 + 8 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 2);
    assert_int_equal(log->n, 27);
    th_free(&t);
}

/* Cycles between the issues of instructions i and i + 1. */
static uint64_t gap(const struct issue_log *l, uint32_t i)
{
    return l->cycle[i + 1] - l->cycle[i];
}

/* Without the options: independent moves one per cycle, a dependent add
   lat.int + 1 = 5 cycles after the one it needs. */
static void test_ideal(void **state)
{
    (void)state;
    struct issue_log l;
    run(NULL, NULL, &l);
    for (uint32_t i = 0; i < 7; i++)
        assert_int_equal(gap(&l, i), 1);
    for (uint32_t i = 8; i < 23; i++)
        assert_int_equal(gap(&l, i), 5);
}

/* sm.ibuffer = 2: one warp issues its two buffered instructions, then
   waits for the fetch (the cycle its buffer empties) and the decode (the
   next): issues 1 then 2 cycles apart. */
static void test_ibuffer(void **state)
{
    (void)state;
    struct issue_log l;
    run("sm.ibuffer=2", NULL, &l);
    for (uint32_t i = 0; i < 7; i++)
        assert_int_equal(gap(&l, i), i % 2 == 0 ? 1 : 2);
}

/* sm.oc_pipeline: a dependent add issues lat.int + 6 = 10 cycles after
   the one it needs (its read 2 cycles after issue, into OC_EX the cycle
   after, then unit issue, the unit's dispatch register, lat.int cycles
   and EX_WB before the write-back); independent moves still issue one
   per cycle. */
static void test_oc_pipeline(void **state)
{
    (void)state;
    struct issue_log l;
    run("sm.oc_pipeline=true", NULL, &l);
    for (uint32_t i = 0; i < 7; i++)
        assert_int_equal(gap(&l, i), 1);
    for (uint32_t i = 8; i < 23; i++)
        assert_int_equal(gap(&l, i), 10);
}

/* rf.collector_reads = 1: an add of two registers collects its operands
   in two cycles, so each of the last chain's adds costs one cycle more
   (the one-register adds are unchanged). */
static void test_collector_reads(void **state)
{
    (void)state;
    struct issue_log l;
    run("sm.oc_pipeline=true", "rf.collector_reads=1", &l);
    for (uint32_t i = 8; i < 15; i++)
        assert_int_equal(gap(&l, i), 10);
    for (uint32_t i = 16; i < 23; i++)
        assert_int_equal(gap(&l, i), 11);
}

/* One collector: with sm.oc_pipeline a move holds it until it dispatches
   two cycles after issue, so moves issue every 2 cycles. A separate
   memory pool lets the parameter load issue the cycle after the last add
   although the SP collector is then still taken. */
static void test_collector_pools(void **state)
{
    (void)state;
    struct issue_log l, m;
    run("sm.oc_pipeline=true", "rf.collectors=1", &l);
    for (uint32_t i = 0; i < 7; i++)
        assert_int_equal(gap(&l, i), 2);
    run("sm.oc_pipeline=true", "rf.collectors_mem=1", &m);
    assert_int_equal(gap(&m, 23), 1);       /* add, then ld.param... */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ideal),
        cmocka_unit_test(test_ibuffer),
        cmocka_unit_test(test_oc_pipeline),
        cmocka_unit_test(test_collector_reads),
        cmocka_unit_test(test_collector_pools),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
