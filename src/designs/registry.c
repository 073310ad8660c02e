/*
** registry.c - the designs warpscope knows (see registry.h). A new
** design adds one line here (and its value to the key `design` in
** config/keys.h); nothing in the pipeline or the panes changes.
*/
#include "designs/registry.h"
#include "config/config.h"
#include "designs/baseline.h"
#include "designs/cerf.h"
#include "designs/fuse.h"
#include "designs/racetrack.h"
#include "designs/ideal-rf.h"
#include "designs/tinycache.h"
#include "designs/ltrf.h"
#include <stdbool.h>
#include <string.h>

static const struct design *const designs[] = {
    &baseline_design, &cerf_design, &unified_design, &racetrack_design,
    &ideal_rf_design, &fuse_design, &tinycache_design, &ltrf_design,
};

#define NDESIGNS (sizeof designs / sizeof designs[0])

const struct design *design_at(size_t i)
{
    return i < NDESIGNS ? designs[i] : NULL;
}

const struct design *design_find(const char *name)
{
    for (size_t i = 0; i < NDESIGNS; i++)
        if (strcmp(designs[i]->name, name) == 0)
            return designs[i];
    return NULL;
}

const struct design *design_of(const struct ws_config *cfg)
{
    char name[32];
    return design_find(config_enum_name(cfg, CK_DESIGN, name, sizeof name));
}

void design_events_register(void)
{
    static bool done;
    if (done)
        return;
    done = true;
    for (size_t i = 0; i < NDESIGNS; i++)
        if (designs[i]->events)
            designs[i]->events();
}
