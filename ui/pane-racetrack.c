/*
** pane-racetrack.c - the Racetrack pane: every tape of the focused SM's
** register file (inspect_banks' `tapes`, filled by a design's describe
** hook) drawn as a row of domains. Two rows per tape:
**   b03.1 ..##[#]##..##[#]##..   (domains; [ ] = under a port)
**         off 2 -> 5  +3 shifting  q w3r5 w7r1  wb w2r0
** A domain holding a register (the tape's `occupied` map) is '#', an
** empty one '.', a domain under a port is reverse video (ASCII:
** bracketed by the colours' fallback), the target domain of the bank's
** next access is coloured as a read or a write. The second row gives the
** offset under the ports, the target, the steps still to go (signed),
** what the bank does this cycle (the arbiter's grant, a preshift arrow),
** the read queue and the write buffer. Tapes without registers are
** folded into one line. A view: reads the inspection layer, changes
** nothing but its scroll position; it knows no design by name ("not in
** use" = no tapes).
*/
#include "ui.h"
#include "debug/inspect.h"
#include "lua/ws.h"
#include "util/jval.h"
#include <curses.h>
#include <stdio.h>
#include <string.h>

#define LABEL 7                   /* "b03.1  " */

static const struct jv *jarr(const struct jv *o, const char *k)
{
    const struct jv *v = jv_get(o, k);
    return v && v->kind == JV_ARR ? v : NULL;
}

static bool under_port(const struct jv *ports, long long off, long long d)
{
    for (size_t i = 0; ports && i < ports->n; i++)
        if (ports->items[i]->kind == JV_INT && ports->items[i]->u.i + off == d)
            return true;
    return false;
}

/* Whether domain d holds a register: the tape's `occupied` map, '#'
   per register. */
static bool occupied(const struct jv *t, long long d)
{
    const char *occ = ui_jstr(t, "occupied", "");
    return (long long)strlen(occ) > d && occ[d] == '#';
}

static void tape_cells(const struct canvas *c, int row, const struct jv *t,
                       int width)
{
    long long nd = ui_jint(t, "domains", 0);
    long long off = ui_jint(t, "offset", 0);
    const struct jv *ports = jarr(t, "ports");
    long long target = ui_jint(t, "target_domain", -1);
    bool wr = ui_jint(t, "granted", 0) && strcmp(ui_jstr(t, "state", ""), "writing") == 0;
    long long shown = nd < width ? nd : width;
    for (long long d = 0; d < shown; d++) {
        bool port = under_port(ports, off, d);
        bool has = occupied(t, d);
        enum ui_color col = port ? UC_SELECT : has ? UC_VALID : UC_DIM;
        if (d == target)
            col = port ? (wr ? UC_WRITE : UC_READ) : UC_CONFLICT;
        const char *u = has ? "\xe2\x96\xa0" : "\xc2\xb7";   /* ■ · */
        char a = has ? '#' : '.';
        if (!c->color && port)
            a = has ? 'P' : 'p';           /* ports without colour */
        if (!c->color && d == target)
            a = 'T';
        cv_cell(c, row, LABEL + (int)d, col, u, a);
    }
    if (shown < nd)
        cv_print(c, row, LABEL + (int)shown, UC_DIM, false, "+%lld", nd - shown);
}

static int reqs(const struct canvas *c, int row, int col, const char *tag,
                enum ui_color color, const struct jv *a)
{
    if (!a || !a->n)
        return col;
    col += cv_print(c, row, col, UC_TITLE, false, " %s", tag);
    for (size_t i = 0; i < a->n && col < c->w; i++)
        col += cv_print(c, row, col, color, false, " w%lldr%lld",
                        ui_jint(a->items[i], "warp", 0), ui_jint(a->items[i], "reg", 0));
    return col;
}

