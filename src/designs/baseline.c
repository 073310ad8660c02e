/*
** baseline.c - the table of designs: which register file and which L1D
** each `design` value plugs into the SMs (see timing/seams.h). A new design
** adds its ops and one row here; nothing in the pipeline changes.
*/
#include "designs/cerf.h"
#include "designs/racetrack.h"
#include "timing/l1d.h"
#include "timing/rf-banked.h"
#include "timing/seams.h"
#include <string.h>

static const struct design designs[] = {
    { "baseline", &rf_banked_ops, &l1d_ops, NULL, NULL, NULL, NULL, NULL },
    { "cerf", &cerf_rf_ops, &cerf_l1_ops, cerf_section, cerf_check,
      cerf_ratios, cerf_facts, cerf_events },
    { "unified", &rf_banked_ops, &l1d_unified_ops, NULL, NULL, NULL,
      l1d_unified_section, NULL },
    { "racetrack", &racetrack_rf_ops, &l1d_ops, racetrack_section,
      racetrack_check, racetrack_ratios, racetrack_facts, racetrack_events },
};

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
