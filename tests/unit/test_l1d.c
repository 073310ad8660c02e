/*
** test_l1d.c - the L1D seen through real kernels on the timing model: the
** store policies per space (a warp loads a line, stores to it, loads it
** again and stores the result to a second line), write-allocate, the
** miss queue, allocation at the miss, the Fermi set hash and the L2's
** store acknowledgements (l2.write_ack).
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

static struct counts run2(const char *policy, const char *extra)
{
    char set[64];
    snprintf(set, sizeof set, "l1d.write_global=%s", policy);
    const char *sets[] = { set, extra, NULL };
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

static struct counts run(const char *policy)
{
    return run2(policy, NULL);
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

/* Write-back without write-allocate (GPGPU-Sim's Fermi L1): the first
   store dirties the present line as before, the second misses and goes
   to L2 without allocating; only a's line is written back at the end. */
static void test_write_back_no_allocate(void **state)
{
    (void)state;
    struct counts c = run2("back", "l1d.write_allocate=false");
    assert_int_equal(c.misses, 1);
    assert_int_equal(c.hits, 1);
    assert_int_equal(c.writebacks, 1);
    assert_int_equal(c.l2_writes, 2);
}

/* One load instruction whose lanes touch `lines` lines (lane l reads word
   (l mod lines) x stride of a), then, once its data is back, the same
   load again. */
static const char *gather_ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 a, .param .u64 b, .param .u32 n,"
    " .param .u32 st)\n{\n"
    " .reg .b32 %r<9>;\n .reg .b64 %rd<8>;\n"
    " ld.param.u64 %rd1, [a];\n ld.param.u64 %rd2, [b];\n"
    " ld.param.u32 %r7, [n];\n ld.param.u32 %r8, [st];\n"
    " mov.u32 %r1, %tid.x;\n rem.u32 %r5, %r1, %r7;\n"
    " mul.lo.u32 %r5, %r5, %r8;\n mul.wide.u32 %rd3, %r5, 4;\n"
    " add.s64 %rd4, %rd1, %rd3;\n"
    " ld.global.u32 %r2, [%rd4];\n"
    " and.b32 %r6, %r2, 0;\n mul.wide.u32 %rd7, %r6, 4;\n"
    " add.s64 %rd4, %rd4, %rd7;\n"       /* waits for the first load */
    " ld.global.u32 %r3, [%rd4];\n add.u32 %r4, %r2, %r3;\n"
    " mul.wide.u32 %rd5, %r1, 4;\n add.s64 %rd6, %rd2, %rd5;\n"
    " st.global.u32 [%rd6], %r4;\n ret;\n}\n";

/* Runs gather_ptx; returns the L1D statistics object (caller frees). */
static struct jv *gather(const char *const *sets, uint32_t lines,
                         uint32_t stride)
{
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    assert_int_equal(th_load(&t, gather_ptx), 0);
    uint64_t a = th_alloc(&t, (size_t)lines * stride * 4 + 4);
    uint64_t b = th_alloc(&t, 128);
    for (uint32_t i = 0; i < lines; i++) {
        uint32_t v = 3 * i + 1;
        th_write(&t, a + (uint64_t)i * stride * 4, &v, 4);
    }
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
    uint64_t args[4] = { a, b, lines, stride };
    if (th_launch(&t, "k", grid, block, 0, args, 4))
        fail_msg("%s", th_error(&t));
    uint32_t out[32];
    th_read(&t, b, out, sizeof out);
    for (uint32_t l = 0; l < 32; l++)
        assert_int_equal(out[l], 2 * (3 * (l % lines) + 1));
    struct jv *st = device_stats(&t.dev);
    struct jv *l1 = jv_get(st, "l1d");
    struct jv *copy = jv_obj();
    for (size_t i = 0; i < l1->n; i++)
        if (l1->items[i]->kind == JV_INT)
            jv_set(copy, l1->keys[i], jv_int(l1->items[i]->u.i));
    jv_free(st);
    th_free(&t);
    return copy;
}

/* Five lines of one set of a 4-way L1 (teach: 8 sets, so a 1 KB stride)
   in one instruction. Allocating at the fill, five MSHRs take them at
   once. Allocating at the miss, the fifth finds every way reserved and
   waits for a fill (a line-allocation stall) and then evicts one of the
   four, so the second load misses on a line again. */
