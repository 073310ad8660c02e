/*
** parse.c - recursive-descent parser for the PTX dialect nvcc emits.
** Builds the IR of ir.h. It must not guess: anything it does not understand
** is an error naming what was expected.
*/
#include "ptx/parse.h"
#include "ptx/parse-internal.h"
#include "ptx/lex.h"
#include "ptx/ops.h"
#include "util/fileio.h"
#include "util/intern.h"
#include "util/ptrmap.h"
#include "util/softfp.h"
#include "util/xalloc.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- types and declarations ------------------------------------------ */

static int dot_type(const struct token *t)
{
    if (t->kind != TK_DOT)
        return PT_NONE;
    const struct ptx_modspec *ms = ptx_mod_find(t->p + 1, (size_t)t->len - 1,
                                                MC_TYPE);
    return ms ? ms->val : PT_NONE;
}

static int dot_space(const struct token *t)
{
    if (t->kind != TK_DOT)
        return SP_NONE;
    const struct ptx_modspec *ms = ptx_mod_find(t->p + 1, (size_t)t->len - 1,
                                                MC_SPACE);
    return ms ? ms->val : SP_NONE;
}

/* Writes one initializer element of type `type` at byte offset `off`. */
static int init_elem(struct parser *p, struct ptx_var *v, int type,
                     uint64_t off)
{
    unsigned sz = ptx_type_size(type);
    if (off + sz > v->size)
        return ptxp_err_tok(p, &p->t, "too many initializers for '%s' (%llu bytes)",
                            v->name, (unsigned long long)v->size);
    bool neg = false;
    if (ptxp_is_punct(&p->t, '-')) {
        neg = true;
        if (ptxp_advance(p))
            return WS_ERR;
    }
    uint64_t bits = 0;
    double d = 0;
    bool is_float;
    if (p->t.kind == TK_INT) {
        is_float = ptx_type_is_float(type);
        bits = neg ? 0 - p->t.ival : p->t.ival;
        d = neg ? -(double)p->t.ival : (double)p->t.ival;
    } else if (p->t.kind == TK_FLOAT) {
        d = neg ? -p->t.fval : p->t.fval;
        if (!ptx_type_is_float(type))
            return ptxp_err_tok(p, &p->t, "float initializer for integer variable '%s'",
                                v->name);
        is_float = true;
    } else if (p->t.kind == TK_IDENT) {
        return ptxp_err_tok(p, &p->t, "address initializers ('%.*s') are not supported",
                            p->t.len, p->t.p);
    } else {
        return ptxp_expected(p, "an initializer value");
    }
    if (is_float) {
        if (type == PT_F32) {
            float f = (float)d;
            uint32_t b;
            memcpy(&b, &f, 4);
            bits = b;
        } else if (type == PT_F64) {
            memcpy(&bits, &d, 8);
        } else {
            bits = sfp_from_double(d, type == PT_F16 ? &sfp_f16 : &sfp_bf16,
                                   SFP_RN);
        }
    }
    memcpy(v->init + off, &bits, sz);  /* little-endian host, as the GPU */
    return ptxp_advance(p);
}

/* Braces in an initializer nest at most this deep (arrays have few
   dimensions); deeper input is an error, not a deeper recursion. */
#define INIT_MAX_DEPTH 16

static int init_list(struct parser *p, struct ptx_var *v, int type,
                     uint64_t *off, int depth)
{
    if (ptxp_is_punct(&p->t, '{') && depth >= INIT_MAX_DEPTH)
        return ptxp_err_tok(p, &p->t, "initializer braces nest more than %d deep",
                            INIT_MAX_DEPTH);
    if (!ptxp_is_punct(&p->t, '{')) {
        if (init_elem(p, v, type, *off))
            return WS_ERR;
        *off += ptx_type_size(type);
        return WS_OK;
    }
    if (ptxp_advance(p))
        return WS_ERR;
    for (;;) {
        if (init_list(p, v, type, off, depth + 1))
            return WS_ERR;
        if (ptxp_is_punct(&p->t, ',')) {
            if (ptxp_advance(p))
                return WS_ERR;
            continue;
        }
        return ptxp_expect_punct(p, '}');
    }
}

