// Acceptance kernel: double-precision arithmetic. Round-to-nearest add, sub,
// mul, div, sqrt, explicit fma and a contracted a*b+c (nvcc -fmad=true
// turns it into fma.rn.f64), directed-rounding add/mul intrinsics
// (add/mul.rz/rm/rp.f64), min/max, neg/abs, and reciprocal.
#define NOUT 18

extern "C" __global__ void f64_arith(const double *a, const double *b, const double *c,
                                     double *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double x = a[i], y = b[i], z = c[i];
    out[0 * n + i] = x + y;
    out[1 * n + i] = x - y;
    out[2 * n + i] = x * y;
    out[3 * n + i] = fma(x, y, z);
    out[4 * n + i] = x / y;
    out[5 * n + i] = sqrt(fabs(x));
    out[6 * n + i] = __dadd_rz(x, y);
    out[7 * n + i] = __dadd_rd(x, y);
    out[8 * n + i] = __dadd_ru(x, y);
    out[9 * n + i] = __dmul_rz(x, y);
    out[10 * n + i] = __dmul_rd(x, y);
    out[11 * n + i] = __dmul_ru(x, y);
    out[12 * n + i] = fmin(x, y);
    out[13 * n + i] = fmax(x, y);
    out[14 * n + i] = -fabs(x);
    out[15 * n + i] = 1.0 / x;
    out[16 * n + i] = x * z + y;               // contracted to fma.rn.f64
    out[17 * n + i] = (x + y) * (x - y);       // no contraction possible
}

// f32 arithmetic with exact IEEE semantics: add/sub/mul/div/sqrt.rn, an
// explicit fmaf and a contracted a*b+c, directed-rounding f32 intrinsics.
extern "C" __global__ void f32_arith(const float *a, const float *b, const float *c,
                                     float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i], z = c[i];
    out[0 * n + i] = x + y;
    out[1 * n + i] = x - y;
    out[2 * n + i] = x * y;
    out[3 * n + i] = fmaf(x, y, z);
    out[4 * n + i] = x / y;
    out[5 * n + i] = sqrtf(fabsf(x));
    out[6 * n + i] = __fadd_rz(x, y);
    out[7 * n + i] = __fadd_rd(x, y);
    out[8 * n + i] = __fadd_ru(x, y);
    out[9 * n + i] = __fmul_rz(x, y);
    out[10 * n + i] = __fmul_rd(x, y);
    out[11 * n + i] = __fmul_ru(x, y);
    out[12 * n + i] = x * z + y;               // contracted to fma.rn.f32
    out[13 * n + i] = 1.0f / x;                // div.rn.f32 (or rcp.rn.f32)
}
