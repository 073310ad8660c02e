/*
** test_exec_mem.c - loads and stores (vector, sign extension, generic
** addressing through cvta, shared and local memory), atomics and red on
** global and shared memory (the faults of bad accesses: test_exec_fault.c).
** Atomic results are checked two ways: the order-independent final
** memory value, and the returned old values against a serial order
** (warpscope applies a warp's lanes in ascending lane order, as
** src/func/exec-mem.c documents; where the old values determine the
** order uniquely, a chain check also accepts any serial order).
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"

#define NL 32
#define I32(x) ((uint32_t)(int32_t)(x))
#define I64(x) ((uint64_t)(int64_t)(x))
#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

static struct th T;

static int setup(void **state)
{
    (void)state;
    return th_init(&T, NULL) ? -1 : 0;
}

static int teardown(void **state)
{
    (void)state;
    th_free(&T);
    return 0;
}

static void load(const char *ptx)
{
    if (th_load(&T, ptx))
        fail_msg("load failed: %s", th_error(&T));
}

static void run(const char *name, uint32_t threads, const uint64_t *args,
                int nargs)
{
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { threads, 1, 1 };
    if (th_launch(&T, name, grid, block, 0, args, nargs))
        fail_msg("launch of %s failed: %s", name, th_error(&T));
}

static uint64_t buf(const void *init, size_t n)
{
    uint64_t a = th_alloc(&T, n);
    assert_true(a != 0);
    if (init)
        th_write(&T, a, init, n);
    return a;
}

/* One warp runs body on %a, %b, %c into %d (tests/unit/harness.h). */
static int warp_op(const char *ty, const char *body, const void *a,
                   const void *b, const void *c, void *d)
{
    return th_warp_op(&T, ty, body, a, b, c, d);
}

/* Every lane gets the same a, b, c; every lane must produce want. */
static void same32(const char *body, uint32_t a, uint32_t c, uint32_t want)
{
    uint32_t va[NL], vc[NL], d[NL];
    for (int i = 0; i < NL; i++)
        va[i] = a, vc[i] = c;
    if (warp_op("b32", body, va, va, vc, d))
        fail_msg("'%s' failed: %s", body, th_error(&T));
    for (int i = 0; i < NL; i++)
        if (d[i] != want)
            fail_msg("'%s' lane %d: got 0x%08x, want 0x%08x", body, i, d[i], want);
}

static void same64(const char *body, uint64_t a, uint64_t want)
{
    uint64_t va[NL], d[NL];
    for (int i = 0; i < NL; i++)
        va[i] = a;
    if (warp_op("b64", body, va, va, va, d))
        fail_msg("'%s' failed: %s", body, th_error(&T));
    for (int i = 0; i < NL; i++)
        if (d[i] != want)
            fail_msg("'%s' lane %d: got 0x%016llx, want 0x%016llx", body, i,
                     (unsigned long long)d[i], (unsigned long long)want);
}

/* ---- loads and stores ---------------------------------------------------- */

/* ld of a narrow signed type sign-extends to the register width, unsigned
   and bit types zero-extend (PTX ISA 9.4.1, table 28). a = 0x80ff7f01:
   byte 0 = 01, 1 = 7f, 2 = ff, 3 = 80 (little-endian). */
static void test_ld_narrow_extension(void **state)
{
    (void)state;
    const uint32_t A = 0x80ff7f01u;
    same32("ld.global.s8 %d, [%pa+3];", A, 0, 0xffffff80u);
    same32("ld.global.u8 %d, [%pa+3];", A, 0, 0x80);
    same32("ld.global.s8 %d, [%pa+1];", A, 0, 0x7f);
    same32("ld.global.s16 %d, [%pa+2];", A, 0, 0xffff80ffu);
    same32("ld.global.u16 %d, [%pa+2];", A, 0, 0x80ff);
    same32("ld.global.b16 %d, [%pa+2];", A, 0, 0x80ff);
    same32("ld.global.s16 %d, [%pa];", A, 0, 0x7f01);
    const uint64_t B = 0x80000000fffffff0ull;
    same64("ld.global.s32 %d, [%pa+4];", B, 0xffffffff80000000ull);
    same64("ld.global.u32 %d, [%pa+4];", B, 0x80000000ull);
    same64("ld.global.s8 %d, [%pa];", B, 0xfffffffffffffff0ull);
    same64("ld.global.b16 %d, [%pa];", B, 0xfff0);
    same64("ld.global.s16 %d, [%pa+2];", B, ~0ull);
}

/* st of a narrow type writes only the low bytes of the register. */
static void test_st_narrow(void **state)
{
    (void)state;
    same32("st.global.u8 [%pc+1], %a; ld.global.u32 %d, [%pc];", 0x12345678u,
           0xaaaaaaaau, 0xaaaa78aau);
    same32("st.global.u16 [%pc+2], %a; ld.global.u32 %d, [%pc];", 0x12345678u,
           0xaaaaaaaau, 0x5678aaaau);
    same32("st.global.b8 [%pc], %a; st.global.b8 [%pc+3], %a; ld.global.u32 %d, [%pc];",
           0x000000c3u, 0, 0xc30000c3u);
}

static const char vec_ptx[] = HDR
    ".visible .entry vec(.param .u64 src, .param .u64 dst, .param .u64 dst2)\n"
    "{\n"
    " .reg .b32 %r<10>;\n .reg .b64 %rd<12>;\n .reg .f32 %f<3>;\n"
    " ld.param.u64 %rd1, [src];\n ld.param.u64 %rd2, [dst];\n ld.param.u64 %rd9, [dst2];\n"
    " mov.u32 %r1, %tid.x;\n"
    " mul.wide.u32 %rd3, %r1, 16;\n"
    " add.s64 %rd4, %rd1, %rd3;\n add.s64 %rd5, %rd2, %rd3;\n"
    " mul.wide.u32 %rd11, %r1, 32;\n add.s64 %rd10, %rd9, %rd11;\n"
    " ld.global.v4.u32 {%r2, %r3, %r4, %r5}, [%rd4];\n"
    " st.global.v4.u32 [%rd5], {%r5, %r4, %r3, %r2};\n"
    " ld.global.v2.u64 {%rd6, %rd7}, [%rd4];\n"
    " add.s64 %rd8, %rd6, %rd7;\n"
    " ld.global.v2.f32 {%f1, _}, [%rd4+8];\n"
    " mov.b32 %r6, %f1;\n"
    " st.global.v2.u64 [%rd10], {%rd8, %rd6};\n"
    " ld.global.v2.u32 {%r7, %r8}, [%rd4+8];\n"
    " add.u32 %r9, %r6, %r8;\n"
    " st.global.u32 [%rd10+16], %r9;\n"
    " ret;\n}\n";

