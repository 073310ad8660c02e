/* test_dram.c - the DRAM channel: address mapping, bank timing, FR-FCFS,
   the data bus, the queue, and gap-free equivalence of dram_tick. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "timing/dram.h"

/* The built-in defaults (src/config/keys.h): 700 MHz core, 924 MHz DRAM. */
static struct dram_cfg defcfg(void)
{
    return (struct dram_cfg){
        .banks = 16, .row_bytes = 2048, .channels = 2,
        .tCL = 12, .tRCD = 12, .tRAS = 28, .tRP = 12, .burst = 4,
        .queue = 32, .core_mhz = 700, .dram_mhz = 924,
    };
}

/* The documented conversion, computed independently of dram.c. */
static uint64_t conv(const struct dram_cfg *c, uint64_t x)
{
    return (x * c->core_mhz + c->dram_mhz - 1) / c->dram_mhz;
}

static uint64_t bus_of(const struct dram_cfg *c, uint32_t bytes)
{
    return conv(c, (uint64_t)c->burst * (bytes / 32));
}

/* The data bus is timed exactly, in ticks: a core cycle is dram_mhz
   ticks, a DRAM cycle core_mhz ticks. A burst's length in ticks: */
static uint64_t bus_ticks(const struct dram_cfg *c, uint32_t bytes)
{
    return (uint64_t)c->burst * (bytes / 32) * c->core_mhz;
}

/* The inverse of the documented mapping: the global address of byte col
   of row `row` in bank `bank` of channel ch. */
static uint64_t addr_of(const struct dram_cfg *c, uint32_t ch, uint32_t bank,
                        uint64_t row, uint32_t col)
{
    uint64_t local = (row * c->banks + bank) * c->row_bytes + col;
    return ((local / 256) * c->channels + ch) * 256 + local % 256;
}

static struct dram_req rd(uint64_t addr, uint32_t bytes, uint32_t tag)
{
    return (struct dram_req){ .addr = addr, .bytes = bytes, .write = false,
                              .tag = tag };
}

/* Ticks every cycle from `from` until tag's completion pops; returns the
   cycle it popped. Other completions are recorded in done[] if given. */
static uint64_t run_until(struct dram_chan *d, uint64_t from, uint32_t tag,
                          uint64_t *done, size_t ndone)
{
    for (uint64_t t = from; t < from + 100000; t++) {
        dram_tick(d, t);
        struct dram_req r;
        bool found = false;
        while (dram_pop(d, t, &r)) {
            if (done && r.tag < ndone)
                done[r.tag] = t;
            if (r.tag == tag)
                found = true;
        }
        if (found)
            return t;
    }
    fail_msg("tag %u never completed", tag);
    return 0;
}

/* 0, 256, 512, 768 go to channels 0..3 and wrap; also with 6 channels
   (not a power of two). Consecutive rows of one channel are in
   consecutive banks; bank 0's next row is row 1. */
static void test_channel_interleave(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    c.channels = 4;
    assert_int_equal(dram_channel_of(&c, 0), 0);
    assert_int_equal(dram_channel_of(&c, 255), 0);
    assert_int_equal(dram_channel_of(&c, 256), 1);
    assert_int_equal(dram_channel_of(&c, 512), 2);
    assert_int_equal(dram_channel_of(&c, 768), 3);
    assert_int_equal(dram_channel_of(&c, 1024), 0);
    struct dram_cfg c6 = defcfg();
    c6.channels = 6;
    for (uint32_t k = 0; k < 13; k++)
        assert_int_equal(dram_channel_of(&c6, k * 256 + 17), k % 6);

    /* Channel 0 of 4: local bytes [0, 2048) are bank 0 row 0, the next
       2048 local bytes bank 1 row 0; after 16 banks, bank 0 row 1. */
    struct dram_chan *d = dram_new(&c, 0);
    uint64_t a0 = 0;                       /* local 0 */
    uint64_t a1 = (2048 / 256) * 4 * 256;  /* local 2048 = 8192 */
    uint64_t a2 = (2048 * 16 / 256) * 4 * 256; /* local 32768 */
    assert_int_equal(a1, addr_of(&c, 0, 1, 0, 0));
    assert_int_equal(a2, addr_of(&c, 0, 0, 1, 0));
    struct dram_req r = rd(a0, 128, 0);
    assert_true(dram_push(d, &r, 0));
    r = rd(a1, 128, 1);
    assert_true(dram_push(d, &r, 0));
    r = rd(addr_of(&c, 0, 2, 0, 1024), 128, 2);
    assert_true(dram_push(d, &r, 0));
    dram_tick(d, 2);
    assert_int_equal(dram_bank(d, 0).open_row, 0);
    assert_int_equal(dram_bank(d, 1).open_row, 0);
    assert_int_equal(dram_bank(d, 2).open_row, 0);
    assert_int_equal(dram_bank(d, 3).open_row, -1);
    run_until(d, 3, 2, NULL, 0);
    assert_int_equal(dram_pending(d), 0);
    r = rd(a2, 128, 3);
    assert_true(dram_push(d, &r, 1000));
    run_until(d, 1000, 3, NULL, 0);
    assert_int_equal(dram_bank(d, 0).open_row, 1);
    assert_int_equal(dram_stats(d)->row_misses, 1);
    dram_free(d);

    /* Channel 5 of 6 sees only its own chunks; column bytes inside a
       256-byte chunk stay together. */
    d = dram_new(&c6, 5);
    r = rd(addr_of(&c6, 5, 7, 3, 300), 32, 9);
    assert_int_equal(dram_channel_of(&c6, r.addr), 5);
    assert_true(dram_push(d, &r, 0));
    dram_tick(d, 0);
    assert_int_equal(dram_bank(d, 7).open_row, 3);
    dram_free(d);
}

