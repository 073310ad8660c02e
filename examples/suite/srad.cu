// srad (Rodinia "srad", its second CUDA version): speckle-reducing
// anisotropic diffusion of a rows x cols image J (both multiples of 16).
// One iteration is two launches over 16 x 16 blocks, one thread per pixel:
//
//   srad_coeff: the four differences to the neighbours (N, S, W, E; an
//     edge pixel uses itself for the missing neighbour, so its difference
//     is 0), the normalised gradient and Laplacian, and the diffusion
//     coefficient
//       g2 = (dN^2 + dS^2 + dW^2 + dE^2) / J^2,  l = (dN + dS + dW + dE) / J
//       q2 = (g2/2 - l^2/16) / (1 + l/4)^2
//       c  = 1 / (1 + (q2 - q0sqr) / (q0sqr (1 + q0sqr))), clamped to [0, 1]
//     storing c and the four differences;
//   srad_update: J += lambda/4 * (c * dN + c_S * dS + c * dW + c_E * dE),
//     with c_S, c_E the coefficients of the pixels below and to the right
//     (the pixel's own at the image edge).
//
// q0sqr, the speckle scale, comes from the host: the variance over the
// squared mean of J in a region of interest, computed between iterations.
//
// Memory behaviour (the benchmark's structure): each block stages its
// 16 x 16 pixels in shared memory and every thread also loads the halo
// value of its column above and below the block and of its row left and
// right of it into 16 x 16 shared arrays (north, south, west, east): 16
// threads load the same word of the row above (a broadcast within the
// warp's line, repeated by the 8 warps: L1 hits), the west/east columns
// are one word per row (a 4-byte access per 128-byte line). The second
// kernel reads five float arrays plus J once each, coalesced, and the
// coefficient tiles of the block below and to the right. Edge blocks and
// the edge rows/columns of every block take other branches (divergence);
// three divisions per pixel (div.rn, long latency).
#define BS 16

// The halo of the block whose top-left pixel is `corner`: the row below it
// (its own last row at the image's bottom edge) and the column to its
// right (its own last column at the right edge), element tx / ty.
__device__ __forceinline__ float below(const float *a, int corner, int cols, int tx, bool edge)
{
    return edge ? a[corner + cols * (BS - 1) + tx] : a[corner + cols * BS + tx];
}

__device__ __forceinline__ float right(const float *a, int corner, int cols, int ty, bool edge)
{
    return edge ? a[corner + cols * ty + BS - 1] : a[corner + cols * ty + BS];
}

extern "C" __global__ void srad_coeff(float *dE, float *dW, float *dN, float *dS,
                                      const float *J, float *C, int cols, int rows,
                                      float q0sqr)
{
    __shared__ float temp[BS][BS];
    __shared__ float north[BS][BS], south[BS][BS];
    __shared__ float west[BS][BS], east[BS][BS];
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int corner = cols * BS * by + BS * bx;                // pixel (16 by, 16 bx)
    int index = corner + cols * ty + tx;

    // The row above and below the block (clamped at the image edge).
    north[ty][tx] = by == 0 ? J[BS * bx + tx] : J[corner - cols + tx];
    south[ty][tx] = below(J, corner, cols, tx, by == gridDim.y - 1);
    __syncthreads();
    // The column left and right of the block (clamped).
    west[ty][tx] = bx == 0 ? J[corner + cols * ty] : J[corner + cols * ty - 1];
    east[ty][tx] = right(J, corner, cols, ty, bx == gridDim.x - 1);
    __syncthreads();
    temp[ty][tx] = J[index];
    __syncthreads();

    float jc = temp[ty][tx];
    float n = (ty == 0 ? north[ty][tx] : temp[ty - 1][tx]) - jc;
    float s = (ty == BS - 1 ? south[ty][tx] : temp[ty + 1][tx]) - jc;
    float w = (tx == 0 ? west[ty][tx] : temp[ty][tx - 1]) - jc;
    float e = (tx == BS - 1 ? east[ty][tx] : temp[ty][tx + 1]) - jc;

    float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    float l = (n + s + w + e) / jc;
    float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
    float den = 1.0f + 0.25f * l;
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
    float c = 1.0f / (1.0f + den);
    c = c < 0.0f ? 0.0f : (c > 1.0f ? 1.0f : c);

    C[index] = c;
    dE[index] = e;
    dW[index] = w;
    dS[index] = s;
    dN[index] = n;
}

extern "C" __global__ void srad_update(const float *dE, const float *dW, const float *dN,
                                       const float *dS, float *J, const float *C,
                                       int cols, int rows, float lambda)
{
    __shared__ float south_c[BS][BS], east_c[BS][BS], c_tile[BS][BS], temp[BS][BS];
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int corner = cols * BS * by + BS * bx;
    int index = corner + cols * ty + tx;

    temp[ty][tx] = J[index];
    __syncthreads();
    south_c[ty][tx] = below(C, corner, cols, tx, by == gridDim.y - 1);
    __syncthreads();
    east_c[ty][tx] = right(C, corner, cols, ty, bx == gridDim.x - 1);
    __syncthreads();
    c_tile[ty][tx] = C[index];
    __syncthreads();

    float cc = c_tile[ty][tx];
    float cs = ty == BS - 1 ? south_c[ty][tx] : c_tile[ty + 1][tx];
    float ce = tx == BS - 1 ? east_c[ty][tx] : c_tile[ty][tx + 1];
    float d = cc * dN[index] + cs * dS[index] + cc * dW[index] + ce * dE[index];
    temp[ty][tx] = temp[ty][tx] + 0.25f * lambda * d;
    __syncthreads();
    J[index] = temp[ty][tx];
}
