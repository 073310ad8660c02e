// Acceptance kernels: warp shuffles (shfl.sync idx/up/down/bfly), including
// the width argument (segment masks in the c operand), out-of-segment source
// lanes, 64-bit values moved as two shuffles, a partial last warp, a warp
// inclusive scan combined into a block scan through shared memory, and warp
// reductions.
#define FULL 0xffffffffu

// Inclusive block scan (block <= 1024 threads, multiple of 32).
extern "C" __global__ void shfl_block_scan(const int *in, int *out, int *warp_totals)
{
    __shared__ int wsum[32];
    int t = threadIdx.x;
    int lane = t & 31, warp = t >> 5;
    int g = blockIdx.x * blockDim.x + t;
    int v = in[g];
    for (int d = 1; d < 32; d <<= 1) {
        int o = __shfl_up_sync(FULL, v, d);
        if (lane >= d)
            v += o;
    }
    if (lane == 31) {
        wsum[warp] = v;
        warp_totals[blockIdx.x * (blockDim.x >> 5) + warp] = v;
    }
    __syncthreads();
    if (warp == 0) {
        int nw = blockDim.x >> 5;
        int s = lane < nw ? wsum[lane] : 0;
        for (int d = 1; d < 32; d <<= 1) {
            int o = __shfl_up_sync(FULL, s, d);
            if (lane >= d)
                s += o;
        }
        wsum[lane] = s;             // inclusive scan of the warp totals
    }
    __syncthreads();
    if (warp > 0)
        v += wsum[warp - 1];
    out[g] = v;
}

// Warp reductions: sum with shfl.down (result in lane 0), max with shfl.xor
// butterfly (result in every lane), a double sum moved as 2 x b32 shuffles,
// and a broadcast from a data-dependent lane.
extern "C" __global__ void shfl_reduce(const int *in, const double *din, int *sum_out,
                                       int *max_out, double *dsum_out, int *bcast_out)
{
    int t = threadIdx.x;
    int lane = t & 31;
    int g = blockIdx.x * blockDim.x + t;
    int w = g >> 5;
    int v = in[g];

    int s = v;
    for (int off = 16; off > 0; off >>= 1)
        s += __shfl_down_sync(FULL, s, off);
    if (lane == 0)
        sum_out[w] = s;

    int mx = v;
    for (int off = 1; off < 32; off <<= 1)
        mx = max(mx, __shfl_xor_sync(FULL, mx, off));
    max_out[g] = mx;

    double d = din[g];
    for (int off = 16; off > 0; off >>= 1)
        d += __shfl_xor_sync(FULL, d, off);
    dsum_out[g] = d;

    int src = __shfl_sync(FULL, v, 0) & 31;   // lane 0 picks who broadcasts
    bcast_out[g] = __shfl_sync(FULL, v * 3 + lane, src);
}

// The width argument. Each output row k holds the per-thread result of one
// shuffle form; nrows = 10.
extern "C" __global__ void shfl_width(const int *in, const long long *in64, int *out,
                                      long long *out64, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[g];
    int r[10];
    r[0] = __shfl_sync(FULL, v, lane * 3 + 1, 8);   // src lane beyond width: taken mod 8
    r[1] = __shfl_sync(FULL, v, 5, 16);             // broadcast lane 5 of each 16-segment
    r[2] = __shfl_up_sync(FULL, v, 3, 8);           // lanes 0..2 of each 8-segment keep v
    r[3] = __shfl_down_sync(FULL, v, 5, 16);        // top 5 lanes of each segment keep v
    r[4] = __shfl_xor_sync(FULL, v, 6, 16);         // stays inside the segment
    r[5] = __shfl_xor_sync(FULL, v, 16, 16);        // upper segment reads lower, lower keeps v
    r[6] = __shfl_up_sync(FULL, v, 1, 32);
    r[7] = __shfl_down_sync(FULL, v, 31);           // only lane 0 receives (from lane 31)
    r[8] = __shfl_sync(FULL, v, v);                 // data-dependent source lane (mod 32)
    // segmented inclusive scan within groups of 8
    int sc = v;
    for (int d = 1; d < 8; d <<= 1) {
        int o = __shfl_up_sync(FULL, sc, d, 8);
        if ((lane & 7) >= d)
            sc += o;
    }
    r[9] = sc;
    for (int k = 0; k < 10; ++k)
        out[k * n + g] = r[k];

    long long x = in64[g];
    out64[g] = __shfl_down_sync(FULL, x, 2, 8);
    out64[n + g] = __shfl_sync(FULL, x, 7 - (lane & 7), 8);
}

// A block of 40 threads: the second warp has only 8 threads, so every
// shuffle there names exactly those lanes in its member mask.
extern "C" __global__ void shfl_partial(const int *in, int *out)
{
    int t = threadIdx.x;
    int lane = t & 31;
    int base = t & ~31;
    int nlive = blockDim.x - base;
    unsigned mask = nlive >= 32 ? FULL : ((1u << nlive) - 1u);
    int v = in[blockIdx.x * blockDim.x + t];
    int s = v;
    for (int off = 1; off < 8; off <<= 1)
        s += __shfl_xor_sync(mask, s, off);      // sum within groups of 8
    int up = __shfl_up_sync(mask, v, 1);
    int rot = __shfl_sync(mask, v, (lane + 1) & 7, 8);
    int o = blockIdx.x * blockDim.x + t;
    out[3 * o + 0] = s;
    out[3 * o + 1] = up;
    out[3 * o + 2] = rot;
}
