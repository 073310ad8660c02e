/*
** test_l1d.c - the L1D's store policies per space, seen through a real
** kernel on the timing model: a warp loads a line, stores to it, loads
** it again and stores the result to a second line.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"

static const char *ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 a, .param .u64 b)\n{\n"
    " .reg .b32 %r<6>;\n .reg .b64 %rd<8>;\n"
    " ld.param.u64 %rd1, [a];\n ld.param.u64 %rd2, [b];\n"
    " mov.u32 %r1, %tid.x;\n mul.wide.u32 %rd3, %r1, 4;\n"
    " add.s64 %rd4, %rd1, %rd3;\n add.s64 %rd5, %rd2, %rd3;\n"
    " ld.global.u32 %r2, [%rd4];\n"      /* miss: the line is filled */
    " add.u32 %r3, %r2, 1;\n"
    " st.global.u32 [%rd4], %r3;\n"      /* the policy decides */
    " ld.global.u32 %r4, [%rd4];\n"      /* hit unless the store evicted */
    " st.global.u32 [%rd5], %r4;\n"
    " ret;\n}\n";

struct counts {
    int64_t hits, misses, writebacks, l2_writes;
};

static int64_t num(const struct jv *o, const char *sec, const char *key)
{
    const struct jv *v = jv_get(jv_get(o, sec), key);
    assert_non_null(v);
    return v->u.i;
}

static struct counts run(const char *policy)
{
    char set[64];
    snprintf(set, sizeof set, "l1d.write_global=%s", policy);
    const char *sets[] = { set, NULL };
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    assert_int_equal(th_load(&t, ptx), 0);
    uint64_t a = th_alloc(&t, 128), b = th_alloc(&t, 128);
    uint32_t in[32], out[32];
    for (int i = 0; i < 32; i++)
        in[i] = (uint32_t)(7 * i);
    th_write(&t, a, in, sizeof in);
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
    uint64_t args[2] = { a, b };
    if (th_launch(&t, "k", grid, block, 0, args, 2))
        fail_msg("%s", th_error(&t));
    th_read(&t, b, out, sizeof out);
    for (int i = 0; i < 32; i++)
        assert_int_equal(out[i], in[i] + 1);
    struct jv *st = device_stats(&t.dev);
    struct counts c = { num(st, "l1d", "hits"), num(st, "l1d", "misses"),
                        num(st, "l1d", "writebacks"),
                        num(st, "l2", "writes") };
    jv_free(st);
    th_free(&t);
    return c;
}

/* Write-evict (Fermi's global policy): the store drops the line, so the
   second load misses too; both stores go to L2. */
static void test_write_evict(void **state)
{
    (void)state;
    struct counts c = run("evict");
    assert_int_equal(c.misses, 2);
    assert_int_equal(c.hits, 0);
    assert_int_equal(c.writebacks, 0);
    assert_int_equal(c.l2_writes, 2);
}

/* Write-through: the line stays, the second load hits; both stores still
   go to L2 at once. */
static void test_write_through(void **state)
{
    (void)state;
    struct counts c = run("through");
    assert_int_equal(c.misses, 1);
    assert_int_equal(c.hits, 1);
    assert_int_equal(c.writebacks, 0);
    assert_int_equal(c.l2_writes, 2);
}

/* Write-back: the first store dirties the present line, the second
   allocates b's line dirty; nothing reaches L2 until the kernel ends,
   when both dirty lines are written back (2 writebacks, 2 L2 writes). */
static void test_write_back(void **state)
{
    (void)state;
    struct counts c = run("back");
    assert_int_equal(c.misses, 1);
    assert_int_equal(c.hits, 1);
    assert_int_equal(c.writebacks, 2);
    assert_int_equal(c.l2_writes, 2);
}

/* A warp whose 32 lanes each store to their own line: 32 write requests
   from one instruction, one per cycle from the LD/ST unit. Each carries a
   header and a data flit, so the SM's interconnect port takes one every
   two cycles: with a miss queue of one entry the LD/ST unit has to wait
   (reservation stalls); with 64 entries it never does. The stored values
   are the same either way. */
static const char *scatter_ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 a)\n{\n"
    " .reg .b32 %r<4>;\n .reg .b64 %rd<8>;\n"
    " ld.param.u64 %rd1, [a];\n"
    " mov.u32 %r1, %tid.x;\n mul.wide.u32 %rd3, %r1, 128;\n"
    " add.s64 %rd4, %rd1, %rd3;\n add.u32 %r2, %r1, 100;\n"
    " st.global.u32 [%rd4], %r2;\n ret;\n}\n";

static int64_t scatter(const char *queue, int64_t *stores)
{
    const char *sets[] = { queue, NULL };
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    assert_int_equal(th_load(&t, scatter_ptx), 0);
    uint64_t a = th_alloc(&t, 32 * 128);
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
    if (th_launch(&t, "k", grid, block, 0, &a, 1))
        fail_msg("%s", th_error(&t));
    uint32_t out[32 * 32];
    th_read(&t, a, out, sizeof out);
    for (int l = 0; l < 32; l++)
        assert_int_equal(out[l * 32], (uint32_t)l + 100);
    struct jv *st = device_stats(&t.dev);
    int64_t stalls = num(st, "l1d", "reservation_stalls");
    *stores = num(st, "l1d", "stores");
    jv_free(st);
    th_free(&t);
    return stalls;
}

static void test_miss_queue_backpressure(void **state)
{
    (void)state;
    int64_t s1, s64;
    int64_t small = scatter("l1d.miss_queue=1", &s1);
    int64_t big = scatter("l1d.miss_queue=64", &s64);
    assert_int_equal(s1, 32);
    assert_int_equal(s64, 32);
    assert_int_equal(big, 0);
    assert_true(small > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_evict),
        cmocka_unit_test(test_write_through),
        cmocka_unit_test(test_write_back),
        cmocka_unit_test(test_miss_queue_backpressure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
