/*
** pane-source.c - the Source pane: the PTX text of the kernel (the one
** running, else the next queued or last loaded module), each line with
** its breakpoint mark, how many warps of the focused SM stand on it, its
** number, the text, and (when wide) the first instruction of the line on
** physical registers with dead operands marked '*' (print_inst). A
** design may mark instructions of the running kernel (its describe
** output's source_marks: register-interval heads, say): the mark
** stands between the line number and the text. The focused warp's line
** is highlighted and followed unless the user moved the selection ('f'
** follows again); the border's title names the CUDA source line of the
** selected line (inspect_cuda_line). Once the kernel has run, each
** line's statistics (debug/linestats.h: issued, bank conflicts, L1D
** loads and misses, stall cycles) stand in columns right of the text, as
** many as fit, under a header row; the hottest lines by the metric ('m'
** picks it) are marked. F9 (tui.c) asks pane_source_break for the
** command that toggles a breakpoint on the selected line.
** A view: it reads the kernel image, the debugger's breakpoints and the
** inspection layer and changes nothing but its own pane state:
** p->sel is the selected line (1-based, -1 none), p->scroll the first
** line shown minus one, p->selcol 1 after the user moved the selection,
** else (0 after 'f', -1 as the layout starts it) following the PC.
*/
#include "ui.h"
#include "layout.h"
#include "compile/print.h"
#include "debug/inspect.h"
#include "debug/linestats.h"
#include "lua/ws.h"
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 512              /* rows drawn at most (taller: clipped) */

/* Lines per page at the last draw, for PgUp/PgDn; rows above the first
   line (the statistics' header), for clicks. */
static int page = 10, head_rows;

/* The statistics per line: the columns (linestats keys, in this order)
   and the one the hottest lines are marked by ('m' cycles it). */
static const int stat_cols[] = { LS_ISSUED, LS_RF, LS_L1, LS_MISS, LS_SHMEM,
                                 LS_STALL };
#define NSTAT ((int)(sizeof stat_cols / sizeof *stat_cols))
static const char *const stat_head[NSTAT] = { "iss", "rf", "l1", "miss",
                                              "shm", "stall" };
static int metric = NSTAT - 1;            /* index in stat_cols */
#define HOT_LINES 5                       /* lines marked hottest */

struct view {
    const struct ptx_module *mod;
    const struct kimage *k;       /* NULL: a module without kernels */
    bool running;                 /* k is on the GPU now */
};

/* What to show: the running kernel, else the last queued launch's, else
   the first kernel of the last module loaded. */
static bool view_of(const struct ws_device *dev, struct view *v)
{
    memset(v, 0, sizeof *v);
    return inspect_shown_kernel(dev, &v->k, &v->mod, &v->running);
}

static int nlines(const struct view *v)
{
    return (int)v->mod->line_start.n;
}

static const char *base_name(const char *p)
{
    const char *s = p ? strrchr(p, '/') : NULL;
    return s ? s + 1 : p ? p : "";
}

static int inst_line(const struct kimage *k, int32_t i)
{
    return k && i >= 0 && i < k->ninst ? k->flat.insts.v[i].line : 0;
}

/* The line a breakpoint on line `line` stops at in k: that line if it has
   an instruction, else the first instruction's line up to 3 lines after
   (as the debugger resolves it), else 0. */
static int line_stop(const struct kimage *k, int line)
{
    int best = 0;
    for (int32_t i = 0; k && i < k->ninst; i++) {
        int l = k->flat.insts.v[i].line;
        if (l == line)
            return line;
        if (l > line && (best == 0 || l < best))
            best = l;
    }
    return best && best - line < 4 ? best : 0;
}

/* Marks in mark[0..rows) the lines top+1.. where PC breakpoint b stops:
   2 enabled, 1 disabled. Uses the debugger's resolution when it has one
   for k, else resolves the location the same way, read-only. */
static void bp_mark(const struct bp *b, const struct view *v, int top,
                    int rows, signed char *mark)
{
    if (b->kind != BP_PC)
        return;
    signed char m = b->enabled ? 2 : 1;
#define MARK(l) do { int l_ = (l) - top - 1; \
        if (l_ >= 0 && l_ < rows && mark[l_] < m) mark[l_] = m; } while (0)
    if (v->k && b->rk == v->k) {
        for (size_t i = 0; i < b->rpcs.n; i++)
            MARK(inst_line(v->k, b->rpcs.v[i]));
        return;
    }
    if (b->file && strcmp(base_name(b->file), base_name(v->mod->path)) != 0)
        return;
    if (b->pc >= 0) {
        MARK(inst_line(v->k, b->pc));
    } else if (b->label && v->k) {
        if (strcmp(b->label, v->k->name) == 0)
            MARK(inst_line(v->k, 0));
        for (size_t i = 0; i < v->k->flat.labels.n; i++)
            if (strcmp(v->k->flat.labels.v[i].name, b->label) == 0)
                MARK(inst_line(v->k, v->k->flat.labels.v[i].inst));
    } else if (b->line > 0) {
        MARK(v->k ? line_stop(v->k, b->line) : b->line);
    }
