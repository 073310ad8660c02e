/*
** tinycache.c - design `tinycache` (see tinycache.h): the lane part.
** Each global or shared access, lane by lane, in lane l's tinyCache:
**   - lanes whose space tinycache.policy does not cache, atomics,
**     volatile / .cg / .cv accesses and single-byte stores go past it;
**     all but the first evict the lane's copy of the line first (written
**     back if dirty), so the access sees the lane's own earlier writes;
**   - stores write their half-words (write-validate: a miss allocates
**     without fetching) and are done;
**   - loads whose half-words are there are served after
**     tinycache.latency cycles; loads of a line whose fetch is still on
**     its way are held until it arrives; the others fetch their line
**     (rm, rh(i)).
** The fetches go on as the access's remaining lanes: coalesced per L1
** line for global data (one L1 access brings every lane's 64-byte
** block); for shared data, the bank waves of the distinct blocks.
** Replaced lines leave as write-backs of their dirty half-words, those
** leaving together merged per block. Barriers, fences (unless
** tinycache.fence = ignore) and CTA exits write back and invalidate
** every line of the SM's 32 caches.
** Timing only: values were computed when the instruction issued, so racy
** programs still see coherent values (docs/designs/tinycache.md).
*/
#include "designs/tinycache.h"
#include "config/config.h"
#include "func/exec.h"
#include "timing/coalesce.h"
#include "util/diag.h"
#include "util/hash.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const bypass_names[TCB__COUNT] = { "policy", "atomic",
                                                       "uncached",
                                                       "byte_store" };
static const char *const flush_names[TCF__COUNT] = { "barrier", "fence",
                                                      "cta_exit" };
static const struct ev_fields line_fields = { "line", "lane", "mask", NULL,
                                              0 };
static const struct ev_fields flush_fields = { "cta", "reason", "writebacks",
                                               flush_names, TCF__COUNT };
static const struct ev_fields bypass_fields = { "line", "reason", "lane",
                                                bypass_names, TCB__COUNT };

static void tc_events(void)
{
    ev_register_fields("tinycache.fill", &line_fields);
    ev_register_fields("tinycache.writeback", &line_fields);
    ev_register_fields("tinycache.flush", &flush_fields);
    ev_register_fields("tinycache.bypass", &bypass_fields);
}

/* ---- life cycle ------------------------------------------------------- */

static void *tc_create(const struct seam_env *env)
{
    struct tc *t = ws_xcalloc(1, sizeof *t);
    const struct ws_config *c = env->cfg;
    t->env = *env;
    t->env.cfg = NULL;            /* valid during create only */
    int pol = config_e(c, CK_TINYCACHE_POLICY);
    t->cache_global = pol != 2;   /* bypass_global */
    t->cache_shared = pol != 1;   /* bypass_shared */
    t->fence_flush = config_e(c, CK_TINYCACHE_FENCE) == 0;
    t->latency = (uint32_t)config_i(c, CK_TINYCACHE_LATENCY);
    t->line = (uint32_t)config_i(c, CK_TINYCACHE_LINE);
    t->l1_line = env->p->l1_line;
    t->banks = env->p->shmem_banks;
    t->e_access = config_f(c, CK_TINYCACHE_ACCESS_PJ);
    t->e_fill = config_f(c, CK_TINYCACHE_FILL_PJ);
    t->e_wb = config_f(c, CK_TINYCACHE_WRITEBACK_PJ);
    t->e_leak = config_f(c, CK_TINYCACHE_LEAK_MW);
    for (int l = 0; l < WS_WARP; l++)
        tclane_init(&t->lane[l], (uint32_t)config_i(c, CK_TINYCACHE_ENTRIES),
                    (uint32_t)config_i(c, CK_TINYCACHE_WAYS), t->line);
    t->ev_fill = ev_register_fields("tinycache.fill", &line_fields);
    t->ev_wb = ev_register_fields("tinycache.writeback", &line_fields);
    t->ev_flush = ev_register_fields("tinycache.flush", &flush_fields);
    t->ev_bypass = ev_register_fields("tinycache.bypass", &bypass_fields);
    return t;
}

