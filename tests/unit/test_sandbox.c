/*
** test_sandbox.c - the sandbox's budget covers work Lua does in C: the
** counted pattern matcher gives Lua's results (compared with Lua's own
** string library on fixed and generated cases) and stops a backtracking
** pattern at the budget; finalisers are refused; string.rep and
** table.move cannot loop for nothing.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lua/sandbox.h"

/* Runs every pattern function on (s, p, init) and renders the results
   (or the error messages) as one string. */
static const char *probe_src =
    "local function ser(...)\n"
    "  local t, out = table.pack(...), {}\n"
    "  for i = 1, t.n do out[#out + 1] = type(t[i]) .. ':' .. tostring(t[i]) end\n"
    "  return table.concat(out, ',')\n"
    "end\n"
    "function probe(s, p, init)\n"
    "  local r = {}\n"
    "  r[#r + 1] = ser(pcall(string.find, s, p, init))\n"
    "  r[#r + 1] = ser(pcall(string.find, s, p, init, true))\n"
    "  r[#r + 1] = ser(pcall(string.match, s, p, init))\n"
    "  r[#r + 1] = ser(pcall(function()\n"
    "    local acc = {}\n"
    "    for a, b in string.gmatch(s, p, init) do\n"
    "      acc[#acc + 1] = tostring(a) .. '|' .. tostring(b)\n"
    "    end\n"
    "    return table.concat(acc, ';')\n"
    "  end))\n"
    "  r[#r + 1] = ser(pcall(string.gsub, s, p, '<%0>'))\n"
    "  r[#r + 1] = ser(pcall(string.gsub, s, p, '%1%%'))\n"
    "  r[#r + 1] = ser(pcall(string.gsub, s, p, { a = 'A', ab = false, b = 7 }))\n"
    "  r[#r + 1] = ser(pcall(string.gsub, s, p,\n"
    "    function(x, y) if y then return x .. y end end, 3))\n"
    "  return table.concat(r, '\\n')\n"
    "end\n";

static lua_State *reference(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    assert_int_equal(luaL_loadstring(L, probe_src), LUA_OK);
    assert_int_equal(lua_pcall(L, 0, 0, 0), LUA_OK);
    return L;
}

static lua_State *sandboxed(int64_t budget)
{
    lua_State *L = wslua_new(NULL, budget, 64 << 20, false);
    assert_non_null(L);
    assert_int_equal(luaL_loadstring(L, probe_src), LUA_OK);
    assert_int_equal(lua_pcall(L, 0, 0, 0), LUA_OK);
    return L;
}

/* probe(s, p, init) in L; the rendering, or the error. */
static char *run_probe(lua_State *L, const char *s, size_t ls, const char *p,
                       size_t lp, int init)
{
    lua_getglobal(L, "probe");
    lua_pushlstring(L, s, ls);
    lua_pushlstring(L, p, lp);
    lua_pushinteger(L, init);
    int rc = lua_pcall(L, 3, 1, 0);
    const char *r = lua_tostring(L, -1);
    char *out = strdup(r ? r : "?");
    assert_non_null(out);
    (void)rc;
    lua_pop(L, 1);
    return out;
}

static void same(lua_State *ref, lua_State *box, const char *s, size_t ls,
                 const char *p, size_t lp, int init)
{
    char *a = run_probe(ref, s, ls, p, lp, init);
    char *b = run_probe(box, s, ls, p, lp, init);
    if (strcmp(a, b) != 0) {
        fprintf(stderr, "subject '%.*s' pattern '%.*s' init %d\nLua:\n%s\nwarpscope:\n%s\n",
                (int)ls, s, (int)lp, p, init, a, b);
        fail();
    }
    free(a);
    free(b);
}

