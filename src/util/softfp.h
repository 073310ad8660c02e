/*
** softfp.h - IEEE binary floating point computed with integers.
** The GPU's half-precision formats (f16, bf16) have no portable host type,
** so their arithmetic and every conversion into or out of them is done
** here on bit patterns: operands are unpacked into exact integer
** significands, the exact result is formed, and one rounding step gives
** the nearest (or directed) representable value. Results therefore never
** depend on the host FPU, its rounding mode or its half-precision support.
** The same rounding works for f32 and f64 (used where a value must be
** rounded to a precision the host has no type for). NaN results are the
** canonical NaN of the format, as NVIDIA GPUs produce: sign clear,
** exponent and mantissa all ones (0x7fff for f16 and bf16).
*/
#ifndef WS_SOFTFP_H
#define WS_SOFTFP_H
#include <stdbool.h>
#include <stdint.h>

/* A binary format: exponent bits and stored mantissa bits (the sign is
   the bit above them). */
struct sfp_fmt {
    uint8_t ebits, mbits;
};

extern const struct sfp_fmt sfp_f16, sfp_bf16, sfp_f32, sfp_f64;

enum sfp_rnd { SFP_RN, SFP_RZ, SFP_RM, SFP_RP };

/* The canonical NaN, largest finite value and class tests of format f. */
uint64_t sfp_nan(const struct sfp_fmt *f);
uint64_t sfp_max_finite(const struct sfp_fmt *f, bool negative);
bool sfp_isnan(uint64_t v, const struct sfp_fmt *f);
bool sfp_isinf(uint64_t v, const struct sfp_fmt *f);
bool sfp_iszero(uint64_t v, const struct sfp_fmt *f);
bool sfp_issubnormal(uint64_t v, const struct sfp_fmt *f);
bool sfp_signbit(uint64_t v, const struct sfp_fmt *f);

/* v with a subnormal replaced by a zero of the same sign (.ftz). */
uint64_t sfp_ftz(uint64_t v, const struct sfp_fmt *f);

/*
** The result modifiers of GPU arithmetic on a result v of format f:
** .sat clamps to [+0, 1] (NaN and -0 give +0), .relu replaces a negative
** value (-0 included) by +0 and a NaN by the canonical NaN, .satfinite
** replaces an infinity by the largest finite value of its sign and a NaN
** by the canonical NaN.
*/
uint64_t sfp_sat01(uint64_t v, const struct sfp_fmt *f);
uint64_t sfp_relu(uint64_t v, const struct sfp_fmt *f);
uint64_t sfp_satfinite(uint64_t v, const struct sfp_fmt *f);

/*
** v of format `from` rounded to format `to` (exact when `to` is wider).
** A NaN becomes the canonical NaN of `to`.
*/
uint64_t sfp_convert(uint64_t v, const struct sfp_fmt *from,
                     const struct sfp_fmt *to, enum sfp_rnd rnd);

/* The integer v (signed: its two's complement value) rounded to `to`. */
uint64_t sfp_from_int(uint64_t v, bool is_signed, const struct sfp_fmt *to,
                      enum sfp_rnd rnd);

/* The exact value of v as a double (f must be no wider than f64), and a
   double rounded to format `to`. */
double sfp_to_double(uint64_t v, const struct sfp_fmt *f);
uint64_t sfp_from_double(double d, const struct sfp_fmt *to,
                         enum sfp_rnd rnd);

/*
** Correctly rounded a + b, a * b and a * b + c (one rounding) in format f,
** with the IEEE rules for zeros, infinities and invalid operations. f is
** f16, bf16 or f32 (the significand product must fit the intermediate).
*/
uint64_t sfp_add(uint64_t a, uint64_t b, const struct sfp_fmt *f,
                 enum sfp_rnd rnd);
uint64_t sfp_mul(uint64_t a, uint64_t b, const struct sfp_fmt *f,
                 enum sfp_rnd rnd);
uint64_t sfp_fma(uint64_t a, uint64_t b, uint64_t c, const struct sfp_fmt *f,
                 enum sfp_rnd rnd);

/*
** The exact value sig * 2^exp (negative if `negative`)
** rounded to format f: the one rounding step every function above ends
** with, for callers that form an exact value themselves.
*/
uint64_t sfp_round(bool negative, int32_t exp, uint64_t sig,
                   const struct sfp_fmt *f, enum sfp_rnd rnd);

#endif
