/*
** test_exec_reject.c - integer instructions the loader refuses: an
** unknown modifier, an operand register of the wrong width or kind for
** the instruction type, a rounding modifier on integer add. Each error
** must name the PTX file:line:col and what is wrong.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

static void test_reject_unknown_modifier(void **state)
{
    (void)state;
    th_expect_load_error(HDR ".visible .entry k()\n{\n .reg .b32 %r<4>;\n"
                         " add.foo.u32 %r1, %r2, %r3;\n ret;\n}\n",
                         7, 5, "'.foo' is not a supported modifier of 'add'");
}

static void test_reject_narrow_register(void **state)
{
    (void)state;
    /* a 32-bit register where a 64-bit value is needed */
    th_expect_load_error(HDR ".visible .entry k()\n{\n .reg .b32 %r<4>;\n .reg .b64 %rd<4>;\n"
                         " add.u64 %rd1, %r1, %rd2;\n ret;\n}\n",
                         8, 16, "is 32-bit, the instruction needs a 64-bit");
}

/* PTX ISA 5.2.1/9.4.1: an operand's type must agree with the instruction
   type (same size); only ld, st and cvt accept wider registers. So a
   64-bit register in add.u32 is invalid (ptxas: "Arguments mismatch"). */
static void test_reject_wide_register_in_u32_add(void **state)
{
    (void)state;
    th_expect_load_error(HDR ".visible .entry k()\n{\n .reg .b32 %r<4>;\n .reg .b64 %rd<4>;\n"
                         " add.u32 %r1, %rd1, %r2;\n ret;\n}\n",
                         8, 15, "%rd1");
}

/* Float registers agree only with float or bit-size instruction types. */
static void test_reject_float_register_in_int_op(void **state)
{
    (void)state;
    th_expect_load_error(HDR ".visible .entry k()\n{\n .reg .b32 %r<4>;\n .reg .f32 %f<4>;\n"
                         " add.s32 %r1, %f1, %r2;\n ret;\n}\n",
                         8, 15, "%f1");
}

/* Integer add/sub take no rounding modifier (PTX ISA 9.7.1.1: add.type,
   add.sat.s32, add.cc); only float types have .rn/.rz/.rm/.rp. */
static void test_reject_rounding_on_integer_add(void **state)
{
    (void)state;
    th_expect_load_error(HDR ".visible .entry k()\n{\n .reg .b32 %r<4>;\n"
                         " add.rn.s32 %r1, %r2, %r3;\n ret;\n}\n",
                         7, 5, ".rn");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reject_unknown_modifier),
        cmocka_unit_test(test_reject_narrow_register),
        cmocka_unit_test(test_reject_wide_register_in_u32_add),
        cmocka_unit_test(test_reject_float_register_in_int_op),
        cmocka_unit_test(test_reject_rounding_on_integer_add),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
