/*
** pattern.c - counted Lua pattern matching (see pattern.h).
** The matcher is the classic backtracking one the manual describes: a
** pattern is a sequence of items (a character class, optionally followed
** by '*', '+', '-' or '?'; %n; %bxy; %f[set]; captures), matched left to
** right; quantified items try their longest ('*', '+') or shortest ('-')
** expansion first and back off when the rest of the pattern fails. Every
** call of match() and every character an expansion looks at is a step;
** steps are charged to the interpreter's budget a thousand at a time.
** Error messages are Lua's, so scripts see the same text either way.
*/
#include "lua/pattern.h"
#include "lua/sandbox.h"
#include <ctype.h>
#include <lauxlib.h>
#include <stddef.h>
#include <string.h>

#define MAX_CAPTURES 32        /* as Lua (LUA_MAXCAPTURES) */
#define MAX_DEPTH 200          /* nested match() calls, as Lua (MAXCCALLS) */
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
#define ESC '%'
#define SPECIALS "^$*+?.([%-"
#define STEP_CHUNK 1000

struct mstate {
    const char *src, *src_end; /* the subject (NUL after its end, as every
                                  Lua string) */
    const char *pat_end;
    lua_State *L;
    int depth;                 /* match() calls left before "too complex" */
    int level;                 /* captures open or closed so far */
    struct {
        const char *init;
        ptrdiff_t len;         /* or CAP_UNFINISHED, CAP_POSITION */
    } cap[MAX_CAPTURES];
    int steps;                 /* steps left in the current chunk */
};

static void step(struct mstate *ms)
{
    if (--ms->steps < 0) {
        ms->steps = STEP_CHUNK;
        wslua_charge(ms->L, STEP_CHUNK, "pattern matching counts one per step");
    }
}

/* Charges the steps of the last, partial chunk. */
static void settle(struct mstate *ms)
{
    wslua_charge(ms->L, STEP_CHUNK - ms->steps, "pattern matching counts one per step");
    ms->steps = STEP_CHUNK;
}

static const char *do_match(struct mstate *ms, const char *s, const char *p);

