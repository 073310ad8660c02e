/*
** test_tclane.c - one tinyCache's line states (designs/tclane.c): every
** edge of Fig. 3 of the tinyCache paper (seed 002), the write-back masks
** of replacements, LRU, the half-word control bits and the extended tag.
** The paper's cache: 16 lines of 64 bytes, 8-way (2 sets), 32 control
** bits per line.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "compile/image.h"
#include "designs/tclane.h"

static struct tclane c;

static int setup(void **state)
{
    (void)state;
    tclane_init(&c, 16, 8, 64);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tclane_free(&c);
    return 0;
}

/* Global line k: 64-byte lines 128 bytes apart all fall in set 0. */
static struct tcl_key gkey(uint64_t k)
{
    return (struct tcl_key){ 0x10000 + k * 128, 0, KS_GLOBAL };
}

#define GK(k) (&(struct tcl_key){ 0x10000 + (uint64_t)(k) * 128, 0, KS_GLOBAL })

static const struct tcl_line *line_of(struct tcl_key k)
{
    int32_t i = tclane_find(&c, &k);
    assert_true(i >= 0);
    return &c.l[i];
}

/* Half-words of 4 bytes at `off`. */
static uint64_t word(uint32_t off)
{
    return tclane_bits(&c, off, 4);
}

static void test_geometry_and_init(void **state)
{
    (void)state;
    assert_int_equal(c.sets, 2);
    assert_int_equal(c.ways, 8);
    assert_int_equal(c.halfwords, 32);
    assert_int_equal(c.full, 0xffffffffULL);
    for (uint32_t i = 0; i < 16; i++) {
        assert_int_equal(c.l[i].state, TCL_I);   /* I after initialisation */
        assert_int_equal(c.l[i].fill, -1);
    }
    struct tcl_key k = gkey(0);
    assert_int_equal(tclane_find(&c, &k), -1);
}

/* One control bit per half-word: a word is two bits, a byte one, a
   16-byte vector eight; a 128-byte line has 64. */
static void test_control_bits(void **state)
{
    (void)state;
    assert_int_equal(tclane_bits(&c, 4, 4), 0xcULL);
    assert_int_equal(tclane_bits(&c, 5, 1), 0x4ULL);
    assert_int_equal(tclane_bits(&c, 6, 2), 0x8ULL);
    assert_int_equal(tclane_bits(&c, 48, 16), 0xff000000ULL);
    assert_int_equal(tclane_bits(&c, 0, 8), 0xfULL);
    struct tclane big;
    tclane_init(&big, 16, 8, 128);
    assert_int_equal(big.full, ~0ULL);
    assert_int_equal(tclane_bits(&big, 120, 8), 0xfULL << 60);
    tclane_free(&big);
}

/* rm: a read miss fetches a clean line: C. */
static void test_rm_fetches_clean(void **state)
{
    (void)state;
    struct tcl_result r;
    tclane_read(&c, GK(0), word(8), &r);
    assert_int_equal(r.edge, TCL_RM);
    assert_true(r.fetch);
    assert_false(r.victim.valid);
    assert_int_equal(line_of(gkey(0))->state, TCL_C);
}

/* rh on C and on Dv: no action, no fetch, state kept. */
static void test_rh_on_c_and_dv(void **state)
{
    (void)state;
    struct tcl_result r;
    struct tcl_key k = gkey(0);
    tclane_read(&c, &k, word(0), &r);
    tclane_read(&c, &k, word(60), &r);
    assert_int_equal(r.edge, TCL_RH);
    assert_false(r.fetch);
    assert_int_equal(line_of(k)->state, TCL_C);
    tclane_write(&c, &k, word(0), &r);
    tclane_read(&c, &k, word(32), &r);   /* a clean half-word of Dv */
    assert_int_equal(r.edge, TCL_RH);
    assert_false(r.fetch);
    assert_int_equal(line_of(k)->state, TCL_DV);
}

/* wh on C: Dv, the written half-words' bits set and the others cleared
   (valid and clean). */
