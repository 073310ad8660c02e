/*
** dbg.c - the debugger's run loop, stops and breakpoints (see dbg.h).
** Reverse execution and the session record are in dbg-reverse.c, calls
** into the script engine (hooks, conditions, probes) in dbg-script.c, the
** small readers every debugger file uses in dbg-core.c.
*/
#include "debug/dbg.h"
#include "debug/dbg-internal.h"
#include "debug/inspect.h"
#include "sim/device.h"
#include "sim/session.h"
#include "timing/gpu.h"
#include "util/xalloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dbg_init(struct dbg *d, struct ws_session *s, bool driver, bool reverse)
{
    memset(d, 0, sizeof *d);
    d->s = s;
    d->driver = driver;
    /* someone looks at a fault: the GPU stays where it faulted */
    s->dev.hold_faults = driver;
    d->fwarp = d->fsm = d->flane = 0;
    d->next_bp = 1;
    d->sub = -1;
    d->reverse = reverse && ckpt_enabled();
    d->ck.max = (size_t)config_i(&s->dev.cfg, CK_DEBUG_CHECKPOINTS);
    d->ck_interval = (uint64_t)config_i(&s->dev.cfg, CK_DEBUG_CHECKPOINT_INTERVAL);
    d->hook_budget = config_i(&s->dev.cfg, CK_LUA_HOOK_INSTRUCTIONS);
    if (!s->dev.bus) {
        s->dev.bus = ws_xcalloc(1, sizeof *s->dev.bus);
        evbus_init(s->dev.bus);
        s->own_bus = true;
    }
    linestats_init(&d->lines);
    if (driver)
        linestats_start(&d->lines, &s->dev);
}

static void bp_free(struct bp *b)
{
    free(b->spec);
    free(b->file);
    free(b->label);
    free(b->reg);
    free(b->mold);
    free(b->cond);
    free(b->old_val);
    vec_free(&b->rpcs);
}

void dbg_free(struct dbg *d)
{
    for (size_t i = 0; i < d->bps.n; i++)
        bp_free(&d->bps.v[i]);
    vec_free(&d->bps);
    for (size_t i = 0; i < d->probes.n; i++) {
        free(d->probes.v[i].name);
        vec_free(&d->probes.v[i].t);
        vec_free(&d->probes.v[i].v);
    }
    vec_free(&d->probes);
    for (size_t i = 0; i < d->displays.n; i++)
        free(d->displays.v[i]);
    vec_free(&d->displays);
    for (size_t i = 0; i < d->log.n; i++)
        free(d->log.v[i].text);
    vec_free(&d->log);
    free(d->stop.msg);
    free(d->mission.found);
    free(d->mission.found_bp);
    free(d->mission.found_at);
    diag_reset(&d->scen_diag);
    ckpt_clear(&d->ck);
    if (d->sub >= 0 && d->s->dev.bus)
        evbus_unsubscribe(d->s->dev.bus, d->sub);
    linestats_free(&d->lines);
}



/* ---- breakpoints -------------------------------------------------- */

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* The instructions of k where a PC breakpoint stops (computed once per
   image: modules load while the scenario runs). */
static void bp_resolve(struct bp *b, const struct kimage *k)
{
    if (b->rk == k)
        return;
    b->rk = k;
    b->rpcs.n = 0;
    if (b->file && strcmp(base_name(b->file), base_name(k->mod->path)) != 0)
        return;
    if (b->pc >= 0) {
        if (b->pc < k->ninst)
            vec_push(&b->rpcs, b->pc);
        return;
    }
    if (b->label) {
        if (strcmp(b->label, k->name) == 0) {
            vec_push(&b->rpcs, 0);
            return;
        }
        for (size_t i = 0; i < k->flat.labels.n; i++)
            if (strcmp(k->flat.labels.v[i].name, b->label) == 0)
                vec_push(&b->rpcs, k->flat.labels.v[i].inst);
        return;
    }
    /* A line: its instructions, or the first instruction after it (gdb
       moves a breakpoint on a blank or declaration line forward). */
    int best = -1;
    for (int32_t i = 0; i < k->ninst; i++) {
        int l = k->flat.insts.v[i].line;
        if (l == b->line)
            vec_push(&b->rpcs, i);
        else if (l > b->line && (best < 0 || l < k->flat.insts.v[best].line))
            best = i;
    }
    if (b->rpcs.n == 0 && best >= 0 &&
        k->flat.insts.v[best].line - b->line < 4)
        vec_push(&b->rpcs, best);
}

