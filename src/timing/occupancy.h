/*
** occupancy.h - how many CTAs of a launch fit on one SM, and why no more.
** Pure arithmetic on the SM's limits (threads, warps, CTAs, registers,
** shared memory), the same the CTA dispatcher enforces; registers are
** counted per thread with no allocation granularity, as in the racetrack
** paper's Table 1.
*/
#ifndef WS_OCCUPANCY_H
#define WS_OCCUPANCY_H
#include <stdint.h>

enum occ_limiter { OCC_THREADS, OCC_WARPS, OCC_CTAS, OCC_REGISTERS,
                   OCC_SHARED };

struct occ_limits {
    uint32_t max_threads, max_warps, max_ctas;
    uint32_t registers;          /* 32-bit registers per SM */
    uint32_t shared_bytes;
};

struct occupancy {
    uint32_t ctas_per_sm, warps_per_sm;
    enum occ_limiter limiter;    /* the first resource to run out */
    double theoretical;          /* warps_per_sm / max_warps */
    double reg_utilization;      /* registers allocated / registers */
};

/*
** Occupancy of CTAs of `threads` threads using regs_per_thread registers
** and shared_bytes of shared memory each. When two resources allow the
** same number of CTAs, the limiter is the first in enum order. A CTA
** that does not fit at all gives ctas_per_sm = 0.
*/
struct occupancy occupancy_of(const struct occ_limits *lim, uint32_t threads,
                              uint32_t regs_per_thread, uint32_t shared_bytes);

const char *occ_limiter_name(enum occ_limiter l);

#endif
