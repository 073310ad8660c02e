// pathfinder (Rodinia "pathfinder"): cheapest top-to-bottom path through a
// rows x cols grid of integer costs, where each step goes down to the same
// column or one column to the left or right:
//   cost[0][j] = wall[0][j]
//   cost[r][j] = wall[r][j] + min(cost[r-1][j-1], cost[r-1][j], cost[r-1][j+1])
// (a missing neighbour at the grid's edge is left out of the min).
//
// Launch shape (as the benchmark): blocks of BLOCK = 256 threads, one
// thread per column. Each launch advances `steps` rows (the "pyramid
// height" p, at most the rows left) without going back to global memory:
// a block loads BLOCK consecutive columns of the current row into shared
// memory and computes p rows in place, so after step i only the columns
// i+1 .. BLOCK-2-i of the block are still exact. Blocks therefore overlap:
// each one produces BLOCK - 2p columns (the grid is
// ceil(cols / (BLOCK - 2p)) blocks) and its window starts p columns to the
// left of them (border = p). The host launches ceil((rows-1) / p) times,
// swapping the source and result rows.
//
// Memory behaviour: one coalesced row load and one coalesced store per
// launch; p coalesced reads of the wall (one row each step) per thread;
// the three candidates of every step come from shared memory (consecutive
// words, no bank conflicts); two barriers per step. The threads outside the
// still-valid window idle (divergence grows with the step). The block's
// window edge at the grid border clamps the neighbour index to the block's
// first/last valid column, so min() sees the column itself there.
#define BLOCK 256

extern "C" __global__ void pathfinder_pyramid(int steps, const int *wall,
                                              const int *src, int *dst,
                                              int cols, int start_row, int border)
{
    __shared__ int prev[BLOCK];
    __shared__ int result[BLOCK];
    int tx = threadIdx.x;
    int out_cols = BLOCK - 2 * steps;           // columns this block produces
    int x0 = out_cols * blockIdx.x - border;    // first column of the window
    int x = x0 + tx;

    // The part of the window that lies inside the grid.
    int lo = x0 < 0 ? -x0 : 0;
    int hi = x0 + BLOCK - 1 > cols - 1 ? cols - 1 - x0 : BLOCK - 1;
    int west = max(tx - 1, lo);
    int east = min(tx + 1, hi);
    bool inside = tx >= lo && tx <= hi;

    if (x >= 0 && x <= cols - 1)
        prev[tx] = src[x];
    __syncthreads();

    bool computed = false;
    for (int i = 0; i < steps; i++) {
        computed = false;
        // After step i, columns i+1 .. BLOCK-2-i still have exact inputs.
        if (tx >= i + 1 && tx <= BLOCK - 2 - i && inside) {
            computed = true;
            int best = min(prev[west], min(prev[tx], prev[east]));
            result[tx] = best + wall[(start_row + i) * cols + x];
        }
        __syncthreads();
        if (i == steps - 1)
            break;
        if (computed)
            prev[tx] = result[tx];
        __syncthreads();
    }
    if (computed)
        dst[x] = result[tx];
}
