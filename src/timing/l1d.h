/*
** l1d.h - the baseline L1 data cache (l1d.c), and the same cache sized at
** each launch for design `unified`.
*/
#ifndef WS_L1D_H
#define WS_L1D_H
#include "timing/seams.h"

extern const struct l1_ops l1d_ops;
/* The same L1D sized at each launch by design `unified` (l1d.c), and that
   design's statistics facts: its split of the array. */
extern const struct l1_ops l1d_unified_ops;
void l1d_unified_section(void *rf, void *l1, struct jv *sec);

#endif
