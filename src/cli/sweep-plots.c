/*
** sweep-plots.c - a sweep file's `plots`: charts of results.csv that the
** sweep draws once its points are collected (docs/sweeps.md):
**   plots = { { name = "cycles", y = "cycles", group = "case",
**               baseline = "l1-16k" },
**             { name = "ipc-by-n", y = "ipc", x = "sm.ctas_limit",
**               lines = true } }
** Each is drawn by `warpscope plot` (plot.c) as DIR/plots/NAME.svg, .png,
** .dat and .gp.
*/
#include "cli/cli.h"
#include "cli/plot.h"
#include "cli/sweep-internal.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const plot_keys[] = { "name", "y", "x", "group", "baseline",
                                         "title", "ylabel", "lines", "geomean",
                                         "absolute", "where" };

/* The column the plot names is one results.csv has. */
static bool known_column(const struct sweep *s, const char *c)
{
    static const char *fixed[] = { "point", "scenario", "exit" };
    for (size_t i = 0; i < 3; i++)
        if (strcmp(c, fixed[i]) == 0)
            return true;
    if (s->ncases && strcmp(c, "case") == 0)
        return true;
    for (size_t i = 0; i < s->nkeys; i++)
        if (strcmp(c, s->keys[i].name) == 0)
            return true;
    for (size_t i = 0; i < s->ncols; i++)
        if (strcmp(c, s->cols[i]) == 0)
            return true;
    return !s->cols;          /* every top-level number: not known yet */
}

static char *str_field(lua_State *L, int idx, const char *k)
{
    lua_getfield(L, idx, k);
    char *v = lua_type(L, -1) == LUA_TSTRING ? ws_xstrdup(lua_tostring(L, -1)) : NULL;
    lua_pop(L, 1);
    return v;
}

/* Reads the plot at the top of the stack into p. */
static int read_one(lua_State *L, struct sweep *s, lua_Integer i,
                    struct sweep_plot *p, struct ws_diag *d)
{
    int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        bool ok = lua_type(L, -1) == LUA_TSTRING;
        for (size_t k = 0; ok && k < sizeof plot_keys / sizeof *plot_keys; k++)
            if (strcmp(lua_tostring(L, -1), plot_keys[k]) == 0)
                ok = false;
        if (ok || lua_type(L, -1) != LUA_TSTRING) {
            lua_pop(L, 1);
            return diag_error(d, NULL, 0, 0, "plots[%lld] has a key that is not one of name, y, x, group, baseline, title, ylabel, lines, geomean, absolute, where",
                                  (long long)i);
        }
    }
    p->name = str_field(L, t, "name");
    p->y = str_field(L, t, "y");
    p->x = str_field(L, t, "x");
    p->group = str_field(L, t, "group");
    p->baseline = str_field(L, t, "baseline");
    p->title = str_field(L, t, "title");
    p->ylabel = str_field(L, t, "ylabel");
    lua_getfield(L, t, "lines");
    p->lines = lua_toboolean(L, -1);
    lua_getfield(L, t, "geomean");
    p->geomean = lua_isnil(L, -1) || lua_toboolean(L, -1);
    lua_getfield(L, t, "absolute");
    p->absolute = lua_toboolean(L, -1);
    lua_pop(L, 3);
    if (!p->name || !*p->name || strpbrk(p->name, "/ ") || !p->y)
        return diag_error(d, NULL, 0, 0, "plots[%lld] needs name (a file name) and y (the column drawn)",
                              (long long)i);
    if (!p->group && !s->ncases && !p->lines)
        return diag_error(d, NULL, 0, 0, "plots[%lld] ('%s') needs group: the column whose values the bars compare (a set key)",
                              (long long)i, p->name);
    if (p->lines && !p->x)
        return diag_error(d, NULL, 0, 0, "plots[%lld] ('%s') draws lines: x must name the swept key",
                              (long long)i, p->name);
    const char *cols[3] = { p->y, p->x, p->group };
    for (int c = 0; c < 3; c++)
        if (cols[c] && !known_column(s, cols[c]))
            return diag_error(d, NULL, 0, 0, "plots[%lld] ('%s'): '%s' is not a column of results.csv (scenario, case, a set key or one of columns)",
                                  (long long)i, p->name, cols[c]);
    lua_getfield(L, t, "where");
    if (lua_istable(L, -1)) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (lua_type(L, -2) == LUA_TSTRING &&
                (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER) &&
                p->nwhere < PLOT_MAX_WHERE) {
                struct strbuf b;
                sb_init(&b);
                sb_printf(&b, "%s=%s", lua_tostring(L, -2), lua_tostring(L, -1));
                p->where = ws_xrealloc(p->where, (p->nwhere + 1) * sizeof *p->where);
                p->where[p->nwhere++] = sb_take(&b);
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return WS_OK;
}

int sweep_read_plots(lua_State *L, int t, struct sweep *s, struct ws_diag *d)
{
    int ty = lua_getfield(L, t, "plots");
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        return WS_OK;
    }
    lua_Integer n = ty == LUA_TTABLE ? (lua_Integer)lua_rawlen(L, -1) : 0;
    if (n <= 0) {
        lua_pop(L, 1);
        return diag_error(d, NULL, 0, 0, "plots must be a list of charts, e.g. { { name = \"cycles\", y = \"cycles\", group = \"preset\" } }");
    }
    s->plots = ws_xcalloc((size_t)n, sizeof *s->plots);
    int rc = WS_OK;
    for (lua_Integer i = 1; i <= n && rc == WS_OK; i++) {
        if (lua_rawgeti(L, -1, i) != LUA_TTABLE)
            rc = diag_error(d, NULL, 0, 0, "plots[%lld] must be a table { name = ..., y = ... }",
                                (long long)i);
        else
            rc = read_one(L, s, i, &s->plots[s->nplots++], d);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return rc;
}

void sweep_plots_free(struct sweep *s)
{
    for (size_t i = 0; i < s->nplots; i++) {
        struct sweep_plot *p = &s->plots[i];
        free(p->name);
        free(p->y);
        free(p->x);
        free(p->group);
        free(p->baseline);
        free(p->title);
        free(p->ylabel);
        for (size_t w = 0; w < p->nwhere; w++)
            free(p->where[w]);
        free(p->where);
    }
    free(s->plots);
    s->plots = NULL;
    s->nplots = 0;
}

int sweep_draw_plots(const struct sweep *s, const char *dir)
{
    int rc = EXIT_OK;
    for (size_t i = 0; i < s->nplots; i++) {
        const struct sweep_plot *p = &s->plots[i];
        struct strbuf csv, out;
        sb_init(&csv);
        sb_init(&out);
        sb_printf(&csv, "%s/results.csv", dir);
        sb_printf(&out, "%s/plots/%s", dir, p->name);
        struct plot_spec sp = { .csv = sb_str(&csv), .out = sb_str(&out),
                                .x = p->x, .y = p->y, .group = p->group,
                                .baseline = p->baseline, .title = p->title,
                                .ylabel = p->ylabel, .lines = p->lines,
                                .geomean = p->geomean, .absolute = p->absolute };
        for (size_t w = 0; w < p->nwhere; w++)
            sp.where[sp.nwhere++] = p->where[w];
        printf("plot %s:\n", p->name);
        int r = plot_draw(&sp, stdout);
        if (r == PLOT_NO_GNUPLOT)
            printf("(no gnuplot: %s.dat and %s.gp are written, the pictures are not)\n",
                   sb_str(&out), sb_str(&out));
        else if (r != EXIT_OK)
            rc = EXIT_BAD;
        sb_free(&csv);
        sb_free(&out);
    }
    return rc;
}
