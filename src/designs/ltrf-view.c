/*
** ltrf-view.c - design ltrf's arithmetic, configuration and reports: the
** paper's Table 2, the storage bill (warp control blocks, register-file
** cache, allocation units), the configuration check, statistics and
** energy, and what the panes, `info ltrf` and ws.ltrf() show (grids of
** the RFC partitions, the inactive warps and the main file's banks; the
** interval heads in the source). The model itself is in ltrf.c.
*/
#include "designs/ltrf-internal.h"
#include "config/config.h"
#include "designs/bill.h"
#include "timing/grid.h"
#include "util/hash.h"
#include <stdio.h>
#include <string.h>

/* ---- the paper's numbers ---------------------------------------------------- */

static const struct ltrf_table2 table2[7] = {
    { "HP SRAM", 1, 1, "crossbar", 1, 1, 1, 1 },
    { "HP SRAM", 1, 8, "crossbar", 8, 8, 8, 1.25 },
    { "HP SRAM", 8, 1, "flattened butterfly", 8, 8, 8, 1.5 },
    { "LSTP SRAM", 1, 8, "crossbar", 8, 8, 3.2, 1.6 },
    { "LSTP SRAM", 8, 1, "flattened butterfly", 8, 8, 3.2, 2.8 },
    { "TFET SRAM", 8, 1, "flattened butterfly", 8, 8, 1.05, 5.3 },
    { "DWM", 8, 1, "flattened butterfly", 8, 0.25, 0.65, 6.3 },
};

const struct ltrf_table2 *ltrf_table2_row(uint32_t n)
{
    return n >= 1 && n <= 7 ? &table2[n - 1] : NULL;
}

uint32_t ltrf_log2_ceil(uint32_t n)
{
    uint32_t b = 0;
    while (b < 32 && (1ULL << b) < n)
        b++;
    return b;
}

uint64_t ltrf_wcb_bits(uint32_t warps, uint32_t regs, uint32_t entry_bits,
                       uint32_t active)
{
    return (uint64_t)warps * ((uint64_t)regs * entry_bits +
                              ltrf_log2_ceil(active) + 2ULL * regs);
}

uint64_t ltrf_rfc_bits(uint32_t regs_per_interval, uint32_t active)
{
    return (uint64_t)regs_per_interval * active * 1024;
}

const char *ltrf_variant_name(enum ltrf_variant v)
{
    static const char *n[] = { "bl", "rfc", "ltrf", "ltrf+", "ideal" };
    return (unsigned)v < 5 ? n[v] : "?";
}

void ltrf_geom_of(const struct ws_config *c, struct ltrf_geom *g)
{
    memset(g, 0, sizeof *g);
    g->v = (enum ltrf_variant)config_e(c, CK_LTRF_VARIANT);
    g->row = ltrf_table2_row((uint32_t)config_i(c, CK_LTRF_MAIN_CONFIG));
    if (!g->row)
        g->row = &table2[0];
    g->N = (uint32_t)config_i(c, CK_LTRF_REGS_PER_INTERVAL);
    g->K = (uint32_t)(config_i(c, CK_SM_SCHEDULERS) *
                      config_i(c, CK_SCHED_ACTIVE_WARPS));
    /* ideal: configuration #1 (its banks, its latency) with the row's
       capacity */
    g->main_banks = (uint32_t)config_i(c, CK_RF_BANKS) *
                    (g->v == LTRF_IDEAL ? 1 : g->row->banks);
    uint64_t regs = (uint64_t)((double)config_i(c, CK_SM_REGISTERS) *
                               g->row->capacity);
    if (g->v == LTRF_BL)
        regs += (uint64_t)g->N * g->K * 32;   /* the RFC's capacity */
    g->registers = regs > UINT32_MAX ? UINT32_MAX : (uint32_t)regs;
    double ls = config_f(c, CK_LTRF_LATENCY_SCALE);
    g->scale = g->v == LTRF_IDEAL ? 1.0 : ls > 0 ? ls : g->row->latency;
    bool pf = g->v == LTRF_LTRF || g->v == LTRF_PLUS;
    g->xbar = pf ? 1024 / (uint32_t)config_i(c, CK_LTRF_XBAR_BITS) : 1;
}

