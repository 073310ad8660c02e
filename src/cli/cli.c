/*
** cli.c - what every subcommand shares (see cli.h): printing diagnostics
** and command-line errors with the documented exit codes, and the
** --design/--preset shorthands.
*/
#include "cli/cli.h"
#include "config/config.h"
#include "util/strbuf.h"
#include "util/suggest.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

int cli_unknown_option(const char *cmd, const char *opt, const char *known)
{
    char name[32], near[32];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(opt, "="), opt);
    if (ws_suggest(name, known, ' ', near, sizeof near))
        return cli_usage_error(cmd, "unknown option '%s' (did you mean '%s'?)",
                               opt, near);
    return cli_usage_error(cmd, "unknown option '%s'", opt);
}

int cli_shorthand(struct config_assigns *sets, const char *opt,
                  const char *val)
{
    const char *key = opt + 2;            /* "--design" -> "design" */
    if (strcmp(key, "design") == 0) {
        struct ws_config c;
        struct ws_diag d = { 0 };
        config_init(&c);
        int rc = config_set(&c, key, val, &d);
        config_free(&c);
        if (rc != WS_OK) {
            diag_prefix(&d, "%s %s: ", opt, val);
            cli_print_diag(&d);
            diag_reset(&d);
            return EXIT_BAD;
        }
    }
    config_assigns_add(sets, key, val, NULL, 0);
    return EXIT_OK;
}
