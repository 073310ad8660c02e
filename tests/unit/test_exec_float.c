/*
** test_exec_float.c - floating-point arithmetic, comparisons and cvt.
** Expected bit patterns are derived from IEEE 754 rounding of the exact
** result (worked out by hand; the inputs are built so that the rounding
** modes disagree) and from the PTX ISA rules for NaN, -0, .ftz, .sat and
** float<->integer saturation. Nothing here is copied from the simulator.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fenv.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"

#define NL 32
#define I32(x) ((uint32_t)(int32_t)(x))
#define I64(x) ((uint64_t)(int64_t)(x))

/* f32 bit patterns used throughout */
#define ONE 0x3f800000u          /* 1.0 */
#define MONE 0xbf800000u         /* -1.0 */
#define TWO 0x40000000u
#define THREE 0x40400000u
#define HALF 0x3f000000u
#define PZ 0x00000000u           /* +0 */
#define NZ 0x80000000u           /* -0 */
#define PINF 0x7f800000u
#define NINF 0xff800000u
#define QNAN 0x7fc00000u
#define CNAN 0x7fffffffu         /* canonical NaN of f32 results */
#define SUB1 0x00000001u         /* smallest subnormal, 2^-149 */
#define FMAX 0x7f7fffffu

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

/* One warp runs body on %a, %b, %c into %d (tests/unit/harness.h). */
static int warp_op(const char *ty, const char *body, const void *a,
                   const void *b, const void *c, void *d)
{
    return th_warp_op(&T, ty, body, a, b, c, d);
}

struct k32 { uint32_t a, b, c, want; };
struct k64 { uint64_t a, b, c, want; };

static void cases32(const char *body, const struct k32 *k, size_t n)
{
    uint32_t a[NL], b[NL], c[NL], d[NL];
    for (size_t i = 0; i < NL; i++) {
        a[i] = k[i % n].a;
        b[i] = k[i % n].b;
        c[i] = k[i % n].c;
    }
    memset(d, 0xa5, sizeof d);
    if (warp_op("b32", body, a, b, c, d))
        fail_msg("'%s' failed: %s", body, th_error(&T));
    int bad = 0;
    for (size_t i = 0; i < n && i < NL; i++) {
        const struct k32 *e = &k[i];
        if (d[i] != e->want) {
            print_error("'%s' case %zu: a=0x%08x b=0x%08x c=0x%08x -> 0x%08x, want 0x%08x\n",
                        body, i, e->a, e->b, e->c, d[i], e->want);
            bad++;
        }
    }
    for (size_t i = n; i < NL; i++)
        if (d[i] != d[i % n]) {
            print_error("'%s' lane %zu differs from lane %zu\n", body, i, i % n);
            bad++;
        }
    if (bad)
        fail_msg("%d lane(s) wrong", bad);
}

static void cases64(const char *body, const struct k64 *k, size_t n)
{
    uint64_t a[NL], b[NL], c[NL], d[NL];
    for (size_t i = 0; i < NL; i++) {
        a[i] = k[i % n].a;
        b[i] = k[i % n].b;
        c[i] = k[i % n].c;
    }
    memset(d, 0xa5, sizeof d);
    if (warp_op("b64", body, a, b, c, d))
        fail_msg("'%s' failed: %s", body, th_error(&T));
    int bad = 0;
    for (size_t i = 0; i < n && i < NL; i++) {
        const struct k64 *e = &k[i];
        if (d[i] != e->want) {
            print_error("'%s' case %zu: a=0x%016llx b=0x%016llx c=0x%016llx -> 0x%016llx, want 0x%016llx\n",
                        body, i, (unsigned long long)e->a,
                        (unsigned long long)e->b, (unsigned long long)e->c,
                        (unsigned long long)d[i], (unsigned long long)e->want);
            bad++;
        }
    }
    if (bad)
        fail_msg("%d lane(s) wrong", bad);
}

#define CASES32(body, arr) cases32(body, arr, sizeof arr / sizeof arr[0])
#define CASES64(body, arr) cases64(body, arr, sizeof arr / sizeof arr[0])

/* One operation under the four IEEE rounding modes. */
struct r4 { uint32_t a, b, c, rn, rz, rm, rp; };

static void rounding4(const char *fmt, const struct r4 *k, size_t n)
{
    static const char *const modes[4] = { "rn", "rz", "rm", "rp" };
    struct k32 cs[NL];
    for (int m = 0; m < 4; m++) {
        char body[256];
        snprintf(body, sizeof body, fmt, modes[m]);
        for (size_t i = 0; i < n; i++) {
            const uint32_t w[4] = { k[i].rn, k[i].rz, k[i].rm, k[i].rp };
            cs[i] = (struct k32){ k[i].a, k[i].b, k[i].c, w[m] };
        }
        cases32(body, cs, n);
    }
}

#define ROUND4(fmt, arr) rounding4(fmt, arr, sizeof arr / sizeof arr[0])

/* ---- IEEE arithmetic under each rounding mode --------------------------- */

/* 1 + 2^-24 is exactly half an ulp above 1: ties-to-even gives 1.0.
   x + (-x) is +0 in every mode except .rm, where it is -0. */
static void test_add_sub_rounding(void **state)
{
    (void)state;
    static const struct r4 add[] = {
        { ONE, 0x33800000u, 0, ONE, ONE, ONE, 0x3f800001u },             /* 2^-24 */
        { ONE, 0x33c00000u, 0, 0x3f800001u, ONE, ONE, 0x3f800001u },     /* 3*2^-25 */
        { MONE, 0xb3c00000u, 0, 0xbf800001u, MONE, 0xbf800001u, MONE },
        { 0x3f800001u, 0x33800000u, 0, 0x3f800002u, 0x3f800001u, 0x3f800001u, 0x3f800002u },
        { ONE, MONE, 0, PZ, PZ, NZ, PZ },
        { FMAX, 0x73800000u, 0, PINF, FMAX, FMAX, PINF },   /* + 2^104, one ulp of FLT_MAX */
    };
    ROUND4("add.%s.f32 %%d, %%a, %%b;", add);
    static const struct r4 sub[] = {
        { ONE, 0x33000000u, 0, ONE, 0x3f7fffffu, 0x3f7fffffu, ONE },     /* 1 - 2^-25 */
        { ONE, ONE, 0, PZ, PZ, NZ, PZ },
    };
    ROUND4("sub.%s.f32 %%d, %%a, %%b;", sub);
}

