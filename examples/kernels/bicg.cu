// bicg: the two matrix-vector products of a BiCG solver step, on an M x N
// row-major float matrix A:
//   s = A^T r   (length N, r has length M)   bicg_s: one thread per column j
//   q = A p     (length M, p has length N)   bicg_q: one thread per row i
//
// Memory behaviour: bicg_s reads A row by row across the lanes of a warp
// (lane k reads A[i][j+k]: coalesced, one line per warp load) while bicg_q
// reads down columns (lane k reads A[i+k][j]: 32 lines per warp load, a
// stride of N floats). Both kernels read the whole of A once per thread's
// loop; the strided one depends on L1 keeping 32 rows' lines alive between
// iterations. Here the two products run as two launches of one scenario, so
// the second launch can also find part of A still cached by the first.
extern "C" __global__ void bicg_s(int M, int N, const float *A, const float *r, float *s)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < N) {
        float acc = 0.0f;
        for (int i = 0; i < M; i++)
            acc += r[i] * A[i * N + j];
        s[j] = acc;
    }
}

extern "C" __global__ void bicg_q(int M, int N, const float *A, const float *p, float *q)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < M) {
        float acc = 0.0f;
        for (int j = 0; j < N; j++)
            acc += A[i * N + j] * p[j];
        q[i] = acc;
    }
}
