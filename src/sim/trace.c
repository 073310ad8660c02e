/*
** trace.c - the trace writer (see trace.h): model events in, Chrome
** trace-event JSON out. Spans are written when they end (a complete "X"
** event carries its start and duration), so the file is not in time
** order; every consumer sorts it. The timeline's tracks are threads
** (tid) of processes (pid): pid 0 the GPU (kernels), pid 1 + s the SM s,
** PID_MEM the memory system; a tid is its pid times 2^20 plus a local
** number (TID), unique over the whole file because Perfetto names threads
** by tid alone. Overlapping spans of one kind (L1D misses in flight, DRAM
** requests queued) are spread over lanes, one track each.
** Memory-request flows: an L1D miss is followed by address - (SM, line)
** to its L2 access, (L2 line) to the DRAM read that fetches it, and
** (SM, line) to the L1D fill - and drawn as one flow ("s" at the miss,
** "t" at L2 and DRAM, "f" at the fill). Each point has the timestamp,
** track and category of the slice it binds to and comes after that slice
** in the file: Perfetto binds a point to the slice open on its track,
** Chrome's DevTools to the event with the same timestamp, track and
** category.
*/
#include "sim/trace.h"
#include "sim/trace-internal.h"
#include "compile/print.h"
#include "timing/sm.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---- what is traced, where ------------------------------------------ */

static bool sm_traced(const struct trace *t, int sm)
{
    return sm >= 0 && sm < TRACE_MAX_SMS &&
           (t->o.all_sms || (t->o.sms[sm / 64] >> (sm % 64) & 1));
}

/* ---- per SM ---------------------------------------------------------- */

static void configure(struct trace *t)
{
    const struct ws_config *c = &t->dev->cfg;
    t->configured = true;
    t->nsched = (uint32_t)config_i(c, CK_SM_SCHEDULERS);
    t->maxw = (uint32_t)config_i(c, CK_SM_MAX_WARPS);
    t->l2line = (uint64_t)config_i(c, CK_L2_LINE);
    t->l2cache = config_i(c, CK_L2_SIZE) >=
                 config_i(c, CK_L2_WAYS) * config_i(c, CK_L2_LINE);
}

static struct trace_sm *sm_state(struct trace *t, int sm, uint64_t c)
{
    struct trace_sm *s = t->sm[sm];
    if (s)
        return s;
    s = t->sm[sm] = ws_xcalloc(1, sizeof *s);
    s->sch = ws_xcalloc(t->nsched, sizeof *s->sch);
    s->live = ws_xcalloc(t->nsched, sizeof *s->live);
    s->w = ws_xcalloc(t->maxw, sizeof *s->w);
    s->cta = ws_xcalloc(t->maxw, sizeof *s->cta);
    for (uint32_t k = 0; k < t->nsched; k++)
        s->sch[k].state = NO_SPAN;
    for (uint32_t w = 0; w < t->maxw; w++)
        s->w[w].state = NO_SPAN;
    s->next = (c / t->o.interval + 1) * t->o.interval;
    s->mshr_at = c;
    return s;
}

static void sched_to(struct trace *t, int sm, struct trace_sm *s, uint32_t k,
                     int state, uint64_t c)
{
    struct trace_span *p = &s->sch[k];
    if (state == ISSUING && p->state == ISSUING && c <= p->last + 1) {
        p->last = c;
        return;
    }
    if (state != ISSUING && state == p->state)
        return;
    if (p->state != NO_SPAN && tw_traces(t, TRACE_SCHED))
        tw_span(t, (uint32_t)sm + 1, L_SCHED + k, "sched",
             p->state == ISSUING ? "issue" : stall_name((enum stall)p->state),
             p->start, p->state == ISSUING ? p->last + 1 : c, "");
    p->state = state;
    p->start = p->last = c;
}

/* A scheduler with no live warp left is idle: its span ends. */
static void sched_idle(struct trace *t, int sm, struct trace_sm *s, uint64_t c)
{
    for (uint32_t k = 0; k < t->nsched; k++)
        if (!s->live[k])
            sched_to(t, sm, s, k, NO_SPAN, c);
}