static void test_mul_rounding(void **state)
{
    (void)state;
    static const struct r4 mul[] = {
        /* (1+2^-23)^2 = 1 + 2^-22 + 2^-46 */
        { 0x3f800001u, 0x3f800001u, 0, 0x3f800002u, 0x3f800002u, 0x3f800002u, 0x3f800003u },
        /* (1+2^-12)^2 = 1 + 2^-11 + 2^-24: a tie, mantissa of 1+2^-11 is even */
        { 0x3f800800u, 0x3f800800u, 0, 0x3f801000u, 0x3f801000u, 0x3f801000u, 0x3f801001u },
        { 0xbf800001u, 0x3f800001u, 0, 0xbf800002u, 0xbf800002u, 0xbf800003u, 0xbf800002u },
        { FMAX, TWO, 0, PINF, FMAX, FMAX, PINF },
        { 0x80000001u, HALF, 0, NZ, NZ, 0x80000001u, NZ },   /* -2^-150 */
    };
    ROUND4("mul.%s.f32 %%d, %%a, %%b;", mul);
}

/* fma rounds once: (1+2^-12)^2 - (1+2^-11) = 2^-24 exactly, where mul
   then add gives 0. mad.rnd.f32 is the same fused operation. */
static void test_fma_single_rounding(void **state)
{
    (void)state;
    static const struct r4 fma[] = {
        { 0x3f800800u, 0x3f800800u, 0xbf801000u, 0x33800000u, 0x33800000u, 0x33800000u, 0x33800000u },
        /* (1+2^-23)^2 - 1 = 2^-22 + 2^-46: a tie at 2^-22 */
        { 0x3f800001u, 0x3f800001u, MONE, 0x34800000u, 0x34800000u, 0x34800000u, 0x34800001u },
        { ONE, ONE, MONE, PZ, PZ, NZ, PZ },
    };
    ROUND4("fma.%s.f32 %%d, %%a, %%b, %%c;", fma);
    ROUND4("mad.%s.f32 %%d, %%a, %%b, %%c;", fma);
    static const struct k32 unfused[] = { { 0x3f800800u, 0x3f800800u, 0xbf801000u, PZ } };
    CASES32("mul.rn.f32 %t0, %a, %b; add.rn.f32 %d, %t0, %c;", unfused);
}

static void test_div_sqrt_rcp_rounding(void **state)
{
    (void)state;
    static const struct r4 div[] = {
        { ONE, THREE, 0, 0x3eaaaaabu, 0x3eaaaaaau, 0x3eaaaaaau, 0x3eaaaaabu },
        { TWO, THREE, 0, 0x3f2aaaabu, 0x3f2aaaaau, 0x3f2aaaaau, 0x3f2aaaabu },
        { MONE, THREE, 0, 0xbeaaaaabu, 0xbeaaaaaau, 0xbeaaaaabu, 0xbeaaaaaau },
        { 0x40c00000u, THREE, 0, TWO, TWO, TWO, TWO },                   /* 6/3 exact */
        { ONE, PZ, 0, PINF, PINF, PINF, PINF },
        { ONE, NZ, 0, NINF, NINF, NINF, NINF },
    };
    ROUND4("div.%s.f32 %%d, %%a, %%b;", div);
    static const struct r4 sqrt[] = {
        { TWO, 0, 0, 0x3fb504f3u, 0x3fb504f3u, 0x3fb504f3u, 0x3fb504f4u },
        { 0x40800000u, 0, 0, TWO, TWO, TWO, TWO },                       /* sqrt 4 */
        { NZ, 0, 0, NZ, NZ, NZ, NZ },                                    /* sqrt(-0) = -0 */
    };
    ROUND4("sqrt.%s.f32 %%d, %%a;", sqrt);
    static const struct r4 rcp[] = {
        { THREE, 0, 0, 0x3eaaaaabu, 0x3eaaaaaau, 0x3eaaaaaau, 0x3eaaaaabu },
        { 0x40800000u, 0, 0, 0x3e800000u, 0x3e800000u, 0x3e800000u, 0x3e800000u },
    };
    ROUND4("rcp.%s.f32 %%d, %%a;", rcp);
}

/* f64: 1/3 and sqrt(2) are not representable; exact cases stay exact. */
static void test_f64_div_sqrt(void **state)
{
    (void)state;
    const uint64_t one = 0x3ff0000000000000ull, three = 0x4008000000000000ull,
                   two = 0x4000000000000000ull;
    const struct k64 rn[] = {
        { one, three, 0, 0x3fd5555555555555ull },
        { 0x4018000000000000ull, three, 0, two },        /* 6/3 */
        { one, 0x4010000000000000ull, 0, 0x3fd0000000000000ull },  /* 1/4 */
    };
    cases64("div.rn.f64 %d, %a, %b;", rn, 3);
    const struct k64 rz[] = { { one, three, 0, 0x3fd5555555555555ull } };
    cases64("div.rz.f64 %d, %a, %b;", rz, 1);
    const struct k64 rp[] = { { one, three, 0, 0x3fd5555555555556ull } };
    cases64("div.rp.f64 %d, %a, %b;", rp, 1);
    const struct k64 sqrn[] = {
        { two, 0, 0, 0x3ff6a09e667f3bcdull }, { 0x4010000000000000ull, 0, 0, two },
        { 0x4022000000000000ull, 0, 0, three },          /* sqrt 9 */
    };
    cases64("sqrt.rn.f64 %d, %a;", sqrn, 3);
    const struct k64 sqrz[] = { { two, 0, 0, 0x3ff6a09e667f3bccull } };
    cases64("sqrt.rz.f64 %d, %a;", sqrz, 1);
    cases64("sqrt.rm.f64 %d, %a;", sqrz, 1);
    const struct k64 sqrp[] = { { two, 0, 0, 0x3ff6a09e667f3bcdull } };
    cases64("sqrt.rp.f64 %d, %a;", sqrp, 1);
    const struct k64 rcp[] = { { three, 0, 0, 0x3fd5555555555555ull } };
    cases64("rcp.rn.f64 %d, %a;", rcp, 1);
    /* fma.f64: (1+2^-52)^2 - 1 = 2^-51 + 2^-104 -> rounds to 2^-51 */
    const struct k64 fma[] = { { 0x3ff0000000000001ull, 0x3ff0000000000001ull,
                                 0xbff0000000000000ull, 0x3cc0000000000000ull } };
    cases64("fma.rn.f64 %d, %a, %b, %c;", fma, 1);
    const struct k64 fmap[] = { { 0x3ff0000000000001ull, 0x3ff0000000000001ull,
                                  0xbff0000000000000ull, 0x3cc0000000000001ull } };
    cases64("fma.rp.f64 %d, %a, %b, %c;", fmap, 1);
}

/* ---- subnormals, saturation, NaN --------------------------------------- */

/* .ftz flushes subnormal inputs and results to sign-preserving zero;
   without it (sm_20+) subnormals are kept. */