#undef MARK
}

/* ---- drawing -------------------------------------------------------- */

/* What the visible lines carry. */
struct rows {
    int top, n;                   /* lines top+1 .. top+n */
    int32_t first[MAX_ROWS];      /* first instruction of the line, -1 */
    int ninst[MAX_ROWS];
    int warps[MAX_ROWS];          /* warps of the focused SM there */
    signed char bp[MAX_ROWS];
    bool mark[MAX_ROWS];          /* the design marks an instruction there */
    int pc_line;                  /* the focused warp's line, 0 none */
    /* the design's mark: glyph (UTF-8), code (ASCII) and colour */
    char glyph[8], code;
    enum ui_color mark_color;
    /* statistics per line (NULL: none counted for the kernel), the
       columns shown (bit i: stat_cols[i]) from column stat_at, and the
       least count of a hottest line */
    struct lstat *st;
    unsigned shown;
    int stat_at;
    uint64_t hot;
};

static void fill_rows(struct rows *r, const struct view *v,
                      const struct ui_ctx *x)
{
    for (int i = 0; i < r->n; i++) {
        r->first[i] = -1;
        r->ninst[i] = r->warps[i] = 0;
        r->bp[i] = 0;
    }
    for (int32_t i = 0; v->k && i < v->k->ninst; i++) {
        int l = v->k->flat.insts.v[i].line - r->top - 1;
        if (l >= 0 && l < r->n && r->ninst[l]++ == 0)
            r->first[l] = i;
    }
    for (size_t i = 0; i < x->d->bps.n; i++)
        bp_mark(&x->d->bps.v[i], v, r->top, r->n, r->bp);
}

/* The instructions the focused SM's design marks in the running kernel
   (describe's source_marks: {glyph, code, color, pcs}), into r->mark. */
static void design_marks(struct rows *r, const struct view *v,
                         const struct ui_ctx *x)
{
    for (int i = 0; i < r->n; i++)
        r->mark[i] = false;
    if (!v->running)
        return;
    char err[160];
    struct jv *d = inspect_design(&x->d->s->dev, x->sm, NULL, err, sizeof err);
    const struct jv *m = jv_get(d, "source_marks");
    const struct jv *pcs = jv_get(m, "pcs");
    snprintf(r->glyph, sizeof r->glyph, "%s", ui_jstr(m, "glyph", "*"));
    r->code = ui_jstr(m, "code", "*")[0];
    r->mark_color = ui_role(ui_jstr(m, "color", NULL));
    for (size_t i = 0; pcs && pcs->kind == JV_ARR && i < pcs->n; i++) {
        int l = inst_line(v->k, (int32_t)pcs->items[i]->u.i) - r->top - 1;
        if (l >= 0 && l < r->n && inst_line(v->k, (int32_t)pcs->items[i]->u.i))
            r->mark[l] = true;
    }
    jv_free(d);
}

/* The lines of the warps of the focused SM (when v's kernel runs): sets
   r->pc_line and returns how many lines are in lines[] (at most max). */
static int warp_lines(struct rows *r, const struct view *v,
                      const struct ui_ctx *x, int *lines, int max)
{
    r->pc_line = 0;
    if (!v->running)
        return 0;
    int n = 0;
    struct jv *ws = inspect_warps(&x->d->s->dev, x->sm, NULL, 0);
    for (size_t i = 0; ws && i < ws->n; i++) {
        const struct jv *line = jv_get(ws->items[i], "line");
        const struct jv *slot = jv_get(ws->items[i], "slot");
        if (!line || line->kind != JV_INT)
            continue;
        if (slot && slot->kind == JV_INT && slot->u.i == x->warp)
            r->pc_line = (int)line->u.i;
        if (n < max)
            lines[n++] = (int)line->u.i;
    }
    jv_free(ws);
    return n;
}

