/*
** trace-mem.c - the trace writer's memory side (see trace.c): L1D misses
** (a span from miss to fill, on lanes: one track per miss in flight at
** once) and fills, L2 accesses (a one-cycle span per request a slice
** takes), DRAM requests (queued to done, on lanes per channel) and the
** flows that tie one miss's spans together; the counters sampled per
** interval; CTA residency as async slices.
*/
#include "sim/trace-internal.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_LANE UINT32_MAX

/* ---- lanes ------------------------------------------------------------ */

/* A lane free at start (busy from then on), or NO_LANE past max lanes. */
static uint32_t lane_take(struct trace_lanes *l, uint64_t start, uint32_t max)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->until[i] <= start) {
            l->until[i] = UINT64_MAX;
            return i;
        }
    if (l->n >= max)
        return NO_LANE;
    l->until = ws_xrealloc(l->until, (l->n + 1) * sizeof *l->until);
    l->until[l->n] = UINT64_MAX;
    return l->n++;
}

static void lane_free(struct trace_lanes *l, uint32_t i, uint64_t end)
{
    if (i < l->n)
        l->until[i] = end;
}

/* ---- flows -------------------------------------------------------------- */

static uint64_t open_key(int sm, uint64_t addr)
{
    return addr << 11 | (uint64_t)sm;
}

static int32_t flow_new(struct trace *t)
{
    int32_t i = t->fl_free;
    if (i >= 0) {
        t->fl_free = t->fl[i].next_free;
    } else {
        t->fl = ws_xrealloc(t->fl, (t->nfl + 1) * sizeof *t->fl);
        i = (int32_t)t->nfl++;
    }
    memset(&t->fl[i], 0, sizeof t->fl[i]);
    t->fl[i].id = ++t->flow_ids;
    t->fl[i].l2_out = -1;
    t->fl[i].l2_slice = t->fl[i].dram_local = -1;
    t->fl[i].wprev = t->fl[i].wnext = -1;
    return i;
}

static void wait_add(struct trace *t, int32_t i, uint64_t line)
{
    struct trace_flow *f = &t->fl[i];
    int64_t head = -1;
    ptrmap_get(&t->wait, tw_key(line), &head);
    f->waiting = true;
    f->wline = line;
    f->wprev = -1;
    f->wnext = (int32_t)head;
    if (head >= 0)
        t->fl[head].wprev = i;
    ptrmap_put(&t->wait, tw_key(line), i);
}

static void wait_remove(struct trace *t, int32_t i)
{
    struct trace_flow *f = &t->fl[i];
    if (!f->waiting)
        return;
    if (f->wnext >= 0)
        t->fl[f->wnext].wprev = f->wprev;
    if (f->wprev >= 0)
        t->fl[f->wprev].wnext = f->wnext;
    else if (f->wnext >= 0)
        ptrmap_put(&t->wait, tw_key(f->wline), f->wnext);
    else
        ptrmap_del(&t->wait, tw_key(f->wline));
    f->waiting = false;
}

static void flow_free(struct trace *t, int32_t i)
{
    wait_remove(t, i);
    ptrmap_del(&t->open, tw_key(open_key(t->fl[i].sm, t->fl[i].addr)));
    t->fl[i].id = 0;
    t->fl[i].next_free = t->fl_free;
    t->fl_free = i;
}

static void flow_point(struct trace *t, char ph, uint32_t id, uint32_t pid,
                       uint32_t local, uint64_t c)
{
    long long tid = tw_thread(t, pid, local);
    tw_event(t, "{\"ph\":\"%c\",\"cat\":\"memory\",\"name\":\"request\",\"id\":%u,\"pid\":%u,\"tid\":%lld,\"ts\":%llu%s}",
             ph, id, pid, tid, (unsigned long long)c,
             ph == 'f' ? ",\"bp\":\"e\"" : "");
}

