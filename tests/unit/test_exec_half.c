/*
** test_exec_half.c - f16, bf16 and their packed pairs through the whole
** pipeline (parse, check, execute): rounding ties, subnormals, .ftz,
** .sat, .relu, NaN and infinities, the packed forms, comparisons and every
** direction of cvt. Expected bit patterns are worked out by hand from the
** IEEE formats (f16: 5 exponent bits, bias 15, 10 mantissa bits; bf16: 8,
** 127, 7) and the PTX ISA; the NaN pattern 0x7fff is what an H100 returns.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "harness.h"

static int setup(void **state)
{
    th_target = "sm_90";      /* bf16 arithmetic, .relu and .NaN need it */
    return th_setup(state);
}

/* A scalar half-precision body on the low 16 bits of %a %b %c (as x y z)
   whose result r becomes %d (zero-extended). */
#define H(op)                                                              \
    "{ .reg .b16 x, y, z, r; .reg .pred q; cvt.u16.u32 x, %a;"            \
    " cvt.u16.u32 y, %b; cvt.u16.u32 z, %c; " op " cvt.u32.u16 %d, r; }"

#define CASES(body, arr) TH_CASES(&th_shared, "b32", body, arr)

/* add/sub.f16: exact sums rounded once, ties to even. */
static void test_f16_add(void **state)
{
    (void)state;
    static const struct th_case add[] = {
        { 0x6800, 0x3c00, 0, 0x6800 },   /* 2048 + 1: tie, even 2048 */
        { 0x6800, 0x4200, 0, 0x6802 },   /* 2048 + 3 = 2051: tie, 2052 */
        { 0x6801, 0x3c00, 0, 0x6802 },   /* 2050 + 1: tie, even 2052 */
        { 0x0001, 0x0001, 0, 0x0002 },   /* subnormals add exactly */
        { 0x03ff, 0x0001, 0, 0x0400 },   /* into the smallest normal */
        { 0x3c00, 0xbc00, 0, 0x0000 },   /* x - x = +0 */
        { 0x8000, 0x8000, 0, 0x8000 },   /* -0 + -0 = -0 */
        { 0x7bff, 0x7bff, 0, 0x7c00 },   /* 65504 * 2 overflows */
        { 0x7c00, 0xfc00, 0, 0x7fff },   /* inf - inf: canonical NaN */
        { 0x7e01, 0x3c00, 0, 0x7fff },   /* NaN payloads are not kept */
    };
    CASES(H("add.f16 r, x, y;"), add);
    CASES(H("add.rn.f16 r, x, y;"), add);
    static const struct th_case sub[] = {
        { 0x3c00, 0x3c00, 0, 0x0000 },
        { 0x0400, 0x0401, 0, 0x8001 },   /* -2^-24, the smallest subnormal */
        { 0x3c00, 0x7e00, 0, 0x7fff },
    };
    CASES(H("sub.f16 r, x, y;"), sub);
}

/* .ftz flushes subnormal inputs and results; .sat clamps to [+0, 1]. */
static void test_f16_ftz_sat(void **state)
{
    (void)state;
    static const struct th_case mul[] = {
        { 0x0400, 0x3800, 0, 0x0200 },   /* 2^-14 * 0.5 = 2^-15, subnormal */
        { 0x8001, 0x3c00, 0, 0x8001 },
    };
    CASES(H("mul.f16 r, x, y;"), mul);
    static const struct th_case mulz[] = {
        { 0x0400, 0x3800, 0, 0x0000 },   /* the subnormal result flushed */
        { 0x8001, 0x3c00, 0, 0x8000 },   /* the input flushed to -0 */
    };
    CASES(H("mul.ftz.f16 r, x, y;"), mulz);
    static const struct th_case sat[] = {
        { 0x4000, 0x4000, 0, 0x3c00 },   /* 4 -> 1 */
        { 0xbc00, 0x3800, 0, 0x0000 },   /* -0.5 -> 0 */
        { 0x7e00, 0x3c00, 0, 0x0000 },   /* NaN -> +0 */
        { 0x8000, 0x8000, 0, 0x0000 },   /* -0 -> +0 */
        { 0x3800, 0x3400, 0, 0x3a00 },   /* 0.75 stays */
    };
    CASES(H("add.sat.f16 r, x, y;"), sat);
    static const struct th_case fsat[] = { { 0x4000, 0x4000, 0xc400, 0x0000 } };
    CASES(H("fma.rn.sat.f16 r, x, y, z;"), fsat);
}

