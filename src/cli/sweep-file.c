/*
** sweep-file.c - the sweep file: loading and checking it (run in the Lua
** sandbox), and expanding it into points: scenarios times the cartesian
** product of the configuration values times the cases, in a deterministic
** order with stable ids. See docs/sweeps.md.
*/
#include "cli/sweep-internal.h"
#include "config/config.h"
#include "config/preset.h"
#include "lua/sandbox.h"
#include "util/fileio.h"
#include "util/hash.h"
#include "util/jval.h"
#include "util/paths.h"
#include "util/suggest.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <lauxlib.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---------------------------------------------------------------------- */
/* The sweep file                                                          */
/* ---------------------------------------------------------------------- */


static void bundle_free(struct sweep_case *c)
{
    for (size_t k = 0; k < c->n; k++) {
        free(c->set[k].name);
        if (c->set[k].n)
            free(c->set[k].vals[0]);
        free(c->set[k].vals);
    }
    free(c->set);
    free(c->label);
}

void  sweep_free(struct sweep *s)
{
    free(s->file);
    free(s->dir);
    free(s->src);
    free(s->name);
    for (size_t i = 0; i < s->nscen; i++) {
        free(s->scen[i]);
        free(s->scen_path[i]);
    }
    free(s->scen);
    free(s->scen_path);
    for (size_t i = 0; s->scen_set && i < s->nscen; i++)
        bundle_free(&s->scen_set[i]);
    free(s->scen_set);
    struct sweep_key *lists[2] = { s->keys, s->fixed };
    size_t ns[2] = { s->nkeys, s->nfixed };
    for (int l = 0; l < 2; l++) {
        for (size_t i = 0; i < ns[l]; i++) {
            free(lists[l][i].name);
            for (size_t v = 0; v < lists[l][i].n; v++)
                free(lists[l][i].vals[v]);
            free(lists[l][i].vals);
        }
        free(lists[l]);
    }
    sweep_plots_free(s);
    for (size_t i = 0; i < s->ncases; i++) {
        bundle_free(&s->cases[i]);
    }
    free(s->cases);
    for (size_t i = 0; i < s->ncols; i++)
        free(s->cols[i]);
    free(s->cols);
    memset(s, 0, sizeof *s);
}

/* Where something is written in the sweep file: byte offset (-1: not
   found) and width for the caret. */
struct where {
    long off;
    int width;
};

static bool is_ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/*
** Finds, at or after byte `from`, the first place `word` is written as a
** quoted string ("word" or 'word') or, when bare is set, as a table key
** `word =`. Skips `--` comments. Errors point there; {-1, 0} if absent.
*/
static struct where src_find(const char *src, long from, const char *word,
                             bool bare)
{
    size_t wl = strlen(word);
    if (!src || from < 0 || !wl)
        return (struct where){ -1, 0 };
    for (const char *p = src + from; *p; p++) {
        if (p[0] == '-' && p[1] == '-') {
            p = strchr(p, '\n');
            if (!p)
                break;
            continue;
        }
        if ((*p == '"' || *p == '\'') && strncmp(p + 1, word, wl) == 0 &&
            p[1 + wl] == *p)
            return (struct where){ (long)(p - src), (int)wl + 2 };
        if (bare && (p == src || !is_ident(p[-1])) &&
            strncmp(p, word, wl) == 0 && !is_ident(p[wl])) {
            const char *q = p + wl;
            while (*q == ' ' || *q == '\t')
                q++;
            if (q[0] == '=' && q[1] != '=')
                return (struct where){ (long)(p - src), (int)wl };
        }
    }
    return (struct where){ -1, 0 };
}

static int sweep_error(const struct sweep *s, struct ws_diag *d,
                       struct where w, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Records an error in the sweep file at w (no line when w.off < 0). */
static int sweep_error(const struct sweep *s, struct ws_diag *d,
                       struct where w, const char *fmt, ...)
{
    struct strbuf m;
    sb_init(&m);
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&m, fmt, ap);
    va_end(ap);
    int line = 0, col = 0;
    const char *ls = s->src;
    if (w.off >= 0) {
        line = 1;
        for (const char *q = s->src; q < s->src + w.off; q++)
            if (*q == '\n') {
                line++;
                ls = q + 1;
            }
        col = (int)(s->src + w.off - ls) + 1;
    }
    diag_error(d, s->file, line, col, "%s", sb_str(&m));
    if (line)
        diag_source(d, ls, strlen(ls), w.width);
    sb_free(&m);
    return WS_ERR;
}

/* Number of items when the value at idx is a list (keys exactly 1..n),
   else -1. */
