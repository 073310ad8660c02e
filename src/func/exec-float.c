/*
** exec-float.c - f32 and f64 arithmetic and conversions.
** IEEE operations (add, mul, fma, div, sqrt with .rn/.rz/.rm/.rp) are
** computed exactly by the host FPU in the requested rounding mode, so they
** match the GPU bit for bit. The .approx transcendental forms (sin, cos,
** ex2, lg2, rsqrt, tanh) use the C library's correctly- or nearly-correctly
** rounded functions: they are more accurate than the hardware's
** approximations, and docs/ptx.md lists them as approximations. NaN results
** of f32 arithmetic are the canonical 0x7fffffff, as on NVIDIA GPUs.
** Built with -frounding-math (see Makefile).
*/
#include "func/exec-internal.h"
#include <fenv.h>
#include <math.h>

static int fe_mode(uint8_t rnd)
{
    switch (rnd) {
    case RND_RZ: return FE_TOWARDZERO;
    case RND_RM: return FE_DOWNWARD;
    case RND_RP: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

static float canon32(float f)
{
    return isnan(f) ? as_f32(0x7fffffffu) : f;
}

static double sat01(double v)
{
    if (isnan(v))
        return 0.0;
    return v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
}

/* min/max with -0 < +0 and a NaN operand ignored (unless .NaN). */
static double fminmax(double a, double b, int is_max, bool nan_mode, int *nan)
{
    *nan = 0;
    if (isnan(a) || isnan(b)) {
        if (nan_mode || (isnan(a) && isnan(b))) {
            *nan = 1;
            return (double)NAN;
        }
        return isnan(a) ? b : a;
    }
    if (a == b) {
        /* Both zero with different signs: min is -0, max is +0. */
        if (signbit(a) != signbit(b))
            return is_max ? (signbit(a) ? b : a) : (signbit(a) ? a : b);
        return a;
    }
    return is_max ? (a > b ? a : b) : (a < b ? a : b);
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
    int nan;
    switch (ki->op) {
    case OP_ADD: r = fa + fb; break;
    case OP_SUB: r = fa - fb; break;
    case OP_MUL: r = fa * fb; break;
    case OP_MAD: case OP_FMA: r = fmaf(fa, fb, fc); break;
    case OP_DIV: r = fa / fb; break;
    case OP_MIN: case OP_MAX:
        r = (float)fminmax((double)fa, (double)fb, ki->op == OP_MAX, ki->m.nan,
                          &nan);
        break;
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
    case OP_SIN: r = sinf(fa); break;
    case OP_COS: r = cosf(fa); break;
    case OP_TANH: r = tanhf(fa); break;
    default: r = 0.0f; break;
    }
    if (ftz)
        r = f32_ftz(r);
    if (ki->m.sat)
        r = (float)sat01((double)r);
    return from_f32(canon32(r));
}

static uint64_t f64_op(const struct kinst *ki, uint64_t a, uint64_t b,
                       uint64_t c)
{
    double fa = as_f64(a), fb = as_f64(b), fc = as_f64(c), r;
    int nan;
    switch (ki->op) {
    case OP_ADD: r = fa + fb; break;
    case OP_SUB: r = fa - fb; break;
    case OP_MUL: r = fa * fb; break;
    case OP_MAD: case OP_FMA: r = fma(fa, fb, fc); break;
    case OP_DIV: r = fa / fb; break;
    case OP_MIN: case OP_MAX:
        r = fminmax(fa, fb, ki->op == OP_MAX, ki->m.nan, &nan);
        break;
    case OP_ABS: return a & 0x7fffffffffffffffULL;
    case OP_NEG: return a ^ 0x8000000000000000ULL;
    case OP_COPYSIGN:
        return (b & 0x7fffffffffffffffULL) | (a & 0x8000000000000000ULL);
    case OP_RCP: r = 1.0 / fa; break;
    case OP_SQRT: r = sqrt(fa); break;
    case OP_RSQRT: r = 1.0 / sqrt(fa); break;
    case OP_EX2: r = exp2(fa); break;
    case OP_LG2: r = log2(fa); break;
    case OP_SIN: r = sin(fa); break;
    case OP_COS: r = cos(fa); break;
    case OP_TANH: r = tanh(fa); break;
    default: r = 0.0; break;
    }
    if (ki->m.sat)
        r = sat01(r);
    return from_f64(r);
}

enum fx_status fx_float(struct fctx *x, struct fwarp *w,
                        const struct kinst *ki, uint32_t m)
{
    if (fx_fast_alu(x, w, ki, m))
        return FX_OK;
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
        wr_pred(w, &ki->d[0], r, m);
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

/* ---- conversions ----------------------------------------------------- */

/* Saturating float -> integer of `bits` bits (signed or not); NaN -> 0. */
static uint64_t f2i(double v, int bits, int sgn)
{
    if (isnan(v))
        return 0;
    if (sgn) {
        double lim = ldexp(1.0, bits - 1);
        if (v >= lim)
            return (1ULL << (bits - 1)) - 1;
        if (v < -lim)
            return (uint64_t)0 - (1ULL << (bits - 1));
        return (uint64_t)(int64_t)v;
    }
    double lim = ldexp(1.0, bits);
    if (v >= lim)
        return bits_mask(bits);
    if (v < 0.0)
        return 0;
    return (uint64_t)v;
}

static double round_integral(double v, uint8_t rnd)
{
    switch (rnd) {
    case RND_RNI: return nearbyint(v);   /* ties to even (FE_TONEAREST) */
    case RND_RZI: return trunc(v);
    case RND_RMI: return floor(v);
    case RND_RPI: return ceil(v);
    default: return v;
    }
}

static uint64_t cvt_lane(const struct kinst *ki, uint64_t a)
{
    uint8_t dt = ki->m.type, st = ki->m.type2;
    int dbits = type_bits(dt), sbits = type_bits(st);
    bool dflt = dt == PT_F32 || dt == PT_F64, sflt = st == PT_F32 || st == PT_F64;
    if (!dflt && !sflt) {
        __int128 v = ptx_type_is_signed(st) ? (__int128)(int64_t)sext(a, sbits)
                                            : (__int128)(a & bits_mask(sbits));
        if (ki->m.sat) {
            __int128 lo, hi;
            if (ptx_type_is_signed(dt)) {
                hi = ((__int128)1 << (dbits - 1)) - 1;
                lo = -((__int128)1 << (dbits - 1));
            } else {
                hi = ((__int128)1 << dbits) - 1;
                lo = 0;
            }
            if (v > hi)
                v = hi;
            if (v < lo)
                v = lo;
        }
        return norm((uint64_t)v, dt);
    }
    if (sflt) {
        double v = st == PT_F32 ? (double)(ki->m.ftz ? f32_ftz(as_f32(a))
                                                     : as_f32(a))
                                : as_f64(a);
        if (!dflt) {
            v = round_integral(v, ki->m.rnd);
            return norm(f2i(v, dbits, ptx_type_is_signed(dt)), dt);
        }
        if (ki->m.rnd >= RND_RNI && ki->m.rnd <= RND_RPI)
            v = round_integral(v, ki->m.rnd);
        if (dt == PT_F32) {
            float f = (float)v;     /* rounds in the current mode */
            if (ki->m.ftz)
                f = f32_ftz(f);
            if (ki->m.sat)
                f = (float)sat01((double)f);
            return from_f32(canon32(f));
        }
        if (ki->m.sat)
            v = sat01(v);
        return from_f64(v);
    }
    /* integer -> float, rounded in the current mode */
    if (ptx_type_is_signed(st)) {
        int64_t v = (int64_t)sext(a, sbits);
        if (dt == PT_F32) {
            float f = (float)v;
            return from_f32(ki->m.sat ? (float)sat01((double)f) : f);
        }
        double dv = (double)v;
        return from_f64(ki->m.sat ? sat01(dv) : dv);
    }
    uint64_t v = a & bits_mask(sbits);
    if (dt == PT_F32) {
        float f = (float)v;
        return from_f32(ki->m.sat ? (float)sat01((double)f) : f);
    }
    double dv = (double)v;
    return from_f64(ki->m.sat ? sat01(dv) : dv);
}

enum fx_status fx_cvt(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                      uint32_t m)
{
    lanes_t a, d;
    rd(x, w, &ki->s[0], a);
    int mode = fe_mode(ki->m.rnd);
    if (mode != FE_TONEAREST)
        fesetround(mode);
    for (int l = 0; l < WS_WARP; l++)
        if (m >> l & 1)
            d[l] = cvt_lane(ki, a[l]);
    if (mode != FE_TONEAREST)
        fesetround(FE_TONEAREST);
    wr(w, &ki->d[0], d, m);
    return FX_OK;
}
