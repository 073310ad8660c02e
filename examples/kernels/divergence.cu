// divergence: per-thread Collatz walks, a stress test for SIMT control flow.
// Thread i starts from seeds[i] (>= 1) and repeats until x == 1 or the step
// count reaches cap (it may pass cap by a few steps inside a run of halvings):
//   odd x:  x = 3x + 1 (through a __noinline__ device function: a real call),
//           track the largest value reached;
//   even x: an inner loop strips all factors of two, one step per halving.
// Afterwards a nested if/else classifies the walk. Outputs: steps[i],
// peak[i] (largest value, 32-bit wrap-around arithmetic) and cls[i]:
//   -1 did not reach 1 within cap steps
//    0 short walk (< 24 steps) with a low peak (< 100)
//    1 short walk with a high peak
//    2 long walk with an odd number of steps
//    3 long walk, even steps, peak <= 10000;  4 the same with peak > 10000
//
// What to watch: the SIMT reconvergence stack. Every warp splits at the
// odd/even branch, again at the data-dependent inner loop trip count and at
// the outer loop exit (threads finish after very different step counts), so
// the active mask thins out as the warp runs; the call/ret executes with
// partial masks; the classification nest splits once more at the end.
// Memory traffic is tiny: one coalesced load and three coalesced stores.
__device__ __noinline__ unsigned collatz_odd(unsigned x)
{
    return 3u * x + 1u;
}

extern "C" __global__ void divergence(int n, unsigned cap, const unsigned *seeds,
                                      unsigned *steps, unsigned *peak, int *cls)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned x = seeds[i];
    unsigned s = 0, top = x;
    while (x != 1u && s < cap) {
        if (x & 1u) {
            x = collatz_odd(x);
            if (x > top)
                top = x;
            s++;
        } else {
            do {
                x >>= 1;
                s++;
            } while ((x & 1u) == 0u);
        }
    }

    int c;
    if (x != 1u) {
        c = -1;
    } else if (s < 24) {
        if (top < 100)
            c = 0;
        else
            c = 1;
    } else {
        if (s & 1u)
            c = 2;
        else if (top <= 10000)
            c = 3;
        else
            c = 4;
    }
    steps[i] = s;
    peak[i] = top;
    cls[i] = c;
}
