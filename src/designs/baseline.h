/*
** baseline.h - designs `baseline` and `unified` (baseline.c).
*/
#ifndef WS_DESIGNS_BASELINE_H
#define WS_DESIGNS_BASELINE_H
#include "timing/seams.h"

extern const struct design baseline_design;
extern const struct design unified_design;

#endif