uint32_t ltrf_registers(const struct ws_config *cfg)
{
    struct ltrf_geom g;
    ltrf_geom_of(cfg, &g);
    return g.registers;
}

/* ---- configuration check and storage bill ------------------------------------ */

int ltrf_check(const struct ws_config *c, const struct tparams *p,
               struct ws_diag *diag)
{
    struct ltrf_geom g;
    ltrf_geom_of(c, &g);
    if (ltrf_cached(g.v) && p->policy != SCHED_TWO_LEVEL)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: design ltrf, variant %s keeps a register-file cache partition for each warp of the two-level scheduler's active pool: set sched.policy = two-level (the maxwell-ltrf preset does)",
                          ltrf_variant_name(g.v));
    if (ltrf_cached(g.v) && g.K > LTRF_ARCH_REGS)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: design ltrf: sm.schedulers x sched.active_warps = %u active warps, at most %d register-file cache partitions",
                          g.K, LTRF_ARCH_REGS);
    int64_t xb = config_i(c, CK_LTRF_XBAR_BITS);
    if (xb & (xb - 1))
        return diag_error(diag, NULL, 0, 0,
                          "configuration: ltrf.xbar_bits = %lld must be a power of two (32 to 1024) dividing a 1024-bit warp register",
                          (long long)xb);
    return WS_OK;
}

/* The main file, the RFC, the warp control blocks and the allocation
   units of one SM; the L1D is the baseline's. */
void ltrf_bill(const struct ws_config *c, const struct tparams *p,
               struct jv *items)
{
    struct ltrf_geom g;
    ltrf_geom_of(c, &g);
    char note[200];
    uint32_t cfg = (uint32_t)config_i(c, CK_LTRF_MAIN_CONFIG);
    snprintf(note, sizeof note, "%s: Table 2 #%u, %s, %u banks%s",
             ltrf_variant_name(g.v), cfg, g.row->cell, g.main_banks,
             g.v == LTRF_BL ? ", with the register-file cache's capacity added"
             : g.v == LTRF_IDEAL ? ", in #1's banks at the 1x latency" : "");
    bill_add(items, "main register file", (uint64_t)g.registers * 32, note);
    if (ltrf_cached(g.v)) {
        snprintf(note, sizeof note, "%u banks x %u active warps x one warp register (128 B)",
                 g.N, g.K);
        bill_add(items, "register-file cache", ltrf_rfc_bits(g.N, g.K), note);
    }
    if (g.v == LTRF_RFC) {
        uint32_t tag = ltrf_log2_ceil(LTRF_ARCH_REGS) + 1 + ltrf_log2_ceil(g.N);
        snprintf(note, sizeof note, "%u entries x %u bits: register, valid, FIFO position",
                 g.N * g.K, tag);
        bill_add(items, "register-cache tags", (uint64_t)g.N * g.K * tag, note);
    }
    if (g.v == LTRF_LTRF || g.v == LTRF_PLUS) {
        uint32_t eb = (uint32_t)config_i(c, CK_LTRF_WCB_ENTRY_BITS);
        snprintf(note, sizeof note, "%u warps x (%d x %u + %u + 2 x %d): address table, warp offset, working-set and liveness bits",
                 p->max_warps, LTRF_ARCH_REGS, eb, ltrf_log2_ceil(g.K),
                 LTRF_ARCH_REGS);
        bill_add(items, "warp control blocks",
                 ltrf_wcb_bits(p->max_warps, LTRF_ARCH_REGS, eb, g.K), note);
        uint32_t bb = ltrf_log2_ceil(g.N), ob = ltrf_log2_ceil(g.K);
        snprintf(note, sizeof note, "per warp 2 queues x %u banks x %u bits; global 2 x %u offsets x %u bits (not in the paper's WCB figure)",
                 g.N, bb, g.K, ob);
        bill_add(items, "address allocation units",
                 (uint64_t)p->max_warps * 2 * g.N * bb + 2ULL * g.K * ob,
                 note);
    }
    bill_baseline_l1(p, items);
}

/* ---- statistics and energy ------------------------------------------------------ */

void ltrf_stats(void *self, struct jv *o)
{
    struct ltrf *t = self;
    jv_add_int(o, "reads", (int64_t)t->st.reads);
    jv_add_int(o, "writes", (int64_t)t->st.writes);
    jv_add_int(o, "bank_conflicts", (int64_t)(t->main.conflicts + t->rfc.conflicts));
    jv_set(o, "banks", jv_int(ltrf_cached(t->v) ? t->N : t->main_banks));
}