static void test_wh_on_c(void **state)
{
    (void)state;
    struct tcl_result r;
    struct tcl_key k = gkey(0);
    tclane_read(&c, &k, word(0), &r);
    c.l[r.line].mask = 0xf0f0;          /* don't-care bits of C */
    tclane_write(&c, &k, word(20), &r);
    assert_int_equal(r.edge, TCL_WH_C);
    assert_false(r.fetch);
    assert_int_equal(line_of(k)->state, TCL_DV);
    assert_int_equal(line_of(k)->mask, word(20));
}

/* wh on Dv: the written bits join the set ones. */
static void test_wh_on_dv(void **state)
{
    (void)state;
    struct tcl_result r;
    struct tcl_key k = gkey(0);
    tclane_read(&c, &k, word(0), &r);
    tclane_write(&c, &k, word(0), &r);
    tclane_write(&c, &k, word(12), &r);
    assert_int_equal(r.edge, TCL_WH_DV);
    assert_int_equal(line_of(k)->state, TCL_DV);
    assert_int_equal(line_of(k)->mask, word(0) | word(12));
}

/* wm: allocate without fetching; Dpv with only the written bits set. */
static void test_wm_allocates_dpv(void **state)
{
    (void)state;
    struct tcl_result r;
    struct tcl_key k = gkey(3);
    tclane_write(&c, &k, word(24), &r);
    assert_int_equal(r.edge, TCL_WM);
    assert_false(r.fetch);
    assert_int_equal(line_of(k)->state, TCL_DPV);
    assert_int_equal(line_of(k)->mask, word(24));
}

/* rh(v) on Dpv: reading or writing a valid half-word needs no action. */
static void test_rh_v_on_dpv(void **state)
{
    (void)state;
    struct tcl_result r;
    struct tcl_key k = gkey(3);
    tclane_write(&c, &k, word(24), &r);
    tclane_read(&c, &k, tclane_bits(&c, 26, 2), &r);
    assert_int_equal(r.edge, TCL_RH);
    assert_false(r.fetch);
    tclane_write(&c, &k, word(24), &r);
    assert_int_equal(r.edge, TCL_WH_DPV);
    assert_int_equal(line_of(k)->state, TCL_DPV);
    assert_int_equal(line_of(k)->mask, word(24));
}

/* wh on an invalid half-word of Dpv sets its bit and stays Dpv; writing
   the last invalid half-words, wh(last), moves to Dv with no action. */
static void test_wh_dpv_and_last(void **state)
{
    (void)state;
    struct tcl_result r;
    struct tcl_key k = gkey(5);
    tclane_write(&c, &k, tclane_bits(&c, 0, 16), &r);
    assert_int_equal(r.edge, TCL_WM);
    tclane_write(&c, &k, tclane_bits(&c, 16, 16), &r);
    assert_int_equal(r.edge, TCL_WH_DPV);
    tclane_write(&c, &k, tclane_bits(&c, 32, 16), &r);
    assert_int_equal(r.edge, TCL_WH_DPV);
    assert_int_equal(line_of(k)->state, TCL_DPV);
    assert_int_equal(line_of(k)->mask, 0xffffffULL);
    tclane_write(&c, &k, tclane_bits(&c, 48, 16), &r);
    assert_int_equal(r.edge, TCL_WH_LAST);
    assert_false(r.fetch);
    assert_int_equal(line_of(k)->state, TCL_DV);
    assert_int_equal(line_of(k)->mask, c.full);   /* all dirty */
}

/* rh(i): a tag hit on an unwritten half-word of Dpv fetches the line and
   merges it under the set bits: Dv, the dirty bits kept. */
static void test_rh_i_fetches_and_merges(void **state)
{
    (void)state;
    struct tcl_result r;
    struct tcl_key k = gkey(2);
    tclane_write(&c, &k, word(8), &r);
    tclane_read(&c, &k, word(12), &r);
    assert_int_equal(r.edge, TCL_RH_I);
    assert_true(r.fetch);
    assert_false(r.victim.valid);
    assert_int_equal(line_of(k)->state, TCL_DV);
    assert_int_equal(line_of(k)->mask, word(8));
    /* afterwards every half-word is a hit */
    tclane_read(&c, &k, word(40), &r);
    assert_int_equal(r.edge, TCL_RH);
}

/* rpl: the ninth line of a set replaces the least recently used one;
   C leaves without a write-back, Dpv writes back exactly its written
   half-words, Dv its set bits (all of them: a full write-back). */
