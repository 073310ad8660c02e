/*
** ws.c - the `ws` module (see ws.h and docs/scenarios.md).
** Every function checks its arguments and raises a Lua error that names
** what was expected; errors from the simulator (bad PTX, a launch that does
** not fit, a kernel fault) travel as rendered diagnostics so that the user
** sees the PTX file:line:col and the scenario line that caused them.
*/
#include "lua/ws.h"
#include "lua/preset-load.h"
#include "config/preset.h"
#include "lua/buffer.h"
#include "lua/sandbox.h"
#include "lua/where.h"
#include "util/demangle.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MODULE_MT "ws.module"

struct wsmod {
    int index;
};

static struct ws_session *S(lua_State *L)
{
    return lua_touserdata(L, lua_upvalueindex(1));
}

/*
** Where the script code calling a ws function is; level 1 is the direct
** caller, level 2 its caller (for helpers such as verify.lua). The caller
** frees pos->file.
*/
static void caller_at(lua_State *L, int level, struct wslua_pos *pos)
{
    wslua_pos_at(L, level, pos);
}

static int raise(lua_State *L, struct ws_diag *d)
{
    return wslua_raise_diag(L, d);
}

/* ---- ws.config ------------------------------------------------------- */

static void push_config(lua_State *L, const struct ws_config *c)
{
    lua_createtable(L, 0, CK__COUNT);
    for (int i = 0; i < CK__COUNT; i++) {
        const struct config_key *k = config_key(i);
        char buf[64];
        switch (k->type) {
        case CT_INT: lua_pushinteger(L, config_i(c, i)); break;
        case CT_FLOAT: lua_pushnumber(L, config_f(c, i)); break;
        case CT_BOOL: lua_pushboolean(L, config_b(c, i)); break;
        case CT_ENUM: lua_pushstring(L, config_enum_name(c, i, buf, sizeof buf)); break;
        case CT_STRING: lua_pushstring(L, config_s(c, i)); break;
        }
        lua_setfield(L, -2, k->name);
    }
}

