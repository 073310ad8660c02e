/*
** sandbox.c - sandboxed Lua states (see sandbox.h).
** Errors travel as one of three objects: a string (a Lua error; the
** handler appends a traceback), a table {ws_diag = text} from the
** simulator, or a table {ws_check = msg} from ws.check. The handler adds
** the script location to the tables; wslua_pcall turns all three into a
** ws_diag.
*/
#include "lua/sandbox.h"
#include "lua/sandbox-internal.h"
#include "lua/pattern.h"
#include "lua/where.h"
#include "util/fileio.h"
#include "util/paths.h"
#include "util/strbuf.h"
#include "util/vec.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct wslua *W(lua_State *L)
{
    return wslua_of(L);
}

static void *alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    struct wslua *s = ud;
    int64_t old = ptr ? (int64_t)osize : 0;
    if (nsize == 0) {
        free(ptr);
        s->mem_used -= old;
        return NULL;
    }
    if ((int64_t)nsize > old && s->mem_used - old + (int64_t)nsize > s->mem_limit)
        return NULL;
    void *p = realloc(ptr, nsize);
    if (!p)
        return NULL;
    s->mem_used += (int64_t)nsize - old;
    return p;
}

/* Remembers the text of a script file (replacing an earlier load). */
static void add_source(struct wslua *s, const char *name, const char *text,
                       size_t len)
{
    struct srcfile *f = NULL;
    for (size_t i = 0; i < s->src.n && !f; i++)
        if (strcmp(s->src.v[i].name, name) == 0)
            f = &s->src.v[i];
    if (!f) {
        struct srcfile z = { 0 };
        z.name = ws_xstrdup(name);
        vec_push(&s->src, z);
        f = &vec_last(&s->src);
    } else {
        free(f->text);
        f->line.n = 0;
    }
    f->text = ws_xstrndup(text, len);
    f->len = len;
    vec_push(&f->line, (size_t)0);
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n')
            vec_push(&f->line, i + 1);
}


/* "file:line:col: " of the script line calling the running C function,
   or Lua's own "chunk:line: " when that caller is not a script file. */
static void push_where(lua_State *L, const char *msg)
{
    lua_Debug ar;
    struct wslua_pos pos;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar) &&
        ar.source[0] == '@' && wslua_pos_for(L, 1, msg, &pos)) {
        char *t = wslua_pos_text(&pos);
        lua_pushfstring(L, "%s: ", t);
        free(t);
        free(pos.file);
        return;
    }
    luaL_where(L, 1);
}

int wslua_error(lua_State *L, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    push_where(L, msg);
    lua_pushstring(L, msg);
    lua_concat(L, 2);
    return lua_error(L);
}

void wslua_set_memory(lua_State *L, int64_t max_memory)
{
    W(L)->mem_limit = max_memory;
}

const char *wslua_script_dir(lua_State *L)
{
    return W(L)->script_dir;
}

/*
** setmetatable without finalisers: Lua runs a __gc metamethod with hooks
** off (also when the state closes), so no budget could stop one that
** loops. An object is only ever finalised if its metatable had __gc when
** it was set, so refusing that here is enough. Otherwise as Lua's.
*/
static int safe_setmetatable(lua_State *L)
{
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return wslua_error(L, "setmetatable: __gc metamethods (finalisers) are not allowed: they run where the instruction budget cannot stop them");
    }
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

/* string.rep, except that empty strings are answered at once (Lua's loops
   n times, up to 2^63, copying nothing); any other result is bounded by
   the memory limit. */
static int safe_rep(lua_State *L)
{
    size_t l, lsep;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (l + lsep < l || l + lsep > (size_t)LUA_MAXINTEGER / (size_t)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, total);
    for (lua_Integer i = 0; i < n; i++) {
        memcpy(p, s, l);
        p += l;
        if (i + 1 < n && lsep) {
            memcpy(p, sep, lsep);
            p += lsep;
        }
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

/* table.move, with each element counted as one instruction: Lua's loops
   in C over whatever range it is given (2^63 empty slots). */
static int safe_move(lua_State *L)
{
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, tt, LUA_TTABLE);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3,
                      "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4,
                      "destination wrap around");
        wslua_charge(L, n, "table.move counts one per element");
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        }
    }
    lua_pushvalue(L, tt);
    return 1;
}

