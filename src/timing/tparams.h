/*
** tparams.h - the timing model's parameters, read once from the
** configuration, and the instruction classes that pick a pipeline and a
** latency. Everything is in core cycles.
*/
#ifndef WS_TPARAMS_H
#define WS_TPARAMS_H
#include <stdint.h>
#include "compile/image.h"
#include "config/config.h"
#include "timing/dram.h"

/* Local memory's physical addresses: one region per SM above every global
   allocation (ldst.c interleaves threads in it; caches tell it apart). */
#define LOCAL_PHYS_BASE 0x8000000000ULL
#define LOCAL_PHYS_SM_SHIFT 36

enum tclass {
    TC_INT,      /* integer, logic, moves, compares, conversions between ints */
    TC_IMUL,     /* integer multiply / multiply-add */
    TC_FP32,     /* f32 arithmetic and float conversions */
    TC_FP64,     /* f64 arithmetic */
    TC_SFU,      /* rcp, sqrt, rsqrt, sin, cos, ex2, lg2, tanh */
    TC_DIV,      /* integer division, IEEE division */
    TC_MEM,      /* loads, stores, atomics that go to the LD/ST unit */
    TC_CTRL,     /* branches, barriers, exit: no pipeline after issue */
    TC__COUNT
};

enum sched_policy { SCHED_GTO, SCHED_LRR, SCHED_TWO_LEVEL, SCHED_LRR_MEM };
/* Two-level: when a warp leaves the active pool for a long-latency load
   (sched.leave_on). */
enum leave_on { LEAVE_ISSUE, LEAVE_MISS };
enum bank_map { BANK_WARP_REG, BANK_REG };
enum write_policy { WRITE_EVICT, WRITE_THROUGH, WRITE_BACK };

/* Energy primitives: pJ per event, leakage in mW (config energy.*). */
struct eparams {
    double rf_read, rf_write, rf_leak;
    double l1d_read, l1d_write, l1d_leak;
    double l1d_tag_read, l1d_tag_write, l1d_tag_leak;
    double l2_read, l2_write, l2_leak;
    double l2_tag_read, l2_tag_write, l2_tag_leak;
    double cerf_tag_read, cerf_tag_write, cerf_tag_leak;
    double shmem_wave, coalescer;   /* 0: not modelled */
};

struct tparams {
    uint32_t nsm, schedulers, active_warps;
    enum sched_policy policy;
    enum leave_on leave_on;       /* two-level: sched.leave_on */
    bool refill_skip_memory;      /* two-level: sched.refill = skip-memory */
    uint32_t sp_units, sfu_units;
    uint32_t lat[TC__COUNT];      /* latency per class (TC_MEM: unused) */
    uint32_t ii[TC__COUNT];       /* initiation interval per class */
    uint32_t rf_banks, collectors;
    bool oc_pipeline;             /* sm.oc_pipeline */
    uint32_t pool_size[3];        /* collector units per pool (SM_POOL_*);
                                     pool 0 only when not split */
    bool pools_split;             /* rf.collectors_sfu/_mem given */
    uint32_t collector_reads;     /* rf.collector_reads: 0 = no limit */
    uint32_t ibuffer;             /* sm.ibuffer: 0 = ideal fetch */
    uint32_t rf_arbiter;          /* banks served per cycle, 0: all */
    enum bank_map bank_map;
    enum write_policy l1_write_global, l1_write_local;
    uint32_t shmem_banks, shmem_latency;
    uint32_t l1_size, l1_ways, l1_line, l1_repl, l1_latency, l1_mshrs,
             l1_mshr_merge, l1_miss_queue;
    bool l1_alloc_on_miss;        /* l1d.allocate = miss */
    bool l1_write_allocate;       /* l1d.write_allocate */
    uint32_t l1_set_hash;         /* enum cache_index (l1d.set_hash) */
    bool l1_perfect;              /* l1d.perfect: every load hits */
    uint32_t icnt_latency, icnt_flit;
    bool icnt_input_queued;       /* icnt.queues = input */
    uint32_t l2_slices, l2_size, l2_ways, l2_line, l2_latency, l2_mshrs;
    bool l2_sectored, l2_alloc_on_miss;
    bool l2_warm;                 /* l2.warm_on_write */
    bool l2_write_ack;            /* l2.write_ack */
    uint32_t dram_latency;        /* L2 -> DRAM scheduler delay, cycles */
    struct dram_cfg dram;
    uint32_t max_threads, max_warps, max_ctas, registers, shared_bytes;
    uint64_t max_cycles, seed;
    uint64_t fail_at;             /* debug.fail_at_cycle (tests the crash path) */
    uint32_t clock_mhz;
    struct eparams e;
    bool general_only;            /* issued instructions execute without
                                     the whole-warp fast paths (fctx; for
                                     tests: the same results) */
};

void tparams_init(struct tparams *p, const struct ws_config *c);

/* Collector pools: SP pipelines (and control), SFU, memory. Unless
   rf.collectors_sfu or rf.collectors_mem is set every class uses pool 0. */
enum { SM_POOL_SP, SM_POOL_SFU, SM_POOL_MEM, SM_POOLS };
static inline uint32_t tparams_pool(const struct tparams *p, uint32_t cls)
{
    if (!p->pools_split)
        return SM_POOL_SP;
    return cls == TC_SFU ? SM_POOL_SFU : cls == TC_MEM ? SM_POOL_MEM
                                                       : SM_POOL_SP;
}

/* Constraints between keys the model needs (l2.slices a multiple of
   dram.channels, cache sizes multiples of ways x line): WS_ERR with a
   diagnostic naming the keys. */
int tparams_check(const struct tparams *p, struct ws_diag *diag);

/* The class of an instruction (call-sequence .param moves and kernel
   parameter loads are register moves: TC_INT). */
enum tclass tclass_of(const struct kinst *ki);

const char *tclass_name(enum tclass c);

/* Energy in pJ of `mw` milliwatts of leakage over `cycles` core cycles. */
double leak_pj(const struct tparams *p, double mw, uint64_t cycles);

#endif