static lua_Integer list_len(lua_State *L, int idx)
{
    if (!lua_istable(L, idx))
        return -1;
    idx = lua_absindex(L, idx);
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx), count = 0;
    bool ok = true;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 ||
            lua_tointeger(L, -1) > n)
            ok = false;
        count++;
    }
    return ok && count == n ? n : -1;
}

/* The --set text of a string, number or boolean at idx; NULL otherwise. */
static char *scalar_text(lua_State *L, int idx)
{
    char buf[32];
    size_t len;
    switch (lua_type(L, idx)) {
    case LUA_TSTRING: {
        const char *t = lua_tolstring(L, idx, &len);
        return strlen(t) == len ? ws_xstrdup(t) : NULL;
    }
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) {
            snprintf(buf, sizeof buf, "%lld", (long long)lua_tointeger(L, idx));
            return ws_xstrdup(buf);
        }
        lua_pushvalue(L, idx);
        char *t = ws_xstrdup(lua_tostring(L, -1));
        lua_pop(L, 1);
        return t;
    case LUA_TBOOLEAN:
        return ws_xstrdup(lua_toboolean(L, idx) ? "true" : "false");
    default:
        return NULL;
    }
}


static const char *const top_keys[] = { "name", "scenarios", "set", "fixed",
                                         "cases", "columns", "report",
                                         "plots" };

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The string keys of the table at idx, sorted (caller frees); fails on a
   key that is not a string. */
static int sorted_keys(const struct sweep *s, lua_State *L, int idx,
                       const char *what, char ***out, size_t *n,
                       struct ws_diag *d)
{
    *out = NULL;
    *n = 0;
    size_t cap = 0;
    bool bad = false;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            bad = true;
            continue;
        }
        if (*n == cap)
            *out = ws_xrealloc(*out, (cap = cap ? cap * 2 : 8) * sizeof **out);
        (*out)[(*n)++] = ws_xstrdup(lua_tostring(L, -1));
    }
    if (*n)
        qsort(*out, *n, sizeof **out, by_name);
    if (!bad)
        return WS_OK;
    for (size_t i = 0; i < *n; i++)
        free((*out)[i]);
    free(*out);
    *out = NULL;
    *n = 0;
    if (strcmp(what, "sweep") == 0)
        return sweep_error(s, d, (struct where){ -1, 0 },
                           "the sweep table has an item without a name: expected name = ..., scenarios = { ... }, set = { ... }");
    return sweep_error(s, d, src_find(s->src, 0, what, true),
                       "%s = { ... } must map configuration keys to values, e.g. [\"sm.count\"] = ...",
                       what);
}

static int read_top_keys(lua_State *L, int t, struct sweep *s,
                         struct ws_diag *d)
{
    char **keys;
    size_t n;
    if (sorted_keys(s, L, t, "sweep", &keys, &n, d) != WS_OK)
        return WS_ERR;
    int rc = WS_OK;
    for (size_t i = 0; i < n && rc == WS_OK; i++) {
        const char *best = NULL;
        int bd = 3;
        bool known = false;
        for (size_t k = 0; k < sizeof top_keys / sizeof *top_keys; k++) {
            int e = ws_edit_distance(keys[i], top_keys[k]);
            known |= e == 0;
            if (e < bd) {
                bd = e;
                best = top_keys[k];
            }
        }
        if (known)
            continue;
        struct where w = src_find(s->src, 0, keys[i], true);
        if (!best)
            rc = sweep_error(s, d, w, "unknown key '%s' in the sweep table (expected name, scenarios, set, fixed, cases, columns, report or plots)",
                             keys[i]);
        else {
            rc = sweep_error(s, d, w, "unknown key '%s' in the sweep table (did you mean '%s'?)",
                             keys[i], best);
            diag_note(d, "a sweep table has the keys name, scenarios, set, fixed, cases, columns, report and plots");
        }
    }
    for (size_t i = 0; i < n; i++)
        free(keys[i]);
    free(keys);
    return rc;
}

static bool good_name(const char *n)
{
    if (!*n || *n == '.')
        return false;
    for (; *n; n++)
        if (!isalnum((unsigned char)*n) && !strchr("_-.", *n))
            return false;
    return true;
}

