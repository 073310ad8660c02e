/*
** test_exec_video.c - dp4a, dp2a and the video instructions: signedness
** of each operand, wrapping and saturation, operand selectors (SIMD ones
** choosing from the eight bytes of b:a), destination masks, merging into
** c and accumulating into c. Expected values are worked out by hand from
** the PTX ISA's definitions.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "harness.h"

#define CASES(body, arr) TH_CASES(&th_shared, "b32", body, arr)

/* dp4a/dp2a: bytes and halves extended by their own types; d wraps. */
static void test_dot_products(void **state)
{
    (void)state;
    static const struct th_case uu[] = {
        { 0xffffffff, 0xffffffff, 0, 260100 },          /* 4 * 255 * 255 */
        { 0x01, 0x01, 0xffffffff, 0 },                  /* wraps */
    };
    CASES("dp4a.u32.u32 %d, %a, %b, %c;", uu);
    static const struct th_case ss[] = {
        { 0xffffffff, 0xffffffff, 0, 4 },               /* 4 * -1 * -1 */
        { 0x80808080, 0x7f7f7f7f, 0, 0xffff0200 },      /* 4 * -128 * 127 */
    };
    CASES("dp4a.s32.s32 %d, %a, %b, %c;", ss);
    static const struct th_case su[] = { { 0xff, 0xff, 10, 0xffffff0b } };   /* 10 - 255 */
    CASES("dp4a.s32.u32 %d, %a, %b, %c;", su);
    CASES("dp4a.u32.s32 %d, %a, %b, %c;", su);
    static const struct th_case lo[] = { { 0x00020001, 0x04030201, 0, 5 } };
    CASES("dp2a.lo.u32.u32 %d, %a, %b, %c;", lo);
    static const struct th_case hi[] = { { 0x00020001, 0x04030201, 0, 11 } };
    CASES("dp2a.hi.u32.u32 %d, %a, %b, %c;", hi);
    static const struct th_case los[] = { { 0xffffffff, 0x04030201, 0, 0xfffffffd } };
    CASES("dp2a.lo.s32.u32 %d, %a, %b, %c;", los);
    static const struct th_case his[] = { { 0x00020001, 0xff800000, 0, 0xffffff7e } };
    CASES("dp2a.hi.u32.s32 %d, %a, %b, %c;", his);
}

/* SIMD forms: per-lane results merged into c or summed into it. */
static void test_simd(void **state)
{
    (void)state;
    static const struct th_case ad[] = { { 0x10ff0080, 0x20010000, 0xdeadbeef, 0x10fe0080 } };
    CASES("vabsdiff4.u32.u32.u32 %d, %a, %b, %c;", ad);
    static const struct th_case adsum[] = { { 0x10ff0080, 0x20010000, 0x1000, 0x118e } };
    CASES("vabsdiff4.u32.u32.u32.add %d, %a, %b, %c;", adsum);
    static const struct th_case sat[] = { { 0x7f80017f, 0x01ff0101, 0, 0x7f80027f } };
    CASES("vadd4.s32.s32.s32.sat %d, %a, %b, %c;", sat);
    static const struct th_case wrap[] = { { 0x7f80017f, 0x01ff0101, 0, 0x807f0280 } };
    CASES("vadd4.s32.s32.s32 %d, %a, %b, %c;", wrap);
    static const struct th_case usat[] = { { 0xff, 0x01, 0, 0xff } };
    CASES("vadd4.u32.u32.u32.sat %d, %a, %b, %c;", usat);
    static const struct th_case avu[] = { { 0x00010003, 0x00020004, 0, 0x00020004 } };
    CASES("vavrg2.u32.u32.u32 %d, %a, %b, %c;", avu);
    static const struct th_case avs[] = { { 0xffff0001, 0xfffe0002, 0, 0xfffe0002 } };
    CASES("vavrg2.s32.s32.s32 %d, %a, %b, %c;", avs);   /* -3 >> 1 = -2 */
    static const struct th_case mins[] = { { 0x80000001, 0x0001ffff, 0, 0x8000ffff } };
    CASES("vmin2.s32.s32.s32 %d, %a, %b, %c;", mins);
    static const struct th_case minu[] = { { 0x80000001, 0x0001ffff, 0, 0x00010001 } };
    CASES("vmin2.u32.u32.u32 %d, %a, %b, %c;", minu);
    static const struct th_case subs[] = { { 0x80000000, 0x00010001, 0, 0x8000ffff } };
    CASES("vsub2.s32.s32.s32.sat %d, %a, %b, %c;", subs);
    static const struct th_case subu[] = { { 0, 0x00010001, 0, 0 } };
    CASES("vsub2.u32.u32.u32.sat %d, %a, %b, %c;", subu);
    static const struct th_case lt[] = { { 0x01020304, 0x04030201, 0, 0x01010000 } };
    CASES("vset4.u32.u32.lt %d, %a, %b, %c;", lt);
    static const struct th_case ltsum[] = { { 0x01020304, 0x04030201, 100, 102 } };
    CASES("vset4.u32.u32.lt.add %d, %a, %b, %c;", ltsum);
    static const struct th_case gt[] = { { 0xffff0001, 0x00010000, 0, 1 } };
    CASES("vset2.s32.s32.gt %d, %a, %b, %c;", gt);
}

