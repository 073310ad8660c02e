/* test_rfbank.c - the baseline banked register file, driven only through
   struct rf_ops: bank mapping, one access per bank per cycle, writes
   before reads, oldest read first, conflict counting, events, next_event,
   the statistics object and the rf.arbiter limit (N banks per cycle,
   round-robin). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>
#include "timing/event.h"
#include "timing/rf-banked.h"
#include "timing/seams.h"
#include "util/jval.h"

static const struct rf_ops *ops = &rf_banked_ops;

/* Completions reported through rf_done_fn, with the cycle of the tick. */
struct rec {
    uint64_t now;
    uint32_t n;
    uint32_t tag[256];
    bool write[256];
    uint64_t cycle[256];
};

/* The record the file reports to (the env's ctx is fixed at create, the
   record is per test step). */
static struct rec *cur;

static void on_done(void *ctx, uint32_t tag, bool write)
{
    (void)ctx;
    struct rec *r = cur;
    assert_true(r->n < 256);
    r->tag[r->n] = tag;
    r->write[r->n] = write;
    r->cycle[r->n] = r->now;
    r->n++;
}

static void tick(void *rf, struct rec *r, uint64_t now)
{
    r->now = now;
    cur = r;
    ops->part.tick(rf, now);
}

/* A register file of `banks` banks and 32768 registers on SM `sm`. */
static void *make(struct tparams *p, uint32_t banks, uint32_t sm,
                  struct evbus *bus)
{
    memset(p, 0, sizeof *p);
    p->rf_banks = banks;
    p->registers = 32768;
    struct seam_env env = { .p = p, .sm = sm, .bus = bus, .rf_done = on_done };
    void *rf = ops->part.create(&env);
    assert_non_null(rf);
    return rf;
}

static int64_t stat_of(const struct jv *o, const char *key)
{
    const struct jv *v = jv_get(o, key);
    assert_non_null(v);
    assert_int_equal(v->kind, JV_INT);
    return v->u.i;
}

static int64_t bank_stat(const struct jv *o, uint32_t b, const char *key)
{
    const struct jv *pb = jv_get(o, "per_bank");
    assert_non_null(pb);
    assert_int_equal(pb->kind, JV_ARR);
    assert_true(b < pb->n);
    return stat_of(pb->items[b], key);
}

/* Idle: no work, next_event is UINT64_MAX, a tick reports nothing, the
   capacity is the configured register count, all counters 0. */
static void test_idle(void **state)
{
    (void)state;
    struct tparams p;
    struct rec r = { 0 };
    void *rf = make(&p, 4, 0, NULL);
    assert_string_equal(ops->part.name, "banked");
    assert_int_equal(ops->capacity(rf), 32768);
    assert_int_equal(ops->part.next_event(rf, 0), UINT64_MAX);
    tick(rf, &r, 0);
    assert_int_equal(r.n, 0);
    assert_int_equal(ops->part.next_event(rf, 1), UINT64_MAX);
    struct jv *o = jv_obj();
    ops->part.stats(rf, o);
    assert_int_equal(stat_of(o, "reads"), 0);
    assert_int_equal(stat_of(o, "writes"), 0);
    assert_int_equal(stat_of(o, "bank_conflicts"), 0);
    assert_int_equal(stat_of(o, "conflict_cycles"), 0);
    assert_int_equal(stat_of(o, "banks"), 4);
    assert_int_equal(jv_get(o, "per_bank")->n, 4);
    for (uint32_t b = 0; b < 4; b++)
        assert_int_equal(bank_stat(o, b, "reads"), 0);
    jv_free(o);
    ops->part.destroy(rf);
}

/* With 4 banks, warp 0 r1 and warp 1 r0 are both in bank (0 + 1) mod 4 =
   (1 + 0) mod 4 = 1. Queued in that order in one cycle: the first is
   served at once, the second waits (one conflict) and is served the next
   cycle. The mapping wraps: warp 5 r7 is bank 12 mod 4 = 0, like warp 0
   r4. */