/*
** Parses the part of a variable declaration after the state space:
**   [.align N] [.v2|.v4] .type [.ptr .space .align N] name [N]... [= init]
** and appends the variable to `vars`. Returns its index in *idx.
*/
static int parse_var(struct parser *p, int space, int kind, bool external,
                     void *vars_vec, int32_t *idx)
{
    VEC(struct ptx_var) *vars = vars_vec;
    struct ptx_var v = { 0 };
    v.space = (uint8_t)space;
    v.kind = (uint8_t)kind;
    v.external = external;
    unsigned vecw = 1;
    for (;;) {
        if (ptxp_is_dot(&p->t, ".align")) {
            uint64_t a = 0;
            if (ptxp_advance(p) || ptxp_parse_uint(p, &a, "an alignment"))
                return WS_ERR;
            if (a == 0 || (a & (a - 1)) || a > 4096)
                return ptxp_err_tok(p, &p->t, "alignment must be a power of two up to 4096");
            v.align = (uint32_t)a;
        } else if (ptxp_is_dot(&p->t, ".v2") || ptxp_is_dot(&p->t, ".v4")) {
            vecw = p->t.p[2] - '0';
            if (ptxp_advance(p))
                return WS_ERR;
        } else {
            break;
        }
    }
    int type = dot_type(&p->t);
    if (type == PT_NONE || type == PT_PRED)
        return ptxp_expected(p, "a data type such as .b8, .u32 or .f32");
    if (ptx_type_is_x2(type))
        return ptxp_err_tok(p, &p->t, "variables of type .%s are not supported (declare .b32)",
                            ptx_type_name(type));
    v.type = (uint8_t)type;
    if (ptxp_advance(p))
        return WS_ERR;
    /* Pointer attributes on kernel parameters: .ptr [.space] [.align N] */
    if (ptxp_is_dot(&p->t, ".ptr")) {
        if (ptxp_advance(p))
            return WS_ERR;
        if (dot_space(&p->t) != SP_NONE && ptxp_advance(p))
            return WS_ERR;
        if (ptxp_is_dot(&p->t, ".align")) {
            uint64_t a = 0;
            if (ptxp_advance(p) || ptxp_parse_uint(p, &a, "an alignment"))
                return WS_ERR;
        }
    }
    if (p->t.kind != TK_IDENT)
        return ptxp_expected(p, "a variable name");
    v.name = ptxp_tok_name(p, &p->t);
    v.line = p->t.line;
    v.col = p->t.col;
    if (ptxp_advance(p))
        return WS_ERR;
    uint64_t elems = vecw;
    while (ptxp_is_punct(&p->t, '[')) {
        if (ptxp_advance(p))
            return WS_ERR;
        if (ptxp_is_punct(&p->t, ']')) {
            v.unsized = true;
        } else {
            uint64_t n = 0;
            if (ptxp_parse_uint(p, &n, "an array size"))
                return WS_ERR;
            if (n == 0 || elems > (1ULL << 34) / n)
                return ptxp_err_at(p, v.line, v.col, 1,
                                   "array '%s' is too large or empty", v.name);
            elems *= n;
        }
        if (ptxp_expect_punct(p, ']'))
            return WS_ERR;
    }
    v.size = v.unsized ? 0 : elems * ptx_type_size(type);
    if (!v.align)
        v.align = ptx_type_size(type) * vecw;
    if (ptxp_is_punct(&p->t, '=')) {
        if (space != SP_GLOBAL && space != SP_CONST)
            return ptxp_err_tok(p, &p->t, "only .global and .const variables can be initialized");
        if (v.unsized)
            return ptxp_err_tok(p, &p->t, "initialized array '%s' needs a size",
                                v.name);
        v.init = ws_xcalloc(1, v.size);
        uint64_t off = 0;
        if (ptxp_advance(p) || init_list(p, &v, type, &off, 0)) {
            free(v.init);
            return WS_ERR;
        }
    }
    *idx = (int32_t)vars->n;
    vec_push(vars, v);
    return WS_OK;
}

