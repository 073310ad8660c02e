/*
** regalloc.c - greedy graph-colouring register allocation (see regalloc.h).
** Interference: a register defined by an instruction interferes with every
** register live after it (and with the instruction's other definitions);
** guarded definitions keep the old value live, so they interfere too.
** Registers are coloured in order of first definition in reverse
** post-order, each taking the lowest free register (or aligned pair) not
** used by an already coloured neighbour.
*/
#include "compile/regalloc.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VREGS 65536

struct ig {
    int32_t n;
    size_t words;
    uint64_t *m;         /* n x n adjacency bits */
};

static void edge(struct ig *g, int32_t a, int32_t b)
{
    if (a == b)
        return;
    g->m[(size_t)a * g->words + ((size_t)b >> 6)] |= 1ULL << (b & 63);
    g->m[(size_t)b * g->words + ((size_t)a >> 6)] |= 1ULL << (a & 63);
}

struct build_ctx {
    const struct ptx_func *f;
    struct ig *g;
};

static void interfere(int32_t i, const uint64_t *live, void *vctx)
{
    struct build_ctx *c = vctx;
    const struct ptx_inst *in = &c->f->insts.v[i];
    int32_t d[LIVE_MAX_OPS];
    int nd = live_defs(in, d);
    for (int k = 0; k < nd; k++) {
        for (int j = k + 1; j < nd; j++)
            edge(c->g, d[k], d[j]);
        for (size_t w = 0; w < c->g->words; w++) {
            uint64_t bits = live[w];
            while (bits) {
                int32_t r = (int32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
                bits &= bits - 1;
                if (r < c->g->n)
                    edge(c->g, d[k], r);
            }
        }
    }
}

static bool is_pred(const struct ptx_func *f, int32_t r)
{
    return f->regs.v[r].type == PT_PRED;
}

static bool is_wide(const struct ptx_func *f, int32_t r)
{
    return ptx_type_size((enum ptx_type)f->regs.v[r].type) == 8;
}

int regalloc_run(const struct ptx_func *f, const struct cfg *g,
                 const struct liveness *lv, struct regalloc *ra,
                 struct ws_diag *diag)
{
    int32_t n = (int32_t)f->regs.n;
    memset(ra, 0, sizeof *ra);
    if (n > MAX_VREGS)
        return diag_error(diag, NULL, 0, 0,
                          "the kernel uses %d registers; the allocator handles at most %d",
                          n, MAX_VREGS);
    struct ig ig = { n, ((size_t)n + 63) / 64 + 1, NULL };
    ig.m = ws_xcalloc((size_t)n + 1, ig.words * sizeof(uint64_t));
    struct build_ctx bc = { f, &ig };
    for (int32_t b = 0; b < g->nblocks; b++)
        liveness_walk_block(f, g, lv, b, interfere, &bc);
    /* Registers live into the entry block (read before any write) still
       need distinct homes. */
    const uint64_t *entry = g->nblocks ? lv->in : NULL;
    for (int32_t a = 0; entry && a < n; a++)
        if (live_has(entry, a))
            for (int32_t b = a + 1; b < n; b++)
                if (live_has(entry, b))
                    edge(&ig, a, b);

    /* Colouring order: first definition in reverse post-order. */
    int32_t *order = ws_xmalloc(((size_t)n + 1) * sizeof *order);
    uint8_t *seen = ws_xcalloc((size_t)n + 1, 1);
    int32_t no = 0;
    for (int32_t k = 0; k < g->nrpo; k++) {
        int32_t b = g->rpo[k];
        if (b >= g->nblocks)
            continue;
        for (int32_t i = g->b[b].first; i <= g->b[b].last; i++) {
            int32_t r[LIVE_MAX_OPS];
            int nr = live_defs(&f->insts.v[i], r);
            for (int j = 0; j < nr; j++)
                if (!seen[r[j]]) {
                    seen[r[j]] = 1;
                    order[no++] = r[j];
                }
            nr = live_uses(&f->insts.v[i], r);
            for (int j = 0; j < nr; j++)
                if (!seen[r[j]]) {
                    seen[r[j]] = 1;
                    order[no++] = r[j];
                }
        }
    }
    for (int32_t r = 0; r < n; r++)     /* never referenced */
        if (!seen[r])
            order[no++] = r;

    ra->slot = ws_xmalloc(((size_t)n + 1) * sizeof *ra->slot);
    for (int32_t r = 0; r < n; r++)
        ra->slot[r] = -1;
    /* Colours taken by neighbours, as a bitmap over physical registers;
       anything at or above the highest register used so far is free. */
    size_t cap = 64;
    uint8_t *busy = ws_xmalloc(cap);
    for (int32_t k = 0; k < no; k++) {
        int32_t r = order[k];
        bool pred = is_pred(f, r), wide = is_wide(f, r);
        size_t need = (size_t)(pred ? ra->npreds : ra->nregs) + 4;
        if (need > cap) {
            cap = need * 2;
            busy = ws_xrealloc(busy, cap);
        }
        memset(busy, 0, cap);
        const uint64_t *row = ig.m + (size_t)r * ig.words;
        for (size_t w = 0; w < ig.words; w++) {
            uint64_t bits = row[w];
            while (bits) {
                int32_t o = (int32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
                bits &= bits - 1;
                if (o >= n || ra->slot[o] < 0 || is_pred(f, o) != pred)
                    continue;
                int32_t s = ra->slot[o];
                int width = (!pred && is_wide(f, o)) ? 2 : 1;
                for (int q = 0; q < width; q++)
                    if ((size_t)(s + q) < cap)
                        busy[s + q] = 1;
            }
        }
        int32_t s = 0;
        if (wide) {
            while ((size_t)s + 1 < cap && (busy[s] || busy[s + 1]))
                s += 2;
        } else {
            while ((size_t)s < cap && busy[s])
                s++;
        }
        ra->slot[r] = s;
        uint32_t top = (uint32_t)s + (wide ? 2u : 1u);
        if (pred) {
            if (top > ra->npreds)
                ra->npreds = top;
        } else if (top > ra->nregs) {
            ra->nregs = top;
        }
    }
    free(busy);
    free(order);
    free(seen);
    free(ig.m);
    return WS_OK;
}

struct check_ctx {
    const struct ptx_func *f;
    const struct regalloc *ra;
    int32_t *owner;      /* physical register -> virtual register */
    uint32_t nphys;
    uint64_t *here;      /* the registers of the point being checked */
    size_t words;
    char *msg;
    size_t n;
    int bad;
};

static void check_point(int32_t i, const uint64_t *live, void *vctx)
{
    struct check_ctx *c = vctx;
    if (c->bad)
        return;
    const struct ptx_func *f = c->f;
    /* The registers live after i plus those i defines must be disjoint:
       visit them (not every register) in increasing order, and clear only
       the owners they took. */
    memcpy(c->here, live, c->words * sizeof(uint64_t));
    int32_t d[LIVE_MAX_OPS];
    int nd = live_defs(&f->insts.v[i], d);
    for (int k = 0; k < nd; k++)
        c->here[d[k] >> 6] |= 1ULL << (d[k] & 63);
    int32_t n = (int32_t)f->regs.n;
    for (size_t w = 0; w < c->words && !c->bad; w++) {
        for (uint64_t bits = c->here[w]; bits && !c->bad; bits &= bits - 1) {
            int32_t r = (int32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            if (r >= n || is_pred(f, r))
                continue;
            int width = is_wide(f, r) ? 2 : 1;
            for (int q = 0; q < width; q++) {
                uint32_t p = (uint32_t)c->ra->slot[r] + (uint32_t)q;
                if (p >= c->nphys)
                    continue;
                if (c->owner[p] >= 0) {
                    snprintf(c->msg, c->n,
                             "instruction %d (line %d): %s and %s are both live in physical register R%u",
                             i, f->insts.v[i].line, f->regs.v[c->owner[p]].name,
                             f->regs.v[r].name, p);
                    c->bad = 1;
                    break;
                }
                c->owner[p] = r;
            }
        }
    }
    for (size_t w = 0; w < c->words; w++)
        for (uint64_t bits = c->here[w]; bits; bits &= bits - 1) {
            int32_t r = (int32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            if (r >= n || is_pred(f, r))
                continue;
            for (int q = 0; q < (is_wide(f, r) ? 2 : 1); q++) {
                uint32_t p = (uint32_t)c->ra->slot[r] + (uint32_t)q;
                if (p < c->nphys)
                    c->owner[p] = -1;
            }
        }
}

int regalloc_check(const struct ptx_func *f, const struct cfg *g,
                   const struct liveness *lv, const struct regalloc *ra,
                   char *msg, size_t n)
{
    for (size_t r = 0; r < f->regs.n; r++) {
        if (ra->slot[r] < 0) {
            snprintf(msg, n, "%s has no register", f->regs.v[r].name);
            return 1;
        }
        if (!is_pred(f, (int32_t)r) && is_wide(f, (int32_t)r) &&
            (ra->slot[r] & 1)) {
            snprintf(msg, n, "64-bit %s is on an odd register", f->regs.v[r].name);
            return 1;
        }
    }
    struct check_ctx c = { f, ra, NULL, ra->nregs + 2, NULL, lv->words, msg, n, 0 };
    c.owner = ws_xmalloc((size_t)c.nphys * sizeof *c.owner);
    for (uint32_t p = 0; p < c.nphys; p++)
        c.owner[p] = -1;
    c.here = ws_xcalloc(lv->words + 1, sizeof(uint64_t));
    /* Values live on entry (read before written) need distinct homes too:
       check them as the point "before instruction 0". */
    if (g->nblocks && f->insts.n) {
        uint64_t *in0 = ws_xcalloc(lv->words, sizeof(uint64_t));
        memcpy(in0, lv->in, lv->words * sizeof(uint64_t));
        struct ptx_inst none;
        memset(&none, 0, sizeof none);
        none.guard = -1;
        struct ptx_func fake = *f;
        fake.insts.v = &none;
        fake.insts.n = 1;
        c.f = &fake;
        check_point(0, in0, &c);
        c.f = f;
        free(in0);
    }
    for (int32_t b = 0; b < g->nblocks && !c.bad; b++)
        liveness_walk_block(f, g, lv, b, check_point, &c);
    free(c.owner);
    free(c.here);
    return c.bad;
}

void regalloc_free(struct regalloc *ra)
{
    free(ra->slot);
    memset(ra, 0, sizeof *ra);
}
