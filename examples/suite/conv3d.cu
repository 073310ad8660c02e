// conv3d (PolyBench/GPU 3DCONV): a 3-D stencil over an NI x NJ x NK float
// volume (k fastest), on the interior points, with PolyBench's 15 taps:
// planes i-1 and i+1 at (j-1, k-1) with three coefficients each (the same
// point three times, as the benchmark writes it), the centre plane at
// (j-1, k), (j, k), (j+1, k), and planes i-1 and i+1 at (j-1, k+1), (j, k+1),
// (j+1, k+1).
//
// Launch (the benchmark's): one launch per interior plane i (NI - 2 launches),
// each on blocks of 32 x 8 threads, grid (NK / 32, NJ / 8); thread (x, y)
// computes point (i, j = y, k = x).
//
// Reads touch three planes, NJ * NK * 4 bytes apart, and three rows of
// each; the next launch (plane i + 1) re-reads two of the three planes,
// which an L1 or L2 may still hold.
extern "C" __global__ void conv3d(int ni, int nj, int nk, const float *a, float *b, int i)
{
    const float c11 = +2.0f, c21 = +5.0f, c31 = -8.0f;
    const float c12 = -3.0f, c22 = +6.0f, c32 = -9.0f;
    const float c13 = +4.0f, c23 = +7.0f, c33 = +10.0f;
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i > 0 && i < ni - 1 && j > 0 && j < nj - 1 && k > 0 && k < nk - 1) {
        int plane = nj * nk;
        const float *p = a + i * plane + j * nk + k;    // the centre point
        const float *lo = p - plane, *hi = p + plane;  // planes i-1 and i+1
        b[i * plane + j * nk + k] =
              c11 * lo[-nk - 1] + c13 * hi[-nk - 1]
            + c21 * lo[-nk - 1] + c23 * hi[-nk - 1]
            + c31 * lo[-nk - 1] + c33 * hi[-nk - 1]
            + c12 * p[-nk] + c22 * p[0] + c32 * p[nk]
            + c11 * lo[-nk + 1] + c13 * hi[-nk + 1]
            + c21 * lo[1] + c23 * hi[1]
            + c31 * lo[nk + 1] + c33 * hi[nk + 1];
    }
}
