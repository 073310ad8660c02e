/*
** exec-half.c - f16 and bf16 arithmetic, scalar and packed (.f16x2 and
** .bf16x2 hold two halves in a 32-bit register, the first source's low
** half paired with the second's low half; each half is computed alone).
** Every result is rounded by util/softfp.c from the exact value, to
** nearest even as the PTX ISA defines half-precision arithmetic, so
** nothing depends on the host's floating point. NaN results are the
** canonical 0x7fff (recorded on an H100 for f16). .ftz flushes f16
** subnormal inputs and results to zero, .sat clamps to [0, 1], .relu
** (fma) clamps negative results to +0. ex2 and tanh are approximations:
** the C library's value rounded to the format. abs and neg change only
** the sign bit, as they do for f32.
*/
#include "func/exec-internal.h"

static uint64_t half_op(const struct kinst *ki, uint64_t a, uint64_t b,
                        uint64_t c, const struct sfp_fmt *f)
{
    enum sfp_rnd rnd = sfp_mode(ki->m.rnd);
    uint64_t sign = 1ULL << (f->ebits + f->mbits);
    if (ki->m.ftz) {
        a = sfp_ftz(a, f);
        b = sfp_ftz(b, f);
        c = sfp_ftz(c, f);
    }
    uint64_t v;
    switch (ki->op) {
    case OP_ADD: v = sfp_add(a, b, f, rnd); break;
    case OP_SUB: v = sfp_add(a, b ^ sign, f, rnd); break;
    case OP_MUL: v = sfp_mul(a, b, f, rnd); break;
    case OP_FMA: v = sfp_fma(a, b, c, f, rnd); break;
    case OP_ABS: return a & (sign - 1);
    case OP_NEG: return a ^ sign;
    case OP_MIN: case OP_MAX: {
        int k = fx_minmax(sfp_to_double(a, f), sfp_to_double(b, f),
                          ki->op == OP_MAX, ki->m.nan);
        v = k == 2 ? sfp_nan(f) : k ? b : a;
        break;
    }
    case OP_EX2:
        v = sfp_from_double(exp2(sfp_to_double(a, f)), f, SFP_RN);
        break;
    default:    /* tanh */
        v = sfp_from_double(tanh(sfp_to_double(a, f)), f, SFP_RN);
        break;
    }
    if (ki->m.ftz)
        v = sfp_ftz(v, f);
    if (ki->m.relu)
        v = sfp_relu(v, f);
    return ki->m.sat ? sfp_sat01(v, f) : v;
}

enum fx_status fx_half(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                       uint32_t m)
{
    lanes_t a, b, c, d;
    memset(b, 0, sizeof b);
    memset(c, 0, sizeof c);
    rd(x, w, &ki->s[0], a);
    if (ki->ns > 1)
        rd(x, w, &ki->s[1], b);
    if (ki->ns > 2)
        rd(x, w, &ki->s[2], c);
    const struct sfp_fmt *f = fmt_of(ki->m.type);
    bool x2 = ptx_type_is_x2((enum ptx_type)ki->m.type);
    for (int l = 0; l < WS_WARP; l++) {
        if (!(m >> l & 1))
            continue;
        d[l] = half_op(ki, a[l] & 0xffff, b[l] & 0xffff, c[l] & 0xffff, f);
        if (x2)
            d[l] |= half_op(ki, a[l] >> 16 & 0xffff, b[l] >> 16 & 0xffff,
                            c[l] >> 16 & 0xffff, f) << 16;
    }
    wr(w, &ki->d[0], d, m);
    return FX_OK;
}
