/* test_parse.c - the parser builds the right IR and rejects bad PTX. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptx/parse.h"
#include "util/xalloc.h"

static struct ptx_module *parse(const char *src, struct ws_diag *d)
{
    struct ptx_module *m = NULL;
    char *text = ws_xstrdup(src);
    if (ptx_parse("t.ptx", text, strlen(text), &m, d))
        return NULL;
    return m;
}

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

static void test_entry_params_regs(void **state)
{
    (void)state;
    struct ws_diag d = { 0 };
    struct ptx_module *m = parse(HDR
        ".visible .entry k(.param .u32 n, .param .u64 .ptr .global .align 4 p)\n"
        ".maxntid 256, 1, 1\n{\n .reg .b32 %r<5>;\n .reg .pred %p;\n"
        " ld.param.u32 %r1, [n];\n @!%p bra $L1;\n$L1:\n ret;\n}\n", &d);
    assert_non_null(m);
    assert_int_equal(m->funcs.n, 1);
    const struct ptx_func *f = &m->funcs.v[0];
    assert_true(f->is_entry);
    assert_int_equal(f->params.n, 2);
    assert_int_equal(f->regs.n, 6);                 /* %r0..%r4, %p */
    assert_string_equal(f->regs.v[4].name, "%r4");
    assert_int_equal(f->maxntid[0], 256);
    assert_int_equal(f->insts.n, 3);
    const struct ptx_inst *bra = &f->insts.v[1];
    assert_int_equal(bra->op, OP_BRA);
    assert_int_equal(bra->guard, 5);
    assert_true(bra->guard_neg);
    assert_int_equal(f->labels.v[bra->o[0].sym].inst, 2);
    ptx_module_free(m);
}

static void test_modifiers_and_operands(void **state)
{
    (void)state;
    struct ws_diag d = { 0 };
    struct ptx_module *m = parse(HDR
        ".visible .entry k()\n{\n .reg .b32 %r<4>;\n .reg .pred %p<3>;\n"
        " .reg .f32 %f<3>;\n .shared .align 4 .b8 tile[64];\n"
        " setp.lt.and.s32 %p1|%p2, %r1, -7, !%p0;\n"
        " shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;\n"
        " cvt.rzi.s32.f32 %r3, %f1;\n"
        " ld.shared.v2.f32 {%f1, _}, [tile+8];\n"
        " mov.u32 %r0, %tid.y;\n ret;\n}\n", &d);
    assert_non_null(m);
    const struct ptx_func *f = &m->funcs.v[0];
    const struct ptx_inst *s = &f->insts.v[0];
    assert_int_equal(s->m.cmp, CMP_LT);
    assert_int_equal(s->m.bop, BOP_AND);
    assert_int_equal(s->nd, 2);
    assert_int_equal(s->o[3].imm, -7);
    assert_true(s->o[4].neg);
    const struct ptx_inst *sh = &f->insts.v[1];
    assert_int_equal(sh->m.mode, SHFL_BFLY);
    assert_true(sh->m.sync);
    assert_int_equal(sh->nd, 2);
    const struct ptx_inst *c = &f->insts.v[2];
    assert_int_equal(c->m.type, PT_S32);
    assert_int_equal(c->m.type2, PT_F32);
    assert_int_equal(c->m.rnd, RND_RZI);
    const struct ptx_inst *ld = &f->insts.v[3];
    assert_int_equal(ld->m.vec, 2);
    assert_int_equal(ld->o[0].kind, OPK_VEC);
    assert_int_equal(ld->o[0].vec[1], -1);            /* sink */
    assert_int_equal(ld->o[1].imm, 8);
    assert_int_equal(ld->o[1].symscope, SYM_FUNC);
    const struct ptx_inst *mv = &f->insts.v[4];
    assert_int_equal(mv->o[1].kind, OPK_SREG);
    assert_int_equal(mv->o[1].comp, 1);
    ptx_module_free(m);
}

