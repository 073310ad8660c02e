/*
** rf-banked.h - the baseline banked register file (rf-banked.c).
*/
#ifndef WS_RF_BANKED_H
#define WS_RF_BANKED_H
#include "timing/seams.h"

extern const struct rf_ops rf_banked_ops;

/* One bank of a baseline register file (self made by
   rf_banked_ops.create), for inspection. */
struct rf_bank_view {
    uint32_t reads_queued, writes_queued;
    uint64_t reads, writes, conflicts;  /* cumulative */
    bool served_now;                    /* served a request at cycle now */
    uint32_t conflicts_now;             /* requests it left waiting then */
};
uint32_t rf_banked_banks(const void *self);
/* Bank b (< rf_banked_banks) as of cycle now, the last cycle ticked. */
void rf_banked_bank(const void *self, uint32_t b, uint64_t now,
                    struct rf_bank_view *out);

/* The bank holding warp slot w's register r under the mapping. */
uint32_t rf_bank_of(enum bank_map map, uint32_t banks, uint32_t w, uint32_t r);

#endif
