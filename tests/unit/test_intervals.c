/* test_intervals.c - register-intervals (LTRF Algorithms 1 and 2). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "compile/intervals.h"
#include "ptx/parse.h"
#include "util/xalloc.h"

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

/* The invariants every partition must satisfy. */
static void check_partition(const struct kimage *k, const struct intervals *iv)
{
    for (uint32_t i = 0; i < iv->n; i++)
        if (iv->v[i].nregs > iv->N) {
            /* only a single instruction may exceed N on its own */
            assert_int_equal(iv->v[i].static_insts, 1);
        }
    uint32_t total = 0;
    for (uint32_t i = 0; i < iv->n; i++)
        total += iv->v[i].static_insts;
    assert_int_equal(total, (uint32_t)k->ninst);    /* each inst exactly once */
    /* Single entry: control reaches an interval from another only at its
       head (fall-through, branch or block successor). */
    for (int32_t i = 0; i < k->ninst; i++) {
        int32_t me = iv->of_inst[i];
        bool head = iv->v[me].head == i;
        int32_t b = k->cfg.block_of[i];
        if (i == k->cfg.b[b].first) {
            for (int32_t p = 0; p < k->cfg.b[b].npred; p++) {
                int32_t last = k->cfg.b[k->cfg.b[b].pred[p]].last;
                if (iv->of_inst[last] != me && !head)
                    fail_msg("instruction %d entered from interval %d", i,
                             iv->of_inst[last]);
            }
        } else if (iv->of_inst[i - 1] != me) {
            assert_true(head);
        }
    }
}

/* Seed 004 Fig. 6: outer loop head A (the entry), inner loop B -> C with
   C -> B and C -> A back edges. */
static const char *nested =
    HDR ".visible .entry k(.param .u64 p)\n{\n"
    " .reg .b32 %r<16>;\n .reg .pred %p<4>;\n .reg .b64 %rd1;\n"
    "$A:\n add.s32 %r1, %r1, 1;\n mov.u32 %r2, 0;\n"
    "$B:\n add.s32 %r2, %r2, 1;\n @%p0 bra $C;\n"
    "$C:\n add.s32 %r3, %r2, %r1;\n setp.lt.s32 %p1, %r2, 4;\n @%p1 bra $B;\n"
    " setp.lt.s32 %p2, %r1, 3;\n @%p2 bra $A;\n"
    " ld.param.u64 %rd1, [p];\n st.global.u32 [%rd1], %r3;\n ret;\n}\n";

static void test_fig6_nested_loops_merge(void **state)
{
    (void)state;
    struct kimage *k = th_kernel(nested);
    struct intervals iv;
    intervals_compute(k, 16, &iv);
    /* Pass 1: A | B+C (B has an edge from C, so it cannot join A). */
    assert_int_equal(iv.pass1, 2);
    /* Pass 2: B+C's only predecessor interval is A's: one interval. */
    assert_int_equal(iv.n, 1);
    assert_int_equal(iv.v[0].head, 0);
    check_partition(k, &iv);
    intervals_free(&iv);
    th_kernel_free(k);
}

/* The same shape where A's and B+C's registers do not fit together. */
static void test_no_merge_when_too_big(void **state)
{
    (void)state;
    struct kimage *k = th_kernel(
        HDR ".visible .entry k(.param .u64 p)\n{\n"
        " .reg .b32 %r<32>;\n .reg .pred %p<4>;\n .reg .b64 %rd1;\n"
        "$A:\n add.s32 %r1, %r1, 1;\n"
        " add.s32 %r10, %r11, %r12;\n add.s32 %r13, %r14, %r15;\n"
        " add.s32 %r16, %r10, %r13;\n mov.u32 %r2, %r16;\n"
        "$B:\n add.s32 %r2, %r2, 1;\n @%p0 bra $C;\n"
        "$C:\n add.s32 %r3, %r2, %r1;\n add.s32 %r20, %r21, %r22;\n"
        " add.s32 %r23, %r20, %r3;\n setp.lt.s32 %p1, %r23, 4;\n @%p1 bra $B;\n"
        " setp.lt.s32 %p2, %r1, 3;\n @%p2 bra $A;\n"
        " ld.param.u64 %rd1, [p];\n st.global.u32 [%rd1], %r3;\n ret;\n}\n");
    struct intervals iv16, iv8;
    intervals_compute(k, 16, &iv16);
    intervals_compute(k, 8, &iv8);
    assert_int_equal(iv16.n, 1);
    assert_true(iv8.n >= 2);
    for (uint32_t i = 0; i < iv8.n; i++)
        assert_true(iv8.v[i].nregs <= 8);
    check_partition(k, &iv8);
    check_partition(k, &iv16);
    intervals_free(&iv16);
    intervals_free(&iv8);
    th_kernel_free(k);
}