/* Replaces field `name` of global table `lib` (NULL: a global) with f. */
static void replace(lua_State *L, const char *lib, const char *name,
                    lua_CFunction f)
{
    if (lib)
        lua_getglobal(L, lib);
    else
        lua_pushglobaltable(L);
    lua_pushcfunction(L, f);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

/* load() restricted to text chunks. */
static int safe_load(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));   /* the original load */
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushstring(L, "t");
    if (n >= 4)
        lua_pushvalue(L, 4);
    lua_call(L, n >= 4 ? 4 : 3, LUA_MULTRET);
    return lua_gettop(L) - n;
}

/*
** Reads a script's text into b, at most `limit` bytes: a chunk cannot be
** larger than the memory its interpreter may use, and a path such as
** /dev/zero must not be read until the host runs out of memory. Closes f.
** Returns 0; -1 when the text is longer than the limit; -2 when it cannot
** be read (a directory), with errno set; -3 for a FIFO nothing was
** written to (opened without waiting for a writer: ws_fopen_read).
*/
static int read_script(FILE *f, int64_t limit, struct strbuf *b)
{
    char chunk[8192];
    size_t n;
    int64_t total = 0;
    errno = 0;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        total += (int64_t)n;
        if (total > limit) {
            fclose(f);
            return -1;
        }
        sb_putn(b, chunk, n);
    }
    int rc = ferror(f) ? -2 : total == 0 && ws_is_fifo(f) ? -3 : 0;
    int err = errno;
    fclose(f);
    errno = err ? err : EIO;
    return rc;
}

static int load_text_file(lua_State *L, const char *path, const char *what)
{
    FILE *f = ws_fopen_read(path);
    if (!f)
        return wslua_error(L, "cannot open %s '%s'", what, path);
    struct strbuf b;
    sb_init(&b);
    int rrc = read_script(f, W(L)->mem_limit, &b);
    if (rrc) {
        sb_free(&b);
        if (rrc == -2)
            return wslua_error(L, "cannot read %s '%s': %s", what, path,
                               strerror(errno));
        if (rrc == -3)
            return wslua_error(L, "%s '%s' is a FIFO nothing was written to",
                               what, path);
        return wslua_error(L, "%s '%s' is larger than %lld bytes, the memory its Lua interpreter may use (lua.max_memory for scenarios)",
                           what, path, (long long)W(L)->mem_limit);
    }
    add_source(W(L), path, sb_str(&b), b.len);
    lua_pushfstring(L, "@%s", path);
    int rc = luaL_loadbufferx(L, sb_str(&b), b.len, lua_tostring(L, -1), "t");
    sb_free(&b);
    lua_remove(L, -2);
    return rc;
}

static int file_exists(const char *p)
{
    FILE *f = ws_fopen_read(p);
    if (f)
        fclose(f);
    return f != NULL;
}

/* require(name): scenario directory, then <datadir>/scripts/lua. */
static int ws_require(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "ws.loaded");
    lua_getfield(L, -1, name);
    if (!lua_isnil(L, -1))
        return 1;
    lua_pop(L, 1);
    for (const char *p = name; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '.' ||
              *p == '-'))
            return wslua_error(L, "module name '%s' is not allowed (letters, digits, '_', '-' and '.' only)",
                               name);
    if (strstr(name, ".."))
        return wslua_error(L, "module name '%s' is not allowed", name);
    char *rel = ws_xstrdup(name);
    for (char *p = rel; *p; p++)
        if (*p == '.')
            *p = '/';
    struct strbuf path;
    sb_init(&path);
    const char *dirs[2] = { W(L)->script_dir, NULL };
    char *lib = NULL;
    if (ws_datadir()) {
        lib = ws_path_join(ws_datadir(), "scripts/lua");
        dirs[1] = lib;
    }
    const char *found = NULL;
    for (int i = 0; i < 2 && !found; i++) {
        if (!dirs[i])
            continue;
        sb_clear(&path);
        sb_printf(&path, "%s/%s.lua", dirs[i], rel);
        if (file_exists(sb_str(&path)))
            found = sb_str(&path);
    }
    free(rel);
    free(lib);
    if (!found) {
        sb_free(&path);
        return wslua_error(L, "module '%s' not found (looked next to the script and in scripts/lua)",
                           name);
    }
    /* the path lives on the Lua stack: load_text_file raises errors,
       which would leak a C copy */
    lua_pushstring(L, found);
    sb_free(&path);
    int rc = load_text_file(L, lua_tostring(L, -1), "module");
    if (rc != LUA_OK)
        return lua_error(L);
    lua_remove(L, -2);                 /* the path; the chunk stays */
    lua_pushstring(L, name);
    lua_call(L, 1, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);
    return 1;
}

