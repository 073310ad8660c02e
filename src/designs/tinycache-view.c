/*
** tinycache-view.c - what design `tinycache` shows: the grid of the SM's
** 32 tinyCaches (one row per lane, labelled by the lane number, one cell
** per line in set order, a cell's detail line giving the line's state,
** address and half-word mask) for the Design pane, `info tinycache
** [LANE]` and ws.tinycache(sm [, lane]); the facts of its statistics
** section; and its storage bill for `inspect --cost`.
*/
#include "designs/tinycache.h"
#include "designs/bill.h"
#include "config/config.h"
#include "func/exec.h"
#include "timing/grid.h"
#include <stdio.h>

/* The cell code of a line. */
static char code_of(const struct tcl_line *l)
{
    if (l->state == TCL_I)
        return '.';
    if (l->fill >= 0)
        return 'F';
    return l->state == TCL_C ? 'C' : l->state == TCL_DV ? 'D' : 'P';
}

/* The half-words of a line: D dirty (valid), v valid and clean, . not
   valid, ? arriving with the fetch on its way. */
static void halfwords(const struct tclane *c, const struct tcl_line *l,
                      char *out)
{
    for (uint32_t h = 0; h < c->halfwords; h++) {
        bool set = l->mask >> h & 1;
        char ch = '.';
        if (l->state == TCL_C)
            ch = l->fill >= 0 ? '?' : 'v';
        else if (l->state == TCL_DV)
            ch = set ? 'D' : l->fill >= 0 ? '?' : 'v';
        else if (l->state == TCL_DPV)
            ch = set ? 'D' : '.';
        out[h] = ch;
    }
    out[c->halfwords] = '\0';
}

/* "Dv  global 0x700005000 s0 w2 DDvv..." (state, line, set, way,
   half-words): fits 80 columns with the row label before it. */
static void line_detail(struct jv *row, const struct tclane *c, uint32_t i)
{
    const struct tcl_line *l = &c->l[i];
    uint32_t set = i / c->ways, way = i % c->ways;
    if (l->state == TCL_I) {
        grid_detail(row, "I   s%u w%u", set, way);
        return;
    }
    char hw[65], where[48];
    halfwords(c, l, hw);
    if (l->space == KS_SHARED)
        snprintf(where, sizeof where, "shared 0x%llx cta %u",
                 (unsigned long long)l->addr, l->cta);
    else
        snprintf(where, sizeof where, "global 0x%llx",
                 (unsigned long long)l->addr);
    grid_detail(row, "%-3s %s s%u w%u%s %s",
                tclane_state_name((enum tcl_state)l->state), where, set, way,
                l->fill >= 0 ? " fetch" : "", hw);
}

void tinycache_describe(void *self, uint64_t now, struct jv *out)
{
    const struct tc *t = self;
    (void)now;
    const struct tclane *c0 = &t->lane[0];
    uint32_t fills = 0, holds = 0;
    for (uint32_t f = 0; f < t->nfill; f++)
        fills += t->fill[f].used;
    for (uint32_t h = 0; h < t->nhold; h++)
        holds += t->hold[h].used;
    jv_set(out, "fetches_on_their_way", jv_int(fills));
    jv_set(out, "operations_waiting", jv_int(holds));
    char title[160];
    snprintf(title, sizeof title,
             "SM %u: 32 lane caches x %u lines (%u sets x %u ways) of %u B",
             t->env.sm, c0->sets * c0->ways, c0->sets, c0->ways, c0->line);
    struct jv *g = grid_new(out, title);
    grid_legend(g, '.', "\xc2\xb7", "dim", "I");
    grid_legend(g, 'C', NULL, "valid", "C (clean)");
    grid_legend(g, 'D', NULL, "dirty", "Dv (all valid, some dirty)");
    grid_legend(g, 'P', NULL, "write", "Dpv (written half-words only)");
    grid_legend(g, 'F', NULL, "pending", "fetch on its way");
    char cells[65], label[8];
    for (uint32_t l = 0; l < WS_WARP; l++) {
        const struct tclane *c = &t->lane[l];
        uint32_t n = c->sets * c->ways, valid = 0, dirty = 0;
        for (uint32_t i = 0; i < n && i < 64; i++) {
            cells[i] = code_of(&c->l[i]);
            valid += cells[i] != '.';
            dirty += cells[i] == 'D' || cells[i] == 'P' ||
                     (cells[i] == 'F' && c->l[i].state == TCL_DV);
        }
        cells[n < 64 ? n : 64] = '\0';
        snprintf(label, sizeof label, "%u", l);
        struct jv *row = grid_row(g, label, cells);
        grid_note(row, valid ? "normal" : "dim", "%u valid", valid);
        if (dirty)
            grid_note(row, "dirty", " %u dirty", dirty);
        for (uint32_t i = 0; i < n; i++)
            line_detail(row, c, i);
    }
    grid_foot(g, "row: lane; cell: line (s set, w way)");
    grid_foot(g, "half-words: D dirty, v valid, . not valid, ? being fetched");
}

