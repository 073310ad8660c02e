/*
** test_fuse.c - design fuse (seed 003). Table I: every variant's geometry
** and energies; the storage arithmetic (CBFs 512 B, sampler 29-bit
** entries, history table, swap buffer, the Table III tag and data
** transistor counts); the read-level predictor's state machine (counter
** init 8, hits down, unused evictions up, WORO strictly above 14, R/W
** status, 4-bit saturation, LRU sampler, sampled and probing warps); the
** counting Bloom filters (hashes, no false negative after saturation);
** the fully associative bank's polling search. Then the controller on
** real kernels: l1-sram is the baseline L1D cycle for cycle; hybrid and
** base-fuse move SRAM victims to STT-MRAM (blocking or through the swap
** buffer); by-nvm writes in place; fa-fuse keeps what set-associative
** STT-MRAM loses; dy-fuse places WORM in STT-MRAM, migrates on a store
** and on a WM prediction, bypasses WORO; CBFs with one counter poll every
** row (false positives) and a one-entry tag queue stalls.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"
#include "designs/fuse.h"
#include "timing/tparams.h"
#include "util/diag.h"
#include "harness.h"

/* ---- Table I ---------------------------------------------------------- */

static struct fuse_geom geom(enum fuse_variant v)
{
    struct fuse_geom g;
    char err[200];
    assert_int_equal(fuse_geom_of(v, 128, 0, 0, 0, 0, &g, err, sizeof err), 0);
    return g;
}

static void test_table1_geometry(void **state)
{
    (void)state;
    struct fuse_geom g = geom(FV_L1_SRAM);
    assert_int_equal(g.sram_bytes, 32768);
    assert_int_equal(g.sram_sets, 64);
    assert_int_equal(g.sram_ways, 4);
    assert_int_equal(g.stt_bytes, 0);
    assert_false(g.queues || g.predictor || g.sram_fa);
    g = geom(FV_FA_SRAM);
    assert_int_equal(g.sram_bytes, 32768);
    assert_int_equal(g.sram_sets, 1);
    assert_int_equal(g.sram_ways, 256);
    assert_true(g.sram_fa);
    g = geom(FV_BY_NVM);
    assert_int_equal(g.sram_bytes, 0);
    assert_int_equal(g.stt_bytes, 131072);
    assert_int_equal(g.stt_sets, 256);
    assert_int_equal(g.stt_ways, 4);
    assert_true(g.predictor);
    assert_false(g.queues);
    for (int v = FV_HYBRID; v <= FV_DY_FUSE; v++) {
        g = geom((enum fuse_variant)v);
        assert_int_equal(g.sram_bytes, 16384);
        assert_int_equal(g.sram_sets * g.sram_ways * 128, 16384);
        assert_int_equal(g.sram_sets, 64);
        assert_int_equal(g.sram_ways, 2);
        assert_int_equal(g.stt_bytes, 65536);
        assert_int_equal(g.queues, v != FV_HYBRID);
        assert_int_equal(g.predictor, v == FV_DY_FUSE);
        if (v <= FV_BASE_FUSE) {
            assert_int_equal(g.stt_sets, 256);
            assert_int_equal(g.stt_ways, 2);
            assert_false(g.stt_fa);
        } else {
            assert_int_equal(g.stt_sets, 1);
            assert_int_equal(g.stt_ways, 512);
            assert_true(g.stt_fa);
        }
    }
    assert_string_equal(fuse_variant_name(FV_DY_FUSE), "dy-fuse");
    assert_string_equal(fuse_variant_name(FV_BY_NVM), "by-nvm");
}

static void test_geometry_overrides(void **state)
{
    (void)state;
    struct fuse_geom g;
    char err[200];
    /* the SRAM share of Fig. 18: 1/4 SRAM, the rest STT-MRAM */
    assert_int_equal(fuse_geom_of(FV_DY_FUSE, 128, 8192, 0, 98304, 0, &g, err,
                                  sizeof err), 0);
    assert_int_equal(g.sram_sets, 32);
    assert_int_equal(g.stt_ways, 768);
    assert_int_equal(fuse_geom_of(FV_HYBRID, 128, 0, 4, 0, 8, &g, err,
                                  sizeof err), 0);
    assert_int_equal(g.sram_sets, 32);
    assert_int_equal(g.stt_sets, 64);
    /* a bank the variant lacks, ways of a fully associative bank, sizes
       that are not whole sets */
    assert_int_equal(fuse_geom_of(FV_L1_SRAM, 128, 0, 0, 4096, 0, &g, err,
                                  sizeof err), -1);
    assert_non_null(strstr(err, "fuse.stt_size"));
    assert_int_equal(fuse_geom_of(FV_BY_NVM, 128, 0, 2, 0, 0, &g, err,
                                  sizeof err), -1);
    assert_non_null(strstr(err, "fuse.sram_ways"));
    assert_int_equal(fuse_geom_of(FV_FA_FUSE, 128, 0, 0, 0, 4, &g, err,
                                  sizeof err), -1);
    assert_non_null(strstr(err, "fully associative"));
    assert_int_equal(fuse_geom_of(FV_HYBRID, 128, 1000, 0, 0, 0, &g, err,
                                  sizeof err), -1);
    assert_non_null(strstr(err, "fuse.sram_size"));
}

