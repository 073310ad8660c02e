// Acceptance kernel: the double-precision math library as nvcc inlines it
// (libdevice): exp/exp2/log/log2, sin/cos/tan with the large-argument
// reduction, atan/atan2/asin/acos, pow, and the exact fmod/frexp/ldexp. The
// generated code mixes f64 fma chains, 64-bit integer manipulation of the
// bit patterns (mov.b64 {lo, hi}), and f32 approximations used as seeds.
#define NR 16

extern "C" __global__ void math64(const double *x, const double *y, const double *u, double *out,
                                  int *iout, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double a = x[i], b = y[i], c = u[i];
    double r[NR];
    r[0] = exp(a * 0.015625);
    r[1] = exp2(a * 0.0625);
    r[2] = log(fabs(a));
    r[3] = log2(fabs(a));
    r[4] = sin(a);
    r[5] = cos(a);
    r[6] = tan(a);
    r[7] = atan(a);
    r[8] = atan2(a, b);
    r[9] = asin(c);
    r[10] = acos(c);
    r[11] = pow(fabs(a), b * 0.125);
    r[12] = fmod(a, b);
    int e;
    r[13] = frexp(a, &e);
    r[14] = ldexp(a, (int)(b * 0.25));
    r[15] = sqrt(fabs(a));
    for (int k = 0; k < NR; ++k)
        out[k * n + i] = r[k];
    iout[i] = e;
}
