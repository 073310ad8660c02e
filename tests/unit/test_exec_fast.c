/*
** test_exec_fast.c - the whole-warp fast paths (exec-fast.c and the
** 32-bit load/store path) against the general per-lane handlers: every
** operation they take over, on edge values and random operands, with full
** and partial lane masks, must give bit-identical registers and memory.
** Where the host has AVX2, the build of both for it (exec-fast-avx2.c,
** exec-mem-avx2.c) must too.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "func/exec-internal.h"
#include "harness.h"
#include "util/jval.h"
#include "util/strbuf.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint32_t next32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

/* Operands: edge values first, then random ones. */
static const uint32_t EDGE32[] = {
    0, 1, 2, 31, 32, 33, 0xffffffffu, 0x80000000u, 0x7fffffffu,
    0x7fc00000u /* NaN */, 0xffc00001u /* NaN, payload */, 0x7f800000u,
    0xff800000u, 0x80000000u /* -0 */, 0x00000001u /* subnormal */,
    0x3f800000u, 0xbf800000u, 0x4b800000u, 0x00800000u,
};

static void fill(uint32_t *v, int salt)
{
    for (int l = 0; l < 32; l++) {
        int k = (l + salt) % 40;
        v[l] = k < (int)(sizeof EDGE32 / sizeof EDGE32[0]) ? EDGE32[k]
                                                          : next32();
    }
}

/*
** The ways an instruction can execute: through the general per-lane
** handlers or the whole-warp paths first, each of the baseline build and
** of the AVX2 build (fx_set_wide). The first is the reference the others
** must agree with; the AVX2 ones are skipped on a host without AVX2.
*/
static const struct way {
    bool wide, general;
    const char *name;
} WAYS[] = {
    { false, true, "the general handlers" },
    { false, false, "the whole-warp paths" },
    { true, false, "the whole-warp paths built for AVX2" },
    { true, true, "the general handlers built for AVX2" },
};
enum { NWAYS = sizeof WAYS / sizeof WAYS[0] };

/* A device for way k in t (sets: th_init's); false when the host cannot
   run that way. The caller frees t and then calls end_way. */
static bool start_way(struct th *t, const char **sets, int k)
{
    if (fx_set_wide(WAYS[k].wide) != WAYS[k].wide)
        return false;
    assert_int_equal(th_init(t, sets), 0);
    t->dev.general_only = WAYS[k].general;
    return true;
}

/* Back to the build the host starts with. */
static void end_way(void)
{
    fx_set_wide(true);
}

/* Runs body in every way; the outputs must agree. */
static void same(const char *ty, const char *body, int rounds)
{
    int w = strcmp(ty, "b64") == 0 ? 2 : 1;
    for (int r = 0; r < rounds; r++) {
        uint32_t a[64], b[64], c[64], d[NWAYS][64];
        fill(a, 3 * r);
        fill(b, 3 * r + 11);
        fill(c, 3 * r + 23);
        if (w == 2) {
            fill(a + 32, r + 5);
            fill(b + 32, r + 7);
            fill(c + 32, r + 9);
        }
        uint64_t A[32], B[32], C[32], D[NWAYS][32];
        if (w == 2)
            for (int l = 0; l < 32; l++) {
                A[l] = a[l] | (uint64_t)a[l + 32] << 32;
                B[l] = b[l] | (uint64_t)b[l + 32] << 32;
                C[l] = c[l] | (uint64_t)c[l + 32] << 32;
            }
        for (int k = 0; k < NWAYS; k++) {
            for (int i = 0; i < 64; i++)
                d[k][i] = 0xdead0000u + (uint32_t)i;
            for (int l = 0; l < 32; l++)
                D[k][l] = 0xdeadbeef00000000ULL + (uint64_t)l;
            struct th t;
            const char *sets[] = { "sim.mode=functional", NULL };
            if (!start_way(&t, sets, k))
                continue;
            int rc = w == 2 ? th_warp_op(&t, ty, body, A, B, C, D[k])
                            : th_warp_op(&t, ty, body, a, b, c, d[k]);
            if (rc)
                fail_msg("%s (%s): %s", body, WAYS[k].name, th_error(&t));
            th_free(&t);
            end_way();
            for (int l = 0; l < 32; l++)
                if (w == 1 ? d[k][l] != d[0][l] : D[k][l] != D[0][l])
                    fail_msg("%s: lane %d differs in %s (a=%08x b=%08x c=%08x)",
                             body, l, WAYS[k].name, a[l], b[l], c[l]);
        }
    }
}

static const char *INT32[] = {
    "add.s32 %d, %a, %b;", "sub.s32 %d, %a, %b;", "add.u32 %d, %a, 7;",
    "sub.u32 %d, 5, %a;", "mul.lo.s32 %d, %a, %b;", "mul.lo.u32 %d, %a, 3;",
    "mad.lo.s32 %d, %a, %b, %c;", "mad.lo.u32 %d, %a, 9, %c;",
    "and.b32 %d, %a, %b;", "or.b32 %d, %a, %b;", "xor.b32 %d, %a, 255;",
    "not.b32 %d, %a;", "neg.s32 %d, %a;",
    "and.b32 %t0, %b, 63; shl.b32 %d, %a, %t0;", "shl.b32 %d, %a, 33;",
    "and.b32 %t0, %b, 63; shr.u32 %d, %a, %t0;",
    "and.b32 %t0, %b, 63; shr.s32 %d, %a, %t0;", "shr.s32 %d, %a, 40;",
    "shl.b32 %d, %a, 5;", "shl.b32 %d, %a, 32;", "shr.u32 %d, %a, 7;",
    "shr.u32 %d, %a, 32;", "shr.s32 %d, %a, 9;", "shr.s32 %d, %a, 31;",
    "shr.b32 %d, %a, 3;", "setp.lt.u32 %p0, %tidx, 6; @%p0 shl.b32 %d, %a, 1;",
    "min.s32 %d, %a, %b;", "min.u32 %d, %a, %b;", "max.s32 %d, %a, %b;",
    "max.u32 %d, %a, -3;",
    "setp.lt.u32 %p1, %a, %b; selp.b32 %d, %a, %b, %p1;",
    "setp.lt.s32 %p1, %a, %c; selp.s32 %d, %c, -7, !%p1;",
    "setp.ne.u32 %p1, %b, 0; selp.f32 %d, 0f3F800000, %a, %p1;",
    "setp.gt.u32 %p1, %a, %c; setp.lt.u32 %p0, %tidx, 19; @%p0 selp.b32 %d, %b, %c, %p1;",
    "prmt.b32 %d, %a, %b, 0x3340;", "prmt.b32 %d, %a, %b, 0x7654;",
    "prmt.b32 %d, %a, %b, 0xba98;", "prmt.b32 %d, %a, %b, 0x0f4c;",
    "prmt.b32 %d, %a, 0x01020304, 0x5173;",
    /* not taken over (a register selector, a fixed mode): must agree */
    "prmt.b32 %d, %a, %b, %c;", "prmt.b32.f4e %d, %a, %b, %c;",
    /* partial masks: a guard, and divergence */
    "setp.lt.u32 %p0, %tidx, 13; @%p0 add.s32 %d, %a, %b;",
    "setp.ne.u32 %p0, %a, 0; @!%p0 mul.lo.s32 %d, %a, %b;",
    "mov.b32 %d, %a;", "mov.u32 %d, 77;", "mov.f32 %d, 0f3F800000;",
    "setp.lt.u32 %p0, %tidx, 5; @%p0 mov.b32 %d, %b;", "mov.b32 %a, %a; mov.b32 %d, %a;",
    /* results feeding each other in place */
    "add.s32 %a, %a, %b; mul.lo.s32 %a, %a, %a; sub.s32 %d, %a, %c;",
};