/* fma rounds once; a tiny addend breaks a tie through the sticky bit. */
static void test_f16_fma(void **state)
{
    (void)state;
    static const struct th_case fma[] = {
        { 0x3c01, 0x3c01, 0xbc02, 0x0010 },   /* (1+2^-10)^2 - (1+2^-9) */
        { 0x4200, 0x3c01, 0x0000, 0x4202 },   /* 3 + 3*2^-10: tie, even */
        { 0x4200, 0x3c01, 0x8001, 0x4201 },   /* just below the tie */
        { 0x0000, 0x7c00, 0x3c00, 0x7fff },   /* 0 * inf */
        { 0x7c00, 0x3c00, 0xfc00, 0x7fff },   /* inf - inf */
    };
    CASES(H("fma.rn.f16 r, x, y, z;"), fma);
    static const struct th_case relu[] = {
        { 0xbc00, 0x3c00, 0x0000, 0x0000 },   /* -1 -> 0 */
        { 0x3c00, 0x3c00, 0x3c00, 0x4000 },
        { 0x7e00, 0x3c00, 0x0000, 0x7fff },   /* NaN stays NaN */
    };
    CASES(H("fma.rn.relu.f16 r, x, y, z;"), relu);
}

/* The packed forms compute each half alone. */
static void test_f16x2(void **state)
{
    (void)state;
    static const struct th_case add[] = {
        { 0x3c006800, 0x3c003c00, 0, 0x40006800 },
        { 0x7c000001, 0xfc000001, 0, 0x7fff0002 },
    };
    CASES("add.f16x2 %d, %a, %b;", add);
    static const struct th_case fma[] = {
        { 0x3c013c00, 0x3c013c00, 0xbc020000, 0x00103c00 },
    };
    CASES("fma.rn.f16x2 %d, %a, %b, %c;", fma);
    static const struct th_case mulz[] = { { 0x04000400, 0x38003c00, 0, 0x00000400 } };
    CASES("mul.ftz.f16x2 %d, %a, %b;", mulz);
    static const struct th_case neg[] = { { 0x3c008000, 0, 0, 0xbc000000 } };
    CASES("neg.f16x2 %d, %a;", neg);
    static const struct th_case abs[] = { { 0xfc00fe00, 0, 0, 0x7c007e00 } };
    CASES("abs.f16x2 %d, %a;", abs);   /* the sign bit only, NaN included */
    static const struct th_case mn[] = { { 0x80003c00, 0x00004000, 0, 0x80003c00 } };
    CASES("min.f16x2 %d, %a, %b;", mn);    /* min(-0, +0) = -0 */
    static const struct th_case mx[] = { { 0x7e00bc00, 0x3c00fc00, 0, 0x3c00bc00 } };
    CASES("max.f16x2 %d, %a, %b;", mx);    /* a NaN operand is ignored */
    static const struct th_case mxn[] = { { 0x7e00bc00, 0x3c00fc00, 0, 0x7fffbc00 } };
    CASES("max.NaN.f16x2 %d, %a, %b;", mxn);
}

static void test_bf16(void **state)
{
    (void)state;
    static const struct th_case fma[] = {
        { 0x3f80, 0x3f80, 0x3b80, 0x3f80 },   /* 1 + 2^-8: tie, even */
        { 0x3f81, 0x3f80, 0x3b80, 0x3f82 },   /* 1 + 3*2^-8: tie, even */
        { 0x3f81, 0x3f81, 0x0000, 0x3f82 },
    };
    CASES(H("fma.rn.bf16 r, x, y, z;"), fma);
    static const struct th_case add[] = {
        { 0x7f7f, 0x7f7f, 0, 0x7f80 },         /* overflow to inf */
        { 0x0001, 0x0001, 0, 0x0002 },         /* subnormals */
        { 0x7fc1, 0x3f80, 0, 0x7fff },
    };
    CASES(H("add.bf16 r, x, y;"), add);
    static const struct th_case mul[] = { { 0x3f813f80, 0x3f814000, 0, 0x3f824000 } };
    CASES("mul.bf16x2 %d, %a, %b;", mul);
    static const struct th_case neg[] = { { 0x7fc0, 0, 0, 0xffc0 } };
    CASES(H("neg.bf16 r, x;"), neg);
}

