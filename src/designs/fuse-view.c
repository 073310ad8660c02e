/*
** fuse-view.c - what design fuse checks and reports: its keys checked
** (fuse_config in fuse-variants.c resolves them), its statistics (the l1d
** section, the fuse section and its rates, facts), energy, the state hash
** and the storage bill. The Design pane's grids are in fuse-grids.c, the
** events in fuse.c; this file reads the controller's state and calls
** nothing in fuse.c.
*/
#include "designs/bill.h"
#include "designs/fuse-internal.h"
#include "config/config.h"
#include "timing/grid.h"
#include "util/diag.h"
#include "util/hash.h"
#include <stdio.h>
#include <string.h>

/* ---- configuration ------------------------------------------------------ */

int fuse_check(const struct ws_config *cfg, const struct tparams *p,
               struct ws_diag *diag)
{
    enum fuse_variant v = (enum fuse_variant)config_e(cfg, CK_FUSE_VARIANT);
    struct fuse_geom g;
    char err[200];
    if (fuse_geom_of(v, p->l1_line, (uint32_t)config_i(cfg, CK_FUSE_SRAM_SIZE),
                     (uint32_t)config_i(cfg, CK_FUSE_SRAM_WAYS),
                     (uint32_t)config_i(cfg, CK_FUSE_STT_SIZE),
                     (uint32_t)config_i(cfg, CK_FUSE_STT_WAYS), &g, err,
                     sizeof err))
        return diag_error(diag, NULL, 0, 0, "design fuse: %s", err);
    if (p->l1_perfect)
        return diag_error(diag, NULL, 0, 0,
                          "design fuse: l1d.perfect is a baseline L1D profiling switch; fuse models its own banks (set l1d.perfect = false)");
    uint32_t he = (uint32_t)config_i(cfg, CK_FUSE_HISTORY_ENTRIES);
    if (he & (he - 1))
        return diag_error(diag, NULL, 0, 0,
                          "design fuse: fuse.history_entries (%u) must be a power of two (the PC signature indexes it)",
                          he);
    uint32_t cbf = (uint32_t)config_i(cfg, CK_FUSE_CBF_COUNT);
    uint32_t lines = g.stt_bytes / g.line;
    if (g.stt_fa && (cbf > lines || lines % cbf))
        return diag_error(diag, NULL, 0, 0,
                          "design fuse: fuse.cbf_count (%u) must divide the %u lines of the fully associative STT-MRAM bank (each filter covers an equal slice)",
                          cbf, lines);
    static const int ekeys[] = { CK_FUSE_SRAM_READ_PJ, CK_FUSE_SRAM_WRITE_PJ,
                                 CK_FUSE_SRAM_LEAK_MW, CK_FUSE_STT_READ_PJ,
                                 CK_FUSE_STT_WRITE_PJ, CK_FUSE_STT_LEAK_MW };
    for (size_t i = 0; i < sizeof ekeys / sizeof ekeys[0]; i++) {
        double e = config_f(cfg, ekeys[i]);
        if (e < 0 && e != -1)
            return diag_error(diag, NULL, 0, 0,
                              "design fuse: %s = %g: an energy is -1 (Table I's value) or at least 0",
                              config_key(ekeys[i])->name, e);
    }
    return WS_OK;
}

/* ---- statistics ------------------------------------------------------- */

void fuse_l1_stats(void *self, struct jv *o)
{
    const struct fuse *f = self;
    const struct fuse_stats *s = &f->st;
    jv_add_int(o, "accesses", (int64_t)s->loads);
    jv_add_int(o, "hits", (int64_t)(s->sram_hits + s->stt_hits));
    jv_add_int(o, "misses", (int64_t)s->misses);
    jv_add_int(o, "mshr_merges", (int64_t)s->merges);
    jv_add_int(o, "stores", (int64_t)s->stores);
    jv_add_int(o, "bypassed", (int64_t)s->bypass);
    jv_add_int(o, "reservation_stalls", (int64_t)s->stalls);
    jv_add_int(o, "fills", (int64_t)s->fills);
    jv_add_int(o, "evictions", (int64_t)s->evictions);
    jv_add_int(o, "writebacks", (int64_t)s->writebacks);
    jv_add_int(o, "valid_byte_cycles",
               (int64_t)(fuse_valid_cycles(f) * f->g.line));
}

static struct jv *sub(struct jv *o, const char *key)
{
    struct jv *x = jv_get(o, key);
    return x ? x : jv_set(o, key, jv_obj());
}

static void add(struct jv *o, const char *key, uint64_t v)
{
    jv_add_int(o, key, (int64_t)v);
}