static void test_same_bank_reads(void **state)
{
    (void)state;
    struct tparams p;
    struct rec r = { 0 };
    void *rf = make(&p, 4, 0, NULL);
    assert_int_equal(rf_bank_of(BANK_WARP_REG, 4, 0, 1), 1);
    assert_int_equal(rf_bank_of(BANK_WARP_REG, 4, 5, 7), 0);
    ops->read(rf, 0, 1, 10, false);
    ops->read(rf, 1, 0, 11, false);
    assert_int_equal(ops->part.next_event(rf, 0), 1);
    tick(rf, &r, 0);
    assert_int_equal(r.n, 1);
    assert_int_equal(r.tag[0], 10);
    assert_false(r.write[0]);
    assert_int_equal(ops->part.next_event(rf, 0), 1);   /* 11 still waits */
    tick(rf, &r, 1);
    assert_int_equal(r.n, 2);
    assert_int_equal(r.tag[1], 11);
    assert_int_equal(r.cycle[1], 1);
    assert_int_equal(ops->part.next_event(rf, 1), UINT64_MAX);
    tick(rf, &r, 2);
    assert_int_equal(r.n, 2);

    ops->read(rf, 5, 7, 20, false);
    ops->read(rf, 0, 4, 21, false);
    tick(rf, &r, 3);
    tick(rf, &r, 4);
    assert_int_equal(r.n, 4);
    assert_int_equal(r.tag[2], 20);
    assert_int_equal(r.cycle[2], 3);
    assert_int_equal(r.tag[3], 21);
    assert_int_equal(r.cycle[3], 4);

    struct jv *o = jv_obj();
    ops->part.stats(rf, o);
    assert_int_equal(stat_of(o, "reads"), 4);
    assert_int_equal(stat_of(o, "bank_conflicts"), 2);
    assert_int_equal(stat_of(o, "conflict_cycles"), 2);
    assert_int_equal(bank_stat(o, 1, "reads"), 2);
    assert_int_equal(bank_stat(o, 1, "conflicts"), 1);
    assert_int_equal(bank_stat(o, 0, "reads"), 2);
    assert_int_equal(bank_stat(o, 0, "conflicts"), 1);
    assert_int_equal(bank_stat(o, 2, "reads"), 0);
    assert_int_equal(bank_stat(o, 3, "conflicts"), 0);
    jv_free(o);
    ops->part.destroy(rf);
}

/* Warp 0 r0..r3 sit in banks 0..3: four reads in one cycle are all
   served in that cycle, without conflicts. With 16 banks, warps 0..15
   reading r0 use banks 0..15: the same. */
static void test_different_banks(void **state)
{
    (void)state;
    struct tparams p;
    struct rec r = { 0 };
    void *rf = make(&p, 4, 0, NULL);
    for (uint32_t reg = 0; reg < 4; reg++)
        ops->read(rf, 0, reg, 100 + reg, false);
    tick(rf, &r, 0);
    assert_int_equal(r.n, 4);
    uint32_t seen = 0;
    for (uint32_t i = 0; i < 4; i++) {
        assert_true(r.tag[i] >= 100 && r.tag[i] < 104);
        seen |= 1u << (r.tag[i] - 100);
    }
    assert_int_equal(seen, 0xf);
    assert_int_equal(ops->part.next_event(rf, 0), UINT64_MAX);
    struct jv *o = jv_obj();
    ops->part.stats(rf, o);
    assert_int_equal(stat_of(o, "bank_conflicts"), 0);
    assert_int_equal(stat_of(o, "conflict_cycles"), 0);
    jv_free(o);
    ops->part.destroy(rf);

    rf = make(&p, 16, 0, NULL);
    r.n = 0;
    for (uint32_t w = 0; w < 16; w++)
        ops->read(rf, w, 0, w, false);
    tick(rf, &r, 0);
    assert_int_equal(r.n, 16);
    ops->part.destroy(rf);
}

/* A read queued before a write to the same bank still goes second:
   warp 0 r2 and warp 1 r1 are both bank 2; the write is served at 0 and
   the read at 1. Two writes and a read: writes in their order, then the
   read; 2 + 1 = 3 conflicts over 2 cycles. */
