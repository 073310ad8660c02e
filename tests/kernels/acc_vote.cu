// Acceptance kernels: warp votes (vote.sync.all/any/ballot), __popc,
// __activemask in converged and divergent code, ballots with a partial
// member mask, and a warp-level stream compaction built from a ballot.
#define FULL 0xffffffffu

// out has 8 words per thread.
extern "C" __global__ void vote_basic(const int *in, unsigned *out)
{
    int t = threadIdx.x;
    int lane = t & 31;
    int g = blockIdx.x * blockDim.x + t;
    int v = in[g];
    unsigned *o = out + 8 * g;

    o[0] = __all_sync(FULL, v > -1000);              // usually true
    o[1] = __any_sync(FULL, v == 42);                // planted in some warps only
    unsigned b = __ballot_sync(FULL, v & 1);
    o[2] = b;
    o[3] = __popc(b);
    o[4] = __activemask();                           // converged: whole warp

    unsigned am = 0, bb = 0;
    if (lane % 3 == 0) {
        am = __activemask();                         // lanes 0,3,6,...,30
        bb = __ballot_sync(am, v > 0);
    }
    o[5] = am;
    o[6] = bb;

    unsigned lo = 0;
    if (lane < 16)
        lo = __ballot_sync(0x0000ffffu, v < 0) | (__all_sync(0x0000ffffu, v != 7) << 31);
    o[7] = lo;
}

// Per-warp compaction of the positive values: each warp writes its survivors
// to out[warp*32 ...] in lane order and the count to counts[warp]; the rest
// of the warp's slice is left untouched.
extern "C" __global__ void vote_compact(const int *in, int *out, int *counts, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int warp = g >> 5;
    int v = g < n ? in[g] : -1;
    bool keep = v > 0;
    unsigned b = __ballot_sync(FULL, keep);
    unsigned lt = (1u << lane) - 1u;
    if (keep)
        out[warp * 32 + __popc(b & lt)] = v;
    if (lane == 0)
        counts[warp] = __popc(b);
}

// Votes in a partial warp: 48-thread block, the second warp has 16 threads.
extern "C" __global__ void vote_partial(const int *in, unsigned *out)
{
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    unsigned am = __activemask();
    int v = in[g];
    out[4 * g + 0] = am;
    out[4 * g + 1] = __ballot_sync(am, v >= 0);
    out[4 * g + 2] = __all_sync(am, v >= 0);
    out[4 * g + 3] = __any_sync(am, v == 0);
}
