/*
** exec-cmp.c - setp and set: comparisons of integers and floats of every
** width, combined with an optional predicate (.and .or .xor). Ordered
** float comparisons are false and unordered ones true when an operand is
** NaN; .ftz compares subnormal f32 and f16 operands as zeros. The packed
** types (.f16x2, .bf16x2) compare each half: setp writes the low half's
** result to its first predicate and the high half's to the second, set
** writes each half of its destination.
*/
#include "func/exec-internal.h"
#include <math.h>

static int cmp_int(uint8_t cmp, uint64_t a, uint64_t b, uint8_t t)
{
    int bits = type_bits(t);
    int s = ptx_type_is_signed((enum ptx_type)t) && cmp != CMP_LO &&
            cmp != CMP_LS && cmp != CMP_HI && cmp != CMP_HS;
    uint64_t m = bits_mask(bits);
    int lt = s ? (int64_t)sext(a, bits) < (int64_t)sext(b, bits)
               : (a & m) < (b & m);
    int eq = (a & m) == (b & m);
    switch (cmp) {
    case CMP_EQ: return eq;
    case CMP_NE: return !eq;
    case CMP_LT: case CMP_LO: return lt;
    case CMP_LE: case CMP_LS: return lt || eq;
    case CMP_GT: case CMP_HI: return !lt && !eq;
    case CMP_GE: case CMP_HS: return !lt;
    default: return 0;
    }
}

static int cmp_float(uint8_t cmp, double a, double b)
{
    int un = isnan(a) || isnan(b);
    switch (cmp) {
    case CMP_EQ: return !un && a == b;
    case CMP_NE: return !un && a != b;
    case CMP_LT: return !un && a < b;
    case CMP_LE: return !un && a <= b;
    case CMP_GT: return !un && a > b;
    case CMP_GE: return !un && a >= b;
    case CMP_EQU: return un || a == b;
    case CMP_NEU: return un || a != b;
    case CMP_LTU: return un || a < b;
    case CMP_LEU: return un || a <= b;
    case CMP_GTU: return un || a > b;
    case CMP_GEU: return un || a >= b;
    case CMP_NUM: return !un;
    case CMP_NAN: return un;
    default: return 0;
    }
}

/* One lane's comparison of a and b, both of type t (one half of a
   packed type). */
static int compare(const struct kinst *ki, uint8_t t, uint64_t a, uint64_t b)
{
    if (ptx_type_is_half((enum ptx_type)t)) {
        const struct sfp_fmt *f = fmt_of(t);
        a &= 0xffff;
        b &= 0xffff;
        if (ki->m.ftz) {
            a = sfp_ftz(a, f);
            b = sfp_ftz(b, f);
        }
        return cmp_float(ki->m.cmp, sfp_to_double(a, f), sfp_to_double(b, f));
    }
    if (t == PT_F32) {
        float fa = as_f32(a), fb = as_f32(b);
        if (ki->m.ftz) {
            fa = f32_ftz(fa);
            fb = f32_ftz(fb);
        }
        return cmp_float(ki->m.cmp, (double)fa, (double)fb);
    }
    if (t == PT_F64)
        return cmp_float(ki->m.cmp, as_f64(a), as_f64(b));
    return cmp_int(ki->m.cmp, a, b, t);
}

/* What set writes for true into destination type t (into each half when
   the sources are packed): 1.0 for floats, all ones for integers. */
static uint64_t set_true(uint8_t t, bool halves)
{
    switch (t) {
    case PT_F16: case PT_F16X2: return 0x3c00;
    case PT_BF16: case PT_BF16X2: return 0x3f80;
    case PT_F32: return from_f32(1.0f);
    case PT_F64: return from_f64(1.0);
    default: return halves ? 0xffff : bits_mask(type_bits(t));
    }
}

enum fx_status fx_setp(struct fctx *x, struct fwarp *w,
                       const struct kinst *ki, uint32_t m)
{
    uint8_t t = ki->op == OP_SET ? ki->m.type2 : ki->m.type;
    bool x2 = ptx_type_is_x2((enum ptx_type)t);
    lanes_t a, b;
    rd(x, w, &ki->s[0], a);
    rd(x, w, &ki->s[1], b);
    uint32_t r = 0, rhi = 0;
    for (int l = 0; l < WS_WARP; l++) {
        r |= (uint32_t)compare(ki, t, a[l], b[l]) << l;
        if (x2)
            rhi |= (uint32_t)compare(ki, t, a[l] >> 16, b[l] >> 16) << l;
    }
    uint32_t q, p = setp_combine(w, ki, r, &q);
    if (x2)
        q = setp_combine(w, ki, rhi, &rhi);   /* the high half's result */
    if (ki->op == OP_SETP) {
        wr_pred(w, &ki->d[0], p, m);
        if (ki->nd == 2)
            wr_pred(w, &ki->d[1], q, m);
        return FX_OK;
    }
    lanes_t d;
    uint64_t one = set_true(ki->m.type, x2);
    for (int l = 0; l < WS_WARP; l++)
        d[l] = ((p >> l & 1) ? one : 0) | ((x2 && (q >> l & 1)) ? one << 16 : 0);
    wr(w, &ki->d[0], d, m);
    return FX_OK;
}