static void test_write_before_read(void **state)
{
    (void)state;
    struct tparams p;
    struct rec r = { 0 };
    void *rf = make(&p, 4, 0, NULL);
    ops->read(rf, 0, 2, 20, false);
    ops->write(rf, 1, 1, 21);
    tick(rf, &r, 0);
    assert_int_equal(r.n, 1);
    assert_int_equal(r.tag[0], 21);
    assert_true(r.write[0]);
    tick(rf, &r, 1);
    assert_int_equal(r.n, 2);
    assert_int_equal(r.tag[1], 20);
    assert_false(r.write[1]);

    /* bank 3: warp 3 r0, warp 2 r1, warp 1 r2 */
    ops->read(rf, 3, 0, 30, false);
    ops->write(rf, 2, 1, 31);
    ops->write(rf, 1, 2, 32);
    /* a read in another bank the same cycle is not held up */
    ops->read(rf, 0, 0, 33, false);
    tick(rf, &r, 2);
    assert_int_equal(r.n, 4);
    /* both bank 0's read and bank 3's first write completed at 2 */
    assert_true((r.tag[2] == 33 && r.tag[3] == 31) ||
                (r.tag[2] == 31 && r.tag[3] == 33));
    tick(rf, &r, 3);
    tick(rf, &r, 4);
    assert_int_equal(r.n, 6);
    assert_int_equal(r.tag[4], 32);
    assert_true(r.write[4]);
    assert_int_equal(r.tag[5], 30);
    assert_false(r.write[5]);
    assert_int_equal(r.cycle[5], 4);

    struct jv *o = jv_obj();
    ops->part.stats(rf, o);
    assert_int_equal(stat_of(o, "reads"), 3);
    assert_int_equal(stat_of(o, "writes"), 3);
    /* cycle 0: 1 (bank 2); cycle 2: 2 (bank 3); cycle 3: 1 (bank 3) */
    assert_int_equal(stat_of(o, "bank_conflicts"), 1 + 2 + 1);
    assert_int_equal(stat_of(o, "conflict_cycles"), 3);
    assert_int_equal(bank_stat(o, 3, "writes"), 2);
    assert_int_equal(bank_stat(o, 3, "reads"), 1);
    assert_int_equal(bank_stat(o, 3, "conflicts"), 3);
    assert_int_equal(bank_stat(o, 2, "writes"), 1);
    assert_int_equal(bank_stat(o, 2, "conflicts"), 1);
    jv_free(o);
    ops->part.destroy(rf);
}

/* One bank under a long queue: 12 reads, 6 cycles, then 20 more (the
   queue grows while its head is not at the start). Every read comes out
   in the order it was queued, one per cycle; each cycle adds (waiting - 1)
   conflicts, counted here by the test. */
static void test_oldest_first_long_queue(void **state)
{
    (void)state;
    struct tparams p;
    struct rec r = { 0 };
    void *rf = make(&p, 2, 0, NULL);
    uint32_t next = 0, waiting = 0;
    uint64_t conflicts = 0, ccycles = 0, now = 0;
    for (; next < 12; next++, waiting++)
        ops->read(rf, next % 2 ? 1 : 0, next % 2, next, false);   /* bank 0 */
    for (int c = 0; c < 6; c++, now++, waiting--) {
        conflicts += waiting - 1;
        ccycles += waiting > 1;
        tick(rf, &r, now);
    }
    for (; next < 32; next++, waiting++)
        ops->read(rf, 2, 2 * next, next, false);                   /* bank 0 */
    while (waiting) {
        conflicts += waiting - 1;
        ccycles += waiting > 1;
        tick(rf, &r, now++);
        waiting--;
    }
    assert_int_equal(r.n, 32);
    for (uint32_t i = 0; i < 32; i++) {
        assert_int_equal(r.tag[i], i);
        assert_int_equal(r.cycle[i], i);
    }
    assert_int_equal(ops->part.next_event(rf, now), UINT64_MAX);
    struct jv *o = jv_obj();
    ops->part.stats(rf, o);
    assert_int_equal(stat_of(o, "bank_conflicts"), (int64_t)conflicts);
    assert_int_equal(stat_of(o, "conflict_cycles"), (int64_t)ccycles);
    assert_int_equal(bank_stat(o, 0, "reads"), 32);
    assert_int_equal(bank_stat(o, 1, "reads"), 0);
    jv_free(o);
    ops->part.destroy(rf);
}

/* EV_RF_CONFLICT: one per bank per cycle with waiting requests, carrying
   the SM, no warp, the cycle, a = bank, b = requests left waiting. */
struct evlog {
    uint32_t n;
    struct ws_event e[8];
};

static bool log_event(void *ctx, const struct ws_event *e)
{
    struct evlog *l = ctx;
    if (l->n < 8)
        l->e[l->n] = *e;
    l->n++;
    return false;
}

