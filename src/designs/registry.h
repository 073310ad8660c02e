/*
** registry.h - the designs warpscope knows, by name (registry.c). The
** machine assembly (sim/) looks a design up and hands it to the GPU it
** builds; the timing model itself names no design.
*/
#ifndef WS_DESIGNS_REGISTRY_H
#define WS_DESIGNS_REGISTRY_H
#include <stddef.h>
#include <stdint.h>
#include "timing/seams.h"

/* The design called name, or NULL. */
const struct design *design_find(const char *name);
/* The i-th design, NULL past the last. */
const struct design *design_at(size_t i);
/* The design the configuration selects (key `design`); never NULL for a
   validated configuration. */
const struct design *design_of(const struct ws_config *cfg);
/* Registers every design's events (once), so that scenarios and commands
   can name them before any SM exists. */
void design_events_register(void);

#endif
