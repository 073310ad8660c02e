/*
** pane-stats.c - the Stats & probes pane: a few live counters and rates
** from the statistics object (device_stats, built at most once per draw:
** it is not cheap), the IPC between recent frames as a sparkline, then
** every probe of the session (ws.probe / `probe`) with its last value
** and a sparkline of its series. A view: reads the device and the
** debugger's probes, changes nothing but its scroll position.
*/
#include "ui.h"
#include "debug/inspect.h"
#include "lua/ws.h"
#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define RECENT 256                /* IPC samples kept for the sparkline */

/* Warp-instructions at the cycles of recent draws (distinct cycles), for
   the recent IPC. Reset when time goes backwards (reverse execution). */
static struct {
    uint64_t cycle, insts;        /* the last sample */
    bool have;
    double ipc[RECENT];           /* IPC between consecutive samples */
    size_t n;
} recent;

static void sample(uint64_t cycle, uint64_t insts)
{
    if (recent.have && cycle == recent.cycle)
        return;
    if (!recent.have || cycle < recent.cycle || insts < recent.insts) {
        recent.n = 0;
    } else {
        if (recent.n == RECENT) {
            memmove(recent.ipc, recent.ipc + 1, (RECENT - 1) * sizeof recent.ipc[0]);
            recent.n--;
        }
        recent.ipc[recent.n++] = (double)(insts - recent.insts) /
                                 (double)(cycle - recent.cycle);
    }
    recent.cycle = cycle;
    recent.insts = insts;
    recent.have = true;
}

static double num(const struct jv *o, const char *a, const char *b)
{
    const struct jv *x = a ? jv_get(o, a) : o;
    return x ? jv_num_at(x, b) : 0;
}

static void energy(char *buf, size_t n, double pj)
{
    if (pj >= 1e6)
        snprintf(buf, n, "%.2f uJ", pj / 1e6);
    else if (pj >= 1e3)
        snprintf(buf, n, "%.2f nJ", pj / 1e3);
    else
        snprintf(buf, n, "%.0f pJ", pj);
}

/* One "label value (extra)" item in cell i of a two- or one-column grid. */
struct grid {
    const struct canvas *c;
    int cols, cw, i;
};

static void item(struct grid *g, const char *label, enum ui_color col,
                 const char *value, const char *extra)
{
    int row = g->i / g->cols, x = (g->i % g->cols) * g->cw;
    g->i++;
    if (row >= g->c->h)
        return;
    struct canvas cell = *g->c;           /* clip to the grid cell */
    cell.x += x;
    cell.w = g->i % g->cols ? g->cw - 1 : g->c->w - x;
    int n = cv_print(&cell, row, 0, UC_DIM, false, "%-14s", label);
    n += cv_print(&cell, row, n, col, true, "%s", value);
    if (extra && *extra)
        cv_print(&cell, row, n, UC_DIM, false, " %s", extra);
}

/* The counters; returns the rows used. now: the simulation's cycle (the
   statistics count the cycles inside launches, the running one so far). */
static int counters(const struct canvas *c, const struct ws_device *dev,
                    uint64_t now)
{
    struct grid g = { c, c->w >= 80 ? 2 : 1, c->w >= 80 ? c->w / 2 : c->w, 0 };
    struct jv *st = device_stats(dev);
    char v[48], extra[64];
    uint64_t wi = (uint64_t)jv_num_at(st, "warp_instructions");
    bool timed = inspect_live(dev);
    if (timed)
        sample(now, wi);
    if (timed)
        snprintf(v, sizeof v, "%llu", (unsigned long long)now);
    else
        snprintf(v, sizeof v, "-");
    snprintf(extra, sizeof extra, "(%.0f in kernels)", jv_num_at(st, "cycles"));
    item(&g, "cycle", UC_NORMAL, v, timed ? extra : "(functional mode)");
    snprintf(v, sizeof v, "%llu", (unsigned long long)wi);
    extra[0] = '\0';
    if (jv_num_at(st, "thread_instructions") > 0)
        snprintf(extra, sizeof extra, "(%.0f thread)",
                 jv_num_at(st, "thread_instructions"));
    item(&g, "warp insts", UC_NORMAL, v, extra);
    double ipc = num(st, NULL, "ipc");
    snprintf(v, sizeof v, "%.3f", ipc);
    extra[0] = '\0';
    if (recent.n)
        snprintf(extra, sizeof extra, "(recent %.2f)", recent.ipc[recent.n - 1]);
    item(&g, "IPC", UC_NORMAL, v, extra);
    snprintf(v, sizeof v, "%.1f%%", 100 * num(st, "l1d", "hit_rate"));
    snprintf(extra, sizeof extra, "(%.0f of %.0f)", num(st, "l1d", "hits"),
             num(st, "l1d", "accesses"));
    item(&g, "L1D hit rate", UC_VALID, v, extra);
    snprintf(v, sizeof v, "%.1f%%", 100 * num(st, "l2", "hit_rate"));
    snprintf(extra, sizeof extra, "(%.0f of %.0f)", num(st, "l2", "hits"),
             num(st, "l2", "accesses"));
    item(&g, "L2 hit rate", UC_VALID, v, extra);
    snprintf(v, sizeof v, "%.0f", num(st, "rf", "bank_conflicts"));
    snprintf(extra, sizeof extra, "(%.0f reads, %.0f writes)", num(st, "rf", "reads"),
             num(st, "rf", "writes"));
    item(&g, "RF conflicts", UC_CONFLICT, v, extra);
    snprintf(v, sizeof v, "%.0f", num(st, "shmem", "bank_conflicts"));
    snprintf(extra, sizeof extra, "(%.0f accesses)", num(st, "shmem", "accesses"));
    item(&g, "shmem confl.", UC_CONFLICT, v, extra);
    snprintf(v, sizeof v, "%.0f", num(st, "dram", "reads"));
    snprintf(extra, sizeof extra, "(%.0f writes)", num(st, "dram", "writes"));
    item(&g, "DRAM reads", UC_NORMAL, v, extra);
    energy(v, sizeof v, num(st, "energy_pj", "total"));
    item(&g, "energy", UC_NORMAL, v, "");
    jv_free(st);
    return (g.i + g.cols - 1) / g.cols;
}

