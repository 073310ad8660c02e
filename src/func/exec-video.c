/*
** exec-video.c - dp4a, dp2a and the video instructions, as the PTX ISA
** defines them. Scalar video instructions (vadd vsub vabsdiff vmin vmax
** vshl vshr vmad vset) take a byte, half or word of each source (the
** operand selector), extended by its type; compute in wide arithmetic;
** optionally clamp to the destination's range (of the selected part when
** merging); then apply a secondary operation with c (.add .min .max) or
** merge the part into c. SIMD ones (vadd2 ... vset2 on two halves, vadd4
** ... vset4 on four bytes) pick each lane's operands from the eight bytes
** of b:a, clamp per lane, and merge the lanes of a mask into c or add
** them to c. dp4a/dp2a results wrap modulo 2^32 (recorded on an H100,
** as is the plain vabsdiff); the other forms follow the ISA text.
*/
#include "func/exec-internal.h"

static bool sgn(uint8_t t)
{
    return ptx_type_is_signed((enum ptx_type)t);
}

/* The low `bits` bits of v, sign- or zero-extended. */
static int64_t ext(uint64_t v, int bits, bool is_signed)
{
    return is_signed ? (int64_t)sext(v, bits) : (int64_t)(v & bits_mask(bits));
}

/* A scalar operand's selected byte, half or (no selector) word. */
static int64_t part(uint32_t v, const struct ptx_sel *s, bool is_signed)
{
    if (s->kind == 'b')
        return ext(v >> (8 * s->dig[0]), 8, is_signed);
    if (s->kind == 'h')
        return ext(v >> (16 * s->dig[0]), 16, is_signed);
    return ext(v, 32, is_signed);
}

static __int128 clamp(__int128 v, int bits, bool is_signed)
{
    __int128 hi = is_signed ? ((__int128)1 << (bits - 1)) - 1
                            : ((__int128)1 << bits) - 1;
    __int128 lo = is_signed ? -((__int128)1 << (bits - 1)) : 0;
    return v > hi ? hi : v < lo ? lo : v;
}

static bool compare(uint8_t cmp, int64_t a, int64_t b)
{
    switch (cmp) {
    case CMP_EQ: return a == b;
    case CMP_NE: return a != b;
    case CMP_LT: return a < b;
    case CMP_LE: return a <= b;
    case CMP_GT: return a > b;
    default: return a >= b;
    }
}

static uint32_t dot(const struct kinst *ki, uint32_t a, uint32_t b, uint32_t c)
{
    bool sa = sgn(ki->m.type), sb = sgn(ki->m.type2);
    uint32_t d = c;                              /* wraps modulo 2^32 */
    if (ki->op == OP_DP4A) {
        for (int i = 0; i < 4; i++)
            d += (uint32_t)(ext(a >> (8 * i), 8, sa) * ext(b >> (8 * i), 8, sb));
        return d;
    }
    int k = ki->m.mode == MUL_HI ? 2 : 0;        /* which bytes of b */
    for (int i = 0; i < 2; i++)
        d += (uint32_t)(ext(a >> (16 * i), 16, sa) *
                        ext(b >> (8 * (k + i)), 8, sb));
    return d;
}

/* vmad: (+-a * +-b) + +-c, .po adding one, then .shr7/.shr15 and .sat. */
static uint32_t vmad(const struct kinst *ki, uint32_t a, uint32_t b,
                     uint32_t c)
{
    bool sa = sgn(ki->m.type2), sb = sgn(ki->m.type3);
    bool neg_ab = (ki->s[0].neg == 2) != (ki->s[1].neg == 2);
    bool neg_c = ki->s[2].neg == 2;
    bool signed_final = sa || sb || neg_ab || neg_c;
    __int128 t = (__int128)part(a, &ki->s[0].sel, sa) *
                 part(b, &ki->s[1].sel, sb);
    int lsb = 0;
    if (ki->m.po) {
        lsb = 1;
    } else if (neg_ab) {
        t = ~t;                                  /* -t = ~t + 1 */
        lsb = 1;
    } else if (neg_c) {
        c = ~c;
        lsb = 1;
    }
    t += ext(c, 32, signed_final) + lsb;
    t >>= ki->m.scale;                           /* arithmetic: sign kept */
    if (ki->m.sat)
        t = clamp(t, 32, signed_final);
    return (uint32_t)t;
}

