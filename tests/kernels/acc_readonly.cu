// Acceptance kernels: read-only data paths and module-scope variables.
//  - const __restrict__ pointers (ld.global.nc), __ldg on scalars and
//    vectors (ld.global.nc.v4.f32, .v2.f64)
//  - __constant__ arrays with static initialisers read at data-dependent
//    indices (ld.const), a __constant__ struct and double table, a polynomial
//    evaluated from constant coefficients
//  - initialised __device__ globals (.global with an initialiser), a
//    __device__ counter updated by one launch and read by the next (module
//    globals persist between launches of the same module)

struct Coefs {
    float scale;
    int bias;
    short tag[4];
};

__constant__ int c_lut[64] = {
    7, -3, 12, 99, -100, 0, 5, 8, 2147483647, -2147483647 - 1, 1, 2, 3, 4, 5, 6,
    17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79,
    -1, -2, -4, -8, -16, -32, -64, -128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768,
    1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000, 13000, 14000, 15000, 16000};
__constant__ float c_poly[5] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f};
__constant__ double c_dtab[4] = {0.1, -2.5, 3.0e10, 1.0 / 3.0};
__constant__ Coefs c_coefs = {0.75f, -42, {1, -2, 300, -32768}};

__device__ int g_table[8] = {11, 22, 33, 44, 55, 66, 77, 88};
__device__ unsigned g_counter = 5;
__device__ float g_scale = 2.5f;

extern "C" __global__ void ro_restrict(const float *__restrict__ x, const int *__restrict__ idx,
                                       const float4 *__restrict__ v4, const double2 *__restrict__ d2,
                                       float *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int j = idx[i];                      // gather through a read-only index
    float a = x[j] + x[i];
    float4 q = __ldg(&v4[i]);
    double2 d = __ldg(&d2[i]);
    out[4 * i + 0] = a;
    out[4 * i + 1] = q.x * q.w - q.y;    // nvcc 13 keeps mul.f32 + sub.f32 here
    out[4 * i + 2] = (float)(d.x - d.y);
    out[4 * i + 3] = __ldg(&x[(i * 7) % n]);
}

extern "C" __global__ void ro_constant(const int *in, int *iout, float *fout, double *dout, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    int k = v & 63;
    iout[3 * i + 0] = c_lut[k] + c_lut[(k * 5 + 3) & 63];
    iout[3 * i + 1] = c_coefs.bias * (v & 15) + c_coefs.tag[v & 3];
    iout[3 * i + 2] = g_table[v & 7] + (int)g_counter;
    float t = (float)(v % 100) * 0.03125f;
    float p = c_poly[4];
    for (int m = 3; m >= 0; --m)
        p = p * t + c_poly[m];           // Horner: fma.rn.f32 chain
    fout[2 * i + 0] = p;
    fout[2 * i + 1] = c_coefs.scale * g_scale * (float)(v & 255);
    dout[i] = c_dtab[v & 3] * (double)(v >> 6);
}

// One launch bumps the module's __device__ counter and table...
extern "C" __global__ void ro_bump(int by)
{
    if (blockIdx.x == 0 && threadIdx.x < 8)
        g_table[threadIdx.x] += by * (int)threadIdx.x;
    if (threadIdx.x == 0)
        atomicAdd(&g_counter, 1u);
}

// ...and a later launch reads them back.
extern "C" __global__ void ro_readback(int *out)
{
    int t = threadIdx.x;
    if (t < 8)
        out[t] = g_table[t];
    if (t == 8)
        out[8] = (int)g_counter;
}
