/*
** test_exec_int.c - integer and bit instructions, run on one warp.
** Every expected value below is derived by hand from the PTX ISA
** semantics (the pseudo-code of each instruction's "Semantics" section),
** never copied from the simulator. Each case occupies one or more lanes;
** th_warp_op loads %a, %b, %c per lane and stores %d. The integer
** instructions the loader must refuse: test_exec_reject.c.
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

struct k32 { uint32_t a, b, c, want; };
struct k64 { uint64_t a, b, c, want; };

/* Runs body on 32 lanes of width w (4 or 8 bytes); lane i gets case
   i % n. Reports every bad lane. */
static void run_cases(int w, const char *body, const struct k64 *k, size_t n)
{
    struct th_case c[NL];
    for (size_t i = 0; i < n && i < NL; i++)
        c[i] = (struct th_case){ k[i].a, k[i].b, k[i].c, k[i].want };
    th_cases(&T, w == 8 ? "b64" : "b32", body, c, n < NL ? n : NL);
}

static void cases32(const char *body, const struct k32 *k, size_t n)
{
    struct k64 w[NL];
    for (size_t i = 0; i < n && i < NL; i++)
        w[i] = (struct k64){ k[i].a, k[i].b, k[i].c, k[i].want };
    run_cases(4, body, w, n < NL ? n : NL);
}

static void cases64(const char *body, const struct k64 *k, size_t n)
{
    run_cases(8, body, k, n);
}

#define CASES32(body, arr) cases32(body, arr, sizeof arr / sizeof arr[0])
#define CASES64(body, arr) cases64(body, arr, sizeof arr / sizeof arr[0])

/* ---- shifts ------------------------------------------------------------ */

/* PTX: shift amounts greater than the width are clamped to the width, so
   shl and shr.u give 0 and shr.s fills with the sign bit. */
static void test_shl_shr_32(void **state)
{
    (void)state;
    static const struct k32 shl[] = {
        { 0x80000001u, 0, 0, 0x80000001u }, { 0x80000001u, 1, 0, 2 },
        { 1, 31, 0, 0x80000000u }, { 1, 32, 0, 0 },
        { 0xffffffffu, 33, 0, 0 }, { 1, 0xffffffffu, 0, 0 },
        { 1, 0x100, 0, 0 }, { 0x0000ffffu, 16, 0, 0xffff0000u },
    };
    CASES32("shl.b32 %d, %a, %b;", shl);
    static const struct k32 shru[] = {
        { 0x80000000u, 31, 0, 1 }, { 0x80000000u, 32, 0, 0 },
        { 0xffffffffu, 100, 0, 0 }, { 0xf0, 4, 0, 0xf },
        { 0xffffffffu, 0xffffffffu, 0, 0 }, { 0x80000000u, 0, 0, 0x80000000u },
    };
    CASES32("shr.u32 %d, %a, %b;", shru);
    CASES32("shr.b32 %d, %a, %b;", shru);   /* .b shifts are logical */
    static const struct k32 shrs[] = {
        { 0x80000000u, 31, 0, 0xffffffffu }, { 0x80000000u, 32, 0, 0xffffffffu },
        { 0x80000000u, 0xffffffffu, 0, 0xffffffffu }, { 0x7fffffffu, 32, 0, 0 },
        { 0x7fffffffu, 30, 0, 1 }, { 0xfffffff0u, 4, 0, 0xffffffffu },
        { 0x80000010u, 4, 0, 0xf8000001u }, { 0x40000000u, 1000, 0, 0 },
    };
    CASES32("shr.s32 %d, %a, %b;", shrs);
}

static void test_shl_shr_64(void **state)
{
    (void)state;
    /* The shift amount is always a .u32 operand. */
    static const struct k64 shl[] = {
        { 1, 63, 0, 0x8000000000000000ull }, { 1, 64, 0, 0 },
        { 3, 32, 0, 0x300000000ull }, { 0xffffffffffffffffull, 65, 0, 0 },
    };
    CASES64("cvt.u32.u64 %t0, %b; shl.b64 %d, %a, %t0;", shl);
    static const struct k64 shru[] = {
        { 0x8000000000000000ull, 63, 0, 1 }, { 0x8000000000000000ull, 64, 0, 0 },
        { 0x8000000000000000ull, 32, 0, 0x80000000ull },
    };
    CASES64("cvt.u32.u64 %t0, %b; shr.u64 %d, %a, %t0;", shru);
    static const struct k64 shrs[] = {
        { 0x8000000000000000ull, 64, 0, ~0ull },
        { 0x8000000000000000ull, 63, 0, ~0ull },
        { 0x8000000000000000ull, 1, 0, 0xc000000000000000ull },
        { 0x4000000000000000ull, 100, 0, 0 },
        { 0x8000000000000000ull, 32, 0, 0xffffffff80000000ull },
    };
    CASES64("cvt.u32.u64 %t0, %b; shr.s64 %d, %a, %t0;", shrs);
}

/* ---- division ---------------------------------------------------------- */

/* Signed division truncates toward zero; the remainder takes the sign of
   the dividend. INT_MIN / -1 wraps to INT_MIN (two's complement), and
   INT_MIN % -1 is 0. */
static void test_div_rem_s32(void **state)
{
    (void)state;
    static const struct k32 div[] = {
        { 7, 2, 0, 3 }, { I32(-7), 2, 0, I32(-3) }, { 7, I32(-2), 0, I32(-3) },
        { I32(-7), I32(-2), 0, 3 }, { 0x80000000u, I32(-1), 0, 0x80000000u },
        { 0x80000000u, 1, 0, 0x80000000u }, { I32(-1), 0x80000000u, 0, 0 },
        { 0x80000000u, 0x80000000u, 0, 1 }, { 5, 7, 0, 0 }, { I32(-5), 7, 0, 0 },
    };
    CASES32("div.s32 %d, %a, %b;", div);
    static const struct k32 rem[] = {
        { 7, 2, 0, 1 }, { I32(-7), 2, 0, I32(-1) }, { 7, I32(-2), 0, 1 },
        { I32(-7), I32(-2), 0, I32(-1) }, { 0x80000000u, I32(-1), 0, 0 },
        { 0x80000000u, 1, 0, 0 }, { I32(-1), 0x80000000u, 0, I32(-1) },
        { 0x80000000u, 0x80000000u, 0, 0 }, { 5, 7, 0, 5 },
        { I32(-5), 7, 0, I32(-5) },
    };
    CASES32("rem.s32 %d, %a, %b;", rem);
}

