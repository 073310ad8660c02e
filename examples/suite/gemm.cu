// gemm (PolyBench/GPU GEMM): C = alpha * A * B + beta * C, with A of NI x NK,
// B of NK x NJ and C of NI x NJ, all row-major float.
//
// Launch (the benchmark's): blocks of 32 x 8 threads, grid (NJ / 32, NI / 8);
// thread (x, y) owns C[i][j] with j = x (along a row) and i = y.
//
// As in the benchmark, the sum is accumulated in C itself, in global memory:
// the pointers may alias, so the compiler stores C[i][j] back after every
// multiply-add. Per step k a warp (32 consecutive j of one row i) reads one
// broadcast element of A, one 128-byte line of row k of B, and writes one
// line of C: a read-mostly stream of B with store reuse on C.
extern "C" __global__ void gemm(int ni, int nj, int nk, float alpha, float beta,
                                const float *a, const float *b, float *c)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < ni && j < nj) {
        c[i * nj + j] *= beta;
        for (int k = 0; k < nk; k++)
            c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj + j];
    }
}
