/*
** parse.c - recursive-descent parser for the PTX dialect nvcc emits.
** Builds the IR of ir.h. It must not guess: anything it does not understand
** is an error naming what was expected.
*/
#include "ptx/parse.h"
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

enum bkind { B_REG, B_VAR };

struct binding {
    const char *name;
    enum bkind kind;
    int32_t index;
    int64_t prev;          /* previous binding of the same name, or -1 */
};

struct parser {
    struct lexer lx;
    struct token t, la;
    bool has_la;
    struct ptx_module *m;
    struct ws_diag *diag;
    int fn;                /* index of the function being parsed, or -1 */
    struct ptrmap names;   /* function scope: name -> binding index */
    VEC(struct binding) binds;
    VEC(size_t) scopes;
    struct ptrmap gvars;   /* module: name -> var index */
    struct ptrmap gfuncs;  /* module: name -> function index */
    struct ptrmap labels;  /* function: label name -> index in labels */
    int loc_file, loc_line, loc_col;
};

#define FN(p) (&(p)->m->funcs.v[(p)->fn])

/* ---- errors ---------------------------------------------------------- */

static int verr_at(struct parser *p, int line, int col, int width,
                   const char *fmt, va_list ap)
{
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    diag_error(p->diag, p->m->path, line, col, "%s", msg);
    size_t len;
    const char *src = ptx_module_line(p->m, line, &len);
    if (src)
        diag_source(p->diag, src, len, width);
    return WS_ERR;
}

