/*
** ws.h - the `ws` Lua module: the scenario API of SPEC 1.3.
** A session binds one Lua state to one simulated device. The names
** registered here are a stable contract (docs/scenarios.md).
*/
#ifndef WS_LUA_WS_H
#define WS_LUA_WS_H
#include <stdbool.h>
#include <lua.h>
#include "config/config.h"
#include "lua/value.h"
#include "sim/session.h"

/* The debugger half of `ws` (ws-debug.c), into the table on top. */
void ws_debug_open(lua_State *L);

/* Registers `ws` (global and require "warpscope") in L for session s. */
void ws_open(lua_State *L, struct ws_session *s);

#endif
