// Acceptance kernel: floating-point classification and comparisons with
// NaN, signed zeros and infinities, in f32 and f64. nvcc emits ordered and
// unordered setp forms (lt/ltu, neu, gtu, leu, nan), abs + setp for
// isnan/isinf/isfinite, bit extraction for signbit (mov.b64 {%temp, %r}),
// and selp into 16- and 32-bit registers.
#include <cmath>

#define NC 16

extern "C" __global__ void fp_classify(const float *x, const float *y, const double *u,
                                       const double *v, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float a = x[i], b = y[i];
    double c = u[i], d = v[i];
    int r[NC];
    r[0] = isnan(a) | (isinf(a) << 1) | (isfinite(a) << 2) | ((signbit(a) != 0) << 3);
    r[1] = isnan(c) | (isinf(c) << 1) | (isfinite(c) << 2) | ((signbit(c) != 0) << 3);
    r[2] = (a < b) | ((a <= b) << 1) | ((a > b) << 2) | ((a >= b) << 3) | ((a == b) << 4) | ((a != b) << 5);
    r[3] = !(a < b) | (!(a <= b) << 1) | (!(a > b) << 2) | (!(a >= b) << 3) | (!(a == b) << 4) | (!(a != b) << 5);
    r[4] = (c < d) | ((c <= d) << 1) | ((c > d) << 2) | ((c >= d) << 3) | ((c == d) << 4) | ((c != d) << 5);
    r[5] = !(c < d) | (!(c <= d) << 1) | (!(c > d) << 2) | (!(c >= d) << 3) | (!(c == d) << 4) | (!(c != d) << 5);
    r[6] = (a == a) && (b == b);                      // both ordered
    r[7] = (c != c) || (d != d);                      // any unordered
    r[8] = (a < b) ? 1 : (a > b) ? 2 : (a == b) ? 3 : 4;   // 4: unordered
    r[9] = (c < d) ? 1 : (c > d) ? 2 : (c == d) ? 3 : 4;
    r[10] = (a < 1.0f) || isnan(a);
    r[11] = (int)(fabsf(a) == INFINITY) + 2 * (int)(fabs(c) < 1e300);
    // abs clears the sign of numbers; abs.f32 of NaN is an unspecified NaN
    r[12] = isnan(a) ? 2 * isnan(fabsf(a)) : (int)(__float_as_uint(fabsf(a)) >> 31);
    r[13] = (a == 0.0f) + 2 * (1.0f / a > 0.0f);      // +0/-0 compare equal, 1/-0 = -inf
    r[14] = (c == 0.0) + 2 * (1.0 / c > 0.0);
    r[15] = ((double)a == c) + 2 * (a == (float)c);
    for (int k = 0; k < NC; ++k)
        out[k * n + i] = r[k];
}