/* A read to a closed bank: activate at the push cycle, data
   conv(tRCD + tCL) later, done after conv(burst * bytes / 32) more:
   5 + 19 + 13 = 37 under the defaults. */
static void test_closed_bank_latency(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    struct dram_chan *d = dram_new(&c, 1);
    assert_int_equal(dram_next_event(d, 0), UINT64_MAX);
    struct dram_req r = rd(addr_of(&c, 1, 3, 7, 0), 128, 42);
    assert_true(dram_push(d, &r, 5));
    /* the request can issue at its arrival cycle */
    assert_int_equal(dram_next_event(d, 0), 5);
    dram_tick(d, 5);
    uint64_t lat = conv(&c, 12 + 12) + bus_of(&c, 128);
    assert_int_equal(lat, 19 + 13);
    /* next event is exactly the burst end, not the next cycle */
    assert_int_equal(dram_next_event(d, 5), 5 + lat);
    assert_int_equal(dram_bank(d, 3).open_row, 7);
    assert_int_equal(dram_bank(d, 3).activated, 5);
    /* bank free the cycle after its column command (data - tCL) */
    assert_int_equal(dram_bank(d, 3).ready, 5 + 19 - 10 + 1);
    struct dram_req out;
    dram_tick(d, 5 + lat - 1);
    assert_false(dram_pop(d, 5 + lat - 1, &out));
    assert_int_equal(run_until(d, 5 + lat, 42, NULL, 0), 5 + lat);
    const struct dram_stats *st = dram_stats(d);
    assert_int_equal(st->row_empty, 1);
    assert_int_equal(st->activates, 1);
    assert_int_equal(st->precharges, 0);
    assert_int_equal(st->reads, 1);
    assert_int_equal(dram_next_event(d, 5 + lat), UINT64_MAX);
    dram_free(d);
}

/* The second read to the same row is a row hit: conv(tCL) + bus time,
   10 + 13 = 23 for 128 bytes and 10 + 4 = 14 for 32 bytes. */
static void test_row_hit_latency(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    struct dram_chan *d = dram_new(&c, 0);
    struct dram_req r = rd(addr_of(&c, 0, 0, 1, 0), 128, 1);
    assert_true(dram_push(d, &r, 0));
    run_until(d, 0, 1, NULL, 0);
    r = rd(addr_of(&c, 0, 0, 1, 512), 128, 2);
    assert_true(dram_push(d, &r, 100));
    assert_int_equal(run_until(d, 100, 2, NULL, 0) - 100,
                     conv(&c, 12) + bus_of(&c, 128));
    assert_int_equal(conv(&c, 12) + bus_of(&c, 128), 23);
    r = rd(addr_of(&c, 0, 0, 1, 1792), 32, 3);
    assert_true(dram_push(d, &r, 200));
    assert_int_equal(run_until(d, 200, 3, NULL, 0) - 200, 10 + 4);
    const struct dram_stats *st = dram_stats(d);
    assert_int_equal(st->activates, 1);
    assert_int_equal(st->row_hits, 2);
    assert_int_equal(st->row_empty, 1);
    assert_int_equal(st->row_misses, 0);
    dram_free(d);
}

/* Row conflict: precharge no earlier than activate + conv(tRAS), then
   data conv(tRP + tRCD + tCL) after the precharge. First read activates
   at 0 (bank free at 10); the conflict pushed at 1 precharges at 22 and
   ends at 22 + 28 + 13 = 63. Much later, no tRAS wait: latency 41. */
static void test_row_conflict_tras(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    struct dram_chan *d = dram_new(&c, 0);
    struct dram_req r = rd(addr_of(&c, 0, 5, 1, 0), 128, 1);
    assert_true(dram_push(d, &r, 0));
    dram_tick(d, 0);
    r = rd(addr_of(&c, 0, 5, 2, 0), 128, 2);
    assert_true(dram_push(d, &r, 1));
    uint64_t ras = conv(&c, 28), pre = conv(&c, 12 + 12 + 12);
    assert_int_equal(ras, 22);
    assert_int_equal(dram_bank(d, 5).ready, 10);
    /* the bank is free at 10 but may not precharge before 22, which is
       the next event (before the first burst ends at 32) */
    dram_tick(d, 1);
    assert_int_equal(dram_next_event(d, 1), ras);
    dram_tick(d, 21);
    assert_int_equal(dram_stats(d)->precharges, 0);
    dram_tick(d, 22);
    assert_int_equal(dram_stats(d)->precharges, 1);
    assert_int_equal(dram_bank(d, 5).activated, 22 + conv(&c, 12));
    uint64_t done[3] = { 0 };
    run_until(d, 23, 2, done, 3);
    assert_int_equal(done[1], 32);
    assert_int_equal(done[2], ras + pre + bus_of(&c, 128));
    assert_int_equal(done[2], 63);
    /* conflict long after activation: no wait */
    r = rd(addr_of(&c, 0, 5, 9, 0), 128, 3);
    assert_true(dram_push(d, &r, 1000));
    assert_int_equal(run_until(d, 1000, 3, NULL, 0) - 1000, 28 + 13);
    const struct dram_stats *st = dram_stats(d);
    assert_int_equal(st->row_misses, 2);
    assert_int_equal(st->precharges, 2);
    assert_int_equal(st->activates, 3);
    assert_int_equal(st->row_hits, 0);
    assert_int_equal(dram_bank(d, 5).open_row, 9);
    dram_free(d);
}