void ltrf_energy(void *self, const struct tparams *p, uint64_t cycles,
                 struct jv *o)
{
    struct ltrf *t = self;
    const struct lstats *s = &t->st;
    jv_add_num(o, "rf", (double)s->main_reads * t->e_read +
                        (double)s->main_writes * t->e_write +
                        leak_pj(p, t->e_leak, cycles));
    if (!ltrf_cached(t->v))
        return;
    /* operands and write-backs read the cache, results and fills write it */
    jv_add_num(o, "rfc", (double)(s->rfc_reads + s->writebacks) * t->e_rfc_read +
                         (double)(s->rfc_writes + s->fills) * t->e_rfc_write +
                         leak_pj(p, t->e_rfc_leak, cycles));
}

void ltrf_section(const struct design_parts *sp, struct jv *sec)
{
    const struct ltrf *t = sp->rf;
    const struct lstats *s = &t->st;
#define C(k, v) jv_add_int(sec, k, (int64_t)(v))
    C("operand_reads", s->reads);
    C("result_writes", s->writes);
    C("rfc_reads", s->rfc_reads);
    C("rfc_writes", s->rfc_writes);
    C("rfc_read_misses", s->rfc_read_misses);
    C("rfc_write_misses", s->rfc_write_misses);
    jv_set(sec, "rfc_hit_rate", jv_num(0));
    C("main_rf_reads", s->main_reads);
    C("main_rf_writes", s->main_writes);
    C("main_rf_accesses", s->main_reads + s->main_writes);
    C("main_rf_bank_conflicts", t->main.conflicts);
    C("rfc_bank_conflicts", t->rfc.conflicts);
    C("wcb_lookup_cycles", s->lookup_cycles);
    C("prefetches", s->prefetches);
    C("registers_prefetched", s->fills);
    C("registers_allocated_only", s->space_only);
    C("registers_written_back", s->writebacks);
    C("prefetch_stall_cycles", s->fill_stall_cycles);
    C("activations", s->activations);
    C("deactivations", s->deactivations);
    C("interval_visits", s->visits);
    C("interval_instructions", s->visit_insts);
    jv_set(sec, "interval_length_avg", jv_num(0));
    struct jv *h = jv_get(sec, "interval_length_histogram");
    if (!h) {
        h = jv_set(sec, "interval_length_histogram", jv_arr());
        for (int i = 0; i < LTRF_HIST; i++)
            jv_push(h, jv_int(0));
    }
    for (int i = 0; i < LTRF_HIST; i++)
        h->items[i]->u.i += (int64_t)s->hist[i];
    C("launches", s->launches);
    C("intervals_static", s->intervals);
    C("interval_registers_static", s->interval_regs);
#undef C
}

static double div0(double a, double b)
{
    return b > 0 ? a / b : 0.0;
}

void ltrf_ratios(struct jv *sec, const struct jv *all, const struct tparams *p,
                 uint64_t cycles)
{
    (void)all, (void)p, (void)cycles;
    double hits = jv_num_at(sec, "rfc_reads");
    jv_set(sec, "rfc_hit_rate",
           jv_num(div0(hits, hits + jv_num_at(sec, "rfc_read_misses"))));
    jv_set(sec, "interval_length_avg",
           jv_num(div0(jv_num_at(sec, "interval_instructions"),
                       jv_num_at(sec, "interval_visits"))));
}