static bool pc_in(const struct bp *b, int32_t pc)
{
    for (size_t i = 0; i < b->rpcs.n; i++)
        if (b->rpcs.v[i] == pc)
            return true;
    return false;
}

static bool where_ok(const struct bp *b, int sm, int warp, uint64_t cta)
{
    if (b->sm >= 0 && b->sm != sm)
        return false;
    if (b->warp >= 0 && b->warp != warp)
        return false;
    if (b->cta >= 0 && (uint64_t)b->cta != cta)
        return false;
    return true;
}

int dbg_bp_where(struct dbg *d, struct bp *b)
{
    const struct ws_device *dev = &d->s->dev;
    if (dev->modules.n == 0)
        return -1;
    size_t n = 0;
    for (size_t m = 0; m < dev->modules.n; m++)
        for (int k = 0; k < dev->modules.v[m].nkernels; k++) {
            bp_resolve(b, dev->modules.v[m].kernels[k]);
            n += b->rpcs.n;
        }
    b->rk = NULL;
    b->rpcs.n = 0;
    return (int)n;
}

int dbg_bp_add(struct dbg *d, struct bp *b, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    b->id = d->next_bp++;
    b->enabled = true;
    b->user = d->user_cmd;
    b->rk = NULL;
    vec_push(&d->bps, *b);
    dbg_resubscribe(d);
    return b->id;
}

bool dbg_bp_delete(struct dbg *d, int id)
{
    for (size_t i = 0; i < d->bps.n; i++) {
        if (d->bps.v[i].id != id)
            continue;
        struct bp *b = &d->bps.v[i];
        dbg_release(d, b->fn_ref);
        dbg_release(d, b->cond_ref);
        bp_free(b);
        memmove(b, b + 1, (d->bps.n - i - 1) * sizeof *b);
        d->bps.n--;
        dbg_resubscribe(d);
        return true;
    }
    return false;
}

static uint64_t bit(int t)
{
    return (uint64_t)1 << t;
}

static bool on_event(void *ctx, const struct ws_event *e);

/* The events request r counts or waits for (req_event); a run to the
   end or to a cycle listens to none, so the model delivers none. */
static uint64_t req_types(const struct req *r)
{
    switch (r->kind) {
    case REQ_ISSUES:
    case REQ_PASTPC:
        return bit(EV_WARP_ISSUE);
    case REQ_KERNEL:
        return bit(EV_KERNEL_EXIT);
    case REQ_EVENT:
        return r->types;
    default:
        return 0;
    }
}

void dbg_resubscribe(struct dbg *d)
{
    uint64_t t = 0;
    for (size_t i = 0; i < d->bps.n; i++) {
        const struct bp *b = &d->bps.v[i];
        if (!b->enabled)
            continue;
        switch (b->kind) {
        case BP_PC:
            t |= bit(EV_WARP_ISSUE) | bit(EV_CTA_LAUNCH);
            break;
        case BP_REG: case BP_MEM:
            t |= bit(EV_WARP_ISSUE);
            break;
        case BP_L1SET:
            t |= bit(EV_L1_FILL) | bit(EV_L1_EVICT);
            break;
        case BP_EVENT: case BP_HOOK:
            t |= b->types;
            break;
        default:
            break;
        }
    }
    if (d->drv_active)
        t |= req_types(&d->drv);
    if (d->own)
        t |= req_types(d->own);
    if (d->find.active)
        t |= bit(EV_WARP_ISSUE);
    struct evbus *bus = d->s->dev.bus;
    if (d->sub >= 0 && bus->sub[d->sub].types == t)
        return;
    if (d->sub >= 0)
        evbus_unsubscribe(bus, d->sub);
    d->sub = t ? evbus_subscribe(bus, t, on_event, d) : -1;
}