static int err_at(struct parser *p, int line, int col, int width,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int err_at(struct parser *p, int line, int col, int width,
                  const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr_at(p, line, col, width, fmt, ap);
    va_end(ap);
    return WS_ERR;
}

static int err_tok(struct parser *p, const struct token *t, const char *fmt,
                   ...) __attribute__((format(printf, 3, 4)));
static int err_tok(struct parser *p, const struct token *t, const char *fmt,
                   ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr_at(p, t->line, t->col, t->len > 0 ? t->len : 1, fmt, ap);
    va_end(ap);
    return WS_ERR;
}

/* Describes a token for "found ..." messages. */
static const char *tokdesc(const struct token *t, char *buf, size_t n)
{
    switch (t->kind) {
    case TK_EOF: return "end of file";
    case TK_ERROR: return "an invalid token";
    default:
        snprintf(buf, n, "'%.*s'", t->len > 40 ? 40 : t->len, t->p);
        return buf;
    }
}

static int expected(struct parser *p, const char *what)
{
    char b[64];
    return err_tok(p, &p->t, "expected %s, found %s", what,
                   tokdesc(&p->t, b, sizeof b));
}

/* ---- token stream ---------------------------------------------------- */

static int advance(struct parser *p)
{
    if (p->has_la) {
        p->t = p->la;
        p->has_la = false;
    } else {
        p->t = lex_next(&p->lx);
    }
    return p->t.kind == TK_ERROR ? WS_ERR : WS_OK;
}

static const struct token *peek(struct parser *p)
{
    if (!p->has_la) {
        p->la = lex_next(&p->lx);
        p->has_la = true;
    }
    return &p->la;
}

static bool is_punct(const struct token *t, char c)
{
    return t->kind == TK_PUNCT && t->punct == c;
}

static bool is_dot(const struct token *t, const char *s)
{
    size_t n = strlen(s);
    return t->kind == TK_DOT && (size_t)t->len == n && memcmp(t->p, s, n) == 0;
}

static int expect_punct(struct parser *p, char c)
{
    if (!is_punct(&p->t, c)) {
        char what[8] = { '\'', c, '\'', 0 };
        return expected(p, what);
    }
    return advance(p);
}

static const char *tok_name(struct parser *p, const struct token *t)
{
    return intern(p->m->pool, t->p, (size_t)t->len);
}

/* Parses an unsigned integer token into *v. */
static int parse_uint(struct parser *p, uint64_t *v, const char *what)
{
    if (p->t.kind != TK_INT)
        return expected(p, what);
    *v = p->t.ival;
    return advance(p);
}

static int parse_int(struct parser *p, int64_t *v, const char *what)
{
    bool neg = false;
    if (is_punct(&p->t, '-')) {
        neg = true;
        if (advance(p))
            return WS_ERR;
    }
    if (p->t.kind != TK_INT)
        return expected(p, what);
    *v = (int64_t)(neg ? 0 - p->t.ival : p->t.ival);
    return advance(p);
}

/* ---- scopes ---------------------------------------------------------- */

static void scope_push(struct parser *p)
{
    vec_push(&p->scopes, p->binds.n);
}

static void scope_pop(struct parser *p)
{
    size_t keep = vec_last(&p->scopes);
    p->scopes.n--;
    while (p->binds.n > keep) {
        struct binding *b = &p->binds.v[--p->binds.n];
        if (b->prev >= 0)
            ptrmap_put(&p->names, b->name, b->prev);
        else
            ptrmap_del(&p->names, b->name);
    }
}

static int bind(struct parser *p, const char *name, enum bkind k,
                int32_t idx, const struct token *at)
{
    int64_t prev = -1;
    if (ptrmap_get(&p->names, name, &prev)) {
        /* Redeclaring in the same scope is an error; shadowing is not. */
        if ((size_t)prev >= vec_last(&p->scopes))
            return err_tok(p, at, "'%s' is already declared in this scope",
                           name);
    } else {
        prev = -1;
    }
    struct binding b = { name, k, idx, prev };
    vec_push(&p->binds, b);
    ptrmap_put(&p->names, name, (int64_t)p->binds.n - 1);
    return WS_OK;
}

static const struct binding *lookup(struct parser *p, const char *name)
{
    int64_t i;
    if (p->fn >= 0 && ptrmap_get(&p->names, name, &i))
        return &p->binds.v[i];
    return NULL;
}

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
        return err_tok(p, &p->t, "too many initializers for '%s' (%llu bytes)",
                       v->name, (unsigned long long)v->size);
    bool neg = false;
    if (is_punct(&p->t, '-')) {
        neg = true;
        if (advance(p))
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
            return err_tok(p, &p->t, "float initializer for integer variable '%s'",
                           v->name);
        is_float = true;
    } else if (p->t.kind == TK_IDENT) {
        return err_tok(p, &p->t, "address initializers ('%.*s') are not supported",
                       p->t.len, p->t.p);
    } else {
        return expected(p, "an initializer value");
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
    return advance(p);
}

/* Braces in an initializer nest at most this deep (arrays have few
   dimensions); deeper input is an error, not a deeper recursion. */
#define INIT_MAX_DEPTH 16

static int init_list(struct parser *p, struct ptx_var *v, int type,
                     uint64_t *off, int depth)
{
    if (is_punct(&p->t, '{') && depth >= INIT_MAX_DEPTH)
        return err_tok(p, &p->t, "initializer braces nest more than %d deep",
                       INIT_MAX_DEPTH);
    if (!is_punct(&p->t, '{')) {
        if (init_elem(p, v, type, *off))
            return WS_ERR;
        *off += ptx_type_size(type);
        return WS_OK;
    }
    if (advance(p))
        return WS_ERR;
    for (;;) {
        if (init_list(p, v, type, off, depth + 1))
            return WS_ERR;
        if (is_punct(&p->t, ',')) {
            if (advance(p))
                return WS_ERR;
            continue;
        }
        return expect_punct(p, '}');
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
        if (is_dot(&p->t, ".align")) {
            uint64_t a = 0;
            if (advance(p) || parse_uint(p, &a, "an alignment"))
                return WS_ERR;
            if (a == 0 || (a & (a - 1)) || a > 4096)
                return err_tok(p, &p->t, "alignment must be a power of two up to 4096");
            v.align = (uint32_t)a;
        } else if (is_dot(&p->t, ".v2") || is_dot(&p->t, ".v4")) {
            vecw = p->t.p[2] - '0';
            if (advance(p))
                return WS_ERR;
        } else {
            break;
        }
    }
    int type = dot_type(&p->t);
    if (type == PT_NONE || type == PT_PRED)
        return expected(p, "a data type such as .b8, .u32 or .f32");
    if (ptx_type_is_x2(type))
        return err_tok(p, &p->t, "variables of type .%s are not supported (declare .b32)",
                       ptx_type_name(type));
    v.type = (uint8_t)type;
    if (advance(p))
        return WS_ERR;
    /* Pointer attributes on kernel parameters: .ptr [.space] [.align N] */
    if (is_dot(&p->t, ".ptr")) {
        if (advance(p))
            return WS_ERR;
        if (dot_space(&p->t) != SP_NONE && advance(p))
            return WS_ERR;
        if (is_dot(&p->t, ".align")) {
            uint64_t a = 0;
            if (advance(p) || parse_uint(p, &a, "an alignment"))
                return WS_ERR;
        }
    }
    if (p->t.kind != TK_IDENT)
        return expected(p, "a variable name");
    v.name = tok_name(p, &p->t);
    v.line = p->t.line;
    v.col = p->t.col;
    if (advance(p))
        return WS_ERR;
    uint64_t elems = vecw;
    while (is_punct(&p->t, '[')) {
        if (advance(p))
            return WS_ERR;
        if (is_punct(&p->t, ']')) {
            v.unsized = true;
        } else {
            uint64_t n = 0;
            if (parse_uint(p, &n, "an array size"))
                return WS_ERR;
            if (n == 0 || elems > (1ULL << 34) / n)
                return err_at(p, v.line, v.col, 1,
                              "array '%s' is too large or empty", v.name);
            elems *= n;
        }
        if (expect_punct(p, ']'))
            return WS_ERR;
    }
    v.size = v.unsized ? 0 : elems * ptx_type_size(type);
    if (!v.align)
        v.align = ptx_type_size(type) * vecw;
    if (is_punct(&p->t, '=')) {
        if (space != SP_GLOBAL && space != SP_CONST)
            return err_tok(p, &p->t, "only .global and .const variables can be initialized");
        if (v.unsized)
            return err_tok(p, &p->t, "initialized array '%s' needs a size",
                           v.name);
        v.init = ws_xcalloc(1, v.size);
        uint64_t off = 0;
        if (advance(p) || init_list(p, &v, type, &off, 0)) {
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
    if (advance(p))
        return WS_ERR;
    if (is_dot(&p->t, ".v2") || is_dot(&p->t, ".v4"))
        return err_tok(p, &p->t, "vector registers are not supported");
    int type = dot_type(&p->t);
    if (type == PT_NONE)
        return expected(p, "a register type such as .b32, .f32 or .pred");
    if (advance(p))
        return WS_ERR;
    (void)at;
    for (;;) {
        if (p->t.kind != TK_IDENT)
            return expected(p, "a register name");
        struct token nt = p->t;
        if (advance(p))
            return WS_ERR;
        if (is_punct(&p->t, '<')) {
            uint64_t n = 0;
            if (advance(p) || parse_uint(p, &n, "a register count") ||
                expect_punct(p, '>'))
                return WS_ERR;
            if (n > 1000000)
                return err_tok(p, &nt, "too many registers declared (%llu)",
                               (unsigned long long)n);
            char buf[256];
            for (uint64_t i = 0; i < n; i++) {
                int k = snprintf(buf, sizeof buf, "%.*s%llu", nt.len, nt.p,
                                 (unsigned long long)i);
                struct ptx_reg r = { intern(p->m->pool, buf, (size_t)k),
                                     (uint8_t)type };
                if (bind(p, r.name, B_REG, (int32_t)FN(p)->regs.n, &nt))
                    return WS_ERR;
                vec_push(&FN(p)->regs, r);
            }
        } else {
            struct ptx_reg r = { tok_name(p, &nt), (uint8_t)type };
            if (bind(p, r.name, B_REG, (int32_t)FN(p)->regs.n, &nt))
                return WS_ERR;
            vec_push(&FN(p)->regs, r);
        }
        if (is_punct(&p->t, ',')) {
            if (advance(p))
                return WS_ERR;
            continue;
        }
        return expect_punct(p, ';');
    }
}

/* ---- operands -------------------------------------------------------- */

static const struct {
    const char *name;
    int sreg;
    bool vector;
} sregs[] = {
    { "%tid", SR_TID, true },       { "%ntid", SR_NTID, true },
    { "%ctaid", SR_CTAID, true },   { "%nctaid", SR_NCTAID, true },
    { "%laneid", SR_LANEID, false }, { "%warpid", SR_WARPID, false },
    { "%nwarpid", SR_NWARPID, false }, { "%smid", SR_SMID, false },
    { "%nsmid", SR_NSMID, false },  { "%gridid", SR_GRIDID, false },
    { "%clock", SR_CLOCK, false },  { "%clock64", SR_CLOCK64, false },
    { "%lanemask_eq", SR_LANEMASK_EQ, false },
    { "%lanemask_lt", SR_LANEMASK_LT, false },
    { "%lanemask_le", SR_LANEMASK_LE, false },
    { "%lanemask_gt", SR_LANEMASK_GT, false },
    { "%lanemask_ge", SR_LANEMASK_GE, false },
};

/* The width of an operand that starts at (line, col) and ends with token
   end: the span on one line, or 1 (a caret on its first character) when
   the operand continues on another line. */
static int span_width(int line, int col, const struct token *end)
{
    int w = end->col + end->len - col;
    return end->line == line && w >= 1 ? w : 1;
}

/*
** A video operand selector glued to the register just read: .b0 to .b3,
** .h0, .h1, and the SIMD forms .b3210, .h10 (up to four digits). Other
** dotted words are left for the caller to reject.
*/
static int video_selector(struct parser *p, struct ptx_opnd *o,
                          const struct token *reg)
{
    const struct token *c = &p->t;
    if (c->kind != TK_DOT || c->spaced || c->len < 3 || c->len > 6 ||
        (c->p[1] != 'b' && c->p[1] != 'h'))
        return WS_OK;
    for (int i = 2; i < c->len; i++)
        if (c->p[i] < '0' || c->p[i] > '9')
            return WS_OK;
    o->sel.kind = (uint8_t)c->p[1];
    o->sel.n = (uint8_t)(c->len - 2);
    for (int i = 0; i < o->sel.n; i++)
        o->sel.dig[i] = (uint8_t)(c->p[2 + i] - '0');
    o->width = span_width(reg->line, reg->col, c);
    return advance(p);
}

/* Resolves an identifier used as an operand (current token). */
static int ident_operand(struct parser *p, struct ptx_opnd *o)
{
    struct token t = p->t;
    const char *name = tok_name(p, &t);
    o->line = t.line;
    o->col = t.col;
    o->width = t.len;
    if (t.len == 1 && t.p[0] == '_') {
        o->kind = OPK_SINK;
        return advance(p);
    }
    const struct binding *b = lookup(p, name);
    if (b) {
        if (b->kind == B_REG) {
            o->kind = OPK_REG;
            o->reg = b->index;
            o->name = name;
            if (advance(p))
                return WS_ERR;
            return video_selector(p, o, &t);
        } else {
            o->kind = OPK_SYM;
            o->sym = b->index;
            o->symscope = SYM_FUNC;
        }
        o->name = name;
        return advance(p);
    }
    for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++) {
        if (strcmp(sregs[i].name, name) != 0)
            continue;
        o->kind = OPK_SREG;
        o->sreg = (uint8_t)sregs[i].sreg;
        o->comp = 3;
        if (advance(p))
            return WS_ERR;
        if (sregs[i].vector) {
            const struct token *c = &p->t;
            if (c->kind == TK_DOT && !c->spaced && c->len == 2 &&
                strchr("xyz", c->p[1])) {
                o->comp = (uint8_t)(c->p[1] - 'x');
                o->width = span_width(t.line, t.col, c);
                return advance(p);
            }
            return err_tok(p, &t, "special register %s needs a component .x, .y or .z",
                           name);
        }
        return WS_OK;
    }
    if (t.p[0] == '%')
        return err_tok(p, &t, "unknown register '%s' (not declared with .reg and not a supported special register)",
                       name);
    int64_t gi;
    if (ptrmap_get(&p->gvars, name, &gi)) {
        o->kind = OPK_SYM;
        o->sym = (int32_t)gi;
        o->symscope = SYM_MODULE;
        o->name = name;
        return advance(p);
    }
    /* A label (possibly defined later) or a function: resolved later. */
    o->kind = OPK_LABEL;
    o->name = name;
    return advance(p);
}

static int parse_address(struct parser *p, struct ptx_opnd *o)
{
    o->kind = OPK_ADDR;
    o->line = p->t.line;
    o->col = p->t.col;
    o->reg = -1;
    if (advance(p))
        return WS_ERR;
    if (p->t.kind == TK_IDENT) {
        struct ptx_opnd base = { 0 };
        base.reg = -1;
        base.sym = -1;
        if (ident_operand(p, &base))
            return WS_ERR;
        if (base.kind == OPK_REG) {
            o->reg = base.reg;
        } else if (base.kind == OPK_SYM) {
            o->sym = base.sym;
            o->symscope = base.symscope;
            o->name = base.name;
        } else {
            return err_at(p, base.line, base.col, base.width,
                          "address base '%s' is not a declared register or variable",
                          base.name ? base.name : "?");
        }
        if (is_punct(&p->t, '+') || is_punct(&p->t, '-')) {
            bool neg = is_punct(&p->t, '-');
            if (advance(p))
                return WS_ERR;
            int64_t off;
            if (parse_int(p, &off, "an address offset"))
                return WS_ERR;
            o->imm = (int64_t)(neg ? 0 - (uint64_t)off : (uint64_t)off);
        }
    } else if (p->t.kind == TK_INT) {
        int64_t a;
        if (parse_int(p, &a, "an address"))
            return WS_ERR;
        o->imm = a;
    } else {
        return expected(p, "a register, variable or address inside [ ]");
    }
    o->width = span_width(o->line, o->col, &p->t);
    return expect_punct(p, ']');
}

/* The identifier after a one-character prefix: '!' (neg 1) or '-' (2). */
static int prefixed_operand(struct parser *p, struct ptx_opnd *o, int neg)
{
    if (ident_operand(p, o))
        return WS_ERR;
    o->neg = (uint8_t)neg;
    o->col -= 1;
    o->width += 1;
    return WS_OK;
}

static int parse_operand(struct parser *p, struct ptx_opnd *o)
{
    memset(o, 0, sizeof *o);
    o->reg = -1;
    o->sym = -1;
    o->line = p->t.line;
    o->col = p->t.col;
    o->width = p->t.len;
    if (is_punct(&p->t, '[')) {
        return parse_address(p, o);
    }
    if (is_punct(&p->t, '{')) {
        o->kind = OPK_VEC;
        if (advance(p))
            return WS_ERR;
        for (;;) {
            if (o->nvec == 4)
                return err_tok(p, &p->t, "vector operands have at most 4 elements");
            struct ptx_opnd e;
            memset(&e, 0, sizeof e);
            if (p->t.kind == TK_INT) {    /* mov.b32 %r1, {0, %rs1} */
                o->vimm[o->nvec] = (int64_t)p->t.ival;
                o->vec[o->nvec++] = -2;
                if (advance(p))
                    return WS_ERR;
            } else if (p->t.kind != TK_IDENT) {
                return expected(p, "a register, an integer or _ in the vector");
            } else if (ident_operand(p, &e)) {
                return WS_ERR;
            } else if (e.kind == OPK_SINK) {
                o->vec[o->nvec++] = -1;
            } else if (e.kind == OPK_REG && !e.sel.kind) {
                o->vec[o->nvec++] = e.reg;
            } else {
                return err_at(p, e.line, e.col, e.width,
                              "vector elements must be registers, integers or _");
            }
            if (is_punct(&p->t, ',')) {
                if (advance(p))
                    return WS_ERR;
                continue;
            }
            break;
        }
        o->width = span_width(o->line, o->col, &p->t);
        return expect_punct(p, '}');
    }
    if (is_punct(&p->t, '!')) {
        if (advance(p))
            return WS_ERR;
        if (p->t.kind != TK_IDENT)
            return expected(p, "a predicate register after '!'");
        return prefixed_operand(p, o, 1);
    }
    bool neg = false;
    if (is_punct(&p->t, '-')) {
        neg = true;
        if (advance(p))
            return WS_ERR;
    }
    if (p->t.kind == TK_INT) {
        o->kind = OPK_IMM;
        o->imm = (int64_t)(neg ? 0 - p->t.ival : p->t.ival);
        o->width = span_width(o->line, o->col, &p->t);
        return advance(p);
    }
    if (p->t.kind == TK_FLOAT) {
        o->kind = OPK_FIMM;
        o->f = neg ? -p->t.fval : p->t.fval;
        o->fsize = (uint8_t)p->t.fsize;
        o->width = span_width(o->line, o->col, &p->t);
        return advance(p);
    }
    if (neg && p->t.kind == TK_IDENT)     /* vmad's -a */
        return prefixed_operand(p, o, 2);
    if (neg)
        return expected(p, "a number or register after '-'");
    if (p->t.kind == TK_IDENT)
        return ident_operand(p, o);
    return expected(p, "an operand");
}

/* ---- instructions ---------------------------------------------------- */

static const char *kind_desc(const struct ptx_opnd *o, const struct ptx_func *f)
{
    switch (o->kind) {
    case OPK_REG:
        return f->regs.v[o->reg].type == PT_PRED ? "a predicate register"
                                                  : "a register";
    case OPK_IMM: return "an integer immediate";
    case OPK_FIMM: return "a float immediate";
    case OPK_SREG: return "a special register";
    case OPK_ADDR: return "an address";
    case OPK_SYM: return "a variable name";
    case OPK_VEC: return "a vector";
    case OPK_SINK: return "'_'";
    case OPK_LABEL: return "a label";
    case OPK_FUNC: return "a function";
    default: return "nothing";
    }
}

static void shape_desc(const char *s, struct strbuf *b)
{
    static const struct {
        char c;
        const char *d;
    } names[] = {
        { 'r', "register" }, { 'p', "predicate" }, { 'i', "integer" },
        { 'f', "float immediate" }, { 's', "special register" },
        { 'y', "variable" }, { 'v', "vector" }, { 'a', "address" },
        { 'l', "label" },
    };
    int k = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!strchr(s, names[i].c))
            continue;
        if (k++)
            sb_puts(b, " or ");
        sb_puts(b, names[i].d);
    }
}

