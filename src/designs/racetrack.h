/*
** racetrack.h - design `racetrack`: a register file built of racetrack
** memory (seed 001), see racetrack.c and docs/designs/racetrack.md.
** Exposes the ops, the design's table hooks and a few read-only views
** and pure helpers for the unit tests; nothing else may reach into the
** model.
*/
#ifndef WS_RACETRACK_H
#define WS_RACETRACK_H
#include "timing/seams.h"

extern const struct design racetrack_design;
extern const struct rf_ops racetrack_rf_ops;

/* The design's hooks (exported for the unit tests). */
void racetrack_section(const struct design_parts *sp, struct jv *sec);
int racetrack_check(const struct ws_config *cfg, const struct tparams *p,
                    struct ws_diag *diag);
void racetrack_ratios(struct jv *sec, const struct jv *all,
                      const struct tparams *p,
                      uint64_t cycles);
void racetrack_facts(const struct design_parts *sp, struct jv *sec);
void racetrack_events(void);
void racetrack_bill(const struct ws_config *cfg, const struct tparams *p,
                    struct jv *items);

/* Core cycles taken by `ns` nanoseconds at `mhz`, rounded up (at least 1). */
uint32_t racetrack_cycles(double ns, uint32_t mhz);

/* Core cycles of an access that shifts `steps` steps, then reads or
   writes: the whole time converted at once, ceil((steps x shift_ns +
   access_ns) x mhz / 1000), at least 1. */
uint32_t racetrack_access_cycles(uint32_t steps, double access_ns,
                                 double shift_ns, uint32_t mhz);

/* Shift steps completed `cycles` cycles into a granted access:
   floor(cycles x 1000 / mhz / shift_ns). */
uint32_t racetrack_steps_within(uint64_t cycles, double shift_ns,
                                uint32_t mhz);

/*
** The rf_ops.check_launch of a racetrack file rf (any SM's: they are
** alike): WS_ERR, with diag naming the kernel, its registers per thread,
** the resident warps and a bank's capacity, when under rf.bank_map one
** bank would receive more warp registers than its tapes hold.
*/
int racetrack_launch_check(void *rf, const struct seam_launch *l,
                           struct ws_diag *diag);

/* One tape of a racetrack register file, for inspection and tests. */
struct racetrack_tape_view {
    uint32_t offset;          /* offset under the ports, 0..region-1 */
    uint32_t registers;       /* warp registers placed on it */
    bool granted;             /* its bank holds an arbiter slot */
    uint32_t reads_queued, writes_buffered, writes_waiting;
};
uint32_t racetrack_banks(const void *self);
uint32_t racetrack_tapes(const void *self);    /* per bank */
void racetrack_tape(const void *self, uint32_t bank, uint32_t tape,
                    struct racetrack_tape_view *out);
/* Where warp slot w's register r sits under the mapping of the current
   launch: bank, tape and domain (port * region + offset). */
void racetrack_place(const void *self, uint32_t w, uint32_t r,
                     uint32_t *bank, uint32_t *tape, uint32_t *domain);

#endif
