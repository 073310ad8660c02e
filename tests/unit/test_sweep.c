/*
** test_sweep.c - `warpscope sweep`: the JSON reader, paths into statistics,
** quoting, the sweep file's checks and the order and ids of points.
** cli/ is not part of libwarpscope.a, which is all the unit tests link, so
** this test compiles the command's source in (its helpers are static) and
** stands in for the two functions main.c gives it. Run from the
** repository root: the fixtures in tests/sweep/ name paths from there.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "cli/cli.c"
#include "cli/sweep-file.c"
#include "cli/sweep.c"
#include "cli/sweep-plots.c"
#include "cli/sweep-report.c"
#include "cli/plot.c"
#include "lua/preset-load.h"

static struct jv *parse(const char *text, struct ws_diag *d)
{
    return jv_parse(text, strlen(text), "t.json", d);
}

/* The rendered first line of the error parsing text gives. */
static void parse_error(const char *text, const char *want)
{
    struct ws_diag d = { 0 };
    struct jv *v = parse(text, &d);
    assert_null(v);
    struct strbuf b;
    sb_init(&b);
    diag_render(&d, &b);
    char *nl = strchr(b.s, '\n');
    *nl = '\0';
    assert_string_equal(b.s, want);
    sb_free(&b);
    diag_reset(&d);
}

static void test_json_values(void **state)
{
    (void)state;
    struct ws_diag d = { 0 };
    struct jv *v = parse(" {\"a\": [1, -2.5e1, true, false, null, {}],\n"
                         "  \"s\": \"q\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\xc3\xa9\",\n"
                         "  \"big\": 9223372036854775808, \"min\": -9223372036854775808,\n"
                         "  \"z\": -0, \"e\": 1E+2 } \n", &d);
    assert_non_null(v);
    assert_int_equal(v->kind, JV_OBJ);
    const struct jv *a = jv_get(v, "a");
    assert_int_equal(a->n, 6);
    assert_int_equal(a->items[0]->kind, JV_INT);
    assert_int_equal(a->items[0]->u.i, 1);
    assert_int_equal(a->items[1]->kind, JV_NUM);
    assert_true(a->items[1]->u.d == -25.0);
    assert_true(a->items[2]->kind == JV_BOOL && a->items[2]->u.b);
    assert_true(a->items[3]->kind == JV_BOOL && !a->items[3]->u.b);
    assert_int_equal(a->items[4]->kind, JV_NULL);
    assert_true(a->items[5]->kind == JV_OBJ && a->items[5]->n == 0);
    assert_string_equal(jv_get(v, "s")->u.s,
                        "q\"\\/\b\f\n\r\t\xc3\xa9\xf0\x9f\x98\x80\xc3\xa9");
    /* Past int64: a double, not a wrapped integer. */
    assert_int_equal(jv_get(v, "big")->kind, JV_NUM);
    assert_true(jv_get(v, "big")->u.d == 9223372036854775808.0);
    assert_int_equal(jv_get(v, "min")->kind, JV_INT);
    assert_true(jv_get(v, "min")->u.i == INT64_MIN);
    assert_int_equal(jv_get(v, "z")->kind, JV_INT);
    assert_true(jv_get(v, "e")->kind == JV_NUM && jv_get(v, "e")->u.d == 100.0);
    /* What the reader keeps, the writer writes back. */
    struct strbuf b;
    sb_init(&b);
    jv_write(jv_get(v, "a"), &b, 0);
    assert_string_equal(sb_str(&b), "[1,-25.0,true,false,null,{}]");
    sb_free(&b);
    jv_free(v);
    assert_false(diag_has_error(&d));
}

