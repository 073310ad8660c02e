// conv2d (PolyBench/GPU 2DCONV): a 3 x 3 convolution of an NI x NJ
// row-major float image with fixed coefficients, on the interior pixels
// (the border of b is left as it was):
//   b[i][j] = sum over di, dj in {-1, 0, 1} of c[dj][di] * a[i+di][j+dj]
// summed column by column (dj = -1, 0, 1; within a column di = -1, 0, 1).
//
// Launch (the benchmark's): blocks of 32 x 8 threads, grid (NJ / 32, NI / 8);
// thread (x, y) computes pixel (i = y, j = x).
//
// Nine loads per thread from three rows; a warp's row segment shares lines
// with its left and right neighbours, and the rows above and below are the
// CTA's other warps' rows: high L1 reuse with no shared memory.
extern "C" __global__ void conv2d(int ni, int nj, const float *a, float *b)
{
    const float c11 = +0.2f, c21 = +0.5f, c31 = -0.8f;
    const float c12 = -0.3f, c22 = +0.6f, c32 = -0.9f;
    const float c13 = +0.4f, c23 = +0.7f, c33 = +0.10f;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i > 0 && i < ni - 1 && j > 0 && j < nj - 1) {
        const float *up = a + (i - 1) * nj, *mid = a + i * nj, *down = a + (i + 1) * nj;
        b[i * nj + j] = c11 * up[j - 1] + c12 * mid[j - 1] + c13 * down[j - 1]
                      + c21 * up[j] + c22 * mid[j] + c23 * down[j]
                      + c31 * up[j + 1] + c32 * mid[j + 1] + c33 * down[j + 1];
    }
}
