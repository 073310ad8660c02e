/*
** exec-int.c - integer, bit and selection instructions.
** Semantics follow the PTX ISA; where the ISA leaves a result unspecified
** (integer division by zero) warpscope returns what NVIDIA hardware does
** for the common case and docs/ptx.md says so. Arithmetic is done on
** unsigned 64-bit values so that no C undefined behaviour can occur.
** Float types of the shared opcodes (add.f32, min.f64, ...) never come
** here: exec.c sends each instruction to the handler of its type.
*/
#include "func/exec-internal.h"
#include <math.h>

static uint64_t umask(uint8_t t)
{
    return bits_mask(type_bits(t));
}

static int is_signed(uint8_t t)
{
    return ptx_type_is_signed((enum ptx_type)t);
}

/* Signed view of a value of type t. */
static int64_t sv(uint64_t v, uint8_t t)
{
    return (int64_t)sext(v, type_bits(t));
}

static uint64_t mulhi(uint64_t a, uint64_t b, uint8_t t)
{
    int bits = type_bits(t);
    if (bits == 64) {
        if (is_signed(t))
            return (uint64_t)(((__int128)(int64_t)a * (int64_t)b) >> 64);
        return (uint64_t)(((unsigned __int128)a * b) >> 64);
    }
    if (is_signed(t))
        return (uint64_t)((sv(a, t) * sv(b, t)) >> bits);
    return ((a & umask(t)) * (b & umask(t))) >> bits;
}

static uint64_t mulwide(uint64_t a, uint64_t b, uint8_t t)
{
    if (is_signed(t))
        return (uint64_t)(sv(a, t) * sv(b, t));
    return (a & umask(t)) * (b & umask(t));
}

static uint64_t divide(uint64_t a, uint64_t b, uint8_t t, int rem)
{
    uint64_t m = umask(t);
    if (is_signed(t)) {
        int64_t x = sv(a, t), y = sv(b, t);
        if (y == 0)
            return rem ? (uint64_t)x : UINT64_MAX;       /* -1 */
        if (y == -1)
            return rem ? 0 : (uint64_t)0 - (uint64_t)x;  /* wraps INT_MIN */
        return (uint64_t)(rem ? x % y : x / y);
    }
    a &= m;
    b &= m;
    if (b == 0)
        return rem ? a : m;
    return rem ? a % b : a / b;
}

static uint64_t bfe(uint64_t a, uint64_t b, uint64_t c, uint8_t t)
{
    int msb = type_bits(t) - 1;
    unsigned pos = (unsigned)(b & 0xff), len = (unsigned)(c & 0xff);
    uint64_t sbit = 0;
    if (is_signed(t) && len > 0) {
        unsigned top = pos + len - 1 > (unsigned)msb ? (unsigned)msb
                                                     : pos + len - 1;
        sbit = (a >> top) & 1;
    }
    uint64_t d = 0;
    for (int i = 0; i <= msb; i++) {
        uint64_t bit = ((unsigned)i < len && pos + (unsigned)i <= (unsigned)msb)
                           ? (a >> (pos + (unsigned)i)) & 1
                           : sbit;
        d |= bit << i;
    }
    return norm(d, t);
}

static uint64_t bfi(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint8_t t)
{
    int msb = type_bits(t) - 1;
    unsigned pos = (unsigned)(c & 0xff), len = (unsigned)(d & 0xff);
    uint64_t f = b;
    for (unsigned i = 0; i < len && pos + i <= (unsigned)msb; i++) {
        uint64_t bit = (a >> i) & 1;
        f = (f & ~(1ULL << (pos + i))) | (bit << (pos + i));
    }
    return f & umask(t);
}

static uint64_t bfind(uint64_t a, uint8_t t, bool shiftamt)
{
    int bits = type_bits(t);
    uint64_t v = a & umask(t);
    if (is_signed(t) && (v >> (bits - 1) & 1))
        v = ~v & umask(t);
    if (v == 0)
        return 0xffffffffu;
    int pos = 63 - __builtin_clzll(v);
    return shiftamt ? (uint64_t)(bits - 1 - pos) : (uint64_t)pos;
}

