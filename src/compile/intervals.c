/*
** intervals.c - register-interval formation (see intervals.h).
** Works on "units": instruction ranges that start as basic blocks (cut
** where code enters or leaves an inlined call) and are cut further when
** their registers overflow an interval. Worklists are FIFO and candidates
** are scanned in unit order, so the result is deterministic.
** The bound N holds for the whole interval, not only along each path:
** pass 1 keeps every interval's register union and tests a joining
** block's and each traversed instruction's registers against it (the
** paper's Algorithm 1 tests the union of the predecessors' output lists,
** the registers of one path; two sibling branches with disjoint registers
** would then pass and the interval's PREFETCH exceed the partition).
*/
#include "compile/intervals.h"
#include "compile/liveness.h"
#include "util/bits.h"
#include "util/minheap.h"
#include "util/vec.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

struct unit {
    int32_t first, last;
    VEC(int32_t) succ;
    VEC(int32_t) pred;
    int32_t iv;               /* pass-1 interval, -1 unknown */
    bool call_edge;           /* starts where inlined code begins or ends */
    uint64_t *own;            /* registers of its instructions (after
                                 pass 1) */
};

struct former {
    const struct kimage *k;
    uint32_t N;
    size_t words;
    VEC(struct unit) u;
    VEC(int32_t) work;        /* FIFO of unit ids */
    size_t head;
    int32_t niv;
    VEC(uint64_t *) ivregs;   /* pass 1: each interval's register union */
    uint64_t *tmp;
    /* pass 1: per unit, how many of its predecessor entries are in the
       interval `stamp` (counted as units join it) */
    VEC(int32_t) cnt;
    VEC(int32_t) stamp;
};

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static uint32_t popcnt(const uint64_t *s, size_t words)
{
    uint32_t n = 0;
    for (size_t w = 0; w < words; w++)
        n += ws_popcount64(s[w]);
    return n;
}

static void set_or(uint64_t *d, const uint64_t *s, size_t words)
{
    for (size_t w = 0; w < words; w++)
        d[w] |= s[w];
}

void intervals_inst_regs(const struct kimage *k, int32_t i, uint64_t *set)
{
    const struct ptx_inst *in = &k->flat.insts.v[i];
    int32_t r[LIVE_MAX_OPS];
    for (int pass = 0; pass < 2; pass++) {
        int n = pass ? live_defs(in, r) : live_uses(in, r);
        for (int j = 0; j < n; j++) {
            uint8_t t = k->flat.regs.v[r[j]].type;
            if (t == PT_PRED)
                continue;
            int32_t s = k->vreg_slot[r[j]];
            set[s >> 6] |= 1ULL << (s & 63);
            if (ptx_type_size((enum ptx_type)t) == 8)
                set[(s + 1) >> 6] |= 1ULL << ((s + 1) & 63);
        }
    }
}

static int32_t new_unit(struct former *F, int32_t first, int32_t last)
{
    struct unit x;
    memset(&x, 0, sizeof x);
    x.first = first;
    x.last = last;
    x.iv = -1;
    vec_push(&F->u, x);
    return (int32_t)F->u.n - 1;
}

static void link_units(struct former *F, int32_t a, int32_t b)
{
    vec_push(&F->u.v[a].succ, b);
    vec_push(&F->u.v[b].pred, a);
}

/* Cuts unit u before instruction at; returns the new unit [at, last]. */
static int32_t cut(struct former *F, int32_t u, int32_t at)
{
    int32_t v = new_unit(F, at, F->u.v[u].last);
    struct unit *U = &F->u.v[u], *V = &F->u.v[v];
    V->succ = U->succ;
    memset(&U->succ, 0, sizeof U->succ);
    for (size_t s = 0; s < V->succ.n; s++) {
        struct unit *S = &F->u.v[V->succ.v[s]];
        for (size_t p = 0; p < S->pred.n; p++)
            if (S->pred.v[p] == u)
                S->pred.v[p] = v;
    }
    U->last = at - 1;
    link_units(F, u, v);
    return v;
}

static void start_interval(struct former *F, int32_t u)
{
    F->u.v[u].iv = F->niv++;
    vec_push(&F->ivregs, ws_xcalloc(F->words, sizeof(uint64_t)));
    vec_push(&F->work, u);
}

