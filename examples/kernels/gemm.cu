// gemm (naive): C = A * B with A of M x K, B of K x N and C of M x N, all
// row-major float. One thread computes one element of C with a dot product
// over k.
//
// Memory behaviour: with the block laid out 16 x 16, a warp covers 16
// columns of two rows of C. Each step of the k loop, it reads A[row][k] and
// A[row+1][k] (two addresses, each broadcast to 16 lanes) and
// B[k][col .. col+15] (64 consecutive bytes, the same for both halves).
// Every element of A and B is loaded many times by different warps, so the
// hit rate depends entirely on whether the working set (per block, a 16-row
// panel of A and a 16-column panel of B) stays in L1: with a small L1 it
// thrashes. Compare with gemm_tiled, which stages the same data through
// shared memory.
extern "C" __global__ void gemm(int M, int N, int K,
                                const float *A, const float *B, float *C)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int k = 0; k < K; k++)
        acc += A[row * K + k] * B[k * N + col];   // one fma.rn.f32 per k, in k order
    C[row * N + col] = acc;
}
