/*
** gpu.h - the whole simulated GPU, cycle by cycle: SMs, the interconnect,
** L2 slices and DRAM channels, and the CTA dispatcher of a launch.
** The GPU runs one launch at a time (launches are serialised, as in a
** single CUDA stream). Each simulated cycle it delivers interconnect
** packets to the SMs, runs every SM that has work, then the L2 slices and
** the DRAM channels, then starts CTAs where they fit. Cycles in which
** nothing anywhere can happen are skipped: every component reports the
** next cycle it has work, and the counters of skipped cycles are added as
** if each had been simulated, so results do not depend on the skipping.
** Nothing here prints or exits; errors come back as diagnostics.
*/
#ifndef WS_GPU_H
#define WS_GPU_H
#include <stdbool.h>
#include <stdint.h>
#include "config/config.h"
#include "timing/event.h"
#include "func/exec.h"
#include "timing/occupancy.h"
#include "util/diag.h"
#include "util/jval.h"

struct gpu;

/* What one launch did. */
struct gpu_launch_result {
    uint64_t cycles;
    uint64_t warp_instructions, thread_instructions;
    uint64_t ctas;
    struct occupancy occ;
    struct jv *stats;   /* this launch's sm, rf, l1d, shmem, l2, dram,
                           icnt and energy_pj (owned by the caller) */
    uint64_t budget_left;   /* warp-instructions still allowed */
};

enum gpu_status { GPU_DONE, GPU_PAUSED, GPU_ERR };

/*
** Builds the GPU the configuration describes (SMs, memory) with design d
** plugged into every SM (the caller looked it up: timing knows no
** design). Returns NULL with diag filled when keys contradict each other
** (for example l2.slices not a multiple of dram.channels). bus may be
** NULL.
*/
struct design;
struct gpu *gpu_new(const struct ws_config *cfg, const struct design *d,
                    struct evbus *bus, struct ws_diag *diag);
void gpu_free(struct gpu *g);

/*
** Runs launch L to completion on device memory mem. budget: the
** warp-instructions still allowed (decremented); cycle_limit: the cycle
** at which to give up. On a kernel fault, a deadlock or a limit, returns
** WS_ERR with diag at the PTX line of the warp concerned.
*/
int gpu_run(struct gpu *g, const struct flaunch *L, uint32_t regs_per_thread,
            struct dmem *mem, uint64_t *budget, uint64_t cycle_limit,
            struct gpu_launch_result *res, struct ws_diag *diag);

/*
** The same in steps, for the debugger. gpu_start dispatches the first
** CTAs. gpu_advance simulates until the launch ends (GPU_DONE), the next
** cycle to simulate reaches `until` or a bus subscriber set bus->stop
** during a cycle (GPU_PAUSED: the cycle is complete, gpu_cycle() is the
** next one; idle cycles are never skipped past `until`), or a fault, a
** deadlock or a limit (GPU_ERR, diag filled). gpu_finish accounts the
** launch (ok: it completed) and fills res; call it after GPU_DONE or
** GPU_ERR, or to abandon a paused launch.
*/
int gpu_start(struct gpu *g, const struct flaunch *L, uint32_t regs_per_thread,
              struct dmem *mem, uint64_t budget, uint64_t cycle_limit,
              struct ws_diag *diag);
enum gpu_status gpu_advance(struct gpu *g, uint64_t until,
                            struct ws_diag *diag);
void gpu_finish(struct gpu *g, bool ok, struct gpu_launch_result *res);
/* A launch is between gpu_start and gpu_finish. */
bool gpu_running(const struct gpu *g);

/* Lets L2 and DRAM finish queued writes (not counted as kernel cycles). */
void gpu_drain(struct gpu *g);

/* A host-to-device copy of [addr, addr + bytes): with l2.warm_on_write its
   L2 units are installed clean (GPGPU-Sim's -gpgpu_perf_sim_memcpy);
   otherwise nothing. */
void gpu_host_write(struct gpu *g, uint64_t addr, uint64_t bytes);

/* Issued instructions execute through the general per-lane handlers only
   (fctx.general_only), for tests that compare the two; no result
   changes. */
void gpu_set_general_only(struct gpu *g, bool on);

/* Cycles spent inside launches so far (the running one's included). */
uint64_t gpu_kernel_cycles(const struct gpu *g);
/* The running launch so far: cycles simulated, warp- and
   thread-instructions issued; false (all 0) when none runs. */
bool gpu_launch_so_far(const struct gpu *g, uint64_t *cycles, uint64_t *wi,
                       uint64_t *ti);

/* The current cycle (it only grows). */
uint64_t gpu_cycle(const struct gpu *g);

/* Warp-instructions issued so far, every launch (live; the statistics
   count those of retired CTAs). For progress reports. */
uint64_t gpu_issued(const struct gpu *g);

/* Occupancy of a launch of L's geometry on this GPU. */
struct occupancy gpu_occupancy(const struct gpu *g, const struct flaunch *L,
                               uint32_t regs_per_thread);

/*
** Adds the timing statistics of SPEC 1.4 to o: ipc, thread_ipc, sm[], rf,
** l1d, shmem, l2, dram, icnt, energy_pj (cumulative over launches).
*/
void gpu_stats(const struct gpu *g, struct jv *o);

/* Recomputes the rates in such an object from its counts, for a span of
   `cycles` cycles. */
void gpu_ratios(const struct gpu *g, struct jv *o, uint64_t cycles);

/* For the debugger: SMs, warp slots per SM, the launch running (or
   NULL), and the functional warp in a slot (NULL if the slot is empty),
   with its CTA and the CTA's linear index in the grid. */
uint32_t gpu_nsm(const struct gpu *g);
uint32_t gpu_warp_slots(const struct gpu *g);
const struct flaunch *gpu_launch(const struct gpu *g);
/* The name of stall reason `why` (enum stall) on this GPU's SMs: the
   design may name the reason of the warps it holds back (sm_stall_name). */
const char *gpu_stall_name(const struct gpu *g, int why);
struct fwarp *gpu_warp(struct gpu *g, uint32_t sm, uint32_t slot,
                       const struct fcta **cta, uint64_t *cta_id);

#endif
