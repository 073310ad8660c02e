// 3mm (PolyBench/GPU 3MM): three matrix products in float,
//   E = A * B   (A: NI x NK, B: NK x NJ)
//   F = C * D   (C: NJ x NM, D: NM x NL)
//   G = E * F   (G: NI x NL)
// as three launches of one kernel, one thread per output element.
//
// Launch (the benchmark's): blocks of 32 x 8 threads, grid (columns / 32,
// rows / 8); thread (x, y) owns the element of row y, column x.
//
// As in the benchmark, each sum is accumulated in the output in global
// memory (zeroed first, stored back after every multiply-add). The third
// launch reads the two matrices the first two wrote.
extern "C" __global__ void mm3_product(int rows, int cols, int inner,
                                       const float *x, const float *y, float *out)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < rows && j < cols) {
        out[i * cols + j] = 0.0f;
        for (int k = 0; k < inner; k++)
            out[i * cols + j] += x[i * inner + k] * y[k * cols + j];
    }
}
