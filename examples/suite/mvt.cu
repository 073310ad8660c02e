// mvt (PolyBench/GPU MVT): two matrix-vector products with one N x N
// row-major float matrix A:
//   mvt_x1  one thread per row i:     x1[i] += A[i][j] * y1[j] over j
//   mvt_x2  one thread per column i:  x2[i] += A[j][i] * y2[j] over j
//
// Launch (the benchmark's): blocks of 256 threads, grid N / 256, for both.
// As in the benchmark, the sums are accumulated in x1 and x2 in global
// memory (a store per step).
//
// mvt_x1 reads A down columns across the lanes (32 lines per warp load,
// N * 4 bytes apart); mvt_x2 reads along rows (one line per warp load).
extern "C" __global__ void mvt_x1(int n, const float *a, const float *y1, float *x1)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < n; j++)
            x1[i] += a[i * n + j] * y1[j];
    }
}

extern "C" __global__ void mvt_x2(int n, const float *a, const float *y2, float *x2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < n; j++)
            x2[i] += a[j * n + i] * y2[j];
    }
}
