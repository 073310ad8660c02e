/*
** tui-int.h - what the screen loop (tui.c) and the frame it draws
** (tui-draw.c) share: the TUI's state, and the clock and focus helpers
** both use. Private to ui/.
*/
#ifndef WS_UI_TUI_INT_H
#define WS_UI_TUI_INT_H

#include "console.h"
#include "layout.h"
#include "tui.h"
#include "util/strbuf.h"
#include <stdbool.h>
#include <stdint.h>

struct dbg;

#define CONSOLE (NPANES)

struct tui {
    struct dbg *d;
    struct console con;
    struct pane panes[NPANES];
    struct lrect rect[NPANES + 1];    /* boxes of this frame (console last) */
    int focus, prev_focus;
    bool zoom, help, quit, running, color, utf8, ask_quit;
    char *msg;                        /* ws.say, or a hint */
    struct strbuf out;                /* captured command output */
    uint64_t last_draw;
    uint64_t draw_ns, frames;         /* time spent drawing (benchmarks) */
    uint64_t run_started;             /* ms: when the last command began */
    /* animation (`set speed N`): a run paced at `speed` cycles per second,
       drawn at each stretch; 0 runs at full speed. pace_ms/pace_cycle:
       where the pacing started (a run, a change of speed) */
    uint64_t speed, pace_ms, pace_cycle;
    const struct tui_opts *opt;
    int tty_fd;                       /* the terminal curses draws on */
};

uint64_t tui_now_ms(void);              /* monotonic clock */
uint64_t tui_now_ns(void);
/* Focuses pane i (CONSOLE: the console); the previous focus is kept for
   Esc. */
void tui_set_focus(struct tui *t, int i);
/* Draws the whole screen: tabs, panes with their boxes and legends, the
   console, the message and status lines, the help screen if open. */
void tui_draw(struct tui *t);
/* "running", "fault", "finished", "error" or "stopped" (the status line) */
const char *tui_state_text(const struct tui *t);

#endif
