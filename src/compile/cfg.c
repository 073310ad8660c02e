/* cfg.c - basic blocks, dominators, post-dominators (see cfg.h). */
#include "compile/cfg.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

int32_t cfg_branch_target(const struct ptx_func *f, int32_t i)
{
    const struct ptx_inst *in = &f->insts.v[i];
    if (in->op != OP_BRA)
        return -1;
    return f->labels.v[in->o[0].sym].inst;
}

static int ends_block(const struct ptx_inst *in)
{
    return in->op == OP_BRA || in->op == OP_EXIT || in->op == OP_RET;
}

/* Graph in compressed adjacency form for the dominator solver. */
struct graph {
    int32_t n;
    int32_t *out_start, *out;   /* edges followed by the DFS */
    int32_t *in_start, *in;     /* reverse edges (predecessors) */
};

static void dfs_post(const struct graph *gr, int32_t root, int32_t *order,
                     int32_t *n, uint8_t *seen)
{
    /* Iterative DFS: stack of (node, next edge index). */
    int32_t *stk = ws_xmalloc(2 * (size_t)(gr->n + 1) * sizeof *stk);
    int32_t sp = 0;
    stk[sp++] = root;
    stk[sp++] = gr->out_start[root];
    seen[root] = 1;
    while (sp) {
        int32_t v = stk[sp - 2], e = stk[sp - 1];
        if (e < gr->out_start[v + 1]) {
            stk[sp - 1] = e + 1;
            int32_t w = gr->out[e];
            if (!seen[w]) {
                seen[w] = 1;
                stk[sp++] = w;
                stk[sp++] = gr->out_start[w];
            }
        } else {
            order[(*n)++] = v;
            sp -= 2;
        }
    }
    free(stk);
}

/*
** Cooper, Harvey & Kennedy, "A Simple, Fast Dominance Algorithm": iterate
** idom over reverse post-order until nothing changes. idom[root] = root
** during the solve; unreachable nodes stay -1.
*/
static void dominators(const struct graph *gr, int32_t root, int32_t *idom,
                       int32_t *rpo_out, int32_t *nrpo_out)
{
    int32_t *post = ws_xmalloc((size_t)gr->n * sizeof *post);
    int32_t *po_num = ws_xmalloc((size_t)gr->n * sizeof *po_num);
    uint8_t *seen = ws_xcalloc((size_t)gr->n, 1);
    int32_t np = 0;
    dfs_post(gr, root, post, &np, seen);
    for (int32_t i = 0; i < gr->n; i++) {
        idom[i] = -1;
        po_num[i] = -1;
    }
    for (int32_t i = 0; i < np; i++)
        po_num[post[i]] = i;
    idom[root] = root;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int32_t k = np - 2; k >= 0; k--) {   /* RPO without root */
            int32_t b = post[k];
            int32_t nd = -1;
            for (int32_t e = gr->in_start[b]; e < gr->in_start[b + 1]; e++) {
                int32_t p = gr->in[e];
                if (idom[p] < 0)
                    continue;
                if (nd < 0) {
                    nd = p;
                    continue;
                }
                int32_t x = p, y = nd;
                while (x != y) {
                    while (po_num[x] < po_num[y])
                        x = idom[x];
                    while (po_num[y] < po_num[x])
                        y = idom[y];
                }
                nd = x;
            }
            if (nd >= 0 && idom[b] != nd) {
                idom[b] = nd;
                changed = 1;
            }
        }
    }
    if (rpo_out) {
        for (int32_t i = 0; i < np; i++)
            rpo_out[i] = post[np - 1 - i];
        *nrpo_out = np;
    }
    free(post);
    free(po_num);
    free(seen);
}

static void make_graph(struct graph *gr, int32_t n, const int32_t *from,
                       const int32_t *to, int32_t ne)
{
    gr->n = n;
    gr->out_start = ws_xcalloc((size_t)n + 1, sizeof(int32_t));
    gr->in_start = ws_xcalloc((size_t)n + 1, sizeof(int32_t));
    gr->out = ws_xmalloc(((size_t)ne + 1) * sizeof(int32_t));
    gr->in = ws_xmalloc(((size_t)ne + 1) * sizeof(int32_t));
    for (int32_t e = 0; e < ne; e++) {
        gr->out_start[from[e] + 1]++;
        gr->in_start[to[e] + 1]++;
    }
    for (int32_t i = 0; i < n; i++) {
        gr->out_start[i + 1] += gr->out_start[i];
        gr->in_start[i + 1] += gr->in_start[i];
    }
    int32_t *fo = ws_xmalloc(((size_t)n + 1) * sizeof *fo);
    int32_t *fi = ws_xmalloc(((size_t)n + 1) * sizeof *fi);
    memcpy(fo, gr->out_start, ((size_t)n + 1) * sizeof *fo);
    memcpy(fi, gr->in_start, ((size_t)n + 1) * sizeof *fi);
    for (int32_t e = 0; e < ne; e++) {
        gr->out[fo[from[e]]++] = to[e];
        gr->in[fi[to[e]]++] = from[e];
    }
    free(fo);
    free(fi);
}