/* 16-bit integer operations on 16-bit registers (the whole-warp path
   computes them in 32 bits and cuts the result): the operands are %a,
   %b, %c cut to 16 bits, the result widened to %d unsigned. */
#define H16(op)                                                            \
    ".reg .b16 %h<4>; cvt.u16.u32 %h0, %a; cvt.u16.u32 %h1, %b;"          \
    " cvt.u16.u32 %h2, %c; " op " cvt.u32.u16 %d, %h3;"
static const char *INT16[] = {
    H16("add.u16 %h3, %h0, %h1;"), H16("add.s16 %h3, %h0, -3;"),
    H16("sub.s16 %h3, %h0, %h1;"), H16("sub.u16 %h3, 5, %h0;"),
    H16("mul.lo.u16 %h3, %h0, %h1;"), H16("mul.lo.s16 %h3, %h0, -7;"),
    H16("mad.lo.s16 %h3, %h0, %h1, %h2;"), H16("mad.lo.u16 %h3, %h0, 9, %h2;"),
    H16("and.b16 %h3, %h0, %h1;"), H16("and.b16 %h3, %h0, 0x0ff0;"),
    H16("or.b16 %h3, %h0, %h1;"), H16("xor.b16 %h3, %h0, -1;"),
    H16("not.b16 %h3, %h0;"), H16("neg.s16 %h3, %h0;"),
    H16("shl.b16 %h3, %h0, 3;"), H16("shl.b16 %h3, %h0, 15;"),
    H16("shl.b16 %h3, %h0, 16;"), H16("shl.b16 %h3, %h0, 40;"),
    H16("shr.u16 %h3, %h0, 5;"), H16("shr.u16 %h3, %h0, 16;"),
    H16("shr.s16 %h3, %h0, 4;"), H16("shr.s16 %h3, %h0, 15;"),
    H16("shr.s16 %h3, %h0, 20;"), H16("shr.b16 %h3, %h0, 9;"),
    H16("and.b32 %t0, %b, 63; shl.b16 %h3, %h0, %t0;"),
    H16("and.b32 %t0, %b, 63; shr.u16 %h3, %h0, %t0;"),
    H16("and.b32 %t0, %b, 63; shr.s16 %h3, %h0, %t0;"),
    H16("min.s16 %h3, %h0, %h1;"), H16("min.u16 %h3, %h0, %h1;"),
    H16("max.s16 %h3, %h0, -2;"), H16("max.u16 %h3, %h0, -2;"),
    H16("min.s16 %h3, -300, %h1;"), H16("min.u16 %h3, %h0, -2;"),
    /* a result read again by 16-bit operations (its slots must hold
       the value zero-extended) */
    H16("add.u16 %h3, %h0, %h1; shr.u16 %h3, %h3, 4;"),
    H16("neg.s16 %h3, %h0; max.u16 %h3, %h3, %h1;"),
    /* partial masks, and results feeding each other in place */
    H16("setp.lt.u32 %p0, %tidx, 13; mov.b16 %h3, %h2; @%p0 and.b16 %h3, %h0, %h1;"),
    H16("setp.ne.u32 %p0, %a, 0; mov.b16 %h3, %h2; @!%p0 shl.b16 %h3, %h0, 2;"),
    H16("add.s16 %h0, %h0, %h1; mul.lo.s16 %h0, %h0, %h0; sub.s16 %h3, %h0, %h2;"),
    /* the value seen signed afterwards */
    (".reg .b16 %h<2>; cvt.u16.u32 %h0, %a; shr.s16 %h1, %h0, 3;"
    " cvt.s32.s16 %d, %h1;"),
};
#undef H16

static const char *F32[] = {
    "add.f32 %d, %a, %b;", "sub.f32 %d, %a, %b;", "mul.f32 %d, %a, %b;",
    "add.rn.f32 %d, %a, 0f3F800000;", "mul.rn.f32 %d, %a, 0fBF000000;",
    "fma.rn.f32 %d, %a, %b, %c;", "mad.rn.f32 %d, %a, %b, %c;",
    "fma.rn.f32 %d, %a, 0f40000000, %c;",
    /* the rounding error of a*b: zero unless the multiply-add is fused */
    "mul.rn.f32 %t0, %a, %b; neg.f32 %t0, %t0; fma.rn.f32 %d, %a, %b, %t0;",
    "setp.lt.u32 %p0, %tidx, 20; @%p0 fma.rn.f32 %d, %a, %b, %c;",
    /* not taken over (directed rounding, ftz, sat): must still agree */
    "add.rz.f32 %d, %a, %b;", "mul.ftz.f32 %d, %a, %b;",
    "fma.rn.sat.f32 %d, %a, %b, %c;",
};

/* setp: each comparison, with predicate combining and both outputs. */
static const char *SETP[] = {
    "setp.eq.s32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.ne.u32 %p1, %a, 0; selp.b32 %d, %a, %b, %p1;",
    "setp.lt.s32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.le.u32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.gt.s32 %p1, %a, -5; selp.b32 %d, 1, 2, %p1;",
    "setp.ge.b32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.lo.s32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.ls.u32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.hi.u32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.hs.u32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    ("setp.lt.s32 %p2, %c, 0; setp.gt.and.s32 %p1|%p3, %a, %b, %p2;"
    " selp.b32 %t0, 1, 2, %p1; selp.b32 %t1, 4, 8, %p3; add.u32 %d, %t0, %t1;"),
    ("setp.lt.s32 %p2, %c, 0; setp.eq.or.u32 %p1|%p3, %a, %b, !%p2;"
    " selp.b32 %t0, 1, 2, %p1; selp.b32 %t1, 4, 8, %p3; add.u32 %d, %t0, %t1;"),
    ("setp.lt.s32 %p2, %c, 0; setp.ne.xor.s32 %p1, %a, %b, %p2;"
    " selp.b32 %d, 1, 2, %p1;"),
    ("setp.lt.u32 %p0, %tidx, 9; @%p0 setp.lt.s32 %p1, %a, %b;"
    " selp.b32 %d, 1, 2, %p1;"),
    "setp.eq.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.ne.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.lt.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.le.f32 %p1, %a, 0f00000000; selp.b32 %d, 1, 2, %p1;",
    "setp.gt.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.ge.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.equ.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.neu.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.ltu.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.leu.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.gtu.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.geu.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.num.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.nan.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
    "setp.lt.ftz.f32 %p1, %a, %b; selp.b32 %d, 1, 2, %p1;",
};