/* setp and set on halves; the packed form compares each half. */
static void test_half_compare(void **state)
{
    (void)state;
    static const struct th_case lt[] = {
        { 0x3c00, 0x4000, 0, 1 }, { 0x7e00, 0x4000, 0, 0 },
        { 0x8000, 0x0000, 0, 0 }, { 0x8001, 0x0000, 0, 1 },
    };
    CASES(H("setp.lt.f16 q, x, y; selp.b16 r, 1, 0, q;"), lt);
    static const struct th_case ltz[] = { { 0x8001, 0x0000, 0, 0 } };
    CASES(H("setp.lt.ftz.f16 q, x, y; selp.b16 r, 1, 0, q;"), ltz);
    static const struct th_case ltu[] = { { 0x7e00, 0x4000, 0, 1 } };
    CASES(H("setp.ltu.f16 q, x, y; selp.b16 r, 1, 0, q;"), ltu);
    static const struct th_case x2[] = {
        { 0x3c004200, 0x40004000, 0, 2 },     /* low 3 < 2 no, high 1 < 2 */
        { 0x42003c00, 0x40004000, 0, 1 },
    };
    CASES("setp.lt.f16x2 %p1|%p2, %a, %b; selp.u32 %t0, 1, 0, %p1;"
          " selp.u32 %t1, 2, 0, %p2; add.u32 %d, %t0, %t1;", x2);
    static const struct th_case x2and[] = {
        { 0x3c003c00, 0x40004000, 1, 3 }, { 0x3c003c00, 0x40004000, 0, 0 },
    };
    CASES("setp.ne.u32 %p0, %c, 0; setp.lt.and.f16x2 %p1|%p2, %a, %b, %p0;"
          " selp.u32 %t0, 1, 0, %p1; selp.u32 %t1, 2, 0, %p2;"
          " add.u32 %d, %t0, %t1;", x2and);
    static const struct th_case set[] = { { 0x3c00, 0x4000, 0, 0x3c00 }, { 0x4000, 0x3c00, 0, 0 } };
    CASES(H("set.lt.f16.f16 r, x, y;"), set);
    static const struct th_case setu[] = { { 0x3c004200, 0x40004000, 0, 0xffff0000 } };
    CASES("set.lt.u32.f16x2 %d, %a, %b;", setu);
    static const struct th_case seth[] = { { 0x3c004200, 0x40004000, 0, 0x3c000000 } };
    CASES("set.lt.f16x2.f16x2 %d, %a, %b;", seth);
    static const struct th_case setb[] = { { 0x3f80, 0x3f80, 0, 0x3f80 } };
    CASES(H("set.eq.bf16.bf16 r, x, y;"), setb);
}

