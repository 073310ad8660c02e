/*
** explain.c - a model event told in one line of words, for stop reports:
** what happened, where (SM, bank, set), who (warps, registers) and why.
** The model's own events are described here; a design's events by the
** sentence it registered with their fields (ev_register_says: {name}
** a field's value, {name:x} in hex, {warp} the warp slot), or,
** without one, by their fields' names and values. Nothing here knows a
** design.
*/
#include "debug/dbg-internal.h"
#include "config/config.h"
#include "sim/session.h"
#include "timing/sm.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

bool dbg_l1_set(const struct dbg *d, uint64_t addr, uint64_t *set)
{
    uint64_t line = (uint64_t)config_i(&d->s->dev.cfg, CK_L1D_LINE);
    uint64_t ways = (uint64_t)config_i(&d->s->dev.cfg, CK_L1D_WAYS);
    uint64_t size = (uint64_t)config_i(&d->s->dev.cfg, CK_L1D_SIZE);
    uint64_t sets = line && ways ? size / line / ways : 0;
    if (!sets)
        return false;
    *set = (addr / line) % sets;
    return true;
}

static const char *stall_why(int64_t reason)
{
    switch (reason) {
    case STALL_BARRIER: return "every warp waits at a barrier or has exited";
    case STALL_MEMORY: return "the warps wait for values loads bring";
    case STALL_RAW: return "the warps wait for arithmetic results";
    case STALL_STRUCTURAL: return "no operand collector or load/store slot is free";
    case STALL_BANK: return "the operand collectors wait for register banks (bank conflicts)";
    case STALL_DESIGN: return "the design's scheduler holds the warps back";
    default: return "no warp can issue";
    }
}

static void rf_conflict(const struct ws_event *e, struct strbuf *o)
{
    uint32_t w1, r1, w2, r2;
    bool wr1, wr2;
    sb_printf(o, "bank %" PRId64 " conflict on sm %d: ", e->a, e->sm);
    bool served = ev_req_get(e->addr, 0, &w1, &r1, &wr1);
    bool waits = ev_req_get(e->addr, 1, &w2, &r2, &wr2);
    if (!served && waits) {              /* the bank is busy (no grant) */
        sb_printf(o, "warp %u's %s of R%u waits for the bank (busy); %" PRId64 " request%s wait%s a cycle",
                  w2, wr2 ? "write" : "read", r2, e->b, e->b == 1 ? "" : "s",
                  e->b == 1 ? "s" : "");
        return;
    }
    if (!served || !waits) {
        sb_printf(o, "%" PRId64 " request%s wait%s for the bank this cycle",
                  e->b, e->b == 1 ? "" : "s", e->b == 1 ? "s" : "");
        return;
    }
    if (w1 == w2)
        sb_printf(o, "warp %u %s R%u and %s R%u, both in this bank", w1,
                  wr1 ? "writes" : "reads", r1, wr2 ? "writes" : "reads", r2);
    else if (wr1 == wr2)
        sb_printf(o, "warps %u and %u both %s R%u/R%u this cycle", w1, w2,
                  wr1 ? "write" : "read", r1, r2);
    else
        sb_printf(o, "warp %u %s R%u while warp %u %s R%u", w1,
                  wr1 ? "writes" : "reads", r1, w2, wr2 ? "writes" : "reads", r2);
    sb_printf(o, "; one port: %s of R%u goes first%s, %" PRId64 " request%s wait%s a cycle",
              wr1 ? "the write" : "the read", r1,
              wr1 && !wr2 ? " (writes before reads)" : "", e->b,
              e->b == 1 ? "" : "s", e->b == 1 ? "s" : "");
}

static void l1_line(const struct dbg *d, const struct ws_event *e,
                    struct strbuf *o, const char *what)
{
    uint64_t set;
    sb_printf(o, "line 0x%" PRIx64, e->addr);
    if (dbg_l1_set(d, e->addr, &set))
        sb_printf(o, " (set %" PRIu64 ")", set);
    sb_printf(o, " %s sm %d's L1D", what, e->sm);
}

/* Is the n characters at name the field name f? */
static bool is(const char *f, const char *name, size_t n)
{
    return f && strlen(f) == n && strncmp(name, f, n) == 0;
}

/* A design's sentence with its fields filled in. */
static void says(const struct ws_event *e, const struct ev_fields *f,
                 const char *text, struct strbuf *o)
{
    for (const char *p = text; *p;) {
        const char *c = strchr(p, '{'), *end = c ? strchr(c, '}') : NULL;
        if (!c || !end) {
            sb_puts(o, p);
            return;
        }
        sb_putn(o, p, (size_t)(c - p));
        size_t n = (size_t)(end - c - 1);
        const char *name = c + 1;
        bool hex = n > 2 && name[n - 2] == ':' && name[n - 1] == 'x';
        if (hex)
            n -= 2;                      /* {name:x}: in hex */
        if (is(f->addr, name, n))
            sb_printf(o, hex ? "0x%" PRIx64 : "%" PRIu64, e->addr);
        else if (is(f->a, name, n) && e->a >= 0 && (uint64_t)e->a < f->a_enum_n)
            sb_puts(o, f->a_enum[e->a]);
        else if (is(f->a, name, n))
            sb_printf(o, "%" PRId64, e->a);
        else if (is(f->b, name, n))
            sb_printf(o, "%" PRId64, e->b);
        else if (is("warp", name, n))
            sb_printf(o, "%d", e->warp);
        else
            sb_putn(o, c, (size_t)(end - c + 1));    /* not a field */
        p = end + 1;
    }
}

