// lud (Rodinia "lud"): in-place LU decomposition without pivoting of an
// n x n row-major float matrix (n a multiple of 16), blocked by 16 x 16
// tiles: A = L U with L unit lower triangular (below the diagonal) and U
// upper triangular (on and above it).
//
// Launch shape (as the benchmark): for each diagonal tile at offset
// k = 0, 16, .. n-32 the host launches
//   lud_diagonal   1 block of 16 threads: factors the diagonal tile in
//                  shared memory (thread tx owns column tx / row tx);
//   lud_perimeter  (n-k)/16 - 1 blocks of 32 threads: block b solves the
//                  tile to the right of the diagonal tile (row panel,
//                  threads 0..15, forward substitution with L) and the tile
//                  below it (column panel, threads 16..31, with U);
//   lud_internal   ((n-k)/16 - 1)^2 blocks of 16 x 16: every trailing tile
//                  subtracts the product of its row- and column-panel tiles
//                  (16 multiply-adds per thread from shared memory);
// and finally lud_diagonal on the last tile: 3 (n/16 - 1) + 1 launches,
// with grids shrinking quadratically.
//
// Memory behaviour: the internal kernel dominates (coalesced 64-byte tile
// rows, two shared tiles, a broadcast and a conflict-free operand per
// multiply-add); the diagonal and perimeter kernels are tiny grids of
// half- and single-warp blocks with long dependent chains, divisions and
// strided shared accesses (column walks of 16-float rows: bank conflicts),
// so the machine idles between the internal launches.
#define BS 16

extern "C" __global__ void lud_diagonal(float *m, int n, int offset)
{
    __shared__ float shadow[BS][BS];
    int tx = threadIdx.x;
    int base = offset * n + offset;
    for (int i = 0; i < BS; i++)
        shadow[i][tx] = m[base + i * n + tx];
    __syncthreads();

    for (int i = 0; i < BS - 1; i++) {
        if (tx > i) {                              // column i of L, row tx
            for (int j = 0; j < i; j++)
                shadow[tx][i] -= shadow[tx][j] * shadow[j][i];
            shadow[tx][i] /= shadow[i][i];
        }
        __syncthreads();
        if (tx > i) {                              // row i+1 of U, column tx
            for (int j = 0; j < i + 1; j++)
                shadow[i + 1][tx] -= shadow[i + 1][j] * shadow[j][tx];
        }
        __syncthreads();
    }
    for (int i = 1; i < BS; i++)                    // row 0 is already U
        m[base + i * n + tx] = shadow[i][tx];
}

extern "C" __global__ void lud_perimeter(float *m, int n, int offset)
{
    __shared__ float dia[BS][BS];
    __shared__ float peri_row[BS][BS];
    __shared__ float peri_col[BS][BS];
    int tx = threadIdx.x;
    int b = blockIdx.x + 1;                         // tile index past the diagonal

    if (tx < BS) {                                  // top half of dia, the row tile
        int idx = tx;
        for (int i = 0; i < BS / 2; i++)
            dia[i][idx] = m[(offset + i) * n + offset + idx];
        for (int i = 0; i < BS; i++)
            peri_row[i][idx] = m[(offset + i) * n + offset + b * BS + idx];
    } else {                                        // bottom half of dia, the column tile
        int idx = tx - BS;
        for (int i = BS / 2; i < BS; i++)
            dia[i][idx] = m[(offset + i) * n + offset + idx];
        for (int i = 0; i < BS; i++)
            peri_col[i][idx] = m[(offset + b * BS + i) * n + offset + idx];
    }
    __syncthreads();

    if (tx < BS) {                                  // U of the row tile: L x = a
        int idx = tx;
        for (int i = 1; i < BS; i++)
            for (int j = 0; j < i; j++)
                peri_row[i][idx] -= dia[i][j] * peri_row[j][idx];
    } else {                                        // L of the column tile: x U = a
        int idx = tx - BS;
        for (int i = 0; i < BS; i++) {
            for (int j = 0; j < i; j++)
                peri_col[idx][i] -= peri_col[idx][j] * dia[j][i];
            peri_col[idx][i] /= dia[i][i];
        }
    }
    __syncthreads();

    if (tx < BS) {
        int idx = tx;
        for (int i = 1; i < BS; i++)
            m[(offset + i) * n + offset + b * BS + idx] = peri_row[i][idx];
    } else {
        int idx = tx - BS;
        for (int i = 0; i < BS; i++)
            m[(offset + b * BS + i) * n + offset + idx] = peri_col[i][idx];
    }
}

extern "C" __global__ void lud_internal(float *m, int n, int offset)
{
    __shared__ float peri_row[BS][BS];
    __shared__ float peri_col[BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row0 = offset + (blockIdx.y + 1) * BS;
    int col0 = offset + (blockIdx.x + 1) * BS;

    peri_row[ty][tx] = m[(offset + ty) * n + col0 + tx];
    peri_col[ty][tx] = m[(row0 + ty) * n + offset + tx];
    __syncthreads();

    float sum = 0.0f;
    for (int i = 0; i < BS; i++)
        sum += peri_col[ty][i] * peri_row[i][tx];
    m[(row0 + ty) * n + col0 + tx] -= sum;
}
