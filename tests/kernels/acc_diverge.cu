// Acceptance kernels: deep and data-dependent divergence. A switch on the
// lane id with fall-through cases, nested branches inside cases, loops with
// data-dependent trip counts, break and continue, early return of some
// threads after the last barrier, and warp-synchronous collectives right
// after divergent regions (which require the warp to have reconverged).
#define FULL 0xffffffffu

extern "C" __global__ void div_switch(const int *in, int *out)
{
    int t = threadIdx.x;
    int lane = t & 31;
    int g = blockIdx.x * blockDim.x + t;
    int v = in[g];
    int r = 0;
    switch (lane % 10) {
    case 0:
        r = v + 1;
        break;
    case 1:
        r = v * 2;
        /* fall through */
    case 2:
        r += 100;
        break;
    case 3:
        if (v > 0)
            r = v % 7;
        else
            r = -v / 3;
        break;
    case 4:
    case 5:
        for (int k = 0; k < (v & 7); ++k)
            r += k * lane;
        break;
    case 6:
        r = v ^ 0x1234;
        if (r & 1)
            r = ~r;
        /* fall through */
    case 7:
        r -= 5;
        break;
    default:
        r = (v >> 2) - lane;
        break;
    }
    // the warp must be back together here
    int sum = r;
    for (int off = 16; off > 0; off >>= 1)
        sum += __shfl_xor_sync(FULL, sum, off);
    out[2 * g + 0] = r;
    out[2 * g + 1] = sum;
}

// Collatz step count with a cap, a skip rule (continue) and an early break;
// the per-lane trip counts are all different.
extern "C" __global__ void div_loops(const unsigned *in, int *steps, unsigned *peak, int *ballots)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[g];
    unsigned hi = x;
    int s = 0, skipped = 0;
    while (x != 1u) {
        if (s >= 300)
            break;                       // cap
        ++s;
        if (x & 1u) {
            x = 3u * x + 1u;
            if (x > hi)
                hi = x;
            continue;                    // skip the even-step bookkeeping
        }
        x >>= 1;
        if ((x & 0xff) == 0x80) {
            ++skipped;
            if (skipped > 2)
                break;                   // data-dependent early exit
        }
    }
    steps[g] = s * 4 + (skipped > 3 ? 3 : skipped);
    peak[g] = hi;
    // reconvergence after the loop: a ballot over the whole warp
    unsigned b = __ballot_sync(FULL, s > 20);
    if ((threadIdx.x & 31) == 0)
        ballots[g >> 5] = (int)b;
}

// Nested loops: for every row find the first element above a threshold
// (break), skipping negative elements (continue), and the number of rows
// whose search ended early (outer continue).
extern "C" __global__ void div_nested(const int *mat, int rows, int cols, const int *thr, int *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int th = thr[g];
    int acc = 0, early = 0;
    for (int r = 0; r < rows; ++r) {
        const int *row = mat + ((g + r) % rows) * cols;
        int found = -1;
        for (int c = 0; c < cols; ++c) {
            int v = row[c];
            if (v < 0)
                continue;
            if (v > th) {
                found = c;
                break;
            }
            acc += v & 3;
        }
        if (found < 0)
            continue;
        ++early;
        acc += found * 10;
    }
    out[2 * g + 0] = acc;
    out[2 * g + 1] = early;
}

// Early return AFTER the last barrier: every thread stages a value in
// shared memory, then threads beyond a data-dependent bound leave, and the
// rest run a loop whose length depends on their data.
extern "C" __global__ void div_early_exit(const int *in, int *out, int keep)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    s[t] = in[g];
    __syncthreads();
    int nb = s[(t + 1) % blockDim.x];
    if (t >= keep || nb < 0) {
        out[g] = -1;
        return;
    }
    int acc = 0;
    for (int k = 0; k <= (nb & 15); ++k) {
        if (k == 9)
            break;
        if ((k & 3) == 1)
            continue;
        acc += s[(t + k) % blockDim.x] & 0xff;
    }
    out[g] = acc;
}
