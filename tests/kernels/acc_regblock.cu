// Acceptance kernel: a register-blocked SGEMM as found in tuned CUDA code.
// 64 threads per block compute a 64 x 64 tile of C, each thread an 8 x 8
// sub-tile held in 64 accumulator registers, fed from shared-memory tiles
// (BK = 8) with fully unrolled inner loops: high register pressure (well
// above 100 live 32-bit values), long basic blocks, many shared loads.
#define BM 64
#define BN 64
#define BK 8
#define TM 8
#define TN 8

extern "C" __global__ void sgemm_regblock(int M, int N, int K, const float *A, const float *B,
                                          float *C, float alpha, float beta)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    int tid = threadIdx.x;
    int tx = tid % 8, ty = tid / 8;
    int row0 = blockIdx.y * BM + ty * TM;
    int col0 = blockIdx.x * BN + tx * TN;
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            acc[i][j] = 0.0f;

    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int l = tid; l < BM * BK; l += 64) {
            int r = l / BK, c = l % BK;
            int gr = blockIdx.y * BM + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? A[gr * K + gc] : 0.0f;
        }
        for (int l = tid; l < BK * BN; l += 64) {
            int r = l / BN, c = l % BN;
            int gr = k0 + r, gc = blockIdx.x * BN + c;
            Bs[r][c] = (gr < K && gc < N) ? B[gr * N + gc] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i)
                a[i] = As[k][ty * TM + i];
#pragma unroll
            for (int j = 0; j < TN; ++j)
                b[j] = Bs[k][tx * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            int r = row0 + i, c = col0 + j;
            if (r < M && c < N)
                C[r * N + c] = alpha * acc[i][j] + beta * C[r * N + c];
        }
}