static void test_div_rem_u32_and_64(void **state)
{
    (void)state;
    static const struct k32 divu[] = {
        { 0xffffffffu, 2, 0, 0x7fffffffu }, { 7, 0xffffffffu, 0, 0 },
        { 0x80000000u, 0x10, 0, 0x08000000u },
        /* the same bits as s32 would give -7 / 2 = -3 */
        { I32(-7), 2, 0, 0x7ffffffcu },
    };
    CASES32("div.u32 %d, %a, %b;", divu);
    static const struct k32 remu[] = {
        { 0xffffffffu, 2, 0, 1 }, { 7, 0xffffffffu, 0, 7 },
        { 0x80000000u, 0x10, 0, 0 }, { I32(-7), 2, 0, 1 },
    };
    CASES32("rem.u32 %d, %a, %b;", remu);
    static const struct k64 divs64[] = {
        { I64(-9), 4, 0, I64(-2) }, { 0x8000000000000000ull, I64(-1), 0, 0x8000000000000000ull },
        { 9, I64(-4), 0, I64(-2) }, { I64(-9), I64(-4), 0, 2 },
    };
    CASES64("div.s64 %d, %a, %b;", divs64);
    static const struct k64 rems64[] = {
        { I64(-9), 4, 0, I64(-1) }, { 0x8000000000000000ull, I64(-1), 0, 0 },
        { 9, I64(-4), 0, 1 }, { I64(-9), I64(-4), 0, I64(-1) },
    };
    CASES64("rem.s64 %d, %a, %b;", rems64);
    static const struct k64 divu64[] = {
        { ~0ull, 3, 0, 0x5555555555555555ull }, { ~0ull, 10, 0, 1844674407370955161ull },
        { 0x8000000000000000ull, 0x100000000ull, 0, 0x80000000ull },
    };
    CASES64("div.u64 %d, %a, %b;", divu64);
    static const struct k64 remu64[] = {
        { ~0ull, 3, 0, 0 }, { ~0ull, 10, 0, 5 },
        { 0x8000000000000000ull, 0x100000000ull, 0, 0 },
    };
    CASES64("rem.u64 %d, %a, %b;", remu64);
}

/* PTX leaves integer division by zero unspecified. warpscope's documented
   choice (src/func/exec-int.c): div gives all ones, rem gives the
   dividend. This test pins that choice, not an ISA rule. */
static void test_div_by_zero_documented_choice(void **state)
{
    (void)state;
    static const struct k32 divu[] = { { 5, 0, 0, 0xffffffffu }, { 0, 0, 0, 0xffffffffu } };
    CASES32("div.u32 %d, %a, %b;", divu);
    static const struct k32 divs[] = { { I32(-5), 0, 0, 0xffffffffu }, { 5, 0, 0, 0xffffffffu } };
    CASES32("div.s32 %d, %a, %b;", divs);
    static const struct k32 remu[] = { { 5, 0, 0, 5 }, { 0xfffffff0u, 0, 0, 0xfffffff0u } };
    CASES32("rem.u32 %d, %a, %b;", remu);
    static const struct k32 rems[] = { { I32(-5), 0, 0, I32(-5) }, { 9, 0, 0, 9 } };
    CASES32("rem.s32 %d, %a, %b;", rems);
    static const struct k64 divu64[] = { { 5, 0, 0, ~0ull } };
    CASES64("div.u64 %d, %a, %b;", divu64);
    static const struct k64 remu64[] = { { 0x123456789ull, 0, 0, 0x123456789ull } };
    CASES64("rem.u64 %d, %a, %b;", remu64);
}

/* ---- multiplication ---------------------------------------------------- */

static void test_mul_lo_hi_32(void **state)
{
    (void)state;
    static const struct k32 lo[] = {
        { 0xffffffffu, 0xffffffffu, 0, 1 }, { I32(-3), 5, 0, I32(-15) },
        { 0x10000, 0x10000, 0, 0 }, { 0x12345, 0x1000, 0, 0x12345000u },
    };
    CASES32("mul.lo.u32 %d, %a, %b;", lo);
    CASES32("mul.lo.s32 %d, %a, %b;", lo);   /* low half ignores signedness */
    static const struct k32 hiu[] = {
        { 0xffffffffu, 0xffffffffu, 0, 0xfffffffeu }, { 0x80000000u, 2, 0, 1 },
        { 0x80000000u, 0x80000000u, 0, 0x40000000u }, { 3, 5, 0, 0 },
    };
    CASES32("mul.hi.u32 %d, %a, %b;", hiu);
    static const struct k32 his[] = {
        { 0xffffffffu, 0xffffffffu, 0, 0 },            /* (-1)(-1) = 1 */
        { 0x80000000u, 2, 0, 0xffffffffu },            /* -2^32 */
        { 0x80000000u, 0x80000000u, 0, 0x40000000u },  /* 2^62 */
        { I32(-6), 1, 0, 0xffffffffu },                /* -6 */
        { 0x7fffffffu, 0x7fffffffu, 0, 0x3fffffffu },
    };
    CASES32("mul.hi.s32 %d, %a, %b;", his);
}

static void test_mul_wide_32(void **state)
{
    (void)state;
    static const struct k64 ws[] = {
        { I32(-2), 3, 0, I64(-6) }, { 0x80000000u, 0x80000000u, 0, 0x4000000000000000ull },
        { 0xffffffffu, 0xffffffffu, 0, 1 }, { 0x7fffffffu, I32(-1), 0, I64(-0x7fffffff) },
    };
    CASES64("cvt.u32.u64 %t0, %a; cvt.u32.u64 %t1, %b; mul.wide.s32 %d, %t0, %t1;", ws);
    static const struct k64 wu[] = {
        { 0xfffffffeu, 3, 0, 0x2fffffffaull },
        { 0xffffffffu, 0xffffffffu, 0, 0xfffffffe00000001ull },
        { 0x80000000u, 0x80000000u, 0, 0x4000000000000000ull },
    };
    CASES64("cvt.u32.u64 %t0, %a; cvt.u32.u64 %t1, %b; mul.wide.u32 %d, %t0, %t1;", wu);
}

static void test_mul_64(void **state)
{
    (void)state;
    static const struct k64 hiu[] = {
        { ~0ull, ~0ull, 0, 0xfffffffffffffffeull },
        { 0xfffffffffffffffdull, 0x4000000000000000ull, 0, 0x3fffffffffffffffull },
        { 0x100000000ull, 0x100000000ull, 0, 1 },
    };
    CASES64("mul.hi.u64 %d, %a, %b;", hiu);
    static const struct k64 his[] = {
        { ~0ull, ~0ull, 0, 0 },                                      /* 1 */
        { I64(-3), 0x4000000000000000ull, 0, ~0ull },               /* -3*2^62 */
        { 0x7fffffffffffffffull, 0x7fffffffffffffffull, 0, 0x3fffffffffffffffull },
        { 0x8000000000000000ull, 2, 0, ~0ull },                     /* -2^64 */
    };
    CASES64("mul.hi.s64 %d, %a, %b;", his);
    static const struct k64 lo[] = {
        { I64(-3), 0x4000000000000000ull, 0, 0x4000000000000000ull },
        { 0x100000001ull, 0x100000001ull, 0, 0x200000001ull },
    };
    CASES64("mul.lo.s64 %d, %a, %b;", lo);
    CASES64("mul.lo.u64 %d, %a, %b;", lo);
}

