// Acceptance kernels: warp-cooperative idioms from real CUDA code, which
// mix divergence with warp collectives:
//  - warp-aggregated atomics (leader election with __activemask/__ffs
//    inside a divergent branch, one atomicAdd per warp, result broadcast
//    with __shfl_sync over the active mask)
//  - shuffles whose member mask is the set of lanes of a branch
//  - a `while (__any_sync(...))` loop in which lanes finish at different
//    iterations but keep voting
//  - a block-wide iterate-until-stable loop with a shared flag and
//    __syncthreads inside the loop (label propagation on a small graph)
#define FULL 0xffffffffu

// Appends every positive value to out[] using one atomic per warp; pos[i]
// gets the slot chosen for element i (or -1).
extern "C" __global__ void warp_aggregated_append(const int *in, int *out, int *pos, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = i < n ? in[i] : 0;
    int p = -1;
    if (v > 0) {
        unsigned active = __activemask();
        int leader = __ffs(active) - 1;
        int base = 0;
        if (lane == leader)
            base = atomicAdd(count, __popc(active));
        base = __shfl_sync(active, base, leader);
        p = base + __popc(active & ((1u << lane) - 1u));
        out[p] = v;
    }
    if (i < n)
        pos[i] = p;
}

// Shuffles restricted to the lanes of a branch. 4 words per thread.
extern "C" __global__ void branch_shuffles(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    int a = -1, b = -1, c = -1, d = -1;
    if (lane < 16) {
        a = __shfl_xor_sync(0x0000ffffu, v, 1);
        b = __shfl_down_sync(0x0000ffffu, v, 4, 16);   // lanes 12..15 keep v
    } else {
        a = __shfl_up_sync(0xffff0000u, v, 2, 16);     // lanes 16, 17 keep v
    }
    if ((lane & 1) == 0) {
        c = __shfl_sync(0x55555555u, v, lane ^ 2);     // even lanes swap pairs
        unsigned m = __ballot_sync(0x55555555u, v > 0);
        d = __popc(m);
    }
    out[4 * i + 0] = a;
    out[4 * i + 1] = b;
    out[4 * i + 2] = c;
    out[4 * i + 3] = d;
}

// Every lane halves its value until it is <= 1; the warp keeps looping while
// any lane still works, and counts the rounds in which each lane was idle.
extern "C" __global__ void any_loop(const unsigned *in, int *rounds, int *idle, int *warp_rounds)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i];
    int r = 0, z = 0, wr = 0;
    while (__any_sync(FULL, x > 1u)) {
        ++wr;
        if (x > 1u) {
            x = (x & 1u) ? x - 1u : x >> 1;
            ++r;
        } else {
            ++z;
        }
    }
    rounds[i] = r;
    idle[i] = z;
    if ((threadIdx.x & 31) == 0)
        warp_rounds[i >> 5] = wr;
}

// Connected components of a graph with nv <= 256 vertices by min-label
// propagation over an edge list, one block, all state in shared memory.
extern "C" __global__ void label_propagation(const int *src, const int *dst, int ne, int nv,
                                             int *labels, int *iters)
{
    __shared__ int lab[256];
    __shared__ int changed;
    int t = threadIdx.x;
    for (int v = t; v < nv; v += blockDim.x)
        lab[v] = v;
    int it = 0;
    do {
        __syncthreads();
        if (t == 0)
            changed = 0;
        __syncthreads();
        for (int e = t; e < ne; e += blockDim.x) {
            int a = src[e], b = dst[e];
            int la = lab[a], lb = lab[b];
            if (la < lb) {
                atomicMin(&lab[b], la);
                changed = 1;
            } else if (lb < la) {
                atomicMin(&lab[a], lb);
                changed = 1;
            }
        }
        ++it;
        __syncthreads();
    } while (changed);
    for (int v = t; v < nv; v += blockDim.x)
        labels[v] = lab[v];
    if (t == 0)
        *iters = it;
}