static int read_name(lua_State *L, int t, struct sweep *s, struct ws_diag *d)
{
    int ty = lua_getfield(L, t, "name");
    struct where w = src_find(s->src, 0, "name", true);
    if (ty == LUA_TNIL) {
        /* The sweep file's name without .lua, made safe for a directory. */
        const char *b = strrchr(s->file, '/');
        b = b ? b + 1 : s->file;
        size_t n = strlen(b);
        if (n > 4 && strcmp(b + n - 4, ".lua") == 0)
            n -= 4;
        s->name = ws_xstrndup(b, n);
        for (char *p = s->name; *p; p++)
            if (!isalnum((unsigned char)*p) && !strchr("_-.", *p))
                *p = '-';
        if (s->name[0] == '.' || !s->name[0]) {
            free(s->name);
            s->name = ws_xstrdup("sweep");
        }
    } else if (ty != LUA_TSTRING) {
        return sweep_error(s, d, w, "name must be a string, got a %s",
                           luaL_typename(L, -1));
    } else if (!good_name(lua_tostring(L, -1))) {
        return sweep_error(s, d, w, "name '%s' names the output directory sweeps/NAME: use letters, digits, '_', '-' and '.' (not first)",
                           lua_tostring(L, -1));
    } else {
        s->name = ws_xstrdup(lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    return WS_OK;
}

/* Is key in set, fixed or (with cases) a case's settings? */
static bool taken(const struct sweep *s, const char *key, bool cases)
{
    for (size_t f = 0; f < s->nfixed; f++)
        if (strcmp(s->fixed[f].name, key) == 0)
            return true;
    for (size_t f = 0; f < s->nkeys; f++)
        if (strcmp(s->keys[f].name, key) == 0)
            return true;
    for (size_t i = 0; cases && i < s->ncases; i++)
        for (size_t k = 0; k < s->cases[i].n; k++)
            if (strcmp(s->cases[i].set[k].name, key) == 0)
                return true;
    return false;
}

static int read_bundle(lua_State *L, int tab, struct sweep *s,
                       struct sweep_case *c, const char *what, const char *who,
                       struct where cw, struct ws_diag *d);

/* Reads `scenarios`: files, or { "file.lua", [key] = value, ... } entries
   with settings of their own (c). */
static int read_scenarios(lua_State *L, int t, struct sweep *s,
                          struct ws_diag *d)
{
    int ty = lua_getfield(L, t, "scenarios");
    struct where w = src_find(s->src, 0, "scenarios", true);
    if (ty == LUA_TNIL)
        return sweep_error(s, d, w, "the sweep table needs scenarios = { \"SCENARIO.lua\", ... } (paths relative to the sweep file)");
    lua_Integer n = list_len(L, -1);
    if (n < 0)
        return sweep_error(s, d, w, "scenarios must be a list of scenario files, e.g. { \"../scenarios/saxpy.lua\" }");
    if (n == 0)
        return sweep_error(s, d, w, "scenarios is an empty list: a sweep needs at least one scenario");
    s->scen = ws_xcalloc((size_t)n, sizeof *s->scen);
    s->scen_path = ws_xcalloc((size_t)n, sizeof *s->scen_path);
    s->scen_set = ws_xcalloc((size_t)n, sizeof *s->scen_set);
    int list = lua_gettop(L);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, list, i);
        int tab = lua_istable(L, -1) ? lua_gettop(L) : 0;
        if (tab)
            lua_rawgeti(L, tab, 1);       /* { "file.lua", settings } */
        if (lua_type(L, -1) != LUA_TSTRING)
            return sweep_error(s, d, w, "scenarios[%lld] must be a string (a scenario .lua file) or { \"file.lua\", [key] = value, ... }, got a %s",
                               (long long)i, luaL_typename(L, -1));
        const char *p = lua_tostring(L, -1);
        struct where at = src_find(s->src, w.off < 0 ? 0 : w.off, p, false);
        char *path = ws_path_join(s->dir, p);
        s->scen[s->nscen] = ws_xstrdup(p);
        s->scen_path[s->nscen++] = path;
        struct stat st;
        if (stat(path, &st) != 0)
            return sweep_error(s, d, at, "scenario '%s' not found (looked for %s: %s)",
                               p, path, strerror(errno));
        if (!S_ISREG(st.st_mode))
            return sweep_error(s, d, at, "scenario '%s' is not a file (%s)", p, path);
        for (size_t k = 0; k + 1 < s->nscen; k++)
            if (strcmp(s->scen_path[k], path) == 0)
                return sweep_error(s, d, at, "scenario '%s' is listed twice", p);
        lua_pop(L, 1);
        if (tab) {
            lua_pushnil(L);
            lua_rawseti(L, tab, 1);       /* what is left are settings */
            if (read_bundle(L, tab, s, &s->scen_set[s->nscen - 1], "scenarios",
                            s->scen[s->nscen - 1], at, d) != WS_OK)
                return WS_ERR;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return WS_OK;
}

/* A scenario's own settings may not be in set, fixed or a case. */
static int check_scenario_settings(struct sweep *s, struct ws_diag *d)
{
    for (size_t i = 0; i < s->nscen; i++)
        for (size_t k = 0; k < s->scen_set[i].n; k++) {
            const char *key = s->scen_set[i].set[k].name;
            if (taken(s, key, true))
                return sweep_error(s, d, src_find(s->src, 0, s->scen[i], false),
                                   "scenario '%s' sets '%s', which is also in set, fixed or a case",
                                   s->scen[i], key);
        }
    return WS_OK;
}

/*
** Checks that the configuration accepts key=value together with the fixed
** settings (and the preset they pick), so a bad value fails before any
** process starts. key NULL checks the fixed settings alone.
*/
static int check_config(const struct sweep *s, const char *key,
                        const char *value, struct where w, struct ws_diag *d)
{
    struct config_assigns a = { 0 };
    int line = 1;
    for (const char *q = s->src; w.off >= 0 && q < s->src + w.off; q++)
        line += *q == '\n';
    for (size_t i = 0; i < s->nfixed; i++)
        if (s->fixed[i].n)         /* fixed values are checked as read */
            config_assigns_add(&a, s->fixed[i].name, s->fixed[i].vals[0], s->file,
                           line);
    if (key)
        config_assigns_add(&a, key, value, s->file, line);
    struct ws_config c;
    int rc = config_resolve(&c, NULL, &a, d);
    config_free(&c);
    config_assigns_free(&a);
    /* An error inside a preset file keeps its own location. */
    if (rc == WS_OK || d->raw || (d->file && strcmp(d->file, s->file) != 0))
        return rc;
    char *msg = ws_xstrdup(d->msg ? d->msg : "bad value");
    char *note = d->note ? ws_xstrdup(d->note) : NULL;
    sweep_error(s, d, w, "%s", msg);
    if (note)
        diag_note(d, "%s", note);
    free(msg);
    free(note);
    return WS_ERR;
}

int sweep_add_fixed(struct sweep *s, const char *kv, struct ws_diag *d)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv)
        return diag_error(d, NULL, 0, 0, "--set expects KEY=VALUE, got '%s'", kv);
    char *key = ws_xstrndup(kv, (size_t)(eq - kv));
    bool taken = false;
    for (size_t i = 0; i < s->nkeys; i++)
        taken |= strcmp(s->keys[i].name, key) == 0;
    for (size_t c = 0; c < s->ncases; c++)
        for (size_t i = 0; i < s->cases[c].n; i++)
            taken |= strcmp(s->cases[c].set[i].name, key) == 0;
    if (taken) {
        diag_error(d, NULL, 0, 0, "--set %s: the sweep varies '%s' itself (in set or cases)",
                   kv, key);
        free(key);
        return WS_ERR;
    }
    size_t i = 0;
    while (i < s->nfixed && strcmp(s->fixed[i].name, key) < 0)
        i++;
    if (i == s->nfixed || strcmp(s->fixed[i].name, key)) {
        s->fixed = ws_xrealloc(s->fixed, (s->nfixed + 1) * sizeof *s->fixed);
        memmove(s->fixed + i + 1, s->fixed + i, (s->nfixed - i) * sizeof *s->fixed);
        s->nfixed++;
        s->fixed[i] = (struct sweep_key){ key, ws_xcalloc(1, sizeof(char *)), 1 };
    } else {
        free(key);
        free(s->fixed[i].vals[0]);
    }
    s->fixed[i].vals[0] = ws_xstrdup(eq + 1);
    struct ws_diag cd = { 0 };
    if (check_config(s, NULL, NULL, (struct where){ -1, 0 }, &cd) != WS_OK) {
        diag_error(d, NULL, 0, 0, "--set %s: %s", kv, cd.msg ? cd.msg : "bad value");
        diag_reset(&cd);
        return WS_ERR;
    }
    return WS_OK;
}