/* The line's text with tabs expanded, into buf. */
static void line_text(const struct ptx_module *m, int line, char *buf,
                      size_t n)
{
    size_t len, o = 0;
    const char *s = ptx_module_line(m, line, &len);
    for (size_t i = 0; s && i < len && o + 1 < n; i++) {
        if (s[i] == '\t') {
            do
                buf[o++] = ' ';
            while (o % 4 && o + 1 < n);
        } else if (s[i] != '\r') {
            buf[o++] = s[i];
        }
    }
    buf[o] = '\0';
}

/* Instruction i on physical registers, dead operands ('*') in UC_DEAD. */
static void phys(const struct canvas *c, int row, int col,
                 const struct kimage *k, int32_t i, int more)
{
    struct strbuf b;
    sb_init(&b);
    print_inst(k, i, true, &b);
    if (more > 1)
        sb_printf(&b, "  (+%d)", more - 1);
    const char *s = sb_str(&b);
    while (*s && col < c->w) {
        size_t n = strcspn(s, "*");
        if (n) {
            col += cv_print(c, row, col, UC_DIM, false, "%.*s", (int)n, s);
            s += n;
        }
        if (*s == '*') {
            col += cv_print(c, row, col, UC_DEAD, true, "*");
            s++;
        }
    }
    sb_free(&b);
}

static void gutter(const struct canvas *c, int row, const struct rows *r,
                   int i, int digits, bool sel)
{
    int line = r->top + i + 1;
    if (r->bp[i])
        cv_cell(c, row, 0, r->bp[i] == 2 ? UC_BREAK : UC_DIM,
                "\xe2\x97\x8f", 'B');
    if (r->warps[i]) {
        bool pc = line == r->pc_line;
        if (r->warps[i] > 1)
            cv_print(c, row, 1, pc ? UC_PC : UC_NORMAL, pc, "%2d",
                     r->warps[i] > 99 ? 99 : r->warps[i]);
        cv_cell(c, row, 3, pc ? UC_PC : UC_NORMAL, "\xe2\x96\xb6", '>');
    }
    cv_print(c, row, 4, sel ? UC_SELECT : UC_DIM, sel, "%*d", digits, line);
    if (r->mark[i])
        cv_cell(c, row, 4 + digits, r->mark_color, r->glyph, r->code);
}

/* A count in at most 5 columns: 1234, 12k, 3M ("" for 0). */
static void compact(uint64_t v, char *buf, size_t n)
{
    static const char unit[] = " kMGTP";
    int u = 0;
    while (v >= 10000 && u < 5) {
        v /= 1000;
        u++;
    }
    if (!v)
        buf[0] = 0;
    else if (u)
        snprintf(buf, n, "%u%c", (unsigned)v, unit[u]);
    else
        snprintf(buf, n, "%u", (unsigned)v);
}

/* The statistics of a line: the hottest mark, then the columns shown. */
static void stat_cells(const struct canvas *c, int row, const struct rows *r,
                       int line)
{
    const struct lstat *s = &r->st[line];
    int col = r->stat_at;
    if (r->hot && lstat_get(s, stat_cols[metric]) >= r->hot)
        cv_cell(c, row, col - 1, UC_CONFLICT, "\xe2\x96\x88", '#');
    for (int i = 0; i < NSTAT; i++) {
        if (!(r->shown >> i & 1))
            continue;
        char num[16];
        compact(lstat_get(s, stat_cols[i]), num, sizeof num);
        cv_print(c, row, col, i == metric ? UC_NORMAL : UC_DIM, i == metric,
                 "%6s", num);
        col += 6;
    }
}

/* The header over the columns: their names, the metric's in capitals. */
static void stat_header(const struct canvas *c, const struct rows *r)
{
    int col = r->stat_at;
    cv_print(c, 0, 0, UC_DIM, false, "%s hottest by %s (m: next)",
             c->utf8 ? "\xe2\x96\x88" : "#",
             linestats_key_name(stat_cols[metric]));
    for (int i = 0; i < NSTAT; i++) {
        if (!(r->shown >> i & 1))
            continue;
        char name[8];
        snprintf(name, sizeof name, "%s", stat_head[i]);
        for (char *q = name; i == metric && *q; q++)
            *q = (char)(*q - 'a' + 'A');
        cv_print(c, 0, col, i == metric ? UC_SELECT : UC_DIM, i == metric,
                 "%6s", name);
        col += 6;
    }
}

/* Which columns fit in width w (text from column `at` keeps 40 columns;
   the metric's comes first), where they start, and the hottest lines'
   least count. */
