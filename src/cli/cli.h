/*
** cli.h - the warpscope command line: subcommands share these helpers.
** Only cli/ (and ui/) print diagnostics and choose exit codes:
** 0 success, 1 a scenario check failed, 2 bad input.
*/
#ifndef WS_CLI_H
#define WS_CLI_H
#include <stdbool.h>
#include "compile/ptxas.h"
#include "util/diag.h"

enum { EXIT_OK = 0, EXIT_CHECK = 1, EXIT_BAD = 2 };

/* Prints a diagnostic to stderr. */
void cli_print_diag(const struct ws_diag *d);
/* Prints "warpscope: error: msg" for command-line mistakes; returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* An unknown option: exit 2 as cli_usage_error, naming the nearest of the
   command's options (known: space-separated) when one is close. */
int cli_unknown_option(const char *cmd, const char *opt, const char *known);

struct config_assigns;
/*
** `--design NAME` and `--preset NAME`, the shorthands of `--set
** design=NAME` and `--set preset=NAME`: adds the assignment to sets (in
** command-line order, so a later --set still wins). A design name is
** checked at once; the error lists the designs (a preset's, the presets,
** when the configuration is resolved). Returns EXIT_OK or EXIT_BAD after
** printing the error.
*/
int cli_shorthand(struct config_assigns *sets, const char *opt,
                  const char *val);

/* ptxas runs at most this long and with this much address space. */
#define PTXAS_SECONDS 60
#define PTXAS_MEMORY (2048LL << 20)
enum { PTXAS_MISSING = -1, PTXAS_FAILED = -2, PTXAS_TIMEOUT = -3 };
/* Runs `ptxas -v` on path; returns the number of kernels counted (array
   in *out, caller frees names and array), or PTXAS_MISSING (not
   installed), PTXAS_FAILED (it rejected the file or hit the memory
   limit) or PTXAS_TIMEOUT (stopped after PTXAS_SECONDS). */
int cli_ptxas_regs(const char *path, const char *target,
                   struct ptxas_count **out);
/* The time limit in force (PTXAS_SECONDS unless the environment says). */
int cli_ptxas_seconds(void);

int cli_run(int argc, char **argv);
/* `warpscope SCENARIO.lua` on a terminal: `run` driven by the TUI. */
int cli_tui(int argc, char **argv);
int cli_inspect(int argc, char **argv);
void cli_help(const char *topic);

#endif
