/*
** plot.h - `warpscope plot`: charts of a results table through gnuplot
** (plot.c).
*/
#ifndef WS_PLOT_H
#define WS_PLOT_H

/*
** `warpscope plot RESULTS.csv --y COLUMN [--x COLUMN] [--group COLUMN]
** [--baseline VALUE] [--lines] [--no-geomean] [--where COLUMN=VALUE]...
** [--out PREFIX] [--title TEXT] [--ylabel TEXT]`; argv[0] is "plot".
** Writes PREFIX.svg, .png, .dat and .gp and prints the numbers as a
** markdown table. Returns the exit status: 0, or 2 on bad input or when
** gnuplot is missing or fails (the .dat and .gp are written then).
*/
int cli_plot(int argc, char **argv);

#endif