/* A design's event without a sentence: its fields by name. */
static void fields(const struct ws_event *e, const struct ev_fields *f,
                   struct strbuf *o)
{
    const char *name = ev_name((enum ev_type)e->type);
    sb_printf(o, "%s on sm %d", name ? name : "?", e->sm);
    if (e->warp >= 0)
        sb_printf(o, ", warp %d", e->warp);
    if (!f || !(f->addr || f->a || f->b)) {
        sb_printf(o, ": addr 0x%" PRIx64 ", a %" PRId64 ", b %" PRId64,
                  e->addr, e->a, e->b);
        return;
    }
    const char *sep = ": ";
    if (f->addr) {
        sb_printf(o, "%s%s %" PRIu64, sep, f->addr, e->addr);
        sep = ", ";
    }
    if (f->a) {
        if (e->a >= 0 && (uint64_t)e->a < f->a_enum_n)
            sb_printf(o, "%s%s %s", sep, f->a, f->a_enum[e->a]);
        else
            sb_printf(o, "%s%s %" PRId64, sep, f->a, e->a);
        sep = ", ";
    }
    if (f->b)
        sb_printf(o, "%s%s %" PRId64, sep, f->b, e->b);
}

/* The L1D events: what happened, the line and where, and what follows
   (an eviction's depends on the line being dirty: b). */
static void l1_event(const struct dbg *d, const struct ws_event *e,
                     struct strbuf *o)
{
    static const struct {
        int type;
        const char *what, *verb, *then;
    } says[] = {
        { EV_L1_HIT, "L1D hit: ", "is in", "" },
        { EV_L1_MISS, "L1D miss: ", "is not in", "; an MSHR fetches it from L2" },
        { EV_MSHR_MERGE, "L1D miss on a line already coming: ", "joins its MSHR in", "" },
        { EV_L1_FILL, "L1D fill: ", "arrives from L2 and is placed in", "" },
        { EV_L1_EVICT, "L1D eviction: ", "leaves", " to make room (clean: dropped)" },
    };
    for (size_t i = 0; i < sizeof says / sizeof says[0]; i++) {
        if (says[i].type != e->type)
            continue;
        sb_puts(o, says[i].what);
        l1_line(d, e, o, says[i].verb);
        sb_puts(o, e->type == EV_L1_EVICT && e->b
                       ? " to make room; it is dirty and written back"
                       : says[i].then);
        return;
    }
}

void dbg_explain(const struct dbg *d, const struct ws_event *e,
                 struct strbuf *o)
{
    switch (e->type) {
    case EV_WARP_ISSUE:
        sb_printf(o, "warp %d of sm %d issues pc %" PRId64 " with %" PRId64 " lanes",
                  e->warp, e->sm, e->a, e->b);
        return;
    case EV_WARP_STALL:
        sb_printf(o, "scheduler %" PRId64 " of sm %d issues nothing (%s): %s",
                  e->b, e->sm, stall_name((enum stall)e->a), stall_why(e->a));
        return;
    case EV_RF_CONFLICT:
        rf_conflict(e, o);
        return;
    case EV_L1_HIT: case EV_L1_MISS: case EV_MSHR_MERGE: case EV_L1_FILL:
    case EV_L1_EVICT:
        l1_event(d, e, o);
        return;
    case EV_SHMEM_CONFLICT:
        sb_printf(o, "shared-memory bank conflict: warp %d of sm %d needs %" PRId64 " passes over the banks (lanes at different addresses in one bank), %" PRId64 " cycles instead of 1",
                  e->warp, e->sm, e->a, e->a);
        return;
    case EV_BARRIER:
        sb_printf(o, "warp %d of sm %d arrives at barrier %" PRId64 " and waits for its CTA",
                  e->warp, e->sm, e->a);
        return;
    case EV_CTA_LAUNCH:
        sb_printf(o, "CTA %" PRId64 " starts on sm %d (%" PRId64 " warps from slot %d)",
                  e->a, e->sm, e->b, e->warp);
        return;
    case EV_CTA_EXIT:
        sb_printf(o, "CTA %" PRId64 " on sm %d has finished", e->a, e->sm);
        return;
    case EV_KERNEL_EXIT:
        sb_printf(o, "the launch (grid %" PRId64 ") has finished", e->a);
        return;
    default: {
        const struct ev_fields *f = ev_fields_of((enum ev_type)e->type);
        const char *text = ev_says_of((enum ev_type)e->type);
        if (f && text) {
            const char *name = ev_name((enum ev_type)e->type);
            sb_printf(o, "%s on sm %d: ", name ? name : "?", e->sm);
            says(e, f, text, o);
        } else {
            fields(e, f, o);
        }
    }
    }
}