/* FR-FCFS: row 1 open; A (row 1), B (row 2, same bank), C (row 1) queued
   in that order complete A, C, B. */
static void test_frfcfs_row_hit_first(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    struct dram_chan *d = dram_new(&c, 0);
    struct dram_req r = rd(addr_of(&c, 0, 2, 1, 0), 128, 9);
    assert_true(dram_push(d, &r, 0));
    run_until(d, 0, 9, NULL, 0);
    struct dram_req a = rd(addr_of(&c, 0, 2, 1, 256), 128, 0);
    struct dram_req b = rd(addr_of(&c, 0, 2, 2, 0), 128, 1);
    struct dram_req cc = rd(addr_of(&c, 0, 2, 1, 512), 128, 2);
    assert_true(dram_push(d, &a, 100));
    assert_true(dram_push(d, &b, 100));
    assert_true(dram_push(d, &cc, 100));
    uint32_t order[3], n = 0;
    uint64_t when[3];
    for (uint64_t t = 100; n < 3 && t < 1000; t++) {
        dram_tick(d, t);
        struct dram_req out;
        while (dram_pop(d, t, &out)) {
            when[n] = t;
            order[n++] = out.tag;
        }
    }
    assert_int_equal(n, 3);
    assert_int_equal(order[0], 0);
    assert_int_equal(order[1], 2);
    assert_int_equal(order[2], 1);
    /* A 128-byte burst is 16 DRAM cycles = 16 x 700 / 924 = 12.12 core
       cycles. A: hit at 100, burst 110..122.12 (done at 123); C: hit at
       101, bus-bound 122.12..134.24 (done at 135), its column command at
       floor(122.12) - 10 = 112, so the bank is free at 113; B precharges
       at 113, data 113 + 28 = 141, burst 141..153.12 (done at 154). */
    assert_int_equal(when[0], 123);
    assert_int_equal(when[1], 135);
    assert_int_equal(when[2], 154);
    assert_int_equal(dram_stats(d)->row_hits, 2);
    assert_int_equal(dram_stats(d)->row_misses, 1);
    dram_free(d);
}

/* Distinct closed banks: no row hits, so arrival (then push) order is
   kept. Then a younger row hit in another bank goes before an older
   closed-bank request. */
static void test_fcfs_distinct_banks(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    struct dram_chan *d = dram_new(&c, 0);
    const uint32_t banks[4] = { 9, 3, 12, 0 };
    /* tags 0..3 pushed in order at 0, then tag 4 at cycle 0 pushed last */
    for (uint32_t i = 0; i < 4; i++) {
        struct dram_req r = rd(addr_of(&c, 0, banks[i], i, 0), 64, i);
        assert_true(dram_push(d, &r, i == 3 ? 1 : 0));
    }
    struct dram_req r = rd(addr_of(&c, 0, 7, 0, 0), 64, 4);
    assert_true(dram_push(d, &r, 0));
    uint64_t done[5] = { 0 };
    run_until(d, 0, 3, done, 5);
    /* arrival 0: tags 0, 1, 2, 4 (push order); arrival 1: tag 3 */
    assert_true(done[0] < done[1]);
    assert_true(done[1] < done[2]);
    assert_true(done[2] < done[4]);
    assert_true(done[4] < done[3]);

    /* bank 9 has row 0 open; bank 1 closed. X (bank 1) arrives at 500
       and issues alone; Y (bank 9 row 0) at 501 is a row hit whose data
       is ready first, so its burst takes the free bus slot before X's and
       it completes first. */
    struct dram_req x = rd(addr_of(&c, 0, 1, 4, 0), 64, 0);
    struct dram_req y = rd(addr_of(&c, 0, 9, 0, 128), 64, 1);
    assert_true(dram_push(d, &x, 500));
    assert_true(dram_push(d, &y, 501));
    dram_tick(d, 501);
    assert_int_equal(dram_bank(d, 1).open_row, 4);
    assert_int_equal(dram_bank(d, 1).activated, 500);
    uint64_t d2[2] = { 0 };
    run_until(d, 502, 0, d2, 2);
    /* Y: 501 + 10, burst 511..518; X: 500 + 19, burst 519..526 */
    assert_int_equal(d2[1], 501 + 10 + bus_of(&c, 64));
    assert_int_equal(d2[0], 500 + 19 + bus_of(&c, 64));
    dram_free(d);

    /* Same arrival, one hit queued behind a closed-bank request at the
       same cycle: the hit wins the first command slot. */
    d = dram_new(&c, 0);
    r = rd(addr_of(&c, 0, 4, 0, 0), 32, 0);
    assert_true(dram_push(d, &r, 0));
    run_until(d, 0, 0, NULL, 0);
    struct dram_req old = rd(addr_of(&c, 0, 6, 0, 0), 32, 1);
    struct dram_req hit = rd(addr_of(&c, 0, 4, 0, 32), 32, 2);
    assert_true(dram_push(d, &old, 100));
    assert_true(dram_push(d, &hit, 100));
    dram_tick(d, 100);
    assert_int_equal(dram_stats(d)->row_hits, 1);
    assert_int_equal(dram_bank(d, 6).open_row, -1);
    dram_tick(d, 101);
    assert_int_equal(dram_bank(d, 6).open_row, 0);
    dram_free(d);
}

