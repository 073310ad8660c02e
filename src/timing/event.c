/* event.c - the event bus (see event.h). */
#include "timing/event.h"
#include <string.h>

void evbus_init(struct evbus *b)
{
    memset(b, 0, sizeof *b);
}

static void remask(struct evbus *b)
{
    b->mask = 0;
    for (uint32_t i = 0; i < b->n; i++)
        if (b->sub[i].fn)
            b->mask |= b->sub[i].types;
}

int evbus_subscribe(struct evbus *b, uint64_t types, ev_fn fn, void *ctx)
{
    for (uint32_t i = 0; i < EVBUS_MAX_SUBS; i++) {
        if (i < b->n && b->sub[i].fn)
            continue;
        b->sub[i].types = types;
        b->sub[i].fn = fn;
        b->sub[i].ctx = ctx;
        if (i >= b->n)
            b->n = i + 1;
        remask(b);
        return (int)i;
    }
    return -1;
}

void evbus_unsubscribe(struct evbus *b, int id)
{
    if (id < 0 || (uint32_t)id >= b->n)
        return;
    b->sub[id].fn = NULL;
    remask(b);
}

void evbus_deliver(struct evbus *b, const struct ws_event *e)
{
    for (uint32_t i = 0; i < b->n; i++)
        if (b->sub[i].fn && (b->sub[i].types >> e->type & 1))
            if (b->sub[i].fn(b->sub[i].ctx, e))
                b->stop = true;
}

static const char *names[EV__MAX] = {
    "warp.issue", "warp.stall", "rf.conflict", "l1.hit", "l1.miss",
    "l1.fill", "l1.evict", "mshr.merge", "shmem.conflict", "barrier",
    "cta.launch", "cta.exit", "kernel.exit", "warp.state", "l2.access",
    "dram.request", "dram.done",
};

const char *ev_name(enum ev_type t)
{
    return (unsigned)t < EV__MAX ? names[t] : NULL;
}

int ev_lookup(const char *name)
{
    for (int t = 0; t < EV__MAX && names[t]; t++)
        if (strcmp(names[t], name) == 0)
            return t;
    return -1;
}

const char *ev_l2_outcome_name(int64_t o)
{
    static const char *n[] = { "hit", "miss", "merge", "write", "forward" };
    return o >= 0 && o < (int64_t)(sizeof n / sizeof *n) ? n[o] : "?";
}

static struct ev_fields fields[EV__MAX];

int ev_register(const char *name)
{
    return ev_register_fields(name, NULL);
}

int ev_register_fields(const char *name, const struct ev_fields *f)
{
    int t = ev_lookup(name);
    if (t < 0)
        for (t = EV__BASE; t < EV__MAX && names[t]; t++)
            ;
    if (t >= EV__MAX)
        return -1;
    names[t] = name;
    if (f && t >= EV__BASE)
        fields[t] = *f;
    return t;
}

const struct ev_fields *ev_fields_of(enum ev_type t)
{
    return (unsigned)t >= EV__BASE && (unsigned)t < EV__MAX && names[t]
               ? &fields[t] : NULL;
}

static const char *sentences[EV__MAX];

void ev_register_says(int type, const char *says)
{
    if (type >= EV__BASE && type < EV__MAX)
        sentences[type] = says;
}

const char *ev_says_of(enum ev_type t)
{
    return (unsigned)t < EV__MAX ? sentences[t] : NULL;
}
