/*
** ws-debug.c - the debugger half of the `ws` module: running
** (ws.run, ws.step, ws.stepi, ws.continue, ws.pause), hooks, breakpoints,
** watchpoints and probes, reading state (ws.warp, ws.reg, ws.l1,
** ws.banks, ws.sm, ws.state_hash), ws.cmd, ws.say, ws.session, and a
** print() that goes where command output goes. Names are a stable
** contract (docs/debugger.md).
*/
#include "lua/ws.h"
#include "debug/cmd.h"
#include "debug/dbg-internal.h"
#include "debug/inspect.h"
#include "designs/registry.h"
#include "lua/engine.h"
#include "lua/sandbox.h"
#include "lua/where.h"
#include "util/xalloc.h"
#include <inttypes.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct dbg *D(lua_State *L)
{
    struct dbg *d = wslua_dbg(L);
    if (!d)
        luaL_error(L, "the debugger is not available here");
    return d;
}

/* ---- simulating ------------------------------------------------------- */

static int sim_k(lua_State *L, int status, lua_KContext ctx);

static void push_stop(lua_State *L, struct dbg *d)
{
    static const char *why[] = { "none", "request", "breakpoint", "hook",
                                 "end", "error", "interrupt", "pause" };
    lua_createtable(L, 0, 6);
    lua_pushstring(L, why[d->stop.why]);
    lua_setfield(L, -2, "reason");
    lua_pushinteger(L, (lua_Integer)dbg_cycle(d));
    lua_setfield(L, -2, "cycle");
    if (d->stop.why == STOP_BP || d->stop.why == STOP_HOOK) {
        lua_pushinteger(L, d->stop.bp);
        lua_setfield(L, -2, "id");
    }
    if (d->stop.has_ev) {
        wslua_push_event(L, d, &d->stop.ev);
        lua_setfield(L, -2, "event");
    }
    if (d->stop.sm >= 0) {
        lua_pushinteger(L, d->stop.sm);
        lua_setfield(L, -2, "sm");
    }
    if (d->stop.warp >= 0) {
        lua_pushinteger(L, d->stop.warp);
        lua_setfield(L, -2, "warp");
    }
}

/* What each simulating call returns once its request is met. */
static int results(lua_State *L, struct dbg *d, struct req *own, int kind)
{
    switch (kind) {
    case 0: {                                  /* ws.run */
        struct jv *st = device_stats(&d->s->dev);
        ws_push_jv(L, st);
        jv_free(st);
        return 1;
    }
    case 1:                                    /* ws.step */
        lua_pushinteger(L, (lua_Integer)dbg_cycle(d));
        return 1;
    case 2:                                    /* ws.stepi */
        if (!own->met || own->count == 0) {
            lua_pushnil(L);
            return 1;
        }
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, d->fsm);
        lua_setfield(L, -2, "sm");
        lua_pushinteger(L, d->fwarp);
        lua_setfield(L, -2, "warp");
        lua_pushinteger(L, (lua_Integer)dbg_cycle(d));
        lua_setfield(L, -2, "cycle");
        return 1;
    default: {                                 /* ws.continue */
        bool ended = d->stop.why != STOP_BP && d->stop.why != STOP_HOOK;
        if (ended) {
            dbg_stop_reset(d);
            d->stop.why = STOP_END;
        }
        push_stop(L, d);
        return 1;
    }
    }
}

static int simulate(lua_State *L, int idx, int kind)
{
    struct dbg *d = D(L);
    struct wslua_engine *en = wslua_engine(L);
    struct req *own = lua_touserdata(L, idx);
    for (;;) {
        lua_State *prev = en->cur;
        en->cur = L;                 /* hooks run on this thread */
        struct ws_diag diag = { 0 };
        int r = dbg_simulate(d, own, &diag);
        en->cur = prev;
        if (r < 0)
            return wslua_raise_diag(L, &diag);
        if (r == 0)
            return results(L, d, own, kind);
        if (L == en->co && lua_isyieldable(L))
            return lua_yieldk(L, 0, (lua_KContext)(idx * 4 + kind), sim_k);
        /* Nobody to hand the stop to from here (a coroutine of the
           scenario's own, a metamethod): carry on. */
        d->drv_active = false;
        d->stop_pending = false;
        dbg_stop_reset(d);
    }
}