/* Four closed banks: activations overlap (issued at 0, 1, 2, 3), bursts
   run back to back from conv(24) = 19: the k-th ends at 19 + k x 12.12
   core cycles, the last at 19 + 48.48 (done at 68), not 4 x 32 = 128;
   the bus moved data for 48 whole cycles. */
static void test_banks_overlap_bus_serialises(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    struct dram_chan *d = dram_new(&c, 0);
    for (uint32_t i = 0; i < 4; i++) {
        struct dram_req r = rd(addr_of(&c, 0, i, 0, 0), 128, i);
        assert_true(dram_push(d, &r, 0));
    }
    uint64_t done[4] = { 0 };
    run_until(d, 0, 3, done, 4);
    uint64_t bt = bus_ticks(&c, 128), T = c.dram_mhz;
    for (uint32_t i = 0; i < 4; i++)
        assert_int_equal(done[i], (conv(&c, 24) * T + (i + 1) * bt + T - 1) / T);
    assert_int_equal(done[3], 68);
    assert_int_equal(dram_stats(d)->activates, 4);
    assert_int_equal(dram_stats(d)->bus_busy, 4 * bt / T);
    dram_free(d);

    /* With one bank, the same four rows are fully serial: each conflict
       waits tRAS from its activation. */
    d = dram_new(&c, 0);
    for (uint32_t i = 0; i < 4; i++) {
        struct dram_req r = rd(addr_of(&c, 0, 0, i, 0), 128, i);
        assert_true(dram_push(d, &r, 0));
    }
    uint64_t serial[4] = { 0 };
    run_until(d, 0, 3, serial, 4);
    /* activations at 0, 32, 64, 96: each precharge waits until its
       row's activation + 22, and activates conv(tRP) = 10 later */
    assert_int_equal(serial[0], 32);
    assert_int_equal(serial[1], 22 + 28 + 13);
    assert_int_equal(serial[3], 3 * 22 + 2 * 10 + 28 + 13);
    dram_free(d);
}

/* queue + 1 pushes: the last is refused and counted; after a pop there
   is room again. */
static void test_queue_full(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    c.queue = 4;
    struct dram_chan *d = dram_new(&c, 0);
    for (uint32_t i = 0; i < 4; i++) {
        struct dram_req r = rd(addr_of(&c, 0, i, 0, 0), 32, i);
        assert_true(dram_push(d, &r, 0));
    }
    struct dram_req r = rd(addr_of(&c, 0, 5, 0, 0), 32, 4);
    assert_false(dram_push(d, &r, 0));
    assert_int_equal(dram_stats(d)->queue_full, 1);
    assert_int_equal(dram_pending(d), 4);
    /* issued but unpopped requests still hold their slot */
    dram_tick(d, 10);
    assert_false(dram_push(d, &r, 10));
    assert_int_equal(dram_stats(d)->queue_full, 2);
    run_until(d, 11, 0, NULL, 0);
    assert_int_equal(dram_pending(d), 3);
    assert_true(dram_push(d, &r, 30));
    assert_int_equal(dram_pending(d), 4);
    dram_free(d);
}

/* dram_pop only returns what the channel has been advanced past: a pop
   ahead of dram_tick returns nothing, then the tick makes it visible.
   This keeps "pop, then tick" callers equivalent with and without gaps. */
static void test_pop_needs_tick(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    struct dram_chan *d = dram_new(&c, 0);
    struct dram_req r = rd(addr_of(&c, 0, 0, 0, 0), 32, 7), out;
    assert_false(dram_pop(d, 0, &out));
    assert_true(dram_push(d, &r, 0));
    dram_tick(d, 0);
    /* issued at 0, burst ends at 19 + 4 = 23, but the channel is at 0 */
    assert_false(dram_pop(d, 100, &out));
    assert_int_equal(dram_pending(d), 1);
    dram_tick(d, 22);
    assert_false(dram_pop(d, 100, &out));
    dram_tick(d, 23);
    assert_true(dram_pop(d, 100, &out));
    assert_int_equal(out.tag, 7);
    assert_false(dram_pop(d, 100, &out));
    assert_int_equal(dram_pending(d), 0);
    dram_free(d);
}

/* ---- random mixes: tick every cycle vs with gaps ------------------- */

#define NREQ 200

struct job {
    struct dram_req r;
    uint64_t arrival;
};

static uint32_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 33);
}

/* 200 requests on channel 1 of 2 over ~2000 cycles, clustered in a few
   rows of four banks so hits, conflicts and closed banks all occur. */
