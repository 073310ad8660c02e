/*
** test_softfp.c - integer floating point (util/softfp.c). The f32 paths
** are checked against the host FPU in all four rounding modes on edge and
** random operands: the rounding, alignment and special-value code is the
** same for every format, so this exercises it densely. f16 and bf16 get
** edge cases worked out by hand (ties, subnormals, overflow per rounding
** direction, NaN, signed zeros).
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "util/softfp.h"

static uint64_t rng = 0x243f6a8885a308d3ULL;

static uint32_t next32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 17);
}

static const uint32_t EDGE[] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x00000001u,
    0x80000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu, 0xff7fffffu,
    0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3f800001u, 0x33800000u,
    0x4b800000u, 0x3effffffu, 0x00400000u, 0x7f000000u, 0x0c000000u,
};
#define NEDGE (sizeof EDGE / sizeof EDGE[0])

/* Operand i of a sweep: edge values, then random ones of every size. */
static uint32_t operand(int i)
{
    if (i < (int)NEDGE)
        return EDGE[i];
    uint32_t r = next32();
    if (i % 3 == 0)      /* exponents near each other: cancellation */
        r = (r & 0x807fffffu) | (0x3f000000u + (r & 0x01800000u));
    return r;
}

static float f(uint32_t u)
{
    float x;
    memcpy(&x, &u, 4);
    return x;
}

static uint32_t u(float x)
{
    uint32_t v;
    memcpy(&v, &x, 4);
    return isnan(x) ? 0x7fffffffu : v;     /* canonical NaN, as softfp */
}

static const int MODES[4] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD,
                              FE_UPWARD };

/* add, mul and fma of f32 agree with the host in every rounding mode. */
static void test_f32_against_host(void **state)
{
    (void)state;
    for (int mode = 0; mode < 4; mode++) {
        for (int i = 0; i < 4000; i++) {
            uint32_t a = operand(i % 97 < (int)NEDGE ? i % 97 : 100 + i),
                     b = operand(i % 89 < (int)NEDGE ? i % 89 : 101 + i),
                     c = operand(i % 83 < (int)NEDGE ? i % 83 : 102 + i);
            fesetround(MODES[mode]);
            volatile float fa = f(a), fb = f(b), fc = f(c);
            uint32_t add = u(fa + fb), mul = u(fa * fb),
                     fma_ = u(fmaf(fa, fb, fc));
            fesetround(FE_TONEAREST);
            enum sfp_rnd r = (enum sfp_rnd)mode;
            uint32_t gadd = (uint32_t)sfp_add(a, b, &sfp_f32, r);
            uint32_t gmul = (uint32_t)sfp_mul(a, b, &sfp_f32, r);
            uint32_t gfma = (uint32_t)sfp_fma(a, b, c, &sfp_f32, r);
            if (gadd != add || gmul != mul || gfma != fma_)
                fail_msg("mode %d a=%08x b=%08x c=%08x: add %08x/%08x mul %08x/%08x fma %08x/%08x",
                         mode, a, b, c, gadd, add, gmul, mul, gfma, fma_);
        }
    }
}

/* f64 -> f32 and integer -> f32 conversions agree with the host. */
static void test_conversions_against_host(void **state)
{
    (void)state;
    for (int mode = 0; mode < 4; mode++) {
        for (int i = 0; i < 4000; i++) {
            uint64_t bits = (uint64_t)next32() << 32 | next32();
            if (i % 4 == 0)   /* exponents in f32's range and below it */
                bits = (bits & 0x800fffffffffffffULL) |
                       (uint64_t)(0x340 + (next32() % 0x100)) << 52;
            double d;
            memcpy(&d, &bits, 8);
            int64_t iv = (int64_t)((uint64_t)next32() << 32 | next32()) >>
                         (next32() % 60);
            fesetround(MODES[mode]);
            volatile double vd = d;
            volatile int64_t vi = iv;
            uint32_t want = u((float)vd), wanti = u((float)vi);
            fesetround(FE_TONEAREST);
            uint32_t got = (uint32_t)sfp_convert(bits, &sfp_f64, &sfp_f32,
                                                 (enum sfp_rnd)mode);
            uint32_t goti = (uint32_t)sfp_from_int((uint64_t)iv, true,
                                                   &sfp_f32,
                                                   (enum sfp_rnd)mode);
            if (got != want || goti != wanti)
                fail_msg("mode %d %016llx -> %08x want %08x; %lld -> %08x want %08x",
                         mode, (unsigned long long)bits, got, want,
                         (long long)iv, goti, wanti);
        }
    }
}

#define RN SFP_RN
#define RZ SFP_RZ
#define RM SFP_RM
#define RP SFP_RP