static int check_operand(struct parser *p, const struct ptx_inst *in,
                         const struct ptx_opnd *o, const char *shape,
                         int index)
{
    const struct ptx_func *f = FN(p);
    bool ok;
    switch (o->kind) {
    case OPK_REG:
        ok = strchr(shape, f->regs.v[o->reg].type == PT_PRED ? 'p' : 'r');
        break;
    case OPK_IMM: ok = strchr(shape, 'i') || strchr(shape, 'f'); break;
    case OPK_FIMM: ok = strchr(shape, 'f'); break;
    case OPK_SREG: ok = strchr(shape, 's'); break;
    case OPK_ADDR: ok = strchr(shape, 'a'); break;
    case OPK_SYM: ok = strchr(shape, 'y'); break;
    case OPK_VEC: ok = strchr(shape, 'v'); break;
    case OPK_SINK: ok = strchr(shape, '_') || index < in->nd; break;
    case OPK_LABEL: ok = strchr(shape, 'l'); break;
    default: ok = false;
    }
    if (o->kind == OPK_LABEL && !ok && o->name)
        return err_at(p, o->line, o->col, o->width,
                      "'%s' is not a declared register or variable", o->name);
    if (ok && o->neg == 1 && !strchr(shape, 'n'))
        return err_at(p, o->line, o->col, o->width,
                      "'!' is not allowed on operand %d of '%s'", index + 1,
                      ptx_op_name(in->op));
    if (ok && o->neg == 2 && !strchr(shape, 'm'))
        return err_at(p, o->line, o->col, o->width,
                      "'-' is not allowed on operand %d of '%s'", index + 1,
                      ptx_op_name(in->op));
    if (ok && o->sel.kind && !strchr(shape, 'x'))
        return err_at(p, o->line, o->col, o->width,
                      "operand %d of '%s' takes no selector such as .%c%d (only video instructions do)",
                      index + 1, ptx_op_name(in->op), o->sel.kind,
                      o->sel.dig[0]);
    if (!ok) {
        struct strbuf b;
        sb_init(&b);
        shape_desc(shape, &b);
        err_at(p, o->line, o->col, o->width,
               "operand %d of '%s': expected %s, found %s", index + 1,
               ptx_op_name(in->op), sb_str(&b), kind_desc(o, f));
        sb_free(&b);
        return WS_ERR;
    }
    return WS_OK;
}