void ltrf_facts(const struct design_parts *sp, struct jv *sec)
{
    const struct ltrf *t = sp->rf;
    const struct ltrf_table2 *row = ltrf_table2_row(t->config);
    char geo[400];
    snprintf(geo, sizeof geo,
             "%s; main register file: Table 2 #%u (%s, %s), %u banks, %u registers, %g-cycle accesses (%g x %g), crossbar %u cycle%s per register%s",
             ltrf_variant_name(t->v), t->config, row->cell, row->net,
             t->main_banks, t->capacity, t->main_lat,
             t->main_lat / t->scale, t->scale, t->xbar, t->xbar == 1 ? "" : "s",
             ltrf_cached(t->v) ? "" : "; no register-file cache");
    jv_set(sec, "geometry", jv_str(geo));
    jv_set(sec, "variant", jv_str(ltrf_variant_name(t->v)));
    jv_set(sec, "main_config", jv_int(t->config));
    jv_set(sec, "main_banks", jv_int(t->main_banks));
    jv_set(sec, "main_registers", jv_int(t->capacity));
    jv_set(sec, "main_latency_scale", jv_num(t->scale));
    jv_set(sec, "main_latency_cycles", jv_num(t->main_lat));
    jv_set(sec, "xbar_cycles", jv_int(t->xbar));
    if (ltrf_cached(t->v)) {
        jv_set(sec, "rfc_banks", jv_int(t->N));
        jv_set(sec, "rfc_partitions", jv_int(t->K));
        jv_set(sec, "rfc_bytes", jv_int((int64_t)(ltrf_rfc_bits(t->N, t->K) / 8)));
    }
}

const struct ev_fields ltrf_ev_prefetch = { "registers", "interval", "fetched",
                                            NULL, 0 };
const struct ev_fields ltrf_ev_activate = { "partition", "interval", "fetched",
                                            NULL, 0 };
const struct ev_fields ltrf_ev_deactivate = { "partition", "interval",
                                              "written_back", NULL, 0 };
const struct ev_fields ltrf_ev_interval = { "length", "interval", "from",
                                            NULL, 0 };

void ltrf_events(void)
{
    ev_register_fields("ltrf.prefetch", &ltrf_ev_prefetch);
    ev_register_fields("ltrf.activate", &ltrf_ev_activate);
    ev_register_fields("ltrf.deactivate", &ltrf_ev_deactivate);
    ev_register_fields("ltrf.interval", &ltrf_ev_interval);
}

/* ---- inspection ------------------------------------------------------------------ */

/* The code of warp x's register r in its partition: valid, dead (ltrf+
   and rfc, which keep the liveness bits), being fetched. */
static char reg_code(const struct ltrf *t, const struct lwarp *x, uint32_t r)
{
    if (!ltrf_bit(x->valid, r))
        return 'f';
    if (t->v != LTRF_LTRF && !ltrf_bit(x->live, r))
        return 'd';
    return 'V';
}

static void partition_row(const struct ltrf *t, struct jv *g, uint32_t p)
{
    const struct lpart *pt = &t->part[p];
    char cells[LTRF_ARCH_REGS + 1], label[16];
    const struct lwarp *x = pt->warp >= 0 ? &t->w[pt->warp] : NULL;
    for (uint32_t b = 0; b < t->N; b++)
        cells[b] = x && pt->reg[b] >= 0 ? reg_code(t, x, (uint32_t)pt->reg[b])
                                        : '.';
    cells[t->N] = 0;
    if (x)
        snprintf(label, sizeof label, "w%02d", pt->warp);
    else
        snprintf(label, sizeof label, "--");
    struct jv *row = grid_row(g, label, cells);
    for (uint32_t b = 0; b < t->N; b++) {
        int32_t r = x ? pt->reg[b] : -1;
        if (r < 0)
            grid_detail(row, "partition %u, bank %u: free", p, b);
        else
            grid_detail(row, "partition %u, bank %u: warp %d's R%d, %s%s", p,
                        b, pt->warp, r,
                        ltrf_bit(x->valid, (uint32_t)r) ? "valid" : "being fetched",
                        ltrf_bit(x->live, (uint32_t)r) ? ", live" : ", dead");
    }
    jv_set(row, "hot", jv_bool(x && x->fills));
    grid_note(row, "dim", "p%u", p);
    if (!x)
        return;
    grid_note(row, "normal", " iv %d", x->switch_to >= 0 ? x->switch_to : x->iv);
    if (x->fills)
        grid_note(row, "pending", " fetching %u", x->fills);
    else if (x->switch_to >= 0)
        grid_note(row, "pending", " PREFETCH next");
    grid_note(row, "dim", " pc %d", x->pc);
}

/* An inactive resident warp: what its next activation fetches (the
   working set of its interval; live registers for ltrf+). */
