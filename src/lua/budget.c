/*
** budget.c - the instruction budget of a sandboxed state (see sandbox.h):
** the count hook spends it every WSLUA_HOOK_EVERY instructions, C code
** that loops on the script's behalf (pattern matching, table.move)
** charges it, and running out is an error at the script's line.
*/
#include "lua/sandbox.h"
#include "lua/sandbox-internal.h"
#include <lauxlib.h>

static struct wslua *W(lua_State *L)
{
    return wslua_of(L);
}

/* Raises the out-of-budget error at stack level `level`; `how` names
   work counted in C (pattern matching), or is NULL for instructions. */
static int budget_error(lua_State *L, int level, const char *how)
{
    struct wslua *s = W(L);
    luaL_where(L, level);
    if (how)
        lua_pushfstring(L, "%s ran more than %I Lua instructions (config key %s; %s); does it do too much work?",
                        s->what ? s->what : "script", (lua_Integer)s->budget_total,
                        s->key ? s->key : "lua.max_instructions", how);
    else
        lua_pushfstring(L, "%s ran more than %I Lua instructions (config key %s); is there an endless loop?",
                        s->what ? s->what : "script", (lua_Integer)s->budget_total,
                        s->key ? s->key : "lua.max_instructions");
    lua_concat(L, 2);
    return lua_error(L);
}

void wslua_budget_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    struct wslua *s = W(L);
    s->budget -= WSLUA_HOOK_EVERY;
    if (s->budget < 0)
        budget_error(L, 0, NULL); /* in a hook the interrupted function is
                                  level 0, not 1 */
}

void wslua_charge(lua_State *L, int64_t n, const char *how)
{
    struct wslua *s = W(L);
    s->budget -= n;
    if (s->budget < 0)
        budget_error(L, 1, how);
}

void wslua_set_budget(lua_State *L, int64_t n)
{
    struct wslua *s = W(L);
    s->budget = s->budget_total = n;
}

void wslua_push_budget(lua_State *L, int64_t n, const char *what,
                       const char *key, struct wslua_budget *saved)
{
    struct wslua *s = W(L);
    saved->left = s->budget;
    saved->total = s->budget_total;
    saved->what = s->what;
    saved->key = s->key;
    s->budget = s->budget_total = n;
    s->what = what;
    s->key = key;
}

void wslua_pop_budget(lua_State *L, const struct wslua_budget *saved)
{
    struct wslua *s = W(L);
    s->budget = saved->left;
    s->budget_total = saved->total;
    s->what = saved->what;
    s->key = saved->key;
}

int64_t wslua_budget(lua_State *L)
{
    return W(L)->budget;
}