static void test_mad(void **state)
{
    (void)state;
    static const struct k32 los[] = {
        { 3, I32(-4), 5, I32(-7) }, { 0x10000, 0x10000, 1, 1 },
        { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0 },
    };
    CASES32("mad.lo.s32 %d, %a, %b, %c;", los);
    static const struct k32 hiu[] = {
        { 0xffffffffu, 0xffffffffu, 1, 0xffffffffu }, { 0x80000000u, 4, 5, 7 },
        { 0xffffffffu, 0xffffffffu, 2, 0 },   /* the addition wraps */
    };
    CASES32("mad.hi.u32 %d, %a, %b, %c;", hiu);
    static const struct k32 his[] = {
        { I32(-1), 1, 0, 0xffffffffu }, { I32(-1), 1, 1, 0 },
        { 0x80000000u, 0x80000000u, 1, 0x40000001u },
    };
    CASES32("mad.hi.s32 %d, %a, %b, %c;", his);
    static const struct k64 ws[] = {
        { I32(-2), 3, 10, 4 }, { I32(-1), I32(-1), I64(-1), 0 },
        { 0x80000000u, 1, 0, I64(-0x80000000ll) },
    };
    CASES64("cvt.u32.u64 %t0, %a; cvt.u32.u64 %t1, %b; mad.wide.s32 %d, %t0, %t1, %c;", ws);
    static const struct k64 wu[] = {
        { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffff00000000ull },
        { 0x80000000u, 1, 0, 0x80000000ull },
    };
    CASES64("cvt.u32.u64 %t0, %a; cvt.u32.u64 %t1, %b; mad.wide.u32 %d, %t0, %t1, %c;", wu);
    static const struct k64 lo64[] = { { 0x100000001ull, 0x100000001ull, 5, 0x200000006ull } };
    CASES64("mad.lo.u64 %d, %a, %b, %c;", lo64);
    static const struct k64 hi64u[] = { { 0x8000000000000000ull, 4, 1, 3 } };
    CASES64("mad.hi.u64 %d, %a, %b, %c;", hi64u);
    static const struct k64 hi64s[] = {
        { I64(-1), 1, 5, 4 }, { 0x8000000000000000ull, 4, 1, I64(-1) },
    };
    CASES64("mad.hi.s64 %d, %a, %b, %c;", hi64s);
}

static void test_mul24_sad(void **state)
{
    (void)state;
    /* mul24: the product of the low 24 bits (sign-extended for .s32);
       .lo keeps bits 31..0, .hi bits 47..16 of the 48-bit product. */
    static const struct k32 lou[] = {
        { 0x01000003u, 5, 0, 15 }, { 0xffffff, 0xffffff, 0, 0xfe000001u },
    };
    CASES32("mul24.lo.u32 %d, %a, %b;", lou);
    static const struct k32 los[] = { { 0x00ffffffu, 3, 0, I32(-3) }, { 0xff800000u, 2, 0, 0xff000000u } };
    CASES32("mul24.lo.s32 %d, %a, %b;", los);
    static const struct k32 hiu[] = { { 0xffffff, 0xffffff, 0, 0xfffffe00u } };
    CASES32("mul24.hi.u32 %d, %a, %b;", hiu);
    /* sad: c + |a - b| */
    static const struct k32 sads[] = { { I32(-3), 5, 10, 18 }, { 5, I32(-3), 0, 8 } };
    CASES32("sad.s32 %d, %a, %b, %c;", sads);
    static const struct k32 sadu[] = { { 3, 5, 10, 12 }, { 0xffffffffu, 0, 1, 0 } };
    CASES32("sad.u32 %d, %a, %b, %c;", sadu);
}

/* ---- saturation, abs, neg, min, max ------------------------------------ */

static void test_add_sub_sat_s32(void **state)
{
    (void)state;
    static const struct k32 add[] = {
        { 0x7fffffffu, 1, 0, 0x7fffffffu }, { 0x80000000u, I32(-1), 0, 0x80000000u },
        { 5, I32(-7), 0, I32(-2) }, { 0x7ffffff0u, 0x10, 0, 0x7fffffffu },
        { I32(-1), I32(-1), 0, I32(-2) }, { 0x80000000u, 0x80000000u, 0, 0x80000000u },
        { 0x7fffffffu, 0x80000000u, 0, I32(-1) },
    };
    CASES32("add.sat.s32 %d, %a, %b;", add);
    static const struct k32 sub[] = {
        { 0x80000000u, 1, 0, 0x80000000u }, { 0x7fffffffu, I32(-1), 0, 0x7fffffffu },
        { 0, 0x80000000u, 0, 0x7fffffffu }, { 5, 7, 0, I32(-2) },
    };
    CASES32("sub.sat.s32 %d, %a, %b;", sub);
    /* without .sat the same sums wrap */
    static const struct k32 wrap[] = { { 0x7fffffffu, 1, 0, 0x80000000u } };
    CASES32("add.s32 %d, %a, %b;", wrap);
}

static void test_abs_neg_int_min(void **state)
{
    (void)state;
    static const struct k32 abs[] = {
        { 0x80000000u, 0, 0, 0x80000000u }, { I32(-5), 0, 0, 5 }, { 5, 0, 0, 5 },
        { 0, 0, 0, 0 }, { 0x80000001u, 0, 0, 0x7fffffffu },
    };
    CASES32("abs.s32 %d, %a;", abs);
    static const struct k32 neg[] = {
        { 0x80000000u, 0, 0, 0x80000000u }, { 5, 0, 0, I32(-5) },
        { I32(-5), 0, 0, 5 }, { 0, 0, 0, 0 },
    };
    CASES32("neg.s32 %d, %a;", neg);
    static const struct k64 abs64[] = {
        { 0x8000000000000000ull, 0, 0, 0x8000000000000000ull }, { I64(-7), 0, 0, 7 },
    };
    CASES64("abs.s64 %d, %a;", abs64);
    static const struct k64 neg64[] = {
        { 0x8000000000000000ull, 0, 0, 0x8000000000000000ull }, { 1, 0, 0, ~0ull },
    };
    CASES64("neg.s64 %d, %a;", neg64);
}