int sweep_only(struct sweep *s, const char *names, struct ws_diag *d)
{
    size_t n = 0;
    bool *keep = ws_xcalloc(s->nscen + 1, sizeof *keep);
    for (const char *p = names; *p;) {
        size_t l = strcspn(p, ",");
        size_t i = 0;
        for (; i < s->nscen; i++) {
            const char *b = strrchr(s->scen[i], '/');
            b = b ? b + 1 : s->scen[i];
            if (strncmp(b, p, l) == 0 && (!b[l] || strcmp(b + l, ".lua") == 0))
                break;
        }
        if (i == s->nscen) {
            free(keep);
            return diag_error(d, NULL, 0, 0, "--only: '%.*s' is no scenario of the sweep %s",
                              (int)l, p, s->file);
        }
        keep[i] = true;
        p += l + (p[l] == ',');
    }
    for (size_t i = 0; i < s->nscen; i++) {
        if (keep[i]) {
            s->scen[n] = s->scen[i];
            s->scen_path[n++] = s->scen_path[i];
        } else {
            free(s->scen[i]);
            free(s->scen_path[i]);
        }
    }
    free(keep);
    if (s->npoints)
        s->npoints = s->npoints / s->nscen * n;
    s->nscen = n;
    return n ? WS_OK : diag_error(d, NULL, 0, 0, "--only: no scenario left");
}

