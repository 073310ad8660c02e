// hotspot: one explicit time step of a thermal simulation of a chip on a
// rows x cols grid (float). Each cell exchanges heat with its four
// neighbours, gains its power dissipation and leaks to the ambient:
//   d   = power + (N + S - 2T) * ry_inv + (E + W - 2T) * rx_inv + (amb - T) * rz_inv
//   T'  = T + step_cap * d
// Cells on the chip edge use their own temperature for the missing
// neighbour (an insulated border). The host runs several steps, swapping
// the tin/tout buffers between launches (ping-pong). Launch with
// blockDim = (16, 16).
//
// Memory behaviour: each block stages its 16 x 16 cells plus a one-cell halo
// (18 x 18) in shared memory: every thread loads its own cell, the threads on
// the block edge also load the halo cell beyond them (divergent branches),
// then after __syncthreads all five stencil reads come from shared memory.
// Out-of-grid threads clamp their coordinates onto the last row/column, which
// makes the clamped halo consistent at ragged edges.
#define BS 16

extern "C" __global__ void hotspot_step(int rows, int cols, const float *power,
                                        const float *tin, float *tout,
                                        float step_cap, float rx_inv, float ry_inv,
                                        float rz_inv, float amb)
{
    __shared__ float t[BS + 2][BS + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int c = blockIdx.x * BS + tx;
    int r = blockIdx.y * BS + ty;
    int rc = min(r, rows - 1);   // clamped coordinates
    int cc = min(c, cols - 1);

    t[ty + 1][tx + 1] = tin[rc * cols + cc];
    if (tx == 0)
        t[ty + 1][0] = tin[rc * cols + max(cc - 1, 0)];
    if (tx == BS - 1)
        t[ty + 1][BS + 1] = tin[rc * cols + min(cc + 1, cols - 1)];
    if (ty == 0)
        t[0][tx + 1] = tin[max(rc - 1, 0) * cols + cc];
    if (ty == BS - 1)
        t[BS + 1][tx + 1] = tin[min(rc + 1, rows - 1) * cols + cc];
    __syncthreads();

    if (r < rows && c < cols) {
        float T = t[ty + 1][tx + 1];
        float n = t[ty][tx + 1], s = t[ty + 2][tx + 1];
        float w = t[ty + 1][tx], e = t[ty + 1][tx + 2];
        float d = power[r * cols + c]
                + (n + s - 2.0f * T) * ry_inv
                + (e + w - 2.0f * T) * rx_inv
                + (amb - T) * rz_inv;
        tout[r * cols + c] = T + step_cap * d;
    }
}