/* f16 rounding: ties to even, subnormals, overflow by direction. */
static void test_f16_rounding(void **state)
{
    (void)state;
    const struct sfp_fmt *h = &sfp_f16;
    /* 1 + 2^-11 is a tie between 1 and 1 + 2^-10: even is 1.0. */
    assert_int_equal(sfp_convert(0x3f801000u, &sfp_f32, h, RN), 0x3c00);
    /* 1 + 3 * 2^-11: tie between 0x3c01 and 0x3c02, even is 0x3c02. */
    assert_int_equal(sfp_convert(0x3f803000u, &sfp_f32, h, RN), 0x3c02);
    /* just above the tie rounds up; RZ and RM truncate, RP rounds up */
    assert_int_equal(sfp_convert(0x3f801001u, &sfp_f32, h, RN), 0x3c01);
    assert_int_equal(sfp_convert(0x3f801001u, &sfp_f32, h, RZ), 0x3c00);
    assert_int_equal(sfp_convert(0x3f801001u, &sfp_f32, h, RM), 0x3c00);
    assert_int_equal(sfp_convert(0x3f801001u, &sfp_f32, h, RP), 0x3c01);
    assert_int_equal(sfp_convert(0xbf801001u, &sfp_f32, h, RM), 0xbc01);
    /* 2^-24 is the smallest subnormal; 2^-25 ties to 0, 3 * 2^-26 up */
    assert_int_equal(sfp_convert(0x33800000u, &sfp_f32, h, RN), 0x0001);
    assert_int_equal(sfp_convert(0x33000000u, &sfp_f32, h, RN), 0x0000);
    assert_int_equal(sfp_convert(0x33400000u, &sfp_f32, h, RN), 0x0001);
    assert_int_equal(sfp_convert(0x33000000u, &sfp_f32, h, RP), 0x0001);
    assert_int_equal(sfp_convert(0xb3000000u, &sfp_f32, h, RN), 0x8000);
    /* the largest subnormal rounds up into the smallest normal */
    assert_int_equal(sfp_convert(0x387ff000u, &sfp_f32, h, RN), 0x0400);
    /* 65520 is the tie between 65504 and 2^16: RN overflows to inf */
    assert_int_equal(sfp_convert(0x477ff000u, &sfp_f32, h, RN), 0x7c00);
    assert_int_equal(sfp_convert(0x477ff000u, &sfp_f32, h, RZ), 0x7bff);
    assert_int_equal(sfp_convert(0xc77ff000u, &sfp_f32, h, RZ), 0xfbff);
    assert_int_equal(sfp_convert(0xc77ff000u, &sfp_f32, h, RM), 0xfc00);
    assert_int_equal(sfp_convert(0x7f7fffffu, &sfp_f32, h, RP), 0x7c00);
    assert_int_equal(sfp_convert(0x7f7fffffu, &sfp_f32, h, RM), 0x7bff);
    /* NaN of any payload becomes the canonical NaN; infinities stay */
    assert_int_equal(sfp_convert(0xffc00001u, &sfp_f32, h, RN), 0x7fff);
    assert_int_equal(sfp_convert(0xff800000u, &sfp_f32, h, RN), 0xfc00);
    /* widening is exact, subnormals included */
    assert_int_equal(sfp_convert(0x0001, h, &sfp_f32, RN), 0x33800000u);
    assert_int_equal(sfp_convert(0x83ff, h, &sfp_f32, RN), 0xb87fc000u);
    assert_int_equal(sfp_convert(0x7e00, h, &sfp_f32, RN), 0x7fffffffu);
}

