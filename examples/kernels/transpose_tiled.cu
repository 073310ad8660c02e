// transpose_tiled: out = transpose(in) (in is rows x cols, out is cols x rows,
// row-major float) through a 32 x 32 tile in shared memory. Launch with
// blockDim = (32, 8): each thread moves 4 elements of the tile.
//
// Memory behaviour: the block reads a 32 x 32 tile with coalesced row reads,
// stores it into shared memory, and after __syncthreads writes the transposed
// tile back with coalesced row writes: both global sides are now one 128-byte
// line per warp access. The price moves into shared memory: the second phase
// reads a *column* of the tile. With 32 banks of 4 bytes, a row pitch of 32
// words puts a whole column in one bank (a 32-way bank conflict on every
// read); padding the row to 33 words spreads the column over all 32 banks.
// Two entry points let you compare the two pitches:
//   transpose_tiled        tile[32][33]  (conflict-free)
//   transpose_tiled_nopad  tile[32][32]  (32-way conflicts on the column reads)
#define TDIM 32
#define TROWS 8

extern "C" __global__ void transpose_tiled(int rows, int cols, const float *in, float *out)
{
    __shared__ float tile[TDIM][TDIM + 1];   // +1: column reads hit 32 different banks
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y0 = blockIdx.y * TDIM;
    for (int j = threadIdx.y; j < TDIM; j += TROWS)
        if (x < cols && y0 + j < rows)
            tile[j][threadIdx.x] = in[(y0 + j) * cols + x];
    __syncthreads();

    // Output tile origin: row blockIdx.x * TDIM of out, column blockIdx.y * TDIM.
    int ox = blockIdx.y * TDIM + threadIdx.x;  // column in out (a row of in)
    int oy0 = blockIdx.x * TDIM;               // first row in out (a column of in)
    for (int j = threadIdx.y; j < TDIM; j += TROWS)
        if (ox < rows && oy0 + j < cols)
            out[(oy0 + j) * rows + ox] = tile[threadIdx.x][j];
}

extern "C" __global__ void transpose_tiled_nopad(int rows, int cols, const float *in, float *out)
{
    __shared__ float tile[TDIM][TDIM];       // no padding: a column lives in one bank
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y0 = blockIdx.y * TDIM;
    for (int j = threadIdx.y; j < TDIM; j += TROWS)
        if (x < cols && y0 + j < rows)
            tile[j][threadIdx.x] = in[(y0 + j) * cols + x];
    __syncthreads();

    int ox = blockIdx.y * TDIM + threadIdx.x;
    int oy0 = blockIdx.x * TDIM;
    for (int j = threadIdx.y; j < TDIM; j += TROWS)
        if (ox < rows && oy0 + j < cols)
            out[(oy0 + j) * rows + ox] = tile[threadIdx.x][j];
}
