/*
** cli.c - what every subcommand shares (see cli.h): printing diagnostics
** and command-line errors with the documented exit codes.
*/
#include "cli/cli.h"
#include "util/strbuf.h"
#include <stdarg.h>
#include <stdio.h>

void cli_print_diag(const struct ws_diag *d)
{
    struct strbuf b;
    sb_init(&b);
    diag_render(d, &b);
    fputs(sb_str(&b), stderr);
    sb_free(&b);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "warpscope%s%s: error: ", cmd ? " " : "", cmd ? cmd : "");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'warpscope --help'.\n");
    return EXIT_BAD;
}