static void test_json_errors(void **state)
{
    (void)state;
    parse_error("", "t.json:1:1: error: expected a value, found the end of the text");
    parse_error("{\"a\": 1,}", "t.json:1:9: error: expected a string key");
    parse_error("[1, 2,]", "t.json:1:7: error: expected a JSON value (object, array, string, number, true, false or null)");
    parse_error("{\"a\": 1,\n \"a\": 2}", "t.json:2:2: error: duplicate key \"a\"");
    parse_error("{\"a\" 1}", "t.json:1:6: error: expected ':' after the key");
    parse_error("[1 2]", "t.json:1:4: error: expected ',' or ']'");
    parse_error("{\"a\": 1", "t.json:1:8: error: expected ',' or '}'");
    parse_error("01", "t.json:1:2: error: unexpected text after the JSON value");
    parse_error("1.", "t.json:1:3: error: expected a digit after '.'");
    parse_error("-", "t.json:1:2: error: expected a digit");
    parse_error("1e", "t.json:1:3: error: expected a digit in the exponent");
    parse_error("1e999", "t.json:1:1: error: number out of range");
    parse_error("NaN", "t.json:1:1: error: expected a JSON value (object, array, string, number, true, false or null)");
    parse_error("tru", "t.json:1:1: error: expected a JSON value (object, array, string, number, true, false or null)");
    parse_error("truex", "t.json:1:1: error: expected a JSON value (object, array, string, number, true, false or null)");
    parse_error("\"abc", "t.json:1:5: error: unterminated string: expected '\"'");
    parse_error("\"a\tb\"", "t.json:1:3: error: control character 0x09 in a string (write it as \\u0009)");
    parse_error("\"\\x\"", "t.json:1:2: error: unknown escape '\\x' (expected \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)");
    parse_error("\"\\u12g4\"", "t.json:1:2: error: malformed \\u escape: expected four hex digits");
    parse_error("\"\\ud800x\"", "t.json:1:2: error: unpaired UTF-16 surrogate in a \\u escape");
    parse_error("\"\\udc00\"", "t.json:1:2: error: unpaired UTF-16 surrogate in a \\u escape");
    parse_error("\"\\u0000\"", "t.json:1:2: error: \\u0000 is not supported in strings");
    parse_error("\"\xc3\x28\"", "t.json:1:2: error: invalid UTF-8 in a string");
    parse_error("\"\xed\xa0\x80\"", "t.json:1:2: error: invalid UTF-8 in a string");
    parse_error("{} {}", "t.json:1:4: error: unexpected text after the JSON value");
    parse_error("// c\n{}", "t.json:1:1: error: expected a JSON value (object, array, string, number, true, false or null)");
    /* Deep nesting is an error, not a stack overflow. */
    char deep[1001];
    memset(deep, '[', 1000);
    deep[1000] = '\0';
    parse_error(deep, "t.json:1:201: error: values nested deeper than 200 levels");
    /* The diagnostic quotes the line for a caret. */
    struct ws_diag d = { 0 };
    assert_null(parse("{\n  \"x\": [1,, 2]\n}", &d));
    struct strbuf b;
    sb_init(&b);
    diag_render(&d, &b);
    assert_string_equal(sb_str(&b),
                        "t.json:2:11: error: expected a JSON value (object, array, string, number, true, false or null)\n"
                        "      \"x\": [1,, 2]\n"
                        "              ^\n");
    sb_free(&b);
    diag_reset(&d);
}

static void test_jv_path(void **state)
{
    (void)state;
    struct ws_diag d = { 0 };
    struct jv *v = parse("{\"launches\": [{\"n\": 5}, {\"n\": 7}],"
                         " \"l1d\": {\"hits\": 3}, \"a.b\": {\"c\": 9}, \"a\": {\"b\": 1}}", &d);
    assert_non_null(v);
    assert_int_equal(jv_path(v, "launches.1.n")->u.i, 5);
    assert_int_equal(jv_path(v, "launches.2.n")->u.i, 7);
    assert_null(jv_path(v, "launches.0.n"));     /* 1-based */
    assert_null(jv_path(v, "launches.3.n"));
    assert_null(jv_path(v, "launches.x"));
    assert_int_equal(jv_path(v, "l1d.hits")->u.i, 3);
    assert_null(jv_path(v, "l1d.hits.more"));
    assert_null(jv_path(v, "l2.hits"));
    /* A key with a dot wins over descending (the longest key matches). */
    assert_int_equal(jv_path(v, "a.b.c")->u.i, 9);
    assert_int_equal(jv_path(v, "launches")->kind, JV_ARR);
    jv_free(v);
}