static void test_vector_ld_st(void **state)
{
    (void)state;
    uint32_t src[NL * 4], dst[NL * 4];
    for (int i = 0; i < NL * 4; i++)
        src[i] = 0x01000000u * (uint32_t)(i % 4) + (uint32_t)i;
    load(vec_ptx);
    uint64_t s = buf(src, sizeof src), d = buf(NULL, sizeof dst),
             d2 = buf(NULL, NL * 32);
    uint64_t args[3] = { s, d, d2 };
    run("vec", NL, args, 3);
    th_read(&T, d, dst, sizeof dst);
    for (int t = 0; t < NL; t++)
        for (int e = 0; e < 4; e++)
            assert_int_equal(dst[t * 4 + e], src[t * 4 + 3 - e]);
    uint64_t out[NL * 4];
    th_read(&T, d2, out, sizeof out);
    for (int t = 0; t < NL; t++) {
        uint64_t lo = (uint64_t)src[t * 4 + 1] << 32 | src[t * 4];
        uint64_t hi = (uint64_t)src[t * 4 + 3] << 32 | src[t * 4 + 2];
        assert_int_equal(out[t * 4], lo + hi);
        assert_int_equal(out[t * 4 + 1], lo);
        /* the f32 element's bits + element 3, as a u32 */
        assert_int_equal(out[t * 4 + 2] & 0xffffffffu,
                         (uint32_t)(src[t * 4 + 2] + src[t * 4 + 3]));
    }
}

/* Vector stores of two lanes to the same place (an aligned vector
   overlaps another only wholly): lanes 2k and 2k + 1 write elements
   {100 + t, 200 + t} to pair slot k. A warp's lanes store in ascending
   order, so the later active lane's elements stay. */
static const char overlap_ptx[] = HDR
    ".visible .entry ov(.param .u64 dst, .param .u32 n)\n"
    "{\n"
    " .reg .pred %p<2>;\n .reg .b16 %h<3>;\n .reg .b32 %r<6>;\n .reg .b64 %rd<8>;\n"
    " ld.param.u64 %rd1, [dst];\n ld.param.u32 %r5, [n];\n"
    " mov.u32 %r1, %tid.x;\n"
    " setp.ge.u32 %p1, %r1, %r5;\n"          /* lanes >= n inactive */
    " @%p1 bra DONE;\n"
    " add.u32 %r2, %r1, 100;\n add.u32 %r3, %r1, 200;\n shr.u32 %r4, %r1, 1;\n"
    " cvt.u16.u32 %h1, %r2;\n cvt.u16.u32 %h2, %r3;\n"
    " mul.wide.u32 %rd2, %r4, 2;\n add.s64 %rd3, %rd1, %rd2;\n"
    " st.global.v2.u8 [%rd3], {%h1, %h2};\n"          /* pairs at 0.. */
    " mul.wide.u32 %rd4, %r4, 8;\n add.s64 %rd5, %rd1, %rd4;\n"
    " st.global.v2.u32 [%rd5+64], {%r2, %r3};\n"      /* at 64.. */
    " cvt.u64.u32 %rd6, %r2;\n cvt.u64.u32 %rd7, %r3;\n"
    " mul.wide.u32 %rd4, %r4, 16;\n add.s64 %rd5, %rd1, %rd4;\n"
    " st.global.v2.u64 [%rd5+256], {%rd6, %rd7};\n"   /* at 256.. */
    "DONE:\n ret;\n}\n";

static void test_vector_st_same_place(void **state)
{
    (void)state;
    load(overlap_ptx);
    for (int pass = 0; pass < 2; pass++) {
        uint32_t n = pass ? 23 : NL;             /* whole and partial warp */
        uint8_t mem[512];
        memset(mem, 0xee, sizeof mem);
        uint64_t d = buf(mem, sizeof mem);
        uint64_t args[2] = { d, n };
        run("ov", NL, args, 2);
        th_read(&T, d, mem, sizeof mem);
        for (uint32_t k = 0; k < NL / 2; k++) {
            if (2 * k >= n) {                     /* no lane wrote here */
                assert_int_equal(mem[2 * k], 0xee);
                continue;
            }
            uint32_t t = 2 * k + 1 < n ? 2 * k + 1 : 2 * k;
            uint32_t w32[2];
            uint64_t w64[2];
            memcpy(w32, mem + 64 + 8 * k, 8);
            memcpy(w64, mem + 256 + 16 * k, 16);
            assert_int_equal(mem[2 * k], 100 + t);
            assert_int_equal(mem[2 * k + 1], 200 + t);
            assert_int_equal(w32[0], 100 + t);
            assert_int_equal(w32[1], 200 + t);
            assert_int_equal(w64[0], 100 + t);
            assert_int_equal(w64[1], 200 + t);
        }
    }
}

/* Generic addresses: cvta.shared/.local/.global make generic pointers that
   plain ld/st resolve back to the right space; cvta.to.* inverts them. */
static const char generic_ptx[] = HDR
    ".visible .entry gen(.param .u64 out, .param .u64 g)\n"
    "{\n"
    " .reg .b32 %r<12>;\n .reg .b64 %rd<16>;\n"
    " .shared .align 4 .b8 sh[128];\n"
    " .local .align 4 .b8 loc[16];\n"
    " ld.param.u64 %rd1, [out];\n ld.param.u64 %rd13, [g];\n"
    " mov.u32 %r1, %tid.x;\n"
    " mul.wide.u32 %rd2, %r1, 4;\n"
    " mov.u64 %rd3, sh;\n"
    " cvta.shared.u64 %rd4, %rd3;\n"
    " add.s64 %rd5, %rd4, %rd2;\n"
    " mul.lo.u32 %r2, %r1, 3;\n"
    " st.u32 [%rd5], %r2;\n"                 /* generic store to shared */
    " bar.sync 0;\n"
    " xor.b32 %r3, %r1, 1;\n"
    " mul.wide.u32 %rd6, %r3, 4;\n"
    " add.s64 %rd7, %rd3, %rd6;\n"
    " ld.shared.u32 %r4, [%rd7];\n"          /* neighbour's value */
    " cvta.to.shared.u64 %rd8, %rd5;\n"
    " ld.shared.u32 %r5, [%rd8];\n"          /* own value, round trip */
    " mov.u64 %rd9, loc;\n"
    " cvta.local.u64 %rd10, %rd9;\n"
    " add.u32 %r6, %r1, 1000;\n"
    " st.u32 [%rd10+4], %r6;\n"              /* generic store to local */
    " ld.local.u32 %r7, [loc+4];\n"
    " cvta.to.global.u64 %rd11, %rd13;\n"
    " cvta.global.u64 %rd12, %rd11;\n"
    " add.s64 %rd14, %rd12, %rd2;\n"
    " ld.u32 %r8, [%rd14];\n"                /* generic load from global */
    " add.s64 %rd15, %rd1, %rd2;\n"
    " st.global.u32 [%rd15], %r4;\n"
    " st.global.u32 [%rd15+128], %r5;\n"
    " st.global.u32 [%rd15+256], %r7;\n"
    " st.global.u32 [%rd15+384], %r8;\n"
    " ret;\n}\n";