/* f16 arithmetic: exact results rounded once. */
static void test_f16_arithmetic(void **state)
{
    (void)state;
    const struct sfp_fmt *h = &sfp_f16;
    /* 2048 + 1 is a tie (ulp 2 above 2048): even 2048; 2048 + 3 -> 2052 */
    assert_int_equal(sfp_add(0x6800, 0x3c00, h, RN), 0x6800);
    assert_int_equal(sfp_add(0x6800, 0x4200, h, RN), 0x6802);
    assert_int_equal(sfp_add(0x6800, 0x3c00, h, RP), 0x6801);
    /* x + (-x) is +0, or -0 when rounding down */
    assert_int_equal(sfp_add(0x3c00, 0xbc00, h, RN), 0x0000);
    assert_int_equal(sfp_add(0x3c00, 0xbc00, h, RM), 0x8000);
    assert_int_equal(sfp_add(0x8000, 0x8000, h, RN), 0x8000);
    /* subnormal sums are exact */
    assert_int_equal(sfp_add(0x0001, 0x0001, h, RN), 0x0002);
    assert_int_equal(sfp_add(0x03ff, 0x0001, h, RN), 0x0400);
    /* inf - inf and 0 * inf are invalid */
    assert_int_equal(sfp_add(0x7c00, 0xfc00, h, RN), 0x7fff);
    assert_int_equal(sfp_mul(0x0000, 0x7c00, h, RN), 0x7fff);
    /* (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20: RN gives 1 + 2^-9, RP one more */
    assert_int_equal(sfp_mul(0x3c01, 0x3c01, h, RN), 0x3c02);
    assert_int_equal(sfp_mul(0x3c01, 0x3c01, h, RP), 0x3c03);
    /* the product underflows to the smallest subnormal or to zero */
    assert_int_equal(sfp_mul(0x0001, 0x3800, h, RN), 0x0000);   /* tie */
    assert_int_equal(sfp_mul(0x0001, 0x3a00, h, RN), 0x0001);
    assert_int_equal(sfp_mul(0x7bff, 0x4000, h, RN), 0x7c00);
    assert_int_equal(sfp_mul(0x7bff, 0x4000, h, RZ), 0x7bff);
    /* fma rounds once: (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 exactly, a
       subnormal (16 * 2^-24) */
    assert_int_equal(sfp_fma(0x3c01, 0x3c01, 0xbc02, h, RN), 0x0010);
    /* 3 * (1 + 2^-10) is a tie between 0x4201 and 0x4202: even wins,
       unless a tiny addend (kept as a sticky bit) breaks the tie */
    assert_int_equal(sfp_fma(0x4200, 0x3c01, 0x0000, h, RN), 0x4202);
    assert_int_equal(sfp_fma(0x4200, 0x3c01, 0x8001, h, RN), 0x4201);
    assert_int_equal(sfp_fma(0x4200, 0x3c01, 0x0001, h, RN), 0x4202);
    assert_int_equal(sfp_fma(0x3c01, 0x3c01, 0x0001, h, RZ), 0x3c02);
    assert_int_equal(sfp_fma(0x3c01, 0x3c01, 0x8001, h, RZ), 0x3c02);
    assert_int_equal(sfp_fma(0x3c00, 0x3c00, 0x8001, h, RZ), 0x3bff);
}

/* bf16: the f32 exponent range with 8 significant bits. */
static void test_bf16(void **state)
{
    (void)state;
    const struct sfp_fmt *b = &sfp_bf16;
    assert_int_equal(sfp_convert(0x3f808000u, &sfp_f32, b, RN), 0x3f80);
    assert_int_equal(sfp_convert(0x3f818000u, &sfp_f32, b, RN), 0x3f82);
    assert_int_equal(sfp_convert(0x3f808001u, &sfp_f32, b, RN), 0x3f81);
    assert_int_equal(sfp_convert(0x3f80ffffu, &sfp_f32, b, RZ), 0x3f80);
    assert_int_equal(sfp_convert(0x00000001u, &sfp_f32, b, RP), 0x0001);
    assert_int_equal(sfp_convert(0x7f7fffffu, &sfp_f32, b, RN), 0x7f80);
    assert_int_equal(sfp_convert(0x7f7fffffu, &sfp_f32, b, RZ), 0x7f7f);
    assert_int_equal(sfp_convert(0x7fc00001u, &sfp_f32, b, RN), 0x7fff);
    assert_int_equal(sfp_convert(0x3f81, b, &sfp_f32, RN), 0x3f810000u);
    assert_int_equal(sfp_add(0x3f80, 0x3b80, b, RN), 0x3f80);   /* 1+2^-8 */
    assert_int_equal(sfp_add(0x3f80, 0x3b80, b, RP), 0x3f81);
    assert_int_equal(sfp_mul(0x3f81, 0x3f81, b, RN), 0x3f82);
    assert_int_equal(sfp_from_int(257, false, b, RN), 0x4380);    /* tie */
    assert_int_equal(sfp_from_int(259, false, b, RN), 0x4382);
    assert_int_equal(sfp_from_int((uint64_t)-3, true, b, RN), 0xc040);
}

static void test_classes(void **state)
{
    (void)state;
    const struct sfp_fmt *h = &sfp_f16;
    assert_true(sfp_isnan(0x7c01, h));
    assert_false(sfp_isnan(0x7c00, h));
    assert_true(sfp_isinf(0xfc00, h));
    assert_true(sfp_issubnormal(0x8001, h));
    assert_int_equal(sfp_ftz(0x8001, h), 0x8000);
    assert_int_equal(sfp_ftz(0x0400, h), 0x0400);
    assert_true(sfp_iszero(0x8000, h));
    assert_int_equal(sfp_max_finite(h, true), 0xfbff);
    assert_true(sfp_to_double(0x0001, h) == ldexp(1.0, -24));
    assert_true(sfp_to_double(0xc200, &sfp_bf16) == -32.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f32_against_host),
        cmocka_unit_test(test_conversions_against_host),
        cmocka_unit_test(test_f16_rounding),
        cmocka_unit_test(test_f16_arithmetic),
        cmocka_unit_test(test_bf16),
        cmocka_unit_test(test_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
