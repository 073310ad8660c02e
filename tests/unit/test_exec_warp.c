/*
** test_exec_warp.c - warp-level instructions: shfl.sync in all four modes
** and with segment widths 32, 16 and 8, the optional predicate output,
** vote.sync (ballot/any/all/uni) under a partial active mask, activemask
** inside divergent branches, predicate logic and guards.
** shfl follows the PTX ISA pseudo-code: for lane l, with bval = b[4:0],
** cval = c[4:0], segmask = c[12:8], maxLane = (l & segmask) |
** (cval & ~segmask), minLane = l & segmask:
**   up:   j = l - bval;  ok = j >= maxLane
**   down: j = l + bval;  ok = j <= maxLane
**   bfly: j = l ^ bval;  ok = j <= maxLane
**   idx:  j = minLane | (bval & ~segmask); ok = j <= maxLane
** and a lane whose j is not ok gets its own value (p = 0). The expected
** values below are written out per lane from that definition.
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

/* One warp runs body on %a, %b, %c (b32) into %d (tests/unit/harness.h). */
static int warp_op(const char *body, const uint32_t *a, const uint32_t *b,
                   const uint32_t *c, uint32_t *d)
{
    return th_warp_op(&T, "b32", body, a, b, c, d);
}

static void run(const char *body, const uint32_t *a, const uint32_t *b,
                const uint32_t *c, const uint32_t *want)
{
    uint32_t d[NL];
    for (int i = 0; i < NL; i++)
        d[i] = 0xdeadbeefu;      /* what lanes that never store leave */
    if (warp_op(body, a, b, c, d))
        fail_msg("'%s' failed: %s", body, th_error(&T));
    int bad = 0;
    for (int i = 0; i < NL; i++)
        if (d[i] != want[i]) {
            print_error("lane %2d: got 0x%08x, want 0x%08x\n", i, d[i], want[i]);
            bad++;
        }
    if (bad)
        fail_msg("'%s': %d lane(s) wrong", body, bad);
}

static uint32_t A[NL], ZERO[NL];

static void init_a(void)
{
    for (int i = 0; i < NL; i++)
        A[i] = 100 + (uint32_t)i;
}

/* d = shuffled value, plus 0x10000 when the predicate output is set */
#define SHFL_P(mode, b, c) \
    "shfl.sync." mode ".b32 %t0|%p0, %a, " b ", " c ", -1;" \
    " selp.b32 %t1, 0x10000, 0, %p0; or.b32 %d, %t0, %t1;"

/* ---- shfl, width 32 ---------------------------------------------------- */

static void test_shfl_idx_32(void **state)
{
    (void)state;
    init_a();
    uint32_t b[NL], want[NL];
    for (int i = 0; i < NL; i++) {
        b[i] = (uint32_t)((i * 7 + 3) & 31);
        if (i % 5 == 0)
            b[i] += 32;                /* only b[4:0] counts */
        want[i] = 100 + ((uint32_t)(i * 7 + 3) & 31);
    }
    run("shfl.sync.idx.b32 %d, %a, %b, 31, -1;", A, b, ZERO, want);
    /* every lane reads lane 8; the predicate is set everywhere */
    for (int i = 0; i < NL; i++)
        want[i] = 108 + 0x10000;
    run(SHFL_P("idx", "40", "31"), A, ZERO, ZERO, want);
}

