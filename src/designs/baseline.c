/*
** baseline.c - designs `baseline` (a separate banked SRAM register file
** and L1D, the parts timing/rf-banked.c and timing/l1d.c model) and
** `unified` (Gebhart et al.'s one array split at each launch, CERF's
** comparison point: the same register file with the L1D of
** l1d_unified_ops).
*/
#include "designs/baseline.h"
#include "designs/bill.h"
#include "timing/cache.h"
#include "timing/l1d.h"
#include "timing/rf-banked.h"
#include <stdio.h>

/* The separate SRAM register file and L1D. */
static void baseline_bill(const struct ws_config *cfg,
                          const struct tparams *p, struct jv *items)
{
    (void)cfg;
    bill_baseline_rf(p, items);
    bill_baseline_l1(p, items);
}

/* `unified`: one array split at each launch; its tags must cover the
   largest L1D a launch can get (the whole array). */
static void unified_bill(const struct ws_config *cfg,
                         const struct tparams *p, struct jv *items)
{
    (void)cfg;
    uint32_t bytes = p->registers * 4;
    char note[120];
    snprintf(note, sizeof note, "%u B in %u banks, split per launch", bytes,
             p->rf_banks);
    bill_add(items, "unified array (SRAM)", (uint64_t)bytes * 8, note);
    uint64_t tag = cache_tag_bits(bytes, p->l1_ways, p->l1_line);
    uint32_t lines = bytes / p->l1_line;
    snprintf(note, sizeof note,
             "%u lines x %llu bits, for an L1D as large as the array", lines,
             (unsigned long long)(lines ? tag / lines : 0));
    bill_add(items, "L1D tags", tag, note);
}

static void unified_facts(const struct design_parts *sp, struct jv *sec)
{
    l1d_unified_section(sp->rf, sp->l1, sec);
}

const struct design baseline_design = {
    .name = "baseline",
    .summary = "separate banked SRAM register file and L1D (Fermi)",
    .rf = &rf_banked_ops,
    .l1 = &l1d_ops,
    .cost = baseline_bill,
};

const struct design unified_design = {
    .name = "unified",
    .summary = "one SRAM array split between registers and L1D at each launch",
    .rf = &rf_banked_ops,
    .l1 = &l1d_unified_ops,
    .facts = unified_facts,
    .cost = unified_bill,
};