static const char *INT64[] = {
    "add.s64 %d, %a, %b;", "sub.s64 %d, %a, %b;", "add.s64 %d, %a, 4096;",
    "add.u64 %d, %a, -1;",
    "cvt.u32.u64 %t0, %a; cvt.u32.u64 %t1, %b; mul.wide.s32 %d, %t0, %t1;",
    "cvt.u32.u64 %t0, %a; cvt.u32.u64 %t1, %b; mul.wide.u32 %d, %t0, %t1;",
    "cvt.u32.u64 %t0, %a; mul.wide.s32 %d, %t0, -4;",
    "setp.lt.u32 %p0, %tidx, 7; @%p0 add.s64 %d, %a, %b;",
    "sub.u64 %d, %a, 0x100000001;", "add.s64 %d, %a, 0xffffffff;",
    /* the destination is a source: low words written before the carry */
    "mov.b64 %d, %a; add.s64 %d, %d, %b;", "mov.b64 %d, %b; sub.s64 %d, %a, %d;",
    "mov.b64 %d, %a; add.s64 %d, %d, %d;",
    ("setp.lt.u32 %p0, %tidx, 13; mov.b64 %d, %b;"
    " @%p0 xor.b64 %d, %a, %d;"),
    "cvt.u32.u64 %t0, %a; mul.wide.s32 %d, %t0, %t0;",
    ("cvt.u32.u64 %t0, %a; setp.lt.u32 %p0, %tidx, 30; mov.b64 %d, %b;"
    " @%p0 mul.wide.u32 %d, %t0, 2147483648;"),
    "and.b64 %d, %a, %b;", "or.b64 %d, %a, 0xff00ff00ff;", "xor.b64 %d, %a, %b;",
    "shl.b64 %d, %a, 3;", "shl.b64 %d, %a, 64;", "shr.u64 %d, %a, 17;",
    "shr.s64 %d, %a, 63;", "shr.s64 %d, %a, 70;", "shr.u64 %d, %a, 64;",
    "cvt.u32.u64 %t0, %b; and.b32 %t0, %t0, 127; shl.b64 %d, %a, %t0;",
    "cvt.u32.u64 %t0, %b; and.b32 %t0, %t0, 127; shr.s64 %d, %a, %t0;",
    "cvt.u32.u64 %t0, %b; and.b32 %t0, %t0, 127; shr.u64 %d, %a, %t0;",
    "setp.lt.u32 %p0, %tidx, 21; @%p0 shl.b64 %d, %a, 1;",
    /* 64-bit comparisons */
    "setp.lt.s64 %p1, %a, %b; selp.b64 %d, 1, 2, %p1;",
    "setp.lt.u64 %p1, %a, %b; selp.b64 %d, 1, 2, %p1;",
    "setp.ge.s64 %p1, %a, -9; selp.b64 %d, 1, 2, %p1;",
    "setp.hi.u64 %p1, %a, %c; selp.b64 %d, 1, 2, %p1;",
    "setp.eq.b64 %p1, %a, %a; setp.ne.b64 %p2, %a, %b; and.pred %p1, %p1, %p2; selp.b64 %d, 1, 2, %p1;",
    "setp.le.s64 %p1|%p2, %a, %b; selp.b64 %w0, 1, 2, %p2; selp.b64 %d, %a, %w0, %p1;",
    "setp.lt.u32 %p0, %tidx, 10; @%p0 setp.gt.s64 %p1, %a, %b; selp.b64 %d, 1, 2, %p1;",
    /* predicate logic */
    ("setp.lt.u64 %p1, %a, %b; setp.ne.u64 %p2, %c, 0; or.pred %p3, %p1, %p2;"
    " and.pred %p1, %p3, %p2; xor.pred %p2, %p1, %p3; not.pred %p3, %p2;"
    " selp.b64 %d, %a, %b, %p3;"),
};

/* Integer conversions (the whole-warp path takes those without .sat),
   64-bit moves and cvta to and from global memory. */
static const char *CVT_MOV64[] = {
    "cvt.u32.u64 %t0, %a; cvt.u64.u32 %d, %t0;",
    "cvt.u32.u64 %t0, %a; cvt.s64.s32 %d, %t0;",
    "cvt.s32.s64 %t0, %a; cvt.s64.s32 %d, %t0;",
    "cvt.u32.u64 %t0, %a; cvt.s64.u32 %d, %t0;",
    "cvt.u32.u64 %t0, %a; cvt.u64.s32 %d, %t0;",
    ".reg .b16 %h<2>; cvt.u16.u64 %h0, %a; cvt.u64.u16 %d, %h0;",
    ".reg .b16 %h<2>; cvt.u16.u64 %h0, %a; cvt.s64.s16 %d, %h0;",
    ".reg .b16 %h<2>; cvt.s16.s64 %h0, %a; cvt.s64.s16 %d, %h0;",
    (".reg .b16 %h<2>; cvt.u32.u64 %t0, %a; cvt.u16.u32 %h0, %t0;"
    " cvt.s32.s16 %t1, %h0; cvt.u64.u32 %d, %t1;"),
    ("cvt.u32.u64 %t0, %a; cvt.s8.s32 %t1, %t0; cvt.s64.s8 %d, %t1;"),
    ("cvt.u32.u64 %t0, %a; cvt.u8.u32 %t1, %t0; cvt.u64.u8 %d, %t1;"),
    /* narrow types in wider registers: the whole register is written */
    "cvt.u32.u64 %t0, %a; cvt.s8.s32 %t1, %t0; cvt.u64.u32 %d, %t1;",
    "cvt.u32.u64 %t0, %a; cvt.s16.u32 %t1, %t0; cvt.u64.u32 %d, %t1;",
    "cvt.u32.u64 %t0, %a; cvt.u8.s32 %t1, %t0; cvt.u64.u32 %d, %t1;",
    "cvt.s8.s64 %d, %a;", "cvt.u16.s64 %d, %b;", "cvt.s32.u64 %d, %c;",
    "cvt.s16.s64 %d, %b;", "cvt.u8.u64 %d, %a;", "cvt.u64.s64 %d, %a;",
    "cvt.s64.u64 %d, %b;", "cvt.u32.u64 %t0, %a; cvt.s64.s16 %d, %t0;",
    "cvt.u32.u64 %t0, %a; cvt.u64.s8 %d, %t0;",
    "cvt.u32.u64 %t0, %c; cvt.s32.s8 %t1, %t0; cvt.u64.u32 %d, %t1;",
    ".reg .b16 %h<2>; cvt.s16.s64 %h0, %a; cvt.u32.s16 %t0, %h0; cvt.u64.u32 %d, %t0;",
    "setp.lt.u32 %p0, %tidx, 11; cvt.u32.u64 %t0, %b; @%p0 cvt.s64.s32 %d, %t0;",
    /* not taken over (.sat): must still agree */
    "cvt.sat.s32.s64 %t0, %a; cvt.s64.s32 %d, %t0;",
    ".reg .b16 %h<2>; cvt.sat.u16.s64 %h0, %a; cvt.u64.u16 %d, %h0;",
    "mov.b64 %d, %a;", "mov.u64 %d, 0x123456789abcdef0;",
    "mov.b64 %w0, %b; mov.b64 %d, %w0;", "mov.b64 %a, %a; mov.b64 %d, %a;",
    "setp.lt.u32 %p0, %tidx, 17; @%p0 mov.b64 %d, %a;",
    "setp.lt.u32 %p0, %tidx, 3; @!%p0 mov.s64 %d, -5;",
    "cvta.to.global.u64 %d, %a;", "cvta.global.u64 %d, %b;",
    "setp.ne.u64 %p0, %a, 0; @%p0 cvta.to.global.u64 %d, %c;",
    "cvta.shared.u64 %d, %a;", "cvta.to.local.u64 %d, %a;",
    "mov.u32 %t0, %tid.x; mov.u32 %t1, %laneid; add.u32 %t0, %t0, %t1; cvt.u64.u32 %d, %t0;",
    "setp.lt.u32 %p0, %tidx, 9; @%p0 mov.u32 %t0, %tid.x; cvt.u64.u32 %d, %t0;",
};