static void test_min_max_signedness(void **state)
{
    (void)state;
    static const struct k32 mins[] = {
        { 0xffffffffu, 1, 0, 0xffffffffu }, { 0x80000000u, 0x7fffffffu, 0, 0x80000000u },
        { 3, 3, 0, 3 }, { 2, 9, 0, 2 },
    };
    CASES32("min.s32 %d, %a, %b;", mins);
    static const struct k32 minu[] = {
        { 0xffffffffu, 1, 0, 1 }, { 0x80000000u, 0x7fffffffu, 0, 0x7fffffffu },
        { 3, 3, 0, 3 }, { 2, 9, 0, 2 },
    };
    CASES32("min.u32 %d, %a, %b;", minu);
    static const struct k32 maxs[] = {
        { 0xffffffffu, 1, 0, 1 }, { 0x80000000u, 0x7fffffffu, 0, 0x7fffffffu },
        { 2, 9, 0, 9 },
    };
    CASES32("max.s32 %d, %a, %b;", maxs);
    static const struct k32 maxu[] = {
        { 0xffffffffu, 1, 0, 0xffffffffu }, { 0x80000000u, 0x7fffffffu, 0, 0x80000000u },
        { 2, 9, 0, 9 },
    };
    CASES32("max.u32 %d, %a, %b;", maxu);
    static const struct k64 mins64[] = { { ~0ull, 1, 0, ~0ull }, { 0x8000000000000000ull, 0, 0, 0x8000000000000000ull } };
    CASES64("min.s64 %d, %a, %b;", mins64);
    static const struct k64 maxu64[] = { { ~0ull, 1, 0, ~0ull }, { 0x8000000000000000ull, 0, 0, 0x8000000000000000ull } };
    CASES64("max.u64 %d, %a, %b;", maxu64);
    static const struct k64 minu64[] = { { ~0ull, 1, 0, 1 } };
    CASES64("min.u64 %d, %a, %b;", minu64);
    static const struct k64 maxs64[] = { { ~0ull, 1, 0, 1 } };
    CASES64("max.s64 %d, %a, %b;", maxs64);
}

/* ---- bit fields ------------------------------------------------------- */

/* bfe: pos = b[7:0], len = c[7:0]; bits beyond the msb and above len come
   from sbit, which is 0 for .u and a[min(pos+len-1, msb)] for .s (0 when
   len is 0). 0xdeadbeef = 1101 1110 1010 1101 1011 1110 1110 1111. */
static void test_bfe_32(void **state)
{
    (void)state;
    static const struct k32 u[] = {
        { 0xdeadbeefu, 4, 8, 0xee }, { 0xdeadbeefu, 28, 8, 0xd },
        { 0xdeadbeefu, 8, 0, 0 }, { 0xdeadbeefu, 40, 4, 0 },
        { 0xdeadbeefu, 0x104, 8, 0xee },          /* only b[7:0] counts */
        { 0xdeadbeefu, 4, 0x108, 0xee },          /* only c[7:0] counts */
        { 0xdeadbeefu, 0, 32, 0xdeadbeefu }, { 0xdeadbeefu, 0, 255, 0xdeadbeefu },
        { 0xdeadbeefu, 31, 1, 1 },
    };
    CASES32("bfe.u32 %d, %a, %b, %c;", u);
    static const struct k32 s[] = {
        { 0xdeadbeefu, 4, 8, 0xffffffeeu }, { 0xdeadbeefu, 0, 4, 0xffffffffu },
        { 0xdeadbeefu, 8, 4, 0xfffffffeu }, { 0xdeadbeefu, 28, 8, 0xfffffffdu },
        { 0x7fffffffu, 28, 8, 0x7 }, { 0xdeadbeefu, 8, 0, 0 },
        { 0xdeadbeefu, 40, 4, 0xffffffffu },    /* sbit = a[31] */
        { 0x7fffffffu, 40, 4, 0 }, { 0xdeadbeefu, 16, 3, 0xfffffffdu },
        { 0x00000070u, 4, 4, 7 },
    };
    CASES32("bfe.s32 %d, %a, %b, %c;", s);
}

static void test_bfe_64(void **state)
{
    (void)state;
    static const struct k64 u[] = {
        { 0x80000000000000f0ull, 60, 8, 0x8 }, { 0x80000000000000f0ull, 4, 4, 0xf },
        { 0x80000000000000f0ull, 0, 0, 0 }, { 0x123456789abcdef0ull, 32, 16, 0x5678 },
    };
    CASES64("cvt.u32.u64 %t0, %b; cvt.u32.u64 %t1, %c; bfe.u64 %d, %a, %t0, %t1;", u);
    static const struct k64 s[] = {
        { 0x80000000000000f0ull, 60, 8, 0xfffffffffffffff8ull },
        { 0x80000000000000f0ull, 4, 4, ~0ull },
        { 0x123456789abcdef0ull, 32, 16, 0x5678 },
        { 0x123456789abcdef0ull, 0, 16, 0xffffffffffffdef0ull },
        { 0x80000000000000f0ull, 70, 1, ~0ull },
    };
    CASES64("cvt.u32.u64 %t0, %b; cvt.u32.u64 %t1, %c; bfe.s64 %d, %a, %t0, %t1;", s);
}

/* bfi: f = b; then the low len bits of a go to f[pos..], stopping at the
   msb; pos and len are the low 8 bits of c and d. Here c packs pos in
   bits 0..15 and len in bits 16..31. */
static void test_bfi(void **state)
{
    (void)state;
    static const struct k32 k[] = {
        { 0xff, 0x12345678u, 8 | 8 << 16, 0x1234ff78u },
        { 0xabc, 0, 28 | 8 << 16, 0xc0000000u },
        { 0xffffffffu, 0x12345678u, 8 | 0 << 16, 0x12345678u },
        { 0xffffffffu, 0x12345678u, 32 | 4 << 16, 0x12345678u },
        { 0, 0xffffffffu, 0 | 32 << 16, 0 },
        { 0x5, 0xffffffffu, 0x104 | 3 << 16, 0xffffffdfu },   /* pos & 0xff = 4 */
        { 0x5, 0, 1 | 0x103 << 16, 0xa },                      /* len & 0xff = 3 */
    };
    CASES32("and.b32 %t0, %c, 0xffff; shr.u32 %t1, %c, 16; "
            "bfi.b32 %d, %a, %b, %t0, %t1;", k);
    static const struct k64 k64[] = {
        { 0xff, 0, 60, 0xf000000000000000ull },
        { 0xffff, 0x1111111111111111ull, 20, 0x111111111ff11111ull },
    };
    CASES64("cvt.u32.u64 %t0, %c; bfi.b64 %d, %a, %b, %t0, 8;", k64);   /* len 8 */
}

static void test_popc_clz_brev(void **state)
{
    (void)state;
    static const struct k32 popc[] = {
        { 0, 0, 0, 0 }, { 0xffffffffu, 0, 0, 32 }, { 0xdeadbeefu, 0, 0, 24 },
        { 0x80000001u, 0, 0, 2 },
    };
    CASES32("popc.b32 %d, %a;", popc);
    static const struct k32 clz[] = {
        { 0, 0, 0, 32 }, { 1, 0, 0, 31 }, { 0x80000000u, 0, 0, 0 },
        { 0x00010000u, 0, 0, 15 }, { 0x7fffffffu, 0, 0, 1 },
    };
    CASES32("clz.b32 %d, %a;", clz);
    static const struct k32 brev[] = {
        { 1, 0, 0, 0x80000000u }, { 0xdeadbeefu, 0, 0, 0xf77db57bu },
        { 0, 0, 0, 0 }, { 0x0000ffffu, 0, 0, 0xffff0000u },
    };
    CASES32("brev.b32 %d, %a;", brev);
    /* 64-bit forms: popc and clz still write a .u32 */
    static const struct k64 popc64[] = { { ~0ull, 0, 0, 64 }, { 0x8000000000000001ull, 0, 0, 2 } };
    CASES64("popc.b64 %t0, %a; cvt.u64.u32 %d, %t0;", popc64);
    static const struct k64 clz64[] = {
        { 0, 0, 0, 64 }, { 1, 0, 0, 63 }, { 0x100000000ull, 0, 0, 31 },
        { 0x8000000000000000ull, 0, 0, 0 },
    };
    CASES64("clz.b64 %t0, %a; cvt.u64.u32 %d, %t0;", clz64);
    static const struct k64 brev64[] = {
        { 1, 0, 0, 0x8000000000000000ull }, { 0xf0, 0, 0, 0x0f00000000000000ull },
    };
    CASES64("brev.b64 %d, %a;", brev64);
}

