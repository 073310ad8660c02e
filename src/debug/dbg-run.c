/*
** dbg-run.c - running the scenario under the debugger: the coroutine,
** resuming it for a request, and reporting where it stopped.
*/
#include "debug/dbg-internal.h"
#include "compile/image.h"
#include "sim/session.h"
#include "timing/gpu.h"
#include "util/invariant.h"
#include "util/xalloc.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int dbg_load_scenario(struct dbg *d, const char *path, struct ws_diag *diag)
{
    if (d->eng->load(d->ectx, path, diag) != WS_OK)
        return WS_ERR;
    d->scen = SC_SUSPENDED;
    return WS_OK;
}

/* Resumes the scenario: 0 it yielded for us, 1 it finished, -1 it failed. */
static int resume_scenario(struct dbg *d)
{
    d->scen_running = true;
    diag_reset(&d->scen_diag);
    int rc = d->eng->resume(d->ectx, &d->scen_diag);
    d->scen_running = false;
    if (rc == 0)
        return 0;
    d->scen = SC_FINISHED;
    d->scen_rc = rc == 1 ? WS_OK : rc;
    return rc == 1 ? 1 : -1;
}

/* "sm 0 warp 3 (cta 2) at file.ptx:41: <source line>" */
void dbg_where(struct dbg *d, int sm, int warp, struct strbuf *o)
{
    uint64_t cta = 0;
    struct fwarp *w = dbg_warp(d, sm, warp, &cta);
    const struct kimage *k = dbg_kernel(d);
    if (!w || !k) {
        sb_printf(o, "sm %d warp %d (not running)", sm, warp);
        return;
    }
    int32_t pc = fx_pc(w);
    sb_printf(o, "sm %d warp %d (cta %" PRIu64 ")", sm, warp, cta);
    if (w->state == FW_DONE || pc < 0 || pc >= k->ninst) {
        sb_puts(o, " has exited");
        return;
    }
    int line = k->flat.insts.v[pc].line;
    const struct ptx_module *m = k->mod;
    const char *file = strrchr(m->path, '/');
    sb_printf(o, " at %s:%d (pc %d)", file ? file + 1 : m->path, line, pc);
    if (line > 0 && (size_t)line <= m->line_start.n) {
        const char *s = m->text + m->line_start.v[line - 1];
        while (*s == ' ' || *s == '\t')
            s++;
        size_t n = strcspn(s, "\r\n");
        sb_printf(o, ": %.*s", (int)(n > 100 ? 100 : n), s);
    }
}

static void show_displays(struct dbg *d)
{
    for (size_t i = 0; i < d->displays.n; i++) {
        char *text;
        bool syntax;
        if (dbg_script_eval(d, d->displays.v[i], DBG_TEXT_PLAIN, "display",
                            &text, &syntax) == WS_OK)
            dbg_printf(d, "%zu: %s = %s\n", i + 1, d->displays.v[i], text);
        else if (syntax)
            dbg_printf(d, "%zu: %s\n", i + 1, text);
        else
            dbg_printf(d, "%zu: %s = <error: %s>\n", i + 1, d->displays.v[i],
                       text);
        free(text);
    }
}

static const char *bp_label(const struct bp *b)
{
    switch (b->kind) {
    case BP_HOOK: return "Hook";
    case BP_REG: case BP_MEM: case BP_L1SET: case BP_EXPR: return "Watchpoint";
    default: return "Breakpoint";
    }
}