static void test_shfl_up_down_bfly_32(void **state)
{
    (void)state;
    init_a();
    uint32_t want[NL];
    /* up 3, c = 0: lanes 0..2 keep their own value with p = 0 */
    for (int i = 0; i < NL; i++)
        want[i] = i >= 3 ? 100 + (uint32_t)i - 3 + 0x10000 : 100 + (uint32_t)i;
    run(SHFL_P("up", "3", "0"), A, ZERO, ZERO, want);
    /* down 5, c = 31: lanes 27..31 keep their own value */
    for (int i = 0; i < NL; i++)
        want[i] = i + 5 <= 31 ? 105 + (uint32_t)i + 0x10000 : 100 + (uint32_t)i;
    run(SHFL_P("down", "5", "31"), A, ZERO, ZERO, want);
    /* bfly 6: every lane swaps with lane ^ 6 */
    for (int i = 0; i < NL; i++)
        want[i] = 100 + (uint32_t)(i ^ 6) + 0x10000;
    run(SHFL_P("bfly", "6", "31"), A, ZERO, ZERO, want);
    /* delta 0 reads the own lane, with p = 1 */
    for (int i = 0; i < NL; i++)
        want[i] = 100 + (uint32_t)i + 0x10000;
    run(SHFL_P("down", "0", "31"), A, ZERO, ZERO, want);
    /* delta from a register: lane i shifts down by i & 3 */
    uint32_t b[NL];
    for (int i = 0; i < NL; i++) {
        b[i] = (uint32_t)(i & 3);
        want[i] = i + (i & 3) <= 31 ? 100 + (uint32_t)(i + (i & 3)) : 100 + (uint32_t)i;
    }
    run("shfl.sync.down.b32 %d, %a, %b, 31, -1;", A, b, ZERO, want);
}

/* ---- shfl with segments --------------------------------------------------- */

