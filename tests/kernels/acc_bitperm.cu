// Acceptance kernel: byte permutes and funnel shifts as CUDA programmers
// write them (hashing, endianness swaps, rotates): __byte_perm (prmt.b32),
// prmt.b32 with sign-replicating selector nibbles through inline PTX, the
// rotate idiom (x << s) | (x >> (32 - s)) that nvcc turns into shf, the
// __funnelshift_* intrinsics (shf.l/.r with .wrap and .clamp), a 64-bit
// rotate, a byte swap, and a small hash (murmur3 finalizer + rotl).
#include <cstdint>

__device__ __forceinline__ unsigned prmt_raw(unsigned a, unsigned b, unsigned sel)
{
    unsigned d;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(sel));
    return d;
}

__device__ __forceinline__ unsigned rotl32(unsigned x, unsigned s)
{
    return (x << s) | (x >> (32u - s));
}

#define NB 14

extern "C" __global__ void bitperm(const unsigned *a, const unsigned *b, const unsigned *s,
                                   unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned x = a[i], y = b[i], sv = s[i];
    unsigned r[NB];
    r[0] = __byte_perm(x, y, 0x0123);                 // byte swap of x
    r[1] = __byte_perm(x, y, 0x7531);                 // odd bytes of y:x
    r[2] = __byte_perm(x, y, sv & 0x7777u);           // data-dependent selector
    r[3] = prmt_raw(x, y, sv);                        // includes sign-replicate bits
    unsigned rs = 1u + sv % 31u;                      // 1..31
    r[4] = rotl32(x, rs);
    r[5] = (x >> rs) | (x << (32u - rs));             // rotate right
    r[6] = __funnelshift_l(x, y, sv);                 // shift amount taken mod 32
    r[7] = __funnelshift_lc(x, y, sv & 63u);          // clamped at 32
    r[8] = __funnelshift_r(x, y, sv);
    r[9] = __funnelshift_rc(x, y, sv & 63u);
    unsigned long long w = ((unsigned long long)y << 32) | x;
    unsigned s64 = 1u + sv % 63u;
    unsigned long long rw = (w << s64) | (w >> (64u - s64));
    r[10] = (unsigned)rw;
    r[11] = (unsigned)(rw >> 32);
    unsigned h = x ^ (y * 0xcc9e2d51u);
    h = rotl32(h, 15) * 0x1b873593u;
    h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16;
    r[12] = h;
    r[13] = __byte_perm(x, 0, 0x4440) | (__byte_perm(y, 0, 0x3210) & 0xff00u);
    for (int k = 0; k < NB; ++k)
        out[k * n + i] = r[k];
}