static void make_jobs(const struct dram_cfg *c, uint64_t seed, struct job *j)
{
    uint64_t s = seed, t = 0;
    for (uint32_t i = 0; i < NREQ; i++) {
        t += lcg(&s) % 20 == 0 ? 60 : lcg(&s) % 12;
        uint32_t bank = lcg(&s) % 4 * 3;
        uint64_t row = lcg(&s) % 3;
        uint32_t bytes = 32 * (1 + lcg(&s) % 4);
        uint32_t col = lcg(&s) % (c->row_bytes / 128) * 128;
        j[i].r = (struct dram_req){ .addr = addr_of(c, 1, bank, row, col),
                                    .bytes = bytes,
                                    .write = lcg(&s) % 3 == 0, .tag = i };
        j[i].arrival = t;
    }
}

enum step { STEP_EVERY, STEP_NEXT_EVENT, STEP_RANDOM };

struct run {
    uint64_t done[NREQ];        /* cycle each tag popped */
    uint32_t order[NREQ];       /* pop order */
    uint64_t refused;           /* pushes refused (queue full) */
    uint64_t visits;            /* cycles the driver visited */
};

/*
** Drives a channel through the jobs. Each visited cycle T: push what is
** due (in order, stopping at a refusal), dram_tick(T), pop everything.
** STEP_EVERY visits every cycle; STEP_NEXT_EVENT only the cycles
** dram_next_event and the job list name; STEP_RANDOM the arrival cycles
** plus random others. For STEP_EVERY, also checks that dram_next_event
** skips nothing: no pop (and, in the request model, no issue on a cycle
** without a push) happens before the cycle next_event named at the
** previous cycle.
*/
static void drive(const struct dram_cfg *c, const struct job *j,
                  enum step mode, uint64_t seed, struct run *out)
{
    struct dram_chan *d = dram_new(c, 1);
    memset(out, 0, sizeof *out);
    uint64_t s = seed;
    uint32_t next_job = 0, npop = 0;
    uint64_t T = 0, last = 0, promised = 0;
    while (npop < NREQ) {
        if (T >= 10000000)
            fail_msg("stuck: mode %d, %u of %u popped", (int)mode, npop, NREQ);
        out->visits++;
        last = T;
        const struct dram_stats *st = dram_stats(d);
        uint64_t issued0 = st->row_hits + st->row_misses + st->row_empty;
        bool pushed = false, blocked = false;
        while (next_job < NREQ && j[next_job].arrival <= T) {
            if (!dram_push(d, &j[next_job].r, T)) {
                blocked = true;
                out->refused++;
                break;
            }
            pushed = true;
            next_job++;
        }
        dram_tick(d, T);
        struct dram_req r;
        uint32_t popped = 0;
        while (dram_pop(d, T, &r)) {
            out->done[r.tag] = T;
            out->order[npop++] = r.tag;
            popped++;
        }
        uint64_t issued1 = st->row_hits + st->row_misses + st->row_empty;
        /* The request model promises every visible change; the command
           model only its completions (what it does between them, a tick
           catches up, as dram-cmd.c says). */
        if (mode == STEP_EVERY &&
            (popped || (!c->command && !pushed && issued1 != issued0))
            && T < promised)
            fail_msg("cycle %llu: something happened before next_event %llu",
                     (unsigned long long)T, (unsigned long long)promised);
        uint64_t ne = dram_next_event(d, T);
        assert_true(ne > T);
        promised = ne;
        uint64_t due = blocked ? T + 1
                       : next_job < NREQ ? j[next_job].arrival : UINT64_MAX;
        if (due <= T)
            due = T + 1;
        switch (mode) {
        case STEP_EVERY:
            T = T + 1;
            break;
        case STEP_NEXT_EVENT:
            T = ne < due ? ne : due;
            break;
        case STEP_RANDOM:
            T += 1 + lcg(&s) % 40;
            if (T > due)
                T = due;
            break;
        }
    }
    assert_int_equal(dram_pending(d), 0);
    assert_int_equal(dram_next_event(d, last), UINT64_MAX);
    dram_free(d);
}

/* The reference run, re-driven with gaps: ticking only at next_event
   times gives identical cycles; random gaps give the identical pop order
   and each request pops at the first visited cycle at or after its
   reference completion. Queue large enough that no push is refused. */
static void test_gaps_equal_every_cycle(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    c.queue = 256;
    static struct job j[NREQ];
    static struct run ref, ev, rnd;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        make_jobs(&c, seed, j);
        drive(&c, j, STEP_EVERY, 0, &ref);
        assert_int_equal(ref.refused, 0);
        drive(&c, j, STEP_NEXT_EVENT, 0, &ev);
        assert_memory_equal(ref.done, ev.done, sizeof ref.done);
        assert_memory_equal(ref.order, ev.order, sizeof ref.order);
        /* and it really skipped cycles */
        assert_true(ev.visits * 2 < ref.visits);
        drive(&c, j, STEP_RANDOM, seed * 77, &rnd);
        assert_memory_equal(ref.order, rnd.order, sizeof ref.order);
        for (uint32_t i = 0; i < NREQ; i++) {
            assert_true(rnd.done[i] >= ref.done[i]);
            /* popped no later than the random step bound allows */
            assert_true(rnd.done[i] - ref.done[i] < 40);
        }
        /* completions are strictly increasing in pop order (bursts never
           share an end cycle) */
        for (uint32_t k = 1; k < NREQ; k++)
            assert_true(ref.done[ref.order[k]] > ref.done[ref.order[k - 1]]);
    }
}