static void free_graph(struct graph *gr)
{
    free(gr->out_start);
    free(gr->in_start);
    free(gr->out);
    free(gr->in);
}

void cfg_build(const struct ptx_func *f, struct cfg *g)
{
    int32_t n = (int32_t)f->insts.n;
    memset(g, 0, sizeof *g);
    uint8_t *leader = ws_xcalloc((size_t)n + 1, 1);
    if (n > 0)
        leader[0] = 1;
    for (int32_t i = 0; i < n; i++) {
        int32_t t = cfg_branch_target(f, i);
        if (t >= 0 && t < n)
            leader[t] = 1;
        if (ends_block(&f->insts.v[i]) && i + 1 < n)
            leader[i + 1] = 1;
    }
    g->block_of = ws_xmalloc(((size_t)n + 1) * sizeof *g->block_of);
    int32_t nb = 0;
    for (int32_t i = 0; i < n; i++)
        nb += leader[i];
    g->nblocks = nb;
    g->b = ws_xcalloc((size_t)nb + 1, sizeof *g->b);
    int32_t cur = -1;
    for (int32_t i = 0; i < n; i++) {
        if (leader[i]) {
            cur++;
            g->b[cur].first = i;
        }
        g->b[cur].last = i;
        g->block_of[i] = cur;
    }
    g->block_of[n] = nb;    /* "after the end" is the exit node */
    free(leader);

    /* Successor edges. */
    int32_t *from = ws_xmalloc(2 * ((size_t)nb + 1) * sizeof *from);
    int32_t *to = ws_xmalloc(2 * ((size_t)nb + 1) * sizeof *to);
    int32_t ne = 0;
    for (int32_t b = 0; b < nb; b++) {
        struct cfg_block *bl = &g->b[b];
        const struct ptx_inst *last = &f->insts.v[bl->last];
        int32_t fall = bl->last + 1 < n ? g->block_of[bl->last + 1] : nb;
        bool guarded = last->guard >= 0;
        if (last->op == OP_BRA) {
            int32_t t = cfg_branch_target(f, bl->last);
            bl->succ[bl->nsucc++] = t < n ? g->block_of[t] : nb;
            if (guarded && bl->succ[0] != fall)
                bl->succ[bl->nsucc++] = fall;
        } else if (last->op == OP_EXIT || last->op == OP_RET) {
            bl->succ[bl->nsucc++] = nb;
            if (guarded && fall != nb)
                bl->succ[bl->nsucc++] = fall;
        } else {
            bl->succ[bl->nsucc++] = fall;
        }
        for (int s = 0; s < bl->nsucc; s++) {
            from[ne] = b;
            to[ne] = bl->succ[s];
            ne++;
        }
    }
    /* Predecessor lists of real blocks. */
    for (int32_t e = 0; e < ne; e++)
        if (to[e] < nb)
            g->b[to[e]].npred++;
    for (int32_t b = 0; b < nb; b++) {
        g->b[b].pred = ws_xmalloc(((size_t)g->b[b].npred + 1) * sizeof(int32_t));
        g->b[b].npred = 0;
    }
    for (int32_t e = 0; e < ne; e++)
        if (to[e] < nb)
            g->b[to[e]].pred[g->b[to[e]].npred++] = from[e];

    /* Dominators on the CFG (exit node included as a sink). */
    struct graph fw, bw;
    make_graph(&fw, nb + 1, from, to, ne);
    g->idom = ws_xmalloc(((size_t)nb + 1) * sizeof *g->idom);
    g->rpo = ws_xmalloc(((size_t)nb + 1) * sizeof *g->rpo);
    if (nb > 0) {
        dominators(&fw, 0, g->idom, g->rpo, &g->nrpo);
        g->idom[0] = -1;
    }
    /* Post-dominators: dominators of the reversed graph from exit. */
    make_graph(&bw, nb + 1, to, from, ne);
    g->ipdom = ws_xmalloc(((size_t)nb + 1) * sizeof *g->ipdom);
    dominators(&bw, nb, g->ipdom, NULL, NULL);
    for (int32_t b = 0; b < nb; b++)
        if (g->ipdom[b] < 0)
            g->ipdom[b] = nb;       /* cannot reach exit */
    g->ipdom[nb] = -1;
    free_graph(&fw);
    free_graph(&bw);
    free(from);
    free(to);
}

int cfg_dominates(const struct cfg *g, int32_t a, int32_t b)
{
    while (b >= 0) {
        if (a == b)
            return 1;
        b = g->idom[b];
    }
    return 0;
}

void cfg_free(struct cfg *g)
{
    if (g->b)
        for (int32_t i = 0; i < g->nblocks; i++)
            free(g->b[i].pred);
    free(g->b);
    free(g->block_of);
    free(g->idom);
    free(g->ipdom);
    free(g->rpo);
    memset(g, 0, sizeof *g);
}
