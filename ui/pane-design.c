/*
** pane-design.c - the Design pane: the grids the focused SM's design
** describes (inspect_design; format in src/timing/grid.h). Register-file
** tapes, per-lane caches, hybrid arrays or register-cache partitions all
** come as rows of cells with a legend, so this pane draws any of them
** without knowing which design made them:
**   SM 0: 16 banks x 2 tapes, ...                       (grid title)
**   b06.0 T#@##.....@###.....                           (label, cells)
**         off 2 <- 0 -2 shifting q w0r6                 (the row's note)
**   # register . empty @ register at a port ...        (legend)
** A row whose label is `hot` is highlighted. With the Right/Left keys a
** cell of the first row shown is selected and its detail line (if the
** design gave one) is shown at the foot. A view: reads the inspection
** layer, changes nothing but its scroll position and selection.
*/
#include "ui.h"
#include "debug/inspect.h"
#include "lua/ws.h"
#include "util/jval.h"
#include <curses.h>
#include <stdio.h>
#include <string.h>

static const struct jv *jarr(const struct jv *o, const char *k)
{
    const struct jv *v = jv_get(o, k);
    return v && v->kind == JV_ARR ? v : NULL;
}

/* The legend entry of a cell code, or NULL. */
static const struct jv *legend_of(const struct jv *legend, char code)
{
    for (size_t i = 0; legend && i < legend->n; i++) {
        const char *c = ui_jstr(legend->items[i], "code", "");
        if (c[0] == code)
            return legend->items[i];
    }
    return NULL;
}

/* Draws one row's cells from column col; returns the next column. */
static int cells(const struct canvas *c, int row, int col, const struct jv *r,
                 const struct jv *legend, int sel)
{
    const char *s = ui_jstr(r, "cells", "");
    int n = (int)strlen(s);
    for (int i = 0; i < n && col < c->w; i++, col++) {
        const struct jv *e = legend_of(legend, s[i]);
        enum ui_color k = i == sel ? UC_SELECT : ui_role(ui_jstr(e, "color", NULL));
        const char *glyph = ui_jstr(e, "glyph", NULL);
        char u[8];
        snprintf(u, sizeof u, "%c", s[i]);
        /* without colour the code itself tells the states apart */
        cv_cell(c, row, col, k, glyph && c->color ? glyph : u, s[i]);
    }
    return col;
}

static int note(const struct canvas *c, int row, int col, const struct jv *r)
{
    const struct jv *n = jarr(r, "note");
    for (size_t i = 0; n && i < n->n && col < c->w; i++)
        col += cv_print(c, row, col, ui_role(ui_jstr(n->items[i], "c", NULL)),
                        false, "%s", ui_jstr(n->items[i], "t", ""));
    return col;
}

/* The legend: "■ register · empty ...", its entries flowing over as many
   rows as the width needs (never cut in the middle of one); draws it
   from `row` when draw, and returns the rows it takes. */
static int legend_lines(const struct canvas *c, int row, const struct jv *lg,
                        bool draw)
{
    int col = 0, rows = lg && lg->n ? 1 : 0;
    for (size_t i = 0; lg && i < lg->n; i++) {
        const struct jv *e = lg->items[i];
        const char *code = ui_jstr(e, "code", "?");
        const char *glyph = ui_jstr(e, "glyph", NULL);
        const char *label = ui_jstr(e, "label", "");
        int need = 3 + (int)strlen(label);
        if (col > 0 && col + need - 1 > c->w) {
            col = 0;
            rows++;
        }
        if (draw) {
            cv_cell(c, row + rows - 1, col, ui_role(ui_jstr(e, "color", NULL)),
                    glyph && c->color ? glyph : code, code[0]);
            cv_print(c, row + rows - 1, col + 1, UC_DIM, false, " %s ", label);
        }
        col += need;
    }
    return rows;
}

/* Draws grid g from canvas row `row`, skipping its first `skip` rows;
   returns the next free row. */
