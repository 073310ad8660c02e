/*
** dbg-core.c - what every file of the debugger reads: the cycle, output,
** the warp in a slot, the kernel running, a breakpoint by id, resetting
** a stop. Calls nothing else of the debugger.
*/
#include "debug/dbg-internal.h"
#include "sim/session.h"
#include "timing/gpu.h"
#include "timing/sm.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t dbg_cycle(const struct dbg *d)
{
    return d->s->dev.gpu ? gpu_cycle(d->s->dev.gpu) : 0;
}

int (*dbg_cmd_error)(struct dbg *d, const char *msg);

int dbg_error(struct dbg *d, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (dbg_cmd_error)
        return dbg_cmd_error(d, msg);
    dbg_printf(d, "error: %s\n", msg);
    return WS_ERR;
}

void dbg_printf(struct dbg *d, const char *fmt, ...)
{
    if (d->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    if (d->capture) {
        sb_vprintf(d->capture, fmt, ap);
    } else {
        vprintf(fmt, ap);
        fflush(stdout);
    }
    va_end(ap);
}

/* ---- where a warp is ------------------------------------------------ */

struct fwarp *dbg_warp(struct dbg *d, int sm, int slot, uint64_t *cta)
{
    struct gpu *g = d->s->dev.gpu;
    if (!g || sm < 0 || slot < 0)
        return NULL;
    return gpu_warp(g, (uint32_t)sm, (uint32_t)slot, NULL, cta);
}

const struct kimage *dbg_kernel(struct dbg *d)
{
    struct gpu *g = d->s->dev.gpu;
    const struct flaunch *L = g ? gpu_launch(g) : NULL;
    return L ? L->k : NULL;
}

const char *dbg_stall_name(struct dbg *d, int why)
{
    struct gpu *g = d ? d->s->dev.gpu : NULL;
    return g ? gpu_stall_name(g, why) : stall_name((enum stall)why);
}

struct bp *dbg_bp(struct dbg *d, int id)
{
    for (size_t i = 0; i < d->bps.n; i++)
        if (d->bps.v[i].id == id)
            return &d->bps.v[i];
    return NULL;
}

void dbg_stop_reset(struct dbg *d)
{
    free(d->stop.msg);
    memset(&d->stop, 0, sizeof d->stop);
}
