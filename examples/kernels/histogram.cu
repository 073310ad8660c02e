// histogram: 256-bin histogram of n bytes. Each block builds a private
// histogram in shared memory with atomicAdd on shared words, then adds its
// non-zero bins to the global histogram with one global atomicAdd per bin.
// Launch with blockDim = 256 (one thread per bin for the init and merge
// phases) and any grid: threads walk the input with a grid-stride loop.
//
// Memory behaviour: the byte loads are coalesced (a warp reads 32
// consecutive bytes). The shared-memory atomics are where the action is:
// lanes that hit the same bin in the same instruction serialise (atomic
// contention), and bins 4 bytes apart map to the 32 banks, so skewed inputs
// (many equal bytes) cost far more cycles than uniform ones. The global
// merge is at most 256 atomics per block instead of one per input byte.
#define NBINS 256

extern "C" __global__ void histogram256(int n, const unsigned char *data, unsigned *hist)
{
    __shared__ unsigned h[NBINS];
    h[threadIdx.x] = 0;
    __syncthreads();

    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&h[data[i]], 1u);
    __syncthreads();

    unsigned c = h[threadIdx.x];
    if (c != 0)
        atomicAdd(&hist[threadIdx.x], c);
}
