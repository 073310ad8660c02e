// Acceptance kernels: conversions (cvt) between floating point and integer
// types with every rounding mode, including out-of-range inputs (PTX
// float-to-integer cvt saturates), NaN (converts to 0), infinities, ties,
// and integer-to-float conversions of values that do not fit the mantissa.
#include <cstdint>

// Rows of oi/ou: 4 each; oll/oull: 2 each.
extern "C" __global__ void cvt_f32_to_int(const float *x, int *oi, unsigned *ou,
                                          long long *oll, unsigned long long *oull, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    oi[0 * n + i] = (int)v;                 // cvt.rzi.s32.f32
    oi[1 * n + i] = __float2int_rn(v);      // cvt.rni.s32.f32
    oi[2 * n + i] = __float2int_rd(v);      // cvt.rmi.s32.f32
    oi[3 * n + i] = __float2int_ru(v);      // cvt.rpi.s32.f32
    ou[0 * n + i] = (unsigned)v;            // cvt.rzi.u32.f32
    ou[1 * n + i] = __float2uint_rn(v);
    ou[2 * n + i] = __float2uint_rd(v);
    ou[3 * n + i] = __float2uint_ru(v);
    oll[0 * n + i] = (long long)v;          // cvt.rzi.s64.f32
    oll[1 * n + i] = __float2ll_rd(v);
    oull[0 * n + i] = (unsigned long long)v;
    oull[1 * n + i] = __float2ull_rn(v);
}

extern "C" __global__ void cvt_f64_to_int(const double *x, int *oi, unsigned *ou,
                                          long long *oll, unsigned long long *oull, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double v = x[i];
    oi[0 * n + i] = (int)v;                 // cvt.rzi.s32.f64
    oi[1 * n + i] = __double2int_rn(v);
    ou[0 * n + i] = (unsigned)v;
    ou[1 * n + i] = __double2uint_ru(v);
    oll[0 * n + i] = (long long)v;
    oll[1 * n + i] = __double2ll_rd(v);     // cvt.rmi.s64.f64
    oull[0 * n + i] = (unsigned long long)v;
    oull[1 * n + i] = __double2ull_rn(v);
}

// Integer to floating point. of: 10 rows, od: 6 rows.
extern "C" __global__ void cvt_int_to_fp(const int *a, const unsigned *b, const long long *c,
                                         const unsigned long long *d, float *of, double *od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int va = a[i];
    unsigned vb = b[i];
    long long vc = c[i];
    unsigned long long vd = d[i];
    of[0 * n + i] = (float)va;              // cvt.rn.f32.s32
    of[1 * n + i] = __int2float_rz(va);
    of[2 * n + i] = __int2float_rd(va);
    of[3 * n + i] = __int2float_ru(va);
    of[4 * n + i] = (float)vb;              // cvt.rn.f32.u32
    of[5 * n + i] = __uint2float_rd(vb);
    of[6 * n + i] = (float)vc;              // cvt.rn.f32.s64
    of[7 * n + i] = __ll2float_rz(vc);
    of[8 * n + i] = (float)vd;              // cvt.rn.f32.u64
    of[9 * n + i] = __ull2float_ru(vd);
    od[0 * n + i] = (double)va;
    od[1 * n + i] = (double)vb;
    od[2 * n + i] = (double)vc;             // cvt.rn.f64.s64
    od[3 * n + i] = __ll2double_rz(vc);
    od[4 * n + i] = (double)vd;             // cvt.rn.f64.u64
    od[5 * n + i] = __ull2double_rd(vd);
}

// Float <-> double and float/double to integral values. of: 9 rows, od: 6 rows.
extern "C" __global__ void cvt_fp_fp(const float *x, const double *y, float *of, double *od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float f = x[i];
    double d = y[i];
    of[0 * n + i] = (float)d;               // cvt.rn.f32.f64
    of[1 * n + i] = __double2float_rz(d);
    of[2 * n + i] = __double2float_rd(d);
    of[3 * n + i] = __double2float_ru(d);
    of[4 * n + i] = rintf(f);               // cvt.rni.f32.f32
    of[5 * n + i] = floorf(f);              // cvt.rmi.f32.f32
    of[6 * n + i] = ceilf(f);               // cvt.rpi.f32.f32
    of[7 * n + i] = truncf(f);              // cvt.rzi.f32.f32
    of[8 * n + i] = (float)((double)f * 3.0);
    od[0 * n + i] = (double)f;              // cvt.f64.f32 (exact)
    od[1 * n + i] = rint(d);
    od[2 * n + i] = floor(d);
    od[3 * n + i] = ceil(d);
    od[4 * n + i] = trunc(d);
    od[5 * n + i] = (double)(f * 0.5f);
}

// Narrow integer conversions: s8/s16/u8/u16 truncation and sign extension.
extern "C" __global__ void cvt_narrow(const int *a, int *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = a[i];
    o[0 * n + i] = (signed char)v;
    o[1 * n + i] = (unsigned char)v;
    o[2 * n + i] = (short)v;
    o[3 * n + i] = (unsigned short)v;
    o[4 * n + i] = (int)(long long)(signed char)(v >> 3) * 1000;
    o[5 * n + i] = (short)(v * 3) >> 2;     // arithmetic shift of a sign-extended s16
}
