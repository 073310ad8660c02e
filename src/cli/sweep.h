/*
** sweep.h - `warpscope sweep`: design-space sweeps over scenarios and
** configuration values, run as one `warpscope run` process per point
** (locally with -j N, or emitted for GNU parallel or a Slurm array).
** docs/sweeps.md describes the sweep file, the outputs and resuming.
*/
#ifndef WS_SWEEP_H
#define WS_SWEEP_H

/*
** `warpscope sweep SWEEP.lua [-j N] [--out DIR] [--emit parallel|slurm]
** [--dry-run]`; argv[0] is "sweep". Prints progress to stdout and
** diagnostics to stderr. Returns the exit status: 0 when every point
** passed, 1 when a point's check failed, 2 on bad input (a bad sweep file
** or option, or a point that exited with bad input or crashed).
*/
int cli_sweep(int argc, char **argv);

#endif