/* The end of the single character class starting at p. */
static const char *class_end(struct mstate *ms, const char *p)
{
    char c = *p++;
    if (c == ESC) {
        if (p == ms->pat_end)
            luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^')
            p++;
        do {                   /* the first character is always in the set */
            if (p == ms->pat_end)
                luaL_error(ms->L, "malformed pattern (missing ']')");
            if (*p++ == ESC && p < ms->pat_end)
                p++;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

/* Does character c belong to class %cl (in the C locale)? */
static int match_class(int c, int cl)
{
    int r;
    switch (tolower(cl)) {
    case 'a': r = isalpha(c); break;
    case 'c': r = iscntrl(c); break;
    case 'd': r = isdigit(c); break;
    case 'g': r = isgraph(c); break;
    case 'l': r = islower(c); break;
    case 'p': r = ispunct(c); break;
    case 's': r = isspace(c); break;
    case 'u': r = isupper(c); break;
    case 'w': r = isalnum(c); break;
    case 'x': r = isxdigit(c); break;
    case 'z': r = c == 0; break;   /* deprecated in Lua 5.2, still there */
    default: return cl == c;
    }
    r = r != 0;
    return isupper(cl) ? !r : r;
}

/* Is c in the set [ ... ] from p ('[') to last (its ']')? */
static int match_set(int c, const char *p, const char *last)
{
    int in = 1;
    if (p[1] == '^') {
        in = 0;
        p++;
    }
    while (++p < last) {
        if (*p == ESC) {
            p++;
            if (match_class(c, (unsigned char)*p))
                return in;
        } else if (p[1] == '-' && p + 2 < last) {
            p += 2;
            if ((unsigned char)p[-2] <= c && c <= (unsigned char)*p)
                return in;
        } else if ((unsigned char)*p == c) {
            return in;
        }
    }
    return !in;
}

/* Does the subject character at s match the class from p to ep? */
static int single(struct mstate *ms, const char *s, const char *p,
                  const char *ep)
{
    if (s >= ms->src_end)
        return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case ESC: return match_class(c, (unsigned char)p[1]);
    case '[': return match_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

/* %bxy at s: from an x to its balancing y. */
static const char *match_balance(struct mstate *ms, const char *s,
                                 const char *p)
{
    if (p >= ms->pat_end - 1)
        luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->src_end || *s != p[0])
        return NULL;
    int open = 1;
    while (++s < ms->src_end) {
        step(ms);
        if (*s == p[1]) {
            if (--open == 0)
                return s + 1;
        } else if (*s == p[0]) {
            open++;
        }
    }
    return NULL;
}

/* The longest run of the item first, backing off one at a time. */
static const char *max_expand(struct mstate *ms, const char *s,
                              const char *p, const char *ep)
{
    ptrdiff_t i = 0;
    while (single(ms, s + i, p, ep)) {
        step(ms);
        i++;
    }
    for (; i >= 0; i--) {
        const char *r = do_match(ms, s + i, ep + 1);
        if (r)
            return r;
    }
    return NULL;
}

/* The shortest run of the item first, growing one at a time. */
static const char *min_expand(struct mstate *ms, const char *s,
                              const char *p, const char *ep)
{
    for (;;) {
        const char *r = do_match(ms, s, ep + 1);
        if (r)
            return r;
        if (!single(ms, s, p, ep))
            return NULL;
        s++;
    }
}

static const char *start_capture(struct mstate *ms, const char *s,
                                 const char *p, ptrdiff_t what)
{
    if (ms->level >= MAX_CAPTURES)
        luaL_error(ms->L, "too many captures");
    ms->cap[ms->level].init = s;
    ms->cap[ms->level].len = what;
    ms->level++;
    const char *r = do_match(ms, s, p);
    if (!r)
        ms->level--;
    return r;
}

static const char *end_capture(struct mstate *ms, const char *s,
                               const char *p)
{
    int l = ms->level - 1;
    while (l >= 0 && ms->cap[l].len != CAP_UNFINISHED)
        l--;
    if (l < 0)
        luaL_error(ms->L, "invalid pattern capture");
    ms->cap[l].len = s - ms->cap[l].init;
    const char *r = do_match(ms, s, p);
    if (!r)
        ms->cap[l].len = CAP_UNFINISHED;
    return r;
}

/* %1..%9: the text of an earlier, closed capture again. */
static const char *match_backref(struct mstate *ms, const char *s, int c)
{
    int l = c - '1';
    if (l < 0 || l >= ms->level || ms->cap[l].len == CAP_UNFINISHED)
        luaL_error(ms->L, "invalid capture index %%%d", l + 1);
    size_t len = (size_t)ms->cap[l].len;
    if ((size_t)(ms->src_end - s) >= len &&
        memcmp(ms->cap[l].init, s, len) == 0)
        return s + len;
    return NULL;
}

/* A single item, possibly quantified, then the rest of the pattern. */
static const char *match_item(struct mstate *ms, const char *s,
                              const char *p, const char **next)
{
    const char *ep = class_end(ms, p);
    *next = NULL;
    if (!single(ms, s, p, ep)) {
        if (*ep == '*' || *ep == '?' || *ep == '-') {
            *next = ep + 1;    /* zero occurrences are fine */
            return s;
        }
        return NULL;
    }
    switch (*ep) {
    case '?': {
        const char *r = do_match(ms, s + 1, ep + 1);
        if (r)
            return r;
        *next = ep + 1;
        return s;
    }
    case '+': return max_expand(ms, s + 1, p, ep);
    case '*': return max_expand(ms, s, p, ep);
    case '-': return min_expand(ms, s, p, ep);
    default:
        *next = ep;
        return s + 1;
    }
}

/* Matches pattern p (to pat_end) at s: the end of the match, or NULL.
   Tail positions loop instead of recursing. */
static const char *do_match(struct mstate *ms, const char *s, const char *p)
{
    if (ms->depth-- == 0)
        luaL_error(ms->L, "pattern too complex");
    while (s && p != ms->pat_end) {
        step(ms);
        const char *next = NULL;
        if (*p == '(') {
            s = p[1] == ')' ? start_capture(ms, s, p + 2, CAP_POSITION)
                            : start_capture(ms, s, p + 1, CAP_UNFINISHED);
        } else if (*p == ')') {
            s = end_capture(ms, s, p + 1);
        } else if (*p == '$' && p + 1 == ms->pat_end) {
            s = s == ms->src_end ? s : NULL;
        } else if (*p == ESC && p[1] == 'b') {
            s = match_balance(ms, s, p + 2);
            next = s ? p + 4 : NULL;
        } else if (*p == ESC && p[1] == 'f') {
            p += 2;
            if (*p != '[')
                luaL_error(ms->L, "missing '[' after '%%f' in pattern");
            const char *ep = class_end(ms, p);
            int prev = s == ms->src ? '\0' : (unsigned char)s[-1];
            int cur = (unsigned char)*s;
            if (!match_set(prev, p, ep - 1) && match_set(cur, p, ep - 1))
                next = ep;
            else
                s = NULL;
        } else if (*p == ESC && isdigit((unsigned char)p[1])) {
            s = match_backref(ms, s, (unsigned char)p[1]);
            next = s ? p + 2 : NULL;
        } else {
            s = match_item(ms, s, p, &next);
        }
        if (!next)
            break;
        p = next;
    }
    ms->depth++;
    return s;
}

static void prepare(struct mstate *ms, lua_State *L, const char *s,
                    size_t ls, const char *p, size_t lp)
{
    ms->L = L;
    ms->src = s;
    ms->src_end = s + ls;
    ms->pat_end = p + lp;
    ms->steps = STEP_CHUNK;
}

static void restart(struct mstate *ms)
{
    ms->level = 0;
    ms->depth = MAX_DEPTH;
}

/* Capture i of a match from s to e (the whole match when there are no
   captures); pushes a position capture and returns CAP_POSITION. */
static ptrdiff_t get_capture(struct mstate *ms, int i, const char *s,
                             const char *e, const char **cap)
{
    if (i >= ms->level) {
        if (i != 0)
            luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return e - s;
    }
    ptrdiff_t len = ms->cap[i].len;
    *cap = ms->cap[i].init;
    if (len == CAP_UNFINISHED)
        luaL_error(ms->L, "unfinished capture");
    else if (len == CAP_POSITION)
        lua_pushinteger(ms->L, (ms->cap[i].init - ms->src) + 1);
    return len;
}

static void push_capture(struct mstate *ms, int i, const char *s,
                         const char *e)
{
    const char *cap;
    ptrdiff_t len = get_capture(ms, i, s, e, &cap);
    if (len != CAP_POSITION)
        lua_pushlstring(ms->L, cap, (size_t)len);
}

static int push_captures(struct mstate *ms, const char *s, const char *e)
{
    int n = ms->level == 0 && s ? 1 : ms->level;
    luaL_checkstack(ms->L, n, "too many captures");
    for (int i = 0; i < n; i++)
        push_capture(ms, i, s, e);
    return n;
}

/* A relative initial position (negative counts from the end) as 1-based. */
static size_t start_pos(lua_Integer pos, size_t len)
{
    if (pos > 0)
        return (size_t)pos;
    if (pos == 0 || pos < -(lua_Integer)len)
        return 1;
    return len + (size_t)pos + 1;
}

static int has_specials(const char *p, size_t lp)
{
    for (size_t i = 0; i < lp; i++)
        if (p[i] && strchr(SPECIALS, p[i]))
            return 1;
    return 0;
}

/* A plain search; every candidate position is a step. */
static const char *plain_find(struct mstate *ms, const char *s, size_t ls,
                              const char *p, size_t lp)
{
    if (lp == 0)
        return s;
    if (lp > ls)
        return NULL;
    const char *end = s + (ls - lp) + 1;
    while (s < end) {
        const char *hit = memchr(s, *p, (size_t)(end - s));
        if (!hit)
            return NULL;
        step(ms);
        if (memcmp(hit + 1, p + 1, lp - 1) == 0)
            return hit;
        s = hit + 1;
    }
    return NULL;
}

static int find_aux(lua_State *L, int find)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_pos(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    struct mstate ms;
    prepare(&ms, L, s, ls, p, lp);
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        const char *hit = plain_find(&ms, s + init, ls - init, p, lp);
        settle(&ms);
        if (hit) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (lua_Integer)((size_t)(hit - s) + lp));
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    int anchor = *p == '^';
    if (anchor) {
        p++;
        lp--;
        ms.pat_end = p + lp;
    }
    const char *s1 = s + init;
    do {
        restart(&ms);
        const char *e = do_match(&ms, s1, p);
        if (e) {
            settle(&ms);
            if (find) {
                lua_pushinteger(L, (s1 - s) + 1);
                lua_pushinteger(L, e - s);
                return push_captures(&ms, NULL, NULL) + 2;
            }
            return push_captures(&ms, s1, e);
        }
    } while (s1++ < ms.src_end && !anchor);
    settle(&ms);
    luaL_pushfail(L);
    return 1;
}

static int l_find(lua_State *L)
{
    return find_aux(L, 1);
}

static int l_match(lua_State *L)
{
    return find_aux(L, 0);
}

/* The state of a gmatch iterator (its subject and pattern are upvalues,
   so the pointers stay valid). */
struct gmatch {
    const char *src, *pat, *lastmatch;
    struct mstate ms;
};

static int gmatch_next(lua_State *L)
{
    struct gmatch *g = lua_touserdata(L, lua_upvalueindex(3));
    g->ms.L = L;               /* the iterator may run in another thread */
    for (const char *s = g->src; s <= g->ms.src_end; s++) {
        restart(&g->ms);
        const char *e = do_match(&g->ms, s, g->pat);
        if (e && e != g->lastmatch) {
            g->src = g->lastmatch = e;
            settle(&g->ms);
            return push_captures(&g->ms, s, e);
        }
    }
    settle(&g->ms);
    return 0;
}

static int l_gmatch(lua_State *L)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_pos(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);
    struct gmatch *g = lua_newuserdatauv(L, sizeof *g, 0);
    if (init > ls)
        init = ls + 1;         /* past the end: no matches */
    prepare(&g->ms, L, s, ls, p, lp);
    g->src = s + init;
    g->pat = p;
    g->lastmatch = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* The replacement string with %0..%9 and %% expanded. */
static void add_string(struct mstate *ms, luaL_Buffer *b, const char *s,
                       const char *e)
{
    size_t l;
    lua_State *L = ms->L;
    const char *news = lua_tolstring(L, 3, &l);
    const char *p;
    while ((p = memchr(news, ESC, l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;
        if (*p == ESC) {
            luaL_addchar(b, *p);
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*p)) {
            const char *cap;
            ptrdiff_t len = get_capture(ms, *p - '1', s, e, &cap);
            if (len == CAP_POSITION)
                luaL_addvalue(b);
            else
                luaL_addlstring(b, cap, (size_t)len);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", ESC);
        }
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

/* Appends the replacement of the match s..e; returns whether it changed
   the text (a false or nil replacement keeps the match). */
static int add_value(struct mstate *ms, luaL_Buffer *b, const char *s,
                     const char *e, int tr)
{
    lua_State *L = ms->L;
    if (tr == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(ms, s, e);
        lua_call(L, n, 1);
    } else if (tr == LUA_TTABLE) {
        push_capture(ms, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_string(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)",
                          luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int l_gsub(lua_State *L)
{
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *lastmatch = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    int anchor = *p == '^';
    lua_Integer n = 0;
    int changed = 0;
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING ||
                            tr == LUA_TFUNCTION || tr == LUA_TTABLE,
                     3, "string/function/table");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (anchor) {
        p++;
        lp--;
    }
    struct mstate ms;
    prepare(&ms, L, src, srcl, p, lp);
    while (n < max_s) {
        restart(&ms);
        const char *e = do_match(&ms, src, p);
        if (e && e != lastmatch) {
            n++;
            changed = add_value(&ms, &b, src, e, tr) | changed;
            src = lastmatch = e;
        } else if (src < ms.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor)
            break;
    }
    settle(&ms);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

void wslua_open_patterns(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "find", l_find }, { "match", l_match },
        { "gmatch", l_gmatch }, { "gsub", l_gsub },
        { NULL, NULL },
    };
    if (lua_getglobal(L, "string") == LUA_TTABLE)
        luaL_setfuncs(L, fns, 0);
    lua_pop(L, 1);
}
