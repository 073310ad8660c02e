/* invariant.c - failing internal invariants (see invariant.h). */
#include "util/invariant.h"
#include <stdio.h>
#include <stdlib.h>

_Thread_local struct ws_where ws_where = { 0, -1, -1 };

static void (*hook)(const char *msg, void *ctx);
static void *hook_ctx;

void ws_invariant_hook(void (*fn)(const char *msg, void *ctx), void *ctx)
{
    hook = fn;
    hook_ctx = ctx;
}

void ws_invariant_failed(const char *expr, const char *file, int line)
{
    char msg[512];
    snprintf(msg, sizeof msg,
             "warpscope: internal error: %s (%s:%d) at cycle %llu, sm %d, warp %d",
             expr, file, line, (unsigned long long)ws_where.cycle, ws_where.sm,
             ws_where.warp);
    fflush(stdout);
    fprintf(stderr, "%s\n", msg);
    void (*fn)(const char *, void *) = hook;
    hook = NULL;                    /* a failure inside the hook: no loop */
    if (fn)
        fn(msg, hook_ctx);
    fprintf(stderr, "warpscope: this is a bug in warpscope; please report it with the replay file\n");
    abort();
}
