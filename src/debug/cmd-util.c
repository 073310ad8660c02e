/*
** cmd-util.c - what every command file uses: reporting a command's error
** (with where the command came from) and parsing numbers.
*/
#include "debug/cmd-internal.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int cmd_error(struct dbg *d, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!d->replaying) {          /* said already, the first time */
        char line[600];
        snprintf(line, sizeof line, "%s%serror: %s\n", d->cmd_where ? d->cmd_where : "",
                 d->cmd_where ? ": " : "", msg);
        if (d->capture) {
            sb_puts(d->capture, line);
        } else {                  /* headless: errors go to stderr */
            fflush(stdout);
            fputs(line, stderr);
        }
    }
    d->cmd_errors++;
    return WS_ERR;
}

bool cmd_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

bool cmd_int(const char *s, int *out)
{
    uint64_t v;
    if (!cmd_u64(s, &v) || v > 0x7fffffff)
        return false;
    *out = (int)v;
    return true;
}