static void test_ftz(void **state)
{
    (void)state;
    static const struct k32 add[] = { { SUB1, PZ, 0, SUB1 } };
    CASES32("add.f32 %d, %a, %b;", add);
    static const struct k32 addz[] = { { SUB1, PZ, 0, PZ }, { SUB1, ONE, 0, ONE } };
    CASES32("add.ftz.f32 %d, %a, %b;", addz);
    static const struct k32 mul[] = {
        { 0x80000001u, ONE, 0, 0x80000001u }, { 0x00800000u, HALF, 0, 0x00400000u },
        { 0x80800000u, HALF, 0, 0x80400000u },
    };
    CASES32("mul.rn.f32 %d, %a, %b;", mul);
    static const struct k32 mulz[] = {
        { 0x80000001u, ONE, 0, NZ },          /* input flushed to -0 */
        { 0x00800000u, HALF, 0, PZ },         /* result 2^-127 flushed */
        { 0x80800000u, HALF, 0, NZ },
    };
    CASES32("mul.rn.ftz.f32 %d, %a, %b;", mulz);
    static const struct k32 gt[] = { { SUB1, PZ, 0, 1 } };
    CASES32("setp.gt.f32 %p0, %a, %b; selp.u32 %d, 1, 0, %p0;", gt);
    static const struct k32 gtz[] = { { SUB1, PZ, 0, 0 } };
    CASES32("setp.gt.ftz.f32 %p0, %a, %b; selp.u32 %d, 1, 0, %p0;", gtz);
    static const struct k32 mn[] = { { 0x80000001u, SUB1, 0, 0x80000001u } };
    CASES32("min.f32 %d, %a, %b;", mn);
    static const struct k32 mnz[] = { { 0x80000001u, SUB1, 0, NZ } };
    CASES32("min.ftz.f32 %d, %a, %b;", mnz);
    static const struct k32 fz[] = { { 0x00800000u, HALF, PZ, PZ } };   /* 2^-127 flushed */
    CASES32("fma.rn.ftz.f32 %d, %a, %b, %c;", fz);
}

/* abs.ftz/neg.ftz also flush: the subnormal input becomes a signed zero
   before the sign is changed (PTX ISA 9.7.3.9/10, "Subnormal numbers"). */
static void test_abs_neg_ftz(void **state)
{
    (void)state;
    static const struct k32 abs[] = { { 0x80000001u, 0, 0, PZ }, { 0x807fffffu, 0, 0, PZ } };
    CASES32("abs.ftz.f32 %d, %a;", abs);
    static const struct k32 neg[] = { { SUB1, 0, 0, NZ }, { 0x807fffffu, 0, 0, PZ } };
    CASES32("neg.ftz.f32 %d, %a;", neg);
}

/* .sat clamps to [0.0, 1.0]; a NaN result becomes +0.0. */
static void test_sat(void **state)
{
    (void)state;
    static const struct k32 add[] = {
        { 0x3f400000u, HALF, 0, ONE },                  /* 0.75 + 0.5 */
        { 0xbf000000u, 0x3e800000u, 0, PZ },            /* -0.5 + 0.25 */
        { 0x3e800000u, 0x3e800000u, 0, HALF },
        { PINF, NINF, 0, PZ },                          /* NaN -> +0 */
        { TWO, PZ, 0, ONE },
    };
    CASES32("add.sat.f32 %d, %a, %b;", add);
    static const struct k32 mul[] = { { 0xc0000000u, THREE, 0, PZ }, { HALF, HALF, 0, 0x3e800000u } };
    CASES32("mul.sat.f32 %d, %a, %b;", mul);
    static const struct k32 fma[] = { { HALF, HALF, HALF, 0x3f400000u }, { TWO, TWO, 0, ONE } };
    CASES32("fma.rn.sat.f32 %d, %a, %b, %c;", fma);
}

static void test_nan_results_canonical(void **state)
{
    (void)state;
    static const struct k32 add[] = {
        { PINF, NINF, 0, CNAN }, { 0x7fc00001u, ONE, 0, CNAN },
        { 0xffc00000u, ONE, 0, CNAN }, { ONE, 0x7f800001u, 0, CNAN },
    };
    CASES32("add.f32 %d, %a, %b;", add);
    static const struct k32 mul[] = { { PZ, PINF, 0, CNAN }, { 0xffc12345u, TWO, 0, CNAN } };
    CASES32("mul.f32 %d, %a, %b;", mul);
    static const struct k32 div[] = { { PZ, PZ, 0, CNAN }, { PINF, NINF, 0, CNAN } };
    CASES32("div.rn.f32 %d, %a, %b;", div);
    static const struct k32 sq[] = { { MONE, 0, 0, CNAN }, { NINF, 0, 0, CNAN } };
    CASES32("sqrt.rn.f32 %d, %a;", sq);
    static const struct k32 fma[] = { { 0x7f800001u, ONE, ONE, CNAN }, { PZ, PINF, ONE, CNAN } };
    CASES32("fma.rn.f32 %d, %a, %b, %c;", fma);
}

/* min/max: a single NaN operand is ignored; two NaNs give NaN; -0 < +0.
   .NaN makes any NaN operand produce the canonical NaN. */
static void test_min_max_nan_and_zero(void **state)
{
    (void)state;
    static const struct k32 mn[] = {
        { QNAN, ONE, 0, ONE }, { ONE, QNAN, 0, ONE }, { QNAN, 0x7fc00001u, 0, CNAN },
        { NZ, PZ, 0, NZ }, { PZ, NZ, 0, NZ }, { MONE, TWO, 0, MONE },
        { NINF, QNAN, 0, NINF }, { PZ, PZ, 0, PZ },
    };
    CASES32("min.f32 %d, %a, %b;", mn);
    static const struct k32 mx[] = {
        { QNAN, ONE, 0, ONE }, { ONE, QNAN, 0, ONE }, { QNAN, QNAN, 0, CNAN },
        { NZ, PZ, 0, PZ }, { PZ, NZ, 0, PZ }, { MONE, TWO, 0, TWO },
        { QNAN, NINF, 0, NINF }, { NZ, NZ, 0, NZ },
    };
    CASES32("max.f32 %d, %a, %b;", mx);
    static const struct k32 mnn[] = { { QNAN, ONE, 0, CNAN }, { ONE, TWO, 0, ONE } };
    th_target = "sm_80";     /* .NaN needs sm_80 */
    CASES32("min.NaN.f32 %d, %a, %b;", mnn);
    static const struct k32 mxn[] = { { ONE, QNAN, 0, CNAN }, { ONE, TWO, 0, TWO } };
    CASES32("max.NaN.f32 %d, %a, %b;", mxn);
    th_target = "sm_75";
    static const struct k64 mn64[] = {
        { 0x8000000000000000ull, 0, 0, 0x8000000000000000ull },
        { 0, 0x8000000000000000ull, 0, 0x8000000000000000ull },
        { 0x7ff8000000000000ull, 0x4000000000000000ull, 0, 0x4000000000000000ull },
    };
    CASES64("min.f64 %d, %a, %b;", mn64);
    static const struct k64 mx64[] = {
        { 0x8000000000000000ull, 0, 0, 0 }, { 0, 0x8000000000000000ull, 0, 0 },
        { 0xbff0000000000000ull, 0x7ff8000000000000ull, 0, 0xbff0000000000000ull },
    };
    CASES64("max.f64 %d, %a, %b;", mx64);
}

