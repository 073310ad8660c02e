/*
** gpu-internal.h - the GPU's state, shared by gpu.c (the cycle loop) and
** the files that read it for inspection. Nothing outside src/timing and
** src/debug includes this.
*/
#ifndef WS_GPU_INTERNAL_H
#define WS_GPU_INTERNAL_H
#include "timing/dram.h"
#include "timing/gpu.h"
#include "timing/l2.h"
#include "timing/mreq.h"
#include "timing/sm.h"
#include "timing/tparams.h"

struct tinst_cache {
    const struct kimage *k;
    struct tinst *t;
};

struct gpu {
    struct tparams p;
    struct l2_port port;      /* the SMs' way to L2 */
    const struct design *d;
    struct evbus *bus;
    uint64_t cycle;
    uint64_t kernel_cycles;       /* cycles inside launches */
    uint64_t warp_insts, thread_insts;
    struct sm *sm;
    struct mreq_pool pool;
    struct icnt net;              /* ports: SMs, then L2 slices */
    struct l2slice *l2;
    struct dram_chan **dram;
    uint32_t slices_per_chan;
    struct tinst_cache *tc;
    uint32_t ntc;
    /* the launch running */
    const struct flaunch *L;
    uint32_t regs_per_thread;
    uint64_t next_cta, nctas, ctas_done;
    uint32_t rr;                  /* SM the dispatcher tries first */
    bool flushed;                 /* the L1s were flushed at kernel end */
    bool skip;                    /* sim.skip_idle */
    /* a launch in progress (gpu_start .. gpu_finish) */
    bool running;
    uint64_t start, issued0, wi0, ti0, issued_limit, budget, cycle_limit;
    struct jv *before;            /* statistics at the start */
};

#endif