static void stat_layout(struct rows *r, int at, int w, int total)
{
    int fit = (w - at - 40 - 2) / 6;
    if (fit < 1)
        fit = 1;
    r->shown = 1u << metric;
    for (int i = 0, n = 1; i < NSTAT && n < fit; i++)
        if (!(r->shown >> i & 1)) {
            r->shown |= 1u << i;
            n++;
        }
    int n = __builtin_popcount(r->shown);
    r->stat_at = w - 6 * n;
    /* the HOT_LINES-th largest count */
    uint64_t top[HOT_LINES] = { 0 };
    for (int l = 1; l <= total; l++) {
        uint64_t v = lstat_get(&r->st[l], stat_cols[metric]);
        for (int k = 0; k < HOT_LINES; k++)
            if (v > top[k]) {
                memmove(&top[k + 1], &top[k], (size_t)(HOT_LINES - 1 - k) * sizeof *top);
                top[k] = v;
                break;
            }
    }
    r->hot = 0;
    for (int k = 0; k < HOT_LINES; k++)
        if (top[k])
            r->hot = top[k];
}

static void draw_line(const struct canvas *c, int row, const struct view *v,
                      const struct rows *r, int i, int p_sel)
{
    int line = r->top + i + 1;
    int digits = nlines(v) >= 1000 ? 4 : 3;
    gutter(c, row, r, i, digits, line == p_sel);
    int at = 5 + digits, split = c->w >= 90 ? c->w * 55 / 100 : c->w;
    char text[512];
    line_text(v->mod, line, text, sizeof text);
    bool pc = line == r->pc_line;
    struct canvas left = *c;
    left.w = r->st ? r->stat_at - 2 : split;
    cv_print(&left, row, at, pc ? UC_PC : UC_NORMAL, pc, "%s", text);
    if (r->st)
        stat_cells(c, row, r, line);
    if (split < c->w && r->first[i] >= 0) {
        cv_cell(c, row, split, UC_DIM, "\xe2\x94\x82", '|');
        phys(c, row, split + 2, v->k, r->first[i], r->ninst[i]);
    }
}

/* Keeps line `l` on screen: scrolls so that it is a third down. */
static void show(struct pane *p, int l, int rows, int total)
{
    if (l <= 0)
        return;
    if (l <= p->scroll || l > p->scroll + rows)
        p->scroll = l - 1 - rows / 3;
    if (p->scroll > total - rows)
        p->scroll = total - rows;
    if (p->scroll < 0)
        p->scroll = 0;
}

/* A bottom line: the selected line's instruction when the pane is too
   narrow to show it beside the text. */
static void footer(const struct canvas *c, int row, const struct view *v,
                   int sel)
{
    for (int32_t i = 0; v->k && sel > 0 && i < v->k->ninst; i++) {
        if (v->k->flat.insts.v[i].line != sel)
            continue;
        int col = cv_print(c, row, 0, UC_DIM, false, "pc %d: ", i);
        phys(c, row, col, v->k, i, 1);
        return;
    }
    cv_print(c, row, 0, UC_DIM, false, "%s", base_name(v->mod->path));
}

/* The border's title: "Source", then the CUDA file:line of the selected
   line's first instruction and that line's text when the PTX has .loc
   lines (and the .cu file is next to it), cut to the border's width. */
static void cuda_title(struct pane *p, const struct view *v, int sel, int width)
{
    snprintf(p->title, sizeof p->title, "%s", p->cls->title);
    for (int32_t i = 0; v->k && sel > 0 && i < v->k->ninst; i++) {
        if (v->k->flat.insts.v[i].line != sel)
            continue;
        char where[96], text[120];
        if (inspect_cuda_line(v->k, i, where, sizeof where, text, sizeof text)) {
            struct strbuf b;
            sb_init(&b);
            sb_printf(&b, "%s - %s%s%s", p->cls->title, where,
                      text[0] ? ": " : "", text);
            int max = width - 2 < (int)sizeof p->title ? width - 2
                                                      : (int)sizeof p->title;
            snprintf(p->title, (size_t)(max > 1 ? max : 1), "%s", sb_str(&b));
            sb_free(&b);
        }
        return;
    }
}