static void test_table1_energy(void **state)
{
    (void)state;
    struct fuse_energy e;
    fuse_table1_energy(FV_L1_SRAM, &e);
    assert_true(e.sram_read == 150 && e.sram_write == 120 && e.sram_leak == 58);
    assert_true(e.stt_read == 0 && e.stt_leak == 0);
    fuse_table1_energy(FV_BY_NVM, &e);
    assert_true(e.stt_read == 1200 && e.stt_write == 2900 && e.stt_leak == 2.8);
    assert_true(e.sram_read == 0 && e.sram_leak == 0);
    fuse_table1_energy(FV_HYBRID, &e);
    assert_true(e.sram_read == 90 && e.sram_write == 70 && e.sram_leak == 36);
    assert_true(e.stt_read == 260 && e.stt_write == 2400 && e.stt_leak == 2.6);
    fuse_table1_energy(FV_BASE_FUSE, &e);
    assert_true(e.stt_leak == 2.6);
    fuse_table1_energy(FV_DY_FUSE, &e);
    assert_true(e.stt_leak == 2.4 && e.sram_leak == 36);
}

/* fuse_config: the variant key picks Table I's column, each fuse.*_pj /
   _mw key that is set replaces one energy, and the bill inputs come from
   the keys and the L1D's MSHR count. */
static void test_config_keys(void **state)
{
    (void)state;
    struct ws_config c;
    struct ws_diag d = { 0 };
    config_init(&c);
    assert_int_equal(config_set(&c, "fuse.variant", "hybrid", &d), 0);
    assert_int_equal(config_set(&c, "fuse.stt_write_pj", "1000", &d), 0);
    assert_int_equal(config_set(&c, "fuse.sram_leak_mw", "0", &d), 0);
    assert_int_equal(config_set(&c, "fuse.tag_queue", "8", &d), 0);
    assert_int_equal(config_set(&c, "fuse.stt_size", "32K", &d), 0);
    assert_int_equal(config_set(&c, "l1d.mshrs", "24", &d), 0);
    struct tparams p;
    tparams_init(&p, &c);
    struct fuse_geom g, want = geom(FV_HYBRID);
    struct fuse_energy e;
    struct fuse_cost_in ci;
    fuse_config(&c, &p, &g, &e, &ci);
    assert_int_equal(g.v, FV_HYBRID);
    assert_int_equal(g.sram_bytes, want.sram_bytes);
    assert_int_equal(g.sram_ways, want.sram_ways);
    assert_int_equal(g.stt_bytes, 32768);
    assert_int_equal(g.stt_sets, want.stt_sets / 2);
    assert_true(e.stt_write == 1000 && e.stt_read == 260);  /* Table I */
    assert_true(e.sram_leak == 0 && e.sram_read == 90);
    assert_int_equal(ci.tag_queue, 8);
    assert_int_equal(ci.swap_buffer, 3);
    assert_int_equal(ci.cbf_count, 128);
    assert_int_equal(ci.history_entries, 512);
    assert_int_equal(ci.mshrs, 24);
    /* a size the variant has no bank for leaves the geometry zeroed */
    assert_int_equal(config_set(&c, "fuse.variant", "l1-sram", &d), 0);
    fuse_config(&c, &p, &g, &e, &ci);
    assert_int_equal(g.sram_bytes + g.stt_bytes, 0);
    config_free(&c);
}

/* ---- storage ----------------------------------------------------------- */

static struct fuse_cost_in paper_in(void)
{
    return (struct fuse_cost_in){ .comparators = 4, .cbf_count = 128,
                                  .cbf_counters = 16, .tag_queue = 16,
                                  .swap_buffer = 3, .sampler_sets = 4,
                                  .sampler_ways = 8, .history_entries = 512,
                                  .mshrs = 32 };
}

static void test_storage(void **state)
{
    (void)state;
    struct fuse_cost_in in = paper_in();
    struct fuse_cost c;
    struct fuse_geom g = geom(FV_DY_FUSE);
    fuse_cost(&g, &in, &c);
    assert_int_equal(c.cbf_bits, 4096);                 /* 512 B */
    assert_int_equal(c.cbf_bits / 8, 512);
    assert_int_equal(c.sampler_entry_bits, 1 + 1 + 3 + 15 + 9);
    assert_int_equal(c.sampler_bits, 928);
    assert_int_equal(c.history_bits, 2560);
    assert_int_equal(c.swap_bits, 3 * 1024);
    assert_int_equal(c.tag_queue_bits, 16 * (2 + 25));
    assert_int_equal(c.line_sig_bits, (128 + 512) * 9);
    assert_int_equal(c.mshr_dest_bits, 64);
    /* Table III: SRAM tags 19-bit tag + valid + dirty in 6T cells; the
       fully associative STT-MRAM tags 25 + 2 bits in 1T1MTJ cells (2) */
    assert_int_equal(c.sram_tag_bits, 128 * 21);
    assert_int_equal(c.stt_tag_bits, 512 * 27);
    assert_int_equal(c.sram_tag_bits * 6 + c.stt_tag_bits * 2, 43776);
    assert_int_equal(c.sram_data_bits + c.stt_data_bits, (16384 + 65536) * 8);
    /* Table I's 1024 history entries: 10-bit signatures */
    in.history_entries = 1024;
    fuse_cost(&g, &in, &c);
    assert_int_equal(c.history_bits, 5120);
    assert_int_equal(c.sampler_entry_bits, 30);
    /* L1-SRAM: Table III's 1,572,864 data and 32,256 tag transistors */
    in = paper_in();
    g = geom(FV_L1_SRAM);
    fuse_cost(&g, &in, &c);
    assert_int_equal(c.sram_data_bits * 6, 1572864);
    assert_int_equal(c.sram_tag_bits * 6, 32256);
    assert_int_equal(c.cbf_bits + c.swap_bits + c.sampler_bits, 0);
    /* base-fuse has the queues but no CBFs or predictor */
    g = geom(FV_BASE_FUSE);
    fuse_cost(&g, &in, &c);
    assert_int_equal(c.swap_bits, 3072);
    assert_int_equal(c.cbf_bits + c.sampler_bits + c.line_sig_bits, 0);
    assert_int_equal(c.stt_tag_bits, 512 * (32 - 7 - 8 + 2));
}

