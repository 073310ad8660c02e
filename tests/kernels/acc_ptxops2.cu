// Acceptance kernel: more hand-written PTX that low-level CUDA libraries use
// through inline asm: set (integer and float results), lop3 with several
// lookup tables, bfind (.u32, .s32, .shiftamt), mul24/mad24, testp,
// copysign (PTX operand order), vote.sync.uni, the %lanemask_* registers,
// and tanh.approx.f32.
#define NU 18
#define NF 3

extern "C" __global__ void ptx_ops2(const unsigned *A, const unsigned *B, const unsigned *C,
                                    const float *F, const float *G, unsigned *ou, float *of, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned a = A[i], b = B[i], c = C[i];
    float f = F[i], g = G[i];
    unsigned r[NU];
    asm("set.lt.u32.s32 %0, %1, %2;" : "=r"(r[0]) : "r"(a), "r"(b));
    asm("set.hs.u32.u32 %0, %1, %2;" : "=r"(r[1]) : "r"(a), "r"(b));
    {
        float t;
        asm("set.gtu.f32.f32 %0, %1, %2;" : "=f"(t) : "f"(f), "f"(g));
        r[2] = __float_as_uint(t);
    }
    asm("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));   // majority
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(c));   // a ^ b ^ c
    asm("lop3.b32 %0, %1, %2, %3, 0xCA;" : "=r"(r[5]) : "r"(a), "r"(b), "r"(c));   // a ? b : c
    asm("lop3.b32 %0, %1, %2, %3, 0x1E;" : "=r"(r[6]) : "r"(a), "r"(b), "r"(c));   // a ^ (b | c)
    asm("bfind.u32 %0, %1;" : "=r"(r[7]) : "r"(a >> (c & 31)));
    asm("bfind.s32 %0, %1;" : "=r"(r[8]) : "r"((unsigned)((int)a >> (c & 31))));
    asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r[9]) : "r"(a >> (c & 31)));
    asm("mul24.lo.u32 %0, %1, %2;" : "=r"(r[10]) : "r"(a), "r"(b));
    asm("mul24.hi.u32 %0, %1, %2;" : "=r"(r[11]) : "r"(a), "r"(b));
    asm("mul24.lo.s32 %0, %1, %2;" : "=r"(r[12]) : "r"(a), "r"(b));
    asm("mad24.lo.s32 %0, %1, %2, %3;" : "=r"(r[13]) : "r"(a), "r"(b), "r"(c));
    asm("{\n\t.reg .pred p0, p1, p2, p3, p4, p5;\n\t.reg .u32 t;\n\t"
        "testp.finite.f32 p0, %1;\n\ttestp.infinite.f32 p1, %1;\n\ttestp.number.f32 p2, %1;\n\t"
        "testp.notanumber.f32 p3, %1;\n\ttestp.normal.f32 p4, %1;\n\ttestp.subnormal.f32 p5, %1;\n\t"
        "selp.u32 %0, 1, 0, p0;\n\tselp.u32 t, 2, 0, p1;\n\tor.b32 %0, %0, t;\n\t"
        "selp.u32 t, 4, 0, p2;\n\tor.b32 %0, %0, t;\n\tselp.u32 t, 8, 0, p3;\n\tor.b32 %0, %0, t;\n\t"
        "selp.u32 t, 16, 0, p4;\n\tor.b32 %0, %0, t;\n\tselp.u32 t, 32, 0, p5;\n\tor.b32 %0, %0, t;\n\t}"
        : "=r"(r[14]) : "f"(f));
    asm("{\n\t.reg .pred p, q;\n\tsetp.ne.u32 p, %1, 0;\n\tvote.sync.uni.pred q, p, 0xffffffff;\n\t"
        "selp.u32 %0, 1, 0, q;\n\t}" : "=r"(r[15]) : "r"(b & 1u));
    {
        unsigned lt, le, eq, gt, ge;
        asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
        asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
        asm("mov.u32 %0, %%lanemask_eq;" : "=r"(eq));
        asm("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
        asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
        r[16] = lt ^ (le << 1) ^ (eq * 3u) ^ gt;
        r[17] = ge;
    }
    for (int k = 0; k < NU; ++k)
        ou[k * n + i] = r[k];

    float s[NF];
    asm("copysign.f32 %0, %1, %2;" : "=f"(s[0]) : "f"(f), "f"(g));   // |g| with the sign of f
    asm("tanh.approx.f32 %0, %1;" : "=f"(s[1]) : "f"(f));
    asm("{\n\t.reg .pred p;\n\tsetp.num.f32 p, %1, %2;\n\t@p add.f32 %0, %1, %2;\n\t@!p mov.f32 %0, 0f3F800000;\n\t}"
        : "=f"(s[2]) : "f"(f), "f"(g));
    for (int k = 0; k < NF; ++k)
        of[k * n + i] = s[k];
}

// shfl.sync with the predicate destination (d|p): p tells whether the
// source lane was inside the segment. b and c come from data, so clamp and
// segment-mask values vary per launch row.
extern "C" __global__ void shfl_pred(const unsigned *B, const unsigned *C, unsigned *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = i * 3 + 1000;
    unsigned b = B[blockIdx.x], c = C[blockIdx.x];
    unsigned d[4], p[4];
    asm("{\n\t.reg .pred q;\n\tshfl.sync.up.b32 %0|q, %2, %3, %4, 0xffffffff;\n\tselp.u32 %1, 1, 0, q;\n\t}"
        : "=r"(d[0]), "=r"(p[0]) : "r"(v), "r"(b), "r"(c));
    asm("{\n\t.reg .pred q;\n\tshfl.sync.down.b32 %0|q, %2, %3, %4, 0xffffffff;\n\tselp.u32 %1, 1, 0, q;\n\t}"
        : "=r"(d[1]), "=r"(p[1]) : "r"(v), "r"(b), "r"(c | 0x1fu));
    asm("{\n\t.reg .pred q;\n\tshfl.sync.bfly.b32 %0|q, %2, %3, %4, 0xffffffff;\n\tselp.u32 %1, 1, 0, q;\n\t}"
        : "=r"(d[2]), "=r"(p[2]) : "r"(v), "r"(b), "r"(c | 0x1fu));
    asm("{\n\t.reg .pred q;\n\tshfl.sync.idx.b32 %0|q, %2, %3, %4, 0xffffffff;\n\tselp.u32 %1, 1, 0, q;\n\t}"
        : "=r"(d[3]), "=r"(p[3]) : "r"(v), "r"(b), "r"(c | 0x1fu));
    for (int k = 0; k < 4; ++k) {
        out[8 * i + 2 * k] = d[k];
        out[8 * i + 2 * k + 1] = p[k];
    }
}