/* cvt into f16 in every rounding direction. */
static void test_cvt_to_f16(void **state)
{
    (void)state;
    static const struct th_case rn[] = {
        { 0x3f801000, 0, 0, 0x3c00 },   /* 1 + 2^-11: tie, even */
        { 0x3f803000, 0, 0, 0x3c02 },   /* 1 + 3*2^-11: tie, even */
        { 0x33000000, 0, 0, 0x0000 },   /* 2^-25: tie with 0 */
        { 0x33400000, 0, 0, 0x0001 },   /* 0.75 * 2^-24 */
        { 0x387ff000, 0, 0, 0x0400 },   /* rounds up to the smallest normal */
        { 0x477ff000, 0, 0, 0x7c00 },   /* 65520: tie, overflows */
        { 0xffc00001, 0, 0, 0x7fff },
    };
    CASES(H("cvt.rn.f16.f32 r, %a;"), rn);
    static const struct th_case rz[] = {
        { 0x3f801001, 0, 0, 0x3c00 }, { 0x477ff000, 0, 0, 0x7bff },
        { 0xc77ff000, 0, 0, 0xfbff },
    };
    CASES(H("cvt.rz.f16.f32 r, %a;"), rz);
    static const struct th_case rm[] = {
        { 0xbf801001, 0, 0, 0xbc01 }, { 0x3f801001, 0, 0, 0x3c00 },
        { 0xc77ff000, 0, 0, 0xfc00 },
    };
    CASES(H("cvt.rm.f16.f32 r, %a;"), rm);
    static const struct th_case rp[] = {
        { 0x3f801001, 0, 0, 0x3c01 }, { 0x33000000, 0, 0, 0x0001 },
        { 0x7f7fffff, 0, 0, 0x7c00 },
    };
    CASES(H("cvt.rp.f16.f32 r, %a;"), rp);
    static const struct th_case si[] = {
        { 2049, 0, 0, 0x6800 }, { 2051, 0, 0, 0x6802 }, { 65520, 0, 0, 0x7c00 },
        { 0xfffffffd, 0, 0, 0xc200 }, { 0, 0, 0, 0 },
    };
    CASES(H("cvt.rn.f16.s32 r, %a;"), si);
    static const struct th_case ui[] = { { 0xffffffff, 0, 0, 0x7c00 } };
    CASES(H("cvt.rn.f16.u32 r, %a;"), ui);
    static const struct th_case relu[] = {
        { 0xbf800000, 0, 0, 0 }, { 0x3f800000, 0, 0, 0x3c00 },
        { 0x7fc00000, 0, 0, 0x7fff }, { 0x80000000, 0, 0, 0 },
    };
    CASES(H("cvt.rn.relu.f16.f32 r, %a;"), relu);
    static const struct th_case fin[] = {
        { 0x49742400, 0, 0, 0x7bff }, { 0x7f800000, 0, 0, 0x7bff },
        { 0xff800000, 0, 0, 0xfbff },
    };
    CASES(H("cvt.rn.satfinite.f16.f32 r, %a;"), fin);
    static const struct th_case sat[] = { { 0x40000000, 0, 0, 0x3c00 }, { 0xbf800000, 0, 0, 0 } };
    CASES(H("cvt.rn.sat.f16.f32 r, %a;"), sat);
    static const struct th_case d[] = {
        { 0x3ff0020000000000ull, 0, 0, 0x3c00 },   /* 1 + 2^-11: tie */
        { 0x3ff0020000000001ull, 0, 0, 0x3c01 },
    };
    TH_CASES(&th_shared, "b64", "{ .reg .b16 r; cvt.rn.f16.f64 r, %a; cvt.u64.u16 %d, r; }", d);
}

/* cvt out of halves, and between the packed and 16-bit formats. */
static void test_cvt_from_half(void **state)
{
    (void)state;
    static const struct th_case f32[] = {
        { 0x0001, 0, 0, 0x33800000 }, { 0x83ff, 0, 0, 0xb87fc000 },
        { 0x7e00, 0, 0, 0x7fffffff }, { 0xfc00, 0, 0, 0xff800000 },
        { 0x3555, 0, 0, 0x3eaaa000 },
    };
    CASES("{ .reg .b16 x; cvt.u16.u32 x, %a; cvt.f32.f16 %d, x; }", f32);
    static const struct th_case rni[] = {
        { 0x4100, 0, 0, 2 }, { 0x4300, 0, 0, 4 }, { 0xc100, 0, 0, 0xfffffffe },
        { 0x7c00, 0, 0, 0x7fffffff }, { 0x7e00, 0, 0, 0 },
    };
    CASES("{ .reg .b16 x; cvt.u16.u32 x, %a; cvt.rni.s32.f16 %d, x; }", rni);
    static const struct th_case u8[] = { { 0x5cb0, 0, 0, 255 }, { 0xbc00, 0, 0, 0 } };
    CASES("{ .reg .b16 x; cvt.u16.u32 x, %a; cvt.rzi.u8.f16 %d, x; }", u8);
    static const struct th_case pack[] = {
        { 0x3f800000, 0x40000000, 0, 0x3c004000 },    /* a to the high half */
    };
    CASES("cvt.rn.f16x2.f32 %d, %a, %b;", pack);
    static const struct th_case packz[] = { { 0x3f801fff, 0xbf801fff, 0, 0x3c00bc00 } };
    CASES("cvt.rz.f16x2.f32 %d, %a, %b;", packz);
    static const struct th_case bf[] = {
        { 0x3f808000, 0, 0, 0x3f80 }, { 0x3f818000, 0, 0, 0x3f82 },
        { 0x7fc00001, 0, 0, 0x7fff },
    };
    CASES(H("cvt.rn.bf16.f32 r, %a;"), bf);
    static const struct th_case bfx2[] = { { 0x3f808001, 0x40000000, 0, 0x3f814000 } };
    CASES("cvt.rn.bf16x2.f32 %d, %a, %b;", bfx2);
    static const struct th_case bf32[] = { { 0x3f81, 0, 0, 0x3f810000 }, { 0xff81, 0, 0, 0x7fffffff } };
    CASES("{ .reg .b16 x; cvt.u16.u32 x, %a; cvt.f32.bf16 %d, x; }", bf32);
    static const struct th_case h2b[] = {
        { 0x3c01, 0, 0, 0x3f80 },    /* 1 + 2^-10 is below half a bf16 ulp */
        { 0x7bff, 0, 0, 0x4780 },    /* 65504 rounds to 65536 */
        { 0x0001, 0, 0, 0x3380 },    /* 2^-24, a normal bf16 */
    };
    CASES(H("cvt.rn.bf16.f16 r, x;"), h2b);
    static const struct th_case b2h[] = { { 0x3f81, 0, 0, 0x3c08 } };
    CASES(H("cvt.rn.f16.bf16 r, x;"), b2h);
}