static void draw(struct pane *p, const struct canvas *c, const struct ui_ctx *x)
{
    p->title[0] = 0;
    if (c->h <= 0 || c->w <= 0)
        return;
    struct view v;
    if (!view_of(&x->d->s->dev, &v)) {
        cv_print(c, 0, 0, UC_DIM, false, "No PTX loaded yet: the scenario loads its kernels when it runs (F10/F11 step).");
        return;
    }
    static struct rows r;
    int total = nlines(&v);
    bool foot = c->w < 90 && c->h >= 6;
    /* statistics per line: columns at the right of the text, a header */
    r.st = v.k && c->h >= 6 ? linestats_lines(&x->d->lines, v.k, v.mod,
                                              dbg_cycle(x->d))
                            : NULL;
    head_rows = r.st ? 1 : 0;
    struct canvas body = *c;
    body.y += head_rows;
    body.h -= head_rows;
    if (r.st) {
        stat_layout(&r, 5 + (total >= 1000 ? 4 : 3),
                    c->w >= 90 ? c->w * 55 / 100 : c->w, total);
        stat_header(c, &r);
    }
    int rows = body.h - (foot ? 1 : 0);
    if (rows > MAX_ROWS)
        rows = MAX_ROWS;
    page = rows > 2 ? rows - 1 : 1;
    static int wl[4096];                  /* lines of the resident warps */
    int nwl = warp_lines(&r, &v, x, wl, 4096);
    if (p->selcol != 1 && r.pc_line > 0)
        p->sel = r.pc_line;               /* following the focused warp */
    if (p->sel > total)
        p->sel = total;
    if (p->sel < 1 && p->scroll == 0 && v.k)
        show(p, inst_line(v.k, 0), rows, total);  /* the kernel, not the
                                                     file's header */
    show(p, p->sel, rows, total);
    if (p->scroll > total - 1)
        p->scroll = total > 0 ? total - 1 : 0;
    r.top = p->scroll;
    r.n = rows;
    fill_rows(&r, &v, x);
    design_marks(&r, &v, x);
    for (int i = 0; i < nwl; i++)
        if (wl[i] > r.top && wl[i] <= r.top + r.n)
            r.warps[wl[i] - r.top - 1]++;
    for (int i = 0; i < rows && r.top + i < total; i++)
        draw_line(&body, i, &v, &r, i, p->sel);
    cuda_title(p, &v, p->sel, c->w);
    if (foot)
        footer(c, c->h - 1, &v, p->sel);
    free(r.st);
    r.st = NULL;
}

/* ---- keys ------------------------------------------------------------ */

static int key(struct pane *p, int ch, struct ui_ctx *x)
{
    struct view v;
    if (!view_of(&x->d->s->dev, &v))
        return 0;
    int total = nlines(&v), by;
    switch (ch) {
    case KEY_UP: by = -1; break;
    case KEY_DOWN: by = 1; break;
    case KEY_PPAGE: by = -page; break;
    case KEY_NPAGE: by = page; break;
    case KEY_HOME: by = -total; break;
    case KEY_END: by = total; break;
    case 'f': case '.':
        p->selcol = 0;                    /* follow the PC again */
        return PANE_HANDLED | PANE_REDRAW;
    case 'm':                             /* the next metric */
        metric = (metric + 1) % NSTAT;
        return PANE_HANDLED | PANE_REDRAW;
    default:
        return 0;
    }
    int from = p->sel > 0 ? p->sel : p->scroll + 1;
    p->sel = from + by;
    if (p->sel > total)
        p->sel = total;
    if (p->sel < 1)
        p->sel = 1;
    p->selcol = 1;
    return PANE_HANDLED | PANE_REDRAW;
}

static int click(struct pane *p, int row, int col, struct ui_ctx *x)
{
    (void)col;
    struct view v;
    if (row < 0 || !view_of(&x->d->s->dev, &v))
        return 0;
    row -= head_rows;
    if (row < 0)
        return 0;
    int l = p->scroll + row + 1;
    if (l > nlines(&v))
        return 0;
    p->sel = l;
    p->selcol = 1;
    return PANE_HANDLED | PANE_REDRAW;
}

bool pane_source_break(const struct pane *p, struct dbg *d, char *cmd, size_t n)
{
    struct view v;
    if (!p || p->sel < 1 || !view_of(&d->s->dev, &v) || !v.k ||
        p->sel > nlines(&v))
        return false;
    for (size_t i = 0; i < d->bps.n; i++) {
        signed char mark = 0;
        bp_mark(&d->bps.v[i], &v, p->sel - 1, 1, &mark);
        if (mark) {
            snprintf(cmd, n, "delete %d", d->bps.v[i].id);
            return true;
        }
    }
    for (int32_t i = 0; i < v.k->ninst; i++)
        if (v.k->flat.insts.v[i].line == p->sel) {
            snprintf(cmd, n, "break %s:%d", base_name(v.mod->path), p->sel);
            return true;
        }
    return false;
}

const struct pane_class pane_source = {
    "source", "Source", draw, key, click,
    "\xe2\x97\x8f break  N\xe2\x96\xb6 warps; * dead; F9 break; \xe2\x96\x88 hottest; m: metric",
    "B break  N> warps; * dead; F9 break; # hottest; m: metric",
};
