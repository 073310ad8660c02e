/*
** exec-internal.h - shared by the executor's files (exec*.c) only.
** Operands are read for all 32 lanes into uint64_t arrays (registers are
** zero-extended) and results written back under a lane mask, truncated to
** the destination register's width. Handlers compute in 64 bits and return
** results sign-extended for signed types, zero-extended otherwise.
*/
#ifndef WS_EXEC_INTERNAL_H
#define WS_EXEC_INTERNAL_H
#include <fenv.h>
#include <math.h>
#include <string.h>
#include "func/exec.h"
#include "util/bits.h"
#include "util/softfp.h"

typedef uint64_t lanes_t[WS_WARP];

/* A handler executes ki for the lanes in m (active and guard true). */
typedef enum fx_status (*fx_handler)(struct fctx *x, struct fwarp *w,
                                     const struct kinst *ki, uint32_t m);

/* Integer, bit and selection instructions (exec-int.c). */
enum fx_status fx_int(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                      uint32_t m);
/* f32 and f64 arithmetic (exec-float.c). */
enum fx_status fx_float(struct fctx *x, struct fwarp *w,
                        const struct kinst *ki, uint32_t m);
/* f16 and bf16 arithmetic, scalar and packed (exec-half.c). */
enum fx_status fx_half(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                       uint32_t m);
/* cvt (exec-cvt.c). */
enum fx_status fx_cvt(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                      uint32_t m);
/* dp4a, dp2a and the video instructions (exec-video.c). */
enum fx_status fx_video(struct fctx *x, struct fwarp *w,
                        const struct kinst *ki, uint32_t m);
/* setp and set on every type (exec-cmp.c). */
enum fx_status fx_setp(struct fctx *x, struct fwarp *w,
                       const struct kinst *ki, uint32_t m);
/* Loads, stores and atomics (exec-mem.c). */
enum fx_status fx_mem(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                      uint32_t m);
enum fx_status fx_atom(struct fctx *x, struct fwarp *w,
                       const struct kinst *ki, uint32_t m);

/* The whole-warp paths of common instructions, tried before an opcode's
   general handler (exec.c's fast[], not when x->general_only): true when
   done, with the same results as the general handler; false otherwise. */
typedef bool (*fx_fast_fn)(struct fctx *x, struct fwarp *w,
                           const struct kinst *ki, uint32_t m);

/* 32-bit ld/st between registers and memory, and ld.param (exec-mem.c). */
bool fx_fast_mem(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                 uint32_t m);
/* Common arithmetic that exec-fast.c handles. */
bool fx_fast_alu(struct fctx *x, struct fwarp *w,
                 const struct kinst *ki, uint32_t m);
/* mov between 32-bit registers and immediates. */
bool fx_fast_mov(struct fctx *x, struct fwarp *w,
                 const struct kinst *ki, uint32_t m);
/* cvt between integer types without .sat. */
bool fx_fast_cvt(struct fctx *x, struct fwarp *w,
                 const struct kinst *ki, uint32_t m);
/* cvta between global memory and the generic space (whose window of
   global memory starts at 0) on 64-bit registers. */
bool fx_fast_cvta(struct fctx *x, struct fwarp *w,
                  const struct kinst *ki, uint32_t m);
/* setp on 32-bit integers and f32. */
bool fx_fast_setp(struct fctx *x, struct fwarp *w,
                  const struct kinst *ki, uint32_t m);

#ifdef WS_AVX2
/* The same built with AVX2, FMA and BMI (exec-fast-avx2.c,
   exec-mem-avx2.c), which exec.c calls instead where the host has them. */
enum fx_status fx_mem_avx2(struct fctx *x, struct fwarp *w,
                           const struct kinst *ki, uint32_t m);
enum fx_status fx_atom_avx2(struct fctx *x, struct fwarp *w,
                            const struct kinst *ki, uint32_t m);
bool fx_fast_mem_avx2(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                      uint32_t m);
bool fx_fast_alu_avx2(struct fctx *x, struct fwarp *w,
                      const struct kinst *ki, uint32_t m);
bool fx_fast_mov_avx2(struct fctx *x, struct fwarp *w,
                      const struct kinst *ki, uint32_t m);
bool fx_fast_cvt_avx2(struct fctx *x, struct fwarp *w,
                      const struct kinst *ki, uint32_t m);
bool fx_fast_cvta_avx2(struct fctx *x, struct fwarp *w,
                       const struct kinst *ki, uint32_t m);
bool fx_fast_setp_avx2(struct fctx *x, struct fwarp *w,
                       const struct kinst *ki, uint32_t m);
#endif

/* The special register o for every lane into v (exec-env.c). */
void fx_read_sreg(const struct fctx *x, const struct fwarp *w,
                  const struct kop *o, uint64_t *v);

/* Writes " at name.cu:LINE" (the CUDA source line of `in`, from .loc) to
   buf, or "" when the PTX has no line information; for error messages
   (exec-env.c). */
void fx_cuda_at(const struct kimage *k, const struct ptx_inst *in, char *buf,
                size_t n);
