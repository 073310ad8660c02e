/*
** layout.h - where the panes go: named layouts (which panes show), the
** arrangement for a terminal size, and the saved choice in
** ~/.config/warpscope/layout.lua (layout.c).
*/
#ifndef WS_UI_LAYOUT_H
#define WS_UI_LAYOUT_H
#include <stdbool.h>
#include <stddef.h>
#include "ui.h"

#define NPANES 6           /* warps, source, rf, cache, design, stats */

struct lrect {
    int y, x, h, w;        /* h == 0: not shown this frame */
};

/* Sets the pane classes and which are hidden (the saved layout, or the
   one the design names: `design` shows the Design pane). Returns the pane
   to focus first: the Design pane under the `design` layout, else 0. */
int layout_init(struct pane p[NPANES], struct dbg *d);
/* Applies the design's layout if the design changed since (a scenario's
   ws.config) and the user has not chosen a layout. Returns the pane to
   focus then (the Design pane for `design`), or -1: the focus stays. */
int layout_follow(struct pane p[NPANES], struct dbg *d);

/*
** Boxes for a screen of h x w: r[0..NPANES-1] the panes, r[NPANES] the
** console. Row 0 is the tab bar, the last three rows the message (two)
** and status lines. Narrow or short screens show only the focused pane above the
** console (while the console has the focus, `last`: the pane focused
** before it); zoom gives the focused pane (or the console) everything.
*/
void layout_compute(int h, int w, const bool hidden[NPANES], int focus,
                    int last, bool zoom, struct lrect r[NPANES + 1]);

/* `layout [NAME|next|save]`: applies a named layout to hidden[] (returns
   0) or saves it; msg says what happened or lists the names. Returns -1
   when nothing changed. */
int layout_command(const char *arg, bool hidden[NPANES], char *msg, size_t n);

/* F9 in the Source pane: the command that toggles a breakpoint on the
   selected line ("break FILE:LINE" or "delete N"); false if none. */
bool pane_source_break(const struct pane *p, struct dbg *d, char *cmd, size_t n);

#endif