static int sim_k(lua_State *L, int status, lua_KContext ctx)
{
    (void)status;
    return simulate(L, (int)(ctx / 4), (int)(ctx % 4));
}

static int start(lua_State *L, struct req r, int kind)
{
    struct dbg *d = D(L);
    if (d->in_sim)
        return luaL_error(L, "cannot simulate from inside a hook, probe or condition");
    if (kind != 0 && !device_timing(&d->s->dev) && r.kind != REQ_RUN)
        return luaL_error(L, "stepping needs the cycle-level model (sim.mode = \"timing\")");
    struct req *own = lua_newuserdatauv(L, sizeof *own, 0);
    *own = r;
    if (kind == 3)
        dbg_stop_reset(d);
    return simulate(L, lua_gettop(L), kind);
}

static int l_run(lua_State *L)
{
    struct req r = { .kind = REQ_RUN };
    return start(L, r, 0);
}

static int l_step(lua_State *L)
{
    lua_Integer n = luaL_optinteger(L, 1, 1);
    luaL_argcheck(L, n >= 1, 1, "cycles must be at least 1");
    struct req r = { .kind = REQ_CYCLES, .target = dbg_cycle(D(L)) + (uint64_t)n };
    return start(L, r, 1);
}

static int l_stepi(lua_State *L)
{
    struct req r = { .kind = REQ_ISSUES, .n = 1, .any = true };
    return start(L, r, 2);
}

static int l_continue(lua_State *L)
{
    struct req r = { .kind = REQ_RUN, .bp_stops = true };
    return start(L, r, 3);
}

static int l_cycle(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)dbg_cycle(D(L)));
    return 1;
}

/* ws.pause([msg]): hands control to the user (TUI, command file); no-op
   without one. */
static int pause_k(lua_State *L, int status, lua_KContext ctx)
{
    (void)L;
    (void)status;
    (void)ctx;
    return 0;
}

static int l_pause(lua_State *L)
{
    struct dbg *d = D(L);
    const char *msg = luaL_optstring(L, 1, NULL);
    if (!d->driver || L != wslua_engine(L)->co || !lua_isyieldable(L) ||
        (d->drv_active && d->drv.quiet_bps))   /* going somewhere: no stops */
        return 0;
    dbg_stop_reset(d);
    d->stop.why = STOP_PAUSE;
    d->stop.msg = msg ? ws_xstrdup(msg) : NULL;
    return lua_yieldk(L, 0, 0, pause_k);
}

/* ---- breakpoints, hooks, probes ---------------------------------------- */

/* Runs a command, capturing its output; returns its status. */
static int run_cmd(struct dbg *d, const char *line, struct strbuf *out)
{
    struct strbuf *prev = d->capture;
    uint64_t errors = d->cmd_errors;
    bool no_log = d->no_log;
    d->capture = out;
    d->no_log = true;             /* the scenario will issue it again */
    int rc = cmd_exec(d, line, NULL);
    d->no_log = no_log;
    d->capture = prev;
    d->cmd_errors = errors;       /* the caller gets the error, not the run */
    return rc;
}

static int new_bp_id(lua_State *L, struct dbg *d, const char *line)
{
    struct strbuf out;
    sb_init(&out);
    int before = d->next_bp;
    int rc = run_cmd(d, line, &out);
    if (rc != WS_OK || d->next_bp == before) {
        /* the command's message, without its "error: " and newline, at
           the calling line */
        const char *m = sb_str(&out);
        if (strncmp(m, "error: ", 7) == 0)
            m += 7;
        size_t len = strcspn(m, "\n");
        luaL_where(L, 1);
        lua_pushlstring(L, m, len);
        lua_concat(L, 2);
        sb_free(&out);
        return lua_error(L);
    }
    sb_free(&out);
    lua_pushinteger(L, d->next_bp - 1);
    return 1;
}

static const char *opt_field(lua_State *L, int t, const char *k)
{
    lua_getfield(L, t, k);
    const char *v = lua_isnil(L, -1) ? NULL : luaL_tolstring(L, -1, NULL);
    lua_pop(L, v ? 2 : 1);
    return v;  /* interned in the table or Lua's string cache: valid while
                  the table lives, and we copy at once */
}

static void add_opts(lua_State *L, struct strbuf *b)
{
    static const char *opts[] = { "sm", "warp", "cta", "lane" };
    for (size_t i = 0; i < 4; i++) {
        const char *v = opt_field(L, 1, opts[i]);
        if (v)
            sb_printf(b, " %s %s", opts[i], v);
    }
}

