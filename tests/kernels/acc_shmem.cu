// Acceptance kernels: shared-memory tiles and barriers.
//  - shm_transpose: static 2D tile with padding, 2D grid and 2D blocks,
//    ragged edges (matrix not a multiple of the tile).
//  - shm_matmul_dyn: two tiles carved out of one dynamic shared array
//    (extern __shared__) whose size and tile width come from the launch.
//  - shm_reduce_dyn: dynamic shared array of doubles, tree reduction with
//    __syncthreads, then a warp-synchronous tail over volatile shared memory
//    separated by __syncwarp.
//  - shm_mixed_types: one dynamic byte array reinterpreted as int, short and
//    double regions; a rotate-by-one through shared memory, repeated in a loop
//    with barriers on both sides (ping-pong).
#define TILE 32
#define ROWS 8

extern "C" __global__ void shm_transpose(const float *in, float *out, int width, int height)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < width && y + j < height)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < height && y + j < width)
            out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern __shared__ float dyn_f[];

// C[M x N] = A[M x K] * B[K x N]; block = (T, T), shared = 2*T*T*4 bytes.
extern "C" __global__ void shm_matmul_dyn(const float *A, const float *B, float *C,
                                          int M, int N, int K)
{
    int T = blockDim.x;
    float *As = dyn_f;
    float *Bs = dyn_f + T * T;
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty;
    int col = blockIdx.x * T + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T) {
        As[ty * T + tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f;
        Bs[ty * T + tx] = (col < N && k0 + ty < K) ? B[(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < T; ++k)
            acc += As[ty * T + k] * Bs[k * T + tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

// Sum of in[] per block into out[blockIdx.x]; blockDim.x is a power of two
// >= 64; shared = blockDim.x * 8 bytes.
extern "C" __global__ void shm_reduce_dyn(const double *in, double *out, int n)
{
    extern __shared__ double sd[];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x * 2 + t;
    double v = 0.0;
    if (i < (unsigned)n)
        v = in[i];
    if (i + blockDim.x < (unsigned)n)
        v += in[i + blockDim.x];
    sd[t] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (t < s)
            sd[t] += sd[t + s];
        __syncthreads();
    }
    if (t < 32) {
        volatile double *vs = sd;
        for (unsigned s = 32; s > 0; s >>= 1) {
            double o = vs[t + s];
            __syncwarp();
            vs[t] += o;
            __syncwarp();
        }
    }
    if (t == 0)
        out[blockIdx.x] = sd[0];
}

// Shared layout (bytes): [0, 4*nt) ints, [4*nt, 6*nt) shorts,
// [align8(6*nt), +8*nt) doubles. nt = blockDim.x.
extern "C" __global__ void shm_mixed_types(const int *in, int *out_i, short *out_s,
                                           double *out_d, int rounds)
{
    extern __shared__ __align__(16) unsigned char smem[];
    int nt = blockDim.x;
    int t = threadIdx.x;
    int *si = (int *)smem;
    short *ss = (short *)(smem + 4 * nt);
    double *sdd = (double *)(smem + ((6 * nt + 7) & ~7));
    int g = blockIdx.x * nt + t;
    int v = in[g];
    si[t] = v;
    ss[t] = (short)(v * 7);
    sdd[t] = (double)v * 0.5;
    for (int r = 0; r < rounds; ++r) {
        __syncthreads();
        int a = si[(t + 1) % nt];
        short b = ss[(t + nt - 1) % nt];
        double c = sdd[(t + 3) % nt];
        __syncthreads();
        si[t] = a + r;
        ss[t] = (short)(b - 1);
        sdd[t] = c + 0.25;
    }
    __syncthreads();
    out_i[g] = si[t];
    out_s[g] = ss[t];
    out_d[g] = sdd[t];
}

// Static and dynamic shared memory in the same kernel: the dynamic array
// must not overlap the static ones. shared = blockDim.x * 12 bytes
// (an int and a double per thread).
extern "C" __global__ void shm_static_dyn(const int *in, int *out, double *dout)
{
    __shared__ int stat_a[64];
    __shared__ double stat_b[8];
    extern __shared__ __align__(8) unsigned char dyn[];
    int t = threadIdx.x;
    int nt = blockDim.x;
    int *di = (int *)dyn;
    double *dd = (double *)(dyn + 4 * ((nt + 1) & ~1));
    int g = blockIdx.x * nt + t;
    int v = in[g];
    if (t < 64)
        stat_a[t] = -v;
    if (t < 8)
        stat_b[t] = 0.5 * t;
    di[t] = v * 3;
    dd[t] = (double)v * 0.25;
    __syncthreads();
    int a = stat_a[t & 63];
    double b = stat_b[t & 7];
    int c = di[nt - 1 - t];
    double d = dd[(t + 1) % nt];
    out[2 * g + 0] = a + c;
    out[2 * g + 1] = c;
    dout[g] = b + d;
}
