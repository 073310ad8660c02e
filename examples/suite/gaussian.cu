// gaussian (Rodinia "gaussian"): forward elimination of a linear system
// A x = b (n x n, row-major float, no pivoting), one column t at a time,
// two launches per column:
//
//   gaussian_fan1: one thread per row r below t:
//     m[r][t] = a[r][t] / a[t][t]                  (the multipliers)
//   gaussian_fan2: one thread per element (r, c) of the trailing
//     (n-1-t) x (n-t) block, rows r = t+1+x and columns c = t+y:
//     a[r][c] -= m[r][t] * a[t][c]
//     and the threads of column t also update b[r] -= m[r][t] * b[t].
//
// The host runs t = 0 .. n-2 and then solves U x = b by back substitution
// on the CPU, as the benchmark.
//
// Launch shape (as the benchmark): fan1 in blocks of 512 threads,
// ceil(n / 512) blocks; fan2 in blocks of 4 x 4 threads over a
// ceil(n / 4) x ceil(n / 4) grid, the full grid at every step (threads
// outside the shrinking trailing block return at once). Note the mapping:
// threadIdx.x walks rows, threadIdx.y columns, so a 16-thread block (half a
// warp) touches 4 rows x 4 consecutive floats: four 16-byte pieces of four
// lines per access, poorly coalesced, and each half-warp CTA is its own
// scheduling unit (the 8-CTA limit caps an SM at 8 half-empty warps).
#define FAN1_BLOCK 512

extern "C" __global__ void gaussian_fan1(float *m, const float *a, int n, int t)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= n - 1 - t)
        return;
    int r = x + t + 1;
    m[n * r + t] = a[n * r + t] / a[n * t + t];
}

extern "C" __global__ void gaussian_fan2(const float *m, float *a, float *b, int n, int t)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n - 1 - t)
        return;
    if (y >= n - t)
        return;
    int r = x + 1 + t, c = y + t;
    a[n * r + c] -= m[n * r + t] * a[n * t + c];
    if (y == 0)
        b[r] -= m[n * r + c] * b[t];
}
