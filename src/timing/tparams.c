/* tparams.c - timing parameters and instruction classes (see tparams.h). */
#include "timing/tparams.h"
#include <string.h>

void tparams_init(struct tparams *p, const struct ws_config *c)
{
    memset(p, 0, sizeof *p);
#define I(k) ((uint32_t)config_i(c, CK_##k))
    p->nsm = I(SM_COUNT);
    p->schedulers = I(SM_SCHEDULERS);
    p->active_warps = I(SCHED_ACTIVE_WARPS);
    p->policy = (enum sched_policy)config_e(c, CK_SCHED_POLICY);
    p->leave_on = (enum leave_on)config_e(c, CK_SCHED_LEAVE_ON);
    p->refill_skip_memory = config_e(c, CK_SCHED_REFILL) == 1;
    p->sp_units = I(SM_SP_UNITS);
    p->sfu_units = I(SM_SFU_UNITS);
    p->lat[TC_INT] = I(LAT_INT);
    p->lat[TC_IMUL] = I(LAT_IMUL);
    p->lat[TC_FP32] = I(LAT_FP32);
    p->lat[TC_FP64] = I(LAT_FP64);
    p->lat[TC_SFU] = I(LAT_SFU);
    p->lat[TC_DIV] = I(LAT_DIV);
    p->ii[TC_INT] = p->ii[TC_IMUL] = p->ii[TC_FP32] = I(II_SP);
    p->ii[TC_FP64] = I(II_FP64);
    p->ii[TC_SFU] = I(II_SFU);
    p->ii[TC_DIV] = I(II_DIV);
    p->ii[TC_MEM] = p->ii[TC_CTRL] = 1;
    /* sm.oc_pipeline: control instructions take an SP pipeline for one
       cycle (GPGPU-Sim's default latency of an instruction) */
    p->lat[TC_CTRL] = 1;
    p->rf_banks = I(RF_BANKS);
    p->rf_arbiter = I(RF_ARBITER);
    p->collectors = I(RF_COLLECTORS);
    p->oc_pipeline = config_b(c, CK_SM_OC_PIPELINE);
    p->pool_size[0] = p->collectors;
    p->pool_size[1] = I(RF_COLLECTORS_SFU);
    p->pool_size[2] = I(RF_COLLECTORS_MEM);
    p->pools_split = p->pool_size[1] || p->pool_size[2];
    if (!p->pool_size[1])
        p->pool_size[1] = p->collectors;   /* SFU shares the SP pool */
    if (!p->pool_size[2])
        p->pool_size[2] = p->collectors;
    p->collector_reads = I(RF_COLLECTOR_READS);
    p->ibuffer = I(SM_IBUFFER);
    p->bank_map = (enum bank_map)config_e(c, CK_RF_BANK_MAP);
    p->l1_write_global = (enum write_policy)config_e(c, CK_L1D_WRITE_GLOBAL);
    p->l1_write_local = (enum write_policy)config_e(c, CK_L1D_WRITE_LOCAL);
    p->shmem_banks = I(SHMEM_BANKS);
    p->shmem_latency = I(SHMEM_LATENCY);
    p->l1_size = I(L1D_SIZE);
    p->l1_ways = I(L1D_WAYS);
    p->l1_line = I(L1D_LINE);
    p->l1_repl = (uint32_t)config_e(c, CK_L1D_REPL);
    p->l1_latency = I(L1D_LATENCY);
    p->l1_perfect = config_b(c, CK_L1D_PERFECT);
    p->l1_mshrs = I(L1D_MSHRS);
    p->l1_mshr_merge = I(L1D_MSHR_MERGE);
    p->l1_miss_queue = I(L1D_MISS_QUEUE);
    p->l1_alloc_on_miss = config_e(c, CK_L1D_ALLOCATE) == 1;
    p->l1_write_allocate = config_b(c, CK_L1D_WRITE_ALLOCATE);
    p->l1_set_hash = (uint32_t)config_e(c, CK_L1D_SET_HASH);
    p->icnt_latency = I(ICNT_LATENCY);
    p->icnt_flit = I(ICNT_FLIT);
    p->icnt_input_queued = config_e(c, CK_ICNT_QUEUES) == 1;
    p->l2_slices = I(L2_SLICES);
    p->l2_size = I(L2_SIZE);
    p->l2_ways = I(L2_WAYS);
    p->l2_line = I(L2_LINE);
    p->l2_latency = I(L2_LATENCY);
    p->l2_mshrs = I(L2_MSHRS);
    p->l2_sectored = config_b(c, CK_L2_SECTORED);
    p->l2_alloc_on_miss = config_e(c, CK_L2_ALLOCATE) == 1;
    p->l2_warm = config_b(c, CK_L2_WARM_ON_WRITE);
    p->l2_write_ack = config_b(c, CK_L2_WRITE_ACK);
    p->dram_latency = I(DRAM_LATENCY);
    p->dram.channels = I(DRAM_CHANNELS);
    p->dram.banks = I(DRAM_BANKS);
    p->dram.row_bytes = I(DRAM_ROW_BYTES);
    p->dram.tCL = I(DRAM_TCL);
    p->dram.tRCD = I(DRAM_TRCD);
    p->dram.tRAS = I(DRAM_TRAS);
    p->dram.tRP = I(DRAM_TRP);
    p->dram.burst = I(DRAM_BURST);
    p->dram.queue = I(DRAM_QUEUE);
    p->dram.command = config_e(c, CK_DRAM_MODEL) == 1;
    p->dram.atom = I(DRAM_ATOM);
    p->dram.tCCD = I(DRAM_TCCD);
    p->dram.tRRD = I(DRAM_TRRD);
    p->dram.tRC = I(DRAM_TRC);
    p->dram.tWL = I(DRAM_TWL);
    p->dram.tCDLR = I(DRAM_TCDLR);
    p->dram.tWR = I(DRAM_TWR);
    p->dram.groups = I(DRAM_BANK_GROUPS);
    p->dram.tCCDL = I(DRAM_TCCDL);
    p->dram.tRTPL = I(DRAM_TRTPL);
    p->dram.return_queue = I(DRAM_RETURN_QUEUE);
    p->dram.core_mhz = I(SM_CLOCK_MHZ);
    p->dram.dram_mhz = I(DRAM_CLOCK_MHZ);
    p->max_threads = I(SM_MAX_THREADS);
    p->max_warps = I(SM_MAX_WARPS);
    p->max_ctas = I(SM_MAX_CTAS);
    if (I(SM_CTAS_LIMIT) && I(SM_CTAS_LIMIT) < p->max_ctas)
        p->max_ctas = I(SM_CTAS_LIMIT);   /* TLP throttle (sm.ctas_limit) */
    p->registers = I(SM_REGISTERS);
    p->shared_bytes = I(SM_SHARED_BYTES);
    p->clock_mhz = I(SM_CLOCK_MHZ);
    p->max_cycles = (uint64_t)config_i(c, CK_MAX_CYCLES);
    p->fail_at = (uint64_t)config_i(c, CK_DEBUG_FAIL_AT_CYCLE);
    p->seed = (uint64_t)config_i(c, CK_SEED);
#undef I
#define F(f, k) p->e.f = config_f(c, CK_E_##k)
    F(rf_read, RF_READ); F(rf_write, RF_WRITE); F(rf_leak, RF_LEAK);
    F(l1d_read, L1D_READ); F(l1d_write, L1D_WRITE); F(l1d_leak, L1D_LEAK);
    F(l1d_tag_read, L1D_TAG_READ); F(l1d_tag_write, L1D_TAG_WRITE);
    F(l1d_tag_leak, L1D_TAG_LEAK);
    F(l2_read, L2_READ); F(l2_write, L2_WRITE); F(l2_leak, L2_LEAK);
    F(l2_tag_read, L2_TAG_READ); F(l2_tag_write, L2_TAG_WRITE);
    F(l2_tag_leak, L2_TAG_LEAK);
    F(cerf_tag_read, CERF_TAG_READ); F(cerf_tag_write, CERF_TAG_WRITE);
    F(cerf_tag_leak, CERF_TAG_LEAK);
    F(shmem_wave, SHMEM_WAVE); F(coalescer, COALESCER);
#undef F
}