/* SIMD selectors pick from b:a, masks choose the lanes written. */
static void test_simd_selectors(void **state)
{
    (void)state;
    static const struct th_case mask[] = { { 0x01010101, 0x01010101, 0xaabbccdd, 0xaa02cc02 } };
    CASES("vadd4.u32.u32.u32 %d.b20, %a, %b, %c;", mask);
    static const struct th_case bytes[] = { { 0x05, 0x09000000, 0, 0x0e0e0e0e } };
    CASES("vadd4.u32.u32.u32 %d, %a.b0000, %b.b7777, %c;", bytes);
    static const struct th_case halves[] = { { 0x00020001, 0x00400030, 0, 0x00420031 } };
    CASES("vadd2.u32.u32.u32 %d, %a.h32, %b.h10, %c;", halves);
    static const struct th_case sum[] = { { 0x00010002, 0x00030004, 100, 104 } };
    CASES("vadd2.u32.u32.u32.add %d.h1, %a, %b, %c;", sum);
}

/* Scalar forms: part selection, clamping, secondary operation, merge. */
static void test_scalar(void **state)
{
    (void)state;
    static const struct th_case ad[] = { { 5, 9, 0, 4 }, { 0, 0xffffffff, 0, 0xffffffff } };
    CASES("vabsdiff.u32.u32.u32 %d, %a, %b;", ad);
    static const struct th_case ads[] = { { 0x80000000, 0x7fffffff, 0, 0xffffffff } };
    CASES("vabsdiff.s32.s32.s32 %d, %a, %b;", ads);   /* 2^32 - 1, truncated */
    static const struct th_case adsat[] = { { 0x80000000, 0x7fffffff, 0, 0x7fffffff } };
    CASES("vabsdiff.s32.s32.s32.sat %d, %a, %b;", adsat);
    static const struct th_case add[] = { { 0xffffffff, 1, 0, 0 } };
    CASES("vadd.u32.u32.u32 %d, %a, %b;", add);
    static const struct th_case addsat[] = { { 0xffffffff, 1, 0, 0xffffffff } };
    CASES("vadd.u32.u32.u32.sat %d, %a, %b;", addsat);
    static const struct th_case subs[] = { { 0, 1, 0, 0xffffffff } };
    CASES("vsub.s32.u32.u32.sat %d, %a, %b;", subs);
    static const struct th_case subu[] = { { 0, 1, 0, 0 } };
    CASES("vsub.u32.u32.u32.sat %d, %a, %b;", subu);
    static const struct th_case part[] = { { 0x0000ff00, 0x12340000, 0, 0x1333 } };
    CASES("vadd.u32.u32.u32 %d, %a.b1, %b.h1;", part);
    static const struct th_case parts[] = { { 0x80, 0x80, 0, 0xffffff00 } };
    CASES("vadd.s32.s32.s32 %d, %a.b0, %b.b0;", parts);
    static const struct th_case op2[] = { { 5, 9, 100, 104 } };
    CASES("vabsdiff.u32.u32.u32.add %d, %a, %b, %c;", op2);
    static const struct th_case mn[] = { { 3, 7, 5, 5 } };
    CASES("vmax.s32.s32.s32.min %d, %a, %b, %c;", mn);
    CASES("vmin.u32.u32.u32.max %d, %a, %b, %c;", mn);
    static const struct th_case merge[] = { { 200, 100, 0xaabbccdd, 0xaabb2cdd } };
    CASES("vadd.u32.u32.u32 %d.b1, %a, %b, %c;", merge);
    static const struct th_case mergesat[] = { { 200, 100, 0xaabbccdd, 0xaabbffdd } };
    CASES("vadd.u32.u32.u32.sat %d.b1, %a, %b, %c;", mergesat);
    static const struct th_case mergeh[] = { { 0, 40000, 0x11112222, 0x80002222 } };
    CASES("vsub.s32.s32.s32.sat %d.h1, %a, %b, %c;", mergeh);
}