static uint64_t prmt(uint32_t a, uint32_t b, uint32_t c, int mode)
{
    uint64_t src = (uint64_t)b << 32 | a;
    /* Selectors for output bytes 0..3 of the fixed modes (PTX ISA table,
       read from byte 0 up). */
    static const uint8_t fixed[7][4][4] = {
        { { 0 } },
        { { 0, 1, 2, 3 }, { 1, 2, 3, 4 }, { 2, 3, 4, 5 }, { 3, 4, 5, 6 } },
        { { 0, 7, 6, 5 }, { 1, 0, 7, 6 }, { 2, 1, 0, 7 }, { 3, 2, 1, 0 } },
        { { 0, 0, 0, 0 }, { 1, 1, 1, 1 }, { 2, 2, 2, 2 }, { 3, 3, 3, 3 } },
        { { 0, 1, 2, 3 }, { 1, 1, 2, 3 }, { 2, 2, 2, 3 }, { 3, 3, 3, 3 } },
        { { 0, 0, 0, 0 }, { 0, 1, 1, 1 }, { 0, 1, 2, 2 }, { 0, 1, 2, 3 } },
        { { 0, 1, 0, 1 }, { 2, 3, 2, 3 }, { 0, 1, 0, 1 }, { 2, 3, 2, 3 } },
    };
    uint32_t d = 0;
    for (int i = 0; i < 4; i++) {
        uint8_t byte;
        if (mode == PRMT_DEFAULT) {
            unsigned sel = (c >> (4 * i)) & 0xf;
            byte = (uint8_t)(src >> (8 * (sel & 7)));
            if (sel & 8)
                byte = (byte & 0x80) ? 0xff : 0;
        } else {
            byte = (uint8_t)(src >> (8 * fixed[mode][c & 3][i]));
        }
        d |= (uint32_t)byte << (8 * i);
    }
    return d;
}

static uint64_t lop3(uint64_t a, uint64_t b, uint64_t c, unsigned lut)
{
    uint64_t d = 0;
    for (unsigned k = 0; k < 8; k++) {
        if (!(lut >> k & 1))
            continue;
        uint64_t ma = (k & 4) ? a : ~a, mb = (k & 2) ? b : ~b,
                 mc = (k & 1) ? c : ~c;
        d |= ma & mb & mc;
    }
    return d & 0xffffffffu;
}

static uint64_t sat_s32(int64_t v)
{
    if (v > INT32_MAX)
        v = INT32_MAX;
    if (v < INT32_MIN)
        v = INT32_MIN;
    return (uint64_t)v;
}

/* 24-bit multiply: product of the low 24 bits, as 48 bits. */
static uint64_t mul24(uint64_t a, uint64_t b, uint8_t t, int hi)
{
    int64_t p;
    if (t == PT_S32)
        p = (int64_t)sext(a, 24) * (int64_t)sext(b, 24);
    else
        p = (int64_t)((a & 0xffffff) * (b & 0xffffff));
    uint64_t r = hi ? (uint64_t)p >> 16 : (uint64_t)p;
    return norm(r, t);
}

/* add sub min max on .u16x2/.s16x2: each 16-bit half alone (sums wrap;
   min/max.relu.s16x2 clamp negative results to 0). */
static uint64_t int16x2(const struct kinst *ki, uint64_t a, uint64_t b)
{
    bool s = ki->m.type == PT_S16X2;
    uint64_t d = 0;
    for (int h = 0; h < 32; h += 16) {
        int64_t x = s ? (int64_t)sext(a >> h, 16) : (int64_t)(a >> h & 0xffff);
        int64_t y = s ? (int64_t)sext(b >> h, 16) : (int64_t)(b >> h & 0xffff);
        int64_t r;
        switch (ki->op) {
        case OP_ADD: r = x + y; break;
        case OP_SUB: r = x - y; break;
        case OP_MIN: r = x < y ? x : y; break;
        default: r = x > y ? x : y; break;
        }
        if (ki->m.relu && r < 0)
            r = 0;
        d |= ((uint64_t)r & 0xffff) << h;
    }
    return d;
}

