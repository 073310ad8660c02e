/*
** dbg-lua.c - the debugger's calls into Lua: event payloads, hooks,
** conditions, watch expressions and probes. Every call runs under the
** hook budget (lua.hook_instructions) with a traceback; a function that
** fails is disabled with a message, never retried every cycle.
*/
#include "debug/dbg-internal.h"
#include "compile/image.h"
#include "lua/sandbox.h"
#include "lua/ws.h"
#include "timing/sm.h"
#include "util/jval.h"
#include "util/xalloc.h"
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

static void setint(lua_State *L, const char *k, int64_t v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

void dbg_push_event(lua_State *L, struct dbg *d, const struct ws_event *e)
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
        lua_pushstring(L, stall_name((enum stall)e->a));
        lua_setfield(L, -2, "reason");
        setint(L, "scheduler", e->b);
        break;
    case EV_RF_CONFLICT:
        setint(L, "bank", e->a);
        setint(L, "waiting", e->b);
        break;
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
    default: {
        const struct ev_fields *f = ev_fields_of((enum ev_type)e->type);
        if (!f || !(f->addr || f->a || f->b)) {
            setint(L, "addr", (int64_t)e->addr);
            setint(L, "a", e->a);
            setint(L, "b", e->b);
            break;
        }
        if (f->addr)
            setint(L, f->addr, (int64_t)e->addr);
        if (f->a && e->a >= 0 && (uint64_t)e->a < f->a_enum_n)
            lua_pushstring(L, f->a_enum[e->a]), lua_setfield(L, -2, f->a);
        else if (f->a)
            setint(L, f->a, e->a);
        if (f->b)
            setint(L, f->b, e->b);
        break;
    }
    }
}

/* Calls the function at ref with nargs arguments already pushed after
   it... no: pushes it, then args via push (may be NULL), one result. */
static int call(struct dbg *d, int ref, const struct ws_event *e,
                const char *what, bool *ok)
{
    lua_State *L = d->cur;
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    int nargs = 0;
    if (e) {
        dbg_push_event(L, d, e);
        nargs = 1;
    }
    struct wslua_budget saved;
    wslua_push_budget(L, d->hook_budget, what, "lua.hook_instructions", &saved);
    struct ws_diag diag = { 0 };
    int rc = wslua_pcall(L, nargs, 1, &diag);
    wslua_pop_budget(L, &saved);
    *ok = rc == WS_OK;
    if (!*ok) {
        struct strbuf b;
        sb_init(&b);
        diag_render(&diag, &b);
        bool q = d->quiet;
        d->quiet = false;
        dbg_printf(d, "%s failed and is disabled:\n%s", what, sb_str(&b));
        d->quiet = q;
        sb_free(&b);
        diag_reset(&diag);
        lua_settop(L, top);
        return top;
    }
    return top;
}

int dbg_call_hook(struct dbg *d, struct bp *b, int ref,
                  const struct ws_event *e)
{
    char what[200];
    snprintf(what, sizeof what, "%s %d (%s)",
             b->kind == BP_HOOK ? "hook" : "breakpoint condition of", b->id,
             b->spec ? b->spec : "");
    bool ok;
    int top = call(d, ref, e, what, &ok);
    if (!ok) {
        b->errored = true;
        b->enabled = false;
        dbg_resubscribe(d);
        return -1;
    }
    int r = lua_toboolean(d->cur, -1);
    lua_settop(d->cur, top);
    return r;
}

void dbg_probe_sample(struct dbg *d, struct probe *p, uint64_t now)
{
    char what[200];
    snprintf(what, sizeof what, "probe '%s'", p->name);
    bool ok;
    int top = call(d, p->fn_ref, NULL, what, &ok);
    if (!ok) {
        p->dead = true;
        return;
    }
    lua_State *L = d->cur;
    double v;
    if (lua_isboolean(L, -1))
        v = lua_toboolean(L, -1);
    else if (lua_isnumber(L, -1))
        v = lua_tonumber(L, -1);
    else {
        bool q = d->quiet;
        d->quiet = false;
        dbg_printf(d, "probe '%s' returned a %s, not a number; disabled\n",
                   p->name, luaL_typename(L, -1));
        d->quiet = q;
        p->dead = true;
        lua_settop(L, top);
        return;
    }
    lua_settop(L, top);
    vec_push(&p->t, now);
    vec_push(&p->v, v);
}

bool dbg_expr_changed(struct dbg *d, struct bp *b)
{
    char what[200];
    snprintf(what, sizeof what, "watch expression %d (%s)", b->id,
             b->spec ? b->spec : "");
    bool ok;
    int top = call(d, b->fn_ref, NULL, what, &ok);
    if (!ok) {
        b->errored = true;
        b->enabled = false;
        return false;
    }
    const char *v = luaL_tolstring(d->cur, -1, NULL);
    bool changed = b->old_val && strcmp(b->old_val, v) != 0;
    if (changed || !b->old_val) {
        free(b->old_val);
        b->old_val = ws_xstrdup(v);
    }
    lua_settop(d->cur, top);
    return changed;
}

bool dbg_expr_true(struct dbg *d, int ref)
{
    bool ok;
    int top = call(d, ref, NULL, "until condition", &ok);
    if (!ok) {
        d->drv.met = true;       /* stop: the condition cannot be evaluated */
        return true;
    }
    bool r = lua_toboolean(d->cur, -1);
    lua_settop(d->cur, top);
    return r;
}

int dbg_compile(struct dbg *d, const char *expr, bool with_event, char *err,
                size_t errlen)
{
    lua_State *L = d->L;
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
        return LUA_NOREF;
    }
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

int dbg_probe_add(struct dbg *d, const char *name, int fn_ref, uint64_t every)
{
    struct probe p;
    memset(&p, 0, sizeof p);
    p.name = ws_xstrdup(name);
    p.fn_ref = fn_ref;
    p.every = every ? every : 1;
    uint64_t now = dbg_cycle(d);
    p.next = (now / p.every + 1) * p.every;
    vec_push(&d->probes, p);
    return (int)d->probes.n;
}

int dbg_probes_csv(const struct dbg *d, const char *path, struct ws_diag *diag)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return diag_error(diag, path, 0, 0, "cannot write the probes file");
    fprintf(f, "probe,cycle,value\n");
    for (size_t i = 0; i < d->probes.n; i++) {
        const struct probe *p = &d->probes.v[i];
        for (size_t j = 0; j < p->t.n; j++) {
            char num[32];
            jv_format_double(p->v.v[j], num);
            fprintf(f, "%s,%llu,%s\n", p->name, (unsigned long long)p->t.v[j],
                    num);
        }
    }
    if (fclose(f) != 0)
        return diag_error(diag, path, 0, 0, "cannot write the probes file");
    return WS_OK;
}

int dbg_pcall(struct dbg *d, int nargs, int nresults, const char *what,
              struct ws_diag *diag)
{
    struct wslua_budget saved;
    wslua_push_budget(d->L, config_i(&d->s->dev.cfg, CK_LUA_HOOK_INSTRUCTIONS),
                      what, "lua.hook_instructions", &saved);
    int rc = wslua_pcall(d->L, nargs, nresults, diag);
    wslua_pop_budget(d->L, &saved);
    return rc;
}
