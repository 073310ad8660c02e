// correlation (PolyBench/GPU CORRELATION): the M x M correlation matrix of
// M variables observed N times, data of N x M row-major float (row i is one
// observation), in four launches:
//   corr_mean    one thread per column j: mean[j] = sum_i data[i][j] / float_n
//   corr_std     one thread per column j: std[j] = sqrt(sum_i (data[i][j] -
//                mean[j])^2 / float_n), replaced by 1 when <= eps
//   corr_reduce  one thread per element: data[i][j] = (data[i][j] - mean[j])
//                / (sqrt(float_n) * std[j])
//   corr_matrix  one thread per column j1 < M-1: symmat[j1][j1] = 1, and for
//                j2 > j1 symmat[j1][j2] = symmat[j2][j1] = sum_i data[i][j1]
//                * data[i][j2]; symmat[M-1][M-1] = 1 is set by the host.
//
// Launch (the benchmark's): corr_mean, corr_std and corr_matrix on blocks of
// 256 threads, grid M / 256; corr_reduce on blocks of 32 x 8, grid (M / 32,
// N / 8). As in the benchmark, mean, std and symmat accumulate in global
// memory (a store per step).
//
// corr_matrix is triangular (thread j1 does M - 1 - j1 dot products) with
// coalesced reads of data and accumulation stores strided across the lanes
// (M * 4 bytes apart, 32 lines per warp store).
#include "column_mean.cuh"

extern "C" __global__ void corr_mean(int m, int n, float float_n, const float *data, float *mean)
{
    column_mean(m, n, float_n, data, mean);
}

extern "C" __global__ void corr_std(int m, int n, float float_n, float eps,
                                    const float *data, const float *mean, float *std)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < m) {
        std[j] = 0.0f;
        for (int i = 0; i < n; i++)
            std[j] += (data[i * m + j] - mean[j]) * (data[i * m + j] - mean[j]);
        std[j] /= float_n;
        std[j] = sqrtf(std[j]);
        if (std[j] <= eps)
            std[j] = 1.0f;
    }
}

extern "C" __global__ void corr_reduce(int m, int n, float float_n, const float *mean,
                                       const float *std, float *data)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < m) {
        data[i * m + j] -= mean[j];
        data[i * m + j] /= sqrtf(float_n) * std[j];
    }
}

extern "C" __global__ void corr_matrix(int m, int n, const float *data, float *symmat)
{
    int j1 = blockIdx.x * blockDim.x + threadIdx.x;
    if (j1 < m - 1) {
        symmat[j1 * m + j1] = 1.0f;
        for (int j2 = j1 + 1; j2 < m; j2++) {
            symmat[j1 * m + j2] = 0.0f;
            for (int i = 0; i < n; i++)
                symmat[j1 * m + j2] += data[i * m + j1] * data[i * m + j2];
            symmat[j2 * m + j1] = symmat[j1 * m + j2];
        }
    }
}
