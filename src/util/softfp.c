/*
** softfp.c - IEEE binary floating point computed with integers (see
** softfp.h). A finite value is unpacked to sig * 2^exp with an integer
** significand; sums are formed exactly in 128 bits, where a far smaller
** addend collapses into a sticky bit below the rounding position, and
** products of the supported formats fit exactly. round_pack() is the one
** place that rounds: it finds the result's last kept bit (the subnormal
** range included), rounds the rest away in the requested direction and
** encodes the result, overflowing to infinity or the largest finite
** value as IEEE 754 prescribes for the rounding direction.
*/
#include "util/softfp.h"
#include <string.h>

typedef unsigned __int128 u128;

const struct sfp_fmt sfp_f16 = { 5, 10 };
const struct sfp_fmt sfp_bf16 = { 8, 7 };
const struct sfp_fmt sfp_f32 = { 8, 23 };
const struct sfp_fmt sfp_f64 = { 11, 52 };

enum { C_ZERO, C_FINITE, C_INF, C_NAN };

/* A value: zero, sig * 2^exp (sig > 0), infinity or NaN. */
struct unp {
    int cls;
    bool neg;
    int32_t exp;
    u128 sig;
};

static uint64_t emask(const struct sfp_fmt *f)
{
    return (1ULL << f->ebits) - 1;
}

static uint64_t mmask(const struct sfp_fmt *f)
{
    return (1ULL << f->mbits) - 1;
}

static int32_t bias(const struct sfp_fmt *f)
{
    return (1 << (f->ebits - 1)) - 1;
}

static uint64_t sign_bit(const struct sfp_fmt *f)
{
    return 1ULL << (f->ebits + f->mbits);
}

static uint64_t expo(uint64_t v, const struct sfp_fmt *f)
{
    return (v >> f->mbits) & emask(f);
}

uint64_t sfp_nan(const struct sfp_fmt *f)
{
    return (emask(f) << f->mbits) | mmask(f);
}

uint64_t sfp_max_finite(const struct sfp_fmt *f, bool negative)
{
    return ((emask(f) - 1) << f->mbits) | mmask(f) |
           (negative ? sign_bit(f) : 0);
}

bool sfp_isnan(uint64_t v, const struct sfp_fmt *f)
{
    return expo(v, f) == emask(f) && (v & mmask(f));
}

bool sfp_isinf(uint64_t v, const struct sfp_fmt *f)
{
    return expo(v, f) == emask(f) && !(v & mmask(f));
}

bool sfp_iszero(uint64_t v, const struct sfp_fmt *f)
{
    return (v & (sign_bit(f) - 1)) == 0;
}

bool sfp_issubnormal(uint64_t v, const struct sfp_fmt *f)
{
    return expo(v, f) == 0 && (v & mmask(f));
}

bool sfp_signbit(uint64_t v, const struct sfp_fmt *f)
{
    return (v & sign_bit(f)) != 0;
}

uint64_t sfp_ftz(uint64_t v, const struct sfp_fmt *f)
{
    return sfp_issubnormal(v, f) ? v & sign_bit(f) : v;
}

/* 1.0 in format f. */
static uint64_t one(const struct sfp_fmt *f)
{
    return (uint64_t)bias(f) << f->mbits;
}

uint64_t sfp_sat01(uint64_t v, const struct sfp_fmt *f)
{
    if (sfp_isnan(v, f) || sfp_signbit(v, f))
        return 0;
    return v > one(f) ? one(f) : v;      /* positive bits order by value */
}

uint64_t sfp_relu(uint64_t v, const struct sfp_fmt *f)
{
    if (sfp_isnan(v, f))
        return sfp_nan(f);
    return sfp_signbit(v, f) ? 0 : v;
}

uint64_t sfp_satfinite(uint64_t v, const struct sfp_fmt *f)
{
    if (sfp_isnan(v, f))
        return sfp_nan(f);
    if (sfp_isinf(v, f))
        return sfp_max_finite(f, sfp_signbit(v, f));
    return v;
}

