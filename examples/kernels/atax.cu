// atax: y = A^T (A x), with A an M x N row-major float matrix, x of length N,
// y of length N, in two launches through a temporary t = A x of length M.
//
//   atax_ax   one thread per row i:    t[i] = sum_j A[i][j] * x[j]
//   atax_aty  one thread per column j: y[j] = sum_i A[i][j] * t[i]
//
// Memory behaviour: the same matrix is walked in two directions. In atax_ax
// the 32 lanes of a warp read A[i..i+31][j]: addresses N * 4 bytes apart, so
// every warp load touches 32 different lines (uncoalesced); the lines come
// back for j+1, j+2, ... only if L1 is large enough to keep 32 rows' lines.
// x[j] is the same address for every lane (a broadcast). In atax_aty the
// lanes read A[i][j..j+31]: one line per warp load (coalesced). Compare the
// L1 accesses and misses of the two launches.
extern "C" __global__ void atax_ax(int M, int N, const float *A, const float *x, float *t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < M) {
        float acc = 0.0f;
        for (int j = 0; j < N; j++)
            acc += A[i * N + j] * x[j];
        t[i] = acc;
    }
}

extern "C" __global__ void atax_aty(int M, int N, const float *A, const float *t, float *y)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < N) {
        float acc = 0.0f;
        for (int i = 0; i < M; i++)
            acc += A[i * N + j] * t[i];
        y[j] = acc;
    }
}
