/*
** fuse-variants.c - FUSE's Table I: the seven L1Ds (sizes, sets, ways,
** which have the swap buffer and tag queue, which predict), their
** energies per access and leakage, and the storage each structure takes.
** All L1Ds have the same area budget (section V): STT-MRAM cells are about
** 4x denser, so 16 KB of SRAM trades for 64 KB of STT-MRAM. Also the
** configuration keys that pick a column and override its values.
*/
#include "designs/fuse.h"
#include "config/config.h"
#include <stdio.h>
#include <string.h>

const char *fuse_variant_name(enum fuse_variant v)
{
    static const char *n[FV__COUNT] = { "l1-sram", "fa-sram", "by-nvm",
                                        "hybrid", "base-fuse", "fa-fuse",
                                        "dy-fuse" };
    return v < FV__COUNT ? n[v] : "?";
}

const char *fuse_class_name(enum fuse_class c)
{
    static const char *n[FC__COUNT] = { "none", "neutral", "wm", "worm",
                                        "woro" };
    return c < FC__COUNT ? n[c] : "?";
}

/* Table I, per variant: SRAM KB and ways, STT-MRAM KB and ways (0 ways:
   fully associative). */
static const struct {
    uint32_t sram_kb, sram_ways, stt_kb, stt_ways;
    bool queues, predictor;
} table1[FV__COUNT] = {
    [FV_L1_SRAM] = { 32, 4, 0, 0, false, false },
    [FV_FA_SRAM] = { 32, 0, 0, 0, false, false },
    [FV_BY_NVM] = { 0, 0, 128, 4, false, true },
    [FV_HYBRID] = { 16, 2, 64, 2, false, false },
    [FV_BASE_FUSE] = { 16, 2, 64, 2, true, false },
    [FV_FA_FUSE] = { 16, 2, 64, 0, true, false },
    [FV_DY_FUSE] = { 16, 2, 64, 0, true, true },
};

/* One bank's size and ways from Table I and the overrides. */
static int bank_geom(const char *bank, const char *variant, uint32_t kb,
                     uint32_t t1_ways, uint32_t line, uint32_t size,
                     uint32_t ways, uint32_t *bytes, uint32_t *sets,
                     uint32_t *nways, char *err, size_t errlen)
{
    if (!kb) {
        if (size || ways) {
            snprintf(err, errlen,
                     "fuse.%s_%s: %s has no %s bank (leave it 0)", bank,
                     size ? "size" : "ways", variant,
                     strcmp(bank, "stt") == 0 ? "STT-MRAM" : "SRAM");
            return -1;
        }
        *bytes = *sets = *nways = 0;
        return 0;
    }
    if (!t1_ways && ways) {
        snprintf(err, errlen,
                 "fuse.%s_ways: the %s bank of %s is fully associative (leave it 0)",
                 bank, strcmp(bank, "stt") == 0 ? "STT-MRAM" : "SRAM",
                 variant);
        return -1;
    }
    *bytes = size ? size : kb * 1024;
    uint32_t lines = *bytes / line;
    *nways = !t1_ways ? lines : ways ? ways : t1_ways;
    if (*bytes % line || !*nways || lines % *nways) {
        snprintf(err, errlen,
                 "fuse.%s_size: %u bytes is not a whole number of sets of %u ways x %u-byte lines",
                 bank, *bytes, *nways, line);
        return -1;
    }
    *sets = lines / *nways;
    return 0;
}

int fuse_geom_of(enum fuse_variant v, uint32_t line, uint32_t sram_size,
                 uint32_t sram_ways, uint32_t stt_size, uint32_t stt_ways,
                 struct fuse_geom *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (v >= FV__COUNT || !line) {
        snprintf(err, errlen, "fuse.variant: unknown variant");
        return -1;
    }
    g->v = v;
    g->line = line;
    g->queues = table1[v].queues;
    g->predictor = table1[v].predictor;
    const char *name = fuse_variant_name(v);
    if (bank_geom("sram", name, table1[v].sram_kb, table1[v].sram_ways, line,
                  sram_size, sram_ways, &g->sram_bytes, &g->sram_sets,
                  &g->sram_ways, err, errlen) ||
        bank_geom("stt", name, table1[v].stt_kb, table1[v].stt_ways, line,
                  stt_size, stt_ways, &g->stt_bytes, &g->stt_sets,
                  &g->stt_ways, err, errlen))
        return -1;
    g->sram_fa = g->sram_bytes && !table1[v].sram_ways;
    g->stt_fa = g->stt_bytes && !table1[v].stt_ways;
    return 0;
}

void fuse_table1_energy(enum fuse_variant v, struct fuse_energy *e)
{
    memset(e, 0, sizeof *e);
    switch (v) {
    case FV_L1_SRAM:
    case FV_FA_SRAM:
        *e = (struct fuse_energy){ 150, 120, 58, 0, 0, 0 };
        break;
    case FV_BY_NVM:
        *e = (struct fuse_energy){ 0, 0, 0, 1200, 2900, 2.8 };
        break;
    case FV_HYBRID:
    case FV_BASE_FUSE:
        *e = (struct fuse_energy){ 90, 70, 36, 260, 2400, 2.6 };
        break;
    case FV_FA_FUSE:
    case FV_DY_FUSE:
        *e = (struct fuse_energy){ 90, 70, 36, 260, 2400, 2.4 };
        break;
    default:
        break;
    }
}

