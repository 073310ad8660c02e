/*
** pane-cache.c - the Cache pane: the L1D of the focused SM (inspect_l1)
** as sets x ways, each way a cell coloured by state (valid, dirty,
** invalid, a fill pending in an MSHR) with the low digits of its tag and
** its LRU age; sets flow over several columns when the pane is wide and
** the cache tall. Below: the MSHRs in use and the selected line's
** details. Arrows (or a click) select a set and way: p->sel is the set
** (-1 none), p->selcol the way. The ways whose line changed (filled,
** evicted, made dirty) since the screen before, at another cycle, are
** marked `+` and listed at the foot. A view: reads inspect_l1, changes
** nothing but its own selection and that memory of the screen before.
*/
#include "ui.h"
#include "debug/inspect.h"
#include "lua/ws.h"
#include "util/xalloc.h"
#include <curses.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The grid as last drawn, for keys and clicks (which have no canvas). */
static struct {
    int cols;                     /* sets per screen row */
    int top;                      /* rows above the grid */
    int label, cw;                /* set label width, way cell width */
    int rows;                     /* grid rows shown */
} grid = { 1, 2, 4, 6, 1 };


static const struct jv *way_at(const struct jv *l1, int set, int way)
{
    const struct jv *sd = jv_get(l1, "sets_data");
    if (!sd || sd->kind != JV_ARR || set < 0 || (size_t)set >= sd->n)
        return NULL;
    const struct jv *ws = sd->items[set];
    if (ws->kind != JV_ARR || way < 0 || (size_t)way >= ws->n)
        return NULL;
    return ws->items[way];
}

/* Is a fill of this line address waiting in an MSHR? */
static bool pending(const struct jv *l1, long long addr)
{
    const struct jv *m = jv_get(l1, "mshrs");
    for (size_t i = 0; m && m->kind == JV_ARR && i < m->n; i++)
        if (ui_jint(m->items[i], "addr", -1) == addr)
            return true;
    return false;
}

/* Does set `set` have an MSHR waiting for one of its lines? */
static bool set_pending(const struct jv *l1, int set)
{
    long long line = ui_jint(l1, "line", 0), sets = ui_jint(l1, "sets", 0);
    const struct jv *m = jv_get(l1, "mshrs");
    for (size_t i = 0; line > 0 && sets > 0 && m && m->kind == JV_ARR &&
                       i < m->n; i++)
        if (ui_jint(m->items[i], "addr", 0) / line % sets == set)
            return true;
    return false;
}

/* ---- what changed ------------------------------------------------------ */

/* Each way's line (address, valid, dirty) as drawn at the last two
   distinct cycles: [1] now, [0] the screen before. Another SM or
   geometry starts over. */
static struct {
    int sm;
    size_t n;                     /* sets x ways */
    uint64_t cycle[2];
    long long *key[2];
    bool have[2];
} seen;

static long long line_key(const struct jv *l)
{
    if (!l || !ui_jint(l, "valid", 0))
        return -1;
    return ui_jint(l, "addr", 0) * 4 + (ui_jint(l, "dirty", 0) ? 2 : 0) + 1;
}

static void remember(const struct jv *l1, int sm, uint64_t cycle)
{
    int sets = (int)ui_jint(l1, "sets", 0), ways = (int)ui_jint(l1, "ways", 0);
    size_t n = (size_t)sets * (size_t)ways;
    if (!seen.have[1] || seen.sm != sm || seen.n != n) {
        for (int i = 0; i < 2; i++) {
            free(seen.key[i]);
            seen.key[i] = ws_xmalloc((n ? n : 1) * sizeof *seen.key[i]);
        }
        seen.sm = sm;
        seen.n = n;
        seen.have[0] = false;
    } else if (cycle != seen.cycle[1]) {
        long long *t = seen.key[0];
        seen.key[0] = seen.key[1];
        seen.key[1] = t;
        seen.cycle[0] = seen.cycle[1];
        seen.have[0] = true;
    }
    for (int s = 0; s < sets; s++)
        for (int w = 0; w < ways; w++)
            seen.key[1][(size_t)s * (size_t)ways + (size_t)w] = line_key(way_at(l1, s, w));
    seen.cycle[1] = cycle;
    seen.have[1] = true;
}

static bool changed(int set, int way, int ways)
{
    size_t i = (size_t)set * (size_t)ways + (size_t)way;
    return seen.have[0] && i < seen.n && seen.key[0][i] != seen.key[1][i];
}

/* ---- layout ------------------------------------------------------------ */

