/* test_lex.c - PTX tokens: kinds, values, positions, adjacency, errors. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "ptx/lex.h"

static struct token next(struct lexer *lx)
{
    return lex_next(lx);
}

static void test_opcode_glues_modifiers(void **state)
{
    (void)state;
    struct ws_diag d = { 0 };
    struct lexer lx;
    lex_init(&lx, "ld.global.v4.f32 {%f1, _}, [%rd1+-4];", "t.ptx", &d);
    struct token t = next(&lx);
    assert_int_equal(t.kind, TK_IDENT);
    assert_int_equal(t.len, 2);
    t = next(&lx);
    assert_int_equal(t.kind, TK_DOT);
    assert_false(t.spaced);
    assert_int_equal(t.len, 7);          /* .global */
    next(&lx);                           /* .v4 */
    t = next(&lx);                       /* .f32 */
    assert_int_equal(t.kind, TK_DOT);
    assert_int_equal(t.col, 13);
    t = next(&lx);
    assert_int_equal(t.kind, TK_PUNCT);
    assert_int_equal(t.punct, '{');
    assert_true(t.spaced);
    t = next(&lx);
    assert_int_equal(t.kind, TK_IDENT);  /* %f1 */
    assert_int_equal(t.len, 3);
    next(&lx);                           /* , */
    t = next(&lx);
    assert_int_equal(t.kind, TK_IDENT);  /* _ is an identifier (sink) */
    assert_int_equal(t.len, 1);
    diag_reset(&d);
}

static void test_numbers(void **state)
{
    (void)state;
    struct ws_diag d = { 0 };
    struct lexer lx;
    lex_init(&lx, "0x2A 052 0b101 42U 0f3F800000 0d4008000000000000 1.5e3", "t",
             &d);
    struct token t = next(&lx);
    assert_int_equal(t.ival, 42);
    assert_int_equal(next(&lx).ival, 42);    /* octal */
    assert_int_equal(next(&lx).ival, 5);
    t = next(&lx);
    assert_int_equal(t.ival, 42);
    assert_true(t.uns);
    t = next(&lx);
    assert_int_equal(t.kind, TK_FLOAT);
    assert_int_equal(t.fsize, 4);
    assert_true(t.fval == 1.0);
    t = next(&lx);
    assert_int_equal(t.fsize, 8);
    assert_true(t.fval == 3.0);
    t = next(&lx);
    assert_true(t.fval == 1500.0);
    assert_int_equal(next(&lx).kind, TK_EOF);
    diag_reset(&d);
}

static void test_comments_and_lines(void **state)
{
    (void)state;
    struct ws_diag d = { 0 };
    struct lexer lx;
    lex_init(&lx, "// line one\n/* two\nthree */ ret;\n  exit", "t", &d);
    struct token t = next(&lx);
    assert_int_equal(t.line, 3);
    assert_int_equal(t.col, 10);
    next(&lx);
    t = next(&lx);
    assert_int_equal(t.line, 4);
    assert_int_equal(t.col, 3);
    diag_reset(&d);
}

static void test_errors(void **state)
{
    (void)state;
    static const struct {
        const char *src, *msg;
        int col;
    } cases[] = {
        { "mov 0f3F80", "malformed float literal", 5 },
        { "  09", "digit '9' is not valid", 4 },
        { "x /* open", "unterminated comment", 3 },
        { "a # b", "unexpected character '#'", 3 },
        { "99999999999999999999", "does not fit in 64 bits", 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct ws_diag d = { 0 };
        struct lexer lx;
        lex_init(&lx, cases[i].src, "t.ptx", &d);
        struct token t;
        do
            t = next(&lx);
        while (t.kind != TK_ERROR && t.kind != TK_EOF);
        assert_int_equal(t.kind, TK_ERROR);
        assert_non_null(strstr(d.msg, cases[i].msg));
        assert_int_equal(d.col, cases[i].col);
        diag_reset(&d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opcode_glues_modifiers),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_comments_and_lines),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
