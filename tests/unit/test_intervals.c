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

/* ../shared/notes/loopdiamond.ptx: the entry loads 12 x's and 12 y's; a
   loop header branches to B (stores the y's) or C (stores the x's), both
   jump back. Along each path the loop uses 16 registers or fewer, but the
   loop as a whole uses 28: pass 1 used to test only the union along
   paths and gave one interval with a PREFETCH of 28 registers. */
static void test_sibling_branches_bound_whole_interval(void **state)
{
    (void)state;
    char src[8192];
    int n = snprintf(src, sizeof src, HDR ".visible .entry k(.param .u64 p)\n{\n"
                     " .reg .b32 %%r<4>;\n .reg .b32 %%x<13>;\n .reg .b32 %%y<13>;\n"
                     " .reg .b32 %%i;\n .reg .pred %%p<4>;\n .reg .b64 %%rd1;\n"
                     " ld.param.u64 %%rd1, [p];\n mov.u32 %%i, 0;\n");
    for (int i = 1; i <= 12; i++)
        n += snprintf(src + n, sizeof src - (size_t)n,
                      " ld.global.u32 %%x%d, [%%rd1+%d];\n"
                      " ld.global.u32 %%y%d, [%%rd1+%d];\n",
                      i, 4 * i, i, 100 + 4 * i);
    n += snprintf(src + n, sizeof src - (size_t)n,
                  "$A:\n add.s32 %%i, %%i, 1;\n setp.gt.s32 %%p2, %%i, 100;\n"
                  " @%%p2 bra $EXIT;\n and.b32 %%r1, %%i, 1;\n"
                  " setp.eq.s32 %%p1, %%r1, 0;\n @%%p1 bra $C;\n");
    for (int i = 1; i <= 12; i++)
        n += snprintf(src + n, sizeof src - (size_t)n,
                      " st.global.u32 [%%rd1+%d], %%y%d;\n", 4 * i, i);
    n += snprintf(src + n, sizeof src - (size_t)n, " bra.uni $A;\n$C:\n");
    for (int i = 1; i <= 12; i++)
        n += snprintf(src + n, sizeof src - (size_t)n,
                      " st.global.u32 [%%rd1+%d], %%x%d;\n", 4 * i, i);
    snprintf(src + n, sizeof src - (size_t)n, " bra.uni $A;\n$EXIT:\n ret;\n}\n");
    struct kimage *k = th_kernel(src);
    struct intervals iv;
    intervals_compute(k, 16, &iv);
    check_partition(k, &iv);
    for (uint32_t i = 0; i < iv.n; i++)
        assert_true(iv.v[i].nregs <= 16);
    /* the loop's two branches cannot share an interval: B and C start
       with a store of a y and of an x, in different intervals */
    int32_t b = -1, c = -1;
    for (int32_t i = 0; i < k->ninst; i++)
        if (k->flat.insts.v[i].op == OP_ST) {
            if (b < 0)
                b = i;
            c = i;
        }
    assert_true(b >= 0 && c > b);
    assert_int_not_equal(iv.of_inst[b], iv.of_inst[c]);
    intervals_free(&iv);
    th_kernel_free(k);
}

/* Every entry kernel of the .ptx files in dir partitions soundly for each
   N in Ns (0-terminated); returns the number of kernels (0 if the
   directory does not exist). */
static int check_dir(const char *dir, const uint32_t *Ns)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return 0;
    struct dirent *e;
    int count = 0;
    while ((e = readdir(dp))) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 4, ".ptx"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct ptx_module *m;
        struct ws_diag d = { 0 };
        assert_int_equal(ptx_parse_file(path, 0, &m, &d), WS_OK);
        uint64_t *g = calloc(m->vars.n + 1, 8);
        for (size_t f = 0; f < m->funcs.n; f++) {
            if (!m->funcs.v[f].is_entry)
                continue;
            struct kimage *k;
            assert_int_equal(kimage_build(m, (int)f, g, &k, &d), WS_OK);
            for (const uint32_t *N = Ns; *N; N++) {
                struct intervals iv;
                intervals_compute(k, *N, &iv);
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
    return count;
}

/* Every shipped kernel partitions soundly at N = 8, 16 and 32, and every
   kernel of the workload suite (examples/suite/, where present) at the
   paper's N = 16: no interval needs more than N registers. */
static void test_shipped_kernels(void **state)
{
    (void)state;
    static const uint32_t all[] = { 8, 16, 32, 0 }, paper[] = { 16, 0 };
    assert_true(check_dir("examples/kernels", all) >= 15);
    check_dir("examples/suite", paper);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fig6_nested_loops_merge),
        cmocka_unit_test(test_no_merge_when_too_big),
        cmocka_unit_test(test_block_split),
        cmocka_unit_test(test_split_at_calls),
        cmocka_unit_test(test_sibling_branches_bound_whole_interval),
        cmocka_unit_test(test_shipped_kernels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
