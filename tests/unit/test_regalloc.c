/* test_regalloc.c - liveness and register allocation. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile/image.h"
#include "compile/link.h"
#include "compile/regalloc.h"
#include "ptx/parse.h"
#include "util/xalloc.h"

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

struct fixture {
    struct ptx_module *m;
    struct ptx_func f;
    struct cfg g;
    struct liveness lv;
    struct regalloc ra;
};

static void setup(struct fixture *x, const char *src)
{
    struct ws_diag d = { 0 };
    char *text = ws_xstrdup(src);
    if (ptx_parse("t.ptx", text, strlen(text), &x->m, &d))
        fail_msg("parse: %s", d.msg);
    if (link_kernel(x->m, (int)x->m->funcs.n - 1, &x->f, &d))
        fail_msg("link: %s", d.msg);
    cfg_build(&x->f, &x->g);
    liveness_compute(&x->f, &x->g, &x->lv);
    if (regalloc_run(&x->f, &x->g, &x->lv, &x->ra, &d))
        fail_msg("regalloc: %s", d.msg);
}

static void teardown(struct fixture *x)
{
    regalloc_free(&x->ra);
    liveness_free(&x->lv);
    cfg_free(&x->g);
    link_free(&x->f);
    ptx_module_free(x->m);
}

static int32_t reg(const struct fixture *x, const char *name)
{
    for (size_t i = 0; i < x->f.regs.n; i++)
        if (strcmp(x->f.regs.v[i].name, name) == 0)
            return (int32_t)i;
    fail_msg("no register %s", name);
    return -1;
}

/* Straight-line code whose peak is three live 32-bit values uses three
   registers; a dead value's register is reused. */
static void test_straight_line_pressure(void **state)
{
    (void)state;
    struct fixture x;
    setup(&x, HDR ".visible .entry k(.param .u64 p)\n{\n"
          " .reg .b32 %r<8>;\n .reg .b64 %rd<2>;\n"
          " ld.param.u64 %rd1, [p];\n"
          " ld.global.u32 %r1, [%rd1];\n"
          " ld.global.u32 %r2, [%rd1+4];\n"
          " add.s32 %r3, %r1, %r2;\n"      /* r1, r2 die */
          " add.s32 %r4, %r3, 1;\n"
          " st.global.u32 [%rd1], %r4;\n ret;\n}\n");
    char msg[256];
    assert_int_equal(regalloc_check(&x.f, &x.g, &x.lv, &x.ra, msg, sizeof msg), 0);
    /* peak: %rd1 (pair) + %r1 + %r2 = 4 registers */
    assert_int_equal(x.ra.nregs, 4);
    assert_int_equal(x.ra.slot[reg(&x, "%rd1")] % 2, 0);
    teardown(&x);
}

/* A value live around a loop must not share a register with values
   defined inside it. */
static void test_loop_carried(void **state)
{
    (void)state;
    struct fixture x;
    setup(&x, HDR ".visible .entry k()\n{\n .reg .b32 %r<8>;\n .reg .pred %p1;\n"
          " mov.u32 %r1, 0;\n"                 /* accumulator */
          " mov.u32 %r2, 0;\n"                 /* counter */
          "$L:\n add.s32 %r3, %r2, 5;\n"       /* temp inside loop */
          " add.s32 %r1, %r1, %r3;\n"
          " add.s32 %r2, %r2, 1;\n"
          " setp.lt.u32 %p1, %r2, 10;\n"
          " @%p1 bra $L;\n"
          " add.s32 %r4, %r1, 0;\n ret;\n}\n");
    char msg[256];
    assert_int_equal(regalloc_check(&x.f, &x.g, &x.lv, &x.ra, msg, sizeof msg), 0);
    int32_t acc = x.ra.slot[reg(&x, "%r1")], cnt = x.ra.slot[reg(&x, "%r2")],
            tmp = x.ra.slot[reg(&x, "%r3")];
    assert_int_not_equal(acc, cnt);
    assert_int_not_equal(acc, tmp);
    assert_int_not_equal(cnt, tmp);
    /* the loop keeps %r1 and %r2 live at its head */
    int32_t head = x.g.block_of[2];
    const uint64_t *in = x.lv.in + (size_t)head * x.lv.words;
    assert_true(live_has(in, reg(&x, "%r1")));
    assert_true(live_has(in, reg(&x, "%r2")));
    assert_false(live_has(in, reg(&x, "%r3")));
    teardown(&x);
}

/* A guarded definition does not kill: the old value stays live above it,
   so a value live across the guarded write must keep its own register. */
static void test_guarded_def_keeps_old_value(void **state)
{
    (void)state;
    struct fixture x;
    setup(&x, HDR ".visible .entry k(.param .u64 p)\n{\n"
          " .reg .b32 %r<8>;\n .reg .b64 %rd1;\n .reg .pred %p1;\n"
          " ld.param.u64 %rd1, [p];\n"
          " ld.global.u32 %r1, [%rd1];\n"
          " setp.eq.s32 %p1, %r1, 0;\n"
          " mov.u32 %r2, 7;\n"
          " @%p1 mov.u32 %r2, 9;\n"            /* guarded: %r2=7 may survive */
          " st.global.u32 [%rd1], %r2;\n ret;\n}\n");
    char msg[256];
    assert_int_equal(regalloc_check(&x.f, &x.g, &x.lv, &x.ra, msg, sizeof msg), 0);
    /* %r2 is live before the guarded mov */
    uint64_t live[4] = { 0 };
    memcpy(live, x.lv.out, x.lv.words * sizeof(uint64_t));
    liveness_step(&x.f.insts.v[5], live);      /* st */
    liveness_step(&x.f.insts.v[4], live);      /* @%p1 mov */
    assert_true(live_has(live, reg(&x, "%r2")));
    teardown(&x);
}