/* A small queue under the same mix: refusals happen, and the next_event
   driver still matches the every-cycle driver exactly. */
static void test_gaps_small_queue(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    c.queue = 6;
    static struct job j[NREQ];
    static struct run ref, ev;
    for (uint64_t seed = 11; seed <= 14; seed++) {
        make_jobs(&c, seed, j);
        drive(&c, j, STEP_EVERY, 0, &ref);
        assert_true(ref.refused > 0);
        drive(&c, j, STEP_NEXT_EVENT, 0, &ev);
        assert_memory_equal(ref.done, ev.done, sizeof ref.done);
        assert_memory_equal(ref.order, ev.order, sizeof ref.order);
    }
}

/* On a random mix, the bursts implied by the completion cycles never
   overlap, no request beats the row-hit latency, and the stats add up:
   reads + writes = issued = hits + misses + empty, activates = empty +
   misses, precharges = misses, bus_busy = sum of bus times. A burst
   ending by cycle done (exactly, in ticks) covers at least its whole
   cycles floor(ticks / dram_mhz) before done. */
static void test_stats_and_bus_invariants(void **state)
{
    (void)state;
    struct dram_cfg c = defcfg();
    c.queue = 16;
    static struct job j[NREQ];
    make_jobs(&c, 99, j);
    struct dram_chan *d = dram_new(&c, 1);
    uint64_t done[NREQ] = { 0 }, push_at[NREQ] = { 0 };
    uint32_t next_job = 0, npop = 0;
    uint64_t want_bus = 0, writes = 0;
    for (uint64_t T = 0; npop < NREQ; T++) {
        while (next_job < NREQ && j[next_job].arrival <= T
               && dram_push(d, &j[next_job].r, T))
            push_at[next_job++] = T;
        dram_tick(d, T);
        struct dram_req r;
        while (dram_pop(d, T, &r)) {
            assert_int_equal(r.addr, j[r.tag].r.addr);
            assert_int_equal(r.write, j[r.tag].r.write);
            done[r.tag] = T;
            npop++;
        }
        assert_true(T < 1000000);
    }
    uint64_t T = c.dram_mhz;
    for (uint32_t i = 0; i < NREQ; i++) {
        uint64_t b = bus_ticks(&c, j[i].r.bytes) / T;
        want_bus += bus_ticks(&c, j[i].r.bytes);
        writes += j[i].r.write;
        assert_true(done[i] - push_at[i] >= conv(&c, 12) + b);
        for (uint32_t k = 0; k < i; k++) {
            uint64_t bk = bus_ticks(&c, j[k].r.bytes) / T;
            bool apart = done[i] <= done[k] - bk || done[k] <= done[i] - b;
            if (!apart)
                fail_msg("bursts of %u and %u overlap", i, k);
        }
    }
    const struct dram_stats *st = dram_stats(d);
    assert_int_equal(st->reads + st->writes, NREQ);
    assert_int_equal(st->writes, writes);
    assert_int_equal(st->row_hits + st->row_misses + st->row_empty, NREQ);
    assert_int_equal(st->activates, st->row_empty + st->row_misses);
    assert_int_equal(st->precharges, st->row_misses);
    assert_int_equal(st->bus_busy, want_bus / T);
    assert_true(st->row_hits > 0 && st->row_misses > 0 && st->row_empty > 0);
    assert_true(st->queue_full > 0);
    dram_free(d);
}

/* ---- the command model (dram.model = command, dram-cmd.c) ---------- */

/* GPGPU-Sim's GTX480 timings (docs/dram.md): 64-byte column commands
   taking 2 DRAM cycles, tCCD 2, tRRD 6, tRCD 12, tRAS 28, tRP 12, tRC 40,
   CL 12, WL 4, tCDLR 5, tWR 12, one bank group. */
static struct dram_cfg cmdcfg(void)
{
    struct dram_cfg c = defcfg();
    c.burst = 1;
    c.command = true;
    c.atom = 64;
    c.tCCD = 2; c.tRRD = 6; c.tRC = 40; c.tWL = 4; c.tCDLR = 5; c.tWR = 12;
    c.groups = 1;
    c.return_queue = 116;
    return c;
}

/* DRAM cycle k belongs to core cycle floor(k * 700 / 924). */
static uint64_t core_of(uint64_t k)
{
    return k * 700 / 924;
}

/* A read to a closed bank pushed at core cycle 0 (DRAM cycle 0): activate
   at DRAM cycle 0, column command tRCD later (12), data CL later (24),
   handed on by the return queue the next DRAM cycle (25): core cycle 18.
   A row hit pushed later, at core cycle 40 (its first DRAM cycle is 53):
   column command at 53, data at 65, out at 66. */