static const char *const stall_names[FS__COUNT] = {
    "stt_write", "tag_queue", "swap_buffer", "flush", "miss_queue", "mshr",
};
static const char *const kind_names[FK__COUNT] = {
    "read", "drain", "fill", "store", "search",
};

void fuse_section(const struct design_parts *sp, struct jv *o)
{
    const struct fuse *f = sp->l1;
    const struct fuse_stats *s = &f->st;
    const uint64_t banks[2][5] = {
        { s->sram_hits, s->sram_store_hits, s->sram_fills, s->sram_reads,
          s->sram_writes },
        { s->stt_hits, s->stt_store_hits, s->stt_fills, s->stt_reads,
          s->stt_writes },
    };
    static const char *const bank_keys[5] = { "hits", "store_hits", "fills",
                                              "reads", "writes" };
    struct jv *b;
    for (int k = 0; k < 2; k++) {
        b = sub(o, k ? "stt" : "sram");
        for (int i = 0; i < 5; i++)
            add(b, bank_keys[i], banks[k][i]);
    }
    add(o, "loads", s->loads);
    add(o, "stores", s->stores);
    add(o, "misses", s->misses);
    add(o, "store_misses", s->store_misses);
    add(o, "mshr_merges", s->merges);
    add(o, "bypassed_loads", s->bypassed_loads);
    add(o, "bypassed_stores", s->bypassed_stores);
    add(o, "sram_victims_to_l2", s->victims_to_l2);
    b = sub(o, "migrations");
    add(b, "sram_to_stt", s->to_stt);
    add(b, "stt_to_sram", s->to_sram);
    add(b, "stt_to_sram_by_store", s->to_sram_write);
    add(b, "stt_to_sram_predicted_wm", s->to_sram_wm);
    b = sub(o, "predictions");
    for (int c = FC_NEUTRAL; c < FC__COUNT; c++)
        add(b, fuse_class_name((enum fuse_class)c), s->pred[c]);
    b = sub(o, "accuracy");
    add(b, "true", s->acc_true);
    add(b, "false", s->acc_false);
    add(b, "neutral", s->acc_neutral);
    b = sub(o, "sampler");
    add(b, "accesses", s->sampled);
    add(b, "hits", s->sampler_hits);
    b = sub(o, "cbf");
    add(b, "tests", s->cbf_tests);
    add(b, "positives", s->cbf_positives);
    add(b, "false_positives", s->cbf_fp);
    add(b, "false_positive_rows_polled", s->cbf_fp_polled);
    add(b, "recounts", f->stt.fa ? f->stt.cbf.recounts : 0);
    b = sub(o, "tag_search");
    add(b, "searches", s->searches);
    add(b, "rows_polled", s->search_rows);
    add(b, "wait_cycles", s->search_wait);
    add(o, "stt_wait_cycles", s->stt_wait);
    add(o, "fill_wait_cycles", s->fill_wait);
    b = sub(o, "tag_queue");
    add(b, "entry_cycles", s->tq_cycles);
    add(b, "flushes", s->flushes);
    b = sub(o, "swap_buffer");
    add(b, "entry_cycles", s->sb_cycles);
    b = sub(o, "stt_commands");
    for (int k = 0; k < FK__COUNT; k++)
        add(b, kind_names[k], s->commands[k]);
    b = sub(o, "stall_cycles");
    for (int k = 0; k < FS__COUNT; k++)
        add(b, stall_names[k], s->stall[k]);
}

void fuse_facts(const struct design_parts *sp, struct jv *o)
{
    const struct fuse *f = sp->l1;
    const struct fuse_geom *g = &f->g;
    jv_set(o, "variant", jv_str(fuse_variant_name(g->v)));
    char geo[120];
    snprintf(geo, sizeof geo, "%u sets x %u ways", g->sram_sets, g->sram_ways);
    jv_set(o, "sram_bytes", jv_int(g->sram_bytes));
    jv_set(o, "sram_geometry", jv_str(g->sram_bytes ? geo : "none"));
    snprintf(geo, sizeof geo, "%u set%s x %u ways%s", g->stt_sets, g->stt_sets == 1 ? "" : "s", g->stt_ways,
             g->stt_fa ? " (FIFO, CBF-guided polling)" : "");
    jv_set(o, "stt_bytes", jv_int(g->stt_bytes));
    jv_set(o, "stt_geometry", jv_str(g->stt_bytes ? geo : "none"));
    jv_set(o, "stt_write_cycles", jv_int(f->stt_write));
    jv_set(o, "queues", jv_bool(g->queues));
    jv_set(o, "tag_queue_entries", jv_int(g->queues ? f->tq_size : 0));
    jv_set(o, "swap_buffer_entries", jv_int(g->queues ? f->sb_size : 0));
    jv_set(o, "predictor", jv_bool(g->predictor));
}

