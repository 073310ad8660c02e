/*
** parse-inst.c - operands and instructions of a function body: special
** registers, addresses, vector and video operands, modifiers, and the
** check of every operand against the opcode's shapes (ops.c).
*/
#include "ptx/parse-internal.h"
#include "ptx/ops.h"
#include "util/intern.h"
#include "util/softfp.h"
#include "util/xalloc.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    return ptxp_advance(p);
}

/* Resolves an identifier used as an operand (current token). */
static int ident_operand(struct parser *p, struct ptx_opnd *o)
{
    struct token t = p->t;
    const char *name = ptxp_tok_name(p, &t);
    o->line = t.line;
    o->col = t.col;
    o->width = t.len;
    if (t.len == 1 && t.p[0] == '_') {
        o->kind = OPK_SINK;
        return ptxp_advance(p);
    }
    const struct binding *b = ptxp_lookup(p, name);
    if (b) {
        if (b->kind == B_REG) {
            o->kind = OPK_REG;
            o->reg = b->index;
            o->name = name;
            if (ptxp_advance(p))
                return WS_ERR;
            return video_selector(p, o, &t);
        } else {
            o->kind = OPK_SYM;
            o->sym = b->index;
            o->symscope = SYM_FUNC;
        }
        o->name = name;
        return ptxp_advance(p);
    }
    for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++) {
        if (strcmp(sregs[i].name, name) != 0)
            continue;
        o->kind = OPK_SREG;
        o->sreg = (uint8_t)sregs[i].sreg;
        o->comp = 3;
        if (ptxp_advance(p))
            return WS_ERR;
        if (sregs[i].vector) {
            const struct token *c = &p->t;
            if (c->kind == TK_DOT && !c->spaced && c->len == 2 &&
                strchr("xyz", c->p[1])) {
                o->comp = (uint8_t)(c->p[1] - 'x');
                o->width = span_width(t.line, t.col, c);
                return ptxp_advance(p);
            }
            return ptxp_err_tok(p, &t, "special register %s needs a component .x, .y or .z",
                                name);
        }
        return WS_OK;
    }
    if (t.p[0] == '%')
        return ptxp_err_tok(p, &t, "unknown register '%s' (not declared with .reg and not a supported special register)",
                            name);
    int64_t gi;
    if (ptrmap_get(&p->gvars, name, &gi)) {
        o->kind = OPK_SYM;
        o->sym = (int32_t)gi;
        o->symscope = SYM_MODULE;
        o->name = name;
        return ptxp_advance(p);
    }
    /* A label (possibly defined later) or a function: resolved later. */
    o->kind = OPK_LABEL;
    o->name = name;
    return ptxp_advance(p);
}

