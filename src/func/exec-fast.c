/*
** exec-fast.c - the common arithmetic of compiled kernels on whole warps.
** Most instructions nvcc emits are plain 32-bit integer and f32 arithmetic
** and 64-bit address arithmetic on registers and immediates (and some
** 16-bit integer arithmetic, for packed bytes and halves). This file
** executes those directly on the 32-bit register slots, one simple loop
** per operation that the compiler can vectorise, instead of going through
** the general per-lane handlers (exec-int.c, exec-float.c). It must give
** bit-identical results to them; anything it does not handle (carry,
** saturation, flush-to-zero, directed rounding, 8-bit and half types,
** special registers...) it declines, and the general handler runs.
*/
#include "func/exec-internal.h"
#include <math.h>

static inline float f32_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* The result's bits, NaNs replaced by the canonical NaN. */
static inline uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return f != f ? 0x7fffffffu : u;
}

/* A source of `bytes` (4, or 2 for a 16-bit register, whose slots hold
   the value zero-extended): its register's slot row, or an immediate
   cut to that width broadcast into tmp; NULL when the operand is
   anything else. */
static inline __attribute__((always_inline)) const uint32_t *
src_n(const struct fwarp *w, const struct kop *o, uint32_t *tmp,
      unsigned bytes)
{
    if (o->kind == KO_REG && o->nslot == 1 && o->bytes == bytes)
        return w->r + (size_t)o->slot * WS_WARP;
    if (o->kind == KO_IMM) {
        uint32_t v = (uint32_t)o->imm & (uint32_t)bits_mask(8 * bytes);
        for (int l = 0; l < WS_WARP; l++)
            tmp[l] = v;
        return tmp;
    }
    return NULL;
}

static const uint32_t *src32(const struct fwarp *w, const struct kop *o,
                             uint32_t *tmp)
{
    return src_n(w, o, tmp, 4);
}

/* A 64-bit source gathered from its register pair, or an immediate. */
static bool src64(const struct fwarp *w, const struct kop *o, uint64_t *v)
{
    if (o->kind == KO_REG && o->nslot == 2) {
        const uint32_t *lo = w->r + (size_t)o->slot * WS_WARP;
        row_to_lanes(v, lo, lo + WS_WARP);
        return true;
    }
    if (o->kind == KO_IMM) {
        for (int l = 0; l < WS_WARP; l++)
            v[l] = o->imm;
        return true;
    }
    return false;
}

static uint32_t *dst_n(struct fwarp *w, const struct kop *o, unsigned bytes)
{
    if (o->kind == KO_REG && o->nslot == 1 && o->bytes == bytes)
        return w->r + (size_t)o->slot * WS_WARP;
    return NULL;
}

static uint32_t *dst32(struct fwarp *w, const struct kop *o)
{
    return dst_n(w, o, 4);
}


static bool put64(struct fwarp *w, const struct kop *o,
                  const uint64_t *restrict r, uint32_t m)
{
    if (o->kind != KO_REG || o->nslot != 2 || o->bytes != 8)
        return false;
    uint32_t *restrict lo = w->r + (size_t)o->slot * WS_WARP;
    uint32_t *restrict hi = lo + WS_WARP;
    for (int l = 0; l < WS_WARP; l++) {
        uint32_t k = (m & fx_lane_bit[l]) ? 0xffffffffu : 0;
        lo[l] = ((uint32_t)r[l] & k) | (lo[l] & ~k);
        hi[l] = ((uint32_t)(r[l] >> 32) & k) | (hi[l] & ~k);
    }
    return true;
}

/* A 64-bit source's low and high words as two rows: its register's
   slot rows, or an immediate's words spread over tlo and thi. */
static bool src64_rows(const struct fwarp *w, const struct kop *o,
                       uint32_t *tlo, uint32_t *thi, const uint32_t **lo,
                       const uint32_t **hi)
{
    if (o->kind == KO_REG && o->nslot == 2) {
        *lo = w->r + (size_t)o->slot * WS_WARP;
        *hi = *lo + WS_WARP;
        return true;
    }
    if (o->kind == KO_IMM) {
        for (int l = 0; l < WS_WARP; l++) {
            tlo[l] = (uint32_t)o->imm;
            thi[l] = (uint32_t)(o->imm >> 32);
        }
        *lo = tlo;
        *hi = thi;
        return true;
    }
    return false;
}

