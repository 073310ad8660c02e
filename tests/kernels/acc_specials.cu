// Acceptance kernel: special registers read the way CUDA code reads them
// (inline PTX for %laneid/%warpid/%nwarpid/%smid/%clock, clock64()), in a
// 2D block so that the lane id is the linear thread id modulo 32.

__device__ __forceinline__ unsigned laneid()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
    return r;
}
__device__ __forceinline__ unsigned warpid()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(r));
    return r;
}
__device__ __forceinline__ unsigned nwarpid()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%nwarpid;" : "=r"(r));
    return r;
}
__device__ __forceinline__ unsigned smid()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
    return r;
}
__device__ __forceinline__ unsigned clock32()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(r));
    return r;
}

// 8 words per thread.
extern "C" __global__ void specials(const int *work, unsigned *out, long long *clk)
{
    unsigned lin = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned g = (blockIdx.y * gridDim.x + blockIdx.x) * (blockDim.x * blockDim.y) + lin;
    long long c0 = clock64();
    unsigned k0 = clock32();
    unsigned *o = out + 8 * g;
    o[0] = laneid();
    o[1] = warpid();
    o[2] = nwarpid();
    o[3] = smid();
    o[4] = lin;
    // some dependent work so that time passes
    int acc = 0;
    for (int k = 0; k < work[g]; ++k)
        acc = acc * 3 + k;
    o[5] = (unsigned)acc;
    unsigned k1 = clock32();
    long long c1 = clock64();
    o[6] = k1 - k0;
    o[7] = (gridDim.x << 16) | (gridDim.y << 8) | (blockDim.x * blockDim.y);
    clk[2 * g + 0] = c0;
    clk[2 * g + 1] = c1;
}