static void tc_destroy(void *self)
{
    struct tc *t = self;
    for (int l = 0; l < WS_WARP; l++)
        tclane_free(&t->lane[l]);
    for (uint32_t f = 0; f < t->nfill; f++)
        free(t->fill[f].wait);
    free(t->fill);
    free(t->hold);
    free(t->vb);
    free(t);
}

static void emit(struct tc *t, int type, int32_t warp, uint64_t addr,
                 int64_t a, int64_t b)
{
    if (type >= 0 && ev_wanted(t->env.bus, (enum ev_type)type)) {
        struct ws_event e = { (uint16_t)type, (int16_t)t->env.sm, warp,
                              *t->env.cycle, addr, a, b };
        evbus_deliver(t->env.bus, &e);
    }
}

/* ---- fetches on their way and the lanes waiting for them ---------------- */

static uint32_t fill_new(struct tc *t, uint32_t tag)
{
    uint32_t f = 0;
    while (f < t->nfill && t->fill[f].used)
        f++;
    if (f == t->nfill) {
        t->fill = ws_xrealloc(t->fill, (t->nfill + 1) * sizeof *t->fill);
        memset(&t->fill[f], 0, sizeof *t->fill);
        t->nfill++;
    }
    struct tc_fill *x = &t->fill[f];
    x->used = true;
    x->tag = tag;
    x->lanes = 0;
    x->nwait = 0;
    return f;
}

static uint32_t hold_new(struct tc *t, uint32_t tag, uint32_t left)
{
    uint32_t h = 0;
    while (h < t->nhold && t->hold[h].used)
        h++;
    if (h == t->nhold)
        t->hold = ws_xrealloc(t->hold, ++t->nhold * sizeof *t->hold);
    t->hold[h] = (struct tc_hold){ true, tag, left, 0 };
    return h;
}

static void fill_wait(struct tc *t, uint32_t f, uint32_t h)
{
    struct tc_fill *x = &t->fill[f];
    if (x->nwait == x->capwait) {
        x->capwait = x->capwait ? 2 * x->capwait : 4;
        x->wait = ws_xrealloc(x->wait, x->capwait * sizeof *x->wait);
    }
    x->wait[x->nwait++] = h;
}

/* Memory operation tag's answers are in: the lines it fetched are there,
   and the lanes waiting for them are ready a hit later. */
static void tc_arrived(void *self, uint32_t tag, uint64_t now)
{
    struct tc *t = self;
    uint32_t f = 0;
    while (f < t->nfill && !(t->fill[f].used && t->fill[f].tag == tag))
        f++;
    if (f == t->nfill)
        return;
    struct tc_fill *x = &t->fill[f];
    for (int l = 0; l < WS_WARP; l++) {
        if (!(x->lanes >> l & 1))
            continue;
        struct tcl_line *ln = &t->lane[l].l[x->line[l]];
        if (ln->fill == (int32_t)f)   /* still the line it fetched */
            ln->fill = -1;
    }
    for (uint32_t k = 0; k < x->nwait; k++) {
        struct tc_hold *h = &t->hold[x->wait[k]];
        h->left--;
        if (now + t->latency > h->ready)
            h->ready = now + t->latency;
    }
    x->used = false;
}

/* Answers the held operations whose data is ready. */
static void tc_tick(void *self, uint64_t now)
{
    struct tc *t = self;
    for (uint32_t h = 0; h < t->nhold; h++) {
        struct tc_hold *x = &t->hold[h];
        if (x->used && !x->left && x->ready <= now) {
            x->used = false;
            t->env.mem_done(t->env.ctx, x->tag, x->ready);
        }
    }
}

static uint64_t tc_next_event(void *self, uint64_t now)
{
    struct tc *t = self;
    uint64_t next = UINT64_MAX;
    for (uint32_t h = 0; h < t->nhold; h++) {
        const struct tc_hold *x = &t->hold[h];
        if (x->used && !x->left && x->ready < next)
            next = x->ready;
    }
    return next <= now ? now + 1 : next;
}

static uint32_t tc_pending(void *self)
{
    struct tc *t = self;
    uint32_t n = 0;
    for (uint32_t h = 0; h < t->nhold; h++)
        n += t->hold[h].used;
    return n;
}

/* ---- write-backs ------------------------------------------------------- */

/* A line leaving lane l: its dirty half-words join this reply's
   write-backs. */