/* Writes a 64-bit result given as its low and high words to d's slot
   rows in the lanes of m. */
static bool put64_rows(struct fwarp *w, const struct kop *o,
                       const uint32_t *rlo, const uint32_t *rhi, uint32_t m)
{
    if (o->kind != KO_REG || o->nslot != 2 || o->bytes != 8)
        return false;
    uint32_t *lo = w->r + (size_t)o->slot * WS_WARP;
    put32(lo, rlo, m);
    put32(lo + WS_WARP, rhi, m);
    return true;
}

static bool int32_type(uint8_t t)
{
    return t == PT_B32 || t == PT_U32 || t == PT_S32;
}

static bool int16_type(uint8_t t)
{
    return t == PT_B16 || t == PT_U16 || t == PT_S16;
}

static bool int64_type(uint8_t t)
{
    return t == PT_B64 || t == PT_U64 || t == PT_S64;
}

/* prmt.b32 with an immediate selector (how nvcc packs bytes): each result
   byte is the same byte of {b, a}, or its sign, in every lane. */
static void prmt_lanes(uint32_t *restrict r, const uint32_t *a,
                       const uint32_t *b, uint32_t c)
{
    for (int l = 0; l < WS_WARP; l++)
        r[l] = 0;
    for (int i = 0; i < 4; i++) {
        unsigned sel = (c >> (4 * i)) & 0xf;
        const uint32_t *src = (sel & 4) ? b : a;
        int sh = 8 * (int)(sel & 3);
        if (sel & 8)
            for (int l = 0; l < WS_WARP; l++)
                r[l] |= ((0u - (src[l] >> (sh + 7) & 1)) & 0xffu) << (8 * i);
        else
            for (int l = 0; l < WS_WARP; l++)
                r[l] |= (src[l] >> sh & 0xffu) << (8 * i);
    }
}

/* shl/shr by an immediate: the same amount in every lane, which is a
   vector shift (a per-lane amount is not, on the baseline x86-64). */
static void shift_imm(uint32_t *restrict r, const uint32_t *a, bool left,
                      bool arith, uint32_t n)
{
    if (arith) {
        int k = n >= 32 ? 31 : (int)n;
        for (int l = 0; l < WS_WARP; l++)
            r[l] = (uint32_t)((int32_t)a[l] >> k);
    } else if (n >= 32) {
        for (int l = 0; l < WS_WARP; l++)
            r[l] = 0;
    } else if (left) {
        for (int l = 0; l < WS_WARP; l++)
            r[l] = a[l] << n;
    } else {
        for (int l = 0; l < WS_WARP; l++)
            r[l] = a[l] >> n;
    }
}