/* Reports a fault of `lane` at instruction ki (exec-env.c). */
enum fx_status fx_fault(struct fctx *x, const struct fwarp *w,
                        const struct kinst *ki, int lane, const char *fmt,
                        ...) __attribute__((format(printf, 5, 6)));

static inline int type_bits(uint8_t t)
{
    return (int)ptx_type_size((enum ptx_type)t) * 8;
}

static inline uint64_t bits_mask(int bits)
{
    return bits >= 64 ? UINT64_MAX : ((1ULL << bits) - 1);
}

/* Sign-extends the low `bits` bits of v. */
static inline uint64_t sext(uint64_t v, int bits)
{
    if (bits >= 64)
        return v;
    uint64_t s = 1ULL << (bits - 1);
    v &= bits_mask(bits);
    return (v ^ s) - s;
}

/* Normalises a result of type t: sign-extend signed, zero-extend others. */
static inline uint64_t norm(uint64_t v, uint8_t t)
{
    int b = type_bits(t);
    return ptx_type_is_signed((enum ptx_type)t) ? sext(v, b)
                                                : v & bits_mask(b);
}

/* Bit l of a lane mask by table, for loops that the compiler vectorises
   (a shift by the lane number is no vector operation on the baseline
   x86-64); exec-env.c. */
extern const uint32_t fx_lane_bit[WS_WARP];

/* A register's row(s) of 32-bit slots as 64-bit lanes, and back under a
   lane mask (an active lane's slot gets the value's bits in keep, the
   rest zero; an inactive lane's is left as it was). The rows and the
   lanes are different memory (restrict), which lets the compiler
   vectorise the loops (the project is built with -fno-strict-aliasing). */
static inline void row_to_lanes(uint64_t *restrict v,
                                const uint32_t *restrict lo,
                                const uint32_t *restrict hi)
{
    if (!hi) {
        /* four lanes per iteration: gcc -O2 does not always vectorise it */
        for (int l = 0; l < WS_WARP; l += 4) {
            v[l] = lo[l];
            v[l + 1] = lo[l + 1];
            v[l + 2] = lo[l + 2];
            v[l + 3] = lo[l + 3];
        }
    } else {
        for (int l = 0; l < WS_WARP; l++)
            v[l] = lo[l] | (uint64_t)hi[l] << 32;
    }
}

static inline void lanes_to_row(uint32_t *restrict r,
                                const uint64_t *restrict v, int shift,
                                uint32_t keep, uint32_t m)
{
    for (int l = 0; l < WS_WARP; l++) {
        uint32_t k = (m & fx_lane_bit[l]) ? 0xffffffffu : 0;
        r[l] = ((uint32_t)(v[l] >> shift) & keep & k) | (r[l] & ~k);
    }
}

static inline void rd(const struct fctx *x, const struct fwarp *w,
                      const struct kop *o, uint64_t *v)
{
    switch (o->kind) {
    case KO_REG: {
        const uint32_t *r = w->r + (size_t)o->slot * WS_WARP;
        row_to_lanes(v, r, o->nslot == 1 ? NULL : r + WS_WARP);
        break;
    }
    case KO_IMM:
        for (int l = 0; l < WS_WARP; l++)
            v[l] = o->imm;
        break;
    case KO_PRED: {
        uint32_t p = w->p[o->slot];
        if (o->neg)
            p = ~p;
        for (int l = 0; l < WS_WARP; l++)
            v[l] = (p & fx_lane_bit[l]) != 0;
        break;
    }
    case KO_SREG:
        fx_read_sreg(x, w, o, v);
        break;
    default:
        memset(v, 0, sizeof(lanes_t));
        break;
    }
}

/* A predicate operand as a lane mask. */
static inline uint32_t rd_pred(const struct fwarp *w, const struct kop *o)
{
    if (o->kind == KO_IMM)
        return o->imm ? 0xffffffffu : 0;
    uint32_t p = w->p[o->slot];
    return o->neg ? ~p : p;
}

static inline void wr_pred(struct fwarp *w, const struct kop *o, uint32_t v,
                           uint32_t m)
{
    if (o->kind == KO_PRED)
        w->p[o->slot] = (w->p[o->slot] & ~m) | (v & m);
}

/* A comparison's lane bits r combined with setp/set's optional predicate
   (.and/.or/.xor); *q gets the complement combined the same way. */
static inline uint32_t setp_combine(const struct fwarp *w,
                                    const struct kinst *ki, uint32_t r,
                                    uint32_t *q)
{
    uint32_t c = ki->m.bop ? rd_pred(w, &ki->s[2]) : 0;
    uint32_t p = r;
    *q = ~r;
    switch (ki->m.bop) {
    case BOP_AND: p &= c; *q &= c; break;
    case BOP_OR: p |= c; *q |= c; break;
    case BOP_XOR: p ^= c; *q ^= c; break;
    default: break;
    }
    return p;
}