static void test_generic_addressing(void **state)
{
    (void)state;
    load(generic_ptx);
    uint32_t g[NL], out[NL * 4];
    for (int i = 0; i < NL; i++)
        g[i] = 0xabc00000u + (uint32_t)i;
    uint64_t o = buf(NULL, sizeof out), gb = buf(g, sizeof g);
    uint64_t args[2] = { o, gb };
    run("gen", NL, args, 2);
    th_read(&T, o, out, sizeof out);
    for (uint32_t t = 0; t < NL; t++) {
        assert_int_equal(out[t], (t ^ 1) * 3);
        assert_int_equal(out[NL + t], t * 3);
        assert_int_equal(out[2 * NL + t], t + 1000);
        assert_int_equal(out[3 * NL + t], 0xabc00000u + t);
    }
}

/* A module's .global array read and written by its symbol, the same word
   for every lane: a load gives every active lane the word, a store by
   several lanes leaves the highest one's value (lanes in order). */
static void test_global_by_symbol(void **state)
{
    (void)state;
    load(HDR ".global .align 4 .u32 gv[4] = { 7, 8, 9, 10 };\n"
         ".visible .entry f(.param .u64 o)\n{\n"
         " .reg .pred %p<2>;\n .reg .b32 %r<6>;\n .reg .b64 %rd<4>;\n"
         " ld.param.u64 %rd1, [o];\n mov.u32 %r1, %tid.x;\n"
         " mov.u32 %r2, 5;\n setp.lt.u32 %p1, %r1, 20;\n"
         " @%p1 ld.global.u32 %r2, [gv+8];\n"
         " mad.lo.u32 %r3, %r1, 3, 100;\n @%p1 st.global.u32 [gv+4], %r3;\n"
         " bar.sync 0;\n ld.global.u32 %r4, [gv+4];\n"
         " mul.wide.u32 %rd2, %r1, 8;\n add.s64 %rd3, %rd1, %rd2;\n"
         " st.global.v2.u32 [%rd3], {%r2, %r4};\n ret;\n}\n");
    uint32_t out[NL * 2];
    uint64_t o = buf(NULL, sizeof out);
    run("f", NL, &o, 1);
    th_read(&T, o, out, sizeof out);
    for (uint32_t l = 0; l < NL; l++) {
        assert_int_equal(out[2 * l], l < 20 ? 9 : 5);
        assert_int_equal(out[2 * l + 1], 19 * 3 + 100);
    }
}

/* Two warps exchange through shared memory across bar.sync. */
static const char shared_ptx[] = HDR
    ".visible .entry xchg(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<6>;\n .reg .b64 %rd<4>;\n"
    " .shared .align 4 .u32 sh[64];\n"
    " ld.param.u64 %rd1, [out];\n"
    " mov.u32 %r1, %tid.x;\n"
    " mov.u32 %r5, sh;\n"
    " shl.b32 %r2, %r1, 2;\n"
    " add.u32 %r2, %r2, %r5;\n"
    " mad.lo.u32 %r3, %r1, 7, 1;\n"
    " st.shared.u32 [%r2], %r3;\n"
    " bar.sync 0;\n"
    " sub.u32 %r4, 63, %r1;\n"
    " shl.b32 %r4, %r4, 2;\n"
    " add.u32 %r4, %r4, %r5;\n"
    " ld.shared.u32 %r4, [%r4];\n"
    " mul.wide.u32 %rd2, %r1, 4;\n"
    " add.s64 %rd3, %rd1, %rd2;\n"
    " st.global.u32 [%rd3], %r4;\n"
    " ret;\n}\n";

/* A warp's lanes in 32 pages of one buffer (8 KiB apart, in a block
   mapped from the host), in two buffers at once (even lanes one, odd
   lanes the other), and under a lane mask: loads and stores reach the
   right bytes however the lanes spread. */
static void test_lanes_across_pages_and_buffers(void **state)
{
    (void)state;
    enum { AW = 32 * 2048, BW = 256 };
    static uint32_t a[AW], b[BW], out[NL * 3];
    for (uint32_t i = 0; i < AW; i++)
        a[i] = i * 3 + 1;
    for (uint32_t i = 0; i < BW; i++)
        b[i] = 100000 + i;
    uint64_t args[3] = { buf(a, sizeof a), buf(b, sizeof b),
                         buf(NULL, sizeof out) };
    load(HDR ".visible .entry f(.param .u64 a, .param .u64 b, .param .u64 o)\n{\n"
         " .reg .pred %p<3>;\n .reg .b32 %r<6>;\n .reg .b64 %rd<11>;\n"
         " ld.param.u64 %rd1, [a];\n ld.param.u64 %rd2, [b];\n ld.param.u64 %rd3, [o];\n"
         " mov.u32 %r1, %tid.x;\n mul.wide.u32 %rd4, %r1, 8192;\n add.s64 %rd5, %rd1, %rd4;\n"
         " ld.global.u32 %r2, [%rd5];\n"
         " and.b32 %r3, %r1, 1;\n setp.eq.u32 %p1, %r3, 0;\n selp.b64 %rd6, %rd1, %rd2, %p1;\n"
         " mul.wide.u32 %rd7, %r1, 4;\n add.s64 %rd8, %rd6, %rd7;\n"
         " ld.global.u32 %r4, [%rd8+4];\n"
         " setp.lt.u32 %p2, %r1, 20;\n mov.u32 %r5, 7;\n @%p2 ld.global.u32 %r5, [%rd5+4];\n"
         " st.global.u32 [%rd8+256], %r1;\n"
         " mul.wide.u32 %rd9, %r1, 12;\n add.s64 %rd10, %rd3, %rd9;\n"
         " st.global.u32 [%rd10], %r2;\n st.global.u32 [%rd10+4], %r4;\n"
         " st.global.u32 [%rd10+8], %r5;\n ret;\n}\n");
    run("f", NL, args, 3);
    th_read(&T, args[2], out, sizeof out);
    th_read(&T, args[0], a, sizeof a);
    th_read(&T, args[1], b, sizeof b);
    for (uint32_t l = 0; l < NL; l++) {
        assert_int_equal(out[l * 3], l * 2048 * 3 + 1);
        assert_int_equal(out[l * 3 + 1], l % 2 ? 100000 + l + 1 : (l + 1) * 3 + 1);
        assert_int_equal(out[l * 3 + 2], l < 20 ? (l * 2048 + 1) * 3 + 1 : 7);
        /* each lane's store in its own buffer, the other's word kept */
        assert_int_equal((l % 2 ? b : a)[l + 64], l);
        assert_int_equal((l % 2 ? a : b)[l + 64],
                         l % 2 ? (l + 64) * 3 + 1 : 100000 + l + 64);
    }
}

