// syr2k (PolyBench/GPU SYR2K): symmetric rank-2k update in float,
//   C = alpha * A * B^T + alpha * B * A^T + beta * C
// (A, B: N x M, C: N x N, row-major), one thread per element of C.
//
// Launch (the benchmark's): blocks of 32 x 8 threads, grid (N / 32, N / 8);
// thread (x, y) owns C[i][j] with j = x, i = y. As in the benchmark, the sum
// is accumulated in C in global memory (a store per step).
//
// Per step k a warp reads A[i][k] and B[i][k] (broadcasts) and B[j][k],
// A[j][k] for 32 consecutive j: two columns, M * 4 bytes apart, 32 lines
// per warp load each; twice syrk's L1 working set.
extern "C" __global__ void syr2k(int n, int m, float alpha, float beta,
                                 const float *a, const float *b, float *c)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < n) {
        c[i * n + j] *= beta;
        for (int k = 0; k < m; k++)
            c[i * n + j] += alpha * a[i * m + k] * b[j * m + k]
                          + alpha * b[i * m + k] * a[j * m + k];
    }
}