static int l_config(lua_State *L)
{
    struct ws_session *s = S(L);
    if (lua_isnoneornil(L, 1)) {
        push_config(L, &s->dev.cfg);
        return 1;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    if (s->dev.started)
        return wslua_error(L, "ws.config must come before the first ws.launch");
    struct wslua_pos at;
    caller_at(L, 1, &at);
    size_t keep = s->scen.n;
    struct ws_diag d = { 0 };
    int rc = wslua_config_table(L, 1, "", &s->scen, at.file, at.line, &d);
    if (rc == WS_OK && at.file)     /* each key's own line and column */
        wslua_key_positions(L, at.file, at.line, at.col, &s->scen, keep);
    struct ws_config c;
    bool have = false;
    if (rc == WS_OK) {
        rc = config_resolve(&c, &s->scen, &s->cli, &d);
        have = true;
    }
    if (rc != WS_OK) {
        /* Forget this call's assignments: the configuration is unchanged. */
        while (s->scen.n > keep) {
            struct config_assign *a = &s->scen.v[--s->scen.n];
            free(a->key);
            free(a->value);
            free(a->file);
        }
        if (have)
            config_free(&c);
        /* An error about this call's keys shows the key, or the call. */
        if (at.file && d.file && !d.raw && strcmp(d.file, at.file) == 0)
            wslua_pos_diag(L, &d, d.file, d.line,
                           d.line == at.line && !d.col ? at.col : d.col);
        free(at.file);
        return raise(L, &d);
    }
    free(at.file);
    device_reconfigure(&s->dev, &c);
    wslua_set_memory(L, config_i(&c, CK_LUA_MAX_MEMORY));
    config_free(&c);
    return 0;
}

/* ---- modules --------------------------------------------------------- */

static int m_index(lua_State *L)
{
    struct wsmod *m = luaL_checkudata(L, 1, MODULE_MT);
    struct ws_session *s = S(L);
    const char *k = luaL_checkstring(L, 2);
    const struct dev_module *dm = &s->dev.modules.v[m->index];
    if (strcmp(k, "path") == 0) {
        lua_pushstring(L, dm->mod->path);
    } else if (strcmp(k, "kernels") == 0) {
        lua_createtable(L, dm->nkernels, 0);
        for (int i = 0; i < dm->nkernels; i++) {
            lua_pushstring(L, dm->kernels[i]->name);
            lua_rawseti(L, -2, i + 1);
        }
    } else {
        return wslua_error(L, "modules have no field '%s' (fields: path, kernels)", k);
    }
    return 1;
}

static int m_tostring(lua_State *L)
{
    struct wsmod *m = luaL_checkudata(L, 1, MODULE_MT);
    lua_pushfstring(L, "module(%s)", S(L)->dev.modules.v[m->index].mod->path);
    return 1;
}

static int l_load_ptx(lua_State *L)
{
    struct ws_session *s = S(L);
    const char *rel = luaL_checkstring(L, 1);
    char *path = ws_path_join(wslua_script_dir(L), rel);
    struct ws_diag d = { 0 };
    int idx = device_load(&s->dev, path, &d);
    free(path);
    if (idx < 0)
        return raise(L, &d);
    struct wsmod *m = lua_newuserdatauv(L, sizeof *m, 0);
    m->index = idx;
    luaL_setmetatable(L, MODULE_MT);
    return 1;
}

/* ---- buffers --------------------------------------------------------- */

static int l_alloc(lua_State *L)
{
    struct ws_session *s = S(L);
    const char *tn = luaL_checkstring(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    int t = wsbuf_type(tn);
    if (t < 0)
        return wslua_error(L, "ws.alloc: unknown element type '%s' (expected u8, u16, u32, u64, s8, s16, s32, s64, f32 or f64)",
                          tn);
    if (n <= 0)
        return wslua_error(L, "ws.alloc: element count must be positive, got %lld",
                          (long long)n);
    uint64_t esz = ptx_type_size((enum ptx_type)t);
    if ((uint64_t)n > UINT64_MAX / esz / 2)
        return wslua_error(L, "ws.alloc: %lld elements is too many", (long long)n);
    struct ws_diag d = { 0 };
    uint64_t a = device_alloc(&s->dev, (uint64_t)n * esz, &d);
    if (!a) {
        diag_prefix(&d, "ws.alloc: ");
        return raise(L, &d);
    }
    wsbuf_new(L, &s->dev, a, (uint64_t)n, (uint8_t)t);
    return 1;
}

static int l_f32(lua_State *L)
{
    float f = (float)luaL_checknumber(L, 1);
    lua_pushnumber(L, (double)f);
    return 1;
}

/* ---- launches -------------------------------------------------------- */

static void dims(lua_State *L, int idx, const char *what, uint32_t out[3])
{
    out[0] = out[1] = out[2] = 1;
    if (lua_isinteger(L, idx)) {
        lua_Integer v = lua_tointeger(L, idx);
        if (v <= 0 || v > 0xffffffffLL)
            wslua_error(L, "ws.launch: %s must be a positive integer, got %lld",
                       what, (long long)v);
        out[0] = (uint32_t)v;
        return;
    }
    if (!lua_istable(L, idx))
        wslua_error(L, "ws.launch: %s must be an integer or a table {x, y, z}, got %s",
                   what, luaL_typename(L, idx));
    lua_Integer n = luaL_len(L, idx);
    if (n < 1 || n > 3)
        wslua_error(L, "ws.launch: %s needs 1 to 3 dimensions, got %lld", what,
                   (long long)n);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, idx, i);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) <= 0 ||
            lua_tointeger(L, -1) > 0xffffffffLL)
            wslua_error(L, "ws.launch: %s[%lld] must be a positive integer",
                       what, (long long)i);
        out[i - 1] = (uint32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
}

static void marshal(lua_State *L, int idx, const struct kparam *p, int argno,
                    uint8_t *buf)
{
    char what[160];
    snprintf(what, sizeof what, "ws.launch: argument %d (%s: .%s%s)", argno,
             p->name, ptx_type_name((enum ptx_type)p->type),
             p->size > ptx_type_size((enum ptx_type)p->type) ? "[]" : "");
    struct wsbuf *b = wsbuf_test(L, idx);
    if (b) {
        if (p->size != 8)
            wslua_error(L, "%s: a buffer passes a 64-bit pointer, but this parameter has %u bytes",
                       what, p->size);
        memcpy(buf + p->offset, &b->addr, 8);
        return;
    }
    if (p->size > ptx_type_size((enum ptx_type)p->type)) {
        /* A by-value aggregate (.b8 name[N]): pass its bytes as a string. */
        size_t len;
        const char *str = lua_tolstring(L, idx, &len);
        if (lua_type(L, idx) != LUA_TSTRING || len != p->size)
            wslua_error(L, "%s: expected a string of exactly %u bytes (use string.pack)",
                       what, p->size);
        memcpy(buf + p->offset, str, len);
        return;
    }
    if (lua_isnil(L, idx) && p->size == 8)
        wslua_error(L, "%s: expected a buffer or an integer, got nil (ws.null passes a null pointer)",
                   what);
    uint64_t bits = wsbuf_to_bits(L, idx, p->type, what, true);
    memcpy(buf + p->offset, &bits, p->size);
}