static void test_shared_exchange_two_warps(void **state)
{
    (void)state;
    load(shared_ptx);
    uint32_t out[64];
    uint64_t o = buf(NULL, sizeof out);
    run("xchg", 64, &o, 1);
    th_read(&T, o, out, sizeof out);
    for (uint32_t t = 0; t < 64; t++)
        assert_int_equal(out[t], (63 - t) * 7 + 1);
}

/* A 32-bit base register plus an offset is a 32-bit address: the sum
   wraps at 2^32 as on the hardware (nvcc writes [%r + imm] with a base
   below the shared variable for tiled kernels). Both the whole-warp path
   (a full mask) and the lane-by-lane path (half the lanes) are taken. */
static const char wrap_ptx[] = HDR
    ".visible .entry wrap(.param .u64 out)\n"
    "{\n"
    " .shared .align 4 .b8 s[128];\n"
    " .reg .b32 %r<8>;\n .reg .b64 %rd<4>;\n .reg .pred %p1;\n"
    " mov.u32 %r1, %tid.x;\n"
    " mov.u32 %r2, s;\n"
    " shl.b32 %r3, %r1, 2;\n"
    " add.s32 %r4, %r2, %r3;\n"
    " add.s32 %r5, %r4, -64;\n"
    " st.shared.u32 [%r5+64], %r1;\n"
    " setp.lt.u32 %p1, %r1, 16;\n"
    " @%p1 st.shared.u32 [%r5+64], %r3;\n"
    " bar.sync 0;\n"
    " ld.shared.u32 %r6, [%r4];\n"
    " ld.param.u64 %rd1, [out];\n"
    " mul.wide.u32 %rd3, %r1, 4;\n"
    " add.s64 %rd2, %rd1, %rd3;\n"
    " st.global.u32 [%rd2], %r6;\n"
    " ret;\n}\n";

static void test_address_wraps_at_32_bits(void **state)
{
    (void)state;
    load(wrap_ptx);
    uint32_t out[32];
    uint64_t o = buf(NULL, sizeof out);
    run("wrap", 32, &o, 1);
    th_read(&T, o, out, sizeof out);
    for (uint32_t t = 0; t < 32; t++)
        assert_int_equal(out[t], t < 16 ? 4 * t : t);
}

/* Local memory is private per thread. */
static const char local_ptx[] = HDR
    ".visible .entry loc(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<8>;\n .reg .b64 %rd<4>;\n"
    " .local .align 8 .b8 frame[16];\n"
    " ld.param.u64 %rd1, [out];\n"
    " mov.u32 %r1, %tid.x;\n"
    " mul.lo.u32 %r2, %r1, 10;\n"
    " st.local.u32 [frame], %r2;\n"
    " add.u32 %r3, %r2, 1;\n st.local.u32 [frame+4], %r3;\n"
    " add.u32 %r3, %r2, 2;\n st.local.u32 [frame+8], %r3;\n"
    " add.u32 %r3, %r2, 3;\n st.local.u32 [frame+12], %r3;\n"
    " ld.local.v4.u32 {%r4, %r5, %r6, %r7}, [frame];\n"
    " mul.wide.u32 %rd2, %r1, 16;\n"
    " add.s64 %rd3, %rd1, %rd2;\n"
    " st.global.v4.u32 [%rd3], {%r7, %r6, %r5, %r4};\n"
    " ret;\n}\n";

static void test_local_private(void **state)
{
    (void)state;
    load(local_ptx);
    uint32_t out[64 * 4];
    uint64_t o = buf(NULL, sizeof out);
    run("loc", 64, &o, 1);
    th_read(&T, o, out, sizeof out);
    for (uint32_t t = 0; t < 64; t++)
        for (uint32_t e = 0; e < 4; e++)
            assert_int_equal(out[t * 4 + e], t * 10 + 3 - e);
}

/* ---- atomics --------------------------------------------------------------- */

enum { SAME = 0, DISTINCT = 1 };

struct atom {
    const char *inst;         /* e.g. "atom.global.add.u32"; red has no old */
    int bytes;                /* 4 or 8 */
    int where;                /* SAME or DISTINCT address */
    int shared;               /* run it on shared memory */
    uint64_t init[NL];        /* memory before (only [0] for SAME) */
    uint64_t v[NL], cmp[NL];  /* operand b (and c for cas: cmp = b, v = c) */
};

