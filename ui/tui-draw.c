/*
** tui-draw.c - the TUI's frame: the status and message lines, the boxes
** with their titles and legends, the console, the pane tabs and the help
** screen, laid out by layout.c around the panes (which draw themselves,
** pane-*.c). tui.c decides when to draw.
*/
#include "tui-int.h"
#include "ui.h"
#include "debug/dbg.h"
#include "debug/inspect.h"
#include "sim/device.h"
#include "sim/session.h"
#include "util/clock.h"
#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

uint64_t tui_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void tui_set_focus(struct tui *t, int i)
{
    if (i == t->focus)
        return;
    t->prev_focus = t->focus;
    t->focus = i;
}

/* ---- drawing ----------------------------------------------------------- */

const char *tui_state_text(const struct tui *t)
{
    const struct dbg *d = t->d;
    if (t->running)
        return "running";
    if (d->s->dev.run.faulted)
        return "fault";
    if (d->scen == SC_FINISHED && d->s->dev.queue.n == 0 && !d->s->dev.run.active)
        return d->scen_rc == WS_OK ? "finished" : "error";
    return "stopped";
}

static void draw_status(struct tui *t, int h, int w)
{
    struct dbg *d = t->d;
    struct canvas c = { h - 1, 0, 1, w, t->utf8, t->color };
    cv_clear(&c);
    for (int i = 0; i < w; i++)
        cv_print(&c, 0, i, UC_STATUS, false, " ");
    const struct kimage *k = inspect_kernel(&d->s->dev);
    char design[32];
    config_enum_name(&d->s->dev.cfg, CK_DESIGN, design, sizeof design);
    char speed[40] = "";
    if (t->speed)
        snprintf(speed, sizeof speed, " at %" PRIu64 " cycles/s", t->speed);
    int used = cv_print(&c, 0, 0, UC_STATUS, true,
                        " cycle %" PRIu64 "  %s  sm %d warp %d lane %d  %s  %s%s ",
                        dbg_cycle(d), k ? k->name : "(no kernel)", d->fsm,
                        d->fwarp, d->flane, design, tui_state_text(t), speed);
    static const char hint[] = "| F5 continue  F10 step  F11 cycle  ? help ";
    if (used + (int)sizeof hint <= w)
        cv_print(&c, 0, used + 1, UC_STATUS, true, "%s", hint);
    else if (used + 8 <= w)
        cv_print(&c, 0, used + 1, UC_STATUS, true, "| ? help");
}

/* Rows the message line needs: ws.say's text wrapped (2 to 4). */
static int message_rows(const struct tui *t, int w)
{
    int n = t->msg && !t->ask_quit ? cv_wrap_rows(t->msg, w - 2) : 2;
    return n < 2 ? 2 : n > 4 ? 4 : n;
}

/* The message line: ws.say's text wrapped at spaces over its rows. */
static void draw_message(struct tui *t, int h, int w)
{
    int rows = message_rows(t, w);
    struct canvas c = { h - 1 - rows, 0, rows, w, t->utf8, t->color };
    cv_clear(&c);
    if (t->ask_quit) {
        cv_print(&c, 0, 0, UC_ERROR, true,
                 " The scenario has not finished. Quit anyway? (y/n)");
        return;
    }
    const char *m = t->msg;
    for (int r = 0; m && *m && r < rows; r++) {
        size_t skip;
        int n = cv_wrap(m, r ? w - 4 : w - 2, &skip);
        cv_print(&c, r, r ? 3 : 1, UC_TITLE, true, "%.*s", n, m);
        m += skip;
    }
}

static void draw_box(struct tui *t, const struct lrect *r, const char *title,
                     bool focused)
{
    struct canvas c = { r->y, r->x, r->h, r->w, t->utf8, t->color };
    enum ui_color col = focused ? UC_TITLE_FOCUS : UC_DIM;
    for (int x = 1; x < r->w - 1; x++) {
        cv_cell(&c, 0, x, col, "\xe2\x94\x80", '-');
        cv_cell(&c, r->h - 1, x, col, "\xe2\x94\x80", '-');
    }
    for (int y = 1; y < r->h - 1; y++) {
        cv_cell(&c, y, 0, col, "\xe2\x94\x82", '|');
        cv_cell(&c, y, r->w - 1, col, "\xe2\x94\x82", '|');
    }
    cv_cell(&c, 0, 0, col, "\xe2\x94\x8c", '+');
    cv_cell(&c, 0, r->w - 1, col, "\xe2\x94\x90", '+');
    cv_cell(&c, r->h - 1, 0, col, "\xe2\x94\x94", '+');
    cv_cell(&c, r->h - 1, r->w - 1, col, "\xe2\x94\x98", '+');
    cv_print(&c, 0, 2, focused ? UC_TITLE_FOCUS : UC_TITLE, true, " %s ", title);
}

