/*
** device.h - the simulated GPU as a scenario sees it.
** Holds the configuration, device memory, loaded PTX modules (with their
** compiled kernel images, .global variables and .const bank), the queue of
** launches and the record of finished ones. ws.* calls in Lua map onto
** these functions; nothing here knows about Lua.
*/
#ifndef WS_SIM_DEVICE_H
#define WS_SIM_DEVICE_H
#include <stdbool.h>
#include <stdint.h>
#include "compile/image.h"
#include "config/config.h"
#include "func/exec.h"
#include "func/mem.h"
#include "timing/occupancy.h"
#include "util/jval.h"
#include "util/vec.h"

struct evbus;

struct dev_module {
    struct ptx_module *mod;
    struct kimage **kernels;
    int nkernels;
    uint64_t *gvar_addr;      /* per module variable: device address
                                 (.global) or constant-bank offset (.const) */
    uint8_t *constbank;
    uint32_t const_bytes;
};

struct dev_launch {
    int module, kernel;
    uint32_t grid[3], block[3], dyn_shared;
    uint8_t *params;
    char *origin;             /* where it was requested, for errors */
};

/* A host-to-device copy not yet shown to the GPU (l2.warm_on_write). */
struct dev_copy {
    uint64_t addr, bytes;
};

struct launch_record {
    const char *kernel;       /* interned in the module */
    uint32_t grid[3], block[3];
    uint32_t shared_bytes;    /* static + dynamic per CTA */
    uint32_t regs_per_thread;
    uint64_t ctas, warp_instructions, thread_instructions;
    bool timed;               /* run by the timing model: */
    uint64_t cycles;          /*   its cycles */
    struct occupancy occ;     /*   its occupancy */
    struct jv *stats;         /*   and its statistics (owned) */
};

/* A run over the launch queue, possibly paused part-way (debugger). */
struct dev_run {
    bool active;              /* started, not yet finished */
    bool in_launch;           /* queue[next - 1] is on the GPU */
    size_t next;              /* next queue entry to start */
    struct flaunch L;         /* the launch in progress */
    struct launch_record rec; /*   and its record so far */
    uint64_t budget;          /* warp-instructions still allowed */
    uint64_t cycle_limit;
    bool faulted;             /* a kernel fault is held (hold_faults): the
                                 GPU stays as it was at the fault */
};

enum dev_status { DEV_DONE, DEV_PAUSED, DEV_ERR };

struct ws_device {
    struct ws_config cfg;
    bool started;             /* a launch was queued: config is frozen */
    struct dmem mem;
    VEC(struct dev_module) modules;
    VEC(struct dev_launch) queue;
    VEC(struct launch_record) done;
    VEC(struct dev_copy) copies;  /* host writes since the last run began */
    uint64_t *sm_clock;       /* functional mode, per SM: warp-instructions
                                 issued so far (its %clock) */
    struct gpu *gpu;          /* timing mode: built at the first run */
    const struct design *design;  /* plugged into the GPU; NULL: the one
                                     the key `design` names (tests set
                                     their own before the first run) */
    struct evbus *bus;        /* where the model's events go (or NULL);
                                 set before the first run */
    uint64_t gridid;
    struct dev_run run;
    bool hold_faults;         /* a debugger looks: keep the GPU at a kernel
                                 fault (device_advance) */
    uint64_t host_ns;         /* host time spent in device_run (never part
                                 of the statistics: not deterministic) */
    /* Called while a run goes on (device_advance), every
       DEV_PROGRESS_CYCLES cycles in timing mode and after each CTA in
       functional mode, for a progress report (device_progress), and once
       when the run ends; NULL: never. Pausing for it changes no result. */
    void (*progress)(void *ctx, const struct ws_device *d);
    void *progress_ctx;
    bool general_only;        /* execute without the whole-warp fast
                                 paths (fctx.general_only; for tests,
                                 the results are the same) */
};

/* Takes a copy of cfg. */
void device_init(struct ws_device *d, const struct ws_config *cfg);
void device_free(struct ws_device *d);

/* Replaces the configuration; only before the first launch. */
void device_reconfigure(struct ws_device *d, const struct ws_config *cfg);

/* Loads and compiles every kernel of a PTX file; returns its index or -1. */
int device_load(struct ws_device *d, const char *path, struct ws_diag *diag);

enum { DEV_KERNEL_NONE = -1, DEV_KERNEL_AMBIGUOUS = -2 };
/*
** Kernel index in module mi by the name a scenario gives: its PTX name or,
** for a C++ kernel, the name as the source wrote it (ws_demangle_match).
** DEV_KERNEL_NONE when no kernel answers to it, DEV_KERNEL_AMBIGUOUS when
** several do (overloads, template instances) and none by its PTX name.
*/
int device_find_kernel(const struct ws_device *d, int mi, const char *name);

/* A host write of n bytes at addr (a scenario's buffer write or set):
   stores them and, with l2.warm_on_write, records the copy for the L2,
   which sees it when the next run begins. False outside device memory. */
bool device_host_write(struct ws_device *d, uint64_t addr, const void *buf,
                       size_t n);

/* Device allocation; 0 with diag filled on failure. */
uint64_t device_alloc(struct ws_device *d, uint64_t bytes,
                      struct ws_diag *diag);

/*
** Validates and queues a launch (takes ownership of l->params and
** l->origin on success and on failure).
*/
int device_enqueue(struct ws_device *d, struct dev_launch *l,
                   struct ws_diag *diag);

/* Runs every queued launch to completion in order: cycle by cycle
   (sim.mode = timing) or functionally only. */
int device_run(struct ws_device *d, struct ws_diag *diag);

/*
** The same in steps (timing mode only pauses): simulates until the queue
** is empty (DEV_DONE), the next cycle reaches `until` or a subscriber set
** bus->stop (DEV_PAUSED, state kept: call again to go on), or an error
** (DEV_ERR, diag filled; the GPU is dropped and the queue emptied). With
** hold_faults, a kernel fault in timing mode keeps the GPU as the fault
** left it, to be looked at (run.faulted; every later call is DEV_ERR
** without a diagnostic) until device_abandon ends the run as a fault
** would have.
*/
enum dev_status device_advance(struct ws_device *d, uint64_t until,
                               struct ws_diag *diag);
/* Drops a paused run (the launch in progress is abandoned) or a held
   fault (the faulted launch is recorded as a fault records it). */
void device_abandon(struct ws_device *d);
/* sim.mode is timing. */
bool device_timing(const struct ws_device *d);

#define DEV_PROGRESS_CYCLES 20000

/* Where a run is, for progress reports. */
struct dev_progress {
    bool running;             /* false: the run just ended (once) */
    const char *kernel;       /* the launch in progress, or NULL */
    size_t launch, launches;  /* its number (1-based) of those queued */
    bool timed;
    uint64_t cycle;           /* timing mode: the GPU's cycle */
    uint64_t warp_instructions;   /* issued so far, every launch */
};
void device_progress(const struct ws_device *d, struct dev_progress *p);

/* The statistics object of SPEC 1.4 (keys the model fills so far). */
struct jv *device_stats(const struct ws_device *d);

/* The design the GPU is built with. */
struct design;
const struct design *device_design(const struct ws_device *d);

/* Registers per thread used for occupancy of kernel k. */
uint32_t device_regs_per_thread(const struct ws_device *d,
                                const struct kimage *k);

#endif
