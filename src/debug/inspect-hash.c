/*
** inspect-hash.c - one 64-bit hash of the whole simulation state (see
** inspect_state_hash in inspect.h), for determinism tests and for
** checking that a replay or a reverse step reached the same state.
** Every value goes in as little-endian bytes of a fixed width, field by
** field: never a struct (padding), a pointer, or storage the model does
** not use (free pool entries, invalid cache lines, registers of lanes
** that do not exist). Objects that refer to each other by index are
** hashed with those indices, which are deterministic. Device memory is
** hashed by content, runs of all-zero pages by their length. Reads only.
*/
#include "debug/inspect.h"
#include "timing/cache.h"
#include "timing/gpu-internal.h"
#include "timing/sm-internal.h"
#include "util/hash.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

struct hs {
    uint64_t h;
};

static void h_u64(struct hs *s, uint64_t v)
{
    ws_hash_u64(&s->h, v);
}

static void h_bytes(struct hs *s, const void *p, size_t n)
{
    h_u64(s, n);
    s->h = ws_fnv1a(s->h, p, n);
}

static void h_str(struct hs *s, const char *str)
{
    h_bytes(s, str ? str : "", str ? strlen(str) : 0);
}

/* Statistics and launch records, as the JSON the user sees. */
static void h_json(struct hs *s, const struct jv *v)
{
    struct strbuf b;
    sb_init(&b);
    if (v)
        jv_write(v, &b, 0);
    h_bytes(s, sb_str(&b), b.len);
    sb_free(&b);
}

/* ---- device memory and launches -------------------------------------- */

static bool page_zero(const uint8_t *pg)
{
    static const uint8_t zero[DMEM_PAGE_SIZE];
    return memcmp(pg, zero, DMEM_PAGE_SIZE) == 0;
}

static void hash_dmem(struct hs *s, const struct dmem *m)
{
    h_u64(s, m->nallocs);
    uint64_t zrun = 0;
    for (size_t i = 0; i < m->nallocs; i++) {
        const struct dmem_alloc *a = &m->allocs[i];
        h_u64(s, a->addr);
        h_u64(s, a->size);
        /* by whole pages (past `size`, the last stays zero) */
        uint64_t n = (a->size + DMEM_PAGE_SIZE - 1) >> DMEM_PAGE_SHIFT;
        for (uint64_t k = 0; k < n; k++) {
            const uint8_t *pg = a->host + (k << DMEM_PAGE_SHIFT);
            if (page_zero(pg)) {
                zrun++;
                continue;
            }
            h_u64(s, zrun);
            zrun = 0;
            h_bytes(s, pg, DMEM_PAGE_SIZE);
        }
    }
    h_u64(s, zrun);
}

static void hash_record(struct hs *s, const struct launch_record *r)
{
    h_str(s, r->kernel);
    for (int i = 0; i < 3; i++) {
        h_u64(s, r->grid[i]);
        h_u64(s, r->block[i]);
    }
    h_u64(s, r->shared_bytes);
    h_u64(s, r->regs_per_thread);
    h_u64(s, r->ctas);
    h_u64(s, r->warp_instructions);
    h_u64(s, r->thread_instructions);
    h_u64(s, r->timed);
    h_u64(s, r->cycles);
    h_json(s, r->stats);
}