static int l_breakpoint(lua_State *L)
{
    struct dbg *d = D(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    struct strbuf b;
    sb_init(&b);
    lua_getfield(L, 1, "temp");
    sb_puts(&b, lua_toboolean(L, -1) ? "tbreak " : "break ");
    lua_pop(L, 1);
    const char *v;
    if ((v = opt_field(L, 1, "cycle")))
        sb_printf(&b, "cycle %s", v);
    else if ((v = opt_field(L, 1, "event")))
        sb_printf(&b, "event %s", v);
    else if ((v = opt_field(L, 1, "pc")))
        sb_printf(&b, "*%s", v);
    else if ((v = opt_field(L, 1, "label")))
        sb_puts(&b, v);
    else if ((v = opt_field(L, 1, "line"))) {
        const char *f = opt_field(L, 1, "file");
        if (f)
            sb_printf(&b, "%s:%s", f, v);
        else
            sb_puts(&b, v);
    } else {
        sb_free(&b);
        return luaL_error(L, "ws.breakpoint: give one of line (and file), label, pc, cycle, event");
    }
    add_opts(L, &b);
    if ((v = opt_field(L, 1, "cond")))
        sb_printf(&b, " if %s", v);
    char *line = sb_take(&b);
    lua_pushstring(L, line);
    free(line);
    return new_bp_id(L, d, lua_tostring(L, -1));
}

static int l_watch(lua_State *L)
{
    struct dbg *d = D(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    struct strbuf b;
    sb_init(&b);
    const char *v;
    if ((v = opt_field(L, 1, "reg"))) {
        sb_printf(&b, "watch reg %s", v);
        add_opts(L, &b);
    } else if ((v = opt_field(L, 1, "addr"))) {
        const char *len = opt_field(L, 1, "len");
        sb_printf(&b, "watch mem %s%s%s", v, len ? " " : "", len ? len : "");
    } else if ((v = opt_field(L, 1, "l1set"))) {
        sb_printf(&b, "watch l1 %s", v);
        const char *sm = opt_field(L, 1, "sm");
        if (sm)
            sb_printf(&b, " sm %s", sm);
    } else if ((v = opt_field(L, 1, "expr"))) {
        sb_printf(&b, "watch %s", v);
    } else {
        sb_free(&b);
        return luaL_error(L, "ws.watch: give one of reg, addr, l1set, expr");
    }
    char *line = sb_take(&b);
    lua_pushstring(L, line);
    free(line);
    return new_bp_id(L, d, lua_tostring(L, -1));
}

/* ws.on(event, fn): fn(e) runs at each event of that kind; returning
   true stops the run. Returns an id for ws.off. */
static int l_on(lua_State *L)
{
    struct dbg *d = D(L);
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    uint64_t types = 0;
    if (strcmp(name, "*") == 0) {
        for (int i = 0; i < EV__MAX; i++)
            if (ev_name((enum ev_type)i))
                types |= (uint64_t)1 << i;
    } else {
        int t = ev_lookup(name);
        if (t < 0) {
            struct strbuf b;
            sb_init(&b);
            for (int i = 0; i < EV__MAX && ev_name((enum ev_type)i); i++)
                sb_printf(&b, "%s%s", i ? ", " : "", ev_name((enum ev_type)i));
            lua_pushfstring(L, "ws.on: unknown event '%s' (events: %s)", name, sb_str(&b));
            sb_free(&b);
            return lua_error(L);
        }
        types = (uint64_t)1 << t;
    }
    struct bp b;
    memset(&b, 0, sizeof b);
    b.kind = BP_HOOK;
    b.sm = b.warp = b.cta = b.lane = -1;
    b.pc = -1;
    b.cond_ref = DBG_NOREF;
    b.types = types;
    lua_pushvalue(L, 2);
    b.fn_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    char spec[96];
    snprintf(spec, sizeof spec, "ws.on(\"%s\")", name);
    b.spec = ws_xstrdup(spec);
    char err[64];
    lua_pushinteger(L, dbg_bp_add(d, &b, err, sizeof err));
    return 1;
}

static int l_off(lua_State *L)
{
    lua_pushboolean(L, dbg_bp_delete(D(L), (int)luaL_checkinteger(L, 1)));
    return 1;
}

static int l_probe(lua_State *L)
{
    struct dbg *d = D(L);
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_Integer every = luaL_optinteger(L, 3, 1);
    luaL_argcheck(L, every >= 1, 3, "every_n_cycles must be at least 1");
    lua_pushvalue(L, 2);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushinteger(L, dbg_probe_add(d, name, ref, (uint64_t)every));
    return 1;
}

/* ---- reading state ------------------------------------------------------ */

static int push_or_error(lua_State *L, struct jv *v, const char *err)
{
    if (!v)
        return luaL_error(L, "%s", err);
    ws_push_jv(L, v);
    jv_free(v);
    return 1;
}

static int l_warp(lua_State *L)
{
    char err[200];
    struct dbg *d = D(L);
    int sm = (int)luaL_optinteger(L, 1, d->fsm);
    int w = (int)luaL_optinteger(L, 2, d->fwarp);
    return push_or_error(L, inspect_warp(&d->s->dev, sm, w, err, sizeof err), err);
}

static int l_warps(lua_State *L)
{
    char err[200];
    struct dbg *d = D(L);
    int sm = (int)luaL_optinteger(L, 1, d->fsm);
    return push_or_error(L, inspect_warps(&d->s->dev, sm, err, sizeof err), err);
}

static int l_sm(lua_State *L)
{
    char err[200];
    struct dbg *d = D(L);
    int sm = (int)luaL_optinteger(L, 1, d->fsm);
    return push_or_error(L, inspect_sm(&d->s->dev, sm, err, sizeof err), err);
}

static int l_l1(lua_State *L)
{
    char err[200];
    struct dbg *d = D(L);
    int sm = (int)luaL_optinteger(L, 1, d->fsm);
    return push_or_error(L, inspect_l1(&d->s->dev, sm, err, sizeof err), err);
}

static int l_banks(lua_State *L)
{
    char err[200];
    struct dbg *d = D(L);
    int sm = (int)luaL_optinteger(L, 1, d->fsm);
    return push_or_error(L, inspect_banks(&d->s->dev, sm, err, sizeof err), err);
}

/* ws.lines([sort [, n]]): the n hottest PTX lines of the kernel shown
   (all with a count) by sort key ("stall" by default): an array of
   {line, pc, text, cuda, issued, rf, l1, miss, shmem, stall, stalls}.
   Counting starts at the first call of a scenario run without a
   driver: that call returns an empty array. */
static int l_lines(lua_State *L)
{
    char err[200];
    struct dbg *d = D(L);
    const char *name = luaL_optstring(L, 1, "stall");
    int key = linestats_key(name);
    if (key < 0)
        return luaL_error(L, "ws.lines: unknown sort key '%s' (%s)", name,
                          linestats_keys());
    int n = (int)luaL_optinteger(L, 2, 0);
    if (!linestats_counting(&d->lines) &&
        linestats_start(&d->lines, &d->s->dev) != 0)
        return luaL_error(L, "ws.lines: too many event subscribers");
    struct jv *v = linestats_json(&d->lines, &d->s->dev, key, n, err, sizeof err);
    if (!v)
        v = jv_arr();             /* nothing counted yet */
    ws_push_jv(L, v);
    jv_free(v);
    return 1;
}

/* ws.design([sm [, row]]): what the design shows of itself (its grids,
   rows filtered by label when row is given, as a string or a number). */
static int l_design(lua_State *L)
{
    char err[200], row[32];
    struct dbg *d = D(L);
    int sm = (int)luaL_optinteger(L, 1, d->fsm);
    const char *filter = NULL;
    if (lua_isinteger(L, 2)) {
        snprintf(row, sizeof row, "%lld", (long long)lua_tointeger(L, 2));
        filter = row;
    } else if (!lua_isnoneornil(L, 2)) {
        filter = luaL_checkstring(L, 2);
    }
    return push_or_error(L, inspect_design(&d->s->dev, sm, filter, err,
                                           sizeof err), err);
}

/* ws.reg(sm, warp, reg [, lane]): a lane's value, or a table of lanes; a
   64-bit register gives 64-bit values. */
static int l_reg(lua_State *L)
{
    struct dbg *d = D(L);
    int sm = (int)luaL_checkinteger(L, 1);
    int w = (int)luaL_checkinteger(L, 2);
    char rbuf[32];
    if (lua_isinteger(L, 3))
        snprintf(rbuf, sizeof rbuf, "R%lld", (long long)lua_tointeger(L, 3));
    const char *reg = lua_isinteger(L, 3) ? rbuf : luaL_checkstring(L, 3);
    uint32_t v[32], hi[32], mask;
    char err[200];
    struct inspect_regref ref;
    if (inspect_reg_resolve(&d->s->dev, sm, w, reg, &ref, err, sizeof err) != 0 ||
        inspect_reg(&d->s->dev, sm, w, reg, v, &mask, err, sizeof err) != 0)
        return luaL_error(L, "%s", err);
    memset(hi, 0, sizeof hi);
    if (ref.kind == 'R' && ref.width == 2) {
        char upper[24];
        snprintf(upper, sizeof upper, "R%d", (int)ref.index + 1);
        if (inspect_reg(&d->s->dev, sm, w, upper, hi, &mask, err, sizeof err) != 0)
            return luaL_error(L, "%s", err);
    }
#define VAL(l) ((lua_Integer)(((uint64_t)hi[l] << 32) | v[l]))
    if (!lua_isnoneornil(L, 4)) {
        lua_Integer lane = luaL_checkinteger(L, 4);
        if (lane < 0 || lane > 31 || !(mask >> lane & 1))
            return luaL_error(L, "ws.reg: lane %d does not exist in this warp", (int)lane);
        lua_pushinteger(L, VAL(lane));
        return 1;
    }
    lua_createtable(L, 32, 0);
    for (int l = 0; l < 32; l++)
        if (mask >> l & 1) {
            lua_pushinteger(L, VAL(l));
            lua_rawseti(L, -2, l);
        }
#undef VAL
    return 1;
}

static int l_state_hash(lua_State *L)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%016" PRIx64, inspect_state_hash(&D(L)->s->dev));
    lua_pushstring(L, buf);
    return 1;
}

static int l_focus(lua_State *L)
{
    struct dbg *d = D(L);
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, d->fsm);
    lua_setfield(L, -2, "sm");
    lua_pushinteger(L, d->fwarp);
    lua_setfield(L, -2, "warp");
    lua_pushinteger(L, d->flane);
    lua_setfield(L, -2, "lane");
    return 1;
}

