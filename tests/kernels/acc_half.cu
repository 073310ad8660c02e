// Acceptance kernels: half precision and 8-bit integer arithmetic as CUDA
// code uses it (inference and quantised kernels): __half and __half2
// arithmetic and comparisons, conversions both ways, bfloat16 round trips,
// __dp4a/__dp2a in both signednesses and the SIMD byte intrinsics.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

extern "C" __global__ void half_ops(const float *a, const float *b,
                                    const float *c, unsigned short *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __half x = __float2half_rn(a[i]), y = __float2half_rn(b[i]),
           z = __float2half_rn(c[i]);
    unsigned short *o = out + 8 * i;
    o[0] = __half_as_ushort(__hadd(x, y));
    o[1] = __half_as_ushort(__hsub(x, y));
    o[2] = __half_as_ushort(__hmul(x, y));
    o[3] = __half_as_ushort(__hfma(x, y, z));
    o[4] = __half_as_ushort(__hmax(x, y));
    o[5] = __half_as_ushort(__hneg(x));
    o[6] = __hlt(x, y) ? 1 : 0;
    o[7] = __half_as_ushort(__float2half_rz(a[i] * 3.0f));
}

extern "C" __global__ void half2_ops(const float *a, const float *b,
                                     float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __half2 x = __floats2half2_rn(a[i], b[i]);
    __half2 y = __floats2half2_rn(b[i], a[i]);
    __half2 s = __hfma2(x, y, x);
    __half2 m = __hmul2(x, __float2half2_rn(0.5f));
    float *o = out + 4 * i;
    o[0] = __low2float(s);
    o[1] = __high2float(s);
    o[2] = __low2float(m) + __high2float(m);
    o[3] = __hbeq2(x, y) ? 1.0f : 0.0f;
}

extern "C" __global__ void bf16_ops(const float *a, const float *b,
                                    float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __nv_bfloat16 x = __float2bfloat16_rn(a[i]), y = __float2bfloat16_rn(b[i]);
    float *o = out + 3 * i;
    o[0] = __bfloat162float(x);
    o[1] = __bfloat162float(x) * __bfloat162float(y);
    o[2] = __bfloat162float(__float2bfloat16_rz(a[i]));
}

extern "C" __global__ void int8_ops(const int *a, const int *b, const int *c,
                                    int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], y = b[i], z = c[i];
    int *o = out + 6 * i;
    o[0] = __dp4a(x, y, z);
    o[1] = (int)__dp4a((unsigned)x, (unsigned)y, (unsigned)z);
    o[2] = __dp2a_lo(x, y, z);
    o[3] = (int)__dp2a_hi((unsigned)x, (unsigned)y, (unsigned)z);
    o[4] = (int)__vabsdiffu4((unsigned)x, (unsigned)y);
    o[5] = (int)__vsads4((unsigned)x, (unsigned)y);
}