static void hash_launches(struct hs *s, const struct ws_device *d)
{
    h_u64(s, d->gridid);
    h_u64(s, d->done.n);
    for (size_t i = 0; i < d->done.n; i++)
        hash_record(s, &d->done.v[i]);
    h_u64(s, d->queue.n);
    for (size_t i = 0; i < d->queue.n; i++) {
        const struct dev_launch *l = &d->queue.v[i];
        h_u64(s, (uint64_t)l->module);
        h_u64(s, (uint64_t)l->kernel);
        for (int j = 0; j < 3; j++) {
            h_u64(s, l->grid[j]);
            h_u64(s, l->block[j]);
        }
        h_u64(s, l->dyn_shared);
        const struct kimage *k = d->modules.v[l->module].kernels[l->kernel];
        h_bytes(s, l->params, l->params ? k->param_bytes : 0);
    }
    const struct dev_run *r = &d->run;
    h_u64(s, r->active);
    h_u64(s, r->in_launch);
    h_u64(s, r->next);
    h_u64(s, r->budget);
    if (r->in_launch)
        hash_record(s, &r->rec);
    size_t nsm = (size_t)config_i(&d->cfg, CK_SM_COUNT);
    for (size_t i = 0; d->sm_clock && i < nsm; i++)
        h_u64(s, d->sm_clock[i]);
}

/* ---- caches ---------------------------------------------------------- */

/* ---- one SM ---------------------------------------------------------- */

static void hash_fwarp(struct hs *s, const struct fwarp *w,
                       const struct kimage *k)
{
    for (uint32_t r = 0; r < k->nslots; r++)
        for (int l = 0; l < WS_WARP; l++)
            if (w->valid >> l & 1)
                h_u64(s, w->r[(size_t)r * WS_WARP + (size_t)l]);
    for (uint32_t p = 0; p < k->npreds; p++)
        h_u64(s, w->p[p] & w->valid);
    h_u64(s, w->cc & w->valid);
    h_u64(s, (uint64_t)w->depth);
    for (int i = 0; i < w->depth; i++) {
        h_u64(s, (uint64_t)(int64_t)w->stack[i].pc);
        h_u64(s, (uint64_t)(int64_t)w->stack[i].rpc);
        h_u64(s, w->stack[i].mask);
    }
    h_u64(s, w->valid);
    h_u64(s, w->exited);
    h_u64(s, (uint64_t)w->wid);
    h_u64(s, (uint64_t)w->hw_slot);
    h_u64(s, w->state);
    h_u64(s, (uint64_t)w->bar_id);
    h_u64(s, (uint64_t)(int64_t)w->bar_pc);
    h_u64(s, w->bar_mask);
    h_u64(s, w->ninst);
    h_u64(s, w->nthread);
}

static void hash_twarp(struct hs *s, const struct twarp *w,
                       const struct kimage *k)
{
    h_u64(s, w->in_pool);
    h_u64(s, w->rs);
    h_u64(s, w->kind);
    h_u64(s, (uint64_t)w->cta);
    h_u64(s, w->age);
    for (int i = 0; i < SM_REG_WORDS; i++) {
        h_u64(s, w->sb[i]);
        h_u64(s, w->sbmem[i]);
    }
    h_u64(s, w->sbp);
    h_u64(s, w->inflight);
    h_u64(s, w->ib_n);
    h_u64(s, (uint64_t)(int64_t)w->ib_pc);
    h_u64(s, w->ib_flush);
    h_u64(s, w->missing);
    hash_fwarp(s, w->fw, k);
}

static void hash_cta(struct hs *s, const struct tcta *t, const struct kimage *k)
{
    const struct fcta *c = &t->fc;
    for (int i = 0; i < 3; i++)
        h_u64(s, c->ctaid[i]);
    h_u64(s, t->id);
    h_u64(s, t->first);
    h_u64(s, t->nwarps);
    h_u64(s, t->regs);
    h_u64(s, t->shared);
    h_u64(s, t->threads);
    h_u64(s, c->live);
    for (int b = 0; b < WS_MAX_BARRIERS; b++) {
        const struct fbarrier *x = &c->bar[b];
        h_u64(s, x->arrived);
        h_u64(s, x->expected);
        h_u64(s, x->red_op);
        h_u64(s, x->red_popc);
        h_u64(s, x->red_and);
        h_u64(s, x->red_or);
    }
    h_bytes(s, c->shared, c->shared_bytes);
    h_bytes(s, c->local, (size_t)c->nthreads * k->local_bytes);
}