static void test_conflict_events(void **state)
{
    (void)state;
    struct evbus bus;
    evbus_init(&bus);
    struct evlog lg = { 0 }, other = { 0 };
    assert_true(evbus_subscribe(&bus, 1ULL << EV_RF_CONFLICT, log_event,
                                &lg) >= 0);
    assert_true(evbus_subscribe(&bus, 1ULL << EV_L1_MISS, log_event,
                                &other) >= 0);
    struct tparams p;
    struct rec r = { 0 };
    void *rf = make(&p, 8, 3, &bus);
    /* bank (1 + 0) mod 8 = (0 + 1) mod 8 = (9 + 0) mod 8 = 1 */
    ops->read(rf, 1, 0, 1, false);
    ops->read(rf, 0, 1, 2, false);
    ops->write(rf, 9, 0, 3);
    ops->read(rf, 0, 5, 4, false);                 /* bank 5, alone */
    tick(rf, &r, 7);
    tick(rf, &r, 8);
    tick(rf, &r, 9);
    assert_int_equal(r.n, 4);
    assert_int_equal(lg.n, 2);
    assert_int_equal(lg.e[0].type, EV_RF_CONFLICT);
    assert_int_equal(lg.e[0].sm, 3);
    /* the write goes first (warp 9 R0); warp 1's read of R0 waits first */
    assert_int_equal(lg.e[0].warp, 9);
    assert_int_equal(lg.e[0].cycle, 7);
    assert_int_equal(lg.e[0].a, 1);
    assert_int_equal(lg.e[0].b, 2);
    uint32_t w, reg;
    bool wr;
    assert_true(ev_req_get(lg.e[0].addr, 0, &w, &reg, &wr));
    assert_int_equal(w, 9);
    assert_int_equal(reg, 0);
    assert_true(wr);
    assert_true(ev_req_get(lg.e[0].addr, 1, &w, &reg, &wr));
    assert_int_equal(w, 1);
    assert_int_equal(reg, 0);
    assert_false(wr);
    /* then warp 1's read of R0 is served, warp 0's of R1 waits */
    assert_int_equal(lg.e[1].cycle, 8);
    assert_int_equal(lg.e[1].warp, 1);
    assert_int_equal(lg.e[1].a, 1);
    assert_int_equal(lg.e[1].b, 1);
    assert_true(ev_req_get(lg.e[1].addr, 1, &w, &reg, &wr));
    assert_int_equal(w, 0);
    assert_int_equal(reg, 1);
    assert_false(wr);
    assert_int_equal(other.n, 0);
    ops->part.destroy(rf);
}

/* stats adds to the object: two SMs' files summed into one (reads,
   writes, conflicts and per-bank counters add; banks stays the count). */
static void test_stats_accumulate(void **state)
{
    (void)state;
    struct tparams p1, p2;
    struct rec r = { 0 };
    void *a = make(&p1, 4, 0, NULL);
    void *b = make(&p2, 4, 1, NULL);
    /* a: 2 reads in bank 1 (1 conflict); b: 1 write in bank 2, 1 read in
       bank 3 (no conflict) */
    ops->read(a, 0, 1, 1, false);
    ops->read(a, 1, 0, 2, false);
    ops->write(b, 0, 2, 3);
    ops->read(b, 0, 3, 4, false);
    for (uint64_t t = 0; t < 2; t++) {
        tick(a, &r, t);
        tick(b, &r, t);
    }
    assert_int_equal(r.n, 4);
    struct jv *o = jv_obj();
    ops->part.stats(a, o);
    ops->part.stats(b, o);
    assert_int_equal(stat_of(o, "reads"), 2 + 1);
    assert_int_equal(stat_of(o, "writes"), 0 + 1);
    assert_int_equal(stat_of(o, "bank_conflicts"), 1 + 0);
    assert_int_equal(stat_of(o, "conflict_cycles"), 1 + 0);
    assert_int_equal(stat_of(o, "banks"), 4);
    assert_int_equal(jv_get(o, "per_bank")->n, 4);
    assert_int_equal(bank_stat(o, 1, "reads"), 2);
    assert_int_equal(bank_stat(o, 1, "conflicts"), 1);
    assert_int_equal(bank_stat(o, 2, "writes"), 1);
    assert_int_equal(bank_stat(o, 3, "reads"), 1);
    assert_int_equal(bank_stat(o, 0, "reads"), 0);
    jv_free(o);
    ops->part.destroy(a);
    ops->part.destroy(b);
}