/* TRAVERSE: add the unit's registers to its interval's union; cut before
   the instruction that would take the union over N (never before the
   unit's first: joins() checked that one, and an interval's head
   instruction stays in it whatever its size). */
static void traverse(struct former *F, int32_t u)
{
    uint64_t *list = F->tmp;
    uint64_t *regs = F->ivregs.v[F->u.v[u].iv];
    memcpy(list, regs, F->words * sizeof(uint64_t));
    for (int32_t i = F->u.v[u].first; i <= F->u.v[u].last; i++) {
        intervals_inst_regs(F->k, i, list);
        if (popcnt(list, F->words) > F->N && i > F->u.v[u].first) {
            start_interval(F, cut(F, u, i));
            return;                 /* regs holds the union before i */
        }
        memcpy(regs, list, F->words * sizeof(uint64_t));
    }
}

/* Can unit h join interval I? All its predecessors are in I, and I's
   registers with those of h's first instruction fit in N. */
static bool joins(struct former *F, int32_t h, int32_t I)
{
    const struct unit *H = &F->u.v[h];
    if (H->iv != -1 || H->pred.n == 0 || H->call_edge)
        return false;
    for (size_t p = 0; p < H->pred.n; p++)
        if (F->u.v[H->pred.v[p]].iv != I)
            return false;
    uint64_t *probe = F->tmp;
    memcpy(probe, F->ivregs.v[I], F->words * sizeof(uint64_t));
    intervals_inst_regs(F->k, H->first, probe);
    return popcnt(probe, F->words) <= F->N;
}

/*
** Unit x has joined interval I (and been traversed, so its successor
** list is final): each successor entry counts one of that unit's
** predecessor entries as in I; a unit with all of them in I becomes a
** candidate.
*/
static void admit(struct former *F, int32_t x, int32_t I,
                  struct minheap *cand)
{
    vec_reserve(&F->cnt, F->u.n);
    vec_reserve(&F->stamp, F->u.n);
    while (F->cnt.n < F->u.n) {
        vec_push(&F->cnt, 0);
        vec_push(&F->stamp, -1);
    }
    const struct unit *X = &F->u.v[x];
    for (size_t s = 0; s < X->succ.n; s++) {
        int32_t y = X->succ.v[s];
        const struct unit *Y = &F->u.v[y];
        if (Y->iv != -1 || Y->call_edge)
            continue;
        if (F->stamp.v[y] != I) {
            F->stamp.v[y] = I;
            F->cnt.v[y] = 0;
        }
        if (++F->cnt.v[y] == (int32_t)Y->pred.n)
            minheap_push(cand, (uint64_t)y);
    }
}

/* Algorithm 1's main loop: grows each interval on the worklist, then
   makes the units it enters new interval heads. */
static void grow(struct former *F)
{
    /* the candidates that may join: the lowest index first (the order the
       original scan over all ids found them in) */
    struct minheap cand = { 0 };
    VEC(int32_t) members = { 0 };
    while (F->head < F->work.n) {
        int32_t u = F->work.v[F->head++];
        int32_t I = F->u.v[u].iv;
        members.n = 0;
        cand.n = 0;
        traverse(F, u);
        vec_push(&members, u);
        admit(F, u, I, &cand);
        /* Grow: the lowest-numbered unit whose predecessors are all in
           I and whose registers fit joins, until none does. */
        while (cand.n) {
            int32_t h = (int32_t)minheap_pop(&cand);
            if (!joins(F, h, I))
                continue;       /* does not fit: it never will */
            F->u.v[h].iv = I;
            traverse(F, h);
            vec_push(&members, h);
            admit(F, h, I, &cand);
        }
        /* Blocks entered from this interval become new interval heads. */
        qsort(members.v, members.n, sizeof *members.v, cmp_i32);
        for (size_t m = 0; m < members.n; m++) {
            const struct unit *X = &F->u.v[members.v[m]];
            for (size_t s = 0; s < X->succ.n; s++) {
                int32_t y = X->succ.v[s];
                if (F->u.v[y].iv == -1)
                    start_interval(F, y);
            }
        }
    }
    minheap_free(&cand);
    vec_free(&members);
}