/* ---- the read-level predictor ------------------------------------------ */

static void test_predictor_counter(void **state)
{
    (void)state;
    struct fuse_pred p;
    fuse_pred_init(&p, 4, 8, 512, 14, 8);
    uint32_t a = fuse_pred_sig(&p, 37), b = fuse_pred_sig(&p, 37 + 512);
    assert_int_equal(a, 37);
    assert_int_equal(b, 37);                            /* 9-bit signature */
    assert_int_equal(fuse_pred_class(&p, a), FC_NEUTRAL);  /* (8, R) */
    /* set 0: block 100 inserted by PC 37, then 7 hits */
    assert_false(fuse_pred_sample(&p, 0, false, 100, a, false));
    for (int i = 0; i < 7; i++)
        assert_true(fuse_pred_sample(&p, 0, false, 100, 99, false));
    assert_int_equal(p.h[a].counter, 1);
    assert_int_equal(fuse_pred_class(&p, a), FC_NEUTRAL);  /* the gap: 1 */
    assert_true(fuse_pred_sample(&p, 0, false, 100, 99, false));
    assert_int_equal(p.h[a].counter, 0);
    assert_int_equal(fuse_pred_class(&p, a), FC_WORM);
    /* the hitting PC (99) is not the one charged */
    assert_int_equal(p.h[99].counter, 8);
    /* saturation at 0, and a store hit makes the signature write-many */
    assert_true(fuse_pred_sample(&p, 0, false, 100, 99, true));
    assert_int_equal(p.h[a].counter, 0);
    assert_true(p.h[a].write);
    assert_int_equal(fuse_pred_class(&p, a), FC_WM);
    fuse_pred_reset(&p);
    assert_int_equal(fuse_pred_class(&p, a), FC_NEUTRAL);
    assert_false(p.h[a].write);
    fuse_pred_free(&p);
}

static void test_predictor_unused(void **state)
{
    (void)state;
    struct fuse_pred p;
    fuse_pred_init(&p, 4, 8, 512, 14, 8);
    /* blocks of PC 5 never used again: each one pushed out of the 8-way
       set unused increments counter 5 */
    uint64_t blk = 1000;
    for (int i = 0; i < 8; i++)
        assert_false(fuse_pred_sample(&p, 2, false, blk++, 5, false));
    assert_int_equal(p.h[5].counter, 8);                /* set full, none out */
    for (int i = 0; i < 6; i++)
        fuse_pred_sample(&p, 2, false, blk++, 5, false);
    assert_int_equal(p.h[5].counter, 14);
    /* 14 is not above unused_th = 14 (the paper: greater than) */
    assert_int_equal(fuse_pred_class(&p, 5), FC_NEUTRAL);
    fuse_pred_sample(&p, 2, false, blk++, 5, false);
    assert_int_equal(p.h[5].counter, 15);
    assert_int_equal(fuse_pred_class(&p, 5), FC_WORO);
    fuse_pred_sample(&p, 2, false, blk++, 5, false);
    assert_int_equal(p.h[5].counter, 15);               /* 4-bit saturation */
    fuse_pred_free(&p);
}

static void test_sampler_lru(void **state)
{
    (void)state;
    struct fuse_pred p;
    fuse_pred_init(&p, 4, 8, 512, 14, 8);
    for (uint64_t b = 0; b < 8; b++)
        fuse_pred_sample(&p, 1, false, b, 7, false);
    /* touch block 0: block 1 becomes the least recently used */
    assert_true(fuse_pred_sample(&p, 1, false, 0, 7, false));
    assert_int_equal(p.h[7].counter, 7);
    fuse_pred_sample(&p, 1, false, 8, 7, false);        /* evicts block 1 */
    assert_int_equal(p.h[7].counter, 8);                /* it was unused */
    assert_true(fuse_pred_sample(&p, 1, false, 0, 7, false));
    assert_false(fuse_pred_sample(&p, 1, false, 1, 7, false));
    /* LRU positions stay a permutation of 0..7 */
    uint32_t seen = 0;
    for (uint32_t w = 0; w < 8; w++)
        seen |= 1u << p.s[8 + w].lru;
    assert_int_equal(seen, 0xff);
    /* other sets are untouched; partial tags alias 2^15 blocks apart */
    assert_false(p.s[0].valid);
    assert_true(fuse_pred_sample(&p, 1, false, 8 + (1u << 15), 7, false));
    fuse_pred_free(&p);
}

static void test_sampler_probe(void **state)
{
    (void)state;
    struct fuse_pred p;
    fuse_pred_init(&p, 4, 8, 512, 14, 8);
    assert_false(fuse_pred_sample(&p, 0, true, 42, 3, false));
    /* a warp that is not sampled: compared with every set when probing
       all, never inserted */
    assert_true(fuse_pred_sample(&p, -1, true, 42, 4, false));
    assert_int_equal(p.h[3].counter, 7);
    assert_false(fuse_pred_sample(&p, -1, true, 43, 4, false));
    assert_false(fuse_pred_sample(&p, -1, false, 42, 4, false));
    /* sampled warps only see their own set */
    assert_false(fuse_pred_sample(&p, 1, false, 42, 4, false));
    assert_true(fuse_pred_sample(&p, 1, false, 42, 4, false));
    uint32_t valid = 0;
    for (uint32_t i = 0; i < 32; i++)
        valid += p.s[i].valid;
    assert_int_equal(valid, 2);
    fuse_pred_free(&p);
}

