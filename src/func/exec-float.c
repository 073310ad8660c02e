/*
** exec-float.c - f32 and f64 arithmetic.
** IEEE operations (add, mul, fma, div, sqrt with .rn/.rz/.rm/.rp) are
** computed exactly by the host FPU in the requested rounding mode, so they
** match the GPU bit for bit. Approximate instructions follow what the GPU
** does where that is a property of its algorithm rather than of the last
** bits of an approximation: sin/cos reduce the argument the way the SFU
** does, div.approx multiplies by a reciprocal that flushes to zero,
** rcp.approx.ftz.f64 keeps the high word's precision. Otherwise (ex2,
** lg2, rsqrt, tanh, the reciprocal's last bits) the C library's nearly
** correctly rounded functions stand in, within the tolerances docs/ptx.md
** states. NaN results of f32 arithmetic are the canonical 0x7fffffff, as
** on NVIDIA GPUs. Built with -frounding-math (see Makefile).
*/
#include "func/exec-internal.h"

/*
** sin.approx and cos.approx as the GPU computes them: the argument is
** multiplied by 1/(2 pi) (the f32 constant 0x3e22f983) with the product
** rounded toward zero, as the compiled FMUL.RZ does, and the SFU takes the
** sine or cosine of that many turns. Only the fraction of the product
** matters, and it has fewer bits the larger the argument: from 2^25 on it
** has none, so sin gives +-0 and cos 1 (recorded on an H100).
*/
static float sincos_turns(float a, bool cosine)
{
    double p = (double)a * (double)as_f32(0x3e22f983u);   /* exact */
    float t;
    double ap = fabs(p);
    if (ap >= 0x1p-126 && ap < 0x1p128) {
        /* a normal f32 after rounding toward zero: the double's
           significand cut to f32's 24 bits, which converts exactly */
        uint64_t bits;
        memcpy(&bits, &p, sizeof bits);
        bits &= ~((1ULL << 29) - 1);
        memcpy(&p, &bits, sizeof p);
        t = (float)p;
    } else {
        t = (float)p;
        if (fabs((double)t) > ap)
            t = nextafterf(t, 0.0f);                       /* toward zero */
    }
    float turns = t - truncf(t);                           /* exact */
    if (turns == 0.0f)
        turns = copysignf(0.0f, t);
    float q = turns * 4.0f;                                /* exact */
    if (q == truncf(q)) {        /* a quarter turn: exact 0 and +-1 */
        static const float s4[4] = { 0.0f, 1.0f, 0.0f, -1.0f };
        int k = ((int)q + 4 + (cosine ? 1 : 0)) % 4;
        return k == 0 && !cosine ? copysignf(0.0f, turns) : s4[k];
    }
    double x = 2.0 * M_PI * (double)turns;
    return (float)(cosine ? cos(x) : sin(x));
}

/*
** div.approx.f32 is a * (1/b) with the reciprocal from the SFU, which
** flushes a subnormal reciprocal to zero: for |b| > 2^126 the quotient is
** +-0 however large a is (recorded on an H100). Where the reciprocal is
** an ordinary number, the correctly rounded quotient stands in for the
** product (within 1 ulp of the recorded results, 2 allowed).
*/
static float div_approx(float a, float b)
{
    float r = 1.0f / b;
    if (isinf(r) || f32_ftz(r) != r)      /* overflows, or flushes to 0 */
        return a * f32_ftz(r);
    return a / b;
}