static void test_patterns_like_lua(void **state)
{
    (void)state;
#define C(s, p, i) { s, sizeof s - 1, p, sizeof p - 1, i }
    static const struct {
        const char *s;
        size_t ls;
        const char *p;
        size_t lp;
        int init;
    } cases[] = {
        C("hello world", "o", 1),            C("hello world", "o w", 1),
        C("hello world", "(o)(r)", 1),       C("hello world", "()ll()", 1),
        C("hello world", "^h(.-)o", 1),      C("hello world", "^w", 1),
        C("hello world", "d$", 1),           C("hello world", "l+", 4),
        C("hello world", "l*", -3),          C("hello world", "x?l", 1),
        C("hello world", "%a+", 1),          C("hello world", "%A", 1),
        C(" \t trim me \n", "^%s*(.-)%s*$", 1), C("key = value", "(%w+)%s*=%s*(%w+)", 1),
        C("THE (quick) fox", "%((%a+)%)", 1), C("f(a(b)c)d", "%b()", 1),
        C("THE (quick) fox", "%f[%a]%a+", 1), C("hello", "%f[%l]", 1),
        C("abcabc", "(abc)%1", 1),           C("aaa", "(a)%2", 1),
        C("x = 1, y = 22", "%d+", 1),        C("[a]", "[]]", 1),
        C("a-b", "[a-]", 2),                 C("a^b", "[%^b]+", 1),
        C("abc", "[^a]+", 1),                C("abc", "[a-c", 1),
        C("abc", "%", 1),                    C("abc", "(()", 1),
        C("abc", "a)", 1),                   C("abc", "%bx", 1),
        C("abc", "%fa", 1),                  C("abc", "", 1),
        C("abc", "", 10),                    C("", "", 1),
        C("abc", ".-", 1),                   C("a.b.c", ".", 1),
        C("a.b.c", "%.", 1),                 C("a+b", "a+b", 1),
        C("ab", "a$b", 1),                   C("a$", "a$", 1),
        C("0x1F", "^0[xX](%x+)$", 1),        C("CamelCaseWord", "%u%l*", 1),
        C("one two  three", "(%S+)", 1),     C("a,b,,c", "([^,]*)", 1),
        C("aaa", "a-b", 1),                  C("ab12cd", "%d%d", -4),
        C("x", "((((((((((((((((((((((((((((((((((x))))))))))))))))))))))))))))))))", 1),
        C("\0a\0", "%z", 1),                 C("a\0b", "[\0]", 1),
        C("ábc", "[\x80-\xff]+", 1),        C("hello", "%w%w-$", 1),
        C("ab", "()a()b()", 2),              C("abab", "ab", -2),
    };
    lua_State *ref = reference(), *box = sandboxed(1000000000);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        same(ref, box, cases[i].s, cases[i].ls, cases[i].p, cases[i].lp,
             cases[i].init);
#undef C
    lua_close(ref);
    wslua_close(box);
}

/* Patterns built from the language's pieces, on short subjects: the two
   implementations must agree on every result and every error message. */
static void test_generated_patterns_like_lua(void **state)
{
    (void)state;
    static const char *pieces[] = {
        "a", "b", ".", "%a", "%d", "[ab]", "[^a]", "*", "+", "-", "?", "(",
        ")", "()", "%1", "%bab", "%f[a]", "^", "$", "%", "[", "]", "%s",
    };
    static const char *subjects[] = { "", "a", "ab", "aab", "abba", "a1b2",
                                      "baaab", "ab ab", "(a)b" };
    lua_State *ref = reference(), *box = sandboxed(1000000000);
    uint32_t x = 12345;
    for (int n = 0; n < 3000; n++) {
        char p[64] = "";
        int k = 1 + n % 6;
        for (int i = 0; i < k; i++) {
            x = x * 1103515245u + 12345u;
            strcat(p, pieces[(x >> 16) % (sizeof pieces / sizeof pieces[0])]);
        }
        x = x * 1103515245u + 12345u;
        const char *s = subjects[(x >> 16) % (sizeof subjects / sizeof subjects[0])];
        int init = (int)((x >> 8) % 5) - 1;
        same(ref, box, s, strlen(s), p, strlen(p), init);
    }
    lua_close(ref);
    wslua_close(box);
}

/* Runs chunk in a sandbox with the given budget; returns its error (or
   "" when it ran), to be freed. */
static char *run(const char *chunk, int64_t budget)
{
    lua_State *L = wslua_new(NULL, budget, 64 << 20, false);
    assert_non_null(L);
    struct ws_diag d = { 0 };
    assert_int_equal(luaL_loadstring(L, chunk), LUA_OK);
    int rc = wslua_pcall(L, 0, 0, &d);
    char *out = strdup(rc == WS_OK ? "" : d.msg ? d.msg : "?");
    assert_non_null(out);
    diag_reset(&d);
    wslua_close(L);
    return out;
}

static void test_backtracking_stops_at_budget(void **state)
{
    (void)state;
    /* 30 a's against (a*){12}b backtracks for minutes without a budget. */
    char *e = run("local s = string.rep('a', 30)\n"
                  "return s:find(string.rep('a*', 12) .. 'b')", 100000);
    assert_non_null(strstr(e, "ran more than 100000 Lua instructions"));
    assert_non_null(strstr(e, "pattern matching counts one per step"));
    free(e);
    e = run("local s = string.rep('a', 3000)\n"
            "for i = 1, 3 do s:gsub('(a-)(a-)(a-)b', '') end", 100000);
    assert_non_null(strstr(e, "pattern matching counts one per step"));
    free(e);
    /* Ordinary matching is cheap: the same text without backtracking. */
    e = run("local s = string.rep('a', 30)\n"
            "assert(s:find('a+') == 1)\n"
            "assert(select(2, s:gsub('a', 'b')) == 30)", 100000);
    assert_string_equal(e, "");
    free(e);
    /* A plain search counts too. */
    e = run("local s = string.rep('a', 200000)\n"
            "return s:find(string.rep('a', 1000) .. 'b', 1, true)", 100000);
    assert_non_null(strstr(e, "pattern matching counts one per step"));
    free(e);
}

