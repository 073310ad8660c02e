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
#include "compile/image.h"
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

/* A register file of SM `sm` from `sets` ("key=value", NULL-terminated),
   not launched yet. */
static void rig_make(struct rig *g, const char *const *sets, uint32_t sm)
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
    struct seam_env env = { .p = &g->p, .sm = sm, .cycle = &g->cycle,
                            .cfg = &g->cfg, .ctx = g, .rf_done = on_done };
    g->rf = racetrack_rf_ops.part.create(&env);
    for (int i = 0; i < MAXDONE; i++)
        g->rd_at[i] = g->wr_at[i] = UINT64_MAX;
}

/* The same, with one launch of `warps` warps (one-warp CTAs, all
   resident) of `regs` registers each. */
static void rig_init(struct rig *g, const char *const *sets, uint32_t warps,
                     uint32_t regs)
{
    rig_make(g, sets, 0);
    struct seam_launch l = { NULL, regs, 1, warps, warps };
    racetrack_rf_ops.part.launch(g->rf, &l);
}

static void rig_free(struct rig *g)
{
    racetrack_rf_ops.part.destroy(g->rf);
    config_free(&g->cfg);
}

static void tick(struct rig *g)
{
    racetrack_rf_ops.part.tick(g->rf, g->cycle);
    g->cycle++;
}

