/*
** test_ltrf.c - design ltrf (designs/ltrf.c, seed 004): the paper's
** numbers (Table 2, the WCB's 114880 bits, the 16 KB RFC), the timed
** banks, the address allocation units, the configuration check, and the
** mechanism on a real kernel run by the timing model: PREFETCH once per
** interval entry (a loop inside an interval prefetches once), every
** operand read hitting the register-file cache, deactivation on an L1D
** miss with write-back, ltrf+ moving fewer registers than ltrf, the
** address-table ports, the variants' capacities.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "designs/ltrf.h"
#include "designs/rfbanks.h"
#include "timing/event.h"

/* ---- the paper's numbers ------------------------------------------------- */

/* Section 4.3: 64 warps x (256 x 5 + 3 + 256 + 256) = 114880 bits; SPEC's
   formula with ceil(log2 16) = 4-bit entries would give 98496. */
static void test_wcb_bits(void **state)
{
    (void)state;
    assert_int_equal(ltrf_wcb_bits(64, 256, 5, 8), 114880);
    assert_int_equal(ltrf_wcb_bits(64, 256, 4, 8), 98496);
    assert_int_equal(ltrf_log2_ceil(8), 3);
    assert_int_equal(ltrf_log2_ceil(16), 4);
    assert_int_equal(ltrf_log2_ceil(9), 4);
    assert_int_equal(ltrf_log2_ceil(1), 0);
}

/* Table 3 / section 4.1: 16 banks x 8 active warps x 1024 bits = 16 KB =
   4096 registers. */
static void test_rfc_geometry(void **state)
{
    (void)state;
    uint64_t bits = ltrf_rfc_bits(16, 8);
    assert_int_equal(bits, 131072);
    assert_int_equal(bits / 8, 16384);
    assert_int_equal(bits / 32, 4096);
}

/* Table 2, rows #1..#7. */
static void test_table2(void **state)
{
    (void)state;
    static const double lat[7] = { 1, 1.25, 1.5, 1.6, 2.8, 5.3, 6.3 };
    static const double cap[7] = { 1, 8, 8, 8, 8, 8, 8 };
    static const double pow[7] = { 1, 8, 8, 3.2, 3.2, 1.05, 0.65 };
    static const uint32_t banks[7] = { 1, 1, 8, 1, 8, 8, 8 };
    for (uint32_t n = 1; n <= 7; n++) {
        const struct ltrf_table2 *r = ltrf_table2_row(n);
        assert_non_null(r);
        assert_true(r->latency == lat[n - 1]);
        assert_true(r->capacity == cap[n - 1]);
        assert_true(r->power == pow[n - 1]);
        assert_int_equal(r->banks, banks[n - 1]);
        assert_int_equal(r->banks * r->bank_size, n == 1 ? 1 : 8);
    }
    assert_string_equal(ltrf_table2_row(7)->cell, "DWM");
    assert_true(ltrf_table2_row(7)->area == 0.25);
    assert_null(ltrf_table2_row(0));
    assert_null(ltrf_table2_row(8));
}

/* Fig. 8: allocation takes the head of the unused queue, a release goes
   to its tail. */
static void test_aau(void **state)
{
    (void)state;
    struct ltrf_aau a;
    ltrf_aau_init(&a, 4);
    assert_int_equal(ltrf_aau_alloc(&a), 0);
    assert_int_equal(ltrf_aau_alloc(&a), 1);
    assert_int_equal(ltrf_aau_alloc(&a), 2);
    ltrf_aau_release(&a, 1);
    assert_int_equal(a.nocc, 2);
    assert_int_equal(ltrf_aau_alloc(&a), 3);
    assert_int_equal(ltrf_aau_alloc(&a), 1);
    assert_int_equal(ltrf_aau_alloc(&a), -1);
    ltrf_aau_release(&a, 2);
    ltrf_aau_release(&a, 0);
    ltrf_aau_release(&a, 7);           /* not occupied: ignored */
    assert_int_equal(a.nfree, 2);
    assert_int_equal(ltrf_aau_alloc(&a), 2);
    assert_int_equal(ltrf_aau_alloc(&a), 0);
}

/* ---- timed banks ----------------------------------------------------------- */