lua_State *wslua_new(const char *script_dir, int64_t max_instructions,
                     int64_t max_memory, bool unsafe)
{
    struct wslua *s = ws_xcalloc(1, sizeof *s);
    s->mem_limit = max_memory;
    s->script_dir = ws_xstrdup(script_dir ? script_dir : ".");
    lua_State *L = lua_newstate(alloc, s);
    if (!L) {
        free(s->script_dir);
        free(s);
        return NULL;
    }
    if (unsafe) {
        luaL_openlibs(L);
    } else {
        static const luaL_Reg libs[] = {
            { LUA_GNAME, luaopen_base },         { LUA_COLIBNAME, luaopen_coroutine },
            { LUA_TABLIBNAME, luaopen_table },   { LUA_STRLIBNAME, luaopen_string },
            { LUA_MATHLIBNAME, luaopen_math },   { LUA_UTF8LIBNAME, luaopen_utf8 },
        };
        for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
            luaL_requiref(L, libs[i].name, libs[i].func, 1);
            lua_pop(L, 1);
        }
        static const char *drop[] = { "dofile", "loadfile" };
        for (size_t i = 0; i < 2; i++) {
            lua_pushnil(L);
            lua_setglobal(L, drop[i]);
        }
        lua_getglobal(L, "string");
        lua_pushnil(L);
        lua_setfield(L, -2, "dump");
        lua_pop(L, 1);
        lua_getglobal(L, "load");
        lua_pushcclosure(L, safe_load, 1);
        lua_setglobal(L, "load");
    }
    /* Work done in C counts against the budget or is refused. */
    wslua_open_patterns(L);
    replace(L, NULL, "setmetatable", safe_setmetatable);
    replace(L, "string", "rep", safe_rep);
    replace(L, "table", "move", safe_move);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "ws.loaded");
    lua_pushcfunction(L, ws_require);
    lua_setglobal(L, "require");
    wslua_set_budget(L, max_instructions);
    lua_sethook(L, wslua_budget_hook, LUA_MASKCOUNT, WSLUA_HOOK_EVERY);
    return L;
}

void wslua_close(lua_State *L)
{
    if (!L)
        return;
    struct wslua *s = W(L);
    lua_close(L);
    for (size_t i = 0; i < s->src.n; i++) {
        free(s->src.v[i].name);
        free(s->src.v[i].text);
        vec_free(&s->src.v[i].line);
    }
    vec_free(&s->src);
    free(s->script_dir);
    free(s);
}

/*
** ws error objects are tables with a metatable whose __tostring gives
** their text, so a script that catches one with pcall and prints it sees
** the message, not a table address (which differs between runs).
*/
#define ERROR_MT "ws.error"

static int error_tostring(lua_State *L)
{
    if (lua_getfield(L, 1, "ws_diag") == LUA_TSTRING)
        return 1;
    lua_pop(L, 1);
    lua_getfield(L, 1, "ws_check");
    lua_pushfstring(L, "check failed: %s", luaL_optstring(L, -1, "?"));
    return 1;
}

