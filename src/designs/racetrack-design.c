/*
** racetrack-design.c - design `racetrack`: its register-file part (the
** model of racetrack.c, the statistics and views of racetrack-view.c) and
** the design object the registry lists.
*/
#include "designs/racetrack-internal.h"

const struct rf_ops racetrack_rf_ops = {
    .part = {
        .name = "racetrack",
        .create = racetrack_create,
        .destroy = racetrack_destroy,
        .launch = racetrack_launch,
        .check_launch = racetrack_launch_check,
        .tick = racetrack_tick,
        .next_event = racetrack_next_event,
        .stats = racetrack_stats,
        .energy = racetrack_energy,
        .describe = racetrack_describe,
    },
    .capacity = racetrack_capacity,
    .read = racetrack_read,
    .write = racetrack_write,
};

/* The racetrack file's capacity: racetrack.size bytes of 4-byte
   registers (racetrack_create offers the same). */
static uint32_t registers_of(const struct ws_config *cfg)
{
    return (uint32_t)(config_i(cfg, CK_RACETRACK_SIZE) / 4);
}

const struct design racetrack_design = {
    .name = "racetrack",
    .summary = "racetrack-memory register file: tapes shifted to their ports, preshifting, register mapping",
    .rf = &racetrack_rf_ops,
    .layout = "design",
    .keys = "racetrack",
    .section = racetrack_section,
    .check = racetrack_check,
    .ratios = racetrack_ratios,
    .facts = racetrack_facts,
    .events = racetrack_events,
    .cost = racetrack_bill,
    .registers = registers_of,
};
