/*
** device.c - modules, launches, and the two drivers (see device.h). In
** timing mode the GPU model (timing/gpu.c) runs each launch cycle by
** cycle. In functional mode ws.run() executes each launch's CTAs one
** after another, the warps of a CTA round-robin in quanta, so that
** barriers and warp interleaving behave as on hardware while results stay
** deterministic; this is the fastest way to check a kernel's results.
*/
#include "sim/device.h"
#include "compile/ptxas.h"
#include "designs/registry.h"
#include "ptx/parse.h"
#include "timing/gpu.h"
#include "timing/tparams.h"
#include "util/clock.h"
#include "util/demangle.h"
#include "util/xalloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sim.mode is "timing|functional": index 0 is the cycle-level model (an
   index, not the name: device_host_write asks once per element written) */
static bool timing_mode(const struct ws_device *d)
{
    return config_e(&d->cfg, CK_SIM_MODE) == 0;
}

/* Warp-instructions a warp runs before the next warp gets a turn. */
#define QUANTUM 64

void device_init(struct ws_device *d, const struct ws_config *cfg)
{
    memset(d, 0, sizeof *d);
    config_copy(&d->cfg, cfg);
    design_events_register();
    dmem_init(&d->mem, (uint64_t)config_i(cfg, CK_MEM_LIMIT));
    d->sm_clock = ws_xcalloc((size_t)config_i(cfg, CK_SM_COUNT), sizeof(uint64_t));
}

void device_reconfigure(struct ws_device *d, const struct ws_config *cfg)
{
    config_free(&d->cfg);
    config_copy(&d->cfg, cfg);
    d->mem.limit = (uint64_t)config_i(cfg, CK_MEM_LIMIT);
    free(d->sm_clock);
    d->sm_clock = ws_xcalloc((size_t)config_i(cfg, CK_SM_COUNT), sizeof(uint64_t));
}

static void module_free(struct dev_module *m)
{
    for (int i = 0; i < m->nkernels; i++)
        kimage_free(m->kernels[i]);
    free(m->kernels);
    free(m->gvar_addr);
    free(m->constbank);
    ptx_module_free(m->mod);
}

void device_free(struct ws_device *d)
{
    device_abandon(d);
    for (size_t i = 0; i < d->modules.n; i++)
        module_free(&d->modules.v[i]);
    vec_free(&d->modules);
    for (size_t i = 0; i < d->queue.n; i++) {
        free(d->queue.v[i].params);
        free(d->queue.v[i].origin);
    }
    vec_free(&d->queue);
    for (size_t i = 0; i < d->done.n; i++)
        jv_free(d->done.v[i].stats);
    vec_free(&d->done);
    vec_free(&d->copies);
    dmem_free(&d->mem);
    gpu_free(d->gpu);
    free(d->sm_clock);
    config_free(&d->cfg);
}