static void test_rpl_writes_back_set_half_words(void **state)
{
    (void)state;
    struct tcl_result r;
    tclane_read(&c, GK(0), word(0), &r);    /* C */
    tclane_write(&c, GK(1), word(4), &r);   /* Dpv */
    tclane_write(&c, GK(1), word(60), &r);
    tclane_write(&c, GK(2), tclane_bits(&c, 0, 64), &r);
    assert_int_equal(line_of(gkey(2))->state, TCL_DV);
    for (uint64_t k = 3; k < 8; k++)
        tclane_read(&c, GK(k), word(0), &r);
    assert_int_equal(tclane_find(&c, GK(8)), -1);
    tclane_read(&c, GK(8), word(0), &r);  /* set 0 full */
    assert_true(r.victim.valid);
    assert_int_equal(r.victim.key.addr, gkey(0).addr);
    assert_int_equal(r.victim.mask, 0);           /* clean: nothing to write */
    tclane_read(&c, GK(9), word(0), &r);
    assert_int_equal(r.victim.key.addr, gkey(1).addr);
    assert_int_equal(r.victim.mask, word(4) | word(60));  /* wb(v) */
    assert_false(r.victim.full);
    tclane_read(&c, GK(10), word(0), &r);
    assert_int_equal(r.victim.key.addr, gkey(2).addr);
    assert_int_equal(r.victim.mask, c.full);
    assert_true(r.victim.full);
    /* the victim's line is the new one, in state C */
    assert_int_equal(c.l[r.line].addr, gkey(10).addr);
    assert_int_equal(c.l[r.line].state, TCL_C);
}

/* LRU: a line used recently survives; eviction of one line (rpl) leaves
   it I, and an I line is reused before any valid one. */
static void test_lru_and_evict(void **state)
{
    (void)state;
    struct tcl_result r;
    for (uint64_t k = 0; k < 8; k++)
        tclane_read(&c, GK(k), word(0), &r);
    tclane_read(&c, GK(0), word(0), &r);   /* touch */
    tclane_read(&c, GK(8), word(0), &r);
    assert_int_equal(r.victim.key.addr, gkey(1).addr);
    assert_true(tclane_find(&c, GK(0)) >= 0);
    int32_t i = tclane_find(&c, GK(4));
    struct tcl_victim v;
    assert_true(tclane_evict(&c, (uint32_t)i, &v));
    assert_false(tclane_evict(&c, (uint32_t)i, &v));
    assert_int_equal(c.l[i].state, TCL_I);
    tclane_read(&c, GK(9), word(0), &r);
    assert_false(r.victim.valid);
    assert_int_equal(r.line, (uint32_t)i);
}

/* Data present while a fetch is on its way: none of C, only the written
   half-words of Dv; with no fetch, everything valid. */
static void test_present_under_fetch(void **state)
{
    (void)state;
    struct tcl_result r;
    struct tcl_key k = gkey(0);
    tclane_read(&c, &k, word(0), &r);
    struct tcl_line *l = &c.l[r.line];
    l->fill = 3;
    assert_false(tclane_present(&c, l, word(0)));
    tclane_write(&c, &k, word(8), &r);           /* wh(C) under the fetch */
    assert_int_equal(l->state, TCL_DV);
    assert_true(tclane_present(&c, l, word(8)));
    assert_false(tclane_present(&c, l, word(12)));
    l->fill = -1;
    assert_true(tclane_present(&c, l, word(12)));
}

/* The extended tag: the same address in shared memory of two CTAs, and
   in global memory, names three different lines. */
static void test_extended_tag(void **state)
{
    (void)state;
    struct tcl_result r;
    struct tcl_key g = { 0x40, 0, KS_GLOBAL }, s0 = { 0x40, 0, KS_SHARED },
                   s1 = { 0x40, 1, KS_SHARED };
    tclane_write(&c, &s0, word(0), &r);
    assert_int_equal(tclane_find(&c, &g), -1);
    assert_int_equal(tclane_find(&c, &s1), -1);
    tclane_read(&c, &s1, word(0), &r);
    assert_int_equal(r.edge, TCL_RM);
    tclane_read(&c, &g, word(0), &r);
    assert_int_equal(r.edge, TCL_RM);
    assert_int_equal(line_of(s0)->state, TCL_DPV);
}