/* The miss's span from miss to c; with a fill lane, its flow too. */
static void flow_end(struct trace *t, int32_t i, struct trace_sm *s,
                     uint64_t c, uint32_t fill_lane)
{
    struct trace_flow *f = &t->fl[i];
    uint32_t pid = (uint32_t)f->sm + 1;
    char args[96];
    snprintf(args, sizeof args, "\"addr\":%llu,\"l2\":\"%s\"",
             (unsigned long long)f->addr,
             f->l2_out >= 0 ? ev_l2_outcome_name(f->l2_out) : "-");
    if (f->lane != NO_LANE) {
        tw_span(t, pid, L_MISS + f->lane, "memory", "miss", f->miss, c, args);
        lane_free(&s->miss, f->lane, c);
        if (fill_lane != NO_LANE) {
            flow_point(t, 's', f->id, pid, L_MISS + f->lane, f->miss);
            if (f->l2_slice >= 0)
                flow_point(t, 't', f->id, PID_MEM, (uint32_t)f->l2_slice,
                           f->l2_t);
            /* a request that merged into a DRAM access begun before it
               reached the L2 (another sector's, of the same line) shows
               no DRAM point: a flow's points follow time */
            if (f->dram_local >= 0 && f->dram_t >= f->l2_t)
                flow_point(t, 't', f->id, PID_MEM, (uint32_t)f->dram_local,
                           f->dram_t);
            flow_point(t, 'f', f->id, pid, L_FILL + fill_lane, c);
        }
    }
    flow_free(t, i);
}

/* ---- L1D ---------------------------------------------------------------- */

static void mshr_to(struct trace_sm *s, uint64_t c)
{
    if (c > s->mshr_at) {
        s->mshr_sum += s->mshr * (c - s->mshr_at);
        s->mshr_at = c;
    }
}

static void miss(struct trace *t, const struct ws_event *e, struct trace_sm *s)
{
    uint64_t k = open_key(e->sm, e->addr);
    int64_t old;
    if (ptrmap_get(&t->open, tw_key(k), &old))
        flow_end(t, (int32_t)old, s, e->cycle, NO_LANE);
    int32_t i = flow_new(t);
    struct trace_flow *f = &t->fl[i];
    f->sm = e->sm;
    f->addr = e->addr;
    f->miss = e->cycle;
    f->lane = lane_take(&s->miss, e->cycle, SM_LANES);
    ptrmap_put(&t->open, tw_key(k), i);
}

static void fill(struct trace *t, const struct ws_event *e, struct trace_sm *s)
{
    uint32_t lane = lane_take(&s->fill, e->cycle, SM_LANES);
    if (lane != NO_LANE) {
        char args[40];
        snprintf(args, sizeof args, "\"addr\":%llu",
                 (unsigned long long)e->addr);
        tw_span(t, (uint32_t)e->sm + 1, L_FILL + lane, "memory", "fill",
                e->cycle, e->cycle + 1, args);
        lane_free(&s->fill, lane, e->cycle + 1);
    }
    int64_t i;
    if (ptrmap_get(&t->open, tw_key(open_key(e->sm, e->addr)), &i))
        flow_end(t, (int32_t)i, s, e->cycle, lane);
}

void tw_l1(struct trace *t, const struct ws_event *e, struct trace_sm *s)
{
    mshr_to(s, e->cycle);
    bool mem = tw_traces(t, TRACE_MEMORY) && tw_in_window(t, e->cycle);
    if (e->type == EV_L1_MISS) {
        s->accesses++;
        s->mshr++;
        if (mem)
            miss(t, e, s);
    } else {
        if (s->mshr)
            s->mshr--;
        if (mem)
            fill(t, e, s);
    }
}

/* ---- L2 and DRAM -------------------------------------------------------- */

static uint64_t dram_key(uint64_t addr, bool write)
{
    return addr << 1 | write;
}

/* The newest queued DRAM request of addr (reads), or -1. */
static int32_t dram_newest(struct trace *t, uint64_t addr)
{
    int64_t i = -1;
    ptrmap_get(&t->dram, tw_key(dram_key(addr, false)), &i);
    while (i >= 0 && t->dr[i].next >= 0)
        i = t->dr[i].next;
    return (int32_t)i;
}

static void dram_attach(struct trace *t, struct trace_flow *f, int32_t d)
{
    if (t->dr[d].lane == NO_LANE)
        return;
    f->dram_t = t->dr[d].t;
    f->dram_local = (int32_t)(L_DRAM + t->dr[d].chan * DRAM_LANES +
                              t->dr[d].lane);
}

