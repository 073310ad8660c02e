/* test_racetrack.c - the racetrack register file (designs/racetrack.c):
   latency arithmetic, write-buffer priority, preshifting, the recorded
   mapping. The register file is driven through its rf_ops directly. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config/config.h"
#include "designs/racetrack.h"
#include "util/jval.h"

#define MAXDONE 256

struct rig {
    struct ws_config cfg;
    struct tparams p;
    uint64_t cycle;
    void *rf;
    /* completions: tag -> cycle (UINT64_MAX: not yet) */
    uint64_t rd_at[MAXDONE], wr_at[MAXDONE];
};

static void on_done(void *ctx, uint32_t tag, bool write)
{
    struct rig *g = ctx;
    assert_true(tag < MAXDONE);
    (write ? g->wr_at : g->rd_at)[tag] = g->cycle;
}

/* A register file from `sets` ("key=value", NULL-terminated), with one
   launch of `warps` warps of `regs` registers each. */
static void rig_init(struct rig *g, const char *const *sets, uint32_t warps,
                     uint32_t regs)
{
    memset(g, 0, sizeof *g);
    config_init(&g->cfg);
    struct ws_diag d = { 0 };
    for (int i = 0; sets && sets[i]; i++) {
        char k[64];
        const char *eq = strchr(sets[i], '=');
        snprintf(k, sizeof k, "%.*s", (int)(eq - sets[i]), sets[i]);
        assert_int_equal(config_set(&g->cfg, k, eq + 1, &d), WS_OK);
    }
    tparams_init(&g->p, &g->cfg);
    assert_int_equal(racetrack_check(&g->cfg, &g->p, &d), WS_OK);
    struct rf_env env = { &g->p, 0, NULL, NULL, &g->cycle, &g->cfg };
    g->rf = racetrack_rf_ops.create(&env);
    struct seam_launch l = { NULL, regs, 1, warps, warps };
    racetrack_rf_ops.launch(g->rf, &l);
    for (int i = 0; i < MAXDONE; i++)
        g->rd_at[i] = g->wr_at[i] = UINT64_MAX;
}

static void rig_free(struct rig *g)
{
    racetrack_rf_ops.destroy(g->rf);
    config_free(&g->cfg);
}

static void tick(struct rig *g)
{
    racetrack_rf_ops.tick(g->rf, g->cycle, on_done, g);
    g->cycle++;
}

static void run_until_idle(struct rig *g, uint64_t limit)
{
    while (racetrack_rf_ops.next_event(g->rf, g->cycle) != UINT64_MAX &&
           g->cycle < limit)
        tick(g);
    assert_true(g->cycle < limit);
}

/* A register of warp w in bank b whose offset is `off` (or fail). */
static uint32_t reg_at(struct rig *g, uint32_t w, uint32_t b, uint32_t off,
                       uint32_t regs, uint32_t region)
{
    for (uint32_t r = 0; r < regs; r++) {
        uint32_t bb, t, dom;
        racetrack_place(g->rf, w, r, &bb, &t, &dom);
        if (bb == b && dom % region == off)
            return r;
    }
    fail_msg("no register at bank %u offset %u", b, off);
    return 0;
}

static int64_t stat(struct rig *g, const char *key)
{
    struct jv *o = jv_obj();
    racetrack_section(g->rf, NULL, o);
    int64_t v = (int64_t)jv_num_at(o, key);
    jv_free(o);
    return v;
}

static uint32_t offset(struct rig *g, uint32_t b)
{
    struct racetrack_tape_view v;
    racetrack_tape(g->rf, b, 0, &v);
    return v.offset;
}

/* One bank, one tape of 64 domains, 8 ports: 8 offsets per region. */
static const char *const one_bank[] = {
    "racetrack.banks=1", "racetrack.size=8192", "racetrack.arbiter=1", NULL
};

/* ---- latency arithmetic ------------------------------------------------ */

static void test_cycles(void **state)
{
    (void)state;
    assert_int_equal(racetrack_cycles(0.61, 700), 1);    /* 0.427 cycles */
    assert_int_equal(racetrack_cycles(1.24, 700), 1);    /* 0.868 */
    assert_int_equal(racetrack_cycles(1.24, 1000), 2);   /* 1.24 */
    assert_int_equal(racetrack_cycles(0.61, 2000), 2);   /* 1.22 */
    assert_int_equal(racetrack_cycles(1.0, 1000), 1);    /* exactly one */
    assert_int_equal(racetrack_cycles(0.001, 1), 1);     /* never zero */
    assert_int_equal(racetrack_shift_cycles(1, 5, 1), 4);
    assert_int_equal(racetrack_shift_cycles(6, 2, 3), 12);
    assert_int_equal(racetrack_shift_cycles(3, 3, 7), 0);
}

