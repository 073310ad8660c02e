// stencil: one Jacobi step of a 3-D 7-point stencil,
//   next(i,j,k) = (sum of the 6 neighbours) * c1 - A(i,j,k) * c0
// on the interior of an nx x ny x nz grid (x fastest), the kernel structure
// of Parboil's stencil benchmark (2.5-D blocking, "block2D hybrid, coarsened
// in x"), written here from the algorithm.
//
// Launch shape: blocks of 32 x 4 threads, grid (nx / 64, ny / 4); each CTA
// owns a 64 x 4 column of the grid and marches through z. Each thread
// handles two points of a plane (x and x + 32: thread coarsening in x). The
// current plane of the tile lives in shared memory (64 x 4 floats); the
// planes below and above stay in registers (bottom, top), so every A value
// is loaded from global memory once per CTA, except the tile's halo: threads
// on the tile's edges read their outside neighbours (x - 1, x + 64, y - 1,
// y + 4) directly from global memory. Two barriers per plane (compute, then
// rotate the planes). nx must be a multiple of 64 and ny of 4.
//
// Memory behaviour: coalesced plane loads (two 128-byte lines per warp per
// plane), halo loads that are partly uncoalesced (the x halo is one word per
// row), shared-memory reuse inside the plane, register reuse across planes;
// the boundary of the grid is never written, so the host keeps both buffers
// equal there.
#define TX 32
#define TY 4

__device__ __forceinline__ int idx3(int nx, int ny, int i, int j, int k)
{
    return (k * ny + j) * nx + i;
}

extern "C" __global__ void stencil7(float c0, float c1, const float *A0, float *Anext,
                                    int nx, int ny, int nz)
{
    __shared__ float sh[TY][2 * TX];
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = blockIdx.x * 2 * TX + tx, i2 = i + TX;
    int j = blockIdx.y * TY + ty;
    bool in1 = i > 0 && j > 0 && j < ny - 1;           // i < nx - 1 always holds
    bool in2 = j > 0 && i2 < nx - 1 && j < ny - 1;

    float bottom = A0[idx3(nx, ny, i, j, 0)], bottom2 = A0[idx3(nx, ny, i2, j, 0)];
    sh[ty][tx] = A0[idx3(nx, ny, i, j, 1)];
    sh[ty][tx + TX] = A0[idx3(nx, ny, i2, j, 1)];
    __syncthreads();

    for (int k = 1; k < nz - 1; k++) {
        float top = A0[idx3(nx, ny, i, j, k + 1)];
        float top2 = A0[idx3(nx, ny, i2, j, k + 1)];
        if (in1) {
            float up = ty == TY - 1 ? A0[idx3(nx, ny, i, j + 1, k)] : sh[ty + 1][tx];
            float down = ty == 0 ? A0[idx3(nx, ny, i, j - 1, k)] : sh[ty - 1][tx];
            float left = tx == 0 ? A0[idx3(nx, ny, i - 1, j, k)] : sh[ty][tx - 1];
            float right = sh[ty][tx + 1];
            Anext[idx3(nx, ny, i, j, k)] =
                (top + bottom + up + down + left + right) * c1 - sh[ty][tx] * c0;
        }
        if (in2) {
            float up = ty == TY - 1 ? A0[idx3(nx, ny, i2, j + 1, k)] : sh[ty + 1][tx + TX];
            float down = ty == 0 ? A0[idx3(nx, ny, i2, j - 1, k)] : sh[ty - 1][tx + TX];
            float left = sh[ty][tx + TX - 1];
            float right = tx == TX - 1 ? A0[idx3(nx, ny, i2 + 1, j, k)] : sh[ty][tx + TX + 1];
            Anext[idx3(nx, ny, i2, j, k)] =
                (top2 + bottom2 + up + down + left + right) * c1 - sh[ty][tx + TX] * c0;
        }
        __syncthreads();                 // everyone has read plane k
        bottom = sh[ty][tx];
        bottom2 = sh[ty][tx + TX];
        sh[ty][tx] = top;
        sh[ty][tx + TX] = top2;
        __syncthreads();                 // plane k + 1 is in place
    }
}