/* Records the first stop of this cycle. */
static void note_stop(struct dbg *d, enum stop_why why, int id,
                      const struct ws_event *e)
{
    d->stop_pending = true;
    if ((why == STOP_BP || why == STOP_HOOK) && d->stop.nhits < STOP_MAX_HITS)
        d->stop.hits[d->stop.nhits++] = id;
    if (e && e->warp >= 0 && e->sm >= 0 && !d->stop.focused &&
        (why == STOP_BP || why == STOP_HOOK) &&
        (e->type == EV_WARP_ISSUE || e->type == EV_CTA_LAUNCH ||
         e->type == EV_BARRIER)) {
        d->fsm = e->sm;              /* focus on the (first) warp that stopped */
        d->fwarp = e->warp;
        d->stop.focused = true;
        if (d->stop.why != STOP_NONE) {   /* the report shows this warp */
            d->stop.sm = e->sm;
            d->stop.warp = e->warp;
            d->stop.ev = *e;
            d->stop.has_ev = true;
        }
    }
    if (d->stop.why != STOP_NONE)
        return;
    d->stop.why = why;
    d->stop.bp = id;
    d->stop.sm = e ? e->sm : -1;
    d->stop.warp = e ? e->warp : -1;
    d->stop.has_ev = e != NULL;
    if (e)
        d->stop.ev = *e;
}

/* A breakpoint's hit passes its condition and ignore count. */
static bool bp_counts(struct dbg *d, struct bp *b, const struct ws_event *e)
{
    if (b->cond_ref != DBG_NOREF && b->cond_ref != 0) {
        int r = dbg_call_hook(d, b, b->cond_ref, e);
        if (r <= 0)
            return false;
    }
    b->hits++;
    if (b->ignore) {
        b->ignore--;
        return false;
    }
    return true;
}

static bool reg_changed(struct dbg *d, struct bp *b, int sm, int warp)
{
    uint32_t v[32], mask;
    char err[160];
    if (inspect_reg(&d->s->dev, sm, warp, b->reg, v, &mask, err, sizeof err) != 0)
        return false;
    bool changed = false;
    for (int l = 0; l < 32; l++) {
        if (!(mask >> l & 1) || (b->lane >= 0 && b->lane != l))
            continue;
        if (b->have_old && v[l] != b->old[l])
            changed = true;
    }
    memcpy(b->old, v, sizeof v);
    b->have_old = true;
    return changed;
}

static bool mem_changed(struct dbg *d, struct bp *b)
{
    uint8_t buf[256];
    uint64_t n = b->len < sizeof buf ? b->len : sizeof buf;
    if (!dmem_read(&d->s->dev.mem, b->addr, buf, (size_t)n))
        return false;
    if (!b->mold) {
        b->mold = ws_xmalloc((size_t)n);
        memcpy(b->mold, buf, (size_t)n);
        return false;
    }
    if (memcmp(buf, b->mold, (size_t)n) == 0)
        return false;
    memcpy(b->mold, buf, (size_t)n);
    return true;
}