/*
** 32-bit integer operations on registers and immediates, and 16-bit ones
** on 16-bit registers: in 32 bits on the zero-extended values (sign-
** extended where the signedness matters: shr, min, max), the result cut
** to 16 bits. A shift's amount is a 32-bit operand either way.
*/
static inline __attribute__((always_inline)) bool
int_op(struct fwarp *w, const struct kinst *ki, uint32_t m, unsigned n)
{
    uint32_t ta[WS_WARP], tb[WS_WARP], tc[WS_WARP], r[WS_WARP];
    uint8_t t = ki->m.type;
    bool shift = ki->op == OP_SHL || ki->op == OP_SHR;
    uint32_t *d = dst_n(w, &ki->d[0], n);
    const uint32_t *a = ki->ns > 0 ? src_n(w, &ki->s[0], ta, n) : NULL;
    const uint32_t *b =
        ki->ns > 1 ? src_n(w, &ki->s[1], tb, shift ? 4 : n) : NULL;
    if (!d || !a || (ki->ns > 1 && !b))
        return false;
    bool s = t == PT_S32 || t == PT_S16;
    if (n == 2 && s &&
        (ki->op == OP_SHR || ki->op == OP_MIN || ki->op == OP_MAX)) {
        for (int l = 0; l < WS_WARP; l++)
            ta[l] = (uint32_t)(int32_t)(int16_t)a[l];
        a = ta;
        if (!shift) {
            for (int l = 0; l < WS_WARP; l++)
                tb[l] = (uint32_t)(int32_t)(int16_t)b[l];
            b = tb;
        }
    }
    switch (ki->op) {
    case OP_ADD:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = a[l] + b[l];
        break;
    case OP_SUB:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = a[l] - b[l];
        break;
    case OP_MUL:
        if (ki->m.mode != MUL_LO)
            return false;
        for (int l = 0; l < WS_WARP; l++)
            r[l] = a[l] * b[l];
        break;
    case OP_MAD: {
        const uint32_t *c = src_n(w, &ki->s[2], tc, n);
        if (ki->m.mode != MUL_LO || !c)
            return false;
        for (int l = 0; l < WS_WARP; l++)
            r[l] = a[l] * b[l] + c[l];
        break;
    }
    case OP_AND:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = a[l] & b[l];
        break;
    case OP_OR:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = a[l] | b[l];
        break;
    case OP_XOR:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = a[l] ^ b[l];
        break;
    case OP_NOT:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = ~a[l];
        break;
    case OP_NEG:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = 0u - a[l];
        break;
    case OP_SHL:
        if (ki->s[1].kind == KO_IMM) {
            shift_imm(r, a, true, false, (uint32_t)ki->s[1].imm);
            break;
        }
        for (int l = 0; l < WS_WARP; l++)
            r[l] = b[l] >= 32 ? 0 : a[l] << b[l];
        break;
    case OP_SHR:
        if (ki->s[1].kind == KO_IMM)
            shift_imm(r, a, false, s, (uint32_t)ki->s[1].imm);
        else if (s)
            for (int l = 0; l < WS_WARP; l++)
                r[l] = (uint32_t)((int32_t)a[l] >> (b[l] >= 32 ? 31 : b[l]));
        else
            for (int l = 0; l < WS_WARP; l++)
                r[l] = b[l] >= 32 ? 0 : a[l] >> b[l];
        break;
    case OP_PRMT:
        if (n != 4 || ki->m.mode != PRMT_DEFAULT || ki->s[2].kind != KO_IMM)
            return false;
        prmt_lanes(r, a, b, (uint32_t)ki->s[2].imm);
        break;
    case OP_MIN:
        if (s)
            for (int l = 0; l < WS_WARP; l++)
                r[l] = (int32_t)a[l] < (int32_t)b[l] ? a[l] : b[l];
        else
            for (int l = 0; l < WS_WARP; l++)
                r[l] = a[l] < b[l] ? a[l] : b[l];
        break;
    case OP_MAX:
        if (s)
            for (int l = 0; l < WS_WARP; l++)
                r[l] = (int32_t)a[l] > (int32_t)b[l] ? a[l] : b[l];
        else
            for (int l = 0; l < WS_WARP; l++)
                r[l] = a[l] > b[l] ? a[l] : b[l];
        break;
    default:
        return false;
    }
    if (n == 2)
        for (int l = 0; l < WS_WARP; l++)
            r[l] &= 0xffffu;
    put32(d, r, m);
    return true;
}

static bool int32_op(struct fwarp *w, const struct kinst *ki, uint32_t m)
{
    return int_op(w, ki, m, 4);
}

static bool int16_op(struct fwarp *w, const struct kinst *ki, uint32_t m)
{
    return int_op(w, ki, m, 2);
}

