/*
** progress.h - the progress line of `warpscope run` (progress.c).
*/
#ifndef WS_CLI_PROGRESS_H
#define WS_CLI_PROGRESS_H
#include <stdbool.h>
#include <time.h>
#include "sim/device.h"

struct cli_progress {
    bool on;                  /* report at all (pass the callback) */
    bool tty, forced;         /* stderr is a terminal; --progress */
    bool shown, drawn;        /* a line was written; one is on screen */
    struct timespec t0, last;
};

/* Decides whether to report: when stderr is a terminal or `forced`
   (--progress, a line per report when not a terminal), never when
   `quiet`. Starts the clock. */
void cli_progress_init(struct cli_progress *p, bool quiet, bool forced);
/* The device's progress callback (ctx: the struct cli_progress). */
void cli_progress_update(void *ctx, const struct ws_device *d);
/* Clears the line, before the summary or an error is printed. */
void cli_progress_end(struct cli_progress *p);

#endif