static bool live_state(int64_t st)
{
    return st >= 0 && st != STALL_IDLE;
}

static void warp_state(struct trace *t, const struct ws_event *e,
                       struct trace_sm *s)
{
    if (e->warp < 0 || (uint32_t)e->warp >= t->maxw)
        return;
    struct trace_span *w = &s->w[e->warp];
    uint32_t k = (uint32_t)e->warp % t->nsched;
    if (w->state != NO_SPAN && tw_traces(t, TRACE_WARPS)) {
        char args[48] = "";
        if (w->state == STALL_BARRIER)
            snprintf(args, sizeof args, "\"barrier\":%lld", (long long)w->arg);
        tw_span(t, (uint32_t)e->sm + 1, L_WARP + (uint32_t)e->warp, "warps",
             warp_state_name(w->state), w->start, e->cycle, args);
    }
    s->live[k] += live_state(e->a);
    s->live[k] -= live_state(e->b) && s->live[k];
    w->state = e->a >= 0 ? (int)e->a : NO_SPAN;
    w->start = e->cycle;
    sched_idle(t, e->sm, s, e->cycle);
}

static void issue(struct trace *t, const struct ws_event *e,
                  struct trace_sm *s)
{
    s->issued++;
    sched_to(t, e->sm, s, (uint32_t)e->warp % t->nsched, ISSUING, e->cycle);
    if (!tw_traces(t, TRACE_ISSUE) || !tw_in_window(t, e->cycle))
        return;
    const struct kimage *k = t->dev->run.in_launch ? t->dev->run.L.k : NULL;
    char args[96];
    snprintf(args, sizeof args, "\"pc\":%lld,\"lanes\":%lld", (long long)e->a,
             (long long)e->b);
    if (k && e->a >= 0 && e->a < k->ninst)
        snprintf(args + strlen(args), sizeof args - strlen(args),
                 ",\"line\":%d", k->flat.insts.v[e->a].line);
    tw_instant(t, (uint32_t)e->sm + 1, L_WARP + (uint32_t)e->warp, "issue",
            tw_opname(t, k, e->a), e->cycle, args);
}

static void cta(struct trace *t, const struct ws_event *e, struct trace_sm *s)
{
    if (e->warp < 0 || (uint32_t)e->warp >= t->maxw)
        return;
    struct trace_cta *c = &s->cta[e->warp];
    if (e->type == EV_CTA_LAUNCH) {
        c->start = e->cycle;
        c->id = e->a;
        c->async = ++t->async_ids;
        s->nctas++;
        if (!t->in_kernel) {
            t->in_kernel = true;
            t->kernel_start = e->cycle;
        }
        return;
    }
    tw_cta_span(t, (uint32_t)e->sm + 1, c, e->cycle);
    c->async = 0;
    if (s->nctas)
        s->nctas--;
}

static void kernel_exit(struct trace *t, const struct ws_event *e)
{
    const struct kimage *k = t->dev->run.in_launch ? t->dev->run.L.k : NULL;
    if (t->in_kernel && tw_traces(t, TRACE_CTA)) {
        char args[48];
        snprintf(args, sizeof args, "\"grid\":%lld", (long long)e->a);
        tw_span(t, PID_GPU, 0, "cta", k ? k->name : "kernel", t->kernel_start,
             e->cycle, args);
    }
    t->in_kernel = false;
    for (int i = 0; i < TRACE_MAX_SMS; i++)
        if (t->sm[i]) {
            memset(t->sm[i]->live, 0, t->nsched * sizeof *t->sm[i]->live);
            sched_idle(t, i, t->sm[i], e->cycle);
        }
}

