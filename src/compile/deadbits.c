/* deadbits.c - warp-level dead-operand bits (see deadbits.h). */
#include "compile/deadbits.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

struct walk {
    const struct ptx_func *f;
    const uint64_t *extra;    /* registers kept alive for parked lanes */
    size_t words;
    int32_t *count;           /* per instruction: dying registers */
    int32_t (*list)[LIVE_MAX_OPS];
};

static void collect(int32_t i, const uint64_t *live, void *vctx)
{
    struct walk *w = vctx;
    const struct ptx_inst *in = &w->f->insts.v[i];
    int32_t u[LIVE_MAX_OPS], d[LIVE_MAX_OPS];
    int nu = live_uses(in, u), nd = live_defs(in, d);
    for (int k = 0; k < nu; k++) {
        int32_t r = u[k];
        if (w->f->regs.v[r].type == PT_PRED)
            continue;
        bool redefined = false;
        for (int j = 0; j < nd; j++)
            redefined |= d[j] == r;
        if (redefined || live_has(live, r) || live_has(w->extra, r))
            continue;
        w->list[i][w->count[i]++] = r;
    }
}

void deadbits_compute(const struct ptx_func *f, const struct cfg *g,
                      const struct liveness *lv, struct deadbits *db)
{
    int32_t nb = g->nblocks, ni = (int32_t)f->insts.n;
    size_t words = lv->words;
    /* extra[b]: registers live at the resume points of every divergent
       region block b lies in. */
    uint64_t *extra = ws_xcalloc((size_t)nb + 1, words * sizeof(uint64_t));
    uint8_t *in_region = ws_xmalloc((size_t)nb + 1);
    int32_t *stack = ws_xmalloc(((size_t)nb + 1) * sizeof *stack);
    for (int32_t b = 0; b < nb; b++) {
        const struct cfg_block *bl = &g->b[b];
        const struct ptx_inst *br = &f->insts.v[bl->last];
        if (bl->nsucc < 2 || br->op != OP_BRA)
            continue;
        /* The SIMT stack runs the taken path first, then the fall-through
           path; both join at the post-dominator p. While the taken path
           runs, parked lanes resume at the fall-through entry or at p;
           while the fall-through path runs, only at p. */
        int32_t p = g->ipdom[b];
        int32_t taken = g->block_of[cfg_branch_target(f, bl->last)];
        int32_t fall = bl->last + 1 < ni ? g->block_of[bl->last + 1] : nb;
        uint64_t *at_p = ws_xcalloc(words, sizeof(uint64_t));
        uint64_t *at_fall = ws_xcalloc(words, sizeof(uint64_t));
        if (p < nb)
            memcpy(at_p, lv->in + (size_t)p * words, words * sizeof(uint64_t));
        memcpy(at_fall, at_p, words * sizeof(uint64_t));
        if (fall < nb)
            for (size_t w = 0; w < words; w++)
                at_fall[w] |= lv->in[(size_t)fall * words + w];
        for (int path = 0; path < 2; path++) {
            int32_t start = path == 0 ? taken : fall;
            const uint64_t *resume = path == 0 ? at_fall : at_p;
            if (start >= nb || start == p)
                continue;
            /* Blocks reachable from the path's entry without passing p. */
            memset(in_region, 0, (size_t)nb + 1);
            int32_t sp = 0;
            in_region[start] = 1;
            stack[sp++] = start;
            while (sp) {
                int32_t x = stack[--sp];
                for (size_t w = 0; w < words; w++)
                    extra[(size_t)x * words + w] |= resume[w];
                for (int s = 0; s < g->b[x].nsucc; s++) {
                    int32_t y = g->b[x].succ[s];
                    if (y < nb && y != p && !in_region[y]) {
                        in_region[y] = 1;
                        stack[sp++] = y;
                    }
                }
            }
        }
        free(at_p);
        free(at_fall);
    }
    struct walk w = { f, NULL, words, ws_xcalloc((size_t)ni + 1, sizeof(int32_t)),
                      ws_xcalloc((size_t)ni + 1, sizeof *w.list) };
    for (int32_t b = 0; b < nb; b++) {
        w.extra = extra + (size_t)b * words;
        liveness_walk_block(f, g, lv, b, collect, &w);
    }
    db->start = ws_xmalloc(((size_t)ni + 1) * sizeof *db->start);
    int32_t total = 0;
    for (int32_t i = 0; i < ni; i++) {
        db->start[i] = total;
        total += w.count[i];
    }
    db->start[ni] = total;
    db->reg = ws_xmalloc(((size_t)total + 1) * sizeof *db->reg);
    for (int32_t i = 0; i < ni; i++)
        memcpy(db->reg + db->start[i], w.list[i], (size_t)w.count[i] * sizeof(int32_t));
    free(w.count);
    free(w.list);
    free(extra);
    free(in_region);
    free(stack);
}

void deadbits_free(struct deadbits *db)
{
    free(db->start);
    free(db->reg);
    memset(db, 0, sizeof *db);
}
