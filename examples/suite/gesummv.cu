// gesummv (PolyBench/GPU GESUMMV): y = alpha * A x + beta * B x in float,
// A and B of N x M row-major (square, N = M, in the benchmark), one thread
// per row i:
//   tmp[i] += A[i][j] * x[j];  y[i] += B[i][j] * x[j]   over j < M
//   y[i] = alpha * tmp[i] + beta * y[i]
//
// Launch (the benchmark's): blocks of 256 threads, grid N / 256. tmp and y
// start at zero and, as in the benchmark, the sums are accumulated in them
// in global memory (two stores per step).
//
// Both matrices are read down columns across the lanes of a warp: two
// uncoalesced warp loads per step (32 lines each, M * 4 bytes apart), so
// the L1 must keep 64 rows' lines per warp to get any reuse.
extern "C" __global__ void gesummv(int n, int m, float alpha, float beta, const float *a,
                                   const float *b, const float *x, float *y, float *tmp)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < m; j++) {
            tmp[i] += a[i * m + j] * x[j];
            y[i] += b[i * m + j] * x[j];
        }
        y[i] = alpha * tmp[i] + beta * y[i];
    }
}