/* Loads and stores of 32-bit values through registers: shared, global,
   local, with lanes storing to the same word (the highest lane wins). */
static const char *MEM32[] = {
    (".shared .align 4 .b8 sh[256]; mov.u32 %t0, sh; and.b32 %t1, %a, 31;"
    " shl.b32 %t1, %t1, 2; add.u32 %t0, %t0, %t1;"
    " st.shared.u32 [%t0], %b; bar.sync 0; ld.shared.u32 %d, [%t0+0];"),
    (".local .align 4 .b8 fr[64]; mov.u32 %t0, fr; and.b32 %t1, %a, 15;"
    " shl.b32 %t1, %t1, 2; add.u32 %t0, %t0, %t1;"
    " st.local.u32 [%t0], %b; ld.local.u32 %d, [fr+4];"),
    "st.global.u32 [%pd], %a; ld.global.u32 %d, [%pd];",
    ("and.b32 %t0, %a, 3; mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %pc, %w0;"
    " st.global.u32 [%w0], %b; ld.global.f32 %d, [%w0];"),
    /* global words by half-warp (%pc is the lane's word of its buffer,
       %w2 the buffer's start): halves 32 bytes apart, overlapping halves
       storing (the second half's lanes last), halves swapped, lanes in
       descending order, and the second half's reversed (neither of the
       last two by half-warps) */
    ("and.b32 %t0, %tidx, 16; mul.wide.u32 %w0, %t0, 2; add.s64 %w0, %pc, %w0;"
    " st.global.u32 [%w0], %a; ld.global.u32 %t1, [%w0]; ld.global.u32 %t2, [%pc];"
    " xor.b32 %d, %t1, %t2;"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; and.b32 %t0, %tidx, 15;"
    " mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %w2, %w0; st.global.u32 [%w0], %a;"
    " ld.global.u32 %d, [%pc];"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; xor.b32 %t0, %tidx, 16;"
    " mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %w2, %w0; st.global.u32 [%w0], %b;"
    " ld.global.u32 %d, [%w0+4];"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; xor.b32 %t0, %tidx, 31;"
    " mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %w2, %w0; ld.global.u32 %d, [%w0];"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; setp.lt.u32 %p1, %tidx, 16;"
    " xor.b32 %t0, %tidx, 15; selp.b32 %t0, %tidx, %t0, %p1;"
    " mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %w2, %w0; st.global.u32 [%w0], %a;"
    " ld.global.u32 %t1, [%w0]; ld.global.u32 %t2, [%pc+4]; add.u32 %d, %t1, %t2;"),
    "setp.lt.u32 %p0, %tidx, 30; @%p0 ld.global.u32 %d, [%pc+8];",
    /* one global word through a register, the same in every lane: every
       lane stores (the highest lane's value stays), every lane loads */
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; st.global.u32 [%w2+8], %a;"
    " ld.global.u32 %t1, [%w2+8]; ld.global.u32 %t2, [%pc]; add.u32 %d, %t1, %t2;"),
    /* ... and one word per half-warp (not one for the warp) */
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; shr.u32 %t0, %tidx, 4;"
    " mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %w2, %w0; ld.global.u32 %d, [%w0];"),
    /* a shared word by its symbol, the same for every lane: every lane
       stores (the highest lane's value stays), some lanes store, some
       lanes load */
    (".shared .align 4 .b8 sh[64]; st.shared.u32 [sh+8], %a; bar.sync 0;"
    " ld.shared.u32 %d, [sh+8];"),
    (".shared .align 4 .b8 sh[64]; st.shared.u32 [sh+4], %c;"
    " setp.lt.u32 %p0, %tidx, 13; @%p0 st.shared.u32 [sh+4], %b;"
    " setp.gt.u32 %p1, %tidx, 20; mov.b32 %d, %a; @%p1 ld.shared.f32 %d, [sh+4];"),
    /* shared words by half-warp, as tiles use them (%t0: the half's
       first word, %t1: the lane's offset in its half): two rows of a
       16-wide tile stored and each half's one element read back; both
       halves on the same 16 words (the second half's lanes store last),
       then the whole array read; halves overlapping by 12 words; one
       word per half stored (a half's highest lane last) and read by
       rows; one word for both halves */
#define HALVES(row)                                                        \
    ".shared .align 4 .b8 sh[256]; shr.u32 %t0, %tidx, 4; mul.lo.u32 %t0, %t0, " \
    row "; mov.u32 %t2, sh; add.u32 %t0, %t0, %t2; and.b32 %t1, %tidx, 15;"    \
    " shl.b32 %t1, %t1, 2; add.u32 %t2, %t0, %t1;"
    (HALVES("64") " st.shared.u32 [%t2], %a; bar.sync 0; ld.shared.u32 %t3, [%t0+4];"
    " ld.shared.u32 %t1, [%t2+4]; add.u32 %d, %t3, %t1;"),
    (HALVES("0") " st.shared.u32 [%t2], %a; bar.sync 0; shl.b32 %t3, %tidx, 2;"
    " mov.u32 %t1, sh; add.u32 %t3, %t3, %t1; ld.shared.u32 %d, [%t3];"),
    (HALVES("16") " st.shared.u32 [%t2], %b; bar.sync 0; ld.shared.u32 %d, [%t2];"),
    (HALVES("68") " st.shared.u32 [%t0+8], %c; bar.sync 0; ld.shared.u32 %d, [%t2+8];"),
    (HALVES("0") " st.shared.u32 [%t0+12], %a; bar.sync 0; ld.shared.u32 %d, [%t0+12];"),
    (HALVES("192") " ld.shared.u32 %d, [%t2];"),
    /* loads into their address register (the timing model gets the
       addresses, not the values) */
    (HALVES("64") " st.shared.u32 [%t2], %a; bar.sync 0; ld.shared.u32 %t2, [%t2];"
    " ld.shared.u32 %t0, [%t0]; add.u32 %d, %t0, %t2;"),
    /* shapes in the active lanes only: a hole in each half; one half
       idle; one word per half from lane 6 on; inactive lanes whose
       addresses are outside the array */
    (HALVES("64") " setp.ne.u32 %p0, %t1, 32; @%p0 st.shared.u32 [%t2], %a; bar.sync 0;"
    " @%p0 ld.shared.u32 %d, [%t2+4];"),
    (HALVES("64") " setp.lt.u32 %p0, %tidx, 16; @%p0 st.shared.u32 [%t2], %b; bar.sync 0;"
    " @!%p0 ld.shared.u32 %d, [%t2+-64];"),
    (HALVES("68") " setp.gt.u32 %p0, %t1, 20; @%p0 st.shared.u32 [%t0+8], %c; bar.sync 0;"
    " mov.b32 %d, %b; @%p0 ld.shared.u32 %d, [%t0+8];"),
    (HALVES("68") " st.shared.u32 [%t0+8], %c; bar.sync 0; setp.ne.u32 %p0, %t1, 32;"
    " mov.b32 %d, %b; @%p0 ld.shared.u32 %d, [%t0+8];"),
    (HALVES("68") " setp.lt.u32 %p0, %t1, 40; @%p0 st.shared.u32 [%t0+8], %c; bar.sync 0;"
    " ld.shared.u32 %d, [%t0+8];"),
    (HALVES("196") " setp.lt.u32 %p0, %tidx, 21; @%p0 ld.shared.u32 %d, [%t2];"),
    (HALVES("64") " st.shared.u32 [%t2], %a; bar.sync 0; mov.u32 %t3, 0x7ffffff0;"
    " setp.lt.u32 %p0, %tidx, 24; @%p0 mov.u32 %t3, %t2; @%p0 ld.shared.u32 %d, [%t3];"),
    /* a whole warp whose shape breaks in one pair of lanes only (lanes
       2-3, 12-13, 22-23, 24-25: each group of eight, each pair's place
       in a group, the shape being tested eight lanes at a time): their
       two words swapped in a row, stored and loaded; one word per half
       but four bytes on for them, loaded and stored */