/*
** 64-bit and, or, xor, add and sub, and mul.wide of 32-bit integers, on
** the registers' slot rows: the low words, then the high words with the
** low words' carry or borrow. No 64-bit lanes are gathered or split (the
** address arithmetic of every global access).
*/
static bool int64_rows(struct fwarp *w, const struct kinst *ki, uint32_t m)
{
    uint32_t rlo[WS_WARP], rhi[WS_WARP];
    enum ptx_op op = (enum ptx_op)ki->op;
    if (op == OP_MUL) {
        if (ki->m.mode != MUL_WIDE ||
            (ki->m.type != PT_U32 && ki->m.type != PT_S32))
            return false;
        uint32_t ta[WS_WARP], tb[WS_WARP];
        const uint32_t *a = src32(w, &ki->s[0], ta);
        const uint32_t *b = src32(w, &ki->s[1], tb);
        if (!a || !b)
            return false;
        if (ki->m.type == PT_S32)
            for (int l = 0; l < WS_WARP; l++) {
                uint64_t p = (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]);
                rlo[l] = (uint32_t)p;
                rhi[l] = (uint32_t)(p >> 32);
            }
        else
            for (int l = 0; l < WS_WARP; l++) {
                uint64_t p = (uint64_t)a[l] * b[l];
                rlo[l] = (uint32_t)p;
                rhi[l] = (uint32_t)(p >> 32);
            }
        return put64_rows(w, &ki->d[0], rlo, rhi, m);
    }
    if (!int64_type(ki->m.type) ||
        (op != OP_AND && op != OP_OR && op != OP_XOR && op != OP_ADD &&
         op != OP_SUB))
        return false;
    uint32_t talo[WS_WARP], tahi[WS_WARP], tblo[WS_WARP], tbhi[WS_WARP];
    const uint32_t *alo, *ahi, *blo, *bhi;
    if (!src64_rows(w, &ki->s[0], talo, tahi, &alo, &ahi) ||
        !src64_rows(w, &ki->s[1], tblo, tbhi, &blo, &bhi))
        return false;
    switch (op) {
    case OP_AND:
        for (int l = 0; l < WS_WARP; l++) {
            rlo[l] = alo[l] & blo[l];
            rhi[l] = ahi[l] & bhi[l];
        }
        break;
    case OP_OR:
        for (int l = 0; l < WS_WARP; l++) {
            rlo[l] = alo[l] | blo[l];
            rhi[l] = ahi[l] | bhi[l];
        }
        break;
    case OP_XOR:
        for (int l = 0; l < WS_WARP; l++) {
            rlo[l] = alo[l] ^ blo[l];
            rhi[l] = ahi[l] ^ bhi[l];
        }
        break;
    case OP_ADD:
        for (int l = 0; l < WS_WARP; l++) {
            rlo[l] = alo[l] + blo[l];
            rhi[l] = ahi[l] + bhi[l] + (rlo[l] < alo[l]);
        }
        break;
    default: /* OP_SUB */
        for (int l = 0; l < WS_WARP; l++) {
            rlo[l] = alo[l] - blo[l];
            rhi[l] = ahi[l] - bhi[l] - (alo[l] < blo[l]);
        }
        break;
    }
    return put64_rows(w, &ki->d[0], rlo, rhi, m);
}

/* 64-bit integer operations and 32 x 32 -> 64 multiplications (the
   addressing): shifts on 64-bit lanes, the rest on the rows. */
static bool int64_op(struct fwarp *w, const struct kinst *ki, uint32_t m)
{
    uint64_t r[WS_WARP];
    if (int64_rows(w, ki, m))
        return true;
    if ((ki->op == OP_SHL || ki->op == OP_SHR) && int64_type(ki->m.type)) {
        uint64_t a[WS_WARP];
        uint32_t tb[WS_WARP];
        const uint32_t *b = src32(w, &ki->s[1], tb);   /* the amount: .u32 */
        if (!b || !src64(w, &ki->s[0], a))
            return false;
        if (ki->op == OP_SHL)
            for (int l = 0; l < WS_WARP; l++)
                r[l] = b[l] >= 64 ? 0 : a[l] << b[l];
        else if (ki->m.type == PT_S64)
            for (int l = 0; l < WS_WARP; l++)
                r[l] = (uint64_t)((int64_t)a[l] >> (b[l] >= 64 ? 63 : b[l]));
        else
            for (int l = 0; l < WS_WARP; l++)
                r[l] = b[l] >= 64 ? 0 : a[l] >> b[l];
        return put64(w, &ki->d[0], r, m);
    }
    return false;
}