static const char console_legend[] =
    "> typed; PgUp/PgDn scroll; Tab completes; Esc leaves";

/* The legend of pane i (CONSOLE: the console's) in the screen's glyphs;
   NULL when the pane draws its own. */
static const char *legend_of(const struct tui *t, int i)
{
    if (i == CONSOLE)
        return console_legend;
    const struct pane_class *k = t->panes[i].cls;
    return !t->utf8 && k->legend_ascii ? k->legend_ascii : k->legend;
}

/* A legend in the foot border of box r; one that does not fit is cut at
   a space and ends in "..." (`?` shows it whole). */
static void draw_foot(struct tui *t, const struct lrect *r, const char *legend,
                      bool focused)
{
    if (!legend || r->w < 16 || r->h < 3)
        return;
    struct canvas c = { r->y + r->h - 1, r->x + 2, 1, r->w - 4, t->utf8, t->color };
    enum ui_color col = focused ? UC_TITLE_FOCUS : UC_DIM;
    if (cv_wrap_rows(legend, c.w - 2) == 1) {
        cv_print(&c, 0, 0, col, false, " %s ", legend);
        return;
    }
    size_t skip;
    int n = cv_wrap(legend, c.w - 5, &skip);
    cv_print(&c, 0, 0, col, false, " %.*s... ", n, legend);
}

static struct canvas inner(const struct tui *t, const struct lrect *r)
{
    struct canvas c = { r->y + 1, r->x + 1, r->h - 2, r->w - 2, t->utf8, t->color };
    if (c.h < 0)
        c.h = 0;
    if (c.w < 0)
        c.w = 0;
    return c;
}

static void draw_console(struct tui *t, const struct lrect *r)
{
    draw_box(t, r, "Console", t->focus == CONSOLE);
    draw_foot(t, r, console_legend, t->focus == CONSOLE);
    struct canvas c = inner(t, r);
    if (c.h <= 0)
        return;
    int rows = c.h - 1;
    size_t n = t->con.n;
    size_t skip = (size_t)t->con.scroll < n ? (size_t)t->con.scroll : n;
    size_t end = n - skip;
    /* lines wrapped to the width, the newest at the bottom; the oldest one
       shown may lose its first rows */
    int row = rows;
    for (size_t i = end; i-- > 0 && row > 0;) {
        const char *l = t->con.lines[i];
        enum ui_color col = strstr(l, "error:") ? UC_ERROR
                            : l[0] == '>' ? UC_DIM : UC_NORMAL;
        int need = cv_wrap_rows(l, c.w);
        row -= need;
        for (int k = 0; k < need; k++) {
            size_t step;
            int len = cv_wrap(l, k ? c.w - 2 : c.w, &step);
            if (row + k >= 0)
                cv_print(&c, row + k, k ? 2 : 0, col, false, "%.*s", len, l);
            l += step;
        }
    }
    int cursor;
    const char *buf = console_buffer(&cursor);
    const char *prompt = console_prompt();
    int pl = cv_print(&c, c.h - 1, 0, UC_TITLE, true, "%s", prompt);
    int start = 0;
    if (pl + cursor >= c.w)
        start = pl + cursor - c.w + 1;
    if ((size_t)start > strlen(buf))
        start = 0;
    cv_print(&c, c.h - 1, pl, UC_NORMAL, false, "%s", buf + start);
    if (t->focus == CONSOLE) {
        curs_set(1);
        move(c.y + c.h - 1, c.x + pl + cursor - start);
    }
}

static void draw_tabs(struct tui *t, int w)
{
    struct canvas c = { 0, 0, 1, w, t->utf8, t->color };
    cv_clear(&c);
    int x = w >= 100 ? cv_print(&c, 0, 0, UC_TITLE, true, " warpscope ") : 0;
    for (int i = 0; i <= NPANES; i++) {
        const char *name = i == CONSOLE ? "Console" : t->panes[i].cls->title;
        bool hid = i < NPANES && t->panes[i].hidden;
        x += cv_print(&c, 0, x, i == t->focus ? UC_TITLE_FOCUS : hid ? UC_DIM : UC_NORMAL,
                      i == t->focus, " %s ", name);
    }
}