static uint64_t done_at(struct rfbanks *r, uint32_t tag, uint64_t upto)
{
    for (uint64_t c = 0; c <= upto; c++) {
        rfbanks_start(r, c);
        struct rfb_done d;
        while (rfbanks_pop_done(r, c, &d))
            if (d.q.tag == tag)
                return c;
    }
    return UINT64_MAX;
}

/* One-cycle banks serve one access per bank per cycle, as the baseline
   file: two reads of a bank asked in cycle 0 complete at 1 and 2, a read
   of another bank at 1; a write asked with them goes first, a background
   write last. */
static void test_banks_one_cycle(void **state)
{
    (void)state;
    struct rfbanks r;
    rfbanks_init(&r, 4, RFB_MS, RFB_MS);
    struct rfb_req q = { 0, 1, 0, 0, 0, false, false, 0 };
    rfbanks_push(&r, 0, &q);
    q.tag = 2;
    rfbanks_push(&r, 0, &q);
    q.tag = 3;
    rfbanks_push(&r, 1, &q);
    uint64_t at[4] = { 0 };
    for (uint64_t c = 0; c < 5; c++) {
        rfbanks_start(&r, c);
        struct rfb_done d;
        while (rfbanks_pop_done(&r, c, &d))
            at[d.q.tag] = c;
    }
    assert_int_equal(at[1], 1);
    assert_int_equal(at[2], 2);
    assert_int_equal(at[3], 1);
    assert_int_equal(r.conflicts, 1);
    rfbanks_clear(&r);
    q.tag = 1;
    rfbanks_push(&r, 2, &q);
    q.tag = 2;
    q.write = true;
    rfbanks_push(&r, 2, &q);
    assert_int_equal(done_at(&r, 2, 10), 1);   /* the write first */
    /* a background write (a write-back) waits for the read */
    rfbanks_clear(&r);
    q.tag = 2;
    q.background = true;
    rfbanks_push(&r, 3, &q);
    q.tag = 1;
    q.write = q.background = false;
    rfbanks_push(&r, 3, &q);
    assert_int_equal(done_at(&r, 2, 10), 2);
    rfbanks_free(&r);
}

/* A bank 5.3 times slower: one access completes after ceil(5.3) = 6
   cycles, and ten back-to-back accesses take 53 cycles, not 60; the next
   event is reported when the bank can start again. */
static void test_banks_fractional(void **state)
{
    (void)state;
    struct rfbanks r;
    uint64_t ms = rfbanks_ms(5.3);
    assert_int_equal(ms, 5300);
    rfbanks_init(&r, 1, ms, ms);
    for (uint32_t i = 0; i < 10; i++) {
        struct rfb_req q = { 0, i, 0, 0, 0, false, false, 0 };
        rfbanks_push(&r, 0, &q);
    }
    assert_int_equal(rfbanks_pending(&r), 10);
    assert_int_equal(done_at(&r, 0, 100), 6);
    rfbanks_clear(&r);
    for (uint32_t i = 0; i < 10; i++) {
        struct rfb_req q = { 0, i, 0, 0, 0, false, false, 0 };
        rfbanks_push(&r, 0, &q);
    }
    assert_int_equal(done_at(&r, 9, 100), 53);
    assert_int_equal(rfbanks_pending(&r), 0);
    /* an access asked at cycle 3 on the idle bank: the next event is 3 */
    rfbanks_clear(&r);
    struct rfb_req q = { 3 * RFB_MS, 1, 0, 0, 0, false, false, 0 };
    rfbanks_push(&r, 0, &q);
    assert_int_equal(rfbanks_next(&r, 0), 3);
    rfbanks_free(&r);
}

/* ---- configuration ------------------------------------------------------------ */

static struct th *make(const char *const *sets)
{
    static struct th t;
    if (th_init(&t, sets))
        fail_msg("%s", t.diag.msg ? t.diag.msg : "config");
    return &t;
}

/* The registers a configuration offers for occupancy: bl adds the RFC's
   16 KB to the main file, the 8x rows multiply it, ideal keeps the
   capacity at the 1x latency. */
