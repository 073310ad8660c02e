// jacobi_2d (PolyBench/GPU JACOBI-2D): Jacobi relaxation on an N x N
// row-major float grid, two launches per time step:
//   jacobi_avg   b[i][j] = 0.2 (a[i][j] + a[i][j-1] + a[i][j+1] + a[i+1][j]
//                + a[i-1][j]) on the interior 1 <= i, j < N-1
//   jacobi_copy  a[i][j] = b[i][j] on the interior
//
// Launch (the benchmark's): blocks of 32 x 8 threads, grid (ceil(N / 32),
// ceil(N / 8)); thread (x, y) owns row i = y, column j = x.
//
// jacobi_avg: five loads per thread, three of them in the warp's own row
// (lines shared with the left and right neighbours) and two in the rows
// above and below, which the CTA's other warps also read: L1 reuse with
// no shared memory. jacobi_copy is a pure stream. The benchmark's N = 1000
// is not a multiple of 32, so the last column of CTAs is partly idle and
// rows start at varying offsets in their lines.
extern "C" __global__ void jacobi_avg(int n, const float *a, float *b)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1)
        b[i * n + j] = 0.2f * (a[i * n + j] + a[i * n + j - 1] + a[i * n + j + 1]
                               + a[(i + 1) * n + j] + a[(i - 1) * n + j]);
}

extern "C" __global__ void jacobi_copy(int n, float *a, const float *b)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1)
        a[i * n + j] = b[i * n + j];
}