int device_load(struct ws_device *d, const char *path, struct ws_diag *diag)
{
    struct dev_module dm;
    memset(&dm, 0, sizeof dm);
    if (ptx_parse_file(path, (size_t)config_i(&d->cfg, CK_PTX_MAX_BYTES), &dm.mod,
                       diag))
        return -1;
    struct ptx_module *m = dm.mod;
    dm.gvar_addr = ws_xcalloc(m->vars.n + 1, sizeof *dm.gvar_addr);
    uint64_t coff = 0;
    for (size_t i = 0; i < m->vars.n; i++) {
        const struct ptx_var *v = &m->vars.v[i];
        if (v->space == SP_CONST) {
            coff = (coff + v->align - 1) / v->align * v->align;
            dm.gvar_addr[i] = coff;
            coff += v->size;
        }
    }
    if (coff > 65536) {
        diag_error(diag, path, 0, 0, "module has %llu bytes of .const data, more than the 65536 of a constant bank",
                   (unsigned long long)coff);
        module_free(&dm);
        return -1;
    }
    dm.const_bytes = (uint32_t)coff;
    dm.constbank = ws_xcalloc(coff + 1, 1);
    for (size_t i = 0; i < m->vars.n; i++) {
        const struct ptx_var *v = &m->vars.v[i];
        if (v->space == SP_CONST && v->init)
            memcpy(dm.constbank + dm.gvar_addr[i], v->init, v->size);
        if (v->space != SP_GLOBAL)
            continue;
        uint64_t a = dmem_alloc(&d->mem, v->size ? v->size : 1, diag);
        if (!a) {
            diag_prefix(diag, "%s: .global variable '%s': ", path, v->name);
            module_free(&dm);
            return -1;
        }
        dm.gvar_addr[i] = a;
        if (v->init)
            dmem_write(&d->mem, a, v->init, v->size);
    }
    for (size_t i = 0; i < m->funcs.n; i++) {
        if (!m->funcs.v[i].is_entry || !m->funcs.v[i].has_body)
            continue;
        struct kimage *k;
        if (kimage_build(m, (int)i, dm.gvar_addr, &k, diag)) {
            module_free(&dm);
            return -1;
        }
        dm.kernels = ws_xrealloc(dm.kernels, (size_t)(dm.nkernels + 1) *
                                                 sizeof *dm.kernels);
        dm.kernels[dm.nkernels++] = k;
    }
    /* ptxas's register counts, when recorded beside the PTX */
    struct ptxas_count *pc;
    int npc = ptxas_read_beside(path, &pc);
    for (int i = 0; i < dm.nkernels; i++)
        for (int j = 0; j < npc; j++)
            if (strcmp(pc[j].name, dm.kernels[i]->name) == 0 && pc[j].regs > 0)
                dm.kernels[i]->ptxas_regs = (uint32_t)pc[j].regs;
    ptxas_free(pc, npc > 0 ? npc : 0);
    if (dm.nkernels == 0) {
        diag_error(diag, path, 0, 0, "no kernels (.entry functions with a body) in this file");
        module_free(&dm);
        return -1;
    }
    vec_push(&d->modules, dm);
    return (int)d->modules.n - 1;
}

int device_find_kernel(const struct ws_device *d, int mi, const char *name)
{
    const struct dev_module *m = &d->modules.v[mi];
    int found = DEV_KERNEL_NONE;
    for (int i = 0; i < m->nkernels; i++) {
        int hit = ws_demangle_match(m->kernels[i]->name, name);
        if (hit == 2)
            return i;
        if (hit)
            found = found == DEV_KERNEL_NONE ? i : DEV_KERNEL_AMBIGUOUS;
    }
    return found;
}

uint64_t device_alloc(struct ws_device *d, uint64_t bytes,
                      struct ws_diag *diag)
{
    return dmem_alloc(&d->mem, bytes, diag);
}

uint32_t device_regs_per_thread(const struct ws_device *d,
                                const struct kimage *k)
{
    int64_t o = config_i(&d->cfg, CK_REGS_PER_THREAD);
    if (o > 0)
        return (uint32_t)o;
    if (config_e(&d->cfg, CK_OCCUPANCY_REGS) == 1 && k->ptxas_regs)
        return k->ptxas_regs;
    return k->regs_per_thread;
}

