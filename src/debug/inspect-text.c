/*
** inspect-text.c - the text of the debugger's `info` views (see
** inspect_text in inspect.h): compact, aligned columns that fit an
** 80-column terminal. Works only from the jv values the inspect
** functions build, never from the model, so a Lua script, the console
** and a test see the same facts.
*/
#include "debug/inspect.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define WIDTH 80

/* ---- reading values -------------------------------------------------- */

static bool has_int(const struct jv *o, const char *k)
{
    const struct jv *v = jv_get(o, k);
    return v && (v->kind == JV_INT || v->kind == JV_BOOL);
}

static long long geti(const struct jv *o, const char *k)
{
    const struct jv *v = jv_get(o, k);
    if (!v)
        return 0;
    if (v->kind == JV_INT)
        return (long long)v->u.i;
    if (v->kind == JV_BOOL)
        return v->u.b;
    return v->kind == JV_NUM ? (long long)v->u.d : 0;
}

static const char *gets(const struct jv *o, const char *k, const char *dflt)
{
    const struct jv *v = jv_get(o, k);
    return v && v->kind == JV_STR ? v->u.s : dflt;
}

static const struct jv *geta(const struct jv *o, const char *k)
{
    const struct jv *v = jv_get(o, k);
    return v && v->kind == JV_ARR ? v : NULL;
}

static void cta_text(char *buf, size_t n, const struct jv *c)
{
    snprintf(buf, n, "(%lld,%lld,%lld)", geti(c, "x"), geti(c, "y"),
             geti(c, "z"));
}

/* ---- filling lines without passing the margin ------------------------ */

struct wrap {
    struct strbuf *o;
    size_t col;          /* column of the current line */
    int cont;            /* indent of continuation lines */
    bool first;          /* no item on the line yet */
    bool head;           /* the line starts with a head */
};

