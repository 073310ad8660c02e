// reduction: the sum of n floats, after the CUDA SDK reduction sample
// (kernels "reduce4" and "reduce6"), written here from the algorithm.
//   reduce_tree        each CTA sums 2 x 256 consecutive inputs (two loads per
//                      thread, added while loading) and writes one partial
//                      sum; the host runs it again on the partial sums until
//                      one value is left (several passes)
//   reduce_gridstride  a fixed grid of CTAs walks the whole input with a grid
//                      stride, two loads per thread per step, then the same
//                      block tree; a second pass of reduce_tree finishes
// The block tree: partial sums in shared memory halved with sequential
// addressing (stride 128, 64: conflict-free, one barrier per level, fewer
// active threads each level), then the first warp adds the last 64 values
// with register shuffles (shfl.sync.down), no barriers.
//
// Launch shape: 256 threads per CTA (required). reduce_tree: grid =
// ceil(n / 512). reduce_gridstride: any grid.
#define RBLOCK 256

// Sum of v over the CTA's 256 threads; the result is valid in thread 0.
__device__ float block_sum(float v)
{
    __shared__ float s[RBLOCK];
    int tid = threadIdx.x;
    s[tid] = v;
    __syncthreads();
    for (int stride = RBLOCK / 2; stride > 32; stride >>= 1) {
        if (tid < stride)
            s[tid] = v = v + s[tid + stride];
        __syncthreads();
    }
    if (tid < 32) {
        v += s[tid + 32];
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, off);
    }
    return v;
}

extern "C" __global__ void reduce_tree(const float *in, float *out, unsigned n)
{
    unsigned i = blockIdx.x * (2 * RBLOCK) + threadIdx.x;
    float v = 0.0f;
    if (i < n)
        v = in[i];
    if (i + RBLOCK < n)
        v += in[i + RBLOCK];
    v = block_sum(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}

extern "C" __global__ void reduce_gridstride(const float *in, float *out, unsigned n)
{
    unsigned i = blockIdx.x * (2 * RBLOCK) + threadIdx.x;
    unsigned grid_size = 2 * RBLOCK * gridDim.x;
    float v = 0.0f;
    while (i < n) {
        v += in[i];
        if (i + RBLOCK < n)
            v += in[i + RBLOCK];
        i += grid_size;
    }
    v = block_sum(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}