/* .reg .type name[<N>] {, name[<N>]} ; */
static int parse_reg_decl(struct parser *p)
{
    struct token at = p->t;
    if (ptxp_advance(p))
        return WS_ERR;
    if (ptxp_is_dot(&p->t, ".v2") || ptxp_is_dot(&p->t, ".v4"))
        return ptxp_err_tok(p, &p->t, "vector registers are not supported");
    int type = dot_type(&p->t);
    if (type == PT_NONE)
        return ptxp_expected(p, "a register type such as .b32, .f32 or .pred");
    if (ptxp_advance(p))
        return WS_ERR;
    (void)at;
    for (;;) {
        if (p->t.kind != TK_IDENT)
            return ptxp_expected(p, "a register name");
        struct token nt = p->t;
        if (ptxp_advance(p))
            return WS_ERR;
        if (ptxp_is_punct(&p->t, '<')) {
            uint64_t n = 0;
            if (ptxp_advance(p) || ptxp_parse_uint(p, &n, "a register count") ||
                ptxp_expect_punct(p, '>'))
                return WS_ERR;
            if (n > 1000000)
                return ptxp_err_tok(p, &nt, "too many registers declared (%llu)",
                                    (unsigned long long)n);
            char buf[256];
            for (uint64_t i = 0; i < n; i++) {
                int k = snprintf(buf, sizeof buf, "%.*s%llu", nt.len, nt.p,
                                 (unsigned long long)i);
                struct ptx_reg r = { intern(p->m->pool, buf, (size_t)k),
                                     (uint8_t)type };
                if (ptxp_bind(p, r.name, B_REG, (int32_t)FN(p)->regs.n, &nt))
                    return WS_ERR;
                vec_push(&FN(p)->regs, r);
            }
        } else {
            struct ptx_reg r = { ptxp_tok_name(p, &nt), (uint8_t)type };
            if (ptxp_bind(p, r.name, B_REG, (int32_t)FN(p)->regs.n, &nt))
                return WS_ERR;
            vec_push(&FN(p)->regs, r);
        }
        if (ptxp_is_punct(&p->t, ',')) {
            if (ptxp_advance(p))
                return WS_ERR;
            continue;
        }
        return ptxp_expect_punct(p, ';');
    }
}

/* .loc file line col [, function_name X, inlined_at f l c] (no ';') */
static int parse_loc(struct parser *p)
{
    int line = p->t.line;
    uint64_t f = 0, l = 0, c = 0;
    if (ptxp_advance(p) || ptxp_parse_uint(p, &f, "a file number") ||
        ptxp_parse_uint(p, &l, "a line number"))
        return WS_ERR;
    if (p->t.kind == TK_INT && p->t.line == line && ptxp_parse_uint(p, &c, "a column"))
        return WS_ERR;
    p->loc_file = (int)f;
    p->loc_line = (int)l;
    p->loc_col = (int)c;
    while (p->t.kind != TK_EOF && p->t.line == line)
        if (ptxp_advance(p))
            return WS_ERR;
    return WS_OK;
}

static int skip_pragma(struct parser *p)
{
    if (ptxp_advance(p))
        return WS_ERR;
    if (p->t.kind != TK_STRING)
        return ptxp_expected(p, "a string after .pragma");
    if (ptxp_advance(p))
        return WS_ERR;
    return ptxp_expect_punct(p, ';');
}

/*
** Statements of a function body up to the matching '}'. Nested blocks are
** counted, not recursed into, so no depth of '{' can exhaust the stack.
*/
static int parse_body(struct parser *p)
{
    size_t depth = 0;      /* blocks open inside the body */
    for (;;) {
        struct token *t = &p->t;
        if (ptxp_is_punct(t, '}')) {
            if (depth == 0)
                return ptxp_advance(p);
            ptxp_scope_pop(p);
            depth--;
            if (ptxp_advance(p))
                return WS_ERR;
            continue;
        }
        if (t->kind == TK_EOF && depth) {
            char what[96];
            snprintf(what, sizeof what, "'}' to close %zu nested block%s and the function body",
                     depth, depth == 1 ? "" : "s");
            return ptxp_expected(p, what);
        }
        if (t->kind == TK_EOF)
            return ptxp_expected(p, "'}' to close the function body");
        if (ptxp_is_punct(t, '{')) {
            ptxp_scope_push(p);
            depth++;
            if (ptxp_advance(p))
                return WS_ERR;
            continue;
        }
        if (ptxp_is_dot(t, ".reg")) {
            if (parse_reg_decl(p))
                return WS_ERR;
            continue;
        }
        if (ptxp_is_dot(t, ".loc")) {
            if (parse_loc(p))
                return WS_ERR;
            continue;
        }
        if (ptxp_is_dot(t, ".pragma")) {
            if (skip_pragma(p))
                return WS_ERR;
            continue;
        }
        int space = dot_space(t);
        if (space != SP_NONE) {
            if (space == SP_CONST || space == SP_GLOBAL)
                return ptxp_err_tok(p, t, "%.*s variables inside a function are not supported",
                                    t->len, t->p);
            for (;;) {
                if (ptxp_advance(p))
                    return WS_ERR;
                int32_t idx;
                if (parse_var(p, space, VAR_DATA, false, &FN(p)->vars, &idx))
                    return WS_ERR;
                struct ptx_var *v = &FN(p)->vars.v[idx];
                if (v->unsized)
                    return ptxp_err_at(p, v->line, v->col, 1,
                                       "unsized array '%s' is only allowed for .extern .shared",
                                       v->name);
                struct token nt = { .line = v->line, .col = v->col, .len = 1 };
                if (ptxp_bind(p, v->name, B_VAR, idx, &nt))
                    return WS_ERR;
                if (!ptxp_is_punct(&p->t, ','))
                    break;
            }
            if (ptxp_expect_punct(p, ';'))
                return WS_ERR;
            continue;
        }
        if (t->kind == TK_DOT)
            return ptxp_err_tok(p, t, "unsupported directive '%.*s' in a function body",
                                t->len, t->p);
        if (t->kind == TK_IDENT && ptxp_is_punct(ptxp_peek(p), ':')) {
            struct ptx_label l = { ptxp_tok_name(p, t), (int32_t)FN(p)->insts.n,
                                   t->line, t->col };
            if (ptrmap_get(&p->labels, l.name, NULL))
                return ptxp_err_tok(p, t, "label '%s' is defined twice", l.name);
            ptrmap_put(&p->labels, l.name, (int64_t)FN(p)->labels.n);
            vec_push(&FN(p)->labels, l);
            if (ptxp_advance(p) || ptxp_advance(p))
                return WS_ERR;
            continue;
        }
        if (ptxp_instruction(p))
            return WS_ERR;
    }
}