enum fx_status fx_int(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                      uint32_t m)
{
    uint8_t t = ki->m.type;
    lanes_t a, b, c, d, e;
    int ns = ki->ns;
    if (t == PT_PRED) {
        /* Logic on predicates works on whole lane masks. */
        uint32_t pa = rd_pred(w, &ki->s[0]);
        uint32_t pb = ns > 1 ? rd_pred(w, &ki->s[1]) : 0;
        uint32_t r;
        switch (ki->op) {
        case OP_AND: r = pa & pb; break;
        case OP_OR: r = pa | pb; break;
        case OP_XOR: r = pa ^ pb; break;
        default: r = ~pa; break;      /* not */
        }
        wr_pred(w, &ki->d[0], r, m);
        return FX_OK;
    }
    if (ns > 0)
        rd(x, w, &ki->s[0], a);
    if (ns > 1)
        rd(x, w, &ki->s[1], b);
    if (ns > 2)
        rd(x, w, &ki->s[2], c);
    if (ns > 3)
        rd(x, w, &ki->s[3], e);
    int bits = type_bits(t);
    uint64_t mk = umask(t);
    uint32_t cc_out = 0;
    int wide = ki->m.mode == MUL_WIDE;
    uint8_t wt = wide ? (uint8_t)(is_signed(t) ? PT_S64 : PT_U64) : t;

    if (ptx_type_is_int16x2((enum ptx_type)t)) {
        for (int l = 0; l < WS_WARP; l++)
            d[l] = (m >> l & 1) ? int16x2(ki, a[l], b[l]) : 0;
        wr(w, &ki->d[0], d, m);
        return FX_OK;
    }

