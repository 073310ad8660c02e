/*
** test_seams.c - the design seam (timing/seams.h) seen from a real kernel
** on the timing model: a lane part that serves global loads lane by lane
** before coalescing (the L1 never sees them) and sends a write-back of
** its own, and a scheduler part that holds a warp back until it wakes
** it. Both are written here against the seam only, as a new design
** would be.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "func/exec.h"
#include "timing/seams.h"

/* Every thread loads a[tid] and a[tid + 32] and stores their sum to
   b[tid]: two global loads and a store per warp. */
static const char *ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 a, .param .u64 b)\n{\n"
    " .reg .b32 %r<6>;\n .reg .b64 %rd<8>;\n"
    " ld.param.u64 %rd1, [a];\n ld.param.u64 %rd2, [b];\n"
    " mov.u32 %r1, %tid.x;\n mul.wide.u32 %rd3, %r1, 4;\n"
    " add.s64 %rd4, %rd1, %rd3;\n add.s64 %rd5, %rd2, %rd3;\n"
    " ld.global.u32 %r2, [%rd4];\n"
    " ld.global.u32 %r3, [%rd4+128];\n"
    " add.u32 %r4, %r2, %r3;\n"
    " st.global.u32 [%rd5], %r4;\n"
    " ret;\n}\n";

/* ---- a lane part ------------------------------------------------------ */

struct lane {
    uint64_t accesses, lanes_seen, served;
};

static void *lane_create(const struct seam_env *env)
{
    (void)env;
    return calloc(1, sizeof(struct lane));
}

static void lane_destroy(void *self)
{
    free(self);
}

/* Serves every lane of a load, 3 cycles later; lets stores through; asks
   for one 32-byte write-back per access. */
static void lane_access(void *self, const struct lane_req *q, uint64_t now,
                        struct lane_reply *out)
{
    struct lane *l = self;
    l->accesses++;
    l->lanes_seen += (uint64_t)__builtin_popcount(q->rec->mask);
    assert_int_equal(q->rec->space, KS_GLOBAL);
    if (!q->rec->store) {
        out->served = q->rec->mask;
        out->ready = now + 3;
        l->served += (uint64_t)__builtin_popcount(q->rec->mask);
    }
    out->nextra = 1;
    out->extra[0] = 1ULL << 40;
    out->extra_bytes[0] = 32;
    out->extra_space[0] = KS_GLOBAL;
}

static void lane_stats(void *self, struct jv *o)
{
    struct lane *l = self;
    jv_add_int(o, "accesses", (int64_t)l->accesses);
    jv_add_int(o, "lanes_seen", (int64_t)l->lanes_seen);
    jv_add_int(o, "served", (int64_t)l->served);
}

static const struct lane_ops lane_ops = {
    .part = { .name = "test-lane", .create = lane_create,
              .destroy = lane_destroy, .stats = lane_stats },
    .access = lane_access,
};

/* ---- a scheduler part ------------------------------------------------- */

struct hold {
    struct seam_env env;
    uint64_t release;             /* warp 0 may issue from this cycle */
    uint64_t issued, refused;
};

static void *hold_create(const struct seam_env *env)
{
    struct hold *h = calloc(1, sizeof *h);
    h->env = *env;
    h->release = 200;
    return h;
}

static void hold_destroy(void *self)
{
    free(self);
}

static bool hold_may_issue(void *self, uint32_t w, int32_t pc)
{
    struct hold *h = self;
    (void)pc;
    bool ok = w != 0 || *h->env.cycle >= h->release;
    h->refused += !ok;
    return ok;
}

static void hold_issued(void *self, uint32_t w, int32_t pc, int32_t next,
                        uint64_t now)
{
    struct hold *h = self;
    (void)pc, (void)next;
    if (w == 0)
        assert_true(now >= h->release);
    h->issued++;
}

/* At the release cycle the part wakes warp 0 (the scheduler keeps its
   readiness until told). */
static void hold_tick(void *self, uint64_t now)
{
    struct hold *h = self;
    if (now == h->release)
        h->env.wake(h->env.ctx, 0);
}

static uint64_t hold_next(void *self, uint64_t now)
{
    struct hold *h = self;
    return now < h->release ? h->release : UINT64_MAX;
}

static void hold_stats(void *self, struct jv *o)
{
    struct hold *h = self;
    jv_add_int(o, "issued", (int64_t)h->issued);
}

static const struct sched_ops sched_ops = {
    .part = { .name = "test-hold", .create = hold_create,
              .destroy = hold_destroy, .tick = hold_tick,
              .next_event = hold_next, .stats = hold_stats },
    .hold = "held",
    .may_issue = hold_may_issue,
    .issued = hold_issued,
};

/* ---- running it ------------------------------------------------------- */

static int64_t num(const struct jv *o, const char *sec, const char *key)
{
    const struct jv *v = jv_get(jv_get(o, sec), key);
    if (!v)
        fail_msg("no %s.%s", sec, key);
    return v->u.i;
}

/* Runs the kernel with 2 warps under design d; checks the results. */
static struct jv *run(const struct design *d)
{
    struct th t;
    assert_int_equal(th_init(&t, NULL), 0);
    t.dev.design = d;
    assert_int_equal(th_load(&t, ptx), 0);
    uint64_t a = th_alloc(&t, 4 * 96), b = th_alloc(&t, 4 * 64);
    uint32_t in[96], out[64];
    for (int i = 0; i < 96; i++)
        in[i] = (uint32_t)(5 * i + 1);
    th_write(&t, a, in, sizeof in);
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
    uint64_t args[2] = { a, b };
    if (th_launch(&t, "k", grid, block, 0, args, 2))
        fail_msg("%s", th_error(&t));
    th_read(&t, b, out, sizeof out);
    for (int i = 0; i < 64; i++)
        assert_int_equal(out[i], in[i] + in[i + 32]);
    struct jv *st = device_stats(&t.dev);
    th_free(&t);
    return st;
}

static const struct design plain = { .name = "test-plain" };
static const struct design with_lane = { .name = "test-lane",
                                         .lane = &lane_ops };
static const struct design with_hold = { .name = "test-hold",
                                         .sched = &sched_ops };

/* The lane part sees all 32 lanes of each of the 4 warp loads and 2
   stores, serves the loads (the L1 sees none of them), and its 6
   write-backs reach L2 as stores beside the kernel's 2. */
static void test_lane_part(void **state)
{
    (void)state;
    struct jv *base = run(&plain);
    assert_int_equal(num(base, "l1d", "accesses"), 4);
    assert_int_equal(num(base, "l2", "writes"), 2);
    jv_free(base);
    struct jv *st = run(&with_lane);
    assert_int_equal(num(st, "test-lane", "accesses"), 6);
    assert_int_equal(num(st, "test-lane", "lanes_seen"), 6 * 32);
    assert_int_equal(num(st, "test-lane", "served"), 4 * 32);
    assert_int_equal(num(st, "l1d", "accesses"), 0);
    assert_int_equal(num(st, "l2", "writes"), 2 + 6);
    jv_free(st);
}

/* Warp 0 waits under the part's own stall reason ("held", the part's
   name for "design") until cycle 200, when the part wakes it; every
   instruction of both warps passes the issued hook. */
static void test_scheduler_part(void **state)
{
    (void)state;
    struct jv *base = run(&plain);
    const struct jv *r0 = jv_get(jv_get(base, "sm")->items[0],
                                 "stall_reasons");
    assert_null(jv_get(r0, "design"));      /* no part, no such reason */
    int64_t cycles0 = jv_get(base, "cycles")->u.i;
    int64_t insts = jv_get(base, "warp_instructions")->u.i;
    jv_free(base);
    struct jv *st = run(&with_hold);
    const struct jv *r = jv_get(jv_get(st, "sm")->items[0], "stall_reasons");
    assert_true(jv_get(r, "held")->u.i > 0);
    assert_null(jv_get(r, "design"));
    assert_true(jv_get(st, "cycles")->u.i > 200);
    assert_true(cycles0 < 200);
    assert_int_equal(num(st, "test-hold", "issued"), insts);
    jv_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lane_part),
        cmocka_unit_test(test_scheduler_part),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