#define PAIR(l) " and.b32 %t3, %tidx, 30; setp.eq.u32 %p0, %t3, " l ";"
#define ROW_BREAK(q)                                                       \
    (HALVES("64") PAIR(q) " mov.u32 %t3, %t2; @%p0 xor.b32 %t3, %t3, 4;" \
     " st.shared.u32 [%t3], %a; bar.sync 0; ld.shared.u32 %d, [%t2];"),   \
    (HALVES("64") PAIR(q) " st.shared.u32 [%t2], %b; bar.sync 0;"        \
     " mov.u32 %t3, %t2; @%p0 xor.b32 %t3, %t3, 4; ld.shared.u32 %d, [%t3];")
#define SAME_BREAK(q)                                                      \
    (HALVES("64") " st.shared.u32 [%t2], %a; bar.sync 0;" PAIR(q)        \
     " mov.u32 %t3, %t0; @%p0 add.u32 %t3, %t3, 4; ld.shared.u32 %d, [%t3+8];"), \
    (HALVES("64") " st.shared.u32 [%t2], %b; bar.sync 0;" PAIR(q)        \
     " mov.u32 %t3, %t0; @%p0 add.u32 %t3, %t3, 4; st.shared.u32 [%t3+8], %c;" \
     " bar.sync 0; ld.shared.u32 %d, [%t2+8];")
    ROW_BREAK("2"), ROW_BREAK("12"), ROW_BREAK("22"), ROW_BREAK("24"),
    SAME_BREAK("2"), SAME_BREAK("12"), SAME_BREAK("22"), SAME_BREAK("24"),
#undef SAME_BREAK
#undef ROW_BREAK
#undef PAIR
    /* global words by half-warp in the active lanes: the lanes past the
       buffer's end idle (their words would fault), inactive lanes'
       addresses anywhere, a hole in each half, one word */
    "setp.lt.u32 %p0, %tidx, 31; @%p0 ld.global.u32 %d, [%pc+68];",
    "setp.lt.u32 %p0, %tidx, 31; @%p0 st.global.u32 [%pc+68], %a; ld.global.u32 %d, [%pc+64];",
    ("mov.b64 %w0, 0; setp.lt.u32 %p0, %tidx, 20; @%p0 mov.b64 %w0, %pc;"
    " @%p0 ld.global.u32 %d, [%w0];"),
    ("and.b32 %t0, %tidx, 15; setp.ne.u32 %p0, %t0, 3; @%p0 st.global.u32 [%pc], %b;"
    " ld.global.u32 %d, [%pc];"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; setp.gt.u32 %p0, %tidx, 4;"
    " mov.b64 %w0, %pa; @%p0 mov.b64 %w0, %w2; @%p0 st.global.u32 [%w0+12], %a;"
    " @%p0 ld.global.u32 %t0, [%w0+8]; ld.global.u32 %t1, [%w2+12]; add.u32 %d, %t0, %t1;"),
    /* ... and the same with a lane idle: only the first half's active
       lanes in either shape, in shared and global memory */
    (".shared .align 4 .b8 sh[256]; setp.ne.u32 %p0, %tidx, 3; setp.lt.u32 %p1, %tidx, 16;"
    " xor.b32 %t0, %tidx, 15; selp.b32 %t0, %tidx, %t0, %p1; shl.b32 %t0, %t0, 2;"
    " mov.u32 %t1, sh; add.u32 %t0, %t0, %t1; @%p0 st.shared.u32 [%t0], %a; bar.sync 0;"
    " shl.b32 %t2, %tidx, 2; add.u32 %t2, %t2, %t1; ld.shared.u32 %d, [%t2];"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; setp.lt.u32 %p1, %tidx, 16;"
    " xor.b32 %t0, %tidx, 15; selp.b32 %t0, %tidx, %t0, %p1; mul.wide.u32 %w0, %t0, 4;"
    " add.s64 %w0, %w2, %w0; setp.ne.u32 %p0, %tidx, 3; @%p0 st.global.u32 [%w0], %a;"
    " ld.global.u32 %d, [%pc];"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; setp.lt.u32 %p1, %tidx, 16;"
    " selp.b32 %t0, 0, %tidx, %p1; mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %w2, %w0;"
    " setp.ne.u32 %p0, %tidx, 3; @%p0 st.global.u32 [%w0], %a; ld.global.u32 %d, [%pc];"),
    /* only the first half in either shape: the second half's words in
       descending order, or one word per lane */
    (".shared .align 4 .b8 sh[256]; setp.lt.u32 %p1, %tidx, 16; xor.b32 %t0, %tidx, 15;"
    " selp.b32 %t0, %tidx, %t0, %p1; shl.b32 %t0, %t0, 2; mov.u32 %t1, sh;"
    " add.u32 %t0, %t0, %t1; st.shared.u32 [%t0], %a; bar.sync 0;"
    " shl.b32 %t2, %tidx, 2; add.u32 %t2, %t2, %t1; ld.shared.u32 %t3, [%t2];"
    " ld.shared.u32 %t2, [%t0]; xor.b32 %d, %t2, %t3;"),
    (".shared .align 4 .b8 sh[256]; setp.lt.u32 %p1, %tidx, 16; selp.b32 %t0, 0, %tidx, %p1;"
    " shl.b32 %t0, %t0, 2; mov.u32 %t1, sh; add.u32 %t0, %t0, %t1;"
    " st.shared.u32 [%t0], %a; bar.sync 0; shl.b32 %t2, %tidx, 2; add.u32 %t2, %t2, %t1;"
    " ld.shared.u32 %t3, [%t2]; ld.shared.u32 %t2, [%t0]; xor.b32 %d, %t2, %t3;"),
};

/* Narrow and vector loads and stores and atomics, whose per-lane work
   the general path does with the warp's pointers found at once: lanes
   hitting the same word apply in lane order. */
/* 16-bit registers %h0..%h3 for vector elements, and the four packed
   into %d (the first in the low byte). */
#define V16 ".reg .b16 %h<4>; "
#define BYTES4                                                             \
    " cvt.u32.u16 %t0, %h0; cvt.u32.u16 %t1, %h1; cvt.u32.u16 %t2, %h2;"   \
    " cvt.u32.u16 %t3, %h3; prmt.b32 %t0, %t0, %t1, 0x3340;"               \
    " prmt.b32 %t2, %t2, %t3, 0x3340; prmt.b32 %d, %t0, %t2, 0x5410;"