/* Reads `set` (lists) or `fixed` (single values) into keys. */
static int read_settings(lua_State *L, int t, struct sweep *s, bool lists,
                         struct ws_diag *d)
{
    const char *what = lists ? "set" : "fixed";
    int ty = lua_getfield(L, t, what);
    struct where w = src_find(s->src, 0, what, true);
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        return WS_OK;
    }
    if (ty != LUA_TTABLE)
        return sweep_error(s, d, w, "%s must be a table of configuration keys, e.g. { [\"sm.count\"] = %s }",
                           what, lists ? "{ 1, 2 }" : "2");
    int tab = lua_gettop(L);
    char **names;
    size_t n;
    if (sorted_keys(s, L, tab, what, &names, &n, d) != WS_OK)
        return WS_ERR;
    struct sweep_key *ks = ws_xcalloc(n ? n : 1, sizeof *ks);
    for (size_t i = 0; i < n; i++)
        ks[i].name = names[i];
    free(names);
    if (lists) {
        s->keys = ks;
        s->nkeys = n;
    } else {
        s->fixed = ks;
        s->nfixed = n;
    }
    for (size_t i = 0; i < n; i++) {
        struct sweep_key *k = &ks[i];
        struct where kw = src_find(s->src, w.off < 0 ? 0 : w.off, k->name, true);
        if (config_find(k->name) < 0) {
            struct ws_config c;
            config_init(&c);
            config_set(&c, k->name, "", d);   /* for its "did you mean" */
            config_free(&c);
            char *msg = ws_xstrdup(d->msg);
            sweep_error(s, d, kw, "%s: %s", what, msg);
            diag_note(d, "`warpscope --help config` lists every key");
            free(msg);
            return WS_ERR;
        }
        for (size_t f = 0; lists && f < s->nfixed; f++)
            if (strcmp(s->fixed[f].name, k->name) == 0)
                return sweep_error(s, d, kw, "key '%s' is both in set and in fixed", k->name);
        lua_getfield(L, tab, k->name);
        lua_Integer nv = 1;
        if (lists) {
            nv = list_len(L, -1);
            if (nv < 0)
                return sweep_error(s, d, kw, "set[\"%s\"] must be a list of values, e.g. { 1, 2 } (a single value belongs in fixed)",
                                   k->name);
            if (nv == 0)
                return sweep_error(s, d, kw, "set[\"%s\"] is an empty list: it would leave the sweep with no points",
                                   k->name);
        }
        k->vals = ws_xcalloc((size_t)nv, sizeof *k->vals);
        for (lua_Integer v = 1; v <= nv; v++) {
            if (lists)
                lua_rawgeti(L, -1, v);
            char *text = scalar_text(L, -1);
            if (!text && lists)
                return sweep_error(s, d, kw, "set[\"%s\"][%lld] must be a string, number or boolean, got a %s",
                                   k->name, (long long)v, luaL_typename(L, -1));
            if (!text)
                return sweep_error(s, d, kw, "fixed[\"%s\"] must be a string, number or boolean, got a %s (a list of values belongs in set)",
                                   k->name, luaL_typename(L, -1));
            k->vals[k->n++] = text;
            if (lists)
                lua_pop(L, 1);
            for (size_t e = 0; e + 1 < k->n; e++)
                if (strcmp(k->vals[e], text) == 0)
                    return sweep_error(s, d, kw, "set[\"%s\"] lists the value '%s' twice",
                                       k->name, text);
            if (check_config(s, lists ? k->name : NULL, text, kw, d) != WS_OK)
                return WS_ERR;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return WS_OK;
}

/*
** Reads a bundle of settings, the table at tab (a case: name = LABEL
** besides; a scenario entry: its file at [1], removed before): each key
** a configuration key, each value a string, number or boolean the
** configuration accepts. `who` is the case's label (what = "cases") or
** the scenario's file (what = "scenarios"). A case's keys may not be in
** set or fixed (a scenario's are checked once everything is read).
*/
static int read_bundle(lua_State *L, int tab, struct sweep *s,
                       struct sweep_case *c, const char *what, const char *who,
                       struct where cw, struct ws_diag *d)
{
    bool is_case = strcmp(what, "cases") == 0;
    const char *kind = is_case ? "case" : "scenario";
    char **names;
    size_t nn;
    if (sorted_keys(s, L, tab, what, &names, &nn, d) != WS_OK)
        return WS_ERR;
    c->set = ws_xcalloc(nn ? nn : 1, sizeof *c->set);
    int rc = WS_OK;
    for (size_t k = 0; k < nn; k++) {
        if (rc != WS_OK || (is_case && (strcmp(names[k], "name") == 0 ||
                                        strcmp(names[k], "after") == 0))) {
            free(names[k]);
            continue;
        }
        struct sweep_key *key = &c->set[c->n++];
        key->name = names[k];
        key->vals = ws_xcalloc(1, sizeof *key->vals);
        struct where kw = src_find(s->src, cw.off < 0 ? 0 : cw.off, key->name, true);
        if (config_find(key->name) < 0) {
            struct ws_config cfg;
            config_init(&cfg);
            config_set(&cfg, key->name, "", d);
            config_free(&cfg);
            char *msg = ws_xstrdup(d->msg);
            rc = sweep_error(s, d, kw, "%s '%s': %s", kind, who, msg);
            free(msg);
            continue;
        }
        lua_getfield(L, tab, key->name);
        char *text = scalar_text(L, -1);
        lua_pop(L, 1);
        if (text)
            key->vals[key->n++] = text;
        if (is_case && taken(s, key->name, false))
            rc = sweep_error(s, d, kw, "case '%s' sets '%s', which is also in %s",
                             who, key->name, "set or fixed");
        else if (!text)
            rc = sweep_error(s, d, kw, "%s '%s': '%s' must be a string, number or boolean",
                             kind, who, key->name);
        else
            rc = check_config(s, key->name, text, kw, d);
    }
    free(names);
    return rc;
}

/*
** Reads `cases`: a list of tables { name = LABEL, [key] = value, ... },
** each a bundle of settings one point applies together. Keys are checked
** like set's and may not be in set or fixed; labels are unique names.
*/
/* A case's `after`: an earlier case whose point (same scenario and set
   values) must have finished before this one starts (it reads what that
   one wrote, as racetrack's optimized mapping reads the direct run's
   profile). */
static int case_after(lua_State *L, int tab, struct sweep *s,
                      struct sweep_case *c, struct where cw, struct ws_diag *d)
{
    lua_getfield(L, tab, "after");
    const char *a = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    for (size_t j = 0; j + 1 < s->ncases; j++)
        if (strcmp(s->cases[j].label, a) == 0)
            c->after = (int)j;
    lua_pop(L, 1);
    if (c->after < 0)
        return sweep_error(s, d, cw, "case '%s': after must name an earlier case", c->label);
    return WS_OK;
}

static int read_cases(lua_State *L, int t, struct sweep *s, struct ws_diag *d)
{
    int ty = lua_getfield(L, t, "cases");
    struct where w = src_find(s->src, 0, "cases", true);
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        return WS_OK;
    }
    lua_Integer n = list_len(L, -1);
    if (n <= 0)
        return sweep_error(s, d, w, "cases must be a non-empty list of tables, e.g. { { name = \"small\", [\"l1d.size\"] = 4096 }, ... }");
    int list = lua_gettop(L);
    s->cases = ws_xcalloc((size_t)n, sizeof *s->cases);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, list, i);
        int tab = lua_gettop(L);
        if (!lua_istable(L, tab))
            return sweep_error(s, d, w, "cases[%lld] must be a table { name = ..., [key] = value, ... }, got a %s",
                               (long long)i, luaL_typename(L, tab));
        struct sweep_case *c = &s->cases[s->ncases++];
        lua_getfield(L, tab, "name");
        if (lua_type(L, -1) != LUA_TSTRING || !good_name(lua_tostring(L, -1)))
            return sweep_error(s, d, w, "cases[%lld] needs a name: letters, digits, '_', '-', '.' (not first)",
                               (long long)i);
        c->label = ws_xstrdup(lua_tostring(L, -1));
        lua_pop(L, 1);
        struct where cw = src_find(s->src, w.off < 0 ? 0 : w.off, c->label, false);
        for (size_t j = 0; j + 1 < s->ncases; j++)
            if (strcmp(s->cases[j].label, c->label) == 0)
                return sweep_error(s, d, cw, "two cases are named '%s'", c->label);
        c->after = -1;
        lua_getfield(L, tab, "after");
        bool has_after = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (has_after && case_after(L, tab, s, c, cw, d) != WS_OK)
            return WS_ERR;
        if (read_bundle(L, tab, s, c, "cases", c->label, cw, d) != WS_OK)
            return WS_ERR;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return WS_OK;
}