static bool bp_event(struct dbg *d, struct bp *b, const struct ws_event *e)
{
    uint64_t cta = 0;
    switch (b->kind) {
    case BP_PC: {
        const struct kimage *k = dbg_kernel(d);
        if (!k)
            return false;
        bp_resolve(b, k);
        if (b->rpcs.n == 0)
            return false;
        if (e->type == EV_WARP_ISSUE) {
            struct fwarp *w = dbg_warp(d, e->sm, e->warp, &cta);
            if (!w || w->state == FW_DONE || !pc_in(b, fx_pc(w)) ||
                !where_ok(b, e->sm, e->warp, cta))
                return false;
            return bp_counts(d, b, e);
        }
        /* a CTA starts: its warps stand at the first instruction */
        if (e->type == EV_CTA_LAUNCH && pc_in(b, 0)) {
            struct gpu *g = d->s->dev.gpu;
            for (uint32_t s = 0; s < gpu_warp_slots(g); s++) {
                struct fwarp *w = dbg_warp(d, e->sm, (int)s, &cta);
                if (w && cta == (uint64_t)e->a && fx_pc(w) == 0 &&
                    where_ok(b, e->sm, (int)s, cta)) {
                    struct ws_event at = *e;
                    at.warp = (int32_t)s;
                    if (bp_counts(d, b, &at)) {
                        note_stop(d, STOP_BP, b->id, &at);
                        return false;    /* noted */
                    }
                }
            }
        }
        return false;
    }
    case BP_EVENT:
        if (!(b->types >> e->type & 1))
            return false;
        if (e->warp >= 0)
            dbg_warp(d, e->sm, e->warp, &cta);
        if ((b->sm >= 0 && b->sm != e->sm) || (b->warp >= 0 && b->warp != e->warp))
            return false;
        return bp_counts(d, b, e);
    case BP_HOOK: {
        if (!(b->types >> e->type & 1) || b->errored)
            return false;
        int r = dbg_call_hook(d, b, b->fn_ref, e);
        if (r > 0)
            b->hits++;
        return r > 0;
    }
    case BP_REG:
        if (e->type != EV_WARP_ISSUE || e->sm != b->sm || e->warp != b->warp)
            return false;
        return reg_changed(d, b, e->sm, e->warp) && bp_counts(d, b, e);
    case BP_MEM:
        return e->type == EV_WARP_ISSUE && mem_changed(d, b) && bp_counts(d, b, e);
    case BP_L1SET: {
        if (e->sm != b->sm ||
            (e->type != EV_L1_FILL && e->type != EV_L1_EVICT))
            return false;
        uint64_t set;
        if (!dbg_l1_set(d, e->addr, &set) || set != b->set)
            return false;
        return bp_counts(d, b, e);
    }
    default:
        return false;
    }
}

/* Does event e meet request r? */
static bool req_event(struct dbg *d, const struct req *r, uint64_t *count,
                      const struct ws_event *e)
{
    switch (r->kind) {
    case REQ_ISSUES:
        if (e->type != EV_WARP_ISSUE)
            return false;
        if (!r->any && (e->sm != d->fsm || e->warp != d->fwarp))
            return false;
        if (++*count < r->n)
            return false;
        if (r->any) {
            d->fsm = e->sm;
            d->fwarp = e->warp;
        }
        return true;
    case REQ_EVENT:
        return r->types >> e->type & 1;
    case REQ_KERNEL:
        return e->type == EV_KERNEL_EXIT;
    case REQ_PASTPC: {
        if (e->type != EV_WARP_ISSUE || e->sm != d->fsm || e->warp != d->fwarp)
            return false;
        struct fwarp *w = dbg_warp(d, e->sm, e->warp, NULL);
        return !w || w->state == FW_DONE || fx_pc(w) > r->pc;
    }
    default:
        return false;
    }
}

static bool on_event(void *ctx, const struct ws_event *e)
{
    struct dbg *d = ctx;
    bool stop = false;
    if (d->find.active && e->type == EV_WARP_ISSUE &&
        e->sm == d->find.sm && e->warp == d->find.warp)
        dbg_find_note(d, e->cycle + 1, 0, e->sm, e->warp);
    if (d->own && !d->own->met && req_event(d, d->own, &d->own->count, e)) {
        d->own->met = true;
        stop = true;
    }
    if (d->drv_active && !d->drv.met &&
        req_event(d, &d->drv, &d->drv.count, e)) {
        d->drv.met = true;
        note_stop(d, STOP_REQ, 0, e);
        stop = true;
    }
    /* Going somewhere (goto, a restore's re-execution): breakpoints do
       not stop, but Lua hooks still run, so that their state is what a
       forward run would have made it. */
    bool quiet = d->drv_active && d->drv.quiet_bps && !d->find.active;
    for (size_t i = 0; i < d->bps.n; i++) {
        struct bp *b = &d->bps.v[i];
        if (!b->enabled || b->kind == BP_CYCLE || b->kind == BP_EXPR)
            continue;
        if (quiet && b->kind != BP_HOOK)
            continue;
        if (bp_event(d, b, e)) {
            if (d->find.active) {
                dbg_find_note(d, e->cycle + 1, b->id, e->sm, e->warp);
                continue;
            }
            if (quiet)
                continue;
            note_stop(d, b->kind == BP_HOOK ? STOP_HOOK : STOP_BP, b->id, e);
            stop = true;
        }
    }
    if (d->find.active)
        return false;
    return stop || d->stop_pending;
}