static const char *MEM_OTHER[] = {
    "ld.global.s8 %t0, [%pa+1]; ld.global.u16 %t1, [%pb+2]; add.u32 %d, %t0, %t1;",
    "ld.global.u8 %t0, [%pa+3]; ld.global.s16 %t1, [%pb]; sub.u32 %d, %t0, %t1;",
    (".shared .align 16 .b8 sh[512]; mov.u32 %t0, sh; shl.b32 %t1, %tidx, 3;"
    " add.u32 %t2, %t0, %t1; st.shared.v2.u32 [%t2], {%a, %b}; bar.sync 0;"
    " xor.b32 %t1, %t1, 8; add.u32 %t2, %t0, %t1;"
    " ld.shared.v2.u32 {%t2, %t3}, [%t2]; xor.b32 %d, %t2, %t3;"),
    (".shared .align 4 .b8 sh[128]; mov.u32 %t0, sh; shl.b32 %t1, %tidx, 2;"
    " add.u32 %t0, %t0, %t1; st.shared.u32 [%t0], %a; bar.sync 0;"
    " xor.b32 %t1, %t1, 5; mov.u32 %t0, sh; add.u32 %t0, %t0, %t1;"
    " ld.shared.s8 %d, [%t0];"),
    (".shared .align 4 .b8 sh[64]; mov.u32 %t0, sh; and.b32 %t1, %a, 7;"
    " shl.b32 %t1, %t1, 2; add.u32 %t0, %t0, %t1;"
    " atom.shared.add.u32 %d, [%t0], %b;"),
    (".shared .align 4 .b8 sh[64]; mov.u32 %t0, sh; and.b32 %t1, %a, 3;"
    " shl.b32 %t1, %t1, 2; add.u32 %t0, %t0, %t1; atom.shared.exch.b32 %t2, [%t0], %b;"
    " atom.shared.cas.b32 %t3, [%t0], %t2, %c; add.u32 %d, %t2, %t3;"),
    (".shared .align 4 .b8 sh[64]; mov.u32 %t0, sh; and.b32 %t1, %a, 1;"
    " shl.b32 %t1, %t1, 2; add.u32 %t0, %t0, %t1; red.shared.add.u32 [%t0], %b;"
    " bar.sync 0; ld.shared.u32 %d, [%t0];"),
    ("and.b32 %t0, %a, 3; mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %pc, %w0;"
    " atom.global.add.u32 %d, [%w0], %b;"),
    ("and.b32 %t0, %a, 3; mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %pc, %w0;"
    " atom.global.max.s32 %t1, [%w0], %b; ld.global.u32 %d, [%w0]; add.u32 %d, %d, %t1;"),
    /* one value for every lane (a parameter, the active mask), written
       under a lane mask */
    "setp.lt.u32 %p0, %tidx, 9; mov.b32 %d, %a; @%p0 ld.param.u32 %d, [pa];",
    ("setp.lt.u32 %p0, %tidx, 9; mov.b64 %w0, %pd; @%p0 ld.param.u64 %w0, [pb];"
    " sub.s64 %w0, %w0, %pd; cvt.u32.u64 %d, %w0;"),
    "setp.lt.u32 %p0, %tidx, 11; mov.b32 %d, %a; @%p0 activemask.b32 %d;",
    /* no lane active */
    (".shared .align 4 .b8 sh[64]; mov.u32 %t0, sh; setp.gt.u32 %p0, %tidx, 99;"
    " @%p0 atom.shared.add.u32 %d, [%t0], %b;"),
    /* vectors of up to 8 bytes a lane (%w2: the start of c's 128 bytes):
       bytes and halves into 16-, 32- and 64-bit registers, signed and
       unsigned, with sinks; by thread index, by pairs of lanes, one
       address, under a guard; stored and read back in global, shared
       and local memory */
    (V16 "ld.global.v4.u8 {%h0, %h1, %h2, %h3}, [%pa];" BYTES4),
    (V16 "ld.global.v4.s8 {%h0, %h1, %h2, %h3}, [%pb];" BYTES4),
    ("ld.global.v4.s8 {%t0, %t1, %t2, %t3}, [%pa]; mad.lo.u32 %d, %t1, 3, %t0;"
    " mad.lo.u32 %d, %t2, 5, %d; mad.lo.u32 %d, %t3, 7, %d;"),
    ("ld.global.v4.u8 {%t0, _, %t2, _}, [%pb]; mad.lo.u32 %d, %t2, 256, %t0;"),
    ("ld.global.v2.s16 {%w0, %w1}, [%pa]; add.s64 %w0, %w0, %w1;"
    " shr.b64 %w0, %w0, 7; cvt.u32.u64 %d, %w0;"),
    ("ld.global.v2.u16 {%t0, %t1}, [%pc]; sub.u32 %d, %t0, %t1;"),
    (V16 "cvt.u16.u32 %h0, %a; cvt.u16.u32 %h1, %b; cvt.u16.u32 %h2, %c;"
    " mov.b16 %h3, 0x1234; setp.lt.u32 %p0, %tidx, 11;"
    " @%p0 ld.global.v4.u8 {%h0, %h1, %h2, %h3}, [%pc];" BYTES4),
    (V16 "mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1;"
    " ld.global.v4.u8 {%h0, %h1, %h2, %h3}, [%w2+8];" BYTES4 " xor.b32 %d, %d, %a;"),
    (V16 "mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; and.b32 %t0, %tidx, 30;"
    " mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %w2, %w0;"
    " ld.global.v4.u8 {%h0, %h1, %h2, %h3}, [%w0];" BYTES4),
    (V16 "cvt.u16.u32 %h0, %a; shr.u32 %t0, %a, 8; cvt.u16.u32 %h1, %t0;"
    " cvt.u16.u32 %h2, %b; cvt.u16.u32 %h3, %c;"
    " st.global.v4.u8 [%pc], {%h0, %h1, %h2, %h3}; ld.global.u32 %d, [%pc];"),
    ("setp.lt.u32 %p0, %tidx, 19; @%p0 st.global.v2.u16 [%pc], {%a, %b};"
    " ld.global.u32 %d, [%pc];"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; and.b32 %t0, %tidx, 7;"
    " mul.wide.u32 %w0, %t0, 4; add.s64 %w0, %w2, %w0;"
    " st.global.v4.u8 [%w0], {%a, %b, %c, %a}; bar.sync 0; ld.global.u32 %d, [%pc];"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; and.b32 %t0, %tidx, 15;"
    " mul.wide.u32 %w0, %t0, 8; add.s64 %w0, %w2, %w0;"
    " ld.global.v2.u32 {%t1, %t2}, [%w0]; sub.u32 %d, %t1, %t2;"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; and.b32 %t0, %tidx, 15;"
    " mul.wide.u32 %w0, %t0, 8; add.s64 %w0, %w2, %w0;"
    " ld.global.v4.s16 {%t0, %t1, %t2, %t3}, [%w0]; add.u32 %d, %t0, %t3;"
    " mad.lo.u32 %d, %t1, 9, %d; mad.lo.u32 %d, %t2, 17, %d;"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; and.b32 %t0, %tidx, 15;"
    " mul.wide.u32 %w0, %t0, 8; add.s64 %w0, %w2, %w0;"
    " st.global.v2.u32 [%w0], {%a, %b}; ld.global.u32 %d, [%pc];"),
    ("mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; and.b32 %t0, %tidx, 15;"
    " mul.wide.u32 %w0, %t0, 8; add.s64 %w0, %w2, %w0; setp.gt.u32 %p0, %tidx, 6;"
    " @%p0 st.global.v2.u8 [%w0+2], {%a, %b}; ld.global.u32 %d, [%pc];"),
    (".shared .align 4 .b8 sh[128]; mov.u32 %t0, sh; shl.b32 %t1, %tidx, 2;"
    " add.u32 %t0, %t0, %t1; st.shared.v4.u8 [%t0], {%c, %b, %a, %c}; bar.sync 0;"
    " xor.b32 %t1, %t1, 4; mov.u32 %t0, sh; add.u32 %t0, %t0, %t1;"
    " ld.shared.v2.s16 {%t2, %t3}, [%t0]; xor.b32 %d, %t2, %t3;"),
    (".local .align 8 .b8 fr[16]; st.local.v2.u32 [fr+8], {%a, %b};"
    " st.local.v4.u8 [fr], {%c, %a, %b, %c}; ld.local.v4.u16 {%t0, %t1, %t2, %t3}, [fr];"
    " add.u32 %d, %t0, %t1; mad.lo.u32 %d, %t2, 3, %d; mad.lo.u32 %d, %t3, 5, %d;"),
    /* generic addresses: resolved lane by lane, must still agree */
    (".shared .align 4 .b8 sh[64]; mov.u32 %t0, sh; and.b32 %t1, %a, 7;"
    " shl.b32 %t1, %t1, 2; add.u32 %t0, %t0, %t1; cvt.u64.u32 %w0, %t0;"
    " cvta.shared.u64 %w0, %w0; atom.add.u32 %d, [%w0], %b;"),
};