static void pass1(struct former *F)
{
    const struct kimage *k = F->k;
    const struct cfg *g = &k->cfg;
    /* Units: basic blocks cut where inlined code begins or ends. */
    int32_t *first_unit = ws_xmalloc(((size_t)g->nblocks + 1) * sizeof(int32_t));
    int32_t *last_unit = ws_xmalloc(((size_t)g->nblocks + 1) * sizeof(int32_t));
    for (int32_t b = 0; b < g->nblocks; b++) {
        int32_t start = g->b[b].first, prev = -1;
        for (int32_t i = g->b[b].first + 1; i <= g->b[b].last + 1; i++) {
            bool end = i > g->b[b].last ||
                       k->flat.insts.v[i].inlined_from !=
                           k->flat.insts.v[i - 1].inlined_from;
            if (!end)
                continue;
            int32_t u = new_unit(F, start, i - 1);
            F->u.v[u].call_edge = start > 0 &&
                k->flat.insts.v[start].inlined_from !=
                    k->flat.insts.v[start - 1].inlined_from;
            if (prev >= 0)
                link_units(F, prev, u);
            else
                first_unit[b] = u;
            prev = u;
            start = i;
        }
        last_unit[b] = prev;
    }
    for (int32_t b = 0; b < g->nblocks; b++)
        for (int s = 0; s < g->b[b].nsucc; s++)
            if (g->b[b].succ[s] < g->nblocks)
                link_units(F, last_unit[b], first_unit[g->b[b].succ[s]]);
    if (g->nblocks) {
        start_interval(F, first_unit[0]);
        grow(F);
    }
    /* Unreachable code: intervals of their own, grown the same way. */
    for (int32_t x = 0; x < (int32_t)F->u.n; x++)
        if (F->u.v[x].iv == -1) {
            start_interval(F, x);
            grow(F);
        }
    for (size_t x = 0; x < F->u.n; x++) {
        struct unit *U = &F->u.v[x];
        U->own = ws_xcalloc(F->words, sizeof(uint64_t));
        for (int32_t i = U->first; i <= U->last; i++)
            intervals_inst_regs(F->k, i, U->own);
    }
    free(first_unit);
    free(last_unit);
}

/* The interval graph of one pass-2 round: each interval's successors
   and predecessors, sorted and without repeats or self edges. */
struct igraph {
    int32_t *succ_at, *succ;      /* CSR: succ[succ_at[i] .. succ_at[i+1]) */
    int32_t *npred;
};

static void igraph_build(const struct former *F, int32_t n, struct igraph *G)
{
    size_t ne = 0;
    for (size_t x = 0; x < F->u.n; x++)
        ne += F->u.v[x].succ.n;
    int32_t (*e)[2] = ws_xmalloc((ne + 1) * sizeof *e);
    size_t k = 0;
    for (size_t x = 0; x < F->u.n; x++)
        for (size_t s = 0; s < F->u.v[x].succ.n; s++) {
            int32_t a = F->u.v[x].iv, b = F->u.v[F->u.v[x].succ.v[s]].iv;
            if (a != b) {
                e[k][0] = a;
                e[k][1] = b;
                k++;
            }
        }
    /* Sort by (from, to) with a counting pass on `from` and qsort within. */
    G->succ_at = ws_xcalloc((size_t)n + 2, sizeof *G->succ_at);
    for (size_t i = 0; i < k; i++)
        G->succ_at[e[i][0] + 1]++;
    for (int32_t i = 0; i < n; i++)
        G->succ_at[i + 1] += G->succ_at[i];
    int32_t *fill = ws_xmalloc(((size_t)n + 1) * sizeof *fill);
    memcpy(fill, G->succ_at, (size_t)n * sizeof *fill);
    G->succ = ws_xmalloc((k + 1) * sizeof *G->succ);
    for (size_t i = 0; i < k; i++)
        G->succ[fill[e[i][0]]++] = e[i][1];
    free(fill);
    free(e);
    G->npred = ws_xcalloc((size_t)n + 1, sizeof *G->npred);
    int32_t w = 0;
    for (int32_t i = 0; i < n; i++) {
        int32_t a = G->succ_at[i], b = G->succ_at[i + 1];
        qsort(G->succ + a, (size_t)(b - a), sizeof *G->succ, cmp_i32);
        G->succ_at[i] = w;
        for (int32_t j = a; j < b; j++)
            if (j == a || G->succ[j] != G->succ[j - 1]) {
                G->succ[w++] = G->succ[j];
                G->npred[G->succ[j]]++;
            }
    }
    G->succ_at[n] = w;
}

