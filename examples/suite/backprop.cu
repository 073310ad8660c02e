// backprop (Rodinia "backprop"): one training step of a two-layer neural
// network with n inputs and 16 hidden units, the input layer on the GPU.
// Weights are an (n+1) x 17 row-major array (row 0 and column 0 are the
// bias), so a weight row is 17 floats: rows do not start on a 64-byte
// boundary and a warp's two 16-float row segments straddle lines.
//
// Kernel 1, backprop_forward: grid (1, n/16) of 16 x 16 blocks. Block by
// covers inputs 16*by+1 .. 16*by+16; thread (tx, ty) multiplies weight
// [16*by+ty+1][tx+1] by input[16*by+ty+1] (thread tx == 0 of each row
// stages that input in shared memory), then the 16 x 16 products are
// summed down the columns in a shared-memory tree (ty % 2^i == 0 adds the
// row 2^(i-1) below, four levels, a barrier each), and thread (0, ty)
// writes the block's partial sum of hidden unit ty+1. The host adds the
// n/16 partial sums and the bias, squashes, and runs the 16 -> 1 output
// layer and the error terms (tiny, on the CPU in the benchmark too).
// (The benchmark also stores its summation tile back over the weights
// before the second kernel reads them; that store is left out here, so the
// second kernel adjusts the real weights.)
//
// Kernel 2, backprop_adjust: the same grid; thread (tx, ty) updates weight
// [16*by+ty+1][tx+1] with
//   dw = ETA * delta[tx+1] * input[16*by+ty+1] + MOMENTUM * old[...]
//   w += dw; old = dw
// and the threads of row 0 of block 0 update the bias row the same way
// (input 1). Both kernels are memory bound: every weight is read and
// written once, the 17-float pitch costs extra transactions, and kernel 1's
// reduction tree leaves more threads idle at every level (divergence).
#define HEIGHT 16
#define WIDTH 16
#define ETA 0.3f
#define MOMENTUM 0.3f

extern "C" __global__ void backprop_forward(const float *input, const float *weights,
                                            float *partial, int hid)
{
    __shared__ float input_node[HEIGHT];
    __shared__ float weight_matrix[HEIGHT][WIDTH];
    int by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = HEIGHT * by + ty + 1;                 // input unit of this thread
    int index = (hid + 1) * row + tx + 1;           // weight [row][tx+1]

    if (tx == 0)
        input_node[ty] = input[row];
    __syncthreads();
    weight_matrix[ty][tx] = weights[index];
    __syncthreads();
    weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
    __syncthreads();
    for (int i = 1; (1 << i) <= HEIGHT; i++) {
        int power_two = 1 << i;
        if (ty % power_two == 0)
            weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
        __syncthreads();
    }
    if (tx == 0)
        partial[by * hid + ty] = weight_matrix[tx][ty];
}

extern "C" __global__ void backprop_adjust(const float *delta, int hid, const float *ly,
                                           float *w, float *oldw)
{
    int by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = HEIGHT * by + ty + 1;
    int index = (hid + 1) * row + tx + 1;
    int index_x = tx + 1;

    float dw = ETA * delta[index_x] * ly[row] + MOMENTUM * oldw[index];
    w[index] += dw;
    oldw[index] = dw;
    __syncthreads();
    if (ty == 0 && by == 0) {
        float db = ETA * delta[index_x] + MOMENTUM * oldw[index_x];
        w[index_x] += db;
        oldw[index_x] = db;
    }
}
