/*
** engine.c - Lua as the debugger's script engine (see engine.h). Every
** call into Lua runs under an instruction budget with a traceback; what
** Lua returns is handed back as a struct dbg_value, so the debugger never
** touches a Lua stack.
*/
#include "lua/engine.h"
#include "compile/image.h"
#include "lua/sandbox.h"
#include "lua/value.h"
#include "timing/sm.h"
#include "util/xalloc.h"
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char engine_key = 'e';

static void setint(lua_State *L, const char *k, int64_t v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

/* The fields of a design's event, named as it registered them. */
static void design_fields(lua_State *L, const struct ws_event *e)
{
    const struct ev_fields *f = ev_fields_of((enum ev_type)e->type);
    if (!f || !(f->addr || f->a || f->b)) {
        setint(L, "addr", (int64_t)e->addr);
        setint(L, "a", e->a);
        setint(L, "b", e->b);
        return;
    }
    if (f->addr)
        setint(L, f->addr, (int64_t)e->addr);
    if (f->a && e->a >= 0 && (uint64_t)e->a < f->a_enum_n)
        lua_pushstring(L, f->a_enum[e->a]), lua_setfield(L, -2, f->a);
    else if (f->a)
        setint(L, f->a, e->a);
    if (f->b)
        setint(L, f->b, e->b);
}

void wslua_push_event(lua_State *L, struct dbg *d, const struct ws_event *e)
{
    lua_createtable(L, 0, 8);
    const char *name = ev_name((enum ev_type)e->type);
    lua_pushstring(L, name ? name : "?");
    lua_setfield(L, -2, "type");
    setint(L, "cycle", (int64_t)e->cycle);
    setint(L, "sm", e->sm);
    if (e->warp >= 0)
        setint(L, "warp", e->warp);
    switch (e->type) {
    case EV_WARP_ISSUE: {
        setint(L, "pc", e->a);
        setint(L, "lanes", e->b);
        const struct kimage *k = d ? dbg_kernel(d) : NULL;
        if (k && e->a >= 0 && e->a < k->ninst)
            setint(L, "line", k->flat.insts.v[e->a].line);
        break;
    }
    case EV_WARP_STALL:
        lua_pushstring(L, dbg_stall_name(d, (int)e->a));
        lua_setfield(L, -2, "reason");
        setint(L, "scheduler", e->b);
        break;
    case EV_RF_CONFLICT: {
        setint(L, "bank", e->a);
        setint(L, "waiting", e->b);
        uint32_t w, r;
        bool wr;
        if (ev_req_get(e->addr, 0, &w, &r, &wr)) { /* the request served */
            setint(L, "reg", r);
            lua_pushboolean(L, wr);
            lua_setfield(L, -2, "write");
        }
        if (ev_req_get(e->addr, 1, &w, &r, &wr)) { /* the first one waiting */
            setint(L, "waiting_warp", w);
            setint(L, "waiting_reg", r);
            lua_pushboolean(L, wr);
            lua_setfield(L, -2, "waiting_write");
        }
        break;
    }
    case EV_L1_HIT: case EV_L1_MISS: case EV_L1_FILL: case EV_MSHR_MERGE:
        setint(L, "addr", (int64_t)e->addr);
        break;
    case EV_L1_EVICT:
        setint(L, "addr", (int64_t)e->addr);
        lua_pushboolean(L, e->b != 0);
        lua_setfield(L, -2, "dirty");
        break;
    case EV_SHMEM_CONFLICT:
        setint(L, "degree", e->a);
        setint(L, "addr", (int64_t)e->addr);
        setint(L, "pc", e->b);
        break;
    case EV_BARRIER:
        setint(L, "barrier", e->a);
        break;
    case EV_CTA_LAUNCH:
        setint(L, "cta", e->a);
        setint(L, "warps", e->b);
        break;
    case EV_CTA_EXIT:
        setint(L, "cta", e->a);
        break;
    case EV_KERNEL_EXIT:
        setint(L, "grid", e->a);
        break;
    case EV_WARP_STATE:
        lua_pushstring(L, warp_state_name((int)e->a));
        lua_setfield(L, -2, "state");
        lua_pushstring(L, warp_state_name((int)e->b));
        lua_setfield(L, -2, "before");
        break;
    case EV_L2_ACCESS:
        setint(L, "addr", (int64_t)e->addr);
        setint(L, "slice", e->a);
        lua_pushstring(L, ev_l2_outcome_name(e->b));
        lua_setfield(L, -2, "outcome");
        break;
    case EV_DRAM_REQUEST: case EV_DRAM_DONE:
        setint(L, "addr", (int64_t)e->addr);
        setint(L, "channel", e->a);
        lua_pushboolean(L, e->b != 0);
        lua_setfield(L, -2, "write");
        break;
    default:
        design_fields(L, e);
        break;
    }
}

/* ---- the engine's operations (struct dbg_engine) ----------------------- */

static int e_load(void *ctx, const char *path, struct ws_diag *diag)
{
    struct wslua_engine *en = ctx;
    if (wslua_loadfile(en->L, path, diag) != WS_OK)
        return WS_ERR;
    en->co = lua_newthread(en->L);
    en->co_ref = luaL_ref(en->L, LUA_REGISTRYINDEX);
    lua_xmove(en->L, en->co, 1);
    return WS_OK;
}

static int e_resume(void *ctx, struct ws_diag *diag)
{
    struct wslua_engine *en = ctx;
    int nres = 0;
    lua_State *prev = en->cur;
    en->cur = en->co;
    int rc = lua_resume(en->co, en->L, 0, &nres);
    en->cur = prev;
    if (rc == LUA_YIELD) {
        lua_pop(en->co, nres);
        return 0;
    }
    if (rc == LUA_OK) {
        lua_pop(en->co, nres);
        return 1;
    }
    return wslua_resume_error(en->L, en->co, diag);
}

static int e_compile(void *ctx, const char *expr, bool with_event, char *err,
                     size_t errlen)
{
    struct wslua_engine *en = ctx;
    lua_State *L = en->L;
    char *src = ws_xmalloc(strlen(expr) + 64);
    sprintf(src, "%sreturn (%s)", with_event ? "local e = ... " : "", expr);
    int rc = luaL_loadbufferx(L, src, strlen(src), "=expression", "t");
    free(src);
    if (rc != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        const char *c = m ? strstr(m, ": ") : NULL;
        snprintf(err, errlen, "bad Lua expression '%s': %s", expr,
                 c ? c + 2 : (m ? m : "syntax error"));
        lua_pop(L, 1);
        return DBG_NOREF;
    }
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

static void e_release(void *ctx, int ref)
{
    struct wslua_engine *en = ctx;
    if (ref != DBG_NOREF && ref != 0)
        luaL_unref(en->L, LUA_REGISTRYINDEX, ref);
}

/* The value on top of L as the debugger wants it. */
static void value_of(lua_State *L, enum dbg_text text, struct dbg_value *v)
{
    memset(v, 0, sizeof *v);
    v->truth = lua_toboolean(L, -1);
    v->type = luaL_typename(L, -1);
    if (lua_isboolean(L, -1)) {
        v->is_number = true;
        v->num = lua_toboolean(L, -1);
    } else if (lua_isnumber(L, -1)) {
        v->is_number = true;
        v->num = lua_tonumber(L, -1);
    }
    if (text == DBG_TEXT_PLAIN) {
        v->text = ws_xstrdup(luaL_tolstring(L, -1, NULL));
        lua_pop(L, 1);
    } else if (text == DBG_TEXT_SHOW) {
        struct strbuf o;
        sb_init(&o);
        ws_lua_show(L, -1, &o, 0);
        v->text = ws_xstrdup(sb_str(&o));
        sb_free(&o);
    }
}

static int e_call(void *ctx, int ref, const struct ws_event *e,
                  const struct dbg_budget *b, enum dbg_text text,
                  struct dbg_value *v, struct ws_diag *diag)
{
    struct wslua_engine *en = ctx;
    lua_State *L = en->cur;
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    int nargs = 0;
    if (e) {
        wslua_push_event(L, en->d, e);
        nargs = 1;
    }
    struct wslua_budget saved;
    wslua_push_budget(L, b->instructions, b->what, b->key, &saved);
    int rc = wslua_pcall(L, nargs, 1, diag);
    wslua_pop_budget(L, &saved);
    if (rc == WS_OK)
        value_of(L, text, v);
    lua_settop(L, top);
    return rc;
}

static int e_run(void *ctx, const char *text, bool file,
                 const struct dbg_budget *b, struct ws_diag *diag)
{
    struct wslua_engine *en = ctx;
    lua_State *L = en->L;
    struct wslua_budget saved;
    wslua_push_budget(L, b->instructions, b->what, b->key, &saved);
    int rc;
    if (file) {
        rc = wslua_dofile(L, text, 0, diag);
    } else if (luaL_loadbufferx(L, text, strlen(text), "=lua", "t") != LUA_OK) {
        rc = diag_error(diag, NULL, 0, 0, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
    } else {
        rc = wslua_pcall(L, 0, 0, diag);
    }
    wslua_pop_budget(L, &saved);
    return rc;
}

static const struct dbg_engine lua_engine = {
    .load = e_load, .resume = e_resume, .compile = e_compile,
    .release = e_release, .call = e_call, .run = e_run,
};

/* ---- attaching ----------------------------------------------------------- */

void wslua_attach(struct dbg *d, lua_State *L)
{
    struct wslua_engine *en = ws_xcalloc(1, sizeof *en);
    en->d = d;
    en->L = en->cur = L;
    en->co_ref = LUA_NOREF;
    d->eng = &lua_engine;
    d->ectx = en;
    lua_pushlightuserdata(L, en);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &engine_key);
}

void wslua_detach(struct dbg *d)
{
    struct wslua_engine *en = d->ectx;
    if (!en)
        return;
    lua_pushnil(en->L);
    lua_rawsetp(en->L, LUA_REGISTRYINDEX, &engine_key);
    free(en);
    d->eng = NULL;
    d->ectx = NULL;
}

lua_State *wslua_lua(struct dbg *d)
{
    return ((struct wslua_engine *)d->ectx)->L;
}

struct wslua_engine *wslua_engine(lua_State *L)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &engine_key);
    struct wslua_engine *en = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return en;
}

struct dbg *wslua_dbg(lua_State *L)
{
    struct wslua_engine *en = wslua_engine(L);
    return en ? en->d : NULL;
}
