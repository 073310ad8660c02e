/*
** exec-env.c - what every instruction family reads besides its operands:
** the special registers (%tid, %laneid, %clock, ...), the table of lane
** bits, and the report of a lane's fault, which names the PTX line, the
** thread and its CTA. Kept apart from exec.c, the dispatcher, so that
** the families call into this file and exec.c calls into them, never
** both ways.
*/
#include "func/exec-internal.h"
#include <stdarg.h>
#include <stdio.h>

enum fx_status fx_fault(struct fctx *x, const struct fwarp *w,
                        const struct kinst *ki, int lane, const char *fmt, ...)
{
    const struct kimage *k = x->L->k;
    int32_t pc = (int32_t)(ki - k->insts);
    const struct ptx_inst *in = &k->flat.insts.v[pc];
    char msg[400], who[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fcta_describe_lane(x->cta, x->L, w, lane, who, sizeof who);
    char at[320];
    fx_cuda_at(k, in, at, sizeof at);
    diag_error(x->diag, k->mod->path, in->line, in->col,
               "in kernel '%s'%s, %s (warp %d lane %d): %s", k->name, at, who,
               w->wid, lane, msg);
    size_t len;
    const char *src = ptx_module_line(k->mod, in->line, &len);
    if (src)
        diag_source(x->diag, src, len, in->width);
    return FX_ERR;
}

void fx_cuda_at(const struct kimage *k, const struct ptx_inst *in, char *buf,
                size_t n)
{
    char cu[300];
    if (ptx_inst_cuda(k->mod, in, cu, sizeof cu))
        snprintf(buf, n, " at %s", cu);
    else
        snprintf(buf, n, "%s", "");
}

void fcta_describe_lane(const struct fcta *c, const struct flaunch *L,
                        const struct fwarp *w, int lane, char *buf, size_t n)
{
    uint32_t t = (uint32_t)w->wid * WS_WARP + (uint32_t)lane;
    uint32_t bx = L->block[0], by = L->block[1];
    snprintf(buf, n, "thread (%u,%u,%u) of CTA (%u,%u,%u)", t % bx,
             (t / bx) % by, t / (bx * by), c->ctaid[0], c->ctaid[1],
             c->ctaid[2]);
}

/* ---- special registers ----------------------------------------------- */

const uint32_t fx_lane_bit[WS_WARP] = {
    1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5, 1u << 6, 1u << 7,
    1u << 8, 1u << 9, 1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14,
    1u << 15, 1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21,
    1u << 22, 1u << 23, 1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28,
    1u << 29, 1u << 30, 1u << 31,
};

void fx_read_sreg(const struct fctx *x, const struct fwarp *w,
                  const struct kop *o, uint64_t *v)
{
    const struct flaunch *L = x->L;
    uint64_t u = 0;
    switch (o->sreg) {
    case SR_TID: {
        /* Thread t = 32 wid + l is (t % bx, t / bx % by, t / (bx by)):
           divided once, then counted up lane by lane. */
        uint32_t bx = L->block[0], by = L->block[1];
        uint32_t t = (uint32_t)w->wid * WS_WARP;
        uint32_t c[3] = { t % bx, t / bx % by, t / (bx * by) };
        int k = o->comp < 2 ? o->comp : 2;
        for (int l = 0; l < WS_WARP; l++) {
            v[l] = c[k];
            if (++c[0] == bx) {
                c[0] = 0;
                if (++c[1] == by) {
                    c[1] = 0;
                    c[2]++;
                }
            }
        }
        return;
    }
    case SR_LANEID:
        for (int l = 0; l < WS_WARP; l++)
            v[l] = (uint64_t)l;
        return;
    case SR_LANEMASK_EQ: case SR_LANEMASK_LT: case SR_LANEMASK_LE:
    case SR_LANEMASK_GT: case SR_LANEMASK_GE:
        for (int l = 0; l < WS_WARP; l++) {
            uint32_t eq = 1u << l, lt = eq - 1;
            uint32_t r = o->sreg == SR_LANEMASK_EQ ? eq
                         : o->sreg == SR_LANEMASK_LT ? lt
                         : o->sreg == SR_LANEMASK_LE ? lt | eq
                         : o->sreg == SR_LANEMASK_GT ? ~(lt | eq)
                                                     : ~lt;
            v[l] = r;
        }
        return;
    case SR_NTID: u = L->block[o->comp < 3 ? o->comp : 0]; break;
    case SR_CTAID: u = x->cta->ctaid[o->comp < 3 ? o->comp : 0]; break;
    case SR_NCTAID: u = L->grid[o->comp < 3 ? o->comp : 0]; break;
    case SR_WARPID: u = (uint64_t)w->hw_slot; break;
    case SR_NWARPID: u = (uint64_t)x->nwarpid; break;
    case SR_SMID: u = (uint64_t)x->smid; break;
    case SR_NSMID: u = (uint64_t)x->nsm; break;
    case SR_GRIDID: u = L->gridid; break;
    case SR_CLOCK: u = (uint32_t)x->clock; break;
    case SR_CLOCK64: u = x->clock; break;
    default: break;
    }
    for (int l = 0; l < WS_WARP; l++)
        v[l] = u;
}