static int read_report(lua_State *L, int t, struct sweep *s, struct ws_diag *d)
{
    int ty = lua_getfield(L, t, "report");
    lua_pop(L, 1);
    if (ty == LUA_TNIL)
        return WS_OK;
    if (ty != LUA_TFUNCTION)
        return sweep_error(s, d, src_find(s->src, 0, "report", true),
                           "report must be a function(rows) printing what the sweep found");
    s->has_report = true;
    return WS_OK;
}

static int read_columns(lua_State *L, int t, struct sweep *s,
                        struct ws_diag *d)
{
    int ty = lua_getfield(L, t, "columns");
    struct where w = src_find(s->src, 0, "columns", true);
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        return WS_OK;
    }
    lua_Integer n = list_len(L, -1);
    if (n <= 0)
        return sweep_error(s, d, w, "columns must be a non-empty list of statistics, e.g. { \"warp_instructions\", \"launches.1.cycles\" }");
    s->cols = ws_xcalloc((size_t)n, sizeof *s->cols);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        const char *c = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        size_t cl = c ? strlen(c) : 0;
        if (!c || !cl || c[0] == '.' || c[cl - 1] == '.' || strstr(c, ".."))
            return sweep_error(s, d, w, "columns[%lld] must be a dotted path into the statistics JSON such as \"l1d.hits\" or \"launches.1.warp_instructions\"",
                               (long long)i);
        s->cols[s->ncols++] = ws_xstrdup(c);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return WS_OK;
}