/* Packing halves with mov, immediates of half types, ex2 and tanh. */
static void test_half_moves(void **state)
{
    (void)state;
    static const struct th_case pack[] = { { 0x3f80, 0x1234, 0, 0x3f800000 } };
    CASES("{ .reg .b16 x; cvt.u16.u32 x, %a; mov.b32 %d, {0, x}; }", pack);
    static const struct th_case swap[] = { { 0x11112222, 0, 0, 0x22221111 } };
    CASES("{ .reg .f16 lo, hi; mov.b32 {lo, hi}, %a; mov.b32 %d, {hi, lo}; }", swap);
    static const struct th_case imm[] = { { 0x3c00, 0, 0, 0x4000 } };
    CASES(H("add.f16 r, x, 0f3F800000;"), imm);
    static const struct th_case hex[] = { { 0, 0, 0, 0x3c00 } };
    CASES(H("mov.b16 r, 0X3C00U;"), hex);
    static const struct th_case ex2[] = {
        { 0x3c00, 0, 0, 0x4000 }, { 0xfc00, 0, 0, 0 }, { 0x0000, 0, 0, 0x3c00 },
    };
    CASES(H("ex2.approx.f16 r, x;"), ex2);
    static const struct th_case th[] = { { 0x0000, 0, 0, 0 }, { 0x7c00, 0, 0, 0x3c00 } };
    CASES(H("tanh.approx.f16 r, x;"), th);
}

/* add sub min max on packed 16-bit integers. */
static void test_int16x2(void **state)
{
    (void)state;
    static const struct th_case add[] = { { 0xffff0001, 0x00010001, 0, 0x00000002 } };
    CASES("add.u16x2 %d, %a, %b;", add);
    CASES("add.s16x2 %d, %a, %b;", add);     /* the same bits */
    static const struct th_case sub[] = { { 0x00000005, 0x00010007, 0, 0xfffffffe } };
    CASES("sub.u16x2 %d, %a, %b;", sub);
    static const struct th_case mins[] = { { 0x80000001, 0x0001ffff, 0, 0x8000ffff } };
    CASES("min.s16x2 %d, %a, %b;", mins);
    static const struct th_case minu[] = { { 0x80000001, 0x0001ffff, 0, 0x00010001 } };
    CASES("min.u16x2 %d, %a, %b;", minu);
    static const struct th_case relu[] = { { 0x8000fffe, 0x8001ffff, 0, 0 } };
    CASES("max.relu.s16x2 %d, %a, %b;", relu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T_(f) cmocka_unit_test_setup_teardown(f, setup, th_teardown)
        T_(test_f16_add),
        T_(test_f16_ftz_sat),
        T_(test_f16_fma),
        T_(test_f16x2),
        T_(test_bf16),
        T_(test_half_compare),
        T_(test_cvt_to_f16),
        T_(test_cvt_from_half),
        T_(test_half_moves),
        T_(test_int16x2),
#undef T_
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
