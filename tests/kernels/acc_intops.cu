// Acceptance kernels: integer edge cases. Signed division/remainder with
// negative operands (truncation toward zero), unsigned division by large
// divisors, 64-bit division, high halves of products (mul.hi 32/64, signed
// and unsigned), widening multiplies, bit reversal, leading zeros, find
// first set, population counts, bit fields written with shifts and masks and
// as C bit-field structs, variable shifts (0..31 / 0..63), min/max/abs, sad.
#include <climits>
#include <cstdint>

#define NI 24

extern "C" __global__ void int32_ops(const int *a, const int *b, const unsigned *s, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    unsigned ux = (unsigned)x, uy = (unsigned)y;
    unsigned sh = s[i] & 31u;
    int r[NI];
    bool ok = y != 0 && !(x == INT_MIN && y == -1);
    r[0] = ok ? x / y : 0x7eadbeef;
    r[1] = ok ? x % y : 0x7eadbeef;
    r[2] = uy != 0 ? (int)(ux / uy) : 0x7eadbeef;
    r[3] = uy != 0 ? (int)(ux % uy) : 0x7eadbeef;
    r[4] = __mulhi(x, y);
    r[5] = (int)__umulhi(ux, uy);
    r[6] = x * y;                                  // mul.lo wraps
    r[7] = (int)__brev(ux);
    r[8] = __clz(x);
    r[9] = __ffs(x);
    r[10] = __popc(ux);
    r[11] = x << sh;
    r[12] = x >> sh;                               // arithmetic
    r[13] = (int)(ux >> sh);                       // logical
    r[14] = (int)((ux >> 7) & 0x3ffu);             // bfe.u32 with constants
    r[15] = (x << 9) >> 20;                        // signed field: bfe.s32
    r[16] = (int)((ux >> (sh & 15)) & ((1u << ((uy & 15u) + 1u)) - 1u)); // variable field
    r[17] = (int)((ux & ~(0xffu << 12)) | ((uy & 0xffu) << 12));         // insert: bfi
    r[18] = min(x, y);
    r[19] = (int)max(ux, uy);
    r[20] = abs(x);                                // abs(INT_MIN) wraps in PTX abs.s32
    r[21] = (int)__sad(x, y, 5u);
    r[22] = (int)__usad(ux, uy, 7u);
    r[23] = ~x ^ (y & 0x55555555) | (x & ~y);
    for (int k = 0; k < NI; ++k)
        out[k * n + i] = r[k];
}

#define NL 16

extern "C" __global__ void int64_ops(const long long *a, const long long *b, const int *c,
                                     long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    long long x = a[i], y = b[i];
    unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
    int z = c[i];
    unsigned sh = (unsigned)z & 63u;
    long long r[NL];
    bool ok = y != 0 && !(x == LLONG_MIN && y == -1);
    r[0] = ok ? x / y : 0x7eadbeefLL;
    r[1] = ok ? x % y : 0x7eadbeefLL;
    r[2] = uy != 0 ? (long long)(ux / uy) : 0x7eadbeefLL;
    r[3] = uy != 0 ? (long long)(ux % uy) : 0x7eadbeefLL;
    r[4] = __mul64hi(x, y);
    r[5] = (long long)__umul64hi(ux, uy);
    r[6] = x * y;
    r[7] = (long long)z * (long long)(int)(unsigned)y;            // mul.wide.s32
    r[8] = (long long)((unsigned long long)(unsigned)z * (unsigned)ux);   // mul.wide.u32
    r[9] = (long long)__brevll(ux);
    r[10] = ((long long)__clzll(x) << 32) | (unsigned)__ffsll(x);
    r[11] = __popcll(ux);
    r[12] = x << sh;
    r[13] = x >> sh;
    r[14] = (long long)(ux >> sh);
    r[15] = x + (y ^ (x >> 63)) - ((long long)z << 40);
    for (int k = 0; k < NL; ++k)
        out[k * n + i] = r[k];
}

struct Packed {
    unsigned lo : 5;
    int mid : 7;
    unsigned hi : 20;
};

// Read-modify-write of C bit fields in place; writes the decoded fields.
extern "C" __global__ void bitfield_struct(Packed *p, int *fields, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    Packed v = p[i];
    fields[3 * i + 0] = (int)v.lo;
    fields[3 * i + 1] = v.mid;
    fields[3 * i + 2] = (int)v.hi;
    v.lo = v.lo + 3;          // wraps modulo 32
    v.mid = v.mid - 70;       // wraps modulo 128 (signed 7-bit)
    v.hi = v.hi ^ 0xabcde;
    p[i] = v;
}