static int check_shape(struct parser *p, struct ptx_inst *in,
                       const struct ptx_opspec *spec)
{
    int nshape = 0, nreq = 0;
    while (nshape < 6 && spec->shape[nshape]) {
        if (!strchr(spec->shape[nshape], '?'))
            nreq = nshape + 1;
        nshape++;
    }
    /* A dual destination d|p takes one shape slot but two operands. */
    int extra = (spec->dual && in->nd == 2) ? 1 : 0;
    int n = in->n - extra;
    if (n < nreq || n > nshape) {
        return err_at(p, in->line, in->col, in->width,
                      "'%s' takes %d%s operand%s, found %d",
                      ptx_op_name(in->op), nreq,
                      nshape > nreq ? " or more" : "", nshape == 1 ? "" : "s",
                      n);
    }
    for (int i = 0, s = 0; i < in->n; i++) {
        const char *shape = (extra && i == 1) ? "p" : spec->shape[s];
        if (check_operand(p, in, &in->o[i], shape, i))
            return WS_ERR;
        if (!(extra && i == 0))
            s++;
    }
    return WS_OK;
}

/* Applies the dotted modifiers that follow the opcode name. */
static int parse_mods(struct parser *p, struct ptx_inst *in,
                      const struct ptx_opspec *spec)
{
    uint32_t seen = 0;
    int ntypes = 0;
    struct ptx_mods *m = &in->m;
    struct token rnd_tok = { 0 };
    m->vec = 1;
    while (p->t.kind == TK_DOT && !p->t.spaced) {
        const struct ptx_modspec *ms =
            ptx_mod_find(p->t.p + 1, (size_t)p->t.len - 1, spec->cats);
        if (!ms)
            return err_tok(p, &p->t, "'%.*s' is not a supported modifier of '%s'",
                           p->t.len, p->t.p, spec->name);
        if (ms->cat == MC_TYPE) {
            if (ntypes >= (spec->ntypes ? spec->ntypes : 1))
                return err_tok(p, &p->t, "too many type modifiers for '%s'",
                               spec->name);
            if (ntypes == 0)
                m->type = ms->val;
            else if (ntypes == 1)
                m->type2 = ms->val;
            else
                m->type3 = ms->val;
            ntypes++;
        } else {
            if ((seen & ms->cat) && ms->cat != MC_MISC && ms->cat != MC_EXT)
                return err_tok(p, &p->t, "conflicting or repeated modifier '%.*s'",
                               p->t.len, p->t.p);
            seen |= ms->cat;
            switch (ms->cat) {
            case MC_SPACE: m->space = ms->val; break;
            case MC_VEC: m->vec = ms->val; break;
            case MC_CMP: m->cmp = ms->val; break;
            case MC_BOOL: m->bop = ms->val; break;
            case MC_RND:
                m->rnd = ms->val;
                rnd_tok = p->t;
                break;
            case MC_FTZ: m->ftz = true; break;
            case MC_SAT: m->sat = true; break;
            case MC_APPROX: m->approx = true; break;
            case MC_FULL: m->full = true; break;
            case MC_MUL: case MC_SHFL: case MC_VOTE: case MC_ATOM:
            case MC_BAR: case MC_SHF: case MC_PRMT:
                m->mode = ms->val;
                break;
            case MC_BARRED: m->mode2 = ms->val; break;
            case MC_SYNC: m->sync = true; break;
            case MC_ALIGNED: m->aligned = true; break;
            case MC_UNI: m->uni = true; break;
            case MC_VOL: m->vol = true; break;
            case MC_CACHE: m->cache = ms->val; break;
            case MC_NC: m->nc = true; break;
            case MC_CC: m->cc = true; break;
            case MC_TO: m->mode = CVTA_TO_SPACE; break;
            case MC_SEM: case MC_SCOPE: case MC_LEVEL: break;
            case MC_WRAP:
                m->wrap = ms->val == 1;
                m->mode2 = ms->val;     /* 1 wrap, 2 clamp: vshl needs one */
                break;
            case MC_EXT:
                m->relu |= ms->val == EXT_RELU;
                m->satfinite |= ms->val == EXT_SATFINITE;
                m->po |= ms->val == EXT_PO;
                if (ms->val == EXT_SHR7 || ms->val == EXT_SHR15)
                    m->scale = ms->val == EXT_SHR7 ? 7 : 15;
                break;
            case MC_MISC:
                if (ms->val == 1)
                    m->shiftamt = true;
                else if (ms->val == 2)
                    m->nan = true;
                else if (ms->val == 3)
                    m->mode = BAR_SYNC, m->mode2 = 9; /* bar.warp.sync */
                else
                    m->mode = ms->val - 10;
                break;
            }
        }
        if (advance(p))
            return WS_ERR;
    }
    if (m->rnd && ptx_type_is_int(m->type) &&
        (in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MUL ||
         in->op == OP_MAD || in->op == OP_DIV))
        return err_tok(p, &rnd_tok, "'%.*s' is not valid on integer '%s': rounding modifiers apply to floating-point types",
                       rnd_tok.len, rnd_tok.p, spec->name);
    if (spec->ntypes && ntypes < spec->ntypes && in->op != OP_BAR)
        return err_at(p, in->line, in->col, in->width,
                      "'%s' needs %s type modifier%s (e.g. .%s)", spec->name,
                      spec->ntypes == 3 ? "three"
                      : spec->ntypes == 2 ? "two" : "a",
                      spec->ntypes >= 2 ? "s" : "",
                      spec->ntypes == 3 ? "u32.u32.u32"
                      : spec->ntypes == 2 ? "f32.s32" : "u32");
    return WS_OK;
}