static int launch_error(struct dev_launch *l, struct ws_diag *diag,
                        const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int launch_error(struct dev_launch *l, struct ws_diag *diag,
                        const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(diag, NULL, 0, 0, "%s", msg);
    free(l->params);
    free(l->origin);
    l->params = NULL;
    l->origin = NULL;
    return WS_ERR;
}

int device_enqueue(struct ws_device *d, struct dev_launch *l,
                   struct ws_diag *diag)
{
    const struct kimage *k = d->modules.v[l->module].kernels[l->kernel];
    const struct ws_config *c = &d->cfg;
    static const uint32_t bmax[3] = { 1024, 1024, 64 };
    static const uint32_t gmax[3] = { 2147483647u, 65535, 65535 };
    static const char dim[3] = { 'x', 'y', 'z' };
    for (int i = 0; i < 3; i++) {
        if (l->block[i] == 0 || l->block[i] > bmax[i])
            return launch_error(l, diag, "launch of '%s': block.%c = %u is outside 1..%u",
                                k->name, dim[i], l->block[i], bmax[i]);
        if (l->grid[i] == 0 || l->grid[i] > gmax[i])
            return launch_error(l, diag, "launch of '%s': grid.%c = %u is outside 1..%u",
                                k->name, dim[i], l->grid[i], gmax[i]);
    }
    if (config_e(c, CK_OCCUPANCY_REGS) == 1 && !k->ptxas_regs &&
        config_i(c, CK_REGS_PER_THREAD) == 0) {
        char *pp = ptxas_path(k->mod->path);
        int rc = launch_error(l, diag, "launch of '%s': occupancy.regs = ptxas, but %s records no ptxas register count for it (write it with `ptxas -v`, as scripts/gen-ptx.sh does, or count this tool's own allocation with --set occupancy.regs=allocated)",
                              k->name, pp);
        free(pp);
        return rc;
    }
    uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
    if (threads > 1024)
        return launch_error(l, diag, "launch of '%s': %llu threads per block, more than 1024",
                            k->name, (unsigned long long)threads);
    const uint32_t *rq = k->flat.reqntid;
    if (rq[0] && (l->block[0] != rq[0] || l->block[1] != rq[1] ||
                  l->block[2] != rq[2]))
        return launch_error(l, diag, "launch of '%s': the kernel requires a block of (%u,%u,%u) threads (.reqntid)",
                            k->name, rq[0], rq[1], rq[2]);
    const uint32_t *mx = k->flat.maxntid;
    if (mx[0] && threads > (uint64_t)mx[0] * mx[1] * mx[2])
        return launch_error(l, diag, "launch of '%s': at most %u threads per block (.maxntid)",
                            k->name, mx[0] * mx[1] * mx[2]);
    uint64_t warps = (threads + WS_WARP - 1) / WS_WARP;
    uint32_t regs = device_regs_per_thread(d, k);
    uint64_t shared = (uint64_t)k->shared_static + l->dyn_shared;
    if (threads > (uint64_t)config_i(c, CK_SM_MAX_THREADS) ||
        warps > (uint64_t)config_i(c, CK_SM_MAX_WARPS))
        return launch_error(l, diag, "launch of '%s': a block of %llu threads does not fit on an SM (sm.max_threads = %lld, sm.max_warps = %lld)",
                            k->name, (unsigned long long)threads,
                            (long long)config_i(c, CK_SM_MAX_THREADS),
                            (long long)config_i(c, CK_SM_MAX_WARPS));
    /* the register file of the design that will run it (a racetrack
       file is larger than sm.registers) */
    const struct design *ds = device_design(d);
    uint64_t rf_regs = timing_mode(d) && ds->registers
                           ? ds->registers(c)
                           : (uint64_t)config_i(c, CK_SM_REGISTERS);
    if (warps * WS_WARP * regs > rf_regs)
        return launch_error(l, diag, "launch of '%s': a block needs %llu registers (%llu threads x %u per thread), more than the %llu of an SM's register file (%s)",
                            k->name, (unsigned long long)(warps * WS_WARP * regs),
                            (unsigned long long)threads, regs,
                            (unsigned long long)rf_regs,
                            rf_regs == (uint64_t)config_i(c, CK_SM_REGISTERS)
                                ? "sm.registers" : "the design's register file");
    if (shared > (uint64_t)config_i(c, CK_SM_SHARED_BYTES))
        return launch_error(l, diag, "launch of '%s': a block needs %llu bytes of shared memory (%u static + %u dynamic), more than the %lld of an SM (sm.shared_bytes)",
                            k->name, (unsigned long long)shared, k->shared_static,
                            l->dyn_shared, (long long)config_i(c, CK_SM_SHARED_BYTES));
    if (l->dyn_shared && !k->dyn_shared_align)
        return launch_error(l, diag, "launch of '%s': %u bytes of dynamic shared memory requested, but the kernel declares no .extern .shared array",
                            k->name, l->dyn_shared);
    uint64_t ctas = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
    uint64_t limit = (uint64_t)config_i(c, CK_LIMIT_WARP_INSTRUCTIONS);
    if (ctas > limit / warps)
        return launch_error(l, diag, "launch of '%s': %llu CTAs x %llu warps cannot finish within limit.warp_instructions = %llu",
                            k->name, (unsigned long long)ctas,
                            (unsigned long long)warps, (unsigned long long)limit);
    if (!d->started && timing_mode(d)) {
        /* The configuration is final now: check what the timing model
           needs of it, at the first launch. */
        struct tparams p;
        tparams_init(&p, c);
        if (tparams_check(&p, diag) != WS_OK) {
            free(l->params);
            free(l->origin);
            l->params = NULL;
            l->origin = NULL;
            return WS_ERR;
        }
    }
    d->started = true;
    vec_push(&d->queue, *l);
    return WS_OK;
}

/* Runs one CTA to completion. */
static int run_cta(struct ws_device *d, const struct flaunch *L, uint64_t i,
                   struct launch_record *rec, uint64_t *budget,
                   struct ws_diag *diag)
{
    uint32_t gx = L->grid[0], gy = L->grid[1];
    uint32_t id[3] = { (uint32_t)(i % gx), (uint32_t)((i / gx) % gy),
                       (uint32_t)(i / ((uint64_t)gx * gy)) };
    int nsm = (int)config_i(&d->cfg, CK_SM_COUNT);
    int sm = (int)(i % (uint64_t)nsm);
    struct fcta cta;
    fcta_init(&cta, L, id, sm, 0);
    struct fctx x = { &d->mem, L, &cta, d->sm_clock[sm], sm, nsm,
                      (int)config_i(&d->cfg, CK_SM_MAX_WARPS), NULL, diag,
                      d->general_only };
    int rc = WS_OK;
    while (cta.live > 0 && rc == WS_OK) {
        int ran = 0;
        for (uint32_t wi = 0; wi < cta.nwarps && rc == WS_OK; wi++) {
            struct fwarp *w = &cta.warps[wi];
            for (uint32_t q = 0; q < QUANTUM && w->state == FW_READY;) {
                if (*budget == 0) {
                    char msg[200];
                    snprintf(msg, sizeof msg,
                             "still running after %lld warp-instructions (limit.warp_instructions); does it loop forever?",
                             (long long)config_i(&d->cfg, CK_LIMIT_WARP_INSTRUCTIONS));
                    rc = fx_warp_error(L->k, w, diag, msg);
                    break;
                }
                uint32_t n = QUANTUM - q, k;
                if (n > *budget)
                    n = (uint32_t)*budget;
                enum fx_status st = fx_steps(&x, w, n, &k);
                *budget -= k;
                q += k;
                ran = 1;
                if (st == FX_ERR) {
                    rc = WS_ERR;
                    break;
                }
                if (st == FX_DONE) {
                    cta.live--;
                    fcta_release_barriers(&cta);
                } else if (st == FX_BARRIER) {
                    fcta_release_barriers(&cta);
                }
            }
        }
        if (rc == WS_OK && !ran && cta.live > 0 &&
            fcta_release_barriers(&cta) == 0) {
            for (uint32_t wi = 0; wi < cta.nwarps; wi++)
                if (cta.warps[wi].state == FW_BARRIER) {
                    char msg[200];
                    snprintf(msg, sizeof msg,
                             "deadlock in CTA (%u,%u,%u): warp %u waits at barrier %d, which the other warps never reach",
                             id[0], id[1], id[2], wi, cta.warps[wi].bar_id);
                    rc = fx_warp_error(L->k, &cta.warps[wi], diag, msg);
                    break;
                }
        }
    }
    for (uint32_t wi = 0; wi < cta.nwarps; wi++) {
        rec->warp_instructions += cta.warps[wi].ninst;
        rec->thread_instructions += cta.warps[wi].nthread;
    }
    d->sm_clock[sm] = x.clock;
    fcta_free(&cta);
    return rc;
}

bool device_timing(const struct ws_device *d)
{
    return timing_mode(d);
}

/* Builds queue entry i's launch and its record. */
static void launch_of(struct ws_device *d, size_t i)
{
    struct dev_launch *l = &d->queue.v[i];
    struct dev_module *m = &d->modules.v[l->module];
    const struct kimage *k = m->kernels[l->kernel];
    struct flaunch L = { k, { l->grid[0], l->grid[1], l->grid[2] },
                         { l->block[0], l->block[1], l->block[2] },
                         l->dyn_shared, l->params, m->constbank,
                         m->const_bytes, ++d->gridid };
    d->run.L = L;
    struct launch_record *rec = &d->run.rec;
    memset(rec, 0, sizeof *rec);
    rec->kernel = k->name;
    memcpy(rec->grid, l->grid, sizeof rec->grid);
    memcpy(rec->block, l->block, sizeof rec->block);
    rec->shared_bytes = k->shared_static + l->dyn_shared;
    rec->regs_per_thread = device_regs_per_thread(d, k);
    rec->ctas = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
}

const struct design *device_design(const struct ws_device *d)
{
    return d->design ? d->design : design_of(&d->cfg);
}

bool device_host_write(struct ws_device *d, uint64_t addr, const void *buf,
                       size_t n)
{
    if (!dmem_write(&d->mem, addr, buf, n))
        return false;
    if (!config_b(&d->cfg, CK_L2_WARM_ON_WRITE) || !timing_mode(d))
        return true;
    struct dev_copy *last = d->copies.n ? &d->copies.v[d->copies.n - 1] : NULL;
    if (last && last->addr + last->bytes == addr)
        last->bytes += n;             /* a buffer written element by element */
    else
        vec_push(&d->copies, ((struct dev_copy){ addr, n }));
    return true;
}

/* Starts a run over the queue: the GPU and the limits. */
static int run_begin(struct ws_device *d, struct ws_diag *diag)
{
    memset(&d->run, 0, sizeof d->run);
    d->run.active = true;
    d->run.budget = (uint64_t)config_i(&d->cfg, CK_LIMIT_WARP_INSTRUCTIONS);
    if (timing_mode(d) && !d->gpu) {
        d->gpu = gpu_new(&d->cfg, device_design(d), d->bus, diag);
        if (!d->gpu)
            return WS_ERR;
    }
    if (d->gpu)
        gpu_set_general_only(d->gpu, d->general_only);
    for (size_t i = 0; d->gpu && i < d->copies.n; i++)
        gpu_host_write(d->gpu, d->copies.v[i].addr, d->copies.v[i].bytes);
    d->copies.n = 0;
    if (d->gpu) {
        uint64_t mc = (uint64_t)config_i(&d->cfg, CK_MAX_CYCLES);
        uint64_t c0 = gpu_cycle(d->gpu);
        d->run.cycle_limit = c0 + mc < c0 ? UINT64_MAX : c0 + mc;
    }
    return WS_OK;
}

/* Ends the run: drains or drops the GPU, empties the queue. */
static void run_end(struct ws_device *d, int rc)
{
    if (d->gpu && rc == WS_OK) {
        gpu_drain(d->gpu);
    } else if (d->gpu) {
        /* A launch stopped part-way leaves warps and requests in the
           model; the next run starts from an empty GPU. */
        if (gpu_running(d->gpu)) {
            struct gpu_launch_result res;
            gpu_finish(d->gpu, false, &res);
            jv_free(res.stats);
        }
        gpu_free(d->gpu);
        d->gpu = NULL;
    }
    for (size_t j = 0; j < d->queue.n; j++) {
        free(d->queue.v[j].params);
        free(d->queue.v[j].origin);
    }
    d->queue.n = 0;
    d->run.active = false;
}

/* Records the launch in progress as done (timing mode). */
static void launch_done(struct ws_device *d, bool ok)
{
    struct gpu_launch_result res;
    gpu_finish(d->gpu, ok, &res);
    struct launch_record *rec = &d->run.rec;
    rec->timed = true;
    rec->cycles = res.cycles;
    rec->occ = res.occ;
    rec->stats = res.stats;
    rec->warp_instructions = res.warp_instructions;
    rec->thread_instructions = res.thread_instructions;
    d->run.budget = res.budget_left;
    d->run.in_launch = false;
    vec_push(&d->done, *rec);
}

/* Advances the run in timing mode. */
static enum dev_status advance_timed(struct ws_device *d, uint64_t until,
                                     struct ws_diag *diag)
{
    struct dev_run *r = &d->run;
    for (;;) {
        if (!r->in_launch) {
            if (r->next >= d->queue.n)
                return DEV_DONE;
            if (d->bus && d->bus->stop)
                return DEV_PAUSED;
            launch_of(d, r->next++);
            if (gpu_start(d->gpu, &r->L, r->rec.regs_per_thread, &d->mem,
                          r->budget, r->cycle_limit, diag) != WS_OK)
                return DEV_ERR;
            r->in_launch = true;
        }
        enum gpu_status st;
        for (;;) {
            /* a progress report every DEV_PROGRESS_CYCLES cycles: the GPU
               pauses at a cycle and goes on from it, as for a debugger */
            uint64_t now = gpu_cycle(d->gpu), to = until;
            if (d->progress && until > now && until - now > DEV_PROGRESS_CYCLES)
                to = now + DEV_PROGRESS_CYCLES;
            st = gpu_advance(d->gpu, to, diag);
            if (st != GPU_PAUSED || to == until || (d->bus && d->bus->stop))
                break;
            d->progress(d->progress_ctx, d);
        }
        if (st == GPU_PAUSED)
            return DEV_PAUSED;
        if (st == GPU_ERR && d->hold_faults) {
            r->faulted = true;        /* kept for a look (device_abandon) */
            return DEV_ERR;
        }
        launch_done(d, st == GPU_DONE);
        if (st == GPU_ERR)
            return DEV_ERR;
    }
}

enum dev_status device_advance(struct ws_device *d, uint64_t until,
                               struct ws_diag *diag)
{
    uint64_t t0 = ws_now_ns();
    if (d->run.faulted)
        return DEV_ERR;               /* held: nothing runs on */
    if (!d->run.active) {
        if (d->queue.n == 0)
            return DEV_DONE;
        if (run_begin(d, diag) != WS_OK) {
            run_end(d, WS_ERR);
            return DEV_ERR;
        }
    }
    enum dev_status st;
    if (d->gpu) {
        st = advance_timed(d, until, diag);
    } else {
        int rc = WS_OK;
        for (; d->run.next < d->queue.n && rc == WS_OK; d->run.next++) {
            launch_of(d, d->run.next);
            for (uint64_t c = 0; c < d->run.rec.ctas && rc == WS_OK; c++) {
                rc = run_cta(d, &d->run.L, c, &d->run.rec, &d->run.budget,
                             diag);
                if (d->progress)
                    d->progress(d->progress_ctx, d);
            }
            vec_push(&d->done, d->run.rec);
        }
        st = rc == WS_OK ? DEV_DONE : DEV_ERR;
    }
    if (st == DEV_ERR) {
        size_t failed = d->run.next - 1;
        if (failed < d->queue.n && d->queue.v[failed].origin)
            diag_note(diag, "launched at %s", d->queue.v[failed].origin);
    }
    if (st != DEV_PAUSED && !d->run.faulted) {
        run_end(d, st == DEV_DONE ? WS_OK : WS_ERR);
        if (d->progress)
            d->progress(d->progress_ctx, d);      /* the run is over */
    }
    d->host_ns += ws_now_ns() - t0;
    return st;
}

void device_progress(const struct ws_device *d, struct dev_progress *p)
{
    memset(p, 0, sizeof *p);
    p->running = d->run.active;
    p->launches = d->queue.n;
    p->timed = d->gpu != NULL;
    /* the timing driver counts the launch in progress as started, the
       functional one when it is done */
    size_t cur = d->gpu ? d->run.next : d->run.next + 1;
    if (d->run.active && cur > 0 && cur <= d->queue.n) {
        p->launch = cur;
        p->kernel = d->run.rec.kernel;
    }
    if (d->gpu) {
        p->cycle = gpu_cycle(d->gpu);
        p->warp_instructions = gpu_issued(d->gpu);
        return;
    }
    for (size_t i = 0; i < d->done.n; i++)
        p->warp_instructions += d->done.v[i].warp_instructions;
    if (d->run.active)
        p->warp_instructions += d->run.rec.warp_instructions;
}

void device_abandon(struct ws_device *d)
{
    if (d->run.faulted) {
        d->run.faulted = false;
        launch_done(d, false);        /* as an unheld fault does */
    }
    if (d->run.active)
        run_end(d, WS_ERR);
}

int device_run(struct ws_device *d, struct ws_diag *diag)
{
    enum dev_status st;
    do {
        if (d->bus)
            d->bus->stop = false;     /* nobody here to stop for */
        st = device_advance(d, UINT64_MAX, diag);
    } while (st == DEV_PAUSED);
    return st == DEV_DONE ? WS_OK : WS_ERR;
}

static struct jv *dims(const uint32_t v[3])
{
    struct jv *a = jv_arr();
    for (int i = 0; i < 3; i++)
        jv_push(a, jv_int(v[i]));
    return a;
}

static struct jv *occupancy_json(const struct occupancy *o)
{
    struct jv *j = jv_obj();
    jv_set(j, "ctas_per_sm", jv_int(o->ctas_per_sm));
    jv_set(j, "warps_per_sm", jv_int(o->warps_per_sm));
    jv_set(j, "limiter", jv_str(occ_limiter_name(o->limiter)));
    jv_set(j, "theoretical", jv_num(o->theoretical));
    jv_set(j, "reg_utilization", jv_num(o->reg_utilization));
    return j;
}

/* A launch's entry in "launches": what was launched. */
static struct jv *launch_head(struct jv *ls, const struct launch_record *r)
{
    struct jv *l = jv_push(ls, jv_obj());
    jv_set(l, "kernel", jv_str(r->kernel));
    jv_set(l, "grid", dims(r->grid));
    jv_set(l, "block", dims(r->block));
    jv_set(l, "shared_bytes", jv_int(r->shared_bytes));
    jv_set(l, "regs_per_thread", jv_int(r->regs_per_thread));
    jv_set(l, "ctas", jv_int((int64_t)r->ctas));
    return l;
}

/* Mid-kernel, the launch running is part of the statistics so far: its
   entry ("running": true) and its instructions in the totals. */
static void running_launch(const struct ws_device *d, const struct gpu *g,
                           struct jv *ls, uint64_t *wi, uint64_t *ti)
{
    uint64_t c, w, t;
    if (!d->run.in_launch || g != d->gpu || !gpu_launch_so_far(g, &c, &w, &t))
        return;
    *wi += w;
    *ti += t;
    struct jv *l = launch_head(ls, &d->run.rec);
    jv_set(l, "running", jv_bool(true));
    jv_set(l, "cycles", jv_int((int64_t)c));
    jv_set(l, "warp_instructions", jv_int((int64_t)w));
    jv_set(l, "thread_instructions", jv_int((int64_t)t));
    jv_set(l, "ipc", jv_num(c ? (double)w / (double)c : 0.0));
}

struct jv *device_stats(const struct ws_device *d)
{
    struct jv *o = jv_obj();
    char hash[17], buf[64];
    config_hash(&d->cfg, hash);
    jv_set(o, "warpscope", jv_str(WS_VERSION));
    jv_set(o, "preset", jv_str(config_s(&d->cfg, CK_PRESET)));
    jv_set(o, "design", jv_str(config_enum_name(&d->cfg, CK_DESIGN, buf, sizeof buf)));
    jv_set(o, "config_hash", jv_str(hash));
    jv_set(o, "mode", jv_str(config_enum_name(&d->cfg, CK_SIM_MODE, buf, sizeof buf)));
    /* Timing statistics have the same shape whether or not anything ran:
       a run without launches reports an idle GPU. */
    struct gpu *g = d->gpu;
    if (!g && timing_mode(d)) {
        struct ws_diag ignore = { 0 };
        g = gpu_new(&d->cfg, device_design(d), NULL, &ignore);
        diag_reset(&ignore);
    }
    if (g)
        jv_set(o, "cycles", jv_int((int64_t)gpu_kernel_cycles(g)));
    uint64_t wi = 0, ti = 0;
    struct jv *ls = jv_arr();
    for (size_t i = 0; i < d->done.n; i++) {
        const struct launch_record *r = &d->done.v[i];
        wi += r->warp_instructions;
        ti += r->thread_instructions;
        struct jv *l = launch_head(ls, r);
        if (r->timed)
            jv_set(l, "cycles", jv_int((int64_t)r->cycles));
        jv_set(l, "warp_instructions", jv_int((int64_t)r->warp_instructions));
        jv_set(l, "thread_instructions", jv_int((int64_t)r->thread_instructions));
        if (r->timed) {
            jv_set(l, "ipc", jv_num(r->cycles ? (double)r->warp_instructions /
                                                    (double)r->cycles : 0.0));
            jv_set(l, "occupancy", occupancy_json(&r->occ));
            for (size_t k = 0; r->stats && k < r->stats->n; k++)
                jv_set(l, r->stats->keys[k], jv_clone(r->stats->items[k]));
        }
    }
    running_launch(d, g, ls, &wi, &ti);
    jv_set(o, "warp_instructions", jv_int((int64_t)wi));
    jv_set(o, "thread_instructions", jv_int((int64_t)ti));
    if (g)
        gpu_stats(g, o);
    if (g != d->gpu)
        gpu_free(g);
    jv_set(o, "launches", ls);
    return o;
}