static void push_error_object(lua_State *L)
{
    lua_createtable(L, 0, 4);
    if (luaL_newmetatable(L, ERROR_MT)) {
        lua_pushcfunction(L, error_tostring);
        lua_setfield(L, -2, "__tostring");
    }
    lua_setmetatable(L, -2);
}

static bool is_ws_error(lua_State *L, int idx)
{
    if (!lua_istable(L, idx) || !lua_getmetatable(L, idx))
        return false;
    luaL_getmetatable(L, ERROR_MT);
    bool yes = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return yes;
}

int wslua_raise_diag(lua_State *L, struct ws_diag *d)
{
    /* A diagnostic without a source position (a launch that does not fit,
       a bad config key) is about the script line that asked for it. */
    bool here = false;
    struct wslua_pos pos;
    bool have = !d->raw && wslua_pos_at(L, 1, &pos);
    if (have && !d->file) {
        wslua_pos_diag(L, d, pos.file, pos.line, pos.col);
        here = true;
    } else if (have) {
        here = strcmp(pos.file, d->file) == 0 && pos.line == d->line;
    }
    if (have)
        free(pos.file);
    struct strbuf b;
    sb_init(&b);
    diag_render(d, &b);
    diag_reset(d);
    push_error_object(L);
    char *text = sb_take(&b);
    lua_pushstring(L, text);
    free(text);
    lua_setfield(L, -2, "ws_diag");
    lua_pushboolean(L, here);
    lua_setfield(L, -2, "here");
    return lua_error(L);
}

int wslua_raise_check(lua_State *L, const char *msg,
                      const struct wslua_pos *pos)
{
    push_error_object(L);
    lua_pushstring(L, msg);
    lua_setfield(L, -2, "ws_check");
    if (pos && pos->file) {
        lua_pushstring(L, pos->file);
        lua_setfield(L, -2, "file");
        lua_pushinteger(L, pos->line);
        lua_setfield(L, -2, "line");
        lua_pushinteger(L, pos->col);
        lua_setfield(L, -2, "col");
    }
    return lua_error(L);
}

/*
** Splits "file:line[:col]: rest" (Lua's position prefix); returns rest
** and fills the parts, or NULL when m has no such prefix. The file is the
** text before the first ':' that a line number follows.
*/
static const char *split_pos(const char *m, char **file, int *line, int *col)
{
    for (const char *c = strchr(m, ':'); c; c = strchr(c + 1, ':')) {
        if (!isdigit((unsigned char)c[1]))
            continue;
        char *end;
        long l = strtol(c + 1, &end, 10);
        if (*end != ':' || l <= 0 || l > INT32_MAX)
            continue;
        long k = 0;
        if (isdigit((unsigned char)end[1])) {
            char *e2;
            k = strtol(end + 1, &e2, 10);
            if (*e2 == ':' && k > 0 && k <= INT32_MAX)
                end = e2;
            else
                k = 0;
        }
        if (end[1] != ' ')
            continue;
        *file = ws_xstrndup(m, (size_t)(c - m));
        *line = (int)l;
        *col = (int)k;
        return end + 2;
    }
    return NULL;
}