static void l2_access(struct trace *t, const struct ws_event *e)
{
    char args[64];
    snprintf(args, sizeof args, "\"addr\":%llu,\"sm\":%d",
             (unsigned long long)e->addr, e->sm);
    tw_span(t, PID_MEM, (uint32_t)e->a, "memory", ev_l2_outcome_name(e->b),
            e->cycle, e->cycle + 1, args);
    int64_t i;
    if (e->sm < 0 || !ptrmap_get(&t->open, tw_key(open_key(e->sm, e->addr)), &i))
        return;
    struct trace_flow *f = &t->fl[i];
    if (f->l2_out >= 0)
        return;
    f->l2_slice = (int32_t)e->a;
    f->l2_t = e->cycle;
    f->l2_out = (int8_t)e->b;
    if (e->b != EV_L2_MISS && e->b != EV_L2_MERGE && e->b != EV_L2_FORWARD)
        return;
    uint64_t line = e->b == EV_L2_FORWARD || !t->l2cache
                        ? e->addr : e->addr & ~(t->l2line - 1);
    /* a merge joins the miss it merged into: still waiting for DRAM, or
       already queued there */
    int32_t d = e->b == EV_L2_MERGE && !ptrmap_get(&t->wait, tw_key(line), NULL)
                    ? dram_newest(t, line) : -1;
    if (d >= 0)
        dram_attach(t, f, d);
    else
        wait_add(t, (int32_t)i, line);
}

static void dram_request(struct trace *t, const struct ws_event *e)
{
    uint32_t ch = (uint32_t)e->a;
    if (ch >= t->ndlanes) {
        t->dlanes = ws_xrealloc(t->dlanes, (ch + 1) * sizeof *t->dlanes);
        memset(t->dlanes + t->ndlanes, 0,
               (ch + 1 - t->ndlanes) * sizeof *t->dlanes);
        t->ndlanes = ch + 1;
    }
    int32_t d = t->dr_free;
    if (d >= 0) {
        t->dr_free = t->dr[d].next;
    } else {
        t->dr = ws_xrealloc(t->dr, (t->ndr + 1) * sizeof *t->dr);
        d = (int32_t)t->ndr++;
    }
    struct trace_dram *r = &t->dr[d];
    *r = (struct trace_dram){ e->addr, e->cycle, ch,
                         lane_take(&t->dlanes[ch], e->cycle, DRAM_LANES),
                         e->b != 0, -1 };
    int64_t head;
    if (ptrmap_get(&t->dram, tw_key(dram_key(e->addr, r->write)), &head)) {
        while (t->dr[head].next >= 0)
            head = t->dr[head].next;
        t->dr[head].next = d;
    } else {
        ptrmap_put(&t->dram, tw_key(dram_key(e->addr, r->write)), d);
    }
    int64_t w;
    while (!r->write && ptrmap_get(&t->wait, tw_key(e->addr), &w)) {
        dram_attach(t, &t->fl[w], d);
        wait_remove(t, (int32_t)w);
    }
}

/* Draws DRAM request d as [queued, c) and forgets it. */
static void dram_end(struct trace *t, int32_t d, uint64_t c)
{
    struct trace_dram *r = &t->dr[d];
    if (r->lane != NO_LANE) {
        char args[40];
        snprintf(args, sizeof args, "\"addr\":%llu",
                 (unsigned long long)r->addr);
        tw_span(t, PID_MEM, L_DRAM + r->chan * DRAM_LANES + r->lane,
                "memory", r->write ? "write" : "read", r->t, c, args);
        lane_free(&t->dlanes[r->chan], r->lane, c);
    }
    uint64_t k = dram_key(r->addr, r->write);
    if (r->next >= 0)
        ptrmap_put(&t->dram, tw_key(k), r->next);
    else
        ptrmap_del(&t->dram, tw_key(k));
    r->next = t->dr_free;
    t->dr_free = d;
}

void tw_memory(struct trace *t, const struct ws_event *e)
{
    if (!tw_in_window(t, e->cycle))
        return;
    int64_t d;
    switch (e->type) {
    case EV_L2_ACCESS:
        l2_access(t, e);
        break;
    case EV_DRAM_REQUEST:
        dram_request(t, e);
        break;
    case EV_DRAM_DONE:
        if (ptrmap_get(&t->dram, tw_key(dram_key(e->addr, e->b != 0)), &d))
            dram_end(t, (int32_t)d, e->cycle);
        break;
    default:
        break;
    }
}