/* abs/neg touch only the sign bit of numbers. For NaN inputs the ISA says
   "unspecified NaN"; warpscope's documented choice (exec-float.c) is to
   flip/clear the sign bit and keep the payload, which is pinned here. */
static void test_abs_neg_sign_bit(void **state)
{
    (void)state;
    static const struct k32 abs[] = {
        { NZ, 0, 0, PZ }, { NINF, 0, 0, PINF }, { 0x80000001u, 0, 0, SUB1 },
        { 0xc0490fdbu, 0, 0, 0x40490fdbu }, { 0xffc00001u, 0, 0, 0x7fc00001u },
        { 0x7f800001u, 0, 0, 0x7f800001u },
    };
    CASES32("abs.f32 %d, %a;", abs);
    static const struct k32 neg[] = {
        { PZ, 0, 0, NZ }, { NZ, 0, 0, PZ }, { SUB1, 0, 0, 0x80000001u },
        { 0x7fc00001u, 0, 0, 0xffc00001u }, { PINF, 0, 0, NINF },
    };
    CASES32("neg.f32 %d, %a;", neg);
    static const struct k64 abs64[] = {
        { 0x8000000000000000ull, 0, 0, 0 }, { 0xc000000000000001ull, 0, 0, 0x4000000000000001ull },
        { 0x7ff8000000000001ull, 0, 0, 0x7ff8000000000001ull },
    };
    CASES64("abs.f64 %d, %a;", abs64);
    static const struct k64 neg64[] = {
        { 0, 0, 0, 0x8000000000000000ull }, { 0x7ff0000000000001ull, 0, 0, 0xfff0000000000001ull },
    };
    CASES64("neg.f64 %d, %a;", neg64);
}

/* copysign d, a, b: the magnitude of b with the sign of a. */
static void test_copysign_operand_order(void **state)
{
    (void)state;
    static const struct k32 k[] = {
        { MONE, TWO, 0, 0xc0000000u }, { ONE, 0xc0000000u, 0, TWO },
        { NZ, THREE, 0, 0xc0400000u }, { PZ, 0xffc00001u, 0, 0x7fc00001u },
        { 0xffc00000u, SUB1, 0, 0x80000001u },
    };
    CASES32("copysign.f32 %d, %a, %b;", k);
    static const struct k64 k64[] = {
        { 0xbff0000000000000ull, 0x4000000000000000ull, 0, 0xc000000000000000ull },
        { 0x3ff0000000000000ull, 0xc000000000000000ull, 0, 0x4000000000000000ull },
    };
    CASES64("copysign.f64 %d, %a, %b;", k64);
}

/* ---- classification and comparison ---------------------------------------- */

/* testp: .normal is "not NaN, not infinity, not subnormal", and zeros
   count as normal (PTX ISA 9.7.3.1). d = one bit per class. */
static void test_testp(void **state)
{
    (void)state;
    static const char body[] =
        "testp.finite.f32 %p0, %a; selp.b32 %t0, 1, 0, %p0; or.b32 %d, %d, %t0;\n"
        "testp.infinite.f32 %p0, %a; selp.b32 %t0, 2, 0, %p0; or.b32 %d, %d, %t0;\n"
        "testp.number.f32 %p0, %a; selp.b32 %t0, 4, 0, %p0; or.b32 %d, %d, %t0;\n"
        "testp.notanumber.f32 %p0, %a; selp.b32 %t0, 8, 0, %p0; or.b32 %d, %d, %t0;\n"
        "testp.normal.f32 %p0, %a; selp.b32 %t0, 16, 0, %p0; or.b32 %d, %d, %t0;\n"
        "testp.subnormal.f32 %p0, %a; selp.b32 %t0, 32, 0, %p0; or.b32 %d, %d, %t0;\n";
    /* finite=1 infinite=2 number=4 notanumber=8 normal=16 subnormal=32 */
    static const struct k32 k[] = {
        { PZ, 0, 0, 1 | 4 | 16 }, { NZ, 0, 0, 1 | 4 | 16 }, { ONE, 0, 0, 1 | 4 | 16 },
        { SUB1, 0, 0, 1 | 4 | 32 }, { 0x80400000u, 0, 0, 1 | 4 | 32 },
        { PINF, 0, 0, 2 | 4 }, { NINF, 0, 0, 2 | 4 }, { QNAN, 0, 0, 8 },
        { 0x00800000u, 0, 0, 1 | 4 | 16 }, { FMAX, 0, 0, 1 | 4 | 16 },
    };
    CASES32(body, k);
    static const char body64[] =
        "testp.normal.f64 %p0, %a; selp.b64 %w0, 1, 0, %p0; or.b64 %d, %d, %w0;\n"
        "testp.subnormal.f64 %p0, %a; selp.b64 %w0, 2, 0, %p0; or.b64 %d, %d, %w0;\n"
        "testp.infinite.f64 %p0, %a; selp.b64 %w0, 4, 0, %p0; or.b64 %d, %d, %w0;\n"
        "testp.notanumber.f64 %p0, %a; selp.b64 %w0, 8, 0, %p0; or.b64 %d, %d, %w0;\n";
    static const struct k64 k64[] = {
        { 0, 0, 0, 1 }, { 1, 0, 0, 2 }, { 0x0010000000000000ull, 0, 0, 1 },
        { 0xfff0000000000000ull, 0, 0, 4 }, { 0x7ff8000000000000ull, 0, 0, 8 },
        { 0x8000000000000000ull, 0, 0, 1 },
    };
    CASES64(body64, k64);
}

static void setp_mask_cases(const char *ty, const struct k32 *k, size_t n)
{
    static const char *const ops[] = { "eq", "ne", "lt", "le", "gt", "ge",
                                       "equ", "neu", "ltu", "leu", "gtu", "geu",
                                       "num", "nan" };
    char body[4096];
    size_t o = 0;
    for (unsigned i = 0; i < 14; i++)
        o += (size_t)snprintf(body + o, sizeof body - o,
                              "setp.%s.%s %%p0, %%a, %%b; selp.b32 %%t0, %u, 0, %%p0; or.b32 %%d, %%d, %%t0;\n",
                              ops[i], ty, 1u << i);
    cases32(body, k, n);
}

/* Ordered comparisons are false when either operand is NaN; the unordered
   ones (...u) are true; num/nan test for NaN; -0 == +0. One bit per
   comparison: eq ne lt le gt ge = bits 0..5, equ neu ltu leu gtu geu =
   6..11, num = 12, nan = 13. */
