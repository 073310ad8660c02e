/* test_ptxas.c - reading ptxas -v reports (compile/ptxas.c): every entry
   function's register count, in order, from the text ptxas prints and
   from the NAME.ptxas file recorded beside a PTX file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "compile/ptxas.h"

static const char *report =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'chase' for 'sm_75'\n"
    "ptxas info    : Function properties for chase\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 20 registers, used 0 barriers, 376 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function 'conv5x5' for 'sm_75'\n"
    "ptxas info    : Function properties for conv5x5\n"
    "    104 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 32 registers, used 0 barriers, 104 bytes cumulative stack size, 384 bytes cmem[0]\n"
    "ptxas info    : Function properties for helper\n"
    "ptxas info    : Used 7 registers\n";   /* not an entry: not counted */

static void test_parse(void **state)
{
    (void)state;
    struct ptxas_count *v;
    int n = ptxas_parse(report, strlen(report), &v);
    assert_int_equal(n, 2);
    assert_string_equal(v[0].name, "chase");
    assert_int_equal(v[0].regs, 20);
    assert_string_equal(v[1].name, "conv5x5");
    assert_int_equal(v[1].regs, 32);
    ptxas_free(v, n);
    assert_int_equal(ptxas_parse("", 0, &v), 0);
    ptxas_free(v, 0);
}

/* The recorded report of the reference kernels: eight kernels, the
   counts the GPGPU-Sim comparison lists; a PTX file without one: -1. */
static void test_beside(void **state)
{
    (void)state;
    char *p = ptxas_path("tests/reference/kernels.ptx");
    assert_string_equal(p, "tests/reference/kernels.ptxas");
    free(p);
    struct ptxas_count *v;
    int n = ptxas_read_beside("tests/reference/kernels.ptx", &v);
    assert_int_equal(n, 8);
    int spmv = -1, reduce = -1;
    for (int i = 0; i < n; i++) {
        if (strcmp(v[i].name, "spmv_csr") == 0)
            spmv = v[i].regs;
        if (strcmp(v[i].name, "reduce") == 0)
            reduce = v[i].regs;
    }
    assert_int_equal(spmv, 55);
    assert_int_equal(reduce, 10);
    ptxas_free(v, n);
    assert_int_equal(ptxas_read_beside("tests/bad/data/faults.ptx", &v), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_beside),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