/* ---- the run loop --------------------------------------------------- */

/* Per-cycle checks after the device paused at `now`. */
static void after_cycle(struct dbg *d, uint64_t before, uint64_t now)
{
    for (size_t i = 0; i < d->probes.n; i++) {
        struct probe *p = &d->probes.v[i];
        if (!p->dead && now >= p->next) {
            dbg_probe_sample(d, p, now);
            p->next = now + p->every;
        }
    }
    bool quiet = d->drv_active && d->drv.quiet_bps && !d->find.active;
    for (size_t i = 0; i < d->bps.n && !quiet; i++) {
        struct bp *b = &d->bps.v[i];
        if (!b->enabled)
            continue;
        bool hit = false;
        if (b->kind == BP_CYCLE)
            hit = before < b->cycle && b->cycle <= now && bp_counts(d, b, NULL);
        else if (b->kind == BP_EXPR)
            hit = dbg_expr_changed(d, b) && bp_counts(d, b, NULL);
        if (!hit)
            continue;
        if (d->find.active) {
            dbg_find_note(d, now, b->id, -1, -1);
            continue;
        }
        note_stop(d, STOP_BP, b->id, NULL);
    }
    if (d->drv_active && !d->drv.met &&
        ((d->drv.kind == REQ_CYCLES && now >= d->drv.target) ||
         (d->drv.kind == REQ_EXPR && dbg_expr_true(d, d->drv.expr_ref)))) {
        d->drv.met = true;
        note_stop(d, STOP_REQ, 0, NULL);
    }
    if (d->own && !d->own->met && d->own->kind == REQ_CYCLES &&
        now >= d->own->target)
        d->own->met = true;
}

static bool per_cycle(const struct dbg *d)
{
    if (d->drv_active && d->drv.kind == REQ_EXPR)
        return true;
    for (size_t i = 0; i < d->bps.n; i++)
        if (d->bps.v[i].enabled && d->bps.v[i].kind == BP_EXPR)
            return true;
    return false;
}

/* The cycle the device may run to without the debugger looking. */
static uint64_t horizon(const struct dbg *d, uint64_t now)
{
    uint64_t u = UINT64_MAX;
#define MIN(x) do { uint64_t v_ = (x); if (v_ > now && v_ < u) u = v_; } while (0)
    if (d->own && d->own->kind == REQ_CYCLES)
        MIN(d->own->target);
    if (d->drv_active && d->drv.kind == REQ_CYCLES)
        MIN(d->drv.target);
    for (size_t i = 0; i < d->bps.n; i++)
        if (d->bps.v[i].enabled && d->bps.v[i].kind == BP_CYCLE)
            MIN(d->bps.v[i].cycle);
    for (size_t i = 0; i < d->probes.n; i++)
        if (!d->probes.v[i].dead)
            MIN(d->probes.v[i].next);
    if (d->reverse)
        MIN(d->ck_next);
    if (d->driver)
        MIN(now + (d->poll_cycles ? d->poll_cycles : 16384)); /* Ctrl-C, poll */
#undef MIN
    if (per_cycle(d))
        u = now + 1;
    if (u <= now)
        u = now + 1;
    return u;
}