static void push_operand(struct ptx_inst *in, const struct ptx_opnd *o,
                         size_t *cap)
{
    if (in->n == *cap) {
        *cap = *cap ? *cap * 2 : 4;
        in->o = ws_xrealloc(in->o, *cap * sizeof *in->o);
    }
    in->o[in->n++] = *o;
}

/* call[.uni] [(rets),] func [, (args)] [, prototype] ; */
static int parse_call(struct parser *p, struct ptx_inst *in, size_t *cap)
{
    struct ptx_opnd o;
    if (is_punct(&p->t, '(')) {
        if (advance(p))
            return WS_ERR;
        while (!is_punct(&p->t, ')')) {
            if (parse_operand(p, &o))
                return WS_ERR;
            if (o.kind != OPK_SYM)
                return err_at(p, o.line, o.col, o.width,
                              "call return values must be .param variables");
            push_operand(in, &o, cap);
            in->nret++;
            if (is_punct(&p->t, ','))
                if (advance(p))
                    return WS_ERR;
        }
        if (advance(p) || expect_punct(p, ','))
            return WS_ERR;
    }
    if (p->t.kind != TK_IDENT)
        return expected(p, "a function name");
    if (p->t.p[0] == '%')
        return err_tok(p, &p->t, "indirect calls through a register are not supported");
    memset(&o, 0, sizeof o);
    o.kind = OPK_FUNC;
    o.sym = -1;
    o.reg = -1;
    o.name = tok_name(p, &p->t);
    o.line = p->t.line;
    o.col = p->t.col;
    o.width = p->t.len;
    push_operand(in, &o, cap);
    if (advance(p))
        return WS_ERR;
    if (is_punct(&p->t, ',')) {
        if (advance(p))
            return WS_ERR;
        if (expect_punct(p, '('))
            return WS_ERR;
        while (!is_punct(&p->t, ')')) {
            if (parse_operand(p, &o))
                return WS_ERR;
            if (o.kind != OPK_SYM && o.kind != OPK_REG && o.kind != OPK_IMM &&
                o.kind != OPK_FIMM)
                return err_at(p, o.line, o.col, o.width,
                              "call arguments must be .param variables");
            push_operand(in, &o, cap);
            if (is_punct(&p->t, ','))
                if (advance(p))
                    return WS_ERR;
        }
        if (advance(p))
            return WS_ERR;
        if (is_punct(&p->t, ','))
            return err_tok(p, &p->t, "calls with a prototype (indirect calls) are not supported");
    }
    return expect_punct(p, ';');
}