static void run_until_idle(struct rig *g, uint64_t limit)
{
    while (racetrack_rf_ops.part.next_event(g->rf, g->cycle) != UINT64_MAX &&
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
    racetrack_section(&(struct design_parts){ .rf = g->rf }, o);
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
    /* an access converts its whole time at once, Table 3 at 700 MHz:
       ceil((d x 0.61 + 0.28 read / 1.24 write) x 0.7) */
    assert_int_equal(racetrack_access_cycles(7, 0.28, 0.61, 700), 4); /* 3.185 */
    assert_int_equal(racetrack_access_cycles(0, 0.28, 0.61, 700), 1); /* 0.196 */
    assert_int_equal(racetrack_access_cycles(0, 1.24, 0.61, 700), 1); /* 0.868 */
    assert_int_equal(racetrack_access_cycles(3, 1.24, 0.61, 700), 3); /* 2.149 */
    /* not a cycle per step: 5 steps and a read are 2.331 cycles, not 6 */
    assert_int_equal(racetrack_access_cycles(5, 0.28, 0.61, 700), 3);
    /* at 2 GHz: (3 x 0.61 + 0.28) x 2 = 4.22 */
    assert_int_equal(racetrack_access_cycles(3, 0.28, 0.61, 2000), 5);
    /* steps done c cycles into an access: floor(c x 1.4286 / 0.61) */
    assert_int_equal(racetrack_steps_within(0, 0.61, 700), 0);
    assert_int_equal(racetrack_steps_within(1, 0.61, 700), 2);   /* 2.34 */
    assert_int_equal(racetrack_steps_within(2, 0.61, 700), 4);   /* 4.68 */
    assert_int_equal(racetrack_steps_within(3, 0.61, 700), 7);   /* 7.03 */
    assert_int_equal(racetrack_steps_within(1, 0.61, 2000), 0);  /* 0.82 */
    assert_int_equal(racetrack_steps_within(5, 0.61, 2000), 4);  /* 4.10 */
}

/* Shift steps and the read in one converted time; the tape moves step by
   step meanwhile and stays put afterwards. */
static void test_shift_then_read(void **state)
{
    (void)state;
    struct rig g;
    rig_init(&g, one_bank, 1, 64);
    uint32_t r5 = reg_at(&g, 0, 0, 5, 64, 8), r2 = reg_at(&g, 0, 0, 2, 64, 8);
    racetrack_rf_ops.read(g.rf, 0, r5, 1, false);
    /* 5 steps + read: ceil(3.33 ns x 0.7) = 3 cycles; 2, 4, 5 steps done */
    const uint32_t at[3] = { 2, 4, 5 };
    for (int c = 0; c < 3; c++) {
        tick(&g);
        assert_int_equal(offset(&g, 0), at[c]);
    }
    assert_int_equal(g.rd_at[1], 2);
    assert_int_equal(offset(&g, 0), 5);
    racetrack_rf_ops.read(g.rf, 0, r2, 2, false);
    uint64_t t0 = g.cycle;
    run_until_idle(&g, 100);
    assert_int_equal(g.rd_at[2] - t0, 1);     /* 5 -> 2: 1.477 -> 2 cycles */
    assert_int_equal(offset(&g, 0), 2);
    assert_int_equal(stat(&g, "shifts"), 8);
    /* the cycles shifting added: (3 - 1) + (2 - 1) */
    assert_int_equal(stat(&g, "shift_stall_cycles"), 3);
    assert_int_equal(stat(&g, "accesses_shifted"), 2);
    rig_free(&g);

    /* at 2 GHz a step is longer than a cycle (1.22): 3 steps and a read
       take 5 cycles, the steps done after 2, 3 and 4 of them */
    const char *const fast[] = { "racetrack.banks=1", "racetrack.size=8192",
                                 "sm.clock_mhz=2000", "racetrack.arbiter=1",
                                 NULL };
    rig_init(&g, fast, 1, 64);
    racetrack_rf_ops.read(g.rf, 0, reg_at(&g, 0, 0, 3, 64, 8), 7, false);
    const uint32_t at2[4] = { 0, 1, 2, 3 };
    for (int c = 0; c < 4; c++) {
        tick(&g);
        assert_int_equal(offset(&g, 0), at2[c]);
    }
    run_until_idle(&g, 100);
    assert_int_equal(g.rd_at[7], 4);
    assert_int_equal(stat(&g, "shift_stall_cycles"), 4);
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
    /* the write goes first: a step and the write, 1.85 ns = 2 cycles (0,
       1); then the read steps back and reads, 0.89 ns = 1 cycle (2) */
    assert_int_equal(g.rd_at[1], 2);
    assert_int_equal(stat(&g, "rm_writes"), 1);
    assert_int_equal(stat(&g, "shifts"), 2);
    assert_int_equal(stat(&g, "shift_stall_cycles"), 1);
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
    /* the first write drains after 4 steps and the write, 3.68 ns = 3
       cycles (0-2); the third enters the freed entry the next cycle */
    assert_int_equal(g.wr_at[12], 3);
    assert_int_equal(stat(&g, "write_buffer_full_cycles"), 3);
    int64_t hw[9] = { 0 };
    struct jv *o = jv_obj();
    racetrack_section(&(struct design_parts){ .rf = g.rf }, o);
    const struct jv *h = jv_get(o, "shift_histogram_writes");
    assert_non_null(h);
    assert_int_equal(h->n, 9);
    for (size_t d = 0; d < h->n; d++)
        hw[d] = h->items[d]->u.i;
    jv_free(o);
    assert_int_equal(hw[4], 1);               /* the first write: 4 steps */
    assert_int_equal(hw[0], 2);               /* the others: none */
    rig_free(&g);
}

/* The arbiter grants round-robin from the bank after the last one
   granted: 16 banks with one read each, 4 slots, are served 4 a cycle in
   bank order, every bank within 4 cycles. */
static void test_arbiter_round_robin(void **state)
{
    (void)state;
    const char *const sets[] = { "racetrack.arbiter=4", NULL };
    struct rig g;
    rig_init(&g, sets, 16, 16);
    /* warp 0's register r is in bank r (w + r mod 16), offset 0 */
    for (uint32_t r = 0; r < 16; r++) {
        uint32_t b, t, dom;
        racetrack_place(g.rf, 0, r, &b, &t, &dom);
        assert_int_equal(b, r);
        racetrack_rf_ops.read(g.rf, 0, r, r, false);
    }
    run_until_idle(&g, 100);
    for (uint32_t r = 0; r < 16; r++)
        assert_int_equal(g.rd_at[r], r / 4);
    /* the next round starts after bank 15: bank 0 first again, and a
       bank with work is never skipped */
    g.cycle = 10;
    for (uint32_t r = 0; r < 16; r += 3)
        racetrack_rf_ops.read(g.rf, 0, r, 32 + r, false);
    run_until_idle(&g, 100);
    for (uint32_t r = 0, i = 0; r < 16; r += 3, i++)
        assert_int_equal(g.rd_at[32 + r], 10 + i / 4);
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
        /* bank 0 is granted: 3 steps and the read in 2 cycles (2 steps,
           then 1); bank 1 moves one step per cycle only when
           preshifting; bank 2 (empty) never moves */
        const uint32_t at0[2] = { 2, 3 };
        for (uint32_t c = 0; c < 2; c++) {
            tick(&g);
            assert_int_equal(offset(&g, 0), at0[c]);
            assert_int_equal(offset(&g, 1), pre ? c + 1 : 0);
            assert_int_equal(offset(&g, 2), 0);
        }
        assert_int_equal(g.rd_at[1], 1);
        assert_int_equal(stat(&g, "preshift_steps"), pre ? 2 : 0);
        assert_int_equal(stat(&g, "shifts"), 3);
        run_until_idle(&g, 100);
        *(pre ? &done_on : &done_off) = g.rd_at[2];
        assert_int_equal(offset(&g, 1), 5);
        /* a granted bank does not preshift: its moves are demand steps */
        assert_int_equal(stat(&g, "preshift_steps"), pre ? 2 : 0);
        assert_int_equal(stat(&g, "shifts"), pre ? 6 : 8);
        rig_free(&g);
    }
    /* on: granted in cycle 2 three steps away, 2 cycles (2, 3); off:
       five steps away, 3.33 ns = 3 cycles (2-4) */
    assert_int_equal(done_on, 3);
    assert_int_equal(done_off, 4);
}