/* ---- counting Bloom filters --------------------------------------------- */

static void test_cbf(void **state)
{
    (void)state;
    /* h_0(1) = high 32 bits of the constant, scaled to 16 counters */
    assert_int_equal(fuse_cbf_hash(0, 1, 16), (0x9e3779b9ULL * 16) >> 32);
    for (uint64_t b = 0; b < 1000; b++)
        for (uint32_t i = 0; i < 3; i++)
            assert_true(fuse_cbf_hash(i, b * 77, 16) < 16);
    struct fuse_cbf f;
    fuse_cbf_init(&f, 128, 16, 3);
    assert_false(fuse_cbf_test(&f, 5, 1234));
    fuse_cbf_insert(&f, 5, 1234);
    assert_true(fuse_cbf_test(&f, 5, 1234));
    assert_false(fuse_cbf_test(&f, 6, 1234));
    fuse_cbf_remove(&f, 5, 1234);
    assert_false(fuse_cbf_test(&f, 5, 1234));
    /* overfill one filter: counters saturate at 3 but a block still in it
       never tests negative while others leave */
    for (uint64_t b = 0; b < 12; b++)
        fuse_cbf_insert(&f, 9, b);
    uint32_t three = 0;
    for (uint32_t j = 0; j < 16; j++) {
        assert_true(fuse_cbf_value(&f, 9, j) <= 3);
        three += fuse_cbf_value(&f, 9, j) == 3;
    }
    assert_true(three > 0);
    for (uint64_t b = 0; b < 11; b++) {
        fuse_cbf_remove(&f, 9, b);
        assert_true(fuse_cbf_test(&f, 9, 11));
    }
    assert_true(f.recounts > 0);
    fuse_cbf_remove(&f, 9, 11);
    for (uint32_t j = 0; j < 16; j++)
        assert_int_equal(fuse_cbf_value(&f, 9, j), 0);
    fuse_cbf_free(&f);
}

/* A block whose three counters are block `of`'s (a false positive of any
   filter holding `of` alone). */
static uint64_t twin(uint64_t of)
{
    for (uint64_t b = of + 1;; b++) {
        uint32_t k;
        for (k = 0; k < 3; k++)
            if (fuse_cbf_hash(k, b, 16) != fuse_cbf_hash(k, of, 16))
                break;
        if (k == 3)
            return b;
    }
}

static void test_fa_search(void **state)
{
    (void)state;
    struct fuse_bank b;
    /* 64 KB, 512 ways, rows of 4, 128 CBFs of 16 counters */
    fuse_bank_init(&b, 65536, 512, 128, REPL_FIFO, true, 4, 128, 16, 3, 1);
    assert_int_equal(b.per_cbf, 4);
    struct fuse_search s;
    assert_int_equal(fuse_bank_find(&b, 0x1000, &s), -1);
    assert_int_equal(s.tests, 128);
    assert_int_equal(s.rows, 0);                        /* all negative */
    struct fuse_meta m = { 1, FC_NONE, 1 };
    struct fuse_victim v;
    /* FIFO fills the lowest free line first: lines 0, 1, 2, ... */
    for (uint64_t i = 0; i < 6; i++)
        assert_int_equal(fuse_bank_put(&b, 0x1000 + i * 128, false, &m, &v), i);
    assert_false(v.valid);
    assert_int_equal(fuse_bank_find(&b, 0x1000 + 5 * 128, &s), 5);
    assert_int_equal(s.positives - s.false_positives, 1);
    /* a block hashing like the one in line 0: CBF 0 tests positive, its
       row is polled for nothing */
    uint64_t t = twin(0x1000 / 128);
    assert_int_equal(fuse_bank_find(&b, t * 128, &s), -1);
    assert_true(s.false_positives >= 1);
    assert_int_equal(s.fp_polled, s.rows);
    assert_true(s.rows >= 1);
    /* taken out: the filter forgets it */
    fuse_bank_take(&b, 0, &v);
    assert_true(v.valid && v.addr == 0x1000);
    struct fuse_search s2;
    fuse_bank_find(&b, t * 128, &s2);
    assert_int_equal(s2.false_positives, s.false_positives - 1);
    /* the freed line is reused first */
    assert_int_equal(fuse_bank_put(&b, 0x9000, false, &m, &v), 0);
    fuse_bank_free(&b);
    /* set-associative: one row per search */
    fuse_bank_init(&b, 65536, 2, 128, REPL_LRU, false, 4, 0, 0, 0, 1);
    fuse_bank_find(&b, 0x1000, &s);
    assert_int_equal(s.rows, 1);
    assert_int_equal(s.tests, 0);
    fuse_bank_free(&b);
}

/* The search written as the paper describes it: every filter tested in
   order, a positive slice's lines compared, rows counted up to the block
   (or the whole slice for a false positive before it is found). */