static void test_setp_float_masks(void **state)
{
    (void)state;
    static const struct k32 k[] = {
        { ONE, TWO, 0, 0x138e }, { TWO, ONE, 0, 0x1cb2 }, { ONE, ONE, 0, 0x1a69 },
        { QNAN, ONE, 0, 0x2fc0 }, { ONE, QNAN, 0, 0x2fc0 }, { QNAN, QNAN, 0, 0x2fc0 },
        { NZ, PZ, 0, 0x1a69 }, { NINF, PINF, 0, 0x138e }, { PINF, PINF, 0, 0x1a69 },
    };
    setp_mask_cases("f32", k, sizeof k / sizeof k[0]);
    /* f64: compare the low words after converting (exact) */
    static const struct k64 k64[] = {
        { 0x7ff8000000000000ull, 0x3ff0000000000000ull, 0, 0x2 },
        { 0x3ff0000000000000ull, 0x3ff0000000000000ull, 0, 0x1 },
        { 0x8000000000000000ull, 0, 0, 0x1 },
    };
    CASES64("setp.eq.f64 %p0, %a, %b; selp.b64 %w0, 1, 0, %p0;"
            "setp.neu.f64 %p1, %a, %b; selp.b64 %w1, 2, 0, %p1; or.b64 %d, %w0, %w1;", k64);
}

/* set: like setp but writes 0xffffffff / 1.0f (or 0) to a register. */
static void test_set(void **state)
{
    (void)state;
    static const struct k32 u[] = { { ONE, TWO, 0, 0xffffffffu }, { TWO, ONE, 0, 0 }, { QNAN, ONE, 0, 0 } };
    CASES32("set.lt.u32.f32 %d, %a, %b;", u);
    static const struct k32 f[] = { { ONE, TWO, 0, ONE }, { TWO, ONE, 0, PZ } };
    CASES32("set.lt.f32.f32 %d, %a, %b;", f);
    static const struct k32 s[] = { { I32(-1), 1, 0, 0xffffffffu }, { 1, I32(-1), 0, 0 } };
    CASES32("set.lt.s32.s32 %d, %a, %b;", s);
}

/* ---- float -> integer ---------------------------------------------------- */

/* Out-of-range values saturate to the destination range; NaN gives 0
   from f32 to 32 bits or fewer and the top bit alone from f64 or into 64
   bits (what an H100 returns); narrow signed results are sign-extended
   into the 32-bit register. */
static void test_cvt_f2i_saturation(void **state)
{
    (void)state;
    static const struct k32 s32[] = {
        { 0x4f32d05eu, 0, 0, 0x7fffffffu },   /* 3e9 */
        { 0xcf32d05eu, 0, 0, 0x80000000u },   /* -3e9 */
        { QNAN, 0, 0, 0 }, { PINF, 0, 0, 0x7fffffffu }, { NINF, 0, 0, 0x80000000u },
        { 0x4effffffu, 0, 0, 0x7fffff80u },   /* 2147483520 */
        { 0xcf000000u, 0, 0, 0x80000000u },   /* -2^31 exactly */
        { 0x3ff33333u, 0, 0, 1 }, { 0xbff33333u, 0, 0, I32(-1) },   /* +-1.9 */
    };
    CASES32("cvt.rzi.s32.f32 %d, %a;", s32);
    static const struct k32 u32[] = {
        { 0xbfc00000u, 0, 0, 0 }, { 0xbf000000u, 0, 0, 0 },     /* -1.5, -0.5 */
        { 0x4f9502f9u, 0, 0, 0xffffffffu },                      /* 5e9 */
        { QNAN, 0, 0, 0 }, { 0x4f7fffffu, 0, 0, 0xffffff00u }, { NINF, 0, 0, 0 },
    };
    CASES32("cvt.rzi.u32.f32 %d, %a;", u32);
    static const struct k32 s8[] = {
        { 0x43480000u, 0, 0, 127 }, { 0xc3480000u, 0, 0, 0xffffff80u },   /* +-200 */
        { 0x42c96666u, 0, 0, 100 }, { QNAN, 0, 0, 0 }, { 0xc2f60000u, 0, 0, I32(-123) },
    };
    CASES32("cvt.rzi.s8.f32 %d, %a;", s8);
    static const struct k32 u8[] = { { 0x43960000u, 0, 0, 255 }, { 0xc0400000u, 0, 0, 0 } };  /* 300, -3 */
    CASES32("cvt.rzi.u8.f32 %d, %a;", u8);
    static const struct k32 s16[] = {
        { 0x471c4000u, 0, 0, 32767 }, { 0xc71c4000u, 0, 0, 0xffff8000u },   /* +-40000 */
    };
    CASES32("cvt.rzi.s16.f32 %d, %a;", s16);
    static const struct k32 u16[] = { { 0x4788b800u, 0, 0, 65535 } };   /* 70000 */
    CASES32("cvt.rzi.u16.f32 %d, %a;", u16);
    static const struct k64 s64[] = {
        { 0x5f0ac723u, 0, 0, 0x7fffffffffffffffull },   /* 1e19 */
        { 0xdf0ac723u, 0, 0, 0x8000000000000000ull },
        { QNAN, 0, 0, 0x8000000000000000ull },     /* H100: NaN to 64 bits */
        { 0xcb800000u, 0, 0, I64(-16777216) },
    };
    CASES64("cvt.u32.u64 %t0, %a; cvt.rzi.s64.f32 %d, %t0;", s64);
    static const struct k64 u64[] = {
        { MONE, 0, 0, 0 }, { 0x5f8ac723u, 0, 0, ~0ull },  /* 2e19 */
        { 0x5f000000u, 0, 0, 0x8000000000000000ull },     /* 2^63 */
    };
    CASES64("cvt.u32.u64 %t0, %a; cvt.rzi.u64.f32 %d, %t0;", u64);
    static const struct k64 s64d[] = {
        { 0x43e02207973f6440ull, 0, 0, 0x7fffffffffffffffull },     /* 9.3e18 */
        { 0xc3e02207973f6440ull, 0, 0, 0x8000000000000000ull },
        { 0xc3e0000000000000ull, 0, 0, 0x8000000000000000ull },     /* -2^63 */
        { 0x7ff8000000000000ull, 0, 0, 0x8000000000000000ull },     /* NaN */
        { 0x41dfffffffc00000ull, 0, 0, 0x7fffffffull },             /* 2^31 - 1 */
    };
    CASES64("cvt.rzi.s64.f64 %d, %a;", s64d);
    static const struct k64 u64d[] = {
        { 0x7ff8000000000000ull, 0, 0, 0x8000000000000000ull },     /* NaN */
        { 0xbff0000000000000ull, 0, 0, 0 },
    };
    CASES64("cvt.rzi.u64.f64 %d, %a;", u64d);
    static const struct k64 s32d[] = {
        { 0x7ff8000000000000ull, 0, 0, 0xffffffff80000000ull },     /* NaN */
        { 0x41e0000000000000ull, 0, 0, 0x7fffffffull },             /* 2^31 */
        { 0xc1e0000000200000ull, 0, 0, 0xffffffff80000000ull },     /* -2^31 - 1 */
    };
    CASES64("cvt.rzi.s32.f64 %t0, %a; cvt.s64.s32 %d, %t0;", s32d);
}

