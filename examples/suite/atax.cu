// atax (PolyBench/GPU ATAX): y = A^T (A x) in float, A of NX x NY row-major,
// in two launches through tmp = A x:
//   atax_ax   one thread per row i:    tmp[i] += A[i][j] * x[j] over j
//   atax_aty  one thread per column j: y[j]   += A[i][j] * tmp[i] over i
//
// Launch (the benchmark's): blocks of 256 threads, grids NX / 256 and
// NY / 256. tmp and y start at zero and, as in the benchmark, the sums are
// accumulated in them in global memory (a store per step).
//
// atax_ax: the lanes of a warp read A down a column, NY * 4 bytes apart, so
// each warp load touches 32 lines, and the lines come back for j + 1 only
// if the L1 keeps 32 rows' lines of every resident warp. With a
// power-of-two NY and a linear set index those rows fall into few sets.
// atax_aty: the lanes read along a row, one line per warp load.
extern "C" __global__ void atax_ax(int nx, int ny, const float *a, const float *x, float *tmp)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nx) {
        for (int j = 0; j < ny; j++)
            tmp[i] += a[i * ny + j] * x[j];
    }
}

extern "C" __global__ void atax_aty(int nx, int ny, const float *a, const float *tmp, float *y)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < ny) {
        for (int i = 0; i < nx; i++)
            y[j] += a[i * ny + j] * tmp[i];
    }
}