static void test_registers(void **state)
{
    (void)state;
    struct { const char *v, *cfg; uint32_t regs; } c[] = {
        { "bl", "1", 65536 + 4096 }, { "bl", "7", 524288 + 4096 },
        { "ltrf", "7", 524288 }, { "ltrf+", "1", 65536 },
        { "ideal", "6", 524288 }, { "rfc", "2", 524288 },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char v[64], m[64];
        snprintf(v, sizeof v, "ltrf.variant=%s", c[i].v);
        snprintf(m, sizeof m, "ltrf.main_config=%s", c[i].cfg);
        const char *sets[] = { "preset=maxwell-ltrf", "design=ltrf", v, m, NULL };
        struct th *t = make(sets);
        assert_int_equal(ltrf_registers(&t->dev.cfg), c[i].regs);
        th_free(t);
    }
}

static const struct jv *bill_item(const struct jv *items, const char *part)
{
    for (size_t i = 0; i < items->n; i++)
        if (strcmp(jv_get(items->items[i], "part")->u.s, part) == 0)
            return items->items[i];
    return NULL;
}

/* The storage bill on maxwell-ltrf: the WCBs are the paper's 114880 bits,
   the RFC 16 KB, the main file Table 2 #7's 2 MB. */
static void test_bill(void **state)
{
    (void)state;
    const char *sets[] = { "preset=maxwell-ltrf", "design=ltrf", NULL };
    struct th *t = make(sets);
    struct tparams p;
    tparams_init(&p, &t->dev.cfg);
    struct jv *items = jv_arr();
    ltrf_bill(&t->dev.cfg, &p, items);
    const struct jv *wcb = bill_item(items, "warp control blocks");
    assert_non_null(wcb);
    assert_int_equal(jv_get(wcb, "bits")->u.i, 114880);
    assert_int_equal(jv_get(bill_item(items, "register-file cache"), "bits")->u.i,
                     131072);
    assert_int_equal(jv_get(bill_item(items, "main register file"), "bits")->u.i,
                     2097152LL * 8);
    assert_non_null(bill_item(items, "address allocation units"));
    jv_free(items);
    th_free(t);
    /* bl has neither cache nor WCBs */
    const char *bl[] = { "preset=maxwell-ltrf", "design=ltrf", "ltrf.variant=bl",
                         NULL };
    t = make(bl);
    items = jv_arr();
    ltrf_bill(&t->dev.cfg, &p, items);
    assert_null(bill_item(items, "warp control blocks"));
    assert_null(bill_item(items, "register-file cache"));
    jv_free(items);
    th_free(t);
}

/* The cached variants need the two-level scheduler's active pool; the
   crossbar width must divide a warp register. */
static void test_check(void **state)
{
    (void)state;
    struct { const char *v, *pol, *xbar; bool ok; } c[] = {
        { "ltrf", "two-level", "256", true }, { "ltrf+", "gto", "256", false },
        { "rfc", "lrr", "256", false }, { "bl", "gto", "256", true },
        { "ideal", "gto", "256", true }, { "ltrf", "two-level", "96", false },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char v[64], pol[64], xb[64];
        snprintf(v, sizeof v, "ltrf.variant=%s", c[i].v);
        snprintf(pol, sizeof pol, "sched.policy=%s", c[i].pol);
        snprintf(xb, sizeof xb, "ltrf.xbar_bits=%s", c[i].xbar);
        const char *sets[] = { "design=ltrf", v, pol, xb, NULL };
        struct th *t = make(sets);
        struct tparams p;
        tparams_init(&p, &t->dev.cfg);
        struct ws_diag d = { 0 };
        assert_int_equal(ltrf_check(&t->dev.cfg, &p, &d) == WS_OK, c[i].ok);
        diag_reset(&d);
        th_free(t);
    }
}

/* ---- the mechanism on a kernel ------------------------------------------------- */

/* Twenty constants (more registers than an interval holds), then a loop
   of n iterations adding a[tid] (a global load) with a three-operand
   mad, then the constants summed and added: b[tid] = n * a[tid] + 390.
   The constants live across the loop fill the interval before it: the
   loop header is the head of its own interval, which every iteration's
   back edge enters again. */
