/*
** where.c - file:line:col of script calls (see where.h). Lua names the
** function a frame was calling (lua_getinfo "n"); the column is where
** that name, with its table or object prefix (ws.load_ptx, buf:get), first
** appears on the line outside strings and comments.
*/
#include "lua/where.h"
#include "lua/sandbox.h"
#include "lua/sandbox-internal.h"
#include "config/config.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *wslua_source_line(lua_State *L, const char *file, int line,
                              size_t *len)
{
    struct wslua *s = wslua_of(L);
    for (size_t i = 0; i < s->src.n; i++) {
        const struct srcfile *f = &s->src.v[i];
        if (strcmp(f->name, file) != 0)
            continue;
        if (line < 1 || (size_t)line > f->line.n)
            return NULL;
        size_t b = f->line.v[line - 1];
        size_t e = (size_t)line < f->line.n ? f->line.v[line] - 1 : f->len;
        *len = e - b;
        return f->text + b;
    }
    return NULL;
}

static bool ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The 1-based column of the first use of `name` on the line s[0..n),
   moved back to the start of a dotted or method prefix; 0 when absent. */
static int name_col(const char *s, size_t n, const char *name)
{
    size_t k = name ? strlen(name) : 0;
    char quote = 0;
    if (!k)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (quote) {
            if (c == '\\')
                i++;
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '"' || c == '\'') {
            quote = c;
            continue;
        }
        if (c == '-' && i + 1 < n && s[i + 1] == '-')
            break;
        if (i + k > n || memcmp(s + i, name, k) != 0 ||
            (i > 0 && ident(s[i - 1])) || (i + k < n && ident(s[i + k])))
            continue;
        size_t st = i;
        while (st >= 2 && (s[st - 1] == '.' || s[st - 1] == ':') &&
               ident(s[st - 2])) {
            st--;
            while (st > 0 && ident(s[st - 1]))
                st--;
        }
        return (int)st + 1;
    }
    return 0;
}

static int first_nonblank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return (int)i + 1;
    return 1;
}

/* The width of the name starting at col (identifiers joined by '.' and
   ':'), at least 1. */
static int width_at(const char *s, size_t n, int col)
{
    size_t i = (size_t)col - 1, j = i;
    while (j < n && (ident(s[j]) || ((s[j] == '.' || s[j] == ':') &&
                                     j + 1 < n && ident(s[j + 1]))))
        j++;
    return j > i ? (int)(j - i) : 1;
}

/* A name the message quotes, as Lua's runtime errors do ("attempt to
   call a nil value (global 'foo')") and as ours do for a field an
   object lacks ("buffers have no field 'size'"). */
static char *quoted_name(const char *msg)
{
    static const char *kinds[] = { "(global '", "(local '", "(field '",
                                   "(method '", "(upvalue '", "(constant '",
                                   "no field '" };
    for (size_t i = 0; msg && i < sizeof kinds / sizeof kinds[0]; i++) {
        const char *p = strstr(msg, kinds[i]);
        if (!p)
            continue;
        p += strlen(kinds[i]);
        const char *e = strchr(p, '\'');
        if (e && e > p)
            return ws_xstrndup(p, (size_t)(e - p));
    }
    return NULL;
}

/* The name by which the frame at level lv was called, when Lua knows it
   as a variable (not a metamethod, hook or iterator). */
static char *callee_name(lua_State *L, int lv)
{
    lua_Debug ar;
    if (lv < 0 || !lua_getstack(L, lv, &ar) || !lua_getinfo(L, "n", &ar) ||
        !ar.name || !ar.namewhat)
        return NULL;
    static const char *kinds[] = { "global", "local", "method", "field",
                                   "upvalue", "constant" };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(ar.namewhat, kinds[i]) == 0)
            return ws_xstrdup(ar.name);
    return NULL;
}

