/*
** rf-banked.h - the baseline banked register file (rf-banked.c).
*/
#ifndef WS_RF_BANKED_H
#define WS_RF_BANKED_H
#include "timing/seams.h"
#include "util/bits.h"

extern const struct rf_ops rf_banked_ops;

/* The bank holding warp slot w's register r under the mapping. */
static inline uint32_t rf_bank_of(enum bank_map map, uint32_t banks,
                                  uint32_t w, uint32_t r)
{
    return (uint32_t)ws_mod(map == BANK_WARP_REG ? w + r : r, banks);
}

/* Adds one bank's reads, writes and conflicts to the statistics object o
   (its "per_bank" array of `banks` objects, made on first use), so every
   banked register file reports its banks the same way. */
void rf_stats_add_bank(struct jv *o, uint32_t banks, uint32_t b,
                       uint64_t reads, uint64_t writes, uint64_t conflicts);

#endif