static int grid(struct pane *p, const struct canvas *c, int row,
                const struct jv *g, int skip)
{
    const struct jv *rows = jarr(g, "rows"), *lg = jarr(g, "legend");
    cv_print(c, row++, 0, UC_TITLE, false, "%s", ui_jstr(g, "title", ""));
    int lw = 1;
    for (size_t i = 0; rows && i < rows->n; i++) {
        int n = (int)strlen(ui_jstr(rows->items[i], "label", ""));
        lw = n > lw ? n : lw;
    }
    lw = lw > 12 ? 12 : lw;
    for (size_t i = (size_t)skip; rows && i < rows->n && row < c->h - 1; i++) {
        const struct jv *r = rows->items[i];
        bool hot = ui_jint(r, "hot", 0) != 0;
        cv_print(c, row, 0, hot ? UC_TITLE : UC_NORMAL, hot, "%-*.*s", lw, lw,
                 ui_jstr(r, "label", ""));
        int sel = i == (size_t)skip ? p->selcol : -1;
        int col = cells(c, row, lw + 1, r, lg, sel);
        /* the note follows on the same line when it fits, else below */
        const struct jv *n = jarr(r, "note");
        if (n && n->n) {
            size_t len = 0;
            for (size_t k = 0; k < n->n; k++)
                len += strlen(ui_jstr(n->items[k], "t", ""));
            if (col + 1 + (int)len <= c->w)
                note(c, row, col + 1, r);
            else if (row + 1 < c->h - 1)
                note(c, ++row, lw + 1, r);
        }
        row++;
    }
    const struct jv *ft = jarr(g, "foot");
    for (size_t i = 0; ft && i < ft->n && row < c->h; i++)
        if (ft->items[i]->kind == JV_STR)
            cv_print(c, row++, 0, UC_DIM, false, "%s", ft->items[i]->u.s);
    return row;
}

static void draw(struct pane *p, const struct canvas *c, const struct ui_ctx *x)
{
    if (c->h <= 0 || c->w <= 0)
        return;
    const struct ws_device *dev = &x->d->s->dev;
    char err[160] = "";
    struct jv *v = inspect_live(dev) ? inspect_design(dev, x->sm, NULL, err, sizeof err)
                            : NULL;
    if (!v) {
        ui_explain(c, dev, "design structure", "the design's structure appears",
                   err);
        return;
    }
    const struct jv *gs = jarr(v, "grids");
    if (!gs || !gs->n) {
        cv_print(c, 0, 0, UC_DIM, false,
                 "design '%s' shows no structure of its own here (see the Register file and Cache panes)",
                 ui_jstr(v, "design", "?"));
        jv_free(v);
        return;
    }
    const struct jv *lg = jarr(gs->items[0], "legend");
    int lrows = legend_lines(c, 0, lg, false);
    if (lrows > c->h / 3)
        lrows = c->h / 3 > 1 ? c->h / 3 : 1;
    int row = 0, skip = p->scroll;
    const struct jv *first = NULL;
    struct canvas top = *c;              /* the grids end above the foot */
    top.h = c->h - lrows;
    for (size_t g = 0; g < gs->n && row < top.h; g++) {
        const struct jv *rows = jarr(gs->items[g], "rows");
        int n = rows ? (int)rows->n : 0;
        if (skip >= n && g + 1 < gs->n) {
            skip -= n;                 /* scrolled past this grid */
            continue;
        }
        if (skip >= n)
            skip = n ? n - 1 : 0;
        if (!first && rows && (size_t)skip < rows->n)
            first = rows->items[skip];
        row = grid(p, &top, row, gs->items[g], skip);
        skip = 0;
    }
    /* the foot: the selected cell's detail, else the first grid's legend */
    const struct jv *det = first ? jarr(first, "details") : NULL;
    if (det && p->selcol >= 0 && (size_t)p->selcol < det->n &&
        det->items[p->selcol]->kind == JV_STR)
        cv_print(c, c->h - 1, 0, UC_NORMAL, false, "%s: %s",
                 ui_jstr(first, "label", ""), det->items[p->selcol]->u.s);
    else {
        struct canvas foot = *c;
        foot.y += c->h - lrows;
        foot.h = lrows;
        legend_lines(&foot, 0, lg, true);
    }
    jv_free(v);
}

static int key(struct pane *p, int ch, struct ui_ctx *x)
{
    (void)x;
    switch (ch) {
    case KEY_UP: p->scroll--; break;
    case KEY_DOWN: p->scroll++; break;
    case KEY_PPAGE: p->scroll -= 8; break;
    case KEY_NPAGE: p->scroll += 8; break;
    case KEY_HOME: p->scroll = 0; p->selcol = -1; break;
    case KEY_RIGHT: p->selcol++; break;
    case KEY_LEFT: p->selcol = p->selcol > 0 ? p->selcol - 1 : -1; break;
    default: return 0;
    }
    if (p->scroll < 0)
        p->scroll = 0;
    return PANE_HANDLED | PANE_REDRAW;
}

/* the design's own legend is drawn at the pane's foot */
const struct pane_class pane_design = { "design", "Design", draw, key, NULL,
                                        NULL, NULL };