static void wrap_item(struct wrap *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Appends an item, two spaces after the previous one or on a new line. */
static void wrap_item(struct wrap *w, const char *fmt, ...)
{
    char item[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(item, sizeof item, fmt, ap);
    va_end(ap);
    size_t len = strlen(item);
    if (w->first && w->head) {
        sb_putc(w->o, ' ');
        w->col++;
    } else if (!w->first) {
        if (w->col + 2 + len > WIDTH) {
            sb_printf(w->o, "\n%*s", w->cont, "");
            w->col = (size_t)w->cont;
        } else {
            sb_puts(w->o, "  ");
            w->col += 2;
        }
    }
    w->first = false;
    sb_puts(w->o, item);
    w->col += len;
}

/* Starts a line with `indent` spaces and head (may be ""). */
static void wrap_start(struct wrap *w, struct strbuf *o, int indent,
                       const char *head)
{
    w->o = o;
    w->cont = indent + 2;
    sb_printf(o, "%*s%s", indent, "", head);
    w->col = (size_t)indent + strlen(head);
    w->first = true;
    w->head = *head != '\0';
}

static void wrap_end(struct wrap *w)
{
    sb_putc(w->o, '\n');
}

/* ---- warps ----------------------------------------------------------- */

static void warp_row(struct strbuf *o, const struct jv *w)
{
    char cta[80], pc[24];
    cta_text(cta, sizeof cta, jv_get(w, "cta"));
    long long p = geti(w, "pc");
    if (p < 0)
        snprintf(pc, sizeof pc, "-");
    else
        snprintf(pc, sizeof pc, "%lld", p);
    char row[WIDTH + 64];
    int n = snprintf(row, sizeof row, "%4lld %-9s %2lld %5s %-7s %-13s %08llx ",
                     geti(w, "slot"), cta, geti(w, "warp_in_cta"), pc,
                     gets(w, "state", "?"), gets(w, "stall", "?"),
                     geti(w, "active_mask") & 0xffffffffLL);
    const char *inst = gets(w, "inst", "-");
    size_t room = n < WIDTH ? (size_t)(WIDTH - n) : 0;
    sb_puts(o, row);
    if (strlen(inst) <= room) {
        sb_puts(o, inst);
    } else if (room > 3) {
        sb_putn(o, inst, room - 3);
        sb_puts(o, "...");
    }
    sb_putc(o, '\n');
}

static void text_warps(struct strbuf *o, const struct jv *a)
{
    if (!a->n) {
        sb_puts(o, "no warps resident\n");
        return;
    }
    sb_printf(o, "%4s %-9s %2s %5s %-7s %-13s %-8s %s\n", "slot", "cta", "w",
              "pc", "state", "stall", "active", "next instruction");
    for (size_t i = 0; i < a->n; i++)
        warp_row(o, a->items[i]);
}

/* "R2 R7 ..." (at most about 60 columns) or "-". */
static void reg_list(char *buf, size_t n, const struct jv *a, char prefix)
{
    size_t len = 0;
    snprintf(buf, n, "-");
    for (size_t i = 0; a && i < a->n && len + 8 < n; i++) {
        if (len > 60) {
            snprintf(buf + len, n - len, " ...");
            return;
        }
        len += (size_t)snprintf(buf + len, n - len, "%s%c%lld", i ? " " : "",
                                prefix, (long long)a->items[i]->u.i);
    }
}

static void text_warp(struct strbuf *o, const struct jv *w)
{
    char cta[80];
    cta_text(cta, sizeof cta, jv_get(w, "cta"));
    sb_printf(o, "warp slot %lld of SM %lld: CTA %s warp %lld, %s (%s)",
              geti(w, "slot"), geti(w, "sm"), cta, geti(w, "warp_in_cta"),
              gets(w, "state", "?"), gets(w, "stall", "?"));
    if (geti(w, "pc") >= 0)
        sb_printf(o, ", pc %lld", geti(w, "pc"));
    if (has_int(w, "line"))
        sb_printf(o, ", line %lld", geti(w, "line"));
    sb_printf(o, "\n  %s\n", gets(w, "inst", "(no instruction: the warp has exited)"));
    struct wrap r;
    wrap_start(&r, o, 2, "");
    wrap_item(&r, "active %08llx", geti(w, "active_mask") & 0xffffffffLL);
    wrap_item(&r, "valid %08llx", geti(w, "valid_mask") & 0xffffffffLL);
    wrap_item(&r, "exited %08llx", geti(w, "exited_mask") & 0xffffffffLL);
    wrap_item(&r, "issued %lld", geti(w, "instructions"));
    wrap_item(&r, "in flight %lld", geti(w, "inflight"));
    wrap_item(&r, "in pool %s", geti(w, "in_pool") ? "yes" : "no");
    wrap_end(&r);
    wrap_start(&r, o, 2, "SIMT stack, top last:");
    const struct jv *st = geta(w, "simt");
    for (size_t i = 0; st && i < st->n; i++)
        wrap_item(&r, "[pc %lld rpc %lld mask %08llx]",
                  geti(st->items[i], "pc"), geti(st->items[i], "rpc"),
                  geti(st->items[i], "mask") & 0xffffffffLL);
    wrap_end(&r);
    char regs[96];
    wrap_start(&r, o, 2, "scoreboard:");
    reg_list(regs, sizeof regs, geta(w, "pending"), 'R');
    wrap_item(&r, "registers %s", regs);
    reg_list(regs, sizeof regs, geta(w, "pending_loads"), 'R');
    wrap_item(&r, "from loads %s", regs);
    reg_list(regs, sizeof regs, geta(w, "pending_preds"), 'P');
    wrap_item(&r, "predicates %s", regs);
    wrap_end(&r);
}

/* ---- SM -------------------------------------------------------------- */

static void sm_ctas(struct strbuf *o, const struct jv *s)
{
    const struct jv *c = geta(s, "ctas");
    for (size_t i = 0; c && i < c->n; i++) {
        const struct jv *x = c->items[i];
        char id[80];
        cta_text(id, sizeof id, jv_get(x, "ctaid"));
        long long f = geti(x, "first_warp"), n = geti(x, "warps");
        sb_printf(o, "  CTA %s (#%lld) in slot %lld: warps %lld-%lld, %lld live, %lld threads\n",
                  id, geti(x, "id"), geti(x, "slot"), f, f + n - 1,
                  geti(x, "live"), geti(x, "threads"));
    }
}

static void sm_scheds(struct strbuf *o, const struct jv *s)
{
    const struct jv *a = geta(s, "schedulers");
    for (size_t i = 0; a && i < a->n; i++) {
        const struct jv *q = a->items[i], *wt = jv_get(q, "waiting");
        struct wrap w;
        char head[64];
        snprintf(head, sizeof head, "scheduler %lld:", geti(q, "id"));
        wrap_start(&w, o, 2, head);
        wrap_item(&w, "last %s", gets(q, "last", "?"));
        wrap_item(&w, "ready %lld", geti(q, "ready"));
        for (size_t k = 0; wt && k < wt->n; k++)
            wrap_item(&w, "%s %lld", wt->keys[k],
                      (long long)wt->items[k]->u.i);
        wrap_item(&w, "pool %lld", geti(q, "in_pool"));
        wrap_end(&w);
    }
}

static void text_sm(struct strbuf *o, const struct jv *s)
{
    sb_printf(o, "SM %lld at cycle %lld%s\n", geti(s, "sm"), geti(s, "cycle"),
              geti(s, "running") ? "" : " (no kernel running)");
    struct wrap w;
    wrap_start(&w, o, 2, "");
    wrap_item(&w, "CTAs %lld/%lld", geti(s, "ctas_used"), geti(s, "ctas_limit"));
    wrap_item(&w, "warps %lld/%lld", geti(s, "warps_used"), geti(s, "warps_limit"));
    wrap_item(&w, "threads %lld/%lld", geti(s, "threads_used"),
              geti(s, "threads_limit"));
    wrap_item(&w, "registers %lld/%lld", geti(s, "regs_used"),
              geti(s, "regs_limit"));
    wrap_item(&w, "shared %lld/%lld B", geti(s, "shared_used"),
              geti(s, "shared_limit"));
    wrap_end(&w);
    sm_ctas(o, s);
    sm_scheds(o, s);
    const struct jv *c = jv_get(s, "collectors"), *l = jv_get(s, "ldst");
    wrap_start(&w, o, 2, "");
    wrap_item(&w, "issued %lld", geti(s, "issued"));
    wrap_item(&w, "collectors %lld/%lld", geti(c, "used"), geti(c, "total"));
    wrap_item(&w, "LD/ST queue %lld/%lld", geti(l, "queue"), geti(l, "limit"));
    wrap_item(&w, "answers due %lld", geti(l, "answers_due"));
    wrap_item(&w, "writeback %lld", geti(s, "writeback"));
    wrap_item(&w, "L1 pending %lld", geti(s, "l1_pending"));
    if (geti(s, "bank_stalled"))
        wrap_item(&w, "collectors stalled on banks");
    wrap_end(&w);
    const struct jv *x = jv_get(s, "executing");
    wrap_start(&w, o, 2, "executing:");
    for (size_t k = 0; x && k < x->n; k++)
        wrap_item(&w, "%s %lld", x->keys[k], (long long)x->items[k]->u.i);
    wrap_end(&w);
    const struct jv *r = jv_get(s, "stall_reasons");
    wrap_start(&w, o, 2, "scheduler cycles:");
    for (size_t k = 0; r && k < r->n; k++)
        wrap_item(&w, "%s %lld", r->keys[k], (long long)r->items[k]->u.i);
    wrap_end(&w);
}

/* ---- L1D and MSHRs --------------------------------------------------- */

static void cache_rows(struct strbuf *o, const struct jv *sets,
                       long long *nsets)
{
    bool head = false;
    *nsets = 0;
    for (size_t s = 0; s < sets->n; s++) {
        const struct jv *ways = sets->items[s];
        bool any = false;
        for (size_t w = 0; w < ways->n; w++) {
            const struct jv *l = ways->items[w];
            if (!geti(l, "valid"))
                continue;
            if (!head) {
                sb_printf(o, "%5s %4s  %-7s %4s  %-18s %s\n", "set", "way",
                          "state", "age", "tag", "line address");
                head = true;
            }
            char set[24] = "", tag[24], addr[24];
            if (!any)
                snprintf(set, sizeof set, "%zu", s);   /* first of its set */
            any = true;
            snprintf(tag, sizeof tag, "0x%llx", geti(l, "tag"));
            snprintf(addr, sizeof addr, "0x%llx", geti(l, "addr"));
            sb_printf(o, "%5s %4zu  %-7s %4lld  %-18s %s\n", set, w,
                      gets(l, "state", "?"), geti(l, "age"), tag, addr);
        }
        *nsets += any;
    }
}

static void text_cache(struct strbuf *o, const struct jv *c)
{
    const struct jv *sets = geta(c, "sets_data");
    sb_printf(o, "L1D of SM %lld (%s): ", geti(c, "sm"), gets(c, "design", "?"));
    if (!sets || !sets->n) {
        sb_puts(o, "no cache lines (every access goes to L2)\n");
    } else {
        sb_printf(o, "%lld sets x %lld ways x %lld B, %s\n", geti(c, "sets"),
                  geti(c, "ways"), geti(c, "line"), gets(c, "policy", "?"));
        long long used;
        cache_rows(o, sets, &used);
        sb_printf(o, "%lld valid line%s (%lld dirty) in %lld of %lld sets\n",
                  geti(c, "valid_lines"), geti(c, "valid_lines") == 1 ? "" : "s",
                  geti(c, "dirty_lines"), used, geti(c, "sets"));
    }
    const struct jv *m = geta(c, "mshrs");
    sb_printf(o, "MSHRs %zu/%lld in use", m ? m->n : 0, geti(c, "mshrs_total"));
    if (has_int(c, "miss_queue"))
        sb_printf(o, ", miss queue %lld/%lld", geti(c, "miss_queue"),
                  geti(c, "miss_queue_limit"));
    sb_printf(o, ", %lld request%s pending\n", geti(c, "pending"),
              geti(c, "pending") == 1 ? "" : "s");
}

static void text_mshr(struct strbuf *o, const struct jv *c)
{
    const struct jv *m = geta(c, "mshrs");
    size_t n = m ? m->n : 0;
    sb_printf(o, "MSHRs of SM %lld: %zu of %lld in use\n", geti(c, "sm"), n,
              geti(c, "mshrs_total"));
    if (!n)
        return;
    sb_printf(o, "  %-18s %8s %8s\n", "line address", "waiting", "merged");
    for (size_t i = 0; i < n; i++) {
        char addr[24];
        snprintf(addr, sizeof addr, "0x%llx", geti(m->items[i], "addr"));
        sb_printf(o, "  %-18s %8lld %8lld\n", addr,
                  geti(m->items[i], "waiting"), geti(m->items[i], "merged"));
    }
}

/* ---- register banks -------------------------------------------------- */

static void text_banks(struct strbuf *o, const struct jv *b)
{
    const struct jv *pb = geta(b, "per_bank"), *cs = geta(b, "collectors");
    long long queued = 0;
    for (size_t i = 0; pb && i < pb->n; i++)
        queued += geti(pb->items[i], "queue");
    sb_printf(o, "register banks of SM %lld (%s) at cycle %lld: %lld banks, %lld queued\n",
              geti(b, "sm"), gets(b, "design", "?"), geti(b, "cycle"),
              geti(b, "banks"), queued);
    if (pb && pb->n)
        sb_printf(o, "%5s %6s %12s %12s %10s  %s\n", "bank", "queue", "reads",
                  "writes", "conflicts", "this cycle");
    for (size_t i = 0; pb && i < pb->n; i++) {
        const struct jv *x = pb->items[i];
        char now[32] = "-";
        if (geti(x, "busy_this_cycle"))
            snprintf(now, sizeof now, "busy, %lld waited",
                     geti(x, "conflicts_this_cycle"));
        sb_printf(o, "%5zu %6lld %12lld %12lld %10lld  %s\n", i,
                  geti(x, "queue"), geti(x, "reads"), geti(x, "writes"),
                  geti(x, "conflicts"), now);
    }
    size_t busy = 0;
    for (size_t i = 0; cs && i < cs->n; i++)
        busy += geti(cs->items[i], "busy") != 0;
    sb_printf(o, "operand collectors: %zu of %zu busy\n", busy, cs ? cs->n : 0);
    for (size_t i = 0; cs && i < cs->n; i++) {
        const struct jv *x = cs->items[i];
        if (geti(x, "busy"))
            sb_printf(o, "%5zu  warp %lld  pc %lld  operands %lld/%lld\n", i,
                      geti(x, "warp"), geti(x, "pc"),
                      geti(x, "operands_ready"), geti(x, "operands_total"));
    }
}

/* ---- dispatch -------------------------------------------------------- */

struct view {
    const char *name;
    enum jv_kind kind;
    void (*fn)(struct strbuf *o, const struct jv *v);
};

/* A grid's rows: label, cells, note; the legend after them. */
static void text_grid(struct strbuf *o, const struct jv *g)
{
    const struct jv *t = jv_get(g, "title");
    sb_printf(o, "%s\n", t && t->kind == JV_STR ? t->u.s : "grid");
    const struct jv *rows = jv_get(g, "rows");
    int lw = 1;
    for (size_t i = 0; rows && i < rows->n; i++) {
        const struct jv *l = jv_get(rows->items[i], "label");
        if (l && l->kind == JV_STR && (int)strlen(l->u.s) > lw)
            lw = (int)strlen(l->u.s);
    }
    for (size_t i = 0; rows && i < rows->n; i++) {
        const struct jv *r = rows->items[i];
        const struct jv *l = jv_get(r, "label"), *c = jv_get(r, "cells");
        sb_printf(o, "  %-*s %s ", lw, l && l->kind == JV_STR ? l->u.s : "",
                  c && c->kind == JV_STR ? c->u.s : "");
        const struct jv *n = jv_get(r, "note");
        for (size_t k = 0; n && n->kind == JV_ARR && k < n->n; k++) {
            const struct jv *seg = jv_get(n->items[k], "t");
            if (seg && seg->kind == JV_STR)
                sb_puts(o, seg->u.s);
        }
        sb_putc(o, '\n');
    }
    const struct jv *lg = jv_get(g, "legend");
    if (lg && lg->n) {
        sb_puts(o, "  legend:");
        for (size_t k = 0; k < lg->n; k++) {
            const struct jv *code = jv_get(lg->items[k], "code");
            const struct jv *lab = jv_get(lg->items[k], "label");
            sb_printf(o, "%s %s %s", k ? "," : "",
                      code && code->kind == JV_STR ? code->u.s : "?",
                      lab && lab->kind == JV_STR ? lab->u.s : "");
        }
        sb_putc(o, '\n');
    }
    const struct jv *ft = jv_get(g, "foot");
    for (size_t k = 0; ft && k < ft->n; k++)
        if (ft->items[k]->kind == JV_STR)
            sb_printf(o, "  %s\n", ft->items[k]->u.s);
}

static void text_design(struct strbuf *o, const struct jv *v)
{
    const struct jv *gs = jv_get(v, "grids");
    const struct jv *d = jv_get(v, "design");
    if (!gs || !gs->n) {
        sb_printf(o, "design %s shows no structure of its own (its parts are in `info banks` and `info cache`)\n",
                  d && d->kind == JV_STR ? d->u.s : "?");
        return;
    }
    for (size_t g = 0; g < gs->n; g++)
        text_grid(o, gs->items[g]);
}

static const struct view views[] = {
    { "design", JV_OBJ, text_design },
    { "warps", JV_ARR, text_warps },
    { "warp", JV_OBJ, text_warp },
    { "sm", JV_OBJ, text_sm },
    { "cache", JV_OBJ, text_cache },
    { "l1", JV_OBJ, text_cache },
    { "mshr", JV_OBJ, text_mshr },
    { "banks", JV_OBJ, text_banks },
};

void inspect_text(struct strbuf *o, const char *what, const struct jv *v)
{
    if (!v) {
        sb_puts(o, "(nothing to show)\n");
        return;
    }
    for (size_t i = 0; what && i < sizeof views / sizeof views[0]; i++)
        if (strcmp(views[i].name, what) == 0 && v->kind == views[i].kind) {
            views[i].fn(o, v);
            return;
        }
    jv_write(v, o, 2);
    sb_putc(o, '\n');
}