static int parse_instruction(struct parser *p)
{
    struct ptx_inst in;
    memset(&in, 0, sizeof in);
    in.guard = -1;
    in.inlined_from = -1;
    in.line = p->t.line;
    in.col = p->t.col;
    in.loc_file = p->loc_file;
    in.loc_line = p->loc_line;
    in.loc_col = p->loc_col;
    size_t cap = 0;
    if (is_punct(&p->t, '@')) {
        if (advance(p))
            return WS_ERR;
        bool neg = false;
        if (is_punct(&p->t, '!')) {
            neg = true;
            if (advance(p))
                return WS_ERR;
        }
        if (p->t.kind != TK_IDENT)
            return expected(p, "a predicate register after '@'");
        const struct binding *b = lookup(p, tok_name(p, &p->t));
        if (!b || b->kind != B_REG || FN(p)->regs.v[b->index].type != PT_PRED)
            return err_tok(p, &p->t, "guard '%.*s' is not a declared .pred register",
                           p->t.len, p->t.p);
        in.guard = b->index;
        in.guard_neg = neg;
        if (advance(p))
            return WS_ERR;
    }
    if (p->t.kind != TK_IDENT)
        return expected(p, "an instruction");
    struct token opt = p->t;
    const struct ptx_opspec *spec = ptx_opspec_find(opt.p, (size_t)opt.len);
    if (!spec) {
        struct strbuf b;
        sb_init(&b);
        ptx_opnames(&b);
        err_tok(p, &opt, "unknown instruction '%.*s'", opt.len, opt.p);
        diag_note(p->diag, "supported instructions: %s", sb_str(&b));
        sb_free(&b);
        return WS_ERR;
    }
    in.op = spec->op;
    in.nd = spec->nd;
    if (advance(p))
        goto fail;
    /* The opcode span covers its glued modifiers (not the space after). */
    const char *scan = opt.p + opt.len;
    while (*scan == '.' || (*scan >= 'a' && *scan <= 'z') ||
           (*scan >= 'A' && *scan <= 'Z') || (*scan >= '0' && *scan <= '9') ||
           *scan == '_' || *scan == ':')
        scan++;
    int op_end = opt.col + (int)(scan - opt.p);
    if (parse_mods(p, &in, spec))
        goto fail;
    in.width = op_end - in.col;
    if (in.width < 1)
        in.width = opt.len;
    if (in.op == OP_CALL) {
        if (parse_call(p, &in, &cap))
            goto fail;
        goto done;
    }
    if (in.op == OP_BAR && in.m.mode == BAR_RED)
        in.nd = 1;
    if (!is_punct(&p->t, ';')) {
        for (;;) {
            struct ptx_opnd o;
            if (parse_operand(p, &o))
                goto fail;
            push_operand(&in, &o, &cap);
            if (in.n == 1 && spec->dual && is_punct(&p->t, '|')) {
                if (advance(p) || parse_operand(p, &o))
                    goto fail;
                push_operand(&in, &o, &cap);
                in.nd = 2;
            }
            if (in.n > 8) {
                err_at(p, o.line, o.col, o.width, "too many operands");
                goto fail;
            }
            if (!is_punct(&p->t, ','))
                break;
            if (advance(p))
                goto fail;
        }
    }
    if (!is_punct(&p->t, ';')) {
        expected(p, "',' or ';' after an operand");
        goto fail;
    }
    if (advance(p))
        goto fail;
    if (in.op == OP_BAR && in.m.mode == BAR_RED) {
        /* bar.red.op.type d, a{, b}, {!}c */
        static const struct ptx_opspec red = {
            "bar.red", OP_BAR, 0, 1, 1, 0, { "rp", "ri", "pnri", "pn?" } };
        if (!in.m.mode2) {
            err_at(p, in.line, in.col, in.width, "bar.red needs .popc, .and or .or");
            goto fail;
        }
        if (check_shape(p, &in, &red))
            goto fail;
    } else if (check_shape(p, &in, spec)) {
        goto fail;
    }
done:
    vec_push(&FN(p)->insts, in);
    return WS_OK;
fail:
    free(in.o);
    return WS_ERR;
}

/* .loc file line col [, function_name X, inlined_at f l c] (no ';') */
static int parse_loc(struct parser *p)
{
    int line = p->t.line;
    uint64_t f = 0, l = 0, c = 0;
    if (advance(p) || parse_uint(p, &f, "a file number") ||
        parse_uint(p, &l, "a line number"))
        return WS_ERR;
    if (p->t.kind == TK_INT && p->t.line == line && parse_uint(p, &c, "a column"))
        return WS_ERR;
    p->loc_file = (int)f;
    p->loc_line = (int)l;
    p->loc_col = (int)c;
    while (p->t.kind != TK_EOF && p->t.line == line)
        if (advance(p))
            return WS_ERR;
    return WS_OK;
}

