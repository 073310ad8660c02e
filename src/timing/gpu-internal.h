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
#include "util/diag.h"
#include "util/team.h"
#include "util/vec.h"

/* A packet an SM sent while SMs ran at once: queued at its destination
   after them, in SM order (sim.threads). */
struct sent {
    struct mreq req;
    uint64_t now;
    uint32_t flits;
};

struct outbox {
    VEC(struct sent) sent;        /* its packets, in order */
    VEC(struct mreq) in;          /* answers for the SM, in order */
    struct ws_diag diag;          /* the SM's fault */
    int rc;
    bool finished;                /* its cycle stopped before global
                                     memory and was finished in order */
};

/* What one thread of the team reports about its SMs after a cycle, on
   a cache line of its own. */
struct crew {
    _Alignas(64) uint64_t issued; /* the SMs' st.issued, summed */
    uint64_t next_due;            /* the earliest of their next_due */
    uint32_t retired;
    bool waits;                   /* an SM stopped before global memory */
    bool look;                    /* an SM sent packets or faulted */
    uint64_t ns;                  /* host time in its SMs' cycles since
                                     the last rebalance */
    _Atomic uint32_t ordered;     /* the last shared cycle (g->batch) in
                                     which its SMs issued what reads or
                                     writes global memory */
};

/* sim.threads: whether the cycles run on the team's threads now. */
struct share_plan {
    bool par;                     /* the cycles now run shared */
    uint8_t phase;                /* 0, 1: timing one thread, then the
                                     team; 2: a stretch the faster way */
    bool won;                     /* the team was faster last time */
    uint32_t left;                /* cycles to go in this phase */
    uint32_t stretch;             /* length of the next stretch */
    uint64_t ns[2], cycles[2];    /* host time per way, while timed */
    uint64_t handover_ns;         /* what an empty shared cycle costs */
};

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
    /* Beside the SMs and slices, so that a cycle's scan for the ones due
       reads short arrays instead of every SM, slice and channel: due[i] is
       sm[i].next_due (written only through set_due), l2due[s] the
       earliest of slice s's noted work and its port's next delivery. */
    uint64_t *due;
    uint64_t *l2due;
    /* Bounds that let a cycle skip those scans: sm_soon is at most every
       due[i], l2_soon at most every l2due[s] (set_due and l2_noted lower
       them; a scan sets them again), and bit c of dbusy is set while DRAM
       channel c holds requests (dram.channels <= 64). */
    uint64_t sm_soon, l2_soon;
    uint64_t dbusy;
    /* Bit i set while due[i] is below UINT64_MAX: a cycle's scan visits
       only those SMs, in order (a kernel on a few SMs leaves the others
       asleep for good). */
    uint64_t *sm_live;
    uint64_t issued;              /* the SMs' st.issued, summed */
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
    /* sim.threads > 1: the team that runs SMs' cycles at once, thread k
       the SMs [cut[k], cut[k + 1]), moved now and then so that the
       threads take equal time (which SM runs where changes no result) */
    struct team *team;
    uint32_t *cut;
    uint32_t batches;             /* since the last rebalance */
    uint32_t shuffle;             /* debug.thread_shuffle */
    uint64_t shuffled;            /* its random state */
    struct share_plan plan;       /* shared or not (gpu.c, plan_next) */
    bool par;                     /* SMs are running at once: their
                                     packets go to out[] */
    struct outbox *out;           /* per SM */
    struct crew *crew;            /* per thread */
    _Alignas(64) _Atomic bool failed; /* an SM faulted this cycle */
    uint32_t batch;               /* shared cycles run (crew.ordered) */
    uint64_t now;                 /* the cycle they run */
};

#endif
