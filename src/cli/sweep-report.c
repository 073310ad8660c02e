/*
** sweep-report.c - a sweep's points read back: where each point's files
** live (DIR/points/ID.json, .log, .exit, .trace.json), its statistics
** parsed and checked, and the sweep file's own report(rows) run over
** them in a fresh sandbox (what it prints goes to stdout and
** DIR/report.txt). sweep.c runs and collects the points; this file
** never starts a process.
*/
#include "cli/cli.h"
#include "cli/sweep-internal.h"
#include "lua/sandbox.h"
#include "util/fileio.h"
#include "util/jparse.h"
#include "util/jval.h"
#include "util/strbuf.h"
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>

/* DIR/points/ID.ext under the given directory; caller frees. */
char *sweep_point_file(const char *dir, const struct point *p, const char *ext)
{
    struct strbuf b;
    sb_init(&b);
    sb_printf(&b, "%s/points/%s.%s", dir, p->id, ext);
    return sb_take(&b);
}

/* The point's statistics, or NULL (with d filled unless the file is absent). */
struct jv *sweep_read_stats(const char *dir, const struct point *p,
                            struct ws_diag *d)
{
    char *path = sweep_point_file(dir, p, "json");
    size_t len;
    char *t = ws_read_file(path, &len);
    struct jv *v = t ? jv_parse(t, len, path, d) : NULL;
    if (v && (v->kind != JV_OBJ || !jv_get(v, "warpscope"))) {
        diag_error(d, path, 0, 0, "not a warpscope statistics object (no \"warpscope\" key)");
        jv_free(v);
        v = NULL;
    }
    free(t);
    free(path);
    return v;
}

/* ---------------------------------------------------------------------- */
/* The sweep's own report                                                  */
/* ---------------------------------------------------------------------- */

/* print() inside report: to stdout and to the text kept for report.txt
   (the buffer is the upvalue). */
static int report_print(lua_State *L)
{
    struct strbuf *b = lua_touserdata(L, lua_upvalueindex(1));
    int n = lua_gettop(L);
    size_t start = b->len;
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *t = luaL_tolstring(L, i, &len);
        if (i > 1)
            sb_putc(b, '\t');
        sb_printf(b, "%.*s", (int)len, t);
        lua_pop(L, 1);
    }
    sb_putc(b, '\n');
    fwrite(b->s + start, 1, b->len - start, stdout);
    return 0;
}

/* A statistics value as Lua: numbers, strings, booleans; nil otherwise. */
static void push_value(lua_State *L, const struct jv *v)
{
    if (!v)
        lua_pushnil(L);
    else if (v->kind == JV_INT)
        lua_pushinteger(L, (lua_Integer)v->u.i);
    else if (v->kind == JV_NUM)
        lua_pushnumber(L, v->u.d);
    else if (v->kind == JV_STR)
        lua_pushstring(L, v->u.s);
    else if (v->kind == JV_BOOL)
        lua_pushboolean(L, v->u.b);
    else
        lua_pushnil(L);
}

/*
** Runs the sweep file's report(rows) after every point: rows in point
** order, each { id, scenario, case, exit, settings = { key = text },
** stats = { column = value } } (the columns of results.csv). What it
** prints goes to stdout and DIR/report.txt. Returns EXIT_OK, or
** EXIT_BAD after printing the error (file:line).
*/
int sweep_run_report(const struct sweep *s, const struct point *pts,
                     const char *out_dir)
{
    struct ws_diag d = { 0 };
    struct strbuf out;
    sb_init(&out);
    int rc = EXIT_OK;
    lua_State *L = wslua_new(s->dir, SWEEP_LUA_INSTRUCTIONS, SWEEP_LUA_MEMORY,
                             false);
    if (!L) {
        fprintf(stderr, "warpscope sweep: error: cannot create a Lua interpreter\n");
        return EXIT_BAD;
    }
    if (wslua_dofile(L, s->file, 1, &d) != WS_OK) {
        rc = EXIT_BAD;
        goto done;
    }
    lua_getfield(L, -1, "report");
    lua_createtable(L, (int)s->npoints, 0);
    for (size_t i = 0; i < s->npoints; i++) {
        const struct point *p = &pts[i];
        struct ws_diag rd = { 0 };
        struct jv *st = p->exit == 0 || p->exit == 1 ? sweep_read_stats(out_dir, p, &rd) : NULL;
        diag_reset(&rd);
        lua_createtable(L, 0, 6);
        lua_pushstring(L, p->id);
        lua_setfield(L, -2, "id");
        lua_pushstring(L, s->scen[p->scen]);
        lua_setfield(L, -2, "scenario");
        if (s->ncases) {
            lua_pushstring(L, s->cases[p->ci].label);
            lua_setfield(L, -2, "case");
        }
        lua_pushinteger(L, p->exit);
        lua_setfield(L, -2, "exit");
        lua_newtable(L);
        const struct sweep_case *own = &s->scen_set[p->scen];
        for (size_t k = 0; k < own->n; k++) {
            lua_pushstring(L, own->set[k].vals[0]);
            lua_setfield(L, -2, own->set[k].name);
        }
        for (size_t k = 0; k < s->nkeys; k++) {
            lua_pushstring(L, s->keys[k].vals[p->vi[k]]);
            lua_setfield(L, -2, s->keys[k].name);
        }
        for (size_t k = 0; s->ncases && k < s->cases[p->ci].n; k++) {
            lua_pushstring(L, s->cases[p->ci].set[k].vals[0]);
            lua_setfield(L, -2, s->cases[p->ci].set[k].name);
        }
        lua_setfield(L, -2, "settings");
        lua_newtable(L);
        for (size_t k = 0; st && k < s->ncols; k++) {
            push_value(L, jv_path(st, s->cols[k]));
            lua_setfield(L, -2, s->cols[k]);
        }
        lua_setfield(L, -2, "stats");
        jv_free(st);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_pushlightuserdata(L, &out);
    lua_pushcclosure(L, report_print, 1);
    lua_setglobal(L, "print");
    if (wslua_pcall(L, 1, 0, &d) != WS_OK)
        rc = EXIT_BAD;
done:
    if (rc != EXIT_OK)
        cli_print_diag(&d);
    diag_reset(&d);
    wslua_close(L);
    if (rc == EXIT_OK) {
        struct strbuf path;
        sb_init(&path);
        sb_printf(&path, "%s/report.txt", out_dir);
        if (ws_write_file(sb_str(&path), out.len ? out.s : "", out.len))
            rc = EXIT_BAD;
        else
            printf("report: %s\n", sb_str(&path));
        sb_free(&path);
    }
    sb_free(&out);
    return rc;
}