/* fma on 32 lanes: fmaf is correctly rounded, so the library's (a call
   per lane) and the host's FMA instruction give the same bits; the
   instruction is used where the host has it (fx_fma_hw, found at
   start-up), eight lanes at a time. */
static void fma_lanes(uint32_t *restrict r, const uint32_t *a,
                      const uint32_t *b, const uint32_t *c)
{
    for (int l = 0; l < WS_WARP; l++)
        r[l] = bits_of(fmaf(f32_of(a[l]), f32_of(b[l]), f32_of(c[l])));
}

#if defined(FX_AVX2)
/* built with -mfma (exec-fast-avx2.c): fmaf is the FMA instruction */
#define FMA_LANES fma_lanes
#elif defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("avx2,fma"))) static void
fma_lanes_hw(uint32_t *restrict r, const uint32_t *a, const uint32_t *b,
             const uint32_t *c)
{
    for (int l = 0; l < WS_WARP; l++)
        r[l] = bits_of(fmaf(f32_of(a[l]), f32_of(b[l]), f32_of(c[l])));
}

bool fx_fma_hw;

__attribute__((constructor)) static void find_fma(void)
{
    __builtin_cpu_init();
    fx_fma_hw = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#define FMA_LANES(r, a, b, c)                                              \
    (fx_fma_hw ? fma_lanes_hw(r, a, b, c) : fma_lanes(r, a, b, c))
#else
bool fx_fma_hw;
#define FMA_LANES fma_lanes
#endif

/* f32 add, sub, mul, fma and mad rounded to nearest, without .ftz/.sat. */
static bool f32_op(struct fwarp *w, const struct kinst *ki, uint32_t m)
{
    if (ki->m.ftz || ki->m.sat ||
        (ki->m.rnd != RND_NONE && ki->m.rnd != RND_RN))
        return false;
    uint32_t ta[WS_WARP], tb[WS_WARP], tc[WS_WARP], r[WS_WARP];
    uint32_t *d = dst32(w, &ki->d[0]);
    const uint32_t *a = ki->ns > 0 ? src32(w, &ki->s[0], ta) : NULL;
    const uint32_t *b = ki->ns > 1 ? src32(w, &ki->s[1], tb) : NULL;
    if (!d || !a || !b)
        return false;
    switch (ki->op) {
    case OP_ADD:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = bits_of(f32_of(a[l]) + f32_of(b[l]));
        break;
    case OP_SUB:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = bits_of(f32_of(a[l]) - f32_of(b[l]));
        break;
    case OP_MUL:
        for (int l = 0; l < WS_WARP; l++)
            r[l] = bits_of(f32_of(a[l]) * f32_of(b[l]));
        break;
    case OP_FMA:
    case OP_MAD: {
        const uint32_t *c = src32(w, &ki->s[2], tc);
        if (!c)
            return false;
        FMA_LANES(r, a, b, c);
        break;
    }
    default:
        return false;
    }
    put32(d, r, m);
    return true;
}

/* Lane mask of cond over the 32 lanes (by the table of lane bits: a
   shift by the lane number is no vector operation). */
#define LANES(cond)                                                        \
    do {                                                                   \
        for (int l = 0; l < WS_WARP; l++)                                  \
            r |= (cond) ? fx_lane_bit[l] : 0;                              \
    } while (0)

/* The comparison bits of setp on integers of type T (signed view ST,
   the signed PTX type STYPE): cmp_int32 and cmp_int64. */
#define CMP_INT(name, T, ST, STYPE)                                        \
    static bool name(const struct kinst *ki, const T *a, const T *b,       \
                     uint32_t *out)                                        \
    {                                                                      \
        uint32_t r = 0;                                                    \
        bool s = ki->m.type == STYPE;                                      \
        switch (ki->m.cmp) {                                               \
        case CMP_EQ: LANES(a[l] == b[l]); break;                           \
        case CMP_NE: LANES(a[l] != b[l]); break;                           \
        case CMP_LT:                                                       \
            if (s) LANES((ST)a[l] < (ST)b[l]); else LANES(a[l] < b[l]);    \
            break;                                                         \
        case CMP_LE:                                                       \
            if (s) LANES((ST)a[l] <= (ST)b[l]); else LANES(a[l] <= b[l]);  \
            break;                                                         \
        case CMP_GT:                                                       \
            if (s) LANES((ST)a[l] > (ST)b[l]); else LANES(a[l] > b[l]);    \
            break;                                                         \
        case CMP_GE:                                                       \
            if (s) LANES((ST)a[l] >= (ST)b[l]); else LANES(a[l] >= b[l]);  \
            break;                                                         \
        case CMP_LO: LANES(a[l] < b[l]); break;                            \
        case CMP_LS: LANES(a[l] <= b[l]); break;                           \
        case CMP_HI: LANES(a[l] > b[l]); break;                            \
        case CMP_HS: LANES(a[l] >= b[l]); break;                           \
        default: return false;                                             \
        }                                                                  \
        *out = r;                                                          \
        return true;                                                       \
    }
CMP_INT(cmp_int32, uint32_t, int32_t, PT_S32)
CMP_INT(cmp_int64, uint64_t, int64_t, PT_S64)
#undef CMP_INT

/* The comparison bits of setp on f32 (no .ftz): ordered comparisons are
   false and unordered ones true when either operand is NaN. */
static bool cmp_f32(const struct kinst *ki, const uint32_t *ua,
                    const uint32_t *ub, uint32_t *out)
{
    float a[WS_WARP], b[WS_WARP];
    for (int l = 0; l < WS_WARP; l++) {
        a[l] = f32_of(ua[l]);
        b[l] = f32_of(ub[l]);
    }
    uint32_t r = 0;
#define UN (a[l] != a[l] || b[l] != b[l])
    switch (ki->m.cmp) {
    case CMP_EQ: LANES(!UN && a[l] == b[l]); break;
    case CMP_NE: LANES(!UN && a[l] != b[l]); break;
    case CMP_LT: LANES(!UN && a[l] < b[l]); break;
    case CMP_LE: LANES(!UN && a[l] <= b[l]); break;
    case CMP_GT: LANES(!UN && a[l] > b[l]); break;
    case CMP_GE: LANES(!UN && a[l] >= b[l]); break;
    case CMP_EQU: LANES(UN || a[l] == b[l]); break;
    case CMP_NEU: LANES(UN || a[l] != b[l]); break;
    case CMP_LTU: LANES(UN || a[l] < b[l]); break;
    case CMP_LEU: LANES(UN || a[l] <= b[l]); break;
    case CMP_GTU: LANES(UN || a[l] > b[l]); break;
    case CMP_GEU: LANES(UN || a[l] >= b[l]); break;
    case CMP_NUM: LANES(!UN); break;
    case CMP_NAN: LANES(UN); break;
    default: return false;
    }
#undef UN
    *out = r;
    return true;
}

/* A 64-bit register or immediate into a 64-bit register. */
static bool copy64(struct fwarp *w, const struct kop *d, const struct kop *s,
                   uint32_t m)
{
    if (d->kind != KO_REG || d->nslot != 2 || d->bytes != 8)
        return false;
    uint32_t *dl = w->r + (size_t)d->slot * WS_WARP, *dh = dl + WS_WARP;
    if (s->kind == KO_IMM) {
        uint32_t lo[WS_WARP], hi[WS_WARP];
        for (int l = 0; l < WS_WARP; l++) {
            lo[l] = (uint32_t)s->imm;
            hi[l] = (uint32_t)(s->imm >> 32);
        }
        put32(dl, lo, m);
        put32(dh, hi, m);
        return true;
    }
    if (s->kind != KO_REG || s->nslot != 2)
        return false;
    if (s->slot == d->slot)
        return true;
    if (s->slot + 1 == d->slot || d->slot + 1 == s->slot)
        return false;        /* overlapping pairs: the general path */
    const uint32_t *sl = w->r + (size_t)s->slot * WS_WARP;
    put32(dl, sl, m);
    put32(dh, sl + WS_WARP, m);
    return true;
}

bool fx_fast_mov(struct fctx *x, struct fwarp *w,
                 const struct kinst *ki, uint32_t m)
{
    if (ki->m.vec > 1)
        return false;
    const struct kop *s = &ki->s[0];
    uint32_t t[WS_WARP];
    uint32_t *d = dst32(w, &ki->d[0]);
    if (!d)
        return type_bits(ki->m.type) == 64 && copy64(w, &ki->d[0], s, m);
    if (s->kind == KO_SREG && type_bits(ki->m.type) == 32) {
        /* mov.u32 %r, %tid.x and the like: the low 32 bits of the value */
        uint64_t v[WS_WARP];
        fx_read_sreg(x, w, s, v);
        for (int l = 0; l < WS_WARP; l++)
            t[l] = (uint32_t)v[l];
        put32(d, t, m);
        return true;
    }
    const uint32_t *a = src32(w, s, t);
    if (!a || d == a)
        return d == a;
    put32(d, a, m);
    return true;
}

/* The integer types b8..s64 (not the packed pairs). */
static bool plain_int(uint8_t t)
{
    return t >= PT_B8 && t <= PT_S64;
}

/*
** cvt between integer types without .sat, on the registers' 32-bit slot
** rows: the value extended from the source type's width, then truncated
** and extended to the destination type's, as fx_cvt's per-lane path does
** in 64 bits. The low 32 bits need shifts by two fixed counts; the high
** 32 bits (a 64-bit destination register) are the source's high word or
** the sign or zero fill.
*/
bool fx_fast_cvt(struct fctx *x, struct fwarp *w,
                 const struct kinst *ki, uint32_t m)
{
    (void)x;                 /* the signature of fx_fast_fn */
    const struct kop *s = &ki->s[0], *o = &ki->d[0];
    uint8_t dt = ki->m.type, st = ki->m.type2;
    if (ki->m.sat || !plain_int(dt) || !plain_int(st) ||
        s->kind != KO_REG || o->kind != KO_REG || s->nslot > 2 ||
        o->nslot > 2)
        return false;
    int sb = type_bits(st), db = type_bits(dt);
    int sh = sb < 32 ? 32 - sb : 0, dh = db < 32 ? 32 - db : 0;
    const uint32_t *a = w->r + (size_t)s->slot * WS_WARP;
    uint32_t lo[WS_WARP], hi[WS_WARP];
    if (ptx_type_is_signed((enum ptx_type)st)) {
        for (int l = 0; l < WS_WARP; l++)
            lo[l] = (uint32_t)((int32_t)(a[l] << sh) >> sh);
    } else {
        uint32_t k = 0xffffffffu >> sh;
        for (int l = 0; l < WS_WARP; l++)
            lo[l] = a[l] & k;
    }
    uint32_t keep = o->bytes < 4 ? (uint32_t)bits_mask(o->bytes * 8)
                                 : 0xffffffffu;
    bool sign;                    /* the high word is the low word's sign */
    if (db == 64) {
        sign = sb < 64 && ptx_type_is_signed((enum ptx_type)st);
    } else if ((sign = ptx_type_is_signed((enum ptx_type)dt))) {
        for (int l = 0; l < WS_WARP; l++)
            lo[l] = (uint32_t)((int32_t)(lo[l] << dh) >> dh);
    } else {
        keep &= 0xffffffffu >> dh;
    }
    if (o->nslot == 2) {
        if (sign)
            for (int l = 0; l < WS_WARP; l++)
                hi[l] = (uint32_t)((int32_t)lo[l] >> 31);
        else if (db == 64 && sb == 64 && s->nslot == 2)
            memcpy(hi, a + WS_WARP, sizeof hi);
        else
            memset(hi, 0, sizeof hi);
    }
    if (keep != 0xffffffffu)
        for (int l = 0; l < WS_WARP; l++)
            lo[l] &= keep;
    uint32_t *d = w->r + (size_t)o->slot * WS_WARP;
    put32(d, lo, m);
    if (o->nslot == 2)
        put32(d + WS_WARP, hi, m);
    return true;
}

bool fx_fast_cvta(struct fctx *x, struct fwarp *w,
                  const struct kinst *ki, uint32_t m)
{
    (void)x;                 /* the signature of fx_fast_fn */
    if (type_bits(ki->m.type) != 64)
        return false;
    uint8_t sp = ki->m.space;
    if (sp == SP_SHARED || sp == SP_LOCAL || sp == SP_CONST)
        return false;
    return copy64(w, &ki->d[0], &ki->s[0], m);
}

bool fx_fast_setp(struct fctx *x, struct fwarp *w,
                  const struct kinst *ki, uint32_t m)
{
    (void)x;                 /* the signature of fx_fast_fn */
    if (ki->op != OP_SETP || ki->m.ftz)
        return false;
    uint32_t ta[WS_WARP], tb[WS_WARP], r;
    if (int64_type(ki->m.type)) {
        uint64_t a[WS_WARP], b[WS_WARP];
        if (!src64(w, &ki->s[0], a) || !src64(w, &ki->s[1], b) ||
            !cmp_int64(ki, a, b, &r))
            return false;
    } else {
        const uint32_t *a = src32(w, &ki->s[0], ta);
        const uint32_t *b = src32(w, &ki->s[1], tb);
        if (!a || !b)
            return false;
        if (ki->m.type == PT_F32) {
            if (!cmp_f32(ki, a, b, &r))
                return false;
        } else if (!int32_type(ki->m.type) || !cmp_int32(ki, a, b, &r)) {
            return false;
        }
    }
    uint32_t q, p = setp_combine(w, ki, r, &q);
    wr_pred(w, &ki->d[0], p, m);
    if (ki->nd == 2)
        wr_pred(w, &ki->d[1], q, m);
    return true;
}

/* selp on 32-bit values: a where the predicate is true, else b. */
static bool selp32(struct fwarp *w, const struct kinst *ki, uint32_t m)
{
    uint32_t ta[WS_WARP], tb[WS_WARP], r[WS_WARP];
    uint32_t *d = dst32(w, &ki->d[0]);
    const uint32_t *a = src32(w, &ki->s[0], ta);
    const uint32_t *b = src32(w, &ki->s[1], tb);
    if (!d || !a || !b || (ki->s[2].kind != KO_PRED && ki->s[2].kind != KO_IMM))
        return false;
    uint32_t p = rd_pred(w, &ki->s[2]);
    for (int l = 0; l < WS_WARP; l++)
        r[l] = (p & fx_lane_bit[l]) ? a[l] : b[l];
    put32(d, r, m);
    return true;
}

/* selp on 64-bit values, the same way. */
static bool selp64(struct fwarp *w, const struct kinst *ki, uint32_t m)
{
    uint64_t a[WS_WARP], b[WS_WARP], r[WS_WARP];
    if (ki->s[2].kind != KO_PRED || !src64(w, &ki->s[0], a) ||
        !src64(w, &ki->s[1], b))
        return false;
    uint32_t p = rd_pred(w, &ki->s[2]);
    for (int l = 0; l < WS_WARP; l++)
        r[l] = (p & fx_lane_bit[l]) ? a[l] : b[l];
    return put64(w, &ki->d[0], r, m);
}

bool fx_fast_alu(struct fctx *x, struct fwarp *w,
                 const struct kinst *ki, uint32_t m)
{
    (void)x;                 /* the signature of fx_fast_fn */
    if (ki->m.cc || ki->m.sat || ki->nd != 1)
        return false;
    uint8_t t = ki->m.type;
    if (ki->op == OP_SELP)
        return int32_type(t) || t == PT_F32   ? selp32(w, ki, m)
               : int64_type(t) || t == PT_F64 ? selp64(w, ki, m)
                                              : false;
    if (t == PT_F32)
        return f32_op(w, ki, m);
    if (int32_type(t) && ki->m.mode != MUL_WIDE)
        return int32_op(w, ki, m);
    if (int16_type(t) && ki->m.mode != MUL_WIDE)
        return int16_op(w, ki, m);
    return int64_op(w, ki, m);
}