/* bfind: position of the most significant 1 (for negative .s values: of
   the most significant 0, i.e. the first non-sign bit); 0xffffffff when
   there is none. .shiftamt returns msb - position instead. */
static void test_bfind(void **state)
{
    (void)state;
    static const struct k32 u[] = {
        { 0, 0, 0, 0xffffffffu }, { 1, 0, 0, 0 }, { 0x80000000u, 0, 0, 31 },
        { 0x00012345u, 0, 0, 16 },
    };
    CASES32("bfind.u32 %d, %a;", u);
    static const struct k32 us[] = {
        { 0, 0, 0, 0xffffffffu }, { 1, 0, 0, 31 }, { 0x80000000u, 0, 0, 0 },
        { 0x00012345u, 0, 0, 15 },
    };
    CASES32("bfind.shiftamt.u32 %d, %a;", us);
    static const struct k32 s[] = {
        { 0x00012345u, 0, 0, 16 }, { 0xffffffffu, 0, 0, 0xffffffffu },
        { 0xfffffffeu, 0, 0, 0 }, { 0x80000000u, 0, 0, 30 },
        { 0xffff0000u, 0, 0, 15 }, { 0, 0, 0, 0xffffffffu },
    };
    CASES32("bfind.s32 %d, %a;", s);
    static const struct k32 ss[] = {
        { 0xfffffffeu, 0, 0, 31 }, { 0x80000000u, 0, 0, 1 },
        { 0xffffffffu, 0, 0, 0xffffffffu }, { 0x40000000u, 0, 0, 1 },
    };
    CASES32("bfind.shiftamt.s32 %d, %a;", ss);
    static const struct k64 u64[] = {
        { 0x8000000000000000ull, 0, 0, 63 }, { 0, 0, 0, 0xffffffffu },
        { 0x100000000ull, 0, 0, 32 },
    };
    CASES64("bfind.u64 %t0, %a; cvt.u64.u32 %d, %t0;", u64);
    static const struct k64 s64[] = {
        { 0x8000000000000000ull, 0, 0, 62 }, { ~0ull, 0, 0, 0xffffffffu },
        { 0xfffffffeffffffffull, 0, 0, 32 },
    };
    CASES64("bfind.s64 %t0, %a; cvt.u64.u32 %d, %t0;", s64);
}

/* prmt default mode: nibble i of c selects byte i of d from the 8 bytes
   {b, a} (0..3 from a, 4..7 from b); bit 3 of the nibble replicates the
   sign (msb) of the selected byte instead. Only c[15:0] counts. */
static void test_prmt_default(void **state)
{
    (void)state;
    const uint32_t A = 0x44332211u, B = 0x88f76655u;
    const struct k32 k[] = {
        { A, B, 0x3210, 0x44332211u }, { A, B, 0x7654, 0x88f76655u },
        { A, B, 0x0123, 0x11223344u }, { A, B, 0x4444, 0x55555555u },
        { A, B, 0xbe8f, 0x00ff00ffu }, { A, B, 0xffff3210u, 0x44332211u },
        { A, B, 0x5a41, 0x66005522u }, { A, B, 0x9999, 0x00000000u },
        { A, B, 0xeeee, 0xffffffffu },
    };
    cases32("prmt.b32 %d, %a, %b, %c;", k, sizeof k / sizeof k[0]);
}

static void test_prmt_modes(void **state)
{
    (void)state;
    const uint32_t A = 0x44332211u, B = 0x88f76655u;
    /* bytes 0..7 of {b,a}: 11 22 33 44 55 66 f7 88 */
    const struct k32 f4e[] = { { A, B, 1, 0x55443322u }, { A, B, 0, A }, { A, B, 3, 0xf7665544u } };
    cases32("prmt.b32.f4e %d, %a, %b, %c;", f4e, 3);
    const struct k32 b4e[] = { { A, B, 1, 0xf7881122u }, { A, B, 3, 0x11223344u } };
    cases32("prmt.b32.b4e %d, %a, %b, %c;", b4e, 2);
    const struct k32 rc8[] = { { A, B, 2, 0x33333333u }, { A, B, 6, 0x33333333u } };
    cases32("prmt.b32.rc8 %d, %a, %b, %c;", rc8, 2);
    const struct k32 ecl[] = { { A, B, 1, 0x44332222u }, { A, B, 3, 0x44444444u } };
    cases32("prmt.b32.ecl %d, %a, %b, %c;", ecl, 2);
    const struct k32 ecr[] = { { A, B, 2, 0x33332211u }, { A, B, 0, 0x11111111u } };
    cases32("prmt.b32.ecr %d, %a, %b, %c;", ecr, 2);
    const struct k32 rc16[] = { { A, B, 1, 0x44334433u }, { A, B, 0, 0x22112211u } };
    cases32("prmt.b32.rc16 %d, %a, %b, %c;", rc16, 2);
}

/* lop3: bit i of d = immLut[(a_i << 2) | (b_i << 1) | c_i]; with
   a = 0xF0.., b = 0xCC.., c = 0xAA.. the result is the LUT itself. */
static void test_lop3(void **state)
{
    (void)state;
    static const struct k32 maj[] = {
        { 0xf0f0f0f0u, 0xccccccccu, 0xaaaaaaaau, 0xe8e8e8e8u },
        { 0x12345678u, 0x9abcdef0u, 0x0f0f0f0fu, 0x1a3c5e78u },
    };
    CASES32("lop3.b32 %d, %a, %b, %c, 0xE8;", maj);
    static const struct k32 x3[] = {
        { 0xf0f0f0f0u, 0xccccccccu, 0xaaaaaaaau, 0x96969696u },
        { 0x12345678u, 0x9abcdef0u, 0x0f0f0f0fu, 0x87878787u },
    };
    CASES32("lop3.b32 %d, %a, %b, %c, 0x96;", x3);
    static const struct k32 sel[] = {   /* a ? b : c, bitwise */
        { 0xf0f0f0f0u, 0xccccccccu, 0xaaaaaaaau, 0xcacacacau },
        { 0xffff0000u, 0x12345678u, 0x9abcdef0u, 0x1234def0u },
    };
    CASES32("lop3.b32 %d, %a, %b, %c, 0xCA;", sel);
    static const struct k32 and3[] = { { 0x12345678u, 0x9abcdef0u, 0x0f0f0f0fu, 0x02040600u } };
    CASES32("lop3.b32 %d, %a, %b, %c, 0x80;", and3);
    static const struct k32 zero[] = { { 0x12345678u, 0x9abcdef0u, 0x0f0f0f0fu, 0 } };
    CASES32("lop3.b32 %d, %a, %b, %c, 0x00;", zero);
}

