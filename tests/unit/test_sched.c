/*
** test_sched.c - warp scheduling policies, observed through the model's
** warp.issue events on a real kernel run by the timing model.
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
#include "timing/gpu.h"

#define MAXLOG 4096

struct issue_log {
    uint32_t n;
    int32_t warp[MAXLOG];
    int64_t pc[MAXLOG];
    uint64_t cycle[MAXLOG];
};

static bool on_issue(void *ctx, const struct ws_event *e)
{
    struct issue_log *l = ctx;
    if (l->n < MAXLOG) {
        l->warp[l->n] = e->warp;
        l->pc[l->n] = e->a;
        l->cycle[l->n++] = e->cycle;
    }
    return false;
}

/*
** Sixteen independent moves (no register is read), then a dependent
** chain that sums them, then a store: per warp 16 instructions that never
** wait for each other, followed by RAW stalls.
*/
static const char *indep_ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 out)\n{\n"
    " .reg .b32 %r<20>;\n .reg .b64 %rd<4>;\n"
    " mov.u32 %r1, 1;\n mov.u32 %r2, 2;\n mov.u32 %r3, 3;\n mov.u32 %r4, 4;\n"
    " mov.u32 %r5, 5;\n mov.u32 %r6, 6;\n mov.u32 %r7, 7;\n mov.u32 %r8, 8;\n"
    " mov.u32 %r9, 9;\n mov.u32 %r10, 10;\n mov.u32 %r11, 11;\n mov.u32 %r12, 12;\n"
    " mov.u32 %r13, 13;\n mov.u32 %r14, 14;\n mov.u32 %r15, 15;\n mov.u32 %r16, 16;\n"
    " add.u32 %r1, %r1, %r2;\n add.u32 %r1, %r1, %r3;\n add.u32 %r1, %r1, %r4;\n"
    " add.u32 %r1, %r1, %r5;\n add.u32 %r1, %r1, %r6;\n add.u32 %r1, %r1, %r7;\n"
    " add.u32 %r1, %r1, %r8;\n add.u32 %r1, %r1, %r9;\n add.u32 %r1, %r1, %r10;\n"
    " add.u32 %r1, %r1, %r11;\n add.u32 %r1, %r1, %r12;\n add.u32 %r1, %r1, %r13;\n"
    " add.u32 %r1, %r1, %r14;\n add.u32 %r1, %r1, %r15;\n add.u32 %r1, %r1, %r16;\n"
    " ld.param.u64 %rd1, [out];\n mov.u32 %r17, %tid.x;\n"
    " mul.wide.u32 %rd2, %r17, 4;\n add.s64 %rd3, %rd1, %rd2;\n"
    " st.global.u32 [%rd3], %r1;\n ret;\n}\n";

/*
** Five independent instructions, a global load (instruction 5), four
** more independent moves, then sums of all and a store: per warp a
** memory instruction after a run of ready ones.
*/
static const char *mem_ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 out)\n{\n"
    " .reg .b32 %r<20>;\n .reg .b64 %rd<4>;\n"
    " ld.param.u64 %rd1, [out];\n"
    " mov.u32 %r1, 1;\n mov.u32 %r2, 2;\n mov.u32 %r3, 3;\n mov.u32 %r4, 4;\n"
    " ld.global.u32 %r5, [%rd1+512];\n"
    " mov.u32 %r6, 6;\n mov.u32 %r7, 7;\n mov.u32 %r8, 8;\n mov.u32 %r9, 9;\n"
    " add.u32 %r10, %r1, %r2;\n add.u32 %r11, %r3, %r4;\n"
    " add.u32 %r12, %r6, %r7;\n add.u32 %r13, %r8, %r9;\n"
    " add.u32 %r10, %r10, %r11;\n add.u32 %r12, %r12, %r13;\n"
    " add.u32 %r10, %r10, %r12;\n add.u32 %r1, %r10, %r5;\n"
    " mov.u32 %r17, %tid.x;\n"
    " mul.wide.u32 %rd2, %r17, 4;\n add.s64 %rd3, %rd1, %rd2;\n"
    " st.global.u32 [%rd3], %r1;\n ret;\n}\n";

/* Runs a kernel with 4 warps on one SM under `policy`, logging issues;
   checks every thread stored `want`. */
static void run_kernel(const char *ptx, uint32_t want, const char *policy,
                       const char *extra, struct issue_log *log)
{
    char pol[64];
    snprintf(pol, sizeof pol, "sched.policy=%s", policy);
    const char *sets[] = { pol, "sm.schedulers=1", "sm.count=1",
                           "rf.collectors=4", extra, NULL };
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    struct evbus bus;
    evbus_init(&bus);
    memset(log, 0, sizeof *log);
    assert_true(evbus_subscribe(&bus, 1ULL << EV_WARP_ISSUE, on_issue, log) >= 0);
    t.dev.bus = &bus;
    assert_int_equal(th_load(&t, ptx), 0);
    uint64_t out = th_alloc(&t, 256 * 4);      /* 128 outputs, zeros */
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 128, 1, 1 };
    if (th_launch(&t, "k", grid, block, 0, &out, 1))
        fail_msg("%s", th_error(&t));
    uint32_t r[128];
    th_read(&t, out, r, sizeof r);
    for (int i = 0; i < 128; i++)
        assert_int_equal(r[i], want);
    th_free(&t);
}

