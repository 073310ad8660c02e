// column_mean.cuh: the column-mean step that PolyBench/GPU's COVARIANCE and
// CORRELATION share (included by covariance.cu and correlation.cu). For a
// data matrix of n rows (observations) by m columns (variables), one thread
// per column j computes mean[j] = sum_i data[i][j] / float_n. As in the
// benchmark, the sum is accumulated in mean[j] in global memory (a store
// per step).
__device__ __forceinline__ void column_mean(int m, int n, float float_n,
                                            const float *data, float *mean)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < m) {
        mean[j] = 0.0f;
        for (int i = 0; i < n; i++)
            mean[j] += data[i * m + j];
        mean[j] /= float_n;
    }
}