static void test_quoting(void **state)
{
    (void)state;
    struct strbuf b;
    sb_init(&b);
    shell_quote(&b, "/a/b-c_d.e=f:g,h+i@j%k");
    sb_putc(&b, ' ');
    shell_quote(&b, "it's a $HOME");
    sb_putc(&b, ' ');
    shell_quote(&b, "");
    sb_putc(&b, ' ');
    shell_quote(&b, "a;b");
    assert_string_equal(sb_str(&b), "/a/b-c_d.e=f:g,h+i@j%k 'it'\\''s a $HOME' '' 'a;b'");
    sb_clear(&b);
    csv_field(&b, "plain");
    sb_putc(&b, ',');
    csv_field(&b, "a,b");
    sb_putc(&b, ',');
    csv_field(&b, "say \"hi\"");
    sb_putc(&b, ',');
    csv_field(&b, "two\nlines");
    assert_string_equal(sb_str(&b), "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"");
    sb_free(&b);
}

static void test_order_and_ids(void **state)
{
    (void)state;
    struct sweep s;
    struct ws_diag d = { 0 };
    assert_int_equal(sweep_load(&s, "tests/sweep/order.lua", &d), WS_OK);
    assert_string_equal(s.name, "order");
    assert_int_equal(s.npoints, 8);
    /* Keys sorted; values as --set texts, in list order. */
    assert_int_equal(s.nkeys, 2);
    assert_string_equal(s.keys[0].name, "preset");
    assert_string_equal(s.keys[1].name, "sm.count");
    assert_string_equal(s.keys[1].vals[0], "2");
    assert_string_equal(s.keys[1].vals[1], "4");
    struct point *p = expand_points(&s);
    assert_non_null(p);
    static const char *const want[] = {
        "saxpy__preset=teach__sm.count=2",
        "saxpy__preset=teach__sm.count=4",
        NULL, NULL,
        "bfs__preset=teach__sm.count=2",
        "bfs__preset=teach__sm.count=4",
        NULL, NULL,
    };
    for (size_t i = 0; i < 8; i++) {
        assert_int_equal(p[i].scen, i / 4);
        assert_int_equal(p[i].vi[0], i / 2 % 2);
        assert_int_equal(p[i].vi[1], i % 2);
        if (want[i]) {
            assert_string_equal(p[i].id, want[i]);
            continue;
        }
        /* '/' is not allowed in an id: sanitised, plus a hash. */
        const char *stem = i < 4 ? "saxpy" : "bfs";
        char prefix[80];
        snprintf(prefix, sizeof prefix, "%s__preset=examples-configs-fermi.lua__sm.count=%c-",
                 stem, i % 2 ? '4' : '2');
        assert_int_equal(strncmp(p[i].id, prefix, strlen(prefix)), 0);
        assert_int_equal(strlen(p[i].id), strlen(prefix) + 8);
    }
    /* Stable: the same content gives the same id. */
    char *again = point_id(&s, &p[2], false);
    assert_string_equal(again, p[2].id);
    free(again);
    assert_string_not_equal(p[2].id, p[6].id);
    points_free(p, s.npoints);
    sweep_free(&s);
}

/* Ids that would collide, or grow too long, get hash suffixes. */
static void test_id_collisions(void **state)
{
    (void)state;
    char a[] = "a/run.lua", b[] = "b/run.lua", v1[] = "x y", v2[] = "x_y";
    char kname[] = "k", only[] = "only.lua";
    char *scen[2] = { a, b }, *vals[2] = { v1, v2 };
    struct sweep_key key = { kname, vals, 2 };
    struct sweep s = { 0 };
    s.scen = scen;
    s.nscen = 2;
    s.keys = &key;
    s.nkeys = 1;
    s.npoints = 4;
    struct point *p = expand_points(&s);
    assert_non_null(p);
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(strncmp(p[i].id, "run__k=x", 8), 0);
        assert_int_equal(strlen(p[i].id), strlen("run__k=x_y-") + 8);
        for (size_t k = 0; k < i; k++)
            assert_string_not_equal(p[i].id, p[k].id);
    }
    points_free(p, 4);
    char *one[1] = { only };
    char longval[300];
    memset(longval, 'v', sizeof longval - 1);
    longval[sizeof longval - 1] = '\0';
    char *lv[1] = { longval };
    key.vals = lv;
    key.n = 1;
    s.scen = one;
    s.nscen = 1;
    s.npoints = 1;
    p = expand_points(&s);
    assert_int_equal(strlen(p[0].id), ID_MAX);
    assert_int_equal(strncmp(p[0].id, "only__k=vvv", 11), 0);
    points_free(p, 1);
}

/* The rendered diagnostic for loading a bad sweep file. */
static void load_error(const char *file, const char *want)
{
    struct sweep s;
    struct ws_diag d = { 0 };
    assert_int_equal(sweep_load(&s, file, &d), WS_ERR);
    struct strbuf b;
    sb_init(&b);
    diag_render(&d, &b);
    assert_string_equal(sb_str(&b), want);
    sb_free(&b);
    diag_reset(&d);
    sweep_free(&s);
}