/*
** rcp.approx.ftz.f64 as the GPU computes it (MUFU.RCP64H): only the high
** 32 bits of the operand are read, the reciprocal has f32's 24-bit
** precision and only its high 32 bits are kept (the low word is zero).
** Subnormal operands and results flush to zero; a NaN gives
** 0x7fffffff00000000. The hardware's own approximation can differ from
** this rounding in the last kept bit (docs/ptx.md).
*/
static uint64_t rcp64h(uint64_t a)
{
    static const struct sfp_fmt f64_24 = { 11, 23 };   /* f64 range */
    uint64_t sign = a & 0x8000000000000000ULL;
    uint32_t e = (uint32_t)(a >> 52) & 0x7ff;
    if (e == 0x7ff)
        return (a & 0x000fffff00000000ULL) ? 0x7fffffff00000000ULL : sign;
    if (e == 0)
        return sign | 0x7ff0000000000000ULL;
    /* 1 / (m * 2^(e - 1043)) with m the 21-bit significand of the high
       word: 2^63 / m, the remainder jammed into a sticky bit. */
    uint64_t m = (a >> 32 & 0xfffff) | 0x100000;
    uint64_t q = (1ULL << 63) / m, rem = (1ULL << 63) % m;
    uint64_t r = sfp_round(sign != 0, 1043 - (int32_t)e - 64,
                           q << 1 | (rem != 0), &f64_24, SFP_RN);
    if (sfp_issubnormal(r, &f64_24))
        r &= 1ULL << 34;                   /* flushed: keep the sign */
    uint64_t bits = (r >> 34) << 63 | (r & 0x3ffffffffULL) << 29;
    return bits & 0xffffffff00000000ULL;
}

/* testp on a value of its own precision (an f32 subnormal is a normal
   double, so classify before widening). Returns 0 or 1. */
static int testp(uint8_t cls, int cat, bool nan, bool inf)
{
    switch (cls) {
    case TESTP_FINITE: return !nan && !inf;
    case TESTP_INFINITE: return inf;
    case TESTP_NUMBER: return !nan;
    case TESTP_NOTANUMBER: return nan;
    /* The ISA counts +0 and -0 as normal numbers. */
    case TESTP_NORMAL: return cat == FP_NORMAL || cat == FP_ZERO;
    case TESTP_SUBNORMAL: return cat == FP_SUBNORMAL;
    default: return 0;
    }
}

static uint64_t f32_op(const struct kinst *ki, uint64_t a, uint64_t b,
                       uint64_t c)
{
    bool ftz = ki->m.ftz;
    float fa = as_f32(a), fb = as_f32(b), fc = as_f32(c), r;
    if (ftz) {
        fa = f32_ftz(fa);
        fb = f32_ftz(fb);
        fc = f32_ftz(fc);
    }
    switch (ki->op) {
    case OP_ADD: r = fa + fb; break;
    case OP_SUB: r = fa - fb; break;
    case OP_MUL: r = fa * fb; break;
    case OP_MAD: case OP_FMA: r = fmaf(fa, fb, fc); break;
    case OP_DIV: r = ki->m.approx ? div_approx(fa, fb) : fa / fb; break;
    case OP_MIN: case OP_MAX: {
        int k = fx_minmax((double)fa, (double)fb, ki->op == OP_MAX,
                          ki->m.nan);
        r = k == 2 ? NAN : k ? fb : fa;
        break;
    }
    /* abs and neg only touch the sign bit, NaN payloads included
       (after .ftz has flushed a subnormal input to zero). */
    case OP_ABS: return from_f32(fa) & 0x7fffffffu;
    case OP_NEG: return from_f32(fa) ^ 0x80000000u;
    case OP_COPYSIGN:   /* PTX: magnitude of b, sign of a */
        return ((uint32_t)b & 0x7fffffffu) | ((uint32_t)a & 0x80000000u);
    case OP_RCP: r = 1.0f / fa; break;
    case OP_SQRT: r = sqrtf(fa); break;
    case OP_RSQRT: r = 1.0f / sqrtf(fa); break;
    case OP_EX2: r = exp2f(fa); break;
    case OP_LG2: r = log2f(fa); break;
    case OP_SIN: r = sincos_turns(fa, false); break;
    case OP_COS: r = sincos_turns(fa, true); break;
    case OP_TANH: r = tanhf(fa); break;
    default: r = 0.0f; break;
    }
    if (ftz)
        r = f32_ftz(r);
    uint64_t bits = f32_result(r);
    return ki->m.sat ? sfp_sat01(bits, &sfp_f32) : bits;
}

