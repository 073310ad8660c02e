// Acceptance kernels: barrier flavours beyond plain __syncthreads.
//  - __syncthreads_count/_and/_or (bar.red.popc/.and/.or)
//  - named barriers with explicit thread counts: producer warps signal with
//    bar.arrive, consumer warps wait with bar.sync (warp-specialised
//    pipeline, as in CUTLASS-style kernels), over several rounds
//  - barrier.sync with a thread count, __syncwarp with partial masks,
//    __threadfence / __threadfence_block (fence/membar)
#define FULL 0xffffffffu

extern "C" __global__ void bar_reduce(const int *in, int *out)
{
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    int v = in[g];
    int cnt = __syncthreads_count(v > 0);
    int all = __syncthreads_and(v > -900);
    int any = __syncthreads_or(v == 777);
    __shared__ int s[256];
    s[t] = v;
    __syncthreads();
    int cnt2 = __syncthreads_count(s[(t + 1) % blockDim.x] & 1);
    if (t == 0) {
        out[4 * blockIdx.x + 0] = cnt;
        out[4 * blockIdx.x + 1] = all;
        out[4 * blockIdx.x + 2] = any;
        out[4 * blockIdx.x + 3] = cnt2;
    }
}

// 128 threads: warps 0-1 produce, warps 2-3 consume, through a shared
// buffer, for `rounds` rounds. Barrier 1: "buffer full" (producers arrive,
// consumers sync); barrier 2: "buffer empty" (consumers arrive, producers
// sync). Each barrier involves all 128 threads.
extern "C" __global__ void bar_named(const int *in, int *out, int rounds)
{
    __shared__ int buf[64];
    int t = threadIdx.x;
    int warp = t >> 5;
    int acc = 0;
    for (int r = 0; r < rounds; ++r) {
        if (warp < 2) {
            if (r > 0)
                asm volatile("bar.sync 2, 128;" ::: "memory");     // wait: buffer empty
            buf[t] = in[(blockIdx.x * rounds + r) * 64 + t] * (r + 1);
            __threadfence_block();
            asm volatile("bar.arrive 1, 128;" ::: "memory");       // signal: buffer full
        } else {
            asm volatile("bar.sync 1, 128;" ::: "memory");         // wait: buffer full
            int c = t - 64;
            acc += buf[c] + buf[63 - c];
            if (r + 1 < rounds)
                asm volatile("bar.arrive 2, 128;" ::: "memory");   // signal: buffer empty
        }
    }
    if (warp >= 2)
        out[blockIdx.x * 64 + (t - 64)] = acc;
}

// barrier.sync with an explicit count (only warps 0 and 1, 64 threads, take
// part; warps 2 and 3 use a different barrier), __syncwarp with partial
// masks, and a global fence before publishing.
extern "C" __global__ void bar_partial(const int *in, int *out, int *flag)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    int lane = t & 31;
    int g = blockIdx.x * blockDim.x + t;
    s[t] = in[g];
    if (t < 64)
        asm volatile("barrier.sync 3, 64;" ::: "memory");
    else
        asm volatile("barrier.sync 4, 64;" ::: "memory");
    int v = s[t ^ 32];                  // partner in the other warp of the pair
    if (t < 64)
        asm volatile("barrier.sync 3, 64;" ::: "memory");
    else
        asm volatile("barrier.sync 4, 64;" ::: "memory");
    // lanes 0..15 and 16..31 exchange through shared memory, synchronised
    // per half-warp with __syncwarp(mask)
    unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    s[t] = v + lane;
    __syncwarp(half);
    int w = s[(t & ~15) | ((lane + 1) & 15)];
    __syncwarp(half);
    out[g] = w;
    __threadfence();
    if (t == 0)
        atomicAdd(flag, 1);
}
