/*
** tui.h - the interactive TUI (`warpscope SCENARIO.lua`, `make run`): the
** screen loop that drives a debugging session. `warpscope run` sets it up
** (configuration, session, snapshots) and prints the summary after it.
*/
#ifndef WS_UI_TUI_H
#define WS_UI_TUI_H
#include <stdbool.h>

struct dbg;

struct tui_opts {
    bool no_color;        /* --no-color or NO_COLOR set */
    bool ascii;           /* --ascii: no UTF-8 box drawing */
    long bench_frames;    /* --bench-redraw N: draw N frames, report, quit */
    bool bench_continue;  /* --bench-continue: time a continue, report, quit */
};

/* Runs the TUI on session d until the user quits (a scenario_opts
   driver; ctx is a struct tui_opts). Restores the terminal on every exit
   path, including fatal signals. */
void tui_driver(struct dbg *d, void *ctx);

#endif