static const char *loop_ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 a, .param .u64 b, .param .u32 n)\n{\n"
    " .reg .b32 %r<40>;\n .reg .b64 %rd<8>;\n .reg .pred %p<2>;\n"
    " ld.param.u64 %rd1, [a];\n ld.param.u64 %rd2, [b];\n ld.param.u32 %r1, [n];\n"
    " mov.u32 %r2, %tid.x;\n mul.wide.u32 %rd3, %r2, 4;\n"
    " add.s64 %rd4, %rd1, %rd3;\n add.s64 %rd5, %rd2, %rd3;\n"
    " mov.u32 %r10, 10;\n mov.u32 %r11, 11;\n mov.u32 %r12, 12;\n mov.u32 %r13, 13;\n"
    " mov.u32 %r14, 14;\n mov.u32 %r15, 15;\n mov.u32 %r16, 16;\n mov.u32 %r17, 17;\n"
    " mov.u32 %r18, 18;\n mov.u32 %r19, 19;\n mov.u32 %r20, 20;\n mov.u32 %r21, 21;\n"
    " mov.u32 %r22, 22;\n mov.u32 %r23, 23;\n mov.u32 %r24, 24;\n mov.u32 %r25, 25;\n"
    " mov.u32 %r26, 26;\n mov.u32 %r27, 27;\n mov.u32 %r28, 28;\n mov.u32 %r29, 29;\n"
    " mov.u32 %r4, 0;\n mov.u32 %r5, 0;\n mov.u32 %r7, 1;\n"
    "$L:\n ld.global.u32 %r6, [%rd4];\n mad.lo.u32 %r5, %r6, %r7, %r5;\n"
    " add.u32 %r4, %r4, 1;\n setp.lt.u32 %p1, %r4, %r1;\n @%p1 bra $L;\n"
    " add.u32 %r3, %r10, %r11;\n add.u32 %r3, %r3, %r12;\n add.u32 %r3, %r3, %r13;\n"
    " add.u32 %r3, %r3, %r14;\n add.u32 %r3, %r3, %r15;\n add.u32 %r3, %r3, %r16;\n"
    " add.u32 %r3, %r3, %r17;\n add.u32 %r3, %r3, %r18;\n add.u32 %r3, %r3, %r19;\n"
    " add.u32 %r3, %r3, %r20;\n add.u32 %r3, %r3, %r21;\n add.u32 %r3, %r3, %r22;\n"
    " add.u32 %r3, %r3, %r23;\n add.u32 %r3, %r3, %r24;\n add.u32 %r3, %r3, %r25;\n"
    " add.u32 %r3, %r3, %r26;\n add.u32 %r3, %r3, %r27;\n add.u32 %r3, %r3, %r28;\n"
    " add.u32 %r3, %r3, %r29;\n"
    " add.u32 %r5, %r5, %r3;\n st.global.u32 [%rd5], %r5;\n ret;\n}\n";

struct events {
    uint64_t prefetch, activate, deactivate, interval;
    uint64_t max_fetched;         /* most registers one PREFETCH fetched */
    uint64_t max_set;             /* largest working set prefetched */
};

static bool on_event(void *ctx, const struct ws_event *e)
{
    struct events *v = ctx;
    const char *n = ev_name((enum ev_type)e->type);
    if (!n)
        return false;
    if (strcmp(n, "ltrf.prefetch") == 0) {
        v->prefetch++;
        if ((uint64_t)e->b > v->max_fetched)
            v->max_fetched = (uint64_t)e->b;
        if (e->addr > v->max_set)
            v->max_set = e->addr;
    } else if (strcmp(n, "ltrf.activate") == 0) {
        v->activate++;
        if ((uint64_t)e->b > v->max_fetched)
            v->max_fetched = (uint64_t)e->b;
    } else if (strcmp(n, "ltrf.deactivate") == 0) {
        v->deactivate++;
    } else if (strcmp(n, "ltrf.interval") == 0) {
        v->interval++;
    }
    return false;
}

/* Runs loop_ptx with 4 warps (one scheduler, an active pool of 2) for n
   iterations under the extra settings; checks the results; returns the
   statistics and counts the design's events. */
static struct jv *run(uint32_t n, const char *const *extra, struct events *ev)
{
    const char *sets[24] = { "design=ltrf", "sched.policy=two-level",
                             "sm.schedulers=1", "sched.active_warps=2",
                             "sm.count=1", "ltrf.main_config=6" };
    int k = 6;
    for (; extra && *extra && k < 23; extra++)
        sets[k++] = *extra;
    sets[k] = NULL;
    struct th t;
    if (th_init(&t, sets))
        fail_msg("configuration");
    struct evbus bus;
    evbus_init(&bus);
    uint64_t types = 0;
    static const char *names[] = { "ltrf.prefetch", "ltrf.activate",
                                   "ltrf.deactivate", "ltrf.interval" };
    for (int i = 0; i < 4; i++) {
        int ty = ev_lookup(names[i]);
        assert_true(ty >= 0);
        types |= 1ULL << ty;
    }
    memset(ev, 0, sizeof *ev);
    assert_true(evbus_subscribe(&bus, types, on_event, ev) >= 0);
    t.dev.bus = &bus;
    assert_int_equal(th_load(&t, loop_ptx), 0);
    uint64_t a = th_alloc(&t, 128 * 4), b = th_alloc(&t, 128 * 4);
    uint32_t in[128], out[128];
    for (int i = 0; i < 128; i++)
        in[i] = (uint32_t)(3 * i + 1);
    th_write(&t, a, in, sizeof in);
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 128, 1, 1 };
    uint64_t args[3] = { a, b, n };
    if (th_launch(&t, "k", grid, block, 0, args, 3))
        fail_msg("%s", th_error(&t));
    th_read(&t, b, out, sizeof out);
    for (int i = 0; i < 128; i++)
        assert_int_equal(out[i], n * in[i] + 390);
    struct jv *st = device_stats(&t.dev);
    th_free(&t);
    return st;
}