static void test_c_loops_bounded(void **state)
{
    (void)state;
    char *e = run("setmetatable({}, { __gc = function() while true do end end })",
                  100000);
    assert_non_null(strstr(e, "__gc metamethods (finalisers) are not allowed"));
    free(e);
    e = run("local t = setmetatable({}, { __index = function() return 1 end })\n"
            "assert(t.x == 1)", 100000);
    assert_string_equal(e, "");
    free(e);
    e = run("assert(string.rep('', math.maxinteger) == '')\n"
            "assert(string.rep('', 5, '') == '')\n"
            "assert(string.rep('ab', 3, ',') == 'ab,ab,ab')", 100000);
    assert_string_equal(e, "");
    free(e);
    e = run("table.move({}, 1, math.maxinteger - 1, 2)", 100000);
    assert_non_null(strstr(e, "table.move counts one per element"));
    free(e);
    e = run("local t = table.move({ 1, 2, 3 }, 1, 3, 2)\n"
            "assert(t[1] == 1 and t[2] == 1 and t[3] == 2 and t[4] == 3)", 100000);
    assert_string_equal(e, "");
    free(e);
}

/* The replaced library functions behave as Lua's on ordinary input. */
static void test_replacements_like_lua(void **state)
{
    (void)state;
    static const char *chunk =
        "local r = {}\n"
        "local function add(...)\n"
        "  local a, b = ...\n"
        "  r[#r + 1] = select('#', ...) .. ':' .. tostring(a) .. ',' .. tostring(b)\n"
        "end\n"
        "add(pcall(string.rep, 'ab', 3, ','))\n"
        "add(pcall(string.rep, 'ab', 0))\n"
        "add(pcall(string.rep, '', 5, '-'))\n"
        "add(pcall(string.rep, 'x', -1, 'y'))\n"
        "add(pcall(string.rep, 'x', 2.5))\n"
        "add(pcall(string.rep))\n"
        "local t = { 1, 2, 3, 4, 5 }\n"
        "table.move(t, 1, 3, 2); add(table.concat(t, ' '))\n"
        "t = { 1, 2, 3, 4, 5 }\n"
        "table.move(t, 2, 4, 1); add(table.concat(t, ' '))\n"
        "local u = table.move({ 7, 8 }, 1, 2, 3, { 0 }); add(u[1], u[4])\n"
        "add(pcall(table.move, {}, 1, 2))\n"
        "add(pcall(table.move, 1, 1, 2, 3))\n"
        "add(pcall(table.move, {}, -1, math.maxinteger, 1))\n"
        "add(pcall(table.move, {}, 1, 2, math.maxinteger))\n"
        "local p = setmetatable({}, { __metatable = 'locked' })\n"
        "add(pcall(setmetatable, p, {}))\n"
        "add(pcall(setmetatable, {}, 5))\n"
        "add(pcall(setmetatable, 5, {}))\n"
        "add(getmetatable(setmetatable({}, nil)))\n"
        "add(getmetatable(setmetatable({}, { __index = {} })) ~= nil)\n"
        "return table.concat(r, '|')\n";
    char *out[2];
    for (int k = 0; k < 2; k++) {
        lua_State *L = k ? wslua_new(NULL, 1000000, 64 << 20, false)
                         : luaL_newstate();
        if (!k)
            luaL_openlibs(L);
        assert_int_equal(luaL_loadstring(L, chunk), LUA_OK);
        if (lua_pcall(L, 0, 1, 0) != LUA_OK)
            fail_msg("%s", lua_tostring(L, -1));
        out[k] = strdup(lua_tostring(L, -1));
        if (k)
            wslua_close(L);
        else
            lua_close(L);
    }
    if (strcmp(out[0], out[1]) != 0)
        fprintf(stderr, "Lua:       %s\nwarpscope: %s\n", out[0], out[1]);
    assert_string_equal(out[0], out[1]);
    free(out[0]);
    free(out[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_patterns_like_lua),
        cmocka_unit_test(test_generated_patterns_like_lua),
        cmocka_unit_test(test_backtracking_stops_at_budget),
        cmocka_unit_test(test_c_loops_bounded),
        cmocka_unit_test(test_replacements_like_lua),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