static void draw_help(struct tui *t, int h, int w)
{
    static const char *lines[] = {
        "Keys (each is also a console command):",
        "  F5            continue                 continue",
        "  F10           step one warp-instruction step",
        "  F11           step one cycle           stepc",
        "  Shift-F11 / F12  reverse step          reverse-step",
        "  F9            breakpoint on the selected source line (toggle)   break FILE:LINE / delete N",
        "  Tab, Shift-Tab next / previous pane    pane next | pane prev",
        "  z             zoom the pane            zoom",
        "  h             hide the pane            hide PANE | show PANE",
        "  L             next layout; `layout save` keeps it   layout NAME",
        "  :             the console (Esc leaves it)",
        "  arrows, PgUp, PgDn  scroll or select in the pane; Enter focuses the warp",
        "  mouse         click a pane to focus it, a warp or cache line to select it",
        "  Ctrl-C, any key   pause a running simulation",
        "  -, +          animate runs slower / faster  set speed N|off",
        "  ?             this help                keys",
        "  q             quit (asks while the scenario runs)   quit",
        "Console: every debugger command (`help` lists them). Any key closes this.",
    };
    int n = (int)(sizeof lines / sizeof lines[0]);
    /* first the focused pane's legend, whole */
    int f = t->focus == CONSOLE ? CONSOLE : t->focus;
    const char *lg = legend_of(t, f);
    char head[320];
    snprintf(head, sizeof head, "%s: %s",
             f == CONSOLE ? "Console" : t->panes[f].cls->title,
             lg ? lg : "the legend of its cells is at the pane's foot");
    int bw = w > 100 ? 96 : w - 2;
    int lrows = cv_wrap_rows(head, bw - 4);
    int bh = n + lrows + 2 < h - 2 ? n + lrows + 2 : h - 2;
    struct lrect r = { (h - bh) / 2, (w - bw) / 2, bh, bw };
    struct canvas c = inner(t, &r);
    struct canvas all = { r.y, r.x, r.h, r.w, t->utf8, t->color };
    cv_clear(&all);
    draw_box(t, &r, "Help", true);
    const char *m = head;
    for (int i = 0; i < lrows && i < c.h; i++) {
        size_t skip;
        int k = cv_wrap(m, i ? bw - 6 : bw - 4, &skip);
        cv_print(&c, i, i ? 3 : 1, UC_TITLE, true, "%.*s", k, m);
        m += skip;
    }
    for (int i = 0; i < n && lrows + i < c.h; i++)
        cv_print(&c, lrows + i, 1, i == 0 ? UC_TITLE : UC_NORMAL, i == 0, "%s",
                 lines[i]);
}

uint64_t tui_now_ns(void)
{
    return ws_now_ns();
}

static void draw_frame(struct tui *t);

/* Draws the whole screen and counts the time it took. */
void tui_draw(struct tui *t)
{
    uint64_t t0 = tui_now_ns();
    draw_frame(t);
    t->draw_ns += tui_now_ns() - t0;
    t->frames++;
}

static void draw_frame(struct tui *t)
{
    int h, w;
    getmaxyx(stdscr, h, w);
    erase();
    curs_set(0);
    if (h < 10 || w < 40) {
        mvaddstr(0, 0, "warpscope: the terminal is too small (at least 40x10)");
        refresh();
        return;
    }
    struct ui_ctx x = { t->d, t->d->fsm, t->d->fwarp, t->d->flane, t->running };
    int f = layout_follow(t->panes, t->d);
    if (f >= 0 && t->focus != CONSOLE)
        tui_set_focus(t, f);
    else if (f >= 0)
        t->prev_focus = f;            /* Esc leaves the console for it */
    bool hidden[NPANES];
    for (int i = 0; i < NPANES; i++)
        hidden[i] = t->panes[i].hidden;
    /* a message longer than two rows takes its rows from the panes */
    layout_compute(h - (message_rows(t, w) - 2), w, hidden, t->focus,
                   t->prev_focus, t->zoom, t->rect);
    draw_tabs(t, w);
    for (int i = 0; i < NPANES; i++) {
        const struct lrect *r = &t->rect[i];
        if (r->h < 3 || r->w < 4)
            continue;
        struct canvas c = inner(t, r);
        t->panes[i].cls->draw(&t->panes[i], &c, &x);    /* may set the title */
        draw_box(t, r, t->panes[i].title[0] ? t->panes[i].title
                                            : t->panes[i].cls->title,
                 t->focus == i);
        draw_foot(t, r, legend_of(t, i), t->focus == i);
    }
    if (t->rect[CONSOLE].h >= 3)
        draw_console(t, &t->rect[CONSOLE]);
    draw_message(t, h, w);
    draw_status(t, h, w);
    if (t->help)
        draw_help(t, h, w);
    if (t->focus == CONSOLE && !t->help && t->rect[CONSOLE].h >= 3) {
        /* cursor already placed by draw_console; draw the status after it
           moved it, so place it again */
        draw_console(t, &t->rect[CONSOLE]);
    }
    refresh();
    t->last_draw = tui_now_ms();
}