static int skip_pragma(struct parser *p)
{
    if (advance(p))
        return WS_ERR;
    if (p->t.kind != TK_STRING)
        return expected(p, "a string after .pragma");
    if (advance(p))
        return WS_ERR;
    return expect_punct(p, ';');
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
        if (is_punct(t, '}')) {
            if (depth == 0)
                return advance(p);
            scope_pop(p);
            depth--;
            if (advance(p))
                return WS_ERR;
            continue;
        }
        if (t->kind == TK_EOF && depth) {
            char what[96];
            snprintf(what, sizeof what, "'}' to close %zu nested block%s and the function body",
                     depth, depth == 1 ? "" : "s");
            return expected(p, what);
        }
        if (t->kind == TK_EOF)
            return expected(p, "'}' to close the function body");
        if (is_punct(t, '{')) {
            scope_push(p);
            depth++;
            if (advance(p))
                return WS_ERR;
            continue;
        }
        if (is_dot(t, ".reg")) {
            if (parse_reg_decl(p))
                return WS_ERR;
            continue;
        }
        if (is_dot(t, ".loc")) {
            if (parse_loc(p))
                return WS_ERR;
            continue;
        }
        if (is_dot(t, ".pragma")) {
            if (skip_pragma(p))
                return WS_ERR;
            continue;
        }
        int space = dot_space(t);
        if (space != SP_NONE) {
            if (space == SP_CONST || space == SP_GLOBAL)
                return err_tok(p, t, "%.*s variables inside a function are not supported",
                               t->len, t->p);
            for (;;) {
                if (advance(p))
                    return WS_ERR;
                int32_t idx;
                if (parse_var(p, space, VAR_DATA, false, &FN(p)->vars, &idx))
                    return WS_ERR;
                struct ptx_var *v = &FN(p)->vars.v[idx];
                if (v->unsized)
                    return err_at(p, v->line, v->col, 1,
                                  "unsized array '%s' is only allowed for .extern .shared",
                                  v->name);
                struct token nt = { .line = v->line, .col = v->col, .len = 1 };
                if (bind(p, v->name, B_VAR, idx, &nt))
                    return WS_ERR;
                if (!is_punct(&p->t, ','))
                    break;
            }
            if (expect_punct(p, ';'))
                return WS_ERR;
            continue;
        }
        if (t->kind == TK_DOT)
            return err_tok(p, t, "unsupported directive '%.*s' in a function body",
                           t->len, t->p);
        if (t->kind == TK_IDENT && is_punct(peek(p), ':')) {
            struct ptx_label l = { tok_name(p, t), (int32_t)FN(p)->insts.n,
                                   t->line, t->col };
            if (ptrmap_get(&p->labels, l.name, NULL))
                return err_tok(p, t, "label '%s' is defined twice", l.name);
            ptrmap_put(&p->labels, l.name, (int64_t)FN(p)->labels.n);
            vec_push(&FN(p)->labels, l);
            if (advance(p) || advance(p))
                return WS_ERR;
            continue;
        }
        if (parse_instruction(p))
            return WS_ERR;
    }
}