static void igraph_free(struct igraph *G)
{
    free(G->succ_at);
    free(G->succ);
    free(G->npred);
}

/* One round of Algorithm 2 over the current intervals; returns the new
   number of intervals and renumbers the units. */
static int32_t pass2_round(struct former *F, int32_t *head_unit)
{
    int32_t n = F->niv;
    size_t W = F->words;
    uint64_t *regs = ws_xcalloc((size_t)n + 1, W * sizeof(uint64_t));
    for (size_t x = 0; x < F->u.n; x++)
        set_or(regs + (size_t)F->u.v[x].iv * W, F->u.v[x].own, W);
    struct igraph G;
    igraph_build(F, n, &G);
    int32_t *next = ws_xmalloc(((size_t)n + 1) * sizeof *next);
    int32_t *cnt = ws_xcalloc((size_t)n + 1, sizeof *cnt);
    int32_t *stamp = ws_xmalloc(((size_t)n + 1) * sizeof *stamp);
    for (int32_t i = 0; i < n; i++)
        next[i] = stamp[i] = -1;
    int32_t *queue = ws_xmalloc(((size_t)n + 1) * sizeof *queue);
    int32_t qh = 0, qt = 0, ng = 0;
    uint64_t *gregs = ws_xcalloc((size_t)n + 1, W * sizeof(uint64_t));
    int32_t *ghead = ws_xmalloc(((size_t)n + 1) * sizeof *ghead);
    int32_t entry = F->u.n ? F->u.v[0].iv : 0;
    if (n > 0) {
        next[entry] = ng++;
        queue[qt++] = entry;
    }
    uint64_t *u = ws_xmalloc(W * sizeof(uint64_t));
    /* the candidates that may join: the lowest index first (the order the
       original scan over all ids found them in) */
    struct minheap cand = { 0 };
    VEC(int32_t) members = { 0 };
    while (qh < qt) {
        int32_t i = queue[qh++];
        int32_t gi = next[i];
        uint64_t *gr = gregs + (size_t)gi * W;
        memcpy(gr, regs + (size_t)i * W, W * sizeof(uint64_t));
        ghead[gi] = head_unit[i];
        members.n = 0;
        cand.n = 0;
        /* An interval joins the group when all its predecessors are in
           it and the union of working sets fits; the lowest-numbered
           such interval first, until none joins. */
        for (int32_t x = i;;) {
            vec_push(&members, x);
            for (int32_t j = G.succ_at[x]; j < G.succ_at[x + 1]; j++) {
                int32_t h = G.succ[j];
                if (next[h] != -1 || F->u.v[head_unit[h]].call_edge)
                    continue;
                if (stamp[h] != gi) {
                    stamp[h] = gi;
                    cnt[h] = 0;
                }
                if (++cnt[h] == G.npred[h])
                    minheap_push(&cand, (uint64_t)h);
            }
            for (x = -1; cand.n && x < 0;) {
                int32_t h = (int32_t)minheap_pop(&cand);
                memcpy(u, gr, W * sizeof(uint64_t));
                set_or(u, regs + (size_t)h * W, W);
                if (popcnt(u, W) > F->N)
                    continue;   /* does not fit: it never will */
                next[h] = gi;
                memcpy(gr, u, W * sizeof(uint64_t));
                x = h;
            }
            if (x < 0)
                break;
        }
        /* Intervals entered from the group start new groups. */
        qsort(members.v, members.n, sizeof *members.v, cmp_i32);
        for (size_t m = 0; m < members.n; m++) {
            int32_t a = members.v[m];
            for (int32_t j = G.succ_at[a]; j < G.succ_at[a + 1]; j++) {
                int32_t b = G.succ[j];
                if (next[b] == -1) {
                    next[b] = ng++;
                    queue[qt++] = b;
                }
            }
        }
    }
    for (int32_t i = 0; i < n; i++)     /* unreachable ones stay alone */
        if (next[i] == -1) {
            next[i] = ng++;
            ghead[next[i]] = head_unit[i];
        }
    for (size_t x = 0; x < F->u.n; x++)
        F->u.v[x].iv = next[F->u.v[x].iv];
    for (int32_t i = 0; i < ng; i++)
        head_unit[i] = ghead[i];
    free(u);
    free(regs);
    igraph_free(&G);
    free(next);
    free(cnt);
    free(stamp);
    free(queue);
    free(gregs);
    free(ghead);
    minheap_free(&cand);
    vec_free(&members);
    F->niv = ng;
    return ng;
}