static struct unp unpack(uint64_t v, const struct sfp_fmt *f)
{
    struct unp u = { C_ZERO, sfp_signbit(v, f), 0, 0 };
    uint64_t e = expo(v, f), m = v & mmask(f);
    if (e == emask(f)) {
        u.cls = m ? C_NAN : C_INF;
    } else if (e == 0) {
        if (m) {
            u.cls = C_FINITE;
            u.sig = m;
            u.exp = 1 - bias(f) - f->mbits;
        }
    } else {
        u.cls = C_FINITE;
        u.sig = m | (1ULL << f->mbits);
        u.exp = (int32_t)e - bias(f) - f->mbits;
    }
    return u;
}

/* Index of the highest set bit of x (x > 0). */
static int msb(u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    if (hi)
        return 127 - __builtin_clzll(hi);
    return 63 - __builtin_clzll((uint64_t)x);
}

/* Whether the part rounded away (rem of a unit `half * 2`, plus sticky
   bits below it) makes q round up. */
static bool round_up(u128 rem, u128 half, bool sticky, uint64_t q, bool neg,
                     enum sfp_rnd rnd)
{
    bool inexact = rem != 0 || sticky;
    switch (rnd) {
    case SFP_RZ: return false;
    case SFP_RM: return neg && inexact;
    case SFP_RP: return !neg && inexact;
    default:
        if (rem != half)
            return rem > half;
        return sticky || (q & 1);     /* a tie goes to even */
    }
}

static uint64_t overflow(bool neg, const struct sfp_fmt *f, enum sfp_rnd rnd)
{
    bool to_inf = rnd == SFP_RN || (rnd == SFP_RP && !neg) ||
                  (rnd == SFP_RM && neg);
    if (to_inf)
        return (emask(f) << f->mbits) | (neg ? sign_bit(f) : 0);
    return sfp_max_finite(f, neg);
}

/* Rounds sig * 2^exp (sig > 0, below 2^126) to format f. */
static uint64_t round_pack(bool neg, int32_t exp, u128 sig,
                           const struct sfp_fmt *f, enum sfp_rnd rnd)
{
    int32_t emin = 1 - bias(f), emax = bias(f);
    int32_t lead = exp + msb(sig);           /* exponent of the top bit */
    int32_t lsb = (lead < emin ? emin : lead) - f->mbits;
    int32_t shift = lsb - exp;               /* bits below the last kept */
    uint64_t q;
    if (shift <= 0) {
        q = (uint64_t)(sig << -shift);       /* exact */
    } else if (shift >= 127) {
        q = round_up(1, (u128)1 << 126, false, 0, neg, rnd);
    } else {
        u128 rem = sig & (((u128)1 << shift) - 1);
        q = (uint64_t)(sig >> shift);
        q += round_up(rem, (u128)1 << (shift - 1), false, q, neg, rnd);
    }
    uint64_t s = neg ? sign_bit(f) : 0;
    if (q >> (f->mbits + 1)) {               /* rounded up a binade */
        q >>= 1;
        lsb++;
    }
    if (!(q >> f->mbits))                    /* subnormal or zero */
        return s | q;
    int32_t e = lsb + f->mbits;
    if (e > emax)
        return overflow(neg, f, rnd);
    return s | ((uint64_t)(e + bias(f)) << f->mbits) | (q & mmask(f));
}

uint64_t sfp_round(bool negative, int32_t exp, uint64_t sig,
                   const struct sfp_fmt *f, enum sfp_rnd rnd)
{
    if (sig == 0)
        return negative ? sign_bit(f) : 0;
    return round_pack(negative, exp, sig, f, rnd);
}

static uint64_t pack_unp(const struct unp *u, const struct sfp_fmt *f,
                         enum sfp_rnd rnd)
{
    uint64_t s = u->neg ? sign_bit(f) : 0;
    switch (u->cls) {
    case C_ZERO: return s;
    case C_INF: return s | (emask(f) << f->mbits);
    case C_NAN: return sfp_nan(f);
    default: return round_pack(u->neg, u->exp, u->sig, f, rnd);
    }
}

uint64_t sfp_convert(uint64_t v, const struct sfp_fmt *from,
                     const struct sfp_fmt *to, enum sfp_rnd rnd)
{
    struct unp u = unpack(v, from);
    return pack_unp(&u, to, rnd);
}

uint64_t sfp_from_int(uint64_t v, bool is_signed, const struct sfp_fmt *to,
                      enum sfp_rnd rnd)
{
    bool neg = is_signed && (v >> 63);
    return sfp_round(neg, 0, neg ? 0 - v : v, to, rnd);
}

