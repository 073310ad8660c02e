/*
** check.c - the semantic rules of PTX instructions (see check.h), one
** function per family of opcodes. Every message names what would have
** been valid. Half precision follows the PTX ISA: f16 and bf16 arithmetic
** rounds to nearest (.rn) only, .ftz and .sat exist for f16 but not bf16,
** and there is no mad, div, rcp or sqrt on half types.
*/
#include "compile/check.h"
#include <stdio.h>

struct ck {
    const struct ptx_module *m;
    const struct ptx_inst *in;
    struct ws_diag *diag;
    const char *name;          /* the opcode */
};

int kcheck_verror(const struct ptx_module *m, struct ws_diag *diag, int line,
                  int col, int width, const char *fmt, va_list ap)
{
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    diag_error(diag, m->path, line, col, "%s", msg);
    size_t len;
    const char *src = ptx_module_line(m, line, &len);
    if (src)
        diag_source(diag, src, len, width);
    return WS_ERR;
}

static int bad(const struct ck *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int bad(const struct ck *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kcheck_verror(c->m, c->diag, c->in->line, c->in->col, c->in->width, fmt,
                  ap);
    va_end(ap);
    return WS_ERR;
}

/* An error underlining operand o. */
static int bad_at(const struct ck *c, const struct ptx_opnd *o,
                  const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad_at(const struct ck *c, const struct ptx_opnd *o,
                  const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kcheck_verror(c->m, c->diag, o->line, o->col, o->width, fmt, ap);
    va_end(ap);
    return WS_ERR;
}

static bool is_int(uint8_t t) { return ptx_type_is_int(t); }
static bool is_flt(uint8_t t) { return t == PT_F32 || t == PT_F64; }
static bool is_half(uint8_t t) { return ptx_type_is_half(t); }
static bool is_f16(uint8_t t) { return t == PT_F16 || t == PT_F16X2; }
static bool is_rn_rp(uint8_t r) { return r >= RND_RN && r <= RND_RP; }
static bool is_word(uint8_t t) { return t == PT_U32 || t == PT_S32; }

/* The number of an sm_NN target, 0 if it has none. */
static int target_sm(const struct ptx_module *m)
{
    int n = 0;
    if (sscanf(m->target, "sm_%d", &n) != 1)
        return 0;
    return n;
}

/* f16, bf16 and their pairs in arithmetic (add sub mul fma min max abs
   neg ex2 tanh). */
static int check_half(const struct ck *c)
{
    const struct ptx_mods *m = &c->in->m;
    uint8_t t = m->type;
    switch (c->in->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_FMA: case OP_MIN:
    case OP_MAX: case OP_ABS: case OP_NEG:
        break;
    case OP_EX2: case OP_TANH:
        if (!m->approx)
            return bad(c, "'%s.%s' needs .approx", c->name,
                       ptx_type_name(t));
        break;
    default:
        return bad(c, "'%s' is not defined on .%s (half precision has add, sub, mul, fma, min, max, abs, neg, ex2, tanh, setp, set and cvt)",
                   c->name, ptx_type_name(t));
    }
    if (m->rnd && m->rnd != RND_RN)
        return bad(c, "'%s.%s' rounds to nearest only (.rn)", c->name,
                   ptx_type_name(t));
    if (m->ftz && !is_f16(t) && c->in->op != OP_EX2)
        return bad(c, "'.ftz' is not valid on '%s.%s'", c->name,
                   ptx_type_name(t));
    if (m->sat && !(is_f16(t) && (c->in->op == OP_ADD ||
                                  c->in->op == OP_SUB ||
                                  c->in->op == OP_MUL ||
                                  c->in->op == OP_FMA)))
        return bad(c, "'.sat' is not valid on '%s.%s'", c->name,
                   ptx_type_name(t));
    if (m->nan && target_sm(c->m) < 80)
        return bad(c, "'%s.NaN' needs sm_80 or later (this module targets %s)",
                   c->name, c->m->target);
    if (c->in->op == OP_FMA && !m->rnd)
        return bad(c, "fma needs a rounding modifier such as .rn");
    return WS_OK;
}

/* add sub mul mad div min max abs neg on integers and f32/f64. */
static int check_arith(const struct ck *c)
{
    const struct ptx_inst *in = c->in;
    const struct ptx_mods *m = &in->m;
    uint8_t t = m->type;
    const char *name = c->name;
    if (t == PT_PRED || ptx_type_is_bits(t))
        return bad(c, "'%s' needs a .u, .s or .f type, not .%s", name,
                   ptx_type_name(t));
    if (is_half(t))
        return check_half(c);
    if (ptx_type_is_int16x2((enum ptx_type)t)) {
        if (in->op != OP_ADD && in->op != OP_SUB && in->op != OP_MIN &&
            in->op != OP_MAX)
            return bad(c, "'%s' is not defined on .%s (add, sub, min and max are)",
                       name, ptx_type_name(t));
        if (m->relu && (t != PT_S16X2 || in->op == OP_ADD ||
                        in->op == OP_SUB))
            return bad(c, "'.relu' is not valid on '%s.%s'", name,
                       ptx_type_name(t));
        return WS_OK;
    }
    if (is_flt(t) && (m->mode == MUL_HI || m->mode == MUL_WIDE))
        return bad(c, "'%s.%s' is only defined for integers", name,
                   m->mode == MUL_HI ? "hi" : "wide");
    if (is_int(t) && (in->op == OP_MUL || in->op == OP_MAD) &&
        ptx_type_size(t) > 1 && !m->mode)
        return bad(c, "integer '%s' needs .lo, .hi or .wide", name);
    if (m->mode == MUL_WIDE && ptx_type_size(t) == 8)
        return bad(c, "'%s.wide' takes 16- or 32-bit sources", name);
    if (in->op == OP_MAD && t == PT_F32 && !m->rnd && !m->approx)
        return bad(c, "mad.f32 needs a rounding modifier (.rn, .rz, .rm, .rp) on sm_20 and later");
    if (in->op == OP_DIV && t == PT_F32 && !m->rnd && !m->approx && !m->full)
        return bad(c, "div.f32 needs .approx, .full or a rounding modifier");
    if (in->op == OP_DIV && t == PT_F64 && !m->rnd)
        return bad(c, "div.f64 needs a rounding modifier such as .rn");
    if (m->cc && !is_int(t))
        return bad(c, "'.cc' applies only to integer arithmetic");
    if (is_int(t) && (m->ftz || m->approx || m->full))
        return bad(c, "integer '%s' takes no .ftz, .approx or .full modifier",
                   name);
    if (m->nan && target_sm(c->m) < 80)
        return bad(c, "'%s.NaN' needs sm_80 or later (this module targets %s)",
                   name, c->m->target);
    return WS_OK;
}

/* fma rcp sqrt rsqrt ex2 lg2 sin cos tanh copysign testp. */
static int check_float_fn(const struct ck *c)
{
    const struct ptx_mods *m = &c->in->m;
    uint8_t t = m->type;
    if (is_half(t))
        return check_half(c);
    if (!is_flt(t))
        return bad(c, "'%s' needs .f32 or .f64", c->name);
    if (c->in->op == OP_FMA && !m->rnd)
        return bad(c, "fma needs a rounding modifier such as .rn");
    if ((c->in->op == OP_RCP || c->in->op == OP_SQRT) && !m->rnd &&
        !m->approx)
        return bad(c, "'%s' needs .approx or a rounding modifier", c->name);
    if (c->in->op == OP_TESTP && !m->mode)
        return bad(c, "testp needs a class: .finite, .infinite, .number, .notanumber, .normal or .subnormal");
    return WS_OK;
}

/* Logic, shifts, bit fields, carries, 24-bit multiplies. */
static int check_bits(const struct ck *c)
{
    const struct ptx_mods *m = &c->in->m;
    uint8_t t = m->type;
    const char *name = c->name;
    switch (c->in->op) {
    case OP_ADDC: case OP_SUBC: case OP_MADC:
        if (!is_int(t) || ptx_type_size(t) < 4)
            return bad(c, "'%s' needs a 32- or 64-bit integer type", name);
        break;
    case OP_MUL24: case OP_MAD24:
        if (t != PT_U32 && t != PT_S32)
            return bad(c, "'%s' needs .u32 or .s32", name);
        if (m->mode != MUL_LO && m->mode != MUL_HI)
            return bad(c, "'%s' needs .lo or .hi", name);
        break;
    case OP_SAD: case OP_REM:
        if (!is_int(t) || ptx_type_is_bits(t))
            return bad(c, "'%s' needs a .u or .s integer type", name);
        break;
    case OP_AND: case OP_OR: case OP_XOR: case OP_NOT: case OP_CNOT:
        if (!is_int(t) && t != PT_PRED)
            return bad(c, "'%s' needs a bit type such as .b32 or .pred", name);
        if (c->in->op == OP_CNOT && t == PT_PRED)
            return bad(c, "cnot does not take .pred");
        break;
    case OP_SHL: case OP_SHR:
        if (!is_int(t) || ptx_type_size(t) < 2)
            return bad(c, "'%s' needs a 16-, 32- or 64-bit integer type", name);
        break;
    case OP_BFE: case OP_BFI: case OP_POPC: case OP_CLZ: case OP_BREV:
    case OP_BFIND:
        if (!is_int(t) || ptx_type_size(t) < 4)
            return bad(c, "'%s' needs a 32- or 64-bit integer type", name);
        break;
    default:      /* shf lop3 prmt */
        if (t != PT_B32)
            return bad(c, "'%s' needs .b32", name);
        if (c->in->op == OP_SHF && !m->mode)
            return bad(c, "shf needs .l or .r");
        break;
    }
    return WS_OK;
}

/* The destination types set accepts for a source type. */
static int check_set_types(const struct ck *c)
{
    uint8_t d = c->in->m.type, s = c->in->m.type2;
    if (ptx_type_is_x2((enum ptx_type)s)) {
        if (!ptx_type_is_x2((enum ptx_type)d) && !is_word(d) && d != PT_B32)
            return bad(c, "set on .%s writes .f16x2, .bf16x2, .u32 or .s32", ptx_type_name(s));
    } else if (ptx_type_is_x2((enum ptx_type)d)) {
        return bad(c, "set writes .%s only from .f16x2 or .bf16x2 sources",
                   ptx_type_name(d));
    }
    return WS_OK;
}

/* setp set slct. */
static int check_compare(const struct ck *c)
{
    const struct ptx_inst *in = c->in;
    const struct ptx_mods *m = &in->m;
    uint8_t t = in->op == OP_SET ? m->type2 : m->type;
    const char *name = c->name;
    if (in->op == OP_SLCT) {
        if (m->type2 != PT_S32 && m->type2 != PT_F32)
            return bad(c, "slct selects on .s32 or .f32");
        return WS_OK;
    }
    if (!m->cmp)
        return bad(c, "'%s' needs a comparison such as .lt", name);
    if (in->op == OP_SETP && (m->type == PT_PRED))
        return bad(c, "setp compares data values, not .pred");
    if (m->bop && in->n != in->nd + 3)
        return bad(c, "'%s.%s' needs a predicate operand to combine with",
                   name, m->bop == BOP_AND ? "and" : m->bop == BOP_OR ? "or" : "xor");
    if (!m->bop && in->n != in->nd + 2)
        return bad(c, "'%s' takes a third source only with .and, .or or .xor",
                   name);
    if (is_int(t) && m->cmp >= CMP_EQU)
        return bad(c, "comparison is only defined for floats");
    if ((is_flt(t) || is_half(t)) && m->cmp >= CMP_LO && m->cmp <= CMP_HS)
        return bad(c, "unsigned comparisons (.lo .ls .hi .hs) do not apply to floats");
    if (m->ftz && is_half(t) && !is_f16(t))
        return bad(c, "'.ftz' is not valid on '%s.%s'", name,
                   ptx_type_name(t));
    if (in->op == OP_SETP && ptx_type_is_x2((enum ptx_type)t) && in->nd != 2)
        return bad(c, "setp on .%s compares both halves: it writes two predicates, p|q (low half to p)",
                   ptx_type_name(t));
    return in->op == OP_SET ? check_set_types(c) : WS_OK;
}

static int check_cvt(const struct ck *c)
{
    const struct ptx_inst *in = c->in;
    const struct ptx_mods *m = &in->m;
    uint8_t t = m->type, s = m->type2;
    bool tf = ptx_type_is_float((enum ptx_type)t),
         sf = ptx_type_is_float((enum ptx_type)s);
    if (t == PT_PRED || s == PT_PRED)
        return bad(c, "cvt does not convert predicates (use selp or setp)");
    if (ptx_type_is_x2((enum ptx_type)s))
        return bad(c, "cvt does not convert from .%s (unpack it with mov.b32 {lo, hi})",
                   ptx_type_name(s));
    if (ptx_type_is_x2((enum ptx_type)t)) {
        if (s != PT_F32 || in->n != 3)
            return bad(c, "cvt to .%s packs two .f32 values: cvt.rn.%s.f32 d, a, b (a to the upper half)",
                       ptx_type_name(t), ptx_type_name(t));
    } else if (in->n != 2) {
        return bad(c, "cvt takes one source (two only when packing .f16x2 or .bf16x2)");
    }
    /* Narrower, or the other 16-bit format: the value must be rounded. */
    bool narrows = ptx_type_size(t) < ptx_type_size(s) ||
                   ptx_type_is_x2((enum ptx_type)t) ||
                   (is_half(t) && is_half(s) && t != s);
    if (tf && sf && narrows && !is_rn_rp(m->rnd))
        return bad(c, "narrowing float conversion needs .rn, .rz, .rm or .rp");
    if (tf && is_int(s) && !is_rn_rp(m->rnd))
        return bad(c, "integer to float conversion needs .rn, .rz, .rm or .rp");
    if (is_int(t) && sf && !(m->rnd >= RND_RNI && m->rnd <= RND_RPI))
        return bad(c, "float to integer conversion needs .rni, .rzi, .rmi or .rpi");
    if (is_int(t) && is_int(s) && m->rnd)
        return bad(c, "integer to integer conversion takes no rounding modifier");
    if ((m->relu || m->satfinite) && !is_half(t))
        return bad(c, "'.%s' applies only to conversions to .f16, .bf16, .f16x2 and .bf16x2",
                   m->relu ? "relu" : "satfinite");
    return WS_OK;
}

static const char *const atom_ops[] = { "", "add", "min", "max", "inc",
                                        "dec", "and", "or", "xor", "exch",
                                        "cas" };

static int check_atom(const struct ck *c)
{
    const struct ptx_inst *in = c->in;
    const struct ptx_mods *m = &in->m;
    uint8_t t = m->type;
    const char *name = c->name;
    if (!m->mode)
        return bad(c, "'%s' needs an operation such as .add", name);
    if (m->space != SP_NONE && m->space != SP_GLOBAL && m->space != SP_SHARED)
        return bad(c, "'%s' works on .global or .shared memory", name);
    if (in->op == OP_RED && m->mode == ATOM_CAS)
        return bad(c, "red has no .cas (use atom.cas)");
    if (in->op == OP_RED && m->mode == ATOM_EXCH)
        return bad(c, "red has no .exch (use atom.exch)");
    bool ok;
    switch (m->mode) {
    case ATOM_ADD: ok = t == PT_U32 || t == PT_S32 || t == PT_U64 ||
                        t == PT_S64 || t == PT_F32 || t == PT_F64; break;
    case ATOM_MIN: case ATOM_MAX:
        ok = t == PT_U32 || t == PT_S32 || t == PT_U64 || t == PT_S64; break;
    case ATOM_INC: case ATOM_DEC: ok = t == PT_U32; break;
    default: ok = t == PT_B32 || t == PT_B64; break;
    }
    if (!ok)
        return bad(c, "'%s.%s.%s' is not supported", name, atom_ops[m->mode],
                   ptx_type_name(t));
    if ((m->mode == ATOM_CAS) != (in->n == in->nd + 3))
        return bad(c, "'%s.%s' takes %s", name, atom_ops[m->mode],
                   m->mode == ATOM_CAS ? "a compare and a swap value"
                                       : "one value");
    return WS_OK;
}

/* ld st cvta atom red. */
static int check_memory(const struct ck *c)
{
    const struct ptx_mods *m = &c->in->m;
    uint8_t t = m->type;
    switch (c->in->op) {
    case OP_LD: case OP_ST:
        if (t == PT_PRED)
            return bad(c, "'%s' cannot move .pred values", c->name);
        if (m->vec > 1 && ptx_type_size(t) * m->vec > 16)
            return bad(c, "vector access of more than 16 bytes");
        return WS_OK;
    case OP_CVTA:
        if (t != PT_U64 && t != PT_U32 && t != PT_B64)
            return bad(c, "cvta needs .u32 or .u64");
        if (m->space == SP_NONE || m->space == SP_PARAM)
            return bad(c, "cvta needs .global, .shared, .local or .const");
        return WS_OK;
    default:
        return check_atom(c);
    }
}

/* vote shfl activemask bar mov. */
static int check_warp(const struct ck *c)
{
    const struct ptx_inst *in = c->in;
    const struct ptx_mods *m = &in->m;
    uint8_t t = m->type;
    switch (in->op) {
    case OP_VOTE:
        if (!m->mode)
            return bad(c, "vote needs .all, .any, .uni or .ballot");
        if (!m->sync)
            return bad(c, "vote without .sync is not supported for sm_70 and later targets (use vote.sync)");
        if (in->n != 3)
            return bad(c, "vote.sync needs a member mask operand");
        if ((m->mode == VOTE_BALLOT) != (t == PT_B32) ||
            (m->mode != VOTE_BALLOT && t != PT_PRED))
            return bad(c, "vote.ballot takes .b32; vote.all/.any/.uni take .pred");
        break;
    case OP_SHFL:
        if (!m->sync)
            return bad(c, "shfl without .sync is not supported for sm_70 and later targets (use shfl.sync)");
        if (!m->mode)
            return bad(c, "shfl needs .up, .down, .bfly or .idx");
        if (t != PT_B32)
            return bad(c, "shfl.sync moves .b32 values");
        break;
    case OP_ACTIVEMASK:
        if (t != PT_B32)
            return bad(c, "activemask needs .b32");
        break;
    case OP_BAR:
        if (m->mode == BAR_RED &&
            ((m->mode2 == BARRED_POPC) != (t == PT_U32) ||
             (m->mode2 != BARRED_POPC && t != PT_PRED)))
            return bad(c, "bar.red.popc takes .u32; bar.red.and and bar.red.or take .pred");
        if (m->mode2 != 9 && in->n < 1)
            return bad(c, "bar needs a barrier number");
        if (m->mode == 0 && m->mode2 != 9)
            return bad(c, "bar needs .sync, .arrive or .red");
        break;
    default:      /* mov */
        if (in->o[1].kind == OPK_SREG) {
            uint8_t need = in->o[1].sreg == SR_CLOCK64 ? 8 : 4;
            if (ptx_type_size(t) < need)
                return bad(c, "special register %s is %u-bit",
                           ptx_sreg_name(in->o[1].sreg), need * 8u);
        }
        break;
    }
    return WS_OK;
}

/* Modifiers valid on a few opcodes only. */
static int check_modifiers(const struct ck *c)
{
    const struct ptx_inst *in = c->in;
    const struct ptx_mods *m = &in->m;
    uint8_t t = m->type;
    bool video = in->op >= OP_VADD && in->op <= OP_VSET4;
    if (m->sat && !(in->op == OP_CVT || is_flt(t) || is_half(t) ||
                    (video && in->op != OP_VSET && in->op != OP_VSET2 &&
                     in->op != OP_VSET4) ||
                    ((in->op == OP_ADD || in->op == OP_SUB ||
                      in->op == OP_MAD) && t == PT_S32)))
        return bad(c, "'.sat' is not valid on '%s.%s'", c->name,
                   ptx_type_name(t));
    if (m->relu && !(in->op == OP_CVT || (in->op == OP_FMA && is_half(t)) ||
                     t == PT_S16X2))
        return bad(c, "'.relu' is not valid on '%s.%s'", c->name,
                   ptx_type_name(t));
    if (m->satfinite && in->op != OP_CVT)
        return bad(c, "'.satfinite' is not valid on '%s'", c->name);
    if ((m->scale || m->po) && in->op != OP_VMAD)
        return bad(c, "'.%s' is only valid on vmad",
                   m->po ? "po" : m->scale == 7 ? "shr7" : "shr15");
    return WS_OK;
}

/*
** A video operand selector: scalar operands take .b0-.b3 or .h0-.h1;
** SIMD sources a lane choice per result lane (.hxy with digits 0-3 for
** the 2-way forms, .bxyzw with digits 0-7 for the 4-way ones); SIMD
** destinations a mask of lanes in descending order (.h10, .b31, ...).
*/
static bool sel_ok(const struct ptx_sel *s, int simd, bool dest)
{
    if (!s->kind)
        return true;
    if (simd == 0)
        return s->n == 1 && s->dig[0] <= (s->kind == 'b' ? 3 : 1);
    if (s->kind != (simd == 2 ? 'h' : 'b'))
        return false;
    if (!dest) {
        for (int i = 0; i < s->n; i++)
            if (s->dig[i] > (simd == 2 ? 3 : 7))
                return false;
        return s->n == simd;
    }
    for (int i = 0; i < s->n; i++)
        if (s->dig[i] >= simd || (i > 0 && s->dig[i] >= s->dig[i - 1]))
            return false;
    return s->n >= 1;
}

/* The secondary operation, c and the destination selector of a scalar
   video instruction go together as the PTX ISA lists them. */
static int check_video_c(const struct ck *c)
{
    const struct ptx_inst *in = c->in;
    bool dsel = in->o[0].sel.kind != 0, has_c = in->n == 4;
    if (in->m.mode && dsel)
        return bad(c, "'%s' takes a secondary operation or a destination selector, not both",
                   c->name);
    if ((in->m.mode || dsel) != has_c)
        return bad(c, "'%s' takes c exactly when it has a secondary operation (.add, .min, .max) or a destination selector (d.b0 ... d.h1)",
                   c->name);
    return WS_OK;
}

/* dp4a dp2a and the video instructions. */
static int check_video(const struct ck *c)
{
    const struct ptx_inst *in = c->in;
    const struct ptx_mods *m = &in->m;
    uint16_t op = in->op;
    if (op == OP_DP4A || op == OP_DP2A) {
        if (!is_word(m->type) || !is_word(m->type2))
            return bad(c, "'%s' takes .u32 or .s32 for each source type", c->name);
        if (op == OP_DP2A && m->mode != MUL_LO && m->mode != MUL_HI)
            return bad(c, "dp2a needs .lo or .hi (which bytes of b)");
        return WS_OK;
    }
    int simd = op >= OP_VADD4 ? 4 : op >= OP_VADD2 ? 2 : 0;
    bool vset = op == OP_VSET || op == OP_VSET2 || op == OP_VSET4;
    if (!is_word(m->type) || !is_word(m->type2) ||
        (!vset && !is_word(m->type3)))
        return bad(c, "'%s' takes .u32 or .s32 types", c->name);
    if ((op == OP_VSHL || op == OP_VSHR) && m->type3 != PT_U32)
        return bad(c, "'%s' shifts by a .u32 amount (its third type)", c->name);
    if ((op == OP_VSHL || op == OP_VSHR) && !m->mode2)
        return bad(c, "'%s' needs .clamp or .wrap", c->name);
    if (vset && !(m->cmp >= CMP_EQ && m->cmp <= CMP_GE))
        return bad(c, "'%s' compares with .eq, .ne, .lt, .le, .gt or .ge", c->name);
    if (m->mode > VOP2_MAX || (simd && m->mode && m->mode != VOP2_ADD))
        return bad(c, "'.%s' is not a secondary operation of '%s' (%s)",
                   atom_ops[m->mode], c->name, simd ? ".add" : ".add, .min, .max");
    if (simd && m->sat && m->mode)
        return bad(c, "'.sat' and '.add' do not go together on '%s'", c->name);
    if (op == OP_VMAD) {
        bool neg_ab = (in->o[1].neg != 0) != (in->o[2].neg != 0);
        if (m->po && (in->o[1].neg || in->o[2].neg || in->o[3].neg))
            return bad(c, "vmad.po takes no negated operands");
        if (neg_ab && in->o[3].neg)
            return bad(c, "vmad negates the product a*b or c, not both");
    }
    for (int i = 0; i < 3 && i < in->n; i++) {
        const struct ptx_opnd *o = &in->o[i];
        if (sel_ok(&o->sel, simd, i == 0))
            continue;
        char sel[8] = { (char)o->sel.kind };
        for (int k = 0; k < o->sel.n; k++)
            sel[1 + k] = (char)('0' + o->sel.dig[k]);
        return bad_at(c, o, "operand %d of '%s' cannot take the selector .%s (%s)",
                      i + 1, c->name, sel,
                      simd == 0 ? "one of .b0-.b3, .h0, .h1"
                      : i == 0 ? (simd == 2 ? "a mask .h0, .h1 or .h10"
                                            : "a mask of lanes such as .b3210 or .b20")
                      : simd == 2 ? "two half choices such as .h10"
                                  : "four byte choices such as .b3210");
    }
    return simd || op == OP_VMAD ? WS_OK : check_video_c(c);
}

int kcheck_inst(const struct ptx_module *m, const struct ptx_inst *in,
                struct ws_diag *diag)
{
    struct ck c = { m, in, diag, ptx_op_name(in->op) };
    int rc;
    switch (in->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_MAD: case OP_DIV:
    case OP_MIN: case OP_MAX: case OP_ABS: case OP_NEG:
        rc = check_arith(&c);
        break;
    case OP_FMA: case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_EX2:
    case OP_LG2: case OP_SIN: case OP_COS: case OP_TANH: case OP_COPYSIGN:
    case OP_TESTP:
        rc = check_float_fn(&c);
        break;
    case OP_ADDC: case OP_SUBC: case OP_MADC: case OP_MUL24: case OP_MAD24:
    case OP_SAD: case OP_REM: case OP_AND: case OP_OR: case OP_XOR:
    case OP_NOT: case OP_CNOT: case OP_SHL: case OP_SHR: case OP_BFE:
    case OP_BFI: case OP_POPC: case OP_CLZ: case OP_BREV: case OP_BFIND:
    case OP_SHF: case OP_LOP3: case OP_PRMT:
        rc = check_bits(&c);
        break;
    case OP_SETP: case OP_SET: case OP_SLCT:
        rc = check_compare(&c);
        break;
    case OP_CVT:
        rc = check_cvt(&c);
        break;
    case OP_LD: case OP_ST: case OP_CVTA: case OP_ATOM: case OP_RED:
        rc = check_memory(&c);
        break;
    case OP_VOTE: case OP_SHFL: case OP_ACTIVEMASK: case OP_BAR: case OP_MOV:
        rc = check_warp(&c);
        break;
    default:
        rc = in->op >= OP_DP4A && in->op <= OP_VSET4 ? check_video(&c)
                                                     : WS_OK;
        break;
    }
    return rc == WS_OK ? check_modifiers(&c) : rc;
}
