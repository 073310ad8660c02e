// syrk (PolyBench/GPU SYRK): symmetric rank-k update in float,
//   C = alpha * A * A^T + beta * C    (A: N x M, C: N x N, row-major)
// one thread per element of C (the whole matrix, not a triangle).
//
// Launch (the benchmark's): blocks of 32 x 8 threads, grid (N / 32, N / 8);
// thread (x, y) owns C[i][j] with j = x, i = y. As in the benchmark, the sum
// is accumulated in C in global memory (a store per step).
//
// Per step k a warp reads A[i][k] (one address, a broadcast) and A[j][k]
// for 32 consecutive j: a column of A, M * 4 bytes apart, 32 lines per warp
// load. The lines hold the next 31 steps' values, so the kernel lives on L1
// hits if the 32 rows' lines of every resident warp stay cached.
extern "C" __global__ void syrk(int n, int m, float alpha, float beta,
                                const float *a, float *c)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < n) {
        c[i * n + j] *= beta;
        for (int k = 0; k < m; k++)
            c[i * n + j] += alpha * a[i * m + k] * a[j * m + k];
    }
}