/* A preshift step longer than a cycle and unfinished at the grant is
   abandoned: the tape stays where the last whole step left it, the
   granted access shifts from there and every step is counted once, as a
   preshift (done while idle) or a demand shift (distance at the grant). */
static void test_preshift_cut_at_grant(void **state)
{
    (void)state;
    const char *const sets[] = { "racetrack.banks=3", "racetrack.size=24576",
                                 "racetrack.arbiter=1", "racetrack.preshift=true",
                                 "sm.clock_mhz=2000", NULL };
    struct rig g;
    rig_init(&g, sets, 1, 192);
    uint32_t a = reg_at(&g, 0, 0, 2, 192, 8), b = reg_at(&g, 0, 1, 5, 192, 8);
    racetrack_rf_ops.read(g.rf, 0, a, 1, false);
    racetrack_rf_ops.read(g.rf, 0, b, 2, false);
    /* bank 0: 2 steps + read = 1.5 ns = 3 cycles (0-2). Bank 1 preshifts
       a step per 2 cycles: done in cycle 1, the next one started in
       cycle 2 is cut by the grant in cycle 3 */
    for (int c = 0; c < 4; c++)
        tick(&g);
    assert_int_equal(g.rd_at[1], 2);
    assert_int_equal(offset(&g, 1), 1);
    assert_int_equal(stat(&g, "preshift_steps"), 1);
    run_until_idle(&g, 100);
    /* 4 steps + read from cycle 3: 2.72 ns = 6 cycles (3-8) */
    assert_int_equal(g.rd_at[2], 8);
    assert_int_equal(offset(&g, 1), 5);
    assert_int_equal(stat(&g, "preshift_steps"), 1);
    assert_int_equal(stat(&g, "shifts"), 2 + 4);
    rig_free(&g);
}

/* The shift counts S are recomputed when the move counts change, also
   when the counters were read between an access's grant and its end. */
static void test_S_not_stale(void **state)
{
    (void)state;
    struct rig g;
    rig_init(&g, one_bank, 1, 64);
    uint32_t r5 = reg_at(&g, 0, 0, 5, 64, 8), r2 = reg_at(&g, 0, 0, 2, 64, 8);
    racetrack_rf_ops.read(g.rf, 0, r5, 1, false);
    run_until_idle(&g, 100);
    racetrack_rf_ops.read(g.rf, 0, r2, 2, false);
    tick(&g);                                  /* granted, not done */
    assert_int_equal(g.rd_at[2], UINT64_MAX);
    assert_int_equal(stat(&g, "direct_shifts_S"), 0);
    run_until_idle(&g, 100);
    assert_int_equal(stat(&g, "direct_shifts_S"), 3);    /* the move 5 -> 2 */
    rig_free(&g);
}

