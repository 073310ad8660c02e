/*
** plot.h - `warpscope plot`: charts of a results table through gnuplot
** (plot.c).
*/
#ifndef WS_PLOT_H
#define WS_PLOT_H
#include <stdbool.h>
#include <stdio.h>

#define PLOT_MAX_WHERE 16
/* plot_draw's status when gnuplot is not there (the .dat and .gp are). */
#define PLOT_NO_GNUPLOT 3

/* What to draw (see cli_plot for the meaning of each). */
struct plot_spec {
    const char *csv, *out, *x, *y, *group, *baseline, *title, *ylabel;
    bool lines, geomean, absolute;
    const char *where[PLOT_MAX_WHERE];   /* "COLUMN=VALUE" */
    int nwhere;
};

/*
** Draws spec: writes OUT.dat, .gp, .svg and .png (OUT: spec->out, or
** beside the table named after y) and the numbers as a markdown table to
** table_out. Returns 0; PLOT_NO_GNUPLOT (message printed) when gnuplot
** is missing; 2 with the error printed on stderr otherwise (the .dat and
** .gp are written when only gnuplot failed).
*/
int plot_draw(const struct plot_spec *spec, FILE *table_out);

/*
** `warpscope plot RESULTS.csv --y COLUMN [--x COLUMN] [--group COLUMN]
** [--baseline VALUE] [--absolute] [--lines] [--no-geomean]
** [--where COLUMN=VALUE]...
** [--out PREFIX] [--title TEXT] [--ylabel TEXT]`; argv[0] is "plot".
** Writes PREFIX.svg, .png, .dat and .gp and prints the numbers as a
** markdown table. Returns the exit status: 0, or 2 on bad input or when
** gnuplot is missing or fails (the .dat and .gp are written then).
*/
int cli_plot(int argc, char **argv);

#endif