/* Divergent branches: values of both paths and the value live across
   the whole if/else are allocated soundly. */
static void test_divergent_branches(void **state)
{
    (void)state;
    struct fixture x;
    setup(&x, HDR ".visible .entry k(.param .u64 p)\n{\n"
          " .reg .b32 %r<10>;\n .reg .b64 %rd<4>;\n .reg .pred %p<3>;\n"
          " ld.param.u64 %rd1, [p];\n mov.u32 %r1, %tid.x;\n"
          " and.b32 %r2, %r1, 1;\n setp.eq.s32 %p1, %r2, 0;\n"
          " @%p1 bra $E;\n"
          " mul.lo.s32 %r3, %r1, 3;\n mul.wide.s32 %rd2, %r3, 4;\n"
          " bra.uni $J;\n"
          "$E:\n add.s32 %r4, %r1, 5;\n mul.wide.s32 %rd2, %r4, 4;\n"
          "$J:\n add.s64 %rd3, %rd1, %rd2;\n st.global.u32 [%rd3], %r1;\n"
          " ret;\n}\n");
    char msg[256];
    assert_int_equal(regalloc_check(&x.f, &x.g, &x.lv, &x.ra, msg, sizeof msg), 0);
    /* %r1 (live across) never shares with either path's temporaries */
    assert_int_not_equal(x.ra.slot[reg(&x, "%r1")], x.ra.slot[reg(&x, "%r3")]);
    assert_int_not_equal(x.ra.slot[reg(&x, "%r1")], x.ra.slot[reg(&x, "%r4")]);
    teardown(&x);
}

/* The checker is not vacuous: force two interfering values together. */
static void test_checker_catches_conflict(void **state)
{
    (void)state;
    struct fixture x;
    setup(&x, HDR ".visible .entry k(.param .u64 p)\n{\n"
          " .reg .b32 %r<4>;\n .reg .b64 %rd1;\n"
          " ld.param.u64 %rd1, [p];\n"
          " ld.global.u32 %r1, [%rd1];\n ld.global.u32 %r2, [%rd1+4];\n"
          " add.s32 %r3, %r1, %r2;\n st.global.u32 [%rd1], %r3;\n ret;\n}\n");
    char msg[256];
    assert_int_equal(regalloc_check(&x.f, &x.g, &x.lv, &x.ra, msg, sizeof msg), 0);
    x.ra.slot[reg(&x, "%r2")] = x.ra.slot[reg(&x, "%r1")];
    assert_int_equal(regalloc_check(&x.f, &x.g, &x.lv, &x.ra, msg, sizeof msg), 1);
    assert_non_null(strstr(msg, "are both live"));
    /* and a 64-bit value on an odd register */
    x.ra.slot[reg(&x, "%r2")] = 99;
    x.ra.slot[reg(&x, "%rd1")] = 1;
    assert_int_equal(regalloc_check(&x.f, &x.g, &x.lv, &x.ra, msg, sizeof msg), 1);
    assert_non_null(strstr(msg, "odd register"));
    teardown(&x);
}

/* Every kernel shipped in examples/ and tests/ allocates soundly. */
static void test_all_shipped_kernels(void **state)
{
    (void)state;
    const char *dirs[] = { "examples/kernels", "tests/kernels" };
    int n = 0;
    for (int di = 0; di < 2; di++) {
        DIR *dp = opendir(dirs[di]);
        if (!dp)
            continue;
        struct dirent *e;
        while ((e = readdir(dp))) {
            size_t l = strlen(e->d_name);
            if (l < 5 || strcmp(e->d_name + l - 4, ".ptx"))
                continue;
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dirs[di], e->d_name);
            struct ptx_module *m;
            struct ws_diag d = { 0 };
            assert_int_equal(ptx_parse_file(path, 0, &m, &d), WS_OK);
            for (size_t f = 0; f < m->funcs.n; f++) {
                if (!m->funcs.v[f].is_entry)
                    continue;
                struct kimage *k;
                uint64_t *g = calloc(m->vars.n + 1, 8);
                /* kimage_build runs regalloc_check and fails if unsound */
                if (kimage_build(m, (int)f, g, &k, &d))
                    fail_msg("%s: %s", path, d.msg);
                assert_true(k->regs_per_thread > 0);
                kimage_free(k);
                free(g);
                n++;
            }
            ptx_module_free(m);
        }
        closedir(dp);
    }
    assert_true(n >= 15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_straight_line_pressure),
        cmocka_unit_test(test_loop_carried),
        cmocka_unit_test(test_guarded_def_keeps_old_value),
        cmocka_unit_test(test_divergent_branches),
        cmocka_unit_test(test_checker_catches_conflict),
        cmocka_unit_test(test_all_shipped_kernels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
