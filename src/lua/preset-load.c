/*
** preset-load.c - configuration from Lua: a table of keys (ws.config, a
** preset's returned table) turned into assignments, and the reader of
** preset files that the configuration layer calls (see config/preset.h).
*/
#include "lua/preset-load.h"
#include "config/preset.h"
#include "lua/sandbox.h"
#include "lua/where.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int key_compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Configuration keys are dotted paths a few parts long ("racetrack.
   mapping"); a table nested deeper than this is a mistake, and the limit
   keeps the recursion (and the Lua stack it uses) bounded. */
#define MAX_KEY_DEPTH 8

static int from_lua(lua_State *L, int idx, const char *prefix,
                    int depth, struct config_assigns *out, const char *file,
                    int line, struct ws_diag *diag);

int wslua_config_table(lua_State *L, int idx, const char *prefix,
                       struct config_assigns *out, const char *file, int line,
                       struct ws_diag *diag)
{
    return from_lua(L, idx, prefix, 0, out, file, line, diag);
}

static int from_lua(lua_State *L, int idx, const char *prefix,
                    int depth, struct config_assigns *out, const char *file,
                    int line, struct ws_diag *diag)
{
    if (depth >= MAX_KEY_DEPTH)
        return diag_error(diag, file, line, 0,
                          "configuration tables nest more than %d deep at '%s' (keys are dotted paths such as \"l1d.size\")",
                          MAX_KEY_DEPTH, prefix);
    if (!lua_checkstack(L, 4))
        return diag_error(diag, file, line, 0,
                          "out of Lua stack space reading configuration key '%s'",
                          prefix);
    idx = lua_absindex(L, idx);
    /* Collect keys first and sort them: table order is not deterministic. */
    size_t n = 0, cap = 16;
    char **keys = ws_xmalloc(cap * sizeof *keys);
    lua_pushnil(L);
    int rc = WS_OK;
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            rc = diag_error(diag, file, line, 0,
                            "configuration keys must be strings such as \"l1d.size\", found a %s",
                            luaL_typename(L, -1));
            lua_pop(L, 1);
            break;
        }
        if (n == cap)
            keys = ws_xrealloc(keys, (cap *= 2) * sizeof *keys);
        keys[n++] = ws_xstrdup(lua_tostring(L, -1));
    }
    qsort(keys, n, sizeof *keys, key_compare);
    for (size_t i = 0; i < n && rc == WS_OK; i++) {
        char full[256];
        int len = snprintf(full, sizeof full, "%s%s%s", prefix ? prefix : "",
                           prefix && *prefix ? "." : "", keys[i]);
        if (len < 0 || (size_t)len >= sizeof full) {
            rc = diag_error(diag, file, line, 0,
                            "configuration key '%.40s...' is longer than %zu characters",
                            full, sizeof full - 1);
            break;
        }
        lua_getfield(L, idx, keys[i]);
        char buf[64];
        const char *val = NULL;
        switch (lua_type(L, -1)) {
        case LUA_TTABLE:
            rc = from_lua(L, -1, full, depth + 1, out, file, line, diag);
            break;
        case LUA_TBOOLEAN:
            val = lua_toboolean(L, -1) ? "true" : "false";
            break;
        case LUA_TNUMBER:
            if (lua_isinteger(L, -1))
                snprintf(buf, sizeof buf, "%lld", (long long)lua_tointeger(L, -1));
            else
                snprintf(buf, sizeof buf, "%.17g", lua_tonumber(L, -1));
            val = buf;
            break;
        case LUA_TSTRING:
            val = lua_tostring(L, -1);
            break;
        default:
            rc = diag_error(diag, file, line, 0,
                            "config key '%s': a %s is not a valid value", full,
                            luaL_typename(L, -1));
        }
        if (val)
            config_assigns_add(out, full, val, file, line);
        lua_pop(L, 1);
    }
    for (size_t i = 0; i < n; i++)
        free(keys[i]);
    free(keys);
    return rc;
}

/* Runs the preset in a fresh sandbox; it must return a table of keys. */
static int read_preset(const char *path, struct config_assigns *out,
                       struct ws_diag *diag)
{
    char *dir = ws_dirname(path);
    lua_State *L = wslua_new(dir, 10000000, 64 << 20, false);
    free(dir);
    int rc = wslua_dofile(L, path, 1, diag);
    int ret = rc == WS_OK ? wslua_return_line(L, path) : 0;
    if (rc == WS_OK && !lua_istable(L, -1))
        rc = diag_error(diag, path, ret, 0, "a preset must return a table of configuration keys");
    if (rc == WS_OK)
        rc = wslua_config_table(L, -1, "", out, path, ret, diag);
    if (rc == WS_OK)          /* each key's line and column in the file */
        wslua_key_positions(L, path, 0, 0, out, 0);
    else if (diag->file && !diag->raw && !diag->srcline &&
             strcmp(diag->file, path) == 0 && diag->line > 0)
        wslua_pos_diag(L, diag, path, diag->line, diag->col);
    wslua_close(L);
    return rc == WS_OK ? WS_OK : WS_ERR;
}

void wslua_use_for_presets(void)
{
    config_set_preset_reader(read_preset);
}
