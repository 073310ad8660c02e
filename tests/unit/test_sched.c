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
#include "timing/seams.h"

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

/* ---- two-level: when warps leave the pool, which ones refill it ------ */

/* Each thread loads a[tid], then runs `moves` moves that do not need it
   (0 to 6), then adds it (the load's first use) and stores the sum to
   b[tid]. */
static void load_ptx(char *out, size_t n, int moves)
{
    int k = snprintf(out, n,
        ".version 8.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry k(.param .u64 a, .param .u64 b)\n{\n"
        " .reg .b32 %%r<12>;\n .reg .b64 %%rd<6>;\n"
        " ld.param.u64 %%rd1, [a];\n ld.param.u64 %%rd2, [b];\n"
        " mov.u32 %%r1, %%tid.x;\n mul.wide.u32 %%rd3, %%r1, 4;\n"
        " add.s64 %%rd4, %%rd1, %%rd3;\n add.s64 %%rd5, %%rd2, %%rd3;\n"
        " ld.global.u32 %%r2, [%%rd4];\n mov.u32 %%r3, 3;\n");
    for (int i = 0; i < moves; i++)
        k += snprintf(out + k, n - (size_t)k, " mov.u32 %%r%d, %d;\n", 4 + i, i);
    snprintf(out + k, n - (size_t)k,
             " add.u32 %%r10, %%r2, %%r3;\n st.global.u32 [%%rd5], %%r10;\n"
             " ret;\n}\n");
}

#define LOAD_PC 6                  /* the ld.global */


/* Pool entries seen by a scheduler part: warp and cycle. */
static struct {
    uint32_t n;
    int32_t warp[MAXLOG];
    uint64_t cycle[MAXLOG];
} pool_log;

static void *pl_create(const struct seam_env *env)
{
    (void)env;
    static int self;
    return &self;
}

static void pl_destroy(void *self)
{
    (void)self;
}

static void pl_enter(void *self, uint32_t w, uint64_t now)
{
    (void)self;
    if (pool_log.n < MAXLOG) {
        pool_log.warp[pool_log.n] = (int32_t)w;
        pool_log.cycle[pool_log.n++] = now;
    }
}

static const struct sched_ops pl_ops = {
    .part = { .name = "pool-log", .create = pl_create, .destroy = pl_destroy },
    .pool_enter = pl_enter,
};
static const struct design pl_design = { .name = "pool-log", .sched = &pl_ops };

/* Runs load_ptx with `warps` warps, one scheduler with an active pool of
   one warp, and the extra settings; logs issues and pool entries. */
static void run_loads(uint32_t warps, int moves, const char *const *extra,
                      struct issue_log *log)
{
    char ptx[2048];
    load_ptx(ptx, sizeof ptx, moves);
    const char *sets[16] = { "sched.policy=two-level", "sm.schedulers=1",
                             "sm.count=1", "sched.active_warps=1" };
    int n = 4;
    for (; extra && *extra && n < 15; extra++)
        sets[n++] = *extra;
    sets[n] = NULL;
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    t.dev.design = &pl_design;
    struct evbus bus;
    evbus_init(&bus);
    memset(log, 0, sizeof *log);
    memset(&pool_log, 0, sizeof pool_log);
    assert_true(evbus_subscribe(&bus, 1ULL << EV_WARP_ISSUE, on_issue, log) >= 0);
    t.dev.bus = &bus;
    assert_int_equal(th_load(&t, ptx), 0);
    uint32_t threads = 32 * warps;
    uint64_t a = th_alloc(&t, threads * 4), b = th_alloc(&t, threads * 4);
    uint32_t in[128], out[128];
    for (uint32_t i = 0; i < threads; i++)
        in[i] = 7 * i + 1;
    th_write(&t, a, in, threads * 4);
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { threads, 1, 1 };
    uint64_t args[2] = { a, b };
    if (th_launch(&t, "k", grid, block, 0, args, 2))
        fail_msg("%s", th_error(&t));
    th_read(&t, b, out, threads * 4);
    for (uint32_t i = 0; i < threads; i++)
        assert_int_equal(out[i], in[i] + 3);
    th_free(&t);
}

/* The log entry after warp w's issue of the load. */
static uint32_t after_load(const struct issue_log *log, int32_t w)
{
    for (uint32_t i = 0; i + 1 < log->n; i++)
        if (log->warp[i] == w && log->pc[i] == LOAD_PC)
            return i + 1;
    fail_msg("warp %d never issued the load", w);
    return 0;
}

/* The index of warp w's last issue in the log. */
static uint32_t last_of(const struct issue_log *log, int32_t w)
{
    uint32_t last = 0;
    for (uint32_t k = 0; k < log->n; k++)
        if (log->warp[k] == w)
            last = k;
    return last;
}

/* sched.leave_on: when every load hits (l1d.perfect), with `issue` the
   first warp still leaves the pool as its load issues (the other warp
   issues next), while with `miss` it never leaves for a load (the other
   warp waits until it has finished); loads that miss send it out of the
   pool with `miss` too, before it has finished. */