/* Fills pos for the script frame at level lv (a Lua frame of a file). */
static void fill(lua_State *L, int lv, const lua_Debug *ar, const char *msg,
                 struct wslua_pos *pos)
{
    pos->file = ws_xstrdup(ar->source + 1);
    pos->line = ar->currentline;
    pos->col = 0;
    size_t len;
    const char *text = wslua_source_line(L, pos->file, pos->line, &len);
    if (!text)
        return;
    char *name = callee_name(L, lv - 1);
    if (name)
        pos->col = name_col(text, len, name);
    free(name);
    if (!pos->col && msg) {
        name = quoted_name(msg);
        pos->col = name_col(text, len, name);
        free(name);
    }
    if (!pos->col)
        pos->col = first_nonblank(text, len);
}

static bool script_frame(lua_State *L, int lv, lua_Debug *ar)
{
    return lua_getstack(L, lv, ar) && lua_getinfo(L, "Sl", ar) &&
           ar->currentline > 0 && ar->source[0] == '@';
}

bool wslua_pos_at(lua_State *L, int level, struct wslua_pos *pos)
{
    return wslua_pos_for(L, level, NULL, pos);
}

bool wslua_pos_for(lua_State *L, int level, const char *msg,
                   struct wslua_pos *pos)
{
    lua_Debug ar;
    int found = -1;
    memset(pos, 0, sizeof *pos);
    for (int lv = 1; lua_getstack(L, lv, &ar); lv++) {
        if (!script_frame(L, lv, &ar))
            continue;
        found = lv;
        if (--level <= 0)
            break;
    }
    if (found < 0 || !script_frame(L, found, &ar))
        return false;
    fill(L, found, &ar, msg, pos);
    return true;
}

bool wslua_pos_find(lua_State *at, int lv0, const char *file, int line,
                    const char *msg, struct wslua_pos *pos)
{
    lua_Debug ar;
    int inner = -1;
    memset(pos, 0, sizeof *pos);
    for (int lv = lv0; lua_getstack(at, lv, &ar); lv++) {
        if (!script_frame(at, lv, &ar))
            continue;
        if (inner < 0)
            inner = lv;
        if (file && ar.currentline == line && strcmp(ar.source + 1, file) == 0) {
            fill(at, lv, &ar, msg, pos);
            return true;
        }
    }
    if (inner < 0 || !script_frame(at, inner, &ar))
        return false;
    fill(at, inner, &ar, msg, pos);
    return true;
}

char *wslua_pos_text(const struct wslua_pos *pos)
{
    struct strbuf b;
    sb_init(&b);
    sb_printf(&b, "%s:%d", pos->file ? pos->file : "?", pos->line);
    if (pos->col > 0)
        sb_printf(&b, ":%d", pos->col);
    return sb_take(&b);
}

void wslua_pos_diag(lua_State *L, struct ws_diag *d, const char *file,
                    int line, int col)
{
    if (file != d->file) {
        free(d->file);
        d->file = file ? ws_xstrdup(file) : NULL;
    }
    d->line = line;
    d->col = col;
    size_t len;
    const char *text = file ? wslua_source_line(L, file, line, &len) : NULL;
    if (!text)
        return;
    if (col <= 0)
        d->col = col = first_nonblank(text, len);
    diag_source(d, text, len, width_at(text, len, col));
}

/* Scans s[0..n) outside strings and comments, calling visit(i) at each
   character; stops when visit returns true. The quote state carries over
   lines in *quote. */
static bool scan_line(const char *s, size_t n, char *quote,
                      bool (*visit)(const char *s, size_t n, size_t i, void *ctx),
                      void *ctx)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (*quote) {
            if (c == '\\')
                i++;
            else if (c == *quote)
                *quote = 0;
            continue;
        }
        if (c == '-' && i + 1 < n && s[i + 1] == '-')
            return false;
        if (c == '"' || c == '\'') {
            /* A quoted key "a.b" is a match too: test before skipping. */
            if (visit(s, n, i, ctx))
                return true;
            *quote = c;
            continue;
        }
        if (visit(s, n, i, ctx))
            return true;
    }
    *quote = 0;                  /* short strings end with their line */
    return false;
}

