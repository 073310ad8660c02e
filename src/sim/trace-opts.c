/*
** trace-opts.c - what a trace records: the options of `--trace-window`,
** `--trace-events`, `--trace-sms` and `--trace-interval` (see trace.h).
*/
#include "designs/registry.h"
#include "sim/trace.h"
#include "timing/event.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void trace_opts_init(struct trace_opts *o)
{
    memset(o, 0, sizeof *o);
    o->to = UINT64_MAX;
    o->cats = TRACE_ALL;
    o->interval = 100;
    o->all_sms = true;
}

/* A decimal number of cycles at s (up to end); false if it is not one. */
static bool cycles(const char *s, const char *end, uint64_t *v)
{
    if (s == end || *s < '0' || *s > '9')
        return false;
    char *e;
    errno = 0;
    unsigned long long x = strtoull(s, &e, 10);
    if (errno || e != end)
        return false;
    *v = x;
    return true;
}

int trace_parse_window(struct trace_opts *o, const char *s, struct ws_diag *d)
{
    const char *colon = strchr(s, ':');
    const char *end = s + strlen(s);
    uint64_t a = 0, b = UINT64_MAX;
    bool ok = colon && !strchr(colon + 1, ':');
    if (ok && colon > s)
        ok = cycles(s, colon, &a);
    if (ok && colon + 1 < end)
        ok = cycles(colon + 1, end, &b);
    if (!ok)
        return diag_error(d, NULL, 0, 0,
                          "--trace-window: expected FROM:TO in cycles (\"1000:5000\", \"1000:\" or \":5000\"), got '%s'",
                          s);
    if (b <= a)
        return diag_error(d, NULL, 0, 0,
                          "--trace-window: the window %s is empty (TO must be above FROM)",
                          s);
    o->from = a;
    o->to = b;
    return WS_OK;
}

static const struct {
    const char *name;
    uint32_t bits;
} cats[] = {
    { "issue", TRACE_ISSUE },   { "warps", TRACE_WARPS },
    { "sched", TRACE_SCHED },   { "cta", TRACE_CTA },
    { "counters", TRACE_COUNTERS }, { "memory", TRACE_MEMORY },
    { "design", TRACE_DESIGN }, { "all", TRACE_ALL },
};

/* Applies one item of --trace-events (without its '-'). */
static int events_item(struct trace_opts *o, const char *w, bool minus,
                       struct ws_diag *d)
{
    for (size_t i = 0; i < sizeof cats / sizeof *cats; i++)
        if (strcmp(w, cats[i].name) == 0) {
            if (minus)
                o->cats &= ~cats[i].bits;
            else
                o->cats |= cats[i].bits;
            if (cats[i].bits & TRACE_DESIGN)
                o->design_types = 0;
            return WS_OK;
        }
    design_events_register();
    int t = ev_lookup(w);
    if (t >= EV__BASE) {
        if (minus) {
            /* "design,-racetrack.shift": every design event but one */
            if (o->cats & TRACE_DESIGN) {
                o->cats &= ~(uint32_t)TRACE_DESIGN;
                for (int k = EV__BASE; k < EV__MAX; k++)
                    if (ev_name((enum ev_type)k))
                        o->design_types |= 1ULL << k;
            }
            o->design_types &= ~(1ULL << t);
        } else {
            o->design_types |= 1ULL << t;
        }
        return WS_OK;
    }
    return diag_error(d, NULL, 0, 0,
                      "--trace-events: unknown category or design event '%s' (categories: issue, warps, sched, cta, counters, memory, design, all; design events such as racetrack.shift; -NAME leaves one out)",
                      w);
}

int trace_parse_events(struct trace_opts *o, const char *s, struct ws_diag *d)
{
    o->cats = 0;
    o->design_types = 0;
    size_t n = strlen(s);
    if (!n)
        return diag_error(d, NULL, 0, 0,
                          "--trace-events: expected a comma list such as \"warps,memory\" or \"all,-issue\"");
    char *buf = malloc(n + 1);
    if (!buf)
        return diag_error(d, NULL, 0, 0, "--trace-events: out of memory");
    memcpy(buf, s, n + 1);
    int rc = WS_OK;
    for (char *w = buf, *e; rc == WS_OK && w; w = e) {
        e = strchr(w, ',');
        if (e)
            *e++ = 0;
        bool minus = *w == '-';
        rc = events_item(o, w + minus, minus, d);
    }
    free(buf);
    return rc;
}

int trace_parse_sms(struct trace_opts *o, const char *s, struct ws_diag *d)
{
    memset(o->sms, 0, sizeof o->sms);
    o->all_sms = false;
    const char *p = s;
    for (;;) {
        const char *e = p + strcspn(p, ",");
        const char *dash = memchr(p, '-', (size_t)(e - p));
        uint64_t a, b;
        bool ok = dash ? cycles(p, dash, &a) && cycles(dash + 1, e, &b)
                       : cycles(p, e, &a);
        if (!dash)
            b = a;
        if (!ok || b < a || b >= TRACE_MAX_SMS)
            return diag_error(d, NULL, 0, 0,
                              "--trace-sms: expected SM numbers and ranges below %d such as \"0,4-7\", got '%s'",
                              TRACE_MAX_SMS, s);
        for (uint64_t i = a; i <= b; i++)
            o->sms[i / 64] |= 1ULL << (i % 64);
        if (!*e)
            return WS_OK;
        p = e + 1;
    }
}

int trace_parse_interval(struct trace_opts *o, const char *s,
                         struct ws_diag *d)
{
    uint64_t v;
    if (!cycles(s, s + strlen(s), &v) || v < 1 || v > 1000000000)
        return diag_error(d, NULL, 0, 0,
                          "--trace-interval: expected cycles between counter samples, 1 to 1000000000, got '%s'",
                          s);
    o->interval = v;
    return WS_OK;
}