/* Integer rounding: .rni is to nearest with ties to even. */
static void test_cvt_f2i_rounding(void **state)
{
    (void)state;
    /* 2.5 3.5 -2.5 -3.5 2.4 2.6 -2.6 0.5 -0.5 1.5 */
    static const uint32_t v[10] = { 0x40200000u, 0x40600000u, 0xc0200000u, 0xc0600000u,
                                    0x4019999au, 0x40266666u, 0xc0266666u, HALF,
                                    0xbf000000u, 0x3fc00000u };
    static const int32_t rni[10] = { 2, 4, -2, -4, 2, 3, -3, 0, 0, 2 };
    static const int32_t rzi[10] = { 2, 3, -2, -3, 2, 2, -2, 0, 0, 1 };
    static const int32_t rmi[10] = { 2, 3, -3, -4, 2, 2, -3, 0, -1, 1 };
    static const int32_t rpi[10] = { 3, 4, -2, -3, 3, 3, -2, 1, 0, 2 };
    static const char *const modes[4] = { "rni", "rzi", "rmi", "rpi" };
    const int32_t *want[4] = { rni, rzi, rmi, rpi };
    for (int m = 0; m < 4; m++) {
        struct k32 k[10];
        for (int i = 0; i < 10; i++)
            k[i] = (struct k32){ v[i], 0, 0, (uint32_t)want[m][i] };
        char body[64];
        snprintf(body, sizeof body, "cvt.%s.s32.f32 %%d, %%a;", modes[m]);
        cases32(body, k, 10);
    }
    /* the same on f64 sources */
    static const struct k64 d[] = {
        { 0x4004000000000000ull, 0, 0, 2 }, { 0x400c000000000000ull, 0, 0, 4 },
        { 0xc004000000000000ull, 0, 0, I64(-2) },
    };
    CASES64("cvt.rni.s32.f64 %t0, %a; cvt.s64.s32 %d, %t0;", d);
}

/* Round to integral in floating point: results stay floats, -0 kept. */
static void test_cvt_round_integral(void **state)
{
    (void)state;
    static const struct k32 rni[] = {
        { 0x40200000u, 0, 0, TWO }, { 0x40600000u, 0, 0, 0x40800000u },
        { 0xc0200000u, 0, 0, 0xc0000000u }, { 0xbecccccdu, 0, 0, NZ },   /* -0.4 -> -0 */
        { 0x501502f9u, 0, 0, 0x501502f9u },                               /* 1e10 */
    };
    CASES32("cvt.rni.f32.f32 %d, %a;", rni);
    static const struct k32 rzi[] = { { 0xbfd9999au, 0, 0, MONE } };   /* -1.7 */
    CASES32("cvt.rzi.f32.f32 %d, %a;", rzi);
    static const struct k32 rmi[] = { { 0xbf99999au, 0, 0, 0xc0000000u } };   /* -1.2 */
    CASES32("cvt.rmi.f32.f32 %d, %a;", rmi);
    static const struct k32 rpi[] = { { 0x3f99999au, 0, 0, TWO }, { 0xbf000000u, 0, 0, NZ } };
    CASES32("cvt.rpi.f32.f32 %d, %a;", rpi);
    static const struct k64 d[] = {
        { 0x4004000000000000ull, 0, 0, 0x4000000000000000ull },   /* 2.5 -> 2 */
        { 0xbfd999999999999aull, 0, 0, 0x8000000000000000ull },   /* -0.4 -> -0 */
    };
    CASES64("cvt.rni.f64.f64 %d, %a;", d);
}

/* ---- integer -> float, f64 -> f32 ----------------------------------------- */

static void test_cvt_i2f_rounding(void **state)
{
    (void)state;
    static const struct r4 s32[] = {
        { 16777217, 0, 0, 0x4b800000u, 0x4b800000u, 0x4b800000u, 0x4b800001u },  /* 2^24+1 */
        { 16777219, 0, 0, 0x4b800002u, 0x4b800001u, 0x4b800001u, 0x4b800002u },  /* 2^24+3 */
        { I32(-16777217), 0, 0, 0xcb800000u, 0xcb800000u, 0xcb800001u, 0xcb800000u },
        { 0xffffffffu, 0, 0, MONE, MONE, MONE, MONE },
        { 0x80000000u, 0, 0, 0xcf000000u, 0xcf000000u, 0xcf000000u, 0xcf000000u },
    };
    ROUND4("cvt.%s.f32.s32 %%d, %%a;", s32);
    static const struct r4 u32[] = {
        { 0xffffffffu, 0, 0, 0x4f800000u, 0x4f7fffffu, 0x4f7fffffu, 0x4f800000u },
        { 16777217, 0, 0, 0x4b800000u, 0x4b800000u, 0x4b800000u, 0x4b800001u },
    };
    ROUND4("cvt.%s.f32.u32 %%d, %%a;", u32);
    static const struct k64 u64rn[] = { { ~0ull, 0, 0, 0x5f800000u } };
    CASES64("cvt.rn.f32.u64 %t0, %a; cvt.u64.u32 %d, %t0;", u64rn);
    static const struct k64 u64rz[] = { { ~0ull, 0, 0, 0x5f7fffffu } };
    CASES64("cvt.rz.f32.u64 %t0, %a; cvt.u64.u32 %d, %t0;", u64rz);
    static const struct k64 s64rm[] = { { I64(-16777217), 0, 0, 0xcb800001u } };
    CASES64("cvt.rm.f32.s64 %t0, %a; cvt.u64.u32 %d, %t0;", s64rm);
    static const struct k64 f64rn[] = { { 9007199254740993ull, 0, 0, 0x4340000000000000ull } };  /* 2^53+1 */
    CASES64("cvt.rn.f64.s64 %d, %a;", f64rn);
    static const struct k64 f64rp[] = { { 9007199254740993ull, 0, 0, 0x4340000000000001ull } };
    CASES64("cvt.rp.f64.s64 %d, %a;", f64rp);
    static const struct k64 f64u32[] = { { 0xffffffffull, 0, 0, 0x41efffffffe00000ull } };  /* exact */
    CASES64("cvt.u32.u64 %t0, %a; cvt.rn.f64.u32 %d, %t0;", f64u32);
}