static void test_allocate_on_miss(void **state)
{
    (void)state;
    const char *fill[] = { NULL };
    const char *miss[] = { "l1d.allocate=miss", NULL };
    struct jv *f = gather(fill, 5, 256), *m = gather(miss, 5, 256);
    assert_int_equal(jv_get(f, "stalls_line_alloc")->u.i, 0);
    assert_true(jv_get(m, "stalls_line_alloc")->u.i > 0);
    assert_int_equal(jv_get(m, "stalls_line_alloc")->u.i,
                     jv_get(m, "reservation_stalls")->u.i);
    /* the fifth fill evicted the first line: one miss, four hits (the
       miss's fill comes after the other four lookups) */
    assert_int_equal(jv_get(f, "misses")->u.i, 5 + 1);
    assert_int_equal(jv_get(f, "hits")->u.i, 4);
    assert_true(jv_get(m, "misses")->u.i > 5);
    jv_free(f);
    jv_free(m);
}

/* 32 lines 4 KB apart in a 16 KB 4-way L1 (32 sets): the linear index
   puts them all in one set, so the second load finds only the last 4
   filled; the Fermi hash spreads them over 8 sets of 4 ways, so all 32
   stay. */
static void test_fermi_set_hash(void **state)
{
    (void)state;
    const char *lin[] = { "l1d.size=16K", "l1d.mshrs=64", NULL };
    const char *fermi[] = { "l1d.size=16K", "l1d.mshrs=64",
                            "l1d.set_hash=fermi", NULL };
    struct jv *a = gather(lin, 32, 1024), *b = gather(fermi, 32, 1024);
    assert_int_equal(jv_get(a, "hits")->u.i, 4);
    assert_int_equal(jv_get(a, "misses")->u.i, 32 + 28);
    assert_int_equal(jv_get(b, "hits")->u.i, 32);
    assert_int_equal(jv_get(b, "misses")->u.i, 32);
    jv_free(a);
    jv_free(b);
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

/* One warp stores a whole line (four 32-byte sectors) and exits. */
static const char *store_ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 a)\n{\n"
    " .reg .b32 %r<3>;\n .reg .b64 %rd<4>;\n"
    " ld.param.u64 %rd1, [a];\n mov.u32 %r1, %tid.x;\n"
    " mul.wide.u32 %rd2, %r1, 4;\n add.s64 %rd3, %rd1, %rd2;\n"
    " st.global.u32 [%rd3], %r1;\n"
    " ret;\n}\n";

struct acks {
    int64_t cycles, flits_to_sms, l2_writes;
};

static struct acks store_line(const char *ack, const char *sectored)
{
    const char *sets[] = { ack, sectored, "l2.latency=200", NULL };
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    assert_int_equal(th_load(&t, store_ptx), 0);
    uint64_t a = th_alloc(&t, 128);
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
    if (th_launch(&t, "k", grid, block, 0, &a, 1))
        fail_msg("%s", th_error(&t));
    uint32_t out[32];
    th_read(&t, a, out, sizeof out);
    for (int l = 0; l < 32; l++)
        assert_int_equal(out[l], (uint32_t)l);
    struct jv *st = device_stats(&t.dev);
    const struct jv *cy = jv_get(st, "cycles");
    assert_non_null(cy);
    struct acks r = { cy->u.i, num(st, "icnt", "flits_to_sms"),
                      num(st, "l2", "writes") };
    jv_free(st);
    th_free(&t);
    return r;
}

/* l2.write_ack (GPGPU-Sim's WRITE_ACK and stores_done): the L2 answers
   each unit a store writes with a one-flit packet to the SM (four for a
   line into a sectored L2, one into a line L2), and the warp retires only
   when they are in, so the kernel lasts at least the acknowledgement's
   trip through the slice (l2.latency) longer. Without it nothing comes
   back. */
static void test_write_ack(void **state)
{
    (void)state;
    struct acks off = store_line("l2.write_ack=false", "l2.sectored=true");
    struct acks sec = store_line("l2.write_ack=true", "l2.sectored=true");
    struct acks line = store_line("l2.write_ack=true", "l2.sectored=false");
    assert_int_equal(off.flits_to_sms, 0);
    assert_int_equal(sec.flits_to_sms, 4);
    assert_int_equal(line.flits_to_sms, 1);
    assert_int_equal(off.l2_writes, 4);
    assert_int_equal(sec.l2_writes, 4);
    assert_int_equal(line.l2_writes, 1);
    assert_true(sec.cycles >= off.cycles + 200);
    assert_true(line.cycles >= off.cycles + 200);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_evict),
        cmocka_unit_test(test_write_through),
        cmocka_unit_test(test_write_back),
        cmocka_unit_test(test_miss_queue_backpressure),
        cmocka_unit_test(test_write_back_no_allocate),
        cmocka_unit_test(test_allocate_on_miss),
        cmocka_unit_test(test_fermi_set_hash),
        cmocka_unit_test(test_write_ack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
