// Acceptance kernels: 2D and 3D grids and blocks (%tid/%ntid/%ctaid/%nctaid
// .x/.y/.z), grid-stride loops in one and two dimensions, and a 2D stencil
// with ragged edges; __launch_bounds__ (.maxntid, .minnctapersm).

// Every thread of a 3D grid of 3D blocks writes its coordinates.
extern "C" __global__ void grid_ids(unsigned *coords, unsigned *dims)
{
    unsigned X = gridDim.x * blockDim.x;
    unsigned Y = gridDim.y * blockDim.y;
    unsigned gx = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned gy = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned gz = blockIdx.z * blockDim.z + threadIdx.z;
    unsigned lin = (gz * Y + gy) * X + gx;
    unsigned tflat = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned bflat = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    coords[2 * lin + 0] = (blockIdx.x << 24) | (blockIdx.y << 16) | (blockIdx.z << 8) | tflat;
    coords[2 * lin + 1] = (threadIdx.x << 16) | (threadIdx.y << 8) | threadIdx.z | (bflat << 24);
    if (lin == 0) {
        dims[0] = gridDim.x; dims[1] = gridDim.y; dims[2] = gridDim.z;
        dims[3] = blockDim.x; dims[4] = blockDim.y; dims[5] = blockDim.z;
    }
}

// y[i] = a * x[i] + y[i] for a grid much smaller than n. __launch_bounds__
// with a minimum block count emits .maxntid and .minnctapersm.
extern "C" __global__ void __launch_bounds__(256, 2) grid_stride_saxpy(int n, float a, const float *x, float *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

// 2D grid-stride loop over a w x h image: out = in * 2 + (row ^ col).
extern "C" __global__ void grid_stride_2d(const int *in, int *out, int w, int h)
{
    for (int r = blockIdx.y * blockDim.y + threadIdx.y; r < h; r += blockDim.y * gridDim.y)
        for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < w; c += blockDim.x * gridDim.x)
            out[r * w + c] = in[r * w + c] * 2 + (r ^ c);
}

// 5-point stencil on a w x h int grid with clamped borders; 2D blocks.
extern "C" __global__ void __launch_bounds__(128) stencil2d(const int *in, int *out, int w, int h)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (c >= w || r >= h)
        return;
    int up = r > 0 ? r - 1 : r;
    int dn = r < h - 1 ? r + 1 : r;
    int lf = c > 0 ? c - 1 : c;
    int rt = c < w - 1 ? c + 1 : c;
    out[r * w + c] = 4 * in[r * w + c] - in[up * w + c] - in[dn * w + c] - in[r * w + lf] - in[r * w + rt];
}