static int32_t ref_find(const struct fuse_bank *b, uint64_t addr,
                        struct fuse_search *s)
{
    memset(s, 0, sizeof *s);
    uint32_t keys[FUSE_CBF_MAX_HASHES];
    fuse_cbf_keys(&b->cbf, addr / b->c.line, keys);
    uint32_t rows = (b->per_cbf + b->comparators - 1) / b->comparators;
    int32_t found = -1;
    for (uint32_t k = 0; k < b->cbf.n; k++) {
        s->tests++;
        bool pos = true;
        for (uint32_t i = 0; i < b->cbf.hashes; i++)
            pos = pos && fuse_cbf_value(&b->cbf, k, keys[i]) > 0;
        if (!pos)
            continue;
        s->positives++;
        int32_t here = -1;
        for (uint32_t i = k * b->per_cbf; i < (k + 1) * b->per_cbf && here < 0; i++)
            if (b->c.lines[i].valid && b->c.lines[i].addr == addr)
                here = (int32_t)i;
        if (here < 0) {
            s->false_positives++;
            if (found < 0) {
                s->rows += rows;
                s->fp_polled += rows;
            }
        } else if (found < 0) {
            s->rows += ((uint32_t)here - k * b->per_cbf) / b->comparators + 1;
            found = here;
        }
    }
    return found;
}

/* fuse_bank_find against ref_find over random fills, evictions and
   look-ups (present and absent blocks), with 100 filters (not a multiple
   of 64), then with the filters tested one by one (no nz rows). */
static void test_fa_search_reference(void **state)
{
    (void)state;
    for (int pass = 0; pass < 2; pass++) {
        struct fuse_bank b;
        /* 400 lines, rows of 3, 100 CBFs of 8 counters, 3 hashes */
        fuse_bank_init(&b, 400 * 128, 400, 128, REPL_LRU, true, 3, 100, 8, 3, 7);
        assert_non_null(b.cbf.nz);
        if (pass == 1) {
            free(b.cbf.nz);
            b.cbf.nz = NULL;
        }
        struct fuse_meta m = { 1, FC_NONE, 1 };
        struct fuse_victim v;
        uint64_t rng = 99;
        uint32_t hits = 0, fps = 0;
        for (int op = 0; op < 6000; op++) {
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            uint64_t addr = ((rng >> 33) % 1500) * 128;
            uint32_t what = (uint32_t)(rng >> 20) % 8;
            struct fuse_search s, r;
            int32_t got = fuse_bank_find(&b, addr, &s);
            int32_t want = ref_find(&b, addr, &r);
            assert_int_equal(got, want);
            assert_memory_equal(&s, &r, sizeof s);
            hits += got >= 0;
            fps += s.false_positives;
            if (what < 5 && got < 0)
                fuse_bank_put(&b, addr, false, &m, &v);
            else if (what == 5 && got >= 0)
                fuse_bank_take(&b, (uint32_t)got, &v);
        }
        assert_true(hits > 1000);          /* both outcomes and false */
        assert_true(fps > 1000);           /* positives were exercised */
        fuse_bank_free(&b);
    }
}

/* ---- the controller on real kernels -------------------------------------- */

/* One thread: a chain of accesses to lines of a, each after the previous
   load's data arrived. ops: "l3" loads line 3, "s3" stores to it, "L3"
   loads it right after the previous access (no wait). */
static char *chain_ptx(const char *ops)
{
    static char buf[16384];
    int n = snprintf(buf, sizeof buf,
                     ".version 8.0\n.target sm_75\n.address_size 64\n"
                     ".visible .entry k(.param .u64 a)\n{\n"
                     " .reg .b32 %%r<8>;\n .reg .b64 %%rd<8>;\n"
                     " ld.param.u64 %%rd1, [a];\n mov.u32 %%r1, 0;\n");
    for (const char *p = ops; *p; p++) {
        if (*p != 'l' && *p != 's' && *p != 'L')
            continue;
        char op = *p;
        long line = strtol(p + 1, NULL, 10);
        if (op != 'L')
            n += snprintf(buf + n, sizeof buf - (size_t)n,
                          " and.b32 %%r3, %%r1, 0;\n cvt.u64.u32 %%rd3, %%r3;\n"
                          " add.s64 %%rd2, %%rd1, %%rd3;\n");
        if (op != 's')
            n += snprintf(buf + n, sizeof buf - (size_t)n,
                          " ld.global.u32 %%r1, [%%rd2+%ld];\n", line * 128);
        else
            n += snprintf(buf + n, sizeof buf - (size_t)n,
                          " add.u32 %%r4, %%r1, 1;\n"
                          " st.global.u32 [%%rd2+%ld], %%r4;\n", line * 128);
    }
    snprintf(buf + n, sizeof buf - (size_t)n, " ret;\n}\n");
    return buf;
}

struct run {
    struct jv *st;                /* the statistics */
};

static int64_t at(const struct jv *o, const char *path)
{
    char key[64];
    const struct jv *v = o;
    while (v && *path) {
        size_t k = strcspn(path, ".");
        snprintf(key, sizeof key, "%.*s", (int)k, path);
        if (v->kind == JV_ARR) {
            size_t i = (size_t)strtoul(key, NULL, 10);
            v = i < v->n ? v->items[i] : NULL;
        } else {
            v = jv_get(v, key);
        }
        path += k + (path[k] == '.');
    }
    if (!v)
        fail_msg("no statistic %s", key);
    return v->kind == JV_INT ? v->u.i : (int64_t)v->u.d;
}

/* Statistics that must have exact values. */
struct want {
    const char *path;
    int64_t v;
};

static void expect(const struct jv *st, const struct want *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int64_t got = at(st, w[i].path);
        if (got != w[i].v)
            fail_msg("%s = %lld, want %lld", w[i].path, (long long)got,
                     (long long)w[i].v);
    }
}

#define EXPECT(st, ...)                                                        \
    do {                                                                       \
        const struct want w_[] = { __VA_ARGS__ };                              \
        expect(st, w_, sizeof w_ / sizeof w_[0]);                              \
    } while (0)