/* ( .param ... , .param ... ) into vars, with their indices in list. */
static int parse_params(struct parser *p, int kind, void *list_vec)
{
    VEC(int32_t) *list = list_vec;
    if (ptxp_expect_punct(p, '('))
        return WS_ERR;
    while (!ptxp_is_punct(&p->t, ')')) {
        if (!ptxp_is_dot(&p->t, ".param") && !ptxp_is_dot(&p->t, ".reg"))
            return ptxp_expected(p, "'.param' in the parameter list");
        if (ptxp_is_dot(&p->t, ".reg"))
            return ptxp_err_tok(p, &p->t, ".reg parameters are not supported (use .param)");
        if (ptxp_advance(p))
            return WS_ERR;
        int32_t idx;
        if (parse_var(p, SP_PARAM, kind, false, &FN(p)->vars, &idx))
            return WS_ERR;
        struct ptx_var *v = &FN(p)->vars.v[idx];
        if (v->unsized)
            return ptxp_err_at(p, v->line, v->col, 1, "parameter '%s' needs a size",
                               v->name);
        struct token nt = { .line = v->line, .col = v->col, .len = 1 };
        if (ptxp_bind(p, v->name, B_VAR, idx, &nt))
            return WS_ERR;
        vec_push(list, idx);
        if (ptxp_is_punct(&p->t, ',')) {
            if (ptxp_advance(p))
                return WS_ERR;
        } else if (!ptxp_is_punct(&p->t, ')')) {
            return ptxp_expected(p, "',' or ')' in the parameter list");
        }
    }
    return ptxp_advance(p);
}

static void func_free(struct ptx_func *f)
{
    for (size_t i = 0; i < f->insts.n; i++)
        free(f->insts.v[i].o);
    for (size_t i = 0; i < f->vars.n; i++)
        free(f->vars.v[i].init);
    vec_free(&f->params);
    vec_free(&f->rets);
    vec_free(&f->regs);
    vec_free(&f->vars);
    vec_free(&f->insts);
    vec_free(&f->labels);
}

/* Resolves labels and call targets once the body is complete. */
static int resolve_names(struct parser *p)
{
    struct ptx_func *f = FN(p);
    for (size_t i = 0; i < f->insts.n; i++) {
        struct ptx_inst *in = &f->insts.v[i];
        for (int k = 0; k < in->n; k++) {
            struct ptx_opnd *o = &in->o[k];
            if (o->kind == OPK_LABEL) {
                int64_t j;
                if (!ptrmap_get(&p->labels, o->name, &j))
                    return ptxp_err_at(p, o->line, o->col, o->width,
                                       "undefined label '%s'", o->name);
                o->sym = (int32_t)j;
            } else if (o->kind == OPK_FUNC) {
                int64_t fi;
                if (!ptrmap_get(&p->gfuncs, o->name, &fi))
                    return ptxp_err_at(p, o->line, o->col, o->width,
                                       "call to undeclared function '%s'", o->name);
                o->sym = (int32_t)fi;
            }
        }
    }
    return WS_OK;
}

