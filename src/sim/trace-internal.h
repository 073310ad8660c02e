/*
** trace-internal.h - shared by the trace writer's files: trace.c (SM,
** warp and scheduler tracks, the event dispatch), trace-mem.c (L1D
** misses and fills, L2, DRAM, flows, counters) and trace-out.c (the
** file, JSON text, tracks, instruction names). Calls go one way:
** trace.c -> trace-mem.c -> trace-out.c. Not a public API.
*/
#ifndef WS_SIM_TRACE_INTERNAL_H
#define WS_SIM_TRACE_INTERNAL_H
#include <stdbool.h>
#include <stdint.h>
#include "sim/trace.h"
#include "timing/event.h"
#include "util/ptrmap.h"

#define PID_GPU 0
#define PID_MEM (TRACE_MAX_SMS + 1)
#define TID(pid, local) ((int64_t)(pid) << 20 | (int64_t)(local))
/* Local track numbers inside an SM's process, in display order (lanes of
   L1D misses and fills: up to 2000 each). */
enum { L_SCHED = 0, L_WARP = 100, L_DESIGN = 3000, L_MISS = 4000,
       L_FILL = 6000, SM_LANES = 2000 };
/* ... and inside the memory process: L2 slice k is k, design events not
   of an SM L_MEM_DESIGN + type, DRAM channel c's lane l is L_DRAM + c *
   DRAM_LANES + l. */
enum { L_MEM_DESIGN = 900, L_DRAM = 1000, DRAM_LANES = 4100 };
#define NO_SPAN (-100)   /* no span open */
#define ISSUING (-1)     /* a scheduler span of issued instructions */

/* A span being drawn: a warp's state or a scheduler's activity. */
struct trace_span {
    int state;               /* NO_SPAN, ISSUING, or an enum stall */
    uint64_t start, last;    /* since; last issue (ISSUING) */
    int64_t arg;             /* a warp's barrier id */
};

/* A resident CTA, by its first warp slot. */
struct trace_cta {
    uint64_t start, async;   /* async: its async-slice id, 0 if none */
    int64_t id;
};

/* Tracks of one kind used side by side when spans overlap. */
struct trace_lanes {
    uint64_t *until;         /* cycle each lane is free (UINT64_MAX: busy) */
    uint32_t n;
};

struct trace_sm {
    struct trace_span *sch;       /* per scheduler */
    uint32_t *live;          /* per scheduler: warps not exited */
    struct trace_span *w;         /* per warp slot */
    struct trace_cta *cta;        /* per warp slot */
    uint32_t nctas;
    /* counters of the current interval [next - interval, next) */
    uint64_t issued, hits, accesses, conflicts;
    uint64_t mshr, mshr_sum, mshr_at;   /* MSHRs in use, its integral */
    uint64_t next;
    struct trace_lanes miss, fill;
};

/* An L1D miss followed through the memory system. */
struct trace_flow {
    uint32_t id;
    int16_t sm;
    int8_t l2_out;           /* enum ev_l2_outcome, -1 before L2 */
    bool waiting;            /* on the wait list of line wline */
    uint64_t addr, miss, l2_t, dram_t, wline;
    uint32_t lane;           /* its L1D-misses lane */
    int32_t l2_slice, dram_local;
    int32_t wprev, wnext;    /* wait list links */
    int32_t next_free;
};

/* A DRAM request in a channel's queue. */
struct trace_dram {
    uint64_t addr, t;
    uint32_t chan, lane;
    bool write;
    int32_t next;            /* FIFO of the same key, then free list */
};

struct trace_opnames {
    const void *k;           /* const struct kimage * */
    char **op;
    int32_t n;
};

struct trace {
    struct trace_opts o;
    uint64_t design_types;
    /* the file */
    char *path;
    int fd;
    uint64_t off;            /* where the next write goes */
    char *buf;
    size_t n, cap;
    int err;                 /* errno of the first failed write */
    uint64_t events;
    /* the run */
    struct ws_device *dev;
    struct evbus *bus;
    int sub;
    bool configured, ended, in_kernel;
    uint32_t nsched, maxw;
    uint64_t l2line;
    bool l2cache;
    uint64_t last;           /* one past the last cycle seen */
    uint64_t kernel_start, async_ids;
    struct trace_sm *sm[TRACE_MAX_SMS];
    struct ptrmap seen;      /* tids named */
    uint64_t named[(TRACE_MAX_SMS + 2 + 63) / 64];   /* pids named */
    /* memory */
    struct trace_flow *fl;
    uint32_t nfl;
    int32_t fl_free;
    uint32_t flow_ids;
    struct ptrmap open;      /* (sm, line) -> flow */
    struct ptrmap wait;      /* L2 line -> first waiting flow */
    struct trace_dram *dr;
    uint32_t ndr;
    int32_t dr_free;
    struct ptrmap dram;      /* (addr, write) -> oldest request */
    struct trace_lanes *dlanes;   /* per channel */
    uint32_t ndlanes;
    /* instruction names per kernel */
    struct trace_opnames *ops;
    uint32_t nops;
};

/* trace-out.c: the file. */
int tw_file_open(struct trace *t, const char *path, struct ws_diag *d);
int tw_file_close(struct trace *t, const char *scenario, struct ws_diag *d);
/* Appends one event (a JSON object, printf-formatted). */
void tw_event(struct trace *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The instruction's opcode with its modifiers ("ld.global.f32"). */
const char *tw_opname(struct trace *t, const void *k, int64_t pc);
void tw_opnames_free(struct trace *t);

/* The tid of a track; names it (and its process) the first time. */
long long tw_thread(struct trace *t, uint32_t pid, uint32_t local);
/* A complete slice [a, b) clipped to the window; args: the members of a
   JSON object (or ""). */
void tw_span(struct trace *t, uint32_t pid, uint32_t local, const char *cat,
             const char *name, uint64_t a, uint64_t b, const char *args);
/* An instant at c, if c is in the window. */
void tw_instant(struct trace *t, uint32_t pid, uint32_t local,
                const char *cat, const char *name, uint64_t c,
                const char *args);

static inline bool tw_traces(const struct trace *t, uint32_t cat)
{
    return (t->o.cats & cat) != 0;
}

static inline bool tw_in_window(const struct trace *t, uint64_t c)
{
    return c >= t->o.from && c < t->o.to;
}

/* A map key for the ptrmaps (never NULL). */
static inline const void *tw_key(uint64_t k)
{
    return (const void *)(uintptr_t)(k + 1);
}

/* trace-mem.c */
void tw_l1(struct trace *t, const struct ws_event *e, struct trace_sm *s);
void tw_memory(struct trace *t, const struct ws_event *e);
/* Ends requests still in flight at c (the end of the window). */
void tw_memory_end(struct trace *t, uint64_t c);
void tw_memory_free(struct trace *t);
/* Samples the counters of every interval that ends by c. */
void tw_counters(struct trace *t, int sm, struct trace_sm *s, uint64_t c);
/* ... and the interval in progress, up to c. */
void tw_counters_flush(struct trace *t, int sm, struct trace_sm *s,
                       uint64_t c);
void tw_cta_span(struct trace *t, uint32_t pid, struct trace_cta *c, uint64_t end);

#endif
