// covariance (PolyBench/GPU COVARIANCE): the M x M covariance matrix of M
// variables observed N times, data of N x M row-major float (row i is one
// observation), in three launches:
//   cov_mean    one thread per column j:  mean[j] = sum_i data[i][j] / float_n
//   cov_center  one thread per element:   data[i][j] -= mean[j]
//   cov_matrix  one thread per column j1: for j2 = j1 .. M-1,
//               symmat[j1][j2] = sum_i data[i][j1] * data[i][j2],
//               symmat[j2][j1] = symmat[j1][j2]
//
// Launch (the benchmark's): cov_mean and cov_matrix on blocks of 256
// threads, grid M / 256; cov_center on blocks of 32 x 8, grid (M / 32, N / 8).
// As in the benchmark, mean[j] and symmat[j1][j2] accumulate in global
// memory (a store per step).
//
// cov_matrix is triangular: thread j1 does M - j1 dot products, so the
// first CTAs run longest. Its reads of data are coalesced (lane j1 and
// column j1 + t), but every accumulation store symmat[j1][j2] is strided
// across the lanes (M * 4 bytes apart): 32 lines per warp store.
#include "column_mean.cuh"

extern "C" __global__ void cov_mean(int m, int n, float float_n, const float *data, float *mean)
{
    column_mean(m, n, float_n, data, mean);
}

extern "C" __global__ void cov_center(int m, int n, const float *mean, float *data)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < m)
        data[i * m + j] -= mean[j];
}

extern "C" __global__ void cov_matrix(int m, int n, const float *data, float *symmat)
{
    int j1 = blockIdx.x * blockDim.x + threadIdx.x;
    if (j1 < m) {
        for (int j2 = j1; j2 < m; j2++) {
            symmat[j1 * m + j2] = 0.0f;
            for (int i = 0; i < n; i++)
                symmat[j1 * m + j2] += data[i * m + j1] * data[i * m + j2];
            symmat[j2 * m + j1] = symmat[j1 * m + j2];
        }
    }
}