/* A block whose own registers overflow N is split across intervals. */
static void test_block_split(void **state)
{
    (void)state;
    char src[4096];
    int n = snprintf(src, sizeof src, HDR ".visible .entry k(.param .u64 p)\n{\n"
                     " .reg .b32 %%r<40>;\n .reg .b64 %%rd1;\n ld.param.u64 %%rd1, [p];\n");
    for (int i = 1; i <= 24; i++)
        n += snprintf(src + n, sizeof src - (size_t)n,
                      " ld.global.u32 %%r%d, [%%rd1+%d];\n", i, 4 * i);
    for (int i = 1; i <= 24; i++)
        n += snprintf(src + n, sizeof src - (size_t)n,
                      " st.global.u32 [%%rd1+%d], %%r%d;\n", 4 * i, 25 - i);
    snprintf(src + n, sizeof src - (size_t)n, " ret;\n}\n");
    struct kimage *k = th_kernel(src);
    assert_int_equal(k->cfg.nblocks, 1);
    struct intervals iv;
    intervals_compute(k, 16, &iv);
    assert_true(iv.n >= 2);
    check_partition(k, &iv);
    for (uint32_t i = 0; i < iv.n; i++)
        assert_true(iv.v[i].nregs <= 16);
    intervals_free(&iv);
    th_kernel_free(k);
}

/* Entering or leaving an inlined call starts a new interval (pass 1). */
static void test_split_at_calls(void **state)
{
    (void)state;
    struct kimage *k = th_kernel(
        HDR ".func (.param .b32 r) f(.param .b32 a)\n{\n .reg .b32 %x;\n"
        " ld.param.b32 %x, [a];\n add.s32 %x, %x, 1;\n st.param.b32 [r], %x;\n ret;\n}\n"
        ".visible .entry k(.param .u64 p)\n{\n .reg .b32 %r<4>;\n .reg .b64 %rd1;\n"
        " ld.param.u64 %rd1, [p];\n ld.global.u32 %r1, [%rd1];\n"
        " { .param .b32 a0; .param .b32 rv;\n st.param.b32 [a0], %r1;\n"
        " call.uni (rv), f, (a0);\n ld.param.b32 %r2, [rv]; }\n"
        " st.global.u32 [%rd1], %r2;\n ret;\n}\n");
    struct intervals iv;
    intervals_compute(k, 16, &iv);
    assert_true(iv.pass1 >= 3);      /* caller | callee | caller */
    check_partition(k, &iv);
    intervals_free(&iv);
    th_kernel_free(k);
}

/* Every shipped kernel partitions soundly at N = 8, 16 and 32. */
static void test_shipped_kernels(void **state)
{
    (void)state;
    DIR *dp = opendir("examples/kernels");
    assert_non_null(dp);
    struct dirent *e;
    int count = 0;
    while ((e = readdir(dp))) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 4, ".ptx"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "examples/kernels/%s", e->d_name);
        struct ptx_module *m;
        struct ws_diag d = { 0 };
        assert_int_equal(ptx_parse_file(path, 0, &m, &d), WS_OK);
        uint64_t *g = calloc(m->vars.n + 1, 8);
        for (size_t f = 0; f < m->funcs.n; f++) {
            if (!m->funcs.v[f].is_entry)
                continue;
            struct kimage *k;
            assert_int_equal(kimage_build(m, (int)f, g, &k, &d), WS_OK);
            for (uint32_t N = 8; N <= 32; N *= 2) {
                struct intervals iv;
                intervals_compute(k, N, &iv);
                check_partition(k, &iv);
                assert_true(iv.n <= iv.pass1);
                intervals_free(&iv);
            }
            kimage_free(k);
            count++;
        }
        free(g);
        ptx_module_free(m);
    }
    closedir(dp);
    assert_true(count >= 15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fig6_nested_loops_merge),
        cmocka_unit_test(test_no_merge_when_too_big),
        cmocka_unit_test(test_block_split),
        cmocka_unit_test(test_split_at_calls),
        cmocka_unit_test(test_shipped_kernels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