/*
** Adds where the error happened to the error object on top of L: for a
** message, its column (or its whole position when it has none) and a
** traceback; "where" and the position for a ws error table. `at` is the
** thread that raised it, from stack level lv0. The position is of the
** call the failing line made (see where.h).
*/
static void annotate(lua_State *L, lua_State *at, int lv0)
{
    int top = lua_gettop(L);
    struct wslua_pos pos;
    if (is_ws_error(L, top)) {
        bool found = wslua_pos_find(at, lv0, NULL, 0, NULL, &pos);
        char *where = found ? wslua_pos_text(&pos) : ws_xstrdup("");
        lua_pushstring(L, where);
        free(where);
        lua_setfield(L, top, "where");
        lua_getfield(L, top, "file");
        bool has_file = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (found && !has_file) {
            lua_pushstring(L, pos.file);
            lua_setfield(L, top, "file");
            lua_pushinteger(L, pos.line);
            lua_setfield(L, top, "line");
            lua_pushinteger(L, pos.col);
            lua_setfield(L, top, "col");
        }
        free(pos.file);
        return;
    }
    const char *msg = lua_tostring(L, top);
    if (!msg)
        msg = lua_pushfstring(L, "(error object is a %s value)",
                              luaL_typename(L, top));
    char *file = NULL;
    int line = 0, col = 0;
    const char *rest = split_pos(msg, &file, &line, &col);
    /* coroutine.wrap passes an error on with its own position in front of
       the one where it happened: report the inner one. */
    bool inner = false;
    while (rest) {
        char *f2 = NULL;
        int l2 = 0, c2 = 0;
        size_t len;
        const char *r2 = split_pos(rest, &f2, &l2, &c2);
        if (!r2 || !wslua_source_line(L, f2, l2, &len)) {
            free(f2);
            break;
        }
        free(file);
        file = f2;
        line = l2;
        col = c2;
        rest = r2;
        inner = true;
    }
    if (inner) {
        if (!col)
            col = wslua_line_col(L, file, line, rest);
        msg = lua_pushfstring(L, "%s:%d:%d: %s", file, line, col, rest);
    } else if (rest && col == 0 && wslua_pos_find(at, lv0, file, line, msg, &pos)) {
        if (strcmp(pos.file, file) == 0 && pos.line == line)
            msg = lua_pushfstring(L, "%s:%d:%d: %s", file, line, pos.col, rest);
        free(pos.file);
    } else if (!rest && wslua_pos_find(at, lv0, NULL, 0, msg, &pos)) {
        /* error("text", 0), error({}): said where it was raised. */
        msg = lua_pushfstring(L, "%s:%d:%d: %s", pos.file, pos.line, pos.col,
                              msg);
        free(pos.file);
    }
    free(file);
    luaL_traceback(L, at, msg, lv0);
    lua_replace(L, top);
    lua_settop(L, top);
}

/* Room the error path may allocate beyond lua.max_memory: a script that
   died of running out of memory still gets its message and traceback. */
#define ERROR_SLACK (1 << 20)

static int msgh(lua_State *L)
{
    lua_settop(L, 1);
    struct wslua *s = W(L);
    s->mem_limit += ERROR_SLACK;
    annotate(L, L, 1);
    s->mem_limit -= ERROR_SLACK;
    return 1;
}

/* "path:LINE[:COL]: message" -> diag at path:LINE:COL with the source
   line; the traceback becomes a note. */
static void lua_error_to_diag(lua_State *L, const char *s,
                              struct ws_diag *diag)
{
    const char *tb = strstr(s, "\nstack traceback:");
    size_t mlen = tb ? (size_t)(tb - s) : strlen(s);
    char *m = ws_xstrndup(s, mlen);
    char *file = NULL;
    int line = 0, col = 0;
    const char *rest = split_pos(m, &file, &line, &col);
    if (rest) {
        diag_error(diag, file, line, col, "%s", rest);
        wslua_pos_diag(L, diag, diag->file, line, col);
    } else {
        diag_error(diag, NULL, 0, 0, "%s", m);
    }
    free(file);
    if (tb)
        diag_note(diag, "%s", tb + 1);
    free(m);
}

static int error_to_diag(lua_State *L, struct ws_diag *diag);

int wslua_pcall(lua_State *L, int nargs, int nresults, struct ws_diag *diag)
{
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, msgh);
    lua_insert(L, base);
    int rc = lua_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    if (rc == LUA_OK)
        return WS_OK;
    return error_to_diag(L, diag);
}

int wslua_resume_error(lua_State *L, lua_State *co, struct ws_diag *diag)
{
    struct wslua *s = W(L);
    s->mem_limit += ERROR_SLACK;
    lua_xmove(co, L, 1);
    annotate(L, co, 0);
    int rc = error_to_diag(L, diag);
    s->mem_limit -= ERROR_SLACK;
    return rc;
}

