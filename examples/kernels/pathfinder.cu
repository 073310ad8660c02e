// pathfinder: dynamic programming for the cheapest top-to-bottom path
// through a rows x cols grid of integer costs, where each step goes down to
// the same column or one column left or right:
//   cost[0][j] = wall[0][j]
//   cost[r][j] = wall[r][j] + min(cost[r-1][j-1], cost[r-1][j], cost[r-1][j+1])
// One launch computes one row r from the previous one (prev -> next); the
// host launches rows 1 .. rows-1 in order, swapping prev and next.
// Dynamic shared memory: launch with (blockDim.x + 2) * 4 bytes.
//
// Memory behaviour: every value of the previous row is needed by three
// threads. The block loads its segment of prev into shared memory once
// (coalesced), plus one halo value on each side loaded by the first and
// last thread, then reads the three candidates from shared memory
// (consecutive words: no bank conflicts). Between launches, rows flow through
// L2/DRAM; the next launch cannot start a row before the previous one ends.
#include <climits>

__device__ int min3(int a, int b, int c)
{
    return min(a, min(b, c));
}

extern "C" __global__ void pathfinder_row(int cols, int r, const int *wall,
                                          const int *prev, int *next)
{
    extern __shared__ int s[];            // blockDim.x + 2 ints
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int t = threadIdx.x + 1;

    // Positions outside the grid hold INT_MAX so min() never picks them.
    s[t] = j < cols ? prev[j] : INT_MAX;
    if (threadIdx.x == 0)
        s[0] = (j > 0 && j - 1 < cols) ? prev[j - 1] : INT_MAX;
    if (threadIdx.x == blockDim.x - 1)
        s[t + 1] = j + 1 < cols ? prev[j + 1] : INT_MAX;
    __syncthreads();

    if (j < cols)
        next[j] = wall[r * cols + j] + min3(s[t - 1], s[t], s[t + 1]);
}