static void pool_row(const struct ltrf *t, struct jv *g, uint32_t w)
{
    const struct lwarp *x = &t->w[w];
    char cells[LTRF_ARCH_REGS + 1], label[16];
    uint32_t n = 0, fetch = 0;
    const struct interval *iv = x->iv >= 0 && (uint32_t)x->iv < t->iv.n
                                    ? &t->iv.v[x->iv] : NULL;
    for (uint32_t r = 0; iv && r < t->iv.words * 64 && n < t->N; r++) {
        if (!ltrf_bit(iv->regs, r))
            continue;
        bool get = t->v != LTRF_PLUS || ltrf_bit(x->live, r);
        cells[n++] = get ? 'L' : '-';
        fetch += get;
    }
    cells[n] = 0;
    snprintf(label, sizeof label, "w%02u", w);
    struct jv *row = grid_row(g, label, cells);
    for (uint32_t r = 0, i = 0; iv && r < t->iv.words * 64 && i < n; r++)
        if (ltrf_bit(iv->regs, r)) {
            grid_detail(row, "warp %u's R%u: %s", w, r,
                        cells[i] == 'L' ? "fetched on activation"
                                        : "dead: given a bank, not fetched");
            i++;
        }
    grid_note(row, "normal", " iv %d", x->iv);
    grid_note(row, "dim", " pc %d, fetches %u", x->pc, fetch);
}

static void partitions_grid(const struct ltrf *t, struct jv *out)
{
    char title[200];
    snprintf(title, sizeof title,
             "SM %u: register-file cache (%s), %u banks x %u partitions, %llu KB",
             t->env.sm, ltrf_variant_name(t->v), t->N, t->K,
             (unsigned long long)(ltrf_rfc_bits(t->N, t->K) / 8192));
    struct jv *g = grid_new(out, title);
    grid_legend(g, 'V', "\xe2\x96\xa0", "valid", "register, valid");
    if (t->v != LTRF_LTRF)
        grid_legend(g, 'd', "\xe2\x96\xa1", "dead", "valid, dead (not written back)");
    if (t->v != LTRF_RFC)
        grid_legend(g, 'f', "\xe2\x96\x92", "pending", "being fetched");
    grid_legend(g, '.', "\xc2\xb7", "dim", "free bank");
    for (uint32_t p = 0; p < t->K; p++)
        partition_row(t, g, p);
    grid_foot(g, "a row per partition (warp offset): the active warp, its banks, the interval it is in");
}

static void pool_grid(const struct ltrf *t, struct jv *out)
{
    char title[160];
    snprintf(title, sizeof title,
             "SM %u: inactive warps, registers in the main file; next activation fetches",
             t->env.sm);
    struct jv *g = grid_new(out, title);
    grid_legend(g, 'L', "\xe2\x96\xa0", "read", "working-set register fetched");
    grid_legend(g, '-', "\xc2\xb7", "dim", "dead: a bank, no fetch");
    uint32_t n = 0, fresh = 0;
    for (uint32_t w = 0; w < t->nwarps; w++) {
        const struct lwarp *x = &t->w[w];
        if (!x->used || x->exited || x->part >= 0)
            continue;
        if (!x->ran)
            fresh++;                  /* never active: folded */
        else
            pool_row(t, g, w);
        n++;
    }
    if (fresh)
        grid_foot(g, "%u warp%s not started yet (fetch%s the first interval's working set%s)",
                  fresh, fresh == 1 ? "" : "s", fresh == 1 ? "es" : "",
                  t->v == LTRF_PLUS ? ": none live, only banks" : "");
    if (!n)
        grid_foot(g, "none: every resident warp is active or has exited");
}

