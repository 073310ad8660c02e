/*
** invariant.h - internal invariants of the model (DESIGN §3: "internal
** invariants assert, with cycle/SM/warp in the message"). WS_ASSERT(c)
** checks c in every build; when it fails, the message names the
** expression, the source line, and where the simulation was (ws_where,
** kept up to date by the cycle loop), a hook set by the session writes a
** file that replays the run up to that cycle, and the process aborts.
** A failed invariant is a bug in warpscope, never a user error.
*/
#ifndef WS_INVARIANT_H
#define WS_INVARIANT_H
#include <stdint.h>

struct ws_where {
    uint64_t cycle;
    int sm, warp;          /* -1: none */
};
extern _Thread_local struct ws_where ws_where;   /* per thread: sim.threads */

/* Called once with the rendered message before the process aborts (the
   session writes its replay file here). */
void ws_invariant_hook(void (*fn)(const char *msg, void *ctx), void *ctx);

_Noreturn void ws_invariant_failed(const char *expr, const char *file,
                                   int line);

#define WS_ASSERT(c) \
    ((c) ? (void)0 : ws_invariant_failed(#c, __FILE__, __LINE__))

#endif