/* The scalar forms other than vmad. */
static uint32_t scalar(const struct kinst *ki, uint32_t a, uint32_t b,
                       uint32_t c)
{
    bool vset = ki->op == OP_VSET;
    bool sa = sgn(vset ? ki->m.type : ki->m.type2);
    bool sb = sgn(vset ? ki->m.type2 : ki->m.type3);
    bool sd = !vset && sgn(ki->m.type);          /* vset's d is unsigned */
    int64_t ta = part(a, &ki->s[0].sel, sa), tb = part(b, &ki->s[1].sel, sb);
    __int128 t;
    switch (ki->op) {
    case OP_VADD: t = ta + tb; break;
    case OP_VSUB: t = ta - tb; break;
    case OP_VABSDIFF: t = ta > tb ? ta - tb : tb - ta; break;
    case OP_VMIN: t = ta < tb ? ta : tb; break;
    case OP_VMAX: t = ta > tb ? ta : tb; break;
    case OP_VSHL: case OP_VSHR: {
        uint64_t n = (uint64_t)tb;
        n = ki->m.wrap ? n & 31 : n > 32 ? 32 : n;
        /* shifted as bits: a negative value shifts left without overflow */
        t = ki->op == OP_VSHL ? (__int128)((unsigned __int128)ta << n)
                              : (__int128)(ta >> n);
        break;
    }
    default: t = compare(ki->m.cmp, ta, tb); break;
    }
    const struct ptx_sel *ds = &ki->d[0].sel;
    int dbits = ds->kind == 'b' ? 8 : ds->kind == 'h' ? 16 : 32;
    if (ki->m.sat)
        t = clamp(t, dbits, sd);
    __int128 tc = ext(c, 32, sd);
    switch (ki->m.mode) {
    case VOP2_ADD: return (uint32_t)(t + tc);
    case VOP2_MIN: return (uint32_t)(t < tc ? t : tc);
    case VOP2_MAX: return (uint32_t)(t > tc ? t : tc);
    default: break;
    }
    if (!ds->kind)
        return (uint32_t)t;
    int shift = dbits * ds->dig[0];
    uint32_t lane = (uint32_t)bits_mask(dbits) << shift;
    return (((uint32_t)t << shift) & lane) | (c & ~lane);
}

/* vadd2 ... vset2 (n = 2) and vadd4 ... vset4 (n = 4). */
static uint32_t simd(const struct kinst *ki, int n, uint32_t a, uint32_t b,
                     uint32_t c)
{
    int w = 32 / n, kind = ki->op - (n == 2 ? OP_VADD2 : OP_VADD4);
    bool vset = kind == OP_VSET2 - OP_VADD2;
    bool sa = sgn(vset ? ki->m.type : ki->m.type2);
    bool sb = sgn(vset ? ki->m.type2 : ki->m.type3);
    bool sd = !vset && sgn(ki->m.type);
    const struct ptx_sel *as = &ki->s[0].sel, *bs = &ki->s[1].sel,
                         *ms = &ki->d[0].sel;
    uint64_t ab = (uint64_t)b << 32 | a;
    uint32_t mask = ms->kind ? 0 : (1u << n) - 1, d = 0, sum = c;
    for (int i = 0; i < ms->n; i++)
        mask |= 1u << ms->dig[i];
    for (int i = 0; i < n; i++) {      /* selectors list the top lane first */
        int ka = as->kind ? as->dig[n - 1 - i] : i;
        int kb = bs->kind ? bs->dig[n - 1 - i] : i + n;
        int64_t va = ext(ab >> (w * ka), w, sa), vb = ext(ab >> (w * kb), w, sb);
        int64_t t;
        switch (kind) {
        case 0: t = va + vb; break;
        case 1: t = va - vb; break;
        case 2: t = va + vb >= 0 ? (va + vb + 1) >> 1 : (va + vb) >> 1; break;
        case 3: t = va > vb ? va - vb : vb - va; break;
        case 4: t = va < vb ? va : vb; break;
        case 5: t = va > vb ? va : vb; break;
        default: t = compare(ki->m.cmp, va, vb); break;
        }
        if (ki->m.sat)
            t = (int64_t)clamp(t, w, sd);
        uint32_t lane = (uint32_t)bits_mask(w) << (w * i);
        if (mask >> i & 1) {
            sum += (uint32_t)t;
            d |= ((uint32_t)t << (w * i)) & lane;
        } else {
            d |= c & lane;
        }
    }
    return ki->m.mode == VOP2_ADD ? sum : d;
}

static uint32_t video_lane(const struct kinst *ki, uint32_t a, uint32_t b,
                           uint32_t c)
{
    switch (ki->op) {
    case OP_DP4A: case OP_DP2A: return dot(ki, a, b, c);
    case OP_VMAD: return vmad(ki, a, b, c);
    default: break;
    }
    if (ki->op >= OP_VADD4)
        return simd(ki, 4, a, b, c);
    if (ki->op >= OP_VADD2)
        return simd(ki, 2, a, b, c);
    return scalar(ki, a, b, c);
}

enum fx_status fx_video(struct fctx *x, struct fwarp *w,
                        const struct kinst *ki, uint32_t m)
{
    lanes_t a, b, c, d;
    rd(x, w, &ki->s[0], a);
    rd(x, w, &ki->s[1], b);
    if (ki->ns > 2)
        rd(x, w, &ki->s[2], c);
    else
        memset(c, 0, sizeof c);
    for (int l = 0; l < WS_WARP; l++)
        if (m >> l & 1)
            d[l] = video_lane(ki, (uint32_t)a[l], (uint32_t)b[l],
                              (uint32_t)c[l]);
    wr(w, &ki->d[0], d, m);
    return FX_OK;
}