static void test_shifts_mad_set(void **state)
{
    (void)state;
    static const struct th_case clamp[] = { { 1, 40, 0, 0 } };
    CASES("vshl.u32.u32.u32.clamp %d, %a, %b;", clamp);
    static const struct th_case wrap[] = { { 1, 40, 0, 0x100 } };
    CASES("vshl.u32.u32.u32.wrap %d, %a, %b;", wrap);
    static const struct th_case sat[] = { { 1, 40, 0, 0xffffffff } };
    CASES("vshl.u32.u32.u32.clamp.sat %d, %a, %b;", sat);
    static const struct th_case shrs[] = { { 0xffffff00, 36, 0, 0xfffffff0 } };
    CASES("vshr.s32.s32.u32.wrap %d, %a, %b;", shrs);
    static const struct th_case shru[] = { { 0x80000000, 100, 0, 0 } };
    CASES("vshr.u32.u32.u32.clamp %d, %a, %b;", shru);
    static const struct th_case mad[] = { { 0x00010003, 0x00020005, 7, 22 } };
    CASES("vmad.u32.u32.u32 %d, %a.h0, %b.h0, %c;", mad);
    static const struct th_case nab[] = { { 3, 5, 100, 85 } };
    CASES("vmad.s32.s32.s32 %d, -%a, %b, %c;", nab);
    static const struct th_case nc[] = { { 3, 5, 100, 0xffffffab } };
    CASES("vmad.s32.s32.s32 %d, %a, %b, -%c;", nc);
    static const struct th_case po[] = { { 3, 5, 7, 23 } };
    CASES("vmad.u32.u32.u32.po %d, %a, %b, %c;", po);
    static const struct th_case shr7[] = { { 1000, 1000, 0, 7812 } };
    CASES("vmad.u32.u32.u32.shr7 %d, %a, %b, %c;", shr7);
    static const struct th_case msat[] = { { 0x10000, 0x10000, 0, 0x7fffffff } };
    CASES("vmad.s32.s32.s32.sat %d, %a, %b, %c;", msat);
    static const struct th_case lt[] = { { 3, 5, 0, 1 }, { 5, 3, 0, 0 } };
    CASES("vset.u32.u32.lt %d, %a, %b;", lt);
    static const struct th_case lts[] = { { 0xffffffff, 0, 0, 1 } };
    CASES("vset.s32.u32.lt %d, %a, %b;", lts);
    static const struct th_case ltadd[] = { { 3, 5, 10, 11 } };
    CASES("vset.u32.u32.lt.add %d, %a, %b, %c;", ltadd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T_(f) cmocka_unit_test_setup_teardown(f, th_setup, th_teardown)
        T_(test_dot_products),
        T_(test_simd),
        T_(test_simd_selectors),
        T_(test_scalar),
        T_(test_shifts_mad_set),
#undef T_
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