int tparams_check(const struct tparams *p, struct ws_diag *diag)
{
    if (p->l1_line & (p->l1_line - 1) || p->l2_line & (p->l2_line - 1))
        return diag_error(diag, NULL, 0, 0,
                          "configuration: line sizes must be powers of two (l1d.line = %u, l2.line = %u)",
                          p->l1_line, p->l2_line);
    if (p->l1_line > p->l2_line)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: l1d.line = %u is longer than l2.line = %u (an L1 fill is one L2 line)",
                          p->l1_line, p->l2_line);
    if (p->l2_slices % p->dram.channels)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: l2.slices = %u must be a multiple of dram.channels = %u (each channel serves the same number of slices)",
                          p->l2_slices, p->dram.channels);
    if (p->l1_size % (p->l1_ways * p->l1_line))
        return diag_error(diag, NULL, 0, 0,
                          "configuration: l1d.size = %u must be a multiple of l1d.ways x l1d.line = %u x %u",
                          p->l1_size, p->l1_ways, p->l1_line);
    if (p->l1_set_hash && p->l1_size) {
        uint32_t sets = p->l1_size / (p->l1_ways * p->l1_line);
        if ((sets != 32 && sets != 64) || p->l1_line != 128)
            return diag_error(diag, NULL, 0, 0,
                              "configuration: l1d.set_hash = fermi needs 128-byte lines and 32 or 64 sets (l1d.line = %u, %u sets)",
                              p->l1_line, sets);
    }
    if (p->dram.command && p->dram.groups > p->dram.banks)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: dram.bank_groups = %u exceeds dram.banks = %u",
                          p->dram.groups, p->dram.banks);
    if (p->l2_size % (p->l2_ways * p->l2_line))
        return diag_error(diag, NULL, 0, 0,
                          "configuration: l2.size = %u must be a multiple of l2.ways x l2.line = %u x %u",
                          p->l2_size, p->l2_ways, p->l2_line);
    return WS_OK;
}