/* ws.cmd(line) -> output, ok */
static int l_cmd(lua_State *L)
{
    struct dbg *d = D(L);
    const char *line = luaL_checkstring(L, 1);
    const struct cmd_entry *e = NULL;
    char word[64];
    if (sscanf(line, " %63s", word) == 1)
        e = cmd_find(word);
    if (e && (e->flags & CMD_RUN) && (d->scen_running || d->in_sim))
        return luaL_error(L, "ws.cmd(\"%s\"): run commands cannot be used while the scenario runs (use ws.step, ws.stepi, ws.continue)",
                          word);
    struct strbuf out;
    sb_init(&out);
    int rc = run_cmd(d, line, &out);
    lua_pushlstring(L, sb_str(&out), out.len);
    sb_free(&out);
    lua_pushboolean(L, rc == WS_OK);
    return 2;
}

static int l_say(lua_State *L)
{
    struct dbg *d = D(L);
    const char *t = luaL_checkstring(L, 1);
    dbg_printf(d, "%s\n", t);
    if (d->say)
        d->say(d, t);
    return 0;
}

/* print(...) through the debugger's output (silent while replaying). */
static int l_print(lua_State *L)
{
    struct dbg *d = wslua_dbg(L);
    int n = lua_gettop(L);
    struct strbuf b;
    sb_init(&b);
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len);
        if (i > 1)
            sb_putc(&b, '\t');
        sb_putn(&b, s, len);
        lua_pop(L, 1);
    }
    sb_putc(&b, '\n');
    if (d)
        dbg_printf(d, "%s", sb_str(&b));
    else
        fputs(sb_str(&b), stdout);
    sb_free(&b);
    return 0;
}