static int64_t L(const struct jv *st, const char *key)
{
    const struct jv *v = jv_get(jv_get(st, "ltrf"), key);
    if (!v)
        fail_msg("no ltrf.%s", key);
    return v->kind == JV_INT ? v->u.i : (int64_t)v->u.d;
}

/* A loop inside one interval prefetches once: 2 and 12 iterations give
   the same PREFETCHes and interval visits (the trigger is entering an
   interval from another, not reaching its head); every operand read hits
   the RFC; no PREFETCH fetches more than an interval holds. */
static void test_prefetch_once_per_entry(void **state)
{
    (void)state;
    const char *perfect[] = { "l1d.perfect=true", "sched.leave_on=miss", NULL };
    struct events e2, e12;
    struct jv *s2 = run(2, perfect, &e2), *s12 = run(12, perfect, &e12);
    assert_true(L(s2, "prefetches") > 0);
    assert_int_equal(L(s2, "prefetches"), L(s12, "prefetches"));
    assert_int_equal(L(s2, "interval_visits"), L(s12, "interval_visits"));
    assert_true(L(s12, "interval_length_avg") > L(s2, "interval_length_avg"));
    assert_int_equal(L(s12, "interval_instructions"),
                     jv_get(s12, "warp_instructions")->u.i);
    assert_int_equal(L(s12, "rfc_read_misses"), 0);
    assert_int_equal(L(s12, "rfc_reads"), L(s12, "operand_reads"));
    assert_int_equal((int64_t)e12.prefetch, L(s12, "prefetches"));
    assert_int_equal((int64_t)e12.interval + 4, L(s12, "interval_visits"));
    assert_true(e12.max_fetched <= 16 && e12.max_set <= 16);
    /* every hit: no warp leaves the pool for a load */
    assert_int_equal(L(s12, "deactivations"), 0);
    assert_int_equal(L(s12, "activations"), 4);
    const struct jv *r = jv_get(jv_get(s12, "sm")->items[0], "stall_reasons");
    assert_non_null(jv_get(r, "prefetch"));       /* the part's reason */
    assert_null(jv_get(r, "design"));
    jv_free(s2);
    jv_free(s12);
}

/* A load that misses sends its warp out of the active pool
   (sched.leave_on = miss): it writes its registers back, and is activated
   again, fetching its interval's working set; with every load hitting no
   warp leaves. ltrf+ moves live registers only: fewer than ltrf. */