/*
** Pushes the kernels of dm as a list for an error: each by its PTX name,
** followed for a C++ kernel by its demangled signature. With `query`,
** only the kernels that answer to it.
*/
static void push_kernel_list(lua_State *L, const struct dev_module *dm,
                             const char *query)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    int n = 0;
    for (int i = 0; i < dm->nkernels; i++) {
        const char *kn = dm->kernels[i]->name;
        if (query && !ws_demangle_match(kn, query))
            continue;
        if (n++)
            luaL_addstring(&b, ", ");
        struct ws_demangled dd;
        if (ws_demangle(kn, &dd) == 0) {
            luaL_addstring(&b, dd.full);
            luaL_addstring(&b, " [");
            luaL_addstring(&b, kn);
            luaL_addstring(&b, "]");
            ws_demangled_free(&dd);
        } else {
            luaL_addstring(&b, kn);
        }
    }
    luaL_pushresult(&b);
}

static int l_launch(lua_State *L)
{
    struct ws_session *s = S(L);
    struct wsmod *m = luaL_checkudata(L, 1, MODULE_MT);
    const char *name = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    int ki = device_find_kernel(&s->dev, m->index, name);
    const struct dev_module *dm = &s->dev.modules.v[m->index];
    if (ki == DEV_KERNEL_AMBIGUOUS) {
        push_kernel_list(L, dm, name);
        return wslua_error(L, "ws.launch: '%s' names several kernels in %s: %s; give the signature or the PTX name",
                          name, dm->mod->path, lua_tostring(L, -1));
    }
    if (ki < 0) {
        push_kernel_list(L, dm, NULL);
        return wslua_error(L, "ws.launch: no kernel '%s' in %s (kernels: %s)",
                          name, dm->mod->path, lua_tostring(L, -1));
    }
    const struct kimage *k = dm->kernels[ki];
    lua_pushnil(L);
    while (lua_next(L, 3)) {
        lua_pop(L, 1);
        const char *f = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
        if (strcmp(f, "grid") && strcmp(f, "block") && strcmp(f, "shared") &&
            strcmp(f, "args"))
            return wslua_error(L, "ws.launch: unknown field '%s' (expected grid, block, shared, args)",
                              lua_type(L, -1) == LUA_TSTRING ? f : luaL_typename(L, -1));
    }
    struct dev_launch l;
    memset(&l, 0, sizeof l);
    l.module = m->index;
    l.kernel = ki;
    lua_getfield(L, 3, "grid");
    if (lua_isnil(L, -1))
        return wslua_error(L, "ws.launch: missing 'grid'");
    dims(L, -1, "grid", l.grid);
    lua_getfield(L, 3, "block");
    if (lua_isnil(L, -1))
        return wslua_error(L, "ws.launch: missing 'block'");
    dims(L, -1, "block", l.block);
    lua_getfield(L, 3, "shared");
    if (!lua_isnil(L, -1)) {
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 ||
            lua_tointeger(L, -1) > (1 << 24))
            return wslua_error(L, "ws.launch: 'shared' must be a byte count in 0..16777216");
        l.dyn_shared = (uint32_t)lua_tointeger(L, -1);
    }
    lua_getfield(L, 3, "args");
    int args = lua_gettop(L);
    lua_Integer nargs = 0;
    if (!lua_isnil(L, args)) {
        luaL_checktype(L, args, LUA_TTABLE);
        nargs = luaL_len(L, args);
    }
    if ((uint32_t)nargs != k->nparams) {
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        for (uint32_t i = 0; i < k->nparams; i++) {
            char one[128];
            snprintf(one, sizeof one, "%s%s: .%s", i ? ", " : "",
                     k->params[i].name,
                     ptx_type_name((enum ptx_type)k->params[i].type));
            luaL_addstring(&b, one);
        }
        luaL_pushresult(&b);
        return wslua_error(L, "ws.launch: kernel '%s' takes %u argument%s (%s), got %lld%s",
                          name, k->nparams, k->nparams == 1 ? "" : "s",
                          lua_tostring(L, -1), (long long)nargs,
                          (uint32_t)nargs < k->nparams &&
                                  k->params[k->nparams - 1].size == 8
                              ? " (a nil at the end of args is not counted: pass ws.null for a null pointer)"
                              : "");
    }
    /* Marshal into a Lua-owned buffer first so an argument error leaks
       nothing, then copy. */
    uint8_t *tmp = lua_newuserdatauv(L, k->param_bytes + 8, 0);
    memset(tmp, 0, k->param_bytes + 8);
    for (uint32_t i = 0; i < k->nparams; i++) {
        lua_geti(L, args, (lua_Integer)i + 1);
        marshal(L, -1, &k->params[i], (int)i + 1, tmp);
        lua_pop(L, 1);
    }
    l.params = ws_xmalloc(k->param_bytes + 8);
    memcpy(l.params, tmp, k->param_bytes + 8);
    struct wslua_pos at;
    if (caller_at(L, 1, &at), at.file) {
        l.origin = wslua_pos_text(&at);
        free(at.file);
    }
    struct ws_diag d = { 0 };
    if (device_enqueue(&s->dev, &l, &d) != WS_OK)
        return raise(L, &d);
    return 0;
}

