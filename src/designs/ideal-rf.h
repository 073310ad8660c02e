/*
** ideal-rf.h - design `ideal-rf` (ideal-rf.c): a register file without
** bank conflicts, the smallest complete design and the worked example of
** docs/architecture.md.
*/
#ifndef WS_DESIGNS_IDEAL_RF_H
#define WS_DESIGNS_IDEAL_RF_H
#include "timing/seams.h"

extern const struct design ideal_rf_design;

#endif
