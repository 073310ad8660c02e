/*
** fuzz_kernel.c - libFuzzer harness for the functional model on any PTX.
** The input is a PTX file, loaded as fuzz_ptx loads it; then every kernel
** runs once in functional mode (sim.mode = functional), 2 CTAs of 64
** threads, so the per-opcode semantics (func/exec*.c) meet instructions,
** operand types and values no example has. Arguments: each 64-bit
** parameter points to its own 4 KB device buffer holding 0, 1, 2, ...
** (so loaded indices stay small), other scalars are 32; aggregates are
** zero. Faults (a bad address, a trap, a barrier deadlock) are ordinary
** errors; the budget is 2000 warp-instructions per launch.
*/
#include "fuzz-util.h"
#include "lua/preset-load.h"
#include "config/preset.h"
#include "sim/device.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define BUF_BYTES 4096

static struct fuzz_file file;
static struct ws_config cfg;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    wslua_use_for_presets();
    (void)argc;
    (void)argv;
    fuzz_datadir();
    fuzz_file_open(&file, "kernel.ptx");
    struct config_assigns cli = { 0 };
    struct ws_diag d = { 0 };
    static const char *const sets[] = {
        "sim.mode=functional", "limit.warp_instructions=2000", "mem.limit=4M",
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        config_assigns_parse(&cli, sets[i], &d);
    if (config_resolve(&cfg, NULL, &cli, &d) != WS_OK) {
        fprintf(stderr, "fuzz_kernel: cannot resolve the configuration: %s\n",
                d.msg ? d.msg : "?");
        abort();
    }
    config_assigns_free(&cli);
    return 0;
}

/* Queues one launch of kernel ki of module mi; WS_OK or WS_ERR. */
static int launch(struct ws_device *dev, int mi, int ki, struct ws_diag *d)
{
    const struct kimage *k = dev->modules.v[mi].kernels[ki];
    struct dev_launch l;
    memset(&l, 0, sizeof l);
    l.module = mi;
    l.kernel = ki;
    l.grid[0] = 2;
    l.grid[1] = l.grid[2] = 1;
    l.block[0] = 64;
    l.block[1] = l.block[2] = 1;
    l.params = ws_xcalloc(k->param_bytes + 8, 1);
    for (uint32_t i = 0; i < k->nparams; i++) {
        const struct kparam *p = &k->params[i];
        uint64_t v = 32;
        if (p->size == 8) {
            v = device_alloc(dev, BUF_BYTES, d);
            if (!v) {
                free(l.params);
                return WS_ERR;
            }
            uint32_t init[BUF_BYTES / 4];
            for (uint32_t j = 0; j < BUF_BYTES / 4; j++)
                init[j] = j;
            dmem_write(&dev->mem, v, init, sizeof init);
        } else if (p->size > 8) {
            continue;
        }
        memcpy(l.params + p->offset, &v, p->size);
    }
    return device_enqueue(dev, &l, d);
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
    if (mi >= 0) {
        for (int i = 0; i < dev.modules.v[mi].nkernels; i++) {
            diag_reset(&d);
            if (launch(&dev, mi, i, &d) == WS_OK && device_run(&dev, &d) == WS_OK) {
                struct jv *st = device_stats(&dev);
                jv_free(st);
            }
            diag_render(&d, &b);
        }
    }
    diag_render(&d, &b);
    sb_free(&b);
    diag_reset(&d);
    device_free(&dev);
    return 0;
}