/* The IPC of recent frames as a sparkline. */
static void ipc_line(const struct canvas *c, int row)
{
    int n = cv_print(c, row, 0, UC_DIM, false, "%-14s", "IPC recently");
    if (recent.n == 0) {
        cv_print(c, row, n, UC_DIM, false, "(step or continue to see it move)");
        return;
    }
    double lo = recent.ipc[0], hi = lo;
    for (size_t i = 0; i < recent.n; i++) {
        lo = fmin(lo, recent.ipc[i]);
        hi = fmax(hi, recent.ipc[i]);
    }
    int w = c->w - n - 16;
    cv_spark(c, row, n, w, recent.ipc, recent.n, UC_READY);
    cv_print(c, row, n + (w < (int)recent.n ? w : (int)recent.n) + 1, UC_DIM, false,
             "%.2f..%.2f", lo, hi);
}

static void probe_row(const struct canvas *c, int row, const struct probe *pr)
{
    int n = cv_print(c, row, 0, UC_NORMAL, true, "%-14.14s", pr->name ? pr->name : "?");
    if (pr->v.n == 0) {
        cv_print(c, row, n, UC_DIM, false, "%s", pr->dead ? "(stopped: error)" : "(no value yet)");
        return;
    }
    double last = pr->v.v[pr->v.n - 1];
    n += cv_print(c, row, n, UC_NORMAL, false, "%-12.6g", last);
    int w = c->w - n - 20;
    if (w > 0) {
        cv_spark(c, row, n, w, pr->v.v, pr->v.n, UC_PC);
        n += (w < (int)pr->v.n ? w : (int)pr->v.n) + 1;
    }
    cv_print(c, row, n, UC_DIM, false, "@%llu%s",
             pr->t.n ? (unsigned long long)pr->t.v[pr->t.n - 1] : 0ULL,
             pr->dead ? " stopped" : "");
}

static void draw(struct pane *p, const struct canvas *c, const struct ui_ctx *x)
{
    if (c->h <= 0 || c->w <= 0)
        return;
    const struct ws_device *dev = &x->d->s->dev;
    int row = 0;
    if (device_timing(dev) && !inspect_live(dev)) {
        cv_print(c, row++, 0, UC_DIM, false, "No statistics yet: nothing has run.");
    } else {
        /* a short pane (80x24) keeps rows for the IPC sparkline and the
           first probes: the counters below them are cut (z shows all) */
        size_t np = x->d->probes.n;
        int below = 2 + (np == 0 ? 1 : np < 2 ? (int)np : 2);
        struct canvas top = *c;
        if (top.h - below < 9)
            top.h = top.h - below > 3 ? top.h - below : 3;
        row = counters(&top, dev, dbg_cycle(x->d));
        if (row > top.h)
            row = top.h;
        if (row < c->h - 1 && inspect_live(dev))
            ipc_line(c, row++);
    }
    if (row >= c->h)
        return;
    size_t np = x->d->probes.n;
    cv_print(c, row++, 0, UC_TITLE, true, "probes (%zu)", np);
    if (np == 0) {
        cv_print(c, row, 0, UC_DIM, false, "none: ws.probe(name, fn, every_n_cycles) adds one (e.g. `lua ws.probe(...)`)");
        return;
    }
    int rows = c->h - row;
    if (p->scroll > (int)np - rows)
        p->scroll = (int)np - rows;
    if (p->scroll < 0)
        p->scroll = 0;
    for (int i = 0; i < rows && p->scroll + i < (int)np; i++)
        probe_row(c, row + i, &x->d->probes.v[p->scroll + i]);
}

static int key(struct pane *p, int ch, struct ui_ctx *x)
{
    (void)x;
    switch (ch) {
    case KEY_UP: p->scroll--; break;
    case KEY_DOWN: p->scroll++; break;
    case KEY_PPAGE: p->scroll -= 8; break;
    case KEY_NPAGE: p->scroll += 8; break;
    case KEY_HOME: p->scroll = 0; break;
    default: return 0;
    }
    if (p->scroll < 0)
        p->scroll = 0;
    return PANE_HANDLED | PANE_REDRAW;
}

const struct pane_class pane_stats = {
    "stats", "Stats & probes", draw, key, NULL,
    "sparklines oldest..newest, scaled lo..hi; @N last sample",
    NULL,
};
