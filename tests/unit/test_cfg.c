/* test_cfg.c - basic blocks, post-dominators and reconvergence points. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "compile/image.h"
#include "ptx/parse.h"
#include "util/xalloc.h"

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

static struct kimage *build(const char *body)
{
    char src[4096];
    snprintf(src, sizeof src, HDR ".visible .entry k()\n{\n"
             " .reg .b32 %%r<8>;\n .reg .pred %%p<8>;\n%s}\n", body);
    struct ws_diag d = { 0 };
    struct ptx_module *m;
    char *text = ws_xstrdup(src);
    if (ptx_parse("t.ptx", text, strlen(text), &m, &d))
        fail_msg("parse: %s", d.msg);
    struct kimage *k;
    if (kimage_build(m, 0, NULL, &k, &d))
        fail_msg("build: %s", d.msg);
    return k;
}

static void done(struct kimage *k)
{
    const struct ptx_module *m = k->mod;
    kimage_free(k);
    ptx_module_free((struct ptx_module *)m);
}

/* if/else diamond: the branch reconverges at the join. */
static void test_diamond(void **state)
{
    (void)state;
    struct kimage *k = build(
        " @%p1 bra $ELSE;\n"     /* 0 */
        " add.s32 %r1, %r1, 1;\n"/* 1 */
        " bra.uni $JOIN;\n"      /* 2 */
        "$ELSE:\n add.s32 %r1, %r1, 2;\n" /* 3 */
        "$JOIN:\n add.s32 %r2, %r1, 3;\n" /* 4 */
        " ret;\n");              /* 5 */
    assert_int_equal(k->cfg.nblocks, 4);
    assert_int_equal(k->insts[0].target, 3);
    assert_int_equal(k->insts[0].rpc, 4);
    assert_int_equal(k->cfg.ipdom[k->cfg.block_of[0]], k->cfg.block_of[4]);
    assert_int_equal(k->cfg.idom[k->cfg.block_of[4]], k->cfg.block_of[0]);
    done(k);
}

/* Nested ifs: the inner branch reconverges before the outer one. */
static void test_nested(void **state)
{
    (void)state;
    struct kimage *k = build(
        " @%p1 bra $OUT;\n"      /* 0 */
        " @%p2 bra $IN;\n"       /* 1 */
        " add.s32 %r1, %r1, 1;\n"/* 2 */
        "$IN:\n add.s32 %r1, %r1, 2;\n"  /* 3 */
        "$OUT:\n add.s32 %r1, %r1, 3;\n" /* 4 */
        " ret;\n");
    assert_int_equal(k->insts[0].rpc, 4);
    assert_int_equal(k->insts[1].rpc, 3);
    done(k);
}

/* A loop with a data-dependent exit and a break: both branches
   reconverge after the loop. */
static void test_loop_with_break(void **state)
{
    (void)state;
    struct kimage *k = build(
        "$TOP:\n add.s32 %r1, %r1, 1;\n" /* 0 */
        " @%p1 bra $AFTER;\n"            /* 1: break */
        " setp.lt.s32 %p2, %r1, 10;\n"   /* 2 */
        " @%p2 bra $TOP;\n"              /* 3: back edge */
        "$AFTER:\n ret;\n");             /* 4 */
    assert_int_equal(k->insts[1].rpc, 4);
    assert_int_equal(k->insts[3].rpc, 4);
    assert_int_equal(k->insts[3].target, 0);
    done(k);
}

/* A guarded exit: the lanes that stay reconverge at the function's exit
   only when no common successor exists. */
static void test_exit_paths(void **state)
{
    (void)state;
    struct kimage *k = build(
        " @%p1 bra $A;\n"        /* 0 */
        " ret;\n"                /* 1 */
        "$A:\n add.s32 %r1, %r1, 1;\n" /* 2 */
        " ret;\n");              /* 3 */
    assert_int_equal(k->insts[0].rpc, k->ninst);   /* only exit joins them */
    done(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_diamond),
        cmocka_unit_test(test_nested),
        cmocka_unit_test(test_loop_with_break),
        cmocka_unit_test(test_exit_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
