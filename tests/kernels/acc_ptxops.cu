// Acceptance kernel: PTX instructions from SPEC 2.1 that nvcc rarely emits
// on its own, written as inline PTX the way low-level CUDA code does:
// shifts by >= the register width (clamped), bfe/bfi with out-of-range
// position/length, setp with a predicate combiner and two destinations,
// slct, cnot, mad.hi, mad.wide, cvt narrowing with and without .sat,
// add/sub.sat.s32, abs/neg of the most negative value, predicated
// instructions (@p / @!p), 16-bit pack/unpack through mov.b32 {lo, hi},
// f32 .sat and .ftz modifiers, approximate sqrt/rcp/div.full, and 64-bit
// variants.
#include <cstdint>

#define ASM1(op, a) ({ unsigned d_; asm(op : "=r"(d_) : "r"(a)); d_; })
#define ASM2(op, a, b) ({ unsigned d_; asm(op : "=r"(d_) : "r"(a), "r"(b)); d_; })
#define ASM3(op, a, b, c) ({ unsigned d_; asm(op : "=r"(d_) : "r"(a), "r"(b), "r"(c)); d_; })

#define NU 27
#define NF 9
#define NL 10

extern "C" __global__ void ptx_ops(const unsigned *A, const unsigned *B, const unsigned *C,
                                   const float *F, const float *G, const unsigned long long *X,
                                   const unsigned long long *Y, unsigned *ou, float *of,
                                   unsigned long long *ol, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned a = A[i], b = B[i], c = C[i];
    float f = F[i], g = G[i];
    unsigned long long x = X[i], y = Y[i];
    unsigned r[NU];
    r[0] = ASM2("shl.b32 %0, %1, %2;", a, c & 63u);
    r[1] = ASM2("shr.u32 %0, %1, %2;", a, c & 63u);
    r[2] = ASM2("shr.s32 %0, %1, %2;", a, c & 63u);
    r[3] = ASM2("shl.b32 %0, %1, %2;", a, c);
    r[4] = ASM3("bfe.u32 %0, %1, %2, %3;", a, b, c);
    r[5] = ASM3("bfe.s32 %0, %1, %2, %3;", a, b, c);
    {
        unsigned d_;
        asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d_) : "r"(b), "r"(a), "r"(c), "r"(c >> 8));
        r[6] = d_;
    }
    r[7] = ASM3("{\n\t.reg .pred p, q, cp;\n\t.reg .u32 t1, t2;\n\tsetp.ne.u32 cp, %3, 0;\n\t"
                "setp.lt.and.s32 p|q, %1, %2, cp;\n\tselp.u32 t1, 1, 0, p;\n\tselp.u32 t2, 2, 0, q;\n\t"
                "or.b32 %0, t1, t2;\n\t}", a, b, c & 1u);
    r[8] = ASM3("{\n\t.reg .pred p, q, cp;\n\t.reg .u32 t1, t2;\n\tsetp.ne.u32 cp, %3, 0;\n\t"
                "setp.ge.or.u32 p|q, %1, %2, cp;\n\tselp.u32 t1, 1, 0, p;\n\tselp.u32 t2, 2, 0, q;\n\t"
                "or.b32 %0, t1, t2;\n\t}", a, b, c & 2u);
    r[9] = ASM3("{\n\t.reg .pred p, q, cp;\n\t.reg .u32 t1, t2;\n\tsetp.ne.u32 cp, %3, 0;\n\t"
                "setp.ne.xor.s32 p|q, %1, %2, cp;\n\tselp.u32 t1, 1, 0, p;\n\tselp.u32 t2, 2, 0, q;\n\t"
                "or.b32 %0, t1, t2;\n\t}", a & 7u, b & 7u, c & 4u);
    r[10] = ASM3("slct.s32.s32 %0, %1, %2, %3;", a, b, c);
    {
        unsigned d_;
        asm("slct.u32.f32 %0, %1, %2, %3;" : "=r"(d_) : "r"(a), "r"(b), "f"(f));
        r[11] = d_;
    }
    r[12] = ASM1("cnot.b32 %0, %1;", a & c & 7u);
    r[13] = ASM3("mad.hi.s32 %0, %1, %2, %3;", a, b, c);
    r[14] = ASM3("mad.hi.u32 %0, %1, %2, %3;", a, b, c);
    r[15] = ASM1("cvt.s8.s32 %0, %1;", a);
    r[16] = ASM1("cvt.sat.s8.s32 %0, %1;", (unsigned)((int)a >> (c & 31)));
    r[17] = ASM1("cvt.sat.u8.s32 %0, %1;", (unsigned)((int)a >> (c & 31)));
    r[18] = ASM1("cvt.sat.s16.s32 %0, %1;", (unsigned)((int)a >> (c & 31)));
    r[19] = ASM1("cvt.sat.u32.s32 %0, %1;", a);
    r[20] = ASM1("cvt.sat.s32.u32 %0, %1;", a);
    r[21] = ASM2("add.sat.s32 %0, %1, %2;", a, b);
    r[22] = ASM2("sub.sat.s32 %0, %1, %2;", a, b);
    r[23] = ASM1("abs.s32 %0, %1;", a);
    r[24] = ASM1("neg.s32 %0, %1;", a);
    r[25] = ASM3("{\n\t.reg .pred p;\n\tsetp.gt.s32 p, %1, %2;\n\tmov.u32 %0, %3;\n\t"
                 "@p add.u32 %0, %0, 1;\n\t@!p sub.u32 %0, %0, 1;\n\t@p shl.b32 %0, %0, 1;\n\t}", a, b, c);
    r[26] = ASM1("{\n\t.reg .b16 lo, hi;\n\tmov.b32 {lo, hi}, %1;\n\txor.b16 lo, lo, hi;\n\t"
                 "mov.b32 %0, {hi, lo};\n\t}", a);
    for (int k = 0; k < NU; ++k)
        ou[k * n + i] = r[k];

    float s[NF];
    asm("add.sat.f32 %0, %1, %2;" : "=f"(s[0]) : "f"(f), "f"(g));
    asm("mul.ftz.f32 %0, %1, %2;" : "=f"(s[1]) : "f"(f), "f"(g));
    asm("fma.rn.sat.f32 %0, %1, %2, %1;" : "=f"(s[2]) : "f"(f), "f"(g));
    asm("sqrt.approx.f32 %0, %1;" : "=f"(s[3]) : "f"(fabsf(f)));
    asm("rcp.approx.f32 %0, %1;" : "=f"(s[4]) : "f"(f));
    asm("div.full.f32 %0, %1, %2;" : "=f"(s[5]) : "f"(f), "f"(g));
    asm("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %3, 0;\n\tselp.f32 %0, %1, %2, p;\n\t}"
        : "=f"(s[6]) : "f"(f), "f"(g), "r"(a & 1u));
    asm("min.f32 %0, %1, %2;" : "=f"(s[7]) : "f"(f), "f"(g));
    asm("abs.ftz.f32 %0, %1;" : "=f"(s[8]) : "f"(f));
    for (int k = 0; k < NF; ++k)
        of[k * n + i] = s[k];

    unsigned long long l[NL];
    asm("shl.b64 %0, %1, %2;" : "=l"(l[0]) : "l"(x), "r"(c & 127u));
    asm("shr.s64 %0, %1, %2;" : "=l"(l[1]) : "l"(x), "r"(c & 127u));
    asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(l[2]) : "r"(a), "r"(b), "l"(x));
    asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(l[3]) : "r"(a), "r"(b), "l"(x));
    asm("min.u64 %0, %1, %2;" : "=l"(l[4]) : "l"(x), "l"(y));
    asm("max.s64 %0, %1, %2;" : "=l"(l[5]) : "l"(x), "l"(y));
    asm("mov.b64 %0, {%1, %2};" : "=l"(l[6]) : "r"(a), "r"(b));
    asm("bfe.u64 %0, %1, %2, %3;" : "=l"(l[7]) : "l"(x), "r"(b), "r"(c));
    asm("{\n\t.reg .pred p;\n\tsetp.lt.s64 p, %1, %2;\n\tselp.b64 %0, %1, %2, p;\n\t}"
        : "=l"(l[8]) : "l"(x), "l"(y));
    asm("abs.s64 %0, %1;" : "=l"(l[9]) : "l"(x));
    for (int k = 0; k < NL; ++k)
        ol[k * n + i] = l[k];
}