#undef BYTES4
#undef V16

/* Shared-memory and global words at the end of the array and one past
   it: the whole-warp checks must let the first through and leave the
   others to the general path's fault, with the same message (a global
   buffer is 192 bytes, %pc its lane's word). */
static const char *SHARED_EDGE[] = {
    (".shared .align 4 .b8 sh[128]; mov.u32 %t0, sh; shl.b32 %t1, %tidx, 2;"
    " add.u32 %t0, %t0, %t1; st.shared.u32 [%t0], %a; bar.sync 0;"
    " xor.b32 %t1, %t1, 124; mov.u32 %t2, sh; add.u32 %t1, %t1, %t2;"
    " ld.shared.u32 %d, [%t1];"),
    (".shared .align 4 .b8 sh[128]; mov.u32 %t0, sh; shl.b32 %t1, %tidx, 2;"
    " add.u32 %t0, %t0, %t1; ld.shared.u32 %d, [%t0+4];"),
    (".shared .align 4 .b8 sh[128]; mov.u32 %t0, sh; shl.b32 %t1, %tidx, 2;"
    " add.u32 %t0, %t0, %t1; st.shared.u32 [%t0+-4], %a;"),
    (".shared .align 4 .b8 sh[128]; mov.u32 %t0, sh; shl.b32 %t1, %tidx, 2;"
    " add.u32 %t0, %t0, %t1; ld.shared.u32 %d, [%t0+2];"),
    (".shared .align 4 .b8 sh[128]; mov.u32 %t0, sh; shl.b32 %t1, %tidx, 2;"
    " add.u32 %t0, %t0, %t1; ld.shared.u32 %d, [%t0+0x7ffffff0];"),
    (".shared .align 4 .b8 sh[128]; ld.shared.u32 %d, [sh+128];"),
    (".shared .align 4 .b8 sh[128]; st.shared.u32 [sh+6], %a;"),
    /* by half-warp (HALVES of a 256-byte array): the second half's 16
       words one past the end, its one word past the end, misaligned */
    (HALVES("196") " ld.shared.u32 %d, [%t2];"),
    (HALVES("196") " st.shared.u32 [%t2], %a;"),
    (HALVES("128") " ld.shared.u32 %d, [%t0+128];"),
    (HALVES("64") " st.shared.u32 [%t0+130], %a;"),
    (HALVES("64") " ld.shared.u32 %d, [%t2+2];"),
    /* ... also when only some lanes are active: the second half's last
       ones past the end, one word per half past the end */
    (HALVES("196") " setp.gt.u32 %p0, %tidx, 20; @%p0 ld.shared.u32 %d, [%t2];"),
    (HALVES("128") " setp.gt.u32 %p0, %tidx, 20; @%p0 st.shared.u32 [%t0+128], %a;"),
    "setp.gt.u32 %p0, %tidx, 2; @%p0 ld.global.u32 %d, [%pc+68];",
    "ld.global.u32 %d, [%pc+68];", "st.global.u32 [%pc+68], %a;",
    "mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; ld.global.u32 %d, [%w2+192];",
    "mul.wide.u32 %w1, %tidx, 4; sub.s64 %w2, %pc, %w1; st.global.u32 [%w2+6], %a;",
    "ld.global.u32 %d, [%pc+2];", "ld.global.u32 %d, [%pc+-4];",
    "st.global.u32 [%pc+-4], %b;",
    /* vectors: misaligned for their size, the last lane past the end
       (c+192, as above) */
    "ld.global.v2.u32 {%t0, %t1}, [%pc+4];", "ld.global.v2.u16 {%t0, %t1}, [%pc+2];",
    "st.global.v4.u8 [%pc+68], {%a, %b, %c, %a};",
    "setp.gt.u32 %p0, %tidx, 20; @%p0 ld.global.v4.u8 {%t0, %t1, %t2, %t3}, [%pc+68];",
};
#undef HALVES

static void test_shared_edge(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SHARED_EDGE / sizeof SHARED_EDGE[0]; i++) {
        uint32_t a[32], b[32], c[32], d[NWAYS][32];
        fill(a, 1);
        fill(b, 2);
        fill(c, 3);
        char err[NWAYS][512];
        int rc[NWAYS];
        for (int k = 0; k < NWAYS; k++) {
            struct th t;
            const char *sets[] = { "sim.mode=functional", NULL };
            if (!start_way(&t, sets, k))
                continue;
            memset(d[k], 0x5a, sizeof d[k]);
            rc[k] = th_warp_op(&t, "b32", SHARED_EDGE[i], a, b, c, d[k]);
            /* the message, from the temporary PTX file's name on */
            const char *e = rc[k] ? th_error(&t) : "";
            const char *at = strstr(e, ".ptx");
            snprintf(err[k], sizeof err[k], "%s", at ? at : e);
            th_free(&t);
            end_way();
            assert_int_equal(rc[k], rc[0]);
            assert_string_equal(err[k], err[0]);
            assert_memory_equal(d[k], d[0], sizeof d[0]);
        }
        if (i == 0) {
            assert_int_equal(rc[0], 0);
            for (int l = 0; l < 32; l++)
                assert_int_equal(d[0][l], a[l ^ 31]);
        } else {
            assert_int_not_equal(rc[0], 0);   /* a lane faults */
        }
    }
}

/* Writing lanes to a register: an active lane's slot gets the value's bits
   that fit the register (the rest zero), an inactive lane's keeps its
   value; the high slot of a 64-bit register gets the high half. */
