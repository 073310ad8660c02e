/* occupancy.c - CTAs per SM and the limiting resource (see occupancy.h). */
#include "timing/occupancy.h"

#define WARP 32

struct occupancy occupancy_of(const struct occ_limits *lim, uint32_t threads,
                              uint32_t regs_per_thread, uint32_t shared_bytes)
{
    uint32_t warps = (threads + WARP - 1) / WARP;
    uint64_t regs = (uint64_t)warps * WARP * regs_per_thread;
    uint64_t by[5];
    by[OCC_THREADS] = threads ? lim->max_threads / threads : 0;
    by[OCC_WARPS] = warps ? lim->max_warps / warps : 0;
    by[OCC_CTAS] = lim->max_ctas;
    by[OCC_REGISTERS] = regs ? lim->registers / regs : UINT64_MAX;
    by[OCC_SHARED] = shared_bytes ? lim->shared_bytes / shared_bytes
                                  : UINT64_MAX;
    struct occupancy o = { 0, 0, OCC_THREADS, 0.0, 0.0 };
    uint64_t n = UINT64_MAX;
    for (int r = OCC_THREADS; r <= OCC_SHARED; r++)
        if (by[r] < n) {
            n = by[r];
            o.limiter = (enum occ_limiter)r;
        }
    o.ctas_per_sm = (uint32_t)n;
    o.warps_per_sm = o.ctas_per_sm * warps;
    o.theoretical = lim->max_warps ? (double)o.warps_per_sm / lim->max_warps
                                   : 0.0;
    o.reg_utilization = lim->registers
                            ? (double)(o.ctas_per_sm * regs) / lim->registers
                            : 0.0;
    return o;
}

const char *occ_limiter_name(enum occ_limiter l)
{
    static const char *n[] = { "threads", "warps", "ctas", "registers",
                               "shared" };
    return (unsigned)l <= OCC_SHARED ? n[l] : "?";
}