static void test_bad_sweep_files(void **state)
{
    (void)state;
    load_error("tests/sweep/bad_key.lua",
               "tests/sweep/bad_key.lua:4:3: error: unknown key 'sett' in the sweep table (did you mean 'set'?)\n"
               "      sett = { [\"sm.count\"] = { 1, 2 } },\n"
               "      ^~~~\n"
               "note: a sweep table has the keys name, scenarios, set, fixed, cases, columns, report and plots\n");
    load_error("tests/sweep/bad_empty_list.lua",
               "tests/sweep/bad_empty_list.lua:5:6: error: set[\"sm.count\"] is an empty list: it would leave the sweep with no points\n"
               "        [\"sm.count\"] = {},\n"
               "         ^~~~~~~~~~\n");
    load_error("tests/sweep/bad_not_list.lua",
               "tests/sweep/bad_not_list.lua:4:12: error: set[\"sm.count\"] must be a list of values, e.g. { 1, 2 } (a single value belongs in fixed)\n"
               "      set = { [\"sm.count\"] = 2 },\n"
               "               ^~~~~~~~~~\n");
    load_error("tests/sweep/bad_config_key.lua",
               "tests/sweep/bad_config_key.lua:5:6: error: set: unknown config key 'sm.cont' (did you mean 'sm.count'?)\n"
               "        [\"sm.cont\"] = { 1, 2 },\n"
               "         ^~~~~~~~~\n"
               "note: `warpscope --help config` lists every key\n");
    load_error("tests/sweep/bad_value.lua",
               "tests/sweep/bad_value.lua:6:6: error: config key 'sm.count' expects an integer in 1..1024, got '0'\n"
               "        [\"sm.count\"] = { 1, 0 },\n"
               "         ^~~~~~~~~~\n");
    load_error("tests/sweep/bad_scenario.lua",
               "tests/sweep/bad_scenario.lua:4:17: error: scenario '../../examples/scenarios/nonesuch.lua' not found (looked for tests/sweep/../../examples/scenarios/nonesuch.lua: No such file or directory)\n"
               "                    \"../../examples/scenarios/nonesuch.lua\" },\n"
               "                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n");
    load_error("tests/sweep/bad_not_table.lua",
               "tests/sweep/bad_not_table.lua: error: a sweep file must return a table (return { name = ..., scenarios = { ... }, set = { ... } }); this one returns nothing\n");
    load_error("tests/sweep/nonesuch.lua",
               "tests/sweep/nonesuch.lua: error: cannot read the sweep file: No such file or directory\n");
}

/* Loads a sweep file with this text (written to /tmp; "SAXPY" and "BFS"
   stand for absolute paths of the example scenarios) and checks that the
   load fails with a message containing want, or succeeds when want is
   NULL. */
static void check_text(const char *lua, const char *want)
{
    char cwd[PATH_MAX], path[] = "/tmp/ws-test-sweep-XXXXXX.lua";
    assert_non_null(getcwd(cwd, sizeof cwd));
    int fd = mkstemps(path, 4);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    for (const char *p = lua; *p; p++) {
        if (strncmp(p, "SAXPY", 5) == 0 || strncmp(p, "BFS", 3) == 0) {
            fprintf(f, "%s/examples/scenarios/%s.lua", cwd, *p == 'S' ? "saxpy" : "bfs");
            p += *p == 'S' ? 4 : 2;
        } else {
            fputc(*p, f);
        }
    }
    fclose(f);
    struct sweep s;
    struct ws_diag d = { 0 };
    int rc = sweep_load(&s, path, &d);
    if (!want) {
        if (rc != WS_OK)
            cli_print_diag(&d);
        assert_int_equal(rc, WS_OK);
    } else {
        assert_int_equal(rc, WS_ERR);
        if (!strstr(d.msg, want))
            fail_msg("'%s' does not contain '%s'", d.msg, want);
        assert_string_equal(d.file, path);
    }
    diag_reset(&d);
    sweep_free(&s);
    remove(path);
}