// Odd lanes leave the kernel through an explicit `exit` in the middle of the
// code; the even lanes continue and exchange values among themselves.
extern "C" __global__ void ptx_exit(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    out[2 * i] = v + 1;
    if (lane & 1)
        asm volatile("exit;");
    int w = __shfl_xor_sync(0x55555555u, v, 2);
    out[2 * i + 1] = w * 2;
}

// The condition-code carry flag shared by add/sub/mad .cc and addc/subc/
// madc. out: 8 fixed flag probes, then per thread (11 words) a 96-bit
// difference + no-borrow flag, a 96-bit sum + carry, and a 64x32-bit
// multiply-add through mad.lo.cc/madc.hi.
extern "C" __global__ void ptx_carry(const unsigned *A, const unsigned *B, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    if (i == 0) {
        unsigned p[8];
        asm("{\n\t.reg .b32 t;\n\t"
            "sub.cc.u32 t, 0, 0;\n\taddc.u32 %0, 0, 0;\n\t"
            "sub.cc.u32 t, 0, 1;\n\taddc.u32 %1, 0, 0;\n\t"
            "add.cc.u32 t, 0, 0;\n\tsubc.u32 %2, 0, 0;\n\t"
            "add.cc.u32 t, -1, -1;\n\tsubc.u32 %3, 0, 0;\n\t"
            "sub.cc.u32 t, 5, 3;\n\tsubc.u32 %4, 10, 4;\n\t"
            "sub.cc.u32 t, 3, 5;\n\tsubc.u32 %5, 10, 4;\n\t"
            "mad.lo.cc.u32 t, 1, -1, -1;\n\taddc.u32 %6, 0, 0;\n\t"
            "add.cc.u32 t, 1, 1;\n\tsubc.cc.u32 t, 0, 1;\n\taddc.u32 %7, 0, 0;\n\t}"
            : "=r"(p[0]), "=r"(p[1]), "=r"(p[2]), "=r"(p[3]), "=r"(p[4]), "=r"(p[5]), "=r"(p[6]), "=r"(p[7]));
        for (int k = 0; k < 8; ++k)
            out[k] = p[k];
    }
    const unsigned *a = A + 3 * i, *b = B + 3 * i;
    unsigned d0, d1, d2, nb, s0, s1, s2, c, m0, m1, m2;
    // 96-bit a - b; the final carry (1 = no borrow) captured with addc
    asm("sub.cc.u32 %0, %4, %7;\n\tsubc.cc.u32 %1, %5, %8;\n\tsubc.cc.u32 %2, %6, %9;\n\taddc.u32 %3, 0, 0;"
        : "=&r"(d0), "=&r"(d1), "=&r"(d2), "=&r"(nb)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(b[0]), "r"(b[1]), "r"(b[2]));
    // 96-bit a + b with the carry out
    asm("add.cc.u32 %0, %4, %7;\n\taddc.cc.u32 %1, %5, %8;\n\taddc.cc.u32 %2, %6, %9;\n\taddc.u32 %3, 0, 0;"
        : "=&r"(s0), "=&r"(s1), "=&r"(s2), "=&r"(c)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(b[0]), "r"(b[1]), "r"(b[2]));
    // (a1:a0) * b0 + (b2:b1) as a 96-bit result (m2:m1:m0)
    asm("mad.lo.cc.u32 %0, %3, %5, %6;\n\tmadc.hi.cc.u32 %1, %3, %5, %7;\n\taddc.u32 %2, 0, 0;\n\t"
        "mad.lo.cc.u32 %1, %4, %5, %1;\n\tmadc.hi.u32 %2, %4, %5, %2;"
        : "=&r"(m0), "=&r"(m1), "=&r"(m2)
        : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(b[2]));
    unsigned *w = out + 8 + 11 * i;
    w[0] = d0; w[1] = d1; w[2] = d2; w[3] = nb;
    w[4] = s0; w[5] = s1; w[6] = s2; w[7] = c;
    w[8] = m0; w[9] = m1; w[10] = m2;
}