/* Runs the atomic on 32 lanes; returns old values and final memory. */
static void atom_run(const struct atom *a, uint64_t *old, uint64_t *mem)
{
    const char *ty = a->bytes == 8 ? "b64" : "b32";
    int red = strncmp(a->inst, "red", 3) == 0;
    int cas = strstr(a->inst, ".cas.") != NULL;
    int stride = a->where == DISTINCT ? a->bytes : 0;
    char op[160];
    if (red)
        snprintf(op, sizeof op, "%s [%%rd7], %%x1;", a->inst);
    else if (cas)
        snprintf(op, sizeof op, "%s %%x2, [%%rd7], %%x3, %%x1;", a->inst);
    else
        snprintf(op, sizeof op, "%s %%x2, [%%rd7], %%x1;", a->inst);
    char ptx[4096];
    if (!a->shared)
        snprintf(ptx, sizeof ptx, HDR
                 ".visible .entry at(.param .u64 p, .param .u64 v, .param .u64 o, .param .u64 cmp)\n"
                 "{\n .reg .b32 %%r<4>;\n .reg .b64 %%rd<12>;\n .reg .%s %%x<4>;\n"
                 " ld.param.u64 %%rd1, [p];\n ld.param.u64 %%rd2, [v];\n"
                 " ld.param.u64 %%rd3, [o];\n ld.param.u64 %%rd9, [cmp];\n"
                 " mov.u32 %%r1, %%tid.x;\n"
                 " mul.wide.u32 %%rd4, %%r1, %d;\n"
                 " add.s64 %%rd5, %%rd2, %%rd4;\n ld.global.%s %%x1, [%%rd5];\n"
                 " add.s64 %%rd10, %%rd9, %%rd4;\n ld.global.%s %%x3, [%%rd10];\n"
                 " add.s64 %%rd8, %%rd3, %%rd4;\n ld.global.%s %%x2, [%%rd8];\n"
                 " mul.wide.u32 %%rd6, %%r1, %d;\n add.s64 %%rd7, %%rd1, %%rd6;\n"
                 " %s\n"
                 " st.global.%s [%%rd8], %%x2;\n"
                 " ret;\n}\n",
                 ty, a->bytes, ty, ty, ty, stride, op, ty);
    else
        snprintf(ptx, sizeof ptx, HDR
                 ".visible .entry at(.param .u64 p, .param .u64 v, .param .u64 o, .param .u64 cmp)\n"
                 "{\n .reg .b32 %%r<4>;\n .reg .b64 %%rd<14>;\n .reg .%s %%x<4>;\n"
                 " .shared .align 8 .b8 sh[256];\n"
                 " ld.param.u64 %%rd1, [p];\n ld.param.u64 %%rd2, [v];\n"
                 " ld.param.u64 %%rd3, [o];\n ld.param.u64 %%rd9, [cmp];\n"
                 " mov.u32 %%r1, %%tid.x;\n"
                 " mul.wide.u32 %%rd4, %%r1, %d;\n"
                 " add.s64 %%rd5, %%rd2, %%rd4;\n ld.global.%s %%x1, [%%rd5];\n"
                 " add.s64 %%rd10, %%rd9, %%rd4;\n ld.global.%s %%x3, [%%rd10];\n"
                 " add.s64 %%rd8, %%rd3, %%rd4;\n ld.global.%s %%x2, [%%rd8];\n"
                 " mul.wide.u32 %%rd6, %%r1, %d;\n add.s64 %%rd11, %%rd1, %%rd6;\n"
                 " ld.global.%s %%x0, [%%rd11];\n"
                 " mov.u64 %%rd12, sh;\n add.s64 %%rd7, %%rd12, %%rd6;\n"
                 " st.shared.%s [%%rd7], %%x0;\n"
                 " bar.sync 0;\n"
                 " %s\n"
                 " bar.sync 0;\n"
                 " ld.shared.%s %%x0, [%%rd7];\n st.global.%s [%%rd11], %%x0;\n"
                 " st.global.%s [%%rd8], %%x2;\n"
                 " ret;\n}\n",
                 ty, a->bytes, ty, ty, ty, stride, ty, ty, op, ty, ty, ty);
    load(ptx);
    size_t n = (size_t)a->bytes * NL;
    uint8_t tmp[8 * NL];
    for (int i = 0; i < NL; i++)
        memcpy(tmp + i * a->bytes, &a->init[i], (size_t)a->bytes);
    uint64_t p = buf(tmp, n);
    for (int i = 0; i < NL; i++)
        memcpy(tmp + i * a->bytes, &a->v[i], (size_t)a->bytes);
    uint64_t v = buf(tmp, n);
    for (int i = 0; i < NL; i++)
        memcpy(tmp + i * a->bytes, &a->cmp[i], (size_t)a->bytes);
    uint64_t c = buf(tmp, n);
    /* red writes no old value: o keeps a marker */
    memset(tmp, 0x5a, n);
    uint64_t o = buf(tmp, n);
    uint64_t args[4] = { p, v, o, c };
    run("at", NL, args, 4);
    th_read(&T, o, tmp, n);
    for (int i = 0; i < NL; i++) {
        old[i] = 0;
        memcpy(&old[i], tmp + i * a->bytes, (size_t)a->bytes);
    }
    th_read(&T, p, tmp, n);
    for (int i = 0; i < NL; i++) {
        mem[i] = 0;
        memcpy(&mem[i], tmp + i * a->bytes, (size_t)a->bytes);
    }
}

static void expect_final(const struct atom *a, const uint64_t *mem,
                         const uint64_t *want)
{
    int n = a->where == SAME ? 1 : NL;
    for (int i = 0; i < n; i++)
        if (mem[i] != want[i])
            fail_msg("%s (%s, %s): final memory[%d] = 0x%llx, want 0x%llx",
                     a->inst, a->where == SAME ? "same address" : "distinct addresses",
                     a->shared ? "shared" : "global", i,
                     (unsigned long long)mem[i], (unsigned long long)want[i]);
}

static void expect_old(const struct atom *a, const uint64_t *old,
                       const uint64_t *want)
{
    for (int i = 0; i < NL; i++)
        if (old[i] != want[i])
            fail_msg("%s (%s, %s): lane %d returned old 0x%llx, want 0x%llx",
                     a->inst, a->where == SAME ? "same address" : "distinct addresses",
                     a->shared ? "shared" : "global", i,
                     (unsigned long long)old[i], (unsigned long long)want[i]);
}

/*
** Order-independent check for same-address atomics whose state changes
** at every step: some serial order of the lanes must produce exactly the
** returned old values and the final value. step(x, v) is the operation.
*/
static void expect_serial_chain(const struct atom *a, const uint64_t *old,
                                uint64_t final,
                                uint64_t (*step)(uint64_t, uint64_t))
{
    int used[NL] = { 0 };
    uint64_t cur = a->init[0];
    for (int k = 0; k < NL; k++) {
        int pick = -1;
        for (int i = 0; i < NL && pick < 0; i++)
            if (!used[i] && old[i] == cur)
                pick = i;
        if (pick < 0)
            fail_msg("%s: no lane returned 0x%llx (step %d): old values are not a serial order",
                     a->inst, (unsigned long long)cur, k);
        used[pick] = 1;
        cur = step(cur, a->v[pick]);
    }
    if (cur != final)
        fail_msg("%s: the serial order ends at 0x%llx but memory holds 0x%llx",
                 a->inst, (unsigned long long)cur, (unsigned long long)final);
}

static uint64_t add32(uint64_t x, uint64_t v) { return (x + v) & 0xffffffffu; }
static uint64_t add64(uint64_t x, uint64_t v) { return x + v; }
static uint64_t exch(uint64_t x, uint64_t v) { (void)x; return v; }
static uint64_t or_(uint64_t x, uint64_t v) { return x | v; }
static uint64_t and_(uint64_t x, uint64_t v) { return x & v; }
static uint64_t xor_(uint64_t x, uint64_t v) { return x ^ v; }
static uint64_t inc9(uint64_t x, uint64_t v) { (void)v; return x >= 9 ? 0 : x + 1; }
static uint64_t dec9(uint64_t x, uint64_t v) { (void)v; return (x == 0 || x > 9) ? 9 : x - 1; }
static uint64_t addf32(uint64_t x, uint64_t v)
{
    return th_f2u(th_u2f((uint32_t)x) + th_u2f((uint32_t)v));
}

