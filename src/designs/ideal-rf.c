/*
** ideal-rf.c - design `ideal-rf`: a register file with a port for every
** access, so operands never wait on a bank. Every read or write asked in
** one cycle completes at the next tick; nothing else changes (the L1D is
** the baseline's). Against `baseline` it measures what register-bank
** conflicts cost a kernel. It is also the smallest complete design: a
** register-file part (create, destroy, capacity, read, write, tick,
** next_event, stats, energy, describe) and a row in registry.c, which
** docs/architecture.md walks through.
*/
#include "designs/ideal-rf.h"
#include "util/ring.h"
#include "util/xalloc.h"
#include <stdlib.h>

struct req {
    uint32_t tag;
    bool write;
};

struct ideal {
    struct seam_env env;          /* the SM, and rf_done to report to */
    RING(struct req) q;           /* accesses asked since the last tick */
    uint64_t reads, writes;
};

static void *ideal_create(const struct seam_env *env)
{
    struct ideal *r = ws_xcalloc(1, sizeof *r);
    r->env = *env;
    r->env.cfg = NULL;            /* valid during create only */
    return r;
}

static void ideal_destroy(void *self)
{
    struct ideal *r = self;
    ring_free(&r->q);
    free(r);
}

static uint32_t ideal_capacity(void *self)
{
    return ((struct ideal *)self)->env.p->registers;
}

static void ideal_read(void *self, uint32_t w, uint32_t reg, uint32_t tag,
                       bool last)
{
    struct ideal *r = self;
    (void)w, (void)reg, (void)last;
    ring_push(&r->q, ((struct req){ tag, false }));
}

static void ideal_write(void *self, uint32_t w, uint32_t reg, uint32_t tag)
{
    struct ideal *r = self;
    (void)w, (void)reg;
    ring_push(&r->q, ((struct req){ tag, true }));
}

/* Every access waiting completes now: writes first, as the baseline's
   arbiter serves them, then reads in the order asked. */
static void ideal_tick(void *self, uint64_t now)
{
    struct ideal *r = self;
    (void)now;
    uint32_t n = r->q.n;          /* the ones asked before this tick */
    for (int pass = 1; pass >= 0; pass--)
        for (uint32_t i = 0; i < n; i++) {
            struct req q = ring_at(&r->q, i);
            if (q.write != (pass == 1))
                continue;
            if (q.write)
                r->writes++;
            else
                r->reads++;
            r->env.rf_done(r->env.ctx, q.tag, q.write);
        }
    while (n--)
        ring_pop(&r->q);
}

static uint64_t ideal_next_event(void *self, uint64_t now)
{
    return ((struct ideal *)self)->q.n ? now + 1 : UINT64_MAX;
}

static void ideal_stats(void *self, struct jv *o)
{
    struct ideal *r = self;
    jv_add_int(o, "reads", (int64_t)r->reads);
    jv_add_int(o, "writes", (int64_t)r->writes);
    jv_add_int(o, "bank_conflicts", 0);
}

/* The same energy per access as the banked SRAM file (many more ports
   would cost more: this is the ideal, not a proposal). */
static void ideal_energy(void *self, const struct tparams *p, uint64_t cycles,
                         struct jv *o)
{
    struct ideal *r = self;
    jv_add_num(o, "rf", (double)r->reads * p->e.rf_read +
                        (double)r->writes * p->e.rf_write +
                        leak_pj(p, p->e.rf_leak * p->rf_banks, cycles));
}

static void ideal_describe(void *self, uint64_t now, struct jv *out)
{
    struct ideal *r = self;
    (void)now;
    jv_set(out, "waiting", jv_int(r->q.n));
}

static const struct rf_ops ideal_rf_ops = {
    .part = {
        .name = "ideal-rf",
        .create = ideal_create,
        .destroy = ideal_destroy,
        .tick = ideal_tick,
        .next_event = ideal_next_event,
        .stats = ideal_stats,
        .energy = ideal_energy,
        .describe = ideal_describe,
    },
    .capacity = ideal_capacity,
    .read = ideal_read,
    .write = ideal_write,
};

const struct design ideal_rf_design = {
    .name = "ideal-rf",
    .summary = "a register file without bank conflicts (what banking costs)",
    .rf = &ideal_rf_ops,
};
