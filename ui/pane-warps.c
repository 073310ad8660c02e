/*
** pane-warps.c - the Warps pane: one row per resident warp slot of the
** focused SM (inspect_warps): slot, CTA, status, PC and PTX line, the
** active mask as 32 cells, the stall reason and the next instruction;
** for two-level scheduling the warps of the active pool are marked.
** A view only: it reads the model through the inspection layer and
** changes nothing but the pane's own selection and the focus it is
** handed (x->warp) on Enter or a click.
**
** "Issued" needs a before/after: the pane remembers each slot's issued
** instruction count at the last cycle it drew, and a warp whose count
** grew between two draws exactly one cycle apart issued in that cycle.
** p->sel is the cursor (a warp slot, -1: on the focused warp); p->selcol
** keeps the rows above the warp rows for click().
*/
#include "ui.h"
#include "debug/inspect.h"
#include "lua/ws.h"
#include <curses.h>
#include <stdio.h>
#include <string.h>

#define TRACK_SLOTS 2048          /* sm.max_warps can be this large */

/* What the pane remembers between draws to tell which warps issued. */
static struct {
    bool valid;
    int sm;
    uint64_t cycle;
    int64_t insts[TRACK_SLOTS];   /* -1: slot empty then */
    bool issued[TRACK_SLOTS];     /* issued in cycle `cycle - 1` */
} hist;


/* Updates hist for a draw of SM sm at cycle now. */
static void track_issues(const struct jv *ws, int sm, uint64_t now)
{
    bool next = hist.valid && hist.sm == sm && now == hist.cycle + 1;
    if (hist.valid && hist.sm == sm && now == hist.cycle)
        return;
    int64_t cur[TRACK_SLOTS];
    for (int i = 0; i < TRACK_SLOTS; i++)
        cur[i] = -1;
    for (size_t i = 0; i < ws->n; i++) {
        long long s = ui_jint(ws->items[i], "slot", -1);
        if (s >= 0 && s < TRACK_SLOTS)
            cur[s] = ui_jint(ws->items[i], "instructions", 0);
    }
    for (int i = 0; i < TRACK_SLOTS; i++) {
        hist.issued[i] = next && cur[i] >= 0 && hist.insts[i] >= 0 &&
                         cur[i] > hist.insts[i];
        hist.insts[i] = cur[i];
    }
    hist.valid = true;
    hist.sm = sm;
    hist.cycle = now;
}

static bool issued(long long slot)
{
    return slot >= 0 && slot < TRACK_SLOTS && hist.issued[slot];
}

/* Writes text wrapped to the canvas from row `row`; returns rows used. */
static int wrap(const struct canvas *c, int row, enum ui_color col,
                const char *text)
{
    int used = 0;
    size_t len = strlen(text);
    size_t w = c->w > 0 ? (size_t)c->w : 1;
    while (len > 0 && row + used < c->h) {
        size_t n = len <= w ? len : w;
        if (n < len) {
            size_t b = n;
            while (b > 0 && text[b] != ' ')
                b--;
            if (b > 0)
                n = b;
        }
        cv_print(c, row + used, 0, col, false, "%.*s", (int)n, text);
        text += n;
        len -= n;
        while (len > 0 && *text == ' ') {
            text++;
            len--;
        }
        used++;
    }
    return used;
}

/* Why there are no warps to show. */
static void explain(const struct canvas *c, const struct ws_device *dev,
                    const char *err)
{
    char msg[256];
    if (!device_timing(dev))
        snprintf(msg, sizeof msg, "sim.mode = functional: there is no timing model, so no warps are resident to show.");
    else if (err && *err && inspect_live(dev))
        snprintf(msg, sizeof msg, "%s", err);
    else if (dev->done.n == 0)
        snprintf(msg, sizeof msg, "No kernel is running yet: F10 or F11 steps into the first launch, F5 continues.");
    else
        snprintf(msg, sizeof msg, "No kernel is running: %zu launch%s finished; no warps are resident.",
                 dev->done.n, dev->done.n == 1 ? "" : "es");
    wrap(c, 0, UC_DIM, msg);
}

/* ---- layout of a row -------------------------------------------------- */

struct cols {
    bool pool;           /* the two-level pool column */
    bool cells;          /* the mask as 32 cells (else 8 hex digits) */
    bool stall;          /* a stall column (else the status says it) */
    int mask, stall_at, inst;
};

static struct cols columns(int w, bool two_level)
{
    struct cols k = { two_level, true, true, 0, 0, 0 };
    int base = 1 + (two_level ? 1 : 0) + 4 + 7 + 8 + 5 + 6;
    if (w < base + 33 + 11 + 12)
        k.stall = false;
    if (w < base + 33 + 12)
        k.cells = false;
    k.mask = base;
    k.stall_at = k.mask + (k.cells ? 33 : 9);
    k.inst = k.stall_at + (k.stall ? 11 : 0);
    return k;
}

