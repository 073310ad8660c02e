/* test_print.c - instructions printed with physical registers (print.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "harness.h"
#include "compile/image.h"
#include "compile/print.h"
#include "util/strbuf.h"

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

static void expect_inst(const struct kimage *k, int32_t i, const char *want)
{
    struct strbuf b;
    sb_init(&b);
    print_inst(k, i, false, &b);
    assert_string_equal(sb_str(&b), want);
    sb_free(&b);
}

/* An operand written across two lines ("-" then "1;") once gave a negative
   source width: printing it read before the line or aborted. */
static void test_operand_split_across_lines(void **state)
{
    (void)state;
    struct kimage *k = th_kernel(HDR ".visible .entry k(.param .u64 p)\n{\n"
                                 " .reg .b32 %r<3>;\n .reg .f32 %f<2>;\n"
                                 " .reg .b64 %rd<2>;\n"
                                 " mov.u32 %r1, -\n1;\n"
                                 " mov.f32 %f1, -\n2.5;\n"
                                 " ld.param.u64 %rd1, [p];\n"
                                 " st.global.u32 [%rd1\n+4], %r1;\n"
                                 " st.global.f32 [%rd1], %f1;\n ret;\n}\n");
    expect_inst(k, 0, "mov.u32 R0, -1");
    expect_inst(k, 1, "mov.f32 R1, -2.5");
    expect_inst(k, 3, "st.global.u32 [R2:3+4], R0");
    th_kernel_free(k);
}

/* Operands on one line print as written. */
static void test_operand_as_written(void **state)
{
    (void)state;
    struct kimage *k = th_kernel(HDR ".visible .entry k()\n{\n"
                                 " .reg .b32 %r<3>;\n"
                                 " mov.u32 %r1, 0x10;\n"
                                 " add.s32 %r2, %r1, -7;\n ret;\n}\n");
    expect_inst(k, 0, "mov.u32 R0, 0x10");
    expect_inst(k, 1, "add.s32 R0, R0, -7");
    th_kernel_free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_operand_split_across_lines),
        cmocka_unit_test(test_operand_as_written),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