/* [.visible|.weak|.extern] .entry/.func ... */
static int parse_function(struct parser *p, bool is_entry, bool visible)
{
    struct token kw = p->t;
    if (ptxp_advance(p))
        return WS_ERR;
    struct ptx_func f;
    memset(&f, 0, sizeof f);
    f.is_entry = is_entry;
    f.visible = visible;
    f.line = kw.line;
    f.col = kw.col;
    vec_push(&p->m->funcs, f);
    p->fn = (int)p->m->funcs.n - 1;
    ptrmap_free(&p->labels);     /* labels are per function */
    ptxp_scope_push(p);
    int rc = WS_ERR;
    if (!is_entry && ptxp_is_punct(&p->t, '(')) {
        if (parse_params(p, VAR_RET, &FN(p)->rets))
            goto out;
    }
    if (p->t.kind != TK_IDENT) {
        ptxp_expected(p, "a function name");
        goto out;
    }
    struct token nt = p->t;
    FN(p)->name = ptxp_tok_name(p, &nt);
    if (ptxp_advance(p))
        goto out;
    if (ptxp_is_punct(&p->t, '(') && parse_params(p, VAR_PARAM, &FN(p)->params))
        goto out;
    /* Performance-tuning directives. */
    for (;;) {
        if (ptxp_is_dot(&p->t, ".maxntid") || ptxp_is_dot(&p->t, ".reqntid")) {
            uint32_t *dst = ptxp_is_dot(&p->t, ".maxntid") ? FN(p)->maxntid
                                                      : FN(p)->reqntid;
            const char *dir = ptxp_is_dot(&p->t, ".maxntid") ? ".maxntid" : ".reqntid";
            dst[0] = dst[1] = dst[2] = 1;
            if (ptxp_advance(p))
                goto out;
            for (int i = 0; i < 3; i++) {
                uint64_t v = 0;
                struct token at = p->t;
                if (ptxp_parse_uint(p, &v, "a thread count"))
                    goto out;
                if (v < 1 || v > 1024) {
                    ptxp_err_tok(p, &at, "%s thread counts must be in 1..1024, got %llu",
                                 dir, (unsigned long long)v);
                    goto out;
                }
                dst[i] = (uint32_t)v;
                if (!ptxp_is_punct(&p->t, ','))
                    break;
                if (ptxp_advance(p))
                    goto out;
            }
        } else if (ptxp_is_dot(&p->t, ".minnctapersm") ||
                   ptxp_is_dot(&p->t, ".maxnctapersm") ||
                   ptxp_is_dot(&p->t, ".maxnreg")) {
            uint64_t v = 0;
            if (ptxp_advance(p) || ptxp_parse_uint(p, &v, "a count"))
                goto out;
        } else if (ptxp_is_dot(&p->t, ".noreturn")) {
            if (ptxp_advance(p))
                goto out;
        } else if (ptxp_is_dot(&p->t, ".pragma")) {
            if (skip_pragma(p))
                goto out;
        } else {
            break;
        }
    }
    /* Merge with an earlier prototype of the same function. */
    int64_t prev;
    bool declared = ptrmap_get(&p->gfuncs, FN(p)->name, &prev);
    if (declared && (p->m->funcs.v[prev].has_body ||
                     p->m->funcs.v[prev].is_entry != is_entry)) {
        ptxp_err_tok(p, &nt, "function '%s' is defined twice", FN(p)->name);
        goto out;
    }
    if (ptxp_is_punct(&p->t, ';')) {
        /* A prototype. */
        if (ptxp_advance(p))
            goto out;
        if (!declared)
            ptrmap_put(&p->gfuncs, FN(p)->name, p->fn);
        else {
            func_free(FN(p));
            p->m->funcs.n--;
        }
        rc = WS_OK;
        goto out;
    }
    if (!ptxp_is_punct(&p->t, '{')) {
        ptxp_expected(p, "'{' or ';' after the function header");
        goto out;
    }
    /* Callers (including this body) resolve to the prototype's slot when
       there is one; the definition moves into it below. */
    if (!declared)
        ptrmap_put(&p->gfuncs, FN(p)->name, p->fn);
    FN(p)->has_body = true;
    p->loc_file = p->loc_line = p->loc_col = 0;
    if (ptxp_advance(p) || parse_body(p) || resolve_names(p))
        goto out;
    if (declared) {
        /* Move the definition into the prototype's slot. */
        struct ptx_func def = *FN(p);
        func_free(&p->m->funcs.v[prev]);
        p->m->funcs.v[prev] = def;
        p->m->funcs.n--;
    }
    rc = WS_OK;
out:
    ptxp_scope_pop(p);
    p->fn = -1;
    return rc;
}