static void test_leave_on(void **state)
{
    (void)state;
    struct issue_log log;
    const char *issue[] = { "sched.leave_on=issue", "l1d.perfect=true", NULL };
    run_loads(2, 6, issue, &log);
    int32_t w0 = log.warp[0];
    assert_int_not_equal(log.warp[after_load(&log, w0)], w0);
    const char *hit[] = { "sched.leave_on=miss", "l1d.perfect=true", NULL };
    run_loads(2, 6, hit, &log);
    w0 = log.warp[0];
    uint32_t last = last_of(&log, w0);
    for (uint32_t k = 0; k <= last; k++)
        assert_int_equal(log.warp[k], w0);
    assert_true(last >= 15);            /* all of it, then the other */
    const char *miss[] = { "sched.leave_on=miss", NULL };
    run_loads(2, 6, miss, &log);
    w0 = log.warp[0];
    uint32_t i = after_load(&log, w0);
    assert_true(i < last_of(&log, w0));
    bool other = false;
    for (uint32_t k = i; k < last_of(&log, w0); k++)
        other |= log.warp[k] != w0;
    assert_true(other);                 /* it left before finishing */
    /* A warp taken back while its miss is outstanding (refill any: its
       next moves do not need the data) leaves again when it reaches the
       add that does: the other warp runs its own moves meanwhile, before
       the first warp's data has come. */
    const char *wait[] = { "sched.leave_on=miss", "sched.refill=any", NULL };
    run_loads(2, 6, wait, &log);
    w0 = log.warp[0];
    uint64_t w0_add = 0, w1_moves = 0;
    for (uint32_t k = 0; k < log.n; k++) {
        if (log.warp[k] == w0 && log.pc[k] == LOAD_PC + 8)
            w0_add = log.cycle[k];
        if (log.warp[k] != w0 && log.pc[k] == LOAD_PC + 7)
            w1_moves = log.cycle[k];
    }
    assert_true(w0_add > 0 && w1_moves > 0);
    assert_true(w1_moves < w0_add);
}

/* The first issue of warp w at or after cycle t, UINT64_MAX if none. */
static uint64_t next_issue(const struct issue_log *log, int32_t w, uint64_t t)
{
    for (uint32_t i = 0; i < log->n; i++)
        if (log->warp[i] == w && log->cycle[i] >= t)
            return log->cycle[i];
    return UINT64_MAX;
}

/* sched.refill: with `any` a warp waiting for its missed load can be
   taken back into the pool and sit there until the data arrives; with
   `skip-memory` a warp enters the pool only when it can issue at once
   (every entry is followed by an issue of that warp within a cycle or
   two), and a warp whose miss is outstanding stays out even when it has
   independent moves to run: they wait for the data. */
static void test_refill(void **state)
{
    (void)state;
    struct issue_log log;
    const char *any[] = { "sched.leave_on=miss", "sched.refill=any", NULL };
    run_loads(3, 0, any, &log);
    uint64_t longest = 0;
    for (uint32_t i = 0; i < pool_log.n; i++) {
        uint64_t t = next_issue(&log, pool_log.warp[i], pool_log.cycle[i]);
        if (t != UINT64_MAX && t - pool_log.cycle[i] > longest)
            longest = t - pool_log.cycle[i];
    }
    assert_true(longest > 50);          /* in the pool, waiting on DRAM */
    const char *skip[] = { "sched.leave_on=miss", "sched.refill=skip-memory",
                           NULL };
    run_loads(3, 0, skip, &log);
    assert_true(pool_log.n >= 6);       /* each warp entered twice */
    for (uint32_t i = 0; i < pool_log.n; i++) {
        uint64_t t = next_issue(&log, pool_log.warp[i], pool_log.cycle[i]);
        assert_true(t != UINT64_MAX);
        assert_true(t - pool_log.cycle[i] <= 2);
    }
    uint64_t gap[2];
    for (int k = 0; k < 2; k++) {
        run_loads(2, 6, k ? skip : any, &log);
        int32_t w0 = log.warp[0];
        uint64_t ld = 0, next = 0;
        for (uint32_t i = 0; i < log.n; i++)
            if (log.warp[i] == w0 && log.pc[i] == LOAD_PC)
                ld = log.cycle[i];
            else if (log.warp[i] == w0 && log.pc[i] == LOAD_PC + 1)
                next = log.cycle[i];
        gap[k] = next - ld;
    }
    assert_true(gap[0] < 50);           /* back as soon as w1 left */
    assert_true(gap[1] > 50);           /* back with its data */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gto_greedy_then_oldest),
        cmocka_unit_test(test_lrr_rotates),
        cmocka_unit_test(test_two_level_pool),
        cmocka_unit_test(test_lrr_mem_switches_at_memory),
        cmocka_unit_test(test_same_work),
        cmocka_unit_test(test_leave_on),
        cmocka_unit_test(test_refill),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
