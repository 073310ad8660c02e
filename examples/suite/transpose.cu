// transpose: odata = transpose(idata) for a height x width row-major float
// matrix (odata is width x height), the kernels of the CUDA SDK transpose
// sample and its "Optimizing Matrix Transpose in CUDA" paper, written here
// from the algorithm:
//   transpose_naive        reads rows, writes columns (uncoalesced stores)
//   transpose_coalesced    through a 32 x 32 shared tile: both sides coalesced,
//                          32-way bank conflicts on the column reads
//   transpose_nobankconf   the same with the tile padded to 32 x 33
//   transpose_diagonal     padded tile, CTAs walk the tiles diagonally so that
//                          concurrently running CTAs spread over DRAM channels
//
// Launch shape: blocks of TILE_DIM x BLOCK_ROWS = 32 x 8 threads, grid
// (width / 32, height / 32); each thread moves 4 elements of the CTA's tile.
// width and height must be multiples of 32.
#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void transpose_naive(float *odata, const float *idata, int width, int height)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[x * height + (y + j)] = idata[(y + j) * width + x];
}

// One tile through shared memory; PITCH is the tile's row length in words.
template <int PITCH>
__device__ void tile_transpose(float *odata, const float *idata, int width, int height,
                               int bx, int by)
{
    __shared__ float tile[TILE_DIM][PITCH];
    int x = bx * TILE_DIM + threadIdx.x;
    int y = by * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    x = by * TILE_DIM + threadIdx.x;       // the tile lands at (by, bx) in odata
    y = bx * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void transpose_coalesced(float *odata, const float *idata, int width, int height)
{
    tile_transpose<TILE_DIM>(odata, idata, width, height, blockIdx.x, blockIdx.y);
}

extern "C" __global__ void transpose_nobankconf(float *odata, const float *idata, int width, int height)
{
    tile_transpose<TILE_DIM + 1>(odata, idata, width, height, blockIdx.x, blockIdx.y);
}

// Diagonal block order: CTA number b (in launch order) takes tile row
// b mod gridDim.y and tile column (b / gridDim.y + row) mod gridDim.x, so
// consecutive CTAs touch different columns of both matrices.
extern "C" __global__ void transpose_diagonal(float *odata, const float *idata, int width, int height)
{
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    int by = bid % gridDim.y;
    int bx = (bid / gridDim.y + by) % gridDim.x;
    tile_transpose<TILE_DIM + 1>(odata, idata, width, height, bx, by);
}