static void test_cmd_closed_and_hit(void **state)
{
    (void)state;
    struct dram_cfg c = cmdcfg();
    struct dram_chan *d = dram_new(&c, 1);
    struct dram_req a = rd(addr_of(&c, 1, 3, 7, 0), 32, 0);
    assert_true(dram_push(d, &a, 0));
    assert_int_equal(run_until(d, 0, 0, NULL, 0), core_of(25));
    assert_int_equal(dram_bank(d, 3).open_row, 7);
    assert_int_equal(dram_stats(d)->activates, 1);
    for (uint64_t t = 19; t < 40; t++)
        dram_tick(d, t);
    struct dram_req b = rd(addr_of(&c, 1, 3, 7, 256), 32, 1);
    assert_true(dram_push(d, &b, 40));
    uint64_t k0 = (40 * 924 + 699) / 700;          /* 53 */
    assert_int_equal(run_until(d, 40, 1, NULL, 0), core_of(k0 + 12 + 1));
    assert_int_equal(dram_stats(d)->row_hits, 1);
    assert_int_equal(dram_stats(d)->row_empty, 1);
    /* a 32-byte read moves a whole 64-byte atom: 2 DRAM cycles each */
    assert_int_equal(dram_stats(d)->bus_busy, 4 * 700 / 924);
    assert_int_equal(dram_stats(d)->read_bytes, 64);
    dram_free(d);
}

/* Four reads to one open row, queued together: their column commands go
   tCCD = 2 DRAM cycles apart, so they leave 2 cycles apart. A 128-byte
   request is two column commands. */
static void test_cmd_tccd(void **state)
{
    (void)state;
    struct dram_cfg c = cmdcfg();
    struct dram_chan *d = dram_new(&c, 1);
    struct dram_req a = rd(addr_of(&c, 1, 2, 1, 0), 32, 0);
    assert_true(dram_push(d, &a, 0));
    run_until(d, 0, 0, NULL, 0);          /* row 1 open in bank 2 */
    uint64_t done[5] = { 0 };
    for (uint32_t i = 1; i <= 4; i++) {
        struct dram_req q = rd(addr_of(&c, 1, 2, 1, 128 * i), i == 4 ? 128 : 32, i);
        assert_true(dram_push(d, &q, 100));
    }
    run_until(d, 100, 4, done, 5);
    /* DRAM cycle k = 132 starts core cycle 100: the bank is given the
       first request and issues its column command in that cycle; the
       next requests follow tCCD apart */
    uint64_t k = (100 * 924 + 699) / 700;
    for (uint32_t i = 1; i <= 3; i++)
        assert_int_equal(done[i], core_of(k + 2 * (i - 1) + 12 + 1));
    /* the 128-byte read: columns at k + 6 and k + 8, data at k + 20 */
    assert_int_equal(done[4], core_of(k + 8 + 12 + 1));
    assert_int_equal(dram_stats(d)->row_hits, 4);
    dram_free(d);
}

/* Two reads to closed banks: the second activate waits tRRD = 6. Two
   reads to different rows of one bank: the precharge waits tRAS = 28
   after the activate, the next activate tRC = 40 after the first. */
static void test_cmd_trrd_trc(void **state)
{
    (void)state;
    struct dram_cfg c = cmdcfg();
    struct dram_chan *d = dram_new(&c, 1);
    uint64_t done[2] = { 0 };
    struct dram_req a = rd(addr_of(&c, 1, 0, 0, 0), 32, 0);
    struct dram_req b = rd(addr_of(&c, 1, 1, 0, 0), 32, 1);
    assert_true(dram_push(d, &a, 0));
    assert_true(dram_push(d, &b, 0));
    run_until(d, 0, 1, done, 2);
    assert_int_equal(done[0], core_of(0 + 12 + 12 + 1));
    assert_int_equal(done[1], core_of(6 + 12 + 12 + 1));
    dram_free(d);

    d = dram_new(&c, 1);
    a = rd(addr_of(&c, 1, 5, 1, 0), 32, 0);
    b = rd(addr_of(&c, 1, 5, 2, 0), 32, 1);
    assert_true(dram_push(d, &a, 0));
    assert_true(dram_push(d, &b, 0));
    run_until(d, 0, 1, done, 2);
    /* ACT 0, RD 12; PRE 28 (tRAS); ACT 40 (tRP and tRC); RD 52 */
    assert_int_equal(done[1], core_of(52 + 12 + 1));
    assert_int_equal(dram_stats(d)->precharges, 1);
    assert_int_equal(dram_stats(d)->row_misses, 1);
    dram_free(d);
}

/* A write then a read to an open row: the write's column command waits
   tRCD - (WL + 1) after the activate, its data WL; the read waits tWTR =
   WL + 2 + tCDLR = 11 after the write's column command. */
static void test_cmd_write_turnaround(void **state)
{
    (void)state;
    struct dram_cfg c = cmdcfg();
    struct dram_chan *d = dram_new(&c, 1);
    uint64_t done[2] = { 0 };
    struct dram_req w = { addr_of(&c, 1, 4, 3, 0), 64, true, 0 };
    struct dram_req r = rd(addr_of(&c, 1, 4, 3, 512), 32, 1);
    assert_true(dram_push(d, &w, 0));
    assert_true(dram_push(d, &r, 0));
    run_until(d, 0, 1, done, 2);
    /* ACT 0, WR at 7 (tRCDWR), data done at 7 + 4 = 11; the read's column
       command at 7 + 11 = 18, out at 18 + 12 + 1 */
    assert_int_equal(done[0], core_of(11));
    assert_int_equal(done[1], core_of(18 + 12 + 1));
    assert_int_equal(dram_stats(d)->writes, 1);
    dram_free(d);
}

/* The random mix of the request model: ticking at next_event times gives
   the every-cycle result, random gaps the same order, and the scheduler
   queue refuses pushes when full. */