    for (int l = 0; l < WS_WARP; l++) {
        if (!(m >> l & 1)) {
            d[l] = 0;
            continue;
        }
        uint64_t r = 0, A = a[l] & mk, B = ns > 1 ? b[l] & mk : 0;
        uint32_t cin = (w->cc >> l) & 1;
        switch (ki->op) {
        case OP_ADD:
        case OP_ADDC: {
            uint64_t ci = ki->op == OP_ADDC ? cin : 0;
            r = A + B + ci;
            if (ki->m.sat && t == PT_S32)
                r = sat_s32(sv(A, t) + sv(B, t));
            if (ki->m.cc) {
                uint64_t carry = bits == 64 ? (r < A || (ci && r == A)) : (r >> bits) & 1;
                cc_out |= (uint32_t)carry << l;
            }
            r = norm(r, t);
            break;
        }
        case OP_SUB:
        case OP_SUBC: {
            /* As the hardware does it: a + ~b + carry-in, with carry-in 1
               for sub.cc and CC.CF for subc. CF is the carry out, so it is
               1 when there was no borrow; nvcc's 128-bit arithmetic relies
               on this (the PTX ISA's wording says "borrow"). */
            uint64_t ci = ki->op == OP_SUBC ? cin : 1;
            uint64_t nb = ~B & mk;
            r = A + nb + ci;
            if (ki->m.sat && t == PT_S32)
                r = sat_s32(sv(A, t) - sv(B, t));
            if (ki->m.cc) {
                uint64_t s1 = A + nb;
                uint64_t carry = bits == 64 ? (uint64_t)(s1 < A || s1 + ci < s1)
                                            : ((s1 + ci) >> bits) & 1;
                cc_out |= (uint32_t)carry << l;
            }
            r = norm(r, t);
            break;
        }
        case OP_MUL:
            if (ki->m.mode == MUL_HI)
                r = norm(mulhi(A, B, t), t);
            else if (wide)
                r = mulwide(A, B, t);
            else
                r = norm(A * B, t);
            break;
        case OP_MAD:
        case OP_MADC: {
            uint64_t C = wide ? c[l] : c[l] & mk;
            uint64_t ci = ki->op == OP_MADC ? cin : 0;
            uint64_t p = ki->m.mode == MUL_HI ? mulhi(A, B, t)
                         : wide ? mulwide(A, B, t) : A * B;
            if (ki->m.sat && t == PT_S32 && ki->m.mode == MUL_HI)
                r = sat_s32(sv(p, t) + sv(C, t));
            else
                r = p + C + ci;
            if (ki->m.cc) {
                int cb = wide ? 64 : bits;
                uint64_t pm = p & bits_mask(cb);
                uint64_t s = (pm + (C & bits_mask(cb))) ;
                uint64_t carry = cb == 64 ? (s < pm || (ci && s + ci < s))
                                          : ((s + ci) >> cb) & 1;
                cc_out |= (uint32_t)carry << l;
            }
            r = norm(r, wt);
            break;
        }
        case OP_MUL24:
            r = mul24(A, B, t, ki->m.mode == MUL_HI);
            break;
        case OP_MAD24:
            r = norm(mul24(A, B, t, ki->m.mode == MUL_HI) + c[l], t);
            break;
        case OP_SAD: {
            uint64_t diff = is_signed(t) ? (sv(A, t) > sv(B, t) ? A - B : B - A)
                                         : (A > B ? A - B : B - A);
            r = norm(diff + c[l], t);
            break;
        }
        case OP_DIV: r = norm(divide(A, B, t, 0), t); break;
        case OP_REM: r = norm(divide(A, B, t, 1), t); break;
        case OP_ABS:
            r = is_signed(t) && sv(A, t) < 0 ? norm(0 - A, t) : norm(A, t);
            break;
        case OP_NEG: r = norm(0 - A, t); break;
        case OP_MIN:
        case OP_MAX: {
            int lt = is_signed(t) ? sv(A, t) < sv(B, t) : A < B;
            r = norm((ki->op == OP_MIN) == lt ? A : B, t);
            break;
        }
        case OP_AND: r = A & B; break;
        case OP_OR: r = A | B; break;
        case OP_XOR: r = A ^ B; break;
        case OP_NOT: r = ~A & mk; break;
        case OP_CNOT: r = A == 0; break;
        case OP_SHL: {
            uint64_t n = b[l] & 0xffffffffu;
            r = n >= (uint64_t)bits ? 0 : (A << n) & mk;
            break;
        }
        case OP_SHR: {
            uint64_t n = b[l] & 0xffffffffu;
            if (is_signed(t)) {
                int64_t s = sv(A, t);
                r = norm((uint64_t)(n >= (uint64_t)bits ? (s < 0 ? -1 : 0)
                                                       : s >> n), t);
            } else {
                r = n >= (uint64_t)bits ? 0 : A >> n;
            }
            break;
        }
        case OP_SHF: {
            uint64_t n = c[l] & 0xffffffffu;
            n = ki->m.wrap ? n & 31 : (n > 32 ? 32 : n);
            uint64_t both = (B << 32) | (A & 0xffffffffu);
            r = ki->m.mode == SHF_L ? (both << n) >> 32 : (both >> n);
            r &= 0xffffffffu;
            break;
        }
        case OP_BFE: r = bfe(A, b[l], c[l], t); break;
        case OP_BFI: r = bfi(A, B, c[l], e[l], t); break;
        case OP_POPC: r = (uint64_t)__builtin_popcountll(A); break;
        case OP_CLZ:
            r = A == 0 ? (uint64_t)bits
                       : (uint64_t)(__builtin_clzll(A) - (64 - bits));
            break;
        case OP_BREV: {
            uint64_t v = 0;
            for (int i = 0; i < bits; i++)
                v |= ((A >> i) & 1) << (bits - 1 - i);
            r = v;
            break;
        }
        case OP_BFIND: r = bfind(A, t, ki->m.shiftamt); break;
        case OP_LOP3:
            r = lop3(A, B, c[l], (unsigned)(e[l] & 0xff));
            break;
        case OP_PRMT:
            r = prmt((uint32_t)A, (uint32_t)B, (uint32_t)c[l], ki->m.mode);
            break;
        case OP_SELP: {
            uint32_t p = rd_pred(w, &ki->s[2]);
            r = norm((p >> l & 1) ? A : B, t);
            break;
        }
        case OP_SLCT: {
            int ge;
            if (ki->m.type2 == PT_F32) {
                float fc = as_f32(c[l]);
                /* .ftz: a subnormal c counts as (signed) zero, so a is
                   selected. */
                if (ki->m.ftz)
                    fc = f32_ftz(fc);
                ge = fc >= 0.0f;
            } else {
                ge = (int32_t)(uint32_t)c[l] >= 0;
            }
            r = norm(ge ? A : B, t);
            break;
        }
        default:
            return fx_fault(x, w, ki, l, "internal: no integer semantics for '%s'",
                            ptx_op_name(ki->op));
        }
        d[l] = r;
    }
    if (ki->m.cc)
        w->cc = (w->cc & ~m) | (cc_out & m);
    wr(w, &ki->d[0], d, m);
    return FX_OK;
}