void dbg_report(struct dbg *d)
{
    struct strbuf o;
    sb_init(&o);
    uint64_t now = dbg_cycle(d);
    const struct stop *st = &d->stop;
    struct bp *b = st->why == STOP_BP || st->why == STOP_HOOK ? dbg_bp(d, st->bp) : NULL;
    const char *spec = b && b->spec ? b->spec : (st->msg ? st->msg : "");
    switch (st->why) {
    case STOP_BP:
    case STOP_HOOK:
        sb_printf(&o, "%s %d (%s)", b ? bp_label(b) : "Breakpoint", st->bp, spec);
        for (int i = 0; i < st->nhits; i++) {
            if (st->hits[i] == st->bp)
                continue;
            struct bp *o2 = dbg_bp(d, st->hits[i]);
            sb_printf(&o, ", %d (%s)", st->hits[i], o2 && o2->spec ? o2->spec : "deleted");
        }
        sb_printf(&o, ", cycle %" PRIu64, now);
        if (st->has_ev && st->ev.type != EV_WARP_ISSUE && st->ev.type != EV_CTA_LAUNCH) {
            sb_puts(&o, ": ");
            dbg_explain(d, &st->ev, &o);
        }
        if (b && b->kind == BP_REG)
            sb_printf(&o, ": %s changed", b->reg);
        if (b && b->kind == BP_EXPR)
            sb_printf(&o, ": now %s", b->old_val ? b->old_val : "?");
        sb_puts(&o, "\n");
        if (st->warp >= 0 && (st->ev.type == EV_WARP_ISSUE || st->ev.type == EV_CTA_LAUNCH)) {
            sb_puts(&o, "  ");
            dbg_where(d, st->sm, st->warp, &o);
            sb_puts(&o, "\n");
        }
        break;
    case STOP_REQ:
        sb_printf(&o, "cycle %" PRIu64, now);
        if (st->has_ev && st->ev.type == EV_WARP_ISSUE) {
            sb_puts(&o, ": ");
            dbg_where(d, st->ev.sm, st->ev.warp, &o);
        } else if (st->has_ev) {
            sb_puts(&o, ": ");
            dbg_explain(d, &st->ev, &o);
        }
        sb_puts(&o, "\n");
        break;
    case STOP_END:
        sb_printf(&o, "The scenario has finished (cycle %" PRIu64 ").\n", now);
        break;
    case STOP_ERROR:
        if (d->s->dev.run.faulted)
            sb_printf(&o, "The scenario stopped with an error at cycle %" PRIu64 ", in the kernel (kept as it was there: info warp, info registers, x, reverse-stepc):\n", now);
        else if (d->s->dev.gpu)
            sb_printf(&o, "The scenario stopped with an error at cycle %" PRIu64 ":\n", now);
        else
            sb_puts(&o, "The scenario stopped with an error:\n");
        diag_render(&d->scen_diag, &o);
        break;
    case STOP_INTERRUPT:
        sb_printf(&o, "Interrupted at cycle %" PRIu64 ".\n", now);
        break;
    case STOP_PAUSE:
        sb_printf(&o, "Paused by the scenario at cycle %" PRIu64 "%s%s (continue goes on)\n",
                  now, st->msg ? ": " : "", st->msg ? st->msg : "");
        break;
    case STOP_NONE:
        break;
    }
    dbg_printf(d, "%s", sb_str(&o));
    sb_free(&o);
    if (st->why != STOP_END && st->why != STOP_ERROR)
        show_displays(d);
}

/* The mission of a restored checkpoint is complete: say where we are. */
static void report_mission(struct dbg *d, int why, int bp)
{
    struct strbuf o;
    sb_init(&o);
    uint64_t now = dbg_cycle(d);
    if (why == 3)
        sb_printf(&o, "No earlier stop: at the first snapshot, cycle %" PRIu64 ".\n", now);
    else if (why == 2 && dbg_bp(d, bp))
        sb_printf(&o, "%s %d (%s), cycle %" PRIu64 " (going back)\n",
                  bp_label(dbg_bp(d, bp)), bp,
                  dbg_bp(d, bp)->spec ? dbg_bp(d, bp)->spec : "", now);
    else
        sb_printf(&o, "cycle %" PRIu64 " (going back)\n", now);
    const struct bp *b = why == 2 ? dbg_bp(d, bp) : NULL;
    if (why == 1 || (b && (b->kind == BP_PC || b->kind == BP_REG))) {
        sb_puts(&o, "  ");
        dbg_where(d, d->fsm, d->fwarp, &o);
        sb_puts(&o, "\n");
    }
    dbg_printf(d, "%s", sb_str(&o));
    sb_free(&o);
    show_displays(d);
}