/* ws.check(cond [, msg [, level]]): level as in Lua's error(). */
static int l_check(lua_State *L)
{
    struct ws_session *s = S(L);
    if (lua_toboolean(L, 1)) {
        s->checks++;
        return 0;
    }
    int level = (int)luaL_optinteger(L, 3, 1);
    if (level < 1)
        level = 1;
    /* ws.check() with nothing to check fails like a false condition: a
       check that cannot pass is a failed check (exit 1), not bad input. */
    const char *msg = lua_gettop(L) == 0 ? "ws.check() was given no condition"
                      : lua_isnoneornil(L, 2) ? "ws.check(false)"
                                              : luaL_tolstring(L, 2, NULL);
    s->failed = true;
    free(s->fail_msg);
    free(s->fail_file);
    s->fail_msg = ws_xstrdup(msg);
    struct wslua_pos at;
    caller_at(L, level, &at);
    s->fail_file = at.file;
    s->fail_line = at.line;
    s->fail_col = at.col;
    return wslua_raise_check(L, msg, &at);
}

/* assert(v [, msg]) fails like ws.check (SPEC 1.3: exit status 1). */
static int l_assert(lua_State *L)
{
    luaL_checkany(L, 1);
    if (lua_toboolean(L, 1))
        return lua_gettop(L);
    lua_settop(L, 2);
    if (lua_isnil(L, 2)) {
        lua_pushliteral(L, "assertion failed!");
        lua_replace(L, 2);
    }
    return l_check(L);
}

void ws_open(lua_State *L, struct ws_session *s)
{
    static const luaL_Reg fns[] = {
        { "config", l_config }, { "load_ptx", l_load_ptx },
        { "alloc", l_alloc },   { "launch", l_launch },
        { "check", l_check },
        { "f32", l_f32 },       { NULL, NULL },
    };
    wsbuf_open(L);
    luaL_newmetatable(L, MODULE_MT);
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, m_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, m_tostring, 1);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
    luaL_newlibtable(L, fns);
    lua_pushlightuserdata(L, s);
    luaL_setfuncs(L, fns, 1);
    ws_debug_open(L);
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, l_assert, 1);
    lua_setglobal(L, "assert");
    lua_pushstring(L, WS_VERSION);
    lua_setfield(L, -2, "version");
    lua_pushinteger(L, 0);              /* the null pointer argument */
    lua_setfield(L, -2, "null");
    lua_pushvalue(L, -1);
    lua_setglobal(L, "ws");
    /* require "warpscope" returns the same table. */
    lua_getfield(L, LUA_REGISTRYINDEX, "ws.loaded");
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "warpscope");
    lua_pop(L, 2);
}