/* Runs ptx's kernel k on one thread per block over `blocks` blocks of
   `threads` threads with the given settings; a holds `lines` lines. */
static struct jv *run(const char *ptx, const char *const *sets, uint32_t lines,
                      uint32_t blocks, uint32_t threads)
{
    struct th t;
    if (th_init(&t, sets))
        fail_msg("bad settings");
    if (th_load(&t, ptx))
        fail_msg("%s", th_error(&t));
    uint64_t a = th_alloc(&t, lines * 128);
    uint32_t *init = calloc(lines, 128);
    for (uint32_t i = 0; i < lines * 32; i++)
        init[i] = i;
    th_write(&t, a, init, lines * 128);
    uint32_t grid[3] = { blocks, 1, 1 }, block[3] = { threads, 1, 1 };
    uint64_t args[1] = { a };
    if (th_launch(&t, "k", grid, block, 0, args, 1))
        fail_msg("%s", th_error(&t));
    th_read(&t, a, init, lines * 128);
    /* every line the chain stored to holds its first word + 1 */
    struct jv *st = device_stats(&t.dev);
    jv_set(st, "first_words", jv_arr());
    for (uint32_t i = 0; i < lines; i++)
        jv_push(jv_get(st, "first_words"), jv_int(init[i * 32]));
    free(init);
    th_free(&t);
    return st;
}

#define SETS(...) ((const char *const[]){ "design=fuse", "l1d.write_global=back", __VA_ARGS__, NULL })

static void test_l1_sram_is_baseline(void **state)
{
    (void)state;
    const char *ptx = chain_ptx("l0 l64 l128 l192 l256 l0 s1 l1 s64 l64 l320 l0");
    struct jv *b = run(ptx, (const char *const[]){ "l1d.size=32768", "l1d.ways=4",
                                                   "l1d.write_global=back", NULL },
                       400, 1, 1);
    struct jv *f = run(ptx, SETS("fuse.variant=l1-sram"), 400, 1, 1);
    EXPECT(b,
           { "cycles", at(f, "cycles") },
           { "l1d.hits", at(f, "l1d.hits") },
           { "l1d.misses", at(f, "l1d.misses") },
           { "l2.accesses", at(f, "l2.accesses") });
    assert_int_equal(at(f, "fuse.stt.reads") + at(f, "fuse.stt.writes"), 0);
    jv_free(b);
    jv_free(f);
}

/* With GPGPU-Sim's Fermi set index (l1d.set_hash=fermi, which fermi-fuse
   inherits from fermi) l1-sram is still the baseline L1D, and lines 8 KB
   apart no longer share a set: of l0 l64 l128 l192 l256 l0 l64 only the
   five first loads miss. With the linear index the five share one set of
   4 ways, so l256 evicts l0 and l0 then evicts l64: seven misses. */
static void test_l1_sram_set_hash(void **state)
{
    (void)state;
    const char *ptx = chain_ptx("l0 l64 l128 l192 l256 l0 l64");
    struct jv *b = run(ptx, (const char *const[]){ "l1d.size=32768", "l1d.ways=4",
                                                   "l1d.write_global=back",
                                                   "l1d.set_hash=fermi", NULL },
                       400, 1, 1);
    struct jv *f = run(ptx, SETS("fuse.variant=l1-sram", "l1d.size=32768", "l1d.ways=4",
                                 "l1d.set_hash=fermi"), 400, 1, 1);
    struct jv *lin = run(ptx, SETS("fuse.variant=l1-sram"), 400, 1, 1);
    EXPECT(b,
           { "cycles", at(f, "cycles") },
           { "l1d.hits", at(f, "l1d.hits") },
           { "l1d.misses", at(f, "l1d.misses") });
    assert_int_equal(at(f, "l1d.misses"), 5);
    assert_int_equal(at(f, "l1d.hits"), 2);
    assert_int_equal(at(lin, "l1d.misses"), 7);
    jv_free(b);
    jv_free(f);
    jv_free(lin);
}

/* SRAM of one set of 2 ways: lines 0, 1, 2 (the third evicts line 0),
   then line 0 again, then a store to it. */
static const char *victim_ops = "l0 l1 l2 l0 s0 L3";

static void test_hybrid_victims(void **state)
{
    (void)state;
    struct jv *h = run(chain_ptx(victim_ops),
                       SETS("fuse.variant=hybrid", "fuse.sram_size=256",
                            "fuse.stt_size=1024"), 8, 1, 1);
    /* line 0 left SRAM for STT-MRAM and was found there; the store moved
       it back (line 1 went to STT-MRAM to make room) */
    EXPECT(h,
           { "fuse.migrations.sram_to_stt", 3 },
           { "fuse.stt.hits", 1 },
           { "fuse.migrations.stt_to_sram_by_store", 1 },
           { "fuse.stt.store_hits", 1 },
           { "fuse.sram.fills", 4 },
           { "fuse.stt.fills", 0 },
           { "fuse.stt.writes", 3 },
           { "l1d.misses", 4 });
    /* no tag queue: the load right after the store waited for the write
       of the victim its migration sent to STT-MRAM */
    assert_true(at(h, "fuse.stall_cycles.stt_write") > 0);
    EXPECT(h,
           { "fuse.tag_queue.entry_cycles", 0 },
           { "fuse.stt_commands.drain", 3 },
           { "first_words.0", 1 });
    jv_free(h);
}