uint32_t tinycache_meta_bits(uint32_t line)
{
    return TINYCACHE_STATE_BITS + TINYCACHE_TAG_BITS + line / 2;
}

uint32_t tinycache_bytes(uint32_t entries, uint32_t line)
{
    return entries * (line + (tinycache_meta_bits(line) + 7) / 8);
}

void tinycache_facts(const struct design_parts *sp, struct jv *sec)
{
    const struct tc *t = sp->lane;
    const struct tclane *c = &t->lane[0];
    uint32_t entries = c->sets * c->ways;
    uint32_t meta = tinycache_meta_bits(c->line);
    uint32_t bytes = tinycache_bytes(entries, c->line);
    char geo[240];
    snprintf(geo, sizeof geo,
             "32 lanes x %u lines (%u sets x %u ways) x %u B, %u-cycle hits; per line %u bits of metadata (%u state + %u tag + %u control) kept as %u B; %u B per tinyCache",
             entries, c->sets, c->ways, c->line, t->latency, meta,
             TINYCACHE_STATE_BITS, TINYCACHE_TAG_BITS, c->halfwords,
             (meta + 7) / 8, bytes);
    jv_set(sec, "geometry", jv_str(geo));
    jv_set(sec, "policy",
           jv_str(t->cache_global && t->cache_shared ? "bypass_none"
                  : t->cache_global                 ? "bypass_shared"
                                                    : "bypass_global"));
    jv_set(sec, "fence", jv_str(t->fence_flush ? "flush" : "ignore"));
    jv_set(sec, "lines_per_lane", jv_int(entries));
    jv_set(sec, "line_bytes", jv_int(c->line));
    jv_set(sec, "metadata_bits_per_line", jv_int(meta));
    jv_set(sec, "bytes_per_tinycache", jv_int(bytes));
    jv_set(sec, "bytes_per_sm", jv_int(32 * (int64_t)bytes));
}

/* The 32 tinyCaches beside the baseline register file and L1D. */
void tinycache_bill(const struct ws_config *cfg, const struct tparams *p,
                    struct jv *items)
{
    uint32_t entries = (uint32_t)config_i(cfg, CK_TINYCACHE_ENTRIES);
    uint32_t line = (uint32_t)config_i(cfg, CK_TINYCACHE_LINE);
    uint32_t meta = tinycache_meta_bits(line), mbytes = (meta + 7) / 8;
    bill_baseline_rf(p, items);
    bill_baseline_l1(p, items);
    char note[160];
    snprintf(note, sizeof note, "32 lanes x %u lines x %u B", entries, line);
    bill_add(items, "tinyCache data", 32ULL * entries * line * 8, note);
    snprintf(note, sizeof note,
             "32 x %u lines x %u B: %u state + %u tag + %u control = %u bits; %u B per tinyCache",
             entries, mbytes, TINYCACHE_STATE_BITS, TINYCACHE_TAG_BITS,
             line / 2, meta, tinycache_bytes(entries, line));
    bill_add(items, "tinyCache metadata", 32ULL * entries * mbytes * 8, note);
}
