/*
** engine.h - Lua as the debugger's script engine (engine.c): the
** scenario runs as a coroutine of the session's Lua state, and breakpoint
** conditions, hooks, probes, watch expressions and console Lua run in it
** through struct dbg_engine (debug/dbg.h), which is all the debugger
** knows of Lua.
*/
#ifndef WS_LUA_ENGINE_H
#define WS_LUA_ENGINE_H
#include <lua.h>
#include "debug/dbg.h"

/* The engine's state: the main Lua state, the thread Lua runs on now
   (hooks run on it: the scenario's coroutine while it simulates), and
   the scenario's coroutine. */
struct wslua_engine {
    struct dbg *d;
    lua_State *L, *cur, *co;
    int co_ref;
};

/* Makes L the script engine of debugger d (which must outlive it). */
void wslua_attach(struct dbg *d, lua_State *L);
/* Undoes wslua_attach (before dbg_free and lua_close). */
void wslua_detach(struct dbg *d);
/* The main Lua state of debugger d's engine. */
lua_State *wslua_lua(struct dbg *d);
/* The engine and the debugger of a Lua state (NULL when none). */
struct wslua_engine *wslua_engine(lua_State *L);
struct dbg *wslua_dbg(lua_State *L);

/* Pushes an event as the table ws.on hooks receive. */
void wslua_push_event(lua_State *L, struct dbg *d, const struct ws_event *e);

#endif