/* ws.session{scenario=, set={}, commands={}}: a session record asks to be
   replayed (warpscope run does it after this chunk). */
static char **strings(lua_State *L, int t, const char *k, size_t *n)
{
    lua_getfield(L, t, k);
    *n = 0;
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return NULL;
    }
    luaL_argexpected(L, lua_istable(L, -1), 1, "a table of strings");
    lua_Integer len = luaL_len(L, -1);
    char **v = ws_xcalloc((size_t)len + 1, sizeof *v);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_geti(L, -1, i);
        if (!lua_isstring(L, -1)) {
            for (size_t j = 0; j < *n; j++)
                free(v[j]);
            free(v);
            return (char **)(intptr_t)luaL_error(L, "ws.session: %s[%d] must be a string", k, (int)i);
        }
        v[(*n)++] = ws_xstrdup(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return v;
}

/* Where the record writes each string of a list (a "set" or "commands"
   entry), for errors that come up when they are replayed. */
static char **positions(lua_State *L, const struct wslua_pos *at,
                        char *const *v, size_t n)
{
    char **out = ws_xcalloc(n + 1, sizeof *out);
    for (size_t i = 0; i < n; i++) {
        struct wslua_pos p = { at->file, at->line, at->col };
        wslua_find_key(L, at->file, at->line, at->col, false, v[i], &p.line,
                       &p.col);
        out[i] = wslua_pos_text(&p);
    }
    return out;
}

