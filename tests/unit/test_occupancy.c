/*
** test_occupancy.c - CTAs per SM, the limiting resource, theoretical
** occupancy and register utilisation: the arithmetic (occupancy_of) and
** what the CTA dispatcher actually keeps resident, on the racetrack
** paper's Table 1 (seed 001) with preset fermi-rm.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "timing/event.h"
#include "harness.h"
#include "timing/occupancy.h"

/* Fermi per-SM limits of Table 2: 1536 threads, 48 warps, 8 CTAs,
   32768 registers, 48 KB shared memory. */
static const struct occ_limits FERMI = { 1536, 48, 8, 32768, 49152 };

struct row {
    uint32_t block, regs;
    uint32_t ctas;
    double occupancy, utilization;   /* Table 1, in percent as printed */
    enum occ_limiter limiter;
};

/*
** Table 1 of the racetrack paper. Registers per CTA = block x regs:
**   256 x 60 = 15360 -> 32768 / 15360 = 2 CTAs, 16 warps / 48 = 33%,
**                      30720 / 32768 = 93.75%
**   256 x 30 =  7680 -> 4 CTAs, 32 / 48 = 67%, 30720 / 32768 = 93.75%
**   512 x 41 = 20992 -> 1 CTA, 16 / 48 = 33%, 20992 / 32768 = 64.06%
**   768 x 22 = 16896 -> 1 CTA (threads would allow 2), 24 / 48 = 50%,
**                      16896 / 32768 = 51.56%
**   256 x 40 = 10240 -> 3 CTAs, 24 / 48 = 50%, 30720 / 32768 = 93.75%
*/
static const struct row TABLE1[] = {
    { 256, 60, 2, 33, 93.75, OCC_REGISTERS },
    { 256, 30, 4, 67, 93.75, OCC_REGISTERS },
    { 512, 41, 1, 33, 64.06, OCC_REGISTERS },
    { 768, 22, 1, 50, 51.56, OCC_REGISTERS },
    { 256, 40, 3, 50, 93.75, OCC_REGISTERS },
};

static void test_table1_arithmetic(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof TABLE1 / sizeof TABLE1[0]; i++) {
        const struct row *r = &TABLE1[i];
        struct occupancy o = occupancy_of(&FERMI, r->block, r->regs, 0);
        assert_int_equal(o.ctas_per_sm, r->ctas);
        assert_int_equal(o.warps_per_sm, r->ctas * r->block / 32);
        assert_int_equal(o.limiter, r->limiter);
        /* the table prints whole percent and hundredths of a percent */
        assert_true(fabs(round(o.theoretical * 100) - r->occupancy) < 1e-9);
        assert_true(fabs(round(o.reg_utilization * 10000) / 100 -
                         r->utilization) < 1e-9);
    }
}

static void test_other_limiters(void **state)
{
    (void)state;
    /* 64-thread CTAs with few registers: 8 CTAs (the CTA limit) */
    struct occupancy o = occupancy_of(&FERMI, 64, 8, 0);
    assert_int_equal(o.ctas_per_sm, 8);
    assert_int_equal(o.limiter, OCC_CTAS);
    /* 512-thread CTAs, 16 registers: threads allow 3, registers 4 */
    o = occupancy_of(&FERMI, 512, 16, 0);
    assert_int_equal(o.ctas_per_sm, 3);
    assert_int_equal(o.limiter, OCC_THREADS);
    assert_true(fabs(o.theoretical - 1.0) < 1e-12);
    /* 20 KB of shared memory per CTA: 49152 / 20480 = 2 */
    o = occupancy_of(&FERMI, 128, 8, 20480);
    assert_int_equal(o.ctas_per_sm, 2);
    assert_int_equal(o.limiter, OCC_SHARED);
    /* 33-thread CTAs take 2 warps each: with 64 CTAs allowed, the 48
       warps run out at 24 CTAs, before threads (1536 / 33 = 46) */
    struct occ_limits many = { 1536, 48, 64, 1 << 20, 49152 };
    o = occupancy_of(&many, 33, 8, 0);
    assert_int_equal(o.ctas_per_sm, 24);
    assert_int_equal(o.limiter, OCC_WARPS);
    /* a CTA that cannot fit at all */
    o = occupancy_of(&FERMI, 1024, 40, 0);
    assert_int_equal(o.ctas_per_sm, 0);
    assert_string_equal(occ_limiter_name(o.limiter), "registers");
}

/* ---- the dispatcher keeps exactly that many CTAs resident ------------- */

struct resident {
    int now, max;
};

static bool on_cta(void *ctx, const struct ws_event *e)
{
    struct resident *r = ctx;
    if (e->sm != 0)
        return false;
    r->now += e->type == EV_CTA_LAUNCH ? 1 : -1;
    if (r->now > r->max)
        r->max = r->now;
    return false;
}

static const char *spin_ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 out)\n{\n"
    " .reg .b32 %r<4>;\n .reg .b64 %rd<4>;\n .reg .pred %p<2>;\n"
    " mov.u32 %r1, 0;\n"
    "L: add.u32 %r1, %r1, 1;\n setp.lt.u32 %p1, %r1, 20;\n @%p1 bra L;\n"
    " ld.param.u64 %rd1, [out];\n mov.u32 %r2, %tid.x;\n"
    " mul.wide.u32 %rd2, %r2, 4;\n add.s64 %rd3, %rd1, %rd2;\n"
    " st.global.u32 [%rd3], %r1;\n ret;\n}\n";

static void test_table1_resident(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof TABLE1 / sizeof TABLE1[0]; i++) {
        const struct row *r = &TABLE1[i];
        char regs[40];
        snprintf(regs, sizeof regs, "regs_per_thread=%u", r->regs);
        const char *sets[] = { "preset=fermi-rm", "sm.count=1", regs, NULL };
        struct th t;
        if (th_init(&t, sets))
            fail_msg("%s", th_error(&t));
        struct evbus bus;
        evbus_init(&bus);
        struct resident res = { 0, 0 };
        evbus_subscribe(&bus, 1ULL << EV_CTA_LAUNCH | 1ULL << EV_CTA_EXIT,
                        on_cta, &res);
        t.dev.bus = &bus;
        assert_int_equal(th_load(&t, spin_ptx), 0);
        uint64_t out = th_alloc(&t, r->block * 4);
        uint32_t grid[3] = { 2 * r->ctas + 1, 1, 1 };
        uint32_t block[3] = { r->block, 1, 1 };
        if (th_launch(&t, "k", grid, block, 0, &out, 1))
            fail_msg("%s", th_error(&t));
        assert_int_equal(res.max, r->ctas);
        const struct launch_record *lr = &t.dev.done.v[0];
        assert_true(lr->timed);
        assert_int_equal(lr->occ.ctas_per_sm, r->ctas);
        assert_int_equal(lr->occ.limiter, r->limiter);
        th_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table1_arithmetic),
        cmocka_unit_test(test_other_limiters),
        cmocka_unit_test(test_table1_resident),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
