// Acceptance kernels: calls to non-inlined device functions (.func, call/ret,
// .param passing of scalars, pointers and a struct return value), calls from
// divergent code, a noinline function calling another noinline function, and
// generic pointers into local, shared and global memory passed to a function.
#include <cstdint>

struct Pair {
    int a;
    float b;
};

// Several parameters of mixed types and a return value.
__device__ __noinline__ int mix3(int a, unsigned b, int c, float w)
{
    int t = a * 3 - (int)(b >> 2);
    t ^= c;
    return t + (int)(w * 4.0f);
}

// Returns a double computed from double, float and 64-bit integer parameters.
__device__ __noinline__ double scale2(double x, float y, long long k)
{
    return x * (double)y + (double)k;
}

// Returns a struct by value (.param .align 4 .b8 func_retval0[8]).
__device__ __noinline__ Pair make_pair(int v, int i)
{
    Pair p;
    p.a = v - 2 * i;
    p.b = (float)(v & 0xff) * 0.125f;
    return p;
}

__device__ __noinline__ unsigned inner_hash(unsigned x, unsigned salt)
{
    x ^= salt;
    x *= 0x9E3779B1u;
    x ^= x >> 15;
    return x;
}

// A noinline function that calls another noinline function, once of them
// from divergent code inside the callee.
__device__ __noinline__ unsigned outer_hash(unsigned x, unsigned y, unsigned z)
{
    unsigned h = inner_hash(x, 0x1234u);
    h = inner_hash(h + y, z);
    if (h & 1u)
        h = inner_hash(h, y ^ z);
    return h;
}

extern "C" __global__ void calls_divergent(const int *in, int *out_i, unsigned *out_u,
                                           float *out_f, double *out_d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    int lane = threadIdx.x & 31;

    int r;
    if (lane < 11)
        r = mix3(v, (unsigned)i, lane, 0.25f * (float)(lane & 3));
    else if (lane & 1)
        r = mix3(-v, 3u * (unsigned)i, 7, 1.5f);
    else
        r = 0 - v;
    out_i[i] = r;

    unsigned h;
    if (v > 0)
        h = outer_hash((unsigned)v, (unsigned)i, (unsigned)lane);
    else
        h = inner_hash((unsigned)v, 77u);
    out_u[i] = h;

    Pair p = make_pair(v, i);
    out_f[i] = p.b + (float)p.a;

    out_d[i] = scale2((double)v, 0.5f + (float)lane, (long long)i * 1000000007LL);
}

// Sums p[lo..hi) skipping negative entries; reports how many were summed
// through an out pointer (the caller passes the address of a local variable,
// so the pointer is a generic pointer into the local window).
__device__ __noinline__ int sum_range(const int *p, int lo, int hi, int *count_out)
{
    int s = 0, c = 0;
    for (int k = lo; k < hi; ++k) {
        int x = p[k];
        if (x < 0)
            continue;
        s += x;
        ++c;
    }
    *count_out = c;
    return s;
}

// Adds v to *dst through a generic pointer; called with shared and global
// addresses.
__device__ __noinline__ void accumulate(int *dst, int v)
{
    *dst = *dst + v;
}

extern "C" __global__ void calls_generic(const int *in, int *sums, int *counts,
                                         int *gacc, int *sacc_out, int n)
{
    __shared__ int sbuf[128];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    sbuf[t] = t;
    __syncthreads();

    int cnt = -1;
    int lo = i % 7;
    int hi = lo + (i % 5) * 3;           // data-dependent trip count, may be 0
    if (hi > n)
        hi = n;
    int s = 0;
    if (i < n)
        s = sum_range(in, lo, hi, &cnt);
    if (i < n) {
        sums[i] = s;
        counts[i] = cnt;
    }

    // generic pointer to shared memory
    accumulate(&sbuf[t], in[i % n]);
    accumulate(&sbuf[t], 1000);
    // generic pointer to global memory
    if (i < n) {
        gacc[i] = 5;
        accumulate(&gacc[i], t);
    }
    __syncthreads();
    sacc_out[i] = sbuf[(t + 1) % blockDim.x];
}
