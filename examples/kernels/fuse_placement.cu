// fuse_placement: three kinds of blocks, each touched by its own
// instructions, so FUSE's read-level predictor (design fuse, dy-fuse)
// learns one class per PC; then a write to blocks it placed as read-many.
//
// One CTA; every warp, for `iters` iterations:
//   table   reads line i % (TABLE / 32) of a small table that every warp
//           reads in the same iteration: read many times, never written
//           (WORM: the predictor places it in STT-MRAM);
//   stream  reads its own fresh line of a long array: each block read once
//           (WORO: the predictor bypasses the L1);
//   acc     reads and writes its own line of accumulators every iteration
//           (WM: kept in SRAM).
// After a barrier (every read of the table done) each thread copies one
// element of the table's upper half to `out` and writes one element of
// its lower half: stores to blocks that sit in STT-MRAM as WORM - a
// misprediction the controller repairs by moving the block to SRAM.
// (blockDim.x <= TABLE / 2: the copied half is never written.)
#define TABLE 1024

extern "C" __global__ void placement(const float *stream, const float *table,
                                     float *acc, float *out, int iters)
{
    int t = threadIdx.x;
    int threads = blockDim.x;
    float s = 0.0f;
    // one instruction per stream (no unrolling): one PC, one class
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
        s += table[(i * 32 + (t & 31)) % TABLE];
        s += stream[i * threads + t];
        acc[t] += s;
    }
    __syncthreads();
    out[t] = table[TABLE - 1 - t];
    ((float *)table)[t] = s;
}