static enum ui_color state_color(const char *state, bool iss)
{
    if (iss)
        return UC_ISSUED;
    if (strcmp(state, "ready") == 0)
        return UC_READY;
    if (strcmp(state, "barrier") == 0)
        return UC_BARRIER;
    if (strcmp(state, "exited") == 0)
        return UC_EXITED;
    return UC_STALL;
}

static void mask_cells(const struct canvas *c, int row, int col,
                       const struct jv *w)
{
    uint32_t act = (uint32_t)ui_jint(w, "active_mask", 0);
    uint32_t val = (uint32_t)ui_jint(w, "valid_mask", 0);
    uint32_t ex = (uint32_t)ui_jint(w, "exited_mask", 0);
    for (int l = 0; l < 32; l++) {
        uint32_t b = 1u << l;
        if (act & b)
            cv_cell(c, row, col + l, UC_NORMAL, "\xe2\x96\x88", '#');
        else if ((val & b) && !(ex & b))
            cv_cell(c, row, col + l, UC_DIM, "\xe2\x96\x91", '.');
        else if (val & b)
            cv_cell(c, row, col + l, UC_EXITED, "\xc2\xb7", '_');
        else
            cv_cell(c, row, col + l, UC_DIM, " ", ' ');
    }
}

static void header(const struct canvas *c, int row, const struct cols *k)
{
    int o = 1 + (k->pool ? 1 : 0);
    if (k->pool)
        cv_print(c, row, 1, UC_TITLE, true, "P");
    cv_print(c, row, o, UC_TITLE, true, " id cta");
    cv_print(c, row, o + 11, UC_TITLE, true, "status");
    cv_print(c, row, k->mask - 11, UC_TITLE, true, "  pc  line");
    cv_print(c, row, k->mask, UC_TITLE, true, "%s", k->cells ? "active mask (lane 0..31)" : "mask");
    if (k->stall)
        cv_print(c, row, k->stall_at, UC_TITLE, true, "stall");
    cv_print(c, row, k->inst, UC_TITLE, true, "next instruction");
}

static void row_of(const struct canvas *c, int row, const struct jv *w,
                   const struct cols *k, bool focus, bool cursor)
{
    long long slot = ui_jint(w, "slot", -1);
    const char *state = ui_jstr(w, "state", "?");
    const char *stall = ui_jstr(w, "stall", "");
    bool iss = issued(slot);
    int col = 0;
    cv_print(c, row, col++, cursor ? UC_SELECT : UC_NORMAL, true, "%s",
             cursor ? ">" : " ");
    if (k->pool)
        cv_print(c, row, col++, UC_READY, true, "%s",
                 ui_jint(w, "in_pool", 0) ? "*" : " ");
    col += cv_print(c, row, col, focus ? UC_SELECT : UC_NORMAL, focus,
                    "%3lld %3lld.%-2lld", slot, ui_jint(w, "cta_id", 0),
                    ui_jint(w, "warp_in_cta", 0));
    const char *st = iss ? "issued" : state;
    if (!k->stall && strcmp(state, "stalled") == 0)
        st = stall;
    cv_print(c, row, col + 1, state_color(state, iss), true, "%-7.7s", st);
    long long pc = ui_jint(w, "pc", -1), line = ui_jint(w, "line", 0);
    char pcs[24] = "-", ls[24] = "";
    if (pc >= 0)
        snprintf(pcs, sizeof pcs, "%lld", pc);
    if (line > 0)
        snprintf(ls, sizeof ls, "%lld", line);
    cv_print(c, row, k->mask - 11, UC_NORMAL, false, "%4s %5s", pcs, ls);
    if (k->cells)
        mask_cells(c, row, k->mask, w);
    else
        cv_print(c, row, k->mask, UC_NORMAL, false, "%08llx",
                 ui_jint(w, "active_mask", 0) & 0xffffffffLL);
    if (k->stall && strcmp(state, "stalled") == 0)
        cv_print(c, row, k->stall_at, UC_STALL, false, "%.10s", stall);
    const char *inst = ui_jstr(w, "inst", "-");
    cv_print(c, row, k->inst, pc >= 0 ? UC_NORMAL : UC_DIM, false, "%s", inst);
}

/* Index in ws of the warp in slot `slot`, or -1. */
static int index_of(const struct jv *ws, int slot)
{
    for (size_t i = 0; i < ws->n; i++)
        if (ui_jint(ws->items[i], "slot", -1) == slot)
            return (int)i;
    return -1;
}

static bool two_level(const struct ws_device *dev)
{
    char buf[32];
    return strcmp(config_enum_name(&dev->cfg, CK_SCHED_POLICY, buf, sizeof buf),
                  "two-level") == 0;
}