static void test_cmd_gaps(void **state)
{
    (void)state;
    struct dram_cfg c = cmdcfg();
    c.queue = 2;
    static struct job j[NREQ];
    static struct run ref, ev, rnd;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        make_jobs(&c, seed, j);
        drive(&c, j, STEP_EVERY, 0, &ref);
        assert_true(ref.refused > 0);
        drive(&c, j, STEP_NEXT_EVENT, 0, &ev);
        assert_memory_equal(ref.done, ev.done, sizeof ref.done);
        assert_memory_equal(ref.order, ev.order, sizeof ref.order);
    }
    c.queue = 256;
    make_jobs(&c, 7, j);
    drive(&c, j, STEP_EVERY, 0, &ref);
    drive(&c, j, STEP_RANDOM, 99, &rnd);
    assert_memory_equal(ref.order, rnd.order, sizeof ref.order);
    /* with no refusals, the bound on the next completion lets the driver
       skip cycles while requests are in the banks, and changes nothing */
    drive(&c, j, STEP_NEXT_EVENT, 0, &ev);
    assert_memory_equal(ref.done, ev.done, sizeof ref.done);
    assert_memory_equal(ref.order, ev.order, sizeof ref.order);
    assert_true(ev.visits * 2 < ref.visits);
}

/* The command model skips the DRAM cycles in which nothing can happen
   (next_action in dram-cmd.c): random mixes of reads and writes over a
   few banks and rows, with and without bank groups and with a short
   return queue, complete at the same cycles in the same order as when
   every DRAM cycle is run. */
static void test_cmd_lookahead(void **state)
{
    (void)state;
    static struct job j[NREQ];
    static struct run every, ahead;
    for (uint32_t v = 0; v < 3; v++) {
        struct dram_cfg c = cmdcfg();
        c.queue = 16;
        if (v == 1) {
            c.groups = 4; c.tCCDL = 3; c.tRTPL = 2;
        } else if (v == 2) {
            c.return_queue = 2;
        }
        for (uint64_t seed = 11; seed <= 13; seed++) {
            make_jobs(&c, seed, j);
            c.every_cycle = true;
            drive(&c, j, STEP_EVERY, 0, &every);
            c.every_cycle = false;
            drive(&c, j, STEP_EVERY, 0, &ahead);
            assert_memory_equal(every.done, ahead.done, sizeof every.done);
            assert_memory_equal(every.order, ahead.order, sizeof every.order);
            drive(&c, j, STEP_NEXT_EVENT, 0, &ahead);
            assert_memory_equal(every.done, ahead.done, sizeof every.done);
        }
    }
}

/* Column commands, as GPGPU-Sim's n_rd / n_wr count them: a request of
   n bytes takes ceil(n / dram.atom) bursts. With 64-byte atoms a 128-byte
   line written back is 2 of them, a 32-byte sector read 1 and a 96-byte
   read 2; in both DRAM models. */
static void test_columns(void **state)
{
    (void)state;
    for (int model = 0; model < 2; model++) {
        struct dram_cfg c = model ? cmdcfg() : defcfg();
        c.atom = 64;
        struct dram_chan *d = dram_new(&c, 0);
        struct dram_req w = rd(addr_of(&c, 0, 1, 0, 0), 128, 0);
        w.write = true;
        struct dram_req a = rd(addr_of(&c, 0, 2, 0, 0), 32, 1);
        struct dram_req b = rd(addr_of(&c, 0, 3, 0, 0), 96, 2);
        assert_true(dram_push(d, &w, 0));
        assert_true(dram_push(d, &a, 0));
        assert_true(dram_push(d, &b, 0));
        uint64_t done[3] = { 0, 0, 0 };
        uint64_t t = 0;
        for (uint32_t tag = 0; tag < 3; tag++)
            if (!done[tag])
                t = run_until(d, t, tag, done, 3) + 1;
        const struct dram_stats *st = dram_stats(d);
        assert_int_equal(st->writes, 1);
        assert_int_equal(st->write_bytes, 128);
        assert_int_equal(st->write_columns, 2);
        assert_int_equal(st->reads, 2);
        assert_int_equal(st->read_bytes, 128);
        assert_int_equal(st->read_columns, 1 + 2);
        dram_free(d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_channel_interleave),
        cmocka_unit_test(test_closed_bank_latency),
        cmocka_unit_test(test_row_hit_latency),
        cmocka_unit_test(test_row_conflict_tras),
        cmocka_unit_test(test_frfcfs_row_hit_first),
        cmocka_unit_test(test_fcfs_distinct_banks),
        cmocka_unit_test(test_banks_overlap_bus_serialises),
        cmocka_unit_test(test_queue_full),
        cmocka_unit_test(test_pop_needs_tick),
        cmocka_unit_test(test_gaps_equal_every_cycle),
        cmocka_unit_test(test_gaps_small_queue),
        cmocka_unit_test(test_stats_and_bus_invariants),
        cmocka_unit_test(test_cmd_closed_and_hit),
        cmocka_unit_test(test_cmd_tccd),
        cmocka_unit_test(test_cmd_trrd_trc),
        cmocka_unit_test(test_cmd_write_turnaround),
        cmocka_unit_test(test_cmd_gaps),
        cmocka_unit_test(test_cmd_lookahead),
        cmocka_unit_test(test_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
