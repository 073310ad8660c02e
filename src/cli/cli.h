/*
** cli.h - the warpscope command line: subcommands share these helpers.
** Only cli/ (and ui/) print diagnostics and choose exit codes:
** 0 success, 1 a scenario check failed, 2 bad input.
*/
#ifndef WS_CLI_H
#define WS_CLI_H
#include "util/diag.h"

enum { EXIT_OK = 0, EXIT_CHECK = 1, EXIT_BAD = 2 };

/* Prints a diagnostic to stderr. */
void cli_print_diag(const struct ws_diag *d);
/* Prints "warpscope: error: msg" for command-line mistakes; returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

struct ptxas_count {
    char *name;
    int regs;
};
/* Runs `ptxas -v` on path; returns the number of kernels counted (array
   in *out, caller frees names and array) or -1 when ptxas is missing or
   rejects the file. */
int cli_ptxas_regs(const char *path, const char *target,
                   struct ptxas_count **out);

int cli_run(int argc, char **argv);
/* `warpscope SCENARIO.lua` on a terminal: `run` driven by the TUI. */
int cli_tui(int argc, char **argv);
int cli_inspect(int argc, char **argv);
void cli_help(const char *topic);

#endif