static void test_write_lanes(void **state)
{
    (void)state;
    uint32_t regs[3 * 32];
    struct fwarp w = { .r = regs };
    uint64_t v[32];
    const uint32_t m = 0x5a5a5a5au;
    const int bytes[3] = { 2, 4, 8 };
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 3 * 32; i++)
            regs[i] = 0xdead0000u + (uint32_t)i;
        for (int l = 0; l < 32; l++)
            v[l] = 0x0123456789abcdefULL * (uint64_t)(l + 1);
        struct kop o = { .kind = KO_REG, .slot = 1,
                         .nslot = bytes[k] == 8 ? 2 : 1,
                         .bytes = (uint8_t)bytes[k] };
        wr(&w, &o, v, m);
        uint32_t keep = bytes[k] == 2 ? 0xffffu : 0xffffffffu;
        for (int l = 0; l < 32; l++) {
            bool on = m >> l & 1;
            assert_int_equal(regs[l], 0xdead0000u + (uint32_t)l);
            assert_int_equal(regs[32 + l], on ? (uint32_t)v[l] & keep
                                              : 0xdead0000u + 32u + (uint32_t)l);
            uint32_t hi = 0xdead0000u + 64u + (uint32_t)l;
            if (bytes[k] == 8 && on)
                hi = (uint32_t)(v[l] >> 32);
            assert_int_equal(regs[64 + l], hi);
        }
    }
}

/* %tid in a block of 5 x 3 x 4 threads (two warps, the second partial):
   each thread stores its three components at its linear index. */
static void test_tid(void **state)
{
    (void)state;
    static const char ptx[] =
        ".version 8.0\n.target sm_70\n.address_size 64\n"
        ".visible .entry k(.param .u64 out)\n{\n"
        "  .reg .b32 %r<8>;\n  .reg .b64 %rd<4>;\n"
        "  ld.param.u64 %rd0, [out];\n"
        "  mov.u32 %r0, %tid.x;\n  mov.u32 %r1, %tid.y;\n  mov.u32 %r2, %tid.z;\n"
        "  mad.lo.u32 %r3, %r1, 5, %r0;\n  mad.lo.u32 %r3, %r2, 15, %r3;\n"
        "  shl.b32 %r4, %r1, 8;\n  shl.b32 %r5, %r2, 16;\n"
        "  or.b32 %r4, %r4, %r0;\n  or.b32 %r4, %r4, %r5;\n"
        "  mul.wide.u32 %rd1, %r3, 4;\n  add.s64 %rd1, %rd0, %rd1;\n"
        "  st.global.u32 [%rd1], %r4;\n  ret;\n}\n";
    for (int k = 0; k < NWAYS; k++) {
        struct th t;
        const char *sets[] = { "sim.mode=functional", NULL };
        if (!start_way(&t, sets, k))
            continue;
        if (th_load(&t, ptx))
            fail_msg("%s", th_error(&t));
        uint64_t out = th_alloc(&t, 60 * 4);
        uint32_t v[60];
        memset(v, 0xff, sizeof v);
        th_write(&t, out, v, sizeof v);
        uint64_t args[1] = { out };
        uint32_t one[3] = { 1, 1, 1 }, blk[3] = { 5, 3, 4 };
        if (th_launch(&t, "k", one, blk, 0, args, 1))
            fail_msg("%s", th_error(&t));
        th_read(&t, out, v, sizeof v);
        th_free(&t);
        end_way();
        for (uint32_t i = 0; i < 60; i++)
            assert_int_equal(v[i], i % 5 | (i / 5 % 3) << 8 | (i / 15) << 16);
    }
}

static void run_list(const char *ty, const char *const *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        same(ty, v[i], 4);
}

/* A test that runs every body of a list. */
#define LIST_TEST(fn, ty, list)                                            \
    static void fn(void **state)                                           \
    {                                                                      \
        (void)state;                                                       \
        run_list(ty, list, sizeof list / sizeof list[0]);                  \
    }
LIST_TEST(test_int32, "b32", INT32)
LIST_TEST(test_int16, "b32", INT16)
LIST_TEST(test_setp, "b32", SETP)
LIST_TEST(test_int64, "b64", INT64)
LIST_TEST(test_cvt_mov64, "b64", CVT_MOV64)

/* The statistics of body in the timing model, which takes each access's
   addresses from the path that executed it, as JSON text, in way k (the
   caller frees it); NULL when the host cannot run that way. */
static char *timing_stats(const char *body, int k)
{
    uint32_t a[32], b[32], c[32], d[32];
    rng = 0x2545f4914f6cdd1dULL;      /* the same operands each time */
    fill(a, 1);
    fill(b, 2);
    fill(c, 3);
    memset(d, 0, sizeof d);
    struct th t;
    const char *sets[] = { "sim.mode=timing", NULL };
    if (!start_way(&t, sets, k))
        return NULL;
    if (th_warp_op(&t, "b32", body, a, b, c, d))
        fail_msg("%s (%s): %s", body, WAYS[k].name, th_error(&t));
    struct jv *st = device_stats(&t.dev);
    struct strbuf sb;
    sb_init(&sb);
    jv_write(st, &sb, 0);
    jv_free(st);
    th_free(&t);
    end_way();
    char *text = strdup(sb_str(&sb));
    sb_free(&sb);
    return text;
}

/* The memory accesses every load and store path hands the timing model
   are the general path's: the same statistics (shared-memory bank
   conflicts among them) on each body of a list, in every way. */
static void same_timing(const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *ref = timing_stats(list[i], 0);
        for (int k = 1; k < NWAYS; k++) {
            char *other = timing_stats(list[i], k);
            if (other && strcmp(other, ref) != 0)
                fail_msg("%s: the timing model's statistics differ in %s",
                         list[i], WAYS[k].name);
            free(other);
        }
        free(ref);
    }
}

static void test_mem32(void **state)
{
    (void)state;
    run_list("b32", MEM32, sizeof MEM32 / sizeof MEM32[0]);
    same_timing(MEM32, sizeof MEM32 / sizeof MEM32[0]);
}

static void test_mem_other(void **state)
{
    (void)state;
    run_list("b32", MEM_OTHER, sizeof MEM_OTHER / sizeof MEM_OTHER[0]);
    same_timing(MEM_OTHER, sizeof MEM_OTHER / sizeof MEM_OTHER[0]);
}

static void test_f32(void **state)
{
    (void)state;
    run_list("b32", F32, sizeof F32 / sizeof F32[0]);
    /* and with fma through the C library, as on a host without FMA */
    bool hw = fx_fma_hw;
    fx_fma_hw = false;
    run_list("b32", F32, sizeof F32 / sizeof F32[0]);
    fx_fma_hw = hw;
}

/* The AVX2 build is chosen at start-up where the host has it, and can be
   left and taken again. */
static void test_wide(void **state)
{
    (void)state;
    bool wide = fx_set_wide(true);
    assert_string_equal(fx_isa(), wide ? "avx2" : "baseline");
    assert_false(fx_set_wide(false));
    assert_string_equal(fx_isa(), "baseline");
    assert_int_equal(fx_set_wide(true), wide);
#if defined(__x86_64__) && defined(WS_AVX2)
    __builtin_cpu_init();
    assert_int_equal(wide, __builtin_cpu_supports("avx2") &&
                           __builtin_cpu_supports("fma") &&
                           __builtin_cpu_supports("bmi") &&
                           __builtin_cpu_supports("bmi2"));
#else
    assert_false(wide);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wide),
        cmocka_unit_test(test_int32),
        cmocka_unit_test(test_int16),
        cmocka_unit_test(test_f32),
        cmocka_unit_test(test_setp),
        cmocka_unit_test(test_int64),
        cmocka_unit_test(test_mem32),
        cmocka_unit_test(test_cvt_mov64),
        cmocka_unit_test(test_mem_other),
        cmocka_unit_test(test_shared_edge),
        cmocka_unit_test(test_tid),
        cmocka_unit_test(test_write_lanes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
