// Acceptance kernels: atomics on global memory (atom.global.* and, where the
// result is unused, red.global.*). Every thread returns the old value it saw
// so that the serialisation order can be checked, not only the final value.
#include <cstdint>

// c: counters. olds: one row of per-thread old values per operation.
//  c32[0] int add, c32[1] unsigned add (wraps), c32[2] int min, c32[3] int max,
//  c32[4] unsigned min, c32[5] unsigned max, c32[6] inc, c32[7] dec,
//  c32[8] and, c32[9] or, c32[10] xor, c32[11] exch, c32[12] red add (no return),
//  c32[13] cas counter, c32[14] inc with wrap 0, c32[15] dec with wrap 4,
//  c32[16] red max (no return)
//  cf[0] float add, cf[1] float CAS max, cf[2] float red add
//  cd[0] double add
//  c64[0] u64 add (wraps), c64[1] s64 min, c64[2] u64 max, c64[3] u64 xor,
//  c64[4] u64 cas, c64[5] u64 exch, c64[6] u64 and, c64[7] u64 or
extern "C" __global__ void atom_global(const int *v, int *c32, float *cf, double *cd,
                                       unsigned long long *c64, int *o32, float *of,
                                       double *od, unsigned long long *o64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = v[i];
    unsigned ux = (unsigned)x;

    o32[0 * n + i] = atomicAdd(&c32[0], (x & 1023) + 1);
    o32[1 * n + i] = (int)atomicAdd((unsigned *)&c32[1], ux | 0x10000000u);
    o32[2 * n + i] = atomicMin(&c32[2], x);
    o32[3 * n + i] = atomicMax(&c32[3], x);
    o32[4 * n + i] = (int)atomicMin((unsigned *)&c32[4], ux);
    o32[5 * n + i] = (int)atomicMax((unsigned *)&c32[5], ux);
    o32[6 * n + i] = (int)atomicInc((unsigned *)&c32[6], 13u);
    o32[7 * n + i] = (int)atomicDec((unsigned *)&c32[7], 9u);
    o32[8 * n + i] = atomicAnd(&c32[8], ~(1 << (i & 31)) | (x & 0x0f0f0f0f));
    o32[9 * n + i] = atomicOr(&c32[9], 1 << (i % 29));
    o32[10 * n + i] = atomicXor(&c32[10], (int)(ux ^ ((unsigned)i * 0x9E3779B9u)));
    o32[11 * n + i] = atomicExch(&c32[11], i * 7 + 1);
    asm volatile("{\n\t.reg .u64 ga;\n\tcvta.to.global.u64 ga, %0;\n\t"
                 "red.global.add.u32 [ga], %1;\n\t}" :: "l"(&c32[12]), "r"(x) : "memory");
    asm volatile("{\n\t.reg .u64 ga;\n\tcvta.to.global.u64 ga, %0;\n\t"
                 "red.global.max.s32 [ga], %1;\n\t}" :: "l"(&c32[16]), "r"(x) : "memory");

    int old = c32[13], assumed;                               // CAS-loop increment
    do {
        assumed = old;
        old = atomicCAS(&c32[13], assumed, assumed + i + 1);
    } while (old != assumed);
    o32[12 * n + i] = old;
    o32[13 * n + i] = (int)atomicInc((unsigned *)&c32[14], 0u);
    o32[14 * n + i] = (int)atomicDec((unsigned *)&c32[15], 4u);

    float fx = (float)((x & 63) + 1) * 0.25f;                 // exact sums, > 0
    of[0 * n + i] = atomicAdd(&cf[0], fx);
    float fv = (float)x * 0.5f;                               // CAS-loop float max
    int *addr = (int *)&cf[1];
    int oldi = *addr, ass;
    do {
        ass = oldi;
        if (__int_as_float(ass) >= fv)
            break;
        oldi = atomicCAS(addr, ass, __float_as_int(fv));
    } while (oldi != ass);
    of[1 * n + i] = __int_as_float(oldi);
    asm volatile("{\n\t.reg .u64 ga;\n\tcvta.to.global.u64 ga, %0;\n\t"
                 "red.global.add.f32 [ga], %1;\n\t}" :: "l"(&cf[2]), "f"(-fx) : "memory");

    od[i] = atomicAdd(&cd[0], (double)(x & 0xffffff) * 0.125 + 0.125);

    unsigned long long ux64 = ((unsigned long long)ux << 32) | (unsigned)(i * 2654435761u);
    o64[0 * n + i] = atomicAdd(&c64[0], ux64 | 1ull);
    o64[1 * n + i] = (unsigned long long)atomicMin((long long *)&c64[1], (long long)ux64);
    o64[2 * n + i] = atomicMax(&c64[2], ux64);
    o64[3 * n + i] = atomicXor(&c64[3], ux64 * 0x9E3779B97F4A7C15ull);
    unsigned long long o = c64[4], a;
    do {
        a = o;
        o = atomicCAS(&c64[4], a, a + ((unsigned long long)(i + 1) << 33));
    } while (o != a);
    o64[4 * n + i] = o;
    o64[5 * n + i] = atomicExch(&c64[5], ux64);
    o64[6 * n + i] = atomicAnd(&c64[6], ~(1ull << (i & 63)));
    o64[7 * n + i] = atomicOr(&c64[7], 1ull << ((i * 5) & 63));
}