static void design_event(struct trace *t, const struct ws_event *e)
{
    if (!tw_traces(t, TRACE_DESIGN) && !(t->design_types >> e->type & 1))
        return;
    const struct ev_fields *f = ev_fields_of((enum ev_type)e->type);
    char args[160] = "";
    size_t n = 0;
#define ARG(...) n += (size_t)snprintf(args + n, sizeof args - n, __VA_ARGS__)
    if (e->warp >= 0)
        ARG("\"warp\":%d,", e->warp);
    if (!f || !(f->addr || f->a || f->b))
        ARG("\"addr\":%llu,\"a\":%lld,\"b\":%lld,",
            (unsigned long long)e->addr, (long long)e->a, (long long)e->b);
    if (f && f->addr)
        ARG("\"%s\":%llu,", f->addr, (unsigned long long)e->addr);
    if (f && f->a && e->a >= 0 && (uint64_t)e->a < f->a_enum_n)
        ARG("\"%s\":\"%s\",", f->a, f->a_enum[e->a]);
    else if (f && f->a)
        ARG("\"%s\":%lld,", f->a, (long long)e->a);
    if (f && f->b)
        ARG("\"%s\":%lld,", f->b, (long long)e->b);
#undef ARG
    if (n && n < sizeof args)
        args[n - 1] = 0;         /* the last comma */
    uint32_t pid = e->sm >= 0 ? (uint32_t)e->sm + 1 : PID_MEM;
    tw_instant(t, pid, (pid == PID_MEM ? L_MEM_DESIGN : L_DESIGN) + e->type,
            "design", ev_name((enum ev_type)e->type), e->cycle, args);
}

/* Events of one SM. */
static void sm_event(struct trace *t, const struct ws_event *e)
{
    struct trace_sm *s = sm_state(t, e->sm, e->cycle);
    tw_counters(t, e->sm, s, e->cycle);
    switch (e->type) {
    case EV_WARP_ISSUE:
        issue(t, e, s);
        break;
    case EV_WARP_STALL:
        if (e->b >= 0 && (uint64_t)e->b < t->nsched)
            sched_to(t, e->sm, s, (uint32_t)e->b, (int)e->a, e->cycle);
        break;
    case EV_WARP_STATE:
        warp_state(t, e, s);
        break;
    case EV_BARRIER:
        if (e->warp >= 0 && (uint32_t)e->warp < t->maxw)
            s->w[e->warp].arg = e->a;
        break;
    case EV_CTA_LAUNCH: case EV_CTA_EXIT:
        cta(t, e, s);
        break;
    case EV_RF_CONFLICT:
        s->conflicts += (uint64_t)e->b;
        break;
    case EV_L1_HIT:
        s->hits++;
        s->accesses++;
        break;
    case EV_MSHR_MERGE:
        s->accesses++;
        break;
    case EV_L1_MISS: case EV_L1_FILL:
        tw_l1(t, e, s);
        break;
    case EV_SHMEM_CONFLICT:
        if (tw_traces(t, TRACE_WARPS) && e->warp >= 0) {
            char args[64];
            snprintf(args, sizeof args, "\"degree\":%lld,\"pc\":%lld",
                     (long long)e->a, (long long)e->b);
            tw_instant(t, (uint32_t)e->sm + 1, L_WARP + (uint32_t)e->warp,
                    "warps", "shared-memory conflict", e->cycle, args);
        }
        break;
    default:
        if (e->type >= EV__BASE)
            design_event(t, e);
        break;
    }
}

/* The window has ended (or the trace is closing) at cycle c: every span
   still open ends there; nothing more is written. */
static void end_all(struct trace *t, uint64_t c)
{
    if (t->ended)
        return;
    for (int i = 0; i < TRACE_MAX_SMS; i++) {
        struct trace_sm *s = t->sm[i];
        if (!s)
            continue;
        tw_counters_flush(t, i, s, c);
        for (uint32_t k = 0; k < t->nsched; k++)
            sched_to(t, i, s, k, NO_SPAN, c);
        for (uint32_t w = 0; w < t->maxw; w++) {
            struct ws_event e = { EV_WARP_STATE, (int16_t)i, (int32_t)w, c,
                                  0, -1, -1 };
            if (s->w[w].state != NO_SPAN)
                warp_state(t, &e, s);
            if (s->cta[w].async)
                tw_cta_span(t, (uint32_t)i + 1, &s->cta[w], c);
        }
    }
    if (t->in_kernel && tw_traces(t, TRACE_CTA))
        tw_span(t, PID_GPU, 0, "cta", "kernel (running)", t->kernel_start, c, "");
    tw_memory_end(t, c);
    t->ended = true;
    if (t->sub >= 0)
        evbus_unsubscribe(t->bus, t->sub);
    t->sub = -1;
}

