/*
** inspect-pc.c - which instruction a warp or a register request stands
** for (see inspect.h), for statistics per PTX line: the warp's next pc,
** and the in-flight instruction behind a register-bank request an event
** names by warp and register.
*/
#include "debug/inspect.h"
#include "timing/gpu-internal.h"
#include "timing/sm-internal.h"

static const struct sm *live_sm(const struct ws_device *d, int sm)
{
    const struct gpu *g = d->gpu;
    return g && sm >= 0 && (uint32_t)sm < g->p.nsm ? &g->sm[sm] : NULL;
}

int32_t inspect_warp_pc(const struct ws_device *d, int sm, int slot)
{
    const struct sm *s = live_sm(d, sm);
    if (!s || slot < 0 || (uint32_t)slot >= s->p->max_warps)
        return -1;
    const struct twarp *w = &s->w[slot];
    if (!w->used || !w->fw || w->fw->state == FW_DONE)
        return -1;
    return fx_pc(w->fw);
}

static bool has_reg(const uint16_t *regs, uint32_t n, uint32_t reg)
{
    for (uint32_t k = 0; k < n; k++)
        if (regs[k] == reg)
            return true;
    return false;
}

/* Instruction slot i is on the free list. */
static bool is_free(const struct sm *s, int32_t i)
{
    for (int32_t f = s->free_in; f >= 0; f = s->in[f].next)
        if (f == i)
            return true;
    return false;
}

int32_t inspect_request_pc(const struct ws_device *d, int sm, uint32_t warp,
                           uint32_t reg, bool write)
{
    const struct sm *s = live_sm(d, sm);
    if (!s)
        return -1;
    if (!write) {
        /* operand reads wait in collectors, oldest first */
        for (int32_t i = s->collecting.head; i >= 0; i = s->in[i].next) {
            const struct inst *in = &s->in[i];
            const struct tinst *t = &s->tinst[in->pc];
            if ((uint32_t)in->warp == warp && in->reads_asked &&
                in->nread < t->nsrc && has_reg(t->src, t->nsrc, reg))
                return in->pc;
        }
        return -1;
    }
    /* a result being written: in no queue; the scoreboard allows one
       writer of a register per warp, the oldest one when several match */
    int32_t best = -1;
    for (uint32_t i = 0; i < s->nin; i++) {
        const struct inst *in = &s->in[i];
        if ((uint32_t)in->warp != warp || in->pc < 0 || !s->launch ||
            in->pc >= s->launch->k->ninst)
            continue;               /* another warp's, or a stale slot */
        const struct tinst *t = &s->tinst[in->pc];
        if (in->nwritten >= t->ndst ||
            !has_reg(t->dst, t->ndst, reg) || is_free(s, (int32_t)i))
            continue;
        if (best < 0 || in->issued < s->in[best].issued)
            best = (int32_t)i;
    }
    return best >= 0 ? s->in[best].pc : -1;
}

bool inspect_inst_writes(const struct ws_device *d, int sm, int32_t pc,
                         uint32_t reg)
{
    const struct sm *s = live_sm(d, sm);
    if (!s || !s->launch || pc < 0 || pc >= s->launch->k->ninst)
        return false;
    const struct tinst *t = &s->tinst[pc];
    return has_reg(t->dst, t->ndst, reg);
}