static inline void wr_slot(struct fwarp *w, int32_t slot, int nslot,
                           int bytes, const uint64_t *v, uint32_t m)
{
    uint32_t *r = w->r + (size_t)slot * WS_WARP;
    uint32_t keep = bytes >= 4 ? 0xffffffffu : (uint32_t)bits_mask(bytes * 8);
    lanes_to_row(r, v, 0, keep, m);
    if (nslot == 2)
        lanes_to_row(r + WS_WARP, v, 32, 0xffffffffu, m);
}

/* x in the lanes of m of row r, the others kept (lanes_to_row of one
   value). */
static inline void row_fill(uint32_t *restrict r, uint32_t x, uint32_t m)
{
    for (int l = 0; l < WS_WARP; l++) {
        uint32_t k = (m & fx_lane_bit[l]) ? 0xffffffffu : 0;
        r[l] = (x & k) | (r[l] & ~k);
    }
}

/* Writes r to d in the lanes of m (d and r are different rows). Not
   inlined: inlined, its copy keeps gcc from vectorising the callers'
   loops that fill r. A copy in each file that uses it. */
__attribute__((noinline, unused)) static void
put32(uint32_t *restrict d, const uint32_t *restrict r, uint32_t m)
{
    if (m == 0xffffffffu) {
        for (int l = 0; l < WS_WARP; l++)
            d[l] = r[l];
        return;
    }
    for (int l = 0; l < WS_WARP; l++) {
        uint32_t k = (m & fx_lane_bit[l]) ? 0xffffffffu : 0;
        d[l] = (r[l] & k) | (d[l] & ~k);
    }
}

static inline void wr(struct fwarp *w, const struct kop *o, const uint64_t *v,
                      uint32_t m)
{
    if (o->kind == KO_REG) {
        wr_slot(w, o->slot, o->nslot, o->bytes, v, m);
    } else if (o->kind == KO_PRED) {
        uint32_t bits = 0;
        for (int l = 0; l < WS_WARP; l++)
            bits |= v[l] != 0 ? fx_lane_bit[l] : 0;
        wr_pred(w, o, bits, m);
    }
}

/* wr of the same value v in every lane (a kernel parameter, the active
   mask): a register's rows filled without 32 lanes made and split. */
static inline void wr_same(struct fwarp *w, const struct kop *o, uint64_t v,
                           uint32_t m)
{
    if (o->kind != KO_REG) {
        lanes_t val;
        for (int l = 0; l < WS_WARP; l++)
            val[l] = v;
        wr(w, o, val, m);
        return;
    }
    uint32_t *r = w->r + (size_t)o->slot * WS_WARP;
    uint32_t keep = o->bytes >= 4 ? 0xffffffffu
                                  : (uint32_t)bits_mask(o->bytes * 8);
    row_fill(r, (uint32_t)v & keep, m);
    if (o->nslot == 2)
        row_fill(r + WS_WARP, (uint32_t)(v >> 32), m);
}

static inline float as_f32(uint64_t v)
{
    uint32_t b = (uint32_t)v;
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static inline double as_f64(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}

static inline uint64_t from_f32(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static inline uint64_t from_f64(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

/* .ftz: a subnormal f32 becomes a zero of the same sign. */
static inline float f32_ftz(float f)
{
    return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

/* An f32 result as the GPU writes it: any NaN is the canonical one. */
static inline uint64_t f32_result(float f)
{
    return isnan(f) ? 0x7fffffffu : from_f32(f);
}

/* The host rounding mode of a rounding modifier (round to nearest for
   none and for the round-to-integer modifiers, which are applied apart). */
static inline int fe_mode(uint8_t rnd)
{
    switch (rnd) {
    case RND_RZ: return FE_TOWARDZERO;
    case RND_RM: return FE_DOWNWARD;
    case RND_RP: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

/* The same for util/softfp.c. */
static inline enum sfp_rnd sfp_mode(uint8_t rnd)
{
    switch (rnd) {
    case RND_RZ: return SFP_RZ;
    case RND_RM: return SFP_RM;
    case RND_RP: return SFP_RP;
    default: return SFP_RN;
    }
}

/* The format of a floating-point type (the halves' for f16x2, bf16x2). */
static inline const struct sfp_fmt *fmt_of(uint8_t t)
{
    switch (t) {
    case PT_F16: case PT_F16X2: return &sfp_f16;
    case PT_BF16: case PT_BF16X2: return &sfp_bf16;
    case PT_F64: return &sfp_f64;
    default: return &sfp_f32;
    }
}

/*
** min and max: -0 orders below +0 and a NaN operand is ignored, unless
** both are NaN or .NaN is given (then the result is NaN). Returns 0 for
** a, 1 for b, 2 for NaN.
*/
static inline int fx_minmax(double a, double b, bool is_max, bool nan_mode)
{
    if (isnan(a) || isnan(b)) {
        if (nan_mode || (isnan(a) && isnan(b)))
            return 2;
        return isnan(a) ? 1 : 0;
    }
    if (a == b && signbit(a) != signbit(b))
        return (signbit(a) != 0) == is_max;   /* pick the other zero */
    if (a == b)
        return 0;
    return is_max ? (a > b ? 0 : 1) : (a < b ? 0 : 1);
}

#endif