/* Same address, 32-bit integer add (u32 and s32) on global and shared. */
static void test_atom_add_same_address(void **state)
{
    (void)state;
    for (int sh = 0; sh < 2; sh++) {
        struct atom a = { "atom.global.add.u32", 4, SAME, sh, { 1000 }, { 0 }, { 0 } };
        if (sh)
            a.inst = "atom.shared.add.u32";
        uint64_t old[NL], mem[NL], want_old[NL];
        for (int i = 0; i < NL; i++)
            a.v[i] = (uint64_t)(i * i + 1);
        atom_run(&a, old, mem);
        const uint64_t fin = 11448;          /* 1000 + sum(i^2 + 1) */
        expect_final(&a, mem, &fin);
        expect_serial_chain(&a, old, mem[0], add32);
        uint64_t s = 1000;
        for (int i = 0; i < NL; i++) {
            want_old[i] = s;                /* ascending lane order */
            s += a.v[i];
        }
        expect_old(&a, old, want_old);
    }
    struct atom s = { "atom.global.add.s32", 4, SAME, 0, { 0 }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        s.v[i] = I32(-(i + 1));
    uint64_t old[NL], mem[NL];
    atom_run(&s, old, mem);
    const uint64_t fin = 0xfffffdf0u;        /* -(1 + ... + 32) = -528 */
    expect_final(&s, mem, &fin);
    expect_serial_chain(&s, old, mem[0], add32);
}

static void test_atom_add_64_and_float(void **state)
{
    (void)state;
    uint64_t old[NL], mem[NL];
    struct atom u = { "atom.global.add.u64", 8, SAME, 0, { 0xfffffff6ull }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        u.v[i] = 0x100000000ull + (uint64_t)i;
    atom_run(&u, old, mem);
    const uint64_t fu = 0x21000001e6ull;     /* 2^32-10 + 32*2^32 + 496 */
    expect_final(&u, mem, &fu);
    expect_serial_chain(&u, old, mem[0], add64);
    /* f32: every partial sum is a multiple of 1/4 below 2^22, so exact
       and order-independent: 0.5 + sum(i + 0.25) = 504.5 */
    struct atom f = { "atom.global.add.f32", 4, SAME, 0, { 0x3f000000u }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        f.v[i] = th_f2u((float)i + 0.25f);
    atom_run(&f, old, mem);
    const uint64_t ff = 0x43fc4000u;
    expect_final(&f, mem, &ff);
    expect_serial_chain(&f, old, mem[0], addf32);
    f.inst = "atom.shared.add.f32";
    f.shared = 1;
    atom_run(&f, old, mem);
    expect_final(&f, mem, &ff);
    struct atom d = { "atom.global.add.f64", 8, SAME, 0, { 0x3fe0000000000000ull }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        d.v[i] = th_d2u((double)i + 0.25);
    atom_run(&d, old, mem);
    const uint64_t fd = 0x407f880000000000ull;   /* 504.5 */
    expect_final(&d, mem, &fd);
    assert_int_equal(old[0], 0x3fe0000000000000ull);   /* lane 0 first */
    assert_int_equal(old[1], th_d2u(0.75));
}

/* min/max compare signed or unsigned according to the type. */
static void test_atom_min_max_signedness(void **state)
{
    (void)state;
    static const struct { const char *inst; uint64_t fin; } k[] = {
        { "atom.global.min.s32", 0xffffc180u },   /* -16000 */
        { "atom.global.min.u32", 0 },             /* lane 16 offers 0 */
        { "atom.global.max.s32", 15000 },
        { "atom.global.max.u32", 0xfffffc18u },   /* -1000 is the largest unsigned */
        { "atom.shared.min.s32", 0xffffc180u },
        { "atom.shared.max.u32", 0xfffffc18u },
    };
    for (size_t j = 0; j < sizeof k / sizeof k[0]; j++) {
        struct atom a = { k[j].inst, 4, SAME, strstr(k[j].inst, "shared") != NULL,
                          { 7 }, { 0 }, { 0 } };
        for (int i = 0; i < NL; i++)
            a.v[i] = I32((i - 16) * 1000);
        uint64_t old[NL], mem[NL];
        atom_run(&a, old, mem);
        expect_final(&a, mem, &k[j].fin);
        assert_int_equal(old[0], 7);
    }
    /* 64-bit */
    struct atom a = { "atom.global.min.s64", 8, SAME, 0, { 5 }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        a.v[i] = I64(i - 16) << 40;
    uint64_t old[NL], mem[NL];
    atom_run(&a, old, mem);
    const uint64_t f1 = 0xfffff00000000000ull;   /* -16 * 2^40 */
    expect_final(&a, mem, &f1);
    a.inst = "atom.global.max.u64";
    atom_run(&a, old, mem);
    const uint64_t f2 = 0xffffff0000000000ull;   /* (-1) << 40 */
    expect_final(&a, mem, &f2);
    /* distinct addresses: each lane sees only its own word */
    struct atom d = { "atom.global.min.s32", 4, DISTINCT, 0, { 0 }, { 0 }, { 0 } };
    uint64_t want[NL], zero[NL] = { 0 };
    for (int i = 0; i < NL; i++) {
        d.v[i] = I32(i - 16);
        want[i] = i < 16 ? I32(i - 16) : 0;
    }
    atom_run(&d, old, mem);
    expect_final(&d, mem, want);
    expect_old(&d, old, zero);
}

/* inc: old >= b ? 0 : old + 1; dec: (old == 0 || old > b) ? b : old - 1. */
static void test_atom_inc_dec_wrap(void **state)
{
    (void)state;
    uint64_t old[NL], mem[NL], want[NL];
    for (int sh = 0; sh < 2; sh++) {
        struct atom inc = { sh ? "atom.shared.inc.u32" : "atom.global.inc.u32", 4, SAME, sh,
                            { 5 }, { 0 }, { 0 } };
        for (int i = 0; i < NL; i++)
            inc.v[i] = 9;
        atom_run(&inc, old, mem);
        const uint64_t fi = 7;              /* (5 + 32) mod 10 */
        expect_final(&inc, mem, &fi);
        expect_serial_chain(&inc, old, mem[0], inc9);
        for (int i = 0; i < NL; i++)
            want[i] = (uint64_t)((5 + i) % 10);
        expect_old(&inc, old, want);
    }
    struct atom dec = { "atom.global.dec.u32", 4, SAME, 0, { 2 }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        dec.v[i] = 9;
    atom_run(&dec, old, mem);
    const uint64_t fd = 0;                  /* (2 - 32) mod 10 */
    expect_final(&dec, mem, &fd);
    expect_serial_chain(&dec, old, mem[0], dec9);
    for (int i = 0; i < NL; i++)
        want[i] = (uint64_t)(((2 - i) % 10 + 10) % 10);
    expect_old(&dec, old, want);
    /* start above b: the first dec yields b */
    dec.init[0] = 50;
    atom_run(&dec, old, mem);
    const uint64_t fd2 = 8;                 /* 9, then 31 more steps */
    expect_final(&dec, mem, &fd2);
    assert_int_equal(old[0], 50);
    assert_int_equal(old[1], 9);
    /* distinct addresses, b = 16 */
    struct atom di = { "atom.global.inc.u32", 4, DISTINCT, 0, { 0 }, { 0 }, { 0 } };
    struct atom dd = { "atom.global.dec.u32", 4, DISTINCT, 0, { 0 }, { 0 }, { 0 } };
    uint64_t wi[NL], wd[NL], init[NL];
    for (int i = 0; i < NL; i++) {
        di.init[i] = dd.init[i] = init[i] = (uint64_t)i;
        di.v[i] = dd.v[i] = 16;
        wi[i] = i >= 16 ? 0 : (uint64_t)i + 1;
        wd[i] = (i == 0 || i > 16) ? 16 : (uint64_t)i - 1;
    }
    atom_run(&di, old, mem);
    expect_final(&di, mem, wi);
    expect_old(&di, old, init);
    atom_run(&dd, old, mem);
    expect_final(&dd, mem, wd);
    expect_old(&dd, old, init);
}

static void test_atom_bitwise(void **state)
{
    (void)state;
    uint64_t old[NL], mem[NL], want[NL];
    struct atom o = { "atom.global.or.b32", 4, SAME, 0, { 0 }, { 0 }, { 0 } };
    struct atom n = { "atom.global.and.b32", 4, SAME, 0, { 0xffffffffu }, { 0 }, { 0 } };
    struct atom x = { "atom.shared.xor.b32", 4, SAME, 1, { 0x0f0f0f0fu }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++) {
        o.v[i] = x.v[i] = 1u << i;
        n.v[i] = ~(1u << i) & 0xffffffffu;
    }
    atom_run(&o, old, mem);
    const uint64_t fo = 0xffffffffu;
    expect_final(&o, mem, &fo);
    expect_serial_chain(&o, old, mem[0], or_);
    for (int i = 0; i < NL; i++)
        want[i] = (uint64_t)((1ull << i) - 1);
    expect_old(&o, old, want);
    atom_run(&n, old, mem);
    const uint64_t fn = 0;
    expect_final(&n, mem, &fn);
    expect_serial_chain(&n, old, mem[0], and_);
    atom_run(&x, old, mem);
    const uint64_t fx = 0xf0f0f0f0u;
    expect_final(&x, mem, &fx);
    expect_serial_chain(&x, old, mem[0], xor_);
    /* 64-bit or on distinct addresses */
    struct atom o64 = { "atom.global.or.b64", 8, DISTINCT, 0, { 0 }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++) {
        o64.init[i] = 0x100000000ull;
        o64.v[i] = 1ull << (i + 32 > 63 ? 63 : i + 32);
        want[i] = 0x100000000ull | o64.v[i];
    }
    atom_run(&o64, old, mem);
    expect_final(&o64, mem, want);
}

static void test_atom_exch_cas(void **state)
{
    (void)state;
    uint64_t old[NL], mem[NL], want[NL];
    struct atom e = { "atom.global.exch.b32", 4, SAME, 0, { 1000 }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        e.v[i] = (uint64_t)i + 1;
    atom_run(&e, old, mem);
    expect_serial_chain(&e, old, mem[0], exch);
    const uint64_t fe = 32;                 /* lane 31 goes last */
    expect_final(&e, mem, &fe);
    /* cas chain: lane i swaps i -> i+1, so in lane order every lane wins */
    struct atom c = { "atom.global.cas.b32", 4, SAME, 0, { 0 }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++) {
        c.cmp[i] = (uint64_t)i;
        c.v[i] = (uint64_t)i + 1;
        want[i] = (uint64_t)i;
    }
    atom_run(&c, old, mem);
    expect_old(&c, old, want);
    expect_final(&c, mem, &fe);
    /* cas election: all compare with 0; exactly one lane can win, and
       everyone else must see the winner's value (any serial order) */
    for (int sh = 0; sh < 2; sh++) {
        struct atom w = { sh ? "atom.shared.cas.b32" : "atom.global.cas.b32", 4, SAME, sh,
                          { 0 }, { 0 }, { 0 } };
        for (int i = 0; i < NL; i++) {
            w.cmp[i] = 0;
            w.v[i] = 100 + (uint64_t)i;
        }
        atom_run(&w, old, mem);
        int winners = 0, win = -1;
        for (int i = 0; i < NL; i++)
            if (old[i] == 0)
                winners++, win = i;
        assert_int_equal(winners, 1);
        assert_int_equal(mem[0], w.v[win]);
        for (int i = 0; i < NL; i++)
            if (i != win)
                assert_int_equal(old[i], mem[0]);
        assert_int_equal(win, 0);           /* ascending lane order */
    }
    /* 64-bit cas on distinct addresses: even lanes match */
    struct atom d = { "atom.global.cas.b64", 8, DISTINCT, 0, { 0 }, { 0 }, { 0 } };
    uint64_t init[NL];
    for (int i = 0; i < NL; i++) {
        d.init[i] = init[i] = 0x100000000ull * (uint64_t)i + 7;
        d.cmp[i] = i % 2 == 0 ? d.init[i] : 999;
        d.v[i] = 0xfedcba9800000000ull + (uint64_t)i;
        want[i] = i % 2 == 0 ? d.v[i] : d.init[i];
    }
    atom_run(&d, old, mem);
    expect_final(&d, mem, want);
    expect_old(&d, old, init);
    /* 64-bit exch, same address */
    struct atom e64 = { "atom.global.exch.b64", 8, SAME, 0, { 0x123456789abcdef0ull }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        e64.v[i] = 0x1111111100000000ull * (uint64_t)(i % 15 + 1) + (uint64_t)i;
    atom_run(&e64, old, mem);
    expect_serial_chain(&e64, old, mem[0], exch);
}

/* Distinct addresses: old = own initial word, memory = op(init, v). */
static void test_atom_distinct_add(void **state)
{
    (void)state;
    for (int sh = 0; sh < 2; sh++) {
        struct atom a = { sh ? "atom.shared.add.u32" : "atom.global.add.u32", 4, DISTINCT, sh,
                          { 0 }, { 0 }, { 0 } };
        uint64_t old[NL], mem[NL], wo[NL], wm[NL];
        for (int i = 0; i < NL; i++) {
            a.init[i] = wo[i] = 10 * (uint64_t)i;
            a.v[i] = (uint64_t)i;
            wm[i] = 11 * (uint64_t)i;
        }
        atom_run(&a, old, mem);
        expect_final(&a, mem, wm);
        expect_old(&a, old, wo);
    }
}

/* red: the same reduction without a returned value. */
static void test_red(void **state)
{
    (void)state;
    uint64_t old[NL], mem[NL];
    struct atom r = { "red.global.add.u32", 4, SAME, 0, { 1000 }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        r.v[i] = (uint64_t)(i * i + 1);
    atom_run(&r, old, mem);
    const uint64_t f = 11448;
    expect_final(&r, mem, &f);
    for (int i = 0; i < NL; i++)
        assert_int_equal(old[i], 0x5a5a5a5au);  /* untouched */
    r.inst = "red.shared.add.u32";
    r.shared = 1;
    atom_run(&r, old, mem);
    expect_final(&r, mem, &f);
    struct atom m = { "red.global.max.s32", 4, SAME, 0, { I32(-5) }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        m.v[i] = I32(-100 + i);
    atom_run(&m, old, mem);
    const uint64_t fm = I32(-5);            /* -69 is the largest offered */
    expect_final(&m, mem, &fm);
    struct atom o = { "red.global.or.b64", 8, SAME, 0, { 0 }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        o.v[i] = 1ull << (2 * i);
    atom_run(&o, old, mem);
    const uint64_t fo = 0x5555555555555555ull;
    expect_final(&o, mem, &fo);
}

/* atom without a state space uses generic addressing. */
static void test_atom_generic(void **state)
{
    (void)state;
    struct atom a = { "atom.add.u32", 4, SAME, 0, { 1000 }, { 0 }, { 0 } };
    for (int i = 0; i < NL; i++)
        a.v[i] = (uint64_t)(i * i + 1);
    uint64_t old[NL], mem[NL];
    atom_run(&a, old, mem);
    const uint64_t f = 11448;
    expect_final(&a, mem, &f);
    expect_serial_chain(&a, old, mem[0], add32);
}

/*
** Reference semantics from the PTX ISA pseudo-code (atom: "d = *a;
** *a = operation(*a, b[, c])" with inc(r,s) = r >= s ? 0 : r+1,
** dec(r,s) = (r == 0 || r > s) ? s : r-1, cas(r,s,t) = r == s ? t : r).
*/
static uint64_t ref_op(const char *op, int bytes, uint64_t r, uint64_t s,
                       uint64_t cmp)
{
    uint64_t m = bytes == 8 ? ~0ull : 0xffffffffull;
    int sgn = strstr(op, ".s32") || strstr(op, ".s64");
    int64_t rs = bytes == 8 ? (int64_t)r : (int64_t)(int32_t)(uint32_t)r;
    int64_t ss = bytes == 8 ? (int64_t)s : (int64_t)(int32_t)(uint32_t)s;
    int lt = sgn ? rs < ss : r < s;
    if (strstr(op, "add.f32"))
        return th_f2u(th_u2f((uint32_t)r) + th_u2f((uint32_t)s));
    if (strstr(op, "add.f64"))
        return th_d2u(th_u2d(r) + th_u2d(s));
    if (strstr(op, ".add."))
        return (r + s) & m;
    if (strstr(op, ".min."))
        return lt ? r : s;
    if (strstr(op, ".max."))
        return lt ? s : r;
    if (strstr(op, ".inc."))
        return r >= s ? 0 : r + 1;
    if (strstr(op, ".dec."))
        return (r == 0 || r > s) ? s : r - 1;
    if (strstr(op, ".and."))
        return r & s;
    if (strstr(op, ".or."))
        return r | s;
    if (strstr(op, ".xor."))
        return r ^ s;
    if (strstr(op, ".exch."))
        return s;
    if (strstr(op, ".cas."))
        return r == cmp ? s : r;
    fail_msg("no reference for %s", op);
    return 0;
}

/* Every operation, 32 and 64 bit where PTX has it, on global and shared
   memory, with all lanes on one address (applied in ascending lane order,
   as documented) and on distinct addresses (order-free). */
static void test_atom_all_ops_reference(void **state)
{
    (void)state;
    static const struct { const char *op; int bytes; } ops[] = {
        { "add.u32", 4 }, { "add.s32", 4 }, { "add.u64", 8 }, { "add.f32", 4 },
        { "add.f64", 8 }, { "min.u32", 4 }, { "min.s32", 4 }, { "max.u32", 4 },
        { "max.s32", 4 }, { "min.s64", 8 }, { "max.u64", 8 }, { "inc.u32", 4 },
        { "dec.u32", 4 }, { "and.b32", 4 }, { "or.b32", 4 }, { "xor.b32", 4 },
        { "xor.b64", 8 }, { "exch.b32", 4 }, { "exch.b64", 8 }, { "cas.b32", 4 },
        { "cas.b64", 8 },
    };
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
        for (int sh = 0; sh < 2; sh++)
            for (int where = SAME; where <= DISTINCT; where++) {
                char inst[64];
                snprintf(inst, sizeof inst, "atom.%s.%s", sh ? "shared" : "global", ops[k].op);
                struct atom a = { inst, ops[k].bytes, where, sh, { 0 }, { 0 }, { 0 } };
                int fl = strstr(inst, ".f") != NULL;
                for (int i = 0; i < NL; i++) {
                    uint64_t mix = (uint64_t)(uint32_t)(i * 0x9e3779b9u);
                    if (fl) {   /* multiples of 1/4: sums are exact */
                        a.v[i] = ops[k].bytes == 4 ? th_f2u((float)i + 0.25f)
                                                   : th_d2u((double)i + 0.25);
                        a.init[i] = ops[k].bytes == 4 ? th_f2u((float)i * 0.5f)
                                                      : th_d2u((double)i * 0.5);
                    } else if (strstr(inst, "inc") || strstr(inst, "dec")) {
                        a.v[i] = 9 + (uint64_t)(i % 3);
                        a.init[i] = (uint64_t)(i % 13);
                    } else {
                        a.v[i] = ops[k].bytes == 8 ? mix << 29 ^ (uint64_t)(i - 16)
                                                   : (uint64_t)(uint32_t)(mix ^ (uint64_t)(i - 16));
                        a.init[i] = ops[k].bytes == 8 ? ~mix << 7 : (uint32_t)~mix;
                        /* cas: half of the compares match the expected old */
                        a.cmp[i] = i % 2 ? a.init[i] : a.v[i];
                    }
                }
                if (where == SAME && strstr(inst, "cas"))
                    for (int i = 0; i < NL; i++)   /* a chain: i -> i+1 */
                        a.init[i] = a.cmp[i] = (uint64_t)i, a.v[i] = (uint64_t)i + 1;
                uint64_t old[NL], mem[NL], wo[NL], wm[NL];
                atom_run(&a, old, mem);
                if (where == SAME) {
                    uint64_t x = a.init[0];
                    for (int i = 0; i < NL; i++) {
                        wo[i] = x;
                        x = ref_op(inst, a.bytes, x, a.v[i], a.cmp[i]);
                    }
                    wm[0] = x;
                } else {
                    for (int i = 0; i < NL; i++) {
                        wo[i] = a.init[i];
                        wm[i] = ref_op(inst, a.bytes, a.init[i], a.v[i], a.cmp[i]);
                    }
                }
                expect_final(&a, mem, wm);
                expect_old(&a, old, wo);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
        T_(test_ld_narrow_extension),
        T_(test_st_narrow),
        T_(test_vector_ld_st),
        T_(test_vector_st_same_place),
        T_(test_generic_addressing),
        T_(test_global_by_symbol),
        T_(test_lanes_across_pages_and_buffers),
        T_(test_shared_exchange_two_warps),
        T_(test_address_wraps_at_32_bits),
        T_(test_local_private),
        T_(test_atom_add_same_address),
        T_(test_atom_add_64_and_float),
        T_(test_atom_min_max_signedness),
        T_(test_atom_inc_dec_wrap),
        T_(test_atom_bitwise),
        T_(test_atom_exch_cas),
        T_(test_atom_distinct_add),
        T_(test_red),
        T_(test_atom_generic),
        T_(test_atom_all_ops_reference),
#undef T_
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