/* The main file's banks in rows of 32: busy ones and their queues. */
static void main_grid(const struct ltrf *t, uint64_t now, struct jv *out)
{
    char title[200];
    snprintf(title, sizeof title,
             "SM %u: main register file, %u banks, %g-cycle accesses, crossbar %u cycle%s/register",
             t->env.sm, t->main_banks, t->main_lat, t->xbar,
             t->xbar == 1 ? "" : "s");
    struct jv *g = grid_new(out, title);
    grid_legend(g, '#', NULL, "read", "busy");
    grid_legend(g, 'q', NULL, "conflict", "busy, requests waiting");
    grid_legend(g, '.', "\xc2\xb7", "dim", "idle");
    for (uint32_t b0 = 0; b0 < t->main_banks; b0 += 32) {
        char cells[33], label[16];
        uint32_t n = t->main_banks - b0 < 32 ? t->main_banks - b0 : 32;
        uint32_t queued = 0;
        for (uint32_t i = 0; i < n; i++) {
            const struct rfb_bank *k = &t->main.b[b0 + i];
            bool busy = k->free_at > now * RFB_MS;
            uint32_t q = k->rd.n + k->wr.n + k->bg.n;
            queued += q;
            cells[i] = q ? 'q' : busy ? '#' : '.';
        }
        cells[n] = 0;
        snprintf(label, sizeof label, "b%03u", b0);
        struct jv *row = grid_row(g, label, cells);
        for (uint32_t i = 0; i < n; i++) {
            const struct rfb_bank *k = &t->main.b[b0 + i];
            grid_detail(row, "bank %u: %u reads, %u writes and %u write-backs waiting; %llu reads, %llu writes",
                        b0 + i, k->rd.n, k->wr.n, k->bg.n,
                        (unsigned long long)k->reads,
                        (unsigned long long)k->writes);
        }
        if (queued)
            grid_note(row, "conflict", " %u waiting", queued);
    }
}

void ltrf_describe(void *self, uint64_t now, struct jv *out)
{
    struct ltrf *t = self;
    const struct rfbanks *b = ltrf_cached(t->v) ? &t->rfc : &t->main;
    struct jv *pb = jv_set(out, "per_bank", jv_arr());
    for (uint32_t i = 0; i < b->n; i++) {
        const struct rfb_bank *k = &b->b[i];
        struct jv *o = jv_push(pb, jv_obj());
        jv_set(o, "queue", jv_int(k->rd.n + k->wr.n + k->bg.n));
        jv_set(o, "reads", jv_int((int64_t)k->reads));
        jv_set(o, "writes", jv_int((int64_t)k->writes));
        jv_set(o, "conflicts", jv_int((int64_t)k->conflicts));
        jv_set(o, "busy_this_cycle", jv_bool(k->started_at == now &&
                                             (k->reads || k->writes)));
        jv_set(o, "conflicts_this_cycle", jv_int(0));
    }
    if (ltrf_cached(t->v)) {
        partitions_grid(t, out);
        pool_grid(t, out);
    }
    main_grid(t, now, out);
    if (t->k && t->iv.n) {
        struct jv *m = jv_set(out, "source_marks", jv_obj());
        jv_set(m, "label", jv_str("register-interval head (PREFETCH)"));
        jv_set(m, "glyph", jv_str("\xe2\x97\x86"));
        jv_set(m, "code", jv_str("^"));
        jv_set(m, "color", jv_str("pending"));
        struct jv *pcs = jv_set(m, "pcs", jv_arr());
        for (uint32_t i = 0; i < t->iv.n; i++)
            jv_push(pcs, jv_int(t->iv.v[i].head));
    }
}

static void hash_bank(uint64_t *h, const struct rfb_bank *k)
{
    ws_hash_u64(h, k->rd.n);
    ws_hash_u64(h, k->wr.n);
    ws_hash_u64(h, k->bg.n);
    ws_hash_u64(h, k->free_at);
}

void ltrf_hash(void *self, uint64_t now, uint64_t *h)
{
    const struct ltrf *t = self;
    (void)now;
    for (uint32_t w = 0; w < t->nwarps; w++) {
        const struct lwarp *x = &t->w[w];
        if (!x->used)
            continue;
        ws_hash_u64(h, w);
        ws_hash_u64(h, (uint64_t)(int64_t)x->part);
        ws_hash_u64(h, (uint64_t)(int64_t)x->iv);
        ws_hash_u64(h, (uint64_t)(int64_t)x->switch_to);
        ws_hash_u64(h, x->fills);
        for (int i = 0; i < LTRF_WORDS; i++) {
            ws_hash_u64(h, x->alloc[i]);
            ws_hash_u64(h, x->valid[i]);
            ws_hash_u64(h, x->live[i]);
        }
    }
    for (uint32_t i = 0; i < t->main.n; i++)
        hash_bank(h, &t->main.b[i]);
    for (uint32_t i = 0; i < t->rfc.n; i++)
        hash_bank(h, &t->rfc.b[i]);
    ws_hash_u64(h, t->main.nheap);
    ws_hash_u64(h, t->rfc.nheap);
}
