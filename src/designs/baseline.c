/*
** baseline.c - the table of designs: which register file and which L1D
** each `design` value plugs into the SMs (see timing/seams.h). A new design
** adds its ops and one row here; nothing in the pipeline changes.
*/
#include "config/config.h"
#include "designs/cerf.h"
#include "designs/racetrack.h"
#include "timing/cache.h"
#include "timing/l1d.h"
#include "timing/rf-banked.h"
#include "timing/seams.h"
#include <stdio.h>
#include <string.h>

void bill_add(struct jv *items, const char *part, uint64_t bits,
              const char *note)
{
    struct jv *o = jv_push(items, jv_obj());
    jv_set(o, "part", jv_str(part));
    jv_set(o, "bits", jv_int((int64_t)bits));
    jv_set(o, "note", jv_str(note));
}

void baseline_l1_bill(const struct tparams *p, struct jv *items)
{
    char note[120];
    snprintf(note, sizeof note, "%u B, %u-way, %u-B lines", p->l1_size,
             p->l1_ways, p->l1_line);
    bill_add(items, "L1D data", (uint64_t)p->l1_size * 8, note);
    uint64_t tag = cache_tag_bits(p->l1_size, p->l1_ways, p->l1_line);
    uint32_t lines = p->l1_line ? p->l1_size / p->l1_line : 0;
    snprintf(note, sizeof note, "%u lines x %llu bits (tag, valid, dirty)",
             lines, (unsigned long long)(lines ? tag / lines : 0));
    bill_add(items, "L1D tags", tag, note);
}

/* The separate SRAM register file and L1D. */
static void baseline_bill(const struct ws_config *cfg,
                          const struct tparams *p, struct jv *items)
{
    (void)cfg;
    char note[120];
    snprintf(note, sizeof note, "%u registers x 4 B in %u banks", p->registers,
             p->rf_banks);
    bill_add(items, "register file (SRAM)", (uint64_t)p->registers * 32, note);
    baseline_l1_bill(p, items);
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

/* The racetrack file's capacity: racetrack.size bytes of 4-byte
   registers (rt_create offers the same). */
static uint32_t racetrack_registers(const struct ws_config *cfg)
{
    return (uint32_t)(config_i(cfg, CK_RACETRACK_SIZE) / 4);
}

static const struct design designs[] = {
    { .name = "baseline", .rf = &rf_banked_ops, .l1 = &l1d_ops,
      .cost = baseline_bill },
    { .name = "cerf", .rf = &cerf_rf_ops, .l1 = &cerf_l1_ops,
      .section = cerf_section, .check = cerf_check, .ratios = cerf_ratios,
      .facts = cerf_facts, .events = cerf_events, .cost = cerf_bill },
    { .name = "unified", .rf = &rf_banked_ops, .l1 = &l1d_unified_ops,
      .facts = l1d_unified_section, .cost = unified_bill },
    { .name = "racetrack", .rf = &racetrack_rf_ops, .l1 = &l1d_ops,
      .section = racetrack_section, .check = racetrack_check,
      .ratios = racetrack_ratios, .facts = racetrack_facts,
      .events = racetrack_events, .cost = racetrack_bill,
      .registers = racetrack_registers },
};

uint32_t design_registers(const struct ws_config *cfg)
{
    char name[32];
    const struct design *d =
        design_find(config_enum_name(cfg, CK_DESIGN, name, sizeof name));
    return d && d->registers ? d->registers(cfg)
                             : (uint32_t)config_i(cfg, CK_SM_REGISTERS);
}

const struct design *design_at(size_t i)
{
    return i < sizeof designs / sizeof designs[0] ? &designs[i] : NULL;
}

const struct design *design_find(const char *name)
{
    for (size_t i = 0; i < sizeof designs / sizeof designs[0]; i++)
        if (strcmp(designs[i].name, name) == 0)
            return &designs[i];
    return NULL;
}

void design_events(void)
{
    static bool done;
    if (done)
        return;
    done = true;
    for (size_t i = 0; i < sizeof designs / sizeof designs[0]; i++)
        if (designs[i].events)
            designs[i].events();
}