static void tape_info(const struct canvas *c, int row, const struct jv *t)
{
    int col = LABEL;
    long long off = ui_jint(t, "offset", 0);
    const struct jv *tg = jv_get(t, "target");
    const char *st = ui_jstr(t, "state", "idle");
    const char *arrow_u = "\xe2\x86\x92", *arrow_l = "\xe2\x86\x90";
    if (tg && tg->kind == JV_INT) {
        long long p = ui_jint(t, "pending", 0);
        col += cv_print(c, row, col, UC_NORMAL, false, "off %lld", off);
        col += cv_print(c, row, col, p ? UC_CONFLICT : UC_READ, p != 0,
                        " %s %lld %+lld", c->utf8 ? (p < 0 ? arrow_l : arrow_u)
                                                  : (p < 0 ? "<-" : "->"),
                        (long long)tg->u.i, p);
    } else {
        col += cv_print(c, row, col, UC_DIM, false, "off %lld", off);
    }
    const char *pre = ui_jstr(t, "preshift", NULL);
    enum ui_color sc = strcmp(st, "idle") == 0 ? UC_DIM
                       : strcmp(st, "shifting") == 0 ? UC_CONFLICT
                       : strcmp(st, "writing") == 0 ? UC_WRITE
                       : strcmp(st, "preshifting") == 0 ? UC_PENDING : UC_READ;
    col += cv_print(c, row, col, sc, false, " %s", st);
    if (pre)
        col += cv_print(c, row, col, UC_PENDING, true, " %s",
                        strcmp(pre, "left") == 0 ? (c->utf8 ? "\xe2\x97\x80" : "<<")
                                                 : (c->utf8 ? "\xe2\x96\xb6" : ">>"));
    col = reqs(c, row, col, "q", UC_READ, jarr(t, "queue"));
    col = reqs(c, row, col, "wb", UC_WRITE, jarr(t, "write_buffer"));
    long long ww = ui_jint(t, "writes_waiting", 0);
    if (ww && col < c->w)
        cv_print(c, row, col, UC_CONFLICT, false, " +%lld wait", ww);
}

static void title(const struct canvas *c, const struct jv *bk,
                  const struct jv *tapes, int hidden, int below)
{
    const struct jv *t0 = tapes->items[0];
    long long banks = ui_jint(bk, "banks", 0);
    long long per = banks > 0 ? (long long)tapes->n / banks : 0;
    const struct jv *ports = jarr(t0, "ports");
    int col = cv_print(c, 0, 0, UC_NORMAL, false,
                       "SM %lld: %lld banks x %lld tapes, %lld domains, %zu ports",
                       ui_jint(bk, "sm", 0), banks, per, ui_jint(t0, "domains", 0),
                       ports ? ports->n : 0);
    const struct jv *pre = jv_get(bk, "preshift");
    if (pre)
        col += cv_print(c, 0, col, UC_NORMAL, false, ", arbiter %lld, preshift %s, %s mapping",
                        ui_jint(bk, "arbiter", 0), pre->kind == JV_BOOL && pre->u.b ? "on" : "off",
                        ui_jstr(bk, "mapping", "?"));
    if (hidden)
        col += cv_print(c, 0, col, UC_DIM, false, " (%d empty folded)", hidden);
    if (below > 0)
        cv_print(c, 0, col, UC_DIM, false, " (%d more below)", below);
}

static void draw(struct pane *p, const struct canvas *c, const struct ui_ctx *x)
{
    if (c->h <= 0 || c->w <= 0)
        return;
    const struct ws_device *dev = &x->d->s->dev;
    char err[160] = "";
    struct jv *bk = dev->gpu ? inspect_banks(dev, x->sm, err, sizeof err) : NULL;
    if (!bk) {
        ui_explain(c, dev, "racetrack tapes", "the tapes appear", err);
        return;
    }
    const struct jv *tapes = jarr(bk, "tapes");
    if (!tapes || !tapes->n) {
        cv_print(c, 0, 0, UC_DIM, false,
                 "not in use: register file '%s' has no racetrack tapes (design racetrack shows ports, offsets and shifts here)",
                 ui_jstr(bk, "design", "?"));
        jv_free(bk);
        return;
    }
    /* the tapes with registers, in bank order */
    int shown[4096], n = 0, hidden = 0;
    for (size_t i = 0; i < tapes->n && n < 4096; i++) {
        if (ui_jint(tapes->items[i], "registers", 0) > 0)
            shown[n++] = (int)i;
        else
            hidden++;
    }
    int rows = (c->h - 1) / 2;
    if (p->scroll > n - rows)
        p->scroll = n - rows;
    if (p->scroll < 0)
        p->scroll = 0;
    title(c, bk, tapes, hidden, n - p->scroll - rows);
    for (int i = 0; i < rows && p->scroll + i < n; i++) {
        const struct jv *t = tapes->items[shown[p->scroll + i]];
        int row = 1 + 2 * i;
        bool g = ui_jint(t, "granted", 0) != 0;
        cv_print(c, row, 0, g ? UC_TITLE : UC_NORMAL, g, "b%02lld.%lld",
                 ui_jint(t, "bank", 0), ui_jint(t, "tape", 0));
        tape_cells(c, row, t, c->w - LABEL - 4);
        tape_info(c, row + 1, t);
    }
    if (n == 0)
        cv_print(c, 1, 0, UC_DIM, false, "no registers placed: the tapes fill when a kernel runs");
    jv_free(bk);
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

const struct pane_class pane_racetrack = { "racetrack", "Racetrack", draw, key, NULL };
