/* liveness.c - backward data-flow liveness (see liveness.h). */
#include "compile/liveness.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

static int add_unique(int32_t *out, int n, int32_t r)
{
    for (int i = 0; i < n; i++)
        if (out[i] == r)
            return n;
    if (n < LIVE_MAX_OPS)
        out[n++] = r;
    return n;
}

int live_uses(const struct ptx_inst *in, int32_t out[LIVE_MAX_OPS])
{
    int n = 0;
    if (in->guard >= 0)
        n = add_unique(out, n, in->guard);
    for (int k = 0; k < in->n; k++) {
        const struct ptx_opnd *o = &in->o[k];
        bool dst = k < in->nd;
        if (o->kind == OPK_ADDR && o->reg >= 0)
            n = add_unique(out, n, o->reg);   /* addresses are always read */
        if (dst)
            continue;
        if (o->kind == OPK_REG)
            n = add_unique(out, n, o->reg);
        else if (o->kind == OPK_VEC)
            for (int e = 0; e < o->nvec; e++)
                if (o->vec[e] >= 0)
                    n = add_unique(out, n, o->vec[e]);
    }
    return n;
}

int live_defs(const struct ptx_inst *in, int32_t out[LIVE_MAX_OPS])
{
    int n = 0;
    for (int k = 0; k < in->nd && k < in->n; k++) {
        const struct ptx_opnd *o = &in->o[k];
        if (o->kind == OPK_REG)
            n = add_unique(out, n, o->reg);
        else if (o->kind == OPK_VEC)
            for (int e = 0; e < o->nvec; e++)
                if (o->vec[e] >= 0)
                    n = add_unique(out, n, o->vec[e]);
    }
    return n;
}

void liveness_step(const struct ptx_inst *in, uint64_t *live)
{
    int32_t r[LIVE_MAX_OPS];
    if (in->guard < 0) {
        int nd = live_defs(in, r);
        for (int i = 0; i < nd; i++)
            live_del(live, r[i]);
    }
    int nu = live_uses(in, r);
    for (int i = 0; i < nu; i++)
        live_add(live, r[i]);
}

void liveness_compute(const struct ptx_func *f, const struct cfg *g,
                      struct liveness *lv)
{
    int32_t nb = g->nblocks;
    lv->nregs = (int32_t)f->regs.n;
    lv->words = ((size_t)lv->nregs + 63) / 64 + 1;
    lv->in = ws_xcalloc((size_t)nb + 1, lv->words * sizeof(uint64_t));
    lv->out = ws_xcalloc((size_t)nb + 1, lv->words * sizeof(uint64_t));
    uint64_t *tmp = ws_xmalloc(lv->words * sizeof(uint64_t));
    /* Iterate in post-order (reverse of RPO) until nothing changes. */
    bool changed = true;
    while (changed) {
        changed = false;
        for (int32_t k = g->nrpo - 1; k >= 0; k--) {
            int32_t b = g->rpo[k];
            if (b >= nb)
                continue;     /* the exit node */
            uint64_t *out = lv->out + (size_t)b * lv->words;
            const struct cfg_block *bl = &g->b[b];
            for (int s = 0; s < bl->nsucc; s++) {
                int32_t t = bl->succ[s];
                if (t >= nb)
                    continue;
                const uint64_t *tin = lv->in + (size_t)t * lv->words;
                for (size_t w = 0; w < lv->words; w++)
                    out[w] |= tin[w];
            }
            memcpy(tmp, out, lv->words * sizeof(uint64_t));
            for (int32_t i = bl->last; i >= bl->first; i--)
                liveness_step(&f->insts.v[i], tmp);
            uint64_t *in = lv->in + (size_t)b * lv->words;
            if (memcmp(in, tmp, lv->words * sizeof(uint64_t)) != 0) {
                memcpy(in, tmp, lv->words * sizeof(uint64_t));
                changed = true;
            }
        }
    }
    free(tmp);
}

void liveness_walk_block(const struct ptx_func *f, const struct cfg *g,
                         const struct liveness *lv, int32_t b,
                         void (*fn)(int32_t i, const uint64_t *live_after,
                                    void *ctx),
                         void *ctx)
{
    uint64_t *live = ws_xmalloc(lv->words * sizeof(uint64_t));
    memcpy(live, lv->out + (size_t)b * lv->words, lv->words * sizeof(uint64_t));
    for (int32_t i = g->b[b].last; i >= g->b[b].first; i--) {
        fn(i, live, ctx);
        liveness_step(&f->insts.v[i], live);
    }
    free(live);
}

void liveness_free(struct liveness *lv)
{
    free(lv->in);
    free(lv->out);
    memset(lv, 0, sizeof *lv);
}