static void ratio(struct jv *o, const char *key, double num, double den)
{
    if (o)
        jv_set(o, key, jv_num(den > 0 ? num / den : 0));
}

void fuse_ratios(struct jv *o, const struct jv *all, const struct tparams *p,
                 uint64_t cycles)
{
    (void)all;
    double loads = jv_num_at(o, "loads");
    const struct jv *sr = jv_get(o, "sram"), *st = jv_get(o, "stt");
    double sh = jv_num_at(sr, "hits"), th = jv_num_at(st, "hits");
    ratio(o, "hit_rate", sh + th, loads);
    ratio(o, "sram_hit_rate", sh, loads);
    ratio(o, "stt_hit_rate", th, loads);
    struct jv *a = jv_get(o, "accuracy");
    double t = jv_num_at(a, "true"), fl = jv_num_at(a, "false"),
           n = jv_num_at(a, "neutral");
    ratio(a, "true_share", t, t + fl + n);
    ratio(a, "false_share", fl, t + fl + n);
    ratio(a, "neutral_share", n, t + fl + n);
    ratio(a, "accuracy", t, t + fl);
    struct jv *c = jv_get(o, "cbf");
    double tests = jv_num_at(c, "tests"), pos = jv_num_at(c, "positives"),
           fp = jv_num_at(c, "false_positives");
    /* false positives among the filters that do not hold the block */
    ratio(c, "false_positive_rate", fp, tests - (pos - fp));
    struct jv *s = jv_get(o, "tag_search");
    ratio(s, "rows_per_search", jv_num_at(s, "rows_polled"),
          jv_num_at(s, "searches"));
    double span = (double)cycles * p->nsm;
    struct jv *q = jv_get(o, "tag_queue");
    ratio(q, "average_entries", jv_num_at(q, "entry_cycles"), span);
    ratio(q, "flush_rate", jv_num_at(q, "flushes"),
          loads + jv_num_at(o, "stores"));
    struct jv *b = jv_get(o, "swap_buffer");
    ratio(b, "average_entries", jv_num_at(b, "entry_cycles"), span);
    struct jv *sc = jv_get(o, "stall_cycles");
    if (sc) {
        double total = 0;
        for (int k = 0; k < FS__COUNT; k++)
            total += jv_num_at(sc, stall_names[k]);
        jv_set(sc, "total", jv_num(total));
    }
}

/* Table I energies: every read and write of each bank, leakage of both. */
void fuse_l1_energy(void *self, const struct tparams *p, uint64_t cycles,
                    struct jv *o)
{
    const struct fuse *f = self;
    const struct fuse_energy *e = &f->e;
    if (f->sram.on)
        jv_add_num(o, "fuse_sram",
                   (double)f->st.sram_reads * e->sram_read +
                       (double)f->st.sram_writes * e->sram_write +
                       leak_pj(p, e->sram_leak, cycles));
    if (f->stt.on)
        jv_add_num(o, "fuse_stt",
                   (double)f->st.stt_reads * e->stt_read +
                       (double)f->st.stt_writes * e->stt_write +
                       leak_pj(p, e->stt_leak, cycles));
}

/* ---- the state hash ------------------------------------------------------ */

static void hash_bank(const struct fuse_bank *b, uint64_t *h)
{
    if (!b->on)
        return;
    cache_hash(&b->c, h);
    for (uint32_t i = 0; i < b->c.sets * b->c.ways; i++) {
        if (!b->c.lines[i].valid)
            continue;
        ws_hash_u64(h, b->m[i].sig);
        ws_hash_u64(h, b->m[i].cls);
        ws_hash_u64(h, b->m[i].writes);
    }
    for (uint32_t i = 0; b->fa && i < b->cbf.n * b->cbf.counters; i++)
        ws_hash_u64(h, b->cbf.c[i]);
}