/* shf: {b, a} as 64 bits; .l returns the high word after << n, .r the low
   word after >> n; .wrap uses n & 31, .clamp min(n, 32). */
static void test_shf(void **state)
{
    (void)state;
    const uint32_t A = 0x12345678u, B = 0x9abcdef1u;
    const struct k32 lw[] = {
        { A, B, 4, 0xabcdef11u }, { A, B, 36, 0xabcdef11u }, { A, B, 0, B },
        { A, B, 40, 0xbcdef112u }, { A, B, 32, B },
    };
    cases32("shf.l.wrap.b32 %d, %a, %b, %c;", lw, 5);
    const struct k32 lc[] = {
        { A, B, 4, 0xabcdef11u }, { A, B, 36, A }, { A, B, 32, A }, { A, B, 0, B },
        { A, B, 0xffffffffu, A },
    };
    cases32("shf.l.clamp.b32 %d, %a, %b, %c;", lc, 5);
    const struct k32 rw[] = {
        { A, B, 4, 0x11234567u }, { A, B, 40, 0xf1123456u }, { A, B, 0, A },
        { A, B, 32, A },
    };
    cases32("shf.r.wrap.b32 %d, %a, %b, %c;", rw, 4);
    const struct k32 rc[] = {
        { A, B, 4, 0x11234567u }, { A, B, 40, B }, { A, B, 32, B }, { A, B, 0, A },
    };
    cases32("shf.r.clamp.b32 %d, %a, %b, %c;", rc, 4);
}

/* ---- carry chains ------------------------------------------------------ */

static void test_add_cc_chain(void **state)
{
    (void)state;
    static const struct k64 add[] = {
        { 0xffffffffull, 1, 0, 0x100000000ull }, { ~0ull, 1, 0, 0 },
        { 0x1ffffffffull, 0x1ffffffffull, 0, 0x3fffffffeull },
        { 0x00000001fffffffeull, 1, 0, 0x00000001ffffffffull },
        { 0x8000000080000000ull, 0x8000000080000000ull, 0, 0x0000000100000000ull },
    };
    CASES64("mov.b64 {%t0, %t1}, %a; mov.b64 {%t2, %t3}, %b;"
            "add.cc.u32 %t0, %t0, %t2; addc.u32 %t1, %t1, %t3;"
            "mov.b64 %d, {%t0, %t1};", add);
    /* carry out of the top word: addc.cc then addc 0 + 0 + CF */
    static const struct k64 carry[] = {
        { ~0ull, 1, 0, 1 }, { 0x7fffffffffffffffull, 1, 0, 0 },
        { 0x8000000000000000ull, 0x8000000000000000ull, 0, 1 },
        { 0xffffffff00000000ull, 0x00000000ffffffffull, 0, 0 },
    };
    CASES64("mov.b64 {%t0, %t1}, %a; mov.b64 {%t2, %t3}, %b;"
            "add.cc.u32 %t0, %t0, %t2; addc.cc.u32 %t1, %t1, %t3;"
            "addc.u32 %t2, 0, 0; cvt.u64.u32 %d, %t2;", carry);
    static const struct k64 sub[] = {
        { 0x100000000ull, 1, 0, 0xffffffffull }, { 0, 1, 0, ~0ull },
        { 0x500000003ull, 0x200000004ull, 0, 0x2ffffffffull },
        { 0x123456789ull, 0x123456789ull, 0, 0 },
    };
    CASES64("mov.b64 {%t0, %t1}, %a; mov.b64 {%t2, %t3}, %b;"
            "sub.cc.u32 %t0, %t0, %t2; subc.u32 %t1, %t1, %t3;"
            "mov.b64 %d, {%t0, %t1};", sub);
}

/* ---- selection ---------------------------------------------------------- */

static void test_selp_slct(void **state)
{
    (void)state;
    static const struct k32 selp[] = { { 11, 22, 1, 11 }, { 11, 22, 0, 22 }, { 11, 22, 0x80000000u, 11 } };
    CASES32("setp.ne.u32 %p0, %c, 0; selp.b32 %d, %a, %b, %p0;", selp);
    /* slct: d = (c >= 0) ? a : b, c signed */
    static const struct k32 s[] = {
        { 11, 22, 0, 11 }, { 11, 22, I32(-1), 22 }, { 11, 22, 0x80000000u, 22 },
        { 11, 22, 0x7fffffffu, 11 },
    };
    CASES32("slct.b32.s32 %d, %a, %b, %c;", s);
    /* .f32 c: -0.0 >= 0 holds; .ftz flushes a negative subnormal to -0 */
    static const struct k32 f[] = {
        { 11, 22, 0x80000000u, 11 }, { 11, 22, 0xbf800000u, 22 },
        { 11, 22, 0x3f800000u, 11 }, { 11, 22, 0x80000001u, 22 },
        { 11, 22, 0x7fc00000u, 22 },   /* NaN: the comparison is ordered, b */
    };
    CASES32("slct.b32.f32 %d, %a, %b, %c;", f);
    static const struct k64 s64[] = { { 0x1111111122222222ull, 7, I32(-1), 7 } };
    CASES64("cvt.u32.u64 %t0, %c; slct.b64.s32 %d, %a, %b, %t0;", s64);
}

/* PTX ISA (slct): "slct.ftz.dtype.f32 flushes subnormal values of operand
   c to sign-preserving zero, and operand a is selected". */
static void test_slct_ftz(void **state)
{
    (void)state;
    static const struct k32 fz[] = {
        { 11, 22, 0x80000001u, 11 }, { 11, 22, 0x807fffffu, 11 },
        { 11, 22, 0xbf800000u, 22 }, { 11, 22, 0x00000001u, 11 },
    };
    CASES32("slct.ftz.b32.f32 %d, %a, %b, %c;", fz);
}

/* ---- setp --------------------------------------------------------------- */

/* One bit per comparison, in the order of the body. */
static void cmp_cases(const char *ty, const char *const *ops, int nops,
                      const struct k32 *k, size_t n)
{
    char body[2048];
    size_t o = 0;
    for (int i = 0; i < nops; i++)
        o += (size_t)snprintf(body + o, sizeof body - o,
                              "setp.%s.%s %%p0, %%a, %%b; selp.b32 %%t0, %u, 0, %%p0; or.b32 %%d, %%d, %%t0;\n",
                              ops[i], ty, 1u << i);
    cases32(body, k, n);
}

