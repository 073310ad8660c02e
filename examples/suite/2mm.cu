// 2mm (PolyBench/GPU 2MM): two chained matrix products in float,
//   tmp = alpha * A * B        (A: NI x NK, B: NK x NJ, tmp: NI x NJ)
//   D   = beta * D + tmp * C   (C: NJ x NL, D: NI x NL)
// in two launches, one thread per output element.
//
// Launch (the benchmark's): blocks of 32 x 8 threads; mm2_tmp on a grid
// (NJ / 32, NI / 8), mm2_d on (NL / 32, NI / 8); thread (x, y) owns the
// element of row i = y, column j = x.
//
// As in the benchmark, each sum is accumulated in global memory (tmp, D):
// the compiler stores the element back after every multiply-add. The
// second launch reads tmp, which the first one wrote, row-wise as its left
// operand (a broadcast per warp), and C column panels (one line per step).
extern "C" __global__ void mm2_tmp(int ni, int nj, int nk, float alpha,
                                   const float *a, const float *b, float *tmp)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < ni && j < nj) {
        tmp[i * nj + j] = 0.0f;
        for (int k = 0; k < nk; k++)
            tmp[i * nj + j] += alpha * a[i * nk + k] * b[k * nj + j];
    }
}

extern "C" __global__ void mm2_d(int ni, int nj, int nl, float beta,
                                 const float *tmp, const float *c, float *d)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < ni && j < nl) {
        d[i * nl + j] *= beta;
        for (int k = 0; k < nj; k++)
            d[i * nl + j] += tmp[i * nj + k] * c[k * nl + j];
    }
}