double sfp_to_double(uint64_t v, const struct sfp_fmt *f)
{
    uint64_t b = sfp_convert(v, f, &sfp_f64, SFP_RN);
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

uint64_t sfp_from_double(double d, const struct sfp_fmt *to,
                         enum sfp_rnd rnd)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return sfp_convert(b, &sfp_f64, to, rnd);
}

/* The exact sum of two unpacked values, not yet rounded. */
static struct unp add_unp(struct unp x, struct unp y, enum sfp_rnd rnd)
{
    struct unp r = { C_NAN, false, 0, 0 };
    if (x.cls == C_NAN || y.cls == C_NAN)
        return r;
    if (x.cls == C_INF || y.cls == C_INF) {
        if (x.cls == C_INF && y.cls == C_INF && x.neg != y.neg)
            return r;                        /* inf - inf */
        return x.cls == C_INF ? x : y;
    }
    if (x.cls == C_ZERO && y.cls == C_ZERO) {
        r.cls = C_ZERO;                      /* -0 only if both are, or RM */
        r.neg = x.neg == y.neg ? x.neg : rnd == SFP_RM;
        return r;
    }
    if (x.cls == C_ZERO)
        return y;
    if (y.cls == C_ZERO)
        return x;
    /* Align both on an exponent low enough that the larger operand keeps
       all its bits with room below; a far smaller one becomes sticky. */
    if (x.exp < y.exp) {
        struct unp t = x;
        x = y;
        y = t;
    }
    int nb = msb(x.sig > y.sig ? x.sig : y.sig) + 1;
    int32_t e0 = x.exp - (125 - nb);
    u128 X = x.sig << (x.exp - e0), Y;
    int32_t d = y.exp - e0;
    if (d >= 0) {
        Y = y.sig << d;
    } else if (d > -126) {
        u128 lost = y.sig & (((u128)1 << -d) - 1);
        Y = (y.sig >> -d) | (lost != 0);
    } else {
        Y = 1;
    }
    r.cls = C_FINITE;
    r.exp = e0;
    if (x.neg == y.neg) {
        r.sig = X + Y;
        r.neg = x.neg;
    } else if (X >= Y) {
        r.sig = X - Y;
        r.neg = x.neg;
    } else {
        r.sig = Y - X;
        r.neg = y.neg;
    }
    if (r.sig == 0) {                        /* exact cancellation */
        r.cls = C_ZERO;
        r.neg = rnd == SFP_RM;
    }
    return r;
}

/* The exact product of two unpacked values. */
static struct unp mul_unp(struct unp x, struct unp y)
{
    struct unp r = { C_NAN, x.neg != y.neg, 0, 0 };
    if (x.cls == C_NAN || y.cls == C_NAN)
        return r;
    if (x.cls == C_INF || y.cls == C_INF) {
        if (x.cls != C_ZERO && y.cls != C_ZERO)
            r.cls = C_INF;                   /* else inf * 0: NaN */
        return r;
    }
    if (x.cls == C_ZERO || y.cls == C_ZERO) {
        r.cls = C_ZERO;
        return r;
    }
    r.cls = C_FINITE;
    r.exp = x.exp + y.exp;
    r.sig = x.sig * y.sig;
    return r;
}

uint64_t sfp_add(uint64_t a, uint64_t b, const struct sfp_fmt *f,
                 enum sfp_rnd rnd)
{
    struct unp r = add_unp(unpack(a, f), unpack(b, f), rnd);
    return pack_unp(&r, f, rnd);
}

uint64_t sfp_mul(uint64_t a, uint64_t b, const struct sfp_fmt *f,
                 enum sfp_rnd rnd)
{
    struct unp r = mul_unp(unpack(a, f), unpack(b, f));
    return pack_unp(&r, f, rnd);
}

uint64_t sfp_fma(uint64_t a, uint64_t b, uint64_t c, const struct sfp_fmt *f,
                 enum sfp_rnd rnd)
{
    struct unp p = mul_unp(unpack(a, f), unpack(b, f));
    struct unp r = add_unp(p, unpack(c, f), rnd);
    return pack_unp(&r, f, rnd);
}