/*
** Loads and checks a sweep file (run in the sandbox, text only): every
** top-level key known, scenarios present, configuration keys and values
** accepted. Returns WS_OK, or WS_ERR with d at the file and line.
*/
int  sweep_load(struct sweep *s, const char *file, struct ws_diag *d)
{
    memset(s, 0, sizeof *s);
    s->file = ws_xstrdup(file);
    s->dir = ws_dirname(file);
    size_t len;
    s->src = ws_read_file(file, &len);
    if (!s->src)
        return diag_error(d, file, 0, 0, "cannot read the sweep file: %s",
                          strerror(errno));
    lua_State *L = wslua_new(s->dir, SWEEP_LUA_INSTRUCTIONS,
                             SWEEP_LUA_MEMORY, false);
    if (!L)
        return diag_error(d, file, 0, 0, "cannot create a Lua interpreter");
    int rc = wslua_dofile(L, file, 1, d) == WS_OK ? WS_OK : WS_ERR;
    if (rc == WS_OK && !lua_istable(L, -1))
        rc = diag_error(d, file, 0, 0, "a sweep file must return a table (return { name = ..., scenarios = { ... }, set = { ... } }); this one returns %s%s",
                        lua_isnil(L, -1) ? "nothing" : "a ",
                        lua_isnil(L, -1) ? "" : luaL_typename(L, -1));
    int t = lua_gettop(L);
    if (rc == WS_OK)
        rc = read_top_keys(L, t, s, d);
    if (rc == WS_OK)
        rc = read_name(L, t, s, d);
    if (rc == WS_OK)
        rc = read_scenarios(L, t, s, d);
    if (rc == WS_OK)
        rc = read_settings(L, t, s, false, d);
    if (rc == WS_OK)
        rc = read_settings(L, t, s, true, d);
    if (rc == WS_OK)
        rc = read_cases(L, t, s, d);
    if (rc == WS_OK)
        rc = check_scenario_settings(s, d);
    if (rc == WS_OK)
        rc = read_report(L, t, s, d);
    if (rc == WS_OK)
        rc = read_columns(L, t, s, d);
    if (rc == WS_OK && sweep_read_plots(L, t, s, d) != WS_OK) {
        char *m = ws_xstrdup(d->msg ? d->msg : "bad plots");
        rc = sweep_error(s, d, src_find(s->src, 0, "plots", true), "%s", m);
        free(m);
    }
    wslua_close(L);
    s->npoints = rc == WS_OK ? s->nscen * (s->ncases ? s->ncases : 1) : 0;
    for (size_t k = 0; k < s->nkeys && rc == WS_OK; k++) {
        if (s->npoints > MAX_POINTS / s->keys[k].n)
            rc = diag_error(d, file, 0, 0, "the sweep has more than %d points; split it",
                            MAX_POINTS);
        s->npoints *= s->keys[k].n;
    }
    return rc;
}

/* ---------------------------------------------------------------------- */
/* Points                                                                  */
/* ---------------------------------------------------------------------- */


/* Scenario i's file name without directory and .lua. */
static char *scen_stem(const struct sweep *s, size_t i)
{
    const char *b = strrchr(s->scen[i], '/');
    b = b ? b + 1 : s->scen[i];
    size_t n = strlen(b);
    if (n > 4 && strcmp(b + n - 4, ".lua") == 0)
        n -= 4;
    return ws_xstrndup(b, n);
}

