/* preset.c - preset files and configuration layering (see preset.h). */
#include "config/preset.h"
#include "lua/sandbox.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <dirent.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PRESET_DEPTH 8

static int key_compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Configuration keys are dotted paths a few parts long ("racetrack.
   mapping"); a table nested deeper than this is a mistake, and the limit
   keeps the recursion (and the Lua stack it uses) bounded. */
#define MAX_KEY_DEPTH 8

static int from_lua(struct lua_State *L, int idx, const char *prefix,
                    int depth, struct config_assigns *out, const char *file,
                    int line, struct ws_diag *diag);

int config_from_lua(struct lua_State *L, int idx, const char *prefix,
                    struct config_assigns *out, const char *file, int line,
                    struct ws_diag *diag)
{
    return from_lua(L, idx, prefix, 0, out, file, line, diag);
}

static int from_lua(struct lua_State *L, int idx, const char *prefix,
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

static char *preset_path(const char *name)
{
    if (strchr(name, '/') || (strlen(name) > 4 &&
                              strcmp(name + strlen(name) - 4, ".lua") == 0))
        return ws_xstrdup(name);
    const char *dd = ws_datadir();
    if (!dd)
        return NULL;
    size_t n = strlen(dd) + strlen(name) + 32;
    char *p = ws_xmalloc(n);
    snprintf(p, n, "%s/examples/configs/%s.lua", dd, name);
    return p;
}

/* Applies preset `name` (and its bases) to c. */
static int apply_preset(struct ws_config *c, const char *name, int depth,
                        struct ws_diag *diag)
{
    if (depth > MAX_PRESET_DEPTH)
        return diag_error(diag, NULL, 0, 0, "preset '%s': presets inherit (base = ...) more than %d deep; is there a cycle?",
                          name, MAX_PRESET_DEPTH);
    char *path = preset_path(name);
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f) {
        struct strbuf b;
        sb_init(&b);
        config_preset_names(&b);
        diag_error(diag, NULL, 0, 0, "unknown preset '%s' (available: %s)", name,
                   b.len ? sb_str(&b) : "none found");
        sb_free(&b);
        free(path);
        return WS_ERR;
    }
    fclose(f);
    char *dir = ws_dirname(path);
    lua_State *L = wslua_new(dir, 10000000, 64 << 20, false);
    free(dir);
    int rc = wslua_dofile(L, path, 1, diag);
    if (rc == WS_OK && !lua_istable(L, -1))
        rc = diag_error(diag, path, 0, 0, "a preset must return a table of configuration keys");
    struct config_assigns a = { 0 };
    if (rc == WS_OK)
        rc = config_from_lua(L, -1, "", &a, path, 0, diag);
    if (rc == WS_OK) {
        for (size_t i = 0; i < a.n && rc == WS_OK; i++)
            if (strcmp(a.v[i].key, "base") == 0)
                rc = apply_preset(c, a.v[i].value, depth + 1, diag);
        struct config_assigns rest = { 0 };
        for (size_t i = 0; i < a.n; i++)
            if (strcmp(a.v[i].key, "base") != 0)
                config_assigns_add(&rest, a.v[i].key, a.v[i].value, path, 0);
        if (rc == WS_OK)
            rc = config_apply(c, &rest, diag);
        config_assigns_free(&rest);
    }
    config_assigns_free(&a);
    wslua_close(L);
    free(path);
    return rc == WS_OK ? WS_OK : WS_ERR;
}

static const char *last_preset(const struct config_assigns *a)
{
    const char *p = NULL;
    for (size_t i = 0; a && i < a->n; i++)
        if (strcmp(a->v[i].key, "preset") == 0)
            p = a->v[i].value;
    return p;
}

int config_resolve(struct ws_config *out, const struct config_assigns *scenario,
                   const struct config_assigns *cli, struct ws_diag *diag)
{
    config_init(out);
    const char *preset = last_preset(cli);
    if (!preset)
        preset = last_preset(scenario);
    if (!preset)
        preset = config_s(out, CK_PRESET);
    char *name = ws_xstrdup(preset);
    int rc = apply_preset(out, name, 0, diag);
    if (rc == WS_OK)
        config_set(out, "preset", name, diag);
    free(name);
    if (rc == WS_OK && scenario)
        rc = config_apply(out, scenario, diag);
    if (rc == WS_OK && cli)
        rc = config_apply(out, cli, diag);
    return rc;
}

static int name_compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void config_preset_names(struct strbuf *out)
{
    const char *dd = ws_datadir();
    if (!dd)
        return;
    char *dir = ws_path_join(dd, "examples/configs");
    DIR *dp = opendir(dir);
    free(dir);
    if (!dp)
        return;
    size_t n = 0, cap = 16;
    char **names = ws_xmalloc(cap * sizeof *names);
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t l = strlen(e->d_name);
        if (l <= 4 || strcmp(e->d_name + l - 4, ".lua") != 0)
            continue;
        if (n == cap)
            names = ws_xrealloc(names, (cap *= 2) * sizeof *names);
        names[n++] = ws_xstrndup(e->d_name, l - 4);
    }
    closedir(dp);
    qsort(names, n, sizeof *names, name_compare);
    for (size_t i = 0; i < n; i++) {
        sb_printf(out, "%s%s", i ? ", " : "", names[i]);
        free(names[i]);
    }
    free(names);
}