static int skip_section(struct parser *p)
{
    if (ptxp_advance(p))
        return WS_ERR;
    if (p->t.kind != TK_DOT && p->t.kind != TK_IDENT)
        return ptxp_expected(p, "a section name");
    if (ptxp_advance(p))
        return WS_ERR;
    if (!ptxp_is_punct(&p->t, '{'))
        return ptxp_expected(p, "'{' after the section name");
    int depth = 0;
    do {
        if (ptxp_is_punct(&p->t, '{'))
            depth++;
        else if (ptxp_is_punct(&p->t, '}'))
            depth--;
        else if (p->t.kind == TK_EOF)
            return ptxp_expected(p, "'}' to close the section");
        if (ptxp_advance(p))
            return WS_ERR;
    } while (depth > 0);
    return WS_OK;
}

static int parse_module_var(struct parser *p, int space, bool external)
{
    if (space != SP_GLOBAL && space != SP_CONST && space != SP_SHARED)
        return ptxp_err_tok(p, &p->t, "module-level '%.*s' variables are not supported",
                            p->t.len, p->t.p);
    if (ptxp_advance(p))
        return WS_ERR;
    int32_t idx;
    if (parse_var(p, space, VAR_DATA, external, &p->m->vars, &idx))
        return WS_ERR;
    struct ptx_var *v = &p->m->vars.v[idx];
    if (v->unsized && !(external && space == SP_SHARED))
        return ptxp_err_at(p, v->line, v->col, 1,
                           "unsized array '%s' is only allowed for .extern .shared",
                           v->name);
    if (ptrmap_get(&p->gvars, v->name, NULL))
        return ptxp_err_at(p, v->line, v->col, 1, "'%s' is declared twice", v->name);
    ptrmap_put(&p->gvars, v->name, idx);
    return ptxp_expect_punct(p, ';');
}

static bool tok_is(const struct token *t, const char *s)
{
    size_t n = strlen(s);
    return (size_t)t->len == n && memcmp(t->p, s, n) == 0;
}

/* .target sm_NN[a|f] with NN >= 20: the modelled SMs are Fermi (sm_20)
   and later; sm_1x PTX has neither 64-bit addresses nor the same
   semantics (map_f64_to_f32), so it is refused rather than run wrongly. */
static int check_target(struct parser *p)
{
    const struct token *t = &p->t;
    int i = 3, v = 0;
    if (t->len < 5 || t->len > 8 || memcmp(t->p, "sm_", 3) != 0)
        goto bad;
    while (i < t->len && t->p[i] >= '0' && t->p[i] <= '9')
        v = v * 10 + (t->p[i++] - '0');
    if (i < 5 || (i < t->len && !(i + 1 == t->len &&
                                  (t->p[i] == 'a' || t->p[i] == 'f'))))
        goto bad;
    if (v < 20)
        return ptxp_err_tok(p, t, "target '%.*s' is not supported (sm_20 or later; nvcc emits sm_75 and up)",
                            t->len, t->p);
    return WS_OK;
bad:
    return ptxp_err_tok(p, t, "unknown target '%.*s' (expected sm_NN such as sm_75)",
                        t->len, t->p);
}

