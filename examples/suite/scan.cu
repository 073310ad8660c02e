// scan: exclusive prefix sum of n unsigned ints, the work-efficient
// (Blelloch) scan of the CUDA SDK's scan sample for large arrays (GPU Gems 3,
// chapter 39), written here from the algorithm:
//   scan_block    each CTA scans 512 elements in shared memory: an up-sweep
//                 (reduce) tree and a down-sweep tree, 9 levels each with a
//                 barrier per level; the shared array is padded by one word
//                 every 32 (CONFLICT_FREE_OFFSET) so that the tree's strided
//                 accesses spread over the banks; the CTA's total goes to
//                 sums[blockIdx.x]
//   uniform_add   adds the scanned block totals back: element i of CTA b
//                 gets incr[b]
// The host scans the block totals with the same kernels (recursively, one
// level per 512x) and then adds them back level by level.
//
// Launch shape: 256 threads per CTA (required), 2 elements per thread,
// grid = ceil(n / 512) for both kernels.
#define SBLOCK 256
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(i) ((i) >> LOG_NUM_BANKS)

extern "C" __global__ void scan_block(unsigned *out, const unsigned *in, unsigned *sums, int n)
{
    __shared__ unsigned temp[2 * SBLOCK + (2 * SBLOCK >> LOG_NUM_BANKS)];
    int tid = threadIdx.x;
    int base = blockIdx.x * 2 * SBLOCK;
    int ai = tid, bi = tid + SBLOCK;
    int pa = ai + CONFLICT_FREE_OFFSET(ai), pb = bi + CONFLICT_FREE_OFFSET(bi);
    temp[pa] = base + ai < n ? in[base + ai] : 0;
    temp[pb] = base + bi < n ? in[base + bi] : 0;

    int offset = 1;
    for (int d = SBLOCK; d > 0; d >>= 1) {          // up-sweep
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
            temp[b + CONFLICT_FREE_OFFSET(b)] += temp[a + CONFLICT_FREE_OFFSET(a)];
        }
        offset *= 2;
    }
    if (tid == 0) {
        int last = 2 * SBLOCK - 1 + CONFLICT_FREE_OFFSET(2 * SBLOCK - 1);
        sums[blockIdx.x] = temp[last];
        temp[last] = 0;
    }
    for (int d = 1; d < 2 * SBLOCK; d *= 2) {       // down-sweep
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            unsigned t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();
    if (base + ai < n)
        out[base + ai] = temp[pa];
    if (base + bi < n)
        out[base + bi] = temp[pb];
}

extern "C" __global__ void uniform_add(unsigned *data, const unsigned *incr, int n)
{
    __shared__ unsigned add;
    if (threadIdx.x == 0)
        add = incr[blockIdx.x];
    __syncthreads();
    int i = blockIdx.x * 2 * SBLOCK + threadIdx.x;
    if (i < n)
        data[i] += add;
    if (i + SBLOCK < n)
        data[i + SBLOCK] += add;
}
