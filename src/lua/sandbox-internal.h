/*
** sandbox-internal.h - the state behind a sandboxed lua_State, shared by
** the files of the sandbox (sandbox.c creates it, budget.c counts against
** it, where.c reads the scripts' text). Not for other modules.
*/
#ifndef WS_LUA_SANDBOX_INTERNAL_H
#define WS_LUA_SANDBOX_INTERNAL_H
#include <stdint.h>
#include <lua.h>
#include "util/vec.h"

/* The text of a script file the state loaded, for columns and carets. */
struct srcfile {
    char *name, *text;
    size_t len;
    VEC(size_t) line;             /* offset of each line's start */
};

struct wslua {
    int64_t mem_used, mem_limit;
    int64_t budget, budget_total;
    const char *what, *key;       /* who runs under the budget */
    char *script_dir;
    VEC(struct srcfile) src;
};

/* The sandbox state of L (its allocator's data). */
static inline struct wslua *wslua_of(lua_State *L)
{
    void *ud;
    lua_getallocf(L, &ud);
    return ud;
}

/* The count hook that spends the instruction budget (budget.c). */
void wslua_budget_hook(lua_State *L, lua_Debug *ar);

/* Instructions between two calls of the hook. */
#define WSLUA_HOOK_EVERY 1000

#endif