/*
** A point's id: SCENARIO__key=value__... with characters outside
** [A-Za-z0-9_.=-] replaced by '-'. When that lost information, when it is
** longer than ID_MAX, or when `hashed` (two points would share an id), it
** is cut and gets "-" and 8 hex digits of a hash of the point's content,
** so the id stays stable and unique.
*/
char * point_id(const struct sweep *s, const struct point *p, bool hashed)
{
    struct strbuf b;
    sb_init(&b);
    char *stem = scen_stem(s, p->scen);
    sb_puts(&b, stem);
    free(stem);
    uint64_t h = ws_fnv1a(WS_FNV_INIT, s->scen[p->scen], strlen(s->scen[p->scen]) + 1);
    for (size_t k = 0; k < s->nkeys; k++) {
        const char *v = s->keys[k].vals[p->vi[k]];
        sb_printf(&b, "__%s=%s", s->keys[k].name, v);
        h = ws_fnv1a(h, s->keys[k].name, strlen(s->keys[k].name) + 1);
        h = ws_fnv1a(h, v, strlen(v) + 1);
    }
    if (s->ncases) {
        const char *l = s->cases[p->ci].label;
        sb_printf(&b, "__%s", l);
        h = ws_fnv1a(h, l, strlen(l) + 1);
    }
    bool lossy = b.len == 0 || b.s[0] == '.';
    for (size_t i = 0; i < b.len; i++)
        if (!isalnum((unsigned char)b.s[i]) && !strchr("_.=-", b.s[i])) {
            b.s[i] = '-';
            lossy = true;
        }
    if (lossy || hashed || b.len > ID_MAX) {
        if (b.len > ID_MAX - 9)
            b.s[b.len = ID_MAX - 9] = '\0';
        sb_printf(&b, "-%08x", (unsigned)(h ^ h >> 32));
    }
    return sb_take(&b);
}

struct id_ref {
    const char *id;
    size_t i;
};

static int by_id(const void *a, const void *b)
{
    const struct id_ref *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* Marks in `dup` the points whose id another point shares; returns how many. */
static size_t find_dups(struct point *pts, size_t n, bool *dup)
{
    struct id_ref *r = ws_xmalloc(n * sizeof *r);
    for (size_t i = 0; i < n; i++)
        r[i] = (struct id_ref){ pts[i].id, i };
    qsort(r, n, sizeof *r, by_id);
    size_t count = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (strcmp(r[i].id, r[i + 1].id) == 0) {
            count += !dup[r[i].i] + !dup[r[i + 1].i];
            dup[r[i].i] = dup[r[i + 1].i] = true;
        }
    free(r);
    return count;
}

/*
** The points in order: scenarios in file order, then the set keys in
** sorted order, values in list order, then the cases in file order
** (varying fastest).
** Returns NULL (message printed) if ids cannot be made unique.
*/
struct point * expand_points(const struct sweep *s)
{
    size_t n = s->npoints;
    struct point *pts = ws_xcalloc(n, sizeof *pts);
    for (size_t i = 0; i < n; i++) {
        struct point *p = &pts[i];
        p->vi = ws_xcalloc(s->nkeys ? s->nkeys : 1, sizeof *p->vi);
        size_t r = i;
        if (s->ncases) {
            p->ci = r % s->ncases;
            r /= s->ncases;
        }
        for (size_t k = s->nkeys; k-- > 0;) {
            p->vi[k] = r % s->keys[k].n;
            r /= s->keys[k].n;
        }
        p->scen = r;
        p->exit = -1;
        p->id = point_id(s, p, false);
    }
    bool *dup = ws_xcalloc(n, sizeof *dup);
    if (find_dups(pts, n, dup)) {
        for (size_t i = 0; i < n; i++)
            if (dup[i]) {
                free(pts[i].id);
                pts[i].id = point_id(s, &pts[i], true);
            }
        memset(dup, 0, n * sizeof *dup);
        if (find_dups(pts, n, dup)) {
            fprintf(stderr, "warpscope sweep: error: two points of %s hash to the same id; rename a scenario\n",
                    s->file);
            for (size_t i = 0; i < n; i++) {
                free(pts[i].vi);
                free(pts[i].id);
            }
            free(pts);
            pts = NULL;
        }
    }
    free(dup);
    return pts;
}

void  points_free(struct point *pts, size_t n)
{
    for (size_t i = 0; pts && i < n; i++) {
        free(pts[i].vi);
        free(pts[i].id);
    }
    free(pts);
}