static int parse_address(struct parser *p, struct ptx_opnd *o)
{
    o->kind = OPK_ADDR;
    o->line = p->t.line;
    o->col = p->t.col;
    o->reg = -1;
    if (ptxp_advance(p))
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
            return ptxp_err_at(p, base.line, base.col, base.width,
                               "address base '%s' is not a declared register or variable",
                               base.name ? base.name : "?");
        }
        if (ptxp_is_punct(&p->t, '+') || ptxp_is_punct(&p->t, '-')) {
            bool neg = ptxp_is_punct(&p->t, '-');
            if (ptxp_advance(p))
                return WS_ERR;
            int64_t off;
            if (ptxp_parse_int(p, &off, "an address offset"))
                return WS_ERR;
            o->imm = (int64_t)(neg ? 0 - (uint64_t)off : (uint64_t)off);
        }
    } else if (p->t.kind == TK_INT) {
        int64_t a;
        if (ptxp_parse_int(p, &a, "an address"))
            return WS_ERR;
        o->imm = a;
    } else {
        return ptxp_expected(p, "a register, variable or address inside [ ]");
    }
    o->width = span_width(o->line, o->col, &p->t);
    return ptxp_expect_punct(p, ']');
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
    if (ptxp_is_punct(&p->t, '[')) {
        return parse_address(p, o);
    }
    if (ptxp_is_punct(&p->t, '{')) {
        o->kind = OPK_VEC;
        if (ptxp_advance(p))
            return WS_ERR;
        for (;;) {
            if (o->nvec == 4)
                return ptxp_err_tok(p, &p->t, "vector operands have at most 4 elements");
            struct ptx_opnd e;
            memset(&e, 0, sizeof e);
            if (p->t.kind == TK_INT) {    /* mov.b32 %r1, {0, %rs1} */
                o->vimm[o->nvec] = (int64_t)p->t.ival;
                o->vec[o->nvec++] = -2;
                if (ptxp_advance(p))
                    return WS_ERR;
            } else if (p->t.kind != TK_IDENT) {
                return ptxp_expected(p, "a register, an integer or _ in the vector");
            } else if (ident_operand(p, &e)) {
                return WS_ERR;
            } else if (e.kind == OPK_SINK) {
                o->vec[o->nvec++] = -1;
            } else if (e.kind == OPK_REG && !e.sel.kind) {
                o->vec[o->nvec++] = e.reg;
            } else {
                return ptxp_err_at(p, e.line, e.col, e.width,
                                   "vector elements must be registers, integers or _");
            }
            if (ptxp_is_punct(&p->t, ',')) {
                if (ptxp_advance(p))
                    return WS_ERR;
                continue;
            }
            break;
        }
        o->width = span_width(o->line, o->col, &p->t);
        return ptxp_expect_punct(p, '}');
    }
    if (ptxp_is_punct(&p->t, '!')) {
        if (ptxp_advance(p))
            return WS_ERR;
        if (p->t.kind != TK_IDENT)
            return ptxp_expected(p, "a predicate register after '!'");
        return prefixed_operand(p, o, 1);
    }
    bool neg = false;
    if (ptxp_is_punct(&p->t, '-')) {
        neg = true;
        if (ptxp_advance(p))
            return WS_ERR;
    }
    if (p->t.kind == TK_INT) {
        o->kind = OPK_IMM;
        o->imm = (int64_t)(neg ? 0 - p->t.ival : p->t.ival);
        o->width = span_width(o->line, o->col, &p->t);
        return ptxp_advance(p);
    }
    if (p->t.kind == TK_FLOAT) {
        o->kind = OPK_FIMM;
        o->f = neg ? -p->t.fval : p->t.fval;
        o->fsize = (uint8_t)p->t.fsize;
        o->width = span_width(o->line, o->col, &p->t);
        return ptxp_advance(p);
    }
    if (neg && p->t.kind == TK_IDENT)     /* vmad's -a */
        return prefixed_operand(p, o, 2);
    if (neg)
        return ptxp_expected(p, "a number or register after '-'");
    if (p->t.kind == TK_IDENT)
        return ident_operand(p, o);
    return ptxp_expected(p, "an operand");
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
        return ptxp_err_at(p, o->line, o->col, o->width,
                           "'%s' is not a declared register or variable", o->name);
    if (ok && o->neg == 1 && !strchr(shape, 'n'))
        return ptxp_err_at(p, o->line, o->col, o->width,
                           "'!' is not allowed on operand %d of '%s'", index + 1,
                           ptx_op_name(in->op));
    if (ok && o->neg == 2 && !strchr(shape, 'm'))
        return ptxp_err_at(p, o->line, o->col, o->width,
                           "'-' is not allowed on operand %d of '%s'", index + 1,
                           ptx_op_name(in->op));
    if (ok && o->sel.kind && !strchr(shape, 'x'))
        return ptxp_err_at(p, o->line, o->col, o->width,
                           "operand %d of '%s' takes no selector such as .%c%d (only video instructions do)",
                           index + 1, ptx_op_name(in->op), o->sel.kind,
                           o->sel.dig[0]);
    if (!ok) {
        struct strbuf b;
        sb_init(&b);
        shape_desc(shape, &b);
        ptxp_err_at(p, o->line, o->col, o->width,
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
        return ptxp_err_at(p, in->line, in->col, in->width,
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
            return ptxp_err_tok(p, &p->t, "'%.*s' is not a supported modifier of '%s'",
                                p->t.len, p->t.p, spec->name);
        if (ms->cat == MC_TYPE) {
            if (ntypes >= (spec->ntypes ? spec->ntypes : 1))
                return ptxp_err_tok(p, &p->t, "too many type modifiers for '%s'",
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
                return ptxp_err_tok(p, &p->t, "conflicting or repeated modifier '%.*s'",
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
        if (ptxp_advance(p))
            return WS_ERR;
    }
    if (m->rnd && ptx_type_is_int(m->type) &&
        (in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MUL ||
         in->op == OP_MAD || in->op == OP_DIV))
        return ptxp_err_tok(p, &rnd_tok, "'%.*s' is not valid on integer '%s': rounding modifiers apply to floating-point types",
                            rnd_tok.len, rnd_tok.p, spec->name);
    if (spec->ntypes && ntypes < spec->ntypes && in->op != OP_BAR)
        return ptxp_err_at(p, in->line, in->col, in->width,
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
    if (ptxp_is_punct(&p->t, '(')) {
        if (ptxp_advance(p))
            return WS_ERR;
        while (!ptxp_is_punct(&p->t, ')')) {
            if (parse_operand(p, &o))
                return WS_ERR;
            if (o.kind != OPK_SYM)
                return ptxp_err_at(p, o.line, o.col, o.width,
                                   "call return values must be .param variables");
            push_operand(in, &o, cap);
            in->nret++;
            if (ptxp_is_punct(&p->t, ','))
                if (ptxp_advance(p))
                    return WS_ERR;
        }
        if (ptxp_advance(p) || ptxp_expect_punct(p, ','))
            return WS_ERR;
    }
    if (p->t.kind != TK_IDENT)
        return ptxp_expected(p, "a function name");
    if (p->t.p[0] == '%')
        return ptxp_err_tok(p, &p->t, "indirect calls through a register are not supported");
    memset(&o, 0, sizeof o);
    o.kind = OPK_FUNC;
    o.sym = -1;
    o.reg = -1;
    o.name = ptxp_tok_name(p, &p->t);
    o.line = p->t.line;
    o.col = p->t.col;
    o.width = p->t.len;
    push_operand(in, &o, cap);
    if (ptxp_advance(p))
        return WS_ERR;
    if (ptxp_is_punct(&p->t, ',')) {
        if (ptxp_advance(p))
            return WS_ERR;
        if (ptxp_expect_punct(p, '('))
            return WS_ERR;
        while (!ptxp_is_punct(&p->t, ')')) {
            if (parse_operand(p, &o))
                return WS_ERR;
            if (o.kind != OPK_SYM && o.kind != OPK_REG && o.kind != OPK_IMM &&
                o.kind != OPK_FIMM)
                return ptxp_err_at(p, o.line, o.col, o.width,
                                   "call arguments must be .param variables");
            push_operand(in, &o, cap);
            if (ptxp_is_punct(&p->t, ','))
                if (ptxp_advance(p))
                    return WS_ERR;
        }
        if (ptxp_advance(p))
            return WS_ERR;
        if (ptxp_is_punct(&p->t, ','))
            return ptxp_err_tok(p, &p->t, "calls with a prototype (indirect calls) are not supported");
    }
    return ptxp_expect_punct(p, ';');
}

int ptxp_instruction(struct parser *p)
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
    if (ptxp_is_punct(&p->t, '@')) {
        if (ptxp_advance(p))
            return WS_ERR;
        bool neg = false;
        if (ptxp_is_punct(&p->t, '!')) {
            neg = true;
            if (ptxp_advance(p))
                return WS_ERR;
        }
        if (p->t.kind != TK_IDENT)
            return ptxp_expected(p, "a predicate register after '@'");
        const struct binding *b = ptxp_lookup(p, ptxp_tok_name(p, &p->t));
        if (!b || b->kind != B_REG || FN(p)->regs.v[b->index].type != PT_PRED)
            return ptxp_err_tok(p, &p->t, "guard '%.*s' is not a declared .pred register",
                                p->t.len, p->t.p);
        in.guard = b->index;
        in.guard_neg = neg;
        if (ptxp_advance(p))
            return WS_ERR;
    }
    if (p->t.kind != TK_IDENT)
        return ptxp_expected(p, "an instruction");
    struct token opt = p->t;
    const struct ptx_opspec *spec = ptx_opspec_find(opt.p, (size_t)opt.len);
    if (!spec) {
        struct strbuf b;
        sb_init(&b);
        ptx_opnames(&b);
        ptxp_err_tok(p, &opt, "unknown instruction '%.*s'", opt.len, opt.p);
        diag_note(p->diag, "supported instructions: %s", sb_str(&b));
        sb_free(&b);
        return WS_ERR;
    }
    in.op = spec->op;
    in.nd = spec->nd;
    if (ptxp_advance(p))
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
    if (!ptxp_is_punct(&p->t, ';')) {
        for (;;) {
            struct ptx_opnd o;
            if (parse_operand(p, &o))
                goto fail;
            push_operand(&in, &o, &cap);
            if (in.n == 1 && spec->dual && ptxp_is_punct(&p->t, '|')) {
                if (ptxp_advance(p) || parse_operand(p, &o))
                    goto fail;
                push_operand(&in, &o, &cap);
                in.nd = 2;
            }
            if (in.n > 8) {
                ptxp_err_at(p, o.line, o.col, o.width, "too many operands");
                goto fail;
            }
            if (!ptxp_is_punct(&p->t, ','))
                break;
            if (ptxp_advance(p))
                goto fail;
        }
    }
    if (!ptxp_is_punct(&p->t, ';')) {
        ptxp_expected(p, "',' or ';' after an operand");
        goto fail;
    }
    if (ptxp_advance(p))
        goto fail;
    if (in.op == OP_BAR && in.m.mode == BAR_RED) {
        /* bar.red.op.type d, a{, b}, {!}c */
        static const struct ptx_opspec red = {
            "bar.red", OP_BAR, 0, 1, 1, 0, { "rp", "ri", "pnri", "pn?" } };
        if (!in.m.mode2) {
            ptxp_err_at(p, in.line, in.col, in.width, "bar.red needs .popc, .and or .or");
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
