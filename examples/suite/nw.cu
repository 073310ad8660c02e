// nw (Rodinia "nw"): Needleman-Wunsch global alignment scores of two
// sequences of length n (n a multiple of 16). The score matrix has
// (n+1) x (n+1) ints, row 0 and column 0 prefilled with -k * penalty;
//   score[i][j] = max(score[i-1][j-1] + ref[i][j],
//                     score[i][j-1] - penalty, score[i-1][j] - penalty)
// where ref[i][j] is the substitution score of residues a[i] and b[j],
// stored as a matrix of the same shape.
//
// Launch shape (as the benchmark): the matrix is cut into 16 x 16 tiles,
// one block of 16 threads per tile; tiles on one anti-diagonal of the tile
// grid are independent, so the host launches one anti-diagonal at a time:
// nw_upper for diagonals 1 .. n/16 (diagonal d has d tiles) and then
// nw_lower for the diagonals below the main one (n/16 - 1 .. 1 tiles):
// 2 * n/16 - 1 launches.
//
// Inside a tile: the 16 threads load the 16 x 16 reference scores (one
// coalesced 64-byte row per step) and the tile's left column, top row and
// corner from the score matrix into shared memory (the column read is
// strided: 16 separate lines), then sweep the tile's 31 anti-diagonals,
// thread tx computing row m - tx + 1 (so the active threads grow then
// shrink: divergence) with a barrier after each, and write the tile back
// row by row. The shared tile is 17 x 17 ints: on an anti-diagonal the
// threads' words are 16 apart, so the 16 threads share 2 banks (8-way
// bank conflicts on every score-tile access of the sweep).
// Blocks are half a warp; the many small launches keep few warps per SM.
#define BS 16

__device__ __forceinline__ int max3(int a, int b, int c)
{
    return max(max(a, b), c);
}

// One tile at tile coordinates (bx_t, by_t).
__device__ __forceinline__ void nw_tile(const int *ref_g, int *score, int cols,
                                        int penalty, int bx_t, int by_t)
{
    __shared__ int temp[BS + 1][BS + 1];
    __shared__ int ref[BS][BS];
    int tx = threadIdx.x;
    int base = cols * BS * by_t + BS * bx_t;     // corner (north-west) of the tile
    int index = base + cols + 1 + tx;             // row 1 of the tile, column tx

    if (tx == 0)
        temp[0][0] = score[base];
    for (int ty = 0; ty < BS; ty++)
        ref[ty][tx] = ref_g[index + cols * ty];
    __syncthreads();
    temp[tx + 1][0] = score[base + cols * (tx + 1)];     // left column
    __syncthreads();
    temp[0][tx + 1] = score[base + 1 + tx];              // top row
    __syncthreads();

    for (int m = 0; m < BS; m++) {                       // upper-left half
        if (tx <= m) {
            int x = tx + 1, y = m - tx + 1;
            temp[y][x] = max3(temp[y - 1][x - 1] + ref[y - 1][x - 1],
                              temp[y][x - 1] - penalty, temp[y - 1][x] - penalty);
        }
        __syncthreads();
    }
    for (int m = BS - 2; m >= 0; m--) {                  // lower-right half
        if (tx <= m) {
            int x = tx + BS - m, y = BS - tx;
            temp[y][x] = max3(temp[y - 1][x - 1] + ref[y - 1][x - 1],
                              temp[y][x - 1] - penalty, temp[y - 1][x] - penalty);
        }
        __syncthreads();
    }
    for (int ty = 0; ty < BS; ty++)
        score[index + cols * ty] = temp[ty + 1][tx + 1];
}

// Diagonal i (1 .. nt) of the upper-left triangle of the nt x nt tile grid.
extern "C" __global__ void nw_upper(const int *ref, int *score, int cols, int penalty,
                                    int i, int nt)
{
    int bx = blockIdx.x;
    nw_tile(ref, score, cols, penalty, bx, i - 1 - bx);
}

// Diagonal i (nt-1 .. 1 tiles) of the lower-right triangle.
extern "C" __global__ void nw_lower(const int *ref, int *score, int cols, int penalty,
                                    int i, int nt)
{
    int bx = blockIdx.x;
    nw_tile(ref, score, cols, penalty, bx + nt - i, nt - bx - 1);
}