static void test_setp_int_comparisons(void **state)
{
    (void)state;
    static const char *const sops[] = { "eq", "ne", "lt", "le", "gt", "ge" };
    /* eq=1 ne=2 lt=4 le=8 gt=16 ge=32 */
    static const struct k32 s[] = {
        { 1, 2, 0, 14 }, { 2, 1, 0, 50 }, { 5, 5, 0, 41 },
        { 0xffffffffu, 1, 0, 14 }, { 1, 0xffffffffu, 0, 50 },
        { 0x80000000u, 0x7fffffffu, 0, 14 }, { 0x80000000u, 0x80000000u, 0, 41 },
        { 0, 0x80000000u, 0, 50 },
    };
    cmp_cases("s32", sops, 6, s, sizeof s / sizeof s[0]);
    static const char *const uops[] = { "eq", "ne", "lt", "le", "gt", "ge",
                                        "lo", "ls", "hi", "hs" };
    /* ... lo=64 ls=128 hi=256 hs=512 */
    static const struct k32 u[] = {
        { 1, 2, 0, 206 }, { 2, 1, 0, 818 }, { 5, 5, 0, 681 },
        { 0xffffffffu, 1, 0, 818 }, { 1, 0xffffffffu, 0, 206 },
        { 0x80000000u, 0x7fffffffu, 0, 818 }, { 0x80000000u, 0x80000000u, 0, 681 },
        { 0, 0x80000000u, 0, 206 },
    };
    cmp_cases("u32", uops, 10, u, sizeof u / sizeof u[0]);
    /* bit-size types have eq and ne only */
    static const char *const bops[] = { "eq", "ne" };
    static const struct k32 b[] = { { 7, 7, 0, 1 }, { 7, 8, 0, 2 } };
    cmp_cases("b32", bops, 2, b, 2);
}

static void test_setp_64(void **state)
{
    (void)state;
    static const struct k64 lts[] = {
        { ~0ull, 1, 0, 1 }, { 1, ~0ull, 0, 0 }, { 0x8000000000000000ull, 0, 0, 1 },
        { 0x100000000ull, 0xffffffffull, 0, 0 },
    };
    CASES64("setp.lt.s64 %p0, %a, %b; selp.b64 %d, 1, 0, %p0;", lts);
    static const struct k64 lou[] = {
        { ~0ull, 1, 0, 0 }, { 1, ~0ull, 0, 1 }, { 0x8000000000000000ull, 0, 0, 0 },
        { 0xffffffffull, 0x100000000ull, 0, 1 },
    };
    CASES64("setp.lo.u64 %p0, %a, %b; selp.b64 %d, 1, 0, %p0;", lou);
}

/* setp.CmpOp.BoolOp p|q, a, b, c: p = (a CmpOp b) BoolOp c and
   q = !(a CmpOp b) BoolOp c. d collects p | q << 1 for .and, .or, .xor
   and .and with !c, in 2-bit fields. Cases: (a<b, c) = TT TF FT FF. */
static void test_setp_bool_combining(void **state)
{
    (void)state;
    static const char body[] =
        "setp.ne.u32 %p2, %c, 0;\n"
        "setp.lt.and.s32 %p0|%p1, %a, %b, %p2;\n"
        "selp.b32 %t0, 1, 0, %p0; selp.b32 %t1, 2, 0, %p1; or.b32 %d, %t0, %t1;\n"
        "setp.lt.or.s32 %p0|%p1, %a, %b, %p2;\n"
        "selp.b32 %t0, 4, 0, %p0; selp.b32 %t1, 8, 0, %p1; or.b32 %t0, %t0, %t1; or.b32 %d, %d, %t0;\n"
        "setp.lt.xor.s32 %p0|%p1, %a, %b, %p2;\n"
        "selp.b32 %t0, 16, 0, %p0; selp.b32 %t1, 32, 0, %p1; or.b32 %t0, %t0, %t1; or.b32 %d, %d, %t0;\n"
        "setp.lt.and.s32 %p0|%p1, %a, %b, !%p2;\n"
        "selp.b32 %t0, 64, 0, %p0; selp.b32 %t1, 128, 0, %p1; or.b32 %t0, %t0, %t1; or.b32 %d, %d, %t0;\n"
        "setp.lt.or.s32 %p3, %a, %b, %p2;\n"        /* single destination */
        "selp.b32 %t0, 256, 0, %p3; or.b32 %d, %d, %t0;\n";
    /* and: TT 01 TF 00 FT 10 FF 00; or: 11 01 11 10; xor: 10 01 01 10;
       and !c: 00 01 00 10; single or: 1 1 1 0 */
    static const struct k32 k[] = {
        { I32(-1), 1, 1, 0x1 | 0x3 << 2 | 0x2 << 4 | 0x0 << 6 | 1 << 8 },
        { I32(-1), 1, 0, 0x0 | 0x1 << 2 | 0x1 << 4 | 0x1 << 6 | 1 << 8 },
        { 1, I32(-1), 1, 0x2 | 0x3 << 2 | 0x1 << 4 | 0x0 << 6 | 1 << 8 },
        { 1, I32(-1), 0, 0x0 | 0x2 << 2 | 0x2 << 4 | 0x2 << 6 | 0 << 8 },
    };
    CASES32(body, k);
}

/* ---- logic -------------------------------------------------------------- */

static void test_logic(void **state)
{
    (void)state;
    static const struct k32 k[] = { { 0x12345678u, 0x0f0f0f0fu, 0, 0x02040608u } };
    CASES32("and.b32 %d, %a, %b;", k);
    static const struct k32 o[] = { { 0x12345678u, 0x0f0f0f0fu, 0, 0x1f3f5f7fu } };
    CASES32("or.b32 %d, %a, %b;", o);
    static const struct k32 x[] = { { 0x12345678u, 0x0f0f0f0fu, 0, 0x1d3b5977u } };
    CASES32("xor.b32 %d, %a, %b;", x);
    static const struct k32 n[] = { { 0x12345678u, 0, 0, 0xedcba987u } };
    CASES32("not.b32 %d, %a;", n);
    /* cnot: 1 if a == 0, else 0 */
    static const struct k32 cn[] = { { 0, 0, 0, 1 }, { 5, 0, 0, 0 }, { 0x80000000u, 0, 0, 0 } };
    CASES32("cnot.b32 %d, %a;", cn);
}

/* ---- cvt between integer types ----------------------------------------- */

/* cvt reads a narrow source from the low bits of its register and writes a
   narrow result sign-extended (signed destination type) or zero-extended
   (unsigned) to the register width (PTX ISA 9.4.1, tables 27/28). .sat
   clamps to the destination range. */
