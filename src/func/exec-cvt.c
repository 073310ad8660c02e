/*
** exec-cvt.c - cvt: conversions between integer and floating-point types.
** Integer to integer conversions truncate or extend (and clamp with
** .sat). Conversions among f32, f64 and integers round on the host FPU in
** the instruction's mode, which is IEEE-exact; every conversion into or
** out of f16, bf16 and their packed pairs is rounded by util/softfp.c, so
** it does not depend on the host's half-precision support. Float to
** integer conversions saturate, and a NaN gives what NVIDIA hardware
** gives (docs/ptx.md). Built with -frounding-math (see Makefile).
*/
#include "func/exec-internal.h"

/*
** Float -> integer of `bits` bits, saturating. A NaN converts as the GPU
** does, which depends on the widths: from an f32 (or narrower) to a
** 32-bit or narrower integer it gives 0, from an f64 or to a 64-bit
** integer it gives the top bit alone (0x80000000, 0x8000000000000000),
** signed or not. Recorded on an H100: f32 to s32 and u32, f32 to s64,
** f64 to s32, s64 and u64; the other pairs are taken to follow them.
*/
static uint64_t f2i(double v, int bits, bool sgn, bool from_f64)
{
    if (isnan(v))
        return from_f64 || bits == 64 ? 1ULL << (bits - 1) : 0;
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

static bool is_fpt(uint8_t t)
{
    return ptx_type_is_float((enum ptx_type)t);
}

/* A float source as a double (exact), .ftz applied to f32. */
static double source_value(const struct kinst *ki, uint64_t a)
{
    uint8_t st = ki->m.type2;
    if (st == PT_F32)
        return (double)(ki->m.ftz ? f32_ftz(as_f32(a)) : as_f32(a));
    if (st == PT_F64)
        return as_f64(a);
    return sfp_to_double(a, fmt_of(st));
}

/* Integer to integer: sign- or zero-extend, truncate, clamp with .sat. */
static uint64_t int_to_int(const struct kinst *ki, uint64_t a)
{
    uint8_t dt = ki->m.type, st = ki->m.type2;
    int dbits = type_bits(dt), sbits = type_bits(st);
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

/* Conversions among f32, f64 and integers, on the host FPU in the
   current rounding mode. */
static uint64_t host_convert(const struct kinst *ki, uint64_t a)
{
    uint8_t dt = ki->m.type, st = ki->m.type2;
    int sbits = type_bits(st);
    const struct sfp_fmt *df = fmt_of(dt);
    if (is_fpt(st)) {
        double v = source_value(ki, a);
        if (ki->m.rnd >= RND_RNI && ki->m.rnd <= RND_RPI)
            v = round_integral(v, ki->m.rnd);
        if (dt == PT_F32) {
            float f = (float)v;     /* rounds in the current mode */
            if (ki->m.ftz)
                f = f32_ftz(f);
            uint64_t bits = f32_result(f);
            return ki->m.sat ? sfp_sat01(bits, df) : bits;
        }
        return ki->m.sat ? sfp_sat01(from_f64(v), df) : from_f64(v);
    }
    uint64_t bits;
    if (ptx_type_is_signed(st)) {
        int64_t v = (int64_t)sext(a, sbits);
        bits = dt == PT_F32 ? from_f32((float)v) : from_f64((double)v);
    } else {
        uint64_t v = a & bits_mask(sbits);
        bits = dt == PT_F32 ? from_f32((float)v) : from_f64((double)v);
    }
    return ki->m.sat ? sfp_sat01(bits, df) : bits;
}

/* Into f16 or bf16 (one half of a pair), rounded by softfp. */
static uint64_t to_half(const struct kinst *ki, uint8_t st, uint64_t a,
                        const struct sfp_fmt *df)
{
    uint8_t rnd = ki->m.rnd;
    uint64_t r;
    if (!is_fpt(st)) {
        r = sfp_from_int(ptx_type_is_signed(st) ? sext(a, type_bits(st))
                                                : a & bits_mask(type_bits(st)),
                         ptx_type_is_signed(st), df, sfp_mode(rnd));
    } else if (rnd >= RND_RNI && rnd <= RND_RPI) {
        double v = round_integral(sfp_to_double(a, fmt_of(st)), rnd);
        r = sfp_from_double(v, df, SFP_RN);          /* exact */
    } else {
        if (st == PT_F32 && ki->m.ftz)
            a = sfp_ftz(a, &sfp_f32);
        r = sfp_convert(a, fmt_of(st), df, sfp_mode(rnd));
    }
    if (ki->m.relu)
        r = sfp_relu(r, df);
    if (ki->m.satfinite)
        r = sfp_satfinite(r, df);
    return ki->m.sat ? sfp_sat01(r, df) : r;
}

static uint64_t cvt_lane(const struct kinst *ki, uint64_t a, uint64_t b)
{
    uint8_t dt = ki->m.type, st = ki->m.type2;
    if (ptx_type_is_half(st))
        a &= 0xffff;       /* a wider source register: its low half */
    if (!is_fpt(dt) && !is_fpt(st))
        return int_to_int(ki, a);
    if (!is_fpt(dt)) {
        double v = round_integral(source_value(ki, a), ki->m.rnd);
        return norm(f2i(v, type_bits(dt), ptx_type_is_signed(dt),
                        st == PT_F64), dt);
    }
    if (ptx_type_is_x2(dt))          /* cvt.rn.f16x2.f32 d, a, b: a high */
        return to_half(ki, st, a, fmt_of(dt)) << 16 |
               to_half(ki, st, b, fmt_of(dt));
    if (ptx_type_is_half(dt))
        return to_half(ki, st, a, fmt_of(dt));
    if (ptx_type_is_half(st)) {       /* widening to f32 or f64: exact */
        uint64_t r = sfp_convert(a, fmt_of(st), fmt_of(dt), SFP_RN);
        if (ki->m.rnd >= RND_RNI && ki->m.rnd <= RND_RPI)
            r = sfp_from_double(round_integral(sfp_to_double(r, fmt_of(dt)),
                                               ki->m.rnd),
                                fmt_of(dt), SFP_RN);
        if (dt == PT_F32 && ki->m.ftz)
            r = sfp_ftz(r, &sfp_f32);
        return ki->m.sat ? sfp_sat01(r, fmt_of(dt)) : r;
    }
    return host_convert(ki, a);
}

enum fx_status fx_cvt(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                      uint32_t m)
{
    lanes_t a, b, d;
    rd(x, w, &ki->s[0], a);
    if (ki->ns > 1)
        rd(x, w, &ki->s[1], b);
    else
        memset(b, 0, sizeof b);
    int mode = fe_mode(ki->m.rnd);
    if (mode != FE_TONEAREST)
        fesetround(mode);
    for (int l = 0; l < WS_WARP; l++)
        if (m >> l & 1)
            d[l] = cvt_lane(ki, a[l], b[l]);
    if (mode != FE_TONEAREST)
        fesetround(FE_TONEAREST);
    wr(w, &ki->d[0], d, m);
    return FX_OK;
}
