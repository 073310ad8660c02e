/*
** bill.h - storage bills (`warpscope inspect --cost`, SPEC 5): helpers
** every design's cost hook uses.
*/
#ifndef WS_DESIGNS_BILL_H
#define WS_DESIGNS_BILL_H
#include <stdint.h>
#include "timing/tparams.h"
#include "util/jval.h"

/* Adds one part, {part, bits, note}, to a storage bill. */
void bill_add(struct jv *items, const char *part, uint64_t bits,
              const char *note);
/* The baseline banked SRAM register file, for designs that keep it. */
void bill_baseline_rf(const struct tparams *p, struct jv *items);
/* The baseline L1D's data and tags, for designs that keep it. */
void bill_baseline_l1(const struct tparams *p, struct jv *items);

#endif