void fuse_l1_hash(void *self, uint64_t now, uint64_t *h)
{
    (void)now;
    const struct fuse *f = self;
    hash_bank(&f->sram, h);
    hash_bank(&f->stt, h);
    for (uint32_t i = 0; f->g.predictor && i < f->pred.sets * f->pred.ways;
         i++) {
        const struct fuse_sample *s = &f->pred.s[i];
        ws_hash_u64(h, (uint64_t)s->valid | (uint64_t)s->used << 1 |
                           (uint64_t)s->lru << 2 | (uint64_t)s->tag << 8 |
                           (uint64_t)s->sig << 24);
    }
    for (uint32_t i = 0; f->g.predictor && i < f->pred.entries; i++)
        ws_hash_u64(h, (uint64_t)f->pred.h[i].counter << 1 | f->pred.h[i].write);
    mshr_hash(&f->mshr.t, h);
    missq_hash(&f->mq, h);
    ws_hash_u64(h, f->late.n);
    ws_hash_u64(h, f->fills.n);
    ws_hash_u64(h, f->tq.n);
    for (uint32_t i = 0; i < f->tq.n; i++)
        ws_hash_u64(h, ring_at(&f->tq, i).end);
    ws_hash_u64(h, f->stt_free);
    ws_hash_u64(h, f->poll_free);
    ws_hash_u64(h, f->write_until);
}

/* ---- storage ----------------------------------------------------------- */

void fuse_bill(const struct ws_config *cfg, const struct tparams *p,
               struct jv *items)
{
    struct fuse_geom g;
    struct fuse_energy e;
    struct fuse_cost_in ci;
    fuse_config(cfg, p, &g, &e, &ci);
    struct fuse_cost c;
    fuse_cost(&g, &ci, &c);
    char note[160];
    bill_baseline_rf(p, items);
    const struct {
        const char *name;
        uint32_t bytes, sets, ways;
        uint64_t data, tags;
    } banks[2] = {
        { "SRAM", g.sram_bytes, g.sram_sets, g.sram_ways, c.sram_data_bits,
          c.sram_tag_bits },
        { "STT-MRAM", g.stt_bytes, g.stt_sets, g.stt_ways, c.stt_data_bits,
          c.stt_tag_bits },
    };
    for (int b = 0; b < 2; b++) {
        if (!banks[b].bytes)
            continue;
        char part[40];
        uint32_t lines = banks[b].bytes / g.line;
        snprintf(note, sizeof note, "%u B, %u set%s x %u ways, %u-B lines",
                 banks[b].bytes, banks[b].sets, banks[b].sets == 1 ? "" : "s",
                 banks[b].ways, g.line);
        snprintf(part, sizeof part, "%s data", banks[b].name);
        bill_add(items, part, banks[b].data, note);
        snprintf(note, sizeof note, "%u lines x %llu bits (tag, valid, dirty)",
                 lines, (unsigned long long)(banks[b].tags / lines));
        snprintf(part, sizeof part, "%s tags", banks[b].name);
        bill_add(items, part, banks[b].tags, note);
    }
    if (c.cbf_bits) {
        snprintf(note, sizeof note, "%u filters x %u 2-bit counters, %u hashes",
                 ci.cbf_count, ci.cbf_counters,
                 (uint32_t)config_i(cfg, CK_FUSE_CBF_HASHES));
        bill_add(items, "counting Bloom filters", c.cbf_bits, note);
    }
    if (c.swap_bits) {
        snprintf(note, sizeof note, "%u registers of one %u-B line",
                 ci.swap_buffer, g.line);
        bill_add(items, "swap buffer", c.swap_bits, note);
        snprintf(note, sizeof note,
                 "%u entries x %llu bits (command, block address)",
                 ci.tag_queue,
                 (unsigned long long)(c.tag_queue_bits / ci.tag_queue));
        bill_add(items, "tag queue", c.tag_queue_bits, note);
    }
    if (c.sampler_bits) {
        snprintf(note, sizeof note,
                 "%u sets x %u ways x %llu bits (V, U, LRU, %u-bit tag, signature)",
                 ci.sampler_sets, ci.sampler_ways,
                 (unsigned long long)c.sampler_entry_bits, FUSE_TAG_BITS);
        bill_add(items, "predictor sampler", c.sampler_bits, note);
        snprintf(note, sizeof note,
                 "%u entries x 5 bits (4-bit counter, R/W status)",
                 ci.history_entries);
        bill_add(items, "predictor history table", c.history_bits, note);
    }
    if (c.line_sig_bits) {
        snprintf(note, sizeof note,
                 "%u lines x %u bits: the placing PC, for SRAM victims (not in the paper's bill)",
                 (g.sram_bytes + g.stt_bytes) / g.line,
                 cache_log2(ci.history_entries));
        bill_add(items, "line signatures", c.line_sig_bits, note);
    }
    if (c.mshr_dest_bits) {
        snprintf(note, sizeof note,
                 "%u MSHRs x 2 destination bits (SRAM, STT-MRAM, none)",
                 ci.mshrs);
        bill_add(items, "MSHR bank ids", c.mshr_dest_bits, note);
    }
}
