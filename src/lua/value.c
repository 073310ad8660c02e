/*
** value.c - Lua values and warpscope's: statistics and inspection objects
** (struct jv) pushed as Lua tables, and Lua values rendered as text for
** the console (see value.h).
*/
#include "lua/value.h"
#include "util/xalloc.h"
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

void ws_push_jv(lua_State *L, const struct jv *v)
{
    switch (v->kind) {
    case JV_NULL: lua_pushnil(L); break;
    case JV_BOOL: lua_pushboolean(L, v->u.b); break;
    case JV_INT: lua_pushinteger(L, v->u.i); break;
    case JV_NUM: lua_pushnumber(L, v->u.d); break;
    case JV_STR: lua_pushstring(L, v->u.s); break;
    case JV_ARR:
        lua_createtable(L, (int)v->n, 0);
        for (size_t i = 0; i < v->n; i++) {
            ws_push_jv(L, v->items[i]);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        break;
    case JV_OBJ:
        lua_createtable(L, 0, (int)v->n);
        for (size_t i = 0; i < v->n; i++) {
            ws_push_jv(L, v->items[i]);
            lua_setfield(L, -2, v->keys[i]);
        }
        break;
    }
}

/* Keys of the table at idx, sorted (Lua's own order is not reproducible
   between runs). */
static int key_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void ws_lua_show(lua_State *L, int idx, struct strbuf *o, int depth)
{
    idx = lua_absindex(L, idx);
    if (!lua_istable(L, idx) || depth > 2) {
        if (lua_type(L, idx) == LUA_TSTRING)
            sb_printf(o, "\"%s\"", lua_tostring(L, idx));
        else
            sb_puts(o, luaL_tolstring(L, idx, NULL)), lua_pop(L, 1);
        return;
    }
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    sb_puts(o, "{");
    int shown = 0;
    for (lua_Integer i = 1; i <= n && shown < 64; i++, shown++) {
        sb_puts(o, i > 1 ? ", " : " ");
        lua_rawgeti(L, idx, i);
        ws_lua_show(L, -1, o, depth + 1);
        lua_pop(L, 1);
    }
    size_t nk = 0, cap = 16;
    char **keys = ws_xmalloc(cap * sizeof *keys);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 &&
            lua_tointeger(L, -1) <= n)
            continue;
        if (nk == cap)
            keys = ws_xrealloc(keys, (cap *= 2) * sizeof *keys);
        lua_pushvalue(L, -1);
        keys[nk++] = ws_xstrdup(luaL_tolstring(L, -1, NULL));
        lua_pop(L, 2);
    }
    qsort(keys, nk, sizeof *keys, key_cmp);
    for (size_t i = 0; i < nk; i++) {
        if (shown++ < 64) {
            sb_printf(o, "%s%s = ", shown > 1 ? ", " : " ", keys[i]);
            lua_getfield(L, idx, keys[i]);
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
                char *end;
                long long k = strtoll(keys[i], &end, 10);
                if (!*end)
                    lua_rawgeti(L, idx, k);
                else
                    lua_pushnil(L);
            }
            ws_lua_show(L, -1, o, depth + 1);
            lua_pop(L, 1);
        }
        free(keys[i]);
    }
    free(keys);
    if (shown > 64)
        sb_puts(o, ", ...");
    sb_puts(o, shown ? " }" : "}");
}

