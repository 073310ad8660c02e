// transpose (naive): out = transpose(in), where in is rows x cols and out is
// cols x rows, both row-major float. One thread moves one element.
//
// Memory behaviour: the read in[y][x] is coalesced (a warp reads 32
// consecutive floats of one row), but the write out[x][y] is strided: the 32
// lanes of a warp write 32 different rows of out, 4 * rows bytes apart, so one
// warp store becomes 32 separate memory transactions and 32 different lines.
// Compare the write traffic with transpose_tiled.
extern "C" __global__ void transpose(int rows, int cols, const float *in, float *out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;   // column in "in"
    int y = blockIdx.y * blockDim.y + threadIdx.y;   // row in "in"
    if (x < cols && y < rows)
        out[x * rows + y] = in[y * cols + x];
}