/* Decides what a stop means; see dbg_simulate. -1: keep running. */
static int settle(struct dbg *d, struct req *own)
{
    bool drv_stop = d->stop_pending &&
                    (d->stop.why == STOP_REQ || d->stop.why == STOP_INTERRUPT);
    bool bp_stop = d->stop_pending &&
                   (d->stop.why == STOP_BP || d->stop.why == STOP_HOOK);
    if (bp_stop && own && own->bp_stops) {
        d->stop_pending = false;
        own->met = true;
        return 0;            /* ws.continue(): the scenario gets it */
    }
    if (drv_stop || (bp_stop && d->driver))
        return 1;
    if (bp_stop) {           /* nobody to stop for */
        d->stop_pending = false;
        d->stop.why = STOP_NONE;
    }
    if (own && own->met)
        return 0;
    return -1;
}

/* A temporary breakpoint that stopped the run is deleted (its text is
   kept for the report). Breakpoints are the user's, not the model's: the
   deletion is logged so that going back in time does not bring it back. */
static void drop_temp(struct dbg *d)
{
    if (d->stop.why != STOP_BP)
        return;
    for (int i = 0; i < d->stop.nhits; i++) {
        struct bp *b = dbg_bp(d, d->stop.hits[i]);
        if (b && b->temp) {
            if (b->id == d->stop.bp) {
                free(d->stop.msg);
                d->stop.msg = ws_xstrdup(b->spec ? b->spec : "");
            }
            char del[32];
            snprintf(del, sizeof del, "delete %d", b->id);
            dbg_bp_delete(d, b->id);
            if (b->user && !d->quiet && !d->replaying) {
                dbg_log(d, del, true);
                d->log.v[d->log.n - 1].replay_only = true;
            }
        }
    }
}

int dbg_simulate(struct dbg *d, struct req *own, struct ws_diag *diag)
{
    struct req *saved_own = d->own;
    d->own = own;
    d->in_sim = true;
    d->hook_budget = config_i(&d->s->dev.cfg, CK_LUA_HOOK_INSTRUCTIONS);
    dbg_resubscribe(d);
    int ret;
    for (;;) {
        int s = settle(d, own);
        if (s >= 0) {
            ret = s;
            break;
        }
        if (d->interrupt) {
            d->interrupt = 0;
            note_stop(d, STOP_INTERRUPT, 0, NULL);
            if (d->driver) {
                ret = 1;
                break;
            }
            d->stop_pending = false;
            d->stop.why = STOP_NONE;
        }
        uint64_t now = dbg_cycle(d);
        if (d->reverse && now >= d->ck_next && dbg_checkpoint(d, now)) {
            dbg_resubscribe(d);  /* restored: a mission changed the request */
            continue;
        }
        if (d->drv_active && !d->drv.met && d->drv.kind == REQ_CYCLES &&
            now >= d->drv.target) {
            d->drv.met = true;   /* already there */
            note_stop(d, STOP_REQ, 0, NULL);
            continue;
        }
        if (own && !own->met && own->kind == REQ_CYCLES && now >= own->target) {
            own->met = true;
            continue;
        }
        if (d->poll && d->driver && d->poll(d)) {
            d->interrupt = 1;        /* a key in the TUI: pause */
            continue;
        }
        enum dev_status st = device_advance(&d->s->dev, horizon(d, now), diag);
        if (st == DEV_ERR) {
            ret = -1;
            break;
        }
        d->s->dev.bus->stop = false;
        after_cycle(d, now, dbg_cycle(d));
        if (d->resub) {              /* a hook failed and was disabled */
            d->resub = false;
            dbg_resubscribe(d);
        }
        if (st == DEV_DONE) {
            ret = settle(d, own);
            if (ret < 0) {
                if (own)
                    own->met = true;     /* the queue is empty */
                ret = 0;
            }
            break;
        }
    }
    drop_temp(d);
    d->in_sim = false;
    d->own = saved_own;
    dbg_resubscribe(d);
    return ret;
}