/* Marks the entries of a free list (linked through `next`) in `free`. */
#define MARK_FREE(arr, n, head, free)                                        \
    do {                                                                     \
        for (int32_t i_ = (head); i_ >= 0 && (uint32_t)i_ < (n);             \
             i_ = (arr)[i_].next)                                            \
            (free)[i_] = 1;                                                  \
    } while (0)

static void hash_inst(struct hs *s, const struct inst *in)
{
    h_u64(s, (uint64_t)in->warp);
    h_u64(s, (uint64_t)in->pc);
    h_u64(s, in->cls);
    h_u64(s, in->nread);
    h_u64(s, in->nwritten);
    h_u64(s, in->collecting);
    h_u64(s, in->ready);
    h_u64(s, (uint64_t)in->mem);
    h_u64(s, in->seq);
}

/* A memory operation; one allocated by an instruction issuing right now
   is not set up yet (inst -1), and the access record of one whose lanes
   were all predicated off (mask 0) was never filled. */
static void hash_memop(struct hs *s, const struct memop *o)
{
    const struct fmemrec *r = &o->rec;
    h_u64(s, (uint64_t)o->inst);
    if (o->inst < 0)
        return;
    h_u64(s, r->mask);
    if (r->mask) {
        h_u64(s, r->space);
        h_u64(s, r->size);
        h_u64(s, r->store);
        h_u64(s, r->atomic);
        for (int l = 0; l < WS_WARP; l++)
            if (r->mask >> l & 1)
                h_u64(s, r->addr[l]);
        h_u64(s, o->kind);
        h_u64(s, o->local);
        h_u64(s, o->bypass);
    }
    h_u64(s, o->started);
    h_u64(s, o->ntx);
    h_u64(s, o->next_tx);
    h_u64(s, o->outstanding);
    h_u64(s, o->missed);
    h_u64(s, o->shmem_left);
    for (uint32_t i = 0; i < o->ntx && i < COALESCE_MAX; i++) {
        h_u64(s, o->tx[i]);
        h_u64(s, o->txb[i]);
    }
}

static void hash_queue(struct hs *s, const struct sm *sm,
                       const struct tqueue *q)
{
    h_u64(s, q->n);
    for (int32_t i = q->head; i >= 0; i = sm->in[i].next)
        h_u64(s, (uint64_t)i);
}

/* Instructions and memory operations in flight, and their queues. */
static void hash_pipeline(struct hs *s, const struct sm *sm)
{
    uint8_t *fi = ws_xcalloc(sm->nin + 1, 1), *fm = ws_xcalloc(sm->nmo + 1, 1);
    MARK_FREE(sm->in, sm->nin, sm->free_in, fi);
    MARK_FREE(sm->mo, sm->nmo, sm->free_mo, fm);
    for (uint32_t i = 0; i < sm->nin; i++)
        if (!fi[i]) {
            h_u64(s, i);
            hash_inst(s, &sm->in[i]);
        }
    for (uint32_t i = 0; i < sm->nmo; i++)
        if (!fm[i]) {
            h_u64(s, i);
            hash_memop(s, &sm->mo[i]);
        }
    free(fi);
    free(fm);
    hash_queue(s, sm, &sm->collecting);
    for (int c = 0; c < TC__COUNT; c++)
        hash_queue(s, sm, &sm->exec[c]);
    hash_queue(s, sm, &sm->wb);
    h_u64(s, sm->ldst_n);
    for (int32_t m = sm->ldst_head; m >= 0; m = sm->mo[m].next)
        h_u64(s, (uint64_t)m);
    h_u64(s, sm->ntimed);
    for (uint32_t i = 0; i < sm->ntimed; i++) {
        h_u64(s, sm->timed[i].ready);
        h_u64(s, sm->timed[i].seq);
        h_u64(s, (uint64_t)sm->timed[i].mo);
    }
    for (uint32_t u = 0; u < sm->p->sp_units; u++)
        h_u64(s, sm->sp_free[u]);
    for (uint32_t u = 0; u < sm->p->sfu_units; u++)
        h_u64(s, sm->sfu_free[u]);
    h_u64(s, sm->ldst_free);
    h_u64(s, sm->collectors_used);
    h_u64(s, sm->bank_stalled);
}

