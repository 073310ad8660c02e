// Acceptance kernels: per-call local frames. Non-inlined functions with
// their own dynamically indexed local arrays (a .local depot per .func),
// called from several call sites and in a loop, receiving generic pointers
// into the caller's local array and writing through them, nested calls
// where callee and caller both have frames; and kernel parameters of every
// scalar width (.u8/.s8/.u16/.s16/.u32/.s64/.f32/.f64 .param slots with
// their alignment).

// Fills out[0..7] (the caller's local array, via a generic pointer) with a
// permutation of seed-derived values using a local scratch array indexed
// dynamically.
__device__ __noinline__ int scramble(int *out, int seed, int k)
{
    int tmp[8];
    for (int j = 0; j < 8; ++j)
        tmp[j] = seed * (j + 1) + k;
    int s = 0;
    for (int j = 0; j < 8; ++j) {
        int src = (seed + j * k) & 7;
        out[j] = tmp[src] - j;
        s += tmp[(src + 3) & 7];
    }
    return s;
}

// Has its own frame and calls scramble with a pointer into that frame.
__device__ __noinline__ int twice(int *caller_arr, int seed)
{
    int mine[8];
    int a = scramble(mine, seed, 3);
    int b = scramble(caller_arr, seed ^ 0x55, (seed & 3) + 1);
    int idx = seed & 7;
    return a - b + mine[idx] * 2 + caller_arr[7 - idx];
}

extern "C" __global__ void frames(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    int arr[8];
    int arr2[8];
    int r0 = scramble(arr, v, 1);                 // call site 1
    int r1 = 0;
    for (int k = 0; k < (v & 3) + 1; ++k)        // call site 2, in a loop
        r1 += scramble(arr2, v + k, k + 2) & 0xffff;
    int r2 = (v & 1) ? twice(arr, v) : twice(arr2, -v);   // divergent nested calls
    int sel = (v >> 3) & 7;
    out[6 * i + 0] = r0;
    out[6 * i + 1] = r1;
    out[6 * i + 2] = r2;
    out[6 * i + 3] = arr[sel];
    out[6 * i + 4] = arr2[7 - sel];
    out[6 * i + 5] = arr[0] + arr2[7];
}

// Scalar parameters of every width. Each thread writes one decoded value.
extern "C" __global__ void params_mixed(signed char c, unsigned char uc, short s, unsigned short us,
                                        int i32, long long i64, float f, double d,
                                        unsigned u32, unsigned long long u64, long long *out)
{
    int t = threadIdx.x;
    long long r;
    switch (t) {
    case 0: r = c; break;
    case 1: r = uc; break;
    case 2: r = s; break;
    case 3: r = us; break;
    case 4: r = i32; break;
    case 5: r = i64; break;
    case 6: r = (long long)(f * 4.0f); break;
    case 7: r = (long long)(d * 1024.0); break;
    case 8: r = u32; break;
    case 9: r = (long long)u64; break;
    default: r = c + uc + s + us + i32 + (long long)u32; break;
    }
    out[t] = r;
}