static bool on_event(void *ctx, const struct ws_event *e)
{
    struct trace *t = ctx;
    if (t->ended)
        return false;
    if (!t->configured)
        configure(t);
    if (e->cycle >= t->o.to) {
        end_all(t, t->o.to);
        return false;
    }
    if (e->cycle + 1 > t->last)
        t->last = e->cycle + 1;
    switch (e->type) {
    case EV_KERNEL_EXIT:
        kernel_exit(t, e);
        break;
    case EV_L2_ACCESS: case EV_DRAM_REQUEST: case EV_DRAM_DONE:
        tw_memory(t, e);
        break;
    default:
        if (sm_traced(t, e->sm))
            sm_event(t, e);
        else if (e->sm < 0 && e->type >= EV__BASE)
            design_event(t, e);
        break;
    }
    return false;
}

/* The event types the options need. */
static uint64_t wanted(const struct trace *t)
{
    uint64_t m = 0;
#define B(x) ((uint64_t)1 << (x))
    /* scheduler and warp spans, CTAs and counters all need the warps'
       states and issues (counters count issues) */
    if (t->o.cats & (TRACE_ISSUE | TRACE_WARPS | TRACE_SCHED | TRACE_CTA |
                     TRACE_COUNTERS))
        m |= B(EV_WARP_ISSUE) | B(EV_WARP_STALL) | B(EV_WARP_STATE) |
             B(EV_BARRIER) | B(EV_CTA_LAUNCH) | B(EV_CTA_EXIT) |
             B(EV_KERNEL_EXIT);
    if (t->o.cats & TRACE_WARPS)
        m |= B(EV_SHMEM_CONFLICT);
    if (t->o.cats & (TRACE_COUNTERS | TRACE_MEMORY))
        m |= B(EV_L1_HIT) | B(EV_L1_MISS) | B(EV_MSHR_MERGE) | B(EV_L1_FILL) |
             B(EV_RF_CONFLICT);
    if (t->o.cats & TRACE_MEMORY)
        m |= B(EV_L2_ACCESS) | B(EV_DRAM_REQUEST) | B(EV_DRAM_DONE);
    if (t->o.cats & TRACE_DESIGN)
        m |= ~(B(EV__BASE) - 1);
    m |= t->o.design_types;
#undef B
    return m;
}

struct trace *trace_open(const char *path, const struct trace_opts *o,
                         struct ws_diag *d)
{
    struct trace *t = ws_xcalloc(1, sizeof *t);
    t->o = *o;
    t->design_types = o->design_types;
    t->sub = -1;
    t->fl_free = t->dr_free = -1;
    ptrmap_init(&t->seen);
    if (tw_file_open(t, path, d) != WS_OK) {
        free(t);
        return NULL;
    }
    return t;
}

void trace_attach(struct trace *t, struct ws_device *dev)
{
    t->dev = dev;
    t->bus = dev->bus;
    t->sub = evbus_subscribe(t->bus, wanted(t), on_event, t);
}

int trace_close(struct trace *t, const char *scenario, struct ws_diag *d)
{
    if (!t)
        return WS_OK;
    if (t->configured)
        end_all(t, t->last < t->o.to ? t->last : t->o.to);
    else if (t->sub >= 0)
        evbus_unsubscribe(t->bus, t->sub);
    int rc = tw_file_close(t, scenario, d);
    for (int i = 0; i < TRACE_MAX_SMS; i++)
        if (t->sm[i]) {
            free(t->sm[i]->sch);
            free(t->sm[i]->live);
            free(t->sm[i]->w);
            free(t->sm[i]->cta);
            free(t->sm[i]->miss.until);
            free(t->sm[i]->fill.until);
            free(t->sm[i]);
        }
    ptrmap_free(&t->seen);
    tw_memory_free(t);
    tw_opnames_free(t);
    free(t);
    return rc;
}
