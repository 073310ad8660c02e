// saxpy: y[i] = a * x[i] + y[i], one element per thread, blocks of 256.
//
// Stands for the SAXPY of the CUDA SDK / cuBLAS level-1 examples, the
// streaming workload of the tinyCache paper's benchmark list (8 MB arrays),
// which the paper names as the design's bad case.
//
// Launch shape: grid = ceil(n / 256) CTAs of 256 threads, one element each
// (paper size: n = 2^21, 8 MB per array, 8192 CTAs).
//
// Memory behaviour: a pure coalesced stream with no reuse. Each warp load of
// x or y is one 128-byte line, each line is touched once by one warp (load x,
// load y, store y), so L1 hits are impossible and the kernel is bound by DRAM
// bandwidth; per-thread work is two loads, one fma and one store.
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];   // one fma.rn.f32
}