void intervals_compute(const struct kimage *k, uint32_t N,
                       struct intervals *iv)
{
    struct former F;
    memset(&F, 0, sizeof F);
    F.k = k;
    F.N = N;
    F.words = ((size_t)k->nslots + 2 + 63) / 64;
    F.tmp = ws_xmalloc(F.words * sizeof(uint64_t));
    pass1(&F);
    memset(iv, 0, sizeof *iv);
    iv->N = N;
    iv->words = F.words;
    iv->pass1 = (uint32_t)F.niv;
    /* Each pass-1 interval's head is the unit that started it. */
    int32_t *head_unit = ws_xmalloc(((size_t)F.niv + 1) * sizeof(int32_t));
    for (int32_t i = 0; i < F.niv; i++)
        head_unit[i] = -1;
    for (size_t x = 0; x < F.u.n; x++) {
        int32_t i = F.u.v[x].iv;
        bool outside = F.u.v[x].pred.n == 0 || x == 0;
        for (size_t p = 0; p < F.u.v[x].pred.n; p++)
            outside |= F.u.v[F.u.v[x].pred.v[p]].iv != i;
        if (outside && head_unit[i] < 0)
            head_unit[i] = (int32_t)x;
    }
    int32_t *first = ws_xmalloc(((size_t)F.niv + 1) * sizeof(int32_t));
    for (int32_t i = 0; i < F.niv; i++)
        first[i] = -1;
    for (size_t x = 0; x < F.u.n; x++)
        if (first[F.u.v[x].iv] < 0)
            first[F.u.v[x].iv] = (int32_t)x;
    for (int32_t i = 0; i < F.niv; i++)  /* else its first unit */
        if (head_unit[i] < 0)
            head_unit[i] = first[i];
    free(first);
    int32_t before;
    do {
        before = F.niv;
        pass2_round(&F, head_unit);
        iv->rounds++;
    } while (F.niv < before);
    iv->n = (uint32_t)F.niv;
    iv->v = ws_xcalloc((size_t)F.niv + 1, sizeof *iv->v);
    iv->of_inst = ws_xmalloc(((size_t)k->ninst + 1) * sizeof *iv->of_inst);
    for (int32_t i = 0; i < F.niv; i++) {
        iv->v[i].regs = ws_xcalloc(F.words, sizeof(uint64_t));
        iv->v[i].head = F.u.v[head_unit[i]].first;
    }
    for (size_t x = 0; x < F.u.n; x++) {
        struct unit *U = &F.u.v[x];
        struct interval *I = &iv->v[U->iv];
        for (int32_t i = U->first; i <= U->last; i++) {
            iv->of_inst[i] = U->iv;
            I->static_insts++;
            intervals_inst_regs(k, i, I->regs);
        }
    }
    for (uint32_t i = 0; i < iv->n; i++)
        iv->v[i].nregs = popcnt(iv->v[i].regs, F.words);
    for (size_t x = 0; x < F.u.n; x++) {
        free(F.u.v[x].own);
        vec_free(&F.u.v[x].succ);
        vec_free(&F.u.v[x].pred);
    }
    vec_free(&F.u);
    vec_free(&F.work);
    vec_free(&F.cnt);
    vec_free(&F.stamp);
    free(F.tmp);
    for (size_t x = 0; x < F.ivregs.n; x++)
        free(F.ivregs.v[x]);
    vec_free(&F.ivregs);
    free(head_unit);
}

bool intervals_block_has(const struct kimage *k, const struct intervals *iv,
                         int32_t b, uint32_t id)
{
    for (int32_t i = k->cfg.b[b].first; i <= k->cfg.b[b].last; i++)
        if ((uint32_t)iv->of_inst[i] == id)
            return true;
    return false;
}

void intervals_free(struct intervals *iv)
{
    for (uint32_t i = 0; i < iv->n; i++)
        free(iv->v[i].regs);
    free(iv->v);
    free(iv->of_inst);
    memset(iv, 0, sizeof *iv);
}
