// Acceptance kernels: vector loads/stores (float4, int2, double2, uchar4,
// short2, longlong2; ld/st .v2/.v4) and 8/16-bit element types (ld.s8/u8/
// s16/u16 with sign or zero extension, st.u8/u16 truncation), in global and
// shared memory.

extern "C" __global__ void vec_global(const float4 *f4, const int2 *i2, const double2 *d2,
                                      const longlong2 *l2, float4 *of4, int2 *oi2,
                                      double2 *od2, longlong2 *ol2, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 a = f4[i];
    of4[i] = make_float4(a.w, a.z * 2.0f, a.y + 1.0f, a.x - a.w);
    int2 b = i2[i];
    oi2[i] = make_int2(b.y - b.x, b.x ^ b.y);
    double2 c = d2[i];
    od2[i] = make_double2(c.y * 0.5, c.x + c.y);
    longlong2 l = l2[i];
    ol2[i] = make_longlong2(l.y, l.x - (l.y << 3));
}

extern "C" __global__ void small_types(const signed char *s8, const unsigned char *u8,
                                       const short *s16, const unsigned short *u16,
                                       int *out, signed char *o8, unsigned short *o16, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int a = s8[i];            // sign-extended
    int b = u8[i];            // zero-extended
    int c = s16[i];
    int d = u16[i];
    out[4 * i + 0] = a * 1000 + b;
    out[4 * i + 1] = c * 3 - d;
    out[4 * i + 2] = (signed char)(a + b);          // wraps to 8 bits
    out[4 * i + 3] = (short)(c * d);                // wraps to 16 bits
    o8[i] = (signed char)(a * 3 + 1);               // st.u8 of the low byte
    o16[i] = (unsigned short)(c - d);               // st.u16 of the low half
}

// uchar4 and short2 vectors, and a float4 tile staged through shared memory
// (ld/st.shared.v4.f32) with a rotation between threads.
extern "C" __global__ void vec_small_shared(const uchar4 *u4, const short2 *s2, const float4 *f4,
                                            uchar4 *ou4, short2 *os2, float4 *of4, int n)
{
    __shared__ float4 tile[64];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    uchar4 p = u4[i];
    ou4[i] = make_uchar4(p.w, (unsigned char)(p.z + 100), (unsigned char)(p.y ^ 0x80), p.x);
    short2 q = s2[i];
    os2[i] = make_short2((short)(q.y - q.x), (short)(q.x >> 2));
    tile[t] = f4[i];
    __syncthreads();
    float4 r = tile[(t + 5) % blockDim.x];
    of4[i] = make_float4(r.x + r.y, r.z, -r.w, (float)t);
}

// Loads that nvcc emits as sign-extending ld.global.s8/.s16 directly into
// 32-bit and 64-bit registers, and zero-extending ld.global.u8/.u16.
extern "C" __global__ void small_widen(const signed char *s8, const short *s16,
                                       const unsigned char *u8, const unsigned short *u16,
                                       int *out, long long *out64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    out[2 * i + 0] = s8[i] * 1000 + s16[i];
    out[2 * i + 1] = u8[i] * 100000 + u16[i];
    out64[2 * i + 0] = (long long)s8[n + i] + s16[n + i];
    out64[2 * i + 1] = (long long)u8[n + i] * 3 - (long long)u16[n + i] * 5;
}