struct depth_ctx {
    int depth;
    bool opened;
};

static bool depth_visit(const char *s, size_t n, size_t i, void *ctx)
{
    (void)n;
    struct depth_ctx *c = ctx;
    if (s[i] == '{' || s[i] == '(') {
        c->depth++;
        c->opened = true;
    } else if (s[i] == '}' || s[i] == ')') {
        c->depth--;
    }
    return c->opened && c->depth <= 0;
}

struct key_ctx {
    const char *key, *leaf;
    size_t klen, llen;
    size_t at;
};

static bool key_visit(const char *s, size_t n, size_t i, void *ctx)
{
    struct key_ctx *c = ctx;
    if ((s[i] == '"' || s[i] == '\'') && i + c->klen + 1 < n &&
        memcmp(s + i + 1, c->key, c->klen) == 0 && s[i + 1 + c->klen] == s[i]) {
        c->at = i;
        return true;
    }
    if (i + c->llen > n || memcmp(s + i, c->leaf, c->llen) != 0 ||
        (i > 0 && (ident(s[i - 1]) || s[i - 1] == '.')))
        return false;
    size_t j = i + c->llen;
    if (j < n && ident(s[j]))
        return false;
    while (j < n && (s[j] == ' ' || s[j] == '\t'))
        j++;
    if (j < n && s[j] == '=' && (j + 1 >= n || s[j + 1] != '=')) {
        c->at = i;
        return true;
    }
    return false;
}

bool wslua_find_key(lua_State *L, const char *file, int line, int col,
                    bool to_end, const char *key, int *kline, int *kcol)
{
    struct depth_ctx dc = { 0, false };
    struct key_ctx kc = { key, strrchr(key, '.'), strlen(key), 0, 0 };
    kc.leaf = kc.leaf ? kc.leaf + 1 : key;
    kc.llen = strlen(kc.leaf);
    char dq = 0, kq = 0;
    size_t len;
    for (int l = line; kc.llen; l++) {
        const char *text = wslua_source_line(L, file, l, &len);
        if (!text)
            return false;
        size_t skip = l == line && col > 1 ? (size_t)col - 1 : 0;
        if (skip > len)
            skip = len;
        if (scan_line(text + skip, len - skip, &kq, key_visit, &kc)) {
            *kline = l;
            *kcol = (int)(skip + kc.at) + 1;
            return true;
        }
        /* A call's table ends where its braces close. */
        if (!to_end && scan_line(text + skip, len - skip, &dq, depth_visit, &dc))
            return false;
    }
    return false;
}

int wslua_return_line(lua_State *L, const char *file)
{
    size_t len;
    int found = 1;
    for (int l = 1;; l++) {
        const char *text = wslua_source_line(L, file, l, &len);
        if (!text)
            return found;
        size_t i = 0;
        while (i < len && (text[i] == ' ' || text[i] == '\t'))
            i++;
        if (len - i >= 6 && memcmp(text + i, "return", 6) == 0 &&
            (len - i == 6 || !ident(text[i + 6])))
            found = l;
    }
}

void wslua_key_positions(lua_State *L, const char *file, int line, int col,
                         struct config_assigns *a, size_t from)
{
    bool whole = line <= 0;
    int fallback = whole ? wslua_return_line(L, file) : line;
    for (size_t i = from; i < a->n; i++) {
        struct config_assign *s = &a->v[i];
        if (wslua_find_key(L, file, whole ? 1 : line, whole ? 1 : col, whole,
                           s->key, &s->line, &s->col))
            continue;
        s->line = fallback;
        s->col = whole ? 0 : col;
    }
}

int wslua_line_col(lua_State *L, const char *file, int line, const char *msg)
{
    size_t len;
    const char *text = wslua_source_line(L, file, line, &len);
    if (!text)
        return 0;
    char *name = quoted_name(msg);
    int col = name_col(text, len, name);
    free(name);
    return col ? col : first_nonblank(text, len);
}