void fuse_cost(const struct fuse_geom *g, const struct fuse_cost_in *in,
               struct fuse_cost *out)
{
    memset(out, 0, sizeof *out);
    out->sram_data_bits = (uint64_t)g->sram_bytes * 8;
    out->sram_tag_bits = cache_tag_bits(g->sram_bytes, g->sram_ways, g->line);
    out->stt_data_bits = (uint64_t)g->stt_bytes * 8;
    out->stt_tag_bits = cache_tag_bits(g->stt_bytes, g->stt_ways, g->line);
    if (g->stt_fa)
        out->cbf_bits = (uint64_t)in->cbf_count * in->cbf_counters * 2;
    if (g->queues) {
        out->swap_bits = (uint64_t)in->swap_buffer * g->line * 8;
        /* a command (read, F, fill or store write: 2 bits) and the block
           address (tag and index) */
        uint32_t addr_bits = 32 - cache_log2(g->line);
        out->tag_queue_bits = (uint64_t)in->tag_queue * (2 + addr_bits);
    }
    if (g->predictor) {
        uint32_t sig = cache_log2(in->history_entries);
        uint32_t lru = in->sampler_ways > 1
                           ? cache_log2(in->sampler_ways - 1) + 1 : 0;
        out->sampler_entry_bits = 1 + 1 + lru + FUSE_TAG_BITS + sig;
        out->sampler_bits = (uint64_t)in->sampler_sets * in->sampler_ways *
                            out->sampler_entry_bits;
        out->history_bits = (uint64_t)in->history_entries * (4 + 1);
        /* dy-fuse classifies SRAM victims by the PC that placed them */
        if (g->v == FV_DY_FUSE)
            out->line_sig_bits = (uint64_t)(g->sram_bytes + g->stt_bytes) /
                                 g->line * sig;
    }
    /* which bank (or none) an MSHR's fill goes to */
    if ((g->sram_bytes && g->stt_bytes) || g->predictor)
        out->mshr_dest_bits = (uint64_t)in->mshrs * 2;
}

/* ---- the keys that select a column --------------------------------- */

static double energy_key(const struct ws_config *cfg, int id, double t1)
{
    double v = config_f(cfg, id);
    return v < 0 ? t1 : v;
}

void fuse_config(const struct ws_config *cfg, const struct tparams *p,
                 struct fuse_geom *g, struct fuse_energy *e,
                 struct fuse_cost_in *ci)
{
    enum fuse_variant v = (enum fuse_variant)config_e(cfg, CK_FUSE_VARIANT);
    char err[200];
    if (fuse_geom_of(v, p->l1_line, (uint32_t)config_i(cfg, CK_FUSE_SRAM_SIZE),
                     (uint32_t)config_i(cfg, CK_FUSE_SRAM_WAYS),
                     (uint32_t)config_i(cfg, CK_FUSE_STT_SIZE),
                     (uint32_t)config_i(cfg, CK_FUSE_STT_WAYS), g, err,
                     sizeof err))
        memset(g, 0, sizeof *g);
    fuse_table1_energy(v, e);
    e->sram_read = energy_key(cfg, CK_FUSE_SRAM_READ_PJ, e->sram_read);
    e->sram_write = energy_key(cfg, CK_FUSE_SRAM_WRITE_PJ, e->sram_write);
    e->sram_leak = energy_key(cfg, CK_FUSE_SRAM_LEAK_MW, e->sram_leak);
    e->stt_read = energy_key(cfg, CK_FUSE_STT_READ_PJ, e->stt_read);
    e->stt_write = energy_key(cfg, CK_FUSE_STT_WRITE_PJ, e->stt_write);
    e->stt_leak = energy_key(cfg, CK_FUSE_STT_LEAK_MW, e->stt_leak);
    ci->comparators = (uint32_t)config_i(cfg, CK_FUSE_COMPARATORS);
    ci->cbf_count = (uint32_t)config_i(cfg, CK_FUSE_CBF_COUNT);
    ci->cbf_counters = (uint32_t)config_i(cfg, CK_FUSE_CBF_COUNTERS);
    ci->tag_queue = (uint32_t)config_i(cfg, CK_FUSE_TAG_QUEUE);
    ci->swap_buffer = (uint32_t)config_i(cfg, CK_FUSE_SWAP_BUFFER);
    ci->sampler_sets = (uint32_t)config_i(cfg, CK_FUSE_SAMPLER_SETS);
    ci->sampler_ways = (uint32_t)config_i(cfg, CK_FUSE_SAMPLER_WAYS);
    ci->history_entries = (uint32_t)config_i(cfg, CK_FUSE_HISTORY_ENTRIES);
    ci->mshrs = p->l1_mshrs;
}
