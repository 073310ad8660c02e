/*
** value.h - between Lua values and warpscope's (value.c).
*/
#ifndef WS_LUA_VALUE_H
#define WS_LUA_VALUE_H
#include <lua.h>
#include "util/jval.h"
#include "util/strbuf.h"

/* Pushes a jv value as Lua data (objects as tables with its keys, arrays
   as sequences). */
void ws_push_jv(lua_State *L, const struct jv *v);

/* Appends a readable rendering of the Lua value at idx (tables with
   sorted keys, two levels deep, at most 64 entries each). */
void ws_lua_show(lua_State *L, int idx, struct strbuf *o, int depth);

#endif