/* Shift distance x step time, then the read; the tape stays put. */
static void test_shift_then_read(void **state)
{
    (void)state;
    struct rig g;
    rig_init(&g, one_bank, 1, 64);
    uint32_t r5 = reg_at(&g, 0, 0, 5, 64, 8), r2 = reg_at(&g, 0, 0, 2, 64, 8);
    racetrack_rf_ops.read(g.rf, 0, r5, 1, false);
    run_until_idle(&g, 100);
    assert_int_equal(g.rd_at[1], 5);          /* 5 steps, read in cycle 5 */
    assert_int_equal(offset(&g, 0), 5);
    racetrack_rf_ops.read(g.rf, 0, r2, 2, false);
    uint64_t t0 = g.cycle;
    run_until_idle(&g, 100);
    assert_int_equal(g.rd_at[2] - t0, 3);     /* 5 -> 2: three steps */
    assert_int_equal(stat(&g, "shifts"), 8);
    assert_int_equal(stat(&g, "shift_stall_cycles"), 8);
    assert_int_equal(stat(&g, "accesses_shifted"), 2);
    rig_free(&g);

    /* at 2 GHz a step takes 2 cycles (1.22 ns), a read 1 (0.56 ns) */
    const char *const fast[] = { "racetrack.banks=1", "racetrack.size=8192",
                                 "sm.clock_mhz=2000", "racetrack.arbiter=1",
                                 NULL };
    rig_init(&g, fast, 1, 64);
    racetrack_rf_ops.read(g.rf, 0, reg_at(&g, 0, 0, 3, 64, 8), 7, false);
    run_until_idle(&g, 100);
    assert_int_equal(g.rd_at[7], 6);          /* 3 x 2 cycles, read in 6 */
    assert_int_equal(stat(&g, "shift_stall_cycles"), 6);
    rig_free(&g);
}

/* Writes are served before reads, and the buffer holds 2 entries. */
static void test_write_priority(void **state)
{
    (void)state;
    struct rig g;
    rig_init(&g, one_bank, 1, 64);
    uint32_t r0 = reg_at(&g, 0, 0, 0, 64, 8), r1 = reg_at(&g, 0, 0, 1, 64, 8);
    racetrack_rf_ops.read(g.rf, 0, r0, 1, false);   /* queued first */
    racetrack_rf_ops.write(g.rf, 0, r1, 2);
    run_until_idle(&g, 100);
    assert_int_equal(g.wr_at[2], 0);          /* into the buffer at once */
    /* the write goes first: a step to offset 1 (cycle 0), the write
       (cycle 1); then the read steps back (2) and reads (3) */
    assert_int_equal(g.rd_at[1], 3);
    assert_int_equal(stat(&g, "rm_writes"), 1);
    assert_int_equal(stat(&g, "shifts"), 2);
    rig_free(&g);

    /* three writes: the third waits for a buffer entry */
    rig_init(&g, one_bank, 1, 64);
    uint32_t r4 = reg_at(&g, 0, 0, 4, 64, 8);
    for (uint32_t t = 0; t < 3; t++)
        racetrack_rf_ops.write(g.rf, 0, r4, 10 + t);
    tick(&g);
    assert_int_equal(g.wr_at[10], 0);
    assert_int_equal(g.wr_at[11], 0);
    assert_int_equal(g.wr_at[12], UINT64_MAX);
    run_until_idle(&g, 100);
    /* the first write drains after 4 steps and the write (cycle 4); the
       third enters the freed entry the next cycle */
    assert_int_equal(g.wr_at[12], 5);
    assert_int_equal(stat(&g, "write_buffer_full_cycles"), 5);
    rig_free(&g);
}

/* Preshifting: only banks the arbiter did not grant move, one step per
   cycle, toward their head request; a bank with nothing queued stays. */
static void test_preshift(void **state)
{
    (void)state;
    const char *const two[] = { "racetrack.banks=3", "racetrack.size=24576",
                                "racetrack.arbiter=1", "racetrack.preshift=true",
                                NULL };
    const char *const two_off[] = { "racetrack.banks=3", "racetrack.size=24576",
                                    "racetrack.arbiter=1", NULL };
    uint64_t done_on = 0, done_off = 0;
    for (int pre = 1; pre >= 0; pre--) {
        struct rig g;
        rig_init(&g, pre ? two : two_off, 1, 192);
        uint32_t a = reg_at(&g, 0, 0, 3, 192, 8), b = reg_at(&g, 0, 1, 5, 192, 8);
        racetrack_rf_ops.read(g.rf, 0, a, 1, false);
        racetrack_rf_ops.read(g.rf, 0, b, 2, false);
        for (uint32_t c = 0; c < 3; c++) {
            tick(&g);
            /* bank 0 is granted and shifts for its access; bank 1 moves
               one step per cycle only when preshifting; bank 2 (empty)
               never moves */
            assert_int_equal(offset(&g, 0), c + 1);
            assert_int_equal(offset(&g, 1), pre ? c + 1 : 0);
            assert_int_equal(offset(&g, 2), 0);
        }
        assert_int_equal(stat(&g, "preshift_steps"), pre ? 3 : 0);
        assert_int_equal(stat(&g, "shifts"), 3);
        run_until_idle(&g, 100);
        assert_int_equal(g.rd_at[1], 3);
        *(pre ? &done_on : &done_off) = g.rd_at[2];
        assert_int_equal(offset(&g, 1), 5);
        rig_free(&g);
    }
    /* on: 4 preshift steps while bank 0 works, one shift, the read (5);
       off: five shifts after the grant in cycle 4, the read (9) */
    assert_int_equal(done_on, 5);
    assert_int_equal(done_off, 9);
}

