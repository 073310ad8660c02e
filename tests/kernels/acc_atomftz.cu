// Acceptance kernel: float atomicAdd with subnormal operands. nvcc emits
// atom.global.add.f32 / atom.shared.add.f32 without .noftz; the PTX ISA
// (atom, "Floating-point operations") says that form flushes subnormal
// inputs and results to sign-preserving zero on global memory, and keeps
// subnormals on shared memory.
extern "C" __global__ void atom_ftz(float *g, float *olds, float *s_out, float v, float w)
{
    __shared__ float s;
    int t = threadIdx.x;
    if (t == 0)
        s = 0.0f;
    __syncthreads();
    olds[blockIdx.x * blockDim.x + t] = atomicAdd(&g[0], v);   // subnormal input: flushed
    atomicAdd(&s, v);                                          // shared: kept
    if (blockIdx.x == 0 && t == 0)
        olds[gridDim.x * blockDim.x] = atomicAdd(&g[1], w);    // normal + normal = subnormal: flushed
    __syncthreads();
    if (t == 0)
        s_out[blockIdx.x] = s;
}
