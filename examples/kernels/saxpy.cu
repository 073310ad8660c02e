// saxpy: y[i] = a * x[i] + y[i] for i < n (single-precision "a times x plus y").
//
// Memory behaviour: the textbook coalesced stream. Lane k of a warp touches
// element base+k, so one warp load of x (or y) is 32 consecutive floats, i.e.
// exactly one 128-byte L1 line. Every byte is used once: there is no reuse,
// the L1 hit rate stays near zero and the kernel is bandwidth-bound. The last
// block is only partly inside the array, so its tail warp runs with a partial
// active mask (the i < n guard).
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];   // nvcc fuses this into one fma.rn.f32
}
