// mvt: two matrix-vector products in double precision on an N x N row-major
// matrix A (f64):
//   x1 = x1 + A y1      mvt_x1: one thread per row i
//   x2 = x2 + A^T y2    mvt_x2: one thread per column i
//
// Memory behaviour: 8-byte elements, so a warp's coalesced access (mvt_x2,
// lane k reads A[j][i+k]) is 256 bytes: two 128-byte lines per warp load.
// mvt_x1 reads A[i+k][j] across lanes: 32 lines per warp load, a stride of
// 8 * N bytes, and because each line holds only 16 doubles the strided
// kernel gets half the reuse per line that a float kernel would.
// All arithmetic is fma.rn.f64.
extern "C" __global__ void mvt_x1(int N, const double *A, const double *y1, double *x1)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        double acc = x1[i];
        for (int j = 0; j < N; j++)
            acc += A[i * N + j] * y1[j];
        x1[i] = acc;
    }
}

extern "C" __global__ void mvt_x2(int N, const double *A, const double *y2, double *x2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        double acc = x2[i];
        for (int j = 0; j < N; j++)
            acc += A[j * N + i] * y2[j];
        x2[i] = acc;
    }
}
