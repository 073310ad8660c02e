/*
** fuzz_ptx.c - libFuzzer harness for the PTX front end and compiler.
** The input is a PTX file. It is loaded exactly as ws.load_ptx and
** `warpscope inspect` load one (device_load: parse, .const/.global layout,
** link, register allocation, decode, dead bits), and every kernel then goes
** through what inspect shows: the printed instructions with physical
** registers and live sets, the register-intervals and the racetrack
** mapping. Errors are rendered as the CLI would. Nothing is run.
*/
#include "fuzz-util.h"
#include "lua/preset-load.h"
#include "compile/intervals.h"
#include "compile/print.h"
#include "compile/rtmap.h"
#include "config/preset.h"
#include "sim/device.h"
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct fuzz_file file;
static struct ws_config cfg;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    wslua_use_for_presets();
    (void)argc;
    (void)argv;
    fuzz_datadir();
    fuzz_file_open(&file, "fuzz.ptx");
    /* The default configuration (the teach preset), resolved once. */
    struct ws_diag d = { 0 };
    if (config_resolve(&cfg, NULL, NULL, &d) != WS_OK) {
        fprintf(stderr, "fuzz_ptx: cannot resolve the default configuration: %s\n",
                d.msg ? d.msg : "?");
        abort();
    }
    return 0;
}

/* What inspect computes and prints for one kernel. */
static void inspect_kernel(const struct ws_device *dev, const struct kimage *k,
                           struct strbuf *b)
{
    struct intervals iv;
    intervals_compute(k, (uint32_t)config_i(&dev->cfg, CK_LTRF_REGS_PER_INTERVAL),
                      &iv);
    for (int32_t bi = 0; bi < k->cfg.nblocks; bi++) {
        const struct cfg_block *bl = &k->cfg.b[bi];
        print_regset(k, k->live_in + (size_t)bi * k->live_words, b);
        for (int32_t i = bl->first; i <= bl->last; i++) {
            const struct interval *I = &iv.v[iv.of_inst[i]];
            if (I->nregs > iv.N && I->static_insts > 1)
                abort();          /* the PREFETCH would overflow a partition */
            if (I->head == i)
                sb_printf(b, "interval %d: %u\n", iv.of_inst[i], I->nregs);
            print_inst(k, i, true, b);
            const struct kinst *ki = &k->insts[i];
            if (ki->op == OP_BRA) {
                int32_t tb = ki->target < k->ninst ? k->cfg.block_of[ki->target]
                                                    : k->cfg.nblocks;
                int32_t rb = ki->rpc < k->ninst ? k->cfg.block_of[ki->rpc]
                                                : k->cfg.nblocks;
                sb_printf(b, " B%d B%d", tb, rb);
            }
            sb_putc(b, '\n');
        }
        print_regset(k, k->live_out + (size_t)bi * k->live_words, b);
        for (uint32_t j = 0; j < iv.n; j++)
            if (intervals_block_has(k, &iv, bi, j))
                sb_putc(b, 'x');
    }
    uint32_t banks = (uint32_t)config_i(&dev->cfg, CK_RACETRACK_BANKS);
    uint32_t W = k->regs_per_thread
                     ? (uint32_t)(config_i(&dev->cfg, CK_SM_REGISTERS) /
                                  (k->regs_per_thread * 32))
                     : 1;
    uint32_t maxw = (uint32_t)config_i(&dev->cfg, CK_SM_MAX_WARPS);
    if (W > maxw)
        W = maxw;
    if (W == 0)
        W = 1;
    int32_t *trace;
    uint32_t *tbank;
    size_t tn = rtmap_static_trace(k, W, banks, RTMAP_WARP_REG, &trace, &tbank);
    struct rtmap rm;
    rtmap_from_trace(banks, (uint32_t)config_i(&dev->cfg, CK_RACETRACK_PORTS),
                     trace, tbank, tn, &rm);
    sb_printf(b, "S %llu %llu\n", (unsigned long long)rm.direct_S,
              (unsigned long long)rm.mapped_S);
    rtmap_free(&rm);
    free(trace);
    free(tbank);
    intervals_free(&iv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_file_set(&file, data, size);
    struct ws_device dev;
    device_init(&dev, &cfg);
    struct ws_diag d = { 0 };
    struct strbuf b;
    sb_init(&b);
    int mi = device_load(&dev, file.path, &d);
    if (mi < 0) {
        diag_render(&d, &b);
    } else {
        const struct dev_module *m = &dev.modules.v[mi];
        for (int i = 0; i < m->nkernels; i++)
            inspect_kernel(&dev, m->kernels[i], &b);
    }
    sb_free(&b);
    diag_reset(&d);
    device_free(&dev);
    return 0;
}