static void test_cvt_int_32(void **state)
{
    (void)state;
    static const struct k32 u8[] = { { 0x1ff, 0, 0, 0xff }, { 0x80, 0, 0, 0x80 } };
    CASES32("cvt.u32.u8 %d, %a;", u8);
    static const struct k32 s8[] = { { 0x80, 0, 0, 0xffffff80u }, { 0x17f, 0, 0, 0x7f } };
    CASES32("cvt.s32.s8 %d, %a;", s8);
    static const struct k32 u32s8[] = { { 0x80, 0, 0, 0xffffff80u } };
    CASES32("cvt.u32.s8 %d, %a;", u32s8);
    static const struct k32 satu32s8[] = { { 0x80, 0, 0, 0 }, { 0x7f, 0, 0, 0x7f } };
    CASES32("cvt.sat.u32.s8 %d, %a;", satu32s8);
    static const struct k32 s32u8[] = { { 0x80, 0, 0, 128 } };
    CASES32("cvt.s32.u8 %d, %a;", s32u8);
    static const struct k32 s16[] = { { 0x12348000u, 0, 0, 0xffff8000u }, { 0x7fff, 0, 0, 0x7fff } };
    CASES32("cvt.s32.s16 %d, %a;", s16);
    /* narrowing: keep the low bits, then extend per the destination type */
    static const struct k32 s8s32[] = { { 200, 0, 0, 0xffffffc8u }, { 300, 0, 0, 44 } };
    CASES32("cvt.s8.s32 %d, %a;", s8s32);
    static const struct k32 u8s32[] = { { 200, 0, 0, 0xc8 }, { I32(-1), 0, 0, 0xff } };
    CASES32("cvt.u8.s32 %d, %a;", u8s32);
    static const struct k32 s8sat[] = {
        { 200, 0, 0, 127 }, { I32(-200), 0, 0, 0xffffff80u }, { I32(-5), 0, 0, I32(-5) },
    };
    CASES32("cvt.sat.s8.s32 %d, %a;", s8sat);
    static const struct k32 u8sat[] = { { I32(-5), 0, 0, 0 }, { 300, 0, 0, 255 }, { 77, 0, 0, 77 } };
    CASES32("cvt.sat.u8.s32 %d, %a;", u8sat);
    static const struct k32 u16sat[] = { { 70000, 0, 0, 65535 }, { I32(-1), 0, 0, 0 } };
    CASES32("cvt.sat.u16.s32 %d, %a;", u16sat);
    static const struct k32 s16sat[] = { { I32(-40000), 0, 0, 0xffff8000u }, { 40000, 0, 0, 32767 } };
    CASES32("cvt.sat.s16.s32 %d, %a;", s16sat);
    static const struct k32 u32sat[] = { { I32(-1), 0, 0, 0 }, { 0x7fffffffu, 0, 0, 0x7fffffffu } };
    CASES32("cvt.sat.u32.s32 %d, %a;", u32sat);
    static const struct k32 s32sat[] = { { 0x80000000u, 0, 0, 0x7fffffffu }, { 5, 0, 0, 5 } };
    CASES32("cvt.sat.s32.u32 %d, %a;", s32sat);
    static const struct k32 s8u8sat[] = { { 0xff, 0, 0, 127 } };   /* 255 -> 127 */
    CASES32("cvt.sat.s8.u8 %d, %a;", s8u8sat);
}

static void test_cvt_int_64(void **state)
{
    (void)state;
    static const struct k64 s64s32[] = { { 0xffffffffull, 0, 0, ~0ull }, { 0x7fffffffull, 0, 0, 0x7fffffffull } };
    CASES64("cvt.u32.u64 %t0, %a; cvt.s64.s32 %d, %t0;", s64s32);
    static const struct k64 u64u32[] = { { 0xffffffffull, 0, 0, 0xffffffffull } };
    CASES64("cvt.u32.u64 %t0, %a; cvt.u64.u32 %d, %t0;", u64u32);
    static const struct k64 u64s32[] = { { 0xffffffffull, 0, 0, ~0ull } };
    CASES64("cvt.u32.u64 %t0, %a; cvt.u64.s32 %d, %t0;", u64s32);
    static const struct k64 satu64s32[] = { { 0xffffffffull, 0, 0, 0 }, { 5, 0, 0, 5 } };
    CASES64("cvt.u32.u64 %t0, %a; cvt.sat.u64.s32 %d, %t0;", satu64s32);
    static const struct k64 u32u64[] = { { 0x123456789ull, 0, 0, 0x23456789ull } };
    CASES64("cvt.u32.u64 %t0, %a; cvt.u64.u32 %d, %t0;", u32u64);
    static const struct k64 satu32u64[] = { { 0x123456789ull, 0, 0, 0xffffffffull }, { 7, 0, 0, 7 } };
    CASES64("cvt.sat.u32.u64 %t0, %a; cvt.u64.u32 %d, %t0;", satu32u64);
    static const struct k64 sats32s64[] = {
        { I64(-0x10000000000ll), 0, 0, I64(INT32_MIN) }, { 0x10000000000ull, 0, 0, 0x7fffffff },
        { I64(-7), 0, 0, I64(-7) },
    };
    CASES64("cvt.sat.s32.s64 %t0, %a; cvt.s64.s32 %d, %t0;", sats32s64);
    static const struct k64 sats32u64[] = { { ~0ull, 0, 0, 0x7fffffff } };
    CASES64("cvt.sat.s32.u64 %t0, %a; cvt.s64.s32 %d, %t0;", sats32u64);
    /* a narrow signed result in a 64-bit register is sign-extended */
    static const struct k64 s16s64[] = { { 0x12348000ull, 0, 0, 0xffffffffffff8000ull }, { 0x7fff, 0, 0, 0x7fff } };
    CASES64("cvt.s16.s64 %d, %a;", s16s64);
    static const struct k64 u16s64[] = { { 0x12348000ull, 0, 0, 0x8000 } };
    CASES64("cvt.u16.s64 %d, %a;", u16s64);
    static const struct k64 sats64u64[] = { { ~0ull, 0, 0, 0x7fffffffffffffffull } };
    CASES64("cvt.sat.s64.u64 %d, %a;", sats64u64);
    static const struct k64 satu64s64[] = { { I64(-1), 0, 0, 0 } };
    CASES64("cvt.sat.u64.s64 %d, %a;", satu64s64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
        T_(test_shl_shr_32),
        T_(test_shl_shr_64),
        T_(test_div_rem_s32),
        T_(test_div_rem_u32_and_64),
        T_(test_div_by_zero_documented_choice),
        T_(test_mul_lo_hi_32),
        T_(test_mul_wide_32),
        T_(test_mul_64),
        T_(test_mad),
        T_(test_mul24_sad),
        T_(test_add_sub_sat_s32),
        T_(test_abs_neg_int_min),
        T_(test_min_max_signedness),
        T_(test_bfe_32),
        T_(test_bfe_64),
        T_(test_bfi),
        T_(test_popc_clz_brev),
        T_(test_bfind),
        T_(test_prmt_default),
        T_(test_prmt_modes),
        T_(test_lop3),
        T_(test_shf),
        T_(test_add_cc_chain),
        T_(test_selp_slct),
        T_(test_slct_ftz),
        T_(test_setp_int_comparisons),
        T_(test_setp_64),
        T_(test_setp_bool_combining),
        T_(test_logic),
        T_(test_cvt_int_32),
        T_(test_cvt_int_64),
#undef T_
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