static void test_cvt_f64_f32(void **state)
{
    (void)state;
    const uint64_t tie = 0x3ff0000010000000ull;          /* 1 + 2^-24 */
    const uint64_t above = 0x3ff0000010000004ull;        /* 1 + 2^-24 + 2^-50 */
    const uint64_t big = 0x48078287f49c4a1dull;          /* 1e39 */
    const uint64_t tiny = 0x358dee7a4ad4b81full;         /* 1e-50 */
    const uint64_t sub = 0x3730000000000000ull;          /* 2^-140: f32 subnormal 0x200 */
    static const char *const modes[4] = { "rn", "rz", "rm", "rp" };
    const uint64_t in[6] = { tie, above, big, tiny, sub, 0xbff0000010000000ull };
    const uint32_t want[4][6] = {
        { ONE, 0x3f800001u, PINF, PZ, 0x200, MONE },
        { ONE, ONE, FMAX, PZ, 0x200, MONE },
        { ONE, ONE, FMAX, PZ, 0x200, 0xbf800001u },
        { 0x3f800001u, 0x3f800001u, PINF, SUB1, 0x200, MONE },
    };
    for (int m = 0; m < 4; m++) {
        struct k64 k[6];
        for (int i = 0; i < 6; i++)
            k[i] = (struct k64){ in[i], 0, 0, want[m][i] };
        char body[96];
        snprintf(body, sizeof body, "cvt.%s.f32.f64 %%t0, %%a; cvt.u64.u32 %%d, %%t0;", modes[m]);
        cases64(body, k, 6);
    }
    static const struct k64 ftz[] = { { 0x3730000000000000ull, 0, 0, 0 }, { 0xb730000000000000ull, 0, 0, NZ } };
    CASES64("cvt.rn.ftz.f32.f64 %t0, %a; cvt.u64.u32 %d, %t0;", ftz);
    /* widening is exact */
    static const struct k64 wide[] = {
        { 0x3f800001u, 0, 0, 0x3ff0000020000000ull }, { SUB1, 0, 0, 0x36a0000000000000ull },
        { NZ, 0, 0, 0x8000000000000000ull }, { NINF, 0, 0, 0xfff0000000000000ull },
    };
    CASES64("cvt.u32.u64 %t0, %a; cvt.f64.f32 %d, %t0;", wide);
}

/* .sat on a float destination clamps to [0.0, 1.0], NaN to +0. */
static void test_cvt_sat_float(void **state)
{
    (void)state;
    static const struct k32 ff[] = {
        { 0xbf000000u, 0, 0, PZ }, { 0x3fc00000u, 0, 0, ONE }, { QNAN, 0, 0, PZ },
        { 0x3e800000u, 0, 0, 0x3e800000u }, { NINF, 0, 0, PZ },
    };
    CASES32("cvt.sat.f32.f32 %d, %a;", ff);
    static const struct k32 i2f[] = { { 5, 0, 0, ONE }, { I32(-3), 0, 0, PZ }, { 0, 0, 0, PZ } };
    CASES32("cvt.rn.sat.f32.s32 %d, %a;", i2f);
    static const struct k64 d2f[] = { { 0x4000000000000000ull, 0, 0, ONE }, { 0x3fd0000000000000ull, 0, 0, 0x3e800000u } };
    CASES64("cvt.rn.sat.f32.f64 %t0, %a; cvt.u64.u32 %d, %t0;", d2f);
}

/* ---- approximate functions ------------------------------------------------ */

static double f32v(uint32_t u)
{
    return (double)th_u2f(u);
}

/* Tolerance: abs_tol + rel_tol * |want| + ulps * ulp_f32(want). */
static void approx_check(const char *body, const float *x, size_t n,
                         double (*ref)(double), double abs_tol, double rel_tol,
                         double ulps)
{
    uint32_t a[NL], z[NL] = { 0 }, d[NL];
    for (size_t i = 0; i < NL; i++)
        a[i] = th_f2u(x[i % n]);
    if (warp_op("b32", body, a, z, z, d))
        fail_msg("'%s' failed: %s", body, th_error(&T));
    for (size_t i = 0; i < n; i++) {
        double want = ref((double)x[i]), got = f32v(d[i]);
        int e;
        frexp(want, &e);                      /* |want| in [2^(e-1), 2^e) */
        double tol = abs_tol + rel_tol * fabs(want) + ulps * ldexp(1.0, e - 24);
        if (!(fabs(got - want) <= tol))
            fail_msg("'%s' x=%.9g: got %.9g, want %.9g (tolerance %.3g)", body,
                     (double)x[i], got, want, tol);
    }
}

static double ex2_ref(double x) { return exp2(x); }
static double lg2_ref(double x) { return log2(x); }
static double rsqrt_ref(double x) { return 1.0 / sqrt(x); }
static double third(double x) { return x / 3.0; }
static double recip(double x) { return 1.0 / x; }

static void test_approx_functions(void **state)
{
    (void)state;
    static const float ang[] = { 0.0f, 0.5f, 1.0f, -1.0f, 3.14159265f, -3.0f, 6.0f, 2.5f, -6.2f };
    /* PTX ISA 9.7.3.18/19: max absolute error 2^-20.5 in [-2pi, 2pi] */
    approx_check("sin.approx.f32 %d, %a;", ang, sizeof ang / sizeof ang[0], sin, pow(2.0, -20.5), 0, 0);
    approx_check("cos.approx.f32 %d, %a;", ang, sizeof ang / sizeof ang[0], cos, pow(2.0, -20.5), 0, 0);
    /* 9.7.3.21: ex2 within 2 ulp of the correctly rounded result, which is
       itself within 0.5 ulp of the exact value */
    static const float ex[] = { 0.0f, 1.0f, -1.0f, 0.5f, 10.25f, -20.75f, 3.3f };
    approx_check("ex2.approx.f32 %d, %a;", ex, sizeof ex / sizeof ex[0], ex2_ref, 0, 0, 2.5);
    /* 9.7.3.20: lg2 max absolute error 2^-22 in (0.5, 2), relative 2^-22 outside */
    static const float lg_in[] = { 0.75f, 1.0f, 1.5f, 1.9f };
    approx_check("lg2.approx.f32 %d, %a;", lg_in, 4, lg2_ref, ldexp(1.0, -22), 0, 0);
    static const float lg_out[] = { 3.0f, 1024.5f, 0.01f, 1e30f };
    approx_check("lg2.approx.f32 %d, %a;", lg_out, 4, lg2_ref, 0, ldexp(1.0, -22), 0);
    /* 9.7.3.16: rsqrt max relative error 2^-22.9 */
    /* 9.7.3.8: div.approx.f32 and div.full.f32 within 2 ulp; 9.7.3.13:
       rcp.approx.f32 within 1 ulp; 9.7.3.15: sqrt.approx.f32 relative
       2^-23 (each plus the 0.5 ulp of rounding the exact reference) */
    static const float num[] = { 1.0f, 2.0f, -7.0f, 1e10f, 3.5f };
    approx_check("div.approx.f32 %d, %a, 0f40400000;", num, 5, third, 0, 0, 2.5);
    approx_check("div.full.f32 %d, %a, 0f40400000;", num, 5, third, 0, 0, 2.5);
    static const float rc[] = { 3.0f, -7.0f, 0.1f, 1e20f };
    approx_check("rcp.approx.f32 %d, %a;", rc, 4, recip, 0, 0, 1.5);
    static const float sq[] = { 2.0f, 3.0f, 1e-20f, 5e30f };
    approx_check("sqrt.approx.f32 %d, %a;", sq, 4, sqrt, 0, ldexp(1.0, -23), 0.5);
    static const float rs[] = { 1.0f, 2.0f, 0.25f, 3.0f, 1e-10f, 7e20f };
    approx_check("rsqrt.approx.f32 %d, %a;", rs, sizeof rs / sizeof rs[0], rsqrt_ref, 0, pow(2.0, -22.9), 0);
    /* the special values the ISA tables give exactly */
    static const struct k32 sp[] = { { NZ, 0, 0, NZ }, { PZ, 0, 0, PZ } };
    CASES32("sin.approx.f32 %d, %a;", sp);
    static const struct k32 cp[] = { { NZ, 0, 0, ONE }, { PZ, 0, 0, ONE } };
    CASES32("cos.approx.f32 %d, %a;", cp);
    static const struct k32 ep[] = { { NINF, 0, 0, PZ }, { PINF, 0, 0, PINF }, { NZ, 0, 0, ONE } };
    CASES32("ex2.approx.f32 %d, %a;", ep);
    static const struct k32 lp[] = { { PZ, 0, 0, NINF }, { NZ, 0, 0, NINF }, { PINF, 0, 0, PINF } };
    CASES32("lg2.approx.f32 %d, %a;", lp);
    static const struct k32 rp[] = { { PZ, 0, 0, PINF }, { NZ, 0, 0, NINF }, { PINF, 0, 0, PZ } };
    CASES32("rsqrt.approx.f32 %d, %a;", rp);
}