/* rf.bank_map = "reg": a register's bank ignores the warp, so the same
   register of two warps conflicts (bank 1 mod 4 for both), where the
   default mapping puts warp 0 r1 in bank 1 and warp 1 r1 in bank 2. */
static void test_reg_only_mapping(void **state)
{
    (void)state;
    assert_int_equal(rf_bank_of(BANK_REG, 4, 0, 1), 1);
    assert_int_equal(rf_bank_of(BANK_REG, 4, 1, 1), 1);
    assert_int_equal(rf_bank_of(BANK_WARP_REG, 4, 1, 1), 2);
    for (int map = BANK_WARP_REG; map <= BANK_REG; map++) {
        struct tparams p;
        struct rec r = { 0 };
        void *rf = make(&p, 4, 0, NULL);
        ops->part.destroy(rf);
        p.bank_map = (enum bank_map)map;
        struct seam_env env = { .p = &p, .rf_done = on_done };
        rf = ops->part.create(&env);
        ops->read(rf, 0, 1, 10, false);
        ops->read(rf, 1, 1, 11, false);
        tick(rf, &r, 0);
        /* one bank for both under "reg": one served; two under warp+reg */
        assert_int_equal(r.n, map == BANK_REG ? 1 : 2);
        ops->part.destroy(rf);
    }
}

/* rf.arbiter = 4 of 16 banks (Fermi): sixteen reads, one per bank, take
   four cycles, four a cycle in bank order; the next cycle's grants start
   after the last bank served, so a bank that keeps work cannot starve the
   others. */
static void test_arbiter(void **state)
{
    (void)state;
    struct tparams p;
    struct rec r = { 0 };
    memset(&p, 0, sizeof p);
    p.rf_banks = 16;
    p.registers = 32768;
    p.rf_arbiter = 4;
    struct seam_env env = { .p = &p, .rf_done = on_done };
    void *rf = ops->part.create(&env);
    for (uint32_t b = 0; b < 16; b++)
        ops->read(rf, 0, b, b, false);        /* warp 0, r_b: bank b */
    for (uint64_t c = 0; c < 4; c++) {
        tick(rf, &r, c);
        assert_int_equal(r.n, 4 * (c + 1));
        for (uint32_t k = 0; k < 4; k++)
            assert_int_equal(r.tag[4 * c + k], 4 * c + k);
    }
    assert_int_equal(ops->part.next_event(rf, 3), UINT64_MAX);
    /* bank 0 has two reads, banks 1..4 one each: the pointer is back at
       bank 0 (after bank 15), which gets one grant, then 1..3; the next
       cycle starts at bank 4, then bank 0's second read */
    ops->read(rf, 0, 0, 100, false);
    ops->read(rf, 0, 16, 101, false);         /* r16: bank 0 again */
    for (uint32_t b = 1; b <= 4; b++)
        ops->read(rf, 0, b, 100 + 1 + b, false);
    r.n = 0;
    tick(rf, &r, 10);
    assert_int_equal(r.n, 4);
    assert_int_equal(r.tag[0], 100);
    assert_int_equal(r.tag[3], 104);
    tick(rf, &r, 11);
    assert_int_equal(r.n, 6);
    assert_int_equal(r.tag[4], 105);          /* bank 4 first */
    assert_int_equal(r.tag[5], 101);          /* then bank 0 */
    struct jv *o = jv_obj();
    ops->part.stats(rf, o);
    /* cycles 0-2: 12, 8, 4 banks left out; cycle 10: bank 4 (bank 0 was
       granted once, its second read is a conflict) */
    assert_int_equal(stat_of(o, "arbiter_waits"), 12 + 8 + 4 + 1);
    jv_free(o);
    ops->part.destroy(rf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_idle),
        cmocka_unit_test(test_same_bank_reads),
        cmocka_unit_test(test_reg_only_mapping),
        cmocka_unit_test(test_different_banks),
        cmocka_unit_test(test_write_before_read),
        cmocka_unit_test(test_oldest_first_long_queue),
        cmocka_unit_test(test_conflict_events),
        cmocka_unit_test(test_stats_accumulate),
        cmocka_unit_test(test_arbiter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
