// reduce: sum of n floats. Each block of 256 threads (launch with exactly
// 256) reduces 512 inputs: every thread adds two elements while loading,
// the block halves the partial sums in shared memory down to 32, then warp 0
// finishes with register shuffles (__shfl_down_sync, no shared memory and no
// barriers) and lane 0 writes the block's sum to partial[blockIdx.x] and adds
// it to *total with one atomicAdd.
//
// Memory behaviour: coalesced streaming loads, then a shared-memory tree
// (stride 128, 64, 32: consecutive words, no bank conflicts, a barrier per
// level and fewer active threads each level), then shfl.sync inside one
// warp, then one global atomic per block: contention on *total is one
// request per block, versus one per element for a naive atomicAdd loop.
#define RBLOCK 256

extern "C" __global__ void reduce_sum(int n, const float *in, float *partial, float *total)
{
    __shared__ float s[RBLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * (2 * RBLOCK) + tid;
    float v = 0.0f;
    if (i < n)
        v = in[i];
    if (i + RBLOCK < n)
        v += in[i + RBLOCK];
    s[tid] = v;
    __syncthreads();

    for (int stride = RBLOCK / 2; stride >= 32; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }

    if (tid < 32) {
        v = s[tid];
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, off);
        if (tid == 0) {
            partial[blockIdx.x] = v;
            atomicAdd(total, v);
        }
    }
}