static int l_session(lua_State *L)
{
    struct dbg *d = D(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, 1, "scenario");
    const char *sc = lua_tostring(L, -1);
    if (!sc)
        return luaL_error(L, "ws.session: 'scenario' (a path) is missing");
    if (d->s->replay)
        return luaL_error(L, "ws.session: only one per file");
    struct ws_session_replay *r = ws_xcalloc(1, sizeof *r);
    d->s->replay = r;
    struct wslua_pos at;
    if (wslua_pos_at(L, 1, &at))
        r->at = wslua_pos_text(&at);
    const char *dir = wslua_script_dir(L);
    if (sc[0] != '/' && dir && *dir && strcmp(dir, ".") != 0) {
        r->scenario = ws_xmalloc(strlen(dir) + strlen(sc) + 2);
        sprintf(r->scenario, "%s/%s", dir, sc);
    } else {
        r->scenario = ws_xstrdup(sc);
    }
    r->sets = strings(L, 1, "set", &r->nsets);
    r->commands = strings(L, 1, "commands", &r->ncommands);
    if (at.file) {
        r->set_at = positions(L, &at, r->sets, r->nsets);
        r->command_at = positions(L, &at, r->commands, r->ncommands);
    }
    free(at.file);
    return 0;
}

/*
** coroutine.yield: the scenario runs as the debugger's coroutine, so a
** yield at its top level would look like ws.run stopping for the user and
** silently end a plain run. There it is an error; inside the scenario's
** own coroutines it is Lua's yield.
*/
static int l_yield(lua_State *L)
{
    struct wslua_engine *en = wslua_engine(L);
    if (en && L == en->co)
        return wslua_error(L, "coroutine.yield outside any coroutine: the scenario itself cannot yield (yield inside coroutine.wrap or coroutine.create; ws.pause stops for the user)");
    return lua_yield(L, lua_gettop(L));
}

void ws_debug_open(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "run", l_run },         { "step", l_step },
        { "stepi", l_stepi },     { "continue", l_continue },
        { "cycle", l_cycle },     { "pause", l_pause },
        { "on", l_on },           { "off", l_off },
        { "breakpoint", l_breakpoint }, { "watch", l_watch },
        { "probe", l_probe },     { "warp", l_warp },
        { "warps", l_warps },     { "sm", l_sm },
        { "l1", l_l1 },           { "banks", l_banks },
        { "design", l_design },   { "lines", l_lines },
        { "reg", l_reg },         { "state_hash", l_state_hash },
        { "focus", l_focus },     { "cmd", l_cmd },
        { "say", l_say },         { "session", l_session },
        { NULL, NULL },
    };
    luaL_setfuncs(L, fns, 0);
    /* ws.NAME for every design: ws.design under the design's own name
       (ws.racetrack(0) reads as what it shows) */
    for (size_t i = 0; design_at(i); i++) {
        const char *name = design_at(i)->name;
        if (lua_getfield(L, -1, name) == LUA_TNIL) {
            lua_pushcfunction(L, l_design);
            lua_setfield(L, -3, name);
        }
        lua_pop(L, 1);
    }
    lua_pushcfunction(L, l_print);
    lua_setglobal(L, "print");
    if (lua_getglobal(L, "coroutine") == LUA_TTABLE) {
        lua_pushcfunction(L, l_yield);
        lua_setfield(L, -2, "yield");
    }
    lua_pop(L, 1);
}
