// gemm_tiled: C = A * B (A is M x K, B is K x N, row-major float), staged
// through shared memory in TILE x TILE tiles. Launch with blockDim = (TILE, TILE).
//
// Memory behaviour: each block walks along k one tile at a time. All threads
// first copy one tile of A and one tile of B from global memory into shared
// memory (each global element is loaded once per block instead of TILE
// times), wait at __syncthreads, then run TILE multiply-adds entirely out of
// shared memory, and wait again before the tiles are overwritten. In the
// inner loop a warp (two rows ty, ty+1) reads As[ty][k] and As[ty+1][k] (two
// words 16 banks apart, each a broadcast) and Bs[k][0..15] (16 consecutive
// words, shared by both halves): no shared-memory bank conflicts. Tiles that
// hang over the matrix edge are padded with zeros, so any M, N, K work.
//
// The k order of the multiply-adds is the same as in the naive gemm, so both
// kernels produce bit-identical results.
#define TILE 16

extern "C" __global__ void gemm_tiled(int M, int N, int K,
                                      const float *A, const float *B, float *C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int col = blockIdx.x * TILE + tx;
    int row = blockIdx.y * TILE + ty;
    float acc = 0.0f;

    for (int k0 = 0; k0 < K; k0 += TILE) {
        int ka = k0 + tx;            // column of A this thread copies
        int kb = k0 + ty;            // row of B this thread copies
        As[ty][tx] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
        Bs[ty][tx] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
        __syncthreads();             // tiles are complete

        for (int k = 0; k < TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();             // everyone is done with the tiles
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}