static void victim(struct tc *t, uint32_t l, int32_t warp,
                   const struct tcl_victim *v)
{
    if (!v->valid || !v->mask)
        return;
    if (v->full)
        t->st.wb_full++;
    else
        t->st.wb_partial++;
    emit(t, t->ev_wb, warp, v->key.addr, l, (int64_t)v->mask);
    if (t->nvb == t->capvb) {
        t->capvb = t->capvb ? 2 * t->capvb : 64;
        t->vb = ws_xrealloc(t->vb, t->capvb * sizeof *t->vb);
    }
    t->vb[t->nvb++] = *v;
}

static int key_cmp(const void *pa, const void *pb)
{
    const struct tcl_key *a = &((const struct tcl_victim *)pa)->key;
    const struct tcl_key *b = &((const struct tcl_victim *)pb)->key;
    if (a->space != b->space)
        return a->space < b->space ? -1 : 1;
    if (a->cta != b->cta)
        return a->cta < b->cta ? -1 : 1;
    return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/* Sends the collected write-backs: lines of several lanes leaving
   together merge per block (their dirty half-word masks OR: different
   lanes wrote different words, or the same word in no defined order). */
static void send_writebacks(struct tc *t, struct lane_reply *out)
{
    if (!t->nvb)
        return;
    if (t->nvb > 64) {
        qsort(t->vb, t->nvb, sizeof *t->vb, key_cmp);
    } else {                      /* one access's: usually in lane order */
        for (uint32_t i = 1; i < t->nvb; i++) {
            struct tcl_victim v = t->vb[i];
            uint32_t j = i;
            for (; j > 0 && key_cmp(&t->vb[j - 1], &v) > 0; j--)
                t->vb[j] = t->vb[j - 1];
            t->vb[j] = v;
        }
    }
    uint32_t row = t->banks * 4, shared = 0;
    uint64_t last_l1 = UINT64_MAX;
    for (uint32_t i = 0; i < t->nvb;) {
        struct tcl_victim v = t->vb[i++];
        while (i < t->nvb && key_cmp(&t->vb[i], &v) == 0)
            v.mask |= t->vb[i++].mask;
        uint32_t bytes = 2 * (uint32_t)__builtin_popcountll(v.mask);
        t->st.wb_bytes += bytes;
        if (v.key.space == KS_SHARED) {
            shared = 1;
            t->st.waves_sent += (bytes + row - 1) / row;
        } else if (v.key.addr / t->l1_line != last_l1) {
            last_l1 = v.key.addr / t->l1_line;
            t->st.l1_sent++;      /* (sorted: one store per L1 line) */
        }
        if (out->nextra < LANE_MAX_EXTRA) {
            out->extra[out->nextra] = v.key.addr;
            out->extra_bytes[out->nextra] = bytes;
            out->extra_space[out->nextra++] = v.key.space;
        }
    }
    t->st.sh_sent += shared;
    t->nvb = 0;
}

/* Writes back and invalidates every line of every lane. */
static void flush(struct tc *t, enum tc_flush why, uint32_t cta, int32_t warp,
                  struct lane_reply *out)
{
    t->st.flushes[why]++;
    uint64_t before = t->st.wb_full + t->st.wb_partial;
    for (uint32_t l = 0; l < WS_WARP; l++) {
        struct tclane *c = &t->lane[l];
        for (uint32_t i = 0; i < c->sets * c->ways; i++) {
            struct tcl_victim v;
            if (tclane_evict(c, i, &v)) {
                t->st.flush_lines++;
                victim(t, l, warp, &v);
            }
        }
    }
    emit(t, t->ev_flush, warp, cta, why,
         (int64_t)(t->st.wb_full + t->st.wb_partial - before));
    send_writebacks(t, out);
}

static void tc_barrier(void *self, uint32_t cta, uint64_t now,
                       struct lane_reply *out)
{
    (void)now;
    flush(self, TCF_BARRIER, cta, -1, out);
}

static void tc_cta_exit(void *self, uint32_t cta, uint64_t now,
                        struct lane_reply *out)
{
    (void)now;
    flush(self, TCF_CTA_EXIT, cta, -1, out);
}

static void tc_fence(void *self, uint32_t w, uint32_t cta, uint64_t now,
                     struct lane_reply *out)
{
    struct tc *t = self;
    (void)now;
    if (t->fence_flush)
        flush(t, TCF_FENCE, cta, (int32_t)w, out);
}

/* The kernel is over: the last CTA exit left every line invalid. */
static void tc_invalidate(void *self)
{
    struct tc *t = self;
    for (uint32_t l = 0; l < WS_WARP; l++) {
        struct tclane *c = &t->lane[l];
        for (uint32_t i = 0; i < c->sets * c->ways; i++) {
            struct tcl_victim v;
            tclane_evict(c, i, &v);
        }
    }
}

/* ---- accesses ------------------------------------------------------------ */

/* Why the access goes past the caches, or TCB__COUNT. */
static enum tc_bypass bypass_reason(const struct tc *t,
                                    const struct lane_req *q)
{
    const struct fmemrec *r = q->rec;
    if (!(r->space == KS_SHARED ? t->cache_shared : t->cache_global))
        return TCB_POLICY;
    if (r->atomic)
        return TCB_ATOMIC;
    if (q->uncached)
        return TCB_UNCACHED;
    if (r->store && r->size == 1)
        return TCB_BYTE;
    return TCB__COUNT;
}

/* Global accesses the L1D sees as loads or stores (not atomics, which go
   to L2, nor uncached loads, which bypass it), as transactions. */
static uint32_t l1_transactions(const struct tc *t, const struct lane_req *q,
                                uint32_t mask)
{
    const struct fmemrec *r = q->rec;
    if (!mask || r->atomic || (q->uncached && !r->store))
        return 0;
    uint64_t out[COALESCE_MAX];
    return coalesce(r->addr, mask, r->size, t->l1_line, out, NULL);
}

/* Bank waves of shared-memory fills: every distinct block the lanes in
   mask fetch, all its words (blocks read once, broadcast to the lanes). */
static uint32_t fill_waves(const struct tc *t, const struct fmemrec *r,
                           uint32_t mask)
{
    uint32_t cnt[64] = { 0 }, degree = 0, banks = t->banks > 64 ? 64 : t->banks;
    uint64_t seen[32];
    uint32_t n = 0;
    for (int l = 0; l < WS_WARP; l++) {
        if (!(mask >> l & 1))
            continue;
        uint64_t b = r->addr[l] - r->addr[l] % t->line;
        uint32_t k = 0;
        while (k < n && seen[k] != b)
            k++;
        if (k < n)
            continue;
        seen[n++] = b;
        for (uint64_t w = b / 4; w < (b + t->line) / 4; w++)
            if (++cnt[w % banks] > degree)
                degree = cnt[w % banks];
    }
    return degree;
}

/* One lane going past its cache: all but the policy's bypass first evict
   its copy of the line. */
static void bypass_lane(struct tc *t, uint32_t l, const struct tcl_key *k,
                        enum tc_bypass why, int32_t warp)
{
    t->st.bypass[why]++;
    emit(t, t->ev_bypass, warp, k->addr, why, l);
    int32_t i = why == TCB_POLICY ? -1 : tclane_find(&t->lane[l], k);
    if (i < 0)
        return;
    struct tcl_victim v;
    tclane_evict(&t->lane[l], (uint32_t)i, &v);
    t->st.bypass_evictions++;
    victim(t, l, warp, &v);
}

/* Lanes held for fetches on their way: one hold waiting for each
   distinct fetch. */
static void hold_for(struct tc *t, uint32_t tag, const uint32_t *fills,
                     uint32_t n)
{
    uint32_t h = hold_new(t, tag, n);
    for (uint32_t k = 0; k < n; k++)
        fill_wait(t, fills[k], h);
}

/* What a read did to its lane. */
enum tc_read { TCR_SERVED, TCR_HELD, TCR_FETCHED };

/* A read of half-words `bits` of line k by lane l of memory operation
   tag: a hit, a hit waiting for the fetch on its way (added to wait[],
   once each), or a fetch joining the operation's record *f. */
static enum tc_read read_lane(struct tc *t, uint32_t l,
                              const struct tcl_key *k, uint64_t bits,
                              uint32_t tag, int32_t warp, int32_t *f,
                              uint32_t *wait, uint32_t *nwait)
{
    struct tclane *c = &t->lane[l];
    int32_t i = tclane_find(c, k);
    if (i >= 0 && c->l[i].fill >= 0 && !tclane_present(c, &c->l[i], bits)) {
        uint32_t fi = (uint32_t)c->l[i].fill, j = 0;
        while (j < *nwait && wait[j] != fi)
            j++;
        if (j == *nwait)
            wait[(*nwait)++] = fi;
        tclane_touch(c, (uint32_t)i);
        t->st.edges[TCL_RH]++;
        return TCR_HELD;
    }
    struct tcl_result res;
    tclane_read_at(c, k, i, bits, &res);
    t->st.edges[res.edge]++;
    victim(t, l, warp, &res.victim);
    if (!res.fetch)
        return TCR_SERVED;
    if (*f < 0)
        *f = (int32_t)fill_new(t, tag);
    t->fill[*f].lanes |= 1u << l;
    t->fill[*f].line[l] = (uint16_t)res.line;
    c->l[res.line].fill = *f;
    t->st.fills[k->space == KS_SHARED]++;
    emit(t, t->ev_fill, warp, k->addr, l, (int64_t)c->l[res.line].mask);
    return TCR_FETCHED;
}

/* Counts what the L1D and shared memory would have seen of the access
   without the caches; returns the L1D's transactions. */
static uint32_t would_be(struct tc *t, const struct lane_req *q)
{
    const struct fmemrec *r = q->rec;
    if (r->space == KS_SHARED) {
        t->st.sh_would++;
        t->st.waves_would += shmem_degree(r->addr, r->mask, r->size, t->banks,
                                          r->atomic);
        return 0;
    }
    uint32_t n = l1_transactions(t, q, r->mask);
    t->st.l1_would += n;
    return n;
}

static void tc_access(void *self, const struct lane_req *q, uint64_t now,
                      struct lane_reply *out)
{
    struct tc *t = self;
    const struct fmemrec *r = q->rec;
    int sp = r->space == KS_SHARED;
    int32_t warp = (int32_t)q->warp;
    enum tc_bypass why = bypass_reason(t, q);
    t->st.insts[sp]++;
    t->st.lanes[sp] += (uint32_t)__builtin_popcount(r->mask);
    uint32_t would = would_be(t, q);
    uint32_t got[3] = { 0 }, nwait = 0, wait[32];
    int32_t f = -1;
    for (uint32_t l = 0; l < WS_WARP; l++) {
        if (!(r->mask >> l & 1))
            continue;
        uint64_t a = r->addr[l], off = a & (t->line - 1); /* a power of two */
        struct tcl_key k = { a - off, sp ? q->cta : 0, r->space };
        if (why != TCB__COUNT) {
            bypass_lane(t, l, &k, why, warp);
            continue;
        }
        uint64_t bits = tclane_bits(&t->lane[l], (uint32_t)off, r->size);
        if (r->store) {
            struct tcl_result res;
            tclane_write(&t->lane[l], &k, bits, &res);
            t->st.edges[res.edge]++;
            victim(t, l, warp, &res.victim);
            got[TCR_SERVED] |= 1u << l;
        } else {
            got[read_lane(t, l, &k, bits, q->tag, warp, &f, wait, &nwait)] |=
                1u << l;
        }
    }
    uint32_t served = got[TCR_SERVED], held = got[TCR_HELD];
    t->st.served[sp] += (uint32_t)__builtin_popcount(served);
    t->st.held[sp] += (uint32_t)__builtin_popcount(held);
    out->served = served;
    out->ready = now + t->latency;
    out->held = held;
    out->notify = got[TCR_FETCHED] != 0;
    if (held)
        hold_for(t, q->tag, wait, nwait);
    uint32_t rest = r->mask & ~served & ~held;
    if (sp && got[TCR_FETCHED])
        out->waves = fill_waves(t, r, got[TCR_FETCHED]);
    if (sp && rest) {
        t->st.sh_sent++;
        t->st.waves_sent += out->waves ? out->waves
                                       : shmem_degree(r->addr, rest, r->size,
                                                      t->banks, r->atomic);
    } else if (!sp) {
        t->st.l1_sent += rest == r->mask ? would
                                         : l1_transactions(t, q, rest);
    }
    send_writebacks(t, out);
}

/* ---- statistics, energy, state hash --------------------------------------- */

static void add2(struct jv *o, const char *key, const uint64_t *v)
{
    char k[64];
    snprintf(k, sizeof k, "%s_global", key);
    jv_add_int(o, k, (int64_t)v[0]);
    snprintf(k, sizeof k, "%s_shared", key);
    jv_add_int(o, k, (int64_t)v[1]);
}

static struct jv *sub_obj(struct jv *o, const char *key)
{
    struct jv *s = jv_get(o, key);
    return s ? s : jv_set(o, key, jv_obj());
}

static void tc_stats(void *self, struct jv *o)
{
    const struct tc *t = self;
    const struct tc_stats *s = &t->st;
    add2(o, "instructions", s->insts);
    add2(o, "accesses", s->lanes);
    add2(o, "served", s->served);
    add2(o, "hits_under_fill", s->held);
    add2(o, "fills", s->fills);
    jv_set(o, "hit_rate_global", jv_num(0));
    jv_set(o, "hit_rate_shared", jv_num(0));
    struct jv *e = sub_obj(o, "transitions");
    for (int i = 0; i < TCL__EDGES; i++)
        jv_add_int(e, tclane_edge_name((enum tcl_edge)i), (int64_t)s->edges[i]);
    jv_add_int(o, "writebacks_partial", (int64_t)s->wb_partial);
    jv_add_int(o, "writebacks_full", (int64_t)s->wb_full);
    jv_add_int(o, "writeback_bytes", (int64_t)s->wb_bytes);
    jv_add_int(o, "barrier_flushes", (int64_t)s->flushes[TCF_BARRIER]);
    jv_add_int(o, "fence_flushes", (int64_t)s->flushes[TCF_FENCE]);
    jv_add_int(o, "cta_exit_invalidations",
               (int64_t)s->flushes[TCF_CTA_EXIT]);
    jv_add_int(o, "flushed_lines", (int64_t)s->flush_lines);
    struct jv *b = sub_obj(o, "bypass");
    for (int i = 0; i < TCB__COUNT; i++)
        jv_add_int(b, bypass_names[i], (int64_t)s->bypass[i]);
    jv_add_int(o, "bypass_evictions", (int64_t)s->bypass_evictions);
    jv_add_int(o, "l1d_would_be", (int64_t)s->l1_would);
    jv_add_int(o, "l1d_sent", (int64_t)s->l1_sent);
    jv_set(o, "l1d_filtered", jv_num(0));
    jv_add_int(o, "shmem_would_be", (int64_t)s->sh_would);
    jv_add_int(o, "shmem_sent", (int64_t)s->sh_sent);
    jv_set(o, "shmem_filtered", jv_num(0));
    jv_add_int(o, "shmem_waves_would_be", (int64_t)s->waves_would);
    jv_add_int(o, "shmem_waves_sent", (int64_t)s->waves_sent);
    jv_set(o, "shmem_waves_filtered", jv_num(0));
}

static double share(double part, double whole)
{
    return whole > 0 ? part / whole : 0.0;
}

/* Rates from the sums: the share of would-be L1D and shared-memory
   accesses the caches filtered (1 - sent / would be: may be negative
   when fills and write-backs outnumber the accesses saved), and the
   share of cached lane accesses served without a fetch. */
static void tc_ratios(struct jv *sec, const struct jv *all,
                      const struct tparams *p, uint64_t cycles)
{
    (void)all, (void)p, (void)cycles;
    static const char *const sp[2] = { "global", "shared" };
    for (int i = 0; i < 2; i++) {
        char k[64];
        snprintf(k, sizeof k, "served_%s", sp[i]);
        double hits = jv_num_at(sec, k);
        snprintf(k, sizeof k, "hits_under_fill_%s", sp[i]);
        hits += jv_num_at(sec, k);
        snprintf(k, sizeof k, "fills_%s", sp[i]);
        double looked = hits + jv_num_at(sec, k);
        snprintf(k, sizeof k, "hit_rate_%s", sp[i]);
        jv_set(sec, k, jv_num(share(hits, looked)));
    }
    static const char *const f[3][3] = {
        { "l1d_filtered", "l1d_sent", "l1d_would_be" },
        { "shmem_filtered", "shmem_sent", "shmem_would_be" },
        { "shmem_waves_filtered", "shmem_waves_sent", "shmem_waves_would_be" },
    };
    for (int i = 0; i < 3; i++) {
        double would = jv_num_at(sec, f[i][2]);
        jv_set(sec, f[i][0],
               jv_num(would > 0 ? 1.0 - jv_num_at(sec, f[i][1]) / would : 0.0));
    }
}

/* Every lane access that looks its cache up (all but the policy's
   bypasses), every fill and every line written back. */
static void tc_energy(void *self, const struct tparams *p, uint64_t cycles,
                      struct jv *o)
{
    const struct tc *t = self;
    const struct tc_stats *s = &t->st;
    double looked = (double)(s->lanes[0] + s->lanes[1] - s->bypass[TCB_POLICY]);
    jv_add_num(o, "tinycache", looked * t->e_access +
                                   leak_pj(p, t->e_leak, cycles));
    jv_add_num(o, "tinycache_fill", (double)(s->fills[0] + s->fills[1]) *
                                        t->e_fill);
    jv_add_num(o, "tinycache_writeback",
               (double)(s->wb_full + s->wb_partial) * t->e_wb);
}

static void tc_hash(void *self, uint64_t now, uint64_t *h)
{
    const struct tc *t = self;
    (void)now;
    for (int l = 0; l < WS_WARP; l++) {
        const struct tclane *c = &t->lane[l];
        for (uint32_t i = 0; i < c->sets * c->ways; i++) {
            const struct tcl_line *x = &c->l[i];
            ws_hash_u64(h, x->addr);
            ws_hash_u64(h, x->mask);
            ws_hash_u64(h, x->stamp);
            ws_hash_u64(h, (uint64_t)x->cta << 32 | (uint32_t)x->fill);
            ws_hash_u64(h, (uint64_t)x->state << 8 | x->space);
        }
    }
    for (uint32_t f = 0; f < t->nfill; f++)
        if (t->fill[f].used) {
            ws_hash_u64(h, (uint64_t)f << 32 | t->fill[f].tag);
            ws_hash_u64(h, (uint64_t)t->fill[f].lanes << 32 | t->fill[f].nwait);
        }
    for (uint32_t k = 0; k < t->nhold; k++)
        if (t->hold[k].used) {
            ws_hash_u64(h, (uint64_t)k << 32 | t->hold[k].tag);
            ws_hash_u64(h, t->hold[k].left);
            ws_hash_u64(h, t->hold[k].ready);
        }
}

/* ---- configuration check ------------------------------------------------- */

static int tc_check(const struct ws_config *c, const struct tparams *p,
                    struct ws_diag *diag)
{
    int64_t entries = config_i(c, CK_TINYCACHE_ENTRIES);
    int64_t ways = config_i(c, CK_TINYCACHE_WAYS);
    int64_t line = config_i(c, CK_TINYCACHE_LINE);
    if (entries % ways)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: tinycache.entries = %lld must be a multiple of tinycache.ways = %lld",
                          (long long)entries, (long long)ways);
    if (line & (line - 1))
        return diag_error(diag, NULL, 0, 0,
                          "configuration: tinycache.line = %lld must be a power of two",
                          (long long)line);
    if ((uint64_t)line > p->l1_line)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: tinycache.line = %lld is larger than l1d.line = %u (a line is filled from one L1D line)",
                          (long long)line, p->l1_line);
    return WS_OK;
}

static const struct lane_ops tc_lane_ops = {
    .part = {
        .name = "tinycache",
        .create = tc_create,
        .destroy = tc_destroy,
        .tick = tc_tick,
        .next_event = tc_next_event,
        .pending = tc_pending,
        .stats = tc_stats,
        .energy = tc_energy,
        .describe = tinycache_describe,
        .hash = tc_hash,
    },
    .access = tc_access,
    .arrived = tc_arrived,
    .barrier = tc_barrier,
    .cta_exit = tc_cta_exit,
    .fence = tc_fence,
    .invalidate = tc_invalidate,
};

const struct design tinycache_design = {
    .name = "tinycache",
    .summary = "an incoherent write-validate tinyCache per SIMT lane in front of the L1D and shared memory",
    .lane = &tc_lane_ops,
    .layout = "design",
    .keys = "tinycache",
    .ratios = tc_ratios,
    .check = tc_check,
    .facts = tinycache_facts,
    .events = tc_events,
    .cost = tinycache_bill,
};
