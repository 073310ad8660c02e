// fdtd_2d (PolyBench/GPU FDTD-2D): a two-dimensional finite-difference
// time-domain step of the fields ex, ey, hz (NX x NY row-major float), in
// three launches per time step t:
//   fdtd_ey  ey[0][j] = fict[t]; ey[i][j] -= 0.5 (hz[i][j] - hz[i-1][j]), i > 0
//   fdtd_ex  ex[i][j] -= 0.5 (hz[i][j] - hz[i][j-1]), j > 0
//   fdtd_hz  hz[i][j] -= 0.7 (ex[i][j+1] - ex[i][j] + ey[i+1][j] - ey[i][j]),
//            i < NX-1, j < NY-1
//
// Launch (the benchmark's): blocks of 32 x 8 threads, grid (NY / 32, NX / 8);
// thread (x, y) updates the element of row i = y, column j = x.
//
// Each launch streams whole fields once, with neighbour reuse through the
// L1: the row above (fdtd_ey) or below (fdtd_hz) is the next warp's row, and
// the column to the left or right is in the same or the adjacent line.
extern "C" __global__ void fdtd_ey(int nx, int ny, const float *fict, float *ey,
                                   const float *hz, int t)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < nx && j < ny) {
        if (i == 0)
            ey[j] = fict[t];
        else
            ey[i * ny + j] = ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
    }
}

extern "C" __global__ void fdtd_ex(int nx, int ny, float *ex, const float *hz)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < nx && j < ny && j > 0)
        ex[i * ny + j] = ex[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[i * ny + j - 1]);
}

extern "C" __global__ void fdtd_hz(int nx, int ny, const float *ex, const float *ey, float *hz)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < nx - 1 && j < ny - 1)
        hz[i * ny + j] = hz[i * ny + j] - 0.7f * (ex[i * ny + j + 1] - ex[i * ny + j]
                                                  + ey[(i + 1) * ny + j] - ey[i * ny + j]);
}