static void test_base_fuse_queues(void **state)
{
    (void)state;
    struct jv *b = run(chain_ptx(victim_ops),
                       SETS("fuse.variant=base-fuse", "fuse.sram_size=256",
                            "fuse.stt_size=1024"), 8, 1, 1);
    /* the same moves as hybrid, through the swap buffer: each drain holds
       a register and a tag-queue entry for the 5-cycle write */
    EXPECT(b,
           { "fuse.migrations.sram_to_stt", 3 },
           { "fuse.migrations.stt_to_sram_by_store", 1 });
    /* (the drain after the migration's read waits a cycle for it) */
    assert_int_equal(at(b, "fuse.swap_buffer.entry_cycles"), 3 * 5 + 1);
    assert_true(at(b, "fuse.tag_queue.entry_cycles") >= 3 * 5 + 1);
    EXPECT(b,
           { "fuse.tag_queue.flushes", 1 },
           { "fuse.stall_cycles.total", 0 });
    jv_free(b);
}

static void test_by_nvm(void **state)
{
    (void)state;
    struct jv *b = run(chain_ptx("l0 l1 l0 s0 l0"),
                       SETS("fuse.variant=by-nvm"), 4, 1, 1);
    /* every fill is an STT-MRAM write; the store writes in place */
    EXPECT(b,
           { "fuse.stt.fills", 2 },
           { "fuse.stt.hits", 2 },
           { "fuse.stt_commands.store", 1 },
           { "fuse.stt.writes", 3 },
           { "fuse.migrations.stt_to_sram", 0 },
           { "fuse.predictions.neutral", 2 },
           { "first_words.0", 1 });
    jv_free(b);
    /* counters starting above unused_th: dead writes, bypassed */
    b = run(chain_ptx("l0 l1 l0 s2 l2"),
            SETS("fuse.variant=by-nvm", "fuse.counter_init=15"), 4, 1, 1);
    EXPECT(b,
           { "fuse.bypassed_loads", 4 },
           { "fuse.bypassed_stores", 1 },
           { "fuse.stt.fills", 0 },
           { "l1d.hits", 0 },
           { "first_words.2", 1 });
    jv_free(b);
}

/* Lines 0, 2, 4, 6 map to set 0 of a 2-set STT-MRAM bank: base-fuse keeps
   two of the SRAM's victims, fa-fuse all of them. */
static void test_fa_keeps_conflicts(void **state)
{
    (void)state;
    const char *ops = "l0 l2 l4 l6 l8 l10 l0 l2";
    struct jv *b = run(chain_ptx(ops),
                       SETS("fuse.variant=base-fuse", "fuse.sram_size=256",
                            "fuse.stt_size=512"), 12, 1, 1);
    struct jv *fa = run(chain_ptx(ops),
                        SETS("fuse.variant=fa-fuse", "fuse.sram_size=256",
                             "fuse.stt_size=512", "fuse.cbf_count=4"),
                        12, 1, 1);
    EXPECT(b,
           { "fuse.stt.hits", 0 },
           { "l1d.misses", 8 });
    EXPECT(fa,
           { "fuse.stt.hits", 2 },
           { "l1d.misses", 6 });
    assert_true(at(fa, "fuse.tag_search.searches") >= 8);
    jv_free(b);
    jv_free(fa);
}