double leak_pj(const struct tparams *p, double mw, uint64_t cycles)
{
    /* mW x (cycles / (MHz x 1e6)) s = mW x cycles / MHz x 1e-9 J */
    return mw * (double)cycles / (double)p->clock_mhz * 1000.0;
}

enum tclass tclass_of(const struct kinst *ki)
{
    uint8_t t = ki->m.type, t2 = ki->m.type2;
    bool f64 = t == PT_F64 || t2 == PT_F64;
    /* half precision runs on the f32 pipelines (HADD2, HFMA2) */
    bool flt = t == PT_F32 || t2 == PT_F32 || f64 ||
               ptx_type_is_half((enum ptx_type)t) ||
               ptx_type_is_half((enum ptx_type)t2);
    switch (ki->op) {
    case OP_LD:
    case OP_ST:
        if (ki->callparam || ki->space == KS_PARAM)
            return TC_INT;          /* register moves / constant operands */
        return TC_MEM;
    case OP_ATOM:
    case OP_RED:
        return TC_MEM;
    case OP_BRA: case OP_CALL: case OP_RET: case OP_EXIT: case OP_BAR:
    case OP_MEMBAR: case OP_FENCE:
        return TC_CTRL;
    case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_EX2: case OP_LG2:
    case OP_SIN: case OP_COS: case OP_TANH:
        if (f64 && !ki->m.approx)
            return TC_DIV;          /* IEEE f64 rcp/sqrt: long sequences */
        return TC_SFU;
    case OP_DIV: case OP_REM:
        if (flt && ki->m.approx)
            return TC_SFU;
        return TC_DIV;
    case OP_MUL: case OP_MAD: case OP_MUL24: case OP_MAD24: case OP_MADC:
    case OP_SAD: case OP_DP4A: case OP_DP2A: case OP_VMAD:
        return f64 ? TC_FP64 : flt ? TC_FP32 : TC_IMUL;
    default:
        return f64 ? TC_FP64 : flt ? TC_FP32 : TC_INT;
    }
}

const char *tclass_name(enum tclass c)
{
    static const char *n[TC__COUNT] = { "int", "imul", "fp32", "fp64", "sfu",
                                        "div", "mem", "ctrl" };
    return (unsigned)c < TC__COUNT ? n[c] : "?";
}