static int parse_module(struct parser *p)
{
    if (ptxp_advance(p))
        return WS_ERR;
    bool seen_version = false;
    while (p->t.kind != TK_EOF) {
        struct token *t = &p->t;
        if (ptxp_is_dot(t, ".version")) {
            if (ptxp_advance(p))
                return WS_ERR;
            if (p->t.kind != TK_FLOAT && p->t.kind != TK_INT)
                return ptxp_expected(p, "a version number such as 8.0");
            char buf[32];
            snprintf(buf, sizeof buf, "%.*s", p->t.len, p->t.p);
            if (sscanf(buf, "%d.%d", &p->m->version_major,
                       &p->m->version_minor) < 1)
                return ptxp_expected(p, "a version number such as 8.0");
            if (p->m->version_major < 6 || p->m->version_major > 9)
                return ptxp_err_tok(p, &p->t, "PTX ISA version %s is not supported (expected 6.x to 9.x)",
                                    buf);
            seen_version = true;
            if (ptxp_advance(p))
                return WS_ERR;
        } else if (ptxp_is_dot(t, ".target")) {
            if (ptxp_advance(p))
                return WS_ERR;
            if (p->t.kind != TK_IDENT)
                return ptxp_expected(p, "a target such as sm_75");
            if (check_target(p))
                return WS_ERR;
            snprintf(p->m->target, sizeof p->m->target, "%.*s", p->t.len,
                     p->t.p);
            if (ptxp_advance(p))
                return WS_ERR;
            while (ptxp_is_punct(&p->t, ',')) {
                if (ptxp_advance(p))
                    return WS_ERR;
                if (p->t.kind != TK_IDENT)
                    return ptxp_expected(p, "a target option");
                if (!tok_is(&p->t, "texmode_unified") &&
                    !tok_is(&p->t, "texmode_independent") &&
                    !tok_is(&p->t, "debug"))
                    return ptxp_err_tok(p, &p->t, "unsupported target option '%.*s' (expected texmode_unified, texmode_independent or debug)",
                                        p->t.len, p->t.p);
                if (ptxp_advance(p))
                    return WS_ERR;
            }
        } else if (ptxp_is_dot(t, ".address_size")) {
            uint64_t a = 0;
            if (ptxp_advance(p))
                return WS_ERR;
            struct token at = p->t;
            if (ptxp_parse_uint(p, &a, "32 or 64"))
                return WS_ERR;
            if (a != 64)
                return ptxp_err_tok(p, &at, ".address_size %llu is not supported (only 64)",
                                    (unsigned long long)a);
            p->m->address_size = (int)a;
        } else if (ptxp_is_dot(t, ".file")) {
            uint64_t id = 0;
            if (ptxp_advance(p) || ptxp_parse_uint(p, &id, "a file number"))
                return WS_ERR;
            if (p->t.kind != TK_STRING)
                return ptxp_expected(p, "a file name string");
            struct ptx_file_entry fe = {
                (int)id, intern(p->m->pool, p->t.p + 1, (size_t)p->t.len - 2) };
            vec_push(&p->m->files, fe);
            if (ptxp_advance(p))
                return WS_ERR;
            while (ptxp_is_punct(&p->t, ',')) {
                uint64_t ignored = 0;
                if (ptxp_advance(p) || ptxp_parse_uint(p, &ignored, "a number"))
                    return WS_ERR;
            }
        } else if (ptxp_is_dot(t, ".section")) {
            if (skip_section(p))
                return WS_ERR;
        } else if (ptxp_is_dot(t, ".pragma")) {
            if (skip_pragma(p))
                return WS_ERR;
        } else if (ptxp_is_dot(t, ".visible") || ptxp_is_dot(t, ".extern") ||
                   ptxp_is_dot(t, ".weak") || ptxp_is_dot(t, ".entry") ||
                   ptxp_is_dot(t, ".func") || dot_space(t) != SP_NONE) {
            bool visible = false, external = false;
            while (ptxp_is_dot(&p->t, ".visible") || ptxp_is_dot(&p->t, ".extern") ||
                   ptxp_is_dot(&p->t, ".weak")) {
                visible |= ptxp_is_dot(&p->t, ".visible");
                external |= ptxp_is_dot(&p->t, ".extern");
                if (ptxp_advance(p))
                    return WS_ERR;
            }
            if (ptxp_is_dot(&p->t, ".entry") || ptxp_is_dot(&p->t, ".func")) {
                if (!seen_version)
                    return ptxp_err_tok(p, &p->t, "missing .version directive before the first function");
                if (parse_function(p, ptxp_is_dot(&p->t, ".entry"), visible))
                    return WS_ERR;
            } else if (dot_space(&p->t) != SP_NONE) {
                if (parse_module_var(p, dot_space(&p->t), external))
                    return WS_ERR;
            } else {
                return ptxp_expected(p, "'.entry', '.func' or a variable declaration");
            }
        } else {
            char b[64];
            return ptxp_err_tok(p, t, "expected a directive such as .version, .target, .entry or .func at module level, found %s",
                                ptxp_tokdesc(t, b, sizeof b));
        }
    }
    if (!seen_version)
        return ptxp_err_at(p, 1, 1, 1, "missing .version directive (is this a PTX file?)");
    if (!p->m->target[0])
        return ptxp_err_at(p, 1, 1, 1, "missing .target directive");
    return WS_OK;
}