static void test_scopes_and_prototypes(void **state)
{
    (void)state;
    struct ws_diag d = { 0 };
    /* A prototype, then callers, then the definition; two call sequences
       each declare their own param0 in a nested scope. */
    struct ptx_module *m = parse(HDR
        ".func (.param .b32 r) f(.param .b32 a);\n"
        ".visible .entry k()\n{\n .reg .b32 %r<3>;\n"
        " { .param .b32 param0; .param .b32 rv;\n"
        "   st.param.b32 [param0+0], %r1;\n"
        "   call.uni (rv), f, (param0);\n   ld.param.b32 %r2, [rv+0]; }\n"
        " { .param .b32 param0; .param .b32 rv;\n"
        "   call.uni (rv), f, (param0); }\n ret;\n}\n"
        ".func (.param .b32 r) f(.param .b32 a)\n{\n .reg .b32 %x;\n"
        " ld.param.b32 %x, [a];\n st.param.b32 [r], %x;\n ret;\n}\n", &d);
    assert_non_null(m);
    assert_int_equal(ptx_module_find_func(m, "f"), 0);
    assert_true(m->funcs.v[0].has_body);
    const struct ptx_func *k = &m->funcs.v[1];
    assert_int_equal(k->insts.v[1].o[1].sym, 0);      /* call resolves to f */
    /* the two param0 declarations are distinct variables */
    assert_int_not_equal(k->insts.v[0].o[0].sym, k->insts.v[3].o[2].sym);
    ptx_module_free(m);
}

static void test_errors(void **state)
{
    (void)state;
    static const struct {
        const char *body, *msg;
        int line, col;
    } cases[] = {
        { " frob.b32 %r1;\n", "unknown instruction 'frob'", 7, 2 },
        { " add.s32 %r1, %r2, %r7;\n", "unknown register '%r7'", 7, 20 },
        { " add.wrap.s32 %r1, %r2, %r3;\n", "'.wrap' is not a supported modifier", 7, 5 },
        { " add.s32 %r1, %r2;\n", "takes 3 operands, found 2", 7, 2 },
        { " bra $nowhere;\n", "undefined label '$nowhere'", 7, 6 },
        { " mov.u32 %r1, %r2\n ret;\n", "expected ',' or ';'", 8, 2 },
        { " .reg .b32 %r1;\n", "already declared in this scope", 7, 12 },
        { " setp.eq.s32 %r1, %r2, 0;\n", "expected predicate", 7, 14 },
        { " add.s32 %r1, [%r2], 1;\n", "expected register", 7, 15 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char src[512];
        snprintf(src, sizeof src, HDR ".visible .entry k()\n{\n .reg .b32 %%r<4>;\n%s ret;\n}\n",
                 cases[i].body);
        struct ws_diag d = { 0 };
        struct ptx_module *m = parse(src, &d);
        assert_null(m);
        if (!strstr(d.msg, cases[i].msg))
            fail_msg("case %zu: got '%s'", i, d.msg);
        assert_int_equal(d.line, cases[i].line);
        assert_int_equal(d.col, cases[i].col);
        assert_non_null(d.srcline);
        diag_reset(&d);
    }
}

static void test_initializers(void **state)
{
    (void)state;
    struct ws_diag d = { 0 };
    struct ptx_module *m = parse(HDR
        ".const .align 4 .b32 tab[4] = {1, -2, 0x10, 3};\n"
        ".global .f32 g = 0f40490FDB;\n"
        ".visible .entry k() { ret; }\n", &d);
    assert_non_null(m);
    int32_t v[4];
    memcpy(v, m->vars.v[0].init, 16);
    assert_int_equal(v[1], -2);
    assert_int_equal(v[2], 16);
    float f;
    memcpy(&f, m->vars.v[1].init, 4);
    assert_true(f > 3.1415f && f < 3.1416f);
    ptx_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_entry_params_regs),
        cmocka_unit_test(test_modifiers_and_operands),
        cmocka_unit_test(test_scopes_and_prototypes),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_initializers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