static void hash_scheds(struct hs *s, const struct sm *sm)
{
    for (uint32_t k = 0; k < sm->p->schedulers; k++) {
        const struct sched *q = &sm->sch[k];
        h_u64(s, sm->why[k]);
        h_u64(s, q->last);
        h_u64(s, q->in_pool);
        for (int r = 0; r < STALL__COUNT; r++)
            h_u64(s, q->cnt[r]);
        for (uint32_t i = 0; i < q->words; i++) {
            for (int j = 0; j < SCHED_KINDS; j++)
                h_u64(s, q->ready[j][i]);
            h_u64(s, q->pool[i]);
        }
    }
}

static void hash_sm_stats(struct hs *s, const struct sm_stats *st)
{
    h_u64(s, st->warp_insts);
    h_u64(s, st->thread_insts);
    h_u64(s, st->cycles_active);
    h_u64(s, st->warp_cycles);
    h_u64(s, st->issued);
    for (int k = 0; k < STALL__COUNT; k++)
        h_u64(s, st->stalls[k]);
    h_u64(s, st->shmem_accesses);
    h_u64(s, st->shmem_conflicts);
    h_u64(s, st->ctas);
}

/* The design's parts, each through its hash hook, or else what its
   describe hook exposes. */
static void hash_design_parts(struct hs *s, const struct sm *sm, uint64_t now)
{
    for (uint32_t i = 0; i < sm->nparts; i++) {
        const struct part_ops *o = sm->parts[i].ops;
        void *self = sm->parts[i].self;
        if (o->pending)
            h_u64(s, o->pending(self));
        if (o->hash) {
            o->hash(self, now, &s->h);
        } else if (o->describe) {
            struct jv *d = jv_obj();
            o->describe(self, now, d);
            h_json(s, d);
            jv_free(d);
        }
    }
}

static void hash_sm(struct hs *s, const struct sm *sm, uint64_t now)
{
    h_u64(s, sm->id);
    h_u64(s, sm->nctas);
    h_u64(s, sm->nwarps);
    h_u64(s, sm->threads);
    h_u64(s, sm->regs);
    h_u64(s, sm->shared);
    h_u64(s, sm->retired);
    h_u64(s, sm->seq);
    h_u64(s, sm->fetching);
    h_u64(s, sm->fetch_warp);
    h_u64(s, sm->fetch_last);
    h_u64(s, (uint64_t)(int64_t)sm->fetch_pc);
    const struct kimage *k = sm->launch ? sm->launch->k : NULL;
    for (uint32_t c = 0; c < sm->p->max_ctas; c++) {
        h_u64(s, sm->cta[c].used);
        if (sm->cta[c].used && k)
            hash_cta(s, &sm->cta[c], k);
    }
    for (uint32_t w = 0; w < sm->p->max_warps; w++) {
        h_u64(s, sm->w[w].used);
        if (sm->w[w].used && sm->w[w].fw && k)
            hash_twarp(s, &sm->w[w], k);
    }
    hash_scheds(s, sm);
    hash_pipeline(s, sm);
    hash_sm_stats(s, &sm->st);
    hash_design_parts(s, sm, now);
}

/* ---- the memory system ----------------------------------------------- */

static void hash_req(struct hs *s, const struct mreq *r)
{
    h_u64(s, r->addr);
    h_u64(s, r->bytes);
    h_u64(s, r->kind);
    h_u64(s, r->l1line);
    h_u64(s, r->response);
    h_u64(s, r->sm);
    h_u64(s, r->tag);
    h_u64(s, r->deliver);
    h_u64(s, (uint64_t)r->parent);
    h_u64(s, r->parts);
}