/* A pseudo-random access stream over several warps and banks. */
static void random_stream(struct rig *g, uint32_t seed, uint32_t warps,
                          uint32_t regs, uint32_t n)
{
    uint32_t x = seed * 2654435761u + 1;
    for (uint32_t i = 0; i < n; i++) {
        x = x * 1664525u + 1013904223u;
        uint32_t w = (x >> 8) % warps;
        /* a skewed choice: a few hot registers, many cold ones */
        uint32_t r = (x >> 20) % 4 ? (x >> 16) % 6 : (x >> 12) % regs;
        if ((x >> 4) % 5 == 0)
            racetrack_rf_ops.write(g->rf, w, r, i % MAXDONE);
        else
            racetrack_rf_ops.read(g->rf, w, r, i % MAXDONE, false);
        if (i % 3 == 2)
            tick(g);
    }
    run_until_idle(g, 10000000);
}

/* On the recorded trace the optimized mapping's S never exceeds the
   direct mapping's, and the direct S is what a direct run shifted (up
   to each tape's first alignment). */
static void test_mapping_never_worse(void **state)
{
    (void)state;
    for (uint32_t seed = 1; seed <= 6; seed++) {
        struct rig g;
        const char *const sets[] = { "racetrack.banks=4", "racetrack.size=32768",
                                     NULL };
        rig_init(&g, sets, 8, 24);
        random_stream(&g, seed, 8, 24, 3000);
        int64_t direct = stat(&g, "direct_shifts_S");
        int64_t mapped = stat(&g, "mapped_shifts_S");
        int64_t shifts = stat(&g, "shifts");
        assert_true(direct > 0);
        assert_true(mapped <= direct);
        assert_int_equal(stat(&g, "used_mapping_S"), direct);
        assert_true(shifts >= direct);
        assert_true(shifts - direct <= 4 * 8);      /* 4 tapes x 8 offsets */
        rig_free(&g);
    }
}

/* The two-pass flow: a direct run records, an optimized run of the same
   configuration reads the mapping back and shifts less. */
static void test_two_pass(void **state)
{
    (void)state;
    char dir[] = "/tmp/ws-rt-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char set_dir[128];
    snprintf(set_dir, sizeof set_dir, "racetrack.profile_dir=%s", dir);
    const char *const pass1[] = { "racetrack.banks=1", "racetrack.size=8192",
                                  "racetrack.arbiter=1", set_dir, NULL };
    const char *const pass2[] = { "racetrack.banks=1", "racetrack.size=8192",
                                  "racetrack.arbiter=1", set_dir, "racetrack.mapping=optimized", NULL };
    struct rig g;
    rig_init(&g, pass1, 2, 32);
    random_stream(&g, 9, 2, 32, 2000);
    int64_t shifts1 = stat(&g, "shifts"), mapped1 = stat(&g, "mapped_shifts_S");
    int64_t direct1 = stat(&g, "direct_shifts_S");
    assert_true(mapped1 < direct1);
    rig_free(&g);                              /* writes the profile */
    rig_init(&g, pass2, 2, 32);
    random_stream(&g, 9, 2, 32, 2000);
    assert_int_equal(stat(&g, "mapping_fallbacks"), 0);
    /* one bank, FIFO service: the same trace, so the mapping in use
       costs exactly what pass 1 computed */
    assert_int_equal(stat(&g, "used_mapping_S"), mapped1);
    assert_true(stat(&g, "shifts") < shifts1);
    rig_free(&g);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* Bad geometry is refused with a message naming the keys. */
static void test_check(void **state)
{
    (void)state;
    struct ws_config c;
    struct tparams p;
    struct ws_diag d = { 0 };
    config_init(&c);
    assert_int_equal(config_set(&c, "racetrack.domains", "60", &d), WS_OK);
    tparams_init(&p, &c);
    assert_int_equal(racetrack_check(&c, &p, &d), WS_ERR);
    assert_non_null(strstr(d.msg, "racetrack.domains = 60 must be a multiple of racetrack.ports = 8"));
    diag_reset(&d);
    config_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cycles),
        cmocka_unit_test(test_shift_then_read),
        cmocka_unit_test(test_write_priority),
        cmocka_unit_test(test_preshift),
        cmocka_unit_test(test_mapping_never_worse),
        cmocka_unit_test(test_two_pass),
        cmocka_unit_test(test_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