/* Registers are placed for the warps that can be resident at once, not
   for the occupancy limit; both are reported. */
static void test_resident_placement(void **state)
{
    (void)state;
    const char *const sets[] = { "racetrack.banks=4", "racetrack.size=32768",
                                 NULL };
    struct rig g;
    rig_make(&g, sets, 0);
    /* 4 CTAs of 2 warps fit, but the grid gives this SM at most 1 */
    struct seam_launch l = { NULL, 8, 2, 4, 1 };
    racetrack_rf_ops.part.launch(g.rf, &l);
    uint32_t regs = 0;
    for (uint32_t b = 0; b < 4; b++) {
        struct racetrack_tape_view v;
        racetrack_tape(g.rf, b, 0, &v);
        regs += v.registers;
    }
    assert_int_equal(regs, 2 * 8);
    assert_int_equal(stat(&g, "resident_warps_sum"), 8);  /* the limit */
    assert_int_equal(stat(&g, "resident_ctas_sum"), 1);
    assert_int_equal(stat(&g, "active_warps_sum"), 2);
    rig_free(&g);
}

/* A bank cannot take more registers than its tapes hold: the launch
   check refuses; a launch it accepts puts every register of a full file
   in a domain of its own bank. */
static void test_bank_overflow(void **state)
{
    (void)state;
    /* 4 banks of one 64-domain tape; 48 warps x 5 registers = 240 of 256,
       but with registers r mod 4 bank 0 gets r = 0, 4: 96 */
    const char *const sets[] = { "racetrack.banks=4", "racetrack.size=32768",
                                 "sm.max_warps=48", "rf.bank_map=reg", NULL };
    const char *const even[] = { "racetrack.banks=4", "racetrack.size=32768",
                                 "sm.max_warps=48", NULL };
    struct rig g;
    struct seam_launch l = { NULL, 5, 1, 48, 48 };
    struct ws_diag d = { 0 };
    rig_make(&g, sets, 0);
    assert_ptr_equal(racetrack_rf_ops.part.check_launch, racetrack_launch_check);
    assert_int_equal(racetrack_launch_check(g.rf, &l, &d), WS_ERR);
    assert_non_null(strstr(d.msg, "5 registers per thread x 48 resident warps"));
    assert_non_null(strstr(d.msg, "put 96 warp registers in racetrack bank 0 under rf.bank_map = reg, but a bank holds 64 (1 tapes x 64 domains)"));
    diag_reset(&d);
    /* fewer resident CTAs than the limit: 12 warps x 5, bank 0 gets 24 */
    l.resident_ctas = 12;
    assert_int_equal(racetrack_launch_check(g.rf, &l, &d), WS_OK);
    rig_free(&g);
    /* (w + r) mod 4 with 48 warps: 60 per bank, every one placed */
    l.resident_ctas = 48;
    rig_make(&g, even, 0);
    assert_int_equal(racetrack_launch_check(g.rf, &l, &d), WS_OK);
    racetrack_rf_ops.part.launch(g.rf, &l);
    static uint8_t seen[4][64];
    memset(seen, 0, sizeof seen);
    for (uint32_t w = 0; w < 48; w++)
        for (uint32_t r = 0; r < 5; r++) {
            uint32_t b, t, dom;
            racetrack_place(g.rf, w, r, &b, &t, &dom);
            assert_int_equal(b, (w + r) % 4);
            assert_true(t == 0 && dom < 64);
            assert_int_equal(seen[b][dom], 0);
            seen[b][dom] = 1;
        }
    rig_free(&g);
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

/* A fresh profile directory (dir: a mkdtemp template) and its setting. */
static void profile_dir(char *dir, char *set, size_t n)
{
    assert_non_null(mkdtemp(dir));
    snprintf(set, n, "racetrack.profile_dir=%s", dir);
}

/* The two-pass flow: a direct run records, an optimized run of the same
   configuration reads the mapping back and shifts less. */
static void test_two_pass(void **state)
{
    (void)state;
    char dir[] = "/tmp/ws-rt-XXXXXX", set_dir[128];
    profile_dir(dir, set_dir, sizeof set_dir);
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

/* The optimized mapping is one per launch for all SMs: from the move
   counts of every SM, summed; and it is keyed by the kernel's code. */
static void test_merged_profile(void **state)
{
    (void)state;
    char dir[] = "/tmp/ws-rt-XXXXXX", set_dir[128];
    profile_dir(dir, set_dir, sizeof set_dir);
    const char *const pass1[] = { "racetrack.banks=1", "racetrack.size=8192",
                                  "racetrack.arbiter=1", "sm.count=2",
                                  set_dir, NULL };
    const char *const pass2[] = { "racetrack.banks=1", "racetrack.size=8192",
                                  "racetrack.arbiter=1", "sm.count=2",
                                  set_dir, "racetrack.mapping=optimized", NULL };
    struct kinst code[2];
    memset(code, 0, sizeof code);
    code[0].op = 1;
    struct kimage k;
    memset(&k, 0, sizeof k);
    k.name = "kern";
    k.ninst = 2;
    k.insts = code;
    struct seam_launch l = { &k, 32, 1, 2, 2 };
    struct rig g[2];
    for (uint32_t sm = 0; sm < 2; sm++) {
        rig_make(&g[sm], pass1, sm);
        racetrack_rf_ops.part.launch(g[sm].rf, &l);
        random_stream(&g[sm], 11 + sm, 2, 32, 2000);
    }
    int64_t direct = stat(&g[0], "direct_shifts_S") + stat(&g[1], "direct_shifts_S");
    /* SM 0 alone cannot map the launch; SM 1 completes the set */
    rig_free(&g[0]);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "test $(ls %s | grep -c rtmap) = 0", dir);
    assert_int_equal(system(cmd), 0);
    rig_free(&g[1]);
    snprintf(cmd, sizeof cmd, "test $(ls %s | grep -c rtmap) = 1", dir);
    assert_int_equal(system(cmd), 0);
    int64_t used = 0;
    for (uint32_t sm = 0; sm < 2; sm++) {
        rig_make(&g[sm], pass2, sm);
        racetrack_rf_ops.part.launch(g[sm].rf, &l);
        assert_int_equal(stat(&g[sm], "mapping_fallbacks"), 0);
    }
    /* the same mapping on both SMs */
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t w = 0; w < 2; w++) {
            uint32_t b0, t0, d0, b1, t1, d1;
            racetrack_place(g[0].rf, w, r, &b0, &t0, &d0);
            racetrack_place(g[1].rf, w, r, &b1, &t1, &d1);
            assert_int_equal(d0, d1);
        }
    for (uint32_t sm = 0; sm < 2; sm++) {
        random_stream(&g[sm], 11 + sm, 2, 32, 2000);
        used += stat(&g[sm], "used_mapping_S");
        rig_free(&g[sm]);
    }
    assert_true(used < direct);
    /* other code under the same name and length: not this profile */
    code[1].op = 7;
    rig_make(&g[0], pass2, 0);
    racetrack_rf_ops.part.launch(g[0].rf, &l);
    assert_int_equal(stat(&g[0], "mapping_fallbacks"), 1);
    rig_free(&g[0]);
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
        cmocka_unit_test(test_preshift_cut_at_grant),
        cmocka_unit_test(test_S_not_stale),
        cmocka_unit_test(test_resident_placement),
        cmocka_unit_test(test_bank_overflow),
        cmocka_unit_test(test_arbiter_round_robin),
        cmocka_unit_test(test_mapping_never_worse),
        cmocka_unit_test(test_two_pass),
        cmocka_unit_test(test_merged_profile),
        cmocka_unit_test(test_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