/* A loop: load line i (PC a), store to it (PC b), load line i + 1 (PC c). */
static const char *loop_ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 a)\n{\n"
    " .reg .pred %p;\n .reg .b32 %r<10>;\n .reg .b64 %rd<10>;\n"
    " ld.param.u64 %rd1, [a];\n mov.u32 %r1, 0;\n mov.u32 %r4, 0;\n"
    "L:\n"
    " and.b32 %r3, %r1, 0;\n cvt.u64.u32 %rd3, %r3;\n"
    " mul.wide.u32 %rd4, %r4, 128;\n add.s64 %rd5, %rd1, %rd4;\n"
    " add.s64 %rd5, %rd5, %rd3;\n"
    " ld.global.u32 %r1, [%rd5];\n"
    " add.u32 %r5, %r1, 1;\n"
    " st.global.u32 [%rd5], %r5;\n"
    " and.b32 %r3, %r1, 0;\n cvt.u64.u32 %rd3, %r3;\n"
    " add.s64 %rd6, %rd5, %rd3;\n"
    " ld.global.u32 %r1, [%rd6+128];\n"
    " add.u32 %r4, %r4, 1;\n setp.lt.u32 %p, %r4, 2;\n @%p bra L;\n"
    " ret;\n}\n";

static void test_dy_fuse_migrations(void **state)
{
    (void)state;
    /* counters start at 0, R: every PC predicts WORM, misses fill
       STT-MRAM. Iteration 0: PC a's line 0 goes to STT-MRAM; the store to
       it is a misprediction (moved to SRAM) and, hitting the sampler
       entry PC a made, makes PC a write-many; PC c's line 1 goes to
       STT-MRAM. Iteration 1: PC a hits line 1 in STT-MRAM, predicted WM:
       moved to SRAM; the store to line 1 hits the entry PC c made: PC c
       is write-many too, and its line 2 is placed in SRAM. */
    struct jv *d = run(loop_ptx, SETS("fuse.variant=dy-fuse",
                                      "fuse.counter_init=0"), 4, 1, 1);
    EXPECT(d,
           { "fuse.predictions.worm", 2 },
           { "fuse.predictions.wm", 1 },
           { "fuse.stt.fills", 2 },
           { "fuse.sram.fills", 1 },
           { "fuse.migrations.stt_to_sram_by_store", 1 },
           { "fuse.migrations.stt_to_sram_predicted_wm", 1 },
           { "fuse.sram.store_hits", 1 });
    /* Fig. 16 at the kernel's end: lines 0 and 1 were written twice (fill
       and store) though placed as WORM, line 2 once though placed WM */
    EXPECT(d,
           { "fuse.accuracy.false", 3 },
           { "fuse.accuracy.true", 0 },
           { "first_words.0", 1 },
           { "first_words.1", 33 });
    jv_free(d);
    /* from the paper's initial state (8, R) every PC is neutral: SRAM */
    d = run(loop_ptx, SETS("fuse.variant=dy-fuse"), 4, 1, 1);
    EXPECT(d,
           { "fuse.predictions.neutral", 3 },
           { "fuse.sram.fills", 3 },
           { "fuse.migrations.stt_to_sram", 0 },
           { "fuse.accuracy.neutral", 3 });
    jv_free(d);
    /* above unused_th: WORO, the L1 is bypassed - until the store to line
       0 hits the sampler entry of PC a (15 -> 14: neutral), and the store
       to line 1 PC c's: iteration 1's misses fill SRAM */
    d = run(loop_ptx, SETS("fuse.variant=dy-fuse", "fuse.counter_init=15"),
            4, 1, 1);
    EXPECT(d,
           { "fuse.predictions.woro", 3 },
           { "fuse.bypassed_loads", 2 },
           { "fuse.bypassed_stores", 1 },
           { "fuse.sram.fills", 2 },
           { "fuse.stt.fills", 0 },
           { "first_words.1", 33 });
    jv_free(d);
}

/* 8 warps of one thread each, each streaming over its own 16 lines and
   back: many STT-MRAM searches and hits. */
static char *stream_ptx(void)
{
    static char buf[8192];
    int n = snprintf(buf, sizeof buf,
                     ".version 8.0\n.target sm_75\n.address_size 64\n"
                     ".visible .entry k(.param .u64 a)\n{\n"
                     " .reg .b32 %%r<8>;\n .reg .b64 %%rd<8>;\n"
                     " ld.param.u64 %%rd1, [a];\n mov.u32 %%r2, %%ctaid.x;\n"
                     " mul.wide.u32 %%rd2, %%r2, 2048;\n"
                     " add.s64 %%rd1, %%rd1, %%rd2;\n mov.u32 %%r1, 0;\n");
    for (int pass = 0; pass < 2; pass++)
        for (int l = 0; l < 16; l++)
            n += snprintf(buf + n, sizeof buf - (size_t)n,
                          " ld.global.u32 %%r%d, [%%rd1+%d];\n"
                          " add.u32 %%r1, %%r1, %%r%d;\n",
                          3 + l % 4, l * 128, 3 + l % 4);
    snprintf(buf + n, sizeof buf - (size_t)n,
             " st.global.u32 [%%rd1], %%r1;\n ret;\n}\n");
    return buf;
}

static void test_cbf_false_positives_and_stalls(void **state)
{
    (void)state;
    const char *ptx = stream_ptx();
    /* one counter per filter: a filter holding anything is positive for
       every block, so searches poll rows for nothing */
    struct jv *one = run(ptx, SETS("fuse.variant=fa-fuse", "fuse.sram_size=256",
                                   "fuse.cbf_counters=1"), 128, 8, 1);
    struct jv *many = run(ptx, SETS("fuse.variant=fa-fuse", "fuse.sram_size=256",
                                    "fuse.cbf_counters=65536"), 128, 8, 1);
    assert_true(at(one, "fuse.cbf.false_positives") > at(one, "fuse.tag_search.searches"));
    assert_true(at(one, "fuse.tag_search.rows_polled") >
                2 * at(one, "fuse.tag_search.searches"));
    assert_true(at(many, "fuse.cbf.false_positives") * 100 <
                at(many, "fuse.tag_search.searches"));
    assert_int_equal(at(one, "fuse.stt.hits"), at(many, "fuse.stt.hits"));
    assert_true(at(one, "fuse.tag_search.wait_cycles") >
                at(many, "fuse.tag_search.wait_cycles"));
    assert_true(at(one, "cycles") > at(many, "cycles"));
    jv_free(one);
    jv_free(many);
    /* a two-entry tag queue refuses requests while it is full; one
       swap-buffer register and slow STT-MRAM writes make fills wait for
       their SRAM victim's register */
    struct jv *q = run(ptx, SETS("fuse.variant=base-fuse", "fuse.sram_size=256",
                                 "fuse.tag_queue=2", "fuse.swap_buffer=1",
                                 "fuse.stt_write_cycles=40"),
                       128, 8, 1);
    assert_true(at(q, "fuse.stall_cycles.tag_queue") > 0);
    assert_true(at(q, "fuse.fill_wait_cycles") > 0);
    jv_free(q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table1_geometry),
        cmocka_unit_test(test_geometry_overrides),
        cmocka_unit_test(test_table1_energy),
        cmocka_unit_test(test_config_keys),
        cmocka_unit_test(test_storage),
        cmocka_unit_test(test_predictor_counter),
        cmocka_unit_test(test_predictor_unused),
        cmocka_unit_test(test_sampler_lru),
        cmocka_unit_test(test_sampler_probe),
        cmocka_unit_test(test_cbf),
        cmocka_unit_test(test_fa_search),
        cmocka_unit_test(test_fa_search_reference),
        cmocka_unit_test(test_l1_sram_is_baseline),
        cmocka_unit_test(test_l1_sram_set_hash),
        cmocka_unit_test(test_hybrid_victims),
        cmocka_unit_test(test_base_fuse_queues),
        cmocka_unit_test(test_by_nvm),
        cmocka_unit_test(test_fa_keeps_conflicts),
        cmocka_unit_test(test_dy_fuse_migrations),
        cmocka_unit_test(test_cbf_false_positives_and_stalls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