/* Chooses cell width and sets per row for sets x ways in h x w. */
static void layout(int sets, int ways, int h, int w)
{
    int agew = ways > 10 ? 2 : 1;
    grid.label = sets > 1000 ? 5 : sets > 100 ? 4 : 3;
    grid.label += 2;                      /* pending mark and a space */
    int fixed = 3 + agew;                 /* mark, space, age, separator */
    int avail = h > 0 ? h : 1;
    grid.cols = 1;
    if (sets > avail) {
        int want = (sets + avail - 1) / avail;
        for (int c = want; c > 1; c--) {
            int cw = (w / c - grid.label - 1) / ways;
            if (cw - fixed >= 3) {
                grid.cols = c;
                break;
            }
        }
    }
    int cw = (w / grid.cols - grid.label - (grid.cols > 1 ? 1 : 0)) / ways;
    if (cw > 8 + fixed)
        cw = 8 + fixed;
    if (cw < 1)
        cw = 1;
    grid.cw = cw;
}

static enum ui_color state_color(const struct jv *l, bool pend)
{
    if (pend)
        return UC_PENDING;
    const char *s = ui_jstr(l, "state", "invalid");
    return strcmp(s, "dirty") == 0                               ? UC_DIRTY
           : strcmp(s, "clean") == 0 || strcmp(s, "cache") == 0 ? UC_VALID
           : strcmp(s, "reg") == 0                              ? UC_READY
                                                                : UC_INVALID;
}

static void cell(const struct canvas *c, int row, int col, const struct jv *l1,
                 const struct jv *l, bool sel, bool chg)
{
    bool valid = ui_jint(l, "valid", 0) != 0;
    bool pend = valid && pending(l1, ui_jint(l, "addr", -1));
    enum ui_color col_ = sel ? UC_SELECT : state_color(l, pend);
    int cw = grid.cw, agew = ui_jint(l1, "ways", 0) > 10 ? 2 : 1;
    int td = cw - 3 - agew;
    if (td < 1) {                         /* a one-character cell */
        cv_cell(c, row, col, col_, chg ? "+" : valid ? "\xe2\x96\x88" : "\xc2\xb7",
                chg ? '+' : !valid ? '.' : ui_jint(l, "dirty", 0) ? 'D' : pend ? '~' : strcmp(ui_jstr(l, "state", ""), "reg") == 0 ? 'R' : '#');
        return;
    }
    if (!valid) {                         /* `+`: just evicted */
        cv_print(c, row, col, col_, chg, "%c%*s-%*s", chg ? '+' : ' ', td / 2,
                 "", td - td / 2 + agew, "");
        return;
    }
    char mark = pend ? '~' : chg ? '+' : ui_jint(l, "dirty", 0) ? '*' : ' ';
    if (strcmp(ui_jstr(l, "state", ""), "reg") == 0) {
        /* a register of an integrated array: its owner, not a tag */
        cv_print(c, row, col, col_, sel || !c->color, "%-*.*s%*lld", td + 1,
                 td + 1, ui_jstr(l, "owner", "reg"), agew + 1,
                 ui_jint(l, "age", 0));
        return;
    }
    unsigned long long tag = (unsigned long long)ui_jint(l, "tag", 0);
    if (td < 16)
        tag &= (1ULL << (4 * td)) - 1;
    cv_print(c, row, col, col_, sel || chg, "%c%0*llx %*lld", mark, td, tag,
             agew, ui_jint(l, "age", 0));
}

static void draw_set(const struct canvas *c, int row, int col,
                     const struct jv *l1, int set, const struct pane *p)
{
    int ways = (int)ui_jint(l1, "ways", 0);
    bool pend = set_pending(l1, set);
    cv_print(c, row, col, pend ? UC_PENDING : UC_DIM, pend, "%c%*d ",
             pend ? '~' : ' ', grid.label - 2, set);
    for (int w = 0; w < ways; w++) {
        const struct jv *l = way_at(l1, set, w);
        if (l)
            cell(c, row, col + grid.label + w * grid.cw, l1, l,
                 p->sel == set && p->selcol == w, changed(set, w, ways));
    }
}

static void header(const struct canvas *c, const struct jv *l1, int sm)
{
    const struct jv *mq = jv_get(l1, "miss_queue");
    char q[48] = "";
    if (mq && mq->kind == JV_INT)
        snprintf(q, sizeof q, ", miss queue %lld/%lld", (long long)mq->u.i,
                 ui_jint(l1, "miss_queue_limit", 0));
    const struct jv *m = jv_get(l1, "mshrs");
    cv_print(c, 0, 0, UC_NORMAL, false,
             "L1D of SM %d (%s): %lld sets x %lld ways x %lld B, %s; %lld valid, %lld dirty; MSHRs %zu/%lld%s",
             sm, ui_jstr(l1, "design", "?"), ui_jint(l1, "sets", 0), ui_jint(l1, "ways", 0),
             ui_jint(l1, "line", 0), ui_jstr(l1, "policy", "?"), ui_jint(l1, "valid_lines", 0),
             ui_jint(l1, "dirty_lines", 0), m && m->kind == JV_ARR ? m->n : 0,
             ui_jint(l1, "mshrs_total", 0), q);
}

