// matrixmul: C = A * B (single precision, row-major), the tiled kernel of the
// CUDA SDK's matrixMul sample: A is hA x wA, B is wA x wB, C is hA x wB.
//
// Launch shape: blocks of BLOCK_SIZE x BLOCK_SIZE = 16 x 16 threads, grid
// (wB / 16, hA / 16); one output element per thread. For each 16-wide step
// along k the CTA loads a 16 x 16 tile of A and one of B into shared memory
// (one element of each per thread, coalesced rows), synchronises, and every
// thread accumulates the dot product of its row of As with its column of Bs.
// All dimensions must be multiples of 16.
//
// Memory behaviour: each element of A and B is fetched from global memory by
// wB / 16 (resp. hA / 16) CTAs, so L1/L2 reuse across CTAs matters; inside a
// CTA everything comes from shared memory: As[ty][k] is a broadcast within a
// warp (half-warps share ty), Bs[k][tx] a conflict-free row. Two barriers per
// tile step.
#define BLOCK_SIZE 16

extern "C" __global__ void matrixmul(float *C, const float *A, const float *B, int wA, int wB)
{
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int aBegin = wA * BLOCK_SIZE * by;        // first tile of A for this CTA
    int aEnd = aBegin + wA - 1;
    int aStep = BLOCK_SIZE;
    int bBegin = BLOCK_SIZE * bx;             // first tile of B
    int bStep = BLOCK_SIZE * wB;

    float csub = 0.0f;
    for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; ++k)
            csub += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[wB * BLOCK_SIZE * by + BLOCK_SIZE * bx + wB * ty + tx] = csub;
}