/* A one-line summary of the SM's warps. */
static void summary(const struct canvas *c, const struct jv *ws, int sm,
                    uint64_t now)
{
    int n[4] = { 0, 0, 0, 0 };
    static const char *names[4] = { "ready", "stalled", "barrier", "exited" };
    for (size_t i = 0; i < ws->n; i++) {
        const char *s = ui_jstr(ws->items[i], "state", "");
        for (int k = 0; k < 4; k++)
            if (strcmp(s, names[k]) == 0)
                n[k]++;
    }
    cv_print(c, 0, 0, UC_NORMAL, false,
             "SM %d, cycle %llu: %zu warp%s - %d ready, %d stalled, %d at a barrier, %d exited",
             sm, (unsigned long long)now, ws->n, ws->n == 1 ? "" : "s", n[0],
             n[1], n[2], n[3]);
}

static void draw(struct pane *p, const struct canvas *c, const struct ui_ctx *x)
{
    if (c->h <= 0 || c->w <= 0)
        return;
    const struct ws_device *dev = &x->d->s->dev;
    char err[160] = "";
    struct jv *ws = inspect_live(dev) ? inspect_warps(dev, x->sm, err, sizeof err) : NULL;
    if (!ws || ws->n == 0) {
        explain(c, dev, err);
        jv_free(ws);
        return;
    }
    uint64_t now = dbg_cycle(x->d);
    track_issues(ws, x->sm, now);
    struct cols k = columns(c->w, two_level(dev));
    int top = 0;
    if (c->h >= 6) {
        summary(c, ws, x->sm, now);
        top++;
    }
    if (c->h >= 3)
        header(c, top++, &k);
    p->selcol = top;                      /* for click(): rows above the warps */
    int rows = c->h - top;
    int cur = index_of(ws, p->sel >= 0 ? p->sel : x->warp);
    if (p->sel >= 0 && cur < 0)
        p->sel = -1;                      /* the warp left */
    if (cur >= 0 && cur < p->scroll)
        p->scroll = cur;
    if (cur >= rows + p->scroll)
        p->scroll = cur - rows + 1;
    if (p->scroll > (int)ws->n - rows)
        p->scroll = (int)ws->n - rows;
    if (p->scroll < 0)
        p->scroll = 0;
    for (int r = 0; r < rows && p->scroll + r < (int)ws->n; r++) {
        const struct jv *w = ws->items[p->scroll + r];
        long long slot = ui_jint(w, "slot", -1);
        row_of(c, top + r, w, &k, slot == x->warp, p->sel >= 0 && slot == p->sel);
    }
    jv_free(ws);
}

/* Moves the selection by `by` rows (clamped). */
static void move_sel(struct pane *p, const struct jv *ws, int cur, int by)
{
    int i = (cur < 0 ? 0 : cur) + by;
    if (i < 0)
        i = 0;
    if (i >= (int)ws->n)
        i = (int)ws->n - 1;
    p->sel = (int)ui_jint(ws->items[i], "slot", -1);
}

static int key(struct pane *p, int ch, struct ui_ctx *x)
{
    const struct ws_device *dev = &x->d->s->dev;
    struct jv *ws = inspect_live(dev) ? inspect_warps(dev, x->sm, NULL, 0) : NULL;
    if (!ws || ws->n == 0) {
        jv_free(ws);
        return 0;
    }
    int cur = index_of(ws, p->sel >= 0 ? p->sel : x->warp);
    int rc = PANE_HANDLED | PANE_REDRAW;
    switch (ch) {
    case KEY_UP: move_sel(p, ws, cur, -1); break;
    case KEY_DOWN: move_sel(p, ws, cur, 1); break;
    case KEY_PPAGE: move_sel(p, ws, cur, -10); break;
    case KEY_NPAGE: move_sel(p, ws, cur, 10); break;
    case KEY_HOME: move_sel(p, ws, 0, 0); break;
    case KEY_END: move_sel(p, ws, (int)ws->n - 1, 0); break;
    case '\n': case '\r': case KEY_ENTER:
        if (p->sel >= 0)
            x->warp = p->sel;
        p->sel = -1;                  /* the cursor follows the focus again */
        break;
    default:
        rc = 0;
    }
    jv_free(ws);
    return rc;
}

static int click(struct pane *p, int row, int col, struct ui_ctx *x)
{
    (void)col;
    const struct ws_device *dev = &x->d->s->dev;
    struct jv *ws = inspect_live(dev) ? inspect_warps(dev, x->sm, NULL, 0) : NULL;
    if (!ws || ws->n == 0) {
        jv_free(ws);
        return 0;
    }
    /* The same rows as draw: the canvas height is not known here, so the
       header rows are inferred from the scroll state the draw left. */
    int top = p->selcol;
    int i = p->scroll + row - top;
    int rc = 0;
    if (row >= top && i >= 0 && i < (int)ws->n) {
        x->warp = (int)ui_jint(ws->items[i], "slot", -1);
        p->sel = -1;
        rc = PANE_HANDLED | PANE_REDRAW;
    }
    jv_free(ws);
    return rc;
}

const struct pane_class pane_warps = {
    "warps", "Warps", draw, key, click,
    "mask \xe2\x96\x88 active \xe2\x96\x91 off \xc2\xb7 exited; * dead operand; Enter: focus",
    "mask # active . off _ exited; * dead operand; Enter: focus",
};