/* Pops the (annotated) error object on top of L into diag. */
static int error_to_diag(lua_State *L, struct ws_diag *diag)
{
    int status = WS_ERR;
    if (is_ws_error(L, -1)) {
        lua_getfield(L, -1, "where");
        const char *where = lua_tostring(L, -1);
        char *w = where && *where ? ws_xstrdup(where) : NULL;
        lua_pop(L, 1);
        lua_getfield(L, -1, "ws_check");
        if (lua_isstring(L, -1)) {
            lua_getfield(L, -2, "file");
            lua_getfield(L, -3, "line");
            lua_getfield(L, -4, "col");
            diag_error(diag, lua_tostring(L, -3), (int)lua_tointeger(L, -2),
                       0, "check failed: %s", lua_tostring(L, -4));
            wslua_pos_diag(L, diag, diag->file, diag->line,
                           (int)lua_tointeger(L, -1));
            lua_pop(L, 3);
            status = WS_FAIL;
        } else {
            lua_getfield(L, -2, "ws_diag");
            /* A rendered diagnostic: keep its text as the message. */
            const char *t = lua_tostring(L, -1);
            diag_reset(diag);
            diag->msg = ws_xstrdup(t ? t : "error");
            diag->raw = 1;
            lua_getfield(L, -3, "here");
            bool here = lua_toboolean(L, -1);
            lua_pop(L, 1);
            if (w && !here)
                diag_note(diag, "called from %s", w);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        free(w);
    } else {
        const char *s = lua_tostring(L, -1);
        lua_error_to_diag(L, s ? s : "error", diag);
    }
    lua_pop(L, 1);
    return status;
}

int wslua_loadfile(lua_State *L, const char *path, struct ws_diag *diag)
{
    FILE *f = ws_fopen_read(path);
    if (!f)
        return diag_error(diag, path, 0, 0, "cannot open script");
    struct strbuf b;
    sb_init(&b);
    int rrc = read_script(f, W(L)->mem_limit, &b);
    if (rrc == -2) {
        sb_free(&b);
        return diag_error(diag, path, 0, 0, "cannot read script: %s",
                          strerror(errno));
    }
    if (rrc == -3) {
        sb_free(&b);
        return diag_error(diag, path, 0, 0,
                          "cannot read script: it is a FIFO nothing was written to");
    }
    if (rrc) {
        sb_free(&b);
        return diag_error(diag, path, 0, 0,
                          "script is larger than %lld bytes, the memory its Lua interpreter may use (lua.max_memory for scenarios)",
                          (long long)W(L)->mem_limit);
    }
    char *name = ws_xmalloc(strlen(path) + 2);
    name[0] = '@';
    strcpy(name + 1, path);
    add_source(W(L), path, sb_str(&b), b.len);
    int rc = luaL_loadbufferx(L, sb_str(&b), b.len, name, "t");
    free(name);
    if (rc != LUA_OK) {
        const char *s = lua_tostring(L, -1);
        lua_error_to_diag(L, s ? s : "cannot load script", diag);
        lua_pop(L, 1);
        /* Point a syntax error's caret at the token Lua names. */
        if (diag->line > 0) {
            const char *p = sb_str(&b);
            for (int l = 1; l < diag->line && p; l++) {
                p = strchr(p, '\n');
                if (p)
                    p++;
            }
            const char *near = diag->msg ? strstr(diag->msg, "near '") : NULL;
            if (p && near) {
                near += 6;
                const char *q = strchr(near, '\'');
                const char *e = strchr(p, '\n');
                size_t len = e ? (size_t)(e - p) : strlen(p);
                if (q && q > near) {
                    char *tok = ws_xstrndup(near, (size_t)(q - near));
                    char *line = ws_xstrndup(p, len);
                    char *hit = strstr(line, tok);
                    if (hit) {
                        diag->col = (int)(hit - line) + 1;
                        diag_source(diag, p, len, (int)strlen(tok));
                    }
                    free(tok);
                    free(line);
                }
            }
        }
        sb_free(&b);
        return WS_ERR;
    }
    sb_free(&b);
    return WS_OK;
}

int wslua_dofile(lua_State *L, const char *path, int nresults,
                 struct ws_diag *diag)
{
    if (wslua_loadfile(L, path, diag) != WS_OK)
        return WS_ERR;
    return wslua_pcall(L, 0, nresults, diag);
}

