/*
** ui.h - what the TUI's files share: the canvas panes draw on, colours,
** and the pane "class" (a const vtable per pane kind). Panes are views:
** they read the model through the debugger and the inspection layer
** (src/debug/inspect.h) and never change it; a key handler returns flags
** and only the screen loop (tui.c) draws.
*/
#ifndef WS_UI_H
#define WS_UI_H
#include <stdbool.h>
#include <stdint.h>
#include "debug/dbg.h"

/* Colour roles (pairs are set up by tui.c; monochrome maps them to
   attributes such as bold/reverse/underline). */
enum ui_color {
    UC_NORMAL, UC_TITLE, UC_TITLE_FOCUS, UC_DIM, UC_STATUS, UC_ERROR,
    UC_READY, UC_STALL, UC_BARRIER, UC_EXITED, UC_ISSUED,
    UC_READ, UC_WRITE, UC_CONFLICT,
    UC_VALID, UC_DIRTY, UC_INVALID, UC_PENDING,
    UC_PC, UC_BREAK, UC_DEAD, UC_SELECT,
    UC__COUNT
};

/* A rectangle of the screen a pane draws in (clipped: nothing drawn
   outside it). */
struct canvas {
    int y, x, h, w;
    bool utf8;        /* box drawing and block characters allowed */
    bool color;
};

/* Text at (row, col) of the canvas, clipped to its width; returns the
   columns written. printf-style. */
int cv_print(const struct canvas *c, int row, int col, enum ui_color color,
             bool bold, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/*
** Wrapping text to a width: the bytes of s that make its next row (broken
** at the last space that fits, a word longer than the row cut), with
** *skip the bytes to step over to the row after (the space broken at).
*/
int cv_wrap(const char *s, int width, size_t *skip);
/* The rows s takes wrapped to width, rows after the first indented by 2. */
int cv_wrap_rows(const char *s, int width);
/* One cell with a character given as UTF-8 (with its ASCII fallback). */
void cv_cell(const struct canvas *c, int row, int col, enum ui_color color,
             const char *utf8, char ascii);
/* Clears the canvas. */
void cv_clear(const struct canvas *c);
/* A sparkline of n values scaled to their range, w cells wide. */
void cv_spark(const struct canvas *c, int row, int col, int w,
              const double *v, size_t n, enum ui_color color);

/* A number or string field of an inspection object, or def. */
struct jv;
struct ws_device;
long long ui_jint(const struct jv *o, const char *k, long long def);
const char *ui_jstr(const struct jv *o, const char *k, const char *def);
/* The colour of a role a design names in its describe output ("valid",
   "pending", ...; docs/tui.md), UC_NORMAL for an unknown one. */
enum ui_color ui_role(const char *name);
/* Why a pane has nothing to draw: functional mode, no launch yet, or the
   inspection layer's message err ("no %s to show" with `what`; "%s with
   the first launch" with `appears`). */
void ui_explain(const struct canvas *c, const struct ws_device *dev,
                const char *what, const char *appears, const char *err);

/* What every pane sees when it draws. */
struct ui_ctx {
    struct dbg *d;            /* the session: d->s->dev is the device */
    int sm, warp, lane;       /* the focus (d->fsm, d->fwarp, d->flane) */
    bool running;             /* the simulation is running (continue) */
};

enum { PANE_HANDLED = 1, PANE_REDRAW = 2 };

struct pane;

struct pane_class {
    const char *name;         /* "warps", "rf", "design", "cache",
                                 "source", "stats", "console" */
    const char *title;
    /* Draws the pane's content (inside its border) on c. */
    void (*draw)(struct pane *p, const struct canvas *c, const struct ui_ctx *x);
    /* A key while the pane has the focus (arrows, PgUp/PgDn, Enter, ...);
       returns PANE_* flags. NULL: no keys. */
    int (*key)(struct pane *p, int ch, struct ui_ctx *x);
    /* A mouse click at (row, col) of its canvas; may change the focus
       (x->sm, x->warp) or select something. NULL: ignored. */
    int (*click)(struct pane *p, int row, int col, struct ui_ctx *x);
    /* What the pane's marks mean, one line (UTF-8 glyphs; legend_ascii
       with the ASCII ones, NULL when the same): drawn in the box's foot,
       whole on `?`. NULL: the pane draws its own legend. */
    const char *legend, *legend_ascii;
};

struct pane {
    const struct pane_class *cls;
    bool hidden;
    int scroll;               /* first row shown */
    int sel;                  /* selected row (warp, set, line), -1 none */
    int selcol;
    char title[160];          /* set by draw: the border's title; "" for
                                 cls->title */
};

extern const struct pane_class pane_warps, pane_rf, pane_design,
    pane_cache, pane_source, pane_stats;

#endif
