// Acceptance kernels: single-precision math library and intrinsics as
// compiled by nvcc (no fast-math): sqrtf, rsqrtf, expf, logf, sinf/cosf
// (including the Payne-Hanek slow path for huge arguments, which uses a
// local array and 64-bit multiply-adds), __sinf/__cosf/__expf/__logf,
// exp2f/log2f, powf-free forms, fminf/fmaxf with NaN, fabsf, copysignf,
// floorf/ceilf/truncf/roundf/rintf, fmaf, __fdividef, __saturatef.
#define NM 16
#define NX 13

extern "C" __global__ void math_approx(const float *x, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    float a = fabsf(v);
    out[0 * n + i] = sqrtf(a);
    out[1 * n + i] = rsqrtf(a);
    out[2 * n + i] = expf(v * 0.0625f);
    out[3 * n + i] = logf(a);
    out[4 * n + i] = sinf(v);
    out[5 * n + i] = cosf(v);
    out[6 * n + i] = __sinf(v);
    out[7 * n + i] = __cosf(v);
    out[8 * n + i] = __expf(v * 0.0625f);
    out[9 * n + i] = __logf(a);
    out[10 * n + i] = exp2f(v * 0.0625f);
    out[11 * n + i] = log2f(a);
    out[12 * n + i] = __fdividef(v, 3.0f);
    out[13 * n + i] = tanf(v);
    out[14 * n + i] = atan2f(v, 1.5f);
    out[15 * n + i] = __saturatef(v * 0.01f);
}

extern "C" __global__ void math_exact(const float *x, const float *y, const float *z,
                                      float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float a = x[i], b = y[i], c = z[i];
    out[0 * n + i] = fminf(a, b);
    out[1 * n + i] = fmaxf(a, b);
    out[2 * n + i] = fabsf(a);
    out[3 * n + i] = copysignf(a, b);
    out[4 * n + i] = floorf(a);
    out[5 * n + i] = ceilf(a);
    out[6 * n + i] = truncf(a);
    out[7 * n + i] = roundf(a);
    out[8 * n + i] = rintf(a);
    out[9 * n + i] = fmaf(a, b, c);
    out[10 * n + i] = sqrtf(a);
    out[11 * n + i] = a / b;
    out[12 * n + i] = -a;
}