int ptx_parse(const char *path, char *text, size_t len,
              struct ptx_module **out, struct ws_diag *diag)
{
    struct ptx_module *m = ws_xcalloc(1, sizeof *m);
    m->path = ws_xstrdup(path);
    m->text = text;
    m->text_len = len;
    m->pool = intern_new();
    vec_push(&m->line_start, (size_t)0);
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n')
            vec_push(&m->line_start, i + 1);
    *out = NULL;
    if (len == 0) {
        diag_error(diag, path, 0, 0, "the file is empty (expected PTX text)");
        ptx_module_free(m);
        return WS_ERR;
    }
    if (strlen(text) != len) {
        size_t at = strlen(text);
        size_t line = 1, col = 1;
        for (size_t i = 0; i < at; i++) {
            if (text[i] == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        diag_error(diag, path, (int)line, (int)col,
                   "NUL byte in PTX text (is this a binary file?)");
        ptx_module_free(m);
        return WS_ERR;
    }
    struct parser p;
    memset(&p, 0, sizeof p);
    p.m = m;
    p.diag = diag;
    p.fn = -1;
    lex_init(&p.lx, text, path, diag);
    int rc = parse_module(&p);
    ptrmap_free(&p.names);
    ptrmap_free(&p.gvars);
    ptrmap_free(&p.gfuncs);
    ptrmap_free(&p.labels);
    vec_free(&p.binds);
    vec_free(&p.scopes);
    if (rc != WS_OK) {
        ptx_module_free(m);
        return WS_ERR;
    }
    *out = m;
    return WS_OK;
}

/*
** Reads the whole of f, at most max_bytes (0: no limit). The size the file
** system reports is not trusted: /proc files report 0 and device files or
** pipes have no size, so the text is read until end of file, and a file
** that never ends (/dev/zero) stops at the limit. Returns the text, or NULL
** with *too_big set or errno holding the read error.
*/
static char *read_all(FILE *f, size_t max_bytes, size_t *len, bool *too_big)
{
    size_t cap = 65536, n = 0;
    char *text = ws_xmalloc(cap + 1);
    *too_big = false;
    for (;;) {
        if (n == cap)
            text = ws_xrealloc(text, (cap *= 2) + 1);
        size_t want = cap - n;
        if (max_bytes && want > max_bytes + 1 - n)
            want = max_bytes + 1 - n;
        size_t got = fread(text + n, 1, want, f);
        n += got;
        if (max_bytes && n > max_bytes) {
            *too_big = true;
            break;
        }
        if (got < want) {
            if (!ferror(f))
                break;
            free(text);
            return NULL;
        }
    }
    if (*too_big) {
        free(text);
        return NULL;
    }
    text[n] = '\0';
    *len = n;
    return text;
}

int ptx_parse_file(const char *path, size_t max_bytes,
                   struct ptx_module **out, struct ws_diag *diag)
{
    FILE *f = ws_fopen_read(path);     /* a FIFO must not block the open */
    if (!f)
        return diag_error(diag, path, 0, 0, "cannot open PTX file: %s",
                          strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            fclose(f);
            return diag_error(diag, path, 0, 0, "cannot read PTX file: %s",
                              strerror(EISDIR));
        }
        if (S_ISREG(st.st_mode) && max_bytes && (uint64_t)st.st_size > max_bytes) {
            fclose(f);
            return diag_error(diag, path, 0, 0,
                              "PTX file is %lld bytes, larger than the limit of %zu bytes (config key ptx.max_bytes)",
                              (long long)st.st_size, max_bytes);
        }
    }
    size_t n = 0;
    bool too_big;
    errno = 0;
    char *text = read_all(f, max_bytes, &n, &too_big);
    int err = errno;
    bool fifo = ws_is_fifo(f);
    fclose(f);
    if (text && n == 0 && fifo) {
        free(text);
        return diag_error(diag, path, 0, 0,
                          "cannot read PTX file: it is a FIFO nothing was written to");
    }
    if (too_big)
        return diag_error(diag, path, 0, 0,
                          "PTX file is larger than the limit of %zu bytes (config key ptx.max_bytes)",
                          max_bytes);
    if (!text)
        return diag_error(diag, path, 0, 0, "cannot read PTX file: %s",
                          strerror(err ? err : EIO));
    return ptx_parse(path, text, n, out, diag);
}

int ptx_module_find_func(const struct ptx_module *m, const char *name)
{
    for (size_t i = 0; i < m->funcs.n; i++)
        if (m->funcs.v[i].name && strcmp(m->funcs.v[i].name, name) == 0)
            return (int)i;
    return -1;
}

void ptx_module_free(struct ptx_module *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->funcs.n; i++)
        func_free(&m->funcs.v[i]);
    vec_free(&m->funcs);
    for (size_t i = 0; i < m->vars.n; i++)
        free(m->vars.v[i].init);
    vec_free(&m->vars);
    vec_free(&m->files);
    vec_free(&m->line_start);
    intern_free(m->pool);
    free(m->path);
    free(m->text);
    free(m);
}