static void way_header(const struct canvas *c, int row, int ways)
{
    for (int g = 0; g < grid.cols; g++) {
        int x0 = g * (grid.label + ways * grid.cw + 1);
        cv_print(c, row, x0, UC_TITLE, true, "%*s", grid.label - 1, "set");
        for (int w = 0; w < ways && grid.cw >= 3; w++)
            cv_print(c, row, x0 + grid.label + w * grid.cw, UC_TITLE, true,
                     grid.cw >= 6 ? " way%d" : " %d", w);
    }
}

static void mshr_line(const struct canvas *c, int row, const struct jv *l1)
{
    const struct jv *m = jv_get(l1, "mshrs");
    int col = cv_print(c, row, 0, UC_PENDING, false, "MSHRs:");
    if (!m || m->kind != JV_ARR || m->n == 0) {
        cv_print(c, row, col, UC_DIM, false, " none in use");
        return;
    }
    for (size_t i = 0; i < m->n && col < c->w; i++)
        col += cv_print(c, row, col, UC_NORMAL, false, " 0x%llx(%lld)",
                        (unsigned long long)ui_jint(m->items[i], "addr", 0),
                        ui_jint(m->items[i], "waiting", 0));
}

/* With no line selected: the ways that changed since the screen before. */
static void changed_line(const struct canvas *c, int row, const struct jv *l1)
{
    int sets = (int)ui_jint(l1, "sets", 0), ways = (int)ui_jint(l1, "ways", 0);
    if (!seen.have[0]) {
        cv_print(c, row, 0, UC_DIM, false,
                 "arrows or a click select a line; + marks a line changed at the next stop");
        return;
    }
    int col = cv_print(c, row, 0, UC_DIM, false, "changed since cycle %llu:",
                       (unsigned long long)seen.cycle[0]);
    int n = 0;
    for (int s = 0; s < sets && col < c->w; s++)
        for (int w = 0; w < ways && col < c->w; w++)
            if (changed(s, w, ways)) {
                const struct jv *l = way_at(l1, s, w);
                col += cv_print(c, row, col, UC_NORMAL, true, "%s set %d way %d%s",
                                n ? "," : "", s, w,
                                !ui_jint(l, "valid", 0) ? " evicted"
                                : ui_jint(l, "dirty", 0) ? " dirty" : "");
                n++;
            }
    if (n == 0)
        cv_print(c, row, col, UC_DIM, false, " no line");
}

static void detail_line(const struct canvas *c, int row, const struct jv *l1,
                        const struct pane *p)
{
    const struct jv *l = way_at(l1, p->sel, p->selcol);
    if (!l) {
        changed_line(c, row, l1);
        return;
    }
    if (!ui_jint(l, "valid", 0)) {
        cv_print(c, row, 0, UC_NORMAL, false, "set %d way %d: invalid", p->sel,
                 p->selcol);
        return;
    }
    long long age = ui_jint(l, "age", 0);
    if (strcmp(ui_jstr(l, "state", ""), "reg") == 0) {
        cv_print(c, row, 0, UC_NORMAL, false,
                 "set %d way %d: register %s (reg-mem 0x%llx), age %lld%s",
                 p->sel, p->selcol, ui_jstr(l, "owner", "?"),
                 (unsigned long long)ui_jint(l, "addr", 0), age,
                 age == 0 ? " (most recent)" : "");
        return;
    }
    cv_print(c, row, 0, UC_NORMAL, false,
             "set %d way %d: %s, tag 0x%llx, line 0x%llx, age %lld%s%s", p->sel,
             p->selcol, ui_jstr(l, "state", "?"), (unsigned long long)ui_jint(l, "tag", 0),
             (unsigned long long)ui_jint(l, "addr", 0), age,
             age == 0 ? " (most recent)" : "",
             pending(l1, ui_jint(l, "addr", -1)) ? ", fill pending" : "");
}