/* The line named k by scanning every line of its set, as the search did
   before the short tags: the reference for tclane_find. */
static int32_t find_by_lines(const struct tclane *x, const struct tcl_key *k)
{
    uint32_t set = (uint32_t)((k->addr / x->line) % x->sets);
    for (uint32_t w = 0; w < x->ways; w++) {
        const struct tcl_line *l = &x->l[set * x->ways + w];
        if (l->state != TCL_I && l->addr == k->addr && l->space == k->space &&
            l->cta == k->cta)
            return (int32_t)(set * x->ways + w);
    }
    return -1;
}

/* The line an allocation of k takes, from the lines: the first I line
   of its set, else the least recently used. */
static uint32_t victim_by_lines(const struct tclane *x, const struct tcl_key *k)
{
    uint32_t set = (uint32_t)((k->addr / x->line) % x->sets);
    uint32_t base = set * x->ways, pick = base;
    for (uint32_t w = 0; w < x->ways; w++) {
        const struct tcl_line *l = &x->l[base + w];
        if (l->state == TCL_I)
            return base + w;
        if (l->stamp < x->l[pick].stamp)
            pick = base + w;
    }
    return pick;
}

/* The short tags and ages the search and the victim choice use follow
   the lines, over random reads, writes, evictions and touches: on 3 sets
   (not a power of two) and on 2 and 1, with keys that share a short tag
   (the same address in shared memory of different CTAs, and in global
   memory) and lines of 16 and 4 bytes. */
static void test_search_arrays_follow_lines(void **state)
{
    (void)state;
    static const uint32_t shapes[][3] = { { 12, 4, 64 }, { 16, 8, 64 },
                                          { 8, 8, 16 }, { 12, 4, 4 } };
    for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        struct tclane x;
        tclane_init(&x, shapes[s][0], shapes[s][1], shapes[s][2]);
        struct tcl_key keys[48];
        for (unsigned i = 0; i < 48; i++)
            keys[i] = (struct tcl_key){ (uint64_t)(i % 16) * x.line,
                                        i / 16 == 2 ? i % 3 : 0,
                                        i / 16 == 0 ? KS_GLOBAL : KS_SHARED };
        uint64_t seed = 12345 + s;
        unsigned allocations = 0, hits = 0;
        for (unsigned op = 0; op < 20000; op++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            const struct tcl_key *k = &keys[(seed >> 33) % 48];
            unsigned what = (unsigned)(seed >> 20) % 8;
            int32_t i = find_by_lines(&x, k);
            assert_int_equal(tclane_find(&x, k), i);
            struct tcl_result r;
            uint64_t bits = tclane_bits(&x, 0, 4);
            if (what == 7) {
                if (i >= 0)
                    tclane_evict(&x, (uint32_t)i, &r.victim);
                continue;
            }
            if (what == 6) {
                if (i >= 0)
                    tclane_touch(&x, (uint32_t)i);
                continue;
            }
            uint32_t expect = i >= 0 ? (uint32_t)i : victim_by_lines(&x, k);
            if (what < 3)
                tclane_write(&x, k, bits, &r);
            else
                tclane_read(&x, k, bits, &r);
            assert_int_equal(r.line, expect);
            allocations += i < 0;
            hits += i >= 0;
        }
        for (unsigned i = 0; i < 48; i++)
            assert_int_equal(tclane_find(&x, &keys[i]),
                             find_by_lines(&x, &keys[i]));
        assert_true(allocations > 1000 && hits > 1000);
        tclane_free(&x);
    }
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_geometry_and_init),
        T(test_control_bits),
        T(test_rm_fetches_clean),
        T(test_rh_on_c_and_dv),
        T(test_wh_on_c),
        T(test_wh_on_dv),
        T(test_wm_allocates_dpv),
        T(test_rh_v_on_dpv),
        T(test_wh_dpv_and_last),
        T(test_rh_i_fetches_and_merges),
        T(test_rpl_writes_back_set_half_words),
        T(test_lru_and_evict),
        T(test_present_under_fetch),
        T(test_extended_tag),
        cmocka_unit_test(test_search_arrays_follow_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
