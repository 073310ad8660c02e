/*
** scenario.h - run a scenario file headless.
** Creates a session (device + sandboxed Lua with `ws`), runs the file, runs
** launches still queued at its end, and returns the statistics.
*/
#ifndef WS_SCENARIO_H
#define WS_SCENARIO_H
#include <stdbool.h>
#include "config/config.h"
#include "util/jval.h"

struct scenario_opts {
    const char *path;
    const struct config_assigns *cli;   /* --set */
    bool unsafe_lua;
};

struct scenario_result {
    struct jv *stats;        /* NULL if the scenario could not start */
    uint64_t checks;         /* ws.check calls that passed */
    uint64_t sim_ns;         /* host time spent simulating (ws.run) */
};

/*
** Returns WS_OK, WS_FAIL (a ws.check failed; diag says where) or WS_ERR
** (bad input; diag filled).
*/
int scenario_run(const struct scenario_opts *o, struct scenario_result *r,
                 struct ws_diag *diag);

#endif