/* Why there is nothing to draw. */
static void draw(struct pane *p, const struct canvas *c, const struct ui_ctx *x)
{
    if (c->h <= 0 || c->w <= 0)
        return;
    const struct ws_device *dev = &x->d->s->dev;
    char err[160] = "";
    struct jv *l1 = inspect_live(dev) ? inspect_l1(dev, x->sm, err, sizeof err) : NULL;
    if (!l1) {
        ui_explain(c, dev, "L1D", "the L1D appears", err);
        return;
    }
    int sets = (int)ui_jint(l1, "sets", 0), ways = (int)ui_jint(l1, "ways", 0);
    header(c, l1, x->sm);
    if (sets <= 0 || ways <= 0) {
        cv_print(c, 1, 0, UC_DIM, false, "design %s shows no cache array here (l1d.size = 0 or not drawable)",
                 ui_jstr(l1, "design", "?"));
        jv_free(l1);
        return;
    }
    remember(l1, x->sm, dbg_cycle(x->d));
    bool foot = c->h >= 6, wayh = c->h >= 5;
    grid.top = 1 + (wayh ? 1 : 0);
    grid.rows = c->h - grid.top - (foot ? 2 : 0);
    if (grid.rows < 1)
        grid.rows = 0;
    layout(sets, ways, grid.rows, c->w);
    if (wayh)
        way_header(c, 1, ways);
    int nrows = (sets + grid.cols - 1) / grid.cols;
    if (p->sel >= sets)
        p->sel = sets - 1;
    if (p->selcol >= ways)
        p->selcol = ways - 1;
    int srow = p->sel >= 0 ? p->sel / grid.cols : 0;
    if (srow < p->scroll)
        p->scroll = srow;
    if (srow >= p->scroll + grid.rows)
        p->scroll = srow - grid.rows + 1;
    if (p->scroll > nrows - grid.rows)
        p->scroll = nrows - grid.rows;
    if (p->scroll < 0)
        p->scroll = 0;
    int gw = grid.label + ways * grid.cw + 1;
    for (int r = 0; r < grid.rows && p->scroll + r < nrows; r++)
        for (int g = 0; g < grid.cols; g++) {
            int set = (p->scroll + r) * grid.cols + g;
            if (set < sets)
                draw_set(c, grid.top + r, g * gw, l1, set, p);
        }
    if (foot) {
        mshr_line(c, c->h - 2, l1);
        detail_line(c, c->h - 1, l1, p);
    }
    jv_free(l1);
}

/* ---- keys and clicks ------------------------------------------------ */

static bool geometry(const struct ui_ctx *x, int *sets, int *ways)
{
    const struct ws_device *dev = &x->d->s->dev;
    struct jv *l1 = inspect_live(dev) ? inspect_l1(dev, x->sm, NULL, 0) : NULL;
    *sets = l1 ? (int)ui_jint(l1, "sets", 0) : 0;
    *ways = l1 ? (int)ui_jint(l1, "ways", 0) : 0;
    jv_free(l1);
    return *sets > 0 && *ways > 0;
}

static int key(struct pane *p, int ch, struct ui_ctx *x)
{
    int sets, ways;
    if (!geometry(x, &sets, &ways))
        return 0;
    int s = p->sel < 0 ? 0 : p->sel, w = p->sel < 0 ? 0 : p->selcol;
    int page = grid.rows > 1 ? grid.rows - 1 : 1;
    switch (ch) {
    case KEY_UP: s -= grid.cols; break;
    case KEY_DOWN: s += grid.cols; break;
    case KEY_PPAGE: s -= page * grid.cols; break;
    case KEY_NPAGE: s += page * grid.cols; break;
    case KEY_HOME: s = 0; w = 0; break;
    case KEY_END: s = sets - 1; w = ways - 1; break;
    case KEY_LEFT:
        if (--w < 0) {                    /* the previous set, last way */
            w = s > 0 ? ways - 1 : 0;
            s = s > 0 ? s - 1 : 0;
        }
        break;
    case KEY_RIGHT:
        if (++w >= ways) {
            w = s < sets - 1 ? 0 : ways - 1;
            s = s < sets - 1 ? s + 1 : s;
        }
        break;
    case 27:
        p->sel = -1;
        return PANE_HANDLED | PANE_REDRAW;
    default:
        return 0;
    }
    if (s < 0)
        s = 0;
    if (s >= sets)
        s = sets - 1;
    p->sel = s;
    p->selcol = w;
    return PANE_HANDLED | PANE_REDRAW;
}

static int click(struct pane *p, int row, int col, struct ui_ctx *x)
{
    int sets, ways;
    if (!geometry(x, &sets, &ways) || row < grid.top ||
        row >= grid.top + grid.rows || col < 0)
        return 0;
    int gw = grid.label + ways * grid.cw + 1;
    int g = col / gw, in = col % gw - grid.label;
    int set = (p->scroll + row - grid.top) * grid.cols + g;
    if (g >= grid.cols || in < 0 || set >= sets || in / grid.cw >= ways)
        return 0;
    p->sel = set;
    p->selcol = in / grid.cw;
    return PANE_HANDLED | PANE_REDRAW;
}

const struct pane_class pane_cache = {
    "cache", "Cache", draw, key, click,
    "+ changed since last stop * dirty ~ fill pending; N: age",
    NULL,
};