static void hash_icnt(struct hs *s, const struct gpu *g)
{
    const struct icnt *n = &g->net;
    h_u64(s, g->pool.used);
    h_u64(s, n->packets);
    h_u64(s, n->flits);
    for (uint32_t p = 0; p < n->ports; p++) {
        h_u64(s, n->src_free[p]);
        h_u64(s, n->dst_free[p]);
        for (int32_t r = n->q[p].head; r >= 0; r = g->pool.v[r].next)
            hash_req(s, &g->pool.v[r]);
        h_u64(s, UINT64_MAX);      /* end of port p's queue */
    }
}

static void hash_l2_ring(struct hs *s, const l2_ring_t *r)
{
    h_u64(s, r->n);
    for (uint32_t i = 0; i < r->n; i++) {
        const struct l2_item *x = &ring_at(r, i);
        h_u64(s, x->ready);
        h_u64(s, (uint64_t)x->req);
        h_u64(s, x->addr);
        h_u64(s, x->bytes);
        h_u64(s, x->action);
    }
}

static void hash_l2(struct hs *s, const struct l2slice *l)
{
    if (l->has_cache)
        cache_hash(&l->c, &s->h);
    hash_l2_ring(s, &l->look);
    hash_l2_ring(s, &l->pipe);
    hash_l2_ring(s, &l->out);
    hash_l2_ring(s, &l->to_dram);
    const struct l2_stats *t = &l->st;
    uint64_t v[] = { t->accesses, t->hits, t->misses, t->mshr_merges,
                     t->reads, t->writes, t->atomics, t->dram_reads,
                     t->dram_writes };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        h_u64(s, v[i]);
}

static void hash_dram(struct hs *s, const struct gpu *g,
                      const struct dram_chan *d)
{
    h_u64(s, dram_pending(d));
    for (uint32_t b = 0; b < g->p.dram.banks; b++) {
        struct dram_bank_state x = dram_bank(d, b);
        h_u64(s, (uint64_t)x.open_row);
        h_u64(s, x.ready);
        h_u64(s, x.activated);
    }
    const struct dram_stats *t = dram_stats(d);
    uint64_t v[] = { t->reads, t->writes, t->row_hits, t->row_misses,
                     t->row_empty, t->activates, t->precharges, t->bus_busy,
                     t->queue_full };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        h_u64(s, v[i]);
}

static void hash_gpu(struct hs *s, const struct gpu *g)
{
    h_u64(s, g->cycle);
    h_u64(s, g->kernel_cycles);
    h_u64(s, g->warp_insts);
    h_u64(s, g->thread_insts);
    h_u64(s, g->running);
    h_u64(s, g->regs_per_thread);
    h_u64(s, g->next_cta);
    h_u64(s, g->nctas);
    h_u64(s, g->ctas_done);
    h_u64(s, g->rr);
    h_u64(s, g->flushed);
    for (uint32_t i = 0; i < g->p.nsm; i++)
        hash_sm(s, &g->sm[i], g->cycle);
    hash_icnt(s, g);
    for (uint32_t i = 0; i < g->p.l2_slices; i++)
        hash_l2(s, &g->l2[i]);
    for (uint32_t c = 0; c < g->p.dram.channels; c++)
        hash_dram(s, g, g->dram[c]);
    struct jv *st = jv_obj();
    gpu_stats(g, st);
    h_json(s, st);
    jv_free(st);
}

uint64_t inspect_state_hash(const struct ws_device *d)
{
    struct hs s = { WS_FNV_INIT };
    hash_dmem(&s, &d->mem);
    hash_launches(&s, d);
    h_u64(&s, d->gpu != NULL);
    if (d->gpu)
        hash_gpu(&s, d->gpu);
    return s.h;
}