/* width 16: c = (32-16) << 8 | 31 = 0x101f (0x1000 for up) */
static void test_shfl_width_16(void **state)
{
    (void)state;
    init_a();
    uint32_t want[NL];
    for (int i = 0; i < NL; i++)
        want[i] = (i & 15) >= 3 ? 100 + (uint32_t)i - 3 + 0x10000 : 100 + (uint32_t)i;
    run(SHFL_P("up", "3", "0x1000"), A, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = (i & 15) + 5 <= 15 ? 105 + (uint32_t)i + 0x10000 : 100 + (uint32_t)i;
    run(SHFL_P("down", "5", "0x101f"), A, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 100 + (uint32_t)(i ^ 9) + 0x10000;
    run(SHFL_P("bfly", "9", "0x101f"), A, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 100 + (uint32_t)((i & 16) + 13) + 0x10000;
    run(SHFL_P("idx", "13", "0x101f"), A, ZERO, ZERO, want);
    /* idx 20 within a 16-lane segment selects lane 20 & 15 = 4 of it */
    for (int i = 0; i < NL; i++)
        want[i] = 100 + (uint32_t)((i & 16) + 4) + 0x10000;
    run(SHFL_P("idx", "20", "0x101f"), A, ZERO, ZERO, want);
    /* bfly 16: the pseudo-code only bounds j from above (j <= maxLane =
       base | 15), so lanes 0..15 (j = l + 16) keep their own value while
       lanes 16..31 (j = l - 16) do read the lower segment */
    for (int i = 0; i < NL; i++)
        want[i] = i < 16 ? 100 + (uint32_t)i : 100 + (uint32_t)i - 16 + 0x10000;
    run(SHFL_P("bfly", "16", "0x101f"), A, ZERO, ZERO, want);
}

/* width 8: c = (32-8) << 8 | 31 = 0x181f (0x1800 for up) */
static void test_shfl_width_8(void **state)
{
    (void)state;
    init_a();
    uint32_t want[NL];
    for (int i = 0; i < NL; i++)
        want[i] = (i & 7) >= 2 ? 98 + (uint32_t)i + 0x10000 : 100 + (uint32_t)i;
    run(SHFL_P("up", "2", "0x1800"), A, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = (i & 7) + 3 <= 7 ? 103 + (uint32_t)i + 0x10000 : 100 + (uint32_t)i;
    run(SHFL_P("down", "3", "0x181f"), A, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 100 + (uint32_t)(i ^ 5) + 0x10000;
    run(SHFL_P("bfly", "5", "0x181f"), A, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 100 + (uint32_t)((i & 24) + 6) + 0x10000;
    run(SHFL_P("idx", "6", "0x181f"), A, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 100 + (uint32_t)((i & 24) + 5) + 0x10000;
    run(SHFL_P("idx", "13", "0x181f"), A, ZERO, ZERO, want);
    /* a butterfly reduction within each 8-lane segment: sum of 8 values */
    static const char sum8[] =
        "mov.b32 %t2, %a;\n"
        "shfl.sync.bfly.b32 %t0, %t2, 4, 0x181f, -1; add.u32 %t2, %t2, %t0;\n"
        "shfl.sync.bfly.b32 %t0, %t2, 2, 0x181f, -1; add.u32 %t2, %t2, %t0;\n"
        "shfl.sync.bfly.b32 %t0, %t2, 1, 0x181f, -1; add.u32 %d, %t2, %t0;\n";
    for (int i = 0; i < NL; i++) {
        uint32_t base = (uint32_t)(i & 24);
        want[i] = 8 * 100 + 8 * base + 28;   /* sum of 100+base+0..7 */
    }
    run(sum8, A, ZERO, ZERO, want);
}

/* shfl among the lanes of a divergent branch: only lanes 0..15 execute,
   membermask 0xffff names exactly them. */
static void test_shfl_partial_warp(void **state)
{
    (void)state;
    init_a();
    uint32_t want[NL];
    static const char body[] =
        "setp.ge.u32 %p1, %tidx, 16;\n"
        "@%p1 bra $DONE;\n"
        "shfl.sync.bfly.b32 %d, %a, 1, 31, 0xffff;\n"
        "$DONE:\n";
    for (int i = 0; i < NL; i++)
        want[i] = i < 16 ? 100 + (uint32_t)(i ^ 1) : 0;
    run(body, A, ZERO, ZERO, want);
}

/* ---- vote --------------------------------------------------------------- */

/* Only the even lanes vote (odd lanes branch away); membermask names the
   even lanes. ballot has only even bits, so any/all/uni go to odd bits
   1, 3, 5 of d; odd lanes keep d = 0. */
static const char vote_body[] =
    "and.b32 %t0, %tidx, 1;\n"
    "setp.ne.u32 %p1, %t0, 0;\n"
    "@%p1 bra $SKIP;\n"
    "setp.ne.u32 %p0, %a, 0;\n"
    "vote.sync.ballot.b32 %d, %p0, 0x55555555;\n"
    "vote.sync.any.pred %p2, %p0, 0x55555555;\n"
    "selp.b32 %t1, 2, 0, %p2; or.b32 %d, %d, %t1;\n"
    "vote.sync.all.pred %p2, %p0, 0x55555555;\n"
    "selp.b32 %t1, 8, 0, %p2; or.b32 %d, %d, %t1;\n"
    "vote.sync.uni.pred %p2, %p0, 0x55555555;\n"
    "selp.b32 %t1, 32, 0, %p2; or.b32 %d, %d, %t1;\n"
    "$SKIP:\n";

static void vote_case(const uint32_t *a, uint32_t ballot, int any, int all,
                      int uni)
{
    uint32_t want[NL];
    uint32_t v = ballot | (any ? 2u : 0) | (all ? 8u : 0) | (uni ? 32u : 0);
    for (int i = 0; i < NL; i++)
        want[i] = i % 2 == 0 ? v : 0;
    run(vote_body, a, ZERO, ZERO, want);
}

static void test_vote_partial_mask(void **state)
{
    (void)state;
    uint32_t a[NL];
    /* mixed: even lanes with i % 3 != 0 vote true */
    uint32_t ballot = 0;
    for (int i = 0; i < NL; i++) {
        a[i] = i % 3 != 0;
        if (i % 2 == 0 && i % 3 != 0)
            ballot |= 1u << i;
    }
    vote_case(a, ballot, 1, 0, 0);
    /* every voting lane true, every absent (odd) lane false: all holds */
    for (int i = 0; i < NL; i++)
        a[i] = i % 2 == 0;
    vote_case(a, 0x55555555u, 1, 1, 1);
    /* only absent lanes true: nobody who votes is true */
    for (int i = 0; i < NL; i++)
        a[i] = i % 2 == 1;
    vote_case(a, 0, 0, 0, 1);
    /* a single voter true */
    for (int i = 0; i < NL; i++)
        a[i] = i == 30;
    vote_case(a, 1u << 30, 1, 0, 0);
}

static void test_vote_full_warp(void **state)
{
    (void)state;
    uint32_t a[NL], want[NL];
    for (int i = 0; i < NL; i++)
        a[i] = i % 4 == 1 ? 7 : 0;
    for (int i = 0; i < NL; i++)
        want[i] = 0x22222222u;
    run("setp.ne.u32 %p0, %a, 0; vote.sync.ballot.b32 %d, %p0, -1;", a, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 0xddddddddu;
    run("setp.ne.u32 %p0, %a, 0; vote.sync.ballot.b32 %d, !%p0, -1;", a, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 1 | 0 << 1 | 0 << 2;    /* any, !all, !uni */
    run("setp.ne.u32 %p0, %a, 0;"
        "vote.sync.any.pred %p1, %p0, -1; selp.b32 %t0, 1, 0, %p1;"
        "vote.sync.all.pred %p1, %p0, -1; selp.b32 %t1, 2, 0, %p1; or.b32 %t0, %t0, %t1;"
        "vote.sync.uni.pred %p1, %p0, -1; selp.b32 %t1, 4, 0, %p1; or.b32 %d, %t0, %t1;",
        a, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 1 | 2 | 4;              /* a true predicate everywhere */
    run("setp.eq.u32 %p0, %a, %a;"
        "vote.sync.any.pred %p1, %p0, -1; selp.b32 %t0, 1, 0, %p1;"
        "vote.sync.all.pred %p1, %p0, -1; selp.b32 %t1, 2, 0, %p1; or.b32 %t0, %t0, %t1;"
        "vote.sync.uni.pred %p1, %p0, -1; selp.b32 %t1, 4, 0, %p1; or.b32 %d, %t0, %t1;",
        a, ZERO, ZERO, want);
}

/* ---- activemask ------------------------------------------------------------ */

static void test_activemask_divergent(void **state)
{
    (void)state;
    uint32_t want[NL];
    static const char body[] =
        "activemask.b32 %t3;\n"                       /* converged: all 32 */
        "setp.lt.u32 %p0, %tidx, 10;\n"
        "@%p0 bra $THEN;\n"
        "activemask.b32 %d;\n"                        /* lanes 10..31 */
        "bra.uni $END;\n"
        "$THEN:\n"
        "setp.lt.u32 %p1, %tidx, 4;\n"
        "@!%p1 bra $T2;\n"
        "activemask.b32 %d;\n"                        /* lanes 0..3 */
        "bra.uni $T3;\n"
        "$T2:\n"
        "activemask.b32 %d;\n"                        /* lanes 4..9 */
        "$T3:\n"
        "$END:\n"
        "activemask.b32 %t2;\n"                       /* reconverged */
        "setp.ne.u32 %p2, %t2, %t3;\n"
        "@%p2 mov.b32 %d, 0xbad;\n"
        "setp.ne.u32 %p2, %t2, -1;\n"
        "@%p2 mov.b32 %d, 0xbad2;\n";
    for (int i = 0; i < NL; i++)
        want[i] = i < 4 ? 0xfu : i < 10 ? 0x3f0u : 0xfffffc00u;
    run(body, ZERO, ZERO, ZERO, want);
    /* lanes 24..31 exit first: the rest see 0x00ffffff */
    static const char ex[] =
        "setp.ge.u32 %p0, %tidx, 24;\n"
        "@%p0 exit;\n"
        "activemask.b32 %d;\n";
    for (int i = 0; i < NL; i++)
        want[i] = i < 24 ? 0x00ffffffu : 0xdeadbeefu;
    run(ex, ZERO, ZERO, ZERO, want);
}

/* ---- predicates ---------------------------------------------------------------- */

/* p0 = a != 0, p1 = b != 0; bits: and 1, or 2, xor 4, not p0 8;
   +16 under @p0, +32 under @!p1, +64 if mov.pred copied p0. */
static void test_predicate_logic_and_guards(void **state)
{
    (void)state;
    static const char body[] =
        "setp.ne.u32 %p0, %a, 0;\n"
        "setp.ne.u32 %p1, %b, 0;\n"
        "and.pred %p2, %p0, %p1; selp.b32 %t0, 1, 0, %p2; or.b32 %d, %d, %t0;\n"
        "or.pred %p2, %p0, %p1; selp.b32 %t0, 2, 0, %p2; or.b32 %d, %d, %t0;\n"
        "xor.pred %p2, %p0, %p1; selp.b32 %t0, 4, 0, %p2; or.b32 %d, %d, %t0;\n"
        "not.pred %p2, %p0; selp.b32 %t0, 8, 0, %p2; or.b32 %d, %d, %t0;\n"
        "@%p0 add.u32 %d, %d, 16;\n"
        "@!%p1 add.u32 %d, %d, 32;\n"
        "mov.pred %p3, %p0; selp.b32 %t0, 64, 0, %p3; or.b32 %d, %d, %t0;\n";
    uint32_t a[NL], b[NL], want[NL];
    static const uint32_t w4[4] = { 40, 118, 14, 83 };   /* (a,b) = 00 10 01 11 */
    for (int i = 0; i < NL; i++) {
        a[i] = (i & 1) ? 5 : 0;
        b[i] = (i & 2) ? 0x80000000u : 0;
        want[i] = w4[i & 3];
    }
    run(body, a, b, ZERO, want);
}

/* special registers of a one-warp CTA */
static void test_lane_special_registers(void **state)
{
    (void)state;
    uint32_t want[NL];
    for (int i = 0; i < NL; i++)
        want[i] = (uint32_t)i;
    run("mov.u32 %d, %laneid;", ZERO, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 32 | 1 << 8 | 1 << 16;
    run("mov.u32 %t0, %ntid.x; mov.u32 %t1, %nctaid.x; mov.u32 %t2, %ntid.y;"
        "shl.b32 %t1, %t1, 8; shl.b32 %t2, %t2, 16; or.b32 %d, %t0, %t1; or.b32 %d, %d, %t2;",
        ZERO, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = 1u << i;
    run("mov.u32 %d, %lanemask_eq;", ZERO, ZERO, ZERO, want);
    for (int i = 0; i < NL; i++)
        want[i] = (1u << i) - 1;
    run("mov.u32 %d, %lanemask_lt;", ZERO, ZERO, ZERO, want);
}

/* %clock counts the SM's warp-instructions in the functional pass: one
   per step of the only warp here, whatever the driver's quantum (64
   steps of a warp per turn). From the first read to the second: the
   first read itself, the mov to %t0 and 50 turns of add, setp and bra
   (150 steps, crossing the quantum twice), 152 steps. */
static void test_clock_counts_steps(void **state)
{
    (void)state;
    static const char body[] =
        "mov.u32 %t2, %clock;\n"
        "mov.u32 %t0, 0;\n"
        "$LOOP:\n"
        "add.u32 %t0, %t0, 1;\n"
        "setp.lt.u32 %p0, %t0, 50;\n"
        "@%p0 bra $LOOP;\n"
        "mov.u32 %t3, %clock;\n"
        "sub.u32 %d, %t3, %t2;\n";
    static const char *const functional[] = { "sim.mode=functional", NULL };
    struct th f;
    if (th_init(&f, functional))
        fail_msg("th_init: %s", th_error(&f));
    uint32_t d[NL];
    if (th_warp_op(&f, "b32", body, ZERO, ZERO, ZERO, d))
        fail_msg("failed: %s", th_error(&f));
    for (int i = 0; i < NL; i++)
        assert_int_equal(d[i], 152);
    th_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
        T_(test_shfl_idx_32),
        T_(test_shfl_up_down_bfly_32),
        T_(test_shfl_width_16),
        T_(test_shfl_width_8),
        T_(test_shfl_partial_warp),
        T_(test_vote_partial_mask),
        T_(test_vote_full_warp),
        T_(test_activemask_divergent),
        T_(test_predicate_logic_and_guards),
        T_(test_lane_special_registers),
        T_(test_clock_counts_steps),
#undef T_
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