static uint64_t f64_op(const struct kinst *ki, uint64_t a, uint64_t b,
                       uint64_t c)
{
    double fa = as_f64(a), fb = as_f64(b), fc = as_f64(c), r;
    switch (ki->op) {
    case OP_ADD: r = fa + fb; break;
    case OP_SUB: r = fa - fb; break;
    case OP_MUL: r = fa * fb; break;
    case OP_MAD: case OP_FMA: r = fma(fa, fb, fc); break;
    case OP_DIV: r = fa / fb; break;
    case OP_MIN: case OP_MAX: {
        int k = fx_minmax(fa, fb, ki->op == OP_MAX, ki->m.nan);
        r = k == 2 ? (double)NAN : k ? fb : fa;
        break;
    }
    case OP_ABS: return a & 0x7fffffffffffffffULL;
    case OP_NEG: return a ^ 0x8000000000000000ULL;
    case OP_COPYSIGN:
        return (b & 0x7fffffffffffffffULL) | (a & 0x8000000000000000ULL);
    case OP_RCP:
        if (ki->m.approx)
            return rcp64h(a);
        r = 1.0 / fa;
        break;
    case OP_SQRT: r = sqrt(fa); break;
    case OP_RSQRT: r = 1.0 / sqrt(fa); break;
    case OP_EX2: r = exp2(fa); break;
    case OP_LG2: r = log2(fa); break;
    case OP_SIN: r = sin(fa); break;
    case OP_COS: r = cos(fa); break;
    case OP_TANH: r = tanh(fa); break;
    default: r = 0.0; break;
    }
    return ki->m.sat ? sfp_sat01(from_f64(r), &sfp_f64) : from_f64(r);
}

/* testp: one predicate bit per lane. */
static uint32_t do_testp(const struct kinst *ki, const uint64_t *a)
{
    uint32_t r = 0;
    for (int l = 0; l < WS_WARP; l++) {
        int cat;
        bool nan, inf;
        if (ki->m.type == PT_F32) {
            float f = as_f32(a[l]);
            cat = fpclassify(f);
            nan = isnan(f) != 0;
            inf = isinf(f) != 0;    /* glibc's isinf may return -1 */
        } else {
            double dv = as_f64(a[l]);
            cat = fpclassify(dv);
            nan = isnan(dv) != 0;
            inf = isinf(dv) != 0;
        }
        r |= (uint32_t)testp(ki->m.mode, cat, nan, inf) << l;
    }
    return r;
}

enum fx_status fx_float(struct fctx *x, struct fwarp *w,
                        const struct kinst *ki, uint32_t m)
{
    lanes_t a, b, c, d;
    int ns = ki->ns;
    rd(x, w, &ki->s[0], a);
    if (ns > 1)
        rd(x, w, &ki->s[1], b);
    else
        memset(b, 0, sizeof b);
    if (ns > 2)
        rd(x, w, &ki->s[2], c);
    else
        memset(c, 0, sizeof c);
    if (ki->op == OP_TESTP) {
        wr_pred(w, &ki->d[0], do_testp(ki, a), m);
        return FX_OK;
    }
    int mode = fe_mode(ki->m.rnd);
    if (mode != FE_TONEAREST)
        fesetround(mode);
    if (ki->m.type == PT_F32) {
        for (int l = 0; l < WS_WARP; l++)
            if (m >> l & 1)
                d[l] = f32_op(ki, a[l], b[l], c[l]);
    } else {
        for (int l = 0; l < WS_WARP; l++)
            if (m >> l & 1)
                d[l] = f64_op(ki, a[l], b[l], c[l]);
    }
    if (mode != FE_TONEAREST)
        fesetround(FE_TONEAREST);
    wr(w, &ki->d[0], d, m);
    return FX_OK;
}