static void test_sweep_checks(void **state)
{
    (void)state;
    check_text("return { scenarios = { \"SAXPY\" } }", NULL);
    check_text("return { scenarios = { \"SAXPY\", \"BFS\" }, set = { design = { \"baseline\" }, [\"sm.count\"] = { 1, \"2\", 3 } },\n"
               " fixed = { preset = \"fermi\", [\"mem.limit\"] = \"64M\" }, columns = { \"a.b\", \"launches.1.x\" } }", NULL);
    check_text("return {}", "needs scenarios = {");
    check_text("return { scenarios = {} }", "scenarios is an empty list");
    check_text("return { scenarios = \"SAXPY\" }", "scenarios must be a list of scenario files");
    check_text("return { scenarios = { \"SAXPY\", 3 } }", "scenarios[2] must be a string");
    check_text("return { scenarios = { \"SAXPY\", \"SAXPY\" } }", "is listed twice");
    check_text("return { \"SAXPY\" }", "has an item without a name");
    check_text("return { name = \"../up\", scenarios = { \"SAXPY\" } }", "name '../up' names the output directory");
    check_text("return { name = 3, scenarios = { \"SAXPY\" } }", "name must be a string, got a number");
    check_text("return { scenarios = { \"SAXPY\" }, set = { 1, 2 } }", "set = { ... } must map configuration keys");
    check_text("return { scenarios = { \"SAXPY\" }, set = 2 }", "set must be a table of configuration keys");
    check_text("return { scenarios = { \"SAXPY\" }, set = { [\"sm.count\"] = { 1, 2, 1 } } }",
               "set[\"sm.count\"] lists the value '1' twice");
    check_text("return { scenarios = { \"SAXPY\" }, set = { [\"sm.count\"] = { 1, \"1\" } } }",
               "lists the value '1' twice");
    check_text("return { scenarios = { \"SAXPY\" }, set = { [\"sm.count\"] = { {} } } }",
               "set[\"sm.count\"][1] must be a string, number or boolean, got a table");
    check_text("return { scenarios = { \"SAXPY\" }, set = { [\"sm.count\"] = { 1 } }, fixed = { [\"sm.count\"] = 2 } }",
               "key 'sm.count' is both in set and in fixed");
    check_text("return { scenarios = { \"SAXPY\" }, fixed = { [\"sm.count\"] = { 1, 2 } } }",
               "fixed[\"sm.count\"] must be a string, number or boolean, got a table (a list of values belongs in set)");
    check_text("return { scenarios = { \"SAXPY\" }, fixed = { preset = \"nonesuch\" } }",
               "unknown preset 'nonesuch'");
    check_text("return { scenarios = { \"SAXPY\" }, set = { preset = { \"teach\", \"nonesuch\" } } }",
               "unknown preset 'nonesuch'");
    check_text("return { scenarios = { \"SAXPY\" }, set = { design = { \"baseline\", \"nope\" } } }",
               "config key 'design' expects one of: baseline");
    check_text("return { scenarios = { \"SAXPY\" }, fixed = { [\"sm.count\"] = 1.5 } }",
               "expects an integer in 1..1024, got '1.5'");
    check_text("return { scenarios = { \"SAXPY\" }, columns = { \"a..b\" } }", "columns[1] must be a dotted path");
    check_text("return { scenarios = { \"SAXPY\" }, columns = {} }", "columns must be a non-empty list");
    check_text("return { scenarios = { \"SAXPY\" }, set = { [\"sm.count\"] = { 1, 2 }, [\"sm.max_ctas\"] = { 1, 2 },\n"
               " [\"sm.max_warps\"] = { 1, 2 } }, columns = { \".x\" } }", "columns[1] must be a dotted path");
    /* The sandbox: no io or os in a sweep file. */
    check_text("io.write('x')\nreturn { scenarios = { \"SAXPY\" } }", "global 'io'");
    check_text("return os.getenv('HOME')", "global 'os'");
}

static void test_exit_records(void **state)
{
    (void)state;
    char path[] = "/tmp/ws-test-sweep-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    static const struct { const char *text; int want; } cases[] = {
        { "0\n", 0 }, { "1", 1 }, { "2\n", 2 }, { "137\n", 137 },
        { "", -1 }, { "x\n", -1 }, { "1 \n", -1 }, { "-1\n", -1 },
        { "1\n\n", -1 }, { "300\n", -1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        FILE *f = fopen(path, "wb");
        fputs(cases[i].text, f);
        fclose(f);
        assert_int_equal(read_exit(path), cases[i].want);
    }
    remove(path);
    assert_int_equal(read_exit(path), -1);
}

int main(void)
{
    wslua_use_for_presets();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_values),
        cmocka_unit_test(test_json_errors),
        cmocka_unit_test(test_jv_path),
        cmocka_unit_test(test_quoting),
        cmocka_unit_test(test_order_and_ids),
        cmocka_unit_test(test_id_collisions),
        cmocka_unit_test(test_bad_sweep_files),
        cmocka_unit_test(test_sweep_checks),
        cmocka_unit_test(test_exit_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
