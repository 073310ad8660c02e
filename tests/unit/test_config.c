/* test_config.c - key table, parsing, validation, hashing, presets. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "config/preset.h"
#include "lua/preset-load.h"
#include "util/suggest.h"

static void test_defaults_valid(void **state)
{
    (void)state;
    struct ws_config c;
    config_init(&c);          /* aborts if any default fails validation */
    assert_int_equal(config_i(&c, CK_SM_COUNT), 1);
    assert_int_equal(config_i(&c, CK_MEM_LIMIT), 256 << 20);   /* "256M" */
    assert_string_equal(config_s(&c, CK_PRESET), "teach");
    config_free(&c);
}

static void test_set_and_errors(void **state)
{
    (void)state;
    struct ws_config c;
    struct ws_diag d = { 0 };
    config_init(&c);
    assert_int_equal(config_set(&c, "sm.count", "15", &d), WS_OK);
    assert_int_equal(config_i(&c, CK_SM_COUNT), 15);
    assert_int_equal(config_set(&c, "sm.shared_bytes", "48K", &d), WS_OK);
    assert_int_equal(config_i(&c, CK_SM_SHARED_BYTES), 49152);
    assert_int_equal(config_set(&c, "sm.count", "0", &d), WS_ERR);
    assert_non_null(strstr(d.msg, "expects an integer in 1..1024, got '0'"));
    assert_int_equal(config_set(&c, "sm.count", "2x", &d), WS_ERR);
    assert_int_equal(config_set(&c, "sm.conut", "2", &d), WS_ERR);
    assert_non_null(strstr(d.msg, "did you mean 'sm.count'"));
    assert_int_equal(config_set(&c, "design", "bogus", &d), WS_ERR);
    assert_non_null(strstr(d.msg, "expects one of: baseline"));
    assert_null(strstr(d.msg, "did you mean"));        /* nothing near */
    diag_reset(&d);
    assert_int_equal(config_set(&c, "design", "tinycahe", &d), WS_ERR);
    assert_non_null(strstr(d.msg, "got 'tinycahe' (did you mean 'tinycache'?)"));
    assert_int_equal(config_i(&c, CK_SM_COUNT), 15);   /* unchanged */
    diag_reset(&d);
    config_free(&c);
}

/* "did you mean": at most 2 edits, and no more than half the name */
static void test_suggest(void **state)
{
    (void)state;
    char near[32];
    const char *opts = "--set --design --preset --dry-run";
    assert_true(ws_suggest("--sett", opts, ' ', near, sizeof near));
    assert_string_equal(near, "--set");
    assert_true(ws_suggest("--dryrun", opts, ' ', near, sizeof near));
    assert_string_equal(near, "--dry-run");
    assert_true(ws_suggest("--prset", opts, ' ', near, sizeof near));
    assert_string_equal(near, "--preset");
    assert_false(ws_suggest("--xyz", opts, ' ', near, sizeof near));   /* 3 edits */
    assert_true(ws_suggest("ltfr", "bl|rfc|ltrf|ltrf+", '|', near, sizeof near));
    assert_string_equal(near, "ltrf");
    assert_false(ws_suggest("ab", "xy|zw", '|', near, sizeof near));
}

static void test_hash(void **state)
{
    (void)state;
    struct ws_config a, b;
    struct ws_diag d = { 0 };
    char ha[17], hb[17];
    config_init(&a);
    config_init(&b);
    config_hash(&a, ha);
    config_hash(&b, hb);
    assert_string_equal(ha, hb);
    /* The preset's name alone does not change the configuration. */
    config_set(&b, "preset", "somewhere", &d);
    config_hash(&b, hb);
    assert_string_equal(ha, hb);
    config_set(&b, "sm.count", "2", &d);
    config_hash(&b, hb);
    assert_string_not_equal(ha, hb);
    config_free(&a);
    config_free(&b);
}

static void test_layering(void **state)
{
    (void)state;
    /* defaults < preset < scenario < command line; a command-line preset
       beats the scenario's. */
    struct config_assigns scen = { 0 }, cli = { 0 };
    struct ws_diag d = { 0 };
    config_assigns_add(&scen, "preset", "teach", "s.lua", 1);
    config_assigns_add(&scen, "sm.count", "3", "s.lua", 1);
    config_assigns_add(&scen, "sm.max_ctas", "4", "s.lua", 1);
    assert_int_equal(config_assigns_parse(&cli, "preset=fermi", &d), WS_OK);
    assert_int_equal(config_assigns_parse(&cli, " sm.max_ctas = 2", &d), WS_OK);
    struct ws_config c;
    assert_int_equal(config_resolve(&c, &scen, &cli, &d), WS_OK);
    assert_string_equal(config_s(&c, CK_PRESET), "fermi");
    assert_int_equal(config_i(&c, CK_SM_MAX_THREADS), 1536);  /* preset */
    assert_int_equal(config_i(&c, CK_SM_COUNT), 3);           /* scenario */
    assert_int_equal(config_i(&c, CK_SM_MAX_CTAS), 2);        /* command line */
    config_free(&c);
    config_assigns_free(&scen);
    config_assigns_free(&cli);
}

static void test_preset_inheritance(void **state)
{
    (void)state;
    struct config_assigns cli = { 0 };
    struct ws_diag d = { 0 };
    config_assigns_parse(&cli, "preset=fermi-tc", &d);
    struct ws_config c;
    assert_int_equal(config_resolve(&c, NULL, &cli, &d), WS_OK);
    assert_int_equal(config_i(&c, CK_SM_COUNT), 4);           /* own */
    assert_int_equal(config_i(&c, CK_SM_MAX_WARPS), 24);
    assert_int_equal(config_i(&c, CK_SM_REGISTERS), 32768);   /* from fermi */
    char pol[32];                                              /* TC sec. 4 */
    assert_string_equal(config_enum_name(&c, CK_SCHED_POLICY, pol, sizeof pol),
                        "lrr-mem");
    config_free(&c);
    config_assigns_free(&cli);
    config_assigns_parse(&cli, "preset=no-such", &d);
    assert_int_equal(config_resolve(&c, NULL, &cli, &d), WS_ERR);
    assert_non_null(strstr(d.msg, "unknown preset 'no-such' (available: fermi,"));
    config_free(&c);
    config_assigns_free(&cli);
    diag_reset(&d);
}

static void test_help_lists_every_key(void **state)
{
    (void)state;
    struct strbuf b;
    sb_init(&b);
    config_help(&b);
    for (int i = 0; i < CK__COUNT; i++)
        assert_non_null(strstr(sb_str(&b), config_key(i)->name));
    sb_free(&b);
}

int main(void)
{
    wslua_use_for_presets();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_valid),
        cmocka_unit_test(test_set_and_errors),
        cmocka_unit_test(test_suggest),
        cmocka_unit_test(test_hash),
        cmocka_unit_test(test_layering),
        cmocka_unit_test(test_preset_inheritance),
        cmocka_unit_test(test_help_lists_every_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
