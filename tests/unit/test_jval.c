/* test_jval.c - JSON values: order, escaping, number formatting. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "util/jval.h"

static void test_order_and_replace(void **state)
{
    (void)state;
    struct jv *o = jv_obj();
    jv_set(o, "z", jv_int(1));
    jv_set(o, "a", jv_int(2));
    jv_set(o, "z", jv_int(3));            /* replaced in place */
    struct strbuf b;
    sb_init(&b);
    jv_write(o, &b, 0);
    assert_string_equal(sb_str(&b), "{\"z\":3,\"a\":2}");
    sb_free(&b);
    jv_free(o);
}

static void test_numbers_and_strings(void **state)
{
    (void)state;
    struct jv *a = jv_arr();
    jv_push(a, jv_num(0.1));
    jv_push(a, jv_num(1.0 / 3.0));
    jv_push(a, jv_num(2.0));
    jv_push(a, jv_num((double)NAN));
    jv_push(a, jv_int(-9007199254740993LL));
    jv_push(a, jv_str("a\"b\\c\n\x01"));
    struct strbuf b;
    sb_init(&b);
    jv_write(a, &b, 0);
    assert_string_equal(sb_str(&b),
        "[0.1,0.3333333333333333,2.0,null,-9007199254740993,\"a\\\"b\\\\c\\n\\u0001\"]");
    sb_free(&b);
    jv_free(a);
}

static void test_pretty(void **state)
{
    (void)state;
    struct jv *o = jv_obj();
    jv_set(o, "xs", jv_arr());
    jv_push(jv_get(o, "xs"), jv_int(1));
    jv_push(jv_get(o, "xs"), jv_int(2));
    jv_set(o, "o", jv_obj());
    struct strbuf b;
    sb_init(&b);
    jv_write(o, &b, 2);
    assert_string_equal(sb_str(&b), "{\n  \"xs\": [1, 2],\n  \"o\": {}\n}");
    sb_free(&b);
    jv_free(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_and_replace),
        cmocka_unit_test(test_numbers_and_strings),
        cmocka_unit_test(test_pretty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