/* A held kernel fault: the focus goes to the warp that faulted. */
static void focus_fault(struct dbg *d)
{
    if (!d->s->dev.run.faulted || ws_where.sm < 0 || ws_where.warp < 0)
        return;
    d->fsm = ws_where.sm;
    d->fwarp = ws_where.warp;
}

static int run(struct dbg *d)
{
    for (;;) {
        if (d->scen == SC_SUSPENDED) {
            int r = resume_scenario(d);
            if (r == 0)
                return WS_OK;            /* stopped for us */
            if (r < 0) {
                dbg_stop_reset(d);
                d->stop.why = STOP_ERROR;
                focus_fault(d);
                return WS_OK;
            }
            continue;                    /* finished: run what it queued */
        }
        struct ws_diag diag = { 0 };
        int r = dbg_simulate(d, NULL, &diag);
        if (r == 1)
            return WS_OK;
        if (r < 0) {
            diag_reset(&d->scen_diag);
            d->scen_diag = diag;
            d->scen_rc = WS_ERR;
            dbg_stop_reset(d);
            d->stop.why = STOP_ERROR;
            focus_fault(d);
            return WS_OK;
        }
        dbg_stop_reset(d);
        d->stop.why = STOP_END;
        return WS_OK;
    }
}

int dbg_resume(struct dbg *d, const struct req *r)
{
    if (d->in_sim) {
        dbg_error(d, "cannot run the simulation from inside a hook, probe or condition");
        return WS_ERR;
    }
    if (d->scen == SC_NOT_STARTED) {
        dbg_error(d, "no scenario is loaded");
        return WS_ERR;
    }
    if (d->s->dev.run.faulted) {
        dbg_printf(d, "error: the kernel stopped with an error at cycle %" PRIu64 " and nothing runs on from there; look around (info warp, info registers, x) or go back (reverse-stepc, reverse-step, goto-cycle)\n",
                   dbg_cycle(d));
        return WS_ERR;
    }
    if (d->scen == SC_FINISHED && d->s->dev.queue.n == 0) {
        if (d->scen_rc == WS_ERR)
            dbg_error(d, "the scenario ended with an error; nothing left to run");
        else
            dbg_printf(d, "The scenario has finished (cycle %" PRIu64 "); nothing left to run. Use goto-cycle or reverse-step to look back.\n",
                       dbg_cycle(d));
        return WS_ERR;
    }
    if (r->kind != REQ_RUN && !device_timing(&d->s->dev)) {
        dbg_error(d, "stepping needs the cycle-level model (sim.mode = \"timing\"); functional mode can only continue");
        return WS_ERR;
    }
    d->hook_budget = config_i(&d->s->dev.cfg, CK_LUA_HOOK_INSTRUCTIONS);
    d->ck_interval = (uint64_t)config_i(&d->s->dev.cfg, CK_DEBUG_CHECKPOINT_INTERVAL);
    d->ck.max = (size_t)config_i(&d->s->dev.cfg, CK_DEBUG_CHECKPOINTS);
    dbg_stop_reset(d);
    d->stop_pending = false;
    d->drv = *r;
    d->drv.count = 0;
    d->drv.met = false;
    d->drv_active = true;
    run(d);
    while (d->mission.active) {
        int why = d->mission.why, bp = d->mission.bp;
        bool find = d->mission.find;
        dbg_mission_done(d);          /* a search goes on elsewhere */
        if (!find) {
            d->drv_active = false;
            report_mission(d, why, bp);
            return WS_OK;
        }
    }
    d->drv_active = false;
    dbg_report(d);
    return WS_OK;
}

void dbg_run_to_end(struct dbg *d)
{
    d->driver = false;
    d->drv_active = false;
    d->stop_pending = false;
    dbg_stop_reset(d);
    d->s->dev.hold_faults = false;
    if (d->s->dev.run.faulted) {   /* the fault ends the run after all */
        device_abandon(&d->s->dev);
        return;
    }
    bool q = d->quiet;
    d->quiet = false;
    if (d->scen != SC_NOT_STARTED &&
        !(d->scen == SC_FINISHED && d->s->dev.queue.n == 0 && !d->s->dev.run.active))
        run(d);
    d->quiet = q;
}
