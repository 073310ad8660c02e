/* bill.c - storage bills (see bill.h). */
#include "designs/bill.h"
#include "timing/cache.h"
#include <stdio.h>

void bill_add(struct jv *items, const char *part, uint64_t bits,
              const char *note)
{
    struct jv *o = jv_push(items, jv_obj());
    jv_set(o, "part", jv_str(part));
    jv_set(o, "bits", jv_int((int64_t)bits));
    jv_set(o, "note", jv_str(note));
}

void bill_baseline_rf(const struct tparams *p, struct jv *items)
{
    char note[120];
    snprintf(note, sizeof note, "%u registers x 4 B in %u banks", p->registers,
             p->rf_banks);
    bill_add(items, "register file (SRAM)", (uint64_t)p->registers * 32, note);
}

void bill_baseline_l1(const struct tparams *p, struct jv *items)
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
