// sgemm: C = alpha * A * B^T + beta * C (single precision, column-major), the
// register-tiled kernel of Parboil's sgemm benchmark ("NT": A is m x k with
// leading dimension lda = m, B is n x k with ldb = n, C is m x n, ldc = m).
//
// Launch shape: blocks of TILE_N x TILE_TB_HEIGHT = 16 x 8 = 128 threads,
// grid (m / 128, n / 16). Each CTA computes a 128 x 16 tile of C: thread t
// owns row m0 + t of the tile and keeps its 16 outputs c[0..15] in
// registers. Per step of 8 values of k the CTA stages an 8 x 16 slice of B
// in shared memory (one element per thread), and each thread streams its 8
// elements of A from global memory (one column of A per k, coalesced over
// the 128 threads), multiplying each by a row of the shared slice.
// m must be a multiple of 128, n of 16 and k of 8.
//
// Memory behaviour: A is read exactly once (coalesced, no reuse inside a
// CTA; reuse across the n / 16 CTAs of a row comes from L1/L2), B through
// shared memory where the 16-wide rows are read as broadcasts; register
// pressure from the 16 accumulators is what limits occupancy on real GPUs.
#define TILE_N 16
#define TILE_TB_HEIGHT 8
#define TILE_M (TILE_N * TILE_TB_HEIGHT)

extern "C" __global__ void sgemm_nt(const float *A, int lda, const float *B, int ldb,
                                    float *C, int ldc, int k, float alpha, float beta)
{
    __shared__ float b_s[TILE_TB_HEIGHT][TILE_N];
    float c[TILE_N];
#pragma unroll
    for (int i = 0; i < TILE_N; i++)
        c[i] = 0.0f;

    int mid = threadIdx.y * blockDim.x + threadIdx.x;   // 0..127: row within the tile
    int m = blockIdx.x * TILE_M + mid;
    int n = blockIdx.y * TILE_N + threadIdx.x;

    for (int i = 0; i < k; i += TILE_TB_HEIGHT) {
        b_s[threadIdx.y][threadIdx.x] = B[n + (i + threadIdx.y) * ldb];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < TILE_TB_HEIGHT; j++) {
            float a = A[m + (i + j) * lda];
#pragma unroll
            for (int kk = 0; kk < TILE_N; kk++)
                c[kk] += a * b_s[j][kk];
        }
        __syncthreads();
    }

    int t = ldc * blockIdx.y * TILE_N + m;
#pragma unroll
    for (int i = 0; i < TILE_N; i++)
        C[t + i * ldc] = C[t + i * ldc] * beta + alpha * c[i];
}