/*
** sin.approx and cos.approx bit for bit against the algorithm they model,
** with the product's round toward zero done by the FPU in FE_TOWARDZERO
** (the executor cuts the double's significand instead): normal, tiny
** (subnormal product) and huge arguments, both signs, quarter turns.
*/
static float turns_ref(float a, bool cosine)
{
    volatile double p = (double)a * (double)th_u2f(0x3e22f983u);
    fesetround(FE_TOWARDZERO);
    volatile float t = (float)p;
    fesetround(FE_TONEAREST);
    float turns = t - truncf(t);
    if (turns == 0.0f)
        turns = copysignf(0.0f, t);
    float q = turns * 4.0f;
    if (q == truncf(q)) {
        static const float s4[4] = { 0.0f, 1.0f, 0.0f, -1.0f };
        int k = ((int)q + 4 + (cosine ? 1 : 0)) % 4;
        return k == 0 && !cosine ? copysignf(0.0f, turns) : s4[k];
    }
    double x = 2.0 * M_PI * (double)turns;
    return (float)(cosine ? cos(x) : sin(x));
}

static void test_sin_cos_turns_round_toward_zero(void **state)
{
    (void)state;
    uint32_t a[NL], z[NL] = { 0 }, d[NL];
    uint32_t seed = 12345;
    for (int batch = 0; batch < 64; batch++) {
        for (int l = 0; l < NL; l++) {
            seed = seed * 1664525u + 1013904223u;
            /* exponents over the whole range, then some fixed points */
            a[l] = seed;
        }
        if (batch == 0) {
            static const float fixed[] = { 1.0f, -1.0f, 1.5707964f, 3.1415927f, 1e-38f, -1e-39f,
                                           1e-45f, 3e38f, -3e38f, 16777215.0f, 33554432.0f, 1e6f,
                                           0.25f, 6.2831855f, 100.0f, -0.1f };
            for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
                a[i] = th_f2u(fixed[i]);
        }
        for (int c = 0; c < 2; c++) {
            const char *body = c ? "cos.approx.f32 %d, %a;" : "sin.approx.f32 %d, %a;";
            if (warp_op("b32", body, a, z, z, d))
                fail_msg("'%s' failed: %s", body, th_error(&T));
            for (int l = 0; l < NL; l++) {
                float x = th_u2f(a[l]);
                if (isnan(x) || isinf(x))
                    continue;
                uint32_t want = th_f2u(turns_ref(x, c));
                if (d[l] != want)
                    fail_msg("'%s' x=%a (0x%08x): got 0x%08x, want 0x%08x", body, (double)x, a[l],
                             d[l], want);
            }
        }
    }
}

/* ---- rejected PTX ---------------------------------------------------------- */

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

#define KHEAD ".visible .entry k()\n{\n .reg .b32 %r<4>;\n .reg .f32 %f<4>;\n .reg .f64 %fd<4>;\n .reg .pred %p<2>;\n"

/* PTX: float -> integer cvt requires an integer rounding modifier,
   integer -> float and narrowing float -> float a float one. */
static void test_reject_cvt_missing_rounding(void **state)
{
    (void)state;
    th_expect_load_error(HDR KHEAD " cvt.s32.f32 %r1, %f1;\n ret;\n}\n", 10, 2,
                         "float to integer conversion needs .rni, .rzi, .rmi or .rpi");
    th_expect_load_error(HDR KHEAD " cvt.rn.s32.f32 %r1, %f1;\n ret;\n}\n", 10, 2,
                         "float to integer conversion needs");
    th_expect_load_error(HDR KHEAD " cvt.f32.s32 %f1, %r1;\n ret;\n}\n", 10, 2,
                         "integer to float conversion needs .rn, .rz, .rm or .rp");
    th_expect_load_error(HDR KHEAD " cvt.f32.f64 %f1, %fd1;\n ret;\n}\n", 10, 2,
                         "narrowing float conversion needs");
}

static void test_reject_float_modifiers(void **state)
{
    (void)state;
    th_expect_load_error(HDR KHEAD " div.f32 %f1, %f2, %f3;\n ret;\n}\n", 10, 2,
                         "div.f32 needs .approx, .full or a rounding modifier");
    th_expect_load_error(HDR KHEAD " sqrt.f32 %f1, %f2;\n ret;\n}\n", 10, 2,
                         "'sqrt' needs .approx or a rounding modifier");
    th_expect_load_error(HDR KHEAD " setp.lo.f32 %p1, %f1, %f2;\n ret;\n}\n", 10, 2,
                         "unsigned comparisons (.lo .ls .hi .hs) do not apply to floats");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
        T_(test_add_sub_rounding),
        T_(test_mul_rounding),
        T_(test_fma_single_rounding),
        T_(test_div_sqrt_rcp_rounding),
        T_(test_f64_div_sqrt),
        T_(test_ftz),
        T_(test_abs_neg_ftz),
        T_(test_sat),
        T_(test_nan_results_canonical),
        T_(test_min_max_nan_and_zero),
        T_(test_abs_neg_sign_bit),
        T_(test_copysign_operand_order),
        T_(test_testp),
        T_(test_setp_float_masks),
        T_(test_set),
        T_(test_cvt_f2i_saturation),
        T_(test_cvt_f2i_rounding),
        T_(test_cvt_round_integral),
        T_(test_cvt_i2f_rounding),
        T_(test_cvt_f64_f32),
        T_(test_cvt_sat_float),
        T_(test_approx_functions),
        T_(test_sin_cos_turns_round_toward_zero),
        T_(test_reject_cvt_missing_rounding),
        T_(test_reject_float_modifiers),
#undef T_
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