static void run_policy(const char *policy, const char *extra,
                       struct issue_log *log)
{
    run_kernel(indep_ptx, 136, policy, extra, log);   /* 1 + 2 + ... + 16 */
}

/* GTO: the first warp issues its 16 independent moves before any other
   warp issues at all (greedy), and when it stalls the oldest ready warp
   takes over, so warps start in age order. */
static void test_gto_greedy_then_oldest(void **state)
{
    (void)state;
    struct issue_log log;
    run_policy("gto", NULL, &log);
    assert_true(log.n >= 4 * 34);
    for (uint32_t i = 0; i < 16; i++)
        assert_int_equal(log.warp[i], log.warp[0]);
    /* the first issue of each warp happens in increasing warp order */
    int32_t seen = 0, order[4], k = 0;
    for (uint32_t i = 0; i < log.n && k < 4; i++)
        if (!(seen >> log.warp[i] & 1)) {
            seen |= 1 << log.warp[i];
            order[k++] = log.warp[i];
        }
    assert_int_equal(k, 4);
    for (int i = 1; i < 4; i++)
        assert_true(order[i] > order[i - 1]);
}

/* LRR: each issue goes to the next warp in turn while all are ready, so
   the first four issues come from four different warps. */
static void test_lrr_rotates(void **state)
{
    (void)state;
    struct issue_log log;
    run_policy("lrr", NULL, &log);
    int32_t seen = 0;
    for (uint32_t i = 0; i < 4; i++)
        seen |= 1 << log.warp[i];
    assert_int_equal(seen, 0xf);
    /* and no warp issues twice in a row while others are ready (the
       first 16 issues are all independent moves) */
    for (uint32_t i = 1; i < 16; i++)
        assert_int_not_equal(log.warp[i], log.warp[i - 1]);
}

/* Two-level with an active pool of 2: only two warps issue until one
   of them leaves the pool or finishes. */
static void test_two_level_pool(void **state)
{
    (void)state;
    struct issue_log log;
    run_policy("two-level", "sched.active_warps=2", &log);
    int32_t seen = 0;
    for (uint32_t i = 0; i < 32; i++)
        seen |= 1 << log.warp[i];
    assert_int_equal(__builtin_popcount((unsigned)seen), 2);
    int32_t all = 0;
    for (uint32_t i = 0; i < log.n; i++)
        all |= 1 << log.warp[i];
    assert_int_equal(all, 0xf);       /* the others run later */
}

/* LRR-mem: a warp keeps issuing until it issues a memory instruction,
   then the next ready warp in turn takes over. The first issues come in
   runs of one warp, each ending at the load (instruction 5), and the four
   warps take their turns in order. */
static void test_lrr_mem_switches_at_memory(void **state)
{
    (void)state;
    struct issue_log log;
    run_kernel(mem_ptx, 40, "lrr-mem", NULL, &log);   /* 1+..+9 - 5 */
    assert_true(log.n >= 24);
    for (uint32_t i = 0; i < 24; i++) {
        assert_int_equal(log.pc[i], i % 6);           /* runs of 0..5 */
        assert_int_equal(log.warp[i], log.warp[i / 6 * 6]);
        if (i % 6 == 0 && i)
            assert_true(log.warp[i] > log.warp[i - 1]);  /* in turn */
    }
    /* then the first warp again, from instruction 6 */
    assert_int_equal(log.warp[24], log.warp[0]);
    assert_int_equal(log.pc[24], 6);
    /* under lrr the same kernel rotates at every issue */
    run_kernel(mem_ptx, 40, "lrr", NULL, &log);
    for (uint32_t i = 1; i < 4; i++)
        assert_int_not_equal(log.warp[i], log.warp[i - 1]);
}

/* Every policy issues the same instructions: 4 warps x (16 moves +
   15 adds + ld.param, mov %tid, mul.wide, add, st, ret = 37). */
static void test_same_work(void **state)
{
    (void)state;
    static const char *p[] = { "gto", "lrr", "two-level", "lrr-mem" };
    for (int i = 0; i < 4; i++) {
        struct issue_log log;
        run_policy(p[i], NULL, &log);
        assert_int_equal(log.n, 4 * 37);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gto_greedy_then_oldest),
        cmocka_unit_test(test_lrr_rotates),
        cmocka_unit_test(test_two_level_pool),
        cmocka_unit_test(test_lrr_mem_switches_at_memory),
        cmocka_unit_test(test_same_work),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
