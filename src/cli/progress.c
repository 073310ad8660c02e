/*
** progress.c - the progress line of a long headless run: one line on
** stderr, redrawn in place, naming the kernel, the cycle, the
** warp-instructions so far, the simulation rate and the time elapsed:
**   saxpy (launch 1/2): cycle 1840000, 12.35M warp-instructions, 4.10M/s, 3.0 s
** Shown only when stderr is a terminal (or with --progress), from one
** second into the run (short runs print nothing), and cleared when the
** run ends, so that the scenario's output and the summary stay as they
** are. Wall-clock time never reaches any result.
*/
#include "cli/progress.h"
#include "util/demangle.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define PROGRESS_DELAY 1.0      /* seconds before the first line */
#define PROGRESS_EVERY 0.25     /* seconds between redraws */

static double secs(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) +
           (double)(b->tv_nsec - a->tv_nsec) * 1e-9;
}

void cli_progress_init(struct cli_progress *p, bool quiet, bool forced)
{
    memset(p, 0, sizeof *p);
    p->tty = isatty(2);
    p->forced = forced;
    p->on = !quiet && (forced || p->tty);
    clock_gettime(CLOCK_MONOTONIC, &p->t0);
}

/* Removes the line from the terminal (nothing to do in a file). */
static void clear(struct cli_progress *p)
{
    if (p->drawn && p->tty)
        fputs("\r\033[K", stderr);
    p->drawn = false;
    fflush(stderr);
}

void cli_progress_update(void *ctx, const struct ws_device *d)
{
    struct cli_progress *p = ctx;
    struct dev_progress dp;
    device_progress(d, &dp);
    if (!dp.running) {
        clear(p);
        return;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double el = secs(&p->t0, &now);
    if ((!p->forced && el < PROGRESS_DELAY) ||
        (p->shown && secs(&p->last, &now) < PROGRESS_EVERY))
        return;
    p->last = now;
    p->shown = p->drawn = true;
    struct ws_demangled dn;
    bool cxx = dp.kernel && ws_demangle(dp.kernel, &dn) == 0;
    double wi = (double)dp.warp_instructions;
    fprintf(stderr, "%s%s (launch %zu/%zu): ", p->tty ? "\r\033[K" : "",
            cxx ? dn.qname : dp.kernel ? dp.kernel : "-", dp.launch,
            dp.launches);
    if (cxx)
        ws_demangled_free(&dn);
    if (dp.timed)
        fprintf(stderr, "cycle %llu, ", (unsigned long long)dp.cycle);
    fprintf(stderr, "%.2fM warp-instructions, %.2fM/s, %.1f s%s", wi / 1e6,
            el > 0 ? wi / 1e6 / el : 0.0, el, p->tty ? "" : "\n");
    fflush(stderr);
}

void cli_progress_end(struct cli_progress *p)
{
    clear(p);
}