void tw_memory_end(struct trace *t, uint64_t c)
{
    for (uint32_t i = 0; i < t->nfl; i++)
        if (t->fl[i].id)
            flow_end(t, (int32_t)i, t->sm[t->fl[i].sm], c, NO_LANE);
    for (uint32_t d = 0; d < t->ndr; d++) {
        int64_t head;
        const struct trace_dram *r = &t->dr[d];
        /* the queued ones: the head of their key's FIFO and what follows */
        if (ptrmap_get(&t->dram, tw_key(dram_key(r->addr, r->write)), &head) &&
            head == (int64_t)d)
            while (head >= 0) {
                int32_t nx = t->dr[head].next;
                dram_end(t, (int32_t)head, c);
                head = nx;
            }
    }
}

void tw_memory_free(struct trace *t)
{
    free(t->fl);
    free(t->dr);
    for (uint32_t c = 0; c < t->ndlanes; c++)
        free(t->dlanes[c].until);
    free(t->dlanes);
    ptrmap_free(&t->open);
    ptrmap_free(&t->wait);
    ptrmap_free(&t->dram);
}

/* ---- counters and CTAs ------------------------------------------------ */

/* Writes the counters of [b0, b0 + len) at b0. */
static void sample(struct trace *t, int sm, struct trace_sm *s, uint64_t b0,
                   uint64_t len)
{
    if (!tw_traces(t, TRACE_COUNTERS) || !tw_in_window(t, b0) || !len)
        return;
    uint32_t pid = (uint32_t)sm + 1;
    long long tid = tw_thread(t, pid, L_SCHED);
    unsigned long long ts = b0;
    double n = (double)len;
    tw_event(t, "{\"ph\":\"C\",\"name\":\"IPC\",\"pid\":%u,\"tid\":%lld,\"ts\":%llu,\"args\":{\"issued/cycle\":%.6g}}",
             pid, tid, ts, (double)s->issued / n);
    if (s->accesses)
        tw_event(t, "{\"ph\":\"C\",\"name\":\"L1D hit rate\",\"pid\":%u,\"tid\":%lld,\"ts\":%llu,\"args\":{\"hits/loads\":%.6g}}",
                 pid, tid, ts, (double)s->hits / (double)s->accesses);
    tw_event(t, "{\"ph\":\"C\",\"name\":\"MSHRs in use\",\"pid\":%u,\"tid\":%lld,\"ts\":%llu,\"args\":{\"average\":%.6g}}",
             pid, tid, ts, (double)s->mshr_sum / n);
    tw_event(t, "{\"ph\":\"C\",\"name\":\"RF bank conflicts\",\"pid\":%u,\"tid\":%lld,\"ts\":%llu,\"args\":{\"per cycle\":%.6g}}",
             pid, tid, ts, (double)s->conflicts / n);
}

static void reset(struct trace_sm *s)
{
    s->issued = s->hits = s->accesses = s->conflicts = s->mshr_sum = 0;
}

void tw_counters(struct trace *t, int sm, struct trace_sm *s, uint64_t c)
{
    uint64_t len = t->o.interval;
    while (c >= s->next) {
        mshr_to(s, s->next);
        sample(t, sm, s, s->next - len, len);
        reset(s);
        s->next += len;
        if (c >= s->next) {
            /* nothing happened in [next - len, c): one sample stands for
               every interval of the stretch */
            sample(t, sm, s, s->next - len, len);
            s->next = (c / len + 1) * len;
            s->mshr_at = s->next - len;
        }
    }
}

void tw_counters_flush(struct trace *t, int sm, struct trace_sm *s, uint64_t c)
{
    tw_counters(t, sm, s, c);
    uint64_t b0 = s->next - t->o.interval;
    if (c > b0) {
        mshr_to(s, c);
        sample(t, sm, s, b0, c - b0);
    }
    reset(s);
    s->next = c + t->o.interval;
    s->mshr_at = c;
}

void tw_cta_span(struct trace *t, uint32_t pid, struct trace_cta *c, uint64_t end)
{
    uint64_t a = c->start > t->o.from ? c->start : t->o.from;
    uint64_t b = end < t->o.to ? end : t->o.to;
    if (!tw_traces(t, TRACE_CTA) || b <= a || !c->async)
        return;
    long long tid = tw_thread(t, pid, L_SCHED);
    for (int k = 0; k < 2; k++)
        tw_event(t, "{\"ph\":\"%c\",\"cat\":\"cta\",\"name\":\"CTA %lld\",\"id\":%llu,\"pid\":%u,\"tid\":%lld,\"ts\":%llu}",
                 k ? 'e' : 'b', (long long)c->id,
                 (unsigned long long)c->async, pid, tid,
                 (unsigned long long)(k ? b : a));
}
