// bicg (PolyBench/GPU BICG): the two matrix-vector products of a BiCG
// step in float, A of NX x NY row-major:
//   bicg_s  one thread per column j: s[j] = sum_i r[i] * A[i][j]
//   bicg_q  one thread per row i:    q[i] = sum_j A[i][j] * p[j]
//
// Launch (the benchmark's): blocks of 256 threads, grids NY / 256 (bicg_s)
// and NX / 256 (bicg_q). As in the benchmark, s[j] and q[i] are zeroed and
// the sums accumulated in them in global memory (a store per step).
//
// bicg_s reads A along rows across the lanes of a warp (one line per warp
// load); bicg_q reads down columns (32 lines per warp load, NY * 4 bytes
// apart), and depends on the L1 keeping 32 rows' lines per warp alive.
extern "C" __global__ void bicg_s(int nx, int ny, const float *a, const float *r, float *s)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < ny) {
        s[j] = 0.0f;
        for (int i = 0; i < nx; i++)
            s[j] += r[i] * a[i * ny + j];
    }
}

extern "C" __global__ void bicg_q(int nx, int ny, const float *a, const float *p, float *q)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nx) {
        q[i] = 0.0f;
        for (int j = 0; j < ny; j++)
            q[i] += a[i * ny + j] * p[j];
    }
}