/* ( .param ... , .param ... ) into vars, with their indices in list. */
static int parse_params(struct parser *p, int kind, void *list_vec)
{
    VEC(int32_t) *list = list_vec;
    if (expect_punct(p, '('))
        return WS_ERR;
    while (!is_punct(&p->t, ')')) {
        if (!is_dot(&p->t, ".param") && !is_dot(&p->t, ".reg"))
            return expected(p, "'.param' in the parameter list");
        if (is_dot(&p->t, ".reg"))
            return err_tok(p, &p->t, ".reg parameters are not supported (use .param)");
        if (advance(p))
            return WS_ERR;
        int32_t idx;
        if (parse_var(p, SP_PARAM, kind, false, &FN(p)->vars, &idx))
            return WS_ERR;
        struct ptx_var *v = &FN(p)->vars.v[idx];
        if (v->unsized)
            return err_at(p, v->line, v->col, 1, "parameter '%s' needs a size",
                          v->name);
        struct token nt = { .line = v->line, .col = v->col, .len = 1 };
        if (bind(p, v->name, B_VAR, idx, &nt))
            return WS_ERR;
        vec_push(list, idx);
        if (is_punct(&p->t, ',')) {
            if (advance(p))
                return WS_ERR;
        } else if (!is_punct(&p->t, ')')) {
            return expected(p, "',' or ')' in the parameter list");
        }
    }
    return advance(p);
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
                    return err_at(p, o->line, o->col, o->width,
                                  "undefined label '%s'", o->name);
                o->sym = (int32_t)j;
            } else if (o->kind == OPK_FUNC) {
                int64_t fi;
                if (!ptrmap_get(&p->gfuncs, o->name, &fi))
                    return err_at(p, o->line, o->col, o->width,
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
    if (advance(p))
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
    scope_push(p);
    int rc = WS_ERR;
    if (!is_entry && is_punct(&p->t, '(')) {
        if (parse_params(p, VAR_RET, &FN(p)->rets))
            goto out;
    }
    if (p->t.kind != TK_IDENT) {
        expected(p, "a function name");
        goto out;
    }
    struct token nt = p->t;
    FN(p)->name = tok_name(p, &nt);
    if (advance(p))
        goto out;
    if (is_punct(&p->t, '(') && parse_params(p, VAR_PARAM, &FN(p)->params))
        goto out;
    /* Performance-tuning directives. */
    for (;;) {
        if (is_dot(&p->t, ".maxntid") || is_dot(&p->t, ".reqntid")) {
            uint32_t *dst = is_dot(&p->t, ".maxntid") ? FN(p)->maxntid
                                                      : FN(p)->reqntid;
            const char *dir = is_dot(&p->t, ".maxntid") ? ".maxntid" : ".reqntid";
            dst[0] = dst[1] = dst[2] = 1;
            if (advance(p))
                goto out;
            for (int i = 0; i < 3; i++) {
                uint64_t v = 0;
                struct token at = p->t;
                if (parse_uint(p, &v, "a thread count"))
                    goto out;
                if (v < 1 || v > 1024) {
                    err_tok(p, &at, "%s thread counts must be in 1..1024, got %llu",
                            dir, (unsigned long long)v);
                    goto out;
                }
                dst[i] = (uint32_t)v;
                if (!is_punct(&p->t, ','))
                    break;
                if (advance(p))
                    goto out;
            }
        } else if (is_dot(&p->t, ".minnctapersm") ||
                   is_dot(&p->t, ".maxnctapersm") ||
                   is_dot(&p->t, ".maxnreg")) {
            uint64_t v = 0;
            if (advance(p) || parse_uint(p, &v, "a count"))
                goto out;
        } else if (is_dot(&p->t, ".noreturn")) {
            if (advance(p))
                goto out;
        } else if (is_dot(&p->t, ".pragma")) {
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
        err_tok(p, &nt, "function '%s' is defined twice", FN(p)->name);
        goto out;
    }
    if (is_punct(&p->t, ';')) {
        /* A prototype. */
        if (advance(p))
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
    if (!is_punct(&p->t, '{')) {
        expected(p, "'{' or ';' after the function header");
        goto out;
    }
    /* Callers (including this body) resolve to the prototype's slot when
       there is one; the definition moves into it below. */
    if (!declared)
        ptrmap_put(&p->gfuncs, FN(p)->name, p->fn);
    FN(p)->has_body = true;
    p->loc_file = p->loc_line = p->loc_col = 0;
    if (advance(p) || parse_body(p) || resolve_names(p))
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
    scope_pop(p);
    p->fn = -1;
    return rc;
}

static int skip_section(struct parser *p)
{
    if (advance(p))
        return WS_ERR;
    if (p->t.kind != TK_DOT && p->t.kind != TK_IDENT)
        return expected(p, "a section name");
    if (advance(p))
        return WS_ERR;
    if (!is_punct(&p->t, '{'))
        return expected(p, "'{' after the section name");
    int depth = 0;
    do {
        if (is_punct(&p->t, '{'))
            depth++;
        else if (is_punct(&p->t, '}'))
            depth--;
        else if (p->t.kind == TK_EOF)
            return expected(p, "'}' to close the section");
        if (advance(p))
            return WS_ERR;
    } while (depth > 0);
    return WS_OK;
}

static int parse_module_var(struct parser *p, int space, bool external)
{
    if (space != SP_GLOBAL && space != SP_CONST && space != SP_SHARED)
        return err_tok(p, &p->t, "module-level '%.*s' variables are not supported",
                       p->t.len, p->t.p);
    if (advance(p))
        return WS_ERR;
    int32_t idx;
    if (parse_var(p, space, VAR_DATA, external, &p->m->vars, &idx))
        return WS_ERR;
    struct ptx_var *v = &p->m->vars.v[idx];
    if (v->unsized && !(external && space == SP_SHARED))
        return err_at(p, v->line, v->col, 1,
                      "unsized array '%s' is only allowed for .extern .shared",
                      v->name);
    if (ptrmap_get(&p->gvars, v->name, NULL))
        return err_at(p, v->line, v->col, 1, "'%s' is declared twice", v->name);
    ptrmap_put(&p->gvars, v->name, idx);
    return expect_punct(p, ';');
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
        return err_tok(p, t, "target '%.*s' is not supported (sm_20 or later; nvcc emits sm_75 and up)",
                       t->len, t->p);
    return WS_OK;
bad:
    return err_tok(p, t, "unknown target '%.*s' (expected sm_NN such as sm_75)",
                   t->len, t->p);
}

static int parse_module(struct parser *p)
{
    if (advance(p))
        return WS_ERR;
    bool seen_version = false;
    while (p->t.kind != TK_EOF) {
        struct token *t = &p->t;
        if (is_dot(t, ".version")) {
            if (advance(p))
                return WS_ERR;
            if (p->t.kind != TK_FLOAT && p->t.kind != TK_INT)
                return expected(p, "a version number such as 8.0");
            char buf[32];
            snprintf(buf, sizeof buf, "%.*s", p->t.len, p->t.p);
            if (sscanf(buf, "%d.%d", &p->m->version_major,
                       &p->m->version_minor) < 1)
                return expected(p, "a version number such as 8.0");
            if (p->m->version_major < 6 || p->m->version_major > 9)
                return err_tok(p, &p->t, "PTX ISA version %s is not supported (expected 6.x to 9.x)",
                               buf);
            seen_version = true;
            if (advance(p))
                return WS_ERR;
        } else if (is_dot(t, ".target")) {
            if (advance(p))
                return WS_ERR;
            if (p->t.kind != TK_IDENT)
                return expected(p, "a target such as sm_75");
            if (check_target(p))
                return WS_ERR;
            snprintf(p->m->target, sizeof p->m->target, "%.*s", p->t.len,
                     p->t.p);
            if (advance(p))
                return WS_ERR;
            while (is_punct(&p->t, ',')) {
                if (advance(p))
                    return WS_ERR;
                if (p->t.kind != TK_IDENT)
                    return expected(p, "a target option");
                if (!tok_is(&p->t, "texmode_unified") &&
                    !tok_is(&p->t, "texmode_independent") &&
                    !tok_is(&p->t, "debug"))
                    return err_tok(p, &p->t, "unsupported target option '%.*s' (expected texmode_unified, texmode_independent or debug)",
                                   p->t.len, p->t.p);
                if (advance(p))
                    return WS_ERR;
            }
        } else if (is_dot(t, ".address_size")) {
            uint64_t a = 0;
            if (advance(p))
                return WS_ERR;
            struct token at = p->t;
            if (parse_uint(p, &a, "32 or 64"))
                return WS_ERR;
            if (a != 64)
                return err_tok(p, &at, ".address_size %llu is not supported (only 64)",
                               (unsigned long long)a);
            p->m->address_size = (int)a;
        } else if (is_dot(t, ".file")) {
            uint64_t id = 0;
            if (advance(p) || parse_uint(p, &id, "a file number"))
                return WS_ERR;
            if (p->t.kind != TK_STRING)
                return expected(p, "a file name string");
            struct ptx_file_entry fe = {
                (int)id, intern(p->m->pool, p->t.p + 1, (size_t)p->t.len - 2) };
            vec_push(&p->m->files, fe);
            if (advance(p))
                return WS_ERR;
            while (is_punct(&p->t, ',')) {
                uint64_t ignored = 0;
                if (advance(p) || parse_uint(p, &ignored, "a number"))
                    return WS_ERR;
            }
        } else if (is_dot(t, ".section")) {
            if (skip_section(p))
                return WS_ERR;
        } else if (is_dot(t, ".pragma")) {
            if (skip_pragma(p))
                return WS_ERR;
        } else if (is_dot(t, ".visible") || is_dot(t, ".extern") ||
                   is_dot(t, ".weak") || is_dot(t, ".entry") ||
                   is_dot(t, ".func") || dot_space(t) != SP_NONE) {
            bool visible = false, external = false;
            while (is_dot(&p->t, ".visible") || is_dot(&p->t, ".extern") ||
                   is_dot(&p->t, ".weak")) {
                visible |= is_dot(&p->t, ".visible");
                external |= is_dot(&p->t, ".extern");
                if (advance(p))
                    return WS_ERR;
            }
            if (is_dot(&p->t, ".entry") || is_dot(&p->t, ".func")) {
                if (!seen_version)
                    return err_tok(p, &p->t, "missing .version directive before the first function");
                if (parse_function(p, is_dot(&p->t, ".entry"), visible))
                    return WS_ERR;
            } else if (dot_space(&p->t) != SP_NONE) {
                if (parse_module_var(p, dot_space(&p->t), external))
                    return WS_ERR;
            } else {
                return expected(p, "'.entry', '.func' or a variable declaration");
            }
        } else {
            char b[64];
            return err_tok(p, t, "expected a directive such as .version, .target, .entry or .func at module level, found %s",
                           tokdesc(t, b, sizeof b));
        }
    }
    if (!seen_version)
        return err_at(p, 1, 1, 1, "missing .version directive (is this a PTX file?)");
    if (!p->m->target[0])
        return err_at(p, 1, 1, 1, "missing .target directive");
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

const char *ptx_module_line(const struct ptx_module *m, int line, size_t *len)
{
    if (line < 1 || (size_t)line > m->line_start.n)
        return NULL;
    size_t s = m->line_start.v[line - 1];
    size_t e = (size_t)line < m->line_start.n ? m->line_start.v[line] - 1
                                               : m->text_len;
    *len = e - s;
    return m->text + s;
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
