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

struct ws_device;

struct dbg;
struct trace_opts;

struct scenario_opts {
    const char *path;
    const struct config_assigns *cli;   /* --set */
    bool unsafe_lua;
    const char *commands;    /* debugger commands, one per line (or NULL) */
    const char *probes_csv;  /* write probe series here (or NULL) */
    const char *record;      /* write the session record here (or NULL) */
    bool reverse;            /* snapshots for reverse execution */
    bool line_stats;         /* count statistics per PTX line from the
                                start; the statistics get "lines" */
    const char *trace;       /* write the timeline here (or NULL) */
    const struct trace_opts *trace_opts;   /* what it holds (sim/trace.h) */
    /* commands run before those of the file (a session record's) */
    char *const *pre;
    size_t npre;
    char *const *pre_at;     /* "file:line:col" of each in the record, or
                                NULL */
    /* an interactive driver (the TUI): called after the commands, it runs
       the session until the user quits; NULL for headless runs */
    void (*driver)(struct dbg *d, void *ctx);
    void *driver_ctx;
    /* progress reports while kernels run (struct ws_device's progress),
       or NULL */
    void (*progress)(void *ctx, const struct ws_device *d);
    void *progress_ctx;
    /* set by a replay: the session records being replayed, innermost
       first (NULL for callers) */
    const struct scenario_chain *replaying;
};

/* One session record on the way to the scenario it replays. */
struct scenario_chain {
    const char *path;                  /* the record (resolved path) */
    const struct scenario_chain *outer;
};

struct scenario_result {
    struct jv *stats;        /* NULL if the scenario could not start */
    uint64_t checks;         /* ws.check calls that passed */
    uint64_t sim_ns;         /* host time spent simulating (ws.run) */
    uint64_t cmd_errors;     /* debugger commands that failed */
    bool quit;               /* a `quit` command ended it early */
};

/* The file is a session record (written by `record`), not a scenario. */
bool scenario_is_record(const char *path);

/*
** Returns WS_OK, WS_FAIL (a ws.check failed; diag says where) or WS_ERR
** (bad input; diag filled).
*/
int scenario_run(const struct scenario_opts *o, struct scenario_result *r,
                 struct ws_diag *diag);

#endif