static void test_deactivate_on_miss(void **state)
{
    (void)state;
    const char *miss[] = { "sched.leave_on=miss", "sched.refill=skip-memory",
                           "ltrf.variant=ltrf", NULL };
    const char *plus[] = { "sched.leave_on=miss", "sched.refill=skip-memory",
                           "ltrf.variant=ltrf+", NULL };
    struct events e, ep;
    struct jv *s = run(4, miss, &e), *sp = run(4, plus, &ep);
    assert_true(L(s, "deactivations") > 0);
    assert_int_equal((int64_t)e.deactivate, L(s, "deactivations"));
    assert_int_equal(L(s, "activations"), L(s, "deactivations") + 4);
    assert_true(L(s, "registers_written_back") > 0);
    assert_true(L(sp, "registers_written_back") < L(s, "registers_written_back"));
    assert_true(L(sp, "registers_prefetched") < L(s, "registers_prefetched"));
    assert_true(L(sp, "registers_allocated_only") > 0);
    assert_int_equal(L(s, "registers_allocated_only"), 0);
    assert_int_equal(L(s, "rfc_read_misses"), 0);
    assert_int_equal(L(sp, "rfc_read_misses"), 0);
    /* main-RF traffic is exactly the fills, the write-backs and the
       result writes of warps that had left */
    assert_int_equal(L(s, "main_rf_reads"), L(s, "registers_prefetched"));
    assert_int_equal(L(s, "main_rf_writes"),
                     L(s, "registers_written_back") + L(s, "rfc_write_misses"));
    jv_free(s);
    jv_free(sp);
}

/* The address table has wcb_ports read ports: the three-operand mad (and
   a 64-bit address, two registers) look up over two cycles with 2 ports,
   never with 16. */
static void test_wcb_ports(void **state)
{
    (void)state;
    const char *two[] = { "l1d.perfect=true", "ltrf.wcb_ports=2", NULL };
    const char *many[] = { "l1d.perfect=true", "ltrf.wcb_ports=16", NULL };
    struct events e;
    struct jv *a = run(8, two, &e), *b = run(8, many, &e);
    assert_true(L(a, "wcb_lookup_cycles") >= 4 * 8);   /* a mad per iteration */
    assert_int_equal(L(b, "wcb_lookup_cycles"), 0);
    assert_true(jv_get(a, "cycles")->u.i >= jv_get(b, "cycles")->u.i);
    jv_free(a);
    jv_free(b);
}

/* The variants on the same kernel: bl and ideal have no cache (every
   access in the main file), rfc hits some of its reads and misses others,
   and a slower main file costs bl more cycles than ideal. */
static void test_variants(void **state)
{
    (void)state;
    const char *bl[] = { "ltrf.variant=bl", NULL };
    const char *ideal[] = { "ltrf.variant=ideal", NULL };
    const char *rfc[] = { "ltrf.variant=rfc", NULL };
    struct events e;
    struct jv *sb = run(6, bl, &e), *si = run(6, ideal, &e), *sr = run(6, rfc, &e);
    assert_int_equal(L(sb, "main_rf_accesses"),
                     L(sb, "operand_reads") + L(sb, "result_writes"));
    assert_int_equal(L(sb, "rfc_reads"), 0);
    assert_int_equal(L(sb, "activations"), 0);
    assert_true(jv_get(sb, "cycles")->u.i > jv_get(si, "cycles")->u.i);
    double hr = jv_get(jv_get(sr, "ltrf"), "rfc_hit_rate")->u.d;
    assert_true(hr > 0.0 && hr < 1.0);
    assert_int_equal(L(sr, "prefetches"), 0);
    assert_true(L(sr, "main_rf_accesses") <
                L(sb, "operand_reads") + L(sb, "result_writes"));
    jv_free(sb);
    jv_free(si);
    jv_free(sr);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wcb_bits),
        cmocka_unit_test(test_rfc_geometry),
        cmocka_unit_test(test_table2),
        cmocka_unit_test(test_aau),
        cmocka_unit_test(test_banks_one_cycle),
        cmocka_unit_test(test_banks_fractional),
        cmocka_unit_test(test_registers),
        cmocka_unit_test(test_bill),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_prefetch_once_per_entry),
        cmocka_unit_test(test_deactivate_on_miss),
        cmocka_unit_test(test_wcb_ports),
        cmocka_unit_test(test_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
