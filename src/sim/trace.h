/*
** trace.h - a run's timeline as a Chrome trace-event JSON file, the format
** Perfetto UI, chrome://tracing and the Chrome DevTools Performance panel
** open (`warpscope run --trace FILE`; docs/trace.md).
** The writer subscribes to the model's event bus like the debugger does
** and streams what it sees: per SM a process with a track per warp
** scheduler (what it issued or why it stalled, as spans), per warp slot
** (its state: ready, memory, raw, barrier, ... and an instant per issued
** instruction), CTA residency, counters (IPC, L1D hit rate, MSHRs in use,
** RF bank conflicts), L1D misses and fills, and a track per design event;
** a "memory" process with L2 slices and DRAM channels; flow arrows that
** follow each L1D miss to L2, DRAM and back. One microsecond of the
** timeline is one core cycle.
** Nothing here changes the model: the statistics are the same with and
** without a trace. With no trace the bus has no subscriber and costs the
** model one bit test per event; with one, each event costs a bounded
** amount of work and output (a cycle window and filters bound the file).
** The file is written with positioned writes from the writer's own
** offset, so a session that resumes from a snapshot (reverse execution)
** rewrites the timeline from there on: the file always shows the history
** of the session that ended.
*/
#ifndef WS_SIM_TRACE_H
#define WS_SIM_TRACE_H
#include <stdbool.h>
#include <stdint.h>
#include "sim/device.h"
#include "util/diag.h"

/* What to trace (--trace-events): categories. */
enum trace_cat {
    TRACE_ISSUE = 1u << 0,     /* an instant per issued warp-instruction */
    TRACE_WARPS = 1u << 1,     /* warp state spans, barrier waits */
    TRACE_SCHED = 1u << 2,     /* scheduler spans: issue or stall reason */
    TRACE_CTA = 1u << 3,       /* CTA residency, kernel launches */
    TRACE_COUNTERS = 1u << 4,  /* IPC, L1D hit rate, MSHRs, conflicts */
    TRACE_MEMORY = 1u << 5,    /* L1D misses/fills, L2, DRAM, flows */
    TRACE_DESIGN = 1u << 6,    /* every design event */
    TRACE_ALL = (1u << 7) - 1
};

#define TRACE_MAX_SMS 1024

struct trace_opts {
    uint64_t from, to;         /* cycles traced: [from, to) */
    uint32_t cats;             /* enum trace_cat bits */
    uint64_t design_types;     /* design events traced one by one (bit per
                                  event type) when TRACE_DESIGN is off */
    uint64_t interval;         /* counter sampling period in cycles */
    bool all_sms;              /* else only the SMs in sms */
    uint64_t sms[TRACE_MAX_SMS / 64];
};

/* Everything, every SM, counters every 100 cycles. */
void trace_opts_init(struct trace_opts *o);
/*
** Parsers of the command-line options; each returns WS_OK or WS_ERR with
** d saying what was expected.
**   window    "A:B" cycles [A, B); "A:" or ":B" leave a side open
**   events    comma list of categories (issue, warps, sched, cta, counters,
**             memory, design, all) and design event names
**             ("racetrack.shift"); "-NAME" removes one ("all,-issue")
**   sms       comma list of SM numbers and ranges ("0,4-7")
**   interval  counter period in cycles, 1 or more
*/
int trace_parse_window(struct trace_opts *o, const char *s, struct ws_diag *d);
int trace_parse_events(struct trace_opts *o, const char *s, struct ws_diag *d);
int trace_parse_sms(struct trace_opts *o, const char *s, struct ws_diag *d);
int trace_parse_interval(struct trace_opts *o, const char *s,
                         struct ws_diag *d);

struct trace;

/*
** Creates (truncates) the file at path and starts the JSON. NULL with d
** filled when the file cannot be written. o is copied.
*/
struct trace *trace_open(const char *path, const struct trace_opts *o,
                         struct ws_diag *d);
/*
** Starts following dev: subscribes to dev->bus (which must exist). The
** configuration is read at the first event (a scenario may change it
** before its first launch).
*/
void trace_attach(struct trace *t, struct ws_device *dev);
/*
** Ends every span still open, writes the end of the file (the run's
** description in "otherData", scenario names the run) and closes it.
** Returns WS_OK, or WS_ERR with d filled when a write failed. Frees t
** (NULL is a no-op returning WS_OK).
*/
int trace_close(struct trace *t, const char *scenario, struct ws_diag *d);

#endif
