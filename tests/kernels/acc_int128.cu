// Acceptance kernel: 128-bit integer arithmetic with (unsigned) __int128,
// which nvcc lowers to carry chains (add.cc / addc.cc / addc, sub.cc /
// subc.cc / subc, mad.lo.cc / madc.hi) on 32-bit halves, funnel shifts,
// and an inline 128-by-128 division loop. Also a Fibonacci recurrence modulo
// 2^128 whose carries propagate through a loop-carried chain.
typedef unsigned __int128 u128;
typedef __int128 s128;

#define NO 14

extern "C" __global__ void int128_ops(const unsigned long long *a, const unsigned long long *b,
                                      const int *steps, unsigned long long *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    u128 x = ((u128)a[2 * i + 1] << 64) | a[2 * i];
    u128 y = ((u128)b[2 * i + 1] << 64) | b[2 * i];
    u128 s = x + y, d = x - y, p = x * y;
    s128 sx = (s128)x >> 7;
    u128 q = x / (y | 1u);
    u128 r = x % ((y >> 64) | 3u);
    u128 f0 = x, f1 = y;                  // Fibonacci mod 2^128
    for (int k = 0; k < steps[i]; ++k) {
        u128 t = f0 + f1;
        f0 = f1;
        f1 = t;
    }
    unsigned long long *w = o + NO * i;
    w[0] = (unsigned long long)s;  w[1] = (unsigned long long)(s >> 64);
    w[2] = (unsigned long long)d;  w[3] = (unsigned long long)(d >> 64);
    w[4] = (unsigned long long)p;  w[5] = (unsigned long long)(p >> 64);
    w[6] = (unsigned long long)sx; w[7] = (unsigned long long)((u128)sx >> 64);
    w[8] = (unsigned long long)q;  w[9] = (unsigned long long)(q >> 64);
    w[10] = (unsigned long long)r;
    w[11] = (unsigned long long)f1; w[12] = (unsigned long long)(f1 >> 64);
    w[13] = (x < y) | ((s128)x < (s128)y) << 1 | (x == y) << 2;
}
